#!/usr/bin/env python3
"""Record Fairy-Stockfish's verdicts on xiangqi repetitions under its chasing rule (`chasingRule = axf`).

    scripts/chasing_reference.py OUT.jsonl [--random N] [--seed S]

Each output line holds a case: a name, the variant, a start FEN, the moves, and after every move
Fairy-Stockfish's (pyffish's) `is_optional_game_end` verdict for the side to move there: "-" (the
game goes on), "draw", "win" or "loss". The named cases are built by hand around the rule (a chariot
chasing an unprotected horse, a cannon chasing a protected chariot, mutual chases, protected pieces,
soldiers, chases with checks, the move rule lengthened by checks). The random ones take a position
reached by random moves from the start, then let each side shuttle a random piece to and fro until
the position occurred three times (every other one chooses a piece that attacks something after its
move, and a piece it attacks to run away).
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


def occupied(fen):
    """The occupied squares of a FEN's board, by name (`a1`)."""
    squares = set()
    rows = fen.split(" ")[0].split("/")
    for row_index, row in enumerate(rows):
        rank = len(rows) - row_index
        file = 0
        digits = ""
        for char in row + " ":
            if char.isdigit():
                digits += char
                continue
            file += int(digits or 0)
            digits = ""
            if char != " ":
                squares.add("abcdefghijkl"[file] + str(rank))
                file += 1
    return squares


def target(move):
    """The destination square of a move in coordinates (`a1b3` -> `b3`)."""
    i = 1
    while move[i].isdigit():
        i += 1
    return move[i:]


def source(move):
    """The square a move in coordinates leaves (`a1b3` -> `a1`)."""
    return move[: len(move) - len(target(move))]


def targets_from(variant, fen, square):
    """The squares of pieces the piece on `square` could take, were it its side's move."""
    parts = fen.split(" ")
    parts[1] = "b" if parts[1] == "w" else "w"
    flipped = " ".join(parts)
    taken = occupied(flipped)
    return [target(m) for m in sf.legal_moves(variant, flipped, []) if source(m) == square and target(m) in taken]


def random_case(rng, index, chase, variant="xiangqi"):
    while True:
        fen = sf.start_fen(variant)
        for _ in range(rng.randrange(10, 60)):
            legal = sf.legal_moves(variant, fen, [])
            if not legal:
                break
            taken = occupied(fen)
            captures = [m for m in legal if target(m) in taken]
            pool = captures if captures and rng.random() < 0.7 else legal
            fen = sf.get_fen(variant, fen, [rng.choice(pool)])
        if not sf.legal_moves(variant, fen, []):
            continue
        # Two shuttles, one for each side, each move reversible.
        first = [m for m in sf.legal_moves(variant, fen, []) if target(m) not in occupied(fen)]
        if not first:
            continue
        a = rng.choice(first)
        after = sf.get_fen(variant, fen, [a])
        second = [m for m in sf.legal_moves(variant, fen, [a]) if target(m) not in occupied(after)]
        if chase:
            # The shuttling piece attacks something after its move, and that piece runs.
            attacks = set(targets_from(variant, after, target(a)))
            first = [m for m in first if attacks]
            second = [m for m in second if source(m) in attacks]
        if not second or not first:
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
            kind = "chasing shuttle" if chase else "random shuttle"
            return case(f"{kind} {index}", fen, line, variant)


# Positions from which white gives check whenever it can, close to the end of the move rule.
CHECK_SPREES = [
    ("3ak4/4a4/9/9/9/9/9/2C6/9/R3K4 w - - 76 1", 0, 70),
    ("3ak4/4a4/9/9/9/9/9/2C6/9/R3K4 w - - 76 1", 1, 40),
    ("4k4/9/9/9/9/9/9/2C6/9/R3K3R w - - 76 1", 0, 40),
]


def check_spree(index, fen, seed, plies, variant="xiangqi"):
    """White checks whenever it can, black moves at random, both avoiding positions seen before
    and mates: the checks lengthen the move rule until the game is drawn."""
    rng = random.Random(seed)
    moves = []
    seen = {sf.get_fen(variant, fen, []).split(" ")[0]}
    for _ in range(plies):
        legal = sf.legal_moves(variant, fen, moves)
        if not legal:
            break

        white = len(moves) % 2 == 0

        def fresh(m):
            after = moves + [m]
            board = sf.get_fen(variant, fen, after).split(" ")[0]
            replies = sf.legal_moves(variant, fen, after)
            # White leaves nothing to take, so that no capture restarts the count.
            safe = not white or not any(sf.is_capture(variant, fen, after, r) for r in replies)
            return board not in seen and replies and safe

        pool = [m for m in legal if fresh(m)] or legal
        checks = [m for m in pool if sf.gives_check(variant, fen, moves + [m])]
        moves.append(rng.choice(checks if white and checks else pool))
        seen.add(sf.get_fen(variant, fen, moves).split(" ")[0])
        if verdict(variant, fen, moves) != "-":
            break
    return case(f"checks lengthen the move rule {index}", fen, moves, variant)


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
        for index, (fen, seed, plies) in enumerate(CHECK_SPREES):
            out.write(json.dumps(check_spree(index, fen, seed, plies)) + "\n")
        for index in range(args.random):
            out.write(json.dumps(random_case(rng, index, index % 2 == 1)) + "\n")


if __name__ == "__main__":
    main()
