"""Every reason the engine can give a reader is worded in the page's language (issue 27).

A refusal reaches a page when a step is refused: a Given the rules do not allow
(「设定不成立：规则不允许这样的设定：…」), a When refused, a Then's reason (「原因：…」).
Found here statically (the AST of engine/core and each game's package): the strings

- passed to the exceptions a reader sees (:class:`IllegalAction`, :class:`SetupError`,
  :class:`RefusedSetup`, :class:`ExpectationFailed`),
- returned by the functions that say why something cannot be done (``why_*``,
  ``payable``, ``refusal`` …),
- held by a variable named for a reason (``reason = f"…"``, ``why = …``) and then raised or
  observed,

each with its placeholders filled with sample values (a card's name in 「」, a number, a
player), worded the way a page words a refused step (:func:`rulings.wording.error_message`
with the game's wording table), and scanned for words of another language by the pages'
own scanner (tests/page_language.py).  The English stays the engine's (the console's):
the wording tables (engine/<game>/trace_words.py ``phrases``) say it in the documents'
language.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from rulings import vocabulary as vocab_mod
from rulings import wording
from rulings.vocabulary import ExpectationFailed
from rulings.core.errors import IllegalAction, RefusedSetup, SetupError
from rulings.project import GAMES, find_root
from tests import sources
from tests.page_language import foreign_words
from tests.worded_sandbox import worded_run  # noqa: F401 - a fixture

ROOT = find_root(Path(__file__).parent)
ENGINE = ROOT / "engine"
#: each game's documents' language
LANGUAGES = {game: language for game, (language, _package) in GAMES.items()}
#: the packages whose reasons a reader may see, and the games they speak for
PACKAGES = {"core": sorted(GAMES), **{game: [game] for game in GAMES}}

#: the exceptions whose message a page shows (wording.error_message, failure_message)
EXCEPTIONS = {"IllegalAction", "SetupError", "RefusedSetup", "ExpectationFailed", "expect"}
#: functions whose returned text is a reason (None: allowed)
REASON_FUNCTION = re.compile(
    r"^(why_\w+|payable|payment|needs|refusal|forbidden|sorcery_timing|\w+_ban|\w+_unmet|unique_on_field|count_used"
    r"|left_before_resolving|unanswerable_top|already_applied|cannot_\w+)$")
#: variables that hold a reason before it is raised or observed
REASON_VARIABLE = re.compile(r"^(reason|why|refused|refusal|ban|banned|unmet)$")
#: where a placeholder is in a template
SLOT = "\x00"

#: sample values for a placeholder, by the game's language
CARD = {"zh-CN": "青眼白龙", "ja": "ボルシャック・ドラゴン"}
#: what a placeholder whose value is already in the game's words (a table's, a reason's)
#: is sampled as: a word of the language, nothing English
WORD = {"zh-CN": "某", "ja": "何か"}


@dataclass(frozen=True)
class Reason:
    where: str          # engine/ygo/chain.py:384
    package: str
    template: str       # the text, SLOT for each placeholder (a text worded by log.say/said is not one)
    samples: tuple[str, ...]   # what each placeholder is filled with, per its expression
    kind: str           # "raise", "return", "variable"

    def text(self, language: str) -> str:
        values = iter(self.samples)
        return re.sub(SLOT, lambda _m: _sample(next(values), language), self.template)

    @property
    def shown(self) -> str:
        return self.template.replace(SLOT, "{}")


# -- finding them ----------------------------------------------------------------------------

def _constant(expr: ast.expr, scope: ast.AST | None) -> str | None:
    """The text a placeholder holds when the code says it here: a constant, the first
    branch of a conditional of two constants, a local variable assigned one of those."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return expr.value
    if isinstance(expr, ast.IfExp):
        return _constant(expr.body, scope)
    if isinstance(expr, ast.Name) and scope is not None:
        for sub in ast.walk(scope):
            if isinstance(sub, ast.Assign) and any(isinstance(t, ast.Name) and t.id == expr.id for t in sub.targets) \
                    and isinstance(sub.value, (ast.Constant, ast.IfExp)):
                return _constant(sub.value, None)
    return None


def _sample_kind(expr: ast.expr, before: str, after: str, scope: ast.AST | None = None) -> str:
    """What a placeholder stands for: a card, a player, a number, a zone, a summon method,
    a text the code gives it here (a constant, ``reason or 'ok'``), or a word (a value
    already in the game's words: a word table's, another reason's)."""
    source = ast.unparse(expr)
    if before.endswith("「") and after.startswith("」"):
        return "card"
    given = _constant(expr, scope)
    if given is not None:
        return "const:" + given
    if isinstance(expr, ast.BoolOp) and isinstance(expr.values[-1], ast.Constant):
        return "const:" + str(expr.values[-1].value)
    if isinstance(expr, ast.Call) and ".join" in source:
        return "cards" if "「" in source else "word"
    if isinstance(expr, (ast.Subscript, ast.Call)) and not source.endswith(".name"):
        # a word table (WHO[player], METHOD_WORDS.get(...), _who(player)) or a reason
        return "word"
    name = source.rsplit(".", 1)[-1]
    if re.search(r"player|controller|owner|chooser|victim", name):
        return "player"
    if re.fullmatch(r"n|count|number|targets|level|total|free|amount|lp|need|value|wanted|\w*_count", name):
        return "number"
    if "label" in name:
        return "label"
    if re.fullmatch(r"zone|source", name):
        return "zone"
    if name == "method":
        return "method"
    return "word"


def _sample(kind: str, language: str) -> str:
    if kind == "card":
        return CARD[language]
    if kind == "cards":
        return f"「{CARD[language]}」"
    if kind.startswith("const:"):
        return kind[6:]
    return {"player": "0", "number": "2", "label": "①" if language == "zh-CN" else "",
            "zone": "graveyard", "method": "normal"}.get(kind, WORD[language])


def _templates(node: ast.expr, scope: ast.AST | None, seen: frozenset = frozenset()) -> Iterator[tuple[str, tuple]]:
    """(template, sample kinds) of each text ``node`` may be, as far as it is written here."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value, ()
    elif isinstance(node, ast.JoinedStr):
        parts, kinds = [], []
        values = node.values
        for i, part in enumerate(values):
            if isinstance(part, ast.Constant):
                parts.append(str(part.value))
            else:
                before = "".join(str(v.value) for v in values[:i] if isinstance(v, ast.Constant))
                after = next((str(v.value) for v in values[i + 1:i + 2] if isinstance(v, ast.Constant)), "")
                inner = part.value
                # a nested text (a conditional of two texts, a text in a text): its own words
                if isinstance(inner, ast.JoinedStr) or (isinstance(inner, ast.IfExp) and not (
                        isinstance(inner.body, ast.Constant) and isinstance(inner.orelse, ast.Constant))):
                    nested = list(_templates(inner, scope, seen))
                    if nested:
                        text, sub = nested[0]
                        parts.append(text)
                        kinds.extend(sub)
                        continue
                parts.append(SLOT)
                kinds.append(_sample_kind(inner, before, after, scope))
        yield "".join(parts), tuple(kinds)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        for left, lk in _templates(node.left, scope, seen):
            for right, rk in _templates(node.right, scope, seen):
                yield left + right, lk + rk
    elif isinstance(node, ast.IfExp):
        yield from _templates(node.body, scope, seen)
        yield from _templates(node.orelse, scope, seen)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _templates(value, scope, seen)
    elif isinstance(node, ast.Call):
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name == "refusal" and len(node.args) == 2:  # the text, then the rule's own label
            for text, kinds in _templates(node.args[1], scope, seen):
                yield text + f"（{SLOT}）", kinds + ("word",)
    elif isinstance(node, ast.Name) and scope is not None and node.id not in seen:
        # a variable of the function: what it is assigned
        for sub in ast.walk(scope):
            if isinstance(sub, ast.Assign) and any(isinstance(t, ast.Name) and t.id == node.id for t in sub.targets):
                yield from _templates(sub.value, scope, seen | {node.id})


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def _own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function, not of the functions defined in it."""
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))


def _call_name(node: ast.Call) -> str:
    return node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")


def reasons(package: str) -> list[Reason]:
    """The reasons of ``package``'s code (scanned once per session: the code does not
    change under a test)."""
    return list(_reasons(package))


@functools.cache
def _reasons(package: str) -> tuple[Reason, ...]:
    found: dict[tuple[str, str], Reason] = {}

    def add(path: Path, node: ast.AST, expr: ast.expr, scope, kind: str) -> None:
        where = f"engine/{path.relative_to(ENGINE).as_posix()}:{node.lineno}"
        for template, kinds in _templates(expr, scope):
            if template.strip() and (where, template) not in found:
                found[(where, template)] = Reason(where, package, template, kinds, kind)

    for path in sorted((ENGINE / package).rglob("*.py")):
        if path.name in ("trace_words.py", "card_words.py", "explanations.py"):
            continue
        tree = sources.tree(path)
        for function in [tree, *_functions(tree)]:  # the module's own code, then each function's
            for node in _own_nodes(function):
                if isinstance(node, ast.Call) and _call_name(node) in EXCEPTIONS and node.args:
                    add(path, node, node.args[0], function,
                        "expect" if _call_name(node) in ("expect", "ExpectationFailed") else "raise")
                elif isinstance(node, ast.Return) and node.value is not None \
                        and REASON_FUNCTION.match(getattr(function, "name", "")):
                    add(path, node, node.value, function, "return")
                elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                        and REASON_VARIABLE.match(node.targets[0].id):
                    add(path, node, node.value, function, "variable")
    return tuple(sorted(found.values(), key=lambda r: (r.where, r.template)))


def _words(game: str):
    return wording.trace_words(game)


def worded(reason: Reason, game: str) -> str:
    """What a page of a ``game`` document shows of ``reason``: a refusal as a Given refused
    shows it (wording.error_message); an observation as a failed Then shows it when no
    word of its phrase restates it (wording.failure_message: what was observed, and why)."""
    language = LANGUAGES[game]
    text = reason.text(language)
    if reason.kind == "expect":
        shown = wording.failure_message(vocab_mod.load(game), "", "", ExpectationFailed(text, WORD[language], WORD[language]))
        return shown.split("\n", 1)[1]  # the first line is the document's own step
    return wording.error_message(language, RefusedSetup(text), _words(game))


def english(reason: Reason, game: str) -> list[str]:
    return foreign_words(worded(reason, game), LANGUAGES[game])


# -- the tests -----------------------------------------------------------------------------

@sources.READS_THE_CODE
def test_the_reasons_are_found():
    """The scan sees the reasons the engine gives (a sanity check on the scan itself)."""
    counts = {package: len(reasons(package)) for package in PACKAGES}
    assert counts["ygo"] > 100 and counts["mtg"] > 30 and counts["dm"] > 30 and counts["core"] >= 1, counts
    chain = [r.template for r in reasons("ygo") if r.where.startswith("engine/ygo/chain.py")]
    assert any("效果错过了时点" in t for t in chain), chain


@sources.READS_THE_CODE
@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_reason_reads_in_the_page_s_language(package):
    left = []
    for reason in reasons(package):
        for game in PACKAGES[package]:
            foreign = english(reason, game)
            if foreign:
                left.append(f"{reason.where}: {reason.text(LANGUAGES[game])!r} -> {worded(reason, game)!r}")
    assert not left, f"{len(left)} reason(s) of engine/{package} read in English on a page:\n  " + "\n  ".join(left)


def test_a_refused_when_shows_its_reason_worded_not_an_engine_error():
    """A When the rules refuse shows the rules' reason in the page's language (not 「引擎出错」)."""
    words = _words("ygo")
    shown = wording.error_message("zh-CN", IllegalAction("player 0 has no free pendulum zone"), words)
    assert shown == "自己没有空着的灵摆区域", shown
    given = wording.error_message("zh-CN", RefusedSetup("「青眼白龙」 is not face-up on the field"), words)
    assert given.endswith("「青眼白龙」不是场上表侧表示的卡"), given
    assert wording.error_message("ja", SetupError("「森」は手札にない"), _words("mtg")) == "前提が成り立たない：「森」は手札にない"


def test_a_refused_step_reads_in_the_page_s_language_in_the_results(worded_run):
    """End to end: the engine refuses in English (for the console), the results file (what
    the page shows) holds the refusal in Chinese (the sandbox of tests/worded_sandbox.py:
    a When refused, and the same refusal as a Given, run by ``rulings check``)."""
    results = worded_run.checked
    when, setup = results["refused-when"]["message"], results["refused-given"]["message"]
    assert when == "「番兵石人」不是场上表侧表示的卡", when
    assert setup == "设定不成立：规则不允许这样的设定：「番兵石人」不是场上表侧表示的卡", setup
