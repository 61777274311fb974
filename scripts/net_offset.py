#!/usr/bin/env python3
"""Moves a Kraken network's output by a number of centipawns for the side to move.

A network learns its teacher's bias: Fairy-Stockfish's scores at a low depth overrate the
side to move (capablanca at depth 7: +93 cp on average for the side to move on self-play
positions, +14 at depth 11), and a network trained on them adds that to every evaluation.
This script shifts the output bias of a network file by CP centipawns, in place:

  scripts/net_offset.py variants/nets/capablanca.nnue -45
"""

import argparse
import math
import struct
from pathlib import Path

# Centipawns per unit of the network's output (engine/src/search/net.rs, CP_PER_UNIT).
CP_PER_UNIT = 400.0 / math.log(10.0)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("net", type=Path, help="a network file, rewritten in place")
    parser.add_argument("cp", type=float, help="centipawns to add for the side to move")
    args = parser.parse_args()
    data = bytearray(args.net.read_bytes())
    if data[:8] != b"KRAKNET1":
        raise SystemExit(f"{args.net}: not a Kraken network")
    inputs, hidden = struct.unpack_from("<II", data, 8)
    floats = (inputs + 3) * hidden + 1
    if len(data) != 16 + 4 * floats:
        raise SystemExit(f"{args.net}: {len(data)} bytes, its shape needs {16 + 4 * floats}")
    # The output bias is the file's last weight.
    shift = args.cp / CP_PER_UNIT
    (bias,) = struct.unpack_from("<f", data, len(data) - 4)
    struct.pack_into("<f", data, len(data) - 4, bias + shift)
    args.net.write_bytes(bytes(data))
    print(f"{args.net}: output bias {bias:.6f} -> {bias + shift:.6f} ({args.cp:+g} cp)")


if __name__ == "__main__":
    main()
