#!/usr/bin/env python3
"""Compares Kraken's static and search scores with another UCI engine's on the same positions.

For each position of an opening suite (or any EPD file) both engines print their static
evaluation (`eval`) and search to a fixed depth; the script reports how the scores relate (mean
difference, correlation, the slope of a least-squares fit of the other engine's score on
Kraken's) and the positions where they disagree most. Fairy-Stockfish runs with its classical
evaluation (`Use NNUE` false). Scores are in centipawns for the side to move.

  scripts/compare_eval.py --variant chess --other /path/to/fairy-stockfish --count 100
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

from suites import fens, suite_path

ROOT = Path(__file__).resolve().parent.parent
KRAKEN = ROOT / "target" / "release" / "kraken"


class Uci:
    """A UCI engine driven one command at a time."""

    def __init__(self, command, options):
        self.process = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.until(lambda line: line == "uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until(lambda line: line == "readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, done):
        lines = []
        for line in self.process.stdout:
            line = line.strip()
            lines.append(line)
            if done(line):
                return lines
        raise RuntimeError("the engine closed its output")

    def static(self, fen, white_view):
        self.send(f"position fen {fen}")
        self.send("eval")
        self.send("isready")
        lines = self.until(lambda line: line == "readyok")
        for line in lines:
            found = re.match(r"Final evaluation\s+([+-]?[\d.]+)", line)
            if found:
                cp = round(float(found.group(1)) * 100)
                return -cp if white_view and " b " in f" {fen.split()[1]} " else cp
        return None

    def search(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        for line in self.until(lambda line: line.startswith("bestmove")):
            found = re.search(r"score (cp|mate) (-?\d+)", line)
            if found:
                kind, value = found.groups()
                score = int(value) if kind == "cp" else (30000 if int(value) > 0 else -30000)
        return score

    def best_move(self, fen, depth):
        """The move a search of `fen` to `depth` plays, or None when it has none."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        move = self.until(lambda line: line.startswith("bestmove"))[-1].split()[1]
        return None if move in ("(none)", "0000") else move

    def close(self):
        self.send("quit")
        self.process.wait(timeout=10)


def stats(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    corr = sxy / (sxx * syy) ** 0.5 if sxx and syy else 0.0
    slope = sxy / sxx if sxx else 0.0
    mad = sum(abs(x - y) for x, y in zip(xs, ys)) / n
    return mx, my, corr, slope, mad


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="chess")
    parser.add_argument("--uci-variant", help="UCI_Variant name if not the same")
    parser.add_argument("--other", required=True, help="the other UCI engine")
    parser.add_argument("--epd", type=Path, help="positions (default: the variant's suite)")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--kraken", type=Path, default=KRAKEN)
    parser.add_argument("--worst", type=int, default=10, help="disagreements to list")
    args = parser.parse_args()
    path = args.epd or suite_path(args.variant)
    if path is None:
        sys.exit(f"no suite for {args.variant}")
    positions = fens(path)[: args.count]
    variant = args.uci_variant or args.variant
    options = [("UCI_Variant", variant)] if variant != "chess" else []
    kraken = Uci(str(args.kraken), options)
    other = Uci(args.other, [("Use NNUE", "false")] + options)
    rows = []
    for fen in positions:
        row = (fen, kraken.static(fen, False), other.static(fen, True),
               kraken.search(fen, args.depth), other.search(fen, args.depth))
        if None not in row:
            rows.append(row)
    kraken.close()
    other.close()
    if not rows:
        sys.exit("no position gave scores from both engines")
    print(f"{args.variant}: {len(rows)} positions from {path.name}, search depth {args.depth}")
    for label, k, o in (("static", 1, 2), ("search", 3, 4)):
        xs = [r[k] for r in rows]
        ys = [r[o] for r in rows if abs(r[o]) < 20000]
        xs = [r[k] for r in rows if abs(r[o]) < 20000]
        mx, my, corr, slope, mad = stats(xs, ys)
        print(f"  {label}: mean Kraken {mx:+.0f} other {my:+.0f}; mean |difference| {mad:.0f}; "
              f"correlation {corr:.2f}; other = {slope:.2f} x Kraken")
    print(f"  largest search disagreements (Kraken static, other static, Kraken search, "
          f"other search):")
    for fen, ks, os_, kd, od in sorted(rows, key=lambda r: -abs(r[3] - r[4]))[: args.worst]:
        print(f"    {ks:+6} {os_:+6} {kd:+6} {od:+6}  {fen}")


if __name__ == "__main__":
    main()
