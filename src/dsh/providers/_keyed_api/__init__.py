"""Shared HTTP plumbing for the credentialed JSON APIs behind the search providers.

The plumbing sends one JSON POST that carries a secret and turns every way it can go wrong into a
`WebError` written for the model, never leaking the secret (the threat and secret-handling
notes: :mod:`.call`). It also holds the skeleton the keyed providers share (docs/decisions/0050):
the config base :class:`KeyedApiConfig` and its field factories, the provider base
:class:`KeyedSearchProvider` (key and base URL resolved at every call, its ``post_json`` calls
sharing one deadline through :func:`json_poster`) and :func:`register_keyed_provider` for the
plugins' ``apply``. A provider supplies only what is its own: id, label, endpoint path, auth
headers, request body and response mapping.

One module a job, each importing only those below it (an import-linter contract in
pyproject.toml):

- ``provider.py``: :class:`KeyedSearchProvider`, the provider skeleton;
  ``registration.py``: :func:`register_keyed_provider`, the plugins' ``apply``;
- ``call.py``: :func:`post_json` / :func:`json_poster`, the call (redirects, retries, deadline,
  abort, reading the body, connect tracing);
  ``readers.py``: :func:`text_at`, :func:`array_at`, … for mapping a documented answer;
- ``client.py``: :func:`new_client` and the environment's proxies;
  ``config.py``: base URL and key helpers, :class:`KeyedApiConfig` and the ``*_field`` factories;
  ``errors.py``: :func:`redact`, :func:`http_error`, :func:`unprocessable`,
  :func:`retry_after_seconds`, a network failure's cause;
- ``json_body.py``: a JSON body decoded with every string fit to show.

This file is the providers' one front door: they import from ``dsh.providers._keyed_api``
what :data:`__all__` lists, never from one of the modules (so what moves inside the package moves
without touching a provider; a contract in pyproject.toml keeps it so). A test of one module
imports what it tests from that module.

It imports only ``dsh.web``, ``dsh.harness``, ``dsh._text``, ``dsh.providers._env_proxy``,
``dsh.providers._os_error``, ``httpx``, ``pydantic`` and the standard library, so every provider
can use it without the providers depending on each other.
"""

from dsh.providers._keyed_api.call import PostJson, json_poster
from dsh.providers._keyed_api.config import (
    BaseUrl,
    KeyedApiConfig,
    api_key_env_field,
    api_key_field,
    base_url_field,
    check_base_url,
    timeout_field,
)
from dsh.providers._keyed_api.errors import unprocessable
from dsh.providers._keyed_api.provider import KeyedSearchProvider
from dsh.providers._keyed_api.readers import (
    a_json_kind,
    array_at,
    object_at,
    string_at,
    text_at,
    text_or_none,
)
from dsh.providers._keyed_api.registration import register_keyed_provider

__all__ = [
    "BaseUrl",
    "KeyedApiConfig",
    "KeyedSearchProvider",
    "PostJson",
    "a_json_kind",
    "api_key_env_field",
    "api_key_field",
    "array_at",
    "base_url_field",
    "check_base_url",
    "json_poster",
    "object_at",
    "register_keyed_provider",
    "string_at",
    "text_at",
    "text_or_none",
    "timeout_field",
    "unprocessable",
]
