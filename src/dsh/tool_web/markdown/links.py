"""Which link targets are worth their tokens, and in what form."""

from __future__ import annotations

from functools import lru_cache
from typing import Final
from urllib.parse import (
    SplitResult,
    parse_qsl,
    unquote,
    unquote_plus,
    urljoin,
    urlsplit,
    urlunsplit,
)

# Query parameters that only feed analytics: dropping them changes nothing the server returns.
_TRACKING_PARAMS: Final = frozenset(
    {
        "fbclid", "gclid", "dclid", "msclkid", "yclid", "mc_cid", "mc_eid", "igshid",
        "_hsenc", "_hsmi", "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "wickedid",
        "ref_src", "spm", "scid", "_ga", "_gl",
    }
)  # fmt: skip
_TRACKING_PREFIXES: Final = ("utm_", "pk_", "mtm_", "hsa_")

_FOLLOWABLE_SCHEMES: Final = frozenset({"http", "https"})

# Past this length a URL is mostly opaque tokens (affiliate redirects, signed CDN links, session
# blobs); measured on WCXB, 100 rather than 300 characters: +0.002 F1, -0.01x tokens.
MAX_URL_CHARS: Final = 100


# Set by `embeds.py` on the link it makes of an embedded or bookmark card (the post, video or
# page a `figure` shows a preview of): its target is shown wherever the card stands, as the
# card is there to send the reader to it.
CARD_LINK: Final = "data-dsh-card-link"


def _is_tracking(name: str) -> bool:
    lowered = name.lower()
    return lowered in _TRACKING_PARAMS or lowered.startswith(_TRACKING_PREFIXES)


def link_base(page_url: str | None, base_href: str) -> str | None:
    """What relative links resolve against: the page's `<base href>` if it has a usable one.

    Browsers resolve against `<base href>` (itself relative to the page's URL); without it, or
    with one that is not an absolute http(s) URL once resolved, the page's own URL.
    """
    base_href = base_href.strip()
    if not base_href:
        return page_url
    resolved = _web_url(page_url, base_href)
    return page_url if resolved is None else resolved[0]


def clean_url(href: str, base_url: str | None, page_url: str | None = None) -> str | None:
    """The absolute URL worth showing for an href, or None when it is noise.

    Noise: in-page anchors, javascript:/data:/mailto: and other non-web schemes, relative links
    we cannot resolve, and very long opaque URLs. `base_url` resolves relative links (see
    `link_base`); `page_url` (default: `base_url`) is the page itself, whose links are anchors.
    """
    href = href.strip()
    if not href or href.startswith("#"):
        return None
    resolved = _web_url(base_url, href)
    if resolved is None:
        return None
    parts = _unwrapped(resolved[1])
    this_page = page_url or base_url
    if this_page and _same_page(parts.geturl(), this_page):
        return None
    query = _kept_query(parts.query)
    cleaned = urlunsplit((parts.scheme.lower(), parts.netloc, parts.path or "/", query, ""))
    if len(cleaned) > MAX_URL_CHARS:
        return None
    # Spaces of any kind would end the link target (and whitespace normalisation turns a
    # no-break space into a plain one), parentheses would close it early.
    return (
        cleaned.replace(" ", "%20")
        .replace("\u00a0", "%C2%A0")
        .replace("(", "%28")
        .replace(")", "%29")
    )


# Click-tracking redirectors that carry the real target in one query parameter: search
# results, social sites, HTML e-mails (Outlook's Safe Links). Shown as they are, the model
# would read only the redirector's host, and the URL is long.
# The parameter names that may hold the target (Google writes it as `q` or as `url`); none:
# the whole query is the target (href.li/?https://target).
_REDIRECTORS: Final[dict[str, tuple[str | None, tuple[str, ...]]]] = {
    "www.google.com": ("/url", ("q", "url")), "google.com": ("/url", ("q", "url")),
    "l.facebook.com": ("/l.php", ("u",)), "lm.facebook.com": ("/l.php", ("u",)),
    "l.instagram.com": ("/", ("u",)), "www.youtube.com": ("/redirect", ("q",)),
    "out.reddit.com": (None, ("url",)), "href.li": ("/", ()),
}  # fmt: skip
_SAFE_LINKS_SUFFIX: Final = ".safelinks.protection.outlook.com"


def _unwrapped(parts: SplitResult) -> SplitResult:
    """The target a known redirector wraps, when it is itself an http(s) URL; else `parts`."""
    host = (parts.hostname or "").lower()
    path: str | None
    names: tuple[str, ...]
    if host.endswith(_SAFE_LINKS_SUFFIX):
        path, names = None, ("url",)
    elif host in _REDIRECTORS:
        path, names = _REDIRECTORS[host]
    else:
        return parts
    if path is not None and parts.path != path:
        return parts
    if not names:
        target = parts.query
    else:
        values = [v for k, v in parse_qsl(parts.query) if k in names and v.startswith("http")]
        target = values[0] if values else ""
    unwrapped = _web_url(None, target.strip())
    return unwrapped[1] if unwrapped is not None else parts


def _web_url(base: str | None, href: str) -> tuple[str, SplitResult] | None:
    """`href` made absolute against `base` (when given), if that is an http(s) URL with a host."""
    try:
        absolute = urljoin(base, href) if base else href
        parts = urlsplit(absolute)
    except ValueError:
        return None
    if parts.scheme.lower() not in _FOLLOWABLE_SCHEMES or not parts.netloc:
        return None
    return absolute, parts


def is_paid_link(rel: str) -> bool:
    """Whether a link's `rel` says it is paid for (`sponsored`: an advertisement, an affiliate
    or other paid placement, as search engines ask sites to mark them).

    Its label stays and its target does not: the page says it is not a reference the text
    makes but one it is paid for, and the targets are mostly opaque affiliate redirects
    (`geni.us/hgc-…`, `…/out/link/45558/226656/4/…?merchant=Amazon`, `go.move.org/aff_c?…`)
    whose tokens tell the model nothing the label does not.
    """
    return "sponsored" in rel.lower().split()


# The click hosts of affiliate programmes and networks: a link through one is paid for by its
# nature (the site earns a commission on what it sells), whatever its `rel` says, and its
# target is an opaque code (`amzn.to/44EZoqR`, `geni.us/hgc-…`, `rei.pxf.io/c/2536211/…`).
# Exact hosts, and the domains (two labels) whose every subdomain is one shop's tracking host
# (Impact's `<shop>.pxf.io`, `<shop>.sjv.io`; CJ's rotating click domains).
_AFFILIATE_HOSTS: Final = frozenset(
    {
        "amzn.to", "geni.us", "rstyle.me", "shopstyle.it", "go.skimresources.com",
        "go.redirectingat.com", "click.linksynergy.com", "prf.hn", "howl.me", "howl.link",
        "shop-links.co",
    }
)  # fmt: skip
_AFFILIATE_DOMAINS: Final = frozenset(
    {
        "pxf.io", "sjv.io", "7eer.net", "anrdoezrs.net", "jdoqocy.com", "tkqlhce.com",
        "dpbolvw.net", "kqzyfj.com", "awin1.com", "shareasale.com",
    }
)  # fmt: skip


@lru_cache(maxsize=4096)  # a page links the same shop or menu target many times
def is_affiliate_link(href: str) -> bool:
    """Whether `href` goes through an affiliate programme's click host (`_AFFILIATE_HOSTS`):
    a paid link the page did not mark as one (`is_paid_link`), its label kept, its target not."""
    start = href[:12].lstrip().lower()
    if not start.startswith(("http://", "https://", "//")):
        return False  # relative and in-page links: decided without splitting
    try:
        host = (urlsplit(href.strip()).hostname or "").removeprefix("www.")
    except ValueError:
        return False
    # Its domain, the last two labels (`rei.pxf.io` is `pxf.io`'s; `notpxf.io` is not).
    domain = ".".join(host.rsplit(".", 2)[-2:])
    return host in _AFFILIATE_HOSTS or domain in _AFFILIATE_DOMAINS


def contact_url(href: str) -> str | None:
    """`mailto:address` or `tel:number` for a contact link (query and spaces dropped), else None.

    Not followable, but the address is often only in the target ("Email us"), and a model asked
    how to reach someone needs it.
    """
    if not href[:12].lstrip()[:7].lower().startswith(("mailto:", "tel:")):
        return None  # nearly every link: decided without splitting the whole href
    scheme, _, rest = href.strip().partition(":")
    scheme = scheme.lower()
    if not rest:
        return None
    target = unquote(rest.split("?", 1)[0]).strip()
    if scheme == "tel":
        target = "".join(target.split()).lstrip("/")  # some pages write tel://number
    if not target or len(target) > MAX_URL_CHARS or any(c in target for c in "()[]<> "):
        return None
    return f"{scheme}:{target}"


def shows_target(label: str, url: str) -> bool:
    """Whether the label already reads as the target: a URL written out, the address of a
    mailto link, the number of a tel link (perhaps without its country code)."""
    if url.startswith("tel:"):
        # The same number, perhaps one side with and the other without its country code.
        digits, dialled = _digits(label), _digits(url)
        if min(len(digits), len(dialled)) >= _MIN_PHONE_DIGITS and (
            dialled.endswith(digits) or digits.endswith(dialled)
        ):
            return True
        return _alphanumeric(label) == _alphanumeric(url[len("tel:") :])  # "1-844-HOMEYOU"
    if not url.startswith("mailto:") and not label.lower().startswith(_WRITTEN_URL_STARTS):
        return False  # "Booking.com" in a sentence is a name: it keeps its link form
    label_key, url_key = _display_key(label), _display_key(url)
    return bool(url_key) and (label_key == url_key or label_key == url_key.partition("?")[0])


def names_site(label: str, url: str) -> bool:
    """Whether the label is `url` written without its scheme: the domain name of the site whose
    home page `url` is ("ollama.com" to `http://ollama.com/`, "Booking.com" to
    `https://www.booking.com/`), or that name with the path ("github.com/ashvardanian/StringZilla",
    "IRS.gov/get-transcript"); emphasis, `www.`, case and a trailing slash aside. The label is
    an address the model can fetch as written, and the target says it again. Not a label
    naming another page than the target."""
    _, separator, rest = url.partition("://")
    if not separator:
        return False  # `mailto:`, `tel:`: `shows_target` reads those
    address = rest.lower().removeprefix("www.").rstrip("/")
    name = label.strip().strip("*_").lower().removeprefix("www.").rstrip("/")
    return "." in name.partition("/")[0] and name == address


_MIN_PHONE_DIGITS: Final = 7
_WRITTEN_URL_STARTS: Final = ("http://", "https://", "www.")


def _display_key(text: str) -> str:
    text = text.strip().lower()
    for prefix in ("mailto:", "https://", "http://", "www."):
        if text.startswith(prefix):
            text = text[len(prefix) :]
    return text.rstrip("/")


def _alphanumeric(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def target_key(url: str) -> str:
    """One key for the spellings of one address a page mixes (`url` as `clean_url` or
    `contact_url` wrote it): `http` or `https`, with or without `www.`, with or without a
    trailing slash, the host in any case; the fragment is gone already. A target is shown once
    per key: a blog linking `https://www.example.com/guide/` and later `http://example.com/guide`
    paid for the address twice."""
    _, separator, rest = url.partition("://")  # either scheme: the same page
    if not separator:
        return url  # `mailto:`, `tel:`: no host to spell two ways
    host, _, path = rest.partition("/")
    path, question, query = path.partition("?")
    return f"{host.lower().removeprefix('www.')}/{path.rstrip('/')}{question}{query}"


def is_this_page(href: str, base_url: str | None, page_url: str) -> bool:
    """Whether `href`, resolved against `base_url`, is `page_url` (fragment aside)."""
    resolved = _web_url(base_url, href.strip())
    return resolved is not None and _same_page(resolved[0].partition("#")[0], page_url)


def _kept_query(query: str) -> str:
    """`query` without its tracking parameters.

    The others stay as written (decoding and encoding them again would rewrite escapes that
    are not UTF-8, bare keys and `;` separators).
    """
    if not query:
        return query
    return "&".join(
        part for part in query.split("&") if not _is_tracking(unquote_plus(part.split("=")[0]))
    )


def _same_page(absolute: str, base_url: str) -> bool:
    # Queries are compared without their tracking parameters: a link back to the page that
    # only adds `?utm_source=…` (or a page fetched with one) is still the page itself.
    try:
        a, b = urlsplit(absolute), urlsplit(base_url)
    except ValueError:
        return False
    return (a.netloc, a.path.rstrip("/"), _kept_query(a.query)) == (
        b.netloc,
        b.path.rstrip("/"),
        _kept_query(b.query),
    )
