"""Which words of a built page are in another language than the page's own (issue 27).

A page says its language in ``<html lang>``: ``ja`` for the Magic and Duel Masters
documents, ``zh-CN`` for Yu-Gi-Oh! and the project's own pages.  Its text (and the
attributes a reader meets: ``title``, ``aria-label``, ``placeholder``, ``alt``) is cut into
runs of one script, and a run is foreign when

- it is Latin letters (English) and not on the short allow-list below, or
- the page is Japanese and a Han character cannot be written in Japanese (not in JIS
  X 0208, the character set of Japanese text: 们, 过, 败, 运, 记 …; or 个), or
- the page is Chinese and it holds kana (Japanese).

Left out of the scan: ``script``, ``style``, ``code``-like attributes, the names of cards
(between 「」 or 『』 and the entries' own names), URLs, ids, and rule citations
(``CR 708.2a``, ``FAQ``).  Parts of a page in another game's language carry their own
``lang`` (a dashboard's Japanese rows on a Chinese page): they are scanned in their own
language.
"""

from __future__ import annotations

import html
import html.entities
import re
from html.parser import HTMLParser
from pathlib import Path

#: Latin words a page of either language may show: names (of the project, the theme, the
#: tools that made it), the abbreviations of rule citations, and the games' own
#: abbreviations.  Kept short on purpose: anything else in Latin letters is English.
ALLOWED_LATIN = {
    "rulings",          # the project's name
    "Sphinx", "Furo", "pradyunsg",  # the theme's credit line names the tools that made the page
    "FAQ", "CR", "OCG", "fid",   # rule citations: FAQ fid=…, CR 708.2a
    "Wiki", "wiki",     # a source's name: デュエル・マスターズ Wiki
    "Gherkin",          # the language the examples are written in (a name)
    "JavaScript", "Python",  # names of languages (the search page; a card's hook is a Python function)
    "URL", "http", "https", "UTF",  # technical terms both languages write in Latin letters
    "ygopro", "XMage",  # programs the prose names as sources of test situations
    "Ver",              # a rules document's version in a citation (Ver.1.17)
    "Doctor", "Who",    # a Magic product line named by its title (Doctor Who)
    # the games' own Latin signs in Japanese and Chinese text: power/toughness, a Duel Masters
    # set code and ability kinds (FE, TT, KM), a race suffix (…MAX), the source "MTG Wiki"
    "PT", "MTG", "DMC", "FE", "TT", "KM", "MAX",
    # Chinese players' own word for a stat boost, as the Yu-Gi-Oh! card file's title writes it
    "buff",
}

#: what is never scanned: code and machine text.  The engine's traces are scanned: they
#: are worded per language (engine/core/events.py and each game's trace_words.py).
SKIP_TAGS = {"script", "style", "code", "kbd", "samp", "svg"}
SKIP_CLASSES = {"rulings-raw", "rulings-step-id", "rulings-example-id", "pre",
                "highlight", "literal", "rulings-card-name", "rulings-card-hook", "rulings-phrase",
                "rulings-block-name", "rulings-coverage-cell-name", "rulings-id", "rulings-coverage-rule-name"}
ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")

_CARD_NAME = re.compile(r"「[^」]*」|『[^』]*』|\{[^}]*\}|<[^>]*>")
_URL = re.compile(r"(?:https?://|mailto:)\S+|\b[\w.-]+\.(?:rst|html|py|json|feature|md)\b|[\w.-]+/[\w./-]+"
                  r"|\b[\w-]+(?:\.[\w-]+)*\.(?:com|net|org|jp|io|wiki)\b"
                  # an example's id (ygo-loc-4.3.3.4.1-destroyed-to-graveyard), a command (rulings coverage)
                  r"|\b[a-z0-9]+(?:[-_][a-z0-9.]+)+\b|\brulings\s+[a-z]+\b"
                  # an identifier of code the prose names (MorphTest, ManifestTest)
                  r"|\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b")
_CITATION = re.compile(r"\b(?:CR|FAQ)\s*[\w.=-]*|\bfid=\d+|\b\d+(?:\.\d+)*[a-z]?\b")
_LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_KANA = re.compile(r"[\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\uff66-\uff9f]+")
_HAN = re.compile(r"[\u4e00-\u9fff]")


#: characters JIS X 0208 has but Japanese text does not use as Chinese does (个: the
#: Chinese counter of 「116 个例子」)
CHINESE_ONLY = set("个")


def japanese_han(char: str) -> bool:
    """Whether a Han character is one Japanese text is written with (JIS X 0208)."""
    if char in CHINESE_ONLY:
        return False
    try:
        char.encode("shift_jis")
        return True
    except UnicodeEncodeError:
        return False


def foreign_words(text: str, language: str, allowed: set[str] = frozenset()) -> list[str]:
    """The runs of ``text`` in another language than ``language`` ("ja" or "zh-CN")."""
    text = _CARD_NAME.sub(" ", text)
    text = _URL.sub(" ", text)
    text = _CITATION.sub(" ", text)
    out = []
    for word in _LATIN.findall(text):
        bare = word.strip("'’-")
        # one letter is the games' own sign (X素材, N张, S・トリガー), not English
        if len(bare) > 1 and bare not in ALLOWED_LATIN and bare not in allowed and word not in allowed:
            out.append(word)
    if language == "ja":
        out += [c for c in _HAN.findall(text) if not japanese_han(c)]
    else:
        out += [k for k in _KANA.findall(text) if k not in allowed]
    return out


def page_language(html: str) -> str | None:
    m = re.search(r"<html\b[^>]*\blang=\"([^\"]+)\"", html)
    return m.group(1) if m else None


#: elements that never hold anything (closed where they open, as an HTML parser does)
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "menuitem", "meta", "param",
        "source", "track", "wbr", "basefont", "bgsound", "command", "frame", "image", "isindex", "nextid", "spacer"}


class _Scan(HTMLParser):
    """One pass over a page (issue 23: a tree of the page and a walk up its parents for
    each text took 5 s of CPU for the real site's 53 pages): each open element with what
    it gives what it holds — its language, whether it is left out, whether it is in the
    head — as a tree of the page would have them.  An end tag closes the elements opened
    since the last one of its name (none open: ignored); a void element closes where it
    opens; the text between two tags is one text."""

    def __init__(self, allowed) -> None:
        super().__init__(convert_charrefs=False)
        self.allowed = allowed
        self.language: str | None = None
        #: (name, language, left out, in the head) of each open element, the page first
        self.stack = [("[document]", "zh-CN", False, False)]
        self.page = "zh-CN"  # the language the page says (<html lang>), for its permalinks
        self.head_seen = self.html_seen = False
        #: the void elements closed where they opened, whose end tag (``<br></br>``) is ignored
        self.closed_void: list[str] = []
        self.data: list[str] = []
        self.texts: list[tuple[str, str]] = []
        self.attributes: list[tuple[str, str]] = []

    def _text(self) -> None:
        if not self.data:
            return
        text, self.data = "".join(self.data), []
        name, language, skipped, in_head = self.stack[-1]
        if not text.strip() or skipped or name in ("html", "[document]", "head") or (in_head and name != "title"):
            return
        for word in foreign_words(text, language, self.allowed):
            self.texts.append((word, text.strip()[:120]))

    def handle_starttag(self, tag, attrs, void=True) -> None:
        self._text()
        values = dict((k, "" if v is None else v) for k, v in attrs)
        _, language, skipped, in_head = self.stack[-1]
        if values.get("lang"):
            language = "ja" if values["lang"].startswith("ja") else "zh-CN"
        classes = set(values.get("class", "").split())
        skipped = skipped or tag in SKIP_TAGS or bool(classes & SKIP_CLASSES)
        if tag == "html" and not self.html_seen:
            self.html_seen, self.language = True, values.get("lang")
            self.page = "ja" if (self.language or "").startswith("ja") else "zh-CN"
        if not skipped and not in_head:
            ui = bool({"headerlink", "rulings-permalink", "rulings-nav-status"} & classes)
            for attr in ATTRIBUTES:
                value = values.get(attr)
                if value is not None and value.strip():
                    for word in foreign_words(value, self.page if ui else language, self.allowed):
                        self.attributes.append((word, f"{tag}[{attr}]={value[:100]}"))
        if tag == "head" and not self.head_seen:
            self.head_seen = True
            self.stack.append((tag, language, skipped, True))
        else:
            self.stack.append((tag, language, skipped, in_head))
        if void and tag in VOID:
            self._close(tag)
            self.closed_void.append(tag)

    def handle_startendtag(self, tag, attrs) -> None:
        self.handle_starttag(tag, attrs, void=False)
        self._close(tag)

    def handle_endtag(self, tag) -> None:
        if tag in self.closed_void:
            self.closed_void.remove(tag)
            return
        self._close(tag)

    def _close(self, tag) -> None:
        self._text()
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data) -> None:
        self.data.append(data)

    def handle_charref(self, name) -> None:
        try:
            self.data.append(chr(int(name[1:], 16) if name[:1] in "xX" else int(name)))
        except (ValueError, OverflowError):
            self.data.append(f"&#{name};")

    def handle_entityref(self, name) -> None:
        self.data.append(html.unescape(f"&{name};") if f"{name};" in html.entities.html5 else f"&{name}")

    def handle_comment(self, data) -> None:
        self._text()

    def handle_decl(self, decl) -> None:
        self._text()

    def unknown_decl(self, data) -> None:
        self._text()

    def handle_pi(self, data) -> None:
        self._text()


def scan_page(html: str, allowed: set[str] = frozenset()) -> tuple[str | None, list[tuple[str, str]]]:
    """(the page's language, [(foreign word, the text it is in)]): the texts a reader
    sees (not in ``SKIP_TAGS`` nor ``SKIP_CLASSES``, of the head only the title), each in
    the language of its nearest element that says one (the page's own, else Chinese),
    then the attributes a reader meets (``ATTRIBUTES``), the theme's permalinks and
    status dots in the page's language wherever they are."""
    scan = _Scan(allowed)
    scan.feed(html)
    scan.close()
    scan._text()
    return scan.language, scan.texts + scan.attributes


def expected_language(page: Path, site: Path) -> str:
    """The language a page of the site must be in: its game's, else the project's."""
    top = page.relative_to(site).parts[0]
    return "ja" if top in ("mtg", "dm") else "zh-CN"


def card_names(build: Path) -> set[str]:
    """Every card's names (as the documents write them, and an English name a card file
    gives) and the words of those names: the allow-list of names."""
    import json

    out: set[str] = set()
    for path in sorted(build.glob("cards/*.json")):
        for card in json.loads(path.read_text(encoding="utf-8")).get("cards", []):
            names = [card.get("name"), (card.get("fields") or {}).get("english")]
            for effect in card.get("effects") or []:
                names += [effect.get("label"), (effect.get("fields") or {}).get("english")]
            for name in names:
                if name:
                    out.add(name)
                    out.update(_LATIN.findall(name))
                    out.update(_KANA.findall(name))
    return out


def site_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "_static" not in p.parts and "_sources" not in p.parts)
