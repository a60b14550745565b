"""What reading an example's body decided, computed once per text and kept by content.

Parsing a body with the official Gherkin parser and matching every step against the
game's vocabulary was the largest part of reading a document, and both builders (the
``gherkin`` extraction and ``html``) read every document, each example the same way.
The outcome depends only on the game, its Gherkin language, the title, the body, the
vocabulary's fingerprint and the code that reads (the ``extension`` input of
``rulings.digests``, which holds the parser's version), so it is kept under a key of those, per document, in
``<build>/reading/<docname>.json``: the other builder, and the next build of an edited
document, read the examples that did not change from there.  Lines are kept relative
to the body, so moving an example within its document does not miss the cache, and the
warnings are replayed at the lines of the document as it is now.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from rulings import digests
from rulings import vocabulary as vocab_mod
# the environment's version: the ``extension`` input of rulings.digests (the build's
# stamp includes it; the pytest binding computes it without Sphinx)
from rulings.extraction import format_version  # noqa: F401 - re-exported
from rulings.incremental import phrase_id
from rulings.results import write_atomic

from .gherkin import ExampleError, dialect, parse_example

#: per process: document's file -> (entries read from disk, entries used by this reading)
_DOCS: dict[Path, tuple[dict[str, Any], dict[str, Any]]] = {}




#: (game, vocabulary object, its phrase and term counts) -> fingerprint: computed again
#: when phrases or terms are added (a test or a plugin registering more)
_FINGERPRINTS: dict[tuple[str, int, int, int], str] = {}


def _fingerprint(game: str) -> str:
    vocabulary = vocab_mod.load(game)
    key = (game, id(vocabulary), len(vocabulary.phrases), len(vocabulary.terms))
    if key not in _FINGERPRINTS:
        _FINGERPRINTS[key] = vocabulary.fingerprint()
    return _FINGERPRINTS[key]


#: why an example checks nothing, in the document's language (an English gloss after it,
#: as the page's labels have): {language: (no Then, a Then before any Given or When)}
_CHECKS_NOTHING = {
    "zh-CN": ("这个例子什么也没有检查：没有「{then}」步骤 (the example checks nothing: it has no Then step)",
              "「{then}」写在任何「{given}」「{when}」之前：检查的是既没有布置也没有发生任何事的局面 "
              "(a Then before any Given or When checks a game nothing set up or happened in)"),
    "ja": ("この例は何も確かめていない：「{then}」のステップがない (the example checks nothing: it has no Then step)",
           "「{then}」がどの「{given}」「{when}」よりも前にある：何も用意されず何も起きていない局面を確かめている "
           "(a Then before any Given or When checks a game nothing set up or happened in)"),
}
_CHECKS_NOTHING_EN = ("the example checks nothing: it has no Then step ({then})",
                      "a Then ({then}) before any Given ({given}) or When ({when}) checks a game nothing set up "
                      "or happened in")


def checks_nothing(language: str, steps) -> list[tuple[str, int]]:
    """Why an example with these steps (kinds given / when / then, in order) would pass
    without checking anything: (message in the document's language, body line).  Only a
    Given, a Given and a When, no Then: nothing is compared, so it would always pass.  A
    Then before any Given or When (only a Then, too) checks an empty game nothing happened
    in.  A When with no Given is an example: the action starts from the game's opening."""
    if not steps:
        return []
    d = dialect(language)

    def word(keywords, default: str) -> str:
        return next((w.strip() for w in keywords if w.strip() != "*"), default)

    then, given, when = word(d.then_keywords, "Then"), word(d.given_keywords, "Given"), word(d.when_keywords, "When")
    no_then, early_then = _CHECKS_NOTHING.get(language, _CHECKS_NOTHING_EN)
    first_then = next((s for s in steps if s.kind == "then"), None)
    if first_then is None:
        return [(no_then.format(then=then, given=given, when=when), steps[-1].line)]
    first_setup = next((i for i, s in enumerate(steps) if s.kind in ("given", "when")), None)
    if first_setup is None or first_setup > steps.index(first_then):
        return [(early_then.format(then=then, given=given, when=when), first_then.line)]
    return []


#: a document whose Gherkin language is not its game's vocabulary's, as its page says it
_OTHER_LANGUAGE = {"zh-CN": "游戏「{game}」的步骤是用{theirs}写的，这个文档却声明 Gherkin 语言为{ours}",
                   "ja": "ゲーム「{game}」のステップは{theirs}で書かれているのに、この文書は Gherkin の言語を{ours}と宣言している"}
#: the languages, as each names them
_LANGUAGE_NAMES = {"zh-CN": {"zh-CN": "中文", "ja": "日语"}, "ja": {"zh-CN": "中国語", "ja": "日本語"}}


def _other_language(game: str, theirs: str, ours: str) -> str:
    def tag(language: str) -> str:
        return "ja" if language.lower().startswith("ja") else "zh-CN"

    names = _LANGUAGE_NAMES[tag(ours)]
    return _OTHER_LANGUAGE[tag(ours)].format(game=game, theirs=names.get(tag(theirs), theirs),
                                             ours=names.get(tag(ours), ours))


def unknown_step(language: str, keyword: str, text: str, closest: str | None) -> str:
    """Why a step cannot run, in the document's language (the page's reason; the console
    keeps the English warning)."""
    if language.lower().startswith("ja"):
        said = f"「{keyword}」のステップ「{text}」に合うフレーズがない"
        return said + (f"（近いフレーズ：{keyword} {closest}）" if closest else "")
    said = f"没有与「{keyword}」步骤「{text}」相符的短语"
    return said + (f"（最接近的短语：{keyword} {closest}）" if closest else "")


def read_body(language: str, game: str, title: str, body: list[str]) -> dict[str, Any]:
    """Parse one body and check its steps against the game's vocabulary.  Lines are
    indexes into ``body``; ``None`` means the example's own line.  Raises KeyError or
    ImportError when the game has no vocabulary (not kept: nothing to key it by)."""
    out: dict[str, Any] = {"steps": [], "outline": False, "header": [], "rows": [], "cards": {},
                           "warnings": [], "error": None, "extracted": False}
    try:
        parsed = parse_example(language, title, body)
    except ExampleError as err:
        index = err.line if err.line is not None and err.line < len(body) else None
        out["error"] = [err.message, index, True]
        out["error_read"] = err.said(language)
        out["warnings"].append([err.message, index, "gherkin"])
        return out
    out.update(extracted=True, outline=parsed.is_outline, header=parsed.header, rows=parsed.rows,
               steps=[{"keyword": s.keyword, "kind": s.kind, "text": s.text, "line": s.line, "table": s.table}
                      for s in parsed.steps])
    vocabulary = vocab_mod.load(game)
    if vocabulary.language != language:
        message = (f"the {game} vocabulary is written in {vocabulary.language}, "
                   f"but this document declares Gherkin language {language}")
        out.update(extracted=False, error=[message, None, False], warnings=[[message, None, "language"]],
                   error_read=_other_language(game, vocabulary.language, language))
        return out
    reported: set[tuple[int, str]] = set()
    undefined: list[list] = []
    #: the same reasons as the page says them (in the document's language)
    out["undefined_read"] = []
    for message, where in checks_nothing(language, parsed.steps):
        # runs green whatever the engine does: not run, and says why
        undefined.append([message, where])
        # the page's words: the document's language without the English half the console shows
        out["undefined_read"].append([re.sub(r" \([^()]*[A-Za-z]{3,}[^()]*\)$", "", message), where])
        out["warnings"].append([message, where, "checks-nothing"])
    #: the phrase each step matched (``rulings.incremental.phrase_id``): the match travels
    #: with the example (what its result rests on, what the binding checks it runs)
    matched: set[str] = set()
    for instance in parsed.instances():
        for step, text in instance:
            where = step.line
            found = vocabulary.read(step.kind, text)
            if found is None:
                if (where, "step") not in reported:
                    reported.add((where, "step"))
                    closest = vocabulary.closest(step.kind, text)
                    hint = f"; closest known phrase: {step.keyword} {closest[0]}" if closest else ""
                    message = f"no {step.kind} phrase matches {text!r}{hint}"
                    undefined.append([message, where])
                    # the same, as the page says it: in the document's language
                    out["undefined_read"].append(
                        [unknown_step(language, step.keyword, text, closest[0] if closest else None), where])
                    out["warnings"].append([message, where, "undefined-step"])
                continue
            tied = found.tied
            if tied and (where, "ambiguous") not in reported:
                reported.add((where, "ambiguous"))
                out["warnings"].append([f"step {text!r} matches {len(tied)} phrases equally: " + " | ".join(tied),
                                        where, "ambiguous-step"])
            for name in found.card_names:
                out["cards"].setdefault(name, where)
            matched.add(phrase_id(game, found.phrase.kind, found.phrase.template))
    out["phrases"] = sorted(matched)
    if undefined:
        # a step no phrase matches cannot be run: the example is not run, and says why
        out.update(extracted=False, undefined=undefined)
    return out


def _key(language: str, game: str, title: str, body: list[str]) -> str:
    return digests.key({"extension": digests.extension()}, _fingerprint(game),
                       json.dumps([language, game, title, body], ensure_ascii=False), length=32)


def cached_read(folder: str, docname: str, language: str, game: str, title: str, body: list[str]) -> dict[str, Any]:
    """:func:`read_body`, from the document's kept readings when the same text was read
    before (by either builder)."""
    key = _key(language, game, title, body)
    path = Path(folder, docname + ".json")
    if path not in _DOCS:
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            kept = kept if isinstance(kept, dict) else {}
        except (OSError, ValueError):
            kept = {}
        _DOCS[path] = (kept, {})
    kept, used = _DOCS[path]
    entry = kept.get(key)
    if not isinstance(entry, dict) or "warnings" not in entry or "phrases" not in entry:
        entry = read_body(language, game, title, body)
    used[key] = entry
    return entry


def keep(folder: str, docname: str) -> None:
    """After a document is read: keep the readings of its examples as they are now
    (only those, so that the file does not grow with every edit)."""
    path = Path(folder, docname + ".json")
    kept, used = _DOCS.pop(path, ({}, {}))
    if used and used != kept:
        # a cache: not synced to disk (a file lost with the machine is read again)
        write_atomic(path, json.dumps(used, ensure_ascii=False, separators=(",", ":")), durable=False)


def keep_read(app, doctree) -> None:
    """``doctree-read``: see :func:`keep`."""
    keep(app.env.rulings_reading_path, app.env.docname)
