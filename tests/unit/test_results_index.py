"""The index of the project's results file (issue 28): what reading the file's lines
gives, kept beside it, stands for reading them only for the very file it was written for.
A file changed in any other way — replaced, written in place, even with the same size and
its modification time set back — is read line by line: an index never shows an old pass."""

from __future__ import annotations

import os

import pytest

from rulings import results

ENTRIES = {
    "ygo-a": {"hash": "1", "status": "passed", "basis": {"engine": "e1", "cards": "c1"},
              "trace": ["[move] 「台风」 hand → graveyard", 'a "quoted" \\ word']},
    "mtg/b:c.d": {"hash": "2", "status": "failed", "message": "1\n2", "basis": {"engine": "e1", "cards": "c1"}},
    "中文-id": {"hash": "3", "status": "pending", "trace": []},
}


def _no_line_reading(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the lines were read: the index was not used")
    monkeypatch.setattr(results, "read_lines", refuse)


def _state(entries):
    return entries._briefs, entries._digests, entries._places


def test_the_index_stands_for_the_lines_of_the_file_it_was_written_for(tmp_path, monkeypatch):
    path = tmp_path / "results.json"
    results.save(path, ENTRIES, index=True)
    assert results.index_path(path).exists()
    by_lines = results.load_entries(path)  # (no index asked for: the lines are read)
    with monkeypatch.context() as m:
        _no_line_reading(m)
        indexed = results.load_entries(path, index=True)
    assert isinstance(indexed, results.Entries)
    assert _state(indexed) == _state(by_lines)
    assert indexed == results.load(path) == ENTRIES
    for example_id in ENTRIES:
        assert results.trace_digest(indexed, example_id) == results.trace_digest(by_lines, example_id)
        assert results.trace_text(indexed, example_id) == results.trace_text(by_lines, example_id)
        assert results.status_of(example_id, ENTRIES[example_id]["hash"], None, indexed) == \
            results.status_of(example_id, ENTRIES[example_id]["hash"], None, by_lines)
    # the file is the one save writes without an index, byte for byte
    plain = tmp_path / "plain.json"
    results.save(plain, ENTRIES)
    assert plain.read_bytes() == path.read_bytes()
    assert not results.index_path(plain).exists()


def test_a_run_over_indexed_entries_writes_the_index_of_the_new_file(tmp_path, monkeypatch):
    path = tmp_path / "results.json"
    results.save(path, ENTRIES, index=True)
    previous = results.load_entries(path, index=True)
    new = {"ygo-a": {"hash": "9", "status": "failed", "trace": ["again"]}, "new-one": {"hash": "5", "status": "passed"}}
    kept = {"ygo-a", "中文-id"}
    results.save(path, results.Merged(new, previous, kept | set(new)), index=True)
    expected = {"ygo-a": new["ygo-a"], "中文-id": ENTRIES["中文-id"], "new-one": new["new-one"]}
    assert path.read_text(encoding="utf-8") == results.dump_lines({"format": results.FORMAT, "results": expected},
                                                                   "results")
    with monkeypatch.context() as m:
        _no_line_reading(m)
        indexed = results.load_entries(path, index=True)
    assert _state(indexed) == _state(results.load_entries(path)) and indexed == expected
    # no entry at all
    results.save(path, results.Merged({}, indexed, set()), index=True)
    assert results.load(path) == {} and results.load_entries(path, index=True) == {}


def _rewrite_in_place(path, old: bytes, new: bytes) -> None:
    """Change the file's bytes where they are (same inode, same size), its modification
    time set back to what it was: only its change time tells."""
    st = path.stat()
    data = path.read_bytes()
    assert len(old) == len(new) and data.count(old) == 1
    with open(path, "r+b") as f:
        f.write(data.replace(old, new))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    after = path.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (st.st_ino, st.st_size, st.st_mtime_ns)


@pytest.mark.parametrize("how", ["written in place", "replaced without an index", "replaced by hand"])
def test_a_file_changed_since_its_index_is_read_line_by_line(tmp_path, how):
    path = tmp_path / "results.json"
    results.save(path, ENTRIES, index=True)
    results.load_entries(path, index=True)
    if how == "written in place":
        # a failure turned into a pass, the same number of bytes
        _rewrite_in_place(path, b'"status":"failed"', b'"status":"passed"')
    elif how == "replaced without an index":
        results.save(path, {**ENTRIES, "mtg/b:c.d": {**ENTRIES["mtg/b:c.d"], "status": "passed"}})
    else:
        path.write_text(path.read_text(encoding="utf-8").replace('"status":"failed"', '"status":"passed"'),
                        encoding="utf-8")
    entries = results.load_entries(path, index=True)
    assert results.brief(entries, "mtg/b:c.d")["status"] == "passed"
    assert entries == results.load(path)
    # ... and the index is written again for the file as it is now
    assert results.brief(results.load_entries(path, index=True), "mtg/b:c.d")["status"] == "passed"


@pytest.mark.parametrize("damage", [b"", b"not marshal", None])
def test_a_damaged_or_missing_index_is_no_index(tmp_path, damage):
    path = tmp_path / "results.json"
    results.save(path, ENTRIES, index=True)
    index = results.index_path(path)
    if damage is None:
        index.unlink()
    else:
        index.write_bytes(damage)
    assert results.load_entries(path, index=True) == ENTRIES
    # the reader that had to read the lines left the index for the next one
    assert index.exists() and index.read_bytes() != damage


def test_an_index_of_another_file_is_not_taken(tmp_path):
    one, two = tmp_path / "one" / "results.json", tmp_path / "two" / "results.json"
    results.save(one, ENTRIES, index=True)
    results.save(two, {"x": {"hash": "1", "status": "passed"}}, index=True)
    results.index_path(two).write_bytes(results.index_path(one).read_bytes())
    assert results.load_entries(two, index=True) == {"x": {"hash": "1", "status": "passed"}}


def test_a_broken_file_is_still_reported_with_an_index_asked_for(tmp_path):
    path = tmp_path / "results.json"
    results.save(path, ENTRIES, index=True)
    path.write_text('{"format":1,"results":{\n"a":{"hash":"1"},\n"b":{"ha\n}}\n', encoding="utf-8")
    with pytest.raises(results.ResultsError):
        results.load_entries(path, index=True)


def test_the_kept_entries_are_copied_in_pieces_byte_for_byte(tmp_path, monkeypatch):
    """Runs of entries kept from the previous file are copied as pieces of it: with entries
    dropped, run again and new ones in between, the file is the one written entry by
    entry, and its index that of its lines."""
    path = tmp_path / "results.json"
    old = {f"e{i:03}": {"hash": str(i), "status": "passed", "trace": [f"step {i}"] * (i % 3)} for i in range(60)}
    results.save(path, old, index=True)
    previous = results.load_entries(path, index=True)
    new = {f"e{i:03}": {"hash": f"n{i}", "status": "failed", "message": "いいえ"} for i in (0, 7, 8, 30, 59)}
    new |= {"e0155": {"hash": "x", "status": "passed"}, "zz": {"hash": "y", "status": "pending"}}
    kept = set(old) - {f"e{i:03}" for i in (3, 4, 20, 40, 41, 42)}
    copies = []
    real = results._copy
    monkeypatch.setattr(results, "_copy", lambda *a: (copies.append(a[2]), real(*a)))
    results.save(path, results.Merged(new, previous, kept | set(new)), index=True)
    expected = {k: (new[k] if k in new else old[k]) for k in kept | set(new)}
    assert path.read_text(encoding="utf-8") == results.dump_lines({"format": results.FORMAT, "results": expected},
                                                                   "results")
    assert len(copies) == 7  # the runs of kept entries between the others
    assert _state(results.load_entries(path, index=True)) == _state(results.load_entries(path))


def test_entries_resting_on_the_same_basis_share_it_in_the_index(tmp_path):
    """One basis for the entries that rest on the same, as reading the lines gives it: an
    index written from entries given whole keeps one too (at 100 000 examples, 1 045
    bases; an index with one each was 36 MB instead of 31 MB, and slower to read)."""
    path = tmp_path / "results.json"
    results.save(path, {f"e{i}": {"hash": str(i), "status": "passed", "basis": {"engine": "e", "cards": "c"}}
                        for i in range(3)}, index=True)
    entries = results.load_entries(path, index=True)
    assert len({id(results.brief(entries, f"e{i}")["basis"]) for i in range(3)}) == 1


def test_a_process_reads_a_file_written_in_place_again(tmp_path):
    """What a process read of the results file (incremental.read_results: the plan, the
    pages, a forked run) is read again once the file is written in place, even with the
    same size and its modification time set back."""
    from rulings import incremental

    path = tmp_path / "results.json"
    results.save(path, ENTRIES, index=True)
    assert results.brief(incremental.read_results(path)[0], "mtg/b:c.d")["status"] == "failed"
    _rewrite_in_place(path, b'"status":"failed"', b'"status":"passed"')
    assert results.brief(incremental.read_results(path)[0], "mtg/b:c.d")["status"] == "passed"
