"""A table that branches (Straight and All Fives, VARIANTS.md): a tree of arms from the spinner.

Pure and immutable. The spinner is the round's first tile, a double; an **arm** grows from each of
its two ends (left, right) and, once both hold a tile, from each of its two sides (up, down). Every
other double laid in an arm branches too (the rulebook's rule, [003a]: a double "creates 2 new ends
and 3 more places to play"): the arm goes on from its far end, and a new arm, a :class:`Branch`,
grows from each of its two sides at once. With "one spinner" (``branching=False``, the rule many
clubs play) only the spinner branches: every other double lies crosswise in its arm, one place in it.
Each arm has one open end. In All Fives the open ends are counted after every play (:meth:`count`).
Playboard's line never branches (RULES.md): this layout is only for the rule sets that say so.

>>> from tutor.games.domino.tiles import Tile
>>> layout = SpinnerLayout.lead(Tile(5, 5))
>>> layout.count()  # the spinner alone shows 5 and 5
10
>>> layout = layout.play(Tile(5, 0), RIGHT)
>>> layout.places(Tile(6, 5)), layout.count()
([<End.LEFT: 'left'>], 10)
>>> layout = SpinnerLayout.lead(Tile(6, 6), branching=True).play(Tile(6, 4), LEFT).play(Tile(4, 4), LEFT)
>>> [arm.value for arm in layout.open_arms()]
['left', 'right', '4-4.left', '4-4.right']
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Union

from tutor.games.domino.tiles import Tile


class End(enum.Enum):
    """Where a tile is played: a line's left or right end, or, once a spinner's two ends hold a
    tile, its up or down side. With a spinner each is an **arm** growing outwards from it."""

    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"


LEFT, RIGHT, UP, DOWN = End.LEFT, End.RIGHT, End.UP, End.DOWN
ARMS = (LEFT, RIGHT, UP, DOWN)  # the spinner's arms, the order of SpinnerLayout.arms
ENDS = (LEFT, RIGHT)  # the spinner's ends: open from the start
SIDES = (UP, DOWN)  # the spinner's sides: open once both ends hold a tile (VARIANTS.md, decision)
HANDS = (LEFT, RIGHT)  # a branching double's two sides, looking out from the spinner along its arm

_BRANCH_RE = re.compile(r"([0-6])-\1\.(left|right)")


@dataclass(frozen=True)
class Branch:
    """The arm growing from one side of a double laid in an arm (every double but the spinner,
    when doubles branch). ``hand`` is ``LEFT`` or ``RIGHT``: the double's side on your left or
    right hand as you look out from the spinner along the double's own arm (VARIANTS.md)."""

    double: Tile
    hand: End

    def __post_init__(self) -> None:
        if not self.double.is_double or self.hand not in HANDS:
            raise ValueError(f"no branch {self.double} {self.hand}: a double's left or right side")

    @property
    def value(self) -> str:
        """Its name in the API and the pages: ``4-4.left``."""
        return f"{self.double}.{self.hand.value}"

    @classmethod
    def named(cls, text: str) -> "Branch | None":
        match = _BRANCH_RE.fullmatch(text) if isinstance(text, str) else None
        return None if match is None else cls(Tile.parse(text[:3]), End(match[2]))

    def __repr__(self) -> str:
        return f"Branch({self.value!r})"


#: Any arm of a spinner's table: one of the spinner's four, or a branch from a double's side.
Arm = Union[End, Branch]


def arm_named(text: object) -> Arm | None:
    """The arm called ``text`` (``"left"``, ``"up"``, ``"4-4.right"``), or None."""
    if not isinstance(text, str):
        return None
    try:
        return End(text)
    except ValueError:
        return Branch.named(text)


ArmTiles = tuple[tuple[Tile, int], ...]  # an arm's tiles from the spinner outwards, each with the number it leaves open


@dataclass(frozen=True)
class SpinnerLayout:
    """The spinner and, per arm, the tiles from the spinner outwards with the number each one
    leaves open (``(tile, open number)``): the spinner's four arms in ``arms`` (left, right, up,
    down), and the branches that hold tiles in ``branches`` (sorted by the double, then left
    before right). ``branching``: every double branches (False: one spinner)."""

    spinner: Tile
    arms: tuple[ArmTiles, ...] = ((), (), (), ())
    branches: tuple[tuple[Branch, ArmTiles], ...] = ()
    branching: bool = field(default=False)

    @classmethod
    def lead(cls, spinner: Tile, branching: bool = False) -> "SpinnerLayout":
        if not spinner.is_double:
            raise ValueError(f"{spinner} is not a double: a spinner is")
        return cls(spinner, branching=branching)

    def arm(self, arm: Arm) -> ArmTiles:
        if isinstance(arm, End):
            return self.arms[ARMS.index(arm)]
        for branch, tiles in self.branches:
            if branch == arm:
                return tiles
        return ()

    @cached_property
    def every_arm(self) -> tuple[Arm, ...]:
        """Every arm there is, open or not yet, in the table's order: the spinner's left, right, up
        and down, then, arm by arm in this same order, each double's left and right branches in
        the order the doubles lie from the spinner outwards."""
        order: list[Arm] = list(ARMS)
        if self.branching:
            k = 0
            while k < len(order):
                for tile, _ in self.arm(order[k]):
                    if tile.is_double:
                        order += [Branch(tile, LEFT), Branch(tile, RIGHT)]
                k += 1
        return tuple(order)

    @cached_property
    def _open(self) -> tuple[Arm, ...]:
        sides_open = bool(self.arms[0] and self.arms[1])
        return tuple(arm for arm in self.every_arm if sides_open or arm not in SIDES)

    def open_arms(self) -> tuple[Arm, ...]:
        """The arms a tile may extend now: the spinner's ends, its sides once both ends hold a
        tile, and (when doubles branch) both sides of every other double, from the moment it is laid."""
        return self._open

    def doubles(self) -> tuple[Tile, ...]:
        """The doubles that branch (every double on the table but the spinner; none with one spinner)."""
        return tuple(arm.double for arm in self.every_arm[len(ARMS)::2])  # type: ignore[union-attr]

    def open_number(self, arm: Arm) -> int:
        tiles = self.arm(arm)
        if tiles:
            return tiles[-1][1]
        return self.spinner.high if isinstance(arm, End) else arm.double.high

    def open_ends(self) -> dict[Arm, int]:
        """Each open arm and the number it shows, in the table's order."""
        return {arm: self.open_number(arm) for arm in self._open}

    def places(self, tile: Tile) -> list[Arm]:
        """The arms ``tile`` fits (several arms may show the same number: each is a move)."""
        return [arm for arm in self._open if tile.has(self.open_number(arm))]

    def play(self, tile: Tile, arm: Arm) -> "SpinnerLayout":
        if arm not in self._open or not tile.has(self.open_number(arm)):
            raise ValueError(f"{tile} does not fit the {arm.value} arm")
        grown = self.arm(arm) + ((tile, tile.other(self.open_number(arm))),)
        if isinstance(arm, End):
            index = ARMS.index(arm)
            return SpinnerLayout(self.spinner, self.arms[:index] + (grown,) + self.arms[index + 1:],
                                 self.branches, self.branching)
        branches = tuple(sorted([(b, t) for b, t in self.branches if b != arm] + [(arm, grown)],
                                key=lambda entry: (entry[0].double.index, entry[0].hand is RIGHT)))
        return SpinnerLayout(self.spinner, self.arms, branches, self.branching)

    def count(self) -> int:
        """All Fives' count of the open ends (see :meth:`count_terms`)."""
        return sum(self.count_terms())

    def count_terms(self) -> tuple[int, ...]:
        """The numbers All Fives adds up, arm by arm in the table's order: each arm's end (a
        double there gives both its halves: it still ends its arm, whatever lies on its sides), and
        the spinner's two halves while one of its ends is still bare. An arm without a tile adds
        nothing (VARIANTS.md)."""
        terms: list[int] = []
        if not (self.arms[0] and self.arms[1]):
            terms += [self.spinner.high, self.spinner.high]
        for arm in self.every_arm:
            tiles = self.arm(arm)
            if tiles:
                tile, number = tiles[-1]
                terms += [number, number] if tile.is_double else [number]
        return tuple(terms)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The spinner, then every arm's tiles from the spinner outwards, arms in the table's order."""
        return (self.spinner,) + tuple(t for arm in self.every_arm for t, _ in self.arm(arm))


def arm_rank(arm: Arm, layout: SpinnerLayout | None = None) -> int:
    """An arm's place in the table's order (:attr:`SpinnerLayout.every_arm`): the spinner's arms 0
    to 3, a branch after them (with ``layout``, its own place; without, 4)."""
    if isinstance(arm, End):
        return ARMS.index(arm)
    if layout is not None and arm in layout.every_arm:
        return layout.every_arm.index(arm)
    return len(ARMS)


def all_fives_score(count: int) -> int:
    """Points for a play in All Fives: the count when it is a multiple of 5 above 0 (0 is a
    multiple of 5 too, but it is worth nothing)."""
    return count if count > 0 and count % 5 == 0 else 0


__all__ = ["ARMS", "Arm", "Branch", "DOWN", "End", "HANDS", "LEFT", "RIGHT", "SpinnerLayout", "UP",
           "all_fives_score", "arm_named", "arm_rank"]
