"""Free-play games: an opaque game id in the address, deals only the server can compute.

Pure (no Flask). A free-play address carries a game id and the learner's moves; the deals behind
it come from an HMAC (SHA-256) of the id with the server's secret key, so nobody can read a hidden
tile or the boneyard order from the address, nor pick a deal they like.

A game id is 24 URL-safe characters: a format version, its kind (for dominoes the number of seats
and the rule set: Playboard's ids are the number of seats alone), 12 random bytes and a 4-byte check (the first bytes of a SHA-256 of the rest). The check catches a changed or truncated
id (a localized 400, not another deal); it is not a secret and needs none, since making an id
gives nothing away: without the key, the deal behind any id is unknown. Two servers with
different keys deal different hands for the same id, so machines serving one site share a key.

>>> game_id = new_game_id(2, nonce=bytes(12))
>>> read_game_id(game_id)
2
>>> free_play_deal(b"key", game_id, 0) == free_play_deal(b"key", game_id, 0)
True
>>> free_play_deal(b"key", game_id, 0) == free_play_deal(b"another key", game_id, 0)
False
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import random
import secrets
from pathlib import Path
from typing import Callable, Sequence

from tutor.games.domino import PLAYBOARD, Deal
from tutor.games.domino.mexican_train.engine import Deal as MexicanDeal
from tutor.games.domino.mexican_train.engine import MATCHES, MatchPlan
from tutor.games.domino.rules import RULE_SETS, RuleSet, rules_for_round
from tutor.paths import make_owner_only_folder

#: Bumped if the id's layout or the way deals are derived ever changes. (Issue #35 changed how the
#: boneyard's order and the dice follow the learner's actions, and kept version 1: an id can be made
#: without the key, so ids of an older version read the old way would keep the old way one id away.
#: An address whose moves only fit the old way is told so, by the pages.)
GAME_ID_VERSION = 1
NONCE_BYTES = 12
CHECK_BYTES = 4
GAME_ID_LENGTH = 24  # base64 of 1 + 1 + 12 + 4 = 18 bytes, no padding
SEAT_COUNTS = PLAYBOARD.seat_counts  # the rule set says how many may play
#: A domino id's kind: the seats in the low bits, the rule set's place in this tuple above them
#: (Playboard is 0, so its ids are what they were before other rule sets came). Straight and All
#: Fives were played with one spinner until issue #29: their ids of then keep that rule.
DOMINO_RULES: tuple[str, ...] = ("playboard", "sato", "straight-one-spinner", "all-fives-one-spinner")
RULES_SHIFT = 3
#: Rule sets that came later (issue #29: Straight and All Fives as the rulebook says, every double
#: branching), in a kind range of their own above every other game's, so no older id changes meaning.
LATER_DOMINO_RULES: tuple[str, ...] = ("straight", "all-fives")
LATER_KIND = 0x80
#: Every rule set free play offers, the course's own first.
FREE_PLAY_RULES: tuple[str, ...] = ("playboard", "sato", "straight", "all-fives", "straight-one-spinner",
                                    "all-fives-one-spinner")
assert set(FREE_PLAY_RULES) == set(DOMINO_RULES) | set(LATER_DOMINO_RULES)
assert LATER_KIND | len(LATER_DOMINO_RULES) << RULES_SHIFT <= 0xFF
#: Mexican Train's ids (issue #16): a kind of its own past every DOMINO_RULES kind (and below
#: backgammon's), since its engine is not one of RULE_SETS; its two low bits say which match (0: the
#: double-twelve game, 12 rounds; 1: the double-six set; issue #29's quicker games with the
#: double-twelve set, 2: 6-6 down to 1-1, 3: 12-12 down to 6-6). Two players always.
MEXICAN_KIND = 0x20
MEXICAN_SHORT_FLAG = 1
MEXICAN_MATCHES: dict[int, str] = {0: "twelve", MEXICAN_SHORT_FLAG: "double-six", 2: "six-down", 3: "to-six"}
assert len(DOMINO_RULES) << RULES_SHIFT <= MEXICAN_KIND, "a domino rule set's ids would read as Mexican Train's"
assert MEXICAN_KIND | 3 < 0x40, "Mexican Train's ids would read as backgammon's"


class GameIdError(ValueError):
    """A game id this app did not make: malformed, of another version, or changed."""


def _check(body: bytes) -> bytes:
    return hashlib.sha256(b"tutor game id\0" + body).digest()[:CHECK_BYTES]


def new_game_id(seats: int, nonce: bytes | None = None, rules: RuleSet = PLAYBOARD) -> str:
    """A fresh game id for ``seats`` players by ``rules`` (``nonce``: 12 bytes, random unless
    given, for tests); the rule set is part of the id, so it cannot change during a match."""
    if seats not in rules.seat_counts:
        raise ValueError(f"{seats} seats: {rules.name} is for {rules.seat_range}")
    if rules.name in LATER_DOMINO_RULES:
        return _new_id(LATER_KIND | seats | LATER_DOMINO_RULES.index(rules.name) << RULES_SHIFT, nonce)
    return _new_id(seats | DOMINO_RULES.index(rules.name) << RULES_SHIFT, nonce)


def _new_id(kind: int, nonce: bytes | None) -> str:
    nonce = secrets.token_bytes(NONCE_BYTES) if nonce is None else nonce
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"a nonce is {NONCE_BYTES} bytes")
    body = bytes([GAME_ID_VERSION, kind]) + nonce
    return base64.urlsafe_b64encode(body + _check(body)).decode("ascii")


def read_game_id(text: str) -> int:
    """The number of seats of a domino game id; raises :class:`GameIdError` for an id this app
    did not make (a backgammon id included)."""
    return read_domino_id(text)[0]


def read_domino_id(text: str) -> tuple[int, RuleSet]:
    """The number of seats and the rule set of a domino game id (:class:`GameIdError` otherwise)."""
    kind = _read_kind(text)
    table = DOMINO_RULES
    if kind & LATER_KIND:
        table, kind = LATER_DOMINO_RULES, kind & ~LATER_KIND
    seats, index = kind & ((1 << RULES_SHIFT) - 1), kind >> RULES_SHIFT
    if index >= len(table) or seats not in RULE_SETS[table[index]].seat_counts:
        raise GameIdError("not a domino game id")
    return seats, RULE_SETS[table[index]]


def _read_kind(text: str) -> int:
    if not isinstance(text, str) or len(text) != GAME_ID_LENGTH or not text.isascii():
        raise GameIdError("a game id is 24 characters")
    try:
        raw = base64.urlsafe_b64decode(text.encode("ascii"))
    except (binascii.Error, ValueError):
        raise GameIdError("a game id is URL-safe base64") from None
    if base64.urlsafe_b64encode(raw).decode("ascii") != text:  # one spelling per id
        raise GameIdError("a game id is URL-safe base64")
    body, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    if not hmac.compare_digest(check, _check(body)):
        raise GameIdError("this game id was changed")
    version, kind = body[0], body[1]
    if version != GAME_ID_VERSION:
        raise GameIdError("not a game id of this version")
    return kind


# ---- Mexican Train: the set's top in the id, deals from the HMAC -------------------------------------
def new_mexican_id(top: int = 12, nonce: bytes | None = None, match: str | None = None) -> str:
    """A fresh Mexican Train game id: the double-twelve match (12 rounds) or, ``top`` 6, the shorter
    double-six one (6 rounds); or ``match``, one of ``MATCHES`` by name (the quicker games). The
    match is part of the id, so it cannot change during the match."""
    if match is None:
        if top not in (12, 6):
            raise ValueError(f"Mexican Train is played with a double-12 or a double-6 set, not {top}")
        match = "twelve" if top == 12 else "double-six"
    flags = {name: flag for flag, name in MEXICAN_MATCHES.items()}
    if match not in flags:
        raise ValueError(f"no Mexican Train match called {match!r}: one of {', '.join(flags)}")
    return _new_id(MEXICAN_KIND | flags[match], nonce)


def read_mexican_id(text: str) -> MatchPlan:
    """The match (its set, first and last engine) of a Mexican Train game id; :class:`GameIdError`
    for any other text."""
    kind = _read_kind(text)
    if kind & ~3 != MEXICAN_KIND:
        raise GameIdError("not a Mexican Train game id")
    return MATCHES[MEXICAN_MATCHES[kind & 3]]


def mexican_seed(key: bytes, game_id: str, purpose: str) -> int:
    """A seed for ``Deal.from_seed`` / ``Match.drawn``: "first" (who starts the match) or
    "deal N" (round N's shuffle, 0 first), derived from the key so no address shows a deal."""
    read_mexican_id(game_id)
    return int.from_bytes(_derive(key, game_id, f"mexican {purpose}"), "big")


def mexican_round(key: bytes, game_id: str, round_index: int, deal_number: int, first: MexicanDeal) -> MexicanDeal:
    """Round ``round_index``'s deal (``first``: the match's deal of it, ``Match.deal``) as dealt the
    ``deal_number``-th time: 0 is the match's deal; each "Restart this round" deals again every tile
    but the learner's hand (:func:`redeal_seed`), so what the round's end showed is of no use."""
    read_mexican_id(game_id)
    return first.redealt(redeal_seed(key, game_id, round_index, deal_number, "mexican ")) if deal_number else first


def mexican_shuffle(key: bytes, game_id: str, round_index: int, deal_number: int) -> Reshuffle:
    """The boneyard's draw order after each learner action of a Mexican Train round (:func:`boneyard_shuffle`)."""
    read_mexican_id(game_id)
    return boneyard_shuffle(key, game_id, round_index, deal_number, "mexican ")


# ---- backgammon: the id's kind byte holds the game's options ---------------------------------------
BACKGAMMON_KIND = 0x40
#: A backgammon id's options; the strong opponent (the evaluator's play) came later, so ids
#: without its flag are the friendly opponent's, as they always were.
VIDEAU_FLAG, SERIES_FLAG, STRONG_FLAG = 1, 2, 4


def new_backgammon_id(videau: bool, series: bool, nonce: bytes | None = None, *, strong: bool = False) -> str:
    """A fresh backgammon game id; its options (videau on or off, one game or a series, the
    friendly or the strong opponent) are part of it, so they cannot change in the middle of a game."""
    flags = (VIDEAU_FLAG if videau else 0) | (SERIES_FLAG if series else 0) | (STRONG_FLAG if strong else 0)
    return _new_id(BACKGAMMON_KIND | flags, nonce)


def _backgammon_kind(text: str) -> int:
    kind = _read_kind(text)
    if kind & ~(VIDEAU_FLAG | SERIES_FLAG | STRONG_FLAG) != BACKGAMMON_KIND:
        raise GameIdError("not a backgammon game id")
    return kind


def read_backgammon_id(text: str) -> tuple[bool, bool]:
    """(videau, series) of a backgammon game id; :class:`GameIdError` for any other text."""
    kind = _backgammon_kind(text)
    return bool(kind & VIDEAU_FLAG), bool(kind & SERIES_FLAG)


def strong_opponent(text: str) -> bool:
    """Whether a backgammon game id plays against the strong opponent (the evaluator's play)."""
    return bool(_backgammon_kind(text) & STRONG_FLAG)


def _dice_stream(key: bytes, game_id: str, purpose: str):
    """Fair dice from HMAC-SHA256 blocks (bytes of 252 and over are skipped, so each face is
    equally likely)."""
    block = 0
    while True:
        for byte in _derive(key, game_id, f"{purpose} {block}"):
            if byte < 252:
                yield byte % 6 + 1
        block += 1


class BackgammonDice:
    """The dice of game ``game_index`` (0 first) of a backgammon game id: its opening and each
    later roll derived from the key alone, so no address shows or chooses a roll."""

    def __init__(self, key: bytes, game_id: str, game_index: int) -> None:
        read_backgammon_id(game_id)
        self.key, self.game_id, self.game_index = key, game_id, game_index

    def opening(self) -> tuple[tuple[int, int], ...]:
        """The opening rolls, (White's die, Black's die) pairs: ties first, then one that differs."""
        stream = _dice_stream(self.key, self.game_id, f"game {self.game_index} opening")
        rolls = []
        while True:
            pair = (next(stream), next(stream))
            rolls.append(pair)
            if pair[0] != pair[1]:
                return tuple(rolls)

    def roll(self, index: int, after: str = "") -> tuple[int, int]:
        """Roll ``index`` (0 first) after the learner's decisions whose path is ``after``
        (``session.decision_path``; "" before the first decision): another decision leads to
        other dice, which nothing seen on the way there tells; the same decisions, to the same dice."""
        purpose = f"game {self.game_index} roll {index}" + (f" after {after}" if after else "")
        stream = _dice_stream(self.key, self.game_id, purpose)
        return next(stream), next(stream)


def _derive(key: bytes, game_id: str, purpose: str) -> bytes:
    return hmac.new(key, f"tutor free play\0{purpose}\0{game_id}".encode("ascii"), hashlib.sha256).digest()


def free_play_deal(key: bytes, game_id: str, round_index: int, leader: int | None = None,
                   deal_number: int = 0) -> Deal:
    """Round ``round_index`` (0 first) of a game: a shuffle seeded by HMAC-SHA256(key, id, round),
    256 bits that only the key's holders can compute. ``leader`` is the seat the match chose to
    open this round (Sato 157: the previous round's winner, ``Match.next_leader()``), which opens
    with any tile; None leaves the opening to the rule set. ``deal_number``: how many times the
    round was restarted; each restart keeps the learner's hand and deals every other tile again
    (:func:`redeal_seed`), so the tiles the round's end showed are not the ones dealt now."""
    seats, rules = read_domino_id(game_id)
    seed = int.from_bytes(_derive(key, game_id, f"deal {round_index}"), "big")
    deal = Deal.from_seed(seed, seats, rules_for_round(rules, leader))
    return deal.redealt(redeal_seed(key, game_id, round_index, deal_number)) if deal_number else deal


#: How often a round may be restarted (a bound on the address, far above any learner's patience).
MAX_DEAL_NUMBER = 999
#: A boneyard's next draw order, from the learner's actions so far (their text) and the boneyard.
Reshuffle = Callable[[tuple, tuple], tuple]


def redeal_seed(key: bytes, game_id: str, round_index: int, deal_number: int, prefix: str = "") -> int:
    """The seed of round ``round_index`` dealt again for the ``deal_number``-th time (1 first)."""
    return int.from_bytes(_derive(key, game_id, f"{prefix}deal {round_index} again {deal_number}"), "big")


def action_path(actions: Sequence[str]) -> str:
    """A digest of the learner's actions so far (their text), what a shuffle or a roll follows."""
    return hashlib.sha256("\n".join(actions).encode("utf-8")).hexdigest()[:32]


def boneyard_shuffle(key: bytes, game_id: str, round_index: int, deal_number: int, prefix: str = "") -> Reshuffle:
    """Free play's boneyard order: after each of the learner's actions the tiles left in the
    boneyard are shuffled again, by a seed derived from the key and the learner's actions so far.
    Two different actions lead to draws of their own (a tile drawn after one says nothing of what is
    drawn after another); the same actions meet the same tiles (a draw cannot be tried again for a
    better one)."""
    def reshuffle(actions: tuple, boneyard: tuple) -> tuple:
        purpose = f"{prefix}boneyard {round_index} deal {deal_number} after {action_path(actions)}"
        order = list(boneyard)
        random.Random(int.from_bytes(_derive(key, game_id, purpose), "big")).shuffle(order)
        return tuple(order)

    return reshuffle


def free_play_shuffle(key: bytes, game_id: str, round_index: int, deal_number: int = 0) -> Reshuffle:
    """The boneyard's draw order after each learner action of a domino round (:func:`boneyard_shuffle`)."""
    read_domino_id(game_id)
    return boneyard_shuffle(key, game_id, round_index, deal_number)


def free_play_seed(key: bytes, game_id: str) -> int:
    """The seed of the game's opponents and hints (their tie-breaks), also derived from the key."""
    return int.from_bytes(_derive(key, game_id, "players")[:8], "big")


#: The shortest secret key the app takes, in bytes: the one it makes is 32 random bytes written as 64
#: hex digits, and a key given in ``TUTOR_SECRET_KEY`` must be at least as long as those 32 bytes.
MIN_KEY_BYTES = 32
#: The command the README and the errors give for making a key.
MAKE_A_KEY = "python3 -c 'import secrets; print(secrets.token_hex(32))'"


def secret_key_from_environment(text: str) -> str:
    """``TUTOR_SECRET_KEY``, refused with a ValueError when its UTF-8 bytes are too few to be a key:
    every deal and roll of free play is derived from it."""
    size = len(text.encode("utf-8"))
    if size < MIN_KEY_BYTES:
        raise ValueError(f"TUTOR_SECRET_KEY is {size} bytes long: a secret key is at least {MIN_KEY_BYTES} bytes "
                         f"(make one with {MAKE_A_KEY})")
    return text


def secret_key_from_file(path: Path) -> bytes:
    """The key kept in ``path``, made (32 random bytes, hex) the first time. Several processes may
    start at once: the key is written to a temporary file and linked into place, so the first link
    wins and every process reads the same complete key.

    The folder is made owner-only (0700) and the file 0600 whatever the umask; a folder others may
    write to is refused (ValueError), since anyone who can replace the key can compute every deal."""
    path = Path(path)
    folder = path.parent
    make_owner_only_folder(folder)
    if folder.stat().st_mode & 0o022:
        raise ValueError(f"{folder} can be written by other users, who could replace the secret key: make it "
                         f"owner-only (chmod 700 {folder}) and start again")
    if not path.exists():
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.fchmod(descriptor, 0o600)  # 0600 whatever the umask
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_hex(MIN_KEY_BYTES) + "\n")
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process made it first: use theirs
        finally:
            temporary.unlink()
    key = path.read_text(encoding="ascii").strip()
    if len(key) < MIN_KEY_BYTES:
        raise ValueError(f"{path}: the secret key is too short (at least {MIN_KEY_BYTES} characters)")
    return key.encode("ascii")


__all__ = [
    "MAX_DEAL_NUMBER", "Reshuffle", "action_path", "boneyard_shuffle", "free_play_shuffle",
    "mexican_round", "mexican_shuffle", "redeal_seed",
    "BackgammonDice", "new_backgammon_id", "read_backgammon_id", "strong_opponent", "mexican_seed", "new_mexican_id", "read_mexican_id",
    "FREE_PLAY_RULES", "GAME_ID_LENGTH", "GameIdError", "free_play_deal", "free_play_seed", "new_game_id", "read_domino_id",
    "read_game_id",
    "MIN_KEY_BYTES", "secret_key_from_environment", "secret_key_from_file",
]
