//! The case format's resolution: what the schema of `model.rs` means once read: the notation's player of a
//! colour, a ruleset's name and defaults (CASE-1.3), the analyses a game check needs (CASE-4.7), what every
//! check has, and the checks with their errata applied (CASE-6). Moves resolve in `moves.rs`.

use crate::model::{
    Analyses, Case, Check, Color, CoreOptions, Feature, Game, GameResult, J89Options, NajOptions,
    Ruleset, RulesetName, Suicide,
};

impl Color {
    /// The notation's player.
    pub fn player(self) -> gorules_grammar::Player {
        match self {
            Color::Black => gorules_grammar::Player::Black,
            Color::White => gorules_grammar::Player::White,
        }
    }
}

impl Ruleset {
    /// The ruleset's name, the first part of every trial name.
    pub fn name(&self) -> &'static str {
        self.ruleset_name().name()
    }

    /// CASE-1.3: the ruleset's name in the vocabulary.
    pub fn ruleset_name(&self) -> RulesetName {
        match self {
            Ruleset::Naj(_) => RulesetName::Naj,
            Ruleset::Core(_) => RulesetName::Core,
            Ruleset::Japanese1989(_) => RulesetName::Japanese1989,
            Ruleset::Class(c, _) => c.ruleset_name(),
        }
    }

    /// CASE-1.3: a ruleset named `name` with its default options (the core ruleset: no ko rule, suicide
    /// prohibited).
    pub fn with_defaults(name: RulesetName) -> Ruleset {
        match name {
            RulesetName::Naj => Ruleset::Naj(NajOptions::default()),
            RulesetName::Japanese1989 => Ruleset::Japanese1989(J89Options::default()),
            RulesetName::Core => Ruleset::Core(CoreOptions {
                ko: Vec::new(),
                suicide: Suicide::Prohibited,
                ..CoreOptions::default()
            }),
            RulesetName::Stone | RulesetName::Area | RulesetName::AgreementArea => {
                match crate::classes::RuleClass::of(name) {
                    Some(class) => Ruleset::Class(class, crate::classes::ClassOptions::default()),
                    None => unreachable!("stone, area and agreement-area are rule classes"),
                }
            }
        }
    }
}

/// CASE-4.7: which analyses a game check's expectations need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysesNeeded {
    /// The black-analysis (two-analysis rules).
    pub black: bool,
    /// The white-analysis (two-analysis rules).
    pub white: bool,
    /// The single analysis (NAJ-9.3).
    pub single: bool,
}

impl Game {
    /// CASE-4.7: the analyses this check's expectations need under `ruleset`: Black's side for his reference,
    /// control, points or score, White's likewise, both for the combined map, the totals and a result.
    pub fn analyses_needed(&self, ruleset: &Ruleset) -> AnalysesNeeded {
        let black = self.black_reference.is_some()
            || self.black_control.is_some()
            || self.black_points.is_some()
            || self.black_score.is_some();
        let white = self.white_reference.is_some()
            || self.white_control.is_some()
            || self.white_points.is_some()
            || self.white_score.is_some();
        let both = self.control.is_some()
            || self.board_score.is_some()
            || self.score.is_some()
            || matches!(self.result, Some(r) if r != GameResult::NoResult);
        let single = matches!(ruleset, Ruleset::Naj(o) if o.analyses == Analyses::Single);
        if single {
            let any = black || white || both || self.reference.is_some();
            AnalysesNeeded {
                black: false,
                white: false,
                single: any,
            }
        } else {
            AnalysesNeeded {
                black: black || both,
                white: white || both,
                single: false,
            }
        }
    }
}

/// What every check has.
#[derive(Debug, Clone, Copy)]
pub struct Common<'a> {
    /// The check's name, unique in its case.
    pub name: &'a str,
    /// Features this check needs beyond the case's.
    pub features: &'a [Feature],
    /// What the source asserts, in our words, if the check says.
    pub claim: Option<&'a str>,
}

impl Check {
    /// The check's name, extra features and claim.
    pub fn common(&self) -> Common<'_> {
        let (name, features, claim) = match self {
            Check::Legality(c) => (&c.name, &c.features, &c.claim),
            Check::Replay(c) => (&c.name, &c.features, &c.claim),
            Check::Immortal(c) => (&c.name, &c.features, &c.claim),
            Check::Control(c) => (&c.name, &c.features, &c.claim),
            Check::Game(c) => (&c.name, &c.features, &c.claim),
            Check::BestPlay(c) => (&c.name, &c.features, &c.claim),
            Check::Status(c) => (&c.name, &c.features, &c.claim),
            Check::Territory(c) => (&c.name, &c.features, &c.claim),
            Check::J89Game(c) => (&c.name, &c.features, &c.claim),
            Check::KoIntersections(c) => (&c.name, &c.features, &c.claim),
            Check::Force(c) => (&c.name, &c.features, &c.claim),
            Check::GameEnd(c) => (&c.name, &c.features, &c.claim),
            Check::FinalScore(c) => (&c.name, &c.features, &c.claim),
            Check::Count(c) => (&c.name, &c.features, &c.claim),
        };
        Common {
            name,
            features,
            claim: claim.as_deref(),
        }
    }

    /// The kind, as written in the file.
    pub fn kind(&self) -> &'static str {
        match self {
            Check::Legality(_) => "legality",
            Check::Replay(_) => "replay",
            Check::Immortal(_) => "immortal",
            Check::Control(_) => "control",
            Check::Game(_) => "game",
            Check::BestPlay(_) => "best_play",
            Check::Status(_) => "status",
            Check::Territory(_) => "territory",
            Check::J89Game(_) => "j89_game",
            Check::KoIntersections(_) => "ko_intersections",
            Check::Force(_) => "force",
            Check::GameEnd(_) => "game_end",
            Check::FinalScore(_) => "final_score",
            Check::Count(_) => "count",
        }
    }
}

impl Case {
    /// CASE-6: the checks as the source claims them, no erratum applied (the readings matrix judges a reading
    /// against these).
    pub fn source_checks(&self) -> Vec<Check> {
        self.checks.clone()
    }

    /// The checks with every erratum applied: where the source is wrong, the check expects our answer
    /// (CASE-6). Errors name the erratum that cannot be applied.
    pub fn effective_checks(&self) -> Result<Vec<Check>, String> {
        let mut checks = self.checks.clone();
        for er in &self.errata {
            let check = checks
                .iter_mut()
                .find(|c| c.common().name == er.check)
                .ok_or_else(|| {
                    format!(
                        "erratum for check `{}`, which is not in this case",
                        er.check
                    )
                })?;
            crate::errata::apply(check, &er.field, &er.ours.0).map_err(|m| {
                format!(
                    "erratum for check `{}`, field `{}`: {m}",
                    er.check, er.field
                )
            })?;
        }
        Ok(checks)
    }
}
