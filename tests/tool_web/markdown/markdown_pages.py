"""Handwritten page pieces shared by the html_to_markdown tests."""

from __future__ import annotations

from dsh.tool_web import html_to_markdown

# Long enough to count as content, so a test page is never taken for an empty app shell.
PROSE = (
    "This paragraph is long enough to count as real content for the renderer, and it keeps "
    "going for a while so that the page is not mistaken for an empty application shell."
)

# Fifteen distinct words: the filler of the hostile-input tests, "omicron" its last.
WORDS = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron "


def html_page(body: str, head: str = "") -> str:
    """A whole document around `body`, titled "T"."""
    return f"<html><head><title>T</title>{head}</head><body>{body}</body></html>"


def render(body: str, url: str | None = "https://example.com/docs/page") -> str:
    """`body` as a whole page at `url`, in Markdown."""
    return html_to_markdown(html_page(body), url=url)


def indented_comment(comment_id: int, user: str, level: int, text: str) -> str:
    """One comment of a thread nested by the width of a spacer image in an indent cell, one
    one-row table per comment, as Hacker News writes them (an `indent` attribute, 40 pixels a
    level, a vote cell, the comment's head with its links to the parent and next comments and
    its fold toggle, and text)."""
    return (
        f'<tr class="athing comtr" id="{comment_id}"><td><table border="0"><tr>'
        f'<td class="ind" indent="{level}"><img src="s.gif" height="1" width="{40 * level}">'
        '</td><td valign="top" class="votelinks"><center><a id="up" href="vote?how=up">'
        '<div class="votearrow" title="upvote"></div></a></center></td><td class="default">'
        f'<div style="margin-top:2px"><span class="comhead"><a href="user?id={user}" '
        f'class="hnuser">{user}</a> <span class="age"><a href="item?id={comment_id}">2 hours ago'
        f'</a></span> <span id="unv_{comment_id}"></span><span class="navs"> | <a '
        f'href="#{comment_id - 1}" class="clicky">parent</a> | <a href="#{comment_id + 1}" '
        f'class="clicky">next</a> <a class="togg clicky" id="{comment_id}" n="3" '
        'href="javascript:void(0)">[–]</a><span class="onstory"></span></span>'
        '</span></div><br><div class="comment"><div class="commtext c00">'
        f'{text}</div><div class="reply"><p><font size="1"><u><a href="reply?id={comment_id}">'
        "reply</a></u></font></p></div></div></td></tr></table></td></tr>"
    )
