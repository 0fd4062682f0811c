"""Issue 30 in real Chromium: the game pictures measured on the screen (a phone upright and on its
side, a desktop), the taps, the offline lessons, and axe-core on the new and changed pages.

Sizes are read from the visible picture (each element's box on the screen, in CSS px): checkers
at least 20 px across, the words and numbers in a picture at least 12 px (a text's font size
times the picture's scale), tap targets at least 44 px tall, and no page wider than the screen.
"""

from __future__ import annotations

import pytest

from conftest import TEST_SECRET_KEY
from tutor.freeplay import new_backgammon_id, new_game_id, new_mexican_id
from tutor.games.domino.rules import RULE_SETS

SCREENS = {"phone": (390, 844), "phone on its side": (844, 390), "desktop": (1280, 800)}
AXE_BLOCKING = {"serious", "critical", "moderate", "minor"}  # every violation counts on these pages

#: The smallest text in a picture, in CSS px on the screen: each text's computed font size times
#: the picture's scale (its width on screen over its viewBox width).
SMALLEST_TEXT = """(selector) => {
  const svg = document.querySelector(selector);
  const box = svg.getBoundingClientRect();
  const scale = box.width / svg.viewBox.baseVal.width;
  let smallest = Infinity;
  svg.querySelectorAll("text").forEach(t => {
    if (!t.textContent.trim() || t.getBoundingClientRect().width === 0) return;
    smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * scale);
  });
  return {smallest, scale, top: box.top, bottom: box.bottom, left: box.left, right: box.right,
          scroll: document.documentElement.scrollWidth, inner: innerWidth, height: innerHeight};
}"""


@pytest.fixture()
def phone(browser):
    contexts = []

    def open_(width: int, height: int):
        context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 900,
                                      has_touch=width < 900)
        contexts.append(context)
        return context.new_page()

    yield open_
    for context in contexts:
        context.close()


def backgammon_picked(live_server: str) -> str:
    """A free game's first move, a checker picked (the page with the most marks on the board)."""
    return f"{live_server}/vi/backgammon/play/game?g={new_backgammon_id(False, False, nonce=bytes(12))}"


@pytest.mark.parametrize("screen", SCREENS)
def test_the_backgammon_board_reads_and_taps_on_every_screen(live_server, phone, screen):
    width, height = SCREENS[screen]
    page = phone(width, height)
    page.goto(backgammon_picked(live_server))
    if page.locator('button[name="do"][value="roll"]').count():
        with page.expect_navigation():
            page.locator('button[name="do"][value="roll"]').click()
    source = page.locator("button.source").first.get_attribute("data-place")
    with page.expect_navigation():
        page.locator(f'.bg-taps button[value="{source}"]').click()  # a tap on the picture itself
    assert page.locator("button.target").count() >= 1 and page.locator("svg .target").count() >= 1
    page.locator("#table").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('table').scrollIntoView()")
    measured = page.evaluate(SMALLEST_TEXT, "figure.board-picture svg")
    assert measured["scroll"] <= width, "sideways scrolling"
    assert measured["smallest"] >= 12, measured  # point numbers, counts, the videau
    checkers = page.evaluate("""() => Array.from(document.querySelectorAll("figure.board-picture .checker circle"))
        .map(c => c.getBoundingClientRect().width)""")
    assert checkers and min(checkers) >= 20, min(checkers)
    taps = page.evaluate("""() => Array.from(document.querySelectorAll(".bg-taps button"))
        .map(b => { const r = b.getBoundingClientRect(); return [b.value, r.width, r.height]; })""")
    assert len(taps) == 26 and min(h for _, _, h in taps) >= 44, taps
    point_width = 32 * measured["scale"]  # a point's width on the board: the tap is as wide as it allows
    assert all(w >= point_width - 0.5 for place, w, _ in taps if place not in ("bar", "off")), (taps, point_width)
    if screen == "phone on its side":  # the whole board on the screen at once
        assert measured["top"] >= -0.5 and measured["bottom"] <= height + 0.5, measured
    hint = page.locator('button[name="hint"]')
    with page.expect_navigation():
        hint.click()
    box = page.locator("section.hints").bounding_box()
    assert box["y"] < height and box["y"] >= 0, box  # the hint is on screen after the tap


@pytest.mark.parametrize("screen", SCREENS)
def test_the_all_fives_table_and_the_mexican_trains_read_on_every_screen(live_server, phone, screen):
    width, height = SCREENS[screen]
    page = phone(width, height)
    five = new_game_id(2, nonce=bytes(12), rules=RULE_SETS["all-fives"])
    for url, count_line in ((f"{live_server}/id/domino/play?g={five}", True),
                            (f"{live_server}/id/domino/play?g={new_mexican_id(12, nonce=bytes(12))}", False)):
        page.goto(url)
        if count_line:  # the count shows once a tile is down
            page.locator(".moves button.tile-button.playable").first.click()
            page.wait_for_load_state()
            if page.locator(".choose-end a.button").count():
                page.locator(".choose-end a.button").first.click()
                page.wait_for_load_state()
            assert page.locator(".count-line").is_visible()
        measured = page.evaluate(SMALLEST_TEXT, "figure.table-picture svg")
        assert measured["scroll"] <= width, "sideways scrolling"
        assert measured["smallest"] >= 12, (url, measured)
        tiles = page.evaluate("""() => Array.from(document.querySelectorAll("figure.table-picture g.tile"))
            .map(t => { const r = t.getBoundingClientRect(); return Math.min(r.width, r.height); }).filter(x => x > 0)""")
        assert tiles and min(tiles) >= 12, min(tiles)
        assert page.locator("figure.table-picture svg").count() == 1  # one layout sent, not two


def test_a_mexican_tile_tapped_in_the_picture_plays_it(live_server, phone):
    page = phone(390, 844)
    page.goto(f"{live_server}/id/domino/play?g={new_mexican_id(12, nonce=bytes(12))}")
    playable = page.locator('figure.table-picture g.tile.can-play[data-seat="0"]')
    assert playable.count() >= 1
    tile = playable.first.get_attribute("data-tile")
    moves = page.locator(".actions a[data-action]")
    mine = [moves.nth(i).get_attribute("data-action") for i in range(moves.count())]
    mine = [a for a in mine if a.split(":")[0] in (tile, "-".join(reversed(tile.split("-"))))]
    before = page.url
    playable.first.tap()
    if len(mine) == 1:
        page.wait_for_url(lambda url: url != before)
    else:
        assert page.locator(".actions a.asked").count() == len(mine)


def test_a_visited_lesson_opens_with_the_network_off_and_a_game_says_it_needs_the_server(browser, live_server):
    from flask_babel import force_locale, gettext

    from tutor import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET_KEY})
    with app.test_request_context(), force_locale("vi"):
        games = gettext("The games need the server: every move is checked and answered there. "
                        "Connect to the internet to play.")
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow")
    try:
        page = context.new_page()
        lesson = f"{live_server}/vi/backgammon/lessons/dice/notation"
        page.goto(lesson)
        page.wait_for_function("navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready")
        page.evaluate("navigator.serviceWorker.ready")
        page.reload()  # now under the worker: the page is kept as it is read
        title = page.locator("h1").inner_text()
        page.wait_for_timeout(500)
        context.set_offline(True)
        page.goto(lesson)
        assert page.locator("h1").inner_text() == title  # the lesson, from the device
        page.goto(f"{live_server}/vi/backgammon/play/game?g={new_backgammon_id(True, False, nonce=bytes(12))}")
        assert games in page.locator("main").inner_text()  # the game needs the server: said in Vietnamese
        page.locator(".kept-pages a").first.wait_for()
        assert lesson.replace(live_server, "") in [page.locator(".kept-pages a").nth(i).get_attribute("href")
                                                     for i in range(page.locator(".kept-pages a").count())]
    finally:
        context.close()


AXE_PAGES = [
    "/vi/", "/id/domino/hands/", "/vi/offline", "/vi/backgammon/lessons/dice/notation",
    f"/vi/backgammon/play/game?g={new_backgammon_id(False, False, nonce=bytes(12))}&do=roll",
    "/en/backgammon/guided/hit?m=b-20_13-10",
    f"/id/domino/play?g={new_game_id(2, nonce=bytes(12), rules=RULE_SETS['all-fives'])}",
    f"/id/domino/play?g={new_mexican_id(12, nonce=bytes(12))}",
    f"/vi/domino/play?g={new_game_id(2, nonce=bytes(12), rules=RULE_SETS['straight'])}",
    "/id/domino/lessons/mexican-train/set-and-engine", "/vi/backgammon/lessons/board/numbering",
]


@pytest.mark.parametrize("url", AXE_PAGES)
def test_axe_finds_nothing_on_the_new_and_changed_pages(live_server, phone, url):
    from axe_playwright_python.sync_playwright import Axe

    page = phone(390, 844)
    page.goto(live_server + url)
    results = Axe().run(page)
    found = [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
             for v in results.response["violations"]]
    assert found == []


@pytest.mark.parametrize("url", ["/vi/backgammon/lessons/board/start", "/vi/backgammon/lessons/board/numbering"])
def test_a_lesson_board_reads_on_a_phone_as_a_game_board_does(live_server, phone, url):
    page = phone(390, 844)
    page.goto(live_server + url)
    measured = page.evaluate(SMALLEST_TEXT, "main figure svg")
    assert measured["scroll"] <= 390, "sideways scrolling"
    assert measured["smallest"] >= 12, measured  # the point numbers, as on the game's board
    checkers = page.evaluate("""() => Array.from(document.querySelectorAll("main figure svg .checker circle"))
        .map(c => c.getBoundingClientRect().width)""")
    assert checkers and min(checkers) >= 20, min(checkers)


PICTURES_ON_A_PHONE = """() => Array.from(document.querySelectorAll("main figure svg")).map(svg => {
  let words = Infinity, tiles = Infinity;
  svg.querySelectorAll("text").forEach(t => {
    if (!t.textContent.trim() || t.getBoundingClientRect().width === 0) return;
    const m = t.getScreenCTM();
    words = Math.min(words, parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)));
  });
  svg.querySelectorAll("g.tile:not(.face-down)").forEach(t => {
    const r = t.getBoundingClientRect();
    if (r.width) tiles = Math.min(tiles, r.width, r.height);
  });
  return {words, tiles};
})"""


@pytest.mark.parametrize("lang", ["vi", "id", "en"])
def test_every_domino_lesson_picture_reads_on_a_phone_as_the_game_table_does(live_server, phone, lang):
    """The review's All Fives lesson pictures had words of 7 to 9 px and tiles of 15 to 22 px on a
    390 px phone: every domino lesson picture (the steps' and the questions', as a step's page
    first shows them) now has words of 12 px or more and face-up tiles 24 px or more across, as a
    game's table does, and no page scrolls sideways."""
    from tutor.course import load_course

    page = phone(390, 844)
    small = []
    for section in load_course():
        for step in section.steps:
            page.goto(f"{live_server}/{lang}/domino/lessons/{section.id}/{step.id}")
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, step.id
            for picture in page.evaluate(PICTURES_ON_A_PHONE):
                if picture["words"] < 12 or picture["tiles"] < 24:
                    small.append((section.id, step.id, picture))
    assert not small, small


def test_the_new_game_choices_are_a_fingers_target(live_server, phone):
    """The phone walk's 13 x 13 px radio buttons: each choice of the backgammon new-game form is a
    label at least 44 px tall around a button of 20 px or more, and a tap on its words chooses it."""
    page = phone(390, 844)
    page.goto(f"{live_server}/vi/backgammon/play/")
    sizes = page.evaluate("""() => Array.from(document.querySelectorAll("form.new-game label.choice")).map(l =>
        [l.getBoundingClientRect().height, l.querySelector("input").getBoundingClientRect().width])""")
    assert len(sizes) == 6 and min(h for h, _ in sizes) >= 44 and min(w for _, w in sizes) >= 20, sizes
    page.locator('form.new-game label.choice:has(input[value="strong"])').tap()
    assert page.locator('form.new-game input[value="strong"]').is_checked()
