"""One game action of the duel (a summon with its tributes, a card leaving the field):
the mandatory triggers it causes wait until the whole of it is done, then go on a chain
as soon as the game is open (chain.Chain.one_action).  The rules that make such an
action mark it where they define it (moves.py, summoning.py, banish.py), so a caller
reaches the action at the component that owns it and gets the same waiting."""

from __future__ import annotations

import functools
from contextlib import AbstractContextManager
from typing import Any, Callable, Protocol, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class ActionChain(Protocol):
    """What an action asks of the chain (chain.Chain)."""

    def one_action(self) -> AbstractContextManager[None]: ...


class Acting(Protocol):
    """A component's view of the duel, as far as an action needs it."""

    chain_rules: ActionChain


def one_action(method: F) -> F:
    """Mark a component's method as one game action: it runs inside the chain's
    ``one_action`` (reached through the component's duel)."""
    @functools.wraps(method)
    def act(self, *args, **kwargs):
        with self.duel.chain_rules.one_action():
            return method(self, *args, **kwargs)

    return act  # type: ignore[return-value]
