"""Golden playthroughs of If I'm Going Down... still match, line by line.

Regenerate after an intended rule change with ``python -m zedlab.core.golden if-im-going-down``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from zedlab.core.golden import DEFAULT_DIR, dump, parse_header
from zedlab.games.if_im_going_down import game

FILES = sorted((DEFAULT_DIR / "if-im-going-down").glob("*.txt"))


def test_golden_files_exist() -> None:
    """The registered game has golden playthroughs (solo, 3 players, Zombie Player)."""
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_playthrough(path: Path) -> None:
    """Replaying the header's config and seed gives the same text."""
    text = path.read_text()
    name, config, seed = parse_header(text)
    assert name == game.name
    fresh = dump(game, config, seed).splitlines()
    old = text.splitlines()
    for i, (a, b) in enumerate(zip(old, fresh, strict=False)):
        assert a == b, f"{path.name} line {i + 1} differs"
    assert len(old) == len(fresh)
