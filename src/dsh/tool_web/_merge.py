"""Merging the results of several queries of one `web_search` call into one bounded answer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dsh.tool_web._fetch import cut_closed
from dsh.web import WebSearchResult, WebSearchSource

#: Most characters of one query's answer, its mark included (about 5,000 tokens of English):
#: usual answers (a few thousand characters) stay whole, while a runaway one (only the
#: provider's 8 MiB body cap bounded it) cannot flood the model's context. Per answer, so one
#: query's long answer never hides another's.
ANSWER_MAX_CHARS = 20_000
#: Ends a cut answer, as its own paragraph: the model sees that the answer went on.
ANSWER_CUT_MARK = "…"


@dataclass(frozen=True)
class MergedSearch:
    """What one `web_search` call found, before rendering.

    ``answer`` is the provider answer (one query) or the answers under ``### <query>`` headings
    (several queries), each bounded by :func:`bounded_answer`; ``truncated`` is set when any
    source was left out for the bound, by the seam (a provider over-returned) or by the merge
    cap.
    """

    queries: tuple[str, ...]
    answer: str | None
    sources: tuple[WebSearchSource, ...]
    truncated: bool


def merge_results(
    queries: Sequence[str], results: Sequence[WebSearchResult], max_results: int
) -> MergedSearch:
    """Round-robin by rank (every query's first source, then every second, ...), first URL wins.

    Round-robin rather than concatenation so the cap never hides a whole query: each query
    keeps its best sources. A duplicate URL is not a loss, so it does not set ``truncated``.
    """
    if len(queries) != len(results):
        raise ValueError("one result per query")
    merged: list[WebSearchSource] = []
    seen: set[str] = set()
    truncated = any(result.truncated for result in results)
    depth = max((len(result.sources) for result in results), default=0)
    for rank in range(depth):
        for result in results:
            if rank >= len(result.sources):
                continue
            source = result.sources[rank]
            if source.url in seen:
                continue
            seen.add(source.url)
            if len(merged) < max_results:
                merged.append(source)
            else:
                truncated = True
    return MergedSearch(
        queries=tuple(queries),
        answer=_joined_answers(queries, results),
        sources=tuple(merged),
        truncated=truncated,
    )


def _joined_answers(queries: Sequence[str], results: Sequence[WebSearchResult]) -> str | None:
    answers = [
        (query, bounded_answer(result.content.strip()))
        for query, result in zip(queries, results, strict=True)
        if result.content is not None and result.content.strip()
    ]
    if not answers:
        return None
    if len(queries) == 1:
        return answers[0][1]
    # Headed even when only one query answered: the model must know which query it answers.
    # A heading ends at the line end, so a multi-line query is shown on one line.
    return "\n\n".join(f"### {' '.join(query.split())}\n\n{answer}" for query, answer in answers)


def bounded_answer(answer: str) -> str:
    """``answer``, or when longer than :data:`ANSWER_MAX_CHARS` its start and the mark.

    The cut follows the fetch budget's rules (a line end, else a space, in the last fifth of
    the room), and a code block it leaves open is closed first: open, it would swallow the mark
    and the ``Sources:`` list after it.
    """
    if len(answer) <= ANSWER_MAX_CHARS:
        return answer
    room = ANSWER_MAX_CHARS - len(ANSWER_CUT_MARK) - 2  # the blank line before the mark
    return f"{cut_closed(answer, room)}\n\n{ANSWER_CUT_MARK}"
