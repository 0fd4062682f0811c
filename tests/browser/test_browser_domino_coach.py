"""The dominoes coach's grade on a phone (issue #34), in real Chromium at 390 x 844: a free game of
Straight where the learner's last tile was a mistake (found through the Flask test client by
tests/domino/test_domino_coach_pages.py's learner, who plays against the hint every other turn).
The grade shows in the page's language inside the screen's width, in the table's part of the page
(the part the learner comes back to after each move: it is on screen without scrolling), axe finds
nothing in it, and its button opens the position before with the better tile outlined."""

from __future__ import annotations

import re

import pytest

from test_domino_coach_pages import GRADE, play_through
from tutor.freeplay import new_game_id
from tutor.games.domino.rules import RULE_SETS

BOX = """() => {
  const box = document.querySelector("section.grade"), line = document.querySelector(".grade-line");
  const r = box ? box.getBoundingClientRect() : null, l = line ? line.getBoundingClientRect() : null;
  return {scroll: document.documentElement.scrollWidth, lang: document.documentElement.lang,
          box: r && {x: r.x, y: r.y, width: r.width, height: r.height, text: box.innerText, css: box.className},
          line: l && {y: l.y, bottom: l.bottom, text: line.innerText, css: line.className}};
}"""


@pytest.fixture(scope="module")
def mistake(app) -> dict:
    client = app.test_client()
    for number in range(21, 40):
        start = f"/en/domino/play?g={new_game_id(2, nonce=bytes([number]) * 12, rules=RULE_SETS['straight'])}"
        for step in play_through(client, start, 10):
            found = GRADE.search(step["page"])
            if found and found.group(1) == "mistake":
                return step
    raise AssertionError("no mistake in 19 games of a learner who plays against the hint every other turn")


@pytest.mark.parametrize("lang", ["vi", "id"])
def test_a_mistake_is_graded_on_a_phone_and_its_better_move_shown(live_server, phone, mistake, lang):
    from axe_playwright_python.sync_playwright import Axe

    phone.goto(live_server + mistake["after"].replace("/en/", f"/{lang}/") + "#table")
    state = phone.evaluate(BOX)
    assert state["lang"] == lang and state["scroll"] <= 390
    box, line = state["box"], state["line"]
    assert box and "grade-mistake" in box["css"] and line and "grade-mistake" in line["css"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390.5, box
    # the grade in one line on screen where the page lands after a move (#table), its reasons under
    # the hand (the table and the hand come first), one tap away
    assert line["bottom"] < 844 and box["text"].split("\n")[0].split(":")[-1].strip() in line["text"], (line, box)
    phone.locator(".grade-line a").click()
    assert phone.evaluate(BOX)["box"]["y"] < 844
    assert mistake["best"] in box["text"] and mistake["tile"] in box["text"]
    assert not re.search(r"\b(move|better|rounds|simulated)\b", box["text"]), box["text"]
    results = Axe().run(phone, context="section.grade")
    assert not [v["id"] for v in results.response["violations"]]
    phone.locator("section.grade a.button").click()
    phone.wait_for_load_state()
    assert "hint=3" in phone.url
    outlined = phone.evaluate("() => [...document.querySelectorAll('.hints li')].map(li => li.innerText)")
    assert outlined and mistake["best"] in outlined[-1], outlined
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_review_fits_a_phone(live_server, phone, mistake):
    review = mistake["after"].replace("/domino/play?", "/domino/play/review?").replace("/en/", "/vi/")
    phone.goto(live_server + review)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    boxes = phone.evaluate("() => [...document.querySelectorAll('.reviewed-play svg')].map(s => {"
                           "const r = s.getBoundingClientRect(); return [r.x, r.width]; })")
    assert boxes, "the costliest moves drawn"
    assert all(x >= 0 and x + width <= 390.5 for x, width in boxes), boxes
    assert phone.locator("table.grades").is_visible()
