"""The engine and a second, independent implementation (tests/checkers/independent_checker.py) agree on
the action, legal moves, opening and result of many random positions."""

import random

import independent_checker as checker
from tutor.games.domino.analysis import analyze
from tutor.games.domino import Deal, Position, Required

FIELDS = ("action", "to_move", "ends", "boneyard", "legal_moves", "opening", "result")


def engine_answer(data: dict) -> dict:
    return analyze(Position.from_json(data))


def compare(data: dict) -> None:
    ours, theirs = engine_answer(data), checker.analyze(data)
    for field in FIELDS:
        if field == "legal_moves":
            key = lambda m: (m["tile"], str(m["end"]))
            assert sorted(ours[field], key=key) == sorted(theirs[field], key=key), (field, data)
        else:
            assert ours[field] == theirs[field], (field, data, ours[field], theirs[field])


def test_agreement_on_10000_designed_random_positions():
    positions = checker.ValidPositions(random.Random(20261130))
    seen = set()
    for _ in range(10_000):
        data = positions.next()
        compare(data)
        seen.add(checker.case_of(data))
    assert seen == set(checker.CASES), "every kind of position was covered"


def test_agreement_on_positions_reached_in_play():
    rng = random.Random(7)
    count = 0
    for seed in range(400):
        p = Deal.from_seed(seed, 2 + seed % 3).position()
        while True:
            data = p.to_json()
            del data["boneyard"]  # the API has no boneyard order
            compare(data)
            count += 1
            if p.required() is Required.OVER:
                break
            p = p.apply(rng.choice(p.legal_actions()))
    assert count > 5_000
