//! POSITION.md JSON read and written: a [`Setup`] from JSON text (the error
//! names the line and column), a validated [`Position`] from JSON, and the
//! voyage start that `layouts` reads (a position without ships).

use crate::position::setup::Object;
use crate::position::{Position, Setup, SetupError};
use crate::rules::{self, Phase, PhaseName, SHIPS};

/// Why a JSON document is not a `Setup`.
#[derive(Debug, thiserror::Error)]
#[error("{message} at line {line}, column {column}")]
pub struct JsonError {
    pub message: String,
    pub line: usize,
    pub column: usize,
    /// The text is JSON, and a number in it is out of range (or is -0).
    pub out_of_range: bool,
}

impl Setup {
    /// Reads a setup from JSON; the error names the field's path (when the
    /// document is JSON of the wrong shape), the line and the column.
    pub fn from_json(text: &str) -> Result<Setup, JsonError> {
        let mut de = serde_json::Deserializer::from_str(text);
        let setup = serde_path_to_error::deserialize::<_, Object<Setup>>(&mut de).map_err(|e| {
            let path = e.path().to_string();
            syntax_first(text, json_error_in(text, &path, e.into_inner()))
        })?;
        // Characters after the document belong to no field.
        de.end().map_err(|e| json_error("", e))?;
        Ok(setup.0)
    }

    /// Pretty JSON, two-space indented, with a final newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }
}

impl Position {
    /// Reads and validates a position from POSITION.md JSON.
    pub fn from_json(text: &str) -> Result<Position, crate::Error> {
        let setup = Setup::from_json(text)?;
        Ok(Position::try_from(setup)?)
    }
}

fn json_error(path: &str, e: serde_json::Error) -> JsonError {
    JsonError {
        message: with_path(path, &plain(&strip_position(&e.to_string()))),
        line: e.line(),
        column: e.column(),
        out_of_range: false,
    }
}

/// [`json_error`] for an error read from `text`. A whole number too large
/// for 64 bits reaches serde as a float, and its error would echo it as
/// `1.8446744073709552e+19`; one past i64 as "expected i64": both are named
/// as typed, and out of range. So is any number [`value`] refuses as
/// [`OUT_OF_RANGE`].
fn json_error_in(text: &str, path: &str, e: serde_json::Error) -> JsonError {
    let mut error = json_error(path, e);
    // serde_json's words for a null, a boolean, a number or a list where a
    // name belongs ("phase": null).
    if error.message.ends_with(": expected value") {
        let found = token_at(text, error.line, error.column);
        let reason = match is_json_value_start(&found) {
            true => format!("expected a name (POSITION.md), found {found}"),
            // NaN, Infinity, True, +1, .5: JavaScript's or Python's, not JSON's.
            false => format!("{found} is not a JSON value (a number, string, true, false or null)"),
        };
        error.message = with_path(path, &reason);
        return error;
    }
    let serde_words = ["invalid type: floating point `", "invalid value: integer `"];
    // serde_json's own "number out of range" is 1e400: JSON, and too large.
    let number = if error.message.ends_with(OUT_OF_RANGE)
        || error.message.ends_with("number out of range")
    {
        number_ending_at(text, error.line, error.column)
    } else if serde_words.iter().any(|w| error.message.contains(w)) {
        number_ending_at(text, error.line, error.column).filter(|n| is_whole(n))
    } else {
        None
    };
    if let Some(number) = number {
        // serde_json reads `-0` as a float; it is a whole number, only
        // written oddly, and said so as `--seed -0` is.
        let reason = if number.trim_start_matches('-').bytes().all(|b| b == b'0') {
            write_zero(number)
        } else {
            format!("the number {number} is out of range")
        };
        error.message = with_path(path, &reason);
        error.out_of_range = true;
    }
    error
}

/// What [`value`] says of a number no field of a position, a request or
/// their options can hold: [`past_64_bits`].
const OUT_OF_RANGE: &str = "a number out of range";

/// A whole number of 2^63 or more (either sign), as serde reads it: a float.
pub fn past_64_bits(v: f64) -> bool {
    v.is_finite() && v.fract() == 0.0 && v.abs() >= 2f64.powi(63)
}

/// The number, as typed, whose last character is at `line` and `column`
/// (1-based, as serde_json counts them: the column in bytes) of `text`.
fn number_ending_at(text: &str, line: usize, column: usize) -> Option<&str> {
    let row = text.lines().nth(line.checked_sub(1)?)?;
    // `get` is None when the column is not at a character's end.
    let head = row.get(..column)?;
    // The whole token, fraction and exponent included, so that `2.5` is
    // not read as `5`.
    let start = head
        .rfind(|c: char| !(c.is_ascii_digit() || "-+.eE".contains(c)))
        .map_or(0, |i| i + 1);
    let number = &head[start..];
    number.bytes().any(|b| b.is_ascii_digit()).then_some(number)
}

/// The JSON token that begins at `line` and `column` (1-based, in bytes)
/// of `text`, cut short: `null`, `true`, `5`, `[`.
fn token_at(text: &str, line: usize, column: usize) -> String {
    let row = line.checked_sub(1).and_then(|l| text.lines().nth(l));
    let from = column.checked_sub(1).and_then(|c| row?.get(c..));
    let from = from.unwrap_or_default();
    let end = match from.starts_with(['[', '{']) {
        true => 1,
        false => from.find([',', '}', ']', ' ', '\t']).unwrap_or(from.len()),
    };
    from.chars().take(end.min(20)).collect()
}

/// Whether `token` begins as a JSON value does: a number, a string, a
/// list, an object, `true`, `false` or `null`.
fn is_json_value_start(token: &str) -> bool {
    let words = ["true", "false", "null"];
    token.starts_with(|c: char| c.is_ascii_digit() || "-\"[{".contains(c))
        || words.iter().any(|w| token.starts_with(w))
}

/// What is said of a zero written with a minus (`-0`), in JSON or a flag.
pub fn write_zero(typed: &str) -> String {
    format!("write 0, not {typed}")
}

/// Digits, perhaps after a minus: no fraction, no exponent.
fn is_whole(number: &str) -> bool {
    let digits = number.strip_prefix('-').unwrap_or(number);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `ships[0].position: invalid type ...`; the document itself has the path `.`.
fn with_path(path: &str, message: &str) -> String {
    // serde_path_to_error's `?`: the path is not known (the text ended).
    // `ships[1].?`: the text ended inside ships[1], before a field's name.
    let path = path.strip_suffix(".?").unwrap_or(path);
    if path.is_empty() || path == "." || path == "?" {
        message.to_string()
    } else {
        format!("{path}: {message}")
    }
}

/// serde's words for the types it expected, in the user's: a field wants a
/// whole number, not an `i64`, and the document a position, not a `Setup`.
pub fn plain(message: &str) -> String {
    let mut out = message.replace(
        "expected struct Setup",
        "expected a position object (POSITION.md)",
    );
    for int in ["i64", "u64", "i32", "u32", "u16", "u8"] {
        out = out.replace(&format!("expected {int}"), "expected a whole number");
    }
    out
}

/// serde_json appends " at line L column C"; the error repeats it in its own words.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// Why a document is not a voyage start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The text is not JSON.
    #[error("{0}")]
    Json(JsonError),
    /// The JSON is not an object.
    #[error("the position must be a JSON object")]
    NotAnObject,
    /// `ships` is given and not empty: a start has no layout yet.
    #[error("a voyage before its layout has no ships: leave ships out or empty")]
    HasShips,
    /// The object is not of the position's shape (an unknown field, a wrong type).
    #[error("{0}")]
    Shape(String),
    /// The position breaks a rule of POSITION.md.
    #[error("{0}")]
    Invalid(SetupError),
    /// A roll was made, a worker placed, somebody passed, or another
    /// player is to move: which, naming the field.
    #[error(
        "the position must be a voyage's start (no roll, no worker placed, no pass, the harbour master to move): {0}"
    )]
    NotAStart(String),
    /// A cargo's price is at the top of the track: the game is over (R12).
    #[error("prices.{0}: 30, the top of the track: the game is over (R12) and no voyage starts")]
    GameOver(&'static str),
}

/// The voyage start read from a position's JSON without ships (or with `ships`
/// empty): players, harbour master, and optional cash, shares, prices, variant.
/// It is validated with the first layout of R3 standing in for the ships.
pub fn read_start(json: &str) -> Result<Position, StartError> {
    let mut value = value(json).map_err(StartError::Json)?;
    let Some(map) = value.as_object_mut() else {
        return Err(StartError::NotAnObject);
    };
    match map.get("ships") {
        None => {}
        Some(serde_json::Value::Array(a)) if a.is_empty() => {}
        Some(_) => return Err(StartError::HasShips),
    }
    // A roll made or another phase is no start, whatever else the position
    // says: the layout standing in for the ships cannot be where dice left them.
    // (A field of the wrong type is left for its own error.)
    if let Some(r) = map
        .get("rolls_done")
        .and_then(|r| r.as_u64())
        .filter(|&r| r != 0)
    {
        return Err(StartError::NotAStart(format!("rolls_done is {r}")));
    }
    // A phase of POSITION.md other than placement; a word that names none
    // is the position's own error.
    let phase = map.get("phase").cloned();
    let phase = phase.and_then(|p| serde_json::from_value::<PhaseName>(p).ok());
    if let Some(p) = phase.filter(|&p| p != PhaseName::Placement) {
        return Err(StartError::NotAStart(format!("phase is {}", p.name())));
    }
    // R5: a voyage's first round starts with the harbour master. Another
    // player to move is said so here: as a position it would only leave the
    // round under way ambiguous. (Names that are no player's are left for
    // their own errors.)
    if let Some(why) = other_to_move(map) {
        return Err(StartError::NotAStart(why));
    }
    let (cargos, starts) = rules::layouts()[0];
    let ships: Vec<serde_json::Value> = (0..SHIPS)
        .map(|i| serde_json::json!({"cargo": cargos[i].name(), "position": starts[i], "crew": []}))
        .collect();
    map.insert("ships".into(), serde_json::Value::Array(ships));
    map.entry("rolls_done").or_insert(serde_json::json!(0));
    map.entry("phase").or_insert(serde_json::json!("placement"));
    if !map.contains_key("to_move") {
        let hm = map.get("harbour_master").cloned().unwrap_or_default();
        map.insert("to_move".into(), hm);
    }
    let setup: Setup = serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let message = plain(&e.into_inner().to_string());
        // A `Value` holds the text's `-0` as the float -0.0.
        let message = match message.starts_with("invalid type: floating point `-0.0`") {
            true => write_zero("-0"),
            false => message,
        };
        StartError::Shape(with_path(&path, &message))
    })?;
    let position = Position::try_from(setup).map_err(StartError::Invalid)?;
    check_start(position)
}

/// "to_move is X, not the harbour master Y" when a start's JSON names two
/// different players there.
fn other_to_move(map: &serde_json::Map<String, serde_json::Value>) -> Option<String> {
    let name = |key: &str| map.get(key).and_then(serde_json::Value::as_str);
    let (to_move, hm) = (name("to_move")?, name("harbour_master")?);
    let players = map.get("players")?.as_array()?;
    let known = |n: &str| players.iter().any(|p| p.as_str() == Some(n));
    (to_move != hm && known(to_move) && known(hm))
        .then(|| format!("to_move is {to_move}, not the harbour master {hm}"))
}

/// `position` if it is a voyage's start, however it was read: nothing placed,
/// no roll, no pass, the harbour master to move, and no price at the top of
/// the track (R12: the game is over then).
pub fn check_start(position: Position) -> Result<Position, StartError> {
    if let Some(why) = not_a_start(&position) {
        return Err(StartError::NotAStart(why));
    }
    let s = position.state();
    if let Some(c) = rules::Cargo::ALL
        .into_iter()
        .find(|c| s.prices[c.index()] >= rules::TOP_PRICE)
    {
        return Err(StartError::GameOver(c.name()));
    }
    Ok(position)
}

/// Why `position` is no voyage's start, naming the field at fault.
fn not_a_start(position: &Position) -> Option<String> {
    let s = position.state();
    let name = |p| position.name(p);
    if s.rolls_done != 0 {
        return Some(format!("rolls_done is {}", s.rolls_done));
    }
    // A worker placed first: it is why a round is read as past the first.
    if let Some(p) = s.player_ids().find(|&p| s.placed(p) > 0) {
        return Some(format!("{} has a worker placed", name(p)));
    }
    if s.round != 1 {
        return Some(format!("placement round {}, not 1", s.round));
    }
    if let Some(p) = s.player_ids().find(|&p| s.has_passed(p)) {
        return Some(format!("passed names {}", name(p)));
    }
    match s.phase {
        Phase::Placement { to_move } if to_move == s.harbour_master => None,
        Phase::Placement { to_move } => Some(format!(
            "to_move is {}, not the harbour master {}",
            name(to_move),
            name(s.harbour_master)
        )),
        phase => Some(format!("phase is {}", phase.name())),
    }
}

/// A JSON document read as a `Value`, refused if any of its objects names a
/// key twice: a `Value` keeps only the last of two equal keys, and a request
/// or position is checked as a position's own fields are (nothing is guessed).
pub fn value(json: &str) -> Result<serde_json::Value, JsonError> {
    let mut de = serde_json::Deserializer::from_str(json);
    serde_path_to_error::deserialize::<_, Unique>(&mut de)
        .map_err(|e| {
            let path = e.path().to_string();
            json_error_in(json, &path, e.into_inner())
        })
        .and_then(|_| de.end().map_err(|e| json_error("", e)))
        .map_err(|e| syntax_first(json, e))?;
    serde_json::from_str(json).map_err(|e| json_error("", e))
}

/// A number out of range is named only in JSON: a line cut off after
/// `1e400` is invalid JSON first. Skipping values reads no number's value,
/// so it sees the syntax alone.
fn syntax_first(json: &str, error: JsonError) -> JsonError {
    if !error.out_of_range {
        return error;
    }
    match serde_json::from_str::<serde::de::IgnoredAny>(json) {
        Ok(_) => error,
        Err(e) => json_error("", e),
    }
}

/// Why [`value`] refused a request, for its reader: "invalid JSON: " and
/// the reason, unless the text is JSON with a number out of range.
pub fn value_refusal(e: &JsonError) -> String {
    if e.out_of_range {
        e.to_string()
    } else {
        format!("invalid JSON: {e}")
    }
}

/// Any JSON document whose objects name no key twice.
struct Unique;

impl<'de> serde::Deserialize<'de> for Unique {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
        d.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> serde::de::Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Unique, E> {
        Ok(Unique)
    }

    /// A whole number past 64 bits arrives here as a float. Refused now,
    /// where the error still has its line and column to quote it by: read
    /// into a `Value` it would be echoed as `1.8446744073709552e+19`.
    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Unique, E> {
        if past_64_bits(v) {
            return Err(E::custom(OUT_OF_RANGE));
        }
        Ok(Unique)
    }

    fn visit_str<E>(self, _: &str) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_unit<E>(self) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
        while seq.next_element::<Unique>()?.is_some() {}
        Ok(Unique)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(serde::de::Error::custom(format!("duplicate field `{key}`")));
            }
            map.next_value::<Unique>()?;
        }
        Ok(Unique)
    }
}

#[cfg(test)]
mod tests {
    use super::{is_whole, number_ending_at, value};

    #[test]
    fn a_bare_word_where_a_value_belongs_is_said_not_to_be_json() {
        for word in ["NaN", "Infinity", "True", "+1", ".5", "undefined"] {
            let text = format!("{{\"players\": [\"a\"],\n \"rolls_done\": {word}}}");
            let e = crate::Setup::from_json(&text).err().map(|e| e.message);
            let want = format!(
                "rolls_done: {word} is not a JSON value (a number, string, true, false or null)"
            );
            assert_eq!(e, Some(want));
        }
    }

    #[test]
    fn a_null_name_and_a_text_cut_off_are_said_plainly() {
        let e = crate::Setup::from_json("{\"players\": [\"a\"],\n \"phase\": null}").err();
        assert_eq!(
            e.map(|e| e.to_string()).as_deref(),
            Some("phase: expected a name (POSITION.md), found null at line 2, column 11")
        );
        let e = crate::Setup::from_json("{\"phase\": [1]}")
            .err()
            .map(|e| e.message);
        assert_eq!(
            e.as_deref(),
            Some("phase: expected a name (POSITION.md), found [")
        );
        let e = crate::Setup::from_json("{\"ships\": [{\"cargo\": \"jade\", ").err();
        let message = e.map(|e| e.message).unwrap_or_default();
        assert!(
            message.starts_with("ships[0]: EOF while parsing"),
            "{message}"
        );
    }

    #[test]
    fn a_position_that_is_no_start_is_told_which_field_says_so() {
        let why = |text: &str| {
            let position = crate::parse::notation::parse(text).expect("a position");
            super::check_start(position).err().map(|e| e.to_string())
        };
        let tail = |text: &str| why(text).map(|w| w.rsplit(": ").next().unwrap_or("").to_string());
        assert_eq!(why("r*,b,g,y 0:r J2 S3 G4"), None);
        for (text, field) in [
            ("r*,b,g,y 1:g J7:r.b S9 G2", "rolls_done is 1"),
            ("r*,b,g,y 0:r J2 S3 G4 p:g", "passed names g"),
            (
                "r*,b,g,y 0:b J2 S3 G4",
                "to_move is b, not the harbour master r",
            ),
            ("r*,b,g,y 0:b J2:r S3 G4", "r has a worker placed"),
            // The round is read from the worker, which is named.
            ("r*,b,g 0:r J3 S3 G3 X:g", "g has a worker placed"),
        ] {
            assert_eq!(tail(text).as_deref(), Some(field), "{text}");
        }
        // A voyage start from JSON: -0 as elsewhere; a word that is no
        // phase is the position's own error.
        let start = |extra: &str| {
            let players = "\"players\": [\"r\", \"b\", \"g\"], \"harbour_master\": \"r\"";
            super::read_start(&format!("{{{players}, {extra}}}"))
                .err()
                .map(|e| e.to_string())
        };
        assert_eq!(
            start("\"cash\": {\"r\": -0}").as_deref(),
            Some("cash.r: write 0, not -0")
        );
        let bogus = start("\"phase\": \"bogus\"").unwrap_or_default();
        assert!(
            bogus.starts_with("phase: unknown variant `bogus`"),
            "{bogus}"
        );
        // R5: another player to move is named as such, at 3 players too,
        // where as a position it would leave the round ambiguous; a name that
        // is nobody's is the position's own error.
        let other = start("\"to_move\": \"b\"").unwrap_or_default();
        assert!(
            other.ends_with("to_move is b, not the harbour master r"),
            "{other}"
        );
        let nobody = start("\"to_move\": \"x\"").unwrap_or_default();
        assert!(
            nobody.contains("to_move") && !nobody.contains("harbour master r"),
            "{nobody}"
        );
    }

    #[test]
    fn a_number_is_read_back_from_the_text_whole() {
        let text = "{\n  \"a\": 18446744073709551621,\n  \"b\": 2.5, \"c\": -7}";
        assert_eq!(number_ending_at(text, 2, 27), Some("18446744073709551621"));
        // The fraction belongs to the token: `2.5` is no whole number `5`.
        assert_eq!(number_ending_at(text, 3, 10), Some("2.5"));
        assert!(!is_whole("2.5") && !is_whole("1e20") && !is_whole("-"));
        assert!(is_whole("-7") && is_whole("18446744073709551621"));
        assert_eq!(number_ending_at(text, 3, 19), Some("-7"));
        assert_eq!(number_ending_at(text, 9, 1), None);
        assert_eq!(number_ending_at(text, 0, 0), None);
    }

    #[test]
    fn the_column_counts_bytes_and_a_number_is_found_after_other_scripts() {
        // serde_json counts bytes: column 42, not 38, as each `é` takes two.
        let text = "{\"é\": \"ééé\", \"a\": 18446744073709551621}";
        let e = value(text).err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("a: the number 18446744073709551621 is out of range at line 1, column 42")
        );
        // A column inside a character is no number's end, and no panic.
        assert_eq!(number_ending_at("é1", 1, 1), None);
        let e = value("{\"id\": 1e400}").err();
        assert!(e.is_some_and(|e| e.out_of_range && e.message == "id: the number 1e400 is out of range"));
    }

    #[test]
    fn a_document_read_whole_quotes_a_number_past_64_bits_as_typed() {
        let text =
            "{\"options\": {\"time_limit\": 1.5},\n \"cash\": {\"red\": -18446744073709551621}}";
        let e = value(text).err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("cash.red: the number -18446744073709551621 is out of range at line 2, column 38")
        );
        assert!(
            value("[1e300]").is_err_and(|e| e.message == "[0]: the number 1e300 is out of range")
        );
        // Cut off after the number, the line is no JSON at all.
        let e = value("{\"id\": 1e400").err();
        assert!(e.is_some_and(|e| !e.out_of_range && e.message.starts_with("EOF while parsing")));
        let e = crate::Setup::from_json("{\"cash\": {\"red\": -0}}")
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("cash.red: write 0, not -0 at line 1, column 19")
        );
        // A fraction, or a whole number that fits, is the reader's to judge.
        assert!(value("{\"a\": [2.5, 18446744073709551615, -9223372036854775808]}").is_ok());
    }
}
