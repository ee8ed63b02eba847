//! CASE-7: the lint. Everything about a case that can be known without playing a move. This module lints the
//! suite (unique ids), the header every kind of case shares (CASE-1), a grid case's labels, history, check
//! names and errata, and dispatches each check to its family: `grid.rs` the checks of CASE-4 and what the
//! core ruleset and the solver ask of them, `j89.rs` the Japanese 1989 checks and options (CASE-9), `kee.rs`
//! Kee cases (CASE-8.4).

mod classes;
mod count;
mod grid;
mod j89;
mod kee;

pub use kee::lint_kee_case;

use crate::drawn::{Board, Drawn, Kind, Labels};
use crate::model::{Case, Check, Ruleset, Source};
use crate::moves::{MovesSpec, Resolved};
use crate::suite::{CaseError, LoadedCase, Suite};
use gorules_grammar::Cell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Lints every loaded case, and the suite as a whole (unique ids across every kind of case).
pub fn lint(suite: &Suite) -> Vec<CaseError> {
    let mut errors = unique_ids(suite);
    for lc in &suite.cases {
        errors.extend(lint_case(suite, lc));
    }
    for lc in &suite.kee_cases {
        errors.extend(lint_kee_case(suite, lc));
    }
    errors
}

/// CASE-7: a case id used twice in the suite, by a case of any kind, reported at every use after the first.
fn unique_ids(suite: &Suite) -> Vec<CaseError> {
    let mut errors = Vec::new();
    // Every case of every kind, in the order of their files, so that "first" is the first file.
    let mut all: Vec<(&str, &Path, usize)> = suite
        .cases
        .iter()
        .map(|lc| {
            (
                lc.case.id.as_str(),
                lc.file.as_path(),
                lc.locate("id", None, 1),
            )
        })
        .chain(suite.kee_cases.iter().map(|lc| {
            (
                lc.case.id.as_str(),
                lc.file.as_path(),
                lc.locate("id", None, 1),
            )
        }))
        .collect();
    all.sort_by(|a, b| a.1.cmp(b.1));
    let mut first: BTreeMap<&str, (&Path, usize)> = BTreeMap::new();
    for (id, file, line) in all {
        match first.get(id) {
            Some((first_file, first_line)) => errors.push(CaseError {
                file: file.to_path_buf(),
                line,
                column: 0,
                message: format!(
                    "case id `{id}` is used again: first in {}:{first_line}",
                    first_file.display()
                ),
            }),
            None => {
                first.insert(id, (file, line));
            }
        }
    }
    errors
}

/// An error at a line of a loaded case.
fn err<C>(lc: &LoadedCase<C>, line: usize, message: String) -> CaseError {
    CaseError {
        file: lc.file.clone(),
        line,
        column: 0,
        message,
    }
}

/// CASE-1: id, file name, source and clauses, the same for every kind of case.
pub(crate) fn lint_header<C>(
    suite: &Suite,
    lc: &LoadedCase<C>,
    id: &str,
    source: &Source,
    clauses: &[String],
    e: &mut dyn FnMut(usize, String),
) {
    lint_id(lc, id, e);
    lint_source(suite, lc.locate("source", None, 1), source, e);
    lint_clauses(suite, lc, clauses, e);
}

/// CASE-1: the id is lower-case letters and digits joined by `-`, and names the file.
fn lint_id<C>(lc: &LoadedCase<C>, id: &str, e: &mut dyn FnMut(usize, String)) {
    let id_ok = !id.is_empty()
        && id.split('-').all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        });
    if !id_ok {
        e(
            lc.locate("id", None, 1),
            format!(
                "id `{}`: expected lower-case letters and digits joined by `-`",
                id
            ),
        );
    }
    if lc.file.file_stem().and_then(|s| s.to_str()) != Some(id) {
        e(
            lc.locate("id", None, 1),
            format!("the file of case `{}` should be named `{}.yaml`", id, id),
        );
    }
}

/// CASE-1.1: exactly one of a seed (with its example, within the seed's lines), a constructed purpose or a
/// regression position.
fn lint_source(suite: &Suite, line: usize, src: &Source, e: &mut dyn FnMut(usize, String)) {
    match (&src.seed, &src.constructed) {
        (None, None) if src.regression.is_some() => {
            if src.example.is_some() || src.lines.is_some() || src.represents.is_some() {
                e(
                    line,
                    "a regression source has only `regression: {repository, path, test}`".into(),
                );
            }
        }
        _ if src.regression.is_some() => e(
            line,
            "expected exactly one of `seed`, `constructed` and `regression` in `source`".into(),
        ),
        (Some(seed), None) => lint_seed(suite, line, seed, src, e),
        (None, Some(_)) => {
            if src.example.is_some() || src.lines.is_some() {
                e(line, "a constructed case has no `example` or `lines`; use `represents` to name the example it stands for".into());
            }
        }
        _ => e(
            line,
            "expected exactly one of `seed` and `constructed` in `source`".into(),
        ),
    }
}

/// CASE-1.1: a seed source names its example, and its lines lie within the seed (when the seeds are beside
/// the checkout).
fn lint_seed(
    suite: &Suite,
    line: usize,
    seed: &str,
    src: &Source,
    e: &mut dyn FnMut(usize, String),
) {
    if src.example.is_none() {
        e(
            line,
            "a seed source needs `example`: the example's heading or ordinal".into(),
        );
    }
    if src.represents.is_some() {
        e(line, "`represents` belongs to constructed cases".into());
    }
    if let Some(seeds) = &suite.seeds {
        match seeds.get(seed) {
            None => e(line, format!("seed `{seed}` is not in shared/seeds")),
            Some(n) => {
                if let Some(r) = src.lines.filter(|r| r.last > *n) {
                    e(
                        line,
                        format!("lines {}-{} run past the seed's {n} lines", r.first, r.last),
                    );
                }
            }
        }
    }
}

/// CASE-7: at least one clause, each defined in spec/.
fn lint_clauses<C>(
    suite: &Suite,
    lc: &LoadedCase<C>,
    clauses: &[String],
    e: &mut dyn FnMut(usize, String),
) {
    if clauses.is_empty() {
        e(
            lc.locate("clauses", None, 1),
            "a case cites at least one spec clause".into(),
        );
    }
    let clauses_line = lc.locate("clauses", None, 1);
    for c in clauses {
        if !suite.clauses.contains(c) {
            e(
                clauses_line,
                format!("clause `{c}` is not defined in spec/"),
            );
        }
    }
}

/// Lints one case.
pub fn lint_case(suite: &Suite, lc: &LoadedCase) -> Vec<CaseError> {
    let mut out = Vec::new();
    let case = &lc.case;
    let mut e = |line: usize, m: String| out.push(err(lc, line, m));
    lint_header(suite, lc, &case.id, &case.source, &case.clauses, &mut e);
    lint_labels(lc, &mut e);
    lint_history(lc, &mut e);
    let names = lint_checks(lc, &mut e);
    lint_errata(lc, &names, &mut e);
    out
}

/// CASE-1.2: labels have the board's size, and every cell that is not a label is the board's.
fn lint_labels(lc: &LoadedCase, e: &mut dyn FnMut(usize, String)) {
    let board = &lc.case.board;
    let Some(labels) = &lc.case.labels else {
        return;
    };
    let l = lc.locate("labels", None, 1);
    if labels.size() != board.size() {
        e(l, size_msg("labels", labels.size(), board.size()));
        return;
    }
    for ((c, r), cell) in labels.diagram().cells() {
        let under = board.diagram().get(c, r);
        if !matches!(cell, Cell::Label(_)) && Some(cell) != under {
            e(
                l + r + 1,
                format!(
                    "labels row {} column {}: `{}` differs from the board's `{}`",
                    r + 1,
                    c + 1,
                    cell.text(),
                    under.map(|u| u.text()).unwrap_or_default()
                ),
            );
        }
    }
}

/// CASE-1.4: the history's board has the board's size and its moves resolve from it.
fn lint_history(lc: &LoadedCase, e: &mut dyn FnMut(usize, String)) {
    let Some(h) = &lc.case.history else {
        return;
    };
    let board = &lc.case.board;
    let l = lc.locate("history", None, 1);
    if h.board.size() != board.size() {
        e(l, size_msg("history board", h.board.size(), board.size()));
    }
    moves_ok(
        &h.moves,
        &h.board,
        lc.case.labels.as_ref(),
        Some(&h.board),
        &mut |m| e(l, format!("history moves: {m}")),
    );
}

/// CASE-4, CASE-7: at least one check, names unique, and each check linted on its own and in its case.
/// Returns the check names.
fn lint_checks<'a>(lc: &'a LoadedCase, e: &mut dyn FnMut(usize, String)) -> BTreeSet<&'a str> {
    let case = &lc.case;
    if case.checks.is_empty() {
        e(
            lc.locate("checks", None, 1),
            "a case has at least one check".into(),
        );
    }
    let mut names = BTreeSet::new();
    let check_lines = lc.check_lines();
    for check in &case.checks {
        let common = check.common();
        let l = check_lines.line(common.name);
        let mut ce = |m: String| e(l, format!("check `{}`: {m}", common.name));
        if !names.insert(common.name) {
            ce("the name is used twice in this case".into());
        }
        lint_check(check, &case.board, case.labels.as_ref(), &mut ce);
        lint_check_in_case(case, check, &mut ce);
    }
    names
}

/// CASE-7: a check's own fields against the board and its labels, by kind.
fn lint_check(check: &Check, board: &Board, labels: Option<&Labels>, e: &mut dyn FnMut(String)) {
    match check {
        Check::Legality(c) => grid::legality(c, board, labels, e),
        Check::Replay(c) => grid::replay(c, board, labels, e),
        Check::Immortal(c) => grid::immortal(c, board, e),
        Check::Control(c) => grid::control(c, board, e),
        Check::Game(g) => grid::game(g, board, labels, e),
        Check::BestPlay(b) => grid::best_play(b, board, labels, e),
        Check::Status(c) => j89::status(c, board, e),
        Check::Territory(c) => j89::territory(c, board, e),
        Check::J89Game(g) => j89::j89_game(g, board, labels, e),
        Check::KoIntersections(c) => grid::ko_intersections(c, board, e),
        Check::Force(c) => grid::force(c, board, e),
        Check::GameEnd(_) => {} // needs the ruleset: lint_check_in_case
        Check::FinalScore(c) => classes::final_score(c, board, labels, e),
        Check::Count(_) => {}
    }
}

/// CASE-1.3a, CASE-4.7, CASE-9: what the case's ruleset and features ask of a check.
fn lint_check_in_case(case: &Case, check: &Check, e: &mut dyn FnMut(String)) {
    if let Ruleset::Japanese1989(o) = &case.ruleset {
        j89::confirmation_lines(o, check, case.board.size(), e);
        if let Check::J89Game(g) = check {
            j89::game_options(case, o, g, e);
        }
    }
    if let Check::GameEnd(g) = check {
        let class = match &case.ruleset {
            Ruleset::Class(c, _) => Some(*c),
            _ => None,
        };
        classes::game_end(g, class, &case.board, case.labels.as_ref(), e);
    }
    classes::belongs(case, check, e);
    if let Check::Count(c) = check {
        count::count(case, c, e);
    }
    j89::belongs(case, check, e);
    grid::core_phase(case, check, e);
    grid::solver_feature(case, check, e);
}

/// CASE-6: every erratum names a check of the case.
fn lint_errata(lc: &LoadedCase, names: &BTreeSet<&str>, e: &mut dyn FnMut(usize, String)) {
    let errata_line = lc.locate("errata", None, 1);
    for er in &lc.case.errata {
        if !names.contains(er.check.as_str()) {
            e(
                errata_line,
                format!(
                    "erratum for check `{}`, which is not in this case",
                    er.check
                ),
            );
        }
        // CASE-6.1: a reading that resolves the erratum is one of the ruleset's.
        if !er.resolved_by.is_empty() {
            let checked = lc
                .case
                .readings_ruleset()
                .ok_or_else(|| "the core ruleset has no readings".to_string())
                .and_then(|r| crate::readings::resolved_by(&er.resolved_by, r));
            if let Err(m) = checked {
                e(
                    errata_line,
                    format!("erratum for check `{}`: resolved_by: {m}", er.check),
                );
            }
        }
    }
}

/// CASE-7: a diagram's size against the board's, in words.
fn size_msg(what: &str, got: (usize, usize), board: (usize, usize)) -> String {
    format!(
        "{what} is {}x{}, the board {}x{}",
        got.0, got.1, board.0, board.1
    )
}

/// CASE-3, CASE-7: resolves moves; with `start` known, checks the first numbered segment's drawing against it.
fn moves_ok(
    spec: &MovesSpec,
    board: &Board,
    labels: Option<&Labels>,
    start: Option<&Board>,
    e: &mut dyn FnMut(String),
) -> Vec<Resolved> {
    match spec.resolve(board, labels) {
        Err(m) => {
            e(m);
            Vec::new()
        }
        Ok(alts) => {
            if let Some(start) = start {
                for alt in &alts {
                    numbered_start(alt, start, e);
                }
            }
            alts
        }
    }
}

/// CASE-3: a first numbered segment draws, around its numbers, the position its moves start from.
fn numbered_start(alt: &Resolved, start: &Board, e: &mut dyn FnMut(String)) {
    let Some((0, view)) = alt.segment_views.first() else {
        return;
    };
    for ((c, r), cell) in view.cells() {
        if cell.board_point().is_some() && start.diagram().get(c, r) != Some(cell) {
            e(format!(
                "the numbered diagram shows `{}` at row {} column {}, but the moves start from `{}` there",
                cell.text(), r + 1, c + 1,
                start.diagram().get(c, r).map(|x| x.text()).unwrap_or_default()
            ));
            break;
        }
    }
}

/// CASE-7: a diagram, when given, has the board's size.
fn same_size<K: Kind>(what: &str, d: &Option<Drawn<K>>, board: &Board, e: &mut dyn FnMut(String)) {
    if let Some(d) = d {
        if d.size() != board.size() {
            e(size_msg(what, d.size(), board.size()));
        }
    }
}
