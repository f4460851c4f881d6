//! The notation's alphabet: tokens, the characters of a player tag, the phase
//! words, quoted names, cargo initials.

use super::Span;
use crate::rules::Cargo;

/// Characters of an unquoted player tag.
pub(super) fn is_tag_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// The phase words of the progress token; a player so named is quoted.
pub(super) fn is_phase_word(word: &str) -> bool {
    matches!(word, "small" | "large" | "plunder" | "roll")
        || word
            .strip_prefix("board")
            .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
}

pub(crate) fn initial(cargo: Cargo) -> char {
    match cargo {
        Cargo::Jade => 'J',
        Cargo::Silk => 'S',
        Cargo::Ginseng => 'G',
        Cargo::Nutmeg => 'N',
    }
}

pub(crate) fn cargo_of(initial: char) -> Option<Cargo> {
    match initial {
        'J' => Some(Cargo::Jade),
        'S' => Some(Cargo::Silk),
        'G' => Some(Cargo::Ginseng),
        'N' => Some(Cargo::Nutmeg),
        _ => None,
    }
}

/// One whitespace-separated token (a quoted name may hold whitespace).
#[derive(Clone, Copy)]
pub(super) struct Token<'a> {
    pub(super) text: &'a str,
    pub(super) start: usize,
}

impl Token<'_> {
    pub(super) fn span(&self) -> Span {
        self.start..self.start + self.text.len()
    }
}

pub(super) fn tokenize(input: &str) -> Result<Vec<Token<'_>>, super::Located> {
    let mut out = Vec::new();
    let mut chars = input.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut end = start;
        while let Some(&(i, c)) = chars.peek() {
            if c.is_whitespace() {
                break;
            }
            chars.next();
            end = i + c.len_utf8();
            if c == '"' {
                match quoted_len(&input[i..]) {
                    Some(len) => {
                        end = i + len;
                        while chars.peek().is_some_and(|&(j, _)| j < end) {
                            chars.next();
                        }
                    }
                    None => {
                        return Err(super::Located {
                            span: i..i + 1,
                            message: "expected a closing '\"' after this quoted name".into(),
                        });
                    }
                }
            }
        }
        out.push(Token {
            text: &input[start..end],
            start,
        });
    }
    Ok(out)
}

/// The length in bytes of the quoted name at the start of `text`, quotes included.
pub(super) fn quoted_len(text: &str) -> Option<usize> {
    let mut chars = text.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '"' => return Some(i + 1),
            _ => {}
        }
    }
    None
}
