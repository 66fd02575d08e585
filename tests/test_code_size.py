"""Rooms a newcomer can hold in their head (issue 32): no module of ``titles/`` over
about 600 lines and no function over about 80 lines outside ``routing/`` (whose branch and
bound is kept node for node equal to its compiled twin, ``routing/_bnb.c``), except the
ones listed here, each with its reason. Read from the source (``ast``), nothing imported.

An exception that no longer needs its place fails too, so the list only shrinks."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "boardroom"
MODULE_LINES = 600
FUNCTION_LINES = 80

LONG_MODULES: dict[str, str] = {
    "titles/lost_atlas/board/components.py":
        "the component reader (_Reader) turns the pydantic models into a second set of "
        "dataclasses; issue 32 item 1 (one component model) is still to do",
    "titles/lost_atlas/board/mapbuild.py":
        "map building and the placement rules of the pieces; not yet split",
    "titles/lost_atlas/board/track_laying.py":
        "the lay rules and their listing, kept together for the lay-listing speed work "
        "(docs/engine-speed.md); not yet split",
    "titles/lost_atlas/rounds/merger_round.py": "the Merger Round; not yet split",
    "titles/lost_atlas/variants/solo.py":
        "the Solo Game's Conglomerate plays whole turns of every round; not yet split",
}
"""Modules of ``titles/`` over :data:`MODULE_LINES` lines, by path under the package."""

LONG_FUNCTIONS: dict[str, str] = {
    "bench/lost_atlas_routes.py::run_corpus": "the route corpus benchmark's one loop",
    "bench/web_table.py::main": "the browser-table benchmark's script",
    "map/track.py::TraceSearch._steps":
        "the trace search's inner loop, measured by count-clone-instructions",
    "server/migrations/versions/r0003_accounts.py::upgrade":
        "a migration: the accounts' tables, one create_table after another",
    "server/store.py::GameStore.act":
        "one action's transaction (check, apply, keys, the lapsed take-back, the write); "
        "goes with store.py's split by job (issue 32 item 4, not done yet)",
    "workbench/report.py::render_page":
        "the report page's HTML, section after section (turn position first)",
    "server/app.py::add_routes":
        "the server's route table (the server is being changed by others this session)",
    "titles/lost_atlas/board/components.py::_Reader.mode":
        "a game mode's component check; goes with item 1's single component model",
    "titles/lost_atlas/board/mapfile.py::build": "a map file's build, one check after another",
    "titles/lost_atlas/board/routes.py::build_network":
        "the board as a routing problem, on every route search's path",
    "titles/lost_atlas/board/routes.py::submitted_revenue":
        "the tile walk that accepts a president's routes without a network",
    "web/route_plan.py::plan_routes": "the browser's route editor's plan, one case a step",
}
"""Functions over :data:`FUNCTION_LINES` lines outside ``routing/``, as ``path::name``."""


def long_modules(root: Path = PACKAGE) -> dict[str, int]:
    """The modules of ``titles/`` over :data:`MODULE_LINES` lines, with their lengths."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        where = path.relative_to(root).as_posix()
        if where.startswith("titles/") and lines > MODULE_LINES:
            out[where] = lines
    return out


def long_functions(root: Path = PACKAGE) -> dict[str, int]:
    """Functions and methods outside ``routing/`` over :data:`FUNCTION_LINES` lines
    (from ``def`` to the last line, docstring included), as ``path::Class.name``."""
    out: dict[str, int] = {}

    def visit(node: ast.AST, where: str, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                assert child.end_lineno is not None
                length = child.end_lineno - child.lineno + 1
                if length > FUNCTION_LINES:
                    out[f"{where}::{prefix}{child.name}"] = length
                visit(child, where, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, where, f"{prefix}{child.name}.")

    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        if not where.startswith("routing/"):
            visit(ast.parse(path.read_text(encoding="utf-8")), where, "")
    return out


def test_no_module_of_the_titles_is_long_but_the_listed() -> None:
    found = long_modules()
    unlisted = {m: n for m, n in found.items() if m not in LONG_MODULES}
    assert unlisted == {}, f"split these modules, or list them with a reason: {unlisted}"
    stale = sorted(set(LONG_MODULES) - set(found))
    assert stale == [], f"no longer long (remove from LONG_MODULES): {stale}"


def test_no_function_is_long_but_the_listed() -> None:
    found = long_functions()
    unlisted = {f: n for f, n in found.items() if f not in LONG_FUNCTIONS}
    assert unlisted == {}, f"split these functions, or list them with a reason: {unlisted}"
    stale = sorted(set(LONG_FUNCTIONS) - set(found))
    assert stale == [], f"no longer long (remove from LONG_FUNCTIONS): {stale}"


def test_the_measures_see_a_long_function_and_module(tmp_path: Path) -> None:
    """The readers count what they claim: a 601-line module of ``titles/``, a 90-line
    method found by its class, nothing in ``routing/`` and nothing short."""
    body = "\n".join(f"        x{i} = {i}" for i in range(88))
    source = f"class C:\n    def long(self) -> None:\n{body}\n\n\ndef short() -> None:\n    pass\n"
    for folder in ("titles", "routing", "bots"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "m.py").write_text(source, encoding="utf-8")
    (tmp_path / "titles" / "big.py").write_text("x = 1\n" * 601, encoding="utf-8")
    (tmp_path / "titles" / "fits.py").write_text("x = 1\n" * 600, encoding="utf-8")
    assert long_modules(tmp_path) == {"titles/big.py": 601}
    assert long_functions(tmp_path) == {"bots/m.py::C.long": 89, "titles/m.py::C.long": 89}
