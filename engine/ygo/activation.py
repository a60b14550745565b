"""Activating cards and effects (卡片·效果的发动): what an activation is, what may forbid
it, what it counts as, and what becomes of a spell or trap card whose activation is
negated.

- 『卡的发动』 is a spell or trap card being put face-up on the field (or turned face-up
  there) to activate it; every other activation is 『效果的发动』.  A card activation is
  also an effect activation: what forbids or negates 『效果的发动』 reaches it too, but not
  the other way round.
- A negated card activation takes the card off the field at once (it is no longer a card
  on the field, though its zone stays taken) and sends it to the graveyard when the chain
  ends — not "from the field", so nothing that needs a card to leave the field sees it.
  What the negating effect does to it besides (破坏, 除外, 回到卡组) is done to that
  off-field card.  A negated effect activation moves nothing by itself.
- Counts: a negated activation of a monster effect counts as an activation; a negated
  card activation does not; both count as a *use* of the effect (once per turn).
- A spell or trap card that must leave the field when its chain ends (every one but
  continuous, field and equip cards, which stay) cannot return to the hand or deck while
  that chain lasts, and its own effect cannot destroy it.
- A trap card is activated from the field: it is set first and cannot be activated the
  turn it was set (a trap whose text says 『这张卡的发动从手卡也能用』 is the exception); a
  quick-play spell may be activated from the hand only in its controller's own turn; in the
  opponent's turn it must be set on the field, and one set on the field waits a turn.
- A continuous trap may activate one of its effects together with its card activation;
  that is decided once: on that chain it activates no effect afterwards.  A trigger
  effect cannot go with it when it starts 『每次…』 (each time an event happens: the card
  was not face-up when it happened); one that starts at a phase (『自己准备阶段发动』)
  can, during that phase.
- An activation needs what it uses: a card or effect that targets cannot be activated
  without as many legal targets as it takes (none of them may be the card itself when that
  card must leave the field after its chain), and one whose cost cannot be paid (LP it
  does not have, cards it does not have in its hand or deck, a material it lacks, a card
  that cannot be banished) cannot be activated at all.
- 『不能对应这张卡的发动把效果发动』: while that card activation is the last link of the
  chain, the players it names cannot activate anything in response to it.  A resolved
  effect may forbid it for a while for every activation of cards of some names
  (『不能对应…以及那些同名卡的效果的发动把效果发动』): the name is the one the card has as
  it is activated — a card whose name an effect of its own changes (『卡名当作「X」使用』) has
  that name only once the effect applies (fid=24315).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Protocol

from rulings.core import IllegalAction
from rulings.core.events import EventLog, named

from .legality import Rule, enforced, refusal
from .memories import Memories
from .memory import RULES, Info
from .objects import WAS_BANISHED, YgoCard, Zone
from .summoning import Summoning
from .values import Values
from .view import ChainView, DuelView, LinkView

#: spell and trap types that stay on the field after their card activation resolves
STAYS = frozenset({"continuous", "field", "equip"})


def stays_on_field(definition) -> bool:
    """A spell or trap card that stays on the field after its card activation resolves: a
    continuous, field or equip card, or one whose text says it stays (光之护封剑: a rule
    of the card, the static "stays-on-field")."""
    return bool(definition.types & STAYS) or any(st.kind == "stays-on-field" for st in definition.statics)


@dataclass
class Ban:
    """A rule that forbids activations, from a face-up card's text or a resolved effect.

    ``scope``: "card" — 卡的发动 of that kind only (不能发动魔法卡); "unset-card" — card
    activations of that kind not made by flipping a card set on an earlier turn
    (魔封的芳香: 不盖放就不能发动); "effect" — every
    activation of that kind, card activations included (不能把魔法·陷阱卡的效果发动);
    "face-up-effect" — effects of spells and traps already face-up on the field, not their
    card activation (已是表侧表示存在的魔法·陷阱卡不能把效果发动); "field-effect" — effects of
    cards on the field (a card activated from the hand is on the field as it activates);
    "zone" — activations of cards in ``zones`` (除外状态以及墓地的怪兽不能把效果发动);
    "response" — every activation made in response to an activation of a card named one of
    ``names`` (不能对应…以及那些同名卡的效果的发动把效果发动: the name it has now).
    ``kinds``: "spell", "trap", "monster".  ``players``: who is forbidden."""

    scope: str
    kinds: frozenset
    players: frozenset
    source: str = ""
    #: the last turn a ban put in place by a resolved effect holds (None: while its card is face-up)
    until: int | None = None
    #: card-specific rulings of the card the ban comes from (魔法抵消器 …)
    rulings: frozenset = frozenset()
    #: the card the ban does not reach (『其他的魔法·陷阱卡』: the card that put it in place)
    exempt: Any = None
    #: only cards of these names (『那些同名卡』), or every card when None
    names: frozenset | None = None
    #: scope "zone": only the effects of cards in these zones (灵魂抽取: the graveyard, banished)
    zones: frozenset = frozenset()


@dataclass
class Record:
    """One activation, for the counts (发动次数, 使用次数)."""

    turn: int
    player: int
    kind: str            # the activating card's kind: monster | spell | trap
    card_activation: bool
    link: Any = None
    negated: bool = False
    #: activated by another card's effect while it resolved (no chain link)
    by_effect: bool = False
    #: the card activated, and the object it was then
    card: Any = None
    object_id: int | None = None


@dataclass
class Limbo:
    """A card whose card activation was negated: off the field until the chain ends."""

    card: Any
    destroyed: bool = False
    by: Any = None
    by_player: int | None = None


class ActivationChain(ChainView, Protocol):
    """What activation.py asks of chain.py's ``Chain`` beyond what card data does."""

    #: chain links whose resolution is being finished
    finishing: list[LinkView]
    #: (player, card name, effect label) of 『1回合只能使用1次』 / 『决斗中只能使用1次』 effects used
    used_in_duel: set[tuple[int, str, str]]
    used_names: set[tuple[int, str, str]]

    def emit(self, kind: str, subject: Any, **data: Any) -> None: ...

    def why_not_target(self, card: YgoCard, effect: Any, target: YgoCard) -> str | None: ...


class ActivationDuel(DuelView, Protocol):
    """What activation needs of the rest of the duel (rulings.ygo.duel.Duel is one): what
    card data sees (an effect's condition, cost and targets are given the duel), and the
    chain: the links resolving and finishing, the effects used once per turn or duel,
    whether a card can be a target."""

    chain_rules: ActivationChain


class Activation:
    """Activating cards and effects.  Owns every activation of the duel, the bans and
    limits lasting effects put on activations, the protections from negation, the cards
    whose negated card activation took them off the field (limbo), and what was used or
    shown while activating."""

    state_fields = ("activations", "bans", "limbo", "set_cards_destroyed", "unnegatable", "limits", "last_negation",
                    "applied_once", "unanswerable", "revealed_by_cost", "once_applied")

    def __init__(self, duel: ActivationDuel, memory: Memories, values: Values, summoning: Summoning,
                 log: EventLog) -> None:
        self.duel = duel
        self.memory = memory
        self.values = values
        self.summoning = summoning
        self.log = log
        self.activations: list[Record] = []
        self.bans: list[Ban] = []
        self.limbo: list[Limbo] = []
        #: (turn, player) when a set spell or trap card of that player was destroyed by an effect
        self.set_cards_destroyed: set = set()
        #: protections put in place by a resolved effect (魔力之泉): (test, until turn, source)
        self.unnegatable: list = []
        #: per-turn limits put in place by an activation (命运的抽卡): (turn, kinds, players, n,
        #: whether negated activations count, source, first activation counted)
        self.limits: list = []
        #: the latest negation of an activation: (chain links processed then, negating
        #: player, player whose activation it was)
        self.last_negation: tuple | None = None
        #: (player, card name) whose 『在决斗中只能适用1次』 effect has applied
        self.applied_once: set = set()
        #: card activations nothing may respond to: (card, object id, players who may not)
        self.unanswerable: list = []
        #: the cards the cost of the activation being made shows to the opponent
        self.revealed_by_cost: list = []
        #: (card, turn) of 『1回合1次』 continuous effects that applied this turn
        self.once_applied: set = set()

    # -- what a card activation is ------------------------------------------------------

    @staticmethod
    def is_card_activation(link: "LinkView") -> bool:
        """A spell or trap card activated, or a pendulum monster card activated as a spell
        card by putting it in the pendulum zone (its only activation of kind "activation")."""
        return link.effect.kind == "activation" and (not link.card.definition.is_monster
                                                     or "pendulum" in link.card.definition.types)

    def is_pendulum_card(self, card: "YgoCard") -> bool:
        """A pendulum monster card that is not on the field as a monster: in the hand it
        may be activated as a spell card, in the pendulum zone it is one."""
        return card.definition.is_monster and "pendulum" in card.definition.types \
            and card.zone.kind in (Zone.HAND, Zone.PENDULUM)

    @staticmethod
    def kind_of(card: "YgoCard") -> str:
        """What a card is for the rules on activating: a card in a pendulum zone is a spell."""
        return "spell" if card.zone.kind == Zone.PENDULUM else card.definition.kind

    def in_limbo(self, card: "YgoCard") -> bool:
        return any(entry.card is card for entry in self.limbo)

    def leaves_after_resolving(self, card: "YgoCard") -> bool:
        """A spell or trap card on the field whose card activation is on the chain and that
        must leave the field when the chain ends (通常·速攻魔法, 通常·反击陷阱 …)."""
        if card.definition.is_monster or not self.duel.on_field(card) or stays_on_field(card.definition):
            return False
        return any(link.card is card and link.object_id == card.object_id and self.is_card_activation(link)
                   for link in (*self.duel.chain_rules.chain, *self.duel.chain_rules.resolving, *self.duel.chain_rules.finishing))

    @staticmethod
    def must_leave_as_activated(card: "YgoCard") -> bool:
        """A spell or trap card that leaves the field when the chain of its card activation
        ends (not a continuous, field or equip card): its own effect cannot destroy it."""
        return not card.definition.is_monster and not stays_on_field(card.definition)

    # -- where a card activation may come from -----------------------------------------

    def why_not_from_where_it_is(self, card: "YgoCard", player: int) -> str | None:
        """Why ``player`` cannot make the card activation of ``card`` from where it is, or None."""
        definition = card.definition
        if definition.kind == "trap" and enforced(Rule.TRAP_SET_FIRST):
            if card.zone.kind == Zone.HAND:
                if any(st.kind == "activate-from-hand" for st in definition.statics):
                    return None
                return refusal(Rule.TRAP_SET_FIRST, f"「{card.name}」是陷阱卡：要先在场上盖放才能发动，不能从手卡发动")
            if self.memory.remembers(card, Info.SET_THIS_TURN):
                return refusal(Rule.TRAP_SET_FIRST, f"「{card.name}」是这个回合盖放的陷阱卡：要到下一个回合才能发动")
        elif definition.kind == "spell" and "quick" not in definition.types and enforced(Rule.SPELL_MAIN_PHASE):
            # spell speed 1 (通常·永续·装备·场地·仪式魔法): only in its controller's own main
            # phase.  (That it cannot be activated in response to a chain link is not
            # enforced yet: see spec/ygo/basic-rules.rst.)
            if player != self.duel.turn_player:
                return refusal(Rule.SPELL_MAIN_PHASE, f"「{card.name}」不是速攻魔法：只能在自己的回合发动")
            if self.duel.phase not in ("main1", "main2"):
                return refusal(Rule.SPELL_MAIN_PHASE, f"「{card.name}」不是速攻魔法：只能在自己的主要阶段发动")
        elif definition.kind == "spell" and "quick" in definition.types and enforced(Rule.QUICK_PLAY_TIMING):
            # from the hand only in its controller's own turn; in the opponent's turn only set
            # on the field, and not in the turn it was set
            if card.zone.kind == Zone.HAND and player != self.duel.turn_player:
                return refusal(Rule.QUICK_PLAY_TIMING, f"「{card.name}」是速攻魔法：只有在自己的回合才能从手卡发动")
            if self.duel.on_field(card) and self.memory.remembers(card, Info.SET_THIS_TURN):
                return refusal(Rule.QUICK_PLAY_TIMING, f"「{card.name}」是这个回合盖放的速攻魔法：要到下一个回合才能发动")
        return None

    def unique_on_field(self, card: "YgoCard", player: int) -> str | None:
        """『「X」在自己场上只能有1张表侧表示存在』: why ``card`` cannot become face-up on
        ``player``'s field by its card activation, or None."""
        for st in card.definition.statics:
            if st.kind != "unique-on-field":
                continue
            if any(other is not card and other.controller == player and self.duel.face_up_on_field(other)
                   and st.value in other.name for other in self.duel.field_cards()):
                return f"only one face-up 「{st.value}」 may be on player {player}'s field"
        return None

    # -- what an activation needs: legal targets, a cost that can be paid --------------

    def legal_targets(self, card: "YgoCard", effect) -> list:
        """Every card ``effect`` of ``card`` could target now, in the board's order."""
        return [c for c in self.duel.board.cards() if self.duel.chain_rules.why_not_target(card, effect, c) is None]

    def fill_targets(self, card: "YgoCard", effect, pool) -> list | None:
        """Cards of ``pool`` that make up a whole set of targets of ``effect``, one per target
        (each fitting its own kind when the targets are of different kinds, 『各1张』),
        the first that fit in the pool's order; None when no such set exists."""
        slots = effect.target_slots or (None,) * effect.targets

        def fill(i: int, used: list) -> list | None:
            if i == len(slots):
                return []
            for c in pool:
                if any(c is u for u in used) or (slots[i] is not None and not slots[i](self.duel, card, c)):
                    continue
                rest = fill(i + 1, [*used, c])
                if rest is not None:
                    return [c, *rest]
            return None

        return fill(0, [])

    def why_no_target(self, card: "YgoCard", effect, player: int) -> str | None:
        """Why ``effect`` of ``card`` has no whole set of legal targets now, or None."""
        if not effect.targets:
            return None
        legal = self.legal_targets(card, effect)
        if self.fill_targets(card, effect, legal) is None:
            return (f"「{card.name}」{effect.label} targets {effect.targets} card(s): the {len(legal)} legal "
                    "target(s) now do not make them up")
        return None

    def why_cost_unpayable(self, card: "YgoCard", effect, player: int) -> str | None:
        """Why the cost of ``effect`` of ``card`` cannot be paid by ``player`` now, or None.
        A cost block says what it needs with ``payable`` (duel, card, player) -> reason;
        the costs named by a word are judged here."""
        cost = effect.cost
        if cost is None:
            return None
        if isinstance(cost, tuple) and cost[0] in ("discard-paid", "send-paid"):
            _kind, n, *fits = cost
            others = [c for c in self.duel.board.zone(player, Zone.HAND)
                      if c is not card and all(fit(self.duel, card, c) for fit in fits)]
            if len(others) < n:
                return f"the cost of 「{card.name}」{effect.label} needs {n} other card(s) of the hand that it names"
            return None
        if cost in ("banish-self", "banish-chosen") and self.banish_forbidden(card):
            return f"the cost of 「{card.name}」{effect.label} banishes a card, and no card can be banished now"
        payable = getattr(cost, "payable", None)
        return payable(self.duel, card, player) if payable is not None else None

    # -- forbidding activations ---------------------------------------------------------

    def active_bans(self) -> list[Ban]:
        bans = [b for b in self.bans if b.until is None or b.until >= self.duel.turn]
        for card in self.duel.field_cards():
            for st in self.values.active_statics(card, "ban-activation"):
                make = st.value
                bans.append(make(self.duel, card))
            # 『战斗阶段中对方不能把效果发动』 given to a monster by a resolved effect
            if self.duel.phase == "battle" and self.duel.face_up_on_field(card) \
                    and self.memory.lasting(card, "no-activation-in-battle"):
                bans.append(Ban("effect", frozenset({"spell", "trap", "monster"}),
                                frozenset({1 - card.controller}), card.name))
            # 『对方不能发动魔法·陷阱卡』 in the battle phase (card activations only)
            if self.duel.phase == "battle" and self.duel.face_up_on_field(card) \
                    and self.memory.lasting(card, "no-spell-trap-in-battle"):
                bans.append(Ban("card", frozenset({"spell", "trap"}), frozenset({1 - card.controller}), card.name))
        return bans

    def activation_ban(self, card: "YgoCard", effect, player: int) -> str | None:
        """Why a rule forbids ``player`` to activate ``effect`` of ``card`` now, or None."""
        if (player, card.name) in self.applied_once:
            return f"「{card.name}」 was already applied once in this duel by player {player}"
        # a pendulum monster card activated from the hand is a spell card as it is activated
        kind = "spell" if effect.kind == "activation" and card.definition.is_monster else self.kind_of(card)
        card_activation = effect.kind == "activation"
        already_face_up = not card_activation and self.duel.face_up_on_field(card)
        answered = self.unanswerable_top(player)
        if answered:
            return answered
        for ban in self.active_bans():
            if player not in ban.players or kind not in ban.kinds or ban.exempt is card:
                continue
            if ban.scope == "response":
                # the name of the card whose activation is the last chain link, as it is now
                top = self.duel.chain_rules.chain[-1].card if self.duel.chain_rules.chain else None
                if top is not None and any(self.is_named(top, n) for n in ban.names):
                    return (f"「{ban.source}」 forbids player {player} to respond to the activation of "
                            f"「{self.current_name(top)}」")
                continue
            if ban.names is not None and card.name not in ban.names:
                continue
            if ban.scope == "card":
                hit = card_activation or (already_face_up and "bans-face-up-effects" in ban.rulings)
            elif ban.scope == "effect":
                hit = True
            elif ban.scope == "field-effect":
                # a spell or trap activated from the hand is on the field as it activates
                hit = card_activation or self.duel.on_field(card)
            elif ban.scope == "face-up-effect":
                hit = already_face_up
            elif ban.scope == "zone":
                # 『墓地的怪兽不能把效果发动』: an activation of a card in one of those zones
                hit = card.zone.kind in ban.zones
            elif ban.scope == "unset-card":
                # 『不盖放就不能发动』: only a card set on an earlier turn may be activated
                hit = card_activation and not (self.duel.on_field(card) and not card.face_up
                                               and not self.memory.remembers(card, Info.SET_THIS_TURN))
            else:
                hit = False
            if hit:
                what = "卡的发动" if card_activation else "效果的发动"
                return f"「{ban.source}」 forbids player {player} the {what} of 「{card.name}」"
        return None

    def ban(self, scope: str, kinds, players, source: str = "", until: int | None = None, rulings=(),
            exempt=None, names=None, zones=()) -> None:
        self.bans.append(Ban(scope, frozenset(kinds), frozenset(players), source, until, frozenset(rulings),
                             exempt, frozenset(names) if names is not None else None, frozenset(zones)))
        self.log.record("rule.ban", source=named(source), players=sorted(players), kinds=sorted(kinds), scope=scope,
                        until=until, **({"names": "、".join(f"「{n}」" for n in sorted(names))} if names else {}))

    def forbid_responses(self, card: "YgoCard", players) -> None:
        """『不能对应这张卡的发动把效果发动』: the card activation of ``card`` being made now
        cannot be responded to by ``players``."""
        self.unanswerable.append((card, card.object_id, frozenset(players)))
        self.log.record("rule.unanswerable", card=card, players=sorted(players))

    def unanswerable_top(self, player: int) -> str | None:
        """Why ``player`` cannot respond to the last chain link now, or None."""
        if not self.duel.chain_rules.chain:
            return None
        top = self.duel.chain_rules.chain[-1]
        if self.is_card_activation(top):
            for card, obj, players in self.unanswerable:
                if card is top.card and obj == top.object_id and player in players:
                    return f"nothing can be activated in response to the activation of 「{card.name}」"
        return None

    # -- counts -------------------------------------------------------------------------

    def record_activation(self, link: "LinkView | None", card: "YgoCard", player: int, *,
                          by_effect: bool = False) -> None:
        self.activations.append(Record(self.duel.turn, player, self.kind_of(card),
                                       link is None or self.is_card_activation(link), link, by_effect=by_effect,
                                       card=card, object_id=card.object_id))

    def activated_while_face_up(self, card: "YgoCard", fits) -> int:
        """How many card activations of cards that ``fits`` (duel, card, other) accepts its
        controller made this turn while ``card`` was face-up on the field (闪刀机关-多任务战刀机
        ②): counted from its own card activation, if it was made this turn — one an effect made
        as it resolved included (fid=22468)."""
        records = [r for r in self.activations if r.turn == self.duel.turn]
        for i, r in enumerate(records):
            if r.card is card and r.object_id == card.object_id and r.card_activation:
                records = records[i + 1:]
        return sum(1 for r in records if r.player == card.controller and r.card_activation and r.card is not None
                   and not (r.link is not None and r.link.negated == "activation") and fits(self.duel, card, r.card))

    def activation_count(self, player: int, kinds, *, negated_count: bool | None = None, since: int = 0) -> int:
        """How many activations of ``kinds`` ``player`` made this turn, counted as the rules
        count them: a negated card activation was never made, a negated monster effect was;
        ``negated_count`` overrides that (命运的抽卡: every negated activation counts).  A card
        activated by another card's effect while it resolved is an activation too: counting
        effects (大将军 紫炎, 自然蔷薇鞭) count it, as the ruling site says today (the seed said
        they did not)."""
        n = 0
        for r in self.activations[since:]:
            if r.turn != self.duel.turn or r.player != player or r.kind not in kinds:
                continue
            negated = r.link is not None and r.link.negated == "activation"
            counts = (not r.card_activation) if negated_count is None else negated_count
            if negated and not counts:
                continue
            n += 1
        return n

    def count_ban(self, card: "YgoCard", effect, player: int) -> str | None:
        """Limits on how many activations a player makes per turn (大将军 紫炎, 召唤兽 卡利古拉)."""
        kind = self.kind_of(card)
        for other in self.duel.field_cards():
            for st in self.values.active_statics(other, "limit-activations"):
                kinds, players, n = st.value(self.duel, other)
                if player not in players or kind not in kinds:
                    continue
                if kind != "monster" and effect.kind != "activation":
                    continue
                if self.activation_count(player, kinds) >= n:
                    return f"「{other.name}」 allows player {player} only {n} such activation(s) a turn"
        for turn, kinds, players, n, negated_count, source, since in self.limits:
            if turn == self.duel.turn and player in players and kind in kinds and self.activation_count(
                    player, kinds, negated_count=negated_count, since=since) >= n:
                return f"「{source}」 allows player {player} only {n} activation(s) this turn"
        return None

    def limit_activations(self, kinds, players, n: int, source: str, negated_count: bool | None,
                          since: int) -> None:
        """From the activation numbered ``since`` on, ``players`` may make only ``n``
        activations of ``kinds`` this turn."""
        self.limits.append((self.duel.turn, frozenset(kinds), frozenset(players), n, negated_count, source, since))

    # -- 『发动和效果不会被无效化』 -----------------------------------------------------------

    def why_unnegatable(self, link: "LinkView") -> str | None:
        card = link.card
        if self.is_card_activation(link):
            for st in card.definition.statics:
                if st.kind == "unnegatable" and st.value in ("card", "all"):
                    return f"the activation of 「{card.name}」 cannot be negated"
        for test, until, source in self.unnegatable:
            if until >= self.duel.turn and test(self.duel, card):
                return f"「{source}」: the activations of 「{card.name}」 cannot be negated"
        for other in self.duel.field_cards():
            for st in self.values.active_statics(other, "protect-activations"):
                if st.value(self.duel, other, card):
                    return f"「{other.name}」: the activation of 「{card.name}」 and its effect cannot be negated"
        return None

    def intercepted(self, link: "LinkView") -> str | None:
        """A face-up card whose effect negates an effect as it resolves (深渊鳞甲-鲸鱼: 『对方场上
        发动的陷阱卡的效果无效化』, 魔轰神兽 尤尼科): the name of that card, or None.  Its
        'then' (sending itself to the graveyard, destroying the card) follows at once."""
        if link.negated:
            return None
        for card in self.duel.field_cards():
            for st in self.values.active_statics(card, "negate-resolving"):
                test, then = st.value
                if test(self.duel, card, link):
                    self.log.record("negate.resolving", card=card, target=link.card)
                    then(self.duel, card, link)
                    return card.name
        return None

    def on_card_activated(self, link: "LinkView") -> None:
        """Continuous effects that act each time something is activated (王立魔法图书馆: a
        card activation; 音响放大器: an effect a 「音响战士」 card has), each testing which; they
        never see a card activated by an effect as it resolves."""
        for card in self.duel.field_cards():
            for st in self.values.active_statics(card, "on-card-activated"):
                st.value(self.duel, card, link)

    def applied(self, link: "LinkView", definition=None) -> None:
        """The effect of ``link`` applied (it was not negated): 『在决斗中只能适用1次』 is used —
        that of ``definition`` when the link applied another card's effect (连续魔法)."""
        definition = definition or link.card.definition
        if any(st.kind == "once-per-duel-applied" for st in definition.statics):
            self.applied_once.add((link.player, definition.name))

    def already_applied(self, link: "LinkView") -> str | None:
        """『在决斗中只能适用1次』: its effect already applied in this duel (another chain link
        applied it first), so this one does not apply."""
        d = link.card.definition
        if any(st.kind == "once-per-duel-applied" for st in d.statics) and (link.player, d.name) in self.applied_once:
            return f"「{d.name}」 was already applied once in this duel"
        return None

    def negated_just_now(self, victim: int) -> bool:
        """An activation of ``victim`` was negated by the opponent, and nothing was processed after."""
        last = self.last_negation
        return last is not None and last[0] == self.duel.chain_rules._steps and last[2] == victim and last[1] != victim

    # -- a negated card activation ------------------------------------------------------

    def take_off_field(self, link: "LinkView", *, destroyed: bool = False, by=None, by_player=None) -> None:
        """The card activation of ``link`` was negated: its card is no longer on the field."""
        card = link.card_if_unchanged()
        if card is None or not self.duel.on_field(card) or self.in_limbo(card):
            return
        self.limbo.append(Limbo(card, destroyed, by, by_player))
        self.log.record("negate.limbo", card=card)

    def move_from_limbo(self, card: "YgoCard", where: str, reason: str) -> bool:
        """An effect that negated a card activation moves that card now (除外, 回到卡组):
        from nowhere, not from the field."""
        entry = next((e for e in self.limbo if e.card is card), None)
        if entry is None:
            return False
        if where == Zone.BANISHED and self.banish_forbidden(card):
            self.log.record("survive.not-banished", card=card)
            return True
        self.limbo.remove(entry)
        zone = self.duel.board.zone(card.owner, where)
        self.duel.board.move(card, zone, reason=reason)
        self.memory.arrived(card, WAS_BANISHED if where == Zone.BANISHED else "returned-to-deck")
        return True

    def banish_forbidden(self, card: "YgoCard") -> bool:
        return any(self.values.active_statics(c, "no-banish") for c in self.duel.field_cards())

    def finish_limbo(self) -> None:
        """The chain ended: every card whose card activation was negated goes to the graveyard."""
        while self.limbo:
            entry = self.limbo.pop(0)
            card = entry.card
            # it left the field when its activation was negated: it does not go "from the field"
            tags = {"sent-to-graveyard", "left-field-before"}
            if entry.destroyed:
                tags |= {"destroyed", "destroyed-by-effect", "sent-by-effect"}
            zone = self.duel.board.zone(card.owner, Zone.GRAVEYARD)
            self.duel.board.move(card, zone, reason="its card activation was negated")
            self.memory.arrived(card, *tags)
            self.duel.chain_rules.emit("to-graveyard", card, lki=None, destroyed=entry.destroyed, by_battle=False,
                      by_player=entry.by_player, by_effect=entry.destroyed)

    # -- activating a continuous trap's effect with its card activation -----------------

    def why_not_with_card_activation(self, card: "YgoCard", label: str, player: int) -> str | None:
        """Why ``label`` of ``card`` could not be activated together with its card activation."""
        definition = card.definition
        if definition.kind != "trap" or "continuous" not in definition.types:
            return (f"「{card.name}」 is not a continuous trap: its effects are not activated together with "
                    "its card activation")
        effect = self.duel.chain_rules.effect_of(card, label)
        if label != "发动" and any(e.label == "发动" for e in card.definition.effects):
            # 失落的圣域, 亚马逊拜谒间: what its card activation does as it resolves (even a
            # processing it may choose not to do) is the effect activated with it: no other
            return (f"the card activation of 「{card.name}」 has an effect of its own to apply as it resolves: "
                    f"{label} is not activated with it")
        if effect.kind == "trigger" and not self.phase_trigger_now(card, effect):
            return f"「{card.name}」{label} starts each time something happens: not as the card is activated"
        if effect.cost in ("send-self", "banish-self", "discard-self") or getattr(effect.cost, "moves_self", False):
            return f"the cost of 「{card.name}」{label} moves the card itself, which is being activated"
        if effect.condition is not None and not effect.condition(self.duel, card):
            return f"the condition of 「{card.name}」{label} is not met"
        if effect.once_per_turn == "name" and (player, card.name, label) in self.duel.chain_rules.used_names:
            return f"「{card.name}」{label} was already used this turn by player {player}"
        if effect.once_per_turn == "duel" and (player, card.name, label) in self.duel.chain_rules.used_in_duel:
            return f"「{card.name}」{label} was already used in this duel by player {player}"
        return self.why_cost_unpayable(card, effect, player) or self.why_no_target(card, effect, player)

    #: events that are a phase of the turn: a trigger on one of them is 『…阶段发动』, not 『每次…』
    PHASE_EVENTS = frozenset({"standby", "end-phase", "end-battle"})

    def phase_trigger_now(self, card: "YgoCard", effect) -> bool:
        """A trigger that starts at a phase, activated during that phase (the card was not
        face-up when the phase began, so it was not triggered; with its card activation it
        may still be activated, as its text is a condition of the phase)."""
        if effect.event not in self.PHASE_EVENTS:
            return False
        phases = {"standby": "standby", "end-phase": "end", "end-battle": "battle"}
        if self.duel.phase != phases[effect.event]:
            return False
        # asked as the card is being activated: it is not face-up yet
        event = SimpleNamespace(kind=effect.event, subject=None, data={"with_card_activation": True})
        return effect.trigger is None or bool(effect.trigger(self.duel, card, event))

    def activation_condition_unmet(self, card: "YgoCard") -> str | None:
        """『…的场合才能把这张卡发动』, a rule of the card (魂缚门): unlike what its card
        activation needs to do as it resolves (卡通王国's 3 cards of the deck), it holds even
        when an effect activates the card (终焉之地, 虚拟世界: fid=23277)."""
        for st in card.definition.statics:
            if st.kind == "activation-condition" and st.condition is not None and not st.condition(self.duel, card):
                return f"「{card.name}」 may be activated only when its condition is met"
        return None

    def decided_at_card_activation(self, card: "YgoCard") -> bool:
        """A continuous trap whose card activation is on this chain: what it activates on
        this chain was decided with its card activation."""
        return any(link.card is card and link.object_id == card.object_id and self.is_card_activation(link)
                   for link in self.duel.chain_rules.chain)

    # -- a card activated by an effect while that effect resolves -----------------------

    def activate_by_effect(self, card: "YgoCard", player: int, by: str, source=None) -> None:
        """An effect activates a spell or trap card as it resolves (弹出式翻页, 终焉之地): the
        card is put face-up and its activation succeeds when that effect is done; what
        its card activation would do is not applied, and no chain link is made."""
        effect = self.duel.chain_rules.effect_of(card, "发动")
        ban = self.activation_ban(card, effect, player) or self.activation_condition_unmet(card)
        if ban:
            raise IllegalAction(ban)
        self.summoning.put_spell_trap(card, player, face_up=True, reason=f"activated by 「{by}」")
        self.record_activation(None, card, player, by_effect=True)
        self.log.record("activate.by-effect-resolving", card=card, by=named(by), label="发动", by_effect=True)
        self.duel.chain_rules.emit("card-activated", card, player=player, by_effect=True, by=source)

    def sees_activation(self, watcher: "YgoCard", event) -> bool:
        """Whether 『魔法卡发动的场合』 of ``watcher`` sees the card activation of ``event``:
        one made by an effect as it resolves is not seen (it was part of that effect),
        except by the cards whose rulings say otherwise (ACTIVATION_EXCEPTIONS)."""
        if not event.by_effect:
            return True
        rulings = watcher.definition.rulings
        if "sees-activations-by-effect" in rulings:
            return True
        return "sees-own-activations-by-effect" in rulings and event.by is watcher


    def current_name(self, card: "YgoCard") -> str:
        """The card's name now: the one an effect of its own that applies now says it is
        treated as (『卡名当作「X」使用』), else its own."""
        treated = self.values.active_statics(card, "named")
        return treated[0].value if treated else card.name

    def is_named(self, card: "YgoCard", name: str) -> bool:
        """Whether the card's name is ``name`` now: its own name, unless an effect of its own
        that applies now gives it another (which then is its only name)."""
        if not RULES["treated-name-replaces-own"] and card.name == name:
            return True
        return self.current_name(card) == name
