"""Numbers as each language writes them (issue #31): no Vietnamese or Indonesian page shows a number
with a decimal point. Vietnamese and Indonesian write a decimal comma, 10,7 (CLDR, through Babel:
``tutor.web.numbers``), where Python's ``str()`` writes 10.7.

The pages read: every lesson step of both courses, both galleries of diagrams with their captions, the
page comparing the rule sets, every guided domino hand walked to its end with the hint's three rungs,
the explanation and the strategy facts at each of the learner's turns (All Fives' standings, "4,2
points ahead", are among them), and every guided backgammon position with each rung of its hint (the
videau's pip-lead share). Text is what a learner reads or hears: the text nodes and the ``aria-label``,
``alt`` and ``title`` attributes, not the pictures' coordinates.
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest
from flask_babel import force_locale

from tutor import create_app
from tutor.course import load_course
from tutor.games.backgammon import START, WHITE, Position
from tutor.games.backgammon.course import load_course as load_backgammon_course
from tutor.games.backgammon.guided import load_guided
from tutor.games.backgammon.hints import cube_ladder
from tutor.games.domino import guided
from tutor.web.backgammon.voice import hint_sentence

#: A number written with a decimal point: 10.7, 3.25 (not 1.000, the Vietnamese and Indonesian thousands).
DECIMAL_POINT = re.compile(r"(?<![\d.])\d+\.\d{1,2}(?![\d])")
LANGS = ("vi", "id")
MOVE_SEPARATOR = "."


class _Said(HTMLParser):
    """What a page says: its text and the attributes read aloud, without scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._hidden += 1
        self.parts += [value for name, value in attrs if name in ("aria-label", "alt", "title") and value]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def said(html: str) -> str:
    parser = _Said()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


def _get(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return said(response.get_data(as_text=True))


def _guided_hand_urls(lang: str) -> list[str]:
    """Every state of every guided domino hand along one line (the first legal move each turn),
    with the three rungs of the hint, the explanation and the strategy facts."""
    urls = []
    for hand in guided.all_hands().values():
        moves: list[str] = []
        game = guided.replay(hand.deal, moves, hand.opponents())
        while True:
            urls.append(f"/{lang}/domino/hands/{hand.id}?moves={MOVE_SEPARATOR.join(moves)}&hint=3&explain=1&strategy=1")
            if game.position.is_over():
                break
            moves.append(str(game.position.legal_actions()[0]))
            game = guided.replay(hand.deal, moves, hand.opponents())
    return urls


def page_urls(lang: str) -> list[str]:
    urls = [f"/{lang}/domino/diagrams/", f"/{lang}/backgammon/diagrams/", f"/{lang}/domino/other-ways",
            f"/{lang}/domino/hands/mexican-open-double?hint=3&explain=1&strategy=1"]
    urls += [f"/{lang}/domino/lessons/{section.id}/{step.id}" for section in load_course() for step in section.steps]
    urls += [f"/{lang}/backgammon/lessons/{section.id}/{step.id}"
             for section in load_backgammon_course() for step in section.steps]
    urls += [f"/{lang}/backgammon/guided/{position}?hint={rung}" for position in load_guided() for rung in (1, 2, 3)]
    return urls + _guided_hand_urls(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_writes_a_decimal_point(client, lang):
    found = {}
    for url in page_urls(lang):
        numbers = DECIMAL_POINT.findall(_get(client, url))
        if numbers:
            found[url] = numbers
    assert not found, found


def test_the_pages_read_do_show_decimals_the_locales_way(client):
    """The pages above are not free of decimal points for want of decimals: the videau's share (the
    computer's 6-pip lead on 56 pips, BACKGAMMON.md: 10.7 per cent) and All Fives' standings show with
    a comma in Vietnamese and Indonesian, and with a point in English, where the same scan would fail."""
    share = f"{100 * 6 / 56:.1f}"  # 10.7
    assert f"{share.replace('.', ',')}%" in _get(client, "/vi/backgammon/guided/videau?hint=3")
    assert f"{share.replace('.', ',')}%" in _get(client, "/id/backgammon/guided/videau?hint=3")
    assert f"{share}%" in _get(client, "/en/backgammon/guided/videau?hint=3")
    standings = [re.findall(r"\d+,\d", _get(client, url)) for url in _guided_hand_urls("vi") if "all-fives" in url]
    assert any(standings), "no All Fives standing with a decimal in the walk"
    english = [_get(client, url) for url in _guided_hand_urls("en") if "all-fives" in url]
    assert any(DECIMAL_POINT.search(text) for text in english)


def _leading_positions(count: int, seed: int = 5) -> list[Position]:
    """Positions before the learner's roll where the learner leads the race by a share that is not
    a whole number: checkers moved forward at random from the start."""
    rng = random.Random(seed)
    free = [point for point in range(2, 17) if point != 12]  # the points the computer's start leaves free
    found = []
    while len(found) < count:
        white = {}
        for _ in range(15):
            point = rng.choice(free)
            white[point] = white.get(point, 0) + 1
        text = "W " + " ".join(f"{p}x{n}" for p, n in sorted(white.items())) + " | B 19x5 17x3 12x5 1x2"
        position = Position.parse(text)
        lead = position.pips(WHITE.other) - position.pips(WHITE)
        if lead > 0 and (100 * lead) % position.pips(WHITE):
            found.append(position)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_videau_hints_write_the_share_with_a_comma(lang):
    """The hint before the roll gives the learner's pip lead as a share of their count: written the
    language's way, 10,7%, and computed here from the pip counts alone."""
    app = create_app()
    positions = _leading_positions(25)
    assert START.pips(WHITE) == 167
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        for position in positions:
            own, other = position.pips(WHITE), position.pips(WHITE.other)
            expected = f"{round(100 * (other - own) / own, 1):.1f}".rstrip("0").rstrip(".").replace(".", ",")
            sentence = hint_sentence(cube_ladder(position, answering=False).checker)
            assert f"{expected}%" in sentence, (position.to_text(), sentence)
            assert not DECIMAL_POINT.search(sentence), sentence
