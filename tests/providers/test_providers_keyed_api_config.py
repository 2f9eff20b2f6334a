"""The keyed search APIs' configuration: the base URL check."""

from __future__ import annotations

import pytest

from dsh.providers._keyed_api.config import check_base_url


@pytest.mark.parametrize(
    "bad",
    ["api.exa.ai", "ftp://api.exa.ai", "https://", "https://u:p@api.exa.ai", "https://a/?q=1"],
)
def test_check_base_url_rejects(bad: str) -> None:
    with pytest.raises(ValueError, match=r"URL|credentials|query"):
        check_base_url(bad)


@pytest.mark.parametrize(
    "bad",
    [
        "ftp://api.example/" + "p" * 5000,
        "http://api.example/" + "p" * 5000,  # plain http to a remote host
        "https://api.example:port/" + "p" * 5000,
    ],
)
def test_check_base_url_quotes_a_long_url_bounded(bad: str) -> None:
    # The message reaches the model (an env var's URL checked at call time) and the config error.
    with pytest.raises(ValueError, match=r"^'(ftp|http|https)://api\.example") as caught:
        check_base_url(bad)
    assert len(str(caught.value)) < 400, len(str(caught.value))


def test_check_base_url_strips_the_trailing_slash() -> None:
    assert check_base_url(" https://api.exa.ai/ ") == "https://api.exa.ai"
    assert check_base_url("http://127.0.0.1:8080/v1/") == "http://127.0.0.1:8080/v1"


@pytest.mark.parametrize(
    "remote",
    [
        "http://api.exa.ai",
        "http://10.0.0.7:8080/v1",
        "http://[2001:db8::1]/",
        "http://localhost.example.com",
        "http://127.0.0.1.nip.io",
    ],
)
def test_check_base_url_refuses_plain_http_to_a_remote_host(remote: str) -> None:
    with pytest.raises(ValueError, match="https is required"):
        check_base_url(remote)
    assert check_base_url(remote.replace("http://", "https://", 1))  # https is fine


@pytest.mark.parametrize(
    ("loopback", "expected"),
    [
        ("http://localhost:8080/", "http://localhost:8080"),
        ("http://LOCALHOST", "http://LOCALHOST"),
        ("http://127.0.0.1:9/v1", "http://127.0.0.1:9/v1"),
        ("http://127.3.2.1", "http://127.3.2.1"),
        ("http://[::1]:8080/anthropic/v1/", "http://[::1]:8080/anthropic/v1"),
    ],
)
def test_check_base_url_allows_plain_http_to_loopback(loopback: str, expected: str) -> None:
    assert check_base_url(loopback) == expected
