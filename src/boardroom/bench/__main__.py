"""``python -m boardroom.bench TITLE WHAT``: the same as ``boardroom bench``."""

import sys

from boardroom.bench import main

if __name__ == "__main__":
    sys.exit(main())
