"""One copy of a section that a page builder or forum renders once per screen width.

Framer writes each responsive section as adjacent `div.ssr-variant`s, one per breakpoint,
each classed `hidden-<id>` for the breakpoints at which a media rule hides it
(`@media (min-width: 1200px) { .hidden-72rtr7 { display: none !important } }`): a reader sees
exactly one of them at any width, while the model read the section two or three times, each
copy laid out for another screen (a hero title three times, a mock-up's labels once per size).
Invision Community writes each post's header once for phones and once for wider screens: the
phone's copy stays (`keep_phone_copies`).
"""

from __future__ import annotations

from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.tree import (
    attributes_found,
    class_tokens,
    empty,
    empty_all_but_title,
    find_elements,
)

_VARIANT_WORD: Final = "ssr-variant"
_VARIANT_NAME: Final = _VARIANT_WORD.encode()
_VARIANTS: Final = etree.XPath(
    ".//*[contains(concat(' ', normalize-space(@class), ' '), ' ssr-variant ')]"
)
_HIDDEN_PREFIX: Final = "hidden-"
# A site has a handful of breakpoints (Framer's default three, up to five seen); more hiding
# classes than this and the page is not the layout described above: left alone (it also keeps
# the sets compared below small).
_MAX_BREAKPOINTS: Final = 12


def has_breakpoint_variants(source: bytes) -> bool:
    return _VARIANT_NAME in source


def keep_one_breakpoint_variant(root: etree._Element) -> None:
    """Of each run of adjacent variants no two of which are shown at a common width (one
    section's layouts), keep the first, Framer's primary (widest) layout, and empty the
    others. A variant shown at every width stands alone; adjacent variants that
    are shown at a common width are different sections and both stay. Emptied, not removed:
    their tails stay where they stand."""
    variants = find_elements(_VARIANTS, root)
    if len(variants) < 2:
        return
    hidden_at = {variant: _hiding_classes(variant) for variant in variants}
    breakpoints = frozenset().union(*hidden_at.values())
    if not breakpoints or len(breakpoints) > _MAX_BREAKPOINTS:
        return
    shown_at = {variant: breakpoints - hidden for variant, hidden in hidden_at.items()}
    parents_seen: set[etree._Element] = set()
    for variant in variants:
        parent = variant.getparent()
        if parent is None or parent in parents_seen:
            continue
        parents_seen.add(parent)
        group_widths: frozenset[str] = frozenset()
        for child in parent:
            widths = shown_at.get(child)
            if widths is None:  # not a variant: the run of variants ends
                group_widths = frozenset()
                continue
            if group_widths and widths and group_widths.isdisjoint(widths):
                # Another layout of the section the group's first variant shows.
                empty(child)
                group_widths |= widths
            else:
                group_widths = widths


def _hiding_classes(variant: etree._Element) -> frozenset[str]:
    return frozenset(word for word in class_tokens(variant) if word.startswith(_HIDDEN_PREFIX))


# Invision Community writes each post's header twice: a pane for phones (`cAuthorPane_mobile
# ipsResponsive_showPhone`: the poster's name as a heading, "Posted March 5, 2024" under it)
# and, for wider screens, a column beside the post (`aside.cAuthorPane ipsResponsive_hidePhone`:
# the name again, rank, post count) with the date once more in the post's own meta line
# (`ipsType_reset ipsResponsive_hidePhone`). Its stylesheet shows one set at any width; the
# model read each name and date twice ("Posted March 5, 2024 / **Payam Montie** / Posted March
# 5, 2024"), and the de-duplication then took a later post's name for a repeat, whichever copy
# stayed. The phone's copies are kept: they read as a post's header, the name over its date.
_PHONE_SHOWN_CLASS: Final = "ipsResponsive_showPhone"
_PHONE_HIDDEN_CLASS: Final = "ipsResponsive_hidePhone"
_PHONE_SHOWN: Final = _PHONE_SHOWN_CLASS.encode()
_PHONE_HIDDEN: Final = _PHONE_HIDDEN_CLASS.encode()
_RESPONSIVE_CLASSES: Final = etree.XPath(
    f"descendant::*/@class[contains(., '{_PHONE_HIDDEN_CLASS}')]"
)


def has_phone_copies(source: bytes) -> bool:
    """Whether the source writes Invision's phone-only parts beside parts a phone hides."""
    return _PHONE_SHOWN in source and _PHONE_HIDDEN in source


def keep_phone_copies(root: etree._Element) -> None:
    """Empty the elements Invision's classes hide on a phone (`ipsResponsive_hidePhone`, not
    also shown there), except one holding the page's first `h1`. Emptied, not removed: their
    tails stay where they stand (moved onto a neighbour, 60,000 tails made one string grow
    60,000 times)."""
    empty_all_but_title(
        root,
        (
            element
            for element, classes in attributes_found(_RESPONSIVE_CLASSES, root)
            if _PHONE_HIDDEN_CLASS in (names := classes.split()) and _PHONE_SHOWN_CLASS not in names
        ),
    )
