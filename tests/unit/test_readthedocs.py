"""Issue 26, "sphinx-build alone does the right thing": docs/.readthedocs.yaml is a
Read the Docs configuration (version 2) that installs the project, runs the examples
and builds spec/ failing on any warning — and what it says works when done as Read
the Docs does it, in a throw-away project."""

from __future__ import annotations

import re
import shlex

import pytest

from tests.conftest import FEW_CARDS, ROOT

#: the pipeline, not the cards: the sandboxes hold the cards the documents name
pytestmark = pytest.mark.sandbox_cards(*FEW_CARDS)

CONFIG = ROOT / "docs" / ".readthedocs.yaml"


def read_yaml(text: str):
    """The block-style YAML the file is written in (mappings, sequences, scalars, comments),
    read strictly: anything else — tabs, flow collections, anchors, tags, several
    documents, an indentation that nests nothing — is an error, not a guess.
    (PyYAML is not among the project's dependencies.)"""
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        if "\t" in raw:
            raise ValueError(f"line {number}: a tab")
        content = raw.split(" #", 1)[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if content:
            if content.lstrip()[0] in "{[&*!|>%@`" or content.strip() in ("---", "..."):
                raise ValueError(f"line {number}: not in the block style this reader knows: {raw!r}")
            lines.append((number, len(content) - len(content.lstrip()), content.strip()))

    def scalar(number: int, word: str):
        if word[0] in "{[&*!|>%@`":
            raise ValueError(f"line {number}: not in the block style this reader knows: {word!r}")
        if word.startswith('"'):
            if not re.fullmatch(r'"[^"\\]*"', word):
                raise ValueError(f"line {number}: a quoted string this reader does not know: {word}")
            return word[1:-1]
        if re.fullmatch(r"-?\d+", word):
            return int(word)
        if word in ("true", "false"):
            return word == "true"
        if re.search(r"[:#'\"]", word) or word in ("null", "~", "yes", "no", "on", "off"):
            raise ValueError(f"line {number}: write {word!r} in double quotes")
        return word

    def block(at: int, indent: int):
        if lines[at][2].startswith("- "):
            out: list = []
            while at < len(lines) and lines[at][1] == indent and lines[at][2].startswith("- "):
                out.append(scalar(lines[at][0], lines[at][2][2:].strip()))
                at += 1
        else:
            out = {}
            while at < len(lines) and lines[at][1] == indent:
                number, _, content = lines[at]
                key, sep, rest = content.partition(":")
                if not sep or not re.fullmatch(r"[a-z_]+", key) or (rest and not rest.startswith(" ")):
                    raise ValueError(f"line {number}: not a key: {content!r}")
                if key in out:
                    raise ValueError(f"line {number}: {key!r} twice")
                at += 1
                if rest.strip():
                    out[key] = scalar(number, rest.strip())
                elif at < len(lines) and lines[at][1] > indent:
                    out[key], at = block(at, lines[at][1])
                else:
                    raise ValueError(f"line {number}: {key!r} has no value")
        if at < len(lines) and lines[at][1] > indent:
            raise ValueError(f"line {lines[at][0]}: indented under nothing")
        return out, at

    data, at = block(0, 0)
    if at != len(lines):
        raise ValueError(f"line {lines[at][0]}: indented less than the top")
    return data


@pytest.mark.parametrize("text", ["a:\n\tb: 1\n", "a: {b: 1}\n", "a: 1\na: 2\n", "a:\n  - x\n    - y\n",
                                  "a: b: c\n", "a:\n", "- x\nb: 1\n", "a: yes\n", "a: &x 1\n"])
def test_the_reader_refuses_what_it_does_not_know(text):
    with pytest.raises(ValueError):
        read_yaml(text)


def test_the_readthedocs_file_installs_the_project_runs_the_examples_and_builds_spec():
    config = read_yaml(CONFIG.read_text(encoding="utf-8"))
    assert config["version"] == 2
    assert re.fullmatch(r"ubuntu-\d\d\.04", config["build"]["os"])
    python = tuple(int(p) for p in config["build"]["tools"]["python"].split("."))
    assert python >= (3, 11)  # requires-python of pyproject.toml
    assert config["sphinx"] == {"configuration": "spec/conf.py", "fail_on_warning": True}
    assert (ROOT / config["sphinx"]["configuration"]).is_file()
    jobs = config["build"]["jobs"]
    assert set(jobs) == {"post_install", "pre_build"}
    # the project, with the versions make installs (the commands run at the checkout's top)
    assert [shlex.split(c) for c in jobs["post_install"]] == \
        [["python", "-m", "pip", "install", "-c", "constraints.txt", "."]]
    assert (ROOT / "constraints.txt").is_file() and (ROOT / "pyproject.toml").is_file()
    # the examples run before the html build, which reads their results
    [run] = [shlex.split(c) for c in jobs["pre_build"]]
    assert run[:3] == ["python", "-m", "rulings.cli"] and run[3] == "check", run
    # (test_what_the_readthedocs_file_says_… runs it)


def test_what_the_readthedocs_file_says_builds_a_site_that_tells_the_truth(sandbox):
    """Done as Read the Docs does it: the pre_build commands at the top of the project,
    then ``sphinx-build -T -W --keep-going -b html -d _build/doctrees . OUT`` in spec/."""
    from tests.unit.test_bad_input import GOOD, document, example

    config = read_yaml(CONFIG.read_text(encoding="utf-8"))
    sandbox.write("spec/ygo/rtd.rst", document("发布", example("rtd-1"),
                                                example("rtd-2", GOOD.replace("仍然是", "不再是"))))
    out = sandbox.root / "rtd-html"

    def sphinx():
        return sandbox.python("-m", "sphinx", "-T", "-W", "--keep-going", "-b", "html",
                              "-d", "_build/doctrees", ".", str(out), cwd=sandbox.root / "spec")

    # without the run, the build fails on the count of examples not run
    before = sphinx()
    assert before.returncode != 0, before.stderr
    assert "2 of 2 examples have no current result (2 not run, 0 stale)" in before.stderr, before.stderr
    for command in config["build"]["jobs"]["pre_build"]:
        argv = shlex.split(command)
        assert argv[0] == "python"
        done = sandbox.python(*argv[1:])
        assert done.returncode == 0, done.stdout + done.stderr
    after = sphinx()
    assert after.returncode == 0, after.stderr
    page = (out / "ygo" / "rtd.html").read_text(encoding="utf-8")
    assert re.search(r'data-example-id="rtd-1"[^>]*data-status="passed"', page)
    assert re.search(r'data-example-id="rtd-2"[^>]*data-status="failed"', page)
