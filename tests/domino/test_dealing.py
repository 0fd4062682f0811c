"""The constrained shuffle (tutor/games/domino/dealing.py) spreads its deals evenly over every
order of the tiles that no slot's bars rule out: counted here against every such order, enumerated."""

from __future__ import annotations

import itertools
import random

from tutor.games.domino.dealing import ConstrainedShuffle

TILES = [0, 1, 2, 3, 4, 5]
#: three kinds of barred slot (the chain runs), as a seat's dealt and drawn slots and the boneyard's
BARRED = [0b000011, 0b000011, 0b001100, 0, 0, 0b100000]


def consistent_orders() -> list[tuple[int, ...]]:
    return [order for order in itertools.permutations(TILES)
            if not any(barred >> tile & 1 for barred, tile in zip(BARRED, order))]


def test_the_deals_spread_evenly_over_every_consistent_order():
    """Every deal is a consistent order, and each consistent order comes as often as the others,
    within the chi-square's far tail."""
    allowed = consistent_orders()
    dealing = ConstrainedShuffle(TILES, BARRED, random.Random(4))
    assert dealing.chain is not None  # the chain of swaps, not a cheaper exact path
    rng = random.Random(9)
    draws = 40 * len(allowed) * 10
    counts = dict.fromkeys(allowed, 0)
    for _ in range(draws):
        order = tuple(dealing.sample(rng))
        assert order in counts  # no slot holds a tile it bars
        counts[order] += 1
    expected = draws / len(allowed)
    # chi-square with len(allowed) - 1 degrees of freedom, far below its 1 in 10,000 tail
    chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
    assert chi_square < len(allowed) + 5 * (2 * len(allowed)) ** 0.5, (chi_square, len(allowed))
