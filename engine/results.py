"""The results file: what the last run of each example gave, keyed by id and text hash.

Written atomically by the pytest-bdd binding (a killed run leaves the previous file
whole); read by the Sphinx extension and by ``rulings check``.  An entry counts only for
the exact text it was recorded for: an example edited since is *stale*.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

FORMAT = 1
STATUSES = ("passed", "failed", "pending", "stale", "not-run")


class ResultsError(Exception):
    """The results file exists but cannot be used (truncated, other format …)."""


def text_hash(language: str, title: str, body: str) -> str:
    """The hash an example's result is keyed by: its language, title and steps."""
    normalised = "\n".join(line.rstrip() for line in body.strip().splitlines())
    digest = hashlib.sha256(f"{language}\n{' '.join(title.split())}\n{normalised}".encode()).hexdigest()
    return digest[:16]


def load(path: str | os.PathLike) -> dict[str, dict[str, Any]]:
    """Entries by example id; an empty dict if there is no file yet."""
    path = Path(path)
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ResultsError(f"{path}: not a readable results file ({err}); run the examples again") from None
    except OSError as err:
        raise ResultsError(f"{path}: cannot read the results file ({err})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("results"), dict):
        found = data.get("format") if isinstance(data, dict) else None
        raise ResultsError(f"{path}: results format {found!r}, expected {FORMAT}; run the examples again")
    bad = sorted(k for k, v in data["results"].items() if not isinstance(v, dict))
    if bad:
        raise ResultsError(f"{path}: entries {', '.join(map(repr, bad[:5]))} are not results; run the examples again")
    return data["results"]


def save(path: str | os.PathLike, results: dict[str, dict[str, Any]]) -> None:
    """Replace the results file in one step (write a temporary file, then rename)."""
    write_atomic(path, dump_lines({"format": FORMAT, "results": results}, "results"))


def dump_lines(data: dict[str, Any], key: str) -> str:
    """JSON with one entry of ``data[key]`` a line (in key order if a dict): as easy to
    read and to diff as an indented file, written by json's C encoder (``indent`` makes
    json fall back to pure Python, seconds for the results of 10 000 examples)."""
    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))

    entries = data[key]
    if isinstance(entries, dict):
        body = ",\n".join(f"{compact(k)}:{compact(entries[k])}" for k in sorted(entries))
        inner = "{\n" + body + "\n}" if entries else "{}"
    else:
        inner = "[\n" + ",\n".join(compact(e) for e in entries) + "\n]" if entries else "[]"
    head = ",".join(f"{compact(k)}:{compact(v)}" for k, v in sorted(data.items()) if k != key)
    return "{" + head + ("," if head else "") + f"{compact(key)}:{inner}}}\n"


def write_atomic(path: str | os.PathLike, text: str, *, durable: bool = True) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new one,
    never a part: a temporary file beside it, flushed, then renamed over it.
    ``durable=False`` (caches that can be computed again) skips the fsync: after a
    crash of the machine such a file may be empty, and is then read as no cache."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=path.suffix + ".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def status_of(example_id: str, text_hash_: str, declared: str | None,
              results: dict[str, dict[str, Any]]) -> tuple[str, dict[str, Any] | None]:
    """The status an example shows, and the result entry it rests on (if any)."""
    entry = results.get(example_id)
    if declared == "pending":
        return "pending", entry if entry and entry.get("hash") == text_hash_ else None
    if entry is None:
        return "not-run", None
    if entry.get("hash") != text_hash_:
        return "stale", entry
    status = entry.get("status")
    # "error": the example could not be set up, so its ruling was not checked
    return (status if status in ("passed", "failed") else "not-run"), entry
