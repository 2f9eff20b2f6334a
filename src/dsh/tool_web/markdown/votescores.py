"""Old Reddit's vote scores: the one score its style shows, not all three it writes.

Reddit's old layout writes every post's and comment's score three times, one for each vote the
reader may cast (`<div class="score dislikes">1099</div><div class="score unvoted">1100</div>
<div class="score likes">1101</div>`), and its style shows the one matching the vote state its
voting box carries (`midcol unvoted`, `entry unvoted`; `likes` once upvoted). Rendered, each
comment's line read "188 points 189 points 190 points 17 hours ago": three scores for one
comment, the model could not tell which. The scores of the other states are emptied; the page as
fetched carries no vote, so without a state on any ancestor the `unvoted` one stays.
"""

from __future__ import annotations

from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.tree import class_tokens, empty, find_elements, nearest_where

# The vote states, as the classes of a score and of the box whose state selects it.
_VOTE_STATES: Final = frozenset({"likes", "unvoted", "dislikes"})
_SCORES: Final = etree.XPath(".//*[contains(concat(' ', normalize-space(@class), ' '), ' score ')]")


def has_vote_scores(source: bytes) -> bool:
    """Whether the source writes old Reddit's score of the unvoted state (beside its others)."""
    return b"score unvoted" in source


def keep_shown_vote_scores(root: etree._Element) -> None:
    """Empty each score written for a vote state other than its voting box's (see above)."""
    memo: dict[etree._Element, etree._Element | None] = {}
    for score in find_elements(_SCORES, root):
        own = _VOTE_STATES.intersection(class_tokens(score))
        if len(own) != 1:
            continue
        box = nearest_where(score, _has_vote_state, memo)
        box_states = _VOTE_STATES.intersection(class_tokens(box)) if box is not None else set()
        shown = box_states if len(box_states) == 1 else {"unvoted"}
        if not own & shown:
            empty(score)


def _has_vote_state(element: etree._Element) -> bool:
    return not _VOTE_STATES.isdisjoint(class_tokens(element))
