#!/usr/bin/env python3
"""Regenerate the variant table of README.md from the catalog.

    cargo build --release && scripts/update_readme_variants.py

Replaces the text between the '<!-- variants:start -->' and '<!-- variants:end -->' markers
with the output of 'kraken variants --table'. A test (engine/tests/variants_cli.rs) fails when
the README and the catalog disagree, so run this after changing the catalog.
"""
import os
import subprocess
import sys

START, END = "<!-- variants:start -->", "<!-- variants:end -->"


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    kraken = os.path.join(root, "target", "release", "kraken" + (".exe" if os.name == "nt" else ""))
    table = subprocess.run([kraken, "variants", "--table"], capture_output=True, text=True, check=True).stdout
    path = os.path.join(root, "README.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if START not in text or END not in text:
        sys.exit(f"README.md lacks the {START} ... {END} markers")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + START + "\n" + table + END + tail)


if __name__ == "__main__":
    main()
