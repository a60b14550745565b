"""How a source link and a date read on the page.

A source reads as what it is — ``FAQ fid=6109``, ``CR 708.2a``, or a wiki page's title
(decoded: 裏向き, not %E8%A3%8F…) — and a date as ISO 8601 whatever the document wrote
(15/2/5, 2015/2/5, 2015年2月5日 → 2015-02-05).
"""

from __future__ import annotations

import datetime
import re
from urllib.parse import unquote, urlsplit

_FAQ = re.compile(r"[?&](fid|cid)=(\d+)")
_RULE = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")
_WIKIS = ("wiki",)


def source_label(url: str) -> str:
    """What a reader sees of a source URL."""
    m = _FAQ.search(url)
    if m:
        return f"FAQ {m.group(1)}={m.group(2)}"
    parts = urlsplit(url)
    fragment = unquote(parts.fragment)
    if "/rules" in parts.path and _RULE.match(fragment):
        # the Comprehensive Rules, anchored at a rule number
        return f"CR {fragment}"
    host = parts.netloc.removeprefix("www.")
    segment = unquote(parts.path.rstrip("/").rsplit("/", 1)[-1]).replace("_", " ")
    if segment and any(w in host or w in parts.path for w in _WIKIS):
        return f"{segment} ({host})" + (f" § {fragment}" if fragment else "")
    shown = host + unquote(parts.path)
    return shown if len(shown) <= 60 else shown[:59] + "…"


_PATTERNS = (
    re.compile(r"^(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})$"),
    re.compile(r"^(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})日$"),
    # the FAQ databases' yy/m/d
    re.compile(r"^(?P<yy>\d{2})[/.](?P<m>\d{1,2})[/.](?P<d>\d{1,2})$"),
)


class DateError(ValueError):
    pass


def iso_dates(text: str) -> list[str]:
    """Every date of a ``:date:`` option (several separated by commas) in ISO 8601."""
    out = []
    for part in (p.strip() for p in re.split(r"[,，、]", text) if p.strip()):
        for pattern in _PATTERNS:
            m = pattern.match(part)
            if m:
                groups = m.groupdict()
                year = int(groups["y"]) if groups.get("y") else 2000 + int(groups["yy"])
                try:
                    out.append(datetime.date(year, int(m.group("m")), int(m.group("d"))).isoformat())
                except ValueError as err:
                    raise DateError(f"date {part!r} is not a day of the calendar ({err})") from None
                break
        else:
            raise DateError(f"date {part!r} is not a date: write 2015-02-05 (or 15/2/5, 2015年2月5日)")
    return out
