"""Turning an HTML string into an lxml tree that the rest of the pipeline can trust.

The input is bounded and cleaned, parsed by libxml2, and stripped of what is never content
(the pipeline first has `formulas.py`, `tabs.py` and `repairs.py` put right what the stripping
would lose); when libxml2 cannot give a whole tree, plain text comes from a tokenizer instead.
"""

from __future__ import annotations

import html.parser
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.limits import MAX_HTML_CHARS
from dsh.tool_web.markdown.rawtext import text_and_comments
from dsh.tool_web.markdown.stats import text_without_whitespace
from dsh.tool_web.markdown.tree import HEADING_TAGS

# C0 controls other than tab/newline/carriage return make libxml2 stop or substitute garbage;
# removing them up front is what lets binary junk degrade into text instead of an exception.
# They are ASCII, so deleting their bytes from UTF-8 never splits a multi-byte character.
_CONTROL_BYTES: Final = bytes([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F])
# The same characters written as numeric character references (`&#2;`, `&#x01`), which libxml2
# decodes: in the tree they would pose as the renderer's markers (`markers.py`), forging a copy
# of a code block or breaking the render. (`&#0;` already decodes to U+FFFD.)
_CONTROL_REFERENCES: Final = re.compile(
    rb"&#(?:0*(?:[1-8]|1[124-9]|2[0-9]|3[01]|127)(?![0-9])"
    rb"|[xX]0*(?:[1-8bBcCeEfF]|1[0-9a-fA-F]|7[fF])(?![0-9a-fA-F]));?"
)
# Whether the source has a numeric reference at all: a pattern, not `b"&#" in data`, which
# scans a two-byte needle of a common byte slowly (90 ms on WCXB's even half, this 26 ms).
_NUMERIC_REFERENCE: Final = re.compile(rb"&#")

# Elements whose content is never prose the model should read.
_NON_CONTENT_TAGS: Final = (
    "script",
    "style",
    "template",
    "svg",
    "math",
    "iframe",
    # What a browser without embeds or frames would show instead: every browser has them, and
    # libxml2 reads their content as text, so their markup came out as words ("<b>…</b>").
    "noembed",
    "noframes",
    "object",
    "embed",
    "canvas",
    "video",
    "audio",
    "map",
    "head",
    "select",
    "textarea",
    "input",
    "button",
    "dialog",
)

_BLOCK_TAGS_FOR_TEXT: Final = frozenset(
    {
        "p", "div", "section", "article", "main", "li", "tr", "br", "h1", "h2", "h3",
        "h4", "h5", "h6", "pre", "blockquote", "table", "ul", "ol", "dl", "dt", "dd",
        "header", "footer", "aside", "nav", "form", "hr", "figure", "figcaption",
    }
)  # fmt: skip


# Only elements that always have an end tag: a void element here would never be closed.
_TOKENIZER_SKIP_TAGS: Final = frozenset(
    {"script", "style", "noscript", "template", "svg", "math", "textarea", "select", "title"}
)


_END_TAG_NAME_ENDS: Final = (b">", b"/", b" ", b"\t", b"\n", b"\r")
# An end tag longer than this is not one we remove; the bound keeps hostile input linear.
_END_TAG_MAX_BYTES: Final = 64
_DOCUMENT_END_TAG: Final = re.compile(rb"</(?:[bB][oO][dD][yY]|[hH][tT][mM][lL])")


class DocumentTooDeepError(Exception):
    """libxml2 gave up on the nesting depth and returned a truncated tree."""


def clean_input(html: str) -> bytes:
    """Cap the size and drop the characters that break the parser, as UTF-8.

    Bytes rather than str: lxml refuses str input that carries an XML encoding declaration,
    encoding turns lone surrogates into "?", and deleting bytes runs at memory speed.
    """
    data = html[:MAX_HTML_CHARS].encode("utf-8", errors="replace").translate(None, _CONTROL_BYTES)
    if _NUMERIC_REFERENCE.search(data) is not None:
        data = _CONTROL_REFERENCES.sub(b"", data)
    return _without_document_end_tags(data)


def _without_document_end_tags(data: bytes) -> bytes:
    """Remove `</body>` and `</html>` end tags.

    HTML5 ignores them for building the tree: whatever follows still goes into <body>, and
    browsers show it. libxml2 instead drops everything after `</html>` and puts what follows
    `</body>` outside the body; pages whose templates print their article after the closing
    tags (a WordPress theme on WCXB dev) came out empty.
    """
    spans: list[tuple[int, int]] = []
    # One search for both names in either case, skipping from '<' to '<' in C: a lowered copy
    # of the source and a search per name cost 2.5 times as much (WCXB's even half, 0.34 s
    # against 0.13 s).
    for match in _DOCUMENT_END_TAG.finditer(data):
        position, after = match.start(), match.end()
        close = data.find(b">", after, position + _END_TAG_MAX_BYTES)
        # `</bodyfoo>` is another element's end tag, not the document's.
        if close >= 0 and data[after : after + 1] in _END_TAG_NAME_ENDS:
            spans.append((position, close + 1))
    if not spans:
        return data
    kept: list[bytes] = []
    start = 0
    for begin, end in sorted(spans):
        if begin >= start:
            kept.append(data[start:begin])
            start = end
    kept.append(data[start:])
    return b"".join(kept)


def parse(data: bytes) -> etree._Element:
    """Parse UTF-8 HTML to an lxml tree with comments and processing instructions gone."""
    parser = etree.HTMLParser(
        encoding="utf-8",
        remove_comments=True,
        remove_pis=True,
        no_network=True,
        # No table of ids: nothing here looks elements up by id, building it costs time, and
        # a repeated id logged "ID depth already defined", which read as the depth error below.
        collect_ids=False,
    )
    # Plain etree elements: lxml.html's custom element classes cost a lookup per node visited.
    root = etree.fromstring(data, parser=parser) if data.strip() else None
    if root is None:
        raise DocumentTooDeepError
    # One pass over libxml2's reports (a messy page logs thousands).
    misplaced_body_lines: set[int] = set()
    refused_end_tags: set[str] = set()
    stray_heading_end = False
    for entry in parser.error_log:
        message = entry.message
        if "depth" in message.lower():
            raise DocumentTooDeepError
        if message.endswith(_MISPLACED_BODY):
            misplaced_body_lines.add(entry.line)
        elif message.startswith(_END_TAG_MISMATCH):
            refused_end_tags.add(message[len(_END_TAG_MISMATCH) :].partition(" ")[0])
        elif message.startswith(_STRAY_HEADING_END):
            stray_heading_end = True
    if misplaced_body_lines:
        _merge_body_attributes(root, data, sorted(misplaced_body_lines))
    # libxml2 stops reporting after its first 100 errors (fatal ones aside): on a page that
    # messy, a menu's refused end tags may have gone unreported, so any furniture may hold them.
    if len(parser.error_log) >= _LIBXML2_REPORTED_ERRORS:
        refused_end_tags |= _SITE_FURNITURE_TAGS
    refused_furniture = refused_end_tags & _SITE_FURNITURE_TAGS
    if refused_furniture:
        _main_out_of_refused_furniture(root, refused_furniture)
    if stray_heading_end or len(parser.error_log) >= _LIBXML2_REPORTED_ERRORS:
        _headings_closed_at_paragraphs_rejoined(root)
    return root


# libxml2's report of a heading's end tag with no heading open: the heading was closed before
# it, at a paragraph inside it (`<h1><p>Title</p></h1>`), which HTML keeps in the heading.
_STRAY_HEADING_END: Final = "Unexpected end tag : h"
# How long a paragraph closing a heading may be and still be its title, in characters other
# than whitespace (about 150 with its spaces).
_TITLE_MAX_CHARS: Final = 130


def _headings_closed_at_paragraphs_rejoined(root: etree._Element) -> None:
    """A heading that libxml2 closed at a paragraph inside it gets that paragraph's content
    back. HTML's parser keeps `<h1><p>Title</p></h1>` a heading holding a paragraph; libxml2
    ends the heading at the `<p>` and drops `</h1>`, which left an empty `h1` and the title a
    plain paragraph after it: the model read a page's or a section's title as one more line of
    its text, and passes that look for the page's heading found none. Only an empty heading
    (no text, no element) with the paragraph right after it, nothing between them, and a
    paragraph as short as a title: a long one is prose a theme styled large (a product's
    pitch written in an `h3`), which stays prose. Run on the tree as parsed, before any pass
    empties a heading of its own (a tab panel's echo of its label)."""
    for heading in list(root.iter(*HEADING_TAGS)):
        if len(heading) or (heading.text or "").strip() or (heading.tail or "").strip():
            continue
        parent, title = heading.getparent(), heading.getnext()
        if (
            parent is None
            or title is None
            or title.tag != "p"
            or len(text_without_whitespace(title, with_tail=False)) > _TITLE_MAX_CHARS
        ):
            continue
        heading.text = title.text
        heading.extend(list(title))
        heading.tail = title.tail
        parent.remove(title)  # its content and tail now the heading's


# libxml2's report of an end tag it did not apply as written: an element of higher end priority
# (a `div`) was open inside the one it closes, so the end tag was dropped and the element kept
# open. HTML closes every element open inside it instead.
_END_TAG_MISMATCH: Final = "Opening and ending tag mismatch: "
# How many errors libxml2 reports at most (its XML_MAX_ERRORS); the rest go unlogged.
_LIBXML2_REPORTED_ERRORS: Final = 100
# The site's furniture that never holds the page's `main` in a browser's tree when one of its
# end tags was refused: a mega-menu item whose submenu leaves a `div` unclosed (HTML's `</li>`
# closes it, libxml2's does not) swallowed everything after it, `main` included.
_SITE_FURNITURE_TAGS: Final = frozenset(
    {"header", "nav", "footer", "aside", "menu", "li", "ul", "ol"}
)
# Of those, the menus: `main` is moved only out of one of these. A `header` alone is not enough:
# the article headers of one publisher family hold `main` in a browser too, through a button
# (`repairs.py` keeps it), and moved out, the selection skipped the article's introduction.
_MENU_TAGS: Final = frozenset({"nav", "menu", "li", "ul", "ol"})


def _main_out_of_refused_furniture(root: etree._Element, refused: set[str]) -> None:
    """Put the page's `main` right after the outermost furniture element holding it whose end
    tag libxml2 refused (`refused`: their tags), when one of them is a menu, where a browser's
    tree has it: otherwise the whole page was a list item of the menu it sat in (`- Solutions`
    over every line of the page, indented as the item's).

    Only the first `main` (a page shows one), and its ancestors once: linear on any input."""
    main = next(root.iter("main"), None)
    if main is None:
        return
    holders = list(main.iterancestors(*refused))
    if not holders or not any(holder.tag in _MENU_TAGS for holder in holders):
        return
    outermost = holders[-1]
    if outermost.getparent() is None:
        return
    # The text after `main` stays where it was written.
    if main.tail:
        previous = main.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + main.tail
        else:
            holder = main.getparent()
            if holder is not None:
                holder.text = (holder.text or "") + main.tail
        main.tail = None
    outermost.addnext(main)


# libxml2's report of a `<body>` start tag after the body began (a second one, or the page's own
# after something in its head had already opened the body), whose attributes it drops.
_MISPLACED_BODY: Final = "misplaced <body> tag"
_BODY_START_TAG: Final = re.compile(rb"<[bB][oO][dD][yY](?=[\s/>])")
# Only the first few are read: HTML takes each attribute from the first tag that has it.
_MAX_MERGED_BODIES: Final = 8
# How far a body start tag's attributes are read (a WordPress body class runs to ~1,000 bytes).
_BODY_TAG_MAX_BYTES: Final = 8_192


def _merge_body_attributes(root: etree._Element, data: bytes, lines: list[int]) -> None:
    """Give the body each attribute it lacks from the `<body>` start tags on `lines` (those of
    libxml2's reports of misplaced ones), as HTML does: the page's own `<body class="archive">`
    after a tracking pixel in its head had opened the body classless lost its class, which
    `pagekind.py` reads. libxml2's columns are no guide (they drift on a line), so every
    `<body` of those lines is read: the first one the body took again adds nothing."""
    body = root.find("body")
    if body is None:
        return
    merged = 0
    line, line_start = 1, 0
    # The elements whose content is text and the comments, met in order as the tags are.
    skipped = text_and_comments(data)
    skip_start, skip_end = next(skipped, (-1, -1))
    for report_line in lines:
        while line < report_line:
            newline = data.find(b"\n", line_start)
            if newline == -1:
                return
            line, line_start = line + 1, newline + 1
        line_end = data.find(b"\n", line_start)
        for tag in _BODY_START_TAG.finditer(
            data, line_start, len(data) if line_end == -1 else line_end
        ):
            merged += 1
            if merged > _MAX_MERGED_BODIES:
                return
            while -1 < skip_end <= tag.start():
                skip_start, skip_end = next(skipped, (-1, -1))
            if skip_start < tag.start() < skip_end:
                continue  # a script's string, a title's words or a commented-out tag is no tag
            try:
                parsed = etree.fromstring(
                    data[tag.start() : tag.start() + _BODY_TAG_MAX_BYTES],
                    etree.HTMLParser(encoding="utf-8", no_network=True),
                )
            except (etree.LxmlError, ValueError):
                continue  # the page's own tree stands as parsed
            tag_body = parsed.find("body") if parsed is not None else None
            for name, value in tag_body.items() if tag_body is not None else ():
                if body.get(name) is None:
                    body.set(name, value)


def strip_non_content(root: etree._Element) -> None:
    """Drop script/style/svg and friends in C.

    Call it after the passes that read what goes (`formulas.py`: MathML and MathJax's scripts
    as TeX; `tabs.py`: tab labels onto their panels; `repairs.py`: a <button> holding
    block-level content as a <div>, and through it `drawnmarks.py`: a task list's checkboxes
    as `[x]`/`[ ]`, …), and before the rest.
    <noscript> is dropped too, except on pages that keep their real content there for crawlers
    (Discourse forums do): when it holds most of the page's text, it is unwrapped instead.
    """
    etree.strip_elements(root, *_NON_CONTENT_TAGS, with_tail=False)
    noscript_chars = sum(
        len(text_without_whitespace(element, with_tail=True)) for element in root.iter("noscript")
    )
    # The whole-document measure is only worth paying for when the noscript text is substantial.
    if noscript_chars > 500 and noscript_chars * 2 > len(
        text_without_whitespace(root, with_tail=True)
    ):
        etree.strip_tags(root, "noscript")
    else:
        etree.strip_elements(root, "noscript", with_tail=False)


def plain_text(root: etree._Element) -> str:
    """The whole document as text, serialised by libxml2 (fast on any size), a block's end a
    line's end: without them a page of a hundred thousand paragraphs was one line."""
    body = root.find("body")
    target = body if body is not None else root
    for block in target.iter(*_BLOCK_TAGS_FOR_TEXT):
        block.tail = f"\n{block.tail}" if block.tail else "\n"
    text: str = etree.tostring(target, method="text", encoding="unicode")
    return text


class _TextCollector(html.parser.HTMLParser):
    """A tree-less tokenizer for documents libxml2 truncates (pathological nesting)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _TOKENIZER_SKIP_TAGS:
            self._skip_depth += 1
        elif tag in _BLOCK_TAGS_FOR_TEXT:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _TOKENIZER_SKIP_TAGS:
            self._skip_depth = max(0, self._skip_depth - 1)
        elif tag in _BLOCK_TAGS_FOR_TEXT:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._skip_depth:
            self.parts.append(data)


def tokenized_text(data: bytes) -> str:
    """Plain text without building a tree: slower than libxml2, but immune to nesting depth."""
    collector = _TextCollector()
    collector.feed(data.decode("utf-8", errors="replace"))
    collector.close()
    return "".join(collector.parts)
