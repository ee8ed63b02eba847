//! PROTO-2, PROTO-3: the commands, and the state they act on: the game of the ruleset chosen (its position and
//! moves), the Kee game beside it (PROTO-9), and the time allowance of the commands that search. A table names
//! every command and what answers it under each game; the families of commands are answered in
//! `core` (board, set-up, moves, legality), `naj` (the analyses and best play), `j89` (the Japanese 1989 game
//! and stop positions), `kee` (the Kee game) and `limits` (the time allowance).

use crate::j89::Assessor;
use crate::ko::{KoRule, KoRules};
use crate::moves::SuicideRule;
use crate::naj::game::Analyses;
use crate::naj::score::Points;
use crate::position::Position;
use crate::rules::Ruleset;
use crate::scoring::{ClassRules, RuleClass};
use gorules_grammar::gtp::Command;
use gorules_vocabulary::{self as vocabulary, Feature, RulesetName};
use std::borrow::Cow;
use std::time::Duration;
use words::{args, number, syntax, word_error, Reply};

mod core;
mod count;
mod j89;
mod kee;
mod kodef;
pub(super) mod limits;
mod naj;
mod words;

use self::core::{Grid, Setup};
use self::j89::J89Game;

/// PROTO-3, PROTO-10, PROTO-11: the game the session plays, one per ruleset: the move-sequence of core and NAJ
/// rules, or the game of the Japanese 1989 Rules. Each command asks the game in force.
#[derive(Debug, Clone)]
enum Game {
    /// PROTO-3: core or NAJ rules: the ruleset and the current move-sequence.
    Grid(Box<Grid>),
    /// PROTO-10, PROTO-11: the Japanese 1989 Rules: the game and the assessment of its stop positions.
    J89(Box<J89Game>),
}

impl Game {
    /// PROTO-3: the current position.
    fn position(&self) -> &Position {
        match self {
            Game::Grid(g) => g.position(),
            Game::J89(j) => j.position(),
        }
    }

    /// PROTO-3: the game as the current move-sequence, for the commands every game answers alike (the position,
    /// the prisoners, the analyses, best play): a Japanese 1989 game as a move-sequence from its position, its side
    /// to move and its prisoners.
    fn as_sequence(&self) -> Cow<'_, Grid> {
        match self {
            Game::Grid(g) => Cow::Borrowed(&**g),
            Game::J89(j) => Cow::Owned(j.as_sequence()),
        }
    }
}

/// PROTO: an engine session: the game of the ruleset chosen, the Kee game, and the time allowance.
#[derive(Debug, Clone)]
pub struct Session {
    /// PROTO-3, PROTO-10, PROTO-11: the game of the ruleset chosen.
    game: Game,
    /// PROTO-9: the Kee game, beside the other, made at the first Kee command.
    kee: Option<kee::KeeSession>,
    /// PROTO-3.15: the wall-clock allowance of each command that searches.
    time_limit: Duration,
    /// PROTO-8.1, SOLVER-3.9: the NAJ search's settings (`--naj-search`).
    naj_search: crate::naj::solver::Tuning,
}

/// PROTO-2: what answers a command.
#[derive(Clone, Copy)]
enum Answer {
    /// The session, whatever the game (the game is asked through [`Game::set_up`] and [`Game::as_sequence`]).
    Session(fn(&mut Session, &Command) -> Reply),
    /// The game: under core and NAJ rules the first, under the Japanese 1989 Rules the second.
    Game(
        fn(&mut Grid, &Command) -> Reply,
        fn(&mut J89Game, &Command) -> Reply,
    ),
    /// PROTO-10, PROTO-11: the Japanese 1989 game alone, with the time allowance of a search; refused under the
    /// other rulesets.
    J89(fn(&mut J89Game, &Command, Duration) -> Reply),
    /// PROTO-12: the game, the Japanese 1989 one with the time allowance of a search (`final_score`).
    Scored(
        fn(&mut Grid, &Command) -> Reply,
        fn(&mut J89Game, &Command, Duration) -> Reply,
    ),
}

/// PROTO-12: a rule-class command asked under the Japanese 1989 Rules.
fn not_a_rule_class(_: &mut J89Game, _: &Command) -> Reply {
    Err("this needs a rule class (gorules-ruleset stone|area|agreement-area)".into())
}

/// PROTO-2, PROTO-3, PROTO-9, PROTO-10, PROTO-11, PROTO-13: every command this engine knows, in the order `list_commands`
/// gives them, and what answers it.
const COMMANDS: &[(&str, Answer)] = &[
    ("protocol_version", Answer::Session(|_, _| Ok("2".into()))),
    ("name", Answer::Session(|_, _| Ok("gorules-engine".into()))),
    (
        "version",
        Answer::Session(|_, _| Ok(env!("CARGO_PKG_VERSION").into())),
    ),
    ("known_command", Answer::Session(known_command)),
    ("list_commands", Answer::Session(list_commands)),
    ("quit", Answer::Session(|_, _| Ok(String::new()))),
    ("boardsize", Answer::Session(core::boardsize)),
    (
        "rectangular_boardsize",
        Answer::Session(core::rectangular_boardsize),
    ),
    ("clear_board", Answer::Session(core::clear_board)),
    ("komi", Answer::Game(core::komi, j89::komi)),
    ("play", Answer::Game(core::play, j89::play)),
    ("undo", Answer::Game(core::undo, j89::undo)),
    ("is_legal", Answer::Game(core::legal, j89::legal)),
    ("list_stones", Answer::Session(core::list_stones)),
    ("captures", Answer::Session(core::captures)),
    ("set_position", Answer::Session(core::set_position)),
    ("gorules-features", Answer::Session(features)),
    (
        "gorules-ruleset",
        Answer::Session(|s, cmd| s.choose_ruleset(&cmd.args)),
    ),
    ("gorules-setup", Answer::Session(core::setup)),
    ("gorules-legal", Answer::Game(core::legal, j89::legal)),
    ("gorules-position", Answer::Session(core::position)),
    ("gorules-state", Answer::Game(core::state, j89::state)),
    (
        "gorules-prisoners",
        Answer::Game(core::prisoners, j89::prisoners),
    ),
    ("gorules-immortal", Answer::Session(naj::immortal)),
    ("gorules-control", Answer::Session(naj::control)),
    ("gorules-points", Answer::Session(naj::points)),
    ("gorules-score", Answer::Session(naj::score_of)),
    ("gorules-best-play", Answer::Session(naj::best_play)),
    (
        "gorules-ko-intersections",
        Answer::Session(kodef::ko_intersections),
    ),
    ("gorules-force", Answer::Session(kodef::force)),
    ("gorules-ko-witness", Answer::Session(kodef::ko_witness)),
    (
        "gorules-time-limit",
        Answer::Session(limits::set_time_limit),
    ),
    ("gorules-kee-rules", Answer::Session(kee::command)),
    ("gorules-kee-board", Answer::Session(kee::command)),
    ("gorules-kee-setup", Answer::Session(kee::command)),
    ("gorules-kee-play", Answer::Session(kee::command)),
    ("gorules-kee-state", Answer::Session(kee::command)),
    ("gorules-kee-position", Answer::Session(kee::command)),
    ("gorules-kee-points", Answer::Session(kee::command)),
    ("gorules-kee-value", Answer::Session(kee::command)),
    ("final_status_list", Answer::J89(j89::statuses)),
    (
        "final_score",
        Answer::Scored(core::final_score, j89::final_score),
    ),
    (
        "gorules-class-score",
        Answer::Game(core::class_score, not_a_rule_class),
    ),
    (
        "gorules-remove",
        Answer::Game(core::remove, not_a_rule_class),
    ),
    ("gorules-j89-territory", Answer::J89(j89::territory)),
    ("gorules-j89-game", Answer::J89(j89::game_state)),
    ("gorules-j89-result", Answer::J89(j89::result)),
    ("gorules-j89-resume", Answer::J89(j89::resume)),
    ("gorules-j89-resign", Answer::J89(j89::resign)),
    ("gorules-j89-no-result", Answer::J89(j89::no_result)),
    (
        "gorules-j89-effective-moves",
        Answer::J89(j89::effective_moves),
    ),
    ("gorules-j89-disagree", Answer::J89(j89::disagree)),
    ("gorules-j89-confirmation", Answer::J89(j89::confirmation)),
    ("gorules-j89-fill", Answer::J89(j89::fill)),
    ("gorules-count", Answer::Session(count::count_position)),
];

/// CASE-5: the rule features this engine implements (every feature of the vocabulary but `j2003`).
const FEATURES: &[Feature] = &[
    Feature::Capture,
    Feature::SuicideProhibited,
    Feature::SuicideAllowed,
    Feature::BasicKo,
    Feature::FixedKo,
    Feature::SimpleKo,
    Feature::PositionalSuperko,
    Feature::SituationalSuperko,
    Feature::OnePlay,
    Feature::DefaultRestriction,
    Feature::BasicKoIntersections,
    Feature::LocalKoIntersections,
    Feature::GlobalKoIntersections,
    Feature::ForceQuestions,
    Feature::NajAlternation,
    Feature::NajAnalysis,
    Feature::NajImmortal,
    Feature::NajControl,
    Feature::NajScore,
    Feature::NajTwoPassAnalysis,
    Feature::NajSingleAnalysis,
    Feature::NajnNoResult,
    Feature::NajBestPlay,
    Feature::Kee,
    Feature::KeeSuicideAllowed,
    Feature::KeeSingleUnitGroups,
    Feature::KeeTerritory,
    Feature::KeeNoRefreshingPasses,
    Feature::KeeKoPlayerAllPasses,
    Feature::KeeSolver,
    Feature::J89Confirmation,
    Feature::J89Territory,
    Feature::J89Game,
    Feature::J89Article13,
    Feature::StoneScoring,
    Feature::AreaScoring,
    Feature::AgreementArea,
    Feature::Counting,
];
// `naj-best-play` is claimed: `gorules-best-play` answers a proven value, or `out-of-reach` with proven bounds
// when its node limit runs out (SOLVER-1.4); the runner reports the latter as undecided (PROTO-7.2).

/// GTP `known_command NAME`: `true` or `false`.
fn known_command(_: &mut Session, cmd: &Command) -> Reply {
    let a = args(cmd, 1, "a command name")?;
    let name = a[0].as_str();
    Ok(COMMANDS.iter().any(|(n, _)| *n == name).to_string())
}

/// GTP `list_commands`: one name a line.
fn list_commands(_: &mut Session, _: &Command) -> Reply {
    Ok(COMMANDS
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join("\n"))
}

/// PROTO-5: `gorules-features`: the rule features, separated by single spaces.
fn features(_: &mut Session, _: &Command) -> Reply {
    Ok(FEATURES
        .iter()
        .map(|f| f.name())
        .collect::<Vec<_>>()
        .join(" "))
}

impl Default for Session {
    fn default() -> Session {
        let board = crate::board::Board::rectangle(19, 19)
            .unwrap_or_else(|_| unreachable!("19x19 is a valid board"));
        let start = Setup::alternation(Position::empty(std::sync::Arc::new(board)));
        Session {
            game: Game::Grid(Box::new(Grid::set_up(start, &Ruleset::naj()))),
            kee: None,
            time_limit: limits::DEFAULT_TIME_LIMIT,
            naj_search: crate::naj::solver::Tuning::default(),
        }
    }
}

impl Session {
    /// PROTO-8: a session whose starting ruleset is given by command-line flags: `--ruleset naj|core`, then for
    /// core `--ko RULE,RULE` and `--suicide prohibited|allowed` (what a GTP-only client cannot choose).
    pub fn from_args(args: &[String]) -> Result<Session, String> {
        let mut session = Session::default();
        let mut ruleset: Vec<String> = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = || {
                it.next()
                    .cloned()
                    .ok_or_else(|| format!("{a} needs a value"))
            };
            match a.as_str() {
                "--ruleset" => ruleset.insert(0, value()?),
                "--ko" => ruleset.push(format!("ko={}", value()?)),
                "--suicide" => ruleset.push(format!("suicide={}", value()?)),
                "--naj-search" => {
                    session.naj_search = match value()?.as_str() {
                        "informed" => crate::naj::solver::Tuning::INFORMED,
                        "plain" => crate::naj::solver::Tuning::PLAIN,
                        other => {
                            return Err(format!(
                                "--naj-search: unknown settings `{other}` (informed, plain)"
                            ))
                        }
                    }
                }
                other => {
                    return Err(format!(
                        "unknown option `{other}` (--ruleset, --ko, --suicide, --naj-search)"
                    ))
                }
            }
        }
        if !ruleset.is_empty() {
            if ruleset[0].contains('=') {
                ruleset.insert(0, "core".into());
            }
            session.choose_ruleset(&ruleset)?;
        }
        Ok(session)
    }

    /// PROTO: executes one command: `Ok(result)` for `=`, `Err(message)` for `?`.
    pub fn execute(&mut self, cmd: &Command) -> Reply {
        let Some(&(_, answer)) = COMMANDS.iter().find(|(name, _)| *name == cmd.name) else {
            return Err("unknown command".into());
        };
        let time_limit = self.time_limit;
        match answer {
            Answer::Session(answer) => answer(self, cmd),
            Answer::Game(grid, j89) => match &mut self.game {
                Game::Grid(g) => grid(g, cmd),
                Game::J89(j) => j89(j, cmd),
            },
            Answer::Scored(grid, j89) => match &mut self.game {
                Game::Grid(g) => grid(g, cmd),
                Game::J89(j) => j89(j, cmd, time_limit),
            },
            Answer::J89(j89) => match &mut self.game {
                Game::J89(j) => j89(j, cmd, time_limit),
                Game::Grid(_) => Err(
                    "this needs the japanese-1989 ruleset (gorules-ruleset japanese-1989)".into(),
                ),
            },
        }
    }

    /// PROTO-3.1, PROTO-10.1: `gorules-ruleset NAME [KEY=VALUE ...]`: the ruleset, and a game under it from the
    /// empty board of the same size.
    fn choose_ruleset(&mut self, a: &[String]) -> Reply {
        let (name, options) = a.split_first().ok_or_else(|| {
            syntax("a ruleset name (naj, core, japanese-1989, stone, area or agreement-area)")
        })?;
        let name: RulesetName = name.parse().map_err(word_error)?;
        let mut ruleset = Ruleset::naj();
        let mut j89 = None;
        match name {
            RulesetName::Japanese1989 => {
                // J89-3.3, J89-6.2: suicide prohibited, simple ko (the game applies them itself, PROTO-11).
                ruleset.ko = KoRules::NONE.with(KoRule::SimpleKo);
                ruleset.suicide = SuicideRule::Prohibited;
                j89 = Some(j89::parse_rules(options)?);
            }
            RulesetName::Naj => {
                for o in options {
                    let (k, v) = vocabulary::parse_option(o).map_err(|e| syntax(&e))?;
                    match k {
                        vocabulary::NajOption::AnalysisEndPasses => match v {
                            "2" | "3" => ruleset.naj.analysis_end_passes = number(v, "2 or 3")?,
                            _ => return Err(syntax("analysis_end_passes=2 or 3")),
                        },
                        vocabulary::NajOption::Analyses => {
                            ruleset.naj.analyses = match v.parse().map_err(word_error)? {
                                vocabulary::Analyses::Two => Analyses::Two,
                                vocabulary::Analyses::Single => Analyses::Single,
                            }
                        }
                        vocabulary::NajOption::NoResultOnCycle => {
                            ruleset.naj.no_result_on_cycle = number(v, "true or false")?
                        }
                        vocabulary::NajOption::Komi => ruleset.naj.komi = number(v, "komi")?,
                    }
                }
            }
            RulesetName::Stone | RulesetName::Area | RulesetName::AgreementArea => {
                // SCORE-1.3: the core play rules with a rule class; simple ko and no suicide unless chosen.
                ruleset.ko = KoRules::NONE.with(KoRule::SimpleKo);
                ruleset.suicide = SuicideRule::Prohibited;
                let class = match name {
                    RulesetName::Stone => RuleClass::Stone,
                    RulesetName::Area => RuleClass::Area,
                    _ => RuleClass::AgreementArea,
                };
                let mut rules = ClassRules {
                    class,
                    komi: Points::ZERO,
                };
                for o in options {
                    let (k, v) = vocabulary::parse_option(o).map_err(|e| syntax(&e))?;
                    match k {
                        vocabulary::ClassOption::Ko => {
                            ruleset.ko = v
                                .parse::<KoRules>()
                                .map_err(|e| syntax(&format!("ko rules: {e}")))?
                        }
                        vocabulary::ClassOption::Suicide => {
                            ruleset.suicide = match v.parse().map_err(word_error)? {
                                vocabulary::Suicide::Prohibited => SuicideRule::Prohibited,
                                vocabulary::Suicide::Allowed => SuicideRule::Allowed,
                            }
                        }
                        vocabulary::ClassOption::Komi => rules.komi = number(v, "komi")?,
                    }
                }
                ruleset.class = Some(rules);
            }
            RulesetName::Core => {
                for o in options {
                    let (k, v) = vocabulary::parse_option(o).map_err(|e| syntax(&e))?;
                    match k {
                        vocabulary::CoreOption::Ko => {
                            ruleset.ko = v
                                .parse::<KoRules>()
                                .map_err(|e| syntax(&format!("ko rules: {e}")))?
                        }
                        vocabulary::CoreOption::Suicide => {
                            ruleset.suicide = match v.parse().map_err(word_error)? {
                                vocabulary::Suicide::Prohibited => SuicideRule::Prohibited,
                                vocabulary::Suicide::Allowed => SuicideRule::Allowed,
                            }
                        }
                        vocabulary::CoreOption::CycleSet => {
                            ruleset.kodef.cycle_set = v
                                .parse::<vocabulary::KodefCycleSet>()
                                .map_err(word_error)?
                                .into()
                        }
                        vocabulary::CoreOption::Cycle => {
                            ruleset.kodef.cycle = v
                                .parse::<vocabulary::KodefCycle>()
                                .map_err(word_error)?
                                .into()
                        }
                        vocabulary::CoreOption::CycleEnd => {
                            ruleset.kodef.cycle_end = v
                                .parse::<vocabulary::KodefCycleEnd>()
                                .map_err(word_error)?
                                .into()
                        }
                        vocabulary::CoreOption::HistoryBans => {
                            ruleset.kodef.history_bans = v
                                .parse::<vocabulary::KodefHistoryBans>()
                                .map_err(word_error)?
                                .into()
                        }
                        vocabulary::CoreOption::BasicKo => {
                            ruleset.kodef.basic_ko = v
                                .parse::<vocabulary::KodefBasicKo>()
                                .map_err(word_error)?
                                .into()
                        }
                    }
                }
            }
        }
        let board = self.game.position().shared_board().clone();
        let start = Setup::alternation(Position::empty(board));
        self.game = match j89 {
            None => Game::Grid(Box::new(Grid::set_up(start, &ruleset))),
            Some((rules, game)) => {
                // PROTO-10: the last assessment stays valid while the readings of the stop position are the same.
                let assessor = match &self.game {
                    Game::J89(old) => old.assessor().clone().under(rules),
                    Game::Grid(_) => Assessor::sharing(rules, j89::process_lives()),
                };
                Game::J89(Box::new(J89Game::new(ruleset, start, game, assessor)))
            }
        };
        Ok(String::new())
    }
}
