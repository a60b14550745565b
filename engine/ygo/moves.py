"""Moving cards: turning a monster face-down and face-up, a card leaving the field (what
it keeps and what its links do), sending to the graveyard, destroying (and what replaces
a destruction), banishing, returning to the hand or the deck, drawing, shuffling.

How a card came to where it is counts (4.3.3.4: destroyed, sent to the graveyard,
banished, added to the hand …) and is remembered (memories.py, Info.ARRIVED_AS); each
move tells the chain what happened (chain.Chain.emit).  Destroying, sending, banishing
and returning are one game action each (actions.one_action): the triggers they cause
wait until the whole of it is done.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
import random
from typing import Any, Protocol

from rulings.core import IllegalAction
from rulings.core.events import EventLog

from .actions import one_action
from .activation import Activation
from .banish import TemporaryBanishes
from .chain import Chain
from .links import Links
from .memories import Memories
from .memory import RULES, Info, Transition
from .objects import WAS_BANISHED, YgoCard, Zone
from .summoning import Summoning
from .values import Values
from .view import ChainView, DuelView, NegationView

DECK, HAND, EXTRA, MONSTER, SPELL_TRAP, PENDULUM, GRAVEYARD, BANISHED, MATERIALS, FIELD_SPELL = (
    Zone.DECK, Zone.HAND, Zone.EXTRA, Zone.MONSTER, Zone.SPELL_TRAP, Zone.PENDULUM, Zone.GRAVEYARD,
    Zone.BANISHED, Zone.MATERIALS, Zone.FIELD_SPELL)


class MovesChain(ChainView, Protocol):
    """What moves.py asks of chain.py's ``Chain`` beyond what card data does."""

    def one_action(self) -> AbstractContextManager[None]: ...


class MovesNegation(NegationView, Protocol):
    """What moves.py asks of negation.py's ``Negation`` beyond what card data does."""

    def negations(self, card: YgoCard, depth: int = 0) -> set[str]: ...


class MovesDuel(DuelView, Protocol):
    """What moving cards needs of the rest of the duel (rulings.ygo.duel.Duel is one): what
    card data sees (a static's test is given the duel), the chain each move is one game
    action of (``destroy``, ``send_to_graveyard`` … are marked actions.one_action), the
    negations a card's last known information keeps, and control."""

    chain_rules: MovesChain
    negation_rules: MovesNegation

    def keep_last_known(self, card: YgoCard, known: Any) -> None: ...


class Moves:
    """Moves cards between zones and turns them over.  Owns no state of its own: where a
    card is is the board's, what it keeps is its memory."""

    state_fields: tuple[str, ...] = ()

    def __init__(self, duel: MovesDuel, memory: Memories, links: Links, banishes: TemporaryBanishes,
                 summoning: Summoning, values: Values, activation: Activation, chain: Chain,
                 log: EventLog) -> None:
        self.duel = duel
        self.memory = memory
        self.links = links
        self.banishes = banishes
        self.summoning = summoning
        self.values = values
        self.activation = activation
        self.chain = chain
        self.log = log

    def graveyard_replaced_by(self) -> str | None:
        """The face-up card whose effect banishes what would be sent to the graveyard
        (大宇宙 and the like), if one applies now."""
        for other in self.duel.field_cards():
            if self.values.active_statics(other, "graveyard-to-banish"):
                return other.name
        return None

    def snapshot(self, card: YgoCard) -> dict:
        """Last known information, taken as the card leaves the field."""
        return {
            "memory": {item.key: item.value for item in card.memory.items()},
            "face_up": card.face_up, "controller": card.controller, "position": card.position,
            "negations": self.duel.negation_rules.negations(card) if card.face_up else set(),
            "object_id": card.object_id,
        }

    def can_turn_face_down(self, card: YgoCard) -> bool:
        """A face-up monster in a monster zone, but not a link monster (it has no DEF
        and is never face-down)."""
        return self.duel.face_up_on_field(card) and card.zone.kind == MONSTER and "link" not in card.definition.types

    def turn_face_down(self, card: YgoCard, reason: str = "") -> None:
        if not (self.duel.on_field(card) and card.definition.is_monster and card.zone.kind == MONSTER):
            raise IllegalAction(f"「{card.name}」不是场上的怪兽")
        if not card.face_up:
            raise IllegalAction(f"「{card.name}」已经是里侧表示")
        if "link" in card.definition.types:
            raise IllegalAction(f"「{card.name}」是连接怪兽，不能变成里侧表示")
        held = [lk for lk in self.links.links_of(card) if lk.target is card and "control" in lk.grants]
        self.duel.board.turn(card, False, reason=reason)
        card.position = "defense"
        self.memory.transition(card, Transition.TURNED_FACE_DOWN)
        if held and card.controller != card.owner:
            # the continuous target that gave control ends with it (FAQ fid=16310, 11049):
            # the face-down monster goes back to its owner's field
            self.duel.control_rules.shift_control(card, card.owner,
                                                  reason="it is no longer the target that gave control")
        self.chain.emit("position-changed", card)
        self.values.adjust()

    @one_action
    def flip_face_up(self, card: YgoCard, reason: str = "", position: str = "defense") -> None:
        """Turn a face-down monster face up by an effect: it forgets nothing."""
        if not (self.duel.on_field(card) and not card.face_up):
            raise IllegalAction(f"「{card.name}」不是场上里侧表示的卡")
        self.duel.board.turn(card, True, reason=reason)
        card.position = position
        self.memory.remember(card, Info.FLIPPED)
        self.chain.emit("flipped", card)
        self.chain.emit("position-changed", card)
        self.values.adjust()

    # -- leaving the field ----------------------------------------------------------

    def leave_field(self, card: YgoCard, to: Zone, *, reason: str, face_up: bool | None = None,
                    transition: Transition = Transition.LEFT_FIELD, destroyed: bool = False,
                    by_battle: bool = False, by_player: int | None = None, index: int | None = None,
                    tags: tuple = ()) -> None:
        """Every way off the field goes through here: links fire, memory is erased by
        the table, the card becomes a new object in its owner's zone."""
        snapshot = self.snapshot(card)
        self.duel.keep_last_known(card, snapshot)
        after = self.links.links_on_leave(card, destroyed)
        for material in self.summoning.materials_of(card):
            material.attached_to = None
            where = BANISHED if self.graveyard_replaced_by() else GRAVEYARD
            self.duel.board.move(material, self.duel.board.zone(material.owner, where),
                            reason=f"material of 「{card.name}」 that left the field")
            self.memory.arrived(material, "sent-to-graveyard" if where == GRAVEYARD else WAS_BANISHED)
        self.memory.transition(card, transition)
        card.position = ""
        owner_zone = self.duel.board.zone(card.owner, to.kind) if to.kind != MATERIALS else to
        if to.kind in (HAND, DECK) or (to.kind == EXTRA and not face_up):
            card.proc_complete = False  # the face-up extra deck keeps a proper summon
        self.duel.board.move(card, owner_zone, face_up=face_up, reason=reason, index=index)
        if tags:
            self.memory.arrived(card, *tags)
        for action in after:
            action()
        self.chain.emit("left-field", card, to=to.kind, lki=snapshot, destroyed=destroyed, by_battle=by_battle,
                  temporary=transition is Transition.BANISHED_TEMPORARILY, by_player=by_player)
        if to.kind == GRAVEYARD:
            self.chain.emit("to-graveyard", card, lki=snapshot, destroyed=destroyed, by_battle=by_battle,
                      by_player=by_player)
        if destroyed:
            self.chain.emit("destroyed", card, lki=snapshot, destroyed=True, by_battle=by_battle, by_player=by_player)
        if to.kind == BANISHED:
            self.chain.emit(WAS_BANISHED, card, lki=snapshot)
        self.values.adjust()

    def banished_when_leaving(self, card: YgoCard) -> bool:
        """『从场上离开的场合除外』 applies to this face-up card (消战者)."""
        return self.duel.face_up_on_field(card) and (self.values.applies(card, "leave-banish")
                                                 or bool(self.memory.lasting(card, "leave-banish")))

    def redirect(self, card: YgoCard, to_kind: str) -> str:
        """Where a card leaving the field really goes."""
        return BANISHED if self.banished_when_leaving(card) else to_kind

    @one_action
    def send_to_graveyard(self, card: YgoCard, reason: str = "", *, destroyed: bool = False,
                          by_battle: bool = False, by_player: int | None = None, discarded: bool = False,
                          tributed: bool = False, tags: tuple = ()) -> None:
        """Send ``card`` to its owner's graveyard (4.3.3.4.3).  What the move counts as
        is recorded on the card: a destroyed, discarded or tributed card that reaches the
        graveyard is also "sent to the graveyard", one from the hand "sent from the hand";
        when an effect like 大宇宙 applies it is banished instead and only keeps being
        destroyed / discarded / tributed."""
        tags = set(tags) | ({"destroyed"} if destroyed else set()) | ({"discarded"} if discarded else set()) \
            | ({"tributed"} if tributed else set())
        from_hand = card.zone.kind == HAND
        from_zone = card.zone.kind
        if tributed and self.duel.on_field(card):
            self.count_tributed(card)
        if self.duel.on_field(card):
            where = self.redirect(card, GRAVEYARD)
        else:
            where = GRAVEYARD
        replaced = self.graveyard_replaced_by() if where == GRAVEYARD else None
        if replaced:
            where = BANISHED
            reason = f"{reason}; banished instead by 「{replaced}」" if reason else f"banished instead by 「{replaced}」"
        if where == GRAVEYARD:
            tags |= {"sent-to-graveyard"} | ({"from-hand-to-graveyard"} if from_hand else set())
        else:
            tags |= {WAS_BANISHED}
        zone = self.duel.board.zone(card.owner, where)
        if self.duel.on_field(card):
            self.leave_field(card, zone, reason=reason, destroyed=destroyed, by_battle=by_battle,
                             by_player=by_player, tags=tuple(tags))
            return
        self.banishes.drop(card)
        self.duel.board.move(card, zone, reason=reason)
        self.memory.arrived(card, *tags)
        if where == GRAVEYARD:
            # from the hand or the deck: no last known information on the field
            self.chain.emit("to-graveyard", card, lki=None, destroyed=destroyed, by_battle=False, by_player=by_player,
                      discarded=discarded, from_hand=from_hand, from_zone=from_zone)
        else:
            self.chain.emit(WAS_BANISHED, card, lki=None)
        self.chain.run_mandatory()

    def discard(self, card: YgoCard, reason: str = "") -> None:
        """Discard a card from the hand (4.3.3.4.2): it goes to the graveyard, and counts
        as discarded and as sent from the hand to the graveyard — not as destroyed."""
        if card.zone.kind != HAND:
            raise IllegalAction(f"「{card.name}」不在手卡，不能丢弃")
        self.send_to_graveyard(card, reason=reason or "discarded", discarded=True)

    @one_action
    def destroy(self, card: YgoCard, reason: str = "", *, by_effect: YgoCard | None = None,
                by_battle: bool = False, by_player: int | None = None, by_rule: bool = False,
                to: str = GRAVEYARD) -> bool:
        """Destroy ``card``; False when the rules keep it on the field (a card in the
        graveyard or banished cannot be destroyed: 4.3.3.4.1).  ``by_rule``: the rules
        destroy it, not an effect (no monster zone left for a control change)."""
        if not self.duel.on_field(card):
            self.log.record("survive.not-on-field", card=card)
            return False
        why_not = self.values.why_not_destroyed(card, by_effect=by_effect, by_battle=by_battle, by_player=by_player)
        if why_not:
            self.log.record("survive", card=card, why=why_not)
            return False
        if not by_rule and self.destruction_replaced(card, by_battle=by_battle,
                                                     by_player=by_effect.controller if by_effect is not None
                                                     and by_player is None else by_player):
            return False
        self.log.record("destroy", card=card, reason=reason)
        how = ("destroyed-by-battle",) if by_battle else () if by_rule else ("destroyed-by-effect",)
        if "destroyed-by-effect" in how and card.zone.kind == SPELL_TRAP and not card.face_up:
            self.activation.set_cards_destroyed.add((self.duel.turn, card.controller))  # 魂缚门's condition
        if to == BANISHED:
            # 『破坏并除外』: destroyed, and banished instead of going to the graveyard
            self.leave_field(card, self.duel.board.zone(card.owner, BANISHED), reason="destroyed and banished",
                             destroyed=True, by_battle=by_battle, by_player=by_player,
                             tags=("destroyed", *how, WAS_BANISHED))
            return True
        if card.zone.kind == PENDULUM or ("pendulum" in card.definition.types and card.zone.kind == MONSTER
                                          and card.face_up):
            # a pendulum monster card destroyed on the field goes face-up to the extra deck
            self.leave_field(card, self.duel.board.zone(card.owner, EXTRA), reason="destroyed", face_up=True,
                             destroyed=True, by_battle=by_battle, by_player=by_player, tags=("destroyed", *how))
            return True
        self.send_to_graveyard(card, reason="destroyed", destroyed=True, by_battle=by_battle, by_player=by_player,
                               tags=how)
        return True

    def count_tributed(self, card: YgoCard) -> None:
        """『这张卡表侧表示存在的状态被解放的怪兽数量』: each face-up card keeping that count
        counts ``card`` — while its effects are negated too (fid=8112; memory.RULES)."""
        for other in self.duel.field_cards():
            if other is card:
                continue
            if self.values.active_statics(other, "count-tributed",
                                   ignore_negation=RULES["count-tributed-while-negated"]):
                n = (self.memory.recall(other, Info.COUNT) or 0) + 1
                self.memory.remember(other, Info.COUNT, n)
                self.log.record("count.tributed", card=other, n=n)

    def destruction_replaced(self, card: YgoCard, *, by_battle: bool, by_player: int | None) -> bool:
        """『…被破坏的场合，可以作为代替把墓地的这张卡除外』: a card in its controller's
        graveyard whose replacement fits ``card`` and how it would be destroyed is banished
        instead, and ``card`` stays on the field (memory.RULES, fid=24011)."""
        if not RULES["destruction-replaced-from-graveyard"]:
            return False
        for source in list(self.duel.board.zone(card.controller, GRAVEYARD)):
            for st in self.values.active_statics(source, "replace-destruction-banish-self"):
                if st.value(self.duel, source, card, by_battle, by_player):
                    self.log.record("destroy-replaced", card=card, source=source)
                    self.banish(source, reason=f"replaces the destruction of 「{card.name}」")
                    return True
        return False

    @one_action
    def banish(self, card: YgoCard, reason: str = "", face_up: bool = True) -> None:
        """Banish ``card`` to its owner's banished cards (4.3.3.4.4); face-down, only its
        owner may look at it."""
        zone = self.duel.board.zone(card.owner, BANISHED)
        self.banishes.drop(card)
        tags = (WAS_BANISHED,) if face_up else (WAS_BANISHED, "banished-face-down")
        if self.duel.on_field(card):
            self.leave_field(card, zone, reason=reason, face_up=face_up, tags=tags)
        else:
            self.duel.board.move(card, zone, face_up=face_up, reason=reason)
            self.memory.arrived(card, *tags)
            self.chain.emit(WAS_BANISHED, card, lki=None)

    @one_action
    def return_to_hand(self, card: YgoCard, reason: str = "") -> None:
        """To its owner's hand (an extra deck monster: to the extra deck).  回到手卡 and
        加入手卡 are the same thing (4.3.3.4.6)."""
        if card.definition.extra_deck:
            self.return_to_deck(card, reason=reason)
            return
        self.add_to_hand(card, reason=reason)

    @one_action
    def add_to_hand(self, card: YgoCard, reason: str = "") -> None:
        """An effect adds ``card`` to its owner's hand: not a draw (4.3.3.4.6)."""
        zone = self.duel.board.zone(card.owner, HAND)
        self.banishes.drop(card)
        if self.duel.on_field(card):
            self.leave_field(card, zone, reason=reason, tags=("added-to-hand",))
        else:
            self.duel.board.move(card, zone, reason=reason)
            self.memory.arrived(card, "added-to-hand")

    def draw(self, player: int, n: int = 1, reason: str = "") -> list[YgoCard]:
        """Draw ``n`` cards from the top of the deck (none left: nothing)."""
        drawn = list(self.duel.board.zone(player, DECK))[:n]
        for c in drawn:
            self.duel.board.move(c, self.duel.board.zone(player, HAND), reason=reason or "drawn")
            self.memory.arrived(c, "drawn", "added-to-hand")
        if drawn:
            self.chain.emit("drawn", None, player=player, count=len(drawn), phase=self.duel.phase)
        return drawn

    DECK_PLACES = {"shuffle": None, "top": 0, "bottom": None}

    @one_action
    def return_to_deck(self, card: YgoCard, reason: str = "", where: str = "shuffle") -> None:
        """To its owner's deck face-down (4.3.3.4.5): shuffled in, unless the effect says
        where (the top or the bottom), when the deck is not shuffled.  An extra deck
        monster goes to the extra deck."""
        extra = card.definition.extra_deck
        home = EXTRA if extra else DECK
        index = None if extra else self.DECK_PLACES[where]
        tags = ("returned-to-deck",) if extra else (
            "returned-to-deck", {"shuffle": "shuffled-into-deck", "top": "deck-top", "bottom": "deck-bottom"}[where])
        self.banishes.drop(card)
        if self.duel.on_field(card):
            self.leave_field(card, self.duel.board.zone(card.owner, home), reason=reason, index=index, tags=tags)
        else:
            self.duel.board.move(card, self.duel.board.zone(card.owner, home), face_up=False, reason=reason, index=index)
            self.memory.arrived(card, *tags)
        if not extra and where == "shuffle":
            self.shuffle_deck(card.owner)

    def shuffle_deck(self, player: int) -> None:
        zone = self.duel.board.zone(player, DECK)
        random.Random(self.duel.turn * 7919 + len(zone.cards)).shuffle(zone.cards)
        self.log.record("shuffle", player=player)

    def deck_position(self, card: YgoCard) -> str | None:
        """"top", "bottom" (or both, for a deck of one card), or None."""
        if card.zone.kind != DECK:
            return None
        cards = card.zone.cards
        return "top" if cards[0] is card else "bottom" if cards[-1] is card else "middle"
