"""Issue #11 on the game pages, without a browser: the pages speak to "you" and name the other
players by where they sit (the API keeps seat numbers), lists read as people write them, and a
guided hand that asks for the result judges the learner's answer before showing it."""

from __future__ import annotations

import html
import random
import re

import pytest

from tutor.games.domino.analysis import Note
from tutor.games.domino.guided import hand_by_id, replay

LANGS = ["en", "vi", "id"]


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def play_hand_to_the_end(client, hand_id: str, seed: int = 1) -> tuple[str, list[str]]:
    """Follow a guided hand by its links (a random playable tile each turn) to its end."""
    rng = random.Random(seed)
    moves: list[str] = []
    for _ in range(80):
        url = f"/en/domino/hands/{hand_id}?moves={'.'.join(moves)}"
        page = client.get(url).get_data(as_text=True)
        if 'class="result"' in page:
            return url, moves
        hand = hand_by_id(hand_id)
        game = replay(hand.deal, moves, hand.opponents())
        moves.append(str(rng.choice(game.position.legal_actions())))
    raise AssertionError("the hand never ended")


def independent_result(hand_id: str, moves: list[str]) -> tuple[str, int]:
    """Winner and points worked out here from the tiles left in each hand (the rules of
    RULES.md: play-out scores the others' pips; blocked: lowest pips, then fewer tiles)."""
    hand = hand_by_id(hand_id)
    position = replay(hand.deal, moves, hand.opponents()).position
    hands = [[str(t) for t in position.hand(s)] for s in range(position.seats)]
    pips = [sum(int(h) for t in tiles for h in t.split("-")) for tiles in hands]
    empty = [s for s, tiles in enumerate(hands) if not tiles]
    if empty:
        return str(empty[0]), sum(pips)
    best = min(zip(pips, map(len, hands)))
    leaders = [s for s in range(len(hands)) if (pips[s], len(hands[s])) == best]
    if len(leaders) > 1:
        return "nobody", 0
    return str(leaders[0]), sum(pips) - 2 * pips[leaders[0]]


def test_the_blocked_hand_asks_first_then_judges_then_shows(client):
    url, moves = play_hand_to_the_end(client, "blocked")
    winner, points = independent_result("blocked", moves)
    asking = client.get(url).get_data(as_text=True)
    assert 'class="work-out"' in asking and 'class="headline"' not in asking
    assert "You win the round:" not in text_of(asking) and "wins the round:" not in text_of(asking)
    # text where a number belongs: a clear 400, the form again, nothing shown
    r = client.get(url + f"&answered=1&winner={winner}&points=fifteen")
    assert r.status_code == 400 and 'class="work-out"' in r.get_data(as_text=True)
    assert "Write the points as a number" in r.get_data(as_text=True)
    # a wrong answer: not quite, then the answer
    wrong = client.get(url + f"&answered=1&winner={winner}&points={points + 3}").get_data(as_text=True)
    assert "Not quite" in wrong and 'class="headline"' in wrong and f"+{points} point" in wrong
    # the right one, written as a browser's number field may send it
    right = client.get(url + f"&answered=1&winner={winner}&points=%20{points}.0%20").get_data(as_text=True)
    assert "Right: you worked it out." in right and 'class="work-out"' not in right
    # the end opens with who won: the headline comes first in the result, before the reasons
    result = right[right.index('class="result"'):]
    assert result.index('class="headline"') < result.index("Nobody could play")


@pytest.mark.parametrize("hand_id", ["playing-out", "three-players"])
def test_hands_that_ask_for_the_points_judge_them(client, hand_id):
    url, moves = play_hand_to_the_end(client, hand_id, seed=3)
    _, points = independent_result(hand_id, moves)
    assert 'name="points"' in client.get(url).get_data(as_text=True)
    right = client.get(url + f"&answered=1&points={points}").get_data(as_text=True)
    assert "Right: you worked it out." in right


def test_four_players_are_named_by_where_they_sit_everywhere(client, app):
    r = client.get("/en/domino/play?seats=4")
    page = client.get(r.location).get_data(as_text=True)
    svg = page[page.index("<svg"):page.index("</svg>")]
    for name in ("The opponent on your left", "The opponent across from you", "The opponent on your right"):
        assert f">{name}<" in svg  # the picture's label over that hand
    text = text_of(page)
    assert not re.search(r"\bseat", text, re.I) and "Opponent 1" not in text
    # the move log and the scores use the same names
    assert re.search(r"You 0 · The opponent on your left 0 · The opponent across from you 0 · "
                     r"The opponent on your right 0 · first to 100", text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_api_keeps_seat_numbers_and_the_page_says_you(client, app, lang):
    from tutor.web.domino.voice import Voice
    from tutor.web.domino.wording import render_note

    note = Note("legal_count", {"seat": 0, "count": 2})
    with app.test_request_context(f"/?lang={lang}"):
        api, page = render_note(note), Voice(2).render(note)
    assert "0" in api and "0" not in page and api != page
    body = {"hands": [["5-4", "6-1", "2-2"], ["2-0", "1-1"]], "line": ["5-3", "3-3", "3-6"], "to_move": 0}
    explanation = client.post(f"/api/v1/domino/analyze?lang={lang}", json=body).get_json()["explanation"]
    assert api in explanation


@pytest.mark.parametrize("lang,expected", [("en", "1 or 6"), ("vi", "1 hoặc 6"), ("id", "1 atau 6")])
def test_alternatives_read_as_people_write_them(app, lang, expected):
    from tutor.web.domino.voice import Voice

    with app.test_request_context(f"/?lang={lang}"):
        text = Voice(2).render(Note("known_void", {"seat": 1, "numbers": [1, 6]}))
        one = Voice(2).render(Note("must_pass", {"seat": 0, "left": 6, "right": 6}))
    assert expected in text
    assert "6" in one and not re.search(r"6\D+6", one)  # one number when both ends show it
