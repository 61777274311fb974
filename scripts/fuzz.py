#!/usr/bin/env python3
"""Long fuzz runs: the repository's fuzz tests with many more cases than `cargo test` runs.

Each surface is one or more proptest tests that must never panic, abort or hang:

  xbetza      random XBetza text parsed, compiled, described and written (notation/tests/fuzz.rs)
  fen         random, FEN-like and mutated FENs read and written back (tests/tests/fen.rs)
  move-text   random and move-like move text read (tests/tests/move_text.rs)
  variants    generated and mutated variant files loaded and played (tests/tests/variant_fuzz.rs)
  protocols   random XBoard, UCI, USI and UCCI command sessions, each followed by ping/isready,
              which must still be answered (tests/tests/protocol_fuzz.rs)

The inputs of a surface are split among its tests and run in chunks, each chunk a test process
with its own seed (PROPTEST_RNG_SEED) and case count (PROPTEST_CASES), killed when it runs past
--timeout. A failing or stalled chunk is kept in --out with the command that repeats it
(proptest's output names the smallest failing input it found); the run goes on.

  scripts/fuzz.py --inputs 1000000                 every surface, 10^6 inputs each
  scripts/fuzz.py --surface fen --inputs 20000     one surface, briefly

For the protocols an input is one command: a session holds 0 to 39 of them (19.5 on average),
so the run plays inputs / 19.5 sessions. It reports, per surface, the inputs tried, the failures
and stalls, and the time taken; the exit status is 1 when anything failed.
"""

import argparse
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Per surface: (cargo package, test target, test names, inputs per case).
SURFACES = {
    "xbetza": ("notation", "fuzz", ["parse_and_compile_never_panic"], 1.0),
    "fen": (
        "kraken-tests",
        "fen",
        [
            "random_strings_never_panic",
            "fen_like_strings_never_panic",
            "mutated_fens_never_panic",
        ],
        1.0,
    ),
    "move-text": (
        "kraken-tests",
        "move_text",
        ["random_strings_never_panic", "move_like_strings_never_panic"],
        1.0,
    ),
    "variants": (
        "kraken-tests",
        "variant_fuzz",
        ["generated_variant_files_never_panic", "mutated_variant_files_never_panic"],
        1.0,
    ),
    "protocols": (
        "kraken-tests",
        "protocol_fuzz",
        [
            "xboard_survives_any_commands",
            "uci_survives_any_commands",
            "usi_survives_any_commands",
            "ucci_survives_any_commands",
        ],
        19.5,
    ),
}


def command(package, target, test):
    return [
        "cargo", "test", "--release", "--quiet", "-p", package, "--test", target,
        "--", "--exact", test,
    ]


def run_chunk(args, surface, package, target, test, cases, seed):
    """Runs one chunk; returns None when it passed, else the kind of failure."""
    env = dict(os.environ, PROPTEST_CASES=str(cases), PROPTEST_RNG_SEED=str(seed))
    # Failures are reported here, not written into the repository's regression files.
    env["PROPTEST_DISABLE_FAILURE_PERSISTENCE"] = "1"
    cmd = command(package, target, test)
    # In a group of its own, so that a stall takes the test process down with cargo.
    group = (
        {"start_new_session": True}
        if os.name == "posix"
        else {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    )
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        **group,
    )
    try:
        output, _ = proc.communicate(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)], check=False)
        output, _ = proc.communicate()
        kind = "stall"
    else:
        if proc.returncode == 0 and " 1 passed" in output:
            return None
        # A test that did not run (a renamed test) fails the run as well.
        kind = "failure"
    args.out.mkdir(parents=True, exist_ok=True)
    report = args.out / f"{surface}-{test}-{seed}.txt"
    repeat = f"PROPTEST_CASES={cases} PROPTEST_RNG_SEED={seed} {' '.join(cmd)}"
    report.write_text(f"{kind}\nrepeat with: {repeat}\n\n{output}")
    print(f"  {kind}: {test} seed {seed}, see {report}", flush=True)
    return kind


def run_surface(args, surface):
    package, target, tests, per_case = SURFACES[surface]
    # At least the inputs asked for: the cases of each test are rounded up.
    per_test = max(1, math.ceil(args.inputs / per_case / len(tests)))
    start = time.monotonic()
    tried = 0
    failures = {"failure": 0, "stall": 0}
    # Built once, so that the chunks' time is the tests' own.
    subprocess.run(
        command(package, target, tests[0])[:-3] + ["--no-run"], cwd=ROOT, check=True
    )
    for index, test in enumerate(tests):
        left = per_test
        chunk_no = 0
        while left > 0:
            cases = min(args.chunk, left)
            seed = args.seed + 1_000_003 * index + chunk_no
            kind = run_chunk(args, surface, package, target, test, cases, seed)
            if kind:
                failures[kind] += 1
            tried += cases
            left -= cases
            chunk_no += 1
            print(
                f"  {surface}: {round(tried * per_case)} inputs, {failures['failure']} failures,"
                f" {failures['stall']} stalls, {time.monotonic() - start:.0f} s",
                flush=True,
            )
    return round(tried * per_case), failures, time.monotonic() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--surface", action="append", choices=sorted(SURFACES),
                        help="a surface to fuzz (repeat for several; default all)")
    parser.add_argument("--inputs", type=int, default=1_000_000, help="inputs per surface")
    parser.add_argument("--chunk", type=int, default=20_000, help="cases per test process")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first chunk")
    parser.add_argument("--timeout", type=float, default=3600,
                        help="seconds a chunk may take before it counts as a stall")
    parser.add_argument("--out", type=Path, default=Path("fuzz-failures"),
                        help="where failing chunks are kept")
    args = parser.parse_args()
    results = []
    for surface in args.surface or list(SURFACES):
        print(f"{surface}:", flush=True)
        results.append((surface, *run_surface(args, surface)))
    print("\nsurface      inputs  failures  stalls  seconds")
    bad = False
    for surface, inputs, failures, seconds in results:
        print(f"{surface:10} {inputs:8} {failures['failure']:9} {failures['stall']:7} {seconds:8.0f}")
        bad |= failures["failure"] + failures["stall"] > 0
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
