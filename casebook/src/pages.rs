//! Case pages: the source, the position as a board, each check with its claim, its boards and moves step by
//! step, the errata beside the claims they correct, and (given a report) each check's verdict. Kee cases have
//! their own page maker (`kee_pages.rs`) on the same parts.

use crate::html::esc;
use crate::overlays::{control_points, points_map, status_points, stones_of, territory_points};
use crate::replay::replay;
use crate::report::Report;
use crate::steps;
use crate::svg::{self, Mark, Point};
use gorules_cases::kee::KeeErratum;
use gorules_cases::model::{Check, Erratum, Ruleset, Source};
use gorules_cases::moves::{MovesSpec, Segment};
use gorules_cases::Case;
use gorules_grammar::{Cell, Diagram, Player, Vertex};
use gorules_ref::SequenceRules;
use std::collections::BTreeMap;
use std::fmt::Write;

/// What every page needs to link: the spec page of each clause id, and the report if one was given.
pub struct Ctx<'a> {
    /// Clause id to its spec page, e.g. `NAJ-5.2` to `spec-naj.html`.
    pub clause_pages: &'a BTreeMap<String, String>,
    /// The runner's report.
    pub report: Option<&'a Report>,
}

/// One case as the index lists it.
#[derive(Debug, Clone)]
pub struct CaseRow {
    /// The case id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// `naj`, `core`, `japanese-1989` or `kee`.
    pub ruleset: String,
    /// The case's features.
    pub features: Vec<String>,
    /// Per check: its features (the case's and its own) and its verdict in the report.
    pub checks: Vec<(Vec<String>, Option<String>)>,
    /// How many errata the case has.
    pub errata: usize,
    /// The case page.
    pub href: String,
}

impl CaseRow {
    /// A case's row, its checks still to be added.
    pub fn new<'a>(
        id: &str,
        title: &str,
        ruleset: &str,
        features: impl Iterator<Item = &'a str>,
        errata: usize,
    ) -> CaseRow {
        CaseRow {
            id: id.to_string(),
            title: title.to_string(),
            ruleset: ruleset.to_string(),
            features: features.map(str::to_string).collect(),
            checks: Vec::new(),
            errata,
            href: case_href(id),
        }
    }

    /// Adds check `trial`: its features (the case's and `own`) and its verdict in the report, if any.
    pub fn add_check<'a>(&mut self, trial: &str, own: impl Iterator<Item = &'a str>, ctx: &Ctx) {
        let mut features = self.features.clone();
        features.extend(own.map(str::to_string));
        let verdict = ctx
            .report
            .and_then(|r| r.get(trial))
            .map(|v| v.verdict.clone());
        self.checks.push((features, verdict));
    }
}

/// The file name of a case's page.
pub fn case_href(id: &str) -> String {
    format!("case-{id}.html")
}

/// The page of a grid case, and its row for the index.
pub fn case_page(case: &Case, file: &str, ctx: &Ctx) -> (String, CaseRow) {
    let (width, height) = case.board.size();
    let rules = gorules_bridge::sequence_rules(&case.ruleset);
    let board = stones_of(case.board.diagram());
    let mut b = String::new();
    header(
        &mut b,
        &case.id,
        &case.title,
        &case.source,
        &case.clauses,
        ctx,
    );
    let _ = write!(
        b,
        "<dl class=\"facts\"><dt>ruleset</dt><dd>{}</dd><dt>features</dt><dd class=\"tags\">{}</dd>",
        esc(&ruleset_text(&case.ruleset)),
        tags(case.features.iter().map(|f| f.name()))
    );
    if let Some(c) = case.to_move {
        let _ = write!(b, "<dt>to move</dt><dd>{}</dd>", color_word(c.player()));
    }
    if let Some(p) = case.prisoners {
        let _ = write!(
            b,
            "<dt>prisoners</dt><dd>Black has taken {}, White {}</dd>",
            p.black, p.white
        );
    }
    let _ = write!(b, "<dt>file</dt><dd><code>{}</code></dd></dl>", esc(file));

    let mut position = svg::points_of(case.board.diagram());
    if let Some(labels) = &case.labels {
        for ((col, row), cell) in labels.diagram().cells() {
            if let (Cell::Label(c), Some(p)) = (cell, position.get_mut(row * width + col)) {
                p.mark = Mark::Label(c.to_string());
            }
        }
    }
    b.push_str("<h2>Position</h2><div class=\"boards\">");
    let _ = write!(
        b,
        "<figure class=\"board\" id=\"position\">{}<figcaption>the case's board{}</figcaption></figure>",
        svg::grid(width, height, &position, &format!("{}: the position", case.id)),
        if case.labels.is_some() {
            ", with the source's labels"
        } else {
            ""
        }
    );
    b.push_str("</div>");
    if let Some(h) = &case.history {
        b.push_str("<h3>How the position arose</h3><div class=\"boards\">");
        b.push_str(&fig_diagram(h.board.diagram(), "the earlier position"));
        b.push_str("</div>");
        let start = stones_of(h.board.diagram());
        b.push_str(&moves_block(&h.moves, &start, case, rules).0);
    }

    let mut row = CaseRow::new(
        &case.id,
        &case.title,
        case.ruleset.name(),
        case.features.iter().map(|f| f.name()),
        case.errata.len(),
    );
    b.push_str("<h2>Checks</h2>");
    let mut toc = String::from("<ol class=\"toc\">");
    let mut sections = String::new();
    // The checks as the runner judges them: where an erratum corrects the source, the check expects ours.
    let checks = case
        .effective_checks()
        .unwrap_or_else(|_| case.checks.clone());
    for check in &checks {
        let common = check.common();
        let (facts, body) = check_body(check, case, &board, rules);
        let trial = format!("{}::{}::{}", case.ruleset.name(), case.id, common.name);
        let errata: Vec<ErratumView> = case
            .errata
            .iter()
            .filter(|e| e.check == common.name)
            .map(|e| ErratumView::of(e, width, height))
            .collect();
        row.add_check(&trial, common.features.iter().map(|f| f.name()), ctx);
        toc.push_str(&toc_item(&trial, ctx));
        sections.push_str(&check_section(
            common.name,
            check.kind(),
            check.common().claim,
            common.features.iter().map(|f| f.name()),
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

/// The end of a case page: the list of checks, their sections and the case's notes.
pub(crate) fn end_page(
    b: &mut String,
    mut toc: String,
    sections: &str,
    case_notes: Option<&str>,
    ctx: &Ctx,
) {
    toc.push_str("</ol>");
    b.push_str(&toc);
    b.push_str(sections);
    notes(b, case_notes, ctx);
}

/// A line of the list of checks: a link to the check's section, with its verdict if a report was given.
pub(crate) fn toc_item(trial: &str, ctx: &Ctx) -> String {
    let name = trial.rsplit("::").next().unwrap_or(trial);
    let badge = match ctx.report.and_then(|r| r.get(trial)) {
        Some(v) => format!(" <span class=\"verdict {0}\">{0}</span>", esc(&v.verdict)),
        None => String::new(),
    };
    format!(
        "<li><a href=\"#check-{}\">{}</a>{badge}</li>",
        esc(name),
        esc(name)
    )
}

pub(crate) fn header(
    b: &mut String,
    id: &str,
    title: &str,
    source: &Source,
    clauses: &[String],
    ctx: &Ctx,
) {
    let _ = write!(
        b,
        "<h1>{}</h1><p><code>{}</code></p><h2>Source</h2><dl class=\"facts\">",
        esc(title),
        esc(id)
    );
    let mut fact = |k: &str, v: String| {
        let _ = write!(b, "<dt>{k}</dt><dd>{v}</dd>");
    };
    if let Some(s) = &source.seed {
        fact("seed", format!("<code>{}</code>", esc(s)));
    }
    if let Some(e) = &source.example {
        fact("example", esc(e));
    }
    if let Some(l) = &source.lines {
        fact("lines", format!("{}-{}", l.first, l.last));
    }
    if let Some(r) = &source.represents {
        fact("represents", esc(r));
    }
    if let Some(c) = &source.constructed {
        fact("constructed", esc(c));
    }
    if let Some(r) = &source.regression {
        fact(
            "regression",
            format!(
                "<code>{}</code>, <code>{}</code>, {}",
                esc(&r.repository),
                esc(&r.path),
                esc(&r.test)
            ),
        );
    }
    let links: Vec<String> = clauses
        .iter()
        .map(|c| match ctx.clause_pages.get(c) {
            Some(page) => format!("<a href=\"{}#{}\">{}</a>", esc(page), esc(c), esc(c)),
            None => esc(c),
        })
        .collect();
    fact("clauses", links.join(", "));
    b.push_str("</dl>");
}

pub(crate) fn notes(b: &mut String, notes: Option<&str>, ctx: &Ctx) {
    if let Some(n) = notes {
        b.push_str("<h2>Notes</h2>");
        for para in n.split("\n\n").filter(|p| !p.trim().is_empty()) {
            let _ = write!(b, "<p>{}</p>", prose(para.trim(), ctx));
        }
    }
}

/// Text of a case as HTML, its clause ids linked to the spec.
pub(crate) fn prose(text: &str, ctx: &Ctx) -> String {
    crate::markdown::link_clauses(text, ctx.clause_pages).unwrap_or_else(|| esc(text))
}

pub(crate) fn tags<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names
        .map(|n| format!("<code>{}</code>", esc(n)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn ruleset_text(r: &Ruleset) -> String {
    match r {
        Ruleset::Naj(o) if *o == Default::default() => "naj".into(),
        Ruleset::Naj(o) => format!("naj, {o:?}"),
        Ruleset::Core(o) => format!("core, ko rules {:?}, suicide {:?}", o.ko, o.suicide),
        Ruleset::Japanese1989(o) if *o == Default::default() => "japanese-1989".into(),
        Ruleset::Japanese1989(o) => format!("japanese-1989, {o:?}"),
        Ruleset::Class(c, o) => format!(
            "{}, ko rules {:?}, suicide {:?}, komi {}",
            c.ruleset_name(),
            o.ko,
            o.suicide,
            o.komi
        ),
    }
}

fn color_word(p: Player) -> &'static str {
    match p {
        Player::Black => "Black",
        Player::White => "White",
    }
}

/// An erratum as drawn: the source's value and ours, each a board when it is one.
pub(crate) struct ErratumView {
    field: String,
    source_says: String,
    ours: String,
    why: String,
}

impl ErratumView {
    fn of(e: &Erratum, width: usize, height: usize) -> ErratumView {
        let show = |v: &str| match Diagram::parse(v.trim_end()) {
            Ok(d) if d.width() == width && d.height() == height && v.contains('\n') => {
                fig_diagram(&d, "")
            }
            _ => format!("<pre>{}</pre>", esc(v)),
        };
        ErratumView {
            field: e.field.clone(),
            source_says: show(&e.source_says.0),
            ours: show(&e.ours.0),
            why: e.why.clone(),
        }
    }

    pub(crate) fn of_kee(e: &KeeErratum) -> ErratumView {
        ErratumView {
            field: e.field.clone(),
            source_says: format!("<pre>{}</pre>", esc(&e.source_says.0)),
            ours: format!("<pre>{}</pre>", esc(&e.ours.0)),
            why: e.why.clone(),
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn check_section<'a>(
    name: &str,
    kind: &str,
    claim: Option<&str>,
    features: impl Iterator<Item = &'a str>,
    facts: &[(String, String)],
    body: &str,
    errata: &[ErratumView],
    trial: &str,
    ctx: &Ctx,
) -> String {
    let mut s = String::new();
    let verdict = ctx.report.map(|r| r.get(trial));
    let badge = match verdict {
        Some(Some(v)) => format!(" <span class=\"verdict {0}\">{0}</span>", esc(&v.verdict)),
        Some(None) => " <span class=\"verdict none\">not in the report</span>".into(),
        None => String::new(),
    };
    let _ = write!(
        s,
        "<section class=\"check\" id=\"check-{}\"><h3>{} <code>{}</code>{badge}</h3>",
        esc(name),
        esc(kind),
        esc(name)
    );
    let features = tags(features);
    if !features.is_empty() {
        let _ = write!(s, "<p class=\"tags\">extra features: {features}</p>");
    }
    if let Some(c) = claim {
        let _ = write!(s, "<p class=\"claim\">“{}”</p>", prose(c, ctx));
    }
    for e in errata {
        let _ = write!(
            s,
            "<aside class=\"erratum\"><h4>Erratum: <code>{}</code></h4><div class=\"side-by-side\">\
             <div><strong>the source says</strong>{}</div><div><strong>ours (the check expects it)</strong>{}</div></div>\
             <p>{}</p></aside>",
            esc(&e.field),
            e.source_says,
            e.ours,
            prose(&e.why, ctx)
        );
    }
    let facts_html = facts_list(facts);
    match verdict {
        Some(v) => {
            let _ = write!(
                s,
                "<div class=\"side-by-side\"><div><strong>expected</strong>{facts_html}{body}</div><div><strong>engine: {}</strong>",
                esc(ctx.report.map_or("", |r| r.engine.as_str()))
            );
            match v {
                Some(v) => {
                    let _ = write!(
                        s,
                        "<p><span class=\"verdict {0}\">{0}</span> in {1:.3} s</p>",
                        esc(&v.verdict),
                        v.seconds
                    );
                    if !v.reason.is_empty() {
                        let _ = write!(s, "<pre>{}</pre>", esc(&v.reason));
                    }
                }
                None => s.push_str("<p>this check is not in the report</p>"),
            }
            s.push_str("</div></div>");
        }
        None => {
            s.push_str(&facts_html);
            s.push_str(body);
        }
    }
    s.push_str("</section>");
    s
}

pub(crate) fn facts_list(facts: &[(String, String)]) -> String {
    if facts.is_empty() {
        return String::new();
    }
    let mut s = String::from("<dl class=\"facts\">");
    for (k, v) in facts {
        let _ = write!(s, "<dt>{}</dt><dd>{}</dd>", esc(k), esc(v));
    }
    s.push_str("</dl>");
    s
}

pub(crate) type Facts = Vec<(String, String)>;

pub(crate) fn fact(facts: &mut Facts, k: &str, v: impl ToString) {
    facts.push((k.to_string(), v.to_string()));
}

/// The prisoners a check expects, as a fact.
fn prisoners_fact(facts: &mut Facts, p: &gorules_cases::model::Prisoners) {
    fact(
        facts,
        "prisoners",
        format!("Black {}, White {}", p.black, p.white),
    );
}

fn check_body(
    check: &Check,
    case: &Case,
    board: &[Option<u8>],
    rules: SequenceRules,
) -> (Facts, String) {
    let (width, height) = case.board.size();
    let mut f = Facts::new();
    let mut b = String::new();
    let grid = |points: &[Point], caption: &str| {
        fig(
            &svg::grid(width, height, points, &format!("{}: {caption}", case.id)),
            caption,
        )
    };
    match check {
        Check::Legality(c) => {
            fact(&mut f, "phase", c.phase.name());
            fact(&mut f, "expect", c.expect);
            let mut start = board.to_vec();
            if let Some(after) = &c.after {
                b.push_str("<h4>Moves played first</h4>");
                let (html, end) = moves_block(after, board, case, rules);
                b.push_str(&html);
                start = end.unwrap_or(start);
            }
            b.push_str("<h4>The move asked about</h4>");
            b.push_str(&moves_block(&c.mv, &start, case, rules).0);
        }
        Check::Replay(c) => {
            fact(&mut f, "phase", c.phase.name());
            if let Some(e) = c.ends {
                fact(&mut f, "the phase ends", e);
            }
            if let Some(r) = c.end_reason {
                fact(&mut f, "it ends by", r.name());
            }
            if let Some(p) = &c.prisoners {
                prisoners_fact(&mut f, p);
            }
            if let Some(i) = c.illegal {
                let why = i.reason.map(|r| format!(" ({r})")).unwrap_or_default();
                fact(&mut f, "illegal", format!("move {}{why}", i.number));
            }
            b.push_str(&moves_block(&c.moves, board, case, rules).0);
            let mut figs = String::new();
            for p in &c.positions {
                figs.push_str(&fig_diagram(
                    p.board.diagram(),
                    &format!("expected after move {}", p.after),
                ));
            }
            if let Some(end) = &c.end {
                figs.push_str(&fig_diagram(end.diagram(), "expected after the last move"));
            }
            boards(&mut b, &figs);
        }
        Check::KoIntersections(c) => {
            fact(&mut f, "kind", c.kind.name());
            fact(&mut f, "region (plays restricted to it)", c.region.trim());
            if let Some(asked) = &c.asked {
                fact(&mut f, "intersections asked about", asked.trim());
            }
            if let Some(k) = c.komi {
                fact(&mut f, "Black's komi", k);
            }
            let expect = c.expect.trim();
            fact(
                &mut f,
                "expected ko-intersections",
                if expect.is_empty() { "none" } else { expect },
            );
        }
        Check::Force(c) => {
            let first = c
                .first
                .or(case.to_move)
                .unwrap_or(gorules_cases::model::Color::Black);
            fact(&mut f, "question", c.question.name());
            fact(
                &mut f,
                "first mover X (Y moves second)",
                color_word(first.player()),
            );
            fact(&mut f, "duty", c.duty.name());
            fact(
                &mut f,
                "region (plays restricted to it; the cycle-set)",
                c.region.trim(),
            );
            if let Some(k) = c.komi {
                fact(&mut f, "Black's komi", k);
            }
            fact(&mut f, "expected answer", c.expect.word());
        }
        Check::Immortal(c) => {
            fact(&mut f, "colour", color_word(c.color.player()));
            let mut figs = String::new();
            if let Some(bd) = &c.board {
                figs.push_str(&fig_diagram(bd.diagram(), "the position"));
            }
            figs.push_str(&fig_diagram(
                c.expect.diagram(),
                "expected: only the immortal stones",
            ));
            boards(&mut b, &figs);
        }
        Check::Control(c) => {
            fact(&mut f, "colour", format!("{:?}", c.color).to_lowercase());
            let base = c
                .reference
                .as_ref()
                .or(c.black_reference.as_ref())
                .map_or_else(|| board.to_vec(), |r| stones_of(r.diagram()));
            let mut figs = String::new();
            for (r, what) in [
                (&c.reference, "reference position"),
                (&c.black_reference, "Black's reference position"),
                (&c.white_reference, "White's reference position"),
            ] {
                if let Some(r) = r {
                    figs.push_str(&fig_diagram(r.diagram(), what));
                }
            }
            figs.push_str(&grid(
                &control_points(&base, c.expect.diagram()),
                "expected control map",
            ));
            boards(&mut b, &figs);
            b.push_str(LEGEND_CONTROL);
        }
        Check::Game(g) => {
            let mut final_stones = g.final_position.as_ref().map(|d| stones_of(d.diagram()));
            if let Some(a) = &g.alternation {
                b.push_str("<h4>Alternation</h4>");
                let (html, end) = moves_block(a, board, case, rules);
                b.push_str(&html);
                if final_stones.is_none() {
                    final_stones = end;
                }
            }
            let final_stones = final_stones.unwrap_or_else(|| board.to_vec());
            for (moves, what) in [
                (&g.black_analysis, "Black-analysis"),
                (&g.white_analysis, "White-analysis"),
                (&g.analysis, "Analysis"),
            ] {
                if let Some(m) = moves {
                    let _ = write!(b, "<h4>{what}</h4>");
                    b.push_str(&moves_block(m, &final_stones, case, rules).0);
                }
            }
            let mut figs = String::new();
            if let Some(d) = &g.final_position {
                figs.push_str(&fig_diagram(d.diagram(), "expected final-position"));
            }
            for (r, what) in [
                (
                    &g.black_reference,
                    "expected reference of the black-analysis",
                ),
                (
                    &g.white_reference,
                    "expected reference of the white-analysis",
                ),
                (&g.reference, "expected reference of the analysis"),
            ] {
                if let Some(r) = r {
                    figs.push_str(&fig_diagram(r.diagram(), what));
                }
            }
            let on = |r: &Option<gorules_cases::drawn::Board>| {
                r.as_ref()
                    .map_or_else(|| final_stones.clone(), |r| stones_of(r.diagram()))
            };
            let mut any_control = false;
            for (m, base, what) in [
                (
                    &g.black_control,
                    on(&g.black_reference),
                    "expected Black's control",
                ),
                (
                    &g.white_control,
                    on(&g.white_reference),
                    "expected White's control",
                ),
                (
                    &g.control,
                    final_stones.clone(),
                    "expected combined control",
                ),
            ] {
                if let Some(m) = m {
                    any_control = true;
                    figs.push_str(&grid(&control_points(&base, m.diagram()), what));
                }
            }
            for (m, what) in [
                (&g.black_points, "expected Black's points"),
                (&g.white_points, "expected White's points"),
            ] {
                if let Some(m) = m {
                    figs.push_str(&grid(&points_map(&final_stones, m.diagram()), what));
                }
            }
            boards(&mut b, &figs);
            if any_control {
                b.push_str(LEGEND_CONTROL);
            }
            for (k, v) in [
                ("black-score", g.black_score),
                ("white-score", g.white_score),
                ("board-score", g.board_score),
                ("prisoner-difference", g.prisoner_difference),
                ("score", g.score),
            ] {
                if let Some(v) = v {
                    fact(&mut f, k, v);
                }
            }
            if let Some(r) = g.result {
                use gorules_cases::model::GameResult;
                let word = match r {
                    GameResult::BlackWins => "black-wins",
                    GameResult::WhiteWins => "white-wins",
                    GameResult::Draw => "draw",
                    GameResult::NoResult => "no-result",
                };
                fact(&mut f, "result", word);
            }
        }
        Check::BestPlay(c) => {
            fact(&mut f, "phase", c.phase.name());
            fact(&mut f, "value under best play", c.value);
            if let Some(v) = c.board_score {
                fact(&mut f, "board-score", v);
            }
            if let Some(v) = c.prisoner_difference {
                fact(&mut f, "prisoner-difference", v);
            }
            let mut start = board.to_vec();
            if let Some(after) = &c.after {
                b.push_str("<h4>Moves played first</h4>");
                let (html, end) = moves_block(after, board, case, rules);
                b.push_str(&html);
                start = end.unwrap_or(start);
            }
            if let Some(line) = &c.line {
                b.push_str("<h4>The source's line of best play</h4>");
                b.push_str(&moves_block(line, &start, case, rules).0);
            }
        }
        Check::Status(c) => {
            let figs = grid(
                &status_points(board, c.statuses.diagram()),
                "expected statuses",
            );
            boards(&mut b, &figs);
            b.push_str(
                "<p class=\"legend\">Unmarked stones are alive; × dead; S alive in seki.</p>",
            );
            confirmation(&mut b, c.confirmation.as_ref());
        }
        Check::Territory(c) => {
            fact(&mut f, "score", c.score);
            let figs = grid(
                &territory_points(board, c.territory.diagram()),
                "expected territory after removal",
            );
            boards(&mut b, &figs);
            b.push_str("<p class=\"legend\">Filled squares: territory (black or white); hollow squares: eye points that are not territory (seki); faded stones: dead stones removed; unmarked empty points: dame.</p>");
            confirmation(&mut b, c.confirmation.as_ref());
        }
        Check::J89Game(g) => {
            use gorules_cases::j89::J89Step;
            let mut stones = board.to_vec();
            b.push_str("<ol class=\"j89-steps\">");
            for step in &g.steps {
                b.push_str("<li>");
                match step {
                    J89Step::Moves(m) => {
                        b.push_str("moves");
                        let (html, end) = moves_block(m, &stones, case, rules);
                        b.push_str(&html);
                        stones = end.unwrap_or(stones);
                    }
                    J89Step::Refused(r) => {
                        let _ = write!(
                            b,
                            "refused: <code>{}</code>{}",
                            esc(&moves_text(&r.mv)),
                            r.reason.map(|r| format!(" ({r})")).unwrap_or_default()
                        );
                    }
                    J89Step::Resume(c) => {
                        let _ = write!(b, "{} asks to resume", color_word(c.player()));
                    }
                    J89Step::Resign(c) => {
                        let _ = write!(b, "{} resigns", color_word(c.player()));
                    }
                    J89Step::AgreeNoResult => b.push_str("both agree: no result"),
                    J89Step::Fill(m) => {
                        let _ = write!(
                            b,
                            "filled by agreement: <code>{}</code>",
                            esc(&moves_text(m))
                        );
                    }
                    J89Step::Disagree => b.push_str("the players disagree that the game has ended"),
                }
                b.push_str("</li>");
            }
            b.push_str("</ol>");
            if let Some(s) = g.stage {
                fact(&mut f, "stage", s.name());
            }
            if let Some(c) = g.to_move {
                fact(&mut f, "to move", color_word(c.player()));
            }
            if let Some(p) = &g.prisoners {
                prisoners_fact(&mut f, p);
            }
            if let Some(r) = g.recurs {
                fact(&mut f, "the position recurs", r);
            }
            if let Some(r) = g.result {
                fact(&mut f, "result", r);
            }
            if let Some(e) = &g.effective_moves {
                let list: Vec<String> = e.iter().map(moves_text).collect();
                fact(
                    &mut f,
                    "effective moves",
                    if list.is_empty() {
                        "none".into()
                    } else {
                        list.join(", ")
                    },
                );
            }
        }
        Check::GameEnd(g) => {
            let (html, end) = moves_block(&g.moves, board, case, rules);
            b.push_str("<h4>Moves</h4>");
            b.push_str(&html);
            if let Some(n) = g.stops_after {
                fact(&mut f, "the game stops after move", n);
            }
            if !g.agreed_removals.is_empty() {
                fact(&mut f, "removed by agreement", g.agreed_removals.join(" "));
            }
            if let Some(t) = &g.then {
                b.push_str("<h4>After the removals</h4>");
                let (width, height) = case.board.size();
                let stop = end.unwrap_or_else(|| board.to_vec());
                let points: Vec<(usize, usize)> = g
                    .agreed_removals
                    .iter()
                    .filter_map(|v| Vertex::parse(v).ok()?.to_col_row(height))
                    .collect();
                match crate::replay::remove_strings(width, &stop, &points) {
                    Ok(from) => b.push_str(&moves_block(t, &from, case, rules).0),
                    Err(e) => {
                        let _ = write!(b, "<p class=\"refused\">cannot remove: {}</p>", esc(&e));
                    }
                }
            }
            fact(&mut f, "the game ends after move", g.ends_after);
            if let Some(n) = g.black {
                fact(&mut f, "Black's score", n);
            }
            if let Some(n) = g.white {
                fact(&mut f, "White's score", n);
            }
            if let Some(r) = g.result {
                fact(&mut f, "result", r);
            }
            if let Some(fp) = &g.final_position {
                boards(&mut b, &fig_diagram(fp.diagram(), "expected at the end"));
            }
        }
        Check::FinalScore(c) => {
            if let Some(after) = &c.after {
                b.push_str("<h4>Moves played first</h4>");
                b.push_str(&moves_block(after, board, case, rules).0);
            }
            fact(&mut f, "final_score", c.result);
        }
        Check::Count(c) => {
            fact(&mut f, "counting method", c.method.name());
            fact(&mut f, "komi", c.komi);
            if let Some(o) = c.off_board {
                fact(
                    &mut f,
                    "stones off the board",
                    format!("Black {}, White {}", o.black, o.white),
                );
            }
            for (key, expected) in c.expectations() {
                fact(&mut f, &key.replace('_', " "), expected);
            }
        }
    }
    (f, b)
}

const LEGEND_CONTROL: &str = "<p class=\"legend\">Black squares: Black controls; white squares: White controls; grey squares: both control.</p>";

fn confirmation(b: &mut String, c: Option<&gorules_cases::j89::ConfirmationLines>) {
    if let Some(c) = c {
        for (color, line) in c.lines() {
            let _ = write!(
                b,
                "<p>confirmation with {} attacking first: <code>{}</code></p>",
                color_word(color.player()),
                esc(line)
            );
        }
    }
}

pub(crate) fn boards(b: &mut String, figs: &str) {
    if !figs.is_empty() {
        let _ = write!(b, "<div class=\"boards\">{figs}</div>");
    }
}

pub(crate) fn fig(svg: &str, caption: &str) -> String {
    format!(
        "<figure class=\"board\">{svg}<figcaption>{}</figcaption></figure>",
        esc(caption)
    )
}

pub(crate) fn fig_diagram(d: &Diagram, caption: &str) -> String {
    fig(
        &svg::grid(d.width(), d.height(), &svg::points_of(d), caption),
        caption,
    )
}

/// A move sequence as the case writes it, in one line.
fn moves_text(m: &MovesSpec) -> String {
    m.alternatives()
        .iter()
        .map(|segs| {
            segs.iter()
                .map(|s| match s {
                    Segment::Notation { sequence, .. } => sequence.to_string(),
                    Segment::Numbered(n) => {
                        format!("numbered diagram, {} first", color_word(n.first.player()))
                    }
                })
                .collect::<Vec<_>>()
                .join(" then ")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The most moves drawn step by step for one alternative.
const MAX_STEPS: usize = 120;

/// Moves as written (notation, numbered diagrams) and, for each alternative, the positions step by step from
/// `start`. Returns the HTML and the stones after the first alternative's last move.
fn moves_block(
    spec: &MovesSpec,
    start: &[Option<u8>],
    case: &Case,
    rules: SequenceRules,
) -> (String, Option<Vec<Option<u8>>>) {
    let (width, height) = case.board.size();
    let mut b = String::new();
    let alts = spec.alternatives();
    let resolved = spec.resolve(&case.board, case.labels.as_ref());
    let mut end = None;
    for (ai, segs) in alts.iter().enumerate() {
        if alts.len() > 1 {
            let _ = write!(b, "<p><strong>alternative {}</strong></p>", ai + 1);
        }
        for seg in segs {
            match seg {
                Segment::Notation { sequence, at } => {
                    let _ = write!(b, "<p><code>{}</code>", esc(&sequence.to_string()));
                    for (n, v) in at {
                        let _ = write!(b, " (move {n} at {v})");
                    }
                    b.push_str("</p>");
                }
                Segment::Numbered(n) => {
                    let mut what = format!(
                        "numbered diagram: {} plays {}",
                        color_word(n.first.player()),
                        n.from.unwrap_or(1)
                    );
                    if !n.passes.is_empty() {
                        let p: Vec<String> = n.passes.iter().map(|p| p.to_string()).collect();
                        let _ = write!(what, "; passes: {}", p.join(", "));
                    }
                    for (m, at) in &n.played_at {
                        let _ = write!(what, "; {m} is played at {at}");
                    }
                    let _ = write!(
                        b,
                        "<div class=\"boards\">{}</div>",
                        fig_diagram(n.diagram.diagram(), &what)
                    );
                }
            }
        }
        let r = match &resolved {
            Ok(r) => r.get(ai),
            Err(e) => {
                let _ = write!(
                    b,
                    "<p class=\"refused\">cannot resolve these moves: {}</p>",
                    esc(e)
                );
                None
            }
        };
        let Some(r) = r else { continue };
        let moves = &r.moves[..r.moves.len().min(MAX_STEPS)];
        let played = match replay(width, start, moves, rules) {
            Ok(p) => p,
            Err(e) => {
                let _ = write!(b, "<p class=\"refused\">cannot replay: {}</p>", esc(&e));
                continue;
            }
        };
        if ai == 0 {
            end = Some(
                played
                    .steps
                    .last()
                    .map_or_else(|| played.start.clone(), |s| s.stones.clone()),
            );
        }
        b.push_str(&steps_html(&played, width, height, &case.id));
        if r.moves.len() > MAX_STEPS {
            let _ = write!(
                b,
                "<p>Only the first {MAX_STEPS} of {} moves are drawn.</p>",
                r.moves.len()
            );
        }
        if r.continues {
            b.push_str("<p>The sequence continues beyond what is written (NOT-4.2).</p>");
        }
        if let Some(c) = r.cycle_start {
            let _ = write!(
                b,
                "<p>From move {} on the moves are a cycle, drawn once (NOT-4.3).</p>",
                c + 1
            );
        }
        if let Some((n, why)) = &played.refused {
            let _ = write!(
                b,
                "<p class=\"refused\">Move {n} is refused by the reference rules: {}.</p>",
                esc(why)
            );
        }
    }
    (b, end)
}

fn vertex_name(at: Option<(usize, usize)>, height: usize) -> String {
    match at {
        None => "passes".into(),
        Some((c, r)) => Vertex::from_col_row(c, r, height)
            .map_or_else(|| format!("({c}, {r})"), |v| v.to_string()),
    }
}

/// The steps of a grid replay, drawn one board per move.
fn steps_html(played: &crate::replay::Replay, width: usize, height: usize, id: &str) -> String {
    let steps: Vec<steps::Step> = played
        .steps
        .iter()
        .enumerate()
        .map(|(k, step)| {
            let mut caption = format!(
                "{}: {} {}",
                k + 1,
                color_word(step.mv.player),
                if step.mv.at.is_some() { "at " } else { "" }
            );
            caption.push_str(&vertex_name(step.mv.at, height));
            if step.removed > 0 {
                let _ = write!(caption, ", {} removed", step.removed);
            }
            steps::Step {
                stones: step.stones.clone(),
                at: step.mv.at.map(|(c, r)| r * width + c),
                caption,
            }
        })
        .collect();
    steps::figures(&steps, &|points, title| {
        svg::grid(width, height, points, &format!("{id}: {title}"))
    })
}
