"""Comment threads on small handwritten pages: replies nested as custom elements, as
`role=comment` or by an indent cell's width keep who answers whom, and a thread's own controls
(`[–]`, `parent`, `next`, `reply`) are not comment text."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, indented_comment, render


def _comment(author: str, text: str, replies: str = "", depth: int = 0) -> str:
    return (
        f'<x-comment depth="{depth}"><div slot="meta"><a href="/u/{author}">{author}</a></div>'
        f'<div slot="body"><p>{text}</p></div><div slot="children">{replies}</div></x-comment>'
    )


def test_nested_custom_element_comments_keep_who_answers_whom() -> None:
    # Each reply is a custom element inside the one it answers (through a wrapper): as flat
    # blocks, alice's answer to bob read as bob's.
    thread = _comment(
        "alice",
        "Use a virtualenv per project; never install into the system Python.",
        _comment(
            "bob",
            "Or use uv, which does this for you.",
            _comment("alice", "uv is great but not everyone can install it at work.", depth=2),
            depth=1,
        )
        + _comment("dave", "Poetry works well for me too.", depth=1),
    ) + _comment("carol", "Conda if you need compiled scientific packages.")
    out = render(f"<p>{PROSE}</p><x-comment-tree>{thread}</x-comment-tree>")
    lines = out.splitlines()
    assert "Use a virtualenv per project; never install into the system Python." in lines
    assert "  Or use uv, which does this for you." in lines
    assert "    uv is great but not everyone can install it at work." in lines
    assert "  Poetry works well for me too." in lines
    assert "Conda if you need compiled scientific packages." in lines


def test_nested_role_comment_elements_keep_who_answers_whom() -> None:
    out = render(
        f"<p>{PROSE}</p>"
        '<div role="comment"><p>The first comment of the thread.</p>'
        '<div class="replies"><div role="comment"><p>An answer to the first comment.</p></div>'
        "</div></div>"
    )
    assert "The first comment of the thread." in out.splitlines()
    assert "- An answer to the first comment." in out.splitlines()


def test_custom_elements_nested_as_wrappers_are_not_lists() -> None:
    # A custom element wrapping another of its name with nothing of its own is layout.
    box = "<x-box><x-box><p>Just a paragraph in two boxes.</p></x-box></x-box>"
    out = render(f"<p>{PROSE}</p>{box}")
    assert "Just a paragraph in two boxes." in out.splitlines()
    assert "- " not in out


def test_thread_controls_are_not_read_as_comment_text() -> None:
    # Hacker News' comment head links to the parent and next comments and folds the thread
    # (`| parent | next [–]`), and each comment ends in a "reply" link; old Reddit's fold
    # toggle ran into the author (`[–]alice`). Controls of the page, not what anyone wrote.
    thread = indented_comment(1, "alice", 0, "Latency is the point.") + indented_comment(
        2, "bob", 1, "Only past a point."
    )
    out = render(f"<p>{PROSE}</p><table class='comment-tree'>{thread}</table>")
    assert out.endswith(
        "- alice 2 hours ago\n  Latency is the point.\n\n"
        "  - bob 2 hours ago\n    Only past a point."
    ), out
    out = render(
        f"<p>{PROSE}</p><div class='comment'><p class='tagline'><a href='javascript:void(0)' "
        "class='expand'>[–]</a><a href='https://example.com/user/alice'>alice</a> 12 points</p>"
        "<p>Might this also cure tinnitus?</p><a href='#c2'>reply</a></div>"
    )
    assert out.endswith(
        "\n[alice](https://example.com/user/alice) 12 points\n\nMight this also cure tinnitus?"
    ), out


def test_old_reddits_count_of_folded_replies_is_a_control() -> None:
    # The fold toggle's label when folded ("(11 children)", calling the page's script) stood on
    # every comment's line; "(3 children)" in a sentence or linking somewhere stays.
    out = render(
        f"<p>{PROSE}</p><div class='comment'><p class='tagline'><a href='javascript:void(0)' "
        "class='expand'>[–]</a><a href='https://example.com/user/alice'>alice</a> 12 points "
        "<a href='javascript:void(0)' class='numchildren'>(11 children)</a></p>"
        "<p>Might this also cure tinnitus? Families (3 children) say so, <a href='/kids'>"
        "(2 children)</a>.</p></div>"
    )
    assert "(11 children)" not in out
    assert "[alice](https://example.com/user/alice) 12 points\n" in out
    assert "Families (3 children) say so, [(2 children)](https://example.com/kids)." in out


def test_words_linked_within_the_page_in_prose_are_no_thread_controls() -> None:
    # A thread's "parent", "next" and "reply" links are dropped; the same words linked to an
    # anchor in running text (a glossary term, a section) are the sentence's words.
    out = render(
        f"<p>{PROSE}</p><p>Read the <a href='#sec2'>next</a> section, then attach it to the"
        " <a href='#term-root'>root</a> of the tree and <a href='#form'>reply</a> below.</p>"
    )
    assert "Read the next section, then attach it to the root of the tree and reply below." in (
        out.replace("](https://example.com/docs/page#sec2)", "")
        .replace("](https://example.com/docs/page#term-root)", "")
        .replace("](https://example.com/docs/page#form)", "")
        .replace("[", "")
    ), out


def test_comments_nested_by_an_indent_cells_width_are_nested_list_items() -> None:
    # Hacker News: one one-row table per comment, nested by the width of a spacer image in its
    # first cell. As one-row grids, the thread lost who answers whom.
    thread = "".join(
        [
            indented_comment(1, "alice", 0, "Latency is <i>the</i> point.<p>Not throughput.</p>"),
            indented_comment(2, "bob", 1, "Only past a point: below 5 ms it stopped mattering."),
            indented_comment(3, "carol", 2, "Which tests?<pre><code>ping -c 3 host</code></pre>"),
            indented_comment(4, "dave", 1, "Agreed."),
            indented_comment(5, "erin", 0, "The site is down for me."),
        ]
    )
    out = render(f"<p>{PROSE}</p><table border='0' class='comment-tree'>{thread}</table>")
    assert out.endswith(
        "- alice 2 hours ago\n  Latency is *the* point.\n  Not throughput.\n\n"
        "  - bob 2 hours ago\n    Only past a point: below 5 ms it stopped mattering.\n\n"
        "    - carol 2 hours ago\n      Which tests?\n      ```\n      ping -c 3 host\n"
        "      ```\n\n"
        "  - dave 2 hours ago\n    Agreed.\n\n"
        "- erin 2 hours ago\n  The site is down for me."
    )


def test_spacer_cells_do_not_turn_data_tables_into_threads() -> None:
    # A table of several rows is data whatever its first cells hold; one comment alone, or all
    # at one level, is a block of its own.
    out = render(
        f"<p>{PROSE}</p><table><tr><td><img src='s.gif' height='1' width='40'></td><td>Q1</td>"
        "<td>Q2</td></tr><tr><td><img src='s.gif' height='1' width='80'></td><td>12</td>"
        f"<td>15</td></tr></table><table>{indented_comment(1, 'alice', 0, 'Only me.')}"
        f"{indented_comment(2, 'bob', 0, 'And me.')}</table>"
    )
    assert "||Q1|Q2|\n|---|---|---|\n||12|15|" in out
    assert out.endswith("alice 2 hours ago\n\nOnly me.\n\nbob 2 hours ago\n\nAnd me.")


def _post(user: str, words: str) -> str:
    # Invision Community's post: a user card (`<aside>`) beside the post's body.
    return (
        f'<article class="post"><aside class="ipsComment_author cAuthorPane">'
        f'<h3 class="cAuthorPane_author"><strong><a href="/profile/1-{user}/">{user}</a></strong>'
        f'</h3><img alt="{user}"><ul><li>Members</li><li>2.6k posts</li></ul></aside>'
        f'<div class="ipsComment_content"><p>{words} {PROSE}</p></div></article>'
    )


def test_each_post_keeps_its_posters_name_from_the_user_card_beside_it() -> None:
    # The card is furniture (group, post count); the name in it says who wrote the post.
    # Dropped whole, the thread read as one voice.
    out = render(
        "<main><h1>If the forum comes to an end</h1>"
        + _post("ColdJ", "Thank you all.")
        + _post("Caerfinon", "I doubt it will close.")
        + "</main>"
    )
    assert "**ColdJ**\n\nThank you all." in out
    assert "**Caerfinon**\n\nI doubt it will close." in out
    assert "2.6k posts" not in out
    assert "Members" not in out


def _post_with_phone_pane(user: str, date: str, words: str) -> str:
    # Invision Community 4's post: the header written for phones (the name as a heading, the
    # date under it) and, for wider screens, the user card beside the post and the date again
    # in the post's meta line.
    return (
        f'<article class="cPost ipsComment"><div class="cAuthorPane_mobile '
        f'ipsResponsive_showPhone"><div class="cAuthorPane_content"><h3 class="cAuthorPane_author">'
        f'<a href="/profile/1-{user}/">{user}</a></h3><div class="ipsType_light">'
        f'<a href="#c">Posted <time datetime="2025-10-29">{date}</time></a></div></div></div>'
        f'<aside class="ipsComment_author cAuthorPane ipsResponsive_hidePhone">'
        f'<h3 class="cAuthorPane_author"><strong><a href="/profile/1-{user}/">{user}</a></strong>'
        f"</h3><ul><li>Members</li><li>360 posts</li></ul></aside>"
        f'<div class="ipsComment_content"><div class="ipsComment_meta"><div class="ipsType_reset '
        f'ipsResponsive_hidePhone">Posted <time datetime="2025-10-29">{date}</time></div></div>'
        f'<div data-role="commentContent"><p>{words} {PROSE}</p></div></div></article>'
    )


def test_a_posts_header_written_for_phones_and_wider_screens_is_read_once() -> None:
    # Both copies stood: "Posted October 29, 2025" twice over every post, and the later post's
    # name went as a repeat of the first, leaving it to the poster above.
    out = render(
        "<main><h1>Payment issues</h1>"
        + _post_with_phone_pane("GrinGEO", "October 29, 2025", "Hi, a few orders went unpaid.")
        + _post_with_phone_pane("Daresh", "October 29, 2025", "It is not easy.")
        + _post_with_phone_pane("GrinGEO", "October 30, 2025", "Yes, you are right.")
        + "</main>"
    )
    assert out.count("Posted October 29, 2025") == 2
    assert "### GrinGEO\n\nPosted October 30, 2025\n\nYes, you are right." in out
    assert out.count("GrinGEO") == 2
    assert "360 posts" not in out


def test_a_part_hidden_on_phones_stays_where_the_page_writes_no_phone_copies() -> None:
    # The classes alone say nothing is written twice: the part is the page's only copy.
    out = render(
        "<main><h1>Topic</h1>"
        f'<div class="ipsResponsive_hidePhone"><p>Only here: {PROSE}</p></div></main>'
    )
    assert "Only here:" in out


def test_an_articles_single_author_box_still_goes() -> None:
    out = render(
        f"<main><article><h1>Kitchen swaps</h1><p>{PROSE}</p>"
        '<aside class="post-author"><h3><a href="/author/sam">Sam Lee</a></h3>'
        "<p>Sam writes about cooking and has done so for many years now.</p></aside>"
        "</article></main>"
    )
    assert "Sam Lee" not in out


def test_author_named_asides_holding_most_of_the_page_keep_their_prose() -> None:
    # The user-card rule keeps a card's heading alone; an `<aside>` named for its author that
    # holds much of the page is no user card (an author's commentary, each note under a linked
    # heading): its prose stayed, as any large block does, and went with the card rule.
    note = "The author explains at length why the river rose so fast that spring. " * 30
    asides = "".join(
        f'<aside class="author-commentary"><h3><a href="/notes/{n}">Note {n} from the field'
        f"</a></h3><p>{note}</p><p>Seen on day {n}.</p></aside>"
        for n in range(2)
    )
    out = render(f"<main><h1>Flood notes</h1><p>Short intro.</p>{asides}</main>")
    assert "why the river rose" in out
    assert "Seen on day 1." in out


def _stack_exchange_comment(author: str, text: str, classes: str = "d-none") -> str:
    """A comment as Stack Exchange writes it: its author's name and date twice, once hidden
    for its microdata (`itemprop`) and once shown."""
    return (
        '<li class="comment js-comment" itemprop="comment" itemscope '
        'itemtype="https://schema.org/Comment"><div class="comment-text"><div '
        f'class="comment-body"><span class="comment-copy" itemprop="text">{text}</span> <div '
        'class="d-inline-flex ai-center" itemprop="author" itemscope '
        f'itemtype="https://schema.org/Person"><div class="{classes}" itemprop="name">{author}'
        f'</div>&ndash;&nbsp;<a href="/users/67/{author.lower()}" class="comment-user" '
        f'itemprop="url">{author}</a></div><div class="d-none" itemprop="datePublished">'
        '2011-02-12 01:30:35 +00:00</div> <span class="comment-date"><span '
        'class="relativetime-clean">Feb 12, 2011 at 1:30</span></span></div></div></li>'
    )


def test_a_comments_author_hidden_for_its_microdata_is_not_shown_twice() -> None:
    # "Joe – Joe": the hidden microdata copy of the name (and of the date) came before the
    # shown one.
    comments = _stack_exchange_comment("Joe", "And for the paranoid, a fire extinguisher.")
    out = render(f"<div><p>{PROSE}</p><ul class='comments-list'>{comments}</ul></div>")
    assert "fire extinguisher. – Joe Feb 12, 2011 at 1:30" in " ".join(out.split())
    assert "2011-02-12 01:30:35" not in out


def test_a_microdata_value_shown_on_wider_screens_stays() -> None:
    # `d-none d-md-block`: hidden on phones only, so the name is what a desktop reader sees.
    comments = _stack_exchange_comment("Joe", "A fire extinguisher.", "d-none d-md-block")
    out = render(f"<div><p>{PROSE}</p><ul class='comments-list'>{comments}</ul></div>")
    assert "A fire extinguisher. Joe – Joe" in " ".join(out.split())


def test_posts_inside_a_moderation_form_are_the_thread() -> None:
    # Invision Community wraps a thread's posts in its moderation form (multi-select buttons,
    # a hidden key). Removed as a form, the posts went and the page's app-install help stayed.
    posts = _post("ron1cne", "What is the roadmap?") + _post("paul2009", "Join the Circle.")
    out = render(
        "<main><h1>Roadmap discussion</h1>"
        "<form action='/topic/1/?do=multimodComment' method='post' data-role='moderationTools'>"
        "<input type='hidden' name='csrf' value='x'>"
        f"{posts}<button type='button'>Select all</button></form>"
        "<section class='pwa-help'><h4>To install this app</h4>"
        + "".join(f"<p>Step {n}: {PROSE}</p>" for n in range(8))
        + "</section></main>"
    )
    assert "What is the roadmap?" in out
    assert "**paul2009**\n\nJoin the Circle." in out


def _quoting_post(user: str, quoted_user: str, quoted: str, words: str) -> str:
    # XenForo's post quoting another: the quote's title is a link to the quoted post (not to a
    # profile) over the quoted words, then a script's "Click to expand..." button.
    return (
        f'<article class="message"><h4 class="message-name"><a href="/members/{user}.1/">{user}'
        '</a></h4><div class="bbWrapper"><blockquote class="bbCodeBlock bbCodeBlock--quote">'
        '<div class="bbCodeBlock-title"><a href="/goto/post?id=7" class="bbCodeBlock-sourceJump"'
        f' data-xf-click="attribution">{quoted_user} said:</a></div>'
        f'<div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent">{quoted}</div>'
        '<div class="bbCodeBlock-expandLink"><a role="button">Click to expand...</a></div>'
        f"</div></blockquote>{words}</div></article>"
    )


def test_a_quotes_attribution_linking_to_the_quoted_post_is_kept() -> None:
    # "Pippin06 said:" links to the quoted post, so the title block was all link and went as
    # a link block: the quote read as nobody's (or, repeating a whole earlier post, went too).
    out = render(
        "<main><h1>Budget for 2024</h1>"
        '<article class="message"><h4><a href="/members/pippin.2/">pippin</a></h4>'
        "<div class='bbWrapper'>A good place to be.</div></article>"
        + _quoting_post("fiveoaks", "pippin", "A good place to be.", f"It took decades. {PROSE}")
        + '<article class="message"><h4><a href="/members/colb.3/">colb</a></h4>'
        f"<div class='bbWrapper'>{PROSE}</div></article></main>"
    )
    assert "> pippin said:\n>\n> A good place to be.\n\nIt took decades." in out
    assert "Click to expand" not in out


def test_a_link_inside_a_quote_after_its_words_still_goes() -> None:
    # Only a line opening the quote, before the quoted words, says whose they are: a link
    # block after them is a link block as anywhere else.
    out = render(
        f"<main><h1>Quotes</h1><p>{PROSE}</p><p>{PROSE}</p><blockquote><div><a href='/s/1'>"
        "alice said:</a></div><p>Her words, quoted here and shown nowhere else.</p>"
        "<div><a href='/more'>Read the whole story</a></div></blockquote></main>"
    )
    assert "> alice said:\n>\n> Her words, quoted here and shown nowhere else." in out
    assert "Read the whole story" not in out


def _post_with_letter_avatar(user: str, words: str, avatar: str) -> str:
    # XenForo's post: a poster without a picture gets a default avatar drawn from the first
    # letter of their name, written as text in the avatar's link.
    return (
        f'<article class="message"><div class="message-avatar"><a href="/members/{user}.5/" '
        f'class="avatar avatar--m avatar--default avatar--default--dynamic">'
        f'<span class="avatar-u5-m" role="img" aria-label="{user}">{avatar}</span></a></div>'
        f'<h4 class="message-name"><a href="/members/{user}.5/">{user}</a></h4>'
        f'<div class="bbWrapper">{words} {PROSE}</div></article>'
    )


def test_a_default_avatars_letter_is_not_read_as_a_line() -> None:
    # The letter stood on a line of its own above every such post ("B", "bob", the post).
    out = render(
        "<main><h1>Thread</h1>"
        + _post_with_letter_avatar("bob", "First.", "B")
        + _post_with_letter_avatar("Zoë Ann", "Second.", "ZA")
        + "</main>"
    )
    assert "#### bob\n\nFirst." in out
    assert "#### Zoë Ann\n\nSecond." in out
    assert "\nB\n" not in f"\n{out}\n"
    assert "\nZA\n" not in f"\n{out}\n"


def test_an_avatar_block_holding_the_posters_name_stays() -> None:
    # Only a few characters drawn as a picture go: a block named for the avatar that also
    # holds the poster's name is the post's attribution.
    out = render(
        "<main><h1>Thread</h1>"
        + "".join(
            f'<div class="post"><div class="user-avatar"><img src="a.png"><b>{user}</b></div>'
            f"<p>{words} {PROSE}</p></div>"
            for user, words in (("Ann", "First."), ("Bo", "Second."))
        )
        + "</main>"
    )
    assert "**Ann**" in out
    assert "**Bo**" in out


def _dated_post(user: str, number: int, words: str) -> str:
    # NodeBB's post: a header of links, the poster's name to their profile, their group, the
    # date around a `<time>` and the post's number to the post itself.
    return (
        f'<li class="post"><div class="post-header"><a href="/user/{user}">{user}</a> '
        '<a href="/groups/staff">Staff</a> '
        f'<a href="/post/{number}"><time datetime="2024-03-0{number}">Mar {number}, 2024</time>'
        f'</a> <a href="/post/{number}">#{number}</a></div>'
        f"<div class='content'><p>{words}</p></div></li>"
    )


def test_a_threads_names_and_dates_do_not_keep_its_link_blocks() -> None:
    # Each post's name and date links are most of the thread's link text: counted as
    # navigation, the thread was not prose and its link blocks (other topics, a menu) stayed.
    # Its post headers, all links, stay: without them the thread reads as one voice.
    posts = "".join(
        _dated_post(user, n, f"Post {n}: {PROSE}")
        for n, user in enumerate(["julian", "baris", "kevin", "anna"], 1)
    )
    out = render(
        "<main><h1>Upgrading to version 4</h1>"
        f'<ul class="posts">{posts}</ul>'
        "<div><ul><li><a href='/topic/7'>Plugin settings page is blank</a></li>"
        "<li><a href='/topic/8'>Emails not sent after update</a></li>"
        "<li><a href='/topic/9'>Theme colours reset</a></li></ul></div></main>"
    )
    assert "Post 4: This paragraph" in out
    assert "julian Staff Mar 1, 2024 #1" in out
    assert "anna Staff Mar 4, 2024 #4" in out
    assert "Emails not sent after update" not in out


def _reply_with_group_badges(user: str, number: int, groups: list[str], words: str) -> str:
    # NodeBB's reply: the name, a badge per group the poster is in (each linking to the
    # group's page) and the post's permalink around a date its script fills, all links.
    badges = "".join(
        f'<a href="/groups/{group.lower()}" class="badge">{group}</a> ' for group in groups
    )
    return (
        f'<li component="post" data-pid="{number}" itemprop="comment" itemscope '
        f'itemtype="http://schema.org/Comment"><div class="post-header"><small>'
        f'<strong itemprop="author"><a href="/user/{user}">{user}</a></strong> {badges}'
        f'<a class="permalink" href="/post/{number}"><span class="timeago" title="2026-01-13">'
        f"</span></a></small></div><div class='content' component='post/content' itemprop='text'>"
        f"<p>{words}</p></div></li>"
    )


def test_a_reply_header_of_a_name_and_its_group_badges_stays() -> None:
    # Three links with words (the name, two groups): counted as three, the header went as a
    # link block and the post read as the previous poster's. One group, two links, stayed.
    posts = "".join(
        _reply_with_group_badges(user, n, groups, f"Post {n}: {PROSE}")
        for n, (user, groups) in enumerate(
            [("asker", ["Premium"]), ("idefix37", ["Sailor", "Moderator"])] * 4, 1
        )
    )
    out = render(f"<main><h1>Saved routes on the phone</h1><ul class='posts'>{posts}</ul></main>")
    assert out.count("**idefix37** Sailor Moderator") == 4
    assert out.count("**asker** Premium") == 4


def test_nodebbs_parts_for_states_the_topic_is_not_in_are_not_read() -> None:
    # NodeBB writes every state's part into the page and classes `hidden` those not taken:
    # labels of states the topic is not in, the deleted topic's notice, an unedited post's
    # "last edited by". A part hidden by the class alone, with no such name, stays.
    out = render(
        "<main><h1>Saved routes on the phone</h1><div component='topic/labels' "
        "class='hidden'><span component='topic/scheduled' class='hidden'>Scheduled</span>"
        "<span component='topic/locked' class='hidden'>Locked</span></div>"
        "<div component='topic/deleted/message' class='alert hidden'>This topic has been "
        "deleted. Only users with topic management privileges can see it.</div><ul>"
        "<li component='post'><strong><a href='/user/asker'>asker</a></strong> "
        '<span component="post/editor" class="hidden">last edited by</span>'
        f'<div component="post/content"><p>{PROSE}</p></div>'
        "<div class='hidden'><p>Shown when asked: the answer.</p></div></li></ul></main>"
    )
    for hidden in ("Scheduled", "Locked", "has been deleted", "last edited by"):
        assert hidden not in out
    assert "asker" in out
    assert "Shown when asked: the answer." in out


def _link_heavy_post(user: str, number: int, body_class: str, words: str) -> str:
    """A post whose message is mostly links (a release's changes, a quoted parts list)."""
    return (
        f'<div class="post"><div class="post-header"><a href="/u/{user}">{user}</a> '
        f'<a href="/p/{number}">#{number}</a> '
        f'<a href="/share/{number}">Share</a> <a href="/report/{number}">Report</a></div>'
        f'<div class="{body_class}"><p>{user}: {words}</p><ul>'
        f'<li><a href="https://git.example/pull/{number}1">Fix the import of old backups</a></li>'
        f'<li><a href="https://git.example/pull/{number}2">Add a sort by date</a></li>'
        f'<li><a href="https://git.example/pull/{number}3">Remove the legacy settings</a></li>'
        "</ul></div></div>"
    )


_OTHER_TOPICS = (
    "<div class='more'><h3>Other topics</h3><ul>"
    "<li><a href='/t/7'>Plugin settings page is blank after the update</a></li>"
    "<li><a href='/t/8'>Emails are not sent after the update</a></li>"
    "<li><a href='/t/9'>The theme colours reset themselves</a></li>"
    "<li><a href='/t/10'>Cannot log in with two-factor codes</a></li></ul></div>"
)


def test_a_link_dense_threads_link_blocks_go_and_its_posts_links_stay() -> None:
    # Posts that are mostly links themselves (a release's changes, a quoted parts list) make
    # the thread too link-dense for prose, so its other topics and post controls stayed; with
    # every link pruned alike, the posts' own lists went too. In a thread whose posts say who
    # wrote them, each message named as one keeps its links; what stands around the messages
    # is pruned.
    posts = "".join(
        _link_heavy_post(user, n, body_class, "the changes are below.")
        for n, (user, body_class) in enumerate(
            [("julian", "message-body"), ("baris", "postbody"), ("kevin", "message-body")], 1
        )
    )
    out = render(f"<main><h1>Version 4 released</h1>{posts}{_OTHER_TOPICS}</main>")
    assert "Fix the import of old backups" in out
    assert "julian: the changes are below." in out
    assert "kevin: the changes are below." in out
    assert "Emails are not sent after the update" not in out
    assert "julian #1 Share Report" in out  # a post's header, naming its poster, stays


def test_a_link_dense_threads_similar_threads_naming_their_starters_go() -> None:
    # A list of other threads beside the posts names each thread's starter (a profile link)
    # and its date: in a thread's post header such links keep their block whole, but outside
    # every post they are no header. Kept whole, the list lost only its titles, leaving
    # "Replies: 3 / Views: 3K / alice" lines with nothing to say what they were.
    posts = "".join(
        _link_heavy_post(user, n, "message-body", "the changes are below.")
        for n, user in enumerate(["julian", "baris", "kevin"], 1)
    )
    similar = "".join(
        f"<div class='item'><div class='title'><a href='/t/{n}'>Plugin settings page is blank"
        f" after update {n}</a></div><div class='meta'><a href='/members/u{n}/'>u{n}</a>"
        f"<a href='/t/{n}'>Jul {n}, 2024</a></div></div>"
        for n in range(1, 5)
    )
    out = render(
        f"<main><h1>Version 4 released</h1><div class='posts'>{posts}</div>"
        f"<div class='similar-block'><h3>Similar threads</h3>{similar}</div></main>"
    )
    assert "julian #1 Share Report" in out  # a post's header still stays whole
    assert "Fix the import of old backups" in out
    assert "Plugin settings page is blank" not in out
    assert "u3" not in out


@pytest.mark.parametrize(
    "expander",
    [
        '<div class="bbCodeBlock-expandLink js-expandLink"><a role="button">Click to expand...'
        "</a></div>",
        '<div class="quoteExpand">Click to expand...</div>',
    ],
    ids=["link", "div"],
)
def test_a_quotes_expander_in_a_kept_message_is_not_read(expander: str) -> None:
    # A quote's "Click to expand..." (XenForo's `bbCodeBlock-expandLink`, its older
    # `quoteExpand`) is a control under the quoted words, not the post's: a link-dense thread
    # keeps its messages whole, and it stood in every quoting post.
    posts = "".join(
        _link_heavy_post(user, n, "message-body", "the changes are below.").replace(
            "<ul>",
            f"<blockquote><div>Which changes?</div>{expander}</blockquote><ul>",
        )
        for n, user in enumerate(["julian", "baris", "kevin"], 1)
    )
    out = render(f"<main><h1>Version 4 released</h1>{posts}{_OTHER_TOPICS}</main>")
    assert "> Which changes?" in out
    assert "Fix the import of old backups" in out
    assert "Click to expand" not in out


@pytest.mark.parametrize(
    ("item_type", "kept"),
    [("https://schema.org/Comment", True), ("https://schema.org/Answer", False)],
    ids=["comment", "faq-answer"],
)
def test_a_posts_message_named_by_its_microdata_keeps_its_links(item_type: str, kept: bool) -> None:
    # schema.org's `text` of a Comment or DiscussionForumPosting is a post's message; an FAQ
    # answer's is not, and a page of them is no thread.
    posts = "".join(
        _link_heavy_post(user, n, "x", f"see the list. {PROSE}")
        .replace('<div class="x">', '<div itemprop="text">')
        .replace('<div class="post">', f'<div class="post" itemscope itemtype="{item_type}">')
        for n, user in enumerate(["julian", "baris", "kevin"], 1)
    )
    out = render(f"<main><h1>Build lists</h1>{posts}{_OTHER_TOPICS}</main>")
    assert "Remove the legacy settings" in out
    assert ("Emails are not sent after the update" not in out) is kept


@pytest.mark.parametrize(
    ("body_class", "posters"),
    [("entry", True), ("post-body", False)],
    ids=["no-named-messages", "no-posters"],
)
def test_a_link_dense_page_not_a_thread_keeps_its_link_blocks(
    body_class: str, posters: bool
) -> None:
    # Without a thread's messages, or with messages no one signs (a blog's post cards, a
    # chat shown as a product demo), the page is a listing, whose links are its content.
    posts = "".join(
        _link_heavy_post(user, n, body_class, "the changes are below.")
        for n, user in enumerate(["julian", "baris", "kevin"], 1)
    )
    if not posters:
        posts = re.sub(r'<a href="/u/\w+">\w+</a>', "", posts)
    out = render(f"<main><h1>Version 4 released</h1>{posts}{_OTHER_TOPICS}</main>")
    assert "Emails are not sent after the update" in out


def test_a_posts_counters_alone_on_their_line_are_dropped() -> None:
    # A post's reaction and reply counts and a poster's post count ("12 Likes", "Reply 1",
    # "Posts: 45", "Views: 3K") stood each on a line of its own under every post, saying
    # nothing about what was written. Counters in a sentence, a heading's count and a bare
    # number stay.
    posts = "".join(
        f"<div class='post'><div class='author'><b>user{n}</b><div>Posts: {n}45</div></div>"
        f"<div class='message'><p>Post {n}: {PROSE}</p></div><div class='foot'>"
        f"<span>{n}2 Likes</span></div><div><button>Reply {n}</button></div>"
        f"<div>Views: {n}K</div><div>1 Like</div><div>{n}7</div></div>"
        for n in range(1, 4)
    )
    out = render(
        f"<main><h1>Upgrading to version 4</h1>{posts}<h2>3 Replies</h2>"
        "<p>The post got 12 likes in an hour.</p></main>"
    )
    assert "Post 3: This paragraph" in out
    for counter in ("12 Likes", "Reply 1", "Posts: 145", "Views: 1K", "1 Like"):
        assert counter not in out
    assert "## 3 Replies" in out
    assert "The post got 12 likes in an hour." in out
    assert "\n17\n" in out


def _fluxbb_post(user: str, number: int) -> str:
    """FluxBB's post: the poster's name is no link, the post's date links to the post itself."""
    return (
        f'<div id="p{number}0" class="blockpost"><h2><span><span class="conr">#{number}</span> '
        f'<a href="viewtopic.php?pid={number}0#p{number}0">2025-11-0{number} 15:14:37</a></span>'
        f'</h2><div class="postbody"><div class="postleft"><dl><dt><strong>{user}</strong></dt>'
        f'</dl></div><div class="postright"><div class="postmsg"><p>{user}: the changes are '
        f"below.</p><ul><li><a href='https://git.example/pull/{number}1'>Fix the import of old "
        f"backups</a></li><li><a href='https://git.example/pull/{number}2'>Add a sort by date"
        f"</a></li><li><a href='https://git.example/pull/{number}3'>Remove the legacy settings"
        "</a></li></ul></div></div></div></div>"
    )


def test_a_link_dense_thread_whose_posts_link_to_themselves_is_a_thread() -> None:
    # Posters not linked, a thread did not say who wrote its posts by links: too link-dense
    # for prose, it kept its link blocks. Each post's date linking to the post itself (its
    # permalink, to the post's own id) says it is a post as well.
    posts = "".join(_fluxbb_post(user, n) for n, user in enumerate(["julian", "baris", "kevin"], 1))
    out = render(f"<main><h1>Version 4 released</h1>{posts}{_OTHER_TOPICS}</main>")
    assert "Fix the import of old backups" in out
    assert "baris: the changes are below." in out
    assert "Emails are not sent after the update" not in out


def test_links_to_sections_of_a_page_do_not_make_it_a_thread() -> None:
    # A contents list linking to the sections holding the messages is no post's permalink:
    # the link is not inside the section it names.
    posts = "".join(
        _fluxbb_post(user, n).replace(f'href="viewtopic.php?pid={n}0#p{n}0"', 'href="/a"')
        for n, user in enumerate(["julian", "baris", "kevin"], 1)
    )
    contents = "<ul><li><a href='#p10'>First</a></li><li><a href='#p20'>Second</a></li></ul>"
    out = render(f"<main><h1>Version 4 released</h1>{contents}{posts}{_OTHER_TOPICS}</main>")
    assert "Emails are not sent after the update" in out


def _phpbb_post(number: int, subject: str, text: str) -> str:
    """phpBB's post: its subject as an `h3` linking to the post, then the author line."""
    return (
        f'<div id="p{number}" class="post"><div class="postbody"><h3><a href="#p{number}">'
        f'{subject}</a></h3><p class="author">by <a href="./memberlist.php?mode=viewprofile&u='
        f'{number}">user{number}</a> » Mon May 06, 2024 {number}:05 pm</p><div class="content">'
        f"{text}</div></div></div>"
    )


def test_a_replys_subject_repeating_the_topics_title_is_dropped() -> None:
    # Forum software titles every reply "Re: <the topic's title>" (phpBB's and FluxBB's post
    # headings, Nairaland's and Tripadvisor's post headers): one line per post saying nothing
    # the page's title has not said. A reply whose subject says something else keeps it, and
    # so does the topic's own first post.
    posts = (
        _phpbb_post(1, "Turning off all LEDs of the board", f"<p>How? {PROSE}</p>")
        + _phpbb_post(2, "Re: Turning off all LEDs of the board", "<p>Use the config file.</p>")
        + _phpbb_post(3, "RE:  turning off all LEDs of the  board", "<p>Or a udev rule.</p>")
        + _phpbb_post(4, "Re: What about the fan?", "<p>The fan is separate.</p>")
    )
    out = html_to_markdown(
        "<html><head><title>Turning off all LEDs of the board - Example Forums</title></head>"
        f"<body><main>{posts}</main></body></html>"
    )
    assert "Turning off all LEDs of the board" in out
    assert "Re: Turning" not in out
    assert "RE:" not in out
    assert "Use the config file." in out
    assert "Or a udev rule." in out
    assert "Or a udev rule." in out
    assert "Re: What about the fan?" in out
    assert "by user2 » Mon May 06, 2024 2:05 pm" in out


def test_a_reply_subject_written_only_in_capitals_is_dropped_too() -> None:
    # The pass runs only on a source holding "Re:" or "RE:" (a search, not a walk): a thread
    # whose only replies say "RE:" is one too.
    posts = (
        _phpbb_post(1, "Turning off all LEDs of the board", f"<p>How? {PROSE}</p>")
        + _phpbb_post(2, "RE: Turning off all LEDs of the board", "<p>Use the config file.</p>")
        + _phpbb_post(3, "RE: Turning off all LEDs of the board", "<p>Or a udev rule.</p>")
    )
    out = html_to_markdown(
        "<html><head><title>Turning off all LEDs of the board - Example Forums</title></head>"
        f"<body><main>{posts}</main></body></html>"
    )
    assert "RE:" not in out
    assert "Use the config file." in out
    assert "Or a udev rule." in out


def test_a_page_that_is_itself_a_reply_keeps_its_subject() -> None:
    # A mailing list archive's message page is a reply: its `Re:` subject is its own title.
    out = html_to_markdown(
        "<html><head><title>Re: [PATCH] Fix the parser - Example List</title></head><body>"
        f"<main><h1>Re: [PATCH] Fix the parser</h1><h2>Re: [PATCH] Fix the parser</h2>"
        f"<p>{PROSE}</p></main></body></html>"
    )
    assert "# Re: [PATCH] Fix the parser" in out


def test_a_list_of_replies_keeps_its_entries() -> None:
    # A mail archive lists the replies under the message they answer: each "Re:" entry is a
    # link to one reply, beside its author, not a repeated title.
    replies = "".join(
        f'<li><a href="/list/msg{n}.html">Re: Fix the parser</a> <i>user{n}</i></li>'
        for n in range(1, 4)
    )
    out = html_to_markdown(
        "<html><head><title>Fix the parser - Example List</title></head><body><main>"
        f"<h1>Fix the parser</h1><p>{PROSE}</p><h2>Replies</h2><ul>{replies}</ul></main>"
        "</body></html>",
        url="https://lists.example.org/list/msg0.html",
    )
    assert out.count("Re: Fix the parser") == 3


def test_a_replys_subject_takes_its_posts_number_beside_it() -> None:
    # Tripadvisor writes each reply's number and subject side by side: without the subject,
    # a line "1." said nothing.
    posts = "".join(
        f"<div class='post'><div class='postTitle'><span class='postNum'>{n}.</span> "
        f"<span class='titleText'>Re: Tips for a first visit</span></div><div>Dec 31, 2025</div>"
        f"<div class='postBody'><p>Reply {n}: {PROSE}</p></div></div>"
        for n in range(1, 4)
    )
    out = html_to_markdown(
        "<html><head><title>Tips for a first visit - Japan Forum</title></head>"
        f"<body><main><h1>Tips for a first visit</h1>{posts}</main></body></html>"
    )
    assert "Reply 2: This paragraph" in out
    assert "Re: Tips" not in out
    assert not re.search(r"^\d\.$", out, re.MULTILINE)


def test_a_posters_join_date_alone_on_its_line_is_dropped() -> None:
    # Under every poster's name phpBB, vBulletin and FluxBB print when they joined, bold or
    # not ("**Joined:** Sun Dec 17, 2023 11:18 am", "Join Date: **Aug 2008**", "Registered:
    # 2012-09-03"), and their post count, bold too ("- **Posts:** 4032"): a line per post
    # about the poster, not what they wrote. Without its colon it is a sentence or a seller's
    # "Joined Oct 2018", which stays; so does a "Joined:" line with no figure.
    profiles = (
        "<dd><strong>Joined:</strong> Sun Dec 17, 2023 11:18 am</dd>",
        "<dd>Join Date: <b>Aug 2008</b></dd>",
        "<dd><span>Registered: 2012-09-03</span></dd>",
    )
    posts = "".join(
        f"<div class='post'><dl class='postprofile'><dt><a href='./memberlist.php?mode="
        f"viewprofile&u={n}'>user{n}</a></dt><dd><strong>Rank:</strong> Member</dd>{profile}"
        f"</dl><ul><li><b>Posts:</b> {n}032</li></ul>"
        f"<div class='message'><p>Post {n}: {PROSE}</p></div></div>"
        for n, profile in enumerate(profiles, 1)
    )
    out = render(
        f"<main><h1>Upgrading to version 4</h1>{posts}<p>Joined Oct 2018</p>"
        "<p>Joined: the two teams</p></main>"
    )
    assert "Post 3: This paragraph" in out
    for line in ("Joined:** Sun", "Join Date:", "Registered:", "Posts:**"):
        assert line not in out
    assert "Joined Oct 2018" in out
    assert "Joined: the two teams" in out


def test_a_posters_statistic_right_under_the_name_in_a_card_is_dropped_and_the_name_stays() -> None:
    # phpBB's and FluxBB's poster cards are definition lists: the name as the term, the post
    # count or join date its first definition. Joined as `alice: **Posts:** 9179`, the line
    # read the name as the counter's label and was no counter line the repeats pass drops.
    posts = "".join(
        f"<div class='post'><dl class='postprofile'><dt><a href='./memberlist.php?mode="
        f"viewprofile&u={n}'>user{n}</a></dt>{statistic}</dl>"
        f"<div class='message'><p>Post {n}: {PROSE}</p></div></div>"
        for n, statistic in enumerate(
            (
                "<dd><strong>Posts:</strong> 9179</dd>",
                "<dd><span>Registered: 2012-09-03</span></dd>",
            ),
            1,
        )
    )
    out = render(
        f"<main><h1>Upgrading to version 4</h1>{posts}<dl><dt>Colour</dt><dd>Red</dd></dl></main>"
    )
    lines = out.splitlines()
    assert "user1" in lines
    assert "user2" in lines
    assert "Posts:" not in out
    assert "Registered:" not in out
    assert "Colour: Red" in lines


def test_phpbbs_code_box_header_is_dropped_and_its_code_stays() -> None:
    # phpBB writes "Code: Select all" (a label and the link that selects the block for copying)
    # over every code block of a post; the model read it a dozen times through a thread.
    box = (
        '<div class="codebox"><p>Code: <a href="#" onclick="selectCode(this); return false;">'
        "Select all</a></p><pre><code>dtparam=act_led_trigger=none</code></pre></div>"
    )
    out = render(f"<main><h1>LEDs on the Pi 5</h1><p>{PROSE}</p>{box}<p>Any ideas?</p></main>")
    assert "Select all" not in out
    assert "dtparam=act_led_trigger=none" in out
    assert "Any ideas?" in out


def test_a_posts_reactions_summed_up_under_it_are_dropped() -> None:
    # XenForo's and vBulletin's reaction bars under each post ("WiSK, JapesUK and 3 others
    # like this.", "MargoFarrel likes this."): who clicked, not what was written. A sentence
    # of a post that says so stays.
    reactions = (
        "Holiday.with.Ken, WiSK, TedToToe and 2 others like this.",
        "MargoFarrel likes this.",
        "1 person likes this.",
    )
    posts = "".join(
        f"<div class='post'><p>user{n}</p><div class='content'><p>Post {n}: {PROSE}</p></div>"
        f"<ul class='bar'><li>{reaction}</li></ul></div>"
        for n, reaction in enumerate(reactions)
    )
    out = render(
        f"<main><h1>Scenic sights</h1>{posts}<p>He likes this.</p><p>Everyone likes this.</p>"
        "<p>My dog likes this.</p><p>More like this</p></main>"
    )
    assert "Post 2: This paragraph" in out
    assert "like this." not in out
    assert "MargoFarrel" not in out
    assert "person likes" not in out
    for sentence in (
        "He likes this.",
        "Everyone likes this.",
        "My dog likes this.",
        "More like this",
    ):
        assert sentence in out.splitlines()


def _xenforo_post(n: int, words: str, bar: str = "") -> str:
    return (
        "<article class='message'><div class='message-user'><h4 class='message-name'>"
        f"<a href='/members/u{n}.{n}/'>user{n}</a></h4></div><div class='message-content'>"
        f"<div class='bbWrapper'>{words} {PROSE}</div></div>{bar}</article>"
    )


def test_xenforos_reactions_bar_under_a_post_is_dropped() -> None:
    # XenForo 2 names who reacted to a post in a bar under it, labelled for screen readers
    # ("Reactions: CountMike", "Reactions: felixen, unixfool and 2 others"): who clicked, not
    # what was written. The post's own words about reactions stay.
    bar = (
        "<div class='reactionsBar js-reactionsList is-active'><ul class='reactionSummary'><li>"
        "<img class='reaction-image' alt='Like' title='Like'></li></ul>"
        "<span class='u-srOnly'>Reactions:</span> <a class='reactionsBar-link' "
        "href='/posts/2/reactions'><bdi>CountMike</bdi></a></div>"
    )
    out = render(
        "<main><h1>Which GPU?</h1><div class='block-body'>"
        + _xenforo_post(1, "Which card?")
        + _xenforo_post(2, "Reactions: mine were mixed.", bar)
        + _xenforo_post(3, "Thanks.")
        + "</div></main>"
    )
    assert "Reactions: mine were mixed." in out
    assert "CountMike" not in out


def test_a_posters_custom_profile_fields_are_dropped_and_the_name_stays() -> None:
    # phpBB writes the board's custom profile fields under every poster's name (a VirtualBox
    # forum: "Primary OS", "VBox Version", "Location"), four lines about the poster over each
    # post; its own "Primary OS" in a post's text stays.
    fields = (
        '<dd class="profile-custom-field profile-primary_os"><strong>Primary OS:</strong> '
        'MS Windows 10</dd><dd class="profile-custom-field profile-phpbb_location">'
        "<strong>Location:</strong> An Ant Farm</dd>"
    )
    posts = "".join(
        f"<div class='post'><dl class='postprofile'><dt><a href='./memberlist.php?mode="
        f"viewprofile&u={n}'>user{n}</a></dt>{fields}</dl>"
        f"<div class='content'><p>Post {n}: {PROSE}</p></div></div>"
        for n in range(3)
    )
    out = render(
        f"<main><h1>Discuss the 7.1 release here</h1>{posts}"
        "<p><strong>Primary OS:</strong> my host runs Fedora.</p></main>"
    )
    lines = out.splitlines()
    assert "user2" in lines
    assert "Post 2: This paragraph" in out
    assert "VBox" not in out
    assert "Ant Farm" not in out
    assert "MS Windows 10" not in out
    assert "**Primary OS:** my host runs Fedora." in lines


@pytest.mark.parametrize(
    ("term", "value"), [("Number of posts", "12 posts"), ("Reading time", "5 min read")]
)
def test_a_figure_with_its_unit_is_its_terms_value_not_a_posters_statistic(
    term: str, value: str
) -> None:
    # Only a statistic under its own label ("Posts: 9179") is no value of its term: a figure
    # with its unit after it is the value a term names (a fence kit's "Number of posts"), and
    # unjoined, the value's line went with the posts' counters and the term stood empty.
    out = render(
        f"<main><h1>Garden fence kit</h1><p>{PROSE}</p>"
        f"<dl><dt>{term}</dt><dd>{value}</dd><dt>Height</dt><dd>1.8 m</dd></dl></main>"
    )
    assert f"{term}: {value}" in out.splitlines()


@pytest.mark.parametrize(
    "note",
    [
        "Last edited: Jul 9, 2022",
        "Last edited: 13 Sep 2024",
        "<i>Last edited by lowjhg; Feb 14, 2026 at 9:25 pm</i>",
        "Last edited by Outer Armatonisdaristan on Sun Feb 22, 2026 2:08 am, edited 108 times in "
        "total.",
        "<em>Last edited by chunix64 (2025-11-01 15:15:18)</em>",
        "<strong>Edited April 19, 2024 by donaldsc</strong>",
        "<strong>Edited January 29 by ErnestQ</strong> (see edit history)",
        # Longer than a control's line and in capitals: looked at all the same.
        "LAST EDITED BY OUTER ARMATONISDARISTAN ON SUN FEB 22, 2026 2:08 AM",
    ],
)
def test_a_posts_edit_note_alone_on_its_line_is_dropped(note: str) -> None:
    # XenForo, vBulletin, phpBB, FluxBB and Invision note under a post who edited it last and
    # when: a line per edited post about the forum's bookkeeping, not what was written. A
    # sentence that opens with the words stays.
    posts = "".join(
        f"<div class='post'><b>user{n}</b><div class='message'><p>Post {n}: {PROSE}</p></div>"
        f"<div class='edited'>{note}</div></div>"
        for n in range(1, 4)
    )
    out = render(
        f"<main><h1>Upgrading to version 4</h1>{posts}"
        "<p>Last edited by hand, the 2019 draft kept its typos.</p></main>"
    )
    assert "Post 3: This paragraph" in out
    assert "dited" not in out.replace("Last edited by hand", "").lower()
    assert "Last edited by hand, the 2019 draft kept its typos." in out


def _qa_comments(post_id: int, remarks: list[str], schema: str = "https://schema.org") -> str:
    """A post's comments as Stack Exchange's older layout writes them: a list of `Comment`
    items in a container, then the controls under it ("Add a comment", "Show N more
    comments" with a separator between)."""
    items = "".join(
        f'<li class="comment" itemprop="comment" itemscope itemtype="{schema}/Comment">'
        f'<div class="comment-body"><span class="comment-copy" itemprop="text">{remark}</span>'
        f' &ndash;&nbsp;<a href="/users/{n}/u{n}" class="comment-user">u{n}</a> <span '
        'class="comment-date">Feb 12, 2011 at 1:30</span></div></li>'
        for n, remark in enumerate(remarks)
    )
    return (
        f'<div class="js-post-comments-component"><div id="comments-{post_id}" '
        f'class="comments"><ul class="comments-list">{items}</ul></div>'
        f'<div id="comments-link-{post_id}"><a class="js-add-link comments-link" href="#" '
        'role="button">Add a comment</a><span class="js-link-separator">&nbsp;|&nbsp;</span>'
        '<a class="js-show-link comments-link" href="#" role="button">Show <b>2</b> more '
        "comments</a></div></div>"
    )


def _qa_comments_followups(remarks: list[str]) -> str:
    """A post's comments as Stack Overflow's newer layout writes them: a heading with their
    count in a toggle, an "Add a comment" button holding a paragraph, then the items."""
    items = "".join(
        '<div itemprop="comment" itemscope itemtype="https://schema.org/Comment" '
        f'role="listitem"><a href="/users/{n}/u{n}">u{n}</a> <time>Over a year ago</time>'
        f'<div itemprop="text">{remark}</div><button type="button">Reply</button></div>'
        for n, remark in enumerate(remarks)
    )
    return (
        '<div class="follow-ups"><div class="mt16"><div role="button" tabindex="0"><h2>'
        f"{len(remarks)} Comments</h2></div><div><button type='button'><div><p>Add a comment"
        f'</p></div></button></div><div role="list">{items}</div></div></div>'
    )


def _qa_page(comments: Callable[[int, list[str]], str]) -> str:
    question = (
        '<div id="question" itemprop="mainEntity" itemscope '
        'itemtype="https://schema.org/Question"><h1 itemprop="name">Why is except: pass bad?'
        '</h1><div class="post-layout"><div class="votecell">11</div><div class="postcell">'
        f'<div class="s-prose" itemprop="text"><p>The question asks why. {PROSE}</p>'
        "<pre><code>try:\n    risky()\nexcept:\n    pass</code></pre></div></div>"
        f"{comments(1, ['Which Python version?', 'Duplicate of another question.'])}</div></div>"
    )
    answers = "".join(
        f'<div class="answer" itemprop="suggestedAnswer" itemscope '
        f'itemtype="https://schema.org/Answer"><div class="post-layout"><div class="votecell">'
        f'{5 - n}</div><div class="answercell"><div class="s-prose" itemprop="text"><p>Answer '
        f"{n} explains it. {PROSE}</p><pre><code>except ValueError:  # answer {n}\n    log()"
        f"</code></pre></div></div>{comments(10 + n, [f'Remark {n} says this is outdated.'])}"
        "</div></div>"
        for n in range(2)
    )
    return (
        '<div id="content" itemscope itemtype="https://schema.org/QAPage">'
        f"{question}<div id='answers'><h2>2 Answers</h2>{answers}</div></div>"
    )


@pytest.mark.parametrize(
    "comments",
    [_qa_comments, lambda post, remarks: _qa_comments_followups(remarks)],
    ids=["comments-list", "follow-ups"],
)
def test_comments_under_a_questions_and_answers_posts_go(
    comments: Callable[[int, list[str]], str],
) -> None:
    # Remarks attached to a main post are secondary to it (the page's own posts are the
    # question and its answers), as an article's comment thread is: they go with their
    # list's controls; the question, the answers and their code stay.
    out = render(_qa_page(comments))
    assert "The question asks why." in out
    assert "except:\n    pass" in out
    for n in range(2):
        assert f"Answer {n} explains it." in out
        assert f"except ValueError:  # answer {n}" in out
    for remark in ("Which Python version?", "Duplicate of", "Remark 0", "Remark 1"):
        assert remark not in out
    assert "Add a comment" not in out
    assert "more comments" not in out
    assert "Comments" not in out
    assert "u0" not in out


@pytest.mark.parametrize(
    "schema", ["http://schema.org", "https://schema.org", "https://www.schema.org"]
)
def test_comments_under_an_answer_go_however_schema_org_is_spelled(schema: str) -> None:
    page = (
        '<div itemscope itemtype="https://schema.org/QAPage"><div itemscope '
        f'itemtype="{schema}/Answer"><p>The answer itself. {PROSE}</p>'
        f"{_qa_comments(1, ['A remark on the answer.'], schema)}</div></div>"
    )
    out = render(page)
    assert "The answer itself." in out
    assert "A remark on the answer." not in out


def test_a_comments_container_holding_more_than_the_comments_stays() -> None:
    # Only the comments go when their container holds anything else: here the answer's own
    # short line sits beside their list.
    page = (
        '<div itemscope itemtype="https://schema.org/Question"><h1>Is it safe?</h1>'
        f"<p>{PROSE}</p></div><div itemscope itemtype='https://schema.org/Answer'><p>{PROSE}"
        "</p><div><p>Yes, always.</p><ul><li itemprop='comment' itemscope "
        "itemtype='https://schema.org/Comment'>Not on Windows.</li></ul></div></div>"
    )
    out = render(page)
    assert "Yes, always." in out
    assert "Not on Windows." not in out


def test_a_forums_replies_marked_as_comments_stay() -> None:
    # Discourse and NodeBB mark each reply to a topic as a `Comment` of its
    # `DiscussionForumPosting`: on a forum the replies are the posts. The source names a
    # Question elsewhere (an FAQ in the sidebar), so the rule is asked and must say no.
    replies = "".join(
        f'<div itemprop="comment" itemscope itemtype="http://schema.org/Comment"><span '
        f'itemprop="author">u{n}</span><div itemprop="text"><p>Reply {n} with its fix. '
        f"{PROSE}</p></div></div>"
        for n in range(3)
    )
    page = (
        '<div itemscope itemtype="http://schema.org/DiscussionForumPosting"><h1 '
        'itemprop="headline">Boot fails after update</h1><div itemprop="text"><p>The topic '
        f"itself. {PROSE}</p></div>{replies}</div><div itemscope "
        "itemtype='https://schema.org/FAQPage'><div itemscope "
        "itemtype='https://schema.org/Question'><h3 itemprop='name'>How do I post?</h3></div>"
        "</div>"
    )
    out = render(page)
    assert "The topic itself." in out
    for n in range(3):
        assert f"Reply {n} with its fix." in out


def test_an_articles_comments_outside_any_question_are_not_this_rules() -> None:
    # Comments whose nearest item is the article (not a Question or Answer) are left to the
    # article rules; this page declares no article (no og:type, no JSON-LD), so they stay.
    page = (
        '<div itemscope itemtype="https://schema.org/Article"><h1>Flood notes</h1><div '
        f'itemprop="articleBody"><p>{PROSE}</p></div><div class="faq" itemscope '
        "itemtype='https://schema.org/FAQPage'><div itemscope "
        "itemtype='https://schema.org/Question'><h3 itemprop='name'>Is the river safe?</h3>"
        "<div itemscope itemtype='https://schema.org/Answer'><p itemprop='text'>Not yet.</p>"
        "</div></div></div><ul><li itemprop='comment' itemscope "
        "itemtype='https://schema.org/Comment'>A reader saw the river rise.</li></ul></div>"
    )
    out = render(page)
    assert "Not yet." in out
    assert "A reader saw the river rise." in out


def _nodebb_post(
    author: str,
    message: str,
    parent: tuple[str, str] | None = None,
    *,
    pid: str = "",
    parent_pid: str = "",
) -> str:
    names_parent = f' data-parent-pid="{parent_pid}"' if parent_pid else ""
    post_id = f' data-pid="{pid}"' if pid else ""
    preview = (
        f'<div component="post/parent" data-collapsed="true"{names_parent} class="btn btn-ghost">'
        f'<a href="/user/{parent[0].lower()}">{parent[0]}</a>'
        f'<div component="post/parent/content" class="line-clamp-1"><p>{parent[1]}</p></div>'
        "</div>"
        if parent
        else ""
    )
    return (
        f'<li component="post"{post_id} itemprop="comment" itemscope '
        'itemtype="http://schema.org/Comment">'
        f"{preview}"
        f'<div class="post-header"><a href="/user/{author.lower()}">{author}</a></div>'
        f'<div component="post/content" itemprop="text"><p>{message}</p></div></li>'
    )


def test_a_replys_preview_of_the_post_it_answers_goes() -> None:
    # NodeBB draws the post a reply answers above the reply, clamped to one line: its whole
    # message was printed again inside the reply, as if the replier had written it.
    question = "Which Qt version will Ubuntu 24.04 ship with, and is it safe to use for PySide?"
    answer = "The package list for noble shows Qt 6.4.2, an older release than the current one."
    thanks = "Thanks, that settles it: I will take whatever version the distribution gives me."
    out = render(
        '<ul component="topic">'
        + _nodebb_post("JonB", question)
        + _nodebb_post("Pl45m4", answer, parent=("JonB", question))
        + _nodebb_post("JonB", thanks, parent=("Pl45m4", answer))
        + "</ul>"
    )
    assert out.count(question) == 1
    assert out.count(answer) == 1
    assert thanks in out
    assert "Pl45m4" in out


def test_a_replys_preview_of_a_post_not_on_the_page_stays() -> None:
    # On page 2 of a NodeBB thread, a reply to a post of page 1 holds the only copy of what it
    # answers: its preview stays. A preview of a post on this page still goes.
    question = "Which Qt version will Ubuntu 24.04 ship with, and is it safe to use for PySide?"
    answer = "The package list for noble shows Qt 6.4.2, an older release than the current one."
    thanks = "Thanks, that settles it: I will take whatever version the distribution gives me."
    out = render(
        '<ul component="topic">'
        + _nodebb_post("Pl45m4", answer, ("JonB", question), pid="21", parent_pid="3")
        + _nodebb_post("JonB", thanks, ("Pl45m4", answer), pid="22", parent_pid="21")
        + "</ul>"
    )
    assert out.count(question) == 1
    assert out.count(answer) == 1
    assert thanks in out


def test_old_reddit_shows_one_score_per_comment() -> None:
    # Old Reddit writes each score three times, one per vote state, and its style shows the
    # one its voting box's state names: the comment read "188 points 189 points 190 points".
    def comment(state: str, name: str, scores: tuple[int, int, int], text: str) -> str:
        dislikes, unvoted, likes = scores
        return (
            f"<div class='comment'><div class='entry {state}'><p class='tagline'>{name} "
            f"<span class='score dislikes'>{dislikes} points</span> "
            f"<span class='score unvoted'>{unvoted} points</span> "
            f"<span class='score likes'>{likes} points</span> 17 hours ago</p>"
            f"<div class='md'><p>{text}</p></div></div></div>"
        )

    out = render(
        f"<div class='midcol unvoted'><div class='score dislikes'>1099</div>"
        f"<div class='score unvoted'>1100</div><div class='score likes'>1101</div></div>"
        f"<p>{PROSE}</p>"
        + comment("unvoted", "Ragnar", (188, 189, 190), "Whole new way of looking at it.")
        + comment("likes", "Baron", (139, 140, 141), "Only after the follicles grow.")
    )
    assert "Ragnar 189 points 17 hours ago" in out
    assert "Baron 141 points 17 hours ago" in out
    assert "1100" in out
    assert "1099" not in out
    assert "1101" not in out


def test_a_separator_left_alone_on_its_line_goes() -> None:
    # The poster's avatar between the name and "·" went: the dot stood on its own line,
    # separating nothing ("alice / · / #2 · Jan 3, 2024"). A separator in a line stays.
    out = render(
        f"<p>{PROSE}</p><div class='post'><div>alice</div><div>·</div>"
        "<div>#2 · Jan 3, 2024</div><p>I agree with the plan.</p><div>|</div></div>"
    )
    assert "alice\n\n#2 · Jan 3, 2024\n\nI agree with the plan." in out
    assert "\n|" not in out


def test_a_vbulletin_post_table_reads_as_blocks_not_a_grid() -> None:
    # vBulletin 3 lays each post out as `<table id="post…">`: the poster's card beside the
    # message. As a grid the message's paragraphs ran together in one cell.
    out = render(
        f"<p>{PROSE}</p><table id='post2017066'><tr><td>30th March 2025</td><td>#1</td></tr>"
        "<tr><td><a href='member.php?u=7'>microfast</a></td><td><div id='post_message_2017066'>"
        "Hi to all,<br><br>I have tested a new card.<br><br>Any ideas?</div></td></tr></table>"
    )
    assert "|" not in out
    assert "microfast\n\nHi to all,\n\nI have tested a new card.\n\nAny ideas?" in out


def _numbered_post(name: str, number: int, text: str) -> str:
    # VerticalScope's XenForo theme: the poster's name, then "#3 · Mar 21, 2025", then the message.
    return (
        f'<article class="MessageCard"><div><a href="/members/{name.lower()}.7/">{name}</a></div>'
        f"<div>#{number} · Mar 21, 2025</div><div class='message'><p>{text}</p></div></article>"
    )


def test_a_posters_name_repeated_over_a_numbered_post_stays() -> None:
    # The starter answers the reply to her question: her name repeats the one over post #1 and
    # went as a repeat, so her answer under "#3 · Mar 21, 2025" read as golftango's.
    out = render(
        "<main><h1>2024 LED Liftgate Lights</h1>"
        + _numbered_post("xJewishNinjax", 1, f"I guess I'm the first with the lights. {PROSE}")
        + _numbered_post("golftango", 2, "All those rear trim pieces look like the 3rd gen's ones.")
        + _numbered_post("xJewishNinjax", 3, "Probably, companies are always trying to save money.")
        + "</main>"
    )
    assert "xJewishNinjax\n\n#3 · Mar 21, 2025\n\nProbably, companies" in out
    # FlyerTalk (vBulletin): the date, the post's number, then the name.
    flyertalk = "".join(
        f"<div><div>Feb 14, 2026 | {hour}:05 pm</div><div>#<strong>{number}</strong></div>"
        f"<div><a href='/forum/members/{name}.html'>{name}</a></div>"
        f"<div id='post_message_{number}'>{text}</div></div>"
        for hour, number, name, text in (
            (9, 1, "lowjhg", f"I'm writing this trip report. {PROSE}"),
            (10, 2, "WiSK", "That's a very intriguing routing you have chosen!"),
            (11, 3, "lowjhg", "It's exactly 3 hours before we're supposed to head out."),
        )
    )
    out = render(f"<main><h1>Scenic sights</h1>{flyertalk}</main>")
    assert out.count("lowjhg") == 2
    assert "lowjhg\n\nIt's exactly 3 hours" in out


def test_the_thread_starters_badge_goes_and_the_name_stays() -> None:
    # XenForo's "Thread starter" under the name, VerticalScope's "Discussion starter" after it
    # on its line: the name over the first post already says who asked, and no truth keeps it.
    out = render(
        "<main><h1>Fragrance budget for 2024</h1>"
        "<article><div><a href='/members/pippin.7/'>pippin</a></div>"
        "<ul><li>Thread starter</li></ul><div>Dec 30, 2023</div>"
        f"<div class='message'><p>Do you set yourself a budget? {PROSE}</p></div></article>"
        "<article><div><a href='/members/bob.8/'>bob</a> <span>Discussion starter</span></div>"
        "<div>#2 · Dec 31, 2023</div>"
        "<div class='message'><p>Nah, no special budget: I replenish favourites.</p></div>"
        "</article></main>"
    )
    assert "starter" not in out
    assert "pippin\n\nDec 30, 2023" in out
    assert "bob\n\n#2 · Dec 31, 2023" in out
    # Not "Author" alone: an article's byline labels its author so.
    out = render(f"<main><h1>Billing</h1><p>Author</p><p>Venteur</p><p>{PROSE}</p></main>")
    assert "Author\n\nVenteur" in out


def test_a_posters_location_beside_their_statistics_goes() -> None:
    # vBulletin's card under each name: "Join Date / Location / Posts". The statistics went and
    # the location stood alone between the name and the post; an event's location stays.
    card = (
        "<div><a href='member.php?u=7'>lowjhg</a></div><div><div>Join Date: <b>Aug 2008</b></div>"
        "<div>Location: <b>SIN</b></div><div>Posts: <b>1,077</b></div></div>"
    )
    out = render(f"<main><h1>Scenic sights</h1>{card}<div><p>{PROSE}</p></div></main>")
    assert "Location" not in out
    assert f"lowjhg\n\n{PROSE}" in out
    out = render(
        f"<main><h1>PyCon 2026</h1><p>Date: May 14, 2026</p><p>Location: Long Beach</p>"
        f"<p>{PROSE}</p></main>"
    )
    assert "Location: Long Beach" in out
