"""The flow engine: a game's turn structure as a stack of typed pending steps.

Every state between two decisions is plain data: besides the board, it holds ``stack``, a
list of pending :class:`Step` values (msgspec tagged Structs; the last one is on top). A
game binds each step type, once, in a :class:`Flow`:

- an **automatic** step (``@flow.auto(StepType)``) is popped and run; it changes the state
  and may push further steps (its successors, or a rule that interrupts it);
- a **decision** step (``@flow.decide(StepType)``) stays on top and says who chooses among
  which options; the chosen action is played by its resolver
  (``@flow.resolve(StepType)``), which receives the step already popped and may push it back
  (:func:`again`) to ask once more.

:meth:`Flow.run` runs automatic steps until a decision step is on top (or the stack is
empty: the game is over). A rule that interrupts another is simply a step pushed on top of
it. The loops every game has are data too: :func:`push` lays steps so that the first named
runs first, :func:`turn_order` lists the seats from the First Player.

Games built on it subclass :class:`~zedlab.core.engine.BaseGame` and set ``flow``; the base
class then supplies ``decision`` and the trusted ``step``.

>>> class Count(Step):
...     n: int
>>> class Say(Step):
...     seat: int
>>> flow = Flow("doc")
>>> @flow.auto(Count)
... def count(state, step):
...     state.seen.append(step.n)
>>> from types import SimpleNamespace
>>> state = SimpleNamespace(stack=[], seen=[])
>>> push(state, Count(n=1), Count(n=2))
>>> flow.run(state)
>>> state.seen
[1, 2]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import msgspec

from .engine import Action, Decision
from .errors import IllegalAction

__all__ = ["Flow", "Step", "again", "push", "turn_order"]


class Step(msgspec.Struct, tag=True, kw_only=True):
    """Base of every pending step: a tagged msgspec Struct (its class name is its tag).

    Subclass it for each step of a game's rules, with the fields the step needs (the seat
    it concerns, a count, a card id...). A game's state declares its stack as a list of the
    union of its step types so that it serialises and decodes exactly.
    """


St = TypeVar("St", bound=Step)
AutoFn = Callable[[Any, Any], None]
DecideFn = Callable[[Any, Any], Decision]
ResolveFn = Callable[[Any, Any, Action], None]


class Flow:
    """The registry binding a game's step types to their rules, and the driver loop.

    Args:
        name: the game's name, for error messages.
    """

    __slots__ = ("name", "_auto", "_decide", "_resolve")

    def __init__(self, name: str) -> None:
        self.name = name
        self._auto: dict[type, AutoFn] = {}
        self._decide: dict[type, DecideFn] = {}
        self._resolve: dict[type, ResolveFn] = {}

    # -- registration ---------------------------------------------------------------------
    def _free(self, step_type: type) -> None:
        if not (isinstance(step_type, type) and issubclass(step_type, Step)):
            raise TypeError(f"{step_type!r} is not a Step type")
        if step_type in self._auto or step_type in self._decide:
            raise ValueError(f"{self.name}: step {step_type.__name__} is bound twice")

    def auto(self, step_type: type[St]) -> Callable[[Callable[[Any, St], None]], Callable[[Any, St], None]]:
        """Decorator: ``fn(state, step)`` runs ``step_type`` steps (already popped)."""

        def bind(fn: Callable[[Any, St], None]) -> Callable[[Any, St], None]:
            self._free(step_type)
            self._auto[step_type] = fn
            return fn

        return bind

    def decide(self, step_type: type[St]) -> Callable[[Callable[[Any, St], Decision]], Callable[[Any, St], Decision]]:
        """Decorator: ``fn(state, step) -> Decision`` asks for ``step_type`` steps (on top).

        The decision's options must not be empty; pair it with :meth:`resolve`.
        """

        def bind(fn: Callable[[Any, St], Decision]) -> Callable[[Any, St], Decision]:
            self._free(step_type)
            self._decide[step_type] = fn
            return fn

        return bind

    def resolve(
        self, step_type: type[St]
    ) -> Callable[[Callable[[Any, St, Action], None]], Callable[[Any, St, Action], None]]:
        """Decorator: ``fn(state, step, action)`` plays a chosen option (``step`` popped)."""

        def bind(fn: Callable[[Any, St, Action], None]) -> Callable[[Any, St, Action], None]:
            if step_type in self._resolve:
                raise ValueError(f"{self.name}: step {step_type.__name__} resolved twice")
            self._resolve[step_type] = fn
            return fn

        return bind

    def check(self, step_types: Iterable[type]) -> None:
        """Raise ``ValueError`` naming any step type bound incompletely or not at all.

        Call it once, after registration, with every step type of the game's union.
        """
        problems = []
        for t in step_types:
            if t in self._decide and t not in self._resolve:
                problems.append(f"{t.__name__} asks but has no resolver")
            elif t not in self._decide and t not in self._auto:
                problems.append(f"{t.__name__} is not bound")
        for t in self._resolve:
            if t not in self._decide:
                problems.append(f"{t.__name__} has a resolver but asks nothing")
        if problems:
            raise ValueError(f"{self.name} flow: " + "; ".join(problems))

    # -- driving --------------------------------------------------------------------------
    def run(self, state: Any) -> None:
        """Run automatic steps until a decision step is on top or the stack is empty."""
        stack = state.stack
        auto = self._auto
        while stack:
            fn = auto.get(stack[-1].__class__)
            if fn is None:
                return
            fn(state, stack.pop())

    def decision(self, state: Any) -> Decision | None:
        """The decision of the step on top, or ``None`` when the stack is empty (game over).

        Raises:
            RuntimeError: if the step on top is automatic (``run`` was not called).
        """
        stack = state.stack
        if not stack:
            return None
        top = stack[-1]
        fn = self._decide.get(top.__class__)
        if fn is None:
            raise RuntimeError(f"{self.name}: step {top!r} on top is not a decision; call run()")
        return fn(state, top)

    def play(self, state: Any, action: Action) -> None:
        """Resolve the decision on top with ``action`` (trusted), then run to the next one.

        Raises:
            IllegalAction: if nothing is pending (the game is over).
        """
        stack = state.stack
        if not stack:
            raise IllegalAction("the game is over; no action can be played")
        step = stack.pop()
        self._resolve[step.__class__](state, step, action)
        if self.__class__ is not Flow:  # a subclass may run its steps otherwise
            self.run(state)
            return
        # run(), inlined: this is every decision's path
        auto = self._auto
        while stack:
            fn = auto.get(stack[-1].__class__)
            if fn is None:
                return
            fn(state, stack.pop())


def push(state: Any, *steps: Step) -> None:
    """Push ``steps`` so that the first one named runs first (it ends on top)."""
    stack = state.stack
    for s in reversed(steps):
        stack.append(s)


def again(state: Any, step: Step) -> None:
    """Push a popped decision step back, to ask it once more (a "repeat until done" loop)."""
    state.stack.append(step)


def turn_order(first: int, seats: int, skip: Sequence[int] | frozenset[int] = ()) -> list[int]:
    """The seats in turn order from ``first`` (clockwise), leaving out ``skip``.

    >>> turn_order(2, 4)
    [2, 3, 0, 1]
    >>> turn_order(0, 3, skip=(1,))
    [0, 2]
    """
    return [s for s in ((first + i) % seats for i in range(seats)) if s not in skip]
