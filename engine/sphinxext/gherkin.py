"""Reading an example's body with the official Gherkin parser, and writing features.

An ``example`` directive holds only steps (with data tables, and an Examples table
for an outline).  To parse it, the body is wrapped in a feature and a scenario of the
document's language; every problem is reported against the line of the document.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache

from gherkin.dialect import Dialect
from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser
from gherkin.token_matcher import TokenMatcher
from gherkin.token_scanner import TokenScanner

from rulings.project import REPEATED_TITLE

#: languages whose keywords we recognise in a document of another language, to say
#: "this is an English keyword" rather than "this is not a step"
_FOREIGN = ("en", "zh-CN", "zh-TW", "ja", "fr", "de")
KIND_OF = {"Context": "given", "Action": "when", "Outcome": "then"}
_HEADER_LINES = 2  # the feature line and the scenario line the body is wrapped in
#: whether a body of steps alone is read without the parser (_steps_alone); the tests
#: turn it off to compare
_FAST = True


class ExampleError(Exception):
    """``message``: the English warning (console); ``key`` and ``values``: the same
    problem as the page says it in the document's language (:meth:`said`)."""

    def __init__(self, message: str, line: int | None = None, *, key: str | None = None, **values):
        super().__init__(message)
        self.message = message
        #: index of the body line the problem is on (0-based), if known
        self.line = line
        self.key, self.values = key, values

    def said(self, language: str) -> str:
        words = PROBLEMS["ja" if language.lower().startswith("ja") else "zh-CN"]
        if self.key in words:
            names = LANGUAGE_NAMES["ja" if language.lower().startswith("ja") else "zh-CN"]
            values = {k: names.get(v, names["?"]) if k in ("language", "other") else v for k, v in self.values.items()}
            return words[self.key].format(**values)
        # the parser's own words are English: the console's warning gives them, at the line
        return words["parser"]


#: the documents' languages, as each names them
LANGUAGE_NAMES = {"zh-CN": {"zh-CN": "中文", "ja": "日语", "en": "英语", "?": "另一种语言"},
                  "ja": {"zh-CN": "中国語", "ja": "日本語", "en": "英語", "?": "ほかの言語"}}

#: what is wrong with an example's text, as its page says it
PROBLEMS = {
    "zh-CN": {
        "no-steps": "这个例子没有步骤", "tags": "例子里不能写标签（状态用 :status: 选项）",
        "doc-string": "例子里不用文档字符串：把文字写进步骤，或写成步骤下的数据表",
        "after-table": "例子表格之后不能再写步骤：所有步骤都写在表格之前",
        "foreign": "「{word}」是{other}的 Gherkin 关键字，而这篇文档用{language}写成：请用 {own}",
        "not-a-step": "这一行不是步骤：每一行都要以 {own} 之一开头（或是表格的一行），这里是「{text}」",
        "first": "例子不能以「{word}」开始：第一步用「假如」",
        "one-table": "一个大纲例子只有一个例子表格", "table-rows": "例子表格需要一行表头和至少一行数据",
        "no-column": "占位 <{name}> 在例子表格里没有对应的列（列：{columns}）",
        "no-table": "有占位 <{name}>，但例子没有例子表格", "one-scenario": "一个例子只写一个场景的步骤",
        "loose": "这一行不属于任何步骤：「{text}」（表格要紧接在它的步骤下面）",
        "parser": "Gherkin 解析器读不懂这个例子（构建时的警告写明了详情）",
    },
    "ja": {
        "no-steps": "この例にはステップがない", "tags": "例にタグは書けない（状態は :status: オプションで書く）",
        "doc-string": "例ではドキュメント文字列を使わない：文はステップに書くか、ステップの下のデータ表にする",
        "after-table": "例の表の後にステップは書けない：ステップはすべて表の前に書く",
        "foreign": "「{word}」は{other}の Gherkin のキーワードだが、この文書は{language}で書かれている：{own} を使う",
        "not-a-step": "この行はステップではない：各行は {own} のどれかで始まる（または表の行である）。ここは「{text}」",
        "first": "例は「{word}」では始められない：最初のステップは「前提」",
        "one-table": "アウトラインの例の表は1つだけ", "table-rows": "例の表には見出しの行と1行以上のデータが必要",
        "no-column": "プレースホルダー <{name}> に対応する列が例の表にない（列：{columns}）",
        "no-table": "プレースホルダー <{name}> があるのに例の表がない", "one-scenario": "1つの例には1つのシナリオのステップだけを書く",
        "loose": "この行はどのステップにも属さない：「{text}」（表はそのステップのすぐ下に置く）",
        "parser": "Gherkin のパーサーがこの例を読めない（詳しくはビルド時の警告）",
    },
}


@dataclass
class Step:
    keyword: str
    kind: str  # given | when | then
    text: str
    line: int  # 0-based index into the body
    table: list[list[str]] | None = None


@dataclass
class ParsedExample:
    steps: list[Step]
    #: outline examples: header and rows
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)

    @property
    def is_outline(self) -> bool:
        return bool(self.header)

    def instances(self) -> list[list[tuple[Step, str]]]:
        """The steps of each concrete scenario (one per Examples row), placeholders filled."""
        if not self.is_outline:
            return [[(s, s.text) for s in self.steps]]
        out = []
        for row in self.rows:
            values = dict(zip(self.header, row))
            out.append([(s, re.sub(r"<([^<>]+)>", lambda m: values.get(m.group(1), m.group(0)), s.text))
                        for s in self.steps])
        return out


@lru_cache(maxsize=None)
def dialect(language: str) -> Dialect:
    d = Dialect.for_name(language)
    if d is None:
        raise ExampleError(f"unknown Gherkin language {language!r}")
    return d


@lru_cache(maxsize=None)
def keywords(language: str) -> tuple[str, ...]:
    d = dialect(language)
    words = [*d.given_keywords, *d.when_keywords, *d.then_keywords, *d.and_keywords, *d.but_keywords]
    return tuple(w.strip() for w in words if w.strip() != "*")


@lru_cache(maxsize=None)
def _parser(language: str) -> tuple[Parser, TokenMatcher]:
    """One parser and token matcher per language, made once: each parse resets them, and
    the matcher starts in the language (no "# language:" line to switch it per example)."""
    return Parser(), TokenMatcher(language)


@lru_cache(maxsize=None)
def _step_keywords(language: str) -> tuple[tuple[str, str], ...]:
    """(keyword, keyword type) in the order the official token matcher tries them: every
    step keyword of the dialect, longest first (ties in the dialect's order), typed
    Context/Action/Outcome/Conjunction, or Unknown when the dialect lists it twice."""
    d = dialect(language)
    types: dict[str, list[str]] = {}
    for words, kind in ((d.given_keywords, "Context"), (d.when_keywords, "Action"), (d.then_keywords, "Outcome"),
                        (d.and_keywords, "Conjunction"), (d.but_keywords, "Conjunction")):
        for word in words:
            types.setdefault(word, []).append(kind)
    ordered = sorted(d.given_keywords + d.when_keywords + d.then_keywords + d.and_keywords + d.but_keywords,
                     key=len, reverse=True)
    return tuple((word, types[word][0] if len(types[word]) == 1 else "Unknown") for word in ordered)


def _steps_alone(language: str, body: list[str]) -> list[dict] | None:
    """The steps the official parser finds in a body of nothing but step lines and blank
    lines, as its AST gives them; None for any other body (tables, comments, Examples …),
    which the parser reads.  Such a body is nearly every example, and the parser's state
    machine was most of the cost of reading one: 0.6 ms an example.  The parser wraps the
    body in a feature and a scenario and reads it a line at a time (TokenScanner: lines
    end at "\n"); after the scenario line and after a step, a line is a step line before
    anything else it could be but a comment, a table row, a doc string separator or a
    tag (which no step keyword of ours starts); the step's keyword is the first of the matcher's that the
    line, left-stripped, starts with, and its text the rest, stripped.
    tests/unit/test_gherkin_steps_alone.py compares this with the parser on every example
    of spec/ and on generated bodies."""
    keywords = _step_keywords(language)
    steps = []
    for i, raw in enumerate(body):
        if "\n" in raw or "\r" in raw:
            return None
        line = raw.lstrip()
        if not line.strip():
            continue
        for word, kind in keywords:
            if line.startswith(word):
                break
        else:
            return None
        if line.startswith(("|", '"""', "```", "#", "@")):
            return None
        steps.append({"keyword": word, "keywordType": kind, "text": line[len(word):].strip(),
                      "location": {"line": i + _HEADER_LINES + 1}})
    return steps or None


def _foreign_keyword(line: str, language: str) -> tuple[str, str] | None:
    own = set(keywords(language))
    for other in _FOREIGN:
        if other == language:
            continue
        for word in keywords(other):
            if word not in own and line.startswith(word) and (not word.isascii() or line[len(word):][:1] in (" ", "")):
                return word, other
    return None


def parse_example(language: str, title: str, body: list[str]) -> ParsedExample:
    """Parse the steps of one example; raise :class:`ExampleError` with the body line."""
    d = dialect(language)
    if not any(line.strip() for line in body):
        raise ExampleError("the example has no steps", key="no-steps")
    examples_kw = tuple(k.strip() + ":" for k in d.examples_keywords)
    own = keywords(language)
    examples_at = None
    for i, raw in enumerate(body):
        line = raw.strip()
        if line.startswith("@"):
            raise ExampleError("tags are not allowed in an example (its status is the :status: option)", i, key="tags")
        if line.startswith(('"""', "```")):
            raise ExampleError("doc strings are not used in examples: write the text in the step, "
                               "or a data table under it", i, key="doc-string")
        if not line or line.startswith(("#", "|")):
            continue
        if line.startswith(examples_kw):
            examples_at = i
            continue
        if line.startswith(own):
            if examples_at is not None:
                raise ExampleError(f"a step after the Examples table (line {i - examples_at} below it): "
                                   "every step comes before the table", i, key="after-table")
            continue
        foreign = _foreign_keyword(line, language)
        if foreign:
            word, other = foreign
            raise ExampleError(f"'{word}' is a Gherkin keyword of {other}, but this document is written in "
                               f"{language}: use {' / '.join(own[:5])}", i, key="foreign", word=word, other=other,
                               language=language, own=" / ".join(own[:5]))
        first = line.split()[0] if line.split() else line
        near = difflib.get_close_matches(first, own, n=1, cutoff=0.3)
        hint = f"; closest keyword: {near[0]}" if near else ""
        raise ExampleError(f"not a step: a line must start with one of {' '.join(own)} "
                           f"(or be a table row), got {line[:40]!r}{hint}", i, key="not-a-step",
                           own=" ".join(own), text=line[:40])
    alone = _steps_alone(language, body) if examples_at is None and _FAST else None
    if alone is not None:
        scenario = {"steps": alone}
    else:
        scenario = _parse_scenario(language, title, body)
    steps: list[Step] = []
    kind = None
    for s in scenario["steps"]:
        kind = KIND_OF.get(s["keywordType"], kind)
        if kind is None:
            raise ExampleError(f"'{s['keyword'].strip()}' cannot start an example: begin with a Given",
                               s["location"]["line"] - _HEADER_LINES - 1, key="first", word=s["keyword"].strip())
        table = None
        if "dataTable" in s:
            table = [[c["value"] for c in r["cells"]] for r in s["dataTable"]["rows"]]
        steps.append(Step(s["keyword"].strip(), kind, s["text"], s["location"]["line"] - _HEADER_LINES - 1, table))
    if not steps:
        raise ExampleError("the example has no steps", key="no-steps")
    if alone is None:  # a body of steps alone uses every line that is not blank
        _check_every_line_used(body, scenario)
    parsed = ParsedExample(steps)
    examples = scenario.get("examples", [])
    if len(examples) > 1:
        raise ExampleError("an outline example has one Examples table", examples[1]["location"]["line"] - 4,
                           key="one-table")
    if examples:
        ex = examples[0]
        if "tableHeader" not in ex or not ex.get("tableBody"):
            raise ExampleError("the Examples table needs a header row and at least one row",
                               ex["location"]["line"] - _HEADER_LINES - 1, key="table-rows")
        parsed.header = [c["value"] for c in ex["tableHeader"]["cells"]]
        parsed.rows = [[c["value"] for c in r["cells"]] for r in ex["tableBody"]]
        for step in steps:
            for name in re.findall(r"<([^<>]+)>", step.text):
                if name not in parsed.header:
                    raise ExampleError(f"placeholder <{name}> has no column in the Examples table "
                                       f"(columns: {', '.join(parsed.header)})", step.line, key="no-column",
                                       name=name, columns="、".join(parsed.header))
    else:
        for step in steps:
            m = re.search(r"<([^<>]+)>", step.text)
            if m:
                raise ExampleError(f"placeholder <{m.group(1)}> but the example has no Examples table", step.line,
                                   key="no-table", name=m.group(1))
    return parsed


def _parse_scenario(language: str, title: str, body: list[str]) -> dict:
    """The scenario of the body wrapped in a feature, as the official parser reads it."""
    d = dialect(language)
    text = "\n".join([f"{d.feature_keywords[0]}: example", f"  {d.scenario_keywords[0]}: {title}",
                      *("    " + line for line in body)]) + "\n"
    parser, matcher = _parser(language)
    try:
        document = parser.parse(TokenScanner(text), matcher)
    except CompositeParserException as err:
        first = err.errors[0]
        raise ExampleError(_clean(str(first)), _body_line(first)) from None
    except ParserException as err:
        raise ExampleError(_clean(str(err)), _body_line(err)) from None
    children = document["feature"]["children"]
    if len(children) != 1 or "scenario" not in children[0]:
        raise ExampleError("an example holds the steps of exactly one scenario", key="one-scenario")
    return children[0]["scenario"]


def _check_every_line_used(body: list[str], scenario: dict) -> None:
    """The parser passes over some lines it cannot place (a table row before the first
    step): every line must belong to a step, a table or the Examples, or the example
    would run without it."""
    used: set[int] = set()

    def mark(location: dict) -> int:
        index = location["line"] - _HEADER_LINES - 1
        used.add(index)
        return index

    for step in scenario["steps"]:
        mark(step["location"])
        for row in step.get("dataTable", {}).get("rows", []):
            mark(row["location"])
    for examples in scenario.get("examples", []):
        mark(examples["location"])
        for row in [examples.get("tableHeader"), *examples.get("tableBody", [])]:
            if row:
                mark(row["location"])
    for i, raw in enumerate(body):
        line = raw.strip()
        if line and not line.startswith("#") and i not in used:
            what = "a table row" if line.startswith("|") else "a line"
            raise ExampleError(f"{what} that belongs to no step: {line[:40]!r}"
                               + (" (a table goes right under its step)" if line.startswith("|") else ""), i,
                               key="loose", text=line[:40])


def _body_line(err) -> int | None:
    loc = getattr(err, "location", None) or {}
    line = loc.get("line") if isinstance(loc, dict) else None
    return None if line is None else max(line - _HEADER_LINES - 1, 0)


def _clean(message: str) -> str:
    return re.sub(r"^\(\d+:\d+\): ", "", message)


def feature_text(*, language: str, game: str, title: str, source: str, scenarios: list[dict]) -> str:
    """One feature file: the document as a Feature, each example as a tagged Scenario."""
    d = dialect(language)
    lines = [f"# language: {language}",
             f"# Generated by rulings from {source}; edit the document, not this file.",
             f"@rulings-game:{game}",
             f"{d.feature_keywords[0]}: {title}", ""]
    names: set[str] = set()
    for sc in scenarios:
        keyword = d.scenario_outline_keywords[0] if sc["outline"] else d.scenario_keywords[0]
        tags = [f"@rulings-id:{sc['id']}", f"@rulings-hash:{sc['hash']}"]
        if sc.get("status") == "pending":
            tags.append("@rulings-pending")
        # pytest-bdd keeps a feature's scenarios by name: a title written twice in one
        # document would leave one example out of the run, its result silently dropped
        name = sc["title"]
        while name in names:
            name = f"{name} ({sc['id']})"
            tags.append(REPEATED_TITLE)
        names.add(name)
        lines += [f"  # {source}:{sc['line']}", "  " + " ".join(tags), f"  {keyword}: {name}"]
        lines += ["    " + line if line.strip() else "" for line in sc["body"]]
        lines.append("")
    return "\n".join(lines)
