"""The terminal game loop behind ``zedlab play``: seats, bots, prompts, commands.

Seats
-----
Each seat is ``"human"`` or a bot spec: one of the game's bots (``game.bot_kinds()``) or a
generic one (``ismcts``), with parameters where it takes them (``ismcts:iters=200``); see
:func:`zedlab.bots.make`.
By default seat 0 is human and every other seat is the game's best bot: ``"heuristic"`` if the
game has one, else ``"random"`` (:func:`best_bot`).

Bots are reproducible from the seed: the bot deciding at step ``k`` (the ``k``-th action of
the game, 0-based) in seat ``s`` gets its own generator ``RNG.from_seed(seed_for(seed, "bot",
s, k))`` (:func:`bot_rng`). A bot sees only ``match.view(seat)``. So a game with the same
seed and the same human choices plays out the same, including after a save and a load.

At a human prompt
-----------------
Each option has a key (:mod:`zedlab.cli.keys`): a number, or for an option naming one die
the first letter of its label and the die's number (``r4``). While the same seat answers the
same kind of decision again, an option keeps its key and one just gone is listed greyed.
Several keys in one line are played in turn while the question repeats (``r 1 4 5``:
reroll dice 1, 4 and 5; at a die-by-die decision the dice the line skips get the other
choice, keep), stopping with a message at the first no longer offered. A long decision the
game groups (more than :data:`~zedlab.cli.menus.GROUP_OVER` options) is listed a group at a
time: a key opens a group, ``0`` or ``back`` goes up one. Commands: ``undo`` (between
people, the core's undo policy: only your own last choice, never across dice, draws or
reveals, nor after another seat decided; when every other seat is a bot, back to your
previous choice over the bots' moves, as long as none of those steps rolled, drew or
revealed anything), ``save FILE`` (the record, plus the seats and event log in ``FILE``'s
sidecar, see :mod:`zedlab.cli.saves`), ``log N`` (the last N event lines; ``log``: all of
them in a pipe, the last screenful on a terminal; games keep only their last lines, so the
session collects them and keeps them in the sidecar), ``why`` (the last event line giving a
reason), ``info NAME`` / ``info`` (a card's short text from ``game.card_texts``; every card
named on the table or in the options), ``legend`` (the key of the game's table, which the
screen leaves out), ``help`` (``game.rules_reference(decision.kind)`` -> (rulebook section,
summary), plus the commands), ``show`` (draw the table whole) and ``quit`` (autosave,
exit 0). Anything else prints one line and asks again; the game is unchanged. End of input
autosaves and exits 0; Ctrl-C autosaves and exits 130. The game is autosaved after every
decision (see :mod:`zedlab.cli.saves`); a finished game is also written to its own file in
``records/``, whose path is printed.

A decision with a single option is played for a human seat without asking, and shown as
an event line ("Seat 0 (you): Stop rolling (the only choice)"), unless the game lists its
kind among those to read first (the render module's ``ASK_SINGLE``: a loss, another
player's offer), the seat is at a hot-seat game and sees something hidden, or the session
was started with ``ask_single`` (``zedlab play --ask-single``); see :func:`plays_itself`.
``undo`` steps back over such moves to the player's last real choice (in a loaded or resumed
game too: :func:`only_option_steps` finds them in its record).

The screen of a decision (:mod:`zedlab.cli.screen`) fits the terminal. With ``pause`` (a
person at a terminal, no ``--fast``) play waits for Enter after the player's own results
and after each bot move (``s`` skips to the player's next decision), and before a
player's question when more events came since that player last saw them than the screen
has lines for (a phase the rules play alone): they are printed whole first, then Enter goes
on to the question.

Hot-seat
--------
With several human seats, when the seat at the keyboard changes and either seat can see
something a spectator cannot (:func:`sees_hidden`), the screen is cleared (on a terminal)
and play pauses until the next player presses Enter. For the same reason a bot's choice is
named on screen only when its seat sees nothing a spectator does not, or when its kind is one
of the game's ``public_choices`` (a choice the game tells every seat, such as a draft pick).
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from ..bots import choose
from ..bots import make as make_bot
from ..core.engine import Action, Decision
from ..core.errors import IllegalAction, ZedLabError
from ..core.match import Match
from ..core.rng import RNG, seed_for
from ..core.view import option_warning
from .keys import KeyBook, split_keys
from .menus import Menu, paths_for
from .render import (
    compact_for,
    compact_view,
    legend_text,
    outcome_table,
    render_view,
    strip_legend,
)
from .saves import (
    Autosaver,
    DataDirError,
    EventLog,
    is_record_file,
    is_sidecar_file,
    keep_finished,
    path_lines,
    seats_path,
    shown_path,
    write_sidecar,
)
from .screen import Screen, hanging_wrap, names_word, without_lines, wrap_words

__all__ = [
    "HUMAN",
    "Session",
    "best_bot",
    "bot_choice",
    "bot_rng",
    "default_seats",
    "seat_names",
    "shown_text",
    "is_number",
    "named_line",
    "discard_typeahead",
    "only_option_steps",
    "plays_itself",
    "sees_hidden",
    "unique_names",
]

HUMAN = "human"
_EVENTS_SHOWN = 12
_HINT = "(or type: undo, log N, why, info NAME, help, legend, show, save FILE, quit)"
"""The commands under each listing (the prompt below it asks for a key): one line of at
most 79 columns, so it is whole on an 80-column terminal."""
_HINT_NO_LEGEND = _HINT.replace(", legend", "")
_BOTS_ON = "Enter: the bots' next move, s: skip to your turn"
_CATCH_UP = "Enter: on to your choice > "
_CATCH_UP_ON = "Enter: on to your choice"
_WORDS = {"undo", "save", "log", "help", "why", "info", "legend", "show", "board", "quit",
          "exit", "back"}


def best_bot(kinds: Mapping[str, Any]) -> str:
    """The bot used by default: ``"heuristic"`` if the game has it, else ``"random"``."""
    if "heuristic" in kinds:
        return "heuristic"
    if "random" in kinds:
        return "random"
    return next(iter(kinds))


def default_seats(seat_count: int, kinds: Mapping[str, Any]) -> list[str]:
    """Seat 0 human, every other seat the best bot."""
    bot = best_bot(kinds)
    return [HUMAN] + [bot] * (seat_count - 1)


def seat_names(seats: list[str], names: Sequence[str | None] = ()) -> list[str]:
    """``"Seat 0 (you)"``, ``"Seat 1 (heuristic bot)"``... for people; where the game names
    a seat (``names[i]``, e.g. its character), that name instead of ``Seat i``:
    ``"The Athlete (you)"``.

    >>> seat_names(["human", "heuristic"], ["The Athlete", None])
    ['The Athlete (you)', 'Seat 1 (heuristic bot)']
    """
    humans = seats.count(HUMAN)
    out = []
    for i, kind in enumerate(seats):
        name = names[i] if i < len(names) and names[i] else f"Seat {i}"
        if kind == HUMAN:
            out.append(f"{name} (you)" if humans == 1 else f"{name} (human)")
        else:
            out.append(f"{name} ({kind} bot)")
    return out


def unique_names(names: Sequence[str | None]) -> list[str | None]:
    """The game's names for the seats, each one several seats share followed by its seat
    (two players on the same Base sheet: ``"Mountain Base (seat 1)"``).

    >>> unique_names(["Forest Base", "Forest Base", None])
    ['Forest Base (seat 0)', 'Forest Base (seat 1)', None]
    """
    shared = {n for n in names if n and names.count(n) > 1}
    return [f"{n} (seat {i})" if n in shared else n for i, n in enumerate(names)]


_SEAT_WORDS = re.compile(r"\b[Ss]eat (\d+)( \(([^()]*)\))?")


def named_line(line: str, names: Sequence[str | None], you: int | None) -> str:
    """An event line with each ``Seat N`` the game names (``names[N]``) written as that
    name, ``(you)`` after the seat ``you``; a ``(name)`` already after it is dropped.

    >>> named_line("-- Turn 2: seat 1 (The Bookworm).", ["The Athlete", "The Bookworm"], 0)
    '-- Turn 2: The Bookworm.'
    >>> named_line("Seat 0 steals a Follower from seat 1.", ["The Athlete", None], 0)
    'The Athlete (you) steals a Follower from seat 1.'
    >>> named_line("Game over: The Bookworm (seat 1) died", [None, "The Bookworm"], 0)
    'Game over: The Bookworm died'
    """
    for seat, given in enumerate(names):
        if given:  # "NAME (seat N)": the name is there already, the seat words go
            own = str(given) + (" (you)" if seat == you else "")
            line = re.sub(
                rf"(?<!\w){re.escape(str(given))} \([Ss]eat {seat}\)", own.replace("\\", "\\\\"), line
            )

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if seat >= len(names) or not names[seat]:
            return match.group(0)
        own = str(names[seat])
        after = match.group(2) if match.group(2) and match.group(3) != own else ""
        return own + (" (you)" if seat == you else "") + after

    return _SEAT_WORDS.sub(name, line)


def bot_rng(seed: int, seat: int, step: int) -> RNG:
    """The generator a bot in ``seat`` uses for the game's ``step``-th action."""
    return RNG.from_seed(seed_for(seed, "bot", seat, step))


def bot_choice(match: Match, bot: Any) -> Action:
    """Ask ``bot`` for the current decision, seeded as :func:`bot_rng` says.

    Raises:
        IllegalAction: if the bot answers with something that is not an option.
    """
    decision = match.decision
    assert decision is not None
    rng = bot_rng(match.seed, decision.player, len(match.steps))
    return choose(bot, match.infoset(), rng)


def sees_hidden(match: Match, seat: int) -> bool:
    """Whether ``seat`` sees something a spectator does not (a hand, a secret token...).

    The public and private parts of the seat's and a spectator's views are compared,
    ignoring private entries that only say who is looking (value ``seat``).
    """
    mine, spectator = match.view(seat), match.view(None)
    if mine["public"] != spectator["public"]:
        return True
    return any(value != seat for value in mine["private"].values())


_REASON_MARKS = ("because", " since ", " so ", ";", ": ", " = ", " + ")


def _render_module(game: Any) -> Any:
    """The module of the game's renderer (for its optional ``focus`` hook)."""
    from .render import renderer_for

    return sys.modules.get(getattr(renderer_for(game), "__module__", ""), None)


def choice_line(game: Any, decision: Decision, action: Action, who: str) -> str:
    """The line saying what ``who`` chose: ``"Forest Base (heuristic bot) loses a herb
    cube"`` where the game's render module words a choice as what the seat does
    (``choice_text(decision, action) -> str | None``), else ``"WHO: LABEL"``."""
    hook = getattr(_render_module(game), "choice_text", None)
    if callable(hook):
        with suppress(Exception):  # words on screen; a hook bug never ends a game
            text = hook(decision, action)
            if text:
                return f"{who} {text}"
    return f"{who}: {action.label or action.kind}"


def _named_in(texts: Mapping[str, str], decision: Decision, view: Any) -> list[str]:
    """The card names (keys of ``texts``, 3 letters or more) found as whole words,
    case-insensitively, in the option labels or the view's values, longest first."""
    where = "\n".join(a.label for a in decision.options)
    where += "\n" + json.dumps(view, ensure_ascii=False, default=str)
    names = sorted((k for k in texts if len(k) >= 3), key=len, reverse=True)
    return [name for name in names if names_word(name, where)]


def plays_itself(game: Any, decision: Decision) -> bool:
    """Whether the terminal plays ``decision`` for a human seat without asking: it has one
    option and its kind is not one the game wants read first (its render module's
    ``ASK_SINGLE``, a collection of decision kinds)."""
    if len(decision.options) != 1:
        return False
    return decision.kind not in getattr(_render_module(game), "ASK_SINGLE", ())


def only_option_steps(match: Match, seats: list[str]) -> set[int]:
    """The steps of ``match`` that a human seat's only option played by itself (see
    :func:`plays_itself`; at a hot-seat game not those of a seat that sees something
    hidden), found by replaying its record: what ``undo`` steps back over after the game
    was saved and loaded again."""
    humans = sum(1 for k in seats if k == HUMAN)
    if not humans:
        return set()
    replay = Match.replay(match.record, match.game, upto=0, content=match.content)
    found: set[int] = set()
    for i, step in enumerate(match.steps):
        decision = replay.decision
        assert decision is not None  # the match itself played this step
        seat = decision.player
        asked = humans > 1 and sees_hidden(replay, seat)  # hot-seat: a hidden thing is asked
        if seats[seat] == HUMAN and plays_itself(match.game, decision) and not asked:
            found.add(i)
        replay.play(step.action)
    return found


class _Quit(Exception):
    """The player typed ``quit``."""


class Session:
    """One game at the terminal.

    Args:
        match: the game (new or loaded).
        seats: ``"human"`` or a bot kind per seat.
        console: where to draw.
        read_line: reads one line of input for a prompt; raises ``EOFError`` at end of input.
        delay: seconds to pause after each bot move (0: none).
        pause: wait for Enter after the player's own results and after each bot move
            (``s`` skips to the player's next decision); for a person at a terminal only.
        interactive: a person types at a terminal: an option the game warns about
            (``game.option_warning(state, decision, action) -> str``, optional) asks
            ``y/n`` first; otherwise the warning is only printed.
        discard_input: throws away the keys typed but not yet read (:func:`discard_typeahead`
            at a terminal); called before the first prompt after a bot's move.
        log: the event log of the game so far, from the sidecar of a resumed or loaded game
            (:func:`zedlab.cli.saves.read_log`); a seat's lines are used only if they end
            with what the game still shows.
    """

    def __init__(
        self,
        match: Match,
        seats: list[str],
        console: Console,
        read_line: Callable[[str], str],
        delay: float = 0.0,
        log: EventLog | None = None,
        pause: bool = False,
        interactive: bool = False,
        ask_single: bool = False,
        discard_input: Callable[[], None] | None = None,
    ) -> None:
        self.match = match
        self.discard_input = discard_input
        self.bot_moved = False
        self.ask_single = ask_single
        # the steps played for a human seat because they were its only option
        self.auto_steps: set[int] = set()
        self.pause = pause
        self.interactive = interactive
        self.skip_bots = False
        self.game = match.game
        self.seats = seats
        # what the game calls each seat (a character, a Base), from its render module's
        # seat_names(view); event lines and headings use it (see _rename)
        self.game_names: list[str | None] = []
        self.names = seat_names(seats)
        self._rename()
        self.console = console
        # in a pipe a line stays one line (transcripts); at a terminal Rich wraps by words
        self.soft = not console.is_terminal
        self.read_line = read_line
        self.delay = delay
        self.bots = {i: make_bot(self.game, k) for i, k in enumerate(seats) if k != HUMAN}
        if match.steps and not ask_single:
            # a loaded or resumed game: which of its steps were a human seat's only option
            self.auto_steps = only_option_steps(match, seats)
        humans = [i for i, k in enumerate(seats) if k == HUMAN]
        self.hot_seat = len(humans) > 1
        # Whose events are printed as bots move: the only human, or a spectator.
        self.watcher: int | None = humans[0] if len(humans) == 1 else None
        # Event lines per seat: the game's last list, those not yet shown, and all seen here
        # (games may keep only their last few lines, so new lines are found by overlap).
        self.tracked: list[int | None] = list(humans) if humans else [None]
        self.pending: dict[int | None, list[str]] = {s: [] for s in self.tracked}
        self.history: dict[int | None, list[str]] = {s: [] for s in self.tracked}
        self.marks: dict[int, dict[int | None, int]] = {}
        # New lines are the events after the last seq seen (the match keeps every event).
        self.seen: dict[int | None, int] = {s: 0 for s in self.tracked}
        self._track()
        self._restore(log or {})
        if self.match.steps:
            # a resumed or loaded game: what happened before is history (`log`), not news
            # to print after the next move
            for seat in self.tracked:
                self.pending[seat] = []
        self.secret: tuple[int, list[str]] | None = None  # a bot's unnamed choices, in a row
        self.last_human: int | None = None
        self.save_path: Path | None = None
        self.save_error: str | None = None
        # rows of start-up lines printed above the first screen, kept in sight over it
        self.above = 0
        # A game loaded already over is shown, not saved again (its record exists).
        self.over_at_start = match.over
        # Where the game is autosaved: the game's autosave, unless another session is
        # autosaving the same game (see zedlab.cli.saves.Autosaver).
        self.saver = Autosaver(self.game.name)
        # Keys of the options (stable while a decision repeats, see zedlab.cli.keys), and
        # keys typed ahead for the next decisions of the same question.
        self.has_legend = bool(legend_text(self.game))
        self.hint = _HINT if self.has_legend else _HINT_NO_LEGEND
        self.screen = Screen(
            console,
            getattr(_render_module(self.game), "focus", None),
            self._cards(),
            legend=self.has_legend,
            pinned=getattr(_render_module(self.game), "pinned", None),
        )
        self.book = KeyBook()
        self.book_at = -1
        self.frame_mark: dict[int, int] = {}
        self.notes: list[str] = []
        self.queue: list[str] = []
        self.queue_run: tuple[int, str] | None = None
        if self.match.steps:
            self._rebuild_keys()

    # -- the loop -----------------------------------------------------------------------
    def run(self, intro: Sequence[str] = ()) -> int:
        """Play until the game ends or the player leaves; returns the exit code.

        ``intro``: the start-up lines (the game's title, seed, seats); at a terminal they
        stay in sight above the first screen, with at most one short line about saves.
        """
        for line in intro:
            self._say(line)
        self.above = sum(self._rows(line) for line in intro)
        try:
            return self._run()
        finally:
            self.saver.close()

    def _run(self) -> int:
        try:
            self._save()
            while not self.match.over:
                decision = self.match.decision
                assert decision is not None
                if self.book_at != len(self.match.steps):
                    self._see(decision)
                if self.queue and self.queue_run != (decision.player, decision.kind):
                    left = shown_text(" ".join(self.queue), _SHOWN_ECHO)
                    self._say(f"Not played: {left} (the question changed)")
                    self.queue, self.queue_run = [], None
                if self.seats[decision.player] == HUMAN:
                    self._human_turn(decision)
                else:
                    self._bot_turn(decision)
                self._save()
        except _Quit:
            self._leave("")
            return 0
        except EOFError:
            self.console.print()
            self._leave("End of input: ")
            return 0
        except KeyboardInterrupt:
            self.console.print()
            self._leave("Interrupted: ")
            return 130
        except ZedLabError:
            self._save()
            raise
        except Exception:
            # A bug in a game or a bot: keep the game, then let the traceback be reported.
            path = self._save()
            if path is None:
                self._say("Internal error; the game so far is not saved")
            else:
                self._say_lines(["Internal error; the game so far is saved to:", *path_lines(path)])
            raise
        self._end_screen()
        return 0

    def _save(self) -> Path | None:
        """Autosave; on a disk problem warn once and play on (``save FILE`` still works).

        Before the first autosave replaces an unfinished game that this one does not continue,
        that game is set aside (:func:`zedlab.cli.saves.set_aside`) and the player told where;
        a game another session is autosaving is never written over
        (:class:`zedlab.cli.saves.Autosaver`).
        """
        if self.over_at_start:
            return None
        try:
            self._say_lines(self.saver.save(self.match, self.seats, self._log_data()))
            self.save_path = self.saver.path
        except (OSError, DataDirError) as exc:
            if self.save_error is None:
                self.save_error = _disk_problem(exc)
                self._say(f"Cannot autosave: {self.save_error}; use save FILE to keep the game.")
            return None
        return self.save_path

    def _leave(self, why: str) -> None:
        """Autosave and say where, when the player leaves before the end."""
        self._flush_secret()
        path = self._save()
        self._say_lines(self.saver.details)
        if path is None:
            self._say(f"{why}the game could not be autosaved: {self.save_error}")
            return
        self._say(f"{why}game saved to:" if why else "Game saved to:")
        if self.saver.is_autosave:
            command = f"  zedlab play {self.game.name} --resume"
            self._say_lines([*path_lines(path), "Continue it with:", command])
        else:
            self._say_lines(path_lines(path, "zedlab play --load"))

    # -- bots ---------------------------------------------------------------------------
    def _bot_turn(self, decision: Decision) -> None:
        seat = decision.player
        # A bot's choice is only named when its seat sees nothing a spectator does not, or
        # when the game says every seat learns that kind of choice.
        public = decision.kind in getattr(self.game, "public_choices", ()) or not sees_hidden(
            self.match, seat
        )
        action = bot_choice(self.match, self.bots[seat])
        who = self.names[seat]  # as it was named when it chose (a choice may rename it)
        self.match.play(action)
        self._track()
        if public:
            self._flush_secret()
            # the decision's own option carries the readable label (a bot may answer with a
            # bare Action of the same kind and value)
            shown = next((o for o in decision.options if o == action and o.label), action)
            self._say(choice_line(self.game, decision, shown, who))
        elif self.secret is not None and self.secret[0] == seat:
            self.secret[1].append(decision.kind)
        else:
            self._flush_secret()
            self.secret = (seat, [decision.kind])
        if not self.hot_seat and self.pending.get(self.watcher):
            self._flush_secret()
            self._print_new_events(self.watcher, indent="    ")
        if self.delay > 0:
            time.sleep(self.delay)
        self.bot_moved = True  # keys typed meanwhile were typed unseen
        upcoming = self.match.decision
        if public and upcoming is not None and self.seats[upcoming.player] != HUMAN:
            self._wait("Enter: next move, s: skip to your turn > ")

    def _ask(self, prompt: str) -> str:
        """Read a line for ``prompt``; after a bot's move, keys typed while it thought (or
        during the delay) are thrown away first, so they answer no question unseen."""
        if self.bot_moved and self.discard_input is not None:
            self.discard_input()
        self.bot_moved = False
        return self.read_line(prompt)

    def _wait(self, prompt: str, moving_on: str = _BOTS_ON) -> bool:
        """Wait for Enter (``s``: no more waiting until the player's next decision). The
        commands that need no question answer here (``undo``, ``save FILE``, ``show``,
        ``log N``, ``why``, ``legend``, ``help``, ``quit``) and the pause is asked again;
        anything else is refused with a message (``moving_on`` says how to go on). True
        when an ``undo`` ended the pause."""
        if not self.pause or self.skip_bots:
            return False
        while True:
            line = self._ask(prompt).strip()
            word, _, rest = line.partition(" ")
            word, rest = word.lower(), rest.strip()
            if not line:
                return False
            if line.lower() == "s":
                self.skip_bots = True
                return False
            if self._pause_command(word, rest, line, moving_on):
                return True

    def _pause_command(self, word: str, rest: str, line: str, moving_on: str = _BOTS_ON) -> bool:
        """One command typed at the pause; True when the pause is over (an undo done)."""
        seat = self.watcher
        if word in ("quit", "exit") and not rest:
            raise _Quit
        if word == "save":
            self._save_to(rest)
        elif word == "help" and not rest:
            self._say(
                f"At this pause: {moving_on}. Also: undo (take back your last choice), "
                "save FILE, show (the table), log N, why"
                + (", legend" if self.has_legend else "")
                + ", quit."
            )
        elif seat is None and word in ("undo", "show", "board", "log", "why", "legend"):
            self._say(f"{word} answers at a person's question, not at this pause; {moving_on}.")
        elif word == "undo" and not rest:
            assert seat is not None
            # against bots the turn may have passed to one already: step back over it
            steps = self.match.steps
            over_bots = not self.hot_seat and bool(steps)
            if self._undo_over_bots(seat, steps) if over_bots else self._undo(seat):
                self.queue, self.queue_run = [], None
                return True
        elif word in ("show", "board") and not rest:
            self.console.print(self._table(seat))
        elif word == "log":
            assert seat is not None
            self._log(seat, rest)
        elif word == "why" and not rest:
            assert seat is not None
            self._why(seat)
        elif word == "legend" and not rest and self.has_legend:
            assert seat is not None
            self._legend(seat)
        elif word == "info":
            self._say(f"info answers at your next question; {moving_on}.")
        elif split_keys(line) is not None or line.isdigit():
            self._say(f"'{shown_text(line)}': there is no question to answer now; {moving_on}.")
        else:
            self._say(f"'{shown_text(line)}' is not a command here; {moving_on}, or help.")
        return False

    def _flush_secret(self) -> None:
        """Say how many choices a bot made in secret since the last line printed."""
        if self.secret is None:
            return
        seat, kinds = self.secret
        self.secret = None
        what = ", ".join(dict.fromkeys(k.replace("-", " ") for k in kinds))
        count = f"{len(kinds)} choices" if len(kinds) > 1 else "a choice"
        self._say(f"{self.names[seat]}: made {count} it keeps secret ({what})")

    # -- events -------------------------------------------------------------------------
    def _rename(self) -> None:
        """Take the seats' names from the game as it stands (its render module's
        ``seat_names(view) -> [name or None per seat]``, from what everyone sees)."""
        hook = getattr(_render_module(self.game), "seat_names", None)
        if not callable(hook):
            return
        try:
            found = list(hook(self.match.game_view(None)))
        except Exception:  # noqa: BLE001 - names are words on screen; never end a game
            return
        self.game_names = unique_names([str(n) if n else None for n in found])
        self.names = seat_names(self.seats, self.game_names)

    def _track(self) -> None:
        """Collect the event lines that appeared since the last call, for every tracked seat
        (each seat the game names written by its name, as it was named before the action)."""
        for seat in self.tracked:
            text = self.game.event_text
            added = [
                named_line(text(e, seat), self.game_names, self.watcher)
                for e in self.match.events(seat, since=self.seen[seat])
            ]
            self.seen[seat] = self.match.seq
            self.pending[seat].extend(added)
            self.history[seat].extend(added)
        self.marks[len(self.match.steps)] = {s: len(self.history[s]) for s in self.tracked}
        self._rename()

    def _restore(self, log: EventLog) -> None:
        """Put back the lines logged before a resume, where they agree with the game (they
        are rebuilt from the record, so a sidecar's copy is only a check)."""
        for seat in self.tracked:
            saved = log.get(seat)
            now = self.history[seat]
            if saved is None or len(saved) < len(now) or (now and saved[-len(now) :] != now):
                continue
            self.history[seat] = list(saved)
        self.marks[len(self.match.steps)] = {s: len(self.history[s]) for s in self.tracked}

    def _log_data(self) -> EventLog:
        return {seat: self.history[seat] for seat in self.tracked}

    def _take_pending(self, seat: int | None) -> list[str]:
        lines = self.pending.get(seat, [])
        self.pending[seat] = []
        return lines

    def _print_new_events(self, seat: int | None, indent: str = "", limit: int = 0) -> None:
        new = self._take_pending(seat)
        if self.match.over:
            new = [line for line in new if not says_game_over(line)]  # the end screen says it
        if limit and len(new) > limit:
            self.console.print(
                Text(f"{indent}({len(new) - limit} earlier lines; type log to see all)")
            )
            new = new[-limit:]
        for line in new:
            self._say_hanging(indent, line)

    # -- humans -------------------------------------------------------------------------
    def _handoff(self, seat: int) -> None:
        """Pause between two human seats when hidden information differs."""
        self._flush_secret()
        previous = self.last_human
        self.last_human = seat
        if not self.hot_seat or previous is None or previous == seat:
            return
        if not sees_hidden(self.match, seat) and not sees_hidden(self.match, previous):
            return
        if self.console.is_terminal:
            self.console.clear()
        self.console.print(Text(f"Pass the device to {self.names[seat]}."), soft_wrap=self.soft)
        answer = self._ask(f"{self.names[seat]}: press Enter when ready (or quit). ")
        if answer.strip().lower() in ("quit", "exit"):
            raise _Quit
        if self.console.is_terminal:
            self.console.clear()

    def _paths(self, state: Any, decision: Decision) -> list[tuple[str, ...]] | None:
        groups = getattr(self.game, "option_groups", None)
        paths = groups(state, decision) if groups is not None else None
        return paths_for(decision.options, paths, always=self._slots(state, decision) is not None)

    def _slots(self, state: Any, decision: Decision) -> tuple[tuple[int, ...], ...] | None:
        """The game's fixed menu numbers for ``decision`` (``option_slots``), if any."""
        slots = getattr(self.game, "option_slots", None)
        return slots(state, decision) if slots is not None else None

    def _subject(self, state: Any, decision: Decision) -> Any:
        """Whom ``decision`` is about, as the game names it (``option_subject``), if it does."""
        subject = getattr(self.game, "option_subject", None)
        return subject(state, decision) if subject is not None else None

    def _see(self, decision: Decision) -> None:
        """Give the key book the decision now pending (once per decision)."""
        human = self.seats[decision.player] == HUMAN
        state = self.match.state
        paths = self._paths(state, decision) if human else None
        self.book.see(decision, paths, human, self._slots(state, decision) if human else None,
                      self._subject(state, decision) if human else None)
        self.book_at = len(self.match.steps)

    def _rebuild_keys(self) -> None:
        self.book.rebuild(self.match, lambda seat: self.seats[seat] == HUMAN, self._paths, self._slots,
                          self._subject)
        self.book_at = len(self.match.steps)

    def _table(self, seat: int | None, legend: bool = False) -> Any:
        table = render_view(self.game, self.match.game_view(seat), seat)
        return table if legend else strip_legend(self.game, table)

    def _show(self, decision: Decision, menu: Menu) -> None:
        self._flush_secret()
        seat = decision.player
        pending = len(self._take_pending(seat))
        history = self.history.get(seat, [])
        # news: on a terminal everything since this seat's last screen (bots' moves
        # included); in a pipe what was not printed yet
        since = len(history) - self.frame_mark.get(seat, len(history) - pending)
        new = since if self.console.is_terminal else pending
        self.frame_mark[seat] = len(history)
        if not self.console.is_terminal:
            self.notes = []
        self.screen.texts = self._notes(seat)
        self.screen.draw(
            f"{self.names[seat]} to choose",
            self._table(seat),
            self.match.game_view(seat),
            [*history, *self.notes],
            min(new, len(history)) + len(self.notes),
            self._question(decision, menu),
            self.book.listing(menu.at),
            menu.can_back,
            self.hint,
            self._compact(seat),
            above=self.above,
        )
        self.notes = []
        self.above = 0  # the start-up lines are in sight over the first screen only

    def _compact(self, seat: int) -> Callable[[int, int], Any] | None:
        """Draws the game's compact table for ``seat`` at a given size (``None``: the game
        has none), for a terminal too small for the whole table."""
        if compact_for(self.game) is None:
            return None
        view = self.match.game_view(seat)
        return lambda width, height: compact_view(self.game, view, seat, width, height)

    def _menu(self, decision: Decision) -> Menu:
        """How ``decision`` is listed: flat, or in the groups the game gives."""
        hook = getattr(self.game, "backs_out", None)
        out = bool(hook(self.match.state, decision)) if hook is not None else False
        return Menu(decision.options, self._paths(self.match.state, decision), out)

    def _question(self, decision: Decision, menu: Menu) -> str:
        question = decision.prompt or decision.kind.replace("-", " ")
        if menu.at:
            question += "  [" + " > ".join(menu.at) + "]"
        return f"{self.names[decision.player]}: {question}"

    def _notes(self, seat: int) -> dict[str, str]:
        """The card texts to show beside ``seat``'s options: the game's render module's
        ``card_notes(view, texts)`` where it has one (a card whose text does not apply to
        the seat yet left out), else every card's."""
        texts = self._cards()
        hook = getattr(_render_module(self.game), "card_notes", None)
        if not callable(hook):
            return texts
        try:
            return dict(hook(self.match.game_view(seat), texts))
        except Exception:  # noqa: BLE001 - notes are help on screen; never end a game
            return texts

    def _show_options(self, decision: Decision, menu: Menu) -> None:
        self.screen.texts = self._notes(decision.player)
        self.screen.options_plain(
            self._question(decision, menu), self.book.listing(menu.at), menu.can_back, self.hint
        )

    def _span(self, menu: Menu) -> str:
        """What may be typed at this listing: ``"1-4"``, ``"k2, r2, 1-3, 5"``."""
        lines = [ln for ln in self.book.listing(menu.at) if ln.available]
        dice = [ln.key for ln in lines if not ln.key.isdecimal()]
        numbers = sorted(int(ln.key) for ln in lines if ln.key.isdecimal())
        runs: list[str] = []
        for n in numbers:
            if runs and runs[-1].split("-")[-1] == str(n - 1):
                runs[-1] = f"{runs[-1].split('-')[0]}-{n}"
            else:
                runs.append(str(n))
        span = ", ".join([*dice, *runs]) or "1"
        if menu.can_back:
            span += " (0 back)"
        return span

    def _play_single(self, decision: Decision) -> bool:
        """Play a decision's only option for its human seat and log it as an event line;
        False (nothing played) when it is to be asked (:func:`plays_itself`, ``ask_single``,
        a hot-seat seat that sees something hidden)."""
        seat = decision.player
        if self.ask_single or not plays_itself(self.game, decision):
            return False
        if self.hot_seat and sees_hidden(self.match, seat):
            return False
        action = decision.options[0]
        line = f"{choice_line(self.game, decision, action, self.names[seat])} (the only choice)"
        self._flush_secret()
        self.auto_steps.add(len(self.match.steps))
        self.match.play(action)
        upcoming = self.match.decision
        if upcoming is not None and upcoming.player == seat:
            self._note(line)  # among the event lines of the next screen
        else:
            self._say(f"    {line}" if self.console.is_terminal else line)
        self._track()
        self._after_human(seat)
        return True

    def _catch_up(self, seat: int) -> bool:
        """With ``pause`` at a terminal: when more events came since the player last saw
        them than the next screen has room for (an automatic phase, a long chain of
        effects), print them all and wait for Enter before the screen, so none scrolls by
        unread. True when an ``undo`` typed there took the game back."""
        news = self.pending.get(seat, [])
        if not self.pause or not news or not self.screen.news_left_out(news, self.above):
            return False
        self._flush_secret()
        for line in news:
            self._say_hanging("    ", line)
        self.above = 0
        undone = self._wait(_CATCH_UP, _CATCH_UP_ON)
        self.skip_bots = False  # "s" here skips nothing: the bots' pauses come after the choice
        return undone

    def _human_turn(self, decision: Decision) -> None:
        self.skip_bots = False
        if self._play_single(decision):
            return
        self._handoff(decision.player)
        if self._catch_up(decision.player):
            return
        menu = self._menu(decision)
        if self.queue:
            keys, self.queue = self.queue, []
            if self._play_keys(decision, menu, keys):
                return
        self._show(decision, menu)
        while True:
            span = self._span(menu)
            line = self._ask(f"choose {span} > ").strip()
            word, _, rest = line.partition(" ")
            word = word.lower()
            keys = split_keys(line) if word not in _WORDS else None
            if menu.backs_out and (line == "0" or (word == "back" and not rest)):
                if self._undo(decision.player):
                    return
            elif menu.can_back and (line == "0" or (word == "back" and not rest)):
                menu.back()
                self._show_options(decision, menu)
            elif word == "back" and not rest:
                self._say(f"This is the top of the list; choose {span}.")
            elif keys is not None:
                if self._play_keys(decision, menu, keys):
                    return
            elif line.isdigit():
                # Non-ASCII digits ('²', '١') or an absurdly long number: not an option.
                self._say(f"'{shown_text(line)}' is not an option; choose {span}.")
            elif word == "undo" and not rest:
                if self._undo(decision.player):
                    return
            elif word == "save":
                self._save_to(rest.strip())
            elif word == "log":
                self._log(decision.player, rest.strip())
            elif word == "help" and not rest:
                self._help(decision)
            elif word == "why" and not rest:
                self._why(decision.player)
            elif word == "info":
                self._info(decision, rest.strip())
            elif word == "legend" and not rest:
                self._legend(decision.player)
            elif word in ("show", "board") and not rest:
                self.console.print(self._table(decision.player))
                self._show_options(decision, menu)
            elif word in ("quit", "exit") and not rest:
                raise _Quit
            elif not line:
                self._say(f"Type {span} to choose, or help.")
            else:
                self._say(
                    f"'{shown_text(line)}' is not an option or a command; type {span}, or help."
                )

    def _play_keys(self, decision: Decision, menu: Menu, keys: list[str]) -> bool:
        """Follow typed keys at this decision: open groups, play the option reached (the
        keys after it wait for the next decision, while it is the same question). True if
        an option was played."""
        while keys:
            key, keys = keys[0], keys[1:]
            lines = {ln.key: ln for ln in self.book.listing(menu.at)}
            line = lines.get(key)
            span = self._span(menu)
            if line is None or not line.available:
                filler = self._skipped_die(key, lines)
                if filler is not None:
                    line, keys = filler, [key, *keys]
                elif line is not None:
                    what = f"{key}) {line.text}" if not line.text.startswith("—") else key
                    self._say(f"{what} is not available now; choose {span}.")
                    return False
                else:
                    shown = key if key.isdecimal() else f"'{shown_text(key)}'"
                    self._say(f"{shown} is not an option; choose {span}.")
                    return False
            item = line.item
            assert item is not None
            if item.action is None:
                menu.open(item.group)
                if not keys:
                    self._show_options(decision, menu)
                continue
            warning = self._warning(decision, item.action)
            if warning and not self._confirm(warning):
                return False
            if keys or self.queue_run is not None:
                self._say(f"  {line.key}) {item.action.label}")
            self.match.play(item.action)
            self._track()
            self.queue = keys
            self.queue_run = (decision.player, decision.kind) if keys else None
            self._after_human(decision.player)
            return True
        return False

    def _warning(self, decision: Decision, action: Action) -> str:
        """What playing ``action`` would lose, if the game warns about it ('' if not)."""
        try:
            return option_warning(self.game, self.match.state, decision, action)
        except Exception:  # noqa: BLE001 - a warning bug must not block the move
            return ""

    def _confirm(self, warning: str) -> bool:
        """Ask ``y/n`` before a move the game warns about (a person at a terminal); off a
        terminal the warning is printed and the move played."""
        if not self.interactive:
            self._say(f"Warning: {warning}")
            return True
        ask = "Play it anyway? (y/n) >"
        prompt = f"Warning: {warning} {ask}"
        if self.console.is_terminal:
            # broken between words here (the terminal would split a word at its edge), the
            # question kept whole on the last line
            width = max(20, self.console.size.width) - 2
            *before, last = wrap_words(f"Warning: {warning}", width)
            prompt = f"{last} {ask}"
            if len(prompt) > width:
                before, prompt = [*before, last], ask
            for line in before:
                self.console.print(Text(line))
        answer = self._ask(f"{prompt} ").strip().lower()
        if answer in ("y", "yes"):
            return True
        self._say("Not played.")
        return False

    def _skipped_die(self, key: str, lines: dict[str, Any]) -> Any:
        """For ``r 1 4 5`` at a die-by-die decision now asking about die 2: the other
        choice for die 2 (``k2``, keep), since the line names dice 1, 4 and 5 only."""
        if key.isdecimal() or len(key) < 2 or not key[1:].isdecimal():
            return None
        letter, number = key[0], int(key[1:])
        for k, line in lines.items():
            if not line.available or k.isdecimal() or not k[1:].isdecimal():
                continue
            die = int(k[1:])
            if die < number and k[0] != letter and f"{letter}{die}" in lines:
                return line
        return None

    def _after_human(self, seat: int) -> None:
        """Print what the choice caused, before the bots move on (single human only)."""
        upcoming = self.match.decision
        if self.hot_seat or self.watcher != seat:
            return
        if upcoming is not None and upcoming.player == seat:
            return  # the next screen shows it
        self._print_new_events(seat, indent="    ")
        if upcoming is not None and self.seats[upcoming.player] != HUMAN:
            self._wait("Enter: the bots' moves one by one, s: skip to your turn > ")

    def _say(self, message: str) -> None:
        self.console.print(Text(message), soft_wrap=self.soft)
        if self.above:  # printed before the first screen: kept in sight with the start-up
            self.above += self._rows(message)

    def _say_hanging(self, prefix: str, line: str) -> None:
        """Print ``prefix`` then ``line``; at a terminal its wrapped lines start where its
        text does (under ``line``, not at the first column)."""
        if not self.console.is_terminal:
            self._say(prefix + line)
            return
        for part in hanging_wrap(prefix, line, self.console.size.width):
            self._say(part)

    def _say_lines(self, lines: Sequence[str]) -> None:
        """Print ``lines``; one indented two spaces is a path or a command
        (:func:`zedlab.cli.saves.path_lines`): never wrapped, so that it copies whole. At a
        terminal a command too long for a line goes on two, joined as the shell joins them
        (a backslash at the end of the first), its path alone on the second."""
        width = self.console.size.width
        for line in lines:
            for part in _command_parts(line, width) if self.console.is_terminal else [line]:
                self.console.print(Text(part), soft_wrap=self.soft or part.startswith("  "))
                if self.above:
                    self.above += self._rows(part)

    def _rows(self, line: str) -> int:
        """Terminal rows ``line`` takes when printed."""
        return max(1, len(self.console.render_lines(Text(line), pad=False)))

    def _undo(self, seat: int) -> bool:
        """Take back ``seat``'s last choice. Against bots only (every other seat a bot), also
        the bots' moves since, as long as none of those steps rolled, drew or revealed
        anything; between people, the core's policy (:meth:`Match.undo_blocker`)."""
        steps = self.match.steps
        humans = [i for i, k in enumerate(self.seats) if k == HUMAN]
        if humans == [seat] and steps and (steps[-1].player != seat or self._auto(len(steps) - 1)):
            return self._undo_over_bots(seat, steps)
        if steps and steps[-1].player != seat:
            self._say(
                f"Cannot undo: {self.names[steps[-1].player]} has played since your last choice."
            )
            return False
        try:
            while steps and steps[-1].player == seat and self._auto(len(steps) - 1):
                self.match.undo()  # the only-choice moves after the choice, then the choice
                steps = self.match.steps
            label = steps[-1].action.label if steps else ""
            self.match.undo()
        except IllegalAction as exc:
            message = str(exc)
            self._say(message[0].upper() + message[1:] + ".")
            return False
        self._rewind()
        self._rebuild_keys()
        self._note(f"Undone: {label}")
        return True

    def _undo_over_bots(self, seat: int, steps: list[Any]) -> bool:
        mine = [i for i, step in enumerate(steps) if step.player == seat and not self._auto(i)]
        if not mine:
            self._say("Nothing to undo: you have not chosen anything yet.")
            return False
        back_to = mine[-1]
        if any(step.chance for step in steps[back_to:]):
            self._say(
                "Cannot undo: dice were rolled, cards drawn or something revealed since your "
                "last choice."
            )
            return False
        record = self.match.record
        record.steps = record.steps[:back_to]
        self.match = Match.replay(record, self.game, content=self.match.content)
        self._rewind()
        self._rebuild_keys()
        bots = sum(1 for step in steps[back_to + 1 :] if step.player != seat)
        moves = f" and {bots} bot move{'s' if bots != 1 else ''} after it" if bots else ""
        self._note(f"Undone: {steps[back_to].action.label}{moves}")
        return True

    def _note(self, message: str) -> None:
        """A message about what led to the next screen: printed now in a pipe, on that
        screen on a terminal (where it would scroll away above it)."""
        if self.console.is_terminal:
            self.notes.append(message)
        else:
            self._say(message)

    def _rewind(self) -> None:
        """After an undo: forget the event lines of the steps taken back."""
        steps = len(self.match.steps)
        mark = self.marks.get(steps, {})
        for seat in self.tracked:
            del self.history[seat][mark.get(seat, len(self.history[seat])) :]
            self.pending[seat] = []
            self.seen[seat] = self.match.seq
        self.marks = {k: v for k, v in self.marks.items() if k <= steps}
        self._rename()
        self.auto_steps = {k for k in self.auto_steps if k < steps}

    def _auto(self, step: int) -> bool:
        """Whether the game's ``step``-th action was played for a human seat as its only
        option (undo steps back over it to the seat's last real choice)."""
        return step in self.auto_steps

    def _save_to(self, target: str) -> None:
        if not target:
            self._say("Say where to save: save FILE")
            return
        shown = shown_text(target, _SHOWN_PATH)
        try:
            path = Path(target).expanduser()
            shown = shown_text(str(path), _SHOWN_PATH)
            refusal = _overwrite_refusal(path) or _missing_folder(path)
            if refusal:
                self._say(f"Cannot save to {shown}: {refusal}; choose another name.")
                return
            self.match.save(path)
            write_sidecar(path, self.seats, len(self.match.steps), self._log_data())
        except OSError as exc:
            self._say(f"Cannot save to {shown}: {exc.strerror or exc}")
            return
        except (ValueError, RuntimeError) as exc:
            # embedded NUL byte; '~user' with no such user
            self._say(f"Cannot save to {shown}: {exc}")
            return
        self._say_lines(["Saved to:", *path_lines(path)])
        self._say_lines(["Load it with:", f"  zedlab play --load {shown_path(path)}"])

    def _log(self, seat: int, arg: str = "") -> None:
        """``log``: every event line (the last screenful on a terminal, whole in a pipe);
        ``log N``: the last N lines."""
        events = self.history.get(seat) or self.match.log(seat)
        digits = arg.isascii() and arg.isdecimal()
        if arg and not (digits and arg.strip("0")):
            self._say(f"log takes a number of lines, like log 5; '{shown_text(arg)}' is not one.")
            return
        if arg and not is_number(arg):  # more lines than there can be: all of them
            arg = str(len(events) or 1)
        if not events:
            self._say("Nothing has happened yet.")
            return
        count = int(arg) if arg else len(events)
        if not arg and self.console.is_terminal:
            count = max(5, self.console.size.height - 3)
        first = max(0, len(events) - count)
        total = f"{len(events)} line{'' if len(events) == 1 else 's'}"
        shown = f"; the last {len(events) - first}" if first else ""
        self.console.print(Text(f"Event log ({total}{shown}):"), soft_wrap=self.soft)
        for i, line in enumerate(events[first:], start=first + 1):
            self._say_hanging(f"{i:>4}  ", line)

    def _why(self, seat: int) -> None:
        """``why``: the last event line that gives a reason, in full."""
        events = self.history.get(seat) or self.match.log(seat)
        for line in reversed(events):
            if any(mark in line for mark in _REASON_MARKS):
                self._say(f"Last explained result: {line}")
                return
        if events:
            self._say(f"The last event gives no reason beyond itself: {events[-1]}")
        else:
            self._say("Nothing has happened yet.")

    def _cards(self) -> dict[str, str]:
        try:
            texts = self.game.card_texts(self.match.content)
        except Exception:  # noqa: BLE001 - card texts are a help screen; never end a game
            return {}
        return {str(k): str(v) for k, v in texts.items()} if isinstance(texts, dict) else {}

    def _info(self, decision: Decision, name: str) -> None:
        """``info NAME``: that card's text; ``info``: every card named on the table or in
        the options."""
        texts = self._cards()
        if not texts:
            self._say(f"{self.game.title} has no card texts.")
            return
        if name:
            wanted = name.lower()
            found = [k for k in texts if k.lower() == wanted] or [
                k for k in texts if wanted in k.lower()
            ]
            if not found:
                self._say(f"No card named '{shown_text(name, 40)}'; type info for the cards in view.")
                return
            for key in found[:8]:
                self._say(f"{key}: {texts[key]}")
            return
        seen = _named_in(texts, decision, self.match.game_view(decision.player))
        if not seen:
            self._say("No card is named on the table or in the options; info NAME for one.")
        for key in seen:
            self._say(f"{key}: {texts[key]}")

    def _goals(self, seat: int) -> list[str]:
        """The goal of the game where it states one: the game's ``goal(config)`` (how the
        game is won) and ``solo_goal(config)`` (a solo game's target), and any
        ``goal``/``solo_goal`` text at the top of the seat's view."""
        goals: list[str] = []
        for name in ("goal", "solo_goal"):
            method = getattr(self.game, name, None)
            if callable(method):
                with suppress(Exception):
                    text = method(self.match.config)
                    if isinstance(text, str) and text and text not in goals:
                        goals.append(text)
        view = self.match.game_view(seat)
        for part in (view.get("public"), view.get("private")):
            if isinstance(part, Mapping):
                for key in ("goal", "solo_goal"):
                    text = part.get(key)
                    if isinstance(text, str) and text and text not in goals:
                        goals.append(text)
        return goals

    def _legend(self, seat: int) -> None:
        text = legend_text(self.game)
        self._say(text or f"{self.game.title}'s table has no key.")

    def _help(self, decision: Decision) -> None:
        legend = "legend explains the table's signs; " if self.has_legend else ""
        section, text = self.game.rules_reference(decision.kind)
        title = f"Rules: {section}" if section else "Rules"
        self.console.print(Text(f"{title} ({self.game.title})", style="bold"), soft_wrap=self.soft)
        self.console.print(Text(text), soft_wrap=self.soft)
        for goal in self._goals(decision.player):
            self._say(f"Goal: {goal}")
        self.console.print(
            Text(
                "Commands: a key picks that option (or opens that group; 0 or back goes up "
                "again); keys stay the same while the question repeats, and several keys in "
                "one line are played in turn (r 1 4 5: reroll dice 1, 4 and 5); undo takes "
                "back your last choice (against bots, back over their moves while nothing "
                "random or hidden came out); log N shows the last N events (log: all); why "
                "explains the last result; info NAME shows a card's text (info: every card in "
                f"view); {legend}save FILE writes the game to FILE; "
                "show draws the table whole; quit saves and leaves."
            ),
            soft_wrap=self.soft,
        )

    # -- the end --------------------------------------------------------------------------
    def _end_screen(self) -> None:
        outcome = self.match.outcome
        assert outcome is not None
        self._flush_secret()
        self.console.print()
        self._print_new_events(self.watcher, limit=_EVENTS_SHOWN)
        # the table without its own game-over line: the outcome panel says it, once
        table = render_view(self.game, self.match.game_view(self.watcher), self.watcher)
        self.console.print(without_lines(self.console, table, says_game_over))
        self.console.print(outcome_table(outcome, self.names))
        if self.over_at_start:
            return  # loaded already over: its record is the file it was loaded from
        self._save()  # the autosave too, as after every decision
        self._say_lines(self.saver.details)
        try:
            path = keep_finished(self.match, self.seats, self._log_data())
        except (OSError, DataDirError) as exc:
            self._say(f"Cannot keep the record of this game: {_disk_problem(exc)}")
            return
        shown = shown_path(path)
        self._say_lines(["The record of this game is in:", f"  {shown}"])
        self._say_lines(["Replay it with:", f"  zedlab replay {shown}"])


_PATH_COMMANDS = ("zedlab play --load ", "zedlab replay ")


def _command_parts(line: str, width: int) -> list[str]:
    r"""``line`` as printed in ``width`` columns: a command with a path (``"  zedlab replay
    PATH"``) too long for a line is cut before the path, with a backslash, so that the two
    lines still paste into a shell as one command; any other line is left whole.

    >>> _command_parts("  zedlab replay /records/pig-1.json", 30)
    ['  zedlab replay \\', '    /records/pig-1.json']
    >>> _command_parts("  zedlab replay /pig.json", 30)
    ['  zedlab replay /pig.json']
    """
    if len(line) <= width:
        return [line]
    for command in _PATH_COMMANDS:
        if line.startswith("  " + command):
            return [f"  {command}\\", f"    {line[2 + len(command):]}"]
    return [line]


def says_game_over(line: str) -> bool:
    """Whether a line of the table or of the events announces the end of the game (the end
    screen's outcome panel says it instead).

    >>> says_game_over("Game over: Daryl escaped from the final Location.")
    True
    >>> says_game_over("Daryl escapes first: +1 points.")
    False
    """
    return line.strip().lower().startswith("game over")


def _overwrite_refusal(path: Path) -> str:
    """Why ``save FILE`` must not write ``path`` or its sidecar ('' if it may).

    Only a ZedLab record may be replaced, and only a sidecar written over.

    Raises:
        OSError, ValueError: if the names cannot be looked at (a name too long, a NUL byte).
    """
    if path.is_dir():
        return "that is a folder"
    if path.exists() and not is_record_file(path):
        return "that file exists and is not a ZedLab record"
    sidecar = seats_path(path)
    if sidecar.exists() and not is_sidecar_file(sidecar):
        return f"{shown_text(str(sidecar), _SHOWN_PATH)} exists and is not a ZedLab seats file"
    return ""


def _missing_folder(path: Path) -> str:
    """Why ``save FILE`` must not write ``path`` because its folder is missing ('' if not).

    A typo in a folder name should not quietly create folders.
    """
    folder = path.parent
    if folder.is_dir():
        return ""
    return f"the folder {shown_text(str(folder), _SHOWN_PATH)} does not exist (create it first)"


def _disk_problem(exc: OSError | DataDirError) -> str:
    """What went wrong writing a file, naming the file."""
    if isinstance(exc, DataDirError):
        return str(exc)
    name = exc.filename
    return f"{exc.strerror or exc} ({name})" if name else f"{exc.strerror or exc}"


_SHOWN_PATH = 200
_SHOWN_ECHO = 200


def shown_text(text: str, limit: int | None = 20) -> str:
    r"""``text`` as typed, safe to print back: cut after ``limit`` characters (``"…"``
    added; ``None``: not cut), control and other unprintable characters escaped as in
    ``repr``.

    >>> shown_text("ab\x1b[2Jcd")
    'ab\\x1b[2Jcd'
    >>> shown_text("x" * 30, 5)
    'xxxxx…'
    """
    cut = text if limit is None or len(text) <= limit else text[:limit] + "…"
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)


MAX_NUMBER_DIGITS = 9
"""Longest number the prompts read (more digits cannot name an option or a position)."""


def is_number(text: str) -> bool:
    """True if ``text`` is a short run of ASCII decimal digits (``int()`` is then safe)."""
    return text.isascii() and text.isdecimal() and len(text) <= MAX_NUMBER_DIGITS


def discard_typeahead(stream: Any = None) -> None:
    """Throw away what was typed at the terminal ``stream`` (default stdin) and not read yet;
    nothing when it is not a terminal (a pipe's lines are all meant)."""
    stream = sys.stdin if stream is None else stream
    try:
        import termios
    except ImportError:  # not a POSIX system
        return
    with suppress(OSError, ValueError):
        if stream.isatty():
            termios.tcflush(stream.fileno(), termios.TCIFLUSH)


def terminal_reader(console: Console) -> Callable[[str], str]:
    """A ``read_line(prompt)`` for stdin: ``input()`` on a terminal, plain lines otherwise."""
    if sys.stdin.isatty() and console.is_terminal:
        return input

    def read(prompt: str) -> str:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        # Echo the answer so a transcript reads like the screen did (cut, and escaped so
        # that control characters typed do not act on the terminal).
        sys.stdout.write(shown_text(line, _SHOWN_ECHO) + "\n")
        sys.stdout.flush()
        return line

    return read
