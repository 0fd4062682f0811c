"""The backgammon board renderer: what it draws agrees with the position, read independently from
its one-line text; the picture is accessible, small, deterministic and legible on a phone."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from tutor.games.backgammon import BLACK, START, WHITE, Cube, Position, legal_plays
from tutor.games.backgammon.render import WIDTH, Labels, checker_stacks, point_x, render_board, text_width

NS = "{http://www.w3.org/2000/svg}"
LABELS = Labels(
    title="The start", desc="Fifteen checkers each.", white="Your checkers (white), moving 24 → 1",
    black="The computer's checkers (black)", marked="Points of the suggested play", pips=lambda n: f"{n} pips",
)
PHONE = 300  # the picture's width on a 390 px phone, inside the page's and the figure's padding (measured in Chromium)


def read_text(text: str) -> dict:
    """An independent reading of a position's one-line text: {(side, place): count}, place 1-24
    (learner's numbering), "bar" or "off"."""
    parts = [p.strip() for p in text.split("|")]
    places: dict = {}
    for part in parts[:2]:
        tokens = part.split()
        side = {"W": "white", "B": "black"}[tokens[0]]
        total = 0
        for token in tokens[1:]:
            place, _, count = token.partition("x")
            count = int(count or 1)
            places[(side, "bar" if place == "bar" else int(place))] = count
            total += count
        if total < 15:
            places[(side, "off")] = 15 - total
    return places


def independent_pips(text: str, side: str) -> int:
    total = 0
    for (s, place), count in read_text(text).items():
        if s != side or place == "off":
            continue
        distance = 25 if place == "bar" else place if side == "white" else 25 - place
        total += distance * count
    return total


def positions(games: int = 12, seed: int = 5):
    """Every position of a few games of random legal plays (bars, bear-offs, hits, the end)."""
    rng = random.Random(seed)
    for _ in range(games):
        position = START.replace(to_move=rng.choice([START.to_move, START.to_move.other]))
        while not position.is_over:
            position = position.with_dice(rng.randint(1, 6), rng.randint(1, 6))
            yield position
            plays = legal_plays(position)
            position = rng.choice(plays).after if plays else position.replace(dice=None, to_move=position.to_move.other)
        yield position


def root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(element: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in element.iter() if cls in e.get("class", "").split()]


def test_every_checker_is_drawn_where_the_position_has_it():
    seen_bar = seen_off = seen_tall = 0
    for position in positions():
        svg = render_board(position, labels=LABELS)
        expected = read_text(position.to_text())
        drawn = {(s.side, s.point): s for s in checker_stacks(svg)}
        assert {key: s.count for key, s in drawn.items()} == expected, position.to_text()
        for (side, place), stack in drawn.items():
            shown = 15 if place == "off" else 3 if place == "bar" else 5
            assert stack.drawn == min(stack.count, shown)
            # a stack taller than the picture shows carries its number, and only then
            assert stack.written == (stack.count if stack.count > shown and place != "off" else None)
            seen_bar += place == "bar"
            seen_off += place == "off"
            seen_tall += place not in ("bar", "off") and stack.count > 5
    assert seen_bar and seen_off and seen_tall  # the games went through every case


def test_a_point_of_seven_shows_five_checkers_and_the_number_seven():
    svg = render_board(Position.parse("W 13x7 6x8 | B 19x15"), labels=LABELS)
    stack = next(s for s in checker_stacks(svg) if s.point == 13)
    assert (stack.count, stack.drawn, stack.written) == (7, 5, 7)
    assert next(s for s in checker_stacks(svg) if s.point == 19).written == 15


def test_points_are_numbered_from_the_learners_side():
    svg = render_board(START, labels=LABELS)
    numbers = {int(t.text): (float(t.get("x")), float(t.get("y"))) for t in by_class(root(svg), "point-number")}
    assert sorted(numbers) == list(range(1, 25))
    bottom = [p for p in numbers if numbers[p][1] > numbers[24][1]]
    assert sorted(bottom) == list(range(1, 13))  # 1-12 along the bottom, 13-24 along the top
    assert numbers[1][0] > numbers[6][0] > numbers[7][0] > numbers[12][0]  # 1 at the bottom right
    assert numbers[13][0] < numbers[18][0] < numbers[19][0] < numbers[24][0]  # 24 at the top right
    assert numbers[1][0] == numbers[24][0] and numbers[12][0] == numbers[13][0]
    # the bar lies between 6 and 7 (and 18 and 19)
    bar = by_class(root(svg), "bar")[0]
    bar_x = float(bar.get("x")), float(bar.get("x")) + float(bar.get("width"))
    assert numbers[7][0] < bar_x[0] < bar_x[1] < numbers[6][0]


def test_checkers_never_overlap_and_stay_on_the_picture():
    for position in positions(games=4, seed=11):
        svg = render_board(position, labels=LABELS)
        width, height = (float(v) for v in root(svg).get("viewBox").split()[2:])
        circles = [(float(c.get("data-x")), float(c.get("data-y")), float(c.get("data-r")))
                   for c in by_class(root(svg), "checker")]
        for i, (x, y, r) in enumerate(circles):
            assert r <= x <= width - r and r <= y <= height - r
            for x2, y2, r2 in circles[i + 1:]:
                assert (x - x2) ** 2 + (y - y2) ** 2 >= (r + r2) ** 2 - 1e-6, position.to_text()


def test_dice_are_the_movers_and_sit_in_its_half():
    for text, side in (("W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2 | W 6-5", "white"),
                       ("W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2 | B 3-3", "black")):
        svg = render_board(Position.parse(text), labels=LABELS)
        dice = by_class(root(svg), "die")
        assert [int(d.get("data-value")) for d in dice] == [int(v) for v in re.findall(r"(\d)-(\d)", text)[0]]
        xs = [float(d.find(f"{NS}rect").get("x")) for d in dice]
        bar_x = float(by_class(root(svg), "bar")[0].get("x"))
        assert all((x > bar_x) == (side == "white") for x in xs)
        assert all(side in d.get("class").split() for d in dice)
        pips = sum(len(d.findall(f"{NS}circle")) for d in dice)
        assert pips == sum(int(v) for v in re.findall(r"(\d)-(\d)", text)[0])
    assert not by_class(root(render_board(START, labels=LABELS)), "die")


def test_the_videau_shows_its_value_and_side():
    ys = {}
    for tail, owner, value in (("", "centred", 1), ("| W cube 4W", "white", 4), ("| W cube 64B", "black", 64)):
        svg = render_board(Position.parse("W 6x15 | B 19x15 " + tail), labels=LABELS)
        (cube,) = by_class(root(svg), "cube")
        assert (cube.get("data-owner"), int(cube.get("data-value"))) == (owner, value)
        assert cube.find(f"{NS}text").text == str(value)
        ys[owner] = float(cube.find(f"{NS}rect").get("y"))
    # the computer's end of the bar is the top, yours the bottom
    assert ys["black"] < ys["centred"] < ys["white"]


def test_pip_counts_agree_with_an_independent_count():
    for position in list(positions(games=3, seed=2))[::7]:
        svg = render_board(position, labels=LABELS)
        pips = {p.get("data-side"): p for p in by_class(root(svg), "pips")}
        for side in ("white", "black"):
            expected = independent_pips(position.to_text(), side)
            assert int(pips[side].get("data-pips")) == expected
            assert pips[side].text == f"{expected} pips"


def find_play(position, notation):
    """The legal play written ``notation`` (its moves in any order)."""
    return next(p for p in legal_plays(position) if sorted(p.notation.split()) == sorted(notation.split()))


def test_a_suggested_play_marks_the_points_it_leaves_and_reaches():
    start = START.with_dice(6, 2)
    hits = Position.parse("W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x4 11 1x2 | W 6-2")
    for position, notation, expected in (
        (start, "24/18 13/11", {24: "from", 18: "to", 13: "from", 11: "to"}),
        (hits, "13/11* 13/7", {13: "from", 11: "hit", 7: "to"}),
        (hits, "13/11*/5", {13: "from", 11: "hit", 5: "to"}),
        (Position.parse("W bar 6x14 | B 12x15 | W 6-1"), "bar/19 6/5", {"bar": "from", 19: "to", 6: "from", 5: "to"}),
        (Position.parse("W 6x2 3 | B 19x15 | W 6-5"), "6/1 6/off", {6: "from", 1: "to", "off": "to"}),
    ):
        play = find_play(position, notation)
        svg = render_board(position, labels=LABELS, play=play.steps)
        marked = {}
        for g in by_class(root(svg), "point"):
            found = set(g.get("class").split()) & {"from", "via", "to", "hit"}
            if found:
                marked[int(g.get("data-point"))] = found.pop()
        for place, cls in (("bar", "bar"), ("off", "tray")):
            element = by_class(root(svg), cls)[0]
            found = set(element.get("class").split()) & {"from", "to", "hit"}
            if found:
                marked[place] = found.pop()
        assert marked == expected, notation
        assert "Points of the suggested play" in svg
    unmarked = render_board(start, labels=LABELS)
    assert not by_class(root(unmarked), "from") and "Points of the suggested play" not in unmarked


def test_black_plays_are_marked_in_the_learners_numbering():
    position = START.replace(to_move=START.to_move.other, dice=(6, 5))
    play = find_play(position, "24/13")  # Black's own numbering
    svg = render_board(position, labels=LABELS, play=play.steps)
    marked = {int(g.get("data-point")): g.get("class").split()[-1]
              for g in by_class(root(svg), "point") if {"from", "via", "to"} & set(g.get("class").split())}
    assert marked == {1: "from", 7: "via", 12: "to"}  # one checker, 6 then 5: it stops on 7 midway


def test_accessible_and_inert():
    svg = render_board(START.with_dice(3, 1), labels=Labels(title="A <b> & c", desc="d \"q\""))
    element = root(svg)
    assert element.get("role") == "img"
    title, desc = element.find(f"{NS}title"), element.find(f"{NS}desc")
    assert (title.text, desc.text) == ("A <b> & c", 'd "q"')
    assert element.get("aria-labelledby") == title.get("id") and element.get("aria-describedby") == desc.get("id")
    for e in element.iter():
        assert not e.tag.endswith("script") and not e.tag.endswith("foreignObject")
        assert not any(name.startswith("on") or name.endswith("href") for name in e.attrib)


def test_small_deterministic_and_distinct_ids():
    biggest = 0
    for position in positions(games=3, seed=3):
        svg = render_board(position, labels=LABELS)
        biggest = max(biggest, len(svg.encode("utf-8")))
        assert svg == render_board(position, labels=LABELS)
    assert biggest < 20_000
    a = render_board(START, labels=LABELS)
    b = render_board(START.with_dice(6, 5), labels=LABELS)
    assert root(a).get("aria-labelledby") != root(b).get("aria-labelledby")
    assert 'id="x-t"' in render_board(START, labels=LABELS, id_prefix="x-")


def test_legible_on_a_390_px_phone():
    svg = render_board(START.with_dice(6, 5), labels=LABELS)
    width = float(root(svg).get("viewBox").split()[2])
    assert width == WIDTH
    scale = PHONE / width
    sizes = [float(m) for m in re.findall(r"font-size:([0-9.]+)px", svg)]
    assert sizes and min(sizes) * scale >= 9.5  # no text smaller than 9.5 CSS px on the phone
    assert 2 * 15 * scale >= 18  # a checker is at least 18 px across
    # the legend's lines fit the picture's width (rough width of a character: 0.56 em)
    for text in (LABELS.white, LABELS.black):
        assert 26 + 10 + len(text) * 16 * 0.56 + len("167 pips") * 16 * 0.56 < width


def test_no_pip_count_or_legend_without_their_words():
    svg = render_board(START, labels=Labels(title="t", desc="d"))
    assert not by_class(root(svg), "pips") and not by_class(root(svg), "key")
    assert point_x(1) > point_x(7)


@pytest.mark.parametrize("position", [START, Position.parse("W | B 19x5 | B cube 2W")])
def test_finished_and_start_positions_render(position):
    svg = render_board(position, labels=LABELS)
    total = {side: sum(s.count for s in checker_stacks(svg) if s.side == side) for side in ("white", "black")}
    assert total == {"white": 15, "black": 15}


# ----- large labels (a slide on a projector: tutor/web/backgammon/slides.py) --------------------------------
LONG = Labels(
    title="t", desc="d", white="Quân của bạn (trắng), đi từ 24 về 1", black="[Ţĥé çöɱþûţéŕ'š çĥéçķéŕš (ƀļåçķ) ····]",
    marked="Titik-titik dari langkah yang disarankan", pips=lambda n: f"số pip {n}",
)


def variety(games: int, seed: int):
    """Boards of every kind: random games' positions, some with the play marked, the videau owned or
    high, links and a picked checker."""
    rng = random.Random(seed)
    for k, position in enumerate(positions(games=games, seed=seed)):
        if k % 6:
            continue
        options = {}
        plays = legal_plays(position) if position.dice else []
        if plays and k % 12 == 0:
            options["play"] = rng.choice(plays).steps
        if k % 18 == 0:
            options["links"] = {p: f"/x?at={p}" for p in (*range(1, 25), "bar", "off")}
            options["selected"] = rng.choice([6, 13, 19, "bar", "off"])
        if k % 5 == 0:
            position = position.replace(cube=Cube(64, rng.choice([WHITE, BLACK, None])))
        yield position, options


def test_the_default_label_size_draws_the_same_bytes_as_before():
    """Every page but a slide keeps its picture: the option at its default changes nothing and adds
    no rule or attribute. (Before and after the option came, 10,312 renderings of random games,
    diagrams and game boards in three languages were compared byte for byte.)"""
    for position, options in variety(3, seed=21):
        for labels in (LABELS, LONG, Labels("t", "d")):
            svg = render_board(position, labels=labels, **options)
            assert render_board(position, labels=labels, label_size=16, **options) == svg
            assert "data-label-size" not in svg and "font-size:16px}.bgm[" not in svg


def _boxes(root: ET.Element, size: float) -> list[tuple[str, float, float, float, float]]:
    """Each word's and number's box as Noto Sans (the projector's font) sets it: 1.07 em above the
    baseline and 0.3 em below, digits 0.572 em wide (measured in Chromium), other text as wide as
    the renderer's own estimate (the browser test measures the real one)."""
    boxes = []
    for t in root.iter(f"{NS}text"):
        text = t.text or ""
        width = len(text) * 0.572 * size if text.isdigit() else text_width(text, size)
        x, y = float(t.get("x")), float(t.get("y"))
        anchor = "end" if "pips" in t.get("class", "") else "middle" if t.get("class") or t.text.isdigit() else "start"
        left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
        boxes.append((text, left, y - 1.07 * size, left + width, y + 0.3 * size))
    return boxes


@pytest.mark.parametrize("size", [24, 28.5, 40])
def test_large_labels_are_drawn_at_their_size_with_room_around_them(size):
    for position, options in variety(4, seed=23):
        for labels in (LABELS, LONG):
            svg = render_board(position, labels=labels, label_size=size, **options)
            element = root(svg)
            assert element.get("data-label-size") == f"{size:g}"
            style = next(element.iter(f"{NS}style")).text
            assert f'.bgm[data-label-size="{size:g}"] text' in style and f"{{font-size:{size:g}px}}" in style
            _x, _y, width, height = (float(v) for v in element.get("viewBox").split())
            boxes = _boxes(element, size)
            for k, (text, left, top, right, bottom) in enumerate(boxes):
                assert -0.5 <= left and right <= width + 0.5 and 0 <= top and bottom <= height, (text, size)
                for other in boxes[k + 1:]:
                    overlap = left < other[3] and other[1] < right and top < other[4] and other[2] < bottom
                    assert not overlap, (position.to_text(), text, other[0], size)
            # the point numbers: 0.15 em at least between two
            numbers = sorted((float(t.get("x")), float(t.get("y"))) for t in by_class(element, "point-number"))
            row = sorted(x for x, y in numbers if y == numbers[0][1])
            assert min(b - a for a, b in zip(row, row[1:])) >= (1.144 + 0.15) * size
            # the same checkers as the default picture, none over another, every one on the picture
            assert [s[:3] + s[4:] for s in checker_stacks(svg)] == \
                [s[:3] + s[4:] for s in checker_stacks(render_board(position, labels=labels, **options))]
            circles = [(float(c.get("data-x")), float(c.get("data-y")), float(c.get("data-r")))
                       for c in by_class(element, "checker")]
            for i, (x, y, r) in enumerate(circles):
                assert r <= x <= width - r and r <= y <= height - r
                for x2, y2, r2 in circles[i + 1:]:
                    assert (x - x2) ** 2 + (y - y2) ** 2 >= (r + r2) ** 2 - 1e-6, position.to_text()
            # the legend says all it says by default, wrapped: the words in order, each pip count once
            words = " ".join(t.text for t in by_class(element, "legend")[0].iter(f"{NS}text") if "pips" not in t.get("class", ""))
            expected = [labels.white, labels.black] + ([labels.marked] if options.get("play") else [])
            assert words.split() == " ".join(expected).split()
            assert sorted(int(p.get("data-pips")) for p in by_class(element, "pips")) == \
                sorted(position.pips(side) for side in (WHITE, BLACK))


def test_a_label_size_out_of_range_is_refused():
    for size in (5, 200):
        with pytest.raises(ValueError):
            render_board(START, labels=LABELS, label_size=size)


def test_a_short_last_word_of_the_legend_is_not_left_alone():
    svg = render_board(START, labels=LABELS, label_size=28)
    lines = [t.text for t in by_class(root(svg), "legend")[0].iter(f"{NS}text") if "pips" not in t.get("class", "")]
    assert all(len(line) >= 6 for line in lines), lines  # "24 → 1", not "1"
