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
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Callable, Mapping, NamedTuple, Sequence

import svgwrite

from .plays import BAR_POINT, OFF, Step
from .position import BLACK, WHITE, Position, Side, learner_point

__all__ = ["Labels", "Stack", "checker_stacks", "render_board"]

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
    """The centre x of a point (learner's numbering) on the board."""
    if point <= 12:  # bottom: 1 at the far right, 12 at the far left
        column = 12 - point
    else:  # top: 13 at the far left, 24 at the far right
        column = point - 13
    x = BOARD_X + column * PW + PW / 2
    return x + BAR_W if column >= 6 else x


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
    """
    marks = _marks(play_side or position.to_move, play)
    prefix = id_prefix or "b" + hashlib.sha1("|".join(
        [position.to_text(), labels.title, labels.desc, repr(sorted(map(str, marks.items()))), str(selected),
         str(dice_left), repr(sorted(map(str, (links or {}).items())))]
    ).encode("utf-8")).hexdigest()[:6]
    legend = [(WHITE, labels.white), (BLACK, labels.black)]
    rows = len([text for _, text in legend if text]) + (1 if marks and labels.marked else 0)
    height = LEGEND_Y + rows * LINE_H + (M if rows else 0)
    dwg = svgwrite.Drawing(size=(WIDTH, _n(height)), debug=False)
    dwg["viewBox"] = f"0 0 {WIDTH} {_n(height)}"
    dwg["class"] = "bgm"
    dwg.defs.add(dwg.style(STYLE))
    dwg.add(dwg.rect(insert=(0, 0), size=(WIDTH, _n(height)), rx=10, class_="bg"))
    dwg.add(dwg.rect(insert=(BOARD_X, BOARD_Y), size=(BOARD_W, BOARD_BOTTOM - BOARD_Y), class_="board"))
    _points(dwg, marks, numbers)
    bar = dwg.rect(insert=(BAR_X, BOARD_Y), size=(BAR_W, BOARD_BOTTOM - BOARD_Y),
                   class_="bar" + (f" {marks['bar']}" if "bar" in marks else ""))
    dwg.add(bar)
    dwg.add(dwg.rect(insert=(TRAY_X, BOARD_Y), size=(TRAY_W, BOARD_BOTTOM - BOARD_Y),
                     class_="tray" + (f" {marks['off']}" if "off" in marks else "")))
    for place in ("bar", "off"):
        if place in marks:  # a frame around the bar or the tray, like a marked point
            x, w = (BAR_X, BAR_W) if place == "bar" else (TRAY_X, TRAY_W)
            dwg.add(dwg.rect(insert=(x + 2, BOARD_Y + 2), size=(w - 4, BOARD_BOTTOM - BOARD_Y - 4),
                             class_=f"mark mark-{place}"))
    _checkers(dwg, position)
    _bar_and_off(dwg, position)
    _cube(dwg, position)
    _dice(dwg, position, dice_left)
    _legend(dwg, position, labels, legend, marks)
    if selected is not None:
        _ring(dwg, selected)
    if links:
        _links(dwg, links)
    return _serialize(dwg, labels, prefix, role="group" if links else "img")


def _column(place: int | str) -> tuple[float, float, float, float]:
    """(x, y, width, height) of the band a place covers: a point's half of the board, the bar or the tray."""
    if place == "bar":
        return BAR_X, BOARD_Y, BAR_W, BOARD_BOTTOM - BOARD_Y
    if place == "off":
        return TRAY_X, BOARD_Y, TRAY_W, BOARD_BOTTOM - BOARD_Y
    top = place >= 13
    y = BOARD_Y - NUM_H if top else MID_BOTTOM
    return point_x(place) - PW / 2, y, PW, (MID_TOP - y) if top else (BOARD_BOTTOM + NUM_H - y)


def _ring(dwg, place: int | str) -> None:
    x, y, w, h = _column(place)
    dwg.add(_attrs(dwg.rect(insert=(_n(x + 1.5), _n(y + 1.5)), size=(_n(w - 3), _n(h - 3)), rx=6, class_="selected"),
                   data_place=place))


def _links(dwg, links: Mapping[int | str, str]) -> None:
    for place, href in links.items():
        x, y, w, h = _column(place)
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


def _points(dwg, marks: dict, numbers: bool) -> None:
    for point in range(24, 0, -1):
        cx = point_x(point)
        top = point >= 13
        base = TOP_EDGE if top else BOTTOM_EDGE
        tip = base + TRI_H if top else base - TRI_H
        classes = ["point", "odd" if point % 2 else "even"]
        if point in marks:
            classes.append(marks[point])
        g = _attrs(dwg.g(class_=" ".join(classes)), data_point=point)
        g.add(dwg.path(d=f"M{_n(cx - PW / 2)},{base}L{_n(cx + PW / 2)},{base}L{_n(cx)},{tip}z"))
        dwg.add(g)
        if numbers:
            y = BOARD_Y - 6 if top else BOARD_BOTTOM + 16
            dwg.add(dwg.text(str(point), insert=(_n(cx), y), class_="point-number"))


def _stack(dwg, side: Side, place: int | str, count: int, centres: list[tuple[float, float]]) -> None:
    """Checkers at ``centres`` (as many as are drawn); the last one carries the count when some are
    not drawn."""
    g = _attrs(dwg.g(class_=f"stack {side.value}"), data_point=place, data_side=side.value, data_count=count)
    for k, (cx, cy) in enumerate(centres):
        c = _attrs(dwg.g(class_=f"checker {side.value}"), data_point=place, data_x=_n(cx), data_y=_n(cy), data_r=R)
        c.add(dwg.circle(center=(_n(cx), _n(cy)), r=R))
        if k == len(centres) - 1 and count > len(centres):
            c.add(dwg.text(str(count), insert=(_n(cx), _n(cy + 5.5)), class_="count"))
        g.add(c)
    dwg.add(g)


def _checkers(dwg, position: Position) -> None:
    for point in range(24, 0, -1):
        side, count = position.at(point)
        if side is None:
            continue
        cx, top = point_x(point), point >= 13
        centres = []
        for k in range(min(count, SHOWN)):
            cy = TOP_EDGE + R + 2 * R * k if top else BOTTOM_EDGE - R - 2 * R * k
            centres.append((cx, cy))
        _stack(dwg, side, point, count, centres)


def _bar_and_off(dwg, position: Position) -> None:
    cx = BAR_X + BAR_W / 2
    for side in (WHITE, BLACK):
        count = position.on_bar(side)
        if count:
            # White's bar checkers wait in the top half, by the computer's home board where they
            # enter; Black's in the bottom half. Both start next to the middle strip.
            up = side is WHITE
            centres = [(cx, MID_TOP - R - 2 * R * k if up else MID_BOTTOM + R + 2 * R * k)
                       for k in range(min(count, BAR_SHOWN))]
            _stack(dwg, side, "bar", count, centres)
    slab_w, slab_h, pitch = TRAY_W - 10, 7, 9
    for side in (WHITE, BLACK):
        count = position.off(side)
        if not count:
            continue
        g = _attrs(dwg.g(class_=f"stack off {side.value}"), data_point="off", data_side=side.value, data_count=count)
        for k in range(count):
            y = BOTTOM_EDGE - slab_h - pitch * k if side is WHITE else TOP_EDGE + pitch * k
            g.add(dwg.rect(insert=(TRAY_X + 5, _n(y)), size=(slab_w, slab_h), rx=2, class_=f"off-slab {side.value}"))
        # the count just past the last slab, towards the middle
        y = BOTTOM_EDGE - pitch * count - 5 if side is WHITE else TOP_EDGE + pitch * count + 15
        g.add(dwg.text(str(count), insert=(_n(TRAY_X + TRAY_W / 2), y), class_="off-count"))
        dwg.add(g)


def _cube(dwg, position: Position) -> None:
    """The videau on the bar: in the middle when centred, else at its owner's end (the learner's
    at the bottom, the computer's at the top)."""
    cube = position.cube
    size = 30
    x = BAR_X + (BAR_W - size) / 2
    if cube.owner is None:
        y = MID_TOP + (MID_H - size) / 2
    elif cube.owner is WHITE:
        y = BOARD_BOTTOM - PAD - size - 2
    else:
        y = BOARD_Y + PAD + 2
    g = _attrs(dwg.g(class_="cube"), data_value=cube.value, data_owner=cube.owner.value if cube.owner else "centred")
    g.add(dwg.rect(insert=(_n(x), _n(y)), size=(size, size), rx=5))
    g.add(dwg.text(str(cube.value), insert=(_n(x + size / 2), _n(y + size / 2 + 5.5))))
    dwg.add(g)


_DIE_PIPS = {
    1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _dice(dwg, position: Position, left: Sequence[int] | None = None) -> None:
    """The dice of the side to move, in the middle strip of its half: the learner's on the right,
    the computer's on the left. Dice not in ``left`` are faded (doubles: the first die after two
    moves, the second after four)."""
    if not position.dice:
        return
    half_x = BAR_X + BAR_W if position.to_move is WHITE else BOARD_X
    centre = half_x + 3 * PW
    y = MID_TOP + (MID_H - DIE) / 2
    for k, value in enumerate(position.dice):
        x = centre - DIE - 5 if k == 0 else centre + 5
        if left is None:
            spent = False
        elif position.dice[0] == position.dice[1]:
            spent = len(left) <= (2 if k == 0 else 0)  # two dice stand for four moves
        else:
            spent = value not in left
        g = _attrs(dwg.g(class_=f"die {position.to_move.value}" + (" used" if spent else "")), data_value=value)
        g.add(dwg.rect(insert=(_n(x), _n(y)), size=(DIE, DIE), rx=5))
        for dx, dy in _DIE_PIPS[value]:
            g.add(dwg.circle(center=(_n(x + DIE / 2 + 8 * dx), _n(y + DIE / 2 + 8 * dy)), r=3))
        dwg.add(g)


def _legend(dwg, position: Position, labels: Labels, legend, marks: dict) -> None:
    y = LEGEND_Y
    g = dwg.g(class_="legend")
    for side, text in legend:
        if not text:
            continue
        checker = _attrs(dwg.g(class_=f"key {side.value}"), data_side=side.value)
        checker.add(dwg.circle(center=(M + 10, _n(y + 8)), r=9))
        g.add(checker)
        g.add(dwg.text(text, insert=(M + 26, _n(y + 14))))
        if labels.pips is not None:
            pips = _attrs(dwg.text(labels.pips(position.pips(side)), insert=(WIDTH - M, _n(y + 14)), class_="pips"),
                          data_side=side.value, data_pips=position.pips(side))
            g.add(pips)
        y += LINE_H
    if marks and labels.marked:
        g.add(dwg.rect(insert=(M + 1, _n(y)), size=(18, 18), rx=3, class_="mark"))
        g.add(dwg.text(labels.marked, insert=(M + 26, _n(y + 14))))
    dwg.add(g)


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


