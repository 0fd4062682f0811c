"""Deals and round records: a round is its deal plus its list of actions.

>>> deal = Deal.from_seed(7, seats=2)
>>> record = RoundRecord(deal, [])
>>> record.position().required().value
'open'
>>> RoundRecord.parse(record.to_text()) == record
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from tutor.games.domino.errors import IllegalMoveError, InvalidPositionError
from tutor.games.domino.playout import deal_masks, shuffled_tiles
from tutor.games.domino.position import Action, Position
from tutor.games.domino.rules import PLAYBOARD, RuleSet
from tutor.games.domino.tiles import TILE_COUNT, TILES, Tile


@dataclass(frozen=True)
class Deal:
    """All 28 tiles in the order they were dealt: seat 0 takes the first hand's worth, then
    seat 1, ...; the rest is the boneyard, drawn from the front."""

    order: tuple[Tile, ...]
    seats: int
    rules: RuleSet = field(default=PLAYBOARD, compare=False)

    def __post_init__(self) -> None:
        self.rules.check_seats(self.seats)
        if len(self.order) != TILE_COUNT or len(set(self.order)) != TILE_COUNT:
            raise InvalidPositionError("a deal must list each of the 28 tiles once", code="deal")

    @classmethod
    def from_seed(cls, seed: int, seats: int, rules: RuleSet = PLAYBOARD) -> "Deal":
        """A shuffled deal, the same for the same seed. A spinner game shuffles again while nobody
        holds a double (VARIANTS.md: the lead must be a double)."""
        rng = random.Random(seed)
        while True:
            deal = cls(tuple(TILES[i] for i in shuffled_tiles(rng)), seats, rules)
            if deal.can_lead():
                return deal

    def can_lead(self) -> bool:
        """Whether somebody can lead: a spinner game's lead must be a double (VARIANTS.md)."""
        return not self.rules.spinner or any(t.is_double for t in self.order[:self.seats * self.rules.hand_size(self.seats)])

    def redealt(self, seed: int) -> "Deal":
        """The same hand for seat 0, and every other tile dealt again: the other hands and the
        boneyard shuffled by ``seed`` (again while nobody can lead, as :meth:`from_seed` does)."""
        size = self.rules.hand_size(self.seats)
        kept, rest = list(self.order[:size]), list(self.order[size:])
        rng = random.Random(seed)
        while True:
            rng.shuffle(rest)
            deal = Deal(tuple(kept + rest), self.seats, self.rules)
            if deal.can_lead():
                return deal

    @classmethod
    def from_hands(
        cls, hands: Sequence[Iterable[Tile | str]], boneyard: Iterable[Tile | str] = (), rules: RuleSet = PLAYBOARD
    ) -> "Deal":
        """A designed deal: the given hands, then the boneyard in the given draw order, then every
        remaining tile from 0-0 up."""
        def tile(t: Tile | str) -> Tile:
            return t if isinstance(t, Tile) else Tile.parse(t)

        seats = len(hands)
        size = rules.hand_size(seats)
        order: list[Tile] = []
        for seat, hand in enumerate(hands):
            tiles = [tile(t) for t in hand]
            if len(tiles) != size:
                raise InvalidPositionError(f"seat {seat} holds {len(tiles)} tiles; the deal gives {size}", code="deal")
            order += tiles
        order += [tile(t) for t in boneyard]
        order += [t for t in TILES if t not in order]
        return cls(tuple(order), seats, rules)

    def position(self) -> Position:
        """The position right after the deal, before the opening."""
        hands, boneyard = deal_masks([t.index for t in self.order], self.seats, self.rules)
        return Position(hands, (), 0, 0, boneyard, self.rules)

    def to_text(self) -> str:
        return f"{self.seats}:" + ",".join(str(t) for t in self.order)

    @classmethod
    def parse(cls, text: str, rules: RuleSet = PLAYBOARD) -> "Deal":
        seats, _, tiles = text.partition(":")
        if not seats.isdigit():
            raise InvalidPositionError(f"not a deal: {text!r}", code="deal")
        return cls(tuple(Tile.parse(t) for t in tiles.split(",")), int(seats), rules)


class RoundRecord:
    """A deal and the actions played from it. Replaying re-checks every action."""

    def __init__(self, deal: Deal, actions: Iterable[Action | str] = ()) -> None:
        self.deal = deal
        self.actions: list[Action] = [a if isinstance(a, Action) else Action.parse(a) for a in actions]

    def positions(self) -> list[Position]:
        """Every position from the deal on; raises :class:`IllegalMoveError` at the first illegal
        action, naming its place in the record."""
        position = self.deal.position()
        positions = [position]
        for number, action in enumerate(self.actions):
            try:
                position = position.apply(action)
            except IllegalMoveError as error:
                error.params["index"] = number
                error.args = (f"action {number + 1} ({action}): {error.args[0]}",)
                raise error.at(f"actions[{number}]")
            positions.append(position)
        return positions

    def position(self) -> Position:
        return self.positions()[-1]

    def to_text(self) -> str:
        return " ".join([self.deal.to_text(), *(str(a) for a in self.actions)])

    @classmethod
    def parse(cls, text: str, rules: RuleSet = PLAYBOARD) -> "RoundRecord":
        deal, *actions = text.split()
        return cls(Deal.parse(deal, rules), [Action.parse(a) for a in actions])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RoundRecord) and (self.deal, self.actions) == (other.deal, other.actions)

    def __repr__(self) -> str:
        return f"RoundRecord.parse({self.to_text()!r})"

