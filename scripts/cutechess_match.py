#!/usr/bin/env python3
"""Plays Kraken against Fairy-Max (or another engine) under cutechess-cli and reports the score.

Needs `cutechess-cli` on PATH (or --cutechess PATH) and, for the default opponent, Debian's
`fairymax`. Kraken speaks XBoard here (proto=xboard) unless --uci is given. The run fails
(exit status 1) when a game of Kraken ends in a forfeit: an illegal move, a loss on time, a
crash or a stalled connection.

  scripts/cutechess_match.py --variant makruk --games 100 --tc 10+0.1 --concurrency 2
  scripts/cutechess_match.py --variant standard --games 20 --uci
  scripts/cutechess_match.py --variant shogi --games 100 --uci --opponent /opt/fsf/stockfish \
      --opponent-proto uci --opponent-option "Use NNUE=false" --opponent-option Hash=64
  scripts/cutechess_match.py --uci --kraken-option "Skill Level=5" --opponent /opt/fsf/stockfish \
      --opponent-proto uci --opponent-option UCI_LimitStrength=true --opponent-option UCI_Elo=1500

Games start from the variant's suite in tests/data/openings when it has one (each opening
played with both colours), else from the start position; --no-openings always starts there.
Against Fairy-Max, suites of boards other than 8x8 are not used: it has no setboard, and
cutechess-cli's fallback (edit) loses the files past h, so its board would not be the game's.
"""

import argparse
import math
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from suites import board_size, cutechess_openings, cutechess_variant

ROOT = Path(__file__).resolve().parent.parent
KRAKEN = ROOT / "target" / "release" / "kraken"

FORFEITS = re.compile(
    r"illegal move|on time|disconnects|connection stalls|crash|invalid result claim",
    re.IGNORECASE,
)

FILTER = """#!/bin/sh
# Fairy-Max without the commands Debian's 5.0b crashes on.
grep --line-buffered -v -e '^computer' | {fairymax} "$@"
"""


def find(program):
    found = shutil.which(program)
    if found:
        return found
    candidate = Path("/usr/games") / program
    return str(candidate) if candidate.exists() else None


def elo(score, games):
    """Elo difference for a score fraction, with a 95% error margin (normal approximation)."""
    if games == 0:
        return 0.0, 0.0
    p = min(max(score / games, 1e-3), 1 - 1e-3)
    diff = -400 * math.log10(1 / p - 1)
    margin = 1.96 * math.sqrt(p * (1 - p) / games)
    lo = min(max(p - margin, 1e-3), 1 - 1e-3)
    hi = min(max(p + margin, 1e-3), 1 - 1e-3)
    spread = (-400 * math.log10(1 / hi - 1) + 400 * math.log10(1 / lo - 1)) / 2
    return diff, spread


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard",
                        help="the variant, cutechess-cli's name or Kraken's (chess)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--tc", default="10+0.1", help="cutechess tc (seconds+increment)")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--opponent", default="fairymax", help="'fairymax' or a command")
    parser.add_argument("--opponent-proto", default="xboard")
    parser.add_argument("--uci", action="store_true", help="run Kraken as a UCI engine")
    parser.add_argument("--kraken", type=Path, default=KRAKEN)
    parser.add_argument("--cutechess", default=None)
    parser.add_argument("--pgn", type=Path, help="save the games here")
    parser.add_argument("--opponent-option", action="append", default=[],
                        help="NAME=VALUE, an option of the opponent (repeatable)")
    parser.add_argument("--kraken-option", action="append", default=[],
                        help="NAME=VALUE, an option of Kraken (repeatable)")
    parser.add_argument("--no-openings", action="store_true",
                        help="start every game from the start position")
    args = parser.parse_args()

    cutechess = args.cutechess or find("cutechess-cli")
    if not cutechess:
        print("cutechess-cli is not on PATH", file=sys.stderr)
        return 2
    if not args.kraken.exists():
        print(f"{args.kraken} is missing: cargo build --release", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="kraken-cutechess-") as tmp:
        opponent = args.opponent
        name = "Opponent"
        if opponent == "fairymax":
            fairymax = find("fairymax")
            if not fairymax:
                print("fairymax is missing: apt-get install fairymax", file=sys.stderr)
                return 2
            filtered = Path(tmp) / "fairymax-filtered"
            filtered.write_text(FILTER.format(fairymax=fairymax))
            filtered.chmod(0o755)
            opponent, name = str(filtered), "Fairy-Max"
        pgn = args.pgn or Path(tmp) / "games.pgn"
        command = [
            cutechess,
            "-variant", cutechess_variant(args.variant),
            "-engine", "name=Kraken", f"cmd={args.kraken.resolve()}",
            f"proto={'uci' if args.uci else 'xboard'}",
            *[f"option.{option}" for option in args.kraken_option],
            "-engine", f"name={name}", f"cmd={opponent}", f"proto={args.opponent_proto}",
            *[f"option.{option}" for option in args.opponent_option],
            "-each", f"tc={args.tc}", "timemargin=50",
            "-games", "2", "-rounds", str(max(1, args.games // 2)), "-repeat",
            "-concurrency", str(args.concurrency), "-recover",
            "-draw", "movenumber=60", "movecount=8", "score=10",
            "-resign", "movecount=4", "score=1000",
            "-pgnout", str(pgn),
        ]
        openings = None if args.no_openings else cutechess_openings(args.variant, tmp)
        if openings and name == "Fairy-Max" and board_size(openings) != (8, 8):
            print(f"{args.variant}: Fairy-Max cannot be set up on a board other than 8x8 "
                  "(no setboard); the games start from the start position", file=sys.stderr)
            openings = None
        if openings:
            command += ["-openings", f"file={openings}", "format=epd", "order=random",
                        "policy=round"]
        print(" ".join(command), flush=True)
        run = subprocess.run(command, capture_output=True, text=True)
        output = run.stdout + run.stderr
        forfeits = []
        for line in output.splitlines():
            # "Finished game 3 (Kraken vs Fairy-Max): 0-1 {White makes an illegal move}"
            game = re.match(r"Finished game \d+ \((.+) vs (.+)\): (\S+) \{(.*)\}", line)
            if not game:
                continue
            white, black, result, reason = game.groups()
            loser = {"1-0": black, "0-1": white}.get(result)
            if loser == "Kraken" and FORFEITS.search(reason):
                forfeits.append(line)
        wins = losses = draws = 0
        for line in output.splitlines():
            match = re.match(r"Score of Kraken vs .*?: (\d+) - (\d+) - (\d+)", line)
            if match:
                wins, losses, draws = map(int, match.groups())
        games = wins + losses + draws
        score = wins + draws / 2
        diff, margin = elo(score, games)
        print(f"{args.variant}: Kraken {wins} wins, {losses} losses, {draws} draws "
              f"of {games} against {name} at {args.tc}: {diff:+.0f} +/- {margin:.0f} Elo")
        for line in forfeits:
            print(f"forfeit: {line}")
        if run.returncode != 0:
            print(output[-3000:], file=sys.stderr)
            return 1
        return 1 if forfeits else 0


if __name__ == "__main__":
    sys.exit(main())
