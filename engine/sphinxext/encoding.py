"""A document that is not valid UTF-8 is an error at its line, not a crashed build.

Sphinx reads sources with a strict decoder, so one stray byte stops the whole build
with a traceback.  The extension reads with a UTF-8 codec that replaces bad bytes,
then checks the raw bytes of each document it reads and reports the first bad byte
at its line; the examples of such a document are not run (see the directive).
"""

from __future__ import annotations

import codecs
import encodings.utf_8_sig as utf8

from sphinx.util import logging

logger = logging.getLogger(__name__)

CODEC = "rulings_utf8"
#: (source folder, docname) -> line of the first bad byte, for the document being read
#: (set at source-read, in the process that reads it, before its directives run)
_UNDECODABLE: dict[tuple[str, str], int] = {}


class _Decoder(utf8.IncrementalDecoder):
    def __init__(self, errors: str = "strict") -> None:
        super().__init__("replace")


def _decode(data, errors: str = "strict"):
    return utf8.decode(data, "replace")


_INFO = codecs.CodecInfo(name=CODEC, encode=utf8.encode, decode=_decode,
                         incrementalencoder=utf8.IncrementalEncoder, incrementaldecoder=_Decoder,
                         streamreader=utf8.StreamReader, streamwriter=utf8.StreamWriter)


def _search(name: str):
    return _INFO if name == CODEC else None


codecs.register(_search)


def use_lenient_codec(app, config) -> None:
    """config-inited: read UTF-8 sources with the replacing codec."""
    if codecs.lookup(config.source_encoding).name in ("utf-8", "utf-8-sig"):
        config.source_encoding = CODEC


def check_source(app, docname: str, source: list[str]) -> None:
    """source-read: report the first byte that is not UTF-8, with its line."""
    path = app.env.doc2path(docname)
    key = (str(app.env.srcdir), docname)
    _UNDECODABLE.pop(key, None)
    try:
        data = path.read_bytes()
    except OSError:
        return
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        _UNDECODABLE[key] = line
        logger.error(f"the document is not valid UTF-8: byte 0x{data[err.start]:02x} at line {line} "
                     f"(save the file as UTF-8); its examples are not run", location=(docname, line),
                     type="rulings", subtype="encoding")


def undecodable_line(env) -> int | None:
    return _UNDECODABLE.get((str(env.srcdir), env.docname))
