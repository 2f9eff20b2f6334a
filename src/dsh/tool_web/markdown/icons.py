"""Check marks and crosses drawn as icons in table cells.

Comparison tables ("Feature | Us | Them") mark each cell with an icon: an image named
`tick.png`, a FontAwesome `<i class="fa-solid fa-check">`, an inline `<svg>`. None of them is
text, so the grid came out empty and the model could not tell which product has which
feature. In a cell, an icon whose name says yes or no becomes ✓ or ✗; anything else stays
dropped. Only names count: a `no-wrap` span is not an icon, so class words of a `<span>` are
read only when another class says it is an icon.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.markers import NO_ICON, YES_ICON

YES_MARK: Final = "✓"
NO_MARK: Final = "✗"

# `done` and `cancel` are Material's names for a check mark and a cross in a circle.
_YES: Final = frozenset(
    {"check", "checked", "checkmark", "tick", "yes", "true", "included", "available", "ok",
     "done"}
)  # fmt: skip
_NO: Final = frozenset(
    {"cross", "times", "xmark", "x", "close", "minus", "no", "false", "unavailable", "excluded",
     "cancel"}
)  # fmt: skip
_NEGATIONS: Final = frozenset({"not", "non", "un"})
_LABEL_WORDS: Final = _YES | _NO | _NEGATIONS | {"icon", "mark", "sign", "symbol", "image"}
# Class words that mark an element as an icon (FontAwesome, Bootstrap, Ionicons, Material,
# Microsoft Learn's `docon`…).
_ICON_CLASSES: Final = frozenset(
    {"icon", "icons", "fa", "fas", "far", "fal", "fad", "fab", "glyphicon", "bi", "ion", "mdi",
     "octicon", "lucide", "feather", "ti", "svg", "docon"}
)  # fmt: skip
_SPLIT: Final = re.compile(r"[^a-z0-9]+")
# Tags that draw icons: `<i>` is the icon fonts' own element.
ICON_TAGS: Final = frozenset({"img", "i", "span"})


def cell_icon(element: etree._Element) -> str:
    """✓ or ✗ for an icon in a table cell whose name says yes or no, else ""."""
    return _mark(_icon_words(element))


def loose_icon(element: etree._Element) -> str:
    """✓ or ✗ for an icon outside a table (Microsoft Learn's "Applies to: ✓ SQL Server ✗
    Azure Synapse", a plan card's feature list), else "".

    Read as in a cell, except names of actions: outside a grid a "close" or "minus" icon is a
    button that closes a panel or folds a section; and an icon whose own words name something
    else (`alt="lock"` on a `lock-icon-checked-js` image) is that thing. Whether the mark says
    anything (a list of items all ticked does not) is for the caller to judge.
    """
    hint = " ".join(filter(None, (element.get(name) for name in _NAMING_ATTRIBUTES)))
    if not hint or MARK_HINT.search(hint.lower()) is None:
        return ""  # most empty elements outside tables: passed over with one search
    for attribute in ("alt", "title", "aria-label"):
        said = _words(element.get(attribute))
        if said and (not all(word in _LABEL_WORDS for word in said) or _ACTIONS & set(said)):
            return ""  # "lock", or a button's "Close" whatever its symbol (`#x`)
    return _mark(_icon_words(element) - _ACTIONS)


# Any yes or no word above, roughly, in an element's names: the exact reading comes after.
MARK_HINT: Final = re.compile(
    r"check|tick|yes|includ|availab|cross|times|xmark|exclud|cancel|(?<![a-z])done(?![a-z])"
    r"|(?<![a-z])(?:x|no|not|ok|true|false)(?![a-z])"
)
_NAMING_ATTRIBUTES: Final = ("class", "alt", "title", "aria-label", "data-icon", "src")
# Names of icons that are buttons rather than marks, outside a table's grid.
_ACTIONS: Final = frozenset({"close", "minus"})


def _icon_words(element: etree._Element) -> set[str]:
    words: set[str] = set()
    for attribute in ("alt", "title", "aria-label", "data-icon"):
        # Human text counts only when it is nothing but such words ("Included", "Not
        # available", "check mark"): "The New York Times logo" is no cross.
        said = _words(element.get(attribute))
        if said and len(said) <= 3 and all(word in _LABEL_WORDS for word in said):
            words.update(said)
    if element.tag == "img" and not (element.get("alt") or "").strip():
        # No alt text: the file name says it (".../picto-tick/tick_dt.svg").
        name = (element.get("src") or "").split("?", 1)[0].rsplit("/", 1)[-1].rsplit(".", 1)[0]
        words.update(_words(name))
    words.discard("x")  # a letter in a name ("x_logo.png", the X logo) is not a cross
    classes = _words(element.get("class"))
    if "no" in classes and not _NO_ICON.search((element.get("class") or "").lower()):
        # A layout utility (`no-margin`, `no-wrap`, `no-print`), not a cross named "no".
        classes = [word for word in classes if word != "no"]
    if "x" in classes and not _X_ICON.search(element.get("class") or ""):
        # Only an icon's own name: `translate-x-1`, `space-x-2` are Tailwind's axes.
        classes = [word for word in classes if word != "x"]
    if element.tag in ("img", "i") or not _ICON_CLASSES.isdisjoint(classes):
        words.update(classes)  # here "x" is the icon fonts' cross (`fa-x`)
    return words


# An icon named "no" (`icon-no`, WordPress's `dashicons-no-alt`), not a layout utility that
# names what the element has none of (`no-margin`, `no_wrap`, `no-print`).
_NO_ICON: Final = re.compile(
    r"(?:^|[^a-z0-9])no(?:$|\s|[-_](?:alt|circle|square|sign|mark|fill|filled|outline|lg)\b)"
)
# An icon named "x" (`fa-x`, `lucide-x`, `bi-x-lg`, `docon-x`, a `use` of `#x`), not an axis.
_X_ICON: Final = re.compile(r"(?:^|[\s#/_-])x(?:$|\s|-(?:lg|circle|square|octagon)\b)")


def _mark(words: set[str]) -> str:
    yes, no = not _YES.isdisjoint(words), not _NO.isdisjoint(words)
    if yes and not _NEGATIONS.isdisjoint(words):  # "Not included", "not available"
        yes, no = False, True
    if yes and not no:
        return YES_MARK
    if no and not yes:
        return NO_MARK
    return ""


def _words(text: str | None) -> list[str]:
    return [word for word in _SPLIT.split(text.lower()) if word] if text else []


def image_label(image: etree._Element) -> str:
    """The alt text of an image that is all its table cell says, when it is a short label (a
    forecast's "Sunny", a flag's "France"): 1 to 4 words, not a file name and not naming
    itself a logo, icon or image. Else ""."""
    alt = " ".join((image.get("alt") or "").split())
    if not alt or len(alt) > _LABEL_MAX_CHARS or len(alt.split()) > _LABEL_MAX_WORDS:
        return ""
    if _FILE_NAME.search(alt) or not _NOT_LABELS.isdisjoint(_words(alt)):
        return ""
    return alt


# An image's alt text longer than this is a description, not a cell's label.
_LABEL_MAX_WORDS: Final = 4
_LABEL_MAX_CHARS: Final = 60
_NOT_LABELS: Final = frozenset(
    {"logo", "icon", "image", "img", "photo", "picture", "thumbnail", "is", "are"}
)  # "is"/"are": a sentence ("bob is offline", a forum's status icon), not a label
# A file name (`IMG_2041.jpg`, `flag-fr.svg`) or a name in code style (`DSC_0042`).
_FILE_NAME: Final = re.compile(r"\.[A-Za-z0-9]{2,4}$|_")


def contrasted_icons(rendered: str) -> str:
    """Icons outside tables as ✓ and ✗ when the rendering holds both ("Applies to: ✓ SQL
    Server ✗ Azure Synapse", a plan's ✓ and ✗ features); else none: a list all ticked, or a
    lone cross, is decoration. A mark is spaced from a word beside it."""
    if YES_ICON not in rendered or NO_ICON not in rendered:
        return _UNREAD_ICON.sub("", rendered)
    return _ICON_PLACEHOLDER.sub(_icon_mark, rendered)


# The word characters beside it are looked at, not matched: a one-letter word between two
# marks (`✓ S ✗ M`) is spaced from both.
_ICON_PLACEHOLDER: Final = re.compile(f"[{YES_ICON}{NO_ICON}]")
_WORD_CHAR: Final = re.compile(r"\w")
# A placeholder dropped with the space after it: `**\x04 Tip**` is `**Tip**`, not `** Tip**`.
_UNREAD_ICON: Final = re.compile(f"[{YES_ICON}{NO_ICON}] ?")


def _icon_mark(placeholder: re.Match[str]) -> str:
    text, start, end = placeholder.string, placeholder.start(), placeholder.end()
    mark = YES_MARK if placeholder[0] == YES_ICON else NO_MARK
    before = " " if start and _WORD_CHAR.match(text, start - 1) else ""
    after = " " if _WORD_CHAR.match(text, end) else ""
    return f"{before}{mark}{after}"
