"""The SVG renderer: what it draws, that it draws it consistently, and that it stays small."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tutor.games.domino import Action, Deal, Position, Tile
from tutor.games.domino.render import Labels, TileBox, render_position, tile_boxes

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]

LABELS = Labels(
    title="Your turn",
    desc="The left end shows 5 and the right end shows 6.",
    hand="Your hand",
    boneyard="Boneyard",
    left_end="left end",
    right_end="right end",
    seat_name=lambda seat: f"Player {seat + 1}",
)

# D3: left end 5, right end 6; 5-3 fits the left, 6-1 the right.
D3 = "5-3,6-1,3-3,2-0,1-0/6-5,2-2,5-0 5-4,4-4,4-6 0 0"
# D8: nine tiles, ends 6 and 2.
D8 = "6-5,2-1,3-0,6-4,5-0/1-0,2-0,4-3 6-3,3-5,5-5,5-1,1-1,1-4,4-4,4-5,5-2 0 0"
# Twelve tiles with a double every other tile: the hardest corners.
LINE12 = "6-1,6-0,0-0/5-4,2-1 0-3,3-3,3-1,1-1,1-5,5-5,5-6,6-6,6-2,2-2,2-4,4-0 0 0"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if cls in classes(g)]


def texts(element: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in element.iter(f"{NS}text")]


def random_positions(seats: int, games: int, seed: int = 0):
    """Every position of a few random rounds, with the move that led to it."""
    for game in range(games):
        rng = random.Random(seed * 1000 + game)
        position = Deal.from_seed(seed * 1000 + game, seats=seats).position()
        last = None
        while True:
            yield position, last
            if position.is_over():
                break
            action = rng.choice(position.legal_actions())
            if action.tile is not None:
                last = action
            position = position.apply(action)


def midgame(seats: int = 2, seed: int = 3, moves: int = 10) -> tuple[Position, Action | None]:
    for position, last in random_positions(seats, 1, seed):
        if len(position.line) >= moves:
            return position, last
    raise AssertionError("the round ended early")


def gap(a: TileBox, b: TileBox) -> tuple[float, float]:
    """Distance between two boxes along x and along y (negative: the projections overlap)."""
    return max(a.x - (b.x + b.w), b.x - (a.x + a.w)), max(a.y - (b.y + b.h), b.y - (a.y + a.h))


def touching(a: TileBox, b: TileBox) -> bool:
    """Edge to edge (not corner to corner): close along one axis, overlapping along the other."""
    gx, gy = gap(a, b)
    return (0 <= gx <= 3 and gy <= -10) or (0 <= gy <= 3 and gx <= -10)


def line_boxes(svg: str) -> list[TileBox]:
    boxes = sorted((b for b in tile_boxes(svg) if b.index is not None), key=lambda b: b.index)
    assert [b.index for b in boxes] == list(range(len(boxes)))
    return boxes


# ----- bytes ------------------------------------------------------------------------------------
def test_same_input_same_bytes():
    position, last = midgame()
    first = render_position(position, labels=LABELS, last_move=last, reveal=[1], annotations=["12 – 7"])
    again = render_position(position, labels=LABELS, last_move=last, reveal=[1], annotations=["12 – 7"])
    assert first == again


def test_same_bytes_in_another_process():
    """No random ids, no hash-seed dependence, no timestamps."""
    code = (
        "from tutor.games.domino import Position\n"
        "from tutor.games.domino.render import Labels, render_position\n"
        f"p = Position.parse({D3!r})\n"
        "print(render_position(p, labels=Labels('t', 'd', hand='h', boneyard='b'), reveal={1}), end='')\n"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        outputs.add(done.stdout)
    assert outputs == {render_position(Position.parse(D3), labels=Labels("t", "d", hand="h", boneyard="b"), reveal={1})}


def test_small_enough_for_a_midgame_position():
    position, last = midgame(seats=2, moves=10)
    svg = render_position(position, labels=LABELS, last_move=last, annotations=["Pips: 23 and 17"])
    assert len(svg.encode("utf-8")) < 15_000


def test_validates_with_svgwrite_debug():
    position, last = midgame()
    checked = render_position(position, labels=LABELS, last_move=last, reveal=[1], annotations=["x"], debug=True)
    assert checked == render_position(position, labels=LABELS, last_move=last, reveal=[1], annotations=["x"])
    for text in (D3, D8, LINE12, "6-6,5-4/3-1,2-0 - 0 0", "-/3-1,2-2 5-0,0-0 1 0"):
        render_position(Position.parse(text), labels=LABELS, debug=True)


def test_coordinates_are_rounded():
    svg = render_position(Position.parse(LINE12), labels=LABELS)
    body = re.sub(r"scale\([^)]*\)", "", svg.split("]]>")[1])  # a scale factor is no coordinate
    assert not re.search(r"\d\.\d\d", body)


# ----- document ---------------------------------------------------------------------------------
def test_no_script_and_no_event_handlers():
    svg = render_position(Position.parse(D3), labels=LABELS)
    assert "<script" not in svg.lower()
    for element in parse(svg).iter():
        assert not any(name.lower().startswith("on") for name in element.attrib)


def test_accessible_name_and_description():
    svg = render_position(Position.parse(D3), labels=LABELS)
    root = parse(svg)
    assert root.get("role") == "img"
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    title = by_id[root.get("aria-labelledby")]
    desc = by_id[root.get("aria-describedby")]
    assert title.tag == f"{NS}title" and title.text == LABELS.title
    assert desc.tag == f"{NS}desc" and desc.text == LABELS.desc
    assert root[0] is title  # the title comes first
    assert root.get("viewBox") and root.get("width") and root.get("height")


def test_ids_are_unique_and_differ_between_diagrams():
    a = render_position(Position.parse(D3), labels=LABELS)
    b = render_position(Position.parse(D8), labels=LABELS)
    ids_a = re.findall(r' id="([^"]+)"', a)
    ids_b = re.findall(r' id="([^"]+)"', b)
    assert len(ids_a) == len(set(ids_a))
    assert not set(ids_a) & set(ids_b)  # two diagrams inlined in one page do not clash
    for ref in re.findall(r'href="#([^"]+)"', a):
        assert ref in ids_a
    assert 'id="fig1t"' in render_position(Position.parse(D3), labels=LABELS, id_prefix="fig1")


def test_every_word_comes_from_the_labels():
    odd = Labels(
        title="TITLE", desc="DESC", hand="HAND", boneyard="BONE", left_end="LEFT", right_end="RIGHT",
        seat_name=lambda seat: f"SEAT{seat}",
    )
    svg = render_position(Position.parse(D3), labels=odd, annotations=["NOTE ONE", "NOTE TWO"])
    allowed = {"HAND", "BONE", "LEFT", "RIGHT", "SEAT1", "NOTE ONE", "NOTE TWO"}
    for text in texts(parse(svg)):
        assert text in allowed or text.isdigit(), text
    bare = render_position(Position.parse(D3), labels=Labels(title="T", desc="D"))
    assert all(text.isdigit() for text in texts(parse(bare)))


def test_labels_are_escaped():
    labels = Labels(title="a < b & c", desc='"quoted" <desc>', hand="<b>hand</b>")
    root = parse(render_position(Position.parse(D3), labels=labels))
    assert root[0].text == "a < b & c"
    assert "<b>hand</b>" in texts(root)


# ----- tiles ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [D3, D8, LINE12])
def test_pip_counts_match_each_half(text):
    root = parse(render_position(Position.parse(text), labels=LABELS, reveal=[1]))
    face_up = [g for g in groups(root, "tile") if "face-down" not in classes(g)]
    assert face_up
    for tile in face_up:
        numbers = [int(n) for n in tile.get("data-tile").split("-")]
        halves = [g for g in tile if "half" in classes(g)]
        assert len(halves) == 2
        for number, half in zip(numbers, halves):
            assert f"pips-{number}" in classes(half)
            assert len(half.findall(f"{NS}circle")) == number


def test_every_tile_of_the_position_is_drawn_once():
    position = Position.parse(D3)
    boxes = tile_boxes(render_position(position, labels=LABELS, reveal=[1]))
    drawn = sorted(Tile.parse(b.tile) for b in boxes)
    expected = sorted(position.line_tiles() + position.hand(0) + position.hand(1))
    assert drawn == expected
    line = [b.tile for b in line_boxes(render_position(position, labels=LABELS))]
    assert line == [f"{a}-{b}" for a, b in position.line]  # oriented as in the line


def test_doubles_are_marked_and_lie_crosswise():
    for text in (D3, D8, LINE12):
        position = Position.parse(text)
        for box in line_boxes(render_position(position, labels=LABELS)):
            a, b = (int(n) for n in box.tile.split("-"))
            assert ("double" in box.classes) == (a == b)
        boxes = line_boxes(render_position(position, labels=LABELS))
        for i, box in enumerate(boxes):
            if "double" not in box.classes:
                continue
            # crosswise: its neighbours in the chain join it along its long side
            for j in (i - 1, i + 1):
                if 0 <= j < len(boxes):
                    gx, gy = gap(box, boxes[j])
                    assert touching(box, boxes[j])
                    if box.h > box.w:
                        assert gy < 0 <= gx, (box, boxes[j])  # side by side
                    else:
                        assert gx < 0 <= gy, (box, boxes[j])  # one above the other
        # in a straight row a double stands across a row of lengthwise tiles
        row = line_boxes(render_position(Position.parse(D3), labels=LABELS))
        assert [b.w > b.h for b in row] == [True, False, True]
    hand = [b for b in tile_boxes(render_position(Position.parse(D3), labels=LABELS)) if b.seat == 0]
    assert [b.tile for b in hand if "double" in b.classes] == ["3-3"]


def test_a_double_in_the_middle_has_one_neighbour_each_side():
    boxes = line_boxes(render_position(Position.parse(D3), labels=LABELS))
    double = boxes[1]
    assert double.h > double.w
    assert touching(boxes[0], double) and touching(double, boxes[2])
    assert boxes[0].x < double.x < boxes[2].x


def test_nine_tiles_wrap_onto_a_second_row_as_one_chain():
    boxes = line_boxes(render_position(Position.parse(D8), labels=LABELS))
    assert len(boxes) == 9
    rows = {round(b.y + b.h / 2) for b in boxes if b.w > b.h}  # centres of the horizontal tiles
    assert len(rows) >= 2
    assert_one_chain(boxes)


def test_seven_tiles_fit_one_row_and_eight_wrap():
    seven = "6-6,5-5/4-4,3-3 0-1,1-2,2-3,3-4,4-5,5-6,6-0 0 0"
    boxes = line_boxes(render_position(Position.parse(seven), labels=LABELS))
    assert len({round(b.y + b.h / 2) for b in boxes}) == 1
    eight = "6-6,5-5/4-4,3-3 0-1,1-2,2-3,3-4,4-5,5-6,6-0,0-2 0 0"
    boxes = line_boxes(render_position(Position.parse(eight), labels=LABELS))
    assert len({round(b.y + b.h / 2) for b in boxes}) > 1
    assert_one_chain(boxes)
    boxes = line_boxes(render_position(Position.parse(eight), labels=LABELS, max_row_tiles=8))
    assert len({round(b.y + b.h / 2) for b in boxes}) == 1


def stacked_turn(a: TileBox, b: TileBox) -> bool:
    """Two plain tiles at a turn of the snake: one right under the other, lengthwise, a row apart."""
    gx, gy = gap(a, b)
    return a.w == b.w == 80 and a.x == b.x and 0 < gy <= 52


def assert_one_chain(boxes: list[TileBox]) -> None:
    """Neighbours in the chain touch edge to edge (or, at a turn, one stands under the other);
    no other two tiles touch or overlap."""
    for i, a in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            b = boxes[j]
            assert not a.overlaps(b), (a, b)
            if j == i + 1:
                assert touching(a, b) or stacked_turn(a, b), (a, b)
            else:
                gx, gy = gap(a, b)
                assert max(gx, gy) > 6, (a, b)


def test_long_lines_are_one_chain_in_every_random_round():
    for seats in (2, 4):
        for position, _ in random_positions(seats, 12, seed=seats):
            if len(position.line) > 1:
                boxes = line_boxes(render_position(position, labels=LABELS, max_row_tiles=5))
                assert_one_chain(boxes)


def test_pathological_corners_are_one_chain():
    assert_one_chain(line_boxes(render_position(Position.parse(LINE12), labels=LABELS)))
    line = "6-6,6-5,5-5,5-4,4-4,4-3,3-3,3-2,2-2,2-1,1-1,1-0,0-0,0-6,6-4,4-1,1-5,5-3"
    position = Position.parse(f"6-2,5-0/4-2,5-2/6-3,6-1/3-1 {line} 2 0")
    for max_row in (2, 3, 4, 5, 7):
        assert_one_chain(line_boxes(render_position(position, labels=LABELS, max_row_tiles=max_row)))


def test_no_two_tiles_overlap():
    for seats in (2, 3, 4):
        for position, last in random_positions(seats, 6, seed=10 + seats):
            boxes = tile_boxes(render_position(position, labels=LABELS, last_move=last, reveal=[1]))
            for i, a in enumerate(boxes):
                for b in boxes[i + 1:]:
                    assert not a.overlaps(b), (position, a, b)


# ----- ends, hand, other seats, boneyard ----------------------------------------------------------
@pytest.mark.parametrize("text,ends", [(D3, (5, 6)), (D8, (6, 2)), (LINE12, (0, 0))])
def test_end_badges_show_the_open_ends(text, ends):
    svg = render_position(Position.parse(text), labels=LABELS)
    root = parse(svg)
    left, right = groups(root, "end-left"), groups(root, "end-right")
    assert len(left) == len(right) == 1
    assert texts(left[0]) == [str(ends[0]), "left end"]
    assert texts(right[0]) == [str(ends[1]), "right end"]
    boxes = line_boxes(svg)
    for badge, box in ((left[0], boxes[0]), (right[0], boxes[-1])):
        circle = badge.find(f"{NS}circle")
        cx, cy = float(circle.get("cx")), float(circle.get("cy"))
        assert box.y <= cy <= box.y + box.h  # level with its end tile
        assert min(abs(cx - box.x), abs(cx - box.x - box.w)) < 40  # just beyond it


def test_empty_line_draws_a_placeholder_and_no_badges():
    root = parse(render_position(Position.parse("6-6,5-4/3-1,2-0 - 0 0"), labels=LABELS))
    assert not groups(root, "end-left") and not groups(root, "end-right")
    assert any("line-empty" in classes(e) for e in root.iter())


@pytest.mark.parametrize("text", [D3, D8, "6-6,5-4,2-1/3-1,2-0 - 0 0", "6-5,3-2/1-1 4-0,0-1 0 0", "2-2/1-1 0-4,4-4,4-6 0 0"])
def test_playable_tiles_are_the_legal_moves(text):
    position = Position.parse(text)
    svg = render_position(position, labels=LABELS)
    hand = [b for b in tile_boxes(svg) if b.seat == 0]
    legal = {m.tile for m in position.legal_moves()}
    assert {Tile.parse(b.tile) for b in hand if "playable" in b.classes} == legal
    assert {Tile.parse(b.tile) for b in hand if "unplayable" in b.classes} == set(position.hand(0)) - legal
    for b in hand:
        assert ("dimmed" in b.classes) == ("unplayable" in b.classes)
    # the ends each playable tile fits
    root = parse(svg)
    for g in groups(root, "playable"):
        tile = Tile.parse(g.get("data-tile"))
        ends = {m.end.value for m in position.legal_moves() if m.tile is tile and m.end is not None}
        assert set(g.get("data-ends", "").split()) == ends


def test_the_fit_marker_names_the_end_numbers():
    root = parse(render_position(Position.parse(D3), labels=LABELS))
    markers = groups(root, "fit")
    assert sorted(tuple(sorted(classes(m) - {"fit"})) + tuple(texts(m)) for m in markers) == [
        ("fits-left", "5"), ("fits-right", "6"),
    ]


def test_highlight_options():
    position = Position.parse(D3)
    chosen = render_position(position, labels=LABELS, highlight=[Action.parse("6-1R")])
    hand = {b.tile: b.classes for b in tile_boxes(chosen) if b.seat == 0}
    assert "playable" in hand["6-1"] and "unplayable" in hand["5-3"]
    plain = render_position(position, labels=LABELS, highlight=())
    assert not any({"playable", "unplayable"} & set(b.classes) for b in tile_boxes(plain))
    bright = render_position(position, labels=LABELS, dim_unplayable=False)
    assert not any("dimmed" in b.classes for b in tile_boxes(bright))
    assert any("unplayable" in b.classes for b in tile_boxes(bright))
    # not the viewer's turn: nothing is marked
    other = render_position(Position.parse("5-3,6-1/6-5,2-2 5-4,4-4,4-6 1 0"), labels=LABELS)
    assert not any({"playable", "unplayable"} & set(b.classes) for b in tile_boxes(other))


def test_the_last_move_is_highlighted():
    position = Position.parse(D3).apply(Action.parse("6-1R"))
    svg = render_position(position, labels=LABELS, last_move=Action.parse("6-1R"))
    marked = [b for b in line_boxes(svg) if "last-move" in b.classes]
    assert [(b.tile, b.index) for b in marked] == [("6-1", 3)]
    assert not any("last-move" in b.classes for b in line_boxes(render_position(position, labels=LABELS)))


def test_opponents_are_face_down_unless_revealed():
    position = Position.parse(D3)
    svg = render_position(position, labels=LABELS)
    root = parse(svg)
    (opponent,) = groups(root, "opponent")
    tiles = [g for g in opponent if "tile" in classes(g)]
    assert len(tiles) == 3
    for g in tiles:
        assert "face-down" in classes(g)
        assert g.get("data-tile") is None  # no identity leaks into the page
        assert not list(g.iter(f"{NS}circle"))
    for tile in position.hand(1):  # hidden tiles are nowhere in the document
        assert f'"{tile}"' not in svg and f'"{tile.low}-{tile.high}"' not in svg
    shown = parse(render_position(position, labels=LABELS, reveal=[1]))
    (opponent,) = groups(shown, "opponent")
    tiles = [g for g in opponent if "tile" in classes(g)]
    assert sorted(g.get("data-tile") for g in tiles) == sorted(str(t) for t in position.hand(1))
    assert all("face-down" not in classes(g) and g.get("data-seat") == "1" for g in tiles)


def test_four_seats_three_opponents_in_turn_order():
    position, _ = midgame(seats=4, seed=5, moves=6)
    root = parse(render_position(position, labels=LABELS, seat=2))
    assert [g.get("data-seat") for g in groups(root, "opponent")] == ["3", "0", "1"]
    (hand,) = groups(root, "hand")
    assert hand.get("data-seat") == "2"
    assert sorted(g.get("data-tile") for g in groups(hand, "tile")) == sorted(str(t) for t in position.hand(2))
    for g in groups(root, "opponent"):
        seat = int(g.get("data-seat"))
        assert f"Player {seat + 1}" in texts(g)
        assert len([t for t in g if "tile" in classes(t)]) == len(position.hand(seat))


def test_boneyard_count():
    position = Position.parse(D3)
    (boneyard,) = groups(parse(render_position(position, labels=LABELS)), "boneyard")
    assert boneyard.get("data-count") == str(len(position.boneyard)) == "17"
    assert texts(boneyard) == ["Boneyard", "17"]
    empty = Position.parse("6-5/1-1 4-0,0-1 0 0")
    (boneyard,) = groups(parse(render_position(empty, labels=LABELS)), "boneyard")
    assert texts(boneyard)[-1] == str(len(empty.boneyard))


def test_show_options_and_annotations():
    position = Position.parse(D3)
    root = parse(render_position(position, labels=LABELS, show_boneyard=False, show_opponents=False, show_hand=False))
    assert not groups(root, "boneyard") and not groups(root, "opponent") and not groups(root, "hand")
    assert len(groups(root, "tile")) == 3
    root = parse(render_position(position, labels=LABELS, annotations=["Pips: 17", "Score: 0 – 0"]))
    notes = [t for t in root.iter(f"{NS}text") if "annotation" in classes(t)]
    assert [t.text for t in notes] == ["Pips: 17", "Score: 0 – 0"]


def test_an_empty_hand_after_playing_out():
    position = Position.parse("6-0/5-2,1-0 6-6 0 0").apply(Action.parse("6-0R"))
    assert position.is_over()
    svg = render_position(position, labels=LABELS, last_move=Action.parse("6-0R"))
    root = parse(svg)
    (hand,) = groups(root, "hand")
    assert not groups(hand, "tile") and texts(hand) == ["Your hand"]
    assert any("hand-empty" in classes(e) for e in hand.iter())


def test_bad_seat():
    with pytest.raises(ValueError):
        render_position(Position.parse(D3), labels=LABELS, seat=2)


# ----- large labels (a slide on a projector) -----------------------------------------------------------
def test_the_default_label_size_draws_the_same_bytes_as_before():
    """Pages other than slides keep their pictures: the option at its default changes nothing, and
    adds no rule or attribute."""
    for seats in (2, 4):
        for position, last in random_positions(seats, 1, seed=40 + seats):
            svg = render_position(position, labels=LABELS, last_move=last)
            assert render_position(position, labels=LABELS, last_move=last, label_size=15) == svg
            assert "data-label-size" not in svg


def _text_boxes(root, size: float) -> list[tuple[str, float, float, float, float]]:
    """Each label's box, as Noto Sans (the projector's font) sets it: 1.07 em above the baseline,
    0.3 em below, at most 0.71 em a letter for the semibold names (measured in Chromium)."""
    boxes = []
    for t in root.iter(f"{NS}text"):
        if "annotation" in classes(t) or "num" in classes(t) or "boneyard-count" in classes(t):
            continue
        x, y, width = float(t.get("x")), float(t.get("y")), len(t.text) * size * 0.71
        if t.get("text-anchor") == "end":
            x -= width
        boxes.append((t.text, x, y - 1.07 * size, x + width, y + 0.3 * size))
    return boxes


@pytest.mark.parametrize("size", [24, 33.5, 48])
def test_large_labels_are_drawn_at_their_size_with_room_around_them(size):
    long_labels = Labels(title="t", desc="d", hand="Quân trên tay bạn", boneyard="Tumpukan cadangan",
                         left_end="ujung kiri", right_end="ujung kanan", seat_name=lambda n: f"Lawanmu {n + 1}")
    for seats in (2, 3, 4):
        for position, last in random_positions(seats, 2, seed=50 + seats):
            svg = render_position(position, labels=long_labels, last_move=last, reveal=[1], label_size=size)
            root = parse(svg)
            assert root.get("data-label-size") == f"{size:g}"
            # the style sheet sizes every word of this picture, and only of pictures of this size
            style = next(root.iter(f"{NS}style")).text
            scope = f'.dmn[data-label-size="{size:g}"]'
            assert f"{scope} text{{font-size:{size:g}px}}" in style
            assert f"{scope} .fit .num,{scope} .boneyard-count{{font-size:{size:g}px}}" in style
            _x, _y, width, height = (float(v) for v in root.get("viewBox").split(","))
            tiles = tile_boxes(svg)
            for i, a in enumerate(tiles):
                assert 0 <= a.x and a.x + a.w <= width and 0 <= a.y and a.y + a.h <= height, a
                for b in tiles[i + 1:]:
                    assert not a.overlaps(b), (position, a, b)
            labels = _text_boxes(root, size)
            for k, (text, left, top, right, bottom) in enumerate(labels):
                assert 0 <= left and right <= width + 1 and 0 <= top and bottom <= height, (text, size)
                for tile in tiles:
                    assert not (left < tile.x + tile.w and tile.x < right and top < tile.y + tile.h and tile.y < bottom), \
                        (position, text, tile, size)
                for other in labels[k + 1:]:
                    assert not (left < other[3] and other[1] < right and top < other[4] and other[2] < bottom), \
                        (position, text, other[0], size)
            # the fit tags over the hand never touch each other
            tags = [r for g in groups(root, "fit") for r in g.iter(f"{NS}rect")]
            spans = sorted((float(r.get("x")), float(r.get("x")) + float(r.get("width")), float(r.get("y"))) for r in tags)
            for a, b in zip(spans, spans[1:]):
                assert a[2] != b[2] or a[1] <= b[0], (position, a, b)


def test_a_label_size_out_of_range_is_refused():
    for size in (5, 200):
        with pytest.raises(ValueError):
            render_position(Position.parse(D3), labels=LABELS, label_size=size)


def test_a_box_shape_lets_the_other_hands_take_one_line_when_that_draws_the_picture_larger():
    def scale(svg: str, aspect: float) -> float:
        _x, _y, width, height = (float(v) for v in parse(svg).get("viewBox").split(","))
        return min(aspect / width, 1 / height)

    differ = 0
    for seats in (2, 3):
        for position, last in random_positions(seats, 1, seed=60 + seats):
            wrapped = render_position(position, labels=LABELS, last_move=last, label_size=33)
            for aspect in (0.96, 1.6):
                shaped = render_position(position, labels=LABELS, last_move=last, label_size=33, box_aspect=aspect)
                assert scale(shaped, aspect) >= scale(wrapped, aspect) - 1e-9, (position, aspect)
                differ += shaped != wrapped
    assert differ, "in some position one line draws larger"
    with pytest.raises(ValueError):
        render_position(Position.parse(D3), labels=LABELS, label_size=33, box_aspect=0)
