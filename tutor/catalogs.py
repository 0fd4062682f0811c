"""Catalog chores for translators: fill the English catalog, report statistics.

``python -m tutor.catalogs fill-english`` copies every msgid into the English catalog (English is
the source language, so its translation is the text itself); ``python -m tutor.catalogs stats``
prints translated / fuzzy / untranslated counts for each language.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "translations"


def catalog_path(lang: str) -> Path:
    return CATALOGS / lang / "LC_MESSAGES" / "messages.po"


def fill_english() -> None:
    path = catalog_path("en")
    with path.open("rb") as f:
        catalog = read_po(f, locale="en")
    for message in catalog:
        if not message.id:
            continue
        message.string = message.id  # a plural id is (singular, plural): the same pair
        message.flags.discard("fuzzy")
    with path.open("wb") as f:
        write_po(f, catalog, width=0, ignore_obsolete=True)


def stats() -> list[tuple[str, int, int, int]]:
    rows = []
    for path in sorted(CATALOGS.glob("*/LC_MESSAGES/messages.po")):
        lang = path.parts[-3]
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        translated = fuzzy = untranslated = 0
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            if message.fuzzy:
                fuzzy += 1
            elif all(strings):
                translated += 1
            else:
                untranslated += 1
        rows.append((lang, translated, fuzzy, untranslated))
    return rows


def main(argv: list[str]) -> int:
    if argv[:1] == ["fill-english"]:
        fill_english()
        return 0
    if argv[:1] == ["stats"]:
        for lang, translated, fuzzy, untranslated in stats():
            print(f"{lang}: {translated} translated, {fuzzy} fuzzy, {untranslated} untranslated")
        return 0
    print("usage: python -m tutor.catalogs fill-english | stats", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
