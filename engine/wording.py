"""What the engine found, said in the document's words.

A failed Then is shown as two sentences of the same phrase: the one the document states
and the one the engine computed (「番兵石人」不能改变表示形式 / 「番兵石人」可以改变表示形式),
not ``expected False, actual True``.  The trace names players as the steps do (自己/对方,
あなた/対戦相手, 自分/相手) rather than "player 0/1".  Plain Python, like the vocabulary
it reads: the binding calls it, the engine never does.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from typing import Any

from .cardformat import CardDataError, format_of, problem_said
from .core.errors import IllegalAction, InvariantBroken, RefusedSetup, SetupError, UnknownCard
from .core.events import word_value
from .project import GAMES
from .vocabulary import ExpectationFailed, Phrase, Vocabulary

#: (what the document states, what the engine computed, the engine's reason) per language
LABELS = {
    "zh-CN": ("文档写的", "引擎得出", "原因"),
    "ja": ("文書の記述", "エンジンの結果", "理由"),
}
_DEFAULT_LABELS = ("the document states", "the engine computed", "why")
#: what heads the message of an example that could not run as written, per language:
#: (a set-up the rules or the cards make impossible, the engine's own invariant broken,
#: a step no phrase matches)
ERROR_WORDS = {
    "zh-CN": ("设定不成立", "引擎的不变式被破坏", "没有短语与这一步匹配"),
    "ja": ("前提が成り立たない", "エンジンの不変条件が破られた", "この手順に合う言い回しがない"),
    "en": ("the set-up is impossible", "engine invariant broken", "no step phrase matches this step"),
}
#: the rest of what an example that could not run says, per language: (the rules refuse
#: what a Given sets up, after which step the engine's state broke, the engine itself
#: failed — its English detail is on the console —, a card named that no document defines)
MORE_ERROR_WORDS = {
    "zh-CN": ("规则不允许这样的设定", "「{template}」这一步之后", "引擎出错（{kind}），这不是裁定的结论：详情见运行时的控制台输出",
              "卡片目录里没有「{name}」"),
    "ja": ("ルールがこの前提を許さない", "「{template}」の手順の後", "エンジンのエラー（{kind}）で、裁定の結果ではない：詳しくは実行時のコンソール出力",
           "カード目録に「{name}」がない"),
}


def trace_words(game: str) -> Mapping[str, Any]:
    """The wording table of ``game``'s trace (engine/<game>/trace_words.py): what a page says
    a reason the engine gives in English with (its ``phrases``)."""
    return importlib.import_module(f"{GAMES[game][1]}.trace_words").WORDS


#: how a reason joins its parts (what cannot be done: why), in English -> on a page
_JOINS = (("：", "："), (": ", "："), ("；", "；"), ("; ", "；"))
_BRACKETED = re.compile(r"(.*?)\s*[（(]([^（）()]*)[）)]", re.S)


def reason_said(language: str, text: str, words: Mapping[str, Any] | None) -> str:
    """A reason the engine gives (a refusal, why a Then came out so) in ``language``: said
    by the game's wording table (``phrases``: English template -> template; ``words``); a
    reason with English parts (after 「：」, in （）) has each part said in turn.  English
    (for the console) and what no table says stay as they are."""
    if not words or language == "en" or not re.search(r"[A-Za-z]", text):
        return text
    said = word_value(text, language, words)
    if said != text or not has_english(text):
        return said
    if ", " in text:  # a list the engine joined the English way ("chain, field-wide")
        items = [reason_said(language, item, words) for item in text.split(", ")]
        if not any(has_english(item) for item in items):
            return "、".join(items)
    for english, joined in _JOINS:
        head, sep, tail = text.partition(english)
        if sep and head.strip() and tail.strip():
            return reason_said(language, head, words) + joined + reason_said(language, tail, words)
    m = _BRACKETED.fullmatch(text)
    if m and m.group(1).strip():
        return f"{reason_said(language, m.group(1), words)}（{reason_said(language, m.group(2), words)}）"
    return text


def error_message(language: str, err: BaseException, words: Mapping[str, Any] | None = None) -> str:
    """The message of an example whose step raised (not a Then that disagreed), headed in
    the document's language.  ``words``: the game's wording table (:func:`trace_words`),
    which says a reason the engine gives in English in the page's language.  A detail the
    engine gives in English (a broken invariant's, an unexpected exception's) is the
    console's; the page says what happened without it."""
    impossible, broken, _ = ERROR_WORDS.get(language, ERROR_WORDS["en"])
    kind = type(err).__name__
    text = str(err).strip()
    if language == "en":
        if isinstance(err, SetupError):
            return f"{impossible}: {text}"
        if isinstance(err, InvariantBroken):
            return f"{broken}: {text}"
        return f"{kind}: {text}" if kind not in ("ExpectationFailed",) else text
    refused, after, engine_error, unknown_card = MORE_ERROR_WORDS["ja" if language.lower().startswith("ja") else "zh-CN"]
    if isinstance(err, RefusedSetup):
        return f"{impossible}：{refused}：{reason_said(language, err.refusal, words)}"
    if isinstance(err, CardDataError):
        # a card that does not load: said as its page says it
        try:
            said = format_of(err.game).said(err.message, language) if getattr(err, "game", "") else None
        except KeyError:
            said = None
        said = said or problem_said(err.message, language)
        return f"{impossible}：" + (f"「{err.card}」：" if err.card else "") + said
    if isinstance(err, UnknownCard):
        return f"{impossible}：{unknown_card.format(name=err.name)}"
    if isinstance(err, SetupError):
        return f"{impossible}：{reason_said(language, text, words)}"
    if isinstance(err, InvariantBroken):
        where = after.format(template=err.after[1]) + "：" if err.after else ""
        cause = str(err.__cause__ or "").strip() if err.after else text
        return f"{broken}：{where}{cause}" if cause and not has_english(cause) else f"{broken}：{where}".rstrip("：")
    if kind == "ExpectationFailed":
        return text
    said = reason_said(language, text, words) if isinstance(err, IllegalAction) else text
    return said if said and not has_english(said) else engine_error.format(kind=kind)


def console_detail(language: str, err: BaseException, words: Mapping[str, Any] | None = None) -> str | None:
    """The English text of an error whose page message (:func:`error_message`) leaves it
    out — an engine bug's detail —, for the console; None when the page says it all."""
    if language == "en":
        return None
    text = str(err).strip()
    said = error_message(language, err, words)
    if not text or text in said or isinstance(err, (SetupError, ExpectationFailed)):
        return None
    return f"{type(err).__name__}: {text}" if not isinstance(err, InvariantBroken) else text


#: what the page shows as it is (card names, the document's words, slots, option names, ids)
_SHOWN_AS_IS = re.compile(r"「[^」]*」|\{[^}]*\}|:[\w-]+:|\b[a-z0-9]+(?:[-_][a-z0-9]+)+\b")
_ENGLISH = re.compile(r"[A-Za-z]*[a-z][A-Za-z]*|[A-Z]{4,}")


def has_english(text: str) -> bool:
    """Whether ``text`` holds English words outside what the page shows as it is."""
    return any(len(w) > 1 for w in _ENGLISH.findall(_SHOWN_AS_IS.sub(" ", text)))


def no_phrase(language: str) -> str:
    """The message of a step no phrase of the vocabulary matches."""
    return ERROR_WORDS.get(language, ERROR_WORDS["en"])[2]
#: the reason an observation carries at the end of its description: "… (reason)"
_REASON = re.compile(r"\s*\(([^()]*)\)\s*$")
#: how the engine's log writes a player: "player 0", "玩家0", a zone's "hand[0]", "shield of 0:"
_PLAYER = re.compile(r"\bplayer ([01])\b|玩家([01])|(?<=\w\[)([01])(?=\])|(?<=\bof )([01])(?=:)")


def _same(a: Any, b: Any) -> bool:
    # True == 1 in Python: a player (0/1) must not stand for a yes/no
    return type(a) is type(b) and a == b


def restate(phrase: Phrase, text: str, expected: Any, actual: Any) -> str | None:
    """``text`` (a step of ``phrase``) with the word that states ``expected`` replaced by
    the word of the same term that means ``actual``; None when no word says it."""
    m = phrase.compiled.fullmatch(text)
    if m is None:
        return None
    for name, term in reversed(phrase.params):  # the checked word is usually the last
        written = m.group(name)
        if term.words:
            stated = dict(term.words).get(written)
            if not _same(stated, expected) and written != str(expected):
                continue
            said = next((w for w, value in term.words if _same(value, actual)), None)
            if said is None and written == str(expected):
                said = str(actual) if re.fullmatch(term.pattern, str(actual)) else None
        else:
            try:
                converted = term.convert(written)
            except Exception:  # noqa: BLE001 - a converter that fails says nothing here
                continue
            if not (_same(converted, expected) or written == str(expected)):
                continue
            said = str(actual) if re.fullmatch(term.pattern, str(actual)) else None
        if said is not None:
            return text[:m.start(name)] + said + text[m.end(name):]
    return None


def failure_message(vocabulary: Vocabulary, keyword: str, text: str, err: BaseException) -> str | None:
    """The message of a failed Then in the document's words, or None if ``err`` is not
    an observation that disagreed with the document."""
    if not isinstance(err, ExpectationFailed):
        return None
    stated_label, computed_label, reason_label = LABELS.get(vocabulary.language, _DEFAULT_LABELS)
    found = vocabulary.match("then", text)
    computed = restate(found[0], text, err.expected, err.actual) if found else None
    reason = _REASON.search(str(err.what))
    why = reason.group(1) if reason and reason.group(1) not in ("ok", "") else None
    if computed is None:
        # no word of the phrase says what was found: the observation and its value
        what = _REASON.sub("", str(err.what))
        computed = f"{what}: {name_players(vocabulary, _shown(err.actual))}"
    lines = [f"{stated_label}：{keyword.strip()} {text}", f"{computed_label}：{name_players(vocabulary, computed)}"]
    if why:
        try:
            words = trace_words(vocabulary.game)
        except (KeyError, ImportError):
            words = None
        lines.append(f"{reason_label}：{name_players(vocabulary, reason_said(vocabulary.language, why, words))}")
    return "\n".join(lines)


def _shown(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "、".join(map(_shown, value)) or "—"
    return str(value)


def player_words(vocabulary: Vocabulary) -> dict[int, str]:
    """Player number -> the word the steps use for that player."""
    term = vocabulary.terms.get("player")
    out: dict[int, str] = {}
    for word, value in (term.words if term else ()):
        out.setdefault(value, word)
    return out


def name_players(vocabulary: Vocabulary, line: str) -> str:
    """``line`` with "player 0" / "玩家0" said as the steps say it."""
    words = player_words(vocabulary)
    if not words:
        return line
    return _PLAYER.sub(lambda m: words.get(int(next(g for g in m.groups() if g)), m.group(0)), line)
