"""Mexican Train in a real browser (issue #16): the shorter match (double-six, six rounds from 6-6
down to 1-1) started from the practice page and played to the match's result by tapping on a
390 px phone, and the guided hand played to its moment with the hint open, in Vietnamese, on a
computer's screen.

Each round's pips on the page are checked against tests/checkers/mexican_checker.py: the round's deal is
derived from the tests' secret key as tutor.freeplay derives it, the learner's actions come from
the address, the opponent's are replayed, and the checker scores the whole round."""

from __future__ import annotations

import dataclasses

import re
from urllib.parse import parse_qs, urlsplit

import mexican_checker as checker
from tutor.freeplay import mexican_seed, mexican_shuffle, new_mexican_id
from tutor.games.domino.mexican_train.guided import replay
from tutor.games.domino.mexican_train.engine import Deal, Match

from conftest import PHONE, TEST_SECRET_KEY, keep_picture

WIDTHS = "() => ({page: document.documentElement.scrollWidth, screen: window.innerWidth})"
#: What a page of the match shows, read in one call: its width and the screen's, the height of the
#: smallest control a learner taps (the actions, the tools under the game), whether the round is over.
PAGE = ("() => ({page: document.documentElement.scrollWidth, screen: window.innerWidth, "
        "smallest: Math.min(...[...document.querySelectorAll('.actions a, .game-tools a')]"
        ".map(a => a.getBoundingClientRect().height)), over: !!document.querySelector('.result')})")


def checker_pips(url: str) -> list[int]:
    """The pips each player keeps at the end of the round in ``url``, by the checker."""
    query = parse_qs(urlsplit(url).query, keep_blank_values=True)
    game_id, rounds = query["g"][0], query["m"][0].split("~")
    index = len(rounds) - 1  # round 0 is 6-6, then 5-5...; the players take turns to start
    first = Match.drawn(mexican_seed(TEST_SECRET_KEY.encode(), game_id, "first"), 6).first
    deal = Deal.from_seed(mexican_seed(TEST_SECRET_KEY.encode(), game_id, f"deal {index}"), engine=6 - index, top=6,
                          first=(first + index) % 2)
    learner = [a for a in rounds[-1].split(".") if a]
    # the page shuffles the boneyard again after each learner action: the checker, which draws from
    # the front of a fixed boneyard, gets the tiles in the order the round drew them
    game = replay(deal, learner, reshuffle=mexican_shuffle(TEST_SECRET_KEY.encode(), game_id, index, 0))
    drawn = [game.positions[i].boneyard[0] for i, action in enumerate(game.actions) if action == "draw"]
    in_order = dataclasses.replace(deal, boneyard=tuple(drawn) + game.positions[-1].boneyard)
    result = checker.outcome(in_order.to_dict(), game.actions)
    assert result is not None, "the round is over"
    return result["pips"]


def test_the_shorter_match_by_tapping_on_a_phone(live_server, phone, artifacts):
    phone.goto(f"{live_server}/en/domino/hands/")
    with phone.expect_navigation():
        phone.locator('#rules-mexican-train a[href*="short=1"]').tap()
    assert "Round 1 of 6" in phone.locator("p.where").inner_text(), "the practice page starts the shorter match"
    # the same match on every run: a fixed game number (its deals come from the tests' key)
    phone.goto(f"{live_server}/en/domino/play?g={new_mexican_id(6, nonce=bytes([5]) * 12)}")
    rows: list[list[int]] = []
    for _ in range(300):
        seen = phone.evaluate(PAGE)
        assert seen["page"] <= seen["screen"] == PHONE["width"], ("the page runs off the screen", seen)
        assert seen["smallest"] >= 44, "every button is a 44 px touch target"
        if seen["over"]:
            engine = 6 - len(rows)
            assert phone.locator("p.engine").inner_text() == f"Engine: {engine}-{engine}"
            row = phone.locator("table.rounds tbody tr").nth(len(rows)).locator("td").all_inner_texts()
            assert row[0] == f"{engine}-{engine}"
            pips = [int(row[1]), int(row[2])]
            assert pips == checker_pips(phone.url), "the round's pips are the checker's"
            rows.append(pips)
            if len(rows) == 1:
                keep_picture(phone, artifacts / "mexican-round-end-phone.png", full_page=True)
            next_round = phone.locator("a[data-next-round]")
            if not next_round.count():
                break
            with phone.expect_navigation():
                next_round.tap()
            assert f"Round {len(rows) + 1} of 6" in phone.locator("p.where").inner_text()
            continue
        # the learner's policy: the last button (a new public train or the heaviest train's play first)
        with phone.expect_navigation():
            phone.locator(".actions a").last.tap()  # waits for it: the learner always has a button
    assert len(rows) == 6, "six rounds, 6-6 down to 1-1"
    totals = [sum(r[0] for r in rows), sum(r[1] for r in rows)]
    assert phone.locator("table.rounds tfoot td").all_inner_texts() == [str(t) for t in totals]
    result = phone.locator(".result").inner_text()
    assert f"Totals so far: {totals[0]} for you and {totals[1]} for your opponent." in result
    assert ("you win the match" if totals[0] < totals[1] else "your opponent wins the match"
            if totals[1] < totals[0] else "you share the match") in result
    assert phone.locator("a.button.primary", has_text="New match").count() == 1
    keep_picture(phone, artifacts / "mexican-match-end-phone.png", full_page=True)
    phone.set_viewport_size({"width": 360, "height": 740})  # the smallest phone the tutor is built for
    assert phone.evaluate(WIDTHS)["page"] <= 360


def test_the_guided_hand_to_its_moment_with_the_hint_in_vietnamese(live_server, page, artifacts):
    page.goto(f"{live_server}/vi/domino/hands/mexican-open-double")
    assert page.locator("html").get_attribute("lang") == "vi"
    for _ in range(10):
        if page.locator(".moment").count():
            break
        with page.expect_navigation():
            page.locator(".actions a").first.click()
    moment = page.locator(".moment").inner_text()
    assert "quân đôi còn mở" in moment and "3-3" in moment, moment
    # the only buttons close the double on the opponent's train
    offered = [page.locator(".actions a").nth(i).get_attribute("data-action")
               for i in range(page.locator(".actions a").count())]
    assert offered and all(a.endswith(":s1") and "3" in a.split(":")[0].split("-") for a in offered), offered
    assert page.locator('.table-picture .open-double[data-train="s1"]').count() >= 1
    with page.expect_navigation():
        page.locator(".game-tools a[accesskey=h]").click()
    hint = page.locator("section.hints").inner_text()
    assert "Gợi ý" in hint and "3-1" in hint and "5-3" in hint, hint
    assert page.evaluate(WIDTHS)["page"] <= 1280
    keep_picture(page, artifacts / "mexican-guided-moment-vi.png", full_page=True)
    # axe (bundled, offline) finds nothing serious on the page with the picture, the moment and the hint
    from axe_playwright_python.sync_playwright import Axe

    violations = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
                  for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert not violations, violations
    with page.expect_navigation():
        page.locator(".actions a").first.click()
    assert not page.locator('.table-picture .open-double').count(), "the double is closed"
    for _ in range(20):
        if page.locator(".result").count():
            break
        with page.expect_navigation():
            page.locator(".actions a").first.click()
    assert "chấm" in page.locator(".result").inner_text()
    assert page.locator('.game-tools a[href*="/vi/domino/lessons/mexican-train/"]').count() == 1


#: The projector layout of a Mexican Train page, read in one call: the page's scroll (down and across),
#: the status's type, where the last control ends, the side column's own scroll, the wide picture's
#: size, the smallest action button, and every address on the page (Leave's apart).
PROJECTOR = """() => {
  const box = (e) => e.getBoundingClientRect();
  const side = document.querySelector('.game-side');
  const svg = Array.from(document.querySelectorAll('.table-picture svg')).find(s => box(s).width > 0);
  const links = Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href')).filter(h => !h.startsWith('#'));
  const leave = document.querySelector('a.leave').getAttribute('href');
  return {down: document.documentElement.scrollHeight - innerHeight, across: document.documentElement.scrollWidth - innerWidth,
          status: parseFloat(getComputedStyle(document.querySelector('.big-status')).fontSize),
          bottom: Math.max(...Array.from(document.querySelectorAll('main *')).filter(e => e.getClientRects().length && !e.closest('svg'))
                               .map(e => box(e).bottom)) - innerHeight,
          side: side ? side.scrollHeight - side.clientHeight : 0,
          svg: svg ? [box(svg).width / innerWidth, box(svg).height] : null,
          button: Math.min(...Array.from(document.querySelectorAll('.game-moves a, .game-bar a')).map(a => box(a).height)),
          links: links.filter(h => h !== leave), leave};
}"""


def test_the_guided_hand_on_a_projector_is_played_with_keys_in_indonesian(live_server, browser, artifacts):
    """Issue #17, the projector: at 1280 x 720 the guided hand fits without scrolling, its status in
    large type; the teacher picks the actions with the number keys up to the open double, opens the
    hint with H, and every link keeps the layout; in a 390 px window it is still usable."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server}/id/present/")
    with page.expect_navigation():
        page.locator(".mexican-present-list a[href*='/hands/mexican-open-double']").click()

    def fits() -> dict:
        m = page.evaluate(PROJECTOR)
        where = (page.url, m)
        assert "present=1" in page.url and page.locator("main.game-presenter").count() == 1, where
        assert m["down"] <= 0 and m["across"] <= 0 and m["bottom"] <= 1 and m["side"] <= 1, ("it scrolls", where)
        assert m["status"] >= 24, ("the status is not in large type", where)
        assert m["svg"][0] >= 0.5 or m["svg"][1] >= 0.5 * 720, ("the table does not fill the screen", where)
        assert m["links"] and all("present=1" in link for link in m["links"]), ("a link leaves the layout", where)
        assert "present" not in m["leave"], where
        return m

    for _ in range(10):
        fits()
        if page.locator(".game-side .moment").count():
            break
        key = page.locator(".game-moves a[data-key]").first.get_attribute("data-key")
        with page.expect_navigation():
            page.keyboard.press(key)
    moment = page.locator(".game-side .moment").inner_text()  # the open double explained, in the room's language
    assert "balak yang masih terbuka" in moment and "3-3" in moment, moment
    offered = page.locator(".game-moves a").evaluate_all("as => as.map(a => [a.dataset.key, a.dataset.action])")
    assert offered == [[str(n + 1), a] for n, (_, a) in enumerate(offered)], "the number keys in order"
    assert all(a.endswith(":s1") and "3" in a.split(":")[0].split("-") for _, a in offered), offered
    with page.expect_navigation():
        page.keyboard.press("h")
    hint = page.locator(".game-side .hints").inner_text()  # it takes the moment's place, and says more
    assert "3-1" in hint and "5-3" in hint and "Petunjuk" in hint, hint
    assert not page.locator('.game-bar [data-key="h"]').count()
    fits()
    keep_picture(page, artifacts / "mexican-present-moment-id.png")
    # in a 390 px window the page scrolls, the narrow picture takes the width inside the margins, every
    # control is a 44 px target
    page.set_viewport_size({"width": 390, "height": 844})
    m = page.evaluate(PROJECTOR)
    assert m["across"] <= 0 and m["svg"][0] >= 0.85 and m["button"] >= 44 and m["status"] >= 24, m
    keep_picture(page, artifacts / "mexican-present-moment-390-id.png", full_page=True)
    # Esc leaves for the ordinary page, the same position
    moves = re.search(r"moves=[^&#]*", page.url).group(0)
    with page.expect_navigation():
        page.keyboard.press("Escape")
    assert "present=1" not in page.url and moves in page.url and page.locator("main.game").count() == 1
    assert not errors
    context.close()
