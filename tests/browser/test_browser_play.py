"""A guided hand played to its end in a real browser, by clicking: a hint, a refused illegal
click that changes nothing, and the scoring with its arithmetic at the end."""

import pytest

from tutor.games.domino.guided import load_hands

from conftest import keep_picture


def hand_buttons(page):
    return page.locator(".moves button.tile-button")


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_play_a_guided_hand_by_clicking(live_server, page, lang, artifacts):
    hand = next(iter(load_hands().values()))
    page.goto(f"{live_server}/{lang}/domino/hands/{hand.id}")
    assert page.locator("html").get_attribute("lang") == lang

    # a hint: the first rung of the ladder appears, the position stays
    before = hand_buttons(page).all_inner_texts()
    with page.expect_navigation():
        page.locator(".game-tools a").first.click()
    assert page.locator(".hints li").count() == 1
    assert hand_buttons(page).all_inner_texts() == before

    refused = clicked_svg = False
    for _ in range(60):
        if page.locator(".result").count():
            break
        unplayable = page.locator(".moves button.tile-button:not(.playable)")
        if not refused and unplayable.count() and page.locator(".moves button.tile-button.playable").count():
            url = page.url
            hand = hand_buttons(page).all_inner_texts()
            with page.expect_navigation():
                unplayable.first.click()
            assert page.locator(".refusal").is_visible()
            assert hand_buttons(page).all_inner_texts() == hand, "a refused click changes nothing"
            keep_picture(page, artifacts / f"play-refused-{lang}.png", full_page=True)
            refused = True
            page.goto(url)
            continue
        draw = page.locator('.moves button[value="draw"], .moves button[value="pass"]')
        with page.expect_navigation():
            if draw.count():
                draw.first.click()
            elif not clicked_svg:
                # the picture's own tiles are clickable too (JavaScript presses the matching button)
                tile = page.locator(".moves button.tile-button.playable").first.get_attribute("data-tile")
                a, b = tile.split("-")
                page.locator(f'.table-picture g.tile[data-seat="0"][data-tile="{a}-{b}"], '
                             f'.table-picture g.tile[data-seat="0"][data-tile="{b}-{a}"]').first.click()
                clicked_svg = True
            else:
                page.locator(".moves button.tile-button.playable").first.click()
        if page.locator(".choose-end").count():
            with page.expect_navigation():
                page.locator(".choose-end a").first.click()
    assert page.locator(".result").count() == 1, "the round reached its end"
    assert refused, "an illegal click was tried"
    result = page.locator(".result").inner_text()
    assert "=" in result, "the scoring shows its arithmetic"
    keep_picture(page, artifacts / f"play-end-{lang}.png", full_page=True)
