"""Interface controls: buttons, accordions, tab sets, forms with nothing to fill in, the labels
of fields that show no value."""

from __future__ import annotations

from tool_web.markdown.markdown_pages import PROSE, render


def test_plain_buttons_are_dropped_and_disclosure_headers_kept() -> None:
    out = render(
        f'<main><p>{PROSE}</p><button type="button">Add to cart</button>'
        '<button class="accordion"><div>Specifications</div></button>'
        "<div><p>Weight: 2 kg</p></div></main>"
    )
    assert "Add to cart" not in out
    assert "Specifications" in out
    assert "Weight: 2 kg" in out


def test_accordion_questions_written_in_buttons_are_kept_with_their_answers() -> None:
    # The WAI-ARIA accordion: the question is the text of a button, in a heading or naming the
    # panel it opens. Dropped as a form control, the answers ("Yes.") stood without questions.
    bootstrap = "".join(
        f'<div class="accordion-item"><h2 class="accordion-header"><button type="button" '
        f'class="accordion-button" aria-expanded="false" aria-controls="c{n}">{q}</button></h2>'
        f'<div id="c{n}" class="accordion-collapse collapse"><div class="accordion-body">{a}'
        "</div></div></div>"
        for n, (q, a) in enumerate([("Who is eligible?", "Adults on a low income."),
                                    ("Can students apply?", "Yes.")])
    )  # fmt: skip
    custom = (
        '<div class="faq-item"><button class="faq-question" aria-expanded="false" '
        'aria-controls="a1"><span>Is there a deadline?</span></button>'
        '<div class="faq-answer" id="a1" hidden><p>Apply within 1 month.</p></div></div>'
    )
    out = render(
        f'<main><h1>Housing benefit</h1><p>{PROSE}</p><div class="accordion">{bootstrap}</div>'
        f'{custom}<button type="button">Add to cart</button>'
        '<h2>Install <button type="button">Copy path</button></h2><p>pip install x</p>'
        '<button aria-controls="drawer">Filters</button><p>Twelve products.</p>'
        '<div id="drawer"><p>Price</p></div></main>'
    )
    assert "## Who is eligible?\n\nAdults on a low income.\n\n## Can students apply?\n\nYes." in out
    assert "Is there a deadline?\n\nApply within 1 month." in out
    # Controls: beside a heading's own text, or opening something elsewhere (a filter drawer).
    assert "Add to cart" not in out
    assert "## Install\n" in out
    assert "Filters" not in out


def test_accordion_questions_written_as_in_page_links_are_kept_with_their_answers() -> None:
    # Bootstrap 3's accordion writes each question as a link to its panel (`href="#c1"`,
    # `data-toggle="collapse"`, `aria-controls`), alone in a heading in a `panel-heading`: a
    # block of nothing but link text, pruned as a link block, so the answers stood alone.
    panels = "".join(
        f'<div class="panel"><div class="panel-heading" role="tab"><h4 class="panel-title">'
        f'<a role="button" data-toggle="collapse" href="#c{n}" aria-expanded="false" '
        f'aria-controls="c{n}">{q}</a></h4></div><div id="c{n}" class="panel-collapse collapse">'
        f'<div class="panel-body"><p>{a}</p></div></div></div>'
        for n, (q, a) in enumerate([("Who is eligible?", "Adults on a low income."),
                                    ("Can students apply?", "Yes, part-time ones.")])
    )  # fmt: skip
    older = (  # no ARIA: the link's fragment names the panel after it
        '<div class="panel"><div class="panel-heading"><a data-toggle="collapse" '
        'href="#c9">Is there a deadline?</a></div><div id="c9" class="collapse">'
        "<p>Apply within 1 month.</p></div></div>"
    )
    out = render(
        f"<main><h1>Housing benefit</h1><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p>"
        f'<div class="panel-group" id="faq">{panels}{older}</div>'
        '<div class="more"><a href="/elsewhere" aria-controls="c9">Related benefits</a></div>'
        "</main>"
    )
    assert "#### Who is eligible?\n\nAdults on a low income." in out
    assert "#### Can students apply?\n\nYes, part-time ones." in out
    assert "Is there a deadline?\n\nApply within 1 month." in out
    # A link to another page is a link, whatever it names: a block of it still goes.
    assert "Related benefits" not in out


def test_a_form_with_nothing_to_fill_in_is_a_wrapper() -> None:
    # Old Reddit: every comment body sits in <form class="usertext"> with hidden inputs only.
    out = render(
        f"<div class='comment'><p>{PROSE}</p><form class='usertext'>"
        "<input type='hidden' name='thing_id' value='t1_x'><div class='md'><p>Use git rebase -i "
        "instead.</p></div></form></div><form class='search'><input name='q'><p>Search tips</p>"
        "</form>"
    )
    assert "Use git rebase -i instead." in out
    assert "Search tips" not in out


def test_a_fields_label_goes_when_the_field_shows_no_value() -> None:
    # A shop card's quick-add menu (its label "Size" stood under every card's price once the
    # select went) and a sign-up box's e-mail input; a checkbox's label is its option, and a
    # sort menu's label is left to the toolbar rule (`controls.py`).
    card = (
        "<li><h3>{name}</h3><p>$19.99</p><label for='size-{n}'>Size</label>"
        "<select id='size-{n}' name='options[Size]'><option>1 bag</option>"
        "<option>2 bags</option></select></li>"
    )
    cards = "".join(card.format(name=name, n=n) for n, name in enumerate(("Dark", "Light")))
    out = render(
        f"<main><h1>Coffee</h1><p>{PROSE}</p><ul>{cards}</ul>"
        "<label for='news-email'>Email address</label><input type='email' id='news-email'>"
        "<label for='ship'>Free shipping</label><input type='checkbox' id='ship'></main>"
    )
    assert "Size" not in out
    assert "Email address" not in out
    assert "Free shipping" in out
    assert "### Light" in out
    assert "$19.99" in out


def test_labels_of_values_a_shops_script_writes_in_go_while_the_values_are_empty() -> None:
    # BigCommerce's Stencil themes write the SKU, UPC and stock level into empty elements
    # marked `data-product-…` once a variant is chosen: without the script "SKU:" and "UPC:"
    # stood alone. A value the page does write keeps its label; so does a label whose empty
    # element has words after it.
    facts = (
        "<dl><dt>SKU:</dt><dd data-product-sku>5001</dd>"
        "<dt>UPC:</dt><dd data-product-upc></dd></dl>"
        "<div><span>Current Stock:</span> <span data-product-stock-level> </span></div>"
        "<p><span>Weight:</span><span data-product-weight></span> see the size chart</p>"
    )
    out = render(f"<main><h1>Staple Tee</h1><p>{PROSE}</p>{facts}</main>")
    assert "SKU:" in out
    assert "5001" in out
    assert "UPC:" not in out
    assert "Current Stock:" not in out
    assert "Weight:" in out


def test_tab_labels_head_their_panels() -> None:
    out = render(
        f"<p>{PROSE}</p>"
        '<div class="tabbed-set"><div class="tabbed-labels"><label>pip</label><label>conda</label>'
        '</div><div class="tabbed-content"><div class="tabbed-block"><pre>pip install foo</pre>'
        '</div><div class="tabbed-block"><pre>conda install foo</pre></div></div></div>'
        '<ul role="tablist"><li role="tab" aria-controls="p1">npm</li>'
        '<li role="tab" aria-controls="p2">Yarn</li></ul><div role="tabpanel" id="p2">'
        '<pre>yarn add x</pre></div><div role="tabpanel" id="p1"><pre>npm i x</pre></div>'
        '<div><div role="tablist"><button role="tab">Windows</button><button role="tab">macOS'
        '</button></div><div role="tabpanel"><p>C:\\App</p></div><div role="tabpanel">'
        "<p>/Applications/App</p></div></div>"
    )
    assert "**pip**\n\n```\npip install foo\n```\n\n**conda**\n\n```\nconda install foo" in out
    assert "**Yarn**\n\n```\nyarn add x\n```\n\n**npm**\n\n```\nnpm i x\n```" in out
    assert "**Windows**\n\nC:\\App\n\n**macOS**\n\n/Applications/App" in out


def test_a_panel_opening_with_its_labels_heading_says_it_once() -> None:
    # WooCommerce's product tabs: each panel opens with a heading saying its tab's label, which
    # read "**Description**" then "### Description", "**Additional information**" twice.
    out = render(
        f"<p>{PROSE}</p>"
        '<ul role="tablist"><li role="tab" aria-controls="d">Description</li>'
        '<li role="tab" aria-controls="a">Additional information</li>'
        '<li role="tab" aria-controls="r">Reviews (0)</li></ul>'
        '<div role="tabpanel" id="d"><h2>Description</h2><p>Three layers of hemp.</p></div>'
        '<div role="tabpanel" id="a"><div class="x"></div><h2>additional information:</h2>'
        "<table><tr><th>Size</th><td>XS, S, M</td></tr></table></div>"
        '<div role="tabpanel" id="r"><p>Intro.</p><h2>Reviews</h2><p>No reviews yet.</p></div>'
    )
    assert "**Description**\n\nThree layers of hemp." in out
    assert "## Description" not in out
    assert "**Additional information**\n\n|Size|XS, S, M|" in out
    assert "## additional information" not in out
    # A heading after the panel's first words, or saying more than the label, stays.
    assert "**Reviews (0)**\n\nIntro.\n\n## Reviews" in out


def test_a_tab_set_nested_in_a_panel_keeps_its_own_labels() -> None:
    out = render(
        f"<p>{PROSE}</p>"
        '<div class="tabbed-set"><div class="tabbed-labels"><label>Linux</label>'
        '<label>Windows</label></div><div class="tabbed-content"><div class="tabbed-block">'
        '<div class="tabbed-set"><div class="tabbed-labels"><label>pip</label><label>conda</label>'
        '</div><div class="tabbed-content"><div class="tabbed-block"><pre>pip install x</pre></div>'
        '<div class="tabbed-block"><pre>conda install x</pre></div></div></div></div>'
        '<div class="tabbed-block"><p>Use the Windows installer.</p></div></div></div>'
    )
    assert (
        "**Linux**\n\n**pip**\n\n```\npip install x\n```\n\n**conda**\n\n```\nconda install x\n```"
        "\n\n**Windows**\n\nUse the Windows installer."
    ) in out


def test_a_button_marked_as_a_link_inside_a_line_keeps_its_words() -> None:
    # A shop's review summary: each point's label is a `<button role="link">` (a script jumps
    # to the reviews saying it) before its explanation. Dropped as a control, each line read
    # ": Effectively blends frozen fruit."; a button alone ("View all") is still a control.
    points = "".join(
        f'<li><button type="button" role="link">{label}</button><span>: {text}</span></li>'
        for label, text in (
            ("Handles frozen ingredients", "Effectively blends frozen fruit."),
            ("Easy to clean", "Rinses out in seconds."),
        )
    )
    out = render(
        f"<h1>Blender</h1><p>{PROSE}</p><h2>Pros</h2><ul>{points}</ul>"
        '<div><button role="link">View all reviews</button></div>'
    )
    assert "- Handles frozen ingredients: Effectively blends frozen fruit." in out
    assert "- Easy to clean: Rinses out in seconds." in out
    assert "View all reviews" not in out
