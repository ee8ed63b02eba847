//! CASE-8.4: the lint of Kee cases: besides CASE-7's header, stones and players within `players`, the
//! features of the variants, and each `kee_play`, `kee_game` and `kee_value` check against the board.

use super::{err, lint_header};
use crate::kee::{
    KeeAllied, KeeBoard, KeeCheck, KeeEndName, KeeGameCheck, KeePlayCheck, KeeScoring,
    KeeValueCheck, KoPlayerPasses, Suicide,
};
use crate::model::Feature;
use crate::suite::{CaseError, LoadedKeeCase, Suite};
use gorules_grammar::{Graph, KeePlayText, KeePlays};
use std::collections::BTreeSet;

/// CASE-8.4: lints one Kee case.
pub fn lint_kee_case(suite: &Suite, lc: &LoadedKeeCase) -> Vec<CaseError> {
    let mut out = Vec::new();
    let case = &lc.case;
    let mut e = |line: usize, m: String| out.push(err(lc, line, m));
    lint_header(suite, lc, &case.id, &case.source, &case.clauses, &mut e);
    players(lc, &mut e);
    features(lc, &mut e);
    if let Err(m) = case.effective_checks() {
        e(lc.locate("errata", None, 1), m);
    }
    // CASE-6.1: a reading that resolves an erratum is one of the Kee rules'.
    for er in &case.errata {
        if let Err(m) =
            crate::readings::resolved_by(&er.resolved_by, crate::readings::ReadingsRuleset::Kee)
        {
            e(
                lc.locate("errata", None, 1),
                format!("erratum for check `{}`: resolved_by: {m}", er.check),
            );
        }
    }
    checks(lc, &mut e);
    out
}

/// CASE-8.1, CASE-8.2: the board's stones and `to_play` are among the players of `rules`.
fn players(lc: &LoadedKeeCase, e: &mut dyn FnMut(usize, String)) {
    let case = &lc.case;
    let players = case.rules.players;
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
}

/// CASE-8.1: every Kee case has the feature `kee`, each variant in force its feature, and no other variant's.
fn features(lc: &LoadedKeeCase, e: &mut dyn FnMut(usize, String)) {
    let case = &lc.case;
    let rules = case.rules;
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
            rules.ko_player_passes == KoPlayerPasses::All,
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
}

/// The case's board and number of players, which every check is linted against.
struct Setting<'a> {
    graph: &'a Graph,
    players: u8,
}

impl Setting<'_> {
    /// Whether `name` is an intersection of the board.
    fn known(&self, name: &str) -> bool {
        self.graph.index_of(name).is_some()
    }

    /// Whether `b` is drawn on the case's board: the same intersections with the same neighbours.
    fn same_board(&self, b: &KeeBoard) -> bool {
        b.graph.nodes().len() == self.graph.nodes().len()
            && b.graph
                .nodes()
                .iter()
                .zip(self.graph.nodes())
                .all(|(x, y)| x.name == y.name && x.neighbours == y.neighbours)
    }

    /// The first stone play of `p` at a name that is not an intersection of the board.
    fn unknown_play(&self, p: &KeePlays) -> Option<String> {
        p.plays.iter().find_map(|x| match x {
            KeePlayText::Stone(n) if !self.known(n) => Some(n.clone()),
            _ => None,
        })
    }
}

/// CASE-8.3, CASE-8.4: at least one check, names non-empty and unique, `kee_value` with `kee-solver`, and
/// each check by its kind.
fn checks(lc: &LoadedKeeCase, e: &mut dyn FnMut(usize, String)) {
    let case = &lc.case;
    let s = Setting {
        graph: &case.board.graph,
        players: case.rules.players,
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
        let has_solver = case.features.contains(&Feature::KeeSolver)
            || check.features().contains(&Feature::KeeSolver);
        if solver && !has_solver {
            e("a kee_value check needs the feature `kee-solver`".into());
        }
        match check {
            KeeCheck::Play(c) => {
                play(c, &s, &mut e);
                play_outcome(c, &s, &mut e);
            }
            KeeCheck::Game(g) => {
                game_plays(g, &s, &mut e);
                game_outcome(g, &s, &mut e);
            }
            KeeCheck::Value(v) => value(v, &s, &mut e),
        }
    }
}

/// CASE-8.3.1: the play is at an intersection by one of the players, with `reason` exactly when refused, and a
/// refused play expects nothing more.
fn play(c: &KeePlayCheck, s: &Setting, e: &mut dyn FnMut(String)) {
    if !s.known(&c.at) {
        e(format!(
            "`at: {}` is not an intersection of the board",
            c.at
        ));
    }
    if c.player.0 >= s.players {
        e(format!(
            "player `{}` is not among the {} players",
            c.player, s.players
        ));
    }
    if c.legal != c.reason.is_none() {
        e("`reason` is given exactly when `legal: false`".into());
    }
    let expects_more =
        c.enclosing.is_some() || c.removed.is_some() || c.after.is_some() || c.suicidal.is_some();
    if !c.legal && expects_more {
        e("a refused play has no `enclosing`, `suicidal`, `removed` or `after`".into());
    }
}

/// CASE-8.3.1: `removed` names intersections, `after` is drawn on the case's board, and a legal play expects
/// something.
fn play_outcome(c: &KeePlayCheck, s: &Setting, e: &mut dyn FnMut(String)) {
    if let Some(n) = c.removed.iter().flatten().find(|n| !s.known(n)) {
        e(format!(
            "`removed` names `{n}`, not an intersection of the board"
        ));
    }
    if c.after.as_ref().is_some_and(|b| !s.same_board(b)) {
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
        e(
            "a legal kee_play expects at least one of `enclosing`, `suicidal`, `removed`, `after`"
                .into(),
        );
    }
}

/// CASE-8.3.2: the plays name intersections, a refused play is the last, and prohibitions are in order, at
/// plays made, by players of the game.
fn game_plays(g: &KeeGameCheck, s: &Setting, e: &mut dyn FnMut(String)) {
    if let Some(n) = s.unknown_play(&g.plays.0) {
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
            e("prohibitions are listed in order, at plays 1 to the number of plays".into());
        }
        last = p.at;
        if p.player.0 >= s.players {
            e(format!(
                "player `{}` is not among the {} players",
                p.player, s.players
            ));
        }
    }
}

/// CASE-8.3.2: `to_play` only for a game not ended, `after` on the case's board, `points` and `ranking` for the
/// game's players, `ranking` each once.
fn game_outcome(g: &KeeGameCheck, s: &Setting, e: &mut dyn FnMut(String)) {
    if g.to_play.is_some() && g.end != KeeEndName::None {
        e("`to_play` belongs to a game that has not ended".into());
    }
    if g.after.as_ref().is_some_and(|b| !s.same_board(b)) {
        e("`after` must be drawn on the case's board (same intersections and neighbours)".into());
    }
    if let Some(p) = g
        .points
        .iter()
        .flat_map(|m| m.keys())
        .find(|p| p.0 >= s.players)
    {
        e(format!(
            "`points` names `{p}`, not among the {} players",
            s.players
        ));
    }
    if let Some(r) = &g.ranking {
        let mut all: Vec<u8> = r.iter().flatten().map(|p| p.0).collect();
        all.sort_unstable();
        if all != (0..s.players).collect::<Vec<u8>>() {
            e("`ranking` lists every player once".into());
        }
    }
}

/// CASE-8.3.3: two players, `after` naming intersections, and `replies` keyed by intersections, `pass` or
/// `refresh`.
fn value(v: &KeeValueCheck, s: &Setting, e: &mut dyn FnMut(String)) {
    if s.players != 2 {
        e("kee_value is for two-player games".into());
    }
    if let Some(n) = v.after.as_ref().and_then(|a| s.unknown_play(&a.0)) {
        e(format!(
            "`after` names `{n}`, not an intersection of the board"
        ));
    }
    if let Some(k) = v
        .replies
        .keys()
        .find(|k| !s.known(k) && *k != "pass" && *k != "refresh")
    {
        e(format!(
            "`replies` names `{k}`: expected an intersection, `pass` or `refresh`"
        ));
    }
}
