"""Private-use markers that carry structure through whitespace normalisation untouched.

The input never contains them: control characters are stripped before parsing.
"""

from typing import Final

INDENT: Final = "\x01"  # one space of list indentation, kept from whitespace collapsing
CODE_OPEN: Final = "\x02"  # a code block's placeholder: CODE_OPEN, its index, CODE_CLOSE
CODE_CLOSE: Final = "\x03"
