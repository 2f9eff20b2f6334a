"""The keyed search APIs' errors: the provider's own message, how long `Retry-After` asks for."""

from __future__ import annotations

import email.utils

from dsh.providers._keyed_api.errors import provider_message, retry_after_seconds


def test_provider_message_shapes() -> None:
    assert provider_message({"error": "a"}) == "a"
    assert provider_message({"error": {"message": "b"}}) == "b"
    assert provider_message({"error": {"type": "x"}, "message": "c"}) == "c"
    assert provider_message({"detail": [{"msg": "d"}, {"msg": "e"}]}) == "d; e"
    assert provider_message({"error": "  "}) is None
    assert provider_message(["not", "a", "mapping"]) is None


def test_retry_after_parsing() -> None:
    now = 1_000_000.0
    assert retry_after_seconds("3", now=now) == 3.0
    assert retry_after_seconds("0.25", now=now) == 0.25
    assert retry_after_seconds("-4", now=now) == 0.0
    assert retry_after_seconds(email.utils.formatdate(now + 30, usegmt=True), now=now) == 30.0
    for unusable in (None, "", "soon", "nan", "inf", "Mon, 99 Foo 2024"):
        assert retry_after_seconds(unusable, now=now) is None


def test_retry_after_reads_every_http_date_format() -> None:
    # RFC 9110 5.6.7: a recipient MUST accept all three HTTP-date formats, and every HTTP-date
    # is GMT. The asctime form (no zone written) was unusable, so a 429 that said when to come
    # back within the deadline was reported at once instead of retried.
    now = email.utils.parsedate_to_datetime("Sun, 06 Nov 1994 08:49:07 GMT").timestamp()
    for value in (
        "Sun, 06 Nov 1994 08:49:37 GMT",  # IMF-fixdate
        "Sunday, 06-Nov-94 08:49:37 GMT",  # obsolete RFC 850
        "Sun Nov  6 08:49:37 1994",  # obsolete asctime
    ):
        assert retry_after_seconds(value, now=now) == 30.0, value
