"""The analyze API's edges (issue #29): a table given in the wrong shape for its rule set, an
unknown part of a layout, and the bodies no game of the other rule sets can reach, each refused with a
localized 400 that names the field (``where``), never answered as if it were a position.

Every bad body is made from a good one (a position a round does reach, answered 200) by one change,
so each refusal is for that change alone. The bodies tried are counted in the report of issue #29
(``pytest -s`` prints them)."""

from __future__ import annotations

import copy
import random

import pytest

from tutor import create_app
from tutor.games.domino import Deal
from tutor.games.domino.mexican_train import engine as mexican
from tutor.games.domino.rules import ALL_FIVES, SATO, STRAIGHT


@pytest.fixture(scope="module")
def client():
    from conftest import compile_catalogs

    compile_catalogs()
    return create_app({"TESTING": True}).test_client()


def post(client, body, lang="en"):
    return client.post(f"/api/v1/domino/analyze?lang={lang}", json=body)


def reached(rules, seats: int, seed: int, actions: int) -> dict:
    """A body of a position a round reaches: ``actions`` random actions from a seeded deal."""
    rng = random.Random(seed)
    position = Deal.from_seed(seed, seats, rules).position()
    for _ in range(actions):
        if position.is_over():
            break
        position = position.apply(rng.choice(position.legal_actions()))
    body = dict(position.to_json(), rules=rules.name)
    del body["boneyard"]  # the order of the boneyard is not the API's business
    return body


def moved(body: dict, source: int, target: int | None) -> dict:
    """The body with one tile taken from hand ``source`` and put in hand ``target`` (None: into the
    boneyard, which is every tile in no hand and not on the table)."""
    changed = copy.deepcopy(body)
    tile = changed["hands"][source].pop()
    if target is not None:
        changed["hands"][target].append(tile)
    return changed


EXHAUSTED = {"spinner": "6-6", "left": ["6-5", "5-5"], "right": ["6-4", "4-5"], "up": ["6-3", "3-5", "5-1", "1-6"],
             "down": ["6-2", "2-5", "5-0", "0-6"]}
LOW_HANDS = [["4-4", "4-3", "4-2", "4-1", "4-0", "3-3", "3-2"], ["3-1", "3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"]]
SATO_LINE = ["5-0", "0-6", "6-6", "6-1", "1-5", "5-5", "5-2", "2-6", "6-3", "3-5", "5-4", "4-6", "6-5"]
SATO_HANDS = [["4-4", "3-3", "2-1", "1-0"], ["4-3", "2-2", "1-1", "0-0"], ["4-2", "3-1", "2-0"], ["4-1", "4-0", "3-2", "3-0"]]


def domino_cases():
    """(name, good body, bad body, where) for the double-six rule sets."""
    sato4 = reached(SATO, 4, 3, 5)
    sato3 = reached(SATO, 3, 5, 0)
    sato2 = reached(SATO, 2, 8, 6)
    straight = reached(STRAIGHT, 2, 11, 0)
    straight_on = reached(STRAIGHT, 2, 11, 1)  # just after the lead, nothing drawn
    fives = reached(ALL_FIVES, 2, 13, 9)
    fives_lead = reached(ALL_FIVES, 2, 13, 1)
    assert not sato4["line"] == [] and sato3["line"] == [] and straight["layout"] is None
    blocked = {"rules": "straight", "hands": LOW_HANDS, "layout": EXHAUSTED, "to_move": 0}
    sato_blocked = {"rules": "sato", "hands": SATO_HANDS, "line": SATO_LINE, "to_move": 2}
    scored = dict(fives, scores=[max(fives["scores"][0], 5), fives["scores"][1]])
    yield "Sato 157, four players, a tile in the boneyard", sato4, moved(sato4, 1, None), "hands"
    yield "Sato 157, three players, eight in the boneyard", sato3, moved(sato3, 0, None), "hands"
    yield "Sato 157, two players, fifteen in the boneyard", sato2, moved(sato2, 0, None), "hands"
    yield "Sato 157 before the lead, hands of 6 and 8", sato3, moved(sato3, 0, 1), "hands[0]"
    yield "Straight before the lead, hands of 8 and 6", straight, moved(straight, 1, 0), "hands[0]"
    yield "Straight before the lead, fifteen in the boneyard", straight, moved(straight, 0, None), "hands"
    sizes = [len(hand) for hand in straight_on["hands"]]  # the leader's 6, the other's 7
    fuller = sizes.index(7)
    yield "Straight, nothing drawn, a hand of 8", straight_on, moved(straight_on, 1 - fuller, fuller), f"hands[{fuller}]"
    yield "All Fives, points before the lead", dict(reached(ALL_FIVES, 2, 13, 0), scores=[0, 0]), \
        dict(reached(ALL_FIVES, 2, 13, 0), scores=[10, 0]), "scores"
    yield "All Fives, points with only the spinner on the table", dict(fives_lead, scores=[0, 0]), \
        dict(fives_lead, scores=[0, 15]), "scores"
    yield "All Fives, 250 points in the round", scored, dict(scored, scores=[250, scored["scores"][1]]), "scores"
    yield "All Fives, 255 points in the round", scored, dict(scored, scores=[scored["scores"][0], 255]), "scores"
    yield "Straight, a pass after nobody can play", blocked, dict(blocked, passes=1), "passes"
    yield "Sato 157, passes after nobody can play", sato_blocked, dict(sato_blocked, passes=2), "passes"


def mexican_body(engine: int = 12, top: int = 12, seed: int = 1, **extra) -> dict:
    deal = mexican.Deal.from_seed(seed, engine=engine, top=top, first=0)
    return {"rules": "mexican-train", "deal": deal.to_dict(), "history": [], **extra}


def mexican_cases():
    good = mexican_body()
    one = copy.deepcopy(good)  # a hand of one tile, the rest in the boneyard
    one["deal"]["boneyard"] = one["deal"]["hands"][0][1:] + one["deal"]["boneyard"]
    one["deal"]["hands"][0] = one["deal"]["hands"][0][:1]
    many = copy.deepcopy(good)  # a hand of 89 tiles: everything but one
    everything = many["deal"]["hands"][0] + many["deal"]["hands"][1] + many["deal"]["boneyard"]
    many["deal"]["hands"], many["deal"]["boneyard"] = [everything[:89], everything[89:]], []
    zero = mexican_body(engine=0, top=6)
    yield "Mexican Train, a hand of 1 tile", good, one, "deal.hands[0]"
    yield "Mexican Train, a hand of 89 tiles", good, many, "deal.hands[0]"
    yield "Mexican Train, engine 0", mexican_body(engine=1, top=6), zero, "deal.engine"
    yield "Mexican Train, totals in the round 12-12", dict(good, totals=[0, 0]), dict(good, totals=[3, 0]), "totals"
    yield "Mexican Train, totals in the double-six round 6-6", dict(mexican_body(6, 6), totals=[0, 0]), \
        dict(mexican_body(6, 6), totals=[0, 1]), "totals"
    yield "Mexican Train, totals more than one round can keep", dict(mexican_body(11), totals=[200, 0]), \
        dict(mexican_body(11), totals=[2000, 0]), "totals"
    yield "Mexican Train, 12-12 down to 6-6: engine 5", dict(mexican_body(6), match="to-six"), \
        dict(mexican_body(5), match="to-six"), "deal.engine"
    yield "Mexican Train, 6-6 down to 1-1: engine 7", dict(mexican_body(6), match="six-down"), \
        dict(mexican_body(7), match="six-down"), "deal.engine"
    yield "Mexican Train, a double-six deal in a double-twelve match", mexican_body(6, 6), \
        dict(mexican_body(6, 6), match="six-down"), "match"


CASES = list(domino_cases()) + list(mexican_cases())


@pytest.mark.parametrize("name, good, bad, where", CASES, ids=[c[0] for c in CASES])
def test_a_body_no_game_can_reach_is_refused_with_where(client, name, good, bad, where):
    assert post(client, good).status_code == 200, (name, post(client, good).get_json())
    answer = post(client, bad)
    assert answer.status_code == 400, (name, answer.get_json())
    assert answer.get_json()["where"] == where, (name, answer.get_json())
    english = answer.get_json()["error"]
    assert english and english != "This is not a valid position."  # its own sentence
    for lang in ("vi", "id"):
        said = post(client, bad, lang).get_json()["error"]
        assert said and said != english, (lang, said)  # said in the learner's language


def test_the_count_of_bodies_tried():
    """The report's figure: the unreachable bodies tried and refused."""
    print(f"{len(CASES)} unreachable bodies tried, each refused with where")
    assert len(CASES) >= 16


TABLES = [
    ("layout with Playboard", {"hands": [["6-6", "5-4"], ["3-1", "2-0"]], "line": [], "layout": None}, "layout"),
    ("layout with Sato 157", {"rules": "sato", "hands": [["6-6", "5-4"], ["3-1", "2-0"]], "line": [],
                               "layout": {"spinner": "6-6"}}, "layout"),
    ("line beside layout", {"rules": "straight", "hands": LOW_HANDS, "layout": EXHAUSTED, "line": ["6-6"],
                            "to_move": 0}, "line"),
    ("an unknown arm", {"rules": "straight", "hands": LOW_HANDS, "layout": dict(EXHAUSTED, north=[]), "to_move": 0},
     "layout.north"),
    ("an arm that is not a list", {"rules": "straight", "hands": LOW_HANDS, "layout": dict(EXHAUSTED, up="6-3"),
                                   "to_move": 0}, "layout.up"),
]


@pytest.mark.parametrize("name, body, where", TABLES, ids=[t[0] for t in TABLES])
def test_a_table_in_the_wrong_shape_is_refused_not_dropped(client, name, body, where):
    """Before issue #29 these were answered with the extra part dropped (its tiles counted as in the
    boneyard) or, for an arm that is not a list, with the message about line."""
    answer = post(client, body)
    assert answer.status_code == 400 and answer.get_json()["where"] == where, answer.get_json()
    message = answer.get_json()["error"]
    assert "line must be a list" not in message and message != "This is not a valid position."
    assert post(client, body, "vi").get_json()["error"] != message


def nested(depth: int) -> str:
    """A list ``depth`` deep: ``[[[...]]]``."""
    return "[" * depth + "]" * depth


DEEP_BODIES = [(rules, field, depth) for rules in (None, "sato", "straight", "all-fives", "mexican-train")
               for field in ("hands", "rules", "layout", "deal", "extra") for depth in (40, 1_000, 30_000)]


@pytest.mark.parametrize("rules, field, depth", DEEP_BODIES)
def test_a_body_nested_deep_is_a_400_about_the_body(client, rules, field, depth):
    """Before issue #29 a body about 1,000 deep was a 500: the JSON parser's RecursionError is not the
    ValueError Flask's ``silent`` catches. Now it is the body's refusal, in the learner's language."""
    head = "" if rules is None or field == "rules" else f'"rules": "{rules}", '
    body = "{" + head + f'"{field}": {nested(depth)}' + "}"
    said = {}
    for lang in ("en", "vi", "id"):
        answer = client.post(f"/api/v1/domino/analyze?lang={lang}", data=body, content_type="application/json")
        assert answer.status_code == 400, (depth, answer.status_code)
        assert answer.get_json()["where"] == "", answer.get_json()
        said[lang] = answer.get_json()["error"]
    assert "body" in said["en"] and "nested too deeply" in said["en"]
    assert len(set(said.values())) == 3  # said in each language


@pytest.mark.parametrize("depth", [40, 1_000, 30_000])
def test_backgammon_refuses_a_body_nested_deep_alike(client, depth):
    body = '{"white": ' + nested(depth) + "}"
    answer = client.post("/api/v1/backgammon/analyze?lang=en", data=body, content_type="application/json")
    assert answer.status_code == 400 and answer.get_json()["where"] == ""
    assert "nested too deeply" in answer.get_json()["error"]


def test_a_body_just_deep_enough_keeps_its_own_refusal(client):
    """32 levels are allowed: a hand nested that deep is refused as a hand, not as a deep body."""
    from tutor.web.api import MAX_DEPTH

    body = '{"hands": [' + nested(MAX_DEPTH - 2) + ', ["6-6"]], "line": []}'  # levels: the object, hands, then 30
    answer = client.post("/api/v1/domino/analyze?lang=en", data=body, content_type="application/json")
    assert answer.status_code == 400 and answer.get_json()["where"].startswith("hands[0]"), answer.get_json()
    deeper = '{"hands": [' + nested(MAX_DEPTH - 1) + ', ["6-6"]], "line": []}'
    answer = client.post("/api/v1/domino/analyze?lang=en", data=deeper, content_type="application/json")
    assert answer.status_code == 400 and answer.get_json()["where"] == ""
    assert "nested too deeply" in answer.get_json()["error"]


def test_the_deepest_real_body_is_answered(client):
    """A branching double's side, ``layout.branches["4-4"].left``, is the deepest part a body has (5)."""
    body = {"rules": "straight", "hands": [["4-1", "5-3", "3-1", "1-0", "5-0"], ["5-5", "3-2", "2-1", "2-0", "0-0", "6-1"]],
            "layout": {"spinner": "6-6", "left": ["6-4", "4-4"], "right": ["6-2"],
                       "branches": {"4-4": {"left": [], "right": []}}}, "to_move": 0}
    answer = post(client, body)
    assert answer.status_code == 200, answer.get_json()
    assert {(m["tile"], m["end"]) for m in answer.get_json()["legal_moves"]} >= {("4-1", "left")}
