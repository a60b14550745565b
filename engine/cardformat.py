"""The card format: a card as plain data, checked, and built into a game's definition.

Maintainers write cards in reStructuredText (``.. card::`` with ``.. effect::`` inside,
see docs/writing-examples.md).  The Sphinx extension extracts each one into a *card
record* — plain JSON — and the engine builds the game's card definition from the record
with the game's :class:`CardFormat`: which fields a card and an effect have, which words
each field takes (closed sets, so that a typo is an error and never silently nothing),
and the *building blocks* an effect is written with, a :class:`~rulings.vocabulary.PhraseBook`
of the game (``那只怪兽破坏``, ``场上1只表侧表示怪兽`` …) whose phrases stand for engine
functions.  Nothing here reads reStructuredText.

A card record::

    {"name": "番兵石人", "game": "ygo", "source": "spec/ygo/cards/x.rst", "line": 12,
     "fields": {"kind": "效果怪兽", "level": "3", …}, "lines": {"level": 15, …},
     "text": "printed text, in our words",
     "effects": [{"label": "①", "line": 20, "fields": {"kind": "起动", "action": "…"},
                  "lines": {…}, "text": "…"}]}
"""

from __future__ import annotations

import difflib
import importlib
import json
import re
from functools import lru_cache
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import digests
from .core.errors import SetupError, UnknownCard
from .project import GAMES, Paths, find_root
from .vocabulary import Phrase, PhraseBook

CardRecord = dict[str, Any]
#: phrases in one block field: one per line, or separated by ；
_PHRASE_SPLIT = re.compile(r"[；;\n]+")
#: words in a field of several words
_WORD_SPLIT = re.compile(r"[\s、,，/]+")
FORMAT_VERSION = 1


class CardDataError(SetupError):
    """A card definition that cannot be used, at its file and line."""

    #: the game of the card (the catalogue that met it says so), for its wording
    game = ""

    def __init__(self, source: str, line: int, message: str, card: str = ""):
        self.source, self.line, self.message, self.card = source, line, message, card
        super().__init__(f"{source}:{line}: {message}")


# -- fields ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Field:
    """One field of a card or an effect: its option name, what it means, and how its
    text becomes a value (``convert`` raises ValueError with a message for readers)."""

    name: str
    description: str
    convert: Callable[[str], Any] = str.strip
    required: bool = False
    #: the value is building blocks of this kind, one phrase per line (or split by ；)
    blocks: str | None = None
    #: a flag (written without a value)
    flag: bool = False
    #: what the site shows a reader for this field, in the game's language (default: name)
    label: str = ""


#: every card and effect may name a Python hook: ``:hook: name why``
HOOK = Field("hook", "a Python function this card part needs, then in one line why data cannot say it")


def unobservable(label: str) -> Field:
    """``:unobservable: <flag cell column> <why>`` (one per line): a flag of this card part
    that no game situation can observe — a rules-table declaration (rulings.coverage), kept
    with the card because the card is the table its flags belong to."""
    return Field("unobservable", "a flag of this card part no game can observe: its cell's column "
                 "(once-per-turn:taken-off …), then why, one per line", label=label)


def closest_words(word: str, known, n: int = 3) -> str:
    found = difflib.get_close_matches(word, list(known), n=n, cutoff=0.3)
    return f"; closest: {'、'.join(found)}" if found else f"; known: {'、'.join(list(known)[:20])}"


def one_of(mapping: Mapping[str, Any], what: str) -> Callable[[str], Any]:
    """A field that takes one word of a closed set."""

    def convert(text: str) -> Any:
        word = text.strip()
        if word not in mapping:
            raise ValueError(f"unknown {what} {word!r}{closest_words(word, mapping)}")
        return mapping[word]

    return convert


def some_of(mapping: Mapping[str, Any], what: str) -> Callable[[str], tuple]:
    """A field of several words of a closed set (separated by spaces or 、)."""

    def convert(text: str) -> tuple:
        out = []
        for word in filter(None, _WORD_SPLIT.split(text.strip())):
            if word not in mapping:
                raise ValueError(f"unknown {what} {word!r}{closest_words(word, mapping)}")
            out.append(mapping[word])
        return tuple(out)

    return convert


def number(text: str) -> int:
    text = text.strip()
    if not re.fullmatch(r"-?\d+", text):
        raise ValueError(f"{text!r} is not a whole number")
    return int(text)


def optional_number(text: str) -> int | None:
    """A number, or ? / - for a value the card does not have or that is not modelled."""
    return None if text.strip() in ("?", "-", "？", "－") else number(text)


def flag(text: str) -> bool:
    if text.strip():
        raise ValueError(f"this field takes no value (found {text.strip()!r})")
    return True


# -- a card's problems, as its page says them ---------------------------------------------
#
# The problems above are English, for the console (Sphinx's warning names the file and
# line).  The card's page, the page of an example naming it and the other formats say
# them in the game's language: each game's ``card_words.WORDS`` (this shared table under
# its own), a wording table as the traces have (rulings.core.events): ``phrases``, the
# English text's pattern -> the page's template (tried in order: the first whose fields
# all read in the language wins), and ``words``, a value said in one word.  A placeholder
# named ``field``/``fields`` is an option name (said as ``:level:``), ``hook``/``hooks`` a
# Python function (in 「」); the author's own text ('…') is quoted with 「」.  A problem
# no phrase says is said by ``fallback``: the page never shows the English.

PROBLEM_WORDS = {
    "zh-CN": {
        "phrases": {
            "unknown field ':{field}:' of a card; closest: {fields}": "卡片没有 :{field}: 这个字段（最接近的：{fields}）",
            "unknown field ':{field}:' of a card; known: {fields}": "卡片没有 :{field}: 这个字段（可以写的：{fields}）",
            "unknown field ':{field}:' of a effect; closest: {fields}": "效果没有 :{field}: 这个字段（最接近的：{fields}）",
            "unknown field ':{field}:' of a effect; known: {fields}": "效果没有 :{field}: 这个字段（可以写的：{fields}）",
            "no {kind} block matches '{text}'; closest known block: {closest}":
                "没有与'{text}'相符的{kind}积木块（最接近的积木块：{closest}）",
            "no {kind} block matches '{text}'": "没有与'{text}'相符的{kind}积木块",
            "block '{text}': {problem}": "积木块'{text}'：{problem}",
            "':{field}:' is empty: give one or more {kind} blocks": ":{field}: 是空的：请写一个以上的{kind}积木块",
            "':{field}:' {problem}": ":{field}: 栏：{problem}",
            "unknown hook '{hook}'; closest: {hooks}": "没有'{hook}'这个代码钩子（最接近的：{hooks}）",
            "unknown hook '{hook}'; known: {hooks}": "没有'{hook}'这个代码钩子（可以用的：{hooks}）",
            "unknown hook '{hook}'; known:": "没有'{hook}'这个代码钩子（这个游戏没有代码钩子）",
            "unknown {what} '{word}'; closest: {names}": "没有'{word}'这种{what}（最接近的：{names}）",
            "unknown {what} '{word}'; known: {names}": "没有'{word}'这种{what}（可以写的：{names}）",
            "unknown {what} '{word}'": "没有'{word}'这种{what}",
            "'{text}' is not a whole number": "'{text}'不是整数",
            "this field takes no value (found '{text}')": "这个字段不写值（写了'{text}'）",
            "the card has no ':{field}:' ({description})": "卡片缺少 :{field}: 栏",
            "the effect {label} has no ':{field}:' ({description})": "效果{label}缺少 :{field}: 栏",
            "hook '{hook}': say in one line why this card needs code": "代码钩子'{hook}'：请用一行说明这张卡为什么需要代码",
            "effect {label} is defined twice (also at line {line})": "效果{label}定义了两次（另一次在第 {line} 行）",
            "the card cannot be made: {rest}": "引擎做不出这张卡：生成它时出错",
            "the card has no name: write it after '.. card::'": "卡片没有名字：请写在「.. card::」后面",
            "cannot tell the game and Gherkin language of '{doc}': put it in one of the folders {folders}/ or start "
            "it with the fields ':game:' and ':gherkin-language:'":
                "看不出'{doc}'属于哪个游戏、用哪种 Gherkin 语言：请把它放进游戏的文件夹，或在开头写 :game: 和 "
                ":gherkin-language: 两个字段",
            "effect {label}: {problem}": "效果{label}：{problem}",
        },
        # tried after every phrase: what is said when the detail cannot be
        "last": {
            "block '{text}'{rest}": "积木块'{text}'里有引擎读不懂的写法",
            "effect {label}: {rest}": "效果{label}的写法有误",
            "':{field}:' {rest}": ":{field}: 栏的写法有误",
        },
        "words": {"hook": "代码钩子"},
        "fallback": "这里的写法有误（构建时的警告写明了详情）",
    },
    "ja": {
        "phrases": {
            "unknown field ':{field}:' of a card; closest: {fields}": "カードに :{field}: という欄はない（近いもの：{fields}）",
            "unknown field ':{field}:' of a card; known: {fields}": "カードに :{field}: という欄はない（書ける欄：{fields}）",
            "unknown field ':{field}:' of a effect; closest: {fields}": "効果に :{field}: という欄はない（近いもの：{fields}）",
            "unknown field ':{field}:' of a effect; known: {fields}": "効果に :{field}: という欄はない（書ける欄：{fields}）",
            "no {kind} block matches '{text}'; closest known block: {closest}":
                "'{text}'に合う{kind}のブロックがない（近いブロック：{closest}）",
            "no {kind} block matches '{text}'": "'{text}'に合う{kind}のブロックがない",
            "block '{text}': {problem}": "ブロック'{text}'：{problem}",
            "':{field}:' is empty: give one or more {kind} blocks": ":{field}: が空：{kind}のブロックを1つ以上書く",
            "':{field}:' {problem}": ":{field}: 欄：{problem}",
            "unknown hook '{hook}'; closest: {hooks}": "'{hook}'というコードのフックはない（近いもの：{hooks}）",
            "unknown hook '{hook}'; known: {hooks}": "'{hook}'というコードのフックはない（使えるもの：{hooks}）",
            "unknown hook '{hook}'; known:": "'{hook}'というコードのフックはない（このゲームにコードのフックはない）",
            "unknown {what} '{word}'; closest: {names}": "'{word}'という{what}はない（近いもの：{names}）",
            "unknown {what} '{word}'; known: {names}": "'{word}'という{what}はない（書けるもの：{names}）",
            "unknown {what} '{word}'": "'{word}'という{what}はない",
            "'{text}' is not a whole number": "'{text}'は整数ではない",
            "this field takes no value (found '{text}')": "この欄には値を書かない（'{text}'と書かれている）",
            "the card has no ':{field}:' ({description})": "カードに :{field}: 欄がない",
            "the effect {label} has no ':{field}:' ({description})": "効果{label}に :{field}: 欄がない",
            "hook '{hook}': say in one line why this card needs code": "コードのフック'{hook}'：このカードにコードが要る理由を1行で書く",
            "effect {label} is defined twice (also at line {line})": "効果{label}が2回定義されている（もう1つは{line}行目）",
            "the card cannot be made: {rest}": "エンジンがこのカードを作れない：作る途中で誤りが起きた",
            "the card has no name: write it after '.. card::'": "カードに名前がない：「.. card::」の後に書く",
            "cannot tell the game and Gherkin language of '{doc}': put it in one of the folders {folders}/ or start "
            "it with the fields ':game:' and ':gherkin-language:'":
                "'{doc}'がどのゲームの文書で、どの Gherkin の言語で書かれているかわからない：ゲームのフォルダーに置くか、"
                "先頭に :game: と :gherkin-language: の欄を書く",
            "effect {label}: {problem}": "効果{label}：{problem}",
        },
        # tried after every phrase: what is said when the detail cannot be
        "last": {
            "block '{text}'{rest}": "ブロック'{text}'にエンジンが読めない書き方がある",
            "effect {label}: {rest}": "効果{label}の書き方に誤りがある",
            "':{field}:' {rest}": ":{field}: 欄の書き方に誤りがある",
        },
        "words": {"hook": "コードのフック"},
        "fallback": "ここの書き方に誤りがある（詳しくはビルド時の警告）",
    },
}

#: what the page shows as it is: the author's text, names, templates' slots, option names,
#: code identifiers, rule citations
_SHOWN_AS_IS = re.compile(r"「[^」]*」|'[^'\n]*'|\{[^}]*\}|:[\w-]+:|\b[a-z0-9]+(?:[-_][a-z0-9]+)+\b"
                          r"|\bCR\s*[\d.]+[a-z]?")
_ENGLISH = re.compile(r"[A-Za-z]*[a-z][A-Za-z]*|[A-Z]{4,}")
_QUOTED = re.compile(r"'([^'\n]*)'")


def _english(text: str) -> bool:
    return any(len(w) > 1 for w in _ENGLISH.findall(_SHOWN_AS_IS.sub(" ", text)))


@lru_cache(maxsize=None)
def _pattern(english: str) -> re.Pattern:
    """An English template's pattern: ``{name}`` any text (no quote inside '…')."""
    pattern, pos = "", 0
    for m in re.finditer(r"\{(\w+)\}", english):
        quoted = english[m.start() - 1:m.start()] == "'" and english[m.end():m.end() + 1] == "'"
        pattern += re.escape(english[pos:m.start()]) + (r"(?P<%s>[^'\n]+?)" if quoted else r"(?P<%s>.+?)") % m.group(1)
        pos = m.end()
    return re.compile(pattern + re.escape(english[pos:]), re.S)


def _tables(words: Mapping[str, Any], language: str, section: str) -> list[tuple[str, str]]:
    """A section of the game's table, then of the shared one."""
    out = list((words.get(language) or {}).get(section, {}).items())
    if words is not PROBLEM_WORDS:
        out += list(PROBLEM_WORDS[language].get(section, {}).items())
    return out


def _reworded(text: str, language: str, words: Mapping[str, Any]) -> str | None:
    if not _english(text):
        return text
    for said_as in ((words.get(language) or {}).get("words", {}), PROBLEM_WORDS[language]["words"]):
        if text in said_as:
            return said_as[text]
    for english, template in _tables(words, language, "phrases") + _tables(words, language, "last"):
        m = _pattern(english).fullmatch(text)
        if m is None:
            continue
        given: dict[str, str] = {}
        for name, value in m.groupdict().items():
            if name in ("field", "hook"):
                given[name] = value
            elif name == "rest":  # what a catch-all leaves unsaid
                continue
            elif name == "fields":
                given[name] = "、".join(f":{v}:" for v in re.split(r"、|, ", value) if v)
            elif name == "hooks":
                given[name] = "、".join(f"「{v}」" for v in re.split(r"、|, ", value) if v)
            else:
                said = _reworded(value, language, words)
                if said is None:
                    break
                given[name] = said
        else:
            out = re.sub(r"\{(\w+)\}", lambda f: given.get(f.group(1), "?"), template)
            if not _english(out):
                return out
    if "、" in text:  # a list the message joined
        parts = [_reworded(part, language, words) for part in text.split("、")]
        if all(p is not None for p in parts):
            return "、".join(parts)  # type: ignore[arg-type]
    return None


def problem_said(message: str, language: str, words: Mapping[str, Any] | None = None) -> str:
    """A card's problem (its English ``message``) as a page in ``language`` says it."""
    words = words if words is not None else PROBLEM_WORDS
    language = "ja" if language.lower().startswith("ja") else "zh-CN"
    said = _reworded(message.strip(), language, words)
    if said is None:
        said = PROBLEM_WORDS[language]["fallback"]
    return _QUOTED.sub(lambda m: f"「{m.group(1)}」", said)


# -- parsed cards ------------------------------------------------------------------------

@dataclass(frozen=True)
class Block:
    """One building block of an effect as written: its phrase, arguments and the engine
    value the phrase stands for."""

    text: str
    phrase: Phrase
    value: Any
    #: the line of its field (0: not known), for errors of where the block is used
    line: int = 0


@dataclass
class ParsedEffect:
    label: str
    text: str
    line: int
    values: dict[str, Any] = field(default_factory=dict)
    #: block fields: the blocks, in the order written
    blocks: dict[str, list[Block]] = field(default_factory=dict)
    hook: str | None = None

    def value(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)

    def built(self, name: str) -> list[Any]:
        """The engine values of the blocks of field ``name``."""
        return [b.value for b in self.blocks.get(name, ())]


@dataclass
class ParsedCard:
    name: str
    text: str
    values: dict[str, Any]
    effects: list[ParsedEffect]
    record: CardRecord
    hook: str | None = None

    def value(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)


# -- the format of a game ---------------------------------------------------------------

@dataclass
class CardFormat:
    """What a card of one game is made of, and how it becomes the game's definition."""

    game: str
    blocks: PhraseBook
    card_fields: tuple[Field, ...]
    effect_fields: tuple[Field, ...]
    #: ParsedCard -> the game's card definition
    make: Callable[[ParsedCard, "CardFormat"], Any]
    #: the Python hooks a card may name (name -> function), with the game's catalogue
    hooks: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: card fields whose value is another name steps may call the card by (an English name)
    alias_fields: tuple[str, ...] = ()
    #: how a block field's text is split into blocks, by the field's block kind (a game
    #: whose sentences hold several blocks); not given: by ；and new lines
    split: Mapping[str, Callable[[str], list[str]]] = field(default_factory=dict)
    #: how the pages say the card's problems (:data:`PROBLEM_WORDS` and the game's own)
    words: Mapping[str, Any] = field(default_factory=lambda: PROBLEM_WORDS)

    def said(self, message: str, language: str) -> str:
        """A problem of a card of this game as its page says it, in ``language``."""
        return problem_said(message, language, self.words)

    def field_of(self, name: str, *, effect: bool) -> Field | None:
        for f in (self.effect_fields if effect else self.card_fields):
            if f.name == name:
                return f
        return None

    def fingerprint(self) -> str:
        """What card records are checked against: fields, blocks and hooks."""
        parts = [self.blocks.fingerprint(), *(f.name for f in self.card_fields), "|",
                 *(f.name for f in self.effect_fields), "|", *sorted(self.hooks)]
        return digests.digest(["\n".join(parts)])

    # checking and parsing ----------------------------------------------------------

    def _values(self, where: dict, fields: tuple[Field, ...], record: CardRecord, line: int,
                problems: list[CardDataError], effect: bool) -> tuple[dict, dict[str, list[Block]]]:
        source, name = record.get("source", "?"), record.get("name", "")
        known = {f.name: f for f in fields}
        values: dict[str, Any] = {}
        blocks: dict[str, list[Block]] = {}
        lines = where.get("lines", {})
        for key, text in where.get("fields", {}).items():
            at = lines.get(key, line)
            f = known.get(key)
            if f is None:
                what = "effect" if effect else "card"
                problems.append(CardDataError(source, at, f"unknown field ':{key}:' of a {what}"
                                              f"{closest_words(key, known)}", name))
                continue
            text = text or ""
            if f.blocks:
                built = []
                split = self.split.get(f.blocks) or _PHRASE_SPLIT.split
                for phrase_text in filter(None, (t.strip() for t in split(text))):
                    found = self.blocks.match(f.blocks, phrase_text)
                    if found is None:
                        closest = self.blocks.closest(f.blocks, phrase_text)
                        hint = f"; closest known block: {closest[0]}" if closest else ""
                        problems.append(CardDataError(source, at, f"no {f.blocks} block matches {phrase_text!r}{hint}",
                                                      name))
                        continue
                    phrase, args = found
                    try:
                        value = phrase.action(**args)
                    except (TypeError, ValueError) as err:
                        problems.append(CardDataError(source, at, f"block {phrase_text!r}: {err}", name))
                        continue
                    built.append(Block(phrase_text, phrase, value, at))
                if not built and not any(p.line == at for p in problems):
                    problems.append(CardDataError(source, at, f"':{key}:' is empty: give one or more {f.blocks} "
                                                              f"blocks", name))
                blocks[key] = built
                continue
            try:
                values[key] = f.convert(text)
            except ValueError as err:
                problems.append(CardDataError(source, at, f"':{key}:' {err}", name))
        for f in fields:
            if f.required and f.name not in where.get("fields", {}):
                what = f"effect {where.get('label', '')}" if effect else "card"
                problems.append(CardDataError(source, line, f"the {what} has no ':{f.name}:' ({f.description})",
                                              name))
        return values, blocks

    def _hook(self, values: dict, record: CardRecord, line: int, problems: list[CardDataError]) -> str | None:
        """``:hook: name reason`` — a card part that needs code names its function and why."""
        text = values.pop("hook", None)
        if text is None:
            return None
        hook, _, why = text.strip().partition(" ")
        if hook not in self.hooks:
            problems.append(CardDataError(record.get("source", "?"), record.get("lines", {}).get("hook", line),
                                          f"unknown hook {hook!r}{closest_words(hook, self.hooks)}",
                                          record.get("name", "")))
            return None
        if not why.strip():
            problems.append(CardDataError(record.get("source", "?"), line,
                                          f"hook {hook!r}: say in one line why this card needs code",
                                          record.get("name", "")))
        return hook

    def parse(self, record: CardRecord) -> tuple[ParsedCard | None, list[CardDataError]]:
        """The card with every field converted and every block built, and the problems
        found (all of them, each at its line); no card when there is any problem."""
        problems: list[CardDataError] = []
        line = record.get("line", 0)
        values, _ = self._values(record, self.card_fields, record, line, problems, effect=False)
        hook = self._hook(values, record, line, problems)
        effects = []
        labels: dict[str, int] = {}
        for e in record.get("effects", []):
            e_line = e.get("line", line)
            label = e.get("label", "")
            if label in labels:
                problems.append(CardDataError(record.get("source", "?"), e_line,
                                              f"effect {label} is defined twice (also at line {labels[label]})",
                                              record.get("name", "")))
            labels.setdefault(label, e_line)
            e_values, e_blocks = self._values(e, self.effect_fields, record, e_line, problems, effect=True)
            e_hook = self._hook(e_values, {**record, "lines": e.get("lines", {})}, e_line, problems)
            effects.append(ParsedEffect(label, e.get("text", ""), e_line, e_values, e_blocks, e_hook))
        if problems:
            return None, problems
        card = ParsedCard(record["name"], record.get("text", ""), values, effects, record, hook)
        return card, []

    def problems(self, record: CardRecord) -> list[CardDataError]:
        parsed, problems = self.parse(record)
        if parsed is not None:
            try:
                self.make(parsed, self)
            except CardDataError as err:
                # a make that knows the line (an effect's) says so itself
                problems = [err]
            except ValueError as err:
                problems = [CardDataError(record.get("source", "?"), record.get("line", 0), str(err),
                                          record.get("name", ""))]
        return problems

    def build(self, record: CardRecord) -> Any:
        """The game's definition of the card; CardDataError at the first problem."""
        parsed, problems = self.parse(record)
        if problems:
            raise problems[0]
        try:
            return self.make(parsed, self)
        except CardDataError:
            raise
        except ValueError as err:
            raise CardDataError(record.get("source", "?"), record.get("line", 0), str(err), record["name"]) from err
        except Exception as err:  # noqa: BLE001 - one card that cannot be made is that card's problem
            # (a hook written where it does not belong, called with what it does not take):
            # left out of the catalogue like any broken card, not the end of every example
            raise CardDataError(record.get("source", "?"), record.get("line", 0),
                                f"the card cannot be made: {type(err).__name__}: {err}", record["name"]) from err


def format_of(game: str) -> CardFormat:
    """The card format of ``game`` (``engine.<game>.cardformat.FORMAT``)."""
    if game not in GAMES:
        raise KeyError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(f"{GAMES[game][1]}.cardformat").FORMAT


@dataclass(frozen=True)
class BlockFamily:
    """The templates of one building block of one part (event, cost, action …): the
    phrases that stand for one engine function are one family however many wordings it
    has, and the cards written with any of them."""

    game: str
    part: str
    templates: tuple[str, ...]
    description: str
    cards: tuple[str, ...]
    #: one card that uses the block, and the block as that card writes it
    example: tuple[str, str] | None = None

    def names_a_card(self, names: set[str]) -> list[str]:
        """The card names written in the fixed text of a template (a card's name must only
        ever come in through a slot)."""
        return sorted({n for t in self.templates for n in re.findall(r"「([^「」{}]+)」", t) if n in names})

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "part": self.part, "template": self.templates[0],
                "templates": list(self.templates), "cards": list(self.cards)}


def block_families(card_format: CardFormat, records: list[CardRecord]) -> list[BlockFamily]:
    """Every building block of a game, as families, with the cards (of ``records``) that
    use each; the cards that do not load count for nothing."""
    uses: dict[tuple[str, Any], dict[str, str]] = {}
    for record in sorted(records, key=lambda r: r.get("name", "")):
        with card_format.blocks.recording() as seen:
            parsed, _problems = card_format.parse(record)
        for phrase, text in seen if parsed is not None else ():
            uses.setdefault((phrase.kind, phrase.action), {}).setdefault(record["name"], text)
    families: dict[tuple[str, Any], list] = {}
    for phrase in card_format.blocks.phrases:
        families.setdefault((phrase.kind, phrase.action), []).append(phrase)
    out = []
    for (kind, action), phrases in families.items():
        used = uses.get((kind, action), {})
        out.append(BlockFamily(card_format.game, kind, tuple(p.template for p in phrases),
                               next((p.description for p in phrases if p.description), ""),
                               tuple(sorted(used)), next(iter(used.items()), None)))
    return out


@dataclass(frozen=True)
class CardCounts:
    """A game's cards by what they are written with: data only, a Python hook, or broken
    (a card that does not load, with its first problem: never counted as data)."""

    data: tuple[str, ...]
    hooked: tuple[str, ...]
    broken: dict[str, CardDataError]


def count_cards(card_format: CardFormat, records: list[CardRecord]) -> CardCounts:
    broken = {r.get("name", ""): problems[0] for r in records if (problems := card_format.problems(r))}
    loaded = [r for r in records if r.get("name", "") not in broken]
    return CardCounts(tuple(r["name"] for r in loaded if not uses_code(r)),
                      tuple(r["name"] for r in loaded if uses_code(r)), broken)


def uses_code(record: CardRecord) -> bool:
    """Whether a card (or one of its effects) names a Python hook."""
    return "hook" in record.get("fields", {}) or any("hook" in e.get("fields", {}) for e in record.get("effects", []))


# -- the catalogue a game reads its cards from ---------------------------------------------

_CARDS_DIR: list[Path | None] = [None]
_CATALOGUES: list["Catalogue"] = []


def use_cards_dir(path: Path | str) -> None:
    """Read every game's cards from ``path`` (one ``<game>.json`` each) from now on."""
    _CARDS_DIR[0] = Path(path)
    for catalogue in _CATALOGUES:
        catalogue.forget()


def cards_dir() -> Path:
    if _CARDS_DIR[0] is None:
        _CARDS_DIR[0] = Paths(find_root()).cards
    return _CARDS_DIR[0]


def read_records(path: Path) -> list[CardRecord]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SetupError(f"{path}: no card definitions: build the documents first "
                         f"(`rulings build`, or `sphinx-build -b gherkin spec build/features`)") from None
    except ValueError as err:
        raise SetupError(f"{path}: not a card file: {err}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT_VERSION:
        raise SetupError(f"{path}: card file of another format; build the documents again")
    return list(data.get("cards", []))


class Catalogue(Mapping[str, Any]):
    """A game's card definitions by name, built from the extracted card records on first
    use.  A card whose record is broken is left out; looking it up raises its problem."""

    def __init__(self, game: str, card_format: Callable[[], CardFormat]) -> None:
        self.game = game
        self._format = card_format
        self._cards: dict[str, Any] | None = None
        self._aliases: dict[str, str] = {}
        self._broken: dict[str, CardDataError] = {}
        self._records: dict[str, CardRecord] = {}
        #: while a rules table is changed (rulings.mutation.set_value): the card file's
        #: records, each built when it is first looked up by its name (``build_lazily``)
        self._pending: dict[str, CardRecord] | None = None
        self._built: dict[str, Any] = {}
        #: (the card file, its stamp, its records) as last read
        self._file: tuple[Path, tuple, list[CardRecord]] | None = None
        #: how many records the cards were last built from
        self._count = 0
        _CATALOGUES.append(self)

    def forget(self) -> None:
        self._cards = None
        self._pending = None

    @property
    def broken(self) -> dict[str, CardDataError]:
        self.cards  # noqa: B018 - every card built: which are broken
        return self._broken

    @property
    def records(self) -> dict[str, CardRecord]:
        self.cards  # noqa: B018
        return self._records

    def current_records(self) -> list[CardRecord]:
        """The records the cards are built from, one per name as :attr:`records` has them,
        without building any card: those loaded, else those waiting to be built, else the
        card file's (building 500 cards was most of what ``rulings coverage --check``
        did when nothing changed)."""
        if self._cards is not None:
            return list(self._records.values())
        records = list(self._pending.values()) if self._pending is not None \
            else read_records(cards_dir() / f"{self.game}.json")
        return list({record.get("name", ""): record for record in records}.values())

    def load_records(self, records: list[CardRecord]) -> None:
        card_format = self._format()
        cards: dict[str, Any] = {}
        self._pending, self._count = None, len(records)
        self._broken, self._records, self._aliases = {}, {}, {}
        for record in records:
            name = record.get("name", "")
            self._records[name] = record
            try:
                cards[name] = card_format.build(record)
            except CardDataError as err:
                err.game = self.game
                self._broken[name] = err
                continue
            for key in card_format.alias_fields:
                alias = (record.get("fields", {}).get(key) or "").strip()
                if alias and alias != name:
                    self._aliases.setdefault(alias, name)
        self._cards = cards

    def file_records(self) -> list[CardRecord]:
        """The records of the game's card file (read again when the file changed)."""
        path = cards_dir() / f"{self.game}.json"
        try:
            st = path.stat()
            stamp: tuple = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            stamp = ()
        if self._file is None or self._file[:2] != (path, stamp) or not stamp:
            self._file = (path, stamp, read_records(path))
        return self._file[2]

    # -- a rules table changed (rulings.mutation) ---------------------------------------------
    # A card is built from its own record alone (and the rules tables): building the one
    # card an example looks up gives the card that building them all would.  Under a
    # changed table the coverage tool runs an edited example or two, which look up a few
    # cards of hundreds: each is built when first looked up, and anything that needs the
    # whole catalogue (its names, a membership test, a name that is not exactly one
    # record's, a card that does not build) builds every card at once as ``load_records``
    # does.  tests/unit/test_coverage.py compares the measurements both ways.

    def state(self) -> tuple:
        """What :meth:`restore` puts back (the cards built, or not yet)."""
        return (self._cards, self._aliases, self._broken, self._records, self._pending, self._built, self._count)

    def restore(self, state: tuple) -> None:
        self._cards, self._aliases, self._broken, self._records, self._pending, self._built, self._count = state

    def built_from(self, records: list[CardRecord]) -> bool:
        """Whether the cards as they are now were built from exactly ``records``, in
        their order, each name once (``records`` being this catalogue's)."""
        return self._cards is not None and self._count == len(records) == len(self._records)

    def build_lazily(self, records: list[CardRecord] | None = None) -> bool:
        """Forget the cards, to be built again from ``records`` (by default the card
        file's), one at a time as they are looked up.  False, and simply forgotten, when
        the file cannot be read or names a card twice: then the whole catalogue is built
        as it always is."""
        self.forget()
        if records is None:
            try:
                records = self.file_records()
            except SetupError:
                return False
        by_name = {r.get("name", ""): r for r in records}
        if len(by_name) != len(records):
            return False
        self._pending, self._built = by_name, {}
        return True

    def try_build(self, record: CardRecord) -> CardDataError | None:
        """While cards are built lazily: build the card of ``record`` (one of them) now;
        its problem, if it has one."""
        try:
            card = self._format().build(record)
        except CardDataError as err:
            err.game = self.game
            return err
        self._built[record.get("name", "")] = card
        return None

    @property
    def cards(self) -> dict[str, Any]:
        if self._cards is None:
            pending = self._pending
            self.load_records(list(pending.values()) if pending is not None
                              else read_records(cards_dir() / f"{self.game}.json"))
        return self._cards

    def __getitem__(self, name: str) -> Any:
        if self._cards is None and self._pending is not None:
            if name in self._built:
                return self._built[name]
            record = self._pending.get(name)
            if record is not None:
                try:
                    card = self._format().build(record)
                except CardDataError:
                    pass  # the whole catalogue says what becomes of it (an alias may be its name)
                else:
                    self._built[name] = card
                    return card
        cards = self.cards
        if name in cards:
            return cards[name]
        if name in self._aliases:
            return cards[self._aliases[name]]
        if name in self._broken:
            raise self._broken[name]
        raise UnknownCard(name, [*cards, *self._broken])

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except SetupError:
            return default

    def __contains__(self, name: object) -> bool:
        return name in self.cards or name in self._aliases

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def names(self) -> list[str]:
        """Every name a step may use: card names and their aliases."""
        return [*self.cards, *self._aliases]
