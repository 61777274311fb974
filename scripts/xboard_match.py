#!/usr/bin/env python3
"""Plays Kraken in a headless XBoard (under Xvfb) and fails on protocol accidents.

Each match is XBoard in match mode with legality testing on: Kraken against Fairy-Max (fed
through a filter, since Debian's Fairy-Max 5.0b can crash on the `computer` command XBoard
sends) or against itself. A game that ends in an illegal-move forfeit, a crash, a stalled
engine or a loss on time fails the run (exit status 1); so does a match that does not finish.

Needs the Debian packages xboard, xvfb and fairymax (`apt-get install xboard xvfb fairymax`).

  scripts/xboard_match.py --ci                 # the matches .ci/run plays
  scripts/xboard_match.py --variant shatranj --games 4 --tc 0:30 --inc 0.2
  scripts/xboard_match.py --variant hydra --opponent self \\
      --variants-file tests/data/protocol/hydra.ini
  scripts/xboard_match.py --variant chu --opponent hachu   # Debian's hachu (Chu Shogi)
  scripts/xboard_match.py --variant xiangqi --opponent fsf --fsf PATH/stockfish \
      --games 100 --tc 0:10 --inc 0.1 --openings     # Fairy-Stockfish speaks XBoard itself
  scripts/xboard_match.py --variant janggi --opponent old --old /tmp/kraken-old \
      --games 200 --tc 0:03 --inc 0.03 --openings --instances 2   # new binary against old

Against an older Kraken (--opponent old) the two appear in the PGN as "Kraken" and "old".
Matches that cutechess-cli cannot play (xiangqi, janggi) are tested this way; the last line
gives the new binary's wins, draws and losses with the Elo and its error bar. --instances N
runs N XBoard processes at once (one game each), each from its own share of the suite.

With --openings the games start from the variant's suite in tests/data/openings, each
position played twice with the colours reversed (XBoard's -lpi -2). Against an engine the
last line gives Kraken's score with its Elo and 95 % error bar.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cutechess_match import elo
from suites import fens, suite_path

ROOT = Path(__file__).resolve().parent.parent
KRAKEN = ROOT / "target" / "release" / "kraken"
HYDRA_FILE = ROOT / "tests" / "data" / "protocol" / "hydra.ini"

# What .ci/run plays: (variant, opponent, variants file).
CI_MATCHES = [
    ("capablanca", "fairymax", None),
    ("shatranj", "fairymax", None),
    ("hydra", "self", HYDRA_FILE),
]

# Words in XBoard's game-end comment that mean an accident rather than a game result.
ACCIDENTS = re.compile(
    r"illegal|invalid|on time|flag|crash|exit|disconnect|stall|false|error|abort|setup",
    re.IGNORECASE,
)

FILTER = """#!/bin/sh
# Fairy-Max without the commands Debian's 5.0b crashes on.
grep --line-buffered -v -e '^computer' | {fairymax} "$@"
"""


def find(program, extra=("/usr/games",)):
    """The path of `program` on PATH or in the Debian games directory."""
    found = shutil.which(program)
    if found:
        return found
    for folder in extra:
        candidate = Path(folder) / program
        if candidate.exists():
            return str(candidate)
    return None


def games_of(pgn_text):
    """(headers, movetext) of every game in a PGN text."""
    games = []
    for chunk in re.split(r"\n(?=\[Event )", pgn_text.strip()):
        if not chunk.strip():
            continue
        headers = dict(re.findall(r'^\[(\w+) "(.*)"\]$', chunk, re.MULTILINE))
        body = "\n".join(l for l in chunk.splitlines() if not l.startswith("["))
        games.append((headers, body))
    return games


def termination(body):
    """XBoard's comment on how the game ended (the last braced comment)."""
    comments = re.findall(r"\{([^}]*)\}", body)
    return comments[-1].strip() if comments else ""


def position_file(variant, workdir, share=(0, 1)):
    """The variant's opening suite as a file of FENs for XBoard's -lpf, or None; `share`
    (k, n) starts it at the k-th of n equal parts, so that n matches open differently."""
    path = suite_path(variant)
    if path is None:
        return None
    # XBoard writes the horse and the elephant of its Asian games as H and E.
    letters = str.maketrans("nbNB", "heHE") if variant in ("xiangqi", "janggi") else {}
    positions = [fen.translate(letters) for fen in fens(path)]
    start = len(positions) * share[0] // share[1]
    out = workdir / f"{variant}-openings.fen"
    out.write_text("\n".join(positions[start:] + positions[:start]) + "\n")
    return out


def play(variant, opponent, variants_file, games, tc, inc, kraken, workdir, openings=False,
         fsf=None, old=None, share=(0, 1)):
    """Plays one match; returns (ok, summary lines, Kraken's [wins, draws, losses])."""
    xboard = find("xboard")
    xvfb = find("xvfb-run")
    if not xboard or not xvfb:
        return False, ["xboard or xvfb-run is missing: apt-get install xboard xvfb fairymax"], None
    kraken_cmd = str(kraken)
    if variants_file:
        kraken_cmd += f" --variants-file {variants_file}"
    if opponent == "fairymax":
        fairymax = find("fairymax")
        if not fairymax:
            return False, ["fairymax is missing: apt-get install fairymax"], None
        filter_path = workdir / "fairymax-filtered"
        filter_path.write_text(FILTER.format(fairymax=fairymax))
        filter_path.chmod(0o755)
        second = str(filter_path)
    elif opponent == "hachu":
        second = find("hachu")
        if not second:
            return False, ["hachu is missing: apt-get install hachu"], None
    elif opponent == "fsf":
        second = fsf or find("fairy-stockfish")
        if not second:
            return False, ["Fairy-Stockfish is missing: give --fsf PATH"], None
    elif opponent == "old":
        if not old:
            return False, ["the older Kraken is missing: give --old PATH"], None
        second = str(old) + (f" --variants-file {variants_file}" if variants_file else "")
    else:
        second = kraken_cmd
    pgn = workdir / f"{variant}.pgn"
    debug = workdir / f"{variant}.debug"
    home = workdir / "home"
    home.mkdir(exist_ok=True)
    minutes, _, seconds = tc.partition(":")
    base = float(minutes) * 60 + float(seconds or 0)
    # Every game may use both clocks in full over 200 moves, plus start-up.
    limit = int(games * (2 * (base + 200 * float(inc)) + 30)) + 60
    command = [
        "timeout", str(limit), xvfb, "-a", xboard,
        "-fcp", kraken_cmd, "-fd", str(workdir),
        "-scp", second, "-sd", str(workdir),
        "-variant", variant,
        "-matchMode", "true", "-matchGames", str(games),
        "-tc", tc, "-inc", str(inc),
        "-testLegality", "true", "-autoCallFlag", "true",
        "-adjudicateDrawMoves", "200",
        "-saveGameFile", str(pgn),
        "-debugMode", "true", "-nameOfDebugFile", str(debug),
        "-popupExitMessage", "false", "-ponderNextMove", "false",
    ]
    if opponent == "fsf":
        # Classical evaluation: there are no networks here.
        command += ["-secondOptions", "Use NNUE=0"]
    if opponent == "old":
        command += ["-fn", "Kraken", "-sn", "old"]
    if openings:
        positions = position_file(variant, workdir, share)
        if positions is None:
            return False, [f"{variant}: no opening suite in tests/data/openings"], None
        command += ["-loadPositionFile", str(positions), "-loadPositionIndex", "-2"]
    env = dict(os.environ, HOME=str(home))
    run = subprocess.run(command, env=env, capture_output=True, text=True)
    lines = []
    ok = run.returncode == 0
    if not ok:
        lines.append(f"{variant}: xboard exited with status {run.returncode}")
    played = games_of(pgn.read_text(errors="replace")) if pgn.exists() else []
    if len(played) < games:
        ok = False
        lines.append(f"{variant}: {len(played)} of {games} games finished")
    score = {"Kraken": 0.0, opponent: 0.0}
    record = [0, 0, 0]
    for headers, body in played:
        result = headers.get("Result", "*")
        white, black = headers.get("White", "?"), headers.get("Black", "?")
        end = termination(body)
        loser = {"1-0": black, "0-1": white}.get(result)
        accident = ACCIDENTS.search(end) is not None or result == "*"
        kraken_lost = loser is not None and loser.startswith("Kraken")
        if accident and (kraken_lost or opponent == "self" or result == "*"):
            ok = False
            lines.append(f"{variant}: FAILED {white} - {black} {result} {{{end}}}")
        else:
            lines.append(f"{variant}: {white} - {black} {result} {{{end}}}")
        if opponent != "self":
            kraken_white = white.startswith("Kraken")
            points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            mine = points if kraken_white else 1.0 - points
            record[{1.0: 0, 0.5: 1, 0.0: 2}[mine]] += 1
            score["Kraken"] += mine
            score[opponent] += 1.0 - mine
    if opponent != "self" and played:
        diff, margin = elo(score["Kraken"], len(played))
        lines.append(
            f"{variant}: Kraken {score['Kraken']:g} - {score[opponent]:g} {opponent} "
            f"({record[0]}-{record[1]}-{record[2]}, {diff:+.0f} +/- {margin:.0f} Elo, "
            f"{len(played)} games)"
        )
    if not ok and debug.exists():
        tail = debug.read_text(errors="replace").splitlines()[-40:]
        lines.append(f"{variant}: last lines of {debug}:")
        lines.extend("    " + l for l in tail)
    return ok, lines, record


def make(folder):
    """`folder`, created if need be."""
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ci", action="store_true", help="play the matches of .ci/run")
    parser.add_argument("--variant", default="capablanca")
    parser.add_argument("--opponent", choices=["fairymax", "hachu", "fsf", "self", "old"],
                        default="fairymax")
    parser.add_argument("--fsf", help="Fairy-Stockfish binary for --opponent fsf")
    parser.add_argument("--old", type=Path, help="the older Kraken for --opponent old")
    parser.add_argument("--instances", type=int, default=1,
                        help="XBoard processes at once, the games shared among them")
    parser.add_argument("--openings", action="store_true",
                        help="start from the variant's suite in tests/data/openings")
    parser.add_argument("--variants-file", type=Path)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--tc", default="0:10", help="XBoard -tc, minutes:seconds per game")
    parser.add_argument("--inc", default="0.1", help="increment in seconds")
    parser.add_argument("--kraken", type=Path, default=KRAKEN)
    parser.add_argument("--keep", type=Path, help="keep PGNs and logs in this folder")
    args = parser.parse_args()
    if not args.kraken.exists():
        print(f"{args.kraken} is missing: cargo build --release", file=sys.stderr)
        return 2
    variants_file = args.variants_file.resolve() if args.variants_file else None
    matches = CI_MATCHES if args.ci else [(args.variant, args.opponent, variants_file)]
    all_ok = True
    with tempfile.TemporaryDirectory(prefix="kraken-xboard-") as tmp:
        workdir = args.keep or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        for variant, opponent, variants_file in matches:
            n = max(1, args.instances)
            folders = [workdir / f"{variant}-{k}" if n > 1 else workdir for k in range(n)]
            with ThreadPoolExecutor(n) as pool:
                results = list(pool.map(
                    lambda k: play(
                        variant, opponent, variants_file,
                        args.games // n + (k < args.games % n), args.tc, args.inc,
                        args.kraken.resolve(), make(folders[k]).resolve(), args.openings,
                        args.fsf, args.old and args.old.resolve(), (k, n),
                    ),
                    range(n),
                ))
            for ok, lines, _ in results:
                all_ok &= ok
                for line in lines:
                    print(line, flush=True)
            records = [r for _, _, r in results if r]
            if n > 1 and opponent != "self" and records:
                wins, draws, losses = (sum(r[i] for r in records) for i in range(3))
                played = wins + draws + losses
                diff, margin = elo(wins + draws / 2, played)
                print(f"{variant}: Kraken {wins}-{draws}-{losses} (wins-draws-losses) against "
                      f"{opponent}: {diff:+.1f} +/- {margin:.1f} Elo, {played} games", flush=True)
    print("xboard matches: " + ("ok" if all_ok else "FAILED"))
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
