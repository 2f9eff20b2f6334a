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
    assert out == f"Title: App\n\n{EMPTY_SHELL_NOTICE}"
    assert "\n" not in EMPTY_SHELL_NOTICE


# A forum thread as a Discourse server sends it without scripts: module preloads, custom
# elements and an empty mount point; the question survives only in the page's <head>.
FORUM_SHELL = """<!DOCTYPE html><html><head>
<title>New to Astronomy – Best First Telescope? - Astronomy</title>
<meta name="description" content="Howdy everyone…  I’m new to astronomy and would love
  advice on choosing my first telescope.">
<link rel="modulepreload" href="/assets/discourse.js"></head>
<body><section id="d-splash"><div class="dots"></div></section>
<discourse-assets><discourse-assets-json><div class="hidden" id="data-preloaded"></div>
</discourse-assets-json></discourse-assets><section id="main"></section></body></html>"""


def test_a_shell_shows_its_title_and_description_before_the_notice() -> None:
    assert html_to_markdown(FORUM_SHELL) == (
        "Title: New to Astronomy – Best First Telescope? - Astronomy\n"
        "Description: Howdy everyone… I’m new to astronomy and would love advice on choosing "
        f"my first telescope.\n\n{EMPTY_SHELL_NOTICE}"
    )


def test_module_preloads_and_custom_elements_are_evidence_of_scripts() -> None:
    preload = '<html><head><link rel="preload" as="script" href="/a.js"></head><body></body></html>'
    custom = "<html><body><shop-app><p>Loading</p></shop-app></body></html>"
    assert html_to_markdown(preload) == EMPTY_SHELL_NOTICE
    assert html_to_markdown(custom) == f"Loading\n\n{EMPTY_SHELL_NOTICE}"


def test_metadata_is_bounded_and_only_shown_for_shells() -> None:
    long = "word " * 500
    shell = (
        f'<html><head><meta property="og:description" content="{long}"></head><body></body></html>'
    )
    out = html_to_markdown(shell)
    description = out.split("\n\n")[0]
    assert description.startswith("Description: word word")
    assert description.endswith("…")
    assert len(description) <= len("Description: ") + 300
    assert out.endswith(NO_TEXT_NOTICE)
    text = "Plenty of words make a real page that the model can read and use. " * 5
    head = '<head><title>T</title><meta name="description" content="D"></head>'
    page = f"<html>{head}<body><p>{text}</p></body></html>"
    assert html_to_markdown(page) == text.strip()


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
        "<html><head><title>404 Not Found</title></head>"
        "<body><h1>Error response</h1><p>Error code: 404</p>"
        "<p>Message: File not found.</p></body></html>"
    )
    out = html_to_markdown(page)
    assert EMPTY_SHELL_NOTICE not in out
    assert out == "# Error response\n\nError code: 404\n\nMessage: File not found."


def test_a_page_with_no_text_and_no_scripts_says_so() -> None:
    assert html_to_markdown("<html><body><div></div></body></html>") == NO_TEXT_NOTICE
