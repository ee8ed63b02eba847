//! Rulesets: the choices that make a set of rules (ko rules, suicide, NAJ options) in one value.

use crate::ko::KoRules;
use crate::kodef::Readings;
use crate::moves::SuicideRule;
use crate::naj::game::NajOptions;
use crate::scoring::ClassRules;
use crate::sequence::SequenceRules;

/// A ruleset: the ko rules, the suicide rule, the NAJ options and the KODEF readings in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// NAJ-4, KO: the ko rules of every move-sequence.
    pub ko: KoRules,
    /// CORE-5.4: whether suicide is allowed.
    pub suicide: SuicideRule,
    /// NAJ: the alternation, analyses and scoring options.
    pub naj: NajOptions,
    /// SCORE-1: the rule class of seed 003 this ruleset plays (stone, area, agreement area), or `None` under
    /// NAJ, the core rules and Japanese 1989.
    pub class: Option<ClassRules>,
    /// KODEF-R: the readings of seed 004's ko definitions (the default restriction rules' end, the cycles, the
    /// history-bans, basic kos), used by the phase `default-restriction` and the ko-intersection questions.
    pub kodef: Readings,
}

impl Ruleset {
    /// NAJ: the New Amateur-Japanese Rules: basic-ko and fixed-ko, no suicide, two analyses ended by three passes.
    pub fn naj() -> Ruleset {
        Ruleset {
            ko: KoRules::naj(),
            suicide: SuicideRule::Prohibited,
            naj: NajOptions::default(),
            class: None,
            kodef: Readings::default(),
        }
    }

    /// NAJ-9.1: NAJN, the New Amateur-Japanese Rules with the tournament rule "no-result" on a cycle.
    pub fn najn() -> Ruleset {
        let mut ruleset = Ruleset::naj();
        ruleset.naj.no_result_on_cycle = true;
        ruleset
    }

    /// CORE-5, KO: the rules every move-sequence of this ruleset obeys.
    pub fn sequence_rules(&self) -> SequenceRules {
        SequenceRules {
            ko: self.ko,
            suicide: self.suicide,
        }
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::naj()
    }
}
