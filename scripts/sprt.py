#!/usr/bin/env python3
"""SPRT self-play of a new Kraken against an old one under cutechess-cli.

Every change to search or evaluation is kept only when this says it gains: the games start
from the variant's suite in tests/data/openings (random order, each opening played with both
colours), and the test stops when the log-likelihood ratio crosses a bound (H1: the change
gains elo1 or more; H0: it gains elo0 or less). Put the last lines (Elo, error, LLR, games) and
`kraken bench`'s signature into the commit message.

  cp target/release/kraken /tmp/kraken-old     # before the change
  cargo build --release                        # after it
  scripts/sprt.py --old /tmp/kraken-old --variant chess
  scripts/sprt.py --old /tmp/kraken-old --variant shogi --tc 10+0.1 --elo0 0 --elo1 5

Needs cutechess-cli on PATH (or --cutechess). Use the machine for nothing else meanwhile: two
games at a time on two cores.
"""

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from suites import cutechess_openings, cutechess_variant

ROOT = Path(__file__).resolve().parent.parent
KRAKEN = ROOT / "target" / "release" / "kraken"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--new", type=Path, default=KRAKEN, help="the changed binary")
    parser.add_argument("--old", type=Path, required=True, help="the binary before the change")
    parser.add_argument("--variant", default="chess", help="Kraken's variant name")
    parser.add_argument("--tc", default="3+0.03", help="cutechess tc (seconds+increment)")
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=10.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--max-games", type=int, default=20000)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--hash", type=int, default=16, help="hash table of each engine, MB")
    parser.add_argument("--cutechess", default=shutil.which("cutechess-cli"))
    parser.add_argument("--pgn", type=Path, help="save the games here")
    args = parser.parse_args()
    if not args.cutechess:
        sys.exit("cutechess-cli is not on PATH (see README, Testing strength)")
    for binary in (args.new, args.old):
        if not binary.exists():
            sys.exit(f"{binary} is missing")
    with tempfile.TemporaryDirectory(prefix="kraken-sprt-") as tmp:
        openings = cutechess_openings(args.variant, tmp)
        if openings is None:
            sys.exit(f"no opening suite for {args.variant} in tests/data/openings")
        command = [
            args.cutechess,
            "-variant", cutechess_variant(args.variant),
            "-engine", "name=new", f"cmd={args.new.resolve()}",
            "-engine", "name=old", f"cmd={args.old.resolve()}",
            "-each", "proto=uci", f"tc={args.tc}", "timemargin=50", f"option.Hash={args.hash}",
            "-openings", f"file={openings}", "format=epd", "order=random", "policy=round",
            "-repeat", "-games", "2", "-rounds", str(args.max_games // 2),
            "-sprt", f"elo0={args.elo0}", f"elo1={args.elo1}", f"alpha={args.alpha}",
            f"beta={args.beta}",
            "-concurrency", str(args.concurrency), "-recover", "-ratinginterval", "50",
            "-draw", "movenumber=40", "movecount=8", "score=15", "-maxmoves", "200",
            "-resign", "movecount=4", "score=1000", "twosided=true",
            "-pgnout", str(args.pgn or Path(tmp) / "games.pgn"),
        ]
        print(" ".join(command), flush=True)
        process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        last = []
        for line in process.stdout:
            if re.match(r"(Score of|Elo difference|SPRT|Finished match|.*forfeit|.*illegal)",
                        line, re.IGNORECASE):
                print(line, end="", flush=True)
                last.append(line.rstrip())
        process.wait()
        print("\nsummary (for the commit message):")
        for prefix in ("Score of", "Elo difference", "SPRT"):
            lines = [l for l in last if l.startswith(prefix)]
            if lines:
                print("  " + lines[-1])
        return process.returncode


if __name__ == "__main__":
    sys.exit(main())
