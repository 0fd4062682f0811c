"""Issue #35, part 1: inputs that used to end in a 500 (../shared/reviews/2026-12-03-reliability.md,
F1 to F4) get a 4xx or are ignored, with the security headers, in the page's language."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlencode

import pytest

from site_pages import LANGS
from tutor.freeplay import new_backgammon_id, new_game_id
from tutor.web.api import MAX_DEPTH
from tutor.web.i18n import LANGUAGES
from tutor.web.security import HEADERS

LANGUAGE_LINK = re.compile(r'<a href="([^"]*)"\s+hreflang="([^"]+)"')


def language_links(response) -> dict[str, str]:
    return {code: unescape(href) for href, code in LANGUAGE_LINK.findall(response.get_data(as_text=True))}


def get(client, url: str, args: dict, **options):
    """GET ``url`` (which may hold a query already) with ``args`` added to its query."""
    return client.get(url + ("&" if "?" in url else "?") + urlencode(args), **options)


def assert_headers(response) -> None:
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, name


PAGES_WITH_A_MENU = [
    "/en/",
    "/vi/domino/",
    "/id/domino/hands/forced-opening",
    "/en/domino/play?g=" + new_game_id(2, nonce=bytes(12)),
    "/vi/backgammon/guided/higher-die",
    "/id/backgammon/play/game?g=" + new_backgammon_id(True, False, nonce=bytes(12)),
    "/en/no-such-page",  # the error page has the menu too
]


@pytest.mark.parametrize("url", PAGES_WITH_A_MENU)
@pytest.mark.parametrize("method", ["DELETE", "PUT", "24", "..", "None", "<script>", "%00", "POST"])
def test_a_method_in_the_query_is_no_500(client, url, method):
    """F1: ``?_method=X`` made werkzeug's url_for fail on every page with the language menu, and
    again on the error page: a bare 500 without the security headers."""
    response = get(client, url, {"_method": method})
    assert response.status_code in (200, 404), response.status_code
    assert_headers(response)
    links = language_links(response)
    assert set(links) == set(LANGUAGES)  # every catalog's language (a new one in progress too)
    assert all("_method" not in link for link in links.values())


@pytest.mark.parametrize("url", PAGES_WITH_A_MENU)
def test_the_menu_stays_on_this_site_whatever_the_host_and_the_query(client, url):
    """F1: ``?_external=1`` (and ``_scheme``) turned the menu's links absolute on the request's Host;
    ``_anchor`` and a path argument's name in the query rewrote their targets."""
    plain = language_links(client.get(url))
    tampered = get(client, url, {"_external": "1", "_scheme": "https", "_anchor": "x",
                                             "section_id": "other", "step_id": "other", "hand_id": "other",
                                             "position_id": "other", "lang_code": "xx", "zz": "1"},
                          headers={"Host": "evil.example"})
    links = language_links(tampered)
    assert links == plain, "only the app's own arguments make the links"
    for link in links.values():
        assert link.startswith("/") and "evil.example" not in link and "#" not in link


def test_the_menu_keeps_the_game_state_and_drops_one_off_clicks(client):
    """What the page shows is kept (a game's moves, a hint asked for), a click is not (a tile tried)."""
    url = "/en/domino/hands/forced-opening"
    links = language_links(client.get(url, query_string={"moves": "6-6", "hint": "1"}))
    assert links["vi"] == "/vi/domino/hands/forced-opening?moves=6-6&hint=1"
    refused = client.get(url, query_string={"moves": "", "try": "5-5"})  # a refused tap: 400, same state
    assert refused.status_code == 400
    assert language_links(refused)["id"] == "/id/domino/hands/forced-opening?moves="
    notes = language_links(client.get("/en/domino/present/basics/notes", query_string={"slide": "2"}))
    assert notes["vi"] == "/vi/domino/present/basics/notes?slide=2"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("value", ["²", "³", "¹", "٣", "１２"])
def test_a_picked_checker_written_with_other_digits_is_no_pick(client, lang, value):
    """F2: ``f=²`` passed ``isdigit()`` and then failed ``int()``: a 500. It is now no pick at all,
    as a tampered pick always was: the same page as without it."""
    game = "/%s/backgammon/play/game?g=%s" % (lang, new_backgammon_id(False, False, nonce=bytes(12)))
    for url in (f"/{lang}/backgammon/guided/higher-die", game):
        plain = client.get(url)
        odd = get(client, url, {"f": value})
        assert odd.status_code == plain.status_code == 200
        assert_headers(odd)
        assert 'class="target' not in odd.get_data(as_text=True)  # nothing picked: no "Move it to" buttons


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("value", ["²", "³", "٣", "１"])
def test_a_lesson_answer_written_with_other_digits_is_a_400(client, lang, value):
    """F3: a backgammon lesson answer ``²`` passed ``isdigit()`` and failed ``int()``: a 500."""
    response = client.post(f"/{lang}/backgammon/lessons/hitting/enter", data={"answer": value})
    assert response.status_code == 400
    assert_headers(response)
    assert f'<html lang="{lang}"' in response.get_data(as_text=True)


DEEP_BODIES = {
    "list": lambda n: "[" * n + "]" * n,
    "object": lambda n: '{"a":' * n + "1" + "}" * n,
    "in a field": lambda n: '{"hands": ' + "[" * n + "]" * n + ', "line": []}',
}


@pytest.mark.parametrize("endpoint", ["/api/v1/domino/analyze", "/api/v1/backgammon/analyze"])
@pytest.mark.parametrize("shape", sorted(DEEP_BODIES))
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 983, 2000, 10_000])  # 10,000 levels: under 64 KiB
def test_a_body_nested_too_deep_is_a_400_naming_the_body(client, endpoint, shape, depth):
    """F4: the JSON reader raises RecursionError (not a ValueError) from about 983 levels: a 500.
    Every analyze endpoint reads its body through tutor.web.api.read_json: a localized 400."""
    body = DEEP_BODIES[shape](depth)
    english = client.post(endpoint, data=body, content_type="application/json")
    assert english.status_code == 400
    assert english.get_json() == {"error": f"The request body is nested too deeply: at most {MAX_DEPTH} levels "
                                           f"of brackets.", "where": ""}
    assert_headers(english)
    for lang in ("vi", "id"):
        translated = client.post(f"{endpoint}?lang={lang}", data=body, content_type="application/json")
        assert translated.status_code == 400
        assert translated.get_json()["error"] != english.get_json()["error"]
        assert str(MAX_DEPTH) in translated.get_json()["error"]


def test_mexican_train_bodies_are_read_the_same_way(client):
    body = '{"rules": "mexican-train", "deal": ' + "[" * 40 + "]" * 40 + "}"
    response = client.post("/api/v1/domino/analyze", data=body, content_type="application/json")
    assert response.status_code == 400 and response.get_json()["where"] == ""


@pytest.mark.parametrize("endpoint,body", [
    ("/api/v1/domino/analyze", {"hands": [["6-6", "5-4"], ["3-3"]], "line": [], "to_move": 0}),
    ("/api/v1/backgammon/analyze", {"white": {"24": 2, "13": 5, "8": 3, "6": 5}, "black": {"1": 2, "12": 5, "17": 3,
                                                                                      "19": 5}, "to_move": "white", "dice": [5, 2]}),
])
def test_a_body_as_deep_as_allowed_is_read_as_before(client, endpoint, body):
    """The limit is far above what a position needs: ordinary bodies answer as they did."""
    response = client.post(endpoint, json=body)
    assert response.status_code == 200, response.get_json()
