"""What a click asks for (tutor.games.domino.clicks), checked against the independent checker's legal
moves: a click makes a move only when the checker lists it, offers the two ends only when the
checker lists the tile at both, and is refused otherwise, with the reason a learner needs."""

from __future__ import annotations

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
