import asyncio
import socket

import httpx
import pytest

from support.local_http import LocalServer
from support.socks5 import Connect, Socks5Proxy


async def test_local_server_serves_and_records(server: LocalServer) -> None:
    server.respond("/hello", "hi", headers={"X-Test": "1"})
    async with httpx.AsyncClient() as client:
        response = await client.get(server.url("/hello"))
        missing = await client.get(server.url("/nope"))
    assert (response.status_code, response.text, response.headers["x-test"]) == (200, "hi", "1")
    assert missing.status_code == 404
    assert [r.path for r in server.requests] == ["/hello", "/nope"]


async def test_local_server_on_ipv6_loopback(server_v6: LocalServer) -> None:
    server_v6.respond_json("/j", {"a": 1})
    async with httpx.AsyncClient() as client:
        response = await client.get(server_v6.url("/j"))
    assert response.json() == {"a": 1}


async def test_refused_port_refuses_and_cannot_be_taken(refused_port: int) -> None:
    with pytest.raises(ConnectionRefusedError):
        await asyncio.open_connection("127.0.0.1", refused_port)
    # Held for the whole test: no server (another test's, say) can start listening there.
    with socket.socket() as other, pytest.raises(OSError, match="Address already in use"):
        other.bind(("127.0.0.1", refused_port))


async def _socks_connect(proxy: Socks5Proxy, request: bytes) -> bytes:
    """One raw SOCKS5 exchange: no-auth greeting, then ``request``; the CONNECT reply."""
    reader, writer = await asyncio.open_connection(proxy.host, proxy.port)
    try:
        writer.write(b"\x05\x01\x00" + request)
        assert await reader.readexactly(2) == b"\x05\x00"
        return await reader.readexactly(10)
    finally:
        writer.close()
        await writer.wait_closed()


def _connect_ipv4(address: str) -> bytes:
    return b"\x05\x01\x00\x01" + socket.inet_aton(address) + b"\x00\x50"  # port 80


@pytest.mark.parametrize(
    ("request_bytes", "refused"),
    [
        (_connect_ipv4("10.0.0.7"), "10.0.0.7"),
        (_connect_ipv4("169.254.169.254"), "169.254.169.254"),
        (b"\x05\x01\x00\x03\x0bexample.com\x00\x50", "example.com"),
    ],
)
async def test_socks_proxy_relays_to_loopback_only(
    socks_proxy: Socks5Proxy, request_bytes: bytes, refused: str
) -> None:
    # Whatever a client asks (an IP literal or a name it does not map), it never leaves loopback.
    reply = await _socks_connect(socks_proxy, request_bytes)
    assert reply[:2] == b"\x05\x02"  # connection not allowed by ruleset
    assert [(c.host, c.port) for c in socks_proxy.refused] == [(refused, 80)]


async def test_socks_proxy_relays_to_a_loopback_server(
    server: LocalServer, socks_proxy: Socks5Proxy
) -> None:
    server.respond("/hello", "hi")
    async with httpx.AsyncClient(proxy=socks_proxy.url) as client:
        response = await client.get(server.url("/hello"))
    assert response.text == "hi"
    assert socks_proxy.connects == [Connect("ipv4", "127.0.0.1", server.port)]
