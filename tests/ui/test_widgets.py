"""Widgets own their place: placed they show, hidden they neither draw nor answer a click, and
the containers share their area among the widgets shown. Text is fitted by `text_flow` alone."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui.core import text_flow
from game.ui.core.assets import Assets
from game.ui.core.layout import MIN_TEXT_PX
from game.ui.core.widgets import Button, Grid


@pytest.fixture
def assets() -> Assets:
    pygame.display.init()
    pygame.font.init()
    return Assets()


def click(button: Button, position: tuple[int, int]) -> bool:
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=position)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=position)
    return button.handle_event(down) and button.handle_event(up)


def test_a_widget_shows_once_placed_and_a_hidden_one_keeps_its_place_but_ignores_clicks(assets: Assets) -> None:
    pressed: list[str] = []
    button = Button("Go", lambda: pressed.append("go"))
    assert button.hidden, "not placed yet: nothing at the window's corner"
    assert not click(button, (0, 0))
    button.rect = pygame.Rect(10, 10, 100, 50)
    assert button.shown and click(button, (20, 20)) and pressed == ["go"]
    button.hide()
    assert button.hidden and button.rect == pygame.Rect(10, 10, 100, 50)
    assert not click(button, (20, 20)) and pressed == ["go"]
    surface = pygame.Surface((200, 100))
    surface.fill((1, 2, 3))
    button.draw(surface, assets, 24)
    assert pygame.mask.from_threshold(surface, (1, 2, 3), (1, 1, 1, 255)).count() == 200 * 100, "hidden: not drawn"
    button.place_if(True, pygame.Rect(0, 0, 80, 40))
    assert button.shown and button.rect.topleft == (0, 0)
    button.place_if(False, pygame.Rect(50, 50, 80, 40))
    assert button.hidden and button.rect.topleft == (0, 0)


def test_a_grid_fills_its_cells_row_by_row_and_hides_what_does_not_fit() -> None:
    buttons = [Button(str(index), lambda: None) for index in range(5)]
    Grid(columns=2, rows=2, gap=10).place(pygame.Rect(0, 0, 110, 110), buttons)
    assert [button.rect.topleft for button in buttons[:4]] == [(0, 0), (60, 0), (0, 60), (60, 60)]
    assert all(button.shown for button in buttons[:4]) and buttons[4].hidden


def test_the_largest_size_that_fits_never_grows_and_stops_at_the_floor(assets: Assets) -> None:
    text = "A rather long label"
    width = assets.font(30, bold=True).size(text)[0]
    size = text_flow.largest_size(assets, text, 40, width, bold=True)
    assert 30 <= size < 40
    assert assets.font(size, bold=True).size(text)[0] <= width < assets.font(size + 1, bold=True).size(text)[0]
    assert text_flow.largest_size(assets, text, 40, 5, bold=True) == MIN_TEXT_PX
    assert text_flow.largest_size(assets, text, 12, 5, bold=True) == 12, "under the floor already: left as it is"
    sizes = [(text, width), ("short", 5)]
    assert text_flow.largest_size_for(assets, sizes, 40, 20, bold=True) == 20


def test_lines_within_shrink_until_the_text_takes_few_enough_lines(assets: Assets) -> None:
    text = "one two three four five six seven eight nine ten"
    laid = text_flow.lines_within(assets, text, 40, 300, 2)
    assert len(laid.lines) <= 2 and laid.size < 40
    assert all(assets.font(laid.size).size(line)[0] <= 300 for line in laid.lines)
    floor = text_flow.lines_within(assets, text, 40, 60, 1)
    assert floor.size == MIN_TEXT_PX and len(floor.lines) > 1, "at the floor it keeps every line"


def test_a_fitted_font_shortens_only_below_its_smallest_size(assets: Assets) -> None:
    font, text = text_flow.fitted_font(assets, "Ana", 40, 400, 20)
    assert text == "Ana" and font.size("Ana")[0] <= 400
    font, text = text_flow.fitted_font(assets, "A very long name indeed", 40, 60, 20)
    assert text.endswith("…") and font.size(text)[0] <= 60


def test_a_button_measures_the_width_its_label_needs_whole(assets: Assets, monkeypatch: pytest.MonkeyPatch) -> None:
    button = Button("Save the table", lambda: None)
    width = button.measure(assets, 24, 60)
    assert width == assets.font(24, bold=True).size("Save the table")[0] + 20
    drawn: list[tuple[int, str]] = []
    real = Assets.font

    class Noting:
        def __init__(self, font: pygame.font.Font, size: int) -> None:
            self.font, self.size_asked = font, size

        def __getattr__(self, name: str) -> Any:
            return getattr(self.font, name)

        def render(self, text: str, *args: Any) -> pygame.Surface:
            drawn.append((self.size_asked, text))
            return self.font.render(text, *args)

    monkeypatch.setattr(Assets, "font", lambda self, size, bold=False: Noting(real(self, size, bold), size))
    surface = pygame.Surface((400, 100))
    for room in (width, width - 40):
        button.rect = pygame.Rect(0, 0, room, 60)
        button.draw(surface, assets, 24)
    assert drawn[0] == (24, "Save the table"), "at its measured width the label is whole, at its size"
    assert drawn[1] != (24, "Save the table"), "narrower, it shrinks or is cut"
