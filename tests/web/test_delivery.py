"""Delivery (tutor/web/delivery.py, tutor/web/offline.py): compressed answers, static files under
hashed names, pages kept once per process and answered with validators, the offline page, the
service worker and the web app manifest.

The page cache is off in the other tests (they change the engine under a page); here an app has
it on, and every page it keeps is checked against the same page rendered afresh.
"""

from __future__ import annotations

import gzip
import json
import re

import brotli
import pytest

from conftest import TEST_SECRET_KEY
from site_pages import collected_pages
from tutor import create_app
from tutor.web import delivery
from tutor.web.delivery import PageCache, StaticFiles

PAGES = collected_pages()


@pytest.fixture(scope="module")
def cached_app():
    return create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET_KEY, "PAGE_CACHE": True})


@pytest.fixture()
def cached(cached_app):
    return cached_app.test_client()


# ----- compression ----------------------------------------------------------------------------------
@pytest.mark.parametrize("encoding,decode", [("br", brotli.decompress), ("gzip", gzip.decompress)])
def test_pages_come_compressed_and_unpack_to_the_same_page(client, encoding, decode):
    plain = client.get("/vi/backgammon/lessons/board/start")
    packed = client.get("/vi/backgammon/lessons/board/start", headers={"Accept-Encoding": encoding})
    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert decode(packed.data) == plain.data
    assert len(packed.data) * 3 < len(plain.data)


def test_brotli_is_preferred_and_a_game_page_is_compressed_too(client):
    from site_pages import BACKGAMMON_GAME

    response = client.get(f"/id/backgammon/play/game?g={BACKGAMMON_GAME}", headers={"Accept-Encoding": "gzip, br"})
    assert response.status_code == 200 and response.headers["Content-Encoding"] == "br"
    assert b'<html lang="id">' in brotli.decompress(response.data)


# ----- static files ---------------------------------------------------------------------------------
def test_pages_name_their_files_by_content_and_those_names_are_immutable(client):
    page = client.get("/en/").get_data(as_text=True)
    files = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert files and all(re.search(r"\.[0-9a-f]{10}\.\w+$", f) for f in files), files
    root = client.application.static_folder
    for url in files:
        response = client.get(url)
        assert response.status_code == 200
        assert "immutable" in response.headers["Cache-Control"] and "max-age=31536000" in response.headers["Cache-Control"]
        name = re.sub(r"\.[0-9a-f]{10}(\.\w+)$", r"\1", url.rsplit("/", 1)[1])
        with open(f"{root}/{name}", "rb") as file:
            assert response.data == file.read()


def test_one_stylesheet_on_screen_and_print_css_only_on_pages_made_for_paper(client):
    lesson = client.get("/vi/backgammon/lessons/board/start").get_data(as_text=True)
    assert len(re.findall(r'<link rel="stylesheet"', lesson)) == 1
    assert "print." not in lesson
    handout = client.get("/vi/domino/handout/").get_data(as_text=True)
    assert re.search(r'href="/static/print\.[0-9a-f]{10}\.css" media="print"', handout)


def test_the_plain_name_and_an_old_hash_still_answer_but_are_asked_again(client):
    for url in ("/static/tutor.css", "/static/tutor.0123456789.css"):
        response = client.get(url)
        assert response.status_code == 200 and "no-cache" in response.headers["Cache-Control"]
        assert "immutable" not in response.headers["Cache-Control"]
    assert client.get("/static/nope.0123456789.css").status_code == 404
    assert client.get("/static/../pyproject.toml").status_code == 404


def test_a_changed_file_gets_a_new_name(tmp_path):
    (tmp_path / "a.css").write_text("p{color:red}")
    files = StaticFiles(tmp_path)
    first = files.hashed_name("a.css")
    import os
    import time

    (tmp_path / "a.css").write_text("p{color:blue}")
    os.utime(tmp_path / "a.css", ns=(time.time_ns() + 10**9, time.time_ns() + 10**9))
    second = files.hashed_name("a.css")
    assert first != second and first.startswith("a.") and first.endswith(".css")
    assert files.find(second)[1:] == (b"p{color:blue}", True)
    assert files.find(first)[1:] == (b"p{color:blue}", False)  # the old name: the file now, not kept for long


# ----- pages kept once per process ---------------------------------------------------------------------
def _same_for_everyone(app, url: str) -> bool:
    adapter = app.url_map.bind("localhost")
    endpoint = adapter.match(url.split("?")[0], method="GET")[0]
    view = app.view_functions[endpoint]
    return getattr(view, "__wrapped__", None) is not None and view.__name__ == view.__wrapped__.__name__ and \
        view.__code__ is delivery.same_for_everyone(lambda: None).__code__


@pytest.mark.parametrize("lang,name,url", PAGES, ids=[f"{lang}-{name}" for lang, name, _ in PAGES])
def test_a_kept_page_is_the_page_itself(client, cached, lang, name, url):
    """Kept or not, every page type answers the same bytes; the kept ones carry an ETag, answer a
    304 to it, and tell the service worker they may be kept offline; the others (games) do not."""
    fresh = client.get(url)
    first, again = cached.get(url), cached.get(url)
    assert first.status_code == again.status_code == fresh.status_code
    assert first.data == again.data == fresh.data
    if _same_for_everyone(cached.application, url) and fresh.status_code == 200:
        etag = again.headers["ETag"]
        assert "no-cache" in again.headers["Cache-Control"]
        assert cached.get(url, headers={"If-None-Match": etag}).status_code == 304
        # a guided hand is kept by the server (a class plays the same pages), not offline: it needs the server
        adapter = cached.application.url_map.bind("localhost")
        offline = cached.application.view_functions[adapter.match(url.split("?")[0], method="GET")[0]].kept_offline
        assert (again.headers.get("X-Offline") == "keep") == offline and (first.headers.get("X-Offline") == "keep") == offline
    else:
        assert "X-Offline" not in first.headers


def test_kept_pages_are_rendered_once(cached_app, monkeypatch):
    from tutor.web.backgammon import pages

    client = cached_app.test_client()
    url = "/id/backgammon/lessons/board/numbering"
    client.get(url)
    calls = []
    real = pages.render_template
    monkeypatch.setattr(pages, "render_template", lambda *a, **k: calls.append(a) or real(*a, **k))
    for _ in range(5):
        assert client.get(url).status_code == 200
    assert calls == []
    client.get(url + "?msgids=1")  # another address: rendered
    assert len(calls) == 1


def test_a_reloaded_catalog_drops_the_kept_pages(monkeypatch):
    """Live reload (tutor.web.translators): a page kept before a catalog changed is rendered again."""
    from tutor.web import translators
    from tutor.web.backgammon import pages

    app = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET_KEY, "PAGE_CACHE": True, "CATALOG_RELOAD": True})
    client = app.test_client()
    url = "/vi/backgammon/lessons/board/numbering"
    before = client.get(url).data
    real = pages.render_template
    monkeypatch.setattr(pages, "render_template", lambda *a, **k: real(*a, **k).replace("</main>", "<p>changed</p></main>"))
    assert client.get(url).data == before  # kept: the catalogs did not move
    with app.app_context():
        monkeypatch.setattr(translators.reloader(app), "refresh", lambda: True)
    assert b"<p>changed</p>" in client.get(url).data


def test_the_page_cache_is_bounded_least_recently_used_first():
    cache = PageCache(limit=100)
    for n in range(10):
        cache.put(("page", n), (b"x" * 20, "text/html", {}, str(n)), cache.generation)
    assert len(cache) == 5 and cache.get(("page", 0)) is None and cache.get(("page", 9)) is not None
    cache.get(("page", 5))
    cache.put(("page", 10), (b"x" * 20, "text/html", {}, "10"), cache.generation)
    assert cache.get(("page", 5)) is not None and cache.get(("page", 6)) is None
    cache.put(("big",), (b"x" * 30, "text/html", {}, "b"), cache.generation)  # over a quarter: not kept
    assert cache.get(("big",)) is None
    stale = cache.generation
    cache.forget()
    cache.put(("page", 1), (b"x", "text/html", {}, "1"), stale)  # rendered before forget(): not kept
    assert len(cache) == 0


# ----- offline and the manifest ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["vi", "id", "en"])
def test_the_offline_page_and_the_manifest_speak_the_learners_language(app, client, lang):
    from flask_babel import force_locale, gettext

    with app.test_request_context(), force_locale(lang):
        offline, name, games = (gettext("You are offline"), gettext("Game rules, step by step"),
                                gettext("The games need the server: every move is checked and answered there. "
                                        "Connect to the internet to play."))
    page = client.get(f"/{lang}/offline").get_data(as_text=True)
    assert f'<html lang="{lang}">' in page and f"<h1>{offline}</h1>" in page and games in page
    manifest = client.get(f"/{lang}/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = json.loads(manifest.data)
    assert body["name"] == name and body["start_url"] == f"/{lang}/" and body["display"] == "standalone"
    sizes = {icon["sizes"] for icon in body["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in body["icons"]:
        assert client.get(icon["src"]).status_code == 200
    if lang != "en":
        assert offline != "You are offline"


def test_the_service_worker_is_a_same_origin_script_asked_for_again_each_visit(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert "no-cache" in response.headers["Cache-Control"]
    with open(f"{client.application.static_folder}/sw.js", "rb") as file:
        assert response.data == file.read()
    page = client.get("/vi/").get_data(as_text=True)
    assert 'data-sw="/sw.js"' in page and 'data-offline="/vi/offline"' in page
    assert re.search(r'<link rel="manifest" href="/vi/manifest.webmanifest">', page)
    assert client.get("/favicon.ico").mimetype == "image/png"
