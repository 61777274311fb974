#!/usr/bin/env python3
"""Measures the Elo of Kraken's skill levels against Fairy-Stockfish's UCI_Elo.

Each level plays a match under cutechess-cli (through scripts/cutechess_match.py, chess from
tests/data/openings/chess.epd, both colours) against Fairy-Stockfish limited by
UCI_LimitStrength and UCI_Elo, whose scale is Stockfish's (calibrated against the CCRL
40/4 list). The level's Elo is the opponent's UCI_Elo plus the Elo difference of the score. The
opponent's UCI_Elo for a level is what a straight line through the estimates so far
predicts for it (the estimate of the level below plus --step while there are fewer than three),
so that the matches stay close to even, where a score says the most, and one lucky match
does not set the next opponent far off. A few dozen games leave each level's
figure uncertain by a hundred Elo or more, so the table for LEVEL_ELO in
engine/src/search/skill.rs (the last line) is a least-squares fit a + b ln(level + 1) through
all the measurements, which evens out the noise and keeps the levels in order.

  scripts/calibrate_skill.py --fsf /opt/fsf/stockfish --games 40 --tc 5+0.05
  scripts/calibrate_skill.py --fsf /opt/fsf/stockfish --levels 0 5 10 --games 20
  scripts/calibrate_skill.py --fsf /opt/fsf/stockfish --levels 6 7 --known 0:1047 1:1254 ...

Needs cutechess-cli on PATH and a Fairy-Stockfish binary (see the README, Testing strength).
"""

import argparse
import math
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MATCH = ROOT / "scripts" / "cutechess_match.py"
KRAKEN = ROOT / "target" / "release" / "kraken"
# Fairy-Stockfish's UCI_Elo range.
FSF_MIN_ELO, FSF_MAX_ELO = 500, 2850
RESULT = re.compile(r"Kraken (\d+) wins, (\d+) losses, (\d+) draws .*: ([+-]\d+) \+/- (\d+) Elo")


def play(args, level, opponent_elo):
    """Wins, losses, draws, Elo difference and its margin of `level` against `opponent_elo`."""
    command = [
        sys.executable, str(MATCH), "--uci", "--variant", "standard",
        "--kraken", str(args.kraken), "--kraken-option", f"Skill Level={level}",
        "--opponent", args.fsf, "--opponent-proto", "uci",
        "--opponent-option", "Use NNUE=false",
        "--opponent-option", "UCI_LimitStrength=true",
        "--opponent-option", f"UCI_Elo={opponent_elo}",
        "--games", str(args.games), "--tc", args.tc, "--concurrency", str(args.concurrency),
    ]
    if args.cutechess:
        command += ["--cutechess", args.cutechess]
    run = subprocess.run(command, capture_output=True, text=True)
    for line in run.stdout.splitlines():
        match = RESULT.search(line)
        if match:
            wins, losses, draws, diff, margin = map(int, match.groups())
            return wins, losses, draws, diff, margin
    sys.exit(f"level {level}: no result\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}")


def log_fit(points):
    """Coefficients (a, b) of the least-squares a + b ln(level + 1) through (level, Elo) points:
    each level searches one ply deeper than the one below, and a ply is worth less the deeper
    the search already is."""
    xs = [math.log(level + 1) for level, _ in points]
    ys = [elo for _, elo in points]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = (sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
             / sum((x - mean_x) ** 2 for x in xs))
    return mean_y - slope * mean_x, slope


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fsf", required=True, help="the Fairy-Stockfish binary")
    parser.add_argument("--kraken", type=Path, default=KRAKEN)
    parser.add_argument("--cutechess", default=None)
    parser.add_argument("--levels", type=int, nargs="+", default=list(range(20)))
    parser.add_argument("--games", type=int, default=40, help="games per level")
    parser.add_argument("--tc", default="5+0.05")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--start-elo", type=int, default=1000,
                        help="the opponent's UCI_Elo for the first level")
    parser.add_argument("--step", type=int, default=80,
                        help="how much stronger the next level's opponent is than the last estimate")
    parser.add_argument("--known", nargs="*", default=[], metavar="LEVEL:ELO",
                        help="estimates of levels measured before (a run resumed)")
    args = parser.parse_args()
    estimates = {int(level): int(elo) for level, elo in (k.split(":") for k in args.known)}
    guess = args.start_elo
    for level in sorted(args.levels):
        if len(estimates) >= 3:
            points = list(estimates.items())
            n = len(points)
            mean_x = sum(x for x, _ in points) / n
            mean_y = sum(y for _, y in points) / n
            slope = (sum((x - mean_x) * (y - mean_y) for x, y in points)
                     / sum((x - mean_x) ** 2 for x, _ in points))
            guess = round(mean_y + slope * (level - mean_x))
        elif estimates:
            guess = estimates[max(estimates)] + args.step
        opponent = min(max(guess, FSF_MIN_ELO), FSF_MAX_ELO)
        wins, losses, draws, diff, margin = play(args, level, opponent)
        estimates[level] = opponent + diff
        print(f"level {level:2}: {wins}-{losses}-{draws} against UCI_Elo {opponent}: "
              f"{opponent + diff} +/- {margin}", flush=True)
    estimates = dict(sorted(estimates.items()))
    print("measured: " + " ".join(f"{level}:{elo}" for level, elo in estimates.items()))
    if len(estimates) >= 3:
        a, b = log_fit(list(estimates.items()))
        table = [round(a + b * math.log(level + 1)) for level in range(20)]
        print(f"fit: {a:.1f} + {b:.1f} ln(level + 1)")
        if b <= 0:
            print("the fit does not grow with the level: play more games", file=sys.stderr)
        print("LEVEL_ELO: [" + ", ".join(map(str, table)) + "]")


if __name__ == "__main__":
    main()
