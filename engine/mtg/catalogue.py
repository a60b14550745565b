"""The Magic card catalogue: the cards of spec/mtg/cards/*.rst, by name (and English name).

Every card is data, written in reStructuredText with the fields of cardformat.py and the
building blocks of blocks.py; the catalogue builds each card's definition from the
extracted records (build/cards/mtg.json) on first use.

HOOKS holds the Python a card may need for what no block can say: an effect names one
with ``:hook: <name> <why, in one line>`` (used as the effect instead of ``:effect:``
blocks: ``(game, spell, targets)`` for a 呪文, ``(game, source, **context)`` for an
ability), a card with a card-level hook names a function ``CardDef -> CardDef``.  No card
needs one today; prefer a new, parameterised block.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cardformat import Catalogue


def _format():
    # the format imports the blocks and this module: load it on first use
    from .cardformat import FORMAT

    return FORMAT


#: hook name -> function (see the module's docstring)
HOOKS: dict[str, Callable[..., Any]] = {}

CATALOGUE = Catalogue("mtg", _format)


def card_names() -> list[str]:
    """Every name a document may use: the Japanese names, and the English ones."""
    return CATALOGUE.names()


def find_definition(name: str):
    """The definition of the card called ``name`` (Japanese or English); None if there is none."""
    return CATALOGUE.get(name)
