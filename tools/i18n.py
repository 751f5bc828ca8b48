"""The translation catalogues: extract the texts from the source, update each language, compile.

    python tools/i18n.py extract   # game/locale/solochess.pot from every _(), ngettext(), N_(), N_plural()
    python tools/i18n.py update    # bring each language's .po up to date with a fresh extraction
    python tools/i18n.py compile   # each .po to its .mo, which the game reads
    python tools/i18n.py check     # what is missing, fuzzy, wrongly written or not compiled, and what
                                   # GNU `msgfmt -c` finds (when it is installed); exit 1 if any

After adding or changing a text: `update`, translate the new entries in every .po (they are
empty, never guessed: no fuzzy matching), then `compile`, and commit the .po and .mo files.
The .mo files are committed, not built, so the game finds its languages the same way from a
checkout and from a wheel, with nothing to run first; `check` (run by the tests) fails when
a .mo is not what its .po compiles to. Needs Babel (in the `test` extra).
"""

from __future__ import annotations

import gettext
import io
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "game"
LOCALE = SOURCE / "locale"
DOMAIN = "solochess"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
LANGUAGES = ("es", "fr", "de", "pt", "uk")  # English is the source
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "N_": None,
    "N_plural": (1, 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
}
HEADER_FIELDS = {
    "project": "Solo Chess",
    "version": "1",
    "copyright_holder": "the Solo Chess authors",
    "msgid_bugs_address": "the Solo Chess issues",
    "last_translator": "the Solo Chess authors",
    "language_team": "the Solo Chess authors",
    "charset": "utf-8",
}
HEADER = """\
# {language} for Solo Chess, written for children: short, simple words, as in the English.
# This file is distributed under the same license as the Solo Chess project."""
PLACEHOLDER = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}")


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def extract() -> Catalog:
    catalog = Catalog(**HEADER_FIELDS, fuzzy=False)
    catalog.header_comment = HEADER.format(language="The texts to translate")
    found = extract_from_dir(
        SOURCE,
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(f"game/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, ignore_obsolete=True, include_lineno=False)
    # Dates in the header would change the file on every run, with nothing else changed.
    lines = [line for line in buffer.getvalue().decode().splitlines(keepends=True) if "-Date: " not in line]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(lines), encoding="utf-8")


def _read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def write_template() -> Catalog:
    template = extract()
    _write(template, TEMPLATE)
    return template


def update() -> None:
    template = write_template()
    for language in LANGUAGES:
        path = po_path(language)
        if path.exists():
            catalog = _read(path, language)
        else:
            catalog = Catalog(locale=language, **HEADER_FIELDS, fuzzy=False)
            catalog.header_comment = HEADER.format(language=catalog.locale.english_name)
        catalog.update(template, no_fuzzy_matching=True)
        _write(catalog, path)


def compile_all() -> None:
    """Write each .mo whose texts differ from its .po's (the header's dates alone do not count)."""
    for language in LANGUAGES:
        compiled = _compiled(_read(po_path(language), language))
        path = mo_path(language)
        if not path.exists() or _texts_of(compiled) != _texts_of(path.read_bytes()):
            path.write_bytes(compiled)


def _texts(value: object) -> tuple[str, ...]:
    """A message's singular and plural (or its one text) as a tuple; None as an empty text."""
    parts = value if isinstance(value, (list, tuple)) else (value,)
    return tuple(part or "" for part in parts)


def _placeholders(texts: Iterable[str]) -> set[str]:
    return {name for text in texts for name in PLACEHOLDER.findall(text)}


def problems() -> list[str]:
    """Everything that keeps the catalogues from being complete and in use."""
    found = []
    wanted = {(_texts(message.id)[0], message.context): message for message in extract() if message.id}
    for language in LANGUAGES:
        path = po_path(language)
        if not path.exists():
            found.append(f"{language}: {path.relative_to(ROOT)} is missing; run: python tools/i18n.py update")
            continue
        catalog = _read(path, language)
        for (key, context), source in wanted.items():
            message = catalog.get(key, context=context)
            where = f"{language}: {key!r}" + (f" ({context})" if context else "")
            if message is None:
                found.append(f"{where} is not in {path.relative_to(ROOT)}; run update, then translate it")
                continue
            if message.fuzzy:
                found.append(f"{where} is fuzzy: check the translation and remove the fuzzy flag")
            strings = _texts(message.string)
            if not all(strings):
                found.append(f"{where} is not translated")
            elif unknown := _placeholders(strings) - _placeholders(_texts(source.id)):
                found.append(f"{where}: the translation uses {sorted(unknown)}, which the English does not give")
            if isinstance(source.id, tuple) != isinstance(message.id, tuple):
                found.append(f"{where}: the English is {'plural' if isinstance(source.id, tuple) else 'singular'} now")
        mo = mo_path(language)
        if not mo.exists() or _texts_of(_compiled(catalog)) != _texts_of(mo.read_bytes()):
            found.append(
                f"{language}: {mo.relative_to(ROOT)} is not its .po compiled; run: python tools/i18n.py compile"
            )
    return found


def msgfmt_problems(msgfmt: str | None = None) -> list[str]:
    """What GNU gettext's own check (`msgfmt -c`) calls an error in each catalogue: a format that
    does not match the English (a dropped or extra {placeholder}), a broken plural header...
    Its warnings (the header's dates, which `_write` leaves out) are not counted. Nothing when
    msgfmt is not installed."""
    msgfmt = msgfmt or shutil.which("msgfmt")
    if msgfmt is None:
        return []
    found: list[str] = []
    for language in LANGUAGES:
        path = po_path(language)
        if not path.exists():
            continue
        done = subprocess.run(
            [msgfmt, "-c", "-o", os.devnull, str(path)], capture_output=True, text=True, timeout=60, check=False
        )
        if done.returncode != 0:
            errors = [line for line in done.stderr.splitlines() if line.strip() and "warning:" not in line]
            found.extend(f"{language}: msgfmt -c: {line}" for line in errors or ["failed"])
    return found


def _compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def _texts_of(mo: bytes) -> dict[object, str]:
    """What a compiled catalogue says, as gettext reads it: its texts and its plural rule."""
    translations = gettext.GNUTranslations(io.BytesIO(mo))
    texts: dict[object, str] = {key: value for key, value in translations._catalog.items() if key != ""}  # type: ignore[attr-defined]
    texts["plural"] = str([translations.plural(count) for count in range(200)])  # type: ignore[attr-defined]
    return texts


def main(argv: list[str]) -> int:
    commands = {"extract": write_template, "update": update, "compile": compile_all}
    if len(argv) != 1 or argv[0] not in (*commands, "check"):
        print(f"usage: python tools/i18n.py {{{','.join((*commands, 'check'))}}}", file=sys.stderr)
        return 2
    if argv[0] == "check":
        found = problems() + msgfmt_problems()
        for problem in found:
            print(problem)
        print(f"{len(found)} problems" if found else "The catalogues are complete.")
        return 1 if found else 0
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
