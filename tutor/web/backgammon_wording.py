"""Sentences about backgammon positions, rendered from the engine's notes and error codes through
gettext (the domino sentences live in ``wording.py``; this module is backgammon's).

Terms follow BACKGAMMON.md §7 (vi: mũi tên, quân, thanh giữa, videau...; id: titik, bidak, bar,
videau...; in Indonesian a pip stays "pip", never "mata", the domino word).
"""

from __future__ import annotations

from typing import Callable, Iterable

from babel.lists import format_list
from flask_babel import get_locale, gettext as _, ngettext

from ..games.backgammon import BackgammonError
from ..games.backgammon.analysis import Note


def side_name(side: str) -> str:
    if side == "white":
        # TRANSLATORS: backgammon: the learner's colour (White), as a name inside sentences of the analyze API.
        return _("White")
    # TRANSLATORS: backgammon: the opponent's colour (Black), as a name inside sentences of the analyze API.
    return _("Black")


def point_name(number: int) -> str:
    # TRANSLATORS: backgammon: one of the 24 points (triangles) of the board, by its number (vi "mũi tên", id "titik").
    return _("point %(number)s", number=number)


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
        "%(side)s must bring the checkers on the bar back in first, but with %(dice)s both places where they "
        "could come in hold two or more opposing checkers.", side=side_name(side), dice=dice),
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
}


def render_notes(notes: Iterable[Note]) -> str:
    return " ".join(NOTES[n.kind](**n.params) for n in notes)


ERRORS: dict[str, Callable[..., str]] = {
    # TRANSLATORS: error message of the analyze API (body); field names such as hands, line, to_move and passes stay in English.
    "body": lambda **p: _("The request body must be a JSON object."),
    # TRANSLATORS: error message of the analyze API (missing); field names such as hands, line, to_move and passes stay in English.
    "missing": lambda field="", **p: _("The field %(field)s is required.", field=field),
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


def render_error(error: BackgammonError) -> str:
    render = ERRORS.get(error.code)
    try:
        if render is not None:
            return render(**error.params)
    except TypeError:  # a code raised with other parameters than its sentence needs
        pass
    # TRANSLATORS: generic error for a game position the rules cannot accept.
    return _("This is not a valid position.")
