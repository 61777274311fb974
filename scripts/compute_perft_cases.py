#!/usr/bin/env python3
"""Compute reference perft cases with Fairy-Stockfish (pyffish) for the project's tests.

    scripts/compute_perft_cases.py OUT.jsonl VARIANT [VARIANT ...] [--games N] [--depth D]
        [--seed S] [--max-nodes N] [--fen FEN ...] [--ini tests/data/perft/custom_variants.ini]

For each variant: the start position at depths 1..D, then positions from seeded random games
(moves that give check or capture are preferred, so that game ends such as the third check,
explosions or forced captures are reached) at depths 1..D, skipping counts above --max-nodes.
Each --fen adds a hand-made position (one that random games rarely reach, such as a
promotion) to every variant's list.
With --ini the variants may be sections of that file (the cases name it, as the tests want:
the file beside the case files). Counts come from pyffish.legal_moves, so positions where Fairy-Stockfish's rules ended the game
count 0 moves, as its perft does.
"""
import argparse
import json
import os
import random

import pyffish as sf


def perft(variant, fen, depth, moves=()):
    legal = sf.legal_moves(variant, fen, list(moves))
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, depth - 1, list(moves) + [m]) for m in legal)


def pick(variant, fen, legal, rng):
    """A random move, preferring checks and captures half of the time."""
    if rng.random() < 0.5:
        sharp = [m for m in legal if sf.gives_check(variant, fen, [m]) or sf.is_capture(variant, fen, [], m)]
        if sharp:
            return rng.choice(sharp)
    return rng.choice(legal)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--fen", action="append", default=[], help="a hand-made position (repeatable)")
    parser.add_argument("--ini", help="a variants.ini whose sections the variants may be")
    args = parser.parse_args()
    if args.ini:
        with open(args.ini) as f:
            sf.load_variant_config(f.read())
    rng = random.Random(args.seed)
    with open(args.out, "a") as out:
        for variant in args.variants:
            start = sf.start_fen(variant)
            fens = [(start, "start position")]
            for game in range(args.games):
                moves = []
                plies = rng.randint(6, 60)
                for _ in range(plies):
                    try:
                        fen = sf.get_fen(variant, start, moves)
                    except Exception:
                        # pyffish lists passes (reversi) that its get_fen refuses: the game
                        # stops before one.
                        moves.pop()
                        break
                    legal = sf.legal_moves(variant, fen, [])
                    if not legal:
                        break
                    moves.append(pick(variant, fen, legal, rng))
                try:
                    fen = sf.get_fen(variant, start, moves)
                except Exception:
                    moves.pop()
                    fen = sf.get_fen(variant, start, moves)
                fens.append((fen, "after " + " ".join(moves)))
            fens += [(fen, "hand-made position") for fen in args.fen]
            for fen, origin in fens:
                for depth in range(1, args.depth + 1):
                    nodes = perft(variant, fen, depth)
                    if nodes > args.max_nodes:
                        break
                    case = {
                        "variant": variant,
                        "fen": fen,
                        "depth": depth,
                        "nodes": nodes,
                        "source": f"computed with Fairy-Stockfish through pyffish (legal_moves), {origin}",
                    }
                    if args.ini:
                        case["variants_ini"] = os.path.basename(args.ini)
                    out.write(json.dumps(case) + "\n")
                    out.flush()


if __name__ == "__main__":
    main()
