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

from tutor.games.domino import questions
from tutor.course import find, load_course, neighbours, tries_so_far
from tutor.games.domino import DominoError
from tutor.games.domino.guided import GuidedHand, all_hands, load_hands
from tutor.games.domino.mexican_train.guided import all_hands as mexican_hands
from tutor.web.i18n import use_language_prefix
from tutor.web.domino.diagrams import question_figure
from tutor.web.domino.feedback import choice_label, feedback, question_text
from tutor.web.domino.wording import verdict_sentence
from tutor.web.delivery import same_for_everyone

bp = Blueprint("domino", __name__, url_prefix="/<lang_code>/domino")
use_language_prefix(bp)
#: the domino pages' addresses from before there was a second game (:func:`moved`)
moved_pages = Blueprint("domino_moved", __name__, url_prefix="/<lang_code>")
use_language_prefix(moved_pages)


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


bp.add_app_template_global(hands_practising, "hands_practising")
bp.add_app_template_global(after_hand, "after_hand")
bp.add_app_template_global(question_figure, "question_figure")


@bp.get("/")
@same_for_everyone
def course():
    return render_template("domino/course.html", sections=load_course())


@bp.app_template_global("domino_other_ways")
def other_ways_to_play() -> list[dict[str, str]]:
    """The other rule sets (Sato 157, Straight, All Fives, Mexican Train), each with one tap to its
    lesson and one to a game, for the home page and the top of the practice page."""
    from tutor.web.domino.rule_sets import COLUMNS, rule_set_name

    lessons = {s.id: url_for("domino.step", section_id=s.id, step_id=s.steps[0].id)
               for s in load_course() if s.part == "other-ways"}
    return [{"name": rule_set_name(name), "rules": name, "lesson": lessons.get(name, ""),
             "play": url_for("domino_play.free_play", seats=2, rules=name)}
            for name in COLUMNS if name != "playboard"]


@bp.get("/other-ways")
@same_for_everyone
def other_ways():
    """Playboard beside Sato 157, Straight, All Fives and Mexican Train (tutor.web.domino.rule_sets)."""
    from tutor.web.domino.rule_sets import COLUMNS, comparison, rule_set_name

    # each rule set's free play, and the course's section on it (a section of the other ways to
    # play is named after its rule set); Playboard's is the whole course
    plays = [url_for("domino_play.free_play", seats=2, **({"rules": name} if name != "playboard" else {})) for name in COLUMNS]
    lessons = {s.id: url_for("domino.step", section_id=s.id, step_id=s.steps[0].id)
               for s in load_course() if s.part == "other-ways"}
    return render_template("domino/other_ways.html", rows=comparison(), names=[rule_set_name(n) for n in COLUMNS],
                           plays=plays, lessons=[lessons.get(n) for n in COLUMNS])


# three rules, three endpoint names: url_for (the language switcher on a 404 here) picks a rule by name
@moved_pages.route("/<any(lessons, diagrams, hands, handout):part>/", methods=["GET", "HEAD", "POST"], endpoint="moved_folder")
@moved_pages.route("/<any(lessons, diagrams, hands, present, handout):part>/<path:rest>", methods=["GET", "HEAD", "POST"])
@moved_pages.route("/<any(play):part>", methods=["GET", "HEAD", "POST"], endpoint="moved_page")
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


@bp.get("/lessons/<section_id>/")
def section(section_id: str):
    found, _ = find(section_id)
    if found is None:
        abort(404)
    return redirect(url_for("domino.step", section_id=found.id, step_id=found.steps[0].id))


def _rules_name(section) -> str | None:
    """The rule set a section of the other ways to play teaches, by name (the section is named
    after it), for its link to free play by those rules; None for the rulebook's sections."""
    if section.part != "other-ways":
        return None
    from tutor.games.domino.rules import RULE_SETS
    from tutor.web.domino.rule_sets import MEXICAN_TRAIN, rule_set_name

    return rule_set_name(MEXICAN_TRAIN if section.id == MEXICAN_TRAIN else RULE_SETS[section.id])


@bp.route("/lessons/<section_id>/<step_id>", methods=["GET", "POST"])
@same_for_everyone
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
        tries = tries_so_far(request.form.get("tries"))
        try:
            verdict = questions.judge(question.kind, position, request.form.get("answer", ""), **facts)
        except DominoError:
            error, status = verdict_sentence(None, question.kind), 400
        else:
            result = feedback(question, position, verdict, tries)
    before, after = neighbours(section, step)
    return render_template(
        "domino/step.html",
        sections=load_course(), section=section, step=step, before=before, after=after,
        rules_name=_rules_name(section),
        question=question, position=position, result=result, error=error,
        question_text=question_text(question, position) if question else "",
        choices=[(o, choice_label(o, position.seats)) for o in questions.options(question.kind, position)] if question else [],
    ), status
