"""The Mexican Train engine and a second, independent statement of its rules
(tests/checkers/mexican_checker.py, written from VARIANTS.md alone) agree at every position of many random
rounds: the legal actions, the markers, the open double and, at the end, the outcome (issue #16).

The deals are seeded (double-twelve rounds with the engine 12 and a few lower ones, and the
double-six shorter game); the lines are played at random among the checker's legal actions. On a
disagreement the message gives the deal and the history, to replay by hand with either harness."""

from __future__ import annotations

import json
import random

import mexican_checker as checker
from tutor.games.domino.mexican_train import engine as engine

#: (engine double, the set's highest number, tiles in each hand): VARIANTS.md's 16 tiles from a
#: double-twelve set, 7 from a double-six one; mostly the first round's 12-12
KINDS = [(12, 12, 16)] * 4 + [(11, 12, 16), (7, 12, 16), (1, 12, 16), (6, 6, 7), (3, 6, 7), (1, 6, 7),
                              (6, 12, 16)]  # the quicker games' first (6-6 down) or last (down to 6-6) round
GAMES = 154


def random_deal(rng: random.Random, engine_double: int, top: int, hand_size: int) -> dict:
    tiles = [f"{a}-{b}" if rng.random() < 0.5 else f"{b}-{a}"
             for a in range(top + 1) for b in range(a + 1) if not a == b == engine_double]
    rng.shuffle(tiles)
    return {"engine": engine_double, "top": top, "hands": [tiles[:hand_size], tiles[hand_size:2 * hand_size]],
            "boneyard": tiles[2 * hand_size:], "first": rng.randrange(2)}


def replay_text(deal: dict, history: list[str]) -> str:
    return f"\ndeal = {json.dumps(deal)}\nhistory = {json.dumps(history)}"


def compare(deal: dict, history: list[str]) -> list[str]:
    """The checker's legal actions, after asserting the engine gives the same answers (the legal
    actions sorted, as the harness promises)."""
    ours = checker.legal_actions(deal, history)
    for name in ("legal_actions", "markers", "open_double"):
        expected = ours if name == "legal_actions" else getattr(checker, name)(deal, history)
        try:
            got = getattr(engine, name)(deal, history)
        except Exception as error:  # noqa: BLE001 - shown with the position that raised it
            raise AssertionError(f"the engine's {name} raised {error!r}{replay_text(deal, history)}")
        assert got == expected, (f"{name}: engine {got!r}, checker {expected!r}"
                                 f"{replay_text(deal, history)}")
    return ours


def test_engine_and_checker_agree_along_random_rounds():
    rng = random.Random(20261201)
    positions = 0
    seen = set()
    for game in range(GAMES):
        deal = random_deal(rng, *KINDS[game % len(KINDS)])
        history: list[str] = []
        while True:
            legal = compare(deal, history)
            positions += 1
            if checker.open_double(deal, history):
                seen.add("open double")
            if all(checker.markers(deal, history)):
                seen.add("both trains marked")
            if any(a.endswith(":t6") for a in legal):
                seen.add("sixth public train")
            if not legal:
                break
            history.append(rng.choice(legal))
        expected = checker.outcome(deal, history)
        got = engine.outcome(deal, history)
        assert got == expected, f"outcome: engine {got!r}, checker {expected!r}{replay_text(deal, history)}"
        seen.add(expected["reason"])
    assert positions >= 10_000, positions
    print(f"mexican-train: {positions} positions compared in {GAMES} rounds")  # the figure for reports (-s)
    # The random lines reach every rule the checker states
    assert seen == {"open double", "both trains marked", "sixth public train", "out", "blocked"}, seen


def short_deal(hand0: str, hand1: str, boneyard: str, first: int = 0, engine_double: int = 12,
               top: int = 12) -> dict:
    return {"engine": engine_double, "top": top, "hands": [hand0.split(), hand1.split()],
            "boneyard": boneyard.split(), "first": first}


#: The rounds worked by hand in tests/checkers/test_mexican_checker.py and VARIANTS.md (the rules random
#: lines seldom reach: a marker on a train not yet started, a drawn double, an open double going
#: round, the eighth train, a double as the last tile, blocked rounds), each line played on at
#: random to its end.
WORKED = [
    (short_deal("12-4 4-1 6-3 12-8", "12-9 9-2 0-0 5-1", "7-0 8-0"), "12-4:s0 12-9:s1 12-8:t1 9-2:s1"),
    (short_deal("12-5 5-5 5-2 12-6", "12-7 7-3 3-3 0-1", "9-0 10-0"), "12-5:s0 12-7:s1 5-5:s0 5-2:s0"),
    (short_deal("12-5 5-5 1-1", "12-7 7-3 3-3", "5-4 10-0"), "12-5:s0 12-7:s1 5-5:s0 draw 5-4:s0"),
    (short_deal("12-5 0-0 11-11", "12-7 5-3 7-1 5-4", "6-6 5-0 9-9"),
     "12-5:s0 12-7:s1 draw pass 7-1:s1 draw 5-0:s0"),
    (short_deal("3-1 0-0", "12-7 7-3 12-5 1-1", "6-6 4-4 5-0"), "draw pass 12-7:s1 draw pass"),
    (short_deal("12-5 1-0", "12-7 7-3 3-2", "5-5 6-6 5-4"), "12-5:s0 12-7:s1 draw 5-5:s0 draw pass"),
    (short_deal("12-5 5-5 9-9", "5-2 1-0 3-3", "6-6 4-4 8-8"), "12-5:s0 draw pass 5-5:s0 draw pass 5-2:s0"),
    (short_deal("12-5 5-5 1-1 9-8", "12-7 7-3 12-2 4-0", "6-6 8-8 4-3 5-1 10-0"),
     "12-5:s0 12-7:s1 5-5:s0 draw pass draw pass draw pass draw 5-1:s0"),
    (short_deal("12-0 12-2 12-4 12-6 12-8 12-10 3-3", "12-1 12-3 12-5 12-7 12-9 12-11 4-4", "6-6 10-0"),
     "12-0:s0 12-1:s1 12-2:t1 12-3:t2 12-4:t3 12-5:t4 12-6:t5 12-7:t6"),
    (short_deal("12-5 5-5", "12-7 7-3 3-1", "6-6 10-0"), "12-5:s0 12-7:s1 5-5:s0"),
    (short_deal("12-5 0-0", "12-7 5-1 2-2", ""), "12-5:s0 12-7:s1 pass 5-1:s0"),
    (short_deal("12-5 3-0", "12-7 2-1", ""), "12-5:s0 12-7:s1"),
    (short_deal("6-2 2-1 5-5", "4-6 3-3 0-0", "1-0", first=1, engine_double=6, top=6), "6-4:s1 6-2:s0"),
    # VARIANTS.md's worked examples
    (short_deal("3-4 5-6", "12-8 12-9 4-0", "1-2 7-7"), "draw pass"),
    (short_deal("12-5 5-5 5-2 12-3", "12-6 6-1 0-0", "9-9 8-8"), "12-5:s0 12-6:s1 5-5:s0 5-2:s0"),
    (short_deal("12-5 5-5 1-1", "12-6 6-2 3-3", "12-4 5-0 9-9"),
     "12-5:s0 12-6:s1 5-5:s0 draw pass draw 5-0:s0"),
    (short_deal("12-0 12-2 12-4 12-6 12-8 9-9", "12-1 12-3 12-5 12-7 11-10 10-10", "11-11"),
     "12-0:s0 12-1:s1 12-2:t1 12-3:t2 12-4:t3 12-5:t4 12-6:t5 12-7:t6 draw"),
    (short_deal("12-0 9-9", "12-3 0-4", ""), "12-0:s0 12-3:s1 pass 0-4:s0"),
]


def test_engine_and_checker_agree_on_the_rounds_worked_by_hand():
    rng = random.Random(3)
    for deal, line in WORKED:
        history: list[str] = []
        for action in line.split():
            compare(deal, history)
            history.append(action)
        while legal := compare(deal, history):
            history.append(rng.choice(legal))
        expected, got = checker.outcome(deal, history), engine.outcome(deal, history)
        assert got == expected, f"outcome: engine {got!r}, checker {expected!r}{replay_text(deal, history)}"


def illegal_actions(deal: dict, legal: list[str], rng: random.Random) -> list[str]:
    """Two actions the checker refuses here: "draw" or "pass" out of place, a legal play written
    with its halves the other way round, or a dealt tile on a train (in any hand or the boneyard,
    so often not the mover's, or not fitting, or not open)."""
    swapped = [f"{a.split(':')[0].split('-')[1]}-{a.split(':')[0].split('-')[0]}:{a.split(':')[1]}"
               for a in legal if ":" in a]
    tiles = deal["hands"][0] + deal["hands"][1] + deal["boneyard"]
    wrong: set[str] = set()
    while len(wrong) < 2:
        action = rng.choice(["draw", "pass", *swapped[:1],
                             f"{rng.choice(tiles)}:{rng.choice(['s0', 's1', 't1', 't2', 't7'])}"])
        if action not in legal:
            wrong.add(action)
    return sorted(wrong)


def test_engine_and_checker_refuse_the_same_illegal_actions():
    """A history ending in an action the checker refuses: both harnesses raise ValueError."""
    rng = random.Random(16)
    tried = 0
    for game in range(12):
        deal = random_deal(rng, *KINDS[game % len(KINDS)])
        history: list[str] = []
        while legal := checker.legal_actions(deal, history):
            for action in illegal_actions(deal, legal, rng):
                for harness in (checker, engine):
                    try:
                        harness.legal_actions(deal, history + [action])
                    except ValueError:
                        continue
                    raise AssertionError(f"{harness.__name__} accepted {action!r} after"
                                         f"{replay_text(deal, history)}")
                tried += 1
            history.append(rng.choice(legal))
    assert tried > 1_000, tried


def test_every_match_plays_its_rounds_as_the_checker_says():
    """The four matches ([003c] and its quicker games, issue #29): the engine's Match deals each round
    with the checker's engine, in order, the hands of the checker's size, whoever starts in turn,
    and ends after the checker's last round with the checker's winners."""
    rng = random.Random(29)
    for name in checker.MATCHES:
        plan = engine.MATCHES[name]
        top, first, last = checker.MATCHES[name]
        assert (plan.top, plan.start, plan.stop, plan.rounds) == (top, first, last, len(checker.match_engines(name)))
        match = engine.Match.drawn(rng.randrange(10**6), plan.top, plan.start, plan.stop)
        engines, totals = [], [0, 0]
        while not match.is_over():
            deal = match.deal(rng.randrange(10**6))
            engines.append(deal.engine)
            assert [len(hand) for hand in deal.hands] == [checker.HAND_SIZES[top]] * 2
            assert deal.first == (match.first + len(engines) - 1) % 2
            data = deal.to_dict()
            history: list[str] = []
            while checker.legal_actions(data, history):
                history.append(rng.choice(checker.legal_actions(data, history)))
            outcome = checker.outcome(data, history)
            totals = [totals[s] + outcome["pips"][s] for s in (0, 1)]
            match = match.after(engine.position_after(data, history).outcome())
        assert engines == checker.match_engines(name), name
        assert list(match.totals) == totals and list(match.winners) == checker.match_result(totals)
