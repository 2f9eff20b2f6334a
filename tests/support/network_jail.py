"""A socket-level jail for the test suite: only loopback can be reached, whatever the code does.

The fetcher's private-network guard is what keeps an agent away from 10.x or 169.254.169.254;
the tests of that guard must not depend on it working. So every test process (and every
subprocess a test starts, through ``sitecustomize``) refuses at the socket layer:

- ``connect`` / ``connect_ex`` / ``sendto`` / ``sendmsg`` to an address that is not loopback:
  raised as ``OSError(ENETUNREACH)`` and *recorded*, so the session fails even if the code
  under test swallowed the error;
- ``getaddrinfo`` / ``gethostbyname`` / ``gethostbyname_ex`` of a name other than ``localhost``
  or a loopback literal: answered as an unknown name (``gaierror``), so no DNS query ever
  leaves the machine. ``*.localhost`` is looked up as ``localhost`` (RFC 6761): the C library
  finds ``localhost`` in /etc/hosts, but would ask the name servers about ``app.localhost``.

A test that needs a name resolved injects its own resolver (that is how the guard is tested).
"""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import os
import socket
from collections.abc import Callable, Iterator
from typing import Any

JAIL_ENV = "DSH_TEST_NETWORK_JAIL_LOG"

violations: list[str] = []
# The real socket functions, looked up at each call (tests of the jail swap in fakes, so that
# even a broken jail cannot send their packets anywhere).
originals: dict[str, Callable[..., Any]] = {}
_installed = False
_suspended = 0


def _text(host: object) -> str:
    if isinstance(host, bytes):
        return host.decode("ascii", "replace")
    return host if isinstance(host, str) else ""


def _is_loopback_host(host: object) -> bool:
    if not isinstance(host, str | bytes):
        return False
    name = _text(host).strip("[]").split("%", 1)[0].rstrip(".").lower()
    if name in {"localhost", ""} or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


def _allowed_destination(family: int, address: Any) -> bool:
    if family == getattr(socket, "AF_UNIX", None):
        return True
    if isinstance(address, tuple) and address:
        return _is_loopback_host(address[0])
    return False


def _record(what: str) -> None:
    violations.append(what)
    log = os.environ.get(JAIL_ENV)
    if log:
        with open(log, "a", encoding="utf-8") as file:
            file.write(f"pid {os.getpid()}: {what}\n")


def install() -> None:
    """Patch the socket module of this process (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    originals.update(
        connect=socket.socket.connect,
        connect_ex=socket.socket.connect_ex,
        sendto=socket.socket.sendto,
        sendmsg=socket.socket.sendmsg,
        getaddrinfo=socket.getaddrinfo,
        gethostbyname=socket.gethostbyname,
        gethostbyname_ex=socket.gethostbyname_ex,
    )

    def refuse(sock: socket.socket, address: Any, operation: str) -> None:
        message = f"test network jail: {operation} to {address!r} refused (only loopback)"
        _record(message)
        raise OSError(errno.ENETUNREACH, message)

    def connect(self: socket.socket, address: Any) -> None:
        if not _suspended and not _allowed_destination(self.family, address):
            refuse(self, address, "connect")
        return originals["connect"](self, address)  # type: ignore[no-any-return]

    def connect_ex(self: socket.socket, address: Any) -> int:
        if not _suspended and not _allowed_destination(self.family, address):
            refuse(self, address, "connect_ex")
        return originals["connect_ex"](self, address)  # type: ignore[no-any-return]

    def sendto(self: socket.socket, data: Any, *args: Any) -> int:
        address = args[-1]
        if not _suspended and not _allowed_destination(self.family, address):
            refuse(self, address, "sendto")
        return originals["sendto"](self, data, *args)  # type: ignore[no-any-return]

    def sendmsg(self: socket.socket, buffers: Any, *args: Any) -> int:
        # sendmsg(buffers[, ancdata[, flags[, address]]]): only the 4th argument is a destination.
        address = args[2] if len(args) >= 3 else None
        if (
            not _suspended
            and address is not None
            and not _allowed_destination(self.family, address)
        ):
            refuse(self, address, "sendmsg")
        return originals["sendmsg"](self, buffers, *args)  # type: ignore[no-any-return]

    def jailed_name(host: Any) -> Any:
        if _suspended or host is None:
            return host
        if not _is_loopback_host(host):
            raise socket.gaierror(socket.EAI_NONAME, f"test network jail: {host!r} not resolved")
        name = _text(host).strip("[]").split("%", 1)[0]
        try:
            ipaddress.ip_address(name)
        except ValueError:
            # A loopback name: looked up as the hosts file's entry, never as a DNS query.
            return "localhost" if name else host
        return host

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        return originals["getaddrinfo"](jailed_name(host), *args, **kwargs)

    def gethostbyname(host: Any) -> Any:
        return originals["gethostbyname"](jailed_name(host))

    def gethostbyname_ex(host: Any) -> Any:
        return originals["gethostbyname_ex"](jailed_name(host))

    patches: dict[str, Callable[..., Any]] = {
        "connect": connect,
        "connect_ex": connect_ex,
        "sendto": sendto,
        "sendmsg": sendmsg,
    }
    for name, function in patches.items():
        setattr(socket.socket, name, function)
    socket.getaddrinfo = getaddrinfo
    socket.gethostbyname = gethostbyname
    socket.gethostbyname_ex = gethostbyname_ex


@contextlib.contextmanager
def suspended() -> Iterator[None]:
    """Lift the jail (only for the live provider smoke tests, which need the real API)."""
    global _suspended
    _suspended += 1
    try:
        yield
    finally:
        _suspended -= 1
