#!/usr/bin/env python3
"""Soak test: many fast games across variants and opponents; Kraken must never forfeit.

Plays --games games in all at 2 s + 0.05 s (two at a time) under cutechess-cli, spread evenly
over every (variant, opponent) pair: Fairy-Max in the variants it plays, Fairy-Stockfish
(--fsf, classical evaluation) and Kraken against itself in all of them. Then, unless
--xboard-games is 0, a smaller run under a headless XBoard (scripts/xboard_match.py, Kraken
against itself in xiangqi, which cutechess-cli does not play) at a slower control: XBoard
under Xvfb takes 50-70 ms of its own per move, more than a 0.05 s increment. It reports Kraken's forfeits by
kind (losses on time, illegal moves, crashes and disconnections, stalls), each of which must be
0, and the memory (resident set) of each Kraken process when first and last seen, sampled every
few seconds from /proc (Linux only): a process lives for many games, so memory that grows
without bound shows as a large last-minus-first. Exit status 1 on any forfeit.

  scripts/soak.py --games 1000 --fsf /opt/fsf/stockfish
  scripts/soak.py --games 60 --variants chess,makruk --opponents fsf,kraken --fsf PATH

Needs cutechess-cli on PATH, Debian's fairymax, and for the XBoard run xboard and xvfb.
Use the machine for nothing else meanwhile: a busy machine makes engines lose on time.
"""

import argparse
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from cutechess_match import FILTER, find
from suites import cutechess_openings, cutechess_variant

ROOT = Path(__file__).resolve().parent.parent
KRAKEN = ROOT / "target" / "release" / "kraken"

# Kraken's variant names; Fairy-Max plays the first six.
VARIANTS = ["chess", "capablanca", "gothic", "knightmate", "shatranj", "makruk",
            "crazyhouse", "shogi", "atomic", "kingofthehill", "3check", "seirawan"]
FAIRYMAX_VARIANTS = {"chess", "capablanca", "gothic", "knightmate", "shatranj", "makruk"}

# How cutechess-cli words a game lost by forfeit, by kind.
FORFEIT_KINDS = [
    ("time", re.compile(r"on time", re.IGNORECASE)),
    ("illegal", re.compile(r"illegal move|invalid result claim", re.IGNORECASE)),
    ("crash", re.compile(r"disconnects|crash|terminated", re.IGNORECASE)),
    ("stall", re.compile(r"stalls", re.IGNORECASE)),
]


class MemorySampler(threading.Thread):
    """Samples the resident set of every process running `binary`, every `period` seconds."""

    def __init__(self, binary, period=5.0):
        super().__init__(daemon=True)
        self.binary = str(Path(binary).resolve())
        self.period = period
        self.seen = {}  # pid -> [first KiB, last KiB, max KiB, samples]
        self.done = threading.Event()

    def run(self):
        proc = Path("/proc")
        if not proc.is_dir():
            return
        while not self.done.is_set():
            for entry in proc.iterdir():
                if not entry.name.isdigit():
                    continue
                try:
                    if str((entry / "exe").resolve()) != self.binary:
                        continue
                    status = (entry / "status").read_text()
                except OSError:
                    continue
                match = re.search(r"VmRSS:\s+(\d+) kB", status)
                if not match:
                    continue
                kib = int(match.group(1))
                record = self.seen.setdefault(entry.name, [kib, kib, kib, 0])
                record[1] = kib
                record[2] = max(record[2], kib)
                record[3] += 1
            self.done.wait(self.period)


def forfeit_kind(reason):
    for kind, pattern in FORFEIT_KINDS:
        if pattern.search(reason):
            return kind
    return None


def play(cutechess, kraken, variant, opponent, games, args, tmp):
    """Plays one cutechess-cli match; returns (games finished, Kraken's forfeit lines)."""
    if opponent == "fairymax":
        filtered = Path(tmp) / "fairymax-filtered"
        filtered.write_text(FILTER.format(fairymax=find("fairymax")))
        filtered.chmod(0o755)
        other = ["-engine", "name=Fairy-Max", f"cmd={filtered}", "proto=xboard"]
    elif opponent == "fsf":
        other = ["-engine", "name=Fairy-Stockfish", f"cmd={args.fsf}", "proto=uci",
                 "option.Use NNUE=false", "option.Hash=16"]
    else:
        other = ["-engine", "name=Kraken-2", f"cmd={kraken}", "proto=uci"]
    command = [
        cutechess, "-variant", cutechess_variant(variant),
        "-engine", "name=Kraken", f"cmd={kraken}", "proto=uci", *other,
        "-each", f"tc={args.tc}", "timemargin=50",
        "-games", "2", "-rounds", str(max(1, games // 2)), "-repeat",
        "-concurrency", str(args.concurrency), "-recover",
        "-draw", "movenumber=60", "movecount=8", "score=10",
        "-resign", "movecount=4", "score=1000",
    ]
    openings = cutechess_openings(variant, tmp)
    if openings:
        command += ["-openings", f"file={openings}", "format=epd", "order=random",
                    "policy=round"]
    run = subprocess.run(command, capture_output=True, text=True)
    finished = 0
    forfeits = []
    for line in (run.stdout + run.stderr).splitlines():
        game = re.match(r"Finished game \d+ \((.+) vs (.+)\): (\S+) \{(.*)\}", line)
        if not game:
            continue
        finished += 1
        white, black, result, reason = game.groups()
        loser = {"1-0": black, "0-1": white}.get(result)
        kind = forfeit_kind(reason)
        if loser and loser.startswith("Kraken") and kind:
            forfeits.append((kind, f"{variant} vs {opponent}: {line}"))
    if run.returncode != 0 and finished == 0:
        forfeits.append(("crash", f"{variant} vs {opponent}: cutechess-cli failed: "
                                  f"{(run.stdout + run.stderr)[-500:]}"))
    return finished, forfeits


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="cutechess-cli games in all")
    parser.add_argument("--tc", default="2+0.05")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--opponents", default="fairymax,fsf,kraken",
                        help="any of fairymax, fsf, kraken")
    parser.add_argument("--fsf", help="Fairy-Stockfish binary (for the fsf opponent)")
    parser.add_argument("--kraken", type=Path, default=KRAKEN)
    parser.add_argument("--xboard-games", type=int, default=10,
                        help="games under XBoard afterwards (0: none)")
    parser.add_argument("--xboard-tc", default="0:10",
                        help="XBoard's -tc (its own work costs tens of ms a move, so 2 s + "
                             "0.05 s drains any engine's clock there)")
    parser.add_argument("--xboard-inc", default="0.2")
    args = parser.parse_args()

    cutechess = find("cutechess-cli")
    if not cutechess:
        sys.exit("cutechess-cli is not on PATH")
    kraken = args.kraken.resolve()
    if not kraken.exists():
        sys.exit(f"{kraken} is missing: cargo build --release")
    opponents = args.opponents.split(",")
    if "fsf" in opponents and not args.fsf:
        sys.exit("--fsf PATH is needed for the fsf opponent")
    if "fairymax" in opponents and not find("fairymax"):
        sys.exit("fairymax is missing: apt-get install fairymax")
    pairs = [(v, o) for v in args.variants.split(",") for o in opponents
             if o != "fairymax" or v in FAIRYMAX_VARIANTS]
    # At least --games in all: an even number of games per pair, rounded up.
    per_pair = max(2, -(-args.games // len(pairs) // 2) * 2)
    sampler = MemorySampler(kraken)
    sampler.start()
    started = time.time()
    total = 0
    forfeits = []
    with tempfile.TemporaryDirectory(prefix="kraken-soak-") as tmp:
        for variant, opponent in pairs:
            finished, lost = play(cutechess, kraken, variant, opponent, per_pair, args, tmp)
            total += finished
            forfeits += lost
            print(f"{variant} vs {opponent}: {finished} games, {len(lost)} forfeits "
                  f"({total} games, {(time.time() - started) / 60:.0f} min)", flush=True)
    xboard_failed = False
    if args.xboard_games > 0:
        command = [sys.executable, str(ROOT / "scripts" / "xboard_match.py"),
                   "--variant", "xiangqi", "--opponent", "self", "--games",
                   str(args.xboard_games), "--tc", args.xboard_tc, "--inc", args.xboard_inc,
                   "--instances", "2", "--kraken", str(kraken)]
        run = subprocess.run(command, capture_output=True, text=True)
        xboard_failed = run.returncode != 0
        last = (run.stdout.strip().splitlines() or ["(no output)"])[-1]
        print(f"xboard, xiangqi, Kraken against itself, {args.xboard_games} games at "
              f"{args.xboard_tc} + {args.xboard_inc} s: "
              f"{'FAILED' if xboard_failed else 'ok'}: {last}", flush=True)
        if xboard_failed:
            # The games that failed, then the end of what the match printed.
            for line in run.stdout.splitlines():
                if re.search(r"FAILED|games finished|exited with", line):
                    print(f"  {line}", flush=True)
            print(run.stdout[-2000:] + run.stderr[-2000:], file=sys.stderr)
    sampler.done.set()
    sampler.join()

    counts = Counter(kind for kind, _ in forfeits)
    print(f"\n{total} games under cutechess-cli in {(time.time() - started) / 60:.0f} min, "
          f"{len(pairs)} variant-opponent pairs")
    print("Kraken's forfeits: " + ", ".join(
        f"{kind} {counts.get(kind, 0)}" for kind, _ in FORFEIT_KINDS))
    for _, line in forfeits:
        print(f"  {line}")
    if sampler.seen:
        longest = sorted(sampler.seen.values(), key=lambda r: -r[3])[:4]
        print(f"memory of the {len(sampler.seen)} Kraken processes seen; the longest-lived "
              f"(KiB first / last / max, samples):")
        for first, last, peak, samples in longest:
            print(f"  {first} / {last} / {peak}, {samples}")
    else:
        print("memory: not sampled (no /proc here)")
    return 1 if forfeits or xboard_failed else 0


if __name__ == "__main__":
    sys.exit(main())
