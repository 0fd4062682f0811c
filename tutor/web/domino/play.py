"""Guided hands and free play: real rounds against the engine's players, with the hint engine.

The state of a game lives in its URL: the deal (a guided hand's id, or a free-play game id whose
deals only the server can compute, see ``tutor.freeplay``) plus the learner's actions. The
opponents are deterministic, so any server process rebuilds the same game from the same URL; a
refresh, the back button and a shared link all show the same position. Everything works with
plain links and GET forms, without JavaScript.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from tutor.games.domino.diagrams import Display, describe_position, display_options, last_tile_move
from tutor.games.domino import PLAYBOARD, Deal, DominoError, IllegalMoveError, Match, Required, Tile
from tutor.games.domino.clicks import interpret_click
from tutor.games.domino.rules import OpeningReason, RoundResult, RuleSet
from tutor.games.domino.spinner import Branch
from tutor.freeplay import FREE_PLAY_RULES, GameIdError, free_play_deal, free_play_seed, new_game_id, read_domino_id
from tutor.games.domino.guided import Game, cut_short, hand_by_id, default_opponents, load_hands, replay, rule_set_hands
from tutor.games.domino.rules import ONE_SPINNER, RULE_SETS
from tutor.games.domino.hints import SeatView, explain_turn, hint_ladder, round_end_notes, strategy_notes
from tutor.games.domino.players import summarize_turns
from tutor.games.domino.render import FONT, render_position
from tutor.web.domino.mexican_train import play as mexican_play
from tutor.web.domino.diagrams import labels_for_notes
from tutor.web.errors import BadGame, secret_key
from tutor.web.i18n import use_language_prefix
from tutor.web.domino.rule_sets import rule_set_name
from tutor.web.domino.names import player_name
from tutor.web.domino.voice import (Voice, match_line, match_won, render_all, round_headline, scored_line,
                    target_notes)
from tutor.web.lists import join_or
from tutor.web.domino.wording import render_error, render_refusal

def N_(msgid: str) -> str:
    """Mark a msgid for extraction; it is translated where it is shown."""
    return msgid


bp = Blueprint("domino_play", __name__, url_prefix="/<lang_code>/domino")
use_language_prefix(bp)
bp.add_app_template_global(player_name, "player_name")

LEARNER = 0
MOVE_SEPARATOR = "."
ROUND_SEPARATOR = "~"
MAX_MOVES = 120  # far more than any round needs (28 tiles, draws and passes included)
MAX_ROUNDS = 40  # a match to 100 takes a handful of rounds; this bounds the work per request
HINT_LEVELS = 3  # nudge, the tile, the move
#: the picture's title, an English msgid: the diagrams module translates it when it draws
# TRANSLATORS: accessible title of the picture of a game in progress (the table seen from your seat).
GAME_TITLE = N_("The table")
#: The picture's widest band, in viewBox units: at 390 px a line tile is still 24 px across.
TABLE_WIDTH = 560
#: A spinner's table (Straight, All Fives) names its arms and its doubles' sides: on a 390 px
#: phone, where the picture is drawn at about 0.62 of its size, words of 20 units read at 12 px.
SPINNER_LABELS = 20
#: The part of the page the learner comes back to after each move (the status, the table, the hand).
TABLE_ANCHOR = "table"
#: Guided hands whose goal asks the learner to work out the result: what the small form asks.
ASKS = {"blocked": ("winner", "points"), "play_out": ("points",), "many_seats": ("points",)}


def _moves(text: str) -> list[str]:
    tokens = [t for t in text.split(MOVE_SEPARATOR) if t] if text else []
    if len(tokens) > MAX_MOVES:
        # TRANSLATORS: a game address holds far more moves than a round can have.
        raise BadGame(_("This address holds more moves than any round can have."))
    return tokens


@dataclass
class Table:
    """What a game page is about: a guided hand or a free-play match, and the moves so far."""

    hand_id: str | None
    seats: int
    seed: int  # the opponents' and hints' seed (free play: derived from the game id and the key)
    finished: list[list[str]] = field(default_factory=list)  # free play: earlier rounds' moves
    moves: list[str] = field(default_factory=list)  # the current round's learner moves
    game_id: str = ""  # free play: the opaque id in the address (tutor.freeplay)
    rules: RuleSet = PLAYBOARD  # free play: read from the game id; a guided hand: the hand's

    @property
    def rules_name(self) -> str:
        """The rule set's name for the page ("" for the course's own rules, which need no name)."""
        return "" if self.rules is PLAYBOARD else rule_set_name(self.rules)

    @property
    def round_number(self) -> int:
        return len(self.finished) + 1

    def deal(self, round_index: int | None = None, leader: int | None = None) -> Deal:
        """The round's deal; ``leader``: the seat the match chose to open it (Sato 157), if any."""
        if self.hand_id is not None:
            return hand_by_id(self.hand_id).deal
        index = len(self.finished) if round_index is None else round_index
        return free_play_deal(secret_key(), self.game_id, index, leader)

    def opponents(self) -> list:
        if self.hand_id is not None:
            return hand_by_id(self.hand_id).opponents()
        return default_opponents(self.seats, self.seed)

    def url(self, moves: list[str] | None = None, *, new_round: bool = False, **extra: Any) -> str:
        moves = self.moves if moves is None else moves
        if self.hand_id is not None:
            return url_for("domino_play.guided", hand_id=self.hand_id, moves=MOVE_SEPARATOR.join(moves) or None, **extra)
        rounds = [MOVE_SEPARATOR.join(r) for r in self.finished] + [MOVE_SEPARATOR.join(moves)]
        if new_round:
            rounds.append("")
        return url_for("domino_play.free_play", g=self.game_id, m=ROUND_SEPARATOR.join(rounds) or None, **extra)

    def form_fields(self) -> dict[str, str]:
        """Hidden fields that carry the state through the move form."""
        if self.hand_id is not None:
            return {"moves": MOVE_SEPARATOR.join(self.moves)}
        rounds = [MOVE_SEPARATOR.join(r) for r in self.finished] + [MOVE_SEPARATOR.join(self.moves)]
        return {"g": self.game_id, "m": ROUND_SEPARATOR.join(rounds)}


def _replay(table: Table, moves: list[str], round_index: int | None = None, leader: int | None = None) -> Game:
    try:
        return replay(table.deal(round_index, leader), moves, table.opponents())
    except IllegalMoveError as error:
        index = error.params.get("index", 0)
        # TRANSLATORS: a game address contains a move the rules do not allow; %(reason)s says why.
        raise BadGame(_("Move %(number)s in this address (%(move)s) is not allowed: %(reason)s",
                        number=index + 1, move=moves[index] if index < len(moves) else "?",
                        reason=render_error(error))) from None
    except DominoError as error:
        # TRANSLATORS: a game address that cannot be read; %(reason)s says what is wrong.
        raise BadGame(_("This game's address is not valid: %(reason)s", reason=render_error(error))) from None


# ---- routes -------------------------------------------------------------------------------------
#: The free-play rule sets offered besides the course's own, in the order of the id's kind byte.
OTHER_RULES: tuple[RuleSet, ...] = tuple(RULE_SETS[name] for name in FREE_PLAY_RULES if name != PLAYBOARD.name)
#: The practice page's sections: one per rule set, an option (one spinner) chosen in its rule set's form.
OFFERED_RULES: tuple[RuleSet, ...] = tuple(rules for rules in OTHER_RULES if not rules.name.endswith(ONE_SPINNER))


@bp.get("/hands/")
def hands_index():
    grouped = rule_set_hands()
    return render_template("domino/play/index.html", hands=list(load_hands().values()),
                           other_rules=[(rules, rule_set_name(rules), grouped.get(rules.name, []))
                                        for rules in OFFERED_RULES],
                           mexican_name=mexican_play.rules_name(), mexican_hands=mexican_play.hands())


@bp.get("/hands/<hand_id>")
def guided(hand_id: str):
    if mexican_play.is_mexican_hand(hand_id):
        return mexican_play.guided(hand_id)  # Mexican Train's own engine and page (issue #16)
    try:
        hand = hand_by_id(hand_id)
    except KeyError:
        abort(404)
    table = Table(hand.id, hand.seats, hand.seed, moves=_moves(request.args.get("moves", "")), rules=hand.rules)
    return _game_page(table)


@bp.get("/play")
def free_play():
    if mexican_play.is_mexican(request.args):
        return mexican_play.free_play()  # Mexican Train's own engine, ids and page (issue #16)
    game_id = request.args.get("g")
    if game_id is None:
        # A new match, or an address from before game ids (its deals could be computed from it):
        # choose the id now, so that the URL holds the whole state from here on. The rule set
        # goes into the id (tutor.freeplay), so it cannot change during the match.
        rules = RULE_SETS.get(request.args.get("rules", PLAYBOARD.name))
        if rules is None or rules.name not in FREE_PLAY_RULES:
            # TRANSLATORS: free play was asked for with rules it does not know; %(names)s lists the rule sets offered, such as "Sato 157, Straight or All Fives".
            raise BadGame(_("Free play is offered with these rules: %(names)s.",
                            names=join_or([rule_set_name(RULE_SETS[name]) for name in FREE_PLAY_RULES])))
        seats = request.args.get("seats", "2")
        if seats not in [str(n) for n in rules.seat_counts]:
            if rules is PLAYBOARD:
                # TRANSLATORS: free play was asked for with another number of players; %(counts)s lists the numbers allowed, such as "2, 3 or 4".
                raise BadGame(_("Free play is for %(counts)s players.", counts=join_or(rules.seat_counts)))
            # TRANSLATORS: free play of another rule set was asked for with another number of players; %(rules)s is its name, such as "Straight"; %(counts)s lists the numbers allowed, such as "2" or "2, 3 or 4".
            raise BadGame(_("%(rules)s is played by %(counts)s players.", rules=rule_set_name(rules),
                            counts=join_or(rules.seat_counts)))
        return redirect(url_for("domino_play.free_play", g=new_game_id(int(seats), rules=rules)))
    try:
        seats, rules = read_domino_id(game_id)
    except GameIdError:
        # TRANSLATORS: the game id in a free-play address was changed or cut short.
        raise BadGame(_("This game's address is not valid: its game number was changed or cut short. "
                        "Start a new match from the free play page.")) from None
    rounds = request.args.get("m", "").split(ROUND_SEPARATOR)
    if len(rounds) > MAX_ROUNDS:
        raise BadGame(_("This address holds more moves than any round can have."))
    table = Table(None, seats, free_play_seed(secret_key(), game_id),
                  [_moves(r) for r in rounds[:-1]], _moves(rounds[-1]), game_id=game_id, rules=rules)
    return _game_page(table)


# ---- the page -------------------------------------------------------------------------------------
def _match_won_message() -> str:
    # TRANSLATORS: a free-play address adds a round to a match that a player has already won.
    return _("This match is already won, so it has no further round. Start a new match from the free play page.")


def _round_so_far(table: Table, match: Match, moves: list[str], round_index: int | None = None
                  ) -> tuple[Game, RoundResult | None]:
    """A round of the match replayed from its moves, and its result once it is over. All Fives
    counts the target after each play: a play that brings a seat to it ends the match at once
    (``Match.target_reached``), so the round stops there, and a move of the learner's after it
    is refused."""
    game = _replay(table, moves, round_index, match.next_leader())
    for index, position in enumerate(game.positions):
        reached = match.target_reached(position)
        if reached is not None:
            if any(before.to_move == LEARNER for before in game.positions[index:-1]):
                raise BadGame(_match_won_message())
            return cut_short(game, index), reached
    return game, game.position.result()


def _game_page(table: Table):
    match = Match(table.seats, table.rules)
    for index, moves in enumerate(table.finished):
        if match.is_over():
            raise BadGame(_match_won_message())
        _earlier, result = _round_so_far(table, match, moves, index)
        if result is None:
            # TRANSLATORS: a free-play address lists a round as finished although it is not over.
            raise BadGame(_("Round %(number)s in this address is not finished.", number=index + 1))
        match = match.after(result)
    if match.is_over():
        raise BadGame(_match_won_message())  # a won match has no further round: never a "Round 9"
    played = match
    game, result = _round_so_far(table, match, table.moves)
    position = game.position
    refusal, choose_end, status = None, None, 200
    attempt = request.args.get("try")
    if attempt:
        target, refusal, choose_end = _attempt(game, attempt)
        if target is not None:
            # back at the table: the status, the picture and the hand on screen without scrolling
            return redirect(table.url(table.moves + [target]) + "#" + TABLE_ANCHOR)
        if refusal:
            status = 400
    over = result is not None
    if over:
        match = match.after(result)
    view = SeatView.from_history(game.positions, game.actions, LEARNER)
    voice = Voice(table.seats, LEARNER)
    learner_to_move = not over and position.to_move == LEARNER
    hint_level = _bounded_int(request.args.get("hint"), HINT_LEVELS) if learner_to_move else 0
    ladder = hint_ladder(view, seed=table.seed + len(game.actions)) if hint_level else None
    highlight: Any = "legal"
    if ladder and hint_level >= 2 and ladder.recommendation.action.tile is not None:
        highlight = (str(ladder.recommendation.action),)
    drawn = [t for t in view.drawn_this_turn() if t is not None] if learner_to_move else []
    fresh = drawn[-1] if drawn else None
    picture = _picture(game, highlight, reveal_all=over, fresh=fresh)
    hand = hand_by_id(table.hand_id) if table.hand_id else None
    asks = ASKS.get(hand.moment, ()) if hand and over else ()
    answer = _answer(position, asks) if asks else None
    if answer and answer["error"]:
        status = 400
    result_shown = over and (not asks or (answer is not None and answer["done"]))
    headline = round_headline(result, voice) if over else ""
    return render_template(
        # present=1: the same game laid out for a projector (tutor/web/present.py, domino/play/present.html)
        "domino/play/present.html" if request.args.get("present") == "1" else "domino/play/game.html",
        table=table, hand=hand, game=game, position=position,
        picture=picture, over=over, learner_to_move=learner_to_move, match=match,
        hand_buttons=_hand_buttons(game, fresh) if learner_to_move else [],
        can_draw=learner_to_move and position.required() is Required.DRAW,
        can_pass=learner_to_move and position.required() is Required.PASS,
        since_last=_since_last(game, voice),
        scored=_learner_scored(game, voice),
        learner_has_moved=any(p.to_move == LEARNER for p in game.positions[:-1]),
        refusal=refusal, choose_end=choose_end,
        hint_level=hint_level, hint_levels=HINT_LEVELS,
        hints=render_all(voice, (ladder.nudge, ladder.highlight, ladder.move)[:hint_level]) if ladder else [],
        explanation=render_all(voice, list(ladder.explanation) if ladder else explain_turn(view))
        if request.args.get("explain") and learner_to_move else [],
        strategy=render_all(voice, strategy_notes(view)) if request.args.get("strategy") else [],
        headline=headline, asks=asks, answer=answer, result_shown=result_shown,
        seat_choices=[(str(s), player_name(s, table.seats)) for s in range(table.seats)],
        result_notes=_result_notes(position, result, voice) if result_shown else [],
        match_line=match_line(match, voice, round_number=len(played.results) + 1,
                              during=() if over else position.scores) if table.hand_id is None else "",
        match_won=match_won(match, voice) if over and table.hand_id is None else "",
        round_scores=_round_scores(position, voice) if table.hand_id is not None and not over else "",
        status_text=_status(game, over, fresh, headline if result_shown else "", asking=bool(asks)),
        table_anchor=TABLE_ANCHOR,
    ), status


def _bounded_int(text: str | None, top: int) -> int:
    if text is None or not (text.isascii() and text.isdigit()):
        return 0
    return min(int(text), top)


def _attempt(game: Game, attempt: str) -> tuple[str | None, str | None, dict | None]:
    """A click, as the rules read it (``games.domino.clicks``): the move to make (its text), the
    refusal in the learner's words, or the ends to choose from: each fitting end's move, its end
    (left, right, and on a spinner up and down, or a double's side: ``4-4.left``, with the double
    and the side apart) and the number it shows."""
    click = interpret_click(game.position, LEARNER, attempt)
    if click.action is not None:
        return str(click.action), None, None
    if click.ends is not None:
        numbers = game.position.open_ends()
        options = [{"move": str(move), "end": move.end.value, "number": numbers[move.end],
                    # a double's side (every double branching): the double and which side
                    "double": str(move.end.double) if isinstance(move.end, Branch) else None,
                    "hand": move.end.hand.value if isinstance(move.end, Branch) else None} for move in click.ends]
        return None, None, {"tile": str(click.ends[0].tile), "options": options,
                            "spinner": game.position.layout is not None}
    return None, render_refusal(click.refusal, click.params), None


def _hand_buttons(game: Game, fresh: Tile | None = None) -> list[dict]:
    position = game.position
    playable = {m.tile for m in position.legal_moves()}
    return [{"tile": str(t), "playable": t in playable, "fresh": t is fresh} for t in position.hand(LEARNER)]


def _answer(position, asks: tuple[str, ...]) -> dict | None:
    """The learner's answer to "who wins, how many points?", judged against the engine's result.

    None until the form is sent; ``done`` once there is an answer to show (or the learner asked
    to see it); ``error`` when the points are not a number (the form comes back, with a 400)."""
    args = request.args
    if "answered" not in args:
        return None
    result = position.result()
    verdict: dict[str, Any] = {"done": True, "error": "", "right": [], "wrong": [], "skipped": args.get("answered") == "show"}
    if verdict["skipped"]:
        return verdict
    if "winner" in asks:
        expected = "nobody" if result.winner is None else str(result.winner)
        given = args.get("winner", "")
        if given:
            (verdict["right"] if given == expected else verdict["wrong"]).append("winner")
        else:
            verdict["wrong"].append("winner")
    if "points" in asks:
        text = args.get("points", "").strip()
        try:
            number = float(text)
        except ValueError:
            number = None
        if number is None or number != number or number in (float("inf"), float("-inf")):
            verdict["done"] = False
            # TRANSLATORS: the learner typed something that is not a number in "how many points?" at the end of a guided hand.
            verdict["error"] = _("Write the points as a number, such as 15.")
            return verdict
        (verdict["right"] if number == result.points else verdict["wrong"]).append("points")
    return verdict


def _turns_since_learner(game: Game) -> list:
    """The other seats' turns since the learner last acted (what to read before moving)."""
    turns = summarize_turns(game.positions, game.actions)
    recent = []
    for turn in reversed(turns):
        if turn.seat == LEARNER:
            break
        recent.append(turn)
    return list(reversed(recent))


def _points_of_tiles(game: Game) -> list[tuple[int, int]]:
    """Each tile placed in the round, in order, as (seat, the points it scored): All Fives' points
    during play, read from the change in ``Position.scores``; 0 in the other rule sets."""
    return [(before.to_move, after.scores[before.to_move] - before.scores[before.to_move])
            for before, after, action in zip(game.positions, game.positions[1:], game.actions)
            if action.tile is not None]


def _since_last(game: Game, voice: Voice) -> list[str]:
    """The other seats' turns since the learner's last move, each followed, in All Fives, by the
    points it scored ("Your opponent scored 15 points.")."""
    turns = _turns_since_learner(game)
    lines = render_all(voice, [t.note() for t in turns])
    if not game.position.rules.scores_ends:
        return lines
    placed = [turn for turn in turns if turn.action is not None]
    points = _points_of_tiles(game)[len(_points_of_tiles(game)) - len(placed):] if placed else []
    scored = iter(points)
    with_points = []
    for turn, line in zip(turns, lines):
        with_points.append(line)
        if turn.action is not None:
            seat, got = next(scored)
            if got:
                with_points[-1] += " " + scored_line(voice, seat, got)
    return with_points


def _learner_scored(game: Game, voice: Voice) -> str:
    """All Fives: what the learner's last play scored ("You scored 10 points."), if it scored."""
    if not game.position.rules.scores_ends:
        return ""
    mine = [got for seat, got in _points_of_tiles(game) if seat == LEARNER]
    turns = summarize_turns(game.positions, game.actions)
    last_mine = next((t for t in reversed(turns) if t.seat == LEARNER), None)
    if not mine or last_mine is None or last_mine.action is None or not mine[-1]:
        return ""
    return scored_line(voice, LEARNER, mine[-1])


def _round_scores(position, voice: Voice) -> str:
    """A guided All Fives hand: the points scored so far in the round (free play shows them in
    the match's score line)."""
    if not position.rules.scores_ends:
        return ""
    return match_line(Match(position.seats, position.rules), voice, during=position.scores, round_only=True)


def _result_notes(position, result: RoundResult, voice: Voice) -> list[str]:
    """Why the round ended as it did: the hint engine's notes, or, when All Fives' target ended
    the match in the middle of a round, that rule."""
    if result.reason.value == "target":
        return target_notes(position.rules.target_score)
    return render_all(voice, round_end_notes(position))


def _picture(game: Game, highlight: Any, reveal_all: bool, fresh: Tile | None = None) -> Markup:
    """The table as the learner sees it, drawn from the game's own position and last move."""
    position = game.position
    last = last_tile_move(game.positions, game.actions)
    display = Display(highlight=highlight, reveal=tuple(range(1, position.seats)) if reveal_all else (),
                      last_move=True, max_row_tiles=7)
    labels = labels_for_notes(GAME_TITLE, describe_position(position, LEARNER, display, last), position.seats)
    # the game's own picture: narrow enough for a phone, the tile just drawn marked
    svg = render_position(position, labels=labels, **display_options(LEARNER, display, last, "game"),
                          max_width=TABLE_WIDTH, fresh=fresh,
                          label_size=SPINNER_LABELS if position.rules.spinner else FONT)
    return Markup(svg)


def _status(game: Game, over: bool, fresh: Tile | None = None, headline: str = "", asking: bool = False) -> str:
    position = game.position
    if over:
        if headline:
            return headline
        if asking:
            # TRANSLATORS: status line at the end of a guided hand that asks the learner to work out the result.
            return _("The round is over. Who wins, and how many points? Work it out below the table.")
        # TRANSLATORS: status line of a game: the round has ended.
        return _("The round is over.")
    if position.to_move != LEARNER:
        return render_refusal("not_your_turn")
    required = position.required()
    if fresh is not None:
        if required is Required.PLAY:
            # TRANSLATORS: status line of a game, right after you drew a tile that fits an open end.
            return _("You drew %(tile)s: it fits, play it.", tile=str(fresh))
        if required is Required.DRAW:
            # TRANSLATORS: status line of a game, right after you drew a tile that does not fit (the boneyard still has tiles).
            return _("You drew %(tile)s: it doesn't fit, draw again.", tile=str(fresh))
        # TRANSLATORS: status line of a game: you drew the last tile of the boneyard and it does not fit.
        return _("You drew %(tile)s, the last tile of the boneyard: it doesn't fit, so pass.", tile=str(fresh))
    if required is Required.PASS and not game.positions[0].boneyard:
        # TRANSLATORS: status line of a game: nothing fits, and all the tiles were dealt (Sato 157 with four players), so there is nothing to draw.
        return _("Your turn: nothing fits, and every tile was dealt, so there is no boneyard to draw from: pass at once.")
    opening = position.opening() if required is Required.OPEN else None
    if opening is not None and opening.rule is OpeningReason.PREVIOUS_WINNER:
        # TRANSLATORS: status line of a game (Sato 157): you won the previous round, so you open this one with any tile.
        return _("Your turn: as the last player to win a round, you open this one, with any tile you like.")
    statuses = {
        # TRANSLATORS: status line of a game: the learner must open the round.
        Required.OPEN: _("Your turn: open the round."),
        # TRANSLATORS: status line of a game: the learner has a tile to play.
        Required.PLAY: _("Your turn: play a tile. Click a tile in your hand."),
        # TRANSLATORS: status line of a game: nothing fits, the learner must draw.
        Required.DRAW: _("Your turn: nothing fits, so draw from the boneyard."),
        # TRANSLATORS: status line of a game: nothing fits and the boneyard is empty.
        Required.PASS: _("Your turn: nothing fits and the boneyard is empty, so pass."),
    }
    return statuses[required]
