"""POST /api/v1/backgammon/analyze, field by field and error by error, as ../shared/API.md says.
Plays are checked against gnubg-nn (the independent second checker), not against the engine."""

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

gnubg_nn = pytest.importorskip("gnubg_nn")

URL = "/api/v1/backgammon/analyze"
START = {"white": {"24": 2, "13": 5, "8": 3, "6": 5}, "black": {"19": 5, "17": 3, "12": 5, "1": 2},
         "to_move": "white"}


def post(client, body, lang=None, raw=False):
    url = URL + (f"?lang={lang}" if lang else "")
    if raw:
        return client.post(url, data=body, content_type="application/json")
    return client.post(url, json=body)


def gnubg_board(white: dict, black: dict, bar: dict, to_move: str):
    """(opponent, mover) 25-lists in their own numberings, built from the API's learner numbering."""
    w, b = [0] * 25, [0] * 25
    for point, n in white.items():
        w[int(point) - 1] = n
    for point, n in black.items():
        b[24 - int(point)] = n
    w[24], b[24] = bar.get("white", 0), bar.get("black", 0)
    return [b, w] if to_move == "white" else [w, b]


def gnubg_ends(body):
    board = gnubg_board(body["white"], body["black"], body.get("bar", {}), body["to_move"])
    keys = gnubg_nn.moves(board, body["dice"][0], body["dice"][1], 0)
    return {tuple(map(tuple, gnubg_nn.board_from_position_key(k))) for k in keys}


def test_start_6_5_answers_every_field_and_matches_gnubg(client):
    body = {**START, "dice": [6, 5], "cube": {"value": 1, "owner": None}}
    r = post(client, body)
    assert r.status_code == 200
    answer = r.get_json()
    assert list(answer) == ["action", "to_move", "dice", "pips", "plays", "first_steps", "can_double", "result",
                            "recommended", "explanation"]  # the advice's field added before the explanation
    assert answer["action"] == "play" and answer["to_move"] == "white" and answer["dice"] == [6, 5]
    assert answer["pips"] == {"white": 167, "black": 167}
    assert len(answer["plays"]) == 7
    ends = {tuple(map(tuple, gnubg_board(p["after"]["white"], p["after"]["black"], p["after"]["bar"], "white")))
            for p in answer["plays"]}
    assert ends == gnubg_ends(body)
    run = next(p for p in answer["plays"] if p["notation"] == "24/13")
    assert run["steps"] == [{"from": 24, "to": 18, "die": 6, "hit": False}, {"from": 18, "to": 13, "die": 5, "hit": False}]
    assert run["after"]["white"] == {"24": 1, "13": 6, "8": 3, "6": 5}
    assert {(s["from"], s["to"], s["die"]) for s in answer["first_steps"]} == {
        (24, 18, 6), (13, 7, 6), (8, 2, 6), (13, 8, 5), (8, 3, 5)}
    assert answer["can_double"] is True and answer["result"] is None
    assert "167" in answer["explanation"] and "7" in answer["explanation"]


def test_black_moves_in_the_learners_numbering_and_hits(client):
    body = {"white": {"20": 1, "6": 5}, "black": {"1": 2, "12": 5}, "to_move": "black", "dice": [6, 2]}
    answer = post(client, body).get_json()
    assert answer["action"] == "play"
    ends = {tuple(map(tuple, gnubg_board(p["after"]["white"], p["after"]["black"], p["after"]["bar"], "black")))
            for p in answer["plays"]}
    assert ends == gnubg_ends(body)
    hitting = [p for p in answer["plays"] if any(s["hit"] for s in p["steps"])]
    assert hitting and all(p["after"]["bar"]["white"] == 1 for p in hitting)
    assert all(s["to"] == "off" or s["to"] > s["from"] for p in answer["plays"] for s in p["steps"])  # Black: 1 -> 24


def test_roll_no_play_and_over(client):
    answer = post(client, {**START, "cube": {"value": 2, "owner": "black"}}).get_json()
    assert answer["action"] == "roll" and answer["plays"] == [] and answer["can_double"] is False
    closed = {"white": {"13": 4, "8": 3, "6": 5, "5": 2}, "black": {"19": 3, "20": 3, "21": 2, "22": 2, "23": 2, "12": 3},
              "bar": {"white": 1}, "to_move": "white", "dice": [6, 4]}
    answer = post(client, closed, lang="vi").get_json()
    assert answer["action"] == "no_play" and answer["plays"] == [] and "mất lượt" in answer["explanation"]
    over = {"white": {}, "black": {"3": 1, "19": 14}, "to_move": "black", "cube": {"value": 4, "owner": "white"}}
    answer = post(client, over).get_json()
    assert answer["action"] == "over" and answer["to_move"] is None
    assert answer["result"] == {"winner": "white", "kind": "backgammon", "multiplier": 3, "cube": 4, "points": 12}
    assert "12" in answer["explanation"]


@pytest.mark.parametrize("lang, words", [("vi", ["Số pip", "cách đi hợp lệ"]), ("id", ["Jumlah pip", "cara sah"]),
                                         ("en", ["Pip count", "legal ways"])])
def test_explanations_are_localized(client, lang, words):
    text = post(client, {**START, "dice": [3, 1]}, lang=lang).get_json()["explanation"]
    assert all(w in text for w in words), text
    if lang == "id":
        assert "mata" not in text.lower()  # the domino word; backgammon's pip stays "pip"


INVALID = [
    ("not an object", [1, 2], ""),
    ("point key 0", {**START, "white": {"0": 1}}, "white.0"),
    ("point key 25", {**START, "black": {"25": 1}}, "black.25"),
    ("point key text", {**START, "white": {"bar": 1}}, "white.bar"),
    ("count 0", {**START, "white": {"6": 0}}, "white.6"),
    ("count 16", {**START, "white": {"6": 16}}, "white.6"),
    ("count float", {**START, "white": {"6": 2.5}}, "white.6"),
    ("count true", {**START, "white": {"6": True}}, "white.6"),
    ("16 checkers", {**START, "bar": {"white": 1}}, "white"),
    ("shared point", {**START, "black": {"19": 5, "17": 3, "12": 4, "1": 2, "13": 1}}, "black.13"),
    ("dice one", {**START, "dice": [6]}, "dice"),
    ("dice seven", {**START, "dice": [7, 1]}, "dice"),
    ("dice text", {**START, "dice": "6-5"}, "dice"),
    ("to_move", {**START, "to_move": "red"}, "to_move"),
    ("to_move missing", {k: v for k, v in START.items() if k != "to_move"}, "to_move"),
    ("cube 3", {**START, "cube": {"value": 3, "owner": None}}, "cube.value"),
    ("cube 128", {**START, "cube": {"value": 128, "owner": None}}, "cube.value"),
    ("cube owner", {**START, "cube": {"value": 2, "owner": "green"}}, "cube.owner"),
    ("both off", {"white": {}, "black": {}, "to_move": "white"}, ""),
    ("white not an object", {**START, "white": [1, 2]}, "white"),
]


@pytest.mark.parametrize("name, body, where", INVALID, ids=[c[0] for c in INVALID])
def test_invalid_bodies_get_a_localized_400_with_where(client, name, body, where):
    for lang in ("en", "vi", "id"):
        r = post(client, body, lang=lang)
        assert r.status_code == 400, name
        answer = r.get_json()
        assert set(answer) == {"error", "where"} and answer["where"] == where and answer["error"]
    english = post(client, body, lang="en").get_json()["error"]
    assert post(client, body, lang="vi").get_json()["error"] != english


def test_broken_json_is_a_400(client):
    r = post(client, b"{not json", raw=True)
    assert r.status_code == 400 and r.get_json()["where"] == ""


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=12,
)
points = st.dictionaries(st.integers(-1, 26).map(str), st.integers(-1, 16), max_size=6)
bodies = st.fixed_dictionaries(
    {"white": points | json_values, "black": points | json_values, "to_move": st.sampled_from(["white", "black", "x"])},
    optional={"bar": st.fixed_dictionaries({}, optional={"white": st.integers(-1, 3), "black": st.integers(-1, 3)}) | json_values,
              "dice": st.lists(st.integers(0, 7), min_size=0, max_size=3) | json_values,
              "cube": st.fixed_dictionaries({}, optional={"value": st.integers(0, 130) | json_values,
                                                          "owner": st.sampled_from([None, "white", "black", "x"])}) | json_values})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=bodies | json_values)
def test_fuzzed_bodies_never_give_a_5xx(client, body):
    r = client.post(URL + "?lang=vi", data=json.dumps(body), content_type="application/json")
    assert r.status_code in (200, 400)
    answer = r.get_json()
    if r.status_code == 400:
        assert set(answer) == {"error", "where"}
    else:
        assert answer["action"] in ("roll", "play", "no_play", "over")


# ---- why-not reasons, worded -----------------------------------------------------------------------------
REASON_CASES = [  # (position, dice, from, to) whose refusal each reason code words; the engine decides the code
    ("W 24 6x4 5x3 4x3 3x2 2x2 | B 1x2 13x3 20x3 21x3 22x2 23x2", (6, 5), 24, 19, "higher_die"),
    ("W 24 8 6x7 2x6 | B 1x2 5x2 7x2 19x3 20x2 21x2 23x2", (6, 1), 8, 2, "kills_other_die"),
    ("W bar 13x4 8x3 6x5 5x2 | B 19x3 20x3 21x2 22x2 23x2 12x3", (4, 1), 13, 9, "must_enter"),
    ("W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2", (6, 5), 6, "off", "not_all_home"),
    ("W 5x2 4x3 2x4 1x3 | B 19x5 20x5 21x5", (6, 3), 4, "off", "bear_off_higher"),
    ("W 24x2 13x5 8x3 6x5 | B 18x2 19x5 17x3 12x3 1x2", (6, 5), 24, 18, "blocked"),
    ("W 24x2 13x5 8x3 6x5 | B 18x2 19x5 17x3 12x3 1x2", (6, 5), 24, 13, "blocked_midway"),
    ("W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2", (6, 5), 20, 14, "no_checker"),
    ("W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2", (6, 5), 12, 6, "not_your_checker"),
    ("W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2", (6, 5), 6, 9, "wrong_direction"),
    ("W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2", (6, 5), 24, 20, "no_die"),
]


@pytest.mark.parametrize("text, dice, src, dst, code", REASON_CASES, ids=[c[4] for c in REASON_CASES])
def test_every_why_not_reason_is_worded_in_each_language(app, text, dice, src, dst, code):
    from tutor.games.backgammon import Position, why_not
    from tutor.web.backgammon.wording import REASONS, render_reason

    reason = why_not(Position.parse(text).with_dice(*dice), src, dst)
    assert reason.code == code and code in REASONS
    said = {}
    for lang in ("en", "vi", "id"):
        with app.test_request_context(f"/?lang={lang}"):
            said[lang] = render_reason(reason.code, reason.params)
    assert len(set(said.values())) == 3 and all(said.values())
    assert "%(" not in "".join(said.values())
    if "point" in reason.params and isinstance(reason.params["point"], int):
        assert all(str(reason.params["point"]) in s for s in said.values())
