"""Mexican Train (issue #16): worked examples derived by hand from VARIANTS.md's Mexican Train table,
and seeded random rounds that must never raise and always end.

Every expected list below was worked out on paper from the rules, not read off the engine."""

from __future__ import annotations

import itertools
import random
from typing import Sequence

import pytest

from tutor.games.domino.mexican_train import engine as mt
from tutor.games.domino.errors import IllegalMoveError


def deal(s0: list[str], s1: list[str], boneyard: Sequence[str] = (), first: int = 0, engine: int = 12, top: int = 12) -> dict:
    return {"engine": engine, "top": top, "hands": [s0, s1], "boneyard": list(boneyard), "first": first}


def refusal(d: dict, history: list[str], action: str) -> str:
    """The reason the engine gives for refusing ``action`` (the test fails if it accepts it)."""
    with pytest.raises(IllegalMoveError) as caught:
        mt.legal_actions(d, history + [action])
    return caught.value.params["reason"]


# --------------------------------------------------------------------------- worked examples


def test_the_first_play_starts_your_own_train_and_only_its_owner_starts_it():
    d = deal(["3-4", "5-6"], ["12-8", "12-9", "4-0"], ["1-2", "12-0", "7-7"])
    # Seat 0 holds no 12: it draws (1-2, still no 12) and passes, which marks its empty train.
    assert mt.legal_actions(d, []) == ["draw"]
    assert mt.legal_actions(d, ["draw"]) == ["pass"]
    h = ["draw", "pass"]
    assert mt.markers(d, h) == [True, False]
    # Seat 1 must start its own train: no public train yet, and seat 0's marked train holds no tile.
    assert mt.legal_actions(d, h) == ["12-8:s1", "12-9:s1"]
    assert refusal(d, h, "12-8:t1") == "start_own_train_first"
    assert refusal(d, h, "12-8:s0") == "start_own_train_first"
    h += ["12-8:s1"]
    # Seat 0 again: still no 12 in 3-4, 5-6, 1-2; it draws 12-0, which may only start its own train.
    assert mt.legal_actions(d, h) == ["draw"]
    assert mt.legal_actions(d, h + ["draw"]) == ["12-0:s0"]
    # Playing on your own train takes its marker away.
    assert mt.markers(d, h + ["draw", "12-0:s0"]) == [False, False]


def test_a_double_must_be_answered_at_once_by_the_same_player():
    d = deal(["12-5", "5-5", "5-2", "12-3"], ["12-6", "6-1", "9-9"], ["0-0"])
    h = ["12-5:s0", "12-6:s1"]
    # Own train's end 5 takes 5-5 or 5-2; 12-3 may start the first public train.
    assert mt.legal_actions(d, h) == ["12-3:t1", "5-2:s0", "5-5:s0"]
    h += ["5-5:s0"]
    assert mt.open_double(d, h) == "s0"
    assert mt.legal_actions(d, h) == ["5-2:s0"]  # still seat 0, and only on the double
    assert refusal(d, h, "12-3:t1") == "open_double"
    h += ["5-2:s0"]
    assert mt.open_double(d, h) is None
    assert mt.legal_actions(d, h) == ["6-1:s1"]  # seat 1's turn now


def test_an_unanswered_double_stays_open_and_blocks_everything_else():
    d = deal(["12-5", "5-5", "12-1", "8-8"], ["12-6", "6-2", "9-9"], ["12-4", "6-3", "5-0"])
    h = ["12-5:s0", "12-6:s1", "5-5:s0"]
    # No 5 to answer with: draw 12-4, no 5 either; it could start a public train, but not now.
    assert mt.legal_actions(d, h) == ["draw"]
    assert mt.legal_actions(d, h + ["draw"]) == ["pass"]
    assert refusal(d, h + ["draw"], "draw") == "already_drew"
    h += ["draw", "pass"]
    assert mt.markers(d, h) == [True, False] and mt.open_double(d, h) == "s0"
    # Seat 1's 6-2 fits its own train, but only the double may be answered: draw 6-3, no 5, pass.
    assert mt.legal_actions(d, h) == ["draw"]
    assert refusal(d, h, "6-2:s1") == "open_double"
    assert mt.legal_actions(d, h + ["draw"]) == ["pass"]
    h += ["draw", "pass"]
    assert mt.markers(d, h) == [True, True] and mt.open_double(d, h) == "s0"
    # Seat 0 tries again: draws 5-0 and closes its double, which also lifts its marker.
    assert mt.legal_actions(d, h) == ["draw"]
    assert mt.legal_actions(d, h + ["draw"]) == ["5-0:s0"]
    h += ["draw", "5-0:s0"]
    assert mt.open_double(d, h) is None and mt.markers(d, h) == [False, True]
    # Play goes on: seat 1 holds 6-2, 9-9, 6-3 on its own train's 6 (seat 0's 0 is not marked).
    assert mt.legal_actions(d, h) == ["6-2:s1", "6-3:s1"]


def test_the_other_player_may_answer_an_open_double_on_your_train():
    d = deal(["12-5", "5-5", "12-1", "8-8"], ["12-6", "6-2", "9-9"], ["12-4", "5-3"])
    h = ["12-5:s0", "12-6:s1", "5-5:s0", "draw", "pass", "draw"]
    assert mt.legal_actions(d, h) == ["5-3:s0"]
    h += ["5-3:s0"]
    # Seat 1 played on seat 0's train: seat 0 keeps its marker, seat 1 never had one.
    assert mt.markers(d, h) == [True, False] and mt.open_double(d, h) is None
    # Seat 0: nothing fits its own 3; 12-1 and 12-4 may each start the first public train.
    assert mt.legal_actions(d, h) == ["12-1:t1", "12-4:t1"]


def test_a_failed_draw_opens_your_train_until_you_play_on_it():
    d = deal(["12-5", "5-4", "7-3", "0-0"], ["12-7", "9-9", "3-6", "4-2"], ["10-10", "7-1"])
    h = ["12-5:s0", "12-7:s1", "5-4:s0"]
    # Seat 1: nothing on its 7, seat 0's 4 is not open to it (4-2 waits): draw 10-10, pass.
    assert mt.legal_actions(d, h) == ["draw"]
    assert refusal(d, h, "4-2:s0") == "not_marked"
    h += ["draw", "pass"]
    assert mt.markers(d, h) == [False, True]
    # Seat 0 may now play on seat 1's train.
    assert mt.legal_actions(d, h) == ["7-3:s1"]
    h += ["7-3:s1"]
    # Seat 1 plays on its own train again (its 3 takes 3-6): the marker goes.
    assert mt.legal_actions(d, h) == ["3-6:s1"]
    h += ["3-6:s1"]
    assert mt.markers(d, h) == [False, False]
    # Seat 0's 0-0 fits nothing open to it (its 4, seat 1's 6 unmarked): draw.
    assert mt.legal_actions(d, h) == ["draw"]
    assert refusal(d, h, "0-0:s0") == "no_match"
    assert refusal(d, h, "6-0:s1") == "not_in_hand"


def test_a_tile_beyond_the_set_is_refused_as_not_in_the_game():
    d = deal(["6-5", "4-4"], ["6-1", "2-0"], ["3-3"], engine=6, top=6)
    assert refusal(d, [], "9-9:s0") == "not_in_set"  # the double-six set has no 9
    assert refusal(d, [], "7-6:s0") == "not_in_set"
    assert refusal(d, [], "6-4:s0") == "not_in_hand"  # a tile of the set, only not this player's


def test_a_drawn_double_is_played_and_a_second_draw_may_answer_it():
    d = deal(["12-5", "9-8"], ["12-6", "6-1", "11-11"], ["5-5", "5-3", "0-0"])
    h = ["12-5:s0", "12-6:s1"]
    assert mt.legal_actions(d, h) == ["draw"]
    assert mt.legal_actions(d, h + ["draw"]) == ["5-5:s0"]  # the drawn tile fits: it must be played
    assert refusal(d, h + ["draw"], "pass") == "must_play"
    assert refusal(d, h + ["draw"], "draw") == "must_play"
    h += ["draw", "5-5:s0"]
    assert mt.legal_actions(d, h) == ["draw"]  # 9-8 cannot answer; one more draw for the double
    assert mt.legal_actions(d, h + ["draw"]) == ["5-3:s0"]


def test_at_most_eight_trains_and_a_round_blocked_at_once():
    d = deal(
        ["12-0", "12-2", "12-4", "12-6", "12-8", "9-9"],
        ["12-1", "12-3", "12-5", "12-7", "12-9", "10-10"],
        ["11-11"],
    )
    h = ["12-0:s0", "12-1:s1", "12-2:t1", "12-3:t2", "12-4:t3", "12-5:t4", "12-6:t5"]
    assert mt.legal_actions(d, h) == ["12-7:t6", "12-9:t6"]
    h += ["12-7:t6"]
    # Eight trains (two own, six public): 12-8 has nowhere to go; the open ends are 0 to 7.
    assert mt.legal_actions(d, h) == ["draw"]
    assert refusal(d, h, "12-8:t7") == "too_many_trains"
    h += ["draw"]
    # The boneyard is empty and nobody could play even with both trains marked: over, no passes.
    assert mt.legal_actions(d, h) == []
    assert mt.outcome(d, h) == {"winner": 1, "pips": [20 + 18 + 22, 21 + 20], "reason": "blocked"}
    assert refusal(d, h, "pass") == "round_over"


def test_a_stuck_player_passes_when_the_other_could_play_on_the_marked_train():
    d = deal(["12-0", "9-9"], ["12-3", "0-4"], [])
    h = ["12-0:s0", "12-3:s1"]
    # Seat 0 is stuck with an empty boneyard, but its pass lets seat 1 play 0-4 on its 0: not blocked.
    assert mt.outcome(d, h) is None
    assert mt.legal_actions(d, h) == ["pass"]
    assert refusal(d, h, "draw") == "boneyard_empty"
    h += ["pass"]
    assert mt.markers(d, h) == [True, False]
    assert mt.legal_actions(d, h) == ["0-4:s0"]
    assert mt.outcome(d, h + ["0-4:s0"]) == {"winner": 1, "pips": [18, 0], "reason": "out"}


def test_a_blocked_round_with_equal_pips_has_no_winner():
    d = deal(["12-0", "9-8"], ["12-1", "10-7"], [])
    assert mt.outcome(d, ["12-0:s0"]) is None
    assert mt.outcome(d, ["12-0:s0", "12-1:s1"]) == {"winner": None, "pips": [17, 17], "reason": "blocked"}


def test_the_round_ends_when_a_hand_empties_even_on_a_double():
    d = deal(["12-5", "5-5"], ["12-6", "6-6", "1-1"], ["2-3"])
    h = ["12-5:s0", "12-6:s1", "5-5:s0"]
    assert mt.outcome(d, h) == {"winner": 0, "pips": [0, 12 + 2], "reason": "out"}
    assert mt.legal_actions(d, h) == []


def test_the_shorter_game_and_other_engines():
    d = deal(["6-2", "2-1"], ["3-0", "4-4"], ["5-5"], engine=3, top=6, first=1)
    # Round with the 3-3 engine, seat 1 first: only 3-0 starts its train.
    assert mt.legal_actions(d, []) == ["3-0:s1"]
    assert mt.legal_actions(d, ["3-0:s1"]) == ["draw"]  # seat 0 holds no 3


def test_bad_input_is_a_value_error():
    d = deal(["12-5"], ["12-6"], [])
    for bad_history in (["12-6:s0"], ["5-12:s0"], ["12-5"], ["012-5:s0"], ["13-5:s0"], ["12-5:t0"], ["12-5:s0", "draw"], ["12-5:s0", "12-6:s1"]):
        with pytest.raises(ValueError):
            mt.legal_actions(d, bad_history)
    for bad_deal in (
        deal(["12-12"], ["1-2"]),  # the engine is not dealt
        deal(["12-5"], ["5-12"]),  # a tile twice
        deal(["13-5"], ["1-2"]),
        deal(["6-5"], ["1-2"], top=7),
        deal([], ["1-2"]),
        {"hands": [["1-2"], ["3-4"]]},
    ):
        with pytest.raises(ValueError):
            mt.legal_actions(bad_deal, [])


# ------------------------------------------------------------------------------------- deals, match


def test_a_shuffled_deal_holds_the_whole_set_but_the_engine():
    for top, engine, hand in ((12, 12, 16), (12, 7, 16), (6, 6, 7), (6, 1, 7)):
        d = mt.Deal.from_seed(5, engine=engine, top=top).to_dict()
        every = d["hands"][0] + d["hands"][1] + d["boneyard"]
        expected = {f"{a}-{b}" for a, b in itertools.combinations_with_replacement(range(top, -1, -1), 2)}
        expected.discard(f"{engine}-{engine}")
        assert sorted(every) == sorted(expected) and len(every) == (top + 1) * (top + 2) // 2 - 1
        assert [len(h) for h in d["hands"]] == [hand, hand]
    assert mt.Deal.from_seed(9) == mt.Deal.from_seed(9)
    assert {mt.Deal.from_seed(seed).first for seed in range(20)} == {0, 1}


def test_a_match_runs_from_twelve_down_to_one_the_players_taking_turns_and_lowest_wins():
    match = mt.Match(top=12, first=1)
    engines, firsts = [], []
    for n in range(12):
        engines.append(match.next_engine)
        firsts.append(match.next_first)
        # Seat 0 keeps 10 pips every round, seat 1 keeps 9 except 20 in the last: 120 against 119.
        match = match.after(mt.RoundOutcome("out", None, (10, 20 if n == 11 else 9)))
    assert engines == [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert firsts == [1, 0] * 6
    assert match.is_over() and match.next_engine is None
    assert match.totals == (120, 119) and match.winners == (1,)
    with pytest.raises(ValueError):
        match.after(mt.RoundOutcome("out", 0, (0, 0)))
    with pytest.raises(ValueError):
        match.deal(1)


def test_the_shorter_match_has_six_rounds_and_a_tie_is_shared():
    match = mt.Match(top=6, first=0)
    engines = []
    for _ in range(6):
        assert match.winners == ()
        engines.append(match.next_engine)
        d = match.deal(3)
        assert d.engine == match.next_engine and [len(h) for h in d.hands] == [7, 7] and len(d.boneyard) == 13
        match = match.after(mt.RoundOutcome("blocked", None, (4, 4)))
    assert engines == [6, 5, 4, 3, 2, 1]
    assert match.totals == (24, 24) and match.winners == (0, 1)


# --------------------------------------------------------------------------------- random rounds


def _halves(tile: str) -> tuple[int, int]:
    a, b = tile.split("-")
    return int(a), int(b)


def _check_table(d: dict, history: list[str], position: mt.Position) -> None:
    """What must hold in any position, checked from the deal and history, not from the engine's rules."""
    laid = [a.split(":") for a in history if ":" in a]
    trains: dict[str, list[str]] = {}
    for tile, train in laid:
        trains.setdefault(train, []).append(tile)
    # Each train is a chain from the engine: every tile's first half is the previous tile's second.
    assert len(trains) <= 8 and all(name in ("s0", "s1") or name[0] == "t" for name in trains)
    for tiles in trains.values():
        end = d["engine"]
        for tile in tiles:
            first, second = _halves(tile)
            assert first == end
            end = second
    # No tile is lost or made: hands + boneyard + laid tiles == the deal.
    dealt = sorted(tuple(sorted(_halves(t))) for t in d["hands"][0] + d["hands"][1] + d["boneyard"])
    now = [str(t) for t in position.hands[0] + position.hands[1] + position.boneyard] + [t for t, _ in laid]
    assert sorted(tuple(sorted(_halves(t))) for t in now) == dealt
    draws = history.count("draw")
    assert len(position.boneyard) == len(d["boneyard"]) - draws
    # Whose action, the markers and the open double, followed through the history: a draw or a
    # double keeps the turn; a pass marks the passer's train; a tile on your own train unmarks it.
    seat, marked = d["first"], [False, False]
    for action in history:
        if action == "pass":
            marked[seat], seat = True, 1 - seat
        elif action != "draw":
            tile, train = action.split(":")
            if train == f"s{seat}":
                marked[seat] = False
            first, second = _halves(tile)
            seat = seat if first == second else 1 - seat
    assert position.to_act == seat and list(position.markers) == marked
    last = _halves(laid[-1][0]) if laid else (None, 0)
    assert mt.open_double(d, history) == (laid[-1][1] if last[0] == last[1] else None)


@pytest.mark.parametrize("top", [12, 6])
def test_random_rounds_never_raise_and_always_end(top: int):
    rng = random.Random(1600 + top)
    rounds = 36 if top == 12 else 80
    trains = ["s0", "s1"] + [f"t{n}" for n in range(1, 8)]
    reasons = set()
    for _ in range(rounds):
        engine = rng.randint(1, top)
        d = mt.Deal.from_seed(rng.randrange(10**6), engine=engine, top=top).to_dict()
        history: list[str] = []
        while mt.outcome(d, history) is None:
            actions = mt.legal_actions(d, history)
            assert actions and actions == sorted(set(actions))
            # Anything else is refused with a ValueError, and the position stays as it was.
            a, b = rng.randint(0, top), rng.randint(0, top)
            other = rng.choice(["draw", "pass", f"{a}-{b}:{rng.choice(trains)}"])
            if other not in actions:
                before = mt.position_after(d, history)
                with pytest.raises(ValueError):
                    before.apply(other)
                assert mt.legal_actions(d, history) == actions
            history.append(rng.choice(actions))
            assert len(history) < 600
            if len(history) % 10 == 0:
                _check_table(d, history, mt.position_after(d, history))
        position = mt.position_after(d, history)
        _check_table(d, history, position)
        result = mt.outcome(d, history)
        reasons.add(result["reason"])
        hands = [[str(t) for t in hand] for hand in position.hands]
        assert result["pips"] == [sum(sum(_halves(t)) for t in hand) for hand in hands]
        if result["reason"] == "out":
            assert hands[result["winner"]] == [] and hands[1 - result["winner"]] != []
        else:
            assert not position.boneyard and all(hands)
        assert mt.legal_actions(d, history) == []
        with pytest.raises(ValueError):
            mt.legal_actions(d, history + ["pass"])
    assert reasons == {"out", "blocked"}  # the sample reaches both ends of a round


def test_a_whole_match_of_random_rounds_adds_the_pips_left():
    rng = random.Random(16)
    match = mt.Match.drawn(16, top=6)
    kept = [0, 0]
    while not match.is_over():
        position = mt.Position.start(match.deal(rng.randrange(10**6)))
        while not position.is_over():
            position = position.apply(rng.choice(position.legal_actions()))
        result = position.outcome()
        for seat in (0, 1):
            kept[seat] += sum(t.high + t.low for t in position.hands[seat])
        match = match.after(result)
    assert match.totals == tuple(kept) and len(match.results) == 6
    assert match.winners == tuple(seat for seat in (0, 1) if kept[seat] == min(kept))


def test_the_engine_is_pure_python_apart_from_flask_and_the_tests():
    import ast
    from pathlib import Path

    tree = ast.parse(Path(mt.__file__).read_text(encoding="utf-8"))
    standard, own = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            standard |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            (own if node.module.startswith("tutor.") else standard).add(node.module.split(".")[0] if not node.module.startswith("tutor.") else node.module)
    assert standard <= {"__future__", "dataclasses", "functools", "random", "re", "typing"}
    assert own == {"tutor.games.domino.errors"}  # the domino engine's error classes, nothing else of it
