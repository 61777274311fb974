//! The rules of a variant as data: board, piece types, castling, promotion, drops, game end.
//!
//! `variants` fills these from variant files; the generator reads them.

use crate::{
    attack_lines::AttackLines,
    chasing::Chasing,
    connect::Connect,
    enclosing::{Enclosing, EnclosingRule},
    flipping::FlipRule,
    hooks::Hooks,
    moves::{Move, MoveKind},
    position::{attack_table::attack_desc, CastlingSquares},
    walling::{Walling, WallingRule},
};
use notation::{compile, Atom, Color, Geometry, MoveTable, PathKind, PieceDesc, Square, SquareSet};

/// Index of a piece type in [`Rules::pieces`].
pub type PieceId = u8;

/// Most piece types a variant may have.
pub const MAX_PIECE_TYPES: usize = 120;

/// Moves a piece type makes while it stands on certain squares (Xiangqi's soldier across the
/// river).
#[derive(Clone, Debug)]
pub struct ZoneMoves {
    /// Where these moves replace the normal ones, per colour.
    pub zone: [SquareSet; 2],
    /// The moves.
    pub desc: PieceDesc,
    /// The moves compiled per colour.
    pub tables: [MoveTable; 2],
    /// The capturing part of the moves compiled per colour (for check detection).
    pub attack_tables: [MoveTable; 2],
}

impl ZoneMoves {
    /// Compiles the moves `desc` for the squares `zone` (per colour) of `geometry`.
    pub fn new(zone: [SquareSet; 2], desc: PieceDesc, geometry: &Geometry) -> ZoneMoves {
        let attack = attack_desc(&desc);
        ZoneMoves {
            zone,
            tables: Color::ALL.map(|c| compile(&desc, geometry, c)),
            attack_tables: Color::ALL.map(|c| compile(&attack, geometry, c)),
            desc,
        }
    }
}

/// Whether `c` may follow a piece's letter in its id (`N'`, `N!`, as XBoard and HaChu dress
/// letters).
pub fn is_id_dress(c: char) -> bool {
    c == '\'' || c == '!'
}

/// A kind of piece.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// Human name ("knight").
    pub name: String,
    /// FEN symbol of the white piece: one uppercase letter, maybe followed by `'` or `!`
    /// (`N`, `N'`, `N!`); black uses the lowercase letter. Promoted shogi-style types start
    /// with `+`.
    pub symbol: String,
    /// The moves in XBetza.
    pub betza: String,
    /// The parsed moves.
    pub desc: PieceDesc,
    /// The moves compiled per colour.
    pub tables: [MoveTable; 2],
    /// The capturing part of the moves compiled per colour (for check detection).
    pub attack_tables: [MoveTable; 2],
    /// Whether some capture is a lame leap (moving a piece away can open it).
    pub lame_attacker: bool,
    /// Whether some capture is a hop (moving a piece in or out of a line can open it).
    pub hopper: bool,
    /// Whether it moves as an imitator (`I`): its own moves leave the imitated type unchanged.
    pub imitator: bool,
    /// Per colour, the squares where a move of this type needs nothing but adding to the
    /// list (no region, promotion or immobility rule to look at): every square for most
    /// types, those outside the promotion zone for a pawn; set by [`Rules::finish`].
    pub plain_targets: [SquareSet; 2],
    /// The type this piece becomes after each of its moves but promotions (cutechess's
    /// gryphon and change-over chess; Kraken's `transformAfterMove`).
    pub after_move: Option<PieceId>,
    /// Most pieces of this type a side may have on the board after a move; a piece whose
    /// `after_move` type is at its limit may not move (cutechess's gryphon chess; Kraken's
    /// `pieceLimit`).
    pub max_count: Option<u8>,
    /// The piece may make its initial (`i`) moves whenever it stands on one of its
    /// `initial_squares`, moved or not (Fairy-Stockfish's double-step region for pawns); when
    /// false, only a piece that never moved may.
    pub initial_in_region: bool,
    /// Whether losing it (to capture or check) loses the game.
    pub royal: bool,
    /// Squares the piece may never leave, per colour (palaces); `None`: the whole board.
    pub region: Option<[SquareSet; 2]>,
    /// Other moves on some squares.
    pub zone_moves: Option<ZoneMoves>,
    /// Squares where a piece of this type counts as never moved when a FEN is read, per colour
    /// (pawns on their start rank). Castling pieces take their rights from the FEN instead.
    pub initial_squares: [SquareSet; 2],
    /// Squares one rank ahead, for each colour, of where this type stands in the start
    /// position: where it may make its `ii` moves (set from the variant's start position).
    pub ahead_of_start: [SquareSet; 2],
    /// Where this type promotes, per colour, when it differs from the rules' zone.
    pub promotion_zone: Option<[SquareSet; 2]>,
    /// The shogi-style promoted form (`+P`), if any.
    pub promoted: Option<PieceId>,
    /// For a promoted form: the type it was promoted from (it goes to hand as that type).
    pub unpromoted: Option<PieceId>,
    /// Squares where the piece has no move at all, even on an empty board, per colour.
    pub immobile: [SquareSet; 2],
    /// Its value in centipawns when the variant file gives one (the evaluation derives one
    /// from the moves otherwise).
    pub value: Option<i32>,
    /// It hops over no piece of its own type and captures none (Janggi's cannon; the
    /// `janggiCannon` piece key).
    pub shuns_own_kind: bool,
    /// Its moves along the lines of [`Rules::diagonal_lines`], if it has any there.
    pub line_moves: Option<LineMoves>,
    /// A capture turns it into a wall on the square it took (Fairy-Stockfish's
    /// `petrifyOnCaptureTypes`); a royal piece of the type never captures nor attacks.
    pub petrifies: bool,
    /// Tenjiku Shogi's Fire Demon (Kraken's `burningPieceTypes`): after each of its moves
    /// every enemy piece next to its target square burns (leaves the board), and any piece
    /// moving next to an enemy piece of such a type burns itself, before it burns anything.
    pub burns: bool,
    /// Tenjiku Shogi's range-capturing generals (Kraken's `jumpCaptureRanks`): with a rank
    /// above 0, the piece's capturing slides go on past pieces of a lower rank, friend or foe,
    /// and take any enemy piece of a lower rank there (royal pieces have the highest rank).
    /// Moves that take nothing do not jump.
    pub jump_rank: u8,
    /// HaChu's Werewolf (Kraken's `contagiousPieceTypes`): a piece that is not royal and takes
    /// one on its target square becomes one, a promotion that move must make (and the only
    /// one it may: a pawn taking one on the last rank becomes one too).
    pub contagious: bool,
}

/// The diagonal moves a piece makes along the palace lines of Janggi
/// ([`Rules::diagonal_lines`]): the diagonal counterparts of its orthogonal moves, ending only
/// on line squares.
#[derive(Clone, Debug)]
pub struct LineMoves {
    /// The moves.
    pub desc: PieceDesc,
    /// The moves compiled per colour.
    pub tables: [MoveTable; 2],
}

impl LineMoves {
    /// Compiles the moves `desc` for `geometry`.
    pub fn new(desc: PieceDesc, geometry: &Geometry) -> LineMoves {
        LineMoves {
            tables: Color::ALL.map(|c| compile(&desc, geometry, c)),
            desc,
        }
    }
}

impl PieceType {
    /// Makes a piece type from XBetza, compiled for `geometry`.
    pub fn new(
        name: &str,
        symbol: &str,
        betza: &str,
        desc: PieceDesc,
        geometry: &Geometry,
    ) -> Self {
        let tables = Color::ALL.map(|c| compile(&desc, geometry, c));
        let attack = attack_desc(&desc);
        let attack_tables = Color::ALL.map(|c| compile(&attack, geometry, c));
        let immobile = [0, 1].map(|c| {
            geometry
                .squares()
                .filter(|&sq| !has_any_move(&tables[c], sq))
                .collect::<SquareSet>()
        });
        PieceType {
            name: name.to_string(),
            symbol: symbol.to_string(),
            betza: betza.to_string(),
            immobile,
            lame_attacker: geometry
                .squares()
                .any(|sq| attack_tables[0].leaps(sq).iter().any(|l| l.block.is_some())),
            hopper: geometry
                .squares()
                .any(|sq| !attack_tables[0].hops(sq).is_empty()),
            plain_targets: [SquareSet::EMPTY; 2],
            imitator: desc.moves.iter().any(|m| m.atom == Atom::Imitator),
            initial_in_region: false,
            tables,
            attack_tables,
            desc,
            royal: false,
            region: None,
            zone_moves: None,
            initial_squares: [SquareSet::EMPTY; 2],
            ahead_of_start: [SquareSet::EMPTY; 2],
            promotion_zone: None,
            promoted: None,
            unpromoted: None,
            value: None,
            after_move: None,
            max_count: None,
            shuns_own_kind: false,
            line_moves: None,
            petrifies: false,
            burns: false,
            jump_rank: 0,
            contagious: false,
        }
    }
}

impl PieceType {
    /// Whether some capture of a piece of `color` needs the general walker (multi-leg moves,
    /// locusts, the imitator), in its normal or its zone moves.
    pub fn attacks_by_paths(&self, color: Color) -> bool {
        let paths = |t: &MoveTable| !t.paths().is_empty();
        paths(&self.attack_tables[color.index()])
            || self
                .zone_moves
                .as_ref()
                .is_some_and(|z| paths(&z.attack_tables[color.index()]))
    }

    /// Whether every move keeps the piece on squares of one colour (leaps and slides only; a
    /// piece with other moves is taken as free).
    pub fn is_colour_bound(&self, geometry: &Geometry) -> bool {
        let shade = |sq: Square| (geometry.file(sq) + geometry.rank(sq)) & 1;
        self.tables.iter().all(|table| {
            table.paths().is_empty()
                && geometry.squares().all(|sq| {
                    table.hops(sq).is_empty()
                        && table.leaps(sq).iter().all(|l| shade(l.to) == shade(sq))
                        && table.slides(sq).iter().all(|s| {
                            table
                                .slide_squares(s)
                                .iter()
                                .all(|&to| shade(to) == shade(sq))
                        })
                })
        })
    }
}

/// Whether a piece moving by `table` has any move from `sq` on an empty board (first legs
/// only; castling, imitation and `U` count as moves).
fn has_any_move(table: &MoveTable, sq: Square) -> bool {
    !table.leaps(sq).is_empty()
        || !table.slides(sq).is_empty()
        || !table.hops(sq).is_empty()
        || table.paths().iter().any(|path| match path.legs.first() {
            Some(leg) if path.kind == PathKind::Legs => leg
                .dirs
                .iter()
                .any(|d| !table.family(leg).ray(sq, d).is_empty()),
            _ => true,
        })
}

/// Castling by the rules (as in chess), besides any `O` moves in XBetza.
#[derive(Clone, Debug, Default)]
pub struct Castling {
    /// Whether castling exists.
    pub enabled: bool,
    /// The piece type that castles (the king).
    pub king: Option<PieceId>,
    /// The piece types it castles with (rooks).
    pub partners: Vec<PieceId>,
    /// File (from 0) the king ends on when castling toward the h-side (kingside).
    pub kingside_file: u8,
    /// File the king ends on when castling toward the a-side (queenside).
    pub queenside_file: u8,
    /// Rank (from 0, white's view) castling happens on; black uses the mirrored rank.
    pub rank: u8,
    /// Files (kingside, queenside) of the partners `K` and `Q` mean in a FEN, when they are
    /// not the outermost ones (shako); `None`: the outermost.
    pub partner_files: Option<(u8, u8)>,
    /// A move of any castling king takes away its side's castling rights, whichever king
    /// would castle (two-kings chess; `castlingLostByAnyKing`).
    pub lost_by_any_king: bool,
    /// Castling takes the opponent's right on the same side (`oppositeCastling`).
    pub opposite: bool,
}

/// How pieces promote.
#[derive(Clone, Debug, Default)]
pub struct Promotion {
    /// Squares where promotion happens, per colour.
    pub zone: [SquareSet; 2],
    /// Types that promote by choice from `choices` (pawns).
    pub pawn_types: Vec<PieceId>,
    /// The types a pawn may promote to (white's, and black's unless `black_choices` says
    /// otherwise).
    pub choices: Vec<PieceId>,
    /// The types a black pawn may promote to when they differ from white's (chigorin).
    pub black_choices: Option<Vec<PieceId>>,
    /// The one type a pawn promotes to on each square, indexed by square, where the variant
    /// ties promotion to the start position (Kraken's `promotionToStartPiece`, Grande
    /// Acedrex); empty, or `None` for a square, where the pawn chooses from the lists above.
    pub on_square: Vec<Option<PieceId>>,
    /// Whether a pawn must promote when it reaches the zone.
    pub mandatory: bool,
    /// Whether a piece with a shogi-style promoted form must promote when it can
    /// (Fairy-Stockfish's `mandatoryPiecePromotion`).
    pub piece_mandatory: bool,
    /// Which moves may make a shogi-style promotion.
    pub piece_moves: PiecePromotionMoves,
    /// A promoted form (`+X`) flips back to its unpromoted type by the moves that could
    /// promote the unpromoted type, and must when promotion is mandatory (Fairy-Stockfish's
    /// `pieceDemotion`, Kyoto Shogi).
    pub piece_demotion: bool,
    /// A pawn may promote to a type, and a piece make a shogi-style promotion into a type
    /// it does not own (`promotedIntoType`), only while fewer than this many of it are on the
    /// board (`None`: no limit), indexed by type.
    pub limits: Vec<Option<u8>>,
    /// A move may not leave a piece where it has no move at all (shogi's last ranks).
    pub immobility_illegal: bool,
    /// Promoted pieces are marked (`~` in FEN) and go to hand as their unpromoted type
    /// (crazyhouse; bughouse, whose captures go to the partner's hand: Fairy-Stockfish's
    /// `twoBoards`).
    pub demote_to_hand: bool,
    /// Sittuyin's promotion (Fairy-Stockfish's `sittuyinPromotion`): a pawn does not promote
    /// by moving into the zone. Instead, a pawn standing in the zone (anywhere, when it is its
    /// side's last pawn) may spend a move turning into one of `choices` (within `limits`),
    /// either where it stands or on an empty square that piece could move to from there; the
    /// new piece may attack no enemy piece, and the move may give no check.
    pub sittuyin: bool,
}

/// Which moves may make a shogi-style promotion.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PiecePromotionMoves {
    /// Any move starting or ending in the zone (the default, shogi).
    #[default]
    InZone,
    /// Only a move that enters the zone from outside (XBoard's elven; `promotionOnEntry`).
    Entering,
    /// A move that enters the zone from outside, captures with its start or target square in
    /// the zone, or ends where the unpromoted piece has no move (Chu Shogi;
    /// `promotionOnEntryOrCapture`).
    EnteringOrCapturing,
    /// A capture starting or ending in the zone (Fairy-Stockfish's `piecePromotionOnCapture`,
    /// Micro Shogi).
    Capturing,
}

/// Drops from hand.
#[derive(Clone, Debug, Default)]
pub struct Drops {
    /// Whether pieces in hand may be dropped.
    pub enabled: bool,
    /// Whether captured pieces go to the captor's hand.
    pub captures_to_hand: bool,
    /// Where pieces may be dropped, per colour (`None`: any empty square).
    pub region: Option<[SquareSet; 2]>,
    /// A type that may not be dropped on a file holding this many of its own kind (nifu: 1;
    /// Fairy-Stockfish's `dropNoDoubled` and `dropNoDoubledCount`).
    pub no_doubled: Option<(PieceId, u8)>,
    /// A piece with a shogi-style promoted form may also be dropped promoted (Fairy-Stockfish's
    /// `dropPromoted`, Kyoto Shogi).
    pub promoted: bool,
    /// A type whose drop may not give mate (shogi pawn).
    pub no_drop_mate: Option<PieceId>,
    /// No drop may give check (Fairy-Stockfish's `dropChecks = false`, supply chess).
    pub no_checks: bool,
    /// Pawns may not be dropped in the promotion zone (crazyhouse).
    pub no_pawn_drops_in_zone: bool,
    /// Pawns may not be dropped on the first rank (crazyhouse).
    pub no_pawn_drops_on_first_rank: bool,
    /// A side with pieces in hand must drop one if it can (placement).
    pub must_drop: bool,
    /// The type a side must drop while it holds one (Fairy-Stockfish's `mustDropType`): drops
    /// of other types are then not allowed; `None`: any piece in hand.
    pub must_drop_type: Option<PieceId>,
    /// A type (bishop) whose drops must leave room for its kind on both square colours
    /// (placement).
    pub opposite_colored: Option<PieceId>,
    /// Dropping the castling king on this file of its castling rank, or a partner on a corner
    /// beside such a king, gives castling rights (placement).
    pub castling_king_file: Option<u8>,
    /// A type (the rook) that may be dropped only on its side's first rank (Fairy-Stockfish's
    /// `sittuyinRookDrop`).
    pub first_rank_only: Option<PieceId>,
    /// Drops placed by the pieces around them (Fairy-Stockfish's `enclosingDrop`).
    pub enclosing: Option<Enclosing>,
    /// Pieces are dropped without being held: the hands never change (Fairy-Stockfish's
    /// `freeDrops`, ataxx).
    pub free: bool,
}

/// Seirawan-style gating: a piece from hand may enter on the square a never-moved back-rank
/// piece leaves.
#[derive(Clone, Debug, Default)]
pub struct Gating {
    /// Whether gating exists.
    pub enabled: bool,
    /// The types that may be gated in.
    pub types: Vec<PieceId>,
}

/// The result of a finished game, from the view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
}

/// Losing (or winning) by running out of pieces: Fairy-Stockfish's `extinction...` keys.
#[derive(Clone, Debug)]
pub struct Extinction {
    /// The outcome for the side that ran out.
    pub value: Outcome,
    /// The types counted one by one; `None`: all pieces together (`*`).
    pub types: Option<Vec<PieceId>>,
    /// A side with at most this many of a counted type (on the board and in hand) ran out.
    pub count: u8,
    /// ... provided the other side has at least this many of it.
    pub opponent_count: u8,
    /// The side to move needs one more piece than `opponent_count` to claim (shatranj).
    pub claim: bool,
}

/// Winning by bringing pieces to a region (king of the hill, racing kings, breakthrough).
#[derive(Clone, Debug)]
pub struct Flag {
    /// Per colour, the type that must reach the region (`None`: any piece, Fairy-Stockfish's
    /// `*` and its default).
    pub pieces: [Option<PieceId>; 2],
    /// The region, per colour (empty: that side cannot win this way).
    pub region: [SquareSet; 2],
    /// How many of them must stand there (Fairy-Stockfish's `flagPieceCount`).
    pub count: u32,
    /// One is enough when the region has no empty square left (`flagPieceBlockedWin`).
    pub blocked_win: bool,
    /// The opponent gets one more move to reach its region too (Fairy-Stockfish's `flagMove`):
    /// both reaching it is a draw when black is the one to follow.
    pub extra_move: bool,
    /// Only pieces the opponent cannot capture there have reached the region, when there are
    /// just enough of them (Fairy-Stockfish's `flagPieceSafe`, dobutsu).
    pub safe: bool,
}

impl Outcome {
    /// The same result seen from the other side.
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

/// How games end.
#[derive(Clone, Debug)]
pub struct GameEnd {
    /// Value of checkmate for the mated side.
    pub checkmate: Outcome,
    /// Value of stalemate for the stalemated side.
    pub stalemate: Outcome,
    /// Stalemate is worth `stalemate` to the side with fewer pieces, the opposite to the side
    /// with more, a draw when both have as many (suicide chess).
    pub stalemate_piece_count: bool,
    /// Running out of pieces ends the game.
    pub extinction: Option<Extinction>,
    /// Reaching a region with a piece wins.
    pub flag: Option<Flag>,
    /// Lining up pieces wins (Fairy-Stockfish's `connectN` family).
    pub connect: Option<Connect>,
    /// Fairy-Stockfish's `countingRule` (makruk, cambodian, ASEAN): the weaker side counts
    /// its moves and the game is drawn when the count passes the limit; FENs carry the limit
    /// where the e.p. square would be.
    pub counting: Option<Counting>,
    /// Each side starts with a number of checks (FEN field `3+3`, white first); giving the
    /// last one wins.
    pub check_counting: bool,
    /// A side reduced to its royal pieces loses (shatranj's bare king).
    pub bare_king_loses: bool,
    /// A side without a royal piece loses (several royal pieces, none of them royal while
    /// there are more than one: [`OneRoyal::Alone`]; a Lion can take two at once).
    pub no_royal_loses: bool,
    /// Plies without capture or pawn move before a draw (0: none).
    pub move_rule: u16,
    /// Per colour, the types whose moves restart the count of `move_rule` (`None`: the pawn
    /// types).
    pub move_rule_types: [Option<Vec<PieceId>>; 2],
    /// Repetitions of a position that end the game (0: none).
    pub repetitions: u8,
    /// The outcome of such a repetition for the side to move (Fairy-Stockfish's `nFoldValue`:
    /// a win in Tori Shogi, where the side that repeats loses).
    pub repetition_value: Outcome,
    /// `repetition_value` is white's outcome rather than the side to move's
    /// (`nFoldValueAbsolute`).
    pub repetition_value_absolute: bool,
    /// A repetition in which one side checked with every move loses for that side
    /// (`perpetualCheckIllegal`: xiangqi, janggi, shogi).
    pub perpetual_check_loses: bool,
    /// Xiangqi's chasing rule (`chasingRule = axf`): a repetition in which one side chased
    /// the same piece with every move is lost by that side, and the move rule grows with
    /// checks; `None`: no such rule.
    pub chasing: Option<Chasing>,
    /// Janggi's move repetition rule (`moveRepetitionIllegal`): moving one piece to and fro
    /// five times in a row, never in check meanwhile, loses.
    pub repeated_move_loses: bool,
    /// Two passes in a row end the game, and so does a pass while the kings face each other
    /// under [`Rules::bikjang`] (Fairy-Stockfish's rule for variants with `pass`).
    pub passes_end: bool,
    /// A full board ends the game, decided by [`GameEnd::material_counting`] (a draw
    /// without it; Fairy-Stockfish's `adjudicateFullBoard`).
    pub full_board_ends: bool,
    /// How a game the rules would draw (by the move rule, repetition, stalemate, passes or
    /// bikjang) is decided instead (Fairy-Stockfish's `materialCounting`); `None`: it is drawn.
    pub material_counting: Option<MaterialCounting>,
    /// Shatar's mate rule (Fairy-Stockfish's `shatarMateRule`).
    pub shatar_mate: Option<ShatarMate>,
    /// Per colour, the sides (kingside, queenside) whose castling wins the game and whose
    /// right, once every such right of the colour is gone, loses it (`castlingWins`).
    pub castling_wins: [[bool; 2]; 2],
}

/// How a game the rules would draw is decided instead (Fairy-Stockfish's `materialCounting`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MaterialCounting {
    /// White wins if its weighted material on the board exceeds black's by more than `komi`;
    /// black wins otherwise (`janggi`).
    Weighted {
        /// Per piece type (indexed by type), what one piece counts.
        weights: Vec<i32>,
        /// How far white must be ahead (janggi: 1, the official 1.5 points on integer weights).
        komi: i32,
    },
    /// The side with more pieces on the board wins; equal numbers draw (`unweighted`).
    Unweighted,
    /// White wins (`whitedrawodds`).
    WhiteDrawOdds,
    /// Black wins (`blackdrawodds`: armageddon).
    BlackDrawOdds,
}

/// Shatar's mate rule: a checkmate given only by knights loses for the side that gave it, and a
/// checkmate wins only if a check by one of `shak` types (a "shak") came in the unbroken series
/// of checks that led to it; otherwise it is a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShatarMate {
    /// The knight type, whose checkmates alone are not allowed.
    pub knight: Option<PieceId>,
    /// The types whose checks count as shak (knight, rook, bers).
    pub shak: Vec<PieceId>,
}

impl GameEnd {
    /// Whether some rule can end the game before the side to move runs out of moves
    /// (extinction, a flag, check counting, castling).
    #[inline]
    pub fn has_variant_end(&self) -> bool {
        self.extinction.is_some()
            || self.flag.is_some()
            || self.connect.is_some()
            || self.check_counting
            || self.no_royal_loses
            || self.passes_end
            || self.full_board_ends
            || self.castling_wins != [[false; 2]; 2]
    }
}

/// Which counting rule a variant has (Fairy-Stockfish's `countingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// Makruk: the board's honour (64 moves once no pawn is left) and the pieces' honour
    /// (8 to 64 moves against a bare king, by the stronger side's pieces).
    Makruk,
    /// Cambodian (ouk): as makruk, one move shorter, and the board's honour counts only
    /// while the weaker side has at most three pieces.
    Cambodian,
    /// ASEAN chess: only the pieces' honour (16, 44 or 64 moves against a bare king).
    Asean,
    /// cutechess-cli's cambodian and sittuyin: the pieces' honour only, started once when a
    /// side is first left bare (64 moves while pawns remain), and the game is drawn when
    /// the count reaches the limit.
    BareKing,
}

/// A counting rule with the piece types its limits name.
#[derive(Clone, Copy, Debug)]
pub struct Counting {
    /// The rule.
    pub rule: CountingRule,
    /// The pawn type (no counting while pawns are on the board).
    pub pawn: Option<PieceId>,
    /// The rook type.
    pub rook: Option<PieceId>,
    /// The khon (silver general) type.
    pub khon: Option<PieceId>,
    /// The knight type.
    pub knight: Option<PieceId>,
}

/// Which of a side's royal pieces count as royal (Kraken's `oneRoyal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OneRoyal {
    /// Every royal piece (the default).
    #[default]
    All,
    /// Only the one on the lowest file, then the lowest rank (two-kings chess).
    FileThenRank,
    /// Only the one on the lowest file, then the lowest rank counted from its own side
    /// (symmetric two-kings chess).
    FileThenRelativeRank,
    /// A royal piece is royal only while it is its side's last one: a side with several may
    /// leave them all attacked, and a side that has lost them all has lost (Chu Shogi's King
    /// and Crown Prince, as XBoard referees it).
    Alone,
    /// As [`OneRoyal::Alone`], but a move is judged by the royal pieces before it
    /// (Fairy-Stockfish's `extinctionPseudoRoyal`): a side's only royal piece may not stand
    /// attacked after its move even when a promotion gave the side a second one, and a royal
    /// piece may not be dropped where it is attacked.
    AloneBeforeMove,
}

/// Which checks a move may give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// Any (chess).
    Allowed,
    /// None (racing kings; Fairy-Stockfish's `checking = false`).
    Forbidden,
    /// Only checkmate (checkless chess, as cutechess referees it; Kraken's `checking = mate`).
    MateOnly,
}

/// Which moves of a non-royal piece make it change sides (Andernach chess and its relatives,
/// as cutechess referees them; Kraken's `sideChange`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideChange {
    /// Captures (andernach).
    Captures,
    /// Moves that capture nothing (antiandernach).
    Quiet,
    /// Every move (superandernach).
    All,
}

/// Chu Shogi's Lion-trading rules as XBoard 4.9.1 applies them (Kraken's `lionTrading`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LionTrading {
    /// The Lion type.
    pub lion: PieceId,
    /// Types whose capture on the way does not let a Lion take a protected Lion from afar
    /// (Chu's Pawn and Go-between).
    pub worthless: Vec<PieceId>,
}

/// Rules about what moves may do beyond chess: captures that explode, captures that must be
/// made, checks that may not be given, where e.p. captures may happen.
#[derive(Clone, Debug)]
pub struct MoveRules {
    /// A side that can capture must capture (antichess, losers).
    pub must_capture: bool,
    /// Which checks a move may give (racing kings: none; checkless: only mate).
    pub checks: Checks,
    /// A capture removes the capturing piece and every piece but pawns next to the target
    /// square (atomic); a move may not explode its own royal piece, a royal piece next to an
    /// enemy royal piece cannot be taken, and exploding the enemy royal piece is legal even if
    /// it leaves the mover's own royal piece attacked.
    pub blast: bool,
    /// Types an explosion does not remove, the capturing piece included (Fairy-Stockfish's
    /// `blastImmuneTypes`, atomar's kings).
    pub blast_immune: Vec<PieceId>,
    /// The pieces an explosion removes, but for the capturing piece, turn into walls
    /// (Fairy-Stockfish's `petrifyBlastPieces`).
    pub petrify_blast: bool,
    /// Types that may not capture a piece of their own type (Fairy-Stockfish's
    /// `mutuallyImmuneTypes`, atomar's kings).
    pub mutually_immune: Vec<PieceId>,
    /// Squares where a side may capture e.p., per colour (`None`: anywhere).
    pub ep_region: Option<[SquareSet; 2]>,
    /// Cambodian chess's first-move leaps: a royal piece may not make its initial (`i`) moves
    /// while in check, and loses them when a piece of this type (the rook) moves to its rank
    /// or file (as Fairy-Stockfish, whatever stands between).
    pub royal_leap_lost_to: Option<PieceId>,
    /// A non-royal piece that makes such a move changes sides on its target square.
    pub side_change: Option<SideChange>,
    /// A capturing piece stays on its square (rifle chess); a pawn capturing into its
    /// promotion zone does not promote.
    pub capture_in_place: bool,
    /// Every move but castling must end outside the cell of the grid it starts in, and only
    /// such moves attack (grid chess): for each square, the squares of its cell.
    pub grid: Option<Vec<SquareSet>>,
    /// A royal piece may move only forward (to a higher rank, for its side) until its side
    /// has captured something since the position was set up (simplified gryphon chess).
    pub royal_forward_until_capture: bool,
    /// Knight-relay chess: a piece other than a royal piece or this type that stands a move
    /// of this type (the knight) away from a friendly piece of this type also moves like it,
    /// onto empty squares and enemy pieces; a pawn not onto the first or last rank. Such
    /// moves give no check (as cutechess-cli referees it) and do not take royal pieces.
    pub relay: Option<PieceId>,
    /// A side with several royal pieces is in check only when all of them are attacked
    /// (Fairy-Stockfish's `dupleCheck`, spartan chess).
    pub duple_check: bool,
    /// Some type turns into a wall when it captures ([`PieceType::petrifies`]); set by
    /// [`Rules::finish`].
    pub petrify: bool,
    /// Some type burns the pieces next to it ([`PieceType::burns`]); set by [`Rules::finish`].
    pub burning: bool,
    /// Some type is contagious ([`PieceType::contagious`]); set by [`Rules::finish`].
    pub contagion: bool,
    /// Enemy pieces a move encloses change sides (Fairy-Stockfish's `flipEnclosedPieces`).
    pub flip: Option<FlipRule>,
    /// Types that cannot be captured.
    pub uncapturable: Vec<PieceId>,
    /// Chu Shogi's Lion trading: a Lion may not take a Lion two squares away that is
    /// protected (could be taken back, whatever that exposes) unless it also took a piece
    /// other than a worthless one on the way; after a piece other than a Lion took a Lion
    /// (not by igui), the reply may not take a Lion.
    pub lion_trading: Option<LionTrading>,
    /// A royal piece in check may move only to take the one piece giving check
    /// (Fairy-Stockfish's `makpongRule`).
    pub makpong: bool,
    /// Some rule above or a piece type's `after_move` or `max_count` changes what a move
    /// leaves on the board beyond moving the piece; set by [`Rules::finish`].
    pub after_move_rules: bool,
}

impl Default for MoveRules {
    fn default() -> Self {
        MoveRules {
            must_capture: false,
            checks: Checks::Allowed,
            blast: false,
            blast_immune: Vec::new(),
            petrify_blast: false,
            mutually_immune: Vec::new(),
            ep_region: None,
            royal_leap_lost_to: None,
            side_change: None,
            capture_in_place: false,
            grid: None,
            royal_forward_until_capture: false,
            relay: None,
            duple_check: false,
            petrify: false,
            burning: false,
            contagion: false,
            flip: None,
            uncapturable: Vec::new(),
            lion_trading: None,
            makpong: false,
            after_move_rules: false,
        }
    }
}

impl Promotion {
    /// The types a pawn of `color` may promote to.
    #[inline]
    pub fn choices_for(&self, color: Color) -> &[PieceId] {
        match (&self.black_choices, color) {
            (Some(black), Color::Black) => black,
            _ => &self.choices,
        }
    }

    /// The types a pawn of `color` may promote to on `sq`.
    #[inline]
    pub fn choices_on(&self, color: Color, sq: Square) -> &[PieceId] {
        match self.on_square.get(sq.index()) {
            Some(Some(id)) => std::slice::from_ref(id),
            _ => self.choices_for(color),
        }
    }
}

impl Default for GameEnd {
    fn default() -> Self {
        GameEnd {
            checkmate: Outcome::Loss,
            stalemate: Outcome::Draw,
            stalemate_piece_count: false,
            extinction: None,
            flag: None,
            connect: None,
            check_counting: false,
            counting: None,
            bare_king_loses: false,
            no_royal_loses: false,
            move_rule: 100,
            move_rule_types: [None, None],
            repetitions: 3,
            repetition_value: Outcome::Draw,
            repetition_value_absolute: false,
            perpetual_check_loses: false,
            chasing: None,
            repeated_move_loses: false,
            passes_end: false,
            full_board_ends: false,
            material_counting: None,
            shatar_mate: None,
            castling_wins: [[false; 2]; 2],
        }
    }
}

/// Everything the generator needs to know about a variant.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The variant's name.
    pub name: String,
    /// The board.
    pub geometry: Geometry,
    /// The piece types; a [`PieceId`] indexes this.
    pub pieces: Vec<PieceType>,
    /// The start position in FEN.
    pub start_fen: String,
    /// Whether each side (by colour index) has a royal piece in the start position: a FEN
    /// without one is refused (set by whoever reads the start position).
    pub start_royals: [bool; 2],
    /// Rule castling.
    pub castling: Castling,
    /// Castling follows Chess960 rules (FEN castling by file letters, king may stay put).
    pub chess960: bool,
    /// Promotion.
    pub promotion: Promotion,
    /// Drops.
    pub drops: Drops,
    /// Gating.
    pub gating: Gating,
    /// Whether the two sides' royal pieces may not face each other on a file (Xiangqi).
    pub flying_general: bool,
    /// Janggi's bikjang (Fairy-Stockfish's `bikjangRule`): a move may leave the kings facing
    /// each other on a file, but then the other side must break the facing or pass (a pass
    /// is legal even in check); passing ends the game ([`GameEnd::passes_end`]).
    pub bikjang: bool,
    /// A side may pass instead of moving (Fairy-Stockfish's `pass`): its royal piece (or,
    /// without one, a piece of it) "moves" to its own square, unless that leaves it in check.
    pub pass: bool,
    /// Per colour: a side with no legal move passes, unless in check (Fairy-Stockfish's
    /// `passOnStalemate`).
    pub pass_on_stalemate: [bool; 2],
    /// Walls that moves place (Fairy-Stockfish's `wallingRule`): blockers of neither side that
    /// nothing may capture, `*` in FEN. Duck chess's duck is the one wall that every move
    /// moves (before its first move it is not on the board).
    pub walling: Option<Walling>,
    /// Squares of the palace diagonals (Fairy-Stockfish's `diagonalLines`): a piece standing
    /// on one also makes its [`PieceType::line_moves`], ending on one.
    pub diagonal_lines: SquareSet,
    /// Which royal pieces count where a side has several (`oneRoyal`).
    pub one_royal: OneRoyal,
    /// Whether a side may have pieces in hand (FEN shows `[...]`).
    pub holdings: bool,
    /// Captures, checks and e.p. beyond chess.
    pub moves: MoveRules,
    /// How games end.
    pub end: GameEnd,
    /// Every neighbour of each square (one king step), for explosions, ataxx drops and
    /// flips; set by [`Rules::finish`] when the rules have one of them.
    pub neighbours: Vec<SquareSet>,
    /// Per attacking colour: where its pieces take a royal piece from, when they all capture
    /// by plain leaps and slides (see [`AttackLines`]); set by [`Rules::finish`].
    pub(crate) attack_lines: [Option<AttackLines>; 2],
    /// XBoard's piece slots for the variant (Fairy-Stockfish's `pieceToCharTable`), when the
    /// variant file gives them.
    pub piece_to_char: Option<String>,
    /// The XBoard variant the GUI takes the board's look and rules from (Fairy-Stockfish's
    /// `variantTemplate`), when the variant file names one.
    pub xboard_template: Option<String>,
    /// How many piece types the GUI's holdings show (Fairy-Stockfish's `pocketSize`), when the
    /// variant file says.
    pub pocket_size: Option<usize>,
    /// The special rules' hooks `make` and the legality test consult; set by
    /// [`Rules::finish`] (until then all of them).
    pub(crate) hooks: Hooks,
    /// [`Rules::quick_legality_allowed`], worked out by [`Rules::finish`] (until then
    /// `false`: every move is made to be tested).
    pub(crate) quick_legality: bool,
    /// Whether the legal moves are the pseudo-legal moves that pass the legality test alone,
    /// so that they may be counted without listing them all
    /// ([`Position::count_legal`](crate::Position::count_legal)): no mandatory captures or
    /// drops, no walls, grid cells or sittuyin promotions to filter or add moves afterwards;
    /// set by [`Rules::finish`] (until then `false`).
    pub(crate) bulk_count: bool,
    /// Each colour's castling squares, worked out by [`Rules::finish`] (until then `None`:
    /// worked out at each castling).
    pub(crate) castling_squares: Option<[Option<CastlingSquares>; 2]>,
}

impl Rules {
    /// Whether moves may leave walls on the board: walling rules or petrification; the FEN
    /// writes them `*`.
    #[inline]
    pub fn has_walls(&self) -> bool {
        self.walling.is_some() || self.moves.petrify || self.moves.petrify_blast
    }

    /// Whether the variant is duck chess ([`WallingRule::Duck`]).
    #[inline]
    pub fn duck(&self) -> bool {
        self.walling
            .as_ref()
            .is_some_and(|w| w.rule == WallingRule::Duck)
    }

    /// Rules with a board and pieces, and every option at its default (no castling,
    /// promotion, drops).
    pub fn new(name: &str, geometry: Geometry, pieces: Vec<PieceType>, start_fen: &str) -> Rules {
        let count = pieces.len();
        Rules {
            name: name.to_string(),
            geometry,
            pieces,
            start_fen: start_fen.to_string(),
            start_royals: [false; 2],
            castling: Castling::default(),
            chess960: false,
            promotion: Promotion {
                limits: vec![None; count],
                ..Promotion::default()
            },
            drops: Drops::default(),
            gating: Gating::default(),
            flying_general: false,
            bikjang: false,
            pass: false,
            pass_on_stalemate: [false; 2],
            walling: None,
            diagonal_lines: SquareSet::EMPTY,
            one_royal: OneRoyal::All,
            holdings: false,
            moves: MoveRules::default(),
            end: GameEnd::default(),
            neighbours: Vec::new(),
            attack_lines: [None, None],
            piece_to_char: None,
            xboard_template: None,
            pocket_size: None,
            hooks: Hooks::ALL,
            quick_legality: false,
            bulk_count: false,
            castling_squares: None,
        }
    }

    /// Derives what the generator precomputes from the rules (where moves of each piece type
    /// are plain: [`PieceType::plain_targets`]); call it after filling or changing the
    /// rules. Until then every type takes the general (slower, equally correct) path.
    pub fn finish(&mut self) {
        self.moves.contagion = self.pieces.iter().any(|p| p.contagious);
        // Every square index of the board (sets read in the board's width hold no others).
        let board = SquareSet::at_or_below(Square((self.geometry.num_squares() - 1) as u8));
        for id in 0..self.pieces.len() {
            let pt = &self.pieces[id];
            let plain = !self.moves.contagion
                && pt.region.is_none()
                && pt.promoted.is_none()
                && !(self.promotion.piece_demotion && pt.unpromoted.is_some())
                && !(self.promotion.immobility_illegal
                    && (!pt.immobile[0].is_empty() || !pt.immobile[1].is_empty()));
            let plain_targets = if !plain {
                [SquareSet::EMPTY; 2]
            } else if !self.is_pawn(id as PieceId) {
                [board; 2]
            } else if self.promotion.sittuyin {
                [SquareSet::EMPTY; 2]
            } else {
                let zone = pt.promotion_zone.unwrap_or(self.promotion.zone);
                [board & !zone[0], board & !zone[1]]
            };
            self.pieces[id].plain_targets = plain_targets;
        }
        self.moves.after_move_rules = self.moves.side_change.is_some()
            || self.moves.capture_in_place
            || self
                .pieces
                .iter()
                .any(|p| p.after_move.is_some() || p.max_count.is_some());
        self.moves.petrify = self.pieces.iter().any(|p| p.petrifies);
        self.moves.burning = self.pieces.iter().any(|p| p.burns);
        self.hooks = Hooks::of(self);
        self.quick_legality = self.quick_legality_allowed();
        self.castling_squares = Some(CastlingSquares::of(self));
        self.bulk_count = !self.moves.must_capture
            && !self.drops.must_drop
            && !self.has_walls()
            && self.moves.grid.is_none()
            && !self.promotion.sittuyin;
        self.attack_lines = Color::ALL.map(|by| AttackLines::new(self, by));
        let ataxx_drops = self
            .drops
            .enclosing
            .as_ref()
            .is_some_and(|e| e.rule == EnclosingRule::Ataxx);
        self.neighbours =
            if self.moves.blast || self.moves.burning || self.moves.flip.is_some() || ataxx_drops {
                // Indexed by square index, holes included (their entry is never read).
                let g = &self.geometry;
                (0..g.num_squares())
                    .map(|i| {
                        let sq = Square(i as u8);
                        let (f, r) = (g.file(sq), g.rank(sq));
                        (-1..=1)
                            .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
                            .filter(|&d| d != (0, 0))
                            .filter_map(|(dx, dy)| g.square(f + dx, r + dy))
                            .collect()
                    })
                    .collect()
            } else {
                Vec::new()
            };
    }

    /// Whether a game can go on without a side's royal pieces: captures explode, or the rules
    /// end the game by extinction or by the loss of the last royal piece.
    pub fn royals_can_be_taken(&self) -> bool {
        self.moves.blast || self.end.extinction.is_some() || self.end.no_royal_loses
    }

    /// Whether legal moves can be found by the quick test (exposure squares) rather than by
    /// making them: not when captures explode or checks are forbidden.
    #[inline]
    pub fn quick_legality_allowed(&self) -> bool {
        self.moves.checks == Checks::Allowed
            && !self.moves.blast
            && self.moves.royal_leap_lost_to.is_none()
            && !self.moves.royal_forward_until_capture
            && self.moves.relay.is_none()
            && !self.moves.duple_check
            && !self.moves.petrify
            && !self.moves.burning
            && self.moves.uncapturable.is_empty()
            && self.moves.mutually_immune.is_empty()
            && self.moves.lion_trading.is_none()
            && self.one_royal == OneRoyal::All
            && !self.moves.after_move_rules
            && !self.bikjang
            && self.diagonal_lines.is_empty()
            && !self.pieces.iter().any(|p| p.shuns_own_kind)
    }

    /// The type with FEN symbol `symbol` (as written for white).
    pub fn piece_by_symbol(&self, symbol: &str) -> Option<PieceId> {
        self.pieces
            .iter()
            .position(|p| p.symbol == symbol)
            .map(|i| i as PieceId)
    }

    /// The piece type `id`.
    #[inline]
    pub fn piece(&self, id: PieceId) -> &PieceType {
        &self.pieces[id as usize]
    }

    /// Whether `mv` by `color` restarts the count of the move rule: a move of a pawn type,
    /// or of a type the rules name for `color`, that its piece could not make back (on an
    /// empty board), as Fairy-Stockfish counts.
    #[inline]
    pub fn resets_move_rule(&self, mv: &Move, color: Color) -> bool {
        match &self.end.move_rule_types[color.index()] {
            None => self.is_pawn(mv.piece),
            Some(types) => types.contains(&mv.piece) && !self.reversible(mv, color),
        }
    }

    /// Whether the piece of `mv` could move straight back from its destination (a plain move
    /// on an empty board).
    fn reversible(&self, mv: &Move, color: Color) -> bool {
        mv.kind != MoveKind::Drop
            && self.piece(mv.piece).tables[color.index()]
                .empty_board_moves(mv.to)
                .any(|sq| sq == mv.from)
    }

    /// Whether `id` is a type that promotes by choice (a pawn).
    #[inline]
    pub fn is_pawn(&self, id: PieceId) -> bool {
        self.promotion.pawn_types.contains(&id)
    }

    /// The type a shogi-style flip of type `id` turns it into: its promoted form, or, for a
    /// promoted form when the rules demote pieces, its unpromoted type.
    #[inline]
    pub fn flipped_type(&self, id: PieceId) -> Option<PieceId> {
        let pt = &self.pieces[id as usize];
        pt.promoted.or(if self.promotion.piece_demotion {
            pt.unpromoted
        } else {
            None
        })
    }

    /// Whether type `id` promotes shogi-style into another type of the game rather than into
    /// a promoted form of its own (`promotedIntoType`: elven's Knight becoming a Lion).
    pub fn promotes_into_other_type(&self, id: PieceId) -> bool {
        self.pieces[id as usize]
            .promoted
            .is_some_and(|to| self.pieces[to as usize].unpromoted != Some(id))
    }
}
