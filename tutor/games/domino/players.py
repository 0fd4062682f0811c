"""Engine players: deterministic opponents for guided hands, free play and benchmarks.

A player's ``choose(state, rng=None)`` returns the action of the seat to move, where ``state`` is a
:class:`~tutor.games.domino.Position` or that seat's :class:`~tutor.games.domino.hints.view.SeatView`. Players never look
at another hand: a position is first reduced to the mover's view. Without an ``rng`` a player's
choice is a pure function of its seed and what it sees, so replaying a round from its URL (deal
plus actions) in any server process gives the same opponents' moves.

>>> from tutor.games.domino import Action, Deal
>>> deal = Deal.from_hands([["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"],
...                         ["5-4", "5-3", "5-2", "5-1", "5-0", "4-3", "4-2"]], boneyard=["3-2", "1-0", "6-2"])
>>> positions = [deal.position().apply(Action.parse("6-6"))]
>>> actions, turns = play_turns(positions, [], {1: HeuristicPlayer(seed=7)}, until_seat=0)
>>> [str(a) for a in actions]
['draw', 'draw', 'draw', '6-2L']
>>> turns[0].note()
Note(kind='turn_draw_play_left', params={'seat': 1, 'drawn': 3, 'tile': '6-2'})
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping, Protocol, Sequence, Union

from tutor.games.domino.analysis import Note
from tutor.games.domino import Action, ActionKind, Position
from tutor.games.domino.spinner import DOWN, UP, Branch, SpinnerLayout, all_fives_score, arm_rank
from tutor.games.domino.tiles import NUMBER_MASK, RANK, tiles_in
from tutor.games.domino.hints.view import SeatTracker, SeatView

State = Union[Position, SeatView]


class Player(Protocol):
    def choose(self, state: State, rng: random.Random | None = None) -> Action:
        """The action of the seat to move in ``state``."""


def view_of(state: State) -> SeatView:
    """The mover's view of ``state`` (a position gives a view without history)."""
    if isinstance(state, Position):
        return SeatView.from_position(state, state.to_move)
    if state.seat != state.to_move:
        raise ValueError(f"seat {state.seat} is not to move")
    return state


def _choices(state: State) -> tuple[SeatView, list[Action]]:
    """The mover's view and legal actions; a finished round has none to choose from."""
    view = view_of(state)
    actions = view.legal_actions()
    if not actions:
        raise ValueError("the round is over")
    return view, actions


def _state_rng(seed: int, view: SeatView) -> random.Random:
    """A generator fixed by the seed and the public state, stable across processes (a string
    seed is hashed with SHA-512, unlike ``hash()``, which changes per process)."""
    parts = [
        str(seed), str(view.seat), " ".join(f"{a}-{b}" for a, b in view.line),
        ",".join(str(t) for t in view.hand_tiles()), str(view.boneyard_count), str(len(view.events)),
    ]
    if view.layout is not None:  # a spinner's up and down arms are not in the line
        parts.append(" ".join(str(t) for t in view.layout.tiles))
    return random.Random("|".join(parts))


def _weight(action: Action, layout: SpinnerLayout | None = None) -> tuple[int, int]:
    """Heaviest first, in the tiles' weight order (the opening rule's), then the first end in the
    order left, right, up, down, then the doubles' branches (a spinner's table's order)."""
    tile = action.tile
    assert tile is not None
    return RANK[tile.index], -arm_rank(action.end, layout) if action.end is not None else 0


class HeaviestFirst:
    """Always plays its heaviest legal tile; at the left end when it fits both (with a spinner, at
    the first arm it fits, in the order left, right, up, down, then the doubles' branches). Draws
    and passes when the rules require it. Needs no seed: it never has a choice to break."""

    def choose(self, state: State, rng: random.Random | None = None) -> Action:
        view, actions = _choices(state)
        if actions[0].tile is None:  # draw or pass
            return actions[0]
        return max(actions, key=lambda action: _weight(action, view.layout))

    def __repr__(self) -> str:
        return "HeaviestFirst()"


class RandomPlayer:
    """A uniformly random legal action, fixed by ``seed`` and the state unless ``rng`` is given."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: State, rng: random.Random | None = None) -> Action:
        view, actions = _choices(state)
        return (rng or _state_rng(self.seed, view)).choice(actions)

    def __repr__(self) -> str:
        return f"RandomPlayer({self.seed})"


class HeuristicPlayer:
    """A sensible opponent: sheds heavy tiles and doubles, keeps a reply for the ends it leaves and
    a variety of numbers, and leaves open a number another seat has shown it lacks (a seat that
    drew or passed on a number). In All Fives, where the points come mostly from plays, it takes
    the points a play scores first, and avoids leaving the opponent an easy score. Exact ties are
    broken by ``seed``.
    """

    # Weights of the move score, in pips: a double is worth shedding like 3 extra pips, ...
    DOUBLE = 3.0
    REPLY = 2.0  # ... each tile kept that can answer on the ends this move leaves
    VARIETY = 1.0  # ... each different number left in hand
    BLOCK = 4.0  # ... each end left showing a number another seat is known to lack
    POINTS = 1.5  # ... each point the play scores (All Fives): 10 points outweigh any tile's pips
    GIFT = 0.3  # ... each point the opponent could score next with one tile it may hold (All Fives)

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: State, rng: random.Random | None = None) -> Action:
        view, actions = _choices(state)
        if len(actions) == 1:
            return actions[0]
        lacking = {n for seat in range(view.seats) if seat != view.seat for n in view.voids(seat)}
        scores = [self.score(view, action, lacking) for action in actions]
        best = max(scores)
        tied = [a for a, s in zip(actions, scores) if s == best]
        return tied[0] if len(tied) == 1 else (rng or _state_rng(self.seed, view)).choice(tied)

    def score(self, view: SeatView, action: Action, lacking: set[int]) -> float:
        tile = action.tile
        assert tile is not None
        # every open end after the play (two, or up to four arms); an opening with any tile (Sato
        # 157's later rounds) is scored alike, by the two ends the lead shows
        ends = view.ends_after(action)
        rest = view.hand & ~tile.bit
        showing = 0
        for number in ends:
            showing |= NUMBER_MASK[number]
        replies = (rest & showing).bit_count()
        numbers = {n for t in tiles_in(rest) for n in (t.high, t.low)}
        blocks = sum(number in lacking for number in ends)
        score = (tile.value + self.DOUBLE * tile.is_double + self.REPLY * replies
                 + self.VARIETY * len(numbers) + self.BLOCK * blocks)
        if view.rules.scores_ends and action.kind is ActionKind.PLAY:  # the lead scores nothing
            layout = view.layout_after(action)
            score += self.POINTS * all_fives_score(layout.count()) - self.GIFT * _best_reply(view, layout, rest)
        return score

    def __repr__(self) -> str:
        return f"HeuristicPlayer({self.seed})"


def _best_reply(view: SeatView, layout: SpinnerLayout, rest: int) -> int:
    """All Fives: the most an opponent could score with one tile on ``layout``, over the tiles this
    seat cannot see (the opponent's hand is among them; the ones it is known to lack are not)."""
    unseen = view.unseen()  # neither this seat's hand nor the table
    lacking = 0
    for seat in range(view.seats):
        if seat != view.seat:
            for number in view.voids(seat):
                lacking |= NUMBER_MASK[number]
    if view.seats == 2:
        unseen &= ~lacking
    best = 0
    for arm, number in layout.open_ends().items():
        for tile in tiles_in(unseen & NUMBER_MASK[number]):
            best = max(best, all_fives_score(layout.play(tile, arm).count()))
    return best


# ==== opponents' turns, step by step ===========================================================
@dataclass(frozen=True)
class TurnSummary:
    """One seat's turn: how many tiles it drew, then the tile it opened or played (None when it
    passed, or when the turn is still going on after draws)."""

    seat: int
    drawn: int
    action: Action | None
    passed: bool

    def note(self) -> Note:
        """The turn as one sentence, e.g. "Seat 1 drew 2 tiles, then played 6-2 on the right."."""
        drew = "draw_" if self.drawn else ""
        params = {"seat": self.seat, "drawn": self.drawn}
        if self.passed:
            return Note(f"turn_{drew}pass", params)
        if self.action is None:
            return Note("turn_draw", params)
        params["tile"] = str(self.action.tile)
        if self.action.kind is ActionKind.OPEN:
            return Note("turn_open", params)
        assert self.action.end is not None
        if self.action.end in (UP, DOWN) or isinstance(self.action.end, Branch):  # the sentence names the arm
            return Note(f"turn_{drew}play_arm", {**params, "arm": self.action.end.value})
        return Note(f"turn_{drew}play_{self.action.end.value}", params)


def summarize_turns(positions: Sequence[Position], actions: Sequence[Action]) -> list[TurnSummary]:
    """Group ``actions`` (played from ``positions[0]`` on) into turns: draws, then a tile or a pass."""
    turns = []
    drawn = 0
    for before, action in zip(positions, actions):
        seat = before.to_move
        if action.kind is ActionKind.DRAW:
            drawn += 1
            continue
        passed = action.kind is ActionKind.PASS
        turns.append(TurnSummary(seat, drawn, None if passed else action, passed))
        drawn = 0
    if drawn:
        turns.append(TurnSummary(positions[len(actions)].to_move, drawn, None, False))
    return turns


def play_turns(
    positions: list[Position], actions: list[Action], players: Mapping[int, Player], *, until_seat: int,
    trackers: dict[int, SeatTracker] | None = None,
) -> tuple[list[Action], list[TurnSummary]]:
    """Let ``players`` (by seat) act from ``positions[-1]`` until ``until_seat`` is to move or the
    round is over (``until_seat=-1`` plays the round out). Extends ``positions`` and ``actions``
    in place and returns the new actions and the turns they make up. Each player sees only its
    own :class:`SeatView`, history included.

    Pass the same ``trackers`` dict to every call for one round: each seat's view is then
    updated with the new actions only, so a whole round costs time linear in its length."""
    start = len(actions)
    position = positions[-1]
    trackers = {} if trackers is None else trackers
    while not position.is_over() and position.to_move != until_seat:
        seat = position.to_move
        tracker = trackers.get(seat)
        if tracker is None:
            tracker = trackers[seat] = SeatTracker(seat)
        view = tracker.view(positions, actions)
        action = players[seat].choose(view)
        position = position.apply(action)
        positions.append(position)
        actions.append(action)
    new = actions[start:]
    return new, summarize_turns(positions[start:], new)


__all__ = [
    "HeaviestFirst", "HeuristicPlayer", "Player", "RandomPlayer", "TurnSummary", "play_turns",
    "summarize_turns", "view_of",
]
