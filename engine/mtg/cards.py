"""How a Magic card is defined: printed faces as data, abilities as small records.

Only what the rulings need of a card's text is modelled.  Cards are written in
reStructuredText (spec/mtg/cards/*.rst); cardformat.py builds each one into a
:class:`CardDef` whose abilities are :class:`Ability` records, and what they do is the
sequence of the building blocks of blocks.py, acting through the game and its rules
components as view.GameView names them (``game.destroy``,
``game.face_down_rules.turn_face_down`` …).  A card whose effect turns objects face
down with stated characteristics (Tezzeret, Yedora …) names them in ``face_down_as``
(its ``裏向き`` effect): that is the card's own ruling, read by the game, never by a step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .characteristics import Characteristics, colors_of_cost
from .view import GameView

# ability kinds
KEYWORD = "keyword"          # 飛行, トランプル, 防衛, 護法{2} … (read by the rules)
TRIGGERED = "triggered"      # 「～とき」: fires on an event
STATIC = "static"            # a continuous effect of a permanent, in a layer
AS_ENTERS = "as-enters"      # 「～は…状態で戦場に出る」「～が戦場に出るに際し」 (replacement, CR 614.1c)
AS_TURNED_UP = "as-turned-up"  # 「～が表向きになるに際し」 (CR 708.11)
FACE_UP_COST = "face-up-cost"  # 変異 / 大変異 / 変装: turn it face up for a cost (a special action)
CDA = "cda"                  # characteristic-defining ability (layer 7a)
RESTRICTION = "restriction"  # rules-modifying statics read by the game (e.g. cannot be turned face up)
ACTIVATED = "activated"      # 「コスト：効果」: activated by its controller, uses the stack
REPLACEMENT = "replacement"  # 「～するなら、代わりに…」 read by the game at the event it replaces
CAST_FACE_DOWN = "cast-face-down"  # lets its controller cast creature cards face down (Illusionary Mask)
MANA = "mana"                # a mana ability: resolves at once, even while a spell is being cast

# trigger events
ENTERS, TURNED_FACE_UP, DIES, ANOTHER_DIES = "enters", "turned-face-up", "dies", "another-creature-dies"
ANOTHER_ENTERS = "another-enters"  # 「他のクリーチャーが1体戦場に出るたび」: which ones is the card's text
UPKEEP = "upkeep"                  # 「あなたのアップキープの開始時に」 (no upkeep step is modelled)
COMBAT_DAMAGE_TO_PLAYER = "combat-damage-to-player"  # (combat damage is not modelled)
BECOMES_TARGET = "becomes-target"  # 護法 (ward)
END_STEP = "end-step"              # 「次の終了ステップの開始時に」 (delayed triggers)
YOUR_END_STEP = "your-end-step"    # 「あなたの終了ステップの開始時に」 (the active player's permanents)
# replaced events and restricted actions
LEAVES_BATTLEFIELD = "leaves-battlefield"
TURN_FACE_UP = "turn-face-up"
COUNTERED = "countered"            # 「この呪文は打ち消されない」
# what may turn a face-down permanent face up instead of happening (Illusionary Mask)
DAMAGE, TAPPED = "damage", "tapped"


@dataclass(frozen=True)
class Ability:
    kind: str
    text: str
    #: for triggered abilities: the event
    event: str | None = None
    #: what it does: (game, source card, **context) -> None; for CDA/static: see layers.py
    effect: Callable[..., Any] | None = None
    #: for face-up costs: the cost and the way (変異 / 大変異 / 変装)
    cost: str | None = None
    way: str | None = None
    #: for statics: the layer ("7c" …) and which objects they affect; for restrictions
    #: and ANOTHER_DIES / ANOTHER_ENTERS triggers: (game, source, object) -> whether it applies
    layer: str | None = None
    affects: Callable[..., bool] | None = None
    #: for activated abilities: {T} in the cost, and what it may target
    tap: bool = False
    target: "Target | None" = None
    #: for activated and mana abilities: 「これを生け贄に捧げる」 in the cost
    sacrifice: bool = False
    #: for activated abilities: 「起動はソーサリーとしてのみ行う」 (装備 …, CR 602.5d)
    sorcery: bool = False

    def __repr__(self) -> str:
        return f"<{self.kind} {self.text}>"


def keyword(text: str) -> Ability:
    return Ability(KEYWORD, text)


def morph(cost: str) -> Ability:
    return Ability(FACE_UP_COST, f"変異{cost}", cost=cost, way="変異")


def megamorph(cost: str) -> Ability:
    return Ability(FACE_UP_COST, f"大変異{cost}", cost=cost, way="大変異")


def disguise(cost: str) -> Ability:
    return Ability(FACE_UP_COST, f"変装{cost}", cost=cost, way="変装")


def triggered(event: str, text: str, effect=None, *, affects=None) -> Ability:
    return Ability(TRIGGERED, text, event=event, effect=effect, affects=affects)


def activated(cost: str | None, text: str, effect, *, target: "Target | None" = None, tap: bool = False) -> Ability:
    """``cost`` None: the mana part of the cost is not modelled (mana is assumed to be paid)."""
    return Ability(ACTIVATED, text, cost=cost, effect=effect, target=target, tap=tap)


@dataclass(frozen=True)
class Target:
    """What a spell may target, checked when it is cast and again as it resolves."""

    description: str
    #: "battlefield" or "stack": where the target must be
    zone: str
    legal: Callable[[GameView, Any, Any], bool]  # (game, spell/source, candidate) -> bool
    #: whether a player may be chosen, and which: (game, spell/source, player) -> bool
    player: Callable[[GameView, Any, int], bool] | None = None
    #: how many targets it may have (「最大2体」: up to two, CR 601.2c); one unless it says
    most: int = 1


@dataclass(frozen=True)
class Face:
    name: str
    english: str
    mana_cost: str | None
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    abilities: tuple[Ability, ...] = ()
    #: colour indicator (back faces); otherwise colours come from the mana cost
    color_indicator: frozenset[str] | None = None

    def characteristics(self) -> Characteristics:
        colors = self.color_indicator if self.color_indicator is not None else colors_of_cost(self.mana_cost)
        return Characteristics(self.name, self.mana_cost, colors, self.supertypes, self.types, self.subtypes,
                               self.power, self.toughness, self.loyalty, self.defense, self.abilities)


@dataclass(frozen=True)
class CardDef:
    front: Face
    back: Face | None = None
    #: the spell's own effect (instants, sorceries, auras' enchant restriction …)
    targets: tuple[Target, ...] = ()
    resolve: Callable[..., None] | None = None
    #: the characteristics this card's effect gives what it turns face down (CR 708.2)
    face_down_as: Characteristics | None = None
    #: "Enchant …" of an Aura: what it may be attached to
    enchant: str | None = None
    token: bool = False
    #: what it casts face down: the events that turn that creature face up instead of
    #: happening to it (Illusionary Mask: damage, becoming tapped)
    face_up_when: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        return self.front.name

    @property
    def english(self) -> str:
        return self.front.english

    @property
    def double_faced(self) -> bool:
        return self.back is not None
