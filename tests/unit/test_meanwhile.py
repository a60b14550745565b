"""``runs.Meanwhile``: what ``rulings build`` counts in a forked copy of itself while its
html build runs — the value as computed there, an error raised where the value is asked
for, and a copy that died said as such (never a count made up)."""

from __future__ import annotations

import os
import signal

import pytest

from rulings import runs


def _pid_and(value):
    return os.getpid(), value


def test_the_value_is_computed_in_another_process_and_handed_back():
    shared = {"seen": []}
    counting = runs.Meanwhile(lambda: (shared["seen"].append(1), _pid_and({"passed": 3}))[1])
    pid, value = counting.result()
    assert pid != os.getpid() and value == {"passed": 3}
    assert shared["seen"] == []  # computed in the copy: nothing of it changed here


def test_an_error_in_the_copy_is_raised_where_the_value_is_asked_for():
    def broken():
        raise ValueError("the manifest is damaged")

    with pytest.raises(RuntimeError, match="ValueError: the manifest is damaged"):
        runs.Meanwhile(broken).result()


def test_a_copy_that_died_is_said_to_have_died():
    with pytest.raises(RuntimeError, match="the process counting died .signal 9"):
        runs.Meanwhile(lambda: os.kill(os.getpid(), signal.SIGKILL)).result()
