"""A provider's own failure surfaces as WEB_PROVIDER_ERROR naming it; its WebErrors pass as-is."""

from __future__ import annotations

from typing import Any

import pytest
from web_seam_stubs import Cap, Stub

from dsh.harness import HarnessError
from dsh.web import WEB_FETCH_TIMEOUT, WEB_PROVIDER_ERROR, WebError, WebRuntime


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
        def search(self, request: Any, signal: Any = None) -> Any:  # type: ignore[override]
            raise OSError("raised before any awaitable existed")

        fetch = search  # type: ignore[assignment]

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
