"""Backgammon games in the browser: the guided positions and free play against the computer.

The state of a game lives in its address, as for the domino games: a guided position's id or a
free-play game id (whose dice only the server can compute, ``tutor.freeplay``), the learner's
decisions (``m``: ``~`` between the games of a series, ``.`` between decisions), the steps of the
turn in progress (``s``) and the checker picked (``f``). A tap (``at``: a place) or a button
(``do``) is answered with a redirect to the new address, or with the same page and the reason it
was refused (400). Everything works with plain links and GET forms, without JavaScript.

- ``/<lang>/backgammon/play/``: the guided positions and the new-game form;
- ``/<lang>/backgammon/play/new?videau=1&series=1``: a new game (redirect to its address);
- ``/<lang>/backgammon/play/game?g=…``: free play; ``/<lang>/backgammon/guided/<id>``: a guided position.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from tutor.games.backgammon.diagrams import facts_of
from tutor.freeplay import BackgammonDice, GameIdError, new_backgammon_id, read_backgammon_id
from tutor.games.backgammon import START, WHITE, IllegalMoveError, Step, first_steps, notation
from tutor.games.backgammon.guided import GuidedPosition, guided_by_id, load_guided
from tutor.games.backgammon.hints import cube_ladder, move_ladder
from tutor.games.backgammon.plays import BAR_POINT, OFF, replay_steps
from tutor.games.backgammon.render import FONT as BOARD_FONT, render_board
from tutor.games.backgammon.session import (
    DOUBLE, GO_ON, PASS, ROLL, TAKE, DecisionError, Game, Phase, offered_step, partial_position, read_steps,
    replay_game, steps_to, steps_token,
)
from tutor.web.backgammon.diagrams import board_labels
from tutor.web.backgammon.pages import section_title
from tutor.web.backgammon.slides import projector_board
from tutor.web.backgammon.voice import hint_sentence, moment_summary, place_name, since_learner, status
from tutor.web.backgammon.wording import render_reason
from tutor.web.errors import BadGame, secret_key
from tutor.web.i18n import use_language_prefix

bp = Blueprint("backgammon_play", __name__, url_prefix="/<lang_code>/backgammon")
use_language_prefix(bp)

GAME_SEPARATOR, DECISION_SEPARATOR = "~", "."
MAX_GAMES = 30  # a series longer than this starts again (bounds a request's work)
HINT_LEVELS = 3
TABLE_ANCHOR = "table"


@dataclass
class Table:
    """A guided position or a free-play game (a series of games), and where it stands."""

    guided: GuidedPosition | None
    game_id: str = ""
    videau: bool = False
    series: bool = False
    finished: list[list[str]] = field(default_factory=list)  # earlier games' decisions (a series)
    decisions: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)  # the turn in progress
    selected: int | None = None  # the learner's picked checker (25 = the bar)

    def start_and_dice(self, index: int):
        if self.guided is not None:
            return self.guided.start, self.guided.dice()
        dice = BackgammonDice(secret_key(), self.game_id, index)
        first = dice.opening()[-1]
        mover = WHITE if first[0] > first[1] else WHITE.other
        return START.replace(to_move=mover, dice=(max(first), min(first))), dice

    def replay(self, decisions: list[str], index: int) -> Game:
        start, dice = self.start_and_dice(index)
        source = (self.guided.id, self.guided.start, self.guided.rolls) if self.guided else (
            self.game_id, index, secret_key())
        try:
            return _replay_cached(source, start, dice, decisions, self.videau)
        except DecisionError as error:
            number = error.params.get("index", 0)
            # TRANSLATORS: backgammon: a game address holds a decision the rules do not allow; %(reason)s says why.
            raise BadGame(_("Decision %(number)s in this address (%(decision)s) is not allowed: %(reason)s",
                            number=number + 1, decision=decisions[number] if number < len(decisions) else "?",
                            reason=render_reason(error.code, error.params))) from None

    def _state(self, decisions: list[str], steps: list[Step], selected: int | None, new_game: bool = False) -> dict:
        """The address's game fields (empty ones left out), for a link or a form."""
        games = [DECISION_SEPARATOR.join(g) for g in [*self.finished, decisions]] + ([""] if new_game else [])
        fields = {"m": GAME_SEPARATOR.join(games), "s": steps_token(steps),
                  "f": "" if selected is None else "b" if selected == BAR_POINT else str(selected)}
        return {key: value for key, value in fields.items() if value}

    def url(self, decisions: list[str] | None = None, steps: list[Step] | None = None, selected: Any = "keep",
            *, new_game: bool = False, **extra: Any) -> str:
        """The address of this game with other decisions, steps or pick (by default, the same
        ones; a new turn or new steps drop the pick unless one is given)."""
        if selected == "keep":
            selected = self.selected if decisions is None and steps is None else None
        args = self._state(self.decisions if decisions is None else decisions, self.steps if steps is None else steps,
                           selected, new_game)
        if self.guided is not None:
            return url_for("backgammon_play.guided", position_id=self.guided.id, **args, **extra)
        return url_for("backgammon_play.free", g=self.game_id, **args, **extra)

    def form_fields(self) -> dict[str, str]:
        """Hidden fields that carry the state through the move form."""
        fields = self._state(self.decisions, self.steps, self.selected)
        return fields if self.guided is not None else {"g": self.game_id, **fields}


# A page's game is the previous page's plus one decision: keep recent games and go on from the
# longest kept prefix (the computer's plays need not be searched again). Games are not changed
# after they are made, so sharing them between requests is safe.
_GAMES: OrderedDict[tuple, Game] = OrderedDict()
_GAMES_KEPT = 512
_GAMES_LOCK = threading.Lock()


def _replay_cached(source: tuple, start, dice, decisions: list[str], videau: bool) -> Game:
    resume = None
    with _GAMES_LOCK:
        for size in range(len(decisions), max(-1, len(decisions) - 4), -1):
            resume = _GAMES.get((source, videau, tuple(decisions[:size])))
            if resume is not None:
                break
    game = replay_game(start, dice, decisions, videau=videau, resume=resume)
    with _GAMES_LOCK:
        _GAMES[(source, videau, tuple(decisions))] = game
        _GAMES.move_to_end((source, videau, tuple(decisions)))
        while len(_GAMES) > _GAMES_KEPT:
            _GAMES.popitem(last=False)
    return game


# ----- reading the address ----------------------------------------------------------------------------
def _read_table(table: Table) -> Table:
    args = request.args
    games = args.get("m", "").split(GAME_SEPARATOR)
    if len(games) > (1 if table.guided else MAX_GAMES):
        # TRANSLATORS: backgammon: a game address holds more games than a series may have.
        raise BadGame(_("This address holds more games than a series may have. Start a new game."))
    split = [[d for d in g.split(DECISION_SEPARATOR) if d] for g in games]
    table.finished, table.decisions = split[:-1], split[-1]
    if args.get("s"):
        try:
            table.steps = read_steps(args["s"])
        except DecisionError:
            table.steps = None  # checked with the game below
    selected = args.get("f")
    if selected:
        table.selected = BAR_POINT if selected == "b" else (int(selected) if selected.isdigit() and
                                                            1 <= int(selected) <= 24 else -1)
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
def index():
    return render_template("backgammon/play_index.html", positions=list(load_guided().values()),
                           section_title=section_title)


@bp.get("/play/new")
def new_game():
    videau = request.args.get("videau", "1")
    series = request.args.get("series", "0")
    if videau not in ("0", "1") or series not in ("0", "1"):
        # TRANSLATORS: backgammon: the new-game form was sent with options it does not offer.
        raise BadGame(_("Choose the videau on or off, and one game or a series."))
    return redirect(url_for("backgammon_play.free", g=new_backgammon_id(videau == "1", series == "1")))


@bp.get("/play/game")
def free():
    game_id = request.args.get("g", "")
    try:
        videau, series = read_backgammon_id(game_id)
    except GameIdError:
        # TRANSLATORS: backgammon: the game id in a free-play address was changed or cut short.
        raise BadGame(_("This game's address is not valid: its game number was changed or cut short. Start a new "
                        "game from the backgammon practice page.")) from None
    table = _read_table(Table(None, game_id, videau, series))
    if table.finished and not series:
        raise BadGame(_("This address holds more games than a series may have. Start a new game."))
    return _page(table)


@bp.get("/guided/<position_id>")
def guided(position_id: str):
    try:
        position = guided_by_id(position_id)
    except KeyError:
        abort(404)
    return _page(_read_table(Table(position, videau=position.videau)))


# ----- the page ----------------------------------------------------------------------------------------
def _page(table: Table):
    totals = Series()
    for index, decisions in enumerate(table.finished):
        earlier = table.replay(decisions, index)
        if earlier.phase is not Phase.OVER:
            # TRANSLATORS: backgammon: a series address lists a game as finished although it is not over.
            raise BadGame(_("Game %(number)s in this address is not finished.", number=index + 1))
        totals.add(earlier.result)
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
    action = request.args.get("do") or ""
    tap = request.args.get("at") or ""
    if action or tap:
        target, refusal = _act(table, game, played, offered, action, tap)
        if target is not None:
            return redirect(f"{target}#{TABLE_ANCHOR}")  # back at the board, status first
    return _render(table, game, played, offered, refusal, totals)


def _read_place(text: str) -> int | None:
    if text == "bar":
        return BAR_POINT
    if text == "off":
        return OFF
    if text.isascii() and text.isdigit() and 1 <= int(text) <= 24:
        return int(text)
    return None


def _act(table: Table, game: Game, played: list[Step], offered: list[Step], action: str, tap: str):
    """(the address to go to, None) for an accepted tap or button; (None, why not) otherwise."""
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
        return table.url(decisions + [wanted[action][1]], []), None
    if action == "undo":
        if not plain:
            # TRANSLATORS: backgammon: Undo was pressed with no move of this turn to take back.
            return None, _("There is no move of this turn to take back.")
        return table.url(steps=plain[:-1]), None
    if action == "confirm":
        if phase is not Phase.MOVE:
            return None, _not_now(game)
        if offered or not plain:
            return None, render_reason("incomplete", {})
        return table.url(decisions + [steps_token(plain)], []), None
    if action == "next-game":
        if phase is not Phase.OVER or not table.series or len(table.finished) + 1 >= MAX_GAMES:
            return None, _not_now(game)
        return table.url(new_game=True, steps=[]), None
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
            return table.url(selected=None), None  # tapped again: put it back
        try:
            steps = steps_to(game.position, played, table.selected, place)
        except IllegalMoveError as error:
            if any(s.src == place for s in offered):
                return table.url(selected=place), None  # another checker of the learner's: pick it instead
            return None, render_reason(error.code, error.params)
        return table.url(steps=plain + [Step(s.src, s.dst, s.die, False) for s in steps]), None
    if any(s.src == place for s in offered):
        return table.url(selected=place), None
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
    shown = partial_position(position, played) if phase is Phase.MOVE else position
    mark, mark_side, marked_label, marked_text = None, None, "", ""
    if ladder and phase is Phase.MOVE and hint_level >= 3:
        mark, mark_side, marked_text = ladder.steps, WHITE, notation(ladder.steps, shown)
    else:
        last = next((e for e in reversed(game.events) if e.kind == "play" and e.side is not WHITE), None)
        if last is not None and not played and phase is not Phase.OVER:
            mark, mark_side = last.steps, last.side
            # TRANSLATORS: backgammon board legend, beside a marked square: the points of the computer's last play.
            marked_label = _("The computer's last play")
    links = {}
    if phase is Phase.MOVE and not complete:
        for place in [*range(1, 25), "bar", "off"]:
            links[place] = table.url(at=place)
    selected = table.selected
    # TRANSLATORS: accessible title of the backgammon board in a game (the position seen from your side).
    labels = board_labels(_("The board"), facts_of(shown, marked_text))
    if marked_label:
        labels = replace(labels, marked=marked_label)
    def draw(label_size: float = BOARD_FONT) -> str:
        return render_board(shown, labels=labels, play=mark, play_side=mark_side, links=links,
                            selected=("bar" if selected == BAR_POINT else selected) if selected is not None else None,
                            dice_left=left if phase is Phase.MOVE else None, id_prefix="table-", label_size=label_size)

    # present=1: the same game laid out for a projector (templates/backgammon/present.html), its
    # board's words at 24 px there (tutor/web/backgammon/slides.py)
    presenting = request.args.get("present") == "1"
    svg = projector_board(draw) if presenting else draw()
    sources = sorted({s.src for s in offered}, reverse=True) if selected is None else []
    targets = _targets(game, played, selected, left) if selected is not None else []
    guided = table.guided
    finished = phase in (Phase.OVER, Phase.END)
    if phase is Phase.OVER:
        totals.add(game.result)
    return render_template(
        "backgammon/present.html" if presenting else "backgammon/play.html",
        table=table, game=game, phase=phase.value, board=Markup(svg),
        status_text=status(game, played, complete, selected, left), since=since_learner(game),
        refusal=refusal, sources=sources, targets=targets, complete=complete, played=played,
        hints=hints, hint_level=hint_level, hint_levels=HINT_LEVELS, can_hint=bool(ladder) or (
            phase in (Phase.MOVE, Phase.DECIDE, Phase.ANSWER) and not complete),
        guided=guided, finished=finished, totals=totals,
        summary=moment_summary(guided.moment) if guided and finished else "",
        next_guided=_next_guided(guided) if guided and finished else None,
        practised=section_title(guided.practises) if guided else "",
        place_name=place_name, table_anchor=TABLE_ANCHOR,
        pips=(shown.pips(WHITE), shown.pips(WHITE.other)),  # the board on screen: mid-turn too
    ), 400 if refusal else 200


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


def _next_guided(guided: GuidedPosition) -> GuidedPosition | None:
    ids = list(load_guided())
    here = ids.index(guided.id) if guided.id in ids else len(ids)
    return load_guided()[ids[here + 1]] if here + 1 < len(ids) else None


def _bounded(text: str | None, top: int) -> int:
    if text is None or not (text.isascii() and text.isdigit()):
        return 0
    return min(int(text), top)
