"""Redirects: followed by hand, same origin only, every hop re-checked, at most N hops."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import threading
from collections.abc import Sequence

import httpx
import pytest

from dsh.providers.fetch_http._guard import IPAddress
from dsh.web import (
    WEB_BLOCKED_URL,
    WEB_INVALID_URL,
    WEB_PROVIDER_ERROR,
    WEB_REDIRECT_BLOCKED,
    TextBody,
    WebFetchRequest,
)
from fetch_http.fetch_support import MakeFetcher, assert_nothing_left, expect_error
from support.local_http import Handler, LocalServer, Request, write_head


def redirect(server: LocalServer, path: str, location: str | None, status: int = 302) -> None:
    headers = {} if location is None else {"Location": location}
    server.respond(path, b"", status=status, headers=headers, content_type=None)


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
async def test_same_origin_redirect_is_followed(
    server: LocalServer, make_fetcher: MakeFetcher, status: int
) -> None:
    redirect(server, "/old", server.url("/new"), status)
    server.respond("/new", "arrived")
    fetcher = make_fetcher()
    result = await fetcher.fetch(WebFetchRequest(server.url("/old")))
    assert (result.url, result.status_code, result.body) == (
        server.url("/new"),
        200,
        TextBody("arrived"),
    )
    assert [r.method for r in server.requests] == ["GET", "GET"]
    await assert_nothing_left(fetcher, server)


async def test_relative_locations_resolve_against_the_current_url(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    redirect(server, "/a/b", "../c?x=1")
    redirect(server, "/c", "/d#part")
    server.respond("/d", "done")
    fetcher = make_fetcher()
    result = await fetcher.fetch(WebFetchRequest(server.url("/a/b")))
    assert result.url == server.url("/d#part")
    assert [r.target for r in server.requests] == ["/a/b", "/c?x=1", "/d"]


async def test_cross_origin_redirect_names_the_target(
    server: LocalServer, server_v6: LocalServer, make_fetcher: MakeFetcher
) -> None:
    target = server_v6.url("/elsewhere")
    redirect(server, "/go", target)
    server_v6.respond("/elsewhere", "must not be fetched")
    fetcher = make_fetcher()
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/go"))), WEB_REDIRECT_BLOCKED
    )
    assert error.message == (
        f"Redirect to a different origin blocked: {server.url('/go')} redirected to {target}. "
        f"To follow it, fetch {target} directly."
    )
    assert error.details["location"] == target
    assert server_v6.requests == []
    # The model's follow-up call, to the target itself, works.
    result = await fetcher.fetch(WebFetchRequest(target))
    assert result.body == TextBody("must not be fetched")
    await assert_nothing_left(fetcher, server, server_v6)


async def test_other_port_or_scheme_is_another_origin(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    other_port = f"http://127.0.0.1:{server.port + 1 if server.port < 65535 else 1}/x"
    https = server.url("/x").replace("http://", "https://")
    redirect(server, "/port", other_port)
    redirect(server, "/scheme", https)
    fetcher = make_fetcher()
    for path in ("/port", "/scheme"):
        await expect_error(fetcher.fetch(WebFetchRequest(server.url(path))), WEB_REDIRECT_BLOCKED)
    assert len(server.requests) == 2


async def test_hop_cap(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    for hop in range(6):
        redirect(server, f"/r{hop}", f"/r{hop + 1}")
    server.respond("/r6", "end")
    fetcher = make_fetcher(max_redirects=5)
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/r0"))), WEB_REDIRECT_BLOCKED
    )
    assert error.message == (
        f"Redirect blocked: stopped after 5 redirects (max_redirects); {server.url('/r5')} "
        f"redirected to {server.url('/r6')}. To follow it, fetch {server.url('/r6')} directly."
    )
    assert len(server.requests) == 6
    # Exactly five hops are allowed.
    result = await fetcher.fetch(WebFetchRequest(server.url("/r1")))
    assert result.body == TextBody("end")
    await assert_nothing_left(fetcher, server)


async def test_a_redirect_loop_is_not_passed_on_as_a_url_to_fetch(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # The hop cap's "To follow it, fetch X directly" would send the model round the same loop
    # in new calls: a target this fetch already requested is named as a loop instead.
    redirect(server, "/self", "/self")
    redirect(server, "/a", "/b")
    redirect(server, "/b", "/a")
    fetcher = make_fetcher(max_redirects=5)
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/self"))), WEB_REDIRECT_BLOCKED
    )
    assert error.message == (
        f"Redirect blocked: {server.url('/self')} redirected to {server.url('/self')}, which "
        "this fetch had already requested: a redirect loop, so fetching it again would loop "
        "the same way."
    )
    assert len(server.requests) == 1
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/a"))), WEB_REDIRECT_BLOCKED
    )
    assert error.message == (
        f"Redirect blocked: {server.url('/b')} redirected to {server.url('/a')}, which "
        "this fetch had already requested: a redirect loop, so fetching it again would loop "
        "the same way."
    )
    assert len(server.requests) == 3
    await assert_nothing_left(fetcher, server)


async def test_zero_hops_follows_nothing(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    redirect(server, "/old", "/new")
    server.respond("/new", "new")
    fetcher = make_fetcher(max_redirects=0)
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/old"))), WEB_REDIRECT_BLOCKED
    )
    assert error.message == (
        f"Redirect blocked: redirects are not followed (max_redirects is 0); "
        f"{server.url('/old')} redirected to {server.url('/new')}. "
        f"To follow it, fetch {server.url('/new')} directly."
    )
    assert len(server.requests) == 1


async def test_redirect_without_location_is_a_provider_error(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    redirect(server, "/nowhere", None, 301)
    fetcher = make_fetcher()
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/nowhere"))), WEB_PROVIDER_ERROR
    )
    assert error.message == (
        f"{server.url('/nowhere')} answered HTTP 301 (a redirect) without a Location header, "
        "so there is nowhere to go."
    )
    await assert_nothing_left(fetcher, server)


async def test_credentials_in_location_are_blocked(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    with_credentials = server.url("/next").replace("http://", "http://admin:hunter2@")
    redirect(server, "/creds", with_credentials)
    fetcher = make_fetcher()
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/creds"))), WEB_BLOCKED_URL
    )
    assert "hunter2" not in error.message
    assert error.message == (
        f"{server.url('/creds')} redirected to a URL with credentials (user:password@host), "
        f"{server.url('/next')}, which is never followed: the fetcher is anonymous."
    )
    assert "hunter2" not in str(error.details)
    assert len(server.requests) == 1


@pytest.mark.parametrize(
    ("location", "shown", "reason"),
    [
        ("http://169.254.169.254/latest/meta-data/", "169.254.169.254", "cloud metadata"),
        ("https://10.0.0.7/admin", "10.0.0.7", "private"),
        ("http://metadata.google.internal/", "metadata.google.internal", "cloud metadata"),
    ],
)
async def test_a_blocked_cross_origin_target_is_not_suggested(
    server: LocalServer, make_fetcher: MakeFetcher, location: str, shown: str, reason: str
) -> None:
    # The target is only named in a Location header: nothing ever connects to it (and the
    # fixture's resolver and connector refuse everything off loopback anyway).
    redirect(server, "/meta", location)
    fetcher = make_fetcher()
    error = await expect_error(fetcher.fetch(WebFetchRequest(server.url("/meta"))), WEB_BLOCKED_URL)
    assert error.message.startswith(
        f"{server.url('/meta')} redirected to {location}, a blocked target, so it was not "
        f"followed. Blocked URL: "
    )
    assert shown in error.message
    assert reason in error.details["reason"]
    assert "directly" not in error.message
    assert error.details["location"] == location
    assert len(server.requests) == 1
    await assert_nothing_left(fetcher, server)


async def test_an_allowed_cross_origin_target_is_still_suggested(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    redirect(server, "/ok", "http://10.0.0.7/x")
    fetcher = make_fetcher(allowed_hosts=["127.0.0.1", "10.0.0.0/8"])
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/ok"))), WEB_REDIRECT_BLOCKED
    )
    assert error.message.endswith("To follow it, fetch http://10.0.0.7/x directly.")


async def test_non_http_location_is_blocked(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    redirect(server, "/file", "file:///etc/passwd")
    fetcher = make_fetcher()
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/file"))), WEB_REDIRECT_BLOCKED
    )
    assert error.message == (
        f"Redirect blocked: {server.url('/file')} redirected to file:///etc/passwd, which is not "
        "an http:// or https:// URL."
    )


@pytest.mark.parametrize(
    "location", ["javascript:alert(1)", "mailto:someone@example.com", "data:text/html,<p>hi</p>"]
)
async def test_non_http_location_without_slashes_is_blocked(
    server: LocalServer, make_fetcher: MakeFetcher, location: str
) -> None:
    # httpx parses Location itself inside send() (even when not following) and raised
    # InvalidURL on these, losing the response: the model saw a generic provider failure.
    redirect(server, "/js", location)
    fetcher = make_fetcher()
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/js"))), WEB_REDIRECT_BLOCKED
    )
    assert error.message == (
        f"Redirect blocked: {server.url('/js')} redirected to {location}, which is not an "
        "http:// or https:// URL."
    )
    await assert_nothing_left(fetcher, server)


@pytest.mark.parametrize(
    ("location", "reason"),
    [
        ("http://[::1/", "Invalid port: ':1'."),
        (
            "http://xn--zz.com/",
            '"http://xn--zz.com/" has an invalid host name "xn--zz.com": it is not a valid '
            "internationalised domain name (Invalid A-label).",
        ),
    ],
    ids=["malformed", "bad-idna"],
)
async def test_invalid_location_is_a_redirect_error(
    server: LocalServer, make_fetcher: MakeFetcher, location: str, reason: str
) -> None:
    redirect(server, "/bad", location)
    fetcher = make_fetcher()  # its resolver fails the test on any lookup
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/bad"))), WEB_REDIRECT_BLOCKED
    )
    assert error.message == (
        f"Redirect blocked: {server.url('/bad')} redirected to an invalid Location "
        f"{json.dumps(location, ensure_ascii=False)}: {reason}"
    )
    assert error.details == {"url": server.url("/bad"), "location": location}
    assert [r.target for r in server.requests] == ["/bad"]
    await assert_nothing_left(fetcher, server)


def several_locations(*locations: str) -> Handler:
    async def handler(_request: Request, writer: asyncio.StreamWriter) -> None:
        headers = [("Location", value) for value in locations] + [("Content-Length", "0")]
        await write_head(writer, 302, headers)

    return handler


async def test_several_different_locations_are_not_followed(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # httpx joins repeated headers with ", ": the fetcher used to follow "/ok,%20/never".
    server.route("/two", several_locations("/ok", "/never"))
    server.respond("/ok", "must not be fetched")
    fetcher = make_fetcher()
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/two"))), WEB_PROVIDER_ERROR
    )
    assert error.message == (
        f'{server.url("/two")} sent several Location headers ("/ok", "/never"); the redirect is '
        "ambiguous and was not followed."
    )
    assert [r.target for r in server.requests] == ["/two"]
    await assert_nothing_left(fetcher, server)


async def test_a_repeated_identical_location_is_followed(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    server.route("/same", several_locations("/ok", " /ok"))
    server.respond("/ok", "arrived")
    fetcher = make_fetcher()
    result = await fetcher.fetch(WebFetchRequest(server.url("/same")))
    assert (result.url, result.body) == (server.url("/ok"), TextBody("arrived"))
    await assert_nothing_left(fetcher, server)


class RebindingResolver:
    """Answers 127.0.0.1 first and the cloud metadata address afterwards (DNS rebinding)."""

    def __init__(self) -> None:
        self.answers = [ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("169.254.169.254")]
        self.asked: list[str] = []

    async def resolve(self, host: str, port: int) -> Sequence[IPAddress]:
        self.asked.append(host)
        return [self.answers[min(len(self.asked), len(self.answers)) - 1]]


async def test_every_hop_is_checked_by_the_guard_again(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # Same origin, but the name now resolves to the metadata address: the second hop opens a
    # new connection (the first was closed), resolves again and is refused.
    server.respond(
        "/first", b"", status=302, headers={"Location": "/second", "Connection": "close"}
    )
    server.respond("/second", "must not be reached")
    resolver = RebindingResolver()
    fetcher = make_fetcher(allowed_hosts=["127.0.0.1"], resolver=resolver)
    try:
        error = await expect_error(
            fetcher.fetch(WebFetchRequest(f"http://rebind.example:{server.port}/first")),
            WEB_BLOCKED_URL,
        )
        assert "169.254.169.254" in error.message
        assert resolver.asked == ["rebind.example", "rebind.example"]
        assert [r.target for r in server.requests] == ["/first"]
        assert server.requests[0].headers["host"] == f"rebind.example:{server.port}"
    finally:
        await assert_nothing_left(fetcher, server)


async def test_redirect_response_is_a_result_when_not_a_redirect_status(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # 300 and 304 carry information, not an instruction: returned as they are.
    server.respond("/choices", "pick one", status=300, headers={"Location": "/a"})
    fetcher = make_fetcher()
    result = await fetcher.fetch(WebFetchRequest(server.url("/choices")))
    assert (result.status_code, result.body) == (300, TextBody("pick one"))


async def test_cookies_are_never_sent_back(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    server.respond(
        "/login", b"", status=302, headers={"Location": "/home", "Set-Cookie": "sid=secret; Path=/"}
    )
    server.respond("/home", "home", headers={"Set-Cookie": "other=1; Path=/"})
    fetcher = make_fetcher()
    await fetcher.fetch(WebFetchRequest(server.url("/login")))
    await fetcher.fetch(WebFetchRequest(server.url("/home")))
    assert [r.headers.get("cookie") for r in server.requests] == [None, None, None]


async def test_max_url_length_counts_a_requested_url_and_a_redirect_target_alike(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # Both are counted as sent: percent-encoded, as a redirect target can only be counted.
    written = server.url("/" + "é" * 3)  # each é is six characters once encoded: %C3%A9
    sent = server.url("/" + "%C3%A9" * 3)
    assert str(httpx.URL(written)) == sent
    server.respond("/" + "%C3%A9" * 3, "arrived")
    redirect(server, "/r", sent)

    tight = make_fetcher(max_url_length=len(sent) - 1)  # the written URL fits, the sent one not
    error = await expect_error(tight.fetch(WebFetchRequest(written)), WEB_INVALID_URL)
    assert error.message == (
        f"The URL is {len(sent)} characters long once encoded ({len(written)} as written: "
        "non-ASCII characters and spaces are percent-encoded); the limit is "
        f"{len(sent) - 1} (max_url_length). Fetch a shorter URL."
    )
    await expect_error(tight.fetch(WebFetchRequest(server.url("/r"))), WEB_REDIRECT_BLOCKED)

    exact = make_fetcher(max_url_length=len(sent))
    for url in (written, server.url("/r")):
        result = await exact.fetch(WebFetchRequest(url))
        assert (result.url, result.body) == (sent, TextBody("arrived"))
    assert server.requests[-1].target == "/" + "%C3%A9" * 3


async def test_max_url_length_counts_the_url_after_normalisation(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # Dot segments and a default port are gone before sending; a redirect target is counted
    # without them too, so the requested URL is.
    server.respond("/b", "arrived")
    fetcher = make_fetcher(max_url_length=len(server.url("/b")))
    result = await fetcher.fetch(WebFetchRequest(server.url("/a/../b")))
    assert (result.url, result.body) == (server.url("/b"), TextBody("arrived"))


# -- Refresh: a header or a <meta http-equiv="refresh"> with no delay ------------------------------


def refresh_meta(target: str, delay: str = "0") -> bytes:
    return (
        f'<html><head><title>Redirecting</title><meta http-equiv="Refresh" content="{delay}; '
        f"URL='{target}'\"></head><body></body></html>"
    ).encode()


@pytest.mark.parametrize("how", ["meta", "header"])
async def test_an_immediate_refresh_is_followed_like_a_redirect(
    server: LocalServer, make_fetcher: MakeFetcher, how: str
) -> None:
    # A redirect stub: an empty page a browser leaves at once. The model was shown the empty
    # page ("no text content") and never learned where it pointed.
    if how == "meta":
        server.respond("/stub", refresh_meta("new?x=1"), content_type="text/html")
    else:
        server.respond("/stub", b"", content_type="text/html", headers={"Refresh": "0;url=new?x=1"})
    server.respond("/new", "arrived")
    fetcher = make_fetcher()
    result = await fetcher.fetch(WebFetchRequest(server.url("/stub")))
    assert (result.url, result.status_code, result.body) == (
        server.url("/new?x=1"),
        200,
        TextBody("arrived"),
    )
    await assert_nothing_left(fetcher, server)


async def test_an_immediate_refresh_elsewhere_names_its_target(
    server: LocalServer, server_v6: LocalServer, make_fetcher: MakeFetcher
) -> None:
    target = server_v6.url("/elsewhere")
    server.respond("/stub", refresh_meta(target), content_type="text/html; charset=utf-8")
    fetcher = make_fetcher()
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/stub"))), WEB_REDIRECT_BLOCKED
    )
    assert error.message == (
        f"Redirect to a different origin blocked: {server.url('/stub')} redirected to {target}. "
        f"To follow it, fetch {target} directly."
    )
    assert server_v6.requests == []


@pytest.mark.parametrize(
    ("page", "status"),
    [
        # A delayed refresh is a page a user reads first ("you will be redirected ...").
        (refresh_meta("/new", delay="5"), 200),
        # A periodic reload of the page itself (news front pages).
        (b'<meta http-equiv="refresh" content="0"><p>Headlines</p>', 200),
        # A refresh to the page itself: what it says is the page.
        (refresh_meta("/stub"), 200),
        # An error page's refresh: its status is the information.
        (refresh_meta("/new"), 404),
        # A "refresh" in another attribute declares nothing.
        (b'<meta name="description" content="0; url=/new"><p>About</p>', 200),
    ],
)
async def test_other_refreshes_leave_the_page_as_it_is(
    server: LocalServer, make_fetcher: MakeFetcher, page: bytes, status: int
) -> None:
    server.respond("/stub", page, status=status, content_type="text/html")
    server.respond("/new", "must not be fetched")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/stub")))
    assert (result.url, result.status_code, result.body.content) == (
        server.url("/stub"),
        status,
        page.decode(),
    )
    assert [r.path for r in server.requests] == ["/stub"]


async def test_refreshes_count_against_the_redirect_cap(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    redirect(server, "/a", "/b")
    server.respond("/b", refresh_meta("/c"), content_type="text/html")
    server.respond("/c", "arrived")
    error = await expect_error(
        make_fetcher(max_redirects=1).fetch(WebFetchRequest(server.url("/a"))),
        WEB_REDIRECT_BLOCKED,
    )
    assert error.message == (
        f"Redirect blocked: stopped after 1 redirect (max_redirects); {server.url('/b')} "
        f"redirected to {server.url('/c')}. To follow it, fetch {server.url('/c')} directly."
    )


ARTICLE = "<p>" + "A paragraph the reader came for, with words of its own. " * 8 + "</p>"


@pytest.mark.parametrize("where", ["noscript", "head", "header"])
@pytest.mark.parametrize("elsewhere", [False, True], ids=["same-origin", "other-origin"])
async def test_a_page_with_text_to_read_keeps_its_refresh_unfollowed(
    server: LocalServer,
    server_v6: LocalServer,
    make_fetcher: MakeFetcher,
    where: str,
    elsewhere: bool,
) -> None:
    # A page with content whose refresh sends readers without scripts elsewhere (often from a
    # <noscript>) is no redirect stub: it was replaced by the target, or, to another origin,
    # by WEB_REDIRECT_BLOCKED, and the page's own text never reached the model.
    target = server_v6.url("/nojs") if elsewhere else "/nojs"
    meta = f'<meta http-equiv="refresh" content="0; url={target}">'
    headers: dict[str, str] = {}
    if where == "noscript":
        page = f"<html><head><noscript>{meta}</noscript></head><body>{ARTICLE}</body></html>"
    elif where == "head":
        page = f"<html><head>{meta}</head><body>{ARTICLE}</body></html>"
    else:
        page = f"<html><body>{ARTICLE}</body></html>"
        headers = {"Refresh": f"0; url={target}"}
    server.respond("/page", page.encode(), content_type="text/html", headers=headers)
    server.respond("/nojs", "must not be fetched")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/page")))
    assert (result.url, result.body.content) == (server.url("/page"), page)
    assert [r.path for r in server.requests] == ["/page"]
    assert server_v6.requests == []


@pytest.mark.parametrize(
    ("before", "head"),
    [
        # Only the first 256 KiB of source were read for text, so a page whose inline script
        # filled them (bundles, JSON state) read as a stub and was left for its refresh's target.
        ("", "<script>" + "window.state = {'items': [1, 2, 3]};\n" * 8000 + "</script>"),
        # An XML declaration made lxml refuse the decoded page (ValueError), read as a stub too.
        ('<?xml version="1.0" encoding="utf-8"?>', ""),
    ],
    ids=["long-script", "xml-declaration"],
)
async def test_a_page_whose_text_comes_late_keeps_its_refresh_unfollowed(
    server: LocalServer, make_fetcher: MakeFetcher, before: str, head: str
) -> None:
    meta = '<noscript><meta http-equiv="refresh" content="0; url=/nojs"></noscript>'
    page = f"{before}<html><head>{meta}{head}</head><body>{ARTICLE}</body></html>"
    server.respond("/page", page.encode(), content_type="text/html")
    server.respond("/nojs", "must not be fetched")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/page")))
    assert (result.url, result.body.content) == (server.url("/page"), page)
    assert [r.path for r in server.requests] == ["/page"]


async def test_a_stub_saying_a_line_is_still_left_for_its_target(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # Scripts and styles are not text to read; one "Redirecting..." line is a stub's.
    page = (
        '<html><head><meta http-equiv="refresh" content="0; url=/new">'
        f"<style>{'p { color: red } ' * 200}</style></head><body>"
        f"<script>{'var x = 1; ' * 200}</script>"
        "<p>Redirecting&hellip; If you are not redirected, <a href='/new'>follow this link</a>.</p>"
        "</body></html>"
    )
    server.respond("/stub", page.encode(), content_type="text/html")
    server.respond("/new", "arrived")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/stub")))
    assert (result.url, result.body) == (server.url("/new"), TextBody("arrived"))


async def test_a_stub_is_judged_off_the_event_loop(
    server: LocalServer, make_fetcher: MakeFetcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Counting a refreshing page's text parses all of it (up to the HTML cap): 0.4-0.7 s on
    # 5 MB of text-free markup, which on the event loop held up every other call meanwhile.
    from dsh.providers.fetch_http import _provider, _redirects

    judged_on: list[bool] = []
    judge = _redirects.reads_as_stub  # what _provider imported, and calls until patched

    def recording(html: str) -> bool:
        judged_on.append(threading.current_thread() is threading.main_thread())
        return judge(html)

    server.respond("/stub", refresh_meta("/new"), content_type="text/html")
    server.respond("/new", "arrived")
    monkeypatch.setattr(_provider, "reads_as_stub", recording)
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/stub")))
    assert (result.url, result.body) == (server.url("/new"), TextBody("arrived"))
    assert judged_on == [False]


@pytest.mark.parametrize(
    ("delay", "followed"),
    [("0" * 5_000, True), ("1" + "0" * 5_000, False)],
    ids=["zeros", "huge"],
)
async def test_a_refresh_delay_of_thousands_of_digits_is_read_as_a_delay(
    server: LocalServer, make_fetcher: MakeFetcher, delay: str, followed: bool
) -> None:
    # Read with int(), a delay past Python's 4,300 digits raised ValueError into the tool.
    server.respond("/stub", b"", content_type="text/html", headers={"Refresh": f"{delay};url=/new"})
    server.respond("/new", "arrived")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/stub")))
    assert result.url == server.url("/new" if followed else "/stub")


async def test_a_refresh_to_the_page_itself_with_a_fragment_leaves_the_page(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # "url=#top" names the page already fetched (a fragment is never sent): it was requested
    # again, and the page came back under "/stub#top".
    page = refresh_meta("#top")
    server.respond("/stub", page, content_type="text/html")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/stub")))
    assert (result.url, result.body.content) == (server.url("/stub"), page.decode())
    assert [r.path for r in server.requests] == ["/stub"]


@pytest.mark.parametrize(
    ("written", "sent"),
    [
        # Templates escape "&" in attributes: the request went out as "?a=1&amp;b=2", and the
        # server read a parameter "amp;b".
        ("/new?a=1&amp;b=2", "/new?a=1&b=2"),
        ("/new?a=1&#38;b=2&#x26;c=3", "/new?a=1&b=2&c=3"),
        # In an attribute a reference without its ";" before "=" is text, as browsers read it:
        # a parameter named "copy" stays one.
        ("/new?a=1&copy=2&copyright=3", "/new?a=1&copy=2&copyright=3"),
        # A name that is no reference is text, ";" or not: "&notit;" is not "¬" and "it;" (a
        # legacy name's prefix is read only outside attributes), as html.unescape read it.
        ("/new?a=1&notit;=2&ampx;b=3", "/new?a=1&notit;=2&ampx;b=3"),
        # A number of more than 4,300 digits made int() raise ValueError, a traceback instead
        # of the page: leading zeros count for nothing, and past U+10FFFF it is U+FFFD, as in
        # browsers.
        ("/new?a=&#" + "0" * 5000 + "65;", "/new?a=A"),
        ("/new?a=&#" + "9" * 5000 + ";", "/new?a=%EF%BF%BD"),
    ],
    ids=["amp", "numeric", "legacy-name", "unknown-name", "leading-zeros", "huge-number"],
)
async def test_character_references_in_a_meta_refresh_are_decoded(
    server: LocalServer, make_fetcher: MakeFetcher, written: str, sent: str
) -> None:
    server.respond("/stub", refresh_meta(written), content_type="text/html")
    server.respond("/new", "arrived")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/stub")))
    assert (result.url, result.body) == (server.url(sent), TextBody("arrived"))
    assert [r.target for r in server.requests] == ["/stub", sent]


async def test_character_references_in_a_base_href_are_decoded(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    page = '<html><head><base href="/a&amp;b/"><meta http-equiv="refresh" content="0; url=new">'
    server.respond("/stub", page.encode(), content_type="text/html")
    server.respond("/a&b/new", "arrived")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/stub")))
    assert (result.url, result.body) == (server.url("/a&b/new"), TextBody("arrived"))


def based_refresh(base: str, target: str, *, base_first: bool = True) -> bytes:
    tags = [f'<base href="{base}">', f'<meta http-equiv="refresh" content="0; url={target}">']
    head = "".join(tags if base_first else reversed(tags))
    return f"<html><head>{head}</head><body></body></html>".encode()


@pytest.mark.parametrize(
    ("base", "expected"),
    [
        ("/other/", "/other/new"),
        # A relative base resolves against the page's URL.
        ("../up/", "/up/new"),
        # A base that is no URL a page can be resolved against is ignored, as browsers do.
        ("http://[::1/", "/dir/new"),
        ("javascript:void(0)", "/dir/new"),
    ],
)
async def test_a_meta_refresh_resolves_against_the_pages_base_url(
    server: LocalServer, make_fetcher: MakeFetcher, base: str, expected: str
) -> None:
    # Browsers parse a meta refresh's URL against the document's base URL, which <base href>
    # sets: the stub's target was looked for beside the stub ("/dir/new", a 404) instead.
    server.respond("/dir/stub", based_refresh(base, "new"), content_type="text/html")
    server.respond(expected, "arrived")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/dir/stub")))
    assert (result.url, result.body) == (server.url(expected), TextBody("arrived"))
    assert [r.path for r in server.requests] == ["/dir/stub", expected]


@pytest.mark.parametrize(
    ("base", "target"),
    [("about:blank", "new"), ("mailto:someone@example.com", "/new"), ("tel:+15550100", "?a=1")],
)
async def test_a_relative_meta_refresh_under_an_opaque_base_leaves_the_page(
    server: LocalServer, make_fetcher: MakeFetcher, base: str, target: str
) -> None:
    # HTML takes any base but data: and javascript:; a relative URL does not parse against
    # one with an opaque path (about:blank, mailto:, tel:), and the refresh does nothing: the
    # page stays. It was "Redirect blocked: ... redirected to new, which is not an http:// or
    # https:// URL", an error in place of the page a browser shows.
    page = based_refresh(base, target)
    server.respond("/dir/stub", page, content_type="text/html")
    server.respond("/dir/new", "must not be fetched")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/dir/stub")))
    assert (result.url, result.body.content) == (server.url("/dir/stub"), page.decode())
    assert [r.path for r in server.requests] == ["/dir/stub"]


async def test_an_absolute_meta_refresh_under_an_opaque_base_is_followed(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # A URL with its own scheme needs no base: the stub leads there.
    server.respond(
        "/stub", based_refresh("about:blank", server.url("/new")), content_type="text/html"
    )
    server.respond("/new", "arrived")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/stub")))
    assert (result.url, result.body) == (server.url("/new"), TextBody("arrived"))


async def test_a_base_after_the_meta_refresh_or_a_refresh_header_does_not_count(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # A browser parses the meta's URL when the meta is inserted, so only a <base> before it
    # counts; the Refresh header is read before the document exists, against the response URL.
    server.respond(
        "/dir/late", based_refresh("/other/", "new", base_first=False), content_type="text/html"
    )
    server.respond(
        "/dir/header",
        b'<html><head><base href="/other/"></head><body></body></html>',
        content_type="text/html",
        headers={"Refresh": "0; url=new"},
    )
    server.respond("/dir/new", "arrived")
    fetcher = make_fetcher()
    for path in ("/dir/late", "/dir/header"):
        result = await fetcher.fetch(WebFetchRequest(server.url(path)))
        assert (result.url, result.body) == (server.url("/dir/new"), TextBody("arrived"))


async def test_a_meta_refresh_through_a_base_elsewhere_is_checked_like_a_redirect(
    server: LocalServer, server_v6: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # The base only changes where the URL points; the target is the page's redirect, checked
    # against the page's own origin: another origin is named, a blocked one refused.
    fetcher = make_fetcher()
    server.respond("/away", based_refresh(server_v6.url("/"), "new"), content_type="text/html")
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/away"))), WEB_REDIRECT_BLOCKED
    )
    target = server_v6.url("/new")
    assert error.message == (
        f"Redirect to a different origin blocked: {server.url('/away')} redirected to {target}. "
        f"To follow it, fetch {target} directly."
    )
    server.respond(
        "/metadata", based_refresh("http://169.254.169.254/", "latest"), content_type="text/html"
    )
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/metadata"))), WEB_BLOCKED_URL
    )
    assert error.message.startswith(
        f"{server.url('/metadata')} redirected to http://169.254.169.254/latest, a blocked "
        "target, so it was not followed. Blocked URL: "
    )
    assert server_v6.requests == []
    await assert_nothing_left(fetcher, server, server_v6)
