"""The real browser reaches the app: the home page in each language has the right lang and title."""

import pytest

from conftest import keep_picture


@pytest.mark.parametrize("lang,title", [("en", "Game rules, step by step")])
def test_home_page_in_a_real_browser(live_server, page, lang, title, artifacts):
    page.goto(f"{live_server}/{lang}/")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("h1").inner_text() == title
    keep_picture(page, artifacts / f"home-{lang}.png")
