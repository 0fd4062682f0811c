"""Pictures on a presenter slide: labels that read from the back of the room, for every game.

A slide shows a picture scaled into its part of a 1280 x 720 projector image, so a renderer's
default labels came out at 13 to 21 px. Each game's renderer has a ``label_size`` option that draws
them larger and lays the picture out around them (no label covers a tile, a checker or another
label, and the picture stays inside its viewBox); :func:`label_size_for` picks the smallest size
that still comes out at 24 CSS px in the narrowest picture box ``present.js`` gives a slide, so it
holds whatever layout the text leaves the picture. Pages other than slides keep the default size,
and so their bytes. Each game's slide pictures: ``tutor.web.domino.slides`` and
``tutor.web.backgammon.slides``.
"""

from __future__ import annotations

import hashlib
import math
import re
from typing import Callable

#: The smallest label on a slide, in CSS px at 1280 x 720.
LABEL_PX = 24
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


def label_size_for(render: Callable[[float], str], box: tuple[float, float], start: float,
                   px: float = LABEL_PX) -> float:
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


def remember(default: str, render: Callable[[float], str], box: tuple[float, float], start: float,
             key: object = None) -> str:
    """The picture at the label size :func:`label_size_for` finds, kept by the default's bytes (and
    ``key``: what else changes the picture, such as the box it is drawn for)."""
    key = hashlib.sha1((default + ("" if key is None else f"\x00{key!r}")).encode("utf-8")).hexdigest()
    if key not in _DRAWN:
        if len(_DRAWN) > 500:  # live-reloaded catalogs make new pictures; forget the old ones
            _DRAWN.clear()
        _DRAWN[key] = render(label_size_for(render, box, start))
    return _DRAWN[key]


__all__ = ["HEADROOM", "LABEL_PX", "label_size_for", "remember"]
