"""The README contract: CI runs exactly the README's test command, and the play command exists."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _commands(text: str) -> list[str]:
    return [line.strip() for block in re.findall(r"```bash\n(.*?)```", text, re.S) for line in block.splitlines() if line.strip()]


def test_ci_runs_the_readme_test_command():
    readme = _commands((ROOT / "README.md").read_text())
    test_commands = [c for c in readme if "pytest" in c]
    assert len(test_commands) == 1, test_commands
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_commands[0] in ci


def test_readme_play_command_names_a_registered_game():
    from zedlab.games import GAMES

    readme = _commands((ROOT / "README.md").read_text())
    play = [c for c in readme if "zedlab play" in c]
    assert play, "the README must say how to install and play"
    game = play[0].split("zedlab play", 1)[1].split()[0]
    assert game in GAMES


def test_readme_parquet_example_runs_with_the_sim_extra(tmp_path, monkeypatch):
    """The README's Python example opens a simulation's Parquet file with what the `sim`
    extra installs (pyarrow), not pandas."""
    import textwrap

    import pytest

    pq = pytest.importorskip("pyarrow.parquet")
    from zedlab.sim import run

    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    examples = [textwrap.dedent(b) for b in blocks if "results.parquet" in b]
    assert examples, "the README must say how to open the Parquet results"
    assert not any("pandas" in b for b in examples)
    pq.write_table(run("dont-look-back", 4, seed=1, workers=1), tmp_path / "results.parquet")
    monkeypatch.chdir(tmp_path)
    for example in examples:
        scope: dict[str, object] = {}
        exec(example, scope)  # noqa: S102 - the README's own example
        assert len(scope["rows"]) == 4
