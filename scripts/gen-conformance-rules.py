#!/usr/bin/env python3
"""Regenerates the "## The rules" section of docs/conformance.md from `./dat conformance --list`.

Usage: scripts/gen-conformance-rules.py [--check]
With --check it exits 1 when the document differs from what the list gives (nothing is written).
"""
import collections
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "conformance.md"
AGGREGATE = ROOT / "conformance/src/main/java/io/dat4j/conformance/ConnectionManagementConformance.java"
HEADING = "## The rules"


def rules():
    out = subprocess.run([str(ROOT / "dat"), "conformance", "--list"], check=True, capture_output=True,
                         text=True).stdout
    by_class = collections.defaultdict(list)
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) == 4:
            rule_id, level, cls, text = parts
            by_class[cls].append((rule_id, level, text))
    return by_class


def nested_areas():
    return set(re.findall(r"class \w+ extends (\w+Conformance)", AGGREGATE.read_text()))


def section(by_class):
    levels = collections.Counter(level for rs in by_class.values() for _, level, _ in rs)
    total = sum(levels.values())
    counts = ", ".join(f"{levels[k]} {k}" for k in ("REQUIRED", "CAPABILITY", "OPTIONAL") if levels[k])
    lines = [HEADING, "", f"{total} rules: {counts}. Regenerate the table with `scripts/gen-conformance-rules.py`"
             " (it reads `dat conformance --list`).", ""]
    nested = nested_areas()
    for cls in sorted(by_class):
        suffix = " (in ConnectionManagementConformance)" if cls in nested else ""
        lines += [f"### {cls}{suffix}", "", "| Id | Level | Rule |", "|---|---|---|"]
        for rule_id, level, text in sorted(by_class[cls]):
            lines.append(f"| {rule_id} | {level} | {text.replace('|', chr(92) + '|')} |")
        lines.append("")
    return "\n".join(lines)


def main():
    doc = DOC.read_text()
    start = doc.index(HEADING)
    new = doc[:start] + section(rules())
    if "--check" in sys.argv:
        sys.exit(0 if new == doc else 1)
    DOC.write_text(new)


if __name__ == "__main__":
    main()
