"""Backgammon practice in a real browser (headless Chromium), by tapping the board: each guided
position to its moment and a whole free game, in each language, at 390 and 1280 px wide.

The test plays as a learner does: it taps a point on the board (the tap targets over the picture) to pick a
checker, taps where it goes, and presses the page's buttons to confirm, roll, answer the videau or
go on. Which checker to tap is read from the page's own buttons (the places it offers); the tap
itself is on the board. Every page must fit the screen (no sideways scrolling) with the status
line on screen. Screenshots of the last page go to test-artifacts/.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from tutor.games.backgammon.guided import MOMENTS, load_guided
from tutor.games.backgammon.record import decode

from conftest import keep_picture

LANGS = ("vi", "id", "en")
WIDTHS = (390, 1280)
GUIDED = load_guided()


@pytest.fixture(scope="module")
def tab(browser):
    context = browser.new_context(viewport={"width": 390, "height": 860})
    yield context.new_page()
    context.close()


#: What one_step reads of a page, in one round trip to the browser (a call per element made the
#: whole free game the slowest test of the suite).
PAGE_STATE = """() => {
  const board = document.querySelector("figure.board-picture svg");
  const r = board ? board.getBoundingClientRect() : null;
  const place = (selector) => { const e = document.querySelector(selector); return e ? e.dataset.place : null; };
  const refusal = document.querySelector(".refusal");
  return {
    phase: document.querySelector("main").getAttribute("data-phase"),
    scroll: document.documentElement.scrollWidth,
    board: r && {x: r.x, width: r.width},
    refusal: refusal ? refusal.innerText : null,
    target: place("button.target"),
    far: (() => { const all = document.querySelectorAll("button.target"); return all.length ? all[all.length - 1].dataset.place : null; })(),
    source: place("button.source"),
    lang: document.documentElement.lang,
  };
}"""


def check_fits(tab, width: int, state: dict | None = None) -> None:
    state = state or tab.evaluate(PAGE_STATE)
    assert state["scroll"] <= width, "sideways scrolling"
    board = state["board"]
    assert board["x"] >= 0 and board["x"] + board["width"] <= width + 0.5


def one_step(tab, width: int, refusals: list[str], lang: str | None = None, far: bool = False) -> str:
    """Do what the page asks next; the phase the page was in. ``far``: move the picked checker as
    far as the page offers (both dice with one checker when it can: fewer pages to a game's end)."""
    state = tab.evaluate(PAGE_STATE)
    phase = state["phase"]
    check_fits(tab, width, state)
    assert lang is None or state["lang"] == lang
    if state["refusal"] is not None:
        refusals.append(state["refusal"])
    if phase in ("over", "end"):
        return phase
    buttons = {"lost": "go-on", "decide": "roll", "answer": "take"}
    if phase in buttons:
        target = tab.locator(f'button[name="do"][value="{buttons[phase]}"]')
    else:
        place = (state["far"] if far else state["target"]) or state["source"]
        if place is None:
            target = tab.locator('button[name="do"][value="confirm"]')
        else:
            target = tab.locator(f'figure.board-picture .bg-taps button[value="{place}"]')  # the tap on the board
    with tab.expect_navigation():  # a form's submission: wait for the next page, not the one tapped
        target.click()
    return phase


def play_to_the_end(tab, width: int, limit: int) -> list[str]:
    refusals: list[str] = []
    for _ in range(limit):
        if one_step(tab, width, refusals) in ("over", "end"):
            return refusals
    raise AssertionError("the game did not end")


#: Each guided position in one language, the languages taking turns (every position in every
#: language cost CI a minute; the words are the same sentences whichever position says them).
POSITION_CASES = [(LANGS[number % len(LANGS)], number, position_id) for number, position_id in enumerate(GUIDED)]


@pytest.mark.parametrize("lang,number,position_id", POSITION_CASES, ids=[f"{l}-{p}" for l, _, p in POSITION_CASES])
def test_each_guided_position_reaches_its_moment_by_tapping(live_server, tab, artifacts, lang, number, position_id):
    """Every guided position, the screen a phone's and a desktop's in turn (each position is played
    at both widths: the first page at one, the next at the other, ...)."""
    assert {code for code, _, _ in POSITION_CASES} == set(LANGS)
    guided = GUIDED[position_id]
    first = WIDTHS[number % 2]
    tab.set_viewport_size({"width": first, "height": 860})
    tab.goto(f"{live_server}/{lang}/backgammon/guided/{position_id}")
    assert tab.locator("p.status").is_visible()
    refusals: list[str] = []
    for turn in range(40):
        width = WIDTHS[(number + turn) % 2]
        tab.set_viewport_size({"width": width, "height": 860})
        if one_step(tab, width, refusals, lang=lang) in ("over", "end"):
            break
    else:
        raise AssertionError(f"{position_id} did not end")
    assert refusals == []  # the page's own choices are never refused
    # the moment happened on the line the taps made: rebuilt from the address alone
    decisions = decode(parse_qs(urlsplit(tab.url).query)["h"][0])[-1]  # the page's own address (its record)
    assert MOMENTS[guided.moment](guided.replay(decisions)), (position_id, decisions)
    summary = tab.locator("section.result")
    assert summary.is_visible() and len(summary.inner_text()) > 80
    for width in WIDTHS:  # the end, at both widths
        tab.set_viewport_size({"width": width, "height": 860})
        check_fits(tab, width)
        keep_picture(tab, artifacts / f"bg-guided-{position_id}-{lang}-{width}.png", full_page=True)


def test_a_whole_free_game_by_tapping_in_three_languages_at_both_widths(live_server, tab, artifacts):
    """A whole game with the videau, tapped through on a phone and a desktop in turn (the width
    changes every third page, so each width sees every kind of page; a turn is about four pages),
    in the three languages in turn: every twelfth page the page's language switcher takes the game
    into the next language, where it goes on from the same address. (A whole game per language
    took two and a half minutes of CI's twenty; one game seen in every language checks the same
    pages and, on top, that the switcher never loses a game in progress.)"""
    lang = LANGS[0]
    tab.set_viewport_size({"width": 390, "height": 860})
    tab.goto(f"{live_server}/{lang}/backgammon/play/")
    tab.locator('input[name="videau"][value="1"]').check()
    tab.locator('form.new-game button[type="submit"]').click()
    tab.wait_for_load_state()
    refusals: list[str] = []
    seen: dict[int, set[str]] = {width: set() for width in WIDTHS}
    seen_in: dict[str, set[str]] = {code: set() for code in LANGS}
    width = 390
    for turn in range(1500):
        if turn and turn % 12 == 0:  # on to the next language, the game kept
            address = tab.url.split("/", 4)[4].split("#")[0]  # after the language
            lang = LANGS[(LANGS.index(lang) + 1) % len(LANGS)]
            tab.locator(f'nav.languages a[hreflang="{lang}"]').click()
            tab.wait_for_load_state()
            assert tab.url.split("/", 4)[4].split("#")[0] == address, "the switcher keeps the game"
        if WIDTHS[turn // 3 % 2] != width:  # a resize costs a layout: every third page is enough
            width = WIDTHS[turn // 3 % 2]
            tab.set_viewport_size({"width": width, "height": 860})
        phase = one_step(tab, width, refusals, lang=lang, far=True)
        seen[width].add(phase)
        seen_in[lang].add(phase)
        if phase == "over":
            break
    else:
        raise AssertionError("the game did not end")
    assert refusals == []
    assert all({"move", "decide"} <= phases for phases in seen.values()), seen
    assert all({"move", "decide"} <= phases for phases in seen_in.values()), seen_in
    result = tab.locator("section.result")
    assert result.is_visible() and len(result.inner_text()) > 10
    keep_picture(tab, artifacts / f"bg-free-game-{lang}.png", full_page=True)
    # the result, too, survives a change of language
    other = LANGS[(LANGS.index(lang) + 1) % len(LANGS)]
    address = tab.url.split("/", 4)[4].split("#")[0]
    tab.locator(f'nav.languages a[hreflang="{other}"]').click()
    tab.wait_for_load_state()
    assert tab.evaluate("document.documentElement.lang") == other
    assert tab.url.split("/", 4)[4].split("#")[0] == address and result.is_visible()


def test_a_refused_tap_says_why_and_keeps_the_board(live_server, tab):
    tab.set_viewport_size({"width": 390, "height": 860})
    tab.goto(f"{live_server}/en/backgammon/guided/higher-die")
    tab.locator('figure.board-picture .bg-taps button[value="24"]').click()
    tab.wait_for_load_state()
    assert tab.locator("figure.board-picture svg rect.selected").count() == 1  # 24 is picked
    tab.locator('figure.board-picture .bg-taps button[value="19"]').click()
    tab.wait_for_load_state()
    alert = tab.locator('.refusal[role="alert"]')
    assert "higher one, 6" in alert.inner_text()
    assert alert.bounding_box()["y"] < 860  # said where the learner looks, without scrolling


def test_keyboard_alone_plays_a_guided_position(live_server, tab):
    """Tab to the page's buttons and press Enter: pick the checker, its target, confirm."""
    tab.set_viewport_size({"width": 1280, "height": 860})
    tab.goto(f"{live_server}/en/backgammon/guided/higher-die")
    for wanted in ("button.source", "button.target", 'button[value="confirm"]'):
        for _ in range(60):
            tab.keyboard.press("Tab")
            if tab.evaluate(f"document.activeElement.matches('{wanted}')"):
                break
        else:
            raise AssertionError(f"Tab never reaches {wanted}")
        with tab.expect_navigation():
            tab.keyboard.press("Enter")
    assert tab.locator("main").get_attribute("data-phase") == "end"


def test_without_javascript_a_guided_position_plays_through(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 860})
    tab = context.new_page()
    try:
        tab.goto(f"{live_server}/vi/backgammon/guided/hit")
        assert play_to_the_end(tab, 390, 40) == []
        assert tab.locator("section.result").is_visible()
    finally:
        context.close()


# ----- the coach (issue #28) ------------------------------------------------------------------------
COACH_STATE = """() => {
  const grade = document.querySelector("section.grade");
  const r = grade ? grade.getBoundingClientRect() : null;
  const board = document.querySelector("figure.board-picture svg");
  const b = board ? board.getBoundingClientRect() : null;
  return {
    scroll: document.documentElement.scrollWidth,
    grade: r && {x: r.x, width: r.width, text: grade.innerText, label: grade.className},
    board: b && {x: b.x, width: b.width},
    marked: board ? board.querySelectorAll(".mark-to, .mark-from, .mark-hit, [class*='mark']").length : 0,
    taps: document.querySelectorAll("figure.board-picture .bg-taps button").length,
  };
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_coach_grades_a_play_and_draws_the_better_one_on_a_phone(tab, live_server, lang):
    """A position from a review, played badly by tapping: the grade shows beside the board in the
    page's language, the better play is drawn when asked (no taps on it), and the review's boards
    fit a 390 px phone."""
    from site_pages import POSITION_TO_TRY

    tab.set_viewport_size({"width": 390, "height": 860})  # the module's tab: other tests widen it
    tab.goto(f"{live_server}/{lang}/backgammon/play/position?x={POSITION_TO_TRY}")
    for place in ("13", "7", "13", "8"):  # 13/7 13/8: not the best 6-5 from the start
        with tab.expect_navigation():  # a tap on the board: the form's next page
            tab.locator(f'figure.board-picture .bg-taps button[value="{place}"]').click()
    with tab.expect_navigation():
        tab.locator('button[name="do"][value="confirm"]').click()
    state = tab.evaluate(COACH_STATE)
    assert state["scroll"] <= 390 and state["grade"] and state["grade"]["x"] >= 0
    assert state["grade"]["x"] + state["grade"]["width"] <= 390.5
    assert "24/13" in state["grade"]["text"] and "grade-best" not in state["grade"]["label"]
    assert tab.evaluate("document.documentElement.lang") == lang
    with tab.expect_navigation():
        tab.locator("section.grade a.button").click()  # show the better play on the board
    better = tab.evaluate(COACH_STATE)
    assert better["taps"] == 0 and better["scroll"] <= 390
    assert better["board"]["x"] + better["board"]["width"] <= 390.5
    keep_picture(tab, f"coach-better-{lang}.png")


def test_the_review_fits_a_phone_and_opens_a_position_to_play_again(tab, live_server):
    tab.set_viewport_size({"width": 390, "height": 860})
    tab.goto(f"{live_server}/en/backgammon/play/new?videau=0&series=0")
    refusals: list[str] = []
    confirmed = 0
    for _ in range(80):  # a few turns, played by tapping as a learner does
        if tab.locator('button[name="do"][value="confirm"]').count():
            confirmed += 1
        one_step(tab, 390, refusals, far=True)
        if confirmed >= 4 and not tab.locator('button[name="do"][value="confirm"]').count():
            break
    with tab.expect_navigation():  # the game page's own link to its review
        tab.locator("a[href*='/backgammon/play/review']").first.click()
    assert tab.locator("section.review-summary li, section.review-summary p").count() >= 2
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    assert tab.locator("section.review-summary").is_visible()
    tries = tab.locator("a[href*='/backgammon/play/position']")
    assert tries.count() >= 1  # tapping the farthest move each time is never the best play for long
    tab.emulate_media(media="print")  # printed: the boards and the words, not the links to play again
    assert not tries.first.is_visible() and tab.locator(".reviewed-play svg").first.is_visible()
    tab.emulate_media(media="screen")
    with tab.expect_navigation():
        tries.first.click()
    assert "a position to play again" in tab.title()
