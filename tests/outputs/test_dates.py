"""Dates in the reader's locale, language and region (from the computer's LANG or LC_TIME), on
every page and line; the CSV and the file names keep ISO days."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from babel.dates import format_skeleton
from pdf_text import pages_text

from game.cli.main import main
from game.outputs.local import day_text, locale_name

DAY = date(2026, 11, 29)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en_GB.UTF-8", "29 Nov 2026"),
        ("en_US.UTF-8", "Nov 29, 2026"),
        ("en_AU.UTF-8", "29 Nov 2026"),
        ("C.UTF-8", "Nov 29, 2026"),
    ],
)
def test_an_english_date_follows_the_computers_region(
    monkeypatch: pytest.MonkeyPatch, lang: str, expected: str
) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_TIME", raising=False)
    monkeypatch.setenv("LANG", lang)
    assert day_text(DAY) == expected


def test_a_region_of_another_language_is_not_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "de_AT.UTF-8")
    assert locale_name("en") == "en" and locale_name("de") == "de_AT" and locale_name("pt") == "pt_PT"


@pytest.mark.parametrize(("lang", "expected"), [("en_GB.UTF-8", "29 Nov 2026"), ("en_US.UTF-8", "Nov 29, 2026")])
def test_the_report_cards_and_the_record_line_say_the_day_as_the_reader_writes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, expected: str
) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LANG", lang)
    data = tmp_path / "data"
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(data))
    monkeypatch.chdir(tmp_path)
    data.mkdir()
    assert main(["class", "init"]) == 0
    assert main(["record", "--child", "Ana", "--puzzle", "beginner-7", "--date", "2026-11-29"]) == 0
    assert f"3 stars, {expected}." in capsys.readouterr().out
    assert main(["report", "--all-children", "--folder", "cards"]) == 0
    (cards,) = (tmp_path / "cards").glob("solochess-progress-cards-*.pdf")  # the file's name keeps its ISO day
    text = pages_text(cards.read_bytes())[0]
    region = lang.split(".")[0]
    assert format_skeleton("yMMMd", date.today(), locale=region) in text
    assert date.today().isoformat() not in text
