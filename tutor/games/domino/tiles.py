"""Tiles of the double-six set.

A tile is held as a small integer ``index`` (0..27) so that a hand can be a bit mask; the
:class:`Tile` objects are interned, one per index, and give the readable side.

>>> Tile.parse("3-6")
Tile.parse('6-3')
>>> Tile.parse("6-3").value, Tile.parse("4-4").is_double
(9, True)
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator, Sequence

from tutor.games.domino.errors import InvalidTileError

HIGHEST = 6
TILE_COUNT = 28
_TILE_RE = re.compile(r"([0-6])-([0-6])")


def tile_index(a: int, b: int) -> int:
    """Index of the tile with halves ``a`` and ``b`` (either order)."""
    high, low = (a, b) if a >= b else (b, a)
    return high * (high + 1) // 2 + low


class Tile:
    """One tile; equal tiles are the same object, ordered by index (0-0 first, 6-6 last)."""

    __slots__ = ("index", "high", "low")

    index: int
    high: int
    low: int

    def __new__(cls, a: int, b: int) -> "Tile":
        if not (isinstance(a, int) and isinstance(b, int) and 0 <= a <= HIGHEST and 0 <= b <= HIGHEST):
            raise InvalidTileError(f"not a tile: {a!r}-{b!r}", token=f"{a}-{b}")
        return TILES[tile_index(a, b)]

    @classmethod
    def _make(cls, high: int, low: int) -> "Tile":
        tile = object.__new__(cls)
        object.__setattr__(tile, "index", tile_index(high, low))
        object.__setattr__(tile, "high", high)
        object.__setattr__(tile, "low", low)
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    @classmethod
    def parse(cls, text: object) -> "Tile":
        """Read ``a-b`` with halves 0..6, in either order."""
        if not isinstance(text, str):
            raise InvalidTileError(f"a tile is written a-b, not {text!r}", token=repr(text))
        match = _TILE_RE.fullmatch(text)
        if match is None:
            raise InvalidTileError(f"not a tile: {text!r} (write a-b with halves 0 to 6)", token=text)
        return TILES[tile_index(int(match[1]), int(match[2]))]

    @classmethod
    def from_index(cls, index: int) -> "Tile":
        return TILES[index]

    @property
    def value(self) -> int:
        """The pip sum: what the tile costs when it is left in hand."""
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def bit(self) -> int:
        return 1 << self.index

    def has(self, number: int) -> bool:
        """Whether one of the halves shows ``number``."""
        return number == self.high or number == self.low

    def other(self, number: int) -> int:
        """The half opposite the one showing ``number``."""
        if number == self.high:
            return self.low
        if number == self.low:
            return self.high
        raise ValueError(f"{self} has no half {number}")

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile.parse('{self}')"

    def __lt__(self, other: "Tile") -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple:
        return (Tile.from_index, (self.index,))


TILES: tuple[Tile, ...] = tuple(Tile._make(high, low) for high in range(HIGHEST + 1) for low in range(high + 1))
assert all(tile.index == i for i, tile in enumerate(TILES))
DOUBLES: tuple[Tile, ...] = tuple(tile for tile in TILES if tile.is_double)
DOUBLES_MASK: int = sum(tile.bit for tile in DOUBLES)

# Bit-level tables shared by the engine and the fast playouts.
TILE_HIGH: tuple[int, ...] = tuple(t.high for t in TILES)
TILE_LOW: tuple[int, ...] = tuple(t.low for t in TILES)
TILE_VALUE: tuple[int, ...] = tuple(t.value for t in TILES)
FULL_SET: int = (1 << TILE_COUNT) - 1
#: NUMBER_MASK[n]: every tile with a half showing n.
NUMBER_MASK: tuple[int, ...] = tuple(
    sum(t.bit for t in TILES if t.has(n)) for n in range(HIGHEST + 1)
)
#: INDEX_OF[a][b]: :func:`tile_index` as a table, for the loops that read a line of play.
INDEX_OF: tuple[tuple[int, ...], ...] = tuple(tuple(tile_index(a, b) for b in range(HIGHEST + 1)) for a in range(HIGHEST + 1))

# The weight order, stated once: a tile is heavier when its pip value is higher, and of two equal
# values the one with the higher half ranks above (6-3 before 5-4; RULES.md's decision). The
# opening rule, the players' "heaviest first" and the hint engine's playouts all rank by it.
#: Tile indices from the lightest (0-0) to the heaviest (6-6): BY_WEIGHT[rank] is a tile index.
BY_WEIGHT: tuple[int, ...] = tuple(sorted(range(TILE_COUNT), key=lambda i: (TILE_VALUE[i], TILE_HIGH[i])))
#: RANK[index]: a tile's place in BY_WEIGHT (0 the lightest, 27 the heaviest).
RANK: tuple[int, ...] = tuple(BY_WEIGHT.index(i) for i in range(TILE_COUNT))


def mask_of(tiles: Iterable[Tile]) -> int:
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    return mask


def tiles_in(mask: int) -> Iterator[Tile]:
    """The tiles of a bit mask, in index order."""
    while mask:
        low_bit = mask & -mask
        yield TILES[low_bit.bit_length() - 1]
        mask ^= low_bit


def sum_over_bits(mask: int, values: Sequence[float]) -> float:
    """The sum of ``values[i]`` over every set bit ``i`` of ``mask`` (an int for int values)."""
    total = 0
    while mask:
        low_bit = mask & -mask
        total += values[low_bit.bit_length() - 1]
        mask ^= low_bit
    return total


def pips_in(mask: int) -> int:
    """The pips of the tiles in a bit mask: what a hand costs when the round ends."""
    return sum_over_bits(mask, TILE_VALUE)
