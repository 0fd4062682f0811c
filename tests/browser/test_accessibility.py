"""Accessibility in the real browser (Debian's Chromium), in each language.

- axe-core (bundled by ``axe-playwright-python``, injected from the package: no network) finds no
  serious or critical violation on any page type (``site_pages.page_urls``: home, lesson steps,
  the gallery, guided hands, a game in several states, free play, error pages, and whatever page
  routes are added later, such as presenter mode and handouts).
- The keyboard reaches every control of every page, and the focus is visible on each.
- A guided hand is played to its end with the keyboard alone.
- Every diagram is an image whose accessible name and description (what a screen reader reads,
  taken from Chromium's own accessibility tree) are its title and description, in the page's language.
- The moves the learner can make are real buttons, named by their tile.
"""

from __future__ import annotations

import re

import pytest

from site_pages import LANGS, collected_pages, first_hand, question_step

from conftest import keep_picture

AXE_BLOCKING = {"serious", "critical"}


PAGES = collected_pages()


@pytest.fixture(scope="module")
def tab(browser):
    """One browser tab for the whole module (a new context per test costs more than the checks)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


@pytest.fixture()
def page(tab):
    tab.goto("about:blank")
    return tab


@pytest.fixture(scope="module")
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


def blocking(results) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
        for v in results.response["violations"] if v["impact"] in AXE_BLOCKING
    ]


def test_axe_is_bundled_and_runs_offline(page, axe):
    """The axe script comes from the installed package; nothing is fetched."""
    from axe_playwright_python.base import AXE_FILE_PATH

    assert AXE_FILE_PATH.exists() and AXE_FILE_PATH.read_text(encoding="utf-8").startswith("/*! axe v")
    requests = []
    listen = lambda request: requests.append(request.url)  # noqa: E731
    page.on("request", listen)
    page.set_content('<html lang="en"><head><title>t</title></head><body><main><h1>x</h1>'
                     '<img src="data:,"></main></body></html>')
    results = axe.run(page)
    page.remove_listener("request", listen)
    assert [v["id"] for v in results.response["violations"]] == ["image-alt"]  # it really checks
    assert requests == []


def _axe_pages() -> list[tuple[str, str, str]]:
    """Each page type once, in one language, the languages taking turns over the types (so each
    language has a third of them), and the home page and a lesson step in every language. The
    page types share one template in every language, so axe's findings are those of the markup;
    all 55 types in all three languages cost CI more than two minutes of its twenty."""
    names = list(dict.fromkeys(name for _, name, _ in PAGES))
    every_language = {names[0], "lesson-step"}
    return [(lang, name, url) for lang, name, url in PAGES
            if name in every_language or LANGS[names.index(name) % len(LANGS)] == lang]


AXE_PAGES = _axe_pages()


def test_the_axe_pages_cover_every_page_type_and_language():
    assert {name for _, name, _ in AXE_PAGES} == {name for _, name, _ in PAGES}
    assert {lang for lang, _, _ in AXE_PAGES} == set(LANGS)


@pytest.mark.parametrize("lang,name,url", AXE_PAGES, ids=[f"{lang}-{name}" for lang, name, _ in AXE_PAGES])
def test_axe_finds_no_serious_violation(live_server, page, axe, lang, name, url, artifacts):
    response = page.goto(live_server + url)
    assert response.status in (200, 400, 404)
    assert page.locator("html").get_attribute("lang") == lang
    results = axe.run(page)
    problems = blocking(results)
    if problems:
        keep_picture(page, artifacts / f"axe-{lang}-{name}.png", full_page=True)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_axe_after_answering_a_question(live_server, page, axe, lang):
    """The lesson page in its answered state: the feedback box and the pressed choice."""
    section, step = question_step()
    page.goto(f"{live_server}/{lang}/domino/lessons/{section.id}/{step.id}")
    with page.expect_navigation():
        page.locator(".choices button").first.click()
    assert page.locator(".feedback").count() == 1
    assert not blocking(axe.run(page)), blocking(axe.run(page))


# ---- the keyboard ------------------------------------------------------------------------------
FOCUSABLE = ('a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), '
             'select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])')

#: An element's key: its path from <body> (each step its place among its parent's children) and the
#: start of its markup. Not its index in the whole document: a script that adds items before it (the
#: offline page's list of kept pages, filled in when the service worker answers) would change that.
KEY_OF = """(el) => { const steps = [];
  for (let e = el; e && e !== document.body; e = e.parentElement)
    steps.unshift(Array.prototype.indexOf.call(e.parentElement.children, e));
  return steps.join(".") + " " + el.outerHTML.slice(0, 100); }"""

FOCUS_STATE = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const visible = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2)
    || (style.boxShadow && style.boxShadow !== "none");
  return {key: (%s)(el), visible: visible};
}""" % KEY_OF

REACHABLE = """(selector) => {
  return Array.from(document.querySelectorAll(selector))
  .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden"
                && !el.closest("[hidden]") && !el.closest("[inert]"))
  // the inside of a closed <details> (a long to-do list) is out of the Tab order until it is opened
  .filter(el => !(el.closest("details:not([open])") && !el.closest("summary")))
  // taken out of the Tab order on purpose (a board's tap targets: the page has the same choices as buttons)
  .filter(el => el.getAttribute("tabindex") !== "-1")
  // a radio group is one Tab stop (its checked button); the arrow keys move inside it
  .filter(el => !(el.type === "radio" && !el.checked && el.form
                  && el.form.querySelector(`input[type=radio][name="${el.name}"]:checked`)))
  .map(%s); }""" % KEY_OF


EN_PAGES = [(name, url) for lang, name, url in PAGES if lang == "en"]


@pytest.mark.parametrize("name,url", EN_PAGES, ids=[name for name, _ in EN_PAGES])
def test_the_keyboard_reaches_every_control_with_a_visible_focus(live_server, page, name, url):
    page.goto(live_server + url)
    wanted = page.evaluate(REACHABLE, FOCUSABLE)
    reached, invisible = [], []
    # room for controls a script adds meanwhile (the offline page lists the pages kept on the device
    # once the service worker answers); the loop ends when the focus comes round again
    for _ in range(len(wanted) + 100):
        page.keyboard.press("Tab")
        state = page.evaluate(FOCUS_STATE)
        if state is None:
            break
        if state["key"] in reached:
            break  # around again
        reached.append(state["key"])
        if not state["visible"]:
            invisible.append(state["key"])
    assert not invisible, f"no visible focus on {invisible}"
    wanted += [key for key in page.evaluate(REACHABLE, FOCUSABLE) if key not in wanted]
    missing = [key for key in wanted if key not in reached]
    assert not missing, f"Tab never reaches {missing}"


def tab_to(page, selector: str, limit: int = 120) -> None:
    """Press Tab until an element matching ``selector`` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("lang", ["vi"])  # the keys do not depend on the language (one is enough for CI's time)
def test_a_guided_hand_is_played_with_the_keyboard_alone(live_server, page, lang, artifacts):
    hand = first_hand()
    page.goto(f"{live_server}/{lang}/domino/hands/{hand.id}")
    # the skip link comes first, and leads past the header
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('skip')")
    # a hint, asked for with the keyboard
    tab_to(page, ".game-tools a")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator(".hints li").count() == 1
    moves = 0
    for _ in range(60):
        if page.locator(".result").count():
            break
        if page.locator(".choose-end").count():
            tab_to(page, ".choose-end a")
        else:
            tab_to(page, ".moves button.playable, .moves button[value=draw], .moves button[value=pass]")
        assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
        is_button = page.evaluate("document.activeElement.tagName === 'BUTTON'")
        with page.expect_navigation():
            page.keyboard.press("Space" if is_button and moves % 2 else "Enter")  # a button answers both
        moves += 1
    assert page.locator(".result").count() == 1, "the round reached its end"
    assert moves >= 2
    keep_picture(page, artifacts / f"keyboard-hand-{lang}.png", full_page=True)


# ---- what a screen reader reads ------------------------------------------------------------------
def accessibility_tree(page) -> list[dict]:
    """Chromium's own accessibility tree: what assistive technology is given."""
    session = page.context.new_cdp_session(page)
    try:
        return session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()


def ax_value(node: dict, key: str) -> str:
    return (node.get(key) or {}).get("value") or ""


def images(page) -> list[tuple[str, str]]:
    return [(ax_value(n, "name"), ax_value(n, "description"))
            for n in accessibility_tree(page) if ax_value(n, "role") == "image" and not n.get("ignored")]


DIAGRAM_PAGES = ["lesson-step", "gallery", "guided-hand", "guided-hand-over", "free-play"]


@pytest.mark.parametrize("name", DIAGRAM_PAGES)
def test_each_diagram_has_a_text_alternative_in_the_page_language(live_server, browser, name):
    read: dict[str, list[tuple[str, str]]] = {}
    for lang in LANGS:
        url = next(u for lg, n, u in PAGES if lg == lang and n == name)
        context = browser.new_context()
        page = context.new_page()
        page.goto(live_server + url)
        svgs = page.locator("main svg")
        count = svgs.count()
        assert count, "the page shows a diagram"
        # each picture is an image named by its <title> and described by its <desc>
        for i in range(count):
            svg = svgs.nth(i)
            assert svg.get_attribute("role") == "img"
            names = page.evaluate(
                """svg => ["aria-labelledby", "aria-describedby"].map(a =>
                     (svg.getAttribute(a) || "").split(/\\s+/).filter(Boolean).map(id => {
                       const el = document.getElementById(id);
                       return el && svg.contains(el) ? el.textContent.trim() : null;
                     }))""", svg.element_handle())
            assert names[0] and all(names[0]), f"aria-labelledby resolves to a title inside the picture: {names}"
            assert names[1] and all(names[1]), f"aria-describedby resolves to a description: {names}"
        read[lang] = images(page)
        context.close()
        assert len(read[lang]) >= count, read[lang]
        for label, description in read[lang]:
            assert label.strip() and description.strip(), f"an image without a name or description in {lang}"
    for lang in ("vi", "id"):
        assert read[lang] != read["en"], f"the diagrams are read in English on the /{lang}/ page"
        for (label, description), (en_label, en_description) in zip(read[lang], read["en"]):
            assert description != en_description, f"{lang}: {description}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_playable_moves_are_real_buttons(live_server, page, lang):
    """The tiles the picture marks as playable are buttons that say so; the others are buttons too."""
    page.goto(f"{live_server}/{lang}/domino/hands/{first_hand().id}")
    playable = page.locator(".table-picture g.tile.playable[data-seat='0'][data-tile]")
    tiles = sorted({"-".join(sorted(t.split("-"), reverse=True)) for t in
                    (playable.nth(i).get_attribute("data-tile") for i in range(playable.count()))})
    assert tiles, "the learner has a move"
    names = [ax_value(n, "name") for n in accessibility_tree(page) if ax_value(n, "role") == "button"]
    for tile in tiles:
        button = page.locator(f".moves button[data-tile='{tile}']")
        assert button.evaluate("el => el.tagName") == "BUTTON" and button.get_attribute("type") == "submit"
        assert any(re.fullmatch(re.escape(tile) + r"\s*,\s*\S.*", name) for name in names), \
            f"the button for {tile} says that it fits: {names}"
    others = page.locator(".moves button.tile-button:not(.playable)")
    assert others.count(), "the hand has tiles that do not fit"
    for i in range(others.count()):
        tile = others.nth(i).get_attribute("data-tile")
        assert tile in names, f"an unplayable tile is a button named just {tile}: {names}"
