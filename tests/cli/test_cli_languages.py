"""The command line in the reader's language, argparse's own words ("usage:", "options",
"invalid choice") included, for the main command and every subcommand."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cli.main import build_parser
from game.i18n import LANGUAGES, set_language

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in LANGUAGES if code != "en"]
# What a help line may keep from the English: option names, {choices}, brackets, the program's
# and commands' names, names every language writes the same, numbers and punctuation. A METAVAR
# is not among them: FILE or NAME on a German line is an English word.
COMMANDS = r"solochess|solve|generate|code|levels|check|import|export|print|report|teacher|record|assign|install-menu"
NAMES = r"Solo Chess|ThinkFun|FEN|JSON|CSV|PDF|HTML|PIN|Linux|MB|[KQRBNP]"
TECHNICAL = re.compile(rf"--?[\w-]+|\{{[^}}]*\}}|\.\.\.|\b(?:{COMMANDS}|{NAMES})\b|[\d\[\]()|,.:;=/…'\"]+")

# What is the same word in the language: French says "options" too, German "Name" and "Code";
# Spanish, French, German and Portuguese say "PIN" (Ukrainian says "PIN-код").
SAME_WORD = {
    ("fr", "options:"),
    ("fr", "CODE"),
    ("de", "NAME"),
    ("de", "CODE"),
    *((language, "PIN") for language in ("es", "fr", "de", "pt")),
}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def helps(parser: argparse.ArgumentParser, name: str = "solochess") -> Iterator[tuple[str, str]]:
    """(command, its help) for a parser and each of its subcommands, depth first."""
    yield name, parser.format_help()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command, sub in action.choices.items():
                yield from helps(sub, f"{name} {command}")


def all_helps(language: str) -> dict[str, str]:
    set_language(language)
    return dict(helps(build_parser()))


def english_lines(text: str, english: str) -> list[str]:
    """The lines of `text` the English help has too, with words left once the technical parts go."""
    shared = {line.strip() for line in english.splitlines()} & {line.strip() for line in text.splitlines()}
    return [line for line in shared if TECHNICAL.sub("", line).strip()]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_help_has_no_english_line(language: str) -> None:
    english = all_helps("en")
    translated = all_helps(language)
    assert translated.keys() == english.keys()
    assert len(translated) > 10, "the subcommands are all there"
    for command, text in translated.items():
        same = {word for where, word in SAME_WORD if where == language}
        left = [
            line
            for line in english_lines(text, english[command])
            if (language, line) not in SAME_WORD and set(TECHNICAL.sub(" ", line).split()) - same
        ]
        assert not left, f"{language}: `{command} --help` still says {left}"
        assert not re.search(r"(?m)^usage:|^positional arguments:|show this help", text), command


def metavars(parser: argparse.ArgumentParser, name: str = "solochess") -> Iterator[tuple[str, str, str]]:
    """(command, option, the name its value is shown by) for every option that takes a value and
    every positional argument, as argparse shows them: its metavar, else its dest in capitals."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command, sub in action.choices.items():
                yield from metavars(sub, f"{name} {command}")
        elif action.nargs != 0 and action.choices is None:
            shown = action.metavar or (action.dest.upper() if action.option_strings else action.dest)
            yield name, "/".join(action.option_strings) or action.dest, str(shown)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_metavar_is_in_the_language(language: str) -> None:
    set_language("en")
    english = list(metavars(build_parser()))
    set_language(language)
    translated = list(metavars(build_parser()))
    assert [where[:2] for where in translated] == [where[:2] for where in english]
    assert len(english) > 30, "every option with a value is there"
    for (command, option, word), (_, _, shown) in zip(english, translated, strict=True):
        if (language, shown) not in SAME_WORD:
            assert shown != word, f"{language}: `{command} {option}` shows {word}"


def options_without_help(parser: argparse.ArgumentParser, name: str = "solochess") -> Iterator[str]:
    """Every option or argument of a parser and its subcommands that --help lists with no words."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command, sub in action.choices.items():
                yield from options_without_help(sub, f"{name} {command}")
        elif action.help is None and not isinstance(action, argparse._HelpAction):
            yield f"{name} {'/'.join(action.option_strings) or action.dest}"


def test_every_option_says_what_it_does() -> None:
    set_language("en")
    assert not list(options_without_help(build_parser()))


def error_of(argv: list[str]) -> str:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit):
        build_parser().parse_args(argv)
    return err.getvalue()


@pytest.mark.parametrize("language", TRANSLATED)
def test_argparses_errors_are_translated(language: str) -> None:
    set_language("en")
    english = [error_of(["solve", "--pawn", "sideways", "x"]), error_of(["sove"]), error_of(["solve", "--nope"])]
    assert "invalid choice" in english[0]
    set_language(language)
    translated = [error_of(["solve", "--pawn", "sideways", "x"]), error_of(["sove"]), error_of(["solve", "--nope"])]
    for english_error, error in zip(english, translated, strict=True):
        assert error != english_error
        assert not re.search(r"invalid choice|choose from|unrecognized arguments", error), error
        assert "'sideways'" in translated[0]


@pytest.mark.slow
def test_language_de_solochess_help_has_no_english_line() -> None:
    env = {**os.environ, "LANGUAGE": "de", "LC_ALL": "", "LANG": "de_DE.UTF-8"}

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "game", *argv]
        return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)

    shown = run("--help").stdout
    assert shown.startswith("Aufruf: solochess")
    assert "Optionen:" in shown and "diese Hilfe zeigen und beenden" in shown
    wrong = run("solve", "--king", "never")
    assert wrong.returncode == 2
    assert "ungültige Wahl: 'never'" in wrong.stderr


def test_main_answers_in_the_language_of_each_call(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`main` keeps one parser a language: a second call in another language, and a third back
    in the first, each say the help (and argparse's own words) in their own language."""
    from game.cli.main import main

    said = []
    for language in ("en", "de", "en"):
        monkeypatch.setenv("LANGUAGE", language)
        with pytest.raises(SystemExit):
            main(["solve", "--help"])
        said.append(capsys.readouterr().out)
    assert said[0] == said[2]
    assert said[0].startswith("usage: ")
    assert not said[1].startswith("usage: ")
    assert all_helps("de")["solochess solve"] == said[1]
