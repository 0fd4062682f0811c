"""Sentences a learner reads about the rules, rendered from structured notes through gettext.

Each note kind (see ``tutor.analysis``) and each error code has one function here, so every
sentence lives in the catalogs and translators see it with its placeholders.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from flask_babel import gettext as _, ngettext

from ..analysis import Note
from ..domino import DominoError


def _tiles(tiles: Iterable[str]) -> str:
    return ", ".join(tiles)


def _seats(seats: Iterable[int]) -> str:
    return ", ".join(str(s) for s in seats)


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
    # TRANSLATORS: explanation of a position (no_fit_tiles), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "no_fit_tiles": lambda tiles, left, right: ngettext(
        "%(tiles)s does not fit: it shows neither %(left)s nor %(right)s.",
        "%(tiles)s do not fit: none of them shows %(left)s or %(right)s.",
        len(tiles), tiles=_tiles(tiles), left=left, right=right),
    # TRANSLATORS: explanation of a position (play_compulsory), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "play_compulsory": lambda: _(
        "Playing is compulsory: with a tile that fits, you may not draw or pass."),
    # TRANSLATORS: explanation of a position (must_draw), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "must_draw": lambda seat, left, right, boneyard: ngettext(
        "No tile in seat %(seat)s's hand shows %(left)s or %(right)s, and the boneyard holds %(num)d tile, "
        "so seat %(seat)s must draw it, and play it if it fits.",
        "No tile in seat %(seat)s's hand shows %(left)s or %(right)s, and the boneyard holds %(num)d tiles, "
        "so seat %(seat)s must draw one tile at a time until one fits, then play it.",
        boneyard, seat=seat, left=left, right=right),
    # TRANSLATORS: explanation of a position (must_pass), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "must_pass": lambda seat, left, right: _(
        "No tile in seat %(seat)s's hand shows %(left)s or %(right)s, and the boneyard is empty, "
        "so seat %(seat)s must pass.", seat=seat, left=left, right=right),
    # TRANSLATORS: explanation of a position (passes_so_far), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "passes_so_far": lambda passes, seats: ngettext(
        "Passes in a row so far: %(num)d of %(seats)s. If every seat passes in a row, the round is blocked.",
        "Passes in a row so far: %(num)d of %(seats)s. If every seat passes in a row, the round is blocked.",
        passes, seats=seats),
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
    # TRANSLATORS: explanation of a position (blocked_tie), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "blocked_tie": lambda seats, pips, tiles: _(
        "Seats %(seats)s tie on the lowest pip total, %(pips)s, and on the number of tiles, so nobody scores.",
        seats=_seats(seats), pips=pips),
    # TRANSLATORS: explanation of a position (blocked_points), shown by the analyze API and the hints. "Seat" is a player's place at the table, numbered from 0.
    "blocked_points": lambda seat, sum, others, own, points: _(
        "Seat %(seat)s scores the other seats' pips minus the winner's own pips: (%(sum)s) − %(own)s = %(others)s − %(own)s = %(points)s.",
        seat=seat, sum=sum, others=others, own=own, points=points),
}


def render_note(note: Note) -> str:
    return NOTES[note.kind](**note.params)


def render_notes(notes: Iterable[Note]) -> str:
    return " ".join(render_note(n) for n in notes)


ERRORS: dict[str, Callable[..., str]] = {
    # TRANSLATORS: error message of the analyze API (body); field names such as hands, line, to_move and passes stay in English.
    "body": lambda **p: _("The request body must be a JSON object."),
    # TRANSLATORS: error message of the analyze API (missing); field names such as hands, line, to_move and passes stay in English.
    "missing": lambda field, **p: _("The field %(field)s is required.", field=field),
    # TRANSLATORS: error message of the analyze API (hands_type); field names such as hands, line, to_move and passes stay in English.
    "hands_type": lambda **p: _("hands must be a list of hands, each a list of tiles such as \"6-3\"."),
    # TRANSLATORS: error message of the analyze API (line_type); field names such as hands, line, to_move and passes stay in English.
    "line_type": lambda **p: _("line must be a list of tiles such as \"6-3\"."),
    # TRANSLATORS: error message of the analyze API (seats); field names such as hands, line, to_move and passes stay in English.
    "seats": lambda seats, **p: _("There must be 2 to 4 hands, not %(seats)s.", seats=seats),
    # TRANSLATORS: error message of the analyze API (tile); field names such as hands, line, to_move and passes stay in English.
    "tile": lambda token, **p: _(
        "%(token)s is not a tile: write two numbers from 0 to 6 joined by a dash, such as 6-3.", token=token),
    # TRANSLATORS: error message of the analyze API (duplicate); field names such as hands, line, to_move and passes stay in English.
    "duplicate": lambda tile="", first="", **p: _(
        "The tile %(tile)s appears twice (it is already at %(first)s).", tile=tile, first=first)
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
    # TRANSLATORS: error message of the analyze API (empty_before_open); field names such as hands, line, to_move and passes stay in English.
    "empty_before_open": lambda seat=0, **p: _(
        "Seat %(seat)s's hand is empty, but the round has not opened yet: every seat starts with tiles.", seat=seat),
    # TRANSLATORS: error message of the analyze API (two_empty); field names such as hands, line, to_move and passes stay in English.
    "two_empty": lambda **p: _(
        "Only one hand can be empty: the round ends the moment the first player plays out."),
}


def render_error(error: DominoError) -> str:
    render = ERRORS.get(error.code)
    if render is None:
        return _("This is not a valid position.")
    try:
        return render(**error.params)
    except TypeError:  # a code raised with other parameters than its sentence needs
        return _("This is not a valid position.")
