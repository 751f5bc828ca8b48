"""The window, the main loop and the scene stack."""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from .. import i18n
from ..content.levels import Collection
from ..i18n import _
from ..jobs import Runner, ThreadRunner
from ..outputs.speech import Speaker
from ..store.computer import Computer, Seat
from ..store.lesson import Lesson
from ..store.progress import ProgressStore, Settings
from ..store.school import ROOT, SchoolClass
from ..store.site import seed_settings
from ..words.board import Pointer
from .core import keys, theme
from .core.assets import Assets
from .core.context import SceneContext
from .core.layout import Layout
from .core.pointer import played_with
from .core.read_aloud import ReadAloud
from .core.scene import Scene
from .core.switch_scan import SwitchScan
from .core.too_small import draw_too_small, too_small
from .core.window import NoDisplay, open_display, stop_on_signal, wait_for_events
from .core.window_collections import WindowCollections
from .navigation import Navigation

log = logging.getLogger(__name__)

FPS = 60
IDLE_WAKE_MS = 250  # while idle, wake this often so timed hints and pulses can start
POINTER_EVENTS: tuple[int, ...] = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
POINTER_EVENTS += (pygame.MOUSEWHEEL, pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)


class App(WindowCollections):
    def __init__(
        self,
        windowed: bool = False,
        size: tuple[int, int] | None = None,
        collection: Collection | None = None,
        store: ProgressStore | None = None,
        levels: Path | None = None,
        big_collection: Collection | None = None,
        runner: Runner | None = None,
        disk: Runner | None = None,
        speaker: Speaker | None = None,
    ) -> None:
        """`runner` runs the scenes' background jobs (a few shared threads unless given);
        `disk` writes the store, one save after another (its own thread unless given);
        `speaker` reads messages aloud (this computer's speech engine unless given)."""
        self._open_display(windowed or not Computer().full_screen(), size)  # as this computer last had it
        self.assets = Assets()
        problem = self.assets.audio_problem
        if problem and sys.stderr is not None:
            print(_("Solo Chess plays without sound: {problem}").format(problem=problem), file=sys.stderr)
        self._take_collections(collection, levels, big_collection)
        self.runner: Runner = runner if runner is not None else ThreadRunner()
        self.disk: Runner = disk if disk is not None else ThreadRunner(workers=1, name="solochess-disk")
        read_later = store is None
        if store is None:
            # The class list only: the first frame does not wait for every child's year, which
            # the disk worker reads once it is drawn.
            store = ProgressStore(class_only=True)
            seed_settings(store)  # a brand-new progress file takes the school's defaults (game/store/site.py)
        self.speaker = speaker if speaker is not None else Speaker()
        self.top = store  # the school folder's: its list of classes, whichever class this window plays in
        self.lesson = Lesson(store, Computer())  # the class of this lesson on this laptop
        self._take_store(store)
        self.read_aloud = ReadAloud(self.speaker, lambda: self.settings)  # what scenes call: read_aloud.say(text)
        self.scenes: list[Scene] = []
        self.pointer: Pointer = Pointer.MOUSE  # how the child last played (`Window.pointer`)
        # One switch (or two) on every screen; what it lights is heard on the board's rule.
        self.switch = SwitchScan(
            lambda: self.settings, lambda text, for_: self.read_aloud.say_lit(text, for_, self.assets.play)
        )
        self.nav = Navigation(self, lambda: self.context)
        self.context = SceneContext(
            assets=self.assets,
            store=self.store,
            read_aloud=self.read_aloud,
            nav=self.nav,
            window=self,
            collections=self,
            runner=self.runner,
        )
        self._after_first_frame: list[Callable[[], None]] = [self._read_class] if read_later else []
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0

    def _open_display(self, windowed: bool, size: tuple[int, int] | None) -> None:
        self.desktop_size = open_display()
        self.window_size = size or (max(1024, self.desktop_size[0] * 3 // 4), max(768, self.desktop_size[1] * 3 // 4))
        self.fullscreen = not windowed
        self.screen = self._open_window()
        self.layout = Layout(self.screen.get_size())

    def _take_store(self, store: ProgressStore) -> None:
        self.store = store
        speaker = self.speaker
        self.seat = Seat(store, Computer(), lambda: speaker.available)  # asked late: finding the engine takes a moment
        store.save_in(self.disk)  # the frame never waits for the disk: saves go to its worker
        self._settings = self.settings  # as this window last took them (`_take_settings`)
        self.assets.muted = not self._settings.sound
        self._language = self._settings.language
        i18n.use_language(self._language)

    def take_class(self, item: SchoolClass) -> None:
        """The class chosen on the class cards (or this laptop's for the lesson): its folder is the
        window's store from now on, the class list only at once; the store before saved first."""
        if item.folder == self.store.folder:
            return
        self.store.leave()
        self.store.flush()
        store = self.top if item.id == ROOT else ProgressStore(item.folder, class_only=True)
        language = self._language
        self._take_store(store)
        self.context.store = store
        if self._language != language:  # the class's own language: every scene in its words
            for scene in self.scenes:
                scene.language_changed()
            self.resized()
        self._read_class()

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.window_size = self.screen.get_size()
        self.fullscreen = not self.fullscreen
        self.seat.computer.set_full_screen(self.fullscreen)  # this computer's: the next start is the same
        self.screen = self._open_window()
        self.resized()

    def resized(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        self.layout = Layout(self.screen.get_size())
        self.assets.forget_sizes()
        for scene in self.scenes:
            scene.resize(self.layout)

    # Players and settings --------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.seat.settings  # the class's, with this computer's and its child's laid over them

    @property
    def player(self) -> str | None:
        return self.store.current_player

    @property
    def language_setting(self) -> str:
        """The chosen language's code, or "" to follow the computer."""
        return self._language

    def choose_language(self, code: str) -> None:
        """Switch every text to `code` ("" = the computer's language) and save the choice."""
        self.store.set_setting("language", code if code in i18n.LANGUAGES else "")
        self._take_settings(self.settings)

    def _take_settings(self, settings: Settings) -> None:
        """The settings as they are now, chosen here or read with the class folder from another
        computer (the teacher's language reaches a laptop's open screen): what changed is
        pushed to the window and every scene, which draws itself again in it."""
        before, self._settings = self._settings, settings
        if settings.sound != before.sound:
            self.assets.muted = not settings.sound
            if self.assets.muted:
                self.read_aloud.stop()  # quiet means the voice too
        if settings.language != self._language:
            self._language = settings.language if settings.language in i18n.LANGUAGES else ""
            i18n.use_language(self._language)
            for scene in self.scenes:
                scene.language_changed()
            self.resized()  # every scene laid out again in the new words
        elif self.scenes:
            self.scene.resize(self.layout)

    def toggle_sound(self) -> None:
        self.seat.toggle_sound()  # M, or the switch: this computer only
        self._take_settings(self.settings)
        if self.scenes:
            self.scene.changed()

    # The scene stack -------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        if scene.shows_class:
            self._read_class()
        scene.enter()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        if self.scenes:
            self._read_class()
            self.scene.resize(self.layout)
            self.scene.returned()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def _read_class(self) -> None:
        """What other windows saved meanwhile (on the disk worker); every child's for a teacher's screen."""
        self.store.refresh_later(everyone=bool(self.scenes) and self.scene.shows_class)

    def after_first_frame(self, work: Callable[[], None]) -> None:
        """Run `work` once the first frame is on screen (at once, if it already is): for work
        that would otherwise delay it, like saving a file."""
        if self.frames:
            work()
        else:
            self._after_first_frame.append(work)

    def quit(self) -> None:
        self.running = False

    # The loop -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if self.screen.get_size() != self.layout.screen.size or event.type == pygame.VIDEORESIZE:
                self.resized()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.scene.show_again()
            return
        if keys.press(self, keys.WINDOW, event, typing=self.scene_takes_text()):
            return
        self.pointer = played_with(event) or self.pointer
        if event.type in POINTER_EVENTS and too_small(self.screen.get_size()):
            return  # the scene is not shown, so a click must not act on it
        if not self.switch.handle(self.scene, event):
            self.scene.handle_event(event)

    def scene_takes_text(self) -> bool:
        return self.scene.takes_text

    def show_help(self) -> None:
        self.nav.open_help()

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: events, update, and a redraw only when something changed."""
        self.seat.tick(dt)  # a setting the teacher changed elsewhere comes in
        if self.top is not self.store:
            self.lesson.tick(dt)  # the school's list too: a year kept, a class set for every laptop
        if self.store.poll() and self.scenes:  # the disk worker read what other windows saved
            self.scene.resize(self.layout)
        settings = self.settings
        if settings != self._settings:  # a value compared, then pushed only when it changed
            self._take_settings(settings)
        self._take_checked_collection()
        for event in events:
            if not self.running:
                return
            self.handle_event(event)
        if not self.running or not self.scenes:
            return
        if theme.use(self.settings.high_contrast):  # the look was switched: every scene anew
            self.resized()
        scene = self.scene
        scene.poll_jobs(dt)
        scene.update(dt)
        if self.scenes and scene is self.scene:
            self.switch.tick(scene, dt)
        self.read_aloud.update()  # the next sentence waiting, once the one before has ended
        if scene.dirty or scene.animating:
            if too_small(self.screen.get_size()):
                scene.frame(None)  # the scene is not shown, only the words that the window is too small
                draw_too_small(self.screen, self.assets)
                pygame.display.flip()
            else:
                areas = scene.frame(self.screen)
                ring = self.switch.draw(self.screen)
                if areas is not None and ring is not None:
                    areas.append(ring)
                if areas is None:
                    pygame.display.flip()
                else:
                    pygame.display.update(areas)
            self.frames += 1
            if self.frames == 1:
                for work in self._after_first_frame:
                    work()
                self._after_first_frame.clear()

    def wait_for_events(self) -> list[pygame.event.Event]:
        return wait_for_events(self.scene.animating, IDLE_WAKE_MS)

    def loop(self) -> None:
        self.clock.tick()
        while self.running and self.scenes:
            events = self.wait_for_events()
            # The whole time that passed: the time box and the other timers count real time
            # (an idle wake is 0.25 s); what moves on screen limits its own step (the board session's tick).
            dt = self.clock.tick(self.scene.frame_rate if self.scene.animating else 0) / 1000
            self.step(events, dt)
        while self.scenes:
            self.scenes.pop().leave()

    def close(self) -> None:
        self.store.leave()  # the game quit: the child playing here is on no computer now
        self.store.flush()  # every save on the disk before the window goes
        self.store.close()  # what the folder did not take waits here, for the next window
        self.speaker.stop()
        pygame.quit()


def run(windowed: bool = False, size: tuple[int, int] | None = None, levels: Path | None = None) -> int:
    started = time.perf_counter()
    try:
        app = App(windowed=windowed, size=size, levels=levels)
    except NoDisplay:
        pygame.quit()
        print(_("solochess: no window can open here: there is no display. Try: solochess --text"), file=sys.stderr)
        return 1
    except pygame.error as error:
        print(
            _("solochess: the game window cannot open ({error}). Try: solochess --text").format(error=error),
            file=sys.stderr,
        )
        return 1
    stop_on_signal(app.quit)
    app.nav.start()
    app.step([], 0)
    log.info("first frame after %.3f s", time.perf_counter() - started)
    if os.environ.get("SOLOCHESS_QUIT_AFTER_FIRST_FRAME"):  # for the start-up benchmark
        app.quit()
    ready_file = os.environ.get("SOLOCHESS_READY_FILE")  # for tests: the first frame is drawn
    if ready_file:
        Path(ready_file).touch()
    try:
        app.loop()
    finally:
        app.close()
    return 0
