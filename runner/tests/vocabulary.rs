//! One vocabulary (issue 21): every word a profile, a case or the reference engine uses is a word of
//! `gorules-vocabulary`, and every rule option word of the vocabulary is one the engine accepts. A word added on one
//! side only fails here.

use gorules_grammar::gtp::Command;
use gorules_ref::protocol::Session;
use gorules_runner::profile::Profile;
use gorules_vocabulary::{
    self as vocabulary, option_arg, ClassOption, CoreOption, Feature, J89Option, KeeOption, KoRule,
    NajOption, Phase, RulesetName, Word,
};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the runner is in the workspace")
        .to_path_buf()
}

/// One command to a fresh or given session: `Ok` for `=`, `Err` for `?`.
fn ask(session: &mut Session, line: &str) -> Result<String, String> {
    let cmd = Command::parse(line).expect("a command line");
    session.execute(&cmd)
}

#[test]
fn every_profile_uses_words_of_the_vocabulary() {
    let dir = root().join("runner").join("profiles");
    let names = Profile::known(&dir);
    assert!(names.len() >= 5, "the profiles: {names:?}");
    for name in names {
        // Profile::parse reads every feature word with the vocabulary's parse: an unknown word is an error.
        let profile = Profile::load(&dir, &name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!profile.features.is_empty(), "{name}");
    }
    let e = Profile::parse("command: x\nfeatures: capture ko-fight\n").unwrap_err();
    assert!(e.contains("unknown feature `ko-fight`"), "{e}");
    assert!(
        e.contains("capture, suicide-prohibited, suicide-allowed"),
        "the error lists the known words: {e}"
    );
}

#[test]
fn every_case_uses_words_of_the_vocabulary() {
    // A case's features, ruleset, options, phases and reasons deserialize through the vocabulary: a case file
    // with a word it lacks does not load.
    let (suite, errors) = gorules_cases::Suite::load(&root());
    assert_eq!(errors.len(), 0, "{errors:?}");
    assert!(suite.cases.len() > 100 && suite.kee_cases.len() > 10);
    let mut rulesets = std::collections::BTreeSet::new();
    for case in &suite.cases {
        rulesets.insert(case.case.ruleset.ruleset_name());
        for f in &case.case.features {
            assert_eq!(f.name().parse::<Feature>(), Ok(*f));
        }
    }
    assert_eq!(rulesets.len(), RulesetName::ALL.len(), "{rulesets:?}");
}

#[test]
fn the_engine_claims_features_of_the_vocabulary_only() {
    let mut s = Session::default();
    let answer = ask(&mut s, "gorules-features").expect("gorules-features");
    let words: Vec<&str> = answer.split_whitespace().collect();
    assert!(!words.is_empty());
    for w in &words {
        if let Err(e) = w.parse::<Feature>() {
            panic!("the engine claims a word the vocabulary lacks: {e}");
        }
    }
    // Every feature but the seed's Japanese 2003 comparison (NAJ-9.4), which the reference does not implement.
    let missing: Vec<&str> = Feature::ALL
        .iter()
        .map(|f| f.name())
        .filter(|f| !words.contains(f))
        .collect();
    assert_eq!(missing, vec!["j2003"]);
}

#[test]
fn the_engine_accepts_every_rule_option_word_of_the_vocabulary() {
    let mut s = Session::default();
    // PROTO-3.2: rulesets, naj and core options.
    for name in RulesetName::ALL {
        let args = if *name == RulesetName::Core {
            format!("{name} {}", option_arg(CoreOption::Ko, ""))
        } else {
            name.to_string()
        };
        ask(&mut s, &format!("gorules-ruleset {args}")).unwrap_or_else(|e| panic!("{args}: {e}"));
    }
    for key in NajOption::ALL {
        let value = match key {
            NajOption::AnalysisEndPasses => "2".to_string(),
            NajOption::Analyses => vocabulary::Analyses::Single.to_string(),
            NajOption::NoResultOnCycle => "true".to_string(),
            NajOption::Komi => "-3".to_string(),
        };
        let line = format!("gorules-ruleset naj {}", option_arg(key, value));
        ask(&mut s, &line).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    for analyses in vocabulary::Analyses::ALL {
        let line = format!(
            "gorules-ruleset naj {}",
            option_arg(NajOption::Analyses, analyses)
        );
        ask(&mut s, &line).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    for rule in KoRule::ALL {
        for suicide in vocabulary::Suicide::ALL {
            let line = format!(
                "gorules-ruleset core {} {}",
                option_arg(CoreOption::Ko, rule),
                option_arg(CoreOption::Suicide, suicide)
            );
            ask(&mut s, &line).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
    }
    // PROTO-3.2: every word of the core ruleset's KODEF readings.
    for key in CoreOption::ALL {
        for value in key.values() {
            let line = format!("gorules-ruleset core {}", option_arg(key, value));
            ask(&mut s, &line).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
    }
    let line = format!(
        "gorules-ruleset core {}",
        option_arg(CoreOption::Cycle, "some")
    );
    assert!(ask(&mut s, &line).is_err(), "{line} is refused");
    // PROTO-12.1: every rule class with every option key.
    for name in [
        RulesetName::Stone,
        RulesetName::Area,
        RulesetName::AgreementArea,
    ] {
        for key in ClassOption::ALL {
            let value = match key {
                ClassOption::Ko => KoRule::PositionalSuperko.to_string(),
                ClassOption::Suicide => vocabulary::Suicide::Allowed.to_string(),
                ClassOption::Komi => "2.5".to_string(),
            };
            let line = format!("gorules-ruleset {name} {}", option_arg(key, value));
            ask(&mut s, &line).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
    }
    // PROTO-10: every japanese-1989 option with every value.
    for key in J89Option::ALL {
        let values = match key {
            J89Option::Komi => vec!["6.5"],
            _ => key.values(),
        };
        assert!(!values.is_empty(), "{key}");
        for value in values {
            let line = format!("gorules-ruleset japanese-1989 {}", option_arg(key, value));
            ask(&mut s, &line).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
    }
    // PROTO-3.3: every phase (each with the colour its rules give to move first).
    ask(&mut s, "gorules-ruleset naj").unwrap();
    for phase in Phase::ALL {
        let first = if *phase == Phase::BlackAnalysis {
            "white"
        } else {
            "black"
        };
        let line = format!("gorules-setup {phase} ../.. {first}");
        ask(&mut s, &line).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    // PROTO-9.1: every Kee option with every value.
    ask(&mut s, "gorules-kee-board grid 2 1").expect("a Kee board");
    for key in KeeOption::ALL {
        let values = match key {
            KeeOption::Players => vec!["3"],
            KeeOption::Refreshing => vocabulary::YesNo::words(),
            KeeOption::Suicide => vocabulary::Suicide::words(),
            KeeOption::Allied => vocabulary::KeeAllied::words(),
            KeeOption::Scoring => vocabulary::KeeScoring::words(),
            KeeOption::Passes => vocabulary::KoPlayerPasses::words(),
        };
        for value in values {
            let line = format!("gorules-kee-rules {}", option_arg(key, value));
            ask(&mut s, &line).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
    }
}

#[test]
fn the_engine_names_an_unknown_option_word_and_the_known_ones() {
    let mut s = Session::default();
    let e = ask(
        &mut s,
        "gorules-ruleset core ko=simple-ko suicide=sometimes",
    )
    .unwrap_err();
    assert!(
        e.contains("`sometimes`") && e.contains("prohibited, allowed"),
        "{e}"
    );
    let e = ask(&mut s, "gorules-ruleset chess").unwrap_err();
    assert!(
        e.contains("`chess`") && e.contains("naj, core, japanese-1989"),
        "{e}"
    );
    let e = ask(&mut s, "gorules-setup endgame ../.. black").unwrap_err();
    assert!(
        e.contains("`endgame`") && e.contains("black-analysis"),
        "{e}"
    );
}
