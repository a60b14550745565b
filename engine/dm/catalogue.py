"""The Duel Masters card catalogue: the cards of spec/dm/cards/*.rst, by name.

Every card is data, written in reStructuredText from the building blocks of blocks.py
and checked by the card format of cardformat.py; the catalogue builds each card's
definition from the extracted records (build/cards/dm.json) on first use.

HOOKS holds the Python a card may need for what no block can say: an effect names one
with ``:hook: <name> <why, in one line>`` (a resolution ``(duel, card, data)`` generator,
used instead of ``:effect:`` blocks), a card with a card-level hook names a function
``CardDef -> CardDef``.  No card needs one today; prefer a new, parameterised block.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cardformat import Catalogue


def _format():
    # the format imports the blocks, which import the duel, which imports this module
    from .cardformat import FORMAT

    return FORMAT


#: hook name -> function (see the module's docstring)
HOOKS: dict[str, Callable[..., Any]] = {}

CATALOGUE = Catalogue("dm", _format)
