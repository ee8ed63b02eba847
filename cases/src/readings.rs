//! The readings of a ruleset (spec/readings.md, CASE-6.1): a reading is a choice of values for some of a
//! ruleset's options, written `key=value` as cases write them; a case is read under it by giving its options
//! those values, except where the case itself gives an option another value than the default (its claim is stated
//! under that value, so the reading does not apply to it). Words only: which reading a check passes under is the
//! engine's business.

use crate::j89::{
    Article13, Confirmation, ConfirmationBoard, ConfirmationFirst, DeadInRegions, DeadOutside,
    FillDame, IllegalMove, KoPass, NewStone, RecaptureAfterPass, Repetition, SekiStones,
};
use crate::kee::{KeeCase, KeeRulesSpec};
use crate::model::{Case, J89Options, NajOptions, Ruleset, Source};
use gorules_vocabulary::{
    Analyses, J89Option, KeeAllied, KeeScoring, KoPlayerPasses, Suicide, UnknownWord, Word,
};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// The rulesets the readings matrix knows: their cases and the options a reading may set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReadingsRuleset {
    /// spec/japanese-1989.md, options J89-R1 to J89-R12 (komi is no reading).
    Japanese1989,
    /// spec/naj.md, the variants of NAJ-9 (`j2003` and komi are no readings).
    Naj,
    /// spec/kee.md, the variants of KEE-9v, KEE-10v, KEE-12.2, KEE-15v and refreshing passes (the number of
    /// players is no reading).
    Kee,
}

impl ReadingsRuleset {
    /// Every ruleset with readings.
    pub const ALL: [ReadingsRuleset; 3] = [
        ReadingsRuleset::Japanese1989,
        ReadingsRuleset::Naj,
        ReadingsRuleset::Kee,
    ];

    /// The name cases and the runner use.
    pub fn name(self) -> &'static str {
        match self {
            ReadingsRuleset::Japanese1989 => "japanese-1989",
            ReadingsRuleset::Naj => "naj",
            ReadingsRuleset::Kee => "kee",
        }
    }

    /// Each option a reading may set, with its values, the default first.
    pub fn options(self) -> Vec<(&'static str, Vec<String>)> {
        let words = |v: Vec<&'static str>| v.into_iter().map(String::from).collect::<Vec<_>>();
        match self {
            ReadingsRuleset::Japanese1989 => {
                let default = J89Options::default();
                J89Option::ALL
                    .iter()
                    .filter(|k| **k != J89Option::Komi)
                    .map(|&k| {
                        let first = default.word(k);
                        let mut values = vec![first.clone()];
                        values.extend(
                            k.values()
                                .into_iter()
                                .filter(|v| *v != first)
                                .map(String::from),
                        );
                        (k.name(), values)
                    })
                    .collect()
            }
            ReadingsRuleset::Naj => vec![
                ("analysis_end_passes", words(vec!["3", "2"])),
                ("analyses", words(Analyses::words())),
                ("no_result_on_cycle", words(vec!["false", "true"])),
            ],
            ReadingsRuleset::Kee => vec![
                ("refreshing_passes", words(vec!["true", "false"])),
                ("suicide", words(Suicide::words())),
                ("allied_groups", words(KeeAllied::words())),
                ("scoring", words(KeeScoring::words())),
                ("ko_player_passes", words(KoPlayerPasses::words())),
            ],
        }
    }

    /// The values of `option`, the default first; an error names the options there are.
    pub fn values(self, option: &str) -> Result<Vec<String>, String> {
        let options = self.options();
        options
            .iter()
            .find(|(k, _)| *k == option)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| {
                let names: Vec<&str> = options.iter().map(|(k, _)| *k).collect();
                format!(
                    "`{option}` is no reading of {}: expected one of {}",
                    self.name(),
                    names.join(", ")
                )
            })
    }
}

impl FromStr for ReadingsRuleset {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        ReadingsRuleset::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| {
                format!("`{s}`: expected a ruleset with readings: japanese-1989, naj or kee")
            })
    }
}

impl fmt::Display for ReadingsRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A reading: values for some options (none: the default reading, every case as written), in a fixed order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reading(pub BTreeMap<String, String>);

impl Reading {
    /// The default reading: every case as it is written.
    pub fn default_reading() -> Reading {
        Reading(BTreeMap::new())
    }

    /// `default`, or `key=value,key=value`.
    pub fn label(&self) -> String {
        if self.0.is_empty() {
            return "default".into();
        }
        self.0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Whether this reading gives `option` the value `value`.
    pub fn sets(&self, option: &str, value: &str) -> bool {
        self.0.get(option).is_some_and(|v| v == value)
    }

    /// Whether every value `other` sets, this reading sets too.
    pub fn includes(&self, other: &Reading) -> bool {
        other.0.iter().all(|(k, v)| self.sets(k, v))
    }

    /// Checks every option and value against `ruleset`'s.
    pub fn check(&self, ruleset: ReadingsRuleset) -> Result<(), String> {
        for (k, v) in &self.0 {
            let values = ruleset.values(k)?;
            if !values.contains(v) {
                return Err(format!("`{k}={v}`: expected one of {}", values.join(", ")));
            }
        }
        Ok(())
    }
}

/// A case read under a reading: the case with its options set, or why the reading does not apply.
#[derive(Debug, Clone)]
pub enum Applied<T> {
    /// The case under the reading.
    Read(T),
    /// The case gives `option` the value `value`, which is not the default and not the reading's: its claim is
    /// stated under that value.
    Pinned {
        /// The option.
        option: String,
        /// The case's value.
        value: String,
    },
}

/// Sets `values` on options read and written as words: an option the case gives a value other than the default
/// and the reading's pins the case.
fn apply<T>(
    reading: &Reading,
    options: &mut T,
    default: &T,
    word: impl Fn(&T, &str) -> Result<String, String>,
    set: impl Fn(&mut T, &str, &str) -> Result<(), String>,
) -> Result<Option<(String, String)>, String> {
    for (k, v) in &reading.0 {
        let now = word(options, k)?;
        if now != word(default, k)? && now != *v {
            return Ok(Some((k.clone(), now)));
        }
        set(options, k, v)?;
    }
    Ok(None)
}

fn parse<T: FromStr<Err = UnknownWord>>(v: &str) -> Result<T, String> {
    v.parse().map_err(|e: UnknownWord| e.to_string())
}

impl J89Options {
    /// The word of `option`'s value (komi as a number).
    pub fn word(&self, option: J89Option) -> String {
        match option {
            J89Option::ConfirmationBoard => self.confirmation_board.name().into(),
            J89Option::NewStone => self.new_stone.name().into(),
            J89Option::SekiStones => self.seki_stones.name().into(),
            J89Option::DeadOutsideTerritory => self.dead_outside_territory.name().into(),
            J89Option::DeadInRegions => self.dead_in_regions.name().into(),
            J89Option::KoPass => self.ko_pass.name().into(),
            J89Option::Confirmation => self.confirmation.name().into(),
            J89Option::ConfirmationFirst => self.confirmation_first.name().into(),
            J89Option::RecaptureAfterPass => self.recapture_after_pass.name().into(),
            J89Option::Repetition => self.repetition.name().into(),
            J89Option::IllegalMove => self.illegal_move.name().into(),
            J89Option::FillDame => self.fill_dame.name().into(),
            J89Option::Article13 => self.article_13.name().into(),
            J89Option::Komi => self.komi.to_string(),
        }
    }

    /// Gives `option` the value `value` (a word; komi is no reading and is refused).
    pub fn set_word(&mut self, option: J89Option, value: &str) -> Result<(), String> {
        match option {
            J89Option::ConfirmationBoard => {
                self.confirmation_board = parse::<ConfirmationBoard>(value)?
            }
            J89Option::NewStone => self.new_stone = parse::<NewStone>(value)?,
            J89Option::SekiStones => self.seki_stones = parse::<SekiStones>(value)?,
            J89Option::DeadOutsideTerritory => {
                self.dead_outside_territory = parse::<DeadOutside>(value)?
            }
            J89Option::DeadInRegions => self.dead_in_regions = parse::<DeadInRegions>(value)?,
            J89Option::KoPass => self.ko_pass = parse::<KoPass>(value)?,
            J89Option::Confirmation => self.confirmation = parse::<Confirmation>(value)?,
            J89Option::ConfirmationFirst => {
                self.confirmation_first = parse::<ConfirmationFirst>(value)?
            }
            J89Option::RecaptureAfterPass => {
                self.recapture_after_pass = parse::<RecaptureAfterPass>(value)?
            }
            J89Option::Repetition => self.repetition = parse::<Repetition>(value)?,
            J89Option::IllegalMove => self.illegal_move = parse::<IllegalMove>(value)?,
            J89Option::FillDame => self.fill_dame = parse::<FillDame>(value)?,
            J89Option::Article13 => self.article_13 = parse::<Article13>(value)?,
            J89Option::Komi => return Err("komi is no reading".into()),
        }
        Ok(())
    }
}

fn j89_key(k: &str) -> Result<J89Option, String> {
    k.parse::<J89Option>().map_err(|e| e.to_string())
}

fn naj_word(o: &NajOptions, k: &str) -> Result<String, String> {
    Ok(match k {
        "analysis_end_passes" => o.analysis_end_passes.to_string(),
        "analyses" => o.analyses.name().into(),
        "no_result_on_cycle" => o.no_result_on_cycle.to_string(),
        _ => return Err(ReadingsRuleset::Naj.values(k).err().unwrap_or_default()),
    })
}

fn naj_set(o: &mut NajOptions, k: &str, v: &str) -> Result<(), String> {
    let bad = || format!("`{k}={v}`: not a value of {k}");
    match k {
        "analysis_end_passes" => {
            o.analysis_end_passes = match v {
                "2" | "3" => v.parse().map_err(|_| bad())?,
                _ => return Err(bad()),
            }
        }
        "analyses" => o.analyses = parse::<Analyses>(v)?,
        "no_result_on_cycle" => o.no_result_on_cycle = v.parse().map_err(|_| bad())?,
        _ => return Err(ReadingsRuleset::Naj.values(k).err().unwrap_or_default()),
    }
    Ok(())
}

fn kee_word(r: &KeeRulesSpec, k: &str) -> Result<String, String> {
    Ok(match k {
        "refreshing_passes" => r.refreshing_passes.to_string(),
        "suicide" => r.suicide.name().into(),
        "allied_groups" => r.allied_groups.name().into(),
        "scoring" => r.scoring.name().into(),
        "ko_player_passes" => r.ko_player_passes.name().into(),
        _ => return Err(ReadingsRuleset::Kee.values(k).err().unwrap_or_default()),
    })
}

fn kee_set(r: &mut KeeRulesSpec, k: &str, v: &str) -> Result<(), String> {
    match k {
        "refreshing_passes" => {
            r.refreshing_passes = v
                .parse()
                .map_err(|_| format!("`{k}={v}`: expected true or false"))?
        }
        "suicide" => r.suicide = parse::<Suicide>(v)?,
        "allied_groups" => r.allied_groups = parse::<KeeAllied>(v)?,
        "scoring" => r.scoring = parse::<KeeScoring>(v)?,
        "ko_player_passes" => r.ko_player_passes = parse::<KoPlayerPasses>(v)?,
        _ => return Err(ReadingsRuleset::Kee.values(k).err().unwrap_or_default()),
    }
    Ok(())
}

impl Source {
    /// CASE-1.1: whether the case stands for a seed's example (it names the seed, or it is a position of ours
    /// that `represents` a lost one), as opposed to a case built only for its purpose.
    pub fn is_seed_example(&self) -> bool {
        self.seed.is_some() || self.represents.is_some()
    }
}

impl Case {
    /// The ruleset of the readings matrix this case belongs to (the core ruleset and seed 003's rule classes have
    /// no readings).
    pub fn readings_ruleset(&self) -> Option<ReadingsRuleset> {
        match self.ruleset {
            Ruleset::Japanese1989(_) => Some(ReadingsRuleset::Japanese1989),
            Ruleset::Naj(_) => Some(ReadingsRuleset::Naj),
            Ruleset::Core(_) | Ruleset::Class(..) => None,
        }
    }

    /// This case read under `reading` (its options set), or the option that pins it.
    pub fn under(&self, reading: &Reading) -> Result<Applied<Case>, String> {
        let mut case = self.clone();
        let pinned = match &mut case.ruleset {
            Ruleset::Japanese1989(o) => apply(
                reading,
                o,
                &J89Options::default(),
                |o, k| Ok(o.word(j89_key(k)?)),
                |o, k, v| o.set_word(j89_key(k)?, v),
            )?,
            Ruleset::Naj(o) => apply(reading, o, &NajOptions::default(), naj_word, naj_set)?,
            Ruleset::Core(_) | Ruleset::Class(..) if reading.0.is_empty() => None,
            Ruleset::Core(_) | Ruleset::Class(..) => {
                return Err("the core ruleset and the rule classes have no readings".into())
            }
        };
        Ok(match pinned {
            Some((option, value)) => Applied::Pinned { option, value },
            None => Applied::Read(case),
        })
    }
}

impl KeeCase {
    /// This case read under `reading` (its rules set), or the option that pins it.
    pub fn under(&self, reading: &Reading) -> Result<Applied<KeeCase>, String> {
        let mut case = self.clone();
        let default = KeeRulesSpec {
            players: case.rules.players,
            ..KeeRulesSpec::default()
        };
        Ok(
            match apply(reading, &mut case.rules, &default, kee_word, kee_set)? {
                Some((option, value)) => Applied::Pinned { option, value },
                None => Applied::Read(case),
            },
        )
    }
}

/// CASE-6.1: an erratum's `resolved_by`, read as a reading of `ruleset`.
pub fn resolved_by(
    map: &BTreeMap<String, crate::model::serde_yaml_value::Value>,
    ruleset: ReadingsRuleset,
) -> Result<Reading, String> {
    let reading = Reading(
        map.iter()
            .map(|(k, v)| (k.clone(), v.0.trim().to_string()))
            .collect(),
    );
    reading.check(ruleset)?;
    Ok(reading)
}

#[cfg(test)]
mod tests {
    use super::{Reading, ReadingsRuleset};

    #[test]
    fn every_ruleset_lists_its_options_with_the_default_first() {
        let j89 = ReadingsRuleset::Japanese1989.options();
        assert_eq!(j89.len(), 13, "J89-R1 to J89-R12, komi left out");
        let new_stone = ReadingsRuleset::Japanese1989
            .values("new_stone")
            .expect("an option");
        assert_eq!(new_stone, ["adjacent", "on-captured-points", "anywhere"]);
        assert_eq!(
            ReadingsRuleset::Japanese1989
                .values("dead_in_regions")
                .expect("an option"),
            ["opponent", "none", "both"]
        );
        assert!(ReadingsRuleset::Kee.values("players").is_err());
        let r = Reading([("new_stone".to_string(), "everywhere".to_string())].into());
        assert!(r
            .check(ReadingsRuleset::Japanese1989)
            .expect_err("not a value")
            .contains("anywhere"));
        assert_eq!(r.label(), "new_stone=everywhere");
        assert_eq!(Reading::default_reading().label(), "default");
    }
}
