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

import re
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


def scan_page(html: str, allowed: set[str] = frozenset()) -> tuple[str | None, list[tuple[str, str]]]:
    """(the page's language, [(foreign word, the text it is in)])."""
    from bs4 import BeautifulSoup, Comment, NavigableString

    soup = BeautifulSoup(html, "html.parser")
    root = soup.find("html")
    language = root.get("lang") if root else None
    found: list[tuple[str, str]] = []

    def lang_of(element) -> str:
        for parent in [element, *element.parents]:
            if getattr(parent, "get", None) and parent.get("lang"):
                return "ja" if parent.get("lang").startswith("ja") else "zh-CN"
        return "zh-CN"

    def skipped(element) -> bool:
        for parent in [element, *element.parents]:
            if getattr(parent, "name", None) in SKIP_TAGS:
                return True
            classes = set(parent.get("class") or []) if getattr(parent, "get", None) else set()
            if classes & SKIP_CLASSES:
                return True
        return False

    head = soup.find("head")
    for string in soup.find_all(string=True):
        if isinstance(string, Comment) or not isinstance(string, NavigableString) or not string.strip():
            continue
        if string.parent is None or skipped(string.parent):
            continue
        if string.parent.name in ("html", "[document]", "head") or type(string).__name__ == "Doctype":
            continue
        # of the head, only the title is read (in a tab): links and metadata are for machines
        if head is not None and head in string.parents and string.parent.name != "title":
            continue
        for word in foreign_words(str(string), lang_of(string.parent), allowed):
            found.append((word, str(string).strip()[:120]))
    page = "ja" if (language or "").startswith("ja") else "zh-CN"
    for element in soup.find_all(True):
        if element.name in SKIP_TAGS or skipped(element) or (head is not None and head in element.parents):
            continue
        # the theme's permalinks and the status dots speak the page's language wherever they are
        ui = bool({"headerlink", "rulings-permalink", "rulings-nav-status"} & set(element.get("class") or []))
        for attr in ATTRIBUTES:
            value = element.get(attr)
            if isinstance(value, str) and value.strip():
                for word in foreign_words(value, page if ui else lang_of(element), allowed):
                    found.append((word, f"{element.name}[{attr}]={value[:100]}"))
    return language, found


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
