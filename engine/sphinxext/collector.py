"""Python's cyclic garbage collector while the extension builds.

The collector runs when allocations outnumber deallocations by a threshold (700 for its
youngest generation by default), and every tenth of its older collections that finds
the long-lived objects grown by a quarter walks all of them.  A build with the extension
allocates more than a plain one (the three engines and their vocabularies, each
example's reading, the search cuts), so it runs the collector more often, and what it
walks is larger: at 1 000 examples seven full collections of 100 000–210 000 objects,
0.6 s of CPU against plain html's 0.15 s (three of them), most of the gap between the two
builds once the extension's own work was cut.  With the youngest generation's threshold
raised while Sphinx builds, the same build collects about as much as plain html:
garbage is still collected (a cycle waits for ten thousand allocations instead of 700),
and the full collections still follow the growth of what lives, as Python's rule says.

Set when the configuration is read and again as each build starts reading (one
application can build many times: ``rulings serve``), put back as each build finishes.
"""

from __future__ import annotations

import gc

#: allocations net of deallocations between two collections of the youngest generation
#: during a build (Python's default: 700)
YOUNG = 10_000


def raise_threshold(app, *_) -> None:
    """``config-inited``, ``env-before-read-docs``: the threshold of a build."""
    if getattr(app, "_rulings_collector", None) is None:
        young, *older = app._rulings_collector = gc.get_threshold()
        if young:  # 0: the collector is off, and stays off
            gc.set_threshold(max(young, YOUNG), *older)


def restore(app, _exception) -> None:
    """``build-finished``: the threshold as it was before the build."""
    saved = getattr(app, "_rulings_collector", None)
    if saved is not None:
        gc.set_threshold(*saved)
        app._rulings_collector = None
