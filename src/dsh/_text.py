"""Quoting text the project does not control (an exception's message, a config value) safely.

The rules for what a person or a model may see of it, in one place: secret-looking config keys
(:func:`looks_secret`), the credentials of a URL, its user and password and its
secret-named query values (:func:`mask_url_credentials`), an
exception's message (or any text someone else wrote: an abort reason, a server's error, a
provider's words) inside a one-line error (:func:`quoted_message`: secrets masked, one line,
bounded), a value someone gave (:func:`quoted_value`: its ``repr`` so, secret-named entries
masked too), the secrets of a value a validator's message may repeat (:func:`hide_secrets`) and
the control characters and broken surrogates of text a reader gets whole
(:func:`strip_controls`, :func:`without_surrogates`: a fetched page or PDF, a search result).

It sits below every layer and imports only the standard library (an import-linter contract
checks it): the harness, the seam, the app and the CLI all use it, and the CLI must be able to
quote an unexpected exception without importing the harness (``dsh-web --help`` stays light, and
an install too broken to import the harness still fails in one line).
"""

from __future__ import annotations

import contextlib
import re

#: Longest exception message quoted in a one-line error, as for a provider's own message
#: (``providers/_keyed_api/errors.py``): a message can hold a whole response body or a big
#: object's repr.
MAX_QUOTED_CHARS = 300

#: Longest value quoted in a config error's ``(got …)``: enough to recognise what was written.
MAX_VALUE_CHARS = 80

#: How many of a value's secrets :func:`hide_secrets` looks for in a message (a list of
#: thousands of keys is someone's mistake; the message is bounded anyway).
_MAX_HIDDEN = 50

_MASK = "***"

# Whole words of a key, so `max_results`, `tokenizer`, `passwordless` are not secrets but
# `api_key`, `token`, `client_secret` are. `tokens` counts them (`max_tokens`): only `token`.
_SECRET_KEY = re.compile(
    r"(^|_)(api_?keys?|keys?|token|secrets?|passwords?|credentials?|authorization)($|_)"
)
# A key's words: camelCase and any punctuation part them (`clientSecret`, `X-Api-Key` and the
# path `routes.0.api_key` of a nested key read as `client_secret`, `x_api_key`, `routes_0_api_key`).
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NOT_A_WORD = re.compile(r"[^a-z0-9]+")

# ``scheme://userinfo@``: the userinfo ends at the last ``@`` before the path, query or fragment
# (a password may hold a raw ``@``). Whitespace ends it too, so a URL inside prose is found.
# Anchored on ``://``, not on the scheme: a scheme pattern tried at every word start runs to the
# end of a dotted text ("a.a.a...") each time, quadratic time (a 200,000-character value took
# tens of seconds). Userinfo after a ``://`` that follows no valid scheme is masked too.
# The second form is a password written with a raw ``/``, ``?`` or ``#`` (a base64 token): URL
# parsers end the host there and read the rest as a port and a path, so without it the token was
# quoted whole. It needs a ``:`` before any ``/?#`` that does not start a port (``host:8080/@x`` is
# a port and a path), and at most 256 characters to the ``@``, so it stays linear too.
_URL_USERINFO = re.compile(
    r"(?<=://)(?:[^/?#\s]*@|[^/?#\s@:\[\]]*:(?![0-9]*(?:[/?#\s]|$))[^\s@]{0,256}@)"
)

# A query parameter inside quoted text: its value ends where a URL quoted in prose or in quotes
# ends. Anchored on ``?``/``&`` so that it stays linear on any text, and on ``#``: a fragment can
# carry a token too (OAuth's ``#access_token=…``).
_QUERY_PARAMETER = re.compile(r"(?<=[?&#])(?P<name>[\w.-]+)=(?P<value>[^&#\s'\"<>]*)")


def looks_secret(key: str) -> bool:
    """Whether a config key (or a query parameter, or a dotted path to a nested key) holds a
    secret: ``api_key``, ``token``, ``clientSecret``, ``X-Api-Key``; not ``api_key_env`` or
    ``secret_ref``, which name where one is, nor ``max_tokens`` or ``tokenizer``.

    The one rule for every layer: the harness's config errors, ``dsh-web config`` and the
    query parameters :func:`quoted_message` masks.
    """
    words = _NOT_A_WORD.sub("_", _CAMEL_BOUNDARY.sub("_", key).lower()).strip("_")
    if words.endswith(("_env", "_ref")):
        return False
    return bool(_SECRET_KEY.search(words))


def mask_url_credentials(value: object) -> object:
    """``value`` with the credentials of every URL in it masked: the user and password
    (``http://u:pw@proxy:3128`` → ``http://***@proxy:3128``) and the values of secret-named
    query parameters (``?api_key=***``, by :func:`looks_secret`), in strings and in strings in
    lists, tuples and dicts at any depth. Anything else is returned as is."""
    if isinstance(value, str):
        return _QUERY_PARAMETER.sub(_masked_parameter, _URL_USERINFO.sub("***@", value))
    if isinstance(value, dict):
        return {key: mask_url_credentials(item) for key, item in value.items()}
    if isinstance(value, list):
        return [mask_url_credentials(item) for item in value]
    if isinstance(value, tuple):
        return tuple(mask_url_credentials(item) for item in value)
    return value


_SURROGATES = re.compile("[\ud800-\udfff]")


def without_surrogates(text: str) -> str:
    """``text`` with its UTF-16 surrogates mended: a pair split over two code points is joined,
    a lone half is U+FFFD. Lone surrogates come from decoders that pass them (pypdf's ToUnicode
    CMaps, JSON's ``"\\ud83d"`` escapes a JavaScript backend writes when it cuts an emoji by
    UTF-16 units), and no UTF-8 consumer can encode them (the CLI, MCP)."""
    if not _SURROGATES.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def strip_controls(text: str) -> str:
    """``text`` without C0 control characters other than tab, line feed and carriage return,
    and without DEL and the C1 controls (U+0080-U+009F): they carry nothing a reader needs and
    can confuse a model or a terminal (NUL, escape sequences — ESC or C1's CSI U+009B and OSC
    U+009D —, backspace).

    One regex pass: about 1 ms per 100,000 characters at worst, and no copy when there is
    nothing to strip (``str.translate`` is 20x slower on non-ASCII text).
    """
    return _CONTROLS.sub("", text) if _CONTROLS.search(text) else text


def one_line(text: str) -> str:
    """``text`` with every run of whitespace (line breaks included) as one space, trimmed."""
    return " ".join(text.split())


def quoted_message(text: str, limit: int = MAX_QUOTED_CHARS) -> str:
    """An exception's message fit to quote inside a one-line error someone else reads.

    URL credentials are masked, and so are the values of secret-named query parameters
    (``?api_key=***``: httpx's ``raise_for_status()`` quotes the whole URL, and a key in the
    query is the usual way a key reaches an exception's message); then it is one line, cut at
    ``limit`` characters with ``…``. Masking comes first, so a cut never shows part of a secret.
    """
    text = one_line(str(mask_url_credentials(text)))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted_value(value: object, limit: int = MAX_VALUE_CHARS) -> str:
    """A value someone gave (a config value, or part of one) as its ``repr``, fit to quote: the
    values of secret-named keys in it as ``***`` at any depth (``{'api_key': '***'}``), then as
    :func:`quoted_message` (URL credentials and secret-named query values masked, one line, cut
    at ``limit``)."""
    try:
        text = repr(_secret_entries_masked(value))
    except RecursionError:  # nested deeper than repr goes: nothing of it is worth quoting
        return "…"
    return quoted_message(text, limit)


def hide_secrets(text: str, value: object, *, secret: bool = False) -> str:
    """``text`` (a validator's message, which may quote the value it refused) with the secrets in
    ``value`` as ``***``: all of ``value`` when ``secret`` (it was given for a secret-named key),
    else the values of the secret-named keys inside it at any depth.

    Each is hidden as its ``repr`` and, from four characters on, as its plain text (shorter, the
    plain text would hide ordinary words of the message and is no secret to speak of).
    """
    found: list[str] = []
    with contextlib.suppress(RecursionError):  # deeper than anything a message could quote
        _collect_secrets(value, secret, found)
    for shown in sorted(set(found), key=len, reverse=True):
        text = text.replace(shown, _MASK)
    return text


def _secret_entries_masked(value: object) -> object:
    if isinstance(value, dict):
        return {
            key: _MASK
            if isinstance(key, str) and looks_secret(key) and item not in (None, "")
            else _secret_entries_masked(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_secret_entries_masked(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_secret_entries_masked(item) for item in value)
    return value


def _collect_secrets(value: object, secret: bool, found: list[str]) -> None:
    if len(found) >= _MAX_HIDDEN:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            _collect_secrets(item, secret or (isinstance(key, str) and looks_secret(key)), found)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            _collect_secrets(item, secret, found)
    elif secret and isinstance(value, str | int | float) and not isinstance(value, bool):
        found.append(repr(value))
        if len(str(value)) >= 4:
            found.append(str(value))


def _masked_parameter(match: re.Match[str]) -> str:
    name, value = match["name"], match["value"]
    if value and looks_secret(name):
        return f"{name}=***"
    return match[0]
