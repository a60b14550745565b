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
            "nothing": "无",
        },
        "words": {"mandatory": "必须", "optional": "可以选择"},
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
            "nothing": "なし",
        },
        "words": {"mandatory": "強制", "optional": "任意"},
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
            "nothing": "nothing",
        },
    },
}
