"""Blocks shown once: repeated interface strings, copies of content, headings echoing the line
before them and quotations of lines shown already go, and a line saying its words twice says
them once; what repeats because each item has its own (card fields, prices, section headings
over new content) stays. The lines that are the page's interface wherever they stand, even
once (a card's controls, toolbar labels, posts' counters, posters' lines), are `controls.py`'s."""

from __future__ import annotations

import bisect
import re
from typing import Final

from dsh.tool_web.markdown.markers import CODE_OPEN, INDENT
from dsh.tool_web.markdown.text import BLANK_LINES

# "Screen size: up to 43 in", "Price: $19", "M/Flex: scalable to six monitors": a field of one
# item among many (product cards, listings). Repeated, it still belongs to each item, so it
# is not de-duplicated. A long block that happens to start with a label is not a field.
_ITEM_FIELD: Final = re.compile(r"[^:]{1,40}: \S.{0,119}")
# A price standing alone, perhaps after a few words ("$165.00", "From £9.99", "Starting at
# $434", "$10 - $20", "129 kr"). Each product card has its own, so an equal price on the next
# card is not a repeat.
_ONE_PRICE: Final = r"""
    (?: (?:[$€£¥₹]|usd\ |eur\ |gbp\ ) \s?\d[\d.,]*
        (?:\s?[-–]\s?[$€£¥₹]?\s?\d[\d.,]*)?
        (?:\ (?:usd|cad|aud|nzd|eur|gbp|chf|sgd|hkd|mxn))?
      | \d[\d.,]*\s?(?:€|£|kr|zł|usd|eur|gbp|chf) )"""
# A card's old and new price side by side ("$399.00 $199.00", "$499.00 now $249.00") is one
# price field too: the strike-through that told them apart is a class, not text.
_PRICE: Final = re.compile(
    rf"""(?:[a-z]+\ ){{0,3}} {_ONE_PRICE} (?:\ (?:[a-z]+\ ){{0,2}} {_ONE_PRICE}){{0,2}}""",
    re.VERBOSE,
)
# A score or rating standing alone ("7.9", "4.5/5"): each ranked item has its own, so an equal
# score on the next item is not a repeat. Whole numbers are not taken for scores: alone, they
# are mostly counters (votes, replies, pages) that say nothing twice.
_SCORE: Final = re.compile(r"\d{1,2}[.,]\d{1,2}(?:\ ?/\ ?\d{1,3})?")


# A quoted line this short stays even when it repeats ("> Yes.", "> Thanks!"): it may be all
# a reply answers.
_QUOTED_REPEAT_MIN_CHARS: Final = 20
# A line's indentation (a list item's, kept by `INDENT` marks until the end), before any mark.
_INDENTATION: Final = f" \t{INDENT}"
# A quotation's blank line: indentation and its `>` marks, nothing else.
_QUOTE_BLANK: Final = f"{_INDENTATION}>"
# What is no part of a line's words when lines are compared (stripped from both ends):
# indentation, list and quote marks, emphasis, headings.
_LINE_MARKS: Final = f"{_INDENTATION}#*->"
# A line's opening marks, each optional, in the order they nest: its indentation (a list item's,
# kept by `INDENT` marks until the end), a list item's marker or a quote's, a heading's marks
# ("  - ## Title"). The passes read normalised lines: one space after each mark, no tabs. The
# list item's marker is `controls.py`'s too.
ITEM_MARKER: Final = r"[-*+] |\d{1,3}[.)] "
_OPENING_MARKS: Final = re.compile(
    rf"[ {INDENT}]*(?P<marker>(?:{ITEM_MARKER}|> )?)(?P<heading>(?:#{{1,6}} )?)"
)
_OPENING_MARKS_UNQUOTED: Final = re.compile(
    rf"[ {INDENT}]*(?P<marker>(?:{ITEM_MARKER})?)(?P<heading>(?:#{{1,6}} )?)"
)


def _opening_marks(line: str, *, quote: bool) -> re.Match[str]:
    """`line`'s opening marks: its indentation, a list item's marker (or a quote's, with
    `quote`; without it a quotation's `>` is one of its words: a quotation echoes no heading),
    then a heading's marks. `.end("marker")` is where the marker ends, `.end()` where the
    words begin; the `heading` group is empty when the line is no heading."""
    marks = (_OPENING_MARKS if quote else _OPENING_MARKS_UNQUOTED).match(line)
    assert marks is not None  # every part is optional
    return marks


# Emphasis around a whole line's words, longest first.
_LINE_EMPHASIS: Final = ("***", "**", "*", "__", "_")


def say_doubled_once(markdown: str) -> str:
    """Write once a line that says the same words twice in a row ("Request a quote Request a
    quote", "## Cloud Security Cloud Security"): the page draws one text in two layers (a
    button's label and its copy that rolls in on hover, an animated title over its plain copy,
    a phone's and a screen's copy side by side), and a reader sees it once. Only phrases of two
    words or more: "Sing Sing", "Ylang Ylang", "Talk Talk" are names; nor a
    run of one unit ("ha ha ha ha"). Not table rows.
    Likewise a line that is one phrase of two different words or more and a ticker's mark
    (`·`, `•`, `*`, …) written four times or more in a row, a ticker's copies, says the phrase
    once (`_run_said_once`)."""
    lines = markdown.split("\n")
    changed = False
    for index, line in enumerate(lines):
        # A run ends in its phrase written twice: most lines' last characters stand nowhere
        # before them, or not one phrase's length before (searched in C).
        if len(line) >= _RUN_MIN_CHARS and (
            (size := len(line) - line.rfind(line[-_RUN_HEAD:], 0, -_RUN_HEAD) - _RUN_HEAD)
            < len(line) - _RUN_HEAD
            and line.endswith(line[-size:], 0, -size)
        ):
            once = _run_said_once(line)
            if once is not None:
                lines[index] = once
                changed = True
                continue
        # Most lines fail this first: the words that end the line must stand earlier in it, just
        # before a space (searched in C; the full test costs several times more).
        end = len(line.rstrip("*_"))
        if end < 7 or line.find(line[end - 3 : end] + " ", 0, end - 3) < 0:
            continue
        once = _said_once(line)
        if once is not None:
            lines[index] = once
            changed = True
    return "\n".join(lines) if changed else markdown


def _said_once(line: str) -> str | None:
    if line[:1] == "|" or CODE_OPEN in line:
        return None
    start = _opening_marks(line, quote=True).end()
    words = line[start:]
    emphasis = next(
        (
            marks
            for marks in _LINE_EMPHASIS
            if len(words) > 2 * len(marks) and words.startswith(marks) and words.endswith(marks)
        ),
        "",
    )
    inner = words[len(emphasis) : len(words) - len(emphasis)]
    half = len(inner) // 2
    if len(inner) % 2 == 0 or inner[half] != " ":
        return None
    phrase = inner[:half]
    if (
        phrase != inner[half + 1 :]
        or " " not in phrase.strip()
        or not any(character.isalpha() for character in phrase)
        # A run of one unit ("ha ha ha ha", a font sample's "word word word word") is written
        # so, not twice: the phrase is found again only where its copy starts.
        or inner.find(phrase, 1) != half + 1
    ):
        return None
    return line[:start] + emphasis + phrase + emphasis


# A ticker's copies: a marquee widget writes its text again and again so that it scrolls
# without a gap (a packaging studio's animation container, 99 spans of "Book Now *" in a row),
# and the model read the phrase 99 times on one line. A line that is nothing but one phrase of
# at least two different words and the mark a ticker sets between its items (`_RUN_SEPARATOR`),
# written `_RUN_MIN_COPIES` times or more in a row, says the phrase once. Fewer copies may be
# meant (a reader's "Les Miserable! Les Miserable! Les Miserable!"), a run of one word ("ha ha ha
# ha", a font sample's "word word word") is written so, and a phrase repeated without such a mark
# is no ticker's (a generated page's filler, a test's).
_RUN_MIN_COPIES: Final = 4
_RUN_HEAD: Final = 4  # characters a copy opens and ends with, found to tell runs worth a look
_RUN_MIN_CHARS: Final = _RUN_MIN_COPIES * 6  # four copies of two short words at least
_RUN_STARTS_TRIED: Final = 3  # where a second copy may start: the head's next few places
# What a ticker sets between its items, after a space ("Free shipping · ", "Book Now *"): said
# once, the phrase needs none.
_RUN_SEPARATOR: Final = re.compile(r"\s+[·•|/*✦★–—]+$")


def _run_said_once(line: str) -> str | None:
    if line[:1] == "|" or CODE_OPEN in line:
        return None
    start = _opening_marks(line, quote=True).end()
    words = line[start:].rstrip()
    head = words[:_RUN_HEAD]
    at = 0
    for _ in range(_RUN_STARTS_TRIED):
        at = words.find(head, at + 1)
        if at < 0:
            return None
        phrase = words[:at]
        # The last copy's blank end went with the line's.
        whole = words + phrase[len(phrase.rstrip()) :]
        copies, rest = divmod(len(whole), len(phrase))
        if rest or copies < _RUN_MIN_COPIES or whole != phrase * copies:
            continue
        distinct = {word.lower() for word in phrase.split() if any(char.isalpha() for char in word)}
        said = phrase.strip()
        separated = _RUN_SEPARATOR.search(said)
        if len(distinct) < 2 or separated is None:
            return None
        return line[:start] + said[: separated.start()]
    return None


def starts_with_price(text: str) -> bool:
    """Whether `text` opens with a price ("$140.00 USD", "129 kr", "From £9.99")."""
    return _PRICE.match(text.strip().lower()) is not None


_ANY_PRICE: Final = re.compile(_ONE_PRICE, re.VERBOSE)


def price_count(text: str) -> int:
    """How many prices `text` holds ("$10 - $20", a range, is one)."""
    return len(_ANY_PRICE.findall(text.lower()))


# A link written out, its label kept ("[Joco Cup 4oz](https://…)" reads "Joco Cup 4oz"). The
# renderer escapes a label's brackets ("[\[1\]](#fn1)"), so the label holds no bare one: each
# search from a bare `[` stops at the next bare bracket, and a flood of brackets, bare or
# escaped, is read in linear time.
_LINK_LABEL: Final = re.compile(r"(?<!\\)\[((?:[^\[\]\\]|\\.)*+)\]\([^()\s]*\)")
# Longer lines are no card's title, and are not compared (a line is read once, in bounded time).
_ECHO_LINE_MAX: Final = 300


def drop_echoed_headings(markdown: str) -> str:
    """Drop a heading that says what the line right before it says, its marks and link target
    aside: a card written with its name twice or three times (the image's link, then its title,
    then the copy a theme shows when the card has no picture), a product's title over the same
    title one level down, two headings of the same words with nothing between them. The copy
    tells the model nothing, and in a grid reads as another item of the same name. When only
    the copy shows the link's target, it takes the first one's place (after its list marker):
    the target is what the model would follow.

    Not a heading that opens a new list item (a thread's next post by the same poster), nor a
    table row or code; a line separated from it by a blank line counts only if it is a heading
    too (a paragraph then a heading of its words is a section's lead-in), or a short plain line
    (`_is_label_over_heading`), which goes instead and the heading stays: a feature grid's
    tile label over the panel it opens ("Unmetered DDoS Protection" then "###### Unmetered
    DDoS Protection"), a tab's or menu's name over its section."""
    if "#" not in markdown:
        return markdown  # most pages: spare the pass
    lines = markdown.split("\n")
    kept: list[str] = []
    before_at = -1  # where the last line with text stands in `kept`, that text and its key
    before = ""
    before_key: str | None = None  # made when a heading after it asks
    blank_between = False
    labels_dropped = False
    for line in lines:
        text = line.strip(_INDENTATION)
        if not text:
            blank_between = True
            kept.append(line)
            continue
        # Only a heading can be an echo: other lines are passed by their first character.
        if text[:1] == "#" and before and _is_heading_after(text, before, blank_between):
            if before_key is None:
                before_key = _echo_key(before)
            if before_key and _echo_key(text) == before_key:
                if "](" in text and "](" not in before:
                    first = kept[before_at]
                    text_at = _opening_marks(first, quote=False).end("marker")
                    kept[before_at] = first[:text_at] + text
                    before = text
                blank_between = False
                continue
        elif text[:1] == "#" and blank_between and _is_label_over_heading(text, before):
            if before_key is None:
                before_key = _echo_key(before)
            if before_key and _echo_key(text) == before_key:
                kept[before_at] = ""  # the label goes; the blank lines around it fold
                labels_dropped = True
        before_at, before, before_key = len(kept), text, None
        blank_between = False
        kept.append(line)
    if len(kept) == len(lines) and not labels_dropped:
        return markdown
    return BLANK_LINES.sub("\n\n", "\n".join(kept)).strip("\n")


def _is_heading_after(text: str, before: str, blank_between: bool) -> bool:
    """Whether `text`, a line opening with `#`, is a heading that may repeat `before` (the line
    with text before it): both short enough to be read, and `before` a heading too when a blank
    line parts them. A new list item never reaches here: it opens with its marker."""
    if len(text) > _ECHO_LINE_MAX or len(before) > _ECHO_LINE_MAX:
        return False
    if not _is_heading(text):
        return False
    return not blank_between or _is_heading(before)


def _is_label_over_heading(text: str, before: str) -> bool:
    """Whether `before`, the line with text a blank line above `text` (a line opening with
    `#`), is a label that `text` may repeat: a plain line (no list marker, quote or heading
    marks) of at most `_LABEL_MAX` characters showing no link target, and `text` a heading.
    A longer line is a paragraph, a section's lead-in; a linked one shows where the model
    would go, which the heading does not."""
    return (
        0 < len(before) <= _LABEL_MAX
        and len(text) <= _ECHO_LINE_MAX
        and "](" not in before
        and _opening_marks(before, quote=True).end() == 0
        and _is_heading(text)
    )


# A label is a name, not a sentence: the feature tiles' and tabs' labels are under 40
# characters; 80 leaves a long product name its place.
_LABEL_MAX: Final = 80


def _is_heading(text: str) -> bool:
    """Whether `text` is a heading, in a list item or not ("## Title", "- ## Title")."""
    return bool(_opening_marks(text, quote=False).group("heading"))


def _echo_key(text: str) -> str:
    """A line's words, whatever its list marker, heading marks, emphasis and link targets;
    empty for a line that cannot echo: a table row, code, or one without a letter."""
    if text[:1] == "|" or CODE_OPEN in text:
        return ""
    words = text[_opening_marks(text, quote=False).end() :]
    words = _LINK_LABEL.sub(r"\1", words).replace("*", "").replace("\\", "")
    key = " ".join(words.lower().split())
    return key if any(c.isalpha() for c in key) else ""


def drop_repeated_blocks(markdown: str, *, copied_bands: bool = False) -> str:
    """Keep only the first copy of a block that appears more than once (case and whitespace
    aside; for a block showing no link target, emphasis and link targets too: `_repeat_key`).

    Short repeats are interface strings ("Reply", "Share", "Add to cart", "Top"); long ones are
    the same content rendered twice (mobile and desktop copies, sticky bars, a heading repeated
    as a label). Code blocks are placeholders here, so two identical snippets both survive;
    item fields (`_ITEM_FIELD`), prices and scores standing alone (`_PRICE`, `_SCORE`) are
    kept too, each card having its own, but not right under an equal one: a card writes its
    price once per variant or layout (a watch shop's "$749.99" three times over one watch, a
    chosen colour twice), and the copy beside it is no other card's field.

    A repeat alone under a new heading or question is its answer and stays (an FAQ's "Yes."),
    and so does one that is all its section says: a changelog's "Bug fixes and performance
    improvements." under a version's heading and date, "### Fixed" / "- Worker leak" under a
    new version (`_Sections`).
    A short line under a new quotation is whose it is and stays: the same expert's name line
    under each of her quotes (`_attributes_new_quotation`); so does a poster's name in the
    header of a numbered post, the same poster's second post (`_in_post_header`).
    A repeated heading or label ("### Pros", "Cons:", "Minimum:") is structure, not a repeat:
    it is kept when something new follows it, so the second product's cons are not read as its
    pros. Over a section that is all repeats (a mobile copy), it goes with them.
    With `copied_bands` (a product page), lines of an earlier block said again as blocks of
    their own, two or more side by side, are copies too (`_copied_band`), and so is a list
    every line of which the page has said before, whatever blocks held them (`_copied_lists`).
    """
    seen: set[str] = set()
    kept: list[str] = []
    waiting: list[tuple[int, str]] = []  # repeated headings and labels, outermost first
    blocks = markdown.split("\n\n")
    keys = [" ".join(block.strip("#*-> ").lower().split()) for block in blocks]
    # A block showing no link target repeats a block of the same words as a reader reads them
    # (`_repeat_key`): the plain copy of a linked text. One showing targets repeats only a block
    # written the same: links of one label to other places ("[Video](…/1)", "[Video](…/2)")
    # are other links.
    read = [
        _repeat_key(block) if "*" in block or "](" in block else key
        for block, key in zip(blocks, keys, strict=True)
    ]  # without stars or links, a block reads as it is written
    seen_read: set[str] = set()
    first_at: dict[str, int] = {}
    for index, key in enumerate(keys):
        first_at.setdefault(key, index)
    levels = [
        _heading_level(block, key) if block[:1] == "#" or key[-1:] == ":" else 0
        for block, key in zip(blocks, keys, strict=True)
    ]
    sections = _Sections(levels, keys, first_at)
    copied_band = _copied_band(blocks, read) if copied_bands else [False] * len(blocks)
    copied_list = _copied_lists(blocks) if copied_bands else [False] * len(blocks)
    for index, block in enumerate(blocks):
        key = keys[index]
        level = levels[index]
        repeat = (
            key in seen or ("](" not in block and read[index] in seen_read) or copied_band[index]
        )
        seen.add(key)
        seen_read.add(read[index])
        if level:
            # A heading closes the sections at its level and below that never got content.
            if waiting:
                waiting = [(outer, text) for outer, text in waiting if outer < level]
            if repeat and not _subtitles_new_item(index, levels, keys, first_at):
                waiting.append((level, block))
                continue
        elif copied_list[index]:
            continue  # a whole copy of lines shown before: no card's own, no answer
        elif (
            repeat
            and CODE_OPEN not in key
            and not (_is_item_field(key) and (index == 0 or keys[index - 1] != key))
            and not _answers_what_precedes(index, blocks, keys, first_at)
            and not sections.alone_in_its_own(index, blocks)
            and not _heads_new_prose(index, blocks, keys, first_at)
            and not _in_post_header(index, blocks, keys, first_at, levels)
            and not _attributes_new_quotation(index, blocks, keys, first_at)
        ):
            continue  # a repeat, and not one of the exempt kinds
        if waiting:
            kept.extend(text for _, text in waiting)
            waiting.clear()
        kept.append(block)
    return "\n\n".join(kept)


def _is_item_field(key: str) -> bool:
    """Whether a block is one item's own field: a label and value, a price or a score alone."""
    return bool(_ITEM_FIELD.fullmatch(key) or _PRICE.fullmatch(key) or _SCORE.fullmatch(key))


# On a product page, lines of an earlier block said again as blocks of their own, two or more
# side by side, are a copy too: a shop's promises written once as a list in the buy box
# ("- Purchase with purpose! Repair makes a global impact, reduces e-waste, and saves you
# money.", "- All our products meet rigorous quality standards…") and again as a band of title
# and sentence blocks below. One such block alone is no copy: a manual says "If a regular
# expression includes…" in a long paragraph and again under another directive, a plan's
# feature line is written again for another plan. Only sentences that long and no longer (a
# list's line, a sentence, ending as one: a game's add-on named in its bundle's list and again
# over its own price is a name, and its price would stand alone), showing no link target, no
# heading, table row, quotation or item field: those repeat by design (`_ITEM_FIELD`), and
# short lines are interface strings the exact rule already reads. Asked of product pages only:
# on every WCXB page it changed product pages alone, and its search cost 0.3 s over all 1,476
# outputs.
_PART_MIN_CHARS: Final = 40
_PART_MAX_CHARS: Final = 200  # a line of a list, a sentence: not a paragraph
_BAND_REACH: Final = 2  # blocks between two copies of one band, at most, plus one
# Characters searched for such copies on one page, at most: each block of prose is looked for
# in the text before it (in C), which a page of many long blocks would make quadratic.
_PART_SEARCH_BUDGET: Final = 20_000_000


def _copied_band(blocks: list[str], read: list[str]) -> list[bool]:
    """Per block: whether it is found inside an earlier block (read as `read` has them, not
    the whole of it) that another such block within `_BAND_REACH` blocks of it is found in
    too: a band copying a list."""
    copied = [False] * len(blocks)
    starts: list[int] = []  # where each block's reading starts in `text`
    at = 0
    for key in read:
        starts.append(at)
        at += len(key) + 1
    text = "\n".join(read)  # a reading holds no line break: a part never spans two blocks
    budget = _PART_SEARCH_BUDGET
    source: dict[int, int] = {}  # block → the earlier block it is a part of
    for index, block in enumerate(blocks):
        if not _may_copy_a_part(block, read[index]):
            continue
        budget -= starts[index]
        if budget < 0:
            break
        found = text.find(read[index], 0, max(0, starts[index] - 1))
        if found < 0:
            continue
        holder = bisect.bisect_right(starts, found) - 1
        if read[holder] == read[index]:
            continue  # the same block again: the exact rule's, with its exemptions
        source[index] = holder
        for other in range(max(0, index - _BAND_REACH), index):
            if source.get(other) == holder:
                copied[index] = copied[other] = True
    return copied


# On a product page, a list (or a block of lines) whose every line one earlier block already
# shows is a copy: the short description's list written again into a "Description" tab (a
# WooCommerce shop's dress), the system requirements written once per operating system tab
# with the same lines (Steam). The block-level rule misses them: the first copy holds more
# lines, or the copy fewer. One earlier block must hold all of its lines: a shop grid's cards
# each list their own few features ("Circumaural / Open / Dynamic"), found in other cards'
# lists one by one but in no other card whole, and each card keeps them; nor a list that
# short (two cards may list the same three features: "Closed / Circumaural / Dynamic"). At
# least two lines, each read as `_line_key` reads it; headings, tables, quotations and code
# are never such a copy. Not on other pages: a plan's feature list repeats another plan's
# lines, a manual's steps repeat under each platform, and their truths keep each.
_COPIED_LIST_MIN_LINES: Final = 2
_COPIED_LIST_MIN_CHARS: Final = 60  # of its lines' words: more than a card's few features
# Earlier blocks looked at for each block (those holding its first line, the first found):
# a line every card shows ("Dynamic") is in many blocks, and one page would compare each
# block with all before it.
_COPIED_LIST_HOLDERS: Final = 50


def _copied_lists(blocks: list[str]) -> list[bool]:
    """Per block: whether it is a block of at least `_COPIED_LIST_MIN_LINES` lines (a list, a
    run of lines) and `_COPIED_LIST_MIN_CHARS` characters all of which one earlier block
    shows."""
    copied = [False] * len(blocks)
    holders: dict[str, list[int]] = {}  # a line → the first blocks showing it
    lines_of: list[frozenset[str]] = []
    for index, block in enumerate(blocks):
        keys = [key for key in map(_line_key, block.split("\n")) if key]
        lines = frozenset(keys)
        lines_of.append(lines)
        if (
            len(keys) >= _COPIED_LIST_MIN_LINES
            and sum(map(len, keys)) >= _COPIED_LIST_MIN_CHARS
            and block.lstrip()[:1] not in ("#", "|", ">")
            and CODE_OPEN not in block
        ):
            copied[index] = any(lines <= lines_of[earlier] for earlier in holders.get(keys[0], ()))
        for key in lines:
            held = holders.setdefault(key, [])
            if len(held) < _COPIED_LIST_HOLDERS:
                held.append(index)
    return copied


def _line_key(line: str) -> str:
    """A line's words as a reader reads them: its list marker, indentation, emphasis and case
    aside."""
    words = line[_opening_marks(line, quote=False).end("marker") :]
    return " ".join(words.replace("*", "").strip(_LINE_MARKS).lower().split())


def _may_copy_a_part(block: str, read: str) -> bool:
    """Whether `block` (read as `read`) is of the kind that repeats a part of an earlier block:
    one sentence of `_PART_MIN_CHARS` to `_PART_MAX_CHARS`, showing no link target."""
    return (
        _PART_MIN_CHARS <= len(read) <= _PART_MAX_CHARS
        and read[-1] in ".!?"
        and "](" not in block
        and "\n" not in block.strip()
        and block.lstrip()[:1] not in ("#", "|", ">")
        and CODE_OPEN not in block
        and not _ITEM_FIELD.fullmatch(read)
    )


def _repeat_key(block: str) -> str:
    """A block's words as a reader reads them: case, whitespace, emphasis and link targets aside
    (a category's text written twice, once with its links and bold, once plain)."""
    if "](" in block:
        block = _LINK_LABEL.sub(r"\1", block)
    return " ".join(block.replace("*", "").strip("#-> ").lower().split())


def drop_repeated_quotations(markdown: str) -> str:
    """Drop a quotation's lines that repeat a line shown before it outside any quotation.

    A forum reply quotes the post it answers, often whole, and that post stands on the page
    already: a thread read each quoted post two or three times, the copies as the replier's
    own lines. The quote's attribution ("alice wrote:", "> bob said:") is no repeat and stays,
    so the reply still says whom it answers; a quoted line under `_QUOTED_REPEAT_MIN_CHARS`
    stays too ("> Yes."), and code is never dropped. Blank quote lines left at a quotation's
    edges go with it, and a quotation left with nothing goes whole.
    """
    # Only the lines up to the last quotation's are read: found from the end, in C (a quote
    # line opens the text or follows a newline or a list's indentation).
    last = max(markdown.rfind("\n>"), markdown.rfind(f"{INDENT}>"))
    if last < 0 and markdown[:1] != ">":
        return markdown
    end = markdown.find("\n", last + 2)
    if end < 0:
        end = len(markdown)
    shown: set[str] = set()
    lines: list[str] = []
    quoted: list[bool] = []  # whether each line kept is a quotation's
    blank: list[bool] = []  # whether it is a quotation's blank line
    for line in markdown[:end].split("\n"):
        words = line.strip(_LINE_MARKS)  # lines are whitespace-normalised already
        is_quoted = line.lstrip(_INDENTATION)[:1] == ">"
        if not is_quoted:
            shown.add(words.lower())
        elif (
            shown
            and len(words) >= _QUOTED_REPEAT_MIN_CHARS
            and words.lower() in shown
            and CODE_OPEN not in line
        ):
            continue
        lines.append(line)
        quoted.append(is_quoted)
        blank.append(is_quoted and not line.strip(_QUOTE_BLANK))
    # A blank quote line stays only between two quoted lines with words, one of a run: the
    # next line with words is found by one backward pass, not read again for each blank one.
    quoted_next = [False] * len(lines)
    following = False
    for index in range(len(lines) - 1, -1, -1):
        quoted_next[index] = following
        if not blank[index]:
            following = quoted[index]
    kept: list[str] = []
    previous = -1  # the index of the last line kept
    for index, line in enumerate(lines):
        if blank[index] and (
            previous < 0
            or not quoted[previous]
            or blank[previous]
            or not quoted_next[index]
            or (index + 1 < len(lines) and blank[index + 1])
        ):
            # A quotation's edge, or not the last of blank lines in a row: the last one's
            # marks are those of the lines it comes before.
            continue
        kept.append(line)
        previous = index
    return BLANK_LINES.sub("\n\n", "\n".join(kept) + markdown[end:]).strip("\n")


def _subtitles_new_item(
    index: int, levels: list[int], keys: list[str], first_at: dict[str, int]
) -> bool:
    """A repeated heading right under a new heading of a higher level: a field of a new item
    (a listing of events, each an `h2` name over an `h3` "Tech conference in Las Vegas,
    Nevada"), not a section heading repeated. Dropped, the second event in Las Vegas had no
    place."""
    if index == 0 or not levels[index - 1] or levels[index - 1] >= levels[index]:
        return False
    # Not the title written again one level down (`# Crusher ANC 2` over `## Crusher ANC 2`).
    return first_at[keys[index - 1]] == index - 1 and keys[index - 1] != keys[index]


def _answers_what_precedes(
    index: int, blocks: list[str], keys: list[str], first_at: dict[str, int]
) -> bool:
    """A repeat standing alone under a new heading or question: an FAQ's second "Yes.", a
    recipe step's "Rinse again.". Dropped, the question would read as unanswered."""
    if index == 0 or first_at[keys[index - 1]] != index - 1:
        return False
    if index + 1 < len(blocks) and first_at[keys[index + 1]] != index + 1:
        return False  # part of a run of repeats: a copied section
    before = blocks[index - 1].rstrip()
    # A heading, not any line opening with `#`: a forum's post number ("#1 · Jun 3, 2024")
    # kept the thread's preview of the first post, repeated under it, as its answer.
    return 0 < _heading_level(before, keys[index - 1]) <= 6 or before.endswith("?")


# A post's header line ("alice • 3mo ago (2024-03-01)") is short; what it heads is prose.
_HEADER_MAX: Final = 80
_PROSE_MIN: Final = 40


def _heads_new_prose(
    index: int, blocks: list[str], keys: list[str], first_at: dict[str, int]
) -> bool:
    """A short repeated line that says when (`_HEADER_DATE`), right before a new block of
    prose: a second post's header by the same author (relative times are coarse, so the line
    repeats exactly). Dropped, the post read as the previous author's."""
    block = blocks[index]
    if "\n" in block.strip() or len(keys[index]) > _HEADER_MAX:
        return False
    return bool(_HEADER_DATE.search(keys[index])) and _new_prose_at(
        _past_opening_quote(index + 1, blocks, keys), blocks, keys, first_at
    )


def _new_prose_at(at: int, blocks: list[str], keys: list[str], first_at: dict[str, int]) -> bool:
    """Whether block `at` is prose said for the first time: a post's own words, not a heading,
    table, list, quotation or code (a header line right before it opens a new post)."""
    if at >= len(blocks) or first_at[keys[at]] != at:
        return False
    following = blocks[at].lstrip()
    return (
        not following.startswith(("#", "|", "-", "*", ">"))
        and CODE_OPEN not in following
        and len(keys[at]) >= _PROSE_MIN
        and " " in keys[at]
    )


# How many short lines a post's header may hold between its name and its words: a badge
# ("Original Poster"), a location ("Location: SIN"), a post's subject.
_HEADER_LINES: Final = 5
# How far back a copy of the line in the same header is looked for (Invision writes the poster's
# name twice over each post, for wide and narrow screens).
_HEADER_COPY_LOOKBACK: Final = 8
# A post's number alone on its line ("#3", "#**3**"): between a date and the poster's name.
_POST_NUMBER: Final = re.compile(r"#\**\d{1,6}\**")
# A post's number opening its date line ("#3 · Mar 21, 2025").
_NUMBERED_DATE: Final = re.compile(r"#\**\d{1,6}\**\ ")


def _in_post_header(
    index: int, blocks: list[str], keys: list[str], first_at: dict[str, int], levels: list[int]
) -> bool:
    """A poster's name repeated in a numbered post's header: a short line right before or
    after the header's date line when the post's number stands beside the date, the header's
    short lines leading to a new block of prose. The same poster's second post repeats her
    name: dropped, the post read as the previous poster's ("golftango29 / #2 · Mar 21 / … /
    #3 · Mar 21 / Probably, …": the starter's answer given to the man she answered). Not a
    badge written as a list item ("- Author"), a number (a reply count), nor a second copy of
    the name in the same header (Invision writes it twice, for wide and narrow screens).
    Without a post number, a short line by a date is as often a control or a badge repeated
    under every post ("Save", "Ex-Nation", "Big Board Owner"), which this pass rightly drops."""
    block, key = blocks[index], keys[index]
    opening = block.lstrip()
    if (
        not _is_header_line(block, key, levels[index])
        or (opening[:1] in ("-", "*", "+", ">") and not opening.startswith("**"))
        or not any(character.isalpha() for character in key)
        or _HEADER_DATE.search(key)  # a date line: `_heads_new_prose`
    ):
        return False
    # The post's number beside its date says this is a post's header: right before the name
    # with the date before it (vBulletin: "Feb 14, 2026 | 9:07 pm" / "#2" / the name), or in
    # the date's line right before or after the name ("#3 · Mar 21, 2025").
    before = index - 1
    numbered = (
        before >= 1
        and _POST_NUMBER.fullmatch(blocks[before].strip()) is not None
        and _is_dated_header_line(blocks[before - 1], keys[before - 1], levels[before - 1])
    ) or any(
        0 <= at < len(blocks)
        and _NUMBERED_DATE.match(blocks[at].strip()) is not None
        and _is_dated_header_line(blocks[at], keys[at], levels[at])
        for at in (index - 1, index + 1)
    )
    if not numbered:
        return False
    for at in range(index - 1, max(-1, index - 1 - _HEADER_COPY_LOOKBACK), -1):
        if keys[at] == key:
            return False  # a copy within the same header
        if first_at[keys[at]] == at and len(keys[at]) >= _PROSE_MIN and not levels[at]:
            break  # the previous post's words: this header is a new one
    at = index + 1  # the header's lines after the name, up to the post's words
    while at < len(blocks) and at - index <= _HEADER_LINES:
        if not _is_header_line(blocks[at], keys[at], levels[at]):
            break
        at += 1
    return _new_prose_at(_past_opening_quote(at, blocks, keys), blocks, keys, first_at)


def _is_header_line(block: str, key: str, level: int) -> bool:
    """A line a post's header may hold: one short line, no heading, no sentence."""
    return (
        not level
        and len(key) <= _HEADER_MAX
        and "\n" not in block.strip()
        and not key.endswith((".", "!", "?"))
    )


def _is_dated_header_line(block: str, key: str, level: int) -> bool:
    """A post header's line saying when (`_HEADER_DATE`)."""
    return _is_header_line(block, key, level) and bool(_HEADER_DATE.search(key))


def _attributes_new_quotation(
    index: int, blocks: list[str], keys: list[str], first_at: dict[str, int]
) -> bool:
    """A short line right under a new quotation: who said it ("**Jane Doe,** VP, Acme" under
    each of her quotes in an article, a testimonial's "— Sam, customer"). The same person
    quoted twice gets the same line twice; dropped, the second quote read as nobody's or as
    the previous speaker's. Not a sentence: "Learn more." under a quoted box is its link."""
    if index == 0 or first_at[keys[index - 1]] != index - 1:
        return False
    block = blocks[index]
    return (
        blocks[index - 1].lstrip()[:1] == ">"
        and block.lstrip()[:1] != ">"
        and "\n" not in block.strip()
        and len(keys[index]) <= _HEADER_MAX
        and not keys[index].endswith((".", "!", "?"))
    )


# How many blocks a post's opening quote may take: its "bob:" title and a few quoted blocks.
_QUOTE_BLOCKS: Final = 4


def _past_opening_quote(index: int, blocks: list[str], keys: list[str]) -> int:
    """Where a post's own words start when it opens by quoting another (Discourse's "bob:" over
    the quote, phpBB's "alice wrote:"): the quote is no new prose, and often a repeat itself."""
    at = index
    quoted = False
    while at < len(blocks) and at - index < _QUOTE_BLOCKS:
        block = blocks[at].strip()
        if block.startswith(">"):
            quoted = True
        elif quoted or not (block.endswith(":") and len(keys[at]) <= _HEADER_MAX):
            break
        at += 1
    return at if quoted else index


# A date standing alone under a version's heading ("Feb 1, 2024", "2024-01-10", "Released:
# 1 March 2024"): metadata of the section, not content of its own.
_MONTH: Final = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_DATE_LINE: Final = re.compile(
    rf"""(?:[a-z]+[:*]*\ ){{0,2}}
        (?: \d{{4}}-\d{{1,2}}-\d{{1,2}}
          | \d{{1,2}}[/.]\d{{1,2}}[/.]\d{{2,4}}
          | {_MONTH}\ \d{{1,2}}(?:st|nd|rd|th)?,?\ \d{{4}}
          | \d{{1,2}}(?:st|nd|rd|th)?\ {_MONTH},?\ \d{{4}}
          | {_MONTH}\ \d{{4}} )""",
    re.VERBOSE,
)


# When a post was written, as its header says it: "3mo ago", "Mar 1, 2024", "2024-03-01".
# Not prices, counts or badges ("$116.97", "+5 Free Accessories", "1 of 3"), nor a clock time
# alone: video durations ("1:36") repeat in listings.
_HEADER_DATE: Final = re.compile(
    rf"""\bago\b | \d{{4}}-\d{{1,2}}-\d{{1,2}} | \b{_MONTH}\ \d | \d\ {_MONTH}(?:\b|$)""",
    re.VERBOSE,
)


# What a section's entry says, not an interface string: a list ("- Worker leak"), a sentence
# ("Bug fixes and performance improvements."), or four words or more.
_SUBSTANTIVE: Final = re.compile(r"(?:[-*+] |\d+[.)] )|.*[.!?]$|(?:\S+\s+){3}\S", re.DOTALL)


class _Sections:
    """Where each block sits among the headings, for the rule that a repeat alone in its own
    section stays: a changelog's "Bug fixes and performance improvements." under "Version
    5.1.9" and its date line, or "### Fixed" / "- Worker leak" under a new version's heading.
    A copy of a section (a mobile layout's) goes: its heading repeats one its parent section
    already had, or was no heading where it first stood (a tab's label), or the copy runs on
    into more repeats."""

    def __init__(self, levels: list[int], keys: list[str], first_at: dict[str, int]) -> None:
        self.levels = levels
        self.keys = keys
        self.first_at = first_at
        self.new = [first_at[key] == index for index, key in enumerate(keys)]
        # Per heading: whether its parent (the nearest heading above it of a higher rank) is
        # new and holds no earlier heading of the same words.
        self.first_under_new_parent = [False] * len(levels)
        open_sections: list[tuple[int, int, set[str]]] = []  # (level, index, child headings)
        for index, level in enumerate(levels):
            if not level:
                continue
            while open_sections and open_sections[-1][0] >= level:
                open_sections.pop()
            if open_sections:
                _, parent, children = open_sections[-1]
                self.first_under_new_parent[index] = (
                    self.new[parent] and keys[index] not in children
                )
                children.add(keys[index])
            open_sections.append((level, index, set()))

    def alone_in_its_own(self, index: int, blocks: list[str]) -> bool:
        """The repeat at `index` is all its section says (a date line aside) and says something
        (a list, a sentence); the section is new, or a new parent's first of its name with a new
        block before it; the end or a new heading follows."""
        levels, new = self.levels, self.new
        if index + 1 < len(levels) and not (levels[index + 1] and new[index + 1]):
            return False  # more in the section, or a run of repeats (a copied section)
        if not _SUBSTANTIVE.match(blocks[index]) or _DATE_LINE.fullmatch(self.keys[index]):
            return False  # an interface string ("Compare", "Add a comment") or a date
        heading = index - 1
        if heading >= 1 and not levels[heading] and new[heading]:
            if not _DATE_LINE.fullmatch(self.keys[heading]):
                return False
            heading -= 1  # "Feb 1, 2024" under "## Version 5.1.9"
        if heading < 0 or not levels[heading]:
            return False
        if new[heading]:
            return heading < index - 1  # directly under a new heading: `_answers_what_precedes`
        first = self.first_at[self.keys[heading]]
        return (
            self.first_under_new_parent[heading]
            and levels[first] == levels[heading]  # a heading where it first stood, too
            and heading >= 1
            and new[heading - 1]
        )


_LABEL_LEVEL: Final = 7  # a "Label:" line heads what follows it, below any heading


def _heading_level(block: str, key: str) -> int:
    """1–6 for a Markdown heading, 7 for a label line ending in a colon, else 0."""
    if block.startswith("#"):
        level = len(block) - len(block.lstrip("#"))
        if level <= 6 and block[level : level + 1] == " ":
            return level
    if key.endswith(":") and "\n" not in block:
        return _LABEL_LEVEL
    return 0
