//! Thinking output: a search [`Info`] as an XBoard thinking line or a UCI `info` line.

use movegen::{Move, MoveFormat, Position};

use super::dialect::Dialect;
use crate::search::{Bound, Info, Score};

/// The move texts of `pv` played out from `root`, up to the first move that is not legal
/// there (a hash collision could put one in).
pub fn pv_text(root: &Position, pv: &[Move], format: MoveFormat) -> Vec<String> {
    let mut pos = root.clone();
    let mut texts = Vec::with_capacity(pv.len());
    for mv in pv {
        if !pos.legal_moves().contains(mv) {
            break;
        }
        texts.push(pos.move_text(mv, format));
        pos.make(*mv);
    }
    texts
}

/// XBoard's mate score base: mate in N moves is `100000 + N`.
const XBOARD_MATE: i32 = 100_000;

/// `depth score time nodes seldepth nps tbhits<TAB>pv`, with the score in centipawns (mates as
/// `100000 + N`), the time in centiseconds, and `?`/`!` after a failing-low/high PV.
pub fn xboard_line(info: &Info, pv: &[String]) -> String {
    let score = match info.score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => XBOARD_MATE + n,
        Score::Mate(n) => -XBOARD_MATE + n,
    };
    let centis = info.elapsed.as_millis() / 10;
    let mark = match info.bound {
        Bound::Exact => "",
        Bound::Lower => "!",
        Bound::Upper => "?",
    };
    format!(
        "{} {score} {centis} {} {} {} 0\t{}{mark}",
        info.depth,
        info.nodes,
        info.seldepth,
        nps(info),
        pv.join(" ")
    )
}

/// `info depth .. seldepth .. multipv .. score cp|mate .. [lowerbound|upperbound] nodes ..
/// nps .. time .. pv ..`, the score as `dialect` writes it.
pub fn uci_line(info: &Info, pv: &[String], dialect: Dialect) -> String {
    let score = dialect.score(info.score);
    let bound = match info.bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} time {}",
        info.depth,
        info.seldepth,
        info.multipv.max(1),
        info.nodes,
        nps(info),
        info.elapsed.as_millis()
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// Nodes per second so far.
fn nps(info: &Info) -> u64 {
    let micros = info.elapsed.as_micros().max(1);
    (u128::from(info.nodes) * 1_000_000 / micros) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn info(score: Score, bound: Bound) -> Info {
        Info {
            depth: 7,
            seldepth: 12,
            multipv: 1,
            score,
            bound,
            nodes: 5000,
            elapsed: Duration::from_millis(250),
            pv: Vec::new(),
        }
    }

    #[test]
    fn xboard_lines_use_centiseconds_and_mate_offsets() {
        let pv = ["e2e4".to_string(), "e7e5".to_string()];
        assert_eq!(
            xboard_line(&info(Score::Cp(31), Bound::Exact), &pv),
            "7 31 25 5000 12 20000 0\te2e4 e7e5"
        );
        assert!(xboard_line(&info(Score::Mate(3), Bound::Exact), &pv).starts_with("7 100003 "));
        assert!(xboard_line(&info(Score::Mate(-2), Bound::Exact), &pv).starts_with("7 -100002 "));
        assert!(xboard_line(&info(Score::Cp(5), Bound::Upper), &pv).ends_with("e7e5?"));
    }

    #[test]
    fn uci_lines_carry_every_field() {
        let pv = ["e2e4".to_string()];
        assert_eq!(
            uci_line(&info(Score::Mate(-2), Bound::Lower), &pv, Dialect::Uci),
            "info depth 7 seldepth 12 multipv 1 score mate -2 lowerbound nodes 5000 nps 20000 \
             time 250 pv e2e4"
        );
    }
}
