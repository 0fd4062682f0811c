"""The coach's words: why a play is recommended, how good the learner's play was, the game's review.

Each reason code of ``tutor.games.backgammon.coach`` has one clause here (``backgammon.reason``),
said only because the coach found it true of the play; a grade has one sentence per label. Numbers
are written as each language writes them (Babel): a game's value in points with three decimals
("0,052" in vi and id), chances as percentages ("71%"; ``tutor.web.numbers``).
"""

from __future__ import annotations

from typing import Callable, Iterable

from flask_babel import gettext as _, ngettext

from tutor.games.backgammon.analysis import Note
from tutor.games.backgammon.coach import Grade
from tutor.web.backgammon.wording import point_name
from tutor.web.lists import join_and, join_or
from tutor.web.numbers import percent, thousandths
from tutor.web.sentences import register, say


def points(millipoints: int) -> str:
    """A loss in millipoints as a share of a game's value in points ("0.052")."""
    return thousandths(millipoints / 1000)


def _points(numbers: Iterable[int]) -> str:
    return join_and(point_name(p) for p in numbers)


REASONS: dict[str, Callable[..., str]] = {
    # TRANSLATORS: backgammon: why a play is recommended (a clause): it takes checkers off the board.
    "bears_off": lambda count: ngettext("it bears off %(num)d checker", "it bears off %(num)d checkers", count),
    # TRANSLATORS: backgammon: why a play is recommended (a clause): it hits a single opposing checker; %(points)s is e.g. "point 5".
    "hits": lambda points: _("it hits the blot on %(points)s", points=_points(points)),
    # TRANSLATORS: backgammon: why a play is recommended (a clause): it puts two or more checkers on a point, which the opponent cannot land on.
    "makes_point": lambda points: _("it makes %(points)s, which your opponent cannot land on", points=_points(points)),
    # TRANSLATORS: backgammon: why a play is recommended (a clause): it makes a point in the opponent's home board (an anchor: a safe place for back checkers).
    "anchors": lambda points: _("it makes an anchor on %(points)s, a safe place in your opponent's home board",
                                points=_points(points)),
    # TRANSLATORS: backgammon: why a play is recommended (a clause): it holds %(num)d points in a row (a prime), hard for the opponent to pass.
    "primes": lambda length: ngettext("it holds %(num)d point in a row, a wall your opponent's checkers struggle to get "
                                      "past", "it holds %(num)d points in a row, a wall your opponent's checkers "
                                      "struggle to get past", length),
    # TRANSLATORS: backgammon: why a play is recommended (a clause): a back checker leaves the opponent's home board.
    "escapes": lambda: _("it brings a back checker out of your opponent's home board"),
    # TRANSLATORS: backgammon: why a play is recommended (a clause): no single checker is left for the opponent to hit.
    "safe": lambda: _("it leaves no single checker for your opponent to hit"),
    # TRANSLATORS: backgammon: why a play is recommended (a clause): the checkers have passed each other, the game is a race.
    "races": lambda: _("the checkers have passed each other, so the game is now a race"),
}
register("backgammon.reason", REASONS, __name__)


def reasons_text(notes: Iterable[Note]) -> str:
    """The reasons as one clause list ("it hits the blot on point 5 and it makes point 4"); a forced
    play is said in a sentence of its own (:func:`only_play`), not as a reason."""
    return join_and(say("backgammon.reason", n.kind, n.params) for n in notes if n.kind != "only_play")


def recommendation(play: str, reasons: list[Note], equal: list[str]) -> str:
    """The hint's last rung: the evaluator's best play, what it does, and the plays about as good."""
    said = [n for n in reasons if n.kind != "only_play"]  # (a forced play: :func:`only_play`)
    if said:
        # TRANSLATORS: backgammon hint, last step: the best play by the app's evaluator, then why (clauses such as "it makes point 5").
        text = _("The best play is %(play)s: %(reasons)s.", play=play, reasons=reasons_text(said))
    else:
        # TRANSLATORS: backgammon hint, last step: the best play by the app's evaluator, which has no simpler reason to give.
        text = _("The best play is %(play)s: it leaves your checkers best placed for what may come next.", play=play)
    if equal:
        # TRANSLATORS: backgammon hint: other plays that the evaluator rates within 0.010 of a point of the best one; %(plays)s is e.g. "13/10 6/5 or 24/21 6/5".
        text += " " + ngettext("%(plays)s is about as good (less than 0.010 points a game apart): either is fine.",
                               "%(plays)s are about as good (less than 0.010 points a game apart): any is fine.",
                               len(equal), plays=join_or(equal))
    return text


def going_on(play: str, reasons: list[Note], only: bool, best: str) -> str:
    """The last rung after the learner's first step: the best way to finish that play (or the only
    one), and the turn's best play when it starts another way."""
    said = [n for n in reasons if n.kind != "only_play"]
    if only:
        # TRANSLATORS: backgammon hint, last step, after the learner has moved a checker this turn: only one way is left to finish the play.
        text = _("After the move you made, the only way to finish your play is %(play)s.", play=play)
    elif said:
        # TRANSLATORS: backgammon hint, last step, after the learner has moved a checker this turn: the best way to finish that play, then why (clauses such as "it makes point 5").
        text = _("After the move you made, the best way to finish your play is %(play)s: %(reasons)s.", play=play,
                 reasons=reasons_text(said))
    else:
        # TRANSLATORS: backgammon hint, last step, after the learner has moved a checker this turn: the best way to finish that play.
        text = _("After the move you made, the best way to finish your play is %(play)s.", play=play)
    if best:
        # TRANSLATORS: backgammon hint: the turn's best play starts with another move than the learner's; "Undo a move" is the button's name.
        text += " " + _("This turn's best play is another one, %(best)s: press “Undo a move” to play it.", best=best)
    return text


def only_play(play: str) -> str:
    # TRANSLATORS: backgammon hint, last step: the dice allow a single play, so there is nothing to choose.
    return _("%(play)s is the only play these dice allow.", play=play)


def expert(kind: str, win: float, gammon: float) -> str:
    """What a strong player (the evaluator) would do with the videau, apart from the app's rule."""
    chances = {"win": percent(win), "gammon": percent(gammon)}
    if kind == "expert_double":
        # TRANSLATORS: backgammon videau hint, apart from the app's rule: what the app's strong evaluator would do, with the learner's chances.
        return _("A strong player's view (the app's evaluator, not its rule): offer the videau. You win about "
                 "%(win)s of the games from here, %(gammon)s with a gammon.", **chances)
    if kind == "expert_no_double":
        # TRANSLATORS: backgammon videau hint, apart from the app's rule: the strong evaluator would not offer the videau now.
        return _("A strong player's view (the app's evaluator, not its rule): do not offer the videau now. You win "
                 "about %(win)s of the games from here, %(gammon)s with a gammon.", **chances)
    if kind == "expert_take":
        # TRANSLATORS: backgammon videau hint when the computer offers it, apart from the app's rule: the strong evaluator would take.
        return _("A strong player's view (the app's evaluator, not its rule): take. You win about %(win)s of the "
                 "games from here, %(gammon)s with a gammon.", **chances)
    # TRANSLATORS: backgammon videau hint when the computer offers it, apart from the app's rule: the strong evaluator would pass.
    return _("A strong player's view (the app's evaluator, not its rule): pass. You win only about %(win)s of the "
             "games from here, %(gammon)s with a gammon.", **chances)


# ----- a grade ------------------------------------------------------------------------------------
def grade_name(label: str) -> str:
    """A grade's name, as a label beside a play."""
    return {
        # TRANSLATORS: backgammon: the grade of a play that is the evaluator's best.
        "best": lambda: _("Best play"),
        # TRANSLATORS: backgammon: the grade of a play that loses less than 0.020 points a game against the best.
        "good": lambda: _("Good"),
        # TRANSLATORS: backgammon: the grade of a play that loses 0.020 to 0.039 points a game against the best.
        "inaccuracy": lambda: _("Inaccuracy"),
        # TRANSLATORS: backgammon: the grade of a play that loses 0.040 to 0.079 points a game against the best.
        "mistake": lambda: _("Mistake"),
        # TRANSLATORS: backgammon: the grade of a play that loses 0.080 points a game or more against the best.
        "blunder": lambda: _("Blunder"),
    }[label]()


def grade_sentences(graded: Grade) -> list[str]:
    """One line on the learner's play, then (when it was not the best) the better play and why."""
    play = graded.played.play.notation
    if graded.forced:
        return [only_play(play)]
    if graded.label == "best":
        # TRANSLATORS: backgammon: after the learner's play: it was the evaluator's best.
        return [_("Best play: %(play)s is what a strong player would play here.", play=play)]
    better, loss = graded.best.play.notation, points(graded.loss)
    lines = {
        # TRANSLATORS: backgammon: after the learner's play, graded "good": close to the best; %(loss)s is what it costs on average, e.g. "0.012".
        "good": lambda: _("Good: %(play)s is close to the best play, %(better)s; it gives away %(loss)s points a game.",
                          play=play, better=better, loss=loss),
        # TRANSLATORS: backgammon: after the learner's play, graded "inaccuracy"; %(loss)s is what it costs on average, e.g. "0.031".
        "inaccuracy": lambda: _("Inaccuracy: %(better)s was a little better than your %(play)s, which gives away "
                                "%(loss)s points a game.", play=play, better=better, loss=loss),
        # TRANSLATORS: backgammon: after the learner's play, graded "mistake"; %(loss)s is what it costs on average, e.g. "0.052".
        "mistake": lambda: _("Mistake: %(better)s was clearly better than your %(play)s, which gives away %(loss)s "
                             "points a game.", play=play, better=better, loss=loss),
        # TRANSLATORS: backgammon: after the learner's play, graded "blunder"; %(loss)s is what it costs on average, e.g. "0.120".
        "blunder": lambda: _("Blunder: %(better)s was much better than your %(play)s, which gives away %(loss)s points "
                             "a game.", play=play, better=better, loss=loss),
    }
    found = [lines[graded.label]()]
    if graded.equal:
        # TRANSLATORS: backgammon: after a good play less than 0.010 points a game from the best: say they are about equal.
        found = [_("Good: %(play)s is about as good as the best play, %(better)s (less than 0.010 points a game "
                   "apart).", play=play, better=better)]
    if graded.reasons:
        # TRANSLATORS: backgammon: why the better play is better; %(reasons)s are clauses such as "it makes point 5".
        found.append(_("%(better)s: %(reasons)s.", better=better, reasons=reasons_text(graded.reasons)))
    return found


def position_done() -> str:
    # TRANSLATORS: backgammon: the status line once the learner has played a position from a game's review again.
    return _("Your play is made: the grade below says how it compares with the best play.")


# ----- a game's review ----------------------------------------------------------------------------
#: The grades, best first (``tutor.games.backgammon.coach.GRADES``).
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: What a mean loss per play (mp) says of a player: under each bound, that level's sentence.
LEVELS: tuple[tuple[int, str], ...] = ((5, "expert"), (10, "strong"), (20, "club"), (40, "improving"))


def _level(mean: int) -> str:
    level = next((name for bound, name in LEVELS if mean < bound), "beginner")
    return {
        # TRANSLATORS: backgammon game review: what an average loss under 0.005 points a game per play means.
        "expert": lambda: _("That is an expert's level of play."),
        # TRANSLATORS: backgammon game review: what an average loss of 0.005 to 0.010 points a game per play means.
        "strong": lambda: _("That is a strong player's level of play."),
        # TRANSLATORS: backgammon game review: what an average loss of 0.010 to 0.020 points a game per play means.
        "club": lambda: _("That is a good club player's level of play."),
        # TRANSLATORS: backgammon game review: what an average loss of 0.020 to 0.040 points a game per play means.
        "improving": lambda: _("You are on your way: use the hints on the plays you are unsure of, and look at the "
                               "costliest plays below."),
        # TRANSLATORS: backgammon game review: what an average loss of 0.040 points a game per play or more means.
        "beginner": lambda: _("A beginner's start: the last step of the hint shows the best play whenever you want "
                              "it, and the plays below show where the points went."),
    }[level]()


def review_summary(chosen) -> list[str]:
    """The review in plain words: how many plays had a choice, how many were the best, what a play
    gave away on average and what that says. ``chosen``: the graded plays that had a choice."""
    if not chosen:
        # TRANSLATORS: backgammon game review, when every roll so far allowed one play only (or none).
        return [_("You have not made a play with a choice yet: every roll so far allowed one play or none.")]
    best = sum(1 for r in chosen if r.graded.label == "best")
    mean = round(sum(r.graded.loss for r in chosen) / len(chosen))
    return [
        # TRANSLATORS: backgammon game review: how many of the learner's plays had more than one possibility.
        ngettext("You made %(num)d play with a choice.", "You made %(num)d plays with a choice.", len(chosen)),
        # TRANSLATORS: backgammon game review: how many of those plays were the evaluator's best.
        ngettext("%(num)d of them was the best play.", "%(num)d of them were the best play.", best),
        # TRANSLATORS: backgammon game review: the average cost of a play against the best one, e.g. "0.021".
        _("On average a play of yours gave away %(loss)s points a game.", loss=points(mean)) + " " + _level(mean),
        # TRANSLATORS: backgammon game review: what "points a game" means, for a learner.
        _("(Points a game: what a play costs on average, over many games played on from the same position.)"),
    ]


__all__ = ["LABELS", "LEVELS", "expert", "going_on", "grade_name", "grade_sentences", "only_play", "points", "position_done",
           "reasons_text", "recommendation", "review_summary"]
