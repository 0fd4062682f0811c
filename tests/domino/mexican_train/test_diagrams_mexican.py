"""Mexican Train's diagrams (lessons/mexican_diagrams.toml) and the lesson section that shows them
(lessons/13-mexican-train.toml).

Each diagram's history is replayed a second time by the independent checker (tests/checkers/mexican_checker.py),
and every claim is worked out again from that replay and from the TOML alone; a changed claim must
make both the engine's check and this one fail. Then the lesson page, the slides, the handout and
the picture's description must show what the diagrams hold.
"""

from __future__ import annotations

import copy
import re
import tomllib

import pytest

import mexican_checker as checker
from tutor.course import load_course
from tutor.games.domino.diagrams import load_diagrams
from tutor.games.domino.mexican_train.diagrams import (
    MEXICAN_DIAGRAMS_FILE, MexicanDiagramError, check_claims, diagram_from_data, load_mexican_diagrams,
)

DATA = tomllib.loads(MEXICAN_DIAGRAMS_FILE.read_text(encoding="utf-8"))
IDS = list(DATA)
SECTION = next(s for s in load_course() if s.id == "mexican-train")


def high_first(text: str) -> str:
    a, b = sorted(map(int, text.split("-")), reverse=True)
    return f"{a}-{b}"


def independent_claims(table: dict) -> dict:
    """Every claim a diagram can make, worked out by the checker from the TOML's deal and history."""
    deal, history, seat = table["deal"], table["history"], table["seat"]
    final = checker.replay(deal, history)
    facts = {
        "markers": checker.markers(deal, history),
        "open_double": checker.open_double(deal, history),
        "legal_actions": checker.legal_actions(deal, history),
        "to_act": final.to_move,
        "hand": sorted(f"{a}-{b}" for a, b in final.hands[seat]),
        "opponent_tiles": len(final.hands[1 - seat]),
        "boneyard": len(final.boneyard),
        "outcome": checker.outcome(deal, history),
    }
    draws = [i for i, action in enumerate(history) if action == "draw"]
    if draws:  # the tile that draw took: the first of the boneyard just before it
        a, b = checker.replay(deal, history[:draws[-1]]).boneyard[0]
        facts["drawn"] = f"{a}-{b}"
    trains: dict[str, list[str]] = {"s0": [], "s1": []}
    for action in history:  # "x-y:T": x touches train T, as laid
        if ":" in action:
            tile, train = action.split(":")
            trains.setdefault(train, []).append(tile)
    facts["trains"] = trains
    return facts


def independent_failures(table: dict) -> list[str]:
    facts = independent_claims(table)
    failures = []
    for name, claimed in table.get("claims", {}).items():
        if name == "open_double":
            claimed = None if claimed == "none" else claimed
        elif name in ("hand",):
            claimed = sorted(high_first(t) for t in claimed)
        elif name == "drawn":
            claimed = high_first(claimed)
        elif name == "legal_actions":
            claimed = sorted(claimed)
        elif name == "outcome":
            claimed = dict(claimed, pips=list(claimed["pips"]))
        if facts[name] != claimed:
            failures.append(f"{name}: claimed {claimed!r}, the checker says {facts[name]!r}")
    return failures


def test_the_diagrams_continue_the_rulebooks_ids_and_belong_to_the_section():
    assert IDS and not set(IDS) & set(load_diagrams())
    assert sorted(int(i[1:]) for i in IDS) == list(range(16, 16 + len(IDS)))
    assert {"D16", "D17", "D18", "D19", "D20"} <= set(IDS)
    shown = [step.diagram for step in SECTION.steps if step.diagram]
    assert sorted(shown) == sorted(IDS) and shown == sorted(shown, key=lambda i: int(i[1:]))  # course order
    assert all(step.notes for step in SECTION.steps) and [s.question.count for s in SECTION.steps if s.question] == ["pips"]
    assert SECTION.part == "other-ways" and [s.id for s in load_course()].index("mexican-train") == \
        [s.id for s in load_course()].index("all-fives") + 1


@pytest.mark.parametrize("diagram_id", IDS)
def test_every_claim_agrees_with_the_engine_and_the_independent_checker(diagram_id):
    diagram = load_mexican_diagrams()[diagram_id]
    assert check_claims(diagram) == []
    assert independent_failures(DATA[diagram_id]) == []


def test_the_two_lessons_pictures_show_what_their_titles_say():
    # D19: the opponent drew, could not play, passed: their train is marked and open to you
    d19 = independent_claims(DATA["D19"])
    assert DATA["D19"]["history"][-2:] == ["draw", "pass"] and d19["markers"] == [False, True]
    assert d19["to_act"] == 0 and any(a.endswith(":s1") for a in d19["legal_actions"])
    # D20: an unanswered double on the opponent's train: every legal action closes it
    d20 = independent_claims(DATA["D20"])
    assert d20["open_double"] == "s1" and d20["legal_actions"]
    assert all(a.endswith(":s1") and a.startswith("8-") for a in d20["legal_actions"])
    # the learner holds a tile that would fit elsewhere, were the double closed
    assert any("1" in t.split("-") for t in d20["hand"])


@pytest.mark.parametrize("claim,wrong", [
    ("markers", [True, False]),
    ("open_double", "s0"),
    ("legal_actions", ["8-3:s1", "1-6:s0"]),
    ("drawn", "4-2"),
    ("to_act", 1),
    ("trains", {"s0": ["12-5"], "s1": ["12-8", "8-8"]}),
])
def test_a_wrong_claim_is_caught_by_both(claim, wrong):
    table = copy.deepcopy(DATA["D20"])
    table["claims"][claim] = wrong
    diagram = diagram_from_data("D20", table)
    assert check_claims(diagram) and independent_failures(table)


def test_a_history_the_rules_refuse_is_refused():
    table = copy.deepcopy(DATA["D19"])
    table["history"] = ["12-5:s0", "12-7:s1", "3-10:s0"]  # 3-10 does not fit 5
    with pytest.raises(MexicanDiagramError, match="D19"):
        diagram_from_data("D19", table)


def test_the_lesson_page_slides_and_handout_show_the_pictures(client):
    # the lesson page: the picture, its caption, the marker where the checker puts it
    page = client.get("/en/domino/lessons/mexican-train/draw-and-marker").get_data(as_text=True)
    assert 'data-diagram="D19"' in page and 'class="marker" data-train="s1"' in page
    assert "and 3-10 still fits your own train." in page
    desc = re.search(r'<desc id="dg-d19-d">(.*?)</desc>', page, re.S).group(1)
    assert "9-4" not in desc  # the opponent's hand is face down: the description keeps it to itself
    assert "marker" in desc
    # the slides: each picture on its step's slide, ids unique
    deck = client.get("/en/domino/present/mexican-train/").get_data(as_text=True)
    for diagram_id in IDS:
        assert f'data-diagram="{diagram_id}"' in deck
    ids = re.findall(r'\sid="([^"]+)"', deck)
    assert len(ids) == len(set(ids))
    assert 'class="open-double" data-train="s1"' in deck
    # the section's handout: each picture once with its caption
    handout = client.get("/en/domino/handout/mexican-train/").get_data(as_text=True)
    for diagram_id in IDS:
        assert handout.count(f'<figure class="diagram handout-figure" id="{diagram_id}"') == 1
    assert "Now you must close it with your 8-3" in handout


def test_the_picture_is_described_in_vietnamese(client):
    page = client.get("/vi/domino/lessons/mexican-train/open-double").get_data(as_text=True)
    title = re.search(r'<title id="dg-d20-t">(.*?)</title>', page).group(1)
    assert title == "Quân đôi còn mở phải được đóng lại"
    desc = re.search(r'<desc id="dg-d20-d">(.*?)</desc>', page, re.S).group(1)
    assert "đoàn tàu" in desc and "8-8" in desc
    assert "Đoàn tàu của bạn" in page  # a label drawn in the picture


TILE = re.compile(r"\b(\d{1,2})-(\d{1,2})\b")


def words_about(diagram_id: str) -> str:
    """The English a learner reads about a picture: its caption and the text of the step showing it."""
    steps = [s for s in SECTION.steps if getattr(s, "diagram", None) == diagram_id]
    texts = [DATA[diagram_id]["caption"]]
    for step in steps:
        texts += list(step.text) if not isinstance(step.text, str) else [step.text]
    return " ".join(texts)


@pytest.mark.parametrize("diagram_id", IDS)
def test_the_words_around_each_picture_say_what_the_checker_finds(diagram_id):
    """Every tile the caption and the lesson text name is one of the deal's; the tile drawn and
    every tile the rules let the player play are named; a pip total named is the one kept."""
    table = DATA[diagram_id]
    facts = independent_claims(table)
    deal = table["deal"]
    dealt = {high_first(t) for t in [*deal["hands"][0], *deal["hands"][1], *deal["boneyard"]]}
    dealt |= {f"{deal['engine']}-{deal['engine']}"}
    words = words_about(diagram_id)
    named = {high_first(f"{a}-{b}") for a, b in TILE.findall(words)}
    assert named and named <= dealt, (diagram_id, named - dealt)
    if "drawn" in facts:
        assert facts["drawn"] in named, diagram_id
    playable = {high_first(action.split(":")[0]) for action in facts["legal_actions"] if ":" in action}
    assert playable <= named, (diagram_id, playable - named)
    for total in re.findall(r"(\d+) pips go on your total|add the (\d+) pips", words):
        said = int(next(t for t in total if t))
        assert facts["outcome"] and said == facts["outcome"]["pips"][table["seat"]], (diagram_id, said)


def test_the_first_steps_pictures_show_what_their_titles_say():
    # D16, D17 and D18 share one deal: the round before its first tile, the first turn, a later turn
    assert DATA["D16"]["deal"] == DATA["D17"]["deal"] == DATA["D18"]["deal"]
    assert [step.diagram for step in SECTION.steps[:3]] == ["D16", "D17", "D18"]
    # D17: the learner's train is empty, so every legal play starts it with a tile showing the engine's 12
    d17 = independent_claims(DATA["D17"])
    assert DATA["D17"]["history"] == [] and d17["to_act"] == 0
    assert d17["legal_actions"] == sorted(f"{t}:s0" for t in d17["hand"] if "12" in t.split("-"))
    # D18: the learner's own train, the public train the opponent started and a new public train;
    # not the opponent's train (no marker on it)
    d18 = independent_claims(DATA["D18"])
    trains = {a.split(":")[1] for a in d18["legal_actions"]}
    assert trains == {"s0", "t1", "t2"} and d18["markers"] == [False, False]


def halves_of_the_key(svg: str) -> list[tuple[int, int]]:
    """Each half of the colour key: the number its class names and the pips drawn in it."""
    if '<g class="colour-key">' not in svg:
        return []
    key = svg.split('<g class="colour-key">', 1)[1].split("</svg>", 1)[0]  # the picture's last band
    found = re.findall(r'<g class="half pips-(\d+)">(.*?)</g>', key, re.S)
    return [(int(number), pips.count("<circle")) for number, pips in found]


def test_the_colour_key_shows_each_number_from_7_up_with_its_pips(client):
    svg = client.get("/en/domino/diagrams/D16.svg").get_data(as_text=True)
    key = halves_of_the_key(svg)
    assert key == [(n, n) for n in range(7, 13)]  # a half of each number, as many pips as the number
    assert "The colours of 7 to 12" in svg and [f">{n}</text>" in svg for n in range(7, 13)] == [True] * 6
    # only the picture that asks for it: the later steps' pictures have no key
    assert halves_of_the_key(client.get("/en/domino/diagrams/D17.svg").get_data(as_text=True)) == []
    vi = client.get("/vi/domino/diagrams/D16.svg").get_data(as_text=True)
    assert "Màu của các số từ 7 đến 12" in vi
