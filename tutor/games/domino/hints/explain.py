"""Explanations and the hint ladder: what the rules let a seat do now and why, the end of a round
and of a match, strategy on request, and hints from a nudge to the full why. Each is a list of
:class:`~tutor.games.domino.analysis.Note` values that ``tutor.web.domino.wording`` renders in the learner's language."""

from __future__ import annotations

from dataclasses import dataclass

from typing import Sequence

from tutor.games.domino.analysis import Note, _sum, explain_result
from tutor.games.domino import Action, ActionKind, End, Position, Required
from tutor.games.domino.rules import OpeningReason, RuleSet, score_blocked_last_player
from tutor.games.domino.spinner import Branch, SpinnerLayout, all_fives_score
from tutor.games.domino.tiles import DOUBLES_MASK, NUMBER_MASK, TILES, tiles_in
from tutor.games.domino.hints.recommendation import Recommendation, recommend
from tutor.games.domino.hints.view import SeatView, deals_every_tile

#: How many tiles of the set show a given number (6 with another number, plus its double).
TILES_PER_NUMBER = 7

def explain_turn(view: SeatView) -> list[Note]:
    """What the rules let the viewer do now, and why (the full explanation of a hint)."""
    required = view.required()
    if required is None:
        return [Note("waiting", {"seat": view.to_move})]
    if required is Required.OVER:
        return [Note("round_over", {})]
    if required is Required.OPEN:
        return opening_notes(view)
    notes = draw_notes(view) if view.drawn_this_turn() or required is Required.DRAW else []
    if required is Required.PLAY:
        notes += legal_move_notes(view)
    elif required is Required.PASS:
        notes += pass_notes(view)
    return notes


def explain_position(position: Position) -> list[Note]:
    """Why the rules require what they require in ``position``: the notes a hint gives the seat to
    move (:func:`explain_turn`), or how the round ended. The caller sees every hand (the analyze
    API), so an opening's tie names the equal tiles wherever they were dealt."""
    required = position.required()
    if required is Required.OVER:
        return explain_result(position)
    if position.rules.spinner:
        return spinner_turn_notes(position)
    view = SeatView.from_position(position, position.to_move)
    if required is Required.OPEN:
        held = 0
        for hand in position.hands:
            held |= hand
        return opening_notes(view, visible=held)
    return explain_turn(view)


def spinner_turn_notes(position: Position) -> list[Note]:
    """Why the rules require what they require in a spinner game (Straight, All Fives): the lead,
    the open arms, each legal play (in All Fives with the count it leaves and what it scores), or
    why the seat must draw or pass. Worded for a reader who sees every hand (the analyze API)."""
    seat, required = position.to_move, position.required()
    if required is Required.OPEN:
        opening = position.opening()
        assert opening is not None and opening.tile is not None
        return [Note("open_spinner", {"seat": opening.seat, "tile": str(opening.tile)})]
    layout = position.layout
    assert layout is not None
    open_ends = position.open_ends()
    notes = _table_notes(layout, position.rules)
    numbers = sorted(set(open_ends.values()))
    if required is Required.PLAY:
        moves = position.legal_moves()
        notes.append(Note("legal_count", {"seat": seat, "count": len(moves)}))
        notes += _arm_fit_notes(layout, moves, position.rules)
        notes.append(Note("play_compulsory", {}))
    elif required is Required.DRAW:
        notes.append(Note("arms_must_draw", {"seat": seat, "numbers": numbers, "boneyard": len(position.boneyard)}))
    elif required is Required.PASS:
        notes.append(Note("arms_must_pass", {"seat": seat, "numbers": numbers}))
    return notes


def _table_notes(layout: SpinnerLayout, rules: RuleSet) -> list[Note]:
    """A spinner's table: its open arms and the numbers they show, that its sides are still closed
    (while only its ends are open), and in All Fives the count of the open ends now."""
    open_ends = layout.open_ends()
    notes = [Note("arm_ends", {"ends": [(end.value, number) for end, number in open_ends.items()]})]
    if End.UP not in open_ends:
        notes.append(Note("sides_closed", {"spinner": str(layout.spinner)}))
    doubles = layout.doubles()
    if doubles:  # every double branches: where the new arms come from
        notes.append(Note("doubles_branch", {"doubles": [str(d) for d in doubles]}))
    if rules.scores_ends:
        terms = layout.count_terms()
        notes.append(Note("count_now", {"sum": _sum(terms), "count": sum(terms)}))
        # An open side with no tile yet takes a tile but adds nothing: learners count it otherwise.
        # (While the spinner's ends are bare, the spinner itself counts: its sides are not open.)
        empty = [end.value for end in (End.UP, End.DOWN) if end in open_ends and not layout.arm(end)]
        if empty:
            notes.append(Note("empty_arms_count_nothing", {"arms": empty, "number": layout.spinner.high}))
        bare = [arm.value for arm in open_ends if isinstance(arm, Branch) and not layout.arm(arm)]
        if bare:  # a double's bare sides, likewise (the double itself counts while it ends its arm)
            notes.append(Note("bare_branches_count_nothing", {"arms": bare}))
    return notes


def _arm_fit_notes(layout: SpinnerLayout, moves: Sequence[Action], rules: RuleSet) -> list[Note]:
    """Each legal play on a spinner's table with the arm and number it matches; in All Fives with
    the count it leaves and the points it scores."""
    notes = []
    open_ends = layout.open_ends()
    for move in moves:
        assert move.tile is not None and move.end is not None
        params = {"tile": str(move.tile), "arm": move.end.value, "number": open_ends[move.end]}
        if rules.scores_ends:
            terms = layout.play(move.tile, move.end).count_terms()
            notes.append(Note("arm_fit_count", {**params, "sum": _sum(terms), "count": sum(terms),
                                                "points": all_fives_score(sum(terms))}))
        else:
            notes.append(Note("arm_fit", params))
    return notes


def scoring_notes(layout: SpinnerLayout, moves: Sequence[Action]) -> list[Note]:
    """All Fives: which of the legal plays score and how much, best first, or that none does."""
    scoring = []
    for move in moves:
        assert move.tile is not None and move.end is not None
        points = all_fives_score(layout.play(move.tile, move.end).count())
        if points:
            scoring.append((-points, len(scoring), move, points))
    if not scoring:
        return [Note("no_scoring_play", {"count": len(moves)})]
    plays = [(str(move.tile), move.end.value, points) for _, _, move, points in sorted(scoring)]  # type: ignore[union-attr]
    return [Note("scoring_plays", {"plays": plays})]


def opening_notes(view: SeatView, visible: int | None = None) -> list[Note]:
    """Who opens and why; the tie rule; that no other first tile is legal. ``visible``: the tiles
    the reader may see named, for a reader who is not the seat (the API's, who sees every hand):
    then nothing is said to "you"; by default the seat's hand and the opening tile."""
    opening = view.opening
    if opening is None:
        return []
    reader_is_seat = visible is None
    if opening.tile is None:
        # Sato 157 after the first round: the match chose the leader (the last winner, or after a
        # tie the last leader), who may open with any tile.
        return [Note("open_any", {"seat": opening.seat})]
    tile = opening.tile
    if opening.rule is OpeningReason.HIGHEST_DOUBLE:
        notes = [Note("open_double", {"seat": opening.seat, "tile": str(tile)})]
        if view.rules.spinner:  # that double is the spinner: what it means for the next plays
            notes.append(Note("spinner_arms_branching" if view.rules.doubles_branch else "spinner_arms",
                              {"spinner": str(tile)}))
    else:
        notes = [Note("open_heaviest", {"seat": opening.seat, "tile": str(tile), "value": tile.value})]
        # Only tiles the reader can see are named: for a seat, another hand's tiles stay hidden.
        visible = (view.hand | tile.bit) if visible is None else visible
        rivals = [t for t in tiles_in(visible) if t.value == tile.value and t is not tile]
        for rival in rivals:
            notes.append(Note("open_tie", {"tile": str(tile), "other": str(rival), "value": tile.value,
                                           "high": tile.high, "other_high": rival.high}))
        # The tie rule for equal tiles the viewer cannot place: a lower-ranked one would not have
        # opened; a higher-ranked one was dealt to nobody, or it would have opened instead.
        unseen = [t for t in TILES if t.value == tile.value and t is not tile and not t.is_double and t not in rivals]
        lower = [str(t) for t in unseen if t.high < tile.high]
        higher = [str(t) for t in unseen if t.high > tile.high]
        if lower and not rivals:
            notes.append(Note("open_tie_rule", {"tile": str(tile), "others": lower, "value": tile.value}))
        if higher:
            notes.append(Note("open_tie_absent", {"tile": str(tile), "others": higher, "value": tile.value}))
    if opening.seat == view.seat and reader_is_seat:
        others = [str(t) for t in view.hand_tiles() if t is not tile]
        if others:
            notes.append(Note("open_others_illegal", {"tile": str(tile), "tiles": others}))
    return notes


def legal_move_notes(view: SeatView) -> list[Note]:
    """Each fitting tile with the end and number it matches, and why the others do not fit."""
    if view.required() is not Required.PLAY:
        return []
    moves = view.legal_actions()
    if view.layout is not None:
        return _spinner_legal_move_notes(view, moves)
    left, right = view.ends  # type: ignore[misc]
    notes = [Note("ends", {"left": left, "right": right}),
             Note("legal_count", {"seat": view.seat, "count": len(moves)})]
    for move in moves:
        assert move.end is not None
        notes.append(Note("fits_" + move.end.value, {
            "tile": str(move.tile), "number": left if move.end is End.LEFT else right}))
    misfits = [str(t) for t in tiles_in(view.hand & ~view.fitting())]
    if misfits:
        notes.append(Note("no_fit_tiles", {"tiles": misfits, "left": left, "right": right}))
    notes.append(Note("play_compulsory", {}))
    return notes


def _spinner_legal_move_notes(view: SeatView, moves: list[Action]) -> list[Note]:
    """:func:`legal_move_notes` on a spinner's table: the open arms (any of them may take a tile),
    each play, in All Fives what each scores and which score at all, and the tiles that fit none."""
    layout = view.layout
    assert layout is not None
    notes = _table_notes(layout, view.rules)
    if len(layout.open_ends()) > 2:
        notes.append(Note("any_open_arm", {"arms": len(layout.open_ends())}))
    notes.append(Note("legal_count", {"seat": view.seat, "count": len(moves)}))
    notes += _arm_fit_notes(layout, moves, view.rules)
    if view.rules.scores_ends:
        notes += scoring_notes(layout, moves)
    misfits = [str(t) for t in tiles_in(view.hand & ~view.fitting())]
    if misfits:
        notes.append(Note("no_fit_tiles_arms", {"tiles": misfits, "numbers": _numbers(view.ends)}))
    notes.append(Note("play_compulsory", {}))
    return notes


def _numbers(ends: Sequence[int] | None) -> list[int]:
    """The different numbers at the open ends, lowest first."""
    return sorted(set(ends or ()))


def draw_notes(view: SeatView) -> list[Note]:
    """Why the viewer must draw, and after drawing, which drawn tile fits and why drawing stopped."""
    required = view.required()
    ends = view.ends
    if ends is None or required not in (Required.PLAY, Required.DRAW, Required.PASS):
        return []
    notes = []
    drawn = [t for t in view.drawn_this_turn() if t is not None]
    if drawn:
        notes.append(Note("drew_tiles", {"seat": view.seat, "count": len(drawn), "tiles": [str(t) for t in drawn]}))
        last = drawn[-1]
        misses = drawn[:-1] if required is Required.PLAY else drawn
        # Drawing went on after every miss but the one that emptied the boneyard (then: pass).
        emptied = required is Required.PASS
        went_on = misses[:-1] if emptied else misses
        if went_on:
            notes.append(_about_ends("drawn_misfits", ends, tiles=[str(t) for t in went_on]))
        if emptied:
            notes.append(_about_ends("drawn_last_misfit", ends, tile=str(last)))
        if required is Required.PLAY:
            notes.append(_drawn_fits(view, last))
    if required is Required.DRAW:
        if view.layout is not None:
            notes.append(Note("arms_must_draw", {"seat": view.seat, "numbers": _numbers(ends),
                                                 "boneyard": view.boneyard_count}))
        else:
            left, right = ends
            notes.append(Note("must_draw", {"seat": view.seat, "left": left, "right": right,
                                            "boneyard": view.boneyard_count}))
    return notes


def _drawn_fits(view: SeatView, last) -> Note:
    """Why drawing stopped: the last drawn tile fits (on a line: which end; with a spinner: which arms)."""
    if view.layout is not None:
        arms = [end.value for end, number in view.open_ends().items() if last.has(number)]
        return Note("drawn_fits_arms", {"tile": str(last), "arms": arms})
    left, right = view.ends  # type: ignore[misc]
    if last.has(left) and last.has(right):
        return _about_ends("drawn_fits_both", (left, right), tile=str(last))
    end = "left" if last.has(left) else "right"
    return Note("drawn_fits_" + end, {"tile": str(last), "number": left if end == "left" else right})


def _about_ends(kind: str, ends: Sequence[int], **params) -> Note:
    """A note naming the numbers at the open ends: its ``_one`` form names the number once when
    every end shows the same number (not "a 5 or a 5"); two numbers as ``left`` and ``right``; three
    or four (a spinner's arms) in its ``_many`` form, as a list ``numbers``."""
    numbers = _numbers(ends)
    if len(numbers) == 1:
        return Note(kind + "_one", {**params, "number": numbers[0]})
    if len(ends) == 2:
        return Note(kind, {**params, "left": ends[0], "right": ends[1]})
    if len(numbers) == 2:
        return Note(kind, {**params, "left": numbers[0], "right": numbers[1]})
    return Note(kind + "_many", {**params, "numbers": numbers})


def pass_notes(view: SeatView) -> list[Note]:
    """Why the viewer must pass, and how close the round is to being blocked."""
    if view.required() is not Required.PASS:
        return []
    if view.layout is not None:
        notes = [Note("arms_must_pass", {"seat": view.seat, "numbers": _numbers(view.ends)})]
    else:
        left, right = view.ends  # type: ignore[misc]
        notes = [Note("must_pass", {"seat": view.seat, "left": left, "right": right})]
    if deals_every_tile(view.rules, view.seats):
        notes.append(Note("no_boneyard_pass", {"seats": view.seats}))
    if view.rules.ends_when_stuck:  # the round would be over if nobody else could play
        notes.append(Note("pass_others_can_play", {}))
    elif view.passes:
        notes.append(Note("passes_so_far", {"passes": view.passes, "seats": view.seats}))
    return notes


def round_end_notes(position: Position) -> list[Note]:
    """How a finished round ended and its score with the arithmetic: the tiles left in each hand
    with their pip sums, then :func:`tutor.games.domino.analysis.explain_result`'s notes."""
    notes = explain_result(position)
    hands = [Note("hand_left", {"seat": seat, "tiles": [str(t) for t in position.hand(seat)],
                                "sum": " + ".join(f"{t.high} + {t.low}" for t in position.hand(seat)),
                                "pips": position.pips(seat)})
             for seat in range(position.seats) if position.hands[seat]]
    return notes[:1] + hands + notes[1:]


#: A boneyard this small makes a miss expensive: the next stuck seat may have to pass.
LOW_BONEYARD = 4


def _boneyard_kind(rules: RuleSet, seats: int, boneyard: int) -> str:
    """Which strategy note about the boneyard is true under these rules: a blocked round goes to
    the lowest pips, except in All Fives (to whoever placed the last tile); with every tile dealt
    there never was a boneyard."""
    if deals_every_tile(rules, seats):
        return "no_boneyard"  # (Sato 157 with four players, whose round ends as soon as nobody can play)
    last_player = rules.score_blocked is score_blocked_last_player
    if boneyard == 0:
        if last_player:
            return "boneyard_empty_last_player"
        return "boneyard_empty_stuck" if rules.ends_when_stuck else "boneyard_empty"
    if boneyard <= LOW_BONEYARD:
        return "boneyard_low_last_player" if last_player else "boneyard_low"
    return "boneyard_plenty"


def strategy_notes(view: SeatView) -> list[Note]:
    """On request: for each number at the open ends, where its seven tiles are; what the others
    are known to lack; doubles worth shedding; boneyard pressure."""
    notes = []
    ends = view.ends
    line = view.line_mask()
    if ends is not None:
        for number in sorted(set(ends)):
            on_table = (line & NUMBER_MASK[number]).bit_count()
            in_hand = (view.hand & NUMBER_MASK[number]).bit_count()
            notes.append(Note("number_count", {"number": number, "table": on_table, "hand": in_hand,
                                               "unseen": TILES_PER_NUMBER - on_table - in_hand}))
    for seat in range(view.seats):
        voids = view.voids(seat)
        if voids:
            notes.append(Note("known_void", {"seat": seat, "numbers": voids}))
    doubles = [t for t in view.hand_tiles() if t.is_double]
    if doubles:
        notes.append(Note("shed_doubles", {"tiles": [str(t) for t in doubles],
                                           "pips": sum(t.value for t in doubles)}))
        playable = [str(t) for t in tiles_in(view.fitting() & DOUBLES_MASK)]
        if playable and view.my_turn:
            notes.append(Note("shed_double_now", {"tiles": playable}))
    kind = _boneyard_kind(view.rules, view.seats, view.boneyard_count)
    params = {"boneyard": view.boneyard_count} if kind.startswith(("boneyard_low", "boneyard_plenty")) else {}
    notes.append(Note(kind, {"seats": view.seats} if kind == "no_boneyard" else params))
    return notes


# ==== the hint ladder ===========================================================================
@dataclass(frozen=True)
class HintLadder:
    """Hints from least to most: a nudge, the tile to look at, the move, then the full why."""

    nudge: Note
    highlight: Note
    move: Note
    explanation: tuple[Note, ...]
    recommendation: Recommendation


def hint_ladder(view: SeatView, *, seed: int = 0, samples: int | None = None) -> HintLadder:
    """Every rung of the ladder for the viewer's turn. Raises ``ValueError`` when it is not its turn.
    ``samples``: the recommendation's determinizations (None: its default for the rule set)."""
    recommendation = recommend(view, seed=seed, samples=samples)
    action = recommendation.action
    ends = view.ends
    explanation = tuple(explain_turn(view)) + recommendation.notes
    if action.kind is ActionKind.PASS and deals_every_tile(view.rules, view.seats):
        # nothing was ever left to draw (Sato 157, four players): look at the hand, then pass at once
        assert ends is not None
        return HintLadder(_about_ends("nudge_draw", ends), Note("no_boneyard_pass", {"seats": view.seats}),
                          Note("move_pass_at_once", {}), explanation, recommendation)
    if action.kind is ActionKind.DRAW or action.kind is ActionKind.PASS:
        assert ends is not None
        kind = action.kind.value
        return HintLadder(
            _about_ends("nudge_" + kind, ends),
            Note("highlight_boneyard", {"boneyard": view.boneyard_count}),
            Note("move_" + kind, {}),
            explanation, recommendation,
        )
    tile = str(action.tile)
    if action.kind is ActionKind.OPEN:
        # the rules' tile, or any tile when the match chose the leader (Sato 157's later rounds)
        nudge = Note("nudge_open_any", {}) if view.opening is not None and view.opening.tile is None else Note("nudge_open", {})
        return HintLadder(nudge, Note("highlight_tile", {"tile": tile}),
                          Note("move_open", {"tile": tile}), explanation, recommendation)
    assert ends is not None and action.end is not None
    if view.layout is not None:
        return HintLadder(*_spinner_rungs(view, action), explanation, recommendation)
    number = ends[0] if action.end is End.LEFT else ends[1]
    return HintLadder(
        Note("nudge_" + action.end.value, {"number": number}),
        Note("highlight_tile", {"tile": tile}),
        Note("move_" + action.end.value, {"tile": tile, "number": number}),
        explanation, recommendation,
    )


def _spinner_rungs(view: SeatView, action: Action) -> tuple[Note, Note, Note]:
    """The first three rungs for a play on a spinner's table: look at the arm, at the tile, then
    the move (in All Fives with the count it leaves and its points, when it scores)."""
    assert action.tile is not None and action.end is not None
    number = view.open_ends()[action.end]
    params = {"tile": str(action.tile), "arm": action.end.value, "number": number}
    move = Note("move_arm", params)
    if view.rules.scores_ends:
        count = view.layout_after(action).count()
        if all_fives_score(count):
            move = Note("move_arm_points", {**params, "count": count, "points": count})
    return (Note("nudge_arm", {"arm": action.end.value, "number": number}),
            Note("highlight_tile", {"tile": str(action.tile)}), move)


__all__ = [
    "HintLadder", "draw_notes", "explain_turn", "hint_ladder", "legal_move_notes",
    "opening_notes", "pass_notes", "round_end_notes", "scoring_notes", "spinner_turn_notes", "strategy_notes",
]
