#!/usr/bin/env python3
"""Plays Kraken against HaChu over the XBoard protocol, each engine judging the other's moves.

HaChu has no perft, and XBoard cannot seat it in the games it defines itself (it refuses the
`setboard` XBoard sends them), so this script talks to both engines directly: both stay in
force mode, the side to move is told `go`, and its move is passed to the other as `usermove`.
An `Illegal move` answer means the two disagree about the rules; the game stops there and the
position (as the move list from the start) is reported. Three refusals are not counted as
such: a move HaChu makes when Kraken sees it mated (HaChu then moves anyway; Kraken, told `go`,
answers with a result), a move of HaChu's that leaves its King attacked (HaChu lets the King be
taken; Kraken calls the move illegal: either way the game is lost), and a move HaChu refuses
because it repeats an earlier position (HaChu
forbids repeating; Kraken's repetition rules are Fairy-Stockfish's), which ends the game as a
rule difference. Games end at a result, at `--plies`, or when an engine does not move within
`--timeout` seconds.

  scripts/hachu_referee.py --variant dai --games 4
  scripts/hachu_referee.py --variant wa-shogi --games 2 --st 0.5

Kraken's variant names must be HaChu's (`chu`, `dai`, `wa-shogi`, ...). Exit status 1 when a
move was refused or an engine stalled.
"""

import argparse
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KRAKEN = ROOT / "target" / "release" / "kraken"


class Engine:
    """An XBoard engine with its output read line by line on a thread."""

    def __init__(self, name, command):
        self.name = name
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.pings = 0

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def until(self, predicate, timeout):
        """Lines read until one satisfies `predicate` (that one last), or None on timeout."""
        seen = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None
            seen.append(line)
            if predicate(line):
                return seen

    def sync(self, timeout=30):
        """Lines answered before a `ping` is answered."""
        self.pings += 1
        tag = f"pong {self.pings}"
        self.send(f"ping {self.pings}")
        seen = self.until(lambda line: line.strip() == tag, timeout)
        return None if seen is None else seen[:-1]

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def start(name, command, variant, st, extra):
    engine = Engine(name, command)
    engine.send("xboard")
    engine.send("protover 2")
    engine.until(lambda line: "done=1" in line, 10)
    for line in extra:
        engine.send(line)
    engine.send("new")
    engine.send(f"variant {variant}")
    engine.send("force")
    engine.send(f"st {st}")
    engine.send("post")
    engine.sync()
    return engine


RESULTS = ("1-0", "0-1", "1/2-1/2", "resign")


def refused(lines):
    return next((line for line in lines if line.startswith(("Illegal move", "Error"))), None)


def next_move(engine, timeout):
    """The engine's move after `go` (a multi-leg move HaChu sends as several `move` lines
    ending in commas, joined), a result line, or None."""
    text = ""
    while True:
        seen = engine.until(
            lambda line: line.startswith("move ") or line.startswith(RESULTS), timeout)
        if seen is None:
            return None
        line = seen[-1]
        if not line.startswith("move "):
            return line
        text += line.split()[1]
        if not text.endswith(","):
            return "move " + text


def sees_no_move(kraken, timeout):
    """Whether Kraken, told to play the side to move, answers with a result (no legal move)."""
    kraken.send("go")
    answer = next_move(kraken, timeout)
    kraken.send("force")
    kraken.sync()
    return answer is not None and answer.startswith(RESULTS)


def play(args, kraken_white):
    kraken = start("Kraken", [str(args.kraken)], args.variant, args.st, [])
    hachu = start("HaChu", [args.hachu], args.variant, args.st, [f"memory {args.memory}"])
    hachu.send("random")  # HaChu varies its first 20 moves, so that games differ
    players = [kraken, hachu] if kraken_white else [hachu, kraken]
    moves = []
    verdict = "ok"
    try:
        for ply in range(args.plies):
            mover, other = players[ply % 2], players[1 - ply % 2]
            mover.send("go")
            last = next_move(mover, args.timeout)
            if last is None:
                return f"{mover.name} made no move within {args.timeout} s", moves, False
            mover.send("force")
            mover.sync()
            if not last.startswith("move "):
                verdict = f"game over: {mover.name} says {last}"
                break
            move = last.split()[1]
            moves.append(move)
            other.send(f"usermove {move}")
            answer = other.sync()
            if answer is None:
                return f"{other.name} stopped answering after {move}", moves, False
            complaint = refused(answer)
            if complaint and other is hachu and "Repeats earlier position" in complaint:
                verdict = f"rule difference: HaChu refuses {move}, which repeats a position"
                break
            if complaint and other is kraken and "leaves the royal piece attacked" in complaint:
                verdict = f"game over: HaChu's {move} leaves its King attacked (HaChu plays on)"
                break
            if complaint and other is kraken and sees_no_move(kraken, args.timeout):
                verdict = f"game over: HaChu moved {move} where Kraken sees no legal move"
                break
            if complaint:
                return f"{other.name} refused {mover.name}'s {move}: {complaint}", moves, False
        else:
            verdict = f"stopped after {args.plies} plies"
    finally:
        kraken.close()
        hachu.close()
    return verdict, moves, True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", required=True)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--st", default="1", help="seconds per move for both engines")
    parser.add_argument("--plies", type=int, default=300, help="longest game, in plies")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--memory", type=int, default=64, help="HaChu's hash, MB")
    parser.add_argument("--hachu", default="/usr/games/hachu")
    parser.add_argument("--kraken", type=Path, default=KRAKEN)
    args = parser.parse_args()
    failed = False
    total = 0
    for game in range(args.games):
        kraken_white = game % 2 == 0
        verdict, moves, ok = play(args, kraken_white)
        total += len(moves)
        white = "Kraken" if kraken_white else "HaChu"
        print(f"game {game + 1} ({white} white): {len(moves)} plies, {verdict}")
        if not ok:
            failed = True
            print("  moves: " + " ".join(moves))
    print(f"{args.variant}: {args.games} games, {total} moves judged, "
          + ("disagreements or stalls above" if failed else "no disagreement"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
