"""A lesson on the projector and on paper, in a real browser (Debian's Chromium, headless), issue 32:

- backgammon's guided positions and free games with present=1: the board down the screen's height
  with nothing below the fold at 1280 x 720 and 1920 x 1080, the status in large type, and a whole
  game played with the keys alone;
- several sections as one deck: → goes on from one section into the next in the same page (full
  screen stays on), the notes window follows, Esc comes back to the presenter's index;
- domino tiles a room can count: on every slide of the domino course, plain and after A, every
  face-up tile at least 60 px long and its pips at least 6 px across at 1280 x 720, in every language;
- worksheets compact on A4: the class's copy of each course, and of each section, in pages.

Screenshots and PDFs go to test-artifacts/."""

from __future__ import annotations

import re
import time

import pytest

from tutor.course import load_course
from tutor.freeplay import new_backgammon_id
from tutor.games.backgammon import course as backgammon_course
from tutor.games.backgammon.guided import load_guided
from tutor.web import present
from tutor.web.domino.present import DOMINOES

from conftest import keep_picture

LANGS = ("vi", "id", "en")
SCREENS = ((1280, 720), (1920, 1080))


def wait_until(page, expression: str, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({expression})"):
        assert time.monotonic() < deadline, f"still false after {timeout} s: {expression}"
        page.wait_for_timeout(50)


# ----- backgammon on the projector -------------------------------------------------------------------
BOARD = r"""() => {
  const svg = document.querySelector('.board-picture svg'), box = svg.getBoundingClientRect();
  const labels = [...svg.querySelectorAll('text')].filter(t => t.getBoundingClientRect().width > 0).map(t => {
    const m = t.getScreenCTM(); return parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)); });
  const shown = [...document.querySelectorAll('main *')].filter(e => e.getClientRects().length && !e.closest('svg'));
  const keys = [...document.querySelectorAll('[data-key]')].filter(e => !e.hidden);
  return {board: [box.width, box.height, box.bottom], label: Math.min(...labels),
          status: parseFloat(getComputedStyle(document.querySelector('.big-status')).fontSize),
          buttons: Math.min(...[...document.querySelectorAll('.game-moves button, .game-moves a.button')].map(b => parseFloat(getComputedStyle(b).fontSize)), 99),
          below: Math.max(...shown.map(e => e.getBoundingClientRect().bottom)) - innerHeight,
          scroll: document.scrollingElement.scrollHeight - innerHeight,
          keyed: keys.every(e => e.querySelector('kbd') || e.classList.contains('fullscreen')),
          keys: keys.map(e => e.dataset.key), phase: document.querySelector('main').dataset.phase,
          url: location.pathname + location.search};
}"""


def press(page, key: str) -> None:
    with page.expect_navigation():
        page.keyboard.press(key)


def check_projector(page, width: int, height: int, where) -> dict:
    m = page.evaluate(BOARD)
    assert m["below"] <= 1 and m["scroll"] <= 1, (where, m)  # nothing below the fold
    assert m["board"][1] >= 0.9 * height and m["board"][2] <= height, (where, m)  # down the screen's height
    assert m["label"] >= 24 * height / 720 - 0.5, (where, m)  # every word and number of the board
    assert m["status"] >= 37 * height / 720, (where, m)  # the status in large type
    assert m["buttons"] >= 22 * height / 720, (where, m)
    assert m["keyed"], (where, m)  # every action shows its key
    assert "present=1" in m["url"], (where, m)  # and the address keeps the layout
    return m


@pytest.mark.parametrize("width,height", SCREENS)
def test_a_backgammon_game_on_the_projector_is_played_with_the_keys_alone(live_server, browser, artifacts, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # one game dealt by the tests' key (a new game's dice are random: some games outlasted any bound
    # on key presses that keeps the test short)
    page.goto(f"{live_server}/id/backgammon/play/game?g={new_backgammon_id(True, False, bytes(12))}&present=1")
    seen, pressed = set(), []
    for turn in range(200):
        m = check_projector(page, width, height, turn)
        seen.add(m["phase"])
        if m["phase"] in ("over", "end"):
            break
        key = next(k for k in ("c", "r", "t", "g", "1") if k in m["keys"])
        pressed.append(key)
        press(page, key)
    else:
        raise AssertionError("the game did not end in 200 key presses")
    keep_picture(page, artifacts / f"bg-projector-free-{width}.png")
    assert {"decide", "move"} <= seen and {"r", "1", "c"} <= set(pressed)
    # Esc leaves for the same game in the page layout
    with page.expect_navigation():
        page.keyboard.press("Escape")
    assert "present=1" not in page.url and page.locator(".board-picture, .table-picture").count() >= 1
    assert not errors
    context.close()


@pytest.mark.parametrize("width,height", SCREENS)
def test_every_guided_position_on_the_projector_fits_and_takes_its_keys(live_server, browser, artifacts, width, height):
    """Each guided position from its first page to its end, by the keys (the first place offered,
    then where it may go, then confirm), every page fitting the screen; U undoes a move, B takes
    back a decision, H gives a hint, S starts again."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    for position in load_guided().values():
        page.goto(f"{live_server}/vi/backgammon/guided/{position.id}?present=1")
        for step in range(60):
            m = check_projector(page, width, height, (position.id, step))
            if m["phase"] in ("over", "end"):
                break
            if step == 1 and "u" in m["keys"]:  # one move made: take it back, then make it again
                press(page, "u")
                assert "u" not in page.evaluate(BOARD)["keys"]
                continue
            press(page, next(k for k in ("c", "r", "t", "g", "1") if k in m["keys"]))
        else:
            raise AssertionError(position.id)
        keep_picture(page, artifacts / f"bg-projector-{position.id}-{width}.png")
        assert "s" in m["keys"]
        press(page, "s")  # start again
        assert page.evaluate(BOARD)["url"].startswith(f"/vi/backgammon/guided/{position.id}?present=1")
    page.goto(f"{live_server}/en/backgammon/guided/higher-die?present=1")
    press(page, "h")
    assert page.locator(".bg-side .hints li").count() == 1
    context.close()


def test_a_keyboard_alone_shows_the_class_a_refused_move_on_the_projector(live_server, browser):
    """T12: "Try the 5 first" could only be done by tapping the board (its tap targets take no
    focus). The picked checker's moves that the rules refuse are buttons with keys on the projector:
    the key shows the refusal, the board and the pick stay, and the legal move is still a key away."""
    from tutor.games.backgammon import WHITE
    from tutor.games.backgammon.guided import load_guided

    start = load_guided()["higher-die"].start
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{live_server}/en/backgammon/guided/higher-die?present=1")
    press(page, "1")  # the only checker that may move: 24
    tries = page.locator("button.target.try")
    assert tries.count() == 1 and "19" in tries.inner_text() and "(5)" in tries.inner_text()
    press(page, tries.get_attribute("data-key"))
    shown = page.locator(".refusal").inner_text()
    assert "6" in shown and "higher" in shown.lower(), shown  # the two-dice rule, in words
    pips = re.search(r"\d+", page.locator("span.pips").inner_text())
    assert int(pips[0]) == start.pips(WHITE) == 85, "the refused move changed the board"
    legal = page.locator("button.target.primary")
    assert legal.count() == 1 and "18" in legal.inner_text()
    press(page, legal.get_attribute("data-key"))
    assert not page.locator(".refusal").count() and page.locator('[data-key="c"]').count() == 1
    context.close()


def test_the_projector_page_lists_the_backgammon_games_in_the_projector_layout(client):
    page = client.get("/id/present/").get_data(as_text=True)
    for position in load_guided().values():
        assert f'href="/id/backgammon/guided/{position.id}?present=1"' in page
    assert 'href="/id/backgammon/play/new?videau=1&amp;series=0&amp;present=1"' in page
    response = client.get("/id/backgammon/play/new?videau=1&series=0&present=1")
    assert response.status_code == 302 and "present=1" in response.headers["Location"]


# ----- several sections as one deck ----------------------------------------------------------------------
def test_a_lesson_plan_is_one_deck_across_its_sections(live_server, browser, artifacts):
    plan = present_plans("backgammon")[0]
    sections = [part.section for part in plan.parts if part.section]
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{live_server}/en/backgammon/present/lesson/?plan={plan.id}")
    count = int(page.evaluate("document.querySelectorAll('.slide').length"))
    expected = sum(len(present.slides_of(s)) for s in backgammon_course.load_course() if s.id in sections)
    assert count == expected
    with page.expect_popup() as popup:
        page.keyboard.press("s")
    notes = popup.value
    wait_until(notes, "document.querySelector('main.notes') && document.querySelector('.plan-parts li.current')")
    page.bring_to_front()
    page.evaluate("document.documentElement.requestFullscreen().catch(() => {})")
    kickers = []
    for number in range(1, count + 1):
        wait_until(page, f"document.querySelector('main.deck').dataset.current === '{number}'")
        kickers.append(page.locator(".slide:not([hidden]) .kicker").inner_text())
        if number < count:
            page.keyboard.press("ArrowRight")
    # the sections went by in the plan's order, in the same page (no navigation: full screen stays on)
    seen = [k for i, k in enumerate(kickers) if i == 0 or k.split("·")[1] != kickers[i - 1].split("·")[1]]
    assert len({k.split("·")[1].strip() for k in kickers}) == len(sections)
    assert page.url.startswith(f"{live_server}/en/backgammon/present/lesson/?plan={plan.id}")
    wait_until(notes, f"document.querySelector('main.notes').dataset.current === '{count}'")
    assert "last slide of the lesson" in notes.locator(f"#notes-{count}").inner_text()
    keep_picture(page, artifacts / "lesson-deck-last.png")
    # Esc leaves for the presenter's index, at the course
    page.evaluate("document.fullscreenElement && document.exitFullscreen()")
    with page.expect_navigation():
        page.keyboard.press("Escape")
    assert page.url.endswith("/en/present/#backgammon") and len(seen) >= len(sections)
    context.close()


def test_ticked_sections_make_one_deck_and_the_plans_are_on_the_index(live_server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server}/id/present/")
    for plan in present_plans("domino") + present_plans("backgammon"):
        assert page.locator(f"#plan-{plan.id} + p, #plan-{plan.id} ~ table").count() >= 1
        assert page.locator(f"section.lesson-plan:has(#plan-{plan.id}) tbody tr").count() == len(plan.parts)
        assert sum(part.minutes for part in plan.parts) == 45
    form = page.locator("#dominoes-lesson")
    form.locator("input[value='tiles']").check()
    form.locator("input[value='all-fives']").check()
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    # (the address the form sends, written as the deck writes it: the sections in the course's order)
    assert page.url.endswith("/id/domino/present/lesson/?sections=tiles,all-fives")
    sections = [s for s in load_course() if s.id in ("tiles", "all-fives")]
    assert page.evaluate("document.querySelectorAll('.slide').length") == sum(
        len(present.slides_of(s, DOMINOES)) for s in sections)
    context.close()


def present_plans(game: str):
    if game == "domino":
        from tutor.web.domino.present import load_plans
    else:
        from tutor.web.backgammon.present import load_plans
    return list(load_plans())


# ----- domino tiles a room can count ------------------------------------------------------------------------
TILES = r"""() => {
  const slide = document.querySelector('.slide:not([hidden])');
  const svg = [...slide.querySelectorAll('.visual svg')].find(e => e.getBoundingClientRect().width > 0);
  if (!svg) return null;
  const tiles = [...svg.querySelectorAll('g.tile')].filter(g => !g.classList.contains('face-down') && g.getBoundingClientRect().width > 0);
  const long = tiles.map(g => { const r = g.getBoundingClientRect(); return Math.max(r.width, r.height); });
  const pips = tiles.flatMap(g => [...g.querySelectorAll('.half circle')]).map(c => c.getBoundingClientRect().width);
  const body = [...slide.querySelectorAll('.slide-text p, .slide-text li')].map(e => parseFloat(getComputedStyle(e).fontSize));
  return {tile: Math.min(...long), pip: pips.length ? Math.min(...pips) : 99, body: body.length ? Math.min(...body) : 99,
          bottom: svg.getBoundingClientRect().bottom - innerHeight};
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_every_domino_tile_on_a_slide_can_be_counted_from_the_back_of_the_room(live_server, browser, artifacts, lang):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    measured = []
    for section in load_course():
        page.goto(f"{live_server}/{lang}/domino/present/{section.id}/")
        for slide in present.slides_of(section, DOMINOES):
            answer = page.locator(".slide:not([hidden]) details.answer").count()
            for reveal in ((False, True) if answer else (False,)):
                if reveal:
                    page.keyboard.press("a")
                m = page.evaluate(TILES)
                if m:
                    where = (lang, section.id, slide.number, reveal, m)
                    assert m["tile"] >= 60 and m["pip"] >= 6, where
                    assert m["body"] >= 28 and m["bottom"] <= 0, where  # and the text stays large, nothing below
                    measured.append((section.id, m["tile"], m["pip"]))
            if answer:
                page.keyboard.press("a")
            page.keyboard.press("ArrowRight")
    rule_sets = [m for m in measured if m[0] in ("sato", "straight", "all-fives", "mexican-train")]
    assert len(rule_sets) >= 8
    print(f"{lang}: tiles {min(m[1] for m in measured):.0f}-{max(m[1] for m in measured):.0f} px, "
          f"pips from {min(m[2] for m in measured):.1f} px; rule sets from {min(m[1] for m in rule_sets):.0f} px")
    context.close()


# ----- worksheets on A4 --------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_worksheets_are_compact_on_a4(live_server, browser, artifacts, lang):
    from pypdf import PdfReader

    page = browser.new_page()
    counts = {}
    for game, sections, most in (("backgammon", backgammon_course.load_course(), 9), ("domino", load_course(), 16)):
        for section in [None, *sections]:
            address = f"/{lang}/{game}/handout/" + (f"{section.id}/" if section else "") + "?copy=student"
            page.goto(live_server + address)
            path = artifacts / ("worksheet-" + address.strip("/").replace("/", "-").replace("?copy=student", "") + ".pdf")
            page.pdf(path=str(path), format="A4", prefer_css_page_size=True)
            pages = len(PdfReader(str(path)).pages)
            counts[address] = pages
            assert pages <= (most if section is None else 2), (address, pages)
    page.close()
    print(lang, counts)
