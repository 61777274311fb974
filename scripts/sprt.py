#!/usr/bin/env python3
"""SPRT self-play of a new Kraken against an old one under cutechess-cli.

Every change to search or evaluation is kept only when this says it gains: the games start
from the variant's suite in tests/data/openings (random order, each opening played with both
colours), and the test stops when the log-likelihood ratio crosses a bound (H1: the change
gains elo1 or more; H0: it gains elo0 or less). Put the last lines (Elo, error, LLR, games) and
`kraken bench`'s signature into the commit message.

  cp target/release/kraken /tmp/kraken-old     # before the change
  cargo build --release                        # after it
  scripts/sprt.py --old /tmp/kraken-old --variant chess
  scripts/sprt.py --old /tmp/kraken-old --variant shogi --tc 10+0.1 --elo0 0 --elo1 5
  scripts/sprt.py --old /tmp/kraken-old --prior 324-278-365   # go on with a stopped test

A test stopped undecided goes on with --prior WINS-LOSSES-DRAWS (the new binary's score of
the games already played, same binaries and conditions): the log-likelihood ratio is then
computed here, over the old and the new games together, the way cutechess-cli computes it.

Needs cutechess-cli on PATH (or --cutechess). Use the machine for nothing else meanwhile: two
games at a time on two cores.
"""

import argparse
import math
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from suites import cutechess_openings, cutechess_variant

ROOT = Path(__file__).resolve().parent.parent
KRAKEN = ROOT / "target" / "release" / "kraken"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--new", type=Path, default=KRAKEN, help="the changed binary")
    parser.add_argument("--old", type=Path, required=True, help="the binary before the change")
    parser.add_argument("--variant", default="chess", help="Kraken's variant name")
    parser.add_argument("--tc", default="3+0.03", help="cutechess tc (seconds+increment)")
    parser.add_argument("--nodes", type=int,
                        help="search this many nodes a move instead of playing on a clock "
                             "(fair while other work loads the machine)")
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=10.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--max-games", type=int, default=20000)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--hash", type=int, default=16, help="hash table of each engine, MB")
    parser.add_argument("--cutechess", default=shutil.which("cutechess-cli"))
    parser.add_argument("--pgn", type=Path, help="save the games here")
    parser.add_argument("--prior", type=parse_score, default=(0, 0, 0),
                        help="WINS-LOSSES-DRAWS of games already played in this test")
    args = parser.parse_args()
    if not args.cutechess:
        sys.exit("cutechess-cli is not on PATH (see README, Testing strength)")
    for binary in (args.new, args.old):
        if not binary.exists():
            sys.exit(f"{binary} is missing")
    with tempfile.TemporaryDirectory(prefix="kraken-sprt-") as tmp:
        openings = cutechess_openings(args.variant, tmp)
        if openings is None:
            sys.exit(f"no opening suite for {args.variant} in tests/data/openings")
        command = [
            args.cutechess,
            "-variant", cutechess_variant(args.variant),
            "-engine", "name=new", f"cmd={args.new.resolve()}",
            "-engine", "name=old", f"cmd={args.old.resolve()}",
            "-each", "proto=uci", *limit(args), f"option.Hash={args.hash}",
            "-openings", f"file={openings}", "format=epd", "order=random", "policy=round",
            "-repeat", "-games", "2", "-rounds", str(args.max_games // 2),
            *sprt_option(args),
            "-concurrency", str(args.concurrency), "-recover", "-ratinginterval", "50",
            "-draw", "movenumber=40", "movecount=8", "score=15", "-maxmoves", "200",
            "-resign", "movecount=4", "score=1000", "twosided=true",
            "-pgnout", str(args.pgn or Path(tmp) / "games.pgn"),
        ]
        print(" ".join(command), flush=True)
        process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        last = []
        for line in process.stdout:
            if re.match(r"(Score of|Elo difference|SPRT|Finished match|.*forfeit|.*illegal)",
                        line, re.IGNORECASE):
                print(line, end="", flush=True)
                last.append(line.rstrip())
            score = re.match(r"Score of new vs old: (\d+) - (\d+) - (\d+)", line)
            if score and args.prior != (0, 0, 0):
                total = [a + b for a, b in zip(args.prior, map(int, score.groups()))]
                verdict = combined_verdict(total, args)
                print(verdict, flush=True)
                last.append(verdict)
                if "accepted" in verdict:
                    process.terminate()
        process.wait()
        print("\nsummary (for the commit message):")
        verdict = "SPRT" if args.prior == (0, 0, 0) else "Combined"
        for prefix in ("Score of", "Elo difference", verdict):
            lines = [l for l in last if l.startswith(prefix)]
            if lines:
                print("  " + lines[-1])
        return process.returncode


def limit(args):
    """cutechess-cli's limit of each move: the clock, or a node count."""
    if args.nodes:
        return ["tc=inf", f"nodes={args.nodes}"]
    return [f"tc={args.tc}", "timemargin=50"]


def parse_score(text):
    """'W-L-D' -> (W, L, D)."""
    parts = text.split("-")
    if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"expected WINS-LOSSES-DRAWS, got {text!r}")
    return tuple(int(p) for p in parts)


def sprt_option(args):
    """cutechess-cli's own SPRT, when the test starts afresh (with a prior it is computed here)."""
    if args.prior != (0, 0, 0):
        return []
    return ["-sprt", f"elo0={args.elo0}", f"elo1={args.elo1}", f"alpha={args.alpha}",
            f"beta={args.beta}"]


def bayes_probabilities(bayes_elo, draw_elo):
    """Win, loss and draw probabilities of the BayesElo model."""
    win = 1 / (1 + 10 ** ((draw_elo - bayes_elo) / 400))
    loss = 1 / (1 + 10 ** ((draw_elo + bayes_elo) / 400))
    return win, loss, 1 - win - loss


def sprt_llr(wins, losses, draws, elo0, elo1):
    """The log-likelihood ratio of H1 (elo1) against H0 (elo0), as cutechess-cli computes it:
    the draw rate fixes BayesElo's draw Elo, and both hypotheses are scaled into BayesElo."""
    if min(wins, losses, draws) == 0:
        return 0.0
    games = wins + losses + draws
    p_win, p_loss = wins / games, losses / games
    draw_elo = 200 * math.log10((1 - p_loss) / p_loss * (1 - p_win) / p_win)
    x = 10 ** (-draw_elo / 400)
    scale = 4 * x / (1 + x) ** 2
    p0 = bayes_probabilities(elo0 / scale, draw_elo)
    p1 = bayes_probabilities(elo1 / scale, draw_elo)
    return sum(n * math.log(b / a) for n, a, b in zip((wins, losses, draws), p0, p1))


def combined_verdict(total, args):
    """One line on the old and new games together: LLR, bounds and, once crossed, the verdict."""
    llr = sprt_llr(*total, args.elo0, args.elo1)
    lower = math.log(args.beta / (1 - args.alpha))
    upper = math.log((1 - args.beta) / args.alpha)
    wins, losses, draws = total
    line = (f"Combined with the prior: {wins} - {losses} - {draws} ({sum(total)} games), "
            f"LLR {llr:.2f} ({lower:.2f}, {upper:.2f})")
    if llr >= upper:
        line += " - H1 accepted"
    elif llr <= lower:
        line += " - H0 accepted"
    return line


if __name__ == "__main__":
    sys.exit(main())
