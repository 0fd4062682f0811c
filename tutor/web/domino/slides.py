"""Domino pictures on a presenter slide (the sizing: ``tutor.web.slides``): the table, the hands
and their words at 24 CSS px or more in the box the slide gives the picture, and tiles a room can
count.

A picture beside a step's text gets :data:`BOX`, the narrowest box a domino slide gives it. Where
its tiles would come out under :data:`TILE_PX` there (a table of four arms, a Mexican Train table,
four hands), the picture gets a slide of its own after the text (:data:`ALONE`: the slide under a
one-line title), and a question about it a layout where it runs down the slide's whole height
beside the question (:data:`QUESTION_BOX`): :func:`needs_a_slide` says which. The lines of text a
page's picture carries under it (pip totals, a score) are left out of a slide's: at a projector's
scale they came out at 6 to 9 px, and the slide's own text and its answer say the same.
"""

from __future__ import annotations

import re
from functools import lru_cache

from flask_babel import force_locale
from markupsafe import Markup

from tutor.games.domino.diagrams import diagram_by_id
from tutor.games.domino.mexican_train.diagrams import is_mexican, mexican_diagram_by_id
from tutor.games.domino.mexican_train.render import train_tiles
from tutor.games.domino.render import FONT, tile_boxes
from tutor.web.domino.diagrams import render_svg, render_train_svg
from tutor.web.slides import remember

#: The narrowest box present.js gives a slide's picture at 1280 x 720, in CSS px: present.css's
#: "wide" columns (1.45fr : 1fr, 28 px type; the narrower "wider" is only the no-JavaScript guess)
#: under a title of two lines, less the button under a plain picture that shows its marks.
BOX = (479.0, 464.0)
#: A question's picture beside its choices (present.css: 1.25fr : 1fr under a title of two lines).
QUESTION_BESIDE = (515.0, 470.0)
#: A picture's slide of its own (present.css, ``.slide.alone``), under the section's line and a
#: title of one line, at 1280 x 720.
ALONE = (1190.0, 530.0)
#: A question about such a picture (present.css, ``.slide.is-question.large-picture``): the
#: picture down the slide's whole height, beside the question and its answer, in a column as narrow
#: as its tiles allow (:func:`question_box`), so the question and its choices keep their room.
QUESTION_BOX = (740.0, 630.0)
QUESTION_WIDTHS = (520.0, 580.0, 640.0, 700.0, 740.0)
#: The shortest a face-up tile may be drawn on a slide at 1280 x 720, in CSS px (its pips are
#: then about 6.8 px across), so that a room can count its pips.
TILE_PX = 60.0
ROOMS = {"beside": BOX, "alone": ALONE, "question": QUESTION_BOX}


def slide_svg(diagram_id: str, suffix: str, *, neutral: bool = False, annotations: bool = False,
              room: str = "beside") -> Markup:
    """A diagram for a slide, drawn for the box ``room`` names (:data:`ROOMS`; a question's:
    :func:`question_box`), inlined with its element ids made unique on the page (``suffix``: a slide
    deck shows the same diagram on a step and on its question)."""
    svg = _slide_svg(diagram_id, neutral, annotations, question_box(diagram_id) if room == "question" else ROOMS[room])
    prefix = f"dg-{diagram_id.lower()}-"
    return Markup(svg.replace(prefix, f"{prefix}{suffix}-"))


def _slide_svg(diagram_id: str, neutral: bool, annotations: bool, box: tuple[float, float]) -> str:
    aspect = box[0] / box[1]
    if is_mexican(diagram_id):  # a Mexican Train table: its labels grown as the others' are
        train_diagram = mexican_diagram_by_id(diagram_id)
        first = render_train_svg(train_diagram, neutral=neutral)
        return remember(first, lambda size: render_train_svg(train_diagram, neutral=neutral, label_size=size,
                                                             box_aspect=aspect), box, FONT, key=box)
    diagram = diagram_by_id(diagram_id)
    # A spinner's table on a slide marks its open ends with their numbered badges alone: four end
    # words around it ("ujung kanan", "bottom end"...) left no size at which every label reaches
    # 24 px in the slide's box. The lesson page, the handout and the picture's description name them.
    end_words = diagram.position.layout is None
    default = render_svg(diagram, annotations=annotations, neutral=neutral, end_words=end_words)

    def render(size: float) -> str:
        return default if size == FONT else render_svg(diagram, annotations=annotations, neutral=neutral,
                                                       label_size=size, box_aspect=aspect, end_words=end_words)

    return remember(default, render, box, FONT, key=box)


def smallest_tile(svg: str, box: tuple[float, float]) -> float:
    """The shortest long side of a face-up tile of a slide picture scaled into ``box``, in CSS px
    (a picture with no face-up tile: infinity)."""
    width, height = (float(v) for v in re.search(r'viewBox="0[, ]0[, ]([\d.]+)[, ]([\d.]+)"', svg).groups())
    scale = min(box[0] / width, box[1] / height)
    drawn = [max(t.w, t.h) for t in tile_boxes(svg) if "face-down" not in t.classes and t.tile]
    if not drawn:
        drawn = [max(t.w, t.h) for t in train_tiles(svg) if t.tile]
    return min(drawn, default=float("inf")) * scale


#: The languages whose words decide :func:`needs_a_slide` and :func:`question_box`: the course's, so
#: that a deck has the same slides, and a slide the same number, in each of them.
COURSE_LANGUAGES = ("vi", "id", "en")


@lru_cache(maxsize=256)
def question_box(diagram_id: str) -> tuple[float, float]:
    """The box a question's picture is drawn for: the narrowest of :data:`QUESTION_WIDTHS` (down the
    slide's height) in which its tiles, plain and marked, come out at :data:`TILE_PX` or more (with
    room for rounding) in every course language; the widest when none does. Its words are sized for
    that box, so present.js may narrow its column to it and they stay 24 px."""
    for width in QUESTION_WIDTHS:
        box = (width, QUESTION_BOX[1])
        fits = True
        for lang in COURSE_LANGUAGES:
            with force_locale(lang):
                if any(smallest_tile(_slide_svg(diagram_id, neutral, False, box), box) < TILE_PX + 2
                       for neutral in (True, False)):
                    fits = False
                    break
        if fits:
            return box
    return QUESTION_BOX


def needs_a_slide(diagram_id: str, question: bool = False) -> bool:
    """Whether the picture's tiles, beside a step's text (``question``: beside a question's choices),
    would be drawn under :data:`TILE_PX` (plain or marked, in any of the course's languages): then
    it gets a slide of its own after its step's text (or the question's slide's whole height)."""
    # (one cache entry however it is called: needs_a_slide(d) and needs_a_slide(d, False) are one)
    return _needs_a_slide(diagram_id, bool(question))


@lru_cache(maxsize=256)
def _needs_a_slide(diagram_id: str, question: bool) -> bool:
    box = QUESTION_BESIDE if question else BOX
    for lang in COURSE_LANGUAGES:
        with force_locale(lang):
            if any(smallest_tile(_slide_svg(diagram_id, neutral, False, BOX), box) < TILE_PX for neutral in (True, False)):
                return True
    return False


__all__ = ["ALONE", "BOX", "QUESTION_BOX", "ROOMS", "TILE_PX", "needs_a_slide", "slide_svg", "smallest_tile"]
