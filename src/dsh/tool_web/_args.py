"""Argument checks the JSON Schema leaves to the tools, with the exact messages the model reads.

The schemas declare types only (an array of strings, a string); counts and blank strings are
checked here so the model gets the short messages of the design instead of a jsonschema dump
(decision 0060). The checks repeat the type tests so a caller that skips the registry's schema
validation still gets a clear error, never a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# The code of every argument error, the same one the registry uses for schema violations, so a
# UI or hook routes "the model sent bad arguments" on one code.
INVALID_ARGS = "INVALID_ARGS"


class ArgumentError(Exception):
    """A model argument is wrong; ``message`` is what the model reads after ``Error: ``."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def plural_queries(count: int) -> str:
    # The seeds' template, kept to the character even for N = 1 ("1 queries"): the strings the
    # model sees never change shape with configuration.
    return f"{count} queries"


def search_queries(arguments: Mapping[str, Any], max_queries: int) -> list[str]:
    """The distinct queries to run, in first-occurrence order, stripped of outer whitespace.

    Order of the checks: the count (at least one, at most ``max_queries``), then each query.
    """
    queries = arguments.get("queries")
    if not isinstance(queries, list):
        raise ArgumentError("queries must be an array of non-empty strings")
    if not queries:
        raise ArgumentError("queries must contain at least one query")
    if len(queries) > max_queries:
        raise ArgumentError(f"queries must contain at most {plural_queries(max_queries)}")
    distinct: list[str] = []
    for query in queries:
        if not isinstance(query, str) or not query.strip():
            raise ArgumentError("each query must be a non-empty string")
        cleaned = query.strip()
        if cleaned not in distinct:
            distinct.append(cleaned)
    return distinct


def fetch_url(arguments: Mapping[str, Any]) -> str:
    """The URL to fetch, stripped of outer whitespace; the provider judges everything else."""
    url = arguments.get("url")
    if not isinstance(url, str) or not url.strip():
        raise ArgumentError("url must be a non-empty string")
    return url.strip()
