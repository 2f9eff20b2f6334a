"""The elements whose content HTML reads as text, not markup.

HTML's raw-text elements (`script`, `style`), its escapable raw-text ones (`title`,
`textarea`) and the obsolete `xmp`: a `<body>` tag or a `<!--$-->` comment written inside one
is its text, no tag nor comment. The passes that search the source before it is parsed
(`parse.py` for misplaced `<body>` tags, `streamed.py` for React's boundary comments) skip them
by this one list, each with its own search.
"""

from typing import Final

RAW_TEXT_ELEMENTS: Final = ("script", "style", "title", "textarea", "xmp")
