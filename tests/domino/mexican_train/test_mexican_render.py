"""The Mexican Train picture (tutor/games/domino/mexican_train/render.py), read back from its SVG.

What should be drawn is worked out apart from the engine: the rounds are walked with the
independent checker (tests/checkers/mexican_checker.py) choosing among its own legal actions, each train's
tiles come from the history's actions as written, the hands, markers and open double from the
checker's replay; the engine's position is only the renderer's input. Pips are counted as circles
in each half of each tile, by where they lie, not by the class the renderer gave the half.
"""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import mexican_checker as checker
from tutor.games.domino.mexican_train import engine as mt
from tutor.games.domino.mexican_train.render import COLOURS, FACE, PIP_R, PIPS, TrainLabels, render_trains, train_tiles

SVG = "{http://www.w3.org/2000/svg}"
LABELS = TrainLabels(
    title="The table", desc="Every train from the engine.", your_train="Your train",
    opponent_train="Your opponent's train", public_train=lambda n: f"Public train {n}", engine="Engine",
    marker="marker", open_double="open double", hand="Your hand", opponent_hand="Your opponent's hand",
    boneyard="Boneyard",
)


def walk(seed: int) -> tuple[dict, list[list[str]]]:
    """A shuffled deal and the histories along one round the checker plays at random."""
    deal = mt.Deal.from_seed(seed).to_dict()
    rng = random.Random(seed)
    history: list[str] = []
    histories = [list(history)]
    while True:
        legal = checker.legal_actions(deal, history)
        if not legal:
            break
        history.append(rng.choice(legal))
        histories.append(list(history))
    return deal, histories


def sample() -> list[tuple[dict, list[str]]]:
    """Positions along three rounds: every fifteenth, the last one, and some with an open double
    or a marker (what the picture must mark)."""
    found = []
    for seed in (3, 21, 40):
        deal, histories = walk(seed)
        for i, history in enumerate(histories):
            marked = any(checker.markers(deal, history))
            if i % 15 == 0 or i == len(histories) - 1 or (checker.open_double(deal, history) and i % 5 == 0) or (marked and i % 11 == 0):
                found.append((deal, history))
    return found


SAMPLE = sample()


def trains_of(history: list[str]) -> dict[str, list[str]]:
    """Each train's tiles as laid, read from the actions themselves ("x-y:T": x touches T)."""
    trains: dict[str, list[str]] = {}
    for action in history:
        if ":" in action:
            tile, train = action.split(":")
            trains.setdefault(train, []).append(tile)
    return trains


def tile_groups(svg: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter(f"{SVG}g") if "tile" in g.get("class", "").split()]


def pips_by_half(group: ET.Element) -> tuple[int, int]:
    """The circles in a tile's two halves, told apart by their side of the tile's centre line."""
    circles = [c for c in group.iter(f"{SVG}circle")]
    return sum(float(c.get("cx")) < 0 for c in circles), sum(float(c.get("cx")) > 0 for c in circles)


def name(tile: tuple[int, int]) -> str:
    return f"{tile[0]}-{tile[1]}"


def test_the_sample_reaches_markers_and_open_doubles():
    assert any(any(checker.markers(d, h)) for d, h in SAMPLE)
    assert any(checker.open_double(d, h) for d, h in SAMPLE)
    assert len(SAMPLE) < 60  # lean


@pytest.mark.parametrize("narrow", [False, True], ids=["wide", "narrow"])
def test_every_tile_is_drawn_once_with_its_halves_and_its_pips(narrow):
    seen_numbers = set()
    for deal, history in SAMPLE:
        round_ = checker.replay(deal, history)
        seat = len(history) % 2  # both chairs
        svg = render_trains(mt.position_after(deal, history), labels=LABELS, seat=seat, narrow=narrow)
        tiles = train_tiles(svg)
        # the trains: each tile in order, the half touching the train first
        drawn: dict[str, list[str]] = {}
        for t in sorted((t for t in tiles if t.train not in (None, "engine")), key=lambda t: t.index):
            drawn.setdefault(t.train, []).append(t.tile)
        assert drawn == trains_of(history), history
        assert [t.tile for t in tiles if t.train == "engine"] == [f"{deal['engine']}-{deal['engine']}"]
        # the viewer's hand face up, the other face down (no identity), and how many of each
        hand = [t for t in tiles if t.seat == seat and t.train is None]
        assert Counter(tuple(sorted(map(int, t.tile.split("-")), reverse=True)) for t in hand) == Counter(round_.hands[seat])
        other = [t for t in tiles if t.seat == 1 - seat]
        assert len(other) == len(round_.hands[1 - seat]) and all(t.tile is None and "face-down" in t.classes for t in other)
        root = ET.fromstring(svg)
        counts = {g.get("class"): int(g.get("data-count")) for g in root.iter(f"{SVG}g") if g.get("data-count")}
        assert counts["boneyard"] == len(round_.boneyard) and counts["opponent"] == len(round_.hands[1 - seat])
        # every face-up tile shows its numbers as pips, half by half
        for group in tile_groups(svg):
            if group.get("data-tile"):
                a, b = map(int, group.get("data-tile").split("-"))
                assert pips_by_half(group) == (a, b), group.get("data-tile")
                seen_numbers |= {a, b}
    assert seen_numbers == set(range(13))


def test_every_number_from_0_to_12_in_one_hand():
    """A hand of the doubles 0-0 to 11-11 and 12-0: each half's pips counted, each number coloured."""
    deal = {"engine": 12, "top": 12, "first": 0, "boneyard": [],
            "hands": [[f"{n}-{n}" for n in range(12)] + ["12-0"], ["12-1"]]}
    svg = render_trains(mt.position_after(deal, []), labels=LABELS, reveal=True)
    hand = [g for g in tile_groups(svg) if g.get("data-seat") == "0"]
    assert sorted(g.get("data-tile") for g in hand) == sorted([f"{n}-{n}" for n in range(12)] + ["12-0"])
    for g in hand:
        a, b = map(int, g.get("data-tile").split("-"))
        assert pips_by_half(g) == (a, b)
        halves = [h for h in g.iter(f"{SVG}g") if "half" in h.get("class", "").split()]
        assert [h.get("class") for h in halves] == [f"half pips-{a}", f"half pips-{b}"]
    # each number's colour is the one its class is given in the picture's style sheet
    style = ET.fromstring(svg).find(f"{SVG}style").text
    for n, colour in COLOURS.items():
        assert f".mxt .pips-{n}{{fill:{colour}}}" in style


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of #rrggbb."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_each_number_has_its_own_colour_with_contrast_and_its_own_layout():
    assert sorted(COLOURS) == list(range(13))
    assert all(contrast(COLOURS[n], FACE) >= 3 for n in range(1, 13)), {n: round(contrast(c, FACE), 2) for n, c in COLOURS.items()}
    assert len(set(COLOURS[n] for n in range(1, 13))) == 12  # 11 and 12 apart at a glance, and every other pair
    for n, spots in PIPS.items():
        assert len(set(spots)) == n  # the layout is the count: colour is never the only cue
        r = PIP_R[n]
        for x, y in spots:
            assert abs(x) + r <= 18 and abs(y) + r <= 18  # inside the half's 40 x 40, off its edge
        gaps = [math.dist(p, q) for i, p in enumerate(spots) for q in spots[i + 1:]]
        assert all(gap >= 2 * r + 1 for gap in gaps), n  # no two pips touch
    # from 7 up: three rows, the outer two full (3 for 7 to 9, 4 for 10 to 12), the middle one the rest
    for n in range(7, 13):
        rows = Counter(y for _x, y in PIPS[n])
        outer = 3 if n <= 9 else 4
        assert sorted(rows) == [-12, 0, 12] and rows[-12] == rows[12] == outer and rows[0] == n - 2 * outer


def test_markers_and_the_open_double_are_where_the_checker_says():
    checked = 0
    for deal, history in SAMPLE:
        svg = render_trains(mt.position_after(deal, history), labels=LABELS, narrow=True)
        marked = {f"s{seat}" for seat, on in enumerate(checker.markers(deal, history)) if on}
        assert set(re.findall(r'class="marker" data-train="(s[01])"', svg)) == marked
        assert svg.count('class="marker"') == len(marked)
        double = checker.open_double(deal, history)
        rings = re.findall(r'class="open-double" data-train="(\w+)"', svg)
        assert rings == ([double] if double else [])
        if double:
            checked += 1
            # the ring goes round the double at the end of that train
            root = ET.fromstring(svg)
            ring = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "open-double").find(f"{SVG}rect")
            x, y, w, h = (float(ring.get(k)) for k in ("x", "y", "width", "height"))
            last = max((t for t in train_tiles(svg) if t.train == double), key=lambda t: t.index)
            a, b = last.tile.split("-")
            assert a == b and x < last.x and y < last.y and x + w > last.x + last.w and y + h > last.y + last.h
            assert "open double" in svg
    assert checked


def test_no_tile_overlaps_another_and_all_lie_inside_the_picture():
    for deal, history in SAMPLE[::3]:
        for narrow in (False, True):
            svg = render_trains(mt.position_after(deal, history), labels=LABELS, narrow=narrow)
            width, height = map(float, re.search(r'viewBox="0,0,([\d.]+),([\d.]+)"', svg).groups())
            if narrow:
                assert width == 360  # a phone: a half is 40 of 360 units, 40 px on a 360 px picture
            boxes = train_tiles(svg)
            for t in boxes:
                assert 0 <= t.x and t.x + t.w <= width and 0 <= t.y and t.y + t.h <= height, (t, width)
            for i, a in enumerate(boxes):
                for b in boxes[i + 1:]:
                    assert not (a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h), (a, b)


def test_a_highlighted_play_rings_its_tile_and_its_train():
    deal = {"engine": 12, "top": 12, "first": 0, "boneyard": ["0-1"],
            "hands": [["12-5", "5-5", "5-1", "7-2"], ["12-7", "3-3"]]}
    position = mt.position_after(deal, ["12-5:s0", "12-7:s1"])
    svg = render_trains(position, labels=LABELS, highlight=["5-1:s0"])
    ringed = [t.tile for t in train_tiles(svg) if "playable" in t.classes]
    assert ringed == ["5-1"]
    assert re.findall(r'data-target="(\w+)"', svg) == ["s0"]
    # a new public train: the engine is ringed
    position = mt.position_after(deal, ["12-5:s0", "12-7:s1", "5-5:s0", "5-1:s0", "draw", "pass"])
    assert 'class="target" data-train' not in render_trains(position, labels=LABELS, highlight=[])


def test_the_words_are_the_labels_and_a_screen_reader_gets_title_and_desc():
    deal, history = SAMPLE[5]
    svg = render_trains(mt.position_after(deal, history), labels=LABELS, id_prefix="p-")
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("aria-labelledby") == "p-t" and root.get("aria-describedby") == "p-d"
    assert root.find(f"{SVG}title").text == "The table" and root.find(f"{SVG}desc").text == "Every train from the engine."
    words = {t.text for t in root.iter(f"{SVG}text")}
    assert {"Your train", "Your opponent's train", "Your hand", "Boneyard"} <= words
    # the same input gives the same bytes; another one other ids
    assert render_trains(mt.position_after(deal, history), labels=LABELS, id_prefix="p-") == svg
    other = render_trains(mt.position_after(deal, history[:-1]), labels=LABELS)
    assert re.search(r'aria-labelledby="(m\w+)t"', other)


def test_a_phone_shows_a_12_half_at_20_px_and_nothing_scrolls_sideways(browser, live_server):
    """The lesson's open-double picture on a 390 px phone: every tile half at least 20 CSS px (a
    half of 12 pips is countable), and the page does not scroll sideways; then at 1280 px."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/en/domino/lessons/mexican-train/open-double")
        measure = """() => ({
            scroll: document.documentElement.scrollWidth,
            halves: [...document.querySelectorAll('figure.diagram svg g.tile[data-tile*="12"]')].map(g => {
                const b = g.getBoundingClientRect(); return Math.min(b.width, b.height); }),
            svg: document.querySelector('figure.diagram svg').getBoundingClientRect().right,
        })"""
        state = page.evaluate(measure)
        assert state["halves"] and min(state["halves"]) >= 20, state
        assert state["scroll"] <= 390 and state["svg"] <= 390, state
        page.set_viewport_size({"width": 1280, "height": 800})
        state = page.evaluate(measure)
        assert min(state["halves"]) >= 20 and state["scroll"] <= 1280, state
    finally:
        context.close()
