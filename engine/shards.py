"""Sharding the examples across machines: ``rulings check --shard I/N`` and ``rulings merge``.

A shard is a stable share of the examples: example ``x`` belongs to shard
``shard_of(x, N)``, computed from its id alone, so adding or removing other examples
never moves it.  Each shard's run writes a *shard results file*: a results file
(``rulings.results``) holding the entries of its examples only, headed by what the merge
needs to know it can trust them::

    {"format":1,"shard":{"count":4,"examples":153,"index":2,"inputs":"…","total":601},"results":{
    "<id>":{…entry as a single run writes it…},
    …
    }}

``inputs`` is a digest of everything a result rests on, for every example of the
project (the manifest of the extraction: ids, text hashes, declared statuses, places;
and what each example runs against: its engine, its cards, the runner); ``examples``
is how many results the file holds, ``total`` how many examples can run in all.

``merge`` refuses anything that could make a merged result lie: a file that is not a
shard's, shards of different counts or of different inputs (another commit, other
cards, another engine), a shard given twice or missing, an example in the wrong shard
or in two, a shard holding fewer results than it says.  What it writes is the results
file a single run of every example writes: the same entries, in the same order, in
the same layout (``results.save``).

Not part of what a result rests on (``rulings.incremental.SHARED``): changing how
shards are cut or merged runs no example again.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from rulings import digests
from rulings import results as results_mod

#: the field of a shard's results file that says which shard it is
KEY = "shard"


class ShardError(Exception):
    """Shards that cannot be merged into results a single run would give (one line)."""


def shard_of(example_id: str, count: int) -> int:
    """The shard (1 to ``count``) example ``example_id`` belongs to: from its id alone."""
    digest = hashlib.sha256(example_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % count + 1


def parse(text: str) -> tuple[int, int]:
    """``"I/N"`` → (I, N), 1 ≤ I ≤ N; ``ValueError`` with the reason in one line."""
    index, sep, count = text.partition("/")
    try:
        if not sep:
            raise ValueError
        i, n = int(index), int(count)
    except ValueError:
        raise ValueError(f"{text!r} is not I/N (shard I of N, e.g. 2/4)") from None
    if n < 1:
        raise ValueError(f"{text}: N is the number of shards, 1 or more")
    if not 1 <= i <= n:
        raise ValueError(f"{text}: I is 1 to N (the first shard is 1/{n})")
    return i, n


def inputs_digest(manifest: list[dict], basis: Mapping[str, Mapping[str, str]]) -> str:
    """A digest of everything the results of every example rest on: each example as
    extracted (the manifest's record: id, text hash, declared status, document and
    line, cards …) and, for each example that can run, what it runs against
    (``incremental.Plan.basis``).  Shards of one commit agree on it; shards of two
    commits, or run with other engines or cards, do not."""
    records = sorted((str(e.get("id")), json.dumps(e, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
                      json.dumps(basis.get(e.get("id"), {}), sort_keys=True)) for e in manifest)
    return digests.digest((f"{record}\0{based_on}" for _id, record, based_on in records), 32)


def current(entry: Mapping[str, Any] | None, example: Mapping[str, Any], basis: Mapping[str, str] | None) -> bool:
    """Whether ``entry`` is the result of ``example`` as it is now: its text (hash), what
    it runs against (basis) and whether it is declared pending are those of the entry's
    run (what ``incremental.plan`` compares before it keeps a result)."""
    return (entry is not None and entry.get("hash") == example.get("hash") and entry.get("basis") == basis
            and (entry.get("status") == "pending") == (example.get("declared") == "pending"))


def write(path: str | os.PathLike, entries: Mapping[str, dict[str, Any]], *, index: int, count: int,
          inputs: str, total: int) -> None:
    """Write a shard's results file (atomically, an entry at a time)."""
    head = {"count": count, "examples": len(entries), "index": index, "inputs": inputs, "total": total}
    results_mod.write_atomic(path, results_mod._pieces({"format": results_mod.FORMAT, KEY: head,
                                                        "results": entries}, "results"))


def read(path: str | os.PathLike) -> tuple[dict[str, Any], Mapping[str, dict[str, Any]]]:
    """(which shard, its entries) of a shard's results file; ``ShardError`` when the file
    is not one (missing, unreadable, a plain results file, altered by hand)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise ShardError(f"{path}: cannot read it ({err.strerror or err})") from None
    read_ = results_mod.read_lines(data)
    if read_ is None:
        raise ShardError(f"{path}: not a shard's results file as `rulings check --shard I/N` writes it")
    head, entries = read_
    meta = head.get(KEY)
    if meta is None:
        raise ShardError(f"{path}: the results of a whole run, not of a shard (`rulings check --shard I/N` "
                         "writes a shard's)")
    fields = ("count", "examples", "index", "total")
    if not isinstance(meta, dict) or not all(type(meta.get(f)) is int for f in fields) \
            or not isinstance(meta.get("inputs"), str) or not 1 <= meta["index"] <= meta["count"]:
        raise ShardError(f"{path}: its shard field is not one `rulings check --shard I/N` writes")
    if meta["examples"] != len(entries):
        raise ShardError(f"{path}: shard {meta['index']}/{meta['count']} says it holds {meta['examples']} "
                         f"results and holds {len(entries)}: the file was cut or altered")
    return meta, entries


class Merged(Mapping):
    """The entries of every shard, by example id, each read from its shard's file."""

    def __init__(self, shards: list[Mapping[str, dict[str, Any]]]) -> None:
        self._where = {example_id: shard for shard in shards for example_id in shard}

    def __getitem__(self, example_id: str) -> dict[str, Any]:
        return self._where[example_id][example_id]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._where))

    def __len__(self) -> int:
        return len(self._where)


def merge(files: list[str | os.PathLike]) -> tuple[Merged, str]:
    """The results of the shards in ``files`` as one run's, and a line saying what was
    merged; ``ShardError`` (one line) for shards that do not make one whole run."""
    if not files:
        raise ShardError("give the results files of every shard")
    shards = [(Path(f), *read(f)) for f in files]
    path0, meta0, _ = shards[0]
    for path, meta, _ in shards[1:]:
        if meta["count"] != meta0["count"]:
            raise ShardError(f"{path} is shard {meta['index']}/{meta['count']} and {path0} shard "
                             f"{meta0['index']}/{meta0['count']}: shards of one run share their N")
    for path, meta, _ in shards[1:]:
        if meta["inputs"] != meta0["inputs"] or meta["total"] != meta0["total"]:
            raise ShardError(f"{path} (shard {meta['index']}/{meta['count']}) and {path0} (shard "
                             f"{meta0['index']}/{meta0['count']}) ran on different inputs (documents, "
                             "engine, cards or runner): run every shard on the same commit")
    count = meta0["count"]
    by_index: dict[int, Path] = {}
    for path, meta, _ in shards:
        if meta["index"] in by_index:
            raise ShardError(f"shard {meta['index']}/{count} given twice: {by_index[meta['index']]} and {path}")
        by_index[meta["index"]] = path
    missing = [i for i in range(1, count + 1) if i not in by_index]
    if missing:
        raise ShardError(f"shard{'s' if len(missing) > 1 else ''} {', '.join(f'{i}/{count}' for i in missing)} "
                         f"missing: merging needs all {count} shards ({len(shards)} given)")
    seen: dict[str, Path] = {}
    for path, meta, entries in shards:
        for example_id in entries:
            if example_id in seen:
                raise ShardError(f"example {example_id!r} has a result in two shards: {seen[example_id]} and {path}")
            seen[example_id] = path
            if shard_of(example_id, count) != meta["index"]:
                raise ShardError(f"{path}: example {example_id!r} belongs to shard "
                                 f"{shard_of(example_id, count)}/{count}, not {meta['index']}/{count}")
    total = meta0["total"]
    if len(seen) != total:
        raise ShardError(f"the shards hold {len(seen)} results of {total} examples: a shard's run is incomplete")
    merged = Merged([entries for _, _, entries in shards])
    return merged, f"merged {count} shard{'s' if count > 1 else ''}: {total} results"
