"""What selection keeps on small handwritten pages: the content root, the title on top, link
blocks and repeats, notes in asides, linked names that are all of their cell, authors' lines,
fact grids (the session-7 fidelity reviews' findings), and what it drops as furniture or junk."""

from __future__ import annotations

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page


def render(body: str, head: str = "") -> str:
    return html_to_markdown(html_page(body, head), url="https://example.com/page")


TAGS = (
    "<div class='tags'><span><a href='/t/a'>Alpha tag</a></span> "
    "<span><a href='/t/b'>Beta tag</a></span></div>"
)


def test_a_linked_ingredient_name_stays_beside_its_amount_and_unit() -> None:
    # WP Recipe Maker writes each part of an ingredient in its own span, and links the name
    # (an affiliate link): the words around the linked span are inside its siblings, not in
    # their tails.
    item = (
        '<li><span class="amount">1</span> <span class="unit">tbsp</span> '
        '<span class="name"><a href="https://amzn.to/xyz">honey</a></span></li>'
    )
    out = render(
        f"<article><p>{PROSE}</p><p>{PROSE}</p><h2>Ingredients</h2>"
        f"<ul><li>2 cups flour</li>{item}<li>1 tsp salt</li></ul>{TAGS}</article>"
    )
    assert "- 2 cups flour\n- 1 tbsp honey\n- 1 tsp salt" in out
    assert "Alpha tag" not in out  # spans of nothing but links are still a tag cloud


def test_a_list_whose_items_link_their_nouns_beside_quantities_stays() -> None:
    ingredients = "".join(
        f'<li><span class="amount">{amount}</span> <span class="unit">{unit}</span> '
        f'<span class="name"><a href="https://shop.example/p/{n}">{name}</a></span></li>'
        for n, (amount, unit, name) in enumerate(
            [("2", "cups", "cooked quinoa"), ("1", "can", "chickpeas"), ("½", "cup", "feta")]
        )
    )
    related = "".join(
        f'<li><a href="/post/{n}">Another salad number {n}</a></li>' for n in range(4)
    )
    out = render(
        f"<article>{''.join(f'<p>{n}. {PROSE}</p>' for n in range(5))}"
        f"<h2>Ingredients</h2><ul>{ingredients}</ul>"
        f"<h2>Method</h2><p>Toss everything together.</p><ul>{related}</ul></article>"
    )
    assert "## Ingredients\n\n- 2 cups cooked quinoa\n- 1 can chickpeas\n- ½ cup feta\n\n" in out
    assert "Another salad" not in out  # a list of nothing but links is still a link block


def test_signatures_whose_names_and_types_are_links_are_code_not_link_blocks() -> None:
    # Dokka (Kotlin) writes a signature as a monospace div whose names and types link to
    # their pages; Javadoc's member summary puts linked types inside `<code>`.
    dokka = (
        '<div class="symbol monospace"><span class="token keyword">fun </span>'
        '<a href="parse.html"><span class="token function">parse</span></a>'
        '<span class="token punctuation">(</span><span class="parameters"><span class="parameter">'
        'text<span class="token operator">: </span><a href="https://kotlinlang.org/s">String</a>'
        '</span></span><span class="token punctuation">)</span><span class="token operator">: '
        '</span><a href="Config.html">Config</a></div><p>Parse the text.</p>'
    )
    javadoc = (
        '<div class="col-second"><code><a href="#add(E)">add</a>(<a href="ArrayList.html">E</a>'
        "&nbsp;e)</code></div><div class='col-last'>Appends the element.</div>"
    )
    out = render(
        f"<main><h1>config</h1>{''.join(f'<p>{n}. {PROSE}</p>' for n in range(5))}{dokka}"
        f"{javadoc}{TAGS}</main>"
    )
    assert "fun parse(text: String): Config\n\nParse the text." in out
    assert "`add(E e)`\n\nAppends the element." in out
    assert "Alpha tag" not in out


def test_cells_of_a_table_drawn_with_divs_are_not_link_blocks() -> None:
    # Javadoc 17's summaries and ARIA grids lay a table out with divs: a cell holding a linked
    # class name dropped as a link block shifts every later cell into the wrong row.
    javadoc = (
        '<div class="summary-table two-column-summary"><div class="table-header col-first">'
        'Class</div><div class="table-header col-last">Description</div>'
        + "".join(
            f'<div class="col-first"><a href="{name}.html">{name}</a></div>'
            f'<div class="col-last"><div class="block">{text}</div></div>'
            for name, text in [
                ("AbstractList", "A skeletal implementation of the List interface."),
                ("ArrayDeque", "Resizable-array implementation of the Deque interface."),
            ]
        )
        + "</div>"
    )
    aria = (
        '<div role="table"><div role="row"><div role="cell"><a href="/p/1">Trail Runner</a></div>'
        '<div role="cell">Light shoe for dry trails and long days.</div></div></div>'
    )
    out = render(
        f"<main><h1>java.util</h1>{''.join(f'<p>{n}. {PROSE}</p>' for n in range(5))}"
        f"{javadoc}{aria}{TAGS}</main>"
    )
    assert (
        "Class\n\nDescription\n\nAbstractList\n\nA skeletal implementation of the List interface."
        "\n\nArrayDeque\n\nResizable-array"
    ) in out
    # An ARIA table is a table (`ariatables.py`), its linked name kept.
    assert "|Trail Runner|Light shoe for dry trails and long days.|" in out
    assert "Alpha tag" not in out


def test_the_page_title_goes_on_top_even_when_the_selection_holds_another_h1() -> None:
    # PyPI: the package's name and version head the page beside the README column, and the
    # README has an h1 of its own.
    def page(title: str, banner: str) -> str:
        return html_to_markdown(
            f"<html><head><title>{title}</title></head><body><div class='banner'>"
            f"<h1>{banner}</h1></div><div class='description'><h2>Project description</h2>"
            f"<div class='readme'><h1>Requests</h1><p>{PROSE}</p><p>{PROSE} Twice.</p>"
            "</div></div></body></html>"
        )

    out = page("requests · PyPI", "requests 2.32.3")
    assert out.startswith("# requests 2.32.3\n\n")
    assert "\n\n# Requests\n\n" in out
    # A section's banner ("Blog") or the site's name is not the page's title: its <title> says.
    for banner in ("Blog", "PyPI"):
        assert page("requests · PyPI", banner).startswith("# Requests\n\n")


def test_the_title_is_not_added_twice_when_it_is_in_the_selection() -> None:
    out = render(
        f"<header><h1 class='site-title'><a href='/'>Site</a></h1></header><main><h1>Guide</h1>"
        f"<p>{PROSE}</p><h1>Appendix</h1><p>{PROSE} Twice.</p></main>"
    )
    assert out.startswith("# Guide\n\n")
    assert out.count("# Guide") == 1


def test_a_changelog_entry_that_repeats_across_versions_stays_with_its_version() -> None:
    versions = "".join(
        f'<h2>Version {v}</h2><p class="date">{date}</p><ul><li>Bug fixes and performance '
        f"improvements.</li>{extra}</ul>"
        for v, date, extra in [
            ("5.2.1", "Mar 3, 2024", ""),
            ("5.2.0", "Feb 20, 2024", "<li>New widget for the home screen.</li>"),
            ("5.1.9", "Feb 1, 2024", ""),
        ]
    )
    keep_a_changelog = (
        "<h2>1.2.0 - 2024-03-01</h2><h3>Added</h3><ul><li>Retry backoff</li></ul>"
        "<h3>Fixed</h3><ul><li>Worker leak</li></ul>"
        "<h2>1.1.0 - 2024-01-10</h2><h3>Added</h3><ul><li>Metrics endpoint</li></ul>"
        "<h3>Fixed</h3><ul><li>Worker leak</li></ul>"
        "<h2>1.0.0 - 2023-12-01</h2><p>First release.</p>"
    )
    out = render(f"<main><h1>What's new</h1><p>{PROSE}</p>{versions}{keep_a_changelog}</main>")
    assert (
        "## Version 5.1.9\n\nFeb 1, 2024\n\n- Bug fixes and performance improvements.\n\n## 1.2.0"
    ) in out
    assert (
        "## 1.1.0 - 2024-01-10\n\n### Added\n\n- Metrics endpoint\n\n### Fixed\n\n- Worker leak"
        "\n\n## 1.0.0"
    ) in out


def test_a_copy_of_a_section_goes_even_when_it_holds_one_block() -> None:
    # A mobile copy of a section, its heading repeated: under the same parent, that heading
    # already had its content.
    section = "<h2>Shipping</h2><p>Free shipping on orders over fifty dollars.</p>"
    out = render(
        f"<main><h1>Trail Boot</h1><p>{PROSE}</p>{section}<h2>Care</h2><p>Brush off dry mud."
        f"</p>{section}<h2>Reviews</h2><p>{PROSE} Twice.</p></main>"
    )
    assert out.count("Shipping") == 1
    assert out.count("Free shipping") == 1


ABSTRACT = (
    "Sleep is thought to consolidate memory, but trials have been small. We ran a "
    "preregistered trial in 1,204 adults and found that a night of sleep improved recall by "
    "12 % against a day awake, an effect that held across ages and was largest for the words "
    "learned last."
)


def test_an_abstract_beside_the_body_is_kept_with_it() -> None:
    # Nature's layout: the abstract's section sits beside the body's wrapper, which holds
    # far more than 80 % of the prose; the descent into the body left the abstract out.
    body = "".join(f"<p>{n}. {PROSE}</p>" for n in range(20))
    out = render(
        "<main><article><div class='c-article-body'><section data-title='Abstract'>"
        f"<div class='c-article-section'><h2>Abstract</h2><p>{ABSTRACT}</p></div></section>"
        f"<div class='main-content'><section><h2>Main</h2>{body}</section></div>"
        f"<div class='after'><h2>More from the lab</h2><p>{ABSTRACT} Again.</p></div></div>"
        "</article></main>"
    )
    assert out.startswith(f"## Abstract\n\n{ABSTRACT}\n\n## Main\n\n0. ")
    assert "More from the lab" not in out  # only a section before the body comes along


def test_a_header_opening_with_an_empty_placeholder_before_its_title_comes_along() -> None:
    # MDN's layout: the title and the introduction sit in a header beside the body's wrapper,
    # after an empty custom element its script fills (`<mdn-survey>`); the header did not open
    # with its heading, so the introduction was lost.
    body = "".join(f"<p>{n}. {PROSE}</p>" for n in range(20))
    page = (
        "<main><div class='layout__header'>{opening}<h1>Basic concepts of flexbox</h1>"
        f"<section><p>{ABSTRACT}</p></section></div>"
        f"<div class='layout__body'><h2>The two axes</h2>{body}</div></main>"
    )
    out = render(page.format(opening="<mdn-survey></mdn-survey><span class='spacer'></span>"))
    assert out.startswith(f"# Basic concepts of flexbox\n\n{ABSTRACT}\n\n## The two axes\n\n0. ")
    # A picture is seen: a block opening with a product's gallery does not open with its title.
    gallery = render(page.format(opening="<div class='gallery'><img src='/a.jpg' alt=''></div>"))
    assert ABSTRACT not in gallery
    # libxml2 closes a heading at a block inside it: `<h1><p>…</p></h1>` is mended in parse.py
    # (the title back in its `h1`), which still opens the header.
    title = "<h1>Basic concepts of flexbox</h1>"
    wrapped = page.replace(title, "<h1><p>Basic concepts of flexbox</p></h1>")
    assert ABSTRACT in render(wrapped.format(opening=""))


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
    assert "|Acer Swift Go 14|$699|" in out
    assert "|Asus Zenbook|$749|" in out
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
        "<div class='card'><div>Report</div><div>Save</div></div><p>Report</p>"
        f"<div><div>A first paragraph of a section.</div><div>{PROSE} More.</div></div></main>"
    )
    assert "Heating: Central\n\nCooling: Central\n\nParking: Yes" in out
    assert out.count("Report") == 1  # a lone pair is no grid: its repeat still goes
    assert "A first paragraph of a section.\n\nThis paragraph" in out


def test_fact_pairs_whose_label_holds_an_empty_tooltip_box_keep_each_value() -> None:
    # RTINGS' spec sheet: each label holds a tooltip's wrappers beside its word (`<span>
    # Wireless</span><div><div><button aria-label="tooltip"></button></div></div>`). The
    # empty boxes made the label no short line, so the pairs were never joined, and "Wired"
    # and "Multi-Device Pairing" lost their "Yes" as repeats of the first.
    def fact(label: str, value: str) -> str:
        return (
            "<div class='row'><div class='flex'><div class='font-semibold'>"
            f"<span>{label}</span><div class='flex-shrink-0'><div class='inline-block'>"
            "<span class='inline-flex'><button type='button' aria-label='tooltip'></button>"
            f"</span></div></div><div class='flex'></div></div><div class='text-right'>{value}"
            "</div></div></div>"
        )

    facts = "".join(
        fact(label, value)
        for label, value in (
            ("Wireless", "Yes"),
            ("Wired", "Yes"),
            ("Bluetooth", "5.1"),
            ("Multi-Device Pairing", "Yes"),
        )
    )
    out = render(f"<main><h1>Keychron K3</h1><p>{PROSE}</p><h2>Connectivity</h2>{facts}</main>")
    assert "Wireless: Yes\n\nWired: Yes\n\nBluetooth: 5.1\n\nMulti-Device Pairing: Yes" in out


def test_fact_pairs_each_beside_an_icon_are_still_a_grid() -> None:
    # A fitness site's routine cards: each fact is a flex item holding an icon and the label
    # over its value. The pairs are not siblings, their wrappers are: unjoined, the repeated
    # labels went as repeats and "10" stood alone under the second card.
    def fact(label: str, value: str) -> str:
        return (
            f"<div class='fact'><i class='icon'></i><div><div class='name'>{label}</div>"
            f"<div class='value'>{value}</div></div></div>"
        )

    cards = "".join(
        f"<div class='card'><h3>Routine {n}</h3><div class='facts'>"
        f"{fact('Duration', f'{n} Min')}{fact('Exercises', '10')}{fact('Difficulty', 'Beginner')}"
        "</div></div>"
        for n in (8, 12)
    )
    out = render(f"<main><h1>Routines</h1><p>{PROSE}</p>{cards}</main>")
    assert out.count("Exercises: 10") == 2
    assert out.count("Difficulty: Beginner") == 2
    assert "Duration: 12 Min" in out


def test_a_label_ending_in_blanks_gets_its_colon_after_the_word() -> None:
    # React writes `Watts<!-- --> ` inside the label's span: the colon went after the blank.
    specs = "".join(
        f"<li><div><div class='b'><span>{label}<!-- --> </span></div>"
        f"<div><span>{value}</span></div></div></li>"
        for label, value in (("Watts", "1200 W"), ("Volume capacity", "72 oz"))
    )
    out = render(f"<main><h1>Blender</h1><p>{PROSE}</p><ul>{specs}</ul></main>")
    assert "- Watts: 1200 W\n- Volume capacity: 72 oz" in out


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


def test_a_hidden_dialog_holding_most_of_the_prose_is_not_the_content() -> None:
    # A shop's category page: thirty product cards whose names are links, and a pricing-policy
    # dialog (display: none until a button opens it) holding more sentences than the cards.
    # The selection went into the dialog alone: the model read the policy and no products.
    cards = "".join(
        f'<div class="card"><a href="/p/{n}"><h3>Projector model {n} with 4K</h3></a>'
        f"<span>$1,{n}99.00</span></div>"
        for n in range(30)
    )
    dialog = (
        '<div id="policy" style="display: none;"><h3>Manufacturer pricing policy</h3>'
        + f"<p>{PROSE}</p>" * 10
        + "</div>"
    )
    out = render(f"<h1>Native 4K projectors</h1><div class='grid'>{cards}</div>{dialog}")
    assert "Projector model 0 with 4K" in out
    assert "Projector model 29 with 4K" in out
    assert "$1,2999.00" in out


def test_content_the_page_hides_until_its_scripts_run_is_still_the_content() -> None:
    # React's streamed server rendering writes the page's segments in `<div hidden id="S:0">`
    # and moves them in with a script: hidden, but all of the page's text, so the selection
    # still narrows into it and leaves the column beside it out.
    out = render(
        "<div class='promo'><p>Our spring sale ends on Friday, so sign up today.</p></div>"
        f"<div hidden id='S:0'><article><h1>Streamed post</h1><p>{PROSE}</p>"
        f"<p>{PROSE}</p><p>{PROSE}</p></article></div>"
    )
    assert "# Streamed post" in out
    assert PROSE.split(".")[0] in out
    assert "spring sale" not in out


def test_a_listing_s_linked_cards_stay_beside_the_paragraph_introducing_them() -> None:
    # A recipe site's collection: an introduction out-weighing the cards' own prose (their
    # titles are links, wrapping the whole card), so the descent went into the introduction
    # alone and the model read one paragraph about recipes it never saw.
    cards = "".join(
        f'<a class="card" href="/recipes/{n}"><span class="card__title">Slow-cooked '
        f"tomato sauce number {n}</span></a>"
        for n in range(24)
    )
    out = render(
        f"<div class='header'><h1>Tomato sauce recipes</h1><p>{PROSE}</p></div>"
        f"<div class='grid'>{cards}</div>"
    )
    assert "# Tomato sauce recipes" in out
    assert "Slow-cooked tomato sauce number 0" in out
    assert "Slow-cooked tomato sauce number 23" in out


def test_a_listing_s_titles_stay_beside_an_introduction_of_almost_half_the_text() -> None:
    # A Genesis recipe blog's category page: its `archive-description` holds four paragraphs
    # with links to favourite recipes, 48 % of the text, the grid beside it only linked titles;
    # at a third the descent went into the description and every recipe's title was lost.
    cards = "".join(
        f'<article class="entry"><h2 class="entry-title"><a href="/recipes/{n}">Sticky air '
        f"fryer salmon bites number {n}</a></h2></article>"
        for n in range(10)
    )
    out = render(
        f"<div class='archive-description'><h1>Air fryer recipes</h1><p>{PROSE}</p>"
        f"<p>{PROSE}</p></div><div class='grid'>{cards}</div>"
    )
    assert "# Air fryer recipes" in out
    assert "Sticky air fryer salmon bites number 0" in out
    assert "Sticky air fryer salmon bites number 9" in out


def test_cards_headed_as_other_products_are_no_listing_the_selection_keeps() -> None:
    # A console maker's product page declaring nothing: "Related items to explore" beside
    # the description are other products, which the descent leaves out however their titles
    # read.
    cards = "".join(
        f'<div class="card"><a href="/store/{n}"><h3>Deluxe travel case for the console '
        f"number {n}</h3></a></div>"
        for n in range(10)
    )
    out = render(
        f"<div class='product'><h1>Mario Galaxy</h1><p>{PROSE}</p><p>{PROSE}</p></div>"
        f"<div class='more'><h2>Related items to explore</h2>{cards}</div>"
    )
    assert "# Mario Galaxy" in out
    assert "Deluxe travel case" not in out


def test_a_sidebar_of_short_links_is_still_left_out_of_the_selection() -> None:
    # A documentation page: the article out-weighs the sidebar's prose but not its text, and the
    # sidebar is many short links. It is navigation, not cards: the selection narrows past it.
    sidebar = "".join(f'<li><a href="/docs/{n}">Topic {n}</a></li>' for n in range(150))
    out = render(
        f"<div class='layout'><div class='side'><ul>{sidebar}</ul></div>"
        f"<div class='doc'><h1>Configure the runner</h1><p>{PROSE}</p></div></div>"
    )
    assert "# Configure the runner" in out
    assert "Topic 7" not in out


def test_images_reduced_and_junk_removed() -> None:
    out = render(
        f'<p>{PROSE}<img src="/a.png" alt="diagram"></p><script>var secret = 1;</script>'
        "<style>.x{color:red}</style><svg><text>vector</text></svg><template>tpl</template>"
        "<noscript>enable js</noscript>"
    )
    for junk in ("secret", "color", "vector", "tpl", "enable js", "a.png"):
        assert junk not in out


def test_furniture_is_removed() -> None:
    out = render(
        '<header><a href="/">Home</a><a href="/about">About us</a></header>'
        '<nav><a href="/x">Menu entry</a></nav>'
        '<div class="cookie-banner">We use cookies to improve your experience.</div>'
        f"<main><article><h1>Story</h1><p>{PROSE}</p></article></main>"
        '<aside class="sidebar">Related things</aside><footer>Copyright 2025 Example</footer>'
    )
    assert "Story" in out
    assert PROSE in out
    for junk in ("About us", "Menu entry", "cookies", "Related things", "Copyright"):
        assert junk not in out


def test_furniture_named_container_holding_the_content_is_kept() -> None:
    # A wrongly named wrapper must not cost the page its content (recall first).
    out = render(f'<div class="sidebar-layout"><p>{PROSE}</p><p>{PROSE}</p></div>')
    assert PROSE in out


def test_forum_thread_keeps_every_post() -> None:
    posts = "".join(
        f'<div class="post"><span class="author">user{i}</span><p>Reply number {i}: {PROSE}</p>'
        "</div>"
        for i in range(6)
    )
    out = render(f'<div class="thread">{posts}</div><div class="side"><p>Short aside.</p></div>')
    for i in range(6):
        assert f"Reply number {i}" in out


def test_a_reply_outweighing_the_rest_of_its_thread_is_not_the_content() -> None:
    # Discourse's crawler view marks each reply as a schema.org `Comment`: a reply holding a
    # long log outweighed the question and every answer, and the descent went into it alone.
    log = "\n".join(f"2024-05-03 10:09:{n:02} ERROR Error doing job: {n}" for n in range(60))
    replies = "".join(
        f'<div id="post_{n}" itemprop="comment" itemscope itemtype="http://schema.org/Comment">'
        f'<span itemprop="author">user{n}</span><div itemprop="text">{text}</div></div>'
        for n, text in (
            (2, f"<p>This is part of the log:</p><pre><code>{log}</code></pre>"),
            (3, "<p>Looks like the tuya_local integration. Try disabling it.</p>"),
        )
    )
    out = render(
        '<main><div itemscope itemtype="http://schema.org/DiscussionForumPosting">'
        '<div id="post_1"><div itemprop="text"><p>Home Assistant is stuck on "starting" after '
        f"the update.</p></div></div>{replies}</div></main>"
    )
    assert 'Home Assistant is stuck on "starting"' in out
    assert "Error doing job: 59" in out
    assert "Try disabling it." in out


def test_a_question_outweighed_by_its_answers_is_kept_with_them() -> None:
    # Stack Exchange's microdata: the Question item wraps the page, its own `text` sits beside
    # a column of answers holding far more than the 80 % that narrows the selection.
    answers = "".join(
        f'<div itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer">'
        f'<div itemprop="text"><p>Answer {i}: {PROSE} {PROSE}</p></div></div>'
        for i in range(8)
    )
    out = render(
        '<div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">'
        '<div id="mainbar"><div id="question"><div itemprop="text"><p>How do I undo a commit '
        f'that was already pushed?</p></div></div><div id="answers">{answers}</div></div>'
        '<div id="sidebar"><p>Hot network questions: unrelated titles.</p></div></div>'
    )
    assert "How do I undo a commit that was already pushed?" in out
    assert "Answer 7:" in out
    assert "Hot network questions" not in out


def test_a_short_answer_beside_a_long_question_is_kept() -> None:
    # The question's text outweighs the one short answer beside it: the descent went into the
    # question alone and the answer was lost. A Q&A page's answers stay with its question.
    out = render(
        '<div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">'
        f'<div id="question"><div itemprop="text"><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p>'
        f"<p>{PROSE}</p><p>How do I list the loop devices?</p></div></div>"
        '<div id="answers"><div itemprop="suggestedAnswer" itemscope'
        ' itemtype="https://schema.org/Answer"><div itemprop="text"><p>Use a for loop over'
        " the numbers.</p></div></div></div></div>"
    )
    assert "How do I list the loop devices?" in out
    assert "Use a for loop over the numbers." in out


def test_an_faqs_answers_do_not_widen_the_selection() -> None:
    # An FAQ's questions are names, not texts: its answers are a section of a longer page, and
    # do not keep the descent above the article.
    faq = [
        '<div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">'
        f'<h3 itemprop="name">Question {i}?</h3><div itemprop="acceptedAnswer" itemscope '
        f'itemtype="https://schema.org/Answer"><div itemprop="text">Answer {i}.</div></div></div>'
        for i in range(3)
    ]
    out = render(
        f"<div><div class='promo'><p>{PROSE} Promotion.</p>{faq.pop()}</div>"
        f"<div class='body'><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p>"
        f"<p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p>"
        f"<p>{PROSE}</p>{''.join(faq)}</div></div>"
    )
    assert "Answer 1." in out
    assert "Promotion." not in out


def test_discourse_style_noscript_content_is_kept() -> None:
    posts = "".join(f"<p>Post {i}: {PROSE}</p>" for i in range(6))
    out = render(f'<div id="app"></div><noscript><div class="crawler">{posts}</div></noscript>')
    assert "Post 2" in out


def test_the_page_title_beside_the_content_column_is_kept_on_top() -> None:
    out = render(
        '<div id="content"><div id="header"><h1>Delete a bucket</h1></div>'
        f'<div id="body"><p>{PROSE}</p><p>{PROSE}</p><p>Run the command.</p></div></div>'
    )
    assert out.startswith("# Delete a bucket\n\n")


def test_notes_in_asides_inside_the_article_are_kept() -> None:
    out = render(
        f"<article><p>{PROSE}</p><aside class='caution'><strong>Caution:</strong> Deleting a "
        "bucket permanently removes all objects in it. This cannot be undone.</aside>"
        "<aside class='message-user'>carol Members</aside>"
        "<aside><a href='/a'>Related one</a> <a href='/b'>Related two</a></aside></article>"
        "<aside><p>A site sidebar with enough words to be a paragraph of prose on its own.</p>"
        "</aside>"
    )
    assert "**Caution:** Deleting a bucket permanently removes all objects" in out
    for furniture in ("carol", "Related one", "site sidebar"):
        assert furniture not in out


def test_a_hatnote_is_not_navigation() -> None:
    out = render(
        '<div role="note" class="hatnote navigation-not-searchable">For other uses, see '
        f"Springfield (disambiguation).</div><p>{PROSE}</p>"
    )
    assert "For other uses, see Springfield (disambiguation)." in out


def test_who_wrote_a_post_and_when_is_not_pruned_as_a_link_block() -> None:
    post = (
        '<article class="message"><div class="user"><h4><a href="/members/{0}.2/">{0}</a></h4>'
        '</div><div class="attribution"><a href="/posts/{1}"><time datetime="2024-03-0{1}">'
        "Mar {1}, 2024</time></a></div><div class='body'><p>{2}</p></div></article>"
    )
    out = render(
        f"<main><p>{PROSE}</p>"
        + post.format("bob", 1, "Sounds like an idle timeout on the load balancer to me.")
        + post.format("carol", 2, "That only hides the problem; enable TCP keepalive instead.")
        + "<div class='related'><a href='/t/1'>Other thread one</a> <a href='/t/2'>Other two</a>"
        " <a href='/t/3'>Other three</a></div></main>"
    )
    assert "#### bob\n\nMar 1, 2024\n\nSounds like" in out
    assert "#### carol\n\nMar 2, 2024\n\nThat only hides" in out
    assert "Other thread one" not in out


def test_a_short_reply_keeps_its_author_beside_its_number_and_date_links() -> None:
    # Three links (author, "#2", date) outweigh a one-line reply; the author and date links
    # say who wrote it, so they do not make the post a link block. Without them the reply
    # vanished and the next post's text read as the previous author's.
    post = (
        '<div class="message"><div class="head"><a href="/members/{0}.7/">{0}</a> · '
        '<a href="#post-{1}">#{1}</a> · <a href="#post-{1}"><time datetime="2024-01-1{1}">'
        "Jan 1{1}, 2024</time></a></div><div class='body'>{2}</div></div>"
    )
    out = render(
        f"<main><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p>"
        + post.format("Babylon Timer", 2, "In-house movements.")
        + post.format("Cosmo", 3, "Smaller cases, and more titanium everywhere this year.")
        + "<div class='more'><a href='/t/1'>Other thread one</a> <a href='/t/2'>Other two</a>"
        " <a href='/t/3'>Other three</a></div></main>"
    )
    assert "Babylon Timer" in out
    assert "In-house movements." in out
    assert out.index("Babylon Timer") < out.index("In-house") < out.index("Cosmo")
    assert "Other thread one" not in out


def test_the_site_logo_is_not_taken_for_the_page_title() -> None:
    out = render(
        '<header class="site-header"><h1 class="site-title"><a href="/">Gadget Blog</a></h1>'
        '</header><div class="wrap"><div class="content"><h2>How to replace a battery</h2>'
        f"<p>{PROSE}</p><p>{PROSE}</p></div></div>"
    )
    assert "Gadget Blog" not in out
    assert out.startswith("## How to replace a battery")


def test_asides_in_an_article_named_as_promotions_or_bios_stay_furniture() -> None:
    note = "Never commit your API key to the repository, not even in a private one."
    out = render(
        f"<div role='main'><p>{PROSE}</p><aside class='note'>{note}</aside>"
        f"<aside class='story-card'><p>{PROSE} Another story.</p></aside>"
        f"<aside class='author-bio'><p>Jo writes about databases and has done so for years.</p>"
        "</aside></div>"
    )
    assert note in out
    assert "Another story" not in out
    assert "Jo writes" not in out


def test_a_layout_named_content_then_sidebar_is_not_a_sidebar() -> None:
    # Genesis themes wrap the post and its sidebar in `content-sidebar-wrap`. When the site's
    # header and footer together out-weigh the post, "sidebar" in that name had the whole post
    # removed with the furniture around it (a title, `h1`, in it would have kept it).
    blurb = "<p>" + PROSE + "</p>"
    out = render(
        f"<header class='site-header'>{blurb * 3}</header>"
        "<div class='content-sidebar-wrap'><main class='content'><article>"
        "<h2>Zero-waste kitchen swaps</h2><p>Beeswax wraps replace cling film, and a jar of "
        "vinegar with citrus peel cleans most surfaces for a few cents a bottle.</p>"
        "</article></main><div class='sidebar-content'><p>Popular this week: ten more "
        "swaps our readers love</p></div></div>"
        f"<footer class='site-footer'>{blurb * 3}</footer>"
    )
    assert "## Zero-waste kitchen swaps" in out
    assert "Beeswax wraps replace cling film" in out
    assert "Popular this week" not in out  # the sidebar's own content is still furniture


def test_the_subjects_facts_in_a_header_beside_the_content_come_with_it() -> None:
    # pkg.go.dev: the package's version, date, licence and imports sit in a header beside
    # the documentation, which holds far more than 80 % of the prose; the descent into the
    # documentation left them out, and only the title came back.
    details = (
        "<div class='go-Main-headerDetails'>"
        "<span class='go-Main-headerDetailItem'><a href='?tab=versions'>"
        "<span class='go-textSubtle'>Version: </span>v1.6.0</a></span>"
        "<span class='go-Main-headerDetailItem'>Published: Jan 23, 2024</span>"
        "<span class='go-Main-headerDetailItem'>License: "
        "<a href='/github.com/google/uuid?tab=licenses'>BSD-3-Clause</a></span>"
        "<span class='go-Main-headerDetailItem'><a href='?tab=imports'>"
        "<span class='go-textSubtle'>Imports: </span>4</a></span></div>"
    )
    doc = "".join(f"<p>{n}. {PROSE}</p>" for n in range(12))
    out = render(
        "<main class='go-Main'><header class='go-Main-header'><div class='go-Main-headerContent'>"
        f"<div class='go-Main-headerTitle'><h1>uuid</h1></div>{details}</div></header>"
        f"<article class='go-Main-article'><div class='UnitDoc'><h2>Overview</h2>{doc}</div>"
        "</article></main>"
    )
    assert out.startswith(
        "# uuid\n\nVersion: v1.6.0\n\nPublished: Jan 23, 2024\n\nLicense: BSD-3-Clause\n\n"
        "Imports: 4\n\n## Overview\n\n0. "
    )


def test_a_cases_docket_facts_above_the_opinion_come_with_it() -> None:
    # CourtListener: the citation, docket number and judges are a list of labelled lines under
    # the caption; the opinion's text beside them outweighs them.
    facts = "".join(
        f"<li><strong>{label}:</strong> {value}</li>"
        for label, value in (
            ("Citations", "597 U.S. 215"),
            ("Docket Number", "19-1392"),
            ("Judges", "Alito, Thomas, Gorsuch, Kavanaugh, Barrett"),
        )
    )
    opinion = "".join(f"<p>{n}. {PROSE}</p>" for n in range(12))
    out = render(
        "<div class='col-sm-9 main-document'><div id='caption-square'><div id='opinion-caption'>"
        "<span class='case-date-new'>June 24, 2022</span><h1>Dobbs v. Jackson</h1>"
        "<h4>Supreme Court of the United States</h4><div class='case-details'>"
        f"<ul class='list-unstyled'>{facts}</ul></div></div></div>"
        f"<div class='tab-content'><div id='opinion'>{opinion}</div></div></div>"
    )
    assert "- **Docket Number:** 19-1392" in out
    assert out.index("Docket Number") < out.index("0. This paragraph")


def test_a_byline_or_a_menu_beside_the_content_does_not_come_with_it() -> None:
    # Two labelled lines are a byline, not a subject's facts; a block after the content is a
    # sidebar (an author box, a list of downloads); a copy of facts the content already
    # states (Steam's glance block beside its details block) is not said twice.
    doc = "".join(f"<p>{n}. {PROSE}</p>" for n in range(12))
    facts = "<p>Developer: Valve</p><p>Publisher: Valve</p><p>Released: 9 Jul, 2013</p>"
    out = render(
        "<div class='wrap'><div class='meta'><span>Posted On: January 14 2026</span>"
        "<span>By: Ray Ansari</span></div>"
        f"<div class='glance'>{facts}</div>"
        f"<div class='body'>{doc}<div class='details'>{facts}</div></div>"
        "<div class='box'><p>Author: Alec</p><p>Title: Founder</p><p>Expertise: Hiking</p></div>"
        "</div>"
    )
    assert "Posted On" not in out
    assert "Author: Alec" not in out
    assert out.count("Developer: Valve") == 1


def test_a_products_summary_beside_its_description_comes_with_it() -> None:
    # A shop's page: the summary (title, price, rating, stock) sits beside a description that
    # holds far more than 80 % of the prose; the descent into the description left the price
    # and "Only 3 left in stock" out, and only the title came back.
    head = '<script type="application/ld+json">{"@type": "Product", "name": "Atmos"}</script>'
    summary = (
        "<div class='product-summary'><div class='gallery'>1 / 9</div><h1>Atmos AG 65</h1>"
        "<p class='price'>$340.00</p><p>Rated 4.8 out of 5 based on 5 customer ratings</p>"
        "<p class='stock'>Only 3 left in stock</p></div>"
    )
    description = "".join(f"<p>{n}. {PROSE}</p>" for n in range(12))
    body = (
        f"<div class='product'>{summary}<div class='description'><h2>Description</h2>"
        f"{description}</div></div>"
    )
    out = render(body, head)
    assert out.startswith("1 / 9\n\n# Atmos AG 65\n\n$340.00\n\nRated 4.8 out of 5")
    assert "Only 3 left in stock\n\n## Description" in out
    # A page that does not say it is a product keeps the old selection: a blog's header
    # beside its post is no summary of a product.
    plain = render(body)
    assert "Only 3 left in stock" not in plain


PRODUCT_HEAD = '<script type="application/ld+json">{"@type": "Product", "name": "Jacket"}</script>'


def _cards(names: list[str]) -> str:
    return "".join(
        f"<li><div class='c7x'><h3><a href='/p/{n}'>Bershka {name} - Denim jacket</a></h3>"
        f"<p>€{39 + n}.99</p></div></li>"
        for n, name in enumerate(names)
    )


def test_a_product_pages_recommended_products_go() -> None:
    # Zalando, eBay, IKEA: after the product come carousels of other products whose cards
    # carry headings and prices, so link-block pruning keeps them, under generated classes.
    # Their headings say what they are: the model read a dozen other jackets as this one's.
    recs = _cards(["Pocket", "Oversize", "Cropped"])
    out = render(
        "<main><h1>Bershka Denim jacket</h1><p>€45.99</p>"
        f"<div class='d1'><h2>Product details</h2><p>{PROSE}</p><p>{PROSE}</p></div>"
        f"<div class='x9'><div class='x8'><h2>More from Bershka</h2><a href='/b'>See more</a>"
        f"</div><ul>{recs}</ul></div>"
        f"<h2>You may also like</h2><ul>{recs}</ul><h2>Size and fit</h2><p>Fits true to size."
        "</p></main>",
        PRODUCT_HEAD,
    )
    assert "€45.99" in out
    assert "## Product details" in out
    assert "Size and fit" in out
    assert "Fits true to size." in out
    assert "More from" not in out
    assert "You may also like" not in out
    assert "Oversize" not in out
    assert "€40.99" not in out


def test_other_products_headed_in_other_words_or_languages_go() -> None:
    # Apple's "Keep exploring iPad.", iFixit's "Featured Products", Zalando's "How about
    # these?" and its sponsored row, a French shop's "Produits complémentaires": each a row
    # of other products the model read as this one's variants.
    recs = _cards(["Pocket", "Oversize", "Cropped"])
    sections = "".join(
        f"<div class='r{n}'><h2>{title}</h2><ul>{recs}</ul></div>"
        for n, title in enumerate(
            (
                "Keep exploring iPad.",
                "Featured Products",
                "Variations of this style How about these?",
                "Sponsored by our brands",
                "Produits complémentaires",
                "Das könnte dir auch gefallen",
            )
        )
    )
    out = render(
        f"<main><h1>Bershka Denim jacket</h1><p>€45.99</p><p>{PROSE}</p>{sections}"
        "<h2>Pairs well with</h2><p>Wide-leg trousers and white sneakers.</p>"
        "<h2>Care recommendations</h2><p>Wash at 30 degrees.</p></main>",
        PRODUCT_HEAD,
    )
    assert "€45.99" in out
    for gone in ("Keep exploring", "Featured", "How about", "Sponsored", "Produits", "gefallen"):
        assert gone not in out, gone
    assert "Oversize" not in out
    # What goes with the product and how to care for it are about the product.
    assert "Wide-leg trousers and white sneakers." in out
    assert "Wash at 30 degrees." in out


def test_recommendations_stay_where_the_page_is_no_product_or_they_are_the_page() -> None:
    recs = _cards(["Pocket", "Oversize", "Cropped"])
    # An article's "Related products" are what it recommends, which its truth keeps.
    article = render(
        f"<main><h1>Best jackets</h1><p>{PROSE}</p><h2>Related products</h2><ul>{recs}</ul></main>"
    )
    assert "## Related products" in article
    assert "Oversize" in article
    # A section holding most of a product page is the page (a shop's bundle page).
    bundle = render(
        f"<main><h1>Jacket bundle</h1><p>Three jackets.</p><h2>Complete the look</h2>"
        f"<ul>{recs}{recs}</ul></main>",
        PRODUCT_HEAD,
    )
    assert "Oversize" in bundle
    # Steam heads its recommended system requirements "RECOMMENDED".
    steam = render(
        f"<main><h1>Terraria</h1><p>{PROSE}</p><h2>RECOMMENDED</h2>"
        "<ul><li>OS: Windows 10</li><li>Memory: 4GB</li></ul></main>",
        PRODUCT_HEAD,
    )
    assert "Memory: 4GB" in steam


def test_a_product_pages_sponsored_card_goes_and_a_lone_label_with_it() -> None:
    # Walmart's paid card under "More seller options": another blender's name and price,
    # labelled "Sponsored"; Target's label over an empty ad slot beside the title.
    out = render(
        "<main><div><div>Sponsored</div><div>Shop all Lodge</div></div><h1>Ninja Blender</h1>"
        f"<p>$179.00</p><p>{PROSE}</p><h2>Specs</h2><p>Watts: 1200 W</p>"
        "<section><div><h3><a href='/ip/9'>Ninja Professional Plus DUO</a></h3>"
        "<p>current price $129.00</p><div><div>Sponsored</div></div></div></section></main>",
        PRODUCT_HEAD,
    )
    assert "# Ninja Blender" in out
    assert "Watts: 1200 W" in out
    assert "Sponsored" not in out
    assert "DUO" not in out
    assert "$129.00" not in out


def test_sponsored_cards_stay_on_listings() -> None:
    # A category page's paid cards are among its items, which its truth keeps.
    cards = "".join(
        f"<li><h3><a href='/p/{n}'>{name} Sofa</a></h3><p>${n}99.99</p>{label}</li>"
        for n, (name, label) in enumerate(
            (("Orndorff", "<div>Sponsored</div>"), ("Gilan", ""), ("Marta", ""))
        )
    )
    out = render(f"<main><h1>Sofas</h1><p>{PROSE}</p><ul>{cards}</ul></main>")
    assert "Orndorff Sofa" in out


def test_a_shops_ai_summary_of_its_reviews_goes_by_its_title_and_its_label() -> None:
    # Amazon's "Customers say" (no product declared) and Walmart's "Reviews summary": a
    # model's paraphrase of the reviews, labelled as generated, with cards quoting reviews.
    amazon = render(
        f"<main><h1>Atomic Habits</h1><p>{PROSE}</p>"
        "<div><div><h3>Customers say</h3><p>Customers find this book to be a practical "
        "guide.</p><div><span>AI Generated from the text of customer reviews</span></div>"
        '<h4>Select to learn more</h4><p><b>Advice(1.3K)</b></p><p>"This book is so clear '
        'and helpful." Read more</p></div></div>'
        "<h2>Product details</h2><p>Publisher: Avery</p></main>"
    )
    assert "Publisher: Avery" in amazon
    assert "Customers say" not in amazon
    assert "practical guide" not in amazon
    assert "so clear and helpful" not in amazon
    # Walmart labels its product highlights as generated too: the product's own features.
    walmart = render(
        f"<main><h1>Ninja Blender</h1><p>{PROSE}</p><section><h2>Product details</h2>"
        "<ul><li>Powerful Crushing: 1400 peak watts.</li></ul><div>Generated by AI</div>"
        "</section><section><div><h2><span>Reviews summary</span></h2></div>"
        "<div>Pros</div><ul><li>Handles frozen ingredients: blends ice.</li></ul>"
        "<span>Generated by AI</span></section><h2>Specs</h2><p>Watts: 1200 W</p></main>",
        PRODUCT_HEAD,
    )
    assert "Powerful Crushing: 1400 peak watts." in walmart
    assert "Watts: 1200 W" in walmart
    assert "Reviews summary" not in walmart
    assert "Handles frozen ingredients" not in walmart


def test_a_review_summary_without_an_ai_label_stays() -> None:
    # A shop's own "What customers say" heads its testimonials; an AI label elsewhere on the
    # page (a product description's) says nothing of them.
    out = render(
        f"<main><h1>Drum lessons</h1><p>{PROSE}</p><section><h2>Product details</h2>"
        "<p>Weekly lessons.</p><span>AI-generated</span></section>"
        "<section><h2>What customers say</h2><p>Best teacher in town. Anna, Leeds</p>"
        "</section></main>",
        PRODUCT_HEAD,
    )
    assert "## What customers say" in out
    assert "Best teacher in town." in out


def _policy_sections() -> str:
    # The shop's own terms, as shops write them beside every product: an accordion item
    # whose summary is the title (Nordstrom, Huel), a section headed by it (Etsy), a panel
    # opening with it in bold (Solo Stove), a block of payment badges (a Shopify theme).
    return (
        "<details><summary><h4>Shipping &amp; Returns</h4></summary><p>Free standard shipping "
        "on orders over $89. Returns are free within 45 days.</p></details>"
        "<div class='x2'><h2>Shipping and return policies</h2><ul><li>Order today to get by "
        "Mar 23</li><li>Returns and exchanges accepted within 30 days</li></ul></div>"
        "<div class='x3'><p><b>Free Shipping &amp; Returns</b></p><p>We offer free standard "
        "shipping on select orders over 125 GBP.</p></div>"
        "<div class='x4'><h3>Payment &amp; Security</h3><p>Your payment information is "
        "processed securely.</p></div>"
        # Apple breaks its title with a line break, which the text joins as "bestplace".
        "<div class='x5'><h2>Why Apple is the best<br>place to buy AirPods.</h2><ul><li>Free "
        "engraving for your initials</li><li>Two-hour delivery from a store</li></ul></div>"
    )


def test_a_product_pages_shipping_and_payment_terms_go() -> None:
    # The same terms stand beside every product of the shop; the product's truths leave
    # them out, and the model read "free returns within 45 days" as a feature of the coat.
    out = render(
        f"<main><h1>Wool coat</h1><p>$289.00</p><p>{PROSE}</p>"
        "<details><summary><h4>Details &amp; care</h4></summary><p>Dry clean only; 80% wool."
        f"</p></details>{_policy_sections()}<h2>Size and fit</h2><p>Fits true to size.</p>"
        "</main>",
        PRODUCT_HEAD,
    )
    assert "$289.00" in out
    assert "Dry clean only; 80% wool." in out
    assert "Fits true to size." in out
    for gone in ("45 days", "Mar 23", "125 GBP", "securely", "Shipping", "Payment", "engraving"):
        assert gone not in out, gone


def test_shipping_terms_stay_where_the_page_is_no_product_or_they_are_asked_about() -> None:
    # A shop's help page on shipping is about its terms; a question in a product's FAQ
    # ("What is the return policy?") is answered for this product: the truths keep both.
    help_page = render(f"<main><h1>Help</h1><p>{PROSE}</p>{_policy_sections()}</main>")
    assert "45 days" in help_page
    assert "Mar 23" in help_page
    faq = render(
        f"<main><h1>Wool coat</h1><p>{PROSE}</p><h3>Can I return it?</h3><p>Within 45 days."
        "</p><h3>Warranty &amp; Returns</h3><p>Two years against defects.</p></main>",
        PRODUCT_HEAD,
    )
    assert "Within 45 days." in faq
    assert "Two years against defects." in faq


def _stories(prefix: str) -> str:
    return "".join(
        f"<li><h3><a href='/{prefix}{n}'>{prefix.title()} story {n}: a bank's outage drags on"
        f"</a></h3><p>by Jane Roe · Mar {n + 1}, 2026 · 4 min read</p></li>"
        for n in range(4)
    )


def test_lists_of_whats_popular_across_the_site_go() -> None:
    # A news listing's or a blog's "Trending" and "Most read" lists beside its own stories:
    # each card carries a byline and a date, so link-block pruning keeps them, and they read
    # as more of the listing's stories (WCXB: four sites' listings, a forum's sidebar).
    out = render(
        f"<main><h1>Security news</h1><ul class='feed'>{_stories('security')}</ul>"
        f"<div class='c3'><h2>Trending</h2><ul>{_stories('trending')}</ul></div>"
        f"<h3>Most read:</h3><ul>{_stories('read')}</ul>"
        "<h2>About this section</h2><p>Our reporters cover breaches.</p></main>"
    )
    assert "Security story 3" in out
    assert "## About this section" in out
    assert "Trending" not in out
    assert "Most read" not in out
    assert "Read story" not in out


def test_popular_things_that_are_the_pages_subject_stay() -> None:
    # A heading that says more is a section of the text, not a list beside it.
    guide = render(
        f"<main><h1>Spain</h1><p>{PROSE}</p><h2>Popular destinations in Spain</h2>"
        "<p>Seville and Granada draw the most visitors.</p>"
        f"<h2>Why is Spain so popular?</h2><p>{PROSE}</p></main>"
    )
    assert "Seville and Granada" in guide
    assert "## Why is Spain so popular?" in guide
    # A site's "Popular" page is its list: a section holding most of the selection stays.
    popular = render(
        f"<main><h1>Blog</h1><p>Notes.</p><h2>Popular</h2><ul>{_stories('popular')}</ul></main>"
    )
    assert "Popular story 3" in popular
    # "Latest" heads a blog's own posts as often as a list beside them.
    latest = render(
        f"<main><h1>Blog</h1><ul>{_stories('top')}</ul><h2>Latest</h2>"
        f"<ul>{_stories('latest')}</ul></main>"
    )
    assert "Latest story 3" in latest


def test_tailwind_arbitrary_values_are_not_names() -> None:
    # `top-[var(--nav-height)]` positions a sticky panel below the site's bar: the words in
    # the brackets are CSS, and "nav" in them made a phone's camera section navigation.
    panel = (
        "<div class='w-full sticky top-[var(--nav-height)] h-[var(--content-height)]'>"
        "<h2>Hasselblad perfection in your pocket</h2><p>A 50MP triple camera system with "
        "portrait and macro modes, tuned with Hasselblad colour science.</p></div>"
    )
    out = render(
        f"<main><h1>Find X8 Pro</h1><p>{PROSE}</p>{panel}<p>{PROSE} More.</p></main>"
        "<nav class='nav'><a href='/'>Home</a> <a href='/phones'>Phones</a></nav>"
        "<footer><p>Footer text that is long enough to outweigh the panel easily.</p></footer>"
    )
    assert "## Hasselblad perfection in your pocket" in out
    assert "Phones" not in out


def test_a_name_that_hides_or_lacks_a_furniture_word_does_not_say_it() -> None:
    # A news site's story grids are named `hide-read-more-ad`: the grid hides its "read more"
    # ad, it is no ad, and every story went as one. On an article, `no-comments` marks the
    # line saying comments are closed, not a comment thread.
    grid = (
        "<div class='SummaryCollectionGridItems-dygJmn hide-read-more-ad'>"
        "<h3>The agency has a leadership crisis</h3><p>A 2023 law requires the agency to have "
        "a director confirmed by the Senate.</p></div>"
    )
    out = render(
        f"<main><h1>Politics</h1><p>{PROSE}</p>{grid}</main>"
        "<footer><p>Footer text that is long enough to outweigh the grid easily.</p></footer>"
    )
    assert "### The agency has a leadership crisis" in out
    assert "Footer text" not in out
    closed = render(
        f"<div><h1>A post</h1><p>{PROSE}</p><p class='no-comments'>Comments are closed.</p></div>",
        head="<meta property='og:type' content='article'>",
    )
    assert "Comments are closed." in closed
    # The word itself still names furniture.
    ad = render(f"<main><h1>T</h1><p>{PROSE}</p><div class='ad'>Buy now</div></main>")
    assert "Buy now" not in ad


def test_a_name_that_switches_a_furniture_word_on_or_off_does_not_say_it() -> None:
    # A charity's post body is classed `sidebar-enabled--false`: the layout option says the
    # post has no sidebar, and the body went as one. `with-sidebar` wraps the post and its
    # sidebar both, and a menu's `menu-disabled` says it is off.
    for name in ("post sidebar-enabled--false content", "with-sidebar", "menu-disabled"):
        body = (
            f"<div class='{name}'><h2>Key takeaways</h2><p>Simple actions that meaningfully "
            "reduce your footprint, one room of the house at a time.</p></div>"
        )
        out = render(
            f"<main><h1>Ten swaps</h1><p>{PROSE}</p>{body}</main>"
            "<footer><p>Footer text that is long enough to outweigh the body easily.</p></footer>"
        )
        assert "## Key takeaways" in out, name
    # The word alone still names furniture.
    sidebar = render(f"<main><h1>T</h1><p>{PROSE}</p><div class='sidebar'>Buy now</div></main>")
    assert "Buy now" not in sidebar


def test_a_standfirst_just_before_the_description_comes_along() -> None:
    # The descent went into the description's wrapper and left out the sentence written as a
    # heading just before it: the product's first paragraph was lost. A short byline stays out.
    standfirst = (
        "Play at home on the TV or on-the-go with a vibrant 7-inch OLED screen with the "
        "Nintendo Switch OLED model."
    )
    out = render(
        f"<main><h1>Switch OLED</h1><h2>{standfirst}</h2>"
        f"<div class='description'><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p>"
        f"<p>{PROSE}</p></div></main>"
    )
    assert f"# Switch OLED\n\n## {standfirst}\n\nThis paragraph" in out
    byline = render(
        f"<main><h1>Notes</h1><p>By Ann Lee, 4 May 2025</p><div><p>{PROSE}</p><p>{PROSE}</p>"
        f"<p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p></div></main>"
    )
    assert "By Ann Lee" not in byline


def _landing_page(head: str = "", sections: int = 3, tag: str = "section") -> str:
    """A landing page drawn as stacked sections, each under its own heading, one of which (a
    long FAQ) outweighs the rest together."""
    pitches = "".join(
        f"<{tag} class='block'><h2>Feature {n}</h2><p>Deploy from anywhere and share a "
        f"preview link for every change number {n}.</p></{tag}>"
        for n in range(sections)
    )
    faq = "".join(f"<h3>Question {n}?</h3><p>{PROSE}</p>" for n in range(12))
    return render(
        f"<main><section class='hero'><h1>Ship instantly</h1><p>Everything you need to ship, "
        f"and nothing you do not.</p></section>{pitches}"
        f"<section class='faq'><h2>Frequently asked questions</h2>{faq}</section></main>",
        head,
    )


def test_a_landing_pages_stacked_sections_stay_beside_the_one_that_outweighs_them() -> None:
    # The descent went into the one section holding 80 % of the prose (a long FAQ, a slider of
    # research notes) and the page's pitch, features and hero were lost: three or more other
    # sections each under its own heading, with prose of their own, are the page.
    out = _landing_page()
    assert "# Ship instantly" in out
    assert "Everything you need to ship" in out
    assert all(f"## Feature {n}" in out for n in range(3))
    assert "preview link for every change number 2." in out
    assert "### Question 11?" in out


def test_sections_beside_an_article_or_fewer_than_three_are_left_out_as_before() -> None:
    article = _landing_page('<meta property="og:type" content="article">')
    product = _landing_page(
        '<script type="application/ld+json">{"@type": "Product", "name": "Kit"}</script>'
    )
    two = _landing_page(sections=1)  # the hero and one more: a header and a sidebar
    divs = _landing_page(tag="div")  # blocks, not sections: the level's wrappers
    for out in (article, product, two, divs):
        assert "### Question 11?" in out
        assert "preview link for every change" not in out


def test_a_grid_of_linked_cards_whose_badges_went_keeps_its_weight_in_the_descent() -> None:
    # Furniture removed from inside a link (a rating block in a card wrapped in a link) took
    # its text out of the card's text and not out of its link text: the grid counted more
    # link text than text, its prose went negative, and the descent went into the paragraph
    # beside it and left every product out (a shop's category page showed its copy alone).
    cards = "".join(
        f"<div class='card'><a href='/p/{n}'><span>Sofa {n}, dark gray</span>"
        f"<div class='reviews'>Rated 4.5 out of 5 stars by 120 customers who bought it</div>"
        f"</a><span>$199.00 with free delivery</span></div>"
        for n in range(8)
    )
    out = render(
        f"<main><div class='intro'><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p></div>"
        f"<div class='grid'>{cards}</div></main>"
    )
    assert "This paragraph is long enough" in out
    assert "Sofa 7, dark gray" in out
    assert "$199.00 with free delivery" in out
    assert "Rated 4.5" not in out


def test_a_long_post_among_like_posts_does_not_take_the_thread_alone() -> None:
    # A thread's second post held a pasted log outweighing the question and the replies
    # together (≥ 80 % of the prose): the descent went into that post and the question and
    # every reply were lost. One of a run of like siblings (same tag and class, each with
    # prose) is an item, not the page.
    log = " ".join(
        f"2024-05-03 10:09:{n:02d} ERROR setup of integration {n} timed out" for n in range(60)
    )
    posts = "".join(
        f"<div class='topic-body crawler-post'><p>{text}</p></div>"
        for text in (
            f"Question: the update is stuck on starting. {PROSE}",
            log,
            f"Reply: remove the custom integration first. {PROSE}",
            f"Reply: that fixed it for me as well. {PROSE}",
        )
    )
    out = render(f"<main><div class='thread'>{posts}</div></main>")
    assert "Question: the update is stuck" in out
    assert "integration 59 timed out" in out
    assert "Reply: that fixed it" in out


def test_a_long_block_beside_unlike_ones_is_still_gone_into() -> None:
    # Siblings of another class (a header row, a sidebar) do not stop the descent.
    out = render(
        "<main><div class='row head'><p>Site banner with a slogan that runs on a while.</p>"
        f"</div><div class='row body'>{PROSE * 12}</div><div class='row foot'><p>Footer "
        "notes that nobody reads at all, really.</p></div></main>"
    )
    assert "Site banner" not in out


def test_a_layout_tables_content_cell_is_selected_without_its_menu_row_and_sidebar() -> None:
    # Old blogs and Hacker News lay the page out in a table: a title and menu row over a row
    # holding the post beside a sidebar cell. The descent stopped at the table (not a
    # wrapper), so the menu, the sidebar's profile and the copyright line came along.
    sidebar = "".join(f'<li><a href="/archive/{n}">March {n}</a></li>' for n in range(12))
    out = render(
        "<table><tr><td colspan='2'><b>My Blog</b> <a href='/'>home</a> | "
        "<a href='/about'>about</a></td></tr>"
        f"<tr><td><h1>A post</h1><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p></td>"
        f"<td><p>About me: I write.</p><ul>{sidebar}</ul></td></tr>"
        "<tr><td colspan='2'>Copyright 2025 Me</td></tr></table>"
    )
    assert out.startswith("# A post\n\nThis paragraph")
    assert "My Blog" not in out
    assert "About me" not in out
    assert "Copyright" not in out


def test_a_layout_table_whose_rows_introduce_the_content_stays_whole() -> None:
    # A cost report's summary sits in the row above the cell of figures that outweighs it: the
    # rows around the largest cell say more than a title or a menu, and stay.
    figures = "".join(f"<p>Cost of job {n}: {PROSE}</p>" for n in range(6))
    intro = "Marietta, Georgia. This report says what electricians cost in the Marietta area."
    out = render(
        f"<table><tr><td>{intro} It lists rates for remodels, fixtures and panels.</td></tr>"
        f"<tr><td>{figures}</td></tr></table>"
    )
    assert "Marietta, Georgia" in out
    assert "Cost of job 5" in out


def test_a_data_tables_header_row_stays_with_its_rows() -> None:
    # A table of citations outweighing everything else is the content, read as a grid: no
    # cell holds most of the prose, so the descent does not go into one.
    rows = "".join(
        f"<tr><td>Deep learning paper number {n} by several authors</td><td>{n}</td>"
        f"<td>2012</td></tr>"
        for n in range(30)
    )
    out = render(
        "<p>Profile</p><table><thead><tr><th>Title</th><th>Cited by</th><th>Year</th></tr>"
        f"</thead><tbody>{rows}</tbody></table>"
    )
    assert "|Title|Cited by|Year|" in out
    assert "Deep learning paper number 29" in out


def test_reading_list_titles_left_with_nothing_under_them_go() -> None:
    # Jetpack writes its related posts' title into an empty box its script fills, a theme its
    # "More from <site>" carousel as an empty slider, and link-block pruning takes a list of
    # teaser links: the titles stood alone over the next section or at the end of the piece
    # (WCXB: 21 pages of 20 sites, none of whose truths keep such a title).
    out = render(
        f"<article><h1>Pruning roses</h1><p>{PROSE}</p>"
        "<section><h2>More from <em>Garden Notes</em>:</h2><div class='slider'></div></section>"
        f"<h2>Aftercare</h2><p>{PROSE} Water well.</p>"
        "<div id='jp-relatedposts' class='jp-relatedposts'>"
        "<h3 class='jp-relatedposts-headline'><em>Related</em></h3></div>"
        "<h3>Up next</h3></article>",
        '<meta property="og:type" content="article">',
    )
    assert "## Aftercare" in out
    assert out.endswith("Water well.")
    assert "More from" not in out
    assert "Related" not in out
    assert "Up next" not in out


def test_reading_lists_with_something_under_them_stay() -> None:
    # A reading list the page shows (items with their own text) or a section that only opens
    # with such words is the page's text: its title stays; so does a heading in code.
    out = render(
        f"<main><h1>Pruning roses</h1><p>{PROSE}</p><h2>Further reading</h2>"
        "<p>Gertrude Jekyll's Roses for English Gardens (1902) is still the best guide to "
        f"old varieties and how they were grown.</p><h2>Related</h2><h3>Climbing roses</h3>"
        f"<p>{PROSE}</p><pre><code># Related\n\n## Up next\n</code></pre></main>"
    )
    assert "## Further reading" in out
    assert "## Related" in out
    assert "### Climbing roses" in out
    assert "# Related\n\n## Up next" in out
