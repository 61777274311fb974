#!/usr/bin/env python3
"""Record Fairy-Stockfish's verdicts on xiangqi repetitions under its chasing rule (`chasingRule = axf`).

    scripts/chasing_reference.py OUT.jsonl [--random N] [--seed S]

Each output line holds a case: a name, the variant, a start FEN, the moves, and after every move
Fairy-Stockfish's (pyffish's) `is_optional_game_end` verdict for the side to move there: "-" (the
game goes on), "draw", "win" or "loss". The named cases are built by hand around the rule (a chariot
chasing an unprotected horse, a cannon chasing a protected chariot, mutual chases, protected pieces,
soldiers, chases with checks, the move rule lengthened by checks). The random ones take a position
reached by random moves from the start, then let each side shuttle a random piece to and fro until
the position occurred three times.
"""
import argparse
import json
import random

import pyffish as sf

VALUES = {0: "draw", 32000: "win", -32000: "loss"}

# (name, FEN, one cycle of moves, times the cycle is played)
CASES = [
    ("chariot chases an unprotected horse: the chaser loses",
     "n4k3/9/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "b1a1 a10b8 a1b1 b8a10", 2),
    ("the same chase, ending with the chased side to move: it wins",
     "n4k3/9/9/9/9/9/9/9/9/R2K5 b - - 0 1", "a10b8 a1b1 b8a10 b1a1", 2),
    ("chariot chases an unprotected cannon",
     "5k3/9/9/2c6/R8/9/9/9/9/3K5 w - - 0 1", "a6a7 c7c6 a7a6 c6c7", 2),
    ("chariot attacks a protected cannon: no chase, a draw",
     "2r2k3/9/9/2c6/R8/9/9/9/9/3K5 w - - 0 1", "a6a7 c7c6 a7a6 c6c7", 2),
    ("cannon chases a chariot that is protected: a chase all the same",
     "r7r/5k3/9/9/9/9/PP7/9/9/1C1K5 w - - 0 1", "b1a1 a10b10 a1b1 b10a10", 2),
    ("cannon chases an unprotected chariot",
     "r4k3/9/9/9/9/9/PP7/9/9/1C1K5 w - - 0 1", "b1a1 a10b10 a1b1 b10a10", 2),
]


def verdict(variant, fen, moves):
    ended, value = sf.is_optional_game_end(variant, fen, moves)
    return VALUES.get(value, str(value)) if ended else "-"


def case(name, fen, moves, variant="xiangqi"):
    verdicts = []
    for ply in range(len(moves)):
        legal = sf.legal_moves(variant, fen, moves[:ply])
        if moves[ply] not in legal:
            raise SystemExit(f"{name}: {moves[ply]} is not legal after {moves[:ply]}")
        verdicts.append(verdict(variant, fen, moves[: ply + 1]))
    return {"name": name, "variant": variant, "fen": fen, "moves": moves, "verdicts": verdicts}


def reverse(move):
    """The move back: `a1b3` -> `b3a1` (xiangqi squares have one or two digits)."""
    i = 1
    while move[i].isdigit():
        i += 1
    return move[i:] + move[:i]


def random_case(rng, index, variant="xiangqi"):
    start = sf.start_fen(variant)
    while True:
        moves = []
        for _ in range(rng.randrange(10, 60)):
            legal = sf.legal_moves(variant, start, moves)
            if not legal:
                break
            captures = [m for m in legal if sf.is_capture(variant, start, moves, m)]
            pool = captures if captures and rng.random() < 0.7 else legal
            moves.append(rng.choice(pool))
        if not sf.legal_moves(variant, start, moves):
            continue
        fen = sf.get_fen(variant, start, moves)
        # Two shuttles, one for each side, each move reversible.
        first = [m for m in sf.legal_moves(variant, fen, []) if not sf.is_capture(variant, fen, [], m)]
        if not first:
            continue
        a = rng.choice(first)
        second = [m for m in sf.legal_moves(variant, fen, [a]) if not sf.is_capture(variant, fen, [a], m)]
        if not second:
            continue
        b = rng.choice(second)
        cycle = [a, b, reverse(a), reverse(b)]
        line = []
        ok = True
        for m in cycle * 2:
            if m not in sf.legal_moves(variant, fen, line):
                ok = False
                break
            line.append(m)
            if verdict(variant, fen, line) != "-" and len(line) < 8:
                ok = False
                break
        if ok:
            return case(f"random shuttle {index}", fen, line, variant)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--random", type=int, default=300, help="random shuttles")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w") as out:
        for name, fen, cycle, times in CASES:
            out.write(json.dumps(case(name, fen, cycle.split() * times)) + "\n")
        for index in range(args.random):
            out.write(json.dumps(random_case(rng, index)) + "\n")


if __name__ == "__main__":
    main()
