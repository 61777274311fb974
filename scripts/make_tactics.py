#!/usr/bin/env python3
"""Makes a tactical test suite for `kraken tactics` from games Kraken lost.

It replays the games of cutechess-cli PGN files (with pyffish, Fairy-Stockfish's rules, so any
variant works) and picks the positions where Kraken moved and the opponent's own score (the
engine comment cutechess writes after each move) then jumped by at least --swing centipawns in
the opponent's favour. Each is searched by Fairy-Stockfish (classical evaluation, MultiPV 2) to
--depth; it is kept when the best move beats the second by at least --gap centipawns, with that
move as `bm`. Kraken's own moves and scores play no part in the choice of the answer.

  pip install pyffish
  scripts/make_tactics.py --fsf PATH/stockfish --variant chess games.pgn > suite.epd
"""

import argparse
import re
import sys

import pyffish

from compare_eval import Uci


def games(text):
    """(headers, moves with their comments) of each game of a PGN text."""
    for chunk in re.split(r"\n(?=\[Event )", text.strip()):
        headers = dict(re.findall(r'^\[(\w+) "(.*)"\]$', chunk, re.MULTILINE))
        body = "\n".join(l for l in chunk.splitlines() if not l.startswith("["))
        body = re.sub(r"\d+\.(\.\.)?", " ", body)
        moves = re.findall(r"(\S+)\s*\{([^}]*)\}", body)
        yield headers, moves


def score_of(comment):
    """The score in a cutechess comment ('+0.35/12 0.1s', '-M5/20 ...'), in centipawns."""
    found = re.match(r"\s*([+-]?)(M?)([\d.]+)/", comment)
    if not found:
        return None
    sign, mate, value = found.groups()
    cp = 30000 if mate else round(float(value) * 100)
    return -cp if sign == "-" else cp


def uci_of(variant, fen, san):
    """The move of `fen` written `san`, in Fairy-Stockfish's UCI form."""
    for move in pyffish.legal_moves(variant, fen, []):
        if pyffish.get_san(variant, fen, move) == san:
            return move
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--variant", default="chess", help="pyffish's variant name")
    parser.add_argument("--kraken-variant", help="Kraken's name if not the same")
    parser.add_argument("--fsf", required=True)
    parser.add_argument("--swing", type=int, default=150)
    parser.add_argument("--gap", type=int, default=100)
    parser.add_argument("--depth", type=int, default=16)
    parser.add_argument("--name", default="Kraken", help="Kraken's player name in the PGN")
    args = parser.parse_args()
    variant = args.variant
    options = [("Use NNUE", "false"), ("MultiPV", "2")]
    if variant != "chess":
        options.append(("UCI_Variant", variant))
    fsf = Uci(args.fsf, options)
    seen = set()
    count = 0
    for path in args.pgn:
        for number, (headers, moves) in enumerate(games(open(path).read()), 1):
            fen = headers.get("FEN") or pyffish.start_fen(variant)
            kraken_white = headers.get("White", "").startswith(args.name)
            last_other = None
            candidates = []
            for ply, (san, comment) in enumerate(moves):
                white_moves = (" w " in f" {fen.split()[1]} ")
                kraken_moves = white_moves == kraken_white
                move = uci_of(variant, fen, san)
                if move is None:
                    break
                score = score_of(comment)
                if not kraken_moves and score is not None:
                    if last_other is not None and score - last_other >= args.swing \
                            and abs(last_other) < 500 and candidates:
                        candidates[-1] = (candidates[-1][0], candidates[-1][1], True)
                    last_other = score
                if kraken_moves:
                    candidates.append((fen, ply, False))
                fen = pyffish.get_fen(variant, fen, [move])
            for position, ply, blunder in candidates:
                if not blunder or position in seen:
                    continue
                seen.add(position)
                fsf.send(f"position fen {position}")
                fsf.send(f"go depth {args.depth}")
                lines = {}
                for line in fsf.until(lambda l: l.startswith("bestmove")):
                    found = re.search(r"multipv (\d).*score cp (-?\d+).* pv (\S+)", line)
                    if found:
                        lines[int(found.group(1))] = (int(found.group(2)), found.group(3))
                if 1 not in lines or 2 not in lines or lines[1][0] - lines[2][0] < args.gap:
                    continue
                fields = position.split()
                kv = args.kraken_variant or variant
                extra = f" variant {kv};" if kv != "chess" else ""
                counters = f"hmvc {fields[4]}; fmvn {fields[5]};" if len(fields) >= 6 else ""
                print(f"{' '.join(fields[:4])} {counters} bm {lines[1][1]};{extra} "
                      f"id \"{path.split('/')[-1]} game {number} ply {ply + 1}\"; "
                      f"c0 \"Fairy-Stockfish depth {args.depth}: {lines[1][0]} against "
                      f"{lines[2][0]}\";", flush=True)
                count += 1
    fsf.close()
    print(f"{count} positions", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
