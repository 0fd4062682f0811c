"""Pictures on a presenter slide: labels that read from the back of the room.

A slide shows a diagram scaled into its part of a 1280 x 720 projector image, so the renderer's
15-unit labels came out at 13 to 21 px. The renderer's ``label_size`` option draws them larger and
lays the picture out around them (no label covers a tile or another label, and the picture stays
inside its viewBox); :func:`slide_svg` picks the smallest size that still comes out at 24 CSS px
in the narrowest picture box ``present.js`` gives a slide, so it holds whatever layout the text
leaves the picture. Pages other than slides keep the default size, and so their bytes.
"""

from __future__ import annotations

import hashlib
import math
import re
from typing import Callable

from markupsafe import Markup

from ..games.domino.diagrams import diagram_by_id
from ..games.domino.render import FONT
from .diagrams import render_svg

#: The smallest label on a slide, in CSS px at 1280 x 720.
LABEL_PX = 24
#: The narrowest box present.js gives a slide's picture at 1280 x 720, in CSS px: present.css's
#: "wide" columns (1.45fr : 1fr, 28 px type; the narrower "wider" is only the no-JavaScript guess)
#: under a title of two lines, less the button under a plain picture that shows its marks.
BOX = (479.0, 464.0)
#: Room for rounding and for fonts a little wider than the renderer's estimate.
HEADROOM = 1.06
#: Slide pictures already drawn, by the default picture's bytes (the words, the language, the
#: position): a deck page asks for the same pictures again and again, and finding the size takes
#: a few drawings.
_DRAWN: dict[str, str] = {}


def _viewbox(svg: str) -> tuple[float, float]:
    match = re.search(r'viewBox="0,0,([\d.]+),([\d.]+)"', svg)
    assert match, "the renderer writes a viewBox"
    return float(match.group(1)), float(match.group(2))


def label_size_for(render: Callable[[float], str], box: tuple[float, float] = BOX, px: float = LABEL_PX) -> float:
    """The smallest label size (viewBox units, in half units) at which ``render(size)``, scaled to
    fit ``box``, shows its labels at ``px`` CSS px or more. A larger size makes the picture larger
    too, so the scale is measured again at each try (it settles in two or three)."""
    target = px * HEADROOM
    size = float(FONT)
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
    diagram = diagram_by_id(diagram_id)
    default = render_svg(diagram, annotations=annotations, neutral=neutral)
    key = hashlib.sha1(default.encode("utf-8")).hexdigest()
    if key not in _DRAWN:
        if len(_DRAWN) > 500:  # live-reloaded catalogs make new pictures; forget the old ones
            _DRAWN.clear()

        def render(size: float) -> str:
            return default if size == FONT else render_svg(diagram, annotations=annotations, neutral=neutral,
                                                           label_size=size, box_aspect=BOX[0] / BOX[1])

        _DRAWN[key] = render(label_size_for(render))
    svg = _DRAWN[key]
    prefix = f"dg-{diagram_id.lower()}-"
    return Markup(svg.replace(prefix, f"{prefix}{suffix}-"))


__all__ = ["BOX", "LABEL_PX", "label_size_for", "slide_svg"]
