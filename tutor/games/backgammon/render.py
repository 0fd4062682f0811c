"""SVG pictures of a backgammon position: a pure function of a position plus display options.

The board is seen from the learner's side (BACKGAMMON.md §1): points 1-6 bottom right (your home
board), 7-12 bottom left, 13-18 top left, 19-24 top right (the computer's home board); the bar
splits the board and the borne-off tray is on the right. Under the board a legend names the
colours (your checkers white, moving 24 -> 1; the computer's black), with each side's pip count,
and, when a play is marked, what the marks mean. Every visible word comes from :class:`Labels`;
this module never writes prose (no gettext here).

>>> from tutor.games.backgammon import START
>>> svg = render_board(START.with_dice(6, 5), labels=Labels(title="Start", desc="The start."))
>>> svg.startswith("<svg") and 'role="img"' in svg and "<script" not in svg
True
>>> [(c.point, c.side, c.count) for c in checker_stacks(svg)][:2]
[(24, 'white', 2), (19, 'black', 5)]

Elements carry classes that pages and tests rely on: ``point`` (``data-point``, with ``from``,
``via``, ``to`` or ``hit`` when a marked play uses it), ``checker white|black`` (``data-point`` = 1-24,
``bar`` or ``off``; ``data-x``, ``data-y``, ``data-r``), ``stack`` (``data-point``, ``data-side``,
``data-count``: one per occupied place), ``count`` (the number written on a stack of more than
five), ``point-number``, ``bar``, ``tray``, ``die`` (``data-value``), ``cube`` (``data-value``,
``data-owner`` = centred, white or black), ``pips`` (``data-side``), ``legend``.
"""

from __future__ import annotations

import hashlib
import math
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Callable, Mapping, NamedTuple, Sequence

import svgwrite

from tutor.games.backgammon.plays import BAR_POINT, OFF, Step
from tutor.games.backgammon.position import BLACK, WHITE, Position, Side, learner_point

__all__ = ["Labels", "Stack", "checker_stacks", "render_board", "tap_boxes", "text_width"]

# ----- geometry (viewBox units) -------------------------------------------------------------------
M = 10  # outer margin
PW = 32  # width of a point
R = 15  # checker radius (a checker is 30 across, on a 32-wide point)
BAR_W = 36
TRAY_GAP = 6
TRAY_W = 44
NUM_H = 20  # row of point numbers above and below the board
PAD = 4  # inside the board frame, above the top points and below the bottom ones
HALF_H = 160  # a point's height room: five checkers
TRI_H = 150  # a triangle's height
MID_H = 56  # the strip between the two halves (dice)
SHOWN = 5  # checkers drawn on a point before a count is written instead
BAR_SHOWN = 3  # checkers drawn on the bar before a count is written
DIE = 30
FONT = 16  # legend
NUM_FONT = 16  # point numbers
LINE_H = 26  # legend rows
CHAR_W = 0.56  # rough width of a character in font sizes (for layout only)

BOARD_X = M
BOARD_W = 12 * PW + BAR_W
BAR_X = BOARD_X + 6 * PW
TRAY_X = BOARD_X + BOARD_W + TRAY_GAP
WIDTH = TRAY_X + TRAY_W + M
BOARD_Y = M + NUM_H
TOP_EDGE = BOARD_Y + PAD  # where the top points start
MID_TOP = TOP_EDGE + HALF_H
MID_BOTTOM = MID_TOP + MID_H
BOTTOM_EDGE = MID_BOTTOM + HALF_H  # where the bottom points start
BOARD_BOTTOM = BOTTOM_EDGE + PAD
LEGEND_Y = BOARD_BOTTOM + NUM_H + 8


class _Geometry:
    """Where everything goes, in viewBox units: the module's constants for the default picture, or
    a layout around larger labels (a slide's, ``label_size``).

    Larger labels are laid out with a label's whole line box (ascent 1.07 em, descent 0.3 em in Noto
    Sans, the projector's font) so that no word's box touches another's: the point numbers get a
    point wide enough for "24" (1.14 em), the bar a cube wide enough for "64", the tray room for
    "15", and the legend's lines wrap to the picture's width, each pip count on its side's last line
    when it fits there."""

    def __init__(self, font: float = FONT) -> None:
        self.font = font
        self.large = large = font != FONT
        if not large:
            self.m, self.pw, self.r, self.bar_w, self.tray_gap, self.tray_w = M, PW, R, BAR_W, TRAY_GAP, TRAY_W
            self.pad, self.half_h, self.tri_h, self.mid_h, self.step = PAD, HALF_H, TRI_H, MID_H, 2 * R
            self.cube = 30
            self.board_y = BOARD_Y
            self.num_top, self.num_bottom = BOARD_Y - 6, None  # the bottom row: below, from board_bottom
            self.line_h = LINE_H
        else:
            self.m = M
            self.pw = max(PW, math.ceil(1.3 * font))  # "24" is 1.14 em wide: 0.15 em apart at least
            # a checker grows by a unit at most: a board that grew as fast as its type would never
            # show that type any larger on a slide
            self.r = min(self.pw / 2 - 1, R + 1)
            self.cube = max(30, math.ceil(1.2 * font + 6))  # "64"
            self.bar_w = max(BAR_W, self.cube + 8)
            self.tray_gap = TRAY_GAP
            self.tray_w = max(TRAY_W, math.ceil(1.2 * font + 10))  # "15" borne off
            self.pad = PAD
            self.step = 2 * self.r  # between the centres of two checkers of a stack
            self.tri_h = 2 * self.r + (SHOWN - 1) * self.step
            self.half_h = self.tri_h + 10
            self.mid_h = max(DIE, self.cube) + 14
            self.num_top = self.m / 2 + 1.07 * font  # the top row's baseline: its box starts at m / 2
            self.board_y = self.num_top + 0.25 * font
            self.line_h = 1.4 * font
        self.board_x = self.m
        self.board_w = 12 * self.pw + self.bar_w
        self.bar_x = self.board_x + 6 * self.pw
        self.tray_x = self.board_x + self.board_w + self.tray_gap
        self.width = self.tray_x + self.tray_w + self.m
        self.top_edge = self.board_y + self.pad
        self.mid_top = self.top_edge + self.half_h
        self.mid_bottom = self.mid_top + self.mid_h
        self.bottom_edge = self.mid_bottom + self.half_h
        self.board_bottom = self.bottom_edge + self.pad
        if not large:
            self.num_bottom = BOARD_BOTTOM + 16
            self.legend_y = LEGEND_Y
        else:
            self.num_bottom = self.board_bottom + 0.25 * font + 0.72 * font  # digits stand 0.72 em tall
            self.legend_y = self.num_bottom + 0.3 * font + 0.1 * font

    def point_x(self, point: int) -> float:
        column = 12 - point if point <= 12 else point - 13
        x = self.board_x + column * self.pw + self.pw / 2
        return x + self.bar_w if column >= 6 else x


DEFAULT = _Geometry()
#: Characters by width, for wrapping a large legend: a little above their advance in Noto Sans
#: Bold, the widest of the fonts the picture names (measured in Chromium: " " 0.26 em, "i" 0.31,
#: "t" 0.43, "n" 0.66, "O" 0.80, "m" 0.98, "W" 0.97); a letter with accents counts as its base
#: letter, a wide (East Asian) character as 1 em and any other character as 0.7 em.
_NARROW = frozenset("ijlfrtI!.,:;'`|()[]{}\"-/·")
_WIDE = frozenset("mwMW@%…")


def _char_w(char: str) -> float:
    base = unicodedata.normalize("NFD", char)[:1] or char
    if unicodedata.combining(base):
        return 0.0
    if base == " ":
        return 0.3
    if base in _NARROW:
        return 0.45
    if base in _WIDE or unicodedata.east_asian_width(base) in ("W", "F"):
        return 1.0
    if base.isascii():
        return 0.82 if base.isupper() else 0.64
    return 0.84 if base == "→" else 0.7


def text_width(text: str, size: float) -> float:
    """A line's width for the layout, in viewBox units: at least its width in the picture's fonts."""
    return size * sum(_char_w(char) for char in text)


STYLE = (
    ".bgm{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Helvetica Neue',Arial,sans-serif}"
    ".bgm .bg{fill:#f6f2e9}"
    ".bgm .board{fill:#e9dcc0;stroke:#5b4a32;stroke-width:2}"
    ".bgm .bar,.bgm .tray{fill:#cdb98f;stroke:#5b4a32;stroke-width:1.5}"
    ".bgm .point path{stroke:#5b4a32;stroke-width:.8}"
    ".bgm .odd path{fill:#a4543a}"
    ".bgm .even path{fill:#f8f1dc}"
    ".bgm .from path{fill:#fde68a;stroke:#b45309;stroke-width:2.5;stroke-dasharray:6 3}"
    ".bgm .via path{fill:#fef3c7;stroke:#b45309;stroke-width:2;stroke-dasharray:3 3}"
    ".bgm .to path,.bgm .hit path{fill:#fbbf24;stroke:#b45309;stroke-width:2.5}"
    ".bgm .mark{fill:none;stroke:#b45309;stroke-width:3}"
    ".bgm .white circle{fill:#fffdf7;stroke:#2b2824;stroke-width:1.6}"
    ".bgm .black circle{fill:#22201d;stroke:#000;stroke-width:1.6}"
    ".bgm text{fill:#2b2824;font-size:16px}"
    ".bgm .point-number{font-size:16px;text-anchor:middle;font-weight:600}"
    ".bgm .count{font-size:16px;font-weight:700;text-anchor:middle}"
    ".bgm .black .count{fill:#fff}"
    ".bgm .off-slab.white{fill:#fffdf7;stroke:#2b2824}"
    ".bgm .off-slab.black{fill:#22201d;stroke:#000}"
    ".bgm .off-count{font-size:16px;font-weight:700;text-anchor:middle}"
    ".bgm .die rect{fill:#fff;stroke:#2b2824;stroke-width:1.6}"
    ".bgm .die circle{fill:#2b2824}"
    ".bgm .cube rect{fill:#fff;stroke:#0d5f73;stroke-width:2.4}"
    ".bgm .cube text{fill:#0d5f73;font-weight:800;text-anchor:middle;font-size:16px}"
    ".bgm .pips{font-weight:700;text-anchor:end}"
    ".bgm .die.used{opacity:.4}"
    ".bgm .selected{fill:none;stroke:#0d5f73;stroke-width:3.5}"
    ".bgm .movable{fill:none;stroke:#0d5f73;stroke-width:3.5}"
    ".bgm .target{fill:#0d5f73;fill-opacity:.25;stroke:#0d5f73;stroke-width:2.5;stroke-dasharray:5 3}"
    ".bgm .tap rect{fill:transparent;cursor:pointer}"
    ".bgm .tap:hover rect{fill:rgba(13,95,115,.12)}"
)


@dataclass(frozen=True)
class Labels:
    """The already-localized words a picture needs; an empty string draws no text.

    ``title`` and ``desc`` are the accessible name and description (full sentences in the page's
    language, saying the position in words). ``white`` and ``black`` are the legend's lines
    ("Your checkers (white), moving 24 → 1"), ``marked`` the line for a marked play, and
    ``pips(n)`` writes a pip count ("167 pips"); without it no pip count is drawn.
    """

    title: str
    desc: str
    white: str = ""
    black: str = ""
    marked: str = ""
    pips: Callable[[int], str] | None = None


class Stack(NamedTuple):
    """One occupied place as :func:`checker_stacks` reads it back from a picture."""

    point: int | str  # 1-24, "bar" or "off"
    side: str
    count: int  # checkers it stands for
    drawn: int  # checkers drawn (a count is written on the last one when fewer than ``count``)
    written: int | None  # the number written on it, if any


def checker_stacks(svg: str) -> list[Stack]:
    """Every stack of a rendered board, in drawing order (points 24 to 1, then bar and off)."""
    ns = "{http://www.w3.org/2000/svg}"
    stacks = []
    for g in ET.fromstring(svg).iter(f"{ns}g"):
        if "stack" not in g.get("class", "").split():
            continue
        point = g.get("data-point")
        written = [t for t in g.iter(f"{ns}text") if "count" in t.get("class", "").split()]
        stacks.append(Stack(
            int(point) if point.isdigit() else point, g.get("data-side"), int(g.get("data-count")),
            sum(1 for _ in g.iter(f"{ns}circle")) if point != "off" else sum(1 for _ in g.iter(f"{ns}rect")),
            int(written[0].text) if written else None,
        ))
    return stacks


def _n(value: float) -> str:
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def point_x(point: int) -> float:
    """The centre x of a point (learner's numbering) on the default board."""
    return DEFAULT.point_x(point)


def _marks(side: Side, play: Sequence[Step] | None) -> dict[int | str, str]:
    """What each place of a marked play is (learner's numbering): ``from`` (only left), ``to``
    (only reached), ``via`` (reached and left again: one checker's midway stop), ``hit`` (reached
    with a hit, even on the way)."""
    if not play:
        return {}
    left, reached, hit = set(), set(), set()
    for step in play:
        left.add("bar" if step.src == BAR_POINT else learner_point(side, step.src))
        dst = "off" if step.dst == OFF else learner_point(side, step.dst)
        reached.add(dst)
        if step.hit:
            hit.add(dst)
    marks: dict[int | str, str] = {}
    for place in left | reached:
        if place in hit:
            marks[place] = "hit"
        elif place in left and place in reached:
            marks[place] = "via"
        else:
            marks[place] = "from" if place in left else "to"
    return marks


def render_board(
    position: Position,
    *,
    labels: Labels,
    play: Sequence[Step] | None = None,
    numbers: bool = True,
    id_prefix: str | None = None,
    play_side: Side | None = None,
    links: Mapping[int | str, str] | None = None,
    selected: int | str | None = None,
    dice_left: Sequence[int] | None = None,
    label_size: float = FONT,
    movable: Sequence[int | str] = (),
    targets: Sequence[int | str] = (),
) -> str:
    """Draw ``position`` from the learner's side as a standalone ``<svg>`` string.

    - ``play``: the steps of a suggested play (the mover's own numbering, as
      :func:`~tutor.games.backgammon.legal_plays` gives them); the points it leaves are marked
      ``from`` (dashed), the points it reaches ``to`` (or ``hit`` when it hits there).
    - ``numbers``: write the point numbers 1-24 above and below the board.
    - ``id_prefix``: prefix of the title and desc ids; by default a short hash of the inputs, so
      two pictures inlined in one page do not clash and the same input gives the same bytes.
    - ``play_side``: whose play ``play`` is (by default the side to move; the other side's last
      play can be marked on the position after it).
    - ``links``: a game board's places (1-24, ``"bar"``, ``"off"``) made into links (``class="tap"``,
      ``data-place``) over the whole height of the point, for a tap or click without script; they
      stay out of the keyboard's tab order (the page offers the same choices as buttons).
    - ``selected``: a place ringed as the checker the learner has picked.
    - ``dice_left``: the dice still to play this turn; the others are drawn faded.
    - ``movable``: the learner's places (1-24, ``"bar"``) whose checker may move now: the top
      checker of each is ringed (``class="movable"``, ``data-place``).
    - ``targets``: the places the picked checker may go to (1-24, ``"off"``): where it would land
      is marked (``class="target"``, ``data-place``), the tray framed for ``"off"``.
    - ``label_size``: the size of every word and number in the picture (point numbers, counts,
      the videau, the legend and pip counts), in viewBox units; a slide's pictures use a larger one
      (``tutor/web/backgammon/slides.py``). The board is laid out around it (:class:`_Geometry`) and
      the root carries ``data-label-size``. The default draws the picture every other page shows.
    """
    if not 8 <= label_size <= 80:
        raise ValueError(f"label_size {label_size} is out of range (8 to 80 viewBox units)")
    marks = _marks(play_side or position.to_move, play)
    prefix = id_prefix or "b" + hashlib.sha1("|".join(
        [position.to_text(), labels.title, labels.desc, repr(sorted(map(str, marks.items()))), str(selected),
         str(dice_left), repr(sorted(map(str, (links or {}).items())))]
        + ([] if label_size == FONT else [f"label={label_size}"])
        + ([f"movable={list(movable)} targets={list(targets)}"] if movable or targets else [])
    ).encode("utf-8")).hexdigest()[:6]
    legend = [(WHITE, labels.white), (BLACK, labels.black)]
    if label_size == FONT:
        g = DEFAULT
        rows = len([text for _, text in legend if text]) + (1 if marks and labels.marked else 0)
        lines = None
        height = g.legend_y + rows * g.line_h + (g.m if rows else 0)
    else:
        g = _Geometry(label_size)
        lines = _legend_lines(g, position, labels, legend, marks)
        height = g.legend_y + len(lines) * g.line_h + (g.m / 2 if lines else 0)
    width = g.width
    dwg = svgwrite.Drawing(size=(_n(width), _n(height)), debug=False)
    dwg["viewBox"] = f"0 0 {_n(width)} {_n(height)}"
    dwg["class"] = "bgm"
    if g.large:
        dwg["data-label-size"] = _n(label_size)
    dwg.defs.add(dwg.style(_style(label_size)))
    dwg.add(dwg.rect(insert=(0, 0), size=(_n(width), _n(height)), rx=10, class_="bg"))
    dwg.add(dwg.rect(insert=(_n(g.board_x), _n(g.board_y)), size=(_n(g.board_w), _n(g.board_bottom - g.board_y)),
                     class_="board"))
    _points(dwg, g, marks, numbers)
    bar = dwg.rect(insert=(_n(g.bar_x), _n(g.board_y)), size=(_n(g.bar_w), _n(g.board_bottom - g.board_y)),
                   class_="bar" + (f" {marks['bar']}" if "bar" in marks else ""))
    dwg.add(bar)
    dwg.add(dwg.rect(insert=(_n(g.tray_x), _n(g.board_y)), size=(_n(g.tray_w), _n(g.board_bottom - g.board_y)),
                     class_="tray" + (f" {marks['off']}" if "off" in marks else "")))
    for place in ("bar", "off"):
        if place in marks:  # a frame around the bar or the tray, like a marked point
            x, w = (g.bar_x, g.bar_w) if place == "bar" else (g.tray_x, g.tray_w)
            dwg.add(dwg.rect(insert=(_n(x + 2), _n(g.board_y + 2)), size=(_n(w - 4), _n(g.board_bottom - g.board_y - 4)),
                             class_=f"mark mark-{place}"))
    _checkers(dwg, g, position)
    _bar_and_off(dwg, g, position)
    _cube(dwg, g, position)
    _dice(dwg, g, position, dice_left)
    if lines is None:
        _legend(dwg, position, labels, legend, marks)
    else:
        _large_legend(dwg, g, lines)
    if selected is not None:
        _ring(dwg, g, selected)
    _movable(dwg, g, position, movable)
    _targets(dwg, g, position, targets)
    if links:
        _links(dwg, g, links)
    return _serialize(dwg, labels, prefix, role="group" if links else "img")


def _style(label_size: float) -> str:
    """The picture's style sheet. Larger labels add rules that resize every word and number, so the
    default picture keeps its bytes. An inline SVG's style applies to the whole page, so those rules
    name the size they are for: pictures with different label sizes can share a page."""
    if label_size == FONT:
        return STYLE
    scope = f'.bgm[data-label-size="{_n(label_size)}"]'
    size = _n(label_size)
    return STYLE + (
        f"{scope} text,{scope} .point-number,{scope} .count,{scope} .off-count,{scope} .cube text"
        f"{{font-size:{size}px}}"
    )


def _column(g: _Geometry, place: int | str) -> tuple[float, float, float, float]:
    """(x, y, width, height) of the band a place covers: a point's half of the board, the bar or the tray."""
    if place == "bar":
        return g.bar_x, g.board_y, g.bar_w, g.board_bottom - g.board_y
    if place == "off":
        return g.tray_x, g.board_y, g.tray_w, g.board_bottom - g.board_y
    top = place >= 13
    num_h = g.board_y - g.m if g is DEFAULT else g.board_y - g.m / 2
    y = g.board_y - num_h if top else g.mid_bottom
    return g.point_x(place) - g.pw / 2, y, g.pw, (g.mid_top - y) if top else (g.board_bottom + num_h - y)


def _ring(dwg, g: _Geometry, place: int | str) -> None:
    x, y, w, h = _column(g, place)
    dwg.add(_attrs(dwg.rect(insert=(_n(x + 1.5), _n(y + 1.5)), size=(_n(w - 3), _n(h - 3)), rx=6, class_="selected"),
                   data_place=place))


def _top_centre(g: _Geometry, position: Position, place: int | str, extra: int = 0) -> tuple[float, float]:
    """The centre of the learner's checker ``extra`` places above the top of the stack on ``place``."""
    if place == "bar":
        k = min(position.on_bar(WHITE) - 1 + extra, BAR_SHOWN - 1)
        return g.bar_x + g.bar_w / 2, g.mid_top - g.r - g.step * max(k, 0)
    side, count = position.at(place)
    own = count if side is WHITE else 0
    k = max(0, min(own - 1 + extra, SHOWN - 1))
    top = place >= 13
    return g.point_x(place), (g.top_edge + g.r + g.step * k if top else g.bottom_edge - g.r - g.step * k)


def _movable(dwg, g: _Geometry, position: Position, places: Sequence[int | str]) -> None:
    for place in places:
        cx, cy = _top_centre(g, position, place)
        dwg.add(_attrs(dwg.circle(center=(_n(cx), _n(cy)), r=_n(g.r + 2), class_="movable"), data_place=place))


def _targets(dwg, g: _Geometry, position: Position, places: Sequence[int | str]) -> None:
    for place in places:
        if place == "off":
            dwg.add(_attrs(dwg.rect(insert=(_n(g.tray_x + 2), _n(g.board_y + 2)),
                                    size=(_n(g.tray_w - 4), _n(g.board_bottom - g.board_y - 4)), rx=6,
                                    class_="target"), data_place=place))
            continue
        cx, cy = _top_centre(g, position, place, extra=1)
        dwg.add(_attrs(dwg.circle(center=(_n(cx), _n(cy)), r=_n(g.r - 1), class_="target"), data_place=place))


def tap_boxes(places: Sequence[int | str], height: float | None = None) -> dict[int | str, tuple[float, ...]]:
    """Where each place's tap target lies on the default board, as percentages of the picture
    (left, top, width, height): the whole band of its point, the bar or the tray. ``height``: the
    picture's height in viewBox units (by default a board drawn without a legend)."""
    g = DEFAULT
    height = g.legend_y if height is None else height
    boxes = {}
    for place in places:
        x, y, w, h = _column(g, place)
        boxes[place] = tuple(round(100 * v / total, 2) for v, total in ((x, g.width), (y, height), (w, g.width),
                                                                        (min(h, height - y), height)))
    return boxes


def _links(dwg, g: _Geometry, links: Mapping[int | str, str]) -> None:
    for place, href in links.items():
        x, y, w, h = _column(g, place)
        link = dwg.a(href=href, class_="tap")
        del link.attribs["target"]  # svgwrite opens links in a new window by default: stay in the page
        link.attribs["href"] = link.attribs.pop("xlink:href")  # SVG 2: no xlink namespace needed
        link["data-place"] = str(place)
        link["tabindex"] = "-1"
        link["aria-hidden"] = "true"
        link.add(dwg.rect(insert=(_n(x), _n(y)), size=(_n(w), _n(h))))
        dwg.add(link)


def _attrs(element, **data: object):
    for key, value in data.items():
        element[key.replace("_", "-")] = str(value)
    return element


def _points(dwg, g: _Geometry, marks: dict, numbers: bool) -> None:
    for point in range(24, 0, -1):
        cx = g.point_x(point)
        top = point >= 13
        base = g.top_edge if top else g.bottom_edge
        tip = base + g.tri_h if top else base - g.tri_h
        classes = ["point", "odd" if point % 2 else "even"]
        if point in marks:
            classes.append(marks[point])
        group = _attrs(dwg.g(class_=" ".join(classes)), data_point=point)
        group.add(dwg.path(d=f"M{_n(cx - g.pw / 2)},{_n(base)}L{_n(cx + g.pw / 2)},{_n(base)}L{_n(cx)},{_n(tip)}z"))
        dwg.add(group)
        if numbers:
            y = g.num_top if top else g.num_bottom
            dwg.add(dwg.text(str(point), insert=(_n(cx), _n(y)), class_="point-number"))


def _count_y(g: _Geometry, cy: float) -> float:
    """The baseline of a number written on a checker centred at ``cy``."""
    return cy + 5.5 if g is DEFAULT else cy + 0.36 * g.font


def _stack(dwg, g: _Geometry, side: Side, place: int | str, count: int, centres: list[tuple[float, float]]) -> None:
    """Checkers at ``centres`` (as many as are drawn); the last one carries the count when some are
    not drawn."""
    group = _attrs(dwg.g(class_=f"stack {side.value}"), data_point=place, data_side=side.value, data_count=count)
    for k, (cx, cy) in enumerate(centres):
        c = _attrs(dwg.g(class_=f"checker {side.value}"), data_point=place, data_x=_n(cx), data_y=_n(cy),
                   data_r=_n(g.r))
        c.add(dwg.circle(center=(_n(cx), _n(cy)), r=_n(g.r)))
        if k == len(centres) - 1 and count > len(centres):
            c.add(dwg.text(str(count), insert=(_n(cx), _n(_count_y(g, cy))), class_="count"))
        group.add(c)
    dwg.add(group)


def _checkers(dwg, g: _Geometry, position: Position) -> None:
    for point in range(24, 0, -1):
        side, count = position.at(point)
        if side is None:
            continue
        cx, top = g.point_x(point), point >= 13
        centres = []
        for k in range(min(count, SHOWN)):
            cy = g.top_edge + g.r + g.step * k if top else g.bottom_edge - g.r - g.step * k
            centres.append((cx, cy))
        _stack(dwg, g, side, point, count, centres)


def _bar_and_off(dwg, g: _Geometry, position: Position) -> None:
    cx = g.bar_x + g.bar_w / 2
    for side in (WHITE, BLACK):
        count = position.on_bar(side)
        if count:
            # White's bar checkers wait in the top half, by the computer's home board where they
            # enter; Black's in the bottom half. Both start next to the middle strip.
            up = side is WHITE
            centres = [(cx, g.mid_top - g.r - g.step * k if up else g.mid_bottom + g.r + g.step * k)
                       for k in range(min(count, BAR_SHOWN))]
            _stack(dwg, g, side, "bar", count, centres)
    slab_w, slab_h, pitch = g.tray_w - 10, 7, 9
    if g.large:  # both counts, each a line box tall, and the slabs of both sides share the tray
        room = g.bottom_edge - g.top_edge - 2 * (1.4 * g.font + 4)
        pitch = min(9, room / max(1, position.off(WHITE) + position.off(BLACK)))
        slab_h = min(7, pitch - 1.5)
    for side in (WHITE, BLACK):
        count = position.off(side)
        if not count:
            continue
        group = _attrs(dwg.g(class_=f"stack off {side.value}"), data_point="off", data_side=side.value,
                       data_count=count)
        for k in range(count):
            y = g.bottom_edge - slab_h - pitch * k if side is WHITE else g.top_edge + pitch * k
            group.add(dwg.rect(insert=(_n(g.tray_x + 5), _n(y)), size=(_n(slab_w), _n(slab_h)), rx=2,
                               class_=f"off-slab {side.value}"))
        # the count just past the last slab, towards the middle
        if not g.large:
            y = g.bottom_edge - pitch * count - 5 if side is WHITE else g.top_edge + pitch * count + 15
        else:  # a line box clear of the slabs: 0.3 em below the baseline, 1.07 em above it
            y = (g.bottom_edge - pitch * count - 0.3 * g.font - 2 if side is WHITE
                 else g.top_edge + pitch * count + 1.07 * g.font + 2)
        group.add(dwg.text(str(count), insert=(_n(g.tray_x + g.tray_w / 2), _n(y)), class_="off-count"))
        dwg.add(group)


def _cube(dwg, g: _Geometry, position: Position) -> None:
    """The videau on the bar: in the middle when centred, else at its owner's end (the learner's
    at the bottom, the computer's at the top)."""
    cube = position.cube
    size = g.cube
    x = g.bar_x + (g.bar_w - size) / 2
    if cube.owner is None:
        y = g.mid_top + (g.mid_h - size) / 2
    elif cube.owner is WHITE:
        y = g.board_bottom - g.pad - size - 2
    else:
        y = g.board_y + g.pad + 2
    group = _attrs(dwg.g(class_="cube"), data_value=cube.value, data_owner=cube.owner.value if cube.owner else "centred")
    group.add(dwg.rect(insert=(_n(x), _n(y)), size=(_n(size), _n(size)), rx=5))
    group.add(dwg.text(str(cube.value), insert=(_n(x + size / 2), _n(_count_y(g, y + size / 2)))))
    dwg.add(group)


_DIE_PIPS = {
    1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _dice(dwg, g: _Geometry, position: Position, left: Sequence[int] | None = None) -> None:
    """The dice of the side to move, in the middle strip of its half: the learner's on the right,
    the computer's on the left. Dice not in ``left`` are faded (doubles: the first die after two
    moves, the second after four)."""
    if not position.dice:
        return
    half_x = g.bar_x + g.bar_w if position.to_move is WHITE else g.board_x
    centre = half_x + 3 * g.pw
    y = g.mid_top + (g.mid_h - DIE) / 2
    for k, value in enumerate(position.dice):
        x = centre - DIE - 5 if k == 0 else centre + 5
        if left is None:
            spent = False
        elif position.dice[0] == position.dice[1]:
            spent = len(left) <= (2 if k == 0 else 0)  # two dice stand for four moves
        else:
            spent = value not in left
        group = _attrs(dwg.g(class_=f"die {position.to_move.value}" + (" used" if spent else "")), data_value=value)
        group.add(dwg.rect(insert=(_n(x), _n(y)), size=(DIE, DIE), rx=5))
        for dx, dy in _DIE_PIPS[value]:
            group.add(dwg.circle(center=(_n(x + DIE / 2 + 8 * dx), _n(y + DIE / 2 + 8 * dy)), r=3))
        dwg.add(group)


def _legend(dwg, position: Position, labels: Labels, legend, marks: dict) -> None:
    """The default picture's legend: one line per side (its pip count at the end), and the key to
    the marks."""
    y = LEGEND_Y
    group = dwg.g(class_="legend")
    for side, text in legend:
        if not text:
            continue
        checker = _attrs(dwg.g(class_=f"key {side.value}"), data_side=side.value)
        checker.add(dwg.circle(center=(M + 10, _n(y + 8)), r=9))
        group.add(checker)
        group.add(dwg.text(text, insert=(M + 26, _n(y + 14))))
        if labels.pips is not None:
            pips = _attrs(dwg.text(labels.pips(position.pips(side)), insert=(WIDTH - M, _n(y + 14)), class_="pips"),
                          data_side=side.value, data_pips=position.pips(side))
            group.add(pips)
        y += LINE_H
    if marks and labels.marked:
        group.add(dwg.rect(insert=(M + 1, _n(y)), size=(18, 18), rx=3, class_="mark"))
        group.add(dwg.text(labels.marked, insert=(M + 26, _n(y + 14))))
    dwg.add(group)


class _Line(NamedTuple):
    """One line of a large legend: a key (a side's checker, "mark", or None), its words, and a
    pip count at its end (side, number, words) or None."""

    key: str | None
    text: str
    pips: tuple[Side, int, str] | None


def _wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines of at most ``width`` (:func:`text_width`), broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    # a last line of a letter or two ("1" of "24 → 1", Vietnamese "ý") takes words from the line
    # before until it has six characters
    while len(lines) > 1 and len(lines[-1]) < 6 and " " in lines[-2]:
        rest, moved = lines[-2].rsplit(" ", 1)
        if text_width(f"{moved} {lines[-1]}", size) > width:
            break
        lines[-2:] = [rest, f"{moved} {lines[-1]}"]
    return lines or [""]


def _legend_lines(g: _Geometry, position: Position, labels: Labels, legend, marks: dict) -> list[_Line]:
    """A large legend's lines: each side's words wrapped to the picture's width, its pip count at
    the end of the last line when it fits there (else on a line of its own), then the key to the
    marks."""
    room = g.width - g.m - (g.m + 0.9 * g.font)
    lines: list[_Line] = []
    for side, text in legend:
        if not text:
            continue
        words = _wrap(str(text), room, g.font)
        pips = None
        if labels.pips is not None:
            count = position.pips(side)
            pips = (side, count, str(labels.pips(count)))
        entry = [_Line(side.value if k == 0 else None, line, None) for k, line in enumerate(words)]
        if pips is not None:
            last = entry[-1]
            if text_width(f"{last.text}  {pips[2]}", g.font) <= room:
                entry[-1] = last._replace(pips=pips)
            else:
                entry.append(_Line(None, "", pips))
        lines += entry
    if marks and labels.marked:
        lines += [_Line("mark" if k == 0 else None, line, None)
                  for k, line in enumerate(_wrap(str(labels.marked), room, g.font))]
    return lines


def _large_legend(dwg, g: _Geometry, lines: list[_Line]) -> None:
    """A large legend, line by line: each line a line box tall (1.4 em), its baseline 1.1 em down."""
    font = g.font
    group = dwg.g(class_="legend")
    x_text = g.m + 0.9 * font
    for k, line in enumerate(lines):
        top = g.legend_y + k * g.line_h
        base = top + 1.1 * font
        middle = base - 0.36 * font  # the middle of a capital letter
        if line.key in ("white", "black"):
            checker = _attrs(dwg.g(class_=f"key {line.key}"), data_side=line.key)
            checker.add(dwg.circle(center=(_n(g.m + 0.35 * font), _n(middle)), r=_n(0.33 * font)))
            group.add(checker)
        elif line.key == "mark":
            side = 0.6 * font
            group.add(dwg.rect(insert=(_n(g.m + 0.05 * font), _n(middle - side / 2)), size=(_n(side), _n(side)),
                               rx=3, class_="mark"))
        if line.text:
            group.add(dwg.text(line.text, insert=(_n(x_text), _n(base))))
        if line.pips is not None:
            side_, count, words = line.pips
            group.add(_attrs(dwg.text(words, insert=(_n(g.width - g.m), _n(base)), class_="pips"),
                             data_side=side_.value, data_pips=count))
    dwg.add(group)


def _serialize(dwg, labels: Labels, prefix: str, role: str = "img") -> str:
    """The SVG text. A board with links is a ``group``, not an ``img``: an image's content is
    presentational, so links inside one would be interactive controls nested in a picture."""
    dwg.set_desc(labels.title, labels.desc)
    root = dwg.get_xml()
    for attribute in ("xmlns:ev", "baseProfile", "version", "xmlns:xlink"):
        root.attrib.pop(attribute, None)
    title, desc = root[0], root[1]
    title.set("id", f"{prefix}t")
    desc.set("id", f"{prefix}d")
    root.set("role", role)
    root.set("aria-labelledby", f"{prefix}t")
    root.set("aria-describedby", f"{prefix}d")
    return ET.tostring(root, encoding="utf-8").decode("utf-8").replace(" />", "/>")


