"""Fast playouts: whole rounds played on bit masks, for benchmarks and the hint engine.

There is one playout loop, :func:`playout`, and a choice policy says which fitting tile a seat
plays and at which end (:func:`random_choice`, :func:`heaviest_choice`). The rules of a turn are
:func:`~tutor.games.domino.turn.seat_turn`'s, written out inline here (not called) because the hint
engine plays thousands of rounds per request, on hands that may be encoded by weight rank. So that
the two cannot drift apart, ``tests/test_playout_steps.py`` checks each step of many random rounds,
with both policies, against ``seat_turn``: the loop can ``trace`` its draws, passes and end, and the
test's policy records every play (a policy sees the hand and the ends); ``tests/test_engine.py``
also replays the same choices through ``Position``. (Tracing plays inside the loop would cost a
sixth of its speed: a test of ``trace`` on every step of a hot loop.)

Hands are bit masks in one of two encodings: :data:`BY_INDEX` (bit ``i`` is the tile of index
``i``, as everywhere else) or :data:`BY_RANK` (bit ``r`` is the tile of weight rank ``r``, so the
heaviest tile of a hand is its highest bit).
"""

from __future__ import annotations

import random
from typing import Callable, NamedTuple, Sequence

from .rules import PLAYBOARD, RuleSet
from .tiles import BY_WEIGHT, NUMBER_MASK, TILE_COUNT, TILE_HIGH, TILE_LOW, TILE_VALUE, sum_over_bits

#: Outcome of a playout: (winner or None, points, reason) with reason "domino" or "blocked".
Outcome = tuple[int | None, int, str]


class Encoding(NamedTuple):
    """What each bit of a hand mask stands for: its halves, its pips, and the bits showing a number."""

    high: tuple[int, ...]
    low: tuple[int, ...]
    value: tuple[int, ...]
    number_mask: tuple[int, ...]


BY_INDEX = Encoding(TILE_HIGH, TILE_LOW, TILE_VALUE, NUMBER_MASK)
BY_RANK = Encoding(
    tuple(TILE_HIGH[i] for i in BY_WEIGHT),
    tuple(TILE_LOW[i] for i in BY_WEIGHT),
    tuple(TILE_VALUE[i] for i in BY_WEIGHT),
    tuple(sum(1 << r for r, i in enumerate(BY_WEIGHT) if mask >> i & 1) for mask in NUMBER_MASK),
)

#: A choice policy: from the fitting tiles (a mask), the whole hand, the bits that fit the left end
#: and those that fit the right end, and a ``random()``, the bit number of the tile to play;
#: ``~bit`` plays it at the right end, ``bit`` at the left end when it fits there. (A number, not
#: a pair: the loop runs as fast as one written for a single policy.)
Policy = Callable[[int, int, int, int, Callable[[], float]], int]


def random_choice(fit: int, hand: int, left_tiles: int, right_tiles: int, rand: Callable[[], float]) -> int:
    """A uniformly random fitting tile, then a random end among those it fits."""
    if fit & (fit - 1):  # more than one tile: skip a random number of the lowest
        skip = int(rand() * fit.bit_count())
        while skip:
            fit &= fit - 1
            skip -= 1
    bit = fit & -fit
    index = bit.bit_length() - 1
    if bit & left_tiles and bit & right_tiles and rand() < 0.5:
        return ~index
    return index


def heaviest_choice(fit: int, hand: int, left_tiles: int, right_tiles: int, rand: Callable[[], float]) -> int:
    """The heaviest fitting tile (hands in :data:`BY_RANK`), at the left end when it fits both.
    Against random play this is the better model of real opponents, and it is one ``bit_length``."""
    return fit.bit_length() - 1


def playout(
    hands: list[int],
    left: int,
    right: int,
    to_move: int,
    passes: int,
    stock: list[int],
    choose: Policy,
    rand: Callable[[], float] | None = None,
    rules: RuleSet = PLAYBOARD,
    encoding: Encoding = BY_INDEX,
    trace: list | None = None,
) -> Outcome:
    """Finish an opened round, every seat playing what ``choose`` picks. ``hands`` (masks in
    ``encoding``) and ``stock`` (bit numbers, drawn with ``pop()``) are used up.

    With a ``trace`` list, each draw and pass appends ``(seat, hand, left, right, boneyard,
    passes, kind, bit)`` as it was just before it (``kind`` is "draw" or "pass"; ``bit`` the tile
    drawn), and the end appends ``(..., "over", 0)``; plays are for the policy to record.
    """
    seats = len(hands)
    high, low, value, number_mask = encoding
    while True:
        hand = hands[to_move]
        left_tiles, right_tiles = number_mask[left], number_mask[right]
        fit = hand & (left_tiles | right_tiles)
        if not fit:
            either = left_tiles | right_tiles
            # seat_turn: nothing fits, so draw while the boneyard has tiles, else pass.
            while stock:
                drawn = stock.pop()
                if trace is not None:
                    trace.append((to_move, hand, left, right, len(stock) + 1, passes, "draw", 1 << drawn))
                hand |= 1 << drawn
                if either >> drawn & 1:
                    fit = 1 << drawn
                    break
            hands[to_move] = hand
            if not fit:
                if trace is not None:
                    trace.append((to_move, hand, left, right, 0, passes, "pass", 0))
                passes += 1
                if passes == seats:  # every seat passed in a row: blocked
                    if trace is not None:
                        trace.append((to_move, hand, left, right, 0, passes, "over", 0))
                    pips = [sum_over_bits(h, value) for h in hands]
                    # the seat that placed the last tile is this one: every seat has passed since
                    winner, points = rules.score_blocked(pips, [h.bit_count() for h in hands], to_move)
                    return winner, points, "blocked"
                to_move += 1
                if to_move == seats:
                    to_move = 0
                continue
        # seat_turn: a fitting tile must be played; the policy says which, and where.
        index = choose(fit, hand, left_tiles, right_tiles, rand)  # type: ignore[arg-type]
        passes = 0
        if index >= 0:  # the left end if the tile fits it, else the right
            a, b = high[index], low[index]
            if a == left:
                left = b
            elif b == left:
                left = a
            elif a == right:
                right = b
            else:
                right = a
        else:
            index = ~index
            a = high[index]
            right = low[index] if a == right else a
        hand ^= 1 << index
        hands[to_move] = hand
        if not hand:  # played out
            if trace is not None:
                trace.append((to_move, hand, left, right, len(stock), passes, "over", 0))
            pips = [sum_over_bits(h, value) for h in hands]
            return to_move, rules.score_domino(pips, to_move), "domino"
        to_move += 1
        if to_move == seats:
            to_move = 0


# Fisher-Yates from the last place down: (place, how many places are left to draw from).
_SHUFFLE_STEPS: tuple[tuple[int, int], ...] = tuple((i, i + 1) for i in range(TILE_COUNT - 1, 0, -1))


def shuffled_tiles(rng: random.Random) -> list[int]:
    """The 28 tile indices in random order (Fisher-Yates driven by ``rng.random``)."""
    order = list(range(TILE_COUNT))
    rand = rng.random
    for i, size in _SHUFFLE_STEPS:
        j = int(rand() * size)
        order[i], order[j] = order[j], order[i]
    return order


def deal_masks(order: Sequence[int], seats: int, rules: RuleSet = PLAYBOARD) -> tuple[list[int], list[int]]:
    """Split a tile order into bit-mask hands (seat 0 takes the first tiles) and the boneyard."""
    size = rules.hand_size(seats)
    hands = []
    for start in range(0, seats * size, size):
        mask = 0
        for index in order[start : start + size]:
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
    trace: list | None = None,
    choose: Policy = random_choice,
) -> Outcome:
    """Finish an opened round with uniformly random legal choices (``boneyard`` in draw order).
    ``hands`` is modified. (``trace`` and ``choose``, a wrapper of :func:`random_choice`, are for
    the tests.)"""
    stock = list(boneyard)
    stock.reverse()  # pop() from the end draws the next tile
    return playout(hands, left, right, to_move, passes, stock, choose, rng.random, rules, BY_INDEX, trace)


def random_round(rng: random.Random, seats: int, rules: RuleSet = PLAYBOARD, trace: list | None = None,
                 choose: Policy = random_choice) -> Outcome:
    """Deal with ``rng`` and play a whole round with random legal choices."""
    hands, boneyard = deal_masks(shuffled_tiles(rng), seats, rules)
    opening = rules.choose_opening(hands)
    tile = opening.tile
    hands[opening.seat] &= ~(1 << tile.index)
    return random_playout(
        hands, tile.high, tile.low, (opening.seat + 1) % seats, 0, boneyard, rng, rules, trace, choose
    )
