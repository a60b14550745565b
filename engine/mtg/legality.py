"""Magic's basic rules the engine referees every action by (spec/mtg/basic-rules.rst).

Each rule is one switch of :data:`RULES`, read where the action is checked (stack.py,
combat.py): the coverage tool (tables.py) switches each off in turn and the examples
that then fail are the ones that pin it.  A switch off means the engine lets through
what the rule forbids (or, for a rule that makes something happen, does not make it
happen); nothing else reads these switches.

The turn is modelled as far as the rules need it: a turn begins in its first main phase
(the untap, upkeep and draw steps have nothing to do in an example); attacking moves it
to the combat phase, 「戦闘フェイズが終わる」 to the second main phase, 「終了ステップが
始まる」 to the end step.  Priority is not passed step by step: a player may act at
instant speed whenever a step says so, except while a spell is being cast.
"""

from __future__ import annotations

MAIN1, COMBAT, MAIN2, END = "main1", "combat", "main2", "end"
#: how the refusals name each phase (the trace and the messages)
PHASE_NAMES = {MAIN1: "戦闘前メイン・フェイズ", COMBAT: "戦闘フェイズ", MAIN2: "戦闘後メイン・フェイズ",
               END: "終了ステップ"}
MAIN_PHASES = (MAIN1, MAIN2)

#: rule -> whether the engine applies it
RULES: dict[str, bool] = {
    # CR 117.1a, 307.1, 301.1, 302.1 …: a spell that is not an instant (and has no flash)
    # only in its caster's main phase, with the stack empty
    "sorcery-timing": True,
    # CR 702.8a: 瞬速 lets a spell be cast any time its controller could cast an instant
    "flash": True,
    # CR 602.5d: 「起動はソーサリーとしてのみ行う」 abilities at sorcery timing
    "ability-sorcery-timing": True,
    # CR 601.3: a spell is cast from its owner's hand unless an effect allows otherwise
    "cast-from-hand": True,
    # CR 305.1, 305.9: a land is played, never cast
    "land-not-cast": True,
    # CR 305.2, 305.3: one land a turn, in a main phase of its player's own turn, stack empty
    "land-play": True,
    # CR 601.2, 117.1: no spell is cast while another is being cast (mana abilities may be)
    "casting-in-progress": True,
    # CR 302.6: a creature attacks or pays {T} only if controlled since its controller's turn began
    "summoning-sickness": True,
    # CR 702.10b, 702.10c: haste exempts from that
    "haste": True,
    # CR 508.1a, 107.5: a tapped creature cannot attack; a tapped permanent cannot pay {T}
    "tapped": True,
    # CR 500.1, 506.1, 508.1: attacks are declared once, in the combat phase of the turn
    "attack-timing": True,
    # CR 509.1a: only the defending player blocks, with untapped creatures
    "blocker": True,
    # CR 608.2b: a spell or ability whose targets are all illegal as it resolves does not resolve
    "targets-on-resolution": True,
    # CR 608.2b: a target that is illegal as the spell resolves is not affected by it, while
    # the spell still resolves for its legal ones
    "illegal-targets-unaffected": True,
}

#: what a reader (the coverage page) calls each rule
LABELS: dict[str, str] = {
    "sorcery-timing": "インスタントでない呪文はメイン・フェイズにスタックが空のときだけ（CR 117.1a）",
    "flash": "瞬速を持つ呪文はインスタントのタイミングで唱えられる（CR 702.8a）",
    "ability-sorcery-timing": "ソーサリー・タイミングの起動型能力（CR 602.5d）",
    "cast-from-hand": "呪文は手札から唱える（CR 601.3）",
    "land-not-cast": "土地は唱えられない（CR 305.1）",
    "land-play": "土地のプレイは自分のターンに1回（CR 305.2）",
    "casting-in-progress": "呪文を唱えている途中は他の呪文を唱えられない（CR 601.2）",
    "summoning-sickness": "召喚酔い（CR 302.6）",
    "haste": "速攻は召喚酔いを無視する（CR 702.10）",
    "tapped": "タップ状態のクリーチャーは攻撃できず、{T}を支払えない（CR 508.1a）",
    "attack-timing": "攻撃は戦闘フェイズに1回だけ宣言する（CR 508.1）",
    "blocker": "ブロックするのは防御プレイヤーのアンタップ状態のクリーチャー（CR 509.1a）",
    "targets-on-resolution": "解決時に対象がすべて不正なら解決されない（CR 608.2b）",
    "illegal-targets-unaffected": "解決時に不正になった対象には作用しない（CR 608.2b）",
    "on": "適用する",
}


def on(rule: str) -> bool:
    """Whether the engine applies ``rule`` (KeyError for a rule it does not know)."""
    return RULES[rule]
