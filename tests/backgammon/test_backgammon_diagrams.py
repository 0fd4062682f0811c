"""Backgammon diagrams B1-B13: every claim holds for the app's engine AND for GNU Backgammon
(gnubg-nn, read through tests/checkers/backgammon_gnubg.py without the engine); mutated diagrams show both
checks can fail, and agree on every mutation; the gallery and the SVG files serve them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

import backgammon_gnubg as gnu
from tutor.games.backgammon.diagrams import (
    CLAIMS, SECTIONS, Diagram, DiagramError, check_claims, diagram_from_data, load_diagrams,
)
from tutor.games.backgammon import BackgammonError

DIAGRAMS = load_diagrams()
IDS = list(DIAGRAMS)
MULT = {"single": 1, "gammon": 2, "backgammon": 3}


# ----- the second checker: every claim recomputed with gnubg --------------------------------------
def gnubg_failures(d: Diagram) -> list[str]:
    """The claims of ``d`` that GNU Backgammon contradicts (``[]`` when all hold)."""
    state = gnu.read(d.setup)
    board, to_move = state.board, state.to_move
    failures, before, last = [], None, None
    for entry in d.replay:
        roll, _, notation = entry.partition(":")
        dice = tuple(int(x) for x in roll.split("-"))
        end = gnu.apply(board, notation.strip())
        if end not in gnu.ends(board, dice):
            return [f"{d.id}: gnubg does not allow {entry}"]
        before, last = board, notation.strip()
        board, to_move = (end[1], end[0]), "black" if to_move == "white" else "white"
    dice = d.dice
    opponent, mover = board
    white, black = (mover, opponent) if to_move == "white" else (opponent, mover)

    def check(name, actual):
        if actual != d.claims[name]:
            failures.append(f"{d.id}: {name}: claimed {d.claims[name]!r}, gnubg says {actual!r}")

    for name, value in d.claims.items():
        if name == "pips":
            check(name, {"white": gnu.pips(white), "black": gnu.pips(black)})
        elif name == "plays":
            claimed = [gnu.apply(board, n) for n in value]
            check(name, value if len(set(claimed)) == len(value) and set(claimed) == gnu.ends(board, dice)
                  else sorted(map(str, gnu.plays(board, dice))))
        elif name == "play_count":
            check(name, len(gnu.ends(board, dice)))
        elif name == "hits":
            check(name, sum(gnu.hits(board, p) for p in gnu.plays(board, dice)))
        elif name == "plays_with":
            actual = {}
            for roll, notations in value.items():
                other = tuple(int(x) for x in roll.split("-"))
                claimed = {gnu.apply(board, n) for n in notations}
                actual[roll] = notations if claimed == gnu.ends(board, other) and len(claimed) == len(notations) \
                    else len(gnu.ends(board, other))
            check(name, actual)
        elif name == "counts":
            check(name, {roll: len(gnu.ends(board, tuple(int(x) for x in roll.split("-")))) for roll in value})
        elif name == "refused":
            listed = gnu.plays(board, dice)
            most = max((len(p.steps) for p in listed), default=0)
            actual = {}
            for text in value:
                src, dst = (25 if t == "bar" else 0 if t == "off" else int(t) for t in text.split("/"))
                if any((src, dst) in p.steps for p in listed):
                    actual[text] = None
                elif not gnu.step_allowed_alone(board, dice, src, dst):
                    actual[text] = "not allowed on the board"
                elif most == 1:
                    actual[text] = "higher_die"  # one die only: the step is not the one gnubg plays
                else:
                    actual[text] = "kills_other_die"  # the others use both dice; this one cannot
            check(name, actual)
        elif name == "entering_rolls":
            check(name, sum(1 for a in range(1, 7) for b in range(1, 7) if gnu.plays(board, (a, b))))
        elif name == "bears_off":
            check(name, any(to == 0 for p in gnu.plays(board, dice) for _, to in p.steps))
        elif name == "result":
            finished = gnu.apply(before, last) if before is not None else None
            if finished is None or any(finished[1]):
                check(name, None)
                continue
            win, wg, wbg, _lg, _lbg = gnu.probabilities(before)
            kind = "backgammon" if wbg > 0.999 else "gammon" if wg > 0.999 else "single" if win > 0.999 else "?"
            check(name, {"kind": kind, "points": MULT.get(kind, 0) * state.cube})
        elif name == "cube":
            own, other = gnu.pips(mover), gnu.pips(opponent)
            lead = other - own
            check(name, {
                "lead_percent": round(100 * lead / own, 1),
                "doubles": 100 * lead >= 8 * own,  # BACKGAMMON.md: double if the lead is 8 % of own pips
                "taken": -gnu.cubeless_equity(board) > -0.5,  # a right take by gnubg's cubeless equity
                "value_if_taken": 2 * state.cube,
                "drop_points": state.cube,
            })
        else:
            failures.append(f"{d.id}: no gnubg check for claim {name}")
    return failures


@pytest.mark.parametrize("diagram_id", IDS)
def test_every_claim_holds_for_the_engine(diagram_id):
    assert DIAGRAMS[diagram_id].claims, "a diagram without claims proves nothing"
    assert check_claims(DIAGRAMS[diagram_id]) == []


@pytest.mark.parametrize("diagram_id", IDS)
def test_every_claim_holds_for_gnubg(diagram_id):
    assert gnubg_failures(DIAGRAMS[diagram_id]) == []


def test_every_claim_kind_has_a_second_check():
    used = {name for d in DIAGRAMS.values() for name in d.claims}
    assert used == set(CLAIMS)  # each claim kind is used, so gnubg_failures covers each


# ----- mutations: the checks can fail, and the two checkers agree on what fails --------------------
ROLLS = [f"{a}-{b}" for a in range(1, 7) for b in range(1, a + 1)]


def _text_mutations(setup: str) -> list[str]:
    """Small changes of a position: one of your checkers one pip further on, one of the
    computer's borne off, the videau doubled."""
    found = []
    parts = setup.split(" | ")
    white = parts[0].split()
    for i, token in enumerate(white[1:], start=1):
        place, _, count = token.partition("x")
        if place == "bar" or int(place) < 2:
            continue
        point, count = int(place), int(count or 1)
        moved = white[:i] + ([f"{point}x{count - 1}" if count > 2 else str(point)] if count > 1 else []) + white[i + 1:]
        moved.append(str(point - 1))
        found.append(" | ".join([_merge(moved), *parts[1:]]))
        break
    black = parts[1].split()
    if len(black) > 1:
        token = black[-1]
        place, _, count = token.partition("x")
        count = int(count or 1)
        rest = black[:-1] + ([f"{place}x{count - 1}" if count > 2 else place] if count > 1 else [])
        found.append(" | ".join([parts[0], " ".join(rest), *parts[2:]]))
    tail = parts[2] if len(parts) == 3 else "W"
    cube = re.search(r"cube (\d+)([WB]?)", tail)
    doubled = (tail.replace(cube[0], f"cube {int(cube[1]) * 2}{cube[2]}") if cube else tail + " cube 2")
    found.append(" | ".join([parts[0], parts[1], doubled]))
    return found


def _merge(tokens: list[str]) -> str:
    counts: dict[str, int] = {}
    for token in tokens[1:]:
        place, _, count = token.partition("x")
        counts[place] = counts.get(place, 0) + int(count or 1)
    return " ".join([tokens[0]] + [p if n == 1 else f"{p}x{n}" for p, n in counts.items()])


def mutations(d: Diagram) -> list[Diagram]:
    found = []
    if d.dice:
        found += [replace(d, dice=tuple(int(x) for x in roll.split("-")), mark="") for roll in ROLLS
                  if roll != f"{max(d.dice)}-{min(d.dice)}"]
    for setup in _text_mutations(d.setup):
        found.append(replace(d, setup=setup, mark=""))
    usable = []
    for mutated in found:
        try:
            mutated.position  # the engine refuses a replay that the change made illegal
        except (BackgammonError, ValueError):
            continue
        usable.append(mutated)
    return usable


@pytest.mark.parametrize("diagram_id", IDS)
def test_mutated_diagrams_fail_both_checks_alike(diagram_id):
    diagram = DIAGRAMS[diagram_id]
    caught = 0
    for mutated in mutations(diagram):
        engine_fails, gnubg_fails = bool(check_claims(mutated)), bool(gnubg_failures(mutated))
        assert engine_fails == gnubg_fails, (mutated.setup, mutated.dice, check_claims(mutated), gnubg_failures(mutated))
        caught += engine_fails
    assert caught, f"no mutation of {diagram_id} makes its claims fail"


def test_a_wrong_claim_is_reported_by_both():
    b2 = DIAGRAMS["B2"]
    wrong = replace(b2, claims={**b2.claims, "counts": {"6-6": 12, "3-1": 16}})
    assert any("counts" in m for m in check_claims(wrong)) and any("counts" in m for m in gnubg_failures(wrong))
    b12 = DIAGRAMS["B12"]
    wrong = replace(b12, claims={"cube": {**b12.claims["cube"], "taken": False}})
    assert check_claims(wrong) and gnubg_failures(wrong)


# ----- the data format ------------------------------------------------------------------------------
def test_ids_sections_and_order():
    # B1-B12 are BACKGAMMON.md §3's; B13 is the rulebook's third checked scoring example (a single
    # game), kept in the file beside B10 and B11 so that the gallery follows the rulebook's order
    assert sorted(IDS, key=lambda i: int(i[1:])) == [f"B{n}" for n in range(1, 14)]
    assert {d.section for d in DIAGRAMS.values()} == set(SECTIONS) - {"summary"}
    order = [SECTIONS.index(d.section) for d in DIAGRAMS.values()]
    assert order == sorted(order)


def test_the_rulebooks_three_checked_scoring_examples():
    """The rulebook's scoring table checks one example per kind of win: a single game with the
    videau at 1 (1 × 1 = 1), a gammon at 2 (2 × 2 = 4), a backgammon at 4 (3 × 4 = 12). Each is a
    diagram of the scoring section whose result claim the engine and gnubg prove (tests above)."""
    examples = {d.claims["result"]["kind"]: (d.position.cube.value, d.claims["result"]["points"])
                for d in DIAGRAMS.values() if d.section == "scoring"}
    assert examples == {"single": (1, 1), "gammon": (2, 4), "backgammon": (4, 12)}
    for kind, (cube, points) in examples.items():
        assert points == MULT[kind] * cube


@pytest.mark.parametrize("data,message", [
    ({"section": "board", "title": "t", "caption": "c", "colour": "red"}, "unknown keys"),
    ({"section": "nowhere", "title": "t", "caption": "c"}, "section"),
    ({"section": "board", "title": "t", "caption": "c", "replay": ["6-5: 24/12"]}, "B1"),
    ({"section": "board", "title": "t", "caption": "c", "dice": "6-5", "mark": "24/19"}, "B1"),
    ({"section": "board", "title": "t", "caption": "c", "setup": "W 24x16 | B 1"}, "B1"),
    ({"section": "board", "title": "t", "caption": "c", "claims": {"truth": 1}}, "unknown claims"),
])
def test_bad_entries_are_refused_with_their_id(data, message):
    with pytest.raises(DiagramError, match=message):
        diagram_from_data("B1", data)


# ----- on the web -----------------------------------------------------------------------------------
NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("lang", ["en", "vi", "id"])
def test_gallery_shows_every_diagram_in_its_language(client, lang):
    from flask_babel import force_locale, gettext

    response = client.get(f"/{lang}/backgammon/diagrams/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    figures = re.findall(r'<figure class="diagram backgammon" id="(B\d+)"', html)
    assert figures == IDS
    svgs = re.findall(r"<svg.*?</svg>", html, flags=re.S)
    assert len(svgs) == len(IDS)
    with client.application.test_request_context(f"/{lang}/"), force_locale(lang):
        for diagram, svg in zip(DIAGRAMS.values(), svgs):
            root = ET.fromstring(svg)
            assert root.get("role") == "img"
            assert root.find(f"{NS}title").text == gettext(diagram.title)
            desc = root.find(f"{NS}desc").text
            assert desc and str(diagram.position.pips(diagram.position.to_move)) in desc
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids))  # several boards in one page: no id twice


def test_standalone_svg_file(client):
    response = client.get("/vi/backgammon/diagrams/B5.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.headers["Content-Language"] == "vi"
    assert "default-src 'none'" in response.headers["Content-Security-Policy"]
    svg = response.get_data(as_text=True)
    assert len(svg.encode()) < 20_000 and "<script" not in svg
    again = client.get("/vi/backgammon/diagrams/B5.svg", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    english = client.get("/en/backgammon/diagrams/B5.svg").get_data(as_text=True)
    assert english != svg  # the words follow the language


def test_unknown_diagram_is_a_localized_404(client):
    response = client.get("/vi/backgammon/diagrams/B99.svg")
    assert response.status_code == 404
    assert "B99" in response.get_data(as_text=True)


def test_descriptions_say_the_position_in_words(client):
    svg = client.get("/en/backgammon/diagrams/B5.svg").get_data(as_text=True)
    desc = ET.fromstring(svg).find(f"{NS}desc").text
    assert "1 on the bar" in desc and "you rolled 6 and 4" in desc and "in the middle, at 1" in desc
    b10 = ET.fromstring(client.get("/en/backgammon/diagrams/B10.svg").get_data(as_text=True)).find(f"{NS}desc").text
    assert "15 borne off" in b10 and "gammon, 4 points" in b10 and "on your side, at 2" in b10
    b4 = ET.fromstring(client.get("/en/backgammon/diagrams/B4.svg").get_data(as_text=True)).find(f"{NS}desc").text
    assert "The marked play is 24/18 13/11*." in b4
