"""Route rules a president's submitted routes (``run N via ...``) must keep, asked in an
Operating Round played through the title (rulebook "Operating Round", step 5 "Run
Trains"; "Company Details": Express, Resourceful):

* one route never uses a piece of track twice (``lost_atlas.route.track-reused``);
* two trains of a company never share a piece of track (``lost_atlas.route.track-shared``),
  though they may both include the same city;
* Express's extra stop with Resourceful's rusted train in one major: the code counts
  the rusted train as one of the company's trains (``operating_round._route_trains``,
  ``RouteProblem.capacity``), so a major holding a live train and a rusted one gets no
  extra stop, and one whose only train is a rusted one runs it with the extra stop.

Positions as in test_lost_atlas_abilities_game.py: a game started by the title on a
small exact board, minors launched by real auctions, a major made by a real Merger
Round; the trains a position needs are set by hand where said.
"""

from __future__ import annotations

from boardroom.titles.lost_atlas.board.operator import EXPRESS, RESOURCEFUL
from boardroom.titles.lost_atlas.rounds import operating_round as orr
from boardroom.titles.lost_atlas.rounds.operating import run as or_run
from boardroom.titles.lost_atlas.state import MAJOR, LostAtlasState
from lost_atlas_games import (
    TITLE,
    act,
    connect,
    finish_turn,
    give_trains,
    op,
    pass_until,
    refuse,
    seat_to_act,
)
from test_lost_atlas_abilities_game import (
    ANN,
    BOB,
    game,
    land,
    runs,
    south,
    to_merger,
    to_operating,
)


def line_minor() -> LostAtlasState:
    """Expansive's home (0,0) on a straight line with basic cities at (0,2) and (0,4),
    in its first Operating Round, at the run step with two 2-trains (the second set by
    hand)."""
    spec = land()
    spec.update({(0, 0): ("home", "expansive"), (0, 2): "city", (0, 4): "city"})
    state = game([(ANN, "expansive", 180)], spec, mode="short")
    connect(state, "expansive", range(0, 5))
    to_operating(state)
    assert op(state).company == "expansive"
    act(state, "train 2")
    give_trains(state, "expansive", "2")  # the position: a second 2-train
    pass_until(state, orr.RUN)
    return state


def accepted(state: LostAtlasState, text: str) -> None:
    assert TITLE.check(state, TITLE.parse(text), seat_to_act(state)) is None, text


# -- track reuse -----------------------------------------------------------------------------
def test_a_route_that_runs_back_over_its_own_track_is_refused() -> None:
    """Down from the home to (0,2) and back up the same track: the first piece used a
    second time (the stub of (0,2)) is refused as track-reused, before the home is
    reached twice."""
    state = line_minor()
    back = ">0,2:3>0,1:3>0,0"
    refuse(state, f"run 60 via {south(0, 2)}{back} none", "lost_atlas.route.track-reused")
    refuse(state, f"run 60 via {south(0, 2, 4)}>0,4:3>0,3:3>0,2 none",
           "lost_atlas.route.track-reused")
    accepted(state, f"run 40 via {south(0, 2)} none")


def test_two_trains_may_share_a_city_but_not_track() -> None:
    """Every route includes the company's hub, (0,0), and one track leaves it: the best
    is one train to (0,2) (40) and the other a local run at the home (20)."""
    state = line_minor()
    assert runs(state) == ["run 60"]
    same = south(0, 2)
    refuse(state, f"run 80 via {same} {same}", "lost_atlas.route.track-shared")
    refuse(state, f"run 100 via {south(0, 2, 4)} {same}", "lost_atlas.route.too-many-stops")
    accepted(state, f"run 60 via 0,0 {same}")
    act(state, f"run 60 via {same} 0,0")  # both trains include the home: legal
    assert op(state).revenue == 60


def test_two_trains_sharing_part_of_the_line_is_refused() -> None:
    """A 3-train runs (0,0)-(0,2)-(0,4) and the 2-train (0,0)-(0,2): the track from the
    home to (0,2) is on both routes."""
    state = line_minor()
    state.corps["expansive"].trains = ["3", "2"]  # the position: a 3-train and a 2-train
    refuse(state, f"run 100 via {south(0, 2, 4)} {south(0, 2)}",
           "lost_atlas.route.track-shared")
    refuse(state, f"run 100 via {south(0, 2)} {south(0, 2, 4)}",
           "lost_atlas.route.too-many-stops")
    accepted(state, f"run 80 via {south(0, 2, 4)} 0,0")


# -- Express and Resourceful's rusted train in one major --------------------------------------
def express_resourceful_major(trains: list[str], rusted: list[str]) -> tuple[LostAtlasState,
                                                                              str]:
    """Express (home (0,0)) and Resourceful (home (0,2)) merge by a real Merger Round into
    a major holding both abilities; basic cities at (0,4) and (0,6) down the same line.
    The major's trains (``trains`` live, ``rusted`` kept by Resourceful's ability) are
    set by hand; the next Operating Round reaches the major's run step."""
    spec = land()
    spec.update({(0, 0): ("home", "express"), (0, 2): ("home", "resourceful"),
                 (0, 4): "city", (0, 6): "city"})
    state = game([(ANN, "express", 180), (BOB, "resourceful", 160)], spec, mode="short")
    connect(state, "express", range(0, 3))
    connect(state, "resourceful", range(2, 7))
    state.corps["express"].trains = ["2"]  # the position: bought earlier
    state.corps["resourceful"].trains = ["2"]
    to_merger(state, ("2", "3"))
    act(state, "merge express resourceful")
    act(state, "accept")
    act(state, "major union")
    major = "union"
    corp = state.corps[major]
    assert corp.kind == MAJOR and {EXPRESS, RESOURCEFUL} <= corp.abilities
    to_operating(state)
    corp.trains, corp.rusted = list(trains), list(rusted)  # the position
    while op(state).company != major:
        finish_turn(state)
    pass_until(state, orr.RUN)
    return state, major


def test_express_major_whose_only_train_is_rusted_gets_the_extra_stop() -> None:
    """A rusted 2 running its last time is the major's one train: it counts three stops
    (20 each)."""
    state, major = express_resourceful_major([], ["2"])
    assert or_run.route_trains(state, major) == [2]
    assert runs(state) == ["run 60"]
    accepted(state, f"run 60 via {south(0, 2, 4)}")
    refuse(state, f"run 80 via {south(0, 2, 4, 6)}", "lost_atlas.route.too-many-stops")


def test_express_major_with_a_live_and_a_rusted_train_gets_no_extra_stop() -> None:
    """A live 3 and a rusted 2 are two trains: no extra stop. The best is 3 + 2 stops on
    separate track (60 + 40); the 3 may not count four stops."""
    state, major = express_resourceful_major(["3"], ["2"])
    assert or_run.route_trains(state, major) == [3, 2]  # the rusted train last
    assert runs(state) == ["run 100"]
    refuse(state, f"run 80 via {south(0, 2, 4, 6)} none", "lost_atlas.route.too-many-stops")
    refuse(state, f"run 60 via none {south(0, 2, 4)}", "lost_atlas.route.too-many-stops")
    accepted(state, f"run 100 via {south(2, 4, 6)} {south(0, 2)}")


def test_express_major_with_one_live_train_and_nothing_rusted_gets_the_extra_stop() -> None:
    state, _major = express_resourceful_major(["3"], [])
    assert runs(state) == ["run 80"]  # the 3 counts four stops
    accepted(state, f"run 80 via {south(0, 2, 4, 6)}")
