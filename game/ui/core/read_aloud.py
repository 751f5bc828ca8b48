"""When the game reads aloud, in one place: scenes call `app.read_aloud.say(text)` with what
they show, and this decides whether it is spoken, and when.

The "Read aloud" setting speaks every new message by itself; the speaker button beside the
board's message reads the message on demand, setting or not. M (this computer's sound off)
quietens the voice too, as a teacher who asks for quiet expects; the speaker button, a child's
own request, still reads. Sentences are queued by whether
they still hold: a sentence `whole` (praise, a capture: what happened stays true) is heard to
its end, and what comes after it waits; any other (a selection, a highlight) is replaced by the
next sentence, since it no longer holds once the child has moved on. When the board goes back
(Undo, Restart) the scene stops everything first: the words about the undone move no longer hold.
What a switch scan lights is heard on its own rule (`say_lit`): a name only where it fits the
step and the voice is free, else a tick; it never stops a sentence.
Without a speech engine nothing is spoken and the speaker button is not shown.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...outputs.speech import heard_within
from ...play.outcomes import Said, goes_back, heard_whole
from . import theme
from .assets import Assets
from .widgets import Button

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ...outputs.speech import Speaker
    from ...store.records import Settings


MIN_TOUCH = 44  # px: the smallest button a child's finger hits reliably
TICK = "scan"  # the sound of a scan's step where its name would not fit (`ReadAloud.say_lit`)


class ReadAloud:
    def __init__(self, speaker: Speaker, settings: Callable[[], Settings]) -> None:
        """`speaker`: the window's; `settings`: the player's as they are now."""
        self.speaker = speaker
        self.current_settings = settings
        self.waiting: list[tuple[str, bool]] = []  # (text, whole), after the one being spoken
        self.whole_now = False  # the sentence being spoken is to be heard whole

    @property
    def available(self) -> bool:
        return self.speaker.available

    @property
    def speaking(self) -> bool:
        """A sentence is being said, or one waits to be."""
        return bool(self.waiting) or self.speaker.speaking

    def say(self, text: str, whole: bool = False) -> None:
        """A new text is shown: spoken when the setting is on, after any sentence that is to be
        heard whole; it replaces the sentences that are not. With the setting or the sound off
        (M), all stops."""
        settings = self.current_settings()
        if not (settings.read_aloud and settings.sound):
            self.stop()
            return
        self.waiting = [item for item in self.waiting if item[1]]  # the passing ones no longer hold
        if self.waiting or (self.whole_now and self.speaker.speaking):
            self.waiting.append((text, whole))
        else:
            self._speak(text, whole)

    def tell(self, said: Said, outcomes: Sequence[object]) -> None:
        """A board's new words, queued by whether they still hold (`heard_whole`); after Undo or
        Restart nothing said before holds; words only put back (`aloud` False) quieten."""
        if not said.aloud:
            self.quiet()
            return
        if goes_back(outcomes):
            self.stop()
        self.say(said.message.text, heard_whole(said, outcomes))

    def say_lit(self, text: str, seconds: float, play: Callable[[str], None]) -> None:
        """A scan lit something for `seconds` (inf: until she moves the light): its name `text`
        is said only when it is heard whole before the light moves on and nothing else is being
        said or waits; else a short sound (`play(TICK)`) stands in for it. So no step cuts a sentence,
        no step is shorter than what it says, and the light keeps its steady rhythm, by which a
        child times her press: the words fit the step, never the step the words. With reading
        aloud off (or the sound, M) nothing is heard."""
        settings = self.current_settings()
        if not (settings.read_aloud and settings.sound):
            return
        if not text or self.waiting or self.speaker.speaking or not heard_within(text, seconds):
            play(TICK)
            return
        self._speak(text, False)

    def update(self) -> None:
        """Every frame: when the sentence ends, the next one waiting begins."""
        if self.waiting and not self.speaker.speaking:
            self._speak(*self.waiting.pop(0))

    def read(self, text: str) -> None:
        """Speak `text` now, in the game's language (the speaker button): asked for, it goes first."""
        self.waiting = []
        self._speak(text, False)

    def quiet(self) -> None:
        """What was said about a passing moment (a held piece's captures) no longer holds: it
        stops, but a sentence to be heard whole goes on."""
        self.waiting = [item for item in self.waiting if item[1]]
        if not self.whole_now:
            self.speaker.stop()

    def stop(self) -> None:
        self.waiting = []
        self.whole_now = False
        self.speaker.stop()

    def _speak(self, text: str, whole: bool) -> None:
        self.whole_now = whole
        self.speaker.say(text, i18n.speech_language())


class Echo:
    """What a screen shows that a child should hear as it comes (its question, an error): said
    once each time it changes, not again while it stays, and again when asked (`again`: the
    screen is back on top)."""

    def __init__(self) -> None:
        self.heard = ""

    def hear(self, read_aloud: ReadAloud, text: str) -> None:
        if text and text != self.heard:
            read_aloud.say(text)
        self.heard = text

    def again(self) -> None:
        self.heard = ""


class SpeakerButton(Button):
    """A round button with a loudspeaker drawn on it; it has no words, so it fits every language."""

    def __init__(self, action: Callable[[], None]) -> None:
        super().__init__("", action, theme.BUTTON)

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if not self.shown:
            return
        radius = min(rect.width, rect.height) // 2
        depth = max(2, radius // 7)
        center = (rect.centerx, rect.centery + (depth if self.pressed else 0))
        pygame.draw.circle(surface, theme.darker(self.color, 0.35), (rect.centerx, rect.centery + depth), radius)
        pygame.draw.circle(surface, self.color, center, radius)
        if self.focused:
            width = max(3, radius // 6)
            pygame.draw.circle(surface, theme.INK, rect.center, radius + width * 2, width)
        draw_speaker(surface, center, radius, theme.WHITE)


def draw_speaker(surface: pygame.Surface, center: tuple[int, int], radius: int, color: theme.Color) -> None:
    """A loudspeaker (a box and its cone) with two sound waves, inside a circle of `radius`."""
    x, y = center
    unit = radius / 10
    box = pygame.Rect(round(x - 6 * unit), round(y - 2.2 * unit), round(2.6 * unit), round(4.4 * unit))
    pygame.draw.rect(surface, color, box)
    cone = [
        (box.right - 1, box.top),
        (x + 0.4 * unit, y - 5.2 * unit),
        (x + 0.4 * unit, y + 5.2 * unit),
        (box.right - 1, box.bottom),
    ]
    pygame.draw.polygon(surface, color, cone)
    width = max(2, round(unit * 1.1))
    for wave in (3.2, 5.6):
        arc = pygame.Rect(0, 0, round(wave * 2 * unit), round(wave * 2 * unit))
        arc.center = (round(x + 0.4 * unit), y)
        pygame.draw.arc(surface, color, arc, -math.pi / 4, math.pi / 4, width)


def speaker_size(unit: int) -> int:
    return max(MIN_TOUCH, int(unit * 2.4))
