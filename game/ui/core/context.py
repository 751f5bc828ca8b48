"""What a scene may use: a small typed context, handed to every scene instead of the App.

Scenes never build each other: they ask `ctx.nav` to open the next screen
(`game.ui.navigation.Navigation` is the one place scenes are constructed), so no scene module
imports another at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ...outputs.printing import PrintResult, print_pdf

if TYPE_CHECKING:
    from ...content.levels import Collection, Puzzle
    from ...jobs import Runner
    from ...rules.position import Move
    from ...rules.variants import Rules
    from ...store.computer import Seat
    from ...store.progress import ProgressStore, Settings
    from ...words.board import Pointer
    from .assets import Assets
    from .layout import Layout
    from .read_aloud import ReadAloud


@dataclass(frozen=True)
class Victory:
    """A solved puzzle, as the board hands it to the victory screen."""

    puzzle: Puzzle
    moves: list[Move]
    undos: int
    used_auto: bool
    hints: int = 0
    stars: int | None = None
    by_computer: bool = False
    collection: Collection | None = None


class Navigator(Protocol):
    """Every way from one screen to another; `Navigation` builds the scenes."""

    def back(self) -> None: ...
    def back_to_menu(self) -> None: ...
    def back_from_root(self) -> None: ...
    def open_board(self, puzzle: Puzzle, collection: Collection | None = None, replace: bool = False) -> None: ...
    def show_victory(self, victory: Victory) -> None: ...
    def open_level_select(self) -> None: ...
    def open_players(self) -> None: ...
    def open_help(self) -> None: ...
    def open_maker(self) -> None: ...
    def open_code(self) -> None: ...
    def open_language(self) -> None: ...
    def open_settings(self) -> None: ...
    def open_class(self) -> None: ...
    def open_child(self, name: str) -> None: ...
    def open_paper(self, name: str) -> None: ...
    def open_live(self) -> None: ...
    def open_assignments(self) -> None: ...
    def open_changes(self) -> None: ...
    def open_print(self) -> None: ...
    def open_school(self, offered: bool = False) -> None: ...
    def open_stage(self, stage_id: str, replace: bool = False) -> None: ...
    def new_pin(self) -> None: ...
    def offer_pin(self) -> None: ...
    def passed_gate(self, with_pin: bool = False) -> None: ...
    def show_recovery_code(self, code: str) -> None: ...
    @property
    def behind_pin(self) -> bool: ...


class Window(Protocol):
    """The window and the game-wide switches a scene may flip."""

    @property
    def layout(self) -> Layout: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def fullscreen(self) -> bool: ...
    @property
    def language_setting(self) -> str: ...
    @property
    def pointer(self) -> Pointer: ...  # how the child last played: a click, a tap or a key
    def choose_language(self, code: str) -> None: ...
    def toggle_sound(self) -> None: ...
    def toggle_fullscreen(self) -> None: ...
    @property
    def seat(self) -> Seat: ...
    def quit(self) -> None: ...
    def after_first_frame(self, work: Callable[[], None]) -> None: ...


class Collections(Protocol):
    """The puzzles: the built-in collection (or the one given with --levels) and the big board's."""

    @property
    def collection(self) -> Collection: ...
    @property
    def big_collection(self) -> Collection: ...
    @property
    def rules(self) -> Rules: ...


@dataclass
class SceneContext:
    assets: Assets
    store: ProgressStore
    read_aloud: ReadAloud
    nav: Navigator
    window: Window
    collections: Collections
    runner: Runner  # runs background jobs: threads in the game, at once in tests
    # Sends a PDF to the computer's printer (on a job, never the main thread); a stand-in in tests.
    print_file: Callable[[Path], PrintResult] = print_pdf

    @property
    def layout(self) -> Layout:
        return self.window.layout

    @property
    def settings(self) -> Settings:
        """The class's, with this computer's and its child's laid over them (`game.store.computer`)."""
        return self.window.settings

    @property
    def player(self) -> str | None:
        return self.store.current_player
