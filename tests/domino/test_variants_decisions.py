"""Every decision issue #29 wrote into VARIANTS.md, one test each, on its worked example, worked out
by hand here and checked both in the engine and in the independent statement of the rules
(tests/checkers/variants_checker.py, written from the seeds apart from the engine)."""

from __future__ import annotations

import pytest

import variants_checker as checker
from tutor.games.domino import Action, Position, Required
from tutor.games.domino.rules import (ALL_FIVES, ALL_FIVES_ONE_SPINNER, PLAYBOARD, SATO, STRAIGHT,
                                      STRAIGHT_ONE_SPINNER)
from tutor.games.domino.spinner import Branch, End, SpinnerLayout, arm_named
from tutor.games.domino.tiles import Tile


def engine_layout(plays: list[tuple[str, str]], branching: bool = True) -> SpinnerLayout:
    layout = SpinnerLayout.lead(Tile(6, 6), branching)
    for tile, arm in plays:
        layout = layout.play(Tile.parse(tile), arm_named(arm))
    return layout


def checker_layout(plays: list[tuple[str, str]], branching: bool = True) -> checker.SpinnerLayout:
    layout = checker.SpinnerLayout(6, branching=branching)
    for tile, arm in plays:
        layout.play(checker.tile(tile), arm)
    return layout


def open_ends(layout) -> dict[str, int]:
    if isinstance(layout, SpinnerLayout):
        return {arm.value: number for arm, number in layout.open_ends().items()}
    return {arm: layout.end_number(arm) for arm in layout.open_arms()}


FOUR_FOUR = [("6-4", "left"), ("4-4", "left")]


def test_a_double_laid_in_an_arm_opens_its_sides_at_once_and_its_far_end():
    """[003a]: a double laid crosswise "creates 2 new ends and 3 more places to play: on the 2 sides
    of the double or its middle". Decision: its sides open the moment it is laid. 6-6 led, 6-4 and
    4-4 on the left: 4-1 fits the left arm (the far end of 4-4) and both sides of 4-4."""
    expected = {"left": 4, "right": 6, "4-4.left": 4, "4-4.right": 4}
    for layout in (engine_layout(FOUR_FOUR), checker_layout(FOUR_FOUR)):
        assert open_ends(layout) == expected
    assert sorted(arm.value for arm in engine_layout(FOUR_FOUR).places(Tile(4, 1))) == ["4-4.left", "4-4.right", "left"]
    assert sorted(checker_layout(FOUR_FOUR).fits((4, 1))) == ["4-4.left", "4-4.right", "left"]


def test_the_spinners_sides_open_once_both_its_ends_hold_a_tile():
    """[003a] "you may play on any side of the spinner", and "at first there are 2 ends": decision,
    its two sides (up, down) open once both its ends (left, right) hold a tile, even when a double
    on an arm has opened its own sides before that."""
    for layout in (engine_layout(FOUR_FOUR), checker_layout(FOUR_FOUR)):
        assert "up" not in open_ends(layout) and "down" not in open_ends(layout)
    plays = FOUR_FOUR + [("6-2", "right")]
    for layout in (engine_layout(plays), checker_layout(plays)):
        assert {k: v for k, v in open_ends(layout).items() if k in ("up", "down")} == {"up": 6, "down": 6}


def test_a_doubles_sides_are_named_as_seen_from_the_spinner():
    """Decision: a double's sides are its left and right as you look out from the spinner along the
    double's arm, named by the double ("4-4.left"). A double on a side branches too (6-6, 6-4 and 4-4
    on the left, 4-2 and 2-2 on 4-4's left side: 2-2 opens "2-2.left" and "2-2.right")."""
    plays = FOUR_FOUR + [("4-2", "4-4.left"), ("2-2", "4-4.left")]
    for layout in (engine_layout(plays), checker_layout(plays)):
        assert open_ends(layout) == {"left": 4, "right": 6, "4-4.left": 2, "4-4.right": 4, "2-2.left": 2, "2-2.right": 2}
    layout = engine_layout(plays)
    assert layout.arm(Branch(Tile(4, 4), End.LEFT)) == ((Tile(4, 2), 2), (Tile(2, 2), 2))
    assert str(Action.play(Tile(2, 1), Branch(Tile(2, 2), End.RIGHT))) == "2-1R2"
    assert Action.parse("2-1R2").end == Branch(Tile(2, 2), End.RIGHT)


@pytest.mark.parametrize("plays, count, terms", [
    (FOUR_FOUR, 20, "6 + 6 + 4 + 4"),                                 # scores 20: the double ends its arm
    (FOUR_FOUR + [("4-1", "4-4.left")], 21, "6 + 6 + 4 + 4 + 1"),     # a side holds a tile: it still counts
    (FOUR_FOUR + [("4-1", "4-4.left"), ("4-2", "left")], 15, "6 + 6 + 2 + 1"),  # covered at its far end: no more
])
def test_an_open_double_counts_both_halves_until_its_far_end_is_covered(plays, count, terms):
    """[003b]: "both halves of a double at the end of the chain count". Decision: a double counts
    both its halves while it is its arm's last tile (nothing on its far end), whatever lies on its
    sides; its sides count only once they hold a tile (a bare side adds nothing)."""
    engine, mine = engine_layout(plays), checker_layout(plays)
    assert engine.count() == mine.count() == count
    assert " + ".join(map(str, engine.count_terms())) == terms


def test_one_spinner_keeps_every_other_double_in_its_arm():
    """The option "one spinner" (the rule many clubs play, and this app's before issue #29): only
    the first double branches; 4-4 lies crosswise in the left arm, one place in it."""
    expected = {"left": 4, "right": 6}
    for layout in (engine_layout(FOUR_FOUR, False), checker_layout(FOUR_FOUR, False)):
        assert open_ends(layout) == expected
        assert layout.count() == 20
    position = Position.parse("4-1,3-3/5-0 6-6:6-4,4-4:-:-:- 0 0", STRAIGHT_ONE_SPINNER)
    assert [str(a) for a in position.legal_moves()] == ["4-1L"]
    assert Position.parse("4-1,3-3/5-0 6-6:6-4,4-4:-:-:- 0 0", STRAIGHT).legal_moves()[1:] == [
        Action.parse("4-1L4"), Action.parse("4-1R4")]


#: Every 6 and every 5 on the table, each open end showing a 5 or a 6: nobody can play.
EXHAUSTED = {"spinner": "6-6", "left": ["6-5", "5-5"], "right": ["6-4", "4-5"], "up": ["6-3", "3-5", "5-1", "1-6"],
             "down": ["6-2", "2-5", "5-0", "0-6"]}
LOW_HANDS = [["4-4", "4-3", "4-2", "4-1", "4-0", "3-3", "3-2"], ["3-1", "3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"]]


@pytest.mark.parametrize("rules, points", [(STRAIGHT, 41), (ALL_FIVES, 40), (STRAIGHT_ONE_SPINNER, 41),
                                           (ALL_FIVES_ONE_SPINNER, 40)], ids=lambda r: getattr(r, "name", r))
def test_a_spinner_round_is_blocked_as_soon_as_nobody_can_play(rules, points):
    """[003a], [003b]: "both players cannot play and nothing is left to draw": the round ends then,
    whoever is to move, without passes. Every 5 and 6 lies on the table, whose open ends all show 5
    or 6, and the 15 other tiles are in the hands: seat 0 (41 pips) is to move. Straight: the lower
    pips (seat 1, 19) win and score 41; All Fives: seat 1 placed the last tile and scores 41 rounded, 40."""
    position = Position.from_json({"hands": LOW_HANDS, "layout": EXHAUSTED, "to_move": 0}, rules)
    assert not position.boneyard and position.passes == 0
    assert position.required() is Required.OVER and position.legal_actions() == []
    result = position.result()
    assert (result.reason.value, result.winner, result.points, result.pips) == ("blocked", 1, points, (41, 19))
    # the checker, from the same hands and table (one spinner: no branches from 5-5)
    state = checker.SpinnerRound(rules.name.removesuffix("-one-spinner"), [[checker.tile(t) for t in h] for h in LOW_HANDS],
                                 [], checker.SpinnerLayout(6, branching=rules.doubles_branch), 0, last_placer=1)
    for arm in checker.ARMS:
        for text in EXHAUSTED[arm]:
            state.layout.play(checker.tile(text), arm)
    assert checker.required(state) == "over" and checker.result(state)["points"] == points
    assert ("5-5.left" in state.layout.open_arms()) == rules.doubles_branch


def test_playboard_still_waits_for_everyone_to_pass():
    """Seed 000 keeps its own rule: the round is blocked once every seat has passed in a row."""
    hands = "4-4,3-3,2-1,1-0/4-3,2-2,1-1,0-0/4-2,3-1,2-0/4-1,4-0,3-2,3-0"
    line = "5-0,0-6,6-6,6-1,1-5,5-5,5-2,2-6,6-3,3-5,5-4,4-6,6-5"
    playboard, sato = Position.parse(f"{hands} {line} 2 0", PLAYBOARD), Position.parse(f"{hands} {line} 2 0", SATO)
    assert playboard.required() is Required.PASS and sato.required() is Required.OVER
    for _ in range(4):
        playboard = playboard.apply(Action.parse("pass"))
    assert playboard.required() is Required.OVER and playboard.passes == 4
    assert playboard.result().winner == sato.result().winner == 2


# ---- Mexican Train's quicker games ([003c]) -----------------------------------------------------
def test_stop_at_six_is_a_match_from_twelve_down_to_six():
    """[003c] "to play quicker, you may start with 6-6 and go on to 1-1, or just stop at 6-6". Decision:
    "stop at 6-6" is the usual match from 12-12 that stops after its 6-6 round (7 rounds), not a
    single round at 6-6; both quicker games use the double-twelve set and its 16-tile hands."""
    import mexican_checker

    from tutor.games.domino.mexican_train import engine as mexican

    by_hand = {"to-six": [12, 11, 10, 9, 8, 7, 6], "six-down": [6, 5, 4, 3, 2, 1]}
    for name, engines in by_hand.items():
        plan = mexican.MATCHES[name]
        assert mexican_checker.match_engines(name) == engines
        assert (plan.top, plan.start, plan.stop, plan.rounds) == (12, engines[0], engines[-1], len(engines))
        match = mexican.Match.drawn(29, plan.top, plan.start, plan.stop)
        played = []
        while not match.is_over():
            deal = match.deal(len(played))
            played.append(deal.engine)
            assert [len(hand) for hand in deal.hands] == [16, 16]
            match = match.after(_played_out(deal))
        assert played == engines


def _played_out(deal):
    """The round played to its end by the first legal action each turn (any end will do here)."""
    from tutor.games.domino.mexican_train import engine as mexican

    position = mexican.position_after(deal, [])
    while not position.is_over():
        position = position.apply(sorted(position.legal_actions())[0])
    return position.outcome()


def test_a_quicker_games_first_player_is_drawn_for_without_its_first_engine(monkeypatch):
    """Decision: as in the whole match, the first player is drawn for with the first round's engine
    out of the set (6-6 when the match starts there, 12-12 when it starts at 12-12), then the
    players take turns starting the rounds."""
    from tutor.games.domino.mexican_train import engine as mexican

    drawn_from = []

    def draw(rng, tiles):
        drawn_from.append(list(tiles))
        return 1

    monkeypatch.setattr(mexican, "draw_for_first", draw)
    for name, first_engine in [("six-down", 6), ("to-six", 12), ("twelve", 12)]:
        plan = mexican.MATCHES[name]
        match = mexican.Match.drawn(7, plan.top, plan.start, plan.stop)
        tiles = drawn_from[-1]
        assert len(tiles) == 91 - 1 and mexican.TrainTile(first_engine, first_engine) not in tiles
        assert all(mexican.TrainTile(n, n) in tiles for n in range(13) if n != first_engine)
        firsts = []
        while not match.is_over() and len(firsts) < 3:
            deal = match.deal(len(firsts))
            firsts.append(deal.first)
            match = match.after(_played_out(deal))
        assert firsts == [1, 0, 1], name  # the drawn player, then in turn
