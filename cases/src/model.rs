//! The case format (spec/cases.md), as read from YAML: the schema a case file deserializes into, and nothing
//! else. Every struct denies unknown fields. What the schema means once read (a ruleset's name and defaults, the
//! analyses a game check needs, the checks with their errata applied) is in `resolve.rs`.

use crate::drawn::{Board, ControlMap, Labels, PointsMap, StatusMap, TerritoryMap};
use crate::moves::MovesSpec;
use crate::yaml::located;
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::str::FromStr;

pub use gorules_vocabulary::{
    Analyses, CountMethod, DutyKind, EndReason, Feature, ForceQuestion, KoIntersectionKind, KoRule,
    KodefBasicKo, KodefCycle, KodefCycleEnd, KodefCycleSet, KodefHistoryBans, LineEnd, Phase,
    Reason, RulesetName, Suicide,
};
// What every check has and the analyses a game check needs are resolved values; their old paths still work.
pub use crate::resolve::{AnalysesNeeded, Common};

/// CASE-1: one case file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Unique id: lower-case letters, digits and `-`.
    pub id: String,
    /// A one-line title.
    pub title: String,
    /// CASE-1.1: where the example comes from.
    pub source: Source,
    /// Spec clause ids the case tests.
    pub clauses: Vec<String>,
    /// CASE-5: rule features every check needs.
    pub features: Vec<Feature>,
    /// CASE-1.3: the ruleset and its options.
    pub ruleset: Ruleset,
    /// The position as drawn.
    pub board: Board,
    /// CASE-1.2: the source's labels over the board.
    #[serde(default)]
    pub labels: Option<Labels>,
    /// Whose turn it is at `board`.
    #[serde(default)]
    pub to_move: Option<Color>,
    /// Prisoners already taken when `board` was reached.
    #[serde(default)]
    pub prisoners: Option<Prisoners>,
    /// CASE-1.4: how `board` arose.
    #[serde(default)]
    pub history: Option<History>,
    /// CASE-4: the checks.
    pub checks: Vec<Check>,
    /// CASE-6: where the source is wrong.
    #[serde(default)]
    pub errata: Vec<Erratum>,
    /// Free text of ours.
    #[serde(default)]
    pub notes: Option<String>,
}

/// CASE-1.1: a seed example, or a constructed case with its purpose.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// The seed file, e.g. `000_d2c866efab51ca55.txt`.
    #[serde(default)]
    pub seed: Option<String>,
    /// The example's heading or ordinal as it appears in the seed.
    #[serde(default)]
    pub example: Option<String>,
    /// The seed's line range, `first-last`.
    #[serde(default)]
    pub lines: Option<LineRange>,
    /// For a case of ours: what it is for.
    #[serde(default)]
    pub constructed: Option<String>,
    /// For a case of ours that stands for a seed example whose diagram is lost: which one.
    #[serde(default)]
    pub represents: Option<String>,
    /// For a position taken from another engine's public regression suite: where it is.
    #[serde(default)]
    pub regression: Option<Regression>,
}

/// CASE-1.1: a position from another engine's public regression suite (a fact; its code is not ours).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Regression {
    /// `owner/name` of the public repository.
    pub repository: String,
    /// The file in it.
    pub path: String,
    /// Which test or position in that file.
    pub test: String,
}

/// A range of lines in a seed file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineRange {
    /// First line, 1-based.
    pub first: usize,
    /// Last line, inclusive.
    pub last: usize,
}

impl<'de> Deserialize<'de> for LineRange {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            One(usize),
            Text(String),
        }
        let bad = || serde::de::Error::custom("expected a line range such as `18-37`");
        match Raw::deserialize(d)? {
            Raw::One(n) => Ok(LineRange { first: n, last: n }),
            Raw::Text(t) => {
                let (a, b) = t.split_once('-').ok_or_else(bad)?;
                let first: usize = a.trim().parse().map_err(|_| bad())?;
                let last: usize = b.trim().parse().map_err(|_| bad())?;
                if first == 0 || last < first {
                    return Err(bad());
                }
                Ok(LineRange { first, last })
            }
        }
    }
}

/// A player's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Color {
    /// Black.
    Black,
    /// White.
    White,
}

/// The colour asked about by a control check: one player or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ColorOrBoth {
    /// Black.
    Black,
    /// White.
    White,
    /// Both players, on one combined map.
    Both,
}

/// Prisoners held by each player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prisoners {
    /// Stones Black has captured.
    pub black: u32,
    /// Stones White has captured.
    pub white: u32,
}

/// CASE-1.4: an earlier position and the moves from it to the case board.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct History {
    /// The earlier position.
    pub board: Board,
    /// Prisoners at the earlier position.
    #[serde(default)]
    pub prisoners: Option<Prisoners>,
    /// The moves from it.
    pub moves: MovesSpec,
}

/// CASE-1.3: the ruleset a case is played under.
#[derive(Debug, Clone, PartialEq)]
pub enum Ruleset {
    /// The New Amateur-Japanese Rules (spec/naj.md) with its options.
    Naj(NajOptions),
    /// The core rules alone (spec/core.md, spec/ko.md): capture, a suicide rule, the chosen ko rules, and an
    /// alternation ended by two passes. For comparison cases and for engines of other rulesets.
    Core(CoreOptions),
    /// CASE-9.1: the Japanese 1989 Rules (spec/japanese-1989.md); the board is the stop position.
    Japanese1989(J89Options),
    /// CASE-11: a rule class of seed 003 (spec/scoring.md) on the core play rules.
    Class(crate::classes::RuleClass, crate::classes::ClassOptions),
}

/// CASE-9.1: the options of the Japanese 1989 ruleset (J89-R).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct J89Options {
    /// J89-R12: where the confirmation plays.
    pub confirmation_board: crate::j89::ConfirmationBoard,
    /// J89-R5: which new stones keep a captured string alive.
    pub new_stone: crate::j89::NewStone,
    /// J89-R1: which stones a dame puts in seki.
    pub seki_stones: crate::j89::SekiStones,
    /// J89-R6: dead stones outside territory.
    pub dead_outside_territory: crate::j89::DeadOutside,
    /// J89-R8: which dead stones belong to a player's regions.
    pub dead_in_regions: crate::j89::DeadInRegions,
    /// J89-R7: how a pass pays for a ko recapture in the confirmation.
    pub ko_pass: crate::j89::KoPass,
    /// J89-R2: whose confirmation decides the statuses.
    pub confirmation: crate::j89::Confirmation,
    /// J89-R5: who moves first in a string's confirmation.
    pub confirmation_first: crate::j89::ConfirmationFirst,
    /// J89-R3: whether a pass lifts the simple-ko ban.
    pub recapture_after_pass: crate::j89::RecaptureAfterPass,
    /// J89-R10: what a repetition does without agreement.
    pub repetition: crate::j89::Repetition,
    /// J89-R11: what an illegal move does.
    pub illegal_move: crate::j89::IllegalMove,
    /// J89-R9: whether stones may be placed by agreement during the stop.
    pub fill_dame: crate::j89::FillDame,
    /// J89-R4: what Article 13 adds.
    pub article_13: crate::j89::Article13,
    /// J89-10.2: komi (0 unless agreed).
    pub komi: crate::j89::Komi,
}

/// CASE-1.3: the options of the core ruleset.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoreOptions {
    /// KO-1..KO-5: the ko rules in force (none: no ko rule at all).
    #[serde(default)]
    pub ko: Vec<KoRule>,
    /// CORE-5.4: whether suicide is allowed.
    #[serde(default)]
    pub suicide: Suicide,
    /// KODEF-R1: which returns to the start-position are cycles (CASE-1.3a).
    #[serde(default)]
    pub cycle: KodefCycle,
    /// KODEF-R2: when the cycle-end rule fires (CASE-1.3a).
    #[serde(default)]
    pub cycle_end: KodefCycleEnd,
    /// KODEF-R13: the history-bans of a global analysis (CASE-1.3a).
    #[serde(default)]
    pub history_bans: KodefHistoryBans,
    /// KODEF-R4: what a basic ko is (CASE-1.3a).
    #[serde(default)]
    pub basic_ko: KodefBasicKo,
    /// KODEF-R8: the cycle-set of a set of cycles (CASE-1.3a).
    #[serde(default)]
    pub cycle_set: KodefCycleSet,
}

/// CASE-1.3: the options of NAJ and its variants (NAJ-9).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct NajOptions {
    /// NAJ-3.4 / NAJ-9.2: successive passes that end an analysis (3, or 2 in the variant).
    pub analysis_end_passes: u8,
    /// NAJ-9.3: two analyses, or a single one with Black first.
    pub analyses: Analyses,
    /// NAJ-9.1: NAJN, a cycle in the alternation ends the game without result.
    pub no_result_on_cycle: bool,
    /// NAJ-9.4: the seed's Japanese 2003 comparison.
    pub j2003: bool,
    /// NAJ-7.5: komi.
    pub komi: i32,
}

impl Default for NajOptions {
    fn default() -> Self {
        NajOptions {
            analysis_end_passes: 3,
            analyses: Analyses::Two,
            no_result_on_cycle: false,
            j2003: false,
            komi: 0,
        }
    }
}

impl<'de> Deserialize<'de> for Ruleset {
    /// `naj`, or a map `{name: naj|core, options: {...}}` whose options are read by the named ruleset.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Ruleset;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a ruleset: `naj`, `japanese-1989`, `stone`, `area`, `agreement-area`, or `{name: ..., options: {...}}`")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Ruleset, E> {
                match s.parse::<RulesetName>().map_err(E::custom)? {
                    RulesetName::Core => Err(E::custom(
                        "the core ruleset needs its options: `{name: core, options: {ko: [...]}}`",
                    )),
                    name => Ok(Ruleset::with_defaults(name)),
                }
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Ruleset, A::Error> {
                let key: Option<String> = map.next_key()?;
                if key.as_deref() != Some("name") {
                    return Err(serde::de::Error::custom("a ruleset map starts with `name`"));
                }
                let name: RulesetName = map.next_value()?;
                let mut ruleset = Ruleset::with_defaults(name);
                while let Some(key) = map.next_key::<String>()? {
                    match (key.as_str(), &mut ruleset) {
                        ("options", Ruleset::Naj(o)) => *o = map.next_value()?,
                        ("options", Ruleset::Core(o)) => *o = map.next_value()?,
                        ("options", Ruleset::Japanese1989(o)) => *o = map.next_value()?,
                        ("options", Ruleset::Class(_, o)) => *o = map.next_value()?,
                        (other, _) => {
                            return Err(serde::de::Error::unknown_field(
                                other,
                                &["name", "options"],
                            ))
                        }
                    }
                }
                Ok(ruleset)
            }
        }
        d.deserialize_any(V)
    }
}

/// CASE-4: one check, keyed by its kind.
#[derive(Debug, Clone)]
pub enum Check {
    /// CASE-4.1
    Legality(Legality),
    /// CASE-4.2
    Replay(Replay),
    /// CASE-4.3
    Immortal(Immortal),
    /// CASE-4.4
    Control(Control),
    /// CASE-4.5
    Game(Box<Game>),
    /// CASE-4.6
    BestPlay(BestPlay),
    /// CASE-9.2
    Status(Status),
    /// CASE-9.3
    Territory(Territory),
    /// CASE-9.4
    J89Game(Box<crate::j89::J89Game>),
    /// CASE-13.1
    KoIntersections(KoIntersections),
    /// CASE-13.2
    Force(Force),
    /// CASE-11.1
    GameEnd(Box<crate::classes::GameEnd>),
    /// CASE-11.2
    FinalScore(crate::classes::FinalScore),
    /// CASE-12
    Count(Box<crate::count::Count>),
}

impl<'de> Deserialize<'de> for Check {
    /// A one-key map `{<kind>: {...}}`. (serde_yaml would read an externally tagged enum from a YAML tag
    /// `!kind`; cases use the plainer one-key map.)
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        const KINDS: &[&str] = &[
            "legality",
            "replay",
            "immortal",
            "control",
            "game",
            "best_play",
            "status",
            "territory",
            "j89_game",
            "ko_intersections",
            "force",
            "game_end",
            "final_score",
            "count",
        ];
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Check;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a check: a map with one key, the kind (legality, replay, immortal, control, game, best_play, status, territory, j89_game, ko_intersections, force, game_end, final_score, count)")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Check, A::Error> {
                let kind: String = map
                    .next_key()?
                    .ok_or_else(|| serde::de::Error::custom("a check needs its kind as key"))?;
                let check = match kind.as_str() {
                    "legality" => Check::Legality(map.next_value()?),
                    "replay" => Check::Replay(map.next_value()?),
                    "immortal" => Check::Immortal(map.next_value()?),
                    "control" => Check::Control(map.next_value()?),
                    "game" => Check::Game(Box::new(map.next_value()?)),
                    "best_play" => Check::BestPlay(map.next_value()?),
                    "status" => Check::Status(map.next_value()?),
                    "territory" => Check::Territory(map.next_value()?),
                    "j89_game" => Check::J89Game(Box::new(map.next_value()?)),
                    "ko_intersections" => Check::KoIntersections(map.next_value()?),
                    "force" => Check::Force(map.next_value()?),
                    "game_end" => Check::GameEnd(Box::new(map.next_value()?)),
                    "final_score" => Check::FinalScore(map.next_value()?),
                    "count" => Check::Count(Box::new(map.next_value()?)),
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

/// CASE-9.2: the status of every stone of the stop position.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Status {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// The status map.
    pub statuses: StatusMap,
    /// J89-R2, `confirmation: as-played`: the confirmations the players played.
    #[serde(default)]
    pub confirmation: Option<crate::j89::ConfirmationLines>,
}

/// CASE-9.3: territory, dame and the score of the stop position.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Territory {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// The territory map.
    pub territory: TerritoryMap,
    /// J89-10.2: Black's territory and prisoners minus White's.
    pub score: i64,
    /// J89-R2, `confirmation: as-played`: the confirmations the players played.
    #[serde(default)]
    pub confirmation: Option<crate::j89::ConfirmationLines>,
}

/// CASE-4.1: is a move legal after some moves?
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Legality {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// The move-sequence.
    #[serde(default)]
    pub phase: Phase,
    /// Moves played first.
    #[serde(default)]
    pub after: Option<MovesSpec>,
    /// The move asked about: a sequence of exactly one move.
    #[serde(rename = "move")]
    pub mv: MovesSpec,
    /// The answer.
    pub expect: Expect,
}

/// CASE-4.1: a legality answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// The move is legal.
    Legal,
    /// The move is illegal, for the reason if one is given.
    Illegal(Option<Reason>),
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expect::Legal => f.write_str("legal"),
            Expect::Illegal(None) => f.write_str("illegal"),
            Expect::Illegal(Some(r)) => write!(f, "illegal {r}"),
        }
    }
}

impl FromStr for Expect {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let mut words = s.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some("legal"), None, _) => Ok(Expect::Legal),
            (Some("illegal"), None, _) => Ok(Expect::Illegal(None)),
            (Some("illegal"), Some(r), None) => Ok(Expect::Illegal(Some(r.parse()?))),
            _ => Err(format!(
                "expected `legal`, `illegal` or `illegal <reason>`, found `{s}`"
            )),
        }
    }
}

impl<'de> Deserialize<'de> for Expect {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml::parse_str(d, "`legal`, `illegal` or `illegal <reason>`", |s| {
            s.parse().map_err(|m: String| located(1, 1, &m))
        })
    }
}

/// The position after a given move of a replay.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionAfter {
    /// The move number, 1-based.
    pub after: usize,
    /// The position.
    pub board: Board,
}

/// CASE-4.2: moves that must all be legal, and the positions they reach.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// The move-sequence.
    #[serde(default)]
    pub phase: Phase,
    /// The moves.
    pub moves: MovesSpec,
    /// Positions after given moves.
    #[serde(default)]
    pub positions: Vec<PositionAfter>,
    /// The position after the last move.
    #[serde(default)]
    pub end: Option<Board>,
    /// Whether the phase has ended after the last move.
    #[serde(default)]
    pub ends: Option<bool>,
    /// How the phase ended after the last move (PROTO-3.7's words; implies `ends: true`).
    #[serde(default)]
    pub end_reason: Option<EndReason>,
    /// Prisoners after the last move.
    #[serde(default)]
    pub prisoners: Option<Prisoners>,
    /// The first illegal move, when the moves are expected not to be legal all through (CASE-4.2).
    #[serde(default)]
    pub illegal: Option<IllegalAt>,
}

/// CASE-4.2: the first illegal move of a replay: its 1-based number and, optionally, the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalAt {
    /// The move's number, from 1.
    pub number: usize,
    /// Why it is illegal, if the case says.
    pub reason: Option<Reason>,
}

impl FromStr for IllegalAt {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let mut words = s.split_whitespace();
        let bad = || format!("expected `<move number>` or `<move number> <reason>`, found `{s}`");
        let number: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .filter(|n| *n > 0)
            .ok_or_else(bad)?;
        let reason = words.next().map(str::parse).transpose()?;
        if words.next().is_some() {
            return Err(bad());
        }
        Ok(IllegalAt { number, reason })
    }
}

impl<'de> Deserialize<'de> for IllegalAt {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = IllegalAt;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`<move number> [reason]`")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<IllegalAt, E> {
                self.visit_str(&n.to_string())
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<IllegalAt, E> {
                s.parse().map_err(|m: String| E::custom(located(1, 1, &m)))
            }
        }
        d.deserialize_any(V)
    }
}

/// CASE-13: which intersections of a region are ko-intersections of one kind (spec/ko-definitions.md).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KoIntersections {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// KODEF-6: basic, local or global.
    pub kind: KoIntersectionKind,
    /// KODEF-R15: the region, GTP vertices separated by spaces: plays are restricted to it, and its intersections
    /// are the ones asked about unless `asked` names fewer.
    pub region: String,
    /// The intersections asked about, part of the region (GTP vertices; the whole region when absent).
    #[serde(default)]
    pub asked: Option<String>,
    /// KODEF-6.3: Black's komi (global only).
    #[serde(default)]
    pub komi: Option<crate::j89::Komi>,
    /// The intersections of the region that are ko-intersections of the kind (GTP vertices; empty for none).
    pub expect: String,
}

/// CASE-13.2: a forcing question (KODEF-4) from the case's position, its player to move moving first.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Force {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// KODEF-4.1 `force` or KODEF-4.5 `answer-force`.
    pub question: ForceQuestion,
    /// KODEF-3.1: the first mover X (Y is the other player); the case's player to move if not given.
    #[serde(default)]
    pub first: Option<Color>,
    /// KODEF-6.2 `local` (no local-area-improvement on the region) or KODEF-6.3 `global` (no win at `komi`).
    pub duty: DutyKind,
    /// KODEF-R15: the region, GTP vertices separated by spaces: plays are restricted to it, and it is the
    /// cycle-set of the wanted cycles and the zone of a local duty.
    pub region: String,
    /// KODEF-R12: Black's komi (global duty only).
    #[serde(default)]
    pub komi: Option<crate::j89::Komi>,
    /// The answer: `yes` or `no`.
    pub expect: YesNo,
}

/// CASE-13.2: a yes-or-no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum YesNo {
    /// Yes.
    Yes,
    /// No.
    No,
}

impl YesNo {
    /// `true` for yes.
    pub fn is_yes(self) -> bool {
        self == YesNo::Yes
    }

    /// The word, as written in a case.
    pub fn word(self) -> &'static str {
        match self {
            YesNo::Yes => "yes",
            YesNo::No => "no",
        }
    }
}

impl FromStr for YesNo {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "yes" => Ok(YesNo::Yes),
            "no" => Ok(YesNo::No),
            other => Err(format!("expected yes or no, found `{other}`")),
        }
    }
}

/// CASE-4.3: which stones of a colour are immortal.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Immortal {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// Whose stones.
    pub color: Color,
    /// The position (default: the case board).
    #[serde(default)]
    pub board: Option<Board>,
    /// The position with only the immortal stones of `color` left.
    pub expect: Board,
}

/// CASE-4.4: which intersections a player controls, given his reference position.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Control {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// Whose control.
    pub color: ColorOrBoth,
    /// The reference position (color black or white).
    #[serde(default)]
    pub reference: Option<Board>,
    /// Black's reference position (color both).
    #[serde(default)]
    pub black_reference: Option<Board>,
    /// White's reference position (color both).
    #[serde(default)]
    pub white_reference: Option<Board>,
    /// The control map.
    pub expect: ControlMap,
}

/// CASE-4.5: a game or its tail, and what it leads to.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// The alternation's moves; absent: the board is the final-position.
    #[serde(default)]
    pub alternation: Option<MovesSpec>,
    /// Expected final-position.
    #[serde(default, rename = "final")]
    pub final_position: Option<Board>,
    /// The black-analysis.
    #[serde(default)]
    pub black_analysis: Option<MovesSpec>,
    /// The white-analysis.
    #[serde(default)]
    pub white_analysis: Option<MovesSpec>,
    /// The single analysis (NAJ-9.3).
    #[serde(default)]
    pub analysis: Option<MovesSpec>,
    /// Expected reference position of the black-analysis.
    #[serde(default)]
    pub black_reference: Option<Board>,
    /// Expected reference position of the white-analysis.
    #[serde(default)]
    pub white_reference: Option<Board>,
    /// Expected reference position of the single analysis.
    #[serde(default)]
    pub reference: Option<Board>,
    /// Expected control maps.
    #[serde(default)]
    pub black_control: Option<ControlMap>,
    /// Expected control maps.
    #[serde(default)]
    pub white_control: Option<ControlMap>,
    /// Expected combined control map.
    #[serde(default)]
    pub control: Option<ControlMap>,
    /// Expected points per intersection for Black.
    #[serde(default)]
    pub black_points: Option<PointsMap>,
    /// Expected points per intersection for White.
    #[serde(default)]
    pub white_points: Option<PointsMap>,
    /// Expected black-score.
    #[serde(default)]
    pub black_score: Option<i32>,
    /// Expected white-score.
    #[serde(default)]
    pub white_score: Option<i32>,
    /// Expected board-score.
    #[serde(default)]
    pub board_score: Option<i32>,
    /// Expected prisoner-difference.
    #[serde(default)]
    pub prisoner_difference: Option<i32>,
    /// Expected score.
    #[serde(default)]
    pub score: Option<i32>,
    /// Expected result.
    #[serde(default)]
    pub result: Option<GameResult>,
}

/// NAJ-7.6, NAJ-9.1: the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameResult {
    /// Positive score.
    BlackWins,
    /// Negative score.
    WhiteWins,
    /// Zero.
    Draw,
    /// NAJN: a cycle ended the game.
    NoResult,
}

/// CASE-4.6: the value under best play.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BestPlay {
    /// Name, unique in the case.
    pub name: String,
    /// What the source asserts, in our words.
    #[serde(default)]
    pub claim: Option<String>,
    /// Extra features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// Which value: the score (alternation), the black-score or the white-score.
    pub phase: Phase,
    /// Moves played first.
    #[serde(default)]
    pub after: Option<MovesSpec>,
    /// The value under best play.
    pub value: i32,
    /// The board-score part (alternation).
    #[serde(default)]
    pub board_score: Option<i32>,
    /// The prisoner-difference part (alternation).
    #[serde(default)]
    pub prisoner_difference: Option<i32>,
    /// The source's line of best play.
    #[serde(default)]
    pub line: Option<MovesSpec>,
}

/// CASE-6: a place where the source is wrong.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Erratum {
    /// The check's name.
    pub check: String,
    /// Which expectation.
    pub field: String,
    /// What the source claims.
    pub source_says: serde_yaml_value::Value,
    /// What we compute.
    pub ours: serde_yaml_value::Value,
    /// The reasoning.
    pub why: String,
    /// CASE-6.1: the reading (option values of the case's ruleset) under which the source's claim holds, so that
    /// choosing it removes this erratum.
    #[serde(default)]
    pub resolved_by: std::collections::BTreeMap<String, serde_yaml_value::Value>,
}

/// Loose values for errata, kept as text (no YAML type leaks out of `yaml.rs`).
pub mod serde_yaml_value {
    use serde::{Deserialize, Deserializer};

    /// A scalar or a diagram, kept as its text.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Value(pub String);

    impl<'de> Deserialize<'de> for Value {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            #[derive(Deserialize)]
            #[serde(untagged)]
            enum Raw {
                I(i64),
                B(bool),
                S(String),
            }
            Ok(Value(match Raw::deserialize(d)? {
                Raw::I(i) => i.to_string(),
                Raw::B(b) => b.to_string(),
                Raw::S(s) => s,
            }))
        }
    }
}
