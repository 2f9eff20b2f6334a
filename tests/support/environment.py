"""A provider-neutral environment for the surfaces' tests (CLI and MCP, in-process or not)."""

from __future__ import annotations

import os
from collections.abc import Mapping

import pytest

# Variables that would change which provider is picked, where it is reached, or through which
# proxy: every surface test starts without them.
SCRUBBED = (
    "EXA_API_KEY",
    "PERPLEXITY_API_KEY",
    "DEEPSEEK_API_KEY",
    "DSH_WEB_SEARCH_PROVIDER",
    "DSH_WEB_FETCH_PROVIDER",
    "DSH_WEB_CONFIG",
    "EXA_BASE_URL",
    "PERPLEXITY_BASE_URL",
    "DEEPSEEK_SEARCH_BASE_URL",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
)

#: The config of a surface test (CLI or MCP): the seam, a fetcher that may reach 127.0.0.1 (the
#: test's server) and nothing else local, and the tools.
LOOPBACK_CONFIG = """\
- id: web
  name: dsh-web
- id: web-fetch-http
  name: web-fetch-http
  config:
    allowed_hosts: ["127.0.0.1"]
- id: tool-web
  name: tool-web
"""


def clean_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment for a subprocess: this one, less :data:`SCRUBBED`, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
    env["NO_PROXY"] = "*"
    env["PYTHONUNBUFFERED"] = "1"
    env.update(extra or {})
    return env


def scrub_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """For in-process runs: the same clean provider environment as :func:`clean_env`."""
    for name in SCRUBBED:
        monkeypatch.delenv(name, raising=False)
