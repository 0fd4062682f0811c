"""Issue #29, item 6: a count of 0 is a multiple of 5 that is worth nothing, never "not a multiple
of 5". The position is built so that the count is 0 by hand: spinner 0-0 with only its left arm
holding tiles (so it counts both halves, 0 + 0) and 1-0 played on that arm's 1 (its open end, 0)."""

from __future__ import annotations

import pytest
from flask_babel import force_locale

from tutor import create_app
from tutor.games.domino.analysis import Note
from tutor.web.domino.voice import count_line
from tutor.web.domino.wording import render_note

BODY = {"rules": "all-fives", "hands": [["1-0", "6-5", "6-4", "5-2", "4-2"], ["6-3", "6-2", "5-1", "4-3", "2-1", "6-1"]],
        "layout": {"spinner": "0-0", "left": ["0-3", "3-1"]}, "to_move": 0, "scores": [0, 0]}


@pytest.fixture(scope="module")
def app():
    from conftest import compile_catalogs

    compile_catalogs()
    return create_app({"TESTING": True})


def count_after_left_play() -> int:
    """The open ends after 1-0 on the left arm, by hand: the spinner's two halves (its right arm is
    still bare, so it counts whole) and the left arm's new end, the 0 of 1-0."""
    spinner_halves, left_end = 0 + 0, 0
    return spinner_halves + left_end


def test_a_play_to_a_count_of_0_is_worded_as_a_multiple_of_5_worth_nothing(app):
    assert count_after_left_play() == 0 and count_after_left_play() % 5 == 0
    answer = app.test_client().post("/api/v1/domino/analyze?lang=en", json=BODY).get_json()
    assert {"tile": "1-0", "end": "left", "points": 0} in answer["legal_moves"]
    sentence = next(s for s in answer["explanation"].split(". ") if "1-0 fits the left arm" in s)
    assert "= 0, a multiple of 5 that is worth nothing" in sentence and "not a multiple" not in sentence
    other = next(s for s in answer["explanation"].split(". ") if "1-0 fits the right arm" in s)
    assert "= 2, not a multiple of 5" in other  # 1 + 1: the spinner counts no more once both its ends hold a tile


@pytest.mark.parametrize("lang, multiple, not_multiple", [
    ("en", "a multiple of 5", "not a multiple of 5"),
    ("vi", "bội số của 5", "không chia hết cho 5"),
    ("id", "kelipatan 5", "bukan kelipatan 5"),
])
def test_every_zero_count_sentence_says_0_is_a_multiple_of_5(app, lang, multiple, not_multiple):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        zero = [render_note(Note("arm_fit_count", dict(tile="1-0", arm="left", number=1, sum="0 + 0 + 0", count=0, points=0))),
                render_note(Note("reason_scores_nothing", dict(tile="1-0", sum="0 + 0 + 0", count=0, points=0))),
                count_line((0, 0, 0), 0)]  # the game page's count line
        seven = [render_note(Note("arm_fit_count", dict(tile="1-0", arm="left", number=1, sum="0 + 0 + 7", count=7, points=0))),
                 render_note(Note("reason_scores_nothing", dict(tile="1-0", sum="0 + 0 + 7", count=7, points=0))),
                 count_line((0, 0, 7), 7)]
    for said in zero:
        assert multiple in said and not_multiple not in said, said
    for said in seven:
        assert not_multiple in said, said
