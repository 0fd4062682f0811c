"""Mexican Train pages (issue #16): free play against the engine's player, a whole match, and the
guided hand whose moment is closing an open double.

The routes stay in ``tutor.web.domino.play`` (``/<lang>/domino/play`` and ``/<lang>/domino/hands/<id>``),
which hands a Mexican Train request to :func:`free_play` or :func:`guided`. As in the other free
play, the address holds the whole state: the game id (``tutor.freeplay``: the set, and the deals
only the server can compute) and the learner's actions, round by round; the opponent's actions
are replayed in between (``tutor.games.domino.mexican_train.guided``). Every action is a plain link, so
the pages work without JavaScript.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable, Mapping

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from tutor.freeplay import GameIdError, mexican_round, mexican_seed, mexican_shuffle, new_mexican_id, read_mexican_id
from tutor.games.domino.errors import DominoError, IllegalMoveError
from tutor.games.domino.mexican_train.guided import (LEARNER, MexicanGame, MexicanHand, all_hands, closed_doubles,
                                           open_double_left, replay)
from tutor.games.domino.mexican_train.coach import LABELS, TrainGrade, grade, recommend
from tutor.games.domino.mexican_train.render import render_trains
from tutor.games.domino.mexican_train.engine import MATCHES, Deal, Match, MatchPlan, RoundOutcome, TrainTile
from tutor.course import find
from tutor.web.errors import BadGame, secret_key
from tutor.web.lists import join_or
from tutor.web.domino.mexican_train.wording import (action_words, explain, refusal_words, result_words,
                                                   round_won_words, train_name)
from tutor.web.domino.mexican_train.wording import labels as mexican_labels
from tutor.web.domino.coaching import (grade_name, read_grading, review_summary, train_grade_sentences,
                                      train_hint_sentences)
from tutor.web.domino.takebacks import before_last_choice, deal_text, old_game_message, read_deal_numbers

#: The rule set's name in addresses (``?rules=mexican-train``).
MEXICAN = "mexican-train"
MOVE_SEPARATOR = "."  # as tutor.web.domino.play: actions of a round, then rounds
ROUND_SEPARATOR = "~"
#: Far more learner actions than a round can take (16 tiles, and a draw and a pass per turn of 59
#: tiles drawn at most): it bounds the work of one request.
MAX_ACTIONS = 250
TABLE_ANCHOR = "table"


def is_mexican(args: Mapping[str, str]) -> bool:
    """A free-play request for Mexican Train: a new match (``rules=mexican-train``) or a Mexican game id."""
    game_id = args.get("g")
    if game_id is None:
        return args.get("rules") == MEXICAN
    try:
        read_mexican_id(game_id)
    except GameIdError:
        return False
    return True


def is_mexican_hand(hand_id: str) -> bool:
    return hand_id in all_hands()


def hands() -> list[MexicanHand]:
    """Mexican Train's guided hands, for the practice page."""
    return list(all_hands().values())


def rules_name() -> str:
    # TRANSLATORS: name of a rule set: Mexican Train, played with a double-twelve set of dominoes; use your language's usual name.
    return _("Mexican Train")


@dataclass
class MexicanTable:
    """What a Mexican Train page is about: a guided hand or a free-play match, and the actions so far."""

    hand: MexicanHand | None
    game_id: str = ""
    top: int = 6
    finished: list[list[str]] = field(default_factory=list)  # free play: earlier rounds' learner actions
    moves: list[str] = field(default_factory=list)  # the current round's learner actions
    present: bool = False  # the projector layout (present=1): every link keeps it
    grading: bool = True  # each play with a choice graded by the coach (grade=0 turns it off)
    deals: list[int] = field(default_factory=list)  # free play: how many times each round was restarted
    #: free play: which rounds the match plays (its game id says: tutor.freeplay.read_mexican_id)
    plan: MatchPlan | None = None

    def deal_number(self, round_index: int) -> int:
        return self.deals[round_index] if round_index < len(self.deals) else 0

    def url(self, moves: list[str] | None = None, *, new_round: bool = False, deals: list[int] | None = None,
            **extra: Any) -> str:
        moves = self.moves if moves is None else moves
        # a caller's present=None (the presenter's Leave) wins over the table's own
        extra = {"present": "1" if self.present else None, "grade": None if self.grading else "0", **extra}
        if self.hand is not None:
            return url_for("domino_play.guided", hand_id=self.hand.id, moves=MOVE_SEPARATOR.join(moves) or None, **extra)
        rounds = [MOVE_SEPARATOR.join(r) for r in self.finished] + [MOVE_SEPARATOR.join(moves)]
        if new_round:
            rounds.append("")
        return url_for("domino_play.free_play", g=self.game_id, m=ROUND_SEPARATOR.join(rounds) or None,
                       deal=deal_text(self.deals if deals is None else deals), **extra)

    @property
    def rules_name(self) -> str:
        return rules_name()

    def review_url(self, round_number: int | None = None) -> str:
        """The review of the round on the page (the learner's plays with a choice, graded), or of
        the free match's round ``round_number`` (from 1)."""
        args = {"present": None, "grade": None, "round": round_number}
        if self.hand is not None:
            return url_for("domino_play.guided_review", hand_id=self.hand.id,
                           moves=MOVE_SEPARATOR.join(self.moves) or None, **args)
        rounds = [MOVE_SEPARATOR.join(r) for r in self.finished] + [MOVE_SEPARATOR.join(self.moves)]
        return url_for("domino_play.free_review", g=self.game_id, m=ROUND_SEPARATOR.join(rounds) or None,
                       deal=deal_text(self.deals), **args)

    def restart_url(self) -> str:
        """Restart this round: in free play every tile but the learner's hand dealt again (takebacks.py)."""
        if self.hand is not None:
            return self.url([])
        index = len(self.finished)
        deals = [self.deal_number(i) for i in range(index + 1)]
        deals[index] += 1
        return self.url([], deals=deals)

    def new_match_url(self) -> str:
        name = next((n for n, plan in MATCHES.items() if plan == self.plan), None)
        return url_for("domino_play.free_play", rules=MEXICAN, game=name if name != "twelve" else None,
                       present="1" if self.present else None)

    @property
    def rounds(self) -> int:
        return self.plan.rounds if self.plan is not None else 1


def _actions(text: str) -> list[str]:
    actions = [a for a in text.split(MOVE_SEPARATOR) if a] if text else []
    if len(actions) > MAX_ACTIONS:
        # TRANSLATORS: a game address holds far more moves than a round can have.
        raise BadGame(_("This address holds more moves than any round can have."))
    return actions


@lru_cache(maxsize=512)
def _finished_outcome(deal: Deal, actions: tuple[str, ...], shuffled: tuple | None) -> RoundOutcome | None:
    """An earlier round's outcome (None: not over). Every request of a match replays its earlier
    rounds: kept here, a later round's page does not replay eleven rounds again. ``shuffled``:
    what the boneyard's order follows (:func:`_shuffle_of`)."""
    return replay(deal, actions, reshuffle=mexican_shuffle(*shuffled) if shuffled else None).position.outcome()


def _shuffle_of(table: MexicanTable, round_index: int) -> tuple | None:
    """Free play: the key, id, round and deal number the boneyard's order follows (takebacks.py)."""
    if table.hand is not None:
        return None
    return secret_key(), table.game_id, round_index, table.deal_number(round_index)


def _replay(deal: Deal, actions: list[str], round_number: int | None = None, shuffled: tuple | None = None) -> MexicanGame:
    """The round replayed, or a localized 400 naming the refused action and the engine's reason."""
    reshuffle = mexican_shuffle(*shuffled) if shuffled else None
    return _refused_as_bad_game(lambda: replay(deal, actions, reshuffle=reshuffle), actions, round_number,
                                deal if shuffled else None)


def _refused_as_bad_game(run: Callable[[], Any], actions: list[str], round_number: int | None,
                         free_deal: Deal | None = None) -> Any:
    try:
        return run()
    except DominoError as error:
        if free_deal is not None and _fits_without_reshuffle(free_deal, actions):
            raise BadGame(old_game_message()) from None  # drawn in the order of before issue #35
        index = error.params.get("index", 0)
        reason = error.params.get("reason")
        words = refusal_words(reason, error.params) if isinstance(error, IllegalMoveError) and reason else \
            refusal_words("action", {"token": actions[index] if index < len(actions) else ""})
        action = actions[index] if index < len(actions) else "?"
        if round_number is None:
            # TRANSLATORS: Mexican Train: an action in a game address that the rules refuse; %(reason)s says why (a sentence).
            raise BadGame(_("Move %(number)s in this address (%(move)s) is not allowed: %(reason)s",
                            number=index + 1, move=action, reason=words)) from None
        # TRANSLATORS: Mexican Train: an action in an earlier round of a game address that the rules refuse; %(reason)s says why (a sentence).
        raise BadGame(_("Move %(number)s of round %(round)s in this address (%(move)s) is not allowed: %(reason)s",
                        number=index + 1, round=round_number, move=action, reason=words)) from None


def _fits_without_reshuffle(deal: Deal, actions: list[str]) -> bool:
    """Whether the actions fit the deal drawn in its first order: an address made before issue #35."""
    try:
        replay(deal, actions)
    except DominoError:
        return False
    return True


# ---- routes (called from tutor.web.domino.play) ---------------------------------------------------------
def free_play():
    game_id = request.args.get("g")
    if game_id is None:
        if request.args.get("seats", "2") != "2":
            # TRANSLATORS: free play of another rule set was asked for with another number of players; %(rules)s is its name, such as "Straight"; %(counts)s lists the numbers allowed, such as "2" or "2, 3 or 4".
            raise BadGame(_("%(rules)s is played by %(counts)s players.", rules=rules_name(), counts="2"))
        # A new match: which one (the double-twelve game, its quicker games, or the double-six set;
        # short=1, the address of before, is the double-six set) goes into the id.
        name = request.args.get("game") or ("double-six" if request.args.get("short") == "1" else "twelve")
        if name not in MATCHES:
            # TRANSLATORS: Mexican Train free play was asked for with a match it does not know; %(names)s lists the addresses' names, which stay in English.
            raise BadGame(_("Mexican Train is offered as these matches: %(names)s.", names=join_or(list(MATCHES))))
        return redirect(url_for("domino_play.free_play", g=new_mexican_id(match=name),
                                present="1" if _presenting() else None))
    return _page(_free_table())


def _free_table() -> MexicanTable:
    """A free match's table from its address (``g``, ``m``, ``deal``; is_mexican() has read the id)."""
    game_id = request.args.get("g", "")
    plan = read_mexican_id(game_id)
    rounds = request.args.get("m", "").split(ROUND_SEPARATOR)
    if len(rounds) > plan.rounds:
        raise BadGame(_match_over_message())
    return MexicanTable(None, game_id, plan.top, [_actions(r) for r in rounds[:-1]], _actions(rounds[-1]),
                        present=_presenting(), deals=read_deal_numbers(request.args.get("deal", ""), len(rounds)),
                        plan=plan, grading=read_grading())


def guided(hand_id: str):
    hand = all_hands().get(hand_id)
    if hand is None:
        abort(404)
    table = MexicanTable(hand, top=hand.deal.top, moves=_actions(request.args.get("moves", "")), present=_presenting(),
                         grading=read_grading())
    return _page(table)


def _presenting() -> bool:
    """present=1: the page laid out for a classroom projector (domino/mexican_train/present.html)."""
    return request.args.get("present") == "1"


def _match_over_message() -> str:
    # TRANSLATORS: Mexican Train: a free-play address adds a round to a match whose last round is over.
    return _("This match has played all its rounds, so it has no further round. Start a new match from the "
             "practice page.")


def _match(table: MexicanTable) -> Match:
    plan = table.plan
    return Match.drawn(mexican_seed(secret_key(), table.game_id, "first"), plan.top, plan.start, plan.stop)


def _deal(table: MexicanTable, match: Match) -> Deal:
    """The round's deal as dealt the time the address says (each restart deals again; takebacks.py)."""
    index = len(match.results)
    first = match.deal(mexican_seed(secret_key(), table.game_id, f"deal {index}"))
    return mexican_round(secret_key(), table.game_id, index, table.deal_number(index), first)


# ---- the page --------------------------------------------------------------------------------------
def _round_on_page(table: MexicanTable) -> tuple[Match | None, MexicanGame]:
    """The match before the round on the page (None for a guided hand), its earlier rounds checked
    finished, and that round replayed."""
    match = _match_before(table, len(table.finished)) if table.hand is None else None
    deal = table.hand.deal if table.hand is not None else _deal(table, match)
    return match, _replay(deal, table.moves, shuffled=_shuffle_of(table, len(table.finished)))


def _finished_round(table: MexicanTable, index: int) -> MexicanGame:
    """The free match's finished round ``index`` (from 0) replayed, as its pages played it."""
    deal = _deal(table, _match_before(table, index))
    return _replay(deal, table.finished[index], shuffled=_shuffle_of(table, index))


def _match_before(table: MexicanTable, rounds: int) -> Match:
    """A free match after its first ``rounds`` rounds, each checked finished."""
    match = _match(table)
    if match is not None:
        for index, actions in enumerate(table.finished[:rounds]):
            deal = _deal(table, match)
            shuffled = _shuffle_of(table, index)
            result = _refused_as_bad_game(lambda: _finished_outcome(deal, tuple(actions), shuffled), actions, index + 1,
                                          deal)
            if result is None:
                # TRANSLATORS: a free-play address lists a round as finished although it is not over.
                raise BadGame(_("Round %(number)s in this address is not finished.", number=index + 1))
            match = match.after(result)
    return match


def _page(table: MexicanTable):
    match, game = _round_on_page(table)
    position = game.position
    outcome = position.outcome()
    over = outcome is not None
    before = match
    if match is not None and over:
        match = match.after(outcome)
    learner_to_act = not over and position.to_act == LEARNER
    actions = position.legal_actions() if learner_to_act else []
    hint = learner_to_act and request.args.get("hint") == "1"
    picture = _picture(position, over, actions if hint else (), playable={a.split(":")[0] for a in actions if ":" in a})
    graded = _last_grade(table, game)
    return render_template(
        # present=1: the same page laid out for a projector, as the other domino games' (domino/play/present.html)
        "domino/mexican_train/present.html" if table.present else "domino/mexican_train/play.html",
        table=table, hand=table.hand, rules_name=rules_name(), position=position, over=over,
        round_number=len(before.results) + 1 if before is not None else 1,
        rounds=table.rounds,
        engine=position.engine, picture=picture,
        status_text=_status(game, over),
        since_last=_since_last(game),
        learner_has_acted=any(game.seat_of(i) == LEARNER for i in range(len(game.actions))),
        moment=_moment(game),
        buttons=[{"action": a, "label": _button_label(position, a),
                  "href": table.url(table.moves + [a]) + "#" + TABLE_ANCHOR} for a in actions],
        hint=hint, hint_lines=[*explain(position, LEARNER), *_coach_hint(table, game)] if hint else [],
        hint_url=table.url(hint=1) + "#hint",
        result_lines=result_words(outcome, LEARNER, list(match.totals) if match is not None else None,
                                  match.is_over() if match is not None else False) if over else [],
        totals=before.totals if before is not None and before.results and not over else None,
        round_rows=_round_rows(match) if match is not None else [],
        match=match, match_over=match is not None and match.is_over(),
        undo_url=_undo_url(table, game, over), restart_url=table.restart_url() if table.moves or over else None,
        table_anchor=TABLE_ANCHOR,
        section=find(table.hand.practises)[0] if table.hand is not None and over else None,
        graded=graded, grade_label=grade_name(graded.label) if graded else "",
        grade_lines=train_grade_sentences(graded, LEARNER) if graded else [],
        grading_url=replace(table, grading=not table.grading).url() + "#" + TABLE_ANCHOR,
    )


def _coach_hint(table: MexicanTable, game: MexicanGame) -> list[str]:
    """The coach's play, at the seed the grade of the learner's action here will use (they agree)."""
    if not table.grading or len(game.position.legal_actions()) < 2:
        return []
    return train_hint_sentences(recommend(game.position, LEARNER, seed=len(game.actions),
                                          known=game.known_before(len(game.actions))), LEARNER)


# ---- the review -----------------------------------------------------------------------------------
#: The review draws this many of the costliest plays.
COSTLIEST = 3


def review(table: MexicanTable):
    """The review of a round: how many of the learner's plays had a choice and how they were graded
    (as the page graded each), the costliest drawn as the table stood before them with the coach's
    play marked, and, while the round goes on, a link to play that turn again. In a free match
    ``round=N`` reviews an earlier round, and the page links every round's review: one round a
    page, since a double-twelve round's grades take about a second of CPU."""
    _match_before_page, game = _round_on_page(table)
    current = len(table.finished) + 1
    number = _round_asked(table, current)
    if number != current:
        game = _finished_round(table, number - 1)
    reviewed = _graded_plays(game)
    over = game.position.is_over()
    costly = sorted((r for r in reviewed if r["graded"].label != "best"), key=lambda r: -r["graded"].loss)[:COSTLIEST]
    pictures = [{"item": {"graded": item["graded"], "round_number": number},
                 "label": grade_name(item["graded"].label),
                 "svg": _picture(game.positions[item["index"]], False, (item["graded"].recommendation.action,),
                                 id_prefix=f"review{n}"),
                 "lines": train_grade_sentences(item["graded"], LEARNER),
                 "try_url": "" if (over or number != current) and table.hand is None
                 else table.url(table.moves[:item["learner_actions"]])}
                for n, item in enumerate(costly)]
    counts = {label: sum(1 for r in reviewed if r["graded"].label == label) for label in LABELS}
    round_links = [{"number": n, "url": table.review_url(n), "here": n == number}
                   for n in range(1, current + 1)] if table.hand is None and current > 1 else []
    # the other domino games' review page: one round, Mexican Train's words and pictures
    return render_template("domino/play/review.html", table=table, hand=table.hand, pictures=pictures, counts=counts,
                           grade_name=grade_name, summary=review_summary([r["graded"] for r in reviewed], "pips"),
                           rounds=1, reviewed=reviewed, round_links=round_links,
                           round_number=number if round_links else None)


def _round_asked(table: MexicanTable, current: int) -> int:
    """The round a review is about: ``round=N`` (from 1) in a free match, else the round on the page."""
    asked = request.args.get("round")
    if asked is None or table.hand is not None:
        return current
    if not (asked.isascii() and asked.isdigit() and 1 <= int(asked) <= current):
        # TRANSLATORS: a Mexican Train review's address names a round the match has not played (yet).
        raise BadGame(_("This match has no round %(number)s to review.", number=asked[:8]))
    return int(asked)


def free_review():
    """``/<lang>/domino/play/review?g=...`` for a Mexican Train match: its round on the page."""
    return review(_free_table())


def guided_review(hand_id: str):
    hand = all_hands().get(hand_id)
    if hand is None:
        abort(404)
    return review(MexicanTable(hand, top=hand.deal.top, moves=_actions(request.args.get("moves", ""))))


def _graded_plays(game: MexicanGame, last_only: bool = False) -> list[dict]:
    """The learner's plays chosen among several (a draw, a pass or a forced play is not graded), each
    graded by the coach from the position before it at the seed of its place in the round (the seed
    the hint there used): ``index`` in the round's actions, ``learner_actions`` before it (its place
    in the address), ``graded``. ``last_only``: the learner's last action alone, if it is one."""
    mine = [i for i in range(len(game.actions)) if game.seat_of(i) == LEARNER]
    found = []
    for place, index in enumerate(mine[-1:] if last_only else mine, start=len(mine) - 1 if last_only else 0):
        before, action = game.positions[index], game.actions[index]
        if action not in ("draw", "pass") and len(before.legal_actions()) > 1:
            found.append({"index": index, "learner_actions": place,
                          "graded": grade(before, LEARNER, action, seed=index, known=game.known_before(index))})
    return found


def _last_grade(table: MexicanTable, game: MexicanGame) -> TrainGrade | None:
    """The coach's grade of the learner's last action (issue #34) when it was a play chosen among
    several; None for a draw, a pass, a forced play, or with grading off."""
    last = _graded_plays(game, last_only=True) if table.grading else []
    return last[0]["graded"] if last else None


def _undo_url(table: MexicanTable, game: MexicanGame, over: bool) -> str | None:
    """Undo (takebacks.py): a guided hand takes back one action; free play the learner's last choice
    with what it led to, and nothing once the round's end showed every tile."""
    if not table.moves:
        return None
    if table.hand is not None:
        return table.url(table.moves[:-1])
    if over:
        return None
    choices = [len(game.positions[i].legal_actions()) for i in range(len(game.actions)) if game.seat_of(i) == LEARNER]
    return table.url(before_last_choice(table.moves, choices[:len(table.moves)]))


def _picture(position, over: bool, highlight, playable=(), id_prefix: str = "table") -> Markup:
    """The table from the learner's chair, in one layout for every screen (a phone's: the engine on
    top, each train beneath it), so that a page sends one picture, not two; the tiles of the hand
    that may be played now are outlined."""
    labels = mexican_labels(position, LEARNER, reveal=over, colour_key=True)
    plays = [a for a in highlight if ":" in a]
    return Markup(render_trains(position, labels=labels, seat=LEARNER, reveal=over, highlight=plays, narrow=True,
                                id_prefix=id_prefix, playable=playable))


def _tile(action: str) -> TrainTile:
    return TrainTile.parse(action.split(":")[0], 12)


def _button_label(position, action: str) -> str:
    """A button's words: "5-2 on your train", "12-3: start public train 1", "Draw a tile", "Pass"."""
    if action == "draw":
        # TRANSLATORS: Mexican Train, a button: take one tile from the boneyard.
        return _("Draw a tile")
    if action == "pass":
        # TRANSLATORS: Mexican Train, a button: end the turn without playing; the learner's train then gets a marker.
        return _("Pass (your train gets a marker)")
    train = action.split(":")[1]
    if position.train(train) is None:
        # TRANSLATORS: Mexican Train, a button: lay this tile from the engine to start a new public train, e.g. "12-3: start public train 1".
        return _("%(tile)s: start public train %(number)s", tile=str(_tile(action)), number=train[1:])
    text = action_words(action, LEARNER)
    return text[:1].upper() + text[1:]


def _status(game: MexicanGame, over: bool) -> str:
    """What the learner must do now (the opponent's turns are played before a page is shown)."""
    position = game.position
    if over:
        return round_won_words(position.outcome(), LEARNER)
    actions = position.legal_actions()
    double = position.open_double()
    if position.drew and actions not in (["pass"],):
        # TRANSLATORS: Mexican Train, status line: the tile the learner just drew can be played, so it must be.
        return _("You drew %(tile)s: it can be played, so play it.", tile=str(position.hands[LEARNER][-1]))
    if actions == ["pass"]:
        if position.drew:
            # TRANSLATORS: Mexican Train, status line: the drawn tile cannot be played; the learner passes and their train gets a marker.
            return _("You drew %(tile)s: it cannot be played, so pass. Your train gets a marker.",
                     tile=str(position.hands[LEARNER][-1]))
        # TRANSLATORS: Mexican Train, status line: nothing can be played and the boneyard is empty.
        return _("Your turn: nothing can be played and the boneyard is empty, so pass. Your train gets a marker.")
    if actions == ["draw"]:
        # TRANSLATORS: Mexican Train, status line: nothing can be played, so the learner draws one tile.
        return _("Your turn: nothing can be played, so draw a tile.")
    if double is not None:
        # TRANSLATORS: Mexican Train, status line: a double is open and must be closed first; %(train)s is e.g. "your opponent's train".
        return _("Your turn: the double on %(train)s is open, so close it first.",
                 train=train_name(double.name, LEARNER))
    if not position.trains[LEARNER].played:
        # TRANSLATORS: Mexican Train, status line: the learner's first tile starts their own train from the engine.
        return _("Your turn: start your train from the engine.")
    # TRANSLATORS: Mexican Train, status line: the learner chooses a play from the buttons.
    return _("Your turn: choose a play.")


def _since_last(game: MexicanGame) -> list[str]:
    """The opponent's actions since the learner last acted, in words."""
    lines: list[str] = []
    for index in range(len(game.actions) - 1, -1, -1):
        if game.seat_of(index) == LEARNER:
            break
        lines.append(_opponent_line(game, index))
    return list(reversed(lines))


def _opponent_line(game: MexicanGame, index: int) -> str:
    action, before = game.actions[index], game.positions[index]
    opponent = 1 - LEARNER
    if action == "draw":
        # TRANSLATORS: Mexican Train, what the opponent did: took a tile from the boneyard.
        return _("Your opponent drew a tile.")
    if action == "pass":
        if before.markers[opponent]:
            # TRANSLATORS: Mexican Train, what the opponent did: passed, and their train still carries its marker.
            return _("Your opponent passed: their train keeps its marker.")
        if not before.trains[opponent].played:
            # TRANSLATORS: Mexican Train, what the opponent did: passed before starting their train, which gets a marker (nobody else may start it).
            return _("Your opponent passed: their train gets a marker, though only they may lay its first tile.")
        # TRANSLATORS: Mexican Train, what the opponent did: passed, so their train gets a marker (the learner may now play on it).
        return _("Your opponent passed: their train gets a marker, so you may play on it.")
    tile, train = str(_tile(action)), action.split(":")[1]
    double = before.open_double()
    if double is not None:
        if train == f"s{opponent}":
            # TRANSLATORS: Mexican Train, what the opponent did: closed the open double at the end of its own train.
            return _("Your opponent closed the double on their own train with %(tile)s.", tile=tile)
        # TRANSLATORS: Mexican Train, what the opponent did: laid a tile on the open double and so closed it; %(train)s is e.g. "your train".
        return _("Your opponent closed the double on %(train)s with %(tile)s.", tile=tile,
                 train=train_name(train, LEARNER))
    if before.train(train) is None:
        # TRANSLATORS: Mexican Train, what the opponent did: started a new public train with a tile.
        return _("Your opponent started public train %(number)s with %(tile)s.", number=train[1:], tile=tile)
    if train == f"s{opponent}":
        # TRANSLATORS: Mexican Train, what the opponent did: laid a tile on their own train.
        return _("Your opponent played %(tile)s on their train.", tile=tile)
    # TRANSLATORS: Mexican Train, what the opponent did: laid a tile on the learner's train or a public one; %(train)s is e.g. "public train 2".
    return _("Your opponent played %(tile)s on %(train)s.", tile=tile, train=train_name(train, LEARNER))


def _moment(game: MexicanGame) -> list[str]:
    """The open double explained when the learner must close it, and once the learner closed it."""
    position = game.position
    double = position.open_double()
    if open_double_left(game):
        tile = f"{double.end}-{double.end}"
        # TRANSLATORS: Mexican Train: a double was left open and the learner must close it; %(train)s is e.g. "your opponent's train".
        return [_("%(tile)s on %(train)s has no second tile on it: it is an open double.", tile=tile,
                  train=train_name(double.name, LEARNER)),
                # TRANSLATORS: Mexican Train: the open-double rule, said when the learner must close a double.
                _("Nothing else may be played on any train until it is closed, by either player: lay a tile "
                  "showing %(number)s on it. If you have none, draw one; if it still does not fit, you pass and "
                  "your train gets a marker.", number=double.end)]
    closed = closed_doubles(game)
    if closed and game.actions and closed[-1] == max(i for i in range(len(game.actions))
                                                      if game.seat_of(i) == LEARNER):
        # TRANSLATORS: Mexican Train: right after the learner closed an open double.
        return [_("You closed the open double: every train is open to play again, as the markers allow.")]
    return []


def _round_rows(match: Match) -> list[dict]:
    """Each finished round: its engine and the pips each player kept."""
    return [{"engine": match.first_engine - index, "you": result.pips[LEARNER], "opponent": result.pips[1 - LEARNER]}
            for index, result in enumerate(match.results)]
