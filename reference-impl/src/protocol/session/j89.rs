//! PROTO-10, PROTO-11: the commands of the Japanese 1989 Rules: the game (J89-9 to J89-14) and the
//! assessment of a stop position (J89-7 to J89-10).

use super::{
    args, color, number, parse_move, syntax, vertex, vertices, Current, Phase, Reply, Session,
};
use crate::allowance::Deadline;
use crate::board::PointSet;
use crate::color::{ByColor, Color};
use crate::j89::{
    assess, assess_given, effective_moves_given, resolve_line, string_life_as_played, Article13,
    Assessment, ConfirmMove, Confirmation, ConfirmationBoard, ConfirmationFirst, DeadInRegions,
    DeadOutside, End, FillDame, Game, GameResult, GameRules, IllegalMoves, J89Rules, KoPass,
    NewStone, PlayedMove, RecaptureAfterPass, Repetition, SearchLimits, SekiStones, Stage, Status,
    DEFAULT_LIMITS,
};
use crate::naj::score::Points;
use crate::position::Position;
use gorules_grammar::gtp::Command;
use gorules_vocabulary as vocabulary;
use std::sync::Arc;

/// PROTO-10: an assessment and the position it is of.
type Assessed = (Position, Arc<Assessment>);

/// PROTO-10, PROTO-11: the state of a session under the Japanese 1989 Rules.
#[derive(Debug, Clone)]
pub(super) struct J89Session {
    /// J89-R: the readings of the stop position.
    rules: J89Rules,
    /// J89-1 to J89-14: the game from the position set up last.
    game: Game,
    /// The last assessment made, with the position it is of (the search is costly; positions repeat).
    last: Option<Assessed>,
    /// J89-R2, `confirmation=as-played`: the confirmation played with each colour moving first, with the stop
    /// position it was played from.
    lines: ByColor<Option<(Position, Vec<ConfirmMove>)>>,
}

/// PROTO-10, PROTO-11: the commands of the Japanese 1989 Rules (the session's other commands: `COMMANDS`).
pub(super) const J89_COMMANDS: &[&str] = &[
    "final_status_list",
    "final_score",
    "gorules-j89-territory",
    "gorules-j89-game",
    "gorules-j89-result",
    "gorules-j89-resume",
    "gorules-j89-resign",
    "gorules-j89-no-result",
    "gorules-j89-effective-moves",
    "gorules-j89-disagree",
    "gorules-j89-confirmation",
    "gorules-j89-fill",
];

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

impl J89Session {
    /// J89-13.1: the session's assessment of the game's position, if it has one made by perfect play (the
    /// reading J89-13 judges effective moves by); under `confirmation=as-played` the cached one is not.
    fn stop_assessment(&self) -> Option<Arc<Assessment>> {
        let (at, a) = self.last.as_ref()?;
        (self.rules.confirmation == Confirmation::PerfectPlay && at == self.game.position())
            .then(|| a.clone())
    }

    /// A session under `rules` whose game starts from `current`.
    pub(super) fn new(rules: J89Rules, game: GameRules, current: &Current) -> J89Session {
        J89Session {
            rules,
            game: game_from(current, game),
            last: None,
            lines: ByColor::from_fn(|_| None),
        }
    }

    /// This session with `old`'s last assessment, if both read the stop position the same way.
    pub(super) fn keeping_assessment_of(mut self, old: J89Session) -> J89Session {
        if old.rules == self.rules {
            self.last = old.last;
        }
        self.lines = old.lines;
        self
    }
}

/// PROTO-10: a game under `rules` from the position, side to move and prisoners of `current`.
fn game_from(current: &Current, rules: GameRules) -> Game {
    Game::new(
        current.position().clone(),
        current.sequence.to_move(),
        current.prisoners(),
        rules,
    )
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

impl Session {
    /// J89-R13, PROTO-3.15: the status search's limits for one command: the default node limits, and the
    /// session's time allowance for the whole command, however many strings it decides.
    fn j89_limits(&self) -> SearchLimits {
        SearchLimits {
            deadline: Deadline::after(self.time_limit),
            ..DEFAULT_LIMITS
        }
    }

    /// PROTO-10: after a command that set up a new position, the game starts again from it.
    pub(super) fn restart_j89(&mut self) {
        if let Some(j) = &mut self.j89 {
            // The last assessment stays: it is kept with the position it is of.
            j.game = game_from(&self.current, j.game.rules());
        }
    }

    /// The move-sequence the other commands read (position, prisoners, side to move) mirrors the game.
    fn mirror_game(&mut self) {
        if let Some(j) = &self.j89 {
            let g = &j.game;
            let mut current = Current::new(
                Phase::Alternation,
                g.position().clone(),
                g.to_move(),
                &self.ruleset,
            );
            current.base_prisoners = g.prisoners();
            self.current = current;
        }
    }

    /// PROTO-10, PROTO-11: the commands the Japanese 1989 Rules answer differently, or alone; `None` for a
    /// command they leave to the common code.
    pub(super) fn execute_j89(&mut self, cmd: &Command) -> Option<Reply> {
        let name = cmd.name.as_str();
        if self.j89.is_none() {
            return J89_COMMANDS.contains(&name).then(|| {
                Err("this needs the japanese-1989 ruleset (gorules-ruleset japanese-1989)".into())
            });
        }
        Some(match name {
            "play" => self.j89_play(cmd),
            "is_legal" | "gorules-legal" => self.j89_legal(cmd),
            "undo" => self.j89_undo(),
            "komi" => self.j89_komi(cmd),
            "gorules-state" => Ok(self.j89_state()),
            "gorules-prisoners" if !cmd.args.is_empty() => self.j89_prisoners(cmd),
            "final_status_list" => self.j89_statuses(cmd),
            "final_score" => self.j89_final_score(),
            "gorules-j89-territory" => self.j89_territory(cmd),
            "gorules-j89-game" => args(cmd, 0, "no arguments").map(|_| self.j89_game_state()),
            "gorules-j89-result" => self.j89_result(cmd),
            "gorules-j89-resume" => self.j89_request(cmd, |g, c| g.resume(c)),
            "gorules-j89-resign" => self.j89_request(cmd, |g, c| g.resign(c)),
            "gorules-j89-fill" => self.j89_fill(cmd),
            "gorules-j89-no-result" => args(cmd, 0, "no arguments").and_then(|_| {
                let j = self.j89_mut()?;
                j.game.agree_no_result().map_err(|e| e.to_string())?;
                self.mirror_game();
                Ok(String::new())
            }),
            "gorules-j89-effective-moves" => {
                args(cmd, 0, "no arguments").and_then(|_| self.j89_effective_moves())
            }
            "gorules-j89-confirmation" => self.j89_confirmation(cmd),
            "gorules-j89-disagree" => args(cmd, 0, "no arguments").and_then(|_| {
                let limits = self.j89_limits();
                let j = self.j89_ref()?;
                let effective = match j.game.rules().article_13 {
                    // Under `ignore` the game refuses before any search.
                    Article13::Ignore => None,
                    // One effective move is enough to end the game.
                    Article13::BothLose => effective_moves_given(
                        &j.game,
                        j.rules,
                        limits,
                        j.stop_assessment().as_deref(),
                        1,
                    )
                    .map_err(|e| e.to_string())?
                    .first()
                    .copied(),
                };
                let j = self.j89_mut()?;
                j.game.disagree(effective).map_err(|e| e.to_string())?;
                self.mirror_game();
                Ok(String::new())
            }),
            _ => return None,
        })
    }

    /// J89-R2: `gorules-j89-confirmation COLOR MOVE...`: the confirmation the players played from the current
    /// position with COLOR attacking (moving first, unless `confirmation_first=defender`): vertices, `pass`, `pass:VERTEX` (a pass for the ko whose recapture is
    /// at VERTEX) and `pass:ko` (a pass for a ko naming none, under `ko_pass=pooled`), ending with two passes.
    /// Under `confirmation=as-played` it decides the statuses of COLOR's opponent.
    fn j89_confirmation(&mut self, cmd: &Command) -> Reply {
        let Some((who, words)) = cmd.args.split_first() else {
            return Err(syntax("a colour and the moves of the confirmation"));
        };
        let attacker = color(who)?;
        let p = self.current.position().clone();
        let mut moves = Vec::new();
        for w in words {
            moves.push(
                match vocabulary::ConfirmationWord::parse(w).map_err(|e| syntax(&e))? {
                    vocabulary::ConfirmationWord::Pass => PlayedMove::Pass,
                    vocabulary::ConfirmationWord::PassForAnyKo => PlayedMove::PassForAnyKo,
                    vocabulary::ConfirmationWord::Play(v) => match parse_move(&p, v)? {
                        crate::moves::Move::Pass => PlayedMove::Pass,
                        crate::moves::Move::Play(point) => PlayedMove::Play(point),
                    },
                    vocabulary::ConfirmationWord::PassFor(v) => match parse_move(&p, v)? {
                        crate::moves::Move::Play(point) => PlayedMove::PassFor(point),
                        crate::moves::Move::Pass => {
                            return Err(syntax(&format!("pass:VERTEX or pass:ko, found `{w}`")))
                        }
                    },
                },
            );
        }
        let j = self.j89_mut()?;
        let first = j.rules.confirmation_first.mover(attacker.opponent());
        let line = resolve_line(&p, first, &moves, j.rules.ko_pass).map_err(|e| e.to_string())?;
        j.lines[attacker] = Some((p, line));
        if j.rules.confirmation == Confirmation::AsPlayed {
            j.last = None;
        }
        Ok(String::new())
    }

    /// J89-13.1, J89-R4: `gorules-j89-effective-moves`: each effective move of the stopped game as a colour and a
    /// vertex (`B C3 W C3`), Black's first; empty when there is none or the game is not stopped.
    fn j89_effective_moves(&self) -> Reply {
        let limits = self.j89_limits();
        let j = self.j89_ref()?;
        let moves = effective_moves_given(
            &j.game,
            j.rules,
            limits,
            j.stop_assessment().as_deref(),
            usize::MAX,
        )
        .map_err(|e| e.to_string())?;
        let p = j.game.position();
        Ok(moves
            .iter()
            .map(|(c, point)| format!("{} {}", c.letter(), vertex(p, *point)))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn j89_ref(&self) -> Result<&J89Session, String> {
        self.j89
            .as_ref()
            .ok_or_else(|| "no japanese-1989 session".to_string())
    }

    fn j89_mut(&mut self) -> Result<&mut J89Session, String> {
        self.j89
            .as_mut()
            .ok_or_else(|| "no japanese-1989 session".to_string())
    }

    /// J89-2, J89-9, J89-14: `play COLOUR VERTEX|pass`.
    fn j89_play(&mut self, cmd: &Command) -> Reply {
        let a = args(cmd, 2, "a colour and a vertex")?;
        let c = color(&a[0])?;
        let mv = parse_move(self.current.position(), &a[1])?;
        let j = self.j89_mut()?;
        j.game
            .play(c, mv)
            .map_err(|why| format!("illegal move: {why}"))?;
        self.mirror_game();
        Ok(String::new())
    }

    /// J89-2, J89-3.3, J89-6: `is_legal` (1 or 0) and `gorules-legal` (`legal` or `illegal REASON`).
    fn j89_legal(&self, cmd: &Command) -> Reply {
        let a = args(cmd, 2, "a colour and a vertex")?;
        let c = color(&a[0])?;
        let mv = parse_move(self.current.position(), &a[1])?;
        let answer = self.j89_ref()?.game.legality(c, mv);
        Ok(match (cmd.name.as_str(), answer) {
            ("is_legal", Ok(_)) => "1".into(),
            ("is_legal", Err(_)) => "0".into(),
            (_, Ok(_)) => "legal".into(),
            (_, Err(why)) => format!("illegal {why}"),
        })
    }

    fn j89_undo(&mut self) -> Reply {
        let j = self.j89_mut()?;
        j.game = j.game.undone().ok_or("cannot undo")?;
        self.mirror_game();
        Ok(String::new())
    }

    /// J89-10.2: `komi N` (a multiple of 0.5).
    fn j89_komi(&mut self, cmd: &Command) -> Reply {
        let a = args(cmd, 1, "komi")?;
        let komi = number::<Points>(&a[0], "komi")?;
        self.j89_mut()?.game.set_komi(komi);
        Ok(String::new())
    }

    /// J89-5.1: `gorules-prisoners B W` before the first move of the game.
    fn j89_prisoners(&mut self, cmd: &Command) -> Reply {
        let a = args(cmd, 2, "no arguments, or two counts")?;
        let set = [super::count(&a[0])?, super::count(&a[1])?];
        if !self.j89_ref()?.game.events().is_empty() {
            return Err("the prisoners can be set only before the first move of the game".into());
        }
        self.current.base_prisoners = crate::color::ByColor::from_fn(|c| set[c.index()]);
        self.restart_j89();
        Ok(String::new())
    }

    /// PROTO-3.7: `gorules-state` for the game.
    fn j89_state(&self) -> String {
        let Some(j) = &self.j89 else {
            return String::new();
        };
        let g = &j.game;
        let p = g.prisoners();
        format!(
            "moves={} passes={} ended={} prisoners={},{} to_move={}",
            g.events()
                .iter()
                .filter(|e| matches!(e, crate::j89::Event::Move(..)))
                .count(),
            g.passes(),
            ended_name(g.stage()),
            p[Color::Black],
            p[Color::White],
            g.to_move()
        )
    }

    /// PROTO-11: `gorules-j89-game`.
    fn j89_game_state(&self) -> String {
        let Some(j) = &self.j89 else {
            return String::new();
        };
        let g = &j.game;
        let p = g.prisoners();
        format!(
            "stage={} to_move={} passes={} resumptions={} recurs={} prisoners={},{}",
            stage_name(g.stage()),
            g.to_move(),
            g.passes(),
            g.resumptions(),
            if g.recurs() { "yes" } else { "no" },
            p[Color::Black],
            p[Color::White],
        )
    }

    /// J89-9.2, J89-R9: `gorules-j89-fill COLOUR VERTEX`: a stone placed by agreement during the stop.
    fn j89_fill(&mut self, cmd: &Command) -> Reply {
        let a = args(cmd, 2, "a colour and a vertex")?;
        let c = color(&a[0])?;
        let crate::moves::Move::Play(point) = parse_move(self.current.position(), &a[1])? else {
            return Err(syntax("a vertex, not pass"));
        };
        let j = self.j89_mut()?;
        j.game.fill(c, point).map_err(|e| e.to_string())?;
        self.mirror_game();
        Ok(String::new())
    }

    /// J89-9.3, J89-11.1: a request by a player (`gorules-j89-resume COLOUR`, `gorules-j89-resign COLOUR`).
    fn j89_request(
        &mut self,
        cmd: &Command,
        request: impl FnOnce(&mut Game, Color) -> Result<(), crate::j89::RequestError>,
    ) -> Reply {
        let a = args(cmd, 1, "a colour")?;
        let c = color(&a[0])?;
        let j = self.j89_mut()?;
        request(&mut j.game, c).map_err(|e| e.to_string())?;
        self.mirror_game();
        Ok(String::new())
    }

    /// PROTO-10: the assessment of the current position as a stop position (J89-7 to J89-10), made once per
    /// position.
    pub(super) fn j89_assessment(&mut self) -> Result<Arc<Assessment>, String> {
        let p = self.current.position().clone();
        let limits = self.j89_limits();
        let j = self.j89_mut()?;
        if let Some((at, a)) = &j.last {
            if *at == p {
                return Ok(a.clone());
            }
        }
        let a = Arc::new(match j.rules.confirmation {
            Confirmation::PerfectPlay => assess(&p, j.rules, limits).map_err(|e| e.to_string())?,
            // J89-R2: the lines played from this very position decide.
            Confirmation::AsPlayed => {
                let lines = ByColor::from_fn(|c| {
                    j.lines[c]
                        .as_ref()
                        .filter(|(at, _)| *at == p)
                        .map(|(_, line)| line.clone())
                });
                let life = string_life_as_played(&p, j.rules, &lines).map_err(|e| e.to_string())?;
                assess_given(&p, j.rules, life)
            }
        });
        j.last = Some((p, a.clone()));
        Ok(a)
    }

    /// J89-7, J89-8.3: `final_status_list alive|dead|seki` of the current position as a stop position.
    fn j89_statuses(&mut self, cmd: &Command) -> Reply {
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
        let assessment = self.j89_assessment()?;
        let p = self.current.position();
        Ok(assessment
            .strings
            .iter()
            .filter(|(_, _, st)| *st == wanted)
            .map(|(stones, _, _)| vertices(p, stones))
            .collect::<Vec<_>>()
            .join("\n"))
    }

    /// J89-8, J89-10: `gorules-j89-territory`.
    fn j89_territory(&mut self, cmd: &Command) -> Reply {
        args(cmd, 0, "no arguments")?;
        let a = self.j89_assessment()?;
        let p = self.current.position();
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
            a.score(self.current.prisoners()),
        ))
    }

    /// GTP `final_score`: the current position scored as a stop position (J89-10.2, komi taken off), or how the
    /// game ended without scoring; jigo is `0`.
    fn j89_final_score(&mut self) -> Reply {
        if let Some(r) = self.j89_ref()?.game.result_without_scoring() {
            return Ok(r.to_string());
        }
        let a = self.j89_assessment()?;
        let score = self.j89_ref()?.game.score(&a);
        Ok(match GameResult::Score(score) {
            GameResult::Score(s) if s == Points::ZERO => "0".into(),
            r => r.to_string(),
        })
    }

    /// J89-10 to J89-14: `gorules-j89-result`: the result of the stopped or ended game.
    fn j89_result(&mut self, cmd: &Command) -> Reply {
        args(cmd, 0, "no arguments")?;
        let stage = self.j89_ref()?.game.stage();
        if stage == Stage::Playing {
            return Err("the game is going on: it has no result yet".into());
        }
        let result = if stage == Stage::Stopped {
            let a = self.j89_assessment()?;
            self.j89_ref()?.game.result(&a)
        } else {
            self.j89_ref()?.game.result_without_scoring()
        };
        result
            .map(|r| r.to_string())
            .ok_or_else(|| "the game has no result".into())
    }
}
