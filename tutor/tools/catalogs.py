"""The translators' command line (``python -m tutor.tools.catalogs ...``, wrapped by the Makefile;
see TRANSLATING.md), on the catalog library ``tutor.catalogs``:

- ``compile``: compile every catalog into the ``.mo`` files the app reads (``make catalogs``).
- ``fill-english``: copy every msgid into the English catalog (English is the source language, so
  its translation is the text itself).
- ``stats``: translated / fuzzy / untranslated counts for each language, overall and per area (each
  lesson section, the guided hands, the diagrams, the explanations, the interface).
- ``check``: every check of ``make check-catalogs``: the template up to date with the sources and
  every translator comment there, then each catalog's checks (``tutor.catalogs.check_catalog``).
  Exits 1 when anything is wrong.
- ``add-language CODE``: start a catalog for a new language from the template and compile it; the
  app offers every language that has a catalog folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Iterable

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from tutor.catalogs import (
    CATALOGS, GLOSSARY, POT, SOURCE_LANGUAGE, CatalogSyntaxError, CheckSettings, Problem, _display, _first_id, _ids,
    _short, all_stats, catalog_files, catalog_path, check_catalog, compile_catalog, format_stats, load_check_settings,
    load_glossary, read_template,
)
from tutor.languages import is_reserved, plural_forms
from tutor.paths import REPOSITORY as ROOT

#: The options of ``pybabel extract``: the Makefile's ``extract`` target uses the same ones (a test
#: keeps the two in step), so that the template check re-extracts exactly what it would.
EXTRACT_OPTIONS = [
    "--mapping-file", "babel.cfg", "--add-comments", "TRANSLATORS:", "--sort-by-file",
    "--project", "tutor", "--copyright-holder", "tutor contributors", "--no-wrap",
]


# ---- the template against the sources ----------------------------------------------------------
def extract_template(root: Path, output: Path) -> None:
    """``pybabel extract`` with the Makefile's options, run in ``root`` (so comments name files
    relative to it, as in the committed template)."""
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", *EXTRACT_OPTIONS,
                    "--output-file", str(output), "."], cwd=root, check=True, capture_output=True)


def _template_index(catalog: Catalog) -> dict[tuple[str | None, str], Message]:
    return {(m.context, _first_id(m)): m for m in catalog if m.id}


def _comment(message: Message) -> str:
    return " ".join(" ".join(message.auto_comments).split())


def check_template(pot: Path = POT, root: Path = ROOT) -> list[Problem]:
    """The template is out of date with the sources: a msgid added, removed or changed, a plural
    or a translator comment changed. Dates and line numbers of references are ignored."""
    shown = _display(pot)
    with tempfile.TemporaryDirectory() as folder:
        fresh_path = Path(folder) / "fresh.pot"
        extract_template(Path(root), fresh_path)
        fresh = _template_index(read_template(fresh_path))
    old = _template_index(read_template(pot))
    problems = []
    hint = "run `make update-catalogs`"
    for key, message in fresh.items():
        where = ", ".join(f"{f}:{n}" for f, n in message.locations[:2])
        if key not in old:
            problems.append(Problem(shown, 0, "template", f"new in the sources ({where}), not in the template ({hint}): "
                                                          f"{_short(key[1])}", key[1]))
            continue
        before = old[key]
        if _ids(before) != _ids(message):
            problems.append(Problem(shown, before.lineno, "template", f"its plural changed in the sources ({hint}): "
                                                                     f"{_short(key[1])}", key[1]))
        if _comment(before) != _comment(message):
            problems.append(Problem(shown, before.lineno, "template",
                                    f"its translator comment changed in the sources ({hint}): {_short(key[1])}", key[1]))
        if ("python-format" in before.flags) != ("python-format" in message.flags):
            problems.append(Problem(shown, before.lineno, "template", f"its flags changed ({hint}): {_short(key[1])}",
                                    key[1]))
    for key, message in old.items():
        if key not in fresh:
            problems.append(Problem(shown, message.lineno, "template",
                                    f"no longer in the sources ({hint}): {_short(key[1])}", key[1]))
    return problems


def check_comments(pot: Path = POT) -> list[Problem]:
    """Every message has a translator comment (``#.``) saying where it appears: a reference
    (``#:``) alone does not count. Lesson strings get one from the extractor; code and templates
    need a ``TRANSLATORS:`` comment just above the string."""
    shown = _display(pot)
    return [Problem(shown, m.lineno, "comment",
                    f"no translator comment (add `# TRANSLATORS: ...` or `{{# TRANSLATORS: ... #}}` above it in "
                    f"{', '.join(sorted({f for f, _ in m.locations}))}): {_short(_first_id(m))}", _first_id(m))
            for m in read_template(pot) if m.id and not m.auto_comments]


# ---- all together ----------------------------------------------------------------------------------
def check_all(directory: Path = CATALOGS, root: Path | None = ROOT, glossary_path: Path | None = None,
              languages: Iterable[str] | None = None, allow_incomplete: bool = False) -> list[Problem]:
    """What ``make check-catalogs`` reports: the template (when ``root`` is given) and each catalog
    (only ``languages`` when given). ``allow_incomplete`` lets a half-done catalog pass every check
    but completeness, as ``[language.xx] allow_incomplete = true`` in ``checks.toml`` does for one."""
    directory = Path(directory)
    settings = load_check_settings(directory / "checks.toml")
    files = catalog_files(directory)
    if languages is not None:
        languages = list(languages)
        unknown = [code for code in languages if code not in files]
        if unknown:
            raise ValueError(f"no catalog for {', '.join(unknown)} in {_display(directory)} "
                             f"(start one with `make add-language LANG={unknown[0]}`)")
        files = {code: files[code] for code in languages}
        if allow_incomplete:
            settings = CheckSettings(settings.exceptions, settings.allow_incomplete | set(files))
    elif allow_incomplete:
        settings = CheckSettings(settings.exceptions, settings.allow_incomplete | set(files))
    pot = directory / "messages.pot"
    if glossary_path is None:
        glossary_path = directory / "glossary.toml" if (directory / "glossary.toml").exists() else GLOSSARY
    glossary = load_glossary(glossary_path)
    problems: list[Problem] = []
    template = None
    if pot.exists():
        template = read_template(pot)
        if languages is None:  # the template is the developers' side: checked with every catalog, not one
            problems += check_comments(pot)
            if root is not None:
                problems += check_template(pot, root)
    for path in files.values():
        problems += check_catalog(path, template, glossary, glossary_path, settings=settings)
    return problems


# ==== chores ========================================================================================
def fill_english(directory: Path = CATALOGS) -> None:
    path = catalog_path(SOURCE_LANGUAGE, directory)
    with path.open("rb") as f:
        catalog = read_po(f, locale=SOURCE_LANGUAGE)
    for message in catalog:
        if not message.id:
            continue
        message.string = message.id  # a plural id is (singular, plural): the same pair
        message.flags.discard("fuzzy")
    with path.open("wb") as f:
        write_po(f, catalog, width=0, ignore_obsolete=True)


def add_language(code: str, directory: Path = CATALOGS, pot: Path | None = None) -> Path:
    """Start ``<directory>/<code>/LC_MESSAGES/messages.po`` from the template, with the language's
    Plural-Forms (CLDR, through Babel) and as many empty ``msgstr[N]`` as it has forms, and compile
    it. The app offers it from then on.

    Written with Babel's catalog API rather than ``pybabel init``: ``init`` reads the template's two
    plural lines with the new language's rules and warns about each of them ("msg has more
    translations than num_plurals of catalog")."""
    directory = Path(directory)
    pot = Path(pot) if pot else directory / "messages.pot"
    if is_reserved(code):
        if directory.resolve() == CATALOGS.resolve():
            raise ValueError(f"{code!r} is one of the codes qaa to qtz, which the project keeps for its tests and "
                             f"tools: use your language's own code (e.g. th, fr, pt_BR)")
        locale = code  # a scratch catalog (a test's copy of the catalogs): its plural forms are the project's own
    else:
        try:
            locale = Locale.parse(code)
        except (ValueError, UnknownLocaleError):
            raise ValueError(f"{code!r} is not a language code Babel knows (use e.g. fr, pt_BR, zh_Hant)") from None
    path = catalog_path(code, directory)
    if path.exists():
        raise ValueError(f"{_display(path)} exists already: run `make update-catalogs` to bring it up to date")
    template = read_template(pot)
    catalog = Catalog(locale=locale, project=template.project, version=template.version,
                      copyright_holder=template.copyright_holder, msgid_bugs_address=template.msgid_bugs_address,
                      header_comment=template.header_comment, fuzzy=False)
    if is_reserved(code):
        catalog._num_plurals, catalog._plural_expr = plural_forms(code)  # (Babel has no rule for such a code)
    forms = catalog.num_plurals
    for message in template:
        if not message.id:
            continue
        catalog.add(message.id, "" if not message.pluralizable else ("",) * forms, list(message.locations),
                    set(message.flags) - {"fuzzy"}, message.auto_comments, message.user_comments,
                    context=message.context)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=0)
    compile_catalog(path)
    return path


def compile_all(directory: Path = CATALOGS) -> list[Problem]:
    """Compile every catalog (``make catalogs``): what cannot be used is left out, so the app shows
    it in English. A catalog that cannot be read is reported and keeps its old ``.mo``."""
    problems: list[Problem] = []
    for path in catalog_files(directory).values():
        try:
            problems += compile_catalog(path)
        except CatalogSyntaxError as error:
            problems += error.problems
    return problems


# ==== command line ====================================================================================
USAGE = """usage: python -m tutor.tools.catalogs COMMAND
  compile                  compile every catalog into the .mo files the app reads
  fill-english             copy every msgid into the English catalog
  stats                    translated / fuzzy / untranslated, per language and per area
  check [--no-template] [--lang CODE] [--allow-incomplete]
                           every catalog check (exit 1 on any problem); --no-template skips
                           re-extraction; --lang checks one catalog (repeatable); --allow-incomplete
                           lets a half-done catalog pass everything but completeness
  add-language CODE        start a catalog for a new language (e.g. fr) and compile it
options: --dir DIR (the catalogs folder, default translations/)"""


def _take(args: list[str], option: str) -> list[str]:
    """Remove every ``option VALUE`` pair from ``args``; the values."""
    values = []
    while option in args:
        i = args.index(option)
        if i + 1 >= len(args):
            raise ValueError(f"{option} needs a value")
        values.append(args[i + 1])
        del args[i:i + 2]
    return values


def main(argv: list[str]) -> int:
    args = list(argv)
    try:
        dirs = _take(args, "--dir")
        langs = [code for value in _take(args, "--lang") for code in value.replace(",", " ").split()]
    except ValueError as error:
        print(f"{error}\n{USAGE}", file=sys.stderr)
        return 2
    directory = Path(dirs[-1]) if dirs else CATALOGS
    command, rest = (args[0], args[1:]) if args else ("", [])
    if command == "compile":
        problems = compile_all(directory)
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if any(p.check == "syntax" for p in problems) else 0
    if command == "fill-english":
        fill_english(directory)
        return 0
    if command == "stats":
        print(format_stats(all_stats(directory)))
        return 0
    if command == "check":
        allow = "--allow-incomplete" in rest or os.environ.get("ALLOW_INCOMPLETE", "").strip() not in ("", "0")
        try:
            problems = check_all(directory, root=None if "--no-template" in rest else ROOT,
                                 languages=langs or None, allow_incomplete=allow)
        except ValueError as error:
            print(f"check-catalogs: {error}", file=sys.stderr)
            return 2
        for problem in sorted(problems):
            print(problem)
        counts = defaultdict(int)
        for problem in problems:
            counts[problem.check] += 1
        summary = ", ".join(f"{n} {check}" for check, n in sorted(counts.items()))
        print(f"check-catalogs: {len(problems)} problem(s){': ' + summary if summary else ''}")
        return 1 if problems else 0
    if command == "add-language" and len(rest) == 1:
        try:
            path = add_language(rest[0], directory)
        except ValueError as error:
            print(f"add-language: {error}", file=sys.stderr)
            return 2
        code = rest[0]
        print(f"created {_display(path)}: open /{code}/ in the app (`make run`; one already running shows it at the "
              f"next page load), then follow TRANSLATING.md's checklist: [language.{code}] allow_incomplete = true "
              f"in translations/checks.toml, your words in translations/glossary.toml, and translate")
        return 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
