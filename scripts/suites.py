"""The opening suites of tests/data/openings as cutechess-cli reads them.

The suites are EPD records in Kraken's (Fairy-Stockfish's) FEN fields. cutechess-cli reads
them as they are for every variant it plays but shogi, whose FEN it wants as
`BOARD[HAND] SIDE - MOVENUMBER` (hands as '-' when empty); `cutechess_openings` writes such a
copy. Used by sprt.py and cutechess_match.py.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPENINGS = ROOT / "tests" / "data" / "openings"

# Kraken's variant name -> cutechess-cli's, where they differ.
CUTECHESS_NAMES = {"chess": "standard"}


def cutechess_variant(variant):
    return CUTECHESS_NAMES.get(variant, variant)


# Kraken's variant name -> XBoard's, where they differ.
XBOARD_NAMES = {"chess": "normal"}


def suite_path(variant):
    """The suite of `variant` (Kraken's name, cutechess's or XBoard's), or None."""
    others = [*CUTECHESS_NAMES.items(), *XBOARD_NAMES.items()]
    for name in (variant, *[k for k, v in others if v == variant]):
        path = OPENINGS / f"{name}.epd"
        if path.exists():
            return path
    return None


def board_size(path):
    """(files, ranks) of the first record of the EPD file `path`."""
    board = Path(path).read_text().split(maxsplit=1)[0].split("[")[0]
    rows = board.split("/")
    files = sum(int(n) if n.isdigit() else 1
                for n in re.findall(r"\d+|[A-Za-z]", rows[0]))
    return files, len(rows)


def cutechess_openings(variant, folder):
    """The path of an EPD file cutechess-cli reads for `variant`, written to `folder` when the
    suite needs rewriting; None when there is no suite."""
    path = suite_path(variant)
    if path is None or cutechess_variant(variant) != "shogi":
        return path
    lines = []
    for line in path.read_text().splitlines():
        board, side, _castling, _ep, rest = line.split(" ", 4)
        if board.endswith("[]"):
            board = board[:-2] + "[-]"
        fullmove = "1"
        for operation in rest.split(";"):
            words = operation.split()
            if len(words) == 2 and words[0] == "fmvn":
                fullmove = words[1]
        lines.append(f"{board} {side} - {fullmove}")
    out = Path(folder) / f"{variant}-cutechess.epd"
    out.write_text("\n".join(lines) + "\n")
    return out


def fens(path):
    """The full FENs of an EPD file's records (move counters from hmvc and fmvn)."""
    out = []
    for line in Path(path).read_text().splitlines():
        fields = line.split()
        ops = " ".join(fields[4:])
        half = re.search(r"hmvc (\d+)", ops)
        full = re.search(r"fmvn (\d+)", ops)
        out.append(" ".join(fields[:4] + [half.group(1) if half else "0",
                                          full.group(1) if full else "1"]))
    return out
