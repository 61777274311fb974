#!/usr/bin/env python3
"""Split a perft count move by move and compare Kraken with Fairy-Stockfish.

Needs pyffish (pip install pyffish) and a built kraken (cargo build --release).

    scripts/perft_diff.py VARIANT FEN DEPTH [MOVE ...] [--variants-file F] [--chess960]

FEN may be 'startpos'. MOVEs (UCI, as Fairy-Stockfish writes them) are played first, so a
difference can be chased down the tree: add the move whose count differs and lower the depth.
Prints each root move whose counts differ, then both totals; exits 1 if they differ.
"""
import argparse
import os
import subprocess
import sys

import pyffish as sf


def fsf_perft(variant, fen, depth, moves, chess960):
    legal = sf.legal_moves(variant, fen, moves, chess960)
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(variant, fen, depth - 1, moves + [m], chess960) for m in legal)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant")
    parser.add_argument("fen")
    parser.add_argument("depth", type=int)
    parser.add_argument("moves", nargs="*")
    parser.add_argument("--variants-file")
    parser.add_argument("--chess960", action="store_true")
    parser.add_argument("--kraken", default=os.path.join(here, "..", "target", "release", "kraken"))
    args = parser.parse_args()

    if args.variants_file:
        with open(args.variants_file) as f:
            sf.load_variant_config(f.read())
    fen = sf.start_fen(args.variant) if args.fen == "startpos" else args.fen
    position = sf.get_fen(args.variant, fen, args.moves, args.chess960)

    command = [args.kraken, "perft", str(args.depth), "--variant", args.variant, "--fen", position, "--divide"]
    if args.variants_file:
        command += ["--variants-file", args.variants_file]
    if args.chess960:
        command.append("--chess960")
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    ours = {}
    for line in output.splitlines():
        if ": " in line and not line.startswith(("Time", "Nodes")):
            move, count = line.rsplit(": ", 1)
            ours[move] = int(count)

    theirs = {}
    for move in sf.legal_moves(args.variant, fen, args.moves, args.chess960):
        theirs[move] = 1 if args.depth == 1 else fsf_perft(args.variant, fen, args.depth - 1, args.moves + [move], args.chess960)

    for move in sorted(set(ours) | set(theirs)):
        if ours.get(move) != theirs.get(move):
            print(f"{move}: kraken {ours.get(move)}, fairy-stockfish {theirs.get(move)}")
    print(f"total: kraken {sum(ours.values())}, fairy-stockfish {sum(theirs.values())}")
    sys.exit(0 if ours == theirs else 1)


if __name__ == "__main__":
    main()
