"""The computer's language on Windows and macOS, where the environment rarely names it, and the
country's voice for the language in use."""

from __future__ import annotations

import locale
from collections.abc import Iterator

import pytest

from game import i18n
from game.i18n import set_language, speech_language, system_language

NO_ENVIRONMENT: dict[str, str] = {}
ASK_WINDOWS = i18n._windows_languages
ASK_MAC = i18n._mac_languages


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


class Kernel32:
    """What Windows answers: a German user's display language is LCID 0x0407."""

    def __init__(self, lcid: int) -> None:
        self.lcid = lcid

    def GetUserDefaultUILanguage(self) -> int:
        return self.lcid


@pytest.mark.parametrize(("lcid", "expected"), [(0x0407, "de"), (0x0422, "uk"), (0x0416, "pt"), (0x0411, "en")])
def test_windows_reads_the_users_display_language(monkeypatch: pytest.MonkeyPatch, lcid: int, expected: str) -> None:
    monkeypatch.setattr(i18n, "_windows_languages", lambda: ASK_WINDOWS(Kernel32(lcid)))
    # The locale module on Windows names formats, "German_Germany", and is never asked first.
    monkeypatch.setattr(locale, "getlocale", lambda: ("English_United States", "1252"))
    assert system_language(NO_ENVIRONMENT, platform="win32") == expected


def test_windows_without_its_kernel_falls_back_to_the_locales_english_name(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def GetUserDefaultUILanguage(self) -> int:
            raise OSError("no kernel32 here")

    assert ASK_WINDOWS(Broken()) == []
    monkeypatch.setattr(i18n, "_windows_languages", lambda: [])
    monkeypatch.setattr(locale, "getlocale", lambda: ("German_Germany", "1252"))
    assert system_language(NO_ENVIRONMENT, platform="win32") == "de"


def test_the_environment_still_comes_first_on_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_windows_languages", lambda: ["de_DE"])
    assert system_language({"LANG": "fr_FR.UTF-8"}, platform="win32") == "fr"


MAC_ANSWER = '(\n    "nl-NL",\n    "uk-UA",\n    en\n)\n'


def test_macos_reads_the_users_languages_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[list[str]] = []

    def defaults(command: list[str]) -> str:
        asked.append(command)
        return MAC_ANSWER

    assert ASK_MAC(defaults) == ["nl-NL", "uk-UA", "en"]
    assert asked == [["defaults", "read", "-g", "AppleLanguages"]]
    monkeypatch.setattr(i18n, "_mac_languages", lambda: ASK_MAC(defaults))
    monkeypatch.setattr(locale, "getlocale", lambda: (None, None))
    assert system_language(NO_ENVIRONMENT, platform="darwin") == "uk", "Dutch is not shipped; Ukrainian is next"


def test_macos_without_an_answer_is_english(monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(command: list[str]) -> str:
        raise OSError("no defaults program")

    assert ASK_MAC(fails) == []
    monkeypatch.setattr(i18n, "_mac_languages", lambda: [])
    monkeypatch.setattr(locale, "getlocale", lambda: (None, None))
    assert system_language(NO_ENVIRONMENT, platform="darwin") == "en"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "pt_BR.UTF-8"}, "pt_BR"),
        ({"LANGUAGE": "pt-br"}, "pt_BR"),
        ({"LANG": "pt_PT.UTF-8"}, "pt_PT"),
        ({"LANG": "pt"}, "pt"),
        ({"LANG": "de_DE.UTF-8"}, "pt"),
    ],
)
def test_a_brazilian_computer_gets_the_brazilian_voice(environ: dict[str, str], expected: str) -> None:
    set_language("pt")
    assert speech_language(environ, platform="linux") == expected


def test_the_voice_follows_the_language_in_use_not_the_computers() -> None:
    set_language("uk")
    assert speech_language({"LANG": "pt_BR.UTF-8"}, platform="linux") == "uk"
