"""How a Yu-Gi-Oh! card's problems read on its page: Chinese, in the card files' own terms.

The card format (cardformat.py, blocks.py, families.py, grammar.py) says what is wrong
with a card in English, for the console; this table says the same on the pages (see
:data:`rulings.cardformat.PROBLEM_WORDS` for the syntax: English pattern -> template).
A problem it does not say is said by the shared table's catch-alls.
"""

WORDS = {
    "zh-CN": {
        "phrases": {
            # the card's make (cardformat.py)
            "'{text}' acts on what the effect targeted, and it targets nothing (give ':target:')":
                "'{text}'处理的是效果的对象，但这个效果不取对象（请写 :target:）",
            "'{text}': the targeted monster was special summoned by an earlier action, and the summoned monster "
            "is a new object, not what was targeted (write 这个效果特殊召唤的怪兽)":
                "'{text}'：作为对象的怪兽已被前面的处理特殊召唤，特殊召唤的怪兽是新的卡，不再是对象（请写「这个效果特殊召唤的怪兽」）",
            "'{text}' speaks of what this effect special summoned, and no earlier action of the effect special "
            "summons": "'{text}'说的是这个效果特殊召唤的怪兽，但这个效果前面的处理没有特殊召唤",
            "a {kind} effect is not activated, so it has no ':{field}:'": "{kind}效果不发动，所以没有 :{field}: 栏",
            "a {kind} effect is not activated (no ':once-per-turn:'/':mandatory:')":
                "{kind}效果不发动（不写 :once-per-turn: 和 :mandatory:）",
            "say what it does with ':static:' (or mark it ':not-modelled:')": "请用 :static: 写它做什么（或标上 :not-modelled:）",
            "a {kind} effect is activated: write what it does in ':action:'": "{kind}效果要发动：请在 :action: 里写它做什么",
            "a trigger effect needs ':event:' (or mark it ':not-modelled:')": "诱发效果需要 :event:（或标上 :not-modelled:）",
            "only a trigger (诱发) effect has ':event:'": "只有诱发效果有 :event:",
            "one ':{field}:' block only": ":{field}: 只能写一个积木块",
            "only a trigger effect can be ':mandatory:'": "只有诱发效果可以是 :mandatory:",
            "its hook does what it does: no ':action:' besides": "它的处理由代码钩子完成：不能另写 :action:",
            "say what it does with ':action:' (or mark it ':not-modelled:')": "请用 :action: 写它做什么（或标上 :not-modelled:）",
            "':kind:' mixes {kinds} card kinds": ":kind: 混合了{kinds}几种卡",
            "two activated effects share a label": "两个发动的效果用了同一个编号",
            "a monster has one of ':level:', ':rank:' or ':link:'": "怪兽有 :level:、:rank:、:link: 之一",
            "a 通常怪兽 has no effects": "通常怪兽没有效果",
            "only an Xyz (超量) monster has a ':rank:'": "只有超量怪兽有 :rank:",
            "only a Link (连接) monster has a ':link:'": "只有连接怪兽有 :link:",
            "only a pendulum (灵摆) monster has a ':scale:'": "只有灵摆怪兽有 :scale:",
            "a {kind} card has no ':{field}:'": "{kind}卡没有 :{field}: 栏",
            # the blocks (blocks.py, families.py, grammar.py)
            "cannot read the description '{text}' from '{at}': known words are {known}":
                "读不懂描述'{text}'中从'{at}'开始的部分（能写的：{known}）",
            "cannot read the description '{text}'{rest}": "读不懂描述'{text}'",
            "cannot read the amount '{text}'{rest}": "读不懂数量'{text}'",
            "cannot read how many tokens '{text}'{rest}": "读不懂衍生物的数量'{text}'",
            "cannot read what happened in '{text}'": "读不懂'{text}'里发生了什么",
            "cannot count '{text}'{rest}": "数不了'{text}'",
            "cannot read '{text}': {known}": "读不懂'{text}'（能写的：{known}）",
            "cannot read '{text}'{rest}": "读不懂'{text}'",
            "the engine does not remember '{text}' of a card": "引擎不记录卡片的'{text}'",
            "no action block matches '{text}'": "没有与'{text}'相符的处理积木块",
            "那之后 comes between two actions": "「那之后」要写在两个处理之间",
        },
        "words": {
            # the kinds of blocks (the effect's fields)
            "event": "时点", "condition": "条件", "cost": "代价", "restriction": "限制", "target": "对象",
            "action": "处理", "static": "效果",
            # the closed sets of words
            "card kind": "卡片种类", "attribute": "属性", "race": "种族", "card ruling": "特别裁定",
            "effect kind": "效果种类", "once-per-turn kind": "1回合1次的种类", "zone": "位置",
            "subject": "指代卡的说法", "lasting effect": "持续的效果", "continuous effect": "永续的效果",
            "property of this card": "这张卡的性质",
            "monster": "怪兽", "spell": "魔法", "trap": "陷阱",
        },
    },
}
