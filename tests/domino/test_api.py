"""POST /api/v1/domino/analyze, field by field and error by error, as ../shared/API.md says."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import independent_checker as checker

URL = "/api/v1/domino/analyze"


def post(client, body, lang=None, headers=None, raw=False):
    url = URL + (f"?lang={lang}" if lang else "")
    if raw:
        return client.post(url, data=body, headers=headers or {}, content_type="application/json")
    return client.post(url, json=body, headers=headers or {})


D3 = {"hands": [["5-4", "1-6", "2-2"], ["2-0", "1-1"]], "line": ["5-3", "3-3", "3-6"], "to_move": 0, "passes": 0}


def test_play_lists_every_move_in_canonical_form(client):
    r = post(client, D3)
    assert r.status_code == 200 and r.is_json
    body = r.get_json()
    assert list(body) == ["action", "to_move", "ends", "boneyard", "legal_moves", "opening", "result", "explanation"]
    assert body["action"] == "play" and body["to_move"] == 0 and body["ends"] == [5, 6]
    assert body["boneyard"] == 28 - 5 - 3
    assert body["legal_moves"] == [{"tile": "5-4", "end": "left"}, {"tile": "6-1", "end": "right"}]
    assert body["opening"] is None and body["result"] is None
    assert "5-4" in body["explanation"] and "6-1" in body["explanation"]


def test_a_tile_fitting_two_equal_ends_is_listed_twice(client):
    body = post(client, {"hands": [["5-2"], ["0-0"]], "line": ["5-4", "4-4", "4-1", "1-5"], "to_move": 0}).get_json()
    assert body["ends"] == [5, 5]
    assert body["legal_moves"] == [{"tile": "5-2", "end": "left"}, {"tile": "5-2", "end": "right"}]


def test_open_names_the_forced_tile_and_ignores_to_move(client):
    body = post(client, {"hands": [["5-5", "6-1"], ["2-2", "3-0"]], "line": [], "to_move": 1}).get_json()
    assert body["action"] == "open" and body["to_move"] == 0 and body["ends"] == []
    assert body["legal_moves"] == [{"tile": "5-5", "end": None}]
    assert body["opening"] == {"seat": 0, "tile": "5-5", "rule": "highest_double"}
    body = post(client, {"hands": [["6-1", "4-0"], ["5-3", "2-1"]], "line": []}).get_json()
    assert body["opening"] == {"seat": 1, "tile": "5-3", "rule": "heaviest_tile"}
    body = post(client, {"hands": [["5-4", "1-0"], ["6-3", "2-0"]], "line": []}).get_json()
    assert body["opening"]["tile"] == "6-3"
    assert "6-3" in body["explanation"] and "5-4" in body["explanation"]


def test_draw_and_pass(client):
    from tutor.games.domino import TILES

    body = post(client, {"hands": [["3-3", "1-0"], ["2-2"]], "line": ["5-4", "4-4", "4-6"], "to_move": 0}).get_json()
    assert body["action"] == "draw" and body["legal_moves"] == [] and body["boneyard"] == 22
    assert "22" in body["explanation"]
    # Every tile placed: seat 0 holds all that show neither 5 nor 6, seat 1 the rest.
    line = ["5-4", "4-4", "4-6"]
    seat0 = [str(t) for t in TILES if not (t.has(5) or t.has(6)) and str(t) != "4-4"]
    seat1 = [str(t) for t in TILES if str(t) not in set(seat0) | {"5-4", "4-4", "6-4"}]
    body = post(client, {"hands": [seat0, seat1], "line": line, "to_move": 0, "passes": 0}).get_json()
    assert body["action"] == "pass" and body["boneyard"] == 0 and body["legal_moves"] == []


@pytest.mark.parametrize("lang", ["en", "vi", "id"])
def test_passes_by_a_seat_that_could_have_played_are_refused(client, lang):
    """passes = k says the k seats before the mover passed, and a seat may pass only when nothing
    fits: when one of them holds a tile showing an end number, no game reaches the position."""
    rng = random.Random(10)
    refused = accepted = 0
    while refused < 40 or accepted < 40:
        data = checker.random_valid_position(rng)
        hands, line = data["hands"], data["line"]
        if not line or sum(map(len, hands)) + len(line) < 28:
            continue  # passes need an empty boneyard (another rule)
        ends = {checker.parse(line[0])[0], checker.parse(line[-1])[1]}
        seats = len(hands)
        for k in range(1, seats + 1):
            passed = [(data["to_move"] - back) % seats for back in range(1, k + 1)]
            could_play = [s for s in passed if any(set(checker.parse(t)) & ends for t in hands[s])]
            response = post(client, {**data, "passes": k}, lang=lang)
            if could_play:
                refused += 1
                assert response.status_code == 400, (data, k)
                body = response.get_json()
                assert body["where"] == "passes" and set(body) == {"error", "where"}
                assert str(could_play[0]) in body["error"]  # names the seat that could have played
            else:
                accepted += 1
                assert response.status_code == 200, (data, k, response.get_json())


def test_over_by_domino(client):
    body = post(client, {"hands": [[], ["6-5", "2-0"]], "line": ["5-4", "4-4", "4-6"], "to_move": 1}).get_json()
    assert body["action"] == "over" and body["to_move"] is None and body["legal_moves"] == []
    assert body["result"] == {"reason": "domino", "winner": 0, "points": 13, "pips": [0, 13], "tiles": [0, 2]}
    assert "= 13" in body["explanation"]


@pytest.mark.parametrize("case", ["over/blocked/pips", "over/blocked/tiles", "over/blocked/tie"])
def test_blocked_rounds_score_by_the_independent_formula(client, case):
    import random

    rng = random.Random(case)
    found = 0
    while found < 20:
        data = checker.random_valid_position(rng)
        if checker.case_of(data) != case:
            continue
        found += 1
        hands = [[checker.parse(t) for t in h] for h in data["hands"]]
        pips = [checker.pips(h) for h in hands]
        winner, points = checker.score_blocked(pips, [len(h) for h in hands])
        body = post(client, data).get_json()
        assert body["action"] == "over" and body["result"]["reason"] == "blocked"
        assert (body["result"]["winner"], body["result"]["points"]) == (winner, points)
        assert body["result"]["pips"] == pips
        for p in pips:
            assert str(p) in body["explanation"]
        if winner is not None:
            assert f"= {points}" in body["explanation"]


def test_language_from_query_then_header_then_english(client):
    en = post(client, D3).get_json()["explanation"]
    vi = post(client, D3, lang="vi").get_json()["explanation"]
    id_ = post(client, D3, lang="id").get_json()["explanation"]
    assert len({en, vi, id_}) == 3
    assert post(client, D3, headers={"Accept-Language": "vi-VN,vi;q=0.9"}).get_json()["explanation"] == vi
    assert post(client, D3, headers={"Accept-Language": "id"}).get_json()["explanation"] == id_
    assert post(client, D3, lang="vi", headers={"Accept-Language": "id"}).get_json()["explanation"] == vi
    assert post(client, D3, headers={"Accept-Language": "fr"}).get_json()["explanation"] == en


INVALID = [
    ("[1, 2]", ""),
    ("not json", ""),
    ("null", ""),
    ({"line": []}, "hands"),
    ({"hands": "6-6", "line": []}, "hands"),
    ({"hands": [["6-6"]], "line": []}, "hands"),
    ({"hands": [["6-6"], ["5-5"], ["4-4"], ["3-3"], ["2-2"]], "line": []}, "hands"),
    ({"hands": [["6-6"], ["5-5"]]}, "line"),
    ({"hands": [["6-6"], ["7-1"]], "line": []}, "hands[1][0]"),
    ({"hands": [["6-6"], ["6"]], "line": []}, "hands[1][0]"),
    ({"hands": [["6-6"], [61]], "line": []}, "hands[1][0]"),
    ({"hands": [["6-6"], ["5-5", "6-6"]], "line": []}, "hands[1][1]"),
    ({"hands": [["6-6"], ["5-5"]], "line": ["5-5"], "to_move": 0}, "line[0]"),
    ({"hands": [["6-6"], ["5-5"]], "line": ["4-3", "2-1"], "to_move": 0}, "line[1]"),
    ({"hands": [["6-6"], ["5-5"]], "line": ["4-3"]}, "to_move"),
    ({"hands": [["6-6"], ["5-5"]], "line": ["4-3"], "to_move": 2}, "to_move"),
    ({"hands": [["6-6"], ["5-5"]], "line": ["4-3"], "to_move": -1}, "to_move"),
    ({"hands": [["6-6"], ["5-5"]], "line": ["4-3"], "to_move": True}, "to_move"),
    ({"hands": [["6-6"], ["5-5"]], "line": ["4-3"], "to_move": "0"}, "to_move"),
    ({"hands": [["6-6"], ["5-5"]], "line": ["4-3"], "to_move": 0, "passes": 3}, "passes"),
    ({"hands": [["6-6"], ["5-5"]], "line": ["4-3"], "to_move": 0, "passes": -1}, "passes"),
    ({"hands": [["6-6"], []], "line": []}, "hands[1]"),
    ({"hands": [[], [], ["6-6"]], "line": ["4-3"], "to_move": 0}, "hands[1]"),
]


@pytest.mark.parametrize("body,where", INVALID)
@pytest.mark.parametrize("lang", ["en", "vi", "id"])
def test_invalid_requests_get_400_with_a_localized_message_and_the_field(client, body, where, lang):
    r = post(client, body, lang=lang, raw=isinstance(body, str)) if isinstance(body, str) else post(client, body, lang=lang)
    assert r.status_code == 400
    data = r.get_json()
    assert set(data) == {"error", "where"} and data["where"] == where
    assert data["error"] and "%(" not in data["error"]
    english = (post(client, body, lang="en", raw=True) if isinstance(body, str) else post(client, body, lang="en")).get_json()["error"]
    assert (data["error"] == english) == (lang == "en"), "the message is in the requested language"


def test_other_methods_and_paths_answer_json_errors(client):
    r = client.get(URL)
    assert r.status_code == 405 and r.get_json()["error"]
    r = client.post("/api/v1/domino/nothing", json={})
    assert r.status_code == 404 and r.get_json()["error"]


def test_a_huge_body_is_refused(client):
    r = client.post(URL, data="[" * 200_000, content_type="application/json")
    assert r.status_code == 413


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=False) | st.text(max_size=6)
    | st.sampled_from(["6-6", "5-4", "4-4", "3-6", "0-0", "7-1", "1-1"]),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(
        st.sampled_from(["hands", "line", "to_move", "passes", "x"]), children, max_size=5),
    max_leaves=25,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=json_values)
def test_junk_bodies_never_cause_a_server_error(client, body):
    r = post(client, body)
    assert r.status_code in (200, 400)
    if r.status_code == 400:
        assert set(r.get_json()) == {"error", "where"}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=200))
def test_junk_bytes_never_cause_a_server_error(client, raw):
    assert post(client, raw, raw=True).status_code in (200, 400)


def test_random_valid_positions_match_the_independent_checker(client):
    import random

    rng = random.Random(99)
    for _ in range(300):
        data = checker.random_valid_position(rng)
        body = post(client, data).get_json()
        expected = checker.analyze(data)
        for field in expected:
            if field == "legal_moves":
                assert sorted(map(json.dumps, body[field])) == sorted(map(json.dumps, expected[field]))
            else:
                assert body[field] == expected[field], field
        assert body["explanation"]
