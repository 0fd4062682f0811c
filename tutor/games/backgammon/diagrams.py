"""The backgammon rulebook's diagrams B1-B13 as data: a position, the plays replayed from it, the
dice shown, a marked play, and claims the engine checks (BACKGAMMON.md §3).

Pure (no Flask). ``lessons/backgammon/diagrams.toml`` holds the diagrams; each picture is the
position the engine reaches by replaying ``replay`` from ``setup`` (the start unless given), so
every replayed picture is reachable under the rules by construction. Claims (what the caption and
the lesson say) are checked by :func:`check_claims` against the engine; the tests check them
again with GNU Backgammon. What the picture says in words is produced by the web layer
(``tutor.web.backgammon.pages``) from :func:`describe`'s facts.

>>> b2 = diagram_by_id("B2")
>>> len(b2.plays()), check_claims(b2)
(7, [])
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence
from tutor.games.tables import check_diagram_table
from tutor.paths import LESSONS

from tutor.games.backgammon import BLACK, START, WHITE, BackgammonError, Position, Side, legal_plays
from tutor.games.backgammon.cube import Offer, computer_doubles, computer_takes, pip_lead, result
from tutor.games.backgammon.plays import Play, Step, parse_play, why_not

DIAGRAMS_FILE = LESSONS / "backgammon" / "diagrams.toml"

#: The lesson sections, in rulebook order (BACKGAMMON.md §3).
SECTIONS = ("summary", "board", "dice", "points", "hitting", "two-dice", "bear-off", "scoring", "videau")
_DICE = re.compile(r"([1-6])-([1-6])")


class DiagramError(ValueError):
    """A diagram entry that does not follow the format (named by its id and key)."""


@dataclass(frozen=True)
class Diagram:
    id: str
    section: str
    title: str  # English msgid
    caption: str  # English msgid
    setup: str  # a position's one-line text (learner's numbering)
    replay: tuple[str, ...] = ()  # "6-1: 13/7 8/7", one entry per turn of the side to move
    dice: tuple[int, int] | None = None  # the roll shown, for the side to move after the replay
    mark: str = ""  # a legal play (the side to move's notation) marked on the board
    claims: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def positions(self) -> list[Position]:
        """The setup and every position after a replayed turn (dice of the next turn not yet shown)."""
        position = Position.parse(self.setup)
        found = [position]
        for entry in self.replay:
            dice, _, play = entry.partition(":")
            d1, d2 = _read_dice(dice.strip())
            position = parse_play(position.with_dice(d1, d2), play.strip()).after
            found.append(position)
        return found

    @property
    def position(self) -> Position:
        """The position the picture shows, with its dice."""
        last = self.positions[-1]
        return last.with_dice(*self.dice) if self.dice else last

    @property
    def marked_play(self) -> Play | None:
        return parse_play(self.position, self.mark) if self.mark else None

    def plays(self, dice: tuple[int, int] | None = None) -> list[Play]:
        position = self.position if dice is None else self.position.with_dice(*dice)
        return legal_plays(position)


def _read_dice(text: str) -> tuple[int, int]:
    match = _DICE.fullmatch(text)
    if match is None:
        raise DiagramError(f"{text!r} is not a roll such as 6-5")
    return int(match[1]), int(match[2])


# ----- loading ---------------------------------------------------------------------------------
_KEYS = {"section", "title", "caption", "setup", "replay", "dice", "mark", "claims"}


def diagram_from_data(diagram_id: str, data: Mapping[str, Any]) -> Diagram:
    """Build one diagram from its TOML table; raises :class:`DiagramError` naming the bad key."""
    def fail(message: str) -> DiagramError:
        return DiagramError(f"{diagram_id}: {message}")

    check_diagram_table(diagram_id, data, letter="B", keys=_KEYS, required=(), sections=SECTIONS,
                        fail=fail)
    claims = dict(data.get("claims", {}))
    if set(claims) - set(CLAIMS):
        raise fail(f"unknown claims {sorted(set(claims) - set(CLAIMS))} (known: {sorted(CLAIMS)})")
    try:
        dice = _read_dice(data["dice"]) if "dice" in data else None
        diagram = Diagram(
            diagram_id, data["section"], data["title"], data["caption"], data.get("setup", START.to_text()),
            tuple(data.get("replay", ())), dice, data.get("mark", ""), claims,
        )
        diagram.position  # the setup is a position and every replayed play is legal
        diagram.marked_play  # the marked play is legal
    except (BackgammonError, DiagramError) as error:
        raise fail(str(error)) from None
    return diagram


def board_from(setup: str | None = None, replay: Sequence[str] = (), dice: str | None = None) -> Diagram:
    """A position written as a diagram writes it (a setup, turns replayed, the roll shown), without
    words or claims: a worksheet exercise's board. Raises :class:`DiagramError` or the engine's
    error for a position or a play the rules do not allow."""
    board = Diagram("", SECTIONS[0], "", "", START.to_text() if setup is None else setup, tuple(replay),
                    _read_dice(dice) if dice is not None else None)
    board.position  # the setup is a position and every replayed play is legal
    return board


def load_diagrams_from(text: str) -> dict[str, Diagram]:
    return {diagram_id: diagram_from_data(diagram_id, table) for diagram_id, table in tomllib.loads(text).items()}


@lru_cache(maxsize=4)
def load_diagrams(path: Path = DIAGRAMS_FILE) -> dict[str, Diagram]:
    """Every diagram of the file, in file order (B1 first)."""
    return load_diagrams_from(path.read_text(encoding="utf-8"))


def diagram_by_id(diagram_id: str) -> Diagram:
    """The diagram with this id; ``KeyError`` if there is none."""
    return load_diagrams()[diagram_id]


# ----- claims ------------------------------------------------------------------------------------
def _notations(plays: list[Play]) -> list[str]:
    return sorted(p.notation for p in plays)


def _refused(d: Diagram, p: Position, value: Mapping[str, str]) -> dict[str, str | None]:
    """For each claimed step (``"24/19"``, the mover's numbering), the rule the engine names when
    the app refuses it (``higher_die``, ``kills_other_die``...), or ``None`` if it is offered."""
    found = {}
    for text in value:
        src, _, dst = text.partition("/")
        reason = why_not(p, src if src == "bar" else int(src), dst if dst == "off" else int(dst))
        found[text] = None if reason is None else reason.code
    return found


def _entering_rolls(d: Diagram, p: Position, value: Any) -> int:
    """Of the 36 rolls, how many let the side to move enter from the bar (any legal play)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if legal_plays(p.with_dice(a, b)))


def _result(d: Diagram, p: Position, value: Any) -> Any:
    over = result(p)
    return None if over is None else {"kind": over.kind, "points": over.points}


def _cube(d: Diagram, p: Position, value: Any) -> Any:
    """The computer's videau rule for the side to move (before rolling), and the answers."""
    doubler = p.to_move
    own = p.pips(doubler)
    return {
        "lead_percent": round(100 * pip_lead(p, doubler) / own, 1),
        "doubles": computer_doubles(p, doubler),
        "taken": computer_takes(p, doubler),
        "value_if_taken": Offer(p.cube, doubler).take().value,
        "drop_points": Offer(p.cube, doubler).drop().points,
    }


#: Each claim: (what it means, how the engine answers). The value's meaning is the claim's.
CLAIMS: dict[str, tuple[str, Callable[[Diagram, Position, Any], Any]]] = {
    "pips": ("each side's pip count", lambda d, p, v: {"white": p.pips(WHITE), "black": p.pips(BLACK)}),
    "plays": ("the legal plays for the dice shown, exactly", lambda d, p, v: _notations(d.plays())),
    "play_count": ("how many legal plays the dice shown allow", lambda d, p, v: len(d.plays())),
    "hits": ("how many of those plays hit", lambda d, p, v: sum("*" in x.notation for x in d.plays())),
    "plays_with": ("for other rolls, the legal plays exactly",
                   lambda d, p, v: {roll: _notations(d.plays(_read_dice(roll))) for roll in v}),
    "counts": ("for other rolls, how many legal plays", lambda d, p, v: {roll: len(d.plays(_read_dice(roll))) for roll in v}),
    "refused": ("steps the app refuses, with the rule that refuses each", _refused),
    "entering_rolls": ("rolls of 36 that let the side to move enter", _entering_rolls),
    "bears_off": ("whether any legal play bears a checker off",
                  lambda d, p, v: any(s.dst == 0 for x in d.plays() for s in x.steps)),
    "result": ("how the game ended: kind and points (× videau)", _result),
    "cube": ("the computer's videau rule and the answers' values", _cube),
}


def check_claims(diagram: Diagram) -> list[str]:
    """Every claim the engine contradicts, as messages; ``[]`` when all hold (the tests pass
    mutated diagrams to show that this can fail)."""
    failures = []
    for name, value in diagram.claims.items():
        meaning, engine = CLAIMS[name]
        try:
            actual = engine(diagram, diagram.position, value)
        except (BackgammonError, DiagramError, KeyError, TypeError, ValueError) as error:
            failures.append(f"{diagram.id}: claim {name} cannot be checked ({error})")
            continue
        if actual != value:
            failures.append(f"{diagram.id}: {name} ({meaning}): the diagram claims {value!r}, the engine says {actual!r}")
    return failures


# ----- facts the words are made of ---------------------------------------------------------------
@dataclass(frozen=True)
class Facts:
    """What a picture shows, for the sentences of its description (``tutor.web.backgammon.pages``)."""

    points: dict[Side, list[tuple[int, int]]]  # (learner point, count), highest first
    bar: dict[Side, int]
    off: dict[Side, int]
    pips: dict[Side, int]
    to_move: Side
    dice: tuple[int, int] | None
    cube_value: int
    cube_owner: Side | None
    marked: str
    over: Any  # the engine's Result, or None


def describe(diagram: Diagram) -> Facts:
    return facts_of(diagram.position, diagram.mark)


def facts_of(position: Position, marked: str = "") -> Facts:
    sides = (WHITE, BLACK)
    return Facts(
        points={s: list(position.points(s).items()) for s in sides},
        bar={s: position.on_bar(s) for s in sides},
        off={s: position.off(s) for s in sides},
        pips={s: position.pips(s) for s in sides},
        to_move=position.to_move, dice=position.dice,
        cube_value=position.cube.value, cube_owner=position.cube.owner,
        marked=marked, over=result(position),
    )


def render_options(diagram: Diagram) -> dict[str, Any]:
    """Keyword options for :func:`tutor.games.backgammon.render.render_board` (all but ``labels``)."""
    play = diagram.marked_play
    steps: tuple[Step, ...] | None = play.steps if play else None
    return {"play": steps, "id_prefix": f"bg-{diagram.id.lower()}-"}
