"""The registry of rule steps: automatic steps, and decisions with their options.

Each module of the rules registers its steps here by kind. A decision step's options are
computed from the state; its handler runs after the step is popped from the stack and may
push further steps. An automatic step runs when it reaches the top of the stack.
"""

from __future__ import annotations

from collections.abc import Callable

from zedlab.core import Action

from .state import IGDState, Step

AutoFn = Callable[[IGDState, Step], None]
OptionsFn = Callable[[IGDState, Step], list[Action]]
HandleFn = Callable[[IGDState, Step, Action], None]

AUTO: dict[str, AutoFn] = {}
OPTIONS: dict[str, OptionsFn] = {}
HANDLE: dict[str, HandleFn] = {}
PROMPTS: dict[str, str] = {}
# Prompts that name what is being decided (the card to place...); else PROMPTS[kind].
PROMPT_FNS: dict[str, Callable[[IGDState, Step], str]] = {}
SETTLE: dict[str, Callable[[IGDState, Step], bool]] = {}


def auto(kind: str) -> Callable[[AutoFn], AutoFn]:
    def register(fn: AutoFn) -> AutoFn:
        AUTO[kind] = fn
        return fn

    return register


def decision(kind: str, prompt: str) -> Callable[[OptionsFn], OptionsFn]:
    def register(fn: OptionsFn) -> OptionsFn:
        OPTIONS[kind] = fn
        PROMPTS[kind] = prompt
        return fn

    return register


def prompt(kind: str) -> Callable[[Callable[[IGDState, Step], str]], Callable[[IGDState, Step], str]]:
    """Register a prompt computed from the state for a decision kind."""

    def register(fn: Callable[[IGDState, Step], str]) -> Callable[[IGDState, Step], str]:
        PROMPT_FNS[kind] = fn
        return fn

    return register


def handler(kind: str) -> Callable[[HandleFn], HandleFn]:
    def register(fn: HandleFn) -> HandleFn:
        HANDLE[kind] = fn
        return fn

    return register


def advance(s: IGDState) -> None:
    """Run automatic steps until a decision is pending or the game is over."""
    stack = s.stack
    while stack and not s.over:
        top = stack[-1]
        kind = top.kind
        fn = AUTO.get(kind)
        if fn is not None:
            stack.pop()
            fn(s, top)
            continue
        settle = SETTLE.get(kind)
        if settle is not None and not settle(s, top):
            stack.pop()
            continue
        return
