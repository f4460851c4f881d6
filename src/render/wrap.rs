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
    for word in line.split(' ').filter(|w| !w.is_empty()) {
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
    fn a_line_that_fits_is_left_alone() {
        let line = "  red        workers on board 2/3, cash 12";
        assert_eq!(wrap(line, 80), line);
        // A word longer than the width stays whole.
        assert_eq!(wrap("abcdefghij", 4), "abcdefghij");
    }
}
