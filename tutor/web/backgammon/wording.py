"""Sentences about backgammon positions, rendered from the engine's notes and error codes through
gettext (the domino sentences live in ``wording.py``; this module is backgammon's).

Terms follow BACKGAMMON.md §7 (vi: mũi tên, quân, thanh giữa, videau...; id: titik, bidak, bar,
videau...; in Indonesian a pip stays "pip", never "mata", the domino word).
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from babel.lists import format_list
from flask_babel import get_locale, gettext as _, ngettext, pgettext

from tutor.games.backgammon import BackgammonError
from tutor.games.backgammon.analysis import Note
from tutor.web.api import BODY_ERRORS
from tutor.web.sentences import lend, register, say, say_or


def side_name(side: str) -> str:
    if side == "white":
        # TRANSLATORS: backgammon: the learner's colour (White), as a name inside sentences of the analyze API.
        return _("White")
    # TRANSLATORS: backgammon: the opponent's colour (Black), as a name inside sentences of the analyze API.
    return _("Black")


def point_name(number: int) -> str:
    # TRANSLATORS: backgammon: one of the 24 points (triangles) of the board, by its number (vi "mũi tên", id "titik").
    return _("point %(number)s", number=number)


_NOTATION_WORD = re.compile(r"(?<![A-Za-z])(bar|off)(?![A-Za-z])")


def localized_notation(text: str) -> str:
    """A play in the standard notation (``bar/22* 6/off``) with "bar" and "off" in the page's
    language, as the glossary says them; the points, ``/``, ``*`` and ``(2)`` stay, so that the
    play reads as backgammon programs write it (the course's notation step says both words)."""
    words = {
        # TRANSLATORS: backgammon notation: the bar as the start of a move, as in "bar/22" (vi "thanh giữa", id "bar"); short, no spaces needed.
        "bar": pgettext("backgammon notation", "bar"),
        # TRANSLATORS: backgammon notation: off the board, the end of a move that bears a checker off, as in "6/off" (vi "ra", id "keluar"); one short word.
        "off": pgettext("backgammon notation", "off"),
    }
    return _NOTATION_WORD.sub(lambda m: words[m[1]], text)


def _list(items: Iterable[str]) -> str:
    return format_list(list(items), locale=str(get_locale() or "en"))


def _over(kind: str, side: str) -> str:
    name = side_name(side)
    if kind == "single":
        # TRANSLATORS: backgammon analyze API: the game is over; %(side)s is White or Black.
        return _("%(side)s has borne off all 15 checkers and wins a single game.", side=name)
    if kind == "gammon":
        # TRANSLATORS: backgammon analyze API: the game is over with a gammon (the loser bore off nothing).
        return _("%(side)s has borne off all 15 checkers and wins a gammon: the opponent has not borne off a "
                 "single checker.", side=name)
    # TRANSLATORS: backgammon analyze API: the game is over with a backgammon.
    return _("%(side)s has borne off all 15 checkers and wins a backgammon: the opponent has borne off nothing "
             "and still has a checker on the bar or in the winner's home board.", side=name)


NOTES: dict[str, Callable[..., str]] = {
    # TRANSLATORS: backgammon analyze API: each side's pip count (pips left to bear everything off). Indonesian keeps "pip".
    "pips": lambda white, black: _("Pip count: White %(white)s, Black %(black)s.", white=white, black=black),
    "over_single": lambda side: _over("single", side),
    "over_gammon": lambda side: _over("gammon", side),
    "over_backgammon": lambda side: _over("backgammon", side),
    # TRANSLATORS: backgammon analyze API: how the score of a finished game adds up (1, 2 or 3 times the videau).
    "points": lambda multiplier, cube, points: _(
        "Points: %(multiplier)s × videau %(cube)s = %(points)s.", multiplier=multiplier, cube=cube, points=points),
    # TRANSLATORS: backgammon analyze API, before the roll: the side to move may offer the videau (doubling cube).
    "may_double": lambda side, value, doubled: _(
        "%(side)s is to roll. Before rolling, %(side)s may offer the videau, raising it from %(value)s to "
        "%(doubled)s; the opponent then accepts or refuses.", side=side_name(side), value=value, doubled=doubled),
    # TRANSLATORS: backgammon analyze API, before the roll: the opponent owns the videau, so only it may offer it.
    "cube_theirs": lambda side, owner, value: _(
        "%(side)s is to roll. The videau (now %(value)s) belongs to %(owner)s, so only %(owner)s may offer it.",
        side=side_name(side), owner=side_name(owner), value=value),
    # TRANSLATORS: backgammon analyze API, before the roll: the videau is at 64, the cap.
    "cube_cap": lambda side, value: _(
        "%(side)s is to roll. The videau is at %(value)s, its highest value: nobody may offer it again.",
        side=side_name(side), value=value),
    # TRANSLATORS: backgammon analyze API: checkers on the bar cannot come back in with either die.
    "entry_closed": lambda side, dice: _(
        "%(side)s must bring the checkers on the bar back in first, but with %(dice)s every place where they "
        "could come in holds two or more opposing checkers.", side=side_name(side), dice=dice),
    # TRANSLATORS: backgammon analyze API: no checker can move with these dice.
    "turn_lost": lambda side, dice: _(
        "With %(dice)s, %(side)s cannot move any checker: the turn is lost.", side=side_name(side), dice=dice),
    # TRANSLATORS: backgammon analyze API: checkers on the bar must come back in before anything else moves.
    "enter_first": lambda side, count: ngettext(
        "%(side)s has %(num)d checker on the bar: it must come back in, on the opponent's home board, before "
        "any other checker moves.",
        "%(side)s has %(num)d checkers on the bar: they must all come back in, on the opponent's home board, "
        "before any other checker moves.", count, side=side_name(side)),
    # TRANSLATORS: backgammon analyze API: both dice show the same number, which is then moved four times.
    "same_dice": lambda die: _("Both dice show %(die)s, so %(die)s is moved four times.", die=die),
    # TRANSLATORS: backgammon analyze API: only one of two dice can be used; the higher one can, so it must.
    "one_die_higher": lambda high, low: _(
        "Only one die can be used, so it must be the higher one, %(high)s, since it can be played.", high=high),
    # TRANSLATORS: backgammon analyze API: only one die can be used and the higher cannot, so the lower is played.
    "one_die_lower": lambda high, low: _(
        "Only one die can be used, and the higher one, %(high)s, cannot be played, so the %(low)s is played.",
        high=high, low=low),
    # TRANSLATORS: backgammon analyze API: with the same number on both dice, fewer than four moves are possible.
    "fewer_same_dice": lambda count, die: ngettext(
        "Only %(num)d of the four moves of %(die)s can be made, and it must be.",
        "Only %(num)d of the four moves of %(die)s can be made, and they must be.", count, die=die),
    # TRANSLATORS: backgammon analyze API: how many legal plays the dice allow, counted by the position they leave.
    "play_count": lambda side, dice, count: ngettext(
        "%(side)s plays %(dice)s: there is %(num)d legal way to play it.",
        "%(side)s plays %(dice)s: there are %(num)d legal ways to play it, counted by the position they leave.",
        count, side=side_name(side), dice=dice),
    # TRANSLATORS: backgammon analyze API: the first moves the app offers, as a list such as "24/18 and 13/8".
    "first_steps": lambda steps: _("A legal play can start with %(steps)s.", steps=_list(steps)),
    # TRANSLATORS: backgammon analyze API explanation: the play the app's evaluator rates best (its reasons are given as codes beside it).
    "best_play": lambda play: _("The best play by the app's evaluator is %(play)s.", play=play),
    # TRANSLATORS: backgammon analyze API explanation: the dice allow a single play.
    "only_play": lambda play: _("%(play)s is the only play these dice allow.", play=play),
}


register("backgammon.explain", NOTES, __name__)


def render_notes(notes: Iterable[Note]) -> str:
    return " ".join(say("backgammon.explain", n.kind, n.params) for n in notes)


ERRORS: dict[str, Callable[..., str]] = {
    # TRANSLATORS: backgammon analyze API error: "level" is not one of the evaluator's levels. JSON words stay as they are.
    "level": lambda levels=(), **p: _("level must be \"fast\" or \"deep\"."),
    # TRANSLATORS: backgammon analyze API error: "played" is not a legal play of the position with its dice; %(played)s is what was sent.
    "played": lambda played="", **p: _("played (%(played)s) is not a legal play of this position with these dice: give "
                                       "the notation of one of the listed plays, or the position it leaves.",
                                       played=played),
    # TRANSLATORS: backgammon analyze API error: "played" was sent for a position that has no play to make (no dice, no legal play, or the game is over).
    "played_no_play": lambda **p: _("played needs a position with dice and a legal play to make."),
    # TRANSLATORS: backgammon analyze API error: "white" or "black" is not an object of board numbers and counts. JSON stays as is.
    "points_type": lambda field="", **p: _(
        "%(field)s must be an object such as {\"24\": 2, \"13\": 5}: a number on the board and how many "
        "checkers are there.", field=field),
    # TRANSLATORS: backgammon analyze API error: a key of "white" or "black" is not a number 1 to 24.
    "point_key": lambda key="", **p: _("%(key)s is not on the board: use the numbers 1 to 24.", key=key),
    # TRANSLATORS: backgammon analyze API error: a count of checkers that is not a whole number in range.
    "count": lambda value="", low=1, **p: _(
        "%(value)s is not a possible number of checkers here: write a whole number from %(low)s to 15.",
        value=value, low=low),
    # TRANSLATORS: backgammon analyze API error: "bar" must be an object. JSON stays as is.
    "bar_type": lambda **p: _("bar must be an object such as {\"white\": 1, \"black\": 0}."),
    # TRANSLATORS: backgammon analyze API error: a side that is not "white" or "black" (these words stay in English).
    "side": lambda value="", **p: _("%(value)s is not a side: write white or black.", value=value),
    # TRANSLATORS: backgammon analyze API error: more than 15 checkers of one colour.
    "too_many": lambda side="white", count=0, **p: _(
        "%(side)s has %(count)s checkers on the board and the bar, but each side has only 15.",
        side=side_name(side), count=count),
    # TRANSLATORS: backgammon analyze API error: both colours on one point.
    "shared_point": lambda point=0, **p: _(
        "White and Black cannot both have checkers on %(point)s.", point=point_name(point)),
    # TRANSLATORS: backgammon analyze API error: the dice field. JSON stays as is.
    "dice": lambda **p: _("dice must be two whole numbers from 1 to 6, such as [6, 5]."),
    # TRANSLATORS: backgammon analyze API error: the cube field is not an object. JSON stays as is.
    "cube_type": lambda **p: _("cube must be an object such as {\"value\": 2, \"owner\": \"white\"}."),
    # TRANSLATORS: backgammon analyze API error: the videau value is not a power of 2 up to 64.
    "cube_value": lambda value="", **p: _(
        "The videau value must be 1, 2, 4, 8, 16, 32 or 64, not %(value)s.", value=value),
    # TRANSLATORS: backgammon analyze API error: the videau owner is not white, black or null (these stay in English).
    "cube_owner": lambda value="", **p: _(
        "The videau owner must be white, black or null, not %(value)s.", value=value),
    # TRANSLATORS: backgammon analyze API error: both sides have borne off all their checkers.
    "both_off": lambda **p: _(
        "Both sides cannot have borne off all 15 checkers: the game ends as soon as the first one does."),
}


def _no_checker(point: int | str = 0, **p) -> str:
    if point == "bar":
        # TRANSLATORS: backgammon: a refused move: the learner has no checker on the bar to move.
        return _("You have no checker on the bar.")
    # TRANSLATORS: backgammon: a refused move: no checker of the learner's on that point.
    return _("You have no checker on %(point)s.", point=point_name(point))


#: Why a move is refused (the engine's why-not codes, ``tutor.games.backgammon.why_not``), said to
#: the player who tried it. Points are in the mover's own numbering.
REASONS: dict[str, Callable[..., str]] = {
    # TRANSLATORS: backgammon: a refused move: the target point holds two or more opposing checkers.
    "blocked": lambda point=0, count=2, **p: _(
        "Point %(number)s is held by %(count)s opposing checkers: no checker may stop there.",
        number=point, count=count),
    # TRANSLATORS: backgammon: a refused move with both dice: its midway stop holds two or more opposing checkers.
    "blocked_midway": lambda point=0, count=2, **p: _(
        "On the way, the checker would stop on %(point)s, which is held by %(count)s opposing checkers: a stop "
        "on the way counts like any other stop.", point=point_name(point), count=count),
    # TRANSLATORS: backgammon: a refused move: checkers on the bar must come back in first.
    "must_enter": lambda count=1, **p: ngettext(
        "You have %(num)d checker on the bar: bring it back in before moving any other checker.",
        "You have %(num)d checkers on the bar: bring them all back in before moving any other checker.", count),
    # TRANSLATORS: backgammon: a refused bear-off: some checkers are not in the home board yet.
    "not_all_home": lambda outside=1, **p: ngettext(
        "You may bear off only when all your checkers are in your home board: %(num)d is still outside.",
        "You may bear off only when all your checkers are in your home board: %(num)d are still outside.",
        outside),
    # TRANSLATORS: backgammon: a refused move: its length is not a number the learner rolled.
    "no_die": lambda distance=0, dice="", **p: _(
        "That move covers %(distance)s, but you rolled %(dice)s.", distance=distance, dice=dice),
    "no_checker": _no_checker,
    # TRANSLATORS: backgammon: a refused move: the checkers on that point are the opponent's.
    "not_your_checker": lambda point=0, **p: _(
        "The checkers on %(point)s are your opponent's, not yours.", point=point_name(point)),
    # TRANSLATORS: backgammon: a refused move: checkers never move backwards.
    "wrong_direction": lambda **p: _("Checkers never move backwards: yours go from 24 towards 1, then off."),
    # TRANSLATORS: backgammon: a refused bear-off with a die larger than the point, while a higher point still holds a checker.
    "bear_off_higher": lambda point=0, die=0, higher=0, **p: _(
        "A %(die)s bears a checker off %(point)s only when none of yours is higher up: you still have one on "
        "%(higher)s.", die=die, point=point_name(point), higher=point_name(higher)),
    # TRANSLATORS: backgammon: a refused move: it leaves the other die unplayable while another play uses both.
    "kills_other_die": lambda die=0, other=0, **p: _(
        "After that move your %(other)s could not be played, and another way uses both dice: when both dice "
        "can be used, both must be.", other=other),
    # TRANSLATORS: backgammon: a refused move: only one die can be used, and it must be the higher.
    "higher_die": lambda die=0, other=0, **p: _(
        "Only one die can be used here, so it must be the higher one, %(die)s.", die=die),
    # TRANSLATORS: backgammon: a refused move: the game has ended.
    "game_over": lambda **p: _("The game is over: no more moves can be made."),
    # TRANSLATORS: backgammon: a refused move: the dice have not been rolled yet.
    "no_dice": lambda **p: _("Roll the dice first."),
    # TRANSLATORS: backgammon: a refused move: every die of this roll has been used.
    "no_dice_left": lambda **p: _("Every die of this roll has been used."),
    # TRANSLATORS: backgammon: a refused move that no legal play starts with (a fallback).
    "not_offered": lambda **p: _("No legal play starts with that move."),
    # TRANSLATORS: backgammon: an empty play refused: the dice can be used, so the player must move.
    "must_move": lambda **p: _("These dice can be used, so you must move."),
    # TRANSLATORS: backgammon: a play refused because the dice cannot be used at all.
    "no_play": lambda **p: _("These dice cannot be used: the turn is lost."),
    # TRANSLATORS: backgammon: a written play that does not use the dice as the rules require.
    "incomplete": lambda **p: _("That play does not use the dice as the rules require."),
    # TRANSLATORS: backgammon: a game address holds something that is not a move, a roll or an answer.
    "decision": lambda **p: _("This is not a move, a roll or an answer."),
    # TRANSLATORS: backgammon: a game address has something else where the answer to the videau (take or pass) belongs.
    "answer_expected": lambda **p: _("The videau was offered here, so the next step must be to take or pass."),
    # TRANSLATORS: backgammon: a game address has something else where the choice to roll or offer the videau belongs.
    "roll_expected": lambda **p: _("Here the player may offer the videau, so the next step must be to roll or to "
                                   "offer it."),
    # TRANSLATORS: backgammon: a game address has a roll or an answer where a play belongs.
    "play_expected": lambda **p: _("The dice are rolled here, so the next step must be a play."),
    # TRANSLATORS: backgammon: a game address holds more steps than the game has.
    "too_long": lambda **p: _("The game does not go on that long."),
    # TRANSLATORS: backgammon: a videau offer refused: the opponent owns the videau.
    "cube_not_yours": lambda **p: _("The videau belongs to your opponent: only its owner may offer it."),
    # TRANSLATORS: backgammon: a videau offer refused: it is already at 64.
    "cube_cap": lambda **p: _("The videau is already at 64: nobody may offer it again."),
    # TRANSLATORS: backgammon: a videau offer refused: it is offered before rolling, not after.
    "cube_after_roll": lambda **p: _("The videau may be offered only before rolling."),
}


register("backgammon.refusal", ERRORS, __name__)
register("backgammon.refusal", REASONS, __name__)
# a body that is not JSON, a missing field: the API says it alike for every game (written once)
lend("backgammon.refusal", BODY_ERRORS, "api.refusal")


def render_reason(code: str, params: dict | None = None) -> str:
    """Why a move or offer is refused, from a why-not reason or an IllegalMoveError's code."""
    # TRANSLATORS: backgammon: a refused move, when no more precise reason applies.
    return say_or("backgammon.refusal", code, params, lambda: _("The rules do not allow that move."))


def render_error(error: BackgammonError) -> str:
    # TRANSLATORS: generic error for a game position the rules cannot accept.
    return say_or("backgammon.refusal", error.code, error.params, lambda: _("This is not a valid position."))
