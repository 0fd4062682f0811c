"""The rulebook diagrams as data: a deal, the actions replayed from it, what to show, and claims.

Pure (no Flask). ``lessons/diagrams.toml`` holds D1 to D8 (Playboard's rules) and, from D9, the
other rule sets' diagrams (``rules``: Sato 157, Straight, All Fives; VARIANTS.md); each diagram's
position is the one the engine reaches by replaying its actions under its rule set, so it is
reachable by construction. Its
claims (what the caption and the lesson say about the picture) are checked against the engine by
:func:`check_claims`. What the picture says in words is produced here as :class:`Note` values
(kinds plus parameters); the web layer (``tutor.web.domino.diagrams``) turns them into sentences.

>>> d3 = diagram_by_id("D3")
>>> d3.position.ends, [str(m) for m in d3.position.legal_moves()]
((5, 6), ['5-4L', '6-1R'])
>>> check_claims(d3)
[]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence
from tutor.games.tables import check_diagram_table
from tutor.paths import LESSONS

from tutor.games.domino.analysis import Note
from tutor.games.domino import Action, ActionKind, Deal, DominoError, End, Position, Required, RoundRecord, Tile
from tutor.games.domino.position import arm_pairs
from tutor.games.domino.rules import PLAYBOARD, RULE_SETS, RuleSet, leader_is_previous_winner, rules_for_round, score_domino_to_five
from tutor.games.domino.spinner import ARMS, Branch, arm_named
from tutor.games.domino.tiles import NUMBER_MASK, TILES

DIAGRAMS_FILE = LESSONS / "diagrams.toml"

SECTIONS = ("objective", "tiles", "dealing", "turn", "boneyard", "doubles", "blocked", "scoring", "strategy",
            "sato", "straight", "all-fives")
ANNOTATIONS = ("values", "pips", "score", "counts", "ends_count")


class DiagramError(ValueError):
    """A diagram entry that does not follow the format (named by its id and key)."""


@dataclass(frozen=True)
class Display:
    """What the picture marks; see the head of ``lessons/diagrams.toml``."""

    highlight: str | tuple[str, ...] = "legal"
    reveal: tuple[int, ...] = ()
    last_move: bool = False
    annotations: tuple[str, ...] = ()
    count_numbers: tuple[int, ...] = ()
    show_opponents: bool = True
    show_boneyard: bool = True
    show_hand: bool = True
    dim_unplayable: bool = True
    max_row_tiles: int = 7


@dataclass(frozen=True)
class Diagram:
    id: str
    section: str
    title: str  # English msgid
    caption: str  # English msgid
    seats: int
    seat: int
    hands: tuple[tuple[str, ...], ...]
    boneyard: tuple[str, ...]  # draw order prefix
    actions: tuple[str, ...]
    display: Display = field(default_factory=Display)
    claims: Mapping[str, Any] = field(default_factory=dict)
    rules: RuleSet = PLAYBOARD
    #: A later round of a match whose leader the last round chose (Sato 157: its winner, who
    #: opens with any tile); None: the round opens by the rule set's own opening rule.
    leader: int | None = None

    @property
    def round_rules(self) -> RuleSet:
        """The rules this round is played by (:func:`~tutor.games.domino.rules.rules_for_round`)."""
        return rules_for_round(self.rules, self.leader)

    @property
    def deal(self) -> Deal:
        return Deal.from_hands(self.hands, self.boneyard, rules=self.round_rules)

    @property
    def record(self) -> RoundRecord:
        return RoundRecord(self.deal, self.actions)

    @cached_property
    def positions(self) -> list[Position]:
        """Every position from the deal on (raises :class:`IllegalMoveError` on an illegal action)."""
        return self.record.positions()

    @property
    def position(self) -> Position:
        """The position the picture shows."""
        return self.positions[-1]

    @property
    def last_move(self) -> tuple[int, Action] | None:
        """The seat that placed the last tile, and that move (opening or play); None before any."""
        return last_tile_move(self.positions, self.record.actions)


def last_tile_move(positions: Sequence[Position], actions: Sequence[Action]) -> tuple[int, Action] | None:
    """The seat that placed the last tile and that move (an opening or a play), in a round where
    ``positions[i + 1]`` is ``positions[i]`` after ``actions[i]``; None before the first tile."""
    for before, action in zip(reversed(positions[:-1]), reversed(actions)):
        if action.kind in (ActionKind.OPEN, ActionKind.PLAY):
            return before.to_move, action
    return None


# ----- loading ---------------------------------------------------------------------------------
_KEYS = {"section", "seats", "seat", "title", "caption", "actions", "deal", "display", "claims", "rules", "leader"}
_DISPLAY_KEYS = {f for f in Display.__dataclass_fields__}


def diagram_from_data(diagram_id: str, data: Mapping[str, Any]) -> Diagram:
    """Build one diagram from its TOML table; raises :class:`DiagramError` naming the bad key."""
    def fail(message: str) -> DiagramError:
        return DiagramError(f"{diagram_id}: {message}")

    check_diagram_table(diagram_id, data, letter="D", keys=_KEYS,
                        required=_KEYS - {"display", "claims", "rules", "leader"}, sections=SECTIONS, fail=fail)
    rules = RULE_SETS.get(data.get("rules", PLAYBOARD.name))
    if rules is None:
        raise fail(f"rules must be one of {sorted(RULE_SETS)}")
    leader = data.get("leader")
    if leader is not None and (rules.next_round_leader is not leader_is_previous_winner
                               or not isinstance(leader, int) or not 0 <= leader < data["seats"]):
        raise fail("leader is a seat, and only for rules whose last winner leads the next round (sato)")
    deal = data["deal"]
    if set(deal) - {"hands", "boneyard"} or "hands" not in deal:
        raise fail("deal has hands and, optionally, boneyard")
    hands = tuple(tuple(hand) for hand in deal["hands"])
    seats, seat = data["seats"], data["seat"]
    if len(hands) != seats:
        raise fail(f"seats is {seats} but the deal has {len(hands)} hands")
    if not (isinstance(seat, int) and 0 <= seat < seats):
        raise fail(f"seat must be a seat from 0 to {seats - 1}")
    display_data = dict(data.get("display", {}))
    unknown = set(display_data) - _DISPLAY_KEYS
    if unknown:
        raise fail(f"unknown display keys {sorted(unknown)}")
    for key in ("reveal", "annotations", "count_numbers"):
        if key in display_data:
            display_data[key] = tuple(display_data[key])
    if isinstance(display_data.get("highlight"), list):
        display_data["highlight"] = tuple(display_data["highlight"])
    display = Display(**display_data)
    if isinstance(display.highlight, str) and display.highlight not in ("legal", "none"):
        raise fail('display.highlight is "legal", "none" or a list of moves')
    bad = set(display.annotations) - set(ANNOTATIONS)
    if bad:
        raise fail(f"unknown annotations {sorted(bad)}")
    claims = dict(data.get("claims", {}))
    unknown = set(claims) - set(CLAIMS)
    if unknown:
        raise fail(f"unknown claims {sorted(unknown)} (known: {sorted(CLAIMS)})")
    try:
        diagram = Diagram(
            diagram_id, data["section"], data["title"], data["caption"], seats, seat,
            hands, tuple(deal.get("boneyard", ())), tuple(data["actions"]), display, claims, rules, leader,
        )
        diagram.deal  # the tiles are tiles, each dealt once
        diagram.record  # the actions are actions
    except DominoError as error:
        raise fail(str(error)) from None
    return diagram


def load_diagrams_from(text: str) -> dict[str, Diagram]:
    data = tomllib.loads(text)
    return {diagram_id: diagram_from_data(diagram_id, table) for diagram_id, table in data.items()}


@lru_cache(maxsize=4)
def load_diagrams(path: Path = DIAGRAMS_FILE) -> dict[str, Diagram]:
    """Every diagram of the file, in file order (D1 first)."""
    return load_diagrams_from(path.read_text(encoding="utf-8"))


def diagram_by_id(diagram_id: str) -> Diagram:
    """The diagram with this id; ``KeyError`` if there is none."""
    return load_diagrams()[diagram_id]


# ----- claims ----------------------------------------------------------------------------------
def _tile_text(text: str) -> str:
    return str(Tile.parse(text))


def _action_text(text: str) -> str:
    return str(Action.parse(text))


def _hand(diagram: Diagram, position: Position) -> list[Tile]:
    return position.hand(diagram.seat)


def _others(diagram: Diagram, position: Position) -> list[int]:
    return [s for s in range(position.seats) if s != diagram.seat]


def _can_place(position: Position, tile: Tile) -> bool:
    """Whether any action placing ``tile`` is legal now (as an opening, at either end, or on a
    spinner's side)."""
    candidates = [Action.open(tile)] + [Action.play(tile, end) for end in ARMS]
    return any(position.is_legal(a) for a in candidates) or any(m.tile is tile for m in position.legal_moves())


def _fitting_mask(position: Position) -> int:
    """The tiles that fit an open end (a line's two, or every open arm of a spinner)."""
    fits = 0
    for number in position.open_ends().values():
        fits |= NUMBER_MASK[number]
    return fits


def _stuck_seats(diagram: Diagram, position: Position, value: Any) -> list[int]:
    """The seats holding no tile that fits an open end (none before the opening)."""
    if not position.line:
        return []
    fits = _fitting_mask(position)
    return [seat for seat in range(position.seats) if not position.hands[seat] & fits]


def _claim_counts(diagram: Diagram, position: Position, value: Mapping[str, Any]) -> Any:
    actual = {}
    table = position.line_tiles()
    hand = _hand(diagram, position)
    for number in value:
        n = int(number)
        on_table = sum(t.has(n) for t in table)
        in_hand = sum(t.has(n) for t in hand)
        actual[number] = {"table": on_table, "hand": in_hand,
                          "unseen": sum(t.has(n) for t in TILES) - on_table - in_hand}
    return actual


def _claim_double_neighbours(diagram: Diagram, position: Position, value: Mapping[str, str]) -> Any:
    """The double's place in the chain: the tiles joined on its left and right, joined on its number."""
    tile = Tile.parse(value["tile"])
    texts = [f"{a}-{b}" for a, b in position.line]
    places = [i for i, (a, b) in enumerate(position.line) if Tile(a, b) is tile]
    if len(places) != 1:
        return {"tile": value["tile"], "left": None, "right": None}
    i = places[0]
    number = tile.high

    def neighbour(j: int, touching: int) -> str | None:
        if 0 <= j < len(texts) and position.line[j][touching] == number:
            return texts[j]
        return None

    return {"tile": value["tile"], "left": neighbour(i - 1, 1), "right": neighbour(i + 1, 0)}


def _open_ends(diagram: Diagram, position: Position, value: Any) -> Any:
    """The number of open ends: 0 before the opening; a line that is one chain has exactly two; a
    spinner's table as many as it has open arms. Claimed as a table (``{ left = 3, up = 6 }``):
    each open arm and the number it shows."""
    if isinstance(value, Mapping):
        return {end.value: number for end, number in position.open_ends().items()}
    if position.layout is not None:
        return len(position.open_ends())
    line = position.line
    if not line:
        return 0
    one_chain = all(a[1] == b[0] for a, b in zip(line, line[1:]))
    return 2 if one_chain and position.ends is not None else -1


def _result(diagram: Diagram, position: Position, value: Any) -> Any:
    result = position.result()
    if result is None:
        return None
    return {"reason": result.reason.value, "winner": result.winner, "points": result.points}


def _last_move(diagram: Diagram, position: Position, value: Any) -> Any:
    last = diagram.last_move
    return None if last is None else {"seat": last[0], "action": str(last[1])}


def _opening(diagram: Diagram, position: Position, value: Any) -> Any:
    opening = position.opening()
    if opening is None:
        return None
    return {"seat": opening.seat, "tile": str(opening.tile) if opening.tile else None, "rule": opening.rule.value}


def _read_open_ends(value: Any) -> Any:
    if isinstance(value, Mapping):
        if any(arm_named(arm) is None for arm in value):
            raise ValueError(f"arms are {[end.value for end in ARMS]} or a double's sides, such as 4-4.left")
        return {arm: int(number) for arm, number in value.items()}
    return int(value)


def _arms(diagram: Diagram, position: Position, value: Any) -> Any:
    layout = position.layout
    if layout is None:
        return None
    # the spinner's four, and both sides of every double that branches (each from its double outwards)
    return {end.value: [f"{a}-{b}" for a, b in arm_pairs(layout, end)] for end in layout.every_arm}


def _points(diagram: Diagram, position: Position, value: Any) -> dict[str, int]:
    return {str(move): position.points_for(move) for move in position.legal_moves()}


def _may_open(diagram: Diagram, position: Position, value: Any) -> list[str]:
    return sorted(str(a.tile) for a in position.legal_moves() if a.kind is ActionKind.OPEN)


#: Each claim: (what it means, how to read the expected value, how the engine answers).
CLAIMS: dict[str, tuple[str, Callable[[Any], Any], Callable[[Diagram, Position, Any], Any]]] = {
    "hand_size": ("tiles in the learner's hand", int, lambda d, p, v: len(_hand(d, p))),
    "doubles": ("the doubles in the learner's hand, exactly", lambda v: sorted(_tile_text(t) for t in v),
                lambda d, p, v: sorted(str(t) for t in _hand(d, p) if t.is_double)),
    "values": ("the learner's whole hand, each tile with its value (pip sum)",
               lambda v: {_tile_text(t): n for t, n in v.items()},
               lambda d, p, v: {str(t): t.value for t in _hand(d, p)}),
    "pip_total": ("pips in the learner's hand", int, lambda d, p, v: p.pips(d.seat)),
    "required": ("what the rules require next", str, lambda d, p, v: p.required().value),
    "to_move": ("the seat to move (none once the round is over)", int,
                lambda d, p, v: None if p.required() is Required.OVER else p.to_move),
    "opening": ("who opens, with what, by which rule", dict, _opening),
    "legal_moves": ("the legal moves, exactly", lambda v: sorted(_action_text(a) for a in v),
                    lambda d, p, v: sorted(str(a) for a in p.legal_moves())),
    "not_playable": ("the learner's tiles that no legal action may place, exactly",
                     lambda v: sorted(_tile_text(t) for t in v),
                     lambda d, p, v: sorted(str(t) for t in _hand(d, p) if not _can_place(p, t))),
    "boneyard": ("tiles in the boneyard", int, lambda d, p, v: len(p.boneyard)),
    "ends": ("the numbers at the left and right open ends", list, lambda d, p, v: list(p.ends) if p.ends else None),
    "chain": ("the line from left to right, each tile as it lies", list,
              lambda d, p, v: [f"{a}-{b}" for a, b in p.line]),
    "chain_length": ("tiles in the line", int, lambda d, p, v: len(p.line)),
    "open_ends": ("open ends of the line (one chain: two; a spinner: its open arms), or each open arm's number",
                  _read_open_ends, _open_ends),
    "double_neighbours": ("a double's one neighbour on each side, joined on its number", dict,
                          _claim_double_neighbours),
    "passes": ("passes in a row just before this position", int, lambda d, p, v: p.passes),
    "stuck_seats": ("the seats holding no tile that fits an open end (every seat: nobody can play)",
                    lambda v: sorted(int(s) for s in v), _stuck_seats),
    "opponent_tiles": ("tiles in the other seats' hands", int,
                       lambda d, p, v: sum(len(p.hand(s)) for s in _others(d, p))),
    "opponent_pips": ("pips in the other seats' hands", int, lambda d, p, v: sum(p.pips(s) for s in _others(d, p))),
    "result": ("how the round ended: reason, winner, points", dict, _result),
    "last_move": ("the last tile placed: by which seat, with which move",
                  lambda v: {"seat": v["seat"], "action": _action_text(v["action"])}, _last_move),
    "counts": ("tiles showing a number: on the table, in the learner's hand, unseen", dict, _claim_counts),
    # ----- the other rule sets (VARIANTS.md)
    "dealt": ("tiles dealt to each seat", lambda v: [int(n) for n in v],
              lambda d, p, v: [len(d.positions[0].hand(s)) for s in range(p.seats)]),
    "may_open": ("the tiles the leader may open with, exactly", lambda v: sorted(_tile_text(t) for t in v), _may_open),
    "spinner": ("the spinner: the first double, on whose sides tiles may also go", _tile_text,
                lambda d, p, v: str(p.layout.spinner) if p.layout is not None else None),
    "arms": ("a spinner's four arms, each from the spinner outwards, and each branching double's two sides",
             lambda v: {k: list(t) for k, t in v.items()}, _arms),
    "count": ("All Fives: the open ends added up (a double at an end counts both halves)", int,
              lambda d, p, v: p.count()),
    "count_terms": ("All Fives: the numbers added up, arm by arm", lambda v: sorted(int(n) for n in v),
                    lambda d, p, v: sorted(p.layout.count_terms()) if p.layout is not None else None),
    "points": ("All Fives: what each legal move scores, exactly", lambda v: {_action_text(m): int(n) for m, n in v.items()},
               _points),
    "scores": ("All Fives: the points each seat has scored during this round's play", lambda v: [int(n) for n in v],
               lambda d, p, v: list(p.scores)),
}


def check_claims(diagram: Diagram, position: Position | None = None) -> list[str]:
    """Every claim of ``diagram`` the engine contradicts, as messages; ``[]`` when all hold.

    ``position`` defaults to the diagram's own (replayed) position.
    """
    if position is None:
        position = diagram.position
    failures = []
    for name, value in diagram.claims.items():
        if name not in CLAIMS:
            failures.append(f"{diagram.id}: unknown claim {name!r}")
            continue
        meaning, read, engine = CLAIMS[name]
        try:
            expected = read(value)
        except (DominoError, TypeError, ValueError, KeyError, AttributeError) as error:
            failures.append(f"{diagram.id}: claim {name} is malformed ({error})")
            continue
        actual = engine(diagram, position, value)
        if actual != expected:
            failures.append(f"{diagram.id}: {name} ({meaning}): the diagram claims {expected!r}, the engine says {actual!r}")
    return failures


# ----- what the renderer is told -----------------------------------------------------------------
def render_options(diagram: Diagram) -> dict[str, Any]:
    """Keyword options for :func:`tutor.games.domino.render.render_position` (all but ``labels``)."""
    return display_options(diagram.seat, diagram.display, diagram.last_move, diagram.id)


def display_options(seat: int, display: Display, last_move: tuple[int, Action] | None, name: str) -> dict[str, Any]:
    """:func:`render_options` for any position seen from ``seat``: a diagram's, or a game's (the
    game page passes its own position and last move, without replaying a diagram)."""
    if display.highlight == "legal":
        highlight = None
    elif display.highlight == "none":
        highlight = ()
    else:
        highlight = [Action.parse(a) for a in display.highlight]
    last = last_move if display.last_move else None
    return {
        "seat": seat,
        "reveal": display.reveal,
        "highlight": highlight,
        "dim_unplayable": display.dim_unplayable,
        "last_move": last[1] if last else None,
        "show_boneyard": display.show_boneyard,
        "show_hand": display.show_hand,
        "show_opponents": display.show_opponents,
        "max_row_tiles": display.max_row_tiles,
        "id_prefix": f"dg-{name.lower()}-",
    }


# ----- what the picture says, as notes -----------------------------------------------------------
def _texts(tiles) -> list[str]:
    return [str(t) for t in tiles]


def describe(diagram: Diagram) -> list[Note]:
    """The diagram's position in words (:func:`describe_position`)."""
    return describe_position(diagram.position, diagram.seat, diagram.display, diagram.last_move)


def describe_position(position: Position, seat: int, display: Display,
                      last_move: tuple[int, Action] | None) -> list[Note]:
    """The position in words, as notes for the ``<desc>``: the line and its open ends, the hands
    that are shown, the boneyard, the last move, and whose turn it is and what the rules ask."""
    notes: list[Note] = []
    if position.layout is not None:
        notes += _layout_notes(position)
    elif position.line:
        notes.append(Note("line", {"count": len(position.line), "tiles": [f"{a}-{b}" for a, b in position.line]}))
        left, right = position.ends  # type: ignore[misc]
        notes.append(Note("ends", {"left": left, "right": right}))
    else:
        notes.append(Note("line_empty"))
    last = last_move if display.last_move else None
    if last is not None:
        mover, action = last
        end = action.end.value if action.end else "open"
        kind = "last_move_arm" if position.layout is not None and action.end else "last_move"
        notes.append(Note(kind, {"seat": mover, "viewer": seat, "seats": position.seats, "tile": str(action.tile), "end": end}))
    if display.show_hand:
        hand = position.hand(seat)
        notes.append(Note("hand", {"count": len(hand), "tiles": _texts(hand)}) if hand else Note("hand_empty"))
    shown_seats = {seat} if display.show_hand else set()
    if display.show_opponents:
        for k in range(1, position.seats):
            other = (seat + k) % position.seats
            shown_seats.add(other)
            hand = position.hand(other)
            params = {"seat": other, "seats": position.seats, "count": len(hand)}
            if other in display.reveal:
                notes.append(Note("opponent_revealed", {**params, "tiles": _texts(hand), "pips": position.pips(other)}))
            else:
                notes.append(Note("opponent_hidden", params))
    if display.show_boneyard:
        notes.append(Note("boneyard", {"count": len(position.boneyard)}))
    notes += _turn_notes(seat, display, position, shown_seats)
    return notes


def _turn_notes(seat: int, display: Display, position: Position, shown_seats: set[int]) -> list[Note]:
    required = position.required()
    if required is Required.OVER:
        result = position.result()
        assert result is not None
        return [Note("over_" + result.reason.value, {"winner": result.winner, "viewer": seat,
                                                    "seats": position.seats, "points": result.points})]
    mover = position.to_move
    if mover not in shown_seats:
        return []  # the picture does not show whose turn it is
    if mover != seat:
        return [Note("turn_other", {"seat": mover, "seats": position.seats})]
    notes = [Note("your_turn")]
    marked = display.highlight != "none"
    if required is Required.OPEN:
        opening = position.opening()
        assert opening is not None
        if opening.tile is None:  # a later round led by the last winner (Sato 157): any tile
            notes.append(Note("you_lead_any"))
            return notes
        notes.append(Note("you_open", {"tile": str(opening.tile)}))
        if marked and len(position.hand(seat)) > 1:
            notes.append(Note("others_dimmed_open", {"tile": str(opening.tile)}))
        return notes
    if position.layout is not None:
        return notes + _arm_turn_notes(position, seat, marked, required)
    left, right = position.ends  # type: ignore[misc]
    if required is Required.PLAY:
        if marked:
            for move in position.legal_moves():
                end = move.end.value  # type: ignore[union-attr]
                notes.append(Note("fits_" + end, {"tile": str(move.tile), "number": left if end == "left" else right}))
            if position.hands[seat] & ~position.fitting():
                notes.append(Note("others_dimmed", {"left": left, "right": right}))
        return notes
    kind = "must_draw" if required is Required.DRAW else "must_pass"
    notes.append(Note(kind, {"left": left, "right": right}))
    return notes


def _plus(numbers) -> str:
    """``1 + 2 + 2``: the numbers All Fives adds up, as they are written under a count."""
    return " + ".join(str(n) for n in numbers)


def _layout_notes(position: Position) -> list[Note]:
    """A spinner's table in words: the spinner, each arm with its tiles from the spinner outwards,
    every open arm's number, whether the sides are open yet, and in All Fives the count."""
    layout = position.layout
    assert layout is not None
    notes = [Note("spinner", {"tile": str(layout.spinner), "count": len(layout.tiles)})]
    for end in layout.every_arm:
        pairs = arm_pairs(layout, end)
        if pairs:
            kind = "branch_arm" if isinstance(end, Branch) else "arm"  # (a branch: from its double outwards)
            notes.append(Note(kind, {"arm": end.value, "count": len(pairs), "tiles": [f"{a}-{b}" for a, b in pairs]}))
    open_ends = position.open_ends()
    notes.append(Note("arm_ends", {"ends": [(end.value, number) for end, number in open_ends.items()]}))
    if End.UP not in open_ends:
        notes.append(Note("sides_closed", {"spinner": str(layout.spinner)}))
    if layout.doubles():
        notes.append(Note("doubles_branch", {"doubles": [str(d) for d in layout.doubles()]}))
    if position.rules.scores_ends:
        terms = layout.count_terms()
        notes.append(Note("count_now", {"sum": _plus(terms), "count": sum(terms)}))
    return notes


def _arm_turn_notes(position: Position, seat: int, marked: bool, required: Required) -> list[Note]:
    """Whose turn it is on a spinner's table, said to the learner: where each legal tile fits (in
    All Fives with the count it leaves and what it scores), or why the learner draws or passes."""
    layout = position.layout
    assert layout is not None
    open_ends = position.open_ends()
    numbers = sorted(set(open_ends.values()))
    if required is Required.PLAY:
        notes = []
        if marked:
            for move in position.legal_moves():
                params = {"tile": str(move.tile), "arm": move.end.value, "number": open_ends[move.end]}  # type: ignore[index]
                if position.rules.scores_ends:
                    terms = layout.play(move.tile, move.end).count_terms()  # type: ignore[arg-type]
                    notes.append(Note("arm_fit_count", {**params, "sum": _plus(terms), "count": sum(terms),
                                                        "points": position.points_for(move)}))
                else:
                    notes.append(Note("arm_fit", params))
            if position.hands[seat] & ~position.fitting():
                notes.append(Note("others_dimmed_arms", {"numbers": numbers}))
            notes.append(Note("play_compulsory"))  # the spinner's sides may hold the only fitting tile
        return notes
    kind = "must_draw_arms" if required is Required.DRAW else "must_pass_arms"
    return [Note(kind, {"numbers": numbers})]


def annotation_notes(diagram: Diagram) -> list[Note]:
    """The lines written under the picture (``display.annotations``), as notes."""
    position, seat = diagram.position, diagram.seat
    notes = []
    for key in diagram.display.annotations:
        if key == "values":
            notes.append(Note("values", {"values": [(str(t), t.value) for t in position.hand(seat)]}))
        elif key == "pips":
            notes.append(Note("pips", {"pips": position.pips(seat)}))
        elif key == "score":
            result = position.result()
            if result is None:
                continue
            losers = [s for s in range(position.seats) if s != result.winner]
            for other in losers:
                hand = position.hand(other)
                notes.append(Note("seat_pips", {"seat": other, "viewer": seat, "seats": position.seats,
                                                "values": [(str(t), t.value) for t in hand],
                                                "pips": position.pips(other)}))
            params = {"winner": result.winner, "viewer": seat, "seats": position.seats, "points": result.points}
            if result.winner is not None and position.rules.score_domino is score_domino_to_five:
                # All Fives rounds the pips to a multiple of 5: the rule set says so, not the figures
                params["pips"] = sum(position.pips(s) for s in losers)
                notes.append(Note("score_rounded", params))
            else:
                notes.append(Note("score", params))
        elif key == "ends_count":
            if position.layout is not None:
                terms = position.layout.count_terms()
                notes.append(Note("count_now", {"sum": _plus(terms), "count": sum(terms)}))
        elif key == "counts":
            for n in diagram.display.count_numbers:
                counts = _claim_counts(diagram, position, {str(n): None})[str(n)]
                notes.append(Note("count", {"number": n, **counts}))
    return notes


__all__ = [
    "ANNOTATIONS", "CLAIMS", "DIAGRAMS_FILE", "Diagram", "DiagramError", "Display", "SECTIONS",
    "annotation_notes", "check_claims", "describe", "describe_position", "diagram_by_id", "diagram_from_data",
    "display_options", "last_tile_move", "load_diagrams", "load_diagrams_from", "render_options",
]
