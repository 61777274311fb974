//! Perft: counting the leaf nodes of the legal move tree, to check the generator.

use crate::{
    moves::{Move, MoveList},
    position::Position,
};

/// Counts the legal move sequences of `depth` plies (bulk-counting the last ply).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.generate_legal(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in &moves {
        pos.make(mv);
        nodes += perft(pos, depth - 1);
        pos.unmake();
    }
    nodes
}

/// The perft count below each legal move of the position.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    moves
        .into_iter()
        .map(|mv| {
            pos.make(mv);
            let nodes = perft(pos, depth.saturating_sub(1));
            pos.unmake();
            (mv, nodes)
        })
        .collect()
}
