"""The ``zedlab`` command line (Typer).

Each command lives in its own module of this package and registers itself on :data:`app`
with ``@app.command(...)`` (or ``app.add_typer``); every module here is imported at start-up.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="zedlab",
    help="Play, simulate and study zombie-survival tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain click help for every command, like `zedlab play`'s (no boxes or type labels).
    rich_markup_mode=None,
)



@app.callback()
def _root() -> None:
    """Play, simulate and study zombie-survival tabletop games."""


def _load_commands() -> None:
    """Import every module of this package: each registers its commands on ``app``."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


_load_commands()


def main() -> None:
    """Entry point of the ``zedlab`` console script.

    A :class:`~zedlab.core.errors.ZedLabError` ends the program with its message and exit
    code 2, never a traceback.
    """
    import sys

    from ..core.errors import ZedLabError

    try:
        app()
    except ZedLabError as exc:
        print(f"zedlab: {exc}", file=sys.stderr)
        sys.exit(2)
