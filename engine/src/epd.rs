//! EPD records: the four position fields of a FEN (board, side, castling, e.p.) followed by
//! operations such as `hmvc 3; fmvn 12; bm e2e4; c0 "comment";`, as opening suites and test
//! suites store positions.

use std::fmt;

/// The opcode of the checks each side has left to give (`checks 3+3;`), in check-counting
/// variants; not a standard EPD opcode (the FEN field has none).
const CHECKS: &str = "checks";

/// One EPD line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdRecord {
    /// Board (with any holdings), side to move, castling rights and e.p. square.
    pub fields: [String; 4],
    /// The operations in their order: opcode and operands (quotes removed).
    pub operations: Vec<(String, Vec<String>)>,
}

/// A line that is not an EPD record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError(pub String);

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EpdError {}

impl EpdRecord {
    /// The record of the position a full FEN describes (its move counters become `hmvc` and
    /// `fmvn`, the checks left of a check-counting variant, `3+3`, a `checks` operation), with
    /// no other operations.
    pub fn from_fen(fen: &str) -> Result<EpdRecord, EpdError> {
        let tokens: Vec<&str> = fen.split_whitespace().collect();
        if tokens.len() < 4 {
            return Err(EpdError(format!(
                "a FEN needs board, side, castling and e.p. fields: '{fen}'"
            )));
        }
        let mut record = EpdRecord {
            fields: [0, 1, 2, 3].map(|i| tokens[i].to_string()),
            operations: Vec::new(),
        };
        let mut counters = &tokens[4..];
        if let Some((checks, rest)) = counters.split_first().filter(|(t, _)| t.contains('+')) {
            record.push(CHECKS, checks);
            counters = rest;
        }
        for (opcode, value) in ["hmvc", "fmvn"].iter().zip(counters) {
            record.push(opcode, value);
        }
        Ok(record)
    }

    /// Reads one line.
    pub fn parse(line: &str) -> Result<EpdRecord, EpdError> {
        let line = line.trim();
        let mut rest = line;
        let mut fields: [String; 4] = Default::default();
        for field in &mut fields {
            rest = rest.trim_start();
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            if end == 0 {
                return Err(EpdError(format!(
                    "an EPD line needs board, side, castling and e.p. fields: '{line}'"
                )));
            }
            *field = rest[..end].to_string();
            rest = &rest[end..];
        }
        let mut operations = Vec::new();
        for operation in split_operations(rest)? {
            let mut words = operation.into_iter();
            let Some(opcode) = words.next() else {
                continue;
            };
            operations.push((opcode, words.collect()));
        }
        Ok(EpdRecord { fields, operations })
    }

    /// The operands of the first operation named `opcode`.
    pub fn operation(&self, opcode: &str) -> Option<&[String]> {
        self.operations
            .iter()
            .find(|(op, _)| op == opcode)
            .map(|(_, operands)| operands.as_slice())
    }

    /// Appends an operation with one operand.
    pub fn push(&mut self, opcode: &str, operand: &str) {
        self.operations
            .push((opcode.to_string(), vec![operand.to_string()]));
    }

    /// The full FEN: the four fields, the checks left where there is a `checks` operation, and
    /// the move counters (`hmvc`, `fmvn`; 0 and 1 when missing).
    pub fn fen(&self) -> String {
        let counter = |opcode: &str, default: &str| {
            self.operation(opcode)
                .and_then(|o| o.first().cloned())
                .unwrap_or_else(|| default.to_string())
        };
        let checks = self
            .operation(CHECKS)
            .and_then(|o| o.first())
            .map_or(String::new(), |c| format!(" {c}"));
        format!(
            "{}{checks} {} {}",
            self.fields.join(" "),
            counter("hmvc", "0"),
            counter("fmvn", "1")
        )
    }
}

impl fmt::Display for EpdRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fields.join(" "))?;
        for (opcode, operands) in &self.operations {
            write!(f, " {opcode}")?;
            for operand in operands {
                if operand.is_empty() || operand.contains([' ', ';']) {
                    write!(f, " \"{operand}\"")?;
                } else {
                    write!(f, " {operand}")?;
                }
            }
            f.write_str(";")?;
        }
        Ok(())
    }
}

/// Splits the operations part of a line into operations, each a list of words (a quoted
/// operand is one word, without its quotes).
fn split_operations(text: &str) -> Result<Vec<Vec<String>>, EpdError> {
    let mut operations = Vec::new();
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut in_word = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            _ if quoted => word.push(c),
            ';' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
                operations.push(std::mem::take(&mut words));
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quoted {
        return Err(EpdError(format!("unclosed quote in '{}'", text.trim())));
    }
    if in_word {
        words.push(word);
    }
    if !words.is_empty() {
        return Err(EpdError(format!(
            "operation '{}' is not closed by ';'",
            words.join(" ")
        )));
    }
    Ok(operations)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_what_it_writes() {
        let mut record =
            EpdRecord::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
                .expect("a FEN");
        record.push("bm", "g1f3");
        record.push("c0", "score 12 depth 6");
        let text = record.to_string();
        assert_eq!(
            text,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 hmvc 0; fmvn 2; bm g1f3; \
             c0 \"score 12 depth 6\";"
        );
        let back = EpdRecord::parse(&text).expect("an EPD line");
        assert_eq!(back, record);
        assert_eq!(
            back.fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
        );
        assert_eq!(back.operation("bm"), Some(&["g1f3".to_string()][..]));
        assert_eq!(back.operation("am"), None);
    }

    #[test]
    fn the_checks_left_are_kept() {
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 3";
        let record = EpdRecord::from_fen(fen).expect("a FEN");
        assert_eq!(
            record.to_string(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - checks 2+3; hmvc 0; fmvn 3;"
        );
        assert_eq!(
            EpdRecord::parse(&record.to_string()).expect("EPD").fen(),
            fen
        );
    }

    #[test]
    fn counters_default_and_bad_lines_are_refused() {
        let record = EpdRecord::parse("8/8/8/8/8/8/8/K6k w - - bm a1a2 a1b1;").expect("epd");
        assert_eq!(record.fen(), "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(record.operation("bm").map(<[String]>::len), Some(2));
        assert!(EpdRecord::parse("8/8/8/8/8/8/8/K6k w -").is_err());
        assert!(EpdRecord::parse("8/8/8/8/8/8/8/K6k w - - bm a1a2").is_err());
        assert!(EpdRecord::parse("8/8/8/8/8/8/8/K6k w - - c0 \"open;").is_err());
        assert!(EpdRecord::from_fen("8/8/8/8/8/8/8/K6k w").is_err());
    }
}
