"""The elements whose content HTML reads as text, not markup, and where they stand in a source.

HTML's raw-text elements (`script`, `style`, `iframe`, `noembed`, `noframes`, the obsolete
`xmp`), its escapable raw-text ones (`title`, `textarea`) and the obsolete `plaintext`, whose
text runs to the end of the document (no end tag closes it): a `<body>` tag or a `<!--$-->`
comment written inside one is its text, no tag nor comment. libxml2 reads them so too; not
`noscript`, which HTML reads as text only with scripting on, and which libxml2 and this
renderer read as markup. The passes that search the source before it is parsed (`parse.py`
for misplaced `<body>` tags, `streamed.py` for React's boundary comments) skip them, and
comments, by one scan forward (`text_and_comments`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

RAW_TEXT_ELEMENTS: Final = (
    *("script", "style", "title", "textarea", "xmp"),
    *("iframe", "noembed", "noframes", "plaintext"),
)
# A start tag of one of them, its name whole and in any case (`<Script>`, not `<scripts>`
# nor `<title-bar>`), or a comment's start.
_TEXT_ELEMENT_OR_COMMENT: Final = re.compile(
    rb"<(" + b"|".join(name.encode() for name in RAW_TEXT_ELEMENTS) + rb")(?=[\s/>])|<!--",
    re.IGNORECASE,
)
# Each one's end tag (`plaintext` has none).
_END_TAG: Final = {
    name.encode(): re.compile(rb"</" + name.encode() + rb"(?=[\s/>])", re.IGNORECASE)
    for name in RAW_TEXT_ELEMENTS
    if name != "plaintext"
}


def text_and_comments(data: bytes) -> Iterator[tuple[int, int]]:
    """Where each element whose content is text and each comment of the source `data` starts
    and ends, in document order: from its start tag's `<` (or its `<!--`) to the end of its
    end tag's name (or past its `-->`); the last runs to the end of `data` when nothing closes
    it. One search forward, each skipping what the one before covered: linear."""
    position = 0
    while (match := _TEXT_ELEMENT_OR_COMMENT.search(data, position)) is not None:
        name = match.group(1)
        if name is None:  # a comment; `<!-->` and `<!--->` end where they begin
            closing = data.find(b"-->", match.start() + 2)
            end = -1 if closing < 0 else closing + 3
        else:
            end_tag = _END_TAG.get(name.lower())
            found = None if end_tag is None else end_tag.search(data, match.end())
            end = -1 if found is None else found.end()
        if end < 0:
            yield match.start(), len(data)
            return
        yield match.start(), end
        position = end
