"""The scenes and states the layout test draws (tests/ui/test_layout.py): every scene that
`game/ui/navigation.py` builds, and the states of them where text moves (a hint, a wrong
move, an error, a page turned). A factory may push its scene itself, to act on it once shown."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import events
import pygame
import pytest
from class_list import add_players, one_save
from events import BIG_BOARDS, big_board_levels, big_board_scene, big_board_victory, big_collection

from game.content.levels import Collection
from game.rules.position import Position
from game.rules.squares import parse_square
from game.store.records import SETTING_NAMES
from game.ui.app import App
from game.ui.core.layout import BoardGeometry
from game.ui.core.scene import Scene

LONG_NAME = "Maximilian Woods"  # as long as a player's name may be (MAX_NAME_LENGTH), in wide letters
LONG_CYRILLIC = "Олександра Шумна"
LONG_LABEL = "Щасливий кінь і королева Максиміліана Ш"  # a puzzle's or maker's name: MAX_LABEL
PLAYERS = ["Ана", "Αλέξης", LONG_CYRILLIC, LONG_NAME]  # the last one plays
BEGINNERS = tuple(f"beginner-{n:03d}" for n in range(1, 31))
# A real class: 25 children (PLAYERS among them), many with names as long as a name may be, in wide letters.
REAL_CLASS = (
    LONG_NAME,
    LONG_CYRILLIC,
    "Konstantin Weber",
    "Gabriela Martins",
    "Wolfgang Schmitt",
    "Мирослава Гнатюк",
    "Valentina Castro",
    "Christophe Morel",
    "Ана",
    "Ben",
    "Mia",
    "Jonas",
    "Léa",
    "Tomás",
    "Софія",
    "Noah",
    "Emma Schulz",
    "Ihor Kravets",
    "Lukas Becker",
    "Inês Ferreira",
    "Zoé Lambert",
    "Marta Ruiz",
    "Leon",
    "Ida",
    "Αλέξης",
)


@cache
def real_levels() -> tuple[Collection, Collection]:
    """The game's own levels and big boards, with their real (longest) names."""
    from game.content.levels import default_big_path, load_collection

    return load_collection(verify=False), load_collection(default_big_path(), verify=False)


def real_class(app: App) -> None:
    """The app with a real class (`REAL_CLASS`) and the real levels."""
    app.collection, app._big_collection = real_levels()
    add_players(app.store, [name for name in REAL_CLASS if name not in app.store.players()])


@cache
def thirty_big() -> Collection:
    """Big boards enough for a level of 32 puzzles: two pages of tiles."""
    return big_collection(*(BIG_BOARDS * 8), per_level=32)


def board(app: App) -> Scene:
    from game.ui.board.board import BoardScene

    return BoardScene(app.context, app.collection.levels[0].puzzles[0])


def board_hint(app: App) -> Scene:
    """The board with its first hint shown: the piece ringed and the sentence under it."""
    scene = board(app)
    app.push(scene)
    app.step([], 0.016)
    app.step([events.key_down(pygame.K_SLASH, pygame.KMOD_SHIFT, "?")], 0.016)  # the hint key
    for _ in range(3):  # the solver's answer arrives in a next frame
        app.step([], 0.016)
    return scene


def board_clock(app: App) -> Scene:
    """The board in a test, its time box nearly up: the clock in its frame, and the warning said."""
    app.store.set_setting("time_box", 600)
    scene = board(app)
    app.push(scene)
    app.step([], 571.0)  # 29 s left
    return scene


def settings_last_page(app: App) -> Scene:
    """Settings on its last page: this computer's and the child's switches, where there are pages."""
    from game.ui.settings.settings import SettingsScene

    scene = SettingsScene(app.context)
    app.push(scene)
    app.step([], 0.016)
    scene.turn_page(scene.pages)
    return scene


def board_wrong(app: App) -> Scene:
    """The board after a move the rules refuse: the knight dragged where it cannot go (a tap
    there would choose the pawn instead, which may capture)."""
    scene = board(app)
    app.push(scene)
    geometry = BoardGeometry.of(app.layout, 4)
    a2, b1 = (geometry.square_rect(parse_square(name, 4)).center for name in ("a2", "b1"))
    events.drag(app, a2, b1)
    return scene


def big_board_captured(app: App) -> Scene:
    """The big board after a rook's first capture: its badge shows one dot, the others two."""
    from game.ui.board.board import BoardScene

    collection = big_collection(BIG_BOARDS[2])
    scene = BoardScene(app.context, collection.levels[0].puzzles[0], collection)
    app.push(scene)
    for name in ("a2", "h2"):
        scene.show(scene.session.tap(parse_square(name, 8)))
    return scene


def victory(app: App) -> Scene:
    from game.ui.core.context import Victory
    from game.ui.victory.victory import VictoryScene

    puzzle = app.collection.levels[0].puzzles[0]
    moves, position = [], puzzle.board
    for origin, target in puzzle.solution:
        moves.append(position.move(origin, target))
        position = position.apply(moves[-1])
    return VictoryScene(app.context, Victory(puzzle, moves, undos=1, used_auto=False, hints=2, stars=2))


def scene_of(module: str, name: str) -> Callable[[App], Scene]:
    def make(app: App) -> Scene:
        cls: type[Scene] = getattr(__import__(f"game.ui.{module}", fromlist=[name]), name)
        return cls(app.context)

    return make


def players_typing(app: App) -> Scene:
    """A new name being typed on the screen's own keyboard: as long as a name may be."""
    from game.ui.players.players import PlayersScene

    scene = PlayersScene(app.context)
    app.push(scene)
    scene.start_typing()
    scene.form.entry.type_text(LONG_CYRILLIC)
    return scene


def players_refused(app: App) -> Scene:
    """A name too long: the error under the box."""
    scene = players_typing(app)
    scene.form.entry.type_text("ab")  # type: ignore[attr-defined]
    return scene


def players_picking(app: App) -> Scene:
    """A new name typed and taken: the picture picker, its twelve pictures and Cancel."""
    scene = players_typing(app)
    scene.form.entry.clear()  # type: ignore[attr-defined]
    scene.form.entry.type_text("Konstantin Weber")  # type: ignore[attr-defined]
    scene.submit()  # type: ignore[attr-defined]
    return scene


def paper(app: App, big: bool = False) -> Scene:
    from game.ui.paper.paper import PaperScene

    scene = PaperScene(app.context, LONG_NAME)
    scene.resize(app.layout)
    if big:
        scene.choose_group(len(scene.group_buttons) - 1)
    scene.tap(app.collection.levels[0].puzzles[1])
    return scene


def child(app: App, saved: bool = False, rename_error: bool = False, removing: bool = False) -> Scene:
    """A child's page (her progress card just saved, a rename refused: the name is taken, or her
    removal asked: the question whole on its lines, over No and Yes)."""
    from game.ui.child.child import ChildMode, ChildScene

    with one_save(app.store):
        for number in range(1, 4):  # long lines: moves, undos, hints and Auto, as a teacher sees them
            app.store.record_solve(LONG_NAME, f"beginner-{number:03d}", 3, 2, True, moves=12)
        app.store.record_paper(LONG_NAME, "beginner-004", stars=1, day="2026-11-20")
        app.store.add_assignment(LONG_LABEL, list(BEGINNERS[:5]))  # her assignments on a line of their own
        app.store.add_assignment("Beginner: puzzles 1 to 3", list(BEGINNERS[:3]), children=[LONG_NAME])
    scene = ChildScene(app.context, LONG_NAME)
    if saved:
        scene.message = f"Saved in /home/teacher/Documents: solochess-{LONG_NAME}-2026-11-24.pdf and .html"
    if rename_error:
        app.push(scene)
        scene.set_mode(ChildMode.RENAME)
        scene.text = "Ана"
        scene.save_name()
    if removing:
        app.push(scene)
        scene.set_mode(ChildMode.CONFIRM_REMOVE)
    return scene


def assignments(app: App, mode: str = "list") -> Scene:
    """The teacher's assignments: two set, one finished by somebody; New; or Remove asked."""
    from game.ui.assignments.assignments import AssignmentsScene

    with one_save(app.store):
        app.store.add_assignment("Beginner: puzzles 1 to 5", list(BEGINNERS[:5]), due="2026-12-01")
        app.store.add_assignment(LONG_LABEL, ["beginner-006"], children=["Ана"])
        app.store.record_solve("Ана", "beginner-006", 0, 0, False)
    if mode in ("real class", "where each child is"):
        real_class(app)
    if mode == "where each child is":  # groups at four places, with long names: the longest preview
        with one_save(app.store):
            for index, name in enumerate(REAL_CLASS[:16]):
                for number in range(1, 6 * (index % 4) + 1):
                    app.store.record_solve(name, f"beginner-{number:03d}", 0, 0, False)
    scene = AssignmentsScene(app.context)
    scene.resize(app.layout)
    if mode in ("real class", "where each child is"):  # the real levels' seven sources, 25 children
        scene.start_new()
        if mode == "real class":
            scene.toggle_child(LONG_NAME)
        scene.step_due(3)
    elif mode == "new":
        scene.start_new()
        scene.toggle_child("Ана")
        scene.step_due(3)
    elif mode == "big board from a start":  # the longest start words, and a preview per group
        scene.start_new()
        scene.choose_source("Big board")
        scene.choose_source("Big board")
        scene.step_start(7)
        scene.step_due(12)
    elif mode == "ids":
        scene.start_new()
        scene.choose_source("Puzzle ids")
        scene.draft.type("beginner-004, beginner-099 " + " ".join(BEGINNERS))
        scene.resize(app.layout)
    elif mode == "remove":
        scene.ask_remove(app.store.assignments()[0])
    return scene


def from_the_teacher(app: App) -> Scene:
    """The level select opening on "From your teacher", due soon."""
    from game.ui.levels.level_select import LevelSelectScene

    app.store.add_assignment("Two", ["beginner-002", "beginner-003"], due="2026-12-01")
    return LevelSelectScene(app.context)


def our_puzzles(app: App, none: bool = False) -> Scene:
    """ "Our puzzles" on the level select: made by children with the longest names a puzzle
    and its maker may have (or none made yet)."""
    from game.store.ourpuzzles import add, collection_path, make, read_ours
    from game.ui.levels import level_select

    path = collection_path(app.store.folder)
    if not none:
        boards = ("..Q./..R./N.../.P..", "...R/...R/..B./..N.", "Q.../.R../..B./...N")
        add([make(Position.parse(cells, size=4), LONG_LABEL, LONG_LABEL[::-1]) for cells in boards], path)
    scene = level_select.LevelSelectScene(app.context)
    scene.resize(app.layout)
    scene._found_ours(read_ours(path))
    scene.choose_level(len(scene.levels) - 1)
    return scene


def big_levels_page_two(app: App) -> Scene:
    """The big board's level list, a level of 32 puzzles turned to its second page."""
    app._big_collection = thirty_big()
    scene = big_board_levels(app)
    scene.turn_page(1)  # type: ignore[attr-defined]
    return scene


def printing(app: App, message: str = "") -> Scene:
    """The teacher's desk, on the big board; with `message`, what became of the last print: "saved"
    (the words before printing), "printed", "no printer", "refused"; with "child", a child's sheet."""
    from game.outputs.printing import Outcome, PrintResult
    from game.ui.paper.print_sheets import PrintScene
    from game.words import printing as words

    scene = PrintScene(app.context)
    scene.resize(app.layout)
    scene.choose_big()
    path = Path("/home/teacher/Documents/solochess-worksheet-big-board-1-2026-11-24-093000.pdf")
    if message == "saved":
        scene.message = f"Saved in {path.parent}: {path.name}"
    elif message == "printed":
        scene.printed(
            PrintResult(
                Outcome.PRINTED,
                path,
                "SoloChessPDF-12",
                "SoloChessPDF",
                words.printed(str(path), "SoloChessPDF-12", "SoloChessPDF"),
            )
        )
    elif message == "no printer":
        scene.printed(PrintResult(Outcome.NO_PRINTER, path, words=words.no_printer(str(path))))
    elif message == "refused":
        reason = "Unable to add document to print job: the printer is out of paper"
        scene.printed(PrintResult(Outcome.FAILED, path, words=words.refused(reason, str(path))))
    elif message == "child":
        while scene.child != LONG_NAME:  # the name as long as a name may be, in wide letters
            scene.change_child(1)
    return scene


def school(app: App, offered: bool = False) -> Scene:
    """The piece school's map, a house finished and another begun, as a new child is offered it or not."""
    from game.content.school import default_school
    from game.ui.school.school import SchoolScene

    with one_save(app.store):
        for stage in [*default_school().stages[0:4], default_school().stages[12]]:
            app.store.record_solve("Ана", stage.id, 1, 0, False)
    app.store.roster.select_player("Ана")
    return SchoolScene(app.context, offered)


def school_stage(app: App, stage_id: str = "school-knight-3", wrong: bool = False) -> Scene:
    """A stage of the piece school (and, with `wrong`, a try the rook's path refuses)."""
    from game.ui.board.school_lesson import lesson_context
    from game.ui.board.school_stage import SchoolStageScene

    scene = SchoolStageScene(lesson_context(app.context), stage_id)
    if wrong:
        app.push(scene)
        geometry = scene.pieces.geometry
        for name in ("a1", "a4"):  # the rook chosen, then a capture its path refuses
            events.click(app, geometry.square_rect(parse_square(name, 4)).center)
    return scene


def code(app: App, typed: str = "") -> Scene:
    from game.content.codes import encode
    from game.ui.maker.code import CodeScene

    scene = CodeScene(app.context)
    for char in typed or encode(Position.parse("..Q./..R./N.../.P..", size=4)):
        scene.type(char)
    return scene


def live_class(app: App) -> Scene:
    from game.ui.live.live import LiveClassScene

    app.store.record_attempt(LONG_NAME, "beginner-002")  # on a puzzle: her card names it
    return LiveClassScene(app.context)


def live_class_all_states(app: App) -> Scene:
    """The live class with a child in each state, on its longest lines: stuck on a big board's
    puzzle for minutes, playing, at the menu, on no computer since she left, paper results
    today, added today, and not seen today."""
    from datetime import datetime, timedelta

    from game.store import author
    from game.ui.live.live import LiveClassScene

    real_now, real_today = author.now, author.today

    def at(minutes: int) -> None:
        moment = (datetime.now() - timedelta(minutes=minutes)).isoformat(timespec="seconds")
        author.now = lambda: moment
        author.today = lambda: moment[:10]

    from game.store.progress import ProgressStore

    store = app.store
    try:
        at(3 * 24 * 60)  # in the class before today
        for name in ("Gabriela Martins", "Valentina Castro", "Wolfgang Schmitt"):
            store.add_player(name)
        at(48)
        store.record_attempt(LONG_NAME, "big-03-017")  # stuck
        at(40)
        laptop = ProgressStore(store.folder)  # each child present on a laptop of her own
        laptop.arrive("Wolfgang Schmitt")
        at(25)
        laptop.leave()  # on no computer since
        at(3)
        ProgressStore(store.folder).arrive(LONG_CYRILLIC)
        at(2)
        store.record_attempt(LONG_CYRILLIC, "beginner-002")  # playing
        at(30)
        store.record_attempt("Ана", "beginner-003")
        store.record_attempt("Ана", "beginner-003", left=True)
        at(1)
        ProgressStore(store.folder).arrive("Ана")  # at the menu
        at(20)
        store.record_paper("Gabriela Martins", "beginner-004")  # paper results today
        store.add_player("Konstantin Weber")  # added today, not seen since
    finally:
        author.now, author.today = real_now, real_today
    store.refresh()
    return LiveClassScene(app.context)


def live_class_of_25(app: App) -> Scene:
    """The live class on a projector: 25 children with the longest names, on the real levels'
    longest puzzle names, in every state a card has: stuck (for long, on a big board), playing,
    between puzzles after solving some (or all she set out to), last seen, and not seen today."""
    from datetime import datetime, timedelta

    from game.store import author
    from game.ui.live.live import LiveClassScene

    real_class(app)
    stuck = ((LONG_NAME, 48, "big-10-030"), (LONG_CYRILLIC, 30, "intermediate-100"), ("Ана", 7, "advanced-077"))
    playing = (("Konstantin Weber", 2, "intermediate-099"), ("Софія", 1, "big-09-028"), ("Ben", 3, "expert-100"))
    between = (("Gabriela Martins", 3, "advanced-088"), ("Mia", 1, "beginner-100"))
    last_seen = (("Wolfgang Schmitt", 40, "expert-097"), ("Emma Schulz", 25, "beginner-012"))
    finished = (("Мирослава Гнатюк", 4, "intermediate-098"), ("Valentina Castro", 2, "beginner-099"))
    real = author.now

    def at(minutes: int) -> None:
        moment = (datetime.now() - timedelta(minutes=minutes)).isoformat(timespec="seconds")
        author.now = lambda: moment

    try:
        with one_save(app.store):
            for name, minutes, puzzle in stuck + playing:
                at(minutes)
                app.store.record_attempt(name, puzzle)
            for name, minutes, puzzle in between + last_seen:
                at(minutes)
                app.store.record_attempt(name, puzzle, left=True)
            for name, minutes, puzzle in finished:
                at(minutes)
                for number in range(1, 13):  # a dozen solved today: a two-digit number beside the line
                    app.store.record_solve(name, f"beginner-{number:03d}", 0, 0, False)
                app.store.record_attempt(name, puzzle)
                app.store.record_solve(name, puzzle, 0, 0, False)
    finally:
        author.now = real
    return LiveClassScene(app.context)


def changes(app: App, undone: bool = False) -> Scene:
    """The class's changes: a removal, a reset, a rename with a long name, a PIN taken away."""
    from game.ui.class_table.changes import ChangesScene

    store = app.context.store
    add_players(store, [name for name in ("Ана", LONG_NAME, LONG_CYRILLIC, "Ben") if name not in store.players()])
    store.pin.choose("1234")
    store.pin.clear()
    store.rename_player(LONG_CYRILLIC, "Олеся")
    store.reset_player(LONG_NAME)
    store.remove_player("Ана")
    if undone:
        store.history.undo(store.history.happenings()[0].id)
    return ChangesScene(app.context)


BACK_ROW = "written-by-hand-in-the-back-row-of-the-c"  # a writer's id as long as one may be
BACK_OF_THE_CLASS = "written-by-hand-at-the-back-of-the-class"


def forged(app: App) -> None:
    """The class with a PIN, and two pupils' hand-written files the PIN leaves out: from a
    computer with a long name, a removal, a reset and a rename of children with long names, a
    class setting and the PIN taken away; from a long writer id and no computer's name, an undo."""
    import json
    import time

    store = app.context.store
    add_players(store, [name for name in ("Ана", LONG_NAME, LONG_CYRILLIC, "Ben") if name not in store.players()])
    if not store.pin.is_set:
        store.pin.choose("1234")
    store.remove_player("Ben")
    store.sync.save()
    ids = {name: store.player(name).id for name in (LONG_NAME, LONG_CYRILLIC, "Ана")}
    bens = [
        happening.id
        for happening in store.history.happenings()
        if happening.kind == "remove" and happening.name == "Ben"
    ]
    now = time.time()  # after the PIN; each stamp before the file's time, which holds them
    time.sleep(0.05)
    files: dict[str, dict[str, object]] = {
        "0a1b2c3d4e5f": {
            "computer": "SCHOOL-LIBRARY-PC-07",
            "children": {ids[LONG_CYRILLIC]: {"name": ["Олеся Гнатюк", now + 0.005, "0a1b2c3d4e5f"]}},
            "acts": {
                "f1": {"kind": "remove", "child": ids[LONG_NAME], "ts": now + 0.001, "by": "0a1b2c3d4e5f"},
                "f2": {"kind": "reset", "child": ids["Ана"], "ts": now + 0.002, "by": "0a1b2c3d4e5f"},
                "f3": {"kind": "reset", "child": ids[LONG_CYRILLIC], "ts": now + 0.003, "by": "0a1b2c3d4e5f"},
            },
            "settings": {"stuck_detection": [False, now + 0.006, "0a1b2c3d4e5f"]},
            "pin": [None, now + 0.007, "0a1b2c3d4e5f"],
        },
        BACK_ROW: {"undone": {act: [True, now + 0.004, BACK_ROW] for act in bens}},
    }
    for writer, data in files.items():
        path = store.folder / "class" / f"{writer}.json"
        path.write_text(json.dumps({"version": 4, "writer": writer, **data}), encoding="utf-8")
    store.refresh()
    assert len(store.history.left_out()) == 7, store.history.left_out()


def changes_left_out(app: App, last_page: bool = False) -> Scene:
    """The class's changes and, under them, what pupils' files tried without the PIN."""
    from game.ui.class_table.changes import ChangesScene

    forged(app)
    scene = ChangesScene(app.context)
    if last_page:
        app.push(scene)
        app.step([], 0.016)
        scene.turn_page(scene.pages)
    return scene


def put_back(app: App) -> None:
    """Files two computers put back from their own copies, as their class files list them: from a
    computer with a long name, the results of children with long names (deleted, emptied,
    damaged) and its class file (rolled back); from a long writer id and no computer's name, a
    child's results and its class file."""
    import json
    import time

    store = app.context.store
    add_players(store, [name for name in (LONG_NAME, LONG_CYRILLIC) if name not in store.players()])
    store.sync.save()
    ids = [store.player(name).id for name in (LONG_NAME, LONG_CYRILLIC)]
    now = time.time() - 60  # before the files' times, which hold them
    lists = {
        "0f1e2d3c4b5a": [
            {"child": ids[0], "found": "missing", "at": now + 1},
            {"child": ids[1], "found": "emptied", "at": now + 2},
            {"child": ids[0], "found": "damaged", "at": now + 3},
            {"child": "", "found": "rolled back", "at": now + 4},
        ],
        BACK_OF_THE_CLASS: [
            {"child": ids[1], "found": "missing", "at": now + 5},
            {"child": "", "found": "damaged", "at": now},
        ],
    }
    for writer, restored in lists.items():  # new files: the folder's time changes
        path = store.folder / "class" / f"{writer}.json"
        computer = {"computer": "SCHOOL-LIBRARY-PC-07"} if writer != BACK_OF_THE_CLASS else {}
        path.write_text(json.dumps({"version": 4, "writer": writer, **computer, "restored": restored}), "utf-8")
    store.refresh()
    assert len(store.history.restored()) == 6, store.history.restored()


def changes_put_back(app: App, last_page: bool = False) -> Scene:
    """The class's changes, what pupils' files tried without the PIN, and the files put back."""
    from game.ui.class_table.changes import ChangesScene

    forged(app)
    put_back(app)
    scene = ChangesScene(app.context)
    if last_page:
        app.push(scene)
        app.step([], 0.016)
        scene.turn_page(scene.pages)
    return scene


def class_put_back(app: App) -> Scene:
    """The class screen, its way to Changes counting files put back (and nothing left out)."""
    from game.ui.class_table.class_progress import ClassScene

    put_back(app)
    return ClassScene(app.context)


def class_left_out(app: App) -> Scene:
    """The class screen, its way to Changes counting what was left out."""
    from game.ui.class_table.class_progress import ClassScene

    forged(app)
    return ClassScene(app.context)


def class_folder_refusing(app: App) -> Scene:
    """The class screen after a save the class folder did not take: its sign under the table."""
    import errno
    import os
    from unittest import mock

    from game.ui.class_table.class_progress import ClassScene

    store = app.context.store
    inside, real = str(store.folder), os.replace

    def refuse(source: str, target: str) -> None:
        if str(target).startswith(inside):
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(target))
        real(source, target)

    with mock.patch("os.replace", refuse):
        store.add_player("Dan")
        assert not store.sync.save() and store.folder_status.words() is not None
    return ClassScene(app.context)


def gate(app: App, new_pin: bool = False, pin: bool = False, again: bool = False) -> Scene:
    """The gate: the way through without a PIN, a new PIN (typed once already, with `again`),
    or the class's PIN asked for (with the line on what it protects)."""
    from game.ui.gate.gate import GateMode, GateScene

    if pin:
        app.store.pin.choose("2468")
    scene = GateScene(app.context, GateMode.NEW_PIN if new_pin else GateMode.OPEN)
    if again:
        scene.first_pin = "2468"
    return scene


def recovery_code(app: App, refused: bool = False) -> Scene:
    """A new PIN's recovery code, in the widest letters a code may have; with `refused`, what
    became of a print the printer did not take (a long reason, a long path)."""
    from game.outputs.printing import Outcome, PrintResult
    from game.ui.gate.recovery_code import RecoveryCodeScene
    from game.words import printing as words

    scene = RecoveryCodeScene(app.context, "MWMW-WMWM-MWMW-WMWM")
    if refused:
        app.push(scene)
        path = Path("/home/teacher/Documents/solochess-recovery-code-2026-11-24-093000.pdf")
        reason = "Unable to add document to print job: the printer is out of paper"
        scene.printed(PrintResult(Outcome.FAILED, path, words=words.refused(reason, str(path))))
    return scene


def class_cards(app: App) -> Scene:
    """The class cards of a school of four classes with long names, the top's own class among
    them (its children are `PLAYERS`): reached by "Another class", so Cancel is shown too."""
    from game.ui.classes.class_cards import ClassCardsScene

    for name, picture, colour in (("2B", "fox", "blue"), (LONG_NAME, "owl", "yellow"), (LONG_CYRILLIC, "star", "teal")):
        app.store.school.add_class(name, picture, colour)
    return ClassCardsScene(app.context, chosen_before=True)


def school_of_classes(app: App) -> None:
    """The app's folder made a school: 2B and a class with a long Cyrillic name archived with the
    school year 2025-26, then this year's `LONG_NAME` and 3A (the top's own class, with
    `PLAYERS`, is one too)."""
    for name, picture, colour in (("2B", "fox", "blue"), (LONG_CYRILLIC, "star", "teal")):
        app.store.school.add_class(name, picture, colour)
    app.store.school.archive_year("2025-26")
    for name, picture, colour in ((LONG_NAME, "owl", "yellow"), ("3A", "cat", "green")):
        app.store.school.add_class(name, picture, colour)


def in_school(app: App, name: str) -> None:
    """The window on the school's class `name` (see `school_of_classes`), its children `PLAYERS`,
    in the language the test chose (the class's own would be English)."""
    school_of_classes(app)
    language = app.language_setting
    app.take_class(next(item for item in app.store.school.school.classes if item.name == name))
    app.choose_language(language)
    add_players(app.store, PLAYERS)


def class_in_school(app: App) -> Scene:
    """The class table of last year's class with a long Cyrillic name: its name and year in the
    title, and the switch in the bar."""
    from game.ui.class_table.class_progress import ClassScene

    in_school(app, LONG_CYRILLIC)
    return ClassScene(app.context)


def live_in_school(app: App) -> Scene:
    """Live on this year's class with a long name: its name in the title, the switch beside Back."""
    from game.ui.live.live import LiveClassScene

    in_school(app, LONG_NAME)
    app.store.record_attempt(LONG_NAME, "beginner-002")
    return LiveClassScene(app.context)


def teachers_class_cards(app: App) -> Scene:
    """The teacher's class cards: this year's classes, then last year's, each with its year."""
    from game.ui.classes.class_cards import ClassCardsScene

    school_of_classes(app)
    return ClassCardsScene(app.context, teacher=True)


def move_child(app: App, ask: bool = False) -> Scene:
    """A child's move to another class of a school of four (names long in both alphabets), from
    the folder's own class, whose children are `PLAYERS`; with `ask`, the question for the class of
    the longest name."""
    from game.ui.child.move_child import MoveChildScene

    for name, picture, colour in (("2B", "fox", "blue"), (LONG_NAME, "owl", "yellow"), (LONG_CYRILLIC, "star", "teal")):
        app.store.school.add_class(name, picture, colour)
    scene = MoveChildScene(app.context, LONG_NAME)
    if ask:
        scene.chosen = next(item for item in scene.classes if item.name == LONG_NAME)
        scene.step = type(scene.step).ASK
    return scene


def school_year(app: App, mode: str = "view") -> Scene:
    """The school's classes: two this year (one of the longest name), a year kept of two, the
    latest change to undo; `mode`: "keeping" (the question), "naming" (a long name typed),
    "picture" (its picture to choose)."""
    from datetime import date

    from game.ui.year.year import SchoolYearScene, YearMode

    for name, picture, colour in (("2B", "fox", "blue"), (LONG_NAME, "owl", "yellow")):
        app.store.school.add_class(name, picture, colour)
    app.store.school.archive_year("2025-26")
    for name, picture, colour in (("3B", "fox", "blue"), (LONG_CYRILLIC, "star", "teal")):
        app.store.school.add_class(name, picture, colour)
    scene = SchoolYearScene(app.context, date(2027, 6, 30))
    scene.mode = YearMode(mode)
    scene.typed = LONG_NAME if mode in ("naming", "picture") else ""
    return scene


# A class of a school folder (issue 43), its name as long and wide as a class's may be, and its
# children with long names among short ones (a name is at most 16 letters: MAX_NAME_LENGTH).
SCHOOL_CLASS = "Mrs Woodward 3MW"
SCHOOL_CHILDREN = (
    "Maximilian-Alexa",
    "Anastasiia Koval",
    LONG_NAME,
    LONG_CYRILLIC,
    "Wolfgang Schmitt",
    "Ана",
    "Ben",
    "Mia",
)


def players_in_a_school(app: App) -> Scene:
    """ "Who is playing?" on a laptop of a school of two classes (and the school folder's own,
    whose children are `PLAYERS`), set to one of them with its eight children: "Another class"
    among the top buttons, and the class's name shown."""
    from game.ui.players.players import PlayersScene

    top = app.store
    chosen = top.school.add_class(SCHOOL_CLASS, "owl", "teal")
    top.school.add_class("2B", "fox", "blue")
    app.take_class(top.school.school.get(chosen))
    # The class takes the settings the test gave the window (its language, a switch's scan).
    for setting in SETTING_NAMES:
        if getattr(top.settings, setting) != getattr(app.store.settings, setting):
            app.store.set_setting(setting, getattr(top.settings, setting))
    app.choose_language(top.settings.language)
    add_players(app.store, SCHOOL_CHILDREN)
    return PlayersScene(app.context)


def trolley(app: App) -> Scene:
    """Every laptop's class for this lesson: four classes (names long in both alphabets), the one
    of the longest name set until a time."""
    from game.ui.year.trolley import TrolleyScene

    school_of_classes(app)
    add_players(app.store, PLAYERS[:1])  # the folder's own class is one of the choices too
    app.lesson.set_trolley(next(item for item in app.lesson.choices() if item.name == LONG_NAME))
    return TrolleyScene(app.context)


SCENES: dict[str, Callable[[App], Scene]] = {
    "help": scene_of("help.help", "HelpScene"),
    "piece school": school,
    "piece school offered": lambda app: school(app, offered=True),
    "school stage": school_stage,
    "school stage, a wrong try": lambda app: school_stage(app, "school-rook-3", wrong=True),
    "players": scene_of("players.players", "PlayersScene"),
    "players, a name typed": players_typing,
    "players, a name too long": players_refused,
    "players, a picture to pick": players_picking,
    "players, in a school of classes": players_in_a_school,
    "class cards": class_cards,
    "the teacher's class cards, last year's too": teachers_class_cards,
    "move a child to another class": move_child,
    "move a child, the question": lambda app: move_child(app, ask=True),
    "the school's classes": school_year,
    "the school's classes, a year kept asked": lambda app: school_year(app, "keeping"),
    "the school's classes, a new class named": lambda app: school_year(app, "naming"),
    "the school's classes, its picture": lambda app: school_year(app, "picture"),
    "every laptop's class for this lesson": trolley,
    "level select": scene_of("levels.level_select", "LevelSelectScene"),
    "our puzzles": our_puzzles,
    "no puzzles of our own": lambda app: our_puzzles(app, none=True),
    "from your teacher": from_the_teacher,
    "board": board,
    "board, a hint": board_hint,
    "board, a wrong move": board_wrong,
    "board, the clock nearly up": board_clock,
    "victory": victory,
    "settings": scene_of("settings.settings", "SettingsScene"),
    "settings, the last page": settings_last_page,
    "quit": scene_of("core.quit", "QuitScene"),
    "language": scene_of("settings.language", "LanguageScene"),
    "maker": scene_of("maker.maker", "MakerScene"),
    "type a code": code,
    "a typo in a code": lambda app: code(app, "H1ZT3VZ8"),
    "big board": big_board_scene,
    "big board, a capture made": big_board_captured,
    "big board levels": big_board_levels,
    "big board levels, page 2": big_levels_page_two,
    "big board victory": big_board_victory,
    "gate": gate,
    "gate, a new PIN": lambda app: gate(app, new_pin=True),
    "gate, the new PIN again": lambda app: gate(app, new_pin=True, again=True),
    "gate, the class's PIN": lambda app: gate(app, pin=True),
    "recovery code": recovery_code,
    "recovery code, the printer refused": lambda app: recovery_code(app, refused=True),
    "child's page": child,
    "child's page, a report card saved": lambda app: child(app, saved=True),
    "child's page, a rename refused": lambda app: child(app, rename_error=True),
    "child's page, her removal asked": lambda app: child(app, removing=True),
    "the class": scene_of("class_table.class_progress", "ClassScene"),
    "the class, the folder refusing saves": class_folder_refusing,
    "the class, changes left out": class_left_out,
    "the class, files put back": class_put_back,
    "the class, in a school": class_in_school,
    "changes": changes,
    "changes, one undone": lambda app: changes(app, undone=True),
    "changes, left out": changes_left_out,
    "changes, left out, the last page": lambda app: changes_left_out(app, last_page=True),
    "changes, left out and put back": changes_put_back,
    "changes, put back, the last page": lambda app: changes_put_back(app, last_page=True),
    "print": printing,
    "print, saved": lambda app: printing(app, "saved"),
    "print, printed": lambda app: printing(app, "printed"),
    "print, no printer": lambda app: printing(app, "no printer"),
    "print, the printer refused": lambda app: printing(app, "refused"),
    "print, a child's next puzzles": lambda app: printing(app, "child"),
    "paper results": paper,
    "paper results, big board": lambda app: paper(app, big=True),
    "live class": live_class,
    "live class, every state": live_class_all_states,
    "live class, a class of 25": live_class_of_25,
    "live class, in a school": live_in_school,
    "assignments": assignments,
    "new assignment": lambda app: assignments(app, "new"),
    "new assignment, big board from a start": lambda app: assignments(app, "big board from a start"),
    "new assignment, ids typed": lambda app: assignments(app, "ids"),
    "new assignment, a real class": lambda app: assignments(app, "real class"),
    "new assignment, where each child is": lambda app: assignments(app, "where each child is"),
    "remove an assignment": lambda app: assignments(app, "remove"),
}

# Behind the grown-up gate, or the teacher's own: their text may be as small as MIN_TEXT_PX.
GROWN_UPS = {
    "settings",
    "settings, the last page",
    "gate",
    "gate, a new PIN",
    "gate, the new PIN again",
    "gate, the class's PIN",
    "recovery code",
    "recovery code, the printer refused",
    "child's page",
    "child's page, a report card saved",
    "child's page, a rename refused",
    "child's page, her removal asked",
    "move a child to another class",
    "move a child, the question",
    "the school's classes",
    "the school's classes, a year kept asked",
    "the school's classes, a new class named",
    "the school's classes, its picture",
    "every laptop's class for this lesson",
    "the class",
    "the class, the folder refusing saves",
    "the class, changes left out",
    "the class, files put back",
    "the class, in a school",
    "the teacher's class cards, last year's too",
    "changes",
    "changes, one undone",
    "changes, left out",
    "changes, left out, the last page",
    "changes, left out and put back",
    "changes, put back, the last page",
    "print",
    "print, saved",
    "print, printed",
    "print, no printer",
    "print, the printer refused",
    "print, a child's next puzzles",
    "paper results",
    "paper results, big board",
    "live class",
    "live class, every state",
    "live class, a class of 25",
    "live class, in a school",
    "assignments",
    "new assignment",
    "new assignment, big board from a start",
    "new assignment, ids typed",
    "new assignment, a real class",
    "new assignment, where each child is",
    "remove an assignment",
    "language",
    "maker",
}

# The child's screens: every way of playing reaches them (keys, one and two switches, the voice).
CHILD_SCENES = [name for name in SCENES if name not in GROWN_UPS]

# A walk over the catalogue in the quick loop takes one scene in SAMPLE_EVERY; the full suite
# takes them all (the others are marked slow), as a property's quick run is a sample.
SAMPLE_EVERY = 3


def sampled(names: list[str]) -> list[object]:
    """`names` as parameters: one in `SAMPLE_EVERY` as it is, the others marked slow."""
    return [
        name if index % SAMPLE_EVERY == 0 else pytest.param(name, marks=pytest.mark.slow)
        for index, name in enumerate(names)
    ]
