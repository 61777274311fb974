#!/usr/bin/env python3
"""Remakes the opening suites in tests/data/openings with `kraken openings`.

Each suite holds short random lines from the variant's start position that a depth-6 search of
Kraken calls balanced (within 60 centipawns). The same binary, seed and options give the same
file; a change of search or evaluation may change which lines are kept, so the suites are
remade only on purpose (and the change committed with the binary's bench signature).

  scripts/make_openings.py                 # every suite
  scripts/make_openings.py shogi makruk    # some of them
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KRAKEN = ROOT / "target" / "release" / "kraken"
OUT = ROOT / "tests" / "data" / "openings"

# variant: (positions, random plies, seed)
SUITES = {
    "chess": (500, 8, 1),
    "capablanca": (500, 8, 1),
    "shogi": (500, 8, 1),
    "makruk": (500, 8, 1),
    "crazyhouse": (500, 8, 1),
    "xiangqi": (500, 8, 1),
    "janggi": (500, 8, 1),
    "shatranj": (500, 8, 1),
    "chu": (200, 8, 1),
    "fischerandom": (500, 4, 1),
    "caparandom": (500, 4, 1),
    "3check": (500, 8, 1),
    "kingofthehill": (500, 8, 1),
    "racingkings": (500, 8, 1),
    "5check": (500, 8, 1),
    "atomic": (500, 8, 1),
    "horde": (500, 8, 1),
    "seirawan": (500, 8, 1),
    "gothic": (500, 8, 1),
    "embassy": (500, 8, 1),
    "janus": (500, 8, 1),
    "loop": (500, 8, 1),
    "chessgi": (500, 8, 1),
    "pocketknight": (500, 8, 1),
    "knightmate": (500, 8, 1),
    "asean": (500, 8, 1),
    "cambodian": (500, 8, 1),
    "sittuyin": (500, 8, 1),
}


def main():
    wanted = sys.argv[1:] or list(SUITES)
    unknown = [v for v in wanted if v not in SUITES]
    if unknown:
        sys.exit(f"no suite for {', '.join(unknown)}; known: {', '.join(SUITES)}")
    subprocess.run(["cargo", "build", "--release", "--bin", "kraken"], cwd=ROOT, check=True)
    OUT.mkdir(parents=True, exist_ok=True)
    for variant in wanted:
        count, plies, seed = SUITES[variant]
        command = [str(KRAKEN), "openings", "--variant", variant, "--count", str(count),
                   "--plies", str(plies), "--seed", str(seed)]
        text = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        (OUT / f"{variant}.epd").write_text(text)
        print(f"{variant}: {len(text.splitlines())} positions")


if __name__ == "__main__":
    main()
