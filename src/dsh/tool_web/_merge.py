"""Merging the results of several queries of one `web_search` call into one bounded answer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dsh.web import WebSearchResult, WebSearchSource


@dataclass(frozen=True)
class MergedSearch:
    """What one `web_search` call found, before rendering.

    ``answer`` is the provider answer (one query) or the answers under ``### <query>`` headings
    (several queries); ``truncated`` is set when any source was left out for the bound, by the
    seam (a provider over-returned) or by the merge cap.
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
        (query, result.content.strip())
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
