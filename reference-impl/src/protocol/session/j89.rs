//! PROTO-10, PROTO-11: the commands of the Japanese 1989 Rules: the game (J89-9 to J89-14) and the
//! assessment of a stop position (J89-7 to J89-10). The rules themselves, the assessment of stop positions
//! ([`Assessor`]) and Article 13's disagreement ([`disagreement_move`]) included, are in [`crate::j89`].

use super::core::{Grid, Phase, Setup};
use super::limits::j89_limits;
use super::words::{args, color, count, number, parse_move, syntax, vertex, vertices, Reply};
use crate::board::PointSet;
use crate::color::{ByColor, Color};
use crate::j89::{
    disagreement_move, effective_moves_given, Article13, Assessment, Assessor, Confirmation,
    ConfirmationBoard, ConfirmationFirst, DeadInRegions, DeadOutside, End, Event, FillDame, Game,
    GameResult, GameRules, IllegalMoves, J89Rules, KoPass, NewStone, PlayedMove,
    RecaptureAfterPass, Repetition, RequestError, SekiStones, SharedLives, Stage, Status,
};
use crate::moves::Move;
use crate::naj::score::Points;
use crate::rules::Ruleset;
use gorules_grammar::gtp::Command;
use gorules_vocabulary as vocabulary;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// PROTO-10, PROTO-11: a game under the Japanese 1989 Rules: the game from the position set up last, and the
/// assessment of its stop positions under the readings chosen.
#[derive(Debug, Clone)]
pub(super) struct J89Game {
    /// PROTO-10.1: the ruleset the commands every game answers read (simple ko, suicide prohibited).
    ruleset: Ruleset,
    /// PROTO-10.1: the phase named by the last set-up (any is accepted and means the same to the game); only
    /// `gorules-best-play` reads it, and every event of the game makes it the alternation.
    phase: Phase,
    /// J89-1 to J89-14: the game from the position set up last.
    game: Game,
    /// J89-7 to J89-10, J89-R: the readings of the stop position, the last assessment and the played
    /// confirmations.
    assessor: Assessor,
}

/// PROTO-10: `gorules-ruleset japanese-1989 KEY=VALUE...`: the readings (J89-R) and komi.
pub(super) fn parse_rules(options: &[String]) -> Result<(J89Rules, GameRules), String> {
    use vocabulary::J89Option as K;
    let mut rules = J89Rules::default();
    let mut game = GameRules::default();
    for o in options {
        let (k, v) = vocabulary::parse_option::<K>(o).map_err(|_| {
            let all: Vec<String> = K::ALL.iter().map(|k| option_form(*k)).collect();
            syntax(&format!(
                "a japanese-1989 option ({}), found `{o}`",
                all.join(", ")
            ))
        })?;
        let bad = |_| {
            syntax(&format!(
                "a japanese-1989 option ({}), found `{o}`",
                option_form(k)
            ))
        };
        match k {
            K::ConfirmationBoard => {
                rules.confirmation_board = match v.parse().map_err(bad)? {
                    vocabulary::ConfirmationBoard::Contested => ConfirmationBoard::Contested,
                    vocabulary::ConfirmationBoard::Whole => ConfirmationBoard::Whole,
                }
            }
            K::NewStone => {
                rules.new_stone = match v.parse().map_err(bad)? {
                    vocabulary::NewStone::Adjacent => NewStone::Adjacent,
                    vocabulary::NewStone::OnCapturedPoints => NewStone::OnCapturedPoints,
                    vocabulary::NewStone::Anywhere => NewStone::Anywhere,
                }
            }
            K::SekiStones => {
                rules.seki_stones = match v.parse().map_err(bad)? {
                    vocabulary::SekiStones::Groups => SekiStones::Groups,
                    vocabulary::SekiStones::Strings => SekiStones::Strings,
                }
            }
            K::DeadOutsideTerritory => {
                rules.dead_outside_territory = match v.parse().map_err(bad)? {
                    vocabulary::DeadOutside::Stay => DeadOutside::Stay,
                    vocabulary::DeadOutside::Remove => DeadOutside::Remove,
                }
            }
            K::DeadInRegions => {
                rules.dead_in_regions = match v.parse().map_err(bad)? {
                    vocabulary::DeadInRegions::Opponent => DeadInRegions::Opponent,
                    vocabulary::DeadInRegions::None => DeadInRegions::None,
                    vocabulary::DeadInRegions::Both => DeadInRegions::Both,
                }
            }
            K::ConfirmationFirst => {
                rules.confirmation_first = match v.parse().map_err(bad)? {
                    vocabulary::ConfirmationFirst::Attacker => ConfirmationFirst::Attacker,
                    vocabulary::ConfirmationFirst::Defender => ConfirmationFirst::Defender,
                }
            }
            K::Confirmation => {
                rules.confirmation = match v.parse().map_err(bad)? {
                    vocabulary::Confirmation::PerfectPlay => Confirmation::PerfectPlay,
                    vocabulary::Confirmation::AsPlayed => Confirmation::AsPlayed,
                }
            }
            K::KoPass => {
                rules.ko_pass = match v.parse().map_err(bad)? {
                    vocabulary::KoPass::Designated => KoPass::Designated,
                    vocabulary::KoPass::Pooled => KoPass::Pooled,
                }
            }
            K::RecaptureAfterPass => {
                game.recapture_after_pass = match v.parse().map_err(bad)? {
                    vocabulary::RecaptureAfterPass::Allowed => RecaptureAfterPass::Allowed,
                    vocabulary::RecaptureAfterPass::Forbidden => RecaptureAfterPass::Forbidden,
                }
            }
            K::Repetition => {
                game.repetition = match v.parse().map_err(bad)? {
                    vocabulary::Repetition::Continue => Repetition::Continue,
                    vocabulary::Repetition::NoResult => Repetition::NoResult,
                    vocabulary::Repetition::Jigo => Repetition::Jigo,
                }
            }
            K::IllegalMove => {
                game.illegal_move = match v.parse().map_err(bad)? {
                    vocabulary::IllegalMove::Refuse => IllegalMoves::Refuse,
                    vocabulary::IllegalMove::Forfeit => IllegalMoves::Forfeit,
                }
            }
            K::FillDame => {
                game.fill_dame = match v.parse().map_err(bad)? {
                    vocabulary::FillDame::None => FillDame::None,
                    vocabulary::FillDame::Agreed => FillDame::Agreed,
                }
            }
            K::Article13 => {
                game.article_13 = match v.parse().map_err(bad)? {
                    vocabulary::Article13::Ignore => Article13::Ignore,
                    vocabulary::Article13::BothLose => Article13::BothLose,
                }
            }
            K::Komi => game.komi = number::<Points>(v, "komi")?,
        }
    }
    Ok((rules, game))
}

/// PROTO-10: an option with the values it takes, `KEY=A|B` (`komi=N`).
fn option_form(k: vocabulary::J89Option) -> String {
    match k.values().as_slice() {
        [] => format!("{k}=N"),
        values => format!("{k}={}", values.join("|")),
    }
}

impl J89Game {
    /// PROTO-10.1: a game under `rules` and `game_rules` from `setup`, assessed by `assessor` (the readings
    /// `rules`).
    pub(super) fn new(
        ruleset: Ruleset,
        setup: Setup,
        game_rules: GameRules,
        assessor: Assessor,
    ) -> J89Game {
        J89Game {
            ruleset,
            phase: setup.phase,
            game: Game::new(setup.start, setup.first, setup.prisoners, game_rules),
            assessor,
        }
    }

    /// PROTO-10.1: the game starts again from `setup`, with the same options and komi; the assessments stay
    /// (each is kept with the position it is of).
    pub(super) fn set_up(&mut self, setup: Setup) {
        self.phase = setup.phase;
        self.game = Game::new(setup.start, setup.first, setup.prisoners, self.game.rules());
    }

    /// PROTO-3: the game's position.
    pub(super) fn position(&self) -> &crate::position::Position {
        self.game.position()
    }

    /// J89-R: the assessor, to carry over to a new choice of the ruleset's options.
    pub(super) fn assessor(&self) -> &Assessor {
        &self.assessor
    }

    /// PROTO-3, PROTO-10: the game read as the current move-sequence of PROTO-3: its position, side to move and
    /// prisoners, no moves, in the phase set up last.
    pub(super) fn as_sequence(&self) -> Grid {
        let g = &self.game;
        let mut grid = Grid::new(self.phase, g.position().clone(), g.to_move(), &self.ruleset);
        grid.base_prisoners = g.prisoners();
        grid
    }

    /// PROTO-11: an event of the game happened; the phase set up is the alternation again.
    fn moved(&mut self) -> Reply {
        self.phase = Phase::Alternation;
        Ok(String::new())
    }

    /// PROTO-13.2, COUNT-1.3: the facts the counting methods count in the game's position as a stop position:
    /// the position after the removal of J89-10.1, the territory of J89-8.4, and the prisoners taken during the
    /// game and by the removal.
    pub(super) fn scoring_facts(
        &mut self,
        komi: Points,
        time_limit: Duration,
    ) -> Result<crate::counting::ScoringFacts, String> {
        let a = self.assessment(time_limit)?;
        let held = self.game.prisoners();
        let prisoners = ByColor::from_fn(|c| held[c] + a.removed[c].len() as u64);
        let mut facts = crate::counting::ScoringFacts::of_final_position(&a.after, prisoners, komi);
        facts.territory = ByColor::from_fn(|c| a.territory[c].len() as u64);
        Ok(facts)
    }

    /// PROTO-10: the assessment of the game's position as a stop position (J89-7 to J89-10), made once per
    /// position.
    fn assessment(&mut self, time_limit: Duration) -> Result<Arc<Assessment>, String> {
        self.assessor
            .assess(self.game.position(), j89_limits(time_limit))
            .map_err(|e| e.to_string())
    }
}

/// PROTO-10.2: the decided confirmations of this process, shared by all its sessions: the suite's checks of one
/// stop position (its statuses, its territory, its score) search its confirmation once. A confirmation is a pure
/// function of the stop position and the readings that decide it (J89-R13), so only the time changes.
pub(super) fn process_lives() -> Arc<SharedLives> {
    static LIVES: OnceLock<Arc<SharedLives>> = OnceLock::new();
    Arc::clone(LIVES.get_or_init(|| Arc::new(SharedLives::new())))
}

/// PROTO-11: the stage of a game as the protocol writes it.
fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Playing => "playing",
        Stage::Stopped => "stopped",
        Stage::Ended(_) => "ended",
    }
}

/// PROTO-3.7: `ended=` of `gorules-state`.
fn ended_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Playing => "no",
        Stage::Stopped => "passes",
        Stage::Ended(End::NoResult) => "no-result",
        Stage::Ended(End::JigoByRepetition) => "jigo",
        Stage::Ended(End::Resignation { .. }) => "resignation",
        Stage::Ended(End::Forfeit { .. }) => "forfeit",
        Stage::Ended(End::BothLose { .. }) => "both-lose",
    }
}

/// J89-2, J89-9, J89-14: `play COLOUR VERTEX|pass`.
pub(super) fn play(j: &mut J89Game, cmd: &Command) -> Reply {
    let a = args(cmd, 2, "a colour and a vertex")?;
    let c = color(&a[0])?;
    let mv = parse_move(j.game.position(), &a[1])?;
    j.game
        .play(c, mv)
        .map_err(|why| format!("illegal move: {why}"))?;
    j.moved()
}

/// J89-2, J89-3.3, J89-6: `is_legal` (1 or 0) and `gorules-legal` (`legal` or `illegal REASON`).
pub(super) fn legal(j: &mut J89Game, cmd: &Command) -> Reply {
    let a = args(cmd, 2, "a colour and a vertex")?;
    let c = color(&a[0])?;
    let mv = parse_move(j.game.position(), &a[1])?;
    let answer = j.game.legality(c, mv);
    Ok(match (cmd.name.as_str(), answer) {
        ("is_legal", Ok(_)) => "1".into(),
        ("is_legal", Err(_)) => "0".into(),
        (_, Ok(_)) => "legal".into(),
        (_, Err(why)) => format!("illegal {why}"),
    })
}

/// PROTO-11.1: `undo`: the game without its last event.
pub(super) fn undo(j: &mut J89Game, _: &Command) -> Reply {
    j.game = j.game.undone().ok_or("cannot undo")?;
    j.moved()
}

/// J89-10.2: `komi N` (a multiple of 0.5).
pub(super) fn komi(j: &mut J89Game, cmd: &Command) -> Reply {
    let a = args(cmd, 1, "komi")?;
    let komi = number::<Points>(&a[0], "komi")?;
    j.game.set_komi(komi);
    Ok(String::new())
}

/// PROTO-3.2, J89-5.1: `gorules-prisoners` (the counts), and `gorules-prisoners B W` before the first move of
/// the game.
pub(super) fn prisoners(j: &mut J89Game, cmd: &Command) -> Reply {
    if cmd.args.is_empty() {
        return Ok(super::core::prisoner_counts(&j.as_sequence()));
    }
    let a = args(cmd, 2, "no arguments, or two counts")?;
    let set = [count(&a[0])?, count(&a[1])?];
    if !j.game.events().is_empty() {
        return Err("the prisoners can be set only before the first move of the game".into());
    }
    let again = Setup {
        phase: j.phase,
        start: j.game.position().clone(),
        first: j.game.to_move(),
        prisoners: ByColor::from_fn(|c| set[c.index()]),
    };
    j.set_up(again);
    Ok(String::new())
}

/// PROTO-3.7: `gorules-state` for the game.
pub(super) fn state(j: &mut J89Game, _: &Command) -> Reply {
    let g = &j.game;
    let p = g.prisoners();
    Ok(format!(
        "moves={} passes={} ended={} prisoners={},{} to_move={}",
        g.events()
            .iter()
            .filter(|e| matches!(e, Event::Move(..)))
            .count(),
        g.passes(),
        ended_name(g.stage()),
        p[Color::Black],
        p[Color::White],
        g.to_move()
    ))
}

/// PROTO-11.5: `gorules-j89-game`.
pub(super) fn game_state(j: &mut J89Game, cmd: &Command, _: Duration) -> Reply {
    args(cmd, 0, "no arguments")?;
    let g = &j.game;
    let p = g.prisoners();
    Ok(format!(
        "stage={} to_move={} passes={} resumptions={} recurs={} prisoners={},{}",
        stage_name(g.stage()),
        g.to_move(),
        g.passes(),
        g.resumptions(),
        if g.recurs() { "yes" } else { "no" },
        p[Color::Black],
        p[Color::White],
    ))
}

/// J89-9.2, J89-R9: `gorules-j89-fill COLOUR VERTEX`: a stone placed by agreement during the stop.
pub(super) fn fill(j: &mut J89Game, cmd: &Command, _: Duration) -> Reply {
    let a = args(cmd, 2, "a colour and a vertex")?;
    let c = color(&a[0])?;
    let Move::Play(point) = parse_move(j.game.position(), &a[1])? else {
        return Err(syntax("a vertex, not pass"));
    };
    j.game.fill(c, point).map_err(|e| e.to_string())?;
    j.moved()
}

/// J89-9.3, J89-11.1: a request by a player (`gorules-j89-resume COLOUR`, `gorules-j89-resign COLOUR`).
fn request(
    j: &mut J89Game,
    cmd: &Command,
    request: impl FnOnce(&mut Game, Color) -> Result<(), RequestError>,
) -> Reply {
    let a = args(cmd, 1, "a colour")?;
    let c = color(&a[0])?;
    request(&mut j.game, c).map_err(|e| e.to_string())?;
    j.moved()
}

/// J89-9.3: `gorules-j89-resume COLOUR`.
pub(super) fn resume(j: &mut J89Game, cmd: &Command, _: Duration) -> Reply {
    request(j, cmd, |g, c| g.resume(c))
}

/// J89-11.1: `gorules-j89-resign COLOUR`.
pub(super) fn resign(j: &mut J89Game, cmd: &Command, _: Duration) -> Reply {
    request(j, cmd, |g, c| g.resign(c))
}

/// J89-12.1: `gorules-j89-no-result`: both players agree to end the game without result.
pub(super) fn no_result(j: &mut J89Game, cmd: &Command, _: Duration) -> Reply {
    args(cmd, 0, "no arguments")?;
    j.game.agree_no_result().map_err(|e| e.to_string())?;
    j.moved()
}

/// J89-13.1, J89-R4: `gorules-j89-effective-moves`: each effective move of the stopped game as a colour and a
/// vertex (`B C3 W C3`), Black's first; empty when there is none or the game is not stopped.
pub(super) fn effective_moves(j: &mut J89Game, cmd: &Command, time_limit: Duration) -> Reply {
    args(cmd, 0, "no arguments")?;
    let limits = j89_limits(time_limit);
    let p = j.game.position();
    let stop = j.assessor.perfect_play_assessment(p);
    let moves = effective_moves_given(
        &j.game,
        j.assessor.rules(),
        limits,
        stop.as_deref(),
        usize::MAX,
    )
    .map_err(|e| e.to_string())?;
    Ok(moves
        .iter()
        .map(|(c, point)| format!("{} {}", c.letter(), vertex(p, *point)))
        .collect::<Vec<_>>()
        .join(" "))
}

/// J89-13.1, J89-R4: `gorules-j89-disagree`: at the stop the players do not agree that the game has ended;
/// under `article_13=both-lose` an effective move ends it, both players losing.
pub(super) fn disagree(j: &mut J89Game, cmd: &Command, time_limit: Duration) -> Reply {
    args(cmd, 0, "no arguments")?;
    let limits = j89_limits(time_limit);
    let stop = j.assessor.perfect_play_assessment(j.game.position());
    let effective = disagreement_move(&j.game, j.assessor.rules(), limits, stop.as_deref())
        .map_err(|e| e.to_string())?;
    j.game.disagree(effective).map_err(|e| e.to_string())?;
    j.moved()
}

/// J89-R2: `gorules-j89-confirmation COLOR MOVE...`: the confirmation the players played from the current
/// position with COLOR attacking (moving first, unless `confirmation_first=defender`): vertices, `pass`, `pass:VERTEX` (a pass for the ko whose recapture is
/// at VERTEX) and `pass:ko` (a pass for a ko naming none, under `ko_pass=pooled`), ending with two passes.
/// Under `confirmation=as-played` it decides the statuses of COLOR's opponent.
pub(super) fn confirmation(j: &mut J89Game, cmd: &Command, _: Duration) -> Reply {
    let Some((who, words)) = cmd.args.split_first() else {
        return Err(syntax("a colour and the moves of the confirmation"));
    };
    let attacker = color(who)?;
    let p = j.game.position();
    let mut moves = Vec::new();
    for w in words {
        moves.push(
            match vocabulary::ConfirmationWord::parse(w).map_err(|e| syntax(&e))? {
                vocabulary::ConfirmationWord::Pass => PlayedMove::Pass,
                vocabulary::ConfirmationWord::PassForAnyKo => PlayedMove::PassForAnyKo,
                vocabulary::ConfirmationWord::Play(v) => match parse_move(p, v)? {
                    Move::Pass => PlayedMove::Pass,
                    Move::Play(point) => PlayedMove::Play(point),
                },
                vocabulary::ConfirmationWord::PassFor(v) => match parse_move(p, v)? {
                    Move::Play(point) => PlayedMove::PassFor(point),
                    Move::Pass => {
                        return Err(syntax(&format!("pass:VERTEX or pass:ko, found `{w}`")))
                    }
                },
            },
        );
    }
    j.assessor
        .record_confirmation(p, attacker, &moves)
        .map_err(|e| e.to_string())?;
    Ok(String::new())
}

/// J89-7, J89-8.3: `final_status_list alive|dead|seki` of the current position as a stop position.
pub(super) fn statuses(j: &mut J89Game, cmd: &Command, time_limit: Duration) -> Reply {
    let a = args(cmd, 1, "a status: alive, dead or seki")?;
    let wanted = match a[0].to_ascii_lowercase().as_str() {
        "alive" => Status::Alive,
        "dead" => Status::Dead,
        "seki" => Status::Seki,
        other => {
            return Err(syntax(&format!(
                "a status (alive, dead or seki), found `{other}`"
            )))
        }
    };
    let assessment = j.assessment(time_limit)?;
    let p = j.game.position();
    Ok(assessment
        .strings
        .iter()
        .filter(|(_, _, st)| *st == wanted)
        .map(|(stones, _, _)| vertices(p, stones))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// J89-8, J89-10: `gorules-j89-territory`.
pub(super) fn territory(j: &mut J89Game, cmd: &Command, time_limit: Duration) -> Reply {
    args(cmd, 0, "no arguments")?;
    let a = j.assessment(time_limit)?;
    let p = j.game.position();
    let list = |set: &PointSet| vertices(p, set).replace(' ', ",");
    let mut eyes = a.eye_points.clone();
    for c in Color::ALL {
        eyes[c].subtract(&a.territory[c]);
    }
    Ok(format!(
        "black_territory={} white_territory={} black_eye_points={} white_eye_points={} dame={} \
         removed_by_black={} removed_by_white={} score={}",
        list(&a.territory[Color::Black]),
        list(&a.territory[Color::White]),
        list(&eyes[Color::Black]),
        list(&eyes[Color::White]),
        list(&a.dame),
        list(&a.removed[Color::Black]),
        list(&a.removed[Color::White]),
        a.score(j.game.prisoners()),
    ))
}

/// GTP `final_score`: the current position scored as a stop position (J89-10.2, komi taken off), or how the
/// game ended without scoring; jigo is `0`.
pub(super) fn final_score(j: &mut J89Game, _: &Command, time_limit: Duration) -> Reply {
    if let Some(r) = j.game.result_without_scoring() {
        return Ok(r.to_string());
    }
    let a = j.assessment(time_limit)?;
    let score = j.game.score(&a);
    Ok(match GameResult::Score(score) {
        GameResult::Score(s) if s == Points::ZERO => "0".into(),
        r => r.to_string(),
    })
}

/// J89-10 to J89-14: `gorules-j89-result`: the result of the stopped or ended game.
pub(super) fn result(j: &mut J89Game, cmd: &Command, time_limit: Duration) -> Reply {
    args(cmd, 0, "no arguments")?;
    let stage = j.game.stage();
    if stage == Stage::Playing {
        return Err("the game is going on: it has no result yet".into());
    }
    let result = if stage == Stage::Stopped {
        let a = j.assessment(time_limit)?;
        j.game.result(&a)
    } else {
        j.game.result_without_scoring()
    };
    result
        .map(|r| r.to_string())
        .ok_or_else(|| "the game has no result".into())
}
