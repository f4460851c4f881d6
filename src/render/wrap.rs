//! Lines of words wrapped to the width of the output: a long line breaks at
//! spaces, its continuation indented two spaces more than the line itself.

/// Every line of `text` wrapped to `width` columns (a word longer than the
/// width stays whole). Line breaks and a final newline are kept.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        wrap_line(line, width, &mut out);
    }
    out
}

/// Clauses joined by `sep` (kept at the end of a line) on as few lines as fit
/// `width`, breaking between clauses before breaking inside one; lines after
/// the first are indented two spaces.
pub fn wrap_clauses(clauses: &[String], sep: &str, width: usize) -> String {
    let one = clauses.join(sep);
    if columns(&one) <= width {
        return one;
    }
    let glue = sep.trim_end();
    let mut lines: Vec<String> = Vec::new();
    for (k, clause) in clauses.iter().enumerate() {
        let piece = if k + 1 < clauses.len() {
            format!("{clause}{glue}")
        } else {
            clause.clone()
        };
        match lines.last_mut() {
            Some(line) if columns(line) + 1 + columns(&piece) <= width => {
                line.push(' ');
                line.push_str(&piece);
            }
            Some(_) => lines.push(format!("  {piece}")),
            None => lines.push(piece),
        }
        // A clause longer than the line breaks at its spaces; what follows
        // goes on after its last part.
        if let Some(last) = lines.pop() {
            lines.extend(wrap(&last, width).split('\n').map(String::from));
        }
    }
    lines.join("\n")
}

/// Columns a line takes: one per character (the tool prints no wide ones but
/// in names, which are rare enough to be counted as one).
pub fn columns(line: &str) -> usize {
    line.chars().count()
}

/// The widest line of `text`.
pub fn widest(text: &str) -> usize {
    text.lines().map(columns).max().unwrap_or(0)
}

fn wrap_line(line: &str, width: usize, out: &mut String) {
    if columns(line) <= width {
        out.push_str(line);
        return;
    }
    let indent = line.len() - line.trim_start_matches(' ').len();
    let follow = " ".repeat(indent + 2);
    let mut used = 0;
    let mut first = true;
    for word in units(line, width.saturating_sub(follow.len())) {
        let word = word.as_str();
        let n = columns(word);
        if used == 0 {
            let lead = if first {
                " ".repeat(indent)
            } else {
                follow.clone()
            };
            used = lead.len() + n;
            out.push_str(&lead);
            out.push_str(word);
        } else if used + 1 + n <= width {
            out.push(' ');
            out.push_str(word);
            used += 1 + n;
        } else {
            out.push('\n');
            out.push_str(&follow);
            out.push_str(word);
            used = follow.len() + n;
        }
        first = false;
    }
}

/// The words of `line`, with a quoted example ('roll 3 5 2') kept in one
/// piece when it fits in `room` columns, so that it can be copied whole.
fn units(line: &str, room: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut quoted: Vec<&str> = Vec::new();
    for word in line.split(' ').filter(|w| !w.is_empty()) {
        if quoted.is_empty() && !opens_quote(word) {
            out.push(word.to_string());
            continue;
        }
        quoted.push(word);
        if closes_quote(word, quoted.len() == 1) {
            out.extend(quoted_unit(&quoted, room));
            quoted.clear();
        }
    }
    out.extend(quoted.into_iter().map(String::from));
    out
}

/// A word that begins a quotation: `'roll`, `('undo'`, `"'J2`.
fn opens_quote(word: &str) -> bool {
    word.trim_start_matches(['(', '"']).starts_with('\'')
}

/// A word that ends a quotation, its punctuation aside; a word that opens one
/// closes it only by a second quote mark (`'undo'`).
fn closes_quote(word: &str, opening: bool) -> bool {
    let bare = word.trim_end_matches(['.', ',', ';', ':', ')', '?', '!', '"']);
    bare.ends_with('\'') && !(opening && bare.matches('\'').count() < 2)
}

/// The quoted words as one piece, or each alone when together they do not fit.
fn quoted_unit(words: &[&str], room: usize) -> Vec<String> {
    let joined = words.join(" ");
    if columns(&joined) <= room {
        vec![joined]
    } else {
        words.iter().map(|w| w.to_string()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_break_at_spaces_and_indent_their_continuation() {
        let text = "Method: auto: exact, the enumeration takes about 2.1e6 steps (budget 5e7); future none\nshort\n";
        let wrapped = wrap(text, 40);
        assert!(wrapped.lines().all(|l| columns(l) <= 40), "{wrapped}");
        assert!(wrapped.ends_with("\nshort\n"), "{wrapped}");
        assert!(wrapped.lines().nth(1).is_some_and(|l| l.starts_with("  ")));
        // Nothing lost but spaces at the breaks.
        let words = |t: &str| t.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&wrapped), words(text));
    }

    #[test]
    fn clauses_break_between_them_first() {
        let parts = ["Method: exact", "future greedy", "4320 play-outs, seed 1"].map(String::from);
        assert_eq!(
            wrap_clauses(&parts, "; ", 36),
            "Method: exact; future greedy;\n  4320 play-outs, seed 1"
        );
        assert_eq!(
            wrap_clauses(&parts, "; ", 80),
            "Method: exact; future greedy; 4320 play-outs, seed 1"
        );
        // A clause too long for a line breaks inside, and the next follows on.
        let parts = [
            "Method: auto: exact, about 2.1e6 steps (budget 5e7)",
            "future none",
        ]
        .map(String::from);
        assert_eq!(
            wrap_clauses(&parts, "; ", 40),
            "Method: auto: exact, about 2.1e6 steps\n  (budget 5e7); future none"
        );
    }

    #[test]
    fn a_quoted_example_is_not_broken() {
        let line =
            "roll 2 is due: one die per ship at sea (silk, ginseng, nutmeg). E.g. 'roll 3 5 2'.";
        let wrapped = wrap(line, 80);
        assert!(wrapped.contains("'roll 3 5 2'."), "{wrapped}");
        assert!(wrapped.lines().all(|l| columns(l) <= 80), "{wrapped}");
        // Apostrophes inside words open nothing.
        let line =
            "it is b's decision, and the voyage's end: 'undo' takes it back, 'new J2 S3 G4' starts";
        let wrapped = wrap(line, 30);
        assert!(wrapped.contains("'new J2 S3 G4'"), "{wrapped}");
        assert!(wrapped.contains("b's decision,"), "{wrapped}");
        // A quotation too long for a line breaks at its spaces.
        let long = "see 'a b c d e f g h i j k l m n o p q r s t u v w x y z'";
        assert!(wrap(long, 20).lines().all(|l| columns(l) <= 20));
        // One never closed keeps its words.
        assert_eq!(units("x 'a b c", 80), ["x", "'a", "b", "c"]);
    }

    #[test]
    fn a_line_that_fits_is_left_alone() {
        let line = "  red        workers on board 2/3, cash 12";
        assert_eq!(wrap(line, 80), line);
        // A word longer than the width stays whole.
        assert_eq!(wrap("abcdefghij", 4), "abcdefghij");
    }
}
