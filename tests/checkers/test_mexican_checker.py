"""The independent statement of Mexican Train (tests/checkers/mexican_checker.py) against short rounds worked
by hand from VARIANTS.md's table ("Mexican Train (issue #16)"). The engine is checked against the
checker (tests/checkers/test_mexican_agreement.py); these tests make sure the yardstick itself is right.

The deals are short on purpose: the rules of play do not depend on the hand size, and a few tiles
leave each position's legal actions small enough to work out by hand."""

from __future__ import annotations

import pytest

from mexican_checker import legal_actions, markers, open_double, outcome


def deal(hand0: list[str], hand1: list[str], boneyard: list[str], first: int = 0,
         engine: int = 12, top: int = 12) -> dict:
    return {"engine": engine, "top": top, "hands": [hand0, hand1], "boneyard": boneyard,
            "first": first}


def test_the_first_tile_starts_your_own_train_from_the_engine():
    # [003c]: 12-4 on the engine 12-12, then 4-1 on it. Before your own train is started,
    # starting it is your only play (12-8 cannot start a public train yet, 4-1 fits nothing).
    d = deal(["12-4", "4-1", "6-3", "12-8"], ["12-9", "9-2", "0-0", "5-1"], ["7-0", "8-0"])
    assert legal_actions(d, []) == ["12-4:s0", "12-8:s0"]
    assert legal_actions(d, ["12-4:s0"]) == ["12-9:s1"]
    # Now seat 0 may extend its train (4-1) or start the first public train (12-8), not seat
    # 1's unmarked train.
    assert legal_actions(d, ["12-4:s0", "12-9:s1"]) == ["12-8:t1", "4-1:s0"]
    assert legal_actions(d, ["12-4:s0", "12-9:s1", "4-1:s0"]) == ["9-2:s1"]
    # The public train is named after the order it was started in and open to both.
    h = ["12-4:s0", "12-9:s1", "12-8:t1"]
    assert legal_actions(d, h) == ["9-2:s1"]
    assert legal_actions(d, h + ["9-2:s1"]) == ["4-1:s0"]


def test_a_double_must_be_answered_at_once_by_the_same_player():
    d = deal(["12-5", "5-5", "5-2", "12-6"], ["12-7", "7-3", "3-3", "0-1"], ["9-0", "10-0"])
    h = ["12-5:s0", "12-7:s1", "5-5:s0"]
    # Seat 0 again: only a tile on the double (12-6 could otherwise start a public train).
    assert open_double(d, h) == "s0"
    assert legal_actions(d, h) == ["5-2:s0"]
    h.append("5-2:s0")
    assert open_double(d, h) is None
    assert legal_actions(d, h) == ["7-3:s1"]  # then it is the other player's turn


def test_a_double_with_no_answer_in_hand_draws_one_and_plays_it_if_it_fits():
    d = deal(["12-5", "5-5", "1-1"], ["12-7", "7-3", "3-3"], ["5-4", "10-0"])
    h = ["12-5:s0", "12-7:s1", "5-5:s0"]
    assert legal_actions(d, h) == ["draw"]
    assert legal_actions(d, h + ["draw"]) == ["5-4:s0"]  # the drawn tile fits: it is played
    assert open_double(d, h + ["draw", "5-4:s0"]) is None
    assert markers(d, h + ["draw", "5-4:s0"]) == [False, False]


def test_a_failed_draw_marks_your_train_and_your_own_play_takes_the_marker_off():
    d = deal(["12-5", "0-0", "11-11"], ["12-7", "5-3", "7-1", "5-4"], ["6-6", "5-0", "9-9"])
    h = ["12-5:s0", "12-7:s1"]
    assert legal_actions(d, h) == ["draw"]          # nothing fits 5: draw one
    assert legal_actions(d, h + ["draw"]) == ["pass"]  # 6-6 does not fit either
    h += ["draw", "pass"]
    assert markers(d, h) == [True, False]
    # The other player may now play on seat 0's train as well as on their own.
    assert legal_actions(d, h) == ["5-3:s0", "5-4:s0", "7-1:s1"]
    # Playing on someone else's train leaves its marker where it is.
    assert markers(d, h + ["5-3:s0"]) == [True, False]
    h.append("7-1:s1")
    assert legal_actions(d, h) == ["draw"]
    assert legal_actions(d, h + ["draw"]) == ["5-0:s0"]  # the drawn 5-0 fits seat 0's train
    assert markers(d, h + ["draw", "5-0:s0"]) == [False, False]


def test_a_pass_before_your_train_is_started_marks_it_but_only_you_may_start_it():
    d = deal(["3-1", "0-0"], ["12-7", "7-3", "12-5", "1-1"], ["6-6", "4-4", "5-0"])
    h = ["draw", "pass"]  # no 12 in seat 0's hand, and 6-6 drawn
    assert markers(d, h) == [True, False]
    assert legal_actions(d, h) == ["12-5:s1", "12-7:s1"]  # not 12-x on seat 0's empty train
    h += ["12-7:s1", "draw", "pass"]  # 4-4 drawn
    # Seat 1 may start a public train now; seat 0's marked train is still empty.
    assert legal_actions(d, h) == ["12-5:t1", "7-3:s1"]


def test_a_double_played_from_a_draw_may_draw_once_more_to_be_answered():
    d = deal(["12-5", "1-0"], ["12-7", "7-3", "3-2"], ["5-5", "6-6", "5-4"])
    h = ["12-5:s0", "12-7:s1", "draw"]
    assert legal_actions(d, h) == ["5-5:s0"]  # the drawn double fits: it is played
    h.append("5-5:s0")
    assert legal_actions(d, h) == ["draw"]
    assert legal_actions(d, h + ["draw"]) == ["pass"]  # 6-6 does not answer it
    assert markers(d, h + ["draw", "pass"]) == [True, False]
    assert open_double(d, h + ["draw", "pass"]) == "s0"


def test_an_open_double_is_answered_even_before_your_own_train_is_started():
    d = deal(["12-5", "5-5", "9-9"], ["5-2", "1-0", "3-3"], ["6-6", "4-4", "8-8"])
    h = ["12-5:s0", "draw", "pass", "5-5:s0", "draw", "pass"]
    assert markers(d, h) == [True, True] and open_double(d, h) == "s0"
    assert legal_actions(d, h) == ["5-2:s0"]
    assert open_double(d, h + ["5-2:s0"]) is None


def test_an_open_double_blocks_everything_else_until_it_is_closed():
    d = deal(["12-5", "5-5", "1-1", "9-8"], ["12-7", "7-3", "12-2", "4-0"],
             ["6-6", "8-8", "4-3", "5-1", "10-0"])
    h = ["12-5:s0", "12-7:s1", "5-5:s0", "draw", "pass"]  # 6-6 drawn: no answer
    assert open_double(d, h) == "s0" and markers(d, h) == [True, False]
    # Seat 1 could play 7-3 on its train or start a public train with 12-2, but may only try
    # the double: with no 5 in hand, it draws.
    assert legal_actions(d, h) == ["draw"]
    h += ["draw", "pass"]  # 8-8 drawn: no answer either, a marker on seat 1's train too
    assert open_double(d, h) == "s0" and markers(d, h) == [True, True]
    assert legal_actions(d, h) == ["draw"]  # seat 0 tries again
    h += ["draw", "pass"]  # 4-3
    assert legal_actions(d, h + ["draw"]) == ["5-1:s0"]  # seat 1 draws 5-1 and closes it
    h += ["draw", "5-1:s0"]
    assert open_double(d, h) is None
    assert markers(d, h) == [True, True]  # seat 1 played on seat 0's train, not on its own
    assert legal_actions(d, h) == ["1-1:s0"]


def test_at_most_eight_trains_leave_the_engine():
    d = deal(["12-0", "12-2", "12-4", "12-6", "12-8", "12-10", "3-3"],
             ["12-1", "12-3", "12-5", "12-7", "12-9", "12-11", "4-4"], ["6-6", "10-0"])
    h = ["12-0:s0", "12-1:s1", "12-2:t1", "12-3:t2", "12-4:t3", "12-5:t4", "12-6:t5", "12-7:t6"]
    # Two own trains and six public ones: 12-8 cannot start a ninth.
    assert legal_actions(d, h) == ["3-3:t2"]
    with pytest.raises(ValueError):
        legal_actions(d, h + ["12-8:t7"])
    # One train fewer (seven), and seat 1 could start the eighth with any of its 12s.
    assert {"12-7:t6", "12-9:t6", "12-11:t6"} <= set(legal_actions(d, h[:-1]))


def test_the_round_ends_when_a_hand_is_empty_even_after_a_double():
    d = deal(["12-5", "5-5"], ["12-7", "7-3", "3-1"], ["6-6", "10-0"])
    h = ["12-5:s0", "12-7:s1", "5-5:s0"]
    assert outcome(d, h[:-1]) is None
    assert outcome(d, h) == {"winner": 0, "pips": [0, 14], "reason": "out"}
    assert open_double(d, h) == "s0"  # left unanswered
    assert legal_actions(d, h) == []
    with pytest.raises(ValueError):
        legal_actions(d, h + ["draw"])


def test_with_the_boneyard_empty_a_stuck_player_passes_and_the_marker_may_open_a_play():
    d = deal(["12-5", "0-0"], ["12-7", "5-1", "2-2"], [])
    h = ["12-5:s0", "12-7:s1"]
    assert legal_actions(d, h) == ["pass"]  # nothing to draw
    assert outcome(d, h) is None  # seat 1 can play once seat 0's train is marked
    h.append("pass")
    assert markers(d, h) == [True, False]
    assert legal_actions(d, h) == ["5-1:s0"]
    h.append("5-1:s0")
    # Nobody can play now, whatever the markers: blocked, the fewer pips win.
    assert outcome(d, h) == {"winner": 0, "pips": [0, 4], "reason": "blocked"}
    assert legal_actions(d, h) == []


def test_blocked_with_equal_pips_has_no_winner():
    d = deal(["12-5", "3-0"], ["12-7", "2-1"], [])
    assert outcome(d, ["12-5:s0", "12-7:s1"]) == {"winner": None, "pips": [3, 3], "reason": "blocked"}


def test_the_shorter_game_starts_from_its_own_engine():
    d = deal(["6-2", "2-1", "5-5"], ["4-6", "3-3", "0-0"], ["1-0"], first=1, engine=6, top=6)
    assert legal_actions(d, []) == ["6-4:s1"]
    assert legal_actions(d, ["6-4:s1"]) == ["6-2:s0"]


def test_illegal_actions_are_refused():
    d = deal(["12-4", "4-1"], ["1-0", "9-2"], ["7-0", "3-3"])
    assert legal_actions(d, ["12-4:s0"]) == ["draw"]  # no 12 to start seat 1's train
    assert legal_actions(d, ["12-4:s0", "draw"]) == ["pass"]
    # A play names the half matching the train's open end first (VARIANTS.md): 4-12:s0 is not 12-4:s0.
    for bad in (["4-12:s0"], ["draw"], ["pass"], ["4-1:s0"], ["12-4:s1"], ["12-4:t1"], ["12-04:s0"], [""],
                ["12-4:s0", "12-4:s0"], ["12-4:s0", "pass"], ["12-4:s0", "draw", "draw"],
                ["12-4:s0", "draw", "7-0:s1"]):
        with pytest.raises(ValueError):
            legal_actions(d, bad)
    for bad_deal in (deal(["12-12"], ["1-0"], []),  # the engine is not dealt
                     deal(["12-5", "5-12"], ["1-0"], []), deal(["12-05"], ["1-0"], []), deal([], ["1-0"], []),
                     deal(["6-5"], ["7-0"], [], engine=6, top=6), deal(["12-5"], ["1-0"], [], first=2)):
        with pytest.raises(ValueError):
            legal_actions(bad_deal, [])


def test_the_worked_examples_written_in_variants_md():
    # A stuck player with an empty train draws, passes, and its empty train is marked; the other
    # may still only start its own.
    d = deal(["3-4", "5-6"], ["12-8", "12-9", "4-0"], ["1-2", "7-7"])
    assert legal_actions(d, []) == ["draw"] and legal_actions(d, ["draw"]) == ["pass"]
    assert markers(d, ["draw", "pass"]) == [True, False]
    assert legal_actions(d, ["draw", "pass"]) == ["12-8:s1", "12-9:s1"]
    # A double laid must be answered before anything else, then the turn passes.
    d = deal(["12-5", "5-5", "5-2", "12-3"], ["12-6", "6-1", "0-0"], ["9-9", "8-8"])
    h = ["12-5:s0", "12-6:s1"]
    assert legal_actions(d, h) == ["12-3:t1", "5-2:s0", "5-5:s0"]
    assert legal_actions(d, h + ["5-5:s0"]) == ["5-2:s0"]
    assert legal_actions(d, h + ["5-5:s0", "5-2:s0"]) == ["6-1:s1"]
    # A drawn 12-4 may not start a public train while the double is open; the other player must
    # answer it too, and closing it on seat 0's train leaves seat 0 marked.
    d = deal(["12-5", "5-5", "1-1"], ["12-6", "6-2", "3-3"], ["12-4", "5-0", "9-9"])
    h = ["12-5:s0", "12-6:s1", "5-5:s0", "draw"]
    assert legal_actions(d, h) == ["pass"]
    h.append("pass")
    assert legal_actions(d, h) == ["draw"] and legal_actions(d, h + ["draw"]) == ["5-0:s0"]
    assert markers(d, h + ["draw", "5-0:s0"]) == [True, False]
    # Eight trains out, the last tile drawn and nobody able to play even with both trains marked:
    # blocked at once, 12-8 + 9-9 + 11-11 = 60 pips against 11-10 + 10-10 = 41.
    d = deal(["12-0", "12-2", "12-4", "12-6", "12-8", "9-9"],
             ["12-1", "12-3", "12-5", "12-7", "11-10", "10-10"], ["11-11"])
    h = ["12-0:s0", "12-1:s1", "12-2:t1", "12-3:t2", "12-4:t3", "12-5:t4", "12-6:t5", "12-7:t6"]
    assert legal_actions(d, h) == ["draw"] and outcome(d, h) is None
    assert outcome(d, h + ["draw"]) == {"winner": 1, "pips": [60, 41], "reason": "blocked"}
    # Boneyard empty and seat 0 stuck, but seat 1 could play on seat 0's train once marked.
    d = deal(["12-0", "9-9"], ["12-3", "0-4"], [])
    h = ["12-0:s0", "12-3:s1"]
    assert legal_actions(d, h) == ["pass"] and outcome(d, h) is None
    assert legal_actions(d, h + ["pass"]) == ["0-4:s0"]
    assert outcome(d, h + ["pass", "0-4:s0"]) == {"winner": 1, "pips": [18, 0], "reason": "out"}
