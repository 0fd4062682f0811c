"""Domino pictures on a presenter slide (the sizing: ``tutor.web.slides``): the table, the hands
and their words at 24 CSS px or more in :data:`BOX`, the narrowest box a domino slide gives its
picture."""

from __future__ import annotations

from markupsafe import Markup

from tutor.games.domino.diagrams import diagram_by_id
from tutor.games.domino.mexican_train.diagrams import is_mexican, mexican_diagram_by_id
from tutor.games.domino.render import FONT
from tutor.web.domino.diagrams import render_svg, render_train_svg
from tutor.web.slides import remember

#: The narrowest box present.js gives a slide's picture at 1280 x 720, in CSS px: present.css's
#: "wide" columns (1.45fr : 1fr, 28 px type; the narrower "wider" is only the no-JavaScript guess)
#: under a title of two lines, less the button under a plain picture that shows its marks.
BOX = (479.0, 464.0)


def slide_svg(diagram_id: str, suffix: str, *, neutral: bool = False, annotations: bool = True) -> Markup:
    """A diagram for a slide, inlined with its element ids made unique on the page (``suffix``:
    a slide deck shows the same diagram on a step and on its question)."""
    if is_mexican(diagram_id):  # a Mexican Train table: its labels grown as the others' are
        train_diagram = mexican_diagram_by_id(diagram_id)
        first = render_train_svg(train_diagram, neutral=neutral)
        svg = remember(first, lambda size: render_train_svg(train_diagram, neutral=neutral, label_size=size), BOX, FONT)
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

    svg = remember(default, render, BOX, FONT)
    prefix = f"dg-{diagram_id.lower()}-"
    return Markup(svg.replace(prefix, f"{prefix}{suffix}-"))


__all__ = ["BOX", "slide_svg"]
