"""Guided hands and free play: real rounds against the engine's players, with the hint engine.

The state of a game lives in its URL: the deal (a guided hand's id, or a free-play game id whose
deals only the server can compute, see ``tutor.freeplay``) plus the learner's actions. The
opponents are deterministic, so any server process rebuilds the same game from the same URL; a
refresh, the back button and a shared link all show the same position. Everything works with
plain links and GET forms, without JavaScript.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from tutor.games.domino.diagrams import Display, describe_position, display_options, last_tile_move
from tutor.games.domino import PLAYBOARD, ActionKind, Deal, DominoError, IllegalMoveError, Match, Required, Tile
from tutor.games.domino.clicks import interpret_click
from tutor.games.domino.rules import OpeningReason, RoundResult, RuleSet
from tutor.games.domino.spinner import Branch
from tutor.freeplay import (FREE_PLAY_RULES, GameIdError, free_play_deal, free_play_seed, free_play_shuffle,
                             new_game_id, read_domino_id)
from tutor.games.domino.guided import Game, cut_short, hand_by_id, default_opponents, load_hands, replay, rule_set_hands
from tutor.games.domino.rules import ONE_SPINNER, RULE_SETS
from tutor.games.domino.hints import SeatView, explain_turn, hint_ladder, round_end_notes, strategy_notes
from tutor.games.domino.players import summarize_turns
from tutor.games.domino.render import render_position
from tutor.web.domino.mexican_train import play as mexican_play
from tutor.web.domino.diagrams import PHONE_LABELS, PHONE_SPINNER_LABELS, PHONE_WIDTH, labels_for_notes
from tutor.web.errors import BadGame, secret_key
from tutor.web.i18n import keep_in_language_links, use_language_prefix
from tutor.web.domino.rule_sets import rule_set_name
from tutor.web.domino.names import player_name
from tutor.web.domino.voice import (Voice, count_line, lead_line, match_line, match_won, render_all, round_headline,
                    scored_line, target_notes)
from tutor.web.lists import join_or
from tutor.web.domino.wording import render_error, render_refusal
from tutor.web.domino.takebacks import before_last_choice, deal_text, old_game_message, read_deal_numbers
from tutor.web.domino.coaching import grade_name, grade_sentences, read_grading, review_summary
from tutor.games.domino.hints.grading import LABELS, MoveGrade, grade_move
from tutor.web.delivery import same_for_everyone

def N_(msgid: str) -> str:
    """Mark a msgid for extraction; it is translated where it is shown."""
    return msgid


bp = Blueprint("domino_play", __name__, url_prefix="/<lang_code>/domino")
use_language_prefix(bp)
# what a game page shows (Mexican Train's pages too): its state, its help, the projector layout, an answer
keep_in_language_links(bp, "g", "m", "moves", "deal", "replay", "rules", "seats", "short", "present", "hint",
                       "explain", "strategy", "answered", "winner", "points", "grade")
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
    deals: list[int] = field(default_factory=list)  # free play: how many times each round was restarted
    replaying: bool = False  # free play: the moves replay the last finished round's deal (not counted)
    grading: bool = True  # each move with a choice graded by the coach (grade=0 in the address turns it off)

    @property
    def rules_name(self) -> str:
        """The rule set's name for the page ("" for the course's own rules, which need no name)."""
        return "" if self.rules is PLAYBOARD else rule_set_name(self.rules)

    @property
    def round_number(self) -> int:
        return len(self.finished) + (0 if self.replaying else 1)

    @property
    def round_index(self) -> int:
        """The round on the page (0 first): the current one, or the one replayed."""
        return self.round_number - 1

    def deal_number(self, round_index: int) -> int:
        return self.deals[round_index] if round_index < len(self.deals) else 0

    def deal(self, round_index: int | None = None, leader: int | None = None) -> Deal:
        """The round's deal; ``leader``: the seat the match chose to open it (Sato 157), if any."""
        if self.hand_id is not None:
            return hand_by_id(self.hand_id).deal
        index = self.round_index if round_index is None else round_index
        return free_play_deal(secret_key(), self.game_id, index, leader, self.deal_number(index))

    def reshuffle(self, round_index: int):
        """Free play: the boneyard's order after each learner action (a guided hand keeps its own)."""
        if self.hand_id is not None:
            return None
        return free_play_shuffle(secret_key(), self.game_id, round_index, self.deal_number(round_index))

    def opponents(self) -> list:
        if self.hand_id is not None:
            return hand_by_id(self.hand_id).opponents()
        return default_opponents(self.seats, self.seed)

    def url(self, moves: list[str] | None = None, *, new_round: bool = False, deals: list[int] | None = None,
            review: bool = False, **extra: Any) -> str:
        """This game's address with other moves (of the round on the page: the replay's when
        replaying; ``replay=None`` leaves the replay), ``new_round`` one more round, other ``deals``;
        ``review``: the review of that game instead of its page."""
        moves = self.moves if moves is None else moves
        if not self.grading:
            extra.setdefault("grade", "0")
        if self.hand_id is not None:
            return url_for("domino_play.guided_review" if review else "domino_play.guided", hand_id=self.hand_id,
                           moves=MOVE_SEPARATOR.join(moves) or None, **extra)
        rounds = [MOVE_SEPARATOR.join(r) for r in self.finished]
        if self.replaying:
            extra.setdefault("replay", MOVE_SEPARATOR.join(moves))
        else:
            rounds.append(MOVE_SEPARATOR.join(moves))
        if new_round:
            rounds.append("")
        return url_for("domino_play.free_review" if review else "domino_play.free_play", g=self.game_id,
                       m=ROUND_SEPARATOR.join(rounds) or None,
                       deal=deal_text(self.deals if deals is None else deals), **extra)

    def restart_url(self) -> str:
        """Restart this round: in free play, its tiles but the learner's hand dealt again (a replay
        starts again with the same deal); a guided hand starts again as designed."""
        if self.hand_id is not None or self.replaying:
            return self.url([])
        deals = [self.deal_number(i) for i in range(self.round_index + 1)]
        deals[self.round_index] += 1
        return self.url([], deals=deals)

    def form_fields(self) -> dict[str, str]:
        """Hidden fields that carry the state through the move form."""
        if self.hand_id is not None:
            return {"moves": MOVE_SEPARATOR.join(self.moves), **({} if self.grading else {"grade": "0"})}
        rounds = [MOVE_SEPARATOR.join(r) for r in self.finished]
        fields = {"g": self.game_id, **({} if self.grading else {"grade": "0"})}
        if self.replaying:
            fields["replay"] = MOVE_SEPARATOR.join(self.moves)
        else:
            rounds.append(MOVE_SEPARATOR.join(self.moves))
        fields["m"] = ROUND_SEPARATOR.join(rounds)
        if deal_text(self.deals):
            fields["deal"] = deal_text(self.deals)
        return fields


def _replay(table: Table, moves: list[str], round_index: int | None = None, leader: int | None = None) -> Game:
    index = table.round_index if round_index is None else round_index
    deal = table.deal(index, leader)
    try:
        return replay(deal, moves, table.opponents(), table.reshuffle(index))
    except IllegalMoveError as error:
        if table.hand_id is None and _fits_without_reshuffle(deal, moves, table):
            raise BadGame(old_game_message()) from None  # drawn in the order of before issue #35
        index = error.params.get("index", 0)
        # TRANSLATORS: a game address contains a move the rules do not allow; %(reason)s says why.
        raise BadGame(_("Move %(number)s in this address (%(move)s) is not allowed: %(reason)s",
                        number=index + 1, move=moves[index] if index < len(moves) else "?",
                        reason=render_error(error))) from None
    except DominoError as error:
        # TRANSLATORS: a game address that cannot be read; %(reason)s says what is wrong.
        raise BadGame(_("This game's address is not valid: %(reason)s", reason=render_error(error))) from None


def _fits_without_reshuffle(deal: Deal, moves: list[str], table: Table) -> bool:
    """Whether the moves fit the deal drawn in its first order: an address made before issue #35."""
    try:
        replay(deal, moves, table.opponents())
    except DominoError:
        return False
    return True


# ---- routes -------------------------------------------------------------------------------------
#: The free-play rule sets offered besides the course's own, in the order of the id's kind byte.
OTHER_RULES: tuple[RuleSet, ...] = tuple(RULE_SETS[name] for name in FREE_PLAY_RULES if name != PLAYBOARD.name)
#: The practice page's sections: one per rule set, an option (one spinner) chosen in its rule set's form.
OFFERED_RULES: tuple[RuleSet, ...] = tuple(rules for rules in OTHER_RULES if not rules.name.endswith(ONE_SPINNER))


@bp.get("/hands/")
@same_for_everyone
def hands_index():
    grouped = rule_set_hands()
    return render_template("domino/play/index.html", hands=list(load_hands().values()),
                           other_rules=[(rules, rule_set_name(rules), grouped.get(rules.name, []))
                                        for rules in OFFERED_RULES],
                           mexican_name=mexican_play.rules_name(), mexican_hands=mexican_play.hands())


@bp.get("/hands/<hand_id>")
@same_for_everyone(offline=False)  # a hand's deal, opponents and grades are fixed: a class plays the same pages
def guided(hand_id: str):
    if mexican_play.is_mexican_hand(hand_id):
        return mexican_play.guided(hand_id)  # Mexican Train's own engine and page (issue #16)
    return _game_page(_guided_table(hand_id))


def _guided_table(hand_id: str) -> Table:
    try:
        hand = hand_by_id(hand_id)
    except KeyError:
        abort(404)
    return Table(hand.id, hand.seats, hand.seed, moves=_moves(request.args.get("moves", "")), rules=hand.rules,
                 grading=read_grading())


@bp.get("/hands/<hand_id>/review")
def guided_review(hand_id: str):
    """A guided hand's review: the learner's moves with a choice, graded; the costliest drawn."""
    if mexican_play.is_mexican_hand(hand_id):
        return mexican_play.guided_review(hand_id)
    return _review_page(_guided_table(hand_id))


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
    return _game_page(_free_table(game_id))


@bp.get("/play/review")
def free_review():
    """A free-play match's review: every round so far (the learner's moves with a choice, graded),
    the costliest drawn as they were, each of the round on the page with a link to play it again."""
    game_id = request.args.get("g")
    if game_id is None:
        abort(404)
    if mexican_play.is_mexican(request.args):
        return mexican_play.free_review()  # the round on the page
    return _review_page(_free_table(game_id))


def _free_table(game_id: str) -> Table:
    """The free-play match of the address (a localized 400 for a changed one)."""
    try:
        seats, rules = read_domino_id(game_id)
    except GameIdError:
        # TRANSLATORS: the game id in a free-play address was changed or cut short.
        raise BadGame(_("This game's address is not valid: its game number was changed or cut short. "
                        "Start a new match from the free play page.")) from None
    rounds = request.args.get("m", "").split(ROUND_SEPARATOR)
    if len(rounds) > MAX_ROUNDS:
        raise BadGame(_("This address holds more moves than any round can have."))
    deals = read_deal_numbers(request.args.get("deal", ""), len(rounds))
    if "replay" in request.args:  # the last round's deal again, as practice (takebacks.py)
        table = Table(None, seats, free_play_seed(secret_key(), game_id), [_moves(r) for r in rounds],
                      _moves(request.args["replay"]), game_id=game_id, rules=rules, deals=deals, replaying=True,
                      grading=read_grading())
    else:
        table = Table(None, seats, free_play_seed(secret_key(), game_id), [_moves(r) for r in rounds[:-1]],
                      _moves(rounds[-1]), game_id=game_id, rules=rules, deals=deals, grading=read_grading())
    return table


def _last_grade(table: Table, game: Game) -> tuple[SeatView, MoveGrade] | None:
    """The coach's grade of the learner's last move (issue #34), while nothing of theirs followed
    it: the position before it as the learner saw it, graded at the seed its hint used, so that
    the grade and the hint agree. None for a draw or a pass, and when the rules left no choice."""
    if not table.grading:
        return None
    mine = [i for i, before in enumerate(game.positions[:-1]) if before.to_move == LEARNER]
    if not mine or game.actions[mine[-1]].kind not in (ActionKind.PLAY, ActionKind.OPEN):
        return None
    index = mine[-1]
    view = SeatView.from_history(game.positions[:index + 1], game.actions[:index], LEARNER)
    graded = grade_move(view, game.actions[index], seed=table.seed + index)
    return None if graded.forced else (view, graded)


# ---- the review ------------------------------------------------------------------------------------
#: The review draws this many of the costliest moves.
COSTLIEST = 3


@dataclass(frozen=True)
class Reviewed:
    """One of the learner's moves with a choice, as the review shows it."""

    round_number: int
    game: Game  # the round it was played in
    index: int  # the move's place among the round's actions
    view: SeatView  # what the learner saw before it
    graded: MoveGrade

    @property
    def learner_moves(self) -> int:
        """How many of the learner's actions came before it (its place in the address)."""
        return sum(1 for before in self.game.positions[:self.index] if before.to_move == LEARNER)


def _rounds_played(table: Table) -> list[tuple[int, Game]]:
    """Each round of the address (the replayed one left out: it does not count), replayed with
    the match as it stood when it was dealt: (its number from 1, the round)."""
    match = Match(table.seats, table.rules)
    rounds = []
    for index, moves in enumerate(table.finished):
        if match.is_over():
            raise BadGame(_match_won_message())
        game, result = _round_so_far(table, match, moves, index)
        if result is None:
            raise BadGame(_("Round %(number)s in this address is not finished.", number=index + 1))
        rounds.append((index + 1, game))
        match = match.after(result)
    if not table.replaying:
        if match.is_over():
            raise BadGame(_match_won_message())
        rounds.append((len(table.finished) + 1, _round_so_far(table, match, table.moves)[0]))
    return rounds


def reviewed_moves(table: Table) -> list[Reviewed]:
    """The learner's moves with a choice in every round of the address, each graded as the page
    graded it (the seed of that turn's hint)."""
    found = []
    for number, game in _rounds_played(table):
        for index, before in enumerate(game.positions[:-1]):
            action = game.actions[index]
            if before.to_move != LEARNER or action.kind not in (ActionKind.PLAY, ActionKind.OPEN):
                continue
            view = SeatView.from_history(game.positions[:index + 1], game.actions[:index], LEARNER)
            graded = grade_move(view, action, seed=table.seed + index)
            if not graded.forced:
                found.append(Reviewed(number, game, index, view, graded))
    return found


def _try_again_url(table: Table, item: Reviewed) -> str:
    """The position before a reviewed move, to play again: a guided hand's own address; the round on
    the page of a free match (while it goes on, the take-back of those moves; once over, a replay of
    its deal, which does not count); "" for an earlier round, whose deal is no longer on offer."""
    moves = table.moves[:item.learner_moves]
    if table.hand_id is not None:
        return table.url(moves)
    if item.round_number != table.round_number:
        return ""
    if not table.replaying and item.game.position.is_over():
        return table.url(replay=MOVE_SEPARATOR.join(moves))
    return table.url(moves)


def _review_page(table: Table):
    reviewed = reviewed_moves(table)
    voice = Voice(table.seats, LEARNER)
    costly = sorted((r for r in reviewed if r.graded.label != "best"), key=lambda r: -r.graded.loss)[:COSTLIEST]
    pictures = []
    for item in costly:
        before = cut_short(item.game, item.index)
        better = item.graded.recommendation.action
        pictures.append({"item": item, "svg": _picture(before, (str(better),), reveal_all=False),
                         "lines": grade_sentences(item.view, item.graded, voice),
                         "label": grade_name(item.graded.label), "try_url": _try_again_url(table, item)})
    hand = hand_by_id(table.hand_id) if table.hand_id else None
    return render_template("domino/play/review.html", table=table, hand=hand, pictures=pictures,
                           counts={label: sum(1 for r in reviewed if r.graded.label == label) for label in LABELS},
                           grade_name=grade_name, summary=review_summary([r.graded for r in reviewed], "points" if table.rules.scores_ends else "chance"),
                           rounds=len(table.finished) + (0 if table.replaying else 1), reviewed=reviewed)


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
    before_last = match
    for index, moves in enumerate(table.finished):
        if match.is_over():
            raise BadGame(_match_won_message())
        _earlier, result = _round_so_far(table, match, moves, index)
        if result is None:
            # TRANSLATORS: a free-play address lists a round as finished although it is not over.
            raise BadGame(_("Round %(number)s in this address is not finished.", number=index + 1))
        before_last, match = match, match.after(result)
    if table.replaying:  # every round of m= is finished; the last one is played again
        played = before_last  # the match as it stood when the replayed round was dealt
    elif match.is_over():
        raise BadGame(_match_won_message())  # a won match has no further round: never a "Round 9"
    else:
        played = match
    game, result = _round_so_far(table, played, table.moves)
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
    if over and not table.replaying:  # a replay's result does not count
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
    since_last = _since_last(game, voice)
    presenting = request.args.get("present") == "1"
    hints = render_all(voice, (ladder.nudge, ladder.highlight, ladder.move)[:hint_level]) if ladder else []
    explanation = render_all(voice, list(ladder.explanation) if ladder else explain_turn(view)) \
        if request.args.get("explain") and learner_to_move else []
    strategy = render_all(voice, strategy_notes(view)) if request.args.get("strategy") else []
    side_panel = bool(hints or explanation or strategy or over or since_last)
    picture = _picture(game, highlight, reveal_all=over, fresh=fresh,
                       box_aspect=(PRESENT_BESIDE_PANEL if side_panel else PRESENT_ALONE) if presenting else None)
    hand = hand_by_id(table.hand_id) if table.hand_id else None
    asks = ASKS.get(hand.moment, ()) if hand and over else ()
    answer = _answer(position, asks) if asks else None
    if answer and answer["error"]:
        status = 400
    result_shown = over and (not asks or (answer is not None and answer["done"]))
    headline = round_headline(result, voice) if over else ""
    last_grade = _last_grade(table, game)
    return render_template(
        # present=1: the same game laid out for a projector (tutor/web/present.py, domino/play/present.html)
        "domino/play/present.html" if request.args.get("present") == "1" else "domino/play/game.html",
        table=table, hand=hand, game=game, position=position,
        picture=picture, over=over, learner_to_move=learner_to_move, match=match,
        hand_buttons=_hand_buttons(game, fresh) if learner_to_move else [],
        can_draw=learner_to_move and position.required() is Required.DRAW,
        can_pass=learner_to_move and position.required() is Required.PASS,
        since_last=since_last, side_panel=side_panel,
        scored=_learner_scored(game, voice),
        learner_has_moved=any(p.to_move == LEARNER for p in game.positions[:-1]),
        refusal=refusal, choose_end=choose_end,
        hint_level=hint_level, hint_levels=HINT_LEVELS,
        hints=hints, explanation=explanation, strategy=strategy,
        headline=headline, asks=asks, answer=answer, result_shown=result_shown,
        seat_choices=[(str(s), player_name(s, table.seats)) for s in range(table.seats)],
        result_notes=_result_notes(position, result, voice) if result_shown else [],
        match_line=match_line(match, voice, round_number=len(played.results) + 1,
                              during=() if over or table.replaying else position.scores)
        if table.hand_id is None else "",
        match_won=match_won(match, voice) if over and table.hand_id is None and not table.replaying else "",
        undo_url=_undo_url(table, game, over), restart_url=table.restart_url() if table.moves or over else None,
        round_scores=_round_scores(position, voice) if table.hand_id is not None and not over else "",
        count_text=_count_text(position) if not over else "",
        lead_text=lead_line([t + (position.scores[s] if not over and position.scores else 0)
                             for s, t in enumerate(match.totals)], voice, table.rules)
        if table.hand_id is None and table.rules is not PLAYBOARD and any(match.totals) else "",
        status_text=_status(game, over, fresh, headline if result_shown else "", asking=bool(asks)),
        table_anchor=TABLE_ANCHOR, graded=last_grade[1] if last_grade else None,
        grade_label=grade_name(last_grade[1].label) if last_grade else "",
        grade_lines=grade_sentences(*last_grade, voice) if last_grade else [],
        better_url=table.url(table.moves[:-1], hint=HINT_LEVELS) + "#" + TABLE_ANCHOR
        if last_grade and last_grade[1].better and _undo_url(table, game, over) else "",
        grading_url=replace(table, grading=not table.grading).url() + "#" + TABLE_ANCHOR,
        review_url=table.url(review=True),
    ), status


#: The shapes (width / height) of the projector's table (present.css, .game-body) at 1280 x 720 and
#: 1920 x 1080: the whole row, or beside the hint, explanation or strategy panel (at most two thirds
#: of it). The phone's narrow layout, scaled up, drew a spinner's table on the projector with 37 px tiles.
PRESENT_ALONE = 2.4
PRESENT_BESIDE_PANEL = 1.6
#: The projector table's words, in viewBox units: drawn at about its own size at 1280 x 720.
PRESENT_LABELS = 26


def _undo_url(table: Table, game: Game, over: bool) -> str | None:
    """Undo (takebacks.py): a guided hand or a replay takes back one move; free play takes back the
    learner's last choice with what it led to, and nothing once the round's end showed every tile."""
    if not table.moves:
        return None
    if table.hand_id is not None or table.replaying:
        return table.url(table.moves[:-1])
    if over:
        return None
    choices = [len(before.legal_actions()) for before in game.positions[:-1] if before.to_move == LEARNER]
    return table.url(before_last_choice(table.moves, choices[:len(table.moves)]))


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
        # what each end would score (All Fives), as the engine counts it; a double's side (every
        # double branching): the double and which side
        options = [{"move": str(move), "end": move.end.value, "number": numbers[move.end],
                    "points": game.position.points_for(move),
                    "double": str(move.end.double) if isinstance(move.end, Branch) else None,
                    "hand": move.end.hand.value if isinstance(move.end, Branch) else None} for move in click.ends]
        return None, None, {"tile": str(click.ends[0].tile), "options": options,
                            "spinner": game.position.layout is not None,
                            "scores": game.position.rules.scores_ends}
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


def _count_text(position) -> str:
    """All Fives: the open ends' count now, from the engine's own terms (``SpinnerLayout.count_terms``)."""
    if not position.rules.scores_ends or position.layout is None:
        return ""
    layout = position.layout
    bare_sides = sum(1 for arm in layout.open_arms() if arm.value in ("up", "down") and not layout.arm(arm))
    return count_line(layout.count_terms(), position.count(), bare_sides)


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


def _picture(game: Game, highlight: Any, reveal_all: bool, fresh: Tile | None = None,
             box_aspect: float | None = None) -> Markup:
    """The table as the learner sees it, drawn from the game's own position and last move: narrow
    enough for a phone, or, with ``box_aspect`` (the projector), laid out for a box of that shape."""
    position = game.position
    last = last_tile_move(game.positions, game.actions)
    display = Display(highlight=highlight, reveal=tuple(range(1, position.seats)) if reveal_all else (),
                      last_move=True, max_row_tiles=7)
    labels = labels_for_notes(GAME_TITLE, describe_position(position, LEARNER, display, last), position.seats)
    if box_aspect is None:  # the tile just drawn marked in every layout
        size = {"max_width": PHONE_WIDTH, "label_size": PHONE_SPINNER_LABELS if position.rules.spinner else PHONE_LABELS}
    else:
        size = {"box_aspect": box_aspect, "label_size": PRESENT_LABELS}
    svg = render_position(position, labels=labels, **display_options(LEARNER, display, last, "game"),
                          fresh=fresh, **size)
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
        Required.PLAY: _("Your turn: play a tile. Choose one in your hand."),
        # TRANSLATORS: status line of a game: nothing fits, the learner must draw.
        Required.DRAW: _("Your turn: nothing fits, so draw from the boneyard."),
        # TRANSLATORS: status line of a game: nothing fits and the boneyard is empty.
        Required.PASS: _("Your turn: nothing fits and the boneyard is empty, so pass."),
    }
    return statuses[required]
