"""`search_ready` / `fetch_ready`: only the provider that would be selected is asked."""

from __future__ import annotations

import pytest

from dsh.web import WebRuntime
from web.web_seam_stubs import Cap, ReadyStub, Stub


async def test_only_the_selected_provider_is_asked(cap: Cap, web: WebRuntime) -> None:
    chosen = ReadyStub("chosen", ready=True)
    other = ReadyStub("other", ready=False)
    idle = ReadyStub("idle", ready=False, usable=False)
    for provider in (chosen, other, idle):
        cap.register(web, provider)
    cap.configure(web, "chosen")
    assert await cap.ready(web, "deepseek") is True
    assert chosen.ready_calls == ["deepseek"]
    assert other.ready_calls == []
    assert idle.ready_calls == []
    cap.configure(web, "other")
    assert await cap.ready(web) is False
    assert other.ready_calls == [None]


async def test_the_answer_follows_the_route(cap: Cap, web: WebRuntime) -> None:
    class PerRoute(Stub):
        async def ready(self, llm_provider: str | None) -> bool:
            return llm_provider == "deepseek"

    cap.register(web, PerRoute("p"))
    assert await cap.ready(web, "deepseek") is True
    assert await cap.ready(web, "openai") is False
    assert await cap.ready(web) is False


async def test_a_provider_without_ready_is_ready(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, Stub("plain"))
    assert await cap.ready(web, "anything") is True


@pytest.mark.parametrize(
    "setup",
    ["none registered", "none available", "ambiguous", "configured missing", "configured off"],
)
async def test_a_selection_failure_answers_ready(cap: Cap, web: WebRuntime, setup: str) -> None:
    # The operation itself reports the failure as a WebError, so the tool stays visible.
    not_ready = ReadyStub("a", ready=False, usable=setup != "none available")
    if setup != "none registered":
        cap.register(web, not_ready)
    if setup == "ambiguous":
        cap.register(web, ReadyStub("b", ready=False))
    if setup == "configured missing":
        cap.configure(web, "ghost")
    if setup == "configured off":
        not_ready.usable = False
        cap.configure(web, "a")
    assert await cap.ready(web, "deepseek") is True
    assert not_ready.ready_calls == []


async def test_readiness_follows_selection_at_call_time(
    cap: Cap, web: WebRuntime, monkeypatch: pytest.MonkeyPatch
) -> None:
    cap.register(web, ReadyStub("yes", ready=True))
    cap.register(web, ReadyStub("no", ready=False))
    monkeypatch.setenv(cap.env, "no")
    assert await cap.ready(web) is False
    monkeypatch.setenv(cap.env, "yes")
    assert await cap.ready(web) is True


async def test_a_ready_check_that_raises_counts_as_ready(
    cap: Cap, web: WebRuntime, caplog: pytest.LogCaptureFixture
) -> None:
    class Broken(Stub):
        async def ready(self, llm_provider: str | None) -> bool:
            raise RuntimeError("bad credential store")

    cap.register(web, Broken("broken"))
    assert await cap.ready(web) is True
    assert "ready() of web provider 'broken' raised" in caplog.text


async def test_a_synchronous_ready_is_accepted(cap: Cap, web: WebRuntime) -> None:
    class Sync(Stub):
        def ready(self, llm_provider: str | None) -> bool:
            return False

    cap.register(web, Sync("sync"))
    assert await cap.ready(web) is False
