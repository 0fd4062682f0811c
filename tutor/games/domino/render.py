"""SVG diagrams of a domino position: a pure function of a position plus display options.

The picture shows, top to bottom: the other seats' hands (face down unless revealed) and the
boneyard, the line of play on the table (one chain, wrapping as a snake, doubles crosswise, the
two open ends marked), the viewing seat's hand with its playable tiles highlighted, and optional
annotation lines. Every visible word comes from :class:`Labels`; this module never writes prose.

>>> from tutor.games.domino import Position
>>> labels = Labels(title="Your turn", desc="The left end shows 5 and the right end 6.")
>>> svg = render_position(Position.parse("5-3,6-1,3-3/2-0,1-1 5-4,4-4,4-6 0 0"), labels=labels)
>>> svg.startswith("<svg") and 'role="img"' in svg
True
>>> [(b.tile, b.classes) for b in tile_boxes(svg) if b.index is not None]
[('5-4', ('tile',)), ('4-4', ('tile', 'double')), ('4-6', ('tile',))]

With a spinner (Straight, All Fives) the table is the spinner crosswise at its centre and up to
four arms: left and right from its long sides, up and down from its ends. Each arm runs straight
to the table's edge, turns the corner there and snakes on as the line does, all four turning the
same way so that each keeps to its own quarter of the table; each open arm's end is marked.

>>> from tutor.games.domino.rules import ALL_FIVES
>>> table = Position.parse("5-3,6-1/2-0,1-1 6-6:6-3,3-1:6-5:6-2:- 0 0", ALL_FIVES)
>>> svg = render_position(table, labels=labels)
>>> [(b.tile, b.arm) for b in tile_boxes(svg) if b.index is not None]
[('1-3', 'left'), ('3-6', 'left'), ('6-6', None), ('6-5', 'right'), ('6-2', 'up')]
>>> [e for e in ("end-left", "end-right", "end-up", "end-down") if f'class="badge {e}' in svg]
['end-left', 'end-right', 'end-up', 'end-down']

All Fives counts an arm once it holds a tile, so the spinner's bare end is drawn hollow:

>>> 'class="badge end-down uncounted"' in svg, 'class="badge end-up uncounted"' in svg
(True, False)

Elements carry classes that pages and tests can rely on: ``tile`` (with ``double``, ``face-down``,
``playable``, ``unplayable``, ``last-move``, ``spinner``), ``half pips-N``, ``hand``, ``opponent``,
``line``, ``end-left``, ``end-right`` (and a spinner's ``end-up``, ``end-down``), ``fit`` (with
``fits-left`` ... ``fits-down``), ``boneyard``, ``annotation``. Each tile group has ``data-x``,
``data-y``, ``data-w``, ``data-h``: its box in viewBox units (see :func:`tile_boxes`). A face-up
tile has ``data-tile="a-b"`` with its halves in the order they are drawn (first: left or top of
the tile before rotation); a face-down tile carries no identity at all. A table tile has
``data-index``, its place in ``Position.line_tiles()``; with a spinner, ``data-tile`` gives the
line's tiles (left arm, spinner, right arm) left to right and the up and down arms' from the
spinner outwards, and each arm's tile has ``data-arm`` (``left``, ``right``, ``up``, ``down``).

svgwrite is used only here, so it could be swapped for ElementTree later. It validates SVG 1.1;
the ARIA and ``data-*`` attributes are outside that vocabulary and are added after validation.
"""

from __future__ import annotations

import hashlib
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Callable, Collection, Sequence

import svgwrite
import svgwrite.container
import svgwrite.path
import svgwrite.shapes
import svgwrite.text
import svgwrite.utils

from tutor.games.domino import Action, ActionKind, End, Position, Required, Tile
from tutor.games.domino.position import arm_pairs
from tutor.games.domino.spinner import ARMS, HANDS, Arm, Branch, SpinnerLayout, arm_rank

__all__ = ["Labels", "TileBox", "render_position", "tile_boxes"]

# ----- geometry (viewBox units) -------------------------------------------------------------------
S = 40  # short side of a tile; a half is an S x S square
L = 2 * S  # long side
GAP = 2  # between touching tiles of the line
RX = 6  # corner radius
PIP_R = 4.5  # 9 of a half's 40 units: a pip stays about 5 px across on a phone's 24 px tile
Q = 11  # pip offset from a half's centre
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((-Q, -Q), (Q, Q)),
    3: ((-Q, -Q), (0, 0), (Q, Q)),
    4: ((-Q, -Q), (Q, -Q), (-Q, Q), (Q, Q)),
    5: ((-Q, -Q), (Q, -Q), (0, 0), (-Q, Q), (Q, Q)),
    # the six: two lines of three, along the tile's long side
    6: ((-Q, -Q), (0, -Q), (Q, -Q), (-Q, Q), (0, Q), (Q, Q)),
}
MARGIN = 20
HAND_PITCH = 60  # centre to centre of hand tiles (40 wide, so 20 between)
SMALL = 0.65  # scale of the other seats' tiles and of the boneyard stack
SMALL_PITCH = 32
BADGE_R = 15
FONT = 15  # labels
LINE_H = 22  # annotation lines
CHAR_W = 0.56  # rough width of a character, in font sizes, for layout only
TABLE_PAD = 22  # around the line, inside the table

STYLE = (
    ".dmn{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Helvetica Neue',Arial,sans-serif}"
    ".dmn .bg{fill:#f6f2e9}"
    ".dmn .table{fill:#e4ddcc}"
    ".dmn .tile{fill:#fffdf5;stroke:#2b2824;stroke-width:1.6}"
    ".dmn .half{fill:#1c1a17;stroke:none}"
    ".dmn .face-down{fill:#3a5670;stroke:#1e3347}"
    ".dmn .inner{fill:none;stroke:#7f9bb5;stroke-width:1.2}"
    ".dmn .last-move{fill:#ffe29a;stroke:#b45309;stroke-width:2.6}"
    ".dmn .joint{fill:#8a8272}"
    ".dmn .fresh-ring{fill:none;stroke:#b45309;stroke-width:3;stroke-dasharray:7 4}"
    ".dmn .ring{fill:#c5efe8;stroke:#0d8073;stroke-width:3}"
    ".dmn .dimmed{opacity:.38}"
    ".dmn .empty{fill:none;stroke:#8a8272;stroke-width:1.6;stroke-dasharray:6 5}"
    ".dmn .root-ring{fill:none;stroke:#6b6457;stroke-width:2;stroke-dasharray:5 4}"
    ".dmn .branch-root{fill:#fffdf5;stroke:#2b2824;stroke-width:1.6}"
    ".dmn .branch-title{font-weight:600}"
    ".dmn text{fill:#2b2824;stroke:none;font-size:15px}"
    ".dmn .name{font-weight:600}"
    ".dmn .badge circle{fill:#1f2933;stroke:#fff;stroke-width:2}"
    ".dmn .badge.uncounted circle{fill:#fff;stroke:#1f2933;stroke-width:2;stroke-dasharray:4 3}"
    ".dmn .badge.uncounted .num{fill:#1f2933}"
    ".dmn .num{fill:#fff;font-weight:700;text-anchor:middle;font-size:18px}"
    ".dmn .fit rect,.dmn .turn{fill:#0d8073}"
    ".dmn .fit path{fill:#fff}"
    ".dmn .fit .num{font-size:13px}"
    ".dmn .end-label{font-weight:600;fill:#3d3a35}"
    ".dmn .boneyard-count{font-size:22px;font-weight:700}"
)


def _style(label_size: float) -> str:
    """The picture's style sheet. Larger labels (a slide's, a phone's) add rules that resize every
    word, so the default picture keeps its bytes. An inline SVG's style applies to the whole page,
    so those rules name the size they are for: pictures with different label sizes can share a page."""
    if label_size == FONT:
        return STYLE
    k = label_size / FONT
    scope = f'.dmn[data-label-size="{_n(label_size)}"]'
    return STYLE + (
        f"{scope} text{{font-size:{_n(label_size)}px}}"
        f"{scope} .num{{font-size:{_n(18 * k)}px}}"
        f"{scope} .fit .num,{scope} .boneyard-count{{font-size:{_n(label_size)}px}}"
        f"{scope} .annotation{{font-size:{_n(label_size)}px}}"
    )


@dataclass(frozen=True)
class Labels:
    """The already-localized words a picture needs; an empty string draws no text.

    ``title`` and ``desc`` are the accessible name and description (full sentences in the page's
    language); the rest are short visible words. ``seat_name(seat)`` names another seat's hand,
    e.g. ``lambda n: _("Player %(n)s", n=n + 1)``; without it the other hands are unnamed.
    """

    title: str
    desc: str
    hand: str = ""  # "Your hand"
    boneyard: str = ""  # "Boneyard"
    left_end: str = ""  # "left end"
    right_end: str = ""  # "right end"
    seat_name: Callable[[int], str] | None = None
    up_end: str = ""  # a spinner's up arm: "up"
    down_end: str = ""  # a spinner's down arm: "down"
    #: every double branching (Straight, All Fives): the heading of a double's sides, e.g.
    #: ``lambda double: _("Sides of %(double)s", double=double)``, and the words by their ends
    branch_title: Callable[[str], str] | None = None
    side_left: str = ""  # "left side"
    side_right: str = ""  # "right side"


@dataclass(frozen=True)
class TileBox:
    """A drawn tile as :func:`tile_boxes` reads it back: its box in viewBox units."""

    tile: str | None  # "a-b" in drawing order; None when face down
    classes: tuple[str, ...]
    x: float
    y: float
    w: float
    h: float
    index: int | None  # place in the line of play (with a spinner: in Position.line_tiles()), None for hand tiles
    seat: int | None  # the hand it is in, None for line tiles
    arm: str | None = None  # with a spinner: the arm a table tile is in ("left", ..., None for the spinner)

    def overlaps(self, other: "TileBox") -> bool:
        return (
            self.x < other.x + other.w and other.x < self.x + self.w
            and self.y < other.y + other.h and other.y < self.y + self.h
        )


def tile_boxes(svg: str) -> list[TileBox]:
    """Every tile group of a rendered diagram, in document order."""
    root = ET.fromstring(svg)
    boxes = []
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        classes = tuple(g.get("class", "").split())
        if "tile" not in classes:
            continue
        index, seat = g.get("data-index"), g.get("data-seat")
        boxes.append(TileBox(
            g.get("data-tile"), classes,
            float(g.get("data-x")), float(g.get("data-y")), float(g.get("data-w")), float(g.get("data-h")),
            None if index is None else int(index), None if seat is None else int(seat), g.get("data-arm"),
        ))
    return boxes


# ----- small helpers ----------------------------------------------------------------------------
def _n(value: float) -> str:
    """A coordinate rounded to one decimal, without a trailing .0."""
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _text_width(text: str, size: float = FONT) -> float:
    return len(text) * size * CHAR_W


def _wrapped(text: str, size: float, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` (by :func:`_text_width`), broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and _text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [text]


@dataclass
class _Placed:
    """A tile placed in layout coordinates: centre, rotation, and the box after rotation."""

    halves: tuple[int, int]
    cx: float
    cy: float
    angle: int
    scale: float = 1.0

    @property
    def w(self) -> float:
        return (L if self.angle % 180 == 0 else S) * self.scale

    @property
    def h(self) -> float:
        return (S if self.angle % 180 == 0 else L) * self.scale


@dataclass
class _Band:
    """A horizontal strip of the picture, drawn at an offset once the canvas is known."""

    width: float
    height: float
    draw: Callable[[float, float], None]


# ----- the line of play -------------------------------------------------------------------------
ROW_GAP = 12  # between the rows of the snake: wide enough to tell the rows apart


def _rows(line: Sequence[tuple[int, int]], max_row: int) -> list[range]:
    """Split the chain into rows of at most ``max_row`` tiles, as even as they can be.

    A row break between two plain tiles stacks the next row's first tile under the last one; a
    double beside a break lies across both rows, so breaks beside doubles are fine, but a row keeps
    at least two tiles (but the last) so that no double has to turn two corners.
    """
    n, max_row = len(line), max(2, max_row)
    rows: list[range] = []
    start = 0
    while n - start > max_row:
        left = n - start
        count = math.ceil(left / max_row)
        target = math.ceil(left / count)
        size = max(2, min(max_row, target))
        rows.append(range(start, start + size))
        start += size
    rows.append(range(start, n))
    return rows


def _layout_line(line: Sequence[tuple[int, int]], max_row: int) -> tuple[list[_Placed], list[int]]:
    """Place every tile of the line as a snake: rows that turn at the edges, every plain tile
    lengthwise and only doubles crosswise. Returns the placements and each row's direction (+1 east).

    At a turn between two plain tiles the next row starts right under the last tile, so the two
    halves that match sit one above the other; a double at a turn stands across both rows, joined
    on its long side by the last tile of one row and the first of the next.
    """
    return _place_rows(line, _rows(line, max_row))


def _place_rows(line: Sequence[tuple[int, int]], rows: list[range], lengthwise: int | None = None
                ) -> tuple[list[_Placed], list[int]]:
    """:func:`_layout_line` for a given split into rows (a spinner's arm chooses its own).
    ``lengthwise``: the index of a double drawn along the row, not across it (a branching double
    at the centre of the row of its two sides, which touch its short ends)."""
    placed: list[_Placed | None] = [None] * len(line)
    directions = []

    def crosswise(i: int) -> bool:
        return line[i][0] == line[i][1] and i != lengthwise

    def reach(r: int) -> float:
        """How far a row's tiles reach above and below its centre line (a double standing
        across two rows at a turn is not counted: it lies between them)."""
        row = rows[r]
        inner = [i for i in row if not ((i == row[0] and r > 0) or (i == row[-1] and r + 1 < len(rows)))]
        return L / 2 if any(crosswise(i) for i in inner) else S / 2

    x, y, direction = 0.0, 0.0, 1
    for r, row in enumerate(rows):
        directions.append(direction)
        first = row[0]
        if r > 0:
            p = placed[row[0] - 1]
            assert p is not None
            back = -direction  # the direction of the previous row
            pitch = reach(r - 1) + reach(r) + ROW_GAP  # from the previous row's centre line to this one's
            y += pitch
            a, b = line[first]
            if p.angle % 180 and p.halves[0] == p.halves[1]:
                # the double P stands across both rows: this row starts beside its lower half
                x = p.cx - back * (S / 2 + GAP)
            elif crosswise(first):
                # this row's first tile is a double standing across both rows, beyond P's end
                cx = p.cx + back * (p.w / 2 + GAP + S / 2)
                placed[first] = _Placed((a, b), cx, y - pitch / 2, 90)
                x = cx + direction * (S / 2 + GAP)
                first += 1
            else:
                # stacked: the first half of this row's first tile right under P's last half
                x = p.cx + back * p.w / 2
        for i in range(first, row[-1] + 1):
            a, b = line[i]
            double = crosswise(i)
            w = S if double else L
            corner = double and i == row[-1] and r + 1 < len(rows)
            drop = (reach(r) + reach(r + 1) + ROW_GAP) / 2 if corner else 0
            angle = 90 if double else (0 if direction > 0 else 180)
            placed[i] = _Placed((a, b), x + direction * w / 2, y + drop, angle)
            x += direction * (w + GAP)
        direction = -direction
    return [p for p in placed if p is not None], directions


# ----- a spinner's arms ---------------------------------------------------------------------------
# Straight and All Fives: the spinner stands crosswise at the centre and up to four arms run out of
# it. Each arm runs straight to the table's edge, turns the corner there and runs along the edge,
# then snakes back towards the centre as the line does, its rows stacking inwards. All four turn the
# same way (a pinwheel): the left arm turns up, the up arm right, the right arm down and the down
# arm left, so each arm's turns fill its own quarter of the table and never meet another arm.
BRANCH_GAP = 26  # between the pinwheel and the doubles' rows, and between those rows
FIT_LINE = 22  # from one line of a fit tag to the next (a tile fitting three or four of a spinner's arms)
ARM_CLEAR = 16  # between one arm's turns and the next arm: wider than ROW_GAP, so two arms never read as one
# per arm: where its first tile touches the spinner, and its frame's rotation (in its own frame an
# arm leaves the spinner eastwards and turns south)
_ARM_FRAME: dict[End, tuple[float, float, int]] = {
    End.LEFT: (-(S / 2 + GAP), 0, 180),
    End.RIGHT: (S / 2 + GAP, 0, 0),
    End.UP: (0, -(L / 2 + GAP), 270),
    End.DOWN: (0, L / 2 + GAP, 90),
}
_Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _fit_lines(ends: Collection[Arm | None], numbers: dict | None = None) -> list[list[Arm]]:
    """The ends a fit tag names, one line of at most two: left and right, then a spinner's up and
    down, then the doubles' sides (every double branching), one part per number they show."""
    parts: list[Arm] = [e for e in (End.LEFT, End.UP, End.DOWN, End.RIGHT) if e in ends]
    lines = [parts] if len(parts) <= 2 else [[e for e in parts if e in (End.LEFT, End.RIGHT)],
                                             [e for e in parts if e in (End.UP, End.DOWN)]]
    branches: dict[int, Branch] = {}
    for arm in sorted((e for e in ends if isinstance(e, Branch)), key=lambda b: (b.double.index, b.hand.value)):
        branches.setdefault(numbers[arm] if numbers else arm.double.high, arm)
    if branches:
        found = [branches[n] for n in sorted(branches)]
        lines = [line for line in lines if line] + [found[i:i + 2] for i in range(0, len(found), 2)]
    return lines


def _turn(angle: int, x: float, y: float) -> tuple[float, float]:
    """A point turned by ``angle`` (a multiple of 90, clockwise as in SVG)."""
    return {0: (x, y), 90: (-y, x), 180: (-x, -y), 270: (y, -x)}[angle % 360]


def _box(p: _Placed) -> _Box:
    return p.cx - p.w / 2, p.cy - p.h / 2, p.cx + p.w / 2, p.cy + p.h / 2


def _overlap(a: _Box, b: _Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _reach(box: _Box, towards: tuple[float, float]) -> float:
    """How far a box reaches in a direction (a unit vector along an axis)."""
    dx, dy = towards
    return max(dx * box[0], dx * box[2]) + max(dy * box[1], dy * box[3])


@dataclass
class _Arm:
    """An arm placed on the table (spinner at 0,0): its tiles from the spinner outwards with their
    halves in drawing order, how many run straight out before the corner, the bars joining stacked
    tiles at its turns, and its open end's badge (centre, and the direction the arm runs there)."""

    placed: list[_Placed]
    straight: int
    joints: list[tuple[float, float, float, float]]  # x, y, w, h
    badge: tuple[float, float, int, int] | None
    badge_r: float
    fits: bool = True  # its snake's rows keep within their bounds

    def boxes(self, start: int = 0) -> list[_Box]:
        """The boxes of its tiles from ``start`` on, and its badge's."""
        boxes = [_box(p) for p in self.placed[start:]]
        if self.badge is not None:
            bx, by, r = self.badge[0], self.badge[1], self.badge_r
            boxes.append((bx - r, by - r, bx + r, by + r))
        return boxes


def _arm_rows(pairs: Sequence[tuple[int, int]], out: float, inner: float, badge_r: float) -> tuple[list[range], bool]:
    """Split a run of tiles (in its own frame, starting eastwards at x = 0) into snake rows, each
    as long as fits: every tile at most ``out`` east, the turned rows' tiles at least ``inner``
    (clear of what the run turns back towards), and room for the badge past the last tile. A row
    is never a lone double (it would have to turn two corners). When nothing fits, two tiles, and
    the answer says the rows do not fit (the caller then gives the run more room)."""
    n = len(pairs)
    badge = 10 + 2 * badge_r  # past the last tile, as the line's badges stand
    rows: list[range] = []
    start, ok = 0, True
    # no row holds more tiles than fit at a double's length each (and its corner double)
    most = max(1, int((out - min(inner, 0)) // (S + GAP)) + 2)
    while start < n:
        chosen = None
        for size in range(min(n - start, most), 0, -1):
            end = start + size
            if (size == 1 and pairs[start][0] == pairs[start][1]) or (end == n - 1 and pairs[end][0] == pairs[end][1]):
                continue
            # the rows so far, this one, and the next one's first tile: later tiles move no x
            trial = rows + [range(start, end)] + ([range(end, n if end == n - 1 else end + 1)] if end < n else [])
            placed, directions = _place_rows(pairs[:trial[-1].stop], trial)
            turned = trial[1].start if len(trial) > 1 else n
            # a double opening the next row stands beyond this row's end: it must fit too
            last = end + 1 if end < n and pairs[end][0] == pairs[end][1] else end
            fits = all(
                _box(placed[i])[2] <= out and (i < turned or _box(placed[i])[0] >= inner) for i in range(last)
            )
            if fits and end == n:
                x0, _, x1, _ = _box(placed[-1])
                fits = x1 + badge <= out if directions[-1] > 0 else x0 - badge >= inner
                # a large badge (a slide's) is wider than a row: clear of the rows beside it too
                r = badge_r
                bx, by = (x1 + badge - r if directions[-1] > 0 else x0 - badge + r), placed[-1].cy
                fits = fits and not any(_overlap((bx - r, by - r, bx + r, by + r), _box(p)) for p in placed)
            if fits:
                chosen = size
                break
        ok = ok and chosen is not None
        size = chosen if chosen is not None else min(2, n - start)
        rows.append(range(start, start + size))
        start += size
    return rows, ok


def _straight_run(pairs: Sequence[tuple[int, int]], out: float, badge: float) -> int:
    """How many of an arm's tiles run straight out within ``out``: all of them with room for the
    badge, else as many as leave room for the corner tile past the last one. The corner tile is
    never a double (it would lie lengthwise to one of its neighbours); a double may end the run."""
    n = len(pairs)
    for count in range(n, 0, -1):
        placed, _ = _place_rows(pairs[:count], [range(count)])
        x1 = _box(placed[-1])[2]
        if count == n:
            if x1 + badge <= out:
                return n
        elif pairs[count][0] != pairs[count][1] and x1 + GAP + S / 2 + L / 2 <= out:
            return count  # (room for the corner's run to hold a double crosswise)
    return 1 if n < 2 or pairs[1][0] != pairs[1][1] else 2


def _layout_arm(arm: End, pairs: Sequence[tuple[int, int]], out: float, side: float, badge_r: float,
                open_: bool, outwards: bool = False) -> _Arm:
    """Place one arm, ``pairs`` from the spinner outwards (as :func:`arm_pairs` gives them): straight
    out up to ``out`` from its first tile's inner end; then round the corner, the corner tile standing
    past the last straight tile (beside its end, or beside a double's lower half), and on as a snake
    whose rows reach ``side`` from the arm's centre line and stack back towards the spinner
    (``outwards``: away from it, when there is more room there). The left arm's halves are drawn in
    the line's order, left to right; the others' from the spinner outwards."""
    ox, oy, angle = _ARM_FRAME[arm]
    if not pairs:
        badge = None
        if open_:  # an open arm without tiles: its badge beside the spinner
            dx, dy = _turn(angle, 1, 0)
            reach = (S / 2 if dx else L / 2) + 10 + badge_r
            badge = (dx * reach, dy * reach, int(dx), int(dy))
        return _Arm([], 0, [], badge, badge_r)
    count = _straight_run(pairs, out, 10 + 2 * badge_r)
    fits = True
    runs = [((ox, oy, angle), pairs[:count], [range(count)])]
    if count < len(pairs):
        rest = pairs[count:]
        last = pairs[count - 1]
        own = max(L / 2 if a == b else S / 2 for a, b in pairs[:count])  # how far the straight run reaches sideways
        x1 = count * (L + GAP) - GAP - sum(L - S for a, b in pairs[:count] if a == b)
        top = 0 if last[0] == last[1] else -S / 2  # where the corner tile's first half starts, sideways
        cx, cy = _turn(angle, x1 + GAP + S / 2, top)
        # the snake's rows run along the edge and come back, inwards no closer to the straight run
        # than rows do; outwards nothing lies past the corner, so as far as the corner tile
        rows, fits = _arm_rows(rest, side - top, 0 if outwards else own + ROW_GAP - top, badge_r)
        runs.append(((ox + cx, oy + cy, angle + 90), rest, rows))
    placed: list[_Placed] = []
    joints: list[tuple[float, float, float, float]] = []
    badge = None
    for k, ((fx, fy, fa), run, rows) in enumerate(runs):
        local, directions = _place_rows(run, rows)
        if k and outwards:
            # the snake's rows stack the other way: its frame mirrored across its rows (a tile's
            # halves lie along the rows, so they keep their places and turns)
            local = [_Placed(p.halves, p.cx, -p.cy, p.angle) for p in local]
        for p in local:
            cx, cy = _turn(fa, p.cx, p.cy)
            halves, turned = p.halves, (p.angle + fa) % 360
            if halves[0] == halves[1]:
                turned %= 180  # a double looks the same either way round
            elif arm is End.LEFT:
                halves, turned = (halves[1], halves[0]), (turned + 180) % 360
            placed.append(_Placed(halves, fx + cx, fy + cy, turned))
        for p, q in zip(local, local[1:]):
            if p.cx == q.cx and p.angle % 180 == 0 and q.angle % 180 == 0:
                # a turn between two plain tiles: a bar joins the halves that match, as on the line
                x = p.cx + (S / 2 if p.angle == 0 else -S / 2) - 3
                top_, bottom = sorted((p.cy, q.cy))  # (mirrored or not: the bar spans the gap)
                corners = [_turn(fa, x, top_ + S / 2), _turn(fa, x + 6, bottom - S / 2)]
                xs, ys = [fx + c[0] for c in corners], [fy + c[1] for c in corners]
                joints.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        if open_:
            end, d = local[-1], directions[-1]
            dx, dy = _turn(fa, d, 0)
            bx, by = _turn(fa, end.cx + d * (end.w / 2 + 10 + badge_r), end.cy)
            badge = (fx + bx, fy + by, int(dx), int(dy))
    return _Arm(placed, count, joints, badge, badge_r, fits)


def _layout_spinner(layout: SpinnerLayout, half_width: float, badge_r: float) -> dict[End, _Arm]:
    """Every arm of a spinner's table, within ``half_width`` of the spinner left and right.

    The left and right arms run straight to that width; the up and down arms as far (a squarish
    table). Past the corner each snakes back towards the spinner, else (when that leaves too little
    room: the corner came early, or crosswise doubles make its rows wide) away from it; the left
    and right arms' runs along the edge are as long as the up and down arms' straight runs. Where
    neither fits, an arm runs further before it turns (the table grows up or down). A last check
    falls back to a wider table, then to four straight arms."""
    badge_room = 10 + 2 * badge_r
    open_arms = layout.open_arms()
    pairs = {arm: arm_pairs(layout, arm) for arm in ARMS}
    start = {End.LEFT: S / 2 + GAP, End.RIGHT: S / 2 + GAP, End.UP: L / 2 + GAP, End.DOWN: L / 2 + GAP}
    # the neighbour each arm's snake turns back towards, and the direction it stacks in
    neighbour = {End.UP: End.RIGHT, End.RIGHT: End.DOWN, End.DOWN: End.LEFT, End.LEFT: End.UP}
    stacking = {End.UP: (0, 1), End.RIGHT: (-1, 0), End.DOWN: (0, -1), End.LEFT: (1, 0)}

    def length(arm: End) -> float:
        """From the spinner's centre to past the arm's badge, were it all straight."""
        return start[arm] + sum((S if a == b else L) + GAP for a, b in pairs[arm]) + badge_room

    def clearance(arm: End, arms: dict[End, _Arm]) -> float:
        """How close to the spinner's centre line ``arm``'s snake may come back: clear of its neighbour."""
        near = arms[neighbour[arm]]
        back = tuple(-v for v in stacking[arm])  # from the neighbour's centre line towards this arm
        return max((_reach(b, back) for b in near.boxes()), default=S / 2) + ARM_CLEAR

    def fits(arm: End, placed: _Arm, limit: float, edge: float) -> bool:
        """Its snake clear of its neighbour (and, for a side arm, within the table's width)."""
        wide = arm in (End.LEFT, End.RIGHT)
        return placed.fits and all(
            _reach(b, stacking[arm]) <= -limit and (not wide or max(-b[0], b[2]) <= edge)
            for b in placed.boxes(placed.straight))

    for width in (half_width, half_width * 1.25, half_width * 1.6, math.inf):
        edge = min(width, 1e6)
        arms: dict[End, _Arm] = {}
        # the side arms' straight runs do not depend on the rest: place them first, to know how
        # far they reach towards the up and down arms' snakes
        for arm in (End.LEFT, End.RIGHT):
            arms[arm] = _layout_arm(arm, pairs[arm], width - start[arm], length(arm), badge_r, arm in open_arms)
        tall = {}
        for arm in (End.UP, End.DOWN):
            limit = clearance(arm, arms)
            reach = min(length(arm), max(edge, start[arm] + 2 * (L + GAP) + badge_room))
            while True:
                # inwards (the pinwheel), else outwards (the table grows up or down)
                tries = [_layout_arm(arm, pairs[arm], reach - start[arm], edge, badge_r, arm in open_arms, outwards)
                         for outwards in (False, True)]
                arms[arm] = next((t for t in tries if fits(arm, t, limit, edge)), tries[0])
                if reach >= length(arm) or fits(arm, arms[arm], limit, edge):
                    break
                reach = min(length(arm), reach + (L + GAP) / 2)
            tall[arm] = reach
        for arm, column in ((End.LEFT, End.UP), (End.RIGHT, End.DOWN)):
            limit = clearance(arm, arms)
            along = max(tall[column], edge)
            while True:
                # inwards (the pinwheel), else outwards when the corner came early enough to leave room
                tries = [_layout_arm(arm, pairs[arm], width - start[arm], along, badge_r, arm in open_arms, outwards)
                         for outwards in (False, True)]
                arms[arm] = next((t for t in tries if fits(arm, t, limit, edge)), tries[0])
                if along >= length(arm) or fits(arm, arms[arm], limit, edge):
                    break
                along = min(length(arm), along + (L + GAP) / 2)
        # (an arm's own tiles never overlap: its rows stack apart; its badge may, so it is checked)
        boxes = [(arm, k < len(arms[arm].placed), b) for arm in ARMS for k, b in enumerate(arms[arm].boxes())]
        boxes.append((None, True, (-S / 2, -L / 2, S / 2, L / 2)))  # the spinner
        if not any(_overlap(a, b) for i, (arm_a, tile_a, a) in enumerate(boxes) for arm_b, tile_b, b in boxes[i + 1:]
                   if arm_a != arm_b or arm_a is None or not (tile_a and tile_b)):
            return arms
    return arms


# ----- the renderer -----------------------------------------------------------------------------
def render_position(
    position: Position,
    *,
    labels: Labels,
    seat: int = 0,
    reveal: Collection[int] = (),
    highlight: Collection[Action] | None = None,
    dim_unplayable: bool = True,
    last_move: Action | None = None,
    show_boneyard: bool = True,
    show_hand: bool = True,
    show_opponents: bool = True,
    annotations: Sequence[str] = (),
    max_row_tiles: int = 7,
    max_width: int | None = None,
    fresh: Tile | None = None,
    id_prefix: str | None = None,
    label_size: float = FONT,
    box_aspect: float | None = None,
    debug: bool = False,
) -> str:
    """Draw ``position`` from ``seat``'s chair as a standalone ``<svg>`` string.

    - ``reveal``: other seats whose hands are drawn face up.
    - ``highlight``: the moves to mark in the hands; ``None`` (default) marks the viewing seat's
      legal moves when it is that seat's turn; ``()`` marks nothing. Marked tiles get
      ``playable``, the other tiles of that hand ``unplayable`` (dimmed when ``dim_unplayable``).
    - ``last_move``: a move already in the line, drawn highlighted.
    - ``annotations``: lines of text under the picture (pip totals, scores), already localized.
    - ``max_width``: the widest the picture may be, in viewBox units (a phone's screen): the line
      gets fewer tiles a row, and the hands and the other seats wrap onto more rows.
    - ``fresh``: a tile of the viewing seat's hand to mark as just drawn.
    - ``id_prefix``: prefix of the few ids (defs, title, desc); by default a short hash of the
      inputs, so the same input gives the same bytes and different diagrams inlined in one page
      do not clash.
    - ``label_size``: the size of the words and numbers in the picture (the hands' names, the end
      labels and badges, the boneyard's count, the fit tags), in viewBox units: none is smaller
      once it is above the default 15, and the layout makes room for them (wider tags space the
      hand's tiles further apart). A slide on a projector asks for more than the default 15 so that they read
      from the back of the room once the picture is scaled to its place. Annotation lines keep 15.
    - ``box_aspect``: with large labels, the shape (width / height) of the box the picture will be
      scaled into: the other hands' names then go on one line or several, whichever lets the
      picture be drawn larger there.
    - ``debug``: let svgwrite validate the SVG (slow; for tests).
    """
    if not 8 <= label_size <= 80:
        raise ValueError(f"label_size {label_size} is out of range (8 to 80 viewBox units)")
    if box_aspect is not None and not 0.1 <= box_aspect <= 10:
        raise ValueError(f"box_aspect {box_aspect} is not the shape of a box")
    if not 0 <= seat < position.seats:
        raise ValueError(f"seat {seat} is not a seat of this position")
    prefix = id_prefix or _default_prefix(
        position, labels, seat, reveal, highlight, dim_unplayable, last_move,
        show_boneyard, show_hand, show_opponents, annotations, max_row_tiles, max_width, fresh,
        *(() if label_size == FONT else (f"label={label_size}",)),
        *(() if box_aspect is None else (f"box={box_aspect}",)),
    )
    return _Renderer(position, labels, seat, prefix, debug, label_size).render(
        reveal=set(reveal), highlight=highlight, dim=dim_unplayable, last_move=last_move,
        show_boneyard=show_boneyard, show_hand=show_hand, show_opponents=show_opponents,
        annotations=[str(a) for a in annotations], max_row=max_row_tiles, max_width=max_width, fresh=fresh,
        box_aspect=box_aspect,
    )


def _default_prefix(position: Position, labels: Labels, *options: object) -> str:
    def text(value: object) -> str:
        if isinstance(value, (set, frozenset, list, tuple)):
            return ",".join(sorted(text(v) for v in value))
        return str(value)

    key = "|".join([position.to_text(), labels.title, labels.desc, *(text(o) for o in options)])
    return "d" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:6]


class _Renderer:
    def __init__(self, position: Position, labels: Labels, seat: int, prefix: str, debug: bool,
                 label_size: float = FONT) -> None:
        self.position = position
        self.font = label_size
        self.k = label_size / FONT  # every label's room grows with its type
        # The default spacing was tuned by eye for 15-unit type. Larger type (a slide's) is laid out
        # with a label's whole line box, ascent to descent (1.36 em in Noto Sans, the projector's
        # font), and a width estimate that holds for bold wide letters ("Lawanmu" is 0.71 em a
        # letter), so that no label's box touches a tile or another label.
        large = label_size != FONT
        self.char_w = 0.72 if large else CHAR_W
        self.ascent = 1.07 * label_size if large else 15  # a label's baseline below the top of its line
        self.descent = 0.3 * label_size if large else 4
        self.top_label_h = self.ascent + self.descent + 6 if large else 24
        self.hand_label_h = self.ascent + self.descent + 8 if large else 26
        self.count_size = label_size if large else 22  # the boneyard's count
        name = labels.seat_name
        # plain strings from here on (a caller may pass lazy translations)
        self.labels = Labels(
            str(labels.title), str(labels.desc), str(labels.hand), str(labels.boneyard),
            str(labels.left_end), str(labels.right_end), (lambda n: str(name(n))) if name else None,
            str(labels.up_end), str(labels.down_end),
            (lambda d, title=labels.branch_title: str(title(d))) if labels.branch_title else None,
            str(labels.side_left), str(labels.side_right),
        )
        self.seat = seat
        self.prefix = prefix
        self.debug = debug
        self.dwg = svgwrite.Drawing(debug=debug, profile="full")
        self.extras: dict[int, dict[str, str]] = {}  # id(element) -> attributes outside SVG 1.1

    # ----- elements ---------------------------------------------------------------------------
    def _data(self, element, **attributes: object) -> None:
        extra = self.extras.setdefault(id(element), {})
        for name, value in attributes.items():
            extra[name.replace("_", "-")] = value if isinstance(value, str) else str(value)

    def _width(self, text: str, size: float) -> float:
        """A label's width for the layout (see ``char_w``)."""
        return len(text) * size * self.char_w

    def _text(self, parent, text: str, x: float, y: float, class_: str | None = None, anchor: str = "start"):
        element = self.dwg.text(text, insert=(_n(x), _n(y)))
        if class_:
            element["class"] = class_
        if anchor != "start":
            element["text-anchor"] = anchor
        parent.add(element)
        return element

    def _tile(self, parent, p: _Placed, classes: Sequence[str], face_up: bool = True,
              ring: bool = False, **data: object):
        dwg = self.dwg
        transform = f"translate({_n(p.cx)},{_n(p.cy)})"
        if p.angle:
            transform += f" rotate({p.angle})"
        if p.scale != 1:
            transform += f" scale({p.scale})"
        g = dwg.g(class_=" ".join(["tile", *classes]), transform=transform)
        if face_up:
            data = {"data_tile": f"{p.halves[0]}-{p.halves[1]}", **data}
        self._data(g, **data, data_x=_n(p.cx - p.w / 2), data_y=_n(p.cy - p.h / 2), data_w=_n(p.w), data_h=_n(p.h))
        if ring:
            g.add(dwg.rect(insert=(-L // 2 - 6, -S // 2 - 6), size=(L + 12, S + 12), rx=RX + 5, class_="ring"))
        if not face_up:
            g.add(dwg.use(f"#{self.prefix}b"))
        else:
            g.add(dwg.use(f"#{self.prefix}f"))
            for value, offset in zip(p.halves, (-S // 2, S // 2)):
                g.add(pip_half(value, offset))
        parent.add(g)
        return g

    def _badge(self, parent, number: int, x: float, y: float, class_: str):
        g = self.dwg.g(class_=f"badge {class_}")
        g.add(self.dwg.circle(center=(_n(x), _n(y)), r=_n(BADGE_R * self.k)))
        self._text(g, str(number), x, y + 6.5 * self.k, "num")
        parent.add(g)
        return g

    # ----- bands ------------------------------------------------------------------------------
    def render(self, *, reveal, highlight, dim, last_move, show_boneyard, show_hand, show_opponents,
               annotations, max_row, max_width=None, fresh=None, box_aspect=None) -> str:
        dwg = self.dwg
        self.marks = self._marks(highlight)
        self.dim = dim
        self.fresh = fresh
        # the widest a band may be; None: as wide as it needs
        self.limit = None if max_width is None else max_width - 2 * MARGIN
        self.table_pad = TABLE_PAD if self.limit is None else TABLE_PAD // 2  # a phone: every unit counts
        if self.limit is not None:
            # the line's rows: its tiles, the two end badges beside them and the table's padding
            room = self.limit - 2 * self.table_pad - 2 * (10 + 2 * BADGE_R * self.k)
            max_row = max(2, min(max_row, int((room + GAP) // (L + GAP))))
        table = self._table_band(last_move, max_row)
        # doubles across the snake's turns can carry its rows sideways, past the room counted
        # above (large labels leave less of it): fewer tiles a row until the line fits the width,
        # or the whole picture would shrink and its tiles with it (under 24 px on a 390 px phone)
        while self.limit is not None and table.width > self.limit and max_row > 2:
            max_row -= 1
            table = self._table_band(last_move, max_row)
        bands: list[_Band] = [table]
        if show_hand:
            bands.append(self._hand_band())
        if annotations:
            bands.append(self._annotation_band(annotations))
        # Large labels make the other hands' names long: on one line they can make the picture
        # wider than its table and hand, so the whole picture (labels too) shrinks in its box; on
        # several lines, taller. Without a box, several lines; with one, whichever draws larger.
        wraps: list[float | None] = [None]
        if self.font != FONT:
            widest = max(max(b.width for b in bands), 360 - 2 * MARGIN)
            # (in a box, also as wide as the widest block: a short block, the boneyard, may then
            # join a shorter name's line instead of taking a line of its own)
            wraps = [widest] if box_aspect is None else [widest, None, self._widest_top_block(show_opponents, show_boneyard)]
            if self.limit is not None:
                wraps = [self.limit if w is None else min(w, self.limit) for w in wraps]
        tops = [self._top_band(reveal, show_opponents, show_boneyard, wrap) for wrap in wraps]
        if self.font != FONT and box_aspect is not None and show_opponents and self.position.seats > 2:
            # several other hands: also each name beside its tiles, on two lines or three
            names = [self.labels.seat_name(seat) if self.labels.seat_name else "" for seat in range(self.position.seats)]
            for count in (2, 3):
                room = max(self._room_for_lines(name, count) for n, name in enumerate(names) if n != self.seat)
                tops += [self._top_band(reveal, show_opponents, show_boneyard, wrap, room) for wrap in wraps]
        top = max(tops, key=lambda t: self._scale_in_box([t, *bands], max_width, box_aspect or 1))
        stacked = [b for b in (top, *bands) if b is not None]
        if self.font != FONT and box_aspect is not None and max_width is None and len(stacked) > 1:
            # a wide box (a slide's picture with the slide to itself): the table on the left and
            # the other bands in a column beside it, when that draws the picture larger
            sides = [self._side_by_side(table, [b for b in (t, *bands) if b is not None and b is not table])
                     for t in tops]
            side = max(sides, key=lambda b: self._scale_in_box([b], None, box_aspect))
            if self._scale_in_box([side], None, box_aspect) > self._scale_in_box(stacked, None, box_aspect):
                stacked, self.side = [side], True
        bands = stacked

        width, height = self._size(bands, max_width)
        dwg["width"], dwg["height"] = _n(width), _n(height)
        dwg.viewbox(0, 0, _n(width), _n(height))
        dwg["class"] = "dmn"
        dwg.add(dwg.style(_style(self.font)))
        self._defs()
        dwg.add(dwg.rect(insert=(0, 0), size=(_n(width), _n(height)), rx=10, class_="bg"))
        self.width = width
        y = MARGIN
        for band in bands:
            band.draw(round((width - band.width) / 2), round(y))
            y += band.height + self.GAPS
        return self._serialize()

    GAPS = 18  # between bands
    SIDE_GAP = 40  # between the table and the bands beside it
    side = False  # the table beside the other bands (_side_by_side), not across the picture

    def _table_rect(self, ox: float, oy: float, w: float, h: float):
        """The table under the line: across the whole picture, or only under the line when the other
        bands stand beside it."""
        left, span = (ox, w) if self.side else (MARGIN, self.width - 2 * MARGIN)
        return self.dwg.rect(insert=(_n(left), _n(oy)), size=(_n(span), _n(h)), rx=12, class_="table")

    def _side_by_side(self, table: _Band, rest: list[_Band]) -> _Band:
        """The table band with the other bands (the other hands, the boneyard, your hand, the lines
        under the picture) in a column on its right, each centred in it, the two columns centred on
        each other."""
        column_w = max(b.width for b in rest)
        column_h = sum(b.height for b in rest) + self.GAPS * (len(rest) - 1)
        height = max(table.height, column_h)

        def draw(x: float, y: float) -> None:
            table.draw(round(x), round(y + (height - table.height) / 2))
            left = x + table.width + self.SIDE_GAP
            down = y + (height - column_h) / 2
            for band in rest:
                band.draw(round(left + (column_w - band.width) / 2), round(down))
                down += band.height + self.GAPS

        return _Band(table.width + self.SIDE_GAP + column_w, height, draw)

    @classmethod
    def _size(cls, bands: Sequence[_Band], max_width: int | None) -> tuple[int, int]:
        # a picture for a given width (a phone) keeps that width, so its scale on the screen, and
        # so the size of a tile, is the same early and late in a round
        width = math.ceil(max(max(b.width for b in bands) + 2 * MARGIN, 360, max_width or 0))
        height = math.ceil(2 * MARGIN + sum(b.height for b in bands) + cls.GAPS * (len(bands) - 1))
        return width, height

    @classmethod
    def _scale_in_box(cls, bands: Sequence[_Band | None], max_width: int | None, aspect: float) -> float:
        """How large the picture of these bands is drawn in a box of that shape (width / height)."""
        width, height = cls._size([b for b in bands if b is not None], max_width)
        return min(aspect / width, 1 / height)

    def _defs(self) -> None:
        add_tile_defs(self.dwg, self.prefix)

    def _marks(self, highlight: Collection[Action] | None) -> dict[Tile, set[End | None]] | None:
        """Tiles to mark playable, each with the ends it fits (None for an opening); None: no marking."""
        position = self.position
        if highlight is None:
            if position.to_move != self.seat or position.required() is Required.OVER:
                return None
            highlight = position.legal_moves()
        elif not highlight:
            return None
        marks: dict[Tile, set[End | None]] = {}
        for action in highlight:
            if action.kind in (ActionKind.OPEN, ActionKind.PLAY) and action.tile is not None:
                marks.setdefault(action.tile, set()).add(action.end)
        return marks

    def _hand_classes(self, tile: Tile, seat: int) -> tuple[list[str], set[End | None]]:
        classes = ["double"] if tile.is_double else []
        if self.marks is None or (seat != self.seat and not any(
                self.position.hands[seat] >> t.index & 1 for t in self.marks)):
            return classes, set()
        if tile in self.marks:
            return classes + ["playable"], self.marks[tile]
        return classes + (["unplayable", "dimmed"] if self.dim else ["unplayable"]), set()

    def _seat_label(self, parent, seat: int, text: str, x: float, y: float) -> None:
        """A hand's name, with a marker when it is that seat's turn."""
        if self.position.to_move == seat and self.position.required() is not Required.OVER:
            k = self.k
            marker = self.dwg.path(d=f"M{_n(x)},{_n(y - 11 * k)}l{_n(9 * k)},{_n(5.5 * k)} {_n(-9 * k)},{_n(5.5 * k)}z",
                                   class_="turn")
            self._data(marker, data_to_move=seat)
            parent.add(marker)
            x += 14 * k
        if text:
            self._text(parent, text, x, y, "name")

    def _top_band(self, reveal: set[int], show_opponents: bool, show_boneyard: bool,
                  wrap: float | None = None, beside: float | None = None) -> _Band | None:
        """The other seats' hands and the boneyard, side by side; onto a new line past ``wrap``
        (default: the width limit), so long names do not make the picture wide and small. With
        ``beside``, each other hand's name goes on lines of at most that width beside its tiles."""
        position = self.position
        blocks: list[tuple[float, float, Callable[[float, float], None]]] = []  # width, height, draw
        label_h = self.top_label_h
        tiles_h = L * SMALL
        if show_opponents:
            for k in range(1, position.seats):
                seat = (self.seat + k) % position.seats
                blocks.append(self._opponent_block(seat, seat in reveal, label_h, beside))
        if show_boneyard:
            boneyard_w, draw_boneyard = self._boneyard_block(label_h)
            count_h = self.ascent + self.descent if self.font != FONT else 0  # a large count may pass the stack
            blocks.append((boneyard_w, label_h + max(tiles_h, count_h), draw_boneyard))
        if not blocks:
            return None
        gap = 40
        wrap = self.limit if wrap is None else wrap
        # blocks side by side, onto a new line when the next would pass the limit
        lines: list[list[tuple[float, float, Callable[[float, float], None]]]] = [[]]
        for w, h, draw_block in blocks:
            used = sum(b[0] for b in lines[-1]) + gap * len(lines[-1])
            if lines[-1] and wrap is not None and used + w > wrap:
                lines.append([])
            lines[-1].append((w, h, draw_block))
        widths = [sum(b[0] for b in line) + gap * (len(line) - 1) for line in lines]
        heights = [max(b[1] for b in line) for line in lines]
        line_gap = 14

        def draw(ox: float, oy: float) -> None:
            y = oy
            for line, line_w, line_h in zip(lines, widths, heights):
                x = ox + (max(widths) - line_w) / 2
                for w, _, draw_block in line:
                    draw_block(x, y)
                    x += w + gap
                y += line_h + line_gap

        return _Band(max(widths), sum(heights) + line_gap * (len(lines) - 1), draw)

    def _widest_top_block(self, show_opponents: bool, show_boneyard: bool) -> float:
        """The widest of the top band's blocks (the other seats' hands and the boneyard)."""
        widths = [0.0]
        if show_opponents:
            widths += [self._opponent_block((self.seat + k) % self.position.seats, False, self.top_label_h)[0]
                       for k in range(1, self.position.seats)]
        if show_boneyard:
            widths.append(self._boneyard_block(self.top_label_h)[0])
        return max(widths)

    def _name_lines(self, name: str, room: float) -> list[str]:
        """``name`` broken at its spaces into lines of at most ``room`` wide (a word longer than
        that keeps a line of its own)."""
        lines: list[str] = []
        for word in name.split():
            if lines and self._width(f"{lines[-1]} {word}", self.font) <= room:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        return lines or [""]

    def _room_for_lines(self, name: str, count: int) -> float:
        """The narrowest room in which :meth:`_name_lines` breaks ``name`` into ``count`` lines or fewer."""
        words = name.split()
        spans = sorted({self._width(" ".join(words[i:j]), self.font)
                        for i in range(len(words)) for j in range(i + 1, len(words) + 1)})
        return next((w for w in spans if len(self._name_lines(name, w)) <= count), spans[-1] if spans else 0.0)

    def _opponent_block(self, seat: int, face_up: bool, label_h: float, beside: float | None = None):
        tiles = self.position.hand(seat)
        name = self.labels.seat_name(seat) if self.labels.seat_name else ""
        turn = self.position.to_move == seat
        marker_w = 14 * self.k if turn else 0
        # a hand shown face up on a slide is there to be counted from the back of the room: as
        # large as the learner's own; face down (or on a page) it is drawn small
        small, pitch = (1.0, HAND_PITCH) if face_up and self.font != FONT else (SMALL, SMALL_PITCH)
        per_row = len(tiles) or 1
        if self.limit is not None:
            per_row = max(1, min(per_row, int((self.limit - S * small) // pitch) + 1))
        rows = max(1, math.ceil(len(tiles) / per_row))
        tiles_w = max(min(len(tiles), per_row) * pitch - (pitch - S * small), S * small)
        row_h = L * small + 8
        # the name over the tiles; or (a slide's table of four, whose long names would make the
        # picture wide or tall) on lines of its own beside them
        lines = [name] if beside is None else self._name_lines(name, beside)
        line_h = self.ascent + self.descent
        if beside is None:
            name_w = self._width(name, self.font) + marker_w
            width = max(tiles_w, name_w)
            tiles_x, tiles_y = 0.0, label_h
            height = label_h + rows * row_h - 8
        else:
            name_w = max(self._width(line, self.font) for line in lines) + marker_w
            text_h, stack_h = len(lines) * line_h, rows * row_h - 8
            width = name_w + 10 * self.k + tiles_w
            tiles_x, tiles_y = name_w + 10 * self.k, max(0.0, (text_h - stack_h) / 2)
            height = max(text_h, stack_h)

        def draw(x: float, y: float) -> None:
            g = self.dwg.g(class_="opponent" + (" revealed" if face_up else ""))
            self._data(g, data_seat=seat)
            text_y = y + (max(0.0, (height - len(lines) * line_h) / 2) if beside is not None else 0)
            self._seat_label(g, seat, lines[0], x, text_y + self.ascent)
            for n, line in enumerate(lines[1:], 1):
                self._text(g, line, x + marker_w, text_y + self.ascent + n * line_h, "name")
            if not tiles:
                g.add(self.dwg.rect(insert=(_n(x + tiles_x), _n(y + tiles_y)), size=(_n(S * small), _n(L * small)),
                                    rx=RX, class_="empty"))
            for k, tile in enumerate(tiles):
                i, row = k % per_row, k // per_row
                p = _Placed((tile.high, tile.low), x + tiles_x + i * pitch + S * small / 2,
                            y + tiles_y + row * row_h + L * small / 2, 90, small)
                if face_up:
                    classes, ends = self._hand_classes(tile, seat)
                    self._tile(g, p, classes, ring="playable" in classes, data_seat=seat)
                else:
                    self._tile(g, p, ["face-down"], face_up=False, data_seat=seat)
            self.dwg.add(g)

        return width, height, draw

    def _boneyard_block(self, label_h: float):
        count = len(self.position.boneyard)
        text = self.labels.boneyard
        stack = min(count, 3)
        count_text = str(count)
        stack_w = S * SMALL + 4 * max(stack - 1, 0)
        count_size = self.count_size
        width = max(self._width(text, self.font), stack_w + 10 + self._width(count_text, count_size))

        def draw(x: float, y: float) -> None:
            dwg = self.dwg
            g = dwg.g(class_="boneyard")
            self._data(g, data_count=count)
            if text:
                self._text(g, text, x, y + self.ascent, "name")
            top = y + label_h
            if count == 0:
                g.add(dwg.rect(insert=(_n(x), _n(top)), size=(_n(S * SMALL), _n(L * SMALL)), rx=RX, class_="empty"))
            for k in range(stack):
                cx = x + S * SMALL / 2 + 4 * k
                cy = top + L * SMALL / 2 + 4 * (stack - 1) - 4 * k
                g.add(dwg.use(f"#{self.prefix}b", class_="stack face-down",
                              transform=f"translate({_n(cx)},{_n(cy)}) rotate(90) scale({SMALL})"))
            # beside the stack, its middle (the default) or the top of its line (large type) level with the stack's
            count_y = top + L * SMALL / 2 + 8 if self.font == FONT else top + self.ascent
            self._text(g, count_text, x + stack_w + 10, count_y, "boneyard-count")
            dwg.add(g)

        return width, draw

    def _table_band(self, last_move: Action | None, max_row: int) -> _Band:
        position = self.position
        if position.layout is not None and position.line:
            return self._spinner_band(position.layout, last_move, max_row)
        pad = self.table_pad
        if not position.line:
            w, h = S + 2 * pad, L + 2 * pad

            def draw_empty(ox: float, oy: float) -> None:
                dwg = self.dwg
                dwg.add(self._table_rect(ox, oy, w, h))
                g = dwg.g(class_="line")
                self._data(g, data_tiles=0)
                g.add(dwg.rect(insert=(_n(self.width / 2 - L / 2), _n(oy + pad + S / 2)), size=(L, S), rx=RX,
                               class_="empty line-empty"))
                dwg.add(g)

            return _Band(w, h, draw_empty)

        placed, directions = _layout_line(position.line, max_row)
        last_index = None
        if last_move is not None and last_move.tile is not None:
            for i, (a, b) in enumerate(position.line):
                if Tile(a, b) is last_move.tile:
                    last_index = i
        # the end badges and their labels, outside the chain's two ends
        first, last = placed[0], placed[-1]
        badge_r, font = BADGE_R * self.k, self.font
        left_x = first.cx - first.w / 2 - 10 - badge_r
        d = directions[-1]
        right_x = last.cx + d * (last.w / 2 + 10 + badge_r)
        ends = [
            ("end-left", position.line[0][0], left_x, first.cy, -1, self.labels.left_end),
            ("end-right", position.line[-1][1], right_x, last.cy, d, self.labels.right_end),
        ]
        xs = [p.cx - p.w / 2 for p in placed] + [p.cx + p.w / 2 for p in placed]
        ys = [p.cy - p.h / 2 for p in placed] + [p.cy + p.h / 2 for p in placed]
        # Each end's word sits by its own badge, over the line's first tile (left end) or under its
        # last (right end), running inwards, so it never drifts towards the other end.
        label_at = {}
        for class_, _, bx, by, side, text in ends:
            xs += [bx - badge_r, bx + badge_r]
            ys += [by - badge_r, by + badge_r]
            if not text:
                continue
            # the baselines of a word over the first tile and under the last, clear of a double there
            above = by - L / 2 - 6 if font == FONT else by - L / 2 - 4 - self.descent
            below = by + L / 2 + 3 + font if font == FONT else by + L / 2 + 4 + self.ascent
            if class_ == "end-left":
                tx, ty, anchor = bx - badge_r, above, "start"
            else:
                tx, ty, anchor = (bx + badge_r, below, "end") if side > 0 else (bx - badge_r, below, "start")
            label_at[class_] = (tx, ty, anchor)
            reach = self._width(text, font) * (1 if anchor == "start" else -1)
            xs += [tx, tx + reach]
            ys += [ty - (font if font == FONT else self.ascent), ty + self.descent]
        min_x, min_y = min(xs), min(ys)
        w, h = max(xs) - min_x + 2 * pad, max(ys) - min_y + 2 * pad

        def draw(ox: float, oy: float) -> None:
            dwg = self.dwg
            dx, dy = round(ox + pad - min_x), round(oy + pad - min_y)
            dwg.add(self._table_rect(ox, oy, w, h))
            g = dwg.g(class_="line")
            self._data(g, data_tiles=len(placed))
            for p, q in zip(placed, placed[1:]):
                if p.cx == q.cx and p.angle % 180 == 0 and q.angle % 180 == 0:
                    # a turn between two plain tiles, one under the other: a bar joins the two
                    # halves that match, so the chain reads on from one row to the next
                    x = p.cx + dx + (S / 2 if p.angle == 0 else -S / 2) - 3
                    top, bottom = sorted((p.cy, q.cy))
                    g.add(dwg.rect(insert=(_n(x), _n(top + dy + S / 2)), size=(6, _n(bottom - top - S)), class_="joint"))
            for i, p in enumerate(placed):
                p = _Placed(p.halves, p.cx + dx, p.cy + dy, p.angle)
                classes = ["double"] if p.halves[0] == p.halves[1] else []
                if i == last_index:
                    classes.append("last-move")
                self._tile(g, p, classes, data_index=i)
            dwg.add(g)
            for class_, number, bx, by, side, text in ends:
                badge = self._badge(dwg, number, bx + dx, by + dy, class_)
                self._data(badge, data_number=number)
                if text:
                    tx, ty, anchor = label_at[class_]
                    self._text(badge, text, tx + dx, ty + dy, "end-label", anchor)

        return _Band(w, h, draw)

    def _spinner_band(self, layout: SpinnerLayout, last_move: Action | None, max_row: int) -> _Band:
        """A spinner's table: the spinner crosswise at the centre, its arms around it
        (:func:`_layout_spinner`), a badge at each open arm's end with its word beside it."""
        position = self.position
        pad, font, badge_r = self.table_pad, self.font, BADGE_R * self.k
        # as wide as the line may be: on a phone the table's room; else the line's rows and its two
        # end badges, or three tiles a side and a corner holding a double, whichever is wider
        badge_room = 10 + 2 * badge_r
        if self.limit is not None:
            half = max(self.limit / 2 - pad, S / 2 + 2 * (L + GAP) + GAP + S / 2 + L / 2)
        else:
            half = max((max_row * (L + GAP) - GAP) / 2 + badge_room, S / 2 + 3 * (L + GAP) + GAP + S / 2 + L / 2)
        arms = _layout_spinner(layout, half, badge_r)
        # each tile with its place in position.line_tiles(): the line left to right, then up, then down
        left = len(layout.arm(End.LEFT))
        tiles: list[tuple[int, _Placed, End | None]] = [
            (left, _Placed((layout.spinner.high, layout.spinner.low), 0, 0, 90), None)]
        tiles += [(left - 1 - k, p, End.LEFT) for k, p in enumerate(arms[End.LEFT].placed)]
        tiles += [(left + 1 + k, p, End.RIGHT) for k, p in enumerate(arms[End.RIGHT].placed)]
        base = len(position.line)
        for arm in (End.UP, End.DOWN):
            tiles += [(base + k, p, arm) for k, p in enumerate(arms[arm].placed)]
            base += len(arms[arm].placed)
        tiles.sort(key=lambda t: t[0])
        last_index = None
        if last_move is not None and last_move.tile is not None:
            for i, p, _ in tiles:
                if Tile(*p.halves) is last_move.tile:
                    last_index = i
        open_ends = position.open_ends()
        words = {End.LEFT: self.labels.left_end, End.RIGHT: self.labels.right_end,
                 End.UP: self.labels.up_end, End.DOWN: self.labels.down_end}
        badges = [(arm, open_ends[arm], *arms[arm].badge) for arm in ARMS if arms[arm].badge is not None]
        taken = [_box(p) for _, p, _ in tiles]
        taken += [(bx - badge_r, by - badge_r, bx + badge_r, by + badge_r) for _, _, bx, by, _, _ in badges]
        # each end's word by its badge: on past it where the arm runs, else over or under it (or
        # beside it, for an up or down arm), where no tile, badge or word is and within the table's
        # width; else where it passes that width least; else clear of the whole table
        room = (self.limit - 2 * pad) / 2 if self.limit is not None else half
        label_at: dict[End, tuple[float, float, str]] = {}
        ascent, descent = self.ascent, self.descent
        for arm, _, bx, by, dx, dy in badges:
            text = words[arm]
            if not text:
                continue
            tw, mid = self._width(text, font), by + (ascent - descent) / 2
            if dx:  # clear of the row, as the line's words (a double there reaches L / 2)
                over, under = by - max(L / 2, badge_r) - 4 - descent, by + max(L / 2, badge_r) + 4 + ascent
            else:
                over, under = by - badge_r - 6 - descent, by + badge_r + 4 + ascent
            # (each spot with the way it moves off the badge, to try it a little further too)
            if dx:  # the arm ends running across: past the badge, then over or under it
                past = (bx + dx * (badge_r + 6), mid, "start" if dx > 0 else "end", dx, 0)
                inwards, outwards = ("end", "start") if dx > 0 else ("start", "end")
                edge_in, edge_out = bx + dx * badge_r, bx - dx * badge_r
                near = [past] + [(x, y, a, 0, uy) for y, uy in ((over, -1), (under, 1))
                                 for x, a in ((bx, "middle"), (edge_in, inwards), (edge_out, outwards))]
            else:  # running up or down: past the badge (centred, or running either way), then beside it
                y = over if dy < 0 else under
                near = [(bx, y, "middle", 0, dy), (bx - badge_r, y, "start", 0, dy), (bx + badge_r, y, "end", 0, dy),
                        (bx, y, "start", 0, dy), (bx, y, "end", 0, dy),
                        (bx + badge_r + 6, mid, "start", 1, 0), (bx - badge_r - 6, mid, "end", -1, 0)]
            if font != FONT:
                # large words (a slide's) are wider than the badge: over or under it, also slid
                # along in eighths of their width, to pass a neighbouring arm's badge or word
                near += [(bx + f * tw / 8, y, "middle", 0, uy) for x, y, a, ux, uy in list(near)
                         if a == "middle" and not ux for f in (-4, -3, -2, -1, 1, 2, 3, 4)]
            spots = [(x + ux * d, y + uy * d, a) for d in (0, 10, 20, 35, 50, 70) for x, y, a, ux, uy in near]

            def box(spot: tuple[float, float, str]) -> _Box:
                x, y, anchor = spot
                x0 = {"start": x, "end": x - tw, "middle": x - tw / 2}[anchor]
                return x0, y - ascent, x0 + tw, y + descent

            def beyond(spot: tuple[float, float, str]) -> float:
                x0, _, x1, _ = box(spot)
                return max(0, x1 - room, -room - x0)

            def growth(spot: tuple[float, float, str]) -> float:
                """How far the word there pushes the table's edges out (its reach on either side of
                the spinner, its top, its bottom)."""
                x0, y0, x1, y1 = box(spot)
                reach = max(max(t[2] for t in taken), -min(t[0] for t in taken))
                return (max(0, max(x1, -x0) - reach) + max(0, min(t[1] for t in taken) - y0)
                        + max(0, y1 - max(t[3] for t in taken)))

            spot, passing = None, math.inf  # the first free spot within the width, else the one passing it least
            for c in spots:
                x0, y0, x1, y1 = box(c)
                if beyond(c) < passing and not any(_overlap((x0 - 3, y0 - 3, x1 + 3, y1 + 3), t) for t in taken):
                    spot, passing = c, beyond(c)
                    if not passing:
                        break
            if spot is not None and not passing and font != FONT:
                # large words (a slide's): of the free spots within the width, the one that grows the
                # table least, so that the picture, and its words, are drawn larger in their box
                free = [c for c in spots if not beyond(c) and not any(
                    _overlap((b[0] - 3, b[1] - 3, b[2] + 3, b[3] + 3), t) for t in taken for b in (box(c),))]
                spot = min(free, key=growth)
            if spot is None:
                top, bottom = min(t[1] for t in taken), max(t[3] for t in taken)
                above = arm in (End.LEFT, End.UP)
                spot = (bx, top - 6 - descent, "middle") if above else (bx, bottom + 4 + ascent, "middle")
            label_at[arm] = spot
            taken.append(box(spot))
        xs = [t[0] for t in taken] + [t[2] for t in taken]
        ys = [t[1] for t in taken] + [t[3] for t in taken]
        reach = max(max(xs), -min(xs))  # the spinner at the centre: as far on both sides
        min_y = min(ys)
        w, h = 2 * reach + 2 * pad, max(ys) - min_y + 2 * pad
        # every double branching: the sides of each double as a row of their own under the arms
        # (the double itself in the arm it lies in, and again, dashed, at the centre of its row)
        starts, index = {}, len(position.line) + sum(len(arms[arm].placed) for arm in (End.UP, End.DOWN))
        for arm in layout.every_arm[len(ARMS):]:
            starts[arm] = index
            index += len(layout.arm(arm))
        blocks = [self._branch_block(layout, double, starts, last_index, max_row) for double in layout.doubles()]
        room = (self.limit - 2 * pad) if self.limit is not None else max([w - 2 * pad] + [b[0] for b in blocks])
        lines: list[list[tuple[float, float, Callable[[float, float], None]]]] = []
        for block in blocks:  # side by side while they fit, else on a new line
            if lines and sum(b[0] for b in lines[-1]) + BRANCH_GAP * len(lines[-1]) + block[0] <= room:
                lines[-1].append(block)
            else:
                lines.append([block])
        line_ws = [sum(b[0] for b in line) + BRANCH_GAP * (len(line) - 1) for line in lines]
        line_hs = [max(b[1] for b in line) for line in lines]
        rows_h = sum(line_hs) + BRANCH_GAP * (len(lines) - 1) if lines else 0
        full_w = max([w] + [lw + 2 * pad for lw in line_ws])
        full_h = h + (rows_h + BRANCH_GAP - pad if lines else 0)

        def draw(ox: float, oy: float) -> None:
            dwg = self.dwg
            dx, dy = round(ox + (full_w - w) / 2 + pad + reach), round(oy + pad - min_y)
            dwg.add(self._table_rect(ox, oy, full_w, full_h))
            y = oy + h - pad + BRANCH_GAP
            for line, line_w, line_h in zip(lines, line_ws, line_hs):
                x = ox + (full_w - line_w) / 2
                for block_w, _, draw_block in line:
                    draw_block(round(x), round(y))
                    x += block_w + BRANCH_GAP
                y += line_h + BRANCH_GAP
            g = dwg.g(class_="line")
            self._data(g, data_tiles=len(tiles))
            for arm in ARMS:
                for x, y, jw, jh in arms[arm].joints:
                    g.add(dwg.rect(insert=(_n(x + dx), _n(y + dy)), size=(_n(jw), _n(jh)), class_="joint"))
            for i, p, arm in tiles:
                p = _Placed(p.halves, p.cx + dx, p.cy + dy, p.angle)
                classes = ["double"] if p.halves[0] == p.halves[1] else []
                data: dict[str, object] = {"data_index": i}
                if arm is None:
                    classes.append("spinner")
                else:
                    data["data_arm"] = arm.value
                if i == last_index:
                    classes.append("last-move")
                self._tile(g, p, classes, **data)
            dwg.add(g)
            layout = self.position.layout
            for arm, number, bx, by, _, _ in badges:
                # All Fives counts an arm once it holds a tile; a spinner's bare side does not count yet
                uncounted = self.position.rules.scores_ends and arm in (End.UP, End.DOWN) and not layout.arm(arm)
                badge = self._badge(dwg, number, bx + dx, by + dy, f"end-{arm.value}" + (" uncounted" if uncounted else ""))
                self._data(badge, data_number=number)
                if arm in label_at:
                    tx, ty, anchor = label_at[arm]
                    self._text(badge, words[arm], tx + dx, ty + dy, "end-label", anchor)

        return _Band(full_w, full_h, draw)

    def _branch_block(self, layout: SpinnerLayout, double: Tile, starts: dict, last_index: int | None,
                      max_row: int) -> tuple[float, float, Callable[[float, float], None]]:
        """The two sides of a branching double as one row (snaking when long): its left side's
        tiles from the far end in, the double lengthwise at the centre (a dashed copy: the tile
        itself lies in its arm), its right side's tiles outwards; a badge at each open end with
        its word, and the row's heading over it. Returns its width, height and drawing function."""
        left, right = Branch(double, HANDS[0]), Branch(double, HANDS[1])
        inner = arm_pairs(layout, left)
        chain = [(b, a) for a, b in reversed(inner)] + [(double.high, double.high)] + list(arm_pairs(layout, right))
        arm_of = [left] * len(inner) + [None] + [right] * (len(chain) - len(inner) - 1)
        index_of = [starts[left] + len(inner) - 1 - k for k in range(len(inner))] + [None] + [
            starts[right] + k for k in range(len(chain) - len(inner) - 1)]
        badge_r, font, ascent, descent = BADGE_R * self.k, self.font, self.ascent, self.descent
        rows = [range(len(chain))]
        if self.limit is not None:  # the row's tiles, its two badges and the table's padding within the width
            room = self.limit - 2 * self.table_pad - 2 * (10 + 2 * badge_r)
            across = sum(S if a == b and i != len(inner) else L for i, (a, b) in enumerate(chain)) + GAP * (len(chain) - 1)
            if across > room:  # too long for one row: a snake, as many tiles a row as fit lengthwise
                rows = _rows(chain, max(2, int((room + GAP) // (L + GAP))))
        elif len(chain) > max_row:
            rows = _rows(chain, max_row)
        placed, directions = _place_rows(chain, rows, lengthwise=len(inner))
        first, last = placed[0], placed[-1]
        ends = [(left, chain[0][0], first.cx - first.w / 2 - 10 - badge_r, first.cy, self.labels.side_left, "start"),
                (right, chain[-1][1], last.cx + directions[-1] * (last.w / 2 + 10 + badge_r), last.cy,
                 self.labels.side_right, "end" if directions[-1] > 0 else "start")]
        boxes = [_box(p) for p in placed] + [(bx - badge_r, by - badge_r, bx + badge_r, by + badge_r)
                                             for _, _, bx, by, _, _ in ends]
        words = []
        for k, (_, _, bx, by, text, anchor) in enumerate(ends):
            if not text:
                continue
            # the left side's word over its badge's row, the right side's under its own
            ty = by - L / 2 - 4 - descent if k == 0 else by + L / 2 + 4 + ascent
            tx = bx - badge_r if anchor == "start" else bx + badge_r
            tw = self._width(text, font)
            x0 = tx if anchor == "start" else tx - tw
            words.append((text, tx, ty, anchor))
            boxes.append((x0, ty - ascent, x0 + tw, ty + descent))
        title = self.labels.branch_title(str(double)) if self.labels.branch_title else ""
        x_min, y_min = min(b[0] for b in boxes), min(b[1] for b in boxes)
        title_h = ascent + descent + 6 if title else 0
        width = max(max(b[2] for b in boxes) - x_min, self._width(title, font))
        height = max(b[3] for b in boxes) - y_min + title_h

        def draw(x: float, y: float) -> None:
            dwg = self.dwg
            dx, dy = x - x_min, y + title_h - y_min
            g = dwg.g(class_="branch")
            self._data(g, data_double=str(double))
            if title:
                self._text(g, title, x, y + ascent, "branch-title")
            for p, arm, index in zip(placed, arm_of, index_of):
                p = _Placed(p.halves, p.cx + dx, p.cy + dy, p.angle)
                if arm is None:  # the double itself, drawn again where its sides meet
                    self._root(g, p, double)
                    continue
                classes = ["double"] if p.halves[0] == p.halves[1] else []
                if index == last_index:
                    classes.append("last-move")
                self._tile(g, p, classes, data_index=index, data_arm=arm.value)
            for arm, number, bx, by, _, _ in ends:
                badge = self._badge(g, number, bx + dx, by + dy, "end-branch")
                self._data(badge, data_number=number, data_arm=arm.value)
            for text, tx, ty, anchor in words:
                self._text(g, text, tx + dx, ty + dy, "end-label", anchor)
            dwg.add(g)

        return width, height, draw

    def _root(self, parent, p: _Placed, double: Tile) -> None:
        """A branching double's copy at the centre of its sides' row: its face, dashed round."""
        dwg = self.dwg
        g = dwg.g(class_="branch-root", transform=f"translate({_n(p.cx)},{_n(p.cy)})" + (f" rotate({p.angle})" if p.angle else ""))
        self._data(g, data_double=str(double))
        g.add(dwg.use(f"#{self.prefix}f"))
        for value, offset in zip(p.halves, (-S // 2, S // 2)):
            g.add(pip_half(value, offset))
        g.add(dwg.rect(insert=(-L // 2 - 4, -S // 2 - 4), size=(L + 8, S + 8), rx=RX + 3, class_="root-ring"))
        parent.add(g)

    def _hand_band(self) -> _Band:
        tiles = self.position.hand(self.seat)
        label = self.labels.hand
        label_h = self.hand_label_h
        entries = [(tile, *self._hand_classes(tile, self.seat)) for tile in tiles]
        numbers = self.position.open_ends()
        lines = [_fit_lines(ends, numbers) for _, _, ends in entries if ends - {None}]
        marker_h = 28 * self.k if lines else 0
        # a spinner's tag naming three or four arms takes two lines, the doubles' sides more
        marker_h += FIT_LINE * self.k * max((len(tag) - 1 for tag in lines), default=0)
        # larger fit tags (a slide's) need the tiles further apart, so two tags never touch
        tag_w = [max((self._fit_width(len(line)) for line in _fit_lines(ends, numbers)), default=0)
                 if ends - {None} else 0 for _, _, ends in entries]
        widest_tag = max(tag_w, default=0)
        pitch = HAND_PITCH if self.k == 1 else max(HAND_PITCH, math.ceil(widest_tag + 4 * self.k))
        per_row = len(tiles) or 1
        if self.limit is not None:
            per_row = max(1, min(per_row, int((self.limit - S) // pitch) + 1))
        rows = max(1, math.ceil(len(tiles) / per_row))
        # each tile's centre from its row's first: the default's even pitch; with larger tags only
        # two tagged neighbours stand further apart (an even pitch as wide as the widest tag made a
        # hand with one playable tile twice as wide as its table, and the picture small on a slide)
        offsets: list[float] = []
        for k in range(len(tiles)):
            if k % per_row == 0:
                offsets.append(0.0)
            elif self.k == 1:
                offsets.append(offsets[-1] + pitch)
            else:
                apart = math.ceil((tag_w[k - 1] + tag_w[k]) / 2 + 4 * self.k) if tag_w[k - 1] and tag_w[k] else 0
                offsets.append(offsets[-1] + max(HAND_PITCH, apart))
        # a tag wider than its tile reaches past the row's first or last tile: room for it too
        reach = [max(0.0, (w - S) / 2) if self.k != 1 else 0.0 for w in tag_w]
        row_spans = [(min(offsets[k] - reach[k] for k in chunk), max(offsets[k] + S + reach[k] for k in chunk))
                     for chunk in (range(r * per_row, min(len(tiles), (r + 1) * per_row)) for r in range(rows))
                     if len(chunk)]
        tiles_left = min((a for a, _ in row_spans), default=0.0)
        tiles_w = max(max((b for _, b in row_spans), default=S) - tiles_left, S)
        turn = self.position.to_move == self.seat
        width = max(tiles_w, self._width(label, self.font) + (14 * self.k if turn else 0))
        row_h = marker_h + L + 12
        height = label_h + rows * row_h - 6

        def draw(ox: float, oy: float) -> None:
            dwg = self.dwg
            g = dwg.g(class_="hand")
            self._data(g, data_seat=self.seat)
            self._seat_label(g, self.seat, label, ox, oy + self.ascent)
            x0 = ox + (width - tiles_w) / 2 - tiles_left
            top = oy + label_h + marker_h
            if not tiles:
                g.add(dwg.rect(insert=(_n(x0), _n(top)), size=(S, L), rx=RX, class_="empty hand-empty"))
            for k, (tile, classes, ends) in enumerate(entries):
                row = k // per_row
                cx = x0 + offsets[k] + S / 2
                row_top = top + row * row_h
                p = _Placed((tile.high, tile.low), cx, row_top + L / 2, 90)
                data = {"data_seat": self.seat}
                if ends - {None}:  # (a line's: left, right; a spinner's arms in the table's order)
                    data["data_ends"] = " ".join(e.value for e in sorted(ends - {None}, key=lambda a: arm_rank(a, self.position.layout)))
                if tile is self.fresh:
                    # just drawn: a dashed frame around it (and "fresh" for pages and tests)
                    classes = classes + ["fresh"]
                    g.add(dwg.rect(insert=(_n(cx - S / 2 - 5), _n(row_top - 5)), size=(S + 10, L + 10), rx=RX + 4,
                                   class_="fresh-ring"))
                self._tile(g, p, classes, ring="playable" in classes, **data)
                if ends - {None}:
                    self._fit_marker(g, ends, cx, row_top - 12 * self.k)
            dwg.add(g)

        return _Band(width, height, draw)

    def _fit_marker(self, parent, ends: set[End | None], cx: float, y: float) -> None:
        """A small tag over a playable tile: a triangle pointing to each end it fits, with that
        end's number (left: "◀5", right: "6▶", both: "◀5 6▶"; a spinner's arms "▲2", "▼6")."""
        dwg = self.dwg
        numbers = self.position.open_ends()
        lines = _fit_lines(ends, numbers)
        k = self.k
        g = dwg.g(class_="fit " + " ".join("fits-branch" if isinstance(e, Branch) else f"fits-{e.value}"
                                           for line in lines for e in line))
        for row, parts in enumerate(lines):
            self._fit_line(g, parts, numbers, cx, y - (len(lines) - 1 - row) * FIT_LINE * k)
        parent.add(g)

    def _fit_line(self, g, parts: list[End], numbers: dict[End, int], cx: float, y: float) -> None:
        dwg, k = self.dwg, self.k
        part_w = 22 * k
        w = self._fit_width(len(parts))
        g.add(dwg.rect(insert=(_n(cx - w / 2), _n(y - 10 * k)), size=(_n(w), _n(20 * k)), rx=_n(10 * k)))
        x = cx - w / 2 + 4 * k
        # the triangle's legs, as the path writes them ("7,-5v10" at the default size)
        leg, half, side = _n(7 * k), _n(5 * k), _n(10 * k)
        for end in parts:
            if end is End.LEFT:
                # a triangle pointing left, then the number
                g.add(dwg.path(d=f"M{_n(x + 1 * k)},{_n(y)}l{leg},-{half}v{side}z"))
                self._text(g, str(numbers[end]), x + 15 * k, y + 4.5 * k, "num")
            elif end is End.RIGHT:
                self._text(g, str(numbers[end]), x + 6 * k, y + 4.5 * k, "num")
                g.add(dwg.path(d=f"M{_n(x + 21 * k)},{_n(y)}l-{leg},-{half}v{side}z"))
            elif isinstance(end, Branch):
                # a double's side: a small diamond (a double lying across), then the number
                g.add(dwg.path(d=f"M{_n(x + 1 * k)},{_n(y)}l{half},-{half} {half},{half} -{half},{half}z"))
                self._text(g, str(numbers[end]), x + 16 * k, y + 4.5 * k, "num")
            else:
                # a triangle pointing up or down, then the number
                tip, base = (y - 4 * k, 7 * k) if end is End.UP else (y + 4 * k, -7 * k)
                g.add(dwg.path(d=f"M{_n(x + 1 * k)},{_n(tip + base)}l{half},{_n(-base)} {half},{_n(base)}z"))
                self._text(g, str(numbers[end]), x + 16 * k, y + 4.5 * k, "num")
            x += part_w + 6 * k

    def _fit_width(self, parts: int) -> float:
        """The width of a fit tag naming ``parts`` ends (58 units for both at the default size)."""
        return (22 * parts + 6 * (parts - 1) + 8) * self.k

    def _annotation_band(self, annotations: list[str]) -> _Band:
        size = FONT * self.k
        if self.limit is not None:  # a phone's picture: a long line goes on in the next one
            annotations = [part for text in annotations for part in _wrapped(text, size, self.limit)]
        width = max(_text_width(a, size) for a in annotations)
        line = LINE_H * self.k

        def draw(ox: float, oy: float) -> None:
            g = self.dwg.g(class_="annotations")
            for k, text in enumerate(annotations):
                self._text(g, text, ox, oy + 16 * self.k + k * line, "annotation")
            self.dwg.add(g)

        return _Band(width, line * len(annotations), draw)

    # ----- output -----------------------------------------------------------------------------
    def _serialize(self) -> str:
        if self.debug:
            self.dwg.get_xml()  # svgwrite validates the SVG 1.1 part (and adds its root attributes: not kept)
            for attribute in ("xmlns", "xmlns:xlink", "xmlns:ev", "baseProfile", "version"):
                self.dwg.attribs.pop(attribute, None)
        return write_picture(self.dwg, self.labels.title, self.labels.desc, self.prefix, self.font, self.extras)


def write_picture(dwg: svgwrite.Drawing, title: str, desc: str, prefix: str, font: float,
                  extras: dict[int, dict[str, str]]) -> str:
    """A drawing as SVG text, labelled for screen readers by its title and description (ids
    ``{prefix}t`` and ``{prefix}d``); a picture drawn with larger labels (a slide's) says how large.
    Mexican Train's renderer writes its pictures with it too."""
    dwg.set_desc(title, desc)
    root = {
        "xmlns": "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink",
    }
    after = {}
    if font != FONT:
        after["data-label-size"] = _n(font)
    after.update({"role": "img", "aria-labelledby": f"{prefix}t", "aria-describedby": f"{prefix}d"})
    title_element, desc_element = dwg.elements[0], dwg.elements[1]
    ids = {id(title_element): {"id": f"{prefix}t"}, id(desc_element): {"id": f"{prefix}d"}}
    out: list[str] = []
    _write(dwg, out, {**extras, **ids}, root, after)
    return "".join(out)


_HALVES: dict[tuple, svgwrite.container.Group] = {}


def add_tile_defs(dwg: svgwrite.Drawing, prefix: str) -> None:
    """A tile's face (``{prefix}f``: its outline and the bar between the halves) and back
    (``{prefix}b``), drawn once and used by every tile; Mexican Train's renderer uses them too."""
    face = dwg.g(id=f"{prefix}f")
    face.add(dwg.rect(insert=(-L // 2, -S // 2), size=(L, S), rx=RX))
    face.add(dwg.path(d=f"M0,{-S // 2 + 6}V{S // 2 - 6}"))
    back = dwg.g(id=f"{prefix}b")
    back.add(dwg.rect(insert=(-L // 2, -S // 2), size=(L, S), rx=RX))
    back.add(dwg.rect(insert=(-L // 2 + 5, -S // 2 + 5), size=(L - 10, S - 10), rx=RX - 3, class_="inner"))
    dwg.defs.add(face)
    dwg.defs.add(back)


def pip_half(value: int, offset: int, layout: tuple[tuple[float, float], ...] | None = None,
             radius: float = PIP_R) -> svgwrite.container.Group:
    """One half of a tile with its pips: the same element in every tile and picture that shows it
    (nothing changes it once made), written once (:func:`_write` keeps its text). ``layout`` and
    ``radius``: the pips' centres and size, the double-six set's unless given (Mexican Train's
    renderer gives its own for 7 to 12)."""
    layout = PIPS[value] if layout is None else layout
    key = (value, offset, layout, radius)
    if key not in _HALVES:
        half = svgwrite.container.Group(class_=f"half pips-{value}", debug=False, profile="full")
        for dx, dy in layout:
            half.add(svgwrite.shapes.Circle(center=(_n(offset + dx), _n(dy)), r=_n(radius), debug=False, profile="full"))
        out: list[str] = []
        _write(half, out, {})
        half.markup = "".join(out)
        _HALVES[key] = half
    return _HALVES[key]


def _escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _escape_attribute(text: str) -> str:
    return (_escape_text(text).replace('"', "&quot;").replace("\r", "&#13;").replace("\n", "&#10;")
            .replace("\t", "&#09;"))


def _write(element, out: list[str], extras: dict[int, dict[str, str]], own: dict[str, str] | None = None,
           last: dict[str, str] | None = None) -> None:
    """Write svgwrite's ``element`` and its children as SVG text, as svgwrite and ElementTree would
    (``get_xml`` then ``tostring``: attributes sorted by name, then the extra ones in order), three
    times faster: a game page draws its table on every request. ``own`` adds attributes sorted with
    the element's own (the root's namespaces), ``last`` puts some after its extras."""
    markup = getattr(element, "markup", None)
    if markup is not None:  # a shared element, written once
        out.append(markup)
        return
    xml = getattr(element, "xml", None)
    if xml is not None:  # svgwrite's title and desc hold a ready ElementTree element
        name, attributes, text, children = xml.tag, dict(xml.attrib), xml.text, ()
    else:
        if isinstance(element, svgwrite.path.Path):  # what Path.get_xml and Use.get_xml do first
            element.attribs["d"] = str(svgwrite.utils.strlist(element.commands, " "))
        elif isinstance(element, svgwrite.container.Use):
            element.update_id()
        name = element.elementname
        attributes = {}
        for key, value in sorted({**element.attribs, **(own or {})}.items()):
            if value is not None:
                value = element.value_to_string(value)
                if value:
                    attributes[key] = value
        text = element.text if isinstance(element, svgwrite.text.TSpan) else None  # (a Drawing's .text is a factory)
        children = element.elements
    attributes = {**attributes, **extras.get(id(element), {}), **(last or {})}
    out.append("<" + name)
    for key, value in attributes.items():
        out.append(f' {key}="{_escape_attribute(str(value))}"')
    content = getattr(element, "_content", None)  # a style sheet: CDATA, as svgwrite writes it
    if text is None and not children and not content:
        out.append("/>")
        return
    out.append(">")
    if content:
        out.append(f"<![CDATA[{content}]]>")
    if text is not None:
        out.append(_escape_text(str(text)))
    for child in children:
        _write(child, out, extras)
    out.append(f"</{name}>")
