"""The words that name page furniture, and how an element's names are read.

Tags, ARIA roles and whole class/id tokens (split on punctuation) that say navigation, footer,
ads, share bars, cookie banners and the like; the few that say content whatever else is said;
the pairs of tokens that only mean furniture together. `boilerplate.py` removes by them,
`asides.py`, `linkblocks.py` and `select.py` read them too.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.tree import HEADING_TAGS

FURNITURE_TAGS: Final = frozenset({"nav", "aside", "footer", "form", "menu", "dialog"})

FURNITURE_ROLES: Final = frozenset(
    {"navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar",
     "dialog", "alertdialog", "toolbar"}
)  # fmt: skip

# Whole class/id tokens (split on punctuation) that name furniture.
FURNITURE_WORDS: Final = frozenset(
    {
        "nav", "navbar", "navigation", "menu", "megamenu", "submenu", "breadcrumb",
        "breadcrumbs", "footer", "sidebar", "cookie", "consent", "gdpr", "newsletter",
        "subscribe", "social", "socials", "advert", "advertisement", "ads", "ad",
        "adsbygoogle", "sponsored", "popup", "related", "recommended", "recommendations",
        "outbrain", "taboola", "toolbar", "pagination", "pager", "masthead", "signup", "login",
        "modal", "visuallyhidden", "clipped", "offscreen", "signature", "reviews", "carousel",
        "usertitle", "userextra", "userextras", "extrauserinfo", "userbanner", "reactions",
        "quickview", "minicart",
        # A shop's cart drawer written as one word (`sidecart`, `ajaxcart`, `slidecart`,
        # `cartdrawer`): see the cart pairs below.
        "sidecart", "ajaxcart", "slidecart", "cartdrawer",
        # A post's signature written as one word (FluxBB's and PunBB's `postsignature`):
        # the poster's motto or links under every post of theirs.
        "postsignature",
        # A forum poster's statistics ("1,109 posts · Joined 2022"), not what they wrote.
        "postcount", "joindate",
        # "You are using an out of date browser" (XenForo's `js-browserWarning`, HTML5
        # Boilerplate's `browserupgrade`/`browsehappy`, browser-update.org's `buorg`).
        "browserwarning", "browserupgrade", "browsehappy", "buorg",
        # MediaWiki's "[edit]" beside every section heading, and its print footer
        # ("Retrieved from "https://…/index.php?title=…&oldid=…"": shown only on paper).
        "editsection", "printfooter",
        # The DocBook XSL stylesheets' links to the previous, parent and next pages, a table
        # above and below each page of a manual ("Prev Up Next / 10.6. SELECT Output Columns
        # Home 11.1. Introduction").
        "navheader", "navfooter",
        # A part the page itself says is no content (`nocontent`: the class Google's site
        # search documents for what its index should skip, written on share bars, menus and
        # content footers: Google's developer sites' licence and "Last updated" footer,
        # Jetpack's share buttons).
        "nocontent",
        # WordPress Jetpack's share and like bars under a post ("Share this:", "Like this:",
        # and the like button's script placeholder "Like Loading…").
        "sharedaddy",
        # A quote's expander under the quoted words ("Click to expand...", "Click to
        # shrink...": XenForo's `bbCodeBlock-expandLink`, its older `quoteExpand`): a control,
        # standing in every quoting post of a thread whose messages are kept whole.
        "expandlink", "shrinklink", "quoteexpand",
        # Bazaarvoice's hidden SEO diagnostics (`BVSEOSDK_meta`, and `BVSEO_meta` below):
        # "bvseo_sdk, dw_cartridge, 18.2.0", "bvseo-msg: SEO SDK is disabled." in a shop's
        # rating block. (Not `bvseo` alone: `bvseo-review` holds the reviews it serves.)
        "bvseosdk",
        # Fine print: a shop's financing terms, "Image simulated", test conditions; an
        # article's affiliate and opinion notices (32 pages, F1 +0.0008: a service page's
        # quote terms are the one real loss).
        "disclaimer", "disclaimers",
        # Invision Community's badge beside a post's author when they started the topic
        # (`ipsComment_authorBadge` in 4.x; 5.x below, as a pair): "Author" over their posts.
        # A class, not the word: the same line labels an article's byline ("Author / …").
        "authorbadge",
        # Invision Community 5's topic overview over the replies ("Created 1 yr / Last Reply
        # Sep 26 / Top Posters In This Topic / William Overington 56 posts"): figures about
        # the thread, each post's author stands over it already.
        "ctopicoverview", "ctopicoverviewcontainer",
        # XenForo's thread-summary add-on (`xfa-gptts-block`: "Click For Summary / Discussion
        # Overview / Main Points Raised"): a language model's digest of the replies set over
        # them, not what the posters wrote; the posts themselves follow.
        "gptts",
        # XenForo 2's bar under a post naming who reacted to it (`reactionsBar`, labelled
        # "Reactions:" for screen readers: "Reactions: felixen, unixfool and 2 others"): who
        # clicked, not what was written (`reactions` alone is a word above already).
        "reactionsbar",
    }
)  # fmt: skip

# Class words that say content whatever else the class says: MediaWiki's hatnote ("For other
# uses, see …") is classed `hatnote navigation-not-searchable`.
CONTENT_WORDS: Final = frozenset({"hatnote"})

# Tokens that only mean furniture next to a second word ("comment-form", "reply-form").
FURNITURE_PAIRS: Final = frozenset(
    {("comment", "form"), ("reply", "form"), ("comments", "form"), ("site", "header"),
     ("page", "header"), ("global", "header"), ("top", "bar"), ("author", "bio"),
     ("sr", "only"), ("visually", "hidden"), ("screen", "reader"), ("screenreader", "only"),
     # Stack Exchange's Stacks: `v-visible-sr`, visible to screen readers only.
     ("visible", "sr"),
     # A forum poster's statistics, written as two words.
     ("post", "count"), ("join", "date"), ("author", "statistics"), ("user", "stats"),
     ("browser", "warning"), ("browser", "upgrade"), ("upgrade", "browser"),
     ("outdated", "browser"), ("old", "browser"), ("unsupported", "browser"),
     ("userinfo", "extra"), ("bvseo", "meta"),
     # A Q&A thread's closing pitch under its answers (Stack Exchange's `js-bottom-notice`:
     # "Start asking to get answers", "Explore related questions", "You must log in to
     # answer this question").
     ("bottom", "notice"),
     # Adobe Edge Delivery Services' `section-metadata` block: its section's settings as
     # key/value rows ("Style" / "text-center, purple-gradient"), which the site's script
     # reads into classes and removes; a reader never sees them.
     ("section", "metadata"),
     # Webflow's form states (`w-form-done`, `w-form-fail`): the messages its script shows
     # once a form is sent ("Thank you! Your submission has been received!", "Oops! Something
     # went wrong while submitting the form."), hidden by its stylesheet until then; the form
     # itself is gone with the furniture, and they stood under a landing page's pricing.
     ("form", "done"), ("form", "fail"),
     # phpBB's custom profile fields (`profile-custom-field profile-phpbb_location`), which its
     # default style writes under every poster's name beside the rank and post count: a
     # VirtualBox forum's "Primary OS: Mac OS X other / VBox Version: OSE other / Guest OSses:
     # Windows / Location: An Ant Farm", four lines over each post about its poster.
     ("profile", "custom"),
     # Invision Community 5's author badge (`ipsBadge ipsBadge--author`), as above.
     ("ipsbadge", "author"),
     # A shop's cart drawer, the panel its theme writes into every page and slides in when
     # the cart button is pressed or a product is added (Shopify's Dawn `cart-drawer` and
     # `cart-notification`, WooCommerce's `widget_shopping_cart` in its `side-cart`, the
     # `mini-cart`, `slide-cart`, `ajax-cart`, `cart-flyout`, `offcanvas-cart` of other
     # themes, a PrestaShop theme's `rafSliderCart`, read hump by hump below): "Your cart is
     # empty", "Subtotal", "Continue shopping", and a shop's delivery and pick-up options.
     # WooCommerce's by `widget shopping`, not `shopping cart`: Font Awesome's
     # `fa-shopping-cart` icon sits in "Add to cart" buttons, and a buy box may be named so.
     ("cart", "drawer"), ("drawer", "cart"), ("side", "cart"), ("mini", "cart"),
     ("slide", "cart"), ("slider", "cart"), ("ajax", "cart"), ("cart", "flyout"),
     ("flyout", "cart"), ("offcanvas", "cart"), ("cart", "offcanvas"), ("cart", "sidebar"),
     ("cart", "notification"), ("widget", "shopping")}
)  # fmt: skip

TOKEN_SPLIT: Final = re.compile(r"[^a-z0-9]+")
# The words `TOKEN_SPLIT` leaves, found directly: no empty pieces to filter out (asked of
# every element with a class or id).
_TOKEN: Final = re.compile(r"[a-z0-9]+")


def attribute_tokens(element: etree._Element) -> list[str]:
    return name_tokens(element.get("class") or "", element_id(element))


def element_id(element: etree._Element) -> str:
    """The element's `id` as a name of what it is: none for a heading, whose id is the slug of
    its own words ("related-work", "social-impact"), the section's subject, not its role."""
    return "" if element.tag in HEADING_TAGS else element.get("id") or ""


def name_tokens(classes: str, ident: str) -> list[str]:
    """The words of a class value and an id, read as `attribute_tokens` reads an element's."""
    if not classes and not ident:
        return []  # most elements: spare the split
    if "[" in classes:
        # Tailwind's arbitrary values (`top-[var(--nav-height)]`, `h-[var(--content-height)]`)
        # are CSS, not names: a sticky product panel was taken for navigation.
        classes = _ARBITRARY_VALUE.sub(" ", classes)
    if "hide-" in classes or "no-" in classes:
        # A class that hides or lacks a thing says what the element does not show, not what
        # it is: a news site's story grids named `hide-read-more-ad` went as ads, and an
        # article's `no-comments` line ("Comments are closed") as a comment thread.
        classes = _NEGATED.sub(" ", classes)
    if "with" in classes or "abled" in classes or "--" in classes:
        # A class that says the element comes with or without a thing, or that a thing is
        # switched on or off, names an option of its layout, not the thing: a charity's post
        # body is classed `sidebar-enabled--false` (it has no sidebar) and went as a sidebar;
        # `with-sidebar` wraps the content and its sidebar both. (Not `has-`: WordPress's
        # `has-caption-font-size` and `has-background` presets say what the block is drawn
        # like, and a theme's fine print set in the caption size went as captions.)
        classes = _LAYOUT_OPTION.sub(" ", classes)
    if "nav" in classes:
        # A class word naming how a slider's arrows look (`dark-nav-btns`, `slider-nav-arrows`)
        # says what its buttons are drawn like, not that the element is navigation: a shop's
        # category rows, each a carousel classed `dark-nav-btns`, went as menus.
        classes = _NAV_CONTROLS.sub(" ", classes)
    names = f"{classes} {ident}"
    tokens = _TOKEN.findall(names.lower())
    if "Cart" in names:
        # A camelCase name of a cart drawer (`rafSliderCart`, `SideCart`, `cartDrawer`): its
        # humps are read as words, so that the cart pairs above find them side by side.
        for match in _CART_HUMPS.finditer(names):
            tokens.extend(hump.lower() for hump in match.groups() if hump)
    if "Modal" in names or "Popup" in names:
        # A camelCase name whose last hump says "Modal" or "Popup" (`clickandcollectModal`,
        # `surveyModal`, `EmbedModal`) names a modal as the whole word does; the words run
        # together, so the split above leaves one token no vocabulary knows.
        tokens.extend(hump.lower() for hump in _MODAL_HUMP.findall(names))
    return tokens


# "Modal" or "Popup" as the last hump of a camelCase name: after a lowercase letter or digit,
# and ending the name (not `ModalTrigger`, not `modal`, which the split finds already).
_MODAL_HUMP: Final = re.compile(r"(?<=[a-z0-9])(Modal|Popup)(?![A-Za-z0-9])")


# A cart's hump beside a drawer's in a camelCase name: `rafSliderCart`, `SideCart`,
# `miniCart`, `cartDrawer`, `CartFlyout` (each hump whole: not `Cartridge`, not `Sliders`).
_CART_HUMPS: Final = re.compile(
    r"(?<![A-Z])(Slider|Slide|Side|Mini|Ajax|Drawer|Flyout)(Cart)(?![a-z])"
    r"|(?<![A-Za-z])(cart|Cart)(Drawer|Flyout|Sidebar|Notification|Offcanvas)(?![a-z])"
)


# A whole class word opening with `hide-` or `no-` (not `piano-`, not `ast-hide-menu`).
_NEGATED: Final = re.compile(r"(?<![\w-])(?:hide|no)-\S*")
# A whole class word opening with `with-` or `without-`, or ending in a switch's state
# (`-enabled`, `-disabled`, `--true`, `--false`).
_LAYOUT_OPTION: Final = re.compile(
    r"(?<![\w-])with(?:out)?-\S*|(?<!\S)\S*(?:[-_](?:en|dis)abled|--(?:true|false))(?!\S)"
)


# A whole class word in which `nav` is followed by the controls it draws: buttons, arrows, dots.
_NAV_CONTROLS: Final = re.compile(
    r"(?<!\S)\S*nav[-_](?:btns?|buttons?|arrows?|dots)(?!\S)", re.IGNORECASE
)


_ARBITRARY_VALUE: Final = re.compile(r"\[[^[\]\s]*\]")  # no `[` inside: linear on `[[[…`


# Moved from `boilerplate.py`: read by it and `carousels.py`.
def is_furniture_by_kind(element: etree._Element) -> bool:
    """A site's footer, header or navigation by its tag or role: kept when it holds most of a
    thin page's text, but its parts are still judged by their names (`footer__links`)."""
    return (
        element.tag in FURNITURE_TAGS
        or element.tag == "header"
        or (element.get("role") or "").lower() in FURNITURE_ROLES
    )
