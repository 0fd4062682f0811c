"""Backgammon boards on a presenter slide (the sizing: ``tutor.web.slides``): the board
renderer's ``label_size`` (``tutor/games/backgammon/render.py``) for the narrowest box a backgammon
slide gives its board (:data:`BOARD_BOX`: present-backgammon.css lets the board take the slide's
whole height beside the title and the text)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from flask_babel import gettext as _
from markupsafe import Markup

from tutor.games.backgammon import diagrams as boards
from tutor.games.backgammon.render import FONT as BOARD_FONT, render_board
from tutor.web.backgammon.diagrams import board_labels
from tutor.web.slides import label_size_for, remember

#: The board of a game on the projector (templates/backgammon/present.html) at 1280 x 720, in CSS
#: px: down the screen's whole height, beside the status, the buttons and the class's tools.
GAME_BOX = (600.0, 690.0)

#: The narrowest box present.js gives a backgammon slide's board at 1280 x 720, in CSS px: the
#: board beside the title and the text, down the slide's whole height, in columns of 1.25fr : 1fr
#: at the narrowest (present-backgammon.css), less the button under a plain board that shows its
#: marked play.
BOARD_BOX = (522.0, 612.0)


def board_svg(diagram_id: str, *, neutral: bool = False, label_size: float | None = None) -> str:
    """A backgammon diagram's board as :func:`tutor.web.backgammon.pages.render_svg` draws it, with the
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

    svg = remember(default, render, BOARD_BOX, BOARD_FONT)
    prefix = f"bg-{diagram_id.lower()}-"
    return Markup(svg.replace(prefix, f"{prefix}{suffix}-"))


def projector_board(render: Callable[[float], str]) -> str:
    """A game's board on the projector: ``render(label_size)`` at the smallest label size that
    shows every word and number at 24 CSS px in :data:`GAME_BOX` (a game's board changes at every
    move, so it is drawn, not kept)."""
    return render(label_size_for(render, GAME_BOX, BOARD_FONT))


__all__ = ["BOARD_BOX", "GAME_BOX", "board_slide_svg", "board_svg", "projector_board"]
