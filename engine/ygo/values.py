"""What the rules compute about a card right now: which of its effects apply, its
ATK/DEF, whether it can be destroyed, attack, change its battle position or be special
summoned, and the rules that act by themselves after every change.

A face-down monster is non-public information: its controller knows the printed
values, but effects that check ATK/DEF find no determined number (None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .memory import Info

if TYPE_CHECKING:
    from .duel import YgoCard


class ValueRules:
    # -- statics --------------------------------------------------------------------

    def active_statics(self, card: "YgoCard", kind: str, *, ignore_negation: bool = False):
        d = card.definition
        found = []
        for st in d.statics:
            if st.kind != kind:
                continue
            if st.zone == "field":
                if not self.face_up_on_field(card):
                    continue
                if not ignore_negation and card.definition.is_monster and self.negations(card):
                    continue
                if self.chain and not d.is_monster and self.decided_at_card_activation(card):
                    # a spell or trap card's continuous effects apply once its card
                    # activation has resolved, not while it is on the chain
                    continue
            elif card.zone.kind != st.zone:
                continue
            if st.condition is not None and not st.condition(self, card):
                continue
            found.append(st)
        return found

    def applies(self, card: "YgoCard", kind: str) -> bool:
        return bool(self.active_statics(card, kind))

    def static_applies(self, card: "YgoCard", label: str) -> bool:
        """Whether the non-activated effect ``label`` of ``card`` applies now; an effect
        a material gives (as-material) applies while a monster summoned with it keeps
        that information."""
        for st in card.definition.statics:
            if st.label != label:
                continue
            if st.kind == "as-material":
                if any(self.face_up_on_field(m) and not self.negations(m)
                       and card.serial in {s for s, _d in self.recall(m, Info.SUMMON_MATERIALS) or ()}
                       for m in self.monsters()):
                    return True
            elif st in self.active_statics(card, st.kind):
                return True
        return False

    def affected_by(self, card: "YgoCard", source: "YgoCard") -> bool:
        """Whether ``source``'s effects reach ``card`` now."""
        if self.unaffected(card, source):
            return False
        kinds = [st for st in source.definition.statics if st.kind == "negate-monsters" and st.value is not None]
        if kinds:
            return self.face_up_on_field(source) and any(st.value(self, source, card) for st in kinds) \
                and self.face_up_on_field(card)
        return True

    def field_ban(self, card: "YgoCard", kind: str) -> str | None:
        """The name of a face-up card whose non-activated effect ``kind`` forbids
        ``card`` something now (苦痛的回廊: cannot attack, cannot activate)."""
        for other in self.field_cards():
            for st in self.active_statics(other, kind):
                if st.value(self, other, card):
                    return other.name
        return None

    def rule_of(self, name: str, kind: str, subject) -> bool:
        """A rule a card's text sets for others (its materials, its cost …)."""
        d = self.definition(name)
        return any(st.value(self, subject) for st in d.statics if st.kind == kind)

    # -- ATK / DEF ------------------------------------------------------------------

    def atk(self, card: "YgoCard", viewer: int | None = None) -> int | None:
        return self._stat(card, "atk", viewer)

    def defense(self, card: "YgoCard", viewer: int | None = None) -> int | None:
        return self._stat(card, "def", viewer)

    def _stat(self, card: "YgoCard", which: str, viewer: int | None) -> int | None:
        printed = card.definition.atk if which == "atk" else card.definition.defense
        if not self.on_field(card):
            return printed
        if not card.face_up:
            # non-public: the printed value is known to its controller only, and is not a
            # determined number for effects (viewer None)
            return printed if viewer == card.controller else None
        value = printed
        for st in self.active_statics(card, "original-" + which):
            value = st.value(self, card, value) if callable(st.value) else st.value
        for v in self.lasting(card, "original-" + which):  # 『原本攻击力变成…』 given by a resolving effect
            value = value // 2 if v == "half" else v
        for st in self.active_statics(card, which):
            value += st.value(self, card) if callable(st.value) else st.value
        for delta in self.lasting(card, which):
            value += delta
        return max(0, value)

    # -- protection -----------------------------------------------------------------

    def unaffected(self, card: "YgoCard", source: "YgoCard | None") -> bool:
        if source is None or source is card or not self.face_up_on_field(card):
            return False
        if self.lasting(card, "unaffected"):
            return True
        if self.lasting(card, "unaffected-by-opponent") and source.controller != card.controller:
            return True
        return any(st.value(self, card, source) for st in self.active_statics(card, "unaffected"))

    def why_not_destroyed(self, card: "YgoCard", *, by_effect=None, by_battle: bool = False,
                          consume: bool = True, by_player: int | None = None) -> str | None:
        """Why ``card`` would survive being destroyed; statics need it face-up, lasting
        marks and links were given to it knowingly and hold while they last."""
        if not self.on_field(card):
            # 4.3.3.4.1: a card in the graveyard or banished cannot be destroyed
            return "not on the field"
        up = card.face_up
        if by_effect is not None and by_player is None:
            by_player = by_effect.controller
        if not by_battle and by_player is not None and by_player != card.controller \
                and self.turn_player != card.controller and up:
            # 『在对方回合只有1次不会被对方的效果破坏』 (飞行象 ①): used up once it applied
            for st in self.active_statics(card, "indestructible-once-opponent-turn"):
                if not self.remembers(card, Info.USED_THIS_TURN, per=st.label):
                    if consume:
                        self.remember(card, Info.USED_THIS_TURN, per=st.label)
                    return f"{st.label}: not destroyed by the opponent's effect once in the opponent's turn"
        if by_effect is not None:
            if up and self.unaffected(card, by_effect):
                return "unaffected by that effect"
            if (up and self.applies(card, "indestructible-effect")) or self.lasting(card, "indestructible-effect") \
                    or self.links_granting(card, "indestructible-effect"):
                return "cannot be destroyed by card effects"
            if up and by_effect.definition.is_monster and self.applies(card, "indestructible-monster-effect"):
                return "cannot be destroyed by monster effects"
        if by_battle and ((up and self.applies(card, "indestructible-battle"))
                          or self.lasting(card, "indestructible-battle")):
            return "cannot be destroyed by battle"
        if (by_battle or by_effect is not None) and self.lasting(card, "indestructible-once"):
            if consume:
                for item in card.memory.items():
                    if isinstance(item.key, tuple) and item.key[0] is Info.LASTING \
                            and item.key[1][0] == "indestructible-once":
                        card.memory.forget(item.key)
                        break
            return "not destroyed once this turn"
        return None

    # -- what a monster may do ------------------------------------------------------

    def why_cannot_attack(self, card: "YgoCard") -> str | None:
        if not (self.face_up_on_field(card) and card.position == "attack"):
            return "it is not a face-up attack position monster"
        if self.battle_over and self.turn_player == card.controller:
            return "this turn's battle phase has ended"
        banned = self.field_ban(card, "forbid-attack")
        if banned:
            return f"「{banned}」 says it cannot declare an attack"
        if self.lasting(card, "cannot-attack") or self.links_granting(card, "cannot-attack") \
                or self.applies(card, "cannot-attack"):
            return "an effect says it cannot attack"
        if self.remembers(card, Info.ATTACKED) and not self.lasting(card, "double-attack"):
            return "it already attacked this turn"
        return None

    def why_cannot_change_position(self, card: "YgoCard") -> str | None:
        if not (self.on_field(card) and card.definition.is_monster):
            return "it is not a monster on the field"
        if self.lasting(card, "cannot-change-position") or self.links_granting(card, "cannot-change-position"):
            return "an effect says it cannot change its battle position"
        for other in self.field_cards():
            if self.active_statics(other, "lock-battled") and other.serial in (self.recall(card, Info.BATTLED) or ()):
                return f"it battled 「{other.name}」"
        for mark in (Info.SUMMONED_THIS_TURN, Info.SET_THIS_TURN, Info.POSITION_CHANGED, Info.ATTACKED):
            if self.remembers(card, mark):
                return f"it was {mark.value}"
        return None

    def why_cannot_flip_summon(self, card: "YgoCard") -> str | None:
        """A monster set or summoned this turn (also one an effect turned face-down after
        that) waits for a later turn; one that was only turned face-down by an effect may
        be flip summoned at once (its controller did not change its position)."""
        if not (self.on_field(card) and card.definition.is_monster and not card.face_up):
            return "it is not a face-down monster on the field"
        for mark in (Info.SET_THIS_TURN, Info.SUMMONED_THIS_TURN):
            if self.remembers(card, mark):
                return f"it was {mark.value}"
        return None

    def why_cannot_normal_summon(self, card: "YgoCard", player: int) -> str | None:
        """Why that player could not Normal Summon (or Set) that card now: one Normal
        Summon a turn (召唤·盖放·上级召唤·再度召唤 all use it)."""
        if not card.definition.is_monster or card.definition.extra_deck:
            return f"「{card.name}」 cannot be normal summoned"
        if self.normal_summons[player] >= 1:
            return f"player {player} has already used this turn's Normal Summon"
        return None

    def why_cannot_special_summon(self, card: "YgoCard", player: int, method: str | None = None) -> str | None:
        if any(st.kind == "no-special-summon" for st in card.definition.statics):
            return f"「{card.name}」 cannot be special summoned"
        if method != "fusion":
            # 『…的场合可以从额外卡组特殊召唤』 (毁灭之黑魔术师): its own way of being special
            # summoned besides a fusion summon, whose condition is a rule of the card
            for st in card.definition.statics:
                if st.kind == "summon-procedure" and st.condition is not None and not st.condition(self, card):
                    return f"「{card.name}」: the condition of its special summon procedure is not met"
        if card.definition.extra_deck and card.zone.kind in ("graveyard", "banished") and not card.proc_complete:
            return f"「{card.name}」 was not properly summoned first (正规召唤手续)"
        for other in self.field_cards():
            for st in self.active_statics(other, "limit-summons"):
                if self.summon_count[player] >= st.value:
                    return f"「{other.name}」 allows only {st.value} summons per turn (counted from the turn's start)"
            for st in self.active_statics(other, "limit-special-summon"):
                if (self.recall(other, Info.COUNT, per=player) or 0) >= st.value:
                    return f"「{other.name}」 allows only {st.value} special summon(s) per turn"
        return None

    def count_special_summon(self, player: int) -> None:
        """Counts kept by effects (神影依·米德拉什): counted even while negated."""
        for other in self.field_cards():
            for _ in self.active_statics(other, "limit-special-summon", ignore_negation=True):
                self.remember(other, Info.COUNT, (self.recall(other, Info.COUNT, per=player) or 0) + 1, per=player)

    # -- after every change ---------------------------------------------------------

    def adjust(self) -> None:
        """Rules that act by themselves as soon as the state allows (不入连锁的效果)."""
        for _ in range(8):
            changed = False
            for card in self.field_cards():
                if self.active_statics(card, "self-destroy"):
                    self.destroy(card, reason="its own effect")
                    changed = True
                elif "equip" in card.definition.types and card.face_up and not any(
                        "equip" in lk.grants for lk in self.links_of(card)):
                    self.send_to_graveyard(card, reason="no monster to equip")
                    changed = True
            if not changed:
                return

    def end_phase_effects(self) -> None:
        for card in self.field_cards():
            if not card.definition.is_monster and self.turn in self.lasting(card, "destroyed-in-end-phase"):
                self.destroy(card, reason="its turns on the field are over")
        for card in self.monsters():
            if card.face_up and self.lasting(card, "destroy-at-end-phase"):
                self.destroy(card, reason="destroyed in the end phase by the effect that summoned it")
            elif any(v is True or v == self.turn for v in self.lasting(card, "to-graveyard-at-end-phase")):
                self.send_to_graveyard(card, reason="sent to the graveyard in the end phase by the effect")
        self.end_phase_control()
