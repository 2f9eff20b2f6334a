"""Registration: duplicates, disposers, plugin scopes, and a provider disposed mid-call."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

import dsh.web.plugin
from dsh.harness import Context
from dsh.web import (
    WEB_DUPLICATE_PROVIDER,
    WEB_PROVIDER_ERROR,
    WEB_PROVIDER_UNAVAILABLE,
    WebError,
    WebRuntime,
    web_of,
)
from web.web_seam_stubs import Blocking, Cap, Stub


def test_a_duplicate_id_raises_at_once(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, Stub("exa"))
    with pytest.raises(WebError) as caught:
        cap.register(web, Stub("exa"))
    assert caught.value.code == WEB_DUPLICATE_PROVIDER
    assert caught.value.message == (
        f"A web {cap.name} provider with id 'exa' is already registered. Each id is registered "
        "once per capability: unload the plugin that registered it first, or give the new "
        "provider another id."
    )
    assert caught.value.details == {"capability": cap.name, "provider": "exa"}
    assert cap.ids(web) == ["exa"]  # the failed registration left nothing behind


def test_a_duplicate_names_both_plugins(web: WebRuntime) -> None:
    ctx = Context()
    ctx.provide("web", web)

    def registering(provider_id: str) -> SimpleNamespace:
        def apply(ctx: Context, config: object) -> None:
            ctx.effect(web_of(ctx).register_search_provider(Stub(provider_id)))

        return SimpleNamespace(name="stub-plugin", apply=apply)

    ctx.plugin(registering("exa"), plugin_id="first")
    with pytest.raises(WebError) as caught:
        ctx.plugin(registering("exa"), plugin_id="second")
    assert caught.value.code == WEB_DUPLICATE_PROVIDER
    assert caught.value.message.startswith(
        "A web search provider with id 'exa' is already registered by plugin 'first'. "
        "Plugin 'second' tried to register it again. Each id is registered once"
    )
    assert caught.value.details == {
        "capability": "search",
        "provider": "exa",
        "registered_by": "first",
        "plugin": "second",
    }
    assert web.search_provider_ids() == ["exa"]


def test_search_and_fetch_ids_are_separate(web: WebRuntime) -> None:
    both = Stub("same")
    web.register_search_provider(both)
    web.register_fetch_provider(both)
    assert web.search_provider_ids() == ["same"]
    assert web.fetch_provider_ids() == ["same"]


@pytest.mark.parametrize(
    ("provider", "expected"),
    [
        (SimpleNamespace(id="", available=lambda: True), "its `id` must be a non-empty string"),
        (SimpleNamespace(id=3, available=lambda: True), "got 3"),
        (SimpleNamespace(available=lambda: True), "got None"),
        (SimpleNamespace(id="x", search=None, fetch=None), "it has no `available()` method"),
    ],
)
def test_a_malformed_provider_is_refused_at_registration(
    cap: Cap, web: WebRuntime, provider: Any, expected: str
) -> None:
    with pytest.raises(WebError) as caught:
        cap.register(web, provider)
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert expected in caught.value.message
    assert cap.ids(web) == []


def test_a_provider_of_the_other_capability_is_refused(web: WebRuntime) -> None:
    class SearchOnly:
        id = "s"

        def available(self) -> bool:
            return True

        async def search(self, request: object, signal: object = None) -> object:
            raise AssertionError

    with pytest.raises(WebError) as caught:
        web.register_fetch_provider(SearchOnly())  # type: ignore[arg-type]
    assert (
        caught.value.message
        == "Cannot register 's' as a web fetch provider: it has no `fetch()` method."
    )


async def test_the_disposer_unregisters_and_is_idempotent(cap: Cap, web: WebRuntime) -> None:
    dispose = cap.register(web, Stub("a"))
    cap.register(web, Stub("b", usable=False))
    assert await cap.call(web) == "a"
    dispose()
    dispose()
    assert cap.ids(web) == ["b"]
    with pytest.raises(WebError) as caught:
        await cap.call(web)
    assert caught.value.code == WEB_PROVIDER_UNAVAILABLE


def test_a_stale_disposer_never_removes_a_later_registration(cap: Cap, web: WebRuntime) -> None:
    provider = Stub("a")
    first = cap.register(web, provider)
    first()
    second = cap.register(web, provider)  # the same object again: a new registration
    first()
    assert cap.ids(web) == ["a"]
    second()
    assert cap.ids(web) == []


async def test_disposing_a_plugin_scope_unregisters_its_providers(cap: Cap) -> None:
    ctx = Context()
    ctx.plugin(dsh.web.plugin, {})

    def apply(plugin_ctx: Context, _config: None) -> None:
        web = web_of(plugin_ctx)
        plugin_ctx.effect(cap.register(web, Stub("one")))
        plugin_ctx.effect(cap.register(web, Stub("two", usable=False)))

    provider_plugin = SimpleNamespace(name="stub-provider", inject=("web",), apply=apply)
    loaded = ctx.plugin(provider_plugin)
    web = web_of(ctx)
    assert cap.ids(web) == ["one", "two"]
    assert await cap.call(web) == "one"
    await loaded.dispose()
    assert cap.ids(web) == []
    with pytest.raises(WebError) as caught:
        await cap.call(web)
    assert caught.value.code == WEB_PROVIDER_UNAVAILABLE
    # Loading it again works: nothing stale is left in the registry.
    ctx.plugin(provider_plugin)
    assert await cap.call(web) == "one"
    await ctx.dispose()
    assert not ctx.has("web")


async def test_a_provider_disposed_mid_call_fails_that_call_and_the_next_re_resolves(
    cap: Cap, web: WebRuntime
) -> None:
    slow = Blocking("slow")
    dispose = cap.register(web, slow)
    call = asyncio.create_task(cap.call(web))
    await slow.started.wait()
    dispose()
    with pytest.raises(WebError) as caught:
        await call
    error = caught.value
    assert error.code == WEB_PROVIDER_UNAVAILABLE
    assert error.message == (
        f"The web {cap.name} provider 'slow' was unloaded while the {cap.name} was running. "
        f"Try again: the next {cap.name} selects a provider again."
    )
    assert error.details["unregistered"] is True
    assert slow.cancelled
    assert slow.exited
    assert cap.ids(web) == []
    cap.register(web, Stub("fresh"))
    assert await cap.call(web) == "fresh"


async def test_disposing_another_provider_mid_call_does_not_disturb_the_call(
    cap: Cap, web: WebRuntime
) -> None:
    cap.configure(web, "slow")
    slow = Blocking("slow")
    cap.register(web, slow)
    dispose_other = cap.register(web, Stub("other"))
    call = asyncio.create_task(cap.call(web))
    await slow.started.wait()
    dispose_other()
    slow.release.set()
    assert await call == "slow"
    assert cap.ids(web) == ["slow"]
