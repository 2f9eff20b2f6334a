"""Selection is never order-dependent: random registration (and disposal) orders, availability
patterns and configured ids, checked against a model of the table in SPEC §2."""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from dsh.web import (
    WEB_PROVIDER_AMBIGUOUS,
    WEB_PROVIDER_CONFIGURED_MISSING,
    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
    WEB_PROVIDER_UNAVAILABLE,
    WebError,
    WebRuntime,
)
from web.web_seam_stubs import FETCH, SEARCH, Cap, Stub

IDS = ["exa", "perplexity", "deepseek-official", "deepseek-api", "http"]
# A configured value: a known id, an unknown one, or blank (which means "not configured").
CONFIGURED = st.none() | st.sampled_from([*IDS, "ghost", "", "  "])


@dataclass(frozen=True)
class Case:
    cap: Cap
    available: dict[str, bool]  # every provider ever registered, and whether it is available
    register_order: list[str]
    dispose_order: list[str]  # registered, then disposed again
    config: str | None
    env: str | None


@st.composite
def cases(draw: st.DrawFn) -> Case:
    registered = draw(st.lists(st.sampled_from(IDS), unique=True, max_size=len(IDS)))
    available = {pid: draw(st.booleans()) for pid in registered}
    order = draw(st.permutations(registered))
    disposed = draw(st.lists(st.sampled_from(registered), unique=True)) if registered else []
    return Case(
        cap=draw(st.sampled_from([SEARCH, FETCH])),
        available=available,
        register_order=list(order),
        dispose_order=draw(st.permutations(disposed)) if disposed else [],
        config=draw(CONFIGURED),
        env=draw(CONFIGURED),
    )


def model(case: Case) -> tuple[str, object]:
    """The table, written down as directly as possible: ("run", id) or (code, candidates)."""
    live = {pid: ok for pid, ok in case.available.items() if pid not in case.dispose_order}
    wanted = next((v.strip() for v in (case.config, case.env) if v and v.strip()), None)
    if wanted is not None:
        if wanted not in live:
            return (WEB_PROVIDER_CONFIGURED_MISSING, wanted)
        if not live[wanted]:
            return (WEB_PROVIDER_CONFIGURED_UNAVAILABLE, wanted)
        return ("run", wanted)
    usable = sorted(pid for pid, ok in live.items() if ok)
    if len(usable) == 1:
        return ("run", usable[0])
    if not usable:
        return (WEB_PROVIDER_UNAVAILABLE, None)
    return (WEB_PROVIDER_AMBIGUOUS, usable)


async def observe(case: Case, register_order: list[str]) -> tuple[tuple[str, object], bool]:
    web = WebRuntime(**{case.cap.setting: case.config})
    stubs = {pid: Stub(pid, usable=case.available[pid]) for pid in register_order}
    disposers = {pid: case.cap.register(web, stubs[pid]) for pid in register_order}
    for pid in case.dispose_order:
        disposers[pid]()
    ready = await case.cap.ready(web)
    failure: WebError | None = None
    served = ""
    try:
        served = await case.cap.call(web)
    except WebError as error:
        failure = error
    if failure is not None:
        detail = {
            WEB_PROVIDER_CONFIGURED_MISSING: failure.details.get("provider"),
            WEB_PROVIDER_CONFIGURED_UNAVAILABLE: failure.details.get("provider"),
            WEB_PROVIDER_UNAVAILABLE: None,
            WEB_PROVIDER_AMBIGUOUS: failure.details.get("candidates"),
        }[failure.code]
        named = [detail] if isinstance(detail, str) else list(detail or [])
        assert all(repr(pid) in failure.message for pid in named)  # the message names the ids
        assert all(not s.calls for s in stubs.values())  # a failed selection runs nobody
        return (failure.code, detail), ready
    assert [pid for pid, s in stubs.items() if s.calls] == [served]  # exactly one ran
    return ("run", served), ready


@settings(max_examples=300, deadline=None)
@given(case=cases())
def test_selection_matches_the_table_in_any_order(case: Case) -> None:
    env = {case.cap.env: case.env} if case.env is not None else {}
    with mock.patch.dict(os.environ, env):
        if case.env is None:
            os.environ.pop(case.cap.env, None)
        expected = model(case)
        for order in (case.register_order, sorted(case.register_order), case.register_order[::-1]):
            outcome, ready = asyncio.run(observe(case, order))
            assert outcome == expected, order
            assert ready is True  # stubs have no ready(): ready whether or not selection works
