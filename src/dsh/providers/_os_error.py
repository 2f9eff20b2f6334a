"""What the OSError under httpx's wrappers says happened, in words a person or a model can act on.

httpx wraps httpcore, which wraps anyio's "All connection attempts failed", which wraps the
OSError that says what happened ("Connection refused"). Shared by the fetch provider and the keyed
search providers, which each walk the chain themselves; standard library only.
"""

from __future__ import annotations

import os
import re
import socket
import ssl

# OpenSSL's "[SSL: WRONG_VERSION_NUMBER] " before its words and CPython's " (_ssl.c:1006)" after.
_SSL_NOISE = re.compile(r"^\[[^\]]*\]\s*|\s*\(_ssl\.c:\d+\)$")


def os_error_text(error: BaseException) -> str | None:
    """The description of ``error`` when it is an OSError that has one, else None."""
    if isinstance(error, ssl.SSLError):
        # Its errno is OpenSSL's error kind (SSL_ERROR_SSL = 1, SSL_ERROR_EOF = 8), not an errno:
        # os.strerror would call a rejected certificate "Operation not permitted".
        words = _SSL_NOISE.sub("", str(error.strerror or "")).strip()
        return f"TLS error: {words or type(error).__name__}"
    if isinstance(error, socket.gaierror) and error.strerror:
        # A name lookup: its errno is a negative EAI_* code that os.strerror does not know
        # ("Unknown error -3"); its own text is the resolver's ("Temporary failure in name
        # resolution"), the first thing an offline machine runs into.
        return str(error.strerror)
    if isinstance(error, OSError) and error.errno:
        return os.strerror(error.errno)  # asyncio's strerror is "Connect call failed (...)"
    return None
