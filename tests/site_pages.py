"""Every kind of page the app serves, as URLs: shared by the accessibility, security and fuzz tests.

``page_urls(app, lang)`` lists one URL per page type (and per interesting state of a game page).
Pages of routes that this list does not know yet (presenter mode, handouts, ...) are added
automatically from ``app.url_map``: a GET route under ``/<lang_code>/`` whose arguments can be
filled with the sample values below. To cover a new page in a particular state, add it to
``known_pages``; to teach the filler a new kind of argument, add it to ``sample_arguments``.
"""

from __future__ import annotations

import contextlib
import functools
import tempfile
from pathlib import Path
from typing import Iterator

from flask import Flask, url_for

from tutor.games.domino import guided
from tutor.freeplay import new_backgammon_id, new_game_id
from tutor.course import load_course
from tutor.games.domino.diagrams import load_diagrams

#: A fixed three-player free-play game (its deals come from the app's key, tutor.freeplay).
FREE_PLAY_GAME = new_game_id(3, nonce=bytes([7]) * 12)
BACKGAMMON_GAME = new_backgammon_id(True, True, nonce=bytes([7]) * 12)
#: The start with 6-5 to play, as the review's "play this position again" writes it (an XGID).
POSITION_TO_TRY = "XGID=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10"

LANGS = ("en", "vi", "id")

#: A stand-in for ``lessons/hands.toml`` for when that file is missing (a fresh checkout before the
#: guided hands landed): a two-seat hand where the learner holds the highest double.
FALLBACK_HANDS = """
[forced-opening]
title = "The forced opening"
intro = "You hold the highest double, so you must open with it."
goal = "Open the round, then play your hand."
moment = "forced_opening"
seats = 2
opponent = "heuristic"
seed = 1
deal.hands = [["6-6", "6-5", "5-4", "4-3", "3-2", "2-1", "1-0"],
              ["5-5", "4-4", "3-3", "2-2", "1-1", "0-0", "6-4"]]
"""


@contextlib.contextmanager
def guided_hands_available() -> Iterator[None]:
    """Make sure ``load_hands()`` has hands to serve: the real file, else :data:`FALLBACK_HANDS`
    (a no-op now that ``lessons/hands.toml`` exists; kept for the tests that use it)."""
    if guided.HANDS_FILE.exists():
        yield
        return
    wrapped = guided.load_hands.__wrapped__  # load_hands is lru_cached; its default path is bound
    saved = wrapped.__defaults__
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.toml"
        path.write_text(FALLBACK_HANDS, encoding="utf-8")
        wrapped.__defaults__ = (path,)
        guided.load_hands.cache_clear()
        try:
            yield
        finally:
            wrapped.__defaults__ = saved
            guided.load_hands.cache_clear()


def first_hand():
    return next(iter(guided.load_hands().values()))


def finished_moves(hand) -> list[str]:
    """The learner's moves of one complete round of ``hand`` (always the first legal action)."""
    game = guided.replay(hand.deal, [], hand.opponents())
    moves: list[str] = []
    while not game.position.is_over():
        moves.append(str(game.position.legal_actions()[0]))
        game = guided.replay(hand.deal, moves, hand.opponents())
    return moves


def question_step():
    """The first lesson step with a multiple-choice question and a diagram."""
    for section in load_course():
        for step in section.steps:
            if step.question and step.diagram and step.question.kind != "points":
                return section, step
    raise AssertionError("no step with a question")


def points_step():
    for section in load_course():
        for step in section.steps:
            if step.question and step.question.kind == "points":
                return section, step
    raise AssertionError("no step with a points question")


def sample_arguments() -> list[dict[str, str]]:
    """Candidate values for route arguments, by name, most telling first: a step with a question."""
    pairs = sorted(((section, step) for section in load_course() for step in section.steps),
                   key=lambda pair: (pair[1].question is None, pair[1].diagram is None))
    diagram = next(iter(load_diagrams()))
    hand = first_hand().id
    return [{"section_id": section.id, "section": section.id, "step_id": step.id, "step": step.id,
             "diagram_id": diagram, "hand_id": hand, "position_id": "higher-die",
             # a class's join code: none is running here, and "0" cannot be one (a well-formed code
             # that names no class counts against the address's rate limit: tutor.web.classroom)
             "code": "0"} for section, step in pairs]


#: Endpoints that are not pages (files, JSON) or that only redirect (pages.moved: the old domino addresses).
NOT_PAGES = {"static", "domino_api.analyze", "domino_diagrams.svg", "root.index", "domino.section", "backgammon_play.new_game", "domino_moved.moved", "domino_moved.moved_folder",
             "domino_moved.moved_page",
             # class mode's polls (JSON) and the QR code's address (a redirect): tests/web/test_classroom.py
             "classroom.now", "classroom.tally_json", "classroom_root.join_link", "offline.manifest"}


def known_pages(lang: str) -> list[tuple[str, str]]:
    """(name, URL) for each page type and each interesting state of the game pages."""
    section, step = question_step()
    hand = first_hand()
    done = ".".join(finished_moves(hand))
    return [
        ("home", f"/{lang}/"),
        ("domino-course", f"/{lang}/domino/"),
        ("lesson-step", f"/{lang}/domino/lessons/{section.id}/{step.id}"),
        ("lesson-points", "/{lang}/domino/lessons/{0.id}/{1.id}".format(*points_step(), lang=lang)),
        ("gallery", f"/{lang}/domino/diagrams/"),
        ("hands", f"/{lang}/domino/hands/"),
        ("guided-hand", f"/{lang}/domino/hands/{hand.id}"),
        ("guided-hand-helped", f"/{lang}/domino/hands/{hand.id}?hint=3&explain=1&strategy=1"),
        ("guided-hand-over", f"/{lang}/domino/hands/{hand.id}?moves={done}"),
        ("free-play", f"/{lang}/domino/play?g={FREE_PLAY_GAME}"),
        ("bg-practice", f"/{lang}/backgammon/play/"),
        ("bg-guided", f"/{lang}/backgammon/guided/higher-die?f=24&hint=3"),
        ("bg-guided-refused", f"/{lang}/backgammon/guided/higher-die?f=24&at=19"),
        ("bg-guided-over", f"/{lang}/backgammon/guided/higher-die?m=24-18"),
        ("bg-videau", f"/{lang}/backgammon/guided/videau?hint=3"),
        ("bg-free-play", f"/{lang}/backgammon/play/game?g={BACKGAMMON_GAME}"),
        ("bg-review", f"/{lang}/backgammon/play/review?g={BACKGAMMON_GAME}"),
        ("bg-position", f"/{lang}/backgammon/play/position?x={POSITION_TO_TRY}"),
        ("bg-position-graded", f"/{lang}/backgammon/play/position?x={POSITION_TO_TRY}&m=13-7_13-8"),
        ("bg-better-play", f"/{lang}/backgammon/play/position?x={POSITION_TO_TRY}&m=13-7_13-8&better=1"),
        ("not-found", f"/{lang}/domino/lessons/no-such-section/"),
        ("bad-game", f"/{lang}/domino/hands/{hand.id}?moves=9-9"),
    ]


def _endpoints_of(pages: list[tuple[str, str]], app: Flask) -> set[str]:
    adapter = app.url_map.bind("localhost")
    found = set()
    for _name, url in pages:
        path = url.split("?", 1)[0]
        with contextlib.suppress(Exception):
            found.add(adapter.match(path, method="GET")[0])
    return found


def page_rules(app: Flask) -> list:
    """Every GET route that answers with an HTML page under a language prefix."""
    return [
        rule for rule in app.url_map.iter_rules()
        if "GET" in (rule.methods or ()) and rule.endpoint not in NOT_PAGES and "lang_code" in rule.arguments
    ]


def other_pages(app: Flask, lang: str, covered: set[str]) -> list[tuple[str, str]]:
    """Pages of routes the known list does not reach (presenter mode, handouts, ...), from the URL map.

    Each such route's arguments are filled from :func:`sample_arguments`: the first candidate whose
    page answers 200 (a route for questions needs a step that has one), else the first candidate.
    """
    pages = []
    client = app.test_client()
    candidates = sample_arguments()
    for rule in page_rules(app):
        if rule.endpoint in covered:
            continue
        names = rule.arguments - {"lang_code"}
        unknown = names - set(candidates[0])
        if unknown:
            raise AssertionError(f"route {rule.rule}: add sample values for {sorted(unknown)} "
                                 f"to sample_arguments() in {__file__}")
        urls = []
        with app.test_request_context():
            for values in candidates:
                url = url_for(rule.endpoint, lang_code=lang, **{name: values[name] for name in names})
                if url not in urls:
                    urls.append(url)
        chosen = next((url for url in urls[:40] if client.get(url).status_code == 200), urls[0])
        pages.append((rule.endpoint, chosen))
    return pages


def page_urls(app: Flask, lang: str) -> list[tuple[str, str]]:
    """One URL per page type in ``lang``: the known pages, then any page route they do not reach."""
    pages = known_pages(lang)
    return pages + other_pages(app, lang, _endpoints_of(pages, app))


def page_names(app: Flask) -> list[str]:
    return [name for name, _url in page_urls(app, "en")]


@functools.lru_cache(maxsize=1)
def collected_pages() -> tuple[tuple[str, str, str], ...]:
    """(lang, name, URL) for every page type in every language, for test parametrization."""
    from tutor import create_app

    app = create_app({"TESTING": True})
    return tuple((lang, name, url) for lang in LANGS for name, url in page_urls(app, lang))


def localized_play(lang: str, play: str) -> str:
    """A play in the notation as a page writes it in ``lang``: "bar" and "off" in the catalog's
    words (read from the .po file itself: context "backgammon notation"), the rest unchanged."""
    import re

    import polib

    from tutor.paths import TRANSLATIONS

    catalog = polib.pofile(str(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"))
    words = {e.msgid: e.msgstr or e.msgid for e in catalog if e.msgctxt == "backgammon notation"}
    return re.sub(r"\b(bar|off)\b", lambda m: words.get(m[1], m[1]), play)
