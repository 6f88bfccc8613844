"""Golden playthroughs of Run, Fight, or Die!: regenerated from each file's header, compared.

After an intended rule change: ``python -m zedlab.core.golden run-fight-or-die``.
"""

from pathlib import Path

import pytest

from zedlab.core.golden import DEFAULT_DIR, dump, parse_header
from zedlab.games.run_fight_or_die import game

FILES = sorted(Path(DEFAULT_DIR, "run-fight-or-die").glob("*.txt"))


def test_golden_files_exist():
    assert FILES, "no golden file for run-fight-or-die"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_playthrough(path):
    text = path.read_text()
    name, config, seed = parse_header(text)
    assert name == game.name
    fresh = dump(game, config, seed).splitlines()
    for i, (want, got) in enumerate(zip(text.splitlines(), fresh, strict=False)):
        assert got == want, f"{path.name} line {i + 1} differs"
    assert len(fresh) == len(text.splitlines())
