"""What a game of Magic is made of: zones, the objects of the game (a card with what it
carries), abilities waiting for the stack, and what the game knew of a creature as it died.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from rulings.core import Card
from rulings.core.memory import Remembers

from .cards import ACTIVATED, Ability
from .characteristics import Characteristics
from .identity import ERASED_BY

PLAYERS = (0, 1)
#: how the documents name the players (for the trace)
PLAYER_NAMES = {0: "あなた", 1: "対戦相手"}
LIBRARY, HAND, GRAVEYARD, BATTLEFIELD, STACK, EXILE, COMMAND = (
    "library", "hand", "graveyard", "battlefield", "stack", "exile", "command")
HIDDEN_ZONES = (LIBRARY, HAND, EXILE, COMMAND)
#: zone names for the trace
ZONE_LOG = {LIBRARY: "ライブラリー", HAND: "手札", GRAVEYARD: "墓地", BATTLEFIELD: "戦場", STACK: "スタック",
            EXILE: "追放領域", COMMAND: "統率領域"}
NO_CHARACTERISTICS = Characteristics()


@dataclass(eq=False, repr=False)  # keep Card.__repr__: a short name, not every field
class MtgCard(Card):
    timestamp: int = 0
    controlled_since: float = -math.inf
    entered_at: int = 0

    # What the object carries, kept in the card's memory (rulings.core.memory) and erased
    # as identity.ERASED_BY says.  Assign, never mutate.  Not annotated: they are not
    # dataclass fields.
    #: while face down: the characteristics its face-down status gives (CR 708.2)
    face_down_as = Remembers(ERASED_BY)
    #: what turned it face down (変異, 予示, 「残酷な機械技師、テゼレット」…) — CR 708.6
    face_down_by = Remembers(ERASED_BY, "")
    #: events that turn it face up instead of happening to it (cards.CardDef.face_up_when)
    face_up_when = Remembers(ERASED_BY, frozenset())
    counters = Remembers(ERASED_BY, factory=dict)
    #: an Aura's or Equipment's object (or ("player", n)), with the object id it had
    attached_to = Remembers(ERASED_BY)
    attached_object = Remembers(ERASED_BY, 0)
    #: layer-1 copy effects: (timestamp, copied copiable values)
    copies = Remembers(ERASED_BY, ())
    transformed = Remembers(ERASED_BY, False)
    tapped = Remembers(ERASED_BY, False)
    attacking = Remembers(ERASED_BY, False)
    blocking = Remembers(ERASED_BY)
    blocked = Remembers(ERASED_BY, False)
    attacked_this_turn = Remembers(ERASED_BY, False)
    phased_out = Remembers(ERASED_BY, False)
    #: drawn while a spell was being cast or an ability activated: it stays face down with
    #: no characteristics until that is done (MTG Wiki 裏向き, 手札)
    concealed = Remembers(ERASED_BY, False)
    damage = Remembers(ERASED_BY, 0)
    #: on the stack: chosen targets as (card, object id when targeted)
    targets = Remembers(ERASED_BY, ())

    def erase(self, transition: str) -> None:
        """Forget what ``transition`` erases (identity.ERASED_BY), the core's one way."""
        self.memory.erase(transition)


@dataclass(eq=False)
class TriggeredInstance:
    """A triggered or an activated ability waiting for or on the stack."""

    source: MtgCard
    ability: Ability
    controller: int
    context: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        kind = "起動型能力" if self.ability.kind == ACTIVATED else "誘発型能力"
        return f"「{self.source.name}」の{kind}（{self.ability.text}）"


@dataclass(frozen=True)
class Death:
    """What the game knew of a creature as it died (its last known information)."""

    card: MtgCard
    values: Characteristics
    controller: int
    face_down: bool
