"""The configuration of the keyed search providers: base URL and key helpers, the shared config.

- **no key over plain http**: a base URL must be https, except http to a loopback host
  (``localhost``, 127.0.0.0/8, ``::1``), whether it comes from config, an env var or a chat route
  (:func:`check_base_url`, at load and again at every call for what is not config);
- a base URL is shown cut before its query, without userinfo (:func:`shown_base_url`);
- the key is resolved at every call (:func:`resolve_key`), and a missing one named by its variable
  (:func:`missing_key`);
- :class:`KeyedApiConfig`, the pydantic base every keyed provider's config extends, and the
  ``*_field`` factories its fields are declared with; it refuses a shell-style ``$VAR`` as a key
  or variable name, and a key written as ``api_key_env``.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, SecretStr, field_validator
from pydantic_core import PydanticCustomError

from dsh._text import mask_url_credentials, quoted_value
from dsh.harness import SECRET_VALUE_ERROR, ConfigValueError, Credentials
from dsh.web import WEB_PROVIDER_CREDENTIAL_MISSING, WebError

_MAX_URL_CHARS = 120  # a base URL quoted in a message


# -- configuration helpers ------------------------------------------------------------------------
def check_base_url(value: str) -> str:
    """``value`` without a trailing slash, or ValueError saying what is wrong with it.

    The messages quote the URL only up to its query and without userinfo: a gateway URL may carry
    a token there, and these messages reach the model and the logs. Quoted on one line and
    bounded, like any text the project does not control.
    """
    text = value.strip()
    if "://***@" in str(mask_url_credentials(text)):
        # Before parsing: a password with a raw '/', '?' or '#' ends the host for urlsplit,
        # whose error would then quote part of it as a bad port. The rule is the one every error
        # and `dsh-web config` mask by, so what is refused here is what they would hide.
        raise ValueError(_CREDENTIALS_REFUSED)
    cut = shown_base_url(text)
    shown = quoted_value(cut, _MAX_URL_CHARS)

    def refused(problem: str) -> ConfigValueError:
        # The config error's "(got …)" shows the value cut the same way, not whole.
        return ConfigValueError(f"{shown} {problem}", shown=cut)

    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as error:
        raise refused(f"is not a valid URL ({error})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise refused("is not an http(s) URL with a host, such as https://api.example")
    if parts.username or parts.password:
        raise ValueError(_CREDENTIALS_REFUSED)
    if parts.query or parts.fragment:
        raise refused("must not have a query or fragment")
    if parts.scheme == "http" and not is_loopback_host(parts.hostname):
        # Every request to a base URL carries an API key; on plain http anyone on the path reads it.
        raise refused(
            "uses plain http to a remote host, and https is required: every request "
            "carries an API key (http is allowed only to localhost, 127.0.0.0/8 and ::1)"
        )
    return text.rstrip("/")


_CREDENTIALS_REFUSED = "a base URL must not carry credentials; use the api key settings"


def shown_base_url(text: str) -> str:
    """How every message, config error and repr shows a base URL: cut before any query or
    fragment, userinfo dropped (``…`` marks a cut).

    Not only secret-named query values are hidden: a gateway signs with ``sig``,
    ``X-Amz-Signature``, ``code`` or ``token2``, and a base URL's query is refused anyway, so its
    names and values help no one find the mistake.
    """
    # Userinfo first by the shared rule: a password with a raw '/', '?' or '#' would otherwise
    # be cut as if it were the path.
    cut = str(mask_url_credentials(text)).split("?", 1)[0].split("#", 1)[0]
    scheme, sep, rest = cut.partition("://")
    if not sep:
        scheme, rest = "", cut
    authority, slash, path = rest.partition("/")
    if "@" in authority:
        authority = "…@" + authority.rsplit("@", 1)[1]
    shown = f"{scheme}{sep}{authority}{slash}{path}"
    return shown if shown == text else f"{shown}…"


def is_loopback_host(host: str) -> bool:
    """``localhost`` or a loopback IP literal (127.0.0.0/8, ``::1``); no DNS is consulted."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def valid_base_url(value: str | None) -> bool:
    if value is None:
        return False
    try:
        check_base_url(value)
    except ValueError:
        return False
    return True


def resolve_key(credentials: Credentials, literal: str | None, reference: str) -> str | None:
    """The key to send now: a non-blank literal wins, else the reference through credentials.

    Resolved at every call, so a key stored or rotated after start-up is used by the next call.
    """
    if literal is not None and literal.strip():
        return literal.strip()
    return credentials.get(reference)


def missing_key(provider: str, reference: str) -> WebError:
    return WebError(
        WEB_PROVIDER_CREDENTIAL_MISSING,
        f"No {provider} API key is set. Set the {reference} environment variable (or the "
        "`api_key_env` / `api_key` config keys of the plugin) and try again.",
        details={"provider": provider, "credential": reference},
    )


# -- the shared configuration ---------------------------------------------------------------------
#: A ``base_url`` config value: checked by :func:`check_base_url` at load, trailing slash removed.
BaseUrl = Annotated[str, AfterValidator(check_base_url)]

_KEY_ENV_DOC = "Credential reference resolved through ctx.credentials at every search."
_HTTPS_NOTE = "Must be https (plain http only to localhost, 127.0.0.0/8 or ::1)."


def api_key_field(provider: str) -> Any:
    """The ``api_key`` field, its description naming ``provider``."""
    return Field(
        default=None,
        description=" ".join(
            f"A literal {provider} API key. Discouraged: prefer `api_key_env`, so the key stays "
            "out of config files. A non-blank literal wins over `api_key_env`.".split()
        ),
    )


def api_key_env_field(default: str) -> Any:
    """The ``api_key_env`` field with the provider's documented variable as its default."""
    return Field(default=default, min_length=1, description=_KEY_ENV_DOC)


def base_url_field(*, path: str, env: str, default: str, api: str = "API") -> Any:
    """The ``base_url`` field: unset means ``$env`` (read at every call), else ``default``."""
    return Field(
        default=None,
        description=f"{api} base; `{path}` is appended. Unset: ${env}, else {default}. "
        + _HTTPS_NOTE,
    )


#: Below tool-web's `search_timeout` (30 s), so a slow provider ends with its own error (naming
#: this setting) rather than the tool's generic TOOL_TIMEOUT.
DEFAULT_TIMEOUT = 25.0


def timeout_field(default: float = DEFAULT_TIMEOUT) -> Any:
    """The ``timeout`` field (seconds over the whole call)."""
    return Field(
        default=default,
        gt=0,
        le=600,
        description="Seconds for the whole call, retries included. tool-web's `search_timeout` "
        "(30 s) bounds the whole web_search tool call, so keep this below it: a longer value "
        "only ends as the tool's timeout.",
    )


#: ``$NAME`` or ``${NAME}``, a shell's reference to an environment variable.
_VARIABLE_REFERENCE = re.compile(r"\$(?P<brace>\{)?(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?(brace)\})")


class KeyedApiConfig(BaseModel):
    """What every keyed search provider is configured with: whose key, which endpoint, how long.

    A provider's config extends it and re-declares a shared field only to say what is its own (the
    provider's name, its key variable, its endpoint, a longer deadline) through the factories
    above, so the constraints and the base URL check stay here.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    api_key: SecretStr | None = api_key_field("")
    api_key_env: str = Field(min_length=1, description=_KEY_ENV_DOC)
    base_url: BaseUrl | None = Field(default=None, description=f"API base. {_HTTPS_NOTE}")
    timeout: float = timeout_field()

    # Nothing expands `$VAR` / `${VAR}` in a config (the seeds have no such syntax), yet it is
    # the habit of docker-compose files and MCP client configs: taken as written, the reference
    # itself was sent as the key (the provider's 401 never said why), or named a variable that
    # cannot exist ("$EXA_API_KEY is not set" while EXA_API_KEY was). Only a whole value of that
    # shape is refused: a real key or a custom credential reference may contain a `$`.
    @field_validator("api_key", mode="after")
    @classmethod
    def _not_a_reference(cls, value: SecretStr | None) -> SecretStr | None:
        text = value.get_secret_value().strip() if value is not None else ""
        match = _VARIABLE_REFERENCE.fullmatch(text)
        if match:
            raise ValueError(
                # Named, not quoted: the value is under a secret key, so the config error
                # shows none of it (dsh/_text.py's hide_secrets would mask the quote).
                f"`api_key` holds a reference to the environment variable {match['name']}, but "
                "`api_key` is the key itself and is not expanded; to read the key from that "
                f"variable, set `api_key_env: {match['name']}` instead"
            )
        return value

    @field_validator("api_key_env", mode="after")
    @classmethod
    def _a_bare_name(cls, value: str) -> str:
        match = _VARIABLE_REFERENCE.fullmatch(value.strip())
        if match:
            raise ValueError(
                "`api_key_env` is the name of the variable, without `$` or braces: write "
                f"`api_key_env: {match['name']}`"
            )
        if _looks_like_a_key(value):
            # `api_key_env: sk-…` for `api_key: sk-…`: loaded, the key would be named as a
            # variable in every message ("sk-… is not set", to the model too), `dsh-web config`
            # and the repr. Refused unshown (SECRET_VALUE_ERROR: the config error says `***`).
            default = cls.model_fields["api_key_env"].default
            example = default if isinstance(default, str) and default else "MY_API_KEY"
            raise PydanticCustomError(
                SECRET_VALUE_ERROR,
                "`api_key_env` is the name of the variable that holds the key, but this value "
                "looks like a key itself: put the key in a variable and name that variable here "
                f"(`api_key_env: {example}`), or write the key as `api_key`",
            )
        return value


#: Exa's keys are UUIDs; DeepSeek's (`sk-` and 32 hex digits) and Perplexity's (`pplx-` and 48
#: letters and digits) have a long part mixing lower-case letters and digits, which a variable
#: name (`EXA_API_KEY`, `exa-key-2024`) does not.
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
_KEY_LIKE_PART = re.compile(r"(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[a-z])[A-Za-z0-9]{16,}")


def _looks_like_a_key(value: str) -> bool:
    text = value.strip()
    return bool(_UUID.fullmatch(text)) or any(
        _KEY_LIKE_PART.fullmatch(part) for part in re.split(r"[-_./:]", text)
    )
