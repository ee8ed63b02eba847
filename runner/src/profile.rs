//! PROTO-6: engine profiles, for engines that do not list their rule features themselves.
//!
//! A profile is a small text file `runner/profiles/NAME.profile`:
//! ```text
//! # comment
//! command: gnugo --mode gtp
//! features: capture suicide-prohibited simple-ko
//! estimates: j89-confirmation
//! ```
//! `estimates` (optional) names features the engine answers by estimate, not by the rules (GNU Go's
//! `final_status_list`): their checks are run, and a difference is reported as the estimate's.

use gorules_cases::model::Feature;
use std::collections::BTreeSet;
use std::path::Path;

/// A profile: how to start the engine and which features it implements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// The command line that starts the engine.
    pub command: String,
    /// The rule features it implements.
    pub features: BTreeSet<Feature>,
    /// Features it answers by estimate (run, but a difference is labelled as the estimate's).
    pub estimates: BTreeSet<Feature>,
}

impl Profile {
    /// Parses a profile; errors name the line.
    pub fn parse(text: &str) -> Result<Profile, String> {
        let mut command = None;
        let mut features = None;
        let mut estimates = BTreeSet::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (k, v) = line
                .split_once(':')
                .ok_or_else(|| format!("line {}: expected `key: value`", i + 1))?;
            match k.trim() {
                "command" => command = Some(v.trim().to_string()),
                "features" | "estimates" => {
                    let set = v
                        .split_whitespace()
                        .map(|w| {
                            w.parse::<Feature>()
                                .map_err(|e| format!("line {}: {e}", i + 1))
                        })
                        .collect::<Result<BTreeSet<_>, _>>()?;
                    if k.trim() == "features" {
                        features = Some(set);
                    } else {
                        estimates = set;
                    }
                }
                other => {
                    return Err(format!(
                        "line {}: unknown key `{other}` (command, features, estimates)",
                        i + 1
                    ))
                }
            }
        }
        Ok(Profile {
            command: command.ok_or("the profile has no `command:` line")?,
            features: features.ok_or("the profile has no `features:` line")?,
            estimates,
        })
    }

    /// Loads `NAME` from `dir` (`dir/NAME.profile`), or a path to a profile file.
    pub fn load(dir: &Path, name: &str) -> Result<Profile, String> {
        let direct = Path::new(name);
        let path = if direct.is_file() {
            direct.to_path_buf()
        } else {
            dir.join(format!("{name}.profile"))
        };
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Profile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}
