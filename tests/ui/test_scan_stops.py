"""Group scanning where choices are many: on every child screen one switch reaches any choice
within a few steps of the light, as a tablet's switch access does: the groups first, then the
choices of the group chosen. Measured under Xvfb at 1.5 s a step before: the code screen lit its
36 keys one by one, so its speaker and Cancel came 45 s after it opened."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import events
import pytest
from layout_scenes import BEGINNERS, GROWN_UPS, PLAYERS, SCENES
from test_screen_speakers import speaking_app

from game.ui.app import App
from game.ui.core.scene import Scene
from game.ui.core.switch_scan import Groups

MOST_STEPS = 16  # steps of the light from the first choice to the farthest one


def empty_code_screen(app: App) -> Scene:
    from game.ui.maker.code import CodeScene

    return CodeScene(app.context)  # the catalogue's holds a whole code, its keys spent


OPENED: dict[str, Callable[[App], Scene]] = {
    **{name: opened for name, opened in SCENES.items() if name not in GROWN_UPS},
    "type a code, nothing typed": empty_code_screen,
}


def steps_to_farthest(groups: Groups) -> int:
    """The light's steps to the choice it reaches last: each group before it, then (in a group
    of several) each choice before it in its group, after the press that enters the group."""
    return max(index + (len(group) if len(group) > 1 else 0) for index, group in enumerate(groups))


@pytest.mark.parametrize("name", OPENED)
def test_one_switch_reaches_every_choice_within_a_few_steps(tmp_path: Path, name: str) -> None:
    app = speaking_app(tmp_path, (1024, 768), tuple(PLAYERS))
    app.store.set_setting("scan_step", 1500)
    scene = OPENED[name](app)
    if not app.scenes or app.scene is not scene:
        app.push(scene)
    app.step([], 0.25)
    if getattr(app.scene, "scans_itself", False):
        pytest.skip("the board scans its own squares and panel (tests/ui/test_board_switch_buttons.py)")
    groups = app.switch.groups
    assert groups, f"{name}: nothing is scanned"
    steps = steps_to_farthest(groups)
    assert steps <= MOST_STEPS, f"{name}: the farthest choice {steps} steps away, groups {[len(g) for g in groups]}"


def test_a_whole_page_of_puzzles_is_scanned_a_row_at_a_time(tmp_path: Path) -> None:
    """Twenty puzzles to a page: in one group, the last lit 20 steps after the group was chosen."""
    from game.ui.levels.level_select import LevelSelectScene

    app = events.make_app(tmp_path, collection=events.article_collection(BEGINNERS))
    app.store.add_player(PLAYERS[-1])
    app.store.set_setting("scan_step", 1500)
    app.store.roster.select_player(PLAYERS[-1])
    scene = LevelSelectScene(app.context)
    app.push(scene)
    app.step([], 0.25)
    assert len(scene.cells) == 20, "a whole page"
    groups = app.switch.groups
    steps = steps_to_farthest(groups)
    assert steps <= MOST_STEPS, f"the farthest choice {steps} steps away, groups {[len(g) for g in groups]}"
