#!/usr/bin/env python3
"""Reference perft counts for checkless chess, which Fairy-Stockfish does not play.

    scripts/checkless_reference.py OUT.jsonl FEN DEPTH [FEN DEPTH ...]

Chess moves come from Fairy-Stockfish (pyffish, variant chess); the checkless rule is applied
here, as cutechess's ChecklessBoard states it: a move that gives check is legal only if the
opponent then has no legal move (its moves obey the same rule).
"""
import json
import sys

import pyffish as sf


def legal(fen, moves):
    """Checkless-legal moves after `moves` from `fen`."""
    result = []
    for m in sf.legal_moves("chess", fen, moves):
        if not sf.gives_check("chess", fen, moves + [m]) or not has_move(fen, moves + [m]):
            result.append(m)
    return result


def has_move(fen, moves):
    for m in sf.legal_moves("chess", fen, moves):
        if not sf.gives_check("chess", fen, moves + [m]) or not has_move(fen, moves + [m]):
            return True
    return False


def perft(fen, depth, moves=()):
    moves = list(moves)
    found = legal(fen, moves)
    if depth == 1:
        return len(found)
    return sum(perft(fen, depth - 1, moves + [m]) for m in found)


def main():
    out = sys.argv[1]
    args = sys.argv[2:]
    with open(out, "a") as f:
        for fen, depth in zip(args[::2], args[1::2]):
            nodes = perft(fen, int(depth))
            case = {
                "variant": "checkless",
                "fen": fen,
                "depth": int(depth),
                "nodes": nodes,
                "source": "scripts/checkless_reference.py: Fairy-Stockfish chess moves (pyffish), checks kept only when they mate",
            }
            f.write(json.dumps(case) + "\n")
            print(case)


if __name__ == "__main__":
    main()
