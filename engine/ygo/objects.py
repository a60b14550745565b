"""What a Yu-Gi-Oh! duel is made of: its zones and its cards.

The rules (duel.py and the modules it is made of) and the card data (blocks.py,
families.py, grammar.py …) both depend on this module, and on view.py for what card data
may ask of a duel; neither depends on the other's module for them, not even for
annotations (issue 23).

A :class:`Zone` is a ``StrEnum``: a member equals the word the engine has always used for
that zone (``Zone.HAND == "hand"``), so a table keyed by those words still finds it and
traces read the same.  The card format's words for a zone (手卡, 墓地 …) are read into
members where the card data is parsed (blocks.ZONES, families, grammar).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rulings.core import Card

PLAYERS = (0, 1)


class Zone(StrEnum):
    """The kind of a zone of the board (each player has one of each)."""

    DECK = "deck"
    HAND = "hand"
    EXTRA = "extra deck"
    MONSTER = "monster zone"
    SPELL_TRAP = "spell & trap zone"
    PENDULUM = "pendulum zone"
    GRAVEYARD = "graveyard"
    BANISHED = "banished"
    MATERIALS = "xyz materials"
    FIELD_SPELL = "field zone"


#: the zones that are the field (场上)
FIELD_ZONES = (Zone.MONSTER, Zone.SPELL_TRAP, Zone.PENDULUM, Zone.FIELD_SPELL)

#: the word of the happening "a card was banished" — the event the duel emits, and how the
#: card came to its zone (4.3.3.4) — which is the same word as the zone it went to but names
#: a move, not a place
WAS_BANISHED = "banished"


@dataclass(eq=False, repr=False)  # keep Card.__repr__: a short name, not every field
class YgoCard(Card):
    #: "attack" | "defense" while a monster is on the field
    position: str = ""
    #: 正规召唤手续: summoned by its own procedure (kept in the graveyard and banished)
    proc_complete: bool = False
    #: the xyz monster this card is attached to as material
    attached_to: "YgoCard | None" = None
