"""Score `dsh.tool_web.html_to_markdown` and trafilatura side by side on WCXB (dev split).

Both systems run on every page in turn inside one process, so machine load hits them alike and
the MB/s column is comparable within a run (never across runs). Quality uses the scorer's own
metric functions from `shared/bench/extraction/eval.py`, imported, not copied.

    uv run --group bench python bench/extraction.py                 # all 1,476 pages
    uv run --group bench python bench/extraction.py --split odd     # held-out half
    uv run --group bench python bench/extraction.py --limit 200 --json-out /tmp/x.json
    uv run --group bench python bench/extraction.py --source-cap 100000   # a fetcher that cuts
                                                   # the HTML source first (decision 0041)

"dsh F1 as text" scores the same output through the scorer's `md_to_text` (its `--md-normalize`
mode): link targets and Markdown marks removed, so the gap to "dsh F1" is what the syntax costs.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any


def _find_bench_dir() -> Path:
    # The checkout sits beside `shared/` (../shared from the repository); a git worktree kept
    # elsewhere finds it in the nearest ancestor that has one.
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "bench" / "extraction"
        if candidate.is_dir():
            return candidate
    return Path(__file__).resolve().parents[2] / "shared" / "bench" / "extraction"


DEFAULT_BENCH_DIR = _find_bench_dir()


def _load_scorer(bench_dir: Path) -> ModuleType:
    sys.path.insert(0, str(bench_dir))
    return importlib.import_module("eval")


def _trafilatura(html: str) -> str:
    import trafilatura

    # The scorer's baseline configuration (baselines.py: trafilatura_text).
    return trafilatura.extract(html, include_comments=False) or ""


def _dsh(html: str) -> str:
    from dsh.tool_web import html_to_markdown

    return html_to_markdown(html)


SYSTEMS: dict[str, Callable[[str], str]] = {"dsh": _dsh, "trafilatura": _trafilatura}


def run(
    scorer: ModuleType, split: str, limit: int | None, source_cap: int | None = None
) -> dict[str, Any]:
    pages = scorer.load_dataset("wcxb-dev")
    if split != "all":
        parity = 0 if split == "even" else 1
        pages = [p for p in pages if int(p.pid) % 2 == parity]
    if limit:
        pages = pages[:limit]
    tokens = scorer.TokenCounter()
    seconds = dict.fromkeys(SYSTEMS, 0.0)
    rows: dict[str, dict[str, list[tuple[float, float, float]]]] = {
        name: defaultdict(list) for name in SYSTEMS
    }
    # The same outputs scored as plain text (the scorer's `--md-normalize`: link targets and
    # Markdown marks removed): what the Markdown syntax itself costs in F1.
    rows_as_text: dict[str, list[tuple[float, float, float]]] = defaultdict(list)
    out_tokens: dict[str, dict[str, int]] = {name: defaultdict(int) for name in SYSTEMS}
    gt_tokens: dict[str, int] = defaultdict(int)
    # The benchmark's own Markdown rendering of the same truth: what Markdown itself costs.
    gt_markdown_tokens: dict[str, int] = defaultdict(int)
    html_bytes = 0
    for index, page in enumerate(pages):
        html = page.html[:source_cap] if source_cap else page.html
        html_bytes += len(page.raw)
        gt_count = tokens(page.gt)
        gt_markdown_count = tokens(page.gt_markdown or page.gt)
        for kind in (page.page_type, "all"):
            gt_tokens[kind] += gt_count
            gt_markdown_tokens[kind] += gt_markdown_count
        for name, fn in SYSTEMS.items():
            start = time.perf_counter()
            output = fn(html)
            seconds[name] += time.perf_counter() - start
            prf = scorer.wcxb_prf(output, page.gt)
            count = tokens(output)
            prf_as_text = scorer.wcxb_prf(scorer.md_to_text(output), page.gt)
            for kind in (page.page_type, "all"):
                rows[name][kind].append(prf)
                out_tokens[name][kind] += count
                if name == "dsh":
                    rows_as_text[kind].append(prf_as_text)
        if (index + 1) % 200 == 0:
            print(f"  {index + 1}/{len(pages)}", file=sys.stderr, flush=True)
    result: dict[str, Any] = {
        "pages": len(pages),
        "split": split,
        "source_cap": source_cap,
        "systems": {},
    }
    for name in SYSTEMS:
        per_type = {}
        for kind, triples in rows[name].items():
            per_type[kind] = {
                "n": len(triples),
                "f1": statistics.fmean(t[2] for t in triples),
                "recall": statistics.fmean(t[1] for t in triples),
                "precision": statistics.fmean(t[0] for t in triples),
                "tokens_vs_truth": out_tokens[name][kind] / max(1, gt_tokens[kind]),
                "tokens_vs_markdown_truth": (
                    out_tokens[name][kind] / max(1, gt_markdown_tokens[kind])
                ),
            }
            if name == "dsh":
                per_type[kind]["f1_as_text"] = statistics.fmean(t[2] for t in rows_as_text[kind])
        result["systems"][name] = {
            "by_type": per_type,
            "mb_per_s": html_bytes / 1e6 / seconds[name] if seconds[name] else None,
        }
    return result


def markdown_table(result: dict[str, Any]) -> str:
    systems = result["systems"]
    kinds = ["all", *sorted(k for k in systems["dsh"]["by_type"] if k != "all")]
    lines = [
        "| page type | n | dsh F1 | dsh R | dsh P | dsh tok/truth | dsh tok/md truth "
        "| dsh F1 as text "
        "| trafilatura F1 | trafilatura R | trafilatura P | trafilatura tok/truth |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for kind in kinds:
        cells = [kind, str(systems["dsh"]["by_type"][kind]["n"])]
        for name in ("dsh", "trafilatura"):
            row = systems[name]["by_type"][kind]
            cells += [
                f"{row['f1']:.3f}",
                f"{row['recall']:.3f}",
                f"{row['precision']:.3f}",
                f"{row['tokens_vs_truth']:.2f}",
            ]
            if name == "dsh":
                cells.append(f"{row['tokens_vs_markdown_truth']:.2f}")
                cells.append(f"{row['f1_as_text']:.3f}")
        lines.append("| " + " | ".join(cells) + " |")
    dsh_speed = systems["dsh"]["mb_per_s"]
    traf_speed = systems["trafilatura"]["mb_per_s"]
    lines.append("")
    lines.append(
        f"Speed in the same run: dsh {dsh_speed:.1f} MB/s, trafilatura {traf_speed:.1f} MB/s "
        f"({dsh_speed / traf_speed:.2f}x)."
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--bench-dir", type=Path, default=DEFAULT_BENCH_DIR)
    parser.add_argument("--split", choices=("all", "even", "odd"), default="all")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--json-out", type=Path, default=None)
    parser.add_argument(
        "--source-cap",
        type=int,
        default=None,
        help="give both systems only the first N characters of each page's HTML source, as a "
        "fetcher that caps the source before rendering would",
    )
    args = parser.parse_args(argv)
    result = run(_load_scorer(args.bench_dir), args.split, args.limit, args.source_cap)
    if args.json_out:
        args.json_out.write_text(json.dumps(result, indent=1))
    print(markdown_table(result))


if __name__ == "__main__":
    main()
