"""Straight and All Fives (issues #15 and #29): the engine against the independent statement of their
rules (tests/checkers/variants_checker.py, written apart from VARIANTS.md, no shared code) on random
rounds, with every double branching (the rulebook's rule) and with one spinner (the option).

At every position of every round, both must agree on what the seat to move must do, every legal
play (tile and arm), the open ends, what each play would score, and at the end on how the round
ended, who won and the points; then whole matches on who wins them. At least 10,000 positions per
rule set and option are compared (the count is printed: ``pytest -s``).
"""

from __future__ import annotations

import random

import pytest

import variants_checker as checker
from tutor.games.domino import Action, ActionKind, Position
from tutor.games.domino.match import Match
from tutor.games.domino.round import Deal
from tutor.games.domino.rules import ALL_FIVES, ALL_FIVES_ONE_SPINNER, STRAIGHT, STRAIGHT_ONE_SPINNER, RuleSet, Termination
from tutor.games.domino.spinner import Branch, End

RULES = {"straight": STRAIGHT, "all-fives": ALL_FIVES, "straight-one-spinner": STRAIGHT_ONE_SPINNER,
         "all-fives-one-spinner": ALL_FIVES_ONE_SPINNER}


def pair(tile) -> tuple[int, int]:
    return (tile.high, tile.low)


def checker_round(position: Position, name: str) -> checker.SpinnerRound:
    """The checker's round from the deal the engine holds (before the opening)."""
    hands = [[pair(t) for t in position.hand(seat)] for seat in range(2)]
    state = checker.start(hands, [pair(t) for t in position.boneyard_tiles()], name)
    assert state is not None, "Deal.from_seed deals a double in spinner games"
    return state


def engine_plays(position: Position) -> list[tuple[tuple[int, int], str]]:
    return sorted((pair(a.tile), a.end.value) for a in position.legal_moves())


def compare(position: Position, state: checker.SpinnerRound) -> None:
    """Everything the two can be asked of one position; raises AssertionError naming it."""
    where = position.to_text()
    assert position.required().value == checker.required(state), where
    if position.is_over():
        return
    assert position.to_move == state.to_move, where
    assert engine_plays(position) == checker.legal_plays(state), where
    ends = {end.value: number for end, number in position.open_ends().items()}
    assert ends == {arm: state.layout.end_number(arm) for arm in state.layout.open_arms()}, where
    assert position.count() == state.layout.count(), where
    for action in position.legal_moves():
        assert position.points_for(action) == checker.points_of(state, pair(action.tile), action.end.value), (where, action)
    assert list(position.scores) == list(state.play_points), where


def to_checker(action: Action) -> tuple:
    if action.kind is ActionKind.PLAY:
        return ("play", pair(action.tile), action.end.value)
    return (action.kind.value,)


def play_round(seed: int, name: str, rng: random.Random) -> tuple[Position, checker.SpinnerRound, int]:
    """One random round played by both, compared at every position; the last positions and the count."""
    position = Deal.from_seed(seed, 2, RULES[name]).position()
    state = checker_round(position, name)
    (opening,) = position.legal_moves()
    position = position.apply(opening)  # the checker's start() leads the same double itself
    assert pair(position.layout.spinner) == (state.layout.spinner, state.layout.spinner)
    compared = 0
    while True:
        compare(position, state)
        compared += 1
        if position.is_over():
            return position, state, compared
        action = rng.choice(position.legal_actions())
        position, state = position.apply(action), checker.apply(state, to_checker(action))


def compare_results(position: Position, state: checker.SpinnerRound, name: str) -> None:
    result, expected = position.result(), checker.result(state)
    assert result is not None and expected is not None
    assert (result.reason.value, result.winner, result.points) == (expected["reason"], expected["winner"], expected["points"]), position.to_text()
    assert tuple(result.pips) == tuple(expected["pips"])
    if name.startswith("all-fives"):
        assert tuple(result.play_points) == tuple(expected["play_points"])


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_engine_and_the_checker_agree_on_random_rounds(name):
    rng = random.Random(f"spinner-{name}")
    compared = rounds = 0
    outcomes: set[tuple[str, bool]] = set()
    # Straight can also end blocked with equal pips (nobody wins); All Fives always has a winner
    kinds = {("domino", False), ("blocked", False)} | ({("blocked", True)} if name.startswith("straight") else set())
    while compared < 10_000 or not kinds <= outcomes:
        position, state, count = play_round(rounds, name, rng)
        compare_results(position, state, name)
        result = position.result()
        outcomes.add((result.reason.value, result.winner is None))
        compared += count
        rounds += 1
    assert outcomes == kinds and compared >= 10_000  # each way a round can end was compared
    print(f"{name}: {compared} positions compared in {rounds} rounds")


@pytest.mark.parametrize("name", ["all-fives", "all-fives-one-spinner"])
def test_every_arm_and_every_scoring_kind_occurs_in_the_compared_rounds(name):
    """The comparison above is worth something only if the branching happened: plays on the up
    and down sides, a double at an arm's end, All Fives plays that score, and (every double
    branching) tiles on doubles' sides, three or four doubles branched in one round, and tiles on a
    branch of a branch."""
    rng = random.Random(15)
    sides = doubles_at_ends = scoring = on_branches = many = nested = 0
    for seed in range(200):
        position, _, _ = play_round(seed, name, rng)
        layout = position.layout
        sides += len(layout.arm(End.UP)) + len(layout.arm(End.DOWN))
        doubles_at_ends += any(arm and arm[-1][0].is_double for arm in layout.arms)
        scoring += sum(position.scores) > 0
        on_branches += sum(len(tiles) for _, tiles in layout.branches)
        many += len(layout.doubles()) >= 3
        nested += any(isinstance(arm, Branch) and any(t.is_double for t, _ in layout.arm(arm)) and
                      any(layout.arm(Branch(t, End.LEFT)) or layout.arm(Branch(t, End.RIGHT))
                          for t, _ in layout.arm(arm) if t.is_double) for arm in layout.every_arm)
        assert not layout.branches or layout.branching
    assert sides > 100 and doubles_at_ends > 10 and scoring > 100
    if name == "all-fives":
        assert on_branches > 100 and many > 20 and nested > 0, (on_branches, many, nested)
    else:
        assert on_branches == 0 and not layout.doubles()


def play_match(rules: RuleSet, name: str, rng: random.Random) -> tuple[Match, list]:
    """A whole match of random rounds; for All Fives the round stops at once when a play reaches
    the target (Match.target_reached), as the game does."""
    match = Match(2, rules)
    record: list = []  # per round: the checker's (seat, points) events, or Straight's round points
    seed = rng.randrange(10**9)
    while not match.is_over():
        seed += 1
        position = Deal.from_seed(seed, 2, rules).position()
        state = checker_round(position, name)
        position = position.apply(position.legal_moves()[0])
        while True:
            reached = match.target_reached(position)
            if reached is not None:  # the scoring plays so far; a last tile's going-out bonus never counts
                record.append(list(state.scores))
                match = match.after(reached)
                break
            if position.is_over():
                record.append(checker.round_events(state) if name.startswith("all-fives") else
                              tuple(checker.result(state)["points"] if checker.result(state)["winner"] == s else 0 for s in range(2)))
                match = match.after(position.result())
                break
            action = rng.choice(position.legal_actions())
            position, state = position.apply(action), checker.apply(state, to_checker(action))
    return match, record


def test_straight_matches_agree():
    rng = random.Random("straight matches")
    lengths = set()
    for _ in range(60):
        match, rounds = play_match(STRAIGHT, "straight", rng)
        assert match.winner == checker.straight_match_winner(rounds)
        for played in range(len(rounds)):  # and before its end, nobody had won
            assert Match(2, STRAIGHT, match.results[:played]).winner == checker.straight_match_winner(rounds[:played])
        lengths.add(len(rounds))
    assert 5 in lengths and max(lengths) > 5, lengths  # a tie after five rounds played on at least once


def test_all_fives_matches_agree():
    rng = random.Random("all fives matches")
    cut_short = 0
    for _ in range(25):
        match, rounds = play_match(ALL_FIVES, "all-fives", rng)
        events = [event for round_events in rounds for event in round_events]
        assert match.winner == checker.all_fives_match_winner(events)
        assert max(match.totals) >= 250
        cut_short += match.results[-1].reason is Termination.TARGET
    assert cut_short > 0  # a play reached 250 during a round at least once
