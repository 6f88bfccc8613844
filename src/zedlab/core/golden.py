"""Golden playthroughs: a seeded game dumped as text, step by step.

Each file in ``tests/golden/<game>/`` starts with a header naming the game, config, seed and
bot seed, then for every step the deciding seat's view, the options and the choice. The test
suite regenerates each file from its header and compares line by line, so any behaviour
change shows up as a diff. After an intended rule change, regenerate with::

    python -m zedlab.core.golden            # rewrite every registered game's files
    python -m zedlab.core.golden GAME       # one game
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .engine import Game
from .match import Match, make_config
from .rng import RNG, seed_for

__all__ = ["DEFAULT_DIR", "dump", "parse_header", "write_defaults"]

DEFAULT_DIR = Path(__file__).resolve().parents[3] / "tests" / "golden"


def dump(game: Game[Any], config: dict[str, Any], seed: int, max_steps: int = 5_000) -> str:
    """The text playthrough of a seeded game played by a seeded random chooser.

    Returns:
        the file's text (header lines start with ``#``).
    """
    cfg = make_config(game, config)
    match = Match.new(game, cfg, seed=seed)
    chooser = RNG.from_seed(seed_for("golden", seed))
    lines = [
        f"# game: {game.name}",
        f"# rules_version: {game.rules_version}",
        f"# config: {json.dumps(cfg.model_dump(mode='json'), sort_keys=True)}",
        f"# seed: {seed}",
    ]
    for step in range(max_steps):
        decision = match.decision
        if decision is None:
            break
        view = match.game_view(decision.player)
        lines.append(f"step {step}: seat {decision.player} decides {decision.kind}: {decision.prompt}")
        lines.append("view: " + json.dumps(view, sort_keys=True, separators=(",", ":")))
        for i, option in enumerate(decision.options):
            lines.append(f"  {i}) {option.label} = {json.dumps(option.to_json()['value'])} [{option.kind}]")
        index = chooser.randbelow(len(decision.options))
        lines.append(f"choice: {index}")
        match.play(decision.options[index])
    outcome = match.outcome
    lines.append("outcome: " + (json.dumps(outcome.to_json(), sort_keys=True) if outcome else "unfinished"))
    return "\n".join(lines) + "\n"


def parse_header(text: str) -> tuple[str, dict[str, Any], int]:
    """``(game name, config, seed)`` from a golden file's header."""
    head = {}
    for line in text.splitlines():
        if not line.startswith("# "):
            break
        key, _, value = line[2:].partition(": ")
        head[key] = value
    return head["game"], json.loads(head["config"]), int(head["seed"])


def write_defaults(names: list[str] | None = None, directory: Path = DEFAULT_DIR) -> list[Path]:
    """Regenerate every golden file of the named (default: all registered) games.

    Existing files are regenerated from their own headers; a game with none gets one file
    for its default config and seed 1.
    """
    from .registry import get
    from .registry import names as registered

    written = []
    for name in names or registered():
        game = get(name)
        folder = directory / name
        folder.mkdir(parents=True, exist_ok=True)
        files = sorted(folder.glob("*.txt"))
        if not files:
            files = [folder / "default-seed1.txt"]
            files[0].write_text(dump(game, {}, 1))
        for path in files:
            _, config, seed = parse_header(path.read_text())
            path.write_text(dump(game, config, seed))
            written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - a maintenance script
    for p in write_defaults(sys.argv[1:] or None):
        print(p)
