//! Kee case pages (CASE-8): the board as a grid or as a graph, each check with its plays step by step as the
//! reference's Kee game makes them.

use crate::html::esc;
use crate::pages::{
    boards, check_section, end_page, fact, fig, header, tags, toc_item, CaseRow, Ctx, ErratumView,
    Facts,
};
use crate::steps;
use crate::svg::{self, Mark, Point};
use gorules_cases::kee::{KeeBoard, KeeCheck};
use gorules_cases::KeeCase;
use std::fmt::Write;

/// The page of a Kee case (CASE-8), and its row for the index.
pub fn kee_page(case: &KeeCase, file: &str, ctx: &Ctx) -> (String, CaseRow) {
    let mut b = String::new();
    header(
        &mut b,
        &case.id,
        &case.title,
        &case.source,
        &case.clauses,
        ctx,
    );
    let r = &case.rules;
    let _ = write!(
        b,
        "<dl class=\"facts\"><dt>ruleset</dt><dd>kee: {} players, refreshing passes {}, suicide {}, allied groups {}, scoring {}, ko player passes {}</dd>\
         <dt>features</dt><dd class=\"tags\">{}</dd><dt>to play</dt><dd>{}</dd><dt>file</dt><dd><code>{}</code></dd></dl>",
        r.players,
        gorules_vocabulary::YesNo::from(r.refreshing_passes),
        r.suicide,
        r.allied_groups,
        r.scoring,
        r.ko_player_passes,
        tags(case.features.iter().map(|f| f.name())),
        case.to_play.map_or("black", |p| p.name()),
        esc(file)
    );
    let start = kee_points(&case.board);
    b.push_str("<h2>Position</h2><div class=\"boards\">");
    let _ = write!(
        b,
        "<figure class=\"board\" id=\"position\">{}<figcaption>{}</figcaption></figure></div>",
        kee_svg(&case.board, &start, &format!("{}: the position", case.id)),
        if case.board.grid.is_some() {
            "the case's board (a grid)"
        } else {
            "the case's board: a graph, its intersections on a circle, neighbours joined"
        }
    );
    let mut row = CaseRow::new(
        &case.id,
        &case.title,
        "kee",
        case.features.iter().map(|f| f.name()),
        case.errata.len(),
    );
    b.push_str("<h2>Checks</h2>");
    let mut toc = String::from("<ol class=\"toc\">");
    let mut sections = String::new();
    let checks = case
        .effective_checks()
        .unwrap_or_else(|_| case.checks.clone());
    for check in &checks {
        let (facts, body) = kee_check_body(check, case);
        let trial = format!("kee::{}::{}", case.id, check.name());
        let errata: Vec<ErratumView> = case
            .errata
            .iter()
            .filter(|e| e.check == check.name())
            .map(ErratumView::of_kee)
            .collect();
        row.add_check(&trial, check.features().iter().map(|f| f.name()), ctx);
        let claim = match check {
            KeeCheck::Play(c) => c.claim.as_deref(),
            KeeCheck::Game(c) => c.claim.as_deref(),
            KeeCheck::Value(c) => c.claim.as_deref(),
        };
        toc.push_str(&toc_item(&trial, ctx));
        sections.push_str(&check_section(
            check.name(),
            check.kind(),
            claim,
            check.features().iter().map(|f| f.name()),
            &facts,
            &body,
            &errata,
            &trial,
            ctx,
        ));
    }
    end_page(&mut b, toc, &sections, case.notes.as_deref(), ctx);
    (b, row)
}

fn kee_points(board: &KeeBoard) -> Vec<Point> {
    board
        .graph
        .nodes()
        .iter()
        .map(|n| Point {
            stone: n.stone,
            ..Point::default()
        })
        .collect()
}

fn kee_svg(board: &KeeBoard, points: &[Point], title: &str) -> String {
    match board.grid {
        Some((w, h)) => svg::grid(w, h, points, title),
        None => svg::graph(&board.graph, points, title),
    }
}

fn kee_check_body(check: &KeeCheck, case: &KeeCase) -> (Facts, String) {
    let board = &case.board;
    let mut seq = String::new();
    let mut f = Facts::new();
    let mut figs = String::new();
    match check {
        KeeCheck::Play(c) => {
            fact(&mut f, "player", c.player.name());
            fact(&mut f, "at", &c.at);
            fact(&mut f, "legal", c.legal);
            if let Some(r) = c.reason {
                fact(&mut f, "reason", r.name());
            }
            if let Some(e) = c.enclosing {
                fact(&mut f, "enclosing", e);
            }
            if let Some(s) = c.suicidal {
                fact(&mut f, "suicidal", s);
            }
            if let Some(r) = &c.removed {
                fact(
                    &mut f,
                    "removed",
                    if r.is_empty() {
                        "nothing".into()
                    } else {
                        r.join(" ")
                    },
                );
            }
            let mut before = kee_points(board);
            if let Some(i) = board.graph.index_of(&c.at) {
                before[i].last = true;
                if before[i].stone.is_none() {
                    before[i].mark = Mark::Label(c.player.name()[..1].to_uppercase());
                }
            }
            for name in c.removed.iter().flatten() {
                if let Some(i) = board.graph.index_of(name) {
                    before[i].ghost = true;
                }
            }
            figs.push_str(&fig(
                &kee_svg(board, &before, "the play"),
                &format!(
                    "{} plays at {} (ringed); faded: the stones it removes",
                    c.player.name(),
                    c.at
                ),
            ));
            if let Some(a) = &c.after {
                figs.push_str(&fig(
                    &kee_svg(a, &kee_points(a), "after"),
                    "expected after the play",
                ));
            }
        }
        KeeCheck::Game(g) => {
            fact(&mut f, "plays", g.plays.0.to_string());
            if let Some(r) = g.refused {
                fact(
                    &mut f,
                    "refused",
                    format!("play {} ({})", r.at, r.reason.name()),
                );
            }
            let p: Vec<String> = g
                .prohibitions
                .iter()
                .map(|p| {
                    format!(
                        "after play {}: {} ({})",
                        p.at,
                        p.player.name(),
                        p.condition.name()
                    )
                })
                .collect();
            fact(
                &mut f,
                "prohibitions",
                if p.is_empty() {
                    "none".into()
                } else {
                    p.join("; ")
                },
            );
            fact(&mut f, "end", g.end.name());
            if let Some(t) = g.to_play {
                fact(&mut f, "to play", t.name());
            }
            if let Some(points) = &g.points {
                let p: Vec<String> = points
                    .iter()
                    .map(|(k, v)| format!("{} {v}", k.name()))
                    .collect();
                fact(&mut f, "points", p.join(", "));
            }
            if let Some(r) = &g.ranking {
                let groups: Vec<String> = r
                    .iter()
                    .map(|g| g.iter().map(|p| p.name()).collect::<Vec<_>>().join(" = "))
                    .collect();
                fact(&mut f, "ranking", groups.join(" > "));
            }
            seq = kee_steps(case, &g.plays.0);
            if let Some(a) = &g.after {
                figs.push_str(&fig(
                    &kee_svg(a, &kee_points(a), "after"),
                    "expected after the plays",
                ));
            }
        }
        KeeCheck::Value(v) => {
            if let Some(a) = &v.after {
                fact(&mut f, "after the plays", a.0.to_string());
                seq = kee_steps(case, &a.0);
            }
            fact(&mut f, "value under best play", v.value);
            for (play, value) in &v.replies {
                fact(&mut f, &format!("value after {play}"), value);
            }
        }
    }
    let mut b = seq;
    boards(&mut b, &figs);
    (f, b)
}

/// A Kee game's plays step by step from the case's board, as the reference plays them.
fn kee_steps(case: &KeeCase, plays: &gorules_grammar::KeePlays) -> String {
    let to_play = case.to_play.map_or(0, |p| p.0);
    let played = match crate::replay::kee(&case.board, &case.rules, to_play, plays) {
        Ok(p) => p,
        Err(e) => return format!("<p class=\"refused\">cannot replay: {}</p>", esc(&e)),
    };
    let steps: Vec<steps::Step> = played
        .steps
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let who = gorules_grammar::PLAYER_NAMES
                .get(usize::from(s.player))
                .copied()
                .unwrap_or("?");
            let mut caption = match s.at {
                Some(_) => format!("{}: {who} at {}", k + 1, s.text),
                None => format!("{}: {who} {}", k + 1, s.text),
            };
            if let Some(p) = &s.prohibition {
                let _ = write!(caption, "; {p}");
            }
            steps::Step {
                stones: s.stones.clone(),
                at: s.at,
                caption,
            }
        })
        .collect();
    let mut b = format!("<p><code>{}</code></p>", esc(&plays.to_string()));
    b.push_str(&steps::figures(&steps, &|points, title| {
        kee_svg(&case.board, points, &format!("{}: {title}", case.id))
    }));
    if let Some((n, why)) = &played.refused {
        let _ = write!(
            b,
            "<p class=\"refused\">Play {n} is refused by the reference rules: {}.</p>",
            esc(why)
        );
    }
    b
}
