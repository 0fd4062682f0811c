"""Mexican Train through POST /api/v1/domino/analyze (issue #16), as an outside tool would use it:
the test deals each round itself (its own shuffle, not the engine's), posts the deal and the history,
picks a random legal move from the answer, and at every step holds the answer to the independent
statement of the rules (tests/checkers/mexican_checker.py); it adds up the match totals itself. Bad requests
get a localized 400 naming the field, never a 500, and a refused history changes nothing."""

from __future__ import annotations

import random

import pytest

import mexican_checker as checker

URL = "/api/v1/domino/analyze"
#: VARIANTS.md: 16 tiles each from a double-twelve set, 7 from a double-six one.
HAND = {12: 16, 6: 7}


def shuffled_deal(rng: random.Random, engine: int, top: int, first: int) -> dict:
    """A round's deal, shuffled by the client: the whole set but the engine double."""
    tiles = [f"{a}-{b}" for a in range(top + 1) for b in range(a + 1) if not a == b == engine]
    rng.shuffle(tiles)
    size = HAND[top]
    return {"engine": engine, "top": top, "first": first, "hands": [tiles[:size], tiles[size:2 * size]],
            "boneyard": tiles[2 * size:]}


def post(client, body: dict, lang: str = "en"):
    return client.post(f"{URL}?lang={lang}", json=body)


def agree(answer: dict, deal: dict, history: list[str]) -> None:
    """The answer says what the checker says of the round after ``history``."""
    state = checker.replay(deal, history)
    legal = checker.legal_actions(deal, history)
    assert answer["legal_actions"] == legal, (deal, history)
    plays = [a for a in legal if a not in ("draw", "pass")]
    assert [m["action"] for m in answer["legal_moves"]] == plays
    for move in answer["legal_moves"]:
        high, low = checker.tile(move["action"].split(":")[0])
        assert (move["tile"], move["train"]) == (f"{high}-{low}", move["action"].split(":")[1])
    assert answer["markers"] == checker.markers(deal, history)
    assert answer["open_double"] == checker.open_double(deal, history)
    assert answer["boneyard"] == len(state.boneyard)
    assert answer["hands"] == [len(h) for h in state.hands]
    started = {t["name"]: t["open_end"] for t in answer["trains"] if t["tiles"]}
    assert started == state.ends
    for train in answer["trains"]:
        assert train["marker"] == (None if train["owner"] is None else state.markers[train["owner"]])
    over = checker.outcome(deal, history)
    if over is not None:
        assert answer["action"] == "over" and answer["to_move"] is None
        assert {k: answer["result"][k] for k in ("winner", "pips", "reason")} == over
    else:
        assert answer["result"] is None and answer["to_move"] == state.to_move
        assert answer["action"] == (legal[0] if legal in (["draw"], ["pass"]) else "play")


def play_match(client, top: int, seed: int) -> tuple[list[int], set[str]]:
    """A whole match (engines top, top-1, ... 1) through the API alone; the totals and how rounds ended."""
    rng = random.Random(seed)
    first = rng.randrange(2)
    totals = [0, 0]
    endings = set()
    for number, engine in enumerate(range(top, 0, -1)):
        deal = shuffled_deal(rng, engine, top, (first + number) % 2)  # the players take turns starting
        history: list[str] = []
        while True:
            answer = post(client, {"rules": "mexican-train", "deal": deal, "history": history, "totals": totals})
            assert answer.status_code == 200, answer.get_json()
            answer = answer.get_json()
            agree(answer, deal, history)
            if answer["action"] == "over":
                break
            history.append(rng.choice(answer["legal_moves"])["action"] if answer["legal_moves"]
                           else answer["action"])
        pips = answer["result"]["pips"]
        after = [totals[0] + pips[0], totals[1] + pips[1]]
        assert answer["result"]["totals"] == after
        assert f"Totals so far: {after[0]} for you and {after[1]} for your opponent." in answer["explanation"]
        totals = after
        endings.add(answer["result"]["reason"])
    # the last round (1-1) ends the match: the lower total wins, as the client counts it
    if totals[0] < totals[1]:
        assert "your total is lower, so you win the match" in answer["explanation"]
    elif totals[0] > totals[1]:
        assert "your opponent's total is lower" in answer["explanation"]
    else:
        assert "you share the match" in answer["explanation"]
    return totals, endings


def test_a_full_double_twelve_game_and_the_shorter_double_six_game(client):
    endings = set()
    for top, seed in ((12, 16), (6, 6), (6, 7)):
        totals, ended = play_match(client, top, seed)
        assert sum(totals) > 0
        endings |= ended
    assert endings == {"out", "blocked"}, endings  # both ways a round ends were checked


# ---- bad requests ------------------------------------------------------------------------------------

def small_deal(seat0_has_six: bool = True) -> dict:
    """A double-six deal laid out by hand: seat 0 holds a 6 (or none), seat 1 holds 6-5."""
    hands = [["6-4", "5-5", "4-1", "3-2", "2-0", "1-1", "0-0"] if seat0_has_six
             else ["4-4", "5-5", "4-1", "3-2", "2-0", "1-1", "0-0"],
             ["6-5", "5-3", "4-3", "3-3", "2-1", "1-0", "4-0"]]
    held = {t for h in hands for t in h}
    rest = [f"{a}-{b}" for a in range(7) for b in range(a + 1) if f"{a}-{b}" not in held and (a, b) != (6, 6)]
    return {"engine": 6, "top": 6, "first": 0, "hands": hands, "boneyard": rest}


def with_deal(**changes) -> dict:
    return {"rules": "mexican-train", "deal": dict(small_deal(), **changes)}


BAD_FIELDS = [
    ({"rules": "mexican-train"}, "deal", "The field deal is required."),
    ({"rules": "mexican-train", "deal": "12-12"}, "deal", "deal must be an object"),
    (with_deal(top=9), "deal.top", "top must be 12"),
    (with_deal(top="6"), "deal.top", "top must be 12"),
    (with_deal(engine=13), "deal.engine", "engine must be a whole number from 0 to 6, not 13."),
    (with_deal(engine=None), "deal.engine", "not None"),
    (with_deal(first=2), "deal.first", "first must be 0 or 1"),
    (with_deal(hands=[["6-4"]]), "deal.hands", "hands must be two lists"),
    (with_deal(hands={"0": []}), "deal.hands", "hands must be two lists"),
    (with_deal(hands=[["13-1"], ["6-5"]]), "deal.hands[0][0]", "13-1 is not a tile"),
    (with_deal(hands=[["6-4", "x"], ["6-5"]]), "deal.hands[0][1]", "x is not a tile"),
    (with_deal(hands=[["6-4", 5], ["6-5"]]), "deal.hands[0][1]", "5 is not a tile"),
    (with_deal(hands=[["6-4", "06-3"], ["6-5"]]), "deal.hands[0][1]", "06-3 is not a tile"),
    (with_deal(hands=[["6-4", "4-6"], ["6-5"]]), "deal.hands[0][1]", "The tile 6-4 appears twice (it is already at deal.hands[0][0])"),
    (with_deal(hands=[["6-6"], ["6-5"]]), "deal.hands[0][0]", "6-6 is this round's engine"),
    (with_deal(boneyard="6-2"), "deal.boneyard", "boneyard must be a list"),
    (with_deal(boneyard=small_deal()["boneyard"][1:]), "deal", "the whole set but the engine"),
    (dict(with_deal(), history="draw"), "history", "history must be a list of actions"),
    (dict(with_deal(), history=[["draw"]]), "history[0]", "is not an action"),
    (dict(with_deal(), seat=2), "seat", "seat must be 0 or 1"),
    (dict(with_deal(), totals=[3, -1]), "totals", "totals must be two whole numbers"),
]


@pytest.mark.parametrize("body,where,english", BAD_FIELDS)
def test_a_bad_field_is_a_localized_400_naming_it(client, body, where, english):
    said = {}
    for lang in ("en", "vi", "id"):
        response = post(client, body, lang)
        assert response.status_code == 400, (lang, response.get_json())
        assert response.get_json()["where"] == where
        said[lang] = response.get_json()["error"]
    assert english in said["en"]
    # vi and id are worded in their language, not left in English
    assert said["vi"] != said["en"] and said["id"] != said["en"] and said["vi"] != said["id"]


#: (a history, the index refused, words of the engine's reason in en / vi / id). Seat 0 acts first.
REFUSED = [
    (True, ["draw"], 0, ("A tile in your hand fits, and playing is compulsory", "bắt buộc", "wajib")),
    (True, ["6-4:t1"], 0, ("Your train has no tile yet", "đoàn tàu của bạn", "keretamu")),
    (True, ["6-5:s0"], 0, ("6-5 is not in your hand", "không có trên tay bạn", "tidak ada di tanganmu")),
    (True, ["6-4:s0", "6-5:s1", "4-1:s1"], 2, ("carries no marker", "dấu", "penanda")),
    (False, ["pass"], 0, ("You may not pass yet", "bỏ lượt", "melewati giliran")),
    (False, ["draw", "draw"], 1, ("You have already drawn a tile this turn", "bốc", "ambil")),
    (True, ["6-4:s0", "4-x:s0"], 1, ("4-x:s0 is not an action", "4-x:s0", "4-x:s0")),
]


@pytest.mark.parametrize("has_six,history,index,words", REFUSED)
def test_a_refused_action_is_named_with_its_index_and_reason(client, has_six, history, index, words):
    deal = small_deal(has_six)
    # the checker agrees: the prefix is legal and the refused action is not
    assert history[index] not in checker.legal_actions(deal, history[:index])
    body = {"rules": "mexican-train", "deal": deal, "history": history}
    for lang, reason in zip(("en", "vi", "id"), words):
        response = post(client, body, lang)
        assert response.status_code == 400
        answer = response.get_json()
        assert answer["where"] == f"history[{index}]"
        assert f"history[{index}]" in answer["error"] and history[index] in answer["error"]
        assert reason.lower() in answer["error"].lower(), (lang, answer["error"])
        if lang != "en":
            assert "cannot be played" not in answer["error"] and "your" not in answer["error"].split()


def test_a_refused_history_changes_nothing(client):
    deal = small_deal()
    good = {"rules": "mexican-train", "deal": deal, "history": ["6-4:s0"]}
    before = post(client, good).get_json()
    for bad in (["6-4:s0", "6-4:s0"], ["6-4:s0", "pass"], ["6-4:s0", "6-5:s1", "5-5:t1"], ["6-4:s0", 12]):
        assert post(client, dict(good, history=bad)).status_code == 400
    assert post(client, good).get_json() == before
    agree(before, deal, ["6-4:s0"])


def test_no_request_shape_makes_a_500(client):
    rng = random.Random(500)
    values = [None, True, 0, -1, 12, 1.5, "", "x", "12-12", [], {}, [[]], ["6-4"], {"a": 1}, "draw", "13-1"]
    for _ in range(150):
        body = {"rules": "mexican-train", "deal": dict(small_deal())}
        target = body["deal"] if rng.random() < 0.7 else body
        target[rng.choice(["engine", "top", "first", "hands", "boneyard", "history", "seat", "totals"])] = \
            rng.choice(values)
        response = post(client, body, rng.choice(["en", "vi", "id"]))
        assert response.status_code in (200, 400), (body, response.get_json())
        assert set(response.get_json()) >= ({"error", "where"} if response.status_code == 400 else {"action"})


def test_an_unknown_rule_set_names_mexican_train_among_them(client):
    answer = post(client, {"rules": "mexican", "hands": [], "line": []}).get_json()
    assert answer["where"] == "rules" and "mexican-train" in answer["error"]


def test_the_readme_example_is_what_the_api_answers(client):
    import json
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    section = readme.split('### Mexican Train: `"rules": "mexican-train"`')[1].split("\n### ")[0]
    request, response = (json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S))
    assert post(client, request).get_json() == response
    agree(response, request["deal"], request["history"])


def test_the_explanation_is_in_the_requested_language(client):
    from babel.messages.pofile import read_po
    from pathlib import Path

    history = ["6-4:s0", "6-5:s1", "4-1:s0", "5-3:s1", "1-1:s0"]  # seat 0's double 1-1, unanswered
    body = {"rules": "mexican-train", "deal": small_deal(), "history": history}
    assert checker.open_double(body["deal"], history) == "s0"
    root = Path(__file__).resolve().parents[3]
    msgid = ("The double %(tile)s at the end of %(train)s is open: until a tile showing %(number)s is played on it, "
             "nothing else may be played, by either player.")
    for lang, header in (("vi", {}), ("id", {}), ("id", {"Accept-Language": "id-ID,id;q=0.9"})):
        url = f"{URL}?lang={lang}" if not header else URL
        answer = client.post(url, json=body, headers=header).get_json()
        with (root / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
            po = read_po(f, locale=lang)
        sentence = po[msgid].string % {"tile": "1-1", "train": po["your train"].string, "number": 1}
        assert answer["open_double"] == "s0" and sentence in answer["explanation"], answer["explanation"]
