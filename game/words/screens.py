"""What a screen's speaker reads (a child who cannot read hears what the screen asks): its
question, then the choices it offers, each on a line of its own, as the speaker of "Who is
playing?" reads the names. The Quit screen's and the code screen's words (the victory's are in `victory`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _


def spoken(question: str, choices: Sequence[str] = ()) -> str:
    """The question and, under it, the choices, as the speaker reads them."""
    return "\n".join(text for text in (question, *choices) if text)


def quit_question() -> str:
    return _("Quit Solo Chess?")


def code_words(title: str, typed: str, words: str) -> str:
    """The code screen's speaker: its title, the characters typed so far one by one (so each
    is heard, not read as a word), then what it asks now."""
    return spoken(f"{title}.", [" ".join(typed), words])
