"""Guided hands and free play: designed deals played against the engine's opponents.

Pure (no Flask). ``lessons/hands.toml`` holds the guided hands, the course's last step: each is a
designed deal (the learner is seat 0) with a teaching moment that happens on every legal line of
the learner's play, since the opponents are deterministic players (``tutor.games.domino.players``).
``tests/domino/test_guided.py`` proves it by enumerating every line with :func:`every_learner_line`.

The state of a hand is its deal plus the learner's actions: :func:`replay` plays the opponents'
turns in between, the same way in any process, so a URL holding the learner's moves is enough.

>>> hand = hand_by_id("forced-opening")
>>> game = replay(hand.deal, [], hand.opponents())
>>> [str(a) for a in game.position.legal_actions()]
['6-6']
>>> game = replay(hand.deal, ["6-6"], hand.opponents())
>>> game.turns[0].seat, str(game.turns[0].action), game.position.to_move
(0, '6-6', 0)
>>> "forced_opening" in moments(game)
True
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence
from tutor.paths import LESSONS

from tutor.games.domino import PLAYBOARD, Action, ActionKind, Deal, DominoError, Position, Termination
from tutor.games.domino.rules import RULE_SETS, OpeningReason, RuleSet
from tutor.games.domino.spinner import SIDES, Branch
from tutor.games.domino.players import HeaviestFirst, HeuristicPlayer, TurnSummary, play_turns, summarize_turns

HANDS_FILE = LESSONS / "hands.toml"
#: A boneyard's next draw order, from the learner's actions so far (text) and the boneyard (free play).
Reshuffle = Callable[[tuple[str, ...], tuple[Any, ...]], tuple[Any, ...]]

#: The learner's seat in every guided hand and in free play.
LEARNER = 0
#: Teaching moments, in course order (see :func:`moments`); the last four belong to the other rule
#: sets' hands (VARIANTS.md): Sato 157 with four players, Straight (the spinner's sides, a double's
#: sides) and All Fives.
MOMENTS = ("forced_opening", "draw", "blocked", "play_out", "many_seats", "pass_at_once", "spinner_arm", "scored",
           "double_branch")
#: Opponent kinds: every opponent seat of a hand plays with this kind of engine player.
OPPONENT_KINDS = ("heuristic", "heaviest")
_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


class HandError(ValueError):
    """A guided-hand entry that does not follow the format (named by its id and key)."""


def default_opponents(seats: int, seed: int, kind: str = "heuristic") -> list:
    """One engine player per seat, ``None`` at the learner's seat 0.

    ``kind`` is ``"heuristic"`` (:class:`~tutor.games.domino.players.HeuristicPlayer`, seeded; ties between
    equally good moves are broken by ``seed`` and what the seat sees) or ``"heaviest"``
    (:class:`~tutor.games.domino.players.HeaviestFirst`, which needs no seed).
    """
    if kind not in OPPONENT_KINDS:
        raise ValueError(f"unknown opponent kind {kind!r} (known: {', '.join(OPPONENT_KINDS)})")
    if seats not in PLAYBOARD.seat_counts:
        raise ValueError(f"{seats} seats: a round is played by {PLAYBOARD.seat_range}")
    make = (lambda: HeuristicPlayer(seed)) if kind == "heuristic" else HeaviestFirst
    return [None if seat == LEARNER else make() for seat in range(seats)]


# ==== guided hands as data ======================================================================
@dataclass(frozen=True)
class GuidedHand:
    id: str
    title: str  # English msgid
    intro: str  # English msgid: one paragraph shown before the hand
    goal: str  # English msgid: one sentence shown while playing
    moment: str  # one of MOMENTS: what happens on every line of the learner's play
    seats: int
    deal: Deal
    opponent: str  # one of OPPONENT_KINDS, for every opponent seat
    seed: int  # the opponents' seed
    practises: str = ""  # the id of the lesson section this hand practises ("" for none)
    rules: RuleSet = PLAYBOARD  # the rule set the hand is played by (the course's own by default)

    def opponents(self) -> list:
        """One player object per seat, ``None`` at seat 0 (the learner)."""
        return default_opponents(self.seats, self.seed, self.opponent)


_KEYS = {"title", "intro", "goal", "moment", "seats", "opponent", "seed", "deal"}
_OPTIONAL_KEYS = {"practises", "rules"}


def hand_from_data(hand_id: str, data: Mapping[str, Any]) -> GuidedHand:
    """Build one guided hand from its TOML table; raises :class:`HandError` naming the bad key."""
    def fail(message: str) -> HandError:
        return HandError(f"{hand_id}: {message}")

    if not _ID.fullmatch(hand_id):
        raise fail("an id is lowercase words joined by hyphens")
    unknown = set(data) - _KEYS - _OPTIONAL_KEYS
    if unknown:
        raise fail(f"unknown keys {sorted(unknown)}")
    missing = _KEYS - set(data)
    if missing:
        raise fail(f"missing keys {sorted(missing)}")
    for key in ("title", "intro", "goal"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise fail(f"{key} must be a sentence")
    if data["moment"] not in MOMENTS:
        raise fail(f"moment must be one of {MOMENTS}")
    if data["opponent"] not in OPPONENT_KINDS:
        raise fail(f"opponent must be one of {OPPONENT_KINDS}")
    rules = RULE_SETS.get(data.get("rules", PLAYBOARD.name))
    if rules is None:
        raise fail(f"rules must be one of {tuple(RULE_SETS)}")
    seats, seed = data["seats"], data["seed"]
    if type(seats) is not int or seats not in rules.seat_counts:
        raise fail(f"seats must be {rules.seat_range} with {rules.name}'s rules")
    if type(seed) is not int:
        raise fail("seed must be an integer")
    deal = data["deal"]
    if not isinstance(deal, Mapping) or set(deal) - {"hands", "boneyard"} or "hands" not in deal:
        raise fail("deal has hands and, optionally, boneyard (the first tiles drawn, in order)")
    hands = deal["hands"]
    if not isinstance(hands, list) or len(hands) != seats:
        raise fail(f"seats is {seats} but the deal has {len(hands) if isinstance(hands, list) else 'no'} hands")
    try:
        built = Deal.from_hands(hands, deal.get("boneyard", ()), rules)
    except DominoError as error:
        raise fail(f"deal: {error}") from None
    practises = data.get("practises", "")
    if not isinstance(practises, str):
        raise fail("practises must be a section id")
    return GuidedHand(hand_id, data["title"], data["intro"], data["goal"], data["moment"], seats, built,
                      data["opponent"], seed, practises, rules)


def load_hands_from(text: str) -> dict[str, GuidedHand]:
    data = tomllib.loads(text)
    return {hand_id: hand_from_data(hand_id, table) for hand_id, table in data.items()}


@lru_cache(maxsize=4)
def all_hands(path: Path = HANDS_FILE) -> dict[str, GuidedHand]:
    """Every guided hand of the file, in file order, whatever its rule set."""
    return load_hands_from(Path(path).read_text(encoding="utf-8"))


@lru_cache(maxsize=4)
def load_hands(path: Path = HANDS_FILE) -> dict[str, GuidedHand]:
    """The course's guided hands (Playboard's rules), in file order: the course's last step, one
    leading to the next. The other rule sets' hands stand apart (:func:`rule_set_hands`)."""
    return {hand_id: hand for hand_id, hand in all_hands(path).items() if hand.rules is PLAYBOARD}


def rule_set_hands(path: Path = HANDS_FILE) -> dict[str, list[GuidedHand]]:
    """The other rule sets' guided hands, by rule set name in the order of ``RULE_SETS``."""
    grouped: dict[str, list[GuidedHand]] = {name: [] for name in RULE_SETS if name != PLAYBOARD.name}
    for hand in all_hands(path).values():
        if hand.rules is not PLAYBOARD:
            grouped[hand.rules.name].append(hand)
    return {name: hands for name, hands in grouped.items() if hands}


def hand_by_id(hand_id: str) -> GuidedHand:
    """The guided hand with this id, of any rule set; ``KeyError`` if there is none."""
    return all_hands(HANDS_FILE)[hand_id]  # the same cache entry as load_hands(): the same objects


# ==== playing a hand ============================================================================
@dataclass
class Game:
    """A round in progress (or over): the deal and every action so far, with the positions."""

    deal: Deal
    actions: list[Action]  # every action of the round so far, the learner's and the opponents'
    positions: list[Position]  # len(actions) + 1, from the deal on
    learner_actions: list[Action]  # seat 0's actions only, in order
    turns: list[TurnSummary]  # every completed turn so far (all seats); a turn of draws still going on is not one

    @property
    def position(self) -> Position:
        """The current position."""
        return self.positions[-1]

    @property
    def is_over(self) -> bool:
        return self.position.is_over()


def _players(deal: Deal, opponents: Sequence) -> dict[int, Any]:
    if len(opponents) != deal.seats:
        raise ValueError(f"{len(opponents)} opponents' entries for {deal.seats} seats (give None at seat 0)")
    players = {}
    for seat, player in enumerate(opponents):
        if seat == LEARNER:
            continue
        if not callable(getattr(player, "choose", None)):
            raise ValueError(f"seat {seat} has no player")
        players[seat] = player
    return players


def _completed_turns(positions: Sequence[Position], actions: Sequence[Action]) -> list[TurnSummary]:
    turns = summarize_turns(positions, actions)
    if turns and turns[-1].action is None and not turns[-1].passed:
        turns.pop()  # draws of a turn that is still going on
    return turns


def _game(deal: Deal, positions: list[Position], actions: list[Action], learner: list[Action]) -> Game:
    return Game(deal, list(actions), list(positions), list(learner), _completed_turns(positions, actions))


def cut_short(game: Game, actions: int) -> Game:
    """The game as it stood after its first ``actions`` actions (All Fives: the match ended there,
    when a play brought a seat to the target, and the opponents' later turns never happened)."""
    positions = game.positions[:actions + 1]
    learner = [a for before, a in zip(positions, game.actions[:actions]) if before.to_move == LEARNER]
    return _game(game.deal, positions, game.actions[:actions], learner)


def replay(deal: Deal, learner_actions: Sequence[Action | str], opponents: Sequence,
           reshuffle: Reshuffle | None = None) -> Game:
    """Replay the learner's actions from the deal; opponents' turns are played automatically by their
    deterministic players whenever it is their turn, until it is seat 0's turn again or the round is
    over. Raises IllegalMoveError (from the engine, with params["index"] = index in learner_actions,
    and where = f"moves[{i}]") at the first illegal learner action, or a DominoError if there are
    learner actions left after the round is over.

    ``reshuffle`` (free play): after each learner action, the boneyard's new draw order, given the
    learner's actions so far (as text) and the boneyard; a guided hand keeps its designed order.

    Unreadable action text (``"6-1X"``, ``"9-9L"``) raises the engine's
    :class:`~tutor.games.domino.InvalidActionError`, located the same way. Actions left after the end
    raise :class:`~tutor.games.domino.IllegalMoveError` with code ``round_over``.
    """
    players = _players(deal, opponents)
    positions = [deal.position()]
    actions: list[Action] = []
    learner: list[Action] = []
    trackers: dict = {}  # the opponents' views, updated action by action over the whole replay
    play_turns(positions, actions, players, until_seat=LEARNER, trackers=trackers)
    for i, item in enumerate(learner_actions):
        try:
            action = item if isinstance(item, Action) else Action.parse(item)
            position = positions[-1].apply(action)
        except DominoError as error:
            error.params["index"] = i
            error.where = f"moves[{i}]"
            error.args = (f"move {i + 1}: {error.args[0]}",)
            raise error
        actions.append(action)
        learner.append(action)
        if reshuffle is not None and len(position.boneyard) > 1:
            position = position.with_boneyard(reshuffle(tuple(str(a) for a in learner), position.boneyard))
        positions.append(position)
        play_turns(positions, actions, players, until_seat=LEARNER, trackers=trackers)
    return _game(deal, positions, actions, learner)


def every_learner_line(hand: GuidedHand) -> Iterator[Game]:
    """Every complete round over all legal choices of the learner (depth first, in the order of
    :meth:`Position.legal_actions`), the opponents playing their deterministic moves."""
    deal = hand.deal
    players = _players(deal, hand.opponents())
    positions = [deal.position()]
    actions: list[Action] = []
    learner: list[Action] = []
    # Shared by every line: a tracker that finds the history changed under it starts again.
    trackers: dict = {}
    play_turns(positions, actions, players, until_seat=LEARNER, trackers=trackers)

    def lines() -> Iterator[Game]:
        position = positions[-1]
        if position.is_over():
            yield _game(deal, positions, actions, learner)
            return
        mark = len(actions)
        for action in position.legal_actions():
            positions.append(position.apply(action))
            actions.append(action)
            learner.append(action)
            play_turns(positions, actions, players, until_seat=LEARNER, trackers=trackers)
            yield from lines()
            del positions[mark + 1:]
            del actions[mark:]
            learner.pop()

    yield from lines()


def moments(game: Game) -> set[str]:
    """Which teaching moments happened in ``game`` (a subset of :data:`MOMENTS`):

    - ``forced_opening``: the round's first action is the learner opening with the highest double dealt;
    - ``draw``: in one turn the learner drew two tiles or more, one at a time, then played;
    - ``blocked``: the round is over and ended blocked (every seat passed in a row);
    - ``play_out``: the round is over and the learner played out (won by domino);
    - ``many_seats``: three or four seats, and an opponent drew from the boneyard;
    - ``pass_at_once``: the deal left no boneyard (Sato 157 with four players), and the learner
      passed: stuck, with nothing to draw;
    - ``spinner_arm``: the learner played a tile on a spinner's top or bottom arm (Straight, All Fives);
    - ``scored``: the learner's play made the open ends add up to a multiple of 5 (All Fives);
    - ``double_branch``: the learner played a tile on a side of a double other than the spinner
      (Straight, All Fives, where every double branches).
    """
    found: set[str] = set()
    first = game.positions[0]
    opening = first.opening()
    if (game.actions and opening is not None and opening.seat == LEARNER
            and opening.rule is OpeningReason.HIGHEST_DOUBLE and game.actions[0] == Action.open(opening.tile)):
        found.add("forced_opening")
    if any(t.seat == LEARNER and t.drawn >= 2 and t.action is not None for t in game.turns):
        found.add("draw")
    result = game.position.result()
    if result is not None and result.reason is Termination.BLOCKED:
        found.add("blocked")
    if result is not None and result.reason is Termination.DOMINO and result.winner == LEARNER:
        found.add("play_out")
    if first.seats >= 3 and any(
        before.to_move != LEARNER and action.kind is ActionKind.DRAW
        for before, action in zip(game.positions, game.actions)
    ):
        found.add("many_seats")
    learner_moves = [(before, after, action) for before, after, action in zip(game.positions, game.positions[1:], game.actions)
                     if before.to_move == LEARNER]
    if not first.boneyard and any(action.kind is ActionKind.PASS for _, _, action in learner_moves):
        found.add("pass_at_once")
    if any(action.end in SIDES for _, _, action in learner_moves):
        found.add("spinner_arm")
    if any(isinstance(action.end, Branch) for _, _, action in learner_moves):
        found.add("double_branch")
    if any(after.scores[LEARNER] > before.scores[LEARNER] for before, after, _ in learner_moves):
        found.add("scored")
    return found


__all__ = [
    "Game", "GuidedHand", "HANDS_FILE", "HandError", "LEARNER", "MOMENTS", "OPPONENT_KINDS",
    "all_hands", "cut_short", "default_opponents", "every_learner_line", "hand_by_id", "hand_from_data",
    "load_hands", "load_hands_from", "moments", "replay", "rule_set_hands",
]
