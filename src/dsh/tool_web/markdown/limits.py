"""The bounds that keep rendering cheap on hostile input.

Each number is documented in this package's README together with the measured cost of hitting it.
"""

from typing import Final

# web-fetch-http's default `max_html_chars`: nothing the fetcher delivers by default is cut here.
# 5 M characters parse in ~40 ms. Not less: one WCXB dev page (4.97 MB) starts its content at
# 4.77 MB, after megabytes of inline script; beyond it we only pay for bytes the model never reads.
MAX_HTML_CHARS: Final = 5_000_000

# The Markdown is cut here: table padding and code fences can make it longer than its input.
MAX_OUTPUT_CHARS: Final = MAX_HTML_CHARS

# Past this many elements the Python-level passes (pruning, scoring, rendering) would cost
# seconds, so the page is rendered as plain text by libxml2's C serializer instead.
MAX_ELEMENTS: Final = 150_000

# libxml2 refuses documents nested deeper than 256 levels; our recursive renderer stays
# well below Python's recursion limit by flattening anything deeper than this into plain text.
MAX_RENDER_DEPTH: Final = 200

# Lists, quotes and definition lists nested deeper than this inside each other are rendered as
# plain blocks: each level re-formats all the Markdown inside it (indentation, `>`), so the
# work grew with depth times size (a hundred quotes around 5 MB: minutes).
MAX_BLOCK_NESTING: Final = 10

# A single table cell, heading or link text longer than this is prose, not a label.
MAX_INLINE_CHARS: Final = 2_000

# A furniture-named block's text is read through at most so many of its first characters and
# elements: its sentences (a menu that reads as prose, `boilerplate.py`), its item headings and
# prices (a carousel of the page's items, `carousels.py`).
PROSE_READ: Final = 2000
PROSE_READ_ELEMENTS: Final = 200
