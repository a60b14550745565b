"""The Duel Masters card catalogue: the cards of spec/dm/cards/*.rst, by name.

Every card is data, written in reStructuredText from the building blocks of blocks.py
and checked by the card format of cardformat.py; the catalogue builds each card's
definition from the extracted records (build/cards/dm.json) on first use.
"""

from __future__ import annotations

from rulings.cardformat import Catalogue

from .cardformat import FORMAT

CATALOGUE = Catalogue("dm", lambda: FORMAT)
