"""What a perfect line picker could score on WCXB (dev split): an estimate of the ceiling.

Every page's whole text (html-text, the scorer's whole-page baseline) is cut into lines; a
greedy oracle that reads the truth keeps lines in order of how much of each the truth holds,
while the page's word F1 rises. No extractor can choose lines better than one that sees the
answer, so the per-type figures say how much of a shortfall is the selection's (the oracle
reaches it) and how much is the truth's (words not in the static HTML at all: "whole recall").

    uv run --group bench python bench/line_oracle.py
    uv run --group bench python bench/line_oracle.py --split odd

Greedy, so a lower bound of the true line-level optimum; enough to tell a reachable target
from an unreachable one.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from types import ModuleType

from extraction import DEFAULT_BENCH_DIR, _load_scorer


def _line_oracle(scorer: ModuleType, text: str, truth: str) -> tuple[float, float]:
    truth_words = Counter(scorer.words(truth.lower()))
    truth_size = sum(truth_words.values())
    lines = [Counter(scorer.words(line.lower())) for line in text.split("\n")]

    def held(line: Counter[str]) -> float:
        return sum(min(n, truth_words[w]) for w, n in line.items()) / sum(line.values())

    kept: Counter[str] = Counter()
    kept_size = 0
    best = 0.0
    for line in sorted((line for line in lines if line), key=held, reverse=True):
        if held(line) == 0:
            break
        overlap = sum(((kept + line) & truth_words).values())
        f1 = 2 * overlap / (kept_size + sum(line.values()) + truth_size)
        if f1 >= best:
            kept += line
            kept_size += sum(line.values())
            best = f1
    whole = Counter(scorer.words(text.lower()))
    return best, sum((whole & truth_words).values()) / truth_size


def main(argv: list[str] | None = None) -> None:
    import html_text

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--bench-dir", type=Path, default=DEFAULT_BENCH_DIR)
    parser.add_argument("--split", choices=("all", "even", "odd"), default="all")
    args = parser.parse_args(argv)
    scorer = _load_scorer(args.bench_dir)
    pages = scorer.load_dataset("wcxb-dev")
    if args.split != "all":
        pages = [p for p in pages if int(p.pid) % 2 == (0 if args.split == "even" else 1)]
    by_type: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for page in pages:
        text = html_text.extract_text(page.html, guess_layout=True)
        by_type[page.page_type].append(_line_oracle(scorer, text, page.gt))
    rows = [("all", [r for results in by_type.values() for r in results])]
    rows += sorted(by_type.items())
    print("| page type | pages | line-oracle F1 | whole-page recall |")
    print("|---|---|---|---|")
    for name, results in rows:
        oracle = statistics.fmean(f1 for f1, _ in results)
        whole = statistics.fmean(recall for _, recall in results)
        print(f"| {name} | {len(results)} | {oracle:.3f} | {whole:.3f} |")


if __name__ == "__main__":
    main()
