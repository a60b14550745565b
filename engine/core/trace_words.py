"""How the trace says what the shared engine records (moves, turning over, looking,
choices), per language: plain data, read by :func:`rulings.core.events.word`.

Each game puts its own table over this one (``engine/<game>/trace_words.py``): its zones,
its players, its events.  Templates name the event's fields (``{card}``); a ``[[…]]``
part is left out when a field it names is missing.
"""

WORDS = {
    "zh-CN": {
        "list": "、",
        "events": {
            "move": "{card}：{source} → {to}[[（{reason}）]]",
            "move.from-outside": "{card}：从游戏外 → {to}[[（{reason}）]]",
            "face-up": "{card}变成表侧[[（{reason}）]]",
            "face-down": "{card}变成里侧[[（{reason}）]]",
            "look": "{player}确认{card}",
            "choice.forced": "{prompt}：{picked}（只剩这个选择）",
            "choice.waiting": "等待{chooser}选择（{must}）：{prompt}",
            "choice": "{player}选择{picked}（{prompt}）",
            "choice.default": "{chooser}{prompt}：{picked}（默认：{rule}；没有步骤写明这个选择）",
            "refused": "不允许：{why}",
            "refusal.no-choice": "现在没有等待中的选择",
            "refusal.not-chooser": "这个选择由{chooser}进行，不是{player}",
            "refusal.choice-waiting": "还有等待中的选择：{prompt}",
            "refusal.zone-full": "{zone}没有空位",
            "refusal.not-an-option": "不能选择{picked}（{prompt}）",
            "refusal.too-many": "最多只能选择{n}个（{prompt}）",
            "refusal.too-few": "这个选择是必须的：要选择{n}个（{prompt}）",
            "nothing": "无",
        },
        "words": {"mandatory": "必须", "optional": "可以选择"},
        # reasons the shared engine gives as English text (see rulings.core.events._phrase)
        "phrases": {
            "copy {n} of {card} is not in the game and cannot be the next one brought in: the example has {have} "
            "copy of it": "第{n}张{card}不在游戏中，不能作为下一张加入：这个例子里只有{have}张",
            "copy {n} of {card} is not in the game and cannot be the next one brought in: the example has {have} "
            "copies of it": "第{n}张{card}不在游戏中，不能作为下一张加入：这个例子里只有{have}张",
        },
    },
    "ja": {
        "list": "、",
        "events": {
            "move": "{card}：{source} → {to}[[（{reason}）]]",
            "move.from-outside": "{card}：ゲーム外 → {to}[[（{reason}）]]",
            "face-up": "{card}が表向きになる[[（{reason}）]]",
            "face-down": "{card}が裏向きになる[[（{reason}）]]",
            "look": "{player}が{card}を見る",
            "choice.forced": "{prompt}：{picked}（選択肢はこれだけ）",
            "choice.waiting": "{chooser}の選択を待つ（{must}）：{prompt}",
            "choice": "{player}が{picked}を選ぶ（{prompt}）",
            "choice.default": "{chooser}は{prompt}：{picked}（既定：{rule}。この選択を書いたステップはない）",
            "refused": "認められない：{why}",
            "refusal.no-choice": "待っている選択はない",
            "refusal.not-chooser": "この選択をするのは{chooser}で、{player}ではない",
            "refusal.choice-waiting": "まだ選択を待っている：{prompt}",
            "refusal.zone-full": "{zone}に空きがない",
            "refusal.not-an-option": "{picked}は選べない（{prompt}）",
            "refusal.too-many": "選べるのは{n}個までである（{prompt}）",
            "refusal.too-few": "この選択は強制である：{n}個選ばなければならない（{prompt}）",
            "nothing": "なし",
        },
        "words": {"mandatory": "強制", "optional": "任意"},
        # reasons the shared engine gives as English text (see rulings.core.events._phrase)
        "phrases": {
            "copy {n} of {card} is not in the game and cannot be the next one brought in: the example has {have} "
            "copy of it": "{n}枚目の{card}はゲームになく、次の1枚として持ち込めない：この例には{have}枚しかない",
            "copy {n} of {card} is not in the game and cannot be the next one brought in: the example has {have} "
            "copies of it": "{n}枚目の{card}はゲームになく、次の1枚として持ち込めない：この例には{have}枚しかない",
        },
    },
    "en": {
        "list": ", ",
        "zone": "{zone}[{n}]",
        "players": {0: "player 0", 1: "player 1"},
        "events": {
            "move": "{card} {source} → {to}[[ ({reason})]]",
            "move.from-outside": "{card} outside the game → {to}[[ ({reason})]]",
            "face-up": "{card} turned face up[[ ({reason})]]",
            "face-down": "{card} turned face down[[ ({reason})]]",
            "look": "{player} looks at {card}",
            "choice.forced": "{prompt}: {picked} (no choice left)",
            "choice.waiting": "{chooser} to choose ({must}): {prompt}",
            "choice": "{player} chooses {picked} ({prompt})",
            "choice.default": "{chooser} {prompt}: {picked} (by default: {rule}; no step states this choice)",
            "refused": "{why}",
            "refusal.no-choice": "no choice is waiting",
            "refusal.not-chooser": "{chooser} chooses, not {player}",
            "refusal.choice-waiting": "a choice is waiting: {prompt}",
            "refusal.zone-full": "{zone} is full",
            "refusal.not-an-option": "{picked} cannot be chosen ({prompt})",
            "refusal.too-many": "at most {n} may be chosen ({prompt})",
            "refusal.too-few": "the choice is mandatory: {n} must be chosen ({prompt})",
            "nothing": "nothing",
        },
    },
}
