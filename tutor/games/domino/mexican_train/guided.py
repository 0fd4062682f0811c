"""Mexican Train rounds against the engine's player, and its guided hand (issue #16).

Pure (no Flask). A round's state is its deal plus the learner's actions (seat 0): :func:`replay`
plays the opponent's actions in between with the deterministic
:class:`~tutor.games.domino.mexican_train.players.TrainHeuristicPlayer`, so an address holding the
learner's actions rebuilds the same round in any process. ``lessons/mexican_hands.toml`` holds the
guided hand, a designed deal whose moment (the learner closes an open double) happens on every
line of the learner's play; ``tests/domino/mexican_train/test_mexican_play.py`` proves it with :func:`every_learner_line`.

>>> hand = hand_by_id("mexican-open-double")
>>> game = replay(hand.deal, [])
>>> game.position.legal_actions()
['6-4:s0']
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from tutor.paths import LESSONS
from tutor.games.domino.errors import DominoError, IllegalMoveError
from tutor.games.domino.mexican_train.coach import Known, inferred_bars
from tutor.games.domino.mexican_train.players import MexicanPlayer, TrainHeuristicPlayer
from tutor.games.domino.mexican_train.engine import Deal, Position

HANDS_FILE = LESSONS / "mexican_hands.toml"
LEARNER = 0
OPPONENT = 1
#: The moment a Mexican Train hand teaches: the learner closes an open double.
MOMENTS = ("close_open_double",)
_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


class HandError(ValueError):
    """A hand entry that does not follow the format (named by its id and key)."""


@dataclass(frozen=True)
class MexicanGame:
    """A round so far: every action (both seats') and the positions, ``positions[i]`` before ``actions[i]``."""

    deal: Deal
    actions: list[str]
    positions: list[Position]

    @property
    def position(self) -> Position:
        return self.positions[-1]

    def seat_of(self, index: int) -> int:
        """Who took action ``index``."""
        return self.positions[index].to_act

    def learner_actions(self) -> list[str]:
        return [action for index, action in enumerate(self.actions) if self.seat_of(index) == LEARNER]

    def known_before(self, index: int) -> Known:
        """What the learner knows of the other hand before action ``index`` (its draws and passes)."""
        return inferred_bars(self.positions[:index + 1], self.actions[:index], LEARNER)


def _opponent_turns(positions: list[Position], actions: list[str], opponent: MexicanPlayer) -> None:
    """Let the opponent act until it is the learner's turn or the round is over (in place)."""
    while not positions[-1].is_over() and positions[-1].to_act == OPPONENT:
        action = opponent.choose(positions[-1], OPPONENT)
        positions.append(positions[-1].apply(action))
        actions.append(action)


def replay(deal: Deal, learner_actions: Sequence[str], opponent: MexicanPlayer | None = None,
           reshuffle: Callable[[tuple[str, ...], tuple], tuple] | None = None) -> MexicanGame:
    """The round after the learner's actions, the opponent acting in between. An action the rules
    refuse raises the engine's error (``IllegalMoveError`` with the reason in ``params["reason"]``,
    ``InvalidActionError`` for text that is no action) with ``params["index"]``: its place in
    ``learner_actions``; actions after the round's end are refused with the reason ``round_over``.

    ``reshuffle`` (free play): after each learner action, the boneyard's new draw order, given the
    learner's actions so far and the boneyard; a guided hand keeps its designed order."""
    opponent = opponent or TrainHeuristicPlayer()
    positions, actions = [Position.start(deal)], []
    _opponent_turns(positions, actions, opponent)
    for index, action in enumerate(learner_actions):
        try:
            if positions[-1].is_over():
                raise IllegalMoveError("the round is over", action=str(action), reason="round_over")
            after = positions[-1].apply(action)
        except DominoError as error:
            error.params["index"] = index
            raise
        if reshuffle is not None and len(after.boneyard) > 1:
            after = replace(after, boneyard=reshuffle(tuple(learner_actions[:index + 1]), after.boneyard))
        positions.append(after)
        actions.append(action)
        _opponent_turns(positions, actions, opponent)
    return MexicanGame(deal, actions, positions)


def every_learner_line(deal: Deal, opponent: MexicanPlayer | None = None) -> Iterator[MexicanGame]:
    """Every complete round over all the learner's legal choices (depth first, in the engine's
    sorted order), the opponent playing its deterministic actions."""
    opponent = opponent or TrainHeuristicPlayer()
    positions, actions = [Position.start(deal)], []
    _opponent_turns(positions, actions, opponent)

    def lines() -> Iterator[MexicanGame]:
        position = positions[-1]
        if position.is_over():
            yield MexicanGame(deal, list(actions), list(positions))
            return
        mark = len(actions)
        for action in position.legal_actions():
            positions.append(position.apply(action))
            actions.append(action)
            _opponent_turns(positions, actions, opponent)
            yield from lines()
            del positions[mark + 1:]
            del actions[mark:]

    yield from lines()


def closed_doubles(game: MexicanGame, seat: int = LEARNER) -> list[int]:
    """The indexes of the actions by which ``seat`` closed an open double: a tile laid on the train
    that ended with an unanswered double just before it."""
    found = []
    for index, action in enumerate(game.actions):
        before = game.positions[index]
        double = before.open_double()
        if before.to_act == seat and double is not None and action.endswith(f":{double.name}"):
            found.append(index)
    return found


def open_double_left(game: MexicanGame) -> bool:
    """The double is open for the learner now: laid by the opponent (or the learner's own, left
    unanswered a turn ago) and not answered by whoever laid it, so the learner must close it."""
    position = game.position
    double = position.open_double()
    if double is None or position.is_over() or position.to_act != LEARNER or not game.actions:
        return False
    return game.seat_of(len(game.actions) - 1) != LEARNER or game.actions[-1] == "pass"


# ==== the hand as data ==========================================================================
@dataclass(frozen=True)
class MexicanHand:
    id: str
    title: str  # English msgids
    intro: str
    goal: str
    moment: str  # one of MOMENTS
    practises: str  # the lesson section's id
    deal: Deal


_KEYS = {"title", "intro", "goal", "moment", "practises", "deal"}


def hand_from_data(hand_id: str, data: Mapping[str, Any]) -> MexicanHand:
    """One hand from its TOML table; :class:`HandError` names the bad key."""
    if not _ID.fullmatch(hand_id):
        raise HandError(f"{hand_id}: an id is lowercase words joined by hyphens")
    if set(data) != _KEYS:
        raise HandError(f"{hand_id}: the keys are {sorted(_KEYS)}, not {sorted(data)}")
    for key in ("title", "intro", "goal", "practises"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise HandError(f"{hand_id}: {key} must be text")
    if data["moment"] not in MOMENTS:
        raise HandError(f"{hand_id}: moment must be one of {MOMENTS}")
    try:
        deal = Deal.from_dict(data["deal"])
    except DominoError as error:
        raise HandError(f"{hand_id}: deal: {error}") from None
    return MexicanHand(hand_id, data["title"], data["intro"], data["goal"], data["moment"], data["practises"], deal)


@lru_cache(maxsize=2)
def all_hands(path: Path = HANDS_FILE) -> dict[str, MexicanHand]:
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    return {hand_id: hand_from_data(hand_id, table) for hand_id, table in data.items()}


def hand_by_id(hand_id: str) -> MexicanHand:
    """The Mexican Train hand with this id; ``KeyError`` if there is none."""
    return all_hands()[hand_id]


__all__ = ["HANDS_FILE", "HandError", "MexicanGame", "MexicanHand", "all_hands", "closed_doubles",
           "every_learner_line", "hand_by_id", "hand_from_data", "open_double_left", "replay"]
