//! CASE-8: Kee cases (spec/cases.md): boards of any graph, any number of players, and the checks of the Kee
//! rules (spec/kee.md). They live in `cases/kee/`, one file per example, and share the source, clause and
//! feature vocabulary of the other cases.

use crate::drawn::Kind;
use crate::model::{Feature, Source};
use crate::yaml::{located, parse_str};
use gorules_grammar::{Cell, Diagram, Graph, KeePlays, StoneColor, PLAYER_NAMES, PLAYER_TOKENS};
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;
use std::fmt;

pub use gorules_vocabulary::{KeeAllied, KeeScoring, KoPlayerPasses, Suicide};

/// CASE-8: one Kee case file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeeCase {
    /// Unique id (CASE-1).
    pub id: String,
    /// A one-line title.
    pub title: String,
    /// CASE-1.1.
    pub source: Source,
    /// Spec clause ids the case tests.
    pub clauses: Vec<String>,
    /// CASE-5: rule features every check needs.
    pub features: Vec<Feature>,
    /// CASE-8.1: the rules and their variants.
    #[serde(default)]
    pub rules: KeeRulesSpec,
    /// CASE-8.2: the board and what stands on it: a diagram (a grid) or a graph (NOT-6).
    pub board: KeeBoard,
    /// CASE-8.2: the player to play at `board` (default: the first player, black).
    #[serde(default)]
    pub to_play: Option<PlayerName>,
    /// CASE-8.3: the checks.
    pub checks: Vec<KeeCheck>,
    /// CASE-6: where the source is wrong.
    #[serde(default)]
    pub errata: Vec<KeeErratum>,
    /// Free text of ours.
    #[serde(default)]
    pub notes: Option<String>,
}

/// CASE-8.1: the Kee rules of a case: the number of players and the variants (spec/kee.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeeRulesSpec {
    /// KEE-4: how many players (2 to 6), named black, white, red, green, blue, yellow in order (NOT-6.2).
    #[serde(default = "two", deserialize_with = "player_count")]
    pub players: u8,
    /// KEE-5(c): whether refreshing passes exist.
    #[serde(default = "yes")]
    pub refreshing_passes: bool,
    /// KEE-10: `prohibited` (default) or `allowed`.
    #[serde(default)]
    pub suicide: Suicide,
    /// KEE-9: `union` (default) or `single-unit`.
    #[serde(default)]
    pub allied_groups: KeeAllied,
    /// KEE-15: `area` (default) or `territory`.
    #[serde(default)]
    pub scoring: KeeScoring,
    /// KEE-12.2: the passes counted when the ko player is chosen: `normal` (default) or `all`.
    #[serde(default)]
    pub ko_player_passes: KoPlayerPasses,
}

fn two() -> u8 {
    2
}
fn yes() -> bool {
    true
}
fn player_count<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let n = u8::deserialize(d)?;
    if (2..=PLAYER_NAMES.len() as u8).contains(&n) {
        Ok(n)
    } else {
        Err(serde::de::Error::custom(format!(
            "expected 2 to {} players, found {n}",
            PLAYER_NAMES.len()
        )))
    }
}

impl Default for KeeRulesSpec {
    fn default() -> Self {
        KeeRulesSpec {
            players: 2,
            refreshing_passes: true,
            suicide: Suicide::Prohibited,
            allied_groups: KeeAllied::Union,
            scoring: KeeScoring::Area,
            ko_player_passes: KoPlayerPasses::Normal,
        }
    }
}

/// NOT-6.2: a player by colour name: `black` is player 1, `white` 2, `red` 3, ...
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerName(pub u8);

impl PlayerName {
    /// The colour name.
    pub fn name(self) -> &'static str {
        PLAYER_NAMES[usize::from(self.0)]
    }

    /// Reads a colour name.
    pub fn parse(s: &str) -> Option<PlayerName> {
        PLAYER_NAMES
            .iter()
            .position(|n| *n == s)
            .map(|i| PlayerName(i as u8))
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl<'de> Deserialize<'de> for PlayerName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        parse_str(
            d,
            "a player (black, white, red, green, blue, yellow)",
            |s| {
                PlayerName::parse(s).ok_or_else(|| {
                    format!(
                        "expected a player ({}), found `{s}`",
                        PLAYER_NAMES.join(", ")
                    )
                })
            },
        )
    }
}

/// The cells a Kee grid accepts: `.`, `#`, `O`, and `R` `G` `U` `Y` for players 3 to 6 (NOT-6.4).
struct KeeGridKind;
impl Kind for KeeGridKind {
    const WHAT: &'static str = "a Kee board (`.`, `#`, `O`, `R`, `G`, `U`, `Y`)";
    fn accepts(cell: Cell) -> bool {
        cell.board_point().is_some() || matches!(cell, Cell::Mark('R' | 'G' | 'U' | 'Y'))
    }
}

/// CASE-8.2: a board with its stones: a grid diagram (NOT-6.4) or a graph (NOT-6.1), held as a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeeBoard {
    /// The board and its stones.
    pub graph: Graph,
    /// `(width, height)` if it was drawn as a grid.
    pub grid: Option<(usize, usize)>,
}

impl KeeBoard {
    /// Reads a board: a graph if the text has a `:`, else a grid diagram.
    pub fn parse(text: &str) -> Result<KeeBoard, String> {
        if text.contains(':') {
            let graph = Graph::parse(text).map_err(|e| located(e.line, e.column, &e.message))?;
            return Ok(KeeBoard { graph, grid: None });
        }
        let diagram = Diagram::parse(text).map_err(|e| located(e.line, e.column, &e.message))?;
        let mut stones = Vec::new();
        for row in 0..diagram.height() {
            for col in 0..diagram.width() {
                let cell = diagram
                    .get(col, row)
                    .unwrap_or(Cell::Stone(StoneColor::Black));
                if !KeeGridKind::accepts(cell) {
                    return Err(located(
                        row + 1,
                        col * 2 + 1,
                        &format!("expected {}, found `{}`", KeeGridKind::WHAT, cell.text()),
                    ));
                }
                stones.push(match cell {
                    Cell::Stone(StoneColor::Black) => Some(0),
                    Cell::Stone(StoneColor::White) => Some(1),
                    Cell::Mark(m) => PLAYER_TOKENS.iter().position(|t| *t == m).map(|p| p as u8),
                    _ => None,
                });
            }
        }
        let (w, h) = (diagram.width(), diagram.height());
        let graph = Graph::grid(w, h, &stones)
            .ok_or_else(|| located(1, 1, "a Kee grid has at most 25 columns and 99 rows"))?;
        Ok(KeeBoard {
            graph,
            grid: Some((w, h)),
        })
    }

    /// The highest player index with a stone on the board, if any.
    pub fn highest_player(&self) -> Option<u8> {
        self.graph.nodes().iter().filter_map(|n| n.stone).max()
    }
}

impl<'de> Deserialize<'de> for KeeBoard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        parse_str(d, "a Kee board: a diagram or a graph", KeeBoard::parse)
    }
}

/// NOT-7.1 plays, read from a case.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Plays(pub KeePlays);

impl<'de> Deserialize<'de> for Plays {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        parse_str(d, "Kee plays (names, `pass`, `refresh`)", |s| {
            KeePlays::parse(s)
                .map(Plays)
                .map_err(|e| located(e.line, e.column, &e.message))
        })
    }
}

/// CASE-8.3: one Kee check, keyed by its kind.
#[derive(Debug, Clone)]
pub enum KeeCheck {
    /// CASE-8.3.1: one stone play from the case's position.
    Play(KeePlayCheck),
    /// CASE-8.3.2: a sequence of plays and what the rules make of it.
    Game(KeeGameCheck),
    /// CASE-8.3.3: the value under best play (two players).
    Value(KeeValueCheck),
}

impl<'de> Deserialize<'de> for KeeCheck {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        const KINDS: &[&str] = &["kee_play", "kee_game", "kee_value"];
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = KeeCheck;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "a Kee check: a map with one key, the kind (kee_play, kee_game, kee_value)",
                )
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<KeeCheck, A::Error> {
                let kind: String = map
                    .next_key()?
                    .ok_or_else(|| serde::de::Error::custom("a check needs its kind as key"))?;
                let check = match kind.as_str() {
                    "kee_play" => KeeCheck::Play(map.next_value()?),
                    "kee_game" => KeeCheck::Game(map.next_value()?),
                    "kee_value" => KeeCheck::Value(map.next_value()?),
                    other => return Err(serde::de::Error::unknown_variant(other, KINDS)),
                };
                if let Some(extra) = map.next_key::<String>()? {
                    return Err(serde::de::Error::custom(format!(
                        "a check has one key, its kind; found `{extra}` beside `{kind}` (indent it under `{kind}`)"
                    )));
                }
                Ok(check)
            }
        }
        d.deserialize_map(V)
    }
}

impl KeeCheck {
    /// The check's name.
    pub fn name(&self) -> &str {
        match self {
            KeeCheck::Play(c) => &c.name,
            KeeCheck::Game(c) => &c.name,
            KeeCheck::Value(c) => &c.name,
        }
    }

    /// Features this check needs beyond the case's.
    pub fn features(&self) -> &[Feature] {
        match self {
            KeeCheck::Play(c) => &c.features,
            KeeCheck::Game(c) => &c.features,
            KeeCheck::Value(c) => &c.features,
        }
    }

    /// The kind's name.
    pub fn kind(&self) -> &'static str {
        match self {
            KeeCheck::Play(_) => "kee_play",
            KeeCheck::Game(_) => "kee_game",
            KeeCheck::Value(_) => "kee_value",
        }
    }
}

/// Why a stone play is refused (KEE-5(a), KEE-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum KeeReason {
    Occupied,
    Suicide,
    /// KEE-5(c): the variant without refreshing passes.
    NoRefreshingPasses,
}

impl KeeReason {
    /// The reason's word in cases and in the protocol.
    pub fn name(self) -> &'static str {
        match self {
            KeeReason::Occupied => "occupied",
            KeeReason::Suicide => "suicide",
            KeeReason::NoRefreshingPasses => "no-refreshing-passes",
        }
    }

    /// Reads the word.
    pub fn parse(s: &str) -> Option<KeeReason> {
        [
            KeeReason::Occupied,
            KeeReason::Suicide,
            KeeReason::NoRefreshingPasses,
        ]
        .into_iter()
        .find(|r| r.name() == s)
    }
}

/// CASE-8.3.1: a stone play from the case's position by `player`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeePlayCheck {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// The player who plays (he is made the player to play).
    pub player: PlayerName,
    /// The intersection.
    pub at: String,
    /// Whether the play is allowed.
    pub legal: bool,
    /// If not: why.
    #[serde(default)]
    pub reason: Option<KeeReason>,
    /// KEE-9: whether the play is enclosing.
    #[serde(default)]
    pub enclosing: Option<bool>,
    /// KEE-10 variant: whether the play was suicidal (and its unit removed).
    #[serde(default)]
    pub suicidal: Option<bool>,
    /// KEE-11: the intersections whose stones the play removes (any order; the complete set).
    #[serde(default)]
    pub removed: Option<Vec<String>>,
    /// The board after the play.
    #[serde(default)]
    pub after: Option<KeeBoard>,
}

/// KEE-12: a prohibition expected at a play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedProhibition {
    /// The 1-based number of the play that caused it.
    pub at: usize,
    /// The ko player.
    pub player: PlayerName,
    /// `primary` or `secondary`.
    pub condition: KoConditionName,
}

/// KEE-12(a), KEE-12(b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum KoConditionName {
    Primary,
    Secondary,
}

impl KoConditionName {
    /// The word.
    pub fn name(self) -> &'static str {
        match self {
            KoConditionName::Primary => "primary",
            KoConditionName::Secondary => "secondary",
        }
    }
}

/// KEE-13: how a game stands after its plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum KeeEndName {
    /// Not ended.
    None,
    /// KEE-13(a).
    Passes,
    /// KEE-13(b).
    AllProhibited,
}

impl KeeEndName {
    /// The word.
    pub fn name(self) -> &'static str {
        match self {
            KeeEndName::None => "none",
            KeeEndName::Passes => "passes",
            KeeEndName::AllProhibited => "all-prohibited",
        }
    }

    /// Reads the word.
    pub fn parse(s: &str) -> Option<KeeEndName> {
        [
            KeeEndName::None,
            KeeEndName::Passes,
            KeeEndName::AllProhibited,
        ]
        .into_iter()
        .find(|e| e.name() == s)
    }
}

/// A play refused within a game: its 1-based number and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefusedPlay {
    /// The play's number; it is the last play listed.
    pub at: usize,
    /// Why.
    pub reason: KeeReason,
}

/// CASE-8.3.2: plays from the case's position and what the rules make of them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeeGameCheck {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// The plays, in order (NOT-7).
    pub plays: Plays,
    /// The last play is refused, for this reason (every earlier one is made).
    #[serde(default)]
    pub refused: Option<RefusedPlay>,
    /// KEE-12: every prohibition the plays cause, in order (none if empty).
    #[serde(default)]
    pub prohibitions: Vec<ExpectedProhibition>,
    /// KEE-13: whether and how the game ended.
    pub end: KeeEndName,
    /// The player to play after the plays (if the game goes on).
    #[serde(default)]
    pub to_play: Option<PlayerName>,
    /// The board after the plays.
    #[serde(default)]
    pub after: Option<KeeBoard>,
    /// KEE-15: each player's points on the board after the plays.
    #[serde(default)]
    pub points: Option<BTreeMap<PlayerName, u32>>,
    /// KEE-15(d): the ranking, best first; players with equal points share a group.
    #[serde(default)]
    pub ranking: Option<Vec<Vec<PlayerName>>>,
}

/// CASE-8.3.3: the value of a two-player game under best play: the first player's points minus the second's
/// at the end (0 is a draw), from the case's position or after `after`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeeValueCheck {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// Plays made first.
    #[serde(default)]
    pub after: Option<Plays>,
    /// The value.
    pub value: i32,
    /// The values after each of these plays by the player to play (names, `pass`, `refresh`).
    #[serde(default)]
    pub replies: BTreeMap<String, i32>,
}

/// CASE-6 for Kee cases: where the source is wrong.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeeErratum {
    /// The check's name.
    pub check: String,
    /// Which expectation (`value`, `end`, ...).
    pub field: String,
    /// What the source claims.
    pub source_says: crate::model::serde_yaml_value::Value,
    /// What we compute (the check expects this).
    pub ours: crate::model::serde_yaml_value::Value,
    /// The reasoning, with the proving line.
    pub why: String,
    /// CASE-6.1: the reading (option values of the Kee rules) under which the source's claim holds, so that
    /// choosing it removes this erratum.
    #[serde(default)]
    pub resolved_by: std::collections::BTreeMap<String, crate::model::serde_yaml_value::Value>,
}

impl KeeCase {
    /// CASE-6: the checks as the source claims them, no erratum applied (the readings matrix judges a reading
    /// against these).
    pub fn source_checks(&self) -> Vec<KeeCheck> {
        self.checks.clone()
    }

    /// The checks with every erratum applied (CASE-6): the check expects our answer. Errata may correct a
    /// `kee_value` check's `value` or one of its `replies.<play>`, and a `kee_game` check's `prohibitions`
    /// (written `AT PLAYER CONDITION; ...`, empty for none) or `end`.
    pub fn effective_checks(&self) -> Result<Vec<KeeCheck>, String> {
        let mut checks = self.checks.clone();
        for er in &self.errata {
            let check = checks
                .iter_mut()
                .find(|c| c.name() == er.check)
                .ok_or_else(|| {
                    format!(
                        "erratum for check `{}`, which is not in this case",
                        er.check
                    )
                })?;
            let ours = er.ours.0.trim();
            let bad = |what: &str| {
                format!(
                    "erratum for check `{}`, field `{}`: {what}",
                    er.check, er.field
                )
            };
            match (check, er.field.as_str()) {
                (KeeCheck::Value(v), "value") => {
                    v.value = ours.parse().map_err(|_| bad("expected a whole number"))?
                }
                (KeeCheck::Value(v), f) if f.starts_with("replies.") => {
                    let play = &f["replies.".len()..];
                    let slot = v
                        .replies
                        .get_mut(play)
                        .ok_or_else(|| bad("no such reply in the check"))?;
                    *slot = ours.parse().map_err(|_| bad("expected a whole number"))?;
                }
                (KeeCheck::Game(g), "prohibitions") => {
                    g.prohibitions = parse_prohibitions(ours).map_err(|m| bad(&m))?
                }
                (KeeCheck::Game(g), "end") => {
                    g.end = KeeEndName::parse(ours)
                        .ok_or_else(|| bad("expected none, passes or all-prohibited"))?
                }
                _ => {
                    return Err(bad(
                        "errata of Kee cases correct `value`, `replies.<play>` or `end`",
                    ))
                }
            }
        }
        Ok(checks)
    }
}

/// CASE-8.5: prohibitions written on one line, `AT PLAYER CONDITION` separated by `;` (empty: none).
pub fn parse_prohibitions(text: &str) -> Result<Vec<ExpectedProhibition>, String> {
    text.split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let w: Vec<&str> = p.split_whitespace().collect();
            let bad = || format!("expected `AT PLAYER primary|secondary`, found `{p}`");
            match w.as_slice() {
                [at, player, cond] => Ok(ExpectedProhibition {
                    at: at.parse().map_err(|_| bad())?,
                    player: PlayerName::parse(player).ok_or_else(bad)?,
                    condition: match *cond {
                        "primary" => KoConditionName::Primary,
                        "secondary" => KoConditionName::Secondary,
                        _ => return Err(bad()),
                    },
                }),
                _ => Err(bad()),
            }
        })
        .collect()
}
