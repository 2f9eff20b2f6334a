"""Text the project does not control, shaped to break a one-line error: a caller's abort reason
or a provider's message that runs over many lines, holds a proxy password and a token in a
query, and goes on far past any bound."""

from __future__ import annotations

SECRETS = ("hunter2", "t0ken-value")

LOUD_TEXT = (
    "the user stopped the turn via http://user:hunter2@proxy.example:3128/?token=t0ken-value\n"
    + "\n".join(f"line {n} of a traceback" for n in range(2000))
)


def assert_quoted(message: str, opening: str, *, limit: int = 300) -> None:
    """``message`` quotes :data:`LOUD_TEXT` after ``opening``: masked, one line, bounded."""
    assert message.startswith(
        opening + "the user stopped the turn via http://***@proxy.example:3128/?token=*** "
        "line 0 of a traceback line 1"
    ), message
    assert "\n" not in message
    assert "…" in message
    assert len(message) <= len(opening) + limit + 2, len(message)
    for secret in SECRETS:
        assert secret not in message
