"""What the selection brings along from beside it: the labelled facts of the page's subject in
a header before it (pkg.go.dev's version and licence, a court opinion's docket), and on a
product page the summary holding its title, price and rating."""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.title import is_site_name, title_words
from dsh.tool_web.markdown.tree import holds

# The facts of the page's subject in a header beside the selection: pkg.go.dev's "Version:",
# "License:", "Imports:" over the documentation, a court opinion's "Docket Number:" and
# "Judges:" under the caption, a product's "SKU:" and sizes beside its description. The
# descent into the column of prose left them out. Looked for only before the selection (a
# header; what follows it is a sidebar: author boxes, downloads, related posts), within this
# many levels of it, in siblings short enough to be a header, as a block of labelled lines.
FACT_LEVELS: Final = 3
FACT_SIBLING_MAX: Final = 2000  # characters of text: more is a column, not a header
FACT_BLOCK_MAX: Final = 600
FACT_LABELS_MIN: Final = 3  # two are a byline ("Posted On:", "By:")
_FACT_VISITS: Final = 400  # elements looked at in one sibling
_FACT_LINE_MAX: Final = 160
_FACT_LINE_LINKS: Final = 2  # a linked label and a linked value (pkg.go.dev's "Imports: 4")
# "Label: value": a label of letters (no figures: "Mouse C: …" is no label but "Step 2: …"
# neither), at most four words, and a short value.
_FACT_LINE: Final = re.compile(r"([^\W\d_][^:\d]{0,39}):\s*(\S.{0,119})", re.DOTALL)
_LABEL_WORDS_MAX: Final = 4
# Share of a block's words the selection may already hold before the block is its copy
# (Steam's glance block repeats the details block the selection holds).
_FACT_COPY_SHARE: Final = 0.8


def bring_facts_beside(
    main: etree._Element, body: etree._Element, stats: TextStats
) -> list[etree._Element]:
    """Move the blocks of labelled facts just before `main` or its wrappers (see above) to its
    top, in document order; they are returned, for link-block pruning to leave alone (a
    version, a licence and a count of imports are links on pkg.go.dev, yet no navigation)."""
    if main is body:
        return []
    found: list[list[etree._Element]] = []
    node = main
    for _ in range(FACT_LEVELS):
        parent = node.getparent()
        if parent is None:
            break
        found[:0] = _facts_before(node, parent, stats)  # outer levels come first
        if parent is body:
            break
        node = parent
    if not found:
        return []
    held = _word_counts(string_value(main))
    moved: list[etree._Element] = []
    for block in reversed([block for block in found if not _is_copy(block, held)]):
        if len(block) == 1:
            element = block[0]
        else:  # a run of labelled lines, each a child of the wrapper: kept together
            element = etree.Element("div")
            element.extend(block)
        for line in element:
            if line.tag in _INLINE_LINES and _fact_label(line, stats) is not None:
                line.tag = "div"  # laid out as lines by CSS: one fact a line, not run together
        _insert_on_top(main, element)
        moved.append(element)
    return moved


_INLINE_LINES: Final = frozenset({"span", "a", "small", "strong", "b", "em", "i", "font"})


def _facts_before(
    node: etree._Element, parent: etree._Element, stats: TextStats
) -> list[list[etree._Element]]:
    """The fact blocks among `node`'s siblings before it: a run of labelled lines beside it, or
    a block of them inside a short sibling."""
    blocks: list[list[etree._Element]] = []
    run: list[etree._Element] = []
    for sibling in parent:
        if sibling is node:
            break
        if not isinstance(sibling.tag, str) or not stats.text.get(sibling, 0):
            continue
        if _fact_label(sibling, stats) is not None:
            run.append(sibling)
            continue
        if _is_fact_run(run, stats):
            blocks.append(run)
        run = []
        if stats.text.get(sibling, 0) <= FACT_SIBLING_MAX:
            blocks.extend([block] for block in _fact_blocks(sibling, stats))
    if _is_fact_run(run, stats):
        blocks.append(run)
    return blocks


def _fact_blocks(sibling: etree._Element, stats: TextStats) -> list[etree._Element]:
    """The outermost fact blocks inside `sibling`, in document order (at most `_FACT_VISITS`
    elements with text looked at)."""
    blocks: list[etree._Element] = []
    stack = [sibling]
    visits = 0
    while stack and visits < _FACT_VISITS:
        element = stack.pop()
        visits += 1
        if (
            len(element) >= FACT_LABELS_MIN
            and stats.text.get(element, 0) <= FACT_BLOCK_MAX
            and _is_fact_block(element, stats)
        ):
            blocks.append(element)
            continue
        stack.extend(
            child
            for child in reversed(element)
            if isinstance(child.tag, str) and stats.text.get(child, 0)
        )
    return blocks


def _is_fact_block(element: etree._Element, stats: TextStats) -> bool:
    if element.tag == "dl":
        # Its own groups only, in the `div`s HTML allows around them (not a nested list's).
        parts = [p for c in element for p in (c if c.tag == "div" else (c,))]
        labels = {" ".join(string_value(p).split()).lower() for p in parts if p.tag == "dt"} - {""}
        return len(labels) >= FACT_LABELS_MIN and any(
            p.tag == "dd" and stats.text.get(p, 0) for p in parts
        )
    children = [c for c in element if isinstance(c.tag, str) and stats.text.get(c, 0)]
    if len(children) < FACT_LABELS_MIN:
        return False
    labelled = [c for c in children if _fact_label(c, stats) is not None]
    # A heading or a note may stand among them ("Details", "* Prices in USD").
    return 3 * len(labelled) >= 2 * len(children) and _is_fact_run(labelled, stats)


def _is_fact_run(run: list[etree._Element], stats: TextStats) -> bool:
    return len({_fact_label(line, stats) for line in run} - {None}) >= FACT_LABELS_MIN


def _fact_label(element: etree._Element, stats: TextStats) -> str | None:
    """The label of a labelled line ("Docket Number: 19-1392", a table row's header cell and
    value), lowercased; None for anything else."""
    if not 0 < stats.text.get(element, 0) <= _FACT_LINE_MAX:
        return None
    if stats.links.get(element, 0) > _FACT_LINE_LINKS:
        return None  # a value of links: PostgreSQL's "Supported Versions: 18 / 17 / 16", menus
    if element.tag == "tr":
        cells = [c for c in element if c.tag in ("th", "td")]
        if len(cells) != 2 or cells[0].tag != "th" or not stats.text.get(cells[1], 0):
            return None
        label = " ".join(string_value(cells[0]).split()).rstrip(":")
    else:
        match = _FACT_LINE.fullmatch(" ".join(string_value(element).split()))
        if match is None:
            return None
        label, value = match.group(1), match.group(2)
        if ": " in value:
            return None  # several lines run together: a wrapper of them, looked into
        if value.endswith(("!", "?")) or (value.endswith(".") and len(value.split()) > 3):
            return None  # a sentence after a heading's colon, not a value
    if not label or len(label) > 40 or len(label.split()) > _LABEL_WORDS_MAX:
        return None
    return label.lower()


def _word_counts(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for word in title_words(text):
        counts[word] = counts.get(word, 0) + 1
    return counts


def _is_copy(block: list[etree._Element], held: dict[str, int]) -> bool:
    """Whether the selection (`held`, its word counts) holds most of `block`'s words, each as
    often as the block says it. Counted over the block's own words: copying `held` for each
    block cost the selection's size times the number of blocks."""
    words = _word_counts(" ".join(string_value(element) for element in block))
    found = sum(min(count, held.get(word, 0)) for word, count in words.items())
    return found >= _FACT_COPY_SHARE * sum(words.values())


# On a page that declares itself a product, the product's summary (its title, price, rating,
# stock, options) beside the description the descent goes into: a section before it, within
# `FACT_LEVELS` of it, holding the page's `h1`, and at most this share of the description's
# text (more is a column of its own, not a summary).
SUMMARY_MAX_SHARE: Final = 0.5


def bring_product_summary(main: etree._Element, body: etree._Element, stats: TextStats) -> None:
    """Move the product's summary (see above) to the top of `main`. Shops put the buy box
    beside a long description that holds most of the page's prose: the descent took the
    description, and the price, "Only 3 left in stock" and "4.8 out of 5" were lost (with
    the title put back alone)."""
    if main is body:
        return
    title = next((h1 for h1 in body.iter("h1") if not is_site_name(h1)), None)
    if title is None or holds(main, title):
        return
    holding_title = {title, *title.iterancestors()}
    node = main
    for _ in range(FACT_LEVELS):
        parent = node.getparent()
        if parent is None:
            return
        for sibling in parent:
            if sibling is node:
                break
            if sibling in holding_title:
                if stats.text.get(sibling, 0) <= SUMMARY_MAX_SHARE * stats.text.get(main, 0):
                    _insert_on_top(main, sibling)
                return
        if parent is body:
            return
        node = parent


def _insert_on_top(main: etree._Element, element: etree._Element) -> None:
    """`element` (its tail left behind) as the first thing `main` shows: before the text
    `main` opens with, which becomes its tail, not after it."""
    element.tail = main.text
    main.text = None
    main.insert(0, element)
