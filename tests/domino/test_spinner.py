"""The spinner layout (tutor/games/domino/spinner.py, Straight and All Fives) against the independent
statement of the rules (tests/checkers/variants_checker.py, no shared code) over random rounds of play:
the same places for every tile, the same open ends, the same All Fives count and score."""

from __future__ import annotations

import random

import pytest

from tutor.games.domino.rules import nearest_five
from tutor.games.domino.spinner import End, SpinnerLayout, all_fives_score, arm_named
from tutor.games.domino.tiles import Tile
from variants_checker import SpinnerLayout as CheckerLayout, all_fives_points, round_to_five

ALL = [(a, b) for a in range(7) for b in range(a + 1)]


@pytest.mark.parametrize("branching", [True, False], ids=["every-double-branches", "one-spinner"])
def test_the_engine_and_the_checker_agree_on_random_layouts(branching):
    rng = random.Random(15)
    compared = branched = 0
    for _ in range(3000):
        tiles = ALL[:]
        rng.shuffle(tiles)
        doubles = [t for t in tiles if t[0] == t[1]]
        spinner = doubles[0]
        tiles.remove(spinner)
        engine, checker = SpinnerLayout.lead(Tile(*spinner), branching), CheckerLayout(spinner[0], branching=branching)
        played = [spinner]
        for piece in tiles:
            places = [arm.value for arm in engine.places(Tile(*piece))]
            assert sorted(places) == sorted(checker.fits(piece)), (engine, piece)
            assert engine.count() == checker.count()
            assert all_fives_score(engine.count()) == all_fives_points(checker.count())
            compared += 1
            if places:
                arm = rng.choice(places)
                engine = engine.play(Tile(*piece), arm_named(arm))
                checker.play(piece, arm)
                played.append(piece)
        assert sorted(engine.tiles) == sorted(Tile(*t) for t in played)
        branched += len(engine.doubles())
    assert compared > 50_000
    assert (branched > 3000) == branching, branched


def test_a_tile_that_does_not_fit_is_refused_and_the_layout_unchanged():
    layout = SpinnerLayout.lead(Tile(6, 6))
    with pytest.raises(ValueError):
        layout.play(Tile(5, 4), End.LEFT)
    with pytest.raises(ValueError):
        layout.play(Tile(6, 1), End.UP)  # the sides open only after both ends
    assert layout == SpinnerLayout.lead(Tile(6, 6))
    with pytest.raises(ValueError):
        SpinnerLayout.lead(Tile(6, 5))


@pytest.mark.parametrize("pips", range(0, 60))
def test_rounding_agrees(pips):
    assert nearest_five(pips) == round_to_five(pips)
