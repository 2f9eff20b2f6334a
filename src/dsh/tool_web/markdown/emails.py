"""Cloudflare-obfuscated e-mail addresses, decoded.

One job: an address Cloudflare hides behind "[email protected]" until its script decodes it,
written out (`decode_protected_emails`, which the pipeline in `convert.py` runs after the
stripping, and only on pages that have them). The tree repairs before the stripping are
`repairs.py`'s.
"""

from __future__ import annotations

from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import find_elements

# Cloudflare's email obfuscation: the address XOR-ed with the first byte, hex-encoded in
# `data-cfemail` (or after `#` in the link), the text replaced by "[email protected]" until a
# script decodes it. Without the script the model read "email us at [email protected]".
_CLOUDFLARE_EMAILS: Final = etree.XPath(
    "//*[@data-cfemail] | //a[contains(@href, '/cdn-cgi/l/email-protection#')]"
)
_MAX_EMAIL_HEX: Final = 2 * 320


def decode_protected_emails(root: etree._Element) -> None:
    """Cloudflare-obfuscated addresses written out (call only when the page has them: the
    search walks the whole tree)."""
    for element in find_elements(_CLOUDFLARE_EMAILS, root):
        encoded = element.get("data-cfemail") or (element.get("href") or "").partition("#")[2]
        address = _cloudflare_decode(encoded)
        if address is None:
            continue
        if element.get("data-cfemail") is not None or _is_placeholder(element):
            # Only the "[email protected]" placeholder is replaced: a label such as "Dr. Jane
            # Smith" or "our press office" stays, with the address as its mailto: target.
            for child in list(element):
                element.remove(child)
            element.text = address
        if element.tag == "a":
            element.set("href", f"mailto:{address}")
        # The link's inner span carries the code when the link does not.
        parent = element.getparent()
        if (
            parent is not None
            and parent.tag == "a"
            and "email-protection" in (parent.get("href") or "")
        ):
            parent.set("href", f"mailto:{address}")


def _is_placeholder(element: etree._Element) -> bool:
    text = " ".join(string_value(element).split()).lower()
    return text in ("", "[email protected]", "[email\u00a0protected]")


def _cloudflare_decode(encoded: str) -> str | None:
    if not 4 <= len(encoded) <= _MAX_EMAIL_HEX or len(encoded) % 2:
        return None
    try:
        data = bytes.fromhex(encoded)
    except ValueError:
        return None
    key = data[0]
    address = bytes(b ^ key for b in data[1:]).decode("utf-8", "replace")
    if "@" not in address or not address.isprintable() or " " in address:
        return None
    return address
