"""React's streamed server rendering: the late segments put where the page's script puts them.

React 18+ streams a Suspense boundary's content late. Where it belongs, the page holds a
placeholder, `<!--$?--><template id="B:0"></template>…fallback…<!--/$-->`; at the end of the
document comes the content, `<div hidden id="S:0">…</div>`, and a script `$RC("B:0","S:0")` that
removes the fallback (up to the boundary's matching `<!--/$-->`, nested boundaries counted) and
puts the content in its place. `$RS("S:1","P:1")` puts a segment where `<template id="P:1">`
stands, with no fallback. `$RR("B:2","S:2",[…])` is `$RC` once the boundary's stylesheets have
loaded. React's external runtime writes the same instructions as `template` elements its script
reads: `data-rci` (with `data-bid`, `data-sid`) and `data-rri` complete a boundary, `data-rsi`
(with `data-sid`, `data-pid`) a segment. `$RX` and `data-rxi` mark a boundary the client will
render: its fallback stays and nothing moves, so they are not read. Without scripts the parts
came out at the end of the page, out of order, and the fallback ("Loading…") stayed.

The boundary comments would be gone once parsed (the parser drops comments), so the source is
given them as empty `template` elements first (`template`s are dropped in C with the other
non-content, so a marker left anywhere costs nothing).
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.rawtext import text_and_comments

# `$RC("B:0","S:0")` and `$RR("B:0","S:0",[…])` complete a boundary; `$RS("S:1","P:1")` a
# segment; the external runtime's `template`s say the same with `data-rci`/`data-rri`/`data-rsi`.
_INLINE_CALLS: Final = re.compile(rb"\$R[CRS]\(")
_CALL: Final = re.compile(
    rb"""\$R([CRS])\(\s*["']([^"'\s]{1,40})["']\s*,\s*["']([^"'\s]{1,40})["']"""
)
_INSTRUCTION_TEMPLATES: Final = re.compile(rb"data-r[crs]i\b")


def has_streamed_segments(source: bytes) -> bool:
    """Whether the page completes React's streamed boundaries: the gate of the passes below.

    Two searches, not one alternation: each pattern opens with a literal the search skips to in
    C, while their alternation is tried at every byte (2.6 s against 0.4 s over WCXB's sources)."""
    return (
        _INLINE_CALLS.search(source) is not None
        or _INSTRUCTION_TEMPLATES.search(source) is not None
    )


_MARKER_ATTRIBUTE: Final = "data-dsh-suspense"
_OPEN_MARKER: Final = b'<template data-dsh-suspense="open"></template>'
_CLOSE_MARKER: Final = b'<template data-dsh-suspense="close"></template>'
# React's boundary comments: `$` complete, `$?` pending, `$!` client-rendered, `/$` the end.
_MARKER: Final = {
    b"<!--$-->": _OPEN_MARKER,
    b"<!--$?-->": _OPEN_MARKER,
    b"<!--$!-->": _OPEN_MARKER,
    b"<!--/$-->": _CLOSE_MARKER,
}
_LONGEST_BOUNDARY: Final = max(len(comment) for comment in _MARKER)
_MOVED_SEGMENT_TAG: Final = "dsh-streamed-segment"
# Real pages make a few dozen calls; each move asks lxml whether it makes a cycle (a walk up
# from the placeholder), so the count is bounded on a hostile page.
_MAX_MOVES: Final = 500


def with_boundary_markers(data: bytes) -> bytes:
    """The source with React's boundary comments written as marker elements the tree keeps.

    Only where they are comments (`rawtext.text_and_comments`): inside a script, a style, a
    title or a text area `<!--$-->` is text, and a marker written into it would be shown (a
    title's) or break what is read (a JSON-LD string's quotes); inside another comment it is
    that comment's text. One scan forward: linear."""
    parts: list[bytes] = []
    kept_from = 0
    for start, end in text_and_comments(data):
        if end - start > _LONGEST_BOUNDARY:
            continue  # a text element's content or a longer comment
        marker = _MARKER.get(data[start:end])
        if marker is not None:
            parts += [data[kept_from:start], marker]
            kept_from = end
    parts.append(data[kept_from:])
    return b"".join(parts)


def place_streamed_segments(root: etree._Element, data: bytes) -> None:
    """Do what the page's `$RC`/`$RS` calls do: each named hidden segment's children take the
    place of its boundary's fallback (or of its placeholder), in the order the calls come."""
    moves: list[tuple[str, str, bool]] = []  # (placeholder id, segment id, has a fallback)
    for match in _CALL.finditer(data):
        kind, first, second = match.group(1), match.group(2), match.group(3)
        try:
            first_id, second_id = first.decode(), second.decode()
        except UnicodeDecodeError:
            continue
        if kind == b"S":
            moves.append((second_id, first_id, False))
        else:
            moves.append((first_id, second_id, True))
        if len(moves) >= _MAX_MOVES:
            break
    if _INSTRUCTION_TEMPLATES.search(data) is not None:
        moves.extend(_instruction_template_moves(root, _MAX_MOVES - len(moves)))
    if not moves:
        return
    wanted = {placeholder for placeholder, _, _ in moves} | {segment for _, segment, _ in moves}
    placeholders: dict[str, etree._Element] = {}
    segments: dict[str, etree._Element] = {}
    boundary_end: dict[etree._Element, etree._Element] = {}
    open_markers: dict[etree._Element | None, list[etree._Element]] = {}
    for element in root.iter("template", "div"):
        element_id = element.get("id")
        if element.tag == "div":
            if element_id in wanted and element.get("hidden") is not None:
                segments.setdefault(element_id, element)
            continue
        if element_id in wanted:
            placeholders.setdefault(element_id, element)
        # A boundary's end is the first end marker among its siblings at the same depth of
        # boundaries, as React's script counts them: matched with a stack for each parent.
        marker = element.get(_MARKER_ATTRIBUTE)
        if marker is None:
            continue
        stack = open_markers.setdefault(element.getparent(), [])
        if marker == "open":
            stack.append(element)
        elif stack:
            boundary_end[stack.pop()] = element
    moved = False
    for placeholder_id, segment_id, has_fallback in moves:
        placeholder = placeholders.get(placeholder_id)
        segment = segments.get(segment_id)
        if placeholder is None or segment is None or segment.tag != "div":
            continue
        opening = placeholder.getprevious()
        try:
            placeholder.addprevious(segment)
        except ValueError:  # the placeholder inside its own segment: a cycle, left as it is
            continue
        # The fallback goes only once the segment has moved: a cycle keeps it (the page shows
        # the fallback when the script fails the same way).
        if has_fallback:
            _drop_fallback(placeholder, opening, boundary_end)
        segment.tag = _MOVED_SEGMENT_TAG
        moved = True
    if moved:
        etree.strip_tags(root, _MOVED_SEGMENT_TAG)


def _instruction_template_moves(root: etree._Element, limit: int) -> list[tuple[str, str, bool]]:
    """The moves the external runtime's instruction `template`s ask for, in document order."""
    moves: list[tuple[str, str, bool]] = []
    for template in root.iter("template"):
        if len(moves) >= limit:
            break
        segment_id = template.get("data-sid")
        if segment_id is None:
            continue
        if template.get("data-rci") is not None or template.get("data-rri") is not None:
            boundary_id = template.get("data-bid")
            if boundary_id is not None:
                moves.append((boundary_id, segment_id, True))
        elif template.get("data-rsi") is not None:
            placeholder_id = template.get("data-pid")
            if placeholder_id is not None:
                moves.append((placeholder_id, segment_id, False))
    return moves


def _drop_fallback(
    placeholder: etree._Element,
    opening: etree._Element | None,
    boundary_end: dict[etree._Element, etree._Element],
) -> None:
    """Remove what stands between a boundary's placeholder and the boundary's end marker
    (`opening` is the boundary's open marker, the element before the placeholder)."""
    end = boundary_end.get(opening) if opening is not None else None
    if end is None:
        return
    placeholder.tail = None
    sibling = placeholder.getnext()
    while sibling is not None and sibling is not end:
        following = sibling.getnext()
        placeholder.getparent().remove(sibling)  # type: ignore[union-attr]
        sibling = following
