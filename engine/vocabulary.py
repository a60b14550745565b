"""Step vocabularies: the one bridge between the prose of the documents and the engine.

A vocabulary is plain data: a list of :class:`Phrase` (a step kind, a template such as
``「{card}」变成里侧守备表示``, and the engine call it stands for), plus the terms its
placeholders may take.  pytest-bdd registers step definitions from it, the Sphinx
extension checks each documented step against it (and suggests the closest phrase),
and ``rulings steps`` prints it.  Nothing here imports pytest, Sphinx or Gherkin.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

from . import digests
from .core.errors import IllegalAction, InvariantBroken, RefusedSetup, SetupError, UnknownCard
from .core.identity import CardName
from .core.state import difference
from .project import GAMES as _PROJECT_GAMES

STEP_KINDS = ("given", "when", "then")
_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")

#: which copy of a card a step means, in each language, written before 「name」: the
#: words for "the n-th" (a regex whose one group is n) and "the other" (the second).
#: Copies are numbered in the order they came into the game (rulings.core.game).
COPY_WORDS = {
    "zh-CN": (r"第([0-9]+)张", "另一张"),
    "ja": (r"([0-9]+)枚目の", "もう1枚の"),
}
_COPY_SUFFIX = "__copy"


def copy_number(language: str, words: str | None) -> int | None:
    """The copy ``words`` ("第2张", "另一张", "2枚目の" …) name, or None for none."""
    if not words:
        return None
    nth, other = COPY_WORDS[language]
    if words == other:
        return 2
    m = re.fullmatch(nth, words)
    return int(m.group(1)) if m else None


class World(Protocol):
    """What a vocabulary's actions act on: one game in progress."""

    def trace(self) -> list[str]: ...

    def check_invariants(self) -> None: ...


class ExpectationFailed(AssertionError):
    """A Then step observed something other than what the example states."""

    def __init__(self, what: str, expected: Any, actual: Any):
        self.what, self.expected, self.actual = what, expected, actual
        super().__init__(f"{what}: expected {expected}, actual {actual}")


class ThenChangedGame(Exception):
    """A Then phrase changed the game it was asked to observe: an error of the
    vocabulary (the phrase), not of the ruling the example states."""


def run_step(phrase: "Phrase", world: World, arguments: dict[str, Any],
             table: Sequence[Sequence[str]] | None = None) -> Any:
    """Run one step.  A Then observes (rulings.core.game.Game.observing: a card it names
    that is not in the game is not brought in) and is checked to leave the game as it
    found it (a fingerprint of the game before and after, rulings.core.state)."""
    if phrase.kind != "then":
        return phrase.run(world, arguments, table)
    return observe(phrase, world, arguments, table)[0]


def observe(phrase: "Phrase", world: World, arguments: dict[str, Any], table: Sequence[Sequence[str]] | None = None,
            before: Any = None) -> tuple[Any, Any]:
    """Run a Then step as :func:`run_step` does: (what it returned, the fingerprint of the
    game it left, which is the one it found; None for a world that takes none).
    ``before``: the game's fingerprint when the caller knows it (the game as a Then
    before this one left it, nothing having run since): not taken again."""
    fingerprint = getattr(world, "fingerprint", None)
    if fingerprint is None:
        return phrase.run(world, arguments, table), None
    if before is None:
        before = fingerprint()
    with world.observing():
        result = phrase.run(world, arguments, table)
    after = fingerprint()
    if after != before:
        raise ThenChangedGame(f"the Then phrase 「{phrase.template}」 changed the game it observes "
                              f"({difference(before, after)}): a Then only observes")
    return result, after


def expect(what: str, expected: Any, actual: Any) -> None:
    if expected != actual:
        raise ExpectationFailed(what, expected, actual)


@dataclass(frozen=True)
class Term:
    """What a placeholder may stand for: a regex and a converter."""

    name: str
    pattern: str
    convert: Callable[[str], Any] = str
    #: placeholders of this term name cards (checked against the catalogue)
    names_card: bool = False
    description: str = ""
    #: a closed set: (word, value) in the order written, so that a value can be said
    #: back in words (a failed Then restated: engine/wording.py)
    words: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def choice(cls, name: str, mapping: dict[str, Any], description: str = "") -> "Term":
        """A closed set of words, each standing for a value (longest first, so 上级 beats 上)."""
        words = sorted(mapping, key=len, reverse=True)
        return cls(name, "|".join(re.escape(w) for w in words), mapping.__getitem__, description=description,
                   words=tuple(mapping.items()))


@dataclass(frozen=True)
class Phrase:
    kind: str
    template: str
    action: Callable[..., Any]
    description: str = ""
    #: the step takes a Gherkin data table (passed as ``table``: list of rows)
    takes_table: bool = False
    regex: str = ""
    params: tuple[tuple[str, Term], ...] = ()

    # compiled once per phrase (cached_property writes the instance's __dict__, which a
    # frozen dataclass allows): every step of every document is matched against these
    @cached_property
    def compiled(self) -> re.Pattern[str]:
        return re.compile(self.regex)

    @cached_property
    def needle(self) -> str:
        """The longest fixed piece of the template: every instance of the phrase contains
        it, so a text without it is not tried against the regex (a substring search costs
        a fraction of a failed match, and most phrases fail on most steps).  Pieces are
        cut at 「: which copy of a card it is may be written before one (``compile``)."""
        return max((f for piece in _PLACEHOLDER.split(self.template)[::3] for f in piece.split("「")), key=len)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(text) if self.needle in text else None

    @cached_property
    def specificity(self) -> int:
        """How many fixed characters the template has (placeholders do not count)."""
        return len(_PLACEHOLDER.sub("", self.template))

    def converters(self) -> dict[str, Callable[[str], Any]]:
        return {name: term.convert for name, term in self.params}

    def card_params(self) -> list[str]:
        return [name for name, term in self.params if term.names_card]

    def run(self, world: World, arguments: dict[str, Any], table: Sequence[Sequence[str]] | None = None) -> Any:
        kwargs = dict(arguments)
        if self.takes_table:
            kwargs["table"] = table
        try:
            result = self.action(world, **kwargs)
        except Exception as err:
            if self.kind == "given" and isinstance(err, IllegalAction):
                # the rules refuse the situation a Given describes: the example is wrong,
                # not the ruling it states
                raise RefusedSetup(str(err)) from err
            raise
        try:
            world.check_invariants()
        except Exception as err:
            # the state is impossible: name the step that produced it
            shown = ", ".join(f"{k}={v!r}" for k, v in arguments.items())
            broken = InvariantBroken(f"after {self.kind} 「{self.template}」({shown}): {err}")
            broken.after = (self.kind, self.template)
            raise broken from err
        return result


@dataclass
class PhraseBook:
    """Phrase templates of some kinds, their terms, and matching a text to a phrase.

    The step vocabulary of a game (kinds given/when/then) and the building blocks its
    cards are written with (kinds condition/target/action …) are both phrase books, so
    they share one way of writing templates, one matcher and one closest-phrase hint."""

    game: str
    language: str
    kinds: tuple[str, ...] = field(default=STEP_KINDS, kw_only=True)
    terms: dict[str, Term] = field(default_factory=dict, kw_only=True)
    phrases: list[Phrase] = field(default_factory=list, kw_only=True)
    #: a card named in a phrase may be preceded by which copy it is (COPY_WORDS)
    numbered_copies: bool = field(default=False, kw_only=True)

    def term(self, term: Term) -> Term:
        self.terms[term.name] = term
        return term

    def compile(self, template: str) -> tuple[str, tuple[tuple[str, Term], ...]]:
        params: list[tuple[str, Term]] = []
        pieces: list[str] = []
        last = 0
        for m in _PLACEHOLDER.finditer(template):
            pieces.append(re.escape(template[last:m.start()]))
            name, term_name = m.group(1), m.group(2) or m.group(1).rstrip("0123456789")
            if term_name not in self.terms:
                raise KeyError(f"phrase {template!r}: no term {term_name!r}")
            term = self.terms[term_name]
            params.append((name, term))
            if term.names_card and self.numbered_copies and pieces and pieces[-1].endswith("「"):
                # 「X」 may be preceded by which copy it is (第2张「X」, もう1枚の「X」)
                nth, other = COPY_WORDS[self.language]
                nth = re.sub(r"\((?!\?)", "(?:", nth)
                pieces[-1] = pieces[-1][:-1] + f"(?P<{name}{_COPY_SUFFIX}>{nth}|{re.escape(other)})?「"
            pieces.append(f"(?P<{name}>{term.pattern})")
            last = m.end()
        pieces.append(re.escape(template[last:]))
        return "".join(pieces), tuple(params)

    def phrase(self, kind: str | tuple[str, ...], template: str, *, table: bool = False, description: str = ""):
        """Decorator registering ``action`` as the meaning of ``template``."""
        kinds = (kind,) if isinstance(kind, str) else tuple(kind)
        if not set(kinds) <= set(self.kinds):
            raise ValueError(f"{kind!r} is not one of {', '.join(self.kinds)}")

        def register(action: Callable[..., Any]) -> Callable[..., Any]:
            regex, params = self.compile(template)
            for k in kinds:
                if any(p.template == template and p.kind == k for p in self.phrases):
                    raise ValueError(f"phrase registered twice: {template}")
                self.phrases.append(Phrase(k, template, action, description or (action.__doc__ or "").strip(),
                                           table, regex, params))
            return action

        return register

    def fingerprint(self) -> str:
        """A digest of what texts are checked against (phrases and terms): when it
        changes, documents are checked again."""
        parts = [self.language, *(f"{p.kind}\t{p.template}\t{p.regex}" for p in self.phrases),
                 *(f"{t.name}\t{t.pattern}\t{t.names_card}" for t in self.terms.values())]
        return digests.digest(["\n".join(parts)])

    # matching -------------------------------------------------------------------------

    def _ranked(self, kind: str) -> list[Phrase]:
        """The phrases of ``kind``, most specific first: when two phrases match a step
        (``{player}{method}召唤「{card}」`` and ``{player}反转召唤「{card}」``), the one
        with more fixed words wins, whatever order they were registered in."""
        key = (kind, len(self.phrases))
        cache = self.__dict__.setdefault("_ranked_cache", {})
        if key not in cache:
            cache[key] = sorted((p for p in self.phrases if p.kind == kind), key=lambda p: -p.specificity)
        return cache[key]

    def candidates(self, kind: str, text: str) -> list[tuple[Phrase, re.Match[str]]]:
        """Every phrase of ``kind`` that ``text`` is an instance of, most specific first."""
        return [(p, m) for p in self._ranked(kind) if (m := p.fullmatch(text))]

    def _first(self, kind: str, text: str) -> tuple[Phrase, re.Match[str]] | None:
        for phrase in self._ranked(kind):
            m = phrase.fullmatch(text)
            if m:
                return phrase, m
        return None

    def read(self, kind: str, text: str) -> "StepReading | None":
        """Everything matching ``text`` decides, in one pass over the phrases: the phrase
        chosen, its groups, the phrases tied with it and the cards it names (None: no
        phrase matches).  Each text is matched once per set of phrases: steps are written
        again and again (46 % of the step lines of spec/ repeat one written before)."""
        cache = self.__dict__.setdefault("_read_cache", {})
        key = (kind, text, len(self.phrases))
        if key not in cache:
            cache[key] = self._read(kind, text)
        return cache[key]

    def _read(self, kind: str, text: str) -> "StepReading | None":
        """:meth:`read` itself.  Only phrases as specific as the chosen one are tried
        after it, since the ranking puts every less specific phrase after them."""
        ranked = self._ranked(kind)
        for i, phrase in enumerate(ranked):
            m = phrase.fullmatch(text)
            if m is None:
                continue
            tied = [phrase.template]
            best = phrase.specificity
            for other in ranked[i + 1:]:
                if other.specificity != best:
                    break
                if other.fullmatch(text):
                    tied.append(other.template)
            return StepReading(phrase, m, tuple(tied) if len(tied) > 1 else ())
        return None

    def match(self, kind: str, text: str) -> tuple[Phrase, dict[str, Any]] | None:
        """The phrase ``text`` is an instance of, and its converted arguments."""
        found = self._first(kind, text)
        seen = self.__dict__.get("_seen")
        if found and seen is not None:
            seen.append((found[0], text))
        return (found[0], self._arguments(*found)) if found else None

    @contextmanager
    def recording(self) -> Iterator[list[tuple[Phrase, str]]]:
        """Every phrase :meth:`match` finds while the block runs, with the text it found
        it in, blocks written inside blocks included (``只要这张卡存在，{rest}``): which
        blocks a card uses, and how."""
        outer, seen = self.__dict__.get("_seen"), []
        self.__dict__["_seen"] = seen
        try:
            yield seen
        finally:
            if outer is not None:
                outer.extend(seen)
            self.__dict__["_seen"] = outer

    def _arguments(self, phrase: Phrase, m: re.Match[str]) -> dict[str, Any]:
        arguments = {name: term.convert(m.group(name)) for name, term in phrase.params}
        for name, term in phrase.params:
            number = copy_number(self.language, m.groupdict().get(name + _COPY_SUFFIX))
            if number is not None:
                arguments[name] = CardName(arguments[name], number)
        return arguments

    def raw_match(self, kind: str, text: str) -> tuple[Phrase, dict[str, str]] | None:
        found = self._first(kind, text)
        return (found[0], _raw(found[1])) if found else None

    def ambiguous(self, kind: str, text: str) -> list[str]:
        """Templates that match ``text`` as specifically as the chosen one (a step that
        means two things); empty when the choice is clear."""
        found = self.read(kind, text)
        return list(found.tied) if found else []

    def closest(self, kind: str, text: str, n: int = 1) -> list[str]:
        """The known phrases most like ``text`` (placeholders shown as ``{name}``).

        Each template is compared with its slots filled from ``text`` (:func:`_filled`):
        「这张卡上级召唤成功的场合」 is near 「这张卡{how:summoned}成功的场合」 once its slot
        holds 上级召唤, whatever the length of the words the slot stands for."""
        candidates = [p for p in self.phrases if p.kind == kind] or list(self.phrases)
        # card names are blanked on both sides, so that they do not dominate the similarity
        probe = _CARD_NAME.sub("「」", text)
        scored: dict[str, float] = {}
        for p in candidates:
            filled, empty = _filled(self, p.template, probe)
            ratio = difflib.SequenceMatcher(None, probe, _CARD_NAME.sub("「」", filled), autojunk=False).ratio()
            # of two templates that fit as well, the one that needs no empty slot
            scored[p.template] = max(ratio - 0.001 * empty, scored.get(p.template, -1.0))
        return sorted(scored, key=lambda t: -scored[t])[:n]

    def card_names_in(self, kind: str, text: str) -> list[str]:
        """The card names a matching ``text`` names (placeholders of a card term)."""
        found = self._first(kind, text)
        return _card_names(*found) if found else []


_CARD_NAME = re.compile(r"「[^」]*」")


def _filled(book: PhraseBook, template: str, text: str) -> tuple[str, int]:
    """``template`` with each slot filled from the part of ``text`` that stands where
    the slot stands, the fixed pieces aligned on ``text`` (difflib): a slot of a closed
    set takes its word nearest to that part, any other slot the part itself (the
    template as written when a slot cannot be placed); and how many slots were left
    empty (slots side by side share their part, the first ones taking what they can say)."""
    pieces = _PLACEHOLDER.split(template)   # fixed, name, term, fixed, name, term, …, fixed
    fixed = pieces[::3]
    if len(fixed) == 1:
        return template, 0
    blank = "".join(fixed)
    blocks = difflib.SequenceMatcher(None, blank, text, autojunk=False).get_matching_blocks()

    def at(i: int, side: int) -> int | None:
        """Where character i of ``blank`` lands in ``text`` (side -1: just after it)."""
        for a, b, size in blocks:
            if a <= i < a + size:
                return b + (i - a) + (1 if side < 0 else 0)
        return None

    def fill(term, part: str) -> str:
        """A slot's word: the part itself, or for a closed set its word nearest the part."""
        if term is None or not term.words or re.fullmatch(term.pattern, part):
            return part
        near = difflib.get_close_matches(part, [w for w, _ in term.words], n=1, cutoff=0.0)
        return near[0] if near else part

    out, offset, k, empty = [fixed[0]], len(fixed[0]), 1, 0
    while k < len(fixed):
        # a run of slots with no fixed text between them shares one part of ``text``
        run = [k]
        while run[-1] < len(fixed) - 1 and fixed[run[-1]] == "":
            run.append(run[-1] + 1)
        last = run[-1]
        start = at(offset - 1, -1) if offset else 0
        end = at(offset, +1) if offset < len(blank) else len(text)
        part = text[start:end] if start is not None and end is not None and start <= end else None
        terms = [book.terms.get(pieces[3 * j - 1] or pieces[3 * j - 2].rstrip("0123456789")) for j in run]
        if part is None or None in terms:
            out += ["{" + pieces[3 * j - 2] + "}" + fixed[j] for j in run]
        else:
            # each slot but the last takes the longest beginning of the part it can say
            for term in terms[:-1]:
                cut = next((n for n in range(len(part), 0, -1) if re.fullmatch(term.pattern, part[:n])), 0)
                out.append(fill(term, part[:cut]) if cut else "")
                empty += not cut
                part = part[cut:]
            out.append(fill(terms[-1], part))
            out.append(fixed[last])
        offset += len(fixed[last])
        k = last + 1
    return "".join(out), empty


def _raw(m: re.Match[str]) -> dict[str, str]:
    """A match's groups by placeholder name (without the copy words)."""
    return {k: v for k, v in m.groupdict().items() if not k.endswith(_COPY_SUFFIX)}


def _card_names(phrase: Phrase, m: re.Match[str]) -> list[str]:
    return [m.group(name) for name, term in phrase.params if term.names_card]


@dataclass(frozen=True)
class StepReading:
    """What matching one text against a phrase book decided (:meth:`PhraseBook.read`)."""

    phrase: Phrase
    found: re.Match[str]
    #: templates as specific as the chosen one that match too (the step means two
    #: things); empty when the choice is clear
    tied: tuple[str, ...]

    @property
    def raw(self) -> dict[str, str]:
        return _raw(self.found)

    @property
    def card_names(self) -> list[str]:
        return _card_names(self.phrase, self.found)


@dataclass
class Vocabulary(PhraseBook):
    """A game's step phrases: what the Given, When and Then steps of its examples mean."""

    new_world: Callable[[], World] = field(kw_only=True)
    numbered_copies: bool = field(default=True, kw_only=True)
    #: names of every card in the game's catalogue
    card_names: Callable[[], Iterable[str]] = field(kw_only=True)

    def given(self, template: str, **kw):
        return self.phrase("given", template, **kw)

    def when(self, template: str, **kw):
        return self.phrase("when", template, **kw)

    def then(self, template: str, **kw):
        return self.phrase("then", template, **kw)

    def unknown_cards(self, kind: str, text: str, known: Iterable[str] | None = None) -> list[Any]:
        """Card names in a matching step that are not ``known`` (by default: the
        catalogue), as UnknownCard errors."""
        known = set(self.card_names() if known is None else known)
        return [UnknownCard(name, known) for name in self.card_names_in(kind, text) if name not in known]


#: every game's vocabulary, by game id; filled by :func:`load`.
_REGISTRY: dict[str, Vocabulary] = {}

#: game id -> the module of its steps (the games themselves: engine/project.py)
GAMES = {game: f"{package}.steps" for game, (_, package) in _PROJECT_GAMES.items()}


def load(game: str) -> Vocabulary:
    """The vocabulary of ``game`` (imported on first use)."""
    if game not in _REGISTRY:
        if game not in GAMES:
            raise KeyError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
        module = importlib.import_module(GAMES[game])
        _REGISTRY[game] = module.VOCABULARY
    return _REGISTRY[game]


def explanations(game: str) -> dict[str, str]:
    """What each phrase of ``game`` means in its documents' language, by template (the
    game's ``explanations.py``; none when it has no such module)."""
    if importlib.util.find_spec(GAMES[game].rsplit(".", 1)[0] + ".explanations") is None:
        return {}
    # a module of the fixed table of games, never a name a document wrote
    return importlib.import_module(GAMES[game].rsplit(".", 1)[0] + ".explanations").EXPLANATIONS


def available_games() -> list[str]:
    return [g for g, mod in GAMES.items() if importlib.util.find_spec(mod.rsplit(".", 1)[0]) is not None]
