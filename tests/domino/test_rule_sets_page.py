"""The page comparing the five domino rule sets (issues #15 and #16, /<lang>/domino/other-ways): what
it says of each rule set is held to facts worked out here from VARIANTS.md (tests/checkers/variants_checker.py
and the numbers below), in three languages, and it reads on a phone without sideways scrolling."""

from __future__ import annotations

import re
from html import unescape

import pytest

import variants_checker as checker

COLUMNS = ("playboard", "sato", "straight", "all-fives", "mexican-train")


def table(client, lang: str, marks: dict | None = None) -> dict[str, list[str]]:
    """Each row's cells, without the mark of a house rule; ``marks`` (if given) gets, per row, which
    cells carry it."""
    html = client.get(f"/{lang}/domino/other-ways").get_data(as_text=True)
    rows = {}
    for row in re.findall(r"<tr><th scope=\"row\">(.*?)</th>(.*?)</tr>", html, re.S):
        found = re.findall(r"<td([^>]*)>(.*?)</td>", row[1], re.S)
        # a cell listing several cases: its lines joined with " / "
        cells = [unescape(re.sub(r"<[^>]+>", "", re.sub(r"</li><li>", " / ",
                                                        re.sub(r'<span class="house-mark">.*?</span>', "", c)))).strip()
                 for _, c in found]
        rows[unescape(row[0]).strip()] = cells
        if marks is not None:
            marks[unescape(row[0]).strip()] = [('class="house-rule"' in attrs) == ("house-mark" in c) and
                                               "house-mark" in c for attrs, c in found]
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
    # the whole match, its two quicker games and the double-six set ([003c])
    assert mexican["The match"] == ("12 rounds, engines from 12-12 down to 1-1 / 6 rounds, engines from 6-6 down to 1-1"
                                    " / 7 rounds, engines from 12-12 down to 6-6 / with the double-six set: 6 rounds,"
                                    " from 6-6 down to 1-1 / the lower total wins; equal totals share the win")
    page = client.get("/vi/domino/other-ways").get_data(as_text=True)
    assert 'href="/vi/domino/play?seats=2&amp;rules=mexican-train"' in page
    assert 'href="/vi/domino/lessons/mexican-train/set-and-engine"' in page


@pytest.mark.parametrize("lang", ["vi", "id"])
def test_the_table_is_translated(client, lang):
    english, translated = table(client, "en"), table(client, lang)
    assert len(translated) == len(english) == 11
    for (heading, cells), (heading_en, cells_en) in zip(translated.items(), english.items()):
        assert heading != heading_en
        # every worded cell is translated (names of rule sets and bare numbers may stay)
        assert [c for c, e in zip(cells, cells_en) if c == e and not re.fullmatch(r"[\d ,.]+", e)] == []


def test_blocked_rounds_end_as_each_rulebook_says(client):
    """Seed 000 (Playboard): once everyone has passed in a row; seeds 003 and 004: as soon as nobody
    can play and nothing is left to draw. And the spinner games' table: every double branches, or
    the option of one spinner."""
    rows = table(client, "en")
    ends = dict(zip(COLUMNS, rows["When a blocked round ends"]))
    assert "passed in a row" in ends["playboard"]
    assert all("as soon as nobody can play" in ends[name] for name in COLUMNS[1:])
    spinner = rows["The tiles on the table"][2]
    assert "every later double branches" in spinner and "one spinner" in spinner


#: Where VARIANTS.md (and RULES.md for Playboard) marks a row **decision**: worked out from those files
#: by hand, row by row (the page must mark exactly these cells).
DECIDED = {
    "Tiles dealt": {"sato", "mexican-train"},
    "The tiles on the table": {"straight", "all-fives"},
    "Who opens the first round": {"playboard", "sato", "straight", "all-fives", "mexican-train"},
    "Who opens the next rounds": {"sato", "straight", "all-fives", "mexican-train"},
    "Points during play": {"all-fives"},
    "Playing out scores": {"sato", "all-fives"},
    "When a blocked round ends": {"mexican-train"},
    "A blocked round": {"playboard", "sato", "straight", "mexican-train"},
    "The match": {"sato", "straight", "mexican-train"},
}


@pytest.mark.parametrize("lang", ["en", "vi", "id"])
def test_the_page_marks_each_house_rule(client, lang):
    marks: dict = {}
    rows = table(client, lang, marks)
    english = list(table(client, "en"))
    for heading_en, (heading, marked) in zip(english, marks.items()):
        assert {name for name, mark in zip(COLUMNS, marked) if mark} == DECIDED.get(heading_en, set()), heading_en
    html = client.get(f"/{lang}/domino/other-ways").get_data(as_text=True)
    mark = [unescape(m) for m in re.findall(r'<span class="house-mark">(.*?)</span>', html)]
    assert len(set(mark)) == 1 and len(mark) == sum(len(v) for v in DECIDED.values())
    assert lang == "en" or mark[0] != "this app's choice"  # said in the page's language


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
        assert len(state["cells"]) == 55 and all(c["left"] >= 0 and c["right"] <= width for c in state["cells"])
        assert state["caption"] > width / 2  # the caption runs across, not one word a line
        if width < 800:  # on a phone each cell says which rule set it is about
            assert all(c["label"] not in ("none", "normal", '""') for c in state["cells"])
    finally:
        page.close()
