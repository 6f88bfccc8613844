"""Golden playthroughs: every registered game has at least one, and each still replays exactly."""

from pathlib import Path

import pytest

import zedlab
from zedlab.core.golden import dump, parse_header
from zedlab.games import GAMES

from .pig import pig

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
FILES = sorted(GOLDEN.glob("*/*.txt"))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_game_has_a_golden_file(name):
    assert list((GOLDEN / name).glob("*.txt")), (
        f"{name} has no golden playthrough; run: python -m zedlab.core.golden {name}"
    )


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_golden_playthrough_matches(path):
    expected = path.read_text().splitlines()
    name, config, seed = parse_header(path.read_text())
    game = pig if name == "pig" else zedlab.get(name)
    actual = dump(game, config, seed).splitlines()
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"{path.name} line {i + 1} differs:\n expected: {want}\n actual:   {got}"
    assert len(actual) == len(expected), f"{path.name}: length {len(actual)} != {len(expected)}"
