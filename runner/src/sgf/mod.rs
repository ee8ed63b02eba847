//! SGF (FF[4]), the file format of Go game records: a small writer and reader of our own, enough for the
//! runner's export of cases ([`export`]) and its replay of game records ([`record`]).
//!
//! A collection is a list of game trees; a game tree is a sequence of nodes followed by its variations (game
//! trees again); a node is a list of properties `ID[value][value]...`. Values are kept as text: the reader
//! removes the escapes (`\]`, `\\`, a soft line break `\` + newline) and the writer puts them back, so
//! `read(write(c)) == c` for every collection (tested below). What a value means (a point, a number, a text) is
//! left to the code that asks for it, with [`point`] and [`size`] for the Go types.

pub mod export;
pub mod record;

use std::fmt;

/// A collection: the game trees of one SGF file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Collection(pub Vec<GameTree>);

/// A game tree: its nodes in order, then its variations (the first is the main line).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameTree {
    /// The nodes, in order; a written game tree has at least one.
    pub nodes: Vec<Node>,
    /// The variations that follow the last node.
    pub variations: Vec<GameTree>,
}

/// A node: its properties, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Node {
    /// The properties.
    pub properties: Vec<Property>,
}

/// A property: its identifier (upper-case letters, `B`, `AB`, `SZ`) and its values, escapes removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Property {
    /// The identifier.
    pub id: String,
    /// The values, at least one (`[]` is one empty value).
    pub values: Vec<String>,
}

impl Node {
    /// A node with one property.
    pub fn with(id: &str, values: Vec<String>) -> Node {
        Node {
            properties: vec![Property {
                id: id.into(),
                values,
            }],
        }
    }

    /// Adds a property (nothing if `values` is empty: a property has at least one value).
    pub fn push(&mut self, id: &str, values: Vec<String>) {
        if !values.is_empty() {
            self.properties.push(Property {
                id: id.into(),
                values,
            });
        }
    }

    /// Every value of property `id`, in order: a property written more than once in a node (which FF[4] forbids
    /// and older records do, `AB[dd]AB[gd]`) gives the values of each.
    pub fn values(&self, id: &str) -> Vec<&str> {
        self.properties
            .iter()
            .filter(|p| p.id == id)
            .flat_map(|p| p.values.iter().map(String::as_str))
            .collect()
    }

    /// The first value of property `id`.
    pub fn first(&self, id: &str) -> Option<&str> {
        self.values(id).first().copied()
    }
}

/// Where the reader stopped, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What was found and what was expected.
    pub message: String,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// Writes a collection as SGF text: one node per line, values escaped (`\` and `]`).
pub fn write(c: &Collection) -> String {
    let mut out = String::new();
    for tree in &c.0 {
        write_tree(tree, &mut out);
        out.push('\n');
    }
    out
}

fn write_tree(t: &GameTree, out: &mut String) {
    out.push('(');
    for (i, node) in t.nodes.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push(';');
        for p in &node.properties {
            out.push_str(&p.id);
            for v in &p.values {
                out.push('[');
                for ch in v.chars() {
                    if ch == ']' || ch == '\\' {
                        out.push('\\');
                    }
                    out.push(ch);
                }
                out.push(']');
            }
        }
    }
    for v in &t.variations {
        out.push('\n');
        write_tree(v, out);
    }
    out.push(')');
}

/// The text of an SGF file's bytes: UTF-8 (a byte-order mark dropped), or else ISO-8859-1, FF[4]'s default
/// character set, byte for byte; the flag says the second.
pub fn text_of(bytes: Vec<u8>) -> (String, bool) {
    match String::from_utf8(bytes) {
        Ok(t) => (
            t.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(t),
            false,
        ),
        Err(e) => (
            e.into_bytes().iter().map(|&b| char::from(b)).collect(),
            true,
        ),
    }
}

/// Reads SGF text: a collection of at least one game tree; text before the first `(` (a header some programs
/// write) is skipped. Lower-case letters in a property identifier (the
/// long names of FF[1]-FF[3], `AddBlack`) are dropped, as FF[4] asks of readers; anything else out of place is
/// an error at its line and column.
pub fn read(text: &str) -> Result<Collection, SgfError> {
    let mut r = Reader {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        column: 1,
    };
    let mut trees = Vec::new();
    while r.peek().is_some_and(|c| c != '(') {
        r.bump();
    }
    while r.peek() == Some('(') {
        trees.push(r.tree(0)?);
        r.skip_space();
    }
    if let Some(c) = r.peek() {
        return Err(r.error(format!("expected `(` to start a game tree, found `{c}`")));
    }
    if trees.is_empty() {
        return Err(r.error("expected a game tree `(;...)`, found nothing".into()));
    }
    Ok(Collection(trees))
}

/// The deepest nesting of variations the reader accepts (a guard against a stack overflow on hostile input).
pub const MAX_DEPTH: usize = 1000;

struct Reader {
    chars: Vec<char>,
    at: usize,
    line: usize,
    column: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn error(&self, message: String) -> SgfError {
        SgfError {
            line: self.line,
            column: self.column,
            message,
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("`{c}`"),
            None => "the end of the file".into(),
        }
    }

    fn tree(&mut self, depth: usize) -> Result<GameTree, SgfError> {
        if depth > MAX_DEPTH {
            return Err(self.error(format!("variations nested more than {MAX_DEPTH} deep")));
        }
        self.bump(); // `(`
        self.skip_space();
        let mut tree = GameTree::default();
        while self.peek() == Some(';') {
            self.bump();
            tree.nodes.push(self.node()?);
            self.skip_space();
        }
        if tree.nodes.is_empty() {
            return Err(self.error(format!(
                "expected `;` to start a node, found {}",
                self.found()
            )));
        }
        while self.peek() == Some('(') {
            tree.variations.push(self.tree(depth + 1)?);
            self.skip_space();
        }
        if self.peek() != Some(')') {
            return Err(self.error(format!(
                "expected a node `;`, a variation `(` or `)`, found {}",
                self.found()
            )));
        }
        self.bump();
        Ok(tree)
    }

    fn node(&mut self) -> Result<Node, SgfError> {
        let mut node = Node::default();
        loop {
            self.skip_space();
            match self.peek() {
                Some(c) if c.is_ascii_uppercase() || c.is_ascii_lowercase() => {}
                _ => return Ok(node),
            }
            let (line, column) = (self.line, self.column);
            let mut id = String::new();
            while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
                self.bump();
                if c.is_ascii_uppercase() {
                    id.push(c);
                }
            }
            if id.is_empty() {
                return Err(SgfError {
                    line,
                    column,
                    message: "a property identifier has no upper-case letter".into(),
                });
            }
            self.skip_space();
            let mut values = Vec::new();
            while self.peek() == Some('[') {
                let opened = (self.line, self.column);
                self.bump();
                values.push(self.value(opened)?);
                self.skip_space();
            }
            if values.is_empty() {
                return Err(self.error(format!(
                    "expected `[` after the property `{id}`, found {}",
                    self.found()
                )));
            }
            node.properties.push(Property { id, values });
        }
    }

    /// A value's text after its `[` (opened at `(line, column)`), up to its `]`.
    fn value(&mut self, (line, column): (usize, usize)) -> Result<String, SgfError> {
        let mut v = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(SgfError {
                        line,
                        column,
                        message: "a property value `[` is never closed by `]`".into(),
                    })
                }
                Some(']') => return Ok(v),
                Some('\\') => match self.bump() {
                    // A soft line break: `\` then a newline (`\n`, `\r\n`, `\r` or `\n\r`) is removed.
                    Some('\n') => {
                        if self.peek() == Some('\r') {
                            self.bump();
                        }
                    }
                    Some('\r') => {
                        if self.peek() == Some('\n') {
                            self.bump();
                        }
                    }
                    Some(c) => v.push(c),
                    None => {
                        return Err(SgfError {
                            line,
                            column,
                            message: "a property value ends in `\\`".into(),
                        })
                    }
                },
                Some(c) => v.push(c),
            }
        }
    }
}

/// The SGF letter of a coordinate (0 to 51: `a`-`z`, then `A`-`Z`).
fn letter(i: usize) -> Option<char> {
    match i {
        0..=25 => Some((b'a' + i as u8) as char),
        26..=51 => Some((b'A' + (i - 26) as u8) as char),
        _ => None,
    }
}

fn coordinate(c: char) -> Option<usize> {
    match c {
        'a'..='z' => Some(c as usize - 'a' as usize),
        'A'..='Z' => Some(c as usize - 'A' as usize + 26),
        _ => None,
    }
}

/// The SGF point `ab` of (column, row), row 0 at the top (as in SGF and NOT-2.1); `None` beyond 52.
pub fn point_value(col: usize, row: usize) -> Option<String> {
    Some(format!("{}{}", letter(col)?, letter(row)?))
}

/// A move's value read on a `width` x `height` board: `Ok(None)` for a pass (`[]`, or `[tt]` on a board of at
/// most 19x19, as FF[3] wrote it), `Ok(Some((col, row)))` for a point on the board.
pub fn point(v: &str, width: usize, height: usize) -> Result<Option<(usize, usize)>, String> {
    if v.is_empty() || (v == "tt" && width <= 19 && height <= 19) {
        return Ok(None);
    }
    let mut it = v.chars();
    match (
        it.next().and_then(coordinate),
        it.next().and_then(coordinate),
        it.next(),
    ) {
        (Some(c), Some(r), None) if c < width && r < height => Ok(Some((c, r))),
        (Some(_), Some(_), None) => {
            Err(format!("the point `{v}` is off the {width}x{height} board"))
        }
        _ => Err(format!(
            "`{v}` is not an SGF point (two letters, `aa` at the top left)"
        )),
    }
}

/// The points of a point-list value: one point (`ab`) or a rectangle (`ab:cd`, FF[4] compressed lists).
pub fn points(v: &str, width: usize, height: usize) -> Result<Vec<(usize, usize)>, String> {
    let Some((a, b)) = v.split_once(':') else {
        return point(v, width, height)?
            .map(|p| vec![p])
            .ok_or_else(|| format!("`{v}` is not a point of a setup list"));
    };
    let (a, b) = (point(a, width, height)?, point(b, width, height)?);
    let ((c0, r0), (c1, r1)) = a
        .zip(b)
        .ok_or_else(|| format!("`{v}` is not a rectangle of points"))?;
    let mut out = Vec::new();
    for r in r0.min(r1)..=r0.max(r1) {
        for c in c0.min(c1)..=c0.max(c1) {
            out.push((c, r));
        }
    }
    Ok(out)
}

/// The board size of an `SZ` value: `19` (square) or `19:13` (columns:rows, FF[4]); from 1 to 52 each way.
pub fn size(v: &str) -> Result<(usize, usize), String> {
    let bad = || format!("SZ[{v}]: expected a size such as `19` or `19:13`, from 1 to 52");
    let parse = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=52).contains(n))
    };
    match v.split_once(':') {
        None => parse(v).map(|n| (n, n)).ok_or_else(bad),
        Some((w, h)) => parse(w).zip(parse(h)).ok_or_else(bad),
    }
}

/// The `SZ` value of a board: `19`, or `19:13` for a rectangle.
pub fn size_value(width: usize, height: usize) -> String {
    if width == height {
        width.to_string()
    } else {
        format!("{width}:{height}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn arb_value() -> impl Strategy<Value = String> {
        // Brackets, backslashes, colons and line breaks are the characters escaping is about.
        proptest::collection::vec(
            prop_oneof![
                Just(']'),
                Just('['),
                Just('\\'),
                Just(':'),
                Just('\n'),
                Just('\r'),
                Just(' '),
                Just('é'),
                proptest::char::range('a', 'z'),
            ],
            0..8,
        )
        .prop_map(|v| v.into_iter().collect())
    }

    fn arb_property() -> impl Strategy<Value = Property> {
        ("[A-Z]{1,3}", proptest::collection::vec(arb_value(), 1..4))
            .prop_map(|(id, values)| Property { id, values })
    }

    fn arb_node() -> impl Strategy<Value = Node> {
        proptest::collection::vec(arb_property(), 0..4).prop_map(|properties| Node { properties })
    }

    fn arb_tree() -> impl Strategy<Value = GameTree> {
        let leaf = proptest::collection::vec(arb_node(), 1..4).prop_map(|nodes| GameTree {
            nodes,
            variations: Vec::new(),
        });
        leaf.prop_recursive(3, 24, 3, |inner| {
            (
                proptest::collection::vec(arb_node(), 1..3),
                proptest::collection::vec(inner, 0..3),
            )
                .prop_map(|(nodes, variations)| GameTree { nodes, variations })
        })
    }

    proptest! {
        /// What is written reads back the same, whatever the values hold.
        #[test]
        fn written_collections_read_back(trees in proptest::collection::vec(arb_tree(), 1..3)) {
            let c = Collection(trees);
            let text = write(&c);
            prop_assert_eq!(read(&text), Ok(c));
        }

        /// Any text, SGF-like or not, is read or refused with a position; the reader never panics.
        #[test]
        fn any_text_is_read_or_refused(text in proptest::collection::vec(
            prop_oneof![Just('('), Just(')'), Just(';'), Just('['), Just(']'), Just('\\'), Just('\n'),
                Just('B'), Just('a'), Just(':'), Just(' ')],
            0..40,
        ).prop_map(|v| v.into_iter().collect::<String>())) {
            match read(&text) {
                Ok(c) => prop_assert!(!c.0.is_empty()),
                Err(e) => prop_assert!(e.line >= 1 && e.column >= 1),
            }
        }

        /// Every point of a board up to 52x52 is written and read back as itself.
        #[test]
        fn points_round_trip(w in 1usize..=52, h in 1usize..=52, c in 0usize..52, r in 0usize..52) {
            let (c, r) = (c % w, r % h);
            let v = point_value(c, r).expect("on a board up to 52");
            // `tt` is a pass on boards up to 19x19, so it is never written for a point there (20th column).
            prop_assert_eq!(point(&v, w, h), Ok(Some((c, r))));
            prop_assert_eq!(size(&size_value(w, h)), Ok((w, h)));
        }
    }

    #[test]
    fn real_sgf_features_are_read() {
        let text = "(;FF[4]GM[1]SZ[9]AB[aa:bb]\n C[a \\] bracket\\\nsoft break]\n;B[cc];W[]\n(;B[tt])(;AddWhite[dd]))";
        let c = read(text).expect("it reads");
        let t = &c.0[0];
        assert_eq!(t.nodes.len(), 3);
        assert_eq!(t.nodes[0].first("C"), Some("a ] bracketsoft break"));
        assert_eq!(
            points("aa:bb", 9, 9),
            Ok(vec![(0, 0), (1, 0), (0, 1), (1, 1)])
        );
        assert_eq!(point("", 9, 9), Ok(None));
        assert_eq!(point("tt", 19, 19), Ok(None));
        assert_eq!(point("tt", 21, 21), Ok(Some((19, 19))));
        assert!(point("jj", 9, 9)
            .expect_err("off")
            .contains("off the 9x9 board"));
        assert_eq!(t.variations.len(), 2);
        assert_eq!(t.variations[1].nodes[0].first("AW"), Some("dd"));
        let c = read("header line\n(;AB[aa]AB[bb][cc])").expect("it reads");
        assert_eq!(c.0[0].nodes[0].values("AB"), vec!["aa", "bb", "cc"]);
        assert_eq!(
            text_of(b"\xef\xbb\xbf(;)".to_vec()),
            ("(;)".to_string(), false)
        );
        assert_eq!(
            text_of(b"(;C[caf\xe9])".to_vec()),
            ("(;C[caf\u{e9}])".to_string(), true)
        );
        assert_eq!(size("19:13"), Ok((19, 13)));
        assert!(size("53").is_err() && size("0").is_err() && size("x").is_err());
    }

    #[test]
    fn bad_sgf_is_refused_where_it_goes_wrong() {
        for (text, line, column, message) in [
            ("", 1, 1, "expected a game tree"),
            ("no tree here", 1, 13, "expected a game tree"),
            (
                "(;B[aa]",
                1,
                8,
                "expected a node `;`, a variation `(` or `)`, found the end",
            ),
            ("(;B[aa", 1, 4, "never closed"),
            ("(;FF[4]\n;B)", 2, 3, "expected `[` after the property `B`"),
            ("(;B[aa]) x", 1, 10, "expected `(`"),
            ("()", 1, 2, "expected `;`"),
        ] {
            let e = read(text).expect_err(text);
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
            assert!(e.message.contains(message), "{text:?}: {e}");
        }
        let deep = format!(
            "{}{}",
            "(;".repeat(MAX_DEPTH + 2),
            ")".repeat(MAX_DEPTH + 2)
        );
        assert!(read(&deep)
            .expect_err("too deep")
            .message
            .contains("nested"));
    }
}
