#!/usr/bin/env python3
"""Record the FENs Fairy-Stockfish writes in random games of every variant it shares with Kraken.

    scripts/pyffish_fens.py OUT.jsonl [--kraken PATH] [--games 4] [--plies 60] [--every 7]
        [--seed 7]

For each variant both pyffish and Kraken (`kraken variants`) know: seeded random games from
the start position; every `--every`-th position (and the last) is written as one JSON line with
the FEN pyffish writes (`get_fen`) and its number of legal moves (`legal_moves` of the FEN
alone, without the game's history). The test
tests/tests/fen.rs reads every FEN with Kraken and expects the same number of legal moves.
Needs `pip install pyffish`.
"""
import argparse
import json
import random
import subprocess

import pyffish as sf


def kraken_variants(kraken):
    listing = subprocess.run([kraken, "variants"], capture_output=True, text=True, check=True)
    return {line.split()[0] for line in listing.stdout.splitlines() if line.strip()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--kraken", default="target/release/kraken")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    shared = sorted(set(sf.variants()) & kraken_variants(args.kraken))
    rng = random.Random(args.seed)
    records = 0
    with open(args.out, "w") as out:
        for variant in shared:
            start = sf.start_fen(variant)
            for _ in range(args.games):
                moves = []
                for ply in range(args.plies):
                    legal = sf.legal_moves(variant, start, moves)
                    if ply % args.every == args.every // 2 or not legal:
                        fen = sf.get_fen(variant, start, moves)
                        # Counted from the FEN alone: the game's history may end it (by
                        # repetition, say) where the FEN cannot tell.
                        count = len(sf.legal_moves(variant, fen, []))
                        line = {"variant": variant, "fen": fen, "legal": count}
                        out.write(json.dumps(line) + "\n")
                        records += 1
                    if not legal:
                        break
                    moves.append(rng.choice(legal))
    print(f"{records} positions of {len(shared)} variants written to {args.out}")


if __name__ == "__main__":
    main()
