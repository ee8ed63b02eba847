//! The one module that reads YAML. serde_yaml is deprecated upstream; a maintained drop-in fork
//! (serde_norway, serde_yaml_ng) replaces it by changing the `serde_yaml` line of the workspace Cargo.toml.
//!
//! Errors carry the 1-based line and column in the file. Values that parse their own text (diagrams,
//! sequences) report a position inside that text with [`located`]; this module turns it into a position in
//! the file.

use serde::de::DeserializeOwned;

/// A YAML or schema error at a line and column of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    /// 1-based line in the file (0 if unknown).
    pub line: usize,
    /// 1-based column in the file (0 if unknown).
    pub column: usize,
    /// What went wrong, with the path of the field (`checks[2].replay.end: ...`).
    pub message: String,
}

const START: char = '\u{1}';
const END: char = '\u{2}';

/// An error message for a position *inside* a scalar's text (1-based line and column within it); `parse`
/// moves it to the file's coordinates.
pub fn located(line: usize, column: usize, message: &str) -> String {
    format!("{START}{line}:{column}{END}{message}")
}

/// CASE-10.1: the largest case file that is read, in bytes (1 MiB).
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// CASE-10.4: the deepest nesting of collections in a case file: flow `[` and `{` and block levels together.
pub const MAX_NESTING: usize = 64;

/// The UTF-8 byte-order mark, accepted (and dropped) at the start of a file (CASE-10.2).
const BOM: char = '\u{feff}';

/// CASE-10.1, CASE-10.2: a file's bytes as text: at most [`MAX_FILE_BYTES`], UTF-8, a leading byte-order mark
/// dropped. The error says where the file goes wrong.
pub fn decode(bytes: Vec<u8>) -> Result<String, YamlError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(too_large(&bytes));
    }
    if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
        return Err(YamlError {
            line: 1,
            column: 1,
            message:
                "the file is UTF-16 (it starts with a UTF-16 byte-order mark); case files are UTF-8"
                    .into(),
        });
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(without_bom(text)),
        Err(e) => {
            let bytes = e.as_bytes();
            let at = e.utf8_error().valid_up_to();
            let (line, column) = position(bytes, at);
            Err(YamlError {
                line,
                column,
                message: format!(
                    "not valid UTF-8 (byte 0x{:02X}); case files are UTF-8",
                    bytes[at]
                ),
            })
        }
    }
}

/// CASE-10.2: the text without a leading byte-order mark.
pub fn without_bom(mut text: String) -> String {
    if text.starts_with(BOM) {
        text.drain(..BOM.len_utf8());
    }
    text
}

/// CASE-10.1: the error for a file larger than [`MAX_FILE_BYTES`], placed at the first byte beyond the limit.
fn too_large(bytes: &[u8]) -> YamlError {
    let (line, column) = position(bytes, MAX_FILE_BYTES.min(bytes.len()));
    YamlError {
        line,
        column,
        message: format!(
            "the file is larger than {MAX_FILE_BYTES} bytes ({} MiB), the limit for a case file; it goes past it here",
            MAX_FILE_BYTES >> 20
        ),
    }
}

/// The 1-based line and column (in characters) of byte `offset`, counting line breaks as libyaml does
/// (`\r\n`, `\r`, `\n`, NEL, LS, PS), so that our positions agree with serde_yaml's.
fn position(bytes: &[u8], offset: usize) -> (usize, usize) {
    let (mut line, mut column, mut i) = (1, 1, 0);
    let end = offset.min(bytes.len());
    while i < end {
        match break_len(bytes, i) {
            0 => {
                if !is_continuation(bytes[i]) {
                    column += 1;
                }
                i += 1;
            }
            n => {
                line += 1;
                column = 1;
                i += n;
            }
        }
    }
    (line, column)
}

/// Whether `b` continues a UTF-8 character (is not its first byte).
fn is_continuation(b: u8) -> bool {
    (0x80..0xc0).contains(&b)
}

/// The length in bytes of the line break at `i` (`\r\n`, `\r`, `\n`, NEL, LS, PS), or 0 if there is none.
fn break_len(b: &[u8], i: usize) -> usize {
    match b[i..] {
        [b'\r', b'\n', ..] => 2,
        [b'\r' | b'\n', ..] => 1,
        [0xc2, 0x85, ..] => 2,
        [0xe2, 0x80, 0xa8 | 0xa9, ..] => 3,
        _ => 0,
    }
}

/// Parses a YAML document into `T`. Before serde_yaml sees the text, it is checked against the limits of
/// CASE-10 (size, nesting), each error placed at a line and column.
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    let text = text.strip_prefix(BOM).unwrap_or(text);
    if text.len() > MAX_FILE_BYTES {
        return Err(too_large(text.as_bytes()));
    }
    nesting::check(text.as_bytes())?;
    serde_yaml::from_str(text).map_err(|e| {
        let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
        let mut message = e.to_string();
        // serde_yaml appends " at line L column C"; we report the position ourselves.
        if let Some(i) = message.rfind(" at line ") {
            message.truncate(i);
        }
        if message.contains("more than one document") {
            let (line, column) = second_document(text);
            return YamlError {
                line,
                column,
                message: "one case per file (CASE-10.3): a second YAML document starts here".into(),
            };
        }
        let (line, column) = if line == 0 {
            // serde_yaml knows no position (the document as a whole is meant): point at its end.
            position(text.as_bytes(), text.len())
        } else {
            (line, column)
        };
        match split_located(&message) {
            Some((inner_line, inner_col, before, after)) => {
                let (line, column) = inner_position(text, line, column, inner_line, inner_col);
                YamlError {
                    line,
                    column,
                    message: format!("{before}{after}"),
                }
            }
            None => YamlError {
                line,
                column,
                message,
            },
        }
    })
}

/// Finds a [`located`] marker: (line, column, text before it, text after it).
fn split_located(message: &str) -> Option<(usize, usize, &str, &str)> {
    let s = message.find(START)?;
    let e = message[s..].find(END)? + s;
    let (l, c) = message[s + 1..e].split_once(':')?;
    Some((
        l.parse().ok()?,
        c.parse().ok()?,
        &message[..s],
        &message[e + 1..],
    ))
}

/// The file position of (inner_line, inner_col) inside the scalar that starts at (line, column).
fn inner_position(
    text: &str,
    line: usize,
    column: usize,
    inner_line: usize,
    inner_col: usize,
) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.get(line.wrapping_sub(1)).map_or("", |l| l);
    let from_col: String = start.chars().skip(column.saturating_sub(1)).collect();
    match from_col.chars().next() {
        // A block scalar: its content starts on the next line, indented.
        Some('|') | Some('>') => {
            let l = line + inner_line;
            let indent = lines
                .get(l - 1)
                .map_or(0, |t| t.len() - t.trim_start().len());
            (l, indent + inner_col)
        }
        // A quoted scalar on one line: skip the quote.
        Some('"') | Some('\'') if inner_line == 1 => (line, column + inner_col),
        _ if inner_line == 1 => (line, column + inner_col - 1),
        _ => (line + inner_line - 1, inner_col),
    }
}

/// Deserializes a string and converts it with `parse` *while the deserializer is still on that scalar*,
/// so that an error is placed at the scalar (an error raised after the deserializer returned would be
/// placed at the enclosing map).
pub fn parse_str<'de, D, T, F>(d: D, what: &'static str, parse: F) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    F: FnOnce(&str) -> Result<T, String>,
{
    struct V<F>(F, &'static str);
    impl<'de, T, F: FnOnce(&str) -> Result<T, String>> serde::de::Visitor<'de> for V<F> {
        type Value = T;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.1)
        }
        fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<T, E> {
            (self.0)(s).map_err(E::custom)
        }
    }
    d.deserialize_str(V(parse, what))
}

/// CASE-10.3: the line and column where a second YAML document starts: a `---` after a document has begun,
/// or content after a `...` that ended one. Lines are split as [`position`] counts them.
fn second_document(text: &str) -> (usize, usize) {
    let marker = |line: &str, m: &str| {
        line.strip_prefix(m)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
    };
    let (mut begun, mut ended) = (false, false);
    for (i, line) in lines(text).enumerate() {
        let trimmed = line.trim_start_matches([' ', '\t']);
        let content = !trimmed.is_empty() && !trimmed.starts_with('#') && !line.starts_with('%');
        if marker(line, "---") {
            if begun {
                return (i + 1, 1);
            }
            begun = true;
        } else if marker(line, "...") {
            ended = begun;
        } else if content {
            if ended {
                return (i + 1, 1);
            }
            begun = true;
        }
    }
    position(text.as_bytes(), text.len())
}

/// The lines of `text`, split at the line breaks [`position`] counts.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let b = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() {
            let n = break_len(b, i);
            if n > 0 {
                let line = &text[start..i];
                i += n;
                start = i;
                return Some(line);
            }
            i += 1;
        }
        (start <= b.len()).then(|| {
            let line = &text[start..];
            start = b.len() + 1;
            line
        })
    })
}

/// CASE-10.4: the nesting pre-scan. serde_yaml's scanner (libyaml's) takes time quadratic in the depth of
/// flow collections, and its deserializer recurses on block levels; this scan, linear in the text, follows
/// libyaml's token rules (comments, quoted, plain and block scalars, anchors, tags, block indentation) far
/// enough to count every `[` and `{` that opens a collection and every block level, and stops at the first
/// token nested deeper than [`MAX_NESTING`]. Text that libyaml would reject anyway may be scanned loosely.
mod nesting {
    use super::{break_len, is_continuation, YamlError, MAX_NESTING};

    /// Checks that no collection in the text is nested deeper than [`MAX_NESTING`] levels.
    pub(super) fn check(bytes: &[u8]) -> Result<(), YamlError> {
        Scanner {
            b: bytes,
            i: 0,
            line: 1,
            column: 0,
            flow: 0,
            indents: Vec::new(),
        }
        .run()
    }

    struct Scanner<'a> {
        b: &'a [u8],
        /// The byte offset of the next character.
        i: usize,
        /// The 1-based line of `i`.
        line: usize,
        /// The 0-based column of `i`, in characters.
        column: usize,
        /// The depth of flow collections.
        flow: usize,
        /// The columns of the open block collections (libyaml's indents).
        indents: Vec<usize>,
    }

    /// Whether the byte at `i` is a blank, a line break, NUL or past the end (libyaml's `IS_BLANKZ`).
    fn blankz(b: &[u8], i: usize) -> bool {
        i >= b.len() || matches!(b[i], b' ' | b'\t' | 0) || break_len(b, i) > 0
    }

    impl Scanner<'_> {
        fn peek(&self, k: usize) -> Option<u8> {
            self.b.get(self.i + k).copied()
        }

        fn at_break(&self) -> bool {
            self.i < self.b.len() && break_len(self.b, self.i) > 0
        }

        fn blankz(&self, k: usize) -> bool {
            blankz(self.b, self.i + k)
        }

        /// Moves past one byte, or past a whole line break.
        fn bump(&mut self) {
            match break_len(self.b, self.i) {
                0 => {
                    if !is_continuation(self.b[self.i]) {
                        self.column += 1;
                    }
                    self.i += 1;
                }
                n => {
                    self.i += n;
                    self.line += 1;
                    self.column = 0;
                }
            }
        }

        /// libyaml's current indent (`-1` at the top level).
        fn indent(&self) -> isize {
            self.indents.last().map_or(-1, |&c| c as isize)
        }

        /// The error for a collection opened at `(line, column)` (0-based column) too deep.
        fn too_deep(&self, (line, column): (usize, usize)) -> Result<(), YamlError> {
            if self.flow + self.indents.len() > MAX_NESTING {
                return Err(YamlError {
                    line,
                    column: column + 1,
                    message: format!("nesting deeper than {MAX_NESTING} levels (CASE-10.4)"),
                });
            }
            Ok(())
        }

        /// libyaml's `roll_indent`: a block collection starts at `at` if it is deeper than the current one.
        fn roll(&mut self, at: (usize, usize)) -> Result<(), YamlError> {
            if self.flow == 0 && self.indent() < at.1 as isize {
                self.indents.push(at.1);
                self.too_deep(at)?;
            }
            Ok(())
        }

        fn document_marker(&self) -> bool {
            self.column == 0
                && (self.b[self.i..].starts_with(b"---") || self.b[self.i..].starts_with(b"..."))
                && self.blankz(3)
        }

        fn run(mut self) -> Result<(), YamlError> {
            // The (line, column) of the token that may be a simple key on its line (libyaml's simple key).
            let mut key: Option<(usize, usize)> = None;
            loop {
                // scan_to_next_token: blanks, comments and line breaks.
                loop {
                    while matches!(self.peek(0), Some(b' ' | b'\t')) {
                        self.bump();
                    }
                    if self.peek(0) == Some(b'#') {
                        while self.i < self.b.len() && !self.at_break() {
                            self.bump();
                        }
                    }
                    if self.at_break() {
                        self.bump();
                    } else {
                        break;
                    }
                }
                let Some(c) = self.peek(0) else {
                    return Ok(());
                };
                // unroll_indent: a token left of a block collection closes it.
                if self.flow == 0 {
                    while self.indent() > self.column as isize {
                        self.indents.pop();
                    }
                }
                let line_key = key.filter(|(l, _)| *l == self.line);
                let here = (self.line, self.column);
                match c {
                    b'%' if self.column == 0 => self.skip_line(),
                    _ if self.document_marker() => {
                        self.indents.clear();
                        for _ in 0..3 {
                            self.bump();
                        }
                        key = None;
                    }
                    b'[' | b'{' => {
                        self.flow += 1;
                        self.too_deep(here)?;
                        if self.flow == 1 {
                            key = Some(here);
                        }
                        self.bump();
                    }
                    b']' | b'}' => {
                        self.flow = self.flow.saturating_sub(1);
                        self.bump();
                    }
                    b',' => self.bump(),
                    b'-' if self.blankz(1) => {
                        self.roll(here)?;
                        key = None;
                        self.bump();
                    }
                    b'?' if self.flow > 0 || self.blankz(1) => {
                        self.roll(here)?;
                        key = None;
                        self.bump();
                    }
                    b':' if self.flow > 0 || self.blankz(1) => {
                        self.roll(line_key.unwrap_or(here))?;
                        key = None;
                        self.bump();
                    }
                    b'*' | b'&' => {
                        self.mark_key(&mut key, here);
                        self.bump();
                        while self
                            .peek(0)
                            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
                        {
                            self.bump();
                        }
                    }
                    b'!' => {
                        self.mark_key(&mut key, here);
                        self.tag();
                    }
                    b'|' | b'>' if self.flow == 0 => self.block_scalar(),
                    b'\'' => {
                        self.mark_key(&mut key, here);
                        self.single_quoted();
                    }
                    b'"' => {
                        self.mark_key(&mut key, here);
                        self.double_quoted();
                    }
                    _ => {
                        self.mark_key(&mut key, here);
                        let before = self.i;
                        self.plain();
                        if self.i == before {
                            // A character no token starts with (libyaml stops here): step over it.
                            self.bump();
                        }
                    }
                }
            }
        }

        /// A token that may be a simple key: the first on its line in the block context.
        fn mark_key(&self, key: &mut Option<(usize, usize)>, here: (usize, usize)) {
            if self.flow == 0 && key.is_none_or(|(l, _)| l != here.0) {
                *key = Some(here);
            }
        }

        fn skip_line(&mut self) {
            while self.i < self.b.len() && !self.at_break() {
                self.bump();
            }
        }

        /// A tag: `!<uri>`, or `!handle!suffix` and `!suffix` of URI characters.
        fn tag(&mut self) {
            self.bump();
            if self.peek(0) == Some(b'<') {
                while self.i < self.b.len() && self.peek(0) != Some(b'>') && !self.blankz(0) {
                    self.bump();
                }
                if self.peek(0) == Some(b'>') {
                    self.bump();
                }
                return;
            }
            while self
                .peek(0)
                .is_some_and(|c| c.is_ascii_alphanumeric() || b"_-;/?:@&=+$.%!~*'()".contains(&c))
            {
                self.bump();
            }
        }

        /// `'...'`, with `''` for a quote; it may span lines.
        fn single_quoted(&mut self) {
            self.bump();
            while self.i < self.b.len() {
                if self.peek(0) == Some(b'\'') {
                    self.bump();
                    if self.peek(0) != Some(b'\'') {
                        return;
                    }
                }
                self.bump();
            }
        }

        /// `"..."`, with `\` escapes; it may span lines.
        fn double_quoted(&mut self) {
            self.bump();
            while self.i < self.b.len() {
                match self.peek(0) {
                    Some(b'"') => {
                        self.bump();
                        return;
                    }
                    Some(b'\\') if self.i + 1 < self.b.len() => {
                        self.bump();
                        self.bump();
                    }
                    _ => self.bump(),
                }
            }
        }

        /// libyaml's `scan_plain_scalar`: up to `: `, ` #`, a flow indicator inside a flow collection, or a
        /// line indented no deeper than the current block collection.
        fn plain(&mut self) {
            let indent = self.indent() + 1;
            loop {
                if self.document_marker() || self.peek(0) == Some(b'#') {
                    return;
                }
                while !self.blankz(0) {
                    let c = self.b[self.i];
                    if (c == b':' && self.blankz(1))
                        || (self.flow > 0 && matches!(c, b',' | b'[' | b']' | b'{' | b'}'))
                    {
                        return;
                    }
                    if self.flow > 0
                        && c == b':'
                        && matches!(self.peek(1), Some(b',' | b'?' | b'[' | b']' | b'{' | b'}'))
                    {
                        // libyaml stops with an error here; counting on is the safe side.
                        return;
                    }
                    self.bump();
                }
                if self.i >= self.b.len() || self.b[self.i] == 0 {
                    return;
                }
                while matches!(self.peek(0), Some(b' ' | b'\t')) || self.at_break() {
                    self.bump();
                }
                if self.flow == 0 && (self.column as isize) < indent {
                    return;
                }
            }
        }

        /// libyaml's `scan_block_scalar`: the header, then every line indented at least as deep as the
        /// content (auto-detected from the first non-empty line, or given by the indentation indicator).
        fn block_scalar(&mut self) {
            self.bump();
            let mut increment = 0;
            for _ in 0..2 {
                match self.peek(0) {
                    Some(b'+' | b'-') => self.bump(),
                    Some(d @ b'1'..=b'9') => {
                        increment = usize::from(d - b'0');
                        self.bump();
                    }
                    _ => {}
                }
            }
            // The rest of the header line (blanks and a comment) is not content.
            self.skip_line();
            if self.at_break() {
                self.bump();
            }
            let parent = self.indent();
            let mut indent = if increment == 0 {
                0
            } else {
                (parent.max(0) as usize) + increment
            };
            // scan_block_scalar_breaks, then the content lines.
            let mut max_indent = 0;
            loop {
                while (indent == 0 || self.column < indent) && self.peek(0) == Some(b' ') {
                    self.bump();
                }
                max_indent = max_indent.max(self.column);
                if !self.at_break() {
                    break;
                }
                self.bump();
            }
            if indent == 0 {
                indent = max_indent.max((parent + 1).max(1) as usize);
            }
            while self.column == indent && self.i < self.b.len() {
                self.skip_line();
                if self.at_break() {
                    self.bump();
                }
                loop {
                    while self.column < indent && self.peek(0) == Some(b' ') {
                        self.bump();
                    }
                    if !self.at_break() {
                        break;
                    }
                    self.bump();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::RngSeed;

    /// How one level of a generated chain of collections is written.
    #[derive(Debug, Clone, Copy)]
    enum Level {
        FlowSeq,
        FlowMap,
        BlockSeq,
        BlockMap,
    }

    /// Scalars full of brackets and quotes that open nothing, usable in a flow collection.
    const FLOW_DECOYS: [&str; 6] = [
        "'[[{'",
        "\"]}\\\"]\"",
        "a'b",
        "'it''s [['",
        "x # [[{\n",
        "\"[\\\n  {\"",
    ];

    /// The same, for the block context only.
    const BLOCK_DECOYS: [&str; 4] = [
        "a[b{c",
        "it's \"q [",
        "|\n{ind}  [[[{{\n{ind}  ]",
        ">-\n{ind}   {{ [",
    ];

    /// The value written after `key:` or `- `: the chain of collections from `levels`, ending in a scalar.
    fn render(levels: &[(Level, usize)], indent: usize, flow: bool) -> String {
        let Some((&(level, decoy), rest)) = levels.split_first() else {
            return " z".into();
        };
        let ind = " ".repeat(indent + 2);
        let flow_decoy = FLOW_DECOYS[decoy % FLOW_DECOYS.len()];
        let block_decoy = BLOCK_DECOYS[decoy % BLOCK_DECOYS.len()].replace("{ind}", &ind);
        let level = match level {
            Level::BlockSeq if flow => Level::FlowSeq,
            Level::BlockMap if flow => Level::FlowMap,
            l => l,
        };
        match level {
            Level::FlowSeq => format!(
                " [{flow_decoy},{}, {flow_decoy}]",
                render(rest, indent, true)
            ),
            Level::FlowMap => format!(" {{k: {flow_decoy}, q:{}}}", render(rest, indent, true)),
            Level::BlockSeq => format!(
                "\n{ind}- {block_decoy}\n{ind}-{}",
                render(rest, indent + 2, false)
            ),
            Level::BlockMap => format!(
                "\n{ind}k: {block_decoy}\n{ind}q:{}",
                render(rest, indent + 2, false)
            ),
        }
    }

    fn level() -> impl Strategy<Value = (Level, usize)> {
        (
            prop::sample::select(vec![
                Level::FlowSeq,
                Level::FlowMap,
                Level::BlockSeq,
                Level::BlockMap,
            ]),
            0usize..12,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            rng_seed: RngSeed::Fixed(24),
            ..ProptestConfig::default()
        })]

        /// CASE-10.4: the pre-scan counts exactly the collections serde_yaml reads, whatever brackets and
        /// quotes the scalars around them hold: a chain of `n` collections under `root:` is `n + 1` levels.
        #[test]
        fn the_nesting_scan_counts_what_yaml_reads(levels in prop::collection::vec(level(), 0..140)) {
            let text = format!("root:{}\n", render(&levels, 0, false));
            let depth = levels.len() + 1;
            if depth < 120 {
                let read = serde_yaml::from_str::<serde_yaml::Value>(&text);
                prop_assert!(read.is_ok(), "{:?}\n{}", read, text);
            }
            let scanned = nesting::check(text.as_bytes());
            prop_assert_eq!(scanned.is_ok(), depth <= MAX_NESTING, "{:?}\n{}", scanned, text);
        }
    }
}
