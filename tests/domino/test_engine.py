"""The rules engine against RULES.md, one rule at a time."""

import random

import pytest

from tutor.games.domino import (
    DRAW, PASS, Action, Deal, End, IllegalMoveError, InvalidActionError, InvalidLineError,
    InvalidPositionError, InvalidTileError, Match, Position, Required, RoundRecord, RoundResult,
    Termination, Tile, TILES,
)
from tutor.games.domino.rules import RuleSet, leader_is_previous_winner
from tutor.games.domino.playout import random_round


# ---- tiles -------------------------------------------------------------------------------------
def test_the_set_has_every_pair_once():
    pairs = {(a, b) for a in range(7) for b in range(a + 1)}
    assert {(t.high, t.low) for t in TILES} == pairs
    assert len(TILES) == 28
    assert sum(t.is_double for t in TILES) == 7


@pytest.mark.parametrize("a,b", [(a, b) for a in range(7) for b in range(7)])
def test_tile_text_round_trips_in_either_order(a, b):
    tile = Tile.parse(f"{a}-{b}")
    assert str(tile) == f"{max(a, b)}-{min(a, b)}"
    assert Tile.parse(str(tile)) is tile
    assert tile.value == a + b
    assert tile.is_double == (a == b)
    assert eval(repr(tile)) is tile


@pytest.mark.parametrize("token", ["7-1", "6", "6-", "-1-2", "a-b", "6--3", " 6-3", "6-3 ", "6/3", "63", "", None, 63, ["6", "3"]])
def test_malformed_tiles_are_rejected_naming_the_token(token):
    with pytest.raises(InvalidTileError) as caught:
        Tile.parse(token)
    assert isinstance(caught.value, ValueError)
    assert repr(token) in str(caught.value) or str(token) in str(caught.value)


# ---- the opening ---------------------------------------------------------------------------------
def test_highest_double_opens_and_is_the_only_legal_first_move():
    p = Position.parse("5-5,6-1,2-2/6-6,0-0,3-2 - 0 0")
    assert p.required() is Required.OPEN
    assert p.to_move == 1
    assert [str(m) for m in p.legal_moves()] == ["6-6"]
    with pytest.raises(IllegalMoveError, match="must open with 6-6"):
        p.apply(Action.parse("5-5"))


def test_without_doubles_the_heaviest_tile_opens():
    p = Position.parse("6-1,4-0/5-3,2-1 - 0 0")
    opening = p.opening()
    assert (opening.seat, str(opening.tile), opening.rule.value) == (1, "5-3", "heaviest_tile")


def test_equal_weights_are_ranked_by_the_higher_half():
    p = Position.parse("5-4,1-0/6-3,2-0 - 0 0")
    assert str(p.opening().tile) == "6-3" and p.opening().seat == 1
    p = Position.parse("6-3,1-0/5-4,2-0 - 0 0")
    assert str(p.opening().tile) == "6-3" and p.opening().seat == 0


def test_the_opening_sets_both_ends():
    p = Position.parse("6-3,1-0/5-4,2-0 - 0 0").apply(Action.parse("6-3"))
    assert p.ends == (6, 3) and p.to_move == 1
    p = Position.parse("4-4,1-0/5-3,2-0 - 0 0").apply(Action.parse("4-4"))
    assert p.ends == (4, 4)


# ---- a turn ---------------------------------------------------------------------------------------
def test_legal_moves_are_tile_and_end():
    p = Position.parse("5-4,6-1,2-2/2-0,1-1 5-3,3-3,3-6 0 0")
    assert p.ends == (5, 6)
    assert {str(m) for m in p.legal_moves()} == {"5-4L", "6-1R"}


def test_a_tile_fitting_both_ends_gives_two_moves_even_when_the_ends_are_equal():
    p = Position.parse("5-2,3-3/1-0 5-4,4-4,4-1,1-5 0 0")
    assert [str(m) for m in p.legal_moves()] == ["5-2L", "5-2R"]


def test_a_played_tile_shows_its_other_half_at_that_end():
    p = Position.parse("5-2,3-3/1-0 5-4,4-4,4-6 0 0").apply(Action.parse("5-2L"))
    assert p.line[0] == (2, 5) and p.ends == (2, 6)
    p = Position.parse("6-1,3-3/1-0 5-4,4-4,4-6 0 0").apply(Action.parse("6-1R"))
    assert p.line[-1] == (6, 1) and p.ends == (5, 1)


def test_playing_a_tile_that_does_not_match_is_refused_and_changes_nothing():
    p = Position.parse("5-2,3-3/1-0 5-4,4-4,4-6 0 0")
    before = p.to_text()
    with pytest.raises(IllegalMoveError, match="3-3 has no 6"):
        p.apply(Action.parse("3-3R"))
    with pytest.raises(IllegalMoveError, match="not in seat 0's hand"):
        p.apply(Action.parse("1-0R"))
    assert p.to_text() == before


def test_play_is_compulsory_no_draw_or_pass_with_a_fitting_tile():
    p = Position.parse("5-2,3-3/1-0 5-4,4-4,4-6 0 0")
    with pytest.raises(IllegalMoveError, match="must play"):
        p.apply(DRAW)
    with pytest.raises(IllegalMoveError, match="must play"):
        p.apply(PASS)


def test_drawing_goes_one_tile_at_a_time_until_one_fits_then_that_tile_is_played():
    # Seat 0 holds nothing for 5 or 6; the boneyard order puts two misfits before 6-2.
    first = ["2-0", "1-1", "6-2"]
    held = {"3-3", "1-0", "2-2", "5-4", "4-4", "6-4", *first}
    order = first + [str(t) for t in TILES if str(t) not in held]
    p = Position.parse(f"3-3,1-0/2-2 5-4,4-4,4-6 0 0 {','.join(order)}")
    assert p.required() is Required.DRAW
    with pytest.raises(IllegalMoveError, match="must draw"):
        p.apply(PASS)
    p = p.apply(DRAW)
    assert p.required() is Required.DRAW and p.to_move == 0 and len(p.boneyard) == 21
    p = p.apply(DRAW)
    p = p.apply(DRAW)
    assert p.required() is Required.PLAY and p.to_move == 0
    assert [str(m) for m in p.legal_moves()] == ["6-2R"]
    assert len(p.hand(0)) == 5 and len(p.boneyard) == 19


def test_passing_only_with_an_empty_boneyard_and_no_fit():
    p = Position.parse("3-3/2-2,1-0 5-4,4-4,4-6 0 0")
    assert p.required() is Required.DRAW  # plenty of tiles in the boneyard
    rest = [t for t in TILES if str(t) not in {"3-3", "2-2", "1-0", "5-4", "4-4", "6-4"}]
    hands = "3-3," + ",".join(str(t) for t in rest if 5 not in (t.high, t.low) and 6 not in (t.high, t.low) and str(t) != "3-3")
    fives = [str(t) for t in rest if 5 in (t.high, t.low) or 6 in (t.high, t.low)]
    p = Position.parse(f"{hands}/2-2,1-0,{','.join(fives)} 5-4,4-4,4-6 0 0")
    assert p.boneyard == () and p.required() is Required.PASS
    with pytest.raises(IllegalMoveError, match="boneyard is empty"):
        p.apply(DRAW)
    after = p.apply(PASS)
    assert after.to_move == 1 and after.passes == 1


# ---- end of a round -------------------------------------------------------------------------------
def test_playing_the_last_tile_ends_the_round_at_once():
    p = Position.parse("6-1/6-5,2-0 5-4,4-4,4-6 0 0").apply(Action.parse("6-1R"))
    assert p.required() is Required.OVER
    r = p.result()
    assert (r.reason, r.winner, r.points) == (Termination.DOMINO, 0, 13)
    with pytest.raises(IllegalMoveError, match="over"):
        p.apply(Action.parse("6-5L"))


# RULES.md's worked examples, scored by the engine from real end positions.
def test_worked_example_play_out_two_players():
    p = Position.parse("6-0/6-5,2-0 5-4,4-4,4-6 0 0")
    assert p.apply(Action.parse("6-0R")).result().points == 13


def test_worked_example_play_out_three_players():
    # B (seat 1) plays out; A holds 12 pips, C holds 7.
    p = Position.parse("6-6/3-0/4-3 1-5,5-5,5-3 1 0").apply(Action.parse("3-0R"))
    r = p.result()
    assert (r.reason, r.winner, r.points, r.pips) == (Termination.DOMINO, 1, 19, (12, 0, 7))


@pytest.mark.parametrize("hands,seats,winner,points", [
    ([["3-1"], ["5-2", "1-0"]], 2, 0, 4),                                 # 8 - 4
    ([["6-4"], ["6-0"], ["6-5", "4-0"]], 3, 1, 19),                       # (10 + 15) - 6
    ([["4-2"], ["3-1", "2-0"]], 2, 0, 0),                                 # fewer tiles wins, 6 - 6
    ([["4-1", "1-0"], ["3-0", "2-1"]], 2, None, 0),                       # tied on pips and tiles
])
def test_worked_examples_blocked(hands, seats, winner, points):
    r = blocked_position(hands).result()
    assert r.reason is Termination.BLOCKED
    assert (r.winner, r.points) == (winner, points)


def blocked_position(hands: list[list[str]]) -> Position:
    """Hands as given, a line of one double nobody holds, every seat having passed in a row."""
    held = {Tile.parse(t) for hand in hands for t in hand}
    double = next(t for t in reversed(TILES) if t.is_double and t not in held)
    masks = Position.parse("/".join(",".join(h) for h in hands) + f" {double} 0 0").hands
    return Position(masks, ((double.high, double.low),), 0, len(hands))


def test_a_round_is_blocked_only_when_every_seat_has_passed_in_a_row():
    rng = random.Random(8)
    blocked = 0
    for seed in range(300):
        p = Deal.from_seed(seed, 2 + seed % 3).position()
        history = [p]
        while p.required() is not Required.OVER:
            p = p.apply(rng.choice(p.legal_actions()))
            history.append(p)
        if p.result().reason is Termination.BLOCKED:
            blocked += 1
            tail = history[-1 - p.seats:]
            # the last `seats` actions were passes, and the round went on until the last of them
            assert [q.passes for q in tail] == list(range(p.seats + 1))
            assert all(q.required() is Required.PASS for q in tail[:-1])
    assert blocked > 5


# ---- records, deals and notation --------------------------------------------------------------
def test_deal_sizes_and_boneyard():
    for seats, size, boneyard in [(2, 7, 14), (3, 5, 13), (4, 5, 8)]:
        p = Deal.from_seed(11, seats).position()
        assert [len(p.hand(s)) for s in range(seats)] == [size] * seats
        assert len(p.boneyard) == boneyard


def test_a_seed_gives_the_same_deal_and_another_seed_another():
    assert Deal.from_seed(5, 2) == Deal.from_seed(5, 2)
    assert Deal.from_seed(5, 2) != Deal.from_seed(6, 2)


def test_replay_rejects_the_first_illegal_action_naming_it():
    deal = Deal.from_hands([["6-6", "5-4", "2-1", "3-3", "0-0", "1-0", "2-0"],
                            ["6-5", "6-4", "4-4", "3-1", "3-0", "5-5", "2-2"]])
    record = RoundRecord(deal, ["6-6", "6-5R", "3-3L"])
    with pytest.raises(IllegalMoveError) as caught:
        record.positions()
    assert caught.value.where == "actions[2]"
    assert "action 3 (3-3L)" in str(caught.value)
    good = RoundRecord(deal, ["6-6", "6-5R", "draw"])
    with pytest.raises(IllegalMoveError, match="action 3 \\(draw\\)"):
        good.positions()


@pytest.mark.parametrize("text", ["6-1X", "6-1LR", "open", "7-7", "", "6-1l"])
def test_bad_action_text_is_a_syntax_error(text):
    with pytest.raises((InvalidActionError, InvalidTileError)):
        Action.parse(text)


def test_positions_round_trip_through_text_and_json():
    rng = random.Random(4)
    for seed in range(200):
        p = Deal.from_seed(seed, 2 + seed % 3).position()
        while True:
            assert Position.parse(p.to_text()) == p
            assert Position.from_json(p.to_json()) == p
            assert eval(repr(p)) == p
            if p.required() is Required.OVER:
                break
            p = p.apply(rng.choice(p.legal_actions()))


@pytest.mark.parametrize("field,value", [
    ("to_move", 5), ("passes", 2), ("hands", (0, 0)), ("line", ()), ("boneyard", ()), ("rules", None),
    ("notes", "a new attribute"),
])
def test_a_position_is_immutable(field, value):
    p = Position.parse("5-4,6-1,2-2/2-0,1-1 5-3,3-3,3-6 0 0")
    before = (p.to_text(), hash(p))
    with pytest.raises(AttributeError):
        setattr(p, field, value)
    with pytest.raises(AttributeError):
        delattr(p, field)
    assert not hasattr(p, "__dict__")  # slots only: nowhere to hide a changed value
    after = p.apply(Action.parse("6-1R"))
    assert (p.to_text(), hash(p)) == before  # applying an action leaves the position as it was
    with pytest.raises(AttributeError):
        setattr(after, field, value)
    import copy
    import pickle

    assert copy.deepcopy(p) == p and pickle.loads(pickle.dumps(p)) == p


@pytest.mark.parametrize("text", [
    "6-6/5-5",                      # too few fields
    "6-6,6-6/5-5 - 0 0",            # a tile twice
    "6-6/5-5 6-1,2-3 0 0",          # a broken line
    "6-6 - 0 0",                    # one seat
    "6-6/5-5 6-4 2 0",              # no seat 2
    "6-6/5-5 6-4 x 0",
])
def test_bad_positions_are_rejected(text):
    with pytest.raises((InvalidPositionError, InvalidLineError)):
        Position.parse(text)


# ---- the rule set is a value ------------------------------------------------------------------
def test_another_rule_set_is_data_not_a_fork():
    sato_like = RuleSet(name="sato-like", hand_sizes={2: 7, 4: 7}, next_round_leader=leader_is_previous_winner)
    p = Deal.from_seed(3, 4, sato_like).position()
    assert [len(p.hand(s)) for s in range(4)] == [7] * 4 and p.boneyard == ()
    assert Match(4, sato_like).after(RoundResult(Termination.DOMINO, 2, 10, (1, 2, 0, 7), (1, 1, 0, 2))).next_leader() == 2
    assert Match(2).after(RoundResult(Termination.DOMINO, 1, 10, (10, 0), (2, 0))).next_leader() is None


def test_the_match_is_won_at_once_on_reaching_100():
    m = Match(2)
    for winner, points in [(0, 60), (1, 30), (0, 39)]:
        m = m.after(RoundResult(Termination.DOMINO, winner, points, (0, 0), (0, 0)))
    assert m.totals == (99, 30) and m.winner is None and m.to_go() == (1, 70)
    m = m.after(RoundResult(Termination.BLOCKED, 1, 70, (0, 0), (0, 0)))
    assert m.winner == 1 and m.totals == (99, 100)
    with pytest.raises(ValueError):
        m.after(RoundResult(Termination.DOMINO, 0, 5, (0, 0), (0, 0)))


# ---- the fast playouts follow the same rules ---------------------------------------------------
def test_fast_playouts_agree_with_the_engine_on_whole_rounds():
    """Replay the same random choices through Position and through random_playout."""
    for seed in range(300):
        seats = 2 + seed % 3
        fast = random_round(random.Random(seed), seats)
        # Re-run the same sequence through the engine, consuming randomness identically.
        rng = random.Random(seed)
        from tutor.games.domino.playout import shuffled_tiles
        order = shuffled_tiles(rng)
        deal = Deal(tuple(TILES[i] for i in order), seats)
        p = deal.position()
        p = p.apply(p.legal_moves()[0])
        while p.required() is not Required.OVER:
            required = p.required()
            if required is Required.PLAY:
                fitting = sorted({m.tile for m in p.legal_moves()})
                tile = fitting[int(rng.random() * len(fitting))] if len(fitting) > 1 else fitting[0]
                ends = [m.end for m in p.legal_moves() if m.tile is tile]
                end = ends[0]
                if len(ends) == 2 and rng.random() < 0.5:
                    end = End.RIGHT
                p = p.apply(Action.play(tile, end))
            else:
                p = p.apply(p.legal_actions()[0])
        r = p.result()
        assert fast == (r.winner, r.points, r.reason.value), seed
