//! A table's columns, each in a full and a compact form, drawn to fit the
//! width of the output: compact first, then columns left out by rank.

use crate::render::wrap::{widest, wrap};
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{
    CellAlignment, ContentArrangement, ContentLineStyle, LineStyle, Table, TableStyle,
};

/// One column of a table, in full and in a compact form.
pub(super) struct Column {
    header: String,
    cells: Vec<String>,
    /// Shorter words for the compact form (header, cells); `None`: the same.
    compact: Option<(String, Vec<String>)>,
    left: bool,
    /// Columns are left out to fit the width, the lowest rank first (equal
    /// ranks together); `None`: always shown.
    drop: Option<u8>,
}

impl Column {
    pub(super) fn new(header: &str, left: bool) -> Column {
        Column {
            header: header.to_string(),
            cells: Vec::new(),
            compact: None,
            left,
            drop: None,
        }
    }

    pub(super) fn droppable(mut self, rank: u8) -> Column {
        self.drop = Some(rank);
        self
    }

    /// Adds a cell, with its compact form.
    pub(super) fn push(&mut self, full: String, compact: String) {
        if compact != full || self.compact.is_some() {
            let (_, cells) = self
                .compact
                .get_or_insert_with(|| (self.header.clone(), self.cells.clone()));
            cells.push(compact);
        }
        self.cells.push(full);
    }

    pub(super) fn push_same(&mut self, cell: String) {
        self.push(cell.clone(), cell);
    }

    pub(super) fn compact_header(mut self, header: &str) -> Column {
        let cells = self.cells.clone();
        let (h, _) = self
            .compact
            .get_or_insert_with(|| (header.to_string(), cells));
        *h = header.to_string();
        self
    }

    fn view(&self, compact: bool) -> (&str, &[String]) {
        match (&self.compact, compact) {
            (Some((h, cells)), true) => (h, cells),
            _ => (&self.header, &self.cells),
        }
    }
}

/// A table drawn to fit `width`: in full if it fits; else in the compact form
/// (no outer border, shorter words); else without the droppable columns, the
/// lowest rank first; else with its cells wrapped. Returns the table and the
/// headers of the columns left out.
pub(super) fn fitted(columns: &[Column], width: usize) -> (String, Vec<String>) {
    fitted_as(columns, width, false)
}

/// [`fitted`], starting from the compact form when `compact` (a table under
/// a compact one looks the same).
pub(super) fn fitted_as(columns: &[Column], width: usize, compact: bool) -> (String, Vec<String>) {
    let all = vec![true; columns.len()];
    let full = draw(columns, false, &all, None);
    if !compact && widest(&full) <= width {
        return (full, Vec::new());
    }
    let mut shown = all;
    let mut ranks: Vec<u8> = columns.iter().filter_map(|c| c.drop).collect();
    ranks.sort_unstable();
    ranks.dedup();
    let mut ranks = ranks.into_iter();
    loop {
        let text = draw(columns, true, &shown, None);
        let dropped = || {
            columns
                .iter()
                .zip(&shown)
                .filter(|(_, s)| !**s)
                .map(|(c, _)| c.header.clone())
                .collect()
        };
        if widest(&text) <= width {
            return (text, dropped());
        }
        match ranks.next() {
            Some(rank) => {
                for (c, s) in columns.iter().zip(shown.iter_mut()) {
                    *s &= c.drop != Some(rank);
                }
            }
            None => return (draw(columns, true, &shown, Some(width)), dropped()),
        }
    }
}

fn draw(columns: &[Column], compact: bool, shown: &[bool], wrap_to: Option<usize>) -> String {
    let kept: Vec<&Column> = columns
        .iter()
        .zip(shown)
        .filter(|(_, s)| **s)
        .map(|(c, _)| c)
        .collect();
    let mut t = Table::new();
    t.load_style(if compact {
        COMPACT
    } else {
        UTF8_FULL_CONDENSED
    });
    t.set_header(kept.iter().map(|c| c.view(compact).0).collect::<Vec<_>>());
    let rows = kept.first().map_or(0, |c| c.cells.len());
    for r in 0..rows {
        t.add_row(
            kept.iter()
                .map(|c| c.view(compact).1[r].as_str())
                .collect::<Vec<_>>(),
        );
    }
    for (k, c) in kept.iter().enumerate() {
        if let Some(col) = t.column_mut(k) {
            col.set_cell_alignment(if c.left {
                CellAlignment::Left
            } else {
                CellAlignment::Right
            });
        }
    }
    if compact && let Some(col) = t.column_mut(0) {
        // No border before the first column: no padding either.
        col.set_padding((0, 1));
    }
    if let Some(width) = wrap_to {
        t.set_content_arrangement(ContentArrangement::Dynamic);
        t.set_width(width.min(u16::MAX as usize) as u16);
    }
    let text = t.to_string();
    if !compact {
        return text;
    }
    // Without a right border, the last column's padding is only trailing blanks.
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    lines.join("\n")
}

/// The compact form: no outer border and no line between rows.
const COMPACT: TableStyle = TableStyle::new()
    .header_lines(ContentLineStyle::none().junction('┆'))
    .header_separator(LineStyle::none().fill('─').junction('┼'))
    .content_lines(ContentLineStyle::none().junction('┆'));

/// Whether a table was drawn in the compact form (it has no top border).
pub(super) fn is_compact(table: &str) -> bool {
    !table.starts_with('┌')
}

/// The note under a table whose columns were left out to fit.
pub(super) fn dropped_note(dropped: &[String], width: usize) -> String {
    if dropped.is_empty() {
        return String::new();
    }
    let them = if dropped.len() == 1 { "it" } else { "them" };
    wrap(
        &format!(
            "Left out to fit {width} columns: {} (a wider COLUMNS, or --json, shows {them}).\n",
            dropped.join(", ")
        ),
        width,
    )
}
