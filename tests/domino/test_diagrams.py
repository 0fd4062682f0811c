"""The rulebook diagrams D1 to D8 (lessons/diagrams.toml).

Each diagram is replayed by the engine and, separately, by a small replay written here on top of
tests/checkers/independent_checker.py (tiles as text and tuples, no engine code). Every claim is checked
against both. Mutating a diagram (a tile swapped between hands and boneyard, an action dropped or
sent to the other end) must make the replay fail or a claim fail, and both sides must agree on
which. Also: the SVG each diagram becomes, the web routes, and the catalog extractor.
"""

from __future__ import annotations

import copy
import io
import re
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import independent_checker as checker
from tutor.games.domino.diagrams import (
    CLAIMS, DIAGRAMS_FILE, Diagram, DiagramError, annotation_notes, check_claims, describe,
    diagram_from_data, load_diagrams, render_options,
)
from tutor.games.domino import DominoError, Position
from tutor.extract import extract_lessons_toml
from tutor.games.domino.mexican_train.diagrams import load_mexican_diagrams
from tutor.games.domino.render import Labels, render_position, tile_boxes

ROOT = Path(__file__).resolve().parents[2]
DATA = tomllib.loads(DIAGRAMS_FILE.read_text(encoding="utf-8"))
IDS = [f"D{n}" for n in range(1, 9)]
LANGS = ("vi", "id", "en")
NS = "{http://www.w3.org/2000/svg}"

#: What LESSONS.md says each diagram must prove (the claim keys that carry it).
LESSON_CLAIMS = {
    "D1": {"hand_size", "doubles", "values"},
    "D2": {"required", "to_move", "opening", "legal_moves", "not_playable"},
    "D3": {"ends", "legal_moves"},
    "D4": {"ends", "legal_moves", "required", "boneyard", "not_playable"},
    "D5": {"chain_length", "open_ends", "double_neighbours"},
    "D6": {"ends", "legal_moves", "required", "boneyard", "not_playable", "stuck_seats"},
    "D7": {"last_move", "hand_size", "opponent_tiles", "opponent_pips", "result"},
    "D8": {"chain_length", "open_ends", "ends", "counts"},
}
LESSON_SECTIONS = {"D1": "tiles", "D2": "dealing", "D3": "turn", "D4": "boneyard", "D5": "doubles",
                   "D6": "blocked", "D7": "scoring", "D8": "strategy"}


# ----- an independent replay: text and tuples, on top of the independent checker ------------------
class Illegal(Exception):
    """The independent replay refuses an action."""


def canon_name(text: str) -> str:
    return checker.name(checker.canon(checker.parse(text)))


def full_boneyard(hands: list[list[str]], prefix: list[str]) -> list[checker.Tile]:
    """The boneyard in draw order: the listed tiles, then the rest from 0-0 up."""
    taken = [checker.canon(checker.parse(t)) for hand in hands for t in hand]
    first = [checker.canon(checker.parse(t)) for t in prefix]
    return first + [t for t in checker.ALL_TILES if t not in taken and t not in first]


class Replay:
    """A round replayed by the independent checker's rules: hands, line, boneyard, turn, passes."""

    def __init__(self, hands: list[list[str]], prefix: list[str]) -> None:
        size = 7 if len(hands) == 2 else 5
        if any(len(hand) != size for hand in hands):
            raise Illegal(f"each seat is dealt {size} tiles")
        self.hands = [[checker.canon(checker.parse(t)) for t in hand] for hand in hands]
        self.bone = full_boneyard(hands, prefix)
        every = [t for hand in self.hands for t in hand] + self.bone
        if sorted(every) != sorted(checker.ALL_TILES):
            raise Illegal("the deal must hold each of the 28 tiles once")
        self.line: list[checker.Tile] = []
        self.to_move = 0
        self.passes = 0
        self.movers: list[int] = []

    def json(self) -> dict:
        data = {"hands": [[checker.name(t) for t in hand] for hand in self.hands],
                "line": [checker.name(t) for t in self.line], "passes": self.passes}
        if self.line:
            data["to_move"] = self.to_move
        return data

    def analyze(self) -> dict:
        return checker.analyze(self.json())

    def act(self, text: str) -> None:
        answer = self.analyze()
        required = answer["action"]
        if required == "over":
            raise Illegal(f"{text}: the round is over")
        seat = answer["to_move"]
        seats = len(self.hands)
        self.movers.append(seat)
        if text in ("draw", "pass"):
            if required != text:
                raise Illegal(f"{text}: the rules require {required}")
            if text == "draw":
                self.hands[seat].append(self.bone.pop(0))
            else:
                self.passes += 1
                self.to_move = (seat + 1) % seats
            return
        match = re.fullmatch(r"([0-6]-[0-6])([LR]?)", text)
        if not match:
            raise Illegal(f"not an action: {text}")
        tile = checker.canon(checker.parse(match[1]))
        end = {"L": "left", "R": "right", "": None}[match[2]]
        if {"tile": checker.name(tile), "end": end} not in answer["legal_moves"]:
            raise Illegal(f"{text} is not among {answer['legal_moves']}")
        self.hands[seat].remove(tile)
        if end is None:
            self.line = [tile]
        elif end == "left":
            left = self.line[0][0]
            self.line.insert(0, (tile[0] + tile[1] - left, left))
        else:
            right = self.line[-1][1]
            self.line.append((right, tile[0] + tile[1] - right))
        self.passes = 0
        self.to_move = (seat + 1) % seats


def independent_replay(table: dict) -> Replay:
    replay = Replay(table["deal"]["hands"], table["deal"].get("boneyard", []))
    for text in table["actions"]:
        replay.act(text)
    return replay


def independent_failures(table: dict, replay: Replay) -> list[str]:
    """Every claim of ``table`` that the independent checker contradicts."""
    seat = table["seat"]
    answer = replay.analyze()
    hand = replay.hands[seat]
    others = [s for s in range(len(replay.hands)) if s != seat]
    line = replay.line
    legal = sorted(m["tile"] + {"left": "L", "right": "R", None: ""}[m["end"]] for m in answer["legal_moves"])
    legal_tiles = {m["tile"] for m in answer["legal_moves"]}

    def action_name(text: str) -> str:
        return text if text in ("draw", "pass") else canon_name(text[:3]) + text[3:]

    def neighbours(claim: dict) -> dict:
        double = checker.canon(checker.parse(claim["tile"]))
        places = [i for i, t in enumerate(line) if checker.canon(t) == double]
        if len(places) != 1:
            return {"tile": claim["tile"], "left": None, "right": None}
        i, n = places[0], double[0]
        left = checker.name(line[i - 1]) if i > 0 and line[i - 1][1] == n else None
        right = checker.name(line[i + 1]) if i + 1 < len(line) and line[i + 1][0] == n else None
        return {"tile": claim["tile"], "left": left, "right": right}

    def last_move(claim: dict) -> dict | None:
        for index in range(len(table["actions"]) - 1, -1, -1):
            text = table["actions"][index]
            if text not in ("draw", "pass"):
                return {"seat": replay.movers[index], "action": action_name(text)}
        return None

    def counts(claim: dict) -> dict:
        found = {}
        for number in claim:
            n = int(number)
            on_table = sum(n in t for t in line)
            in_hand = sum(n in t for t in hand)
            found[number] = {"table": on_table, "hand": in_hand,
                             "unseen": sum(n in t for t in checker.ALL_TILES) - on_table - in_hand}
        return found

    one_chain = all(a[1] == b[0] for a, b in zip(line, line[1:]))
    truth = {
        "hand_size": (lambda c: c, len(hand)),
        "doubles": (lambda c: sorted(canon_name(t) for t in c), sorted(checker.name(t) for t in hand if t[0] == t[1])),
        "values": (lambda c: {canon_name(t): v for t, v in c.items()}, {checker.name(t): t[0] + t[1] for t in hand}),
        "pip_total": (lambda c: c, checker.pips(hand)),
        "required": (lambda c: c, answer["action"]),
        "to_move": (lambda c: c, answer["to_move"]),
        "opening": (lambda c: {**c, "tile": canon_name(c["tile"])}, answer["opening"]),
        "legal_moves": (lambda c: sorted(action_name(a) for a in c), legal),
        "not_playable": (lambda c: sorted(canon_name(t) for t in c),
                         sorted(checker.name(t) for t in hand if checker.name(t) not in legal_tiles)),
        "boneyard": (lambda c: c, answer["boneyard"]),
        "ends": (lambda c: c, answer["ends"] or None),
        "chain": (lambda c: c, [checker.name(t) for t in line]),
        "chain_length": (lambda c: c, len(line)),
        "open_ends": (lambda c: c, (len(answer["ends"]) if one_chain else -1) if line else 0),
        "double_neighbours": (lambda c: c, neighbours(table["claims"].get("double_neighbours", {"tile": "0-0"}))),
        "passes": (lambda c: c, replay.passes),
        "stuck_seats": (lambda c: sorted(c), [s for s, tiles in enumerate(replay.hands)
                                              if line and not any(end in t for t in tiles for end in answer["ends"])]),
        "opponent_tiles": (lambda c: c, sum(len(replay.hands[s]) for s in others)),
        "opponent_pips": (lambda c: c, sum(checker.pips(replay.hands[s]) for s in others)),
        "result": (lambda c: c, None if answer["result"] is None else
                   {k: answer["result"][k] for k in ("reason", "winner", "points")}),
        "last_move": (lambda c: {"seat": c["seat"], "action": action_name(c["action"])}, last_move(None)),
        "counts": (lambda c: c, counts(table["claims"].get("counts", {}))),
    }
    failures = []
    for name, claimed in table["claims"].items():
        if name not in truth:
            failures.append(f"{name}: the independent check does not know this claim")
            continue
        normalize, actual = truth[name]
        if normalize(claimed) != actual:
            failures.append(f"{name}: claimed {claimed!r}, independently {actual!r}")
    return failures


def engine_json(position: Position) -> dict:
    data = position.to_json()
    del data["boneyard"]  # the API's shape has no draw order
    return data


# ----- the diagrams hold ----------------------------------------------------------------------
def test_the_file_has_d1_to_d8_in_their_sections():
    # D9 on: the other rule sets' diagrams (tests/domino/test_diagrams_rule_sets.py)
    diagrams = {i: d for i, d in load_diagrams().items() if d.rules.name == "playboard"}
    assert list(diagrams) == IDS
    assert {d.id: d.section for d in diagrams.values()} == LESSON_SECTIONS
    for d in diagrams.values():
        assert d.seat == 0 and d.seats == 2
        assert d.caption.strip() and d.title.strip()
        assert len(re.findall(r"[.!?](?:\s|$)", d.caption)) <= 2, d.id  # one or two sentences


@pytest.mark.parametrize("diagram_id", IDS)
def test_every_lesson_claim_is_carried(diagram_id):
    claims = load_diagrams()[diagram_id].claims
    assert LESSON_CLAIMS[diagram_id] <= set(claims)
    if diagram_id == "D8":
        assert set(claims["counts"]) == {"6", "2"}
        assert all(set(c) == {"table", "hand", "unseen"} for c in claims["counts"].values())


@pytest.mark.parametrize("diagram_id", IDS)
def test_claims_hold_in_the_engine(diagram_id):
    diagram = load_diagrams()[diagram_id]
    assert check_claims(diagram) == []
    # reached by replaying the record: every action was legal where it was taken
    positions = diagram.record.positions()
    assert positions[-1] == diagram.position
    assert len(positions) == len(diagram.actions) + 1


@pytest.mark.parametrize("diagram_id", IDS)
def test_claims_hold_for_the_independent_checker(diagram_id):
    table = DATA[diagram_id]
    replay = independent_replay(table)
    assert independent_failures(table, replay) == []
    # the same position as the engine's, field by field (hands as sets: their order is free)
    ours = engine_json(load_diagrams()[diagram_id].position)
    theirs = replay.json()
    assert ours["line"] == theirs["line"]
    assert [sorted(h) for h in ours["hands"]] == [sorted(h) for h in theirs["hands"]]
    assert ours["passes"] == theirs["passes"]
    answer_engine = checker.analyze(ours)  # the engine's position, judged by the checker
    answer_replay = replay.analyze()
    assert answer_engine == answer_replay
    if answer_replay["action"] != "over":
        assert ours["to_move"] == answer_replay["to_move"]


@pytest.mark.parametrize("diagram_id", IDS)
def test_checker_answers_match_the_claims_directly(diagram_id):
    """The API-shaped answer of the independent checker for the engine's position."""
    diagram = load_diagrams()[diagram_id]
    answer = checker.analyze(engine_json(diagram.position))
    claims = diagram.claims
    if "required" in claims:
        assert answer["action"] == claims["required"]
    if "legal_moves" in claims:
        got = sorted(m["tile"] + {"left": "L", "right": "R", None: ""}[m["end"]] for m in answer["legal_moves"])
        assert got == sorted(claims["legal_moves"])
    if "boneyard" in claims:
        assert answer["boneyard"] == claims["boneyard"]
    if "ends" in claims:
        assert answer["ends"] == claims["ends"]
    if "result" in claims:
        assert {k: answer["result"][k] for k in ("reason", "winner", "points")} == claims["result"]


def test_d8_counts_from_the_tiles_text():
    """Counted from the position's text alone: the line, the learner's hand, and the rest."""
    data = engine_json(load_diagrams()["D8"].position)
    table = [tile.split("-") for tile in data["line"]]
    hand = [tile.split("-") for tile in data["hands"][0]]
    every = [(str(a), str(b)) for a in range(7) for b in range(a + 1)]
    for number, expected in DATA["D8"]["claims"]["counts"].items():
        on_table = sum(number in t for t in table)
        in_hand = sum(number in t for t in hand)
        seen = {tuple(sorted(t)) for t in table + hand}
        unseen = sum(number in t for t in every if tuple(sorted(t)) not in seen)
        assert {"table": on_table, "hand": in_hand, "unseen": unseen} == expected
        assert on_table + in_hand + unseen == 7


# ----- mutations: a changed diagram is caught ---------------------------------------------------
def swapped(table: dict, a: str, b: str) -> dict:
    """The table with tiles ``a`` and ``b`` exchanged in the deal (the boneyard listed in full)."""
    table = copy.deepcopy(table)
    deal = table["deal"]
    bone = [checker.name(t) for t in full_boneyard(deal["hands"], deal.get("boneyard", []))]
    places = [*deal["hands"], bone]
    ca, cb = canon_name(a), canon_name(b)
    for tiles in places:
        for i, t in enumerate(tiles):
            if canon_name(t) == ca:
                tiles[i] = cb
            elif canon_name(t) == cb:
                tiles[i] = ca
    deal["boneyard"] = bone
    return table


def mutants(table: dict):
    """(description, mutated table): every learner tile swapped with every other tile; every
    action dropped; every play sent to the other end."""
    deal = table["deal"]
    learner = deal["hands"][table["seat"]]
    others = [t for s, hand in enumerate(deal["hands"]) if s != table["seat"] for t in hand]
    others += [checker.name(t) for t in full_boneyard(deal["hands"], deal.get("boneyard", []))]
    for a in learner:
        for b in others:
            yield f"swap {a} and {b}", swapped(table, a, b)
    for i, action in enumerate(table["actions"]):
        dropped = copy.deepcopy(table)
        del dropped["actions"][i]
        yield f"drop action {i + 1} ({action})", dropped
        if action[-1] in "LR":
            flipped = copy.deepcopy(table)
            flipped["actions"][i] = action[:-1] + {"L": "R", "R": "L"}[action[-1]]
            yield f"action {i + 1} at the other end ({flipped['actions'][i]})", flipped


def judge_engine(diagram_id: str, table: dict) -> str | list[str]:
    """"illegal" if the engine refuses the record, else the failing claims."""
    try:
        diagram = diagram_from_data(diagram_id, table)
        diagram.position
    except (DominoError, DiagramError):
        return "illegal"
    return check_claims(diagram)


def judge_independently(table: dict) -> str | list[str]:
    try:
        replay = independent_replay(table)
    except Illegal:
        return "illegal"
    return independent_failures(table, replay)


@pytest.mark.parametrize("diagram_id", IDS)
def test_mutations_are_caught_and_both_sides_agree(diagram_id):
    table = DATA[diagram_id]
    caught = 0
    total = 0
    for description, mutant in mutants(table):
        total += 1
        ours, theirs = judge_engine(diagram_id, mutant), judge_independently(mutant)
        assert (ours == "illegal") == (theirs == "illegal"), (description, ours, theirs)
        if ours != "illegal":
            assert bool(ours) == bool(theirs), (description, ours, theirs)
            assert {f.split(" ")[1] for f in ours} == {f.split(":")[0] for f in theirs}, (description, ours, theirs)
        caught += ours == "illegal" or bool(ours)
    # most changes break the picture; the rest are harmless (say, two tiles that fit no end swapped)
    assert caught >= total // 2, (caught, total)


#: One deliberate change per diagram, and the claims it must break (the brief's examples).
TARGETED = {
    # 1-1 replaces 2-0: a second double; the values change, though the pip total (42) does not
    "D1": (lambda t: swapped(t, "2-0", "1-1"), {"doubles", "values"}),
    # the opponent gets 6-6: the opponent opens (with 6-6, so that move is still the only one)
    "D2": (lambda t: swapped(t, "6-6", "6-4"), {"to_move", "opening", "not_playable"}),
    # 6-4 from the boneyard replaces 2-0: a third tile fits the right end
    "D3": (lambda t: swapped(t, "2-0", "6-4"), {"legal_moves", "not_playable"}),
    # 4-3 from the boneyard replaces 6-5: a tile fits the left end, so no draw
    "D4": (lambda t: swapped(t, "6-5", "4-3"), {"required", "legal_moves", "not_playable"}),
    # without the opponent's 1-4, the 4-4 has no left neighbour and it is not the learner's turn
    "D5": (lambda t: {**t, "actions": t["actions"][:-1]}, {"chain", "chain_length", "ends", "double_neighbours",
                                                           "legal_moves", "not_playable"}),
    # one draw fewer: a tile is still in the boneyard, so the learner must draw, not pass
    "D6": (lambda t: {**t, "actions": t["actions"][:-1]}, {"required", "boneyard", "hand_size", "not_playable"}),
    # the 0-0 not yet played: the round is not over
    "D7": (lambda t: {**t, "actions": t["actions"][:-1]}, {"required", "last_move", "hand_size", "result"}),
    # 3-2 replaces 6-0 in the learner's hand: one 6 fewer and one 2 more in hand
    "D8": (lambda t: swapped(t, "6-0", "3-2"), {"counts"}),
}


@pytest.mark.parametrize("diagram_id", IDS)
def test_a_deliberate_change_breaks_the_right_claims(diagram_id):
    change, broken = TARGETED[diagram_id]
    mutant = change(copy.deepcopy(DATA[diagram_id]))
    ours = judge_engine(diagram_id, mutant)
    assert ours != "illegal"
    assert {f.split(" ")[1] for f in ours} == broken
    assert {f.split(":")[0] for f in judge_independently(mutant)} == broken


def test_d6_nobody_can_play_is_proved_and_a_seat_that_could_play_breaks_it():
    """D6 is the rulebook's "nobody can play": every hand stuck on the ends, nothing to draw. With
    the opponent's 4-4 not yet played (its play and the draws after it undone), the opponent can
    play, and both the engine and the independent checker refuse the claim."""
    table = DATA["D6"]
    replay = independent_replay(table)
    ends = replay.analyze()["ends"]
    assert not replay.bone and all(not any(end in t for t in hand for end in ends) for hand in replay.hands)
    assert sorted(table["claims"]["stuck_seats"]) == list(range(table["seats"]))
    played = table["actions"].index("4-4R")
    mutant = {**copy.deepcopy(table), "actions": table["actions"][:played]}
    ours, theirs = judge_engine("D6", mutant), judge_independently(mutant)
    assert "stuck_seats" in {f.split(" ")[1] for f in ours}
    assert "stuck_seats" in {f.split(":")[0] for f in theirs}


@pytest.mark.parametrize("diagram_id", IDS)
def test_a_false_claim_fails(diagram_id):
    """Nudging any claim value (a number, a list, a table) makes it fail in the engine's check and
    in the independent one."""
    table = DATA[diagram_id]

    def nudge(value):
        if isinstance(value, bool):
            return not value
        if isinstance(value, int):
            return value + 1
        if isinstance(value, str):
            return {"play": "draw", "draw": "pass", "pass": "play", "open": "play", "over": "play"}.get(
                value, "6-6" if value != "6-6" else "5-5")
        if isinstance(value, list):
            return value[:-1] if value else ["6-6"]
        key = next(iter(value))
        return {**value, key: nudge(value[key])}

    for name in table["claims"]:
        wrong = copy.deepcopy(table)
        wrong["claims"][name] = nudge(wrong["claims"][name])
        assert judge_engine(diagram_id, wrong), name
        assert judge_independently(wrong), name


def test_unknown_keys_and_bad_data_are_refused():
    table = copy.deepcopy(DATA["D3"])
    with pytest.raises(DiagramError, match="unknown claims"):
        diagram_from_data("D3", {**table, "claims": {"legal_move": ["5-4L"]}})  # a typo must not pass silently
    with pytest.raises(DiagramError, match="unknown keys"):
        diagram_from_data("D3", {**table, "colour": "red"})
    with pytest.raises(DiagramError, match="section"):
        diagram_from_data("D3", {**table, "section": "endgame"})
    with pytest.raises(DiagramError, match="unknown annotations"):
        diagram_from_data("D3", {**table, "display": {"annotations": ["jokes"]}})
    with pytest.raises(DiagramError, match="7-1"):
        diagram_from_data("D3", {**table, "actions": ["7-1"]})
    with pytest.raises(DiagramError, match="holds 6 tiles"):
        diagram_from_data("D3", {**table, "deal": {"hands": [table["deal"]["hands"][0][:6], table["deal"]["hands"][1]]}})
    with pytest.raises(DominoError, match="action 2"):
        diagram_from_data("D3", {**table, "actions": ["3-3", "5-4L"]}).position
    assert set(CLAIMS) >= {k for d in DATA.values() for k in d["claims"]}


# ----- what the diagrams say and draw ------------------------------------------------------------
LABELS = Labels(title="t", desc="d", hand="Your hand", boneyard="Boneyard", left_end="left end",
                right_end="right end", seat_name=lambda s: "Opponent")


def draw(diagram: Diagram, **overrides) -> str:
    return render_position(diagram.position, labels=LABELS, **{**render_options(diagram), **overrides})


@pytest.mark.parametrize("diagram_id", IDS)
def test_each_drawing_is_small_valid_and_shows_the_position(diagram_id):
    diagram = load_diagrams()[diagram_id]
    svg = draw(diagram)
    assert len(svg.encode()) < 16_000  # small: the densest, D6 (a table with its doubles), is about 15 kB
    assert svg == draw(diagram, debug=True)  # svgwrite's validator accepts it; same bytes
    boxes = tile_boxes(svg)
    position = diagram.position
    line = sorted((b for b in boxes if b.index is not None), key=lambda b: b.index)
    assert [b.tile for b in line] == [f"{a}-{b}" for a, b in position.line]
    if diagram.display.show_hand:
        assert sorted(b.tile for b in boxes if b.seat == 0) == sorted(str(t) for t in position.hand(0))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.overlaps(b), (a, b)


def test_the_highlights_are_the_claims():
    diagrams = load_diagrams()

    def hand_classes(diagram_id):
        return {b.tile: set(b.classes) for b in tile_boxes(draw(diagrams[diagram_id])) if b.seat == 0}

    assert {t for t, c in hand_classes("D2").items() if "playable" in c} == {"6-6"}
    d3 = hand_classes("D3")
    assert {t for t, c in d3.items() if "playable" in c} == {"5-4", "6-1"}
    assert {t for t, c in d3.items() if "dimmed" in c} == {"4-2", "4-1", "2-0", "1-1"}
    for diagram_id in ("D4", "D6"):
        assert all("dimmed" in c for c in hand_classes(diagram_id).values())
    assert not any({"playable", "dimmed"} & c for c in hand_classes("D1").values())
    d7 = draw(diagrams["D7"])
    assert [b.tile for b in tile_boxes(d7) if "last-move" in b.classes] == ["0-0"]
    assert sorted(b.tile for b in tile_boxes(d7) if b.seat == 1) == ["2-0", "2-2", "5-4"]  # revealed
    d3_boxes = tile_boxes(draw(diagrams["D3"]))
    assert all(b.tile is None for b in d3_boxes if b.seat == 1)  # the opponent's tiles stay hidden


def test_d5_the_double_lies_across_with_one_neighbour_each_side():
    boxes = sorted((b for b in tile_boxes(draw(load_diagrams()["D5"])) if b.index is not None), key=lambda b: b.index)
    left, double, right = boxes
    assert double.tile == "4-4" and double.h > double.w and left.w > left.h and right.w > right.h
    assert left.x + left.w <= double.x and double.x + double.w <= right.x
    assert double.x - (left.x + left.w) < 4 and right.x - (double.x + double.w) < 4


def test_d8_wraps_onto_a_second_row_as_one_chain():
    svg = draw(load_diagrams()["D8"])
    boxes = sorted((b for b in tile_boxes(svg) if b.index is not None), key=lambda b: b.index)
    rows = {round(b.y + b.h / 2) for b in boxes if b.w > b.h and "double" not in b.classes}
    assert len(boxes) == 9 and len(rows) == 2
    for a, b in zip(boxes, boxes[1:]):  # neighbours in the chain touch edge to edge
        gx = max(a.x - (b.x + b.w), b.x - (a.x + a.w))
        gy = max(a.y - (b.y + b.h), b.y - (a.y + a.h))
        assert (0 <= gx <= 3 and gy < 0) or (0 <= gy <= 3 and gx < 0), (a, b)
    root = ET.fromstring(svg)
    badges = {g.get("class"): "".join(g.itertext()) for g in root.iter(f"{NS}g") if "badge" in g.get("class", "")}
    assert badges == {"badge end-left": "6left end", "badge end-right": "2right end"}


def test_notes_describe_the_position():
    diagrams = load_diagrams()
    kinds = {d: [n.kind for n in describe(diagrams[d])] for d in IDS}
    assert kinds["D1"] == ["line_empty", "hand"]  # the opponent and the boneyard are not drawn
    assert kinds["D2"][-2:] == ["you_open", "others_dimmed_open"]
    assert kinds["D3"][-3:] == ["fits_left", "fits_right", "others_dimmed"]
    assert kinds["D4"][-1] == "must_draw" and kinds["D6"][-1] == "must_pass"
    assert kinds["D7"][-1] == "over_domino" and "last_move" in kinds["D7"]
    d3 = {n.kind: n.params for n in describe(diagrams["D3"])}
    assert d3["ends"] == {"left": 5, "right": 6} and d3["boneyard"] == {"count": 14}
    assert d3["hand"]["tiles"] == ["6-1", "5-4", "4-2", "4-1", "2-0", "1-1"]
    counts = [n.params for n in annotation_notes(diagrams["D8"])]
    assert counts == [{"number": 6, "table": 4, "hand": 2, "unseen": 1}, {"number": 2, "table": 1, "hand": 3, "unseen": 3}]
    score = [n.kind for n in annotation_notes(diagrams["D7"])]
    assert score == ["seat_pips", "score"]


# ----- served --------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("diagram_id", IDS)
def test_standalone_svg(client, lang, diagram_id):
    response = client.get(f"/{lang}/domino/diagrams/{diagram_id}.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.cache_control.public and response.cache_control.max_age >= 600
    assert response.headers["Content-Language"] == lang
    etag = response.headers["ETag"]
    assert etag.strip('"')
    root = ET.fromstring(response.data)
    assert root.tag == f"{NS}svg" and root.get("role") == "img"
    title = root.find(f"{NS}title")
    assert title.text and root.get("aria-labelledby") == title.get("id")
    desc = root.find(f"{NS}desc")
    assert len(desc.text) > 40 and root.get("aria-describedby") == desc.get("id")
    assert b"<script" not in response.data
    again = client.get(f"/{lang}/domino/diagrams/{diagram_id}.svg", headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.data
    other = client.get(f"/{lang}/domino/diagrams/{diagram_id}.svg", headers={"If-None-Match": '"not-this-one"'})
    assert other.status_code == 200 and other.data == response.data


def test_svg_words_are_english_in_english(client):
    svg = client.get("/en/domino/diagrams/D3.svg").data.decode()
    assert "<title id=\"dg-d3-t\">Two tiles that fit</title>" in svg
    assert "Open ends: 5 on the left, 6 on the right." in svg
    assert "Your hand, 6 tiles: 6-1, 5-4, 4-2, 4-1, 2-0, 1-1." in svg
    assert "The boneyard holds 14 tiles." in svg and "It is your turn." in svg
    assert ">Your opponent<" in svg and ">Boneyard<" in svg and ">left end<" in svg
    d7 = client.get("/en/domino/diagrams/D7.svg").data.decode()
    assert "Your opponent still holds 5-4 = 9, 2-2 = 4, 2-0 = 2: 9 + 4 + 2 = 15 pips." in d7
    assert "You score 15 points." in d7


@pytest.mark.parametrize("lang", LANGS)
def test_unknown_diagram_is_a_localized_404(client, lang):
    response = client.get(f"/{lang}/domino/diagrams/D99.svg")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert f'<html lang="{lang}">' in response.data.decode()
    if lang == "en":
        assert "There is no diagram called D99." in response.data.decode()
    assert client.get("/xx/domino/diagrams/D3.svg").status_code == 404


@pytest.mark.parametrize("lang", LANGS)
def test_gallery_shows_and_links_every_diagram(client, lang):
    response = client.get(f"/{lang}/domino/diagrams/")
    assert response.status_code == 200
    page = response.data.decode()
    assert f'<html lang="{lang}">' in page
    every = {**load_diagrams(), **load_mexican_diagrams()}  # (Mexican Train's: tests/domino/mexican_train/test_diagrams_mexican.py)
    assert page.count("<svg ") == len(every)
    for diagram in every.values():
        assert f'href="/{lang}/domino/diagrams/{diagram.id}.svg"' in page
        assert f'id="dg-{diagram.id.lower()}-t"' in page
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    if lang == "en":
        for diagram in every.values():
            assert diagram.caption.replace("'", "&#39;") in page


def test_inline_helpers(app):
    from tutor.web.domino.diagrams import diagram_figure, diagram_svg

    with app.test_request_context("/en/domino/diagrams/"):
        app.preprocess_request()
        svg = diagram_svg("D4", "en")
        assert svg.startswith("<svg") and "Nothing fits: draw" in svg
        assert diagram_svg("D4") == svg
        figure = diagram_figure("D4")
        assert figure.startswith('<figure class="diagram" data-diagram="D4"><svg')
        assert "one tile at a time until one fits." in figure and 'href="/en/domino/diagrams/D4.svg"' in figure
        vi = diagram_svg("D4", "vi")
        assert vi.startswith("<svg")


# ----- the catalog extractor -------------------------------------------------------------------
def extract(source: str, tags=("TRANSLATORS:",), name: str | None = None):
    fileobj = io.BytesIO(source.encode("utf-8"))
    if name:
        fileobj.name = name
    return list(extract_lessons_toml(fileobj, [], list(tags), {}))


def test_extractor_finds_every_caption_and_title_on_its_line():
    lines = DIAGRAMS_FILE.read_text(encoding="utf-8").splitlines()
    with DIAGRAMS_FILE.open("rb") as f:
        found = list(extract_lessons_toml(f, [], ["TRANSLATORS:"], {}))
    expected = [(d.id, key) for d in load_diagrams().values() for key in ("title", "caption")]
    assert [tuple(c[0].split(": ")[1].split(" ")) for _, _, _, c in found] == expected
    for lineno, funcname, message, comments in found:
        assert funcname is None
        assert comments[0].startswith("lessons/diagrams.toml: D")
        diagram_id, key = comments[0].split(": ")[1].split(" ")
        assert message == getattr(load_diagrams()[diagram_id], key)
        assert lines[lineno - 1].startswith(f'{key} = "{message[:20]}')


def test_extractor_handles_the_toml_shapes():
    source = '''\
title = "Top"
summary = "One line"   # a trailing comment

# TRANSLATORS: shown as a tooltip
hint = 'a literal with "quotes"'

# an unrelated comment

intro = """
A multi-line
string"""

[[steps]]
id = "first"
text = [
  "Paragraph one.",  # first
  # between
  "Paragraph two with a \\"quote\\".",
]
notes = "Just one note."

[steps.question]
text = "What now?"
choices = { "a.b" = "not a msgid", caption = "Inline caption" }

[[steps]]
id = "second"
text = ["Only one."]
count = 3

[other.deep]
question = "Deep?"
"title" = "Quoted key"
'''
    found = [(lineno, message, comments) for lineno, _, message, comments in extract(source, name="lessons/x.toml")]
    assert found == [
        (1, "Top", ["lessons/x.toml: title"]),
        (2, "One line", ["lessons/x.toml: summary"]),
        (5, 'a literal with "quotes"', ["lessons/x.toml: hint", "TRANSLATORS: shown as a tooltip"]),
        (9, "\nA multi-line\nstring".lstrip("\n"), ["lessons/x.toml: intro"]),
        (16, "Paragraph one.", ["lessons/x.toml: steps[0] (first) text[0]"]),
        (18, 'Paragraph two with a "quote".', ["lessons/x.toml: steps[0] (first) text[1]"]),
        (20, "Just one note.", ["lessons/x.toml: steps[0] (first) notes"]),
        (23, "What now?", ["lessons/x.toml: steps[0] (first).question text"]),
        (24, "Inline caption", ["lessons/x.toml: steps[0] (first).question.choices caption"]),
        (28, "Only one.", ["lessons/x.toml: steps[1] (second) text[0]"]),
        (32, "Deep?", ["lessons/x.toml: other.deep question"]),
        (33, "Quoted key", ["lessons/x.toml: other.deep title"]),
    ]
    # without comment tags, TOML comments are not copied
    assert extract(source, tags=())[2][3] == ["hint"]


def test_babel_cfg_sends_lesson_files_to_the_extractor():
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    assert ("lessons/**.toml", "tutor.extract:extract_lessons_toml") in method_map
    found = {message: comments for _, _, message, comments, _ in extract_from_dir(
        str(ROOT / "lessons"), [(p.removeprefix("lessons/"), m) for p, m in method_map if p.startswith("lessons/")],
        comment_tags=("TRANSLATORS:",))}
    for diagram in load_diagrams().values():
        assert diagram.caption in found and diagram.title in found


def test_the_template_has_the_diagram_strings():
    with (ROOT / "translations" / "messages.pot").open("rb") as f:
        from babel.messages.pofile import read_po

        template = read_po(f)
    for diagram in load_diagrams().values():
        message = template.get(diagram.caption)
        assert message is not None, diagram.id
        assert f"lessons/diagrams.toml: {diagram.id} caption" in message.auto_comments
        assert template.get(diagram.title) is not None
    for msgid in ("Your hand", "Boneyard", "left end", "right end", "Your opponent"):
        assert template.get(msgid) is not None, msgid
