"""The ``example`` directive: one executable example, where it stands in the prose.

.. code-block:: rst

   .. example:: 「破坏龙 甘多拉」变成里侧再反转
      :id: ygo-fd-gandora-face-down
      :source: https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid=6109
      :date: 15/2/5

      假如 自己通常召唤「破坏龙 甘多拉」
      当 「破坏龙 甘多拉」变成里侧守备表示
      那么 「破坏龙 甘多拉」仍然是通常召唤的怪兽
"""

from __future__ import annotations

import re
import sys
import weakref
from contextlib import contextmanager

from docutils import nodes, utils
from docutils.parsers.rst import directives, states
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulings import results as results_mod

from . import nodes as rnodes
from . import reading
from .domain import note_example
from .encoding import undecodable_line
from .sources import DateError, iso_dates
from .state import document_language, load_results, project_path, status_now

logger = logging.getLogger(__name__)
ID_PATTERN = re.compile(r"^[\w.\-:/]+$")
URL_PATTERN = re.compile(r"^https?://[^\s<>\"'`]+$")
STATUSES = ("pending",)


class _Options(dict):
    """The known options; an unknown name is accepted by the parser and reported by the
    directive itself, so that the example stays counted (docutils would drop it)."""

    def __missing__(self, name: str):
        return directives.unchanged


#: docutils' own pattern of a field (an option line) starting a line
_FIELD_MARKER = re.compile(states.Body.patterns["field_marker"])
#: an option on one line whose name holds no inline markup (docutils reads such a name as
#: plain text, and the rest of the line, if any, as the value)
_SIMPLE_OPTION = re.compile(r":([A-Za-z][A-Za-z0-9-]*):(?: +(\S.*))?$")


@contextmanager
def _as_docutils_says():
    """The errors of an option block as docutils' own parser words them
    (``RSTState.parse_extension_options``)."""
    try:
        yield
    except KeyError as detail:
        raise states.MarkupError('unknown option: "%s"' % detail.args[0]) from None
    except (ValueError, TypeError) as detail:
        raise states.MarkupError("invalid option value: %s" % " ".join(detail.args)) from None
    except utils.ExtensionOptionError as detail:
        raise states.MarkupError("invalid option data: %s" % " ".join(detail.args)) from None


class ReadsOwnOptions:
    """A directive (with one optional argument, the title) that reads its ``:name: value``
    lines itself, with docutils' own option parser run in a state machine of that one
    state.  Given an ``option_spec``, docutils parses every directive's options in a
    nested state machine of all ~15 body states, each built from scratch: most of the
    cost of reading a document of examples.  Without one, docutils leaves the option
    lines in the argument; :meth:`read_options` splits them off where docutils would and
    converts and checks them as it would (``utils.extract_extension_options``), with the
    same error at the same line."""

    option_spec = None
    #: the options known (by name: converter); others are read with ``unchanged``
    known_options: dict = {}

    def read_options(self) -> None:
        lines = self.arguments[0].splitlines() if self.arguments else []
        at = next((i for i, line in enumerate(lines) if _FIELD_MARKER.match(line)), None)
        self.options = {}
        if at is None:
            return
        try:
            self.arguments = self.state.parse_directive_arguments(self, lines[:at])
            self.options = self._parse_options(lines[at:])
        except states.MarkupError as detail:
            # what docutils reports for a bad option block (and the directive is dropped)
            raise self.error(f'Error in "{self.name}" directive:\n{" ".join(detail.args)}.') from None

    def _parse_options(self, lines: list[str]) -> dict:
        """``RSTState.parse_extension_options``, in a state machine of the one state it uses;
        options written one a line under plain names (nearly all) go straight to docutils'
        conversion (``utils.assemble_option_dict``), with the name and value its parser
        would have found (tests/unit/test_directive_options.py compares both)."""
        simple = [_SIMPLE_OPTION.match(line) for line in lines]
        if all(simple):
            with _as_docutils_says():
                return utils.assemble_option_dict([(m.group(1).lower(), m.group(2)) for m in simple],
                                                  _Options(self.known_options))
        field_list = nodes.field_list()
        offset, blank_finish = self.state.nested_list_parse(
            lines, 0, field_list, initial_state="ExtensionOptions", blank_finish=True,
            state_machine_kwargs={"state_classes": (states.ExtensionOptions,)})
        if offset != len(lines):
            raise states.MarkupError("invalid option block")
        with _as_docutils_says():
            options = utils.extract_extension_options(field_list, _Options(self.known_options))
        if not blank_finish:
            raise states.MarkupError("option data incompletely parsed")
        return options


#: what every example of a document being read looks up the same way (its path, the
#: results), once per document: a stat of the results file and a path computation per
#: example were a tenth of reading a document of examples
_PER_DOCUMENT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _of_document(document: nodes.document, env, docname: str) -> tuple[str, object]:
    known = _PER_DOCUMENT.get(document)
    if known is None:
        known = _PER_DOCUMENT[document] = (project_path(env, docname), load_results(env)[0])
    return known


def slug(text: str) -> str:
    return "-".join(re.findall(r"\w+", text)).lower()


class ExampleDirective(ReadsOwnOptions, SphinxDirective):
    # the title is checked here rather than by docutils, which would drop the example
    required_arguments = 0
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    known_options = {
        "id": directives.unchanged,
        "source": directives.unchanged,
        "date": directives.unchanged,
        "status": directives.unchanged,
    }

    def warn(self, message: str, line: int, subtype: str) -> None:
        logger.warning(message, location=(self.env.docname, line), type="rulings", subtype=subtype)

    def _line_of(self, text: str) -> int:
        """The document line of the directive's first line holding ``text`` (an option)."""
        for i, written in enumerate(self.block_text.splitlines()):
            if text in written:
                return self.lineno + i
        return self.lineno

    def run(self) -> list[nodes.Node]:
        self.read_options()
        env, docname = self.env, self.env.docname
        line = self.lineno
        problems: list[str] = []
        #: the same problems as the page says them, in the document's language
        reasons: list[str] = []
        game, language, why = document_language(self.state.document, docname, self.config)
        words = OPTION_PROBLEMS["ja" if (language or "").lower().startswith("ja") else "zh-CN"]

        def problem(message: str, subtype: str, near: str | None = None, *, key: str = "", **values) -> None:
            problems.append(message)
            reasons.append(words[key].format(**values) if key in words else message)
            self.warn(message, self._line_of(near) if near else line, subtype)

        title = " ".join(self.arguments[0].split()) if self.arguments else ""
        if not title:
            problem("the example has no title: write it after '.. example::'", "title", key="title")
            title = f"{line} 行目" if words is OPTION_PROBLEMS["ja"] else f"第 {line} 行"
        for name in sorted(set(self.options) - set(self.known_options)):
            problem(f"unknown option ':{name}:' of the example; known: "
                    f"{', '.join(':' + k + ':' for k in self.known_options)}", "option", f":{name}:",
                    key="option", name=name, known="、".join(":" + k + ":" for k in self.known_options))
        declared = self.options.get("status")
        if declared is not None:
            declared = declared.strip()
            if declared not in STATUSES:
                problem(f"unknown :status: {declared!r}; the only status an example declares is "
                        f"{' or '.join(STATUSES)} (the others come from running it)", "status", ":status:",
                        key="status", status=declared)
                declared = None
        body = list(self.content)
        body_lines = [self.content.offset(i) + 1 for i in range(len(body))]
        if body_lines and body_lines[-1] - body_lines[0] == len(body_lines) - 1:
            # the lines of a body follow one another: a range keeps them in 48 bytes
            # (a list of line numbers was 6 % of an example's record)
            body_lines = range(body_lines[0], body_lines[-1] + 1)
        source, results = _of_document(self.state.document, env, docname)
        example_id = (self.options.get("id") or "").strip() or f"{docname}/{slug(title)}"
        if not ID_PATTERN.match(example_id):
            problem(f"example id {example_id!r} may only hold letters, digits and . - : /", "id", ":id:",
                    key="id", id=example_id)
            example_id = slug(example_id) or f"{docname}/line-{line}"
        sources = []
        for url in self.options.get("source", "").split():
            if URL_PATTERN.match(url):
                sources.append(url)
            else:
                problem(f"source {url!r} is not an http(s) URL", "source", url, key="source", url=url)
        written_date = self.options.get("date", "").strip()
        try:
            dates = iso_dates(written_date)
        except DateError as err:
            dates = []
            problem(str(err), "date", ":date:", key="date", date=written_date)
        if "source" in self.options and not self.options["source"].strip():
            problem(":source: is empty: give one or more http(s) URLs", "source", ":source:", key="no-source")
        record = {
            "id": example_id, "title": title, "docname": docname,
            "source": source,
            "line": line, "game": game, "language": language, "sources": sources,
            "date": written_date, "dates": dates, "declared": declared,
            "body": body, "body_lines": body_lines, "hash": results_mod.text_hash(language or "", title, "\n".join(body)),
            "extracted": False, "outline": False, "steps": [], "header": [], "rows": [], "error": None,
            # card names the steps use -> first line (checked against the site's cards once
            # every document is read: see cards.check_examples)
            "cards": {},
            # the phrase each step matched (rulings.incremental.phrase_id), when it was read
            "phrases": [],
        }
        if language is None:
            record["error"] = why
            record["reason"] = words["language"]
            self.warn(why, line, "language")
        else:
            self._parse(record, body, body_lines)
        bad_byte = undecodable_line(env)
        if bad_byte is not None:
            problems.append(f"the document is not valid UTF-8 (line {bad_byte})")
            reasons.append(words["utf-8"].format(line=bad_byte))
        if problems:
            # a malformed example is not run: it would pass or fail for the wrong reason
            read_reason = record.get("reason") or record["error"]
            record.update(extracted=False, error="; ".join([*problems, *filter(None, [record["error"]])]))
            record["reason"] = "；".join([*reasons, *filter(None, [read_reason])])
        # what reading the example alone decided; the cards are checked against it later
        record["parsed"], record["parse_error"] = record["extracted"], record["error"]
        record["parse_reason"] = record.get("reason") or record["error"]
        # the entry itself is looked up when the example is shown (state.result_of)
        record["status"] = sys.intern(status_now(env, record, results))
        env.rulings_examples.setdefault(docname, []).append(record)

        node = rnodes.example(record=record, ids=[nodes.make_id("example-" + example_id)])
        node.source, node.line = self.get_source_info()
        note_example(env, record, node["ids"][0])
        # plain text children so that the search index sees the example
        node += nodes.Text(title + "\n" + "\n".join(body))
        return [node]

    def _parse(self, record: dict, body: list[str], body_lines: list[int]) -> None:
        language, game = record["language"], record["game"]

        def at(index: int | None) -> int:
            return body_lines[index] if index is not None and index < len(body_lines) else record["line"]

        try:
            read = reading.cached_read(self.env.rulings_reading_path, self.env.docname, language, game,
                                       record["title"], body)
        except (KeyError, ImportError) as err:
            message = f"no step vocabulary for game {game!r}: {err}"
            words = OPTION_PROBLEMS["ja" if (language or "").lower().startswith("ja") else "zh-CN"]
            record.update(extracted=False, error=message, reason=words["vocabulary"].format(game=game))
            self.warn(message, record["line"], "vocabulary")
            return
        for message, index, subtype in read["warnings"]:
            if subtype == "gherkin":
                message = f"example {record['id']!r}: {message}"
            self.warn(message, at(index), subtype)
        # a step's keyword and kind are one of a handful: one string each in the environment
        record.update(extracted=read["extracted"], outline=read["outline"], header=read["header"], rows=read["rows"],
                      steps=[rnodes.recorded_step(sys.intern(s["keyword"]), sys.intern(s["kind"]), s["text"],
                                                  body_lines[s["line"]], s["table"]) for s in read["steps"]],
                      cards={name: at(index) for name, index in read["cards"].items()},
                      phrases=[sys.intern(p) for p in read.get("phrases") or ()])
        if read["error"]:
            message, index, located = read["error"]
            record["error"] = f"line {at(index)}: {message}" if located else message
            said = read.get("error_read") or message
            ja = (language or "").lower().startswith("ja")
            record["reason"] = ((f"{at(index)} 行目：" if ja else f"第 {at(index)} 行：") + said) if located else said
        if read.get("undefined"):
            record["error"] = "; ".join(f"line {at(index)}: {message}" for message, index in read["undefined"])
            # the page's reason, in the document's language
            ja = (language or "").lower().startswith("ja")
            record["reason"] = "；".join((f"{at(index)} 行目：" if ja else f"第 {at(index)} 行：") + message
                                        for message, index in read.get("undefined_read") or read["undefined"])


#: what is wrong with an example's options, as its page says it
OPTION_PROBLEMS = {
    "zh-CN": {"title": "例子没有标题：写在「.. example::」之后", "option": "例子没有选项 :{name}:；可用的选项：{known}",
              "status": "例子只能声明 :status: pending，不能声明「{status}」（其他状态来自运行结果）",
              "id": "例子编号 {id} 只能由字母、数字和 . - : / 组成", "source": "出处「{url}」不是 http(s) 网址",
              "date": "日期「{date}」读不懂", "no-source": ":source: 是空的：写一个或几个 http(s) 网址",
              "utf-8": "文档不是有效的 UTF-8（第 {line} 行）",
              "language": "看不出这个文档属于哪个游戏、用哪种 Gherkin 语言：请把它放进游戏的文件夹，"
                          "或在开头写 :game: 和 :gherkin-language: 两个字段",
              "vocabulary": "游戏「{game}」没有步骤的词汇表"},
    "ja": {"title": "例にタイトルがない：「.. example::」の後に書く", "option": "例に :{name}: というオプションはない。使えるもの：{known}",
           "status": "例が宣言できる :status: は pending だけで、「{status}」は宣言できない（ほかの状態は実行結果から決まる）",
           "id": "例の ID {id} に使えるのは英字・数字と . - : / だけ", "source": "出典「{url}」は http(s) の URL ではない",
           "date": "日付「{date}」が読めない", "no-source": ":source: が空である：http(s) の URL を1つ以上書く",
           "utf-8": "文書が正しい UTF-8 ではない（{line} 行目）",
           "language": "この文書がどのゲームのもので、どの Gherkin の言語で書かれているかわからない：ゲームのフォルダーに"
                       "置くか、先頭に :game: と :gherkin-language: の欄を書く",
           "vocabulary": "ゲーム「{game}」にステップの語彙がない"},
}


class DashboardDirective(SphinxDirective):
    """``.. rulings-dashboard::`` — a table of every document's examples by status."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.rulings_dashboards.add(self.env.docname)
        return [rnodes.dashboard()]
