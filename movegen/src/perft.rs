//! Perft: counting the leaf nodes of the legal move tree, to check the generator.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::{moves::MoveList, position::Position};

/// Counts the legal move sequences of `depth` plies (bulk-counting the last ply).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal() as u64;
    }
    let mut moves = MoveList::new();
    pos.generate_legal(&mut moves);
    let mut nodes = 0;
    for &mv in &moves {
        pos.make(mv);
        nodes += perft(pos, depth - 1);
        pos.unmake();
    }
    nodes
}

/// [`perft`] that gives up, returning `None`, soon after `stop` is set (checked at every node
/// above the last ply), so that a protocol's `stop` or `quit` ends it at once.
pub fn perft_until(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth == 0 {
        return Some(1);
    }
    if depth == 1 {
        return Some(pos.count_legal() as u64);
    }
    let mut moves = MoveList::new();
    pos.generate_legal(&mut moves);
    let mut nodes = 0;
    for &mv in &moves {
        pos.make(mv);
        let below = perft_until(pos, depth - 1, stop);
        pos.unmake();
        nodes += below?;
    }
    Some(nodes)
}
