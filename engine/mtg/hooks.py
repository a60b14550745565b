"""Magic card hooks.

HOOKS holds the Python a card may need for what no block can say: an effect names one
with ``:hook: <name> <why, in one line>`` (used as the effect instead of ``:effect:``
blocks: ``(game, spell, targets)`` for a 呪文, ``(game, source, **context)`` for an
ability), a card with a card-level hook names a function ``CardDef -> CardDef``.  No card
needs one today; prefer a new, parameterised block.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: hook name -> function (see the module's docstring)
HOOKS: dict[str, Callable[..., Any]] = {}
