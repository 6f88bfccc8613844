"""Write the observation and action tables of ``docs/envs.md``.

    python -m zedlab.envs.docs [--write docs/envs.md] [GAME ...]

For each game (default: every registered game) and each of its main configs it lists every
observation slot (index, view path, meaning, range seen while the layout was learnt) and
every action id. With ``--write FILE`` the tables replace what stands between the
``<!-- tables:begin -->`` and ``<!-- tables:end -->`` lines of FILE; otherwise they are
printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import zedlab

from .common import main_configs, spec

BEGIN = "<!-- tables:begin -->"
END = "<!-- tables:end -->"


def _range(lo: float, hi: float) -> str:
    if lo > hi:
        return "not seen"
    if lo == hi:
        return f"{lo:g}"
    return f"{lo:g} to {hi:g}"


def tables(name: str) -> str:
    """The markdown tables of game ``name`` (a note if it has no action catalogue)."""
    game = zedlab.get(name)
    try:
        game.action_space(game.Config())
        game.max_decisions(game.Config())
    except NotImplementedError as exc:
        return f"### {name}\n\nNot available yet: {exc}.\n"
    out = []
    for config in main_configs(name):
        sp = spec(name, **config)
        label = json.dumps(config) if config else "default config"
        out.append(f"### {name} ({label})\n")
        out.append(f"Seats: {sp.seats}; co-operative: {'yes' if sp.cooperative else 'no'}; "
                   f"observation: {sp.encoder.size} floats; actions: {sp.space.size}; "
                   f"at most {sp.max_decisions} decisions.\n")
        out.append("| slot | view path | meaning | range seen |")
        out.append("| ---: | --- | --- | --- |")
        for s in sp.encoder.slots():
            path = s.path or "(view)"
            meaning = s.meaning.replace("|", "\\|")
            out.append(f"| {s.index} | `{path}` | {meaning} | {_range(s.low, s.high)} |")
        out.append("")
        out.append("| action ids | kind | values (in id order) |")
        out.append("| ---: | --- | --- |")
        runs: list[tuple[int, int, str, list[str]]] = []
        for i, a in enumerate(sp.space):
            value = json.dumps(a.to_json()["value"]).replace("|", "\\|")
            if runs and runs[-1][2] == a.kind:
                first, _, kind, values = runs[-1]
                runs[-1] = (first, i, kind, [*values, value])
            else:
                runs.append((i, i, a.kind, [value]))
        for first, last, kind, values in runs:
            ids = str(first) if first == last else f"{first}-{last}"
            shown = ", ".join(f"`{v}`" for v in values[:6])
            if len(values) > 6:
                shown += f", ... `{values[-1]}` ({len(values)} values)"
            out.append(f"| {ids} | `{kind}` | {shown} |")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games (default: every registered game)")
    parser.add_argument("--write", type=Path, help="the file whose tables to replace")
    args = parser.parse_args(argv)
    text = "\n".join(tables(name) for name in (args.games or zedlab.games()))
    if args.write is None:
        sys.stdout.write(text)
        return 0
    doc = args.write.read_text(encoding="utf-8")
    if BEGIN not in doc or END not in doc:
        print(f"{args.write} has no {BEGIN} ... {END} section", file=sys.stderr)
        return 1
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    args.write.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
