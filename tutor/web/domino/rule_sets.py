"""The domino rule sets side by side (issues #15 and #16): each cell of the comparison worded from the
rule set's own data (``tutor.games.domino.rules``; Mexican Train's from its own engine,
``tutor.games.domino.mexican_train.engine``), so the table cannot say what the engine does not play. A rule
function names its sentence here, as ``analysis.BLOCKED_NOTES`` names its notes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from flask_babel import gettext as _, ngettext

from tutor.games.domino.rules import (
    ALL_FIVES, PLAYBOARD, SATO, STRAIGHT, RuleSet, forced_opening, leader_by_forced_opening, leader_is_previous_winner,
    score_blocked_last_player, score_blocked_lower_pips, score_blocked_playboard, score_blocked_sato, score_domino,
    score_domino_to_five, spinner_opening,
)
from tutor.games.domino.mexican_train import engine as mexican_train
from tutor.games.domino.tiles import TILE_COUNT
from tutor.web.lists import join_or

#: The rule sets in the order the page shows them: the course's own first; Mexican Train, whose
#: engine is its own (not a RuleSet), comes last.
SHOWN: tuple[RuleSet, ...] = (PLAYBOARD, SATO, STRAIGHT, ALL_FIVES)
MEXICAN_TRAIN = "mexican-train"
#: Every column's rule set name (as in the free-play and lesson addresses), in the page's order.
COLUMNS: tuple[str, ...] = tuple(r.name for r in SHOWN) + (MEXICAN_TRAIN,)


def rule_set_name(rules: RuleSet | str) -> str:
    return {
        # TRANSLATORS: name of a rule set: the rules this course teaches (Playboard's Draw dominoes).
        "playboard": lambda: _("Playboard (this course)"),
        # TRANSLATORS: name of a rule set: the rules of the Vietnamese rulebook "Cờ Domino (Sato 157)"; keep the name.
        "sato": lambda: _("Sato 157"),
        # TRANSLATORS: name of a rule set: "Straight" (plain) dominoes for two players (wikiHow); keep the name and add your language's gloss in brackets (TRANSLATING.md, "Game names").
        "straight": lambda: _("Straight"),
        # TRANSLATORS: name of a rule set: "All Fives" dominoes for two players (wikiHow); keep the name and add your language's gloss in brackets (TRANSLATING.md, "Game names").
        "all-fives": lambda: _("All Fives"),
        # TRANSLATORS: name of a rule set: Straight with the option "one spinner": only the first double branches (the rule many clubs play). Use the same words for Straight as its own name.
        "straight-one-spinner": lambda: _("Straight, one spinner"),
        # TRANSLATORS: name of a rule set: All Fives with the option "one spinner": only the first double branches. Use the same words for All Fives as its own name.
        "all-fives-one-spinner": lambda: _("All Fives, one spinner"),
        MEXICAN_TRAIN: mexican_train_name,
    }[rules if isinstance(rules, str) else rules.name]()


def mexican_train_name() -> str:
    # TRANSLATORS: name of a rule set: Mexican Train, played with a double-twelve set of dominoes; keep the name and add your language's gloss in brackets (TRANSLATING.md, "Game names").
    return _("Mexican Train")


def _players(rules: RuleSet) -> str:
    # TRANSLATORS: comparison table of rule sets: how many may play, e.g. "2, 3 or 4 players" or "2 players".
    return _("%(players)s players", players=join_or(rules.seat_counts))


def _hands(rules: RuleSet) -> str | list[str]:
    """"7 tiles each", or one line per deal size ("7 tiles each with 2 players", "5 tiles each
    with 3 or 4 players"), from the deal sizes."""
    by_size: dict[int, list[int]] = {}
    for seats in rules.seat_counts:
        by_size.setdefault(rules.hand_size(seats), []).append(seats)
    if len(by_size) == 1:
        (size,) = by_size
        # TRANSLATORS: comparison table of rule sets: how many tiles each player is dealt.
        return ngettext("%(num)d tile each", "%(num)d tiles each", size)
    # TRANSLATORS: comparison table: the tiles dealt to each player, for some numbers of players (%(players)s: "2" or "3 or 4").
    return [ngettext("%(num)d tile each with %(players)s players", "%(num)d tiles each with %(players)s players",
                     size, players=join_or(seats)) for size, seats in by_size.items()]


def _boneyard(rules: RuleSet) -> str | list[str]:
    parts = []
    for seats in rules.seat_counts:
        left = TILE_COUNT - seats * rules.hand_size(seats)
        # TRANSLATORS: comparison table: how many tiles stay in the boneyard with this many players (0: none at all).
        parts.append(ngettext("%(num)d with %(players)s players", "%(num)d with %(players)s players", left, players=seats)
                     # TRANSLATORS: comparison table: with this many players every tile is dealt, so there is no boneyard.
                     if left else _("none with %(players)s players: all 28 tiles are dealt", players=seats))
    return parts if len(parts) > 1 else parts[0]


OPENINGS: dict[Callable, Callable[[], str]] = {
    # TRANSLATORS: comparison table: who opens the first round (Playboard, Sato 157).
    forced_opening: lambda: _("the highest double, else the heaviest tile"),
    # TRANSLATORS: comparison table: who opens (Straight, All Fives): the highest double, which becomes the spinner.
    spinner_opening: lambda: _("the highest double, which is the spinner; with no double dealt, the tiles are dealt again"),
}
LATER_LEADERS: dict[Callable, Callable[[], str]] = {
    # TRANSLATORS: comparison table: who opens the later rounds: the same rule as the first round.
    leader_by_forced_opening: lambda: _("as in the first round"),
    # TRANSLATORS: comparison table: who opens the later rounds (Sato 157).
    leader_is_previous_winner: lambda: _("the winner of the round before, with any tile"),
}
GOING_OUT: dict[Callable, Callable[[], str]] = {
    # TRANSLATORS: comparison table: what playing your last tile scores.
    score_domino: lambda: _("the pips left in the other hands"),
    # TRANSLATORS: comparison table: what playing your last tile scores in All Fives.
    score_domino_to_five: lambda: _("the opponent's pips, rounded to the nearest multiple of 5"),
}
BLOCKED: dict[Callable, Callable[[], str]] = {
    # TRANSLATORS: comparison table: a blocked round in Playboard's rules.
    score_blocked_playboard: lambda: _("the lowest pip total wins (a tie: fewer tiles) and scores the others' pips minus their own"),
    # TRANSLATORS: comparison table: a blocked round in Sato 157.
    score_blocked_sato: lambda: _("the lowest pip total wins (a tie: fewer tiles) and scores the others' pips"),
    # TRANSLATORS: comparison table: a blocked round in Straight.
    score_blocked_lower_pips: lambda: _("the lower pip total wins and scores the opponent's pips; equal pips: nobody scores"),
    # TRANSLATORS: comparison table: a blocked round in All Fives.
    score_blocked_last_player: lambda: _("whoever placed the last tile scores the opponent's pips, rounded to 5"),
}


def _table(rules: RuleSet) -> str | list[str]:
    if rules.spinner and rules.doubles_branch:
        return [
            # TRANSLATORS: comparison table: the shape of the tiles on the table in Straight and All Fives, as their rulebook says: every double branches.
            _("the first double is a spinner: tiles go on its two ends, then its two sides; every later double "
              "branches too, at once, so the table grows like a tree"),
            # TRANSLATORS: comparison table: the option "one spinner" that free play offers for Straight and All Fives.
            _("or, as many clubs play, one spinner: only the first double branches (up to four arms)"),
        ]
    if rules.spinner:
        # TRANSLATORS: comparison table: the shape of the tiles on the table in Straight and All Fives.
        return _("the first double is a spinner: tiles go on its two ends, then its two sides (up to four arms)")
    # TRANSLATORS: comparison table: the shape of the tiles on the table in Playboard and Sato 157.
    return _("one line with two open ends")


def _blocked_end(rules: RuleSet) -> str:
    if rules.ends_when_stuck:
        # TRANSLATORS: comparison table: when a blocked round ends (Sato 157, Straight, All Fives, Mexican Train): as soon as nobody can play, without passes.
        return _("as soon as nobody can play and nothing is left to draw, without anyone passing")
    # TRANSLATORS: comparison table: when a blocked round ends in Playboard's rules: every player has passed in a row.
    return _("once every player has passed in a row, the boneyard empty")


def _during_play(rules: RuleSet) -> str:
    if rules.scores_ends:
        # TRANSLATORS: comparison table: points scored during play in All Fives.
        return _("after each play, open ends adding up to a multiple of 5 score that sum")
    # TRANSLATORS: comparison table: no points are scored during play, only at the end of a round.
    return _("none: points come at the end of the round")


def _match(rules: RuleSet) -> str:
    if rules.rounds is not None:
        # TRANSLATORS: comparison table: how a Straight match ends.
        return ngettext("after %(num)d round, the higher total wins", "after %(num)d rounds, the higher total wins",
                        rules.rounds)
    if rules.scores_ends:
        # TRANSLATORS: comparison table: how an All Fives match ends: the total is checked after every play.
        return _("the first to %(target)s points, at once, even in the middle of a round", target=rules.target_score)
    # TRANSLATORS: comparison table: how a match ends.
    return _("the first to %(target)s points", target=rules.target_score)


# ----- Mexican Train's column, from its engine's numbers ------------------------------------------
def _mexican_hands() -> list[str]:
    game, short = mexican_train.TOPS
    return [
        # TRANSLATORS: comparison table, Mexican Train: the tiles each player is dealt from a double-twelve set (%(set)s: "0-0 to 12-12").
        ngettext("%(num)d tile each, from a set running %(set)s", "%(num)d tiles each, from a set running %(set)s",
                 mexican_train.HAND_SIZE[game], set=f"0-0 → {game}-{game}"),
        # TRANSLATORS: comparison table, Mexican Train: the tiles each player is dealt in the shorter game, played with a double-six set.
        ngettext("%(num)d tile each in the shorter game, with a double-six set",
                 "%(num)d tiles each in the shorter game, with a double-six set", mexican_train.HAND_SIZE[short]),
    ]


def _mexican_boneyard() -> str:
    game = mexican_train.TOPS[0]
    seats = mexican_train.SEATS
    # the whole set but the round's engine double and the two hands
    left = len(mexican_train.full_set(game)) - 1 - seats * mexican_train.HAND_SIZE[game]
    # TRANSLATORS: comparison table: how many tiles stay in the boneyard with this many players (0: none at all).
    return ngettext("%(num)d with %(players)s players", "%(num)d with %(players)s players", left, players=seats)


MEXICAN_CELLS: tuple[Callable[[], str | list[str]], ...] = (
    # TRANSLATORS: comparison table of rule sets: how many may play, e.g. "2, 3 or 4 players" or "2 players".
    lambda: _("%(players)s players", players=join_or([mexican_train.SEATS])),
    _mexican_hands,
    _mexican_boneyard,
    # TRANSLATORS: comparison table, Mexican Train: the shape of the tiles on the table; %(public)s is the most public trains there may be (6).
    lambda: _("trains from the engine double in the centre: one of your own, one of your opponent's, and up to %(public)s public trains",
              public=mexican_train.MAX_PUBLIC_TRAINS),
    # TRANSLATORS: comparison table, Mexican Train: who plays first in the first round; %(engine)s is the engine double, 12-12.
    lambda: _("the player who draws the tile with more pips; the first tile starts your own train from the %(engine)s engine",
              engine=f"{mexican_train.TOPS[0]}-{mexican_train.TOPS[0]}"),
    # TRANSLATORS: comparison table, Mexican Train: who plays first in the later rounds.
    lambda: _("the players take turns"),
    # TRANSLATORS: comparison table, Mexican Train: nothing is scored while playing; only the pips left in hand count, at the end of a round.
    lambda: _("none: only the pips left in hand count, at the end of the round"),
    # TRANSLATORS: comparison table, Mexican Train: what playing your last tile gives you: nothing; the other player adds the pips in their hand to their total.
    lambda: _("nothing: each player adds the pips left in their own hand to their total, and lower is better"),
    # Mexican Train's blocked round ends as the other rule sets' do: as soon as nobody can play
    lambda: _blocked_end(SATO),
    # TRANSLATORS: comparison table, Mexican Train: a blocked round (the boneyard is empty and nobody can play).
    lambda: _("each player adds the pips left in their own hand to their total, as after playing out"),
    lambda: _mexican_matches(),
)


def _mexican_matches() -> list[str]:
    """Each match Mexican Train is played as (its engine's MATCHES): rounds, first and last engine."""
    cases = []
    for name, plan in mexican_train.MATCHES.items():
        first, last = f"{plan.start}-{plan.start}", f"{plan.stop}-{plan.stop}"
        if plan.top == 6:
            # TRANSLATORS: comparison table, Mexican Train: the match with the double-six set; %(first)s and %(last)s are the first and last engines, 6-6 and 1-1.
            cases.append(ngettext("with the double-six set: %(num)d round, from %(first)s down to %(last)s",
                                  "with the double-six set: %(num)d rounds, from %(first)s down to %(last)s",
                                  plan.rounds, first=first, last=last))
        else:
            # TRANSLATORS: comparison table, Mexican Train: a match with the double-twelve set (the whole match or a quicker one); %(first)s and %(last)s are its first and last engines, such as 12-12 and 1-1.
            cases.append(ngettext("%(num)d round, engines from %(first)s down to %(last)s",
                                  "%(num)d rounds, engines from %(first)s down to %(last)s",
                                  plan.rounds, first=first, last=last))
    # TRANSLATORS: comparison table, Mexican Train: who wins the match, whichever match it is.
    return cases + [_("the lower total wins; equal totals share the win")]


#: The cells where the rulebook is silent and this app decides (VARIANTS.md's and RULES.md's rows
#: marked **decision**), by row and column: the page marks each, and the rule set's lesson ends with
#: them (its step "What the rulebook leaves open").
HOUSE_RULES: dict[str, frozenset[str]] = {
    "hands": frozenset({"sato", "mexican-train"}),  # 7 for three players; 7 from the double-six set
    "table": frozenset({"straight", "all-fives"}),  # when the sides open, their names, one spinner
    "opening": frozenset({"playboard", "sato", "straight", "all-fives", "mexican-train"}),
    "later": frozenset({"sato", "straight", "all-fives", "mexican-train"}),
    "during": frozenset({"all-fives"}),  # the spinner's own count, an open double's
    "going_out": frozenset({"sato", "all-fives"}),  # Sato's points; the rounding, halves up
    "blocked_end": frozenset({"mexican-train"}),
    "blocked": frozenset({"playboard", "sato", "straight", "mexican-train"}),  # ties, Sato's points
    "match": frozenset({"sato", "straight", "mexican-train"}),  # 100; the tie-break; a tie shared
}


@dataclass(frozen=True)
class Row:
    heading: str
    cells: tuple[str | list[str], ...]  # a cell with several cases lists them, one a line
    key: str = ""
    house: tuple[bool, ...] = ()  # per cell: this app's choice where the rulebook is silent


def comparison() -> list[Row]:
    """The table's rows, each a rule and what every rule set in :data:`SHOWN` does."""
    rows = [
        # TRANSLATORS: comparison table row heading.
        ("players", _("Players"), _players),
        # TRANSLATORS: comparison table row heading.
        ("hands", _("Tiles dealt"), _hands),
        # TRANSLATORS: comparison table row heading: the tiles left to draw from.
        ("boneyard", _("Boneyard"), _boneyard),
        # TRANSLATORS: comparison table row heading.
        ("table", _("The tiles on the table"), _table),
        # TRANSLATORS: comparison table row heading.
        ("opening", _("Who opens the first round"), lambda r: OPENINGS[r.choose_opening]()),
        # TRANSLATORS: comparison table row heading.
        ("later", _("Who opens the next rounds"), lambda r: LATER_LEADERS[r.next_round_leader]()),
        # TRANSLATORS: comparison table row heading.
        ("during", _("Points during play"), _during_play),
        # TRANSLATORS: comparison table row heading: what playing out (emptying your hand) scores.
        ("going_out", _("Playing out scores"), lambda r: GOING_OUT[r.score_domino]()),
        # TRANSLATORS: comparison table row heading: when a round that nobody can finish ends.
        ("blocked_end", _("When a blocked round ends"), _blocked_end),
        # TRANSLATORS: comparison table row heading.
        ("blocked", _("A blocked round"), lambda r: BLOCKED[r.score_blocked]()),
        # TRANSLATORS: comparison table row heading.
        ("match", _("The match"), _match),
    ]
    return [Row(heading, tuple(cell(rules) for rules in SHOWN) + (mexican(),), key,
                tuple(name in HOUSE_RULES.get(key, ()) for name in COLUMNS))
            for (key, heading, cell), mexican in zip(rows, MEXICAN_CELLS, strict=True)]


__all__ = ["COLUMNS", "HOUSE_RULES", "MEXICAN_TRAIN", "Row", "SHOWN", "comparison", "mexican_train_name", "rule_set_name"]
