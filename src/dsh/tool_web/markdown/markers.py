"""Private-use markers that carry structure through whitespace normalisation untouched.

The input never contains them: control characters are stripped before parsing.
"""

from typing import Final

INDENT: Final = "\x01"  # one space of list indentation, kept from whitespace collapsing
CODE_OPEN: Final = "\x02"  # a code block's placeholder: CODE_OPEN, its index, CODE_CLOSE
CODE_CLOSE: Final = "\x03"
# An icon outside a table read as a check mark or a cross, until the whole rendering shows
# whether the page contrasts the two (`render.py`): a list all ticked says nothing.
YES_ICON: Final = "\x04"
NO_ICON: Final = "\x05"
