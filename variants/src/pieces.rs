//! The named piece types of Fairy-Stockfish's `variants.ini`, with their moves in XBetza.

/// `(key, XBetza)` for every built-in piece key a variant file may use.
pub const NAMED_PIECES: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("met", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("khon", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("dragon", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "mafsmafW"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// The prefix of a piece's moves written in the extended-Betza quick reference instead of XBetza
/// (`customPiece1 = a:quickref:F(F-W0)`); they are translated into XBetza when the variant is
/// built.
pub const QUICKREF_PREFIX: &str = "quickref:";

/// The prefix of a piece's moves written in the notation of XBoard's old Betza page instead of
/// XBetza (`customPiece1 = a:oldbetza:FtR`); they are translated into XBetza when the variant is
/// built.
pub const OLDBETZA_PREFIX: &str = "oldbetza:";

/// The prefix of a piece's moves written in MBN, the Modified Betza Notation, instead of XBetza
/// (`customPiece1 = l:mbn:ADN(aK--[K])`); they are translated into XBetza when the variant is
/// built. An MBN identifier before `=` (`mbn:L=ADN`) is skipped: the file's letter names the piece.
pub const MBN_PREFIX: &str = "mbn:";

/// The prefix of a piece's moves read as XBetza even where Fairy-Stockfish reads them
/// otherwise (`customPiece1 = a:xbetza:nC`, a lame camel); see [`crate::fsf_reading`].
pub const XBETZA_PREFIX: &str = "xbetza:";

/// The prefix of a piece's moves read as Fairy-Stockfish reads them, even in the built-in
/// catalog (`customPiece1 = a:fsf:pB2`); see [`notation::fsf_to_xbetza`].
pub const FSF_PREFIX: &str = "fsf:";

/// The XBetza of a named piece key.
pub fn named_piece(key: &str) -> Option<&'static str> {
    NAMED_PIECES
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, b)| *b)
}

/// Most custom pieces a variant may declare: Fairy-Stockfish's `customPiece1` ... `customPiece25`,
/// and Kraken's own `customPiece26` ... `customPiece99` (with ids such as `a'`).
pub const MAX_CUSTOM_PIECES: u32 = 99;

/// Whether `key` declares a custom piece (`customPiece1` ... `customPiece99`).
pub fn is_custom_piece(key: &str) -> bool {
    key.strip_prefix("customPiece")
        .and_then(|n| n.parse::<u32>().ok())
        .is_some_and(|n| (1..=MAX_CUSTOM_PIECES).contains(&n))
}
