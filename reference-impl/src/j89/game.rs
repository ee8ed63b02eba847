//! J89-2, J89-6, J89-9, J89-11, J89-12, J89-14: the game itself: the players alternate under simple ko with
//! suicide prohibited, two passes stop the game, either player may ask to resume it, and it may end by
//! resignation, without result on a repetition, or by forfeit. The result of a stop position is J89-10's
//! ([`super::territory::Assessment`]); this module only decides what happens move by move.

use std::fmt;

use super::territory::Assessment;
use crate::board::{Point, PointSet};
use crate::color::{ByColor, Color};
use crate::illegal::Illegal;
use crate::ko::is_simple_ko_retake;
use crate::moves::{apply_play, Move, PlayEffect, SuicideRule};
use crate::naj::score::Points;
use crate::position::Position;

/// J89-R3: whether a pass lifts the simple-ko ban.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RecaptureAfterPass {
    /// The ban covers only the victim's next move; after any move of his, a pass included, he may retake.
    #[default]
    Allowed,
    /// Only a play lifts the ban: neither passes nor a stop and resumption between the capture and the retake do.
    Forbidden,
}

/// J89-R10: what a repeated whole-board position does to the game when the players do not agree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// The game goes on; it ends without result only when both players agree (J89-12.1).
    #[default]
    Continue,
    /// The first repetition ends the game without result.
    NoResult,
    /// The first repetition ends the game as jigo (British practice).
    Jigo,
}

/// J89-R11: what an illegal move does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum IllegalMoves {
    /// The move is refused with its reason and nothing changes; a forfeit is stated as a claim only.
    #[default]
    Refuse,
    /// The move ends the game at once, lost by the player who made it (J89-14.1).
    Forfeit,
}

/// J89-R4: what Article 13 adds to the stop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Article13 {
    /// Nothing: the stop position is scored by J89-7 to J89-10 (the reference's reading).
    #[default]
    Ignore,
    /// Both players lose when, at the stop, they do not agree to end the game while an effective move exists
    /// (J89-13.1).
    BothLose,
}

/// J89-R9: whether stones may be placed by agreement while the game is stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FillDame {
    /// No: the stop position is scored as it stands; a player who wants a dame filled asks to resume.
    #[default]
    None,
    /// Yes: during the stop the players may place stones by agreement (J89-9.2); they are not moves.
    Agreed,
}

/// J89-R3, J89-R9, J89-R10, J89-R11, J89-10.2: the rules of play the Japanese 1989 Rules leave to a reading, and komi.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameRules {
    /// J89-R3.
    pub recapture_after_pass: RecaptureAfterPass,
    /// J89-R10.
    pub repetition: Repetition,
    /// J89-R11.
    pub illegal_move: IllegalMoves,
    /// J89-R9.
    pub fill_dame: FillDame,
    /// J89-10.2: komi, subtracted from Black's score (0 unless agreed).
    pub komi: Points,
    /// J89-R4.
    pub article_13: Article13,
}

/// J89-2.4, J89-3.3, J89-6, J89-9: why the game does not accept a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// J89-3.3, J89-6.2: the play breaks a rule of play (`occupied`, `suicide`, `simple-ko`).
    Illegal(Illegal),
    /// J89-2.4: it is the other player's turn (two moves in a row).
    WrongColor,
    /// J89-9.1: the game has stopped; a move needs a resumption first (J89-9.3).
    Stopped,
    /// The game has ended.
    Ended,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Illegal(why) => write!(f, "{why}"),
            Refusal::WrongColor => f.write_str("wrong color"),
            Refusal::Stopped => f.write_str("stopped"),
            Refusal::Ended => f.write_str("ended"),
        }
    }
}

/// J89-9, J89-11, J89-12, J89-14: a request the game cannot grant in its present stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RequestError {
    /// J89-9.3: only a stopped game can be resumed.
    NotStopped,
    /// J89-12.1: no result needs a whole-board position that has recurred.
    NoRepetition,
    /// J89-R9: under `fill_dame: none` no stone is placed by agreement.
    NoFilling,
    /// J89-R9: a stone placed by agreement goes on an empty point, captures nothing and keeps a liberty.
    NotAFilling,
    /// J89-R4: under `article_13: ignore` a disagreement at the stop changes nothing.
    Article13Ignored,
    /// J89-13.1: both lose only if an effective move exists.
    NoEffectiveMove,
    /// The game has ended.
    Ended,
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RequestError::NotStopped => "the game has not stopped",
            RequestError::NoRepetition => {
                "the current whole-board position has not occurred before"
            }
            RequestError::NoFilling => {
                "no stone is placed by agreement under fill_dame=none (J89-R9): resume the game to play it"
            }
            RequestError::NotAFilling => {
                "a stone placed by agreement must go on an empty point, capture nothing and keep a liberty"
            }
            RequestError::Article13Ignored => {
                "under article_13=ignore (J89-R4) a disagreement changes nothing: the stop position is scored"
            }
            RequestError::NoEffectiveMove => {
                "no play by either player would change the score of the stop position (J89-13.1): it is scored"
            }
            RequestError::Ended => "the game has ended",
        })
    }
}

impl std::error::Error for RequestError {}

/// J89-11, J89-12, J89-14, J89-R10: how a game ended other than by a stop that was not resumed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// J89-12.1: no result (by agreement, or by the option J89-R10 `no-result`).
    NoResult,
    /// J89-R10 option `jigo`: a repetition scored as a draw.
    JigoByRepetition,
    /// J89-11.1: the loser conceded.
    Resignation {
        /// The player who resigned.
        loser: Color,
    },
    /// J89-13.1, option J89-R4 `both-lose`: at the stop the players did not agree to end the game although an
    /// effective move existed.
    BothLose {
        /// An effective move: a play of this colour on this point would change the score.
        effective: (Color, Point),
    },
    /// J89-14.1, option J89-R11 `forfeit`: the loser made an illegal move.
    Forfeit {
        /// The player who made it.
        loser: Color,
        /// Why it was illegal.
        reason: Refusal,
    },
}

/// J89-1.1, J89-9: where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The players are moving.
    Playing,
    /// J89-9.1: two successive passes stopped the game; unless a player asks to resume, the stop position is
    /// scored (J89-9.2, J89-10).
    Stopped,
    /// The game has ended without scoring the board.
    Ended(End),
}

/// J89-10, J89-11, J89-12, J89-14: a game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// J89-10.2: Black's score minus White's, komi taken off; zero is jigo.
    Score(Points),
    /// J89-12.1.
    NoResult,
    /// J89-R10 option `jigo`.
    JigoByRepetition,
    /// J89-11.1: the winner by resignation.
    Resignation {
        /// Who won.
        winner: Color,
    },
    /// J89-14.1: the winner by forfeit.
    Forfeit {
        /// Who won.
        winner: Color,
    },
    /// J89-13.1: both players lose.
    BothLose,
}

impl fmt::Display for GameResult {
    /// GTP's `final_score` form: `B+3`, `W+0.5`, `jigo`; and `no-result`, `B+R` (resignation), `W+F` (forfeit).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Score(s) if *s == Points::ZERO => f.write_str("jigo"),
            GameResult::Score(s) if *s > Points::ZERO => write!(f, "B+{s}"),
            GameResult::Score(s) => write!(f, "W+{}", -*s),
            GameResult::NoResult => f.write_str("no-result"),
            GameResult::JigoByRepetition => f.write_str("jigo"),
            GameResult::Resignation { winner } => write!(f, "{}+R", winner.letter()),
            GameResult::Forfeit { winner } => write!(f, "{}+F", winner.letter()),
            GameResult::BothLose => f.write_str("both-lose"),
        }
    }
}

/// One event of the game record, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// J89-2.2: a play or a pass by a player.
    Move(Color, Move),
    /// J89-9.3: the player asked to resume the stopped game.
    Resume(Color),
    /// J89-11.1: the player resigned.
    Resign(Color),
    /// J89-12.1: both players agreed to end the game without result.
    AgreeNoResult,
    /// J89-9.2, J89-R9: a stone of the colour placed by agreement during the stop.
    Fill(Color, Point),
    /// J89-13.1, J89-R4: at the stop the players did not agree to end the game; the effective move found.
    Disagree(Color, Point),
}

/// J89-6: one move as the game made it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Made {
    color: Color,
    mv: Move,
    /// J89-5.1: the opposing stones it removed.
    captured: PointSet,
}

/// J89-1 to J89-14: a game from a start position, and everything that happened in it.
#[derive(Clone, Debug)]
pub struct Game {
    rules: GameRules,
    start: Position,
    start_to_move: Color,
    start_prisoners: ByColor<u64>,
    events: Vec<Event>,
    /// The start position, then the position after each move.
    positions: Vec<Position>,
    made: Vec<Made>,
    to_move: Color,
    prisoners: ByColor<u64>,
    stage: Stage,
    /// J89-9.1: the passes in a row since the last play or resumption.
    passes: usize,
    resumptions: usize,
    /// J89-12.1: whether the current position arose from a play that recreated an earlier position of the game.
    recurs: bool,
}

impl Game {
    /// J89-2.1: a game from `start` with `to_move` to move and the prisoners already taken.
    pub fn new(start: Position, to_move: Color, prisoners: ByColor<u64>, rules: GameRules) -> Game {
        Game {
            rules,
            start: start.clone(),
            start_to_move: to_move,
            start_prisoners: prisoners,
            events: Vec::new(),
            positions: vec![start],
            made: Vec::new(),
            to_move,
            prisoners,
            stage: Stage::Playing,
            passes: 0,
            resumptions: 0,
            recurs: false,
        }
    }

    /// The rules in force.
    pub fn rules(&self) -> GameRules {
        self.rules
    }

    /// J89-10.2: agrees a komi; it changes only the result.
    pub fn set_komi(&mut self, komi: Points) {
        self.rules.komi = komi;
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a game always has its start position"))
    }

    /// J89-2.1: the player whose turn it is (or would be, once a stopped game resumes without a request).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// J89-1, J89-9: where the game stands.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// J89-5.1: the prisoners each player holds.
    pub fn prisoners(&self) -> ByColor<u64> {
        self.prisoners
    }

    /// J89-9.1: the passes in a row at the end of the record since the last play or resumption.
    pub fn passes(&self) -> usize {
        self.passes
    }

    /// J89-9.3: how many times the game was resumed.
    pub fn resumptions(&self) -> usize {
        self.resumptions
    }

    /// J89-12.1: whether the current whole-board position recurs: the last play recreated a position that the
    /// game had before.
    pub fn recurs(&self) -> bool {
        self.recurs
    }

    /// The record: every event so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// J89-2.1, PROTO-3.4: before the first move either player may begin.
    fn first_move_free(&self) -> bool {
        self.events.is_empty()
    }

    /// J89-2, J89-3.3, J89-6, J89-9: whether `color` may make `mv` now, and its effect if it is a play.
    pub fn legality(&self, color: Color, mv: Move) -> Result<Option<PlayEffect>, Refusal> {
        match self.stage {
            Stage::Playing => {}
            Stage::Stopped => return Err(Refusal::Stopped),
            Stage::Ended(_) => return Err(Refusal::Ended),
        }
        if color != self.to_move && !self.first_move_free() {
            return Err(Refusal::WrongColor);
        }
        let Move::Play(point) = mv else {
            return Ok(None);
        };
        let effect = apply_play(self.position(), color, point, SuicideRule::Prohibited)
            .map_err(Refusal::Illegal)?;
        if self.simple_ko_forbids(color, point, &effect) {
            return Err(Refusal::Illegal(Illegal::SimpleKo));
        }
        Ok(Some(effect))
    }

    /// J89-6.2, KO-3.1, J89-R3: the opponent's last move (or, under `recapture_after_pass: forbidden`, the last
    /// play, with only passes and resumptions after it) took exactly one stone, on `point`, and this play would
    /// take exactly the stone that took it.
    fn simple_ko_forbids(&self, color: Color, point: Point, effect: &PlayEffect) -> bool {
        let mut back = self.made.iter().rev();
        let last_play = match self.rules.recapture_after_pass {
            RecaptureAfterPass::Allowed => back.next().filter(|m| !m.mv.is_pass()),
            RecaptureAfterPass::Forbidden => back.find(|m| !m.mv.is_pass()),
        };
        last_play.is_some_and(|last| {
            last.color == color.opponent()
                && is_simple_ko_retake(last.mv, &last.captured, point, &effect.captured)
        })
    }

    /// J89-2, J89-9.1, J89-12, J89-14: makes `mv` for `color`. A refused move changes nothing, unless the option
    /// J89-R11 `forfeit` is in force and the move breaks a rule of play (then it ends the game, lost by `color`,
    /// and `Ok` reports that). Moves while the game is stopped or ended are refused under either option.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Refusal> {
        let effect = match self.legality(color, mv) {
            Ok(effect) => effect,
            Err(reason @ (Refusal::Illegal(_) | Refusal::WrongColor))
                if self.rules.illegal_move == IllegalMoves::Forfeit =>
            {
                self.events.push(Event::Move(color, mv));
                self.stage = Stage::Ended(End::Forfeit {
                    loser: color,
                    reason,
                });
                return Ok(());
            }
            Err(reason) => return Err(reason),
        };
        self.events.push(Event::Move(color, mv));
        let (position, captured) = match effect {
            Some(e) => (e.position, e.captured),
            None => {
                let same = self.position().clone();
                let nothing = PointSet::empty(same.board());
                (same, nothing)
            }
        };
        self.prisoners[color] += captured.len() as u64;
        if mv.is_pass() {
            self.passes += 1;
        } else {
            self.passes = 0;
            self.recurs = self.positions.contains(&position);
        }
        self.positions.push(position);
        self.made.push(Made {
            color,
            mv,
            captured,
        });
        self.to_move = color.opponent();
        if self.passes >= 2 {
            self.stage = Stage::Stopped;
        } else if self.recurs && !mv.is_pass() {
            match self.rules.repetition {
                Repetition::Continue => {}
                Repetition::NoResult => self.stage = Stage::Ended(End::NoResult),
                Repetition::Jigo => self.stage = Stage::Ended(End::JigoByRepetition),
            }
        }
        Ok(())
    }

    /// J89-9.3: `requester` asks to resume the stopped game; his opponent moves first.
    pub fn resume(&mut self, requester: Color) -> Result<(), RequestError> {
        self.must_be_stopped()?;
        self.events.push(Event::Resume(requester));
        self.stage = Stage::Playing;
        self.to_move = requester.opponent();
        self.passes = 0;
        self.resumptions += 1;
        Ok(())
    }

    /// J89-9.1: resumption and stones placed by agreement need a stopped game.
    fn must_be_stopped(&self) -> Result<(), RequestError> {
        match self.stage {
            Stage::Stopped => Ok(()),
            Stage::Playing => Err(RequestError::NotStopped),
            Stage::Ended(_) => Err(RequestError::Ended),
        }
    }

    /// J89-11.1: `loser` concedes, while the game is going on or stopped.
    pub fn resign(&mut self, loser: Color) -> Result<(), RequestError> {
        if let Stage::Ended(_) = self.stage {
            return Err(RequestError::Ended);
        }
        self.events.push(Event::Resign(loser));
        self.stage = Stage::Ended(End::Resignation { loser });
        Ok(())
    }

    /// J89-12.1: both players agree to end the game without result, which they may when the current
    /// whole-board position has occurred before in the game.
    pub fn agree_no_result(&mut self) -> Result<(), RequestError> {
        if let Stage::Ended(_) = self.stage {
            return Err(RequestError::Ended);
        }
        if !self.recurs {
            return Err(RequestError::NoRepetition);
        }
        self.events.push(Event::AgreeNoResult);
        self.stage = Stage::Ended(End::NoResult);
        Ok(())
    }

    /// J89-9.2, J89-R9: during the stop, the players agree to place a stone of `color` on `point` (filling a
    /// dame, or a stone the statuses would need); it is not a move: the stage, the side to move and the passes
    /// stay as they are. Under `fill_dame: none` nothing is placed.
    pub fn fill(&mut self, color: Color, point: Point) -> Result<(), RequestError> {
        self.must_be_stopped()?;
        if self.rules.fill_dame == FillDame::None {
            return Err(RequestError::NoFilling);
        }
        let effect = apply_play(self.position(), color, point, SuicideRule::Prohibited)
            .map_err(|_| RequestError::NotAFilling)?;
        if !effect.captured.is_empty() {
            return Err(RequestError::NotAFilling);
        }
        self.events.push(Event::Fill(color, point));
        if let Some(last) = self.positions.last_mut() {
            *last = effect.position;
        }
        Ok(())
    }

    /// J89-13.1, J89-R4: at the stop, the players do not agree to end the game and neither asks to resume.
    /// Under `both-lose`, with `effective` an effective move of the stop position (one exists:
    /// [`super::effective_moves`]), both players lose; without one, or under `ignore`, the request is refused
    /// and the stop position stays to be scored.
    pub fn disagree(&mut self, effective: Option<(Color, Point)>) -> Result<(), RequestError> {
        self.must_be_stopped()?;
        if self.rules.article_13 == Article13::Ignore {
            return Err(RequestError::Article13Ignored);
        }
        let Some((color, point)) = effective else {
            return Err(RequestError::NoEffectiveMove);
        };
        self.events.push(Event::Disagree(color, point));
        self.stage = Stage::Ended(End::BothLose {
            effective: (color, point),
        });
        Ok(())
    }

    /// J89-13.1: the game as it would be after `color` plays `point` at once: a stopped game is resumed by his
    /// opponent so that he moves first (J89-9.3); `None` if the play is not legal then.
    pub fn after_play_at_stop(&self, color: Color, point: Point) -> Option<Game> {
        let mut g = self.clone();
        g.resume(color.opponent()).ok()?;
        g.play(color, Move::Play(point)).ok()?;
        (g.stage == Stage::Playing).then_some(g)
    }

    /// The same game without its last event, replayed from the start; `None` if nothing happened yet.
    pub fn undone(&self) -> Option<Game> {
        let (_, keep) = self.events.split_last()?;
        let mut again = Game::new(
            self.start.clone(),
            self.start_to_move,
            self.start_prisoners,
            self.rules,
        );
        for event in keep {
            let replayed = match *event {
                Event::Move(c, mv) => again.play(c, mv).is_ok(),
                Event::Resume(c) => again.resume(c).is_ok(),
                Event::Resign(c) => again.resign(c).is_ok(),
                Event::AgreeNoResult => again.agree_no_result().is_ok(),
                Event::Fill(c, p) => again.fill(c, p).is_ok(),
                Event::Disagree(c, p) => again.disagree(Some((c, p))).is_ok(),
            };
            if !replayed {
                unreachable!("every recorded event was accepted once and is accepted again");
            }
        }
        Some(again)
    }

    /// J89-10 to J89-14: the result: for a stopped game, the score of its stop position as `assessment` gives it
    /// (J89-10.2, komi taken off); for an ended game, how it ended; `None` while the game is going on.
    pub fn result(&self, assessment: &Assessment) -> Option<GameResult> {
        self.result_without_scoring().or_else(|| {
            (self.stage == Stage::Stopped).then(|| GameResult::Score(self.score(assessment)))
        })
    }

    /// J89-10.2: the current position scored as a stop position, given its `assessment`: Black's territory and
    /// prisoners minus White's, komi taken off.
    pub fn score(&self, assessment: &Assessment) -> Points {
        Points::whole(assessment.score(self.prisoners)) - self.rules.komi
    }

    /// J89-11, J89-12, J89-14: the result of a game that ended without scoring the board; `None` otherwise.
    pub fn result_without_scoring(&self) -> Option<GameResult> {
        let Stage::Ended(end) = self.stage else {
            return None;
        };
        Some(match end {
            End::NoResult => GameResult::NoResult,
            End::JigoByRepetition => GameResult::JigoByRepetition,
            End::Resignation { loser } => GameResult::Resignation {
                winner: loser.opponent(),
            },
            End::Forfeit { loser, .. } => GameResult::Forfeit {
                winner: loser.opponent(),
            },
            End::BothLose { .. } => GameResult::BothLose,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(rows: &[&str], rules: GameRules) -> Game {
        let rows: Vec<String> = rows.iter().map(|r| r.replace(' ', "")).collect();
        let start = Position::from_rows(&rows).expect("a valid board");
        Game::new(start, Color::Black, ByColor::from_fn(|_| 0), rules)
    }

    fn at(g: &Game, col: usize, row: usize) -> Move {
        Move::Play(
            g.position()
                .board()
                .point_at(col, row)
                .expect("on the board"),
        )
    }

    /// A ko on a 6x3 board: Black takes at (2,1), White's retake is at (1,1); the right side is free.
    const KO: [&str; 3] = [". # O . . .", "# O . O . .", ". # O . . ."];

    #[test]
    fn simple_ko_bans_the_immediate_retake_only() {
        let mut g = game(&KO, GameRules::default());
        g.play(Color::Black, at(&g, 2, 1)).unwrap();
        assert_eq!(
            g.legality(Color::White, at(&g, 1, 1)).err(),
            Some(Refusal::Illegal(Illegal::SimpleKo))
        );
        g.play(Color::White, Move::Pass).unwrap();
        g.play(Color::Black, at(&g, 5, 2)).unwrap();
        assert!(g.legality(Color::White, at(&g, 1, 1)).is_ok());
    }

    #[test]
    fn after_a_stop_and_resumption_the_retake_depends_on_the_option() {
        for (option, refusal) in [
            (RecaptureAfterPass::Allowed, None),
            (
                RecaptureAfterPass::Forbidden,
                Some(Refusal::Illegal(Illegal::SimpleKo)),
            ),
        ] {
            let rules = GameRules {
                recapture_after_pass: option,
                ..GameRules::default()
            };
            let mut g = game(&KO, rules);
            g.play(Color::Black, at(&g, 2, 1)).unwrap();
            g.play(Color::White, Move::Pass).unwrap();
            g.play(Color::Black, Move::Pass).unwrap();
            g.resume(Color::Black).unwrap();
            assert_eq!(g.legality(Color::White, at(&g, 1, 1)).err(), refusal);
        }
    }

    #[test]
    fn forfeit_ends_the_game_at_the_illegal_move() {
        let rules = GameRules {
            illegal_move: IllegalMoves::Forfeit,
            ..GameRules::default()
        };
        let mut g = game(&KO, rules);
        g.play(Color::Black, at(&g, 2, 1)).unwrap();
        g.play(Color::White, at(&g, 1, 1)).unwrap();
        assert_eq!(
            g.result_without_scoring(),
            Some(GameResult::Forfeit {
                winner: Color::Black
            })
        );
        assert_eq!(g.position().stones(Color::White).len(), 3);
    }

    #[test]
    fn a_recurring_position_ends_the_game_only_as_the_option_says() {
        // On an empty 3x2 board the ninth of these plays recreates the position after the third (each side
        // captures twice on the way).
        let line = [
            (0, 0),
            (0, 1),
            (1, 1),
            (1, 0),
            (0, 1),
            (2, 1),
            (0, 0),
            (2, 0),
            (1, 1),
        ];
        for (option, stage) in [
            (Repetition::Continue, Stage::Playing),
            (Repetition::NoResult, Stage::Ended(End::NoResult)),
            (Repetition::Jigo, Stage::Ended(End::JigoByRepetition)),
        ] {
            let rules = GameRules {
                repetition: option,
                ..GameRules::default()
            };
            let mut g = game(&[". . .", ". . ."], rules);
            let mut color = Color::Black;
            for (n, &(col, row)) in line.iter().enumerate() {
                assert_eq!(g.agree_no_result(), Err(RequestError::NoRepetition), "{n}");
                g.play(color, at(&g, col, row)).unwrap();
                color = color.opponent();
            }
            assert!(g.recurs());
            assert_eq!(g.stage(), stage);
            if option == Repetition::Continue {
                assert_eq!(g.agree_no_result(), Ok(()));
                assert_eq!(g.result_without_scoring(), Some(GameResult::NoResult));
            }
        }
    }

    #[test]
    fn two_passes_stop_and_the_requester_s_opponent_moves_first() {
        let mut g = game(&KO, GameRules::default());
        g.play(Color::Black, Move::Pass).unwrap();
        g.play(Color::White, Move::Pass).unwrap();
        assert_eq!(g.stage(), Stage::Stopped);
        assert_eq!(g.play(Color::Black, at(&g, 2, 1)), Err(Refusal::Stopped));
        g.resume(Color::Black).unwrap();
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(
            g.legality(Color::Black, Move::Pass).err(),
            Some(Refusal::WrongColor)
        );
        g.play(Color::White, Move::Pass).unwrap();
        assert_eq!(g.stage(), Stage::Playing);
        g.play(Color::Black, Move::Pass).unwrap();
        assert_eq!(g.stage(), Stage::Stopped);
        assert_eq!(g.resume(Color::White), Ok(()));
        assert_eq!(g.resume(Color::White), Err(RequestError::NotStopped));
    }

    #[test]
    fn a_disagreement_ends_the_game_only_under_both_lose_with_an_effective_move() {
        let corner = game(&KO, GameRules::default())
            .position()
            .board()
            .point_at(0, 0)
            .expect("on the board");
        let stopped = |rules: GameRules| {
            let mut g = game(&KO, rules);
            g.play(Color::Black, Move::Pass).unwrap();
            g.play(Color::White, Move::Pass).unwrap();
            g
        };
        let both_lose = GameRules {
            article_13: Article13::BothLose,
            ..GameRules::default()
        };
        let mut g = game(&KO, both_lose);
        assert_eq!(
            g.disagree(Some((Color::Black, corner))),
            Err(RequestError::NotStopped)
        );
        let mut g2 = stopped(GameRules::default());
        assert_eq!(
            g2.disagree(Some((Color::Black, corner))),
            Err(RequestError::Article13Ignored)
        );
        g = stopped(both_lose);
        assert_eq!(g.disagree(None), Err(RequestError::NoEffectiveMove));
        assert_eq!(g.disagree(Some((Color::Black, corner))), Ok(()));
        assert_eq!(g.result_without_scoring(), Some(GameResult::BothLose));
        assert_eq!(g.resume(Color::Black), Err(RequestError::Ended));
        let back = g.undone().expect("events to undo");
        assert_eq!(back.stage(), Stage::Stopped);
    }
}
