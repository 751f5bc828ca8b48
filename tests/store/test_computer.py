"""This computer's own settings: kept in the local folder, never in the class folder; a damaged
file costs only the choices; a child's reading aloud is hers, by id, on this computer."""

from __future__ import annotations

from pathlib import Path

from game.store.computer import Computer, Seat
from game.store.progress import ProgressStore
from game.store.records import Settings
from game.store.site import SiteConfig, seed_settings


def test_the_choices_are_kept_for_the_next_start(tmp_path: Path) -> None:
    here = Computer(tmp_path / "local")
    assert here.sound() and here.full_screen()
    here.set_sound(False)
    here.set_full_screen(False)
    again = Computer(tmp_path / "local")
    assert not again.sound() and not again.full_screen()
    assert Computer(tmp_path / "elsewhere").sound()  # another computer: its own


def test_with_no_choice_of_its_own_the_class_default_stands(tmp_path: Path) -> None:
    here = Computer(tmp_path)
    quiet_class = Settings(sound=False, read_aloud=True)
    assert here.over(quiet_class, tmp_path / "class", "c1") == quiet_class
    here.set_read_aloud(tmp_path / "class", "c1", False)
    assert here.over(quiet_class, tmp_path / "class", "c1").read_aloud is False
    assert here.over(quiet_class, tmp_path / "class", "c2").read_aloud is True
    assert here.over(quiet_class, tmp_path / "other class", "c1").read_aloud is True


def test_a_damaged_or_hostile_file_costs_only_the_choices(tmp_path: Path) -> None:
    (tmp_path / "computer.json").write_text('{"version": 1, "sound": "loud", "read_aloud": {"k": {"../x": true}}}')
    here = Computer(tmp_path)
    assert here.sound() and not here.read_aloud(tmp_path, "../x", False)
    (tmp_path / "computer.json").write_text("{not json")
    broken = Computer(tmp_path)
    assert broken.sound()
    broken.set_sound(False)  # begun again
    assert not Computer(tmp_path).sound()


def test_the_seat_reads_the_child_playing_here(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class")
    seat = Seat(store, Computer(tmp_path / "local"))
    seat.set_read_aloud(True)  # no child: nothing
    assert not seat.settings.read_aloud and seat.child is None
    store.add_player("Ana")
    seat.set_read_aloud(True)
    assert seat.settings.read_aloud and not store.settings.read_aloud
    store.rename_player("Ana", "Anna")  # her id stays
    assert seat.settings.read_aloud
    assert seat.toggle_sound() is False and store.settings.sound


def test_a_new_child_on_a_computer_with_a_voice_hears_it_until_the_teacher_says_otherwise(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class")
    seat = Seat(store, Computer(tmp_path / "local"), voice=lambda: True)
    assert seat.settings.read_aloud  # the first start, before anyone is chosen: the help is heard
    store.add_player("Ana")
    assert seat.settings.read_aloud and not store.settings.read_aloud  # hers, not the class's
    seat.set_read_aloud(False)  # the teacher, in Settings, for Ana
    assert not seat.settings.read_aloud
    store.add_player("Bea")
    assert seat.settings.read_aloud  # the next new child still hears it
    store.roster.select_player("Ana")
    assert not Seat(store, Computer(tmp_path / "local"), voice=lambda: True).settings.read_aloud  # kept


def test_without_a_voice_or_where_the_class_chose_the_class_decides(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class")
    store.add_player("Ana")
    assert not Seat(store, Computer(tmp_path / "local")).settings.read_aloud  # no voice: off
    store.set_setting("read_aloud", False)  # the school's file, or the teacher, for the whole class
    assert store.class_settings.chose("read_aloud") and not store.class_settings.chose("time_box")
    spoken = Seat(store, Computer(tmp_path / "local"), voice=lambda: True)
    assert not spoken.settings.read_aloud
    spoken.set_read_aloud(True)  # one child who needs it all the same
    assert spoken.settings.read_aloud
    store.add_player("Bea")
    assert not spoken.settings.read_aloud
    store.set_setting("read_aloud", True)
    assert Seat(store, Computer(tmp_path / "elsewhere")).settings.read_aloud  # the class's, on any computer


def test_the_schools_file_keeps_reading_aloud_off_for_a_new_class(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class")
    assert store.first_start
    seed_settings(store, SiteConfig(path=tmp_path / "solochess.ini", settings={"read_aloud": "no"}))
    store.add_player("Ana")
    assert not Seat(store, Computer(tmp_path / "local"), voice=lambda: True).settings.read_aloud
