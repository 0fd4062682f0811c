"""Explanations and the hint ladder: what the rules let a seat do now and why, the end of a round
and of a match, strategy on request, and hints from a nudge to the full why. Each is a list of
:class:`~tutor.games.domino.analysis.Note` values that ``tutor.web.wording`` renders in the learner's language."""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis import Note, _sum, explain_result
from .. import ActionKind, End, Match, Position, Required
from ..rules import OpeningReason
from ..tiles import DOUBLES_MASK, NUMBER_MASK, TILES, tiles_in
from .recommendation import DEFAULT_SAMPLES, Recommendation, recommend
from .view import SeatView

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
    notes = [Note("arm_ends", {"ends": [(end.value, number) for end, number in open_ends.items()]})]
    if len(open_ends) == 2:
        notes.append(Note("sides_closed", {"spinner": str(layout.spinner)}))
    if position.rules.scores_ends:
        terms = layout.count_terms()
        notes.append(Note("count_now", {"sum": _sum(terms), "count": sum(terms)}))
    numbers = sorted(set(open_ends.values()))
    if required is Required.PLAY:
        moves = position.legal_moves()
        notes.append(Note("legal_count", {"seat": seat, "count": len(moves)}))
        for move in moves:
            params = {"tile": str(move.tile), "arm": move.end.value, "number": open_ends[move.end]}  # type: ignore[index]
            if position.rules.scores_ends:
                terms = layout.play(move.tile, move.end).count_terms()  # type: ignore[arg-type]
                notes.append(Note("arm_fit_count", {**params, "sum": _sum(terms), "count": sum(terms),
                                                    "points": position.points_for(move)}))
            else:
                notes.append(Note("arm_fit", params))
        notes.append(Note("play_compulsory", {}))
    elif required is Required.DRAW:
        notes.append(Note("arms_must_draw", {"seat": seat, "numbers": numbers, "boneyard": len(position.boneyard)}))
    elif required is Required.PASS:
        notes.append(Note("arms_must_pass", {"seat": seat, "numbers": numbers}))
    return notes


def opening_notes(view: SeatView, visible: int | None = None) -> list[Note]:
    """Who opens and why; the tie rule; that no other first tile is legal. ``visible``: the tiles
    the reader may see named, for a reader who is not the seat (the API's, who sees every hand):
    then nothing is said to "you"; by default the seat's hand and the opening tile."""
    opening = view.opening
    if opening is None or opening.tile is None:
        return []
    tile = opening.tile
    reader_is_seat = visible is None
    if opening.rule is OpeningReason.HIGHEST_DOUBLE:
        notes = [Note("open_double", {"seat": opening.seat, "tile": str(tile)})]
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
    left, right = view.ends  # type: ignore[misc]
    moves = view.legal_actions()
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


def draw_notes(view: SeatView) -> list[Note]:
    """Why the viewer must draw, and after drawing, which drawn tile fits and why drawing stopped."""
    required = view.required()
    ends = view.ends
    if ends is None or required not in (Required.PLAY, Required.DRAW, Required.PASS):
        return []
    left, right = ends
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
            notes.append(_about_ends("drawn_misfits", left, right, tiles=[str(t) for t in went_on]))
        if emptied:
            notes.append(_about_ends("drawn_last_misfit", left, right, tile=str(last)))
        if required is Required.PLAY:
            if last.has(left) and last.has(right):
                notes.append(_about_ends("drawn_fits_both", left, right, tile=str(last)))
            else:
                end = "left" if last.has(left) else "right"
                notes.append(Note("drawn_fits_" + end, {"tile": str(last), "number": left if end == "left" else right}))
    if required is Required.DRAW:
        notes.append(Note("must_draw", {"seat": view.seat, "left": left, "right": right, "boneyard": view.boneyard_count}))
    return notes


def _about_ends(kind: str, left: int, right: int, **params) -> Note:
    """A note naming both end numbers, or its ``_one`` form naming the number once when the two
    ends show the same number (not "a 5 or a 5")."""
    if left == right:
        return Note(kind + "_one", {**params, "number": left})
    return Note(kind, {**params, "left": left, "right": right})


def pass_notes(view: SeatView) -> list[Note]:
    """Why the viewer must pass, and how close the round is to being blocked."""
    if view.required() is not Required.PASS:
        return []
    left, right = view.ends  # type: ignore[misc]
    notes = [Note("must_pass", {"seat": view.seat, "left": left, "right": right})]
    if view.passes:
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


def match_notes(match: Match) -> list[Note]:
    """The last round's points added to the running totals, and each seat's distance to the target."""
    notes = []
    target = match.rules.target_score
    if match.results:
        last = match.results[-1]
        before = Match(match.seats, match.rules, match.results[:-1]).totals
        if last.winner is None:
            notes.append(Note("round_no_points", {}))
        else:
            notes.append(Note("round_points", {"seat": last.winner, "points": last.points,
                                               "before": before[last.winner], "after": match.totals[last.winner]}))
    for seat, total in enumerate(match.totals):
        notes.append(Note("match_total", {"seat": seat, "total": total, "target": target,
                                          "to_go": max(0, target - total)}))
    if match.winner is not None:
        notes.append(Note("match_won", {"seat": match.winner, "total": match.totals[match.winner], "target": target}))
    return notes


#: A boneyard this small makes a miss expensive: the next stuck seat may have to pass.
LOW_BONEYARD = 4


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
    if view.boneyard_count == 0:
        notes.append(Note("boneyard_empty", {}))
    elif view.boneyard_count <= LOW_BONEYARD:
        notes.append(Note("boneyard_low", {"boneyard": view.boneyard_count}))
    else:
        notes.append(Note("boneyard_plenty", {"boneyard": view.boneyard_count}))
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


def hint_ladder(view: SeatView, *, seed: int = 0, samples: int = DEFAULT_SAMPLES) -> HintLadder:
    """Every rung of the ladder for the viewer's turn. Raises ``ValueError`` when it is not its turn."""
    recommendation = recommend(view, seed=seed, samples=samples)
    action = recommendation.action
    ends = view.ends
    explanation = tuple(explain_turn(view)) + recommendation.notes
    if action.kind is ActionKind.DRAW or action.kind is ActionKind.PASS:
        assert ends is not None
        kind = action.kind.value
        return HintLadder(
            _about_ends("nudge_" + kind, *ends),
            Note("highlight_boneyard", {"boneyard": view.boneyard_count}),
            Note("move_" + kind, {}),
            explanation, recommendation,
        )
    tile = str(action.tile)
    if action.kind is ActionKind.OPEN:
        return HintLadder(Note("nudge_open", {}), Note("highlight_tile", {"tile": tile}),
                          Note("move_open", {"tile": tile}), explanation, recommendation)
    assert ends is not None and action.end is not None
    number = ends[0] if action.end is End.LEFT else ends[1]
    return HintLadder(
        Note("nudge_" + action.end.value, {"number": number}),
        Note("highlight_tile", {"tile": tile}),
        Note("move_" + action.end.value, {"tile": tile, "number": number}),
        explanation, recommendation,
    )


__all__ = [
    "HintLadder", "draw_notes", "explain_turn", "hint_ladder", "legal_move_notes", "match_notes",
    "opening_notes", "pass_notes", "round_end_notes", "strategy_notes",
]
