"""Backgammon's pictures on the web: the rulebook diagrams (a gallery, standalone SVG files,
figures for lesson pages) and every word inside a board.

- ``/<lang>/backgammon/diagrams/``: every diagram B1-B13 with its caption.
- ``/<lang>/backgammon/diagrams/<id>.svg``: one diagram as ``image/svg+xml``, with an ETag.
- the template global ``bg_diagram_figure(id)``: a diagram inlined in a lesson page.

Every word of a picture comes from here, through gettext: its accessible title and description
(the position in words, so a screen-reader user can follow it), the legend and the pip counts.
``tutor.games.backgammon.diagrams`` supplies the facts; ``tutor.games.backgammon.render`` draws.
"""

from __future__ import annotations

import re
from dataclasses import replace

from flask import Blueprint, Response, render_template, request, url_for
from flask_babel import force_locale, get_locale, gettext as _, ngettext
from markupsafe import Markup
from werkzeug.exceptions import NotFound

from tutor.games.backgammon import BLACK, WHITE
from tutor.games.backgammon.diagrams import Diagram, Facts, describe, diagram_by_id, load_diagrams, render_options
from tutor.games.backgammon.render import Labels, render_board
from tutor.web.backgammon.pages import section_title
from tutor.web.i18n import use_language_prefix
from tutor.web.lists import join_and
from tutor.web.delivery import same_for_everyone

bp = Blueprint("backgammon_diagrams", __name__, url_prefix="/<lang_code>/backgammon/diagrams")
use_language_prefix(bp)

#: How long browsers and proxies may keep a diagram without asking again (seconds).
MAX_AGE = 3600


# ----- the words inside a picture -----------------------------------------------------------------
def _places(facts: Facts, side) -> str:
    items = [
        # TRANSLATORS: backgammon diagram description (screen readers): one point's checkers, e.g. "5 on point 13"; joined into a list.
        _("%(count)d on point %(point)d", count=count, point=point)
        for point, count in facts.points[side]
    ]
    if facts.bar[side]:
        # TRANSLATORS: backgammon diagram description (screen readers): checkers waiting on the bar; joined into a list.
        items.append(ngettext("%(num)d on the bar", "%(num)d on the bar", facts.bar[side]))
    if facts.off[side]:
        # TRANSLATORS: backgammon diagram description (screen readers): checkers already taken off the board; joined into a list.
        items.append(ngettext("%(num)d borne off", "%(num)d borne off", facts.off[side]))
    return join_and(items)


def _turn(facts: Facts) -> str:
    dice = facts.dice
    if facts.to_move is WHITE:
        if dice:
            # TRANSLATORS: backgammon diagram description (screen readers): the learner's roll.
            return _("It is your turn, and you rolled %(first)d and %(second)d.", first=dice[0], second=dice[1])
        # TRANSLATORS: backgammon diagram description (screen readers).
        return _("It is your turn, before you roll.")
    if dice:
        # TRANSLATORS: backgammon diagram description (screen readers): the computer's roll.
        return _("It is the computer's turn, and it rolled %(first)d and %(second)d.", first=dice[0], second=dice[1])
    # TRANSLATORS: backgammon diagram description (screen readers).
    return _("It is the computer's turn, before it rolls.")


def _cube(facts: Facts) -> str:
    value = facts.cube_value
    if facts.cube_owner is None:
        # TRANSLATORS: backgammon diagram description (screen readers): the doubling cube in the middle.
        return _("The videau is in the middle, at %(value)d.", value=value)
    if facts.cube_owner is WHITE:
        # TRANSLATORS: backgammon diagram description (screen readers): the doubling cube on the learner's side.
        return _("The videau is on your side, at %(value)d.", value=value)
    # TRANSLATORS: backgammon diagram description (screen readers): the doubling cube on the computer's side.
    return _("The videau is on the computer's side, at %(value)d.", value=value)


def result_sentence(winner, kind: str, points: int) -> str:
    """How a finished game ended, for the learner (one sentence per winner and kind)."""
    you = winner is WHITE
    if kind == "single":
        if you:
            # TRANSLATORS: backgammon: the end of a game won by the learner (the loser had borne off a checker).
            return ngettext("The game is over: you win a single game, %(num)d point.",
                            "The game is over: you win a single game, %(num)d points.", points)
        # TRANSLATORS: backgammon: the end of a game won by the computer (the learner had borne off a checker).
        return ngettext("The game is over: the computer wins a single game, %(num)d point.",
                        "The game is over: the computer wins a single game, %(num)d points.", points)
    if kind == "gammon":
        if you:
            # TRANSLATORS: backgammon: the end of a game won by the learner with a gammon (2 × the videau).
            return ngettext("The game is over: you win a gammon, %(num)d point.",
                            "The game is over: you win a gammon, %(num)d points.", points)
        # TRANSLATORS: backgammon: the end of a game won by the computer with a gammon (2 × the videau).
        return ngettext("The game is over: the computer wins a gammon, %(num)d point.",
                        "The game is over: the computer wins a gammon, %(num)d points.", points)
    if kind == "backgammon":
        if you:
            # TRANSLATORS: backgammon: the end of a game won by the learner with a backgammon (3 × the videau).
            return ngettext("The game is over: you win a backgammon, %(num)d point.",
                            "The game is over: you win a backgammon, %(num)d points.", points)
        # TRANSLATORS: backgammon: the end of a game won by the computer with a backgammon (3 × the videau).
        return ngettext("The game is over: the computer wins a backgammon, %(num)d point.",
                        "The game is over: the computer wins a backgammon, %(num)d points.", points)
    if you:
        # TRANSLATORS: backgammon: the computer refused the videau, so the learner wins its value before doubling.
        return ngettext("The computer refused the videau: you win %(num)d point.",
                        "The computer refused the videau: you win %(num)d points.", points)
    # TRANSLATORS: backgammon: the learner refused the videau, so the computer wins its value before doubling.
    return ngettext("You refused the videau: the computer wins %(num)d point.",
                    "You refused the videau: the computer wins %(num)d points.", points)


def describe_sentences(facts: Facts, answers: bool = True, pips: bool = True) -> str:
    """The position in words: both sides' checkers, pip counts, whose turn, the videau, the mark.
    Without ``answers`` (a question asks about the picture) a finished game's result is not said;
    without ``pips`` (a question asks for them) the pip counts are not either."""
    sentences = [
        # TRANSLATORS: backgammon diagram description (screen readers): where the learner's checkers are, e.g. "2 on point 24, 5 on point 13 and 8 borne off".
        _("Your checkers (white): %(places)s.", places=_places(facts, WHITE)),
        # TRANSLATORS: backgammon diagram description (screen readers): where the computer's checkers are.
        _("The computer's checkers (black): %(places)s.", places=_places(facts, BLACK)),
    ]
    if pips:
        # TRANSLATORS: backgammon diagram description (screen readers): both pip counts.
        sentences.append(_("Pip count: you %(you)d, the computer %(computer)d.", you=facts.pips[WHITE],
                           computer=facts.pips[BLACK]))
    if facts.over is not None:
        if answers:
            sentences.append(result_sentence(facts.over.winner, facts.over.kind, facts.over.points))
    else:
        sentences.append(_turn(facts))
    sentences.append(_cube(facts))
    if facts.marked:
        # TRANSLATORS: backgammon diagram description (screen readers): the play marked on the board, in standard notation such as "24/18 13/8".
        sentences.append(_("The marked play is %(play)s.", play=facts.marked))
    return " ".join(sentences)


def board_labels(title: str, facts: Facts, answers: bool = True) -> Labels:
    """The words of a board picture in the current locale."""
    return Labels(
        title=title,
        desc=describe_sentences(facts, answers),
        # TRANSLATORS: backgammon board legend, beside a white checker. Keep it short (about 40 characters): phones.
        white=_("Your checkers (white), moving 24 → 1"),
        # TRANSLATORS: backgammon board legend, beside a black checker. Keep it short (about 40 characters): phones.
        black=_("The computer's checkers (black)"),
        # TRANSLATORS: backgammon board legend, beside a marked square: the points a suggested play moves from and to.
        marked=_("Points of the suggested play"),
        # TRANSLATORS: backgammon board legend: a side's pip count, at the end of its legend line (short).
        pips=lambda n: ngettext("%(num)d pip", "%(num)d pips", n),
    )


def exercise_board_svg(board: Diagram, kind: str, suffix: str) -> str:
    """The board of a worksheet's exercise (a position of its own), plain: no result said, and for a
    question that asks for the pip count, no pip count either; its element ids end in ``suffix``."""
    facts = describe(board)
    pips = kind != "pips"
    # TRANSLATORS: backgammon: the title (for screen readers) of the board printed beside a handout exercise that has a position of its own.
    labels = board_labels(_("The board of this exercise"), facts, answers=False)
    labels = replace(labels, desc=describe_sentences(facts, answers=False, pips=pips), pips=labels.pips if pips else None)
    return render_board(board.position, labels=labels, id_prefix=f"bg-x{suffix}-")


def render_svg(diagram: Diagram, neutral: bool = False) -> str:
    """The diagram as an SVG document, in the current locale. A ``neutral`` picture, for a question
    about it, shows the position only: no suggested play marked, no result said."""
    facts, options = describe(diagram), render_options(diagram)
    if neutral:
        facts, options = replace(facts, marked=""), {**options, "play": None}
    return render_board(diagram.position, labels=board_labels(_(diagram.title), facts, answers=not neutral), **options)


def _find(diagram_id: str) -> Diagram:
    try:
        return diagram_by_id(diagram_id)
    except KeyError:
        error = NotFound()
        # TRANSLATORS: error page for a backgammon diagram address that does not exist, such as /en/backgammon/diagrams/B99.svg.
        error.localized = _("There is no diagram called %(id)s.", id=diagram_id)
        raise error from None


def diagram_svg(diagram_id: str, lang: str | None = None, neutral: bool = False) -> Markup:
    """A diagram's SVG markup for inlining in a page (the renderer escapes every word)."""
    diagram = _find(diagram_id)
    if lang is None or str(get_locale()) == lang:
        return Markup(render_svg(diagram, neutral))
    with force_locale(lang):
        return Markup(render_svg(diagram, neutral))


@bp.app_template_global("bg_diagram_figure")
def diagram_figure(diagram_id: str, answers: bool = True) -> Markup:
    """A ``<figure>`` for a lesson page: the board inline, its caption, a link to the file.
    Without ``answers`` (a question about the picture is on the page) the caption, which gives
    the answer away, gives way to the picture's title, and the board is neutral (no marked play)."""
    diagram = _find(diagram_id)
    return Markup(
        '<figure class="diagram backgammon" data-diagram="{id}">{svg}<figcaption>{caption} '
        '<a class="diagram-file" href="{href}">{link}</a></figcaption></figure>'
    ).format(
        id=diagram.id, svg=diagram_svg(diagram.id, neutral=not answers),
        caption=_(diagram.caption) if answers else _(diagram.title),
        href=url_for("backgammon_diagrams.svg", diagram_id=diagram.id),
        link=_("Open the picture on its own"),
    )


def diagram_words() -> dict[str, str]:
    """Every board's words in the current language (title, description, legend, caption), by id:
    the translators' status page links a message to the picture that shows it."""
    return {diagram.id: " ".join([*re.sub(r"<style.*?</style>|<[^>]+>", " ", render_svg(diagram), flags=re.S).split(),
                                  *_(diagram.caption).split()])
            for diagram in load_diagrams().values()}


# ----- routes ------------------------------------------------------------------------------------
@bp.get("/")
@same_for_everyone
def gallery():
    items = [
        {
            "id": d.id, "section": section_title(d.section), "title": _(d.title), "caption": _(d.caption),
            "svg": diagram_svg(d.id), "href": url_for("backgammon_diagrams.svg", diagram_id=d.id),
        }
        for d in load_diagrams().values()
    ]
    return render_template("backgammon/gallery.html", items=items)


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
    response.add_etag()
    return response.make_conditional(request)
