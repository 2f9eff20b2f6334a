"""The system prompt, assembled from ordered sections that plugins contribute."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dsh.harness._errors import HarnessError


@dataclass(frozen=True)
class PromptSection:
    id: str
    order: int
    text: str


class SystemPrompt:
    """Sections by id; :meth:`render` joins them by ``(order, id)`` with a blank line between."""

    def __init__(self) -> None:
        self._sections: dict[str, PromptSection] = {}

    def section(self, section_id: str, order: int, text: str) -> Callable[[], None]:
        if section_id in self._sections:
            raise HarnessError(
                "DUPLICATE_PROMPT_SECTION", f"Prompt section {section_id!r} already exists."
            )
        entry = PromptSection(section_id, order, text)
        self._sections[section_id] = entry

        def remove() -> None:
            if self._sections.get(section_id) is entry:
                del self._sections[section_id]

        return remove

    def sections(self) -> list[PromptSection]:
        return sorted(self._sections.values(), key=lambda s: (s.order, s.id))

    def render(self) -> str:
        return "\n\n".join(s.text for s in self.sections())
