"""The one-line notice for pages with almost no text."""

from __future__ import annotations

import json

from dsh.tool_web import html_to_markdown
from dsh.tool_web.markdown.shell import (
    EMBEDDED_DATA_NOTICE,
    EMPTY_SHELL_NOTICE,
    NO_TEXT_NOTICE,
    SHELL_MAX_WORDS,
    is_empty_shell,
)
from tool_web.markdown.markdown_pages import PROSE, html_page

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


def test_a_shells_metadata_escaped_twice_is_decoded() -> None:
    # Discourse cuts a post's first lines into its description and escapes the ellipsis twice
    # ("&amp;hellip;"): the notice read "…choosing my first telescope, se&hellip;".
    shell = FORUM_SHELL.replace("telescope.", "telescope, se&amp;hellip;").replace(
        "Best First", "Best &amp;amp; First"
    )
    out = html_to_markdown(shell)
    assert "Title: New to Astronomy – Best & First Telescope? - Astronomy\n" in out
    assert "choosing my first telescope, se…\n" in out


def test_a_shells_description_escaped_once_keeps_its_query() -> None:
    # A description quoting a link's query, escaped once as it should be ("&amp;region="):
    # only references closed by their semicolon are decoded again, not the legacy names HTML
    # reads without one ("&region" is "®ion" to `html.unescape`).
    shell = FORUM_SHELL.replace(
        "telescope.", "telescope: see /map?a=1&amp;region=eu&amp;param=2&amp;timestamp=3."
    )
    out = html_to_markdown(shell)
    assert "telescope: see /map?a=1&region=eu&param=2&timestamp=3.\n" in out


def test_module_preloads_and_custom_elements_are_evidence_of_scripts() -> None:
    preload = '<html><head><link rel="preload" as="script" href="/a.js"></head><body></body></html>'
    custom = "<html><body><shop-app><p>Loading</p></shop-app></body></html>"
    assert html_to_markdown(preload) == EMPTY_SHELL_NOTICE
    # The script's "Loading" placeholder goes (`controls._PLACEHOLDER`); the notice says why
    # the page is empty.
    assert html_to_markdown(custom) == EMPTY_SHELL_NOTICE


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


def test_the_shell_bound_is_counted_in_the_first_4096_characters() -> None:
    # 24 words is a shell, 25 is not, and words past the first 4096 characters do not count.
    assert is_empty_shell(" ".join(["word"] * (SHELL_MAX_WORDS - 1)))
    assert not is_empty_shell(" ".join(["word"] * SHELL_MAX_WORDS))
    assert is_empty_shell(" ".join(["word"] * 3) + " " * 4096 + " ".join(["word"] * 100))


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


# A Next.js page rendered in the browser: the HTML is an empty mount point, the article is in
# the data the server left for the script (`__NEXT_DATA__`), its body as an HTML string.
_NEXT_DATA = {
    "props": {
        "pageProps": {
            "id": "asset-18236761",
            "slug": "renting-a-car-could-lead-to-your-arrest",
            "url": "https://www.wral.com/story/renting/18236761/",
            "theme": "dark-mode-header",
            "robots": "index,follow,max-image-preview:large",
            "appId": "app-id=com.mylocaltv.wral",
            "headline": "Renting a car could lead to your arrest",
            "summary": "Hundreds of customers have sued rental companies over false theft reports.",
            "body": '<p>Police drew their guns on a driver whose <a href="/hertz">rental</a> was'
            " listed as stolen.</p><ul><li>Hertz settled for $168 million.</li>"
            "<li>Avis declined to comment.</li></ul>",
            "related": [{"headline": "Renting a car could lead to your arrest"}],
        }
    },
    "page": "/story/[slug]",
    "buildId": "x9f3",
}
NEXT_SHELL = (
    "<!doctype html><html><head><title>Rental cars | WRAL</title>"
    '<script src="/_next/static/chunks/main.js" defer></script></head>'
    '<body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">'
    f"{json.dumps(_NEXT_DATA)}</script></body></html>"
)


def test_a_shell_shows_the_text_of_its_script_data_after_the_notice() -> None:
    out = html_to_markdown(NEXT_SHELL, url="https://www.wral.com/story/renting/18236761/")
    assert out == (
        "Title: Rental cars | WRAL\n\n"
        f"{EMBEDDED_DATA_NOTICE}\n\n"
        "Renting a car could lead to your arrest\n\n"
        "Hundreds of customers have sued rental companies over false theft reports.\n\n"
        "Police drew their guns on a driver whose [rental](https://www.wral.com/hertz) was "
        "listed as stolen.\n\n"
        "- Hertz settled for $168 million.\n"
        "- Avis declined to comment."
    )


def test_json_ld_and_inertia_page_data_are_read_too() -> None:
    product = (
        '<html><head><script type="application/ld+json">{"@context": "https://schema.org",'
        ' "@type": "Product", "name": "Trail Runner 3 shoe", "sku": "TR3-BLK-42",'
        ' "description": "A light trail shoe with a grippy outsole.",'
        ' "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "EUR"}}</script>'
        '<script src="/app.js"></script></head><body><div id="root"></div></body></html>'
    )
    out = html_to_markdown(product)
    assert out == (
        f"{EMBEDDED_DATA_NOTICE}\n\nTrail Runner 3 shoe\n\n"
        "A light trail shoe with a grippy outsole."
    )
    inertia = (
        '<html><body><div id="app" data-page="{&quot;component&quot;: &quot;Posts/Show&quot;,'
        " &quot;props&quot;: {&quot;post&quot;: {&quot;title&quot;: &quot;Why we moved to"
        ' Postgres&quot;}}}"></div><script src="/js/app.js"></script></body></html>'
    )
    assert html_to_markdown(inertia).endswith(f"{EMBEDDED_DATA_NOTICE}\n\nWhy we moved to Postgres")


def test_script_data_without_prose_keeps_the_plain_notice() -> None:
    flags = (
        '<html><body><div id="root"></div><script type="application/json">'
        '{"ids": [1, 2, 3], "theme": "dark", "route": "/a/b?c=d", "cdn": "https://cdn.example/x.js"}'
        '</script><script type="application/json">{not json</script>'
        '<script type="text/javascript">var s = "three words here";</script></body></html>'
    )
    assert html_to_markdown(flags) == EMPTY_SHELL_NOTICE


def test_script_data_is_not_shown_on_pages_that_render_their_text() -> None:
    page = html_page(f"<main><p>{PROSE}</p></main>").replace(
        "</body>",
        '<script type="application/json">{"teaser": "A sentence only the script shows."}'
        "</script></body>",
    )
    out = html_to_markdown(page)
    assert "only the script shows" not in out
    assert EMBEDDED_DATA_NOTICE not in out
