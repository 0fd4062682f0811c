"""The rulebook diagrams on the web: standalone SVG files, a gallery, and figures for lesson pages.

- ``/<lang>/domino/diagrams/<id>.svg``: one diagram as ``image/svg+xml``, cacheable, with an ETag.
- ``/<lang>/domino/diagrams/``: every diagram with its caption, for teachers and translators.
- ``diagram_svg(id, lang)`` and the template global ``diagram_figure(id)``: a diagram inlined in a
  page (the markup is the renderer's own output, built from engine data and escaped words).

Every word in a picture comes from here, through gettext: the accessible title and description,
the short labels, and the annotation lines. ``tutor.games.domino.diagrams`` supplies the facts as notes.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial
from typing import Callable, Iterable

from flask import Blueprint, Response, render_template, request, url_for
from flask_babel import force_locale, get_locale, gettext as _, ngettext
from markupsafe import Markup
from werkzeug.exceptions import NotFound

from tutor.games.domino.analysis import Note
from tutor.games.domino.diagrams import Diagram, annotation_notes, describe, diagram_by_id, load_diagrams, render_options
from tutor.games.domino.mexican_train.diagrams import MexicanDiagram, load_mexican_diagrams, render_options as train_options
from tutor.games.domino.mexican_train.render import render_trains
from tutor.games.domino.render import Labels, render_position
from tutor.course import find
from tutor.web.i18n import section_title_in
from tutor.web.i18n import use_language_prefix
from tutor.web.sentences import lend, register, say
from tutor.web.domino.mexican_train.wording import explain as train_explanation, labels as train_labels
from tutor.web.domino.names import player_phrase
from tutor.web.lists import join_and, join_or
from tutor.web.domino.wording import arm_name, seat_name
from tutor.web.delivery import same_for_everyone

bp = Blueprint("domino_diagrams", __name__, url_prefix="/<lang_code>/domino/diagrams")
use_language_prefix(bp)

#: How long browsers and proxies may keep a diagram without asking again (seconds).
MAX_AGE = 3600


def _join(tiles: Iterable[str]) -> str:
    return ", ".join(tiles)


def _values(values: Iterable[tuple[str, int]]) -> str:
    return ", ".join(f"{tile} = {value}" for tile, value in values)


#: A lesson section's title in the page's language (written once, in its lesson file).
section_title = partial(section_title_in, find)


# ----- the words inside a picture -----------------------------------------------------------------
def seat_label(seat: int, seats: int) -> str:
    """The name written over another seat's hand: the same name as everywhere else."""
    return seat_name(seat, seats)


def seat_phrase(seat: int, seats: int) -> str:
    """Another seat named inside a sentence (lower case where the language has case)."""
    return player_phrase(seat, seats)


def _last_move(seat: int, viewer: int, seats: int, tile: str, end: str) -> str:
    if seat == viewer:
        if end == "left":
            # TRANSLATORS: diagram description (read by screen readers): the move just made.
            return _("Last move: you played %(tile)s at the left end.", tile=tile)
        if end == "right":
            # TRANSLATORS: diagram description (read by screen readers): the move just made.
            return _("Last move: you played %(tile)s at the right end.", tile=tile)
        # TRANSLATORS: diagram description (read by screen readers): the move just made.
        return _("Last move: you opened with %(tile)s.", tile=tile)
    if end == "left":
        # TRANSLATORS: diagram description (read by screen readers): the move just made by another player.
        return _("Last move: %(name)s played %(tile)s at the left end.", name=seat_phrase(seat, seats), tile=tile)
    if end == "right":
        # TRANSLATORS: diagram description (read by screen readers): the move just made by another player.
        return _("Last move: %(name)s played %(tile)s at the right end.", name=seat_phrase(seat, seats), tile=tile)
    # TRANSLATORS: diagram description (read by screen readers): the move just made by another player.
    return _("Last move: %(name)s opened with %(tile)s.", name=seat_phrase(seat, seats), tile=tile)


def _last_move_arm(seat: int, viewer: int, seats: int, tile: str, end: str) -> str:
    """The last move on a spinner's table (Straight, All Fives): the arm it went on."""
    if seat == viewer:
        # TRANSLATORS: diagram description (read by screen readers): the move just made on a spinner game's table; %(arm)s is "the left arm", "the top arm"...
        return _("Last move: you played %(tile)s on %(arm)s.", tile=tile, arm=arm_name(end))
    # TRANSLATORS: diagram description (read by screen readers): the move just made by another player on a spinner game's table; %(arm)s is "the left arm", "the top arm"...
    return _("Last move: %(name)s played %(tile)s on %(arm)s.", name=seat_phrase(seat, seats), tile=tile,
             arm=arm_name(end))


def _score_rounded(winner: int, viewer: int, seats: int, points: int, pips: int) -> str:
    if winner == viewer:
        # TRANSLATORS: a line written under an All Fives diagram: the opponent's pips rounded to the nearest multiple of 5 are the learner's points.
        return ngettext("%(pips)s pips, rounded to the nearest multiple of 5: you score %(num)d point.",
                        "%(pips)s pips, rounded to the nearest multiple of 5: you score %(num)d points.", points, pips=pips)
    # TRANSLATORS: a line written under an All Fives diagram: the pips rounded to the nearest multiple of 5 are another player's points.
    return ngettext("%(pips)s pips, rounded to the nearest multiple of 5: %(name)s scores %(num)d point.",
                    "%(pips)s pips, rounded to the nearest multiple of 5: %(name)s scores %(num)d points.", points,
                    pips=pips, name=seat_label(winner, seats))


def _other_hand(seat: int, seats: int, count: int, tiles: list[str] | None = None, pips: int = 0) -> str:
    name = seat_label(seat, seats)
    if tiles is None:
        # TRANSLATORS: diagram description: another player's hand, drawn face down. %(name)s is "Your opponent" or "Opponent 2".
        return ngettext("%(name)s holds %(num)d tile, face down.", "%(name)s holds %(num)d tiles, face down.",
                        count, name=name)
    if not tiles:
        # TRANSLATORS: diagram description: another player's hand is empty. %(name)s is "Your opponent" or "Opponent 2".
        return _("%(name)s has no tiles left.", name=name)
    # TRANSLATORS: diagram description: another player's hand, shown face up, with its pip total.
    return ngettext("%(name)s holds %(num)d tile, shown face up: %(tiles)s (%(pips)s pips).",
                    "%(name)s holds %(num)d tiles, shown face up: %(tiles)s (%(pips)s pips).",
                    count, name=name, tiles=_join(tiles), pips=pips)


def _over(reason: str, winner: int | None, viewer: int, seats: int, points: int) -> str:
    if reason == "domino":
        if winner == viewer:
            # TRANSLATORS: diagram description: the learner has placed the last tile.
            return ngettext("The round is over: you played out and score %(num)d point.",
                            "The round is over: you played out and score %(num)d points.", points)
        # TRANSLATORS: diagram description: another player has placed the last tile.
        return ngettext("The round is over: %(name)s played out and scores %(num)d point.",
                        "The round is over: %(name)s played out and scores %(num)d points.",
                        points, name=seat_phrase(winner, seats))
    if winner is None:
        # TRANSLATORS: diagram description: a blocked round that nobody wins.
        return _("The round is blocked: every player passed, the players are tied, and nobody scores.")
    if winner == viewer:
        # TRANSLATORS: diagram description: a blocked round won by the learner (lowest pip total).
        return ngettext("The round is blocked: every player passed, and you have the lowest pip total and score %(num)d point.",
                        "The round is blocked: every player passed, and you have the lowest pip total and score %(num)d points.",
                        points)
    # TRANSLATORS: diagram description: a blocked round won by another player (lowest pip total).
    return ngettext("The round is blocked: every player passed, and %(name)s has the lowest pip total and scores %(num)d point.",
                    "The round is blocked: every player passed, and %(name)s has the lowest pip total and scores %(num)d points.",
                    points, name=seat_phrase(winner, seats))


def _boneyard(count: int) -> str:
    if not count:
        # TRANSLATORS: diagram description (read by screen readers).
        return _("The boneyard is empty.")
    # TRANSLATORS: diagram description (read by screen readers): tiles left in the boneyard.
    return ngettext("The boneyard holds %(num)d tile.", "The boneyard holds %(num)d tiles.", count)


def _turn_other(seat: int, seats: int) -> str:
    if seats == 2:
        # TRANSLATORS: diagram description (read by screen readers).
        return _("It is your opponent's turn.")
    # TRANSLATORS: diagram description: whose turn it is. %(name)s is "opponent 2" or similar.
    return _("It is the turn of %(name)s.", name=seat_phrase(seat, seats))


def _seat_pips(seat: int, seats: int, values: list[tuple[str, int]], pips: int) -> str:
    # TRANSLATORS: a line written under a diagram: a hand's tiles with their values, then the sum, e.g. "Your opponent still holds 5-4 = 9, 2-0 = 2: 9 + 2 = 11 pips."
    return _("%(name)s still holds %(values)s: %(sum)s = %(pips)s pips.", name=seat_label(seat, seats),
             values=_values(values), sum=" + ".join(str(v) for _t, v in values) or "0", pips=pips)


def _score(winner: int | None, viewer: int, seats: int, points: int) -> str:
    if winner is None:
        # TRANSLATORS: a line written under a diagram: a tied blocked round.
        return _("Nobody scores.")
    if winner == viewer:
        # TRANSLATORS: a line written under a diagram: the learner's score for the round.
        return ngettext("You score %(num)d point.", "You score %(num)d points.", points)
    # TRANSLATORS: a line written under a diagram: another player's score for the round.
    return ngettext("%(name)s scores %(num)d point.", "%(name)s scores %(num)d points.", points,
                    name=seat_label(winner, seats))


NOTES: dict[str, Callable[..., str]] = {
    # TRANSLATORS: diagram description (read by screen readers): the line of play, tiles listed left to right.
    "line": lambda count, tiles: ngettext(
        "The line has %(num)d tile: %(tiles)s.", "The line has %(num)d tiles, from left to right: %(tiles)s.",
        count, tiles=_join(tiles)),
    # TRANSLATORS: diagram description (read by screen readers).
    "line_empty": lambda: _("No tile has been played yet: the line is empty."),
    "last_move": _last_move,
    # TRANSLATORS: diagram description (read by screen readers): the learner's hand.
    "hand": lambda count, tiles: ngettext(
        "Your hand, %(num)d tile: %(tiles)s.", "Your hand, %(num)d tiles: %(tiles)s.", count, tiles=_join(tiles)),
    # TRANSLATORS: diagram description (read by screen readers).
    "hand_empty": lambda: _("Your hand is empty."),
    "opponent_hidden": lambda seat, seats, count: _other_hand(seat, seats, count),
    "opponent_revealed": lambda seat, seats, count, tiles, pips: _other_hand(seat, seats, count, tiles, pips),
    "boneyard": lambda count: _boneyard(count),
    # TRANSLATORS: diagram description (read by screen readers).
    "your_turn": lambda: _("It is your turn."),
    "turn_other": lambda seat, seats: _turn_other(seat, seats),
    # TRANSLATORS: diagram description (read by screen readers): the forced opening.
    "you_open": lambda tile: _("You hold the highest double, so you open the round, and %(tile)s must be your first tile.",
                               tile=tile),
    # TRANSLATORS: diagram description (read by screen readers): how the picture marks the hand.
    "others_dimmed_open": lambda tile: _(
        "%(tile)s is marked, and your other tiles are dimmed: none of them may open the round.", tile=tile),
    # TRANSLATORS: diagram description (read by screen readers): how the picture marks the hand.
    "others_dimmed": lambda left, right: _(
        "Your other tiles are dimmed: none of them shows %(left)s or %(right)s.", left=left, right=right),
    # TRANSLATORS: diagram description (read by screen readers): the learner cannot play and must draw.
    "must_draw": lambda left, right: _(
        "None of your tiles shows %(left)s or %(right)s, so you must draw from the boneyard.", left=left, right=right),
    # TRANSLATORS: diagram description (read by screen readers): the learner cannot play or draw.
    "must_pass": lambda left, right: _(
        "None of your tiles shows %(left)s or %(right)s and the boneyard is empty, so you must pass.",
        left=left, right=right),
    "over_domino": lambda winner, viewer, seats, points: _over("domino", winner, viewer, seats, points),
    "over_blocked": lambda winner, viewer, seats, points: _over("blocked", winner, viewer, seats, points),
    # ----- a spinner's table (Straight, All Fives) and Sato 157's later rounds
    # TRANSLATORS: diagram description (read by screen readers): a spinner game's table. The spinner is the first double, on whose four sides tiles may be played.
    "spinner": lambda tile, count: ngettext(
        "The spinner is %(tile)s, and the table holds %(num)d tile.",
        "The spinner is %(tile)s, and the table holds %(num)d tiles.", count, tile=tile),
    # TRANSLATORS: diagram description (read by screen readers): the tiles of one arm of a spinner game's table; %(arm)s is "the left arm", "the top arm"...
    "arm": lambda arm, count, tiles: ngettext(
        "On %(arm)s: %(tiles)s.", "On %(arm)s, from the spinner outwards: %(tiles)s.", count, arm=arm_name(arm),
        tiles=_join(tiles)),
    # TRANSLATORS: diagram description (read by screen readers): the tiles on one side of a branching double, from the double outwards; %(arm)s is "the left side of 4-4"...
    "branch_arm": lambda arm, count, tiles: ngettext(
        "On %(arm)s, next to the double: %(tiles)s.", "On %(arm)s, from the double outwards: %(tiles)s.", count,
        arm=arm_name(arm), tiles=_join(tiles)),
    "last_move_arm": _last_move_arm,
    # TRANSLATORS: diagram description (read by screen readers): Sato 157's later round, led by the last round's winner.
    "you_lead_any": lambda: _("You won the last round, so you lead this one: any tile of your hand may open it."),
    # TRANSLATORS: diagram description (read by screen readers): how the picture marks the hand; %(numbers)s is a list such as "3, 5 or 6".
    "others_dimmed_arms": lambda numbers: _(
        "Your other tiles are dimmed: none of them shows %(numbers)s.", numbers=join_or(numbers)),
    # TRANSLATORS: diagram description (read by screen readers): nothing fits a spinner game's open ends; %(numbers)s is a list such as "3, 5 or 6".
    "must_draw_arms": lambda numbers: _(
        "None of your tiles shows %(numbers)s, so you must draw from the boneyard.", numbers=join_or(numbers)),
    # TRANSLATORS: diagram description (read by screen readers): nothing fits a spinner game's open ends and nothing is left to draw.
    "must_pass_arms": lambda numbers: _(
        "None of your tiles shows %(numbers)s and the boneyard is empty, so you must pass.", numbers=join_or(numbers)),
    "score_rounded": lambda winner, viewer, seats, points, pips: _score_rounded(winner, viewer, seats, points, pips),
    # ----- annotation lines, written under the picture
    # TRANSLATORS: a line written under a diagram: each tile of the hand with its value, e.g. "6-5 = 11, 3-3 = 6".
    "values": lambda values: _("Values: %(values)s", values=_values(values)),
    # TRANSLATORS: a line written under a diagram: the pip total of the learner's hand.
    "pips": lambda pips: _("Your hand holds %(pips)s pips in all.", pips=pips),
    "seat_pips": lambda seat, viewer, seats, values, pips: _seat_pips(seat, seats, values, pips),
    "score": lambda winner, viewer, seats, points: _score(winner, viewer, seats, points),
    # TRANSLATORS: a line written under a diagram: how many of the seven tiles showing a number are where.
    "count": lambda number, table, hand, unseen: _(
        "Tiles showing %(number)s: %(table)s on the table, %(hand)s in your hand, %(unseen)s unseen.",
        number=number, table=table, hand=hand, unseen=unseen),
}


register("domino.diagram", NOTES, __name__)
# the open ends and which tile fits where read in a picture as in an explanation: written once, there
lend("domino.diagram", ("ends", "fits_left", "fits_right"), "domino.explain")
# and so do a spinner's open arms, where a tile fits and what All Fives counts
lend("domino.diagram", ("arm_ends", "sides_closed", "count_now", "arm_fit", "arm_fit_count", "play_compulsory",
                        "doubles_branch"), "domino.explain")


def render_note(note: Note) -> str:
    return say("domino.diagram", note.kind, note.params)


def labels_for(diagram: Diagram) -> Labels:
    """The picture's words in the current locale."""
    return labels_for_notes(diagram.title, describe(diagram), diagram.seats)


def labels_for_notes(title: str, description: Iterable[Note], seats: int) -> Labels:
    """A picture's words in the current locale: its title (an English msgid), its description
    (notes, such as :func:`~tutor.games.domino.diagrams.describe_position` gives), the labels."""
    return Labels(
        title=_(title),
        desc=" ".join(render_note(n) for n in description),
        # TRANSLATORS: label over the learner's hand in a diagram.
        hand=_("Your hand"),
        # TRANSLATORS: label over the face-down boneyard stack in a diagram.
        boneyard=_("Boneyard"),
        # TRANSLATORS: short label beside the number at the left open end of the line in a diagram.
        left_end=_("left end"),
        # TRANSLATORS: short label beside the number at the right open end of the line in a diagram.
        right_end=_("right end"),
        # TRANSLATORS: short label beside the number at the open end of a spinner's top arm in a diagram (Straight, All Fives).
        up_end=_("top end"),
        # TRANSLATORS: short label beside the number at the open end of a spinner's bottom arm in a diagram (Straight, All Fives).
        down_end=_("bottom end"),
        seat_name=lambda seat: seat_label(seat, seats),
        # TRANSLATORS: heading in a picture of a table where every double branches (Straight, All Fives): the row showing the two sides of a double (%(double)s, such as 4-4) and what lies on them.
        branch_title=lambda double: _("Sides of %(double)s", double=double),
        # TRANSLATORS: short label beside the number at the open end of a double's left side, in a picture of a table where every double branches.
        side_left=_("left side"),
        # TRANSLATORS: short label beside the number at the open end of a double's right side, in a picture of a table where every double branches.
        side_right=_("right side"),
    )


def render_train_svg(diagram: MexicanDiagram, *, neutral: bool = False, label_size: float = 15,
                     box_aspect: float = 1.0) -> str:
    """A Mexican Train diagram as an SVG document, in the current locale: the words of
    ``tutor.web.domino.mexican_train.wording`` (the table for a screen reader and, unless ``neutral``, what the
    rules require now), under the diagram's own title."""
    words = train_labels(diagram.position, diagram.seat, reveal=diagram.display.reveal,
                         colour_key=diagram.display.colour_key)
    desc = words.desc if neutral else " ".join([words.desc, *train_explanation(diagram.position, diagram.seat)])
    return render_trains(diagram.position, labels=replace(words, title=_(diagram.title), desc=desc),
                         label_size=label_size, box_aspect=box_aspect, **train_options(diagram, neutral=neutral))


def render_svg(diagram: Diagram | MexicanDiagram, *, annotations: bool = True, neutral: bool = False, label_size: float = 15,
               box_aspect: float | None = None, end_words: bool = True, max_width: int | None = None) -> str:
    """The diagram as an SVG document, in the current locale. Without ``annotations`` the lines
    under the picture (pip totals, the score) are left out, so a check question about the
    picture does not show its own answer. ``neutral`` also leaves out the marks that answer a
    question about the position (rings on the playable tiles, the others dimmed), and its
    description says no more (no result, no "you must draw"): the picture a class looks at before
    the answer is revealed. ``label_size`` and ``box_aspect``: the renderer's options (a slide's
    labels are larger). Without ``end_words`` a spinner's open ends are marked by their numbered
    badges alone. ``max_width``: the widest the table may be drawn (:data:`PHONE_WIDTH`)."""
    if isinstance(diagram, MexicanDiagram):  # a Mexican Train table (lessons/mexican_diagrams.toml)
        return render_train_svg(diagram, neutral=neutral, label_size=label_size)
    labels = None
    if neutral:  # the same picture with its display options turned off, and a description to match
        diagram = replace(diagram, display=replace(diagram.display, highlight="none", dim_unplayable=False,
                                                   annotations=()))
        labels = replace(labels_for(diagram), desc=quiet_description(diagram))
    labels = labels or labels_for(diagram)
    if not end_words:
        labels = replace(labels, left_end="", right_end="", up_end="", down_end="", side_left="", side_right="")
    annotations = [render_note(n) for n in annotation_notes(diagram)] if annotations else []
    return render_position(diagram.position, labels=labels, annotations=annotations, max_width=max_width,
                           label_size=label_size, box_aspect=box_aspect, **render_options(diagram))


def every_diagram() -> dict[str, Diagram | MexicanDiagram]:
    """Every diagram a lesson may show, in id order: lessons/diagrams.toml's and Mexican Train's."""
    found: dict[str, Diagram | MexicanDiagram] = {**load_diagrams(), **load_mexican_diagrams()}
    return dict(sorted(found.items(), key=lambda item: int(item[0][1:])))


def diagram_words() -> dict[str, str]:
    """Every diagram's words in the current language (title, description, labels, lines under it),
    by id: the translators' status page links a message to the picture that shows it."""
    return {diagram.id: " ".join(re.sub(r"<style.*?</style>|<[^>]+>", " ", render_svg(diagram), flags=re.S).split())
            for diagram in every_diagram().values()}  # (Mexican Train's too)


def _find(diagram_id: str) -> Diagram | MexicanDiagram:
    try:
        return every_diagram()[diagram_id]
    except KeyError:
        error = NotFound()
        # TRANSLATORS: error page for a diagram address that does not exist, such as /en/domino/diagrams/D9.svg.
        error.localized = _("There is no diagram called %(id)s.", id=diagram_id)
        raise error from None


#: A picture a phone shows across its width (a game's table, a lesson's diagram), in viewBox
#: units: at 390 px a line tile is still 24 px across.
PHONE_WIDTH = 560
#: Its words and numbers, in viewBox units: at 390 px (the picture drawn at about two thirds of its
#: size) still 12 px on the screen (the renderer's default, 13, gave 8.6).
PHONE_LABELS = 19
#: A spinner's table (Straight, All Fives) names its arms and its doubles' sides: on a 390 px
#: phone, where the picture is drawn at about 0.62 of its size, words of 20 units read at 12 px.
PHONE_SPINNER_LABELS = 20


def phone_labels(diagram: Diagram | MexicanDiagram) -> float:
    """The size of a phone-sized picture's words (:data:`PHONE_LABELS`; a Mexican Train table's are
    drawn at 15, already 15 px at 390)."""
    if isinstance(diagram, MexicanDiagram):
        return 15
    return PHONE_SPINNER_LABELS if diagram.position.rules.spinner else PHONE_LABELS


def diagram_svg(diagram_id: str, lang: str | None = None, *, annotations: bool = True,
                neutral: bool = False, label_size: float = 15, phone: bool = False) -> Markup:
    """A diagram's SVG markup for inlining in a page, in ``lang`` (default: the page's language);
    ``phone``: as legible on a 390 px phone as a game's table (:data:`PHONE_WIDTH`, :func:`phone_labels`).

    The markup is trusted: the renderer builds it from engine data and escapes every word.
    """
    diagram = _find(diagram_id)
    options = {"annotations": annotations, "neutral": neutral, "label_size": label_size}
    if phone:
        options.update(label_size=phone_labels(diagram), max_width=PHONE_WIDTH)
    if lang is None or str(get_locale()) == lang:
        return Markup(render_svg(diagram, **options))
    with force_locale(lang):
        return Markup(render_svg(diagram, **options))


@bp.app_template_global("diagram_svg")
def _diagram_svg_global(diagram_id: str, lang: str | None = None) -> Markup:
    return diagram_svg(diagram_id, lang)


@bp.app_template_global("diagram_figure")
def diagram_figure(diagram_id: str, answers: bool = True) -> Markup:
    """A ``<figure>`` for a lesson page: the diagram inline, its caption, a link to the file.

    Without ``answers`` (a check question about this picture is on the page) the caption and the
    lines under the picture, which state the result, give way to the picture's title."""
    diagram = _find(diagram_id)
    return Markup(
        '<figure class="diagram" data-diagram="{id}">{svg}<figcaption>{caption} '
        '<a class="diagram-file" href="{href}">{link}</a></figcaption></figure>'
    ).format(
        id=diagram.id, svg=diagram_svg(diagram.id, annotations=answers, phone=True),
        caption=_(diagram.caption) if answers else _(diagram.title),
        href=url_for("domino_diagrams.svg", diagram_id=diagram.id),
        # TRANSLATORS: link under a diagram to the picture on its own (an SVG file).
        link=_("Open the picture on its own"),
    )


# ----- routes ------------------------------------------------------------------------------------
# ----- a picture with a question about it: its answer kept until the question is answered ------
def question_figure(diagram_id: str, revealed: bool) -> Markup:
    """A diagram on a page with a question about it. Until the question is answered the picture
    keeps its answer to itself: no caption (its title instead), no lines under it, no rings on the
    playable tiles and nothing dimmed."""
    if revealed:
        return diagram_figure(diagram_id)
    diagram = diagram_by_id(diagram_id)
    svg = diagram_svg(diagram_id, annotations=False, neutral=True, phone=True)
    return Markup('<figure class="diagram" data-diagram="{id}" data-answers="hidden">{svg}<figcaption>{title}</figcaption></figure>').format(
        id=diagram.id, svg=svg, title=_(diagram.title))


def quiet_description(diagram) -> str:
    """What a screen reader hears of a picture before its question is answered: the position, but
    no "you must draw", no "you open with", no result and no pip totals (the lesson page's question
    picture, a slide's plain picture, a handout exercise's)."""
    return " ".join(_quiet_note(n, render_note) for n in describe(diagram) if n.kind not in ANSWER_NOTES)


def _quiet_note(note: Note, render_note: Callable[[Note], str]) -> str:
    """A note of the description as usual, but a hand shown face up without its pip total."""
    if note.kind != "opponent_revealed":
        return render_note(note)
    p = note.params
    # TRANSLATORS: description of a picture (read by screen readers) before its question is answered: another player's hand, face up, without its pip total. %(name)s is e.g. "Your opponent".
    return ngettext("%(name)s holds %(num)d tile, shown face up: %(tiles)s.",
                    "%(name)s holds %(num)d tiles, shown face up: %(tiles)s.",
                    p["count"], name=seat_label(p["seat"], p["seats"]), tiles=join_and(p["tiles"]))


#: Notes of a picture's description that state what the rules require now (the answer to an action
#: or a move question), or how the round ended (the answer to a winner or points question).
ANSWER_NOTES = frozenset({"you_open", "others_dimmed_open", "must_draw", "must_pass", "fits_left", "fits_right",
                          "others_dimmed", "over_domino", "over_blocked",
                          # a spinner's table and Sato 157's later rounds (tutor.games.domino.diagrams)
                          "you_lead_any", "arm_fit", "arm_fit_count", "others_dimmed_arms", "must_draw_arms",
                          "must_pass_arms", "play_compulsory"})


@bp.get("/")
@same_for_everyone
def gallery():
    items = [
        {
            "id": d.id, "section": section_title(d.section), "title": _(d.title), "caption": _(d.caption),
            "svg": diagram_svg(d.id), "href": url_for("domino_diagrams.svg", diagram_id=d.id),
        }
        for d in every_diagram().values()
    ]
    return render_template("domino/gallery.html", items=items)


@bp.get("/<diagram_id>.svg")
@same_for_everyone
def svg(diagram_id: str):
    diagram = _find(diagram_id)
    response = Response(render_svg(diagram).encode("utf-8"), mimetype="image/svg+xml")
    response.cache_control.public = True
    response.cache_control.max_age = MAX_AGE
    response.headers["Content-Language"] = str(get_locale())
    response.headers["X-Content-Type-Options"] = "nosniff"
    # a standalone SVG is a document: nothing in it may load or run anything
    response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    response.add_etag()  # a hash of the bytes: the same picture in the same words keeps its tag
    return response.make_conditional(request)


__all__ = ["bp", "diagram_figure", "diagram_svg", "every_diagram", "render_train_svg", "labels_for", "labels_for_notes", "render_note", "render_svg",
           "section_title"]

