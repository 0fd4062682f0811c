"""Guided hands (lessons/hands.toml) and the replay behind the guided-hand page (tutor.games.domino.guided).

The proofs: for every hand, every legal line of the learner's play is enumerated (the opponents
are deterministic engine players) and the hand's teaching moment is checked on each line twice,
by :func:`tutor.games.domino.guided.moments` and by reasoning written here on the action list, replayed with
tests/checkers/independent_checker.py (tiles as tuples, no engine code). The same independent replay
proves the enumeration complete: at every point where the learner acts, the lines that go on
from there are exactly one per action the independent checker calls legal.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest

import independent_checker as checker
import variants_checker
from tutor.games.domino import Action, Deal, DominoError, IllegalMoveError, InvalidActionError
from tutor.games.domino.guided import (
    HANDS_FILE, MOMENTS, Game, HandError, all_hands, default_opponents, every_learner_line,
    hand_by_id, hand_from_data, load_hands, moments, replay, rule_set_hands,
)
from tutor.games.domino.rules import RULE_SETS
from tutor.games.domino.players import HeaviestFirst, HeuristicPlayer, RandomPlayer

ROOT = Path(__file__).resolve().parents[2]
DATA = tomllib.loads(HANDS_FILE.read_text(encoding="utf-8"))

#: The hands LESSONS.md asks for, in course order, with their moment and seats.
EXPECTED = {
    "forced-opening": ("forced_opening", 2),
    "drawing": ("draw", 2),
    "blocked": ("blocked", 2),
    "playing-out": ("play_out", 2),
    "three-players": ("many_seats", 3),
}
#: The other rule sets' hands (issue #15): rule set, moment and seats.
OTHER_RULES = {
    "sato-four-players": ("sato", "pass_at_once", 4),
    "straight-spinner": ("straight", "spinner_arm", 2),
    "straight-branching": ("straight", "double_branch", 2),
    "all-fives-scoring": ("all-fives", "scored", 2),
}
#: How many legal lines each hand has (every one ends the round); a change to the deal, the
#: opponents or the rules shows up here first.
LINES = {
    "forced-opening": 122,
    "drawing": 741,
    "blocked": 8,
    "playing-out": 69,
    "three-players": 26,
    "sato-four-players": 8,
    "straight-spinner": 36,
    "straight-branching": 7,
    "all-fives-scoring": 160,
}
MAX_LINES = 5000


# ==== an independent replay =====================================================================
class Replayed:
    """A round replayed from its deal and action texts by tests/checkers/independent_checker.py alone.

    ``steps`` holds, for each action, the seat that took it and the checker's set of legal
    actions before it (``"6-1L"``, ``"draw"``, ...); ``result`` is the checker's result at the end.
    """

    def __init__(self, deal: Deal, actions: list[str], size: int | None = None) -> None:
        order = [checker.parse(str(t)) for t in deal.order]
        size = size or (7 if deal.seats == 2 else 5)  # Sato 157 deals 7 to every seat
        self.seats = deal.seats
        self.hands = [order[s * size:(s + 1) * size] for s in range(deal.seats)]
        self.dealt = [list(h) for h in self.hands]
        self.boneyard = order[deal.seats * size:]
        self.line: list[tuple[int, int]] = []
        self.to_move = checker.find_opening(self.hands)[0]
        self.passes = 0
        self.steps: list[tuple[int, set[str]]] = []
        for text in actions:
            answer = self.answer()
            legal = self.legal(answer)
            assert text in legal, f"the checker calls {text} illegal (legal: {sorted(legal)})"
            self.steps.append((self.to_move, legal))
            self.apply(text)
        self.final = self.answer()

    def body(self) -> dict:
        body = {"hands": [[checker.name(t) for t in h] for h in self.hands],
                "line": [checker.name(t) for t in self.line], "passes": self.passes}
        if self.line:
            body["to_move"] = self.to_move
        return body

    def answer(self) -> dict:
        return checker.analyze(self.body())

    @staticmethod
    def legal(answer: dict) -> set[str]:
        if answer["action"] in ("draw", "pass"):
            return {answer["action"]}
        if answer["action"] == "over":
            return set()
        ends = {"left": "L", "right": "R", None: ""}
        return {m["tile"] + ends[m["end"]] for m in answer["legal_moves"]}

    def apply(self, text: str) -> None:
        seat = self.to_move
        if text == "draw":
            self.hands[seat].append(self.boneyard.pop(0))
            return
        self.to_move = (seat + 1) % self.seats
        if text == "pass":
            self.passes += 1
            return
        self.passes = 0
        tile = checker.canon(checker.parse(text[:3]))
        self.hands[seat].remove(tile)
        if not self.line:
            self.line = [tile]
        elif text[3] == "L":
            left = self.line[0][0]
            self.line.insert(0, (sum(tile) - left, left))
        else:
            right = self.line[-1][1]
            self.line.append((right, sum(tile) - right))

    @property
    def result(self) -> dict | None:
        return self.final["result"]

    def draw_runs(self, seat: int) -> list[int]:
        """For each turn of ``seat`` that drew and then played, how many tiles it drew."""
        runs, run = [], 0
        for (mover, _), text in zip(self.steps, self.actions):
            if mover != seat:
                continue
            if text == "draw":
                run += 1
                continue
            if run and text != "pass":
                runs.append(run)
            run = 0
        return runs


def independent(game: Game) -> Replayed:
    replayed = Replayed(game.deal, [str(a) for a in game.actions])
    replayed.actions = [str(a) for a in game.actions]
    return replayed


def moments_by_reasoning(game: Game, replayed: Replayed) -> set[str]:
    """The teaching moments, from the action texts and the independent replay only."""
    found = set()
    texts = [str(a) for a in game.actions]
    # The forced opening: the first action is seat 0's, with the highest double dealt.
    dealt = [t for hand in replayed.dealt for t in hand]
    doubles = [t for t in dealt if t[0] == t[1]]
    if texts and doubles and replayed.steps[0][0] == 0:
        highest = max(doubles)
        if highest in replayed.dealt[0] and texts[0] == checker.name(highest):
            found.add("forced_opening")
    # Drawing: two draws or more by seat 0 in a row, then a tile.
    if any(run >= 2 for run in replayed.draw_runs(0)):
        found.add("draw")
    result = replayed.result
    if result is not None and result["reason"] == "blocked":
        assert texts[-replayed.seats:] == ["pass"] * replayed.seats
        found.add("blocked")
    if result is not None and result["reason"] == "domino" and result["winner"] == 0:
        assert not replayed.hands[0]
        found.add("play_out")
    if replayed.seats >= 3 and any(mover != 0 and text == "draw" for (mover, _), text in zip(replayed.steps, texts)):
        found.add("many_seats")
    return found


# ==== the file ==================================================================================
def test_the_file_holds_the_five_hands_in_course_order():
    hands = load_hands()
    assert list(hands) == list(EXPECTED)
    for hand_id, (moment, seats) in EXPECTED.items():
        hand = hands[hand_id]
        assert hand is hand_by_id(hand_id)
        assert (hand.id, hand.moment, hand.seats, hand.deal.seats) == (hand_id, moment, seats, seats)
        size = 7 if seats == 2 else 5
        position = hand.deal.position()
        assert [len(position.hand(s)) for s in range(seats)] == [size] * seats
        for text in (hand.title, hand.intro, hand.goal):
            assert text.strip() == text and text
        assert hand.goal.count(". ") == 0 and hand.goal.endswith((".", "!"))
        assert 2 <= hand.intro.count(". ") + 1 <= 3, hand.intro
        opponents = hand.opponents()
        assert opponents[0] is None and len(opponents) == seats
        kind = HeuristicPlayer if hand.opponent == "heuristic" else HeaviestFirst
        assert all(isinstance(p, kind) for p in opponents[1:])


def test_each_deal_is_written_out_in_the_file():
    """A deal is frozen as data (hands, then the boneyard in draw order), not as a seed."""
    for hand_id, table in DATA.items():
        hand = hand_by_id(hand_id)
        rules = RULE_SETS[table.get("rules", "playboard")]
        assert hand.rules is rules and hand.deal.rules is rules
        rebuilt = Deal.from_hands(table["deal"]["hands"], table["deal"].get("boneyard", []), rules)
        assert rebuilt == hand.deal
        assert len(table["deal"].get("boneyard", [])) == len(hand.deal.position().boneyard)


def test_unknown_hand_and_bad_entries():
    with pytest.raises(KeyError):
        hand_by_id("no-such-hand")
    good = DATA["drawing"]
    for broken, message in [
        ({**good, "moment": "luck"}, "moment"),
        ({**good, "opponent": "genius"}, "opponent"),
        ({**good, "seats": 3}, "seats"),
        ({**good, "extra": 1}, "unknown keys"),
        ({k: v for k, v in good.items() if k != "goal"}, "missing keys"),
        ({**good, "deal": {"hands": [["6-6"] * 7, good["deal"]["hands"][1]]}}, "deal"),
        ({**good, "title": " "}, "title"),
        ({**good, "rules": "mexican-train"}, "rules"),
        ({**good, "rules": "straight", "seats": 3}, "seats"),
    ]:
        with pytest.raises(HandError, match=message):
            hand_from_data("drawing", broken)
    with pytest.raises(HandError, match="id"):
        hand_from_data("Bad Id", good)


# ==== the proofs ================================================================================
def _check_exhaustive(lines: list[tuple[tuple[str, ...], list[tuple[int, set[str]]]]]) -> None:
    """At every prefix of the learner's actions where the learner acts, the lines go on with
    exactly the actions the independent checker calls legal there, each once."""
    children: dict[tuple[str, ...], set[str]] = defaultdict(set)
    legal_at: dict[tuple[str, ...], set[str]] = {}
    for learner, learner_steps in lines:
        for k, (text, legal) in enumerate(zip(learner, learner_steps)):
            prefix = learner[:k]
            children[prefix].add(text)
            assert legal_at.setdefault(prefix, legal) == legal, "same learner prefix, different choices"
    assert len({learner for learner, _ in lines}) == len(lines), "a line was enumerated twice"
    for prefix, legal in legal_at.items():
        assert children[prefix] == legal, (prefix, children[prefix], legal)


@pytest.mark.parametrize("hand_id", list(EXPECTED))
def test_the_moment_happens_on_every_line(hand_id):
    hand = hand_by_id(hand_id)
    count = 0
    seen = []
    for game in every_learner_line(hand):
        count += 1
        assert count <= MAX_LINES
        assert game.is_over and len(game.positions) == len(game.actions) + 1
        replayed = independent(game)
        assert replayed.result is not None, "the checker says the round goes on"
        found = moments(game)
        assert found == moments_by_reasoning(game, replayed)
        assert hand.moment in found, (hand_id, [str(a) for a in game.actions])
        extra = EXTRA_CHECKS.get(hand_id)
        if extra:
            extra(game, replayed)
        learner = tuple(str(a) for a in game.learner_actions)
        assert learner == tuple(t for (m, _), t in zip(replayed.steps, replayed.actions) if m == 0)
        seen.append((learner, [legal for m, legal in replayed.steps if m == 0]))
    _check_exhaustive(seen)
    assert count == LINES[hand_id]


# ---- what each hand shows besides its moment, from the independent replay -------------------
def _forced_opening(game: Game, replayed: Replayed) -> None:
    # 6-6 is the highest double of the set; the opponent's own doubles (5-5, 3-3, 0-0) do not open.
    assert replayed.steps[0] == (0, {"6-6"}) and str(game.actions[0]) == "6-6"
    assert [t for t in replayed.dealt[1] if t[0] == t[1]], "the opponent holds doubles too"


def _drawing(game: Game, replayed: Replayed) -> None:
    # Stuck early: the learner's first turn after the opening is all draws, then the drawn tile.
    # (Seat 1 opened, so the learner is the first to draw: it takes the boneyard's first tiles.)
    texts = [str(a) for a in game.learner_actions]
    assert replayed.steps[0][0] == 1 and replayed.steps[1][0] == 0
    drew = texts.index(next(t for t in texts if t != "draw"))
    assert drew >= 2 and replayed.draw_runs(0)[0] == drew
    boneyard = [checker.parse(str(t)) for t in game.deal.order[14:]]
    assert checker.canon(checker.parse(texts[drew][:3])) == checker.canon(boneyard[drew - 1])


def _blocked(game: Game, replayed: Replayed) -> None:
    # The tiles tie-break: both hands on the same pips, the learner wins on fewer tiles.
    result = replayed.result
    assert result["pips"][0] == result["pips"][1]
    assert result["tiles"][0] < result["tiles"][1]
    assert result["winner"] == 0 and result["points"] == 0
    assert result == game.position.result().to_json()


def _playing_out(game: Game, replayed: Replayed) -> None:
    result = replayed.result
    assert result["winner"] == 0 and result["points"] == checker.pips(replayed.hands[1]) > 0
    assert result == game.position.result().to_json()


def _three_players(game: Game, replayed: Replayed) -> None:
    # Both opponents draw, one of them two tiles or more in one turn; the learner plays out and
    # scores the pips of both other hands.
    for seat in (1, 2):
        assert any(m == seat and t == "draw" for (m, _), t in zip(replayed.steps, replayed.actions))
    assert any(run >= 2 for seat in (1, 2) for run in replayed.draw_runs(seat))
    result = replayed.result
    assert result["reason"] == "domino" and result["winner"] == 0
    assert result["points"] == checker.pips(replayed.hands[1]) + checker.pips(replayed.hands[2])
    assert result == game.position.result().to_json()


EXTRA_CHECKS = {
    "forced-opening": _forced_opening,
    "drawing": _drawing,
    "blocked": _blocked,
    "playing-out": _playing_out,
    "three-players": _three_players,
}


# ==== the other rule sets' hands (issue #15) =====================================================
def test_the_other_rule_sets_hands_stand_apart_from_the_course():
    """Each rule set has its hand, listed under it; the course's chain of hands is Playboard's only;
    each practises the lesson section on its rule set."""
    assert list(all_hands()) == list(EXPECTED) + list(OTHER_RULES)
    expected: dict[str, list[str]] = {}
    for hand_id, (rules, _, _) in OTHER_RULES.items():
        expected.setdefault(rules, []).append(hand_id)
    assert {name: [h.id for h in hands] for name, hands in rule_set_hands().items()} == expected
    for hand_id, (rules, moment, seats) in OTHER_RULES.items():
        hand = hand_by_id(hand_id)
        assert hand_id not in load_hands()
        assert (hand.rules.name, hand.moment, hand.seats, hand.practises) == (rules, moment, seats, rules)  # it practises its own section
        assert [len(hand.deal.position().hand(s)) for s in range(seats)] == [7] * seats
        assert hand.goal.count(". ") == 0 and 2 <= hand.intro.count(". ") + 1 <= 3


class SatoReplayed:
    """A Sato 157 round replayed by tests/checkers/variants_checker.py's own rounds alone (a blocked
    round ends as soon as nobody can play, [004]): the seat and the legal action texts before each
    action, the result at the end."""

    def __init__(self, deal: Deal, actions: list[str]) -> None:
        order = [variants_checker.tile(str(t)) for t in deal.order]
        state = variants_checker.sato_start([order[7 * s:7 * s + 7] for s in range(deal.seats)], order[7 * deal.seats:])
        self.steps: list[tuple[int, set[str]]] = []
        for text in actions:
            legal = self.legal(state)
            assert text in legal, f"the checker calls {text} illegal (legal: {sorted(legal)})"
            self.steps.append((state.to_move, legal))
            if text in ("draw", "pass"):
                state = variants_checker.sato_apply(state, (text,))
            else:
                end = {"L": "left", "R": "right", "": None}[text[3:]]
                state = variants_checker.sato_apply(state, ("play", variants_checker.tile(text[:3]), end))
        self.state = state
        self.boneyard = state.boneyard
        self.result = variants_checker.sato_result(state)

    @staticmethod
    def legal(state) -> set[str]:
        need = variants_checker.sato_required(state)
        if need in ("draw", "pass"):
            return {need}
        letters = {"left": "L", "right": "R", None: ""}
        return {f"{a}-{b}{letters[end]}" for (a, b), end in variants_checker.sato_legal_plays(state)}


class SpinnerReplayed:
    """A Straight or All Fives round replayed by tests/checkers/variants_checker.py alone: for each action
    the seat that took it and the checker's legal action texts before it."""

    LETTERS = {"left": "L", "right": "R", "up": "U", "down": "D"}

    def __init__(self, deal: Deal, actions: list[str]) -> None:
        order = [variants_checker.tile(str(t)) for t in deal.order]
        state = variants_checker.start([order[:7], order[7:14]], order[14:], deal.rules.name)
        assert state is not None, "a spinner deal holds a double"
        lead = f"{state.layout.spinner}-{state.layout.spinner}"
        self.steps: list[tuple[int, set[str]]] = [(1 - state.to_move, {lead})]
        assert actions[0] == lead
        for text in actions[1:]:
            legal = self.legal(state)
            assert text in legal, f"the checker calls {text} illegal (legal: {sorted(legal)})"
            self.steps.append((state.to_move, legal))
            if text in ("draw", "pass"):
                state = variants_checker.apply(state, (text,))
            else:
                arm = next(name for name, letter in self.LETTERS.items() if letter == text[3])
                if len(text) == 5:  # "4-2L4": the left side of the double 4-4
                    arm = f"{text[4]}-{text[4]}.{arm}"
                state = variants_checker.apply(state, ("play", variants_checker.tile(text[:3]), arm))
        self.state = state

    def legal(self, state) -> set[str]:
        need = variants_checker.required(state)
        if need in ("draw", "pass"):
            return {need}
        return {self.text(a, b, arm) for (a, b), arm in variants_checker.legal_plays(state)}

    def text(self, a: int, b: int, arm: str) -> str:
        if "." in arm:
            double, side = arm.split(".")
            return f"{a}-{b}{self.LETTERS[side]}{double[0]}"
        return f"{a}-{b}{self.LETTERS[arm]}"


NEW_MOMENTS = {"pass_at_once", "spinner_arm", "scored", "double_branch"}


def _other_rules_moment(game: Game) -> tuple[set[str], list[tuple[int, set[str]]]]:
    """The other rule sets' moments in a finished round, by reasoning on the action texts and an
    independent replay, and the replay's steps (seat, legal actions)."""
    texts = [str(a) for a in game.actions]
    found = set()
    if game.deal.rules.name == "sato":
        replayed = SatoReplayed(game.deal, texts)
        assert replayed.result is not None, "the checker says the round goes on"
        steps = replayed.steps
        if game.deal.seats == 4:
            # all 28 tiles dealt, so nothing is left to draw: a stuck learner passes straight away
            assert not replayed.boneyard and "draw" not in texts
            if any(seat == 0 and text == "pass" for (seat, _), text in zip(steps, texts)):
                assert all(legal == {"pass"} for (seat, legal), text in zip(steps, texts) if text == "pass")
                found.add("pass_at_once")
    else:
        replayed = SpinnerReplayed(game.deal, texts)
        assert variants_checker.result(replayed.state) is not None, "the checker says the round goes on"
        steps = replayed.steps
        if any(seat == 0 and text[3:] in ("U", "D") for (seat, _), text in zip(steps, texts)):
            found.add("spinner_arm")
        if any(seat == 0 and len(text) == 5 for (seat, _), text in zip(steps, texts)):
            found.add("double_branch")  # a tile on a double's side: "4-2L4"
        if any(seat == 0 and points for seat, points in replayed.state.scores):
            found.add("scored")
            assert variants_checker.result(replayed.state)["play_points"][0] == game.position.scores[0] > 0
    return found, steps


@pytest.mark.parametrize("hand_id", list(OTHER_RULES))
def test_the_other_rule_sets_moment_happens_on_every_line(hand_id):
    hand = hand_by_id(hand_id)
    seen, count = [], 0
    for game in every_learner_line(hand):
        count += 1
        assert count <= MAX_LINES and game.is_over
        found, steps = _other_rules_moment(game)
        assert hand.moment in found and hand.moment in moments(game), [str(a) for a in game.actions]
        assert found == moments(game) & NEW_MOMENTS
        learner = tuple(str(a) for a in game.learner_actions)
        assert learner == tuple(str(a) for (m, _), a in zip(steps, game.actions) if m == 0)
        seen.append((learner, [legal for m, legal in steps if m == 0]))
    _check_exhaustive(seen)
    assert count == LINES[hand_id]


# ==== the moment detectors on games nobody designed =============================================
def _random_games(count: int):
    """Free-play rounds with a random learner against both kinds of opponents, 2 to 4 seats."""
    for seed in range(count):
        seats = 2 + seed % 3
        kind = "heuristic" if seed % 2 else "heaviest"
        deal = Deal.from_seed(seed, seats)
        opponents = default_opponents(seats, seed, kind)
        learner = RandomPlayer(seed)
        moves: list[Action] = []
        game = replay(deal, moves, opponents)
        while not game.is_over:
            moves.append(learner.choose(game.position))
            game = replay(deal, moves, opponents)
        yield game


def test_the_other_rule_sets_detectors_agree_with_independent_reasoning():
    """Random rounds of Sato 157 with four players, Straight and All Fives: each new detector
    fires somewhere, stays quiet somewhere, and says what the independent replay says."""
    seen = {moment: [0, 0] for moment in NEW_MOMENTS}
    for seed in range(45):
        rules = RULE_SETS[("sato", "straight", "all-fives")[seed % 3]]
        seats = 4 if rules.name == "sato" else 2
        deal = Deal.from_seed(seed, seats, rules)
        opponents, learner, moves = default_opponents(seats, seed), RandomPlayer(seed), []
        game = replay(deal, moves, opponents)
        while not game.is_over:
            moves.append(learner.choose(game.position))
            game = replay(deal, moves, opponents)
        found, _ = _other_rules_moment(game)
        assert found == moments(game) & NEW_MOMENTS
        relevant = {"sato": ["pass_at_once"], "straight": ["spinner_arm", "double_branch"],
                    "all-fives": ["scored", "double_branch"]}[rules.name]
        for moment in relevant:
            seen[moment][moment in found] += 1
    assert all(quiet and fired for quiet, fired in seen.values()), seen


def test_the_detectors_agree_with_independent_reasoning_on_free_play():
    seen = {moment: 0 for moment in MOMENTS if moment not in NEW_MOMENTS}
    games = list(_random_games(150))
    for game in games:
        found = moments(game)
        assert found == moments_by_reasoning(game, independent(game))
        assert not found & NEW_MOMENTS, "no spinner, All Fives' points or deal without a boneyard in Playboard"
        for moment in found:
            seen[moment] += 1
    # every detector both fires and stays quiet somewhere in the sample
    assert all(0 < n < len(games) for n in seen.values()), seen


def test_no_moment_before_anything_happens():
    for hand in load_hands().values():
        game = replay(hand.deal, [], hand.opponents())
        assert moments(game) <= {"many_seats"}
        assert not game.is_over and game.position.to_move == 0


# ==== the replay ================================================================================
@pytest.mark.parametrize("hand_id", ["playing-out", "three-players", "blocked"])
def test_replay_rebuilds_every_line_and_every_prefix(hand_id):
    hand = hand_by_id(hand_id)
    for game in every_learner_line(hand):
        texts = [str(a) for a in game.learner_actions]
        again = replay(hand.deal, texts, hand.opponents())
        assert (again.actions, again.positions, again.learner_actions, again.turns) == (
            game.actions, game.positions, game.learner_actions, game.turns)
        for k in range(len(texts)):
            partial = replay(hand.deal, texts[:k], hand.opponents())
            assert partial.actions == game.actions[:len(partial.actions)]
            assert partial.position.to_move == 0 and not partial.is_over
            assert partial.learner_actions == game.learner_actions[:k]


def test_turns_are_completed_turns_of_every_seat():
    hand = hand_by_id("drawing")
    opponents = hand.opponents()
    start = replay(hand.deal, [], opponents)
    assert [(t.seat, str(t.action)) for t in start.turns] == [(1, "6-6")]  # the opponent opened
    drawing = replay(hand.deal, ["draw", "draw"], opponents)
    assert drawing.turns == start.turns, "a turn of draws still going on is not complete"
    assert drawing.position.to_move == 0 and [str(a) for a in drawing.position.legal_actions()] == ["draw"]
    game = replay(hand.deal, ["draw", "draw", "draw", "6-3R"], opponents)
    mine = game.turns[1]
    assert (mine.seat, mine.drawn, str(mine.action), mine.passed) == (0, 3, "6-3R", False)
    assert mine.note().kind == "turn_draw_play_right"
    assert all(t.seat == 1 for t in game.turns[2:]) and game.position.to_move == 0
    assert sum(t.drawn for t in game.turns) + len(game.turns) == len(game.actions)


def test_opponents_are_deterministic_without_shared_state():
    """The same learner actions give the same game with fresh players, in any order, and in a
    new process with another hash seed (what a URL replayed by another server process needs)."""
    hand = hand_by_id("three-players")
    line = next(iter(every_learner_line(hand)))
    texts = [str(a) for a in line.learner_actions]
    free_deal = Deal.from_seed(2024, 4)
    free_moves: list[str] = []
    game = replay(free_deal, free_moves, default_opponents(4, 7))
    while not game.is_over:
        free_moves.append(str(HeaviestFirst().choose(game.position)))
        game = replay(free_deal, free_moves, default_opponents(4, 7))
    expected = {
        "hand": [str(a) for a in line.actions],
        "free_deal": free_deal.to_text(),
        "free": [str(a) for a in game.actions],
    }
    # the same again in this process, players reused across calls and interleaved with other games
    shared = default_opponents(4, 7)
    for _ in range(2):
        replay(free_deal, free_moves[:5], shared)
        assert [str(a) for a in replay(free_deal, free_moves, shared).actions] == expected["free"]
        assert [str(a) for a in replay(hand.deal, texts, hand.opponents()).actions] == expected["hand"]
    code = textwrap.dedent(f"""
        import json
        from tutor.games.domino import Deal
        from tutor.games.domino.guided import default_opponents, hand_by_id, replay
        hand = hand_by_id("three-players")
        deal = Deal.from_seed(2024, 4)
        print(json.dumps({{
            "hand": [str(a) for a in replay(hand.deal, {texts!r}, hand.opponents()).actions],
            "free_deal": deal.to_text(),
            "free": [str(a) for a in replay(deal, {free_moves!r}, default_opponents(4, 7)).actions],
        }}))
    """)
    for hash_seed in ("0", "12345"):
        output = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                                env={"PYTHONHASHSEED": hash_seed, "PATH": "/usr/bin:/bin"})
        assert json.loads(output.stdout) == expected


def test_an_illegal_learner_action_is_named_by_its_index():
    hand = hand_by_id("forced-opening")
    with pytest.raises(IllegalMoveError) as caught:
        replay(hand.deal, ["2-2"], hand.opponents())
    assert caught.value.code == "must_open" and caught.value.params["index"] == 0
    assert caught.value.where == "moves[0]" and caught.value.params["tile"] == "6-6"
    line = [str(a) for a in next(iter(every_learner_line(hand))).learner_actions]
    # the learner's second action is a play: drawing or passing instead is refused, and so is a tile
    # the learner does not hold; the actions before it are kept as they were
    assert line[1] not in ("draw", "pass")
    for wrong, code in [("draw", "must_play"), ("pass", "must_play"), ("3-3R", "not_in_hand"), ("6-6", "already_open")]:
        with pytest.raises(IllegalMoveError) as caught:
            replay(hand.deal, [line[0], wrong, *line[2:]], hand.opponents())
        error = caught.value
        assert (error.code, error.params["index"], error.where) == (code, 1, "moves[1]"), wrong
        assert error.params["seat"] == 0
    # a tile that is held but fits neither end
    game = replay(hand.deal, line[:1], hand.opponents())
    ends = game.position.ends
    misfit = next(t for t in game.position.hand(0) if not (t.has(ends[0]) or t.has(ends[1])))
    with pytest.raises(IllegalMoveError) as caught:
        replay(hand.deal, [line[0], f"{misfit}L"], hand.opponents())
    assert (caught.value.code, caught.value.params["index"]) == ("no_match", 1)


def test_actions_after_the_end_are_refused():
    hand = hand_by_id("playing-out")
    line = [str(a) for a in next(iter(every_learner_line(hand))).learner_actions]
    for extra in ("draw", "pass", "6-6", "0-0L"):
        with pytest.raises(DominoError) as caught:
            replay(hand.deal, [*line, extra], hand.opponents())
        assert caught.value.code == "round_over"
        assert caught.value.params["index"] == len(line) and caught.value.where == f"moves[{len(line)}]"


@pytest.mark.parametrize("text", ["9-9L", "6-1X", "7-1R", "6/1L", "66", "", "draw ", "6-6LR", "Draw", None, 61])
def test_a_tampered_action_is_a_clear_error(text):
    hand = hand_by_id("forced-opening")
    with pytest.raises(DominoError) as caught:
        replay(hand.deal, ["6-6", text], hand.opponents())
    error = caught.value
    assert isinstance(error, InvalidActionError) and error.code == "action"
    assert error.params["index"] == 1 and error.where == "moves[1]"


def test_replay_needs_one_entry_per_seat():
    hand = hand_by_id("drawing")
    with pytest.raises(ValueError, match="seats"):
        replay(hand.deal, [], hand.opponents()[:1])
    with pytest.raises(ValueError, match="seat 1"):
        replay(hand.deal, [], [None, None])


# ==== free play =================================================================================
def test_default_opponents():
    opponents = default_opponents(3, 9)
    assert opponents[0] is None and [type(p) for p in opponents[1:]] == [HeuristicPlayer] * 2
    assert all(p.seed == 9 for p in opponents[1:])
    assert [type(p) for p in default_opponents(4, 0, "heaviest")[1:]] == [HeaviestFirst] * 3
    with pytest.raises(ValueError):
        default_opponents(3, 0, "clever")
    with pytest.raises(ValueError):
        default_opponents(5, 0)


def test_a_free_play_round_plays_to_its_end():
    for seats in (2, 3, 4):
        deal = Deal.from_seed(seats * 101, seats)
        opponents = default_opponents(seats, 3)
        moves: list[str] = []
        game = replay(deal, moves, opponents)
        for _ in range(60):
            if game.is_over:
                break
            assert game.position.to_move == 0
            moves.append(str(game.position.legal_actions()[0]))
            game = replay(deal, moves, opponents)
        assert game.is_over and game.position.result() is not None
        assert [str(a) for a in game.learner_actions] == moves
