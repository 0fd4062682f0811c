"""The fast playout loop (tutor/games/domino/playout.py) writes the turn rules out inline for speed; here
every step of many random rounds, with both choice policies, is checked against the one statement of
those rules, ``seat_turn``, and against the tiles' own halves (not the loop's tables). The loop
traces its draws, passes and end; a wrapping policy records each play with the hand it was made from."""

from __future__ import annotations

import random

import pytest

from tutor.games.domino import PLAYBOARD, TILES, Required, seat_turn
from tutor.games.domino.playout import (
    BY_INDEX, BY_RANK, Pause, deal_masks, heaviest_choice, placements, playout, random_choice, random_round,
    shuffled_tiles,
)
from tutor.games.domino.tiles import BY_WEIGHT


def to_index_mask(mask: int, encoding) -> int:
    """A mask in ``encoding`` as a mask by tile index."""
    if encoding is BY_INDEX:
        return mask
    return sum(1 << BY_WEIGHT[r] for r in range(28) if mask >> r & 1)


def tile_of(number: int, encoding):
    return TILES[number if encoding is BY_INDEX else BY_WEIGHT[number]]


def recording(policy, trace: list, encoding):
    """``policy``, recording each play into ``trace`` as ``("play", hand, left, right, fit, answer)``."""
    def choose(fit, hand, left_tiles, right_tiles, rand):
        answer = policy(fit, hand, left_tiles, right_tiles, rand)
        left, right = encoding.number_mask.index(left_tiles), encoding.number_mask.index(right_tiles)
        trace.append(("play", hand, left, right, fit, answer))
        return answer
    return choose


def check_play(number: int, step: tuple, seats: int, encoding, heaviest: bool) -> None:
    """Check one recorded play against seat_turn (and, for heaviest-first, the tiles' weights)."""
    _, hand, left, right, fit, answer = step
    required, mask = seat_turn(to_index_mask(hand, encoding), (left, right), 0, 0, seats)
    where = (number, "play", left, right)
    assert required is Required.PLAY and to_index_mask(fit, encoding) == mask, where
    tile = tile_of(answer if answer >= 0 else ~answer, encoding)
    assert tile.bit & mask, where  # the played tile is one seat_turn allows
    at_left = answer >= 0 and left in (tile.high, tile.low)
    assert (left if at_left else right) in (tile.high, tile.low), where  # it fits its end
    if heaviest:
        # heaviest-first: no allowed tile is heavier (weight order), and left when it fits both
        heavier = [t for t in TILES if t.bit & mask and (t.value, t.high) > (tile.value, tile.high)]
        assert not heavier and answer >= 0, where


def check_trace(trace: list, seats: int, outcome, encoding, heaviest: bool) -> int:
    """Check each traced step against seat_turn; returns the number of steps checked."""
    assert trace and trace[-1][6] == "over"
    for number, step in enumerate(trace):
        if step[0] == "play":
            check_play(number, step, seats, encoding, heaviest)
            continue
        seat, hand, left, right, boneyard, passes, kind, bit = step
        hand_tiles = to_index_mask(hand, encoding)
        required, mask = seat_turn(hand_tiles, (left, right), boneyard, passes, seats,
                                   played_out=kind == "over" and not hand)
        where = (number, kind, left, right)
        if kind == "over":
            assert required is Required.OVER, where
            assert (outcome[2] == "domino") == (not hand), where
        elif kind == "draw":
            assert required is Required.DRAW and boneyard > 0 and mask == 0, where
        else:
            assert kind == "pass" and required is Required.PASS and boneyard == 0 and mask == 0, where
    return len(trace)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_step_of_random_playouts_is_what_seat_turn_allows(seats):
    steps = 0
    for seed in range(400):
        trace: list = []
        outcome = random_round(random.Random(seed * 7 + seats), seats, trace=trace,
                               choose=recording(random_choice, trace, BY_INDEX))
        steps += check_trace(trace, seats, outcome, BY_INDEX, heaviest=False)
    assert steps > 400 * 10


def ranked_round(seed: int, seats: int):
    """A dealt and opened round in ``BY_RANK``: hands, ends, the next seat and the stock."""
    rng = random.Random(seed)
    hands, boneyard = deal_masks(shuffled_tiles(rng), seats)
    opening = PLAYBOARD.choose_opening(hands)
    hands[opening.seat] &= ~opening.tile.bit
    rank = {index: r for r, index in enumerate(BY_WEIGHT)}
    ranked = [sum(1 << rank[t.index] for t in TILES if h >> t.index & 1) for h in hands]
    return ranked, opening.tile.high, opening.tile.low, (opening.seat + 1) % seats, [rank[i] for i in reversed(boneyard)]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_step_of_heaviest_first_playouts_is_what_seat_turn_allows(seats):
    steps = 0
    for seed in range(400):
        ranked, left, right, to_move, stock = ranked_round(seed, seats)
        trace: list = []
        outcome = playout(ranked, left, right, to_move, 0, stock,
                          recording(heaviest_choice, trace, BY_RANK), None, PLAYBOARD, BY_RANK, trace)
        steps += check_trace(trace, seats, outcome, BY_RANK, heaviest=True)
    assert steps > 400 * 10


def test_the_recorded_choices_are_the_plain_loop_s():
    """Recording changes nothing: the same seeds give the same outcomes without it."""
    for seed in range(200):
        trace: list = []
        recorded = random_round(random.Random(seed), 2 + seed % 3, trace=trace,
                                choose=recording(random_choice, trace, BY_INDEX))
        assert recorded == random_round(random.Random(seed), 2 + seed % 3)


def test_the_check_fails_on_a_step_seat_turn_forbids():
    """The checker can fail: a recorded play of a tile that does not fit is refused."""
    trace: list = []
    outcome = random_round(random.Random(1), 2, trace=trace, choose=recording(random_choice, trace, BY_INDEX))
    play = next(i for i, step in enumerate(trace) if step[0] == "play")
    _, hand, left, right, fit, answer = trace[play]
    misfit = next(t for t in TILES if left not in (t.high, t.low) and right not in (t.high, t.low))
    trace[play] = ("play", hand | misfit.bit, left, right, fit, misfit.index)
    with pytest.raises(AssertionError):
        check_trace(trace, 2, outcome, BY_INDEX, heaviest=False)


def test_random_choice_spreads_over_every_fitting_tile_and_end():
    fit = TILES[3].bit | TILES[5].bit | TILES[6].bit  # 2-0, 2-2, 3-0
    seen = {random_choice(fit, fit, fit, fit, random.Random(seed).random) for seed in range(200)}
    assert {n if n >= 0 else ~n for n in seen} == {3, 5, 6}
    assert {n >= 0 for n in seen} == {True, False}  # both ends


def distinct_placements(hand: int, left: int, right: int) -> set[tuple[str, int]]:
    """Every (tile, end number it covers) seat_turn allows, from the tiles' own halves: what a
    placement changes (the same tile on two ends showing one number is one placement)."""
    _required, mask = seat_turn(to_index_mask(hand, BY_RANK), (left, right), 0, 0, 2)
    return {(str(t), end) for t in TILES if t.bit & mask for end in {left, right} if end in (t.high, t.low)}


@pytest.mark.parametrize("seats", [2, 3])
def test_a_pause_stops_at_the_seats_first_real_choice_and_resuming_plays_on_alike(seats):
    """Paused for a seat, the loop stops at the first turn where seat_turn leaves that seat two or
    more placements (found in the plays an unpaused run recorded, seat by seat), lists them all
    (``placements``), and a playout resumed from there ends as the unpaused run did."""
    paused_rounds = 0
    for seed in range(300):
        seat = seed % seats
        hands, left, right, to_move, stock = ranked_round(seed, seats)
        plays: list[list] = [[] for _ in range(seats)]  # each seat's recorded plays
        policies = tuple(recording(heaviest_choice, plays[s], BY_RANK) for s in range(seats))
        whole = playout(hands[:], left, right, to_move, 0, stock[:], policies, None, PLAYBOARD, BY_RANK)
        first_choice = next((step for step in plays[seat] if len(distinct_placements(step[4], step[2], step[3])) > 1),
                            None)
        pause = Pause(seat)
        copy, rest = hands[:], stock[:]
        stopped = playout(copy, left, right, to_move, 0, rest, heaviest_choice, None, PLAYBOARD, BY_RANK, pause=pause)
        if first_choice is None:
            assert stopped == whole, seed  # no real choice: nothing to stop for
            continue
        paused_rounds += 1
        assert stopped == (None, 0, "choice"), seed
        _, hand, step_left, step_right, step_fit, _ = first_choice
        assert (copy[seat], pause.left, pause.right) == (hand, step_left, step_right), seed
        fit = copy[seat] & (BY_RANK.number_mask[pause.left] | BY_RANK.number_mask[pause.right])
        assert fit == step_fit
        found = placements(fit, pause.left, pause.right, BY_RANK.number_mask)
        named = set()
        for answer in found:
            tile = tile_of(answer if answer >= 0 else ~answer, BY_RANK)
            at_left = answer >= 0 and pause.left in (tile.high, tile.low)
            named.add((str(tile), pause.left if at_left else pause.right))
        assert named == distinct_placements(fit, pause.left, pause.right) and len(found) == len(named) > 1
        resumed = playout(copy, pause.left, pause.right, seat, pause.passes, rest, heaviest_choice, None,
                          PLAYBOARD, BY_RANK)
        assert resumed == whole, seed
    assert paused_rounds > 200


def test_each_seat_plays_by_its_own_policy():
    """One policy per seat: each seat's recorded plays are its own policy's answers, checked against
    seat_turn, and heaviest-first's are the heaviest fitting tile."""
    for seed in range(100):
        hands, left, right, to_move, stock = ranked_round(seed, 2)
        heavy: list = []
        loose: list = []
        outcome = playout(hands, left, right, to_move, 0, stock,
                          (recording(heaviest_choice, heavy, BY_RANK), recording(random_choice, loose, BY_RANK)),
                          random.Random(seed).random, PLAYBOARD, BY_RANK)
        assert heavy and loose and outcome[2] in ("domino", "blocked")
        for number, step in enumerate(heavy):
            check_play(number, step, 2, BY_RANK, heaviest=True)
        for number, step in enumerate(loose):
            check_play(number, step, 2, BY_RANK, heaviest=False)
