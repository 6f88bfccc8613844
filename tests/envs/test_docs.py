"""docs/envs.md: its quick starts run, and its tables name every slot and action."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zedlab.envs import docs, spec

DOC = Path(__file__).resolve().parents[2] / "docs" / "envs.md"
GAME_NAMES = ("dont-look-back", "survive-alive", "zedlab_dont_look_back")


def quick_starts() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_there_is_a_quick_start_of_at_most_ten_lines_per_library() -> None:
    blocks = quick_starts()
    assert len(blocks) == 3
    for block in blocks:
        code = [line for line in block.splitlines() if line.strip()]
        assert len(code) <= 10, block


@pytest.mark.parametrize("index", range(3))
def test_each_quick_start_runs_on_pig(index: int) -> None:
    """The quick starts name real games; run on Pig they exercise the same calls."""
    pytest.importorskip("pyspiel")
    from zedlab.envs import openspiel

    openspiel.register("pig")
    code = quick_starts()[index]
    for name in GAME_NAMES:
        code = code.replace(f'"{name}"', '"zedlab_pig"' if name.startswith("zedlab") else '"pig"')
    exec(compile(code, f"docs/envs.md quick start {index}", "exec"), {})


def test_the_tables_list_every_slot_and_action() -> None:
    text = docs.tables("pig")
    sp = spec("pig")
    for slot in sp.encoder.slots():
        assert f"| {slot.index} | `{slot.path}` |" in text
    import re

    covered = set()
    actions = text.split("| action ids |", 1)[1].split("###", 1)[0]
    for first, last, kind in re.findall(r"^\| (\d+)(?:-(\d+))? \| `([^`]+)` \|", actions, re.M):
        ids = range(int(first), int(last or first) + 1)
        assert {sp.space.action(i).kind for i in ids} == {kind}
        covered.update(ids)
    assert covered == set(range(sp.space.size))  # every action id, under its kind
    assert "observation: 8 floats; actions: 5; at most 360 decisions" in text
