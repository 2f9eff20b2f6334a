"""What a fidelity review of more page families found in the renderer (session 8, review B):
shop and pricing cards, forum software, newsletters, API references, papers."""

from __future__ import annotations

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page


def render(body: str, url: str | None = "https://example.com/docs/page") -> str:
    return html_to_markdown(html_page(body), url=url)


def test_a_price_beside_its_buy_button_is_no_link_block() -> None:
    # Pricing cards and a store's purchase options: the button's words outweigh the price, so
    # the block read as a link block and every plan lost its price.
    cards = "".join(
        f'<div class="plan"><h3>{name}</h3><div class="cta"><span class="amount">{price}</span>'
        f'<a class="btn" href="/signup?plan={name}">Start free trial</a></div>'
        f"<ul><li>{users} users</li><li>Email support</li></ul></div>"
        for name, price, users in (("Basic", "$9/mo", 3), ("Team", "$29/mo", 10))
    )
    bundle = (
        '<div class="purchase"><h2>Buy Hades + Soundtrack</h2><div class="action">'
        '<div class="price">$34.98</div><div class="btn"><a href="/cart?add=2">'
        "<span>Add to Cart</span></a></div></div></div>"
    )
    out = render(f"<main><h1>Pricing</h1><p>{PROSE}</p>{cards}{bundle}<p>{PROSE}</p></main>")
    assert "$9/mo" in out
    assert "$29/mo" in out
    assert "$34.98" in out
    # A grid of linked product cards, each with its price, is still a link block, and so is a
    # cross-sell card with its own name and picture.
    cross_sell = (
        '<article class="card"><img src="m.jpg" alt="Magnetic mat"><h3><a href="/p/mat">'
        'Magnetic Project Mat</a></h3><span>$19.95</span><a href="/cart?add=7">Add to cart</a>'
        "</article>"
    )
    out = render(f"<main><h1>Kit</h1><p>{PROSE}</p>{cross_sell}<p>{PROSE}</p></main>")
    assert "Magnetic Project Mat" not in out
    grid = "".join(
        f'<div class="card"><a href="/p/{n}">Matching leather lead number {n}</a> '
        f"<span>${n}9.00</span></div>"
        for n in range(1, 4)
    )
    prose = f"<p>{PROSE}</p>" * 2
    out = render(f"<main><h1>Collar</h1>{prose}<div>{grid}</div>{prose}</main>")
    assert "Matching leather lead" not in out
