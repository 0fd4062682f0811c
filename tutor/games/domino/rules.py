"""Rule sets as values.

A :class:`RuleSet` says how many tiles each seat is dealt, who opens a round and with what, how a
round is scored, who leads the next one, and what total wins the match. Playboard's Draw rules
(``PLAYBOARD``) are the default; another rule set is another value, not another engine.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping, Sequence

from tutor.games.domino.errors import InvalidPositionError
from tutor.games.domino.tiles import BY_WEIGHT, DOUBLES_MASK, TILES, Tile


class Termination(enum.Enum):
    """How a round ended."""

    DOMINO = "domino"  # a player placed the last tile from the hand
    BLOCKED = "blocked"  # every seat passed in a row (Playboard), or nobody can play and nothing is left to draw
    TARGET = "target"  # All Fives: a play brought a seat to the match's target, which ends the match at once


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
    #: Points each seat scored during the round's play (All Fives); empty when the rules score
    #: only at the end. The match adds them to the seats' totals with ``points``.
    play_points: tuple[int, ...] = ()

    def to_json(self) -> dict:
        data = {
            "reason": self.reason.value,
            "winner": self.winner,
            "points": self.points,
            "pips": list(self.pips),
            "tiles": list(self.tiles),
        }
        if self.play_points:
            data["play_points"] = list(self.play_points)
        return data


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


class NoDoubleDealt(LookupError):
    """A spinner game needs a double to lead: with none dealt, the tiles are dealt again."""


def spinner_opening(hands: Sequence[int]) -> Opening:
    """Straight and All Fives (VARIANTS.md): the highest double dealt leads and is the spinner.
    Raises :class:`NoDoubleDealt` when nobody holds a double."""
    if not any(hand & DOUBLES_MASK for hand in hands):
        raise NoDoubleDealt("no double dealt: the tiles are dealt again")
    return forced_opening(hands)


def score_domino(pips: Sequence[int], winner: int) -> int:
    """Playing out scores the pips left in every opponent's hand."""
    return sum(p for seat, p in enumerate(pips) if seat != winner)


def nearest_five(pips: int) -> int:
    """A pip total rounded to the nearest multiple of 5, halves up (VARIANTS.md, decision)."""
    return (pips + 2) // 5 * 5


def score_domino_to_five(pips: Sequence[int], winner: int) -> int:
    """All Fives: playing out scores the opponents' pips rounded to a multiple of 5."""
    return nearest_five(score_domino(pips, winner))


# A blocked round's scoring takes the pips and tiles left per seat and the seat that placed the
# last tile (only All Fives asks who that was); it says who won (None: a tie) and the points.
BlockedScoring = Callable[[Sequence[int], Sequence[int], int], "tuple[int | None, int]"]


def score_blocked_playboard(pips: Sequence[int], tiles: Sequence[int], last_player: int = 0) -> tuple[int | None, int]:
    """Lowest pips wins, then fewer tiles; still tied: nobody. Points: others' pips minus own."""
    best = min(zip(pips, tiles))
    leaders = [seat for seat, key in enumerate(zip(pips, tiles)) if key == best]
    if len(leaders) > 1:
        return None, 0
    winner = leaders[0]
    return winner, sum(pips) - 2 * pips[winner]


def score_blocked_sato(pips: Sequence[int], tiles: Sequence[int], last_player: int = 0) -> tuple[int | None, int]:
    """Sato 157 (VARIANTS.md): the same winner as Playboard (lowest pips, then fewer tiles, still
    tied: nobody), who scores the pips left in the other hands (Playboard subtracts the winner's own)."""
    winner, _playboard_points = score_blocked_playboard(pips, tiles)
    return (None, 0) if winner is None else (winner, score_domino(pips, winner))


def score_blocked_lower_pips(pips: Sequence[int], tiles: Sequence[int], last_player: int = 0) -> tuple[int | None, int]:
    """Straight (VARIANTS.md, after [003a]): the lower pip total wins and scores the opponents'
    pips; equal pips: nobody (the seed counts pips only, so the tiles held break no tie)."""
    low = min(pips)
    if pips.count(low) > 1:
        return None, 0
    winner = list(pips).index(low)
    return winner, score_domino(pips, winner)


def score_blocked_last_player(pips: Sequence[int], tiles: Sequence[int], last_player: int) -> tuple[int | None, int]:
    """All Fives (VARIANTS.md, after [003b]): whoever placed the last tile takes the going-out
    bonus, the opponents' pips rounded to a multiple of 5."""
    return last_player, score_domino_to_five(pips, last_player)


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
    score_blocked: BlockedScoring = score_blocked_playboard
    score_domino: Callable[[Sequence[int], int], int] = score_domino
    next_round_leader: Callable[[RoundResult], int | None] = leader_by_forced_opening
    #: The lead is a spinner: the layout branches (spinner.py) instead of staying one line.
    spinner: bool = False
    #: With a spinner: every double branches, as the rulebook says ([003a]); False: "one spinner",
    #: only the first double branches (the rule many clubs play, this app's rule before issue #29).
    doubles_branch: bool = False
    #: A blocked round ends as soon as nobody can play and nothing is left to draw (seeds 003 and
    #: 004); False: once every seat has passed in a row (Playboard, seed 000).
    ends_when_stuck: bool = False
    #: All Fives: after each play the open ends are counted, and a multiple of 5 scores.
    scores_ends: bool = False
    #: A match of a fixed number of rounds (Straight: five), won by the higher total; None: the
    #: first to ``target_score`` wins.
    rounds: int | None = None
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

#: Sato 157 as seed 004 gives it (VARIANTS.md): 2 to 4 players, 7 tiles each with 2 or 4 (4 players:
#: no boneyard), the first round opened by the highest double, the previous winner leading the next
#: round with any tile (a round's rules: :func:`rules_for_round` with :meth:`Match.next_leader`), a
#: blocked round over as soon as nobody can play and won by the lowest pips. This app's choices where
#: the seed is silent: 7 tiles for three players too, the blocked round's winner scoring the others'
#: pips, a match to 100.
SATO = RuleSet(name="sato", hand_sizes={2: 7, 3: 7, 4: 7}, score_blocked=score_blocked_sato,
               next_round_leader=leader_is_previous_winner, ends_when_stuck=True)

#: Straight (VARIANTS.md, after wikiHow): two players, 7 tiles, the highest double leads as the
#: spinner (none dealt: deal again), every double branches, going out or winning a blocked round
#: (over as soon as nobody can play) scores the opponent's pips, five rounds and the higher total wins.
STRAIGHT = RuleSet(name="straight", hand_sizes={2: 7}, choose_opening=spinner_opening,
                   score_blocked=score_blocked_lower_pips, spinner=True, doubles_branch=True, rounds=5,
                   ends_when_stuck=True)

#: All Fives (VARIANTS.md): Straight's table, plus points during play for open ends adding up to a
#: multiple of 5; going out (or, blocked, placing the last tile) scores the opponent's pips rounded
#: to 5; first to 250.
ALL_FIVES = RuleSet(name="all-fives", hand_sizes={2: 7}, target_score=250, choose_opening=spinner_opening,
                    score_domino=score_domino_to_five, score_blocked=score_blocked_last_player,
                    spinner=True, doubles_branch=True, scores_ends=True, ends_when_stuck=True)

#: The same two games with "one spinner" (the rule many clubs play): only the first double branches.
ONE_SPINNER = "-one-spinner"
STRAIGHT_ONE_SPINNER = replace(STRAIGHT, name="straight" + ONE_SPINNER, doubles_branch=False)
ALL_FIVES_ONE_SPINNER = replace(ALL_FIVES, name="all-fives" + ONE_SPINNER, doubles_branch=False)

#: Every rule set by the name the API and the pages use.
RULE_SETS: dict[str, RuleSet] = {rules.name: rules for rules in (
    PLAYBOARD, SATO, STRAIGHT, ALL_FIVES, STRAIGHT_ONE_SPINNER, ALL_FIVES_ONE_SPINNER)}


def base_rules(rules: RuleSet) -> RuleSet:
    """The rule set an option belongs to: Straight for Straight with one spinner; itself otherwise."""
    return RULE_SETS.get(rules.name.removesuffix(ONE_SPINNER), rules)


def with_one_spinner(rules: RuleSet) -> RuleSet:
    """The "one spinner" option of a spinner game (the same value when it has it already)."""
    if not rules.spinner:
        raise ValueError(f"{rules.name} has no spinner")
    return RULE_SETS[base_rules(rules).name + ONE_SPINNER]


def rule_set_named(name: object, where: str = "rules") -> RuleSet:
    """The rule set called ``name`` (the API's ``"rules"``); an unknown name is an error naming them all."""
    if isinstance(name, str) and name in RULE_SETS:
        return RULE_SETS[name]
    raise InvalidPositionError(f"{name!r} is not a rule set: one of {', '.join(RULE_SETS)}", where=where,
                               code="rules", token=str(name), names=list(RULE_SETS))
