"""Machine instructions per decision of random playouts, counted by valgrind's callgrind.

Instruction counts do not depend on what else the machine runs, so two versions of the
engine can be compared on a busy machine where CPU-time rates drift by a quarter from one
run to the next. Each figure is the count of a run of ``N`` seeded games (set-up included,
through ``Match.play``) minus that of a run of none (start-up, imports, content), divided
by the decisions played. ``pig`` is the Pig test game (``tests/core/pig.py``): its rules
are a few lines, so its figure is the core's own cost per decision. ``python_liars_poker`` and ``backgammon`` run OpenSpiel's games
with the loop of ``playouts.py`` (steps instead of decisions).

    python benchmarks/instructions.py [GAME:N ...]
    python benchmarks/instructions.py survive-alive:15 python_liars_poker:300
    python benchmarks/instructions.py run-fight-or-die/sample:200

``GAME/sample:N`` counts instructions per ``InfoSet.sample`` (determinize) instead: N
rounds over the information sets of ``playouts.py``'s five mid-game states.

The tree the script is in is measured (its ``src`` comes first on the path), so a copy
of an older commit measures that commit.

Each run has ``PYTHONHASHSEED=0`` unless the variable is set: the order of sets and dicts
of strings, and so the work some rules do, changes with the hash seed (the games' results
do not), and one Here's Negan figure moved by a tenth from one seed to another.

Instructions are not time (a game that misses the cache more takes longer per
instruction); ``playouts.py`` gives the rates, this the repeatable comparison.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

DEFAULT = ["pig:300", "survive-alive:15", "dont-look-back:50", "if-im-going-down:30",
           "run-fight-or-die:40", "heres-negan:8", "python_liars_poker:300", "backgammon:10"]

_OURS = """
import sys
sys.path[:0] = [{root!r} + "/src", {root!r}]
import zedlab
from zedlab.core import RNG, Match
if {name!r} == "pig":
    from tests.core.pig import pig as game
else:
    game = zedlab.get({name!r})
Match.new(game, seed=1)
chooser = RNG.from_seed(1)
decisions = 0
for seed in range(100, 100 + {n}):
    m = Match.new(game, seed=seed)
    while (d := m.decision) is not None:
        m.play(chooser.choice(d.options))
        decisions += 1
print(decisions)
"""

_SAMPLES = """
import sys
sys.path[:0] = [{root!r} + "/src", {root!r}, {root!r} + "/benchmarks"]
import zedlab
from zedlab.core import RNG
from zedlab.core.infoset import InfoSet
from playouts import _midgame
game = zedlab.get({name!r})
infos = [InfoSet.of(game, s) for s in _midgame(game) if game.decision(s) is not None]
rng = RNG.from_seed(3)
for _ in range({n}):
    for info in infos:
        info.sample(rng)
print({n} * len(infos))
"""

_THEIRS = """
import random
import pyspiel
from open_spiel.python import games  # noqa: F401
game = pyspiel.load_game({name!r})
game.new_initial_state()
rng = random.Random(1)
steps = 0
for _ in range({n}):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            x = rng.random()
            for outcome, prob in state.chance_outcomes():
                x -= prob
                if x <= 0:
                    break
            state.apply_action(outcome)
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        steps += 1
print(steps)
"""


def _count(code: str) -> tuple[int, int]:
    """(instructions, decisions printed) of running ``code`` under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
             sys.executable, "-c", code],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "0")},
        )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1)), int(out.stdout.strip().splitlines()[-1])


def per_decision(name: str, n: int) -> tuple[int, float]:
    """(decisions of ``n`` games, instructions per decision) of game ``name``."""
    root = str(Path(__file__).resolve().parents[1])
    if name.endswith("/sample"):
        name, template = name.removesuffix("/sample"), _SAMPLES
    else:
        template = _THEIRS if name in ("python_liars_poker", "backgammon") else _OURS
    base, _ = _count(template.format(root=root, name=name, n=0))
    total, decisions = _count(template.format(root=root, name=name, n=n))
    return decisions, (total - base) / decisions


def main(argv: list[str] | None = None) -> None:
    for spec in (argv if argv is not None else sys.argv[1:]) or DEFAULT:
        name, _, n = spec.partition(":")
        decisions, instructions = per_decision(name, int(n or 20))
        unit = "sample" if name.endswith("/sample") else "decision"
        print(f"{name:<24} {decisions:>7} {unit}s  {instructions:>10,.0f} instructions/{unit}",
              flush=True)


if __name__ == "__main__":
    main()
