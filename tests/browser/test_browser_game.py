"""The game pages in a real browser, on a phone (390 x 844) and a desktop (1280 x 800), in each
language: every guided hand played to its end by tapping, and at every step the page speaks to
"you", names the tile just drawn, keeps the status and the hand on screen after a move (focus on
the status), and holds the sizes of issue 11 measured from the rendered page. Screenshots of a
late-round table on the phone go to test-artifacts/."""

from __future__ import annotations

import re

import pytest

from conftest import PHONE, keep_picture
from tutor.freeplay import new_game_id
from tutor.games.domino.guided import hand_by_id, load_hands, replay

LANGS = ["en", "vi", "id"]
DESKTOP = {"width": 1280, "height": 800}
#: a learner is never "seat 0": the word for a seat in each language
SEAT_WORDS = {"en": re.compile(r"\bseats?\b", re.I), "vi": re.compile(r"\bghế\b", re.I), "id": re.compile(r"\bkursi\b", re.I)}
MIN_TOUCH = 44
MIN_LINE_TILE = 24  # px across (the short side) of every tile of the line on a phone
MIN_PIP = 5  # px across a pip on a phone


def words(app, lang: str) -> dict[str, str]:
    from flask_babel import gettext as _

    with app.test_request_context(f"/?lang={lang}"):
        return {"since": _("Since your last move"), "right": _("Right: you worked it out."),
                "drew": _("You drew %(tile)s: it fits, play it.", tile="@").split("@")[0].strip()}


@pytest.fixture()
def desktop(browser):
    context = browser.new_context(viewport=DESKTOP, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


def main_text(page) -> str:
    return page.locator("main").inner_text() + " " + " ".join(
        page.locator(".table-picture svg title, .table-picture svg desc, .table-picture svg text").all_text_contents())


#: Every box check_the_table and back_at_the_table measure, read in one round trip to the browser (a
#: bounding_box() call per tile made these tests the slowest of the suite); an element that is not
#: rendered (display: none) has no box, as bounding_box() would say.
TABLE_BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return (r.width || r.height) ? {x: r.x, y: r.y, width: r.width, height: r.height} : null; };
  const all = (selector) => Array.from(document.querySelectorAll(selector));
  const first = (selector) => { const e = document.querySelector(selector); return e ? box(e) : null; };
  return {
    languages: all(".languages a").map(box).filter(Boolean),
    controls: all(".moves button, .choose-end a, .game-tools a, .work-out button, .work-out .choice")
      .map(e => ({text: e.innerText, box: box(e)})).filter(c => c.box),
    svg: first(".table-picture svg"),
    line_tiles: all(".table-picture g.line g.tile").map(box),
    pips: all(".table-picture g.line circle").slice(0, 12).map(box),
    status: first("#status"),
    moves: all(".moves").length,
    first_choice: first(".moves .choices > *"),
    drawn_hand: first(".table-picture g.hand"),
  };
}"""


def check_the_table(page, lang: str, viewport: dict) -> None:
    """What must hold on every game page: no seat numbers; on a phone the sizes of issue 11."""
    text = main_text(page)
    assert not SEAT_WORDS[lang].search(text), SEAT_WORDS[lang].search(text).group(0)
    assert "%(" not in text
    boxes = page.evaluate(TABLE_BOXES)
    # the language bar does not wrap: every language on one line
    tops = {round(box["y"]) for box in boxes["languages"]}
    assert len(tops) <= 1, tops
    # touch targets
    for control in boxes["controls"]:
        box = control["box"]
        assert box["height"] >= MIN_TOUCH - 0.5 and box["width"] >= MIN_TOUCH - 0.5, (control["text"], box)
    if viewport is not PHONE:
        return
    svg = boxes["svg"]
    assert svg["width"] >= 0.85 * PHONE["width"], svg
    for box in boxes["line_tiles"]:
        assert min(box["width"], box["height"]) >= MIN_LINE_TILE, box
    for pip in boxes["pips"]:
        assert pip["width"] >= MIN_PIP


def back_at_the_table(page) -> None:
    """After a move: the status has the focus, and the status and the hand are on screen."""
    page.wait_for_function("document.activeElement && document.activeElement.id === 'status'")
    height = page.viewport_size["height"]
    boxes = page.evaluate(TABLE_BOXES)
    status = boxes["status"]
    assert 0 <= status["y"] and status["y"] + status["height"] <= height, status
    if boxes["moves"]:
        # the hand as drawn in the picture (tap a tile there to play it) is wholly on screen, and
        # the row of buttons that repeats it for keyboards and screen readers starts on screen
        first = boxes["first_choice"]
        assert first["y"] < height, ("the hand's buttons are below the screen", first)
        drawn = boxes["drawn_hand"]
        assert drawn["y"] + drawn["height"] <= height, ("the hand in the picture is below the screen", drawn)


def tap_a_move(page) -> None:
    """Tap what a learner would: a playable tile in the picture, else draw or pass, else an end."""
    playable = page.locator(".moves button.tile-button.playable")
    if playable.count():
        a, b = playable.first.get_attribute("data-tile").split("-")
        with page.expect_navigation():
            page.locator(f'.table-picture g.tile[data-seat="0"][data-tile="{a}-{b}"], '
                         f'.table-picture g.tile[data-seat="0"][data-tile="{b}-{a}"]').first.tap()
    else:
        with page.expect_navigation():
            page.locator('.moves button[value="draw"], .moves button[value="pass"]').first.tap()
    if page.locator(".choose-end").count():
        with page.expect_navigation():
            page.locator(".choose-end a").first.tap()


def check_a_draw(page, app, lang: str, before: list[str]) -> None:
    """After a draw: the status names the drawn tile, marked in the hand and in the picture."""
    after = page.locator(".moves button.tile-button").evaluate_all("bs => bs.map(b => b.dataset.tile)")
    new = [t for t in after if t not in before]
    assert len(new) == 1, (before, after)
    tile = new[0]
    status = page.locator("#status").inner_text()
    assert tile in status, status
    assert page.locator(f'.moves button[data-tile="{tile}"][data-fresh]').count() == 1
    a, b = tile.split("-")
    assert page.locator(f'.table-picture g.tile.fresh[data-tile="{a}-{b}"], '
                        f'.table-picture g.tile.fresh[data-tile="{b}-{a}"]').count() == 1


def play_to_the_end(page, app, lang: str, viewport: dict, url: str, shots: str | None = None, artifacts=None) -> str:
    page.goto(url)
    assert words(app, lang)["since"] not in page.locator("main").inner_text(), "no 'since your last move' yet"
    check_the_table(page, lang, viewport)
    shot_taken = False
    for _ in range(80):
        if page.locator(".result").count():
            break
        drawing = page.locator('.moves button[value="draw"]').count() > 0
        before = page.locator(".moves button.tile-button").evaluate_all("bs => bs.map(b => b.dataset.tile)")
        if shots and not shot_taken and page.locator(".table-picture g.line g.tile").count() >= 10:
            keep_picture(page, artifacts / shots)  # once: the first table with a long line
            shot_taken = True
        tap_a_move(page)
        assert page.url.endswith("#table")
        back_at_the_table(page)
        check_the_table(page, lang, viewport)
        if drawing and page.locator(".moves").count():
            check_a_draw(page, app, lang, before)
    assert page.locator(".result").count() == 1, "the round reached its end"
    return page.url


def expected_result(url: str):
    hand_id = re.search(r"/hands/([^?#]+)", url).group(1)
    moves = re.search(r"moves=([^&#]*)", url).group(1).split(".")
    hand = hand_by_id(hand_id)
    return replay(hand.deal, moves, hand.opponents()).position.result()


def finish(page, app, lang: str, viewport: dict) -> None:
    """The end of a round: a hand that asks works it out first; then the first line says who won."""
    result = expected_result(page.url)
    if page.locator(".work-out").count():
        assert not page.locator(".result .headline").count(), "the answer waits for the learner's"
        if page.locator('.work-out input[name="winner"]').count():
            value = "nobody" if result.winner is None else str(result.winner)
            page.locator(f'.work-out input[name="winner"][value="{value}"]').check()
        page.locator('.work-out input[name="points"]').fill(f"{result.points}.0")
        with page.expect_navigation():
            page.locator(".work-out button").tap()
        assert words(app, lang)["right"] in page.locator(".result").inner_text()
        check_the_table(page, lang, viewport)
    paragraphs = page.locator(".result > p").all_inner_texts()
    headline = [p for p in paragraphs if p and "feedback" not in p][0] if paragraphs else ""
    first = page.locator(".result p.headline").first.inner_text()
    assert first == page.locator("#status").inner_text(), "the status says who won too"
    assert str(result.points) in first or result.winner is None
    assert headline


HAND_IDS = list(load_hands())


# Each hand is played to its end twice, on a phone and on a desktop, in two different languages,
# the languages turning over the hands so that each language plays on both screens. (Every hand in
# every language on a phone took two minutes of CI's twenty; the words of each language are checked
# on every page of every hand by play_to_the_end all the same, and a language does not change the
# rules the hand is played by.) One test per hand and screen, which pytest-xdist spreads out.
PHONE_CASES = [(LANGS[(i + 1) % len(LANGS)], hand_id) for i, hand_id in enumerate(HAND_IDS)]
DESKTOP_CASES = [(LANGS[i % len(LANGS)], hand_id) for i, hand_id in enumerate(HAND_IDS)]


@pytest.mark.parametrize("lang,hand_id", PHONE_CASES)
def test_every_guided_hand_by_tapping_on_a_phone(live_server, app, phone, lang, hand_id, artifacts):
    play_to_the_end(phone, app, lang, PHONE, f"{live_server}/{lang}/domino/hands/{hand_id}",
                    shots=f"game-phone-{lang}-{hand_id}.png", artifacts=artifacts)
    finish(phone, app, lang, PHONE)
    keep_picture(phone, artifacts / f"game-phone-end-{lang}-{hand_id}.png", full_page=True)


@pytest.mark.parametrize("lang,hand_id", DESKTOP_CASES)
def test_every_guided_hand_by_tapping_on_a_desktop(live_server, app, desktop, lang, hand_id, artifacts):
    play_to_the_end(desktop, app, lang, DESKTOP, f"{live_server}/{lang}/domino/hands/{hand_id}")
    finish(desktop, app, lang, DESKTOP)
    keep_picture(desktop, artifacts / f"game-desktop-end-{lang}-{hand_id}.png", full_page=True)


def test_each_hand_and_language_is_played_on_both_screens():
    assert {h for _, h in PHONE_CASES} == {h for _, h in DESKTOP_CASES} == set(HAND_IDS)
    assert all(a != b for a, b in zip(PHONE_CASES, DESKTOP_CASES))  # two languages per hand
    for cases in (PHONE_CASES, DESKTOP_CASES):
        assert {lang for lang, _ in cases} == set(LANGS)


@pytest.mark.parametrize("lang,seats", [("en", 2), ("vi", 4), ("id", 3)])
def test_a_late_round_of_free_play_on_a_phone(live_server, app, phone, lang, seats, artifacts):
    """Free play far into a round: the line is long, and its tiles and pips keep their size.

    A fixed game id per case, so that a failure can be replayed (new matches get random ids)."""
    phone.goto(f"{live_server}/{lang}/domino/play?g={new_game_id(seats, nonce=bytes([seats]) * 12)}")
    assert phone.locator("h1").inner_text() != hand_by_id("forced-opening").title
    longest = 0
    for _ in range(80):
        if phone.locator(".result").count():
            break
        tiles = phone.locator(".table-picture g.line g.tile").count()
        if tiles > longest and phone.locator(".moves").count():
            longest = tiles
            check_the_table(phone, lang, PHONE)
            keep_picture(phone, artifacts / f"game-phone-late-{lang}-{seats}p.png")
        tap_a_move(phone)
        back_at_the_table(phone)
    assert longest >= 8, longest
    check_the_table(phone, lang, PHONE)
