"""Whether a resolving chain link is negated, by each kind of negation.

The kinds differ in how they meet a monster that was turned face-down or left the
field between activation and resolution:

``chain``       the activation (or that one effect) was negated by a chain link (灰流丽,
                虫惑的落穴, XYZ诛罚): negated whatever happened to the monster since.
``summon``      special summoned with its effects negated (旧神 诺登, 水晶机巧-量子白晶),
                decided when the effect is activated: still negated if the monster is
                face-down or gone at resolution; not if it was face-down and is face-up
                again (that erased the negation).
``continuous``  out-of-chain negation of face-up monsters (技能抽取, 尤尼科之影灵衣,
                continuous-target negation): only while the monster is still that
                face-up monster on the field.
``field-wide``  negation by name or by a rule of the whole field (墓穴的指名者, 无敌光环):
                it negates the effect itself, face-down or not.
``free-chain``  a lasting negation put on the monster by a resolved effect (效果遮蒙者,
                禁忌的圣杯): gone if the monster was turned face-down; kept by what we
                know of a monster that left the field while negated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from rulings.core import IllegalAction, SetupError
from rulings.core.events import EventLog, named

from .banish import TemporaryBanishes
from .links import Links
from .memory import RULES, SPECIAL_METHODS, Info
from .objects import YgoCard, Zone
from .values import METHOD_WORDS
from .view import ChainView, DuelView, LinkView, MemoryView, NegationView, SummonView, ValuesView

KINDS = ("chain", "summon", "continuous", "field-wide", "free-chain")


@dataclass
class FieldNegation:
    """A field-wide negation put in place by a resolved effect (无敌光环): every monster
    passing ``test`` (duel, card) has its effects negated, face-down or not, until
    the end of turn ``until`` and — with a ``source`` — while that card stays
    face-up on the field as the same object."""

    test: Callable[[Any, Any], bool]
    until: int
    source: Any = None
    source_obj: int | None = None
    origin: str = ""

    def active(self, duel) -> bool:
        if duel.turn > self.until:
            return False
        return self.source is None or (self.source.object_id == self.source_obj
                                       and duel.face_up_on_field(self.source))


def locked_by_another(duel: "NegationDuel", card: "YgoCard") -> bool:
    """Whether a face-up card's 『这张卡以外的场上的卡的效果…无效化』 (DDD 双晓王 末法神) reaches
    ``card``, a card on the field."""
    return duel.on_field(card) and any(
        other is not card and duel.value_rules.active_statics(other, "negate-other-field-cards") for other in duel.field_cards())


def field_wide(duel: "NegationDuel", card: "YgoCard") -> bool:
    """Whether a field-wide negation reaches ``card`` (its name or its kind)."""
    if card.name in duel.negation_rules.negated_names or locked_by_another(duel, card):
        return True
    return any(n.active(duel) and n.test(duel, card) for n in duel.negation_rules.field_negations)


def resolution_negated(duel: "NegationDuel", link: "LinkView") -> str | None:
    """The kind of negation that stops ``link`` from applying, or None."""
    if link.negated:
        return "chain"
    card = link.card
    if not card.definition.is_monster or link.effect.kind == "activation":
        # a spell or trap card whose effects a resolved effect negated (DDD 咒血王 赛弗里德):
        # what it activated does not apply, while it is still that card on the field
        if card.object_id == link.object_id and duel.on_field(card) and duel.memory_rules.lasting(card, "effects-negated"):
            return "free-chain"
        if card.object_id == link.object_id and locked_by_another(duel, card):
            return "field-wide"
        return None
    if field_wide(duel, card):
        return "field-wide"
    same = card.object_id == link.object_id
    here = same and duel.face_up_on_field(card)
    now = duel.negation_rules.negations(card) if here else set()
    if now:
        return sorted(now)[0]
    if "summon" in link.negated_at_activation and not here:
        return "summon"
    known = duel.last_known(link.object_id) if not same else None
    if known is not None and "free-chain" in known.get("negations", ()):
        return "free-chain"
    return None


class NegationMemory(MemoryView, Protocol):
    """What negation.py asks of memories.py's ``Memories`` beyond what card data does."""

    def arrived(self, card: YgoCard, *tags: str) -> None: ...


class NegationNegation(NegationView, Protocol):
    """What negation.py's functions (``resolution_negated`` …), given the duel, ask of its
    ``Negation`` beyond what card data does."""

    def negations(self, card: YgoCard, depth: int = 0) -> set[str]: ...


class NegationSummoning(SummonView, Protocol):
    """What negation.py asks of summoning.py's ``Summoning`` beyond what card data does."""

    #: Normal Summons and Sets of the turn, per player
    normal_summons: list[int]

    def why_cannot_normal_summon(self, card: YgoCard, player: int, *, tributes: tuple | None = None,
                                 without_tribute: bool = False, face_up: bool = True, onto: int | None = None,
                                 again: bool = False) -> str | None: ...

    def why_cannot_flip_summon(self, card: YgoCard, player: int | None = None) -> str | None: ...


class NegationValues(ValuesView, Protocol):
    """What negation.py asks of values.py's ``Values`` beyond what card data does."""

    def active_statics(self, card: YgoCard, kind: str, *, ignore_negation: bool = False): ...


class NegationChain(ChainView, Protocol):
    """What negation.py asks of chain.py's ``Chain`` beyond what card data does."""

    def emit(self, kind: str, subject: Any, **data: Any) -> None: ...

    def run_mandatory(self, hold: bool = False) -> None: ...


class NegationDuel(DuelView, Protocol):
    """What negation needs of the rest of the duel (rulings.ygo.duel.Duel is one): what
    card data sees (a static's test is given the duel), and the summoning rules a negated
    summon is checked by."""

    memory_rules: NegationMemory
    negation_rules: NegationNegation
    summon_rules: NegationSummoning
    value_rules: NegationValues
    chain_rules: NegationChain


class Negation:
    """Which kinds of negation apply to a monster's effects now, and negated summons.
    Owns the negations of the whole field: by name (墓穴的指名者) and by a resolved
    effect's test (无敌光环, FieldNegation); a negation of one card is its memory
    (Info.NEGATED) or a continuous-target link (links.py)."""

    state_fields = ("field_negations", "negated_names")

    def __init__(self, duel: NegationDuel, links: Links, banishes: TemporaryBanishes, log: EventLog) -> None:
        self.duel = duel
        self.links = links
        self.banishes = banishes
        self.log = log
        #: field-wide negation by name (墓穴的指名者): name -> last turn it applies
        self.negated_names: dict[str, int] = {}
        #: field-wide negations that are not a chain link's (无敌光环)
        self.field_negations: list[FieldNegation] = []

    def new_turn(self, ended: int) -> None:
        """Turn ``ended`` is over: the field-wide negations that lasted until it end."""
        self.field_negations = [n for n in self.field_negations if n.until > ended]
        self.negated_names = {n: t for n, t in self.negated_names.items() if t > ended}

    def negations(self, card: "YgoCard", depth: int = 0) -> set[str]:
        """The kinds of negation that apply to ``card``'s effects now (see KINDS above)."""
        if depth > 3 or not self.duel.face_up_on_field(card) or not card.definition.is_monster:
            return set()
        kinds = {item.key[1] for item in card.memory.items()
                 if isinstance(item.key, tuple) and item.key[0] is Info.NEGATED}
        for other in self.duel.field_cards():
            if other is card or not other.face_up:
                continue
            for st in other.definition.statics:
                if st.kind == "negate-monsters" and (not other.definition.is_monster
                                                     or not self.negations(other, depth + 1)) \
                        and (st.value is None or st.value(self.duel, other, card)):
                    kinds.add("continuous")
        if self.links.links_granting(card, "negate", depth):
            kinds.add("continuous")
        if field_wide(self.duel, card):
            kinds.add("field-wide")
        return kinds

    def negate_effects(self, card: "YgoCard", kind: str = "free-chain", source: str = "") -> None:
        """A lasting negation put on a face-up monster by a resolving effect."""
        self.duel.memory_rules.remember(card, Info.NEGATED, kind, per=kind, origin=source)
        self.log.record("negate", card=card, how=kind, source=named(source) if source else None)


    def negate_summon(self, card: "YgoCard", method: str, player: int, by: int | None = None) -> None:
        """A summon negated as it is made (召唤无效: 神之宣告 and the like).  A flip summon
        is negated on the field: the face-down monster is destroyed there, and keeps how
        it was summoned before.  Any other summon never reaches the field: the monster
        goes from where it was to its owner's graveyard, destroyed — not a card of the
        field, the hand, the deck or the extra deck sent there — and a negated summon is
        no proper procedure (正规召唤手续): the revive limit stays."""
        if method == "flip":
            why = self.duel.summon_rules.why_cannot_flip_summon(card)
            if why:
                raise IllegalAction(f"「{card.name}」不能反转召唤：{why}")
            self.log.record("summon-negated", card=card, method="flip")
            if by is None:
                self.duel.move_rules.destroy(card, reason="its flip summon was negated", by_rule=True)
                return
            # negated and destroyed by ``by``'s effect: the monster was flipped face-up as it
            # was flip summoned, and is destroyed by that effect — or, if a replacement keeps
            # it from being destroyed, it cannot stay: the rules send it to the graveyard
            self.duel.board.turn(card, True, reason="flip summon")
            card.position = "attack"
            self.duel.move_rules.destroy(card, reason="its flip summon was negated", by_player=by)
            if self.duel.on_field(card) and RULES["negated-flip-summon-leaves"]:
                self.log.record("summon-negated.to-graveyard", card=card)
                self.duel.move_rules.send_to_graveyard(card, reason="its flip summon was negated")
            return
        if method in SPECIAL_METHODS:
            why = self.duel.value_rules.why_cannot_special_summon(card, player,
                                                                  how=self.duel.value_rules.summon_how(method))
            if why:
                raise IllegalAction(why)
        elif method in ("normal", "tribute"):
            why = self.duel.summon_rules.why_cannot_normal_summon(card, player)
            if why:
                raise IllegalAction(why)
            self.duel.summon_rules.normal_summons[player] += 1
        else:
            raise SetupError(f"{METHOD_WORDS.get(method, method)}召唤不能这样无效")
        self.log.record("summon-negated", card=card, method=method)
        self.banishes.drop(card)
        self.duel.board.move(card, self.duel.board.zone(card.owner, Zone.GRAVEYARD), face_up=True,
                        reason=f"its {method} summon was negated")
        self.duel.memory_rules.arrived(card, "destroyed", "sent-to-graveyard")
        self.duel.chain_rules.emit("to-graveyard", card, lki=None, destroyed=True, by_battle=False, by_player=None,
                  discarded=False, from_hand=False, from_zone=None)
        self.duel.chain_rules.run_mandatory()
