"""Every route answers bad input with a 4xx and a clear message in the page's language, never a 500.

Hypothesis builds requests over ALL routes of ``app.url_map``: path arguments (valid ones, garbage,
odd unicode, very long), extra path segments, query strings with the parameters the pages read
(moves, m, seats, seed, try, hint, explain, strategy, lang, msgids, ...), methods, form bodies and
JSON bodies, and an Accept-Language header. A 4xx HTML page must be in the expected language (its
``<html lang>``) and carry a message (``role="alert"`` or ``role="status"``) that is not the
English one when the page is not in English; a 4xx JSON answer (``/api/``) has an ``error`` in
the language asked for. A message may still be English where its msgid is new and the catalog has
no translation yet: that is collected and reported once, as a warning.

The query's argument NAMES are generated too (issue #35): the names the pages read, the names of
the routes' path arguments, url_for's own (``_method``, ``_external``, ``_scheme``, ``_anchor``) and
any text. Every response, whatever its status, carries the security headers.
"""

from __future__ import annotations

import functools
import re
import warnings
from html import unescape
from urllib.parse import quote, unquote_to_bytes, urlencode

import pytest
from babel.messages.pofile import read_po
from conftest import ROOT
from hypothesis import HealthCheck, event, example, given, settings, strategies as st

from site_pages import LANGS
from tutor.course import load_course
from tutor.games.domino.diagrams import load_diagrams
from tutor.freeplay import new_game_id
from tutor.games.domino.guided import load_hands
from tutor.web.i18n import LANGUAGES
from tutor.web.security import HEADERS

# ---- what a request is made of ------------------------------------------------------------------
SECTIONS = [s.id for s in load_course()]
STEPS = [s.steps[0].id for s in load_course()] + [s.steps[-1].id for s in load_course()]
DIAGRAMS = list(load_diagrams())
HANDS = list(load_hands())
TILE_TOKENS = ["6-6", "6-5", "5-5", "6-1L", "6-1R", "1-6L", "5-4R", "draw", "pass", "0-0", "9-9", "6-6X",
               "7-1", "-", "", "L", "R", "6--6", "6-6-6", "６-６", "٣-٣", "6-6 ", "draw.draw"]
ODD = ["", " ", "%", "%%", "%zz", "%00", "\x00", "\x7f", "\u200b", "\ufeff", "\u202e", "é", "Việt", "🀱", "💥",
       "²", "٣", "０", "-1", "1e9", "0x10", "NaN", "None", "null", "true", "[]", "{}", "..", "../..", "//",
       "\\", "<script>alert(1)</script>", "\"'><img src=x onerror=alert(1)>", "{{7*7}}", "%(x)s", "${x}",
       "\r\nSet-Cookie: x=1", "a" * 5000, "9" * 4000, "6-6." * 200, "~" * 50]
PARAMS = ["moves", "m", "seats", "seed", "try", "hint", "explain", "strategy", "lang", "msgids", "answer",
          "section", "step", "page", "notes", "blank", "print", "x", "",
          # class mode's forms and addresses (tutor/web/classroom.py)
          "lesson", "slide", "shown", "go", "js", "nickname", "question", "code", "class", "join"]
#: Every other name a page reads (domino and Mexican Train free play, backgammon, the presenter),
#: the routes' path arguments, and url_for's special arguments: a query argument of any name must
#: not change what a page builds its links from (the language menu, issue #35).
READ_NAMES = ["g", "s", "f", "at", "do", "rules", "short", "videau", "series", "present", "answered", "winner",
              "points", "copy", "deal", "replay", "grade", "better", "opponent", "level", "played"]
PATH_NAMES = ["lang_code", "section_id", "step_id", "hand_id", "position_id", "diagram_id", "filename", "part", "rest"]
URL_FOR_NAMES = ["_method", "_external", "_scheme", "_anchor", "_external_host"]
names = st.one_of(st.sampled_from(PARAMS + READ_NAMES), st.sampled_from(PATH_NAMES + URL_FOR_NAMES),
                  st.sampled_from(URL_FOR_NAMES).map(str.upper), st.text(max_size=8))


def arguments_for(name: str) -> st.SearchStrategy[str]:
    valid = {
        "lang_code": list(LANGUAGES),
        "section_id": SECTIONS, "section": SECTIONS,
        "step_id": STEPS, "step": STEPS,
        "diagram_id": DIAGRAMS,
        "hand_id": HANDS,
        "filename": ["tutor.css", "tutor.js", "../pyproject.toml", "nope.css"],
    }.get(name, ["1", "0"])
    garbage = st.one_of(st.sampled_from(ODD), st.text(max_size=30))
    # mostly valid, so that requests get past routing into the views' own checks
    valid_share = 9 if name == "lang_code" else 6  # out of 10
    return st.integers(0, 9).flatmap(lambda n: st.sampled_from(valid) if n < valid_share else garbage)


move_strings = st.lists(st.sampled_from(TILE_TOKENS), max_size=40).map(".".join)
values = st.one_of(
    move_strings,
    st.lists(move_strings, max_size=5).map("~".join),
    st.integers(-10, 10**12).map(str),
    st.sampled_from(["0", "1", "2", "3", "13", "nobody", "yes", "6-6", "6-1L", "GET", "POST", "DELETE", "https", "b"]),
    st.sampled_from(ODD),
    st.text(max_size=50),
)
query = st.lists(st.tuples(names, values), max_size=6)
methods = st.sampled_from(["GET", "GET", "GET", "POST", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"])
accept = st.sampled_from(["", "vi", "id", "en", "vi-VN,vi;q=0.9", "id-ID", "fr", "*", "xx;q=abc", "🀱"])
json_bodies = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=10), st.sampled_from(TILE_TOKENS)),
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.sampled_from(["hands", "line", "to_move", "passes", "x"]), inner, max_size=5)),
    max_leaves=20,
)


ARGUMENT = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")


def fill(rule, value_for) -> str:
    """The rule's path with each ``<argument>`` replaced by ``value_for(name)`` (already quoted)."""
    return ARGUMENT.sub(lambda found: value_for(found.group(1)), rule.rule)


@st.composite
def requests(draw, rules):
    rule = draw(st.sampled_from(rules))
    path = fill(rule, lambda name: quote(draw(arguments_for(name)), safe="/" if name == "filename" else ""))
    if draw(st.integers(0, 9)) == 0:
        path += draw(st.sampled_from(["extra", "/extra", "/", "//", "%2F..%2F", "/%ff", "/%c3%28"]))
    method = draw(methods)
    if method not in (rule.methods or ()) and draw(st.booleans()):
        method = draw(st.sampled_from(sorted(rule.methods or {"GET"})))
    params = draw(query)
    body: dict = {}
    kind = draw(st.sampled_from(["none", "form", "json", "raw"])) if method in ("POST", "PUT", "PATCH") else "none"
    if kind == "form":
        body["data"] = dict(draw(st.lists(st.tuples(st.sampled_from(PARAMS), values), max_size=4)))
    elif kind == "json":
        body["json"] = draw(json_bodies)
    elif kind == "raw":
        body["data"] = draw(st.binary(max_size=200))
        body["content_type"] = draw(st.sampled_from(["application/json", "text/plain", "multipart/form-data",
                                                     "application/x-www-form-urlencoded"]))
    return method, path, params, body, draw(accept)


# ---- what a response must be --------------------------------------------------------------------
MESSAGE = re.compile(r'<(?:p|div)[^>]*role="(?:alert|status)"[^>]*>(.*?)</(?:p|div)>', re.S)


def page_language(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', html)
    assert found, "an HTML answer is a whole page with a language"
    return found.group(1)


def message_of(html: str) -> str:
    texts = [unescape(re.sub(r"<[^>]+>", " ", m)).strip() for m in MESSAGE.findall(html)]
    texts = [" ".join(t.split()) for t in texts if t.strip()]
    assert texts, "a 4xx page says what is wrong"
    return texts[0]


def expected_language(path: str, params, accept_language: str, app) -> str:
    """The address's language prefix, else ``?lang=``, else Accept-Language, else English."""
    first = path.lstrip("/").split("/", 1)[0]
    if first in LANGUAGES:
        return first
    with app.test_request_context("/", query_string=urlencode(params), headers={"Accept-Language": accept_language}):
        from tutor.web.i18n import best_language

        return best_language()


def send(client, method, path, params, body, accept_language):
    query = urlencode(params)
    url = path + ("?" + query if params else "")
    headers = {"Accept-Language": accept_language}
    if path.startswith("//"):
        # the test client would read "//x" as a host; a server reads it as a path: hand it over as one
        overrides = {"PATH_INFO": unquote_to_bytes(path).decode("latin-1"), "RAW_URI": url, "REQUEST_URI": url}
        return client.open("/", method=method, headers=headers, query_string=query,
                           environ_overrides=overrides, **body)
    return client.open(url, method=method, headers=headers, **body)


COUNTS = {"requests": 0, "5xx": 0}  # what the fuzz sent, for the report (pytest -s shows it)


def check(client, app, method, path, params, body, accept_language):
    COUNTS["requests"] += 1
    response = send(client, method, path, params, body, accept_language)
    where = f"{method} {path} {params!r} {body!r} [{accept_language}]"
    COUNTS["5xx"] += response.status_code >= 500
    assert response.status_code < 500, f"{response.status_code} for {where}"
    check_headers(response, where)
    if response.mimetype == "text/html" and response.status_code != 304:
        check_language_links(response.get_data(as_text=True), where)
    if response.status_code < 400 or method == "HEAD":
        return response.status_code
    if response.is_json:
        data = response.get_json()
        assert isinstance(data, dict) and data.get("error"), where
        lang = expected_language(path, params, accept_language, app)
        if lang != "en":
            english_params = [(k, "en" if k == "lang" and v in LANGUAGES else v) for k, v in params]
            english = send(client, method, path, english_params, body, "en")
            assert english.status_code == response.status_code, where
            compare(data["error"], english.get_json()["error"], lang, params, where)
        return response.status_code
    assert response.mimetype == "text/html", where
    html = response.get_data(as_text=True)
    lang = page_language(html)
    message = message_of(html)
    assert lang == expected_language(path, params, accept_language, app), where
    if lang != "en":
        # the same request in English says something else: the message really is translated
        english_path = re.sub(r"^/(vi|id)(?=/|$)", "/en", path)
        english_params = [(k, "en" if k == "lang" and v in LANGUAGES else v) for k, v in params]
        english = send(client, method, english_path, english_params, body, "en")
        assert english.status_code == response.status_code, where
        compare(message, message_of(english.get_data(as_text=True)), lang, params, where)
    return response.status_code


def check_headers(response, where: str) -> None:
    """The security headers on every answer, an error's too; a standalone SVG keeps its own,
    stricter policy."""
    for name, value in HEADERS.items():
        assert name in response.headers, f"no {name} on {response.status_code} for {where}"
        if name != "Content-Security-Policy" or response.mimetype != "image/svg+xml":
            assert response.headers[name] == value, f"{name} for {where}"
    assert "Set-Cookie" not in response.headers, where


LANGUAGE_LINK = re.compile(r'<a href="([^"]*)"\s+hreflang="')


def check_language_links(html: str, where: str) -> None:
    """The language menu's links stay on this site (never absolute, whatever the Host header and the
    query say) and carry no url_for argument."""
    for href in LANGUAGE_LINK.findall(html):
        link = unescape(href)
        assert link.startswith("/") and not link.startswith("//"), f"language link {link!r} for {where}"
        assert not re.search(r"[?&]_", link), f"language link {link!r} for {where}"


def compare(message: str, english: str, lang: str, params, where: str) -> None:
    """The message differs from the English one, or its msgid is not translated in the catalog yet
    (the catalog checks report those: the page did ask gettext, the catalog has no answer yet).
    The translators' ``?msgids=1`` view shows msgids on purpose: it is not compared."""
    if any(key == "msgids" and value not in ("", "0") for key, value in params):
        return
    if message == english:
        assert not translated(message, lang), f"untranslated message for {where}: {message}"
        PENDING.setdefault(lang, set()).add(message)


PENDING: dict[str, set[str]] = {}  # language -> English messages not translated yet


@functools.lru_cache(maxsize=None)
def translated_patterns(lang: str) -> list[re.Pattern]:
    """A regex for each msgid that the language's catalog translates (placeholders match anything)."""
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        po = read_po(handle)
    patterns = []
    for message in po:
        if not message.id or message.fuzzy:
            continue
        for msgid, msgstr in zip(message.id if message.pluralizable else [message.id],
                                 message.string if message.pluralizable else [message.string]):
            if msgstr and msgstr != msgid:
                pieces = re.split(r"%\(\w+\)[sd]|%[sd]", msgid)
                patterns.append(re.compile(".+".join(re.escape(p) for p in pieces), re.S))
    return patterns


def translated(message: str, lang: str) -> bool:
    """Whether the English ``message`` as shown comes from a msgid the catalog translates."""
    return any(p.fullmatch(message) for p in translated_patterns(lang))


@pytest.fixture(scope="module", autouse=True)
def report_pending():
    yield
    print(f"\nfuzz: {COUNTS['requests']} requests, {COUNTS['5xx']} answered 5xx")
    for lang, messages in sorted(PENDING.items()):
        warnings.warn(f"{len(messages)} 4xx messages shown in English on /{lang}/ pages: their msgids are not "
                      f"translated in the catalog yet (make update-catalogs, then translate): {sorted(messages)[:5]}")


# ---- the tests ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def rules(app):
    return list(app.url_map.iter_rules())


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(data=st.data())
def test_no_request_makes_a_500(app, client, rules, data):
    method, path, params, body, accept_language = data.draw(requests(rules))
    status = check(client, app, method, path, params, body, accept_language)
    # what the examples reached (pytest --hypothesis-show-statistics)
    event(f"{status} {method} {re.sub(r'^/(vi|id|en)(?=/|$)', '/<lang>', path)[:40]}")


GAME_PATHS = ["/{lang}/domino/hands/" + HANDS[0], "/{lang}/domino/play"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lang=st.sampled_from(LANGS), which=st.sampled_from(GAME_PATHS), moves=move_strings,
       rounds=st.lists(move_strings, max_size=4), seats=st.sampled_from(["2", "3", "4", "1", "5", "x", "²"]),
       seed=st.one_of(st.integers(0, 255).map(lambda n: new_game_id(3, nonce=bytes([n]) * 12)), st.sampled_from(ODD)),
       extra=st.lists(st.tuples(st.sampled_from(["try", "hint", "explain", "strategy", "msgids"]), values), max_size=3))
@example(lang="vi", which="/{lang}/domino/play", moves="", rounds=[], seats="2", seed="²", extra=[])
@example(lang="id", which=GAME_PATHS[0], moves="", rounds=[], seats="2", seed="1", extra=[("hint", "²")])
def test_game_urls_never_make_a_500(app, client, lang, which, moves, rounds, seats, seed, extra):
    """Guided-hand and free-play URLs: nearly-valid moves are the likeliest to reach deep code."""
    path = which.format(lang=lang)
    if which.endswith("/play"):
        params = [("seats", seats), ("g", seed), ("m", "~".join(rounds + [moves]))]
    else:
        params = [("moves", moves)]
    check(client, app, "GET", path, params + extra, {}, lang)


def rule_id(rule) -> str:
    return f"{sorted((rule.methods or set()) - {'HEAD', 'OPTIONS'})}{rule.rule}"


def pytest_generate_tests(metafunc):
    if "each_rule" in metafunc.fixturenames:
        from tutor import create_app

        rules = list(create_app({"TESTING": True}).url_map.iter_rules())
        metafunc.parametrize("each_rule", rules, ids=[rule_id(r) for r in rules])


@pytest.mark.parametrize("lang", LANGS)
def test_each_route_answers_garbage_in_every_language(app, client, each_rule, lang):
    """Every route of the URL map, with each odd value in each argument, in each language."""
    odds = ["%00", "é💥", "a" * 300, "..", "<b>x</b>", "²"]
    if not each_rule.arguments - {"lang_code"}:
        odds = odds[-2:]  # only the query string varies: fewer rounds do (some pages are slow: the handout)
    for odd in odds:
        path = fill(each_rule, lambda name: lang if name == "lang_code" else quote(odd, safe=""))
        for method in sorted((each_rule.methods or set()) | {"PUT"}):
            body = {"data": {"answer": odd}} if method in ("POST", "PUT") else {}
            check(client, app, method, path, [("moves", odd), ("g", odd), ("seed", odd), ("hint", odd)], body, lang)


@pytest.mark.parametrize("path", ["/static/%00extra", "/static/tutor%00.css", "/static/a%00/b.css"])
def test_a_static_name_no_file_can_have_is_a_404(client, path):
    """A NUL byte in a static file's name (the fuzzing above found it once) is no file: a 404, not a 500."""
    assert client.get(path).status_code == 404
