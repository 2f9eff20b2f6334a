"""Definition lists as the model reads them: each group's terms, then its definitions.

`Term: definition` lines when both are short text. As separate blocks a spec list
("Bluetooth", "Yes", "Wi-Fi", "Yes") lost which value belongs to which term, and the second
"Yes", a repeated block, was de-duplicated away. Terms written one after another share the
definitions after them (`Size / Fit: Regular`); a term's short definitions share its line
(`Colour: Red; Blue`).
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.controls import is_labelled_statistic
from dsh.tool_web.markdown.limits import MAX_INLINE_CHARS
from dsh.tool_web.markdown.markers import CODE_OPEN


def definition_items(dl: etree._Element) -> list[etree._Element | str]:
    """A list's `dt`/`dd` children in order, looking through the `div`s HTML allows around
    each group; stray elements and text between them come along in place."""
    items: list[etree._Element | str] = []

    def add(container: etree._Element, groups: bool) -> None:
        if container.text and container.text.strip():
            items.append(container.text)
        for child in container:
            if groups and child.tag == "div" and any(True for _ in child.iterchildren("dt", "dd")):
                add(child, groups=False)
            elif isinstance(child.tag, str):
                items.append(child)
            if child.tail and child.tail.strip():
                items.append(child.tail)

    add(dl, groups=True)
    return items


def definition_group(terms: list[str], definitions: list[str], blocks: list[str]) -> None:
    """One group of a definition list (its terms, then its definitions) as blocks; both
    lists are emptied.

    The terms share a label (`Size / Fit: Regular`) and short values share a line (`Colour:
    Red; Blue`). A definition too long or of several blocks follows its terms as blocks (a
    table of contents' sub-list under the last of its entries), and short values after it
    get a short label again (`Care: Yes`): alone, a repeat ("Yes") would be de-duplicated.
    """
    label = " / ".join(terms)
    if not (terms and definitions and _joinable(label, "")) or _asks(label):
        # No label to share: the terms and definitions as they are (a term holding a code
        # block, a list of terms alone, definitions without a term, a question over its
        # answer: an FAQ written as a `dl` read "Can I use it daily?: Yes, …").
        blocks.extend(terms)
        blocks.extend(definitions)
    else:
        after_long = False
        for index, (piece, kind) in enumerate(_definition_pieces(definitions, label)):
            if index == 0 and _joinable(label, piece) and not is_labelled_statistic(piece):
                blocks.append(_labelled(label, piece))
            elif index == 0:
                # A poster's statistic under its own label ("**Posts:** 9179" under the
                # poster's name in a forum's user card) is no value of the term: joined,
                # `alice: **Posts:** 9179` read her name as its label, and the line was no
                # counter the repeats pass drops.
                blocks.extend(terms)
                blocks.append(piece)
            elif kind == "values" and after_long and len(label) <= _REPEATED_LABEL_CHARS:
                blocks.append(_labelled(label, piece))
            else:
                blocks.append(piece)
            after_long = kind == "long"
    terms.clear()
    definitions.clear()


def _definition_pieces(definitions: list[str], label: str) -> list[tuple[str, str]]:
    """The definitions, runs of short values joined on a line that fits beside `label`
    (`Red; Blue`, or sentences one after another); each with its kind: "values", "field" (a
    `Label: value` of its own, as forum user cards list "Posts: 12") or "long"."""
    width = MAX_INLINE_CHARS - len(label) - 2
    pieces: list[tuple[str, str]] = []
    run: list[str] = []
    size = 0
    for definition in [*definitions, ""]:  # "" ends the last run
        if _FIELD.match(definition):
            kind = "field"
        elif len(definition) <= _SHORT_DEFINITION_CHARS and _joinable(definition, ""):
            kind = "values"
        else:
            kind = "long"
        if run and (kind != "values" or not definition or size + len(definition) + 2 > width):
            pieces.append((_joined_values(run), "values"))
            run, size = [], 0
        if kind == "values" and definition:
            run.append(definition)
            size += len(definition) + 2
        elif definition:
            pieces.append((definition, kind))
    return pieces


def _joined_values(values: list[str]) -> str:
    """Short definitions of one term on one line: `Red; Blue`, or sentences one after another."""
    parts = [values[0]]
    for value in values[1:]:
        parts.append(" " if parts[-1][-1:] in ".!?;:" else "; ")
        parts.append(value)
    return "".join(parts)


# A definition this short is a value ("Red", "Yes", "1.2 kg") that shares a line with others
# of its term; a term this short is repeated before a value that follows a long definition.
_SHORT_DEFINITION_CHARS: Final = 120
_REPEATED_LABEL_CHARS: Final = 40
# A definition that is a labelled field itself ("**Posts:** 12", "Joined: 2019").
_FIELD: Final = re.compile(r"[^:\n]{1,40}:\**\s")


def _asks(term: str) -> bool:
    """The term is a question (its emphasis aside): no name of a value but what its
    definition answers."""
    return term.rstrip("*_ ").endswith(("?", "？"))


def _labelled(label: str, definition: str) -> str:
    # A term that ends in its own colon, bold or not (`**Price:**`), is read before its value
    # as written: another colon doubled it ("**Price:**: $5"). A question never gets here
    # (`_asks`): it stands over its answer.
    if label.rstrip("*_").endswith(_OWN_PUNCTUATION):
        return f"{label} {definition}"
    return f"{label}: {definition}"


_OWN_PUNCTUATION: Final = (":", "：")
# A term or definition that is a block of its own (a heading, a quotation, a list's item) is
# not put on one line with the other: a term's heading took its definition into the heading
# ("### Is it safe? Yes, it is…", an FAQ's whole answer read as a title), and a definition's
# heading or list marker stood mid-line ("Size: #### Large", "Q: - one").
_BLOCK_OPENING: Final = re.compile(r"#{1,6} |> |[-*+] |\d{1,9}[.)] ")


def _joinable(term: str, definition: str) -> bool:
    return (
        "\n" not in term
        and "\n" not in definition
        and CODE_OPEN not in term + definition
        and not _BLOCK_OPENING.match(term)
        and not _BLOCK_OPENING.match(definition)
        and len(term) + len(definition) <= MAX_INLINE_CHARS
    )
