"""Thousands of random rounds with 2, 3 and 4 seats, checked step by step against RULES.md.

Every check here is computed from the tiles' text, not through the engine's own helpers, and
scores come from the independent checker's formulas.
"""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

import independent_checker as checker
from tutor.games.domino import DRAW, PASS, Action, ActionKind, Deal, End, IllegalMoveError, Position, Required, Tile, TILES


def halves(text: str) -> tuple[int, int]:
    return int(text[0]), int(text[2])


def fits(text: str, number: int) -> bool:
    return number in halves(text)


def state(p: Position):
    data = p.to_json()
    return data["hands"], data["line"], data["boneyard"]


def check_invariants(p: Position) -> None:
    hands, line, boneyard = state(p)
    everything = [t for hand in hands for t in hand] + line + boneyard
    canonical = {str(Tile.parse(t)) for t in everything}
    assert len(everything) == 28 and len(canonical) == 28, "every tile exactly once"
    for left, right in zip(line, line[1:]):
        assert halves(left)[1] == halves(right)[0], f"{left} {right} do not touch"
    if line:
        assert p.ends == (halves(line[0])[0], halves(line[-1])[1])


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from([2, 3, 4]), choices=st.integers(0, 2**32 - 1))
def test_random_rounds_follow_the_rules(seed, seats, choices):
    rng = random.Random(choices)
    p = Deal.from_seed(seed, seats).position()
    hands, _, boneyard = state(p)
    assert [len(h) for h in hands] == [7 if seats == 2 else 5] * seats
    assert len(boneyard) == 28 - seats * len(hands[0])
    passes_in_a_row = 0
    while True:
        check_invariants(p)
        hands, line, boneyard = state(p)
        someone_out = bool(line) and any(not h for h in hands)
        blocked = passes_in_a_row == seats
        if someone_out or blocked:
            break
        assert p.required() is not Required.OVER and p.result() is None
        actions = p.legal_actions()
        action = rng.choice(actions)
        mover = p.to_move
        hand = hands[mover]
        if line:
            left, right = halves(line[0])[0], halves(line[-1])[1]
            fitting = [t for t in hand if fits(t, left) or fits(t, right)]
            if action.kind is ActionKind.DRAW:
                assert not fitting and boneyard, "draws only with nothing to play"
            if action.kind is ActionKind.PASS:
                assert not fitting and not boneyard, "passes only with nothing to play and nothing to draw"
            if action.kind is ActionKind.PLAY:
                assert str(action.tile) in {str(Tile.parse(t)) for t in fitting}
            # a random illegal attempt is refused and changes nothing
            wrong = Action.play(TILES[rng.randrange(28)], rng.choice([End.LEFT, End.RIGHT]))
            if wrong not in actions:
                before = p.to_text()
                try:
                    p.apply(wrong)
                    raise AssertionError(f"{wrong} was accepted in {before}")
                except IllegalMoveError:
                    assert p.to_text() == before
        nxt = p.apply(action)
        if action.kind is ActionKind.DRAW:
            assert nxt.to_move == mover and len(state(nxt)[2]) == len(boneyard) - 1
            assert state(nxt)[2] == boneyard[1:], "one tile at a time, from the top"
        else:
            assert nxt.to_move == (mover + 1) % seats
        passes_in_a_row = passes_in_a_row + 1 if action is PASS else (passes_in_a_row if action is DRAW else 0)
        p = nxt

    assert p.required() is Required.OVER
    hands, _, _ = state(p)
    pips = [sum(sum(halves(t)) for t in hand) for hand in hands]
    tiles = [len(hand) for hand in hands]
    result = p.result()
    assert list(result.pips) == pips and list(result.tiles) == tiles
    if any(not h for h in hands):
        winner = [s for s, h in enumerate(hands) if not h][0]
        assert (result.reason.value, result.winner, result.points) == ("domino", winner, checker.score_domino(pips, winner))
    else:
        assert result.reason.value == "blocked"
        assert (result.winner, result.points) == checker.score_blocked(pips, tiles)
