"""The branching table (issue #29) in real Chromium, on a 390 px phone and a 1280 px desktop: after
three and after four doubles have branched in a free-play round of Straight and of All Fives, every
tile on the table and in your hand is at least 24 px across, every word and number in the picture
at least 12 px, and the page never scrolls sideways, in each language.

The rounds are free-play games (the tests' secret key deals them) with the learner's moves in the
address; the moves were found by playing doubles first (the opponents answer with their own
deterministic players). How many doubles have branched is read from the picture itself: the
doubles drawn on the table besides the spinner, each with its row of sides."""

from __future__ import annotations

import pytest

from tutor.freeplay import new_game_id
from tutor.games.domino.rules import RULE_SETS

from conftest import PHONE, keep_picture

#: rule set, game number, the learner's moves after which three, then four, doubles have branched
ROUNDS = [
    ("straight", 95, "6-6.3-1L.2-1L.6-0U.4-3U.4-0L4.draw.4-1L4.draw.6-1L4", ".draw.draw.3-2L2.5-3L2"),
    ("all-fives", 65, "6-1L.6-2R.draw.5-0L.1-0L0.2-1L0.3-3L0.4-1R.draw.6-0L.draw.6-4L", ".draw.4-3L0"),
]
CASES = [(rules, number, moves if branched == 3 else moves + more, branched, width, lang)
         for rules, number, moves, more in ROUNDS for branched in (3, 4)
         for width in (PHONE["width"], 1280) for lang in ("en", "vi", "id")]

MEASURE = """() => {
  const svg = document.querySelector('.table-picture svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, w: r.width, h: r.height}; };
  const table = [...svg.querySelectorAll('g.tile[data-tile]')].filter((t) => !t.dataset.seat || t.dataset.seat === '0');
  return {
    tiles: table.map((t) => ({tile: t.dataset.tile, arm: t.dataset.arm || null, seat: t.dataset.seat || null, ...box(t)})),
    words: [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim())
      .map((t) => ({text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale, ...box(t)})),
    page: document.documentElement.scrollWidth, body: document.body.scrollWidth, screen: window.innerWidth,
  };
}"""


@pytest.mark.parametrize("rules, number, moves, branched, width, lang", CASES,
                         ids=[f"{c[0]}-{c[3]}-doubles-{c[4]}px-{c[5]}" for c in CASES])
def test_the_branching_table_stays_legible(browser, live_server, artifacts, rules, number, moves, branched, width, lang):
    phone = width == PHONE["width"]
    context = browser.new_context(viewport={"width": width, "height": PHONE["height"] if phone else 800},
                                  has_touch=phone, is_mobile=phone, device_scale_factor=1)
    try:
        page = context.new_page()
        g = new_game_id(2, nonce=bytes([number]) * 12, rules=RULE_SETS[rules])
        page.goto(f"{live_server}/{lang}/domino/play?g={g}&m={moves}")
        assert page.locator("html").get_attribute("lang") == lang
        seen = page.evaluate(MEASURE)
        on_table = [t for t in seen["tiles"] if t["seat"] is None]
        spinner = [t for t in on_table if t["arm"] is None]
        assert len(spinner) == 1, "one spinner, drawn apart from the arms"
        doubles = [t["tile"] for t in on_table if t["arm"] is not None and t["tile"].split("-")[0] == t["tile"].split("-")[1]]
        assert len(doubles) == branched, ("doubles branched on the table", doubles)
        sides = {t["arm"].split(".")[0] for t in on_table if t["arm"] and "." in t["arm"]}
        assert sides <= set(doubles) and sides, ("tiles on the sides of doubles on the table", sides, doubles)
        assert len(on_table) >= 12 + branched, "a table well into the round"
        small = [t for t in seen["tiles"] if min(t["w"], t["h"]) < 24]
        assert not small, ("tiles narrower than 24 px", small)
        assert len(seen["words"]) >= 2 * branched, "the arms' and the sides' names and numbers are drawn"
        tiny = [w for w in seen["words"] if w["px"] < 12]
        assert not tiny, ("words in the picture under 12 px", tiny)
        assert seen["page"] <= seen["screen"] and seen["body"] <= seen["screen"], ("the page scrolls sideways", seen)
        outside = [x for x in seen["tiles"] + seen["words"] if x["left"] < 0 or x["right"] > seen["screen"] + 0.5]
        assert not outside, ("drawn off the screen", outside)
        keep_picture(page, artifacts / f"branching-{rules}-{branched}-{width}-{lang}.png", full_page=True)
    finally:
        context.close()
