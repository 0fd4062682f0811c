"""Class mode: students answer the presenter's questions on their phones; the projector shows the
class's answers.

- A teacher starts a class from the presenter (``POST /<lang>/class/``: the presenter's index, or
  the button on a deck): the app draws a join code (:data:`CODE_LENGTH` symbols of
  :data:`ALPHABET`) and opens the deck with ``?class=<code>``, where the join code, its address and
  a QR code (``segno``, inline SVG) show on the slide (J shows or hides them). The browser that
  started the class leads it: a cookie holds its token.
- A student opens ``/class/<code>`` (the QR code's address: it sends the phone on in its own
  language) or ``/<lang>/class/<code>``, types a nickname if they like, and joins: a cookie holds
  their token. Their phone shows the question on the screen, its choices or a number field, or
  "look at the screen" between questions, and follows the slides: ``classroom.js`` asks
  ``.../now`` every :data:`POLL_MS` and loads the page again when the teacher has moved (without
  JavaScript the page refreshes itself while it waits). An answer is a form, judged by the game's
  engine as on the lesson page (the game's :class:`ClassDeck`), once per student and question.
- The projector shows how many have answered, never what, until the answer is shown (A); then
  the choices with how many gave each, the right one marked, and the question's explanation. The
  speaker notes window shows the same. ``.../tally`` is the same for a projector without
  JavaScript (it refreshes itself); ``.../teacher`` leads the class without JavaScript and lists
  who joined.
- A class is ended from the teacher's page; it is forgotten a day after it started (the store:
  ``tutor.web.class_store``).

This module imports no game: each game's room gives a :class:`ClassDeck` (``Room.classes``),
which names its presenter deck (``present.Game``), the choices a phone offers and how the engine
judges an answer.

How safe: a code is one of 31**6 = 887,503,681; codes that name no class count against the
client's address (:data:`LIMITS`: 20 in 10 minutes; past that, 429 for every code the address
is not already in), so a guesser learns about one class in hundreds of thousands of tries at
best. Joins, answers and new classes are rate limited too. A student's token (256 random bits) is
known to their browser only (an HttpOnly, SameSite=Lax cookie scoped to the class's address); the
store keeps its SHA-256. A nickname is cleaned and cut to :data:`NICKNAME_LENGTH` characters, and
shown escaped, on the teacher's page only.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
import threading
import time
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace

import redis
import segno
from flask import Blueprint, Flask, current_app, jsonify, redirect, render_template, request, url_for
from flask_babel import format_decimal, format_percent, gettext as _, ngettext
from markupsafe import Markup, escape
from werkzeug.exceptions import BadRequest, Conflict, Forbidden, NotFound, TooManyRequests
from werkzeug.wrappers import Response

from tutor.course import Section, Step, find_in
from tutor.web import delivery
from tutor.web.class_store import LIFETIME, Answer, ClassState, ClassStore, Student, open_store
from tutor.web.i18n import LANGUAGES, best_language, use_language_prefix
from tutor.web.i18n import translate_text as tr
from tutor.web.present import Game, Slide, section_deck, slide_url
from tutor.web.rooms import rooms

bp = Blueprint("classroom", __name__, url_prefix="/<lang_code>/class")
use_language_prefix(bp)
#: ``/class/<code>``: the QR code's address, in no language (the phone's own is chosen)
root = Blueprint("classroom_root", __name__)

#: The join code's symbols: capitals and digits, without 0 O 1 I L (read off a screen, typed on a phone).
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6  # 31**6 = 887,503,681 codes
#: The most students in one class.
MAX_STUDENTS = 200
NICKNAME_LENGTH = 20
#: How often a phone asks whether the teacher has moved, in milliseconds (classroom.js).
POLL_MS = 1000
#: Rate limits, by what is counted: (how many, in how many seconds).
LIMITS = {
    "start": (20, 3600),  # classes started, per client address
    "join": (120, 600),  # joins, per address (a school's classes may share one address)
    "wrong": (20, 600),  # codes that name no class, per address
    "answer": (10, 60),  # answers sent, per student (the first counts; the others are refused)
    "answers": (600, 60),  # answers sent, per address
}
TEACHER_COOKIE = "tutor_class_teacher"
STUDENT_COOKIE = "tutor_class"


# ----- what a game gives class mode ------------------------------------------------------------
@dataclass(frozen=True)
class Ask:
    """What a phone offers for a question."""

    choices: tuple[tuple[str, str], ...]  # (the value posted, its label), in the order of the slide's choices
    number: str = ""  # a question answered with a whole number: its field's label
    right: frozenset[str] = frozenset()  # the values the engine takes as right


@dataclass(frozen=True)
class Judged:
    """An answer as the engine judged it."""

    value: str  # the answer as the engine writes it (15.0 is 15)
    correct: bool


@dataclass(frozen=True)
class ClassDeck:
    """A game's presenter deck, as class mode sees it (``tutor.web.rooms.Room.classes``)."""

    game: Game
    name: Callable[[], str]  # the course's name, in the current language
    ask: Callable[[Step], Ask]
    judge: Callable[[Step, str], Judged | None]  # None: not an answer to the question (a tampered form)
    refusal: Callable[[Step], str]  # what the phone says of such an answer

    @property
    def id(self) -> str:
        return self.game.endpoint


def decks() -> dict[str, ClassDeck]:
    return {deck.id: deck for room in rooms() for deck in room.classes}


# ----- the store and the limits ----------------------------------------------------------------
_OPENING = threading.Lock()


def store() -> ClassStore:
    """The app's class store, opened at first use (pages that are not class mode never open it)."""
    found = current_app.extensions.get("class_store")
    if found is None:
        with _OPENING:
            found = current_app.extensions.get("class_store")
            if found is None:
                found = open_store(current_app.config.get("CLASS_STORE", ""), current_app.instance_path)
                current_app.extensions["class_store"] = found
    return found


def _keyed(text: str) -> str:
    """A keyed hash: what the store keeps of an address."""
    key = current_app.config["SECRET_KEY"]
    key = key.encode("utf-8") if isinstance(key, str) else key
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()[:24]


def client_address() -> str:
    """The client's address; behind ``CLASS_PROXIES`` reverse proxies, the one the nearest proxy saw."""
    proxies = current_app.config.get("CLASS_PROXIES", 0)
    if not proxies:
        return request.remote_addr or ""
    route = request.access_route  # X-Forwarded-For, the client first, each proxy adding the one it saw
    return route[-proxies] if len(route) >= proxies else route[0]


def _too_many(seconds: int) -> TooManyRequests:
    error = TooManyRequests(retry_after=seconds)
    # TRANSLATORS: class mode: error page when a phone or a network sent too many requests (joins, answers, wrong codes) in a short time.
    error.localized = _("Too many tries from here in a short time. Wait a few minutes, then try again.")
    return error


def limited(kind: str, who: str) -> None:
    """Count one request of ``kind`` for ``who``; a 429 past the limit."""
    limit, window = LIMITS[kind]
    if store().hit(f"{kind}:{who}", window) > limit:
        raise _too_many(window)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# ----- codes, cookies, who is asking ----------------------------------------------------------
def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str | None) -> str | None:
    """A code as typed (any case, spaces or dashes between), or None when it cannot be one."""
    if not text or len(text) > 3 * CODE_LENGTH:
        return None
    code = "".join(text.split()).replace("-", "").upper()
    return code if len(code) == CODE_LENGTH and all(c in ALPHABET for c in code) else None


def _error(error_class, message: str):
    error = error_class()
    error.localized = message
    return error


def _no_class(code: str) -> NotFound:
    # TRANSLATORS: class mode: error page for a join code that names no class (mistyped, or the class was forgotten after a day).
    return _error(NotFound, _("There is no class with the code %(code)s. Check the code on the screen; a class is kept for one day.",
                              code=code[:CODE_LENGTH * 3]))


def _cookie(name: str) -> str:
    value = request.cookies.get(name, "")
    return value if 20 <= len(value) <= 64 else ""


def is_teacher(state: ClassState) -> bool:
    token = _cookie(TEACHER_COOKIE)
    return bool(token) and hmac.compare_digest(token_hash(token), state.teacher)


def current_student(state: ClassState) -> Student | None:
    token = _cookie(STUDENT_COOKIE)
    return store().student(state.code, token_hash(token)) if token else None


def find_class(code: str) -> ClassState:
    """The class ``code`` names, for this visitor. A code that names none counts against the
    visitor's address, and past the limit every code the visitor is not in is refused alike
    (429): a guesser learns nothing more."""
    if normal_code(code) != code:
        raise _no_class(code)
    who = _keyed("address:" + client_address())
    limit, window = LIMITS["wrong"]
    state = store().get(code)
    if state is None:
        if store().hit("wrong:" + who, window) > limit:
            raise _too_many(window)
        raise _no_class(code)
    if store().hits("wrong:" + who, window) > limit and not is_teacher(state) and current_student(state) is None:
        raise _too_many(window)
    return state


def set_cookies(response: Response, name: str, code: str, token: str) -> None:
    """The token, for this class's addresses in every language (the language menu keeps a student
    in the class), for as long as the class is kept; never sent to another page."""
    for lang in LANGUAGES:
        response.set_cookie(name, token, max_age=LIFETIME, path=f"{request.script_root}/{lang}/class/{code}",
                            httponly=True, samesite="Lax", secure=request.is_secure)


def clean_nickname(text: str) -> str:
    """What a student typed as a nickname: no control or invisible characters, spaces collapsed,
    at most :data:`NICKNAME_LENGTH` characters."""
    text = unicodedata.normalize("NFC", text[:200])
    text = "".join(c if unicodedata.category(c)[0] != "C" else " " for c in text)
    return " ".join(text.split())[:NICKNAME_LENGTH].strip()


def nickname_of(student: Student) -> str:
    # TRANSLATORS: class mode: the name of a student who joined without a nickname, by the order they joined in, e.g. "Student 3".
    return student.nickname or _("Student %(number)s", number=student.number)


# ----- where the class is ----------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """The slide a class is on."""

    deck: ClassDeck
    section: Section
    slide: Slide
    count: int  # slides in the section

    @property
    def question(self) -> bool:
        return self.slide.question


def place_of(state: ClassState) -> Place | None:
    """The class's slide, or None when its deck or section is no longer served."""
    deck = decks().get(state.deck)
    if deck is None:
        return None
    section, _step = find_in(deck.game.sections(), state.section)
    if section is None:
        return None
    slides = deck_slides(deck, section)
    return Place(deck, section, slides[min(max(state.slide, 1), len(slides)) - 1], len(slides))


def question_key(state: ClassState) -> str:
    return f"{state.deck}/{state.section}/{state.slide}"


def read_lesson(value: str) -> tuple[ClassDeck, Section] | None:
    """A ``<deck>/<section>`` form value."""
    deck_id, _, section_id = (value or "").partition("/")
    deck = decks().get(deck_id)
    if deck is None:
        return None
    section, _step = find_in(deck.game.sections(), section_id)
    return (deck, section) if section else None


def deck_slides(deck: ClassDeck, section: Section) -> tuple[Slide, ...]:
    """The section's slides as its presenter deck numbers them (a picture with a slide of its own counts)."""
    return section_deck(section, deck.game).slides


def slide_number(text: str, deck: ClassDeck, section: Section) -> int:
    """A posted slide number, brought into the section (1 for what is not a number)."""
    number = int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else 1
    return min(max(number, 1), len(deck_slides(deck, section)))


def deck_url(deck: ClassDeck, section: Section, number: int, code: str, join: bool = False) -> str:
    """The presenter's slide, with the class on it."""
    slides = deck_slides(deck, section)
    slide = slides[min(max(number, 1), len(slides)) - 1]
    return slide_url(section_deck(section, deck.game), slide) + f"?class={code}" + ("&join=1" if join else "")


def join_address(code: str) -> str:
    """The address students open (the QR code's): ``/class/<code>`` on this site."""
    return url_for("classroom_root.join_link", code=code, _external=True)


def qr_svg(address: str, code: str) -> Markup:
    """A QR code of ``address`` as inline SVG (no script, no image file: the CSP stays as it is)."""
    svg = segno.make(address, error="m").svg_inline(scale=1, border=4, omitsize=True, svgclass="qr", lineclass=None,
                                                      dark="#000", light="#fff")
    # TRANSLATORS: class mode: what a screen reader says of the QR code on the screen; %(code)s is the class's join code.
    label = _("QR code to join the class %(code)s", code=code)
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" shape-rendering="crispEdges" ', 1))


# ----- the tally -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    label: str
    count: int
    right: bool
    share: str  # "40%", as the language writes it


def answer_label(ask: Ask, value: str) -> str:
    if ask.choices:
        return dict(ask.choices).get(value, value)
    return format_decimal(int(value)) if value.lstrip("-").isdigit() else value


def tally_rows(ask: Ask, answers: list[Answer]) -> list[Row]:
    """How many gave each answer: every choice in the slide's order, or each number given (and the
    right one, given or not), the most given first."""
    counts = Counter(a.value for a in answers)
    total = sum(counts.values())
    if ask.choices:
        values = [value for value, _label in ask.choices]
    else:
        values = sorted(set(counts) | set(ask.right), key=lambda v: (-counts[v], len(v), v))
    return [Row(answer_label(ask, v), counts[v], v in ask.right, format_percent(counts[v] / total) if total else "")
            for v in values]


def tally_view(state: ClassState, joined: int | None = None) -> dict:
    """What the screen and the notes window show of the class now: how many joined and answered,
    and the answers once the answer has been shown."""
    place = place_of(state)
    students = len(store().students(state.code)) if joined is None else joined
    view = {"code": state.code, "version": state.version, "ended": state.ended, "joined": students,
            "section": state.section, "slide": state.slide, "question": bool(place and place.question),
            "answered": 0, "answered_text": "", "revealed": False, "rows": [],
            "title": _("Class %(code)s", code=state.code),
            # TRANSLATORS: class mode: beside the right choice in the tally of the class's answers, for screen readers (a ✓ shows it on screen).
            "right_text": _("the right answer"),
            # TRANSLATORS: class mode: on the projector and the teacher's pages, how many students have joined the class.
            "joined_text": ngettext("%(num)d joined", "%(num)d joined", students)}
    if place and place.question and not state.ended:
        key = question_key(state)
        answers = store().answers(state.code, key)
        view["answered"] = len(answers)
        # TRANSLATORS: class mode: on the projector, how many students have answered the question on the screen (never what they answered), e.g. "12 of 30 answered".
        view["answered_text"] = ngettext("%(num)d of %(joined)s answered", "%(num)d of %(joined)s answered",
                                         len(answers), joined=students)
        if key in state.revealed:
            view["revealed"] = True
            view["rows"] = [asdict(row) for row in tally_rows(place.deck.ask(place.slide.step), answers)]
    return view


# ----- what a phone shows ----------------------------------------------------------------------
def student_view(state: ClassState, me: Student, notice: str = "") -> dict:
    place = place_of(state)
    view = {"state": state, "me": me, "nickname": nickname_of(me), "place": place, "notice": notice,
            "now_url": url_for(".now", code=state.code), "poll_ms": POLL_MS, "question": None,
            "open_question": False}
    if place and place.question and not state.ended:
        key = question_key(state)
        ask = place.deck.ask(place.slide.step)
        mine = next((a for a in store().answers(state.code, key) if a.student == me.id), None)
        revealed = key in state.revealed
        question = place.deck.game.question(place.slide.step)
        diagram = question.get("diagram")
        view.update(question=question, ask=ask, key=key, mine=mine, revealed=revealed,
                    open_question=not revealed and mine is None,
                    mine_label=answer_label(ask, mine.value) if mine else "",
                    picture=place.deck.game.picture(diagram, "c", not revealed, "beside") if diagram else None)
    return view


def student_page(state: ClassState, me: Student, notice: str = "", status: int = 200):
    return render_template("classroom/student.html", **student_view(state, me, notice)), status


# ----- routes ----------------------------------------------------------------------------------
@root.get("/class/<code>")
def join_link(code: str):
    """The QR code's address: the class's page in the phone's language."""
    return redirect(url_for("classroom.student", lang_code=best_language(), code=normal_code(code) or code))


@bp.get("/")
def enter():
    """Type a code to join a class (``?code=``)."""
    typed = request.args.get("code")
    if typed is None:
        return render_template("classroom/enter.html", typed="", error="")
    code = normal_code(typed)
    if code is None:
        # TRANSLATORS: class mode: the code typed to join a class is not one (a join code is 6 letters and digits, as on the screen).
        error = _("A class code has 6 letters and digits, as on the screen, for example K7M3QP.")
        return render_template("classroom/enter.html", typed=typed[:30], error=error), 400
    return redirect(url_for(".student", code=code), 303)


@bp.post("/")
def start():
    """Start a class on a section (``lesson=<deck>/<section>``, from slide ``slide``)."""
    lesson = read_lesson(request.form.get("lesson", ""))
    if lesson is None:
        # TRANSLATORS: class mode: error page when the form that starts a class names no section (a tampered form).
        raise _error(BadRequest, _("Choose one of the sections to start a class."))
    deck, section = lesson
    number = slide_number(request.form.get("slide", "1"), deck, section)
    limited("start", _keyed("address:" + client_address()))
    token = secrets.token_urlsafe(32)
    for _attempt in range(10):  # a taken code: draw again (one in millions while few classes run)
        state = ClassState(code=new_code(), teacher=token_hash(token), created=time.time(), deck=deck.id,
                           section=section.id, slide=number)
        if store().add(state):
            break
    else:
        # TRANSLATORS: error page: an unexpected server error.
        raise _error(Conflict, _("Something went wrong on our side. Please try again."))
    response = redirect(deck_url(deck, section, number, state.code, join=True), 303)
    set_cookies(response, TEACHER_COOKIE, state.code, token)
    return response


@bp.get("/<code>")
def student(code: str):
    canonical = normal_code(code)
    if canonical and canonical != code:
        return redirect(url_for(".student", code=canonical), 301)  # the cookies' paths name the code as written
    state = find_class(code)
    if state.ended:
        return render_template("classroom/ended.html", state=state)
    me = current_student(state)
    if me is None:
        return render_template("classroom/join.html", state=state, teacher=is_teacher(state),
                               nickname_length=NICKNAME_LENGTH)
    return student_page(state, me)


@bp.post("/<code>/join")
def join(code: str):
    state = find_class(code)
    if state.ended or current_student(state) is not None:
        return redirect(url_for(".student", code=code), 303)
    limited("join", _keyed("address:" + client_address()))
    token = secrets.token_urlsafe(32)
    student = store().join(state, token_hash(token), secrets.token_hex(8),
                           clean_nickname(request.form.get("nickname", "")), MAX_STUDENTS)
    if student is None:
        # TRANSLATORS: class mode: error page when a class already has the most students it can take.
        raise _error(Forbidden, ngettext("This class is full: it has %(num)d students.",
                                         "This class is full: it has %(num)d students.", MAX_STUDENTS))
    response = redirect(url_for(".student", code=code), 303)
    set_cookies(response, STUDENT_COOKIE, code, token)
    return response


@bp.post("/<code>/answer")
def answer(code: str):
    state = find_class(code)
    me = current_student(state)
    if me is None:
        # TRANSLATORS: class mode: error page when an answer comes from a phone that has not joined the class.
        raise _error(Forbidden, _("Join the class first: open its code again and press Join."))
    limited("answer", me.id)
    limited("answers", _keyed("address:" + client_address()))
    place = place_of(state)
    key = question_key(state)
    if state.ended or place is None or not place.question or request.form.get("question") != key or key in state.revealed:
        # TRANSLATORS: class mode: a phone sent an answer to a question that is no longer open (the teacher moved on or showed the answer).
        return student_page(state, me, _("That question is closed: here is what is on the screen now."), 409)
    judged = place.deck.judge(place.slide.step, request.form.get("answer", ""))
    if judged is None:
        return student_page(state, me, place.deck.refusal(place.slide.step), 400)
    if not store().answer(state, key, Answer(me.id, judged.value, judged.correct)):
        # TRANSLATORS: class mode: a student tried to answer the same question a second time.
        return student_page(state, me, _("You have already answered this question: your first answer counts."), 409)
    return redirect(url_for(".student", code=code), 303)


@bp.get("/<code>/now")
def now(code: str):
    """What a phone asks every second: has the teacher moved?"""
    state = find_class(code)
    return jsonify({"version": state.version, "ended": state.ended})


@bp.get("/<code>/tally.json")
def tally_json(code: str):
    """The screen's and the notes window's counts (the answers themselves once they are shown)."""
    return jsonify(tally_view(find_class(code)))


@bp.get("/<code>/tally")
def tally(code: str):
    """The tally for a projector without JavaScript: the page refreshes itself."""
    state = find_class(code)
    place = place_of(state)
    question = place.deck.game.question(place.slide.step) if place and place.question else None
    address = join_address(state.code)
    return render_template("classroom/tally.html", state=state, place=place, question=question,
                           tally=tally_view(state), address=address, qr=qr_svg(address, state.code))


def _lead(state: ClassState, form) -> ClassState:
    """The class after the teacher's move: ``go`` (previous, next, show, hide, lesson, end) from
    the teacher's page, or the slide the presenter shows (``lesson``, ``slide``, ``shown``)."""
    go = form.get("go", "")
    place = place_of(state)
    deck, section, number, shown = state.deck, state.section, state.slide, state.shown
    if go == "end":
        return replace(state, ended=True, shown=False, version=state.version + 1)
    if go in ("previous", "next") and place:
        number = min(max(number + (1 if go == "next" else -1), 1), place.count)
        shown = False if number != state.slide else shown
    elif go in ("show", "hide"):
        shown = go == "show"
    elif go == "lesson" or "slide" in form:
        lesson = read_lesson(form.get("lesson", ""))
        if lesson is None:
            raise _error(BadRequest, _("Choose one of the sections to start a class."))
        deck, section = lesson[0].id, lesson[1].id
        number = slide_number(form.get("slide", "1"), *lesson)
        shown = form.get("shown") == "1"
    else:
        # TRANSLATORS: class mode: error page for a teacher's form that asks for nothing the class can do (a tampered form).
        raise _error(BadRequest, _("The class cannot do that. Use the buttons of this page."))
    moved = replace(state, deck=deck, section=section, slide=number, shown=shown)
    there = place_of(moved)
    if not (there and there.question):
        moved = replace(moved, shown=False)  # only a question's answer is shown to the class
    elif moved.shown and question_key(moved) not in moved.revealed:
        moved = replace(moved, revealed=moved.revealed + (question_key(moved),))
    if (moved.deck, moved.section, moved.slide, moved.shown) == (state.deck, state.section, state.slide, state.shown):
        return state
    return replace(moved, version=state.version + 1)


@bp.route("/<code>/teacher", methods=["GET", "POST"])
def teacher(code: str):
    """The teacher's page: the join code, the slide on the screen, the tally, who joined; and,
    without JavaScript, the buttons that lead the class. The presenter's ``classroom.js`` posts here
    at each slide change (``js=1``: answered 204)."""
    state = find_class(code)
    if not is_teacher(state):
        # TRANSLATORS: class mode: error page when someone other than the teacher who started the class tries to lead it.
        raise _error(Forbidden, _("Only the browser that started this class can lead it."))
    if request.method == "POST":
        if state.ended:
            # TRANSLATORS: class mode: error page when the teacher tries to lead a class that has ended.
            raise _error(Conflict, _("This class has ended. Start a new one from the presenter."))
        moved = _lead(state, request.form)
        if moved.ended:
            store().end(moved)
        elif moved is not state:
            store().put(moved)
        if request.form.get("js") == "1":
            return "", 204
        return redirect(url_for(".teacher", code=code), 303)
    place = place_of(state)
    students = [] if state.ended else store().students(code)
    answered: set[str] = set()
    question = None
    if place and place.question and not state.ended:
        answered = {a.student for a in store().answers(code, question_key(state))}
        question = place.deck.game.question(place.slide.step)
    address = join_address(code)
    return render_template(
        "classroom/teacher.html", state=state, place=place, question=question, address=address,
        qr=qr_svg(address, code), tally=tally_view(state, len(students)),
        students=[(nickname_of(s), s.id in answered) for s in students],
        slides_url=deck_url(place.deck, place.section, state.slide, code) if place else "",
        lessons=class_lessons())


# ----- a store that cannot be reached ---------------------------------------------------------
#: What a store raises when it cannot answer (a Redis server down, an SQLite file that cannot be written).
STORE_ERRORS = (sqlite3.Error, redis.exceptions.RedisError, OSError)


@bp.errorhandler(sqlite3.Error)
@bp.errorhandler(redis.exceptions.RedisError)
@root.errorhandler(sqlite3.Error)
@root.errorhandler(redis.exceptions.RedisError)
def store_unavailable(error: Exception):
    current_app.logger.exception("class mode: the store did not answer")
    # TRANSLATORS: class mode: error page when the server cannot reach the place where it keeps the classes (a 503: try again soon).
    message = _("Class mode cannot reach its store just now. Try again in a minute.")
    return render_template("error.html", status=503, message=message), 503


# ----- what the presenter's pages show of class mode (template globals) ------------------------
def class_lessons() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every section a class can follow, by course: (the course's name, [(form value, title)])."""
    return [(deck.name(), [(f"{deck.id}/{s.id}", str(tr(s.title))) for s in deck.game.sections()])
            for deck in decks().values()]


def class_in_deck(section: Section) -> dict | None:
    """On a deck page with ``?class=<code>``: what the slides show of the running class; None
    without a class (or for one that has ended or is forgotten). The code is public (it is on the
    screen): showing it here leads nothing; the teacher's cookie does that."""
    code = normal_code(request.args.get("class"))
    if code is None:
        return None
    try:
        state = store().get(code)
        joined = len(store().students(code)) if state else 0
    except STORE_ERRORS:  # the slides still show, without the class
        current_app.logger.exception("class mode: the store did not answer")
        return None
    if state is None or state.ended:
        return None
    address = join_address(code)
    args = {k: v for k, v in request.args.items() if k != "join"}
    return {"code": code, "joined_text": ngettext("%(num)d joined", "%(num)d joined", joined), "address": address, "shown_address": address.split("://", 1)[-1], "qr": qr_svg(address, code),
            "deck": request.blueprint, "section": section.id, "join": request.args.get("join") == "1",
            "without_join": url_for(request.endpoint, **(request.view_args or {}), **args),
            "with_join": url_for(request.endpoint, **(request.view_args or {}), **args, join="1"),
            "lead_url": url_for("classroom.teacher", code=code), "tally_url": url_for("classroom.tally_json", code=code),
            "teacher_page": url_for("classroom.teacher", code=code)}


def class_start(section: Section) -> str:
    """On a deck page: the form value that starts a class on it, or "" when its game has no class mode."""
    return f"{request.blueprint}/{section.id}" if request.blueprint in decks() else ""


@bp.after_request
@root.after_request
def no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"  # a class changes every second; no cache may keep it
    return response


def init_app(app: Flask) -> None:
    """Class mode's routes and template globals; the store (``TUTOR_CLASS_STORE``) opens at first use."""
    delivery.live_with("class")  # a deck with ?class= shows the class: never a kept page
    import os

    app.config.setdefault("CLASS_STORE", os.environ.get("TUTOR_CLASS_STORE", ""))
    proxies = os.environ.get("TUTOR_CLASS_PROXIES", "0")
    app.config.setdefault("CLASS_PROXIES", int(proxies) if proxies.isdigit() else 0)
    app.register_blueprint(bp)
    app.register_blueprint(root)
    app.add_template_global(class_in_deck, "class_in_deck")
    app.add_template_global(class_start, "class_start")
    app.add_template_global(class_lessons, "class_lessons")


__all__ = ["ALPHABET", "Ask", "CODE_LENGTH", "ClassDeck", "Judged", "LIMITS", "MAX_STUDENTS", "NICKNAME_LENGTH",
           "POLL_MS", "Place", "Row", "bp", "class_in_deck", "class_lessons", "class_start", "clean_nickname",
           "decks", "find_class", "init_app", "normal_code", "place_of", "question_key", "root", "store",
           "tally_rows", "tally_view"]
