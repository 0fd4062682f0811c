"""Sentences a learner reads about the rules, rendered from structured notes through gettext.

Each note kind (see ``tutor.games.domino.analysis``) and each error code has one function here, so every
sentence lives in the catalogs and translators see it with its placeholders.
"""

from __future__ import annotations

from typing import Callable, Iterable

from flask_babel import gettext as _, ngettext, pgettext

from tutor.games.domino.analysis import Note
from tutor.games.domino import DominoError
from tutor.web.domino.names import player_name
from tutor.web.lists import join_and, join_or
from tutor.web.numbers import decimal
from tutor.web.api import BODY_ERRORS
from tutor.web.sentences import lend, register, say, say_or


def _tiles(tiles: Iterable[str]) -> str:
    return join_and(tiles)


def _seats(seats: Iterable[int]) -> str:
    return join_and(seats)


def arm_name(arm: str) -> str:
    """One arm of a spinner's table (Straight, All Fives), as a sentence names it: the spinner's
    four, or a double's side (``4-4.left``) when every double branches."""
    double, _dot, hand = arm.partition(".")
    if hand == "left":
        # TRANSLATORS: a spinner game's table where every double branches: the arm growing from the left side of a double lying in an arm (%(double)s, such as 4-4; left as seen from the spinner along that arm).
        return _("the left side of %(double)s", double=double)
    if hand == "right":
        # TRANSLATORS: a spinner game's table where every double branches: the arm growing from the right side of a double lying in an arm (%(double)s, such as 4-4; right as seen from the spinner along that arm).
        return _("the right side of %(double)s", double=double)
    return {
        # TRANSLATORS: a spinner game's table: the arm growing from the spinner's left end.
        "left": lambda: _("the left arm"),
        # TRANSLATORS: a spinner game's table: the arm growing from the spinner's right end.
        "right": lambda: _("the right arm"),
        # TRANSLATORS: a spinner game's table: the arm growing from the spinner's upper side.
        "up": lambda: _("the top arm"),
        # TRANSLATORS: a spinner game's table: the arm growing from the spinner's lower side.
        "down": lambda: _("the bottom arm"),
    }[arm]()


def _empty_arms(arms: list[str], number: int) -> str:
    if len(arms) == 1:
        # TRANSLATORS: explanation of an All Fives position: one side of the spinner is open but bare; %(arm)s is "the top arm" or "the bottom arm".
        return _("Nothing lies on %(arm)s yet: a %(number)s may go there, but it adds nothing to the count.",
                 arm=arm_name(arms[0]), number=number)
    # TRANSLATORS: explanation of an All Fives position: both sides of the spinner are open but bare.
    return _("Nothing lies on the top and bottom arms yet: a %(number)s may go on either, but they add nothing "
             "to the count.", number=number)


def _arm_fit_count(tile: str, arm: str, number: int, sum: str, count: int, points: int) -> str:
    if not count:
        # TRANSLATORS: explanation of an All Fives position: a legal play that leaves every open end blank: 0 is a multiple of 5, but worth nothing.
        return _("%(tile)s fits %(arm)s (%(number)s); the open ends would then add up to %(sum)s = 0, a multiple "
                 "of 5 that is worth nothing, so it scores nothing.", tile=tile, arm=arm_name(arm), number=number,
                 sum=sum)
    if points:
        # TRANSLATORS: explanation of an All Fives position: a legal play, the open ends it leaves and the points it scores.
        return _("%(tile)s fits %(arm)s (%(number)s); the open ends would then add up to %(sum)s = %(count)s, "
                 "which scores %(points)s.", tile=tile, arm=arm_name(arm), number=number, sum=sum, count=count,
                 points=points)
    # TRANSLATORS: explanation of an All Fives position: a legal play whose open ends do not add up to a multiple of 5.
    return _("%(tile)s fits %(arm)s (%(number)s); the open ends would then add up to %(sum)s = %(count)s, "
             "not a multiple of 5, so it scores nothing.", tile=tile, arm=arm_name(arm), number=number, sum=sum,
             count=count)


def _arm_ends(ends) -> str:
    # TRANSLATORS: one open end of a spinner game's table, in a list: "5 on the left arm".
    return join_and(_("%(number)s on %(arm)s", number=number, arm=arm_name(arm)) for arm, number in ends)


# ---- the hint engine on other rule sets (spinner arms, All Fives' points, Sato 157, issue #15) ----
def _arm_names(arms: Iterable[str]) -> str:
    """Arms as alternatives: "the left arm or the top arm"."""
    return join_or(arm_name(arm) for arm in arms)


def _scoring_play(tile: str, arm: str, points: int) -> str:
    # TRANSLATORS: one item of a list of All Fives plays that score: "6-4 on the top arm: 15 points".
    return ngettext("%(tile)s on %(arm)s: %(num)d point", "%(tile)s on %(arm)s: %(num)d points", points,
                    tile=tile, arm=arm_name(arm))


def _scoring_plays(plays) -> str:
    # TRANSLATORS: All Fives hint: the legal plays that score, each with its points, e.g. "6-4 on the top arm: 15 points and 5-0 on the left arm: 10 points".
    return ngettext("This play scores: %(plays)s.", "These plays score: %(plays)s.", len(plays),
                    plays=join_and(_scoring_play(*play) for play in plays))


def _no_scoring_play(count: int) -> str:
    if count == 1:
        # TRANSLATORS: All Fives hint: the learner's one legal play leaves a count that is not a multiple of 5 (or 0, which scores nothing).
        return _("Your only play does not score: the open ends it leaves add up to no multiple of 5 above 0.")
    # TRANSLATORS: All Fives hint: none of the learner's legal plays leaves a count that is a multiple of 5 above 0.
    return _("None of your plays scores this turn: none leaves the open ends adding up to a multiple of 5 above 0.")


def _standing(margin: float) -> str:
    """How far ahead of the opponent a move left the learner on average (All Fives), in words."""
    points = decimal(abs(margin))
    if margin > 0:
        # TRANSLATORS: All Fives hint, inside a sentence: on average the learner ended this many points ahead (a decimal such as 3.5).
        return _("%(points)s points ahead of your opponent", points=points)
    if margin < 0:
        # TRANSLATORS: All Fives hint, inside a sentence: on average the learner ended this many points behind (a decimal such as 3.5).
        return _("%(points)s points behind your opponent", points=points)
    # TRANSLATORS: All Fives hint, inside a sentence: on average the learner ended level with the opponent.
    return _("level with your opponent")


def _move_arm_points(tile: str, arm: str, number: int, count: int, points: int) -> str:
    # TRANSLATORS: hint ladder, third rung in All Fives: the play, the count of the open ends it leaves and the points it scores.
    return ngettext("Play %(tile)s on %(arm)s, on the %(number)s: the open ends then add up to %(count)s, "
                    "so you score %(num)d point.",
                    "Play %(tile)s on %(arm)s, on the %(number)s: the open ends then add up to %(count)s, "
                    "so you score %(num)d points.", points, tile=tile, arm=arm_name(arm), number=number, count=count)


def move_named(move: dict) -> str:
    """A move in a list of moves: "6-1 on the left end", "5-5 on the top arm", "opening with 5-5"."""
    if move["end"] is None:
        # TRANSLATORS: hint engine: an opening move in a list of moves about as good as the recommended one.
        return _("opening with %(tile)s", tile=move["tile"])
    if move.get("spinner"):
        # TRANSLATORS: hint engine: a move on a spinner's arm in a list of moves about as good as the recommended one, e.g. "5-1 on the top arm".
        return _("%(tile)s on %(arm)s", tile=move["tile"], arm=arm_name(move["end"]))
    if move["end"] == "left":
        # TRANSLATORS: hint engine: a move on the left end in a list of moves about as good as the recommended one.
        return _("%(tile)s on the left end", tile=move["tile"])
    # TRANSLATORS: hint engine: a move on the right end in a list of moves about as good as the recommended one.
    return _("%(tile)s on the right end", tile=move["tile"])


def _about_as_good(moves: list[dict], points: bool) -> str:
    names = join_or(move_named(m) for m in moves)
    # TRANSLATORS: hint engine, after the recommended move: other moves whose results are within the simulation's margin of error, e.g. "6-1 on the left end or 4-2 on the right end".
    return ngettext("%(moves)s did about as well (within the simulation's margin of error): it is as good a choice.",
                    "%(moves)s did about as well (within the simulation's margin of error): each is as good a choice.",
                    len(moves), moves=names)


def _no_boneyard_pass(seats: int) -> str:
    # TRANSLATORS: Sato 157 hint: with four players every tile is dealt, so a player with no fitting tile passes without drawing.
    return ngettext("With %(num)d player every tile is dealt, so there is no boneyard: when no tile fits, you pass at once.",
                    "With %(num)d players every tile is dealt, so there is no boneyard: when no tile fits, you pass at once.",
                    seats)


def _reason_scores_nothing(tile: str, sum: str, count: int) -> str:
    if not count:
        # TRANSLATORS: hint engine, All Fives: the recommended play leaves every open end blank: 0 is a multiple of 5, but worth nothing.
        return _("%(tile)s scores nothing now: the open ends then add up to %(sum)s = 0, a multiple of 5 that is "
                 "worth nothing.", tile=tile, sum=sum)
    # TRANSLATORS: hint engine, All Fives: the recommended play scores nothing now (it is chosen for what follows).
    return _("%(tile)s scores nothing now: the open ends then add up to %(sum)s = %(count)s, not a multiple of 5.",
             tile=tile, sum=sum, count=count)


def _no_boneyard(seats: int) -> str:
    # TRANSLATORS: Sato 157 strategy hint: with four players there is no boneyard; the round is blocked as soon as nobody can play, and won on the lowest pip total.
    return ngettext("With %(num)d player every tile is dealt: there is no boneyard, so a player who cannot play passes "
                    "at once, and as soon as nobody can play the lowest pip total wins.",
                    "With %(num)d players every tile is dealt: there is no boneyard, so a player who cannot play passes "
                    "at once, and as soon as nobody can play the lowest pip total wins.",
                    seats)


#: The same notes said to the learner at a game page (``tutor.web.domino.voice``: "you", "your opponent"):
#: those of the notes above that name a seat. ``v`` is the page's Voice (its ``viewer`` and names).
def _learner_open_any(v, seat: int) -> str:
    if seat == v.viewer:
        # TRANSLATORS: game page, Sato 157 after the first round: the learner leads and may open with any tile.
        return _("You lead this round and may open with any tile: in Sato 157 each round after the first is led by "
                 "the winner of the round before (after a tie, by the same player as before).")
    # TRANSLATORS: game page, Sato 157 after the first round: another player leads; %(player)s is e.g. "Your opponent".
    return _("%(player)s leads this round and may open with any tile: in Sato 157 each round after the first is led "
             "by the winner of the round before (after a tie, by the same player as before).", player=v.name(seat))


def _learner_arms_must_draw(v, seat: int, numbers, boneyard: int) -> str:
    # TRANSLATORS: game page, a spinner game: no tile in your hand shows the number of any open arm; %(numbers)s is e.g. "5, 0 or 3".
    return ngettext("No tile in your hand shows %(numbers)s, so you must draw; the boneyard holds %(num)d tile.",
                    "No tile in your hand shows %(numbers)s, so you must draw from the boneyard (%(num)d tiles), one "
                    "at a time, until one fits.", boneyard, numbers=join_or(numbers))


def _learner_arms_must_pass(v, seat: int, numbers) -> str:
    # TRANSLATORS: game page, a spinner game: nothing in your hand fits an open arm and the boneyard is empty.
    return _("No tile in your hand shows %(numbers)s and the boneyard is empty, so you must pass.",
             numbers=join_or(numbers))


def _learner_turn_play_arm(v, seat: int, drawn: int, tile: str, arm: str) -> str:
    # TRANSLATORS: move log on a game page: another player played a tile on a spinner's top or bottom arm.
    return _("%(player)s played %(tile)s on %(arm)s.", player=v.name(seat), tile=tile, arm=arm_name(arm))


def _learner_turn_draw_play_arm(v, seat: int, drawn: int, tile: str, arm: str) -> str:
    # TRANSLATORS: move log on a game page: another player drew, then played on a spinner's top or bottom arm.
    return ngettext("%(player)s drew %(num)d tile, then played %(tile)s on %(arm)s.",
                    "%(player)s drew %(num)d tiles, then played %(tile)s on %(arm)s.",
                    drawn, player=v.name(seat), tile=tile, arm=arm_name(arm))


LEARNER_NOTES: dict[str, Callable[..., str]] = {
    "open_any": _learner_open_any,
    "arms_must_draw": _learner_arms_must_draw,
    "arms_must_pass": _learner_arms_must_pass,
    "turn_play_arm": _learner_turn_play_arm,
    "turn_draw_play_arm": _learner_turn_draw_play_arm,
}


# Sentences that name both open ends read badly when both ends show the same number ("5 or 5"):
# each has a second form naming the number once.
def _no_fit_tiles(tiles: list[str], left: int, right: int) -> str:
    if left == right:
        # TRANSLATORS: explanation of a position (no_fit_tiles): tiles that fit neither end; both ends show %(number)s.
        return ngettext("%(tiles)s does not fit: it has no %(number)s.",
                        "%(tiles)s do not fit: none of them has a %(number)s.",
                        len(tiles), tiles=_tiles(tiles), number=left)
    # TRANSLATORS: explanation of a position (no_fit_tiles): tiles that fit neither open end.
    return ngettext("%(tiles)s does not fit: it shows neither %(left)s nor %(right)s.",
                    "%(tiles)s do not fit: none of them shows %(left)s or %(right)s.",
                    len(tiles), tiles=_tiles(tiles), left=left, right=right)


def _must_draw(seat: int, left: int, right: int, boneyard: int) -> str:
    if left == right:
        # TRANSLATORS: explanation of a position (must_draw): nothing fits, the boneyard has tiles; both ends show %(number)s.
        return ngettext(
            "No tile in seat %(seat)s's hand shows %(number)s, and the boneyard holds %(num)d tile, "
            "so seat %(seat)s must draw it, and play it if it fits; if it does not, pass.",
            "No tile in seat %(seat)s's hand shows %(number)s, and the boneyard holds %(num)d tiles, "
            "so seat %(seat)s must draw one tile at a time until one fits, then play it; if none fits, pass.",
            boneyard, seat=seat, number=left)
    # TRANSLATORS: explanation of a position (must_draw): nothing fits and the boneyard has tiles. "Seat" is a player's place at the table, numbered from 0.
    return ngettext(
        "No tile in seat %(seat)s's hand shows %(left)s or %(right)s, and the boneyard holds %(num)d tile, "
        "so seat %(seat)s must draw it, and play it if it fits; if it does not, pass.",
        "No tile in seat %(seat)s's hand shows %(left)s or %(right)s, and the boneyard holds %(num)d tiles, "
        "so seat %(seat)s must draw one tile at a time until one fits, then play it; if none fits, pass.",
        boneyard, seat=seat, left=left, right=right)


def _must_pass(seat: int, left: int, right: int) -> str:
    if left == right:
        # TRANSLATORS: explanation of a position (must_pass): nothing fits, the boneyard is empty; both ends show %(number)s.
        return _("No tile in seat %(seat)s's hand shows %(number)s, and the boneyard is empty, "
                 "so seat %(seat)s must pass.", seat=seat, number=left)
    # TRANSLATORS: explanation of a position (must_pass): nothing fits and the boneyard is empty. "Seat" is a player's place at the table, numbered from 0.
    return _("No tile in seat %(seat)s's hand shows %(left)s or %(right)s, and the boneyard is empty, "
             "so seat %(seat)s must pass.", seat=seat, left=left, right=right)


NOTES: dict[str, Callable[..., str]] = {
    # TRANSLATORS: explanation of a position (open_double), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "open_double": lambda seat, tile: _(
        "Nobody has played yet. Seat %(seat)s holds the highest double, %(tile)s, so that seat opens "
        "and %(tile)s is the only legal first tile.", seat=seat, tile=tile),
    # TRANSLATORS: explanation of a position (open_heaviest), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "open_heaviest": lambda seat, tile, value: _(
        "Nobody was dealt a double, so the heaviest tile opens: seat %(seat)s holds %(tile)s "
        "(%(value)s pips) and must play it first.", seat=seat, tile=tile, value=value),
    # TRANSLATORS: explanation of a position (open_tie), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "open_tie": lambda tile, other, value, high, other_high: _(
        "%(tile)s and %(other)s are both worth %(value)s; %(tile)s ranks higher because its bigger "
        "half, %(high)s, beats the %(other_high)s of %(other)s.", tile=tile, other=other, value=value, high=high,
        other_high=other_high),
    # TRANSLATORS: explanation of a position (ends), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "ends": lambda left, right: _(
        "Open ends: %(left)s on the left, %(right)s on the right.", left=left, right=right),
    # TRANSLATORS: explanation of a position (legal_count), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "legal_count": lambda seat, count: ngettext(
        "Seat %(seat)s has %(num)d legal move.", "Seat %(seat)s has %(num)d legal moves.", count, seat=seat),
    # TRANSLATORS: explanation of a position (fits_left), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "fits_left": lambda tile, number: _(
        "%(tile)s fits the left end: its %(number)s matches the %(number)s there.", tile=tile, number=number),
    # TRANSLATORS: explanation of a position (fits_right), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "fits_right": lambda tile, number: _(
        "%(tile)s fits the right end: its %(number)s matches the %(number)s there.", tile=tile, number=number),
    "no_fit_tiles": lambda tiles, left, right: _no_fit_tiles(tiles, left, right),
    # TRANSLATORS: explanation of a position (play_compulsory), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "play_compulsory": lambda: _(
        "Playing is compulsory: with a tile that fits, you may not draw or pass."),
    "must_draw": lambda seat, left, right, boneyard: _must_draw(seat, left, right, boneyard),
    "must_pass": lambda seat, left, right: _must_pass(seat, left, right),
    # TRANSLATORS: explanation of a position (passes_so_far), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "passes_so_far": lambda passes, seats: ngettext(
        "Passes in a row so far: %(num)d of %(seats)s. If every seat passes in a row, the round is blocked.",
        "Passes in a row so far: %(num)d of %(seats)s. If every seat passes in a row, the round is blocked.",
        passes, seats=seats),
    # TRANSLATORS: explanation of a position where the seat must pass (Sato 157, Straight, All Fives): the round goes on because another player can still play.
    "pass_others_can_play": lambda: _(
        "Another player can still play, so the round goes on: it ends, blocked, only once nobody can play."),
    # TRANSLATORS: explanation of a position (domino), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "domino": lambda seat: _(
        "Seat %(seat)s has played the last tile from their hand: the round is over.", seat=seat),
    # TRANSLATORS: explanation of a position (domino_points), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "domino_points": lambda seat, sum, points: _(
        "Seat %(seat)s scores the pips left in the opponents' hands: %(sum)s = %(points)s.",
        seat=seat, sum=sum, points=points),
    # TRANSLATORS: explanation of a position (blocked), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "blocked": lambda seats: _(
        "All %(seats)s seats passed in a row, so the round is blocked and ends now.", seats=seats),
    # TRANSLATORS: explanation of a position (blocked_stuck: Sato 157, Straight, All Fives), shown by the analyze API and the hints: the round ends as soon as nobody can play, without passes.
    "blocked_stuck": lambda: _(
        "Nobody can play and the boneyard is empty, so the round is blocked and ends now, without anyone passing."),
    # TRANSLATORS: explanation of a position (pip_total), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "pip_total": lambda seat, pips, tiles: ngettext(
        "Seat %(seat)s: %(pips)s pips in %(num)d tile.", "Seat %(seat)s: %(pips)s pips in %(num)d tiles.",
        tiles, seat=seat, pips=pips),
    # TRANSLATORS: explanation of a position (blocked_lowest), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "blocked_lowest": lambda seat, pips: _(
        "Seat %(seat)s has the lowest pip total, %(pips)s, and wins the round.", seat=seat, pips=pips),
    # TRANSLATORS: explanation of a position (blocked_tiebreak), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "blocked_tiebreak": lambda seat, seats, pips, tiles: ngettext(
        "Seats %(seats)s tie on %(pips)s pips; seat %(seat)s holds fewer tiles (%(num)d) and wins the round.",
        "Seats %(seats)s tie on %(pips)s pips; seat %(seat)s holds fewer tiles (%(num)d) and wins the round.",
        tiles, seat=seat, seats=_seats(seats), pips=pips),
    # TRANSLATORS: explanation of a position (blocked_tie): every seat on the lowest pip total also holds the same number of tiles. "Seat" is a player's place at the table, numbered from 0.
    "blocked_tie": lambda seats, pips, tiles: ngettext(
        "Seats %(seats)s tie on the lowest pip total, %(pips)s, and on the number of tiles, %(num)d each, so nobody scores.",
        "Seats %(seats)s tie on the lowest pip total, %(pips)s, and on the number of tiles, %(num)d each, so nobody scores.",
        tiles, seats=_seats(seats), pips=pips),
    # TRANSLATORS: explanation of a position (blocked_tie_fewest): %(seats)s tie on pips; of them only %(tied)s also tie on the fewest tiles. "Seat" is a player's place at the table, numbered from 0.
    "blocked_tie_fewest": lambda seats, pips, tied, tiles: ngettext(
        "Seats %(seats)s tie on the lowest pip total, %(pips)s. Of them, seats %(tied)s also tie on the fewest "
        "tiles, %(num)d each, so nobody scores.",
        "Seats %(seats)s tie on the lowest pip total, %(pips)s. Of them, seats %(tied)s also tie on the fewest "
        "tiles, %(num)d each, so nobody scores.",
        tiles, seats=_seats(seats), pips=pips, tied=_seats(tied)),
    # TRANSLATORS: explanation of a position (blocked_points), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "blocked_points": lambda seat, sum, others, own, points: _(
        "Seat %(seat)s scores the other seats' pips minus their own pips: (%(sum)s) − %(own)s = %(others)s − %(own)s = %(points)s.",
        seat=seat, sum=sum, others=others, own=own, points=points),
    # ---- spinner games (Straight, All Fives: VARIANTS.md) ----
    # TRANSLATORS: explanation of a spinner game's position: who leads. "Seat" is a player's place at the table, numbered from 0. The spinner is the first double, on whose four sides tiles may be played.
    "open_spinner": lambda seat, tile: _(
        "Seat %(seat)s holds the highest double, %(tile)s, and leads with it. It is the spinner: tiles "
        "will be played on its two ends and, later, on its two sides.", seat=seat, tile=tile),
    # TRANSLATORS: explanation of a spinner game's position: the open ends, a list such as "5 on the left arm, 0 on the right arm and 3 on the top arm".
    "arm_ends": lambda ends: _("Open ends: %(ends)s.", ends=_arm_ends(ends)),
    # TRANSLATORS: explanation of a spinner game's position: the spinner's sides are not open yet.
    "sides_closed": lambda spinner: _(
        "The sides of the spinner %(spinner)s open once both its ends hold a tile.", spinner=spinner),
    # TRANSLATORS: explanation of an All Fives position: the open ends added up now (a double at an end counts both halves).
    "count_now": lambda sum, count: _("The open ends add up to %(sum)s = %(count)s.", sum=sum, count=count),
    "empty_arms_count_nothing": lambda arms, number: _empty_arms(arms, number),
    # TRANSLATORS: explanation of an All Fives position where every double branches: the bare sides of the doubles take tiles but add nothing to the count; %(arms)s lists them, e.g. "the left side of 4-4 and the right side of 4-4".
    "bare_branches_count_nothing": lambda arms: _(
        "Nothing lies yet on %(arms)s: a tile may go there, but those sides add nothing to the count until "
        "one does.", arms=join_and(arm_name(arm) for arm in arms)),
    # TRANSLATORS: explanation of a spinner game's position where every double branches: which doubles have branched; %(doubles)s lists them, e.g. "4-4 and 2-2".
    "doubles_branch": lambda doubles: ngettext(
        "The double %(doubles)s branches: a tile may go on each of its two sides, as well as on its far end.",
        "The doubles %(doubles)s branch: a tile may go on each of their two sides, as well as on their far ends.",
        len(doubles), doubles=join_and(doubles)),
    # TRANSLATORS: explanation of a spinner game's position: a legal play on an arm; %(arm)s is "the left arm", "the top arm"...
    "arm_fit": lambda tile, arm, number: _(
        "%(tile)s fits %(arm)s: its %(number)s matches the %(number)s there.", tile=tile, arm=arm_name(arm),
        number=number),
    "arm_fit_count": lambda tile, arm, number, sum, count, points: _arm_fit_count(tile, arm, number, sum, count, points),
    # TRANSLATORS: explanation of a spinner game's position: nothing fits, the boneyard has tiles. "Seat" is a player's place at the table, numbered from 0.
    "arms_must_draw": lambda seat, numbers, boneyard: ngettext(
        "No tile in seat %(seat)s's hand shows %(numbers)s, so they must draw; the boneyard holds %(num)d tile.",
        "No tile in seat %(seat)s's hand shows %(numbers)s, so they must draw from the boneyard (%(num)d tiles), "
        "one at a time, until one fits.", boneyard, seat=seat, numbers=join_or(numbers)),
    # TRANSLATORS: explanation of a spinner game's position: nothing fits and the boneyard is empty. "Seat" is a player's place at the table, numbered from 0.
    "arms_must_pass": lambda seat, numbers: _(
        "No tile in seat %(seat)s's hand shows %(numbers)s and the boneyard is empty, so they must pass.",
        seat=seat, numbers=join_or(numbers)),
    # TRANSLATORS: explanation of an All Fives result: going out scores the opponent's pips rounded to the nearest multiple of 5. "Seat" is a player's place at the table, numbered from 0.
    "domino_points_to_five": lambda seat, sum, pips, points: _(
        "Seat %(seat)s scores the pips left in the opponent's hand, rounded to the nearest multiple of 5: "
        "%(sum)s = %(pips)s, rounded to %(points)s.", seat=seat, sum=sum, pips=pips, points=points),
    # TRANSLATORS: explanation of a blocked Straight round in which both players hold the same pip total.
    "blocked_tie_pips": lambda pips: _(
        "Both players hold %(pips)s pips: a tie, so nobody scores this round.", pips=pips),
    # TRANSLATORS: explanation of a blocked round's points when the winner scores the pips in the other hands (Sato 157, Straight). "Seat" is a player's place at the table, numbered from 0.
    "blocked_points_others": lambda seat, sum, points: _(
        "Seat %(seat)s scores the pips left in the other hands: %(sum)s = %(points)s.",
        seat=seat, sum=sum, points=points),
    # TRANSLATORS: explanation of a blocked All Fives round: whoever placed the last tile takes the bonus. "Seat" is a player's place at the table, numbered from 0.
    "blocked_last_player": lambda seat, sum, pips, points: _(
        "Seat %(seat)s placed the last tile, so takes the bonus: the opponent's pips, %(sum)s = %(pips)s, "
        "rounded to the nearest multiple of 5: %(points)s.", seat=seat, sum=sum, pips=pips, points=points),
    # TRANSLATORS: explanation of an All Fives result: points a seat scored during the round's play. "Seat" is a player's place at the table, numbered from 0.
    "play_points": lambda seat, points: ngettext(
        "During the round seat %(seat)s scored %(num)d point for open ends adding up to a multiple of 5.",
        "During the round seat %(seat)s scored %(num)d points for open ends adding up to a multiple of 5.",
        points, seat=seat),
    # ---- the hint engine (tutor.games.domino.hints) and the opponents' turns (tutor.games.domino.players) ----------------
    # TRANSLATORS: hint engine (open_tie_rule): no second tile of equal value is visible to the learner. "Seat" is a player's place at the table, numbered from 0.
    "open_tie_rule": lambda tile, others, value: ngettext(
        "Had anyone held %(others)s, also worth %(value)s, %(tile)s would still open: tiles of equal value "
        "rank by their bigger half.",
        "Had anyone held one of %(others)s, also worth %(value)s, %(tile)s would still open: tiles of equal "
        "value rank by their bigger half.",
        len(others), tile=tile, others=_tiles(others), value=value),
    # TRANSLATORS: hint engine (open_tie_absent): a tile of equal value but a bigger half would have opened, so nobody holds it.
    "open_tie_absent": lambda tile, others, value: ngettext(
        "%(others)s is also worth %(value)s and would outrank %(tile)s with its bigger half, so nobody was dealt it.",
        "%(others)s are also worth %(value)s and would outrank %(tile)s with their bigger half, so nobody was dealt them.",
        len(others), tile=tile, others=_tiles(others), value=value),
    # TRANSLATORS: hint engine (open_others_illegal): the learner must open and holds other tiles.
    "open_others_illegal": lambda tile, tiles: ngettext(
        "Your other tile, %(tiles)s, cannot open the round: the first tile must be %(tile)s.",
        "Your other tiles, %(tiles)s, cannot open the round: the first tile must be %(tile)s.",
        len(tiles), tile=tile, tiles=_tiles(tiles)),
    # TRANSLATORS: hint engine (round_over): the round has ended, nobody moves any more.
    "round_over": lambda: _("The round is over."),
    # TRANSLATORS: hint engine (drawn_misfits): drawn tiles that fit neither open end.
    "drawn_misfits": lambda tiles, left, right: ngettext(
        "%(tiles)s shows neither %(left)s nor %(right)s, so drawing went on.",
        "%(tiles)s show neither %(left)s nor %(right)s, so drawing went on.",
        len(tiles), tiles=_tiles(tiles), left=left, right=right),
    # TRANSLATORS: hint engine (drawn_misfits_one): drawn tiles that do not fit; both open ends show the same number.
    "drawn_misfits_one": lambda tiles, number: ngettext(
        "%(tiles)s shows no %(number)s, so drawing went on.",
        "%(tiles)s show no %(number)s, so drawing went on.",
        len(tiles), tiles=_tiles(tiles), number=number),
    # TRANSLATORS: hint engine (drawn_last_misfit): the last tile of the boneyard was drawn and does not fit.
    "drawn_last_misfit": lambda tile, left, right: _(
        "%(tile)s, the last tile of the boneyard, shows neither %(left)s nor %(right)s: the boneyard is now "
        "empty, so the turn passes.", tile=tile, left=left, right=right),
    # TRANSLATORS: hint engine (drawn_last_misfit_one): as drawn_last_misfit; both open ends show %(number)s.
    "drawn_last_misfit_one": lambda tile, number: _(
        "%(tile)s, the last tile of the boneyard, shows no %(number)s: the boneyard is now empty, so the turn "
        "passes.", tile=tile, number=number),
    # TRANSLATORS: hint engine (drawn_fits_both_one): the last drawn tile fits both open ends, which both show %(number)s.
    "drawn_fits_both_one": lambda tile, number: _(
        "%(tile)s shows %(number)s, the number at both ends, so drawing stopped: it must be played now.",
        tile=tile, number=number),
    # TRANSLATORS: hint engine (drawn_fits_left): the last drawn tile fits the left end.
    "drawn_fits_left": lambda tile, number: _(
        "%(tile)s shows %(number)s, the number at the left end, so drawing stopped: it is the only tile "
        "that fits and it must be played now.", tile=tile, number=number),
    # TRANSLATORS: hint engine (drawn_fits_right): the last drawn tile fits the right end.
    "drawn_fits_right": lambda tile, number: _(
        "%(tile)s shows %(number)s, the number at the right end, so drawing stopped: it is the only tile "
        "that fits and it must be played now.", tile=tile, number=number),
    # TRANSLATORS: hint engine (drawn_fits_both): the last drawn tile fits both open ends.
    "drawn_fits_both": lambda tile, left, right: _(
        "%(tile)s fits both ends (%(left)s on the left, %(right)s on the right), so drawing stopped: it must "
        "be played now, at the end you choose.", tile=tile, left=left, right=right),
    # TRANSLATORS: hint engine, strategy (number_count): where the seven tiles showing a number are.
    "number_count": lambda number, table, hand, unseen: _(
        "Seven tiles show a %(number)s: %(table)s on the table, %(hand)s in your hand, %(unseen)s you cannot see.",
        number=number, table=table, hand=hand, unseen=unseen),
    # TRANSLATORS: hint engine, strategy (shed_doubles): the doubles in the learner's hand.
    "shed_doubles": lambda tiles, pips: ngettext(
        "Your double %(tiles)s (%(pips)s pips) matches only one number: shed it early, it gets harder to place.",
        "Your doubles %(tiles)s (%(pips)s pips) match only one number each: shed them early, they get harder to place.",
        len(tiles), tiles=_tiles(tiles), pips=pips),
    # TRANSLATORS: hint engine, strategy (shed_double_now): doubles that fit an open end now.
    "shed_double_now": lambda tiles: ngettext(
        "%(tiles)s fits an open end now.", "%(tiles)s fit an open end now.", len(tiles), tiles=_tiles(tiles)),
    # TRANSLATORS: hint engine, strategy (boneyard_plenty): the boneyard still holds many tiles.
    "boneyard_plenty": lambda boneyard: ngettext(
        "The boneyard holds %(num)d tile: a stuck player can still draw, but every drawn tile adds pips to their hand.",
        "The boneyard holds %(num)d tiles: a stuck player can still draw, but every drawn tile adds pips to their hand.",
        boneyard),
    # TRANSLATORS: hint engine, strategy (boneyard_low): few tiles are left in the boneyard.
    "boneyard_low": lambda boneyard: ngettext(
        "Only %(num)d tile is left in the boneyard: the next stuck player may soon have to pass, and a blocked "
        "round is won on the lowest pip total, so shed heavy tiles.",
        "Only %(num)d tiles are left in the boneyard: the next stuck player may soon have to pass, and a blocked "
        "round is won on the lowest pip total, so shed heavy tiles.",
        boneyard),
    # TRANSLATORS: hint engine, strategy (boneyard_empty).
    "boneyard_empty": lambda: _(
        "The boneyard is empty: whoever cannot play must pass, and if every seat passes in a row the lowest "
        "pip total wins."),
    # TRANSLATORS: hint engine, strategy (Sato 157, Straight): the boneyard is empty; the round ends as soon as nobody can play.
    "boneyard_empty_stuck": lambda: _(
        "The boneyard is empty: whoever cannot play must pass, and as soon as nobody can play the round is "
        "blocked and the lowest pip total wins."),
    # TRANSLATORS: hint engine, recommended move (recommend_left): %(wins)s%% is a percentage of simulated rounds won.
    "recommend_left": lambda tile, number, samples, wins: _(
        "Play %(tile)s on the left end (on the %(number)s). In %(samples)s simulated deals of the tiles you "
        "cannot see, it won %(wins)s%% of the rounds.",
        tile=tile, number=number, samples=decimal(samples), wins=decimal(wins)),
    # TRANSLATORS: hint engine, recommended move (recommend_right): %(wins)s%% is a percentage of simulated rounds won.
    "recommend_right": lambda tile, number, samples, wins: _(
        "Play %(tile)s on the right end (on the %(number)s). In %(samples)s simulated deals of the tiles you "
        "cannot see, it won %(wins)s%% of the rounds.",
        tile=tile, number=number, samples=decimal(samples), wins=decimal(wins)),
    # TRANSLATORS: hint engine, recommended move (alternative_left): the second-best move for comparison.
    "alternative_left": lambda tile, number, wins: _(
        "The next best, %(tile)s on the left end, won %(wins)s%%.", tile=tile, number=number, wins=decimal(wins)),
    # TRANSLATORS: hint engine, recommended move (alternative_right): the second-best move for comparison.
    "alternative_right": lambda tile, number, wins: _(
        "The next best, %(tile)s on the right end, won %(wins)s%%.", tile=tile, number=number, wins=decimal(wins)),
    # TRANSLATORS: hint engine, after the recommended move: its lead over every other move is larger than the simulation's margin of error (about two standard errors).
    "best_clear": lambda points: _(
        "No other move did as well, by more than the simulation's margin of error: this is the best move here."),
    "about_as_good": lambda moves, points: _about_as_good(moves, points),
    # TRANSLATORS: hint engine, recommended move (recommend_open): the forced opening.
    "recommend_open": lambda tile: _("Open with %(tile)s: the rules allow no other first tile.", tile=tile),
    # TRANSLATORS: hint engine, recommended move (recommend_only_left): a single legal move.
    "recommend_only_left": lambda tile, number: _(
        "Play %(tile)s on the left end (on the %(number)s): it is your only legal move.", tile=tile, number=number),
    # TRANSLATORS: hint engine, recommended move (recommend_only_right): a single legal move.
    "recommend_only_right": lambda tile, number: _(
        "Play %(tile)s on the right end (on the %(number)s): it is your only legal move.", tile=tile, number=number),
    # TRANSLATORS: hint engine, recommended move (recommend_either_end): one tile fits both ends, which show the same number; the two moves lead to the same game.
    "recommend_either_end": lambda tile, number: _(
        "Play %(tile)s on a %(number)s: both ends show %(number)s, so your two legal moves lead to the same "
        "game and either end will do.", tile=tile, number=number),
    # TRANSLATORS: hint engine, a reason for the recommended move (reason_plays_out).
    "reason_plays_out": lambda tile: _(
        "%(tile)s is your last tile: playing it ends the round and you score the pips left in the other hands.",
        tile=tile),
    # TRANSLATORS: hint engine, a reason for the recommended move (reason_double).
    "reason_double": lambda tile: _(
        "%(tile)s is a double: it matches only one number, so it only gets harder to place.", tile=tile),
    # TRANSLATORS: hint engine, a reason for the recommended move (reason_heavy).
    "reason_heavy": lambda tile, value: _(
        "It is your heaviest playable tile: %(tile)s takes %(value)s pips out of your hand, pips that would "
        "count against you if the round ended now.", tile=tile, value=value),
    # TRANSLATORS: hint engine, a reason for the recommended move (reason_keeps_reply).
    "reason_keeps_reply": lambda number, count: ngettext(
        "It opens a %(number)s, and you keep %(num)d tile showing %(number)s to follow on it.",
        "It opens a %(number)s, and you keep %(num)d tiles showing %(number)s to follow on it.",
        count, number=number),
    # TRANSLATORS: hint ladder, first rung (nudge_open): the round has not begun.
    "nudge_open": lambda: _("Nobody has played yet: which tile do the rules say must open?"),
    # TRANSLATORS: hint ladder, first rung (nudge_left): look at the left end.
    "nudge_left": lambda number: _("Look at the left end: it shows %(number)s.", number=number),
    # TRANSLATORS: hint ladder, first rung (nudge_right): look at the right end.
    "nudge_right": lambda number: _("Look at the right end: it shows %(number)s.", number=number),
    # TRANSLATORS: hint ladder, first rung (nudge_draw): nothing fits, the boneyard has tiles.
    "nudge_draw": lambda left, right: _(
        "Check each of your tiles for a %(left)s or a %(right)s.", left=left, right=right),
    # TRANSLATORS: hint ladder, first rung (nudge_pass): nothing fits and the boneyard is empty.
    "nudge_pass": lambda left, right: _(
        "Check each of your tiles for a %(left)s or a %(right)s, then look at the boneyard.", left=left, right=right),
    # TRANSLATORS: hint ladder, first rung (nudge_draw_one): both open ends show the same number.
    "nudge_draw_one": lambda number: _("Check each of your tiles for a %(number)s.", number=number),
    # TRANSLATORS: hint ladder, first rung (nudge_pass_one): both open ends show the same number; the boneyard is empty.
    "nudge_pass_one": lambda number: _(
        "Check each of your tiles for a %(number)s, then look at the boneyard.", number=number),
    # TRANSLATORS: hint ladder, second rung (highlight_tile): the tile to play.
    "highlight_tile": lambda tile: _("Look at %(tile)s.", tile=tile),
    # TRANSLATORS: hint ladder, second rung (highlight_boneyard): the boneyard and its count.
    "highlight_boneyard": lambda boneyard: ngettext(
        "Look at the boneyard: it holds %(num)d tile.", "Look at the boneyard: it holds %(num)d tiles.", boneyard),
    # TRANSLATORS: hint ladder, third rung (move_open).
    "move_open": lambda tile: _("Open with %(tile)s.", tile=tile),
    # TRANSLATORS: hint ladder, third rung (move_left).
    "move_left": lambda tile, number: _(
        "Play %(tile)s on the left end, on the %(number)s.", tile=tile, number=number),
    # TRANSLATORS: hint ladder, third rung (move_right).
    "move_right": lambda tile, number: _(
        "Play %(tile)s on the right end, on the %(number)s.", tile=tile, number=number),
    # TRANSLATORS: hint ladder, third rung (move_draw): nothing fits.
    "move_draw": lambda: _("No tile fits: draw one from the boneyard."),
    # TRANSLATORS: hint ladder, third rung (move_pass): nothing fits and the boneyard is empty.
    "move_pass": lambda: _("No tile fits and the boneyard is empty: pass."),
    # ---- the hint engine on other rule sets (issue #15) ----
    # TRANSLATORS: hint in a spinner game (Straight, All Fives): the first double is the spinner; its sides open once both its ends hold a tile.
    "spinner_arms": lambda spinner: _(
        "%(spinner)s is the spinner: tiles go on its two ends first, and once both ends hold a tile, on its two "
        "sides too, so up to four arms grow from it.", spinner=spinner),
    # TRANSLATORS: hint in a spinner game where every double branches (the rulebook's Straight and All Fives): what the spinner, and every later double, means for the next plays.
    "spinner_arms_branching": lambda spinner: _(
        "%(spinner)s is the spinner: tiles go on its two ends first, and once both ends hold a tile, on its two "
        "sides too. Every other double laid in an arm branches as well: its two sides open at once, beside "
        "its far end.", spinner=spinner),
    # TRANSLATORS: hint in a spinner game: the learner may play on any open arm (3 or 4 of them).
    "any_open_arm": lambda arms: ngettext(
        "You may play on any of the %(num)d open arm: a tile fits an arm when one of its halves shows the number "
        "at that arm's end.",
        "You may play on any of the %(num)d open arms: a tile fits an arm when one of its halves shows the number "
        "at that arm's end.", arms),
    "scoring_plays": lambda plays: _scoring_plays(plays),
    "no_scoring_play": lambda count: _no_scoring_play(count),
    # TRANSLATORS: hint in a spinner game: tiles in the learner's hand that fit no open arm; %(numbers)s is e.g. "5, 0 or 3".
    "no_fit_tiles_arms": lambda tiles, numbers: ngettext(
        "%(tiles)s does not fit: it has no %(numbers)s.", "%(tiles)s do not fit: none of them has a %(numbers)s.",
        len(tiles), tiles=_tiles(tiles), numbers=join_or(numbers)),
    # TRANSLATORS: hint in a spinner game: drawn tiles that fit no open arm; %(numbers)s is e.g. "5, 0 or 3".
    "drawn_misfits_many": lambda tiles, numbers: ngettext(
        "%(tiles)s shows no %(numbers)s, so drawing went on.", "%(tiles)s show no %(numbers)s, so drawing went on.",
        len(tiles), tiles=_tiles(tiles), numbers=join_or(numbers)),
    # TRANSLATORS: hint in a spinner game: the last tile of the boneyard was drawn and fits no open arm.
    "drawn_last_misfit_many": lambda tile, numbers: _(
        "%(tile)s, the last tile of the boneyard, shows no %(numbers)s: the boneyard is now empty, so the turn "
        "passes.", tile=tile, numbers=join_or(numbers)),
    # TRANSLATORS: hint in a spinner game: the last drawn tile fits one or more arms, e.g. "the left arm or the top arm".
    "drawn_fits_arms": lambda tile, arms: _(
        "%(tile)s fits %(arms)s, so drawing stopped: it must be played now.", tile=tile, arms=_arm_names(arms)),
    "no_boneyard_pass": lambda seats: _no_boneyard_pass(seats),
    "no_boneyard": lambda seats: _no_boneyard(seats),
    # TRANSLATORS: All Fives strategy hint: the boneyard is empty; a blocked round's bonus goes to whoever placed the last tile.
    "boneyard_empty_last_player": lambda: _(
        "The boneyard is empty: whoever cannot play must pass, and as soon as neither player can play, the one "
        "who placed the last tile scores the other's pips, rounded to the nearest multiple of 5."),
    # TRANSLATORS: All Fives strategy hint: few tiles are left in the boneyard.
    "boneyard_low_last_player": lambda boneyard: ngettext(
        "Only %(num)d tile is left in the boneyard: the next stuck player may soon have to pass. Once neither "
        "player can play, whoever placed the last tile scores the other's pips, so keep your hand light.",
        "Only %(num)d tiles are left in the boneyard: the next stuck player may soon have to pass. Once neither "
        "player can play, whoever placed the last tile scores the other's pips, so keep your hand light.",
        boneyard),
    # TRANSLATORS: hint ladder, first rung in a spinner game: look at one arm; %(arm)s is "the left arm", "the top arm"...
    "nudge_arm": lambda arm, number: _(
        "Look at %(arm)s: its end shows %(number)s.", arm=arm_name(arm), number=number),
    # TRANSLATORS: hint ladder, first rung in a spinner game: nothing fits; %(numbers)s lists the open numbers, e.g. "5, 0 or 3".
    "nudge_draw_many": lambda numbers: _(
        "Check each of your tiles for a %(numbers)s.", numbers=join_or(numbers)),
    # TRANSLATORS: hint ladder, first rung in a spinner game: nothing fits and the boneyard is empty.
    "nudge_pass_many": lambda numbers: _(
        "Check each of your tiles for a %(numbers)s, then look at the boneyard.", numbers=join_or(numbers)),
    # TRANSLATORS: hint ladder, first rung in Sato 157 after the first round: the learner leads and may open with any tile.
    "nudge_open_any": lambda: _("You lead this round with any tile you like: which one leaves you best placed?"),
    # TRANSLATORS: hint engine, Sato 157 after the first round: the best tile to lead with; %(wins)s%% is a percentage of simulated rounds won.
    "recommend_open_any": lambda tile, samples, wins: _(
        "Open with %(tile)s. In %(samples)s simulated deals of the tiles you cannot see, it won %(wins)s%% of the "
        "rounds.", tile=tile, samples=decimal(samples), wins=decimal(wins)),
    # TRANSLATORS: hint engine, Sato 157 after the first round: the second-best tile to lead with, for comparison.
    "alternative_open": lambda tile, wins: _("The next best, opening with %(tile)s, won %(wins)s%%.", tile=tile, wins=decimal(wins)),
    # TRANSLATORS: hint ladder, third rung in Sato 157 with four players: nothing fits and, with every tile dealt, there is nothing to draw.
    "move_pass_at_once": lambda: _("No tile fits, and with every tile dealt there is nothing to draw: pass."),
    # TRANSLATORS: hint ladder, third rung in a spinner game: the play.
    "move_arm": lambda tile, arm, number: _(
        "Play %(tile)s on %(arm)s, on the %(number)s.", tile=tile, arm=arm_name(arm), number=number),
    "move_arm_points": lambda tile, arm, number, count, points: _move_arm_points(tile, arm, number, count, points),
    # TRANSLATORS: hint engine, recommended move in Straight: %(wins)s%% is a percentage of simulated rounds won.
    "recommend_arm": lambda tile, arm, number, samples, wins: _(
        "Play %(tile)s on %(arm)s (on the %(number)s). In %(samples)s simulated deals of the tiles you cannot see, "
        "it won %(wins)s%% of the rounds.",
        tile=tile, arm=arm_name(arm), number=number, samples=decimal(samples), wins=decimal(wins)),
    # TRANSLATORS: hint engine, the second-best move in Straight, for comparison.
    "alternative_arm": lambda tile, arm, wins: _(
        "The next best, %(tile)s on %(arm)s, won %(wins)s%%.", tile=tile, arm=arm_name(arm), wins=decimal(wins)),
    # TRANSLATORS: hint engine, recommended move in All Fives; %(standing)s is e.g. "3.5 points ahead of your opponent".
    "recommend_arm_points": lambda tile, arm, number, samples, margin: _(
        "Play %(tile)s on %(arm)s (on the %(number)s). In %(samples)s simulated deals of the tiles you cannot see, "
        "counting every point from this play to the end of the round, it left you on average %(standing)s.", tile=tile, arm=arm_name(arm), number=number, samples=decimal(samples), standing=_standing(margin)),
    # TRANSLATORS: hint engine, the second-best move in All Fives; %(standing)s is e.g. "1.5 points behind your opponent".
    "alternative_arm_points": lambda tile, arm, margin: _(
        "The next best, %(tile)s on %(arm)s, left you on average %(standing)s.",
        tile=tile, arm=arm_name(arm), standing=_standing(margin)),
    # TRANSLATORS: hint engine, recommended move in a spinner game: a single legal move.
    "recommend_only_arm": lambda tile, arm, number: _(
        "Play %(tile)s on %(arm)s (on the %(number)s): it is your only legal move.",
        tile=tile, arm=arm_name(arm), number=number),
    # TRANSLATORS: hint engine, recommended move in a spinner game: one tile fits several arms that lead to the same game.
    "recommend_any_arm": lambda tile, number: _(
        "Play %(tile)s on any arm showing %(number)s: those moves lead to the same game, so any of them will do.",
        tile=tile, number=number),
    # TRANSLATORS: hint engine, All Fives: the recommended play scores at once; %(sum)s is the addition, e.g. "5 + 6 + 4".
    "reason_scores": lambda tile, sum, count, points: ngettext(
        "%(tile)s scores at once: the open ends then add up to %(sum)s = %(count)s, a multiple of 5, so %(num)d point.",
        "%(tile)s scores at once: the open ends then add up to %(sum)s = %(count)s, a multiple of 5, so %(num)d points.",
        points, tile=tile, sum=sum, count=count),
    "reason_scores_nothing": lambda tile, sum, count, points: _reason_scores_nothing(tile, sum, count),
    # TRANSLATORS: hint engine, All Fives, a reason for the recommended move: it is the last tile.
    "reason_plays_out_to_five": lambda tile: _(
        "%(tile)s is your last tile: playing it ends the round and you score the pips left in your opponent's hand, "
        "rounded to the nearest multiple of 5.", tile=tile),
}


register("domino.explain", NOTES, __name__)
register("domino.learner", LEARNER_NOTES, __name__)


def render_note(note: Note) -> str:
    return say("domino.explain", note.kind, note.params)


def render_notes(notes: Iterable[Note]) -> str:
    return " ".join(render_note(n) for n in notes)


ERRORS: dict[str, Callable[..., str]] = {
    # TRANSLATORS: error message of the analyze API (advice): "advice" must be true or false; JSON words stay in English.
    "advice": lambda **p: _("advice must be true or false."),
    # TRANSLATORS: error message of the analyze API (hands_type); field names such as hands, line, to_move and passes stay in English.
    "hands_type": lambda **p: _("hands must be a list of hands, each a list of tiles such as \"6-3\"."),
    # TRANSLATORS: error message of the analyze API (line_type); field names such as hands, line, to_move and passes stay in English.
    "line_type": lambda **p: _("line must be a list of tiles such as \"6-3\"."),
    # TRANSLATORS: error message of the analyze API (seats); field names such as hands, line, to_move and passes stay in English.
    "seats": lambda seats, fewest, most, **p: _("There must be %(fewest)s to %(most)s hands, not %(seats)s.",
                                                seats=seats, fewest=fewest, most=most),
    # TRANSLATORS: error message of the analyze API (tile); field names such as hands, line, to_move and passes stay in English.
    "tile": lambda token, **p: _(
        "%(token)s is not a tile: write two numbers from 0 to 6 joined by a dash, such as 6-3.", token=token),
    # TRANSLATORS: error message of the analyze API (duplicate); field names such as hands, line, to_move and passes stay in English.
    "duplicate": lambda tile="", first="", **p: _(
        "The tile %(tile)s appears twice (it is already at %(first)s).", tile=tile, first=first)
    # TRANSLATORS: error of the analyze API: a duplicated tile.
    if first else _("A tile appears twice in this position."),
    # TRANSLATORS: error message of the analyze API (line_mismatch); field names such as hands, line, to_move and passes stay in English.
    "line_mismatch": lambda token="", previous="", **p: _(
        "%(token)s cannot follow %(previous)s in the line: touching halves must show the same number.",
        token=token, previous=previous),
    # TRANSLATORS: error message of the analyze API (to_move); field names such as hands, line, to_move and passes stay in English.
    "to_move": lambda value="", last=0, **p: _(
        "to_move must be a seat number from 0 to %(last)s, not %(value)s.", value=value, last=last),
    # TRANSLATORS: error message of the analyze API (passes); field names such as hands, line, to_move and passes stay in English.
    "passes": lambda value="", last=0, **p: _(
        "passes must be a whole number from 0 to %(last)s, not %(value)s.", value=value, last=last),
    # TRANSLATORS: error message of the analyze API (pass_before_open); field names such as hands, line, to_move and passes stay in English.
    "pass_before_open": lambda **p: _("Nobody can pass before the round has opened, so passes must be 0."),
    # TRANSLATORS: error message of the analyze API (pass_with_boneyard); field names such as hands, line, to_move and passes stay in English.
    "pass_with_boneyard": lambda boneyard=0, **p: ngettext(
        "A pass is only allowed when the boneyard is empty, but it still holds %(num)d tile.",
        "A pass is only allowed when the boneyard is empty, but it still holds %(num)d tiles.", boneyard),
    # TRANSLATORS: error message of the analyze API (pass_with_fitting_tile); field names such as hands, line, to_move and passes stay in English.
    "pass_with_fitting_tile": lambda seat=0, tile="", **p: _(
        "passes says that seat %(seat)s has just passed, but it holds %(tile)s, which fits an open end: "
        "a seat that can play may not pass.", seat=seat, tile=tile),
    # TRANSLATORS: error message of the analyze API (empty_before_open); field names such as hands, line, to_move and passes stay in English.
    "empty_before_open": lambda seat=0, **p: _(
        "Seat %(seat)s's hand is empty, but the round has not opened yet: every seat starts with tiles.", seat=seat),
    # TRANSLATORS: a move refused by the rules: the round has ended.
    "round_over": lambda **p: _("The round is over: no more moves can be made."),
    # TRANSLATORS: a move refused by the rules: the first tile must be the forced opening tile.
    "must_open": lambda tile="", **p: _("The round must open with %(tile)s: no other first tile is allowed.", tile=tile),
    # TRANSLATORS: a move refused by the rules: an opening tile when the round has already opened.
    "already_open": lambda **p: _("The round has already opened: play a tile at one of the open ends."),
    # TRANSLATORS: a move refused by the rules: the tile is not in the player's hand.
    "not_in_hand": lambda tile="", **p: _("%(tile)s is not in your hand.", tile=tile),
    # TRANSLATORS: a move refused by the rules: the tile does not match the number at that end.
    "no_match": lambda tile="", number="", **p: _(
        "%(tile)s does not fit there: it has no %(number)s.", tile=tile, number=number),
    # TRANSLATORS: a draw or pass refused by the rules: a tile in hand fits, and playing is compulsory.
    "must_play": lambda **p: _("A tile in your hand fits, and playing is compulsory: you may not draw or pass."),
    # TRANSLATORS: a pass refused by the rules: the boneyard still has tiles.
    "must_draw": lambda boneyard=0, **p: ngettext(
        "You may not pass while the boneyard still holds a tile: draw it.",
        "You may not pass while the boneyard still holds %(num)d tiles: draw one at a time until one fits.",
        boneyard),
    # TRANSLATORS: a draw refused by the rules: the boneyard is empty.
    "boneyard_empty": lambda **p: _("The boneyard is empty: there is nothing left to draw."),
    # TRANSLATORS: an action written in a form the game cannot read, such as 6-1X.
    "action": lambda token="", **p: _("%(token)s is not a move: a move looks like 6-1L, 6-1R, draw or pass.", token=token),
    # TRANSLATORS: error message of the analyze API (two_empty): more than one hand is empty.
    "two_empty": lambda **p: _(
        "Only one hand can be empty: the round ends the moment the first player plays out."),
    # ---- spinner games (Straight, All Fives) and the API's rule sets ----
    # TRANSLATORS: error of the analyze API (rules): an unknown rule set; %(names)s lists the known ones, which stay in English.
    "rules": lambda token="", names=(), **p: _(
        "%(token)s is not a rule set: write one of %(names)s.", token=token, names=join_or(names)),
    # TRANSLATORS: error of the analyze API (layout): a spinner game's table must be given as a layout (a Playboard or Sato table as a line). Field names stay in English.
    "layout": lambda **p: _("With a spinner the table is given as layout (the spinner and its arms); without one, as line."),
    # TRANSLATORS: error of the analyze API (layout_type). Field names such as layout, spinner, left, right, up and down stay in English.
    "layout_type": lambda **p: _(
        "layout must be an object with the spinner and its arms, such as {\"spinner\": \"6-6\", \"left\": [\"6-3\"]}."),
    # TRANSLATORS: error of the analyze API (spinner_not_double): the spinner must be a double.
    "spinner_not_double": lambda tile="", **p: _("%(tile)s cannot be the spinner: the spinner is a double.", tile=tile),
    # TRANSLATORS: error of the analyze API (side_before_ends): a tile on the spinner's top or bottom arm before both its ends hold a tile.
    "side_before_ends": lambda **p: _(
        "A tile lies on a side of the spinner, but the sides open only once both its ends hold a tile."),
    # TRANSLATORS: error of the analyze API (arm_mismatch): a tile on an arm does not join the tile before it.
    "arm_mismatch": lambda token="", number="", **p: _(
        "%(token)s does not join the %(number)s before it: write each tile of an arm from the spinner outwards, "
        "the touching half first.", token=token, number=number),
    # TRANSLATORS: error of the analyze API (no_double): a spinner game's deal with no double has no lead, so the tiles are dealt again.
    "no_double": lambda **p: _("Nobody holds a double to lead with: in this game the tiles are shuffled and dealt again."),
    # TRANSLATORS: error of the analyze API (no_scores): only All Fives scores points during play.
    "no_scores": lambda **p: _("Only All Fives scores points during play: leave out scores."),
    # TRANSLATORS: error of the analyze API (scores): the points each seat has scored so far in All Fives.
    "scores": lambda **p: _("scores must give every seat its points so far in this round, each a multiple of 5."),
    # TRANSLATORS: a move refused by the rules: a tile played on the spinner's top or bottom arm before both its ends hold a tile.
    "side_closed": lambda **p: _("The sides of the spinner are not open yet: first both its ends must hold a tile."),
    # TRANSLATORS: a move refused by the rules: a line without a spinner has only a left and a right end.
    "no_such_end": lambda **p: _("This line has only a left and a right end."),
    # TRANSLATORS: a move refused by the rules (Straight or All Fives with the option "one spinner"): a tile played on the side of a double that is not the spinner.
    "one_spinner": lambda double="", **p: _(
        "With one spinner only the spinner branches: %(double)s lies crosswise in its arm, with no sides to play on.",
        double=double),
    # TRANSLATORS: a move refused by the rules: a tile played on the side of a double that is not on the table.
    "no_such_double": lambda double="", **p: _("%(double)s is not on the table, so it has no sides to play on.",
                                               double=double),
    # ---- the layout of a spinner game's table, in the analyze API (issue #29) ----
    # TRANSLATORS: error of the analyze API (layout_key): a part of the layout it does not know, such as layout.north; %(keys)s lists the parts, which stay in English.
    "layout_key": lambda key="", keys=(), **p: _(
        "layout.%(key)s is not part of a layout: its parts are %(keys)s.", key=key, keys=join_and(keys)),
    # TRANSLATORS: error of the analyze API (arm_type): an arm of the layout, such as layout.left, is not a list of tiles. Field names stay in English.
    "arm_type": lambda field="", **p: _(
        "%(field)s must be a list of tiles, each written from the spinner outwards, such as [\"6-3\", \"3-1\"].",
        field=field),
    # TRANSLATORS: error of the analyze API (branches_type): layout.branches, or the entry of one double in it, is not an object. Field names stay in English.
    "branches_type": lambda **p: _(
        "layout.branches must be an object giving, for a double, the tiles on its left and right sides, such as "
        "{\"4-4\": {\"left\": [\"4-2\"], \"right\": []}}."),
    # TRANSLATORS: error of the analyze API (branch_spinner): the spinner was given branches; its sides are the arms up and down. Field names stay in English.
    "branch_spinner": lambda tile="", **p: _(
        "%(tile)s is the spinner: its sides are the arms up and down, not branches.", tile=tile),
    # TRANSLATORS: error of the analyze API (branch_not_double): only a double has sides to branch from.
    "branch_not_double": lambda tile="", **p: _(
        "%(tile)s is not a double, so no branch grows from its sides.", tile=tile),
    # TRANSLATORS: error of the analyze API (branch_unknown): branches given for a double that is not on the table.
    "branch_unknown": lambda tile="", **p: _(
        "%(tile)s is not on the table, so nothing can lie on its sides.", tile=tile),
    # TRANSLATORS: error of the analyze API (branch_side): a double's sides are named left and right (as seen from the spinner). Field names stay in English.
    "branch_side": lambda key="", tile="", **p: _(
        "%(key)s is not a side of %(tile)s: a double's sides are left and right, as seen looking out from the "
        "spinner along its arm.", key=key, tile=tile),
    # TRANSLATORS: error of the analyze API (one_spinner_branch): with the option "one spinner", no tile lies on a double's side.
    "one_spinner_branch": lambda tile="", **p: _(
        "With one spinner only the spinner branches: nothing can lie on the sides of %(tile)s.", tile=tile),
    # TRANSLATORS: error of the analyze API (line_not_layout): a spinner game's body gives line; its table is layout. Field names stay in English.
    "line_not_layout": lambda rules="", **p: _(
        "A %(rules)s table has a spinner: give it as layout, without line.", rules=rules),
    # TRANSLATORS: error of the analyze API (layout_not_spinner): a body of a rule set without a spinner gives layout; its table is line. Field names stay in English.
    "layout_not_spinner": lambda rules="", **p: _(
        "A %(rules)s table has no spinner: give it as line, without layout.", rules=rules),
    # ---- positions no game can reach by the other rule sets (tutor.games.domino.reachable) ----
    # TRANSLATORS: error of the analyze API (boneyard_too_big): the tiles in no hand and not on the table are more than the deal leaves to draw.
    "boneyard_too_big": lambda boneyard=0, dealt=0, seats=0, size=0, **p: ngettext(
        "These hands and this table leave %(num)d tile in the boneyard, but a deal of %(size)s tiles to each of "
        "%(seats)s players leaves %(dealt)s: no round can come to this position.",
        "These hands and this table leave %(num)d tiles in the boneyard, but a deal of %(size)s tiles to each of "
        "%(seats)s players leaves %(dealt)s: no round can come to this position.",
        boneyard, dealt=dealt, seats=seats, size=size),
    # TRANSLATORS: error of the analyze API (deal_size): before the lead every hand holds the tiles it was dealt.
    "deal_size": lambda seat=0, tiles=0, size=0, **p: ngettext(
        "Seat %(seat)s holds %(num)d tile before the lead, but each player is dealt %(size)s tiles.",
        "Seat %(seat)s holds %(num)d tiles before the lead, but each player is dealt %(size)s tiles.",
        tiles, seat=seat, size=size),
    # TRANSLATORS: error of the analyze API (hand_too_big): a hand holds more tiles than were dealt to it and drawn by anyone.
    "hand_too_big": lambda seat=0, tiles=0, most=0, **p: ngettext(
        "Seat %(seat)s holds %(tiles)s tiles, but the tiles dealt to it and every tile drawn so far make at most %(num)d.",
        "Seat %(seat)s holds %(tiles)s tiles, but the tiles dealt to it and every tile drawn so far make at most %(num)d.",
        most, seat=seat, tiles=tiles),
    # TRANSLATORS: error of the analyze API (scores_before_lead): All Fives points given before the round has opened.
    "scores_before_lead": lambda **p: _("No points can be scored before the lead: with an empty table, leave out scores or give zeros."),
    # TRANSLATORS: error of the analyze API (scores_before_play): All Fives points given while only the spinner lies on the table; the lead scores nothing.
    "scores_before_play": lambda **p: _(
        "Only the spinner lies on the table, and the lead scores nothing: nobody can have scored yet."),
    # TRANSLATORS: error of the analyze API (scores_past_target): All Fives points in the round that reach the match's target (250), which would have ended the match at once.
    "scores_past_target": lambda points=0, target=0, **p: _(
        "%(points)s points in this round reach %(target)s, and the match ends the moment a player does: no "
        "round goes on from there.", points=points, target=target),
    # TRANSLATORS: error of the analyze API (passes_after_block): passes given although nobody can play, so the round ended (blocked) before any of them.
    "passes_after_block": lambda passes=0, **p: ngettext(
        "passes is %(num)d, but nobody can play and nothing is left to draw: by these rules the round ended, "
        "blocked, before that pass.",
        "passes is %(num)d, but nobody can play and nothing is left to draw: by these rules the round ended, "
        "blocked, before those passes.", passes),
    # ---- a click on a game page (tutor.games.domino.clicks) ----
    # TRANSLATORS: the learner clicked while it is not their turn (or the round is over); also the game's status line then.
    "not_your_turn": lambda **p: _("It is not your turn."),
    # TRANSLATORS: the learner clicked a tile that does not fit; both open ends show %(number)s.
    "no_fit_one": lambda tile="", number="", **p: _("%(tile)s does not fit: it has no %(number)s.", tile=tile, number=number),
    # TRANSLATORS: the learner clicked a tile that matches no open end of a spinner game's table; %(numbers)s is a list such as "5, 0 or 3".
    "no_fit_arms": lambda tile="", numbers=(), **p: _(
        "%(tile)s does not fit: it shows none of %(numbers)s.", tile=tile, numbers=join_or(numbers)),
    # TRANSLATORS: the learner clicked a tile that matches neither open end.
    "no_fit": lambda tile="", left="", right="", **p: _(
        "%(tile)s does not fit: it shows neither %(left)s nor %(right)s.", tile=tile, left=left, right=right),
}


register("domino.refusal", ERRORS, __name__)
lend("domino.refusal", BODY_ERRORS, "api.refusal")  # every game's API says these alike


def render_error(error: DominoError) -> str:
    return render_refusal(error.code, error.params)


def render_refusal(code: str | None, params: dict | None = None) -> str:
    """A refusal (an invalid position, a move the rules refuse, a click) in the current language."""
    # TRANSLATORS: generic error for a game position the rules cannot accept.
    return say_or("domino.refusal", code, params, lambda: _("This is not a valid position."))


def seat_name(seat: int, seats: int) -> str:
    """A player as the learner (seat 0) calls them: "You", "Your opponent", "The opponent on your
    left"; never a seat number (the same names as on the game pages, ``tutor.web.domino.names``)."""
    return player_name(seat, seats)


def option_label(option, seat_count: int = 2) -> str:
    """The text on an answer button of a check question."""
    kind, params = option.kind, option.params
    if kind == "open_with":
        # TRANSLATORS: answer button: open the round with this tile.
        return _("Open with %(tile)s", **params)
    if kind == "play_at_left":
        # TRANSLATORS: answer button: play this tile at the left open end.
        return _("%(tile)s at the left end", **params)
    if kind == "play_at_right":
        # TRANSLATORS: answer button: play this tile at the right open end.
        return _("%(tile)s at the right end", **params)
    if kind == "seat":
        return seat_name(params["seat"], seat_count)
    if kind == "nobody":
        # TRANSLATORS: answer button: nobody wins (a tied blocked round).
        return _("Nobody")
    return action_name(kind.removeprefix("action_"))


def action_name(action: str) -> str:
    names = {
        # TRANSLATORS: what the rules require: the round has not begun, someone must open it.
        "open": _("Open the round"),
        # TRANSLATORS: what the rules require: place a tile on the line.
        "play": _("Play a tile"),
        # TRANSLATORS: what the rules require: take a tile from the boneyard.
        "draw": _("Draw from the boneyard"),
        # TRANSLATORS: what the rules require: skip the turn. Context "rule": the same English word is also the game's button (context "button").
        "pass": pgettext("rule", "Pass"),
    }
    return names[action]


def verdict_sentence(verdict, kind: str) -> str:
    """Feedback on an answer to a check question; None as the verdict means a malformed answer."""
    if verdict is None and kind in ("points", "count"):
        # TRANSLATORS: a question answered by typing a number (points, tiles) received text that is not a whole number.
        return _("Type your answer as a whole number, such as 12.")
    if verdict is None:
        # TRANSLATORS: a check question received an answer that is not one of its choices.
        return _("That answer is not one of the choices. Pick one of the buttons.")
    if verdict.correct:
        # TRANSLATORS: feedback on a correct answer to a check question.
        return _("Right! The rules agree with you.")
    if kind == "points":
        # TRANSLATORS: feedback on a wrong number of points.
        return _("Not quite: the rules give %(points)s points, not %(answer)s.",
                 points=verdict.expected[0], answer=verdict.answer)
    # TRANSLATORS: feedback on a wrong choice; %(expected)s lists what the rules accept.
    return _("Not quite. The rules accept: %(expected)s.", expected=", ".join(
        describe_answer(kind, value) for value in verdict.expected))


def describe_answer(kind: str, value: str) -> str:
    from tutor.games.domino.questions import Option, describe_move

    if kind == "move":
        label_kind, params = describe_move(value)
        return option_label(Option(value, label_kind, params))
    if kind == "action":
        return action_name(value)
    if kind == "winner":
        return option_label(Option(value, "nobody", {}) if value == "nobody" else Option(value, "seat", {"seat": int(value)}))
    return value
