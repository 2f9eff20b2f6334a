"""HTML to Markdown rendering for `web_fetch` (placeholder until the renderer lands)."""


def html_to_markdown(html: str, *, url: str | None = None) -> str:
    return html


__all__ = ["html_to_markdown"]
