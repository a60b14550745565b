"""Activation, trigger effects and chains.

Events (a summon, a card leaving the field, a phase) make trigger effects pending; a
pending optional trigger can be activated, mandatory ones are put on a chain as soon as
the game is open.  A chain resolves last link first; each link keeps the object it was
activated by, so an effect can tell whether its card is still that card (turned
face-down: yes; left the field: no).  Whether a link is negated is negation.py's call.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from rulings.core import IllegalAction
from rulings.core.choices import FIRST_FITTING, describe
from rulings.core.events import EventLog

from . import memory
from .activation import STAYS, Activation, stays_on_field
from .banish import TemporaryBanishes
from .links import Links
from .memories import Memories
from .summoning import Summoning
from .values import Values
from .view import DuelView, MovesView, NegationView
from .cards import Effect
from .legality import Rule, enforced, refusal
from .memory import Info, Transition, erased_by
from .negation import resolution_negated
from .objects import YgoCard, Zone


#: rules of spell speed the coverage tool switches off one at a time (tables.py): a card
#: activation of a counter trap (spell speed 3) is answered only by another counter trap
SPELL_SPEED = {"counter-trap": True,
               # 召唤之际: a summon can be negated (神之宣告 …) only when nothing else is left to
               # process — a conditional summon made as a chain link 2 or higher finishes has the
               # rest of the chain still to resolve (fid=24054)
               "summon-window-needs-empty-chain": True}


#: rules of targeting the coverage tool switches off one at a time (tables.py): an effect
#: that special summons its targets can only target monsters it could special summon
#: (苏生限制: 群豪世界-真罗万象, fid=23916)
TARGETING = {"summon-target-summonable": True}


def spell_speed_3(card: "YgoCard", effect: Effect) -> bool:
    """The card activation of a counter trap: the only spell speed 3."""
    return effect.kind == "activation" and card.definition.kind == "trap" and "counter" in card.definition.types


@dataclass
class GameEvent:
    kind: str
    subject: Any
    data: dict = field(default_factory=dict)

    def __getattr__(self, name: str):
        try:
            return self.data[name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(eq=False)
class Pending:
    card: "YgoCard"
    object_id: int
    effect: Effect
    player: int
    negations: set
    event: GameEvent
    #: how many chain links had been processed when its event happened, if it happened
    #: while a chain resolved (for missing the timing)
    step: int | None = None


@dataclass(eq=False)
class ChainLink:
    number: int
    card: "YgoCard"
    object_id: int
    effect: Effect
    player: int
    targets: list = field(default_factory=list)
    #: "activation" | "effect" when a chain link negated it
    negated: str | None = None
    #: lasting negations of the card when it activated (or when its trigger event happened)
    negated_at_activation: set = field(default_factory=set)
    event: GameEvent | None = None
    #: outcome, for the trace and the Then steps: "applied" | "negated: <kind>"
    outcome: str = ""
    #: cards chosen on activation without targeting them (「简易融合」's monster …)
    chosen: list = field(default_factory=list)
    #: the card whose text the effect is (another card's, for a gained effect)
    effect_owner: Any = None
    #: what this link special summoned, with the object ids they got (for what the rest
    #: of the effect does to 『这个效果特殊召唤的怪兽』)
    summoned: list = field(default_factory=list)
    #: the effect a continuous trap activated together with its card activation
    with_effect: Effect | None = None
    #: what was declared on activation (a card kind: "spell", "trap", "monster")
    declared: str | None = None
    #: the zone the card activated in: a card activation is made on the field, even from
    #: the hand (『手卡·墓地·除外状态的卡的效果发动时』 does not see it); an effect, where
    #: the card was before its cost moved it (灰流丽: the hand)
    zone: str | None = None
    #: the cards shown to the opponent for this activation or as it resolved (『给对方观看』)
    revealed: list = field(default_factory=list)

    def below(self, duel) -> "ChainLink | None":
        """The chain link this one was activated in response to."""
        for link in duel.chain_rules.chain:
            if link.number == self.number - 1:
                return link
        return None

    def card_if_unchanged(self) -> "YgoCard | None":
        """The activating card, if it is still the same object as when it activated."""
        return self.card if self.card.object_id == self.object_id else None

    def live_targets(self) -> list["YgoCard"]:
        """Targets that are still the objects that were targeted."""
        return [card for card, obj in self.targets if card.object_id == obj]


CARD_ACTIVATION = "发动"


def restriction_needs(restriction):
    """What a restriction needs to be accepted on activation (『这个效果发动的回合，……不能……』
    only while what it forbids has not been done this turn): (duel, card, player) -> the
    reason it cannot, or None; the block that states the restriction carries it (``needs``)."""
    return getattr(restriction, "needs", None)


class ChainNegation(NegationView, Protocol):
    """What chain.py asks of negation.py's ``Negation`` beyond what card data does."""

    def negations(self, card: YgoCard, depth: int = 0) -> set[str]: ...


class ChainMoves(MovesView, Protocol):
    """What chain.py asks of moves.py's ``Moves`` beyond what card data does."""

    def discard(self, card: YgoCard, reason: str = "") -> None: ...


class ChainDuel(DuelView, Protocol):
    """What the chain needs of the rest of the duel (rulings.ygo.duel.Duel is one): what
    card data sees (an effect's trigger, condition, cost and targets are given the duel)
    and the ways a card leaves the field."""

    negation_rules: ChainNegation
    move_rules: ChainMoves


class Chain:
    """Trigger effects, activations and chains.  Owns the chain being built or resolved,
    the pending triggers, the links resolved and being finished, the events since the
    chain started, the game actions under way, and which 『1回合1次』 effects were used."""

    state_fields = ("chain", "_resolving", "after_link", "summon_windows", "pending", "resolved", "_activating",
                    "_acting", "_steps", "resolving", "finishing", "missed", "recent_events", "declined",
                    "stated_targets", "applying_plans", "used_names", "used_in_duel")

    def __init__(self, duel: ChainDuel, memory: Memories, values: Values, activation: Activation,
                 summoning: Summoning, links: Links, banishes: TemporaryBanishes, log: EventLog) -> None:
        self.duel = duel
        self.memory = memory
        self.values = values
        self.activation = activation
        self.summoning = summoning
        self.links = links
        self.banishes = banishes
        self.log = log
        #: 「卡名」的效果1回合只能使用1次: (player, card name, effect label) used this turn
        self.used_names: set[tuple[int, str, str]] = set()
        #: 「卡名」的效果在决斗中只能使用1次: (player, card name, effect label) used in this duel
        self.used_in_duel: set[tuple[int, str, str]] = set()
        self.chain: list[ChainLink] = []
        self._resolving = 0
        #: what is done once the resolving chain link is finished — the conditional summons
        #: an effect lets its player make then (紧急同调: 『把1只同调怪兽同调召唤』)
        self.after_link: list = []
        #: card serial -> whether its latest summon could be negated as it was made
        self.summon_windows: dict[int, bool] = {}
        self.pending: list[Pending] = []
        self.resolved: list[ChainLink] = []
        #: while an activation is being paid for, what its cost triggers waits for the
        #: chain it starts (it is not put on a chain of its own before it)
        self._activating = 0
        #: game actions under way (one_action): their triggers wait until they are done
        self._acting = 0
        #: chain links processed so far (an activation negated is not processed at all)
        self._steps = 0
        #: the chain link being resolved now (its card is still 'on the chain')
        self.resolving: list[ChainLink] = []
        #: resolved links whose spell or trap card leaves the field when the chain ends
        self.finishing: list[ChainLink] = []
        #: optional 『…时』 triggers that missed the timing: (card, label)
        self.missed: list = []
        #: events since the current chain started to be built (see emit)
        self.recent_events: list = []
        #: trigger effects a player chose not to activate: (card serial, label, player)
        self.declined: set = set()
        #: targets stated ahead for a mandatory trigger: (card serial, label, player) -> cards
        self.stated_targets: dict = {}
        #: continuous effects a player chose to apply as some card's activated effect applies
        #: (『…适用之际，可以…』): (this card's serial, its label, that card's serial)
        self.applying_plans: set = set()

    # -- effects a card has -----------------------------------------------------------

    def effects_of(self, card: "YgoCard") -> list[Effect]:
        gained = [e for d in self.memory.lasting(card, "gained-effects") for e in d.effects]
        return [*card.definition.effects, *gained]

    def owner_of_effect(self, card: "YgoCard", effect: Effect):
        """The card whose text ``effect`` is (itself, or the one it gained it from)."""
        if effect in card.definition.effects:
            return card.definition
        for d in self.memory.lasting(card, "gained-effects"):
            if effect in d.effects:
                return d
        return card.definition

    def effect_of(self, card: "YgoCard", label: str, origin: str | None = None) -> Effect:
        """The effect ``label`` of ``card``; with ``origin``, the one it gained from that card."""
        if origin is not None and origin != card.name:
            for d in self.memory.lasting(card, "gained-effects"):
                if d.name == origin:
                    return d.effect(label)
            raise IllegalAction(f"「{card.name}」没有得到「{origin}」的效果")
        for e in self.effects_of(card):
            if e.label == label:
                return e
        if label == CARD_ACTIVATION and self.activation.is_pendulum_card(card):
            # a pendulum monster card put in the pendulum zone from the hand is activated
            # as a spell card (a card activation with nothing to apply as it resolves)
            return Effect(CARD_ACTIVATION, "activation", "（把这张卡放置到灵摆区域来发动）")
        if label == CARD_ACTIVATION and not card.definition.is_monster:
            # every spell or trap card can be activated, whether or not its text has an
            # effect that is applied on resolution (永续陷阱 like 「技能抽取」)
            return Effect(CARD_ACTIVATION, "activation", "（发动这张卡）")
        return card.definition.effect(label)

    # -- events and triggers --------------------------------------------------------

    def emit(self, kind: str, subject, **data) -> None:
        event = GameEvent(kind, subject, data)
        # what happened, and how many chain links had been processed then: a 『…时』
        # activation needs its event to be followed by no processed link (the spells and
        # traps leaving the field as the chain ends do not count)
        self.recent_events.append((event, self._steps))
        for card in list(self.duel.board.cards()):
            for effect in self.effects_of(card):
                if effect.kind != "trigger" or effect.event != kind:
                    continue
                concerns = effect.trigger(self.duel, card, event) if effect.trigger else (
                    subject is card if subject is not None else self.duel.face_up_on_field(card))
                if not concerns:
                    continue
                if memory.RULES["phase-trigger-needs-condition"] and effect.mandatory \
                        and kind in ("standby", "end-phase", "end-battle") \
                        and effect.condition is not None and not effect.condition(self.duel, card):
                    # 『……的场合，结束阶段发动』: a phase trigger whose condition is not met
                    # then does not start at all (原数天地: 没有进行战斗的对方回合结束时)
                    continue
                lki = data.get("lki") if subject is card else None
                player = lki["controller"] if lki else card.controller
                negations = set(lki["negations"]) if lki else self.duel.negation_rules.negations(card)
                self.pending.append(Pending(card, card.object_id, effect, player, negations, event,
                                            self._steps if self._resolving else None))
                self.log.record("trigger", card=card, label=effect.label, event=kind, player=player)
                if (card.serial, effect.label, player) in self.declined:
                    self._passes(self.pending[-1])

    def decline(self, card: "YgoCard", label: str, player: int) -> None:
        """``player`` chooses not to activate the trigger effect ``label`` of ``card``: now
        if it is waiting, and whenever it is triggered later."""
        if self.effect_of(card, label).kind != "trigger":
            raise IllegalAction(f"「{card.name}」{label}不是诱发效果：没有可以选择不发动的")
        self.declined.add((card.serial, label, player))
        for p in [p for p in self.pending if p.card is card and p.effect.label == label and p.player == player]:
            self._passes(p)

    def plan_applying(self, card: "YgoCard", label: str, player: int, at: "YgoCard") -> None:
        """``player`` chooses to apply the continuous effect ``label`` of ``card`` (『…适用之际，
        可以…』) when the activated effect of ``at`` applies (stated ahead of the resolution)."""
        statics = [st for st in card.definition.statics if st.label == label]
        if not statics:
            raise IllegalAction(f"「{card.name}」没有{label}效果")
        if not any(st.kind == "on-link-applying" for st in statics):
            raise IllegalAction(f"「{card.name}」的{label}不是在别的效果适用之际可以选择适用的效果")
        if card.controller != player:
            raise IllegalAction(f"「{card.name}」不是{'自己' if player == 0 else '对方'}的卡")
        self.applying_plans.add((card.serial, label, at.serial))

    def chose_to_apply(self, card: "YgoCard", label: str, link: "ChainLink") -> bool:
        """Whether the controller of ``card`` chose to apply its effect ``label`` as the effect
        of ``link`` applies (used up once applied)."""
        key = (card.serial, label, link.card.serial)
        if key in self.applying_plans:
            self.applying_plans.discard(key)
            return True
        return False

    def _passes(self, pending: Pending) -> None:
        """The player passes on a triggered effect.  A mandatory (强制) trigger cannot be
        declined: it stays, and the rules put it on a chain when the game is open."""
        name, label = pending.card.name, pending.effect.label
        if pending.effect.mandatory:
            self.log.record("trigger.mandatory", card=pending.card, label=label, player=pending.player)
            return
        self.pending.remove(pending)
        self.log.record("trigger.declined", card=pending.card, label=label, player=pending.player)

    def clear_pending(self) -> None:
        self.pending = [p for p in self.pending if p.effect.mandatory]

    def pending_for(self, card: "YgoCard", label: str) -> Pending | None:
        for p in self.pending:
            if p.card is card and p.effect.label == label:
                return p
        return None

    @contextmanager
    def one_action(self) -> Iterator[None]:
        """A game action under way: the mandatory triggers it causes are put on a chain
        once it is done (not if it failed)."""
        self._acting += 1
        try:
            yield
        finally:
            self._acting -= 1
        self.run_mandatory()

    @contextmanager
    def holding_triggers(self) -> Iterator[None]:
        """A game action whose mandatory triggers wait for the caller to put them on a
        chain (『…，先不处理连锁』)."""
        self._acting += 1
        try:
            yield
        finally:
            self._acting -= 1

    def chain_resolving(self) -> bool:
        """Whether a chain link is resolving now."""
        return bool(self._resolving)

    def chain_under_way(self) -> bool:
        """Whether a chain is being built or resolved."""
        return bool(self.chain or self._resolving)

    def run_mandatory(self, hold: bool = False) -> None:
        """Put pending mandatory triggers on a chain and resolve it (the game is open);
        with ``hold`` the chain is left open for responses."""
        if self.chain or self._resolving or self._activating or self._acting:
            return
        for _ in range(5):
            for p in [p for p in self.pending if p.effect.mandatory and self.left_its_place(p)]:
                self.pending.remove(p)
                self.log.record("trigger.left", card=p.card, label=p.effect.label)
            for p in [p for p in self.pending if p.effect.mandatory and self.count_used(p)]:
                self.pending.remove(p)
                self.log.record("trigger.not-activated", card=p.card, label=p.effect.label, why=self.count_used(p))
            due = [p for p in self.pending if p.effect.mandatory]
            if not due:
                return
            for p in due:
                if p not in self.pending:
                    continue
                targets = self.mandatory_targets(p) if p.effect.targets else []
                if targets is None:
                    self.pending.remove(p)
                    self.log.record("trigger.no-target", card=p.card, label=p.effect.label)
                    continue
                self.activate(p.card, p.effect.label, player=p.player, targets=targets)
            if hold:
                return
            self.resolve_chain()

    def state_targets(self, card: "YgoCard", label: str, player: int, targets: list) -> None:
        """``player`` states the targets of ``card``'s mandatory trigger ``label`` ahead: it
        goes on a chain by itself, as soon as the game is open, with these targets."""
        if not self.effect_of(card, label).mandatory:
            raise IllegalAction(f"「{card.name}」{label}不是必发的诱发效果：它的对象在发动时选择")
        self.stated_targets[(card.serial, label, player)] = list(targets)

    def mandatory_targets(self, pending: Pending) -> list | None:
        """The targets a mandatory trigger takes as it is put on the chain: those stated
        ahead, else the first legal ones (by default, shown in the trace); None when there
        is no whole set of legal targets (then it is not activated)."""
        card, effect, player = pending.card, pending.effect, pending.player
        legal = self.activation.legal_targets(card, effect)
        stated = self.stated_targets.pop((card.serial, effect.label, player), None)
        if stated is not None:
            picks = self.activation.fill_targets(card, effect, [c for c in stated if any(c is x for x in legal)])
            if picks is None or len(stated) != effect.targets:
                raise IllegalAction(f"{describe(stated)}现在不能成为「{card.name}」{effect.label}的对象")
            return picks
        picks = self.activation.fill_targets(card, effect, legal)
        if picks is not None and len(legal) > effect.targets:
            self.log.record("choice.default-targets", chooser=player, picked=picks, card=card, label=effect.label,
                            rule=FIRST_FITTING)
        return picks

    def count_used(self, pending: Pending) -> str | None:
        """Why a triggered effect's 1回合1次 stops it from being activated now, or None."""
        card, effect, player = pending.card, pending.effect, pending.player
        if effect.once_per_turn == "card" and self.memory.remembers(card, Info.USED_THIS_TURN, per=effect.label):
            return f"「{card.name}」的{effect.label}效果这个回合已经使用过（这张卡1回合1次）"
        if effect.once_per_turn == "face-up" and self.memory.remembers(card, Info.USED_WHILE_FACE_UP, per=effect.label):
            return f"「{card.name}」的{effect.label}效果在这张卡表侧表示存在期间已经使用过"
        if effect.once_per_turn == "name" and (player, card.name, effect.label) in self.used_names:
            return f"「{card.name}」的{effect.label}效果这个回合已经使用过（同名卡1回合1次）"
        if effect.once_per_turn == "duel" and (player, card.name, effect.label) in self.used_in_duel:
            return f"「{card.name}」的{effect.label}效果在这次决斗中已经使用过（决斗中1次）"
        return None

    @staticmethod
    def left_its_place(pending: Pending) -> bool:
        """4.3.3.4.5: a card that went back into the deck after its effect was triggered
        (a new card, face-down among the others) can no longer activate that effect.  A
        card that moved elsewhere may still (『……的场合』 of a monster used as material)."""
        card = pending.card
        return card.object_id != pending.object_id and (
            card.zone.kind == Zone.DECK or (card.zone.kind == Zone.EXTRA and not card.face_up))

    # -- activation -----------------------------------------------------------------

    def why_cannot_activate(self, card: "YgoCard", label: str, player: int | None = None,
                            origin: str | None = None) -> str | None:
        """None if the effect can be activated now; else the reason it cannot."""
        effect = self.effect_of(card, label, origin)
        pending = None
        if effect.kind == "trigger":
            pending = self.pending_for(card, label)
            if pending is None and (card, label) in self.missed:
                return f"「{card.name}」的{label}效果错过了时点：触发它的事情不是最后发生的事"
            if pending is None:
                return f"「{card.name}」的{label}效果没有被触发"
            player = pending.player if player is None else player
            if player != pending.player:
                return f"「{card.name}」{label} is player {pending.player}'s to activate"
            if self.left_its_place(pending):
                return f"「{card.name}」 left the place where {label} was triggered"
        player = card.controller if player is None else player
        if SPELL_SPEED["counter-trap"] and self.chain and spell_speed_3(self.chain[-1].card, self.chain[-1].effect) \
                and not spell_speed_3(card, effect):
            return f"「{self.chain[-1].card.name}」是反击陷阱（咒文速度3），只能用反击陷阱连锁"
        if effect.kind == "activation":
            if card.zone.kind not in (Zone.HAND, Zone.SPELL_TRAP, Zone.FIELD_SPELL) or (
                    self.duel.on_field(card) and card.face_up):
                return f"「{card.name}」不在手卡，也没有盖放在场上"
            where = self.activation.why_not_from_where_it_is(card, player)
            if where:
                return where
            unique = self.activation.unique_on_field(card, player)
            if unique:
                return unique
            unmet = self.activation.activation_condition_unmet(card)
            if unmet:
                return unmet
            if self.activation.is_pendulum_card(card):
                if card.zone.kind != Zone.HAND:
                    return f"「{card.name}」 is put in the pendulum zone from the hand"
                zone = self.duel.board.zone(player, Zone.PENDULUM)
                if len(zone) >= (zone.capacity or 2):
                    return f"player {player} has no free pendulum zone"
        elif effect.kind in ("ignition", "quick"):
            if effect.zone == "field" and not self.duel.face_up_on_field(card):
                return f"「{card.name}」 is not face-up on the field"
            if effect.zone != "field" and card.zone.kind != effect.zone:
                return f"「{card.name}」 is not in the {effect.zone}"
            # a trap card's effects are spell speed 2 (they may be activated in either
            # player's turn, in response too): the ignition timing binds monsters and spells
            if effect.kind == "ignition" and card.definition.kind != "trap" and (
                    self.chain or player != self.duel.turn_player or self.duel.phase not in ("main1", "main2")):
                return "起动效果只能在控制者自己的主要阶段、没有连锁时发动"
        if self.memory.lasting(card, "cannot-activate") or self.links.links_granting(card, "cannot-activate"):
            # given to this card (object) by a resolved effect: a card that left the field
            # since is a new card, which the effect no longer speaks of
            return f"「{card.name}」 cannot activate its effects (a lasting effect on it)"
        if card.definition.is_monster and self.duel.on_field(card):
            banned = self.values.field_ban(card, "forbid-activation")
            if banned:
                return f"「{banned}」 says 「{card.name}」 cannot activate its effects"
        if not card.definition.is_monster and effect.kind != "activation" and self.activation.decided_at_card_activation(card):
            return (f"「{card.name}」's card activation is on this chain: what it activates on this chain was "
                    "decided with its card activation")
        banned = self.activation.activation_ban(card, effect, player) or self.activation.count_ban(card, effect, player)
        if banned:
            return banned
        needs = getattr(effect.resolve, "needs", None)
        if needs is not None and not needs(self.duel, card, player):
            return f"「{card.name}」{label} would have nothing to do: it cannot count itself"
        if getattr(effect.resolve, "needs_monster_zone", False):
            zone = self.duel.board.zone(player, Zone.MONSTER)
            if len(zone) >= (zone.capacity or 5):
                return f"player {player} has no free monster zone to take control of a monster into"
        if effect.condition is not None and not effect.condition(self.duel, card):
            return f"the condition of 「{card.name}」{label} is not met"
        needs = self.activation.why_cost_unpayable(card, effect, player) or self.activation.why_no_target(card, effect, player)
        if needs:
            return needs
        for restriction in effect.restrictions:
            undone = restriction_needs(restriction)
            why = undone(self.duel, card, player) if undone is not None else None
            if why:
                return why
        if effect.once_per_turn == "card" and self.memory.remembers(card, Info.USED_THIS_TURN, per=effect.label + (origin or "")):
            return f"「{card.name}」的{label}效果这个回合已经使用过（这张卡1回合1次）"
        if effect.once_per_turn == "face-up" and self.memory.remembers(card, Info.USED_WHILE_FACE_UP,
                                                                per=effect.label + (origin or "")):
            return f"「{card.name}」的{label}效果在这张卡表侧表示存在期间已经使用过"
        if effect.once_per_turn == "name" and (player, card.name, label) in self.used_names:
            return f"「{card.name}」的{label}效果这个回合已经使用过（同名卡1回合1次）"
        if effect.once_per_turn == "duel" and (player, card.name, label) in self.used_in_duel:
            return f"「{card.name}」的{label}效果在这次决斗中已经使用过（决斗中1次）"
        return None

    def why_not_target(self, card: "YgoCard", effect: Effect, target: "YgoCard") -> str | None:
        """Why ``effect`` of ``card`` could not target ``target`` now, or None."""
        if target is card and effect.kind == "activation" and not card.definition.is_monster \
                and not stays_on_field(card.definition):
            return f"「{card.name}」 must leave the field after its chain: its own activation cannot target it"
        if effect.moves & {Zone.HAND, Zone.DECK} and self.activation.leaves_after_resolving(target):
            return (f"「{target.name}」 must leave the field after its chain: it cannot be returned to the hand "
                    "or deck meanwhile")
        if TARGETING["summon-target-summonable"] and "summon-targets" in effect.moves:
            how = "ignore" if "ignore-summon-conditions" in effect.moves else self.values.summon_how("special", card.name)
            why = self.values.why_cannot_special_summon(target, card.controller, how=how, by=card.name, targeting=True)
            if why:
                return f"「{target.name}」不能成为「{card.name}」{effect.label}的对象：{why}"
        if effect.target_filter is not None and not effect.target_filter(self.duel, card, target):
            return f"「{target.name}」 cannot be targeted by 「{card.name}」{effect.label}"
        guard = self.values.field_ban(target, "untargetable-by-opponent") if target.face_up else None
        if guard and card.controller != target.controller:
            return f"「{guard}」: 「{target.name}」 cannot be targeted by the opponent's effects"
        if self.memory.lasting(target, "untargetable") and target.face_up and self.duel.on_field(target):
            return f"「{target.name}」 cannot be targeted by effects"
        if self.memory.lasting(target, "untargetable-by-opponent") and target.face_up and self.duel.on_field(target) \
                and card.controller != target.controller:
            return f"「{target.name}」 cannot be targeted by the opponent's effects"
        return None

    def activate(self, card: "YgoCard", label: str, *, player: int | None = None,
                 targets=(), chosen=(), origin: str | None = None, paid=(),
                 with_effect: str | None = None, declared: str | None = None) -> ChainLink:
        """Activate ``label`` of ``card``.  ``paid``: the cards the cost is paid with
        (the cards discarded or sent from the hand); ``chosen``: cards chosen without
        targeting them; ``with_effect``: the effect a continuous trap activates together
        with its card activation (decided then, once for the chain)."""
        self._activating += 1
        try:
            return self._activate(card, label, player=player, targets=targets, chosen=chosen, origin=origin,
                                  paid=paid, with_effect=with_effect, declared=declared)
        finally:
            self._activating -= 1

    def _activate(self, card: "YgoCard", label: str, *, player, targets, chosen, origin, paid,
                  with_effect=None, declared=None) -> ChainLink:
        effect = self.effect_of(card, label, origin)
        pending = self.pending_for(card, label) if effect.kind == "trigger" else None
        player = (pending.player if pending else card.controller) if player is None else player
        reason = self.why_cannot_activate(card, label, player, origin)
        if reason:
            raise IllegalAction(reason)
        also = None
        if with_effect is not None:
            if effect.kind != "activation":
                raise IllegalAction(f"只有卡的发动能同时带着「{card.name}」的另一个效果")
            why = self.activation.why_not_with_card_activation(card, with_effect, player)
            if why:
                raise IllegalAction(why)
            also = self.effect_of(card, with_effect)
        if effect.targets and len(targets) != effect.targets:
            raise IllegalAction(f"「{card.name}」{label}需要{effect.targets}个对象")
        for t in targets:
            why = self.why_not_target(card, effect, t)
            if why:
                raise IllegalAction(why)
        if effect.target_slots and self.activation.fill_targets(card, effect, list(targets)) is None:
            raise IllegalAction(f"{'、'.join(f'「{t.name}」' for t in targets)}不是「{card.name}」{label}"
                                f"所取的对象（它写明的每一种各一张）")
        # a card activation: 1. the card is put face-up on the field (or turned face-up), 2. its
        # cost is paid, 3. its targets are chosen (they were checked above), 4. the chance to chain.
        # 1 and 2 in either order change nothing: what the cost is was fixed before the card
        # was placed (a cost that depends on the board is quoted now, paid after step 1)
        prepare = getattr(effect.cost, "prepare", None)
        quoted = prepare(self.duel, card, player) if prepare is not None else None
        if effect.kind == "activation" and self.activation.is_pendulum_card(card):
            self.duel.board.move(card, self.duel.board.zone(player, Zone.PENDULUM), face_up=True, reason="activated")
        elif effect.kind == "activation" and not self.duel.on_field(card):
            self.summoning.put_spell_trap(card, player, face_up=True, reason="activated")
        elif effect.kind == "activation":
            self.duel.board.turn(card, True, reason="activated")
        # the link is the card as it activates: a cost that moves the card itself (灰流丽,
        # 古圣戴 始龙) leaves a new card that is no longer 『那张卡』 of this activation
        activated_as = card.object_id
        activated_in = card.zone.kind
        # what a cost shows to the opponent (『把…给对方观看才能发动』) belongs to this link
        self.activation.revealed_by_cost = []
        if effect.cost == "send-self":
            self.duel.move_rules.send_to_graveyard(card, reason="cost")
        elif effect.cost == "discard-self":
            self.duel.move_rules.discard(card, reason="cost")
        elif isinstance(effect.cost, tuple) and effect.cost[0] in ("discard-paid", "send-paid"):
            _kind, n, *fits = effect.cost
            cards = [c for c in paid if c.zone.kind == Zone.HAND and c.owner == player and c is not card
                     and all(fit(self.duel, card, c) for fit in fits)]
            if len(cards) != n:
                raise IllegalAction(f"「{card.name}」{label}的代价需要{n}张手卡中符合条件的卡")
            for c in cards:
                if _kind == "discard-paid":
                    self.duel.move_rules.discard(c, reason=f"cost of 「{card.name}」")
                else:
                    self.duel.move_rules.send_to_graveyard(c, reason=f"cost of 「{card.name}」")
        elif effect.cost == "banish-self":
            self.duel.move_rules.banish(card, reason="cost")
            self.memory.apply_lasting(card, "banished-by-own-effect", source=card.name,
                               erase=frozenset({Transition.TURN_ENDED}))
        elif effect.cost == "banish-chosen":
            for c in chosen:
                self.duel.move_rules.banish(c, reason=f"cost of 「{card.name}」")
        elif quoted is not None:
            quoted()
        elif callable(effect.cost):
            effect.cost(self.duel, card, player)
        if also is not None and callable(also.cost):
            also.cost(self.duel, card, player)
        for restriction in effect.restrictions:
            restriction(self.duel, card, player)
        if effect.once_per_turn == "card":
            self.memory.remember(card, Info.USED_THIS_TURN, per=effect.label + (origin or ""))
        elif effect.once_per_turn == "face-up":
            # 『表侧表示存在期间只能有1次』: used for as long as the card stays face-up on the
            # field, not only this turn — a negated activation too (fid=23438)
            self.memory.remember(card, Info.USED_WHILE_FACE_UP, per=effect.label + (origin or ""))
        elif effect.once_per_turn == "name":
            self.used_names.add((player, card.name, label))
        elif effect.once_per_turn == "duel":
            self.used_in_duel.add((player, card.name, label))
        if also is not None and also.once_per_turn == "name":
            self.used_names.add((player, card.name, also.label))
        if pending is not None:
            self.pending.remove(pending)
            at_activation = set(pending.negations)
        else:
            at_activation = self.duel.negation_rules.negations(card)
        link = ChainLink(len(self.chain) + 1, card, activated_as, effect, player,
                         [(t, t.object_id) for t in targets], None, at_activation,
                         pending.event if pending else None, chosen=list(chosen),
                         effect_owner=self.owner_of_effect(card, effect), with_effect=also,
                         declared=declared, zone=activated_in, revealed=self.activation.revealed_by_cost)
        self.activation.revealed_by_cost = []
        self.chain.append(link)
        if len(self.chain) == 1:
            # a new chain: what happened before it is no longer "what just happened"
            self.recent_events.clear()
        self.activation.record_activation(link, card, player)
        self.activation.on_card_activated(link)
        if self.activation.is_card_activation(link):
            self.emit("card-activated", card, player=player, by_effect=False, by=None)
        self.log.record("activate.card" if label == "发动" else "activate", chain=link.number, player=player, card=card,
                        label=label, targets=targets)
        return link

    def summon_window_now(self) -> bool:
        """召唤之际: whether a summon made now could be negated (神之宣告 and the like): not
        while an effect is resolving, nor while chain links are left to resolve."""
        if self.resolving:
            return False
        return not (SPELL_SPEED["summon-window-needs-empty-chain"] and self.chain)

    def link_of(self, card: "YgoCard") -> ChainLink | None:
        """The latest chain link activated by ``card`` on the current chain."""
        for link in reversed(self.chain):
            if link.card is card:
                return link
        return None

    def negate_link(self, link: ChainLink, what: str = "activation", *, destroy: bool = False, by=None,
                    by_player: int | None = None) -> bool:
        """Negate the activation (or only the effect) of ``link``; False when it cannot be
        negated.  A negated card activation takes its card off the field at once
        (activation.py); ``destroy``: the negating effect also destroys that card."""
        why = self.activation.why_unnegatable(link)
        if why:
            self.log.record("survive.unnegatable", chain=link.number, why=why)
            return False
        link.negated = what
        self.activation.last_negation = (self._steps, by_player, link.player)
        self.log.record("negate.link", chain=link.number, card=link.card, label=link.effect.label, what=what)
        if what == "activation" and self.activation.is_card_activation(link):
            self.activation.take_off_field(link, destroyed=destroy, by=by, by_player=by_player)
        return True

    # -- resolution -----------------------------------------------------------------

    def resolve_chain(self) -> None:
        self._resolving += 1
        try:
            self._resolve_links()
        finally:
            self._resolving -= 1
        self.activation.finish_limbo()
        self._drop_missed()
        self.values.adjust()
        self.run_mandatory()

    def _resolve_links(self) -> None:
        while self.chain:
            link = self.chain.pop()
            self.resolving.append(link)
            why = resolution_negated(self.duel, link) or self.activation.intercepted(link)
            if link.negated != "activation":
                # an activation negated is not processed at all: it takes no timing
                self._steps += 1
            gone = None if why else self.left_before_resolving(link)
            if gone:
                link.outcome = f"not applied: {gone}"
                self.log.record("resolve.not-applied", chain=link.number, card=link.card, label=link.effect.label,
                                why=gone)
            elif why:
                link.outcome = f"negated: {why}"
                self.log.record("resolve.negated", chain=link.number, card=link.card, label=link.effect.label, why=why)
                if self.keeps_its_link(link):
                    self.log.record("resolve.keeps-link", chain=link.number, card=link.card)
                    link.effect.resolve(self.duel, link)
            elif self.activation.already_applied(link):
                link.outcome = f"not applied: {self.activation.already_applied(link)}"
                self.log.record("resolve.not-applied", chain=link.number, card=link.card, label=link.effect.label,
                                why=self.activation.already_applied(link))
            else:
                link.outcome = "applied"
                self.log.record("resolve", chain=link.number, card=link.card, label=link.effect.label)
                self.on_link_applying(link)
                if link.effect.resolve is not None:
                    link.effect.resolve(self.duel, link)
                if link.with_effect is not None and link.with_effect.resolve is not None:
                    link.with_effect.resolve(self.duel, link)
                self.activation.applied(link)
            self.resolved.append(link)
            self.resolving.remove(link)
            self.finishing.append(link)
            if memory.RULES["resolved-effects-before-summon"]:
                self.on_link_resolved(link)
            if memory.RULES["banished-until-resolved-returns-before-summon"]:
                self.banishes.returns_due("link-resolved")
            while self.after_link:
                # the conditional summons the link lets its player make, now that it is done
                self.after_link.pop(0)()
            if not memory.RULES["resolved-effects-before-summon"]:
                self.on_link_resolved(link)
            if not memory.RULES["banished-until-resolved-returns-before-summon"]:
                self.banishes.returns_due("link-resolved")
        # the spells and traps that do not stay leave the field once the whole chain is done
        while self.finishing:
            self._finish_spell(self.finishing.pop(0))

    def on_link_applying(self, link: ChainLink) -> None:
        """Continuous effects that may act as the effect of a chain link applies (完美世界 卡通世界
        ③: 『其他卡发动的效果适用之际，可以…』), before that effect does anything."""
        for card in self.duel.field_cards():
            for st in self.values.active_statics(card, "on-link-applying"):
                st.value(self.duel, card, link, st.label)

    def on_link_resolved(self, link: ChainLink) -> None:
        """Continuous effects that act once a chain link of some kind has resolved (闪刀姬-魁奈:
        『…处理后，自己回复100基本分』) — as the link is done, before a summon it lets its
        player make then (fid=24182; memory.RULES)."""
        if link.outcome != "applied":
            return
        for card in self.duel.field_cards():
            for st in self.values.active_statics(card, "on-link-resolved"):
                st.value(self.duel, card, link)

    @staticmethod
    def applies_from_the_field(link: ChainLink) -> bool:
        """A continuous or equip spell or trap card's card activation: what it does, it
        does as a card on the field (it stays there to apply it; an equip card equips
        itself)."""
        d = link.card.definition
        return link.effect.kind == "activation" and not d.is_monster and bool(d.types & {"continuous", "equip"})

    def left_before_resolving(self, link: ChainLink) -> str | None:
        """Why the card activation of ``link`` applies nothing: its continuous or equip
        card is no longer face-up on the field as the same card (returned to the hand,
        destroyed … in response), or None."""
        if not self.applies_from_the_field(link) or not enforced(Rule.CONTINUOUS_ON_FIELD):
            return None
        card = link.card_if_unchanged()
        if card is not None and self.duel.face_up_on_field(card):
            return None
        return refusal(Rule.CONTINUOUS_ON_FIELD, f"「{link.card.name}」已经不在场上表侧表示存在，永续·装备卡的发动不适用")

    def keeps_its_link(self, link: ChainLink) -> bool:
        """A continuous spell or trap whose card activation only takes a target that its
        continuous effect then applies to (魔族之链): the activation has nothing to apply as
        it resolves, so negating that effect (not the activation) leaves the link."""
        return (link.negated != "activation" and self.activation.is_card_activation(link)
                and bool(link.card.definition.types & STAYS) and link.effect.resolve is not None
                and getattr(link.effect.resolve, "continuous_link", False))

    def _drop_missed(self) -> None:
        """Optional 『…时』 triggers whose event was followed by more of the chain miss the timing."""
        for p in list(self.pending):
            if p.effect.mandatory or not p.effect.misses_timing or p.step is None or p.step == self._steps:
                continue
            self.pending.remove(p)
            self.missed.append((p.card, p.effect.label))
            self.log.record("trigger.missed-timing", card=p.card, label=p.effect.label)

    def _finish_spell(self, link: ChainLink) -> None:
        card = link.card_if_unchanged()
        if card is None or link.effect.kind != "activation" or not self.duel.on_field(card):
            return
        # a negated card activation already took its card off the field (activation.py); a
        # continuous, field or equip card whose effect alone was negated stays
        if not stays_on_field(card.definition) and not card.definition.is_monster:
            if not card.face_up:
                return  # its own effect set it again (『不送去墓地，直接盖放』)
            self.duel.move_rules.send_to_graveyard(card, reason="resolved")
            return
        for st in card.definition.statics:
            if st.kind == "stays-on-field" and st.value:
                # destroyed in the end phase of its controller's opponent's n-th turn,
                # counted from this one (this turn counts if it is the opponent's)
                n = st.value
                last = self.duel.turn + 2 * n - (1 if self.duel.turn_player == card.controller else 2)
                self.memory.apply_lasting(card, "destroyed-in-end-phase", last, source=card.name)

    def last_outcome(self, card: "YgoCard", label: str) -> str | None:
        for link in reversed(self.resolved):
            if link.card is card and link.effect.label == label:
                return link.outcome
        return None
