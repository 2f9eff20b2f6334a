"""The lines that are the page's interface, not its content, dropped wherever they stand, even
the first time: a card's controls ("Add to cart", "Quick view", "Read more"), a list's and a
post's own ("Load more", "Share"), a toolbar's labels left without their controls ("Sort By:",
"Qty:"), a page's feedback prompt, a script's placeholder, a lone separator, a post's counters,
reactions, reading time and edit note, a poster's join date and location, the thread starter's
badge. What repeats (blocks shown twice, headings echoing the line before them, quotations of
lines shown already, a line saying its words twice) is `repeats.py`'s."""

from __future__ import annotations

import re
from typing import Final

from dsh.tool_web.markdown.markers import INDENT
from dsh.tool_web.markdown.repeats import ITEM_MARKER
from dsh.tool_web.markdown.text import BLANK_LINES

# What a shop's or a listing's card controls say: buttons, and links whose target is not shown
# (a short link in a card keeps only its label). Alone on a line they tell the model nothing,
# the item's name and price being beside them; they repeat on every card, and the cards of a
# list (one block) kept every copy. Not "Sold out", which says something.
_CARD_CONTROLS: Final = frozenset(
    {"add to cart", "add to bag", "add to basket", "add to wishlist", "add to wish list",
     "add to compare", "compare", "quick view", "quick shop", "quick add", "choose options",
     "select options", "view options", "shop now", "buy now", "apply now", "read more",
     "read full article", "view all", "see all", "see more", "show more", "view details",
     "see details", "view full details", "view product", "more info",
     # A list's or a panel's own controls, left alone when what they open or load went with
     # the scripts: "Load more", "Show less", "Expand all"; a post's sharing and commenting
     # buttons ("Share", "Add a comment": Stack Overflow's under every answer without
     # comments). No truth keeps them but one "Share" and one "Add a comment" of 30 lines.
     "load more", "view more", "show less", "see less", "read less", "expand all",
     "collapse all", "share", "add a comment", "leave a comment", "post a comment",
     "write a comment", "leave a reply", "show more replies", "show more comments",
     "load more comments",
     # A call to action whose target is not shown: the page's link to a place the model
     # cannot follow from here, under a feature tile, a plan, a product's promise ("Learn
     # more" under each of Apple's and Samsung's bands, iFixit's guarantees, Steam's deck
     # badge). Written with its target, `[Learn more](…)`, it is a link and stays.
     "learn more",
     # phpBB's code box header ("Code: Select all" over every code block of a post: the
     # label and the link that selects the block's text for copying), a control as a copy
     # button is; the block stays.
     "code: select all",
     # A shop's page controls, left alone when the widget, list, cart or dialog they open
     # went with the scripts and forms: a review or Q&A widget's buttons ("Write a Review",
     # "Read reviews"), the lists a shopper saves to ("Wishlist", "Add to List"), a sold-out
     # variant's "Notify me", a cart's "View cart" and "Proceed to checkout", "See options",
     # a share bar's label ("Share:", "Share this"), a store finder's "Find in store", and
     # "Back to top". No truth keeps one (15 pages of 14 sites). Not "Size guide" or "Size
     # chart" (a bold label over the chart itself), not "Print" (a printer's features list)
     # nor "Checkout" alone (a payment company's product).
     "write a review", "write review", "leave a review", "read reviews", "read all reviews",
     "ask a question", "wishlist", "add to list", "add to registry",
     "add to favorites", "add to favourites", "notify me", "view cart", "continue shopping",
     "proceed to checkout", "see options", "share:", "share this", "share this:",
     "share this product", "share this page", "find in store", "check availability",
     "back to top", "return to top", "return to top of page"}
)  # fmt: skip
# A listing's toolbar labels and a card's quantity label, left alone on their line when their
# control (a sort menu, a layout switch, a page-size menu, a quantity box) went with the form
# controls: "Sort By:", "View:", "Per Page", "Qty:" say nothing without it. "View", "Show" and
# "Display" only with their colon (alone they are a link's label: Steam's "View" over "all
# 29"); not "Color:" or "Size:", which product truths keep over the swatches' names.
_TOOLBAR_WORDS: Final = (
    "sort", "sort by", "sort results by", "filter by", "per page", "items per page",
    "results per page", "products per page", "search within", "qty", "quantity",
)  # fmt: skip
_TOOLBAR_LABELS: Final = frozenset(
    {*_TOOLBAR_WORDS, *(f"{words}:" for words in (*_TOOLBAR_WORDS, "view", "show", "display"))}
)
# A post's or a poster's counter alone on its line ("12 Likes", "Reply 1", "Posts: 45",
# "Views: 3K"): under every post of a thread, it says nothing of what was written, and no
# truth keeps one. Not comments ("7 Comments" over a thread is its heading, kept by the
# truths) and not a bare number (a score, a rank, a step).
_COUNTER: Final = re.compile(
    r"(?:\d[\d,.]*k?\ (?:likes?|repl(?:y|ies)|views?|posts?|reactions?|shares?)"
    r"|(?:likes?|repl(?:y|ies)|views?|posts?|reactions?|shares?):?\ \d[\d,.]*k?)"
)
# The badge a forum sets beside the name of the poster who started the thread, over each of
# their posts ("Original Poster": vBulletin; "Thread starter": XenForo; "Discussion starter":
# VerticalScope's forums; "Topic Author": phpBB's themes; "OP"): it says who asked, which the
# name over the first post already says, and no truth keeps it (13 forum pages of 10 sites).
# Not "Author" alone: an article's byline and a site's filter lists label with it.
_STARTER_BADGES: Final = frozenset(
    {"original poster", "thread starter", "topic starter", "discussion starter", "topic author",
     "thread author", "op"}
)  # fmt: skip
# The badge after the poster's name on its line ("xJewishNinjax Discussion starter"): the name
# stays. A name of one word, as forums write user names.
_NAME_AND_STARTER_BADGE: Final = re.compile(
    r"(?P<name>\S{1,40}) (?:original poster|thread starter|topic starter|discussion starter)",
    re.IGNORECASE,
)
# A post's reading time alone on its line ("7 min read", "3 MIN. READ", "6 minute read"), under
# each card of a blog's or a publication's listing and over an article: the site's estimate of
# a length the model sees for itself once it fetches the post. The truths leave it out on 15 of
# the 16 WCXB pages that show one (dev.to's cards, a service's resource cards, articles).
_READING_TIME: Final = re.compile(r"\d{1,3}[ -]?(?:min|mins|minute|minutes)\.?\ read")
# A poster's join date alone on its line ("Joined: Sun Dec 17, 2023 11:18 am", "Join Date: Aug
# 2008", "Registered: 2012-09-03"), printed under every post's author by phpBB, vBulletin and
# FluxBB: about the poster, not what they wrote, and no truth keeps one. Only with its colon
# and a figure: a seller's "Joined Oct 2018" and "Member since 2016" are the shop's facts.
_JOINED: Final = re.compile(r"(?:joined|join date|registered|member since):\ \D{0,12}\d.*")
# A post's reactions summed up under it, alone on its line: "Holiday.with.Ken, WiSK, TedToToe
# and 2 others like this.", "MargoFarrel likes this.", "1 person likes this." (XenForo's and
# vBulletin's reaction bars, a forum's "likes" list): who clicked a button, not what was written,
# and no truth keeps one. Names are single words (user names), up to nine and "N others", the
# verb agreeing with them; not a pronoun or "everyone" ("He likes this.", "Everyone likes
# this": a sentence of the post), nor "More like this" (a link to similar items).
_NOT_A_NAME: Final = (
    r"(?:i|he|she|it|we|they|you|everyone|everybody|nobody|someone|somebody|anyone|who|one|"
    r"this|that|which|no|more)\b"
)
_REACTIONS: Final = re.compile(
    r"(?:(?:1\ (?:person|member|user)|(?!" + _NOT_A_NAME + r")[^\s,]{1,40})\ likes"
    r"|(?:\d[\d,]*\ (?:people|members|users|others)"
    r"|(?!" + _NOT_A_NAME + r")[^\s,]{1,40}(?:,\ [^\s,]{1,40}){0,8}"
    r",?\ and\ (?:\d[\d,]*\ others?|[^\s,]{1,40}))\ like)\ this\.?"
)
_REACTIONS_MAX: Final = 400  # characters of a line looked at for a reactions summary
# A post's edit note alone on its line ("Last edited: Jul 9, 2022", "Last edited by bob; Feb 14,
# 2026 at 9:25 pm", "Last edited by bob on Sun Feb 22, 2026 2:08 am, edited 108 times in
# total.", "Last edited by bob (2025-11-01 15:15:18)"), written under a post by XenForo,
# vBulletin, phpBB and FluxBB, and "Edited April 19, 2024 by bob" (Invision Community): the
# forum's bookkeeping, not what was written; the truths keep 4 of 52. A date, with at most two
# words before its first figure, follows the editor's name (or comes before it).
_EDIT_NOTE: Final = re.compile(
    r"last edited(?:\ by\ [^,]{1,60}?)?(?:[:;]|\ on|\ at|)\ \(?(?:[a-z]{2,9}\.?,?\ ){0,2}\d.{0,80}"
    # Invision Community's "Edited April 19, 2024 by bob (see edit history)".
    r"|edited\ (?:[a-z]{2,9}\.?\ )?\d[\d,:\ apmyr]{0,30}\ by\ [^,.]{1,60}?"
    r"(?:\ \(see\ edit\ history\))?"
)
_EDIT_NOTE_MAX: Final = 160  # characters of a line looked at for an edit note
# A placeholder a script replaces with what it loads, alone on its line and not a list's item
# ("Loading...", "Loading Questions…", "Checking payment options...", "One moment please..."):
# without scripts it stood where a shop's reviews or payment options would be, saying nothing
# the page shows (session 13: such lines on 19 pages of WCXB, product pages most, one kept by
# a truth). With its ellipsis only, but "Loading" alone: "Checking headers" is a guide's step,
# "Loading the truck" a sentence.
_PLACEHOLDER: Final = re.compile(
    r"loading"
    r"|(?:loading(?:\ [a-z]+){0,3}|checking(?:\ [a-z]+){1,3}|one\ moment(?:\ please)?"
    r"|please\ wait)(?:\.\.\.|…)"
)
_CONTROL_LINE_MAX: Final = 40  # longer lines are no control, and are not looked at
# A section's or card's link to the whole of what it shows a part of, left as its label
# ("See all reviews", "View all plans", "See all 29 supported languages"): as "View all"
# alone, it says only that there is more. Not "See more …", which is as often a sentence the
# truths keep ("See more about toll-free numbers"), nor a shop's "Shop all <category>", which
# names the category a collection's truths keep as its title.
_SEE_ALL: Final = re.compile(r"(?:see|view|explore) all(?: \S+){1,4}")
# A page's feedback prompt ("Was this page helpful?", "Did this article help you? - Yes", "Did
# you find this useful?") and the thanks its script shows once it is answered ("Thank you for
# your feedback"): the site asks its reader to rate the page; a control, not the page's words.
# Only the question about the page itself, with its answers' buttons at most; not a review's
# "Was this review helpful?", whose votes say what its readers thought of it.
_FEEDBACK_PROMPT: Final = re.compile(
    r"(?:(?:was|is) this (?:(?:page|article|post|content|information|guide|tutorial|answer) )?"
    r"(?:helpful|useful)(?: (?:to|for) you)?"
    r"|did this (?:page|article|post|guide|tutorial|answer) help(?: you)?"
    r"|did you find this (?:(?:page|article|post|content|information|guide|answer) )?"
    r"(?:helpful|useful))"
    r"\??(?: ?-? ?(?:yes|no)(?: ?/? ?(?:yes|no))?)?"
    r"|thank(?:s| you) for your feedback!?"
)
# A list item's marker opening a line's text: asked of every short line (`_is_card_control`).
_ITEM_MARK: Final = re.compile(ITEM_MARKER)


# Emphasis around a label and the arrows after it ("**View options** ›", "Read more »").
_AROUND_LABEL: Final = " *_›»→>…."


def drop_card_controls(markdown: str) -> str:
    """Drop the lines that are only a card's control (`_CARD_CONTROLS`), a separator
    (`_LONE_SEPARATORS`), a toolbar's label
    left without its control (`_TOOLBAR_LABELS`), a post's counter (`_COUNTER`) or reading time
    (`_READING_TIME`), a poster's join date (`_JOINED`), a post's edit note (`_EDIT_NOTE`) or
    the thread starter's badge (`_STARTER_BADGES`; after the poster's name on its line, the
    name stays), list items included, and a script's placeholder (`_PLACEHOLDER`), list items
    not; a poster's location beside their join date or post count goes with them
    (`_is_posters_location`). Lines are normalised: at most one blank line between two.

    A line with a link target shown (`[Read more](url)`: a newsletter's story) is kept, and so
    are headings, table rows and the same words in a sentence. Code is a placeholder here."""
    lines = markdown.split("\n")
    # A poster's card, rarely: its location goes with its statistics.
    locations = "ocation:" in markdown
    # A blank line (two lines in five) is no control: spared the dozen tests of a short line.
    kept = [
        line
        for index, line in enumerate(lines)
        if not line
        or not (_is_card_control(line) or (locations and _is_posters_location(index, lines)))
    ]
    if any(badge in markdown for badge in _STARTER_BADGE_ENDS):  # after a name, rarely
        kept = [_without_starter_badge(line) for line in kept]
    elif len(kept) == len(lines):
        return markdown
    return BLANK_LINES.sub("\n\n", "\n".join(kept)).strip("\n")


# A separator alone on its line: what it stood between went (a poster's avatar before
# "· #2 · Jan 3, 2024", a price's struck-through twin), or each side is a block of its own,
# and it separates nothing the model reads.
_LONE_SEPARATORS: Final = frozenset({"·", "•", "∙", "‧", "⋅", "|"})


def _is_card_control(line: str) -> bool:
    if len(line) > _EDIT_NOTE_MAX:
        return _is_reactions(line)
    # A line this long can only be an edit note, which says "edited": most lines of a page's
    # text are, and the label is not worth making for them.
    if len(line) > _CONTROL_LINE_MAX and "dited" not in line.lower():
        return _is_reactions(line)
    text = line.replace(INDENT, " ").strip()
    if text in _LONE_SEPARATORS:
        return True
    if (item := _ITEM_MARK.match(text)) is not None:
        text = text[item.end() :]
    elif (
        _PLACEHOLDER.fullmatch(placeholder := " ".join(text.strip(" *_").lower().split()))
        is not None
        # "Loading" without its ellipsis only as written plain: emphasised, it is a label
        # ("**Loading**" over a manual's steps), not a script's text.
        and (placeholder != "loading" or text.lower() == "loading")
    ):
        return True
    label = _label(text)
    if label.startswith(("last edited", "edited ")) and _EDIT_NOTE.fullmatch(label) is not None:
        return True
    if len(line) > _CONTROL_LINE_MAX:
        return _is_reactions(line)
    if (
        label in _CARD_CONTROLS
        or label in _STARTER_BADGES
        or label in _TOOLBAR_LABELS
        or _SEE_ALL.fullmatch(label)
        or _FEEDBACK_PROMPT.fullmatch(label)
    ):
        return True
    return _is_statistic(label) or _is_reactions(line)


# How a starter's badge after a name ends, as `drop_card_controls` looks for it in C first:
# "Discussion starter", "Thread Starter", "Topic starter", "Original Poster" (a regular
# expression over the whole text costs more than the lines it finds).
_STARTER_BADGE_ENDS: Final = (
    "n starter", "d starter", "c starter", "n Starter", "d Starter", "c Starter", "l Poster",
    "l poster",
)  # fmt: skip
# A poster's location under its label ("Location: SIN", "**Location:** United Kingdom").
_LOCATION: Final = re.compile(r"location:\ \S.{0,58}")


def _is_posters_location(index: int, lines: list[str]) -> bool:
    """A location line in a poster's card: next to the poster's join date or post count (the
    nearest line with words before or after it, `_JOINED`, `_COUNTER`). vBulletin, phpBB and
    SMF print "Join Date: Aug 2008 / Location: SIN / Posts: 1,077" under every post's author:
    the statistics go, and the location stood alone between the name and the post. About the
    poster, not what was written; an event's or a job's "Location:" stands by no such line."""
    line = lines[index]
    if len(line) > _CONTROL_LINE_MAX + 40:
        return False
    if _LOCATION.fullmatch(_poster_card_label(line)) is None:
        return False
    for step in (-1, 1):
        at = index + step
        while 0 <= at < len(lines) and not lines[at].strip():
            at += step
        if 0 <= at < len(lines) and _is_poster_statistic_line(lines[at]):
            return True
    return False


def _poster_card_label(line: str) -> str:
    """A line of a poster's card as its label reads, list marker and emphasis aside."""
    return _label(line.replace(INDENT, " ").strip().lstrip("-+ ")).replace("*", "")


def _is_poster_statistic_line(line: str) -> bool:
    label = _poster_card_label(line)
    return len(label) <= _CONTROL_LINE_MAX and (
        _JOINED.fullmatch(label) is not None or _COUNTER.fullmatch(label) is not None
    )


def _without_starter_badge(line: str) -> str:
    """The poster's name alone, where the thread starter's badge follows it on its line."""
    if len(line) > _CONTROL_LINE_MAX + 20:
        return line
    text = line.replace(INDENT, " ").strip()
    words = text.strip("*_")
    if (badged := _NAME_AND_STARTER_BADGE.fullmatch(words)) is None:
        return line
    return line.replace(words, badged.group("name"), 1)


def is_labelled_statistic(text: str) -> bool:
    """`text` is a post's or poster's counter or a poster's join date under its own label
    ("Posts: 9179", "**Registered:** 2012-09-03"), whatever its case and emphasis. A figure
    with its unit after it ("12 posts", "5 min read") is not: it may be the value of a term
    before it ("Number of posts: 12 posts", "Reading time: 5 min read")."""
    label = _label(text)
    return _OWN_LABEL.match(label) is not None and _is_statistic(label)


# A label of its own: a colon before the text's first figure.
_OWN_LABEL: Final = re.compile(r"\D*:")


def _is_reactions(line: str) -> bool:
    """Whether `line` is only a post's reactions summed up (`_REACTIONS`); most lines fail the
    ending, tested first."""
    if len(line) > _REACTIONS_MAX or not line.rstrip(" .").endswith(" this"):
        return False
    text = line.replace(INDENT, " ").strip()
    if (item := _ITEM_MARK.match(text)) is not None:
        text = text[item.end() :]
    return _REACTIONS.fullmatch(_label(text)) is not None


def _is_statistic(label: str) -> bool:
    # A poster's counter or join date may bold its label or value ("**Posts:** 9179").
    plain = label.replace("*", "")
    return (
        _COUNTER.fullmatch(plain) is not None
        or _JOINED.fullmatch(plain) is not None
        or _READING_TIME.fullmatch(plain) is not None
    )


def is_control_label(text: str) -> bool:
    """`text`, a control's words, is one of a card's or a list's controls (`_CARD_CONTROLS`:
    "Add a comment", "Load more"), whatever its case and the arrows around it."""
    return _label(text) in _CARD_CONTROLS


def _label(text: str) -> str:
    """A control's or statistic's words as the lists hold them: lowercased, single-spaced,
    without the emphasis and arrows around them (`_AROUND_LABEL`)."""
    return " ".join(text.strip(_AROUND_LABEL).lower().split())
