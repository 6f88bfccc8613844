"""The bots' strength table (``zedlab.sim.strength``, ``benchmarks/ismcts.py table``):
cells, blocks resumable from the JSONL file, worker counts and Ray giving the same rows,
the summary's intervals, and the docs section."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from zedlab.core.errors import ConfigError
from zedlab.sim import strength
from zedlab.sim.stats import wilson

SPEC = "ismcts:iters=5"


def played(lines: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What a run's lines say about the games (not how long they took)."""
    return [(line["key"], line["block"], line["lineup"], line["rows"]) for line in lines]


def test_cells_swap_the_seats_or_make_teams() -> None:
    cells = strength.cells_of("pig", SPEC)  # Pig has no heuristic bot
    assert [(c.bots, c.seat) for c in cells] == [((SPEC, "random"), 0), ((SPEC, "random"), 1)]
    assert [c.lineup(2) for c in cells] == [[SPEC, "random"], ["random", SPEC]]
    duel = strength.cells_of("dont-look-back", SPEC)
    assert [(c.bots, c.seat) for c in duel] == [
        ((SPEC, "heuristic"), 0), ((SPEC, "heuristic"), 1),
        ((SPEC, "random"), 0), ((SPEC, "random"), 1),
        (("heuristic", "random"), 0), (("heuristic", "random"), 1),
    ]
    teams = strength.cells_of("if-im-going-down", SPEC)
    assert [(c.bots, c.seat) for c in teams] == [((SPEC,), -1), (("heuristic",), -1), (("random",), -1)]
    assert teams[0].lineup(2) == [SPEC, SPEC]


def test_a_stopped_table_resumes_and_workers_do_not_change_it(tmp_path: Path) -> None:
    out = tmp_path / "table.jsonl"
    steps: list[str] = []
    first = strength.run_table(["pig"], 6, out, ismcts=SPEC, block=3, workers=1, progress=steps.append)
    assert len(first) == 4 and len(steps) == 4  # 2 cells x 2 blocks
    text = out.read_text().splitlines()
    assert len(text) == 4
    # a run killed while writing its last block: that line is torn
    out.write_text("\n".join(text[:3]) + "\n" + text[3][: len(text[3]) // 2])
    steps.clear()
    again = strength.run_table(["pig"], 6, out, ismcts=SPEC, block=3, workers=2, progress=steps.append)
    assert len(steps) == 1  # only the missing block is played
    assert played(again) == played(first)
    # a larger table keeps what was played and adds blocks
    steps.clear()
    more = strength.run_table(["pig"], 9, out, ismcts=SPEC, block=3, workers=1, progress=steps.append)
    assert len(steps) == 2 and played(more)[:2] == played(first)[:2]
    row, = strength.summarise(more)
    assert row["games"] == 18 and row["bots"] == [SPEC, "random"] and row["faults"] == 0


def test_only_plays_the_named_bots_and_played_reads_what_is_there(tmp_path: Path) -> None:
    out = tmp_path / "table.jsonl"
    steps: list[str] = []
    duel = strength.run_table(
        ["dont-look-back"], 1, out, ismcts=SPEC, block=1, workers=1, progress=steps.append,
        only=["heuristic", "random"],
    )
    assert [line["lineup"] for line in duel] == [["heuristic", "random"], ["random", "heuristic"]]
    assert len(steps) == 2
    # Pig has no heuristic bot: nothing of it is named
    assert strength.run_table(["pig"], 1, out, ismcts=SPEC, block=1, only=["ismcts", "heuristic"]) == []
    # the blocks played so far, whatever the games asked: nothing is played
    steps.clear()
    so_far = strength.run_table(
        ["dont-look-back"], 500, out, ismcts=SPEC, block=1, progress=steps.append, play=False,
    )
    assert steps == [] and played(so_far) == played(duel)
    with pytest.raises(ConfigError, match="only: bots are ismcts, heuristic and random"):
        strength.run_table(["pig"], 1, out, only=["greedy"])


def test_bad_arguments_are_refused_before_playing(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    with pytest.raises(ConfigError, match="iters='0' expects a whole number >= 1"):
        strength.run_table(["pig"], 4, out, ismcts="ismcts:iters=0")
    with pytest.raises(ConfigError, match="no-such-game"):
        strength.run_table(["no-such-game"], 4, out)
    with pytest.raises(ConfigError, match="whole numbers >= 1"):
        strength.run_table(["pig"], 0, out)
    assert not out.exists()


def line(game: str, bots: list[str], seat: int, block: int, rows: list[tuple[list[float], list[int]]]) -> dict[str, Any]:
    return {
        "key": "k", "block": block, "game": game, "bots": bots, "seat": seat, "lineup": [],
        "seed": 0, "wall_s": 1.0, "cpu_s": 2.0,
        "rows": [{"scores": s, "winners": w, "error": None} for s, w in rows],
    }


def test_summary_counts_shares_and_pairs_teams() -> None:
    duel = [
        line("g", ["a", "b"], 0, 0, [([3, 1], [0]), ([1, 1], [0, 1])]),
        line("g", ["a", "b"], 1, 0, [([5, 2], [0]), ([0, 4], [1])]),
    ]
    row, = strength.summarise(duel)
    # seat 0: a win and a shared win; seat 1: a loss and a win
    assert row["games"] == 4 and row["rate"] == pytest.approx(2.5 / 4)
    assert (row["low"], row["high"]) == wilson(2, 4)  # the shared half is rounded
    assert row["score"][0] == pytest.approx((2 + 0 - 3 + 4) / 4)
    assert row["cpu_s_per_game"] == pytest.approx(4.0 / 4)
    teams = [
        line("h", ["x"], -1, 0, [([10, 10], [0, 1]), ([4, 4], [])]),
        line("h", ["y"], -1, 0, [([6, 6], []), ([5, 5], [])]),
    ]
    x, y = strength.summarise(teams)
    assert x["rate"] == 0.5 and y["rate"] == 0.0
    assert x["difference"]["against"] == "y"
    assert x["difference"]["mean"][0] == pytest.approx(((10 - 6) + (4 - 5)) / 2)
    assert "difference" not in y
    text = strength.markdown([row, x, y], {"g": "Game G"})
    assert "| Game G | `a` | `b` | 4 | 62.5% |" in text
    assert "| h | `x` | 2 | 50.0% |" in text and "+1.5" in text


def test_docs_section_is_replaced_and_nothing_else(tmp_path: Path) -> None:
    doc = tmp_path / "bots.md"
    doc.write_text(f"# Bots\n\nbefore\n{strength.DOCS_START}\nold table\n{strength.DOCS_END}\nafter\n")
    strength.write_docs(doc, "| new | table |\n")
    assert doc.read_text() == (
        f"# Bots\n\nbefore\n{strength.DOCS_START}\n| new | table |\n{strength.DOCS_END}\nafter\n"
    )
    plain = tmp_path / "plain.md"
    plain.write_text("# nothing to replace\n")
    with pytest.raises(ConfigError, match="no strength-table section"):
        strength.write_docs(plain, "x")
    assert plain.read_text() == "# nothing to replace\n"


def test_the_table_runs_on_ray_with_the_same_rows(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    local = strength.run_table(["pig"], 4, tmp_path / "local.jsonl", ismcts=SPEC, block=2, workers=1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        remote = strength.run_table(["pig"], 4, tmp_path / "ray.jsonl", ismcts=SPEC, block=2, workers=2, ray=True)
    finally:
        ray.shutdown()
    assert played(remote) == played(local)
    assert all(line["cpu_s"] is None for line in remote)
    assert json.loads((tmp_path / "ray.jsonl").read_text().splitlines()[0])["rows"] == local[0]["rows"]


def test_played_reads_without_touching_the_file(tmp_path: Path) -> None:
    """``play=False`` only reads: a missing file (or a folder) is refused by name and no
    folder is made for it; a torn last line (a run still writing it) is skipped, not cut
    off the file under the run that is writing."""
    missing = tmp_path / "nowhere" / "table.jsonl"
    with pytest.raises(ConfigError, match="table.jsonl does not exist"):
        strength.run_table(["pig"], 1, missing, ismcts=SPEC, play=False)
    assert not missing.parent.exists()
    with pytest.raises(ConfigError, match="is not a file"):
        strength.run_table(["pig"], 1, tmp_path, ismcts=SPEC, play=False)
    out = tmp_path / "table.jsonl"
    strength.run_table(["pig"], 1, out, ismcts=SPEC, block=1, workers=1)
    body = out.read_text() + '{"key": "half a li'
    out.write_text(body)
    assert len(strength.run_table(["pig"], 1, out, ismcts=SPEC, block=1, play=False)) == 2
    assert out.read_text() == body


def test_a_file_of_other_things_is_refused_or_skipped(tmp_path: Path) -> None:
    """A file that is not UTF-8 text is refused with its name; lines that are JSON but not
    blocks (a key that is not text, a block that is not a number) are skipped."""
    binary = tmp_path / "table.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage\n")
    with pytest.raises(ConfigError, match="table.jsonl is not a JSONL file of played blocks"):
        strength.run_table(["pig"], 1, binary, ismcts=SPEC, play=False)
    odd = tmp_path / "odd.jsonl"
    odd.write_text('{"key": ["a"], "block": 0}\n{"key": "k", "block": [1]}\n[1, 2]\n"text"\n')
    assert strength.run_table(["pig"], 1, odd, ismcts=SPEC, block=1, play=False) == []


def test_only_names_the_bots_that_are_not_known(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="got 'greedy'$"):
        strength.run_table(["pig"], 1, tmp_path / "t.jsonl", only=["heuristic", "greedy"])


@pytest.mark.parametrize("args, message", [
    (["--only", ","], "--only names no bot"),
    (["--only", "ismcts,bogus"], "got 'bogus'"),
    (["--played"], "does not exist"),
])
def test_the_table_command_answers_bad_input_in_one_line(tmp_path: Path, args: list[str],
                                                         message: str) -> None:
    """``benchmarks/ismcts.py table``: a bad ``--only`` or a ``--played`` without a file
    is a one-line error and exit status 1, not a traceback."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    done = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "ismcts.py"), "table", "survive-alive", "--games", "1",
         "--out", str(tmp_path / "t.jsonl"), *args],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("error: ") and message in done.stderr, done.stderr


def test_blocks_of_a_search_cut_at_the_round_have_keys_of_their_own() -> None:
    """Survive Alive's search stops its playouts where the round ends (``cut=stage``): its
    blocks are keyed apart from those of the search cut at a fixed depth; a game without
    stages keeps the keys it had (no ``cut`` field), so its played blocks still count."""
    import zedlab.sim.strength as module

    def key(game: str, spec: str, cell: int = 0) -> dict[str, Any]:
        rules = module.registry.get(game)
        c = module.cells_of(game, spec)[cell]
        config = module.make_config(rules, None).model_dump(mode="json")
        return json.loads(module._key(c, rules.rules_version, config, 1, 10, module._cut(rules, c, spec)))

    assert key("survive-alive", "ismcts")["cut"] == "stage"
    assert "cut" not in key("survive-alive", "ismcts:cut=depth")
    assert "cut" not in key("dont-look-back", "ismcts")
    assert "cut" not in key("survive-alive", "ismcts", cell=4)  # heuristic against random
