"""Numbers in a sentence as each language writes them (Babel's number patterns): "10,7" in Vietnamese
and Indonesian, "10.7" in English. Every decimal a learner reads is filled in through this module,
never with ``str()`` or an f-string; a percentage keeps its ``%%`` in the sentence, where the
translator puts it, and gets its number from here."""

from __future__ import annotations

from babel.numbers import format_decimal, format_percent
from flask_babel import get_locale


def decimal(value: float) -> str:
    """A number with at most one decimal, as the page's language writes it: 10,7 · 10.7 · 1.234,5."""
    return format_decimal(value, format="#,##0.#", locale=get_locale() or "en")


def percent(share: float) -> str:
    """A share (0..1) as the page's language writes a percentage, to the whole number: 71%."""
    return format_percent(share, format="#,##0%", locale=get_locale() or "en")


def thousandths(value: float) -> str:
    """A number with three decimals, as the page's language writes it: 0,052 · 0.052."""
    return format_decimal(value, format="0.000", locale=get_locale() or "en")
