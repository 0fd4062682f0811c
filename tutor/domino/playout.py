"""Fast playouts: whole rounds played on bit masks, for benchmarks and the hint engine.

The rules here are the same as :class:`~tutor.domino.position.Position`'s (the tests replay the
same choices through both and compare), written as one tight loop because the hint engine plays
thousands of rounds per request.
"""

from __future__ import annotations

import random
from typing import Sequence

from .rules import PLAYBOARD, RuleSet
from .tiles import NUMBER_MASK, TILE_COUNT, TILE_HIGH, TILE_LOW, pips_in

#: Outcome of a playout: (winner or None, points, reason) with reason "domino" or "blocked".
Outcome = tuple[int | None, int, str]


def shuffled_tiles(rng: random.Random) -> list[int]:
    """The 28 tile indices in random order (Fisher-Yates driven by ``rng.random``)."""
    order = list(range(TILE_COUNT))
    rand = rng.random
    for i in range(TILE_COUNT - 1, 0, -1):
        j = int(rand() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return order


def deal_masks(order: Sequence[int], seats: int, rules: RuleSet = PLAYBOARD) -> tuple[list[int], list[int]]:
    """Split a tile order into bit-mask hands (seat 0 takes the first tiles) and the boneyard."""
    size = rules.hand_size(seats)
    hands = []
    for seat in range(seats):
        mask = 0
        for index in order[seat * size : (seat + 1) * size]:
            mask |= 1 << index
        hands.append(mask)
    return hands, list(order[seats * size :])


def random_playout(
    hands: list[int],
    left: int,
    right: int,
    to_move: int,
    passes: int,
    boneyard: Sequence[int],
    rng: random.Random,
    rules: RuleSet = PLAYBOARD,
) -> Outcome:
    """Finish an opened round with uniformly random legal choices. ``hands`` is modified."""
    seats = len(hands)
    rand = rng.random
    number_mask = NUMBER_MASK
    high, low = TILE_HIGH, TILE_LOW
    stock = list(boneyard)
    stock.reverse()  # pop() from the end draws the next tile
    while True:
        hand = hands[to_move]
        fit = hand & (number_mask[left] | number_mask[right])
        if not fit:
            while stock:
                index = stock.pop()
                hand |= 1 << index
                if high[index] in (left, right) or low[index] in (left, right):
                    fit = 1 << index
                    break
            if not fit:
                hands[to_move] = hand
                passes += 1
                if passes == seats:
                    pips = [pips_in(h) for h in hands]
                    winner, points = rules.score_blocked(pips, [h.bit_count() for h in hands])
                    return winner, points, "blocked"
                to_move = (to_move + 1) % seats
                continue
        passes = 0
        # Pick one fitting tile at random, then an end it fits.
        count = fit.bit_count()
        if count > 1:
            for _ in range(int(rand() * count)):
                fit &= fit - 1
        bit = fit & -fit
        index = bit.bit_length() - 1
        a, b = high[index], low[index]
        fits_left = a == left or b == left
        if fits_left and (a == right or b == right) and rand() < 0.5:
            fits_left = False
        if fits_left:
            left = b if a == left else a
        else:
            right = b if a == right else a
        hand ^= bit
        hands[to_move] = hand
        if not hand:
            pips = [pips_in(h) for h in hands]
            return to_move, rules.score_domino(pips, to_move), "domino"
        to_move = (to_move + 1) % seats


def random_round(rng: random.Random, seats: int, rules: RuleSet = PLAYBOARD) -> Outcome:
    """Deal with ``rng`` and play a whole round with random legal choices."""
    hands, boneyard = deal_masks(shuffled_tiles(rng), seats, rules)
    opening = rules.choose_opening(hands)
    tile = opening.tile
    hands[opening.seat] &= ~(1 << tile.index)
    return random_playout(
        hands, tile.high, tile.low, (opening.seat + 1) % seats, 0, boneyard, rng, rules
    )
