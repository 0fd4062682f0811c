"""SVG pictures of a Mexican Train position: a pure function of the position plus display options.

Top to bottom: the other player's hand (face down, with its count) and the boneyard's count, the
table (the round's engine double at the left, each train one row from it, labelled and wrapping
onto further rows when long; a marked train carries a marker, an unanswered double is ringed and
named), and the viewing player's hand face up. On a phone (``narrow``) the engine lies at the top
and each train runs beneath it, four tiles a row. Every word comes from :class:`TrainLabels`; this
module writes no prose.

>>> from tutor.games.domino.mexican_train import engine as mt
>>> deal = {"engine": 12, "top": 12, "first": 0, "boneyard": ["0-1"],
...         "hands": [["12-5", "5-5", "5-1", "7-2"], ["12-7", "3-3"]]}
>>> position = mt.position_after(deal, ["12-5:s0", "12-7:s1", "5-5:s0"])
>>> labels = TrainLabels(title="The table", desc="Your double 5-5 is open.")
>>> svg = render_trains(position, labels=labels)
>>> [(t.tile, t.train) for t in train_tiles(svg) if t.train]
[('12-5', 's0'), ('5-5', 's0'), ('12-7', 's1'), ('12-12', 'engine')]
>>> 'class="open-double" data-train="s0"' in svg
True

Tiles run up to 12 pips. Each number has its own colour, as printed double-twelve sets have, and
its own layout (:data:`PIPS`), so colour is never the only cue. Up to six the pips stand as on
every domino. From seven to twelve they stand in three lines along the tile: two outer lines and a
middle one, as printed double-twelve sets lay them out. For 7 to 9 the outer lines hold three
each (the six) and the middle line one to three; for 10 to 12 the outer lines hold four each and
the middle line two to four. A reader counts six or eight at a glance and adds the middle line.

Elements carry what pages and tests read: each tile group ``class="tile"`` (with ``double``,
``engine``, ``face-down``, ``playable``), ``data-tile="a-b"`` (face up: halves in drawing order,
for a train tile the half touching the train first), ``data-train`` (``engine``, ``s0``, ``s1``,
``t1``...) and ``data-index`` (place in the train) on table tiles, ``data-seat`` on hand tiles;
each half ``class="half pips-N"`` with its N pips as circles; each train's row ``class="train"``
with ``data-train`` and ``data-end`` (the number a tile must show there); a marker
``class="marker"`` with ``data-train``; the unanswered double's ring ``class="open-double"`` with
``data-train``; a ringed target ``class="target"`` with ``data-train``; the other hand
``class="opponent"`` with ``data-count``; the boneyard ``class="boneyard"`` with ``data-count``.
"""

from __future__ import annotations

import hashlib
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Callable, Collection, Sequence

import svgwrite
import svgwrite.container
import svgwrite.shapes

from tutor.games.domino.mexican_train import engine as mt
from tutor.games.domino.render import GAP, L, RX, S, _n, add_tile_defs, pip_half, write_picture  # a tile as the double-six renderer draws it

__all__ = ["COLOURS", "PIPS", "TrainLabels", "TrainTileBox", "render_trains", "train_tiles"]

# ----- geometry (viewBox units) -------------------------------------------------------------------
MARGIN = 12
LABEL_H = 22  # a train's name line above its tiles
ROW_GAP = 10
HAND_PITCH = 48  # hand tiles stand upright, 40 wide
SMALL = 0.5  # the other player's face-down tiles
KEY_FROM = 7  # the colour key's first number: from 7 up the pips stand in three rows
FONT = 15
CHAR_W = 0.56
#: With large labels (a slide's) the picture may grow this wide for its height: a slide's picture
#: box is about square (tutor/web/domino/slides.py), so that costs the picture no size.
SLIDE_ASPECT = 1.0

# Pip centres in a half (its centre at 0,0) and their radius: a layout per number (module docstring).
_Q = 11  # up to six, as the double-six pictures draw them
_T = 12  # seven to nine: a 3 x 3 grid
_F = (-13.5, -4.5, 4.5, 13.5)  # ten to twelve: four across each outer line


def _line(xs: Sequence[float], y: float) -> tuple[tuple[float, float], ...]:
    return tuple((x, y) for x in xs)


PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((-_Q, -_Q), (_Q, _Q)),
    3: ((-_Q, -_Q), (0, 0), (_Q, _Q)),
    4: ((-_Q, -_Q), (_Q, -_Q), (-_Q, _Q), (_Q, _Q)),
    5: ((-_Q, -_Q), (_Q, -_Q), (0, 0), (-_Q, _Q), (_Q, _Q)),
    6: _line((-_Q, 0, _Q), -_Q) + _line((-_Q, 0, _Q), _Q),
    7: _line((-_T, 0, _T), -_T) + ((0, 0),) + _line((-_T, 0, _T), _T),
    8: _line((-_T, 0, _T), -_T) + _line((-6, 6), 0) + _line((-_T, 0, _T), _T),
    9: _line((-_T, 0, _T), -_T) + _line((-_T, 0, _T), 0) + _line((-_T, 0, _T), _T),
    10: _line(_F, -_T) + _line((-4.5, 4.5), 0) + _line(_F, _T),
    11: _line(_F, -_T) + _line((-9, 0, 9), 0) + _line(_F, _T),
    12: _line(_F, -_T) + _line(_F, 0) + _line(_F, _T),
}
PIP_R = {n: 4.5 if n <= 6 else 4.2 if n <= 9 else 3.6 for n in PIPS}

#: Each number's pip colour, as printed sets colour them; every one at least 3:1 against the tile
#: face (FACE), so a pip stands out on its own, and neighbours in value differ in hue.
FACE = "#fffdf5"
COLOURS: dict[int, str] = {
    0: "#1c1a17",
    1: "#0284c7",  # sky blue
    2: "#15803d",  # green
    3: "#dc2626",  # red
    4: "#78350f",  # brown
    5: "#1e40af",  # dark blue
    6: "#a16207",  # ochre (a printed yellow, darkened to read on the face)
    7: "#9333ea",  # purple
    8: "#0f766e",  # teal
    9: "#db2777",  # pink
    10: "#ea580c",  # orange
    11: "#1c1917",  # black
    12: "#4d7c0f",  # olive: far from 11's black, so the two highest numbers differ at a glance
}

STYLE = (
    ".mxt{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Helvetica Neue',Arial,sans-serif}"
    ".mxt .bg{fill:#f6f2e9}"
    ".mxt .table{fill:#e4ddcc}"
    f".mxt .tile,.mxt .key-face{{fill:{FACE};stroke:#2b2824;stroke-width:1.6}}"
    ".mxt .face-down{fill:#3a5670;stroke:#1e3347}"
    ".mxt .inner{fill:none;stroke:#7f9bb5;stroke-width:1.2}"
    ".mxt .engine{fill:#fff3c4;stroke:#8a5a00;stroke-width:2.4}"
    ".mxt .half{stroke:none}"
    + "".join(f".mxt .pips-{n}{{fill:{colour}}}" for n, colour in COLOURS.items())
    + ".mxt .ring,.mxt .target{fill:#c5efe8;stroke:#0d8073;stroke-width:3}"
    ".mxt .open-double rect{fill:none;stroke:#b45309;stroke-width:3;stroke-dasharray:7 4}"
    ".mxt .can-play use{stroke:#0d8073;stroke-width:4}"
    ".mxt .empty{fill:none;stroke:#8a8272;stroke-width:1.6;stroke-dasharray:6 5}"
    ".mxt .hub{stroke:#8a8272;stroke-width:2;fill:none}"
    ".mxt text{fill:#2b2824;stroke:none;font-size:15px}"
    ".mxt .name{font-weight:600}"
    ".mxt .marker path{fill:#b45309;stroke:#7c2d12;stroke-width:1}"
    ".mxt .marker text,.mxt .open-double-word{fill:#7c2d12;font-weight:600}"
    ".mxt .end circle{fill:#1f2933;stroke:#fff;stroke-width:2}"
    ".mxt .end text{fill:#fff;font-weight:700;text-anchor:middle;font-size:16px}"
    ".mxt .count{font-size:20px;font-weight:700}"
)


def _style(label_size: float) -> str:
    """The style sheet; larger labels (a slide's) add rules scoped to the picture's label size, so
    that pictures with different sizes can share a page (an inline SVG's style applies to it all)."""
    if label_size == FONT:
        return STYLE
    scope = f'.mxt[data-label-size="{_n(label_size)}"]'
    k = label_size / FONT
    return STYLE + (f"{scope} text{{font-size:{_n(label_size)}px}}"
                    f"{scope} .end text{{font-size:{_n(16 * k)}px}}"
                    f"{scope} .count{{font-size:{_n(max(20, label_size))}px}}")


@dataclass(frozen=True)
class TrainLabels:
    """The already-localized words a picture needs; an empty string draws no text.

    ``title`` and ``desc`` are the accessible name and description (sentences in the page's
    language); the rest are short visible words. ``public_train(n)`` names public train ``tN``."""

    title: str
    desc: str
    your_train: str = ""  # "Your train"
    opponent_train: str = ""  # "Your opponent's train"
    public_train: Callable[[int], str] | None = None  # n -> "Public train 1"
    engine: str = ""  # "Engine"
    marker: str = ""  # "marker"
    open_double: str = ""  # "open double"
    hand: str = ""  # "Your hand"
    opponent_hand: str = ""  # "Your opponent's hand"
    boneyard: str = ""  # "Boneyard"
    colour_key: str = ""  # "The colours of 7 to 12": drawn under the hand with a half of each (a set to 12)


@dataclass(frozen=True)
class TrainTileBox:
    """A drawn tile as :func:`train_tiles` reads it back."""

    tile: str | None  # "a-b" in drawing order; None face down
    classes: tuple[str, ...]
    train: str | None  # "engine", "s0", "t1"...; None in a hand
    index: int | None  # place in its train
    seat: int | None  # the hand it is in
    x: float
    y: float
    w: float
    h: float


def train_tiles(svg: str) -> list[TrainTileBox]:
    """Every tile group of a rendered picture, in document order."""
    boxes = []
    for g in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}g"):
        classes = tuple(g.get("class", "").split())
        if "tile" not in classes:
            continue
        index, seat = g.get("data-index"), g.get("data-seat")
        boxes.append(TrainTileBox(
            g.get("data-tile"), classes, g.get("data-train"), None if index is None else int(index),
            None if seat is None else int(seat),
            float(g.get("data-x")), float(g.get("data-y")), float(g.get("data-w")), float(g.get("data-h")),
        ))
    return boxes


@dataclass
class _Tile:
    """A tile placed in picture coordinates: its centre, whether it stands upright (a double across
    its train, a hand tile) and its halves in drawing order (left or top first)."""

    halves: tuple[int, int]
    cx: float
    cy: float
    upright: bool
    scale: float = 1.0

    @property
    def w(self) -> float:
        return (S if self.upright else L) * self.scale

    @property
    def h(self) -> float:
        return (L if self.upright else S) * self.scale


def render_trains(
    position: mt.Position,
    *,
    labels: TrainLabels,
    seat: int = 0,
    reveal: bool = False,
    highlight: Collection[str] = (),
    narrow: bool = False,
    playable: Collection[str] = (),
    id_prefix: str | None = None,
    show_hand: bool = True,
    show_opponent: bool = True,
    show_boneyard: bool = True,
    label_size: float = FONT,
    box_aspect: float = 1.0,
) -> str:
    """Draw ``position`` from ``seat``'s chair as a standalone ``<svg>`` string.

    - ``reveal``: draw the other player's hand face up.
    - ``highlight``: harness actions (``"5-2:s0"``) whose tile in the viewing hand and whose target
      train's end are ringed (a new public train: the engine).
    - ``narrow``: laid out for a phone (360 units wide: the engine on top, four tiles a row).
    - ``playable``: tiles of the viewing hand that may be played now (``"5-2"``): outlined
      (``class="tile can-play"``), as the other games' hands mark theirs.
    - ``id_prefix``: prefix of the ids inside (defs, title, desc); by default a hash of the inputs,
      so pictures inlined in one page do not clash and the same input gives the same bytes.
    - ``label_size``: the size of every word and number, in viewBox units (a slide's are larger,
      so they read from the back of the room once the picture is scaled into its box); the
      picture grows as wide as its longest line of words needs.
    - ``box_aspect``: with large labels, the shape (width / height) of the box the picture will be
      scaled into (a slide's picture beside its text, or with the slide to itself): of the widths
      it may take, the one that draws it largest there.
    """
    if seat not in (0, 1):
        raise ValueError(f"seat {seat} is not a seat of this position")
    if not 8 <= label_size <= 80:
        raise ValueError(f"label_size {label_size} is out of range (8 to 80 viewBox units)")
    if not 0.1 <= box_aspect <= 10:
        raise ValueError(f"box_aspect {box_aspect} is not the shape of a box")
    prefix = id_prefix or _prefix(position, labels, seat, reveal, sorted(highlight), narrow,
                                  show_hand, show_opponent, show_boneyard, label_size,
                                  *(() if box_aspect == SLIDE_ASPECT else (f"box={box_aspect}",)))
    picture = _Picture(position, labels, seat, prefix, narrow, label_size)
    picture.playable = {_key(t) for t in playable}
    return picture.render(
        reveal=reveal, highlight=list(highlight), show_hand=show_hand, show_opponent=show_opponent,
        show_boneyard=show_boneyard, box_aspect=box_aspect,
    )


def _prefix(position: mt.Position, labels: TrainLabels, *options: object) -> str:
    table = ";".join(f"{t.name}={t.tiles()}" for t in position.trains)
    hands = ";".join(",".join(map(str, h)) for h in position.hands)
    key = "|".join([str(position.engine), table, hands, str(len(position.boneyard)), str(position.markers),
                    labels.title, labels.desc, *map(str, options)])
    return "m" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:6]


#: A wide picture's train rows hold this many tiles at least, and at most (then a train wraps).
WIDE_ROW_LEAST, WIDE_ROW_MOST = 6, 10
#: ... and in a wide box (a slide's picture with the slide to itself), this many at most.
WIDE_ROW_WIDEST = 14


class _Picture:
    def __init__(self, position: mt.Position, labels: TrainLabels, seat: int, prefix: str, narrow: bool,
                 label_size: float = FONT) -> None:
        self.position = position
        self.labels = labels
        self.seat = seat
        self.prefix = prefix
        self.narrow = narrow
        self.playable: set[tuple[int, int]] = set()
        self.font = label_size
        self.k = label_size / FONT
        large = label_size != FONT
        # larger type is laid out with its whole line box and a width estimate that holds for bold
        # wide letters, as the double-six pictures do (render.py), so no word touches a tile
        self.char_w = 0.72 if large else CHAR_W
        self.ascent = 1.07 * label_size if large else 15  # a label's baseline below the top of its line
        self.label_h = round(1.37 * label_size + 7) if large else LABEL_H
        self.badge_r = 13 * self.k
        self.count_size = max(20.0, label_size)
        self.dwg = svgwrite.Drawing(debug=False, profile="full")
        self.extras: dict[int, dict[str, str]] = {}
        # the picture's width: a phone's 360 units; else as wide as the longest train needs with a
        # tile to spare, from six tiles a row to ten (so a young table, or the shorter game's, is
        # drawn larger); wider when a line of words needs it (a slide's large labels)
        self.train_x = MARGIN + (0 if narrow else S + 24)  # where every train row starts
        longest_train = max((len(train.played) for train in position.trains), default=0)
        self.tiles_a_row = min(WIDE_ROW_MOST, max(WIDE_ROW_LEAST, longest_train + 1))
        self.base_width = 360 if narrow else self.train_x + self.tiles_a_row * (L + GAP) + 2 * 16 + MARGIN
        # no single word may run out of the picture
        words = [labels.hand, labels.opponent_hand, labels.boneyard, labels.marker, labels.open_double,
                 *(self._train_name(t) for t in self._train_order())]
        longest = max((self._w(word) for text in words for word in text.split()), default=0)
        self.width = math.ceil(max(self.base_width, self.train_x + longest + 18 * self.k + MARGIN))

    def _w(self, text: str, size: float | None = None) -> float:
        """A label's width for the layout."""
        return len(text) * (size or self.font) * self.char_w

    def _wrap(self, text: str, room: float) -> list[str]:
        """``text`` in lines no wider than ``room`` (by words; a word longer than that keeps a line)."""
        lines: list[str] = []
        for word in text.split():
            if lines and self._w(lines[-1] + " " + word) <= room:
                lines[-1] += " " + word
            else:
                lines.append(word)
        return lines

    def _widest_line(self) -> float:
        """The widest a line of words would be unwrapped, margins included (a slide's picture grows
        towards it, as far as its box's shape lets it grow without getting smaller)."""
        labels = self.labels
        widths = [self._w(labels.hand), self._w(labels.opponent_hand) + 24 + self._w(labels.boneyard)]
        for train in self._train_order():
            widths.append(self.train_x - MARGIN + sum(w for _kind, _text, w in self._name_parts(train)) + 10 * self.k * 2)
        return max(widths) + 2 * MARGIN

    def _name_parts(self, train: mt.Train) -> list[tuple[str, str, float]]:
        """The words over a train's row: its name, its marker (a flag and a word), the open
        double's word; each (kind, text, width)."""
        labels, position = self.labels, self.position
        parts = []
        name = self._train_name(train)
        if name:
            parts.append(("name", name, self._w(name)))
        if train.owner is not None and position.markers[train.owner]:
            parts.append(("marker", labels.marker, 18 * self.k + (self._w(labels.marker) if labels.marker else 0)))
        double = position.open_double()
        if double is not None and double.name == train.name and labels.open_double:
            parts.append(("double", labels.open_double, self._w(labels.open_double)))
        return parts

    def _name_lines(self, train: mt.Train) -> list[list[tuple[str, str, float]]]:
        """:meth:`_name_parts` in lines that fit the table: the name wrapped, the marker and the
        open double's word beside it where there is room, else on a line of their own."""
        room = self.width - self.train_x - MARGIN
        gap = 10 * self.k
        lines: list[list[tuple[str, str, float]]] = []
        for kind, text, width in self._name_parts(train):
            if kind == "name":
                lines += [[("name", line, self._w(line))] for line in self._wrap(text, room)]
                continue
            used = sum(w for _k, _t, w in lines[-1]) + gap * len(lines[-1]) if lines else 0
            if lines and used + width <= room:
                lines[-1].append((kind, text, width))
            else:
                lines.append([(kind, text, width)])
        return lines

    # ----- elements -----------------------------------------------------------------------------
    def _data(self, element, **attributes: object) -> None:
        extra = self.extras.setdefault(id(element), {})
        for name, value in attributes.items():
            extra[name.replace("_", "-")] = str(value)

    def _text(self, parent, text: str, x: float, y: float, class_: str | None = None, anchor: str = "start"):
        element = self.dwg.text(text, insert=(_n(x), _n(y)))
        if class_:
            element["class"] = class_
        if anchor != "start":
            element["text-anchor"] = anchor
        parent.add(element)
        return element

    def _tile(self, parent, t: _Tile, classes: Sequence[str], face_up: bool = True, ring: bool = False, **data: object):
        dwg = self.dwg
        transform = f"translate({_n(t.cx)},{_n(t.cy)})"
        if t.upright:
            transform += " rotate(90)"
        if t.scale != 1:
            transform += f" scale({t.scale})"
        g = dwg.g(class_=" ".join(["tile", *classes]), transform=transform)
        if face_up:
            data = {"data_tile": f"{t.halves[0]}-{t.halves[1]}", **data}
        self._data(g, **data, data_x=_n(t.cx - t.w / 2), data_y=_n(t.cy - t.h / 2), data_w=_n(t.w), data_h=_n(t.h))
        if ring:
            g.add(dwg.rect(insert=(-L // 2 - 6, -S // 2 - 6), size=(L + 12, S + 12), rx=RX + 5, class_="ring"))
        if face_up:
            g.add(dwg.use(f"#{self.prefix}f"))
            for value, offset in zip(t.halves, (-S // 2, S // 2)):
                g.add(pip_half(value, offset, PIPS[value], PIP_R[value]))
        else:
            g.add(dwg.use(f"#{self.prefix}b"))
        parent.add(g)
        return g

    def _defs(self) -> None:
        add_tile_defs(self.dwg, self.prefix)

    # ----- the picture --------------------------------------------------------------------------
    def render(self, *, reveal: bool, highlight: list[str], show_hand: bool, show_opponent: bool,
               show_boneyard: bool, box_aspect: float = 1.0) -> str:
        dwg = self.dwg
        self.targets: dict[str, bool] = {}
        self.ringed: set[tuple[int, int]] = set()
        for action in highlight:
            tile_text, _, train = action.partition(":")
            if train:
                self.targets[train] = True
                self.ringed.add(_key(tile_text))
        def bands() -> list[tuple[float, Callable[[float], None]]]:
            found = []
            if show_opponent or show_boneyard:
                found.append(self._top(reveal, show_opponent, show_boneyard))
            found.append(self._table())
            if show_hand:
                found.append(self._hand())
            if self.labels.colour_key and self.position.top >= KEY_FROM:
                found.append(self._colour_key())
            return found

        def total(found: list[tuple[float, Callable[[float], None]]]) -> float:
            return MARGIN + sum(h for h, _ in found) + 14 * (len(found) - 1) + MARGIN

        if self.font != FONT:
            # a slide's large words: of the widths from the narrowest to the one where no line
            # wraps, the one that draws the picture largest in a box of ``box_aspect`` (wider, fewer
            # lines wrap and the picture is shorter; too wide, it must be drawn smaller); a wide box
            # may also take longer train rows, so a train wraps less
            narrowest = self.width
            widest = math.ceil(self._widest_line())
            if box_aspect > SLIDE_ASPECT:
                widest = max(widest, self.train_x + WIDE_ROW_WIDEST * (L + GAP) + 2 * 16 + MARGIN)
            best = (0.0, narrowest)
            for width in range(narrowest, max(narrowest, widest) + 20, 20):
                self.width = width
                best = max(best, (min(box_aspect / width, 1 / total(bands())), -width))
            self.width = -best[1]
        drawers = bands()
        height = total(drawers)
        width = self.width
        dwg["width"], dwg["height"] = _n(width), _n(height)
        dwg.viewbox(0, 0, _n(width), _n(height))
        dwg["class"] = "mxt"
        dwg.add(dwg.style(_style(self.font)))
        self._defs()
        dwg.add(dwg.rect(insert=(0, 0), size=(_n(width), _n(height)), rx=10, class_="bg"))
        y = MARGIN
        for h, draw in drawers:
            draw(y)
            y += h + 14
        return self._serialize()

    def _top(self, reveal: bool, show_opponent: bool, show_boneyard: bool) -> tuple[float, Callable[[float], None]]:
        """The other player's hand (small, face down unless revealed, with its count) and the boneyard."""
        position, dwg = self.position, self.dwg
        other = 1 - self.seat
        tiles = position.hands[other]
        pitch = S * SMALL + 4
        count_w = self._w("00", self.count_size)
        bone_w = S * SMALL + 8 + count_w  # the boneyard's stack and its count
        room = self.width - 2 * MARGIN - (bone_w + 20 if show_boneyard else 0)
        per_row = max(1, int((room - count_w - 6) // pitch))
        rows = max(1, math.ceil(len(tiles) / per_row)) if show_opponent else 1
        small_h = L * SMALL
        label_h = self.label_h
        # a row of small tiles, as tall as a count's line box when the count is larger (a slide's)
        row_h = max(small_h, 1.37 * self.count_size) if self.font != FONT else small_h
        count_dy = row_h / 2 + 0.35 * self.count_size  # a count's baseline, centred on its tiles
        names = [self.labels.opponent_hand if show_opponent else "", self.labels.boneyard if show_boneyard else ""]
        # the other hand on the left and the boneyard on the right of one band, or (long words, a
        # slide's large ones) the boneyard in a band of its own under the other hand
        stacked = show_opponent and show_boneyard and (
            self._w(names[0]) + 24 + self._w(names[1]) > self.width - 2 * MARGIN)
        if stacked:
            room = self.width - 2 * MARGIN
            per_row = max(1, int((room - count_w - 6) // pitch))
            rows = max(1, math.ceil(len(tiles) / per_row))
        opponent_lines = self._wrap(names[0], self.width - 2 * MARGIN) if show_opponent else []
        top_h = max(1, len(opponent_lines)) * label_h if show_opponent else label_h
        height = top_h + rows * (row_h + 6)
        bone_y = height if stacked else 0  # the boneyard band's top, from the band's
        if stacked:
            height += label_h + row_h + 6

        def draw(y: float) -> None:
            if show_opponent:
                g = dwg.g(class_="opponent")
                self._data(g, data_seat=other, data_count=len(tiles))
                for i, line in enumerate(opponent_lines):
                    self._text(g, line, MARGIN, y + self.ascent + i * label_h, "name")
                for k, tile in enumerate(tiles):
                    row, col = divmod(k, per_row)
                    t = _Tile((tile.high, tile.low), MARGIN + col * pitch + S * SMALL / 2,
                              y + top_h + row * (row_h + 6) + row_h / 2, True, SMALL)
                    self._tile(g, t, [] if reveal else ["face-down"], face_up=reveal, data_seat=other)
                count_x = MARGIN + min(len(tiles), per_row) * pitch + 6
                self._text(g, f"{len(tiles)}", count_x, y + top_h + count_dy, "count")
                dwg.add(g)
            if show_boneyard:
                g = dwg.g(class_="boneyard")
                count = len(position.boneyard)
                self._data(g, data_count=count)
                right = self.width - MARGIN
                by = y + bone_y
                if self.labels.boneyard:
                    self._text(g, self.labels.boneyard, right, by + self.ascent, "name", anchor="end")
                t = _Tile((0, 0), right - count_w - 8 - S * SMALL / 2, by + label_h + row_h / 2, True, SMALL)
                if count:
                    self._tile(g, t, ["face-down"], face_up=False)
                else:
                    g.add(dwg.rect(insert=(_n(t.cx - t.w / 2), _n(t.cy - t.h / 2)), size=(_n(t.w), _n(t.h)), rx=4,
                                   class_="empty"))
                self._text(g, f"{count}", right, by + label_h + count_dy, "count", anchor="end")
                dwg.add(g)

        return height, draw

    def _train_order(self) -> list[mt.Train]:
        position = self.position
        own, other = position.trains[self.seat], position.trains[1 - self.seat]
        return [own, other, *position.public_trains]

    def _train_name(self, train: mt.Train) -> str:
        if train.owner == self.seat:
            return self.labels.your_train
        if train.owner is not None:
            return self.labels.opponent_train
        number = int(train.name[1:])
        return self.labels.public_train(number) if self.labels.public_train else ""

    def _table(self) -> tuple[float, Callable[[float], None]]:
        """The engine and one block per train: its name line (with the marker, the open double's
        word), then its tiles in rows of ``per_row``, doubles across the row."""
        position, dwg = self.position, self.dwg
        double = position.open_double()
        trains = self._train_order()
        blocks = []  # (train, height, rows of (tile pairs with index))
        for train in trains:
            rows = self._rows(list(enumerate(train.played)))
            row_hs = [L if any(a == b for _, (a, b) in row) else S for row in rows]
            lines = self._name_lines(train)
            words_h = max(1, len(lines)) * self.label_h
            if double is not None and double.name == train.name:
                words_h += 5  # the open double's ring reaches above its row: clear of the words
            blocks.append((train, words_h + sum(row_hs) + ROW_GAP * (len(rows) - 1), rows, row_hs, lines, words_h))
        engine_h = (S + 16) if self.narrow else 0
        pad = 8
        table_h = engine_h + sum(b[1] for b in blocks) + 12 * (len(blocks) - 1) + 2 * pad

        def draw(y: float) -> None:
            dwg.add(dwg.rect(insert=(_n(MARGIN / 2), _n(y)), size=(_n(self.width - MARGIN), _n(table_h)), rx=12,
                             class_="table"))
            top = y + pad
            if self.narrow:
                engine = _Tile((position.engine, position.engine), self.width / 2, top + S / 2, False)
                top += engine_h
            else:
                engine = _Tile((position.engine, position.engine), MARGIN + S / 2, y + table_h / 2, True)
            starts = []
            block_y = top
            for train, h, rows, row_hs, lines, words_h in blocks:
                g = dwg.g(class_="train")
                self._data(g, data_train=train.name, data_end=train.end)
                for i, line in enumerate(lines):
                    x, baseline = self.train_x, block_y + self.ascent + i * self.label_h
                    for kind, text, width in line:
                        if kind == "marker":
                            self._marker(g, train.name, x, baseline)
                        else:  # the name, or the open double's word (its ring is drawn with the tiles)
                            self._text(g, text, x, baseline, "name" if kind == "name" else "open-double-word")
                        x += width + 10 * self.k
                row_y = block_y + words_h
                badge = self.badge_r + 9  # clear of an open double's ring
                end_at = (self.train_x + badge, row_y + S / 2)
                first_cy = row_y + row_hs[0] / 2
                starts.append((train, first_cy))
                if not train.played:
                    g.add(dwg.rect(insert=(_n(self.train_x), _n(row_y)), size=(L, S), rx=RX, class_="empty"))
                    end_at = (self.train_x + L + 4 + badge, row_y + S / 2)
                for row, rh in zip(rows, row_hs):
                    cx = self.train_x
                    for index, (a, b) in row:
                        is_double = a == b
                        w = S if is_double else L
                        t = _Tile((a, b), cx + w / 2, row_y + rh / 2, is_double)
                        classes = ["double"] if is_double else []
                        self._tile(g, t, classes, data_train=train.name, data_index=index)
                        if is_double and double is not None and double.name == train.name and index == len(train.played) - 1:
                            ring = dwg.g(class_="open-double")
                            self._data(ring, data_train=train.name)
                            ring.add(dwg.rect(insert=(_n(t.cx - S / 2 - 5), _n(t.cy - L / 2 - 5)), size=(S + 10, L + 10),
                                              rx=RX + 4))
                            g.add(ring)
                        cx += w + GAP
                        end_at = (cx + 2 + badge, row_y + rh / 2)
                    row_y += rh + ROW_GAP
                # the open end: the number a tile must show here
                self._end(g, train, *end_at)
                dwg.add(g)
                block_y += h + 12
            # the engine, with a spoke to each train's first row
            hub = dwg.g(class_="hubs")
            for train, cy in starts:
                if self.narrow:
                    continue
                hub.add(dwg.path(d=f"M{_n(engine.cx + S / 2)},{_n(engine.cy)}L{_n(self.train_x - 6)},{_n(cy)}",
                                 class_="hub"))
            dwg.add(hub)
            target = any(name not in {t.name for t in trains} for name in self.targets)
            g = dwg.g(class_="engine-double")
            self._tile(g, engine, ["double", "engine"], ring=target, data_train="engine")
            if target:
                new = [name for name in self.targets if name not in {t.name for t in trains}][0]
                mark = dwg.g(class_="target")
                self._data(mark, data_train=new)
                g.add(mark)
            dwg.add(g)

        return table_h, draw

    def _rows(self, tiles: list[tuple[int, tuple[int, int]]]) -> list[list[tuple[int, tuple[int, int]]]]:
        """A train's tiles in rows as wide as the table allows (a double takes half a plain tile's
        room), the last row leaving room for the open end's number."""
        room = self.width - self.train_x - MARGIN
        badge = 2 + 2 * (self.badge_r + 3) + 6
        rows: list[list[tuple[int, tuple[int, int]]]] = [[]]
        used = 0.0
        for item in tiles:
            w = (S if item[1][0] == item[1][1] else L) + GAP
            if rows[-1] and used + w - GAP > room:
                rows.append([])
                used = 0.0
            rows[-1].append(item)
            used += w
        if len(rows[-1]) > 1 and used - GAP + badge > room:
            rows.append([rows[-1].pop()])  # the end's number would not fit: its last tile goes on
        return rows

    def _marker(self, parent, train: str, x: float, baseline: float) -> float:
        """A marker (a small flag) with its word on a name line; returns where the line goes on."""
        dwg, k = self.dwg, self.k
        g = dwg.g(class_="marker")
        self._data(g, data_train=train)
        top, foot = baseline - 0.95 * self.ascent, baseline + 2 * k  # the flag stands as tall as the words
        g.add(dwg.path(d=f"M{_n(x)},{_n(foot)}V{_n(top)}L{_n(x + 14 * k)},{_n(top + 5 * k)}"
                         f"L{_n(x + 2 * k)},{_n(top + 10 * k)}V{_n(foot)}Z"))
        x += 18 * k
        if self.labels.marker:
            self._text(g, self.labels.marker, x, baseline)
            x += self._w(self.labels.marker) + 10 * k
        parent.add(g)
        return x

    def _end(self, parent, train: mt.Train, x: float, y: float) -> None:
        dwg = self.dwg
        g = dwg.g(class_="end badge")
        if train.name in self.targets:
            g.add(dwg.circle(center=(_n(x), _n(y)), r=_n(self.badge_r + 5), class_="target"))
            self._data(g, data_target=train.name)
        g.add(dwg.circle(center=(_n(x), _n(y)), r=_n(self.badge_r)))
        self._text(g, str(train.end), x, y + 5.5 * self.k)
        parent.add(g)

    def _hand(self) -> tuple[float, Callable[[float], None]]:
        """The viewing player's hand, face up, upright tiles in rows."""
        tiles = self.position.hands[self.seat]
        per_row = max(1, int((self.width - 2 * MARGIN - S) // HAND_PITCH) + 1)
        rows = max(1, math.ceil(len(tiles) / per_row))
        hand_lines = self._wrap(self.labels.hand, self.width - 2 * MARGIN)
        words_h = max(1, len(hand_lines)) * self.label_h
        height = words_h + 8 + rows * (L + 14) - 14

        def draw(y: float) -> None:
            dwg = self.dwg
            g = dwg.g(class_="hand")
            self._data(g, data_seat=self.seat, data_count=len(tiles))
            for i, line in enumerate(hand_lines):
                self._text(g, line, MARGIN, y + self.ascent + i * self.label_h, "name")
            top = y + words_h + 8
            if not tiles:
                g.add(dwg.rect(insert=(MARGIN, _n(top)), size=(S, L), rx=RX, class_="empty"))
            for k, tile in enumerate(tiles):
                row, col = divmod(k, per_row)
                t = _Tile((tile.high, tile.low), MARGIN + col * HAND_PITCH + S / 2, top + row * (L + 14) + L / 2, True)
                ring = (tile.high, tile.low) in self.ringed
                classes = (["playable"] if ring else []) + (["can-play"] if (tile.high, tile.low) in self.playable else [])
                self._tile(g, t, classes, ring=ring, data_seat=self.seat)
            dwg.add(g)

        return height, draw

    def _colour_key(self) -> tuple[float, Callable[[float], None]]:
        """A half of each number from KEY_FROM up, its numeral under it: the colours of the
        numbers whose pips are hard to count (three rows of them)."""
        numbers = list(range(KEY_FROM, self.position.top + 1))
        room = self.width - 2 * MARGIN
        # each half as wide as its numeral needs (a slide's numerals are larger), in as many rows as that takes
        pitch = max(S + 16, self._w("00") + 16 * self.k)
        per_row = max(1, min(len(numbers), int((room + pitch - S) // pitch)))
        rows = math.ceil(len(numbers) / per_row)
        row_h = S + 6 + self.label_h
        lines = self._wrap(self.labels.colour_key, room)
        words_h = len(lines) * self.label_h
        height = words_h + 8 + rows * row_h + (rows - 1) * 8

        def draw(y: float) -> None:
            dwg = self.dwg
            g = dwg.g(class_="colour-key")
            for i, line in enumerate(lines):
                self._text(g, line, MARGIN, y + self.ascent + i * self.label_h, "name")
            for i, number in enumerate(numbers):
                row, col = divmod(i, per_row)
                top = y + words_h + 8 + row * (row_h + 8)
                cx = MARGIN + col * pitch + S / 2
                half = dwg.g(class_="key", transform=f"translate({_n(cx)},{_n(top + S / 2)})")
                half.add(dwg.rect(insert=(_n(-S / 2), _n(-S / 2)), size=(S, S), rx=RX, class_="key-face"))
                half.add(pip_half(number, 0, PIPS[number], PIP_R[number]))
                g.add(half)
                self._text(g, str(number), cx, top + S + 6 + self.ascent, anchor="middle")
            dwg.add(g)

        return height, draw

    def _serialize(self) -> str:
        return write_picture(self.dwg, self.labels.title, self.labels.desc, self.prefix, self.font, self.extras)


def _key(tile_text: str) -> tuple[int, int]:
    a, b = (int(x) for x in tile_text.split("-"))
    return (max(a, b), min(a, b))


