"""`web-fetch-http`: the anonymous HTTP(S) fetch provider (id ``http``).

Public API: :class:`HttpFetchProvider` and its :class:`Config`; the plugin module is
:mod:`dsh.providers.fetch_http.plugin`. See README.md in this folder for the limits and exactly
what a fetched body looks like.
"""

from dsh.providers.fetch_http._config import DEFAULT_USER_AGENT, PROJECT_URL, Config
from dsh.providers.fetch_http._pdf import PAGE_SEPARATOR
from dsh.providers.fetch_http._provider import HttpFetchProvider

__all__ = ["DEFAULT_USER_AGENT", "PAGE_SEPARATOR", "PROJECT_URL", "Config", "HttpFetchProvider"]
