"""What a section's title says the section is, read by more than one pass: the words of a
heading that names other products than the page's own ("You may also like", "Related items"),
which `recommendations.py` removes such sections by on a product page, and `select.py` reads so
as not to take such a row of cards for the listing the selection must keep."""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value

# A heading's words that name other products, matched in its lowercased text. Not
# "recommended" alone: Steam heads its recommended system requirements so; nor "pairs well
# with" (a wine's or a sauce's pairings are about it), nor a bare "recommendations" (a
# product's care or usage recommendations); "sponsored" is an advertisement of other
# products. The same phrases in French, German, Spanish and Italian, as shops write them.
RECOMMENDATION: Final = re.compile(
    r"\byou (?:may|might) also (?:like|love|need)|\brelated (?:products|items)\b"
    r"|\brecently viewed|\bsimilar (?:items|products)\b|\bcustomers (?:also|who)\b"
    r"|\balso (?:bought|viewed|purchased)\b|\bbought together\b|\boften viewed\b"
    r"|\bmore from\b|\brecommended for you\b|\bexplore related\b|\bmore to explore\b"
    r"|\b(?:complete|shop) the look\b|\bsponsored\b|\b(?:featured|recommended) products\b"
    r"|\bkeep exploring\b|\bmore inspiration\b|\bhow about these\b|\bmore like this\b"
    r"|\bshop similar\b|\binspired by your\b|\btop picks for you\b"
    r"|\bvous (?:aimerez|aimeriez) aussi\b|\bproduits (?:similaires|complémentaires|associés)\b"
    r"|\bähnliche (?:produkte|artikel)\b|\bauch gefallen\b"
    r"|\bproductos (?:relacionados|similares)\b|\btambién te puede\b"
    r"|\bprodotti (?:correlati|simili)\b|\bpotrebbe(?:ro)? (?:interessarti|piacerti)\b"
)
# A title longer than this is a sentence about the section, not its name.
TITLE_MAX_CHARS: Final = 80


def names_recommendations(heading: etree._Element, stats: TextStats) -> bool:
    """`heading` is a short title naming other products (`RECOMMENDATION`)."""
    return (
        stats.text.get(heading, 0) <= TITLE_MAX_CHARS
        and RECOMMENDATION.search(title_text(heading)) is not None
    )


def title_text(title: etree._Element) -> str:
    """A title's words, lowercased, a line break among its children read as a space: Apple
    breaks its headings with `<br>` ("Why Apple is the best<br>place to buy AirPods."), which
    text joins as "bestplace". Only the title's own children are looked at (each element is
    some title's child at most once, however the titles nest)."""
    if title.find("br") is None:
        text = string_value(title)
    else:
        parts = [title.text or ""]
        for child in title:
            parts.append(" " if child.tag == "br" else string_value(child))
            parts.append(child.tail or "")
        text = "".join(parts)
    return " ".join(text.split()).lower()
