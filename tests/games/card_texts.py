"""Shared checks of a game's card texts (``Game.card_texts``): every named thing of the
content has a short text, and what views and option labels name can be looked up."""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from zedlab.core import Action, ContentError, Match
from zedlab.core.content import CARD_TEXT_MAX


def check_texts(texts: dict[str, str], names: Iterable[str]) -> None:
    """Every name has a text of 1 to CARD_TEXT_MAX characters with words in it."""
    missing = sorted(n for n in names if n not in texts)
    assert not missing, f"no card text for {missing}"
    for name, text in texts.items():
        assert text.strip() and len(text) <= CARD_TEXT_MAX, (name, text)


def random_decisions(game: Any, seeds: Iterable[int], limit: int = 4000, **options: Any) -> Iterator[tuple[Match, Any]]:
    """``(match, decision)`` at every decision of random games of ``game`` (one per seed)."""
    for seed in seeds:
        m = Match.new(game, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(limit):
            if m.over:
                break
            d = m.decision
            yield m, d
            m.play(d.options[rng.randrange(len(d.options))])


def named_in(label: str, texts: dict[str, str]) -> list[str]:
    """The card names of ``texts`` that ``label`` shows (case-insensitive, whole words)."""
    low = label.lower()
    return [n for n in texts if re.search(rf"(?<![\w-]){re.escape(n.lower())}(?![\w-])", low)]


def assert_labels_name_cards(options: Iterable[Action], kinds: set[str], texts: dict[str, str]) -> None:
    """Every option of a kind in ``kinds`` names a card of ``texts`` in its label."""
    for a in options:
        if a.kind in kinds:
            assert named_in(a.label, texts), f"option {a.kind!r} {a.label!r} names no card with a text"


def assert_text_is_required(
    packaged: Path, tmp_path: Path, file: str, old: str, new: str, load: Callable[[Path], Any]
) -> None:
    """A copy of the pack with ``old`` replaced by ``new`` in ``file`` (a text removed or
    emptied) fails to load, with an error naming the file and the field."""
    d = tmp_path / "content"
    shutil.copytree(packaged, d)
    src = (d / file).read_text()
    assert old in src, f"{old!r} is not in {file}"
    (d / file).write_text(src.replace(old, new, 1))
    with pytest.raises(ContentError) as err:
        load(d)
    msg = str(err.value)
    assert file in msg and "text" in msg, msg
