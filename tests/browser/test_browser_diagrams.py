"""The diagrams in a real browser (headless Chromium): each standalone SVG and the gallery, in
every language, is drawn (not blank), at its expected size, with no two tiles overlapping.
Screenshots are kept in the artifacts directory (test-artifacts/)."""

from __future__ import annotations

import struct
import zlib
from collections import Counter

import pytest

from tutor.games.domino.diagrams import load_diagrams
from tutor.games.domino.mexican_train.diagrams import load_mexican_diagrams

from conftest import keep_picture

IDS = list(load_diagrams())
LANGS = ("vi", "id", "en")

MEASURE = """(root) => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
  return {
    box: box(root),
    width: parseFloat(root.getAttribute("width")),
    height: parseFloat(root.getAttribute("height")),
    title: root.querySelector("title").textContent,
    tiles: Array.from(root.querySelectorAll("g.tile")).map((g) => [g.getAttribute("data-tile"), ...box(g)]),
  };
}"""


# ----- reading a screenshot (PNG, 8-bit RGB or RGBA, not interlaced) --------------------------------
def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, pixels as RGB byte triples) of a PNG, with the standard library only."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    channels = 3 if colour == 2 else 4
    stride = width * channels
    raw = zlib.decompress(idat)
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    pixels = [bytes(row[x * channels:x * channels + 3]) for row in rows for x in range(width)]
    return width, height, pixels


def assert_drawn(png: bytes, what: str) -> None:
    """Not blank: many colours, and a good share of pixels unlike the background."""
    width, height, pixels = png_pixels(png)
    counts = Counter(pixels)
    background, _ = counts.most_common(1)[0]
    assert len(counts) >= 12, (what, len(counts))
    differ = sum(n for colour, n in counts.items() if sum(abs(a - b) for a, b in zip(colour, background)) > 24)
    assert differ / len(pixels) > 0.15, (what, differ / len(pixels))
    assert sum(n for colour, n in counts.items() if sum(colour) < 150) > 200, what  # dark ink: pips, text


def assert_no_overlap(tiles: list, what: str) -> None:
    for i, (name_a, xa, ya, wa, ha) in enumerate(tiles):
        assert wa > 5 and ha > 5, (what, name_a)
        for name_b, xb, yb, wb, hb in tiles[i + 1:]:
            dx = min(xa + wa, xb + wb) - max(xa, xb)
            dy = min(ya + ha, yb + hb) - max(ya, yb)
            assert dx <= 0.5 or dy <= 0.5, (what, name_a, name_b, dx, dy)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("diagram_id", IDS)
def test_standalone_svg_in_chromium(live_server, page, artifacts, diagram_id, lang):
    response = page.goto(f"{live_server}/{lang}/domino/diagrams/{diagram_id}.svg")
    assert response.status == 200 and response.header_value("content-type").startswith("image/svg+xml")
    root = page.locator("svg").first
    found = root.evaluate(MEASURE)
    x, y, w, h = found["box"]
    assert (x, y) == (0, 0)
    assert abs(w - found["width"]) < 0.5 and abs(h - found["height"]) < 0.5, found["box"]
    assert found["title"].strip()
    if lang == "en":
        assert found["title"] == load_diagrams()[diagram_id].title
    diagram = load_diagrams()[diagram_id]
    position, display = diagram.position, diagram.display
    drawn = [s for s in range(position.seats)  # the hands the display shows: yours, the others'
             if (display.show_hand if s == diagram.seat else display.show_opponents)]
    expected_tiles = len(position.line_tiles()) + sum(len(position.hand(s)) for s in drawn)  # a spinner's arms too
    assert len(found["tiles"]) == expected_tiles
    for name, tx, ty, tw, th in found["tiles"]:
        assert 0 <= tx and tx + tw <= w and 0 <= ty and ty + th <= h, name  # inside the picture
    assert_no_overlap(found["tiles"], f"{diagram_id}/{lang}")
    png = page.screenshot(path=str(artifacts / f"diagram-{diagram_id}-{lang}.png"),
                          clip={"x": 0, "y": 0, "width": w, "height": h})
    assert_drawn(png, f"{diagram_id}/{lang}")


@pytest.mark.parametrize("lang", LANGS)
def test_gallery_in_chromium(live_server, page, artifacts, lang):
    page.goto(f"{live_server}/{lang}/domino/diagrams/")
    assert page.locator("html").get_attribute("lang") == lang
    figures = page.locator("figure.diagram")
    # in id order, Mexican Train's (D16 to D18) among them; their layout is measured in
    # tests/domino/mexican_train/test_mexican_render.py
    order = sorted([*IDS, *load_mexican_diagrams()], key=lambda diagram_id: int(diagram_id[1:]))
    assert figures.count() == len(order)
    for k, diagram_id in enumerate(order):
        figure = figures.nth(k)
        assert figure.get_attribute("data-diagram") == diagram_id
        if diagram_id not in IDS:
            continue
        svg = figure.locator("svg")
        found = svg.evaluate(MEASURE)
        _, _, w, h = found["box"]
        # the page may scale a diagram to its column, never distort it
        assert w > 250 and abs(w / h - found["width"] / found["height"]) < 0.01, (diagram_id, found["box"])
        assert_no_overlap(found["tiles"], f"gallery {diagram_id}/{lang}")
        link = figure.locator("a.diagram-file")
        assert link.get_attribute("href") == f"/{lang}/domino/diagrams/{diagram_id}.svg"
        caption = figure.locator("figcaption").inner_text()
        if lang == "en":
            assert load_diagrams()[diagram_id].caption in caption
        if k % len(LANGS) == LANGS.index(lang):  # each picture photographed in one language in turn (CI time)
            assert_drawn(svg.screenshot(), f"gallery {diagram_id}/{lang}")
    keep_picture(page, artifacts / f"diagrams-gallery-{lang}.png", full_page=True)


@pytest.mark.parametrize("lang", LANGS)
def test_the_gallery_fits_a_phone(live_server, page, artifacts, lang):
    """At 390 px the gallery is one column no wider than the screen (its columns were at least
    26rem, 416 px, so the page scrolled sideways on a phone)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server}/{lang}/domino/diagrams/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for box in page.locator("figure.diagram svg").evaluate_all("s => s.map(e => e.getBoundingClientRect().right)"):
        assert box <= 390
    keep_picture(page, artifacts / f"diagrams-gallery-{lang}-390.png", full_page=True)
