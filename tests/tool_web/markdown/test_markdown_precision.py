"""Precision passes of html_to_markdown: overlays, repeats, link-dense blocks, hidden text."""

from __future__ import annotations

import pytest

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page

POLICY = "Our privacy policy explains at great length how personal data is processed. " * 10


def render(body: str) -> str:
    return html_to_markdown(html_page(body), url="https://example.com/p")


def test_modal_dialog_in_footer_is_dropped_even_when_it_outweighs_the_content() -> None:
    out = render(
        f"<main><h1>Wool Runner</h1><p>{PROSE}</p></main>"
        f'<footer><div role="dialog" aria-modal="true"><p>{POLICY}</p></div></footer>'
    )
    assert "# Wool Runner" in out
    assert PROSE in out
    assert "privacy policy" not in out


FOOTNOTES = "".join(
    f"<li>{n}. Testing conducted in January using preproduction units; battery life varies "
    "with use and configuration. Trade-in values vary with the device's condition.</li>"
    for n in range(1, 4)
)


@pytest.mark.parametrize(
    "footer",
    [
        f'<footer id="globalfooter"><h2>Site Footer</h2><ol>{FOOTNOTES}</ol></footer>',
        f'<div role="contentinfo"><ol>{FOOTNOTES}</ol></div>',
    ],
)
def test_a_site_footer_beside_main_goes_even_when_it_outweighs_the_content(footer: str) -> None:
    # Apple's product pages end in a footer of footnotes and legal lines that holds more of
    # the page's text than its `main`: kept for its size, it was half of what the model read.
    out = render(f"<main><h1>Wool Runner</h1><p>{PROSE}</p><p>{PROSE}</p></main>{footer}")
    assert "# Wool Runner" in out
    assert PROSE in out
    assert "Testing conducted" not in out
    assert "Site Footer" not in out


def test_a_footer_holding_the_content_stays_when_main_is_only_a_banner() -> None:
    # libxml2 can leave the page's content inside the footer (an unclosed element), and a
    # `main` may wrap a banner alone: a footer that much larger than `main` is kept for its size.
    out = render(
        f"<main><p>Free shipping</p></main><footer><h1>Wool Runner</h1>"
        f"<p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p></footer>"
    )
    assert "# Wool Runner" in out
    assert PROSE in out


@pytest.mark.parametrize(
    "dialog",
    [
        'role="dialog"',
        "role='alertdialog'",
        "ROLE=dialog",
        'role = "dialog" class="x"',
        'aria-modal="true"',
        'ARIA-MODAL="true"',
        # Popovers are shown only when opened (Invision's app-install and push-notification
        # help, `<i-card popover>`): they are dialogs too.
        "popover",
        'popover="manual"',
        # A tooltip explaining its trigger is shown only while the trigger is hovered.
        'role="tooltip"',
        "role=tooltip",
    ],
)
def test_a_dialog_is_dropped_however_its_attributes_are_written(dialog: str) -> None:
    """The search for dialogs runs only when the source names one (convert.py's byte test):
    every way of writing the attributes that libxml2 reads as a dialog must pass that test."""
    out = render(
        f"<main><h1>Wool Runner</h1><p>{PROSE}</p><div {dialog}><p>{POLICY}</p></div></main>"
    )
    assert PROSE in out
    assert "privacy policy" not in out


def test_a_pop_up_named_dialog_by_its_class_goes_without_an_aria_role() -> None:
    # Lenovo's cart pop-up ("Add items to your cart? We've noticed that you've entered a
    # different store") is a `div.dialog` with no role; a script opens it, like a dialog.
    pop_up = (
        '<div class="merge_cart_dialog__wrapper"><div class="dialog"><h3>Add items to your'
        " cart?</h3><p>We've noticed that you've entered a different store. Do you want to add"
        " the items to your cart in this store?</p><button>Yes</button></div></div>"
    )
    out = render(f"<main><h1>ThinkPad X1</h1><p>{PROSE}</p>{pop_up}</main>")
    assert PROSE in out
    assert "different store" not in out


@pytest.mark.parametrize(
    "drawer",
    [
        '<cart-drawer class="cart-drawer">{}</cart-drawer>',  # Shopify's Dawn
        '<div class="widget woocommerce widget_shopping_cart">{}</div>',  # WooCommerce
        '<div class="side-cart">{}</div>',
        '<div class="rafSliderCart">{}</div>',  # a PrestaShop theme's, in camelCase
        '<div id="SideCart">{}</div>',
    ],
)
def test_a_shops_cart_drawer_goes(drawer: str) -> None:
    # A shop's theme writes its cart drawer into every page, shown when the cart button is
    # pressed: an empty cart's message, delivery options, a store's address and hours.
    panel = (
        "<h2>Your cart</h2><p>Your cart is empty. Free delivery on orders over $59, or"
        " collect in store: 15 Crebillon Street, open Monday to Saturday 10:30-19:00.</p>"
        "<a href='/'>Continue shopping</a>"
    )
    out = render(
        f"<main><h1>Flame diffuser</h1><p>{PROSE}</p><p>{PROSE}</p></main>{drawer.format(panel)}"
        "<footer><p>Shop</p></footer>"
    )
    assert PROSE in out
    assert "Your cart is empty" not in out


def test_a_cartridge_or_an_add_to_cart_block_is_no_cart_drawer() -> None:
    out = render(
        f"<main><h1>Printer</h1><p>{PROSE}</p>"
        '<div class="InkCartridge"><p>Uses the 305XL black ink cartridge, about 240 pages.</p>'
        '</div><div class="productAddToCart"><p>Ships in two days from our warehouse.</p>'
        '</div><div class="buybox shopping-cart-form"><p>Order by noon for same-day dispatch.</p>'
        "</div></main>"
    )
    assert "305XL black ink cartridge" in out
    assert "Ships in two days" in out
    assert "Order by noon" in out  # a buy box named for the cart, not WooCommerce's widget


@pytest.mark.parametrize(
    "page",
    [
        # Drupal wraps every page in `dialog-off-canvas-main-canvas`: not the whole word.
        f'<div class="dialog-off-canvas-main-canvas"><main><h1>Parks</h1><p>{PROSE}</p>'
        "<p>Opening hours are posted at every gate of the park.</p></main></div>",
        # A page-sized block a theme happens to call `dialog` is no pop-up.
        f'<main><h1>Parks</h1><p>{PROSE}</p><div class="dialog">'
        + f"<p>{PROSE}</p>" * 20
        + "<p>Opening hours are posted at every gate of the park.</p></div></main>",
    ],
)
def test_a_wrapper_or_page_sized_block_named_dialog_stays(page: str) -> None:
    out = render(page)
    assert PROSE in out
    assert "Opening hours are posted" in out


def test_a_tooltip_explaining_its_trigger_goes_and_the_trigger_stays() -> None:
    # A shop's delivery line explains each term in a tooltip shown on hover ("Import fees:
    # customs may apply…"); read in line, every explanation ran into the facts it explains.
    out = render(
        f"<main><h1>Wool Runner</h1><p>{PROSE}</p><p>Delivery: 3–5 days "
        '<span tabindex="0" aria-describedby="fees">Import fees may apply</span>'
        '<span role="tooltip" id="fees">Customs may apply import fees when your item arrives,'
        " including duties and taxes collected by the carrier.</span></p></main>"
    )
    assert "Delivery: 3–5 days" in out
    assert "Import fees may apply" in out
    assert "Customs may apply" not in out


def test_a_tooltip_body_named_so_goes_and_its_label_stays() -> None:
    # Tooltips drawn without their role name their body instead (a headphone shop's
    # `<tool-tip><div class="tool-tip__content">`, W3Schools' `tooltiptext`, a review site's
    # `tooltip-text` disclosure): the explanation of a spec's name ran into the spec, "Cup
    # style Open-back headphone designs are often higher-performance…" over "Open-Back". A
    # short one is a label and stays, as a `role=tooltip`'s does.
    out = render(
        f"<main><h1>Sundara</h1><p>{PROSE}</p>"
        '<div class="overview-item"><h4>Cup style <tool-tip class="tool-tip">'
        '<div class="tool-tip__content">Open-back designs are often higher-performance but'
        " leak sound.</div></tool-tip></h4><p>Open-Back</p></div>"
        '<p><span class="tooltip">Impedance<span class="tooltiptext">Usually between 8 and 600'
        " ohm; most consumer headphones have 32 ohm.</span></span>: 37 ohm</p>"
        '<p><span class="icon-tooltip-text">Woman owned</span></p></main>'
    )
    assert PROSE in out
    assert "Cup style" in out
    assert "Open-Back" in out
    assert "Impedance" in out
    assert "37 ohm" in out
    assert "Woman owned" in out
    assert "leak sound" not in out
    assert "Usually between" not in out


def test_a_popover_body_named_so_goes_and_its_trigger_stays() -> None:
    # Shops preload what their popovers open (Amazon's `a-popover-preload`, Bootstrap's
    # `popover`, iHerb's `cms-popover-tooltip`): Kindle pitches, "Your session has expired",
    # "100% authentic… Shipping weight" explanations, read as the product's own text.
    out = render(
        f"<main><h1>Wool Runner</h1><p>{PROSE}</p>"
        '<a class="a-popover-trigger a-declarative" href="#">4.5 out of 5 stars</a>'
        '<div class="a-popover-preload"><p>Download the free app and start reading books'
        " instantly on your phone.</p></div>"
        '<button class="wt-popover__trigger">Star Seller</button>'
        '<div class="popover fade"><p>Star Sellers have an outstanding track record.</p></div>'
        '<div id="cms-popover-tooltip"><p>Shipping weight includes the packaging.</p></div>'
        "</main>"
    )
    assert PROSE in out
    assert "4.5 out of 5 stars" in out
    assert "Download the free app" not in out
    assert "outstanding track record" not in out
    assert "Shipping weight" not in out


def test_a_tooltip_that_is_a_short_label_stays() -> None:
    # A few words in a tooltip are a label (a publication's name on a story card), often the
    # only place the card names it: not an explanation.
    cards = "".join(
        f'<li><h2><a href="/s/{n}">Scaling our video pipeline, part {n}</a></h2>'
        '<div role="tooltip">Tech Blog of Example</div></li>'
        for n in range(3)
    )
    out = render(f"<main><h1>Stories</h1><p>{PROSE}</p><ul>{cards}</ul></main>")
    assert out.count("Tech Blog of Example") == 3


def test_a_site_footer_kept_for_its_size_is_dropped_from_the_selection() -> None:
    # A listing whose cards are short links (or filled in by a script) has little text of its
    # own, and a footer of legal notes and link columns out-weighed it: kept for its size, it
    # ran on after the products ("Apple Card Monthly Installments is a 0% APR payment option…").
    cards = "".join(f'<li><a href="/p/{n}">Wool Runner {n}</a> $9{n}</li>' for n in range(4))
    legal = "<p>Financing is available to qualified customers, subject to credit approval.</p>"
    out = render(
        f"<main><h1>Shoes</h1><p>Our shoes, in wool.</p><ul>{cards}</ul></main>"
        f"<footer><h2>Footer</h2>{legal * 4}<ul><li><a href='/about'>About us</a></li></ul>"
        "</footer>"
    )
    assert "# Shoes" in out
    assert "Wool Runner 3" in out
    assert "Financing" not in out
    assert "About us" not in out
    # A footer holding the page's title, or nearly all its text, is the page.
    out = render(f"<footer><h1>Shoes</h1>{legal * 4}</footer><p>Made in Oslo.</p>")
    assert "# Shoes" in out
    assert "Financing" in out
    out = render(f"<p>Made in Oslo.</p><footer>{legal * 40}</footer>")
    assert "Financing" in out
    # A post's or a quotation's footer is theirs.
    out = render(
        f"<main><h1>Shoes</h1><article><p>Our shoes.</p><footer>{legal * 4}</footer></article>"
        "</main>"
    )
    assert "Financing" in out


def test_a_site_menu_or_header_kept_for_its_size_is_dropped_from_the_selection() -> None:
    # A bank's mega-menu and a shop's category header out-weighed a thin page (a calculator,
    # a listing filled in by a script) and stood before its content.
    menu = "".join(
        f"<li><a href='/{n}'>Best high-yield savings accounts {n}</a> and how to choose one</li>"
        for n in range(6)
    )
    content = "<main><p>Use this calculator to plan your retirement.</p></main>"
    for chrome in (f"<nav><ul>{menu}</ul></nav>", f"<header><ul>{menu}</ul></header>"):
        out = render(f"<div>{chrome}{content}</div>")
        assert "Use this calculator" in out
        assert "savings accounts" not in out
    # A card's header, and a header holding the page's title, are content.
    out = render(f"<ul><li><header><ul>{menu}</ul></header></li></ul>{content}")
    assert "savings accounts" in out
    out = render(f"<header><h1>Savings</h1><ul>{menu}</ul></header>{content}")
    assert "# Savings" in out
    assert "savings accounts" in out


def test_consent_manager_layer_is_dropped() -> None:
    out = render(
        f'<div id="onetrust-consent-sdk"><p>{POLICY}</p></div><article><p>{PROSE}</p></article>'
    )
    assert PROSE in out
    assert "privacy policy" not in out


def test_a_page_that_is_only_a_dialog_keeps_it() -> None:
    out = render(f'<div role="dialog"><p>{PROSE}</p></div>')
    assert PROSE in out


def test_a_products_details_opened_in_a_dialog_or_modal_stay() -> None:
    # A shop's "Description" sheet and IKEA's "Product details" modal hold the product's
    # description and specifications, opened by its own button: dropped with the dialogs, the
    # product had none. A cookie dialog and the shop's delivery sheet beside them still go.
    sheet = (
        '<div role="dialog" aria-modal="false" class="sheet"><div class="sheet-header">'
        '<h5>{title}</h5><button aria-label="Close"></button></div>'
        '<div class="sheet-content"><p>{text}</p></div></div>'
    )
    out = render(
        f"<main><h1>Arrival T-Shirt</h1><p>{PROSE}</p><p>$30</p>"
        '<button class="info"><h5>Description</h5></button>'
        + sheet.format(title="Description", text="Slim fit, sweat-wicking, 100% polyester.")
        + '<button class="info"><h5>Delivery &amp; Returns</h5></button>'
        + sheet.format(title="Delivery &amp; Returns", text="Standard shipping takes a week.")
        + '<div class="pd-product-details-modal"><h2 class="pd-product-details-modal__title">'
        'Product details</h2><div class="pd-product-details-modal__container">'
        "<p>Designer: Tord Björklund. Wipe clean using a damp cloth.</p></div></div></main>"
        '<div role="dialog" aria-modal="true" aria-label="Cookie preferences">'
        "<p>We use cookies to improve your experience on our site.</p></div>"
    )
    assert "Slim fit, sweat-wicking, 100% polyester." in out
    assert "## Product details\n\nDesigner: Tord Björklund." in out
    assert "Standard shipping" not in out
    assert "We use cookies" not in out


def test_headers_inside_articles_are_content_but_the_site_header_is_not() -> None:
    cards = "".join(
        f"<article><header><h2>Story {n}</h2><p>By Ann, {n} May</p></header><p>{PROSE}</p>"
        "</article>"
        for n in range(3)
    )
    out = render(f"<header><p>Site name and tagline</p></header><div>{cards}</div>")
    assert "## Story 0" in out
    assert "## Story 2" in out
    assert "By Ann, 1 May" in out
    assert "Site name" not in out


def test_repeated_blocks_are_shown_once_but_repeated_code_is_kept() -> None:
    posts = "".join(
        f"<div><p>Post {n}: {PROSE}</p><div>Reply</div><div>Report</div></div>" for n in range(4)
    )
    code = "<pre><code>make test</code></pre>"
    out = render(f"<h2>Thread</h2>{posts}<h2>Thread</h2>{code}<p>again</p>{code}")
    assert out.count("Reply") == 1
    assert out.count("Report") == 1
    assert out.count("## Thread") == 2  # the second heads new content (the code)
    assert all(f"Post {n}:" in out for n in range(4))
    assert out.count("```\nmake test\n```") == 2


PRODUCT_LD = '<script type="application/ld+json">{"@type": "Product", "name": "Kit"}</script>'
PROMISES = (
    "Purchase with purpose! Repair makes a global impact and saves you money.",
    "All our products meet rigorous standards and carry industry-leading guarantees.",
    "Same day shipping on every order placed by 4PM Eastern.",
)


def test_a_band_copying_lines_of_a_products_list_is_shown_once() -> None:
    # A shop writes its promises as a list in the buy box and again, split into titles and
    # sentences, in a band below: the model read each promise twice. A plan's feature line
    # written again alone, under another plan, is no band and stays.
    items = "".join(f"<li>{promise}</li>" for promise in PROMISES)
    band = (
        "<div class='band'><p>Purchase with purpose</p>"
        "<p>Repair makes a global impact and saves you money.</p><p>Repair with confidence</p>"
        "<p>All our products meet rigorous standards and carry industry-leading guarantees.</p>"
        "</div>"
    )
    single = "<p>A verification process proves you are a trusted sender of campaigns.</p>"
    page = html_page(
        f"<main><h1>Driver Kit</h1><ul>{items}</ul><p>{PROSE}</p>{band}"
        f"<h2>Plans</h2><ul><li>{single[3:-4]}</li><li>Local numbers</li></ul>"
        f"<h3>Short codes</h3>{single}</main>",
        head=PRODUCT_LD,
    )
    out = html_to_markdown(page)
    assert out.count("Repair makes a global impact and saves you money.") == 1
    assert out.count("All our products meet rigorous standards") == 1
    assert "Purchase with purpose\n" in out  # the band's short titles are no sentences
    assert out.count("A verification process proves you are a trusted sender") == 2


def test_a_products_list_copied_whole_from_an_earlier_block_is_shown_once() -> None:
    # A shop writes the short description's list beside the price and again, without its
    # first line, into the "Description" tab: the model read the dress's facts twice. A
    # card's few features found whole in another card's list stay: each card has its own.
    facts = (
        "<li>Cute strappy dress</li><li>Three layers of flowy dress with side zip</li>"
        "<li>Materials: 100% hemp, azo-free dyed</li><li>Care: dry clean only</li>"
    )
    cards = "".join(
        f"<div><h3>{name}</h3><ul><li>Closed</li><li>Circumaural</li><li>Dynamic</li></ul></div>"
        for name in ("DT 770", "HD 280")
    )
    page = html_page(
        f"<main><h1>Hemp dress</h1><p>$149</p><ul>{facts}</ul><p>{PROSE}</p>"
        f"<h2>Description</h2><ul>{facts.split('</li>', 1)[1]}</ul>"
        f"<h2>Compare</h2>{cards}</main>",
        head=PRODUCT_LD,
    )
    out = html_to_markdown(page)
    assert out.count("Three layers of flowy dress with side zip") == 1
    assert out.count("Care: dry clean only") == 1
    assert out.count("- Closed\n- Circumaural\n- Dynamic") == 2


def test_a_line_saying_the_same_words_twice_in_a_row_says_them_once() -> None:
    # A button's label and the copy that rolls in on hover, a title drawn over its plain copy.
    out = render(
        f"<h1>Security</h1><p>{PROSE}</p>"
        "<h2><span>Cloud Security</span><span>Cloud Security</span></h2>"
        "<p><b><span>AI for Security</span> <span>AI for Security</span></b></p>"
        "<ul><li><span>Book a call</span> <span>Book a call</span></li><li>Or write</li></ul>"
        "<p>Sing Sing</p><p>ha ha ha ha</p><table><tr><td>Yes Yes</td><td>Yes Yes</td></tr></table>"
    )
    assert "## Cloud Security\n" in out
    assert "**AI for Security**\n" in out
    assert "- Book a call\n" in out
    assert "Sing Sing" in out  # one word twice: a name, not a copy
    assert "ha ha ha ha" in out  # a run of one word, not two copies of "ha ha"


def test_a_ticker_line_of_one_phrase_written_many_times_says_it_once() -> None:
    # A marquee writes its text again and again to scroll without a gap: 99 spans of
    # "Book Now *" read as one line of 99 copies. Fewer than four copies may be meant (a
    # reader's cheer), a run of one word is written so, and a phrase repeated without a
    # ticker's mark between the copies is no ticker's.
    ticker = '<span>Book Now <span class="star">*</span></span>' * 99
    out = render(
        f"<h1>Packaging</h1><p>{PROSE}</p><div class='marquee'>{ticker}</div>"
        "<p>Les Miserable! Les Miserable! Les Miserable!</p>"
        "<p>ha ha ha ha ha ha ha ha</p>"
        "<p>all work and no play all work and no play all work and no play all work and no play</p>"
        "<ul><li>Free shipping · Free shipping · Free shipping · Free shipping ·</li></ul>"
    )
    assert "\n\nBook Now\n" in out
    assert out.count("Book Now") == 1
    assert "Les Miserable! Les Miserable! Les Miserable!" in out
    assert "ha ha ha ha ha ha ha ha" in out
    assert out.count("all work and no play") == 4
    assert "- Free shipping" in out
    assert "·" not in out  # what the ticker set between its copies


def test_a_heading_saying_its_words_twice_in_a_list_item_or_a_quote_says_them_once() -> None:
    # The heading's marks after an item's or a quote's marker are marks too, not its words.
    out = render(
        f"<h1>Services</h1><p>{PROSE}</p>"
        "<ul><li><h3><span>Free Delivery</span> <span>Free Delivery</span></h3></li>"
        "<li><h3>Returns</h3></li></ul>"
        "<blockquote><h4><span>Our Promise</span> <span>Our Promise</span></h4></blockquote>"
    )
    assert "- ### Free Delivery\n" in out
    assert "> #### Our Promise" in out
    assert "Our Promise Our Promise" not in out


def test_repeated_headings_and_labels_stay_over_new_content_only() -> None:
    products = "".join(
        f"<h2>Model {n}</h2><h3>Pros</h3><ul><li>battery {n}</li></ul>"
        f"<p><b>Cons:</b></p><ul><li>weight {n}</li></ul>"
        for n in range(2)
    )
    # A mobile copy of the first product's section: every block in it is a repeat.
    mobile = "<h3>Pros</h3><ul><li>battery 0</li></ul><p><b>Cons:</b></p><ul><li>weight 0</li></ul>"
    out = render(f"<h1>Laptops</h1><p>{PROSE}</p>{products}{mobile}<h2>Verdict</h2><p>Buy.</p>")
    assert ("## Model 1\n\n### Pros\n\n- battery 1\n\n**Cons:**\n\n- weight 1\n\n## Verdict") in out
    assert out.count("### Pros") == 2
    assert out.count("**Cons:**") == 2


def test_each_card_keeps_its_fields_even_when_they_repeat() -> None:
    cards = "".join(
        f"<div class='card'><h3>Monitor arm model {n}</h3><p>For monitors: 5-22 lbs</p>"
        "<p>Save</p></div>"
        for n in range(4)
    )
    out = render(f"<h1>Monitor arms</h1><p>{PROSE}</p>{cards}")
    assert out.count("For monitors: 5-22 lbs") == 4
    assert out.count("Save") == 1


def test_card_fields_without_numbers_repeat_but_long_labelled_paragraphs_do_not() -> None:
    note = "Note: " + PROSE  # a long repeated block that merely starts with a label
    cards = "".join(
        f"<div class='card'><h3>Arm kit {n}</h3><p>M/Flex: scalable to six monitors</p>"
        f"<p>{note}</p></div>"
        for n in range(3)
    )
    out = render(f"<h1>Arms</h1><p>{PROSE}</p>{cards}")
    assert out.count("M/Flex: scalable to six monitors") == 3
    assert out.count(note) == 1


@pytest.mark.parametrize(
    "price",
    [
        "$165.00",
        "From £9.99",
        "Starting at $434",
        "$10 - $20",
        "1.299,00 €",
        "129 kr",
        "$399.00 $199.00",  # the old price and the sale price, told apart by a class only
        "$159.95 Was $199.95",
        "$6.99 USD",  # Shopify's "show currency code" setting
    ],
)
def test_each_card_keeps_its_price_even_when_it_repeats(price: str) -> None:
    cards = "".join(
        f"<div class='card'><h3>Print number {n}</h3><p>{price}</p><p>Save</p></div>"
        for n in range(3)
    )
    out = render(f"<h1>Prints</h1><p>{PROSE}</p>{cards}")
    assert out.split("\n\n").count(price) == 3
    assert out.count("Save") == 1


@pytest.mark.parametrize("score", ["7.9", "4.5/5", "8,4"])
def test_each_ranked_item_keeps_its_score_even_when_it_repeats(score: str) -> None:
    rows = "".join(
        f"<div class='row'><div>{n}.</div><div><a href='/products/{n}'>Tool {n}</a></div>"
        f"<div>{score}</div><div>Save</div></div>"
        for n in range(1, 4)
    )
    out = render(f"<h1>Ranking</h1><p>{PROSE}</p>{rows}")
    assert out.split("\n\n").count(score) == 3
    assert out.count("Save") == 1


@pytest.mark.parametrize("field", ["$749.99", "4.6", "Color: Royal Black"])
def test_a_cards_field_written_twice_in_a_row_is_said_once(field: str) -> None:
    # A card writes its price (or score, or chosen colour) once per variant or layout and
    # shows one: the copy right under it is no other card's field.
    cards = "".join(
        f"<div class='card'><h3>Watch model {n}</h3><p>{field}</p><p>{field}</p></div>"
        for n in range(3)
    )
    out = render(f"<h1>Watches</h1><p>{PROSE}</p>{cards}")
    assert out.split("\n\n").count(field) == 3


def test_a_shops_filter_panel_goes_but_the_grid_and_prose_it_names_stay() -> None:
    # A category page's facets ("Brand", "Canon (125)", "Sort by") narrow the grid in a browser
    # and say nothing about its items; a theme that wraps the panel and the grid in one block
    # named `facets-vertical` keeps its grid (it holds the cards' pictures), and an FAQ whose
    # rows a theme names `facet-row` keeps its answers (prose).
    facets = (
        "<div class='facets-wrapper'><h2>Brand</h2><ul>"
        + "".join(f"<li><label>Lens maker {n} ({n}5)</label></li>" for n in range(6))
        + "</ul><h2>Sort by</h2><ul><li>Price, low to high</li><li>Newest first</li></ul>"
        "</div>"
    )
    cards = "".join(
        f"<li class='card'><img src='/lens{n}.jpg' alt=''><h3>Prime lens {n}</h3>"
        f"<p>${n}99.00</p></li>"
        for n in range(4)
    )
    answer = "Most mirrorless bodies take an adapter, and autofocus keeps working. " * 3
    faq = f"<div class='facet-row'><h3>Do old lenses fit?</h3><p>{answer.strip()}</p></div>"
    out = render(
        f"<h1>Lenses</h1><p>{PROSE}</p><div class='facets-vertical'>{facets}"
        f"<ul class='grid'>{cards}</ul></div>{faq}"
    )
    assert out.count("### Prime lens") == 4
    assert "$399.00" in out
    assert "Do old lenses fit?" in out
    assert answer.strip() in out
    for facet in ("Brand", "Lens maker 3 (35)", "Sort by", "Newest first"):
        assert facet not in out


@pytest.mark.parametrize(
    "name", ["ProductList_filtersDesktop__hrVLK", "searchRefinements", "FacetsPanel"]
)
def test_a_filter_panel_named_in_camel_case_goes(name: str) -> None:
    # CSS modules and styled components run a filter word into the next or previous one
    # (Adorama's `ProductList_filtersDesktop__hrVLK`): the split at punctuation left one word
    # no vocabulary knew, and "Canon (125)Fujifilm (101)" stood over the category's grid.
    facets = (
        f"<div class='{name}'><h2>Brand</h2><ul>"
        + "".join(f"<li><a href='/f/{n}'>Lens maker {n} ({n}5)</a></li>" for n in range(6))
        + "</ul></div>"
    )
    cards = "".join(
        f"<li class='card'><img src='/lens{n}.jpg' alt=''><h3>Prime lens {n}</h3>"
        f"<p>${n}99.00</p></li>"
        for n in range(4)
    )
    out = render(f"<h1>Lenses</h1><p>{PROSE}</p>{facets}<ul class='grid'>{cards}</ul>")
    assert out.count("### Prime lens") == 4
    assert "Lens maker 3" not in out


@pytest.mark.parametrize("name", ["filterset", "facetime-call", "subfilters", "ProductFilter"])
def test_a_word_running_into_a_filter_word_names_no_filter_panel(name: str) -> None:
    # Only a whole hump: `filterset`, `subfilters` or a singular `Filter` are other words.
    out = render(
        f"<h1>Lenses</h1><p>{PROSE}</p><div class='{name}'><h2>Brand</h2>"
        "<ul><li>Acme (12)</li><li>Globex (4)</li></ul></div>"
    )
    assert "Globex (4)" in out


def test_a_grid_inside_a_block_named_as_its_pager_stays() -> None:
    # Gymshark's CSS modules name the component that pages its product grid
    # `pagination_pagination__…`, around the grid itself: the grid went as a pager, and the
    # model read the category's SEO text without one product. A pager shows numbers, never
    # pictures or prose; the page's own pager still goes.
    cards = "".join(
        f"<article class='product-card'><img src='/t{n}.jpg' alt=''>"
        f"<h4><a href='/p/{n}'>Seamless T-Shirt {n}</a></h4><p>${n}6.00</p></article>"
        for n in range(4)
    )
    out = render(
        f"<h1>T-Shirts</h1><p>{PROSE}</p><div class='filtering-and-pagination_column__x1'>"
        f"<div class='pagination_pagination__rI_ag'><div role='list'>{cards}</div>"
        "<div class='pagination_pages'><a href='?page=2'>2</a> <a href='?page=3'>3</a>"
        " <a href='?page=2'>Next page</a></div></div></div>"
    )
    assert "Seamless T-Shirt 3" in out
    assert "$36.00" in out
    assert "Next page" not in out


def test_a_section_whose_id_is_its_headings_slug_is_no_filter_panel() -> None:
    # Sphinx and MkDocs give each section its heading's slug as id: a template language's
    # "Filters" section (`<section id="filters">`, short entries, no picture) is the page's
    # subject, not a shop's filter panel, which its class names.
    entries = "".join(
        f"<li><code>{name}(value)</code> – the value's {name}.</li>"
        for name in ("abs", "round", "lower", "upper")
    )
    out = render(
        f"<main><h1>Template Designer Documentation</h1><p>{PROSE}</p>"
        f"<section id='filters'><h2>Filters</h2><p>Variables can be modified by filters.</p>"
        f"<ul>{entries}</ul></section><section id='tests'><h2>Tests</h2><p>{PROSE}</p>"
        "</section></main><div id='sidebar' class='filters'><h2>Brand</h2>"
        "<ul><li>Acme (12)</li><li>Globex (4)</li></ul></div>"
    )
    assert "## Filters" in out
    assert "- `round(value)` – the value's round." in out
    assert "Globex (4)" not in out


def test_a_cards_controls_alone_on_their_line_are_dropped() -> None:
    # A shop's and a listing's cards end in controls ("Add to cart", "Quick view", "Read
    # more"): nothing the model can use, the name and price are beside them. De-duplication
    # kept the first card's, and a list's items (one block) kept every card's.
    cards = "".join(
        f"<li class='card'><h3>Wool Runner {n}</h3><p>${n}9.00</p>"
        f"<div class='btn'><span>Add to Cart</span></div><div><a href='#q{n}'>Quick view</a>"
        f"</div><div><a href='/p/{n}'><b>View options</b> ›</a></div></li>"
        for n in range(3)
    )
    more = "<p>Our guide to wool, in one paragraph.</p><p><a href='/guide'>Read more »</a></p>"
    out = render(f"<h1>Shoes</h1><p>{PROSE}</p><ul>{cards}</ul>{more}<div>Shop now</div>")
    assert out.count("### Wool Runner") == 3
    assert out.count("$19.00") == 1
    for control in ("Add to Cart", "Quick view", "View options", "Read more", "Shop now"):
        assert control not in out
    # Not the same words in a sentence, a heading, a table, code, or a link whose target the
    # model is shown (a newsletter's story, written beside its text).
    kept = (
        "<p>Press Add to cart to buy it.</p><h2>Compare</h2><table><tr><th>Plan</th><th>Buy"
        "</th></tr><tr><td>Basic</td><td>Buy now</td></tr></table><pre>read more\n</pre>"
        "<p>Markets had priced in the cut, traders said on Monday, and so had the banks. "
        "<a href='https://news.example.com/cut'>Read more</a></p>"
    )
    out = render(f"<h1>Shoes</h1><p>{PROSE}</p>{kept}")
    assert "Press Add to cart to buy it." in out
    assert "## Compare" in out
    assert "|Basic|Buy now|" in out
    assert "```\nread more\n```" in out
    assert "[Read more](https://news.example.com/cut)" in out


def test_a_sections_see_all_link_alone_on_its_line_is_dropped() -> None:
    # A section or a card ends in a link to the whole of what it shows a part of ("See all
    # reviews" under each of a review site's sections, "View all plans", a game shop's "See
    # all 29 supported languages"); its target not shown, like "View all" it says only that
    # there is more.
    sections = "".join(
        f"<section><h2>Audio {n}</h2><ul><li><h3>Best Speakers {n}</h3><p>{PROSE}</p></li>"
        f"</ul><div><a href='/audio/{n}'>See all reviews</a></div></section>"
        for n in range(3)
    )
    more = "<p><a href='/plans'>View all plans ›</a></p><div>See all 29 supported languages</div>"
    out = render(f"<h1>Electronics</h1>{sections}{more}<p>Last words.</p>")
    assert "See all" not in out
    assert "View all" not in out
    assert "### Best Speakers 2" in out
    assert "Last words." in out
    # Not in a sentence or a heading, nor "See more …" (as often a sentence's start), nor a
    # shop's "Shop all <category>" (the category's name).
    kept = (
        "<p>See all reviews in our archive before you buy one.</p><h2>See all events</h2>"
        "<p>See more about toll-free numbers</p><p>Shop All Gifts</p>"
    )
    out = render(f"<h1>Electronics</h1><p>{PROSE}</p>{kept}")
    assert "See all reviews in our archive" in out
    assert "## See all events" in out
    assert "See more about toll-free numbers" in out
    assert "Shop All Gifts" in out


def test_a_pages_feedback_prompt_alone_on_its_line_is_dropped() -> None:
    # A site asks its reader to rate the page under its text ("Was this page helpful?" with
    # Yes and No buttons, "Did this page help you? - Yes") and thanks them once they answer:
    # a control and its script's message, not the page's words.
    widget = (
        "<div><p><b>Was this page helpful?</b></p><button>Yes</button><button>No</button></div>"
        "<div><p>Did this page help you? - Yes</p><p>Thank you for your feedback!</p></div>"
        "<div>Was this article helpful for you?</div><div><p>Did you find this useful?</p></div>"
    )
    out = render(f"<main><h1>Tuning queries</h1><p>{PROSE}</p>{widget}<p>Last words.</p></main>")
    assert "useful" not in out
    assert "helpful" not in out
    assert "help you" not in out
    assert "feedback" not in out
    assert "Last words." in out
    # Not in a sentence or a heading, nor a review's "Was this review helpful?" (its votes say
    # what its readers thought of it).
    kept = (
        "<p>Was this page helpful to the committee when it met in May?</p>"
        "<h2>Was this article helpful?</h2><p>Was this review helpful?</p>"
        "<p>Did you find this review helpful?</p>"
    )
    out = render(f"<main><h1>Tuning queries</h1><p>{PROSE}</p>{kept}</main>")
    assert "Was this page helpful to the committee when it met in May?" in out
    assert "## Was this article helpful?" in out
    assert "Was this review helpful?" in out
    assert "Did you find this review helpful?" in out


def test_a_heading_echoing_the_line_before_it_is_dropped() -> None:
    # A shop theme writes each card's name three times: the picture's link, the title, and a
    # copy shown only when the card has no picture. In the list each card read as three
    # products of one name; only one line of each stays, the one showing the link's target.
    cards = "".join(
        f"<li class='grid__item'><div class='card'><div class='card__inner'>"
        f"<div class='card__media'><a href='/products/roast-{n}'>Dark Roast {n}</a>"
        f"<img src='/r{n}.jpg' alt=''></div><div class='card__content'><h3>"
        f"<a href='/products/roast-{n}'>Dark Roast {n}</a></h3></div></div>"
        f"<div class='card__content'><h3><a href='/products/roast-{n}'>Dark Roast {n}</a></h3>"
        f"<div class='price'>${n}9.99</div></div></div></li>"
        for n in range(3)
    )
    out = render(f"<h1>Coffee</h1><p>{PROSE}</p><ul>{cards}</ul>")
    assert out.count("Dark Roast 1") == 1
    assert "- ### [Dark Roast 1](https://example.com/products/roast-1)\n  $19.99" in out
    # Two headings of the same words with nothing between them: the first titled nothing.
    out = render(
        f"<h1>Roasts</h1><p>{PROSE}</p><h3>Why roast dark</h3><h3>Why roast dark</h3>"
        "<p>Because it tastes of chocolate.</p>"
    )
    assert out.count("Why roast dark") == 1
    # Not a new list item (the same poster's next post).
    posts = "".join(
        f"<li><h4>alice</h4><p>Post {n}: {PROSE}</p></li>"
        f"<li><h4>alice</h4><p>And {n}: I agree with that.</p></li>"
        for n in range(2)
    )
    out = render(f"<h1>Thread</h1><ul>{posts}</ul>")
    assert out.count("#### alice") == 4


def test_a_label_over_a_heading_of_its_words_goes_and_the_heading_stays() -> None:
    # A feature grid's tile names the panel it opens, and the panel's heading says it again
    # a blank line below ("Unmetered DDoS Protection" / "###### Unmetered DDoS Protection"):
    # the heading stays, as the section's title. A label showing a link target and a line
    # longer than a label (a paragraph, a section's lead-in) stay.
    tiles = "".join(
        f"<div class='tile'><span>{name}</span><div class='panel'><h6>{name}</h6>"
        f"<p>{name} comes with every plan.</p></div></div>"
        for name in ("Unmetered DDoS Protection", "Lossless Image Optimization")
    )
    lead_in = (
        "Why we roast our beans dark, slowly and in small batches, every single morning of the week"
    )
    out = render(
        f"<h1>Plans</h1><p>{PROSE}</p>{tiles}"
        "<p>Read how the firewall we run at the edge works in "
        "<a href='https://docs.example.org/waf'>the docs</a></p>"
        "<h3>Read how the firewall we run at the edge works in the docs</h3>"
        "<p>It filters requests.</p>"
        f"<p>{lead_in}</p><h3>{lead_in}</h3><p>Because it tastes of chocolate.</p>"
    )
    assert out.count("Unmetered DDoS Protection") == 2  # the heading and the sentence
    assert "###### Unmetered DDoS Protection\n\nUnmetered DDoS Protection comes" in out
    assert "###### Lossless Image Optimization" in out
    assert "edge works in [the docs](https://docs.example.org/waf)" in out
    assert "### Read how the firewall we run at the edge works in the docs" in out
    assert f"{lead_in}\n\n### {lead_in}" in out


def test_a_panels_and_a_posts_controls_alone_on_their_line_are_dropped() -> None:
    # Left alone when what they load or open went with the scripts ("Load more" under a list,
    # "Show less" under a panel), or standing under a post ("Share", Stack Overflow's "Add a
    # comment" button under every answer without comments): they tell the model nothing.
    controls = (
        "<p><a href='#'>Load more</a></p><p><button>Show less</button></p>"
        "<div><a href='#'>Expand all</a></div><div><a href='#'>Collapse all</a></div>"
        "<p><a href='/share'>Share</a></p><button><p>Add a comment</p></button>"
        "<div><a href='#c'>Leave a comment</a></div>"
    )
    out = render(f"<h1>Answers</h1><p>{PROSE}</p>{controls}<p>Last words of the answer.</p>")
    for control in ("Load more", "Show less", "Expand all", "Share", "Add a comment", "Leave a"):
        assert control not in out
    assert "Last words of the answer." in out
    # Not the same words in a sentence, or a heading.
    kept = "<p>Share it with a friend.</p><h2>Share</h2><p>Press Load more to see them.</p>"
    out = render(f"<h1>Answers</h1><p>{PROSE}</p>{kept}")
    assert "Share it with a friend." in out
    assert "## Share" in out
    assert "Press Load more to see them." in out


def test_a_learn_more_without_its_target_alone_on_its_line_is_dropped() -> None:
    # A feature tile's or a promise's call to action, its target not shown: a place the model
    # cannot go from here, under each tile of a shop's guarantees or a maker's feature bands.
    tiles = (
        "<div><h3>Lifetime guarantee</h3><p>We replace any part that breaks.</p>"
        "<a href='/guarantee'>Learn more</a></div>"
        "<div><h3>Fast shipping</h3><p>Orders placed by noon leave the same day.</p>"
        "<ul><li><a href='#'>Learn More</a></li></ul></div>"
    )
    out = render(f"<h1>Trail pack</h1><p>{PROSE}</p>{tiles}")
    assert "Learn more" not in out.replace("Learn More", "Learn more")
    assert "We replace any part that breaks." in out
    assert "Orders placed by noon leave the same day." in out
    # Not the words in a sentence, nor a label that says more.
    kept = (
        "<p>Read the care guide to learn more.</p><p><a href='/care'>Learn more about care</a></p>"
    )
    out = render(f"<h1>Trail pack</h1><p>{PROSE}</p>{kept}")
    assert "Read the care guide to learn more." in out
    assert "Learn more about care" in out


def test_a_shops_page_controls_alone_on_their_line_are_dropped() -> None:
    # A shop's buttons whose widget, list or cart went with the scripts and forms: they stood
    # alone between the product's facts, saying nothing of the product.
    controls = (
        "<p><button>Write a Review</button></p><p><a href='#'>Wishlist</a></p>"
        "<p><button>Notify Me</button></p><p><b>Share:</b></p><p><a href='#top'>Back to top</a>"
        "</p><p><a href='/cart'>View Cart</a></p><p><a href='/checkout'>Proceed to Checkout</a></p>"
    )
    out = render(
        f"<main><h1>Tumbler</h1><p>{PROSE}</p><p>Keeps ice for a day.</p>{controls}</main>"
    )
    for control in ("Write a Review", "Wishlist", "Notify Me", "Share:", "Back to top", "View"):
        assert control not in out
    assert "Proceed" not in out
    assert "Keeps ice for a day." in out
    # Not the words in a sentence, nor a heading.
    kept = "<h2>Write a review</h2><p>Write a review to tell us what you think.</p>"
    out = render(f"<main><h1>Tumbler</h1><p>{PROSE}</p>{kept}</main>")
    assert "## Write a review" in out
    assert "Write a review to tell us what you think." in out


def test_a_placeholder_left_for_a_script_alone_on_its_line_is_dropped() -> None:
    # A script replaces "Loading..." with what it loads (a shop's reviews, payment options, a
    # blog's posts); without scripts the placeholder stood alone, saying nothing the page shows.
    placeholders = (
        "<div class='reviews'><p>Loading...</p></div><div><span>Loading</span></div>"
        "<p>Loading Questions\u2026</p><p><b>Checking payment options...</b></p>"
        "<p>One moment please...</p><p>Please wait\u2026</p>"
    )
    out = render(f"<h1>Fire pit</h1><p>{PROSE}</p>{placeholders}<p>Last words.</p>")
    for placeholder in ("Loading", "Checking", "One moment", "Please wait"):
        assert placeholder not in out
    assert "Last words." in out
    # The same words as a list's item, a heading or in a sentence are content: a mover's
    # services ("Loading", "Unloading"), a guide's "Checking headers".
    kept = (
        "<ul><li>Loading</li><li>Unloading</li></ul><h3>Checking headers</h3>"
        "<p>Loading the truck takes an hour.</p><p>Loading the truck</p>"
    )
    out = render(f"<h1>Moving help</h1><p>{PROSE}</p>{kept}")
    assert "- Loading\n- Unloading" in out
    assert "### Checking headers" in out
    assert "Loading the truck takes an hour." in out
    assert "Loading the truck" in out.splitlines()


def test_a_posts_reading_time_alone_on_its_line_is_dropped() -> None:
    # A blog's listing prints each post's reading time under its title ("7 min read"): the
    # site's estimate of a length the model sees once it fetches the post, under every card.
    cards = "".join(
        f"<article><h2><a href='/p/{n}'>Post number {n} about agents</a></h2>"
        f"<p>Teaser of post {n}.</p><small>{n + 2} min read</small></article>"
        for n in range(3)
    )
    out = render(
        f"<h1>Posts</h1><p>{PROSE}</p>{cards}<p><span>12-minute read</span></p>"
        "<ul><li>6 MIN. READ</li></ul>"
    )
    assert "Teaser of post 2." in out
    assert "min read" not in out.lower()
    assert "minute read" not in out
    # In a sentence, or a heading, the same words stay.
    kept = "<p>It is a 5 min read for the whole team.</p><h3>5 min read</h3>"
    out = render(f"<h1>Guide</h1><p>{PROSE}</p>{kept}")
    assert "It is a 5 min read for the whole team." in out
    assert "### 5 min read" in out


def test_a_bold_loading_label_over_its_section_stays() -> None:
    # A manual's bold label alone on its line titles the steps under it: "Loading" is a
    # placeholder only as written plain (a script's text), or with its ellipsis.
    manual = (
        "<p><b>Loading</b></p><p>Put plates in the lower rack, facing the centre.</p>"
        "<p><strong>Unloading</strong></p><p>Empty the lower rack first.</p>"
    )
    out = render(f"<h1>Dishwasher guide</h1><p>{PROSE}</p>{manual}")
    assert "**Loading**" in out.splitlines()
    assert "**Unloading**" in out.splitlines()


def test_a_count_standing_alone_is_still_shown_once() -> None:
    # Whole numbers alone are mostly counters (votes, replies): not taken for scores.
    posts = "".join(f"<div class='post'><p>{n}: {PROSE}</p><span>0</span></div>" for n in range(3))
    out = render(f"<h1>Thread</h1>{posts}")
    assert out.split("\n\n").count("0") == 1


def test_a_repeated_subtitle_under_each_new_item_stays_with_it() -> None:
    # A listing of conferences: each an `h2` name over an `h3` place. The second event in a
    # city had its place de-duplicated away, and read as placeless.
    events = "".join(
        f"<div class='event'><h2>{name}</h2><h3>Tech conference in {city}</h3></div>"
        for name, city in (
            ("FABCON", "Atlanta, Georgia"),
            ("Visual Studio Live! 2026", "Las Vegas, Nevada"),
            ("VSLive! Las Vegas", "Las Vegas, Nevada"),
        )
    )
    out = render(f"<h1>Conferences</h1><p>{PROSE}</p>{events}<h2>Ask us</h2><h2>Ask us</h2>")
    assert "## VSLive! Las Vegas\n\n### Tech conference in Las Vegas, Nevada" in out
    assert out.count("Tech conference in Las Vegas, Nevada") == 2
    assert out.count("## Ask us") == 1  # a repeated heading under nothing new still goes


def test_link_dense_block_inside_prose_is_dropped() -> None:
    related = "".join(
        f'<li><a href="/post/{n}">Another story number {n}</a></li>' for n in range(6)
    )
    out = render(
        f"<div><h1>Article</h1>{''.join(f'<p>{n}. {PROSE}</p>' for n in range(6))}"
        f"<div><ul>{related}</ul></div><p>Closing words of the article.</p></div>"
    )
    assert "Closing words" in out
    assert "Another story" not in out


def _references(items: str) -> str:
    return render(
        f"<div><h1>Meditation</h1>{''.join(f'<p>{n}. {PROSE}</p>' for n in range(16))}"
        f"<div><div><h2>Key References</h2></div><div><div><ul>{items}</ul></div></div></div>"
        "<p>Closing words of the article.</p></div>"
    )


def test_a_references_list_is_no_link_block_under_its_heading() -> None:
    # Each reference is its authors, its title linked to the paper and its journal: a list
    # whose items have words of their own is no link block, but the pruning walks top-down
    # and the block holding the heading and the list went first, mostly link text.
    out = _references(
        "".join(
            f"<li>Anheyer D, Leach MJ, et al. <a href='https://pubmed.example/{n}'>"
            f"Mindfulness-based stress reduction for treating chronic headache, part {n}: a "
            f"systematic review</a>. Cephalalgia. 2019;39(4):544-555.</li>"
            for n in range(4)
        )
    )
    assert "## Key References" in out
    assert "Anheyer D, Leach MJ, et al." in out
    assert "chronic headache, part 3: a systematic review" in out


def test_a_menu_of_labelled_link_lists_is_still_a_link_block() -> None:
    # Its entries' own words are labels over lists of links, or separators: not references.
    menu = _references(
        "".join(
            f"<li><span>Products and services {n}</span><ul>"
            + "".join(
                f"<li><a href='/p/{n}/{m}'>Service page number {m}</a></li>" for m in range(4)
            )
            + "</ul></li>"
            for n in range(4)
        )
    )
    trail = _references(
        "".join(f"<li>» <a href='/c/{n}'>Category page number {n}</a></li>" for n in range(4))
    )
    assert "Products and services" not in menu
    assert "Category page number" not in trail
    assert "Closing words of the article." in menu


def test_a_data_tables_linked_names_are_not_link_blocks() -> None:
    rows = "".join(
        f"<tr><td><a href='/p{i}'>Model {i}</a></td><td>${i}0</td></tr>" for i in (1, 2, 3)
    )
    out = render(
        f"<div><h1>Best picks</h1>{''.join(f'<p>{n}. {PROSE}</p>' for n in range(4))}"
        f"<table><tr><th>Model</th><th>Price</th></tr>{rows}</table></div>"
    )
    assert "|Model 1|$10|" in out
    assert "|Model 3|$30|" in out


def test_links_are_kept_when_they_are_the_content() -> None:
    items = "".join(
        f'<li><a href="/item/{n}">Listing item number {n} with a title</a> short note</li>'
        for n in range(12)
    )
    out = render(f"<div><h1>Listing</h1><p>Intro text.</p><ul>{items}</ul></div>")
    assert all(f"Listing item number {n} with a title" in out for n in range(12))


def test_cards_wrapped_in_their_links_are_no_link_block() -> None:
    # A feature grid whose cards are links around a heading and a description: the
    # description is link text only because the card is clickable, and the same card written
    # as `<h3><a>…</a></h3><p>…</p>` was never a link block. The grid went whole.
    features = "".join(
        f"<a href='/docs/{n}' class='feature-card'><h3>Feature {n}</h3>"
        f"<p>Run and debug your code number {n} without leaving your editor.</p></a>"
        for n in range(6)
    )
    menu = "".join(f"<li><a href='/menu/{n}'>Another menu entry {n}</a></li>" for n in range(6))
    out = render(
        f"<div><h1>Editor</h1>{''.join(f'<p>{n}. {PROSE}</p>' for n in range(24))}"
        f"<section><h2>Code with rich features</h2><div class='grid'>{features}</div></section>"
        f"<div><ul>{menu}</ul></div><p>Closing words.</p></div>"
    )
    assert "Feature 5" in out
    assert "Run and debug your code number 5 without leaving your editor." in out
    assert "Menu entry" not in out  # links with no description are still a link block


def test_table_of_contents_of_in_page_anchors_is_dropped() -> None:
    toc = "".join(f'<li><a href="#s{n}">Section heading {n}</a></li>' for n in range(5))
    out = render(f"<div><ul>{toc}</ul><h2>Body</h2><p>{PROSE}</p></div>")
    assert PROSE in out
    assert "Section heading" not in out


@pytest.mark.parametrize(
    "title",
    ["<h2>Table of Contents</h2>", "<p><strong>In this article:</strong></p>", "<div>目次</div>"],
)
def test_the_title_of_a_table_of_contents_goes_with_it(title: str) -> None:
    # Left behind, "Table of Contents" headed the article's first section.
    toc = "".join(f'<li><a href="#s{n}">Section heading {n}</a></li>' for n in range(5))
    out = render(f"<div><h1>Guide</h1>{title}<ul>{toc}</ul><h2>Body</h2><p>{PROSE}</p></div>")
    assert out == f"# Guide\n\n## Body\n\n{PROSE}"


_TOC_LINKS = "".join(f'<li><a href="#s{n}">Section heading {n}</a></li>' for n in range(5))


@pytest.mark.parametrize(
    "contents",
    [
        # Easy Table of Contents (WordPress): the title in a title bar beside a toggle, the
        # list in a `nav` beside the bar.
        '<div id="ez-toc-container" class="ez-toc-v2_0_80 ez-toc-grey"><div '
        'class="ez-toc-title-container"><p class="ez-toc-title">Table of Contents</p><span '
        'class="ez-toc-title-toggle"><a href="#" class="ez-toc-toggle" aria-label="Toggle Table '
        'of Content"><span class="ez-toc-icon-toggle-span"></span></a></span></div>'
        f'<nav><ul class="ez-toc-list">{_TOC_LINKS}</ul></nav></div>',
        # An empty container a script fills with the headings' links.
        '<div class="new-toc"><strong>Table of contents</strong><ul></ul></div>',
        '<div class="toc-left"><h3>Table of Contents</h3><div id="toc-container"></div></div>',
        '<section class="inline-anchor-links"><h2 class="inline-anchor-links-title">On this '
        "page</h2></section>",
        # A line break between the title and the list.
        f'<div class="callout"><p><strong>Table of Contents</strong></p><br><ul>{_TOC_LINKS}'
        "</ul></div>",
        # The title and the links in one table cell.
        "<table><tr><td><h4><strong>Table of Contents</strong></h4>"
        + "".join(f'<p><a href="#s{n}">Section heading {n}</a></p>' for n in range(4))
        + "</td></tr></table>",
    ],
)
def test_a_contents_title_does_not_outlive_its_list(contents: str) -> None:
    # Left behind when its list went (or never came: a script fills it), "Table of Contents"
    # headed the article's first section.
    out = render(f"<div><h1>Guide</h1>{contents}<h2>Body</h2><p>{PROSE}</p></div>")
    assert out == f"# Guide\n\n## Body\n\n{PROSE}"


def test_a_contents_title_wrapped_alone_over_a_list_of_words_stays() -> None:
    # Page builders wrap each heading in a widget of its own: a contents list of plain words
    # in the next widget is the page's text, and so is its title.
    items = "".join(f"<li>Chapter {n}: the part of the report on topic {n}</li>" for n in range(4))
    out = render(
        f"<div><h1>Report</h1><div class='widget'><h2>Table of Contents</h2></div>"
        f"<div class='widget'><ul>{items}</ul></div><p>{PROSE}</p></div>"
    )
    assert "## Table of Contents" in out
    assert "- Chapter 0: the part" in out


def test_a_sections_own_heading_over_its_contents_list_stays() -> None:
    # nginx's module pages: the module's heading, its list of directives, then its text.
    toc = "".join(f'<li><a href="#d{n}">directive_{n}</a></li>' for n in range(5))
    out = render(f"<div><h2>Module ngx_http_rewrite_module</h2><ul>{toc}</ul><p>{PROSE}</p></div>")
    assert out == f"## Module ngx_http_rewrite_module\n\n{PROSE}"


def test_screen_reader_only_text_is_dropped_and_inline_hidden_text_is_kept() -> None:
    out = render(
        f'<p>{PROSE}</p><p>Used<span class="sr-only">Condition: used</span></p>'
        '<div style="display: none"><p>Specifications: 5.3 oz combed cotton.</p></div>'
    )
    assert "Condition: used" not in out
    assert "Specifications: 5.3 oz combed cotton." in out


def test_text_visible_to_screen_readers_only_by_the_stacks_name_is_dropped() -> None:
    # Stack Exchange's design system names its screen-reader-only class `v-visible-sr`
    # ("visible to screen readers"): each comment's date read "Commented Mar 26, 2019 at 16:40"
    # though the page shows "Mar 26, 2019 at 16:40".
    out = render(
        f'<p>{PROSE}</p><ul><li><span class="comment-copy">Try the other port.</span> '
        '<a href="/users/5/joe">Joe</a> <span class="comment-date"><span class="v-visible-sr">'
        'Commented</span> <span class="relativetime-clean">Mar 26, 2019 at 16:40</span></span>'
        "</li></ul>"
    )
    assert "Commented" not in out
    assert "Mar 26, 2019 at 16:40" in out


def test_json_state_left_in_the_markup_is_dropped() -> None:
    state = (
        '{"items": [' + ", ".join(f'{{"id": {n}, "title": "Item {n}"}}' for n in range(40)) + "]}"
    )
    out = render(f'<div><div class="grid-state">{state}</div><p>{PROSE}</p></div>')
    assert PROSE in out
    assert '"id"' not in out


def test_a_repeat_that_only_differs_in_line_breaks_is_shown_once() -> None:
    # Mobile and desktop copies of a paragraph often differ only where a <br> breaks a line.
    out = render(
        f"<div><p>{PROSE}</p><p>Ask once, then text it to your friend and<br>be done.</p>"
        "<p>Ask once, then text it to your friend and be done.</p></div>"
    )
    assert out.count("Ask once") == 1


def test_a_repeat_that_only_differs_in_its_links_and_emphasis_is_shown_once() -> None:
    # A category's text written twice, once with its links and bold, once plain (a collapsed
    # and an expanded copy): the same words for the reader, shown once; the first, linked
    # copy stays.
    linked = (
        "<p>For more trips, see our <a href='https://example.com/sets'>luggage sets</a> or the "
        "<strong>Star Wars</strong> designs.</p>"
    )
    plain = "<p>For more trips, see our luggage sets or the Star Wars designs.</p>"
    # Links of one label to other places are other links, whatever their words.
    guides = "".join(
        f"<p>Read the <a href='https://example.com/{n}'>packing guide</a> before you leave "
        "for the airport.</p>"
        for n in ("one", "two")
    )
    out = render(f"<h1>Carry-on</h1><p>{PROSE}</p>{linked}<div>{plain}</div>{guides}")
    assert "[luggage sets](https://example.com/sets)" in out
    assert out.count("For more trips") == 1
    assert "(https://example.com/one)" in out
    assert "(https://example.com/two)" in out


def test_forum_user_cards_are_dropped_but_the_posts_stay() -> None:
    posts = "".join(
        f'<div class="post"><div class="userinfo"><span>ann{n}</span>'
        '<span class="usertitle">Senior Member</span>'
        f'<dl class="userextras"><dt>Join Date</dt><dd>May 20{n:02d}</dd>'
        f"<dt>Posts</dt><dd>{n}42</dd></dl></div>"
        f'<div class="content"><p>Post {n}: {PROSE}</p></div>'
        f'<div class="reactions">Like {n}</div></div>'
        for n in range(4)
    )
    out = render(f"<div>{posts}</div>")
    assert all(f"Post {n}:" in out and f"ann{n}" in out for n in range(4))
    assert "Senior Member" not in out
    assert "Join Date" not in out
    assert "Like" not in out


def test_post_counts_and_join_dates_beside_forum_posts_are_dropped() -> None:
    posts = "".join(
        f'<div class="message"><div class="MessageCard__user-details">'
        f'<a href="/members/u{n}.1/">user{n}</a>'
        f'<span class="MessageCard__post-count">{n},109 posts</span>'
        f'<span class="MessageCard__join-date">Joined 20{n}2</span></div>'
        f'<ul class="user-stats"><li class="postcount">Posts: {n}76</li></ul>'
        f'<div class="author_statistics">Threads: {n}3</div>'
        f'<div class="body"><p>Post {n}: {PROSE}</p></div></div>'
        for n in range(1, 4)
    )
    out = render(f"<div>{posts}</div>")
    assert all(f"Post {n}:" in out and f"user{n}" in out for n in range(1, 4))
    assert "posts" not in out
    assert "Joined" not in out
    assert "Posts:" not in out
    assert "Threads:" not in out


def test_a_block_kept_for_its_size_keeps_the_parts_named_after_it() -> None:
    # The menu holds most of the page, so "menu" does not make it furniture; its sections and
    # dishes repeat the word (`menu-section`, `menu-item`) and went one by one.
    dishes = "".join(
        f'<li class="menu-item"><h3 class="menu-item__name">Dish {n}</h3>'
        f'<span class="menu-item__price">${n}4</span>'
        f'<p class="menu-item__description">Tomatoes, basil and oil number {n}.</p></li>'
        for n in range(6)
    )
    out = render(
        '<nav class="site-nav"><a href="/">Home</a> <a href="/menu">Menu</a></nav>'
        "<main><h1>Dinner menu</h1><p>Served nightly.</p>"
        f'<div class="restaurant-menu menu" id="menu"><section class="menu-section">'
        f'<h2 class="menu-section__title">Mains</h2><ul class="menu-items">{dishes}</ul>'
        '</section><div class="sidebar">Opening hours</div></div></main>'
    )
    assert "## Mains" in out
    assert all(f"### Dish {n}\n  ${n}4\n" in out for n in range(6))
    assert "Tomatoes, basil and oil number 5." in out
    # Other furniture words still count inside it, and the site's own menu still goes.
    assert "Opening hours" not in out
    assert "Home" not in out


def test_a_block_named_menu_that_reads_as_prose_is_content() -> None:
    # A tab widget's `faq_tabs-menu` holding the questions and their answers, a filter's
    # `filter-menu-item-container` around each article's summary, a section whose id is the slug
    # of its heading ("menu-innovation-strategies"): "menu" made each furniture, and the FAQ,
    # the articles or the section went. Sentences, barely linked, are no menu; the parts named
    # after it stay too.
    answers = "".join(
        f'<div class="faq_tabs-menu-item"><h3>Is plan {n} worth it?</h3><p>It depends on what '
        f"you need. Plan {n} covers the whole family. It costs ${n}9 a month.</p></div>"
        for n in range(4)
    )
    out = render(
        '<nav class="menu"><a href="/">Home</a> <a href="/plans">Plans</a></nav>'
        f"<main><h1>Identity protection</h1><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p>"
        f'<div class="faq_tabs-menu">{answers}</div>'
        '<div class="product-menu-left"><a href="/a">Robot vacuums</a> Family X11 '
        '<a href="/b">Robot mops</a> Family T90 <a href="/c">Window cleaners</a> W2 Family '
        "Accessories and spare parts for every model in the range</div></main>"
    )
    assert "### Is plan 3 worth it?\n\nIt depends on what you need." in out
    assert "It costs $09 a month." in out
    # A menu of names and links, without sentences, still goes, and so does the site's menu.
    assert "Robot vacuums" not in out
    assert "Home" not in out


def test_a_block_named_menu_that_reads_as_prose_is_content_when_minified() -> None:
    # Minified HTML has no white space between tags: a question's "?" and its answer's "."
    # touched the next text in the block's read prefix ("worth it?Plan 1…"), no sentence end
    # was counted, and the FAQ went as a menu, while the same page with line breaks kept it.
    answers = "".join(
        f'<div class="faq_tabs-menu-item"><h3>Is plan {n} worth it?</h3><p>Plan {n} covers '
        f"the whole family for one low monthly price in every state.</p></div>"
        for n in range(4)
    )
    out = render(
        '<nav class="menu"><a href="/">Home</a> <a href="/plans">Plans</a></nav>'
        f"<main><h1>Identity protection</h1>{f'<p>{PROSE}</p>' * 6}"
        f'<div class="faq_tabs-menu">{answers}</div></main>'
    )
    assert "### Is plan 3 worth it?\n\nPlan 3 covers the whole family" in out
    assert "Home" not in out


def _carousel_page(
    head: str = "", intro: str = "Everything for a gym at home.", body_class: str = ""
) -> str:
    """A shop's category page drawn as carousels: a promo bar above the title, two rows of
    the category's products after it (one with item headings, one with prices only), a
    testimonials slider, and a footer long enough that each carousel is a small part of the
    page (a large one is kept for its size whatever it is called). `body_class`: the class of
    its `body`."""
    cards = "".join(
        f'<div class="card"><a href="/p/{n}"><h3>Force home gym {n}</h3></a>'
        f"<p>Free weight plates with every rack {n}.</p><span>$1{n}99.00</span></div>"
        for n in range(4)
    )
    priced = "".join(
        f'<div class="card"><a href="/q/{n}">Bench press bar {n}</a> ${n}49.00</div>'
        for n in range(4)
    )
    body = (
        '<div class="promo-bar__carousel"><a href="/sale">Free shipping over $99</a>'
        '<a href="/deal">Save $200 on racks</a><a href="/new">$0 down financing</a></div>'
        f'<div class="hero"><h1>Home gyms</h1><p>{intro}</p></div>'
        f'<div class="promo-carousel">{cards}</div>'
        f'<div class="cat-carousel-wrap">{priced}</div>'
        '<div class="testimonials-carousel"><p>"Great service!" Anna</p>'
        '<p>"Fast delivery." Ben</p></div>'
        f"<footer><p>{POLICY}</p></footer>"
    )
    html = html_page(body, head).replace("<body>", f'<body class="{body_class}">')
    return html_to_markdown(html, url="https://example.com/c/gyms")


def test_a_carousel_of_the_pages_own_items_is_content() -> None:
    # A shop's category page draws its products as carousels ("Hot deals", "New arrivals"),
    # a blog's home page its featured posts: "carousel" made each furniture, and the listing
    # went. After the title, with item headings or prices, on a page that declares itself
    # neither an article nor a product, it is the listing.
    out = _carousel_page()
    assert "### [Force home gym 3](https://example.com/p/3)" in out
    assert "$1399.00" in out
    assert "Bench press bar 2" in out
    assert "$249.00" in out
    # A promo bar above the title is still furniture; a testimonials slider is the customers'
    # words, kept as they would be in a grid (`test_a_carousel_of_testimonials_is_content`).
    assert "Free shipping" not in out
    assert '"Great service!" Anna' in out


def test_a_collection_page_that_seo_plugins_label_article_is_no_article() -> None:
    # Yoast writes `og:type` article on every page and `CollectionPage` in its JSON-LD for a
    # category or archive page: the list's rows drawn as carousels are its items, as on any
    # undeclared page, not related posts beside an article.
    head = (
        '<meta property="og:type" content="article">'
        '<script type="application/ld+json">{"@graph": [{"@type": "CollectionPage", '
        '"name": "Home gyms"}]}</script>'
    )
    out = _carousel_page(head)
    assert "### [Force home gym 3](https://example.com/p/3)" in out
    assert "Bench press bar 2" in out


def test_a_carousel_of_the_pages_own_items_keeps_its_slides() -> None:
    # Bootstrap's and most sliders' slides are named after their carousel (`carousel-inner`,
    # `carousel-item`, `carousel__slide`), one item heading each: the carousel was kept as
    # the page's items, then each of its slides went by the same word, and the row was empty.
    slides = "".join(
        f'<div class="carousel-item"><h3>Use case {n}</h3>'
        f"<p>Teams plan their sprint number {n} in one shared board.</p></div>"
        for n in range(4)
    )
    body = (
        '<div class="hero"><h1>Project planning</h1><p>Plan work together.</p></div>'
        f'<div class="carousel slide"><div class="carousel-inner">{slides}</div></div>'
        '<div class="other-carousel"><p>"Great tool!" Anna</p></div>'
        f"<footer><p>{POLICY}</p></footer>"
    )
    out = html_to_markdown(html_page(body, ""), url="https://example.com/use-cases")
    assert all(f"### Use case {n}" in out for n in range(4))
    assert "sprint number 3 in one shared board." in out
    # Another carousel, not a part of it, is still judged by its name.
    assert "Great tool" not in out


def _testimonials_page(head: str) -> str:
    """A drum school's landing page whose pupils' and parents' words are an Elementor
    testimonial carousel, one widget per quote, before a long footer."""
    quotes = "".join(
        '<div class="elementor-element elementor-widget elementor-widget-testimonial-carousel">'
        f'<div class="elementor-testimonial__text">Lessons with Joe, week {n}, were patient and '
        f'fun.</div><cite class="elementor-testimonial__name">Parent {n}</cite></div>'
        for n in range(3)
    )
    body = (
        f"<div><h1>Drum lessons</h1><p>{PROSE}</p></div>"
        f'<section class="elementor-section"><h2>What our pupils say</h2>{quotes}</section>'
        f"<footer><p>{POLICY}</p></footer>"
    )
    return html_to_markdown(html_page(body, head), url="https://example.com/drums")


@pytest.mark.parametrize("head", ["", '<meta property="og:type" content="article">'])
def test_a_carousel_of_testimonials_is_content(head: str) -> None:
    # Elementor's testimonial carousel and Owl Carousel's `owl-testimonial` hold a landing
    # page's customers' words: laid out as a grid, the same quotes were content; the word
    # "carousel" made them furniture, and a drum school lost its pupils' and parents' words
    # (1,300 of its truth's words), a training company its clients' and their roles. Such
    # pages often say they are articles (WordPress's SEO plugins): kept there too.
    out = _testimonials_page(head)
    assert "Lessons with Joe, week 2, were patient and fun." in out
    assert "Parent 2" in out
    assert "## What our pupils say" in out


def test_a_carousel_of_testimonials_on_a_product_page_is_furniture() -> None:
    # On a product page a slider of testimonials praises the shop ("What Our Clients say…"
    # under every item of a fashion shop), not the product: the word stands there.
    head = '<script type="application/ld+json">{"@type": "Product", "name": "Sticks"}</script>'
    out = _testimonials_page(head)
    assert "# Drum lessons" in out
    assert "Lessons with Joe" not in out


def test_a_carousel_named_for_its_arrows_inside_a_kept_carousel_is_content() -> None:
    # A shop's category rows, each a carousel classed for the look of its arrows
    # (`dark-nav-btns`) inside a carousel kept as the page's items: the class word read as
    # "nav", and every row went as a menu; only the promotion around them was left.
    rows = "".join(
        '<div class="fl category-carousel dark-nav-btns">'
        + "".join(
            f'<div class="c-item"><a href="/p/{n}{m}">Kettlebell {n}{m}</a> ${n}{m}.00</div>'
            for m in range(4)
        )
        + "</div>"
        for n in range(1, 4)
    )
    body = (
        '<div class="hero"><h1>Home gyms</h1><p>Everything for a gym at home.</p></div>'
        f'<div class="promo-carousel"><h3>Strength</h3><h3>Cardio</h3><h3>Yoga</h3>{rows}</div>'
        f"<footer><p>{POLICY}</p></footer>"
    )
    out = html_to_markdown(html_page(body, ""), url="https://example.com/c/gyms")
    assert "Kettlebell 32" in out
    assert "$32.00" in out


@pytest.mark.parametrize(
    ("head", "intro"),
    [
        ('<meta property="og:type" content="article">', "Everything for a gym at home."),
        (
            '<script type="application/ld+json">{"@type": "Product", "name": "Rack"}</script>',
            "Everything for a gym at home.",
        ),
        ("", PROSE * 10),  # the title's block is a post or a description: the row is beside it
    ],
)
def test_a_carousel_beside_an_article_or_a_product_is_furniture(head: str, intro: str) -> None:
    # On an article a row of posts after it is related posts, on a product other products.
    out = _carousel_page(head, intro)
    assert "# Home gyms" in out
    assert "Force home gym" not in out
    assert "Bench press bar" not in out


@pytest.mark.parametrize(
    ("head", "opening", "closing"),
    [
        ("", '<section class="product-carousel product-carousel--comparison">', "</section>"),
        (
            '<script type="application/ld+json">{"@type": "Product", "name": "Rack"}</script>',
            '<product-comparison-grid class="carousel block">',
            "</product-comparison-grid>",
        ),
    ],
    ids=["named-comparison", "comparison-element-on-a-product"],
)
def test_a_comparison_chart_drawn_as_a_carousel_is_content(
    head: str, opening: str, closing: str
) -> None:
    # Bose's category page compares its headphones in a `product-carousel--comparison`, a
    # Shopify theme's in a `<product-comparison-grid class="carousel">`, a hosting review its
    # featured providers: "carousel" made each furniture (and on a product page no item
    # carousel is looked for), and the model read the products without the chart comparing
    # them.
    chart = (
        "<table><tr><th>Feature</th><th>Quiet Max</th><th>Quiet Lite</th></tr>"
        "<tr><td>Active noise cancellation</td><td>Yes</td><td>No</td></tr></table>"
    )
    body = (
        f"<div class='hero'><h1>Headphones</h1><p>{PROSE}</p></div>"
        f"{opening}<h2>Product comparison</h2>{chart}{closing}"
        '<div class="reviews-carousel"><p>"Great sound!" Anna</p></div>'
    )
    out = html_to_markdown(html_page(body, head), url="https://example.com/c/headphones")
    assert "## Product comparison" in out
    assert "|Active noise cancellation|Yes|No|" in out
    # Another carousel is still judged by its name.
    assert "Great sound" not in out


def _related_page(head: str, description: str) -> str:
    """A page whose site header (a mega-menu) and footer outweigh its content: a description,
    then a grid of mowers in a block its theme names `related-product` (Kress's category
    page), each card a heading, a line and a price. `description` may outweigh the grid."""
    menu = "".join(f'<li><a href="/c/{n}">Garden tools {n}</a></li>' for n in range(20))
    cards = "".join(
        f'<div class="card"><h3>KR{n}</h3><p>Robotic lawn mower for {n} acres.</p>'
        f"<p>$ {n},499.99</p></div>"
        for n in range(1, 7)
    )
    body = (
        f'<header class="site-header"><ul class="menu">{menu}</ul></header>'
        f'<div class="site-content"><h1>Robotic lawn mowers</h1><p>{description}</p>'
        f'<section class="related-product"><div class="row">{cards}</div></section></div>'
        f"<footer><p>{POLICY[:400]}</p></footer>"
    )
    return html_to_markdown(html_page(body, head), url="https://example.com/c/mowers")


def test_a_block_named_related_holding_most_of_the_pages_own_text_is_content() -> None:
    # Kress's category page draws its only grid of mowers in `section.related-product`, a
    # legal aid directory its map and results in `div#map-and-related`: "related" made each
    # furniture, and the model read a title alone. The site's menu and footer outweigh the
    # grid (the size protection is 40 % of the body's text), but it holds most of the text
    # outside them, which a rail of related items beside a post or a product does not.
    out = _related_page("", "Mow without lifting a finger.")
    assert "### KR6" in out
    assert "$ 6,499.99" in out
    # Beside a description that outweighs it, the block is a rail of other products.
    out = _related_page("", PROSE * 3)
    assert "# Robotic lawn mowers" in out
    assert "KR6" not in out
    # On a page declaring itself an article, a block named so is its related posts.
    article = '<meta property="og:type" content="article">'
    assert "KR6" not in _related_page(article, "Mow without lifting a finger.")


def test_an_archive_labelled_an_article_keeps_its_carousels_of_items() -> None:
    # WordPress classes its category, tag, author and date pages' `body` `archive`, and SEO
    # plugins label them `og:type` article all the same: a recipe blog's category page lost
    # its recipes, drawn as sliders, as an article's related posts. An archive lists posts.
    og_article = '<meta property="og:type" content="article">'
    out = _carousel_page(og_article, body_class="archive category category-recipes")
    assert "### [Force home gym 3](https://example.com/p/3)" in out
    assert "Bench press bar 2" in out
    assert "Free shipping" not in out  # the promo bar above the title
    # JSON-LD naming an Article type is believed whatever the body's class.
    blog_posting = '<script type="application/ld+json">{"@type": "BlogPosting"}</script>'
    assert "Force home gym" not in _carousel_page(blog_posting, body_class="archive")
    # Nor is a class word that only contains it (`post-archive-link`) read as the archive.
    assert "Force home gym" not in _carousel_page(og_article, body_class="has-archive-link")


def test_a_step_by_step_guide_kept_for_its_size_keeps_its_steps() -> None:
    # GOV.UK's step-by-step navigation is the page: its steps are `gem-c-step-nav__step`.
    steps = "".join(
        f'<li class="gem-c-step-nav__step"><div class="gem-c-step-nav__header">'
        f'<h2 class="gem-c-step-nav__title">Step {n}: do thing {n}</h2></div>'
        f'<div class="gem-c-step-nav__panel"><p class="gem-c-step-nav__paragraph">You must '
        f"finish the form number {n} before you book the test, and it costs £{n}4.</p></div></li>"
        for n in range(5)
    )
    out = render(
        '<main role="main"><h1>Learn to drive</h1><div class="gem-c-step-nav">'
        f'<ol class="gem-c-step-nav__steps">{steps}</ol></div></main>'
    )
    assert all(f"## Step {n}: do thing {n}" in out for n in range(5))
    assert "it costs £44." in out


def test_authors_linked_to_in_page_anchors_are_not_a_table_of_contents() -> None:
    # Springer Nature links each author to a pop-up (`#auth-…`) and each affiliation to `#Aff1`:
    # every link points into the page, but a list of names separated by commas is no contents.
    authors = "".join(
        f'<li><a href="#auth-{name}">{name}</a><sup><a href="#Aff1">1</a></sup>, </li>'
        for name in ["Jane Smith", "Alan Doe", "Wei Zhang", "Maria Garcia"]
    )
    inline = (
        '<div class="editors"><a href="#ed1">Ann Lee</a>, <a href="#ed2">Bo Chen</a> and '
        '<a href="#ed3">Cy Park</a></div>'
    )
    out = render(
        f"<article><h1>Sleep consolidates memory</h1><ul>{authors}</ul>{inline}"
        f'<p>{PROSE}</p><h2 id="s1">Results</h2><p>{PROSE}</p></article>'
    )
    assert "Jane Smith" in out
    assert "Maria Garcia" in out
    assert "Ann Lee, Bo Chen and Cy Park" in out


def test_a_screen_reader_heading_that_titles_its_section_is_kept() -> None:
    # GitHub's releases page: each release's tag is a visually hidden heading naming its
    # section. Dropped, v1.9.0's fixes read as v2.0.0's breaking changes.
    releases = "".join(
        f'<section aria-labelledby="hd-{tag}"><h2 class="sr-only" id="hd-{tag}">{tag}</h2>'
        f"<div><h3>{kind}</h3><ul><li>{change}</li></ul></div></section>"
        for tag, kind, change in [("v2.0.0", "Breaking", "Drop Python 3.8"),
                                  ("v1.9.0", "Fixes", "Fix worker leak")]
    )  # fmt: skip
    out = render(
        f'<main><h1>Releases</h1><p>{PROSE}</p><h2 class="sr-only">Filter releases</h2>'
        f'{releases}</main><div><p>{PROSE}</p></div><section aria-labelledby="more">'
        '<h2 class="sr-only" id="more">More products</h2><p>Other things we make.</p></section>'
    )
    assert "## v2.0.0\n\n### Breaking\n\n- Drop Python 3.8\n\n## v1.9.0\n\n### Fixes" in out
    assert "Filter releases" not in out  # labels nothing
    assert "More products" not in out  # a lone region: its label tells nothing apart


def test_a_headings_id_is_its_own_words_not_its_role() -> None:
    # Heading ids are slugs of their text: "social", "related", "reviews" there name the
    # section's subject. A heading's class still says what it is.
    out = render(
        f'<div><h2 id="what-is-social-media-marketing">What is Social Media Marketing?</h2>'
        f'<p>{PROSE}</p><h2 id="related-work">Related Work</h2><p>Earlier studies {PROSE}</p>'
        '<h3 class="sidebar-title">Popular now</h3></div>'
    )
    assert "## What is Social Media Marketing?" in out
    assert "## Related Work" in out
    assert "Popular now" not in out


def test_hidden_labels_that_tell_two_prices_apart_are_kept() -> None:
    # Shops print the regular and the sale price and let CSS strike one; the screen-reader
    # label is what says which is which. Other screen-reader text still goes.
    out = render(
        f"<div><h1>Trail Runner</h1><p>{PROSE}</p><div class='price__sale'>"
        "<span class='visually-hidden'>Regular price</span><span><s>$140.00 USD</s></span>"
        "<span class='visually-hidden'>Sale price</span><span>$99.00 USD</span></div>"
        "<p><a href='/s'>Share</a><span class='sr-only'>Share on X</span></p></div>"
    )
    assert "Regular price ~~$140.00 USD~~ Sale price $99.00 USD" in out
    assert "Share on X" not in out


def test_a_hidden_price_label_beside_the_only_price_of_its_block_goes() -> None:
    # Dawn's regular part when nothing is on sale: "Regular price $19.99" under every card,
    # the label telling nothing apart. A price struck through is one of a pair, however
    # large its block (Salesforce's `<del>`: "Price reduced from $19.95 to $13.99"), and a
    # pair in one block keeps both labels.
    out = render(
        f"<div><h1>Trail Runner</h1><p>{PROSE}</p>"
        "<div class='price'><div class='price__container'><div class='price__regular'>"
        "<span class='visually-hidden'>Regular price</span><span>$19.99</span></div></div>"
        "</div><div class='price'><span><del><span class='value'><span class='sr-only'>"
        "Price reduced from</span> $24.95</span></del> <span>$13.99</span></span></div>"
        "<div class='price__sale'><span class='visually-hidden'>Sale price</span>"
        "<span>$99.00</span><span class='visually-hidden'>Regular price</span>"
        "<span><s>$140.00</s></span></div></div>"
    )
    assert "Regular price $19.99" not in out
    assert "$19.99" in out
    assert "Price reduced from $24.95" in out
    assert "Sale price $99.00 Regular price ~~$140.00~~" in out


def test_a_listings_toolbar_labels_left_without_their_controls_are_dropped() -> None:
    # The sort menu, layout switch and quantity box go with the form controls; their labels
    # stayed, each alone on a line: "Sort By:", "View:", "Per Page", "Qty:" said nothing.
    # A label with its value, or in a sentence, stays.
    cards = "".join(
        f"<li class='card'><h3>Wool Runner {n}</h3><p>${n}9.00</p><label>Qty:</label>"
        "<input type='number'></li>"
        for n in range(3)
    )
    toolbar = (
        "<div class='toolbar'><label>Sort By:</label><select><option>Best</option></select>"
        "<span>View:</span><button>Grid</button><div>Per Page</div><select></select></div>"
    )
    out = render(
        f"<h1>Shoes</h1><p>{PROSE}</p>{toolbar}<ul>{cards}</ul><p>Sort by: price, low to "
        "high</p><p>Filter by colour to see every shoe in your size.</p>"
    )
    assert out.count("### Wool Runner") == 3
    for label in ("Sort By:", "View:", "Per Page", "Qty:"):
        assert label not in out
    assert "Sort by: price, low to high" in out
    assert "Filter by colour to see every shoe in your size." in out


def test_removed_inline_text_leaves_the_space_that_followed_it() -> None:
    # WooCommerce writes each price's screen-reader sentence between the price and what
    # follows, the space after it: removed with the sentence, "$21.00" ran into the next
    # words, "$21.00Exc. Freight & Taxes". A space already there is not doubled.
    out = render(
        f"<h1>Gear bags</h1><p>{PROSE}</p><p><span class='price'><del>$30.00</del> "
        "<span class='screen-reader-text'>Original price was: $30.00.</span><ins>$21.00</ins>"
        "<span class='screen-reader-text'>Current price is: $21.00.</span> "
        "<small>Exc. Freight &amp; Taxes</small></span></p>"
        "<p>Ships <span class='sr-only'>(opens in a new tab)</span> today<span class='sr-only'>"
        "(new)</span>, boxed.</p>"
    )
    assert "~~$30.00~~ $21.00 Exc. Freight & Taxes" in out
    assert "Ships today, boxed." in out


def test_a_figure_drawn_for_the_eye_beside_the_words_that_read_it_is_shown_once() -> None:
    # Shops draw a price or a rating count for the eye (`aria-hidden`) and write the same
    # figure for screen readers right beside it, under class names that are no screen-reader
    # vocabulary (IKEA's `pipcom-price__sr-text`, Walmart's generated classes): both stayed,
    # "$79.99 Price $ 79.99", "(125) Rated 4.6 out of 5 stars. 125 total votes". The drawn
    # copy goes, the words that say what the figure is stay.
    out = render(
        f"<div><h1>KALLAX</h1><p>{PROSE}</p><p><span class='price'><span aria-hidden='true'>"
        "<span>$</span><span>79</span><span>.99</span></span><span class='price__sr-text'>"
        "Price $ 79.99</span></span></p><p><span aria-hidden='true'>(125)</span>"
        "<span class='ld_Ej'>Rated 4.6 out of 5 stars. 125 total votes</span></p></div>"
    )
    assert "Price $ 79.99" in out
    assert "$79.99" not in out
    assert "Rated 4.6 out of 5 stars. 125 total votes" in out
    assert "(125)" not in out


def test_a_single_digit_drawn_for_the_eye_does_not_run_into_the_words_beside_it() -> None:
    # Walmart draws a review count beside the rating's words: "6" and "4.3 out of 5 Stars. 6
    # reviews" read as one figure, "64.3 out of 5 Stars". A digit goes only when the words
    # say it as a number of its own ("6 reviews"), not as part of one ("4.2").
    out = render(
        f"<div><h1>Blender</h1><p>{PROSE}</p><p><span aria-hidden='true'>6</span>"
        "<span class='w_q67L'>4.3 out of 5 Stars. 6 reviews</span></p>"
        "<p><span aria-hidden='true'>(2)</span><span>4.2 out of 5</span></p></div>"
    )
    assert "64.3" not in out
    assert "4.3 out of 5 Stars. 6 reviews" in out
    assert "(2) 4.2 out of 5" in out


def test_a_figure_drawn_for_the_eye_stays_when_nothing_beside_it_reads_it() -> None:
    # The screen-reader twin went as screen-reader text (Amazon's `a-offscreen`), or the
    # text beside the drawn figure says something else: the figure is all there is.
    out = render(
        f"<div><h1>Kettle</h1><p>{PROSE}</p><p><span class='a-offscreen'>EUR 21.86</span>"
        "<span aria-hidden='true'>EUR 21.86</span></p><p><span aria-hidden='true'>4.5</span>"
        "<span>Ships in 2 days</span></p></div>"
    )
    assert "EUR 21.86" in out
    assert "4.5" in out


def test_a_figure_drawn_for_the_eye_is_not_read_inside_a_larger_number_beside_it() -> None:
    # "$25" drawn beside "Was $125", "(45)" beside "1,245 reviews": the digits are inside
    # another number, which says something else; "$1,699.00" beside "Price $ 1699.00" is its
    # own figure written without its separator, and goes.
    out = render(
        f"<div><h1>Lamp</h1><p>{PROSE}</p><p><span aria-hidden='true'>$25</span>"
        "<span>Was $125</span></p><p><span aria-hidden='true'>(45)</span>"
        "<span>1,245 reviews</span></p><p><span aria-hidden='true'>$1,699.00</span>"
        "<span>Price $ 1699.00</span></p></div>"
    )
    assert "$25 Was $125" in out
    assert "(45) 1,245 reviews" in out
    assert "$1,699.00" not in out
    assert "Price $ 1699.00" in out


def _dawn_price(state: str, regular: str, sale: str, was: str) -> str:
    """Shopify Dawn's price snippet: both parts and both badges are always written; the
    block's state class (`price--on-sale`, `price--sold-out`) says which CSS shows."""
    return (
        f"<div class='price {state}'><div class='price__container'><div class='price__regular'>"
        f"<span class='visually-hidden'>Regular price</span><span class='price-item'>{regular}"
        "</span></div><div class='price__sale'><span class='visually-hidden'>Sale price</span>"
        f"<span class='price-item price-item--sale'>{sale}</span>"
        "<span class='visually-hidden'>Regular price</span>"
        f"<span><s class='price-item'>{was}</s></span></div><small class='unit-price hidden'>"
        "<span class='visually-hidden'>Unit price</span><span>/</span></small></div>"
        "<span class='badge price__badge-sale'>Sale</span>"
        "<span class='badge price__badge-sold-out'>Sold out</span></div>"
    )


def test_a_shopify_price_block_shows_only_the_part_its_state_shows() -> None:
    # Dawn and the themes built on it write a regular and a sale part in every card and let
    # the block's state class pick one: each card read "Regular price $19.99" and then
    # "Sale price $19.99 Regular price ~~$19.99~~" (three prices for one, and a sale that is
    # none), with "Sale Sold out" badges on products neither on sale nor sold out, and a
    # lone "/" from an empty unit price.
    cards = (
        "<li class='card'><h3>Dark Roast</h3>"
        + _dawn_price("price--show-badge", "$19.99", "$19.99", "")
        + "</li><li class='card'><h3>Crusher Evo</h3>"
        + _dawn_price("price--on-sale", "$99.99", "$99.99", "$209.99")
        + "</li><li class='card'><h3>HD 800S</h3>"
        + _dawn_price("price--sold-out", "$1,999.95", "$1,999.95", "$1,999.95")
        + "</li>"
    )
    out = render(f"<h1>Headphones</h1><p>{PROSE}</p><ul>{cards}</ul>")
    # The regular part alone: its label tells no second price apart (the next test).
    assert out.count("$19.99") == 1
    assert "Sale price $99.99 Regular price ~~$209.99~~" in out
    assert "Regular price $99.99" not in out
    assert "$1,999.95" in out
    assert "Sale price $1,999.95" not in out
    assert "~~$1,999.95~~" not in out
    assert out.count("Sold out") == 1
    assert out.count("Sale price") == 1
    # The "Sale" badge on the card on sale only, and no "Sold out" beside it.
    assert [line.strip() for line in out.splitlines()].count("Sale") == 1
    assert "Sale Sold out" not in out
    assert "/" not in out


def test_a_text_that_is_only_a_template_expression_is_dropped_but_code_keeps_it() -> None:
    # AngularJS hides `ng-cloak` alerts until it fills them in; without the script each forum
    # post ended with `**{{ DiscussionBoard.errors[11793116].message }}**`.
    page = html_page(
        f"<main><p>{PROSE}</p>"
        '<div class="Alert" ng-show="Board.errors[1]" ng-cloak>'
        "<strong>{{ Board.errors[1].message }}</strong></div>"
        "<p>Pass the form as <code>{{ form }}</code> and it renders its fields.</p>"
        "<pre>&lt;form&gt;{{ form }}&lt;/form&gt;</pre>"
        "<p>Hello {{ user.name }}, the price is shown here.</p></main>"
    )
    out = html_to_markdown(page)
    assert "Board.errors" not in out
    assert "Pass the form as `{{ form }}` and it renders its fields." in out
    assert "```\n<form>{{ form }}</form>\n```" in out
    assert "Hello {{ user.name }}, the price is shown here." in out


def test_a_templates_lorem_ipsum_filler_is_dropped_but_a_sentence_or_quote_of_it_stays() -> None:
    # A page builder's card left with its filler: the model read the Latin as the page's text.
    filler = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor."
    page = html_page(
        f"<main><h1>Ridge Wallet</h1><p>{PROSE}</p>"
        f"<div class='card'><h3>Lorem Ipsum</h3><p><span>{filler}</span></p>"
        "<ul><li>Lorem ipsum 1</li><li>Holds 1-12 cards</li></ul></div>"
        "<p>Lorem ipsum is the placeholder text typesetters have used since the 1500s.</p>"
        f"<blockquote><p>{filler}</p></blockquote></main>"
    )
    out = html_to_markdown(page)
    assert "Lorem Ipsum" not in out
    assert "Lorem ipsum 1" not in out
    assert "- Holds 1-12 cards" in out
    assert "Lorem ipsum is the placeholder text typesetters have used" in out
    assert f"> {filler}" in out  # quoted: the page shows what the filler looks like
    assert out.count("Lorem ipsum dolor") == 1


def test_a_link_wrapped_in_a_span_inside_a_sentence_keeps_its_words() -> None:
    out = render(
        f"<article><p>{PROSE}</p><p>{PROSE}</p><p>The treaty was signed by <span class='nowrap'>"
        "<a href='/wiki/Bismarck'>Otto von Bismarck</a></span> in 1871, ending the war.</p>"
        "<div class='tags'><span><a href='/t/a'>Alpha tag</a></span> "
        "<span><a href='/t/b'>Beta tag</a></span></div></article>"
    )
    assert "signed by [Otto von Bismarck](https://example.com/wiki/Bismarck) in 1871" in out
    assert "Alpha tag" not in out  # a tag cloud of spans standing alone is still a link block


def test_a_repeated_answer_alone_under_a_new_question_stays() -> None:
    out = render(
        f"<p>{PROSE}</p><h3>Is it free?</h3><p>Yes.</p><h3>Is it open source?</h3><p>Yes.</p>"
        "<p>Does it run on ARM?</p><p>No.</p><p>Does it run on RISC-V?</p><p>No.</p>"
        "<p>Report</p><p>Report</p>"
    )
    assert "### Is it open source?\n\nYes.\n\nDoes it run on ARM?" in out
    assert out.endswith("Does it run on RISC-V?\n\nNo.\n\nReport")


def test_a_post_number_line_is_no_question_a_repeat_answers() -> None:
    # "#1 · Jun 3, 2024" (a forum's post number) opens with `#` but is no Markdown heading:
    # the thread's preview of its first post, repeated under it, was kept as that line's
    # answer. Under a real heading a lone repeat still stays.
    post = "I want a good intro level bike that will not break or give me problems."
    out = render(
        f"<p>{PROSE}</p><p>{post}</p><p>Ann</p><p>#1 · Jun 3, 2024</p><p>{post}</p><p>Bob</p>"
        f"<p>#2 · Jun 4, 2024</p><p>Buy a decent one.</p><h3>Summary</h3><p>{post}</p>"
    )
    assert out.count(post) == 2
    assert "#1 · Jun 3, 2024\n\nBob" in out
    assert out.endswith(f"### Summary\n\n{post}")


def test_screen_reader_text_that_is_all_a_cell_or_badge_says_is_kept() -> None:
    out = render(
        f"<p>{PROSE}</p><table><tr><th>Feature</th><th>Free</th><th>Pro</th></tr>"
        "<tr><td>SSO</td><td><span class='sr-only'>Not included</span></td>"
        "<td><svg></svg><span class='sr-only'>Included</span></td></tr></table>"
        "<p>Use <code>bar()</code> <abbr class='icon'><span class='visually-hidden'>Deprecated"
        "</span></abbr> no more. <a href='/s'>Share<span class='sr-only'> on X</span></a></p>"
    )
    assert "|SSO|Not included|Included|" in out
    assert "`bar()` Deprecated no more" in out
    assert "on X" not in out


def test_a_rating_drawn_as_stars_keeps_its_screen_reader_words() -> None:
    # Shops draw the rating as star icons and write it for screen readers only ("4.7 out of 5
    # stars with 914 reviews"): with the stars gone and the hidden text dropped, the product
    # read as unrated. Other screen-reader text still goes.
    stars = "<svg viewBox='0 0 10 10'><polygon points='5,0 6,4 10,4'/></svg>" * 5
    out = render(
        f"<div><h1>Cast Iron Skillet</h1><p>{PROSE}</p>"
        f"<a href='#reviews' class='rating'><span class='stars'>{stars}"
        "<span class='visually-hidden'>4.7 out of 5 stars with 914 reviews</span></span>"
        "<span aria-hidden='true'>(914)</span></a>"
        "<div class='wt-text-link'><span class='wt-screen-reader-only'>Rated 5 out of 5</span>"
        "<span class='sr-only'>Share on X</span></div></div>"
    )
    assert "4.7 out of 5 stars with 914 reviews" in out
    assert "Rated 5 out of 5" in out
    assert "Share on X" not in out


def test_a_review_vendors_hidden_diagnostics_are_no_content() -> None:
    # Bazaarvoice leaves its SEO SDK's diagnostics in a hidden list inside the shop's rating
    # block; hidden elements are kept (tab panels hide that way), so they read as product text.
    out = render(
        f"<div><h1>Rambler 30 oz Tumbler</h1><p>{PROSE}</p><div class='ratings'>"
        "<ul id='BVSEOSDK_meta' style='display: none !important;'>"
        "<li>bvseo_sdk, dw_cartridge, 18.2.0, p_sdk_3.2.0</li>"
        "<li>CLOUD, getAggregateRating, 0ms</li>"
        "<li>bvseo-msg: SEO SDK is disabled. Enable by setting seo.sdk.enabled to true.;</li></ul>"
        "<ul id='BVSEO_meta' style='display:none!important'><li>bvseo_bulk, prod_bvrr</li></ul>"
        "</div><p>Free customization with purchase.</p></div>"
    )
    assert "bvseo" not in out
    assert "Free customization with purchase." in out


@pytest.mark.parametrize(
    "names", ["class='disclaimer'", "class='pdp-disclaimers'", "id='legal-disclaimer'"]
)
def test_a_disclaimer_block_is_no_content(names: str) -> None:
    # Shops end a product's details with their disclaimers (financing terms, "Image
    # simulated", test conditions), articles with affiliate and opinion notices: fine print
    # the page's subject does not need, as long as the description around it.
    out = render(
        f"<main><h1>Roomba Combo j7+</h1><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p><div {names}>"
        "<p>† Rates are between 0%-36% APR. As an example, a $700 purchase might cost "
        "$63.24/mo for 12 months. Payment options through Affirm are subject to eligibility.</p>"
        "<p>* Image simulated. Colour availability may vary by region.</p></div>"
        "<p>Free returns within 30 days.</p></main>"
    )
    assert PROSE in out
    assert "Free returns within 30 days." in out
    assert "APR" not in out
    assert "Image simulated" not in out


@pytest.mark.parametrize(
    "names", ["id='clickandcollectModal'", "class='surveyModal fs-unmask'", "id='EmbedModal'"]
)
def test_a_camel_case_name_ending_in_modal_names_a_modal(names: str) -> None:
    # A shop's store-pickup dialog, hidden until "Pick up in store" is clicked, is named in
    # camelCase: its words run together, so the whole word `modal` was never found and every
    # store's address and opening hours read as the product's text.
    out = render(
        f"<main><h1>Stadler Form Oskar</h1><p>{PROSE}</p>"
        f"<div {names} aria-hidden='true'><h5>Store availability</h5>"
        "<p>BASTILLE, 83 Rue du Faubourg Saint-Antoine, 75011 Paris</p>"
        "<p>Sunday: closed</p></div><p>Free returns within 30 days.</p></main>"
    )
    assert PROSE in out
    assert "Free returns within 30 days." in out
    assert "Faubourg" not in out


@pytest.mark.parametrize("names", ["id='ModalTrigger'", "class='modalities'", "id='myModals'"])
def test_a_name_only_containing_modal_is_no_modal(names: str) -> None:
    # Only a last hump "Modal" (or "Popup") names one: a button that opens a modal, or a
    # word that happens to hold the letters, is the page's own.
    out = render(
        f"<main><h1>Stadler Form Oskar</h1><p>{PROSE}</p>"
        f"<div {names}><p>BASTILLE, 83 Rue du Faubourg Saint-Antoine, 75011 Paris</p></div>"
        "</main>"
    )
    assert "Faubourg" in out


def test_a_product_pages_elements_classed_hide_are_the_states_not_chosen() -> None:
    # Bootstrap's and Foundation's `.hide` is `display: none !important`. A BigCommerce
    # theme hides its custom fields so (`productView-info hide`: "cat_thumb_Bone: https://…"
    # per colour), and a beauty shop its "Coming soon" badges. Only on a page declaring a
    # product: an article's `hide` text is mostly what a script reveals.
    head = '<script type="application/ld+json">{"@type": "Product"}</script>'
    body = (
        f"<main><h1>Staple Tee</h1><p>{PROSE}</p><span class='badge hide'>Coming soon</span>"
        "<dl class='productView-info hide'><dt>cat_thumb_Bone:</dt>"
        "<dd>https://cdn.example.com/bone.jpg</dd></dl><p>Fit: Regular</p></main>"
    )
    out = html_to_markdown(html_page(body, head))
    assert "Coming soon" not in out
    assert "cat_thumb_Bone" not in out
    assert "# Staple Tee" in out
    assert "Fit: Regular" in out
    assert "Coming soon" in html_to_markdown(html_page(body))


def test_a_product_pages_short_elements_hidden_inline_are_states_a_script_shows() -> None:
    # Steam writes "English and 12 more" beside its language table with `display: none`
    # (its script shows it on a narrow screen), shops their "Sold Out" beside the price. A
    # longer hidden block (an accordion's body) stays, and so does an FAQ's answer under its
    # question. Only on a page declaring a product.
    head = '<script type="application/ld+json">{"@type": "Product"}</script>'
    body = (
        f"<main><h1>Staple Tee</h1><p>{PROSE}</p>"
        "<div style='display: none'>English and 12 more</div>"
        "<span style='DISPLAY:none;color:red'>Sold Out</span>"
        f"<div style='display:none'><p>{PROSE} {PROSE} Washed twice for softness.</p></div>"
        "<div>Q: Does it shrink?</div><div style='display: none;'>A: No, it is pre-shrunk.</div>"
        "<p>Fit: Regular</p></main>"
    )
    out = html_to_markdown(html_page(body, head))
    assert "English and 12 more" not in out
    assert "Sold Out" not in out
    assert "Washed twice" in out
    assert "A: No, it is pre-shrunk." in out
    assert "# Staple Tee" in out
    assert "Fit: Regular" in out
    assert "Sold Out" in html_to_markdown(html_page(body))


def _post_cards(head: str) -> str:
    """A blog's listing (GitHub's blog): each post an `article` card whose own `footer` holds
    its authors and its `<time>`, beside a site footer; `head` may declare the page."""
    cards = "".join(
        f'<li><article><h2><a href="/p/{n}">Post number {n}</a></h2>'
        f"<p>What the post number {n} is about, in a line.</p>"
        f'<footer><a href="/author/{n}">Ann Author {n}</a> · '
        f'<time datetime="2026-03-0{n}">March {n}, 2026</time></footer></article></li>'
        for n in range(1, 6)
    )
    body = (
        f"<main><h1>Engineering</h1><ul>{cards}</ul></main>"
        f"<footer><p>© 2026 The company. <time>2026</time></p></footer>"
    )
    return html_to_markdown(html_page(body, head), url="https://example.com/blog")


def test_a_cards_own_footer_holding_its_date_is_its_byline() -> None:
    # GitHub's blog writes each post card's byline in the card's `<footer>` (HTML's footer of
    # a section: who wrote it, when); `footer` as furniture dropped every author and date.
    out = _post_cards("")
    assert "Ann Author 3 · March 3, 2026" in out
    # The site's footer is still furniture.
    assert "© 2026" not in out
    # On a product page such footers are reviews' meta lines, left to the furniture walk.
    product = '<meta property="og:type" content="product">'
    assert "Ann Author 3" not in _post_cards(product)


def test_the_footer_of_the_pages_own_post_is_no_card_byline() -> None:
    # Docusaurus's "Last updated on … by …" in the footer of the `article` holding the `h1`.
    body = (
        f"<article><h1>Installation</h1><p>{PROSE}</p>"
        "<footer>Edit this page. Last updated on <time>Oct 17, 2025</time> by Ann</footer>"
        "</article>"
    )
    out = html_to_markdown(html_page(body), url="https://example.com/docs/install")
    assert "Last updated" not in out
