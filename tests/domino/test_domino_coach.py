"""The dominoes coach (issue #34): "best" said only when it is, and every move graded.

- Two runs of the recommender with different seeds, on 500 positions of every rule set: when one
  calls a move the best (clearly ahead of every other by more than the simulation's margin of
  error), the other does not recommend another move outside its "about as good" set. Without that
  margin the two runs' top moves differ far more often (the test shows it), which is why it exists.
- The grades against a second estimate: the real hidden hands, each round played on by a playout
  written here on the independent checker (tests/checkers/independent_checker.py), over shuffles
  of the boneyard. Moves graded "mistake" lose, on average, clearly more there than moves graded
  "best".
- The analyze API's advice fields.
"""

from __future__ import annotations

import functools
import random

import independent_checker as checker
from tutor.games.domino import PLAYBOARD, Deal, RoundRecord
from tutor.games.domino.hints import SeatView, recommend
from tutor.games.domino.hints.grading import GOOD_CHANCE, GOOD_POINTS, grade_move
from tutor.games.domino.hints.recommendation import CLEAR_LEAD, distinct_moves
from tutor.games.domino.hints.simulation import difference
from tutor.games.domino.rules import RULE_SETS


@functools.lru_cache(maxsize=None)
def decision_views(count: int, seed: int = 3, rules_names: tuple[str, ...] = tuple(RULE_SETS), seats: int = 0):
    """Seats to move with a real choice (two or more distinct moves), from random rounds (of
    ``seats`` players, or any number the rule set allows)."""
    rng = random.Random(seed)
    views = []
    while len(views) < count:
        rules = RULE_SETS[rng.choice(rules_names)]
        players = seats or rng.choice(rules.seat_counts)
        deal = Deal.from_seed(rng.randrange(1 << 30), players, rules)
        position, actions = deal.position(), []
        while not position.is_over() and len(views) < count:
            view = SeatView.from_record(RoundRecord(deal, actions), seat=position.to_move)
            if len(distinct_moves(view)) > 1 and rng.random() < 0.3:
                views.append((deal, tuple(actions), view))
            action = rng.choice(position.legal_actions())
            actions.append(str(action))
            position = position.apply(action)
    return views


def test_two_seeded_runs_agree_whenever_one_move_is_called_the_best():
    differ = contradicted = clear = 0
    views = decision_views(500)
    for _deal, _actions, view in views:
        one, two = recommend(view, seed=1), recommend(view, seed=2)
        differ += one.action != two.action
        if one.clear:
            clear += 1
            others = {c.action for c in two.equal}
            contradicted += two.action != one.action and one.action not in others
    assert len(views) == 500
    assert contradicted <= 5, contradicted  # at most 1 %: the margin is two standard errors
    assert differ >= 5 * max(1, contradicted)  # without the margin, "the best" would flip far more often
    assert clear >= 100  # and the margin still names a best move often


def test_the_estimates_are_the_deals_results_and_about_as_good_is_within_the_margin():
    for _deal, _actions, view in decision_views(60, seed=4):
        rec = recommend(view, seed=0)
        points = view.rules.scores_ends
        for candidate in rec.candidates:
            assert len(candidate.outcomes) == rec.samples
            if not points:  # a round won counts 1, tied 0.5, lost 0
                assert set(candidate.outcomes) <= {0.0, 0.5, 1.0}
                assert abs(sum(candidate.outcomes) / rec.samples - candidate.win_rate) < 1e-9
        best = rec.candidates[0]
        for other in rec.candidates[1:]:
            pairs = [a - b for a, b in zip(best.outcomes, other.outcomes)]
            mean = sum(pairs) / len(pairs)
            # the deals the others' choices made likelier may be kept twice: the error counts
            # independent deals (the sampler's Kish count, at most the number of deals)
            independent = best.independent or len(pairs)
            assert 1 <= independent <= len(pairs) and independent == (other.independent or len(pairs))
            error = (sum((d - mean) ** 2 for d in pairs) / (len(pairs) - 1) / independent) ** 0.5
            assert (other in rec.equal) == (mean <= CLEAR_LEAD * error)
            assert abs(difference(best, other).lead - mean) < 1e-9
        assert rec.clear == (not rec.equal)


def test_the_grades_follow_the_estimate_and_its_thresholds():
    seen = set()
    for _deal, _actions, view in decision_views(80, seed=6):
        for action in distinct_moves(view):
            graded = grade_move(view, action)
            rec = graded.recommendation
            mine = next(c for c in rec.candidates if c.action == action)
            best = rec.candidates[0]
            loss = (best.margin - mine.margin) if view.rules.scores_ends else (best.win_rate - mine.win_rate)
            if mine == best or mine in rec.equal:
                assert graded.label == "best" and graded.better is None
            else:
                bound = GOOD_POINTS if view.rules.scores_ends else GOOD_CHANCE
                assert graded.label == ("good" if loss < bound else "mistake") and graded.better == rec.action
            seen.add(graded.label)
    assert seen == {"best", "good", "mistake"}


# ----- a second estimate: the real hands, played on by the independent checker ----------------------
def play_on(hands: list[list[str]], line: list[str], to_move: int, boneyard: list[str], rng: random.Random) -> int | None:
    """A Playboard round from a position with its real hands, every seat playing its heaviest fitting
    tile (the hint engine's playouts' policy), the boneyard in ``rng``'s order: the winner."""
    hands = [list(h) for h in hands]
    boneyard = boneyard[:]
    rng.shuffle(boneyard)
    passes = 0
    for _ in range(200):
        answer = checker.analyze({"hands": hands, "line": line, "to_move": to_move, "passes": passes})
        if answer["action"] == "over":
            return answer["result"]["winner"]
        seat = answer["to_move"]
        if answer["action"] == "play":
            move = max(answer["legal_moves"], key=lambda m: (sum(checker.parse(m["tile"])), m["tile"]))
            line = place(line, move)
            hands[seat] = [t for t in hands[seat] if checker.canon(checker.parse(t)) != checker.parse(move["tile"])]
            passes = 0
        elif answer["action"] == "draw":
            hands[seat].append(boneyard.pop())
            continue  # the same seat goes on
        else:
            passes += 1
        to_move = (seat + 1) % len(hands)
    raise AssertionError("a round did not end")


def place(line: list[str], move: dict) -> list[str]:
    a, b = checker.parse(move["tile"])
    if move["end"] == "left":
        left = checker.parse(line[0])[0]
        tile = (b, a) if a == left else (a, b)
        return [f"{tile[0]}-{tile[1]}", *line]
    right = checker.parse(line[-1])[1]
    tile = (a, b) if a == right else (b, a)
    return [*line, f"{tile[0]}-{tile[1]}"]


def test_mistakes_lose_more_than_best_moves_with_the_real_hands():
    """Over Playboard decisions of two players: each move's winning rate with the real hidden hands
    (60 boneyard orders each), its loss against the best of them; the coach's mistakes lose more on
    average than its best moves, by a clear gap."""
    rng = random.Random(8)
    losses = {"best": [], "good": [], "mistake": []}
    for deal, actions, view in decision_views(60, seed=6, rules_names=("playboard",), seats=2):
        position = RoundRecord(deal, list(actions)).positions()[-1]
        rates = {}
        for action in distinct_moves(view):
            after = position.apply(action).to_json()
            boneyard = after["boneyard"]  # the real tiles, in any order: shuffled for each playout
            wins = 0.0
            for _ in range(60):
                winner = play_on(after["hands"], after["line"], after["to_move"], boneyard, rng)
                wins += 1 if winner == view.seat else 0.5 if winner is None else 0
            rates[action] = wins / 60
        top = max(rates.values())
        for action, rate in rates.items():
            losses[grade_move(view, action).label].append(top - rate)
    mean = {label: sum(v) / len(v) for label, v in losses.items() if v}
    assert len(losses["best"]) >= 20 and len(losses["mistake"]) >= 5, {k: len(v) for k, v in losses.items()}
    assert mean["mistake"] > mean["best"] + 0.05, mean


# ----- the API ------------------------------------------------------------------------------------
def test_the_api_gives_each_moves_estimate_and_the_recommended_move_when_asked(client):
    body = {"hands": [["6-6", "5-3", "2-1", "4-3", "5-0"], ["3-1", "2-0", "6-2"]], "line": ["5-4", "4-6"],
            "to_move": 0}
    plain = client.post("/api/v1/domino/analyze", json=body).get_json()
    assert "recommended" not in plain and all(set(m) == {"tile", "end"} for m in plain["legal_moves"])
    advised = client.post("/api/v1/domino/analyze", json={**body, "advice": True}).get_json()
    moves = advised["legal_moves"]
    assert [(m["tile"], m["end"]) for m in moves] == [(m["tile"], m["end"]) for m in plain["legal_moves"]]
    assert all(0 <= m["win_rate"] <= 1 for m in moves)
    recommended = advised["recommended"]
    assert recommended["win_rate"] == max(m["win_rate"] for m in moves)
    assert recommended["clear"] == (not recommended["about_as_good"]) and recommended["measure"] == "win_rate"
    bad = client.post("/api/v1/domino/analyze?lang=id", json={**body, "advice": "yes"})
    assert bad.status_code == 400 and bad.get_json()["where"] == "advice" and "advice" in bad.get_json()["error"]
    assert PLAYBOARD.name == "playboard"
