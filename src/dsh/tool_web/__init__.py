"""The model-facing web tools (`web_search`, `web_fetch`) and their presentation."""

from dsh.tool_web.markdown import html_to_markdown

__all__ = ["html_to_markdown"]
