#!/usr/bin/env python3
"""Cases for Fairy-Stockfish's reading of Betza, computed with Fairy-Stockfish itself.

    scripts/fsf_betza_cases.py OUT.jsonl [--cases N] [--seed S]

Writes random Betza texts in the letters Fairy-Stockfish reads (atoms, m c p g n i, direction
pairs, one-digit ranges, doubled atoms), each on a chess board with random pawns of both sides
round the piece and the kings on a1 and h8, with the squares the piece reaches in pyffish's
legal moves (pip install pyffish). The tests read them through `notation::fsf_to_xbetza`
(`tests/data/xbetza/fsf_cases.jsonl`, `"notation": "fsf"`). A text with `i` stands on its
second rank, where Fairy-Stockfish's initial moves are made, and is marked never moved.
Positions where the side not to move is in check are skipped.
"""
import argparse
import itertools
import json
import random

import pyffish as sf

DIRECTIONS = ["f", "b", "l", "r", "v", "s", "h", "fr", "fl", "br", "bl", "rv", "lv", "vr",
              "fs", "bs", "fh", "rh", "hr", "hl", "ff", "ss"]
FILES = "abcdefgh"


def group(rng, initial):
    text = "i" if initial else ""
    for _ in range(rng.choice([0, 0, 1, 2])):
        text += rng.choice(DIRECTIONS)
    text += rng.choice(["", "", "m", "c", "mc"])
    text += rng.choice(["", "", "", "p", "g", "n"])
    atom = rng.choice("WFDNAHCZGKRBQ")
    text += atom
    r = rng.random()
    if r < 0.2:
        text += str(rng.randint(1, 4))
    elif r < 0.3 and atom in "WFNKD":
        text += atom
    return text


def fen_of(board, color):
    rows = []
    for rank in range(8, 0, -1):
        row, empty = "", 0
        for f in FILES:
            piece = board.get(f"{f}{rank}")
            if piece:
                row += (str(empty) if empty else "") + piece
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + f" {color} - - 0 1"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    names = itertools.count()
    cases = []
    while len(cases) < args.cases:
        initial = rng.random() < 0.3
        text = "".join(group(rng, initial and i == 0) for i in range(rng.randint(1, 3)))
        color = rng.choice("wb")
        if initial:
            start = rng.choice(FILES) + ("2" if color == "w" else "7")
        else:
            start = rng.choice(FILES) + str(rng.randint(3, 6))
        board = {}
        for f in FILES:
            for rank in range(2, 8):
                sq = f"{f}{rank}"
                if sq not in (start, "b2", "g7") and rng.random() < 0.25:
                    board[sq] = rng.choice("Pp")
        board["a1"], board["h8"] = "K", "k"
        board[start] = "A" if color == "w" else "a"
        name = f"fsfcase{next(names)}"
        sf.load_variant_config(f"[{name}:chess]\ncustomPiece1 = a:{text}\npromotionPieceTypes = -\n")
        other = fen_of(board, "b" if color == "w" else "w")
        if sf.gives_check(name, other, []):
            continue
        fen = fen_of(board, color)
        targets = sorted({m[2:4] for m in sf.legal_moves(name, fen, []) if m.startswith(start)})
        others = {sq: ("w" if p.isupper() else "b") for sq, p in board.items() if sq != start}
        cases.append({
            "id": f"fsf-{len(cases)}", "notation": "fsf", "betza": text, "width": 8, "height": 8,
            "from": start, "color": color, "board": others,
            "virgin": [start] if initial else [], "targets": targets,
            "notes": "computed with Fairy-Stockfish through pyffish (legal_moves) on " + fen,
        })
    with open(args.out, "w") as out:
        for case in cases:
            out.write(json.dumps(case) + "\n")


if __name__ == "__main__":
    main()
