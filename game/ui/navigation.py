"""The one place scenes are built: every move from one screen to another goes through here."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..content.levels import Collection, Puzzle
    from ..store.school import SchoolClass
    from .core.context import SceneContext, Victory
    from .core.scene import Scene


class SceneStack(Protocol):
    """What `Navigation` needs of the app: the stack of scenes."""

    scenes: list[Scene]

    def push(self, scene: Scene) -> None: ...
    def pop(self) -> None: ...
    def replace(self, scene: Scene) -> None: ...


class Navigation:
    def __init__(self, stack: SceneStack, context: Callable[[], SceneContext]) -> None:
        self.stack = stack
        self._context = context
        # The screens the gate gives way to: the first in its place, the others on top of it.
        self._after_gate: tuple[Callable[[], Scene], ...] = ()
        # This window went through the gate with the PIN (or chose it): once the class has a PIN,
        # a teacher's screen reached without it closes (a laptop that passed before it was set).
        self._behind_pin = False
        # The PINs typed at this window's gates (in memory only, while it is open): a teacher's
        # change in another class of the school (a child moved there) is unlocked by them.
        self._pins: list[str] = []

    @property
    def ctx(self) -> SceneContext:
        return self._context()

    def start(self) -> None:
        """The first screens: "Who is playing?" (in a school of several classes, the class cards
        before it, unless this laptop remembers the class of this lesson); on the very first
        start, the help on top of it (it notes that it was seen once it is on screen, so saving
        does not delay the first frame)."""
        from .classes.class_cards import ClassCardsScene
        from .help.help import HelpScene
        from .players.players import PlayersScene

        window = self.ctx.window
        opening = window.lesson.opening()
        if opening is not None:
            window.take_class(opening)
        first: list[Scene] = [PlayersScene(self.ctx) if opening is not None else ClassCardsScene(self.ctx)]
        if not self.ctx.store.help_seen:
            first.append(HelpScene(self.ctx))
        for scene in first:
            self.stack.push(scene)

    def back(self) -> None:
        self.stack.pop()

    def back_to_menu(self) -> None:
        """Back to the scene below; with none below, to the level select."""
        if len(self.stack.scenes) > 1:
            self.stack.pop()
        else:
            from .levels.level_select import LevelSelectScene

            self.stack.replace(LevelSelectScene(self.ctx))

    def back_from_root(self) -> None:
        """Escape on the first scene asks before quitting, so a stray key ends nothing."""
        if len(self.stack.scenes) > 1:
            self.stack.pop()
        else:
            from .core.quit import QuitScene

            self.stack.push(QuitScene(self.ctx))

    def open_board(self, puzzle: Puzzle, collection: Collection | None = None, replace: bool = False) -> None:
        from .board.board import BoardScene

        scene = BoardScene(self.ctx, puzzle, collection)
        if replace:
            self.stack.replace(scene)
        else:
            self.stack.push(scene)

    def show_victory(self, victory: Victory) -> None:
        from .victory.victory import VictoryScene

        self.stack.replace(VictoryScene(self.ctx, victory))

    def open_level_select(self) -> None:
        from .levels.level_select import LevelSelectScene

        self.stack.push(LevelSelectScene(self.ctx))

    def open_players(self) -> None:
        """Back to "Who is playing?", which is below the level select; in its place when not. The
        lesson over (its class chosen an hour ago, or kept as a past year since), the class cards
        instead, in place of all."""
        if self.ctx.window.lesson.over(self.ctx.store.folder):
            from .classes.class_cards import ClassCardsScene

            lesson = self.ctx.window.lesson
            lesson.leave()
            while len(self.stack.scenes) > 1:
                self.stack.pop()
            opening = lesson.opening()  # the school's only class now, or the teacher's for every laptop
            if opening is not None:
                self.lesson_started(opening)
            else:
                self.stack.replace(ClassCardsScene(self.ctx))
            return
        if len(self.stack.scenes) > 1:
            self.stack.pop()
            return
        from .players.players import PlayersScene

        self.stack.replace(PlayersScene(self.ctx))

    def open_class_cards(self) -> None:
        """ "Another class" on "Who is playing?": the class cards in its place."""
        from .classes.class_cards import ClassCardsScene

        self.stack.replace(ClassCardsScene(self.ctx, chosen_before=True))

    def class_chosen(self, item: SchoolClass) -> None:
        """A class card chosen: this laptop's class for the lesson, and its "Who is playing?"."""
        from .players.players import PlayersScene

        window = self.ctx.window
        window.lesson.remember(item)
        window.take_class(item)
        self.stack.replace(PlayersScene(self.ctx))

    def lesson_started(self, item: SchoolClass) -> None:
        """The teacher set `item` for every laptop while this one asked for its class: its "Who is
        playing?", for the lesson she set (not this laptop's own choice: `Lesson.opening`)."""
        from .players.players import PlayersScene

        self.ctx.window.take_class(item)
        self.stack.replace(PlayersScene(self.ctx))

    def open_help(self) -> None:
        from .help.help import HelpScene

        if not isinstance(self.stack.scenes[-1], HelpScene):
            self.stack.push(HelpScene(self.ctx))

    def open_maker(self) -> None:
        from .maker.maker import MakerScene

        self.stack.push(MakerScene(self.ctx))

    def open_code(self) -> None:
        from .maker.code import CodeScene

        self.stack.push(CodeScene(self.ctx))

    def open_language(self) -> None:
        from .settings.language import LanguageScene

        self.stack.push(LanguageScene(self.ctx))

    def _through_gate(self, *open_next: Callable[[], Scene]) -> None:
        from .gate.gate import GateScene

        self._after_gate = open_next
        self.stack.push(GateScene(self.ctx))

    @property
    def behind_pin(self) -> bool:
        return self._behind_pin

    @property
    def pins(self) -> tuple[str, ...]:
        return tuple(self._pins)

    def keep_pin(self, pin: str) -> None:
        """A PIN a gate of this window took (or that was chosen at it)."""
        if pin not in self._pins:
            self._pins.append(pin)

    def passed_gate(self, with_pin: bool = False) -> None:
        """The gate was passed (`with_pin`: by the PIN, or by choosing one): it gives way to the
        screen behind it."""
        self._behind_pin = with_pin
        open_next = self._after_gate
        self._after_gate = ()
        if not open_next:
            self.stack.pop()
            return
        self.stack.replace(open_next[0]())
        for more in open_next[1:]:
            self.stack.push(more())

    def show_recovery_code(self, code: str) -> None:
        """A new PIN was chosen at the gate: its recovery code, shown once, in the gate's place;
        its Done passes the gate (`passed_gate`)."""
        from .gate.recovery_code import RecoveryCodeScene

        self.stack.replace(RecoveryCodeScene(self.ctx, code))

    def _settings(self) -> Scene:
        from .settings.settings import SettingsScene

        return SettingsScene(self.ctx, offer_pin=self._offers_pin())

    def _offers_pin(self) -> bool:
        """Settings reached for the first time, with no PIN: one is offered."""
        return not self.ctx.store.pin.is_set and not self.ctx.settings.pin_offered

    def open_settings(self) -> None:
        self._through_gate(self._settings)

    def new_pin(self) -> None:
        """Settings' "choose a PIN": the number pad, then the same Settings again (never one
        more on top of it: one Done leaves them, however many PINs were chosen)."""
        from .gate.gate import GateMode, GateScene
        from .settings.settings import SettingsScene

        below = self.stack.scenes[-1] if self.stack.scenes else None
        self._after_gate = () if isinstance(below, SettingsScene) else (self._settings,)
        self.stack.push(GateScene(self.ctx, GateMode.NEW_PIN))

    def closed_by_pin(self) -> None:
        """Settings, reached without the PIN, once the class has one: the gate in their place,
        saying why they closed; the PIN opens them again, Cancel goes back to where they were."""
        from ..words.gate import settings_closed_by_pin
        from .gate.gate import GateScene

        self._after_gate = (self._settings,)
        gate = GateScene(self.ctx)
        gate.message = settings_closed_by_pin()
        self.stack.replace(gate)

    def offer_pin(self) -> None:
        """Settings opened for the first time without a PIN: the number pad to choose one (Cancel
        declines), then the same Settings again."""
        from .gate.gate import GateMode, GateScene

        self._after_gate = ()
        self.stack.push(GateScene(self.ctx, GateMode.NEW_PIN))

    def _class_table(self) -> Scene:
        from .class_table.class_progress import ClassScene

        return ClassScene(self.ctx)

    def _live(self) -> Scene:
        from .live.live import LiveClassScene

        return LiveClassScene(self.ctx)

    def open_class(self) -> None:
        self._through_gate(self._class_table)

    def switch_class(self) -> None:
        """The class table's or Live's "Switch class": the teacher's class cards over it."""
        from .classes.class_cards import ClassCardsScene

        self.stack.push(ClassCardsScene(self.ctx, teacher=True))

    def class_switched(self, item: SchoolClass) -> None:
        """A class chosen on the teacher's cards: the window's class (no laptop's lesson: hers is
        no lesson laptop), and the screen she switched from (the class table, or Live over it)
        made again for it over its "Who is playing?". Every scene of the class before goes: none
        holds a thing of it. A class with a PIN asks for it first, unless a PIN this window's gates
        took opens it (a class that shares the school's); Cancel there leaves her on the new
        class's "Who is playing?"."""
        from .live.live import LiveClassScene
        from .players.players import PlayersScene

        scenes = self.stack.scenes
        window = self.ctx.window
        if window.lesson.class_at(self.ctx.store.folder) == item:
            self.stack.pop()  # the class shown: back to it as it is
            return
        screens = [self._class_table]
        if len(scenes) > 1 and isinstance(scenes[-2], LiveClassScene):
            screens.append(self._live)
        players = [index for index, scene in enumerate(scenes) if isinstance(scene, PlayersScene)]
        while len(scenes) > (players[-1] + 1 if players else 1):
            scenes.pop().leave()  # the old class's screens, each told it is gone
        window.lesson.leave()  # a teacher's window: the class she switched to ends no lesson
        window.take_class(item)
        self.stack.replace(PlayersScene(self.ctx))
        pin = self.ctx.store.pin
        if pin.is_set and not any(pin.check(typed) for typed in self._pins):  # the school's PIN, shared
            self._through_gate(*screens)
            return
        self._behind_pin = pin.is_set
        for screen in screens:
            self.stack.push(screen())

    def open_child(self, name: str) -> None:
        from .child.child import ChildScene

        self.stack.push(ChildScene(self.ctx, name))

    def open_move(self, name: str) -> None:
        """A child's page's "Move to another class", in a school of several classes."""
        from .child.move_child import MoveChildScene

        self.stack.push(MoveChildScene(self.ctx, name))

    def open_school_year(self) -> None:
        """The school's classes: a new class, a year kept (from the teacher's screens)."""
        from .year.year import SchoolYearScene

        self.stack.push(SchoolYearScene(self.ctx))

    def open_trolley(self) -> None:
        """The school's classes' "Every laptop's class for this lesson"."""
        from .year.trolley import TrolleyScene

        self.stack.push(TrolleyScene(self.ctx))

    def open_paper(self, name: str) -> None:
        """A child's page's "Paper results": her worksheet done on paper, entered."""
        from .paper.paper import PaperScene

        self.stack.push(PaperScene(self.ctx, name))

    def open_live(self) -> None:
        """The live class, from the class screen (already behind the gate)."""
        self.stack.push(self._live())

    def open_changes(self) -> None:
        """The class's removals, resets and renames with their undo, from the class screen."""
        from .class_table.changes import ChangesScene

        self.stack.push(ChangesScene(self.ctx))

    def open_assignments(self) -> None:
        """The teacher's assignments, from the class screen (already behind the gate)."""
        from .assignments.assignments import AssignmentsScene

        self.stack.push(AssignmentsScene(self.ctx))

    def open_print(self) -> None:
        """Print worksheets and progress cards, from the class screen (already behind the gate)."""
        from .paper.print_sheets import PrintScene

        self.stack.push(PrintScene(self.ctx))

    def open_school(self, offered: bool = False) -> None:
        """The piece school's map; `offered` to a new child, who may skip it."""
        from .school.school import SchoolScene

        self.stack.push(SchoolScene(self.ctx, offered))

    def open_stage(self, stage_id: str, replace: bool = False) -> None:
        """A stage of the piece school, from its map (or in place of the stage before it)."""
        from .board.school_lesson import lesson_context
        from .board.school_stage import SchoolStageScene

        scene = SchoolStageScene(lesson_context(self.ctx), stage_id)
        if replace:
            self.stack.replace(scene)
        else:
            self.stack.push(scene)
