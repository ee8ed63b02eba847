//! PROTO-3.15: the limits of the commands that search: the session's time allowance (`gorules-time-limit`), and
//! which limit ended a search that answered `out-of-reach`.

use super::words::{args, Reply};
use super::Session;
use crate::allowance::Deadline;
use crate::j89::{SearchLimits, DEFAULT_LIMITS};
use gorules_grammar::gtp::Command;
use std::time::Duration;

/// PROTO-3.15: the wall-clock allowance of a command that searches, until `gorules-time-limit` sets another.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(600);

/// PROTO-3.15: the longest allowance `gorules-time-limit` takes: a week.
const MAX_TIME_LIMIT: Duration = Duration::from_secs(7 * 24 * 3600);

/// PROTO-3.15: a `gorules-time-limit` value: seconds, a finite number above zero, at most a week.
fn time_limit(text: &str) -> Result<Duration, String> {
    let expected = "syntax error: expected seconds, a number above 0 and at most 604800";
    let seconds: f64 = text.parse().map_err(|_| expected.to_string())?;
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= MAX_TIME_LIMIT.as_secs_f64()) {
        return Err(expected.into());
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// PROTO-3.15: `gorules-time-limit SECONDS`: the allowance of each later command that searches.
pub(super) fn set_time_limit(s: &mut Session, cmd: &Command) -> Reply {
    let a = args(cmd, 1, "seconds")?;
    s.time_limit = time_limit(&a[0])?;
    Ok(String::new())
}

/// PROTO-3.15: which limit ended a search that answered `out-of-reach`: `nodes` if it used its node allowance,
/// `time` if its deadline passed, else `depth` (a line longer than the search follows, SOLVER-1.4).
pub(super) fn limit_hit(used: u64, max_nodes: u64, deadline: Deadline) -> &'static str {
    if used > max_nodes {
        "nodes"
    } else if deadline.passed() {
        "time"
    } else {
        "depth"
    }
}

/// J89-R13, PROTO-3.15: the status search's limits for one command: the default node limits, and `time_limit`
/// for the whole command, however many strings it decides.
pub(super) fn j89_limits(time_limit: Duration) -> SearchLimits {
    SearchLimits {
        deadline: Deadline::after(time_limit),
        ..DEFAULT_LIMITS
    }
}
