"""The app's languages: one per catalog folder, ``translations/<code>/LC_MESSAGES/messages.po``.

The small module the app imports at start. The translators' tools (checks, statistics, the
commands of ``make check-catalogs`` and friends, the compiler of live reload) are in
``tutor.catalogs``, which only the translators' pages and live reload import, when used.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable
from tutor.paths import TRANSLATIONS

from babel import Locale, UnknownLocaleError

CATALOGS = TRANSLATIONS
SOURCE_LANGUAGE = "en"
#: The course's own order of languages; any other catalog folder follows, alphabetically.
PREFERRED_ORDER = ("vi", "id", "en")


def catalog_path(lang: str, directory: Path = CATALOGS) -> Path:
    return Path(directory) / lang / "LC_MESSAGES" / "messages.po"


def catalog_files(directory: Path = CATALOGS) -> dict[str, Path]:
    """``{language code: path of its .po}`` for every catalog folder."""
    return {path.parts[-3]: path for path in sorted(Path(directory).glob("*/LC_MESSAGES/messages.po"))}


def catalog_languages(directory: Path = CATALOGS, preferred: Iterable[str] = PREFERRED_ORDER) -> tuple[str, ...]:
    """The languages that have a catalog: the preferred ones in their order, then the rest A-Z.

    >>> catalog_languages(CATALOGS)[:3]
    ('vi', 'id', 'en')
    """
    found = set(catalog_files(directory))
    first = [code for code in preferred if code in found]
    rest = sorted(found - set(first))
    languages = tuple(first + rest)
    return languages if SOURCE_LANGUAGE in languages else languages + (SOURCE_LANGUAGE,)


def language_name(code: str) -> str:
    """A language's name in itself, from the CLDR data (``fr`` -> ``Français``)."""
    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]
