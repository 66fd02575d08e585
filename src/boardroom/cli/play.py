"""``boardroom play``: a game at one keyboard, any mix of people and bots.

Before each decision of a person the game is shown from that person's seat (their own
tiles only) and they are asked, by name, what to do. They may type an action's notation,
or one of the commands in :data:`HELP`. Bots' moves are printed as the log sentences they
produce. The loop reads lines with :func:`click.prompt`, so it works the same with a
terminal, a pipe or a test runner, and ends cleanly at the end of input.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import click
from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.text import Text

from boardroom.bots.base import Bot, bot_names, make_bot, parse_bot_spec
from boardroom.cli.common import (
    CliError,
    print_log,
    print_result,
    save_game,
)
from boardroom.cli.render import render_view
from boardroom.core.errors import IllegalAction, OptionError
from boardroom.core.game import Game
from boardroom.core.title import Action

BOT_PREFIX = "bot:"
DEFAULT_PLAYERS = "Player,bot:greedy,bot:greedy,bot:greedy"
DEFAULT_SEATS = {
    "acquire": DEFAULT_PLAYERS,
    "lost_atlas": "Player,bot:heuristic,bot:heuristic,bot:heuristic",
    "congress": "Player,bot:heuristic,bot:heuristic,bot:heuristic",
}

EXAMPLES = {
    "acquire": "5D, found Tower, buy Tower Luxor, pass, sell 2 trade 4...",
    "lost_atlas": "auction 120, bid 140, launch expansive, buy expansive treasury, "
                  "lay 5 0,1 r2, hub 0,4, run 310, payout, train 3, pass...",
    "congress": "auction LMR, bid 6, pass, expand LMR LIV-WIG, done, develop MAN, "
                "merge MSL into LMR pay LMR, start LYR...",
}
"""Action examples the help shows, per title."""

HELP = """\
Type an action ({examples}),
a number from the list above, or one of:
  ? or help     list the legal actions, numbered; then type a number to play one
  undo          take back everything since the previous decision of a person
  board         show the whole game again
  auto          Lost Atlas map building: let a bot build the map for you
  log [N]       show the whole log, or its last N sentences
  save [FILE]   save the game record
  quit          leave the game (you are offered to save it first)"""


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a person, or a bot called ``bot`` (``random``, ``greedy``...)."""

    name: str
    bot: str | None = None


def round_stage(game: Game) -> tuple[object, ...]:
    """Which round the game is in (Lost Atlas), to redraw the map when it changes."""
    if game.title.name != "lost_atlas":
        return ()
    state = game.state
    return (state.cycle, state.round, state.or_number)


def default_players(title: str, options: Mapping[str, object] | None = None) -> str:
    """The seats of ``boardroom play TITLE`` with no --players (the Lost Atlas Solo Game,
    ``--option mode=solo``: the one player)."""
    mode = str((options or {}).get("mode", ""))
    if title == "lost_atlas" and mode.startswith("solo"):
        return "Player"
    return DEFAULT_SEATS.get(title, DEFAULT_PLAYERS)


def parse_seats(spec: str) -> list[Seat]:
    """Read ``"You,bot:greedy,Ann"``: bots are named after their kind and seat number.

    >>> [s.name for s in parse_seats("You, bot:random")]
    ['You', 'Random 2']
    """
    seats: list[Seat] = []
    known = bot_names()
    for number, item in enumerate(split_seats(spec), start=1):
        item = item.strip()
        if item.lower().startswith(BOT_PREFIX):
            kind = item[len(BOT_PREFIX):].strip().lower()
            name, _ = parse_bot_spec(kind)
            if name not in known:
                raise OptionError(f"unknown bot {name!r}; known bots: {', '.join(known)}")
            make_bot(kind)  # its options are checked now, not at its first move
            seats.append(Seat(f"{name.capitalize()} {number}", kind))
        else:
            seats.append(Seat(item))
    return seats


def split_seats(spec: str) -> list[str]:
    """The seats of ``"You,bot:search:iters=50,depth=2,Ann"``: a comma splits seats, except
    inside a bot's options (a ``key=value`` item after a ``bot:NAME:``).

    >>> split_seats("You,bot:search:iters=50,depth=2,Ann")
    ['You', 'bot:search:iters=50,depth=2', 'Ann']
    """
    seats: list[str] = []
    for item in spec.split(","):
        previous = seats[-1].strip().lower() if seats else ""
        if (seats and previous.startswith(BOT_PREFIX) and ":" in previous[len(BOT_PREFIX):]
                and "=" in item and ":" not in item):
            seats[-1] += "," + item
        else:
            seats.append(item)
    return seats


def infer_seats(players: Sequence[str]) -> list[Seat]:
    """Seats of a loaded game: a player called like ``Greedy 2`` in seat 2 is that bot."""
    known = bot_names()
    seats: list[Seat] = []
    for number, name in enumerate(players, start=1):
        match = re.fullmatch(r"(\w+) (\d+)", name)
        kind = match.group(1).lower() if match else ""
        if match and kind in known and int(match.group(2)) == number:
            seats.append(Seat(name, kind))
        else:
            seats.append(Seat(name))
    return seats


def bot_seed(game_seed: int, seat: int) -> int:
    """Each bot's own seed, so that a game's bots play the same way every time."""
    return game_seed * 101 + seat + 1


@dataclass
class Session:
    """One interactive game: the game, who sits where, and where it is saved."""

    game: Game
    seats: list[Seat]
    out: Console
    save_path: Path | None = None
    map_path: Path | None = None
    """Lost Atlas: where the map is drawn (SVG, hex coordinates on), after every action."""
    auto_map: bool = False
    """Lost Atlas: a bot places the map pieces of the people at this keyboard."""
    bots: dict[int, Bot] = field(default_factory=dict)
    last_listed: list[Action] = field(default_factory=list)
    shown: dict[tuple[int | None, str], str] = field(default_factory=dict)
    """The text of each view section as last printed, per seat: only changes reprint."""
    map_announced: bool = False

    def __post_init__(self) -> None:
        for index, seat in enumerate(self.seats):
            if seat.bot is not None:
                self.bots[index] = make_bot(seat.bot, bot_seed(self.game.record.seed, index))

    # -- the loop -------------------------------------------------------------------
    def run(self) -> None:
        """Play until the game ends, a person quits, or the input ends."""
        self.autosave()
        while not self.game.is_over:
            seat = self.game.to_act[0]
            if seat in self.bots:
                self.bot_turn(seat)
            elif not self.human_turn(seat):
                return
        self.show(None, full=True)
        if self.map_path is not None:
            self.out.print(f"The final map is drawn in {self.map_path}.", style="dim")
        self.out.print()
        print_result(self.out, self.game)  # the last thing printed: it stays on screen

    def bot_turn(self, seat: int) -> None:
        """Let the bot in ``seat`` decide, and print what happened."""
        action = self.bots[seat].choose(self.game, seat)
        self.play(action, seat)

    def play(self, action: Action | str, seat: int) -> None:
        """Apply an action (IllegalAction propagates), print its sentences, autosave."""
        before = len(self.game.log_entries)
        stage = round_stage(self.game)
        self.game.apply(action, seat)
        print_log(self.out, self.game.log_entries[before:], numbered=False)
        self.autosave()
        if self.map_path is not None:
            self.draw_map(announce=round_stage(self.game) != stage)

    def draw_map(self, announce: bool = True) -> None:
        """Write the Lost Atlas map as it stands to the map file (after every action, so
        a browser reloading it follows the game); say where once, and at each new round."""
        from boardroom.titles.lost_atlas.render.svg import write_game_map

        assert self.map_path is not None
        write_game_map(self.game, self.map_path)
        if announce or not self.map_announced:
            self.map_announced = True
            self.out.print(f"The map is drawn in {self.map_path} (reload it as the game "
                           f"goes on; every hex shows its q,r).", style="dim")

    def map_building(self) -> bool:
        return self.game.title.name == "lost_atlas" and self.game.state.round == "map"

    def auto_build(self, seat: int) -> None:
        """Place the seat's map piece (or filler) as a bot would, and say so."""
        bot = make_bot("heuristic", bot_seed(self.game.record.seed, seat) + 7919)
        action = bot.choose(self.game, seat)
        self.out.print(f"{self.game.players[seat]}: {action} (map built for you)",
                       style="dim")
        self.play(action, seat)

    def show_drawn_piece(self, seat: int) -> None:
        """Map building: the drawn piece, hex by hex, and every place it may go."""
        view = self.game.view(seat)
        building = view.get("map_building")
        if not building:
            return
        drawn = building["drawn"]
        pieces = self.game.state.components.map_pieces
        if isinstance(drawn, int) and drawn in pieces:
            hexes = []
            for h in pieces[drawn].hexes:
                what = h.terrain + (f", home of {h.home}" if h.home else "")
                what += f", costs {h.cost}" if h.cost else ""
                hexes.append(f"{h.pos} {what}")
            self.out.print(Text(f"Drawn: map piece {drawn} — " + "; ".join(hexes) + ".",
                                style="bold"))
        else:
            self.out.print(Text(f"Drawn: {drawn}.", style="bold"))
        places: dict[str, list[str]] = {}
        others: list[str] = []
        for action in self.game.legal_actions(seat):
            words = str(action).split()
            if words[0] == "piece" and len(words) == 3:
                places.setdefault(words[1], []).append(words[2])
            else:
                others.append(str(action))
        if places:
            spots = "; ".join(f"{anchor} {'/'.join(turns)}" for anchor, turns in places.items())
            self.out.print(f"It may go with its hex A on (q,r rotations): {spots}.")
        if others:
            shown = ", ".join(others[:12]) + (f" ... ({len(others)} in all)"
                                              if len(others) > 12 else "")
            self.out.print(f"Possible: {shown}.")
        self.out.print("Type a placement (piece q,r rN), ? for the numbered list, or auto to "
                       "let a bot build the map for you.", style="dim")

    def human_turn(self, seat: int) -> bool:
        """Show the seat's view and ask until it acts; False when the person leaves."""
        forced = nothing_to_decide(self.game, seat)
        if forced is not None:
            self.out.print(f"{self.game.players[seat]} has nothing to buy: passing.",
                           style="dim")
            self.play(forced, seat)
            return True
        if self.auto_map and self.map_building():
            self.auto_build(seat)
            return True
        self.show(seat)
        if self.map_building():
            self.show_drawn_piece(seat)
        name = self.game.players[seat]
        while self.game.to_act and self.game.to_act[0] == seat:
            line = self.ask(f"{name}>")
            if line is None:
                self.out.print("\nEnd of input: leaving the game.")
                self.autosave(report=True)
                return False
            outcome = self.handle(line.strip(), seat)
            if outcome == "quit":
                return False
            if outcome == "changed":
                return True
        return True

    def ask(self, prompt: str) -> str | None:
        """One line from the keyboard, or None at the end of input (or Ctrl-C)."""
        try:
            line: str = click.prompt(prompt, default="", show_default=False,
                                     prompt_suffix=" ")
        except click.Abort:
            return None
        return line

    # -- one line of input ------------------------------------------------------
    def handle(self, line: str, seat: int) -> str:
        """Do what a line says: "changed" if the game moved, "quit", or "stay"."""
        word, _, rest = line.partition(" ")
        command = word.lower()
        if not line:
            return "stay"
        if line in ("?", "help"):
            self.list_actions(seat)
        elif line == "board":
            self.show(seat, full=True)
        elif line == "auto":
            if not self.map_building():
                self.out.print("auto builds the map: it works during map building only.",
                               style="red")
                return "stay"
            self.auto_map = True
            self.auto_build(seat)
            return "changed"
        elif command == "log" and (not rest or _is_number(rest.strip())):
            self.print_log(int(rest) if rest.strip() else None)
        elif command == "save":
            self.save(rest.strip())
        elif line == "quit":
            self.quit()
            return "quit"
        elif line == "undo":
            return "changed" if self.undo() else "stay"
        else:
            return "changed" if self.try_action(line, seat) else "stay"
        return "stay"

    def try_action(self, text: str, seat: int) -> bool:
        """Play the action ``text`` names (a notation or a number from the list)."""
        action: Action | str = text
        if _is_number(text):
            legal = self.game.legal_actions(seat)
            number = int(text)
            if not 1 <= number <= len(legal):
                self.out.print(f"There is no action number {number}: type ? to list the "
                               f"{len(legal)} legal actions.", style="red")
                return False
            action = legal[number - 1]
        try:
            self.play(action, seat)
        except IllegalAction as exc:
            self.out.print(Text(str(exc), style="red"))
            self.out.print("Type ? for the legal actions, help for the commands.", style="dim")
            return False
        return True

    def list_actions(self, seat: int) -> None:
        """Number every legal action of the seat; a number then plays one."""
        legal = self.game.legal_actions(seat)
        items = [Text(f"{n:>3}. ", style="dim") + Text(str(a)) for n, a in enumerate(legal, 1)]
        self.out.print(f"Legal actions of {self.game.players[seat]}:")
        self.out.print(Columns(items, padding=(0, 2)))
        examples = EXAMPLES.get(self.game.title.name, "see the list above")
        self.out.print(HELP.format(examples=examples), style="dim")

    def show(self, seat: int | None, full: bool = False) -> None:
        """Draw the game as ``seat`` sees it (None: as a spectator). A title that names
        its view's sections (the Lost Atlas) gets only the sections that changed since
        this seat last saw them reprinted, unless ``full``."""
        self.out.print()
        view = self.game.view(seat)
        if self.game.title.name != "lost_atlas":
            self.out.print(render_view(self.game.title.name, view))
            return
        from boardroom.cli.lost_atlas_view import sections

        unchanged = []
        for name, part in sections(view):
            text = self.plain(part)
            if not full and self.shown.get((seat, name)) == text:
                unchanged.append(name)
                continue
            self.shown[(seat, name)] = text
            self.out.print(part)
        if unchanged:
            self.out.print(f"Unchanged: {', '.join(unchanged)} (type board to see it all).",
                           style="dim")

    def plain(self, part: RenderableType) -> str:
        """A renderable as the plain text it prints (to tell what changed)."""
        capture = Console(file=io.StringIO(), width=self.out.width, color_system=None)
        capture.print(part)
        text = capture.file.getvalue()  # type: ignore[attr-defined]
        return str(text)

    def print_log(self, count: int | None) -> None:
        """The whole log, or its last ``count`` sentences."""
        entries = self.game.log_entries
        print_log(self.out, entries[-count:] if count else entries)

    # -- undo, save, quit ----------------------------------------------------------
    def undo(self) -> bool:
        """Take back every action since the previous decision of a person. One that would
        un-draw a hidden draw (docs/server.md "Take-backs and hidden draws") needs the
        other people at the keyboard to agree: the one whose decision it goes back to
        saw what was drawn, or sees what comes next."""
        probe = self.game.copy()
        while probe.record.actions:
            probe.undo()
            if (probe.to_act and probe.to_act[0] not in self.bots
                    and nothing_to_decide(probe, probe.to_act[0]) is None):
                taken = len(self.game.record.actions) - len(probe.record.actions)
                if not self.others_agree(probe):
                    return False
                self.game = probe
                self.out.print(f"Took back {taken} action{'s' if taken > 1 else ''}.")
                self.autosave()
                return True
        self.out.print("There is no decision of a person to take back.", style="red")
        return False

    def others_agree(self, probe: Game) -> bool:
        """Whether going back to ``probe`` may go ahead: it un-draws nothing, or no other
        person sits at the table, or the other people say yes."""
        first = len(probe.record.actions)
        back_to = probe.to_act[0]
        people = [i for i in range(len(self.seats)) if i not in self.bots and i != back_to]
        if not people or not self.game.reveals_since(first):
            return True
        names = ", ".join(self.game.players[i] for i in people)
        self.out.print(f"This take-back also takes back a hidden draw: "
                       f"{self.game.players[back_to]} would choose again knowing what was "
                       f"drawn. {names} must agree.")
        answer = self.ask(f"{names}: do you agree? (yes/no)")
        if answer is not None and answer.strip().lower() in ("y", "yes"):
            return True
        self.out.print("Not taken back: the others did not agree.", style="red")
        return False

    def save(self, path: str) -> None:
        """Save the record to ``path`` (or to the --save file)."""
        target = Path(path) if path else self.save_path
        if target is None:
            self.out.print("Save where? Type save FILE.", style="red")
            return
        try:
            save_game(self.game, target)
        except CliError as exc:
            self.out.print(exc.message, style="red")
            return
        self.out.print(f"Saved the game to {target}.")

    def quit(self) -> None:
        """Leave the game, offering to save it first."""
        if self.save_path is not None:
            self.autosave(report=True)
            return
        answer = self.ask("Save the game before quitting? File name (empty: do not save):")
        if answer and answer.strip():
            self.save(answer.strip())
        self.out.print("Goodbye.")

    def autosave(self, report: bool = False) -> None:
        """Keep the --save file up to date."""
        if self.save_path is None:
            return
        save_game(self.game, self.save_path)
        if report:
            self.out.print(f"The game is saved in {self.save_path}.")


def nothing_to_decide(game: Game, seat: int) -> Action | None:
    """The one action a person would be asked for only to type it: Acquire's buy step
    when nothing can be bought (no chain on the board, none left in the bank, or none
    affordable) and the end may not be declared. The session plays it for them, says so,
    and ``undo`` goes past it."""
    if game.title.name != "acquire" or game.view(None)["step"] != "buy":
        return None
    legal = game.legal_actions(seat)
    if len(legal) == 1 and str(legal[0]) == "pass":
        return legal[0]
    return None


def _is_number(text: str) -> bool:
    """ASCII digits only: ``"²".isdigit()`` is true, but ``int("²")`` fails."""
    return text.isascii() and text.isdigit()
