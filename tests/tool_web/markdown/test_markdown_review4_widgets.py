"""What a fidelity review of new page families found in widgets (session 7, probe 4): comment
threads written as nested custom elements, images that are all a table cell says."""

from __future__ import annotations

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page


def render(body: str, url: str | None = "https://example.com/docs/page") -> str:
    return html_to_markdown(html_page(body), url=url)


def _comment(author: str, text: str, replies: str = "", depth: int = 0) -> str:
    return (
        f'<x-comment depth="{depth}"><div slot="meta"><a href="/u/{author}">{author}</a></div>'
        f'<div slot="body"><p>{text}</p></div><div slot="children">{replies}</div></x-comment>'
    )


def test_nested_custom_element_comments_keep_who_answers_whom() -> None:
    # Each reply is a custom element inside the one it answers (through a wrapper): as flat
    # blocks, alice's answer to bob read as bob's.
    thread = _comment(
        "alice",
        "Use a virtualenv per project; never install into the system Python.",
        _comment(
            "bob",
            "Or use uv, which does this for you.",
            _comment("alice", "uv is great but not everyone can install it at work.", depth=2),
            depth=1,
        )
        + _comment("dave", "Poetry works well for me too.", depth=1),
    ) + _comment("carol", "Conda if you need compiled scientific packages.")
    out = render(f"<p>{PROSE}</p><x-comment-tree>{thread}</x-comment-tree>")
    lines = out.splitlines()
    assert "Use a virtualenv per project; never install into the system Python." in lines
    assert "  Or use uv, which does this for you." in lines
    assert "    uv is great but not everyone can install it at work." in lines
    assert "  Poetry works well for me too." in lines
    assert "Conda if you need compiled scientific packages." in lines


def test_nested_role_comment_elements_keep_who_answers_whom() -> None:
    out = render(
        f"<p>{PROSE}</p>"
        '<div role="comment"><p>The first comment of the thread.</p>'
        '<div class="replies"><div role="comment"><p>An answer to the first comment.</p></div>'
        "</div></div>"
    )
    assert "The first comment of the thread." in out.splitlines()
    assert "- An answer to the first comment." in out.splitlines()


def test_custom_elements_nested_as_wrappers_are_not_lists() -> None:
    # A custom element wrapping another of its name with nothing of its own is layout.
    box = "<x-box><x-box><p>Just a paragraph in two boxes.</p></x-box></x-box>"
    out = render(f"<p>{PROSE}</p>{box}")
    assert "Just a paragraph in two boxes." in out.splitlines()
    assert "- " not in out


def test_an_image_that_is_all_a_table_cell_says_keeps_its_alt_text() -> None:
    # A forecast's conditions, a medal table's flags: the image is the cell's only content,
    # and its short alt text is what it says. Logos, icons, file names still go.
    out = render(
        f"<p>{PROSE}</p><table><tr><th></th><th>Mon</th><th>Tue</th><th>Wed</th></tr>"
        '<tr><th>Sky</th><td><img src="sun.svg" alt="Sunny"></td>'
        '<td><img src="rain.svg" alt="Light rain"></td><td><img src="c.svg" alt="cloud icon">'
        "</td></tr>"
        '<tr><th>Team</th><td><a href="/fr"><img src="fr.png" alt="France"></a></td>'
        '<td><img src="x.png" alt="IMG_2041.jpg"></td><td><img src="l.png" alt="Acme logo"> '
        "Acme</td></tr></table>"
    )
    assert "| Sky | Sunny | Light rain | |" in out
    assert "| Team | France | | Acme |" in out
