"""HTML to Markdown rendering for `web_fetch`: recall-first main content, compact Markdown."""

from dsh.tool_web.markdown.convert import html_to_markdown

__all__ = ["html_to_markdown"]
