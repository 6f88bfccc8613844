"""The ``zedlab`` command line (Typer).

Each command lives in its own module and registers itself on :data:`app`.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="zedlab",
    help="Play, simulate and study zombie-survival tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)



@app.callback()
def _root() -> None:
    """Play, simulate and study zombie-survival tabletop games."""


from . import games as _games  # noqa: E402,F401  (registers commands)


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
