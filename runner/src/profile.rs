//! PROTO-6: engine profiles, for engines that do not list their rule features themselves.
//!
//! A profile is a small text file `runner/profiles/NAME.profile`:
//! ```text
//! # comment
//! command: gnugo --mode gtp
//! features: capture suicide-prohibited simple-ko
//! estimates: j89-confirmation
//! sizes: 9 13 19
//! ```
//! `estimates` (optional) names features the engine answers by estimate, not by the rules (GNU Go's
//! `final_status_list`): their checks are run, and a difference is reported as the estimate's. `sizes`
//! (optional, PROTO-6.3) lists the only board sizes the engine takes (`19`, or `9x13` columns by rows): checks on
//! other sizes are ignored without asking the engine.

use crate::engine::BoardSize;
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
    /// PROTO-6.3: the only board sizes it takes (`None`: any it does not refuse).
    pub sizes: Option<BTreeSet<BoardSize>>,
}

impl Profile {
    /// Parses a profile; errors name the line.
    pub fn parse(text: &str) -> Result<Profile, String> {
        let mut command = None;
        let mut features = None;
        let mut estimates = BTreeSet::new();
        let mut sizes = None;
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
                "sizes" => {
                    let set = v
                        .split_whitespace()
                        .map(|w| {
                            w.parse::<BoardSize>()
                                .map_err(|e| format!("line {}: {e}", i + 1))
                        })
                        .collect::<Result<BTreeSet<_>, _>>()?;
                    if set.is_empty() {
                        return Err(format!("line {}: `sizes:` lists no board size", i + 1));
                    }
                    sizes = Some(set);
                }
                other => {
                    return Err(format!(
                        "line {}: unknown key `{other}` (command, features, estimates, sizes)",
                        i + 1
                    ))
                }
            }
        }
        Ok(Profile {
            command: command.ok_or("the profile has no `command:` line")?,
            features: features.ok_or("the profile has no `features:` line")?,
            estimates,
            sizes,
        })
    }

    /// Loads `NAME` from `dir` (`dir/NAME.profile`). A name is plain (`[A-Za-z0-9_-]+`, PROTO-6), so that
    /// `--profile` reads nothing outside `dir`; an unknown or malformed name is an error listing the known ones.
    pub fn load(dir: &Path, name: &str) -> Result<Profile, String> {
        let plain = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        let path = dir.join(format!("{name}.profile"));
        if !plain || !path.is_file() {
            let what = if plain {
                "no such profile"
            } else {
                "a profile is named by letters, digits, `_` and `-` only"
            };
            return Err(format!(
                "--profile `{name}`: {what}; the profiles in {} are: {}",
                dir.display(),
                Profile::known(dir).join(", ")
            ));
        }
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Profile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Loads `NAME` from the profiles built into the runner (`runner/profiles/NAME.profile` at build time).
    pub fn load_embedded(name: &str) -> Result<Profile, String> {
        let path = format!("runner/profiles/{name}.profile");
        let text = crate::embedded::text(&path).ok_or_else(|| {
            format!(
                "--profile `{name}`: no such profile; the profiles built in are: {}",
                Profile::known_embedded().join(", ")
            )
        })?;
        Profile::parse(text).map_err(|e| format!("{path} (built in): {e}"))
    }

    /// The names of the profiles built into the runner, sorted.
    pub fn known_embedded() -> Vec<String> {
        let mut names: Vec<String> = crate::embedded::under("runner/profiles/")
            .filter_map(|(p, _)| {
                p.strip_prefix("runner/profiles/")?
                    .strip_suffix(".profile")
                    .map(str::to_string)
            })
            .collect();
        names.sort();
        names
    }

    /// The names of the profiles in `dir`, sorted.
    pub fn known(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| {
                e.file_name()
                    .to_str()?
                    .strip_suffix(".profile")
                    .map(str::to_string)
            })
            .collect();
        names.sort();
        names
    }
}

#[cfg(test)]
mod tests {
    use super::Profile;
    use std::path::Path;

    fn profiles() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("profiles")
    }

    #[test]
    fn a_profile_name_is_plain() {
        for name in [
            "../../Cargo",
            "/etc/passwd",
            "gnugo/../gnugo",
            "",
            "gnu go",
            "gnugo.profile",
        ] {
            let e = Profile::load(&profiles(), name).expect_err(name);
            assert!(e.contains(&format!("`{name}`")), "{e}");
            assert!(
                e.contains("gnugo, ") && e.contains("gnugo-positional-superko"),
                "the known profiles: {e}"
            );
        }
        let e = Profile::load(&profiles(), "no-such-engine").expect_err("unknown");
        assert!(e.contains("no such profile"), "{e}");
        assert!(e.contains("reference-simple-ko"), "{e}");
        assert!(Profile::load(&profiles(), "gnugo").is_ok());
    }

    #[test]
    fn a_profile_may_list_its_board_sizes() {
        use crate::engine::BoardSize;
        let p = Profile::parse("command: x\nfeatures: capture\nsizes: 19 9x13\n").expect("parses");
        let sizes = p.sizes.expect("sizes listed");
        assert!(sizes.contains(&BoardSize::new(19, 19)) && sizes.contains(&BoardSize::new(9, 13)));
        assert_eq!(
            Profile::parse("command: x\nfeatures: capture\n").map(|p| p.sizes),
            Ok(None)
        );
        for bad in [
            "sizes: 0",
            "sizes: 26",
            "sizes: 9x",
            "sizes: nineteen",
            "sizes:",
        ] {
            let e =
                Profile::parse(&format!("command: x\nfeatures: capture\n{bad}\n")).expect_err(bad);
            assert!(e.starts_with("line 3:"), "{e}");
        }
    }
}
