"""The renderer's spinner tables (Straight, All Fives): the spinner crosswise at the centre, up to
four arms around it, each drawn once as a chain, and (every double branching, issue #29) each other
double's two sides as a row of their own under them, no two tiles overlapping, every open end
marked, and a picture a phone can show. Playboard's pictures keep their shape (their bytes were checked
against the previous renderer once, by hand: see the commit that added this file)."""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from functools import lru_cache

import pytest

from tutor.games.domino import Action, Deal, Position, Tile
from tutor.games.domino.position import arm_pairs
from tutor.games.domino.render import Labels, TileBox, render_position, tile_boxes
from tutor.games.domino.rules import ALL_FIVES, ALL_FIVES_ONE_SPINNER, PLAYBOARD, SATO, STRAIGHT, STRAIGHT_ONE_SPINNER
from tutor.games.domino.spinner import ARMS, DOWN, LEFT, RIGHT, UP, Branch, End

SPINNER_RULES = (STRAIGHT, ALL_FIVES, STRAIGHT_ONE_SPINNER, ALL_FIVES_ONE_SPINNER)

NS = "{http://www.w3.org/2000/svg}"
LABELS = Labels(
    title="Your turn", desc="The open ends show 1, 5 and 2.", hand="Your hand", boneyard="Boneyard",
    left_end="left end", right_end="right end", up_end="up", down_end="down",
    seat_name=lambda seat: f"Player {seat + 1}",
)
PHONE = 560  # the game page's picture width (tutor/web/domino/diagrams.py PHONE_WIDTH), shown at a phone's 390 px
GAP, ROW_GAP, S, L = 2, 12, 40, 80  # the renderer's geometry: between touching tiles, between snake rows
# Stacked tiles at a turn of a snake stand a row apart: ROW_GAP, or more beside a crosswise double
# (its rows reach L / 2 from their centre lines).
STACKED_MAX = L / 2 + L / 2 + ROW_GAP - S
# The brief's example: spinner 6-6, left arm 6-3 3-1, right arm 6-5, up arm 6-2, the down arm open.
EXAMPLE = "5-3,6-1/2-0,1-1 6-6:6-3,3-1:6-5:6-2:- 0 0"


# ----- positions ----------------------------------------------------------------------------------
def play(rules, seed: int):
    """Every position of one random round, with the last move that placed a tile."""
    rng = random.Random(seed)
    position = Deal.from_seed(seed, 2, rules).position()
    last = None
    while True:
        yield position, last
        if position.is_over():
            return
        action = rng.choice(position.legal_actions())
        if action.tile is not None:
            last = action
        position = position.apply(action)


def arm_lengths(position: Position) -> list[int]:
    return [len(position.layout.arm(arm)) for arm in ARMS]


@lru_cache(maxsize=None)
def sample() -> tuple[tuple[Position, Action | None], ...]:
    """Every spinner position of 8 random rounds of each rule set and option, and from 150 more rounds
    the tables that are hardest to draw: four long arms, one very long arm, nearly every tile
    placed, the most doubles branched."""
    chosen = [(p, last) for rules in SPINNER_RULES for seed in range(8)
              for p, last in play(rules, seed) if p.layout is not None]
    extremes: dict[str, tuple[int, Position, Action | None]] = {}
    for rules in SPINNER_RULES:
        for seed in range(16, 166):
            for p, last in play(rules, seed):
                if p.layout is None:
                    continue
                lengths = arm_lengths(p)
                branched = len(p.layout.doubles()) * 100 + len(p.line_tiles())
                for key, score in ((f"{rules.name} four", min(lengths) * 100 + sum(lengths)),
                                   (f"{rules.name} longest", max(lengths)), (f"{rules.name} most", sum(lengths)),
                                   (f"{rules.name} branched", branched)):
                    if key not in extremes or score > extremes[key][0]:
                        extremes[key] = (score, p, last)
                if min(lengths) >= 3 and len([q for q in chosen if min(arm_lengths(q[0])) >= 3]) < 40:
                    chosen.append((p, last))
    chosen += [(p, last) for _, p, last in extremes.values()]
    return tuple(chosen)


@lru_cache(maxsize=None)
def drawn(width: int | None) -> tuple[tuple[Position, str], ...]:
    """The sample drawn on a phone's page (``width``) or at its own size (None)."""
    return tuple((p, render_position(p, labels=LABELS, last_move=last, reveal=[1], max_width=width))
                 for p, last in sample())


def test_the_sample_holds_the_hard_tables():
    lengths = [arm_lengths(p) for p, _ in sample()]
    assert len(lengths) > 500
    assert sum(min(arms) >= 3 for arms in lengths) >= 40  # all four arms, each three tiles or more
    assert max(max(arms) for arms in lengths) >= 14  # one very long arm
    assert max(sum(arms) for arms in lengths) >= 24  # nearly every tile on the table
    assert {p.rules.name for p, _ in sample()} == {r.name for r in SPINNER_RULES}
    assert max(len(p.layout.doubles()) for p, _ in sample()) >= 4  # four doubles branched
    assert sum(len(p.layout.doubles()) >= 3 for p, _ in sample()) >= 20


# ----- reading a picture back -----------------------------------------------------------------------
def table_boxes(svg: str) -> list[TileBox]:
    boxes = sorted((b for b in tile_boxes(svg) if b.index is not None), key=lambda b: b.index)
    assert [b.index for b in boxes] == list(range(len(boxes)))
    return boxes


def expected_table(position: Position) -> list[tuple[str, str | None]]:
    """Each table tile as drawn (the line left to right, then the up and down arms from the spinner
    outwards, then the doubles' sides from the double outwards, a left side's halves drawn the
    other way round: it runs leftwards in its row) with its arm (None: the spinner)."""
    layout = position.layout
    left = len(layout.arm(LEFT))
    tiles = [(f"{a}-{b}", "left" if i < left else None if i == left else "right")
             for i, (a, b) in enumerate(position.line)]
    for arm in (UP, DOWN):
        tiles += [(f"{a}-{b}", arm.value) for a, b in arm_pairs(layout, arm)]
    for arm in layout.every_arm[len(ARMS):]:
        tiles += [(f"{b}-{a}" if arm.hand is LEFT else f"{a}-{b}", arm.value) for a, b in arm_pairs(layout, arm)]
    return tiles


def chains(position: Position, boxes: list[TileBox]) -> dict[End, list[TileBox]]:
    """Each arm as drawn, from the spinner (included) outwards."""
    layout = position.layout
    left = len(layout.arm(LEFT))
    spinner = boxes[left]
    line_end = len(position.line)
    up, down = len(layout.arm(UP)), len(layout.arm(DOWN))
    return {
        LEFT: [spinner] + boxes[:left][::-1],
        RIGHT: [spinner] + boxes[left + 1:line_end],
        UP: [spinner] + boxes[line_end:line_end + up],
        DOWN: [spinner] + boxes[line_end + up:line_end + up + down],
    }


def root_box(svg: str, double: str) -> TileBox:
    """A branching double's dashed copy at the centre of its sides' row, as a box."""
    (g,) = [g for g in ET.fromstring(svg).iter(f"{NS}g")
            if g.get("class") == "branch-root" and g.get("data-double") == double]
    match = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)(?: rotate\((\d+)\))?", g.get("transform"))
    x, y, angle = float(match[1]), float(match[2]), int(match[3] or 0)
    w, h = (L, S) if angle % 180 == 0 else (S, L)
    return TileBox(double, ("branch-root",), x - w / 2, y - h / 2, w, h, None, None)


def branch_rows(position: Position, svg: str) -> dict[str, list[TileBox]]:
    """Each branching double's row as drawn, left to right: its left side from the far end in, its
    copy, its right side outwards."""
    boxes = [b for b in tile_boxes(svg) if b.index is not None]
    rows = {}
    for double in position.layout.doubles():
        name = str(double)
        left = sorted((b for b in boxes if b.arm == f"{name}.left"), key=lambda b: -b.index)
        right = sorted((b for b in boxes if b.arm == f"{name}.right"), key=lambda b: b.index)
        rows[name] = left + [root_box(svg, name)] + right
    return rows


def gap(a: TileBox, b: TileBox) -> tuple[float, float]:
    """Distance between two boxes along x and along y (negative: the projections overlap)."""
    return max(a.x - (b.x + b.w), b.x - (a.x + a.w)), max(a.y - (b.y + b.h), b.y - (a.y + a.h))


def touching(a: TileBox, b: TileBox) -> bool:
    """Edge to edge, the renderer's GAP apart, along a stretch of at least 10 units."""
    gx, gy = gap(a, b)
    return (0 <= gx <= GAP + 1 and gy <= -10) or (0 <= gy <= GAP + 1 and gx <= -10)


def stacked(a: TileBox, b: TileBox) -> bool:
    """Two plain tiles at a turn of a snake: one exactly beside the other, a row apart."""
    gx, gy = gap(a, b)
    if a.w == b.w == L and a.x == b.x:
        return ROW_GAP <= gy <= STACKED_MAX
    return a.h == b.h == L and a.y == b.y and ROW_GAP <= gx <= STACKED_MAX


def half_centres(svg: str) -> dict[int, list[tuple[int, float, float]]]:
    """Each table tile's halves (number, centre), read from its transform: a half is drawn at
    (-20, 0) or (20, 0) before the tile's rotation."""
    halves = {}
    for g in ET.fromstring(svg).iter(f"{NS}g"):
        if "tile" not in g.get("class", "").split() or g.get("data-index") is None:
            continue
        match = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)(?: rotate\((\d+)\))?", g.get("transform"))
        x, y, angle = float(match[1]), float(match[2]), int(match[3] or 0)
        cos, sin = round(math.cos(math.radians(angle))), round(math.sin(math.radians(angle)))
        numbers = [int(n) for n in g.get("data-tile").split("-")]
        halves[int(g.get("data-index"))] = [(n, x + dx * cos, y + dx * sin) for n, dx in zip(numbers, (-S / 2, S / 2))]
    return halves


def badges(svg: str) -> dict[str, tuple[int, float, float, float, list[str]]]:
    """Each end badge by its class: number, circle centre and radius, its texts."""
    found = {}
    for g in ET.fromstring(svg).iter(f"{NS}g"):
        classes = g.get("class", "").split()
        if "badge" not in classes:
            continue
        (end,) = [c for c in classes if c.startswith("end-")]
        if end == "end-branch":  # a double's side: named by its arm
            end = "end-" + g.get("data-arm")
        circle = g.find(f"{NS}circle")
        texts = ["".join(t.itertext()) for t in g.iter(f"{NS}text")]
        found[end] = (int(g.get("data-number")), float(circle.get("cx")), float(circle.get("cy")),
                      float(circle.get("r")), texts)
    return found


def view_box(svg: str) -> tuple[float, float]:
    _x, _y, width, height = (float(v) for v in ET.fromstring(svg).get("viewBox").split(","))
    return width, height


# ----- what is drawn ----------------------------------------------------------------------------------
@pytest.mark.parametrize("width", [PHONE, None])
def test_every_tile_on_the_table_is_drawn_once_with_its_halves(width):
    for position, svg in drawn(width):
        boxes = table_boxes(svg)
        assert [(b.tile, b.arm) for b in boxes] == expected_table(position), position.to_text()
        assert sorted(Tile.parse(b.tile) for b in boxes) == sorted(position.line_tiles())
        for b in boxes:
            a, c = (int(n) for n in b.tile.split("-"))
            assert ("double" in b.classes) == (a == c)
            assert ("spinner" in b.classes) == (b.arm is None)
        # and every hand tile once (the opponent's revealed), none twice
        hands = sorted(Tile.parse(b.tile) for b in tile_boxes(svg) if b.seat is not None)
        assert hands == sorted(position.hand(0) + position.hand(1))


@pytest.mark.parametrize("width", [PHONE, None])
def test_no_two_tiles_overlap_and_every_box_lies_inside_the_picture(width):
    for position, svg in drawn(width):
        picture_w, picture_h = view_box(svg)
        boxes = tile_boxes(svg)
        for i, a in enumerate(boxes):
            assert 0 <= a.x and a.x + a.w <= picture_w and 0 <= a.y and a.y + a.h <= picture_h, (position.to_text(), a)
            for b in boxes[i + 1:]:
                assert not a.overlaps(b), (position.to_text(), a, b)
        for end, (_, cx, cy, r, _) in badges(svg).items():
            assert r <= cx <= picture_w - r and r <= cy <= picture_h - r, (position.to_text(), end)
            badge = TileBox(None, (), cx - r, cy - r, 2 * r, 2 * r, None, None)
            assert not any(badge.overlaps(b) for b in boxes), (position.to_text(), end)


@pytest.mark.parametrize("width", [PHONE, None])
def test_tiles_that_touch_in_an_arm_are_adjacent_and_no_others(width):
    for position, svg in drawn(width):
        boxes = table_boxes(svg)
        halves = half_centres(svg)
        neighbours = set()
        for arm, chain in chains(position, boxes).items():
            for a, b in zip(chain, chain[1:]):
                neighbours.add(frozenset((a.index, b.index)))
                joined = stacked(a, b)
                assert touching(a, b) or joined, (position.to_text(), arm, a, b)
                # the halves that match face each other: side by side, or one a row beyond the other
                number = int(b.tile.split("-")[0 if arm is not LEFT else 1])
                distance = min(math.dist(h[1:], k[1:]) for h in halves[a.index] for k in halves[b.index]
                               if h[0] == k[0] == number)
                assert distance <= (S + STACKED_MAX if joined else S / 2 + GAP + S / 2 + S / 2), \
                    (position.to_text(), arm, a, b, distance)
        for name, row in branch_rows(position, svg).items():  # a double's sides, through its copy
            for a, b in zip(row, row[1:]):
                if a.index is not None and b.index is not None:
                    neighbours.add(frozenset((a.index, b.index)))
                assert touching(a, b) or stacked(a, b), (position.to_text(), name, a, b)
        # tiles that are not neighbours in an arm never look joined (a row apart at least)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                if frozenset((a.index, b.index)) not in neighbours:
                    assert max(gap(a, b)) >= ROW_GAP - 1, (position.to_text(), a, b)


@pytest.mark.parametrize("width", [PHONE, None])
def test_the_spinner_stands_crosswise_at_the_centre_and_doubles_lie_crosswise(width):
    for position, svg in drawn(width):
        boxes = table_boxes(svg)
        root = ET.fromstring(svg)
        table = next(e for e in root.iter(f"{NS}rect") if e.get("class") == "table")
        spinner = boxes[len(position.layout.arm(LEFT))]
        assert spinner.h == L and spinner.w == S  # across the left-right line
        assert abs(spinner.x + S / 2 - (float(table.get("x")) + float(table.get("width")) / 2)) <= 1
        for arm, chain in chains(position, boxes).items():
            if len(chain) > 1:  # the left and right arms leave its long sides, the up and down arms its ends
                gx, gy = gap(chain[0], chain[1])
                assert (gy < 0 <= gx) if arm in (LEFT, RIGHT) else (gx < 0 <= gy), (position.to_text(), arm)
                assert (chain[1].x + chain[1].w / 2 - spinner.x - S / 2) * (-1 if arm is LEFT else 1) >= 0
                assert (chain[1].y + chain[1].h / 2 - spinner.y - L / 2) * (-1 if arm is UP else 1) >= 0
            for k in range(1, len(chain)):
                if "double" not in chain[k].classes:
                    continue
                # crosswise: its neighbours in the arm join it along its long side
                for j in (k - 1, k + 1):
                    if 0 < j < len(chain):
                        gx, gy = gap(chain[k], chain[j])
                        along_long_side = (gy < 0 <= gx) if chain[k].h > chain[k].w else (gx < 0 <= gy)
                        assert along_long_side, (position.to_text(), arm, chain[k], chain[j])


@pytest.mark.parametrize("width", [PHONE, None])
def test_the_open_ends_are_marked_on_exactly_the_open_arms(width):
    for position, svg in drawn(width):
        marked = badges(svg)
        open_ends = position.open_ends()
        assert set(marked) == {f"end-{arm.value}" for arm in open_ends}, position.to_text()
        boxes = table_boxes(svg)
        words = {LEFT: LABELS.left_end, RIGHT: LABELS.right_end, UP: LABELS.up_end, DOWN: LABELS.down_end}
        for name, row in branch_rows(position, svg).items():  # a double's sides: at each end of its row
            for end, box in ((f"end-{name}.left", row[0]), (f"end-{name}.right", row[-1])):
                number, cx, cy, r, texts = marked[end]
                assert number == open_ends[Branch.named(end[4:])] and texts == [str(number)]
                gx = max(box.x - cx, cx - box.x - box.w, 0)
                gy = max(box.y - cy, cy - box.y - box.h, 0)
                assert max(gx, gy) <= 10 + r + 1 and min(gx, gy) == 0, (position.to_text(), end)
        for arm, chain in chains(position, boxes).items():
            if arm not in open_ends:
                continue
            number, cx, cy, r, texts = marked[f"end-{arm.value}"]
            assert number == open_ends[arm] and texts == [str(number), words[arm]]
            # just past the arm's last tile (the spinner's side or end while the arm is empty)
            last = chain[-1]
            gx = max(last.x - cx, cx - last.x - last.w, 0)
            gy = max(last.y - cy, cy - last.y - last.h, 0)
            assert max(gx, gy) <= 10 + r + 1 and min(gx, gy) == 0, (position.to_text(), arm)
            others = [b for b in boxes if b is not last]
            assert all(math.dist((cx, cy), (min(max(cx, b.x), b.x + b.w), min(max(cy, b.y), b.y + b.h))) > r
                       for b in others)


def test_the_picture_keeps_a_phone_shape():
    """On a phone the game page scales the picture to the screen's width (390 px of a 390 x 844
    screen: 2.16 times as tall as wide). The picture keeps the page's width, so its tiles keep
    their size as the table grows (40 units: 28 px, the pips 6 px), and stays at most 2.3 times as
    tall as wide: about one screen even for a table holding nearly every tile (over 12,000 random
    positions the tallest was 2.24, and 99 in 100 stayed under 1.8). At its own size (a wide
    screen) it stays at most twice as tall as wide."""
    shapes = []
    for position, svg in drawn(PHONE):
        width, height = view_box(svg)
        assert width == PHONE, position.to_text()
        assert height / width <= 2.3, position.to_text()
        shapes.append(height / width)
    assert sorted(shapes)[len(shapes) // 2] <= 1.4  # the usual table is about square
    for position, svg in drawn(None):
        width, height = view_box(svg)
        assert height / width <= 2.0, position.to_text()


# ----- small cases ------------------------------------------------------------------------------
def test_the_briefs_example():
    position = Position.parse(EXAMPLE, ALL_FIVES)
    svg = render_position(position, labels=LABELS)
    boxes = table_boxes(svg)
    by_tile = {b.tile: b for b in boxes}
    spinner = by_tile["6-6"]
    assert [(b.tile, b.arm) for b in boxes] == [("1-3", "left"), ("3-6", "left"), ("6-6", None), ("6-5", "right"),
                                                ("6-2", "up")]
    assert by_tile["3-6"].x + by_tile["3-6"].w + GAP == spinner.x  # left, against its long side
    assert by_tile["1-3"].x + by_tile["1-3"].w + GAP == by_tile["3-6"].x
    assert by_tile["6-5"].x == spinner.x + S + GAP
    assert by_tile["6-2"].y + L + GAP == spinner.y and by_tile["6-2"].w == S  # up, lengthwise
    marked = badges(svg)
    assert {end: m[0] for end, m in marked.items()} == {"end-left": 1, "end-right": 5, "end-up": 2, "end-down": 6}
    assert marked["end-down"][2] > spinner.y + L  # the open down arm: its badge under the spinner


def test_the_spinner_alone_and_its_sides_opening():
    position = Position.parse("5-3,6-1/2-0,1-1 6-6:-:-:-:- 1 0", STRAIGHT)
    svg = render_position(position, labels=LABELS)
    (spinner,) = table_boxes(svg)
    assert "spinner" in spinner.classes and spinner.h > spinner.w
    marked = badges(svg)
    assert set(marked) == {"end-left", "end-right"}  # the sides open once both ends hold a tile
    assert marked["end-left"][1] < spinner.x and marked["end-right"][1] > spinner.x + spinner.w
    both = Position.parse("5-3,6-1/2-0,1-1 6-6:6-3:6-5:-:- 0 0", STRAIGHT)
    marked = badges(render_position(both, labels=LABELS))
    spinner = table_boxes(render_position(both, labels=LABELS))[1]
    assert set(marked) == {"end-left", "end-right", "end-up", "end-down"}
    assert marked["end-up"][2] < spinner.y and marked["end-down"][2] > spinner.y + spinner.h
    assert marked["end-up"][1] == marked["end-down"][1] == spinner.x + S / 2


def test_the_last_move_is_highlighted_in_its_arm():
    position = Position.parse(EXAMPLE, ALL_FIVES)
    move = Action.parse("6-1D")  # the down arm shows the spinner's 6
    after = position.apply(move)
    boxes = table_boxes(render_position(after, labels=LABELS, last_move=move))
    assert [(b.tile, b.arm) for b in boxes if "last-move" in b.classes] == [("6-1", "down")]


def test_the_fit_tags_name_every_arm_a_tile_fits():
    # ends: left 1, right 5, up 2, down 6; 6-1 fits the left and the down arm, 5-3 the right one
    position = Position.parse(EXAMPLE, ALL_FIVES)
    svg = render_position(position, labels=LABELS)
    root = ET.fromstring(svg)
    tags = {}
    for g in root.iter(f"{NS}g"):
        if "playable" in g.get("class", "").split():
            tags[g.get("data-tile")] = g.get("data-ends")
    legal = {}
    for move in position.legal_moves():
        legal.setdefault(str(move.tile), []).append(move.end)
    assert tags == {tile: " ".join(e.value for e in ARMS if e in ends) for tile, ends in legal.items()}
    fits = [g for g in root.iter(f"{NS}g") if g.get("class", "").startswith("fit ")]
    named = sorted((g.get("class"), tuple("".join(t.itertext()) for t in g.iter(f"{NS}text"))) for g in fits)
    assert named == [("fit fits-left fits-down", ("1", "6")), ("fit fits-right", ("5",))]


def test_a_tile_fitting_three_or_four_arms_gets_a_tag_of_two_lines_that_keeps_the_hands_pitch():
    # the ends show 5, 3, 5 and 3: 5-3 fits all four arms
    position = Position.parse("5-3,4-4/0-0,1-1 6-6:6-5:6-3:6-1,1-5:6-2,2-3 0 0", STRAIGHT)
    svg = render_position(position, labels=LABELS)
    root = ET.fromstring(svg)
    (tag,) = [g for g in root.iter(f"{NS}g") if g.get("class", "").startswith("fit ")]
    assert tag.get("class") == "fit fits-left fits-right fits-up fits-down"
    rects = tag.findall(f"{NS}rect")
    assert len(rects) == 2 and rects[0].get("y") != rects[1].get("y")  # two lines
    assert all(float(r.get("width")) <= 58 for r in rects)  # no wider than Playboard's "◀5 6▶"
    hand = [b for b in tile_boxes(svg) if b.seat == 0]
    assert hand[1].x - hand[0].x == 60  # the hand's tiles keep their pitch
    tile_top = hand[0].y
    assert all(float(r.get("y")) + float(r.get("height")) <= tile_top for r in rects)


def test_every_word_comes_from_the_labels_and_each_end_word_is_drawn():
    odd = Labels(title="T", desc="D", hand="HAND", boneyard="BONE", left_end="LEFT", right_end="RIGHT",
                 up_end="UP", down_end="DOWN", seat_name=lambda seat: f"SEAT{seat}")
    for position, _ in sample()[::25]:
        root = ET.fromstring(render_position(position, labels=odd, annotations=["NOTE"]))
        texts = ["".join(t.itertext()) for t in root.iter(f"{NS}text")]
        for text in texts:
            assert text in {"HAND", "BONE", "LEFT", "RIGHT", "UP", "DOWN", "SEAT1", "NOTE"} or text.isdigit(), text
        ends = {"left": "LEFT", "right": "RIGHT", "up": "UP", "down": "DOWN"}
        assert sorted(t for t in texts if t in ends.values()) == sorted(ends[e.value] for e in position.open_ends()
                                                                        if e in ARMS)
        bare = ET.fromstring(render_position(position, labels=Labels(title="T", desc="D")))
        assert all("".join(t.itertext()).isdigit() for t in bare.iter(f"{NS}text"))


def test_the_description_is_the_callers():
    root = ET.fromstring(render_position(Position.parse(EXAMPLE, ALL_FIVES), labels=LABELS))
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    assert by_id[root.get("aria-describedby")].text == LABELS.desc
    assert by_id[root.get("aria-labelledby")].text == LABELS.title


def test_same_bytes_rounded_coordinates_and_valid_svg():
    for position, last in sample()[::40]:
        svg = render_position(position, labels=LABELS, last_move=last, reveal=[1], max_width=PHONE)
        assert render_position(position, labels=LABELS, last_move=last, reveal=[1], max_width=PHONE) == svg
        assert render_position(position, labels=LABELS, last_move=last, reveal=[1], max_width=PHONE, debug=True) == svg
        body = re.sub(r"scale\([^)]*\)", "", svg.split("]]>")[1])
        assert not re.search(r"\d\.\d\d", body)


def test_large_labels_keep_the_table_whole():
    """A slide's larger words and badges: still every tile once, none overlapping, all inside."""
    for position, last in sample()[::30]:
        svg = render_position(position, labels=LABELS, last_move=last, label_size=33)
        width, height = view_box(svg)
        boxes = tile_boxes(svg)
        assert [(b.tile, b.arm) for b in table_boxes(svg)] == expected_table(position)
        for i, a in enumerate(boxes):
            assert 0 <= a.x and a.x + a.w <= width and 0 <= a.y and a.y + a.h <= height
            assert not any(a.overlaps(b) for b in boxes[i + 1:])
        for end, (_, cx, cy, r, _) in badges(svg).items():
            circle = TileBox(None, (), cx - r, cy - r, 2 * r, 2 * r, None, None)
            assert not any(circle.overlaps(b) for b in boxes), (position.to_text(), end)


# ----- Playboard and Sato 157 keep their pictures ------------------------------------------------------
def test_playboard_and_sato_pictures_keep_their_shape():
    """What the spinner added never reaches a line without one: no arm, no spinner, no up or down
    end, the line drawn in its order, and the new words change no byte."""
    without = Labels(title=LABELS.title, desc=LABELS.desc, hand=LABELS.hand, boneyard=LABELS.boneyard,
                     left_end=LABELS.left_end, right_end=LABELS.right_end, seat_name=LABELS.seat_name)
    for rules in (PLAYBOARD, SATO):
        for seats in (2, 4):
            rng = random.Random(seats)
            position = Deal.from_seed(seats, seats, rules).position()
            last = None
            while True:
                for width in (None, PHONE):
                    svg = render_position(position, labels=LABELS, last_move=last, reveal=[1], max_width=width)
                    assert svg == render_position(position, labels=without, last_move=last, reveal=[1], max_width=width)
                    assert "data-arm" not in svg and "spinner" not in svg
                    assert not re.search(r"end-up|end-down|fits-up|fits-down", svg)
                    line = sorted((b for b in tile_boxes(svg) if b.index is not None), key=lambda b: b.index)
                    assert [b.tile for b in line] == [f"{a}-{b}" for a, b in position.line]
                    assert all(b.arm is None for b in tile_boxes(svg))
                    assert set(badges(svg)) == ({"end-left", "end-right"} if position.line else set())
                if position.is_over():
                    break
                action = rng.choice(position.legal_actions())
                last = action if action.tile is not None else last
                position = position.apply(action)
