"""A provider's own failure surfaces as WEB_PROVIDER_ERROR naming it; its WebErrors pass as-is."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from dsh.harness import HarnessError
from dsh.web import WEB_FETCH_TIMEOUT, WEB_PROVIDER_ERROR, WebError, WebRuntime
from support.local_http import LocalServer
from web.web_seam_stubs import Cap, Stub


class Raising(Stub):
    def __init__(self, provider_id: str, error: BaseException) -> None:
        super().__init__(provider_id)
        self.error = error

    async def search(self, request: Any, signal: Any = None) -> Any:
        raise self.error

    async def fetch(self, request: Any, signal: Any = None) -> Any:
        raise self.error


@pytest.mark.parametrize(
    ("error", "tail"),
    [
        (ValueError("unexpected JSON from the API."), "unexpected JSON from the API (ValueError)."),
        (KeyError("results"), "'results' (KeyError)."),
        (RuntimeError(), "RuntimeError."),
        (HarnessError("TOOL_X", "a harness error"), "a harness error (HarnessError)."),
    ],
)
async def test_a_foreign_exception_becomes_a_provider_error(
    cap: Cap, web: WebRuntime, error: Exception, tail: str
) -> None:
    cap.register(web, Raising("exa", error))
    with pytest.raises(WebError) as caught:
        await cap.call(web)
    wrapped = caught.value
    assert wrapped.code == WEB_PROVIDER_ERROR
    assert wrapped.message == f"The web {cap.name} provider 'exa' failed: {tail}"
    assert wrapped.details == {"provider": "exa", "exception": type(error).__name__}
    assert wrapped.__cause__ is error


async def test_a_huge_multi_line_message_is_quoted_as_one_bounded_line(
    cap: Cap, web: WebRuntime
) -> None:
    # The model reads this message: a provider that fails with a whole response body (or a big
    # object's repr) in its exception must not flood the model's context.
    error = RuntimeError("first line\nsecond line " + "x" * 200_000 + "\nEND")
    cap.register(web, Raising("p", error))
    with pytest.raises(WebError) as caught:
        await cap.call(web)
    message = caught.value.message
    assert message.startswith(f"The web {cap.name} provider 'p' failed: first line second line xx")
    assert message.endswith("x… (RuntimeError).")
    assert "\n" not in message
    assert "END" not in message
    assert len(message) < 400
    assert caught.value.__cause__ is error  # whole, for logs and --debug


class RaisingForStatus(Stub):
    """A third-party provider written the common way: a GET, then ``raise_for_status()``."""

    def __init__(self, provider_id: str, url: str) -> None:
        super().__init__(provider_id)
        self.url = url

    async def _get(self) -> Any:
        async with httpx.AsyncClient() as client:
            (await client.get(self.url)).raise_for_status()

    async def search(self, request: Any, signal: Any = None) -> Any:
        return await self._get()

    async def fetch(self, request: Any, signal: Any = None) -> Any:
        return await self._get()


async def test_a_quoted_url_shows_no_credentials(
    cap: Cap, web: WebRuntime, server: LocalServer
) -> None:
    # httpx quotes the whole URL (user, password, query) in a raise_for_status() error, on two
    # lines; the key in the query and the password must not reach the model.
    server.respond("/search", "denied", status=401)
    host = server.origin.removeprefix("http://")
    url = f"http://user:hunter2@{host}/search?q=cats&api_key=sk-live-123&X-Api-Key=k2"
    cap.register(web, RaisingForStatus("third", url))
    with pytest.raises(WebError) as caught:
        await cap.call(web)
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert caught.value.message == (
        f"The web {cap.name} provider 'third' failed: Client error '401 Unauthorized' for url "
        f"'http://***@{host}/search?q=cats&api_key=***&X-Api-Key=***' For more information "
        "check: https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/401 (HTTPStatusError)."
    )


async def test_a_web_error_passes_through_untouched(cap: Cap, web: WebRuntime) -> None:
    own = WebError(WEB_FETCH_TIMEOUT, "The fetch timed out after 30 s.", details={"s": 30})
    cap.register(web, Raising("http", own))
    with pytest.raises(WebError) as caught:
        await cap.call(web)
    assert caught.value is own
    assert caught.value.__cause__ is None


async def test_a_provider_specific_code_passes_through(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, Raising("x", WebError("WEB_PROVIDER_CREDENTIAL_MISSING", "no key")))
    with pytest.raises(WebError) as caught:
        await cap.call(web)
    assert caught.value.code == "WEB_PROVIDER_CREDENTIAL_MISSING"


async def test_a_provider_whose_method_is_not_async_is_wrapped(cap: Cap, web: WebRuntime) -> None:
    class Sync(Stub):
        def search(self, request: Any, signal: Any = None) -> Any:
            raise OSError("raised before any awaitable existed")

        fetch = search

    cap.register(web, Sync("sync"))
    with pytest.raises(WebError) as caught:
        await cap.call(web)
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert isinstance(caught.value.__cause__, OSError)


class Fatal(BaseException):
    """Not an Exception: like GeneratorExit or a framework's own control flow."""


async def test_base_exceptions_are_not_wrapped(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, Raising("p", Fatal()))
    with pytest.raises(Fatal):
        await cap.call(web)
