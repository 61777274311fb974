#!/usr/bin/env python3
"""Long-session memory check: one Kraken process plays game after game; its memory must level off.

    scripts/memory_session.py --games 2000 [--nodes 3000] [--kraken target/release/kraken]

A single Kraken process under UCI plays --games self-play games at a fixed node count per move,
switching variant (and board size) every game and its hash size every few games, with
`ucinewgame` between games, as a GUI does in a long tournament. After every game it reads the
process's resident set from /proc (Linux only) and prints it every tenth of the run. The check:
the resident set at the end may exceed the largest seen in the first half by at most --slack MiB
(memory that grows without bound keeps climbing through the second half). Exit status 1 when it
does, when the engine dies, or when it stops answering.
"""

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KRAKEN = ROOT / "target" / "release" / "kraken"

VARIANTS = ["chess", "capablanca", "shogi", "crazyhouse", "makruk", "xiangqi", "janggi",
            "shatranj", "atomic", "grand", "chu", "seirawan"]
HASHES = [16, 64, 1, 32]


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Engine:
    def __init__(self, path, timeout):
        self.proc = subprocess.Popen([str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.timeout = timeout

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, prefix):
        """The first line that starts with `prefix`; exits when the engine dies or stalls."""
        deadline = time.monotonic() + self.timeout
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"the engine exited (status {self.proc.poll()})")
            if line.startswith(prefix):
                return line.strip()
            if time.monotonic() > deadline:
                sys.exit(f"no '{prefix}' within {self.timeout} s")


def play_game(engine, variant, nodes, max_plies, rng):
    engine.send(f"setoption name UCI_Variant value {variant}")
    engine.send("ucinewgame")
    engine.send("isready")
    engine.wait_for("readyok")
    moves = []
    for _ in range(max_plies):
        engine.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        engine.send(f"go nodes {nodes + rng.randrange(nodes)}")
        best = engine.wait_for("bestmove").split()
        if len(best) < 2 or best[1] in ("(none)", "0000"):
            break
        moves.append(best[1])
    return len(moves)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--nodes", type=int, default=3000, help="nodes a move (up to twice that)")
    parser.add_argument("--max-plies", type=int, default=160)
    parser.add_argument("--slack", type=float, default=16.0, help="MiB the end may exceed the first half's peak")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for an answer")
    parser.add_argument("--kraken", type=Path, default=KRAKEN)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.kraken, args.timeout)
    engine.send("uci")
    engine.wait_for("uciok")
    start = time.monotonic()
    first_half_peak = 0
    samples = []
    plies = 0
    for game in range(args.games):
        if game % 5 == 0:
            engine.send(f"setoption name Hash value {HASHES[(game // 5) % len(HASHES)]}")
        variant = VARIANTS[game % len(VARIANTS)]
        plies += play_game(engine, variant, args.nodes, args.max_plies, rng)
        kib = resident_kib(engine.proc.pid)
        samples.append(kib)
        if game < args.games // 2:
            first_half_peak = max(first_half_peak, kib)
        if (game + 1) % max(1, args.games // 10) == 0:
            print(f"game {game + 1:6}: {plies:8} plies, resident {kib / 1024:7.1f} MiB, "
                  f"{time.monotonic() - start:7.0f} s", flush=True)
    engine.send("quit")
    engine.proc.wait(timeout=args.timeout)
    end = samples[-1]
    print(f"games {args.games}, plies {plies}: resident after the first game {samples[0] / 1024:.1f} MiB, "
          f"peak of the first half {first_half_peak / 1024:.1f} MiB, peak {max(samples) / 1024:.1f} MiB, "
          f"at the end {end / 1024:.1f} MiB")
    if end > first_half_peak + args.slack * 1024:
        sys.exit(f"memory grew by {(end - first_half_peak) / 1024:.1f} MiB over the first half's peak")


if __name__ == "__main__":
    main()
