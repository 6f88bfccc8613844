"""The layers import one way: front ends speak only the public interface, the core nothing above it.

``cli`` and ``sim`` (and later ``web``, ``envs``) import only ``zedlab`` (its public names),
``zedlab.core`` and ``zedlab.bots`` (and their own modules; the command line also hosts the
simulator's and the server's commands, so ``cli`` may call ``zedlab.sim`` and ``zedlab.web``); ``zedlab.core`` imports nothing of ZedLab outside
itself; ``zedlab.bots`` only the core.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "zedlab"


def imports(path: Path) -> list[str]:
    """The ``zedlab...`` modules a file imports, resolved from relative imports."""
    package = ["zedlab", *path.relative_to(SRC).with_suffix("").parts]
    if package[-1] == "__init__":
        package = package[:-1]
    else:
        package = package[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] == "zedlab"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
                if node.module is None:
                    found += [f"{mod}.{a.name}" for a in node.names]
                else:
                    found.append(mod)
            elif node.module and node.module.split(".")[0] == "zedlab":
                found.append(node.module)
    return found


def allowed(module: str, own: str, may: tuple[str, ...]) -> bool:
    import zedlab

    public = {f"zedlab.{name}" for name in zedlab.__all__}
    return module in public or module == "zedlab" or module.startswith(own) or any(
        module == m or module.startswith(m + ".") for m in may
    )


FRONT_ENDS = ("cli", "sim", "web", "envs")
MAY = {
    "cli": ("zedlab.core", "zedlab.bots", "zedlab.sim", "zedlab.web"),
    "sim": ("zedlab.core", "zedlab.bots"),
    "web": ("zedlab.core", "zedlab.bots"),
    "envs": ("zedlab.core", "zedlab.bots"),
}


@pytest.mark.parametrize("layer", FRONT_ENDS)
def test_front_ends_speak_only_the_public_interface(layer: str) -> None:
    folder = SRC / layer
    if not folder.exists():
        pytest.skip(f"no {layer} package yet")
    bad = [
        f"{p.relative_to(SRC)}: {m}"
        for p in sorted(folder.rglob("*.py"))
        for m in imports(p)
        if not allowed(m, f"zedlab.{layer}", MAY[layer])
    ]
    assert bad == []


def test_the_core_imports_nothing_above_it() -> None:
    bad = [
        f"{p.relative_to(SRC)}: {m}"
        for p in sorted((SRC / "core").rglob("*.py"))
        for m in imports(p)
        if not m.startswith("zedlab.core") and m != "zedlab.__version__"
    ]
    # the package's version string is the one name the core reads from above (records)
    assert bad == []


def test_bots_import_only_the_core() -> None:
    bad = [
        f"{p.relative_to(SRC)}: {m}"
        for p in sorted((SRC / "bots").rglob("*.py"))
        for m in imports(p)
        if not (m.startswith("zedlab.core") or m.startswith("zedlab.bots"))
    ]
    assert bad == []


def test_the_checker_sees_a_forbidden_import(tmp_path: Path) -> None:
    """The resolver is not blind: a relative import of a game from cli is found."""
    fake = SRC / "cli" / "render.py"
    found = imports(fake)
    assert any(m.startswith("zedlab.core") for m in found)
    assert not allowed("zedlab.games.heres_negan.board", "zedlab.cli", ("zedlab.core", "zedlab.bots"))
