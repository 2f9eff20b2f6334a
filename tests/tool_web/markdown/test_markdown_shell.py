"""The one-line notice for pages with almost no text."""

from __future__ import annotations

from dsh.tool_web import html_to_markdown
from dsh.tool_web.markdown.shell import EMPTY_SHELL_NOTICE, NO_TEXT_NOTICE

SPA = """<!doctype html><html><head><title>App</title>
<script src="/static/js/main.4f2a.js"></script></head>
<body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>
<script>window.__INITIAL_STATE__ = {"a": 1}</script></body></html>"""


def test_javascript_app_shell_gets_the_notice() -> None:
    out = html_to_markdown(SPA, url="https://app.example.com/")
    assert out == EMPTY_SHELL_NOTICE
    assert "\n" not in out


def test_notice_is_actionable() -> None:
    assert "JavaScript" in EMPTY_SHELL_NOTICE
    assert "API" in EMPTY_SHELL_NOTICE


def test_little_text_is_kept_before_the_notice() -> None:
    out = html_to_markdown("<body><div id='app'><h1>Loading dashboard</h1></div></body>")
    assert out == f"# Loading dashboard\n\n{EMPTY_SHELL_NOTICE}"


def test_real_page_gets_no_notice() -> None:
    text = "Plenty of words make a real page that the model can read and use. " * 5
    out = html_to_markdown(f"<body><p>{text}</p></body>")
    assert EMPTY_SHELL_NOTICE not in out


def test_a_short_page_without_scripts_is_not_called_a_javascript_app() -> None:
    # The stdlib 404 page, an "Example Domain"-like page: short, but complete as they are.
    page = (
        "<html><body><h1>Error response</h1><p>Error code: 404</p>"
        "<p>Message: File not found.</p></body></html>"
    )
    out = html_to_markdown(page)
    assert EMPTY_SHELL_NOTICE not in out
    assert out == "# Error response\n\nError code: 404\n\nMessage: File not found."


def test_a_page_with_no_text_and_no_scripts_says_so() -> None:
    assert html_to_markdown("<html><body><div></div></body></html>") == NO_TEXT_NOTICE
