#!/usr/bin/env python3
"""Plays two UCI engines against each other with Fairy-Stockfish's rules (pyffish) as referee.

For the games cutechess-cli does not know and XBoard cannot referee (janggi, whose palace
moves XBoard's Betza reader forfeits, and xiangqi), this plays a new Kraken against an old one
from the variant's opening suite, each position twice with the colours reversed, two games at
a time. Every move is checked against pyffish's legal moves; pyffish also ends the games
(mate, stalemate, repetition, the move rule, the variant's own rules). A game ends in a draw
after --max-plies plies, and for the side both engines agree is ahead by --resign centipawns
for --resign-moves moves each. A side that makes an illegal move, runs out of time or stops
answering loses; those are counted and printed, since each is a bug.

Like cutechess-cli's -sprt it stops once the sequential probability ratio test of elo0
against elo1 (logistic Elo, in the generalised SPRT approximation Fishtest uses; alpha = beta =
0.05) decides, or after --games.

  pip install pyffish
  scripts/referee_match.py --variant janggi --new target/release/kraken \\
      --old /tmp/kraken-old --games 400 --tc 3+0.03
"""

import argparse
import json
import math
import queue
import random
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pyffish

from suites import fens, suite_path

LOG_LOCK = threading.Lock()
LOWER, UPPER = math.log(0.05 / 0.95), math.log(0.95 / 0.05)


class Engine:
    """A UCI engine process."""

    def __init__(self, command, variant, options=()):
        self.process = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()
        self.send("uci")
        self.until("uciok", 10)
        self.send("setoption name Hash value 16")
        self.send(f"setoption name UCI_Variant value {variant}")
        for option in options:
            name, value = option.split("=", 1)
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until("readyok", 10)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read(self):
        for line in self.process.stdout:
            self.lines.put(line.strip())

    def until(self, word, timeout):
        """The lines up to the one starting with `word`; None when none comes in time."""
        lines, deadline = [], time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return None
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines

    def close(self):
        try:
            self.send("quit")
            self.process.wait(2)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def score_of(lines):
    """The last reported score in centipawns from the mover's view (mates as +-100000)."""
    score = None
    for line in lines:
        words = line.split()
        if words[:1] == ["info"] and "score" in words:
            i = words.index("score")
            kind, value = words[i + 1], int(words[i + 2])
            score = value if kind == "cp" else math.copysign(100000, value)
    return score


def play(args, fen, new_white):
    """One game; returns (points of the new engine, how it ended). With --log, the game (its
    start, moves, each mover's score from White's view and the result) is appended there as a
    line of JSON."""
    moves, ahead = [], []
    points, how = play_moves(args, fen, new_white, moves, ahead)
    if args.log:
        with LOG_LOCK, open(args.log, "a", encoding="utf-8") as log:
            log.write(json.dumps({"fen": fen, "new_white": new_white, "moves": moves,
                                  "scores": ahead, "points": points, "how": how}) + "\n")
    return points, how


def play_moves(args, fen, new_white, moves, ahead):
    """Plays one game, appending to `moves` and `ahead` (the movers' scores from White's
    view); returns (points of the new engine, how it ended)."""
    engines = {True: Engine(args.new, args.variant, args.new_option),
               False: Engine(args.old, args.variant, args.old_option)}
    base, inc = (float(x) for x in args.tc.split("+"))
    clock = {"w": base, "b": base}
    side = fen.split()[1]
    try:
        for engine in engines.values():
            engine.send("ucinewgame")
        while True:
            legal = pyffish.legal_moves(args.variant, fen, moves)
            if not legal:
                result = pyffish.game_result(args.variant, fen, moves)
                return outcome(result, side, new_white), "no legal moves"
            over, result = pyffish.is_immediate_game_end(args.variant, fen, moves)
            if not over:
                over, result = pyffish.is_optional_game_end(args.variant, fen, moves)
            if over:
                return outcome(result, side, new_white), "rules"
            if len(moves) >= args.max_plies:
                return 0.5, "move limit"
            engine = engines[(side == "w") == new_white]
            engine.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
            if args.nodes:
                engine.send(f"go nodes {args.nodes}")
            else:
                engine.send(f"go wtime {int(clock['w'] * 1000)} btime {int(clock['b'] * 1000)} "
                            f"winc {int(inc * 1000)} binc {int(inc * 1000)}")
            start = time.monotonic()
            lines = engine.until("bestmove", clock[side] + 5)
            if not args.nodes:
                clock[side] -= time.monotonic() - start
            new_to_move = (side == "w") == new_white
            if lines is None:
                return (0.0 if new_to_move else 1.0), f"{'new' if new_to_move else 'old'} stalled"
            if clock[side] < -args.margin / 1000:
                return (0.0 if new_to_move else 1.0), f"{'new' if new_to_move else 'old'} on time"
            clock[side] += inc
            move = lines[-1].split()[1]
            if move not in legal:
                return (0.0 if new_to_move else 1.0), f"{'new' if new_to_move else 'old'} " \
                                                      f"illegal move {move}"
            score = score_of(lines)
            # Both engines' scores from White's view, for the resign adjudication.
            ahead.append(None if score is None else (score if side == "w" else -score))
            window = ahead[-2 * args.resign_moves:]
            if len(window) == 2 * args.resign_moves and None not in window:
                if all(s >= args.resign for s in window):
                    return (1.0 if new_white else 0.0), "adjudicated"
                if all(s <= -args.resign for s in window):
                    return (0.0 if new_white else 1.0), "adjudicated"
            moves.append(move)
            side = "b" if side == "w" else "w"
    finally:
        for engine in engines.values():
            engine.close()


def outcome(result, side, new_white):
    """Points of the new engine for pyffish's result (for `side` to move: 0 draw, >0 win)."""
    if result == 0:
        return 0.5
    mover_wins = result > 0
    new_to_move = (side == "w") == new_white
    return 1.0 if mover_wins == new_to_move else 0.0


def llr(wins, draws, losses, elo0, elo1):
    """The log-likelihood ratio of elo1 against elo0 (the trinomial GSPRT approximation)."""
    n = wins + draws + losses
    if n == 0 or wins == 0 or losses == 0:
        return 0.0
    mean = (wins + draws / 2) / n
    variance = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean ** 2) / n
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def elo(score, games):
    """Elo difference for a score, with a 95% error margin."""
    p = min(max(score / games, 1e-3), 1 - 1e-3)
    margin = 1.96 * math.sqrt(p * (1 - p) / games)
    to_elo = lambda x: -400 * math.log10(1 / min(max(x, 1e-3), 1 - 1e-3) - 1)
    return to_elo(p), (to_elo(p + margin) - to_elo(p - margin)) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", required=True, help="the variant (UCI_Variant and pyffish)")
    parser.add_argument("--new", required=True, help="the changed engine")
    parser.add_argument("--old", required=True, help="the engine before the change")
    parser.add_argument("--games", type=int, default=400, help="most games (default 400)")
    parser.add_argument("--tc", default="3+0.03", help="seconds+increment (default 3+0.03)")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=10.0)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--resign", type=int, default=1000, help="centipawns (default 1000)")
    parser.add_argument("--resign-moves", type=int, default=4)
    parser.add_argument("--margin", type=int, default=50, help="time margin in ms (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--new-option", action="append", default=[], metavar="NAME=VALUE",
                        help="a UCI option for the new engine (repeatable)")
    parser.add_argument("--old-option", action="append", default=[], metavar="NAME=VALUE",
                        help="a UCI option for the old engine (repeatable), e.g. 'Use NNUE=false'")
    parser.add_argument("--nodes", type=int,
                        help="search this many nodes a move instead of playing on a clock "
                             "(fair while other work loads the machine; --tc then only bounds "
                             "the wait for a move)")
    parser.add_argument("--log", help="append each game as a line of JSON to this file")
    args = parser.parse_args()
    path = suite_path(args.variant)
    if path is None:
        sys.exit(f"no opening suite for {args.variant} in tests/data/openings")
    openings = fens(path)
    random.Random(args.seed).shuffle(openings)
    pairs = [(openings[i // 2 % len(openings)], i % 2 == 0) for i in range(args.games)]
    record, accidents, lock = [0, 0, 0], [], threading.Lock()
    stop = threading.Event()
    # The verdict when the ratio first left its bounds (games still running then are played
    # out and counted, as cutechess-cli does, but do not change it).
    decided = []

    def one(pair):
        if stop.is_set():
            return
        points, how = play(args, *pair)
        with lock:
            record[{1.0: 0, 0.5: 1, 0.0: 2}[points]] += 1
            if any(word in how for word in ("stalled", "time", "illegal")):
                accidents.append(f"{pair[0]}: {how}")
            ratio = llr(*record, args.elo0, args.elo1)
            print(f"{sum(record)} games: new {record[0]}-{record[1]}-{record[2]} "
                  f"(wins-draws-losses), llr {ratio:.2f} [{how}]", flush=True)
            if not LOWER < ratio < UPPER and not decided:
                decided.append(("H1 accepted" if ratio >= UPPER else "H0 accepted", sum(record)))
                stop.set()

    with ThreadPoolExecutor(args.concurrency) as pool:
        list(pool.map(one, pairs))
    wins, draws, losses = record
    games = wins + draws + losses
    diff, margin = elo(wins + draws / 2, games)
    ratio = llr(wins, draws, losses, args.elo0, args.elo1)
    verdict = f"{decided[0][0]} after {decided[0][1]} games" if decided else "no verdict"
    print(f"\n{args.variant}: new {wins}-{draws}-{losses} in {games} games, "
          f"{diff:+.1f} +/- {margin:.1f} Elo, LLR {ratio:.2f} ({LOWER:.2f}, {UPPER:.2f}) "
          f"{verdict}; {len(accidents)} forfeits")
    for accident in accidents:
        print("  " + accident)


if __name__ == "__main__":
    main()
