"""Sentences about a Mexican Train position (issue #16), said to the learner: what the seat to act
must or may do and why, how a round ended, and why an action or a request is refused.

The engine (``tutor.games.domino.mexican_train.engine``) gives positions, legal actions and refusal codes;
every word a learner reads about them is written here, through gettext. ``seat`` is always the
player spoken to as "you": the learner on a game page, the seat asked about in the API.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from flask_babel import gettext as _, ngettext

from tutor.games.domino.mexican_train.render import TrainLabels
from tutor.games.domino.mexican_train.engine import MAX_PUBLIC_TRAINS, MAX_TRAINS, Position, RoundOutcome, TrainTile
from tutor.web.sentences import register
from tutor.web.lists import join_and, join_or


# ------------------------------------------------------------------------------------------- names


def train_name(name: str, seat: int) -> str:
    """A train as ``seat`` calls it inside a sentence: "your train", "your opponent's train",
    "public train 2"."""
    if name == f"s{seat}":
        # TRANSLATORS: Mexican Train, inside a sentence: the learner's own train from the engine.
        return _("your train")
    if name in ("s0", "s1"):
        # TRANSLATORS: Mexican Train, inside a sentence: the other player's own train.
        return _("your opponent's train")
    # TRANSLATORS: Mexican Train, inside a sentence: a train both players may play on, numbered in the order they started (1 to 6).
    return _("public train %(number)s", number=name[1:])


def _tile_of(action: str) -> str:
    """The tile of a play action, high half first ("5-12:s0" -> "12-5")."""
    high, low = (int(x) for x in action.split(":")[0].split("-"))
    return str(TrainTile.of(high, low))


def action_words(action: str, seat: int = 0) -> str:
    """A play (a tile laid on a train) in words, trains named as ``seat`` calls them: "5-2 on your
    train". A draw and a pass have buttons of their own words (``mexican_play._button_label``)."""
    # TRANSLATORS: Mexican Train, an action: a tile laid on a train, e.g. "12-5 on your train".
    return _("%(tile)s on %(train)s", tile=_tile_of(action), train=train_name(action.split(":")[1], seat))


# -------------------------------------------------------------------------------------- explanation


def _plays_on(position: Position, actions: Sequence[str], seat: int) -> list[str]:
    """The plays grouped by train, each group one phrase: "5-2 or 5-5 on your train"."""
    by_train: dict[str, list[str]] = {}
    for action in actions:
        by_train.setdefault(action.split(":")[1], []).append(_tile_of(action))
    phrases = []
    # Own trains first (yours, then your opponent's), then the public ones in number order.
    order = sorted(by_train, key=lambda name: (name != f"s{seat}", name[0] != "s", int(name[1:])))
    for name in order:
        tiles = by_train[name]
        if position.train(name) is None:
            # TRANSLATORS: Mexican Train, one item of a list of plays: tiles that would start a new public train, e.g. "12-3 or 12-0 to start public train 1".
            phrases.append(_("%(tiles)s to start %(train)s", tiles=join_or(tiles), train=train_name(name, seat)))
        else:
            # TRANSLATORS: Mexican Train, one item of a list of plays: tiles that fit a train, e.g. "5-2 or 5-5 on your train".
            phrases.append(_("%(tiles)s on %(train)s", tiles=join_or(tiles), train=train_name(name, seat)))
    return phrases


def _marker_sentences(position: Position, seat: int, own: bool = True) -> list[str]:
    """What the markers open, said from ``seat``'s side of the table (``own``: also ``seat``'s own train's)."""
    said = []
    if own and position.markers[seat]:
        # TRANSLATORS: Mexican Train: the learner's train carries a marker (put there when they passed).
        said.append(_("Your train carries a marker: your opponent may play on it too, until you play on it "
                      "again, which takes the marker off."))
    other = 1 - seat
    if position.markers[other]:
        if position.trains[other].played and not position.trains[seat].played:
            # TRANSLATORS: Mexican Train: the opponent's train carries a marker, but the learner must start their own train first.
            said.append(_("Your opponent's train carries a marker: once your own train holds a tile, you may play "
                          "on it too, until your opponent plays on it again."))
        elif position.trains[other].played:
            # TRANSLATORS: Mexican Train: the opponent's train carries a marker, so the learner may play on it.
            said.append(_("Your opponent's train carries a marker, so it is open to you too until your opponent "
                          "plays on it again."))
        else:
            # TRANSLATORS: Mexican Train: the opponent's train has a marker but no tile; only its owner may lay its first tile.
            said.append(_("Your opponent's train carries a marker, but it holds no tile yet, and only your "
                          "opponent may lay its first tile."))
    return said


def _open_double_sentence(position: Position, seat: int) -> str:
    double = position.open_double()
    assert double is not None
    # TRANSLATORS: Mexican Train: a double at the end of a train has no tile on it yet; it must be closed first, by either player.
    return _("The double %(tile)s at the end of %(train)s is open: until a tile showing %(number)s is played on it, "
             "nothing else may be played, by either player.",
             tile=f"{double.end}-{double.end}", train=train_name(double.name, seat), number=double.end)


def _pass_sentences(position: Position, seat: int) -> list[str]:
    if position.drew:
        # TRANSLATORS: Mexican Train: the learner drew a tile and it cannot be played either.
        said = [_("The tile you drew cannot be played either, so you pass.")]
    else:
        # TRANSLATORS: Mexican Train: nothing in the learner's hand can be played and there is nothing to draw.
        said = [_("None of your tiles can be played and the boneyard is empty, so you pass.")]
    if position.markers[seat]:
        # TRANSLATORS: Mexican Train: the learner passes while their train is already marked.
        said.append(_("Your train already carries a marker, and it keeps it."))
    else:
        # TRANSLATORS: Mexican Train: what a pass does to the learner's own train.
        said.append(_("Passing puts a marker on your train: your opponent may play on it until you play on it "
                      "again."))
    if position.open_double() is not None:
        # TRANSLATORS: Mexican Train: the learner passes and the open double waits for the opponent to close it.
        said.append(_("The double stays open: your opponent must try to close it next."))
    return said


def _draw_sentence(position: Position) -> str:
    # TRANSLATORS: Mexican Train: the learner has no play; %(num)d is the number of tiles in the boneyard.
    return ngettext("None of your tiles can be played, so you must draw the %(num)d tile left in the boneyard: "
                    "if it can be played, you must play it; if not, you pass.",
                    "None of your tiles can be played, so you must draw one tile from the boneyard (%(num)d left): "
                    "if it can be played, you must play it; if not, you pass.",
                    len(position.boneyard))


def explain(position: Position, seat: int) -> list[str]:
    """What the rules require of the seat to act now, and why, said to ``seat`` ("you")."""
    outcome = position.outcome()
    if outcome is not None:
        return result_words(outcome, seat)
    actor = position.to_act
    double = position.open_double()
    said: list[str] = []
    if actor != seat:
        # TRANSLATORS: Mexican Train: the other player is to act (their hand stays hidden, so nothing more is said of it).
        said.append(_("It is your opponent's turn."))
        if double is not None:
            said.append(_open_double_sentence(position, seat))
        return said + _marker_sentences(position, seat)

    actions = position.legal_actions()
    plays = [a for a in actions if a not in ("draw", "pass")]
    own_started = bool(position.trains[seat].played)
    if double is not None:
        said.append(_open_double_sentence(position, seat))
        if plays:
            # TRANSLATORS: Mexican Train: the tiles that can close the open double, e.g. "5-2 or 5-0".
            said.append(_("You can close it with %(tiles)s.", tiles=join_or(_tile_of(a) for a in plays)))
    elif not own_started:
        # TRANSLATORS: Mexican Train: the learner's own train is still empty; %(number)s is the engine's number (12 in the first round).
        said.append(_("Your train has no tile yet: your first tile must start it from the engine, so it must show "
                      "%(number)s.", number=position.engine))
        if plays:
            # TRANSLATORS: Mexican Train: the tiles that can start the learner's own train.
            said.append(_("You can start it with %(tiles)s.", tiles=join_or(_tile_of(a) for a in plays)))
    elif plays:
        # TRANSLATORS: Mexican Train: the learner's legal plays, grouped by train, e.g. "5-2 or 5-5 on your train and 12-3 to start public train 1".
        said.append(ngettext("You have %(num)d play: %(plays)s.", "You have %(num)d plays: %(plays)s.",
                             len(plays), plays=join_and(_plays_on(position, plays, seat))))
    if plays and position.drew:
        drawn = position.hands[seat][-1]
        # TRANSLATORS: Mexican Train: the tile the learner just drew can be played, so it must be played.
        said.append(_("You drew %(tile)s and it can be played, so you must play it now.", tile=str(drawn)))
    if plays and any(_tile_of(a).split("-")[0] == _tile_of(a).split("-")[1] for a in plays):
        if position.boneyard:
            # TRANSLATORS: Mexican Train: what playing a double obliges the learner to do.
            said.append(_("A double keeps your turn: right after it you must lay a second tile on it, drawing one if "
                          "you have none."))
        else:
            # TRANSLATORS: Mexican Train: what playing a double obliges the learner to do, with the boneyard empty.
            said.append(_("A double keeps your turn: right after it you must lay a second tile on it; with nothing "
                          "left to draw, if you have none, you pass and the double stays open."))
    if actions == ["draw"]:
        said.append(_draw_sentence(position))
    elif actions == ["pass"]:
        said += _pass_sentences(position, seat)
    # A pass already says what becomes of your own train's marker.
    markers = _marker_sentences(position, seat, own=actions != ["pass"])
    if double is None and own_started:
        said += markers
        if len(position.public_trains) >= MAX_PUBLIC_TRAINS:
            # TRANSLATORS: Mexican Train: every train the engine allows has started; %(trains)s is 8, %(public)s is 6.
            said.append(_("All %(trains)s trains from the engine have started (your train, your opponent's and "
                          "%(public)s public ones), so no new public train may start.",
                          trains=MAX_TRAINS, public=MAX_PUBLIC_TRAINS))
        elif any(position.train(a.split(":")[1]) is None for a in plays):
            # TRANSLATORS: Mexican Train: how a public train starts; %(number)s is the engine's number, %(trains)s is 8.
            said.append(_("A new public train starts from the engine with a tile showing %(number)s; at most "
                          "%(trains)s trains may leave the engine, your train and your opponent's included.",
                          number=position.engine, trains=MAX_TRAINS))
    elif double is None:
        said += markers
    return said


# ------------------------------------------------------------------------------------------- result


def _outcome_fields(outcome: RoundOutcome | Mapping[str, Any]) -> tuple[str, int | None, Sequence[int]]:
    if isinstance(outcome, RoundOutcome):
        return outcome.reason, outcome.winner, outcome.pips
    return outcome["reason"], outcome["winner"], outcome["pips"]


def round_won_words(outcome: RoundOutcome | Mapping[str, Any], seat: int) -> str:
    """The round's end in one line, said to ``seat``: who won it and the pips each keeps."""
    _reason, winner, pips = _outcome_fields(outcome)
    other = 1 - seat
    if winner == seat:
        # TRANSLATORS: Mexican Train, the status line at a round's end: the learner won it (fewer pips kept; lower is better).
        return _("You win the round: you keep %(you)d pips, your opponent %(other)d.", you=pips[seat], other=pips[other])
    if winner == other:
        # TRANSLATORS: Mexican Train, the status line at a round's end: the opponent won it.
        return _("Your opponent wins the round: they keep %(other)d pips, you %(you)d.", you=pips[seat],
                 other=pips[other])
    # TRANSLATORS: Mexican Train, the status line at a round's end: a tie on pips.
    return _("Nobody wins the round: you both keep %(you)d pips.", you=pips[seat])


def result_words(outcome: RoundOutcome | Mapping[str, Any], seat: int,
                 totals: Sequence[int] | None = None, match_over: bool = False) -> list[str]:
    """How the round ended, said to ``seat``: who went out or that it is blocked, the pips each keeps
    (lower is better) and, given ``totals`` (the match's running totals after this round), the match."""
    reason, winner, pips = _outcome_fields(outcome)
    other = 1 - seat
    said = []
    if reason == "out":
        if winner == seat:
            # TRANSLATORS: Mexican Train: the learner laid their last tile, which ends the round.
            said.append(_("You laid your last tile, so the round is over."))
        else:
            # TRANSLATORS: Mexican Train: the opponent laid their last tile, which ends the round.
            said.append(_("Your opponent laid their last tile, so the round is over."))
    else:
        # TRANSLATORS: Mexican Train: a blocked round: nothing left to draw and nobody can ever play again.
        said.append(_("The round is blocked: the boneyard is empty and neither of you can play, not even on a "
                      "train with a marker."))
        if winner == seat:
            # TRANSLATORS: Mexican Train, a blocked round: the learner keeps fewer pips.
            said.append(_("You keep fewer pips, so you win the round."))
        elif winner == other:
            # TRANSLATORS: Mexican Train, a blocked round: the opponent keeps fewer pips.
            said.append(_("Your opponent keeps fewer pips, so your opponent wins the round."))
        else:
            # TRANSLATORS: Mexican Train, a blocked round: both keep the same pips.
            said.append(_("You both keep the same number of pips, so nobody wins the round."))
    # TRANSLATORS: Mexican Train, end of a round: the pips left in the learner's hand.
    said.append(ngettext("You keep %(num)d pip in your hand.", "You keep %(num)d pips in your hand.", pips[seat]))
    # TRANSLATORS: Mexican Train, end of a round: the pips left in the opponent's hand.
    said.append(ngettext("Your opponent keeps %(num)d pip in hand.", "Your opponent keeps %(num)d pips in hand.",
                         pips[other]))
    # TRANSLATORS: Mexican Train, end of a round: how the score works (lower is better).
    said.append(_("Each player adds the pips left in hand to their total: the lower total is better."))
    if totals is not None:
        # TRANSLATORS: Mexican Train: the match's running totals (pips kept over the rounds so far).
        said.append(_("Totals so far: %(you)s for you and %(opponent)s for your opponent.",
                      you=totals[seat], opponent=totals[other]))
        if match_over:
            if totals[seat] == totals[other]:
                # TRANSLATORS: Mexican Train: the last round is over and the totals are equal.
                said.append(_("That was the last round, and the totals are equal: you share the match."))
            elif totals[seat] < totals[other]:
                # TRANSLATORS: Mexican Train: the last round is over and the learner has the lower total.
                said.append(_("That was the last round: your total is lower, so you win the match."))
            else:
                # TRANSLATORS: Mexican Train: the last round is over and the opponent has the lower total.
                said.append(_("That was the last round: your opponent's total is lower, so your opponent wins "
                              "the match."))
    return said


# ------------------------------------------------------------------------------------------ refusals


def _train(params: Mapping[str, Any], seat: int, key: str = "train") -> str:
    return train_name(str(params.get(key, "")), seat)


def _refusals(seat: int) -> dict[str, Callable[..., str]]:
    """Every refusal code, worded for ``seat`` (the one who tried the action, or the request's fields)."""
    return {
        # ---- the engine's reasons for refusing a well-formed action (mexican_train.Position._refusal)
        # TRANSLATORS: a move refused by the rules: the round has ended.
        "round_over": lambda **p: _("The round is over: no more moves can be made."),
        # TRANSLATORS: a draw or pass refused by the rules: a tile in hand fits, and playing is compulsory.
        "must_play": lambda **p: _("A tile in your hand fits, and playing is compulsory: you may not draw or pass."),
        # TRANSLATORS: Mexican Train, a pass refused: the player has not drawn yet and the boneyard has tiles.
        "must_draw": lambda **p: _("You may not pass yet: the boneyard still holds tiles, so draw one first."),
        # TRANSLATORS: Mexican Train, a second draw refused: one draw per turn until a tile is laid.
        "already_drew": lambda **p: _("You have already drawn a tile this turn: play it if it can be played, "
                                      "otherwise pass."),
        # TRANSLATORS: a draw refused by the rules: the boneyard is empty.
        "boneyard_empty": lambda **p: _("The boneyard is empty: there is nothing left to draw."),
        # TRANSLATORS: a move refused by the rules: the tile is not in the player's hand.
        "not_in_hand": lambda tile="", **p: _("%(tile)s is not in your hand.", tile=tile),
        # TRANSLATORS: Mexican Train, a move refused: the tile cannot exist in this game's set (e.g. 9-9 with the double-six set); %(top)s is the highest number of the set (6 or 12).
        "not_in_set": lambda tile="", top="", **p: _(
            "%(tile)s is not a tile of this game: its set runs from 0 to %(top)s.", tile=tile, top=top),
        # TRANSLATORS: Mexican Train, a play refused: no public train has that number yet; new ones are numbered in order.
        "no_such_train": lambda train="", **p: _(
            "There is no public train %(number)s: public trains are numbered in the order they start, so a new one "
            "takes the next number.", number=str(train)[1:]),
        # TRANSLATORS: Mexican Train, a play refused: a double is open elsewhere and must be closed first.
        "open_double": lambda tile="", **p: _(
            "The double at the end of %(double)s is open: nothing else may be played until it is closed, so "
            "%(tile)s cannot go on %(train)s.", double=_train(p, seat, "double"), tile=tile, train=_train(p, seat)),
        # TRANSLATORS: Mexican Train, a play refused: the player's own train is still empty and must be started first.
        "start_own_train_first": lambda tile="", **p: _(
            "Your train has no tile yet: your first tile must start it, so %(tile)s cannot go on %(train)s.",
            tile=tile, train=_train(p, seat)),
        # TRANSLATORS: Mexican Train, a play refused: only a train's owner lays its first tile.
        "not_started": lambda **p: _("Your opponent's train holds no tile yet, and only your opponent may lay its "
                                     "first tile."),
        # TRANSLATORS: Mexican Train, a play refused: the opponent's train is not marked.
        "not_marked": lambda **p: _("Your opponent's train carries no marker, so you may not play on it."),
        # TRANSLATORS: Mexican Train, a play refused: 8 trains (6 public) already leave the engine.
        "too_many_trains": lambda **p: _("All %(trains)s trains from the engine have started: no new public train "
                                         "may start.", trains=MAX_TRAINS),
        # TRANSLATORS: Mexican Train, a play refused: the tile does not show the number at that train's open end.
        "no_match": lambda tile="", end="", **p: _(
            "%(tile)s does not fit %(train)s: a tile there must show %(end)s.", tile=tile, train=_train(p, seat),
            end=end),
        # TRANSLATORS: Mexican Train, an action that cannot be read; draw, pass and 12-5:s0 stay as written.
        "action": lambda token="", **p: _(
            "%(token)s is not an action: write draw, pass, or a tile and its train such as 12-5:s0.", token=token),
        # ---- the API's request (tutor.web.domino.mexican_train.api); field names stay in English
        # TRANSLATORS: error message of the analyze API (body); field names such as hands, line, to_move and passes stay in English.
        "body": lambda **p: _("The request body must be a JSON object."),
        # TRANSLATORS: error message of the analyze API (missing); field names such as hands, line, to_move and passes stay in English.
        "missing": lambda field="", **p: _("The field %(field)s is required.", field=field),
        # TRANSLATORS: Mexican Train API error: the deal's shape. Field names (deal, engine, top, first, hands, boneyard) stay in English.
        "deal_type": lambda **p: _("deal must be an object with engine, top, first, hands and boneyard."),
        # TRANSLATORS: Mexican Train API error: the set's highest number. "top" stays in English.
        "top": lambda value="", **p: _("top must be 12 (the double-twelve set) or 6 (the double-six set), not "
                                       "%(value)s.", value=value),
        # TRANSLATORS: Mexican Train API error: the round's engine double. "engine" stays in English.
        "engine": lambda value="", top=12, **p: _("engine must be a whole number from 0 to %(top)s, not %(value)s.",
                                                  value=value, top=top),
        # TRANSLATORS: Mexican Train API error: who plays first. "first" stays in English.
        "first": lambda value="", **p: _("first must be 0 or 1, not %(value)s.", value=value),
        # TRANSLATORS: Mexican Train API error: the hands' shape. "hands" stays in English.
        "hands": lambda **p: _("hands must be two lists of tiles such as \"5-3\", each with a tile at least."),
        # TRANSLATORS: Mexican Train API error: the boneyard's shape. "boneyard" stays in English.
        "boneyard_type": lambda **p: _("boneyard must be a list of tiles such as \"5-3\", in the order they are "
                                       "drawn."),
        # TRANSLATORS: Mexican Train API error: a token that is not a tile of the set; %(top)s is 12 or 6.
        "tile": lambda token="", top=12, **p: _(
            "%(token)s is not a tile: write two numbers from 0 to %(top)s joined by a dash, such as 5-3.",
            token=token, top=top),
        # TRANSLATORS: error message of the analyze API (duplicate); field names such as hands, line, to_move and passes stay in English.
        "duplicate": lambda tile="", first="", **p: _(
            "The tile %(tile)s appears twice (it is already at %(first)s).", tile=tile, first=first),
        # TRANSLATORS: Mexican Train API error: the engine double was dealt; it lies in the centre.
        "engine_dealt": lambda tile="", **p: _("%(tile)s is this round's engine: it lies in the centre, not in a "
                                               "hand or the boneyard.", tile=tile),
        # TRANSLATORS: Mexican Train API error: the deal leaves out tiles of the set; %(tiles)s lists them.
        "missing_tiles": lambda tiles=(), **p: ngettext(
            "A deal holds the whole set but the engine, in the hands and the boneyard: %(tiles)s is missing.",
            "A deal holds the whole set but the engine, in the hands and the boneyard: %(tiles)s are missing.",
            len(tiles), tiles=join_and(tiles)),
        # TRANSLATORS: Mexican Train API error: the history's shape; draw, pass and 12-5:s0 stay as written.
        "history_type": lambda **p: _("history must be a list of actions such as \"12-5:s0\", \"draw\" and "
                                      "\"pass\"."),
        # TRANSLATORS: Mexican Train API error: the seat the explanation speaks to. "seat" stays in English.
        "seat": lambda value="", **p: _("seat must be 0 or 1, not %(value)s.", value=value),
        # TRANSLATORS: Mexican Train API error: the match totals before this round. "totals" stays in English.
        "totals": lambda **p: _("totals must be two whole numbers of at least 0: the pips each player kept in the "
                                "rounds before."),
        # ---- bodies no match can come to (issue #29)
        # TRANSLATORS: Mexican Train API error: a match this app does not know; %(names)s lists the names, which stay in English. "match" stays in English.
        "match": lambda value="", names=(), **p: _("match must be one of %(names)s, not %(value)s.",
                                                   names=join_or(names), value=value),
        # TRANSLATORS: Mexican Train API error: the match is played with another set than the deal's. "match" and "top" stay in English.
        "match_set": lambda match="", top=12, set=12, **p: _(
            "The match %(match)s is played with the double-%(set)s set, but this deal's top is %(top)s.",
            match=match, set=set, top=top),
        # TRANSLATORS: Mexican Train API error: no round of the match has this engine (the rounds go from %(start)s-%(start)s down to %(stop)s-%(stop)s).
        "engine_round": lambda engine=0, start=12, stop=1, **p: _(
            "No round of this match has the engine %(engine)s-%(engine)s: its rounds go from %(start)s-%(start)s "
            "down to %(stop)s-%(stop)s.", engine=engine, start=start, stop=stop),
        # TRANSLATORS: Mexican Train API error: a hand of the deal holds another number of tiles than the deal gives.
        "hand_size": lambda seat=0, tiles=0, size=16, **p: ngettext(
            "Hand %(seat)s holds %(num)d tile, but each player is dealt %(size)s tiles.",
            "Hand %(seat)s holds %(num)d tiles, but each player is dealt %(size)s tiles.", tiles, seat=seat,
            size=size),
        # TRANSLATORS: Mexican Train API error: totals given for the first round of a match, when nobody has kept any pips yet. "totals" stays in English.
        "totals_first_round": lambda engine=12, **p: _(
            "The round with the engine %(engine)s-%(engine)s is the match's first: nobody has kept pips before it, "
            "so totals must be 0 and 0.", engine=engine),
        # TRANSLATORS: Mexican Train API error: totals larger than the rounds before could give. "totals" stays in English.
        "totals_too_big": lambda rounds=0, most=0, **p: ngettext(
            "totals are more than %(most)s, the most pips a hand can keep in the %(num)d round before this one.",
            "totals are more than %(most)s, the most pips a hand can keep in the %(num)d rounds before this one.",
            rounds, most=most),
    }


REFUSAL_CODES = frozenset(_refusals(0))


def refusal_words(code: str, params: Mapping[str, Any] | None = None, seat: int = 0) -> str:
    """Why an action or a request is refused, in the current language (``seat``: who tried it)."""
    found = _refusals(seat).get(code)
    if found is not None:
        try:
            return found(**dict(params or {}))
        except TypeError:
            pass
    # TRANSLATORS: Mexican Train: a refusal with no better words (should not happen).
    return _("This action is not allowed here.")


def history_refusal(index: int, action: object, code: str, params: Mapping[str, Any] | None, seat: int) -> str:
    """A refused action of a request's history: which one, where, and the engine's reason."""
    # TRANSLATORS: Mexican Train API error: action number %(index)s of the history (counted from 0) is refused; %(reason)s is the rules' reason, a full sentence.
    return _("history[%(index)s], %(action)s, cannot be played: %(reason)s",
             index=index, action=action, reason=refusal_words(code, params, seat))


# Registered so the sentences' registry lists Mexican Train's refusals beside the others (seat 0's words).
register("mexican.refusal", {code: (lambda c: lambda **p: refusal_words(c, p))(code) for code in REFUSAL_CODES},
         __name__)


# ------------------------------------------------------------------------------------------ picture


def _public_label(number: int) -> str:
    # TRANSLATORS: Mexican Train picture: the label of a public train (1 to 6), at the start of its row.
    return _("Public train %(number)s", number=number)


def _train_state(position: Position, name: str, seat: int) -> str:
    train = position.train(name)
    assert train is not None
    if not train.played:
        # TRANSLATORS: Mexican Train picture description: a player's own train holds no tile yet.
        return _("%(train)s has no tile yet", train=train_name(name, seat))
    # TRANSLATORS: Mexican Train picture description: a train's tiles and the number at its open end.
    return ngettext("%(train)s has %(num)d tile and ends in %(number)s",
                    "%(train)s has %(num)d tiles and ends in %(number)s",
                    len(train.played), train=train_name(name, seat), number=train.end)


def labels(position: Position, seat: int, reveal: bool = False, colour_key: bool = False) -> TrainLabels:
    """The picture's words for ``seat`` (the learner): its title, a description of the table (what a
    screen reader says: each train's end, the markers, the open double, the hands' sizes; the
    other hand's tiles only when ``reveal``) and the short labels drawn on it; with ``colour_key``
    (and a set that goes past 6), the words over the key of the colours from 7 up."""
    other = 1 - seat
    # TRANSLATORS: Mexican Train picture, accessible title; %(tile)s is the round's engine double, e.g. 12-12.
    title = _("Mexican Train: the trains from the engine %(tile)s", tile=f"{position.engine}-{position.engine}")
    trains = [_train_state(position, t.name, seat) for t in position.trains]
    # TRANSLATORS: Mexican Train picture description: every train's state, e.g. "Your train has 2 tiles and ends in 5, your opponent's train has no tile yet and public train 1 ...".
    said = [_("On the table, %(trains)s.", trains=join_and(trains))]
    said += _marker_sentences(position, seat)
    if position.open_double() is not None:
        said.append(_open_double_sentence(position, seat))
    # TRANSLATORS: Mexican Train picture description: the tiles in the learner's hand.
    said.append(ngettext("Your hand holds %(num)d tile: %(tiles)s.", "Your hand holds %(num)d tiles: %(tiles)s.",
                         len(position.hands[seat]), tiles=join_and(str(t) for t in position.hands[seat])))
    if reveal:
        # TRANSLATORS: Mexican Train picture description: the opponent's tiles, shown face up (a finished round, a lesson).
        said.append(ngettext("Your opponent's hand holds %(num)d tile: %(tiles)s.",
                             "Your opponent's hand holds %(num)d tiles: %(tiles)s.",
                             len(position.hands[other]), tiles=join_and(str(t) for t in position.hands[other])))
    else:
        # TRANSLATORS: Mexican Train picture description: how many tiles the opponent holds (face down).
        said.append(ngettext("Your opponent holds %(num)d tile.", "Your opponent holds %(num)d tiles.",
                             len(position.hands[other])))
    # TRANSLATORS: Mexican Train picture description: the tiles left to draw.
    said.append(ngettext("The boneyard holds %(num)d tile.", "The boneyard holds %(num)d tiles.",
                         len(position.boneyard)))
    return TrainLabels(
        title=title,
        desc=" ".join(said),
        # TRANSLATORS: Mexican Train picture: the label of the learner's own train.
        your_train=_("Your train"),
        # TRANSLATORS: Mexican Train picture: the label of the other player's own train.
        opponent_train=_("Your opponent's train"),
        public_train=_public_label,
        # TRANSLATORS: Mexican Train picture: the label of the central double all trains start from.
        engine=_("Engine"),
        # TRANSLATORS: Mexican Train picture: the word beside a train's marker (the train is open to the other player).
        marker=_("marker"),
        # TRANSLATORS: Mexican Train picture: the words under a double that must be closed before anything else.
        open_double=_("open double"),
        # TRANSLATORS: label over the tiles in the learner's hand.
        hand=_("Your hand"),
        # TRANSLATORS: Mexican Train picture: the label over the other player's tiles.
        opponent_hand=_("Your opponent's hand"),
        # TRANSLATORS: label of the boneyard.
        boneyard=_("Boneyard"),
        colour_key=_key_words(position.top) if colour_key and position.top >= 7 else "",
    )


def _key_words(top: int) -> str:
    # TRANSLATORS: Mexican Train picture: the words over a row of tile halves, one of each number from 7 up with its numeral, e.g. "The colours of 7 to 12".
    return _("The colours of 7 to %(top)d", top=top)


def words(parts: Iterable[str]) -> str:
    """Sentences joined into one text (the API's ``explanation``)."""
    return " ".join(parts)


__all__ = ["action_words", "explain", "history_refusal", "labels", "refusal_words", "result_words", "train_name",
           "words"]
