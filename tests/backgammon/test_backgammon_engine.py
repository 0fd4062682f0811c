"""The backgammon engine: BACKGAMMON.md §2's worked examples with their exact figures (each also
checked against gnubg-nn), notation and IDs against known strings and GNU Backgammon, why-not
reasons, results, the videau, the opening and game records."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

gnubg_nn = pytest.importorskip("gnubg_nn")

from tutor.games.backgammon import (  # noqa: E402
    BLACK, START, WHITE, Cube, IllegalMoveError, IllegalRecordError, InvalidNotationError, InvalidPositionError,
    Position, first_steps, legal_plays, parse_play, why_not,
)
from tutor.games.backgammon.cube import Offer, can_double, computer_doubles, computer_takes, offer, result  # noqa: E402
from tutor.games.backgammon.game import check_opening, random_game, replay, roll_opening  # noqa: E402

P = Position.parse
BLACK_ANYWHERE = "B 19x5 20x5 21x5"


def gnubg_ends(position: Position) -> set:
    opponent, mover = position.board()
    keys = gnubg_nn.moves([list(opponent), list(mover)], position.dice[0], position.dice[1], 0)
    return {tuple(map(tuple, gnubg_nn.board_from_position_key(k))) for k in keys}


def ends(plays) -> set:
    return {p.after.board()[::-1] if False else _mover_view(p) for p in plays}


def _mover_view(play) -> tuple:
    """A play's end in gnubg's layout: (opponent, mover) seen by the side that just moved."""
    after = play.after
    mover = play.before.to_move
    return after.checkers(mover.other), after.checkers(mover)


def notations(position: Position) -> set[str]:
    return {p.notation for p in legal_plays(position)}


def checked(position: Position) -> list:
    """The engine's plays, asserted equal (as end positions) to gnubg's before any figure is read."""
    plays = legal_plays(position)
    assert {_mover_view(p) for p in plays} == gnubg_ends(position)
    return plays


# ---- §2 worked examples ------------------------------------------------------------------------------
def test_start_6_5_has_the_7_plays_and_24_13_leaves_156_pips():
    plays = checked(START.with_dice(6, 5))
    assert len(plays) == 7
    assert {p.notation for p in plays} == {"24/13", "24/18 13/8", "24/18 8/3", "13/8 13/7", "13/2", "13/7 8/3",
                                            "8/3 8/2"}
    run = next(p for p in plays if p.notation == "24/13")
    assert run.after.pips(WHITE) == 167 - 11 == 156 and START.pips(WHITE) == START.pips(BLACK) == 167


@pytest.mark.parametrize("dice, count", [((3, 1), 16), ((6, 6), 11)])
def test_start_3_1_has_16_plays_and_6_6_has_11(dice, count):
    assert len(checked(START.with_dice(*dice))) == count


def test_higher_die_example_only_24_18_and_24_19_is_a_legal_step_not_offered():
    position = P("W 24 6x4 5x3 4x3 3x2 2x2 | B 1x2 13x3 20x3 21x3 22x2 23x2").with_dice(6, 5)
    assert (position.pips(WHITE), position.pips(BLACK)) == (85, 121)
    assert [p.notation for p in checked(position)] == ["24/18"]
    assert first_steps(position) == [(24, 18, 6, False)]
    reason = why_not(position, 24, 19)
    assert reason.code == "higher_die" and reason.params == {"die": 6, "other": 5}


def test_order_example_only_24_18_17_and_8_2_kills_the_1():
    position = P("W 24 8 6x7 2x6 | B 1x2 5x2 7x2 19x3 20x2 21x2 23x2").with_dice(6, 1)
    plays = checked(position)
    assert len(plays) == 1 and [tuple(s) for s in plays[0].steps] == [(24, 18, 6, False), (18, 17, 1, False)]
    assert plays[0].notation == "24/17"  # written without the midway point: no hit there
    assert parse_play(position, "24/18/17").after == plays[0].after
    assert why_not(position, 8, 2).code == "kills_other_die"
    assert why_not(position, 8, 2).params == {"die": 6, "other": 1}
    assert why_not(position, 24, 23).code == "blocked"


BAR_EXAMPLE = "W bar 13x4 8x3 6x5 5x2 | B 19x3 20x3 21x2 22x2 23x2 12x3"


def test_bar_example_6_4_loses_the_turn():
    position = P(BAR_EXAMPLE).with_dice(6, 4)
    assert checked(position) == [] and first_steps(position) == []
    assert why_not(position, "bar", 19).code == "blocked" and why_not(position, "bar", 21).code == "blocked"


def test_bar_example_4_1_enters_on_24_then_any_4():
    position = P(BAR_EXAMPLE).with_dice(4, 1)
    assert notations(position) == {"bar/24 13/9", "bar/24 8/4", "bar/24 6/2", "bar/24 5/1"}
    checked(position)
    assert first_steps(position) == [(25, 24, 1, False)]
    assert why_not(position, 13, 9).code == "must_enter"


def test_bar_example_1_1_has_16_plays_and_11_of_36_rolls_enter():
    assert len(checked(P(BAR_EXAMPLE).with_dice(1, 1))) == 16
    entering = sum(1 for a in range(1, 7) for b in range(1, 7) if legal_plays(P(BAR_EXAMPLE).with_dice(a, b)))
    assert entering == 11


def test_bear_off_6_3_two_plays():
    position = P(f"W 5x2 4x3 2x4 1x3 | {BLACK_ANYWHERE}").with_dice(6, 3)
    assert notations(position) == {"5/off 5/2", "5/off 4/1"}
    checked(position)
    assert why_not(position, 4, "off").code == "bear_off_higher"


def test_bear_off_6_5_from_3_takes_both():
    position = P(f"W 3x2 1 | {BLACK_ANYWHERE}").with_dice(6, 5)
    assert [p.after.points(WHITE) for p in checked(position)] == [{1: 1}]
    assert notations(position) == {"3/off(2)"}


def test_bear_off_last_checker_2_with_3_1_and_the_decision_that_offers_2_off():
    position = P(f"W 2 | {BLACK_ANYWHERE}").with_dice(3, 1)
    plays = checked(position)
    assert [p.notation for p in plays] == ["2/1/off"] and plays[0].after.winner is WHITE
    # decision: bearing off the last checker is always offered, with either die that can
    assert set(first_steps(position)) == {(2, 0, 3, False), (2, 1, 1, False)}
    assert parse_play(position, "2/off").after == plays[0].after


def test_hit_during_bear_off_must_enter_first():
    position = P("W bar 3x2 2x3 | B 24x2 23x2 22x2 12x4 7x5").with_dice(6, 1)
    plays = checked(position)
    assert {p.after.points(WHITE).get(19, 0) + p.after.points(WHITE).get(18, 0) for p in plays} == {1}
    assert notations(position) == {"bar/18", "bar/19 3/2", "bar/19 2/1"}
    assert all(p.after.off(WHITE) == position.off(WHITE) == 9 for p in plays)  # nothing bears off
    assert why_not(position, 3, "off").code == "must_enter"


def test_scoring_examples():
    gammon = P("W | B 19x15 | B cube 2W")
    assert result(gammon).to_json() == {"winner": "white", "kind": "gammon", "multiplier": 2, "cube": 2, "points": 4}
    backgammon = P("W | B 19x14 3 | B cube 4B")
    assert (result(backgammon).kind, result(backgammon).points) == ("backgammon", 12)
    worst = P("W | B barx15 | B cube 64W")
    assert result(worst).points == 3 * 64 == 192
    single = P("W | B 19x14 | B")
    assert (result(single).kind, result(single).points) == ("single", 1)


def test_b12_black_doubles_white_takes_and_a_drop_pays_one():
    b12 = P("W 6x4 5x3 4x3 3x2 2x2 1 | B 19x3 20x3 21x2 22x3 23x2 24x2 | B")
    assert (b12.pips(BLACK), b12.pips(WHITE)) == (56, 62)
    lead = b12.pips(WHITE) - b12.pips(BLACK)
    assert round(100 * lead / b12.pips(BLACK), 1) == 10.7
    assert computer_doubles(b12) and computer_takes(b12, BLACK)
    offered = offer(b12)
    assert offered.take() == Cube(2, WHITE)
    assert offered.drop().winner is BLACK and offered.drop().points == 1


# ---- notation, text, JSON and the IDs ---------------------------------------------------------------
def test_notation_reads_standard_forms_in_any_order():
    position = START.with_dice(6, 5)
    assert parse_play(position, "13/8 24/18").notation == "24/18 13/8"
    assert parse_play(position, "24/18/13").notation == "24/13"
    doubles = START.with_dice(6, 6)
    assert parse_play(doubles, "24/18(2) 13/7(2)").notation == "24/18(2) 13/7(2)"
    hit = P("W bar 13x5 8x3 6x5 | B 22 19x4 17x3 12x5 1x2").with_dice(3, 1)
    assert {p.notation for p in legal_plays(hit)} >= {"bar/22*/21", "bar/24 13/10", "bar/22* 6/5"}
    for text in ("24-18", "13/x", "bar", "24/18(5)", "6/8"):
        with pytest.raises(InvalidNotationError):
            parse_play(position, text)
    with pytest.raises(IllegalMoveError) as refused:
        parse_play(position, "24/18 24/19")
    assert refused.value.code == "blocked"


def test_text_round_trip_and_rejections():
    text = "W bar 6x2 | B barx2 19x3 | B 6-5 cube 4W"
    assert P(text).to_text() == text
    assert P("W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2") == START
    for bad in ("W 24x16 | B 1", "W 24 | B 24", "W 25 | B 1", "X 1 | B 2", "W 1 | B 2 | W 7-1", "W 1x0 | B 2"):
        with pytest.raises(InvalidPositionError):
            P(bad)


def positions():
    """Random valid positions: up to 15 checkers a side, no shared point, any side, dice, videau."""
    @st.composite
    def build(draw):
        rng = random.Random(draw(st.integers(0, 10**9)))
        white, black = [0] * 25, [0] * 25
        for own, other in ((white, black), (black, white)):
            for _ in range(rng.randint(0, 15)):
                spot = rng.randrange(25)
                if spot == 24 or not other[23 - spot]:
                    own[spot] += 1
        if sum(white) == 0 and sum(black) == 0:
            white[0] = 1
        value = 2 ** rng.randint(0, 6)
        cube = Cube(value, rng.choice((None, WHITE, BLACK)) if value > 1 else None)
        dice = rng.choice((None, (rng.randint(1, 6), rng.randint(1, 6))))
        return Position(white, black, rng.choice((WHITE, BLACK)), dice, cube)
    return build()


@settings(max_examples=300, deadline=None)
@given(positions())
def test_text_json_gnu_id_and_xgid_round_trip(position):
    assert Position.parse(position.to_text()) == position
    assert Position.from_json(position.to_json()) == position
    assert Position.from_xgid(position.xgid()) == position
    assert Position.from_gnu_id(position.gnu_id(), position.to_move) == position.replace(dice=None, cube=Cube())
    opponent, mover = position.board()
    assert position.gnu_id() == gnubg_nn.position_id([list(opponent), list(mover)])


def test_known_ids():
    assert START.gnu_id() == "4HPwATDgc/ABMA"
    assert Position.from_gnu_id("4HPwATDgc/ABMA") == START
    assert START.xgid() == "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    assert Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10") == START.with_dice(5, 2)
    # after 6-5 24/13 by White, Black on roll: gnubg's own ID of that board
    after = parse_play(START.with_dice(6, 5), "24/13").after
    assert after.gnu_id() == gnubg_nn.position_id([list(after.white), list(after.black)])
    for bad in ("4HPwATDgc/ABM", "!!!!!!!!!!!!!!", "//////////////"):
        with pytest.raises(InvalidPositionError):
            Position.from_gnu_id(bad)


# ---- why not -------------------------------------------------------------------------------------------
def test_why_not_reasons():
    position = START.with_dice(6, 5)
    assert why_not(position, 24, 18) is None and why_not(position, 24, 13) is None
    assert why_not(position, 20, 14).code == "no_checker"
    assert why_not(position, 12, 6).code == "not_your_checker"
    assert why_not(position, 6, 9).code == "wrong_direction"
    assert why_not(position, 6, "off").code == "not_all_home"
    assert why_not(position, 24, 20).code == "no_die" and why_not(position, 24, 20).params["distance"] == 4
    assert why_not(position, 13, 7, played=[(13, 7, 6, False)]) is not None  # the 6 is used
    blocked = P("W 24x2 13x5 8x3 6x5 | B 18x2 19x5 17x3 12x3 1x2").with_dice(6, 5)
    assert why_not(blocked, 24, 18).code == "blocked" and why_not(blocked, 24, 18).params["point"] == 18
    assert why_not(blocked, 24, 13).code == "blocked_midway"
    assert why_not(START, 24, 18).code == "no_dice"
    assert why_not(P("W | B 19").with_dice(1, 2), 1, 0).code == "game_over"


# ---- the videau, the opening and records -------------------------------------------------------------------
def test_cube_states_cap_and_owner():
    assert Cube().state == "centred" and Cube(2, WHITE).state == "owned"
    assert can_double(START) and not can_double(START.replace(cube=Cube(2, BLACK)))
    with pytest.raises(IllegalMoveError) as capped:
        Offer(Cube(64, WHITE), WHITE)
    assert capped.value.code == "cube_cap"
    with pytest.raises(InvalidPositionError):
        Cube(3)
    with pytest.raises(IllegalMoveError):
        offer(START.with_dice(3, 1))


def test_opening_rerolls_ties_and_the_higher_plays_both():
    dice = iter([4, 4, 2, 6])
    opening = roll_opening(lambda: next(dice))
    assert opening.rolls == ((4, 4), (2, 6)) and opening.first is BLACK and opening.dice == (6, 2)
    for bad in ([[3, 3]], [[3, 1], [2, 5]], []):
        with pytest.raises(IllegalRecordError):
            check_opening(bad)


def test_a_record_replays_and_names_the_first_illegal_entry():
    rng = random.Random(12)
    for _ in range(5):
        record, ending = random_game(rng)
        assert replay(record).result == ending
    record = {"opening": [[2, 2], [3, 1]], "turns": [
        {"play": "8/5 6/5"}, {"dice": [6, 5], "play": "1/7 1/6"}, {"double": True}, {"take": True},
        {"dice": [4, 4], "play": "13/9(2) 6/2(2)"}, {"dice": [6, 6], "play": ""}]}
    with pytest.raises(IllegalRecordError) as refused:
        replay(record)
    assert refused.value.where == "turns[1]"  # Black's moves are in Black's own numbering: 24/18 13/8
    record["turns"][1]["play"] = "24/18 13/8"
    with pytest.raises(IllegalRecordError) as refused:
        replay(record)
    assert refused.value.where == "turns[5]" and refused.value.params["reason"] == "must_move"
    record["turns"][5]["play"] = "13/7(2) 8/2(2)"
    done = replay(record)
    assert done.positions[-1].cube == Cube(2, BLACK) and done.result is None  # White doubled, Black took


def test_b12_take_agrees_with_gnubg_cubeless_equity():
    """BACKGAMMON.md §5: take if the taker's cubeless equity is above -0.5 (B12: taker 26 %, -0.475)."""
    gnubg = pytest.importorskip("gnubg")
    b12 = P("W 6x4 5x3 4x3 3x2 2x2 1 | B 19x3 20x3 21x2 22x3 23x2 24x2 | B")
    opponent, mover = b12.board()
    win, *_, equity = gnubg.evaluate([list(opponent), list(mover)], gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0),
                                     gnubg.evalcontext(1, 2, 1, 0, 0.0))
    assert round(1 - win, 2) == 0.26 and round(-equity, 3) == -0.475
    assert computer_takes(b12, BLACK) == (-equity > -0.5)
