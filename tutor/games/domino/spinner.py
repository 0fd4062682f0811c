"""A layout that branches at its spinner (Straight and All Fives, VARIANTS.md): up to four arms.

Pure and immutable. The spinner is the round's first tile, a double; an **arm** grows from each of
its two ends (left, right) and, once both hold a tile, from each of its two sides (up, down). Each
arm has one open end. In All Fives the open ends are counted after every play (:meth:`count`).
Playboard's line never branches (RULES.md): this layout is only for the rule sets that say so.

>>> from tutor.games.domino.tiles import Tile
>>> layout = SpinnerLayout.lead(Tile(5, 5))
>>> layout.count()  # the spinner alone shows 5 and 5
10
>>> layout = layout.play(Tile(5, 0), RIGHT)
>>> layout.places(Tile(6, 5)), layout.count()
([<End.LEFT: 'left'>], 10)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tutor.games.domino.tiles import Tile


class End(enum.Enum):
    """Where a tile is played: a line's left or right end, or, once a spinner's two ends hold a
    tile, its up or down side. With a spinner each is an **arm** growing outwards from it."""

    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"


LEFT, RIGHT, UP, DOWN = End.LEFT, End.RIGHT, End.UP, End.DOWN
ARMS = (LEFT, RIGHT, UP, DOWN)  # the order of SpinnerLayout.arms
ENDS = (LEFT, RIGHT)  # the spinner's ends: open from the start
SIDES = (UP, DOWN)  # the spinner's sides: open once both ends hold a tile (VARIANTS.md, decision)


@dataclass(frozen=True)
class SpinnerLayout:
    """The spinner and, per arm, the tiles from the spinner outwards with the number each one
    leaves open (``(tile, open number)``)."""

    spinner: Tile
    arms: tuple[tuple[tuple[Tile, int], ...], ...] = ((), (), (), ())

    @classmethod
    def lead(cls, spinner: Tile) -> "SpinnerLayout":
        if not spinner.is_double:
            raise ValueError(f"{spinner} is not a double: a spinner is")
        return cls(spinner)

    def arm(self, arm: End) -> tuple[tuple[Tile, int], ...]:
        return self.arms[ARMS.index(arm)]

    def open_arms(self) -> tuple[End, ...]:
        """The arms a tile may extend now."""
        if self.arm(LEFT) and self.arm(RIGHT):
            return ENDS + SIDES
        return ENDS

    def open_number(self, arm: End) -> int:
        tiles = self.arm(arm)
        return tiles[-1][1] if tiles else self.spinner.high

    def open_ends(self) -> dict[End, int]:
        """Each open arm and the number it shows."""
        return {arm: self.open_number(arm) for arm in self.open_arms()}

    def places(self, tile: Tile) -> list[End]:
        """The arms ``tile`` fits (several arms may show the same number: each is a move)."""
        return [arm for arm in self.open_arms() if tile.has(self.open_number(arm))]

    def play(self, tile: Tile, arm: End) -> "SpinnerLayout":
        if arm not in self.places(tile):
            raise ValueError(f"{tile} does not fit the {arm.value} arm")
        index = ARMS.index(arm)
        grown = self.arms[index] + ((tile, tile.other(self.open_number(arm))),)
        return SpinnerLayout(self.spinner, self.arms[:index] + (grown,) + self.arms[index + 1:])

    def count(self) -> int:
        """All Fives' count of the open ends (see :meth:`count_terms`)."""
        return sum(self.count_terms())

    def count_terms(self) -> tuple[int, ...]:
        """The numbers All Fives adds up, arm by arm: each arm's end (a double there gives both its
        halves), and the spinner's two halves while one of its ends is still bare."""
        terms: list[int] = []
        if not (self.arm(LEFT) and self.arm(RIGHT)):
            terms += [self.spinner.high, self.spinner.high]
        for tiles in self.arms:
            if tiles:
                tile, number = tiles[-1]
                terms += [number, number] if tile.is_double else [number]
        return tuple(terms)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return (self.spinner,) + tuple(t for arm in self.arms for t, _ in arm)


def all_fives_score(count: int) -> int:
    """Points for a play in All Fives: the count when it is a positive multiple of 5."""
    return count if count > 0 and count % 5 == 0 else 0


__all__ = ["ARMS", "DOWN", "End", "LEFT", "RIGHT", "SpinnerLayout", "UP", "all_fives_score"]
