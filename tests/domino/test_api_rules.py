"""The analyze API's ``"rules"`` (issue #15): Sato 157, Straight and All Fives through
POST /api/v1/domino/analyze, judged by the independent statement of their rules
(tests/checkers/variants_checker.py), and every malformed spinner body refused with a localized 400."""

from __future__ import annotations

import copy
import random

import pytest

import variants_checker as checker
from tutor import create_app
from tutor.games.domino import Position
from tutor.games.domino.round import Deal
from tutor.games.domino.rules import ALL_FIVES_ONE_SPINNER, STRAIGHT_ONE_SPINNER, ALL_FIVES, SATO, STRAIGHT

ARM_WORDS = {"left": "the left arm", "right": "the right arm", "up": "the top arm", "down": "the bottom arm"}


def arm_words(arm: str) -> str:
    """An arm as the explanation names it: the spinner's four, or a double's side (4-4.left)."""
    if "." in arm:
        double, side = arm.split(".")
        return f"the {side} side of {double}"
    return ARM_WORDS[arm]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def analyze(client, body, lang="en"):
    return client.post(f"/api/v1/domino/analyze?lang={lang}", json=body)


def spinner_bodies(name: str, rules, rounds: int, seed: int):
    """(request body, checker round) for every position of random rounds after the lead."""
    rng = random.Random(seed)
    for number in range(rounds):
        position = Deal.from_seed(number + seed, 2, rules).position()
        hands = [[(t.high, t.low) for t in position.hand(s)] for s in range(2)]
        state = checker.start(hands, [(t.high, t.low) for t in position.boneyard_tiles()], name)
        position = position.apply(position.legal_moves()[0])
        while True:
            body = dict(position.to_json(), rules=name)
            yield body, state
            if position.is_over():
                break
            action = rng.choice(position.legal_actions())
            position = position.apply(action)
            state = checker.apply(state, ("play", (action.tile.high, action.tile.low), action.end.value)
                                  if action.tile is not None else (action.kind.value,))


@pytest.mark.parametrize("name,rules", [("straight", STRAIGHT), ("all-fives", ALL_FIVES),
                                        ("straight-one-spinner", STRAIGHT_ONE_SPINNER),
                                        ("all-fives-one-spinner", ALL_FIVES_ONE_SPINNER)])
def test_spinner_positions_through_the_api_agree_with_the_checker(client, name, rules):
    compared = scoring = 0
    ends: set[str] = set()
    for body, state in spinner_bodies(name, rules, 100, 40):
        answer = analyze(client, body).get_json()
        assert answer["action"] == checker.required(state), body
        assert answer["rules"] == name
        if answer["action"] == "over":
            expected = checker.result(state)
            assert (answer["result"]["winner"], answer["result"]["points"]) == (expected["winner"], expected["points"])
            ends.add(said_of_the_end(answer["explanation"], expected, state, name))
            continue
        assert answer["open_ends"] == {arm: state.layout.end_number(arm) for arm in state.layout.open_arms()}
        assert answer["ends"] == list(answer["open_ends"].values())
        moves = sorted(((tuple(int(x) for x in m["tile"].split("-")), m["end"]) for m in answer["legal_moves"]))
        assert moves == checker.legal_plays(state)
        if name.startswith("all-fives"):
            assert answer["count"] == state.layout.count()
            assert answer["scores"] == list(state.play_points)
            for move in answer["legal_moves"]:
                tile = tuple(int(x) for x in move["tile"].split("-"))
                points = checker.points_of(state, tile, move["end"])
                assert move["points"] == points
                # the explanation says the same of this play, with the arm named
                said = f"{move['tile']} fits {arm_words(move['end'])}"
                assert said in answer["explanation"]
                if points:
                    scoring += 1
                    assert f"which scores {points}." in answer["explanation"]
        else:
            assert all("points" not in move for move in answer["legal_moves"])
        compared += 1
    assert compared > 200 and (scoring > 10 or name.startswith("straight"))
    print(f"{name} through the API: {compared} positions compared with the checker")  # for reports (-s)
    # a blocked end (random rounds seldom block now that more ends are open: about 1 in 150): every
    # 5 and 6 on the table, whose open ends show 5 or 6; nobody can play, nothing to draw
    hands = [["4-4", "4-3", "4-2", "4-1", "4-0", "3-3", "3-2"], ["3-1", "3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"]]
    layout = {"spinner": "6-6", "left": ["6-5", "5-5"], "right": ["6-4", "4-5"], "up": ["6-3", "3-5", "5-1", "1-6"],
              "down": ["6-2", "2-5", "5-0", "0-6"]}
    state = checker.SpinnerRound(name.removesuffix("-one-spinner"), [[checker.tile(t) for t in h] for h in hands], [],
                                 checker.SpinnerLayout(6, branching=rules.doubles_branch), 0, last_placer=1)
    for arm, tiles in layout.items():
        for text in tiles if arm != "spinner" else ():
            state.layout.play(checker.tile(text), arm)
    answer = analyze(client, {"rules": name, "hands": hands, "layout": layout, "to_move": 0}).get_json()
    assert answer["action"] == checker.required(state) == "over"
    expected = checker.result(state)
    assert (answer["result"]["winner"], answer["result"]["points"]) == (expected["winner"], expected["points"])
    ends.add(said_of_the_end(answer["explanation"], expected, state, name))
    assert "Nobody can play and the boneyard is empty" in answer["explanation"]
    assert "domino" in ends and "blocked" in ends  # both endings were explained and checked


def said_of_the_end(explanation: str, expected: dict, state, name: str) -> str:
    """The explanation of a finished round states the checker's figures: the opponent's pips and,
    in All Fives, their rounding, the last player's bonus, the points scored during play."""
    winner, points = expected["winner"], expected["points"]
    if winner is None:  # Straight: equal pips
        assert f"Both players hold {expected['pips'][0]} pips: a tie" in explanation
        return "blocked"
    opponent = expected["pips"][1 - winner]
    if name.startswith("all-fives"):
        assert f"= {opponent}, rounded to {points}" in explanation or f"= {opponent}, rounded to the nearest multiple of 5: {points}." in explanation
        if expected["reason"] == "blocked":
            assert f"Seat {winner} placed the last tile" in explanation and winner == state.last_placer
        for seat, scored in enumerate(expected["play_points"]):
            if scored:
                assert f"seat {seat} scored {scored} point" in explanation
    else:
        assert explanation.rstrip().endswith(f"= {points}.") and points == opponent
    return expected["reason"]


def test_sato_through_the_api(client):
    """Sato 157 with 4 players: no boneyard, so a stuck player must pass at once."""
    position = Deal.from_seed(3, 4, SATO).position()
    assert not position.boneyard
    body = dict(position.to_json(), rules="sato")
    answer = analyze(client, body).get_json()
    assert answer["action"] == "open" and answer["rules"] == "sato"
    rng = random.Random(4)
    passes = 0
    while not position.is_over():
        answer = analyze(client, dict(position.to_json(), rules="sato")).get_json()
        assert answer["action"] != "draw"
        stuck = position.line and not position.fitting()
        assert (answer["action"] == "pass") == bool(stuck)
        passes += answer["action"] == "pass"
        position = position.apply(rng.choice(position.legal_actions()))
    answer = analyze(client, dict(position.to_json(), rules="sato")).get_json()
    hands = [[(t.high, t.low) for t in position.hand(s)] for s in range(4)]
    winner = answer["result"]["winner"]
    if answer["result"]["reason"] == "blocked":
        assert winner == checker.blocked_winner(hands)
    if winner is not None:
        assert answer["result"]["points"] == checker.sato_points(hands, winner)


def test_the_default_is_playboard_and_its_answer_unchanged(client):
    body = {"hands": [["6-6", "5-4"], ["3-1", "2-0"]], "line": []}
    plain, named = analyze(client, body).get_json(), analyze(client, dict(body, rules="playboard")).get_json()
    assert plain == named and "rules" not in plain and "open_ends" not in plain


# a position a round can reach: 5-5 led by seat 1, 5-4 by seat 0, 5-0 by seat 1; nothing drawn yet
GOOD = {"rules": "straight", "hands": [["5-3", "6-1", "4-4", "3-2", "6-6", "1-0"], ["2-0", "1-1", "6-2", "4-3", "3-1"]],
        "layout": {"spinner": "5-5", "left": ["5-4"], "right": ["5-0"]}, "to_move": 0}

BAD = [
    ({"rules": "poker"}, "rules", "not a rule set"),
    ({"rules": 7}, "rules", "not a rule set"),
    ({"layout": None, "line": ["5-5"]}, "line", "without line"),  # a line, and no layout key at all
    ({"layout": [1, 2]}, "layout", "layout must be an object"),
    ({"layout": {"left": ["5-4"]}}, "layout.spinner", "required"),
    ({"layout": {"spinner": "5-4"}}, "layout.spinner", "the spinner is a double"),
    ({"layout": {"spinner": "5-5", "up": ["5-1"]}}, "layout.up[0]", "sides open only once"),
    ({"layout": {"spinner": "5-5", "left": ["4-5"]}}, "layout.left[0]", "does not join"),
    ({"layout": {"spinner": "5-5", "left": ["5-4", "3-3"]}}, "layout.left[1]", "does not join"),
    ({"layout": {"spinner": "5-5", "left": "5-4"}}, "layout.left", None),
    ({"layout": {"spinner": "5-5", "left": ["5-9"]}}, "layout.left[0]", "is not a tile"),
    ({"layout": {"spinner": "5-5", "left": ["5-3"]}}, "layout.left[0]", "appears twice"),
    ({"scores": [10, 0]}, "scores", "Only All Fives"),
    ({"hands": [["5-3"], ["2-0"], ["4-4"]]}, "hands", "hands"),
    ({"layout": None, "hands": [["5-3", "6-1"], ["2-0", "1-0"]]}, "hands", "double"),
    # issue #29: the layout's own parts, and the branches of its doubles
    ({"layout": {"spinner": "5-5", "left": ["5-4"], "north": ["5-1"]}}, "layout.north", "not part of a layout"),
    ({"layout": {"spinner": "5-5", "left": {"5-4": 1}}}, "layout.left", "must be a list of tiles"),
    ({"layout": {"spinner": "5-5", "left": ["5-4"], "right": ["5-0"], "branches": []}}, "layout.branches", "must be an object"),
    ({"layout": {"spinner": "5-5", "left": ["5-4"], "right": ["5-0"], "branches": {"4-4": {"left": ["4-2"]}}}},
     "layout.branches.4-4", "is not on the table"),
    ({"layout": {"spinner": "5-5", "left": ["5-4"], "right": ["5-0"], "branches": {"5-4": {"left": []}}}},
     "layout.branches.5-4", "is not a double"),
    ({"layout": {"spinner": "5-5", "left": ["5-4"], "right": ["5-0"], "branches": {"5-5": {"left": []}}}},
     "layout.branches.5-5", "its sides are the arms up and down"),
    ({"layout": {"spinner": "5-5", "left": ["5-4", "4-4"], "right": ["5-0"], "branches": {"4-4": {"up": ["4-2"]}}},
      "hands": [["5-3", "6-1", "3-2", "6-6", "1-0"], ["2-0", "1-1", "6-2", "4-3", "3-1", "2-2"]], "to_move": 1},
     "layout.branches.4-4.up", "sides are left and right"),
    ({"layout": {"spinner": "5-5", "left": ["5-4", "4-4"], "right": ["5-0"], "branches": {"4-4": {"left": ["4-3"]}}},
      "hands": [["5-3", "6-1", "3-2", "6-6", "1-0"], ["2-0", "1-1", "6-2", "3-1", "2-2"]], "to_move": 0,
      "rules": "straight-one-spinner"}, "layout.branches.4-4.left", "only the spinner branches"),
    ({"layout": {"spinner": "5-5", "left": ["5-4", "4-4"], "right": ["5-0"], "branches": {"4-4": {"left": "4-3"}}},
      "hands": [["5-3", "6-1", "3-2", "6-6", "1-0"], ["2-0", "1-1", "6-2", "3-1", "2-2"]], "to_move": 0},
     "layout.branches.4-4.left", "must be a list of tiles"),
    ({"layout": {"spinner": "5-5", "left": ["5-4", "4-4"], "right": ["5-0"], "branches": {"4-4": {"left": ["3-4"]}}},
      "hands": [["5-3", "6-1", "3-2", "6-6", "1-0"], ["2-0", "1-1", "6-2", "3-1", "2-2"]], "to_move": 0},
     "layout.branches.4-4.left[0]", "does not join"),
]


@pytest.mark.parametrize("change,where,words", BAD)
def test_a_malformed_spinner_body_is_a_localized_400(client, change, where, words):
    body = dict(GOOD, **change)
    if change.get("line"):
        del body["layout"]
    answer = analyze(client, body)
    assert answer.status_code == 400, answer.get_json()
    assert answer.get_json()["where"] == where
    message = answer.get_json()["error"]
    if words:
        assert words in message
    assert message != "This is not a valid position."  # each has its own sentence
    vi = analyze(client, body, "vi").get_json()["error"]
    assert vi != message  # and it is said in Vietnamese too


def test_all_fives_scores_must_be_multiples_of_five(client):
    body = dict(GOOD, rules="all-fives", scores=[10, 3])
    assert analyze(client, body).status_code == 400
    assert analyze(client, dict(GOOD, rules="all-fives", scores=[10, 5])).status_code == 200


def test_random_spinner_bodies_never_fail_with_5xx(client):
    rng = random.Random(99)
    junk = [None, 0, -1, 7, "", "6-6", "x", [], {}, ["6-6"], [["6-6"]], {"spinner": "6-6"}, True, 1.5]
    keys = ["rules", "hands", "layout", "to_move", "passes", "scores", "boneyard"]
    for _ in range(400):
        body = dict(GOOD, rules=rng.choice(["straight", "all-fives"]))
        body["layout"] = dict(body["layout"])
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.5:
                body[rng.choice(keys)] = copy.deepcopy(rng.choice(junk))
            else:
                arm = rng.choice(["left", "right", "up", "down", "spinner"])
                if isinstance(body.get("layout"), dict):
                    body["layout"][arm] = copy.deepcopy(rng.choice(junk))
        answer = analyze(client, body)
        assert answer.status_code in (200, 400), body
        if answer.status_code == 400:
            assert answer.get_json()["error"] and "where" in answer.get_json()
