"""The class a laptop opens on in a school (issue 43, `game.store.lesson`): the one chosen on it
for the lesson, or the one the teacher set for every laptop from her window, whichever was made
last, each for an hour from when it was made; after that, the class cards (None).

A property over any run of choices on one laptop and settings from the teacher's computer, at any
times: what `opening()` gives is what the latest choice still lasting names."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_progress import own_folders
from test_school_folder import computer

from game.store.computer import Computer
from game.store.lesson import LESSON_SECONDS, Lesson
from game.store.progress import ProgressStore

START = 1_800_000_000.0


@pytest.fixture(autouse=True)
def _never_the_real_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with own_folders(tmp_path_factory):
        yield


def school(place: Path) -> tuple[Path, ProgressStore, dict[str, str]]:
    root = place / "school"
    teacher = computer(root, "teacher", place)
    ids = {name: teacher.school.add_class(name, "fox", "blue") for name in ("2B", "3A", "4C")}
    assert teacher.flush()
    return root, teacher, ids


@pytest.fixture(scope="module")
def built_school(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A school folder of three classes made once by the teacher's computer, copied for each
    example: made for each, it was half of the property's time."""
    place = tmp_path_factory.mktemp("built-school")
    with own_folders(tmp_path_factory):
        _root, teacher, ids = school(place)
        teacher.close()
    return place, ids


def school_copy(built: tuple[Path, dict[str, str]], place: Path) -> tuple[Path, ProgressStore, dict[str, str]]:
    """The school made once, copied into `place`, with a teacher's window opened on it."""
    root = place / "school"
    shutil.copytree(built[0] / "school", root)
    return root, computer(root, "teacher", place), built[1]


def laptop(root: Path, place: Path, clock: list[float]) -> Lesson:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLOCHESS_LOCAL_DIR", str(place / "local-laptop"))
        patch.setenv("SOLOCHESS_WRITER", "laptop")
        return Lesson(ProgressStore(root, class_only=True), Computer(), lambda: clock[0])


EVENTS = st.lists(
    st.tuples(
        st.sampled_from(["laptop", "teacher", "teacher stops"]),
        st.sampled_from(["2B", "3A", "4C"]),
        st.integers(1, 90 * 60),  # seconds later (two choices never in one second)
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=60, deadline=None, database=None)
@given(EVENTS, st.integers(0, 150 * 60))
def test_a_laptop_opens_on_the_latest_choice_still_lasting(
    built_school: tuple[Path, dict[str, str]], events: list[tuple[str, str, int]], after: int
) -> None:
    with tempfile.TemporaryDirectory() as name:
        place = Path(name)
        root, teacher, ids = school_copy(built_school, place)
        clock = [START]
        latest: dict[str, tuple[str, float]] = {}  # who chose: (class, until)
        for who, chosen, later in events:
            clock[0] += later
            if who == "laptop":
                lesson = laptop(root, place, clock)
                lesson.remember(lesson.top.school.school.get(ids[chosen]))
                latest["laptop"] = (ids[chosen], clock[0] + LESSON_SECONDS)
            else:
                Lesson(teacher, Computer(), lambda: clock[0]).set_trolley(
                    teacher.school.school.get(ids[chosen]) if who == "teacher" else None
                )
                assert teacher.flush()
                if who == "teacher":
                    latest["teacher"] = (ids[chosen], float(int(clock[0] + LESSON_SECONDS)))
                else:
                    latest.pop("teacher", None)
        clock[0] += after
        lasting = [choice for choice in latest.values() if choice[1] > clock[0]]
        expected = max(lasting, key=lambda choice: choice[1])[0] if lasting else None
        lesson = laptop(root, place, clock)
        opened = lesson.opening()
        assert (opened.id if opened is not None else None) == expected
        assert not lesson.over()


def test_the_teachers_class_for_every_laptop_needs_the_school_folders_pin(tmp_path: Path) -> None:
    root, teacher, ids = school(tmp_path)
    teacher.pin.choose("2468")
    assert teacher.flush()
    pupil = computer(root, "pupil", tmp_path)
    clock = [START]
    Lesson(pupil, Computer(), lambda: clock[0]).set_trolley(pupil.school.school.get(ids["3A"]))
    assert pupil.flush()
    assert laptop(root, tmp_path, clock).opening() is None, "a pupil's setting is left out"
    assert [item.kind for item in computer(root, "reader", tmp_path).history.left_out()] == ["setting"]
