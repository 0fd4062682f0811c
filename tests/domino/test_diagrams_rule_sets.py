"""The diagrams of the other rule sets (lessons/diagrams.toml from D9: Sato 157, Straight, All
Fives; VARIANTS.md), and the course's sections on them (lessons/10-sato.toml ...).

Each diagram is replayed a second time, apart from the engine, on top of tests/checkers/variants_checker.py
(plain tuples; Sato 157's line is replayed here, the spinner games by the checker's own rounds), and
every claim is worked out again from that replay. Changing a claim's figure must make both the
engine's check and this one fail. The lesson questions on these pictures are judged the same way
(``rule_set_accepts``, which tests/domino/test_lessons.py asks for every question not on Playboard's rules).
"""

from __future__ import annotations

import copy
import html
import re
import tomllib

import pytest

import variants_checker as checker
from tutor.course import load_course
from tutor.games.domino.diagrams import DIAGRAMS_FILE, check_claims, diagram_from_data, load_diagrams
from tutor.games.domino.rules import RULE_SETS

DATA = tomllib.loads(DIAGRAMS_FILE.read_text(encoding="utf-8"))
RULE_SET_IDS = [i for i, table in DATA.items() if table.get("rules", "playboard") != "playboard"]
ARM_OF_LETTER = {"L": "left", "R": "right", "U": "up", "D": "down"}
#: the checker's tiles in the order the rest of a boneyard is drawn: from 0-0 up
DRAW_ORDER = sorted(checker.ALL_TILES, key=lambda t: (t[0], t[1]))


def canon(text: str) -> str:
    """A tile or a move written high half first: "4-5R" -> "5-4R"."""
    a, b = checker.tile(text[:3])
    return f"{a}-{b}{text[3:]}"


def name(piece: tuple[int, int]) -> str:
    return f"{piece[0]}-{piece[1]}"


def arm_of(text: str) -> str:
    """The checker's arm of a move's text: "6-1U" -> "up", "4-2L4" -> "4-4.left" (a double's side)."""
    arm = ARM_OF_LETTER[text[3]]
    return f"{text[4]}-{text[4]}.{arm}" if len(text) == 5 else arm


def move_text(piece: tuple[int, int], arm: str) -> str:
    """A move's text from the checker's play: the tile, then the arm's letter (and a side's double)."""
    if "." in arm:
        double, side = arm.split(".")
        return name(piece) + side[0].upper() + double[0]
    return name(piece) + arm[0].upper()


def boneyard_of(table: dict) -> list[tuple[int, int]]:
    hands = [checker.tile(t) for hand in table["deal"]["hands"] for t in hand]
    first = [checker.tile(t) for t in table["deal"].get("boneyard", [])]
    return first + [t for t in DRAW_ORDER if t not in hands and t not in first]


# ----- Sato 157: a line with two ends, replayed here -------------------------------------------------
class SatoReplay:
    """A round of Sato 157 by VARIANTS.md: 7 tiles each; the first round opened by the highest
    double (``variants_checker.opening_tile``), a later one by the last winner with any tile; play
    on either end; stuck: draw while the boneyard has tiles, else pass."""

    def __init__(self, table: dict) -> None:
        seats = table["seats"]
        self.hands = [[checker.tile(t) for t in hand] for hand in table["deal"]["hands"]]
        assert all(len(hand) == checker.sato_hand_size(seats) for hand in self.hands)
        self.boneyard = boneyard_of(table)
        assert len(self.boneyard) == checker.sato_boneyard(seats)
        self.dealt = [len(hand) for hand in self.hands]
        self.leader = table.get("leader")
        if self.leader is None:
            self.to_move, self.opening = checker.opening_tile(self.hands)
        else:
            self.to_move, self.opening = self.leader, None
        self.ends: list[int] = []
        self.passes = 0
        self.last: tuple[int, str] | None = None

    def fits(self, piece) -> list[str]:
        return [side for side, number in zip(("left", "right"), self.ends) if number in piece]

    def required(self) -> str:
        if self.ends and (not all(self.hands) or self.passes >= len(self.hands)):
            return "over"
        if not self.ends:
            return "open"
        if any(self.fits(p) for p in self.hands[self.to_move]):
            return "play"
        return "draw" if self.boneyard else "pass"

    def legal_moves(self) -> list[str]:
        hand = self.hands[self.to_move]
        if self.required() == "open":
            return [name(p) for p in hand if self.opening in (None, p)]
        if self.required() != "play":
            return []
        return [name(p) + side[0].upper() for p in hand for side in self.fits(p)]

    def act(self, text: str) -> None:
        need, seat = self.required(), self.to_move
        if text in ("draw", "pass"):
            assert need == text, (text, need)
            if text == "draw":
                self.hands[seat].append(self.boneyard.pop(0))
            else:
                self.passes, self.to_move = self.passes + 1, (seat + 1) % len(self.hands)
            return
        assert canon(text) in [canon(m) for m in self.legal_moves()], (text, self.legal_moves())
        piece = checker.tile(text[:3])
        self.hands[seat].remove(piece)
        if need == "open":
            self.ends = [piece[0], piece[1]]
        else:
            side = 0 if text[3] == "L" else 1
            self.ends[side] = piece[1] if piece[0] == self.ends[side] else piece[0]
        self.last = (seat, canon(text))
        self.passes, self.to_move = 0, (seat + 1) % len(self.hands)

    def result(self) -> dict | None:
        if self.required() != "over":
            return None
        if not all(self.hands):
            winner = [len(h) for h in self.hands].index(0)
            return {"reason": "domino", "winner": winner, "points": checker.sato_points(self.hands, winner)}
        winner = checker.blocked_winner(self.hands)
        return {"reason": "blocked", "winner": winner,
                "points": 0 if winner is None else checker.sato_points(self.hands, winner)}


# ----- Straight and All Fives: the checker's own rounds ---------------------------------------------
class SpinnerReplay:
    def __init__(self, table: dict) -> None:
        hands = [[checker.tile(t) for t in hand] for hand in table["deal"]["hands"]]
        self.dealt = [len(hand) for hand in hands]
        self.state = checker.start(hands, boneyard_of(table), table["rules"])
        assert self.state is not None
        self.last = (1 - self.state.to_move, name(self.state.placed[0]))
        self.first = name(self.state.placed[0])

    def act(self, text: str) -> None:
        seat = self.state.to_move
        if text in ("draw", "pass"):
            self.state = checker.apply(self.state, (text,))
            return
        self.state = checker.apply(self.state, ("play", checker.tile(text[:3]), arm_of(text)))
        self.last = (seat, canon(text))

    def legal_moves(self) -> list[str]:
        return [move_text(p, arm) for p, arm in checker.legal_plays(self.state)]


def replay(table: dict):
    if table["rules"] == "sato":
        state = SatoReplay(table)
        actions = table["actions"]
    else:
        state = SpinnerReplay(table)
        assert canon(table["actions"][0]) == state.first, "the lead is the highest double"
        actions = table["actions"][1:]
    for text in actions:
        state.act(text)
    return state


def independent_claims(table: dict, names) -> dict:
    """Each claim in ``names`` worked out from the independent replay, in the file's form."""
    seat = table["seat"]
    state = replay(table)
    spinner = isinstance(state, SpinnerReplay)
    s = state.state if spinner else state
    hands = s.hands
    need = checker.required(s) if spinner else state.required()
    legal = state.legal_moves()
    placeable = {canon(m)[:3] for m in legal}
    if spinner:
        layout = s.layout
        open_numbers = {arm: layout.end_number(arm) for arm in layout.open_arms()}
    else:
        open_numbers = dict(zip(("left", "right"), s.ends))
    out: dict = {}
    for claim in names:
        if claim == "dealt":
            out[claim] = state.dealt
        elif claim == "boneyard":
            out[claim] = len(s.boneyard)
        elif claim == "ends":
            out[claim] = list(s.ends)
        elif claim == "to_move":
            out[claim] = None if need == "over" else s.to_move
        elif claim == "required":
            out[claim] = need
        elif claim == "legal_moves":
            out[claim] = sorted(canon(m) for m in legal)
        elif claim == "may_open":
            out[claim] = sorted(canon(m) for m in legal) if need == "open" else []
        elif claim == "not_playable":
            out[claim] = sorted(name(p) for p in hands[seat] if name(p) not in placeable)
        elif claim == "stuck_seats":
            out[claim] = [i for i, h in enumerate(hands) if not any(n in p for p in h for n in open_numbers.values())]
        elif claim == "hand_size":
            out[claim] = len(hands[seat])
        elif claim == "doubles":
            out[claim] = sorted(name(p) for p in hands[seat] if p[0] == p[1])
        elif claim == "spinner":
            out[claim] = f"{layout.spinner}-{layout.spinner}"
        elif claim == "open_ends":
            out[claim] = open_numbers
        elif claim == "arms":
            arms = {}
            for arm in layout.ends:  # the spinner's four, and every double's two sides
                inner, tiles = layout.start.get(arm, layout.spinner), []
                for outer, _double in layout.ends[arm]:
                    tiles.append(f"{inner}-{outer}")
                    inner = outer
                arms[arm] = tiles
            out[claim] = arms
        elif claim == "count":
            out[claim] = layout.count()
        elif claim == "count_terms":
            terms = [] if layout.ends["left"] and layout.ends["right"] else [layout.spinner, layout.spinner]
            for arm in layout.ends:
                if layout.ends[arm]:
                    number, double = layout.ends[arm][-1]
                    terms += [number, number] if double else [number]
            out[claim] = sorted(terms)
        elif claim == "points":
            out[claim] = {canon(m): checker.points_of(s, checker.tile(m[:3]), arm_of(m)) for m in legal}
        elif claim == "scores":
            out[claim] = list(s.play_points)
        elif claim == "last_move":
            out[claim] = {"seat": state.last[0], "action": state.last[1]}
        elif claim == "opponent_pips":
            out[claim] = sum(checker.pips(h) for i, h in enumerate(hands) if i != seat)
        elif claim == "result":
            result = checker.result(s) if spinner else state.result()
            out[claim] = None if result is None else {k: result[k] for k in ("reason", "winner", "points")}
        else:
            raise AssertionError(f"no independent calculation for the claim {claim}")
    return out


def normal(claim: str, value):
    """A claim as written, in the form the calculation above gives (sorted lists, high half first)."""
    if claim in ("legal_moves", "may_open", "not_playable", "doubles"):
        return sorted(canon(v) for v in value)
    if claim in ("stuck_seats", "count_terms"):
        return sorted(value)
    if claim == "spinner":
        return canon(value)
    if claim == "points":
        return {canon(m): p for m, p in value.items()}
    if claim == "last_move":
        return {"seat": value["seat"], "action": canon(value["action"])}
    return value


def independent_failures(table: dict) -> list[str]:
    claims = table.get("claims", {})
    try:
        found = independent_claims(table, claims)
    except (AssertionError, ValueError) as error:
        return [f"the replay fails: {error}"]
    return [claim for claim, value in claims.items() if normal(claim, value) != found[claim]]


# ----- the diagrams hold ------------------------------------------------------------------------
def test_each_rule_set_has_two_or_three_diagrams_in_its_section():
    by_rules: dict[str, list[str]] = {}
    for diagram in load_diagrams().values():
        by_rules.setdefault(diagram.rules.name, []).append(diagram.id)
        if diagram.rules.name != "playboard":
            assert diagram.section == diagram.rules.name, diagram.id
    assert {k: len(v) for k, v in by_rules.items()} == {"playboard": 8, "sato": 2, "straight": 3, "all-fives": 4}
    course = {step.diagram: section.id for section in load_course() for step in section.steps if step.diagram}
    assert all(course[i] == DATA[i]["section"] for i in RULE_SET_IDS)


@pytest.mark.parametrize("diagram_id", RULE_SET_IDS)
def test_every_claim_agrees_with_the_independent_checker(diagram_id):
    table = DATA[diagram_id]
    diagram = load_diagrams()[diagram_id]
    assert diagram.rules is RULE_SETS[table["rules"]]
    assert check_claims(diagram) == []
    assert independent_failures(table) == []
    assert len(table["claims"]) >= 3


#: what each picture is there to show (its caption), carried by these claims
SHOWN = {
    "D9": {"dealt", "boneyard", "required"},  # four players, nothing to draw: pass at once
    "D10": {"may_open", "to_move"},  # the last winner leads, with any tile
    "D11": {"spinner", "open_ends", "legal_moves"},  # the sides open once both ends hold a tile
    "D12": {"arms", "open_ends"},  # four arms, one open end each
    "D13": {"points", "count"},  # this play scores 10
    "D14": {"count", "count_terms", "scores"},  # a double at an end counts both halves
    "D22": {"arms", "open_ends", "legal_moves"},  # a double branches: its far end and its two sides
    "D23": {"count", "count_terms", "points"},  # an open double counts until its far end is covered
    "D15": {"result", "opponent_pips"},  # going out, rounded to 5
}


def test_each_picture_carries_what_its_caption_says():
    assert set(SHOWN) == set(RULE_SET_IDS)
    for diagram_id, claims in SHOWN.items():
        assert claims <= set(DATA[diagram_id]["claims"]), diagram_id
    # the figures the captions name
    assert DATA["D13"]["claims"]["points"]["5-4R"] == 10 and DATA["D13"]["claims"]["count"] == 9
    assert DATA["D14"]["claims"]["count"] == 5
    assert DATA["D15"]["claims"]["opponent_pips"] == 12 and DATA["D15"]["claims"]["result"]["points"] == 10
    assert DATA["D22"]["claims"]["legal_moves"] == ["4-1L", "4-1L4", "4-1R4"]  # three places for 4-1
    assert DATA["D23"]["claims"]["count"] == 21 and DATA["D23"]["claims"]["points"]["4-2L"] == 15
    assert checker.round_to_five(12) == 10


def mutated(value):
    """The same claim with another figure: a number changed, a tile or move left out or added."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return {"pass": "draw", "draw": "pass", "play": "draw", "open": "play", "over": "play",
                "domino": "blocked"}.get(value, "5-5" if value != "5-5" else "4-4")
    if isinstance(value, list):
        return value[1:] if value else ["0-0L"]
    key = next(iter(value))
    return {**value, key: mutated(value[key])}


@pytest.mark.parametrize("diagram_id", RULE_SET_IDS)
def test_changing_any_claim_makes_both_checks_fail(diagram_id):
    for claim, value in DATA[diagram_id]["claims"].items():
        table = copy.deepcopy(DATA[diagram_id])
        table["claims"][claim] = mutated(value)
        assert check_claims(diagram_from_data(diagram_id, table)), (diagram_id, claim)
        assert independent_failures(table) == [claim], (diagram_id, claim)


@pytest.mark.parametrize("diagram_id", ["D9", "D11", "D15"])
def test_changing_the_play_breaks_the_replay_or_a_claim(diagram_id):
    """An action sent elsewhere, or a tile moved to another hand: both replays refuse it or a claim fails."""
    table = copy.deepcopy(DATA[diagram_id])
    last = next(i for i in reversed(range(len(table["actions"]))) if table["actions"][i][-1] in "LRUD")
    text = table["actions"][last]
    table["actions"][last] = text[:3] + ("R" if text[3] == "L" else "L")
    from tutor.games.domino import DominoError

    try:
        engine = check_claims(diagram_from_data(diagram_id, table))
    except DominoError:
        engine = ["refused"]
    assert engine and independent_failures(table)


# ----- in words ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "vi", "id"])
def test_a_spinner_picture_names_every_open_end(app, client, lang):
    """The screen reader hears each open arm's number with the arm's name, in the page's language."""
    from flask_babel import force_locale

    from tutor.web.domino.wording import arm_name

    for diagram_id in ("D11", "D12", "D13"):
        svg = client.get(f"/{lang}/domino/diagrams/{diagram_id}.svg").get_data(as_text=True)
        desc = html.unescape(re.search(r"<desc[^>]*>(.*?)</desc>", svg, re.S)[1])
        ends = DATA[diagram_id]["claims"]["open_ends"]
        assert len(ends) == 4
        with app.test_request_context(f"/{lang}/"), force_locale(lang):
            for arm, number in ends.items():
                assert re.search(rf"\b{number}\b[^,.;]*{re.escape(arm_name(arm))}", desc), (lang, arm, desc)
        if lang == "en" and diagram_id == "D11":
            assert "Open ends: 3 on the left arm, 5 on the right arm, 6 on the top arm, and 6 on the bottom arm." in desc


def test_all_fives_pictures_say_the_count_and_the_rounding(client):
    d13 = html.unescape(client.get("/en/domino/diagrams/D13.svg").get_data(as_text=True))
    assert "the open ends would then add up to 5 + 5 = 10, which scores 10" in d13
    d14 = html.unescape(client.get("/en/domino/diagrams/D14.svg").get_data(as_text=True))
    assert "The open ends add up to 1 + 2 + 2 = 5." in d14
    d15 = html.unescape(client.get("/en/domino/diagrams/D15.svg").get_data(as_text=True))
    assert "12 pips, rounded to the nearest multiple of 5: you score 10 points." in d15


# ----- the lessons' questions on these pictures ---------------------------------------------------
def rule_set_accepts(kind: str, value: str, question, table: dict | None = None) -> bool:
    """The independent verdict on an answer to a question about a rule-set diagram (or about
    ``table``, a round written as a diagram writes it: a worksheet exercise's)."""
    table = table if table is not None else DATA[question.diagram]
    state = replay(table)
    if kind == "action":
        need = checker.required(state.state) if isinstance(state, SpinnerReplay) else state.required()
        return value == need
    if kind == "move":
        return canon(value) in {canon(m) for m in state.legal_moves()}
    result = checker.result(state.state) if isinstance(state, SpinnerReplay) else state.result()
    if kind == "winner":
        return value == ("nobody" if result["winner"] is None else str(result["winner"]))
    if kind == "points":
        return value == str(result["points"])
    raise AssertionError(f"no independent verdict for {kind} questions")


def test_every_rule_set_section_asks_a_question_on_its_own_rules():
    # (Mexican Train's section, on its own engine, is tests/domino/mexican_train/test_diagrams_mexican.py's)
    parts = [s for s in load_course() if s.part == "other-ways" and s.id != "mexican-train"]
    assert [s.id for s in parts] == ["sato", "straight", "all-fives"] and all(s.id in RULE_SETS for s in parts)
    assert [s.number for s in parts] == [10, 11, 12]
    for section in parts:
        assert 3 <= len(section.steps) <= 6 and all(step.notes for step in section.steps)
        assert section.steps[-1].id == "house-rules"  # it ends with what the rulebook leaves open
        asked = [step.question for step in section.steps if step.question]
        assert asked and all(DATA[q.diagram].get("rules") == section.id for q in asked)


@pytest.mark.parametrize("section_id,step_id,wrong", [("sato", "seven-tiles-each", "draw"),
                                                       ("straight", "the-spinner", "draw"),
                                                       ("all-fives", "going-out", "12")])
def test_the_answer_playboard_would_give_is_wrong_and_says_why(client, section_id, step_id, wrong):
    """Each question catches the Playboard habit: draw when stuck (Sato 157's four players have
    nothing to draw), draw when neither end fits (Straight's spinner has sides), count the pips as
    they are (All Fives rounds)."""
    page = client.post(f"/en/domino/lessons/{section_id}/{step_id}", data={"answer": wrong}).get_data(as_text=True)
    said = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())
    assert "Not quite." in said
    assert {"seven-tiles-each": "The boneyard is empty", "the-spinner": "One of your tiles fits an open end",
            "going-out": "in All Fives they are rounded"}[step_id] in said


# ----- the course page and the comparison page -----------------------------------------------------
def test_the_course_page_shows_the_other_ways_as_their_own_part(client):
    page = client.get("/en/domino/").get_data(as_text=True)
    main, other = page.split('id="other-ways"')
    for section in load_course():
        link = f'href="/en/domino/lessons/{section.id}/{section.steps[0].id}"'
        assert link in (other if section.part else main), section.id
    assert 'href="/en/domino/other-ways"' in other


def test_the_comparison_page_links_each_lesson_and_free_play(client):
    page = client.get("/vi/domino/other-ways").get_data(as_text=True)
    for section in (s for s in load_course() if s.part):
        assert f'href="/vi/domino/lessons/{section.id}/{section.steps[0].id}"' in page
        assert f'href="/vi/domino/play?seats=2&amp;rules={section.id}"' in page
    last = client.get("/en/domino/lessons/all-fives/house-rules").get_data(as_text=True)
    assert 'href="/en/domino/play?seats=2&amp;rules=all-fives"' in last


@pytest.mark.parametrize("written", ["10", "10.0", " 10 ", "10,0"])
def test_the_all_fives_points_question_takes_a_number_as_written(client, written):
    page = client.post("/id/domino/lessons/all-fives/going-out", data={"answer": written}).get_data(as_text=True)
    assert 'class="feedback right' in page
