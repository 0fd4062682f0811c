"""Pictures on a presenter slide: labels that read from the back of the room.

A slide shows a diagram scaled into its part of a 1280 x 720 projector image, so the renderer's
15-unit labels came out at 13 to 21 px. The renderer's ``label_size`` option draws them larger and
lays the picture out around them (no label covers a tile or another label, and the picture stays
inside its viewBox); :func:`slide_svg` picks the smallest size that still comes out at 24 CSS px
in the narrowest picture box ``present.js`` gives a slide, so it holds whatever layout the text
leaves the picture. Pages other than slides keep the default size, and so their bytes.

A backgammon slide's board is the same: the board renderer's ``label_size``
(``tutor/games/backgammon/render.py``) and :func:`board_slide_svg`, for the narrowest box a
backgammon slide gives its board (:data:`BOARD_BOX`: present-backgammon.css lets the board take the
slide's whole height beside the title and the text).
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import replace
from typing import Callable

from flask_babel import gettext as _
from markupsafe import Markup

from ..games.backgammon import diagrams as boards
from ..games.backgammon.render import FONT as BOARD_FONT, render_board
from ..games.domino.diagrams import diagram_by_id
from ..games.domino.mexican_diagrams import is_mexican, mexican_diagram_by_id
from ..games.domino.render import FONT
from .backgammon import board_labels
from .diagrams import render_svg, render_train_svg

#: The smallest label on a slide, in CSS px at 1280 x 720.
LABEL_PX = 24
#: The narrowest box present.js gives a slide's picture at 1280 x 720, in CSS px: present.css's
#: "wide" columns (1.45fr : 1fr, 28 px type; the narrower "wider" is only the no-JavaScript guess)
#: under a title of two lines, less the button under a plain picture that shows its marks.
BOX = (479.0, 464.0)
#: The narrowest box present.js gives a backgammon slide's board at 1280 x 720, in CSS px: the
#: board beside the title and the text, down the slide's whole height, in columns of 1.25fr : 1fr
#: at the narrowest (present-backgammon.css), less the button under a plain board that shows its
#: marked play.
BOARD_BOX = (522.0, 612.0)
#: Room for rounding and for fonts a little wider than the renderer's estimate.
HEADROOM = 1.06
#: Slide pictures already drawn, by the default picture's bytes (the words, the language, the
#: position): a deck page asks for the same pictures again and again, and finding the size takes
#: a few drawings.
_DRAWN: dict[str, str] = {}


def _viewbox(svg: str) -> tuple[float, float]:
    match = re.search(r'viewBox="0[, ]0[, ]([\d.]+)[, ]([\d.]+)"', svg)
    assert match, "the renderer writes a viewBox"
    return float(match.group(1)), float(match.group(2))


def label_size_for(render: Callable[[float], str], box: tuple[float, float] = BOX, px: float = LABEL_PX,
                   start: float = FONT) -> float:
    """The smallest label size (viewBox units, in half units) at which ``render(size)``, scaled to
    fit ``box``, shows its labels at ``px`` CSS px or more, trying ``start`` (the renderer's
    default) first. A larger size makes the picture larger too, so the scale is measured again at
    each try (it settles in two or three)."""
    target = px * HEADROOM
    size = float(start)
    for _ in range(10):
        width, height = _viewbox(render(size))
        scale = min(box[0] / width, box[1] / height)
        if size * scale >= target:
            return size
        size = min(80.0, max(size + 0.5, math.ceil(target / scale * 2) / 2))
    return size


def slide_svg(diagram_id: str, suffix: str, *, neutral: bool = False, annotations: bool = True) -> Markup:
    """A diagram for a slide, inlined with its element ids made unique on the page (``suffix``:
    a slide deck shows the same diagram on a step and on its question)."""
    if is_mexican(diagram_id):  # a Mexican Train table: its labels grown as the others' are
        train_diagram = mexican_diagram_by_id(diagram_id)
        first = render_train_svg(train_diagram, neutral=neutral)
        svg = _remember(first, lambda size: render_train_svg(train_diagram, neutral=neutral, label_size=size), BOX, FONT)
        prefix = f"dg-{diagram_id.lower()}-"
        return Markup(svg.replace(prefix, f"{prefix}{suffix}-"))
    diagram = diagram_by_id(diagram_id)
    # A spinner's table on a slide marks its open ends with their numbered badges alone: four end
    # words around it ("ujung kanan", "bottom end"...) left no size at which every label reaches
    # 24 px in the slide's box. The lesson page, the handout and the picture's description name them.
    end_words = diagram.position.layout is None
    default = render_svg(diagram, annotations=annotations, neutral=neutral, end_words=end_words)

    def render(size: float) -> str:
        return default if size == FONT else render_svg(diagram, annotations=annotations, neutral=neutral,
                                                       label_size=size, box_aspect=BOX[0] / BOX[1],
                                                       end_words=end_words)

    svg = _remember(default, render, BOX, FONT)
    prefix = f"dg-{diagram_id.lower()}-"
    return Markup(svg.replace(prefix, f"{prefix}{suffix}-"))


def _remember(default: str, render: Callable[[float], str], box: tuple[float, float], start: float) -> str:
    """The picture at the label size :func:`label_size_for` finds, kept by the default's bytes."""
    key = hashlib.sha1(default.encode("utf-8")).hexdigest()
    if key not in _DRAWN:
        if len(_DRAWN) > 500:  # live-reloaded catalogs make new pictures; forget the old ones
            _DRAWN.clear()
        _DRAWN[key] = render(label_size_for(render, box, start=start))
    return _DRAWN[key]


def board_svg(diagram_id: str, *, neutral: bool = False, label_size: float | None = None) -> str:
    """A backgammon diagram's board as :func:`tutor.web.backgammon.render_svg` draws it, with the
    renderer's ``label_size`` (its default when None)."""
    diagram = boards.diagram_by_id(diagram_id)
    facts, options = boards.describe(diagram), boards.render_options(diagram)
    if neutral:
        facts, options = replace(facts, marked=""), {**options, "play": None}
    return render_board(diagram.position, labels=board_labels(_(diagram.title), facts, answers=not neutral),
                        label_size=BOARD_FONT if label_size is None else label_size, **options)


def board_slide_svg(diagram_id: str, suffix: str, *, neutral: bool = False) -> Markup:
    """A backgammon board for a slide: every word and number at 24 CSS px or more in
    :data:`BOARD_BOX`, inlined with its element ids made unique on the page (``suffix``)."""
    default = board_svg(diagram_id, neutral=neutral)

    def render(size: float) -> str:
        return default if size == BOARD_FONT else board_svg(diagram_id, neutral=neutral, label_size=size)

    svg = _remember(default, render, BOARD_BOX, BOARD_FONT)
    prefix = f"bg-{diagram_id.lower()}-"
    return Markup(svg.replace(prefix, f"{prefix}{suffix}-"))


__all__ = ["BOARD_BOX", "BOX", "LABEL_PX", "board_slide_svg", "board_svg", "label_size_for", "slide_svg"]
