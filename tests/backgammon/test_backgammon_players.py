"""The computer's backgammon players (issue #14): every play they return is one of the engine's
legal plays; the same position and dice give the same play whatever order the plays come in; the
evaluation chooses what any teacher would in hand-made positions (a made point over a blot, an
obvious hit, a safe bear-off, bearing off in a race, making and keeping a prime, where gnubg
agrees and the prime bonus is the difference); the pip-greedy player does what its name
says (checked against the engine's plays, not its own code); and the videau decisions match the
rulebook's 8-9-12 pip rule computed here independently."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tutor.games.backgammon import BLACK, CENTRED, START, WHITE, Cube, Position, legal_plays
from tutor.games.backgammon.game import roll_opening
from tutor.games.backgammon import players
from tutor.games.backgammon.players import doubles, evaluate, pip_greedy, recommend, takes

P = Position.parse


def end(play) -> tuple:
    """A play's end position, comparable between Play objects."""
    return play.after.white, play.after.black


def game_positions(seed: int, count: int) -> list[Position]:
    """Positions with dice from seeded games where both sides play the recommendation or the
    greedy player alternately (so bar, bear-off, hits and lost turns all occur)."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        opening = roll_opening(lambda: rng.randint(1, 6))
        position = START.replace(to_move=opening.first, dice=opening.dice)
        chooser = rng.choice((recommend, pip_greedy))
        while not position.is_over and len(found) < count:
            found.append(position)
            plays = legal_plays(position)
            play = rng.choice(plays) if plays and rng.random() < 0.3 else chooser(position)
            position = play.after if play else position.replace(dice=None, to_move=position.to_move.other)
            if not position.is_over:
                position = position.with_dice(rng.randint(1, 6), rng.randint(1, 6))
    return found


POSITIONS = game_positions(seed=14, count=400)


def test_the_sample_covers_the_hard_cases():
    assert any(p.on_bar(p.to_move) for p in POSITIONS)
    assert any(not legal_plays(p) for p in POSITIONS)
    assert any(p.off(p.to_move) for p in POSITIONS)
    assert any(p.dice[0] == p.dice[1] for p in POSITIONS)
    assert {p.to_move for p in POSITIONS} == {WHITE, BLACK}


@pytest.mark.parametrize("player", [recommend, pip_greedy], ids=["recommend", "pip_greedy"])
def test_every_play_is_one_of_the_engines_legal_plays(player):
    for position in POSITIONS:
        plays = legal_plays(position)
        chosen = player(position)
        if not plays:
            assert chosen is None, position
        else:
            assert end(chosen) in {end(p) for p in plays}, position
            assert chosen.notation in {p.notation for p in plays}, position


@pytest.mark.parametrize("player", [recommend, pip_greedy], ids=["recommend", "pip_greedy"])
def test_no_play_without_dice_or_after_the_game(player):
    assert player(START) is None
    over = P("W | B 19x15 | B 6-5")  # White has borne off all 15
    assert over.is_over and player(over) is None


@pytest.mark.parametrize("player", [recommend, pip_greedy], ids=["recommend", "pip_greedy"])
def test_deterministic_whatever_the_order_of_the_plays(player, monkeypatch):
    first = [player(p) for p in POSITIONS]
    again = [player(Position.parse(p.to_text())) for p in POSITIONS]
    original = players.generate_plays
    monkeypatch.setattr(players, "generate_plays", lambda *args: list(reversed(original(*args))))
    reversed_order = [player(p) for p in POSITIONS]
    for a, b, c in zip(first, again, reversed_order):
        assert (a is None) == (b is None) == (c is None)
        if a is not None:
            assert end(a) == end(b) == end(c)


# ---- the evaluation in hand-made positions ------------------------------------------------------
def test_opening_3_1_makes_the_5_point_and_6_1_the_bar_point():
    assert recommend(START.with_dice(3, 1)).notation == "8/5 6/5"
    assert recommend(START.with_dice(6, 1)).notation == "13/7 8/7"
    assert recommend(START.with_dice(4, 2)).notation == "8/4 6/4"


def test_a_made_point_scores_above_the_same_checkers_as_two_blots():
    # White (the mover) after its play: two checkers on its 5-point, or split to 5 and 4, with
    # Black's back checkers on White's 1-point able to hit the blots.
    made = P("W 13x5 8x3 6x5 5x2 | B 19x5 17x3 12x5 1x2")
    split = P("W 13x5 8x3 6x5 5 4 | B 19x5 17x3 12x5 1x2")
    assert evaluate(made.white, made.black) > evaluate(split.white, split.black)


def test_at_equal_pips_safe_checkers_score_above_three_blots_in_reach():
    # Both 129 pips; the second leaves blots on 9, 5 and 4, 8, 4 and 3 away from Black's 1-point.
    safe = P("W 13x5 8x3 6x5 5x2 | B 19x5 17x3 12x5 1x2")
    blots = P("W 13x5 9 8x2 6x5 5 4 | B 19x5 17x3 12x5 1x2")
    assert safe.pips(WHITE) == blots.pips(WHITE)
    assert evaluate(safe.white, safe.black) > evaluate(blots.white, blots.black)


def test_points_on_a_blot_hitting_and_making_the_point():
    # Black has left a blot on White's 5-point: 8/5* 6/5 hits and makes the point.
    position = P("W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 5 1").with_dice(3, 1)
    play = recommend(position)
    assert play.notation == "8/5* 6/5"
    assert play.after.on_bar(BLACK) == 1 and play.after.at(5) == (WHITE, 2)


def test_an_obvious_hit_over_a_quiet_move():
    # Black's last straggler sits on White's 7; hitting it costs Black the race and risks little.
    position = P("W 6x5 5x5 4x4 10 | B 19x5 20x5 21x4 7").with_dice(3, 1)
    quiet = [p for p in legal_plays(position) if not any(s.hit for s in p.steps)]
    assert quiet  # a real choice: the quiet plays exist
    play = recommend(position)
    assert any(s.hit for s in play.steps) and play.after.on_bar(BLACK) == 1


def test_safe_bear_off_leaves_no_blot_to_blacks_anchor():
    # Black holds White's 1-point; 6/off 5/4 or 6/off 4/3 would leave a blot in reach.
    position = P("W 6x2 5x3 4x2 | B 1x2 19x13").with_dice(6, 1)
    assert {p.notation for p in legal_plays(position)} == {"6/off 6/5", "6/off 5/4", "6/off 4/3"}
    play = recommend(position)
    assert play.notation == "6/off 6/5"
    assert all(n != 1 for n in play.after.points(WHITE).values())


def test_in_a_race_it_bears_off_rather_than_moving_inside():
    position = P("W 6 5 4 3 2 1 | B 19x5 20x5 21x5").with_dice(2, 1)
    play = recommend(position)
    assert play.after.off(WHITE) == position.off(WHITE) + 2


# Two hand-made primes. Black's two back checkers stand on White's point 2 and must run past
# White's points to get home; Black's other 13 checkers are home already (19-23), White's two
# back checkers hold Black's 1-point (White's 24). A prime is a row of made points in front of
# them: a checker cannot stop on a held point, so to pass six in a row it would need a 7 or more
# with one die, and no die shows 7: a full prime traps it until White opens it. With a gap, the
# checker runs through it. In each position the test says the play a teacher expects and why;
# gnubg's evaluation (an independent neural net, tests/checkers/backgammon_gnubg.py) must agree, and
# without its prime bonus the evaluation would choose the other play: the prime is the
# difference.
PRIME_BACK = "B 2x2 19x3 20x3 21x3 22x2 23x2"


def _choices(text: str, dice: tuple[int, int], *notations: str):
    position = P(text).with_dice(*dice)
    plays = {p.notation: p for p in legal_plays(position)}
    return position, [plays[n] for n in notations]


def _gnubg_equity_after(play) -> float:
    """The mover's cubeless equity after the play, by gnubg (the opponent to roll)."""
    gnu = pytest.importorskip("backgammon_gnubg")
    white, black = play.after.board()  # Black to move: (opponent, mover) = (White, Black)
    return -gnu.cubeless_equity((white, black))


def _evaluation(play) -> float:
    return evaluate(*play.after.board())  # White has moved: (White, Black), each in its own numbering


def test_it_makes_the_sixth_point_of_a_prime(monkeypatch):
    # White holds 11 to 7 (a 5-prime) with spares on 16, 15 and 14; 3-2. 15/12 14/12 makes point
    # 12: six points in a row, 12 to 7, and Black's checkers on 2 are shut in. 16/13 15/13 makes
    # point 13 instead: the same pips, one new point each, one blot each (on 16 or on 14, where
    # no black checker can reach), but a gap on 12 lets Black out (from 2, a 4 to 6 and then a 6
    # to 12). A teacher completes the prime.
    position, (prime, gap) = _choices(f"W 24x2 16 15 14 11x2 10x2 9x2 8x2 7x2 | {PRIME_BACK}", (3, 2),
                                      "15/12 14/12", "16/13 15/13")
    assert prime.after.pips(WHITE) == gap.after.pips(WHITE)
    assert recommend(position).notation == "15/12 14/12"
    assert _gnubg_equity_after(prime) > _gnubg_equity_after(gap)
    # everything else the evaluation weighs is equal: without the prime bonus the two plays tie
    monkeypatch.setattr(players, "_PRIME", 0.0)
    assert _evaluation(prime) == _evaluation(gap)


def test_it_keeps_a_full_prime_rather_than_make_a_better_point(monkeypatch):
    # White holds 13 to 8 (a full prime, with a spare on 13); 1-1. 13/9 walks the spare down
    # four points and keeps all six. 9/7(2) makes the 7 point, worth more on its own (it is next
    # to home), but leaves 9 empty: a 7 (6-1, 5-2, 4-3) brings Black's checker from 2 into the
    # gap, and from there a 5 or a 6 jumps the four points left. A teacher keeps the prime.
    position, (keep, broken) = _choices(f"W 24x2 13x3 12x2 11x2 10x2 9x2 8x2 | {PRIME_BACK}", (1, 1),
                                        "13/9", "9/7(2)")
    assert recommend(position).notation == "13/9"
    assert _gnubg_equity_after(keep) > _gnubg_equity_after(broken)
    monkeypatch.setattr(players, "_PRIME", 0.0)
    assert _evaluation(broken) > _evaluation(keep)  # without the bonus the 7 point would win
    assert recommend(position).notation == "9/7(2)"


def test_black_plays_the_mirror_of_whites_choice():
    # The evaluation is side-blind: Black's 3-1 from the start also makes its 5-point (learner 20).
    play = recommend(START.replace(to_move=BLACK, dice=(3, 1)))
    assert play.after.at(20) == (BLACK, 2) and play.notation == "8/5 6/5"


# ---- the pip-greedy player, against the engine's plays ----------------------------------------
def test_pip_greedy_hits_when_it_can_then_leaves_the_lowest_pip_count():
    checked_hits = 0
    for position in POSITIONS:
        plays = legal_plays(position)
        if not plays:
            continue
        side = position.to_move
        hitting = [p for p in plays if any(s.hit for s in p.steps)]
        pool = hitting or plays
        chosen = pip_greedy(position)
        assert end(chosen) in {end(p) for p in pool}, position
        assert chosen.after.pips(side) == min(p.after.pips(side) for p in pool), position
        checked_hits += bool(hitting)
    assert checked_hits >= 20


# ---- the videau: the 8-9-12 rule, computed here -----------------------------------------------
def with_pips(white: int, black: int) -> Position | None:
    """A position with exactly these pip counts (checkers on the 24-point and one more), or None
    when the two sides would share a point."""
    def own(pips: int) -> list[int]:
        board = [0] * 25
        board[23] = (pips - 1) // 24
        rest = pips - 24 * board[23]
        board[rest - 1] += 1
        return board
    try:
        return Position(own(white), own(black))
    except Exception:
        return None


def independent_doubles(position: Position) -> bool:
    side = position.to_move
    cube = position.cube
    if cube.value >= 64 or cube.owner not in (None, side):
        return False
    own, other = position.pips(side), position.pips(side.other)
    share = Fraction(8 if cube.owner is None else 9, 100)
    return Fraction(other - own, own) >= share


def independent_takes(position: Position, doubler) -> bool:
    own, other = position.pips(doubler), position.pips(doubler.other)
    return Fraction(other - own, own) <= Fraction(12, 100)


CUBES = [CENTRED, Cube(2, WHITE), Cube(2, BLACK), Cube(4, WHITE), Cube(64, WHITE), Cube(32, BLACK)]


def test_cube_decisions_match_the_8_9_12_rule():
    rng = random.Random(812)
    seen = {"double": 0, "no_double": 0, "take": 0, "drop": 0}
    for _ in range(1_500):
        position = with_pips(rng.randint(40, 140), rng.randint(40, 140))
        if position is None:
            continue
        position = position.replace(to_move=rng.choice((WHITE, BLACK)), cube=rng.choice(CUBES))
        assert doubles(position) == independent_doubles(position), position
        seen["double" if independent_doubles(position) else "no_double"] += 1
        doubler = position.to_move
        assert takes(position, doubler) == independent_takes(position, doubler), position
        seen["take" if independent_takes(position, doubler) else "drop"] += 1
    assert min(seen.values()) >= 50, seen


@pytest.mark.parametrize("own, other, owner, expected", [
    (100, 108, None, True), (100, 107, None, False),   # 8 % to double a centred videau
    (100, 109, WHITE, True), (100, 108, WHITE, False),  # 9 % to redouble
])
def test_cube_thresholds_at_their_edges(own, other, owner, expected):
    position = with_pips(own, other).replace(cube=Cube(2 if owner else 1, owner))
    assert doubles(position) is expected


@pytest.mark.parametrize("lead, expected", [(12, True), (13, False)])
def test_take_threshold_at_its_edge(lead, expected):
    position = with_pips(100, 100 + lead)  # White doubles with this lead; Black answers
    assert takes(position, WHITE) is expected


def test_the_rulebook_videau_example_b12():
    position = P("W 6x4 5x3 4x3 3x2 2x2 1 | B 19x3 20x3 21x2 22x3 23x2 24x2 | B")
    assert (position.pips(BLACK), position.pips(WHITE)) == (56, 62)
    assert doubles(position) and takes(position, BLACK)
