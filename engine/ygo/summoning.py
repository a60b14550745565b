"""Summoning: the procedures (通常召唤·上级召唤·盖放, 反转召唤, 特殊召唤 by a procedure or
an effect), what a summoned monster remembers of how it came, the basic rules of
summoning a Given or When is refereed by (spec/ygo/basic-rules.rst: one Normal Summon a
turn, tributes, main phase, no chain), changing battle positions, Xyz materials, and
setting the scene (a monster summoned earlier in the duel, a card placed in a zone).

Whether a monster may be special summoned at all (召唤条件, 苏生限制) is values.py's; a
summon is one game action: ``summon`` and ``flip_summon`` are marked so that the
triggers it causes wait until it is done (actions.one_action).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any, Protocol

from rulings.core import IllegalAction, SetupError
from rulings.core.events import EventLog, said

from .actions import one_action
from .banish import TemporaryBanishes
from .legality import Rule, enforced, refusal
from .links import Links
from .memories import Memories
from .memory import SPECIAL_METHODS, SUMMON_METHOD_INFO, Info
from .objects import PLAYERS, YgoCard, Zone
from .values import KIND_WORDS, METHOD_WORDS
from .view import ChainView, DuelView, MovesView, ValuesView

DECK, HAND, EXTRA, MONSTER, SPELL_TRAP, PENDULUM, GRAVEYARD, BANISHED, MATERIALS, FIELD_SPELL = (
    Zone.DECK, Zone.HAND, Zone.EXTRA, Zone.MONSTER, Zone.SPELL_TRAP, Zone.PENDULUM, Zone.GRAVEYARD,
    Zone.BANISHED, Zone.MATERIALS, Zone.FIELD_SPELL)
#: summons a monster makes by its own procedure, as the rules let the turn player: method -> word
PROCEDURE_METHODS = {"synchro": "同调", "xyz": "超量", "link": "连接", "pendulum": "灵摆"}


def _who(player: int) -> str:
    return "自己" if player == 0 else "对方"


class SummoningValues(ValuesView, Protocol):
    """What summoning.py asks of values.py's ``Values`` beyond what card data does."""

    def active_statics(self, card: YgoCard, kind: str, *, ignore_negation: bool = False): ...

    def special_summon_monster(self, card: YgoCard) -> bool: ...

    def properly_summoned_by(self, card: YgoCard, how: str, method: str, by: str = "",
                             from_zone: str | None = None) -> bool: ...

    def count_special_summon(self, player: int) -> None: ...


class SummoningChain(ChainView, Protocol):
    """What summoning.py asks of chain.py's ``Chain`` beyond what card data does."""

    #: whether each summon could be negated when it was made, by card serial
    summon_windows: dict[int, bool]

    def emit(self, kind: str, subject: Any, **data: Any) -> None: ...

    def one_action(self) -> AbstractContextManager[None]: ...

    def chain_resolving(self) -> bool: ...

    def chain_under_way(self) -> bool: ...

    def run_mandatory(self, hold: bool = False) -> None: ...

    def summon_window_now(self) -> bool: ...


class SummoningMoves(MovesView, Protocol):
    """What summoning.py asks of moves.py's ``Moves`` beyond what card data does."""

    def leave_field(self, card: YgoCard, to: Zone, *, reason: str, face_up: bool | None = None,
                    transition: Any = ..., destroyed: bool = False, by_battle: bool = False,
                    by_player: int | None = None, index: int | None = None, tags: tuple = ()) -> None: ...


class SummoningDuel(DuelView, Protocol):
    """What summoning needs of the rest of the duel (rulings.ygo.duel.Duel is one): what
    card data sees (a static's test is given the duel), the chain (summon windows, whether
    a chain is under way) and the summon conditions (values.py)."""

    value_rules: SummoningValues
    chain_rules: SummoningChain
    move_rules: SummoningMoves


class Summoning:
    """Owns the summons of the turn as the rules count them: every summon, the special
    summons and the Normal Summons (with those an effect granted), and which cards were
    special summoned in which turn."""

    state_fields = ("summon_count", "special_summons", "special_summoned_names", "normal_summons",
                    "normal_summon_grants")

    def __init__(self, duel: SummoningDuel, memory: Memories, links: Links, banishes: TemporaryBanishes,
                 log: EventLog) -> None:
        self.duel = duel
        self.memory = memory
        self.links = links
        self.banishes = banishes
        self.log = log
        #: special summons per player this turn, as seen by the rules
        self.special_summons = [0, 0]
        #: (turn, player, card name) of every special summon: 『1回合只能有1次特殊召唤』
        self.special_summoned_names: set[tuple[int, int, str]] = set()
        #: every summon of the turn (召唤·反转召唤·特殊召唤), counted by the rules themselves
        self.summon_count = [0, 0]
        #: Normal Summons and Sets of the turn (a gemini re-summon is one): the turn's
        #: Normal Summon is used once this is 1
        self.normal_summons = [0, 0]
        #: one more Normal Summon granted by an effect: (turn, player, test, source)
        self.normal_summon_grants: list[tuple] = []

    def new_turn(self) -> None:
        self.special_summons = [0, 0]
        self.summon_count = [0, 0]
        self.normal_summons = [0, 0]

    def free_monster_zone(self, player: int) -> Zone:
        zone = self.duel.board.zone(player, MONSTER)
        if len(zone) >= (zone.capacity or 5):
            raise IllegalAction(f"{_who(player)}的怪兽区域没有空位")
        return zone

    @one_action
    def summon(self, card: YgoCard, method: str, player: int | None = None, *, face_up: bool = True,
               tributes=(), materials=(), by: str = "", negated: bool = False,
               without_tribute: bool = False, position: str | None = None, onto: int | None = None) -> None:
        """Put ``card`` onto the field by ``method`` and record what it remembers (``onto``:
        the other player's field, for a card whose text summons it there)."""
        player = card.owner if player is None else player
        side = player if onto is None else onto
        d = card.definition
        if not d.is_monster:
            raise SetupError(f"「{card.name}」是{KIND_WORDS.get(d.kind, d.kind)}卡，不能召唤")
        frame = {"synchro": "synchro", "xyz": "xyz", "fusion": "fusion", "ritual": "ritual",
                 "link": "link", "pendulum": "pendulum", "gemini": "gemini"}.get(method)
        if frame and frame not in d.types:
            raise SetupError(f"「{card.name}」不是{METHOD_WORDS.get(frame, frame)}怪兽，不能{METHOD_WORDS.get(method, method)}召唤")
        if method in ("normal", "tribute") and d.extra_deck:
            raise SetupError(f"「{card.name}」是额外卡组的怪兽，不能通常召唤")
        if method in ("normal", "tribute") and self.duel.value_rules.special_summon_monster(card):
            raise IllegalAction(f"「{card.name}」是特殊召唤怪兽，不能通常召唤")
        if method in ("normal", "tribute", "gemini"):
            why = self.why_cannot_normal_summon(card, player, tributes=tuple(tributes),
                                                without_tribute=without_tribute, face_up=face_up,
                                                again=method == "gemini", onto=onto)
            if why:
                raise IllegalAction(why)
        if method == "gemini":
            # 再度召唤 is a Normal Summon: the monster is a normal summoned monster, and
            # the summon counts as the turn's Normal Summon and as a summon
            self.memory.remember(card, Info.GEMINI_RESUMMONED)
            self.memory.remember(card, Info.NORMAL_SUMMONED)
            self.memory.remember(card, Info.SUMMONED_THIS_TURN)
            self.memory.remember(card, Info.UNBROKEN_SINCE_SUMMONED)
            self.summon_count[player] += 1
            self.use_normal_summon(player, card)
            self.log.record("summon.gemini", card=card)
            self.duel.chain_rules.emit("summoned", card, method=method)
            return
        if method in PROCEDURE_METHODS and not by:
            why = self.why_not_procedure_now(method, player)
            if why:
                raise IllegalAction(why)
        how = self.duel.value_rules.summon_how(method, by)
        if method in SPECIAL_METHODS:
            why = self.duel.value_rules.why_cannot_special_summon(card, player, how=how, by=by, method=method)
            if why:
                raise IllegalAction(why)
        if method == "link":
            for m in materials:
                why = self.duel.value_rules.why_not_link_material(m, card)
                if why:
                    raise IllegalAction(why)
        for t in tributes:
            self.duel.move_rules.send_to_graveyard(t, reason=f"tributed for 「{card.name}」", tributed=True)
        for m in materials:
            if method == "xyz":
                continue
            self.duel.move_rules.send_to_graveyard(m, reason=f"material for 「{card.name}」")
        source = card.zone.kind
        self.duel.chain_rules.summon_windows[card.serial] = self.duel.chain_rules.summon_window_now()
        self.banishes.drop(card)
        self.duel.board.move(card, self.free_monster_zone(side), face_up=face_up, controller=side,
                        reason=said("reason.set" if method in ("normal", "tribute") and not face_up
                                    else "reason.summon" if face_up else "reason.summon.face-down", method=method))
        card.position = position or ("attack" if face_up else "defense")
        for m in materials:
            if method == "xyz":
                self.attach(m, card)
        if self.duel.value_rules.properly_summoned_by(card, how, method, by, source):
            card.proc_complete = True  # 正规召唤手续: the revive limit is lifted
        set_only = method in ("normal", "tribute") and not face_up
        if method in ("normal", "tribute"):
            self.use_normal_summon(player, card)
        self.log.record("set" if set_only else "summon" if face_up else "summon.face-down", card=card, method=method)
        if set_only:
            # a monster set face-down is not "summoned" (召唤仅指表侧表示通常召唤),
            # but a tribute set keeps what it was tributed with
            self.memory.remember(card, Info.SET_THIS_TURN)
            if tributes:
                self.memory.remember(card, Info.SUMMON_MATERIALS, tuple((t.serial, t.definition) for t in tributes))
            if without_tribute:
                self.memory.remember(card, Info.SUMMONED_WITHOUT_TRIBUTE)
            return
        self.memory.remember(card, Info.SUMMONED_THIS_TURN)
        self.memory.remember(card, Info.UNBROKEN_SINCE_SUMMONED)
        self.memory.remember(card, Info.ON_FIELD_SINCE_SUMMONED, self.duel.turn)
        if side != card.owner and "three-tributes-either-field" in d.rulings:
            # summoned onto the other field: control goes back at the next turn's end phase
            self.memory.remember(card, Info.CONTROL_RETURNS_AT, self.duel.turn + 1)
        self.summon_count[player] += 1
        self.memory.remember(card, SUMMON_METHOD_INFO[method])
        if method == "tribute":
            self.memory.remember(card, Info.NORMAL_SUMMONED)
        if without_tribute:
            self.memory.remember(card, Info.SUMMONED_WITHOUT_TRIBUTE)
        if method in SPECIAL_METHODS:
            self.memory.remember(card, Info.SPECIAL_SUMMONED)
            # a token (衍生物) comes from no zone
            self.memory.remember(card, Info.SUMMONED_FROM, None if "token" in d.types else source)
            self.special_summons[player] += 1
            self.special_summoned_names.add((self.duel.turn, player, card.name))
            self.duel.value_rules.count_special_summon(player)
        if tributes or materials:
            self.memory.remember(card, Info.SUMMON_MATERIALS, tuple((c.serial, c.definition) for c in (*tributes, *materials)))
            self.memory.remember(card, Info.MATERIAL_LINK, tuple(c.serial for c in (*tributes, *materials)))
        if by:
            self.memory.remember(card, Info.SUMMONED_BY_EFFECT, by)
            self.memory.remember(card, Info.SUMMONED_BY_NAME, by)
        own_tributes = method == "tribute" and self.tributes_by_own_method(card, len(tributes))
        if without_tribute or own_tributes or (method == "special" and not by and self.duel.value_rules.special_summon_monster(card)):
            # 『这个方法召唤·特殊召唤的这张卡』: summoned by its own text's method or procedure
            self.memory.remember(card, Info.SUMMONED_BY_NAME, card.name)
        if negated:
            self.memory.remember(card, Info.NEGATED, "summon", per="summon", origin=by)
        for st in d.statics:
            if st.kind == "on-summon-lasting" and (st.condition is None or st.condition(self.duel, card)):
                for mark in st.value:
                    if isinstance(mark, tuple):
                        self.memory.apply_lasting(card, mark[0], mark[1], source=f"「{card.name}」{st.label}")
                    else:
                        self.memory.apply_lasting(card, mark, source=f"「{card.name}」{st.label}")
        self.duel.chain_rules.emit("summoned", card, method=method, obj=card.object_id)

    # -- the basic rules of summoning (spec/ygo/basic-rules.rst) ------------------------

    #: the phases a player may Normal Summon, Set, Flip Summon or change positions in
    MAIN_PHASES = ("main1", "main2")

    @staticmethod
    def tributes_needed(card: YgoCard) -> int:
        """How many tributes a Tribute Summon (or Set) of ``card`` takes: Level 5 and 6
        one, Level 7 and up two; Level 4 and below none (it is not tributed for)."""
        level = card.definition.level
        return 0 if level <= 4 else 1 if level <= 6 else 2

    #: 『这张卡也能把N只怪兽解放作召唤』: the card ruling that names that way, by number
    OWN_TRIBUTE_COUNTS = {"may-tribute-three": 3, "may-tribute-five": 5}

    def tributes_by_own_method(self, card: YgoCard, n: int) -> bool:
        """A Tribute Summon of ``n`` tributes is the card's own method (『也能把N只怪兽解放作召唤』)."""
        return n != self.tributes_needed(card) and any(
            self.OWN_TRIBUTE_COUNTS[r] == n for r in card.definition.rulings if r in self.OWN_TRIBUTE_COUNTS)

    def summons_without_tribute(self, card: YgoCard) -> bool:
        """Its card data lets it be Normal Summoned (or Set) without tributing."""
        d = card.definition
        return "summon-without-tribute" in d.rulings or any(st.kind == "summon-without-tribute"
                                                            for st in d.statics)

    def why_not_tribute(self, card: YgoCard, tribute: YgoCard, player: int) -> str | None:
        """Why ``tribute`` cannot be tributed by ``player`` for the Tribute Summon of ``card``."""
        if tribute is card:
            return f"「{card.name}」不能解放自己来上级召唤"
        if not self.duel.on_field(tribute) or (tribute.controller != player and enforced(Rule.TRIBUTE_OWN_MONSTER)):
            return refusal(Rule.TRIBUTE_OWN_MONSTER, f"「{tribute.name}」不是{_who(player)}场上的卡，不能作为上级召唤的解放")
        if tribute.zone.kind == MONSTER or not enforced(Rule.TRIBUTE_OWN_MONSTER):
            return None
        d = tribute.definition
        if not d.is_monster and "continuous" in d.types and tribute.face_up and (
                "tributes-continuous-spell-trap" in card.definition.rulings):
            # the summoned card's own text lets a continuous spell or trap be tributed
            return None
        return refusal(Rule.TRIBUTE_OWN_MONSTER, f"「{tribute.name}」不是怪兽，不能作为「{card.name}」上级召唤的解放")

    def tribute_candidates(self, card: YgoCard, player: int) -> list[YgoCard]:
        return [c for c in self.duel.field_cards() if self.why_not_tribute(card, c, player) is None]

    def why_cannot_normal_summon(self, card: YgoCard, player: int, *, tributes: tuple | None = None,
                                 without_tribute: bool = False, face_up: bool = True, onto: int | None = None,
                                 again: bool = False) -> str | None:
        """Why ``player`` cannot Normal Summon (召唤), Set (盖放), Tribute Summon or Set, or
        summon a gemini monster again (再度召唤) ``card`` now, or None.  ``tributes``
        None asks whether it could be done with the cards on the field now.

        - only the turn player, in a main phase, with no chain being built or resolved;
        - once a turn (召唤·盖放·上级召唤·再度召唤 all use it), unless an effect grants one more;
        - Level 5 and 6 take one tribute, Level 7 and up two, each a monster of the summoning
          player's field — unless the card's data lets it be summoned without tributing or
          lets other cards be tributed."""
        d = card.definition
        if not d.is_monster or d.extra_deck:
            return f"「{card.name}」不是可以通常召唤的怪兽"
        if not d.level:
            # 『:level: ?』: no source the documents cite gives its level (cardformat.py)
            return f"「{card.name}」的等级在本站依据的资料里不明：不知道要几只解放，引擎不让它通常召唤"
        if enforced(Rule.OWN_TURN) and player != self.duel.turn_player:
            return refusal(Rule.OWN_TURN, f"{_who(player)}不是回合玩家：通常召唤·盖放只能在自己的回合进行")
        if enforced(Rule.MAIN_PHASE) and self.duel.phase not in self.MAIN_PHASES:
            return refusal(Rule.MAIN_PHASE, "通常召唤·盖放只能在主要阶段进行")
        if enforced(Rule.NOT_IN_CHAIN) and self.duel.chain_rules.chain_under_way():
            return refusal(Rule.NOT_IN_CHAIN, "连锁进行中不能通常召唤·盖放")
        if enforced(Rule.ONE_NORMAL_SUMMON) and self.normal_summons[player] >= 1 \
                and self.extra_normal_summon(player, card) is None:
            return f"{_who(player)}这个回合已经进行过通常召唤（召唤·盖放·上级召唤·再度召唤1回合只能1次）"
        if again:
            if not (self.duel.face_up_on_field(card) and card.controller == player):
                return f"「{card.name}」不是{_who(player)}场上表侧表示的怪兽，不能再度召唤"
            return None
        if card.zone.kind != HAND:
            return f"「{card.name}」不在手卡，不能通常召唤·盖放"
        if not self.free_zone_after(player if onto is None else onto, tributes or ()):
            return f"{_who(player)}的怪兽区域没有空位"
        need = self.tributes_needed(card)
        if "three-tributes-either-field" in d.rulings and tributes is not None:
            # three monsters of the field it is summoned onto (its own text)
            side = player if onto is None else onto
            if len(tributes) != 3 or any(not self.duel.on_field(t) or t.zone.kind != MONSTER or t.controller != side
                                         for t in tributes):
                return f"「{card.name}」要把{_who(side)}场上3只怪兽解放，在{_who(side)}场上召唤"
            return None
        if onto is not None and onto != player:
            return f"「{card.name}」不能在{_who(onto)}场上召唤"
        if without_tribute:
            if need == 0 and enforced(Rule.TRIBUTE_COUNT):
                return refusal(Rule.TRIBUTE_COUNT, f"「{card.name}」是4星以下的怪兽，本来就不用解放")
            if need and enforced(Rule.TRIBUTE_WITHOUT_TEXT) and not self.summons_without_tribute(card):
                return refusal(Rule.TRIBUTE_WITHOUT_TEXT, f"「{card.name}」是{d.level}星怪兽：需要解放{need}只怪兽，"
                               "它的卡片没有写可以不用解放召唤")
            return None
        if tributes is None:
            if need and enforced(Rule.TRIBUTE_COUNT) and len(self.tribute_candidates(card, player)) < need:
                if self.summons_without_tribute(card):
                    return None
                return refusal(Rule.TRIBUTE_COUNT, f"「{card.name}」是{d.level}星怪兽，上级召唤需要解放{need}只怪兽，"
                               f"{_who(player)}场上能解放的只有{len(self.tribute_candidates(card, player))}只")
            return None
        if len(tributes) != need and enforced(Rule.TRIBUTE_COUNT) \
                and not (need and self.tributes_by_own_method(card, len(tributes))):
            if need == 0:
                return refusal(Rule.TRIBUTE_COUNT, f"「{card.name}」是4星以下的怪兽，不用解放就召唤，不能上级召唤")
            return refusal(Rule.TRIBUTE_COUNT, f"「{card.name}」是{d.level}星怪兽，上级召唤需要解放{need}只怪兽"
                           f"（这里解放了{len(tributes)}只）")
        for t in tributes:
            why = self.why_not_tribute(card, t, player)
            if why:
                return why
        return None

    def free_zone_after(self, player: int, tributes) -> bool:
        zone = self.duel.board.zone(player, MONSTER)
        freed = sum(1 for t in tributes if t.zone is zone)
        return len(zone) - freed < (zone.capacity or 5)

    def extra_normal_summon(self, player: int, card: YgoCard):
        """A grant of one more Normal Summon this turn that ``card`` fits, or None."""
        for grant in self.normal_summon_grants:
            turn, who, test, _source = grant
            if turn == self.duel.turn and who == player and (test is None or test(self.duel, card)):
                return grant
        return None

    def grant_normal_summon(self, player: int, source: str, test=None) -> None:
        """An effect lets ``player`` Normal Summon once more this turn (a monster passing
        ``test`` (duel, card), or any)."""
        self.normal_summon_grants.append((self.duel.turn, player, test, source))
        self.log.record("rule.extra-normal-summon", source=source, player=player)

    def use_normal_summon(self, player: int, card: YgoCard) -> None:
        if self.normal_summons[player] >= 1:
            grant = self.extra_normal_summon(player, card)
            if grant is not None:
                self.normal_summon_grants.remove(grant)
        self.normal_summons[player] += 1

    def why_not_procedure_now(self, method: str, player: int) -> str | None:
        """A monster summoned by its own procedure (同调·超量·连接·灵摆召唤) is summoned by
        the turn player in a main phase, with no chain being built; an effect that
        summons so as it resolves may do it then."""
        if self.duel.chain_rules.chain_resolving():
            return None
        word = PROCEDURE_METHODS[method]
        if player != self.duel.turn_player:
            return f"{_who(player)}不是回合玩家：{word}召唤只能在自己的回合进行"
        if self.duel.phase not in self.MAIN_PHASES:
            return f"{word}召唤只能在主要阶段进行"
        if self.duel.chain_rules.chain:
            return f"连锁进行中不能{word}召唤"
        return None

    def special_summoned_earlier(self, card: YgoCard, player: int, method: str, materials=()) -> None:
        """Set the scene: ``card`` came to ``player``'s field on an earlier turn by the
        summon ``method`` (同调、超量、融合、仪式、连接、灵摆、特殊) from its home zone — by its
        own procedure, its materials long gone.  Nothing of this turn is used or
        remembered, no trigger now."""
        d = card.definition
        frame = {"synchro": "synchro", "xyz": "xyz", "fusion": "fusion", "ritual": "ritual",
                 "link": "link", "pendulum": "pendulum"}.get(method)
        if not d.is_monster or (frame and frame not in d.types) or method not in SPECIAL_METHODS:
            raise SetupError(f"「{card.name}」不能那样召唤")
        source = card.zone.kind
        if source not in (HAND, EXTRA, DECK):
            raise SetupError(f"「{card.name}」不在手卡、卡组或额外卡组")
        self.duel.board.move(card, self.free_monster_zone(player), face_up=True, controller=player,
                        reason=f"{method} summoned on an earlier turn")
        card.position = "attack"
        card.proc_complete = True
        self.memory.remember(card, SUMMON_METHOD_INFO[method])
        self.memory.remember(card, Info.SPECIAL_SUMMONED)
        self.memory.remember(card, Info.SUMMONED_FROM, source)
        for m in materials:
            if method == "xyz":
                self.attach(m, card)
            else:
                self.duel.board.move(m, self.duel.board.zone(m.owner, GRAVEYARD), reason=f"material of 「{card.name}」 "
                                "on an earlier turn")
        if materials:
            self.memory.remember(card, Info.SUMMON_MATERIALS, tuple((m.serial, m.definition) for m in materials))
            self.memory.remember(card, Info.MATERIAL_LINK, tuple(m.serial for m in materials))
        self.log.record("setup.summoned-earlier", card=card, player=player, method=method)

    def summoned_earlier(self, card: YgoCard, player: int, *, face_up: bool = True) -> None:
        """Set the scene: ``card`` came to ``player``'s field by a Normal Summon (face-up)
        or a Set (face-down) on an earlier turn — a Tribute Summon for Level 5 and up, its
        tributes long gone.  Nothing of this turn is used or remembered (not summoned this
        turn, not this turn's Normal Summon, no trigger now)."""
        d = card.definition
        if not d.is_monster or d.extra_deck:
            raise SetupError(f"「{card.name}」不是可以通常召唤的怪兽")
        if card.zone.kind != HAND:
            raise SetupError(f"「{card.name}」不在手卡")
        self.duel.board.move(card, self.free_monster_zone(player), face_up=face_up, controller=player,
                        reason="normal summoned on an earlier turn" if face_up else "set on an earlier turn")
        card.position = "attack" if face_up else "defense"
        card.proc_complete = True
        if face_up:
            self.memory.remember(card, Info.NORMAL_SUMMONED)
            if self.tributes_needed(card):
                self.memory.remember(card, Info.TRIBUTE_SUMMONED)
        self.log.record("setup.earlier", card=card, player=player)

    def set_monster(self, card: YgoCard, player: int | None = None, tributes=(), without_tribute=False) -> None:
        self.summon(card, "tribute" if tributes else "normal", player, face_up=False, tributes=tributes,
                    without_tribute=without_tribute)

    def set_spell_trap(self, card: YgoCard, player: int) -> None:
        """Set a spell or trap card face-down in the spell & trap zone (a field spell in the
        field zone): a trap (or a quick-play spell) set now waits until the next turn to be
        activated."""
        self.put_spell_trap(card, player, face_up=False, reason="set")
        self.memory.remember(card, Info.SET_THIS_TURN)

    @staticmethod
    def zone_kind_for(card: YgoCard) -> str:
        """Where a spell or trap card is put on the field: a field spell in the field zone,
        every other one in the spell & trap zone."""
        d = card.definition
        return FIELD_SPELL if d.kind == "spell" and "field" in d.types else SPELL_TRAP

    def put_spell_trap(self, card: YgoCard, player: int, *, face_up: bool, reason: str) -> None:
        """Put a spell or trap card on ``player``'s field, in the zone of its kind.  A field
        spell put in a field zone that holds another card sends that card to the graveyard
        first — by the rules: it is not destroyed."""
        kind = self.zone_kind_for(card)
        zone = self.duel.board.zone(player, kind)
        if kind == FIELD_SPELL:
            for old in [c for c in zone if c is not card]:
                self.log.record("rule.field-zone-replaced", card=old, by=card)
                self.duel.move_rules.send_to_graveyard(old, reason=f"replaced by 「{card.name}」")
        self.duel.board.move(card, zone, face_up=face_up, controller=player, reason=reason)

    def why_not_now_in_main_phase(self, player: int, what: str) -> str | None:
        """What only the turn player does in its main phase with no chain (召唤、反转召唤、
        表示形式变更): why ``player`` cannot do it now, or None."""
        if enforced(Rule.OWN_TURN) and player != self.duel.turn_player:
            return refusal(Rule.OWN_TURN, f"{_who(player)}不是回合玩家：{what}只能在自己的回合进行")
        if enforced(Rule.MAIN_PHASE) and self.duel.phase not in self.MAIN_PHASES:
            return refusal(Rule.MAIN_PHASE, f"{what}只能在主要阶段进行")
        if enforced(Rule.NOT_IN_CHAIN) and self.duel.chain_rules.chain_under_way():
            return refusal(Rule.NOT_IN_CHAIN, f"连锁进行中不能{what}")
        return None

    def cannot_change_position_by_effect(self, card: YgoCard) -> str | None:
        """An effect forbids ``card`` to change its battle position (无底的落穴 …): a Flip
        Summon changes it too."""
        if not enforced(Rule.POSITION_EFFECT):
            return None
        if self.memory.lasting(card, "cannot-change-position") or self.links.links_granting(card, "cannot-change-position"):
            return refusal(Rule.POSITION_EFFECT, "有效果使它不能变更表示形式")
        for other in self.duel.field_cards():
            if self.duel.value_rules.active_statics(other, "lock-battled") and other.serial in (self.memory.recall(card, Info.BATTLED) or ()):
                return refusal(Rule.POSITION_EFFECT, f"它和「{other.name}」进行过战斗，不能变更表示形式")
        return None

    def why_cannot_flip_summon(self, card: YgoCard, player: int | None = None) -> str | None:
        """Why ``card`` cannot be Flip Summoned now: only a face-down monster of the turn
        player, in a main phase; not the turn it was set or summoned (also when an effect
        turned it face-down after that; one only turned face-down by an effect may be flip
        summoned at once), not twice a turn nor after its position changed this turn, not
        while an effect forbids it to change its battle position."""
        if not (self.duel.on_field(card) and card.definition.is_monster and card.zone.kind == MONSTER
                and not card.face_up):
            return f"「{card.name}」不是场上里侧表示的怪兽"
        player = card.controller if player is None else player
        if card.controller != player:
            return f"「{card.name}」不是{_who(player)}的怪兽"
        why = self.why_not_now_in_main_phase(player, "反转召唤")
        if why:
            return why
        if enforced(Rule.FLIP_NOT_TURN_SET) and self.memory.remembers(card, Info.SET_THIS_TURN):
            return refusal(Rule.FLIP_NOT_TURN_SET, f"「{card.name}」是这个回合盖放的怪兽，要到之后的回合才能反转召唤")
        if enforced(Rule.FLIP_NOT_TURN_SET) and self.memory.remembers(card, Info.SUMMONED_THIS_TURN):
            return refusal(Rule.FLIP_NOT_TURN_SET, f"「{card.name}」是这个回合召唤的怪兽，要到之后的回合才能反转召唤")
        if enforced(Rule.POSITION_ONCE_A_TURN) and self.memory.remembers(card, Info.POSITION_CHANGED):
            return refusal(Rule.POSITION_ONCE_A_TURN, f"「{card.name}」这个回合已经变更过表示形式")
        return self.cannot_change_position_by_effect(card)

    def why_cannot_change_position(self, card: YgoCard, player: int | None = None) -> str | None:
        """Why ``card`` itself cannot change its battle position (表示形式变更), as the
        rulings say of a monster: not the turn it was summoned or set, not after it
        attacked, once a turn; never a link monster; not under an effect that forbids it.
        When it may be done at all (the turn player's main phase) is the action's rule."""
        if not (self.duel.on_field(card) and card.definition.is_monster and card.zone.kind == MONSTER):
            return f"「{card.name}」不是场上的怪兽"
        why = self.cannot_change_position_by_effect(card)
        if why:
            return why
        if enforced(Rule.LINK_NO_DEFENSE) and "link" in card.definition.types:
            return refusal(Rule.LINK_NO_DEFENSE, f"「{card.name}」是连接怪兽，没有守备表示")
        for mark, what, rule in ((Info.SUMMONED_THIS_TURN, "是这个回合召唤·特殊召唤的怪兽", Rule.POSITION_NOT_TURN_SUMMONED),
                                 (Info.SET_THIS_TURN, "是这个回合盖放的怪兽", Rule.POSITION_NOT_TURN_SUMMONED),
                                 (Info.POSITION_CHANGED, "这个回合已经变更过表示形式", Rule.POSITION_ONCE_A_TURN),
                                 (Info.ATTACKED, "这个回合已经攻击过", Rule.POSITION_NOT_AFTER_ATTACK)):
            if enforced(rule) and self.memory.remembers(card, mark):
                return refusal(rule, f"「{card.name}」{what}")
        return None

    def change_position(self, card: YgoCard, player: int | None = None) -> None:
        """The turn player changes the battle position of its face-up monster (攻击表示 ↔
        守备表示); a face-down monster is turned face-up by a Flip Summon instead."""
        player = card.controller if player is None else player
        if not card.face_up and self.duel.on_field(card):
            raise IllegalAction(f"「{card.name}」是里侧表示：要表侧表示只能反转召唤")
        if self.duel.on_field(card) and card.controller != player:
            raise IllegalAction(f"「{card.name}」不是{_who(player)}的怪兽")
        why = self.why_cannot_change_position(card, player) or self.why_not_now_in_main_phase(player, "变更表示形式")
        if why:
            raise IllegalAction(why)
        card.position = "defense" if card.position == "attack" else "attack"
        self.memory.remember(card, Info.POSITION_CHANGED)
        self.log.record("position", card=card, position=card.position)
        self.duel.chain_rules.emit("position-changed", card)
        self.duel.chain_rules.run_mandatory()

    @one_action
    def flip_summon(self, card: YgoCard, player: int | None = None) -> None:
        why = self.why_cannot_flip_summon(card, player)
        if why:
            raise IllegalAction(why)
        self.duel.board.turn(card, True, reason="flip summon")
        card.position = "attack"
        self.memory.remember(card, Info.SUMMONED_THIS_TURN)
        self.memory.remember(card, Info.UNBROKEN_SINCE_SUMMONED)
        self.memory.remember(card, Info.FLIP_SUMMONED)
        self.memory.remember(card, Info.POSITION_CHANGED)
        self.memory.remember(card, Info.FLIPPED)
        self.summon_count[card.controller] += 1
        self.duel.chain_rules.emit("flipped", card)
        self.duel.chain_rules.emit("summoned", card, method="flip")

    def attach(self, material: YgoCard, xyz: YgoCard) -> None:
        """Attach ``material`` to ``xyz`` as xyz material (face-up, under it)."""
        if self.duel.on_field(material):
            self.duel.move_rules.leave_field(material, self.duel.board.zone(xyz.controller, MATERIALS),
                                             reason="attached as material")
        else:
            self.duel.board.move(material, self.duel.board.zone(xyz.controller, MATERIALS), face_up=True,
                            reason="attached as material")
        material.attached_to = xyz
        self.log.record("attach", card=material, to=xyz)

    def place(self, card: YgoCard, zone_kind: str, player: int, face_up: bool = True) -> None:
        """Put a card in a zone without a summon or an activation (setting up); a spell or
        trap card asked for the spell & trap zone goes where its kind goes (a field spell
        in the field zone)."""
        if zone_kind == SPELL_TRAP and not card.definition.is_monster:
            self.put_spell_trap(card, player, face_up=face_up, reason="placed")
            return
        self.duel.board.move(card, self.duel.board.zone(player, zone_kind), face_up=face_up, controller=player,
                        reason="placed")

    def place_from_deck(self, player: int, test) -> None:
        for c in self.duel.board.zone(player, DECK):
            if test(c.definition):
                self.place(c, PENDULUM, player)
                return

    def materials_of(self, xyz: YgoCard) -> list[YgoCard]:
        return [c for p in PLAYERS for c in self.duel.board.zone(p, MATERIALS) if c.attached_to is xyz]
