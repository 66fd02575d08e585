"""Railways of the Lost Atlas: the hashed encoding with a block per kind of action.

Actions without arguments (``pass``, ``done``, ``agree``...) have one index each;
others hash their arguments into their own block, money amounts first put in bands of
10 (bids) or by powers of two (train prices) so that a few thousand possible prices of a
train offer become a few dozen first-level choices; the exact price is then chosen at
the environment's second level (:mod:`boardroom.rl.aec`), so every legal action can be
chosen. The observation is the view written by the shipped layout
(``rl/layouts/lost_atlas.json``, :mod:`boardroom.rl.layout`): every field its own place.
"""

from __future__ import annotations

from boardroom.rl.hashed import HashedEncoding, title_layout


def _band(word: str, width: int) -> str:
    return str(int(word) // width) if word.lstrip("-").isdigit() else word


def _log_band(word: str) -> str:
    return str(int(word).bit_length()) if word.isdigit() else word


def _train_key(words: list[str]) -> str:
    # "train 2 from overnight 422": train, seller, price band; "train 3" / "train 3 pool"
    if len(words) == 5 and words[2] == "from":
        return f"{words[1]} {words[3]} {_log_band(words[4])}"
    return " ".join(words[1:])


def _run_key(words: list[str]) -> str:
    return _band(words[1], 10) if len(words) > 1 else ""


BLOCKS = {
    "pass": 1, "done": 1, "agree": 1, "decline": 1, "issue": 1, "redeem": 1,
    "payout": 1, "withhold": 1, "accept": 1, "refuse": 1,
    "piece": 1024, "capital": 256, "filler": 256,
    "auction": 64, "bid": 64, "launch": 128, "sell": 128, "buy": 128,
    "lay": 2048, "run": 64, "train": 512, "force": 32, "liquidate": 32,
    "merge": 256, "major": 32, "vote": 4, "discard": 64, "conglomerate": 32,
}
KEYS = {
    "auction": lambda w: _band(w[1], 10) if len(w) > 1 else "",
    "bid": lambda w: _band(w[1], 10) if len(w) > 1 else "",
    "run": _run_key,
    "train": _train_key,
}


def make_encoding(title: str, players: int) -> HashedEncoding:
    return HashedEncoding(BLOCKS, default_block=128, blocks=4, keys=KEYS,
                          layout=title_layout(title))
