#!/usr/bin/env python3
"""Labels tuning positions with another engine's scores (a teacher for `kraken tune`).

`kraken datagen` writes positions as 'FEN | RESULT | SCORE' lines, SCORE being Kraken's own
search score. This script searches every position with a UCI engine (Fairy-Stockfish with its
classical evaluation by default options) to a fixed depth and writes the same lines with that
engine's score in place of Kraken's, from White's view. `kraken tune --lambda 0` then fits
Kraken's evaluation to predict the teacher's scores: each position brings its own target, so
far fewer games are needed than for a fit to results, whose noise is shared by every position
of a game. Positions the teacher scores as mate are left out.

  scripts/label_positions.py --engine /path/to/fairy-stockfish --variant chess \\
      chess.data chess.labelled
  kraken tune --variant chess --data chess.labelled --lambda 0 ...

Two engine processes run at once by default (--jobs); each gets one thread.
"""

import argparse
import subprocess
import sys
import threading
from pathlib import Path


class Engine:
    """A UCI engine driven one position at a time."""

    def __init__(self, command, variant, options):
        self.process = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        for name, value in [("Threads", "1"), ("Hash", "16"), *options]:
            self.send(f"setoption name {name} value {value}")
        if variant != "chess":
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, word):
        lines = []
        for line in self.process.stdout:
            line = line.strip()
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines
        sys.exit("the engine stopped answering")

    def score(self, fen, depth):
        """The engine's score of `fen` for the side to move in centipawns, or None for a
        mate score."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        for line in self.until("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                bound = words[i + 3] if len(words) > i + 3 else ""
                if bound in ("lowerbound", "upperbound"):
                    continue
                score = value if kind == "cp" else None
        return score

    def close(self):
        self.send("quit")
        self.process.wait()


def label(lines, args, out, index):
    engine = Engine(args.engine, args.variant, [o.split("=", 1) for o in args.option])
    labelled = []
    for n, (number, line) in enumerate(lines):
        fields = [f.strip() for f in line.split("|")]
        if len(fields) < 2:
            continue
        fen, result = fields[0], fields[1]
        score = engine.score(fen, args.depth)
        if score is None:
            continue
        if fen.split()[1] == "b":
            score = -score
        labelled.append((number, f"{fen} | {result} | {score}"))
        if index == 0 and n % 5000 == 0:
            print(f"{n * args.jobs} of about {len(lines) * args.jobs}", file=sys.stderr)
    engine.close()
    out[index] = labelled


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", type=Path, help="'FEN | RESULT | SCORE' lines")
    parser.add_argument("output", type=Path)
    parser.add_argument("--engine", required=True, help="the teacher, a UCI engine")
    parser.add_argument("--variant", default="chess", help="its UCI_Variant")
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--option", action="append", default=["Use NNUE=false"],
                        help="NAME=VALUE, repeatable (default: Use NNUE=false)")
    args = parser.parse_args()
    lines = [l for l in args.input.read_text().splitlines() if l.strip()]
    numbered = list(enumerate(lines))
    chunks = [numbered[i::args.jobs] for i in range(args.jobs)]
    out = [None] * args.jobs
    threads = [threading.Thread(target=label, args=(chunk, args, out, i))
               for i, chunk in enumerate(chunks)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Back in the input's order.
    merged = [line for _, line in sorted(pair for chunk in out for pair in chunk)]
    args.output.write_text("\n".join(merged) + "\n")
    print(f"{len(merged)} of {len(lines)} positions labelled", file=sys.stderr)


if __name__ == "__main__":
    main()
