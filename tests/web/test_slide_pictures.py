"""The label size of a slide's picture (tutor/web/slides.py, each game's slides.py): 24 px on a 1280 x 720 projector
in the narrowest picture box present.js gives such a slide, and no larger than it needs to be, for
the domino diagrams and the backgammon boards. The browser tests (tests/browser/test_browser_present.py,
tests/browser/test_browser_backgammon_present.py) measure the same on the screen."""

from __future__ import annotations

import re

import pytest
from flask_babel import force_locale

from tutor.games.domino.diagrams import load_diagrams
from tutor.games.domino.render import FONT
from tutor.web.backgammon.slides import BOARD_BOX, board_slide_svg, board_svg
from tutor.web.domino.slides import BOX, ROOMS, needs_a_slide, slide_svg
from tutor.web.slides import HEADROOM, LABEL_PX, label_size_for
from tutor.web.domino.diagrams import render_svg

LANGS = ("vi", "id", "en")


def on_screen(svg: str, box: tuple[float, float] = BOX) -> float:
    """The label size in CSS px once the picture is fitted into ``box`` (by default BOX, beside a step's text)."""
    width, height = (float(v) for v in re.search(r'viewBox="0,0,([\d.]+),([\d.]+)"', svg).groups())
    size = float(re.search(r'data-label-size="([\d.]+)"', svg).group(1))
    return size * min(box[0] / width, box[1] / height)


@pytest.mark.parametrize("lang", LANGS)
def test_every_diagram_on_a_slide_has_labels_of_24_px_and_no_larger_than_it_needs(app, lang):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        for diagram in load_diagrams().values():
            # where the deck shows it: beside the step's text, or on a slide of its own when its
            # tiles would be too small there (the step's own slide then has its text only)
            room = "alone" if needs_a_slide(diagram.id) else "beside"
            box = ROOMS[room]
            for neutral in (False, True):
                svg = str(slide_svg(diagram.id, "s1", neutral=neutral, room=room))
                assert on_screen(svg, box) >= LABEL_PX, (lang, diagram.id, neutral, room)
                # half a unit smaller would not do (the search stops at the first size that does)
                size = float(re.search(r'data-label-size="([\d.]+)"', svg).group(1))
                if size > FONT and room == "beside":  # (the least size that does: checked beside a text)
                    smaller = render_svg(diagram, neutral=neutral, label_size=size - 0.5, box_aspect=box[0] / box[1],
                                         end_words=diagram.position.layout is None)
                    width, height = (float(v) for v in re.search(r'viewBox="0,0,([\d.]+),([\d.]+)"', smaller).groups())
                    assert (size - 0.5) * min(box[0] / width, box[1] / height) < LABEL_PX * HEADROOM, (lang, diagram.id)
                # ids made unique for the slide, and the same picture twice is the same bytes
                assert 'id="dg-' + diagram.id.lower() + '-s1-' in svg
                assert str(slide_svg(diagram.id, "s1", neutral=neutral, room=room)) == svg


def test_the_search_settles_on_a_size_that_reaches_the_target():
    def fake(size: float) -> str:  # a picture whose width grows with its labels
        return f'<svg viewBox="0,0,{400 + 10 * size:g},300">'

    size = label_size_for(fake, (479, 500), FONT, px=24)
    assert size * 479 / (400 + 10 * size) >= 24 * HEADROOM
    assert (size - 0.5) * 479 / (400 + 10 * (size - 0.5)) < 24 * HEADROOM


@pytest.mark.parametrize("lang", LANGS)
def test_every_backgammon_board_on_a_slide_has_words_of_24_px_and_no_larger_than_it_needs(app, lang):
    """The same for the backgammon course's boards, in the narrowest box a backgammon slide gives
    its board (BOARD_BOX); and the board a slide starts from is the one every other page shows."""
    from tutor.games.backgammon.diagrams import load_diagrams as load_boards
    from tutor.web.backgammon import diagrams as backgammon

    def fitted(svg: str) -> tuple[float, float]:
        width, height = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
        return width, height

    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        for board in load_boards().values():
            for neutral in (False, True):
                assert board_svg(board.id, neutral=neutral) == backgammon.render_svg(board, neutral)
                svg = str(board_slide_svg(board.id, "s1", neutral=neutral))
                size = float(re.search(r'data-label-size="([\d.]+)"', svg).group(1))
                width, height = fitted(svg)
                assert size * min(BOARD_BOX[0] / width, BOARD_BOX[1] / height) >= LABEL_PX * HEADROOM, (lang, board.id)
                width, height = fitted(board_svg(board.id, neutral=neutral, label_size=size - 0.5))
                assert (size - 0.5) * min(BOARD_BOX[0] / width, BOARD_BOX[1] / height) < LABEL_PX * HEADROOM
                assert 'id="bg-' + board.id.lower() + '-s1-' in svg
                assert str(board_slide_svg(board.id, "s1", neutral=neutral)) == svg
