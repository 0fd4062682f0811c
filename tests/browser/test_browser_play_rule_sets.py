"""Free play by the other rule sets in a real browser on a phone (390 px wide), one round each, by
tapping the tiles in the picture: Sato 157 with four players in English, Straight in Indonesian,
All Fives in Vietnamese. On every page the page is in its language, names the rule set and runs
no wider than the screen; in the spinner games a tile that fits the spinner's top or bottom arm is
sent there with the choose-end button, and the table then shows it on that arm. Then the match
goes on: the next round, by the same rules, with the totals carried over.

The game numbers are chosen so that, with the policy below (the first playable tile; on a choice
of ends, the top or bottom arm), the round offers that choice (found with the Flask test client,
tests/domino/test_play_rule_sets.py's game_id); the deals come from the tests' secret key."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from tutor.freeplay import new_game_id
from tutor.games.domino.rules import RULE_SETS
from tutor.web.domino.play import ROUND_SEPARATOR

from conftest import PHONE, keep_picture

#: rule set, players, language, game number, the rule set's name in that language
CASES = [
    ("sato", 4, "en", 40, "Sato 157"),
    ("straight", 2, "id", 43, "Straight (domino biasa)"),
    ("all-fives", 2, "vi", 49, "All Fives (bội số của 5)"),
]

WIDTHS = "() => ({page: document.documentElement.scrollWidth, screen: window.innerWidth})"


@pytest.mark.parametrize("rules,seats,lang,number,name", CASES, ids=[c[0] for c in CASES])
def test_a_round_of_each_rule_set_by_tapping_on_a_phone(live_server, phone, rules, seats, lang, number, name,
                                                         artifacts):
    g = new_game_id(seats, nonce=bytes([number]) * 12, rules=RULE_SETS[rules])
    phone.goto(f"{live_server}/{lang}/domino/play?g={g}")
    arms_chosen = 0
    for _ in range(40):
        assert phone.locator("html").get_attribute("lang") == lang
        assert name in phone.locator("h1").inner_text(), "the page names its rule set"
        widths = phone.evaluate(WIDTHS)
        assert widths["page"] <= widths["screen"], ("the page runs off the screen", widths)
        if phone.locator(".result").count():
            break
        playable = phone.locator(".moves button.tile-button.playable")
        with phone.expect_navigation():
            if playable.count():
                # tap the tile in the picture: the page's script presses its button
                a, b = playable.first.get_attribute("data-tile").split("-")
                phone.locator(f'.table-picture g.tile[data-seat="0"][data-tile="{a}-{b}"], '
                              f'.table-picture g.tile[data-seat="0"][data-tile="{b}-{a}"]').first.tap()
            else:
                phone.locator('.moves button[value="draw"], .moves button[value="pass"]').first.tap()
        if not phone.locator(".choose-end").count():
            continue
        # a choice of ends: every button on screen and tappable, the spinner's sides preferred
        buttons = phone.locator(".choose-end a")
        ends = [buttons.nth(i).get_attribute("data-end") for i in range(buttons.count())]
        assert len(ends) >= 2 and phone.evaluate(WIDTHS)["page"] <= PHONE["width"]
        side = next((end for end in ("up", "down") if end in ends), None)
        if side is None:
            with phone.expect_navigation():
                buttons.first.tap()
            continue
        tile = phone.locator(".choose-end p").inner_text().split()[0]
        keep_picture(phone, artifacts / f"rule-sets-choose-arm-{rules}-{lang}.png", full_page=True)
        with phone.expect_navigation():
            phone.locator(f'.choose-end a[data-end="{side}"]').tap()
        a, b = tile.split("-")
        on_arm = phone.locator(f'.table-picture g.tile[data-arm="{side}"][data-tile="{a}-{b}"], '
                               f'.table-picture g.tile[data-arm="{side}"][data-tile="{b}-{a}"]')
        assert on_arm.count() == 1, f"{tile} is drawn on the {side} arm"
        arms_chosen += 1
    assert phone.locator(".result").count() == 1, "the round reached its end"
    assert phone.locator(".result .headline").first.inner_text(), "the round's result is said"
    if rules != "sato":
        assert arms_chosen, "a tile went onto the spinner's top or bottom arm through the choose-end buttons"
    keep_picture(phone, artifacts / f"rule-sets-end-{rules}-{lang}.png", full_page=True)
    # the match goes on: the next round is dealt by the same rules, the totals carried over
    totals = re.findall(r"\d+", phone.locator("p.scores").first.inner_text())[:seats]  # each player's
    assert len(totals) == seats, totals
    next_round = phone.locator("a.button.primary").filter(
        has=phone.locator("xpath=self::*[contains(@href, 'g=')]"))
    hrefs = [next_round.nth(i).get_attribute("href") for i in range(next_round.count())]
    index = next(i for i, href in enumerate(hrefs)  # the address with one more, empty, round
                 if parse_qs(urlsplit(href).query, keep_blank_values=True)["m"][0].endswith(ROUND_SEPARATOR))
    with phone.expect_navigation():
        next_round.nth(index).tap()
    assert phone.locator("html").get_attribute("lang") == lang and name in phone.locator("h1").inner_text()
    assert "2" in phone.locator("p.where").inner_text(), "the second round of the match"
    assert re.findall(r"\d+", phone.locator("p.scores").first.inner_text())[:seats] == totals, "the totals carry over"
    assert not phone.locator(".result").count() and phone.locator(".table-picture svg").count() == 1
