"""What a fidelity review of new page families found in the renderer's widget rules (session
7, probe 4): tab panels paired by a shared data attribute, comment threads nested as custom
elements, icons and images that carry a value."""

from __future__ import annotations

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page


def render(body: str, url: str | None = "https://example.com/docs/page") -> str:
    return html_to_markdown(html_page(body), url=url)


def test_pivot_labels_are_paired_with_their_panels_by_a_shared_data_attribute() -> None:
    # Microsoft Learn's zone pivots: a row of links and the panels they switch, paired only by
    # `data-pivot`; the portal steps and the CLI steps read as one procedure.
    out = render(
        f"<main><h1>Create</h1><p>{PROSE}</p>"
        '<div class="zone-pivot-group"><ul class="zone-pivot-list">'
        '<li><a href="#" class="zone-pivot-button" data-pivot="portal">Azure portal</a></li>'
        '<li><a href="#" class="zone-pivot-button" data-pivot="cli">Azure CLI</a></li>'
        "</ul></div>"
        '<div class="zone has-pivot" data-pivot="portal"><ol><li>Sign in to the portal.</li>'
        "<li>Select <strong>Create</strong>.</li></ol></div>"
        '<div class="zone has-pivot hidden" data-pivot="cli"><p>Run the following command:</p>'
        "<pre><code>az storage account create --name x</code></pre></div>"
        "<h2>Check</h2>"
        '<div class="zone has-pivot" data-pivot="portal"><p>Open the account page.</p></div>'
        '<div class="zone has-pivot" data-pivot="cli"><p>Then check it with the CLI.</p></div>'
        "</main>"
    )
    portal, cli = out.index("**Azure portal**"), out.index("**Azure CLI**")
    assert portal < out.index("1. Sign in to the portal.") < cli
    assert cli < out.index("Run the following command:")
    # Each later zone gets its label too (a label line repeated under a new heading stays).
    assert out.index("## Check") < out.index("**Azure portal**", cli) < out.index("Open the acc")
    assert cli < out.index("Then check it with the CLI.")
    # The row of labels goes.
    assert "Azure portal\n" not in out.replace("**Azure portal**", "")


def test_data_attributes_pair_only_a_row_of_labels_with_panels_carrying_each_value() -> None:
    # A row whose values have no panel each, or whose items hold more than their labels, is
    # not a tab row: left as it is.
    out = render(
        f"<main><p>{PROSE}</p>"
        '<ul><li><span data-id="a">Alpha</span></li><li><span data-id="b">Beta</span></li></ul>'
        '<div data-id="a"><p>Only one of the two values has a block.</p></div>'
        '<ul><li><span data-tab="x">Xray</span> and more words</li>'
        '<li><span data-tab="y">Yankee</span></li></ul>'
        '<div data-tab="x"><p>Panel for x.</p></div><div data-tab="y"><p>Panel for y.</p></div>'
        # Values too long to name a tab (JSON for scripts) are data, not labels.
        f'<p><span data-j="{"j" * 150}">Juliet</span><span data-j="{"k" * 150}">Kilo</span></p>'
        f'<div data-j="{"j" * 150}"><p>Panel for j.</p></div>'
        f'<div data-j="{"k" * 150}"><p>Panel for k.</p></div>'
        "</main>"
    )
    assert "**Alpha**" not in out
    assert "- Alpha" in out
    assert "**Xray**" not in out
    assert "Xray and more words" in out
    assert "**Juliet**" not in out
    assert "Juliet Kilo" in out
