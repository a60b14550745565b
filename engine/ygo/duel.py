"""A Yu-Gi-Oh! duel: the state, and the primitives that move cards, summon them, turn
them over and banish them temporarily.  What a monster keeps through each of these is
decided by one table (memory.ERASED_BY); chains (chain.py), negation (negation.py),
battle (battle.py), control (control.py), continuous-target links (links.py) and the
values the rules compute (values.py) live in their own modules and are mixed in here.
"""

from __future__ import annotations

import random
from typing import Any

from rulings.core import IllegalAction, SetupError
from rulings.core.events import said
from rulings.core.game import Game
from rulings.project import GAMES
from rulings.core.zones import HiddenTo, Zone as BoardZone

from .activation import ActivationRules
from .banish import TemporaryBanishes
from .battle import Battle
from .cards import CardDef
from .catalogue import CATALOGUE
from .chain import ChainRules, one_action
from . import trace_words
from .control import Control
from .links import Links
from .memories import Memories
from .legality import Rule, enforced, refusal
from .memory import RULES, SPECIAL_METHODS, SUMMON_METHOD_INFO, Info, Transition
from .negation import Negation
from .objects import FIELD_ZONES, PLAYERS, WAS_BANISHED, YgoCard, Zone
from .values import KIND_WORDS, METHOD_WORDS, ZONE_WORDS, ValueRules

# zone kinds (objects.Zone), by the names the rules have always used
DECK, HAND, EXTRA, MONSTER, SPELL_TRAP, PENDULUM, GRAVEYARD, BANISHED, MATERIALS, FIELD_SPELL = (
    Zone.DECK, Zone.HAND, Zone.EXTRA, Zone.MONSTER, Zone.SPELL_TRAP, Zone.PENDULUM, Zone.GRAVEYARD,
    Zone.BANISHED, Zone.MATERIALS, Zone.FIELD_SPELL)
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
#: summons a monster makes by its own procedure, as the rules let the turn player: method -> word
PROCEDURE_METHODS = {"synchro": "同调", "xyz": "超量", "link": "连接", "pendulum": "灵摆"}


class Duel(Game, ChainRules, ActivationRules, ValueRules):
    """One duel between player 0 (自己) and player 1 (对方)."""

    trace_words = trace_words.WORDS
    language = GAMES["ygo"][0]

    catalogue = CATALOGUE

    def __init__(self) -> None:
        Game.__init__(self)
        ActivationRules.__init__(self)
        #: the rules by concern, each owning its state (issue 23)
        self.memory_rules = Memories(self.log)
        self.control_rules = Control(self, self.log)
        self.link_rules = Links(self, self.control_rules, self.log)
        self.banish_rules = TemporaryBanishes(self, self.control_rules, self.log)
        self.negation_rules = Negation(self, self.link_rules, self.banish_rules, self.log)
        self.battle_rules = Battle(self, self.link_rules, self.log)
        for p in PLAYERS:
            self.board.add_zone(BoardZone(DECK, p, HiddenTo.EVERYONE, ordered=True))
            self.board.add_zone(BoardZone(HAND, p, HiddenTo.ALL_BUT_OWNER))
            self.board.add_zone(BoardZone(EXTRA, p, HiddenTo.ALL_BUT_OWNER))
            self.board.add_zone(BoardZone(MONSTER, p, HiddenTo.ALL_BUT_CONTROLLER, capacity=5))
            self.board.add_zone(BoardZone(SPELL_TRAP, p, HiddenTo.ALL_BUT_CONTROLLER, capacity=5))
            self.board.add_zone(BoardZone(PENDULUM, p, HiddenTo.ALL_BUT_CONTROLLER, capacity=2))
            # one field spell per player: a new one sends the old one to the graveyard
            self.board.add_zone(BoardZone(FIELD_SPELL, p, HiddenTo.ALL_BUT_CONTROLLER, capacity=1))
            self.board.add_zone(BoardZone(GRAVEYARD, p, public=True))
            # banished cards are face up, except those an effect banishes face-down:
            # only their owner may look at those (4.3.3.4.4)
            self.board.add_zone(BoardZone(BANISHED, p, HiddenTo.ALL_BUT_OWNER, face_up_default=True))
            self.board.add_zone(BoardZone(MATERIALS, p, public=True))
        #: an example is a scene in the middle of a duel: it starts on player 0's second
        #: turn.  The duel's first turn (no battle phase for the player who goes first) is
        #: only where a Given says so (``first_turn_of_the_duel``).
        self.turn = 3
        self.turn_player = 0
        self.phase = "main1"
        self.lp = [8000, 8000]
        #: 「卡名」的效果1回合只能使用1次: (player, card name, effect label) used this turn
        self.used_names: set[tuple[int, str, str]] = set()
        #: 「卡名」的效果在决斗中只能使用1次: (player, card name, effect label) used in this duel
        self.used_in_duel: set[tuple[int, str, str]] = set()
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
        #: the player who has won the duel, if any
        self.winner: int | None = None
        self.board.on_move = self.memory_rules.changed_zone
        ChainRules.__init__(self)

    # -- the world protocol ---------------------------------------------------------

    def problems(self):
        for card in self.board.cards():
            if card.zone.kind == MONSTER:
                if card.position not in ("attack", "defense"):
                    yield f"「{card.name}」 is on the field with no battle position"
                if not card.face_up and card.position != "defense":
                    yield f"「{card.name}」 is face-down in attack position"

    # -- control (control.py) ---------------------------------------------------------

    def shift_control(self, card: YgoCard, player: int, reason: str = "") -> None:
        self.control_rules.shift_control(card, player, reason)

    def take_control(self, card: YgoCard, player: int, kind: str, source: YgoCard | None = None) -> None:
        self.control_rules.take_control(card, player, kind, source)

    # -- continuous-target links (links.py) ------------------------------------------

    @property
    def links(self) -> list:
        return self.link_rules.links

    def link(self, source: YgoCard, target: YgoCard, *, grants=(), on_source_leaves=None, on_target_leaves=None,
             on_target_destroyed=None, source_negation_matters: bool = True):
        return self.link_rules.link(source, target, grants=grants, on_source_leaves=on_source_leaves,
                                    on_target_leaves=on_target_leaves, on_target_destroyed=on_target_destroyed,
                                    source_negation_matters=source_negation_matters)

    def links_of(self, card: YgoCard) -> list:
        return self.link_rules.links_of(card)

    def links_granting(self, card: YgoCard, grant: str, depth: int = 0) -> list:
        return self.link_rules.links_granting(card, grant, depth)

    # -- negation (negation.py) ---------------------------------------------------------

    @property
    def negated_names(self) -> dict[str, int]:
        return self.negation_rules.negated_names

    @property
    def field_negations(self) -> list:
        return self.negation_rules.field_negations

    def negations(self, card: YgoCard, depth: int = 0) -> set[str]:
        return self.negation_rules.negations(card, depth)

    def negate_effects(self, card: YgoCard, kind: str = "free-chain", source: str = "") -> None:
        self.negation_rules.negate_effects(card, kind, source)

    def negate_summon(self, card: YgoCard, method: str, player: int, by: int | None = None) -> None:
        self.negation_rules.negate_summon(card, method, player, by)

    # -- battle (battle.py) -------------------------------------------------------------

    @property
    def battle_state(self):
        """The attack under way (battle.Attack), if any."""
        return self.battle_rules.battle_state

    @property
    def battle_over(self) -> bool:
        return self.battle_rules.battle_over

    def why_cannot_attack(self, card: YgoCard) -> str | None:
        return self.battle_rules.why_cannot_attack(card)

    def why_not_declare_attack_now(self, card: YgoCard) -> str | None:
        return self.battle_rules.why_not_declare_attack_now(card)

    def why_not_attack_target(self, attacker: YgoCard, target: YgoCard | None) -> str | None:
        return self.battle_rules.why_not_attack_target(attacker, target)

    def attack(self, attacker: YgoCard, target: YgoCard | None = None, pause: str | None = None) -> None:
        self.battle_rules.attack(attacker, target, pause)

    def continue_battle(self) -> None:
        self.battle_rules.continue_battle()

    def negate_attack(self, reason: str = "") -> bool:
        return self.battle_rules.negate_attack(reason)

    def stop_battle_phase(self, reason: str = "") -> None:
        self.battle_rules.stop_battle_phase(reason)

    # -- cards ----------------------------------------------------------------------

    def find(self, name: str, player: int | None = None) -> YgoCard | None:
        """The card called ``name`` — of ``player`` if given (controlled, then owned) —
        cards on the field first."""
        found = list(self.board.cards())
        if player is None:
            return self.named(name, found, lambda c: (c.zone.kind not in FIELD_ZONES, c.serial))
        found = [c for c in found if c.controller == player or c.owner == player]
        return self.named(name, found, lambda c: (c.controller != player, c.zone.kind not in FIELD_ZONES, c.serial))

    def card(self, name: str, player: int | None = None) -> YgoCard:
        """The card called ``name``; a card not yet in the duel starts in its owner's
        hand (extra deck monsters in the extra deck)."""
        existing = self.find(name, player)
        if existing is not None:
            return existing
        return self.new_card(name, 0 if player is None else player)

    def new_card(self, name: str, player: int, where: str | None = None) -> YgoCard:
        definition = self.definition(name)
        self.check_new_copy(name)
        home = where or (EXTRA if definition.extra_deck else HAND)
        card = self.bring_in(definition, player, home, card_class=YgoCard)
        if self.in_game(card):
            self.log.record("setup", card=card, zone=card.zone)
        return card

    def on_field(self, card: YgoCard) -> bool:
        # a card whose card activation was negated is off the field until the chain ends
        return card.zone.kind in FIELD_ZONES and not (self.limbo and self.in_limbo(card))

    def face_up_on_field(self, card: YgoCard) -> bool:
        return self.on_field(card) and card.face_up

    def monsters(self, player: int | None = None) -> list[YgoCard]:
        players = PLAYERS if player is None else (player,)
        return [c for p in players for c in self.board.zone(p, MONSTER)]

    def field_cards(self) -> list[YgoCard]:
        return [c for c in self.board.cards() if self.on_field(c)]

    def is_monster_card(self, card: YgoCard) -> bool:
        """Whether the rules can tell it is a monster of that kind: a face-down card on
        the field is not public, so nothing about it can be judged (里侧无法判断)."""
        return card.definition.is_monster and (card.face_up or not self.on_field(card))

    def is_effect_monster(self, card: YgoCard) -> bool:
        if not self.is_monster_card(card):
            return False
        if "gemini" in card.definition.types and self.on_field(card) \
                and not self.memory_rules.remembers(card, Info.GEMINI_RESUMMONED):
            return False  # 二重怪兽: a normal monster until it is summoned again
        return "effect" in card.definition.types

    def is_xyz_monster(self, card: YgoCard) -> bool:
        return self.is_monster_card(card) and "xyz" in card.definition.types

    # -- what a card remembers (memories.py) -------------------------------------------

    def remember(self, card: YgoCard, info: Info, value: Any = True, *, per=None, erase=None,
                 origin: str = "") -> None:
        self.memory_rules.remember(card, info, value, per=per, erase=erase, origin=origin)

    def remembers(self, card: YgoCard, info: Info, per=None) -> bool:
        return self.memory_rules.remembers(card, info, per)

    def recall(self, card: YgoCard, info: Info, per=None, default=None):
        return self.memory_rules.recall(card, info, per, default)

    def lasting(self, card: YgoCard, mark: str) -> list[Any]:
        return self.memory_rules.lasting(card, mark)

    def apply_lasting(self, card: YgoCard, mark: str, value: Any = True, *, source: str = "",
                      erase=None) -> None:
        self.memory_rules.apply_lasting(card, mark, value, source=source, erase=erase)

    def summoned_by(self, card: YgoCard, method: str) -> bool:
        return self.memory_rules.summoned_by(card, method)

    def transition(self, card: YgoCard, transition: Transition) -> None:
        self.memory_rules.transition(card, transition)

    def arrived(self, card: YgoCard, *tags: str) -> None:
        self.memory_rules.arrived(card, *tags)

    def arrived_as(self, card: YgoCard) -> frozenset[str]:
        return self.memory_rules.arrived_as(card)

    def graveyard_replaced_by(self) -> str | None:
        """The face-up card whose effect banishes what would be sent to the graveyard
        (大宇宙 and the like), if one applies now."""
        for other in self.field_cards():
            if self.active_statics(other, "graveyard-to-banish"):
                return other.name
        return None

    def snapshot(self, card: YgoCard) -> dict:
        """Last known information, taken as the card leaves the field."""
        return {
            "memory": {item.key: item.value for item in card.memory.items()},
            "face_up": card.face_up, "controller": card.controller, "position": card.position,
            "negations": self.negations(card) if card.face_up else set(),
            "object_id": card.object_id,
        }

    # -- summoning ------------------------------------------------------------------

    def free_monster_zone(self, player: int) -> Zone:
        zone = self.board.zone(player, MONSTER)
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
        if method in ("normal", "tribute") and self.special_summon_monster(card):
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
            self.memory_rules.remember(card, Info.GEMINI_RESUMMONED)
            self.memory_rules.remember(card, Info.NORMAL_SUMMONED)
            self.memory_rules.remember(card, Info.SUMMONED_THIS_TURN)
            self.memory_rules.remember(card, Info.UNBROKEN_SINCE_SUMMONED)
            self.summon_count[player] += 1
            self.use_normal_summon(player, card)
            self.log.record("summon.gemini", card=card)
            self.emit("summoned", card, method=method)
            return
        if method in PROCEDURE_METHODS and not by:
            why = self.why_not_procedure_now(method, player)
            if why:
                raise IllegalAction(why)
        how = self.summon_how(method, by)
        if method in SPECIAL_METHODS:
            why = self.why_cannot_special_summon(card, player, how=how, by=by, method=method)
            if why:
                raise IllegalAction(why)
        if method == "link":
            for m in materials:
                why = self.why_not_link_material(m, card)
                if why:
                    raise IllegalAction(why)
        for t in tributes:
            self.send_to_graveyard(t, reason=f"tributed for 「{card.name}」", tributed=True)
        for m in materials:
            if method == "xyz":
                continue
            self.send_to_graveyard(m, reason=f"material for 「{card.name}」")
        source = card.zone.kind
        self.summon_windows[card.serial] = self.summon_window_now()
        self.banish_rules.drop(card)
        self.board.move(card, self.free_monster_zone(side), face_up=face_up, controller=side,
                        reason=said("reason.set" if method in ("normal", "tribute") and not face_up
                                    else "reason.summon" if face_up else "reason.summon.face-down", method=method))
        card.position = position or ("attack" if face_up else "defense")
        for m in materials:
            if method == "xyz":
                self.attach(m, card)
        if self.properly_summoned_by(card, how, method, by, source):
            card.proc_complete = True  # 正规召唤手续: the revive limit is lifted
        set_only = method in ("normal", "tribute") and not face_up
        if method in ("normal", "tribute"):
            self.use_normal_summon(player, card)
        self.log.record("set" if set_only else "summon" if face_up else "summon.face-down", card=card, method=method)
        if set_only:
            # a monster set face-down is not "summoned" (召唤仅指表侧表示通常召唤),
            # but a tribute set keeps what it was tributed with
            self.memory_rules.remember(card, Info.SET_THIS_TURN)
            if tributes:
                self.memory_rules.remember(card, Info.SUMMON_MATERIALS, tuple((t.serial, t.definition) for t in tributes))
            if without_tribute:
                self.memory_rules.remember(card, Info.SUMMONED_WITHOUT_TRIBUTE)
            return
        self.memory_rules.remember(card, Info.SUMMONED_THIS_TURN)
        self.memory_rules.remember(card, Info.UNBROKEN_SINCE_SUMMONED)
        self.memory_rules.remember(card, Info.ON_FIELD_SINCE_SUMMONED, self.turn)
        if side != card.owner and "three-tributes-either-field" in d.rulings:
            # summoned onto the other field: control goes back at the next turn's end phase
            self.memory_rules.remember(card, Info.CONTROL_RETURNS_AT, self.turn + 1)
        self.summon_count[player] += 1
        self.memory_rules.remember(card, SUMMON_METHOD_INFO[method])
        if method == "tribute":
            self.memory_rules.remember(card, Info.NORMAL_SUMMONED)
        if without_tribute:
            self.memory_rules.remember(card, Info.SUMMONED_WITHOUT_TRIBUTE)
        if method in SPECIAL_METHODS:
            self.memory_rules.remember(card, Info.SPECIAL_SUMMONED)
            # a token (衍生物) comes from no zone
            self.memory_rules.remember(card, Info.SUMMONED_FROM, None if "token" in d.types else source)
            self.special_summons[player] += 1
            self.special_summoned_names.add((self.turn, player, card.name))
            self.count_special_summon(player)
        if tributes or materials:
            self.memory_rules.remember(card, Info.SUMMON_MATERIALS, tuple((c.serial, c.definition) for c in (*tributes, *materials)))
            self.memory_rules.remember(card, Info.MATERIAL_LINK, tuple(c.serial for c in (*tributes, *materials)))
        if by:
            self.memory_rules.remember(card, Info.SUMMONED_BY_EFFECT, by)
            self.memory_rules.remember(card, Info.SUMMONED_BY_NAME, by)
        own_tributes = method == "tribute" and self.tributes_by_own_method(card, len(tributes))
        if without_tribute or own_tributes or (method == "special" and not by and self.special_summon_monster(card)):
            # 『这个方法召唤·特殊召唤的这张卡』: summoned by its own text's method or procedure
            self.memory_rules.remember(card, Info.SUMMONED_BY_NAME, card.name)
        if negated:
            self.memory_rules.remember(card, Info.NEGATED, "summon", per="summon", origin=by)
        for st in d.statics:
            if st.kind == "on-summon-lasting" and (st.condition is None or st.condition(self, card)):
                for mark in st.value:
                    if isinstance(mark, tuple):
                        self.memory_rules.apply_lasting(card, mark[0], mark[1], source=f"「{card.name}」{st.label}")
                    else:
                        self.memory_rules.apply_lasting(card, mark, source=f"「{card.name}」{st.label}")
        self.emit("summoned", card, method=method, obj=card.object_id)

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
        if not self.on_field(tribute) or (tribute.controller != player and enforced(Rule.TRIBUTE_OWN_MONSTER)):
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
        return [c for c in self.field_cards() if self.why_not_tribute(card, c, player) is None]

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
        if enforced(Rule.OWN_TURN) and player != self.turn_player:
            return refusal(Rule.OWN_TURN, f"{_who(player)}不是回合玩家：通常召唤·盖放只能在自己的回合进行")
        if enforced(Rule.MAIN_PHASE) and self.phase not in self.MAIN_PHASES:
            return refusal(Rule.MAIN_PHASE, "通常召唤·盖放只能在主要阶段进行")
        if enforced(Rule.NOT_IN_CHAIN) and (self.chain or self._resolving):
            return refusal(Rule.NOT_IN_CHAIN, "连锁进行中不能通常召唤·盖放")
        if enforced(Rule.ONE_NORMAL_SUMMON) and self.normal_summons[player] >= 1 \
                and self.extra_normal_summon(player, card) is None:
            return f"{_who(player)}这个回合已经进行过通常召唤（召唤·盖放·上级召唤·再度召唤1回合只能1次）"
        if again:
            if not (self.face_up_on_field(card) and card.controller == player):
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
            if len(tributes) != 3 or any(not self.on_field(t) or t.zone.kind != MONSTER or t.controller != side
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
        zone = self.board.zone(player, MONSTER)
        freed = sum(1 for t in tributes if t.zone is zone)
        return len(zone) - freed < (zone.capacity or 5)

    def extra_normal_summon(self, player: int, card: YgoCard):
        """A grant of one more Normal Summon this turn that ``card`` fits, or None."""
        for grant in self.normal_summon_grants:
            turn, who, test, _source = grant
            if turn == self.turn and who == player and (test is None or test(self, card)):
                return grant
        return None

    def grant_normal_summon(self, player: int, source: str, test=None) -> None:
        """An effect lets ``player`` Normal Summon once more this turn (a monster passing
        ``test`` (duel, card), or any)."""
        self.normal_summon_grants.append((self.turn, player, test, source))
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
        if self._resolving:
            return None
        word = PROCEDURE_METHODS[method]
        if player != self.turn_player:
            return f"{_who(player)}不是回合玩家：{word}召唤只能在自己的回合进行"
        if self.phase not in self.MAIN_PHASES:
            return f"{word}召唤只能在主要阶段进行"
        if self.chain:
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
        self.board.move(card, self.free_monster_zone(player), face_up=True, controller=player,
                        reason=f"{method} summoned on an earlier turn")
        card.position = "attack"
        card.proc_complete = True
        self.memory_rules.remember(card, SUMMON_METHOD_INFO[method])
        self.memory_rules.remember(card, Info.SPECIAL_SUMMONED)
        self.memory_rules.remember(card, Info.SUMMONED_FROM, source)
        for m in materials:
            if method == "xyz":
                self.attach(m, card)
            else:
                self.board.move(m, self.board.zone(m.owner, GRAVEYARD), reason=f"material of 「{card.name}」 "
                                "on an earlier turn")
        if materials:
            self.memory_rules.remember(card, Info.SUMMON_MATERIALS, tuple((m.serial, m.definition) for m in materials))
            self.memory_rules.remember(card, Info.MATERIAL_LINK, tuple(m.serial for m in materials))
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
        self.board.move(card, self.free_monster_zone(player), face_up=face_up, controller=player,
                        reason="normal summoned on an earlier turn" if face_up else "set on an earlier turn")
        card.position = "attack" if face_up else "defense"
        card.proc_complete = True
        if face_up:
            self.memory_rules.remember(card, Info.NORMAL_SUMMONED)
            if self.tributes_needed(card):
                self.memory_rules.remember(card, Info.TRIBUTE_SUMMONED)
        self.log.record("setup.earlier", card=card, player=player)

    def set_monster(self, card: YgoCard, player: int | None = None, tributes=(), without_tribute=False) -> None:
        self.summon(card, "tribute" if tributes else "normal", player, face_up=False, tributes=tributes,
                    without_tribute=without_tribute)

    def set_spell_trap(self, card: YgoCard, player: int) -> None:
        """Set a spell or trap card face-down in the spell & trap zone (a field spell in the
        field zone): a trap (or a quick-play spell) set now waits until the next turn to be
        activated."""
        self.put_spell_trap(card, player, face_up=False, reason="set")
        self.memory_rules.remember(card, Info.SET_THIS_TURN)

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
        zone = self.board.zone(player, kind)
        if kind == FIELD_SPELL:
            for old in [c for c in zone if c is not card]:
                self.log.record("rule.field-zone-replaced", card=old, by=card)
                self.send_to_graveyard(old, reason=f"replaced by 「{card.name}」")
        self.board.move(card, zone, face_up=face_up, controller=player, reason=reason)

    def why_not_now_in_main_phase(self, player: int, what: str) -> str | None:
        """What only the turn player does in its main phase with no chain (召唤、反转召唤、
        表示形式变更): why ``player`` cannot do it now, or None."""
        if enforced(Rule.OWN_TURN) and player != self.turn_player:
            return refusal(Rule.OWN_TURN, f"{_who(player)}不是回合玩家：{what}只能在自己的回合进行")
        if enforced(Rule.MAIN_PHASE) and self.phase not in self.MAIN_PHASES:
            return refusal(Rule.MAIN_PHASE, f"{what}只能在主要阶段进行")
        if enforced(Rule.NOT_IN_CHAIN) and (self.chain or self._resolving):
            return refusal(Rule.NOT_IN_CHAIN, f"连锁进行中不能{what}")
        return None

    def cannot_change_position_by_effect(self, card: YgoCard) -> str | None:
        """An effect forbids ``card`` to change its battle position (无底的落穴 …): a Flip
        Summon changes it too."""
        if not enforced(Rule.POSITION_EFFECT):
            return None
        if self.memory_rules.lasting(card, "cannot-change-position") or self.link_rules.links_granting(card, "cannot-change-position"):
            return refusal(Rule.POSITION_EFFECT, "有效果使它不能变更表示形式")
        for other in self.field_cards():
            if self.active_statics(other, "lock-battled") and other.serial in (self.memory_rules.recall(card, Info.BATTLED) or ()):
                return refusal(Rule.POSITION_EFFECT, f"它和「{other.name}」进行过战斗，不能变更表示形式")
        return None

    def why_cannot_flip_summon(self, card: YgoCard, player: int | None = None) -> str | None:
        """Why ``card`` cannot be Flip Summoned now: only a face-down monster of the turn
        player, in a main phase; not the turn it was set or summoned (also when an effect
        turned it face-down after that; one only turned face-down by an effect may be flip
        summoned at once), not twice a turn nor after its position changed this turn, not
        while an effect forbids it to change its battle position."""
        if not (self.on_field(card) and card.definition.is_monster and card.zone.kind == MONSTER
                and not card.face_up):
            return f"「{card.name}」不是场上里侧表示的怪兽"
        player = card.controller if player is None else player
        if card.controller != player:
            return f"「{card.name}」不是{_who(player)}的怪兽"
        why = self.why_not_now_in_main_phase(player, "反转召唤")
        if why:
            return why
        if enforced(Rule.FLIP_NOT_TURN_SET) and self.memory_rules.remembers(card, Info.SET_THIS_TURN):
            return refusal(Rule.FLIP_NOT_TURN_SET, f"「{card.name}」是这个回合盖放的怪兽，要到之后的回合才能反转召唤")
        if enforced(Rule.FLIP_NOT_TURN_SET) and self.memory_rules.remembers(card, Info.SUMMONED_THIS_TURN):
            return refusal(Rule.FLIP_NOT_TURN_SET, f"「{card.name}」是这个回合召唤的怪兽，要到之后的回合才能反转召唤")
        if enforced(Rule.POSITION_ONCE_A_TURN) and self.memory_rules.remembers(card, Info.POSITION_CHANGED):
            return refusal(Rule.POSITION_ONCE_A_TURN, f"「{card.name}」这个回合已经变更过表示形式")
        return self.cannot_change_position_by_effect(card)

    def why_cannot_change_position(self, card: YgoCard, player: int | None = None) -> str | None:
        """Why ``card`` itself cannot change its battle position (表示形式变更), as the
        rulings say of a monster: not the turn it was summoned or set, not after it
        attacked, once a turn; never a link monster; not under an effect that forbids it.
        When it may be done at all (the turn player's main phase) is the action's rule."""
        if not (self.on_field(card) and card.definition.is_monster and card.zone.kind == MONSTER):
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
            if enforced(rule) and self.memory_rules.remembers(card, mark):
                return refusal(rule, f"「{card.name}」{what}")
        return None

    def change_position(self, card: YgoCard, player: int | None = None) -> None:
        """The turn player changes the battle position of its face-up monster (攻击表示 ↔
        守备表示); a face-down monster is turned face-up by a Flip Summon instead."""
        player = card.controller if player is None else player
        if not card.face_up and self.on_field(card):
            raise IllegalAction(f"「{card.name}」是里侧表示：要表侧表示只能反转召唤")
        if self.on_field(card) and card.controller != player:
            raise IllegalAction(f"「{card.name}」不是{_who(player)}的怪兽")
        why = self.why_cannot_change_position(card, player) or self.why_not_now_in_main_phase(player, "变更表示形式")
        if why:
            raise IllegalAction(why)
        card.position = "defense" if card.position == "attack" else "attack"
        self.memory_rules.remember(card, Info.POSITION_CHANGED)
        self.log.record("position", card=card, position=card.position)
        self.emit("position-changed", card)
        self.run_mandatory()

    @one_action
    def flip_summon(self, card: YgoCard, player: int | None = None) -> None:
        why = self.why_cannot_flip_summon(card, player)
        if why:
            raise IllegalAction(why)
        self.board.turn(card, True, reason="flip summon")
        card.position = "attack"
        self.memory_rules.remember(card, Info.SUMMONED_THIS_TURN)
        self.memory_rules.remember(card, Info.UNBROKEN_SINCE_SUMMONED)
        self.memory_rules.remember(card, Info.FLIP_SUMMONED)
        self.memory_rules.remember(card, Info.POSITION_CHANGED)
        self.memory_rules.remember(card, Info.FLIPPED)
        self.summon_count[card.controller] += 1
        self.emit("flipped", card)
        self.emit("summoned", card, method="flip")

    def attach(self, material: YgoCard, xyz: YgoCard) -> None:
        """Attach ``material`` to ``xyz`` as xyz material (face-up, under it)."""
        if self.on_field(material):
            self.leave_field(material, self.board.zone(xyz.controller, MATERIALS), reason="attached as material")
        else:
            self.board.move(material, self.board.zone(xyz.controller, MATERIALS), face_up=True,
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
        self.board.move(card, self.board.zone(player, zone_kind), face_up=face_up, controller=player,
                        reason="placed")

    def place_from_deck(self, player: int, test) -> None:
        for c in self.board.zone(player, DECK):
            if test(c.definition):
                self.place(c, PENDULUM, player)
                return

    def materials_of(self, xyz: YgoCard) -> list[YgoCard]:
        return [c for p in PLAYERS for c in self.board.zone(p, MATERIALS) if c.attached_to is xyz]

    # -- face-down / face-up --------------------------------------------------------

    def can_turn_face_down(self, card: YgoCard) -> bool:
        """A face-up monster in a monster zone, but not a link monster (it has no DEF
        and is never face-down)."""
        return self.face_up_on_field(card) and card.zone.kind == MONSTER and "link" not in card.definition.types

    def turn_face_down(self, card: YgoCard, reason: str = "") -> None:
        if not (self.on_field(card) and card.definition.is_monster and card.zone.kind == MONSTER):
            raise IllegalAction(f"「{card.name}」不是场上的怪兽")
        if not card.face_up:
            raise IllegalAction(f"「{card.name}」已经是里侧表示")
        if "link" in card.definition.types:
            raise IllegalAction(f"「{card.name}」是连接怪兽，不能变成里侧表示")
        held = [lk for lk in self.link_rules.links_of(card) if lk.target is card and "control" in lk.grants]
        self.board.turn(card, False, reason=reason)
        card.position = "defense"
        self.memory_rules.transition(card, Transition.TURNED_FACE_DOWN)
        if held and card.controller != card.owner:
            # the continuous target that gave control ends with it (FAQ fid=16310, 11049):
            # the face-down monster goes back to its owner's field
            self.shift_control(card, card.owner, reason="it is no longer the target that gave control")
        self.emit("position-changed", card)
        self.adjust()

    @one_action
    def flip_face_up(self, card: YgoCard, reason: str = "", position: str = "defense") -> None:
        """Turn a face-down monster face up by an effect: it forgets nothing."""
        if not (self.on_field(card) and not card.face_up):
            raise IllegalAction(f"「{card.name}」不是场上里侧表示的卡")
        self.board.turn(card, True, reason=reason)
        card.position = position
        self.memory_rules.remember(card, Info.FLIPPED)
        self.emit("flipped", card)
        self.emit("position-changed", card)
        self.adjust()

    # -- leaving the field ----------------------------------------------------------

    def leave_field(self, card: YgoCard, to: Zone, *, reason: str, face_up: bool | None = None,
                    transition: Transition = Transition.LEFT_FIELD, destroyed: bool = False,
                    by_battle: bool = False, by_player: int | None = None, index: int | None = None,
                    tags: tuple = ()) -> None:
        """Every way off the field goes through here: links fire, memory is erased by
        the table, the card becomes a new object in its owner's zone."""
        snapshot = self.snapshot(card)
        self.keep_last_known(card, snapshot)
        after = self.link_rules.links_on_leave(card, destroyed)
        for material in self.materials_of(card):
            material.attached_to = None
            where = BANISHED if self.graveyard_replaced_by() else GRAVEYARD
            self.board.move(material, self.board.zone(material.owner, where),
                            reason=f"material of 「{card.name}」 that left the field")
            self.memory_rules.arrived(material, "sent-to-graveyard" if where == GRAVEYARD else WAS_BANISHED)
        self.memory_rules.transition(card, transition)
        card.position = ""
        owner_zone = self.board.zone(card.owner, to.kind) if to.kind != MATERIALS else to
        if to.kind in (HAND, DECK) or (to.kind == EXTRA and not face_up):
            card.proc_complete = False  # the face-up extra deck keeps a proper summon
        self.board.move(card, owner_zone, face_up=face_up, reason=reason, index=index)
        if tags:
            self.memory_rules.arrived(card, *tags)
        for action in after:
            action()
        self.emit("left-field", card, to=to.kind, lki=snapshot, destroyed=destroyed, by_battle=by_battle,
                  temporary=transition is Transition.BANISHED_TEMPORARILY, by_player=by_player)
        if to.kind == GRAVEYARD:
            self.emit("to-graveyard", card, lki=snapshot, destroyed=destroyed, by_battle=by_battle,
                      by_player=by_player)
        if destroyed:
            self.emit("destroyed", card, lki=snapshot, destroyed=True, by_battle=by_battle, by_player=by_player)
        if to.kind == BANISHED:
            self.emit(WAS_BANISHED, card, lki=snapshot)
        self.adjust()

    def banished_when_leaving(self, card: YgoCard) -> bool:
        """『从场上离开的场合除外』 applies to this face-up card (消战者)."""
        return self.face_up_on_field(card) and (self.applies(card, "leave-banish")
                                                 or bool(self.memory_rules.lasting(card, "leave-banish")))

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
        if tributed and self.on_field(card):
            self.count_tributed(card)
        if self.on_field(card):
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
        zone = self.board.zone(card.owner, where)
        if self.on_field(card):
            self.leave_field(card, zone, reason=reason, destroyed=destroyed, by_battle=by_battle,
                             by_player=by_player, tags=tuple(tags))
            return
        self.banish_rules.drop(card)
        self.board.move(card, zone, reason=reason)
        self.memory_rules.arrived(card, *tags)
        if where == GRAVEYARD:
            # from the hand or the deck: no last known information on the field
            self.emit("to-graveyard", card, lki=None, destroyed=destroyed, by_battle=False, by_player=by_player,
                      discarded=discarded, from_hand=from_hand, from_zone=from_zone)
        else:
            self.emit(WAS_BANISHED, card, lki=None)
        self.run_mandatory()

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
        if not self.on_field(card):
            self.log.record("survive.not-on-field", card=card)
            return False
        why_not = self.why_not_destroyed(card, by_effect=by_effect, by_battle=by_battle, by_player=by_player)
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
            self.set_cards_destroyed.add((self.turn, card.controller))  # 魂缚门's condition
        if to == BANISHED:
            # 『破坏并除外』: destroyed, and banished instead of going to the graveyard
            self.leave_field(card, self.board.zone(card.owner, BANISHED), reason="destroyed and banished",
                             destroyed=True, by_battle=by_battle, by_player=by_player,
                             tags=("destroyed", *how, WAS_BANISHED))
            return True
        if card.zone.kind == PENDULUM or ("pendulum" in card.definition.types and card.zone.kind == MONSTER
                                          and card.face_up):
            # a pendulum monster card destroyed on the field goes face-up to the extra deck
            self.leave_field(card, self.board.zone(card.owner, EXTRA), reason="destroyed", face_up=True,
                             destroyed=True, by_battle=by_battle, by_player=by_player, tags=("destroyed", *how))
            return True
        self.send_to_graveyard(card, reason="destroyed", destroyed=True, by_battle=by_battle, by_player=by_player,
                               tags=how)
        return True

    def count_tributed(self, card: YgoCard) -> None:
        """『这张卡表侧表示存在的状态被解放的怪兽数量』: each face-up card keeping that count
        counts ``card`` — while its effects are negated too (fid=8112; memory.RULES)."""
        for other in self.field_cards():
            if other is card:
                continue
            if self.active_statics(other, "count-tributed",
                                   ignore_negation=RULES["count-tributed-while-negated"]):
                n = (self.memory_rules.recall(other, Info.COUNT) or 0) + 1
                self.memory_rules.remember(other, Info.COUNT, n)
                self.log.record("count.tributed", card=other, n=n)

    def destruction_replaced(self, card: YgoCard, *, by_battle: bool, by_player: int | None) -> bool:
        """『…被破坏的场合，可以作为代替把墓地的这张卡除外』: a card in its controller's
        graveyard whose replacement fits ``card`` and how it would be destroyed is banished
        instead, and ``card`` stays on the field (memory.RULES, fid=24011)."""
        if not RULES["destruction-replaced-from-graveyard"]:
            return False
        for source in list(self.board.zone(card.controller, GRAVEYARD)):
            for st in self.active_statics(source, "replace-destruction-banish-self"):
                if st.value(self, source, card, by_battle, by_player):
                    self.log.record("destroy-replaced", card=card, source=source)
                    self.banish(source, reason=f"replaces the destruction of 「{card.name}」")
                    return True
        return False

    @one_action
    def banish(self, card: YgoCard, reason: str = "", face_up: bool = True) -> None:
        """Banish ``card`` to its owner's banished cards (4.3.3.4.4); face-down, only its
        owner may look at it."""
        zone = self.board.zone(card.owner, BANISHED)
        self.banish_rules.drop(card)
        tags = (WAS_BANISHED,) if face_up else (WAS_BANISHED, "banished-face-down")
        if self.on_field(card):
            self.leave_field(card, zone, reason=reason, face_up=face_up, tags=tags)
        else:
            self.board.move(card, zone, face_up=face_up, reason=reason)
            self.memory_rules.arrived(card, *tags)
            self.emit(WAS_BANISHED, card, lki=None)

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
        zone = self.board.zone(card.owner, HAND)
        self.banish_rules.drop(card)
        if self.on_field(card):
            self.leave_field(card, zone, reason=reason, tags=("added-to-hand",))
        else:
            self.board.move(card, zone, reason=reason)
            self.memory_rules.arrived(card, "added-to-hand")

    def draw(self, player: int, n: int = 1, reason: str = "") -> list[YgoCard]:
        """Draw ``n`` cards from the top of the deck (none left: nothing)."""
        drawn = list(self.board.zone(player, DECK))[:n]
        for c in drawn:
            self.board.move(c, self.board.zone(player, HAND), reason=reason or "drawn")
            self.memory_rules.arrived(c, "drawn", "added-to-hand")
        if drawn:
            self.emit("drawn", None, player=player, count=len(drawn), phase=self.phase)
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
        self.banish_rules.drop(card)
        if self.on_field(card):
            self.leave_field(card, self.board.zone(card.owner, home), reason=reason, index=index, tags=tags)
        else:
            self.board.move(card, self.board.zone(card.owner, home), face_up=False, reason=reason, index=index)
            self.memory_rules.arrived(card, *tags)
        if not extra and where == "shuffle":
            self.shuffle_deck(card.owner)

    def shuffle_deck(self, player: int) -> None:
        zone = self.board.zone(player, DECK)
        random.Random(self.turn * 7919 + len(zone.cards)).shuffle(zone.cards)
        self.log.record("shuffle", player=player)

    def deck_position(self, card: YgoCard) -> str | None:
        """"top", "bottom" (or both, for a deck of one card), or None."""
        if card.zone.kind != DECK:
            return None
        cards = card.zone.cards
        return "top" if cards[0] is card else "bottom" if cards[-1] is card else "middle"

    # -- temporary banish (banish.py) -------------------------------------------------

    @one_action
    def banish_temporarily(self, card: YgoCard, returns: str = "end-phase", reason: str = "",
                           effect_of: CardDef | None = None, face_up: bool | None = None,
                           source: YgoCard | None = None) -> None:
        self.banish_rules.banish_temporarily(card, returns, reason, effect_of, face_up, source)

    def return_to_field(self, card: YgoCard) -> None:
        self.banish_rules.return_to_field(card)

    # -- phases ---------------------------------------------------------------------

    #: the duel's first turn: the player who goes first conducts no battle phase
    FIRST_TURN = 1

    def first_turn_of_the_duel(self) -> None:
        """Set the scene: this is the first turn of the duel, player 0's (before anything
        happens)."""
        if any(e.kind != "setup" for e in self.log.events):
            raise SetupError("决斗的第一个回合只能在例子一开始、什么都还没有发生时指定")
        self.turn = self.FIRST_TURN
        self.log.record("setup.first-turn")

    def why_no_battle_phase(self) -> str | None:
        if enforced(Rule.NO_BATTLE_PHASE_FIRST_TURN) and self.turn == self.FIRST_TURN:
            return refusal(Rule.NO_BATTLE_PHASE_FIRST_TURN, "决斗的第一个回合，先攻的玩家不能进行战斗阶段")
        return None

    def destroy_attacked_at_end_battle(self) -> None:
        """『攻击过的怪兽在战斗阶段结束时破坏』 (古之森): the monsters that remember attacking
        this turn — face-down ones too (FAQ fid=8644) — are destroyed by that card's effect."""
        sources = [c for c in self.field_cards() if self.active_statics(c, "destroy-attacked-at-end-battle")]
        if not sources:
            return
        for card in [c for c in self.field_cards() if c.definition.is_monster and c.zone.kind == MONSTER
                     and self.memory_rules.remembers(c, Info.ATTACKED)]:
            self.destroy(card, reason=f"it attacked this turn (「{sources[0].name}」)", by_effect=sources[0],
                         by_player=sources[0].controller)

    def enter_phase(self, phase: str, hold: bool = False) -> None:
        """Move on to ``phase``; with ``hold`` the mandatory triggers it starts are put
        on a chain that is left open for responses."""
        if phase == "battle" and self.phase != "battle" and self.why_no_battle_phase():
            raise IllegalAction(self.why_no_battle_phase())
        self.clear_pending()
        if self.phase == "battle" and phase != "battle":
            self.battle_rules.end_battle_phase()
            self.log.record("phase.end-battle")
            self.banish_rules.returns_due("end-battle")
            self.destroy_attacked_at_end_battle()
            self.emit("end-battle", None)
            self.run_mandatory()
        self.phase = phase
        self.log.record("phase", turn=self.turn, phase=phase)
        if phase == "standby":
            self.banish_rules.returns_due("standby")
            self.emit("standby", None)
        if phase == "end":
            self.banish_rules.returns_due("end-phase")
            self.end_phase_effects()
            self.emit("end-phase", None)
        self.run_mandatory(hold=hold)

    def enter_end_phase(self) -> None:
        self.enter_phase("end")

    def end_turn(self, stop: str = "main1") -> None:
        if self.phase != "end":
            self.enter_end_phase()
        for card in list(self.board.cards()):
            self.memory_rules.transition(card, Transition.TURN_ENDED)
        self.used_names.clear()
        self.battle_rules.new_turn()
        self.negation_rules.new_turn(self.turn)
        self.special_summons = [0, 0]
        self.summon_count = [0, 0]
        self.normal_summons = [0, 0]
        self.turn += 1
        self.turn_player = 1 - self.turn_player
        self.log.record("phase.turn", turn=self.turn, player=self.turn_player)
        self.enter_phase("standby")
        if stop != "standby":
            self.enter_phase("main1")


def _who(player: int) -> str:
    return "自己" if player == 0 else "对方"

