"""`WebError` and the codes of the web seam.

The code is an open string: a provider may raise its own (for example
``WEB_PROVIDER_CREDENTIAL_MISSING``) and consumers must tolerate codes they do not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dsh.harness import HarnessError

# Seam-neutral codes, raised by WebRuntime itself.
WEB_PROVIDER_UNAVAILABLE = "WEB_PROVIDER_UNAVAILABLE"
WEB_PROVIDER_CONFIGURED_MISSING = "WEB_PROVIDER_CONFIGURED_MISSING"
WEB_PROVIDER_CONFIGURED_UNAVAILABLE = "WEB_PROVIDER_CONFIGURED_UNAVAILABLE"
WEB_PROVIDER_AMBIGUOUS = "WEB_PROVIDER_AMBIGUOUS"
WEB_DUPLICATE_PROVIDER = "WEB_DUPLICATE_PROVIDER"
WEB_ABORTED = "WEB_ABORTED"
WEB_PROVIDER_ERROR = "WEB_PROVIDER_ERROR"
# Beyond the seeds: a request the seam cannot pass on (a caller's programming error, such as
# ``max_results=0``); the consumer validates what the model sends before it gets here.
WEB_INVALID_REQUEST = "WEB_INVALID_REQUEST"

# Fetch-transport codes, owned by web-fetch-http (another fetch backend need not raise them).
WEB_INVALID_URL = "WEB_INVALID_URL"
WEB_BLOCKED_URL = "WEB_BLOCKED_URL"
WEB_REDIRECT_BLOCKED = "WEB_REDIRECT_BLOCKED"
WEB_FETCH_TOO_LARGE = "WEB_FETCH_TOO_LARGE"
WEB_FETCH_TIMEOUT = "WEB_FETCH_TIMEOUT"
WEB_UNSUPPORTED_CONTENT_TYPE = "WEB_UNSUPPORTED_CONTENT_TYPE"

# Provider-owned code used by the keyed search providers.
WEB_PROVIDER_CREDENTIAL_MISSING = "WEB_PROVIDER_CREDENTIAL_MISSING"


class WebError(HarnessError):
    """A failure to search, or to safely retrieve or represent a resource.

    ``message`` is written for the model: it says what went wrong and, where it can, what to do.
    """

    def __init__(
        self, code: str, message: str, *, details: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(code, message, details=details)
