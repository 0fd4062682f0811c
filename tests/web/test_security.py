"""Hardening: security headers on every response, no CSP violation in the browser, size limits
with localized refusals, no state held by a process (two processes serve one game alike; class
mode's state is in its store, shared by the processes: tests/web/test_class_workers.py)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from html import unescape

import pytest
from flask_babel import force_locale, gettext

from conftest import ROOT
from site_pages import LANGS, collected_pages, first_hand, question_step
from tutor.freeplay import new_game_id
from tutor.web.security import CONTENT_SECURITY_POLICY, MAX_URL_LENGTH

EXPECTED_CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


PAGES = collected_pages()


def alert_text(html: str) -> str:
    found = re.search(r'role="alert"[^>]*>(.*?)</', html, re.S)
    assert found, "the refusal says why"
    return unescape(found.group(1)).strip()


# ---- headers -----------------------------------------------------------------------------------
def kinds_of_response():
    section, step = question_step()
    return [
        ("GET", "/en/", {}, 200),
        ("GET", "/", {}, 302),
        ("GET", "/static/tutor.css", {}, 200),
        ("GET", "/static/tutor.js", {}, 200),
        ("GET", "/vi/no-such-page", {}, 404),
        ("GET", "/id/domino/hands/forced-opening?moves=9-9", {}, 400),
        ("DELETE", "/en/", {}, 405),
        ("POST", f"/en/domino/lessons/{section.id}/{step.id}", {"data": {"answer": "x" * (70 * 1024)}}, 413),
        ("GET", "/en/domino/play?g=" + new_game_id(2, nonce=bytes(12)) + "&m=" + "a" * MAX_URL_LENGTH, {}, 414),
        ("POST", "/api/v1/domino/analyze", {"json": {"hands": [["6-6"], ["5-5"]], "line": []}}, 200),
        ("POST", "/api/v1/domino/analyze", {"data": b"{"}, 400),
        ("GET", "/en/domino/diagrams/D1.svg", {}, 200),
        ("GET", "/vi/class/", {}, 200),  # class mode: type a class's code
        ("POST", "/id/class/", {"data": {"lesson": "nowhere"}}, 400),
        ("GET", "/en/class/0", {}, 404),  # no class has that code (and a malformed code is no guess: not counted)
    ]


@pytest.mark.parametrize("method,url,body,status", kinds_of_response(),
                         ids=[f"{m}-{s}-{u[:30]}" for m, u, _, s in kinds_of_response()])
def test_security_headers_on_every_kind_of_response(client, method, url, body, status):
    response = client.open(url, method=method, **body)
    assert response.status_code == status
    headers = response.headers
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] in ("same-origin", "no-referrer", "strict-origin-when-cross-origin")
    assert headers["X-Frame-Options"] == "DENY"
    if url.endswith(".svg"):
        # a standalone picture keeps its own, stricter policy: it may load and run nothing
        assert headers["Content-Security-Policy"].startswith("default-src 'none'")
    else:
        assert headers["Content-Security-Policy"] == EXPECTED_CSP
    # the app keeps no session: only class mode's start and join set a cookie, scoped to the class's
    # address (tests/web/test_classroom.py, test_cookies_are_the_class_modes_only)
    assert "Set-Cookie" not in headers, "nothing to steal or forge"


def test_the_policy_is_the_documented_one():
    assert CONTENT_SECURITY_POLICY == EXPECTED_CSP
    directives = dict(d.split(" ", 1) for d in EXPECTED_CSP.split("; "))
    assert directives["script-src"] == "'self'", "no inline script, no eval"


@pytest.mark.parametrize("lang,name,url", PAGES, ids=[f"{lang}-{name}" for lang, name, _ in PAGES])
def test_pages_have_no_inline_script_and_no_cookie(client, lang, name, url):
    response = client.get(url)
    assert response.status_code < 500
    html = response.get_data(as_text=True)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "every script is a file under /static/"
    assert not re.search(r"<[a-zA-Z][^>]*\son[a-z]+\s*=", html), "no inline event handler attributes"
    assert not re.search(r"href\s*=\s*[\"']?\s*javascript:", html, re.I)
    assert "Set-Cookie" not in response.headers


# ---- the browser -------------------------------------------------------------------------------
LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", e =>
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + (e.sourceFile || "") + ":" + e.lineNumber));
"""


@pytest.fixture(scope="module")
def watched(browser):
    """One tab that records CSP violations: the page's own event, and Chromium's console errors."""
    context = browser.new_context()
    context.add_init_script(LISTEN)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    yield page, console
    context.close()


def violations(page, console) -> list[str]:
    reported = page.evaluate("window.__csp || []")
    logged = [text for text in console if "Content Security Policy" in text or "Content-Security-Policy" in text]
    return reported + logged


@pytest.mark.parametrize("lang,name,url", PAGES, ids=[f"{lang}-{name}" for lang, name, _ in PAGES])
def test_no_csp_violation_in_the_browser(live_server, watched, lang, name, url):
    page, console = watched
    console.clear()
    response = page.goto(live_server + url)
    assert response.headers["content-security-policy"] == EXPECTED_CSP
    page.wait_for_load_state("load")
    # the page's script ran (it is allowed: a file from 'self')
    assert page.evaluate("document.scripts.length") >= 1
    assert violations(page, console) == []


def test_no_csp_violation_while_playing_and_answering(live_server, watched):
    """The scripts at work: clicking a tile in the picture, answering a question, resetting progress."""
    page, console = watched
    console.clear()
    page.goto(f"{live_server}/en/domino/hands/{first_hand().id}")
    tile = page.locator(".moves button.tile-button.playable").first.get_attribute("data-tile")
    a, b = tile.split("-")
    with page.expect_navigation():
        page.locator(f'.table-picture g.tile[data-seat="0"][data-tile="{a}-{b}"], '
                     f'.table-picture g.tile[data-seat="0"][data-tile="{b}-{a}"]').first.click()
    assert "moves=" in page.url
    assert violations(page, console) == []
    section, step = question_step()
    page.goto(f"{live_server}/en/domino/lessons/{section.id}/{step.id}")
    with page.expect_navigation():
        page.locator(".choices button").first.click()
    page.goto(f"{live_server}/en/")
    reset = page.locator("button.reset:visible")
    if reset.count():
        reset.first.click()
    assert violations(page, console) == []


# ---- size limits -------------------------------------------------------------------------------
def localized(app, lang: str, msgid: str) -> str:
    with app.test_request_context(), force_locale(lang):
        return gettext(msgid)


TOO_LONG = "This address is too long. Go back to the start and follow the links from there."


@pytest.mark.parametrize("lang", LANGS)
def test_a_url_over_4_kib_is_a_414_in_the_page_language(app, client, lang):
    base = f"/{lang}/domino/hands/{first_hand().id}?moves="
    moves = ".".join(["6-6"] * 2000)
    longest = base + moves[: MAX_URL_LENGTH - len(base)]
    assert client.get(longest).status_code != 414  # 4096 characters are read (and refused as a bad game)
    response = client.get(longest + "5")
    assert response.status_code == 414
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert alert_text(html) == localized(app, lang, TOO_LONG)


def test_a_long_url_under_an_unknown_language_is_refused_too(client):
    response = client.get("/api/v1/domino/analyze?x=" + "a" * 5000, headers={"Accept-Language": "vi"})
    assert response.status_code in (405, 414)
    response = client.get("/static/" + "a" * 5000, headers={"Accept-Language": "id"})
    assert response.status_code == 414 and '<html lang="id">' in response.get_data(as_text=True)


@pytest.mark.parametrize("lang", LANGS)
def test_a_body_over_64_kib_is_a_413_in_the_page_language(app, client, lang):
    section, step = question_step()
    response = client.post(f"/{lang}/domino/lessons/{section.id}/{step.id}", data={"answer": "1", "x": "y" * 65 * 1024})
    assert response.status_code == 413
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert alert_text(html) == localized(app, lang, "The request is too large.")
    api = client.post(f"/api/v1/domino/analyze?lang={lang}", data=b"[" + b"0," * 40000 + b"0]",
                      content_type="application/json")
    assert api.status_code == 413 and api.get_json()["error"] == localized(app, lang, "The request is too large.")


@pytest.mark.parametrize("fields", [{"answer": "1" * 5000}, {f"f{i}": "1" for i in range(200)}],
                         ids=["one-field-over-4-kib", "200-fields"])
def test_form_fields_are_capped(client, fields):
    section, step = question_step()
    response = client.post(f"/vi/domino/lessons/{section.id}/{step.id}", data=fields)
    assert response.status_code == 413
    assert '<html lang="vi">' in response.get_data(as_text=True)


def test_an_ordinary_answer_still_works(client):
    section, step = question_step()
    page = client.get(f"/en/domino/lessons/{section.id}/{step.id}").get_data(as_text=True)
    answer = re.search(r'name="answer" value="([^"]+)"', page).group(1)
    response = client.post(f"/en/domino/lessons/{section.id}/{step.id}", data={"answer": answer})
    assert response.status_code == 200 and 'class="feedback' in response.get_data(as_text=True)


# ---- no state in a process ---------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def two_servers(app):
    """Two separate gunicorn processes, as two machines behind a load balancer would run them."""
    servers, urls = [], []
    for _ in range(2):
        port = free_port()
        servers.append(subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--workers", "1", "--bind", f"127.0.0.1:{port}", "--no-control-socket",
             "tutor:create_app()"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            # one key for both, as every machine behind one site shares it (README: free-play deals)
            env={**os.environ, "PYTHONPATH": str(ROOT), "TUTOR_SECRET_KEY": "shared by both servers, at least 32 bytes"}))
        urls.append(f"http://127.0.0.1:{port}")
    try:
        for url in urls:
            for _ in range(100):
                try:
                    urllib.request.urlopen(url + "/en/", timeout=2)
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                pytest.fail(f"gunicorn did not start at {url}")
        yield urls
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=10)


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def test_two_processes_serve_one_game_alike(two_servers):
    """A free-play match, each move's page asked of one process then the other: same pages, and the
    game goes on whichever process answers (the state is in the URL, not in a process)."""
    a, b = two_servers
    path = "/vi/domino/play?g=" + new_game_id(3)
    for move in range(12):
        status_a, page_a = fetch(a + path)
        status_b, page_b = fetch(b + path)
        assert status_a == status_b == 200
        assert page_a == page_b, f"the two processes disagree at {path}"
        found = re.search(r'class="tile-button playable" data-tile="([^"]+)"', page_a)
        choice = found.group(1) if found else "draw" if 'value="draw"' in page_a else "pass" if 'value="pass"' in page_a else None
        if choice is None:
            break
        server = (a, b)[move % 2]
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(server + path + f"&try={choice}", timeout=10) as response:
                # the tile fits both ends: the page asks which one, with a link for each
                page = response.read().decode("utf-8")
                path = unescape(re.search(r'<div class="choose-end">.*?href="([^"]+)"', page, re.S).group(1)).split("#")[0]
        except urllib.error.HTTPError as error:
            assert error.code in (302, 303), error.code
            path = error.headers["Location"].replace(server, "").split("#")[0]  # back at the table: #table
    assert "m=" in path and path.count(".") >= 2, path


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
