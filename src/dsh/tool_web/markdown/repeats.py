"""Blocks shown once: repeated interface strings and copies of content go; what repeats because
each item has its own (card fields, prices, section headings over new content) stays."""

from __future__ import annotations

import re
from typing import Final

from dsh.tool_web.markdown.markers import CODE_OPEN

# "Screen size: up to 43 in", "Price: $19", "M/Flex: scalable to six monitors": a field of one
# item among many (product cards, listings). Repeated, it still belongs to each item, so it
# is not de-duplicated. A long block that happens to start with a label is not a field.
_ITEM_FIELD: Final = re.compile(r"[^:]{1,40}: \S.{0,119}")
# A price standing alone, perhaps after a few words ("$165.00", "From £9.99", "Starting at
# $434", "$10 - $20", "129 kr"). Each product card has its own, so an equal price on the next
# card is not a repeat.
_PRICE: Final = re.compile(
    r"""(?:[a-z]+\ ){0,3}
        (?: (?:[$€£¥₹]|usd\ |eur\ |gbp\ ) \s?\d[\d.,]*
            (?:\s?[-–]\s?[$€£¥₹]?\s?\d[\d.,]*)?
          | \d[\d.,]*\s?(?:€|£|kr|zł|usd|eur|gbp|chf) )""",
    re.VERBOSE,
)


def drop_repeated_blocks(markdown: str) -> str:
    """Keep only the first copy of a block that appears more than once (case and whitespace aside).

    Short repeats are interface strings ("Reply", "Share", "Add to cart", "Top"); long ones are
    the same content rendered twice (mobile and desktop copies, sticky bars, a heading repeated
    as a label). Code blocks are placeholders here, so two identical snippets both survive;
    item fields (`_ITEM_FIELD`) and prices standing alone (`_PRICE`) are kept too.

    A repeat alone under a new heading or question is its answer and stays (an FAQ's "Yes.").
    A repeated heading or label ("### Pros", "Cons:", "Minimum:") is structure, not a repeat:
    it is kept when something new follows it, so the second product's cons are not read as its
    pros. Over a section that is all repeats (a mobile copy), it goes with them.
    """
    seen: set[str] = set()
    kept: list[str] = []
    waiting: list[tuple[int, str]] = []  # repeated headings and labels, outermost first
    blocks = markdown.split("\n\n")
    keys = [" ".join(block.strip("#*-> ").lower().split()) for block in blocks]
    first_at: dict[str, int] = {}
    for index, key in enumerate(keys):
        first_at.setdefault(key, index)
    for index, block in enumerate(blocks):
        key = keys[index]
        level = _heading_level(block, key) if block[:1] == "#" or key[-1:] == ":" else 0
        if level:
            # A heading closes the sections at its level and below that never got content.
            if waiting:
                waiting = [(outer, text) for outer, text in waiting if outer < level]
            if key in seen:
                waiting.append((level, block))
                continue
            seen.add(key)
        elif key not in seen:
            seen.add(key)
        elif (
            CODE_OPEN not in key
            and not _ITEM_FIELD.fullmatch(key)
            and not _PRICE.fullmatch(key)
            and not _answers_what_precedes(index, blocks, keys, first_at)
        ):
            continue  # a repeat, and not one of the exempt kinds
        if waiting:
            kept.extend(text for _, text in waiting)
            waiting.clear()
        kept.append(block)
    return "\n\n".join(kept)


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
    return before.startswith("#") or before.endswith("?")


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
