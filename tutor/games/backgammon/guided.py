"""The backgammon course's guided positions (``lessons/backgammon/guided.toml``) and their moments.

A guided position is a start, a fixed script of dice and the computer's deterministic player, so
the game depends only on the learner's choices. Each has a *moment*, the rule it exists to show;
:data:`MOMENTS` says, from a finished line (a :class:`~.session.Game`), whether it happened.
tests/backgammon/test_backgammon_play.py walks every line the learner can choose and requires it on each.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable
from tutor.paths import LESSONS

from tutor.games.backgammon.plays import BAR_POINT
from tutor.games.backgammon.position import BLACK, WHITE, Position
from tutor.games.backgammon.session import Event, Game, ScriptedDice, replay_game


@dataclass(frozen=True)
class GuidedPosition:
    id: str
    title: str  # English msgids: the web layer translates them
    intro: str
    goal: str
    moment: str
    start: Position
    rolls: tuple[tuple[int, int], ...]
    videau: bool
    practises: str

    def dice(self) -> ScriptedDice:
        return ScriptedDice(self.rolls)

    def replay(self, decisions: list[str]) -> Game:
        return replay_game(self.start, self.dice(), decisions, videau=self.videau)


def _learner_plays(game: Game) -> list[Event]:
    return [e for e in game.events if e.side is WHITE and e.kind == "play"]


def _higher_die(game: Game) -> bool:
    """The learner's roll had two dice and its play used one die, the higher."""
    plays = _learner_plays(game)
    if not plays:
        return False
    first = plays[0]
    return len(first.steps) == 1 and first.steps[0].die == max(first.dice) and first.dice[0] != first.dice[1]


def _enter(game: Game) -> bool:
    """A turn lost on the bar, then a play that starts by coming in from the bar."""
    lost = [i for i, e in enumerate(game.events)
            if e.side is WHITE and e.kind == "no_play" and e.before.on_bar(WHITE)]
    later = [e for e in game.events[lost[0]:] if e.side is WHITE and e.kind == "play"] if lost else []
    return bool(later) and later[0].steps[0].src == BAR_POINT


def _hit(game: Game) -> bool:
    """The learner hit a blot, and the computer then could not come back in."""
    plays = _learner_plays(game)
    if not plays or not any(s.hit for s in plays[0].steps):
        return False
    after = game.events[game.events.index(plays[0]) + 1:]
    return any(e.side is BLACK and e.kind == "no_play" and e.before.on_bar(BLACK) for e in after)


def _gammon(game: Game) -> bool:
    """The learner won a gammon with the videau at 2: 4 points."""
    result = game.result
    return (result is not None and result.winner is WHITE and result.kind == "gammon"
            and result.points == 2 * game.start.cube.value)


def _videau(game: Game) -> bool:
    """The computer offered the videau and the learner answered: taken (2, on the learner's side)
    or passed (the computer wins the value before doubling)."""
    kinds = [(e.kind, e.side) for e in game.events]
    if ("double", BLACK) not in kinds:
        return False
    if ("take", WHITE) in kinds:
        cube = game.position.cube
        return cube.value == 2 * game.start.cube.value and cube.owner is WHITE
    result = game.result
    return ("pass", WHITE) in kinds and result is not None and result.winner is BLACK \
        and result.points == game.start.cube.value


MOMENTS: dict[str, Callable[[Game], bool]] = {
    "higher_die": _higher_die, "enter": _enter, "hit": _hit, "gammon": _gammon, "videau": _videau,
}

GUIDED_FILE = LESSONS / "backgammon" / "guided.toml"


@lru_cache(maxsize=None)
def load_guided(path: Path = GUIDED_FILE) -> dict[str, GuidedPosition]:
    """The guided positions, in course order."""
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    found = {}
    for key, entry in data.items():
        moment = entry["moment"]
        if moment not in MOMENTS:
            raise ValueError(f"{path}: {key}: unknown moment {moment!r}")
        found[key] = GuidedPosition(
            id=key, title=entry["title"], intro=entry["intro"], goal=entry["goal"], moment=moment,
            start=Position.parse(entry["start"]), rolls=tuple(tuple(r) for r in entry["rolls"]),
            videau=bool(entry["videau"]), practises=entry["practises"],
        )
    return found


def guided_by_id(position_id: str) -> GuidedPosition:
    """KeyError when there is no such position."""
    return load_guided()[position_id]


__all__ = ["GuidedPosition", "MOMENTS", "guided_by_id", "load_guided"]
