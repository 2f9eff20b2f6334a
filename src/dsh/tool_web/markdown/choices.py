"""A product's variations offered in a `<select>` as one line: "Size: Small, Medium, Large".

Form controls are dropped with the non-content (`parse.py`), options and all, and a shop's
purchase form goes as furniture (`boilerplate.py`): the model could not tell which sizes or
colours a product comes in. The labelled selects of the page's one purchase form (a form that
adds to a cart; or outside it, naming it in `form=`) with a few short options are each written
as a line just before that form, so the line stays when the form goes (or in the select's
place, outside it). Placeholders ("Choose an option", an empty value), figures alone (a
quantity, a day), navigation (options whose values are addresses) and the page's own controls
(sorting, ratings, country, language, currency) are not variations; nor are the selects of a
listing's cards, each in its own purchase form, nor of search filters and contact forms.

Radio buttons and swatches offer variations as often, and read as a column of single words or
as nothing: each group of them (one `name` in the purchase form, or in no form on a product
page) is written so too, under its legend's or label's name (`variation_radios_as_lines`).
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.repeats import starts_with_price
from dsh.tool_web.markdown.screenreader import is_screen_reader_only
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import holds
from dsh.tool_web.markdown.vocabulary import TOKEN_SPLIT

_OPTIONS_MAX: Final = 40  # more is a list of countries or years, not a product's choices
_OPTION_MAX_CHARS: Final = 60
_LABEL_MAX_CHARS: Final = 40
# Options that are figures alone: a quantity, a day, a month, a year.
_FIGURES: Final = re.compile(r"[\d\s.,:/+<>~#-]*")
# Options that go somewhere: a "jump to" menu.
_ADDRESS: Final = re.compile(r"(?:https?:|/|\?|#|\.\./|\./)")
# Controls of the page, not choices of the product, by their label or name, whole words (a
# name's camelCase humps split first, `sortOrder`): "sort" inside "Assorted", "rating" inside
# "Decorating", "page" inside "Pageant" named a product's choice.
_PAGE_CONTROLS: Final = re.compile(
    r"(?<![a-z])(?:sort(?:s|ed|er|ing|.?by)?|order.?by|ratings?|scores?|reviews?|countr(?:y|ies)"
    r"|languages?|currenc(?:y|ies)|locales?|quantit(?:y|ies)|filters?|qty|pages?|days?|months?"
    r"|years?)(?![a-z])",
    re.IGNORECASE,
)
_CAMEL_HUMP: Final = re.compile(r"(?<=[a-z])(?=[A-Z])")
# A form that puts the product in a cart (Shopify's `/cart/add`, WooCommerce's `cart` class,
# Magento's `checkout/cart/add`, BigCommerce's `cart.php`).
_PURCHASE: Final = re.compile(r"cart|basket", re.IGNORECASE)


def variation_selects_as_lines(root: etree._Element) -> None:
    """Write each product variation `<select>` of the page's purchase form as a `Label: a, b,
    c` line just before that form (call before form controls are stripped, and only when the
    source has a `<select>`)."""
    forms = {id(form): form for form in root.iter("form") if _is_purchase_form(form)}
    if not forms:
        return
    by_id = {form.get("id"): form for form in forms.values() if form.get("id")}
    labels = {label.get("for"): label for label in root.iter("label") if label.get("for")}
    chosen: list[tuple[etree._Element, etree._Element, str, etree._Element | None, str]] = []
    for select in root.iter("select"):
        # The form it names (`form="buy"`, often an empty one: the select stands outside
        # it; HTML's owner even inside another form), else the form around it. Not `or`: an
        # element without children is falsy.
        named = select.get("form")
        form = by_id.get(named) if named is not None else next(select.iterancestors("form"), None)
        if form is None or id(form) not in forms:
            continue  # a search filter, a contact form, a menu: not the product's choices
        options = _options(select)
        label = _label(select, labels) if options is not None else None
        if options is None or label is None:
            continue
        text, shown = label
        name = f"{text} {select.get('name') or ''} {select.get('id') or ''}"
        if not is_page_control(name):
            chosen.append((select, form, text, shown, ", ".join(options)))
    # One product's form: a listing's cards each have their own, and their choices are no
    # facts of the page's subject.
    if len({id(form) for _, form, *_ in chosen}) != 1:
        return
    for select, form, text, shown, listed in chosen:
        if select.getparent() is None:
            continue  # inside a label an earlier line replaced
        line = etree.Element("div")
        line.text = f"{text.rstrip(':* ').strip()}: {listed}"
        # The label goes with the select (or the label around it), or it would read twice:
        # the form goes as furniture, but one outside it (`form=`) would stay.
        target = shown if shown is not None and holds(shown, select) else select
        if shown is not None and shown is not target:
            drop_keep_tail(shown)
        elif shown is None and select.get("aria-label") is None:
            _drop_text_before(select)
        if holds(form, target):
            form.addprevious(line)  # after the lines put there before it: in order
            line.tail = None
            drop_keep_tail(target)
        elif (parent := target.getparent()) is not None:
            line.tail = target.tail  # outside its form (`form=`): in its place
            parent.replace(target, line)


def is_page_control(names: str) -> bool:
    """A label or name (`sort_by`, `sortOrder`, "Country/Region") says a control of the page."""
    return _PAGE_CONTROLS.search(_CAMEL_HUMP.sub(" ", names)) is not None


def _options(select: etree._Element) -> list[str] | None:
    """The options' texts, placeholders aside; None when they are no product's choices."""
    found = list(itertools.islice(select.iter("option"), _OPTIONS_MAX + 1))
    if len(found) > _OPTIONS_MAX:
        return None
    texts: list[str] = []
    for option in found:
        value = option.get("value")
        text = " ".join(string_value(option).split())
        if not text or value == "" or len(text) > _OPTION_MAX_CHARS:
            continue  # a placeholder ("Choose an option") is valueless
        if value is not None and _ADDRESS.match(value.strip()):
            return None  # a menu of pages
        if text not in texts:
            texts.append(text)
    if not texts or all(_FIGURES.fullmatch(text) for text in texts):
        return None
    return texts


def _label(
    select: etree._Element, labels: dict[str | None, etree._Element]
) -> tuple[str, etree._Element | None] | None:
    """The select's label and the element that shows it: its `<label for>`, a `<label>`
    around it, or a short element right before it; its `aria-label` or the text right before
    it (`Size: <select>`) with no element. None without one."""
    shown: etree._Element | None = labels.get(select.get("id")) if select.get("id") else None
    if shown is not None:
        text = string_value(shown)
    elif (aria := select.get("aria-label")) is not None:
        text = aria
    elif (around := next(select.iterancestors("label"), None)) is not None:
        text, shown = around.text or "", around
    else:
        previous = select.getprevious()
        before = previous.tail if previous is not None else _parent_text(select)
        if before and before.strip():
            text = before
        elif previous is not None and not len(previous):
            text, shown = string_value(previous), previous
        else:
            return None
    text = " ".join(text.split())
    if not text or len(text) > _LABEL_MAX_CHARS:
        return None
    if not any(char.isalpha() for char in text) or starts_with_price(text):
        return None  # a price or a figure beside the select ("$10.00"), not its name
    return text, shown


def _parent_text(element: etree._Element) -> str | None:
    parent = element.getparent()
    return parent.text if parent is not None else None


def _drop_text_before(select: etree._Element) -> None:
    previous = select.getprevious()
    if previous is not None:
        previous.tail = None
    elif (parent := select.getparent()) is not None:
        parent.text = None


def _is_purchase_form(form: etree._Element) -> bool:
    names = f"{form.get('action') or ''} {form.get('class') or ''} {form.get('id') or ''}"
    return _PURCHASE.search(names) is not None


# Radio groups that are the page's own controls or the shop's, not the product's variations:
# a shipping or pickup choice, a payment method, a report form's reasons, a poll, a consent.
# "ship" starts its word: a "Membership" or "Relationship" is a product's choice.
_NOT_VARIATIONS: Final = re.compile(
    r"(?<![a-z])ship|deliver|pick.?up|fulfil|payment|report|vote|poll|consent|cookie",
    re.IGNORECASE,
)
# A radio group's name is looked for this many levels above its first radio.
_NAME_LEVELS: Final = 4
# And before that radio, among this many elements of the group's container.
_NAME_LOOKAHEAD: Final = 50
# The elements that name a radio group before its first radio.
_NAME_TAGS: Final = frozenset({"label", "legend", "h2", "h3", "h4", "h5", "h6"})
# An element's text is read this far for a name (at most 40 characters) or an option (60): a
# label around megabytes was read whole once for each label nested in it, and again for each
# screen-reader part inside it.
_TEXT_READ: Final = 20_000
# The ids of a radiogroup's `aria-labelledby` read (a name is at most 40 characters).
_LABELLED_BY_MAX: Final = 8
# Shopify's option of a product that has no variants.
_NO_VARIANT: Final = "Default Title"


@dataclasses.dataclass(frozen=True)
class _Group:
    """A product's variation offered as radio buttons, as its line will say it."""

    form: etree._Element | None  # the purchase form it is in, or none
    radios: list[etree._Element]
    name: str
    name_shown: etree._Element | None  # the legend or label showing its name
    name_goes: bool  # that element says no more than the name and the chosen option
    labels: list[etree._Element]  # the options' labels
    listed: str  # the options, joined


def variation_radios_as_lines(root: etree._Element, *, product_page: bool) -> None:
    """Write each product variation offered as radio buttons (swatches) as a `Name: a, b, c`
    line, as `variation_selects_as_lines` writes selects (call before form controls are
    stripped, and only when the source says `radio`).

    A group is the radios of one form and one `name`: of the page's one purchase form (just
    before that form the line goes, like a select's), or, on a page that declares itself a
    product, of no form (Shopify's variant pickers outside the form they submit with): in the
    group's place. Its name is its fieldset's `legend`, its `role=radiogroup`'s label, or a
    `<label>` or heading before its first radio; an option's text is its label's, else its
    `aria-label`, `title` or a worded `value`."""
    by_id = {form.get("id"): form for form in root.iter("form") if form.get("id")}
    labels = {label.get("for"): label for label in root.iter("label") if label.get("for")}
    groups: dict[tuple[int, str], tuple[etree._Element | None, list[etree._Element]]] = {}
    for radio in root.iter("input"):
        if (radio.get("type") or "").strip().lower() != "radio" or not radio.get("name"):
            continue
        named = radio.get("form")
        form = by_id.get(named) if named is not None else next(radio.iterancestors("form"), None)
        if form is None and not product_page:
            continue
        if form is not None and not _is_purchase_form(form):
            continue  # a review's stars, a report's reasons, a poll, a search filter
        key = (id(form) if form is not None else 0, radio.get("name") or "")
        radios = groups.setdefault(key, (form, []))[1]
        if len(radios) <= _OPTIONS_MAX:
            radios.append(radio)
    page = _Page(root)
    found = (_radio_group(form, radios, labels, page) for form, radios in groups.values())
    chosen = [group for group in found if group is not None]
    # One product's form: a listing's cards each have their own; and each name once: a
    # listing's cards outside forms repeat theirs ("Color", "More options").
    if len({id(group.form) for group in chosen if group.form is not None}) > 1:
        chosen = [group for group in chosen if group.form is None]
    names = collections.Counter(group.name.casefold() for group in chosen)
    chosen = [group for group in chosen if names[group.name.casefold()] == 1]
    for group in chosen:
        line = etree.Element("div")
        line.text = f"{group.name}: {group.listed}"
        shown = group.name_shown
        anchor = _group_container(group.radios)
        if group.form is not None and holds(group.form, group.radios[0]):
            group.form.addprevious(line)  # the form goes as furniture
        elif shown is not None and not group.name_goes and holds(anchor, shown):
            shown.addnext(line)  # under the name that says more ("Color: Hazard – 3 left")
        elif anchor.getparent() is not None:
            anchor.addprevious(line)
        else:
            continue
        line.tail = None
        for element in [shown if group.name_goes else None, *group.labels]:
            if element is not None and element.getparent() is not None:
                drop_keep_tail(element)  # or the options read twice: the column they made


def _radio_group(
    form: etree._Element | None,
    radios: list[etree._Element],
    labels: dict[str | None, etree._Element],
    page: _Page,
) -> _Group | None:
    """The group as a line to write; None when it is no product's choice."""
    if len(radios) > _OPTIONS_MAX:
        return None
    options: list[str] = []
    shown_labels: list[etree._Element] = []
    first_copy = radios
    for index, radio in enumerate(radios):
        label = labels.get(radio.get("id")) if radio.get("id") else None
        if label is None:
            label = next(radio.iterancestors("label"), None)
        text = _option_text(radio, label, page)
        if text is None:
            return None  # a thumbnail, a slide: no words to read
        if label is not None:
            shown_labels.append(label)
        if text in options and first_copy is radios:
            # The picker written again (one for wide screens, one for phones): the group is
            # named and placed by its first copy, or its place was the block around both
            # (`main` itself) and the line went outside the content, the options with it.
            first_copy = radios[:index]
        if text != _NO_VARIANT and text not in options:
            options.append(text)
    if not options or all(_FIGURES.fullmatch(text) for text in options):
        return None  # a rating's stars
    radios = first_copy
    found = _group_name(radios, set(map(id, shown_labels)), labels, page)
    if found is None:
        return None
    text, shown = found
    name, _, rest = text.partition(":")
    name = name.strip(" *")
    rest = rest.strip()
    if not name or not any(char.isalpha() for char in name) or name in options:
        return None  # "Website (Online)" over "Website (Online), Store (Offline)": no name
    if is_page_control(f"{name} {radios[0].get('name')}") or _NOT_VARIATIONS.search(
        f"{name} {radios[0].get('name')}"
    ):
        return None
    # The name's element goes with its line when it says no more than the name and the chosen
    # option ("Color: white"); "Color: Hazard – Only 3 Left in Stock" stays.
    goes = not rest or rest in options
    return _Group(form, radios, name, shown, goes, shown_labels, ", ".join(options))


def _option_text(radio: etree._Element, label: etree._Element | None, page: _Page) -> str | None:
    parts = [] if label is None else list(itertools.islice(label.iter(), _NAME_LOOKAHEAD))
    if any(part.tag == "a" and part.get("href") is not None for part in parts):
        return None  # a link to another product's page: navigation, as a select's addresses
    if label is not None and (text := page.text(label)):
        return text if len(text) <= _OPTION_MAX_CHARS else None
    titled = next((part for part in parts if part.get("title")), None)
    for attribute in (
        radio.get("aria-label"),
        radio.get("title"),
        None if label is None else label.get("aria-label") or label.get("title"),
        None if titled is None else titled.get("title"),  # a swatch's colour: `<span title>`
    ):
        if attribute and attribute.strip():
            text = " ".join(attribute.split())
            return text if len(text) <= _OPTION_MAX_CHARS else None
    value = " ".join((radio.get("value") or "").split())
    letters = sum(char.isalpha() for char in value)
    worded = letters > sum(char.isdigit() for char in value)  # not a variant's number, a uuid
    return value if worded and value != "on" and len(value) <= _OPTION_MAX_CHARS else None


def _shown_text(element: etree._Element) -> str:
    """The element's text without the screen-reader words inside it (unless they are all of
    it), read in document order through its first `_TEXT_READ` characters and elements: the
    hidden parts' own texts are skipped where they stand (a search for their words removed a
    letter of the shown ones: "Large <span class=sr-only>L</span>" read "arge L")."""
    read: list[str] = []
    left = visits = _TEXT_READ
    hidden = 0  # how deep inside a screen-reader part the walk is
    for event, part in etree.iterwalk(element, events=("start", "end")):
        if event == "start":
            visits -= 1
            if hidden or (
                part is not element
                and is_screen_reader_only(TOKEN_SPLIT.split((part.get("class") or "").lower()))
            ):
                # Shopify's "Variant sold out or unavailable" ran into the size ("1 lbVariant
                # sold out or unavailable").
                hidden += 1
            elif part.text:
                read.append(part.text[:left])
                left -= len(part.text)
        else:
            if hidden:
                hidden -= 1
            if not hidden and part is not element and part.tail:
                read.append(part.tail[:left])
                left -= len(part.tail)
        if left <= 0 or visits <= 0:
            break
    return " ".join("".join(read).split()) or _text_up_to(element)


def _text_up_to(element: etree._Element) -> str:
    """The element's text (white space collapsed) through its first `_TEXT_READ` characters."""
    read: list[str] = []
    left = _TEXT_READ
    for piece in element.itertext():
        read.append(str(piece[:left]))  # an HTML tree's texts are str
        left -= len(piece)
        if left <= 0:
            break
    return " ".join("".join(read).split())


def _group_name(
    radios: list[etree._Element],
    option_labels: set[int],
    labels: dict[str | None, etree._Element],
    page: _Page,
) -> tuple[str, etree._Element | None] | None:
    """The group's name and the element that shows it: its fieldset's `legend` (or the
    fieldset's `aria-label`), its radiogroup's `aria-label` or `aria-labelledby`, a `<label
    for>` naming the group (WooCommerce's `for="pa_color"`), or a `<label>`, `legend` or
    heading before its first radio, in the container holding all its radios or just before
    it."""
    first, last = radios[0], radios[-1]
    for ancestor in itertools.islice(first.iterancestors(), _NAME_LEVELS + 2):
        if ancestor.tag == "fieldset" and holds(ancestor, last):
            # The legend is the fieldset's first child (HTML's rule; a few elements' leeway).
            legend = next((c for c in itertools.islice(ancestor, 4) if c.tag == "legend"), None)
            if legend is not None and page.text(legend):
                return _short(page.text(legend), legend)
            if ancestor.get("aria-label"):
                return _short(ancestor.get("aria-label") or "", None)
        if ancestor.get("role") == "radiogroup":
            if ancestor.get("aria-label"):
                return _short(ancestor.get("aria-label") or "", None)
            # HTML names it by the texts of every element the ids name, joined by spaces.
            ids = (ancestor.get("aria-labelledby") or "").split(None, _LABELLED_BY_MAX)
            named = [e for e in map(page.by_id, ids[:_LABELLED_BY_MAX]) if e is not None]
            if named:
                text = " ".join(page.text(element) for element in named)
                return _short(text, named[0] if len(named) == 1 else None)
    if (label := labels.get(first.get("name"))) is not None and id(label) not in option_labels:
        return _short(page.text(label), label)
    container = _group_container(radios)
    for element in itertools.islice(container.iter(), _NAME_LOOKAHEAD):
        if element is first or id(element) in option_labels:
            break
        if element.tag in _NAME_TAGS:
            return _short(page.text(element), element)
    # Just before the container: BigCommerce's `<label>Size</label>` over the options' wrapper.
    node: etree._Element | None = container
    for _ in range(_NAME_LEVELS // 2):
        if node is None:
            break
        for sibling in itertools.islice(node.itersiblings(preceding=True), 3):
            if sibling.tag in _NAME_TAGS and id(sibling) not in option_labels:
                return _short(page.text(sibling), sibling)
        node = node.getparent()
    return None


class _Page:
    """What the radio groups ask of the page, each answer found once: an element's shown text
    (a label or legend around many groups is read once, not once per group) and the page's
    elements by `id` (gathered only when a radiogroup names its label so)."""

    def __init__(self, root: etree._Element) -> None:
        self._root = root
        self._found: dict[str, etree._Element] | None = None
        self._texts: dict[etree._Element, str] = {}

    def text(self, element: etree._Element) -> str:
        if (found := self._texts.get(element)) is None:
            found = self._texts[element] = _shown_text(element)
        return found

    def by_id(self, key: str) -> etree._Element | None:
        if not key:
            return None
        if self._found is None:
            self._found = {}
            for element in self._root.iter():
                if (ident := element.get("id")) is not None:
                    self._found.setdefault(ident, element)
        return self._found.get(key)


def _short(text: str, shown: etree._Element | None) -> tuple[str, etree._Element | None] | None:
    text = " ".join(text.split())
    return (text, shown) if text and len(text) <= _LABEL_MAX_CHARS else None


def _group_container(radios: list[etree._Element]) -> etree._Element:
    """The nearest element holding all of the group's radios (within a few levels), else the
    first radio's parent."""
    first, last = radios[0], radios[-1]
    parent = first.getparent()
    for ancestor in itertools.islice(first.iterancestors(), _NAME_LEVELS + 2):
        if holds(ancestor, last):
            if ancestor.tag in ("label", "li"):
                continue  # a swatch's own label or item
            return ancestor
    return parent if parent is not None else first
