"""What a click asks for (tutor.games.domino.clicks), checked against the independent checker's legal
moves: a click makes a move only when the checker lists it, offers the two ends only when the
checker lists the tile at both, and is refused otherwise, with the reason a learner needs."""

from __future__ import annotations

import collections
import random

import independent_checker as checker
from tutor.games.domino import Deal, Required
from tutor.games.domino.clicks import interpret_click
from tutor.games.domino.tiles import TILES

CLICKS = [str(t) for t in TILES] + ["draw", "pass", "7-1", "6-", "x"]


def test_every_click_in_random_rounds_agrees_with_the_checker():
    rng = random.Random(11)
    counts = {"action": 0, "ends": 0, "refusal": 0}
    for seed in range(60):
        position = Deal.from_seed(seed, 2 + seed % 3).position()
        while True:
            data = position.to_json()
            del data["boneyard"]
            expected = checker.analyze(data)
            seat = position.to_move
            legal = {(m["tile"], m["end"]) for m in expected["legal_moves"]}
            for text in CLICKS:
                click = interpret_click(position, seat, text)
                if expected["action"] == "over":
                    assert click.refusal == "not_your_turn"
                    continue
                if click.action is not None:
                    counts["action"] += 1
                    if text in ("draw", "pass"):
                        assert expected["action"] == text
                    else:
                        end = click.action.end.value if click.action.end else None
                        assert (str(click.action.tile), end) in legal and str(click.action.tile) in _names(text)
                        assert len([m for m in legal if m[0] == str(click.action.tile)]) == 1
                elif click.ends is not None:
                    counts["ends"] += 1
                    left, right = click.ends
                    assert {(str(left.tile), "left"), (str(right.tile), "right")} <= legal
                else:
                    counts["refusal"] += 1
                    assert click.refusal and not any(m[0] in _names(text) for m in legal)
                    if text in ("draw", "pass"):
                        assert expected["action"] != text
                    if click.refusal in ("no_fit", "no_fit_one"):  # a tile of the hand, matching neither end
                        left, right = expected["ends"]
                        assert not set(text.split("-")) & {str(left), str(right)}
                        assert _names(text) & set(data["hands"][seat]), "a tile of the hand"
            # a click by a seat whose turn it is not
            assert interpret_click(position, (seat + 1) % position.seats, CLICKS[0]).refusal == "not_your_turn"
            if position.required() is Required.OVER:
                break
            position = position.apply(rng.choice(position.legal_actions()))
    assert min(counts.values()) > 50, counts


def _names(text: str) -> set[str]:
    return {text, _flip(text)}


def _flip(text: str) -> str:
    return "-".join(reversed(text.split("-")))


def test_clicks_in_spinner_games_agree_with_the_variants_checker():
    """Straight and All Fives: a tile that fits one arm is played there, one that fits several
    arms offers exactly those (left, right, up, down), one that fits none is refused naming the
    open numbers; judged by tests/checkers/variants_checker.py's legal plays."""
    import variants_checker as spinner_checker
    from tutor.games.domino.rules import ALL_FIVES, STRAIGHT

    rng = random.Random(12)
    offered = collections.Counter()
    for seed in range(40):
        name, rules = (("straight", STRAIGHT), ("all-fives", ALL_FIVES))[seed % 2]
        position = Deal.from_seed(seed, 2, rules).position()
        hands = [[(t.high, t.low) for t in position.hand(s)] for s in range(2)]
        state = spinner_checker.start(hands, [(t.high, t.low) for t in position.boneyard_tiles()], name)
        position = position.apply(position.legal_moves()[0])
        while not position.is_over():
            seat = position.to_move
            plays = spinner_checker.legal_plays(state)
            for tile in position.hand(seat):
                click = interpret_click(position, seat, str(tile))
                arms = [arm for piece, arm in plays if piece == (tile.high, tile.low)]
                if len(arms) == 1:
                    assert click.action is not None and click.action.end.value == arms[0]
                elif arms:
                    # the spinner's arms in their order (left, right, up, down), then the doubles' sides
                    roots = sorted((a for a in arms if a in spinner_checker.ARMS), key=spinner_checker.ARMS.index)
                    chosen = [m.end.value for m in click.ends]
                    assert chosen[:len(roots)] == roots and sorted(chosen[len(roots):]) == sorted(set(arms) - set(roots))
                elif spinner_checker.required(state) == "play":  # another tile fits: this one is refused
                    assert click.refusal in ("no_fit_arms", "no_fit_one")
                    shown = set(click.params.get("numbers", [click.params.get("number")]))
                    assert shown == {state.layout.end_number(a) for a in state.layout.open_arms()}
                    assert not shown & {tile.high, tile.low}
                else:  # nothing fits: the tile is refused (the learner must draw or pass)
                    assert click.action is None and click.ends is None and click.refusal
                offered[len(arms)] += 1
            action = rng.choice(position.legal_actions())
            position = position.apply(action)
            state = spinner_checker.apply(state, ("play", (action.tile.high, action.tile.low), action.end.value)
                                          if action.tile is not None else (action.kind.value,))
    assert offered[2] > 20 and offered[3] + offered[4] > 0  # tiles fitting several arms were clicked
    assert sum(n for arms, n in offered.items() if arms > 4) > 0  # more than four: doubles' sides too
