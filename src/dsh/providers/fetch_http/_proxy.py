"""Which proxy serves which URL: the ``proxy`` config key, else the standard variables.

The variables are read the way httpx and curl read them (``HTTP_PROXY``, ``HTTPS_PROXY``,
``ALL_PROXY``, ``NO_PROXY``, either case), but every route still goes through a guarded
transport: httpx's own ``trust_env`` would build unguarded proxy transports, so it stays off.
"""

from __future__ import annotations

import ipaddress
from urllib.request import getproxies_environment


def proxy_routes(proxy: str | None) -> dict[str, str | None]:
    """httpx mount patterns mapped to a proxy URL, or ``None`` for a direct connection.

    An empty mapping means: no proxy at all.
    """
    if proxy:
        return {"all://": proxy}
    info = getproxies_environment()
    routes: dict[str, str | None] = {}
    for scheme in ("http", "https", "all"):
        value = info.get(scheme)
        if value:
            routes[f"{scheme}://"] = value if "://" in value else f"http://{value}"
    if not routes:
        return {}
    for entry in (part.strip() for part in info.get("no", "").split(",")):
        if entry == "*":
            return {}
        if not entry:
            continue
        if "://" in entry:
            routes[entry] = None
        elif _is_ip(entry, 4):
            routes[f"all://{entry}"] = None
        elif _is_ip(entry, 6):
            # "::1", "[::1]", "fd00::/8" or "[fd00::]/8": one pair of brackets around the address.
            address, slash, prefix = entry.partition("/")
            routes[f"all://[{address.strip('[]')}]{slash}{prefix}"] = None
        elif entry.lower() == "localhost":
            routes[f"all://{entry}"] = None
        else:
            # curl semantics: ``example.com`` and ``.example.com`` both cover subdomains.
            routes[f"all://*{entry.lstrip('.')}"] = None
    return routes


def _is_ip(text: str, version: int) -> bool:
    address_part, slash, prefix = text.partition("/")
    try:
        address = ipaddress.ip_network(address_part.strip("[]") + slash + prefix, strict=False)
    except ValueError:
        return False
    return address.version == version
