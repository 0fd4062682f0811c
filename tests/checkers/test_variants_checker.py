"""The independent statement of the other rule sets (tests/checkers/variants_checker.py) against the worked
examples of VARIANTS.md and the seeds, figured by hand. The engine will be checked against it
(issue #15); these tests make sure the yardstick itself is right."""

from __future__ import annotations

import pytest

import random

from variants_checker import (
    ALL_TILES, SpinnerLayout, all_fives_match_winner, all_fives_out_bonus, all_fives_points, apply,
    blocked_winner, legal_plays, opening_tile, pips, points_of, required, result, round_events,
    round_to_five, sato_boneyard, sato_hand_size, sato_points, start, straight_blocked_winner,
    straight_match_winner, straight_points, tile,
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


# --- whole rounds of Straight and All Fives, worked by hand ------------------------------------

def tiles(text: str) -> list[tuple[int, int]]:
    return [tile(t) for t in text.split()] if text else []


def deal(first: str, second: str, boneyard: str = "", rules: str = "all-fives"):
    return start([tiles(first), tiles(second)], tiles(boneyard), rules)


def play(state, text: str, arm: str):
    return apply(state, ("play", tile(text), arm))


def test_the_highest_double_dealt_leads_and_the_other_seat_moves():
    # seat 0 holds 5-5, seat 1 holds 6-6 and 2-2: 6-6 is the highest, seat 1 leads it
    state = deal("5-5 6-1", "2-2 6-6 3-0", "", "straight")
    assert state.layout.spinner == 6 and state.placed == [(6, 6)]
    assert state.hands == [tiles("5-5 6-1"), tiles("2-2 3-0")]
    assert state.to_move == 0 and state.last_placer == 1 and state.passes == 0
    # seat 0: 6-1 fits the spinner's left and right ends, two plays
    assert required(state) == "play"
    assert legal_plays(state) == [((6, 1), "left"), ((6, 1), "right")]


def test_no_double_dealt_means_a_new_deal_even_with_doubles_in_the_boneyard():
    assert deal("6-5 4-1", "3-2 2-0", "6-6 5-5", "straight") is None
    assert deal("6-5 4-1", "3-2 2-0", "6-6 5-5", "all-fives") is None


def test_the_lead_scores_nothing_even_on_a_count_of_ten():
    state = deal("5-5 2-1", "3-0 6-1")  # 5-5 led: the count is 10, but the lead never scores
    assert state.layout.count() == 10
    assert state.play_points == [0, 0] and state.scores == []


def test_the_spinners_sides_open_only_after_both_ends_hold_a_tile():
    state = deal("6-6 6-1 6-2 6-3", "6-4 0-0", "", "straight")
    # seat 1 to move: 6-4 fits the spinner's left and right ends (two plays); 0-0 fits nothing
    assert legal_plays(state) == [((6, 4), "left"), ((6, 4), "right")]
    state = play(state, "6-4", "right")  # right now ends in 4; left still shows the spinner's 6
    # seat 0: 6-1, 6-2, 6-3 fit the left (6) only; up and down stay shut, the left is empty
    assert legal_plays(state) == [((6, 1), "left"), ((6, 2), "left"), ((6, 3), "left")]
    with pytest.raises(ValueError):
        play(state, "6-1", "up")
    state = play(state, "6-1", "left")  # ends: left 1, right 4; the sides open on 6
    # seat 1 holds 0-0 (no 0 showing; ends 1, 4, 6, 6) and the boneyard is empty: it must pass
    assert required(state) == "pass"
    state = apply(state, ("pass",))
    assert state.passes == 1 and state.to_move == 0
    # seat 0: 6-2 and 6-3 fit up and down (the spinner's 6), nothing else ("down" < "up")
    assert legal_plays(state) == [((6, 2), "down"), ((6, 2), "up"), ((6, 3), "down"), ((6, 3), "up")]


def test_a_stuck_player_draws_one_tile_at_a_time_keeping_the_turn_then_passes():
    # All Fives. seat 0 leads 6-6 (5-5 is in the boneyard: not dealt, it does not lead)
    state = deal("6-6 1-0", "2-1 3-0", "4-2 6-3 5-5")
    assert state.to_move == 1
    # seat 1 holds 2-1 and 3-0; the ends show 6 and 6: nothing fits, three tiles to draw
    assert required(state) == "draw"
    for wrong in [("pass",), ("play", (2, 1), "left")]:
        with pytest.raises(ValueError):
            apply(state, wrong)
    state = apply(state, ("draw",))  # draws 4-2 (the front): still nothing
    assert state.hands[1] == tiles("2-1 3-0 4-2") and state.boneyard == tiles("6-3 5-5")
    assert state.to_move == 1 and required(state) == "draw"
    state = apply(state, ("draw",))  # draws 6-3: it fits, so seat 1 must play it now
    assert state.to_move == 1 and required(state) == "play"
    with pytest.raises(ValueError):
        apply(state, ("draw",))  # a player who can play may not draw
    assert legal_plays(state) == [((6, 3), "left"), ((6, 3), "right")]
    # 6-3 on the left: 3 + the spinner's 6 + 6 (its right end still bare) = 15, scores 15
    assert points_of(state, (6, 3), "left") == 15
    state = play(state, "6-3", "left")
    assert state.play_points == [0, 15] and state.to_move == 0
    # seat 0 holds 1-0; ends 3 and 6: draws 5-5 (no 3, no 6), the boneyard is empty: pass
    assert required(state) == "draw"
    state = apply(state, ("draw",))
    assert state.boneyard == [] and state.hands[0] == tiles("1-0 5-5")
    assert required(state) == "pass"
    with pytest.raises(ValueError):
        apply(state, ("draw",))
    state = apply(state, ("pass",))
    assert state.passes == 1 and state.to_move == 1
    # seat 1 (2-1 3-0 4-2), ends 3 and 6: 3-0 on the left; 0 + 12 = 12, nothing; passes back to 0
    assert legal_plays(state) == [((3, 0), "left")]
    state = play(state, "3-0", "left")
    assert state.passes == 0 and state.play_points == [0, 15]
    state = play(state, "1-0", "left")  # seat 0: ends 1 and 6, 1 + 12 = 13, nothing
    state = play(state, "2-1", "left")  # seat 1: 2 + 12 = 14, nothing
    assert required(state) == "pass"    # seat 0 holds 5-5; ends 2 and 6
    state = apply(state, ("pass",))
    state = play(state, "4-2", "left")  # seat 1's last tile: 4 + 12 = 16, nothing; out
    assert required(state) == "over" and legal_plays(state) == []
    # going out: seat 0 holds 5-5, 10 pips, rounded 10; 15 scored in play by seat 1
    assert result(state) == {"reason": "domino", "winner": 1, "points": 10,
                             "play_points": (0, 15), "pips": (10, 0)}
    assert round_events(state) == [(1, 15), (1, 10)]
    with pytest.raises(ValueError):
        apply(state, ("pass",))


def test_a_play_returns_a_new_round_and_leaves_the_old_one_alone():
    state = deal("6-6 1-0", "6-1 3-0", "4-2")
    after = play(state, "6-1", "left")
    assert state.hands[1] == tiles("6-1 3-0") and state.layout.ends["left"] == []
    assert after.hands[1] == tiles("3-0") and after.layout.ends["left"] == [(1, False)]


def test_illegal_plays_are_refused():
    state = deal("6-6 1-0", "6-1 3-0", "4-2")
    for wrong in [("play", (1, 0), "left"),    # not in seat 1's hand
                  ("play", (6, 1), "up"),      # the sides are shut
                  ("play", (3, 0), "left"),    # does not fit
                  ("play", (6, 1)), ("resign",), ()]:
        with pytest.raises(ValueError):
            apply(state, wrong)
    with pytest.raises(ValueError):
        start([tiles("6-6"), tiles("6-6")], [], "straight")  # a tile twice
    with pytest.raises(ValueError):
        start([tiles("6-6"), tiles("1-0")], [], "draw")      # not a spinner rule set
    with pytest.raises(ValueError):
        start([[(0, 6)], tiles("1-0")], [], "straight")      # not written (high, low)


def test_the_seeds_all_fives_example_as_a_round():
    # [003b]: spinner 4-4, 4-5 on the left, 4-2 on the right (5 + 2 = 7), then 4-3 on a side: 10
    state = deal("4-4 4-2 1-0", "5-4 4-3 6-0")
    assert legal_plays(state) == [((4, 3), "left"), ((4, 3), "right"), ((5, 4), "left"), ((5, 4), "right")]
    assert points_of(state, (5, 4), "left") == 0  # 5 + 4 + 4 (the spinner, right end bare) = 13
    state = play(state, "5-4", "left")
    assert legal_plays(state) == [((4, 2), "right")]  # seat 0: ends 5 and 4
    assert points_of(state, (4, 2), "right") == 0     # 5 + 2 = 7
    state = play(state, "4-2", "right")
    assert legal_plays(state) == [((4, 3), "down"), ((4, 3), "up")]  # seat 1: sides on 4
    assert points_of(state, (4, 3), "up") == points_of(state, (4, 3), "down") == 10  # 5 + 2 + 3
    state = play(state, "4-3", "up")
    assert state.play_points == [0, 10] and state.scores == [(1, 10)]
    straight = deal("4-4 4-2 1-0", "5-4 4-3 6-0", "", "straight")
    assert points_of(straight, (5, 4), "left") == 0  # Straight scores nothing during play


def test_the_five_five_lead_example_as_a_round():
    # 5-5 led (nothing), 5-0 on the right: 5 + 5 + 0 = 10, scores 10; then 5-3 on the left: 3 + 0
    state = deal("5-5 5-3 2-1", "5-0 6-1")
    assert legal_plays(state) == [((5, 0), "left"), ((5, 0), "right")]
    state = play(state, "5-0", "right")
    assert state.play_points == [0, 10]
    assert legal_plays(state) == [((5, 3), "left")]
    assert points_of(state, (5, 3), "left") == 0
    state = play(state, "5-3", "left")
    assert state.play_points == [0, 10] and state.layout.count() == 3


@pytest.mark.parametrize("rules, loser, points", [
    ("all-fives", "6-5 1-0", 10),   # 6 + 5 + 1 + 0 = 12 pips, rounded to 10
    ("all-fives", "6-5 2-0", 15),   # 13 pips, rounded (halves up) to 15
    ("straight", "6-5 1-0", 12),    # Straight: the pips as they are
    ("straight", "6-5 2-0", 13),
])
def test_going_out_earns_the_opponents_pips(rules, loser, points):
    state = deal("4-4 4-1", loser, "", rules)  # seat 0 leads 4-4
    assert required(state) == "pass"  # seat 1: no 4, boneyard empty
    state = apply(state, ("pass",))
    assert state.passes == 1
    state = play(state, "4-1", "left")  # seat 0 out; count 1 + 8 = 9, nothing
    assert state.passes == 0
    assert result(state) == {"reason": "domino", "winner": 0, "points": points,
                             "play_points": (0, 0), "pips": (0, pips(tiles(loser)))}


def blocked_round(rules: str):
    # seat 0: 5-5 5-2 6-3 6-4; seat 1: 5-0 6-1 6-2; nothing to draw. Seat 0 leads 5-5.
    # (Every double branches, but no double is played after the spinner: with one spinner alike.)
    state = deal("5-5 5-2 6-3 6-4", "5-0 6-1 6-2", "", rules)
    assert legal_plays(state) == [((5, 0), "left"), ((5, 0), "right")]
    state = play(state, "5-0", "left")   # seat 1: 0 + 10 (spinner, right bare) = 10
    assert legal_plays(state) == [((5, 2), "right")]
    state = play(state, "5-2", "right")  # seat 0: 0 + 2 = 2; the sides open on 5
    assert legal_plays(state) == [((6, 2), "right")]
    state = play(state, "6-2", "right")  # seat 1: 0 + 6 = 6
    assert legal_plays(state) == [((6, 3), "right"), ((6, 4), "right")]
    state = play(state, "6-4", "right")  # seat 0: 0 + 4 = 4; ends 0, 4, 5, 5
    # seat 1 holds 6-1, seat 0 holds 6-3, nothing to draw: nobody can play, so the round is over
    # now ([003a]: "both players cannot play ... and nothing is left to draw"), without passes
    assert required(state) == "over" and state.last_placer == 0 and state.passes == 0
    with pytest.raises(ValueError):
        apply(state, ("pass",))
    return state


def test_a_blocked_straight_round_goes_to_the_lower_pips():
    # pips left: seat 0 6-3 = 9, seat 1 6-1 = 7: seat 1 wins and scores seat 0's 9
    assert result(blocked_round("straight")) == {
        "reason": "blocked", "winner": 1, "points": 9, "play_points": (0, 0), "pips": (9, 7)}


def test_a_blocked_all_fives_round_goes_to_the_last_placer():
    # seat 0 placed the last tile (6-4): it takes seat 1's 7 pips rounded, 5, though it holds more
    # pips (9); seat 1 scored 10 during play (5-0)
    state = blocked_round("all-fives")
    assert result(state) == {
        "reason": "blocked", "winner": 0, "points": 5, "play_points": (0, 10), "pips": (9, 7)}
    assert round_events(state) == [(1, 10), (0, 5)]


def test_a_blocked_round_right_after_the_lead_goes_to_the_leader_in_all_fives():
    # seat 0 leads 6-6; nobody holds a 6 and nothing is left to draw: over at once.
    state = deal("6-6 3-2", "4-1 2-0")
    assert required(state) == "over"
    # the lead is the last tile placed: seat 0 takes seat 1's 5 + 2 = 7 pips, rounded 5
    assert result(state)["winner"] == 0 and result(state)["points"] == 5


def test_straight_blocked_ties_are_nobodys_round():
    # VARIANTS.md Straight: "tied: nobody scores", no tie-break on the number of tiles
    assert straight_blocked_winner([tiles("4-2"), tiles("3-1 2-0")]) is None  # 6 pips each
    assert straight_blocked_winner([tiles("4-1 1-0"), tiles("3-0 2-1")]) is None  # 6 and 6
    assert straight_blocked_winner([tiles("4-3"), tiles("3-1 2-0")]) == 1  # 7 against 6
    state = deal("3-3 4-2", "1-0 5-0", "", "straight")
    # seat 0 leads 3-3; seat 1 (1-0 5-0) and seat 0 (4-2) hold no 3: over at once, no passes
    assert required(state) == "over"
    # 4 + 2 = 6 against 1 + 0 + 5 + 0 = 6: a tie, nobody scores
    assert result(state) == {"reason": "blocked", "winner": None, "points": 0,
                             "play_points": (0, 0), "pips": (6, 6)}
    assert round_events(state) == []


def test_straight_and_all_fives_play_alike_over_random_full_deals():
    """Whole rounds over random 7-7-14 deals and random legal choices: every tile stays
    accounted for, the round ends, All Fives scores only multiples of 5, and the two rule sets
    make the same choices available (only the scoring differs)."""
    rng = random.Random(1515)
    rounds = 0
    while rounds < 200:
        order = ALL_TILES[:]
        rng.shuffle(order)
        hands, boneyard = [order[:7], order[7:14]], order[14:]
        fives, straight = start(hands, boneyard, "all-fives"), start(hands, boneyard, "straight")
        if fives is None:
            assert straight is None and not any(a == b for a, b in order[:14])
            continue
        rounds += 1
        for _ in range(100):  # at most 14 draws, 27 plays, a pass before each play and two at the end
            need = required(fives)
            assert required(straight) == need and legal_plays(straight) == legal_plays(fives)
            assert sorted(fives.hands[0] + fives.hands[1] + fives.boneyard + fives.placed) == ALL_TILES
            if need == "over":
                break
            if need == "play":
                piece, arm = rng.choice(legal_plays(fives))
                assert points_of(fives, piece, arm) % 5 == 0 and points_of(straight, piece, arm) == 0
                action = ("play", piece, arm)
            else:
                action = (need,)
            fives, straight = apply(fives, action), apply(straight, action)
        assert required(fives) == "over"
        end, plain = result(fives), result(straight)
        assert end["reason"] == plain["reason"] and plain["play_points"] == (0, 0)
        assert all(p % 5 == 0 for p in end["play_points"] + (end["points"],))
        assert end["winner"] is not None


# --- matches ---------------------------------------------------------------------------------

def test_a_straight_match_is_five_rounds_then_the_higher_total():
    assert straight_match_winner([(10, 0), (0, 5), (12, 0), (0, 20)]) is None  # four rounds only
    # totals after five: 10 + 12 + 3 = 25 against 5 + 20 = 25: tied, play on
    five = [(10, 0), (0, 5), (12, 0), (0, 20), (3, 0)]
    assert straight_match_winner(five) is None
    assert straight_match_winner(five + [(0, 0)]) is None  # a sixth round tied (blocked, nobody)
    assert straight_match_winner(five + [(0, 0), (0, 7)]) == 1  # 25 against 32 after the seventh
    with pytest.raises(ValueError):
        straight_match_winner(five + [(0, 0), (0, 7), (4, 0)])  # no round after the end
    # 10 against 5 after five rounds: seat 0, no sixth round
    assert straight_match_winner([(10, 0), (0, 5), (0, 0), (0, 0), (0, 0)]) == 0
    with pytest.raises(ValueError):
        straight_match_winner([(10, 0), (0, 5), (0, 0), (0, 0), (0, 0), (0, 0)])
    with pytest.raises(ValueError):
        straight_match_winner([(3, 4)])  # only the round's winner scores


def test_an_all_fives_match_ends_at_once_at_250():
    assert all_fives_match_winner([(0, 240), (1, 245)]) is None
    assert all_fives_match_winner([(0, 240), (1, 245), (0, 10)]) == 0  # 250 exactly
    # both on 245: the first to score again wins, whatever comes later in the round
    assert all_fives_match_winner([(0, 245), (1, 245), (1, 5)]) == 1
    with pytest.raises(ValueError):
        all_fives_match_winner([(0, 245), (1, 245), (1, 5), (0, 20)])
    assert all_fives_match_winner([(1, 245), (1, 20)]) == 1  # 265: past 250 counts
    with pytest.raises(ValueError):
        all_fives_match_winner([(0, 12)])  # not a multiple of 5
    # a round's events, counted one by one: the blocked round's 10 for seat 1 (5-0, in play)
    # then its 5 for seat 0 (the bonus). From 245 and 240, seat 1's 240 + 10 = 250 comes first:
    # the game ends there, and seat 0's bonus (245 + 5) is never counted
    events = [(0, 245), (1, 240)] + round_events(blocked_round("all-fives"))
    assert all_fives_match_winner(events[:3]) == 1
    with pytest.raises(ValueError):
        all_fives_match_winner(events)
