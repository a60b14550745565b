"""Protection (CR 702.16): 「プロテクション（黒）」.  A permanent with protection from a
colour can't be the target of spells of that colour or of abilities whose source is of
that colour (702.16b), can't be enchanted or equipped by permanents of that colour
(702.16c, d — state-based actions put such an Aura into its owner's graveyard and
unattach such an Equipment, 704.5m, n), can't be blocked by creatures of that colour
(702.16e), and damage that sources of that colour would deal to it is prevented
(702.16f).  Only colours are modelled as qualities.
"""

from __future__ import annotations

import re
from typing import Any

from . import words

PROTECTION = re.compile(r"プロテクション（(.+)）")


def is_protection(word: str) -> bool:
    m = PROTECTION.fullmatch(word)
    return bool(m) and m[1] in words.COLORS


def protected_from(values) -> frozenset[str]:
    """The colours a permanent with these characteristics has protection from."""
    return frozenset(m[1] for a in values.abilities if (m := PROTECTION.fullmatch(a.text)))


def source_colors(game, source: Any) -> frozenset[str]:
    """The colours of a spell, of a permanent, or of the source of an ability (a
    TriggeredInstance: its source, as it is now or as it last was)."""
    card = getattr(source, "source", source) if hasattr(source, "ability") else source
    if card.zone is not None and card.zone.kind in ("battlefield", "stack"):
        return game.layer_rules.characteristics(card).colors
    return card.definition.front.characteristics().colors


def stops(game, protected: Any, source: Any) -> str | None:
    """Whether the permanent ``protected`` has protection from a colour of ``source``:
    the colour, or None."""
    if protected.zone is None or protected.zone.kind != "battlefield":
        return None
    found = protected_from(game.layer_rules.characteristics(protected)) & source_colors(game, source)
    return min(found) if found else None
