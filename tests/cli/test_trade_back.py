"""Survive Alive: a trade with the supply can be backed out of with ``0`` before a cube is
given, like going back up a group (README: ``0`` goes back)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import zedlab
from zedlab.cli.render import make_console
from zedlab.cli.session import Session, default_seats
from zedlab.core import Match


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path))


def _to_trade(game, match: Match) -> None:
    """Play first options until seat 0 may trade at its Spend decision."""
    while match.decision is not None:
        d = match.decision
        if d.kind == "spend" and d.player == 0 and any(a.kind == "trade" for a in d.options):
            return
        match.play(d.options[-1] if d.kind == "spend" else d.options[0])
    raise AssertionError("no trade offered")


def test_zero_backs_out_of_a_trade_before_any_cube_is_given() -> None:
    """"1. Spend Resource Cubes" (trading with the supply): choosing Trade then ``0`` comes
    back to the Spend question with nothing given; once a cube is given, ``0`` is no key."""
    game = zedlab.get("survive-alive")
    match = Match.new(game, {"players": 1}, seed=5)
    _to_trade(game, match)
    before = len(match.steps)
    out = io.StringIO()
    seats = default_seats(game.seats(match.config), game.bot_kinds())
    lines = iter(["4", "0", "quit"])
    asked: list[str] = []

    def read_line(prompt: str) -> str:
        out.write(prompt)
        answer = next(lines) if prompt.startswith("choose") else ""
        asked.append(prompt)
        out.write(answer + "\n")
        return answer

    session = Session(match, seats, make_console(out), read_line)
    assert session.run() == 0
    text = out.getvalue()
    assert "(0 back)" in [p for p in asked if p.startswith("choose")][1]
    assert len(session.match.steps) == before  # the trade was taken back, nothing given
    assert session.match.decision is not None and session.match.decision.kind == "spend"
    assert "Undone: Trade cubes with the supply" in text
    # after a first cube, a trade cannot be backed out of
    session.match.play(next(a for a in session.match.decision.options if a.kind == "trade"))
    session.match.play(session.match.decision.options[0])
    assert not game.backs_out(session.match.state, session.match.decision)
