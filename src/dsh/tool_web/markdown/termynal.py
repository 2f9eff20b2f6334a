"""Terminal sessions that a docs site animates with termynal.js, read as the terminal shows them.

FastAPI's documentation (and the sites built from its MkDocs setup: Typer, SQLModel, …) writes
each terminal session as an ordinary highlighted code block inside `<div class="termy">`, and
its script hands every line of that block's text to termynal.js, which writes it into the page
as HTML (`innerHTML`). The session's colours are written into the text as markup for that
reason: `<font color="#4E9A06">fastapi</font> dev main.py`. Read as code, the model saw those
tags around every word of the session; read as the terminal shows it, "$ fastapi dev main.py".
"""

from __future__ import annotations

from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import class_tokens, empty, nearest_where

# The library's name, in the page's script and stylesheet links (`termynal.js`,
# `termynal.css`), and the class its blocks carry.
_TERMYNAL_SOURCE: Final = b"termynal"
_TERMY_CLASS: Final = b"termy"


def has_termynal_sessions(source: bytes) -> bool:
    return _TERMYNAL_SOURCE in source and _TERMY_CLASS in source


def sessions_as_shown(root: etree._Element) -> None:
    """Each code block of a `termy` container holds the text its lines show: the block's text
    read as HTML, as termynal.js writes it, its markup gone and its references decoded
    (`&apos;` → `'`). The block stays a code block (its prompt "$ " and its layout kept)."""
    memo: dict[etree._Element, etree._Element | None] = {}
    # One parser for the page's blocks (making one costs more than reading a short line), made
    # here rather than shared between calls: an lxml parser is not to be used by two threads.
    parser = etree.HTMLParser(remove_comments=True, remove_pis=True, no_network=True)
    for pre in list(root.iter("pre")):
        # The nearest container read once per path: the blocks of nested containers are not
        # looked for again under each of them.
        if nearest_where(pre, _is_session_container, memo) is None:
            continue
        code = pre.find("code")
        holder = pre if code is None else code
        written = string_value(holder)
        if "<" not in written and "&" not in written:
            continue
        shown = _shown_text(written, parser)
        if shown is None:
            continue
        empty(holder)
        holder.text = shown


def _is_session_container(element: etree._Element) -> bool:
    return "termy" in class_tokens(element)


def _shown_text(written: str, parser: etree.HTMLParser) -> str | None:
    """The text a browser shows for `written` read as HTML (None when nothing can be read)."""
    try:
        document = etree.fromstring(written, parser=parser)
    except (etree.ParserError, ValueError):
        return None
    return None if document is None else string_value(document)
