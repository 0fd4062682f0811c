"""Rule sets as values.

A :class:`RuleSet` says how many tiles each seat is dealt, who opens a round and with what, how a
round is scored, who leads the next one, and what total wins the match. Playboard's Draw rules
(``PLAYBOARD``) are the default; another rule set is another value, not another engine.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping, Sequence

from .errors import InvalidPositionError
from .tiles import BY_WEIGHT, DOUBLES_MASK, TILES, Tile


class Termination(enum.Enum):
    """How a round ended."""

    DOMINO = "domino"  # a player placed the last tile from the hand
    BLOCKED = "blocked"  # every seat passed in a row


class OpeningReason(enum.Enum):
    HIGHEST_DOUBLE = "highest_double"
    HEAVIEST_TILE = "heaviest_tile"
    PREVIOUS_WINNER = "previous_winner"  # not Playboard: Sato lets the last winner lead


@dataclass(frozen=True)
class Opening:
    """Who opens the round and with which tile (``tile`` is None when any tile may lead)."""

    seat: int
    tile: Tile | None
    rule: OpeningReason


@dataclass(frozen=True)
class RoundResult:
    """The outcome of a finished round, with everything needed to explain its score."""

    reason: Termination
    winner: int | None
    points: int
    pips: tuple[int, ...]
    tiles: tuple[int, ...]

    def to_json(self) -> dict:
        return {
            "reason": self.reason.value,
            "winner": self.winner,
            "points": self.points,
            "pips": list(self.pips),
            "tiles": list(self.tiles),
        }


# Heaviest first, in the weight order of tiles.py.
_HEAVIEST_FIRST: tuple[Tile, ...] = tuple(TILES[i] for i in reversed(BY_WEIGHT))


def forced_opening(hands: Sequence[int]) -> Opening:
    """Playboard's opening: the highest double dealt, else the heaviest tile dealt.

    ``hands`` are bit masks. Raises ``LookupError`` when no seat holds a tile.
    """
    held = 0
    for hand in hands:
        held |= hand
    doubles = held & DOUBLES_MASK
    if doubles:
        # Doubles' indices grow with their number, so the highest set bit is the highest double.
        index = doubles.bit_length() - 1
        for seat, hand in enumerate(hands):
            if hand >> index & 1:
                return Opening(seat, TILES[index], OpeningReason.HIGHEST_DOUBLE)
    for tile in _HEAVIEST_FIRST:
        for seat, hand in enumerate(hands):
            if hand >> tile.index & 1:
                return Opening(seat, tile, OpeningReason.HEAVIEST_TILE)
    raise LookupError("no seat holds a tile")


def score_domino(pips: Sequence[int], winner: int) -> int:
    """Playing out scores the pips left in every opponent's hand."""
    return sum(p for seat, p in enumerate(pips) if seat != winner)


def score_blocked_playboard(pips: Sequence[int], tiles: Sequence[int]) -> tuple[int | None, int]:
    """Lowest pips wins, then fewer tiles; still tied: nobody. Points: others' pips minus own."""
    best = min(zip(pips, tiles))
    leaders = [seat for seat, key in enumerate(zip(pips, tiles)) if key == best]
    if len(leaders) > 1:
        return None, 0
    winner = leaders[0]
    return winner, sum(pips) - 2 * pips[winner]


def score_blocked_sato(pips: Sequence[int], tiles: Sequence[int]) -> tuple[int | None, int]:
    """Sato 157 (VARIANTS.md): the same winner as Playboard (lowest pips, then fewer tiles, still
    tied: nobody), who scores the pips left in the other hands (Playboard subtracts the winner's own)."""
    winner, _playboard_points = score_blocked_playboard(pips, tiles)
    return (None, 0) if winner is None else (winner, score_domino(pips, winner))


def leader_by_forced_opening(result: RoundResult) -> int | None:
    """Playboard: every round opens by the forced-opening rule, so no seat is chosen in advance."""
    return None


def leader_is_previous_winner(result: RoundResult) -> int | None:
    return result.winner


@dataclass(frozen=True)
class RuleSet:
    """Everything that differs between rule sets, as data plus small functions."""

    name: str
    hand_sizes: Mapping[int, int]
    target_score: int = 100
    choose_opening: Callable[[Sequence[int]], Opening] = forced_opening
    score_blocked: Callable[[Sequence[int], Sequence[int]], tuple[int | None, int]] = score_blocked_playboard
    score_domino: Callable[[Sequence[int], int], int] = score_domino
    next_round_leader: Callable[[RoundResult], int | None] = leader_by_forced_opening
    seat_counts: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat_counts", tuple(sorted(self.hand_sizes)))

    @property
    def seat_range(self) -> str:
        """The seat counts as words for error messages, e.g. ``2 to 4``."""
        low, high = self.seat_counts[0], self.seat_counts[-1]
        return str(low) if low == high else f"{low} to {high}"

    def check_seats(self, seats: int, where: str = "") -> None:
        """Raise the ``seats`` error (with the counts its sentence names) unless ``seats`` may play."""
        if seats not in self.seat_counts:
            raise InvalidPositionError(f"{seats} seats: {self.name} is played by {self.seat_range}", where=where,
                                       code="seats", seats=seats, fewest=self.seat_counts[0], most=self.seat_counts[-1])

    def hand_size(self, seats: int) -> int:
        try:
            return self.hand_sizes[seats]
        except KeyError:
            raise ValueError(f"{self.name} is played by {self.seat_counts} seats, not {seats}") from None


def led_by(seat: int) -> Callable[[Sequence[int]], Opening]:
    """The opening of a round whose leader is chosen in advance: ``seat`` leads, with any tile."""
    def choose(hands: Sequence[int]) -> Opening:
        return Opening(seat, None, OpeningReason.PREVIOUS_WINNER)
    return choose


def rules_for_round(rules: RuleSet, leader: int | None) -> RuleSet:
    """The rules one round is played by: ``rules``, and when the match chose the round's leader
    (:meth:`~tutor.games.domino.match.Match.next_leader`), that seat opens with any tile."""
    return rules if leader is None else replace(rules, choose_opening=led_by(leader))


PLAYBOARD = RuleSet(name="playboard", hand_sizes={2: 7, 3: 5, 4: 5})

#: Sato 157, the traditional Vietnamese rules (VARIANTS.md): 7 tiles each for 2 to 4 players (4
#: players: no boneyard), the first round opened as in Playboard, a blocked round's winner scoring
#: the others' pips, the previous winner leading the next round with any tile (a round's rules:
#: :func:`rules_for_round` with :meth:`Match.next_leader`).
SATO = RuleSet(name="sato", hand_sizes={2: 7, 3: 7, 4: 7}, score_blocked=score_blocked_sato,
               next_round_leader=leader_is_previous_winner)
