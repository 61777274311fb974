#!/usr/bin/env python3
"""Record Fairy-Stockfish's verdicts on janggi's move repetition rule (`moveRepetitionIllegal`,
the built-in janggimodern).

    scripts/move_repetition_reference.py OUT.jsonl [--random N] [--seed S]

Each output line holds a case in the form of `tests/data/game_end/chasing.jsonl`: a name, the
variant, a start FEN, the moves, and after every move pyffish's `is_optional_game_end` verdict for
the side to move there ("-", "draw", "win" or "loss"). Under the rule a player who moves one piece
to and fro, five times in a row, without being in check, loses. The named cases are built by hand
around the rule (shuttles of several pieces, a pass among them, palace pieces, a capture before
the shuttle); the random ones take a position reached by random moves from the start and let one
side shuttle a random piece, a pass sometimes in between, while the other moves at random without
capturing, giving check when it can three times in ten.
"""
import argparse
import json
import random

import pyffish as sf

from chasing_reference import case, source, target

VARIANT = "janggimodern"
START = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"

# (name, FEN, white's moves, black's moves), played alternately from white.
CASES = [
    ("a chariot shuttles five times: its side loses", START,
     "b1c3 a1a2 a2a1 a1a2 a2a1 a1a2 a2a1", "a7a6 a6a5 i7i6 i6i5 c7c6 c6c5 g7g6"),
    ("both sides shuttle chariots", START,
     "a1a2 a2a1 a1a2 a2a1 a1a2 a2a1", "a10a9 a9a10 a10a9 a9a10 a10a9 a9a10"),
    ("a horse shuttles", START,
     "b1c3 c3b1 b1c3 c3b1 b1c3 c3b1", "a7a6 a6a5 i7i6 i6i5 c7c6 c6c5"),
    ("an advisor shuttles in its palace: no loss", START,
     "d1d2 d2d1 d1d2 d2d1 d1d2 d2d1", "a7a6 a6a5 i7i6 i6i5 c7c6 c6c5"),
    ("the king shuttles in its palace: no loss", START,
     "e2e3 e3e2 e2e3 e3e2 e2e3 e3e2", "a7a6 a6a5 i7i6 i6i5 c7c6 c6c5"),
    ("a pass among the shuttles: the shuttle counts on", START,
     "a1a2 a2a1 a1a2 a2a1 e2e2 a1a2 a2a1", "a7a6 a6a5 i7i6 i6i5 c7c6 c6c5 g7g6"),
    ("the piece arrived by a capture: one shuttle more before the loss",
     "4k4/9/9/9/9/9/9/9/p8/R3K4 w - - 0 1",
     "a1a2 a2a3 a3a2 a2a3 a3a2 a2a3 a3a2", "e10e9 e9e10 e10e9 e9e10 e10e9 e9e10 e10e9"),
]


def quiet(fen, moves, move):
    """Whether `move` takes nothing."""
    return not sf.is_capture(VARIANT, fen, moves, move)


def random_case(rng, index):
    while True:
        fen = START
        for _ in range(rng.randrange(6, 50)):
            legal = sf.legal_moves(VARIANT, fen, [])
            if not legal:
                break
            fen = sf.get_fen(VARIANT, fen, [rng.choice(legal)])
        moves = []
        shuttle = None
        for ply in range(rng.randrange(12, 22)):
            legal = sf.legal_moves(VARIANT, fen, moves)
            if not legal:
                break
            shuttler = ply % 2 == 0
            plain = [m for m in legal if quiet(fen, moves, m) and source(m) != target(m)]
            if shuttler:
                passes = [m for m in legal if source(m) == target(m)]
                if shuttle and passes and rng.random() < 0.08:
                    move = rng.choice(passes)
                elif shuttle and shuttle in legal and (rng.random() < 0.9 or not plain):
                    move = shuttle
                elif plain:
                    move = rng.choice(plain)
                else:
                    move = rng.choice(legal)
                if move == shuttle or move in plain:
                    shuttle = target(move) + source(move)
            else:
                checks = [m for m in legal if sf.gives_check(VARIANT, fen, moves + [m])]
                move = rng.choice(checks if checks and rng.random() < 0.3 else plain or legal)
            moves.append(move)
        if len(moves) >= 10:
            return case(f"random shuttle {index}", fen, moves, VARIANT)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--random", type=int, default=300, help="random shuttles")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w") as out:
        for name, fen, white, black in CASES:
            moves = [m for pair in zip(white.split(), black.split()) for m in pair]
            out.write(json.dumps(case(name, fen, moves, VARIANT)) + "\n")
        for index in range(args.random):
            out.write(json.dumps(random_case(rng, index)) + "\n")


if __name__ == "__main__":
    main()
