"""The dominoes coach's words: how good the learner's last move was (issue #34), in the shared
grade box (``templates/_coach.html``).

The grade comes from ``tutor.games.domino.hints.grading`` (the hint engine's own simulation, at the
seed the hint of that turn used, so the grade and the hint never disagree); here each label has
one sentence, with the numbers the simulation measured, written as the page's language writes them
(Babel, ``tutor.web.numbers``), and the better move's reasons are the hint's own ("reason_..." notes).
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import request
from flask_babel import gettext as _, ngettext

from tutor.games.domino.hints import SeatView
from tutor.games.domino.hints.grading import MoveGrade, candidate_for
from tutor.games.domino.hints.recommendation import move_of
from tutor.games.domino.mexican_train.coach import TrainGrade, TrainRecommendation
from tutor.web.domino.mexican_train.wording import action_words
from tutor.web.domino.voice import Voice, render_all
from tutor.web.domino.wording import move_named
from tutor.web.errors import BadGame
from tutor.web.lists import join_or
from tutor.web.numbers import decimal, percent


def read_grading() -> bool:
    """``grade=`` in a game's address: 1 (the default) grades each move with a choice, 0 turns the
    coach off."""
    grading = request.args.get("grade", "1")
    if grading not in ("0", "1"):
        # TRANSLATORS: a domino game address whose grade= is neither 0 (grading off) nor 1 (on).
        raise BadGame(_("In a game's address, grade= is 0 (no grades) or 1 (every move graded)."))
    return grading == "1"


def grade_name(label: str) -> str:
    """A grade's name, as the box's label."""
    return {
        # TRANSLATORS: dominoes: the grade of the learner's move when no move did clearly better (by the app's simulation).
        "best": lambda: _("Best move"),
        # TRANSLATORS: dominoes: the grade of a move that loses a little (under 5 rounds in 100; All Fives: under 1.5 points) against the best.
        "good": lambda: _("Good"),
        # TRANSLATORS: dominoes: the grade of a move that loses clearly more than that against the best.
        "mistake": lambda: _("Mistake"),
    }[label]()


def grade_sentences(view: SeatView, graded: MoveGrade, voice: Voice) -> list[str]:
    """One line on the learner's move, then (when it was not the best) why the better one is. A move
    the rules forced is not graded (the page shows no grade for it: nothing was chosen)."""
    move = move_named(move_of(view, graded.action))
    recommendation = graded.recommendation
    mine = candidate_for(view, recommendation, graded.action)
    best = recommendation.candidates[0]
    if graded.label == "best":
        others = [c for c in (best, *recommendation.equal) if c is not mine]
        if not others:
            # TRANSLATORS: dominoes, after the learner's move: it was the best, by more than the simulation's margin of error.
            return [_("In %(samples)s simulated deals of the tiles you could not see, no other move did as well as "
                      "%(move)s.", samples=decimal(recommendation.samples), move=move)]
        # TRANSLATORS: dominoes, after the learner's move: no move did clearly better; %(others)s names the moves about as good, e.g. "6-1 on the left end or 4-2 on the right end".
        return [_("No move did clearly better than %(move)s; %(others)s did about as well.", move=move,
                  others=join_or(move_named(move_of(view, c.action)) for c in others))]
    better = move_named(move_of(view, best.action))
    if graded.points:  # All Fives: the points gained over the opponent from here to the round's end
        loss = decimal(graded.loss)
        if graded.label == "good":
            # TRANSLATORS: All Fives, after the learner's move, graded "good"; %(loss)s is the points it gives away on average, e.g. "0,8".
            line = _("%(move)s is close to the best move, %(better)s: it gives away %(loss)s points on average.",
                     move=move, better=better, loss=loss)
        else:
            # TRANSLATORS: All Fives, after the learner's move, graded "mistake"; %(loss)s is the points it gives away on average, e.g. "4,5".
            line = _("%(better)s was clearly better than your %(move)s, which gives away %(loss)s points on "
                     "average.", move=move, better=better, loss=loss)
    else:
        rates = {"best": percent(best.win_rate), "mine": percent(mine.win_rate)}
        if graded.label == "good":
            # TRANSLATORS: dominoes, after the learner's move, graded "good"; %(mine)s and %(best)s are shares of simulated rounds won, e.g. "58%" and "61%".
            line = _("%(move)s is close to the best move, %(better)s: it won %(mine)s of the simulated rounds, the "
                     "best %(best)s.", move=move, better=better, **rates)
        else:
            # TRANSLATORS: dominoes, after the learner's move, graded "mistake"; %(best)s and %(mine)s are shares of simulated rounds won, e.g. "61%" and "40%".
            line = _("%(better)s was clearly better than your %(move)s: it won %(best)s of the simulated rounds, "
                     "yours %(mine)s.", move=move, better=better, **rates)
    reasons = [note for note in recommendation.notes if note.kind.startswith("reason_")]
    return [line, *render_all(voice, reasons)]


def train_grade_sentences(graded: TrainGrade, seat: int) -> list[str]:
    """Mexican Train: one line on the learner's play against the coach's estimate (the pips margin
    at the round's end, ``tutor.games.domino.mexican_train.coach``), trains named from ``seat``."""
    recommendation = graded.recommendation
    move = action_words(graded.action, seat)
    if graded.label == "best":
        others = [c for c in (recommendation.candidates[0], *recommendation.equal) if c.action != graded.action]
        if not others:
            return [_("In %(samples)s simulated deals of the tiles you could not see, no other move did as well as "
                      "%(move)s.", samples=decimal(recommendation.samples), move=move)]
        return [_("No move did clearly better than %(move)s; %(others)s did about as well.", move=move,
                  others=join_or(action_words(c.action, seat) for c in others))]
    better, loss = action_words(recommendation.action, seat), decimal(graded.loss)
    if graded.label == "good":
        # TRANSLATORS: Mexican Train, after the learner's move, graded "good"; %(loss)s is the pips it costs on average against the best move (the other player's pips left minus yours at the round's end), e.g. "2,5".
        return [_("%(move)s is close to the best move, %(better)s: it costs you %(loss)s pips on average by the "
                  "round's end.", move=move, better=better, loss=loss)]
    # TRANSLATORS: Mexican Train, after the learner's move, graded "mistake"; %(loss)s is the pips it costs on average against the best move, e.g. "7,5".
    return [_("%(better)s was clearly better than your %(move)s, which costs you %(loss)s pips on average by the "
              "round's end.", move=move, better=better, loss=loss)]


def train_hint_sentences(recommendation: TrainRecommendation, seat: int) -> list[str]:
    """Mexican Train: the coach's play for the hint, with what it measured, and the plays about as
    good when none leads clearly (the grade of the play uses the same recommendation)."""
    if not recommendation.candidates:
        return []
    best = recommendation.candidates[0]
    move, samples, pips = action_words(best.action, seat), decimal(recommendation.samples), decimal(abs(best.margin))
    if best.margin >= 0:
        # TRANSLATORS: Mexican Train hint: the coach's play; %(pips)s is the pips margin on average, e.g. "6,5".
        line = _("Play %(move)s. In %(samples)s simulated deals of the tiles you cannot see, your opponent kept "
                 "%(pips)s pips more than you at the round's end, on average.", move=move, samples=samples, pips=pips)
    else:
        # TRANSLATORS: Mexican Train hint: the coach's play when even the best leaves the learner behind; %(pips)s is the pips on average, e.g. "3,5".
        line = _("Play %(move)s. In %(samples)s simulated deals of the tiles you cannot see, even this move left you "
                 "%(pips)s pips behind your opponent at the round's end, on average, and no move did better.",
                 move=move, samples=samples, pips=pips)
    lines = [line]
    if recommendation.equal:
        lines.append(ngettext("%(moves)s did about as well (within the simulation's margin of error): it is as good "
                              "a choice.", "%(moves)s did about as well (within the simulation's margin of error): "
                              "each is as good a choice.", len(recommendation.equal),
                              moves=join_or(action_words(c.action, seat) for c in recommendation.equal)))
    return lines


def review_summary(grades: Sequence[MoveGrade | TrainGrade], measure: str) -> list[str]:
    """The review in plain words: how many moves had a choice, how many were the best, and what a
    move gave away on average, in the rule set's ``measure``: "chance" (rounds won in 100), "points"
    (All Fives) or "pips" (Mexican Train). ``grades``: the moves that had a choice."""
    if not grades:
        # TRANSLATORS: dominoes review, when every turn so far left the learner one move (or a draw or a pass).
        return [_("You have not had a choice yet: every turn so far allowed one move, a draw or a pass.")]
    best = sum(1 for graded in grades if graded.label == "best")
    mean = sum(graded.loss for graded in grades) / len(grades)
    lines = [
        # TRANSLATORS: dominoes review: how many of the learner's moves had more than one possibility.
        ngettext("You made %(num)d move with a choice.", "You made %(num)d moves with a choice.", len(grades)),
        # TRANSLATORS: dominoes review: how many of those moves no other move beat clearly (in the app's simulation).
        ngettext("%(num)d of them was the best move.", "%(num)d of them were the best move.", best),
    ]
    if measure == "points":
        # TRANSLATORS: All Fives review: the average cost of a move against the best one, in points, e.g. "0,8".
        lines.append(_("On average a move of yours gave away %(loss)s points.", loss=decimal(mean)))
    elif measure == "pips":
        # TRANSLATORS: Mexican Train review: the average cost of a move against the coach's, in pips at the round's end, e.g. "1,5".
        lines.append(_("On average a move of yours cost %(loss)s pips by the round's end.", loss=decimal(mean)))
    else:
        # TRANSLATORS: dominoes review: the average cost of a move against the best one, as rounds won out of 100, e.g. "2,5".
        lines.append(_("On average a move of yours won %(loss)s fewer rounds in 100 than the best move.",
                       loss=decimal(100 * mean)))
    return lines
