"""The server of a real SMB share stopped during a lesson (`benchmarks.outage`): computers
calling `record`, running games, the teacher's `report`, and a game started while the server is
away. Nothing crashes, every `record` succeeds, and every result reaches the class once the
server is back; `record` and `report` under an unmounted mount point make nothing there.

A shorter lesson than the benchmark's: 8 computers and the server away for 10 s (the benchmark
has 30 computers and 60 s). Needs root, /dev/fuse and Debian's `samba` and `smbnetfs`; skipped
without them."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_samba_share import NEEDS_A_SHARE

from benchmarks.outage import options, run_outage

pytestmark = NEEDS_A_SHARE


def test_a_server_away_for_a_while_loses_nothing_and_crashes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path / "here"))  # the run's own store reads set it again
    figures = run_outage(options(writers=8, games=1, children=8, seconds=32, spacing=4, outage_at=6, outage=10))
    assert figures.tracebacks == []
    assert figures.exits == {"0": figures.calls}, figures.exits
    assert figures.game_exits == [0, 0], figures.game_problems  # the game running, and the one started meanwhile
    assert set(figures.report_exits) == {"0"}, figures.report_exits
    # The outage bit: results were kept on the computers and the games' stores said so.
    assert figures.kept_on_computer > 0
    assert all(frames > 0 for frames in figures.game_frames_away), figures.game_frames_away
    assert figures.game_wins > 0
    # The game started while the server was away showed the class once it was back, asked by nobody.
    assert all(shown >= 8 for shown in figures.game_children_shown), figures.game_children_shown
    assert figures.lost_after_flush == 0, f"{figures.lost_after_flush} of {figures.results} results lost"
    assert figures.lost_in_report == 0
    unmounted = figures.unmounted
    assert unmounted["empty"], unmounted.get("made_under_mount_point", unmounted)
    for place in ("share path", "just under the mount point"):
        said = unmounted[place]
        assert said["record_exit"] == 0 and said["record_says_away"], said
        assert said["report_says_away"] and not said["traceback"], said
    assert unmounted["kept_result_delivered"]
