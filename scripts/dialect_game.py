#!/usr/bin/env python3
"""Plays one game between Kraken and another engine in USI (shogi) or UCCI (xiangqi).

Both engines are driven in the dialect, as a GUI would: `position startpos moves ...` and
`go` with the dialect's clock words (USI: btime/wtime/byoyomi, sente's clock is btime; UCCI:
time/opptime with usemillisec). Every move either engine gives is checked with pyffish
(Fairy-Stockfish's rules; `pip install pyffish`) after converting it to Fairy-Stockfish's
UCI notation, and the game stops at the first move pyffish refuses, at a game end pyffish
sees, or after --plies plies. Prints the moves and how the game ended.

  scripts/dialect_game.py --dialect usi --opponent fairy-stockfish --plies 60
  scripts/dialect_game.py --dialect ucci --opponent /opt/bin/fsf --kraken-white
"""

import argparse
import subprocess
import sys
from pathlib import Path

import pyffish

ROOT = Path(__file__).resolve().parent.parent
KRAKEN = ROOT / "target" / "release" / "kraken"

VARIANT = {"usi": "shogi", "ucci": "xiangqi"}


class Engine:
    def __init__(self, command, dialect, options):
        self.name = Path(command[0]).name
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.dialect = dialect
        self.send(dialect)
        self.wait(f"{dialect}ok")
        for name, value in options:
            if dialect == "ucci":
                self.send(f"setoption {name} {value}")
            else:
                self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")

    def wait(self, prefix):
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit(f"{self.name} ended before '{prefix}'")
            if line.startswith(prefix):
                return line.strip()

    def best_move(self, moves, clock):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go " + clock)
        line = self.wait("bestmove") if self.dialect == "usi" else self.wait_ucci()
        words = line.split()
        return words[1] if len(words) > 1 and words[0] == "bestmove" else None

    def wait_ucci(self):
        while True:
            line = self.wait("")
            if line.startswith("bestmove") or line.startswith("nobestmove"):
                return line

    def close(self):
        self.send("quit")
        self.process.wait(timeout=10)


def usi_to_fsf(move):
    """7g7f+ -> c3c4+, P*5e -> P@e5 (9x9)."""
    out, i = "", 0
    while i < len(move):
        c = move[i]
        if c.isdigit() and i + 1 < len(move) and move[i + 1].isalpha() and move[i + 1].islower():
            out += "abcdefghi"[9 - int(c)] + str(9 - (ord(move[i + 1]) - ord("a")))
            i += 2
        else:
            out += "@" if c == "*" else c
            i += 1
    return out


def ucci_to_fsf(move):
    """h2e2 (ranks from 0) -> h3e3."""
    out, i = "", 0
    while i < len(move):
        if move[i].isalpha() and i + 1 < len(move) and move[i + 1].isdigit():
            out += move[i] + str(int(move[i + 1]) + 1)
            i += 2
        else:
            out += move[i]
            i += 1
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dialect", choices=["usi", "ucci"], required=True)
    parser.add_argument("--kraken", default=str(KRAKEN))
    parser.add_argument("--opponent", required=True, help="the other engine's command")
    parser.add_argument("--opponent-option", action="append", default=[],
                        help="NAME=VALUE, sent to the opponent in the dialect's syntax")
    parser.add_argument("--kraken-white", action="store_true",
                        help="Kraken moves first (default: the opponent)")
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--ms", type=int, default=300, help="time per move, milliseconds")
    args = parser.parse_args()

    dialect, variant = args.dialect, VARIANT[args.dialect]
    to_fsf = usi_to_fsf if dialect == "usi" else ucci_to_fsf
    kraken_options = [("usemillisec", "true")] if dialect == "ucci" else []
    opponent_options = [tuple(o.split("=", 1)) for o in args.opponent_option]
    if dialect == "ucci":
        opponent_options.append(("usemillisec", "true"))
    kraken = Engine([args.kraken], dialect, kraken_options)
    opponent = Engine(args.opponent.split(), dialect, opponent_options)
    players = [kraken, opponent] if args.kraken_white else [opponent, kraken]
    fen = pyffish.start_fen(variant)
    moves, fsf_moves = [], []
    ending = f"{args.plies} plies played"
    for ply in range(args.plies):
        engine = players[ply % 2]
        if dialect == "usi":
            clock = f"btime 0 wtime 0 byoyomi {args.ms}"
        else:
            clock = f"time {args.ms} increment 0 opptime {args.ms}"
        move = engine.best_move(moves, clock)
        legal = pyffish.legal_moves(variant, fen, fsf_moves)
        if move in (None, "resign", "win"):
            ending = f"{engine.name} has no move ({move}); pyffish lists {len(legal)} legal moves"
            break
        fsf = to_fsf(move)
        if fsf not in legal:
            ending = f"ILLEGAL: {engine.name} played {move} ({fsf}), not among pyffish's moves"
            break
        moves.append(move)
        fsf_moves.append(fsf)
        print(f"{ply + 1:3} {engine.name:>20}: {move}", flush=True)
        result = pyffish.game_result(variant, fen, fsf_moves) if not pyffish.legal_moves(
            variant, fen, fsf_moves) else None
        if result is not None:
            ending = f"game over by the rules after {engine.name}'s move"
            break
    print(f"{len(moves)} moves, every one accepted by pyffish; {ending}")
    kraken.close()
    opponent.close()
    return 1 if ending.startswith("ILLEGAL") else 0


if __name__ == "__main__":
    sys.exit(main())
