"""All Fives against a peer written by other people: the PyPI package ``all-fives-domino`` (issue
#15), through tests/checkers/all_fives_peer.py, on the cases where its rules are VARIANTS.md's: the count of
the open ends and the points after a play on every layout, and the legal plays with their scores
unless exactly three arms hold tiles (the package never opens the spinner's fourth side). The package
plays with one spinner (only the first double branches), so it is held to that option, All Fives with
one spinner; the rulebook's branching doubles are checked against variants_checker.py alone."""

from __future__ import annotations

import random

import pytest

import all_fives_peer as peer
from tutor.games.domino.round import Deal
from tutor.games.domino.rules import ALL_FIVES_ONE_SPINNER as ALL_FIVES
from tutor.games.domino.spinner import ARMS

pytestmark = pytest.mark.skipif(peer.installed_version() is None, reason="all-fives-domino is in the dev extra")


def plain_arms(layout) -> dict[str, list[tuple[int, bool]]]:
    """The engine's layout in the peer's plain form (outer number, was it a double) per arm."""
    return {end.value: [(number, tile.is_double) for tile, number in layout.arm(end)] for end in ARMS}


def engine_positions(rounds: int, seed: int):
    """Every position after the lead of random All Fives rounds, while the round goes on."""
    rng = random.Random(seed)
    for number in range(rounds):
        position = Deal.from_seed(seed + number, 2, ALL_FIVES).position()
        position = position.apply(position.legal_moves()[0])
        while not position.is_over():
            yield position
            position = position.apply(rng.choice(position.legal_actions()))


def test_the_peer_counts_and_scores_every_layout_as_the_engine_does():
    compared = 0
    for position in engine_positions(60, 250):
        layout = position.layout
        spinner, arms = layout.spinner.high, plain_arms(layout)
        assert peer.count(spinner, arms) == layout.count(), position.to_text()
        compared += 1
    assert compared > 1_000


def test_the_peer_allows_and_scores_the_same_plays_where_its_rules_match():
    compared = scored = three_arms = 0
    for position in engine_positions(60, 500):
        if position.required().value != "play":
            continue
        layout = position.layout
        spinner, arms = layout.spinner.high, plain_arms(layout)
        if not peer.legal_comparable(arms):
            three_arms += 1
            continue
        hand = [(t.high, t.low) for t in position.hand(position.to_move)]
        moves = position.legal_moves()
        engine = peer.collapse(arms, [((m.tile.high, m.tile.low), m.end.value) for m in moves])
        assert peer.legal_placements(spinner, arms, hand) == engine, position.to_text()
        for move in moves:
            points = peer.play_score(spinner, arms, (move.tile.high, move.tile.low), move.end.value)
            assert points == position.points_for(move), (position.to_text(), str(move))
            scored += points > 0
        compared += 1
    assert compared > 300 and scored > 50 and three_arms > 0  # and the excluded case did come up


def test_the_adapter_reads_the_rulebook_example():
    """VARIANTS.md's first worked example: spinner 4-4, 4-5 left, 4-2 right, then 4-3 on a side
    shows 5 + 2 + 3 = 10 (written here, not computed by the engine)."""
    arms = peer.arms_from_plays(4, [((4, 5), "left"), ((4, 2), "right"), ((4, 3), "up")])
    assert peer.count(4, arms) == 10 and peer.points(4, arms) == 10
