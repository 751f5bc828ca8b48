"""The PIN's recovery code, shown once, right after the teacher chose a PIN at the gate.

Only this code can replace a forgotten PIN (`solochess teacher --reset-pin`), so a pupil who can
write the class folder cannot take the PIN away; the store keeps only a key made from it, so
this screen is the one time anyone sees it. It shows the code large, in its four groups, with
what it is for; Print sends it on a page to the printer (`ctx.print_file`, on the job worker),
the page kept in the documents folder readable by its owner only. Done, or Escape once the code
has been on the screen, goes on to where the gate was going (`nav.passed_gate`).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _
from ...outputs.local import documents_folder
from ...outputs.printing import Outcome, PrintResult
from ...outputs.recovery_page import write_recovery_page
from ..core import keys, theme
from ..core.layout import MIN_TEXT_PX, Layout
from ..core.scene import Scene
from ..core.text_flow import (
    Flow,
    draw_text,
    flow,
    largest_size,
    largest_size_for,
    lines_within,
    text_width,
    wrapped_path_text,
)
from ..core.widgets import Button

if TYPE_CHECKING:
    from ..core.context import SceneContext

TITLE = N_("Your recovery code")
RESET_COMMAND = "solochess teacher --reset-pin"
GROUP_GAP = "  "  # between the code's groups of four, as the eye copies them
MESSAGE_LINES = 3  # the most lines what became of a print takes
CODE_SHARE = 0.4  # the most of the room under the title the code's frame takes


def keep_safe() -> str:
    return _("Write it down and keep it somewhere safe. It is shown only now.")


def what_for() -> str:
    return _("If the PIN is ever forgotten, this code sets a new one:")


class RecoveryCodeScene(Scene):
    KEYS = (keys.BACK, *keys.FOCUS)  # Escape only once the code was seen

    def __init__(self, ctx: SceneContext, code: str) -> None:
        super().__init__(ctx)
        self.code = code
        self.print_button = Button("", self.print_code, theme.BUTTON)
        self.done_button = Button("", self.done, theme.BUTTON_ACCENT)
        self.buttons = [self.print_button, self.done_button]
        self.message = ""
        self.failed_print = False
        self.seen = False  # the code has been drawn on the screen
        self.language_changed()

    def language_changed(self) -> None:
        self.print_button.label = _("Print")
        self.done_button.label = _("Done")

    @property
    def groups(self) -> list[str]:
        return self.code.split("-")

    def done(self) -> None:
        """On to where the gate was going, as the gate would have gone there with the new PIN."""
        self.ctx.nav.passed_gate(with_pin=True)

    # Printing -----------------------------------------------------------------------------

    def print_code(self) -> None:
        if self.jobs.busy:
            return
        send, folder = self.ctx.print_file, documents_folder()
        title, code, words = _(TITLE), self.code, [what_for(), RESET_COMMAND]

        def work(cancel: threading.Event) -> PrintResult:
            path: Path = write_recovery_page(folder, title, code, words)
            return send(path)

        self.say(_("Printing…"))
        self.jobs.start(work, self.printed, self.failed, label="print")

    def printed(self, result: PrintResult) -> None:
        self.say(result.words, failed=result.outcome is Outcome.FAILED)

    def failed(self, error: BaseException) -> None:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        self.say(_("The file could not be saved: {reason}").format(reason=reason), failed=True)

    def say(self, message: str, failed: bool = False) -> None:
        self.message, self.failed_print = message, failed
        self.resize(self.layout)

    # Frame --------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout = layout.held_to_height()
        assets, unit, m = self.ctx.assets, layout.unit, layout.margin
        screen = layout.screen.inflate(-2 * m, -2 * m)
        gap = layout.gap
        width = min(screen.width, unit * 40)
        self.center_x = screen.centerx
        self.title_size = largest_size(assets, _(TITLE), layout.title(), width, bold=True)
        self.title_y = screen.y
        top = screen.y + assets.font(self.title_size, bold=True).get_linesize() + gap
        # Print and Done side by side at the bottom.
        button_height = layout.target(2.8)
        button_width = min(unit * 12, (width - gap) // 2)
        bottom = screen.bottom - button_height
        self.print_button.place(
            pygame.Rect(screen.centerx - gap // 2 - button_width, bottom, button_width, button_height)
        )
        self.done_button.place(pygame.Rect(screen.centerx + (gap + 1) // 2, bottom, button_width, button_height))
        self.button_size = layout.text(1.4)
        room = bottom - gap - top
        self._lay_out_code(width, room, unit)
        text_size = layout.readable(1.25)
        self.message_flow: Flow | None = None
        below = 0
        if self.message:
            self.message_flow = lines_within(assets, self.message, text_size, width, MESSAGE_LINES, wrapped_path_text)
            below = gap + self.message_flow.height
        apart = unit  # between the code's frame and its words
        # The words, then the command on a line of its own, never broken.
        command_height = assets.font(text_size, bold=True).get_linesize()
        words_room = room - self.box.height - apart - command_height - below
        self.words = flow(assets, keep_safe() + "\n" + what_for(), text_size, (width, words_room), MIN_TEXT_PX, True)
        self.command_size = largest_size(assets, RESET_COMMAND, self.words.size, width, bold=True)
        # What there is, in the middle of the room.
        spare = max(0, words_room - self.words.height)
        self.box.y = top + spare // 2
        self.words_y = self.box.bottom + apart
        self.command_y = self.words_y + self.words.height
        self.message_y = self.command_y + command_height + gap

    def _lay_out_code(self, width: int, room: int, unit: int) -> None:
        """The code in its frame: on one line in a wide window, two groups a line in an upright
        one, as large as the width and a share of the room allow."""
        groups = self.groups
        half = len(groups) // 2
        wide = self.layout.landscape
        self.code_lines = (
            [GROUP_GAP.join(groups)] if wide else [GROUP_GAP.join(groups[:half]), GROUP_GAP.join(groups[half:])]
        )
        pad = max(8, unit * 3 // 4)
        # A line is about 1.4 times the font's size high.
        tallest = int((room * CODE_SHARE - 2 * pad) / (1.4 * len(self.code_lines)))
        start = max(MIN_TEXT_PX, min(self.layout.text(3.4), tallest))
        inner = width - 2 * pad
        self.code_size = largest_size_for(
            self.ctx.assets, [(line, inner) for line in self.code_lines], start, bold=True
        )
        assets = self.ctx.assets
        line_height = assets.font(self.code_size, bold=True).get_linesize()
        widest = max(text_width(assets, line, self.code_size, bold=True) for line in self.code_lines)
        box_width = min(width, widest + 4 * pad)
        self.box = pygame.Rect(0, 0, box_width, line_height * len(self.code_lines) + 2 * pad)
        self.box.centerx = self.center_x
        self.code_pad = pad

    def back(self) -> None:
        if self.seen:  # never away before the teacher could see it
            self.done()

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, _(TITLE), self.title_size, (self.center_x, self.title_y), theme.INK, True, "midtop")
        radius = max(6, self.code_pad)
        pygame.draw.rect(surface, theme.WHITE, self.box, border_radius=radius)
        pygame.draw.rect(surface, theme.INK, self.box, max(2, self.code_pad // 4), border_radius=radius)
        line_height = assets.font(self.code_size, bold=True).get_linesize()
        for index, line in enumerate(self.code_lines):
            position = (self.center_x, self.box.y + self.code_pad + index * line_height)
            draw_text(surface, assets, line, self.code_size, position, theme.INK, True, "midtop")
        self._centred(surface, self.words, self.words_y, theme.INK)
        command = (self.center_x, self.command_y)
        draw_text(surface, assets, RESET_COMMAND, self.command_size, command, theme.INK, True, "midtop")
        if self.message_flow is not None:
            self._centred(
                surface, self.message_flow, self.message_y, theme.WRONG if self.failed_print else theme.SOFT_INK
            )
        for button in self.buttons:
            button.draw(surface, assets, self.button_size)
        self.seen = True

    def _centred(self, surface: pygame.Surface, laid: Flow, y: int, color: theme.Color) -> None:
        for index, line in enumerate(laid.lines):
            position = (self.center_x, y + index * laid.line_height)
            draw_text(surface, self.ctx.assets, line, laid.size, position, color, laid.bold, "midtop")
