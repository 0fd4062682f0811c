"""Pages under a language prefix (``/vi/``, ``/id/``, ``/en/``), and the bare root that picks one.

- ``/<lang>/``: the home page, the games to learn.
- ``/<lang>/domino/``: the domino course; ``/<lang>/domino/lessons/<section>/<step>``: a lesson step.
- The domino pages lived at ``/<lang>/lessons/...``, ``/<lang>/diagrams/...``, ``/<lang>/hands/...``,
  ``/<lang>/play``, ``/<lang>/present/<section>/...`` and ``/<lang>/handout/...`` before there was a
  second game: those addresses answer 301 (308 for a form sent there) to the same page under
  ``/<lang>/domino/``, query string kept, so bookmarks and printed links keep working.
"""

from __future__ import annotations

from urllib.parse import quote, quote_from_bytes

from flask import Blueprint, abort, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..games.domino import questions
from ..course import find, load_course, neighbours
from ..games.domino import DominoError
from ..games.domino.guided import GuidedHand, all_hands, load_hands
from ..games.domino.mexican_guided import all_hands as mexican_hands
from .i18n import LANGUAGES, best_language
from .feedback import choice_label, feedback, question_figure, question_text
from .wording import verdict_sentence

bp = Blueprint("pages", __name__, url_prefix="/<lang_code>")
root = Blueprint("root", __name__)


def take_language(endpoint, values) -> None:
    """Move the URL's language into ``g``; an unknown language is a 404 (shown in the best one)."""
    lang = values.pop("lang_code", None) if values else None
    if lang not in LANGUAGES:
        abort(404)
    g.lang = lang


def give_language(endpoint, values) -> None:
    values.setdefault("lang_code", g.get("lang") or best_language())


def use_language_prefix(blueprint: Blueprint) -> None:
    """Give a blueprint the ``/<lang_code>`` behaviour: shared links open in their language."""
    blueprint.url_value_preprocessor(take_language)
    blueprint.url_defaults(give_language)


use_language_prefix(bp)


def hands_practising(section_id: str) -> list[GuidedHand]:
    """The guided hands that practise a section (``practises`` in lessons/hands.toml), in course order;
    a section on another rule set has its own rule set's hands."""
    mexican = [hand for hand in mexican_hands().values() if hand.practises == section_id]  # Mexican Train's own file
    return [hand for hand in all_hands().values() if hand.practises == section_id] + mexican


def after_hand(hand_id: str) -> dict:
    """Where a finished guided hand leads: the next hand (None after the last) and the section it practised."""
    hand = all_hands()[hand_id]
    section, _ = find(hand.practises) if hand.practises else (None, None)
    chain = list(load_hands().values())  # only the course's Playboard hands lead one to the next
    here = chain.index(hand) if hand in chain else len(chain)
    return {"next": chain[here + 1] if here + 1 < len(chain) else None, "section": section}


#: The blueprints of the backgammon pages; every other page belongs to the domino course or to no game.
BACKGAMMON_BLUEPRINTS = ("backgammon", "backgammon_present", "bgplay")


def page_game() -> str:
    """The game of the page being made ("backgammon" or "domino"): the header's menu leads to its pages."""
    return "backgammon" if request.blueprint in BACKGAMMON_BLUEPRINTS else "domino"


bp.add_app_template_global(page_game, "page_game")
bp.add_app_template_global(hands_practising, "hands_practising")
bp.add_app_template_global(after_hand, "after_hand")
bp.add_app_template_global(question_figure, "question_figure")


@root.get("/")
def index():
    return redirect(url_for("pages.home", lang_code=best_language()))


@bp.get("/")
def home():
    return render_template("pages/home.html", sections=load_course())


@bp.get("/domino/")
def course():
    return render_template("pages/course.html", sections=load_course())


@bp.get("/domino/other-ways")
def other_ways():
    """Playboard beside Sato 157, Straight, All Fives and Mexican Train (tutor.web.rule_sets)."""
    from .rule_sets import COLUMNS, comparison, rule_set_name

    # each rule set's free play, and the course's section on it (a section of the other ways to
    # play is named after its rule set); Playboard's is the whole course
    plays = [url_for("play.free_play", seats=2, **({"rules": name} if name != "playboard" else {})) for name in COLUMNS]
    lessons = {s.id: url_for("pages.step", section_id=s.id, step_id=s.steps[0].id)
               for s in load_course() if s.part == "other-ways"}
    return render_template("pages/other_ways.html", rows=comparison(), names=[rule_set_name(n) for n in COLUMNS],
                           plays=plays, lessons=[lessons.get(n) for n in COLUMNS])


# three rules, three endpoint names: url_for (the language switcher on a 404 here) picks a rule by name
@bp.route("/<any(lessons, diagrams, hands, handout):part>/", methods=["GET", "HEAD", "POST"], endpoint="moved_folder")
@bp.route("/<any(lessons, diagrams, hands, present, handout):part>/<path:rest>", methods=["GET", "HEAD", "POST"])
@bp.route("/<any(play):part>", methods=["GET", "HEAD", "POST"], endpoint="moved_page")
def moved(part: str, rest: str | None = None) -> Response:
    """An old domino address: the same page under ``/<lang>/domino/`` (``/<lang>/present/`` itself is
    still the presenter's index for every game, so only its sections moved)."""
    segments = rest.split("/") if rest else []
    if any(segment in (".", "..") for segment in segments):
        abort(404)  # no page was ever there; a decoded %2F.. must not climb out of /domino/
    target = f"{request.script_root}/{g.lang}/domino/{part}" + ("" if part == "play" else "/" + "/".join(quote(s) for s in segments))
    if request.query_string:
        target += "?" + quote_from_bytes(request.query_string, safe="=&;%+/?:@,$!*'()~")
    # 301 is for reading; a form's POST would turn into a GET on the way, so it gets the 308 that keeps it
    return redirect(target, 301 if request.method in ("GET", "HEAD") else 308)


@bp.get("/domino/lessons/<section_id>/")
def section(section_id: str):
    found, _ = find(section_id)
    if found is None:
        abort(404)
    return redirect(url_for("pages.step", section_id=found.id, step_id=found.steps[0].id))


def _rules_name(section) -> str | None:
    """The rule set a section of the other ways to play teaches, by name (the section is named
    after it), for its link to free play by those rules; None for the rulebook's sections."""
    if section.part != "other-ways":
        return None
    from ..games.domino.rules import RULE_SETS
    from .rule_sets import MEXICAN_TRAIN, rule_set_name

    return rule_set_name(MEXICAN_TRAIN if section.id == MEXICAN_TRAIN else RULE_SETS[section.id])


@bp.route("/domino/lessons/<section_id>/<step_id>", methods=["GET", "POST"])
def step(section_id: str, step_id: str):
    section, step = find(section_id, step_id)
    if section is None or step is None:
        abort(404)
    question = step.question
    position = questions.position_of(question) if question else None
    facts = questions.facts_of(question) if question else {}
    result = error = None
    status = 200
    if request.method == "POST":
        if question is None:
            abort(405)
        tries = request.form.get("tries", "0")
        tries = int(tries) if tries.isascii() and tries.isdigit() and len(tries) < 3 else 0
        try:
            verdict = questions.judge(question.kind, position, request.form.get("answer", ""), **facts)
        except DominoError:
            error, status = verdict_sentence(None, question.kind), 400
        else:
            result = feedback(question, position, verdict, tries)
    before, after = neighbours(section, step)
    return render_template(
        "lessons/step.html",
        sections=load_course(), section=section, step=step, before=before, after=after,
        rules_name=_rules_name(section),
        question=question, position=position, result=result, error=error,
        question_text=question_text(question, position) if question else "",
        choices=[(o, choice_label(o, position.seats)) for o in questions.options(question.kind, position)] if question else [],
    ), status
