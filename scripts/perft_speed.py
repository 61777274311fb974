#!/usr/bin/env python3
"""Perft speed of Kraken against UCI engines that count perft (`go perft N`), side by side.

Times `kraken perft DEPTH` and each engine's `go perft DEPTH` on the README's speed positions
(single thread, last ply counted in bulk in all of them), the best of --runs runs each, with
the start-up time (the same run at depth 1) subtracted, and prints the README's table: the
ratio is the other engine's time divided by Kraken's, so above 1 Kraken is faster. Node
counts must agree, or the script stops.

  scripts/perft_speed.py --kraken target/release/kraken --fsf /path/to/fairy-stockfish \\
      --fsf-8x8 /path/to/fairy-stockfish-8x8 --stockfish /usr/games/stockfish

--fsf is Fairy-Stockfish's largeboards build (every row); --fsf-8x8 its 8x8 build and
--stockfish Stockfish, both for the chess rows only. Run it on a quiet machine.
"""

import argparse
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CUSTOM = ROOT / "tests" / "data" / "perft" / "custom_variants.ini"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# (row name, variant, FEN or None for the start position, depth)
POSITIONS = [
    ("chess, start", "chess", None, 6),
    ("chess, Kiwipete", "chess", KIWIPETE, 5),
    ("capablanca, start", "capablanca", None, 5),
    ("shogi, start", "shogi", None, 5),
    ("xiangqi, start", "xiangqi", None, 5),
    ("betza10, start", "betza10", None, 5),
]


def kraken_run(binary, variant, fen, depth):
    """Seconds and node count of one `kraken perft` run."""
    command = [str(binary), "perft", str(depth), "--variant", variant]
    command += ["--variants-file", str(CUSTOM)]
    if fen:
        command += ["--fen", fen]
    start = time.perf_counter()
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    elapsed = time.perf_counter() - start
    return elapsed, nodes_of(output.splitlines())


def uci_run(binary, variant, fen, depth):
    """Seconds and node count of one `go perft` of a UCI engine, started afresh."""
    start = time.perf_counter()
    process = subprocess.Popen([str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, bufsize=1)
    lines = ["uci"]
    if variant != "chess":
        lines += [f"setoption name VariantPath value {CUSTOM}",
                  f"setoption name UCI_Variant value {variant}"]
    lines += [f"position fen {fen}" if fen else "position startpos", f"go perft {depth}"]
    process.stdin.write("".join(line + "\n" for line in lines))
    process.stdin.flush()
    seen = []
    for line in process.stdout:
        seen.append(line.strip())
        if line.startswith("Nodes searched"):
            break
    elapsed = time.perf_counter() - start
    process.stdin.write("quit\n")
    process.stdin.flush()
    process.wait()
    return elapsed, nodes_of(seen)


def nodes_of(lines):
    for line in lines:
        if line.startswith("Nodes searched"):
            return int(line.split(":")[1])
    raise SystemExit("no 'Nodes searched' line in:\n" + "\n".join(lines[-10:]))


def best_time(run, binary, variant, fen, depth, runs):
    """The best of `runs` timings at `depth` less the best start-up (depth 1), and the nodes."""
    startup = min(run(binary, variant, fen, 1)[0] for _ in range(runs))
    timings = [run(binary, variant, fen, depth) for _ in range(runs)]
    return max(min(t for t, _ in timings) - startup, 1e-6), timings[0][1]


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kraken", type=Path, default=ROOT / "target" / "release" / "kraken")
    parser.add_argument("--fsf", type=Path, required=True,
                        help="Fairy-Stockfish, largeboards build")
    parser.add_argument("--fsf-8x8", type=Path, help="Fairy-Stockfish, 8x8 build (chess rows)")
    parser.add_argument("--stockfish", type=Path, help="Stockfish (chess rows)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    others = [("Fairy-Stockfish", args.fsf, None)]
    if args.fsf_8x8:
        others.append(("Fairy-Stockfish 8x8", args.fsf_8x8, "chess"))
    if args.stockfish:
        others.append(("Stockfish", args.stockfish, "chess"))
    header = ["position", "depth", "nodes", "Kraken"]
    for name, _, _ in others:
        header += [name, "ratio"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row, variant, fen, depth in POSITIONS:
        seconds, nodes = best_time(kraken_run, args.kraken, variant, fen, depth, args.runs)
        cells = [row, str(depth), f"{nodes:,}", f"{seconds:.2f} s"]
        for name, binary, only in others:
            if only and only != variant:
                cells += ["", ""]
                continue
            theirs, their_nodes = best_time(uci_run, binary, variant, fen, depth, args.runs)
            if their_nodes != nodes:
                raise SystemExit(f"{row}: {name} counts {their_nodes}, Kraken {nodes}")
            cells += [f"{theirs:.2f} s", f"{theirs / seconds:.2f}"]
        print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
