//! Differential testing (`gorules-runner --differential`): random games, seeded, played through an engine and
//! the reference engine side by side. Every move tried is put to both: whether each takes it, and the position
//! after it. A game stops at its first disagreement, which is shrunk: the shortest prefix is where it was found;
//! then the plays before it are dropped in runs, halving down to one play, with passes put in where colours
//! would not alternate, while the engines still disagree. The search stops after a few disagreements, and the
//! shortest is printed as a case file ready for the suite, the reference's answers its expectations (CASE-4).
//!
//! Moves are chosen to be rich in captures and ko: half of the plays are on the last liberty of a string in
//! atari (two times in three a string of the opponent's, when there is one: a capture or a ko recapture; else
//! any: a self-atari or a suicide too), the rest on an empty point or, one in four, anywhere on the board,
//! occupied points included; one move in twelve is a pass. The games are bare move-sequences (CASE-2
//! `sequence`), which passes never end. A move both engines refuse is a comparison too; then another move is
//! tried.

use crate::engine::{At, EngineError, Grid, Start};
use crate::gtp::Launch;
use crate::profile::Profile;
use crate::remote::{Remote, Step};
use gorules_cases::model::{Color, CoreOptions, Feature, Prisoners, Reason, Ruleset};
use gorules_cases::moves::Move;
use gorules_grammar::{Player, StoneColor, Vertex};
use gorules_vocabulary::{KoRule, Suicide};
use std::collections::BTreeSet;
use std::time::Duration;

/// What to play: the board, the rules, how many games of how many moves, and the seed.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// KO-1..KO-5: the ko rules.
    pub ko: Vec<KoRule>,
    /// CORE-5.4: the suicide rule.
    pub suicide: Suicide,
    /// Games to play.
    pub games: u64,
    /// Moves (plays and passes both engines took) per game.
    pub moves: usize,
    /// The seed of the random choices.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            width: 9,
            height: 9,
            ko: vec![KoRule::SimpleKo],
            suicide: Suicide::Prohibited,
            games: 10,
            moves: 200,
            seed: 1,
        }
    }
}

impl Settings {
    /// The start of every game: the empty board under these rules, Black to move.
    pub fn start(&self) -> Start {
        Start {
            ruleset: Ruleset::Core(CoreOptions {
                ko: self.ko.clone(),
                suicide: self.suicide,
                ..CoreOptions::default()
            }),
            board: Grid::new(self.width, vec![None; self.width * self.height])
                .unwrap_or_else(|| unreachable!("a board size is at least 1x1")),
            to_move: Some(Color::Black),
            prisoners: Prisoners::default(),
            history: None,
        }
    }

    /// CASE-5: the rule features these rules need of an engine.
    pub fn features(&self) -> BTreeSet<Feature> {
        let mut out: BTreeSet<Feature> = self
            .ko
            .iter()
            .filter_map(|k| k.name().parse().ok())
            .collect();
        out.insert(Feature::Capture);
        out.insert(match self.suicide {
            Suicide::Allowed => Feature::SuicideAllowed,
            _ => Feature::SuicideProhibited,
        });
        out
    }

    fn rules_words(&self) -> String {
        let ko: Vec<&str> = self.ko.iter().map(|k| k.name()).collect();
        if ko.is_empty() {
            "no-ko".into()
        } else {
            ko.join("-")
        }
    }
}

/// An engine the games are played through: the reference, the engine under test, or a fake in the tests.
pub trait Stepper {
    /// Sets up the start of a game.
    fn begin(&mut self, start: &Start) -> Result<(), EngineError>;
    /// Tries one move.
    fn step(&mut self, mv: &Move, width: usize, height: usize) -> Result<Step, EngineError>;
}

impl Stepper for Remote {
    fn begin(&mut self, start: &Start) -> Result<(), EngineError> {
        self.begin_game(start)
    }
    fn step(&mut self, mv: &Move, width: usize, height: usize) -> Result<Step, EngineError> {
        Remote::step(self, mv, width, height)
    }
}

/// Where the engine and the reference parted: the moves both took, then the move they answered differently.
#[derive(Debug, Clone, PartialEq)]
pub struct Disagreement {
    /// The moves both engines took, in order (Black first, colours alternating).
    pub moves: Vec<Move>,
    /// The move they answered differently.
    pub probe: Move,
    /// The reference's answer.
    pub reference: Step,
    /// The engine's answer.
    pub engine: Step,
}

impl Disagreement {
    /// How long it is: plays, then moves (a pass counts less than a play).
    fn size(&self) -> (usize, usize) {
        (
            self.moves.iter().filter(|m| m.at.is_some()).count(),
            self.moves.len(),
        )
    }
}

/// What the games found.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// Games played (the last one stopped at the disagreement, if any).
    pub games: u64,
    /// Moves both engines took.
    pub played: u64,
    /// Moves both engines refused.
    pub refused: u64,
    /// Games that ended in a disagreement (the search stops after [`MAX_FOUND`]).
    pub found: u64,
    /// The shortest disagreement once shrunk, with the game it came from (numbered from 1) and its moves before
    /// it was shrunk.
    pub disagreement: Option<(u64, usize, Disagreement)>,
}

/// Games that end in a disagreement before the search stops: each is shrunk, and the shortest is kept.
pub const MAX_FOUND: u64 = 8;

/// SplitMix64: a small seeded generator, so that a seed names the same games on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn player_of(to_move: usize) -> Player {
    if to_move.is_multiple_of(2) {
        Player::Black
    } else {
        Player::White
    }
}

fn neighbours(at: At, width: usize, height: usize) -> impl Iterator<Item = At> {
    let (c, r) = (at.col as isize, at.row as isize);
    [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)]
        .into_iter()
        .filter(move |&(c, r)| c >= 0 && r >= 0 && (c as usize) < width && (r as usize) < height)
        .map(|(c, r)| At {
            col: c as usize,
            row: r as usize,
        })
}

/// The last liberties of the strings in atari (of one colour, or of both): where captures, ko recaptures,
/// self-ataris and suicides happen. A choice of moves, not a rule: the engines judge them.
fn atari_points(g: &Grid, of: Option<StoneColor>) -> Vec<At> {
    let (w, h) = (g.width(), g.height());
    let mut seen = BTreeSet::new();
    let mut out = BTreeSet::new();
    for (at, p) in g.points() {
        let Some(colour) = p else { continue };
        if seen.contains(&at) || of.is_some_and(|c| c != colour) {
            continue;
        }
        let (mut stack, mut liberties) = (vec![at], BTreeSet::new());
        seen.insert(at);
        while let Some(x) = stack.pop() {
            for n in neighbours(x, w, h) {
                match g.get(n) {
                    None => {
                        liberties.insert(n);
                    }
                    Some(c) if c == colour && seen.insert(n) => stack.push(n),
                    _ => {}
                }
            }
        }
        if liberties.len() == 1 {
            out.extend(liberties);
        }
    }
    out.into_iter().collect()
}

fn agree(a: &Step, b: &Step) -> bool {
    match (a, b) {
        (Step::Refused(_), Step::Refused(_)) => true,
        (Step::Played(x), Step::Played(y)) => x == y,
        _ => false,
    }
}

/// Plays `line` through both from the start; the first move they answer differently, if any. A move of the line
/// that both refuse (a point a dropped move no longer frees, say) is played as a pass by both, so that colours
/// still alternate.
fn replay(
    reference: &mut dyn Stepper,
    engine: &mut dyn Stepper,
    settings: &Settings,
    line: &[Move],
) -> Result<Option<Disagreement>, EngineError> {
    let start = settings.start();
    reference.begin(&start)?;
    engine.begin(&start)?;
    let (w, h) = (settings.width, settings.height);
    let mut played = Vec::new();
    for mv in line {
        let mut mv = *mv;
        for _ in 0..2 {
            let r = reference.step(&mv, w, h)?;
            let e = engine.step(&mv, w, h)?;
            if !agree(&r, &e) {
                return Ok(Some(Disagreement {
                    moves: played,
                    probe: mv,
                    reference: r,
                    engine: e,
                }));
            }
            if matches!(r, Step::Played(_)) {
                break;
            }
            mv.at = None;
        }
        played.push(mv);
    }
    Ok(None)
}

/// The line that plays `plays` in order, Black first: a pass is put in wherever a player would otherwise move
/// twice in a row (a bare move-sequence takes any number of passes).
fn line_of(plays: &[Move]) -> Vec<Move> {
    let mut line: Vec<Move> = Vec::new();
    for m in plays {
        if player_of(line.len()) != m.player {
            line.push(Move {
                player: player_of(line.len()),
                at: None,
            });
        }
        line.push(*m);
    }
    line
}

/// Shrinks a disagreement. Its plays (passes aside) are dropped in runs, halving the run down to one play, and
/// the line rebuilt with passes where colours would not alternate; each change after which the engines still
/// disagree (on any move) with fewer plays, or as many in a shorter line, is kept, until none is.
pub fn shrink(
    reference: &mut dyn Stepper,
    engine: &mut dyn Stepper,
    settings: &Settings,
    found: Disagreement,
) -> Result<Disagreement, EngineError> {
    let mut best = found;
    loop {
        let plays: Vec<Move> = best
            .moves
            .iter()
            .filter(|m| m.at.is_some())
            .copied()
            .collect();
        let mut improved = false;
        let mut run = plays.len().div_ceil(2).max(1);
        while run >= 1 && !improved {
            let mut from = 0;
            while from < plays.len() {
                let kept: Vec<Move> = plays
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i < from || *i >= from + run)
                    .map(|(_, m)| *m)
                    .chain([best.probe])
                    .collect();
                let mut line = line_of(&kept);
                if best.probe.at.is_none() {
                    // A pass probed: it goes wherever the line ends, in the colour whose turn it is.
                    let last = line.len() - 1;
                    line[last].player = player_of(last);
                }
                if let Some(d) = replay(reference, engine, settings, &line)? {
                    if d.size() < best.size() {
                        best = d;
                        improved = true;
                        break;
                    }
                }
                from += run;
            }
            run /= 2;
        }
        if !improved {
            return Ok(best);
        }
    }
}

/// Plays `settings.games` random games through both. A game stops at its first disagreement, which is shrunk;
/// the search stops after [`MAX_FOUND`] of them, and the shortest is kept.
pub fn run(
    reference: &mut dyn Stepper,
    engine: &mut dyn Stepper,
    settings: &Settings,
) -> Result<Outcome, EngineError> {
    let mut rng = Rng(settings.seed);
    let (w, h) = (settings.width, settings.height);
    let mut out = Outcome {
        games: 0,
        played: 0,
        refused: 0,
        found: 0,
        disagreement: None,
    };
    let start = settings.start();
    for game in 1..=settings.games {
        if out.found >= MAX_FOUND {
            break;
        }
        out.games = game;
        reference.begin(&start)?;
        engine.begin(&start)?;
        let mut board = start.board.clone();
        let mut moves: Vec<Move> = Vec::new();
        let mut refusals = 0;
        while moves.len() < settings.moves {
            let player = player_of(moves.len());
            let last_passed = moves.last().is_some_and(|m| m.at.is_none());
            let at = if (!last_passed && rng.below(12) == 0) || refusals >= 30 {
                None
            } else {
                let mover = match player {
                    Player::Black => StoneColor::White,
                    Player::White => StoneColor::Black,
                };
                let captures = atari_points(&board, Some(mover));
                let hot = if !captures.is_empty() && rng.below(3) != 0 {
                    captures
                } else {
                    atari_points(&board, None)
                };
                let empty: Vec<At> = board
                    .points()
                    .filter(|(_, p)| p.is_none())
                    .map(|(at, _)| at)
                    .collect();
                let point = if !hot.is_empty() && rng.below(2) == 0 {
                    hot[rng.below(hot.len())]
                } else if !empty.is_empty() && rng.below(4) != 0 {
                    empty[rng.below(empty.len())]
                } else {
                    At {
                        col: rng.below(w),
                        row: rng.below(h),
                    }
                };
                Some((point.col, point.row))
            };
            if at.is_none() && last_passed {
                // Both refused every play tried since the last pass (the board is nearly full): the game ends.
                break;
            }
            let mv = Move { player, at };
            let r = reference.step(&mv, w, h)?;
            let e = engine.step(&mv, w, h)?;
            if !agree(&r, &e) {
                let found = Disagreement {
                    moves,
                    probe: mv,
                    reference: r,
                    engine: e,
                };
                let before = found.moves.len();
                let shrunk = shrink(reference, engine, settings, found)?;
                out.found += 1;
                if out
                    .disagreement
                    .as_ref()
                    .is_none_or(|(_, _, d)| shrunk.size() < d.size())
                {
                    out.disagreement = Some((game, before, shrunk));
                }
                break;
            }
            match r {
                Step::Played(after) => {
                    board = after;
                    moves.push(mv);
                    out.played += 1;
                    refusals = 0;
                }
                Step::Refused(_) => {
                    out.refused += 1;
                    refusals += 1;
                }
            }
        }
    }
    Ok(out)
}

fn vertex(m: &Move, height: usize) -> String {
    match m.at {
        None => "pass".into(),
        Some((c, r)) => Vertex::from_col_row(c, r, height)
            .map(|v| v.to_string())
            .unwrap_or_else(|| "pass".into()),
    }
}

fn sequence(moves: &[Move], height: usize) -> String {
    let first = match moves.first().map(|m| m.player) {
        Some(Player::White) => "W",
        _ => "B",
    };
    let words: Vec<String> = moves.iter().map(|m| vertex(m, height)).collect();
    format!("{first}[{}]", words.join(" "))
}

fn board_text(g: &Grid, indent: &str) -> String {
    let mut out = String::new();
    for row in 0..g.height() {
        let cells: Vec<&str> = (0..g.width())
            .map(|col| match g.get(At { col, row }) {
                Some(StoneColor::Black) => "#",
                Some(StoneColor::White) => "O",
                None => ".",
            })
            .collect();
        out.push_str(indent);
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

fn answer(s: &Step) -> String {
    match s {
        Step::Refused(Some(r)) => format!("refused it ({})", r.name()),
        Step::Refused(None) => "refused it".into(),
        Step::Played(_) => "played it".into(),
    }
}

/// The spec clauses a game under these rules rests on (CASE-1).
fn clauses(settings: &Settings) -> Vec<&'static str> {
    let mut out = vec!["CORE-5.2", "CORE-5.3", "CORE-5.4", "CORE-8.1"];
    for k in &settings.ko {
        out.push(match k {
            KoRule::BasicKo => "KO-1.1",
            KoRule::FixedKo => "KO-2.1",
            KoRule::SimpleKo => "KO-3.1",
            KoRule::PositionalSuperko => "KO-4.1",
            KoRule::SituationalSuperko => "KO-5.1",
            KoRule::OnePlay => "KO-6.1",
        });
    }
    out
}

/// The case file of a disagreement (spec/cases.md): the empty board under the game's rules, and checks whose
/// expectations are the reference's answers. `engine` names the engine, `origin` the run that found it.
pub fn case_file(
    settings: &Settings,
    d: &Disagreement,
    engine: &str,
    origin: &str,
) -> (String, String) {
    let h = settings.height;
    let id = format!(
        "core-differential-{}x{}-{}-seed-{}-{}-moves",
        settings.width,
        settings.height,
        settings.rules_words(),
        settings.seed,
        d.moves.len() + 1
    );
    let n = d.moves.len() + 1;
    let probe = sequence(std::slice::from_ref(&d.probe), h);
    let all: Vec<Move> = d.moves.iter().copied().chain([d.probe]).collect();
    let ko: Vec<&str> = settings.ko.iter().map(|k| k.name()).collect();
    let features: Vec<&str> = settings.features().iter().map(|f| f.name()).collect();
    let mut text = format!(
        "# Found by differential testing; save as cases/core/{id}.yaml.\n\
         id: {id}\n\
         title: \"Move {n} of a {w}x{hh} game under {rules}: the reference {r}; {engine} {e}\"\n\
         source:\n  constructed: \"found by {origin}, shrunk to {n} moves; the expectations are the reference engine's \
         answers (CORE-5, the ko rules of spec/ko.md)\"\n\
         clauses: [{clauses}]\n\
         features: [{features}]\n\
         ruleset: {{name: core, options: {{ko: [{ko}], suicide: {suicide}}}}}\n\
         board: |\n{board}\
         to_move: black\n\
         checks:\n",
        w = settings.width,
        hh = settings.height,
        rules = settings.rules_words(),
        r = answer(&d.reference),
        e = answer(&d.engine),
        engine = engine.replace('"', "'"),
        origin = origin.replace('"', "'"),
        clauses = clauses(settings).join(", "),
        features = features.join(", "),
        ko = ko.join(", "),
        suicide = settings.suicide.name(),
        board = board_text(&settings.start().board, "  "),
    );
    let after = if d.moves.is_empty() {
        String::new()
    } else {
        format!("      after: \"{}\"\n", sequence(&d.moves, h))
    };
    match &d.reference {
        Step::Refused(reason) => {
            let expect = reason.map_or("illegal".to_string(), |r: Reason| {
                format!("illegal {}", r.name())
            });
            text.push_str(&format!(
                "  - legality:\n      name: move-{n}-illegal\n      phase: sequence\n      claim: \"After the first {m} moves, {probe} is not legal.\"\n{after}      move: \"{probe}\"\n      expect: {expect}\n",
                m = n - 1,
            ));
            let illegal = reason.map_or(n.to_string(), |r| format!("{n} {}", r.name()));
            text.push_str(&format!(
                "  - replay:\n      name: move-{n}-refused-in-the-sequence\n      phase: sequence\n      claim: \"In one sequence move {n} is the first illegal one.\"\n      moves: \"{}\"\n      illegal: {illegal}\n",
                sequence(&all, h)
            ));
        }
        Step::Played(board) => {
            text.push_str(&format!(
                "  - legality:\n      name: move-{n}-legal\n      phase: sequence\n      claim: \"After the first {m} moves, {probe} is legal.\"\n{after}      move: \"{probe}\"\n      expect: legal\n",
                m = n - 1,
            ));
            text.push_str(&format!(
                "  - replay:\n      name: position-after-move-{n}\n      phase: sequence\n      claim: \"The board after move {n}.\"\n      moves: \"{}\"\n      end: |\n{}",
                sequence(&all, h),
                board_text(board, "        ")
            ));
        }
    }
    (id, text)
}

/// `gorules-runner --differential ...`: parses the mode's options, plays, prints a summary and, on a
/// disagreement, the case file. Exit status 0 (no disagreement), 1 (a disagreement, printed), 2 (a bad option
/// or an engine that cannot be asked).
/// `profile_of` finds a profile by name (in the checkout, or built into the runner).
pub fn main(args: Vec<String>, profile_of: &dyn Fn(&str) -> Result<Profile, String>) -> i32 {
    match cli(args, profile_of) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("gorules-runner --differential: {e}");
            2
        }
    }
}

fn number<T>(flag: &str, v: &str, least: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    v.parse::<T>()
        .ok()
        .filter(|n| *n >= least)
        .ok_or_else(|| format!("{flag} `{v}`: expected a whole number, at least {least}"))
}

fn cli(
    args: Vec<String>,
    profile_of: &dyn Fn(&str) -> Result<Profile, String>,
) -> Result<i32, String> {
    let mut s = Settings::default();
    let (mut engine, mut profile, mut timeout) = (None, None, Duration::from_secs(10));
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--differential" => {}
            "--size" => {
                let v = value("--size")?;
                let size: crate::engine::BoardSize = v.parse().map_err(|e| format!("--size {e}"))?;
                (s.width, s.height) = (size.width, size.height);
            }
            "--rules" => {
                let v = value("--rules")?;
                s.ko = if v == "no-ko" {
                    Vec::new()
                } else {
                    v.split(',')
                        .map(|w| w.parse::<KoRule>().map_err(|e| format!("--rules `{v}`: {e} (or no-ko)")))
                        .collect::<Result<_, _>>()?
                };
            }
            "--suicide" => {
                let v = value("--suicide")?;
                s.suicide = v.parse().map_err(|e| format!("--suicide `{v}`: {e}"))?;
            }
            "--games" => s.games = number("--games", &value("--games")?, 1u64)?,
            "--moves" => s.moves = number("--moves", &value("--moves")?, 1usize)?,
            "--seed" => {
                let v = value("--seed")?;
                s.seed = v.parse().map_err(|_| format!("--seed `{v}`: expected a whole number"))?
            }
            "--engine" => engine = Some(value("--engine")?),
            "--profile" => profile = Some(value("--profile")?),
            "--timeout" => {
                let v = value("--timeout")?;
                timeout = v
                    .parse::<f64>()
                    .ok()
                    .filter(|t| t.is_finite() && (0.001..=604_800.0).contains(t))
                    .map(Duration::from_secs_f64)
                    .ok_or_else(|| format!("--timeout `{v}`: expected seconds from 0.001 to 604800"))?;
            }
            other => {
                return Err(format!(
                    "unknown option `{other}` (the mode takes --size, --rules, --suicide, --games, --moves, --seed, \
                     --engine, --profile, --timeout)"
                ))
            }
        }
    }
    let profile = profile.map(|p| profile_of(&p)).transpose()?;
    let command = match (&engine, &profile) {
        (Some(e), _) => e.clone(),
        (None, Some(p)) => p.command.clone(),
        (None, None) => {
            return Err("name the engine to compare with --engine CMD or --profile NAME".into())
        }
    };
    let start_engine = |launch: Launch, features: Option<BTreeSet<Feature>>| {
        Remote::start(launch, timeout, features).map_err(|e| format!("`{command}`: {e}"))
    };
    let mut subject = start_engine(
        Launch::program(&command),
        profile.as_ref().map(|p| p.features.clone()),
    )?;
    let lacking: Vec<&str> = s
        .features()
        .difference(&crate::engine::Engine::capabilities(&subject).features)
        .map(|f| f.name())
        .collect();
    if !lacking.is_empty() {
        return Err(format!(
            "the engine does not play these rules: it lacks {} (choose --rules and --suicide to match it)",
            lacking.join(", ")
        ));
    }
    let mut reference = start_engine(Launch::reference(), None)?;
    let outcome = run(&mut reference, &mut subject, &s).map_err(|e| format!("`{command}`: {e}"))?;
    let origin = format!(
        "gorules-runner --differential --size {}x{} --rules {} --suicide {} --games {} --moves {} --seed {}",
        s.width,
        s.height,
        s.rules_words(),
        s.suicide.name(),
        s.games,
        s.moves,
        s.seed
    );
    eprintln!(
        "differential: {} game(s) of up to {} moves on {}x{} under {} (suicide {}), seed {}: {} moves both engines \
         played, {} both refused",
        outcome.games,
        s.moves,
        s.width,
        s.height,
        s.rules_words(),
        s.suicide.name(),
        s.seed,
        outcome.played,
        outcome.refused
    );
    match outcome.disagreement {
        None => {
            eprintln!("differential: no disagreement");
            Ok(0)
        }
        Some((game, before, d)) => {
            eprintln!(
                "differential: {} game(s) ended in a disagreement; the shortest, shrunk, is from game {game} (move {} \
                 there; {} moves once shrunk):",
                outcome.found,
                before + 1,
                d.moves.len() + 1
            );
            let (_, text) = case_file(&s, &d, &command, &origin);
            print!("{text}");
            Ok(1)
        }
    }
}
