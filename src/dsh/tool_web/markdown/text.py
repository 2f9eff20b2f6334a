"""Text as the renderer reads it from elements and writes it into Markdown.

An element's text joined in C, whitespace collapsed inside a line, and the final normalisation
of the Markdown: runs of spaces, trimmed lines, blank lines, the invisible characters that
a browser does not show but a tokenizer splits words on, and UTF-8 that a page double-encoded
("isnâ€™t") decoded again.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.markers import INDENT, NO_ICON, YES_ICON

# Runs of spaces to fold into one: only those where folding changes something (two or more,
# or one that is not a plain space). `[ \t…]+` also matched every single space between words,
# and the substitution paid for a match and a copy per word of the page.
_SPACES: Final = re.compile(r" [ \t\r\f\v\u00a0]+|[\t\r\f\v\u00a0][ \t\r\f\v\u00a0]*")
# Invisible in a browser and splitting words for the model: soft hyphens, zero-width spaces,
# word joiners, stray byte-order marks, and the bidirectional marks and overrides (the model
# reads text in logical order; an override can make code display unlike what it is).
# (Zero-width joiners stay: emoji and scripts need them.)
BIDI_CONTROLS: Final = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_INVISIBLE: Final = re.compile(f"[\u00ad\u200b\u2060\ufeff{BIDI_CONTROLS}]")
# Of those, the hints where a line may break (soft hyphens, zero-width spaces, word joiners)
# and stray byte-order marks are never part of code either: Javadoc writes "get&#8203;(int
# index)", and code copied with them does not compile. (Bidirectional controls in code are
# what it holds, and the zero-width non-joiner belongs in Persian strings.)
_BREAK_HINTS: Final = re.compile("[\u00ad\u200b\u2060\ufeff]")
# Joiners join the characters either side (an emoji family, a Persian word); beside a space,
# a line's end or nothing at all (Webflow's `<p>&zwj;</p>` spacers) they join nothing.
_ZWNJ: Final = "\u200c"
_ZWJ: Final = "\u200d"
# Characters that show nothing: what a text made only of them says is nothing.
INVISIBLE_CHARS: Final = f"\u00ad\u200b\u2060\ufeff{_ZWNJ}{_ZWJ}{BIDI_CONTROLS}"
_LOOSE_JOINERS: Final = re.compile(
    f"(?<![^\\s{_ZWNJ}{_ZWJ}])[{_ZWNJ}{_ZWJ}]+|[{_ZWNJ}{_ZWJ}]+(?![^\\s{_ZWNJ}{_ZWJ}])"
)
# Runs of blank lines, folded to one here and wherever a pass drops lines of the Markdown.
BLANK_LINES: Final = re.compile(r"\n{3,}")
_STRING_VALUE: Final = etree.XPath("string()")  # an element's text, joined in C


def string_value(element: etree._Element) -> str:
    """The text of `element` and its descendants (not its tail)."""
    return str(_STRING_VALUE(element))


def collapse(text: str) -> str:
    """Each run of whitespace as one space (`\\s+` → " "), edges included.

    Done with str.split, which splits on exactly the characters `\\s` matches (both use
    str.isspace): called for every text node, mostly short indentation, where a regex
    substitution's call costs twice as much as the split and join."""
    words = text.split()
    if not words:
        return " " if text else ""
    joined = " ".join(words)
    if text[0].isspace():
        joined = f" {joined}"
    if text[-1].isspace():
        joined = f"{joined} "
    return joined


def normalise(markdown: str) -> str:
    """Collapse runs of spaces, trim every line and keep at most one blank line between blocks."""
    # The invisible characters are all outside ASCII, and `isascii` is answered in O(1).
    visible = markdown if markdown.isascii() else _INVISIBLE.sub("", markdown)
    if _ZWNJ in visible or _ZWJ in visible:
        visible = _LOOSE_JOINERS.sub("", visible)
    # The substitutions run only where they can match, known by substring searches in C: the
    # patterns' own searches stop at every space or line break (called for every list item
    # and heading, of which one in twenty holds a run of spaces).
    folded = _SPACES.sub(" ", visible) if _has_spaces_to_fold(visible) else visible
    lines = [line.strip(" ") for line in folded.split("\n")]
    if YES_ICON in visible or NO_ICON in visible:
        lines = _icons_joined(lines)
    joined = "\n".join(lines)
    return (BLANK_LINES.sub("\n\n", joined) if "\n\n\n" in joined else joined).strip()


def _has_spaces_to_fold(text: str) -> bool:
    """Whether `_SPACES` matches in `text`: two spaces in a row, or a space other than a plain
    one (a run opening with a plain space and going on with another kind holds that kind)."""
    return (
        "  " in text
        or "\t" in text
        or "\r" in text
        or "\f" in text
        or "\v" in text
        or "\u00a0" in text
    )


# UTF-8 read as Windows-1252 or Latin-1, each byte of a character shown as a character of its
# own: "isnâ€™t", "57Â°", "â€”" (and "â\x80\x99", Latin-1's C1 controls in the middle). Pages
# double-encode their text so (a CMS storing UTF-8 in a Latin-1 column, a template reading a
# file as Windows-1252), and a browser shows the same garbage: the model read "computerâ€™s"
# as a word. A sequence is a lead character (bytes C2–F4) and the continuation characters its
# lead asks for (bytes 80–BF, as Latin-1 or as Windows-1252 shows them).
_WINDOWS_1252_SIGNS: Final = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"  # bytes 80–9F as Windows-1252 shows them
_CONTINUATION: Final = f"[\u0080-\u00bf{_WINDOWS_1252_SIGNS}]"
_MOJIBAKE: Final = re.compile(
    f"[\u00c2-\u00df]{_CONTINUATION}|[\u00e0-\u00ef]{_CONTINUATION}{{2}}"
    f"|[\u00f0-\u00f4]{_CONTINUATION}{{3}}"
)
# Sequences side by side, decoded together: ftfy judges by the whole run whether it is garbage
# (a double-encoded word of CJK comes as a run of three-byte sequences, one alone is as likely
# a real letter and two signs).
_MOJIBAKE_RUN: Final = re.compile(f"(?:{_MOJIBAKE.pattern})+")
# The pattern is searched for only on pages holding one of these (substring searches in C: the
# pattern's own search cost six times as much over WCXB's outputs, most of them not ASCII):
# the leads of double-encoded punctuation ("â€™", "â\x80\x94": U+2000–U+203F), Latin-1
# letters and signs ("Ã©", "Â°"), Greek and Cyrillic ("Î»", "Ð¿", "Ñ\x80"). A page of
# nothing but double-encoded CJK (leads ä–é, which accented text holds anyway) is left as is.
_MOJIBAKE_LEADS: Final = ("â€", "â\x80", "Ã", "Â", "Î", "Ï", "Ð", "Ñ")
# An inline code span as `render.py` writes it: a run of backticks, its code on one line, the
# same run again. Only code without backticks of its own, the run and the code taken whole
# (possessive: no try gives any back), so each try reads up to the next backtick and no
# further, and a line of a thousand runs of growing lengths stays linear.
_INLINE_CODE: Final = re.compile(r"(?<!`)(`++)[^`\n]*+\1(?!`)")
# A page is repaired when it holds this many sequences that decode: one or two are as likely a
# text about mojibake quoting it ("I saw Ã¤ instead of ä") as an accident.
_MOJIBAKE_MIN: Final = 3
# Latin-1's C1 controls (bytes 80–9F), invisible: a run holding one ("â\x80\x99") is no
# text quoting mojibake (a reader cannot see, so cannot copy, what it would quote), so even one
# such run is the page's own garbage ("You shouldnâ\x80\x99t cut corners", once on a page),
# decoded below the count that other runs need.
_C1_CONTROL: Final = re.compile("[\u0080-\u009f]")
# ftfy is asked about this many different runs of sequences at most, the others left as written:
# each question costs ~30 µs, and a hostile page can hold a million different runs; WCXB's
# pages hold at most 8.
_MOJIBAKE_RUNS: Final = 1_000


def repaired_mojibake(text: str) -> str:
    """`text` with its UTF-8 read as Windows-1252 or Latin-1 decoded again ("isnâ€™t" →
    "isn’t"), when it holds at least `_MOJIBAKE_MIN` sequences that decode. ftfy decodes each
    run of adjacent sequences, judging by the run whether it is garbage: "æ—¥æœ¬" is "日本",
    but "allé…»" is a real letter and two signs after it (bytes E9 85 BB would be "酻"), and
    "Fuß“" a letter and a quotation mark (bytes DF 93 would be an N'Ko letter)."""
    if text.isascii() or not any(lead in text for lead in _MOJIBAKE_LEADS):
        return text
    # Imported here, past the gate: ftfy and its wcwidth tables cost ~140 ms at import, paid
    # by every process importing `dsh.tool_web`, and most pages never get this far.
    import ftfy

    decodings: dict[str, str] = {}
    found = 0
    for run, count in Counter(_MOJIBAKE_RUN.findall(text)).items():
        decodings[run] = ftfy.fix_encoding(run) if len(decodings) < _MOJIBAKE_RUNS else run
        if decodings[run] != run:
            found += count * len(_MOJIBAKE.findall(run))
    if found < _MOJIBAKE_MIN:
        # Too few to tell from a text quoting them, but for runs holding an invisible C1
        # control: those alone are decoded.
        decodings = {
            run: decoded if _C1_CONTROL.search(run) else run for run, decoded in decodings.items()
        }
        if all(decoded == run for run, decoded in decodings.items()):
            return text
    return "\n".join(_repaired_line(line, decodings) for line in text.split("\n"))


def _repaired_line(line: str, decodings: dict[str, str]) -> str:
    """`line` with its runs of double-encoded sequences decoded (`decodings`), unless it also
    holds a character one of them decodes to: a line showing both ("If you see Ã© instead of
    é") is about the garbage, on a page explaining encodings, and says what it means as
    written."""
    # Code is what it is, garbage included (a page on encodings shows `cafÃ©` as the bug):
    # code blocks are placeholders here already, and inline code spans are skipped, each read
    # as a space: the text either side of one, joined, could make a sequence ("Ã`x`¡") that
    # the page does not hold and `decodings` does not know.
    prose = _INLINE_CODE.sub(" ", line) if "`" in line else line
    runs = [run for run in _MOJIBAKE_RUN.findall(prose) if decodings[run] != run]
    if not runs:
        return line
    # The characters written outside the runs, read once however many the line holds (a
    # sequence may end in what it decodes to: "Â°" is "°" double-encoded).
    written = set(_MOJIBAKE_RUN.sub("", prose))
    if any(not written.isdisjoint(decodings[run]) for run in runs):
        return line

    def repaired(part: str) -> str:
        return _MOJIBAKE_RUN.sub(lambda match: decodings[match.group()], part)

    if "`" not in line:
        return repaired(line)
    parts: list[str] = []
    end = 0
    for span in _INLINE_CODE.finditer(line):
        parts += (repaired(line[end : span.start()]), span.group())
        end = span.end()
    parts.append(repaired(line[end:]))
    return "".join(parts)


def without_doubled_no_break_spaces(text: str) -> str:
    """`text` without the "Â" a double-encoded no-break space leaves ("Zoho offersÂ a free
    edition", "for cats.Â", "1.Â Â Â Myth"). Its UTF-8 bytes C2 A0 read as Latin-1 are "Â"
    and a no-break space, which the renderer collapses with the spaces around it, so
    `repaired_mojibake` finds no sequence to decode: the letter stands alone, glued to the
    end of a word, a figure or its punctuation. A word never ends in a capital Â (Romanian's
    and Vietnamese's begin words or stand inside capitals: "ROMÂNIA"); one after a space or a
    quotation mark ("a stray Â appears", "‘Â’") is a text about the garbage and stays, as do
    code and a sequence "Â" opens ("Â°", decoded there). A run of them, each after the space
    the one before it left ("1.Â Â Â "), goes with its first."""
    if "Â" not in text:
        return text
    if "`" not in text:
        return _DOUBLED_NO_BREAK_SPACE.sub(_spaces_only, text)
    parts: list[str] = []
    end = 0
    for span in _INLINE_CODE.finditer(text):
        parts += (_DOUBLED_NO_BREAK_SPACE.sub(_spaces_only, text[end : span.start()]), span.group())
        end = span.end()
    parts.append(_DOUBLED_NO_BREAK_SPACE.sub(_spaces_only, text[end:]))
    return "".join(parts)


def _spaces_only(match: re.Match[str]) -> str:
    return match.group().replace("Â", "")


# "Â" right after a letter, digit or closing punctuation, then any run of " Â", and no letter,
# digit or continuation character after it (that would be a word, or a sequence to decode).
_DOUBLED_NO_BREAK_SPACE: Final = re.compile(
    f"(?<=[\\w.,:;!?)\\]])Â(?: Â)*+(?![\\w\u0080-\u00bf{_WINDOWS_1252_SIGNS}])"
)


def _icons_joined(lines: list[str]) -> list[str]:
    """A line holding only icon placeholders (`<li><img check><div>Text</div></li>`) put on
    the next line with text, after its list or heading marker: the mark leads its item."""
    joined: list[str] = []
    pending = ""
    for line in lines:
        if pending and line.strip(f" {INDENT}"):
            prefix = _LINE_MARKER.match(line)
            end = prefix.end() if prefix else 0
            line = f"{line[:end]}{pending} {line[end:]}"
            pending = ""
        if line and not line.strip(f" {YES_ICON}{NO_ICON}"):
            pending += line.replace(" ", "")
            continue
        joined.append(line)
    if pending:
        joined.append(pending)
    return joined


# What opens a line before its text: list indentation, quote, heading and list markers.
_LINE_MARKER: Final = re.compile(f"[{INDENT} ]*(?:> |#{{1,6}} |- |\\d+\\. )*")


def without_break_hints(code: str) -> str:
    """`code` without the invisible line-break hints and byte-order marks a page put in it."""
    return _BREAK_HINTS.sub("", code)


def plain_to_markdown(text: str) -> str:
    """Plain text from a fallback path, with whitespace normalised like rendered Markdown."""
    return normalise(text)
