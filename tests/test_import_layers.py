"""The package's shape, checked by reading the imports (``ast``, nothing is imported).

* No import cycle inside the Lost Atlas title, and none between the ``bots`` modules.
* The rounds (``titles/lost_atlas/rounds/``, the flow among them) import no variant
  module and name no variant in their code (identifiers and strings; docstrings and
  comments may say which variant attaches where): the variants attach to the rounds'
  extension points (``rounds/points.py``), listed in ``variants/table.py``.
* The title's wiring (its top-level modules: ``title.py``, ``view.py``, ``state.py``,
  ``labels.py``...) imports no individual variant module, only the table of variants, and
  names no variant in its code either: the state keeps each variant's own state in one
  generic place (``variants``, keyed by the variant's name, declared by the variant).
* The board layer (``titles/lost_atlas/board/``) imports no round, variant, picture or
  wiring module.

Every import counts: at the top of a module, inside a function, or under
``if TYPE_CHECKING``. A package's implicit import of its parent does not.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
TITLE = "boardroom.titles.lost_atlas"
BOTS = "boardroom.bots"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted((SRC / "boardroom").rglob("*.py"))}


def imports_of(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` (at ``path``) imports."""
    known = set(known)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            found.add(source)
            found.update(f"{source}.{alias.name}" for alias in node.names)
    return {m for m in found if m in known and m != name}


def graph(prefix: str) -> dict[str, set[str]]:
    """Import edges between the modules under ``prefix``."""
    modules = {n: p for n, p in _modules().items() if n == prefix or n.startswith(prefix + ".")}
    return {n: imports_of(n, p, modules) for n, p in modules.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (as the list of modules, the first repeated last), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: finished
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state and (cycle := visit(start)) is not None:
            return cycle
    return None


def test_find_cycle_sees_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_imports_of_reads_every_form(tmp_path: Path) -> None:
    pkg = tmp_path / "p"
    pkg.mkdir()
    path = pkg / "m.py"
    path.write_text("import p.a\nfrom p import b\nfrom . import c\nfrom .d import X\n"
                    "def f():\n    from p.e import Y\n"
                    "if TYPE_CHECKING:\n    from p import g\n", encoding="utf-8")
    known = {f"p.{x}" for x in "abcdefg"}
    assert imports_of("p.m", path, known) == known - {"p.f"}


@pytest.mark.parametrize("prefix", [TITLE, BOTS])
def test_no_import_cycle(prefix: str) -> None:
    assert find_cycle(graph(prefix)) is None


def test_the_rounds_import_no_variant() -> None:
    edges = graph(TITLE)
    rounds = [m for m in edges if m.startswith(f"{TITLE}.rounds.")]
    assert len(rounds) >= 5
    for module in rounds:
        variants = sorted(m for m in edges[module] if m.startswith(f"{TITLE}.variants"))
        assert variants == [], f"{module} imports {variants}"


def test_the_board_imports_no_higher_layer() -> None:
    edges = graph(TITLE)
    higher = [f"{TITLE}.{layer}" for layer in ("rounds", "variants", "render", "state",
                                                 "title", "view")]
    board = [m for m in edges if m.startswith(f"{TITLE}.board.")]
    assert len(board) >= 5
    for module in board:
        wrong = sorted(m for m in edges[module]
                       if any(m == h or m.startswith(h + ".") for h in higher))
        assert wrong == [], f"{module} imports {wrong}"


def test_every_variant_module_is_in_the_table() -> None:
    from boardroom.titles.lost_atlas.variants import table

    folder = SRC / "boardroom/titles/lost_atlas/variants"  # a variant: a module or a package
    modules = ({p.stem for p in folder.glob("*.py")}
               | {p.parent.name for p in folder.glob("*/__init__.py")})
    assert {name for name, _ in table.VARIANTS} == modules - {"__init__", "table"}


# -- naming no variant --------------------------------------------------------------------------
def _words(text: str) -> list[str]:
    """The lower-case words of an identifier or a string (``bank_break``, ``BankBreak``
    and "Bank Break" all read ``bank``, ``break``)."""
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", text)]


VARIANT_NOUNS = {("hostile",), ("conglomerate",), ("metropolitan",), ("hq",), ("landmark",),
                 ("mania",), ("bank", "broken")}
"""Words naming a variant or one of its pieces that its module and option names do not
already say (the Solo Game's Conglomerate, the Landmarks' Metropolitan, a broken bank...)."""


def variant_phrases() -> set[tuple[str, ...]]:
    """Every variant's name (the table's names, the options the variants add) as words."""
    from boardroom.titles.lost_atlas.rounds.points import POINTS
    from boardroom.titles.lost_atlas.variants import table

    table.install()
    names = {name for name, _ in table.VARIANTS} | set(POINTS.options)
    return {tuple(_words(name)) for name in names} | VARIANT_NOUNS


def variants_named(path: Path, phrases: set[tuple[str, ...]]) -> list[str]:
    """``line: text`` for every identifier or string in the code of ``path`` whose words
    contain one of ``phrases``. Docstrings (a string standing alone as a statement) and
    comments are documentation and are not read."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            texts = [node.name]
        elif isinstance(node, ast.arg) or (isinstance(node, ast.keyword) and node.arg):
            texts = [node.arg]
        elif isinstance(node, ast.alias):
            texts = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            texts = [node.module or ""]
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docs):
            texts = [node.value]
        for text in texts:
            words = _words(text)
            for phrase in phrases:
                n = len(phrase)
                if any(tuple(words[i:i + n]) == phrase for i in range(len(words) - n + 1)):
                    found.append(f"{getattr(node, 'lineno', '?')}: {text}")
    return sorted(set(found))


def test_variants_named_reads_code_not_documentation(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text('''"""The Hostile Mergers variant attaches here."""
# the Solo Game's Conglomerate
from p.variants import solo
def f(hq=None):
    """Bank Break's reserve."""
    x.bank_break = 1
    return f"{x} Merger Mania!"
class HostileVote:
    pass
''', encoding="utf-8")
    phrases = {("solo",), ("hq",), ("bank", "break"), ("merger", "mania"), ("hostile",)}
    assert [line.split(":")[0] for line in variants_named(path, phrases)] == [
        "3", "4", "6", "7", "8"]


def _wiring() -> list[str]:
    """The title's own top-level modules (``title``, ``view``, ``state``, ``labels``...)."""
    top = sorted(m for m in graph(TITLE) if m.count(".") == TITLE.count(".") + 1
                 and not (SRC / Path(*m.split("."))).is_dir())
    assert {f"{TITLE}.title", f"{TITLE}.view", f"{TITLE}.state"} <= set(top)
    return top


def _wiring_and_rounds() -> list[str]:
    edges = graph(TITLE)
    rounds = sorted(m for m in edges if m.startswith(f"{TITLE}.rounds."))
    assert f"{TITLE}.rounds.flow" in rounds and len(rounds) >= 5
    return [*rounds, *_wiring()]


def test_the_rounds_and_the_wiring_name_no_variant() -> None:
    phrases = variant_phrases()
    modules = _modules()
    named = {m: variants_named(modules[m], phrases) for m in _wiring_and_rounds()}
    assert {m: found for m, found in named.items() if found} == {}


def test_the_wiring_imports_only_the_table_of_variants() -> None:
    edges = graph(TITLE)
    allowed = {f"{TITLE}.variants", f"{TITLE}.variants.table"}
    for module in _wiring():
        variants = sorted(m for m in edges[module]
                          if m.startswith(f"{TITLE}.variants") and m not in allowed)
        assert variants == [], f"{module} imports {variants}"


def test_each_variant_state_is_declared_under_its_variants_name() -> None:
    """The keys of ``state.variants`` (and ``Corp.variants``) are names from the table of
    variants, and the module of that name keys its state by it (its ``VARIANT``)."""
    import importlib

    from boardroom.titles.lost_atlas.state import VARIANT_STATE
    from boardroom.titles.lost_atlas.variants import table

    table.install()
    names = {name for name, _ in table.VARIANTS}
    assert set(VARIANT_STATE) <= names
    assert {"solo", "bank_break", "headquarters", "landmarks"} <= set(VARIANT_STATE)
    for name in VARIANT_STATE:
        module = importlib.import_module(f"{TITLE}.variants.{name}")
        assert name == module.VARIANT, f"{module.__name__} keys its state by {name!r}"
