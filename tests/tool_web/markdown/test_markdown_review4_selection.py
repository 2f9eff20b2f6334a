"""What selection keeps on small handwritten pages from the session-7 fourth fidelity review:
short notes in asides, linked names that are all of their cell or term, author handles,
label/value fact grids and a second post's author line."""

from __future__ import annotations

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page


def render(body: str, head: str = "") -> str:
    return html_to_markdown(html_page(body, head), url="https://example.com/page")


def test_short_admonitions_in_an_article_are_kept() -> None:
    # Astro Starlight names every admonition by its aria-label and class; Zenn by `msg warn`;
    # a title child ("Note") or `role=note` says the same. Each is shorter than the prose rule's
    # 50 characters (CJK text especially).
    out = render(
        f"<main><article><h1>Deploy</h1><p>{PROSE}</p>"
        '<aside aria-label="Caution" class="starlight-aside starlight-aside--caution">'
        '<p class="starlight-aside__title">Caution</p><div><p>Node 16 is unsupported.</p></div>'
        "</aside>"
        '<aside class="msg warn"><p>本番環境では使わないでください。</p></aside>'
        '<aside role="note"><p>Needs root.</p></aside>'
        "<aside><p><strong>Note:</strong> Restart after.</p></aside>"
        "<aside><p>Short unnamed aside.</p></aside>"
        '<aside class="tip card"><p>Buy the pro plan.</p></aside>'
        f"<p>{PROSE} Again.</p></article></main>"
    )
    assert "Caution\n\nNode 16 is unsupported." in out
    assert "本番環境では使わないでください。" in out
    assert "Needs root." in out
    assert "**Note:** Restart after." in out
    assert "Short unnamed aside" not in out  # the prose rule stays for the rest
    assert "pro plan" not in out  # a card is furniture whatever else it says


def test_a_linked_name_that_is_all_of_its_cell_or_term_is_no_link_block() -> None:
    # React tables wrap a cell's content in a div; cppreference's "See also" two; AWS's API
    # reference wraps a member's linked name in its term's span. Each is the cell's value.
    rows = "".join(
        f'<tr><td><div><div><a href="/p/{n}">{name}</a></div></div></td><td>{price}</td></tr>'
        for n, (name, price) in enumerate((("Acer Swift Go 14", "$699"), ("Asus Zenbook", "$749")))
    )
    out = render(
        f"<main><h1>Laptops</h1><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p>"
        f"<table><tr><th>Model</th><th>Price</th></tr>{rows}</table>"
        '<dl><dt><span class="term"><b><a href="#m-region">Region</a></b></span></dt>'
        "<dd><p>Where the bucket lives.</p><p>Type: String</p></dd></dl>"
        '<div role="table"><div role="row"><span role="cell"><span><a href="/x">Xbox</a></span>'
        "</span><span role='cell'>$499</span></div></div>"
        f"<div><div><a href='/a'>Related one</a></div><div><a href='/b'>Related two</a></div></div>"
        "</main>"
    )
    assert "| Acer Swift Go 14 | $699 |" in out
    assert "| Asus Zenbook | $749 |" in out
    assert "**Region**\n\nWhere the bucket lives.\n\nType: String" in out
    assert "Xbox" in out
    assert "Related one" not in out  # link blocks outside cells still go


def test_an_author_linked_by_handle_is_attribution() -> None:
    # Medium, Substack and Mastodon link an author's name to `/@handle`.
    out = render(
        "<main><article><h1>T</h1><div class='meta'><div>"
        "<a href='https://medium.com/@jdoe?source=post_page'>Jane Doe</a></div>"
        f"<span>Mar 4, 2024</span></div><p>{PROSE}</p><p>{PROSE}</p>"
        "<div><a href='https://substack.com/@alex'>Alex Roe</a></div>"
        "<div><a href='/tag/a'>Alpha</a> <a href='/tag/b'>Beta</a></div></article></main>"
    )
    assert "Jane Doe" in out
    assert "Alex Roe" in out
    assert "Alpha" not in out


def test_label_and_value_blocks_of_a_fact_grid_keep_each_value() -> None:
    # A real-estate fact grid, one fact per pair of divs: "Cooling" shares its value with
    # "Heating", and de-duplicated away it read as having none.
    facts = "".join(
        f'<div class="fact"><div class="label">{label}</div><div class="value">{value}</div></div>'
        for label, value in (("Heating", "Central"), ("Cooling", "Central"), ("Parking", "Yes"))
    )
    out = render(
        f"<main><h1>12 Oak St</h1><p>{PROSE}</p><div class='facts'>{facts}</div>"
        "<div class='card'><div>Share</div><div>Save</div></div><p>Share</p>"
        f"<div><div>A first paragraph of a section.</div><div>{PROSE} More.</div></div></main>"
    )
    assert "Heating: Central\n\nCooling: Central\n\nParking: Yes" in out
    assert out.count("Share") == 1  # a lone pair is no grid: its repeat still goes
    assert "A first paragraph of a section.\n\nThis paragraph" in out


def _comment(user: str, text: str, score: int, replies: str = "") -> str:
    return (
        f'<div class="comment"><div class="meta"><a href="/user/{user}/">{user}</a> • '
        f'<time datetime="2024-03-01T10:00:00Z">3mo ago</time></div><p>{text}</p>'
        f"<div>{score}</div>{replies}</div>"
    )


def test_a_second_post_by_the_same_author_keeps_its_author_line() -> None:
    # Relative times are coarse: alice's two comments have the same header line, and her
    # reply, its header de-duplicated away, read as bob's.
    first = "Use a virtualenv per project; never install into the system Python."
    second = "uv is great but not everyone can install it at work."
    thread = _comment(
        "alice", first, 120, _comment("bob", "Or use uv, which does this for you.", 40)
    ) + _comment("alice", second, 8)
    out = render(f"<h1>Where to install packages?</h1><div class='thread'>{thread}</div>")
    header = "alice • 3mo ago (2024-03-01)"
    assert out.count(header) == 2
    assert f"{header}\n\n{second}" in out
