"""What the learner calls each player at a domino table: "You", "Your opponent", "The opponent on
your left"... The same names in the pictures, the move log, the explanations and the scores."""

from __future__ import annotations

from flask_babel import gettext as _


#: The learner's seat in guided hands and free play.
LEARNER = 0


def player_name(seat: int, seats: int, viewer: int = LEARNER) -> str:
    """A player as the viewer calls them, capitalized as at the start of a sentence or a label.

    Seats go round in turn order; the picture draws the next seat on the viewer's left."""
    if seat == viewer:
        # TRANSLATORS: the learner, as a label or at the start of a sentence ("You 45 · Your opponent 12").
        return _("You")
    if seats == 2:
        # TRANSLATORS: the only opponent in a two-player round, as a label or at the start of a sentence.
        return _("Your opponent")
    place = (seat - viewer) % seats
    if place == 1:
        # TRANSLATORS: with 3 or 4 players: the opponent who plays after you (drawn on your left).
        return _("The opponent on your left")
    if place == seats - 1:
        # TRANSLATORS: with 3 or 4 players: the opponent who plays before you (drawn on your right).
        return _("The opponent on your right")
    # TRANSLATORS: with 4 players: the opponent sitting across the table from you.
    return _("The opponent across from you")


def player_phrase(seat: int, seats: int, viewer: int = LEARNER) -> str:
    """The same name inside a sentence ("… and your opponent has shown …")."""
    name = player_name(seat, seats, viewer)
    return name[:1].lower() + name[1:]
