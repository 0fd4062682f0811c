"""The independent statement of the other rule sets (tests/variants_checker.py) against the worked
examples of VARIANTS.md and the seeds, figured by hand. The engine will be checked against it
(issue #15); these tests make sure the yardstick itself is right."""

from __future__ import annotations

import pytest

from variants_checker import (
    SpinnerLayout, all_fives_out_bonus, all_fives_points, blocked_winner, opening_tile, round_to_five,
    sato_boneyard, sato_hand_size, sato_points, straight_points, tile,
)


def test_the_seeds_all_fives_example_scores_ten():
    # [003b]: "you play a 3, and the other ends show 5 and 2: 10 in all, so you score 10"
    layout = SpinnerLayout(4)
    layout.play(tile("4-5"), "left")
    layout.play(tile("4-2"), "right")
    assert all_fives_points(layout.count()) == 0  # 5 + 2: the spinner is covered on both ends
    layout.play(tile("4-3"), "up")
    assert layout.count() == 10 and all_fives_points(layout.count()) == 10


def test_the_spinner_counts_both_halves_until_both_ends_are_covered():
    layout = SpinnerLayout(5)
    assert layout.count() == 10  # the lead (it scores nothing: the first tile never does)
    layout.play(tile("5-0"), "right")
    assert layout.count() == 10  # 5 + 5 (spinner, left still open) + 0
    layout.play(tile("5-3"), "left")
    assert layout.count() == 3  # 3 + 0, the spinner covered on both ends


def test_a_double_at_an_end_counts_both_halves():
    layout = SpinnerLayout(6)
    layout.play(tile("6-3"), "left")
    layout.play(tile("6-2"), "right")
    layout.play(tile("2-2"), "right")
    assert layout.count() == 3 + 4


def test_the_spinners_sides_open_after_both_ends():
    layout = SpinnerLayout(6)
    assert layout.fits(tile("6-1")) == ["left", "right"]
    layout.play(tile("6-1"), "left")
    assert layout.fits(tile("6-2")) == ["right"]  # the left arm now ends in 1: 6-2 fits the right only
    assert layout.fits(tile("1-2")) == ["left"]
    layout.play(tile("6-2"), "right")
    assert layout.fits(tile("6-3")) == ["up", "down"]
    with pytest.raises(ValueError):
        layout.play(tile("5-3"), "up")


@pytest.mark.parametrize("number, rounded", [(0, 0), (7, 5), (8, 10), (12, 10), (13, 15), (25, 25)])
def test_rounding_to_five_is_to_the_nearest_halves_up(number, rounded):
    assert round_to_five(number) == rounded


def test_playing_out_in_all_fives_earns_the_rounded_pips():
    assert all_fives_out_bonus([tile("6-5"), tile("1-0")]) == 10  # 12 pips
    assert all_fives_out_bonus([tile("6-5"), tile("2-0")]) == 15  # 13 pips


def test_sato_hands_and_boneyard():
    assert [sato_hand_size(n) for n in (2, 3, 4)] == [7, 7, 7]
    assert [sato_boneyard(n) for n in (2, 3, 4)] == [14, 7, 0]
    with pytest.raises(ValueError):
        sato_hand_size(5)


def test_blocked_rounds_go_to_the_lowest_pips_then_fewer_tiles():
    a, b, c = [tile("6-4")], [tile("3-1"), tile("2-0")], [tile("5-5")]  # 10, 6, 10 pips
    assert blocked_winner([a, b, c]) == 1
    assert sato_points([a, b, c], 1) == 20
    assert blocked_winner([[tile("4-2")], [tile("3-1"), tile("2-0")]]) == 0  # 6 pips each: one tile wins
    assert blocked_winner([[tile("4-1"), tile("1-0")], [tile("3-0"), tile("2-1")]]) is None
    assert straight_points([[tile("1-0")], [tile("6-6"), tile("2-1")]], 0) == 15


def test_the_highest_double_leads():
    hands = [[tile("6-5"), tile("4-4")], [tile("5-5"), tile("0-0")]]
    assert opening_tile(hands) == (1, (5, 5))
    assert opening_tile([[tile("6-5")], [tile("4-3")]]) is None
