"""Which library extracts PDF text for `web-fetch-http`: speed and text quality, measured.

Not a test. Generates a few PDFs with reportlab (prose with headings, a two-column page, a table,
non-ASCII text in an embedded TrueType font, a 200-page document), extracts their text with
pypdf, pypdfium2 and pdfminer.six, and compares against the text that was put in.

Run (the extra libraries are only needed for this measurement):

    uv run --with reportlab --with pypdfium2 --with pdfminer.six python bench/fetch_pdf_libraries.py

Quality is word recall/precision (multiset of words, after NFKC and dropping punctuation) and
the share of ground-truth lines whose words come out in order (``order``): glued or split words
and scrambled reading order show up as lost recall or order.
"""

from __future__ import annotations

import io
import re
import statistics
import time
import unicodedata
from collections import Counter
from collections.abc import Callable
from pathlib import Path

WORDS = [
    "agent",
    "harness",
    "fetch",
    "provider",
    "search",
    "seam",
    "decode",
    "charset",
    "redirect",
    "origin",
    "boundary",
    "memory",
    "deadline",
    "stream",
    "signal",
    "abort",
    "cancel",
    "bounded",
    "result",
    "status",
    "content",
    "kind",
    "html",
    "text",
    "table",
    "column",
    "paragraph",
    "heading",
    "figure",
    "caption",
    "library",
    "measure",
    "quality",
    "speed",
    "extraction",
    "page",
]


def _sentence(seed: int, length: int = 14) -> str:
    words = [WORDS[(seed * 7 + i * 13) % len(WORDS)] for i in range(length)]
    words[0] = words[0].capitalize()
    return " ".join(words) + "."


def _font() -> str:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for path in (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        str(Path(str(__import__("reportlab").__file__)).parent / "fonts" / "Vera.ttf"),
    ):
        if Path(path).exists():
            pdfmetrics.registerFont(TTFont("Body", path))
            return "Body"
    return "Helvetica"


def make_prose(pages: int) -> tuple[bytes, list[str]]:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate

    styles = getSampleStyleSheet()
    story: list[object] = []
    truth: list[str] = []
    for page in range(pages):
        heading = f"Section {page + 1} fetch provider"
        story.append(Paragraph(heading, styles["Heading1"]))
        truth.append(heading)
        for para in range(6):
            text = " ".join(_sentence(page * 31 + para * 5 + k) for k in range(5))
            story.append(Paragraph(text, styles["BodyText"]))
            truth.append(text)
        story.append(PageBreak())
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4).build(story)
    return out.getvalue(), truth


def make_columns() -> tuple[bytes, list[str]]:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph

    styles = getSampleStyleSheet()
    width, height = A4
    frames = [
        Frame(40, 40, width / 2 - 50, height - 80, id="left"),
        Frame(width / 2 + 10, 40, width / 2 - 50, height - 80, id="right"),
    ]
    out = io.BytesIO()
    doc = BaseDocTemplate(out, pagesize=A4, pageTemplates=[PageTemplate(frames=frames)])
    truth = [" ".join(_sentence(i * 3 + k) for k in range(4)) for i in range(10)]
    doc.build([Paragraph(t, styles["BodyText"]) for t in truth])
    return out.getvalue(), truth


def make_table() -> tuple[bytes, list[str]]:
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import SimpleDocTemplate, Table

    rows = [[f"{WORDS[(r * 3 + c) % len(WORDS)]} {r}.{c}" for c in range(4)] for r in range(30)]
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4).build([Table(rows)])
    return out.getvalue(), [" ".join(row) for row in rows]


def make_unicode() -> tuple[bytes, list[str]]:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    style = ParagraphStyle("u", fontName=_font(), fontSize=11, leading=14)
    truth = [
        "Café naïve résumé Straße über façade coöperate",
        "Ελληνικά κείμενο δοκιμή και Кириллица текст проверка",
        "Prices: 5 € or £4, temperatures −3 °C to 25 °C, “quoted” ‘text’ — dash",
    ] * 5
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4).build([Paragraph(t, style) for t in truth])
    return out.getvalue(), truth


def extract_pypdf(data: bytes) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


def extract_pdfium(data: bytes) -> list[str]:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        texts = []
        for index in range(len(pdf)):
            page = pdf[index]
            textpage = page.get_textpage()
            texts.append(textpage.get_text_range())
            textpage.close()
            page.close()
        return texts
    finally:
        pdf.close()


def extract_pdfminer(data: bytes) -> list[str]:
    from pdfminer.high_level import extract_text

    text: str = extract_text(io.BytesIO(data))
    return text.split("\f")


def _words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text).lower()
    return re.findall(r"\w+", text)


def quality(pages: list[str], truth: list[str]) -> tuple[float, float, float]:
    got = Counter(_words("\n".join(pages)))
    want = Counter(_words("\n".join(truth)))
    common = sum((got & want).values())
    recall = common / max(1, sum(want.values()))
    precision = common / max(1, sum(got.values()))
    flat = " ".join(_words("\n".join(pages)))
    in_order = sum(1 for line in truth if " ".join(_words(line)) in flat) / max(1, len(truth))
    return recall, precision, in_order


def timed(fn: Callable[[bytes], list[str]], data: bytes, repeat: int) -> tuple[float, list[str]]:
    times = []
    result: list[str] = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn(data)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    from importlib.metadata import version

    import pdfminer
    import pypdf

    docs = {
        "prose (10 pages)": make_prose(10),
        "two columns": make_columns(),
        "table": make_table(),
        "unicode (TTF)": make_unicode(),
        "prose (200 pages)": make_prose(200),
    }
    libraries: dict[str, Callable[[bytes], list[str]]] = {
        f"pypdf {pypdf.__version__}": extract_pypdf,
        f"pypdfium2 {version('pypdfium2')}": extract_pdfium,
        f"pdfminer.six {pdfminer.__version__}": extract_pdfminer,
    }
    print("| document | library | ms | ms/page | recall | precision | lines in order |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, (data, truth) in docs.items():
        for lib, fn in libraries.items():
            repeat = 1 if "200" in name else 3
            seconds, pages = timed(fn, data, repeat)
            recall, precision, order = quality(pages, truth)
            count = max(1, len([p for p in pages if p is not None]))
            print(
                f"| {name} | {lib} | {seconds * 1000:.0f} | {seconds * 1000 / count:.1f} | "
                f"{recall:.3f} | {precision:.3f} | {order:.2f} |"
            )
    sample, _ = docs["unicode (TTF)"]
    for lib, fn in libraries.items():
        print(f"\n{lib} on the unicode page, first 3 lines:")
        print("\n".join(fn(sample)[0].strip().splitlines()[:3]))


if __name__ == "__main__":
    main()
