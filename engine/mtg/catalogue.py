"""The Magic card catalogue: the cards of spec/mtg/cards/*.rst, by name (and English name).

Every card is data, written in reStructuredText with the fields of cardformat.py and the
building blocks of blocks.py; the catalogue builds each card's definition from the
extracted records (build/cards/mtg.json) on first use.
"""

from __future__ import annotations

from rulings.cardformat import Catalogue

from .cardformat import FORMAT

CATALOGUE = Catalogue("mtg", lambda: FORMAT)


def card_names() -> list[str]:
    """Every name a document may use: the Japanese names, and the English ones."""
    return CATALOGUE.names()


def find_definition(name: str):
    """The definition of the card called ``name`` (Japanese or English); None if there is none."""
    return CATALOGUE.get(name)
