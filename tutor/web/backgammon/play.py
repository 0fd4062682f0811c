"""Backgammon games in the browser: the guided positions and free play against the computer.

The state of a game lives in its address, as for the domino games: a guided position's id or a
free-play game id (whose dice only the server can compute, ``tutor.freeplay``), the learner's
decisions (``h``: compact and versioned, ``tutor.games.backgammon.record``; an older address's
``m``, ``~`` between the games of a series and ``.`` between decisions, is still read), the steps
of the turn in progress (``s``) and the checker picked (``f``). A tap (``at``: a place) or a
button (``do``) is answered at once with the page after it (one request a tap: no redirect), its
own address in ``Content-Location`` and the page's canonical link (``tutor.js`` shows it in the
address bar), or with the same page and the reason it was refused (400). The page carries the
state once, in its form: the taps on the picture and every button submit that form. Everything
works with GET forms, without JavaScript.

- ``/<lang>/backgammon/play/``: the guided positions and the new-game form;
- ``/<lang>/backgammon/play/new?videau=1&series=1&opponent=strong``: a new game (redirect to its address);
- ``/<lang>/backgammon/play/game?g=…``: free play; ``/<lang>/backgammon/guided/<id>``: a guided position;
- ``/<lang>/backgammon/play/review?g=…&h=…``: the review of a free game (or series): the learner's
  plays graded, the three costliest drawn with the better play;
- ``/<lang>/backgammon/play/position?x=<XGID>``: one position to play again (from the review), graded.

The coach (``tutor.games.backgammon.coach``) grades every play the learner confirms (``grade=0``
in the address turns it off) and ``better=1`` shows the last play's position with the better play
marked. The computer plays as the game id says: the friendly player or the strong one (the
evaluator's best play); its videau always follows the rulebook's pip rule.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

from flask import Blueprint, abort, g, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from tutor.games.backgammon.diagrams import facts_of
from tutor.freeplay import BackgammonDice, GameIdError, new_backgammon_id, read_backgammon_id, strong_opponent
from tutor.games.backgammon import START, WHITE, IllegalMoveError, InvalidPositionError, Position, Step, first_steps, \
    notation
from tutor.games.backgammon.coach import Grade, grade, strong_player
from tutor.games.backgammon.guided import GuidedPosition, guided_by_id, load_guided
from tutor.games.backgammon.hints import cube_ladder, move_ladder
from tutor.games.backgammon.plays import BAR_POINT, OFF, legal_plays, replay_steps
from tutor.games.backgammon.record import RecordError, decode, encode
from tutor.games.backgammon.render import FONT as BOARD_FONT, render_board, tap_boxes
from tutor.games.backgammon.players import recommend
from tutor.games.backgammon.session import (
    DOUBLE, GO_ON, PASS, ROLL, TAKE, DecisionError, Event, Game, Phase, ScriptedDice, offered_step, partial_position,
    play_of_steps, read_steps, replay_game, steps_to, steps_token,
)
from tutor.web.backgammon.coaching import LABELS, grade_name, grade_sentences, position_done, review_summary
from tutor.web.backgammon.diagrams import board_labels
from tutor.web.backgammon.pages import section_title
from tutor.web.backgammon.slides import projector_board
from tutor.web.backgammon.voice import (hint_sentence, localized_notation, moment_summary, place_name, result_lines,
                                       since_learner, status)
from tutor.web.backgammon.wording import render_reason
from tutor.web.errors import BadGame, secret_key
from tutor.web.i18n import keep_in_language_links, use_language_prefix
from tutor.web.delivery import same_for_everyone

bp = Blueprint("backgammon_play", __name__, url_prefix="/<lang_code>/backgammon")
use_language_prefix(bp)
keep_in_language_links(bp, "g", "m", "h", "x", "s", "f", "hint", "videau", "series", "grade", "better")  # a game's state and its help

GAME_SEPARATOR, DECISION_SEPARATOR = "~", "."
MAX_GAMES = 30  # a series longer than this starts again (bounds a request's work)
HINT_LEVELS = 3
TABLE_ANCHOR = "table"


@dataclass
class Table:
    """A guided position, a free-play game (a series of games) or one position to play again,
    and where it stands."""

    guided: GuidedPosition | None
    game_id: str = ""
    videau: bool = False
    series: bool = False
    strong: bool = False  # the computer plays the evaluator's best play (free play's option)
    start: Position | None = None  # one position to play again (its XGID holds the dice)
    xgid: str = ""
    grading: bool = True  # every confirmed play graded (grade=0 in the address turns it off)
    finished: list[list[str]] = field(default_factory=list)  # earlier games' decisions (a series)
    decisions: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)  # the turn in progress
    selected: int | None = None  # the learner's picked checker (25 = the bar)

    def start_and_dice(self, index: int):
        if self.start is not None:
            return self.start, ScriptedDice(())  # one decision: no roll comes after it
        if self.guided is not None:
            return self.guided.start, self.guided.dice()
        dice = BackgammonDice(secret_key(), self.game_id, index)
        first = dice.opening()[-1]
        mover = WHITE if first[0] > first[1] else WHITE.other
        return START.replace(to_move=mover, dice=(max(first), min(first))), dice

    def source(self, index: int) -> tuple:
        """What game ``index`` is rebuilt from besides its decisions (the caches' key; the strong
        opponent's game id differs from the friendly one's, a position to play again has its XGID)."""
        if self.start is not None:
            return ("position", self.xgid)
        if self.guided is not None:
            return (self.guided.id, self.guided.start, self.guided.rolls)
        return (self.game_id, index, secret_key())

    def finished_result(self, decisions: list[str], index: int):
        """The result of a finished game of the series (a 400 if it is not over). Kept per process
        (:data:`_RESULTS`): a series page does not replay every finished game on each request."""
        key = (self.source(index), self.videau, tuple(decisions))
        with _GAMES_LOCK:
            result = _RESULTS.get(key)
            if result is not None:
                _RESULTS.move_to_end(key)
                return result
        earlier = self.replay(decisions, index)
        if earlier.phase is not Phase.OVER:
            # TRANSLATORS: backgammon: a series address lists a game as finished although it is not over.
            raise BadGame(_("Game %(number)s in this address is not finished.", number=index + 1))
        with _GAMES_LOCK:
            _RESULTS[key] = earlier.result
            while len(_RESULTS) > _RESULTS_KEPT:
                _RESULTS.popitem(last=False)
        return earlier.result

    def replay(self, decisions: list[str], index: int) -> Game:
        start, dice = self.start_and_dice(index)
        source = self.source(index)
        try:
            return _replay_cached(source, start, dice, decisions, self.videau, self.strong)
        except DecisionError as error:
            if self.guided is None and self.start is None and _fits_the_old_dice(start, dice, decisions, self.videau):
                # TRANSLATORS: backgammon: a free-play address made before the tutor changed how it rolls the dice (they now follow the learner's decisions): its decisions no longer fit.
                raise BadGame(_("This game was started with an earlier version of the tutor, which rolled the dice "
                                "another way, so its decisions no longer fit. Start a new game from the backgammon "
                                "practice page.")) from None
            number = error.params.get("index", 0)
            # TRANSLATORS: backgammon: a game address holds a decision the rules do not allow; %(reason)s says why.
            raise BadGame(_("Decision %(number)s in this address (%(decision)s) is not allowed: %(reason)s",
                            number=number + 1, decision=decisions[number] if number < len(decisions) else "?",
                            reason=render_reason(error.code, error.params))) from None

    def moved(self, decisions: list[str] | None = None, steps: list[Step] | None = None, selected: Any = "keep",
              *, new_game: bool = False) -> "Table":
        """This game with other decisions, steps or pick (by default, the same ones; a new turn or
        new steps drop the pick unless one is given); ``new_game``: the next game of the series."""
        if new_game:
            return replace(self, finished=[*self.finished, self.decisions], decisions=[], steps=[], selected=None)
        if selected == "keep":
            selected = self.selected if decisions is None and steps is None else None
        return replace(self, decisions=self.decisions if decisions is None else decisions,
                       steps=self.steps if steps is None else steps, selected=selected)

    def state(self) -> dict[str, str]:
        """The address's game fields (empty ones left out), for a link or a form."""
        games = [*self.finished, self.decisions]
        fields = {"h": encode(games) if any(games) or len(games) > 1 else "", "s": steps_token(self.steps),
                  "f": "" if self.selected is None else "b" if self.selected == BAR_POINT else str(self.selected),
                  "grade": "" if self.grading else "0"}
        fields = {key: value for key, value in fields.items() if value}
        if self.start is not None:
            return {"x": self.xgid, **fields}
        return fields if self.guided is not None else {"g": self.game_id, **fields}

    def url(self, decisions: list[str] | None = None, steps: list[Step] | None = None, selected: Any = "keep",
            *, new_game: bool = False, **extra: Any) -> str:
        """The address of this game with other decisions, steps or pick (:meth:`moved`)."""
        args = {**self.moved(decisions, steps, selected, new_game=new_game).state(), **extra}
        if self.start is not None:
            return url_for("backgammon_play.position", **args)
        if self.guided is not None:
            return url_for("backgammon_play.guided", position_id=self.guided.id, **args)
        return url_for("backgammon_play.free", **args)

    def form_fields(self) -> dict[str, str]:
        """Hidden fields that carry the state through the move form."""
        return self.state()

    def review_url(self) -> str:
        """The review of this free game or series (its finished games and this one)."""
        return url_for("backgammon_play.review", g=self.game_id, h=encode([*self.finished, self.decisions]))


# A page's game is the previous page's plus one decision: keep recent games and go on from the
# longest kept prefix (the computer's plays need not be searched again). Games are not changed
# after they are made, so sharing them between requests is safe.
_GAMES: OrderedDict[tuple, Game] = OrderedDict()
_GAMES_KEPT = 512
_GAMES_LOCK = threading.Lock()


#: The results of finished games of a series, by what they are rebuilt from (a few bytes each).
_RESULTS: OrderedDict[tuple, Any] = OrderedDict()
_RESULTS_KEPT = 4096


def _replay_cached(source: tuple, start, dice, decisions: list[str], videau: bool, strong: bool = False) -> Game:
    resume = None
    with _GAMES_LOCK:
        kept = _GAMES.get((source, videau, tuple(decisions)))
        if kept is not None:  # this very game (a finished one cannot be gone on from: replay_game starts again)
            _GAMES.move_to_end((source, videau, tuple(decisions)))
            return kept
        for size in range(len(decisions) - 1, max(-1, len(decisions) - 4), -1):
            resume = _GAMES.get((source, videau, tuple(decisions[:size])))
            if resume is not None:
                break
    game = replay_game(start, dice, decisions, videau=videau, resume=resume,
                       computer=strong_player if strong else recommend)
    with _GAMES_LOCK:
        _GAMES[(source, videau, tuple(decisions))] = game
        _GAMES.move_to_end((source, videau, tuple(decisions)))
        while len(_GAMES) > _GAMES_KEPT:
            _GAMES.popitem(last=False)
    return game


@dataclass(frozen=True)
class _OldDice:
    """A game's dice as they were rolled before issue #35: by their number alone, whatever the
    learner decided before them (so a take-back showed the next roll)."""

    dice: BackgammonDice

    def roll(self, index: int, after: str = "") -> tuple[int, int]:
        return self.dice.roll(index)


def _fits_the_old_dice(start, dice, decisions: list[str], videau: bool) -> bool:
    """Whether refused decisions fit the old dice: an address made before issue #35."""
    try:
        replay_game(start, _OldDice(dice), decisions, videau=videau)
    except DecisionError:
        return False
    return True


# ----- reading the address ----------------------------------------------------------------------------
def _read_table(table: Table) -> Table:
    args = request.args
    if "h" in args and "m" in args:
        # TRANSLATORS: backgammon: a game address holds its decisions twice, in the new way and the old.
        raise BadGame(_("This address holds the game's decisions twice. Start a new game."))
    if "h" in args:
        try:
            split = decode(args["h"])
        except RecordError:
            # TRANSLATORS: backgammon: the record of decisions in a game address was changed, cut short or made by another version of the app.
            raise BadGame(_("This game's record in the address is damaged, or comes from another version of the app. "
                            "Start a new game from the backgammon practice page.")) from None
    else:  # an address from before the compact record: its decisions as text
        split = [[d for d in game.split(DECISION_SEPARATOR) if d] for game in args.get("m", "").split(GAME_SEPARATOR)]
    if len(split) > (1 if table.guided else MAX_GAMES):
        # TRANSLATORS: backgammon: a game address holds more games than a series may have.
        raise BadGame(_("This address holds more games than a series may have. Start a new game."))
    table.finished, table.decisions = split[:-1], split[-1]
    if args.get("s"):
        try:
            table.steps = read_steps(args["s"])
        except DecisionError:
            table.steps = None  # checked with the game below
    grading = args.get("grade", "1")
    if grading not in ("0", "1"):
        # TRANSLATORS: backgammon: a game address whose grade= is neither 0 (grading off) nor 1 (on).
        raise BadGame(_("In a game's address, grade= is 0 (no grades) or 1 (every play graded)."))
    table.grading = grading == "1"
    selected = args.get("f")
    if selected:
        point = selected.isascii() and selected.isdigit() and 1 <= int(selected) <= 24  # never int("²")
        table.selected = BAR_POINT if selected == "b" else (int(selected) if point else -1)
    return table


def _bad_turn() -> BadGame:
    # TRANSLATORS: backgammon: the moves of the turn in progress in a game address are not legal.
    return BadGame(_("The moves of this turn in the address are not allowed. Go back to the game and play them "
                     "again."))


@dataclass
class Series:
    """Free play's running total over the finished games of a series."""

    you: int = 0
    computer: int = 0
    games: int = 0

    def add(self, result) -> None:
        self.games += 1
        if result.winner is WHITE:
            self.you += result.points
        else:
            self.computer += result.points


@bp.app_template_global("bg_guided_practising")
def guided_practising(section_id: str) -> list[GuidedPosition]:
    """The guided positions that practise a lesson section, in course order."""
    return [position for position in load_guided().values() if position.practises == section_id]


# ----- routes -------------------------------------------------------------------------------------------
@bp.get("/play/")
@same_for_everyone
def index():
    return render_template("backgammon/play_index.html", positions=list(load_guided().values()),
                           section_title=section_title)


#: The computer's two strengths on the new-game form.
OPPONENTS = ("friendly", "strong")


@bp.get("/play/new")
def new_game():
    videau = request.args.get("videau", "1")
    series = request.args.get("series", "0")
    opponent = request.args.get("opponent", "friendly")
    if videau not in ("0", "1") or series not in ("0", "1") or opponent not in OPPONENTS:
        # TRANSLATORS: backgammon: the new-game form was sent with options it does not offer.
        raise BadGame(_("Choose the videau on or off, one game or a series, and a friendly or a strong opponent."))
    game_id = new_backgammon_id(videau == "1", series == "1", strong=opponent == "strong")
    return redirect(url_for("backgammon_play.free", g=game_id))


@bp.get("/play/game")
def free():
    return _page(_free_table())


@dataclass(frozen=True)
class Reviewed:
    """One of the learner's plays, as the review shows it."""

    game: int  # from 1 (a series)
    event: Event
    graded: Grade


#: The review draws this many of the costliest plays.
COSTLIEST = 3


def _free_table() -> Table:
    """The free game of the address's ``g`` (a localized 400 for a changed id)."""
    game_id = request.args.get("g", "")
    try:
        videau, series = read_backgammon_id(game_id)
    except GameIdError:
        # TRANSLATORS: backgammon: the game id in a free-play address was changed or cut short.
        raise BadGame(_("This game's address is not valid: its game number was changed or cut short. Start a new "
                        "game from the backgammon practice page.")) from None
    table = _read_table(Table(None, game_id, videau, series, strong=strong_opponent(game_id)))
    if table.finished and not series:
        raise BadGame(_("This address holds more games than a series may have. Start a new game."))
    return table


@bp.get("/play/review")
def review():
    """A free game's review (a series': every game so far): how the learner's plays compare with the
    best ones, in plain words, and the costliest plays drawn as they were, with the better play."""
    table = _free_table()
    reviewed: list[Reviewed] = []
    for index, decisions in enumerate([*table.finished, table.decisions]):
        game = table.replay(decisions, index)
        for event in game.events:
            if event.side is WHITE and event.kind == "play" and event.before is not None:
                reviewed.append(Reviewed(index + 1, event, grade(event.before, play_of_steps(event.before,
                                                                                             event.steps))))
    chosen = [r for r in reviewed if not r.graded.forced]
    costly = sorted((r for r in chosen if r.graded.loss > 0), key=lambda r: -r.graded.loss)[:COSTLIEST]
    boards = []
    for number, item in enumerate(costly, start=1):
        before, better = item.event.before, item.graded.best.play
        # TRANSLATORS: backgammon review: accessible title of a board drawn as it was before one of the learner's plays.
        labels = replace(board_labels(_("The board before your play"), facts_of(before, better.notation)),
                         marked=_("The better play"))
        boards.append({"item": item, "svg": Markup(render_board(before, labels=labels, play=better.steps,
                                                                 play_side=WHITE, id_prefix=f"review-{number}-")),
                       "lines": grade_sentences(item.graded), "label": grade_name(item.graded.label),
                       "try_url": url_for("backgammon_play.position", x=before.xgid())})
    return render_template("backgammon/review.html", table=table, reviewed=reviewed, chosen=chosen, boards=boards,
                           counts={label: sum(1 for r in chosen if r.graded.label == label) for label in LABELS},
                           grade_name=grade_name, summary=review_summary(chosen), games=len(table.finished) + 1)


@bp.get("/guided/<position_id>")
def guided(position_id: str):
    try:
        position = guided_by_id(position_id)
    except KeyError:
        abort(404)
    return _page(_read_table(Table(position, videau=position.videau)))


def _position_to_try(xgid: str) -> Position:
    """The position of a ``x=`` address: yours to play, with dice that can be used."""
    try:
        position = Position.from_xgid(xgid)
    except InvalidPositionError:
        position = None
    if position is None or position.to_move is not WHITE or position.dice is None or not legal_plays(position):
        # TRANSLATORS: backgammon: the address of a position to play again does not hold a position where you (white) have a roll to play.
        raise BadGame(_("This address does not hold a position for you to play: it needs your checkers to move "
                        "and your dice (an XGID, as the game's review writes it)."))
    return position


@bp.get("/play/position")
def position():
    """One position to play again, from a game's review: your play is graded, with the better one."""
    xgid = request.args.get("x", "")
    table = _read_table(Table(None, start=_position_to_try(xgid), xgid=xgid))
    if table.finished:
        raise BadGame(_("This address holds more games than a series may have. Start a new game."))
    return _page(table)


# ----- the page ----------------------------------------------------------------------------------------
def _page(table: Table, act: bool = True):
    totals = Series()
    for index, decisions in enumerate(table.finished):
        totals.add(table.finished_result(decisions, index))
    game = table.replay(table.decisions, len(table.finished))
    if table.steps is None or (table.steps and game.phase is not Phase.MOVE):
        raise _bad_turn()
    played: list[Step] = []  # the turn's steps as the engine offers them (with their hits)
    try:
        for step in table.steps:
            played.append(offered_step(game.position, played, step))
    except IllegalMoveError:
        raise _bad_turn() from None
    offered = first_steps(game.position, played) if game.phase is Phase.MOVE else []
    if table.selected is not None and not any(s.src == table.selected for s in offered):
        table.selected = None  # a stale or tampered pick: nothing picked
    refusal = None
    action = request.args.get("do") or "" if act else ""
    tap = request.args.get("at") or "" if act else ""
    if action or tap:
        moved, refusal = _act(table, game, played, offered, action, tap)
        if moved is not None:
            # the page after the tap, at once (one request a tap); its own address for the address
            # bar, the language menu and a refresh
            g.page_args = moved.state()
            page, status_code = _page(_read_again(moved), act=False)
            return page, status_code, {"Content-Location": moved.url()}
    return _render(table, game, played, offered, refusal, totals)


def _read_again(table: Table) -> Table:
    """A moved table as :func:`_read_table` would read its address (nothing to act on)."""
    return replace(table, steps=list(table.steps))


def _read_place(text: str) -> int | None:
    if text == "bar":
        return BAR_POINT
    if text == "off":
        return OFF
    if text.isascii() and text.isdigit() and 1 <= int(text) <= 24:
        return int(text)
    return None


def _act(table: Table, game: Game, played: list[Step], offered: list[Step], action: str, tap: str):
    """(the game after it, None) for an accepted tap or button; (None, why not) otherwise."""
    if action:
        return _press(table, game, played, offered, action)
    return _tap(table, game, played, offered, tap)


def _press(table: Table, game: Game, played: list[Step], offered: list[Step], action: str):
    """A button (``do``): roll, double, take, pass, go on, undo, confirm, next game."""
    phase = game.phase
    decisions = table.decisions
    plain = [Step(s.src, s.dst, s.die, False) for s in played]
    wanted = {"roll": (Phase.DECIDE, ROLL), "double": (Phase.DECIDE, DOUBLE), "take": (Phase.ANSWER, TAKE),
              "pass": (Phase.ANSWER, PASS), "go-on": (Phase.LOST, GO_ON)}
    if action in wanted:
        if phase is not wanted[action][0]:
            return None, _not_now(game)
        return table.moved(decisions + [wanted[action][1]], []), None
    if action == "undo":
        if not plain:
            # TRANSLATORS: backgammon: Undo was pressed with no move of this turn to take back.
            return None, _("There is no move of this turn to take back.")
        return table.moved(steps=plain[:-1]), None
    if action == "confirm":
        if phase is not Phase.MOVE:
            return None, _not_now(game)
        if offered or not plain:
            return None, render_reason("incomplete", {})
        return table.moved(decisions + [steps_token(plain)], []), None
    if action == "next-game":
        if phase is not Phase.OVER or not table.series or len(table.finished) + 1 >= MAX_GAMES:
            return None, _not_now(game)
        return table.moved(new_game=True), None
    if action == "take-back":
        if not decisions:
            # TRANSLATORS: backgammon: "Take back my last decision" was pressed before any decision.
            return None, _("There is no decision of yours to take back yet.")
        return table.moved(decisions[:-1], []), None
    if action == "put-back":
        return table.moved(selected=None), None
    # TRANSLATORS: backgammon: a game address asks for an action the page does not have.
    return None, _("That is not something you can do in this game.")


def _tap(table: Table, game: Game, played: list[Step], offered: list[Step], tap: str):
    """A tap (``at``) on a place: pick a checker, move the picked one there, or say why not."""
    phase = game.phase
    plain = [Step(s.src, s.dst, s.die, False) for s in played]
    place = _read_place(tap)
    if place is None:
        # TRANSLATORS: backgammon: a tap on something that is not a point, the bar or the tray.
        return None, _("Tap a point from 1 to 24, the bar or the tray.")
    if phase is not Phase.MOVE:
        return None, _not_now(game)
    if table.selected is not None:
        if place == table.selected:
            return table.moved(selected=None), None  # tapped again: put it back
        try:
            steps = steps_to(game.position, played, table.selected, place)
        except IllegalMoveError as error:
            if any(s.src == place for s in offered):
                return table.moved(selected=place), None  # another checker of the learner's: pick it instead
            return None, render_reason(error.code, error.params)
        return table.moved(steps=plain + [Step(s.src, s.dst, s.die, False) for s in steps]), None
    if any(s.src == place for s in offered):
        return table.moved(selected=place), None
    return None, _why_not_source(game, played, place)


def _not_now(game: Game) -> str:
    phase = game.phase
    if phase in (Phase.OVER, Phase.END):
        return render_reason("game_over", {})
    if phase is Phase.DECIDE:
        # TRANSLATORS: backgammon: the learner tried to move before rolling (or offering the videau).
        return _("Roll the dice first, or offer the videau.")
    if phase is Phase.ANSWER:
        # TRANSLATORS: backgammon: the learner tried something else while the computer's videau offer waits for an answer.
        return _("First answer the computer's offer: take or pass.")
    if phase is Phase.LOST:
        return render_reason("no_play", {})
    # TRANSLATORS: backgammon: the learner pressed a button that does not fit the moment (it is time to move checkers).
    return _("It is time to move your checkers.")


def _why_not_source(game: Game, played: list[Step], place: int) -> str:
    """Why no checker on ``place`` can move: the engine's reason for the first die that fails."""
    from tutor.games.backgammon import why_not

    if place == OFF:
        # TRANSLATORS: backgammon: the learner tapped the tray of borne-off checkers as a checker to move.
        return _("Checkers in the tray are off the board: they do not move again.")
    me, _opponent, left = replay_steps(game.position, played)
    if not left:  # every die is played: the engine says so (no_dice_left)
        reason = why_not(game.position, place, OFF, played)
        return render_reason(reason.code, reason.params)
    reason = None
    for die in sorted(set(left), reverse=True):
        target = place - die if place != BAR_POINT else BAR_POINT - die
        reason = why_not(game.position, place, max(target, OFF), played)
        if reason is not None and reason.code not in ("no_die",):
            break
    if reason is None:
        return render_reason("not_offered", {})
    return render_reason(reason.code, reason.params)


def _render(table: Table, game: Game, played: list[Step], offered: list[Step], refusal: str | None,
            totals: Series):
    phase = game.phase
    position = game.position
    complete = phase is Phase.MOVE and bool(played) and not offered
    left = replay_steps(position, played)[2] if phase is Phase.MOVE else []
    hint_level = _bounded(request.args.get("hint"), HINT_LEVELS) if phase in (Phase.MOVE, Phase.DECIDE,
                                                                                 Phase.ANSWER) else 0
    ladder = None
    if hint_level and phase is Phase.MOVE and not complete:
        ladder = move_ladder(position, played)
    elif hint_level and phase in (Phase.DECIDE, Phase.ANSWER):
        ladder = cube_ladder(position, answering=phase is Phase.ANSWER)
    hints = [hint_sentence(n) for n in (ladder.nudge, ladder.checker, ladder.play)[:hint_level]] if ladder else []
    if hints and ladder.rule is not None:
        hints[0] += " " + hint_sentence(ladder.rule)  # the nudge, and the moves the two-dice rule takes away
    expert = hint_sentence(ladder.expert) if ladder and ladder.expert and hint_level >= HINT_LEVELS else ""
    shown = partial_position(position, played) if phase is Phase.MOVE else position
    graded, graded_event = _last_grade(table, game, played)
    showing_better = request.args.get("better") == "1" and graded is not None and graded.better is not None
    mark, mark_side, marked_label, marked_text = None, None, "", ""
    if showing_better:  # the last play's position, the better play marked on it
        shown, mark, mark_side = graded_event.before, graded.best.play.steps, WHITE
        marked_text = graded.best.play.notation
        # TRANSLATORS: backgammon board legend, beside a marked square: the points of the play that was better than the learner's.
        marked_label = _("The better play")
    elif ladder and phase is Phase.MOVE and hint_level >= 3:
        mark, mark_side, marked_text = ladder.steps, WHITE, notation(ladder.steps, shown)
    else:
        last = next((e for e in reversed(game.events) if e.kind == "play" and e.side is not WHITE), None)
        if last is not None and not played and phase is not Phase.OVER:
            mark, mark_side = last.steps, last.side
            # TRANSLATORS: backgammon board legend, beside a marked square: the points of the computer's last play.
            marked_label = _("The computer's last play")
    taps = [*range(1, 25), "bar", "off"] if phase is Phase.MOVE and not complete and not showing_better else []
    selected = table.selected
    # TRANSLATORS: accessible title of the backgammon board in a game (the position seen from your side).
    labels = board_labels(_("The board"), facts_of(shown, localized_notation(marked_text)))
    if marked_label:
        labels = replace(labels, marked=marked_label)
    sources = sorted({s.src for s in offered}, reverse=True) if selected is None and not showing_better else []
    targets = _targets(game, played, selected, left) if selected is not None and not showing_better else []
    # the legend under the picture, in the page (the picture keeps the board's height: a phone on
    # its side shows it whole); the board marks what may be tapped: the checkers that may move,
    # then the picked one's destinations
    legend = [("white", labels.white, labels.pips(shown.pips(WHITE))),
              ("black", labels.black, labels.pips(shown.pips(WHITE.other)))]
    # present=1: the same game laid out for a projector (templates/backgammon/present.html), its
    # board's words at 24 px there (tutor/web/backgammon/slides.py), the legend in the picture
    presenting = request.args.get("present") == "1"

    def draw(label_size: float = BOARD_FONT) -> str:
        return render_board(shown, labels=labels if presenting else replace(labels, white="", black="", marked="",
                                                                            pips=None),
                            play=mark, play_side=mark_side,
                            selected=("bar" if selected == BAR_POINT else selected) if selected is not None else None,
                            dice_left=left if phase is Phase.MOVE and not showing_better else None, id_prefix="table-",
                            movable=["bar" if p == BAR_POINT else p for p in sources],
                            targets=[t["place"] for t in targets], label_size=label_size)

    svg = projector_board(draw) if presenting else draw()
    # on the projector the keys alone can try what the rules refuse (a guided position asks for it)
    tries = _refused_tries(selected, left, targets) if presenting and targets else []
    guided = table.guided
    finished = phase in (Phase.OVER, Phase.END)
    if phase is Phase.OVER:
        totals.add(game.result)
    return render_template(
        "backgammon/present.html" if presenting else "backgammon/play.html",
        table=table, game=game, phase=phase.value, board=Markup(svg),
        status_text=position_done() if table.start is not None and phase is Phase.END else status(
            game, played, complete, selected, left), since=since_learner(game),
        refusal=refusal, sources=sources, targets=targets, tries=tries, complete=complete, played=played,
        hints=hints, hint_level=hint_level, hint_levels=HINT_LEVELS, can_hint=bool(ladder) or (
            phase in (Phase.MOVE, Phase.DECIDE, Phase.ANSWER) and not complete),
        guided=guided, finished=finished, totals=totals,
        summary=moment_summary(guided.moment) if guided and finished else "",
        result_lines=result_lines(game) if phase is Phase.OVER else [],
        next_guided=_next_guided(guided) if guided and finished else None,
        practised=section_title(guided.practises) if guided else "",
        place_name=place_name, table_anchor=TABLE_ANCHOR,
        pips=(shown.pips(WHITE), shown.pips(WHITE.other)),  # the board's: the steps of this turn counted
        legend=legend, marked_label=labels.marked if mark else "",
        taps=tap_boxes(taps), canonical=table.url(),
        expert=expert, graded=graded, grade_lines=grade_sentences(graded) if graded else [],
        grade_label=grade_name(graded.label) if graded and not graded.forced else "",
        showing_better=showing_better, grading_url=replace(table, grading=not table.grading).url(),
    ), 400 if refusal else 200


def _last_grade(table: Table, game: Game, played: list[Step]) -> tuple[Grade | None, Event | None]:
    """The grade of the play the learner confirmed last, while it is the latest thing they did
    (no step of a new turn yet); with the event it was made in. None with grading off."""
    if not table.grading or played or not table.decisions or table.decisions[-1] in (ROLL, DOUBLE, TAKE, PASS,
                                                                                     GO_ON):
        return None, None
    event = next((e for e in reversed(game.events) if e.side is WHITE and e.kind == "play"), None)
    if event is None or event.before is None:
        return None, None
    return grade(event.before, play_of_steps(event.before, event.steps)), event


def _targets(game: Game, played: list[Step], selected: int, left: list[int]) -> list[dict]:
    """Where the picked checker can go: one button per place, with the dice it uses."""
    found: dict[int, tuple[Step, ...]] = {}
    distances = set(left) | {sum(left[:k]) for k in range(2, len(left) + 1)}
    for place in sorted({selected - d if selected - d >= 1 else OFF for d in distances}, reverse=True):
        try:
            found[place] = steps_to(game.position, played, selected, place)
        except IllegalMoveError:
            continue
    buttons = []
    for place, steps in sorted(found.items(), key=lambda item: -item[0] if item[0] != OFF else 1):
        buttons.append({"place": "off" if place == OFF else place, "dice": [s.die for s in steps],
                        "hit": any(s.hit for s in steps)})
    return buttons


def _refused_tries(selected: int, left: list[int], targets: list[dict]) -> list[dict]:
    """The picked checker's moves by one die that the rules refuse here (a die the two-dice rule does
    not allow, a blocked point): buttons on the projector, where a teacher without a board to tap
    shows the class the refusal and why (a tap on the board tries the same on the learner's page)."""
    allowed = {t["place"] for t in targets}
    tries = []
    for die in sorted(set(left), reverse=True):
        place = selected - die if selected - die >= 1 else "off"
        if place not in allowed and all(t["place"] != place for t in tries):
            tries.append({"place": place, "die": die})
    return tries


def _next_guided(guided: GuidedPosition) -> GuidedPosition | None:
    ids = list(load_guided())
    here = ids.index(guided.id) if guided.id in ids else len(ids)
    return load_guided()[ids[here + 1]] if here + 1 < len(ids) else None


def _bounded(text: str | None, top: int) -> int:
    if text is None or not (text.isascii() and text.isdigit()):
        return 0
    return min(int(text), top)
