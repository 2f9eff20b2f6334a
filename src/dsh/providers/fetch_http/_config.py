"""The pydantic config of `web-fetch-http` (snake_case keys, durations in seconds)."""

from __future__ import annotations

import httpx
from pydantic import BaseModel, ConfigDict, Field, field_validator

import dsh
from dsh._text import mask_url_credentials, quoted_message
from dsh.providers.fetch_http._guard import NetworkPolicy

PROJECT_URL = "https://github.com/dsh-web/dsh-web"
DEFAULT_USER_AGENT = f"dsh-web/{dsh.__version__} (+{PROJECT_URL})"


class Config(BaseModel):
    """Limits and network policy of the anonymous HTTP(S) fetcher."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_url_length: int = Field(
        default=2048,
        ge=16,
        description="Longest URL accepted, in characters as sent (percent-encoded); the same "
        "limit applies to every redirect target.",
    )
    max_response_bytes: int = Field(
        default=5_000_000,
        ge=1,
        description="Most body bytes read, counted after decompression. A Content-Length above "
        "it fails early; a longer stream is cut and marked truncated (so is compressed input "
        "past twice the limit that never decodes to it).",
    )
    max_body_chars: int = Field(
        default=100_000,
        ge=1,
        description="Most decoded characters returned for a text body (an HTML page's source has "
        "its own cap, `max_html_chars`).",
    )
    max_html_chars: int = Field(
        default=5_000_000,
        ge=1,
        description="Most decoded characters of an HTML page's source returned. Source is mostly "
        "markup and inline script: two thirds of real pages have more than 100,000 characters of "
        "it, often before their content starts. tool-web renders it to Markdown and its "
        "`fetch_max_output_chars` caps what the model reads.",
    )
    timeout: float = Field(
        default=30.0,
        gt=0,
        description="One total deadline in seconds over DNS, connect, headers, body and "
        "decoding. tool-web's `fetch_timeout` (30 s) bounds the whole web_fetch tool call: set "
        "this a little lower (say 25) for this fetcher's own WEB_FETCH_TIMEOUT, which names the "
        "URL, to be the error reported.",
    )
    max_redirects: int = Field(
        default=5, ge=0, le=20, description="Most same-origin redirect hops followed."
    )
    user_agent: str | None = Field(
        default=None,
        description=f"User-Agent header; unset: {DEFAULT_USER_AGENT!r} with the installed version.",
    )
    proxy: str | None = Field(
        default=None,
        description="Proxy URL for every request (http://, https://, socks5:// or socks5h://); "
        "unset: the standard HTTP_PROXY / HTTPS_PROXY / ALL_PROXY / NO_PROXY variables.",
    )
    allow_private_network: bool = Field(
        default=False,
        description="Allow loopback, private, link-local and other non-public destinations.",
    )
    allowed_hosts: tuple[str, ...] = Field(
        default=(),
        description="Host names, IP addresses or CIDR ranges allowed even though non-public.",
    )

    @field_validator("user_agent")
    @classmethod
    def _check_user_agent(cls, value: str | None) -> str | None:
        if value is None:
            return None
        # httpx encodes header values as ASCII (anything else failed building the client, not
        # naming this key), and a field value may not hold control characters but tab (RFC 9110).
        if not value.strip() or any(ch != "\t" and not " " <= ch <= "~" for ch in value):
            raise ValueError("must be a non-empty single-line string of printable ASCII characters")
        return value.strip()

    @field_validator("proxy")
    @classmethod
    def _check_proxy(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        value = value.strip()
        scheme = value.split("://", 1)[0].lower() if "://" in value else ""
        if scheme not in ("http", "https", "socks5", "socks5h"):
            raise ValueError(
                "must be a proxy URL such as http://proxy.internal:3128 "
                "(schemes: http, https, socks5, socks5h)"
            )
        # Parsed by the parser the transport uses, so a URL it refuses fails here, naming this
        # key, not later while the client is built ("InvalidURL: Invalid port: 'bad'").
        try:
            httpx.Proxy(value)
        except (ValueError, httpx.InvalidURL):
            # Quoted with its credentials masked (the rule `dsh-web config` masks by): when that
            # parses, the userinfo was the problem, and httpx's words quote part of it.
            masked = str(mask_url_credentials(value))
            try:
                httpx.Proxy(masked)
            except (ValueError, httpx.InvalidURL) as error:
                raise ValueError(
                    f"is not a valid proxy URL: {quoted_message(str(error)).rstrip('.')}"
                ) from None
            raise ValueError(
                "is not a valid proxy URL: its user or password holds a '/', '?', '#' or '@', "
                "which must be percent-encoded (%2F, %3F, %23, %40)"
            ) from None
        return value

    @field_validator("allowed_hosts")
    @classmethod
    def _check_allowed_hosts(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        # The guard owns the syntax (host, IP or CIDR); its ValueError names the bad entry.
        NetworkPolicy.from_config(False, value)
        return value

    @property
    def effective_user_agent(self) -> str:
        return self.user_agent or DEFAULT_USER_AGENT
