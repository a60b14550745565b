"""A run writes the results file again: the entries it ran, encoded; every other entry
still standing, copied as the previous file's line (read and checked once when the file
was read), never parsed and encoded again — the same bytes as encoding them all."""

from __future__ import annotations

from rulings import results


def _entry(n: int, status: str = "passed") -> dict:
    return {"hash": f"h{n}", "status": status, "outcome": "ok", "basis": {"engine": "e1", "cards": "c1"},
            "trace": [f"第 {n} 步", {"事件": "召唤", "n": n}], "duration": 0.001 * n}


def test_a_merge_copies_the_lines_it_did_not_run_and_writes_what_encoding_all_writes(tmp_path, monkeypatch):
    old = {f"ex-{n:03d}": _entry(n) for n in range(50)}
    path = tmp_path / "results.json"
    results.save(path, old)
    previous = results.load_entries(path)
    assert isinstance(previous, results.Entries)
    new = {"ex-007": _entry(7, "failed"), "ex-100": _entry(100)}
    kept = set(previous) - {"ex-013"}  # one entry no longer in the documents: dropped
    expected = {**{k: old[k] for k in kept}, **new}

    encoded = []
    compact = results._compact
    monkeypatch.setattr(results, "_compact", lambda value: encoded.append(value) or compact(value))
    results.save(tmp_path / "merged.json", results.Merged(new, previous, kept | set(new)))
    monkeypatch.setattr(results, "_compact", compact)
    # only the two entries run (key and entry each) and the head were encoded
    entries_encoded = [v for v in encoded if isinstance(v, dict) and "hash" in v]
    assert sorted(e["hash"] for e in entries_encoded) == ["h100", "h7"]

    results.save(tmp_path / "whole.json", expected)
    assert (tmp_path / "merged.json").read_bytes() == (tmp_path / "whole.json").read_bytes()
    assert dict(results.load(tmp_path / "merged.json")) == expected


def test_a_line_written_otherwise_is_kept_as_it_was_read(tmp_path):
    # a file in the layout, one line spaced by hand: read (and checked) as it is, copied
    path = tmp_path / "results.json"
    results.save(path, {"a": _entry(1), "b": _entry(2)})
    text = path.read_text(encoding="utf-8").replace('"a":{"basis"', '"a": {"basis"')
    path.write_text(text, encoding="utf-8")
    previous = results.load_entries(path)
    assert isinstance(previous, results.Entries) and previous["a"]["hash"] == "h1"
    results.save(tmp_path / "merged.json", results.Merged({"c": _entry(3)}, previous, {"a", "b", "c"}))
    written = (tmp_path / "merged.json").read_text(encoding="utf-8")
    assert '"a": {"basis"' in written
    assert dict(results.load(tmp_path / "merged.json")) == {"a": _entry(1), "b": _entry(2), "c": _entry(3)}
