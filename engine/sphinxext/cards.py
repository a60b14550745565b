"""Cards written where rulings are written: the ``card`` and ``effect`` directives.

.. code-block:: rst

   .. card:: 番兵石人
      :kind: 效果怪兽
      :level: 3

      这张卡1回合1次可以变成里侧守备表示。

      .. effect:: ①
         :kind: 起动
         :action: 这张卡变成里侧守备表示

A card becomes a *card record* (plain data, see :mod:`rulings.cardformat`), checked at its
file and line against the game's card format; the ``gherkin`` builder writes every
game's records to ``build/cards/<game>.json``, which is all the engine reads.  Once every
document is read, the examples are checked against the cards of the whole site: an
example naming an unknown or broken card is not run, with the reason on its page.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulings import cardformat
from rulings import results as results_mod
from rulings.project import GAMES
from rulings.results import write_atomic

from . import card_registry
from .card_registry import cards_by_game
from .directive import ReadsOwnOptions
from .nodes import card_index, each
from .domain import note_card
from .language import mark, of_game, reason_nodes
from .state import document_language, load_results, project_path, status_now

logger = logging.getLogger(__name__)
CARDS_FORMAT = cardformat.FORMAT_VERSION


class effect_definition(nodes.General, nodes.Element):
    """An ``effect`` inside a card, until the card takes it: ``node['record']``."""


class card_uses(nodes.General, nodes.Element):
    """Placeholder filled at resolve time with the examples that name a card."""


class card_fields(nodes.General, nodes.Element):
    """A card's or an effect's fields until its page is written (``expand_fields``):
    ``node['fields']``, ``node['effect']``, ``node['cls']``, ``node['game']``.

    As a field list each field is six docutils nodes (field, name, body, paragraph and
    their texts), each element with its dict, its attributes' dict and six lists: for
    the 1 090 field lists of the benchmark's project at 1 000 examples, 146 000 of the
    341 000 objects alive when reading ends, which Sphinx keeps until each page is
    written (every doctree of a build stays in memory between reading and writing) and
    which the interpreter's cyclic collector walked again at each of its full
    collections.  Kept as this one node and made into the field list just before the
    page is written (``doctree-resolved``, before the extension's other listeners), the page is the
    same."""




def anchor(game: str, name: str) -> str:
    return f"card-{game}-{hashlib.sha1(name.encode()).hexdigest()[:10]}"


def _options(directive: SphinxDirective) -> tuple[dict[str, str], dict[str, int]]:
    fields, lines = {}, {}
    for key, value in directive.options.items():
        fields[key] = "" if value is None else str(value)
        lines[key] = directive.lineno
        for i, written in enumerate(directive.block_text.splitlines()):
            if written.strip().startswith(f":{key}:"):
                lines[key] = directive.lineno + i
                break
    return fields, lines


def _warn(message: str, location, subtype: str) -> None:
    logger.warning(message, location=location, type="rulings", subtype=subtype)


class _FieldsDirective(ReadsOwnOptions, SphinxDirective):
    """A directive whose argument is a name and whose options are the fields of the
    game's card format (checked by the format, so that a typo is reported, not dropped)."""

    required_arguments = 0
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    known_options = {"hook": directives.unchanged}


class EffectDirective(_FieldsDirective):
    """``.. effect:: <label>`` inside a card: one effect, its fields and its printed text."""

    def run(self) -> list[nodes.Node]:
        self.read_options()
        fields, lines = _options(self)
        label = " ".join(self.arguments[0].split()) if self.arguments else ""
        record = {"label": label, "line": self.lineno, "fields": fields, "lines": lines,
                  "text": "\n".join(self.content).strip()}
        node = effect_definition(record=record)
        node.source, node.line = self.get_source_info()
        if not label:
            _warn("the effect has no label: write it after '.. effect::' (①, ②, 发动 …)",
                  (self.env.docname, self.lineno), "card")
        return [node]


class CardDirective(_FieldsDirective):
    """``.. card:: <name>``: a card's fields, printed text and effects."""

    def run(self) -> list[nodes.Node]:
        self.read_options()
        env, docname = self.env, self.env.docname
        name = " ".join(self.arguments[0].split()) if self.arguments else ""
        game, _language, why = document_language(self.state.document, docname, self.config)
        body = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, body)
        effects = []
        for node in list(body.findall(effect_definition)):
            effects.append(node["record"])
            node.parent.remove(node)
        fields, lines = _options(self)
        record = {"name": name, "game": game, "docname": docname, "source": project_path(env, docname),
                  "line": self.lineno, "fields": fields, "lines": lines,
                  "text": "\n\n".join(p.astext() for p in body.findall(nodes.paragraph)), "effects": effects,
                  "anchor": anchor(game or "", name), "problems": []}
        problems: list[tuple[int, str]] = []
        if not name:
            problems.append((self.lineno, "the card has no name: write it after '.. card::'"))
        if game is None:
            problems.append((self.lineno, why))
        else:
            try:
                fmt = cardformat.format_of(game)
            except (KeyError, ImportError, AttributeError) as err:
                problems.append((self.lineno, f"no card format for game {game!r}: {err}"))
            else:
                try:
                    problems += [(p.line, p.message) for p in fmt.problems(record)]
                except Exception as err:  # noqa: BLE001 - the card's problem, not the build's end
                    # the card format stopped on this card (a hook where it does not belong,
                    # say, called with what it does not take): the card is broken, at its line
                    problems.append((self.lineno, f"the card cannot be made: {type(err).__name__}: {err} "
                                                  "(is a hook of an effect written on the card itself?)"))
        for line, message in problems:
            _warn(f"card 「{name}」: {message}", (docname, line), "card")
        record["problems"] = [f"{record['source']}:{line}: {message}" for line, message in problems]
        # the same problems as the card's page says them, in its game's language
        record["problems_read"] = [[line, said_problem(game, message)] for line, message in problems]
        env.rulings_cards.setdefault(docname, []).append(record)
        note_card(env, record)
        # the list of examples under the card changes with other documents
        env.rulings_dashboards.add(docname)
        return [self._render(record, body, game)]

    def _render(self, record: dict, body: nodes.container, game: str | None) -> nodes.Node:
        """The card as readers see it, in plain docutils nodes (every builder renders them;
        its fields once the page is written: ``card_fields``)."""
        box = nodes.container(classes=["rulings-card"], ids=[record["anchor"]])
        box["rulings-card"] = record["name"]
        title = nodes.rubric(text=record["name"] or "?", classes=["rulings-card-name"])
        box += title
        source, line = self.get_source_info()
        box += _fields(record["fields"], effect=False, cls="rulings-card-fields", game=game, at=(source, line))
        for child in list(body.children):
            box += child
        for effect in record["effects"]:
            part = nodes.container(classes=["rulings-effect"])
            head = nodes.paragraph(classes=["rulings-effect-label"])
            head += nodes.strong(text=effect["label"])
            part += head
            if effect["text"]:
                part += nodes.paragraph(text=effect["text"])
            part += _fields(effect["fields"], effect=True, cls="rulings-effect-fields", game=game, at=(source, line))
            box += part
        if record["problems"]:
            box += problems_paragraph(record, game)
        box += card_uses(game=game, name=record["name"])
        _placed(box, source, line)
        return box


def _placed(box: nodes.Element, source: str, line: int) -> None:
    """Give the text nodes made here (not those of the card's parsed text, which have
    theirs) the card's source and line and their text as raw source, as Sphinx's
    ``ApplySourceWorkaround`` would: for a rubric or a field name it does so after a
    debug record whose argument is the node rendered as XML (``repr_domxml``), computed
    even when nothing is logged — 4 600 such renderings for the project's cards."""
    for node in box.findall(nodes.TextElement):
        if node.source is None:
            node.source, node.line = source, line
        if not node.rawsource:
            node.rawsource = node.astext()


#: where a card's problem is, as its page says it (the file is the page's own)
AT_LINE = {"zh-CN": "第 {line} 行：{said}", "ja": "{line} 行目：{said}"}


def said_problem(game: str | None, message: str) -> str:
    """A card's problem (English, for the console) as the card's page says it."""
    language = of_game(game)
    try:
        return cardformat.format_of(game).said(message, language) if game else cardformat.problem_said(message, language)
    except (KeyError, ImportError, AttributeError):
        return cardformat.problem_said(message, language)


def problems_paragraph(record: dict, game: str | None) -> nodes.paragraph:
    """The card's problems in its game's language; an option name (``:level:``) is code."""
    said = record.get("problems_read") or [[record.get("line", 0), said_problem(game, p)] for p in record["problems"]]
    text = "；".join(AT_LINE[of_game(game)].format(line=line, said=words) for line, words in said)
    return nodes.paragraph("", "", *reason_nodes(text), classes=["rulings-error"])


#: the names of fields that a card format gives no label, in the language of the game
FIELD_WORDS = {"zh-CN": {"hook": "代码钩子"}, "ja": {"hook": "コードのフック"}}


def _fields(fields: dict[str, str], *, effect: bool, cls: str, game: str | None, at: tuple) -> card_fields:
    node = card_fields(fields=fields, effect=effect, cls=cls, game=game)
    node.source, node.line = at
    return node


def _format_or_none(game: str | None):
    try:
        return cardformat.format_of(game) if game else None
    except (KeyError, ImportError, AttributeError):
        return None


def expand_fields(app, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``, before any other listener of the extension: each card's and
    effect's fields as the field list readers see (``card_fields``), with the card's
    source and line as the card's other nodes have them (``_placed``)."""
    formats: dict[str | None, object] = {}
    for node in each(doctree, card_fields):
        game = node["game"]
        if game not in formats:
            formats[game] = _format_or_none(game)
        table = _field_table(node["fields"], formats[game], effect=node["effect"], cls=node["cls"], game=game)
        _placed(table, node.source, node.line)
        node.replace_self(table)


def _field_table(fields: dict[str, str], fmt, *, effect: bool, cls: str, game: str | None = None) -> nodes.Node:
    items = nodes.field_list(classes=[cls])
    words = FIELD_WORDS[of_game(game)]
    for key, value in fields.items():
        f = fmt.field_of(key, effect=effect) if fmt else None
        field = nodes.field()
        if f is None and key not in words:
            # a field the format does not know: as written (an option name, code), its problem says why
            name = nodes.field_name()
            name += nodes.literal(text=f":{key}:")
            field += name
        else:
            field += nodes.field_name(text=(f.label if f and f.label else words.get(key, key)))
        field_body = nodes.field_body()
        for line in (value or "✓").splitlines():
            field_body += nodes.paragraph(text=line.strip())
        field += field_body
        items += field
    return items


class CardIndexDirective(SphinxDirective):
    """``.. rulings-cards:: <game>`` — every card of a game, with the examples naming it."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        self.env.rulings_dashboards.add(self.env.docname)
        return [card_index(game=self.arguments[0].strip())]


# -- the site's cards, once every document is read ----------------------------------------

def check_examples(app, env) -> list[str]:
    """``env-updated``: duplicate cards, and every example against the cards of the site.

    An example naming a card that no document defines, or whose definition is broken,
    is not extracted and not run; the reason is on its page.  Runs on every build, so a
    card removed from its file is noticed although no document with examples changed.
    Returns the documents whose examples changed state, to be written again."""
    _LINKS.clear()
    _USES.clear()
    registry = cards_by_game(env)
    for docname in sorted(getattr(env, "rulings_cards", {})):
        for record in env.rulings_cards[docname]:
            first = registry.get(record.get("game"), {}).get(record.get("name"))
            if first is not None and first is not record:
                _warn(f"card 「{record['name']}」 is defined twice: also at {first['source']}:{first['line']}",
                      (docname, record["line"]), "duplicate-card")
    aliases = {game: card_registry.aliases(game, cards) for game, cards in registry.items()}
    # the gherkin build of `rulings build`, whose html build follows in the same process
    # and decides every status again once the examples ran (``build.build``: keep_env):
    # the statuses are left as they were (features show none); deciding each one here
    # too was a second of a one-step edit cycle at 100 000 examples
    later = app.builder.name == "gherkin" and getattr(app, "_rulings_statuses_later", False)
    results = {} if later else load_results(env)[0]
    places = _example_places(env)
    # each game's cards that are defined and well written, by name
    sound = {game: {name for name, card in cards.items() if not card["problems"]} for game, cards in registry.items()}
    rewrite = []
    per_game: dict = {}
    for docname in sorted(env.rulings_examples):
        changed = False
        for record in env.rulings_examples[docname]:
            if "parsed" not in record:
                continue
            game = record.get("game")
            here = places.get(record["id"]) if places else None
            if here is None and (record.get("cards") or {}).keys() <= sound.get(game, _NOTHING):
                # nearly every example of a site: an id of its own, every card it names
                # defined and well written — no problem, as the general case finds
                problems = ()
                error = record.get("parse_error") or None
                reason = record.get("parse_reason", record.get("parse_error")) or None
            else:
                problems, error, reason = _problems(docname, record, here, registry, aliases, sound)
            extracted = record["parsed"] and not problems
            if extracted:
                status = record["status"] if later else status_now(env, record, results, per_game)
            else:
                status = "not-run"
            if (record["extracted"], record["error"], record["status"], record.get("reason")) != \
                    (extracted, error, status, reason):
                record.update(extracted=extracted, error=error, status=status, reason=reason)
                changed = True
        if changed:
            rewrite.append(docname)
    return rewrite


_NOTHING: frozenset = frozenset()


def _problems(docname: str, record: dict, here: list[str] | None, registry, aliases, sound):
    """An example's problems with its id and its cards: (problems, error, reason), as
    its page says them, each card problem warned at its line."""
    game = record.get("game")
    known = registry.get(game, {})
    # one id, two examples: a result could belong to either, so neither is run
    # (check_consistency warns at the second place)
    others = [p for p in here if p != f"{record['source']}:{record['line']}"] if here else []
    problems = [f"duplicate example id {record['id']!r}: also used at {', '.join(others)}"] if others else []
    named = record.get("cards") or {}
    if not others and named.keys() <= sound.get(game, _NOTHING):
        # every card it names is defined (under that name) and well written:
        # no problem to word (nearly every example of a site: sorting each one's
        # cards and finding its words was half of this check at 100 000 examples)
        named = {}
    # the same problems as the page says them, in the document's language
    words = PROBLEM_WORDS[of_game(game)] if named or others else None
    reasons = [words["duplicate"].format(id=record["id"], places="、".join(others))] if others else []
    for name, line in sorted(named.items(), key=lambda kv: kv[1]):
        card = known.get(name) or known.get(aliases.get(game, {}).get(name, ""))
        if card is None:
            err = cardformat.UnknownCard(name, [*known, *aliases.get(game, {})])
            problems.append(f"line {line}: {err}")
            reasons.append(words["unknown"].format(line=line, name=name) + (
                words["closest"].format(names="、".join(f"「{s}」" for s in err.suggestions))
                if err.suggestions else ""))
            _warn(str(err), (docname, line), "unknown-card")
        elif card["problems"]:
            problems.append(f"line {line}: card 「{name}」 is broken: {card['problems'][0]}")
            reasons.append(words["broken"].format(line=line, name=name, source=card["source"], at=card["line"]))
            _warn(f"card 「{name}」 is broken: {card['problems'][0]}", (docname, line), "broken-card")
    error = "; ".join(filter(None, [record.get("parse_error"), *problems])) or None
    reason = "；".join(filter(None, [record.get("parse_reason", record.get("parse_error")), *reasons])) or None
    return problems, error, reason


def _example_places(env) -> dict[str, list[str]]:
    """Every example id used more than once -> the places (file:line) that use it, in
    documents that exist (an id used once has no other place: not kept, as the places of
    every example of the site were a tenth of each build's check at 10 000 examples)."""
    seen: set[str] = set()
    twice: set[str] = set()
    for docname in sorted(env.rulings_examples):
        if docname not in env.found_docs:
            continue
        for record in env.rulings_examples[docname]:
            ident = record["id"]
            if ident in seen:
                twice.add(ident)
            seen.add(ident)
    places: dict[str, list[str]] = {}
    if twice:
        for docname in sorted(env.rulings_examples):
            if docname not in env.found_docs:
                continue
            for record in env.rulings_examples[docname]:
                if record["id"] in twice:
                    places.setdefault(record["id"], []).append(f"{record['source']}:{record['line']}")
    return places


def write_cards(env, outdir: Path) -> None:
    """Every game's card records to ``<outdir>/<game>.json`` (written only when changed)."""
    registry = cards_by_game(env)

    for game in sorted(set(GAMES) | set(registry)):
        records = [{k: v for k, v in r.items() if k not in ("docname", "anchor", "problems_read")}
                   for r in registry.get(game, {}).values()]
        text = json.dumps({"format": CARDS_FORMAT, "game": game, "cards": records}, ensure_ascii=False, indent=1)
        path = outdir / f"{game}.json"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_atomic(path, text)


# -- resolving: who uses a card, the index ---------------------------------------------------

#: why an example cannot run because of its cards or its id, as its page says it
PROBLEM_WORDS = {
    "zh-CN": {"duplicate": "例子编号 {id} 重复：{places} 也用了它",
              "unknown": "第 {line} 行：卡片目录里没有「{name}」",
              "broken": "第 {line} 行：卡片「{name}」写错了（{source}:{at}）", "closest": "（最接近的：{names}）"},
    "ja": {"duplicate": "例の ID {id} が重複している：{places} でも使われている",
           "unknown": "{line} 行目：カード目録に「{name}」がない",
           "broken": "{line} 行目：カード「{name}」の書き方に誤りがある（{source}:{at}）", "closest": "（近いカード：{names}）"},
}

#: the card index's columns, in the language of the game
INDEX_HEADER = {"zh-CN": ("卡名", "效果", "代码钩子", "例子"), "ja": ("カード名", "効果", "コードのフック", "例")}

#: what a card's entry says of the examples naming it, in the language of its game
USES_WORDS = {"zh-CN": ("用到这张卡的例子（{n}）：", "还没有例子用到这张卡。"),
              "ja": ("このカードを使う例（{n}）：", "このカードを使う例はまだない。")}


def _language(game: str | None) -> str:
    return GAMES.get(game or "", ("zh-CN", ""))[0]


def _example_ref(app, fromdocname: str, record: dict, uris: dict[str, str]) -> nodes.Node:
    """A link to an example; ``uris``: the documents' addresses from this page, each
    asked of the builder once per page (a card page links thousands of examples)."""
    ref = nodes.reference("", "", internal=True, classes=["rulings-example-ref"])
    uri = uris.get(record["docname"])
    if uri is None:
        try:
            uri = app.builder.get_relative_uri(fromdocname, record["docname"])
        except Exception:  # builders without pages
            uri = record["docname"]
        uris[record["docname"]] = uri
    ref["refuri"] = f"{uri}#{nodes.make_id('example-' + record['id'])}"
    ref += nodes.Text(record["title"])
    return ref


def _card_ref(app, fromdocname: str, record: dict) -> nodes.Node:
    ref = nodes.reference("", "", internal=True, classes=["rulings-card-ref"])
    try:
        uri = app.builder.get_relative_uri(fromdocname, record["docname"])
    except Exception:
        uri = record["docname"]
    ref["refuri"] = f"{uri}#{record['anchor']}"
    ref += nodes.Text(record["name"])
    return ref


def resolve(app, doctree: nodes.document, fromdocname: str) -> None:
    """``doctree-resolved``: fill the lists of examples under cards and the card indexes."""
    env = app.env
    uses = None
    uris: dict[str, str] = {}
    found = each(doctree, (card_uses, card_index))
    for node in [n for n in found if isinstance(n, card_uses)]:
        uses = uses if uses is not None else _uses(env)
        examples = uses.get((node["game"], node["name"]), [])
        para = nodes.paragraph(classes=["rulings-card-uses"])
        words = USES_WORDS["ja" if _language(node["game"]) == "ja" else "zh-CN"]
        para += nodes.Text(words[0].format(n=len(examples)) if examples else words[1])
        for i, record in enumerate(examples):
            if i:
                para += nodes.Text("、")
            para += _example_ref(app, fromdocname, record, uris)
        node.replace_self(para)
    for node in [n for n in found if isinstance(n, card_index)]:
        uses = uses if uses is not None else _uses(env)
        cards = cards_by_game(env).get(node["game"], {})
        table = _index_table(app, fromdocname, node["game"], cards, uses, uris)
        # the index of a game on a page in another language (the card index): in the game's
        mark(table, of_game(node["game"]))
        node.replace_self(table)


def _index_table(app, fromdocname: str, game: str, cards: dict[str, dict], uses,
                 uris: dict[str, str]) -> nodes.Node:
    table = nodes.table(classes=["rulings-card-index"])
    group = nodes.tgroup(cols=4)
    table += group
    for width in (3, 2, 2, 6):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for cell in INDEX_HEADER[of_game(game)]:
        row += nodes.entry("", nodes.paragraph(text=cell))
    head += row
    body = nodes.tbody()
    group += body
    for name in sorted(cards):
        record = cards[name]
        row = nodes.row(classes=["rulings-card-row"])
        cell = nodes.paragraph()
        cell += _card_ref(app, fromdocname, record)
        row += nodes.entry("", cell)
        row += nodes.entry("", nodes.paragraph(text=" ".join(e["label"] for e in record["effects"]) or "—"))
        hooks = [e["fields"]["hook"].split()[0] for e in record["effects"] if e["fields"].get("hook")]
        if record["fields"].get("hook"):
            hooks.insert(0, record["fields"]["hook"].split()[0])
        hook_cell = nodes.paragraph()
        for i, hook in enumerate(hooks):
            if i:
                hook_cell += nodes.Text("、")
            # a hook is named by its Python function: code, not a word
            hook_cell += nodes.literal(text=hook)
        if not hooks:
            hook_cell += nodes.Text("—")
        row += nodes.entry("", hook_cell)
        para = nodes.paragraph()
        for i, example in enumerate(uses.get((game, name), [])):
            if i:
                para += nodes.Text("、")
            para += _example_ref(app, fromdocname, example, uris)
        row += nodes.entry("", para)
        body += row
    return table


_LINKS: dict[tuple[int, str], dict[str, dict]] = {}
#: the examples naming each card (``card_registry.uses``), once per build rather than once
#: per page with cards: every example of the site is gone through to make it (26 pages
#: of cards at 1 000 examples: 0.09 s); check_examples starts each build afresh
_USES: dict[int, dict[tuple[str, str], list[dict]]] = {}


def _uses(env) -> dict[tuple[str, str], list[dict]]:
    key = id(env)
    if key not in _USES:
        _USES[key] = card_registry.uses(env)
    return _USES[key]


def card_links(env, game: str) -> dict[str, dict]:
    """Names (and aliases) of a game's cards -> their record, for linking card names
    (computed once per build and game; check_examples starts each build afresh)."""
    key = (id(env), game)
    if key not in _LINKS:
        cards = cards_by_game(env).get(game, {})
        links = dict(cards)
        for alias, name in card_registry.aliases(game, cards).items():
            links.setdefault(alias, cards[name])
        _LINKS[key] = links
    return _LINKS[key]
