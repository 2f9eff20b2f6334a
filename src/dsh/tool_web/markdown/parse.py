"""Turning an HTML string into an lxml tree that the rest of the pipeline can trust."""

from __future__ import annotations

import html.parser
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.formulas import formulas_as_tex
from dsh.tool_web.markdown.limits import MAX_HTML_CHARS

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

# Elements whose content is never prose the model should read.
NON_CONTENT_TAGS: Final = (
    "script",
    "style",
    "template",
    "svg",
    "math",
    "iframe",
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

BLOCK_TAGS_FOR_TEXT: Final = frozenset(
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


# A <button> holding block-level elements is not a label. Either libxml2 never closed it (it
# ignores `</button>` while a `<div>` opened inside is still open, where an HTML5 parser closes
# the button: the rest of the page, article included, then sits inside it), or the page uses
# it as a disclosure header ("Specifications", "Ingredients") whose text is content.
# Measured on WCXB dev: four article pages of one publisher family lost their whole text.
_BLOCKS_IN_BUTTONS: Final = (
    "div", "p", "ul", "ol", "table", "section", "article", "main",
    "h1", "h2", "h3", "h4", "h5", "h6",
)  # fmt: skip


_END_TAG_NAME_ENDS: Final = (b">", b"/", b" ", b"\t", b"\n", b"\r")
# An end tag longer than this is not one we remove; the bound keeps hostile input linear.
_END_TAG_MAX_BYTES: Final = 64


class DocumentTooDeepError(Exception):
    """libxml2 gave up on the nesting depth and returned a truncated tree."""


def clean_input(html: str) -> bytes:
    """Cap the size and drop the characters that break the parser, as UTF-8.

    Bytes rather than str: lxml refuses str input that carries an XML encoding declaration,
    encoding turns lone surrogates into "?", and deleting bytes runs at memory speed.
    """
    data = html[:MAX_HTML_CHARS].encode("utf-8", errors="replace").translate(None, _CONTROL_BYTES)
    if b"&#" in data:
        data = _CONTROL_REFERENCES.sub(b"", data)
    return _without_document_end_tags(data)


def _without_document_end_tags(data: bytes) -> bytes:
    """Remove `</body>` and `</html>` end tags.

    HTML5 ignores them for building the tree: whatever follows still goes into <body>, and
    browsers show it. libxml2 instead drops everything after `</html>` and puts what follows
    `</body>` outside the body; pages whose templates print their article after the closing
    tags (a WordPress theme on WCXB dev) came out empty.
    """
    lowered = data.lower()
    spans: list[tuple[int, int]] = []
    for tag in (b"</body", b"</html"):
        position = lowered.find(tag)
        while position >= 0:
            after = position + len(tag)
            close = lowered.find(b">", after, position + _END_TAG_MAX_BYTES)
            # `</bodyfoo>` is another element's end tag, not the document's.
            if close >= 0 and lowered[after : after + 1] in _END_TAG_NAME_ENDS:
                spans.append((position, close + 1))
            position = lowered.find(tag, after)
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
    )
    # Plain etree elements: lxml.html's custom element classes cost a lookup per node visited.
    root = etree.fromstring(data, parser=parser) if data.strip() else None
    depth_error = any("depth" in entry.message.lower() for entry in parser.error_log)
    if depth_error:
        raise DocumentTooDeepError
    if root is None:
        raise DocumentTooDeepError
    return root


_XLINK_HREF: Final = "{http://www.w3.org/1999/xlink}href"


def _cell_svgs_as_icons(root: etree._Element) -> None:
    """An `<svg>` in a table cell becomes an empty `<i>` carrying its names (class, label,
    title, the symbol it uses), so the renderer can read a check mark or a cross from it
    (`icons.py`) after the svg itself is stripped."""
    for svg in list(root.iter("svg")):
        if next(svg.iterancestors("td", "th"), None) is None:
            continue
        names = [svg.get("class"), svg.get("aria-label"), svg.get("data-icon")]
        names += [title.text for title in svg.iter("title")]
        names += [
            use.get("href") or use.get("xlink:href") or use.get(_XLINK_HREF)
            for use in svg.iter("use")
        ]
        icon = etree.Element("i")
        icon.set("class", " ".join(["icon", *(name for name in names if name)]))
        icon.tail = svg.tail
        parent = svg.getparent()
        if parent is not None:
            parent.replace(svg, icon)


# A read-only checkbox leading a list item is a task list's mark (GitHub, GitLab, goldmark and
# markdown-it render `- [x]` so); dropped with the other inputs, done and open items read alike.
# Enabled checkboxes are form controls (a listing's filters), not marks.
def _task_checkboxes_as_marks(root: etree._Element) -> None:
    # `iter` with a tag filters in C: an XPath over the whole tree costs ten times more.
    for box in list(root.iter("input")):
        if box.get("disabled") is None or (box.get("type") or "").lower() != "checkbox":
            continue
        parent = box.getparent()
        if parent is None:
            continue
        # In the item itself or its first paragraph (a loose list), as Markdown renderers put it;
        # deeper (inside a `div` of a widget) it is a control that merely sits in a list.
        item = parent.getparent() if parent.tag == "p" else parent
        if item is None or item.tag != "li" or _text_before(item, box).strip():
            continue
        mark = etree.Element("span")
        mark.text = "[x] " if box.get("checked") is not None else "[ ] "
        mark.tail = box.tail
        parent.replace(box, mark)


def _text_before(container: etree._Element, target: etree._Element) -> str:
    """The text of `container` that comes before `target` in document order."""
    pieces: list[str] = []
    for event, element in etree.iterwalk(container, events=("start", "end")):
        if element is target:
            break
        if event == "start":
            pieces.append(element.text or "")
        elif element is not container:
            pieces.append(element.tail or "")
    return "".join(pieces)


# A <form> with nothing to fill in or press is a wrapper, not a form: old Reddit wraps every
# comment and self-post body in `<form class="usertext">` with only hidden inputs.
_FORM_CONTROLS: Final = ("textarea", "select", "button", "input")


def _forms_without_controls_as_wrappers(root: etree._Element) -> None:
    for form in list(root.iter("form")):
        controls = form.iter(*_FORM_CONTROLS)
        if all(c.tag == "input" and (c.get("type") or "").lower() == "hidden" for c in controls):
            form.tag = "div"


# Code written as `<code>` with `<br>` line breaks (Blogger, older WordPress plugins, forum
# archives), or with its own newlines kept by `white-space: pre` (a stylesheet usually says
# so; an inline style sometimes): alone in its block it is a code block, not inline code run
# into one line (the loop body and the call after it read as one statement).
def _broken_code_as_blocks(root: etree._Element) -> None:
    for code in list(root.iter("code")):
        if not _has_lines(code) or any(True for _ in code.iterancestors("pre")):
            continue
        parent = code.getparent()
        if parent is None or (code.tail or "").strip() or (parent.text or "").strip():
            continue
        if all(sibling is code or not _text_of(sibling).strip() for sibling in parent):
            code.tag = "pre"


def _has_lines(code: etree._Element) -> bool:
    if code.find("br") is not None:
        return True
    text = "".join(str(piece) for piece in code.itertext()).strip()
    if "\n" not in text:
        return False
    return "white-space:pre" in (code.get("style") or "").replace(" ", "") or text.count("\n") >= 2


# Cloudflare's email obfuscation: the address XOR-ed with the first byte, hex-encoded in
# `data-cfemail` (or after `#` in the link), the text replaced by "[email protected]" until a
# script decodes it. Without the script the model read "email us at [email protected]".
_CLOUDFLARE_EMAILS: Final = etree.XPath(
    "//*[@data-cfemail] | //a[contains(@href, '/cdn-cgi/l/email-protection#')]"
)
_MAX_EMAIL_HEX: Final = 2 * 320


def decode_protected_emails(root: etree._Element) -> None:
    """Cloudflare-obfuscated addresses written out (call only when the page has them: the
    search walks the whole tree)."""
    found = _CLOUDFLARE_EMAILS(root)
    for element in found if isinstance(found, list) else []:
        if not isinstance(element, etree._Element):
            continue
        encoded = element.get("data-cfemail") or (element.get("href") or "").partition("#")[2]
        address = _cloudflare_decode(encoded)
        if address is None:
            continue
        if element.get("data-cfemail") is not None or _is_placeholder(element):
            # Only the "[email protected]" placeholder is replaced: a label such as "Dr. Jane
            # Smith" or "our press office" stays, with the address as its mailto: target.
            for child in list(element):
                element.remove(child)
            element.text = address
        if element.tag == "a":
            element.set("href", f"mailto:{address}")
        # The link's inner span carries the code when the link does not.
        parent = element.getparent()
        if (
            parent is not None
            and parent.tag == "a"
            and "email-protection" in (parent.get("href") or "")
        ):
            parent.set("href", f"mailto:{address}")


def _is_placeholder(element: etree._Element) -> bool:
    text = " ".join("".join(str(piece) for piece in element.itertext()).split()).lower()
    return text in ("", "[email protected]", "[email\u00a0protected]")


def _cloudflare_decode(encoded: str) -> str | None:
    if not 4 <= len(encoded) <= _MAX_EMAIL_HEX or len(encoded) % 2:
        return None
    try:
        data = bytes.fromhex(encoded)
    except ValueError:
        return None
    key = data[0]
    address = bytes(b ^ key for b in data[1:]).decode("utf-8", "replace")
    if "@" not in address or not address.isprintable() or " " in address:
        return None
    return address


# Line numbers printed inside the code itself (Chroma's `<span class="ln">1</span>`, Pygments'
# `linenos=inline`, highlight.js plugins): kept, every line began with its number ("1import os").
_LINE_NUMBER_CLASSES: Final = frozenset(
    {"ln", "lnt", "linenos", "lineno", "line-number", "line-numbers", "hljs-ln-numbers", "gutter",
     "codelinenumber"}
)  # fmt: skip


def _inline_line_numbers_dropped(root: etree._Element) -> None:
    for pre in root.iter("pre"):
        numbers = [
            e
            for e in pre.iter("span", "td", "div")
            # CSS modules suffix a hash: Docusaurus writes `codeLineNumber_Tfdd`.
            if not _LINE_NUMBER_CLASSES.isdisjoint(
                token.split("_")[0].lower() for token in (e.get("class") or "").split()
            )
            and "".join(str(piece) for piece in e.itertext()).strip().isdigit()
        ]
        for number in numbers:
            parent = number.getparent()
            if parent is None:
                continue
            tail = number.tail or ""
            previous = number.getprevious()
            if previous is not None:
                previous.tail = (previous.tail or "") + tail
            else:
                parent.text = (parent.text or "") + tail
            parent.remove(number)


def strip_non_content(root: etree._Element) -> None:
    """Drop script/style/svg and friends in C, before any Python-level pass touches the tree.

    Formulas are kept as TeX (`formulas.py`), a task list's checkboxes as `[x]`/`[ ]`.
    <noscript> is dropped too, except on pages that keep their real content there for crawlers
    (Discourse forums do): when it holds most of the page's text, it is unwrapped instead.
    A <button> that holds block-level content is kept as a <div> (see `_BLOCKS_IN_BUTTONS`).
    """
    formulas_as_tex(root)
    _cell_svgs_as_icons(root)
    _task_checkboxes_as_marks(root)
    _broken_code_as_blocks(root)
    _inline_line_numbers_dropped(root)
    for button in list(root.iter("button")):
        if any(e is not button for e in button.iter(*_BLOCKS_IN_BUTTONS)):
            button.tag = "div"
    _forms_without_controls_as_wrappers(root)
    etree.strip_elements(root, *NON_CONTENT_TAGS, with_tail=False)
    noscript_chars = sum(len(_text_of(element)) for element in root.iter("noscript"))
    # The whole-document measure is only worth paying for when the noscript text is substantial.
    if noscript_chars > 500 and noscript_chars * 2 > len(_text_of(root)):
        etree.strip_tags(root, "noscript")
    else:
        etree.strip_elements(root, "noscript", with_tail=False)


def _text_of(element: etree._Element) -> str:
    text: str = etree.tostring(element, method="text", encoding="unicode")
    return "".join(text.split())


def plain_text(root: etree._Element) -> str:
    """The whole document as text, serialised by libxml2 (fast on any size)."""
    body = root.find("body")
    target = body if body is not None else root
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
        elif tag in BLOCK_TAGS_FOR_TEXT:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _TOKENIZER_SKIP_TAGS:
            self._skip_depth = max(0, self._skip_depth - 1)
        elif tag in BLOCK_TAGS_FOR_TEXT:
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
