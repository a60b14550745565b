"""The Yu-Gi-Oh! card catalogue: the cards the documents define (spec/ygo/cards/*.rst),
read from the extracted card records; the hooks a card may name are in hooks.py.
"""

from __future__ import annotations

from rulings.cardformat import Catalogue

from .cardformat import FORMAT

CATALOGUE = Catalogue("ygo", lambda: FORMAT)
