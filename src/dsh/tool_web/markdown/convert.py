"""The pipeline behind `html_to_markdown`: bound, parse, strip, select, render."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.aisummaries import drop_ai_review_summaries, may_hold_ai_summaries
from dsh.tool_web.markdown.appdata import (
    embedded_text,
    product_description,
    with_product_description,
)
from dsh.tool_web.markdown.beside import bring_facts_beside, bring_product_summary
from dsh.tool_web.markdown.boilerplate import (
    drop_author_boxes,
    drop_drawn_twins,
    drop_named_tooltips,
    drop_nosnippet_parts,
    drop_site_furniture,
    remove_furniture,
)
from dsh.tool_web.markdown.choices import variation_radios_as_lines, variation_selects_as_lines
from dsh.tool_web.markdown.declared import declared_text, drop_undeclared_blocks
from dsh.tool_web.markdown.emails import decode_protected_emails
from dsh.tool_web.markdown.emptylists import drop_titles_of_empty_lists
from dsh.tool_web.markdown.factpairs import join_fact_pairs
from dsh.tool_web.markdown.fields import drop_labels_of_fields, drop_labels_of_script_values
from dsh.tool_web.markdown.filters import names_filters
from dsh.tool_web.markdown.formulas import drop_group_markers, formulas_as_tex, has_group_markers
from dsh.tool_web.markdown.hiddenstates import (
    drop_hidden_by_class,
    drop_hidden_components,
    drop_hidden_states,
    has_named_components,
    shown_price_parts,
)
from dsh.tool_web.markdown.limits import MAX_ELEMENTS, MAX_OUTPUT_CHARS
from dsh.tool_web.markdown.linkblocks import prune_link_blocks
from dsh.tool_web.markdown.links import link_base
from dsh.tool_web.markdown.ordinals import drop_counting_lists
from dsh.tool_web.markdown.overlays import names_classed_dialog
from dsh.tool_web.markdown.pagekind import declared_kinds
from dsh.tool_web.markdown.parse import (
    DocumentTooDeepError,
    clean_input,
    parse,
    plain_text,
    strip_non_content,
    tokenized_text,
)
from dsh.tool_web.markdown.placeholders import (
    drop_filler_text,
    drop_template_placeholders,
    ligature_icons_as_names,
)
from dsh.tool_web.markdown.recommendations import (
    drop_popular_lists,
    drop_recommended_products,
    drop_shop_policies,
    drop_sponsored_cards,
)
from dsh.tool_web.markdown.remarks import drop_post_comments
from dsh.tool_web.markdown.render import MarkdownRenderer
from dsh.tool_web.markdown.repairs import repair_tree
from dsh.tool_web.markdown.rustdoc import drop_rustdoc_item_furniture, is_rustdoc_page
from dsh.tool_web.markdown.select import article_body, content_root
from dsh.tool_web.markdown.shell import (
    PageMetadata,
    is_empty_shell,
    looks_like_app,
    looks_like_app_source,
    page_metadata,
    with_shell_notice,
)
from dsh.tool_web.markdown.signatures import has_member_signatures, name_member_signatures
from dsh.tool_web.markdown.stats import measure
from dsh.tool_web.markdown.streamed import (
    has_streamed_segments,
    place_streamed_segments,
    with_boundary_markers,
)
from dsh.tool_web.markdown.tabs import label_tab_panels
from dsh.tool_web.markdown.termynal import has_termynal_sessions, sessions_as_shown
from dsh.tool_web.markdown.text import plain_to_markdown
from dsh.tool_web.markdown.threads import (
    custom_tags,
    drop_parent_previews,
    has_comment_role,
    has_parent_previews,
    nest_comment_elements,
)
from dsh.tool_web.markdown.title import drop_reply_subjects, with_title
from dsh.tool_web.markdown.variants import (
    has_breakpoint_variants,
    has_phone_copies,
    keep_one_breakpoint_variant,
    keep_phone_copies,
)
from dsh.tool_web.markdown.votescores import has_vote_scores, keep_shown_vote_scores

_log = logging.getLogger(__name__)

# The page's first <base href> (empty when it has none): read before <head> is stripped.
_BASE_HREF: Final = etree.XPath("string((/html/head/base[@href])[1]/@href)")
# The address the page names as its own, read before <head> is stripped. The body is read too:
# markup a head may not hold (a `div`, text) before the link makes libxml2 open the body there
# and put the rest of the head in it (7 of 1,476 WCXB pages); the head's own link comes first.
_CANONICAL_IN_HEAD: Final = etree.XPath("string(/html/head/link[@rel='canonical'][@href][1]/@href)")
_CANONICAL_IN_BODY: Final = etree.XPath(
    "string(/html/body//link[@rel='canonical'][@href][1]/@href)"
)


def _canonical_url(root: etree._Element, source: bytes) -> str:
    # The body is walked only when the head has none and the source names one: a walk of every
    # element on every page cost more than the rest of the link pass.
    in_head = str(_CANONICAL_IN_HEAD(root))
    if in_head or b"canonical" not in source:
        return in_head
    return str(_CANONICAL_IN_BODY(root))


# The whole-tree search for tables drawn with ARIA roles runs only when the source has such a
# role (one page in two hundred): run on every page it cost a twentieth of the renderer's time.
# A case-sensitive pattern with a literal start: `re.IGNORECASE` or a tuple of substring tests
# cost more than the search itself.
_ARIA_TABLE_ROLE: Final = re.compile(rb"""role=["']?(?:table|grid|treegrid)\b""")
# Either that role, a tab's (`role="tab`, `tablist` and `tabpanel` too) or a comment's
# (`threads.has_comment_role`): one search that most pages (9 in 10) end without a match,
# sparing them the search per role (WCXB's even half: 0.35 s for the four searches on every
# page, 0.14 s now).
_ROLE_GATED: Final = re.compile(rb"""role=["']?(?:table|grid|treegrid|tab|comment)""")
# Likewise the whole-tree search for dialogs (`overlays.dialog_elements`), on one page in
# three: a role of dialog or alertdialog ends its value right after the word (the role is
# matched whole, so whatever is written before it: `ROLE = "dialog"` too), and the aria-modal
# attribute is looked for in lower or upper case. (Not seen: `Aria-Modal`, which libxml2
# would fold, and a value spelled with character references, `&#100;ialog`.)
_DIALOG_ROLE: Final = re.compile(rb"""dialog["'\s>/]""")
# A tooltip's body named as such (`boilerplate.drop_named_tooltips`): `tooltip-content`,
# `tool-tip__content`, `ToolTipText`, `tooltipBubble`. Its lowercase `ool` lets the search skip
# ahead in C (with the whole word in either case it read every byte: 3.1 s on WCXB's even half,
# this 0.55 s, both on a loaded machine, where one `in` search for a word takes 0.27 s).
_NAMED_TOOLTIP: Final = re.compile(
    rb"ool[-_]?[Tt]ip[-_]*(?:[Cc]ontent|[Tt]ext|[Bb]ody|[Bb]ubble|[Ii]nner|[Mm]essage)"
)
# Likewise the search for the site's footers and menus by their roles (`boilerplate.py`): the
# role's value ends right after the word ("navigation" alone is a common class word). One
# pattern per word: each has a literal start that the search skips to, which an alternation
# has not (one alternation cost four times the two searches). The role most pages write first:
# on WCXB's even half 468 pages of 738 have navigation, 101 contentinfo; contentinfo first cost
# 0.13 s, navigation first 0.07 s.
_SITE_ROLES: Final = (
    re.compile(rb"""navigation["'\s>/]"""),
    re.compile(rb"""contentinfo["'\s>/]"""),
)
# Likewise the gate of the reply-subject pass (`title.py`): "Re:" or "RE:". One search: two
# substring tests of three bytes cost a forum-less page 0.3 s on WCXB's even half (a short
# needle with common bytes is scanned slowly), this pattern a quarter of that.
_REPLY_SUBJECT: Final = re.compile(rb"R[eE]:")
# Likewise the gates of the select and template-placeholder passes: as substring tests,
# `<select` and `<SELECT` cost 0.15 s and `{{` 0.16 s on the even half, these 0.07 and 0.06 s.
_SELECT_TAG: Final = re.compile(rb"<(?:select|SELECT)")
_TEMPLATE_PLACEHOLDER: Final = re.compile(rb"\{\{")
_LABEL_TAG: Final = re.compile(rb"<(?:label|LABEL)[\s>]")
# The radio buttons' type (`type="radio"`, `type=radio`), the word ending right after it.
_RADIO_TYPE: Final = re.compile(rb"""radio["'\s>/]""")
# And those of the figure and disclosure repairs: `<figure` 0.11 → 0.06 s, `collapse` 0.11 →
# 0.06 s (`aria-controls`, `cfemail` and most others are searched faster as substrings).
_FIGURE_TAG: Final = re.compile(rb"<figure")
_COLLAPSE: Final = re.compile(rb"collapse")


# A class naming a price's fraction (`splitprices.split_prices_joined`): "cent" alone would be
# in nearly every page ("center", "recent"), so only as a class word.
def _names_price_fraction(source: bytes) -> bool:
    # Substring tests, not one pattern: an alternation opening with a character class (a class
    # word's edge before `cent`) has no literal prefix for the regex engine to skip to and tried
    # every byte of every page. A lone `cent` class is left out of the gate: "recent",
    # "percent" and "center" are on nearly every page.
    return b"fraction" in source or b"decimal" in source or b"cents" in source


# Google's icon fonts (`ligature_icons_as_names`): one search with a literal start for both
# names (two substring searches to the end of a page without them: 0.12 s on WCXB's even half,
# this one 0.08 s).
_MATERIAL_ICONS: Final = re.compile(rb"material-(?:icons|symbols)")


def html_to_markdown(html: str, *, url: str | None = None) -> str:
    """Render an HTML page as the Markdown `web_fetch` shows the model.

    Keeps the page's main content (recall-first: whole forum threads, listings and product
    pages stay whole), drops furniture, and never raises: on any failure it degrades to plain
    text. Pages with almost no text end with a one-line notice saying so. A ``html`` that is not a
    ``str`` is the caller's mistake, not the page's, and raises ``TypeError``.
    """
    if not isinstance(html, str):
        # Said here: below, the fallback would log two tracebacks and then fail on its own
        # ("a bytes-like object is required, not 'str'" for bytes: the wrong way round).
        raise TypeError(
            f"html_to_markdown() takes the page source as str, not {type(html).__name__}; "
            "decode bytes first (httpx: response.text)"
        )
    try:
        markdown, is_scripted, metadata = _convert(clean_input(html), url, html)
        # Padding and fences can make the Markdown longer than the text it renders; the bound
        # on what comes out is the one on what goes in.
        markdown = markdown[:MAX_OUTPUT_CHARS]
        embedded = ""
        # Asked only of a page that came out (nearly) empty: the only one whose notice it sets.
        scripted = is_empty_shell(markdown) and is_scripted()
        if scripted:
            shown = [line.lstrip("#> ") for line in markdown.splitlines()]
            if metadata is not None:
                shown += [metadata.title, metadata.description]
            embedded = _embedded_text(html, url, shown)
        return with_shell_notice(markdown, scripted=scripted, metadata=metadata, embedded=embedded)
    except MemoryError:
        raise
    except Exception:
        _log.warning("html_to_markdown failed; falling back to plain text", exc_info=True)
    scripted = looks_like_app_source(html)
    try:
        text = plain_to_markdown(tokenized_text(clean_input(html)))
        return with_shell_notice(text, scripted=scripted)
    except MemoryError:
        raise
    except Exception:
        _log.warning("plain-text fallback failed", exc_info=True)
        return with_shell_notice("", scripted=scripted)


def _embedded_text(html: str, url: str | None, already_shown: list[str]) -> str:
    """What an empty shell's script data says (`appdata.py`); never costs the shell its notice."""
    try:
        root = parse(clean_input(html))
        return embedded_text(
            root,
            lambda document: _convert(clean_input(document), url, document)[0][:MAX_OUTPUT_CHARS],
            already_shown,
        )
    except MemoryError:
        raise
    except Exception:
        _log.warning("reading an empty shell's script data failed", exc_info=True)
        return ""


def _convert(
    cleaned: bytes, url: str | None, html: str
) -> tuple[str, Callable[[], bool], PageMetadata | None]:
    """The Markdown, a test of whether the page shows signs of being rendered by scripts, and
    its title and description (read here because <title> is stripped with the non-content).

    `cleaned` is the input after `clean_input`; `html` as it came, for the fallback's test."""
    streamed = has_streamed_segments(cleaned)
    try:
        root = parse(with_boundary_markers(cleaned) if streamed else cleaned)
    except DocumentTooDeepError:
        return plain_to_markdown(tokenized_text(cleaned)), lambda: looks_like_app_source(html), None
    if streamed:
        place_streamed_segments(root, cleaned)  # before any pass reads the page's order

    # The signs are read from the tree as parsed, before the passes below change it: by
    # parsing the source again (parsing is deterministic), and only for the pages that come
    # out (nearly) empty. Read on every page, they cost 0.15 s of WCXB's even half.
    def scripted() -> bool:
        return looks_like_app(parse(cleaned))

    metadata = page_metadata(root)
    article_page, product_page = declared_kinds(root, cleaned)  # JSON-LD: before scripts go
    description = product_description(root) if product_page else ""
    # The article's own text, as its JSON-LD declares it: read before the scripts go.
    declared = declared_text(root) if article_page and b"articleBody" in cleaned else ""
    if product_page and b"hide" in cleaned:
        drop_hidden_by_class(root)  # the states not chosen, before any pass reads them
    if product_page and b"display" in cleaned:
        drop_hidden_states(root)  # the states a script shows, before any pass reads them
    if has_named_components(cleaned):
        drop_hidden_components(root)  # NodeBB's states not taken, before any pass reads them
    links_resolve_against = link_base(url, str(_BASE_HREF(root)))
    canonical_url = _canonical_url(root, cleaned)
    if b"schema.org/Comment" in cleaned and (
        b"schema.org/Question" in cleaned or b"schema.org/Answer" in cleaned
    ):
        drop_post_comments(root)  # before a button's "Add a comment" is made a `div`
    roles = _ROLE_GATED.search(cleaned) is not None
    if (roles and (b'role="tab' in cleaned or b"role='tab" in cleaned)) or b"tabbed-set" in cleaned:
        label_tab_panels(root)  # before the tabs' buttons go with the other controls
    formulas_as_tex(root)  # before the MathML and MathJax's scripts go
    if has_group_markers(cleaned):
        drop_group_markers(root)
    # While the elements that show what to do are still there.
    repair_tree(
        root,
        aria_tables=roles and _ARIA_TABLE_ROLE.search(cleaned) is not None,
        figures=_FIGURE_TAG.search(cleaned) is not None,
        disclosure_links=b"aria-controls" in cleaned or _COLLAPSE.search(cleaned) is not None,
        split_prices=_names_price_fraction(cleaned),
    )
    if _SELECT_TAG.search(cleaned) is not None:
        variation_selects_as_lines(root)  # before the form controls go
    if _RADIO_TYPE.search(cleaned) is not None:
        variation_radios_as_lines(root, product_page=product_page)
    if _LABEL_TAG.search(cleaned) is not None:
        drop_labels_of_fields(root)  # once the variations took theirs, before the fields go
    strip_non_content(root)
    if b"data-product-" in cleaned:
        drop_labels_of_script_values(root)  # once a spinner's icon no longer counts as a value
    if has_parent_previews(cleaned):
        drop_parent_previews(root)
    if has_member_signatures(cleaned):
        name_member_signatures(root)
    if is_rustdoc_page(cleaned):
        drop_rustdoc_item_furniture(root)
    if has_breakpoint_variants(cleaned):
        keep_one_breakpoint_variant(root)
    if has_phone_copies(cleaned):
        keep_phone_copies(root)
    if has_termynal_sessions(cleaned):
        sessions_as_shown(root)
    if has_vote_scores(cleaned):
        keep_shown_vote_scores(root)
    if b"cfemail" in cleaned or b"email-protection" in cleaned:
        decode_protected_emails(root)
    if b"price__sale" in cleaned:
        shown_price_parts(root)  # before the screen-reader labels are read
    # An upper bound on the element count, known without walking the tree; not counted in a
    # source shorter than the bound (half of WCXB's pages: 0.08 s → 0.06 s on the even half).
    if len(cleaned) > MAX_ELEMENTS and cleaned.count(b"<") > MAX_ELEMENTS:
        return plain_to_markdown(plain_text(root)), scripted, metadata
    if _TEMPLATE_PLACEHOLDER.search(cleaned) is not None:
        drop_template_placeholders(root)
    # The filler's paragraphs say it in lower case ("Lorem ipsum dolor"), whatever its titles
    # say ("Lorem Ipsum"): one substring test.
    if b"orem ipsum" in cleaned:
        drop_filler_text(root)
    if _MATERIAL_ICONS.search(cleaned) is not None:
        ligature_icons_as_names(root)
    body = root.find("body")
    if body is None:
        body = root
    stats = measure(body)
    # Each search scans a page without the word to its end: the words most pages hold first
    # (on WCXB's even half the dialog role 256 pages of 738, "tooltip" 203, "aria-modal" 95).
    dialog_word = _DIALOG_ROLE.search(cleaned) is not None
    dialogs = (
        dialog_word
        or b"tooltip" in cleaned
        or b"aria-modal" in cleaned
        or b"popover" in cleaned
        or b"ARIA-MODAL" in cleaned
    )
    author_boxes = remove_furniture(
        body,
        stats,
        article_page=article_page,
        dialogs=dialogs,
        # The same word ends a class naming a dialog (`class="dialog"`): looked for only then.
        classed_dialogs=dialog_word and names_classed_dialog(cleaned),
        microdata=b"itemprop" in cleaned,
        item_carousels=not (article_page or product_page) and b"arousel" in cleaned,
        # On a product page a slider of testimonials praises the shop, not the product (a
        # fashion shop's "What Our Clients say…" under every item): the word stands there.
        testimonials=not product_page and b"estimonial" in cleaned,
        filters=names_filters(cleaned),
        card_bylines=not product_page and b"<time" in cleaned,
    )
    if b"aria-hidden" in cleaned:
        drop_drawn_twins(body, stats)  # once the screen-reader text that stays is known
    main = content_root(
        body,
        stats,
        main_entity=b"mainEntity" in cleaned,
        landing=not (article_page or product_page),
    )
    drop_site_furniture(
        main, stats, roles=any(role.search(cleaned) is not None for role in _SITE_ROLES)
    )
    drop_author_boxes(author_boxes, stats)
    if b"data-nosnippet" in cleaned:
        drop_nosnippet_parts(main, stats)
    if _NAMED_TOOLTIP.search(cleaned) is not None:
        drop_named_tooltips(body, stats)
    if article_page:
        main = article_body(main, stats)
    if declared:
        drop_undeclared_blocks(main, stats, declared)
    if product_page:
        bring_product_summary(main, body, stats)
    facts = bring_facts_beside(main, body, stats)
    main = with_title(main, body, metadata.title, dated=article_page)
    if _REPLY_SUBJECT.search(cleaned) is not None:
        drop_reply_subjects(main, metadata.title, stats)
    prune_link_blocks(main, stats, keep=facts, article=article_page)
    # Not gated by a search of the source: the heading's word in any case cost more (13
    # substring searches, ~1 s on WCXB's even half) than the pass over the headings (~0.15 s).
    drop_popular_lists(main, stats)
    drop_titles_of_empty_lists(main, stats)
    drop_counting_lists(main, stats)
    if product_page:
        drop_recommended_products(main, stats)
        drop_shop_policies(main, stats)
        if b"Sponsored" in cleaned:
            drop_sponsored_cards(main, stats)
    # On any page: Amazon declares no product. Gated by the label's spellings in the source.
    if may_hold_ai_summaries(cleaned):
        drop_ai_review_summaries(main, stats)
    join_fact_pairs(main, stats)  # each fact keeps its value through de-duplication
    comment_tags, comment_role = custom_tags(cleaned), roles and has_comment_role(cleaned)
    if comment_tags or comment_role:
        nest_comment_elements(main, stats, comment_tags, comment_role)
    renderer = MarkdownRenderer(
        links_resolve_against,
        stats,
        page_url=url,
        canonical_url=canonical_url,
        copied_bands=product_page,
    )
    markdown = renderer.render(main)
    if description and not is_empty_shell(markdown):
        # An empty shell gets its notice and all of its script data instead (`appdata.py`):
        # the description alone would make it a page, and both would be lost.
        markdown = with_product_description(markdown, description)
    return markdown, scripted, metadata
