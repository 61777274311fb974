#!/usr/bin/env python3
"""Record Fairy-Stockfish's counting rules (makruk, cambodian, asean) along random games.

(Kraken's built-in cambodian counts as cutechess-cli does; the test checks Fairy-Stockfish's
cambodian rule on a variant that declares `countingRule = cambodian`.)

    scripts/counting_reference.py OUT.jsonl [--games N] [--seed S] [--plies P]

Each game starts from a sparse position (few pieces, so that the counts start soon) or from
the start position, and plays random moves that prefer captures. Each output line holds the
variant, the start FEN, the moves, the FEN Fairy-Stockfish (pyffish) writes after every move
(counting limit and counted plies included) and whether its rules let the game end there
(`is_optional_game_end`: the count passed its limit, or a repetition). The game stops at the
first such end or when no move is left.
"""
import argparse
import json
import random

import pyffish as sf

# Sparse starts: bare kings against a few pieces, with and without pawns.
STARTS = {
    "makruk": [
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/2p5/8/8/8/8/RN2K3 w - - 0 1",
        "3mk3/8/8/8/8/2P5/8/1NS1K3 w - - 0 1",
        "r3k3/3s4/8/8/8/8/3N4/R3K3 b - - 0 1",
        "4k3/8/8/3p4/8/8/8/SS2K3 w - - 0 1",
    ],
    "cambodian": [
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "3mk3/8/8/8/8/2P5/8/1NS1K3 w - - 0 1",
        "r3k3/3s4/8/8/8/8/3N4/R3K3 b - - 0 1",
    ],
    "asean": [
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/2p5/8/8/8/8/NB2K3 w - - 0 1",
        "r3k3/3b4/8/8/8/8/3N4/R3K3 b - - 0 1",
    ],
}


def play(variant, start, rng, max_plies):
    moves, fens = [], []
    end = False
    for _ in range(max_plies):
        legal = sf.legal_moves(variant, start, moves)
        if not legal:
            break
        captures = [m for m in legal if sf.is_capture(variant, start, moves, m)]
        pool = captures if captures and rng.random() < 0.6 else legal
        moves.append(rng.choice(pool))
        fens.append(sf.get_fen(variant, start, moves))
        end, _ = sf.is_optional_game_end(variant, start, moves)
        if end:
            break
    return {"variant": variant, "fen": start, "moves": moves, "fens": fens, "ends": end}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--games", type=int, default=2, help="games per start position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=400)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w") as out:
        for variant, starts in STARTS.items():
            for start in starts + [sf.start_fen(variant)]:
                for _ in range(args.games):
                    out.write(json.dumps(play(variant, start, rng, args.plies)) + "\n")


if __name__ == "__main__":
    main()
