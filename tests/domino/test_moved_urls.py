"""Issue 18, item 2: the domino pages live under /<lang>/domino/, and every address they had before
answers 301 (308 for a form's POST) to the same page there, query string kept.

The old addresses are written here by hand from the routes as they were (not read from the app),
and the expected new one is the old with /domino inserted after the language: a redirect that
pointed anywhere else, dropped the query or lost a step would fail."""

from __future__ import annotations

import re

import pytest

from tutor.course import load_course
from tutor.games.domino.diagrams import load_diagrams
from tutor.games.domino.guided import load_hands

from site_pages import FREE_PLAY_GAME, finished_moves

LANGS = ["vi", "id", "en"]
SECTIONS = load_course()


def moved(path: str) -> str:
    """Where an old domino address now lives: /domino after the language, the rest unchanged."""
    lang, rest = re.fullmatch(r"/([^/]+)(/.*)", path).groups()
    return f"/{lang}/domino{rest}"


def old_addresses(lang: str) -> list[str]:
    """Every kind of domino page at its old address: each lesson step and section, each diagram,
    each guided hand (fresh, part-played, finished, helped), free play, the presenter's slides,
    questions and notes, the handouts."""
    paths = []
    for section in SECTIONS:
        paths.append(f"/{lang}/lessons/{section.id}/")
        paths += [f"/{lang}/lessons/{section.id}/{step.id}" for step in section.steps]
        paths.append(f"/{lang}/present/{section.id}/")
        for step in section.steps:
            paths.append(f"/{lang}/present/{section.id}/{step.id}")
            if step.question:
                paths.append(f"/{lang}/present/{section.id}/{step.id}/question")
        paths.append(f"/{lang}/present/{section.id}/notes?slide=2")
        paths.append(f"/{lang}/handout/{section.id}/?copy=student")
    paths.append(f"/{lang}/diagrams/")
    paths += [f"/{lang}/diagrams/{diagram_id}.svg" for diagram_id in load_diagrams()]
    paths.append(f"/{lang}/hands/")
    for hand in load_hands().values():
        moves = finished_moves(hand)
        paths += [f"/{lang}/hands/{hand.id}", f"/{lang}/hands/{hand.id}?moves={moves[0]}&hint=2",
                  f"/{lang}/hands/{hand.id}?moves={'.'.join(moves)}"]
    paths += [f"/{lang}/play?seats=3", f"/{lang}/play?g={FREE_PLAY_GAME}&hint=1", f"/{lang}/play?g={FREE_PLAY_GAME}&present=1"]
    paths += [f"/{lang}/handout/", f"/{lang}/handout/?copy=teacher"]
    return paths


@pytest.mark.parametrize("lang", LANGS)
def test_every_old_domino_address_answers_301_to_its_new_place(client, lang):
    paths = old_addresses(lang)
    assert len(paths) > 140
    for path in paths:
        old = client.get(path)
        assert old.status_code == 301, path
        assert old.headers["Location"] == moved(path), path
        if lang != "vi":
            continue  # the new places are the same in every language: each is opened once, in Vietnamese
        new = client.get(moved(path))
        # the new place is the page itself; only a section (to its first step) and a new free game
        # (to its dealt game id) send the visitor on, as they did before
        sends_on = path.endswith(tuple(f"/lessons/{s.id}/" for s in SECTIONS)) or "seats=" in path
        assert new.status_code == (302 if sends_on else 200), path


@pytest.mark.parametrize("lang", LANGS)
def test_an_answer_sent_to_an_old_step_keeps_its_form(client, lang):
    section = next(s for s in SECTIONS if any(step.question for step in s.steps))
    step = next(step for step in section.steps if step.question)
    path = f"/{lang}/lessons/{section.id}/{step.id}"
    answer = client.post(path, data={"answer": "0", "tries": "0"})
    assert answer.status_code == 308 and answer.headers["Location"] == moved(path)
    # (a browser sends the form again to a 308's Location; Werkzeug's test client does not, so the
    # judged answer is asked of the new place directly)
    judged = client.post(moved(path), data={"answer": "0", "tries": "0"}).get_data(as_text=True)
    assert 'class="feedback' in judged


def test_the_game_neutral_pages_stay_where_they_were(client):
    for path in ("/vi/", "/vi/present/", "/vi/backgammon/", "/vi/backgammon/lessons/summary/"):
        assert client.get(path).status_code in (200, 302), path
        assert "/domino" not in client.get(path).headers.get("Location", "")


@pytest.mark.parametrize("path", [
    "/vi/present/turn%2F..%2F..%2Fx",  # a decoded %2F.. would climb out of /domino/
    "/vi/lessons/..%2F..%2Fadmin",
    "/xx/lessons/turn/choose-an-end",  # no such language
    "/vi/lessonsx/turn",
])
def test_a_tampered_old_address_is_a_localized_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "Location" not in response.headers


def test_the_home_page_shows_the_games(client):
    page = client.get("/vi/").get_data(as_text=True)
    cards = re.findall(r'<section class="game-card"[^>]*>(.*?)</section>', page, re.S)
    assert len(cards) == 2
    assert 'href="/vi/domino/"' in cards[0] and f'href="/vi/domino/lessons/{SECTIONS[0].id}/{SECTIONS[0].steps[0].id}"' in cards[0]
    assert 'href="/vi/backgammon/"' in cards[1] and 'href="/vi/backgammon/play/"' in cards[1]
    # the domino course's own page is the list of its sections
    course = client.get("/vi/domino/").get_data(as_text=True)
    assert re.findall(r'<li data-section="([a-z-]+)"', course) == [s.id for s in SECTIONS]
