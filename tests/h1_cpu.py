"""Measuring aid (not a test): each test's CPU, this process's and its children's, and
the fork server's with its children (``-p tests.h1_cpu``); printed at the end."""

from __future__ import annotations

import os
import resource

import pytest

from tests import forkserver

_ROWS: list[tuple[float, str]] = []


def _server_cpu() -> float:
    server = getattr(forkserver, "_SERVER", None)
    process = getattr(server, "process", None)
    if process is None or process.poll() is not None:
        return 0.0
    try:
        fields = open(f"/proc/{process.pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    server = getattr(forkserver, "_SERVER", None)
    before, server_before = _cpu(), _server_cpu()
    yield
    server_after = _server_cpu() if getattr(forkserver, "_SERVER", None) is server else _server_cpu()
    _ROWS.append((_cpu() - before + max(0.0, server_after - server_before), item.nodeid))


def pytest_terminal_summary(terminalreporter):
    terminalreporter.write_line("CPU per test (s):")
    for cpu, nodeid in sorted(_ROWS, reverse=True):
        if cpu >= 0.05:
            terminalreporter.write_line(f"{cpu:7.2f} {nodeid}")
    terminalreporter.write_line(f"{sum(c for c, _ in _ROWS):7.2f} total")
