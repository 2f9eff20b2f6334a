"""Credentials: secrets resolved by reference at the moment they are needed, never stored in repr.

A provider asks for ``EXA_API_KEY`` at each call, so a key set after start-up is used by the next
call. Chat routes (the LLM provider a model request runs on) can carry their own credential, which
``web-deepseek-api`` uses to search with the same account as the model request.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from dsh.harness._errors import HarnessError


class CredentialSource(Protocol):
    """Where credentials come from: ``get(reference)`` is the secret, or None when unset."""

    def get(self, reference: str) -> str | None: ...


class EnvironmentSource:
    """Reads the process environment at every lookup."""

    def get(self, reference: str) -> str | None:
        return os.environ.get(reference)


class MappingSource:
    """A fixed mapping (tests, embedding applications)."""

    def __init__(self, values: Mapping[str, str]) -> None:
        self._values = dict(values)

    def get(self, reference: str) -> str | None:
        return self._values.get(reference)

    def __repr__(self) -> str:
        return f"MappingSource(<{len(self._values)} secrets>)"


@dataclass(frozen=True)
class ChatRoute:
    """A chat route: its id, which LLM provider serves it, and where its credential lives.

    ``api_key`` (a literal secret) wins over ``api_key_ref`` (a reference resolved through the
    credential source at each use).
    """

    id: str
    provider: str
    api_key_ref: str | None = None
    api_key: str | None = field(default=None, repr=False)
    base_url: str | None = None


class Credentials:
    """Resolves secret references from a pluggable source (the environment by default)."""

    def __init__(self, source: CredentialSource | None = None) -> None:
        self._source: CredentialSource = source or EnvironmentSource()
        self._routes: dict[str, ChatRoute] = {}

    def __repr__(self) -> str:
        return f"Credentials(source={type(self._source).__name__}, routes={sorted(self._routes)})"

    def get(self, reference: str) -> str | None:
        """The secret behind ``reference``; blank values count as missing."""
        value = self._source.get(reference)
        if value is None or not value.strip():
            return None
        return value.strip()

    def has(self, reference: str) -> bool:
        return self.get(reference) is not None

    def add_route(self, route: ChatRoute) -> Callable[[], None]:
        if route.id in self._routes:
            raise HarnessError("DUPLICATE_ROUTE", f"Chat route {route.id!r} is already defined.")
        self._routes[route.id] = route

        def remove() -> None:
            if self._routes.get(route.id) is route:
                del self._routes[route.id]

        return remove

    def route(self, route_id: str) -> ChatRoute | None:
        return self._routes.get(route_id)

    def route_key(self, route_id: str) -> str | None:
        """The credential of chat route ``route_id``, or None when it has none."""
        route = self._routes.get(route_id)
        if route is None:
            return None
        if route.api_key and route.api_key.strip():
            return route.api_key.strip()
        if route.api_key_ref:
            return self.get(route.api_key_ref)
        return None
