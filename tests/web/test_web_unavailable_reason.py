"""The optional ``unavailable_reason()`` hook: selection errors say what each provider lacks."""

from __future__ import annotations

import pytest

from dsh.web import (
    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
    WEB_PROVIDER_UNAVAILABLE,
    UnavailableReason,
    WebError,
    WebRuntime,
)
from support.quoting import LOUD_TEXT, assert_quoted
from web.web_seam_stubs import Cap, ExplainedStub, Stub


async def failure(cap: Cap, web: WebRuntime) -> WebError:
    with pytest.raises(WebError) as caught:
        await cap.call(web)
    return caught.value


def test_the_hook_is_a_runtime_checkable_protocol() -> None:
    assert isinstance(ExplainedStub("a", "x"), UnavailableReason)
    assert not isinstance(Stub("a"), UnavailableReason)


async def test_none_available_names_what_each_lacks(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, ExplainedStub("perplexity", "PERPLEXITY_API_KEY is not set"))
    cap.register(web, ExplainedStub("exa", "EXA_API_KEY is not set."))
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_UNAVAILABLE
    assert error.message == (
        f"No web {cap.name} provider is available: 'exa', 'perplexity' are registered but not "
        "available (exa: EXA_API_KEY is not set; perplexity: PERPLEXITY_API_KEY is not set). "
        "Give one of them what it needs."
    )
    assert error.details["reasons"] == {
        "exa": "EXA_API_KEY is not set",
        "perplexity": "PERPLEXITY_API_KEY is not set",
    }


async def test_a_provider_without_a_reason_gets_the_generic_one(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, ExplainedStub("exa", "EXA_API_KEY is not set"))
    cap.register(web, Stub("plain", usable=False))
    cap.register(web, ExplainedStub("silent", None))
    error = await failure(cap, web)
    assert error.message == (
        f"No web {cap.name} provider is available: 'exa', 'plain', 'silent' are registered but "
        "not available (exa: EXA_API_KEY is not set; plain: it lacks something it needs, such "
        "as its API key; silent: it lacks something it needs, such as its API key). Give one "
        "of them what it needs."
    )


async def test_configured_unavailable_says_what_it_lacks(cap: Cap, web: WebRuntime) -> None:
    cap.configure(web, "exa")
    cap.register(
        web, ExplainedStub("exa", "EXA_BASE_URL is not a usable base URL (https is required)")
    )
    cap.register(web, Stub("b"))
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_CONFIGURED_UNAVAILABLE
    assert error.message == (
        f"The web {cap.name} provider 'exa' chosen by the dsh-web `{cap.setting}` setting is "
        "registered but not available: EXA_BASE_URL is not a usable base URL (https is "
        "required). Give it what it needs, or choose another provider with the dsh-web "
        f"`{cap.setting}` setting or the {cap.env} environment variable. Available instead: 'b'."
    )
    assert error.details["reasons"] == {
        "exa": "EXA_BASE_URL is not a usable base URL (https is required)"
    }


@pytest.mark.parametrize("reason", [RuntimeError("boom"), "   ", 42])
async def test_a_broken_or_empty_reason_is_ignored(
    cap: Cap, web: WebRuntime, reason: object
) -> None:
    cap.register(web, ExplainedStub("exa", reason))  # type: ignore[arg-type]
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_UNAVAILABLE
    assert "such as its API key" in error.message
    assert "boom" not in error.message
    assert "reasons" not in error.details


async def test_a_long_reason_is_cut(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, ExplainedStub("exa", "x" * 1000))
    error = await failure(cap, web)
    assert "x" * 199 + "…" in error.message
    assert "x" * 200 not in error.message


async def test_a_reason_is_masked_on_one_bounded_line(cap: Cap, web: WebRuntime) -> None:
    # A provider may explain with the URL it could not use, proxy password and token included.
    cap.register(web, ExplainedStub("exa", LOUD_TEXT))
    error = await failure(cap, web)
    assert_quoted(error.details["reasons"]["exa"], "", limit=200)
    assert error.details["reasons"]["exa"] in error.message
    assert "\n" not in error.message


async def test_the_reason_of_an_available_provider_is_never_asked(
    cap: Cap, web: WebRuntime
) -> None:
    class Asked(Stub):
        def unavailable_reason(self) -> str | None:
            raise AssertionError("asked an available provider")

    cap.register(web, Asked("on"))
    assert await cap.call(web) == "on"
