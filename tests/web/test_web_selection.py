"""Every row of the selection table (SPEC §2), for search and for fetch, plus where the id comes
from (config, environment) and when it is read (at every call)."""

from __future__ import annotations

import pytest

from dsh.web import (
    WEB_PROVIDER_AMBIGUOUS,
    WEB_PROVIDER_CONFIGURED_MISSING,
    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
    WEB_PROVIDER_UNAVAILABLE,
    WebError,
    WebRuntime,
    describe_selection,
)
from web.web_seam_stubs import FETCH, SEARCH, Cap, Stub


async def failure(cap: Cap, web: WebRuntime) -> WebError:
    with pytest.raises(WebError) as caught:
        await cap.call(web)
    return caught.value


# -- the six rows -----------------------------------------------------------------------------
async def test_configured_registered_available_runs_it(cap: Cap) -> None:
    web = WebRuntime(**{cap.setting: "b"})
    a, b = Stub("a"), Stub("b")
    cap.register(web, a)
    cap.register(web, b)
    assert await cap.call(web) == "b"
    assert len(b.calls) == 1
    assert a.calls == []


async def test_configured_not_registered(cap: Cap) -> None:
    web = WebRuntime(**{cap.setting: "ghost"})
    cap.register(web, Stub("a"))
    cap.register(web, Stub("b", usable=False))
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_CONFIGURED_MISSING
    assert error.message == (
        f"The web {cap.name} provider 'ghost' chosen by the dsh-web `{cap.setting}` setting is "
        f"not registered (registered {cap.name} providers: 'a', 'b'). Load the plugin that "
        f"provides 'ghost', or choose a registered provider with the dsh-web `{cap.setting}` "
        f"setting or the {cap.env} environment variable."
    )
    assert error.details == {"capability": cap.name, "provider": "ghost", "registered": ["a", "b"]}


async def test_configured_registered_but_unavailable(cap: Cap) -> None:
    web = WebRuntime(**{cap.setting: "a"})
    a = Stub("a", usable=False)
    cap.register(web, a)
    cap.register(web, Stub("b"))
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_CONFIGURED_UNAVAILABLE
    assert error.message == (
        f"The web {cap.name} provider 'a' chosen by the dsh-web `{cap.setting}` setting is "
        "registered but not available: it lacks something it needs, such as its API key. Give "
        f"it what it needs, or choose another provider with the dsh-web `{cap.setting}` setting "
        f"or the {cap.env} environment variable. Available instead: 'b'."
    )
    assert error.details["available"] == ["b"]
    assert a.calls == []


async def test_configured_unavailable_without_alternatives_says_nothing_about_them(
    cap: Cap, web: WebRuntime
) -> None:
    cap.configure(web, "a")
    cap.register(web, Stub("a", usable=False))
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_CONFIGURED_UNAVAILABLE
    assert "Available instead" not in error.message


async def test_no_id_exactly_one_available_runs_it(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, Stub("off-1", usable=False))
    cap.register(web, Stub("on"))
    cap.register(web, Stub("off-2", usable=False))
    assert await cap.call(web) == "on"


async def test_no_id_none_registered(cap: Cap, web: WebRuntime) -> None:
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_UNAVAILABLE
    assert error.message == (
        f"No web {cap.name} provider is available: none is registered. "
        f"Load a web {cap.name} provider plugin."
    )


async def test_no_id_none_available(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, Stub("b", usable=False))
    cap.register(web, Stub("a", usable=False))
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_UNAVAILABLE
    assert error.message == (
        f"No web {cap.name} provider is available: 'a', 'b' are registered but not available "
        "(a provider is unavailable when it lacks something it needs, such as its API key). "
        "Give one of them what it needs."
    )


async def test_no_id_the_only_one_unavailable(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, Stub("exa", usable=False))
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_UNAVAILABLE
    assert error.message == (
        f"No web {cap.name} provider is available: 'exa' is registered but not available "
        "(a provider is unavailable when it lacks something it needs, such as its API key). "
        "Give it what it needs."
    )


async def test_no_id_several_available_is_ambiguous_never_first_wins(
    cap: Cap, web: WebRuntime
) -> None:
    for provider_id in ("zeta", "alpha", "mid"):
        cap.register(web, Stub(provider_id))
    cap.register(web, Stub("off", usable=False))
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_AMBIGUOUS
    assert error.message == (
        f"Several web {cap.name} providers are available ('alpha', 'mid', 'zeta') and none is "
        f"chosen. Choose one with the dsh-web `{cap.setting}` setting or the {cap.env} "
        "environment variable."
    )
    assert error.details["candidates"] == ["alpha", "mid", "zeta"]


# -- where the id comes from ------------------------------------------------------------------
async def test_environment_variable_picks_when_nothing_is_configured(
    cap: Cap, web: WebRuntime, monkeypatch: pytest.MonkeyPatch
) -> None:
    cap.register(web, Stub("a"))
    cap.register(web, Stub("b"))
    monkeypatch.setenv(cap.env, "b")
    assert await cap.call(web) == "b"


async def test_environment_variable_is_reported_as_the_origin(
    cap: Cap, web: WebRuntime, monkeypatch: pytest.MonkeyPatch
) -> None:
    cap.register(web, Stub("a"))
    monkeypatch.setenv(cap.env, "ghost")
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_CONFIGURED_MISSING
    assert error.message.startswith(
        f"The web {cap.name} provider 'ghost' chosen by the {cap.env} environment variable is "
        "not registered"
    )


async def test_a_long_chosen_id_is_quoted_bounded(
    cap: Cap, web: WebRuntime, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The variable is the operator's text (a pasted blob, say); the model reads the error.
    cap.register(web, Stub("a"))
    monkeypatch.setenv(cap.env, "ghost " + "x" * 5000)
    error = await failure(cap, web)
    assert error.code == WEB_PROVIDER_CONFIGURED_MISSING
    assert error.message.startswith(f"The web {cap.name} provider 'ghost xxx")
    assert len(error.message) < 500, len(error.message)


async def test_config_wins_over_the_environment(cap: Cap, monkeypatch: pytest.MonkeyPatch) -> None:
    web = WebRuntime(**{cap.setting: "a"})
    cap.register(web, Stub("a"))
    cap.register(web, Stub("b"))
    monkeypatch.setenv(cap.env, "b")
    assert await cap.call(web) == "a"


@pytest.mark.parametrize("blank", ["", "   "])
async def test_blank_config_or_environment_means_unset(
    cap: Cap, blank: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    web = WebRuntime(**{cap.setting: blank})
    cap.register(web, Stub("only"))
    monkeypatch.setenv(cap.env, blank)
    assert await cap.call(web) == "only"


async def test_surrounding_whitespace_in_an_id_is_ignored(
    cap: Cap, monkeypatch: pytest.MonkeyPatch, web: WebRuntime
) -> None:
    cap.register(web, Stub("a"))
    cap.register(web, Stub("b"))
    monkeypatch.setenv(cap.env, " b\n")
    assert await cap.call(web) == "b"


async def test_search_and_fetch_select_independently(monkeypatch: pytest.MonkeyPatch) -> None:
    web = WebRuntime(search_provider="s2")
    web.register_search_provider(Stub("s1"))
    web.register_search_provider(Stub("s2"))
    web.register_fetch_provider(Stub("s1"))  # the same id in the other capability is fine
    monkeypatch.setenv(SEARCH.env, "s1")  # config wins for search; fetch ignores this variable
    assert await SEARCH.call(web) == "s2"
    assert await FETCH.call(web) == "s1"


# -- when it is read: at every call ----------------------------------------------------------
async def test_a_settings_change_applies_to_the_next_call(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, Stub("a"))
    cap.register(web, Stub("b"))
    cap.configure(web, "a")
    assert await cap.call(web) == "a"
    cap.configure(web, "b")
    assert await cap.call(web) == "b"
    cap.configure(web, None)
    assert (await failure(cap, web)).code == WEB_PROVIDER_AMBIGUOUS


async def test_an_environment_change_applies_to_the_next_call(
    cap: Cap, web: WebRuntime, monkeypatch: pytest.MonkeyPatch
) -> None:
    cap.register(web, Stub("a"))
    cap.register(web, Stub("b"))
    monkeypatch.setenv(cap.env, "a")
    assert await cap.call(web) == "a"
    monkeypatch.setenv(cap.env, "b")
    assert await cap.call(web) == "b"
    monkeypatch.delenv(cap.env)
    assert (await failure(cap, web)).code == WEB_PROVIDER_AMBIGUOUS


async def test_availability_is_read_at_every_call(cap: Cap, web: WebRuntime) -> None:
    a, b = Stub("a"), Stub("b", usable=False)
    cap.register(web, a)
    cap.register(web, b)
    assert await cap.call(web) == "a"
    a.usable, b.usable = False, True  # e.g. a key moved from one provider to the other
    assert await cap.call(web) == "b"
    a.usable = True
    assert (await failure(cap, web)).code == WEB_PROVIDER_AMBIGUOUS


async def test_a_provider_registered_later_is_used_by_the_next_call(
    cap: Cap, web: WebRuntime
) -> None:
    assert (await failure(cap, web)).code == WEB_PROVIDER_UNAVAILABLE
    cap.register(web, Stub("late"))
    assert await cap.call(web) == "late"


async def test_an_available_check_that_raises_counts_as_unavailable(
    cap: Cap, web: WebRuntime, caplog: pytest.LogCaptureFixture
) -> None:
    class Broken(Stub):
        def available(self) -> bool:
            raise RuntimeError("config file unreadable")

    cap.register(web, Broken("broken"))
    cap.register(web, Stub("ok"))
    assert await cap.call(web) == "ok"
    assert "available() of web provider 'broken' raised" in caplog.text


# -- the operator's view ----------------------------------------------------------------------
def test_describe_selection_reports_the_pick_or_the_reason() -> None:
    web = WebRuntime()
    web.register_search_provider(Stub("exa"))
    web.register_search_provider(Stub("perplexity"))
    web.register_fetch_provider(Stub("http"))
    described = describe_selection(web)
    assert described["fetch"] == "http"
    assert described["search"].startswith("WEB_PROVIDER_AMBIGUOUS: Several web search providers")
    web.search_provider = "exa"
    assert describe_selection(web) == {"search": "exa", "fetch": "http"}


def test_operator_queries(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, Stub("b"))
    cap.register(web, Stub("a", usable=False))
    assert cap.ids(web) == ["a", "b"]
    assert cap.selected(web) == "b"
    assert f"{cap.name}=['a', 'b']" in repr(web)
    cap.configure(web, "a")
    with pytest.raises(WebError) as caught:
        cap.selected(web)
    assert caught.value.code == WEB_PROVIDER_CONFIGURED_UNAVAILABLE
