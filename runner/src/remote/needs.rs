//! PROTO-6: the protocol commands a check needs of an engine, by the commands it listed (`list_commands`). An
//! engine with the `gorules-` extensions can be asked every grid check; a Kee check needs the Kee commands
//! (PROTO-9).

use crate::engine::Capabilities;
use gorules_cases::kee::KeeCheck;
use gorules_cases::model::{Case, Check, Ruleset};

/// The commands an engine with `caps` lacks to be asked `check` of `case`.
pub(super) fn grid(case: &Case, check: &Check, caps: &Capabilities) -> Vec<String> {
    let mut out = Vec::new();
    if caps.extensions() {
        return out;
    }
    let mut need = |cmd: &str| {
        if !caps.knows(cmd) {
            out.push(cmd.to_string());
        }
    };
    // PROTO-10.4: a Japanese 1989 position is set up with standard commands; statuses and legality need nothing
    // more.
    let j89_status = matches!(case.ruleset, Ruleset::Japanese1989(_))
        && matches!(check, Check::Status(_) | Check::Legality(_));
    // PROTO-12.5: GTP's final_score of a rule class or a Japanese 1989 stop position needs no gorules-ruleset:
    // the engine scores by its own rules (a profile says which it plays).
    let plain_score = matches!(check, Check::FinalScore(_));
    if !matches!(case.ruleset, Ruleset::Core(_)) && !j89_status && !plain_score {
        need("gorules-ruleset");
    }
    let (w, h) = case.board.size();
    if w != h {
        need("rectangular_boardsize");
    }
    // PROTO-6.5, PROTO-6.4: legality by `play` and `undo`, stones by `final_status_list`, where the engine lacks
    // `is_legal` or `list_stones`.
    let or = |a: &str, b: &str| {
        if caps.knows(a) || !caps.knows(b) {
            a.to_string()
        } else {
            b.to_string()
        }
    };
    let (legal, stones) = (
        or("is_legal", "undo"),
        or("list_stones", "final_status_list"),
    );
    match check {
        Check::Legality(_) => need(&legal),
        Check::Replay(r) => {
            need(&stones);
            // PROTO-6.4: on the final_status_list route the runner counts the prisoners itself.
            if r.prisoners.is_some() && stones != "final_status_list" {
                need("captures");
            }
            if r.ends.is_some() || r.end_reason.is_some() {
                need("gorules-state");
            }
        }
        Check::Immortal(_) => need("gorules-immortal"),
        Check::Control(_) => need("gorules-control"),
        Check::Game(_) => need("gorules-setup"),
        Check::BestPlay(_) => need("gorules-best-play"),
        Check::Status(_) => need("final_status_list"),
        Check::Territory(_) => need("gorules-j89-territory"),
        Check::J89Game(_) => need("gorules-j89-game"),
        Check::KoIntersections(_) => need("gorules-ko-intersections"),
        Check::Force(_) => need("gorules-force"),
        Check::GameEnd(_) => need("gorules-class-score"),
        Check::FinalScore(_) => need("final_score"),
        Check::Count(_) => need("gorules-count"),
    }
    out
}

/// PROTO-9: the Kee commands an engine with `caps` lacks to be asked `check`.
pub(super) fn kee(check: &KeeCheck, caps: &Capabilities) -> Vec<String> {
    let mut commands = vec![
        "gorules-kee-rules",
        "gorules-kee-board",
        "gorules-kee-setup",
        "gorules-kee-play",
    ];
    match check {
        KeeCheck::Play(_) => commands.push("gorules-kee-position"),
        KeeCheck::Game(_) => commands.extend([
            "gorules-kee-state",
            "gorules-kee-position",
            "gorules-kee-points",
        ]),
        KeeCheck::Value(_) => commands.push("gorules-kee-value"),
    }
    commands
        .into_iter()
        .filter(|c| !caps.knows(c))
        .map(str::to_string)
        .collect()
}
