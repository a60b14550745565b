"""What a Duel Masters game is made of: its zones, its cards and its shields, and what
card data may ask of a duel (:class:`Places`, :class:`DuelView`).

The rules (duel.py and its components) and the building blocks cards are written with
(blocks.py) both depend on these; neither depends on the other's module for them, not
even for annotations (issue 23).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from random import Random
from typing import Any, Protocol

from rulings.core import Card
from rulings.core.events import said

PLAYERS = (0, 1)
DECK, HAND, SHIELDS, MANA, GRAVEYARD, BATTLE, HYPERSPATIAL = (
    "deck", "hand", "shield zone", "mana zone", "graveyard", "battle zone", "hyperspatial zone")
PUBLIC_ZONES = (MANA, GRAVEYARD, BATTLE, HYPERSPATIAL)
#: where a card named in a step is looked for first
_SEARCH_ORDER = (BATTLE, SHIELDS, HAND, MANA, GRAVEYARD, HYPERSPATIAL, DECK)
#: how the refusals a page shows name the players (its steps: 自分, 相手)
PLAYER_WORDS = {0: "自分", 1: "相手"}
#: the documents' words for the zones, in refusals
ZONE_WORDS = {DECK: "山札", HAND: "手札", SHIELDS: "シールドゾーン", MANA: "マナゾーン", GRAVEYARD: "墓地",
              BATTLE: "バトルゾーン", HYPERSPATIAL: "超次元ゾーン"}


@dataclass(eq=False, repr=False)  # keep Card.__repr__: a short name, not every field
class DmCard(Card):
    tapped: bool = False
    #: the cards under an evolution creature (top first); they move with it
    under: list["DmCard"] = field(default_factory=list)


@dataclass(eq=False)
class Shield:
    """One shield: one or more shield cards (top first), maybe fortified by a castle."""

    owner: int
    cards: list[DmCard]
    fortress: DmCard | None = None

    @property
    def top(self) -> DmCard:
        return self.cards[0]

    def __trace__(self):
        """The shield as an event keeps it (rulings.core.events)."""
        return said("shield", player=self.owner, cards=self.cards)

    def all_cards(self) -> list[DmCard]:
        return ([self.fortress] if self.fortress else []) + list(self.cards)

    def __repr__(self) -> str:
        return f"<shield of {self.owner}: {'、'.join(c.name for c in self.cards)}>"


class Places(Protocol):
    """Where the cards are: what static abilities (statics.py) need to tell whether a
    card's ability works from where it lies (rulings.dm.zones.Zones is one)."""

    #: the board (rulings.core.zones.Board)
    board: Any
    shields: dict[int, list[Shield]]

    def zone(self, player: int, kind: str) -> Any: ...

    def is_top_creature(self, card: DmCard) -> bool: ...

    def shield_of(self, card: DmCard) -> Shield | None: ...

    def creatures(self, player: int) -> list[DmCard]: ...


class VisibilityView(Protocol):
    """What card data asks of visibility (visibility.Visibility): showing and looking."""

    def reveal(self, cards: list[DmCard], reason: str = "") -> list[DmCard]: ...

    def look(self, player: int, cards: list[DmCard]) -> list[DmCard]: ...

    def keep_face_up(self, cards: Iterable[DmCard], reason: str = "") -> None: ...

    def turn_face_down(self, cards: Iterable[DmCard], reason: str = "") -> None: ...


class MovesView(Protocol):
    """What card data asks of zone changes (moves.Moves)."""

    def move(self, card: DmCard, kind: str, *, player: int | None = None, index: int | None = None,
             reason: str = "", face_up: Any = None) -> list[DmCard]: ...

    def to_deck_top(self, card: DmCard, reason: str = "") -> None: ...

    def to_deck_bottom(self, card: DmCard, reason: str = "") -> None: ...

    def shuffle(self, player: int) -> None: ...

    def draw(self, player: int) -> DmCard | None: ...


class ShieldsView(Protocol):
    """What card data asks of the shield rules (shields.Shields)."""

    def add_shield(self, player: int, cards: list[DmCard], *, face_up: bool = False, reason: str = "") -> Shield: ...

    def put_under_shield(self, shield: Shield, card: DmCard, reason: str = "") -> None: ...

    def shuffle_shields(self, player: int, reason: str = "") -> None: ...

    def break_shield(self, shield: Shield) -> list[DmCard]: ...


class PlayingView(Protocol):
    """What card data asks of playing cards (playing.Playing)."""

    def put_into_battle(self, card: DmCard, player: int | None = None, reason: str = "") -> None: ...

    def cast_ability(self, player: int, card: DmCard) -> Generator: ...


class BattleView(Protocol):
    """What card data asks of battle (battle.Battle)."""

    def destroy(self, card: DmCard) -> None: ...


class TurnView(Protocol):
    """What card data asks of the turn (turn.Turn)."""

    #: players who take a turn after this one, in order
    extra_turns: list[int]


class DuelView(Protocol):
    """What a card's abilities (cards.py, blocks.py) may do in a duel: the log, the
    duel's randomness, and each rules component card data asks, as the narrow protocol of
    what it calls (``duel.moves.move``, ``duel.shield_rules.add_shield`` …).
    rulings.dm.duel.Duel is one."""

    #: the trace (rulings.core.events.EventLog)
    log: Any
    rng: Random
    zones: Places
    visibility: VisibilityView
    moves: MovesView
    shield_rules: ShieldsView
    playing: PlayingView
    combat: BattleView
    turns: TurnView
