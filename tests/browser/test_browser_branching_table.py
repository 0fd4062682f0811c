"""The branching table (issue #29) in real Chromium, on a 390 px phone and a 1280 px desktop: after
three and after four doubles have branched in a free-play round of Straight and of All Fives, every
tile on the table and in your hand is at least 24 px across, every word and number in the picture
at least 12 px, and the page never scrolls sideways, in each language.

The rounds are free-play games (the tests' secret key deals them) with the learner's moves in the
address; the moves are found by playing doubles first (the opponents answer with their own
deterministic players). How many doubles have branched is read from the picture itself: the
doubles drawn on the table besides the spinner, each with its row of sides."""

from __future__ import annotations

from functools import lru_cache

import pytest

from tutor.freeplay import free_play_deal, free_play_seed, free_play_shuffle, new_game_id
from tutor.games.domino.guided import default_opponents, replay
from tutor.games.domino.rules import RULE_SETS
from tutor.web.domino.play import MOVE_SEPARATOR

from conftest import PHONE, TEST_SECRET_KEY, keep_picture

#: the rule sets, each with the game number where the search below starts (where it last found a round)
ROUNDS = [("straight", 23), ("all-fives", 123)]
CASES = [(rules, number, branched, width, lang) for rules, number in ROUNDS for branched in (3, 4)
         for width in (PHONE["width"], 1280) for lang in ("en", "vi", "id")]


@lru_cache(maxsize=None)
def branching_moves(rules: str, first_number: int) -> tuple[str, dict[int, str]]:
    """A free-play round (its game id) and the learner's moves after which three, then four, doubles
    have branched on a table well into the round (15 and 16 tiles, some on a double's sides): found by
    playing the engine's rounds with doubles first, from game number ``first_number`` on. The deals and
    draws are the app's own for the tests' key, so a change to how free play deals is followed here."""
    key = TEST_SECRET_KEY.encode()
    for number in [first_number, *(n for n in range(256) if n != first_number)]:
        game_id = new_game_id(2, nonce=bytes([number]) * 12, rules=RULE_SETS[rules])
        deal, shuffle = free_play_deal(key, game_id, 0), free_play_shuffle(key, game_id, 0)
        opponents = default_opponents(2, free_play_seed(key, game_id))
        moves: list[str] = []
        found: dict[int, str] = {}
        while 4 not in found:
            position = replay(deal, moves, opponents, shuffle).position
            if position.is_over():
                break
            layout = position.layout
            branched = len(layout.doubles()) if layout else 0
            if branched in (3, 4) and branched not in found and len(layout.tiles) >= 12 + branched \
                    and any(tiles for _branch, tiles in layout.branches):
                found[branched] = MOVE_SEPARATOR.join(moves)
            legal = position.legal_actions()
            plays = [a for a in legal if a.tile is not None]
            moves.append(str(([a for a in plays if a.tile.is_double] or plays or legal)[0]))
        if 3 in found and 4 in found:
            return game_id, found
    raise AssertionError(f"no {rules} round of the tests' key has three, then four doubles branched")


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


@pytest.mark.parametrize("rules, number, branched, width, lang", CASES,
                         ids=[f"{c[0]}-{c[2]}-doubles-{c[3]}px-{c[4]}" for c in CASES])
def test_the_branching_table_stays_legible(browser, live_server, artifacts, rules, number, branched, width, lang):
    phone = width == PHONE["width"]
    context = browser.new_context(viewport={"width": width, "height": PHONE["height"] if phone else 800},
                                  has_touch=phone, is_mobile=phone, device_scale_factor=1)
    try:
        page = context.new_page()
        g, moves = branching_moves(rules, number)
        page.goto(f"{live_server}/{lang}/domino/play?g={g}&m={moves[branched]}")
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
