//! CASE-7: the lint. Everything about a case that can be known without playing a move.

use crate::drawn::{Board, Drawn, Kind, Labels};
use crate::j89::{J89Stage, J89Step};
use crate::model::{Case, Check, ColorOrBoth, Feature, Phase};
use crate::moves::{MovesSpec, Resolved};
use crate::suite::{CaseError, LoadedCase, LoadedKeeCase, Suite};
use gorules_grammar::{Cell, StoneColor};
use std::collections::{BTreeMap, BTreeSet};

/// Lints every loaded case, and the suite as a whole (unique ids across every kind of case).
pub fn lint(suite: &Suite) -> Vec<CaseError> {
    let mut errors = Vec::new();
    // Every case of every kind, in the order of their files, so that "first" is the first file.
    let mut all: Vec<(&str, &std::path::Path, usize)> = suite
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
    let mut first: BTreeMap<&str, (&std::path::Path, usize)> = BTreeMap::new();
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
    for lc in &suite.cases {
        errors.extend(lint_case(suite, lc));
    }
    for lc in &suite.kee_cases {
        errors.extend(lint_kee_case(suite, lc));
    }
    errors
}

/// CASE-8.4: lints one Kee case.
pub fn lint_kee_case(suite: &Suite, lc: &LoadedKeeCase) -> Vec<CaseError> {
    use crate::kee::{KeeAllied, KeeCheck, KeeScoring, Suicide};
    let mut out = Vec::new();
    let case = &lc.case;
    let mut e = |line: usize, m: String| {
        out.push(CaseError {
            file: lc.file.clone(),
            line,
            column: 0,
            message: m,
        })
    };
    lint_header(suite, lc, &case.id, &case.source, &case.clauses, &mut e);
    let rules = case.rules;
    let players = rules.players;
    if case.board.highest_player().is_some_and(|p| p >= players) {
        e(
            lc.locate("board", None, 1),
            format!("the board has stones of a player beyond the {players} players of `rules`"),
        );
    }
    if case.to_play.is_some_and(|p| p.0 >= players) {
        e(
            lc.locate("to_play", None, 1),
            format!("`to_play` names a player beyond the {players} players of `rules`"),
        );
    }
    // CASE-8.1: the features say which rules the case needs.
    let has = |f: Feature| case.features.contains(&f);
    let needs = [
        (true, Feature::Kee, "every Kee case"),
        (
            rules.suicide == Suicide::Allowed,
            Feature::KeeSuicideAllowed,
            "`suicide: allowed`",
        ),
        (
            rules.allied_groups == KeeAllied::SingleUnit,
            Feature::KeeSingleUnitGroups,
            "`allied_groups: single-unit`",
        ),
        (
            rules.scoring == KeeScoring::Territory,
            Feature::KeeTerritory,
            "`scoring: territory`",
        ),
        (
            !rules.refreshing_passes,
            Feature::KeeNoRefreshingPasses,
            "`refreshing_passes: false`",
        ),
        (
            rules.ko_player_passes == crate::kee::KoPlayerPasses::All,
            Feature::KeeKoPlayerAllPasses,
            "`ko_player_passes: all`",
        ),
    ];
    for (applies, f, why) in needs {
        if applies && !has(f) {
            e(
                lc.locate("features", None, 1),
                format!("{why} needs the feature `{f}`"),
            );
        }
        if !applies && has(f) && f != Feature::Kee {
            e(
                lc.locate("features", None, 1),
                format!("the feature `{f}` belongs to cases with {why}"),
            );
        }
    }
    if let Err(m) = case.effective_checks() {
        e(lc.locate("errata", None, 1), m);
    }
    let graph = &case.board.graph;
    let known = |name: &str| graph.index_of(name).is_some();
    let same_board = |b: &crate::kee::KeeBoard| {
        b.graph.nodes().len() == graph.nodes().len()
            && b.graph
                .nodes()
                .iter()
                .zip(graph.nodes())
                .all(|(x, y)| x.name == y.name && x.neighbours == y.neighbours)
    };
    let plays_ok = |p: &gorules_grammar::KeePlays| {
        p.plays.iter().find_map(|x| match x {
            gorules_grammar::KeePlayText::Stone(n) if !known(n) => Some(n.clone()),
            _ => None,
        })
    };
    let mut names = BTreeSet::new();
    if case.checks.is_empty() {
        e(
            lc.locate("checks", None, 1),
            "a case has at least one check".into(),
        );
    }
    let check_lines = lc.check_lines();
    for check in &case.checks {
        let line = check_lines.line(check.name());
        let mut e = |m: String| e(line, format!("check `{}`: {m}", check.name()));
        if check.name().is_empty() || !names.insert(check.name().to_string()) {
            e("check names are non-empty and unique in a case".into());
        }
        let solver = matches!(check, KeeCheck::Value(_));
        if solver && !has(Feature::KeeSolver) && !check.features().contains(&Feature::KeeSolver) {
            e("a kee_value check needs the feature `kee-solver`".into());
        }
        match check {
            KeeCheck::Play(c) => {
                if !known(&c.at) {
                    e(format!(
                        "`at: {}` is not an intersection of the board",
                        c.at
                    ));
                }
                if c.player.0 >= players {
                    e(format!(
                        "player `{}` is not among the {players} players",
                        c.player
                    ));
                }
                if c.legal != c.reason.is_none() {
                    e("`reason` is given exactly when `legal: false`".into());
                }
                if !c.legal
                    && (c.enclosing.is_some()
                        || c.removed.is_some()
                        || c.after.is_some()
                        || c.suicidal.is_some())
                {
                    e(
                        "a refused play has no `enclosing`, `suicidal`, `removed` or `after`"
                            .into(),
                    );
                }
                if let Some(n) = c.removed.iter().flatten().find(|n| !known(n)) {
                    e(format!(
                        "`removed` names `{n}`, not an intersection of the board"
                    ));
                }
                if c.after.as_ref().is_some_and(|b| !same_board(b)) {
                    e("`after` must be drawn on the case's board (same intersections and neighbours)".into());
                }
                let expects = [
                    c.enclosing.is_some(),
                    c.removed.is_some(),
                    c.after.is_some(),
                    c.suicidal.is_some(),
                    !c.legal,
                ];
                if !expects.contains(&true) {
                    e("a legal kee_play expects at least one of `enclosing`, `suicidal`, `removed`, `after`".into());
                }
            }
            KeeCheck::Game(g) => {
                if let Some(n) = plays_ok(&g.plays.0) {
                    e(format!(
                        "`plays` names `{n}`, not an intersection of the board"
                    ));
                }
                let count = g.plays.0.plays.len();
                if count == 0 {
                    e("`plays` lists at least one play".into());
                }
                if let Some(r) = g.refused {
                    if r.at != count {
                        e(format!(
                            "the refused play ({}) must be the last one listed ({count})",
                            r.at
                        ));
                    }
                }
                let mut last = 0;
                for p in &g.prohibitions {
                    if p.at == 0 || p.at > count || p.at <= last {
                        e(
                            "prohibitions are listed in order, at plays 1 to the number of plays"
                                .into(),
                        );
                    }
                    last = p.at;
                    if p.player.0 >= players {
                        e(format!(
                            "player `{}` is not among the {players} players",
                            p.player
                        ));
                    }
                }
                if g.to_play.is_some() && g.end != crate::kee::KeeEndName::None {
                    e("`to_play` belongs to a game that has not ended".into());
                }
                if g.after.as_ref().is_some_and(|b| !same_board(b)) {
                    e("`after` must be drawn on the case's board (same intersections and neighbours)".into());
                }
                if let Some(p) = g
                    .points
                    .iter()
                    .flat_map(|m| m.keys())
                    .find(|p| p.0 >= players)
                {
                    e(format!(
                        "`points` names `{p}`, not among the {players} players"
                    ));
                }
                if let Some(r) = &g.ranking {
                    let mut all: Vec<u8> = r.iter().flatten().map(|p| p.0).collect();
                    all.sort_unstable();
                    if all != (0..players).collect::<Vec<u8>>() {
                        e("`ranking` lists every player once".into());
                    }
                }
            }
            KeeCheck::Value(v) => {
                if players != 2 {
                    e("kee_value is for two-player games".into());
                }
                if let Some(n) = v.after.as_ref().and_then(|a| plays_ok(&a.0)) {
                    e(format!(
                        "`after` names `{n}`, not an intersection of the board"
                    ));
                }
                if let Some(k) = v
                    .replies
                    .keys()
                    .find(|k| !known(k) && *k != "pass" && *k != "refresh")
                {
                    e(format!(
                        "`replies` names `{k}`: expected an intersection, `pass` or `refresh`"
                    ));
                }
            }
        }
    }
    out
}

fn err(lc: &LoadedCase, line: usize, message: String) -> CaseError {
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
    source: &crate::model::Source,
    clauses: &[String],
    e: &mut impl FnMut(usize, String),
) {
    // CASE-1: id, file name, source, clauses.
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
    let src = source;
    let line = lc.locate("source", None, 1);
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
        (Some(seed), None) => {
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
                                format!(
                                    "lines {}-{} run past the seed's {n} lines",
                                    r.first, r.last
                                ),
                            );
                        }
                    }
                }
            }
        }
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

    // CASE-1.2: labels over the board.
    let board = &case.board;
    if let Some(labels) = &case.labels {
        let l = lc.locate("labels", None, 1);
        if labels.size() != board.size() {
            e(l, size_msg("labels", labels.size(), board.size()));
        } else {
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
    }
    let labels = case.labels.as_ref();

    // CASE-1.4: history.
    if let Some(h) = &case.history {
        let l = lc.locate("history", None, 1);
        if h.board.size() != board.size() {
            e(l, size_msg("history board", h.board.size(), board.size()));
        }
        moves_ok(&h.moves, &h.board, labels, Some(&h.board), &mut |m| {
            e(l, format!("history moves: {m}"))
        });
    }

    // CASE-4: checks.
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
        lint_check(check, board, labels, &mut ce);
        let j89_only = matches!(
            check,
            Check::Status(_) | Check::Territory(_) | Check::J89Game(_)
        );
        let j89_also = match check {
            Check::Legality(c) => c.phase == Phase::Alternation,
            Check::Replay(c) => c.phase == Phase::Alternation,
            _ => false,
        };
        let j89_rules = matches!(case.ruleset, crate::model::Ruleset::Japanese1989(_));
        if let crate::model::Ruleset::Japanese1989(o) = &case.ruleset {
            let lines = match check {
                Check::Status(c) => Some(&c.confirmation),
                Check::Territory(c) => Some(&c.confirmation),
                _ => None,
            };
            let as_played = o.confirmation == crate::j89::Confirmation::AsPlayed;
            match lines {
                Some(Some(_)) if !as_played => ce("`confirmation` lines decide only under the ruleset option `confirmation: as-played` (J89-R2)".into()),
                Some(None) if as_played => ce("under `confirmation: as-played` (J89-R2) a status or territory check gives the played `confirmation` lines".into()),
                Some(Some(l)) => {
                    let (w, h) = board.size();
                    for (c, line) in l.lines() {
                        let bad = crate::j89::ConfirmationLines::bad_words(line, w, h);
                        if !bad.is_empty() {
                            ce(format!(
                                "confirmation {}: not a vertex on the board, pass, pass:VERTEX or pass:ko: {}",
                                if c == crate::model::Color::Black { "black" } else { "white" },
                                bad.join(", ")
                            ));
                        }
                    }
                }
                _ => {}
            }
        }
        if let (Check::J89Game(g), crate::model::Ruleset::Japanese1989(o)) = (check, &case.ruleset)
        {
            let disagrees = g.steps.iter().any(|s| matches!(s, J89Step::Disagree));
            if disagrees && o.article_13 != crate::j89::Article13::BothLose {
                ce("a `disagree` step is refused unless the ruleset has `article_13: both-lose` (J89-R4)".into());
            }
            let article_13 = disagrees || g.effective_moves.is_some();
            if article_13
                && !(case.features.contains(&Feature::J89Article13)
                    || g.features.contains(&Feature::J89Article13))
            {
                ce("a `disagree` step or `effective_moves` needs the feature `j89-article-13` (CASE-9.4)".into());
            }
        }
        if (j89_only && !j89_rules) || (j89_rules && !j89_only && !j89_also) {
            ce("status, territory and j89_game checks belong to the japanese-1989 ruleset, which takes only them and legality and replay checks in the alternation (CASE-9)".into());
        }
        if let crate::model::Ruleset::Core(_) = case.ruleset {
            let phase_ok = match check {
                Check::Legality(c) => matches!(c.phase, Phase::Alternation | Phase::Sequence),
                Check::Replay(c) => matches!(c.phase, Phase::Alternation | Phase::Sequence),
                _ => false,
            };
            if !phase_ok {
                ce("the core ruleset takes legality and replay checks in the alternation or a sequence".into());
            }
        }
        let needs_solver = matches!(check, Check::BestPlay(_)) || game_needs_solver(case, check);
        let has = |f: Feature| case.features.contains(&f) || common.features.contains(&f);
        if needs_solver && !has(Feature::NajBestPlay) {
            ce(format!(
                "a {} check that leaves moves to best play needs the feature `naj-best-play` (CASE-4.7)",
                check.kind()
            ));
        }
    }
    let errata_line = lc.locate("errata", None, 1);
    for er in &case.errata {
        if !names.contains(er.check.as_str()) {
            e(
                errata_line,
                format!(
                    "erratum for check `{}`, which is not in this case",
                    er.check
                ),
            );
        }
    }
    out
}

fn size_msg(what: &str, got: (usize, usize), board: (usize, usize)) -> String {
    format!(
        "{what} is {}x{}, the board {}x{}",
        got.0, got.1, board.0, board.1
    )
}

/// Resolves moves; with `start` known, checks the first numbered segment's drawing against it.
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
            for alt in &alts {
                if let (Some(start), Some((0, view))) = (start, alt.segment_views.first()) {
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
            }
            alts
        }
    }
}

fn same_size<K: Kind>(what: &str, d: &Option<Drawn<K>>, board: &Board, e: &mut dyn FnMut(String)) {
    if let Some(d) = d {
        if d.size() != board.size() {
            e(size_msg(what, d.size(), board.size()));
        }
    }
}

fn lint_check(check: &Check, board: &Board, labels: Option<&Labels>, e: &mut dyn FnMut(String)) {
    match check {
        Check::Legality(c) => {
            let after = c
                .after
                .as_ref()
                .map(|a| moves_ok(a, board, labels, Some(board), e));
            let start = if after.is_some() { None } else { Some(board) };
            let mv = moves_ok(&c.mv, board, labels, start, e);
            for alt in &mv {
                if alt.moves.len() != 1 || alt.continues || alt.cycle_start.is_some() {
                    e("`move` must be exactly one move".into());
                }
            }
            if after.iter().flatten().count() > 1 {
                e("`after` has alternatives; a legality check takes one line of moves".into());
            }
        }
        Check::Replay(c) => {
            let alts = moves_ok(&c.moves, board, labels, Some(board), e);
            for alt in &alts {
                for p in &c.positions {
                    if p.after == 0 || p.after > alt.moves.len() {
                        e(format!(
                            "`positions` names move {}, but the moves are {}",
                            p.after,
                            alt.moves.len()
                        ));
                    }
                }
            }
            for p in &c.positions {
                same_size(
                    &format!("position after {}", p.after),
                    &Some(p.board.clone()),
                    board,
                    e,
                );
            }
            // A replay with no other expectation still asserts that every move is legal.
            same_size("end", &c.end, board, e);
        }
        Check::Immortal(c) => {
            same_size("board", &c.board, board, e);
            if c.expect.size() != board.size() {
                e(size_msg("expect", c.expect.size(), board.size()));
            }
        }
        Check::Control(c) => {
            match c.color {
                ColorOrBoth::Both => {
                    if c.black_reference.is_none()
                        || c.white_reference.is_none()
                        || c.reference.is_some()
                    {
                        e("`color: both` takes `black_reference` and `white_reference`".into());
                    }
                }
                _ => {
                    if c.reference.is_none()
                        || c.black_reference.is_some()
                        || c.white_reference.is_some()
                    {
                        e("a one-colour control check takes `reference`".into());
                    }
                }
            }
            same_size("reference", &c.reference, board, e);
            same_size("black_reference", &c.black_reference, board, e);
            same_size("white_reference", &c.white_reference, board, e);
            if c.expect.size() != board.size() {
                e(size_msg("expect", c.expect.size(), board.size()));
            }
        }
        Check::Game(g) => {
            if let Some(a) = &g.alternation {
                moves_ok(a, board, labels, Some(board), e);
            }
            let final_known = if g.alternation.is_none() {
                Some(board)
            } else {
                None
            };
            for a in [&g.black_analysis, &g.white_analysis, &g.analysis]
                .into_iter()
                .flatten()
            {
                moves_ok(a, board, labels, final_known, e);
            }
            if g.analysis.is_some() && (g.black_analysis.is_some() || g.white_analysis.is_some()) {
                e("`analysis` (NAJ-9.3) excludes `black_analysis` and `white_analysis`".into());
            }
            for (what, d) in [
                ("final", &g.final_position),
                ("black_reference", &g.black_reference),
                ("white_reference", &g.white_reference),
                ("reference", &g.reference),
            ] {
                same_size(what, d, board, e);
            }
            for (what, d) in [
                ("black_control", &g.black_control),
                ("white_control", &g.white_control),
                ("control", &g.control),
            ] {
                same_size(what, d, board, e);
            }
            same_size("black_points", &g.black_points, board, e);
            same_size("white_points", &g.white_points, board, e);
            let expects = [
                g.final_position.is_some(),
                g.black_reference.is_some(),
                g.white_reference.is_some(),
                g.reference.is_some(),
                g.black_control.is_some(),
                g.white_control.is_some(),
                g.control.is_some(),
                g.black_points.is_some(),
                g.white_points.is_some(),
                g.black_score.is_some(),
                g.white_score.is_some(),
                g.board_score.is_some(),
                g.prisoner_difference.is_some(),
                g.score.is_some(),
                g.result.is_some(),
            ];
            if !expects.contains(&true) {
                e("a game check expects at least one answer".into());
            }
        }
        Check::J89Game(g) => {
            for step in &g.steps {
                match step {
                    J89Step::Moves(m) | J89Step::Fill(m) => {
                        let alts = moves_ok(m, board, labels, None, e);
                        if alts.len() > 1
                            || alts.iter().any(|a| a.continues || a.cycle_start.is_some())
                        {
                            e("a `moves` step is one line of moves, with no alternatives, cycle or `..`".into());
                        }
                    }
                    J89Step::Refused(r) => {
                        let alts = moves_ok(&r.mv, board, labels, None, e);
                        if alts.len() != 1
                            || alts.iter().any(|a| {
                                a.moves.len() != 1 || a.continues || a.cycle_start.is_some()
                            })
                        {
                            e("a `refused` step's `move` must be exactly one move".into());
                        }
                    }
                    J89Step::Resume(_)
                    | J89Step::Resign(_)
                    | J89Step::AgreeNoResult
                    | J89Step::Disagree => {}
                }
            }
            for m in g.effective_moves.iter().flatten() {
                let alts = moves_ok(m, board, labels, None, e);
                if alts.len() != 1
                    || alts.iter().any(|a| {
                        a.moves.len() != 1
                            || a.continues
                            || a.cycle_start.is_some()
                            || a.moves.iter().any(|mv| mv.at.is_none())
                    })
                {
                    e("each of `effective_moves` is exactly one play (`\"#[D1]\"`)".into());
                }
            }
            let expects = [
                g.stage.is_some(),
                g.to_move.is_some(),
                g.prisoners.is_some(),
                g.recurs.is_some(),
                g.result.is_some(),
                g.effective_moves.is_some(),
            ];
            if !expects.contains(&true) && !g.steps.iter().any(|s| matches!(s, J89Step::Refused(_)))
            {
                e("a j89_game check expects at least one answer (stage, to_move, prisoners, recurs, result, effective_moves or a refused move)".into());
            }
            if !g.features.contains(&Feature::J89Game) {
                e("a j89_game check names the feature `j89-game` in its own `features` (CASE-9.4)".into());
            }
            if g.result.is_some() && g.stage == Some(J89Stage::Playing) {
                e("a game that is still going on has no result (J89-10): drop `result` or the stage".into());
            }
        }
        Check::Status(c) => {
            if c.statuses.size() != board.size() {
                e(size_msg("statuses", c.statuses.size(), board.size()));
            }
            for ((col, row), cell) in c.statuses.diagram().cells() {
                let stone = board.diagram().get(col, row).and_then(|b| b.board_point());
                let fits = matches!(
                    (stone, cell),
                    (Some(None), Cell::Empty)
                        | (Some(Some(StoneColor::Black)), Cell::Mark(_))
                        | (Some(Some(StoneColor::White)), Cell::Label(_))
                );
                if !fits {
                    e(format!(
                        "statuses: `{}` at row {} column {} does not fit the board's `{}` there (`.` on empty points, A D S on Black's stones, a d s on White's)",
                        cell.text(), row + 1, col + 1,
                        board.diagram().get(col, row).map(|x| x.text()).unwrap_or_default()
                    ));
                    break;
                }
            }
        }
        Check::Territory(c) => {
            if c.territory.size() != board.size() {
                e(size_msg("territory", c.territory.size(), board.size()));
            }
            for ((col, row), cell) in c.territory.diagram().cells() {
                let stone = board.diagram().get(col, row).and_then(|b| b.board_point());
                let fits = match (stone, cell) {
                    // A stone stays as it is, or its point is territory once it is removed.
                    (Some(Some(c)), Cell::Stone(m)) => c == m,
                    (Some(Some(_)), Cell::Label(_)) => true,
                    // A dead stone outside territory taken off under `dead_outside_territory: remove`.
                    (Some(Some(_)), Cell::Empty) => true,
                    (Some(None), Cell::Stone(_)) => false,
                    (Some(None), _) => true,
                    _ => false,
                };
                if !fits {
                    e(format!(
                        "territory: `{}` at row {} column {} does not fit the board's `{}` there",
                        cell.text(),
                        row + 1,
                        col + 1,
                        board
                            .diagram()
                            .get(col, row)
                            .map(|x| x.text())
                            .unwrap_or_default()
                    ));
                    break;
                }
            }
        }
        Check::BestPlay(b) => {
            if let Some(a) = &b.after {
                moves_ok(a, board, labels, Some(board), e);
            }
            if let Some(l) = &b.line {
                let start = if b.after.is_some() { None } else { Some(board) };
                moves_ok(l, board, labels, start, e);
            }
            if matches!(b.phase, Phase::Sequence | Phase::Analysis) {
                e("best_play takes phase alternation, black-analysis or white-analysis".into());
            }
            if b.phase != Phase::Alternation
                && (b.board_score.is_some() || b.prisoner_difference.is_some())
            {
                e("board_score and prisoner_difference belong to the alternation".into());
            }
        }
    }
}

/// CASE-4.7: a game check that leaves moves to best play: an analysis not given (two analyses) or one that
/// continues, or an alternation that continues.
fn game_needs_solver(case: &Case, check: &Check) -> bool {
    let Check::Game(g) = check else { return false };
    let continues = |m: &Option<MovesSpec>| {
        m.as_ref().is_some_and(|m| {
            m.alternatives().iter().any(|segs| {
                segs.last().is_some_and(|s| matches!(s, crate::moves::Segment::Notation { sequence, .. } if sequence.continues()))
            })
        })
    };
    let needed = g.analyses_needed(&case.ruleset);
    let missing = (needed.single && g.analysis.is_none())
        || (needed.black && g.black_analysis.is_none())
        || (needed.white && g.white_analysis.is_none());
    continues(&g.alternation)
        || continues(&g.black_analysis)
        || continues(&g.white_analysis)
        || continues(&g.analysis)
        || missing
}
