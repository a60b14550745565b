"""A game of Magic: state, the primitives card effects are built from, and the rules of
face-down spells and permanents (CR 708) with what they lean on: object identity
(CR 400.7), timestamps (CR 613.7), the stack and targets (CR 608.2b), triggered
abilities, state-based actions (CR 704) and combat membership (CR 506.4).
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from engine.core import Card, IllegalAction, SetupError, Zone
from engine.core.memory import Remembers
from engine.core.game import Game as GameBase
from engine.core.zones import HiddenTo

from . import layers
from .cards import (ACTIVATED, ANOTHER_DIES, AS_ENTERS, AS_TURNED_UP, CAST_FACE_DOWN, DAMAGE,
                    DIES, END_STEP, ENTERS, FACE_UP_COST, LEAVES_BATTLEFIELD, MANA, REPLACEMENT, RESTRICTION, TAPPED,
                    TRIGGERED, TURN_FACE_UP, TURNED_FACE_UP, Ability, CardDef, Face)
from .catalogue import CATALOGUE
from .characteristics import (BATTLE, CREATURE, FACE_DOWN_DEFAULT, INSTANT, PERMANENT_TYPES, PLANESWALKER,
                              SORCERY, Characteristics)
from .face_down import way_characteristics
from .identity import ERASED_BY, TURNED_FACE_DOWN, ZONE_CHANGE
from .identity import TURNED_FACE_UP as FACE_UP_TRANSITION  # not the trigger event of the same name
from .ward import ward_costs, ward_trigger

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


@dataclass(eq=False)
class MtgCard(Card):
    timestamp: int = 0
    controlled_since: float = -math.inf
    entered_at: int = 0

    # What the object carries, kept in the card's memory (engine.core.memory) and erased
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


class Game(GameBase):
    """One two-player game: player 0 (あなた) and player 1 (対戦相手)."""

    catalogue = CATALOGUE

    def __init__(self) -> None:
        super().__init__()
        for p in PLAYERS:
            self.board.add_zone(Zone(LIBRARY, p, HiddenTo.EVERYONE, ordered=True))
            self.board.add_zone(Zone(HAND, p, HiddenTo.ALL_BUT_OWNER))
            self.board.add_zone(Zone(GRAVEYARD, p, public=True, ordered=True))
            # face-down cards in the command zone (conspiracies, attractions) are seen
            # only by players an effect or rule lets look (card.seen_by)
            self.board.add_zone(Zone(COMMAND, p, HiddenTo.EVERYONE))
        self.board.add_zone(Zone(BATTLEFIELD, None, HiddenTo.ALL_BUT_CONTROLLER))
        self.board.add_zone(Zone(STACK, None, HiddenTo.ALL_BUT_CONTROLLER, ordered=True))
        # exiled cards are face up unless exiled face down; then hidden to all (CR 406.3)
        self.board.add_zone(Zone(EXILE, None, HiddenTo.EVERYONE))
        self.clock = 0
        self.active_player = 0
        self.turn_started = {0: 0, 1: -1}
        self.life = {0: 20, 1: 20}
        self.day_night: str | None = None
        self.stack: list[MtgCard | TriggeredInstance] = []
        self.pending: list[TriggeredInstance] = []
        #: delayed triggered abilities, waiting for their event (END_STEP)
        self.delayed: list[TriggeredInstance] = []
        self.effects: list[layers.ContinuousEffect] = []
        self.casting: MtgCard | None = None
        self.left_game: set[int] = set()
        self.over = False
        #: >0 while a replacement effect is being applied (nothing is checked meanwhile)
        self._held = 0

    # -- the world protocol ---------------------------------------------------------

    def problems(self):
        for card in self.board.zone(None, BATTLEFIELD):
            if card.face_up and card.face_down_as is not None:
                yield f"「{card.name}」 is face up but keeps face-down characteristics"
        for entry in self.stack:
            if isinstance(entry, MtgCard) and entry.zone.kind != STACK:
                yield f"「{entry.name}」 is on the stack list but in {entry.zone.label}"

    # -- time -----------------------------------------------------------------------

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    # -- cards ----------------------------------------------------------------------

    def find(self, name: str) -> MtgCard | None:
        """The card called ``name`` (Japanese or English), on the battlefield first."""
        order = {BATTLEFIELD: 0, STACK: 1, EXILE: 2, COMMAND: 3, HAND: 4, GRAVEYARD: 5, LIBRARY: 6}
        self.definition(name)  # UnknownCard for a name in neither language
        return self.named(name, self.board.cards(), lambda c: (order[c.zone.kind], c.serial))

    def card(self, name: str, player: int = 0) -> MtgCard:
        """The card called ``name``; one not yet in the game starts in ``player``'s hand."""
        existing = self.find(name)
        if existing is not None:
            return existing
        return self.new_card(name, player, HAND)

    def in_hand(self, name: str, player: int) -> MtgCard:
        """A card called ``name`` in ``player``'s hand (one is added if there is none)."""
        hand = list(self.board.zone(player, HAND))
        card = self.named(name, hand, hand.index)
        return card if card is not None else self.new_card(name, player, HAND)

    def new_card(self, name: str, owner: int, zone_kind: str, *, index: int | None = None) -> MtgCard:
        definition = self.definition(name)
        self.check_new_copy(name)
        return self.bring_in(definition, owner, zone_kind, face_up=False, index=index, card_class=MtgCard)

    def zone_of(self, card: MtgCard) -> str:
        return card.zone.kind

    def on_battlefield(self, card: MtgCard) -> bool:
        return card.zone is not None and card.zone.kind == BATTLEFIELD

    def on_stack(self, card: MtgCard) -> bool:
        return card.zone is not None and card.zone.kind == STACK

    def permanents(self) -> list[MtgCard]:
        return [c for c in self.board.zone(None, BATTLEFIELD) if not c.phased_out]

    # -- characteristics and what players may see -----------------------------------

    def is_face_down(self, card: MtgCard) -> bool:
        if card.zone.kind == HAND:
            return card.concealed
        if card.zone.kind == GRAVEYARD:
            return False
        return not card.face_up

    def characteristics(self, card: MtgCard) -> Characteristics:
        # a face-down card outside the battlefield and the stack has no characteristics
        if card.zone.kind in HIDDEN_ZONES and self.is_face_down(card):
            return NO_CHARACTERISTICS
        return layers.compute(self, card)

    def layers_types(self, card: MtgCard) -> tuple[str, ...]:
        """Its card types through layer 4 (what counting "creatures" needs, without
        asking for power and toughness, which may themselves count creatures)."""
        return layers.compute(self, card, upto="4").types

    def copiable_values(self, card: MtgCard) -> Characteristics:
        return layers.copiable_values(card)

    def can_see(self, player: int, card: MtgCard) -> bool:
        """Whether ``player`` may look at the front of ``card`` (CR 708.5, 406.3)."""
        if card.concealed:
            return False
        if card.zone.kind == HAND and not card.concealed:
            return player == card.owner or player in card.seen_by
        return self.board.can_see(player, card)

    def reveal(self, card: MtgCard, why: str) -> None:
        """Show the card to every player; it is not turned face up (CR 708.9)."""
        card.seen_by.update(PLAYERS)
        self.log.record("reveal", f"「{card.name}」を公開する（{why}）", card=card.serial)

    def was_revealed(self, card: MtgCard) -> bool:
        return any(e.data.get("card") == card.serial for e in self.log.of_kind("reveal"))

    # -- moving between zones ---------------------------------------------------------

    def move(self, card: MtgCard, zone_kind: str, *, face_up: bool = True, index: int | None = None,
             controller: int | None = None, reason: str = "") -> MtgCard:
        """Move a card; it becomes a new object (CR 400.7)."""
        source = card.zone.kind
        leaving_face_down = source in (BATTLEFIELD, STACK) and not card.face_up
        last_known = self.characteristics(card) if source == BATTLEFIELD else None
        if last_known is not None and zone_kind != EXILE and any(
                a.kind == REPLACEMENT and a.event == LEAVES_BATTLEFIELD for a in last_known.abilities):
            self.log.record("replace", f"「{card.name}」は{ZONE_LOG.get(zone_kind, zone_kind)}に置かれる代わりに追放される",
                            card=card.serial)
            zone_kind, face_up = EXILE, True
        if leaving_face_down and zone_kind != BATTLEFIELD:
            self.reveal(card, "裏向きのまま戦場かスタックを離れた（CR 708.9）")
        last_controller = card.controller
        if card in self.stack:
            self.stack.remove(card)
        for other in self.board.zone(None, BATTLEFIELD):
            if other.blocking is card:
                other.blocking = None
        owner_zone = self.board.zone(None if zone_kind in (BATTLEFIELD, STACK, EXILE) else card.owner, zone_kind)
        if zone_kind in (LIBRARY, HAND, COMMAND):
            face_up = False
        self.board.move(card, owner_zone, face_up=face_up, index=index,
                        controller=controller if controller is not None else card.owner, reason=reason)
        card.erase(ZONE_CHANGE)
        self.effects = [e for e in self.effects if self._effect_target_alive(e)]
        if source == BATTLEFIELD and zone_kind == GRAVEYARD and last_known is not None and CREATURE in last_known.types:
            self._dies(Death(card, last_known, last_controller, leaving_face_down))
        return card

    def _effect_target_alive(self, effect: layers.ContinuousEffect) -> bool:
        return any(c.object_id == effect.object_id for c in self.board.cards())

    def _dies(self, death: Death) -> None:
        card = death.card
        self.log.record("dies", f"「{card.name}」が死亡した", card=card.serial)
        for ability in death.values.abilities:
            if ability.kind == TRIGGERED and ability.event == DIES:
                self._trigger(card, ability, death.controller, card=card, card_id=card.object_id)
        # "whenever another … creature dies": which deaths count is the card's own text
        for permanent in self.permanents():
            for ability in self.characteristics(permanent).abilities:
                if ability.kind == TRIGGERED and ability.event == ANOTHER_DIES and ability.affects(self, permanent, death):
                    self._trigger(permanent, ability, permanent.controller, card=card, card_id=card.object_id)

    # -- entering the battlefield ---------------------------------------------------------

    def put_onto_battlefield(self, card: MtgCard, controller: int | None = None, *,
                             face_down_as: Characteristics | None = None, face_down_by: str = "",
                             copy_of: MtgCard | None = None, setup: bool = False,
                             attach_to: Any = None, reason: str = "", tapped: bool = False,
                             face_up_when: frozenset[str] = frozenset()) -> MtgCard:
        controller = card.owner if controller is None else controller
        face_down = face_down_as is not None
        self.move(card, BATTLEFIELD, face_up=not face_down, controller=controller, reason=reason)
        if face_down:
            card.face_down_as, card.face_down_by = face_down_as, face_down_by
            card.face_up_when = face_up_when
        card.tapped = tapped
        card.timestamp = card.entered_at = self.tick()
        card.controlled_since = -math.inf if setup else self.clock
        if attach_to is not None:
            self.attach(card, attach_to)
        if face_down:
            # CR 708.3: it is face down before it enters, so its own "enters" abilities
            # neither apply nor trigger
            self.log.record("enter", f"「{card.name}」が裏向きで戦場に出た（{face_down_by}）", card=card.serial)
        else:
            if copy_of is not None:
                self.become_copy(card, copy_of)
            values = self.characteristics(card)
            with self.holding():
                for ability in values.abilities:
                    if ability.kind == AS_ENTERS and not setup:
                        ability.effect(self, card)
            values = self.characteristics(card)
            if PLANESWALKER in values.types and values.loyalty is not None:
                card.counters = {**card.counters, "忠誠": values.loyalty}
            if BATTLE in values.types and values.defense is not None:
                card.counters = {**card.counters, "守備": values.defense}
            self.log.record("enter", f"「{card.name}」が戦場に出た", card=card.serial)
            if not setup:
                for ability in values.abilities:
                    if ability.kind == TRIGGERED and ability.event == ENTERS:
                        self._trigger(card, ability, controller)
        if not setup:
            self.settle()
        return card

    def become_copy(self, card: MtgCard, original: MtgCard) -> None:
        """A copy effect: the copiable values of ``original`` as they are now (CR 707.2,
        708.2: a face-down object's copiable values are its face-down characteristics)."""
        copied = layers.copiable_values(original)
        card.copies = (*card.copies, (self.tick(), copied))
        self.log.record("copy", f"「{card.name}」が「{original.name}」のコピーになる", card=card.serial)

    def attach(self, aura: MtgCard, target: Any) -> None:
        aura.attached_to = target
        aura.attached_object = target.object_id if isinstance(target, MtgCard) else 0
        where = f"「{target.name}」" if isinstance(target, MtgCard) else PLAYER_NAMES[target[1]]
        self.log.record("attach", f"「{aura.name}」が{where}につく", card=aura.serial)

    def create_token(self, controller: int, face: Face, *, tapped: bool = False) -> MtgCard:
        zone = self.board.zone(None, BATTLEFIELD)
        token = self.board.new_card(CardDef(front=face, token=True), controller, zone, face_up=True,
                                    card_class=MtgCard)
        token.timestamp = token.entered_at = self.tick()
        token.controlled_since = self.clock
        token.tapped = tapped
        self.log.record("token", f"トークン「{face.name}」を生成する", card=token.serial)
        return token

    # -- turning face up and face down ------------------------------------------------------

    def face_up_options(self, card: MtgCard) -> list[tuple[str, str]]:
        """The ways its controller may turn ``card`` face up as a special action, with
        their costs (変異・大変異・変装 of its face-up copiable values (CR 708.10); a
        manifested or cloaked creature card for its mana cost)."""
        if not self.on_battlefield(card) or card.face_up or card.phased_out:
            return []
        options = [(a.way, a.cost) for a in layers.copiable_values(card, with_face_down=False).abilities
                   if a.kind == FACE_UP_COST]
        printed_front = card.definition.front
        if card.face_down_by in ("予示", "偽装") and CREATURE in printed_front.types and printed_front.mana_cost:
            options.append(("マナ・コスト", printed_front.mana_cost))
        return options

    def why_cannot_turn_face_up(self, card: MtgCard, cost: str | None = None, way: str | None = None) -> str | None:
        if not self.on_battlefield(card):
            return "not on the battlefield"
        if card.face_up:
            return "already face up"
        options = self.face_up_options(card)
        options = [o for o in options if (cost is None or o[1] == cost) and (way is None or o[0] == way)]
        if not options:
            return "no ability or rule lets it be turned face up (CR 708.7)"
        return self.forbidden(TURN_FACE_UP, card)

    def forbidden(self, action: str, card: MtgCard) -> str | None:
        """A permanent's static ability that forbids ``action`` for ``card`` (「～できない」)."""
        for source in self.permanents():
            for ability in self.characteristics(source).abilities:
                if ability.kind == RESTRICTION and ability.event == action and ability.affects(self, source, card):
                    return f"「{source.name}」: {ability.text}"
        return None

    def turn_face_up_special(self, player: int, card: MtgCard, cost: str | None = None,
                             way: str | None = None) -> None:
        """The special action: pay a face-up cost and turn it face up (no stack)."""
        if card.controller != player:
            raise IllegalAction(f"player {player} does not control 「{card.name}」")
        reason = self.why_cannot_turn_face_up(card, cost, way)
        if reason:
            raise IllegalAction(f"「{card.name}」 cannot be turned face up: {reason}")
        way, paid = next(o for o in self.face_up_options(card)
                         if (cost is None or o[1] == cost) and (way is None or o[0] == way))
        self.log.record("pay", f"{paid}を支払う（{way}）", card=card.serial)
        self.turn_face_up(card, reason=way, megamorph=(way == "大変異"))

    def turn_face_up(self, card: MtgCard, *, reason: str = "", megamorph: bool = False) -> bool:
        """Turn a face-down permanent face up: the same object, a new timestamp."""
        if not self.on_battlefield(card) or card.face_up:
            return False
        why = self.forbidden(TURN_FACE_UP, card)
        if why:
            self.log.record("face-up-forbidden", f"「{card.name}」は表向きにならない（{why}）", card=card.serial)
            return False
        front = card.definition.front
        if INSTANT in front.types or SORCERY in front.types:
            self.reveal(card, "インスタントやソーサリーのカードは表向きにならない")
            self.log.record("face-up-fails", f"「{card.name}」は裏向きのままである", card=card.serial)
            return False
        card.erase(FACE_UP_TRANSITION)
        upcoming = layers.copiable_values(card)
        # CR 708.11: "as this is turned face up" applies while it turns, not afterwards
        for ability in upcoming.abilities:
            if ability.kind == AS_TURNED_UP:
                ability.effect(self, card)
        self.board.turn(card, True, reason=reason)
        card.timestamp = self.tick()
        if megamorph:
            self.add_counters(card, "+1/+1", 1)
        values = self.characteristics(card)
        if self.day_night == "night" and card.definition.double_faced and values.has("日暮"):
            # it turns face up front face up and transforms at once; this is not a
            # state-based action, so nothing is checked in between
            card.transformed = True
            card.timestamp = self.tick()
            self.log.record("transform", f"「{card.name}」が夜なので変身する", card=card.serial)
            values = self.characteristics(card)
        for ability in values.abilities:
            if ability.kind == TRIGGERED and ability.event == TURNED_FACE_UP:
                self._trigger(card, ability, card.controller)
        self.settle()
        return True

    def turn_face_down(self, card: MtgCard, *, face_down_as: Characteristics | None = None,
                       by: str = "効果") -> bool:
        if not self.on_battlefield(card):
            raise IllegalAction(f"「{card.name}」 is not a permanent")
        if not card.face_up:
            # CR 708.2b: nothing happens, and the effect's characteristics do not apply
            self.log.record("no-op", f"「{card.name}」は既に裏向きなので何も起こらない（CR 708.2b）", card=card.serial)
            return False
        if card.definition.double_faced:
            self.log.record("no-op", f"「{card.name}」は両面カードなので裏向きにならない", card=card.serial)
            return False
        card.erase(TURNED_FACE_DOWN)
        card.face_down_as = face_down_as or FACE_DOWN_DEFAULT
        card.face_down_by = by
        self.board.turn(card, False, reason=by)
        card.timestamp = self.tick()
        self.settle()
        return True

    def transform(self, card: MtgCard) -> None:
        if not card.definition.double_faced or not card.face_up:
            raise IllegalAction(f"「{card.name}」 cannot transform")
        card.transformed = not card.transformed
        card.timestamp = self.tick()
        self.log.record("transform", f"「{card.name}」が変身する", card=card.serial)

    # -- the stack ------------------------------------------------------------------------

    def cast(self, player: int, card: MtgCard, *, face_down_way: str | None = None,
             targets: tuple[MtgCard, ...] = (), face_down_by: MtgCard | None = None) -> None:
        if card.zone.kind not in (HAND, EXILE):
            raise IllegalAction(f"「{card.name}」 cannot be cast from {card.zone.label}")
        if card.zone.kind == HAND and card.owner != player:
            raise IllegalAction(f"「{card.name}」 is not in player {player}'s hand")
        if card.zone.kind == EXILE and not card.face_up and face_down_way is None:
            # a card played from exile face down is turned face up just before it is cast
            self.board.turn(card, True, reason="追放領域から唱える")
        face_down_as = None
        if face_down_way is not None:
            values = layers.copiable_values(card, with_face_down=False)
            if not any(a.kind == FACE_UP_COST and a.way == face_down_way for a in values.abilities):
                raise IllegalAction(f"「{card.name}」 has no {face_down_way}")
            face_down_as = way_characteristics(face_down_way)
        rider: frozenset[str] = frozenset()
        if face_down_by is not None:
            # a permanent's ability lets its controller cast a creature card face down
            # with the characteristics the ability states (Illusionary Mask, CR 708.4)
            permission = next((a for a in self.characteristics(face_down_by).abilities if a.kind == CAST_FACE_DOWN),
                              None)
            if not self.on_battlefield(face_down_by) or face_down_by.controller != player or permission is None:
                raise IllegalAction(f"player {player} cannot cast face down with 「{face_down_by.name}」")
            if permission.affects is not None and not permission.affects(self, face_down_by, card):
                raise IllegalAction(f"「{card.name}」 is not a card 「{face_down_by.name}」 lets be cast face down")
            face_down_as = face_down_by.definition.face_down_as or FACE_DOWN_DEFAULT
            face_down_way, rider = f"「{face_down_by.name}」", face_down_by.definition.face_up_when
        self.move(card, STACK, face_up=face_down_as is None, controller=player, reason="唱える")
        if face_down_as is not None:
            card.face_down_as, card.face_down_by = face_down_as, face_down_way
            card.face_up_when = rider
        card.timestamp = self.tick()
        self.stack.append(card)
        for target in targets:
            if not self.is_legal_target(card, target):
                self.stack.remove(card)
                raise IllegalAction(f"「{target.name}」 is not a legal target of 「{card.name}」")
            card.targets = (*card.targets, (target, target.object_id))
        shown = f"「{card.name}」" + ("（裏向き）" if face_down_as is not None else "")
        self.log.record("cast", f"{PLAYER_NAMES[player]}が{shown}を唱える"
                        + (f"（対象：{'、'.join(f'「{t.name}」' for t in targets)}）" if targets else ""),
                        card=card.serial)
        for target in targets:
            self._became_target(target, card, player)
        self.settle()

    def _became_target(self, target: MtgCard, by: Any, player: int) -> None:
        """A permanent became the target of a spell or ability ``player`` controls (ward)."""
        if not self.on_battlefield(target) or target.controller == player:
            return
        for cost in ward_costs(self.characteristics(target)):
            self._trigger(target, ward_trigger(cost), target.controller, victim=by,
                          victim_id=getattr(by, "object_id", 0), cost=cost)

    # -- activated abilities ----------------------------------------------------------------

    def activated_ability(self, card: MtgCard) -> Ability:
        ability = next((a for a in self.characteristics(card).abilities if a.kind == ACTIVATED), None)
        if ability is None:
            raise IllegalAction(f"「{card.name}」 has no activated ability")
        return ability

    def activate(self, player: int, source: MtgCard, target: MtgCard | None = None) -> TriggeredInstance:
        """Activate ``source``'s activated ability: pay its cost, put it on the stack."""
        if not self.on_battlefield(source) or source.controller != player:
            raise IllegalAction(f"player {player} does not control 「{source.name}」")
        ability = self.activated_ability(source)
        if ability.tap:
            # CR 302.6: {T} needs the creature under its controller's control since the turn began
            sick = CREATURE in self.characteristics(source).types and self.summoning_sick(source)
            if source.tapped or sick:
                raise IllegalAction(f"「{source.name}」 cannot be tapped to pay the cost")
        instance = TriggeredInstance(source, ability, player)
        if ability.target is not None:
            if target is None or not self._legal_ability_target(instance, target):
                raise IllegalAction(f"「{getattr(target, 'name', None)}」 is not a legal target of {instance.name}")
            instance.context.update(target=target, target_id=target.object_id)
        if ability.tap:
            self.tap(source, reason="コスト")
        if ability.sacrifice:
            self.sacrifice(source, reason="コスト")
        self.stack.append(instance)
        self.log.record("activate", f"{PLAYER_NAMES[player]}が{instance.name}を起動する"
                        + (f"（対象：「{target.name}」）" if target is not None else ""), card=source.serial)
        if target is not None:
            self._became_target(target, instance, player)
        self.settle()
        return instance

    def is_legal_ability_target(self, source: MtgCard, candidate: MtgCard) -> bool:
        """Whether ``candidate`` may be chosen as the target of ``source``'s activated ability."""
        return self._legal_ability_target(TriggeredInstance(source, self.activated_ability(source),
                                                            source.controller), candidate)

    def _legal_ability_target(self, instance: TriggeredInstance, candidate: Any) -> bool:
        wanted = instance.ability.target
        if isinstance(candidate, int):
            return candidate not in self.left_game and wanted.player is not None and \
                wanted.player(self, instance, candidate)
        if candidate.zone is None or candidate.zone.kind != wanted.zone:
            return False
        return wanted.legal(self, instance, candidate)

    def begin_casting(self, player: int, card: MtgCard) -> None:
        self.cast(player, card)
        self.casting = card

    def finish_casting(self, player: int) -> None:
        self.casting = None
        for card in self.board.zone(player, HAND):
            if card.concealed:
                card.concealed = False
                self.log.record("face-up", f"唱え終えたので「{card.name}」を見られるようになる", card=card.serial)

    def is_legal_target(self, spell: MtgCard, candidate: MtgCard) -> bool:
        target = spell.definition.targets[0] if spell.definition.targets else None
        if target is None:
            return False
        if target.zone == BATTLEFIELD and not self.on_battlefield(candidate):
            return False
        if target.zone == STACK and not self.on_stack(candidate):
            return False
        return target.legal(self, spell, candidate)

    def resolve_top(self, *, pay: bool = False) -> None:
        """Resolve the top of the stack; ``pay``: its controller's opponent pays what the
        ability asks to be paid (a ward cost)."""
        if not self.stack:
            raise IllegalAction("the stack is empty")
        entry = self.stack[-1]
        if isinstance(entry, TriggeredInstance):
            target = entry.context.get("target")
            if entry.ability.target is not None and target is None and entry.ability.kind == TRIGGERED:
                raise SetupError(f"{entry.name}: say which target it has (「…を「{entry.source.name}」の"
                                 f"誘発型能力の対象に選ぶ」): {len(self.trigger_target_candidates(entry))} are legal")
            self.stack.pop()
            if entry.ability.target is not None and target is not None and (
                    (not isinstance(target, int) and target.object_id != entry.context.get("target_id"))
                    or not self._legal_ability_target(entry, target)):
                self.log.record("fizzle", f"{entry.name}の対象が不正なので立ち消える", card=entry.source.serial)
                self.settle()
                return
            self.log.record("resolve", f"{entry.name}が解決される", card=entry.source.serial)
            if entry.ability.effect is not None:
                context = dict(entry.context, paid=pay) if entry.ability.cost and entry.ability.kind == TRIGGERED \
                    else dict(entry.context)
                context.setdefault("controller", entry.controller)
                with self.holding():
                    entry.ability.effect(self, entry.source, **context)
            self.settle()
            return
        spell = entry
        legal = [t for t, obj in spell.targets if t.object_id == obj and self.is_legal_target(spell, t)]
        if spell.targets and not legal:
            self.log.record("fizzle", f"「{spell.name}」の対象がすべて不正なので立ち消える", card=spell.serial)
            self.move(spell, GRAVEYARD, reason="立ち消え")
            self.settle()
            return
        values = self.characteristics(spell)
        self.log.record("resolve", f"「{spell.name}」が解決される", card=spell.serial)
        if any(t in PERMANENT_TYPES for t in values.types):
            self.stack.remove(spell)
            attach_to = legal[0] if spell.definition.enchant and legal else None
            self.put_onto_battlefield(spell, spell.controller, face_down_as=spell.face_down_as,
                                      face_down_by=spell.face_down_by, attach_to=attach_to, reason="解決",
                                      face_up_when=spell.face_up_when)
            return
        # nothing is checked while a spell resolves; state-based actions and triggers
        # wait until it has finished and gone to the graveyard (CR 608.2n, 704.3)
        with self.holding():
            if spell.definition.resolve is not None:
                spell.definition.resolve(self, spell, legal)
            if self.on_stack(spell):
                self.move(spell, GRAVEYARD, reason="解決した")
        self.settle()

    def resolve_all(self) -> None:
        while self.stack:
            self.resolve_top()

    def counter(self, spell: MtgCard | TriggeredInstance, by: str) -> None:
        if isinstance(spell, TriggeredInstance):
            self.stack.remove(spell)
            self.log.record("counter", f"{spell.name}が打ち消される（{by}）", card=spell.source.serial)
            return
        self.log.record("counter", f"「{spell.name}」が打ち消される（{by}）", card=spell.serial)
        self.move(spell, GRAVEYARD, reason="打ち消された")

    # -- triggers and state-based actions -------------------------------------------------

    def _trigger(self, source: MtgCard, ability: Ability, controller: int, **context) -> None:
        self.log.record("trigger", f"「{source.name}」の「{ability.text}」が誘発する",
                        card=source.serial, event=ability.event)
        self.pending.append(TriggeredInstance(source, ability, controller, context))

    def did_trigger(self, card: MtgCard, event: str) -> bool:
        return any(e.data.get("card") == card.serial and e.data.get("event") == event
                   for e in self.log.of_kind("trigger"))

    @contextmanager
    def holding(self):
        """While an effect or a replacement is being applied, nothing is checked."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1

    def settle(self) -> None:
        """State-based actions until none apply, then waiting triggers go on the stack."""
        if self._held:
            return
        while self._state_based_actions():
            pass
        while self.pending:
            instance = self.pending.pop(0)
            if instance.ability.target is not None and "target" not in instance.context:
                if not self._choose_trigger_target(instance):
                    continue
            self.stack.append(instance)

    # -- targets of triggered abilities (CR 603.3d) -----------------------------------------

    def trigger_target_candidates(self, instance: TriggeredInstance) -> list:
        wanted = instance.ability.target
        cards = [c for c in self.board.cards() if c.zone is not None and c.zone.kind == wanted.zone
                 and not getattr(c, "phased_out", False) and self._legal_ability_target(instance, c)]
        players = [p for p in PLAYERS if p not in self.left_game and wanted.player is not None
                   and wanted.player(self, instance, p)]
        return [*cards, *players]

    def _choose_trigger_target(self, instance: TriggeredInstance) -> bool:
        """As a triggered ability is put on the stack its controller chooses its target
        (CR 603.3d): with no legal target it is removed from the stack; with one, that one
        is chosen; with several, a step says which (choose_trigger_target)."""
        found = self.trigger_target_candidates(instance)
        if not found:
            self.log.record("no-target", f"{instance.name}は対象を選べないので、スタックから取り除かれる",
                            card=instance.source.serial)
            return False
        if len(found) == 1:
            self._set_trigger_target(instance, found[0])
        return True

    def _set_trigger_target(self, instance: TriggeredInstance, target: Any) -> None:
        instance.context.update(target=target, target_id=target if isinstance(target, int) else target.object_id)
        shown = PLAYER_NAMES[target] if isinstance(target, int) else f"「{target.name}」"
        self.log.record("target", f"{instance.name}の対象として{shown}を選ぶ", card=instance.source.serial)
        if not isinstance(target, int):
            self._became_target(target, instance, instance.controller)

    def choose_trigger_target(self, player: int, source: MtgCard, target: Any) -> None:
        """``player`` chooses ``target`` (a card or a player) for the triggered ability of
        ``source`` waiting on the stack for its target."""
        waiting = [e for e in self.stack if isinstance(e, TriggeredInstance) and e.source is source
                   and e.ability.target is not None]
        if not waiting:
            raise IllegalAction(f"no triggered ability of 「{source.name}」 with a target is on the stack")
        instance = waiting[-1]
        if instance.controller != player:
            raise IllegalAction(f"player {player} does not control {instance.name}")
        if target not in self.trigger_target_candidates(instance):
            shown = PLAYER_NAMES[target] if isinstance(target, int) else f"「{target.name}」"
            raise IllegalAction(f"{shown} is not a legal target of {instance.name}")
        self._set_trigger_target(instance, target)
        self.settle()

    def _state_based_actions(self) -> bool:
        acted = False
        for card in self.permanents():
            if not self.on_battlefield(card):
                continue
            values = self.characteristics(card)
            why = None
            if CREATURE in values.types and values.toughness is not None and values.toughness <= 0:
                why = "タフネスが0以下"
            elif CREATURE in values.types and values.toughness and card.damage >= values.toughness:
                why = "致死ダメージ"
            elif PLANESWALKER in values.types and card.counters.get("忠誠", 0) <= 0:
                why = "忠誠カウンターがない"
            elif BATTLE in values.types and card.counters.get("守備", 0) <= 0:
                why = "守備カウンターがない"
            elif "オーラ" in values.subtypes and not self._legally_attached(card):
                why = "オーラが何にもついていないか不正についている"
            if why:
                self.log.record("sba", f"状況起因処理：「{card.name}」（{why}）を墓地に置く", card=card.serial)
                self.move(card, GRAVEYARD, reason="状況起因処理")
                acted = True
        self._remove_non_creatures_from_combat()
        return acted

    def _legally_attached(self, aura: MtgCard) -> bool:
        target = aura.attached_to
        enchant = aura.definition.enchant
        if target is None:
            return False
        if enchant == "player":
            return isinstance(target, tuple)
        if not isinstance(target, MtgCard) or target.object_id != aura.attached_object:
            return False
        if not self.on_battlefield(target):
            return False
        return enchant in self.characteristics(target).types

    # -- combat ---------------------------------------------------------------------------

    def summoning_sick(self, card: MtgCard) -> bool:
        """CR 302.6: controlled continuously since its controller's most recent turn began?"""
        return card.controlled_since > self.turn_started[card.controller] and \
            not self.characteristics(card).has("速攻")

    def attack(self, player: int, card: MtgCard) -> None:
        values = self.characteristics(card)
        if CREATURE not in values.types:
            raise IllegalAction(f"「{card.name}」 is not a creature")
        if card.controller != player or player != self.active_player:
            raise IllegalAction(f"player {player} cannot attack with 「{card.name}」")
        if card.tapped or self.summoning_sick(card) or values.has("防衛"):
            raise IllegalAction(f"「{card.name}」 cannot attack")
        if not values.has("警戒"):
            self.tap(card, reason="攻撃")
            values = self.characteristics(card)
            if CREATURE not in values.types:
                return  # turned face up instead of tapping, and no longer a creature
        card.attacking = True
        card.attacked_this_turn = True
        self.log.record("attack", f"「{card.name}」で攻撃する", card=card.serial)

    def block(self, player: int, blocker: MtgCard, attacker: MtgCard) -> None:
        values = self.characteristics(blocker)
        if CREATURE not in values.types or blocker.tapped or blocker.controller != player:
            raise IllegalAction(f"「{blocker.name}」 cannot block")
        if not attacker.attacking:
            raise IllegalAction(f"「{attacker.name}」 is not attacking")
        if self.characteristics(attacker).has("飛行") and not (values.has("飛行") or values.has("到達")):
            raise IllegalAction(f"「{blocker.name}」 cannot block a creature with flying")
        blocker.blocking = attacker
        attacker.blocked = True
        self.log.record("block", f"「{blocker.name}」が「{attacker.name}」をブロックする", card=blocker.serial)

    def _remove_non_creatures_from_combat(self) -> None:
        # CR 506.4: a permanent that stops being a creature is removed from combat;
        # nothing else (evasion, "can't attack") undoes an attack or a block already made
        for card in self.permanents():
            if (card.attacking or card.blocking is not None) and CREATURE not in self.characteristics(card).types:
                card.attacking, card.blocking = False, None
                self.log.record("removed-from-combat", f"「{card.name}」はクリーチャーでないので戦闘から取り除かれる",
                                card=card.serial)

    # -- turns, counters, damage ----------------------------------------------------------

    def start_turn(self, player: int) -> None:
        self.active_player = player
        self.turn_started[player] = self.tick()
        self.effects = [e for e in self.effects if not e.until_end_of_turn]
        for card in self.permanents():
            card.attacking, card.blocking, card.blocked = False, None, False
            if card.controller == player:
                card.attacked_this_turn = False
                card.tapped = False
        self.log.record("turn", f"{PLAYER_NAMES[player]}のターンが始まる")

    def add_counters(self, card: MtgCard, kind: str, n: int) -> None:
        card.counters = {**card.counters, kind: card.counters.get(kind, 0) + n}
        self.log.record("counter", f"「{card.name}」に{kind}カウンターを{n}個置く", card=card.serial)

    def add_effect(self, card: MtgCard, layer: str, apply, description: str, *, until_end_of_turn=False) -> None:
        self.effects.append(layers.ContinuousEffect(layer, self.tick(), card.object_id, apply, description,
                                                    until_end_of_turn))
        self.log.record("effect", f"「{card.name}」：{description}", card=card.serial)

    def _face_up_instead(self, card: MtgCard, event: str) -> None:
        """Illusionary Mask's rider: the event turns it face up first (CR 708.2 table)."""
        if event in card.face_up_when and not card.face_up and self.on_battlefield(card):
            self.log.record("face-up-instead", f"「{card.name}」は裏向きのままでは{'タップ' if event == TAPPED else 'ダメージ'}"
                            "されず、先に表向きになる", card=card.serial)
            self.turn_face_up(card, reason=f"{card.face_down_by}の効果")

    def tap(self, card: MtgCard, reason: str = "") -> None:
        self._face_up_instead(card, TAPPED)
        card.tapped = True
        self.log.record("tap", f"「{card.name}」をタップする" + (f"（{reason}）" if reason else ""), card=card.serial)

    def deal_damage(self, target: MtgCard, amount: int, source: MtgCard) -> None:
        """Damage to a permanent; nothing is checked until the effect has finished."""
        self._face_up_instead(target, DAMAGE)
        target.damage += amount
        self.log.record("damage", f"「{source.name}」が「{target.name}」に{amount}点のダメージを与える", card=target.serial)

    def sacrifice(self, card: MtgCard, reason: str = "") -> None:
        self.log.record("sacrifice", f"「{card.name}」を生け贄に捧げる" + (f"（{reason}）" if reason else ""),
                        card=card.serial)
        self.move(card, GRAVEYARD, reason="生け贄")

    def delay(self, source: MtgCard, ability: Ability, **context) -> None:
        """A delayed triggered ability (「次の終了ステップの開始時に…」)."""
        self.delayed.append(TriggeredInstance(source, ability, source.controller, context))

    def begin_end_step(self) -> None:
        self.log.record("step", "終了ステップが始まる")
        waiting = [d for d in self.delayed if d.ability.event == END_STEP]
        self.delayed = [d for d in self.delayed if d.ability.event != END_STEP]
        for instance in waiting:
            self._trigger(instance.source, instance.ability, instance.controller, **instance.context)
        self.settle()

    def deal_damage_to_player(self, player: int, amount: int, source: MtgCard) -> None:
        self.life[player] -= amount
        self.log.record("damage", f"「{source.name}」が{PLAYER_NAMES[player]}に{amount}点のダメージを与える")

    def lose_life(self, player: int, amount: int, source: MtgCard) -> None:
        self.life[player] -= amount
        self.log.record("life", f"{PLAYER_NAMES[player]}は{amount}点のライフを失う（「{source.name}」）")

    def gain_life(self, player: int, amount: int, source: MtgCard) -> None:
        self.life[player] += amount
        self.log.record("life", f"{PLAYER_NAMES[player]}は{amount}点のライフを得る（「{source.name}」）")

    def destroy(self, card: MtgCard, reason: str = "") -> None:
        self.log.record("destroy", f"「{card.name}」を破壊する（{reason}）", card=card.serial)
        self.move(card, GRAVEYARD, reason=reason or "破壊")

    def draw(self, player: int) -> MtgCard:
        library = self.board.zone(player, LIBRARY)
        if not library.cards:
            raise SetupError("the library is empty")
        card = library.cards[0]
        self.move(card, HAND, reason="引く")
        if self.casting is not None:
            card.concealed = True
            self.log.record("concealed", f"唱えている途中で引いた「{card.name}」は裏向きのままである", card=card.serial)
        return card

    def activate_mana_ability(self, player: int, card: MtgCard) -> None:
        """Mana abilities resolve at once, even in the middle of casting a spell."""
        if not self.on_battlefield(card) or card.controller != player:
            raise IllegalAction(f"player {player} does not control 「{card.name}」")
        ability = next((a for a in self.characteristics(card).abilities if a.kind == MANA), None)
        if ability is None:
            raise IllegalAction(f"「{card.name}」 has no mana ability")
        if ability.tap and card.tapped:
            raise IllegalAction(f"「{card.name}」 is tapped")
        self.log.record("activate", f"「{card.name}」のマナ能力を起動する", card=card.serial)
        if ability.tap:
            self.tap(card, reason="コスト")
        if ability.sacrifice:
            # the cost is paid first; the ability still resolves (CR 605.3b)
            card = self.move(card, GRAVEYARD, reason="生け贄に捧げる")
        if ability.effect is not None:
            ability.effect(self, card)

    # -- manifest, cloak, exile ------------------------------------------------------------

    def manifest(self, player: int, way: str) -> MtgCard:
        library = self.board.zone(player, LIBRARY)
        if not library.cards:
            raise SetupError("the library is empty")
        card = library.cards[0]
        return self.put_onto_battlefield(card, player, face_down_as=way_characteristics(way), face_down_by=way,
                                         reason=way)

    def exile(self, card: MtgCard, *, face_down: bool = False) -> MtgCard:
        return self.move(card, EXILE, face_up=not face_down, reason="裏向きで追放" if face_down else "追放")

    def put_into_command_zone(self, card: MtgCard, *, face_down: bool) -> MtgCard:
        """Conspiracies with hidden or double agenda start the game face down in the command
        zone, and their owner may look at them at any time (CR 702.106); attractions wait face
        down there, seen by no one, like a library."""
        self.move(card, COMMAND, reason="ゲーム開始時")
        card.face_up = not face_down
        if face_down and any(layers.printed(card).has(agenda) for agenda in ("秘策", "両策")):
            self.let_look(card.owner, card)
        return card

    def let_look(self, player: int, card: MtgCard) -> None:
        self.board.look(player, card)

    # -- the end ------------------------------------------------------------------------

    def leave_game(self, player: int) -> None:
        self.left_game.add(player)
        self.log.record("leave", f"{PLAYER_NAMES[player]}がゲームから離れる")
        for card in self._face_down_on_battlefield_or_stack():
            if card.owner == player:
                self.reveal(card, "オーナーがゲームから離れた（CR 708.9）")

    def end_game(self) -> None:
        self.over = True
        self.log.record("end", "ゲームが終了する")
        for card in self._face_down_on_battlefield_or_stack():
            self.reveal(card, "ゲームの終了（CR 708.9）")

    def _face_down_on_battlefield_or_stack(self) -> list[MtgCard]:
        zones = (self.board.zone(None, BATTLEFIELD), self.board.zone(None, STACK))
        return [c for z in zones for c in z if not c.face_up]

    # -- what an opponent can tell apart (CR 708.6) -----------------------------------------

    def public_view(self, viewer: int, card: MtgCard) -> dict[str, str]:
        mine = sorted((c for c in self.permanents() if c.controller == card.controller and not c.face_up),
                      key=lambda c: c.entered_at)
        order = next(i for i, c in enumerate(mine, 1) if c is card)
        return {
            "カード名": card.name if self.can_see(viewer, card) else "（不明）",
            "戦場に出た順": str(order),
            "裏向きにしたもの": card.face_down_by,
            "このターンに攻撃した": "はい" if card.attacked_this_turn else "いいえ",
        }
