"""The fast playout loop (tutor/domino/playout.py) writes the turn rules out inline for speed; here
every step of many random rounds, with both choice policies, is checked against the one statement of
those rules, ``seat_turn``, and against the tiles' own halves (not the loop's tables)."""

from __future__ import annotations

import random

import pytest

from tutor.domino import PLAYBOARD, TILES, Required, seat_turn
from tutor.domino.playout import (
    BY_INDEX, BY_RANK, deal_masks, heaviest_choice, playout, random_choice, random_round, shuffled_tiles,
)
from tutor.domino.tiles import BY_WEIGHT


def to_index_mask(mask: int, encoding) -> int:
    """A mask in ``encoding`` as a mask by tile index."""
    if encoding is BY_INDEX:
        return mask
    return sum(1 << BY_WEIGHT[r] for r in range(28) if mask >> r & 1)


def tile_of(bit: int, encoding):
    r = bit.bit_length() - 1
    return TILES[r if encoding is BY_INDEX else BY_WEIGHT[r]]


def check_trace(trace: list, seats: int, outcome, encoding, heaviest: bool) -> int:
    """Check each traced step against seat_turn; returns the number of steps checked."""
    assert trace and trace[-1][6] == "over"
    for number, (seat, hand, left, right, boneyard, passes, kind, bit, at_left) in enumerate(trace):
        hand_tiles = to_index_mask(hand, encoding)
        required, mask = seat_turn(hand_tiles, (left, right), boneyard, passes, seats,
                                   played_out=kind == "over" and not hand)
        where = (number, kind, left, right)
        if kind == "over":
            assert required is Required.OVER, where
            assert (outcome[2] == "domino") == (not hand), where
            continue
        assert required is Required(kind), where
        if kind == "draw":
            assert boneyard > 0 and mask == 0, where
            continue
        if kind == "pass":
            assert boneyard == 0 and mask == 0, where
            continue
        tile = tile_of(bit, encoding)
        assert tile.bit & mask, where  # the played tile is one seat_turn allows
        number_at_end = left if at_left else right
        assert number_at_end in (tile.high, tile.low), where  # and it fits the end it goes to
        if heaviest:
            # heaviest-first: no allowed tile is heavier (weight order), and left when it fits both
            heavier = [t for t in TILES if t.bit & mask and (t.value, t.high) > (tile.value, tile.high)]
            assert not heavier, where
            assert at_left == (left in (tile.high, tile.low)), where
    return len(trace)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_step_of_random_playouts_is_what_seat_turn_allows(seats):
    steps = 0
    for seed in range(400):
        trace: list = []
        outcome = random_round(random.Random(seed * 7 + seats), seats, trace=trace)
        steps += check_trace(trace, seats, outcome, BY_INDEX, heaviest=False)
    assert steps > 400 * 10


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_step_of_heaviest_first_playouts_is_what_seat_turn_allows(seats):
    steps = 0
    for seed in range(400):
        rng = random.Random(seed)
        hands, boneyard = deal_masks(shuffled_tiles(rng), seats)
        opening = PLAYBOARD.choose_opening(hands)
        hands[opening.seat] &= ~opening.tile.bit
        rank = {index: r for r, index in enumerate(BY_WEIGHT)}
        ranked = [sum(1 << rank[t.index] for t in TILES if h >> t.index & 1) for h in hands]
        stock = [rank[i] for i in reversed(boneyard)]
        trace: list = []
        outcome = playout(ranked, opening.tile.high, opening.tile.low, (opening.seat + 1) % seats, 0, stock,
                          heaviest_choice, None, PLAYBOARD, BY_RANK, trace)
        steps += check_trace(trace, seats, outcome, BY_RANK, heaviest=True)
    assert steps > 400 * 10


def test_the_check_fails_on_a_step_seat_turn_forbids():
    """The checker can fail: a traced play of a tile that does not fit is refused."""
    trace: list = []
    outcome = random_round(random.Random(1), 2, trace=trace)
    play = next(i for i, step in enumerate(trace) if step[6] == "play")
    seat, hand, left, right, boneyard, passes, kind, bit, at_left = trace[play]
    misfit = next(t for t in TILES if left not in (t.high, t.low) and right not in (t.high, t.low))
    trace[play] = (seat, hand | misfit.bit, left, right, boneyard, passes, kind, misfit.bit, at_left)
    with pytest.raises(AssertionError):
        check_trace(trace, 2, outcome, BY_INDEX, heaviest=False)


def test_random_choice_spreads_over_every_fitting_tile_and_end():
    fit = TILES[3].bit | TILES[5].bit | TILES[6].bit  # 2-0, 2-2, 3-0
    seen = {random_choice(fit, fit, fit, random.Random(seed).random) for seed in range(200)}
    assert {n if n >= 0 else ~n for n in seen} == {3, 5, 6}
    assert {n >= 0 for n in seen} == {True, False}  # both ends
