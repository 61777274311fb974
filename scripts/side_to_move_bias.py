#!/usr/bin/env python3
"""Measures how much Kraken's static evaluation overrates the side to move.

For each position P (the variant's opening suite, another EPD file or `kraken datagen` lines),
Kraken searches P to a fixed depth, and the script adds the static evaluation of P to that of
P', the position after the searched move, each for its own side to move. An evaluation that
agrees with itself gives about 0 (the best move keeps the value, seen from the other side); a
positive mean is twice the side to move's unearned bonus. Fairy-Stockfish's classical scores
at depth 7, the teacher of Kraken's weights and networks, overrate the side to move, and a fit
to them learns it: in chess the mean was +107 cp over the suite's first 100 positions with
the fitted tempo bonus (93), +14.5 with 48, which gained 34 Elo.

  scripts/side_to_move_bias.py --variant chess
"""

import argparse
import statistics
from pathlib import Path

from compare_eval import KRAKEN, Uci
from suites import fens, suite_path


def read_fens(path):
    """The FENs of an EPD file or of `kraken datagen` lines ('FEN | RESULT | SCORE')."""
    lines = Path(path).read_text().splitlines()
    if lines and "|" in lines[0]:
        return [line.split("|")[0].strip() for line in lines if line.strip()]
    return fens(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("positions", nargs="?",
                        help="an EPD file or `kraken datagen` output (default: the suite)")
    parser.add_argument("--variant", default="chess")
    parser.add_argument("--kraken", default=str(KRAKEN))
    parser.add_argument("--depth", type=int, default=6, help="depth of the search for P'")
    parser.add_argument("--limit", type=int, default=300, help="most positions used")
    args = parser.parse_args()
    path = args.positions or suite_path(args.variant)
    if path is None:
        raise SystemExit(f"{args.variant} has no opening suite: name a file of positions")
    kraken = Uci(args.kraken, [("UCI_Variant", args.variant)])
    sums = []
    for fen in read_fens(path)[: args.limit]:
        move = kraken.best_move(fen, args.depth)
        if move is None:
            continue
        sums.append(kraken.static(fen, False) + kraken.static(f"{fen} moves {move}", False))
    kraken.close()
    if not sums:
        raise SystemExit("no positions")
    print(f"{args.variant}: {len(sums)} positions, eval(P) + eval(P') mean "
          f"{statistics.mean(sums):+.1f} cp, median {statistics.median(sums):+.1f} cp")


if __name__ == "__main__":
    main()
