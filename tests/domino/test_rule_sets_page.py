"""The page comparing the five domino rule sets (issues #15 and #16, /<lang>/domino/other-ways): what
it says of each rule set is held to facts worked out here from VARIANTS.md (tests/checkers/variants_checker.py
and the numbers below), in three languages, and it reads on a phone without sideways scrolling."""

from __future__ import annotations

import re
from html import unescape

import pytest

import variants_checker as checker

COLUMNS = ("playboard", "sato", "straight", "all-fives", "mexican-train")


def table(client, lang: str) -> dict[str, list[str]]:
    html = client.get(f"/{lang}/domino/other-ways").get_data(as_text=True)
    rows = {}
    for row in re.findall(r"<tr><th scope=\"row\">(.*?)</th>(.*?)</tr>", html, re.S):
        # a cell listing several cases: its lines joined with " / "
        cells = [unescape(re.sub(r"<[^>]+>", "", re.sub(r"</li><li>", " / ", c))).strip()
                 for c in re.findall(r"<td[^>]*>(.*?)</td>", row[1], re.S)]
        rows[unescape(row[0]).strip()] = cells
    return rows


def test_the_table_says_what_variants_md_says(client):
    rows = table(client, "en")
    assert all(len(cells) == len(COLUMNS) and all(cells) for cells in rows.values())
    players = dict(zip(COLUMNS, rows["Players"]))
    assert players == {"playboard": "2, 3, or 4 players", "sato": "2, 3, or 4 players", "straight": "2 players",
                       "all-fives": "2 players", "mexican-train": "2 players"}
    boneyard = dict(zip(COLUMNS, rows["Boneyard"]))
    # Sato 157: 7 tiles each for 2 to 4 players (VARIANTS.md), so 28 - 7 n are left to draw
    for seats in (2, 3):
        assert f"{checker.sato_boneyard(seats)} with {seats} players" in boneyard["sato"]
    assert "none with 4 players" in boneyard["sato"]
    assert boneyard["playboard"] == "14 with 2 players / 13 with 3 players / 8 with 4 players"  # 28 - 7·2, 28 - 5·3, 28 - 5·4
    assert boneyard["straight"] == boneyard["all-fives"] == "14 with 2 players"
    assert "spinner" in rows["The tiles on the table"][2] and "spinner" not in rows["The tiles on the table"][1]
    later = dict(zip(COLUMNS, rows["Who opens the next rounds"]))
    assert "winner of the round before" in later["sato"] and later["playboard"] == later["straight"] == "as in the first round"
    during = rows["Points during play"]
    assert "multiple of 5" in during[3] and all(cell.startswith("none") for cell in during[:3])
    match = dict(zip(COLUMNS, rows["The match"]))
    assert "100" in match["playboard"] and "5 rounds" in match["straight"] and "250" in match["all-fives"]
    blocked = dict(zip(COLUMNS, rows["A blocked round"]))
    assert "minus their own" in blocked["playboard"] and "minus" not in blocked["sato"]
    assert "last tile" in blocked["all-fives"] and "equal pips: nobody" in blocked["straight"]


def test_the_mexican_train_column_says_what_variants_md_says(client):
    """VARIANTS.md, Mexican Train: 2 players, 16 tiles each from the 91 of a double-twelve set (the
    12-12 engine set aside), 7 in the shorter game, up to 8 trains (so 6 public ones), 12 rounds,
    the lower total wins; and the page links its lesson and its free play."""
    mexican = {heading: cells[COLUMNS.index("mexican-train")] for heading, cells in table(client, "en").items()}
    assert mexican["Players"] == "2 players"
    assert mexican["Tiles dealt"].startswith("16 tiles each") and "7 tiles each in the shorter game" in mexican["Tiles dealt"]
    set_size = sum(1 for high in range(13) for _low in range(high + 1))
    assert mexican["Boneyard"] == f"{set_size - 1 - 2 * 16} with 2 players"  # 91 - the engine - two hands = 58
    assert "up to 6 public trains" in mexican["The tiles on the table"]
    assert "more pips" in mexican["Who opens the first round"] and "12-12" in mexican["Who opens the first round"]
    assert mexican["Who opens the next rounds"] == "the players take turns"
    assert "lower is better" in mexican["Playing out scores"]
    assert mexican["The match"].startswith("after 12 rounds") and "lower total wins" in mexican["The match"]
    page = client.get("/vi/domino/other-ways").get_data(as_text=True)
    assert 'href="/vi/domino/play?seats=2&amp;rules=mexican-train"' in page
    assert 'href="/vi/domino/lessons/mexican-train/set-and-engine"' in page


@pytest.mark.parametrize("lang", ["vi", "id"])
def test_the_table_is_translated(client, lang):
    english, translated = table(client, "en"), table(client, lang)
    assert len(translated) == len(english) == 10
    for (heading, cells), (heading_en, cells_en) in zip(translated.items(), english.items()):
        assert heading != heading_en
        # every worded cell is translated (names of rule sets and bare numbers may stay)
        assert [c for c, e in zip(cells, cells_en) if c == e and not re.fullmatch(r"[\d ,.]+", e)] == []


def test_the_course_page_links_the_comparison(client):
    assert 'href="/vi/domino/other-ways"' in client.get("/vi/domino/").get_data(as_text=True)


@pytest.mark.parametrize("lang,width", [("vi", 390), ("id", 1280)])
def test_the_comparison_reads_on_a_phone_and_a_desktop(browser, live_server, lang, width):
    page = browser.new_page(viewport={"width": width, "height": 844})
    try:
        page.goto(f"{live_server}/{lang}/domino/other-ways")
        state = page.evaluate("""() => ({
            scroll: document.documentElement.scrollWidth,
            caption: document.querySelector('.rule-sets caption').getBoundingClientRect().width,
            cells: [...document.querySelectorAll('.rule-sets td')].map(td => {
                const b = td.getBoundingClientRect();
                return {left: b.left, right: b.right,
                        label: getComputedStyle(td, '::before').content};
            }),
        })""")
        assert state["scroll"] <= width  # nothing runs off the side
        assert len(state["cells"]) == 50 and all(c["left"] >= 0 and c["right"] <= width for c in state["cells"])
        assert state["caption"] > width / 2  # the caption runs across, not one word a line
        if width < 800:  # on a phone each cell says which rule set it is about
            assert all(c["label"] not in ("none", "normal", '""') for c in state["cells"])
    finally:
        page.close()
