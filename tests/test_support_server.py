import httpx

from support.local_http import LocalServer


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
