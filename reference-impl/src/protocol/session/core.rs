//! PROTO-2, PROTO-3: the board, the position set up, the moves of the current move-sequence and their legality.
//! A game under core or NAJ rules is a [`Grid`]; the commands that set up a position or read it are answered
//! alike under every game ([`Game::set_up`], [`Game::as_sequence`]).

use super::words::{
    args, color, count, line_of, number, one_line, parse_move, syntax, vertex, vertices, Reply,
    MAX_SIDE,
};
use super::{Game, Session};
use crate::board::Board;
use crate::color::{ByColor, Color};
use crate::illegal::Illegal;
use crate::kodef::{default_restriction_rules, first_end, RestrictionEnd};
use crate::moves::Move;
use crate::naj::score::Points;
use crate::position::Position;
use crate::rules::Ruleset;
use crate::sequence::{Sequence, SequenceRules};
use gorules_grammar::gtp::Command;
use std::sync::Arc;

use gorules_vocabulary::EndReason;
/// PROTO-3.3: the phase a move-sequence belongs to (spec/cases.md CASE-2), a word of the vocabulary.
pub(super) use gorules_vocabulary::Phase;

/// PROTO-3.7: how the current move-sequence ended (`None` while it goes on), a word of the vocabulary.
pub(super) type Ended = Option<EndReason>;

/// SCORE-4.1, PROTO-12.3: where the game of the agreement area rules stands: the move (counted in the current
/// move-sequence) after which two successive passes stopped it, if they have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Stop {
    /// SCORE-4.1: the number of moves of the move-sequence when the game stopped.
    pub(super) at: Option<usize>,
    /// SCORE-4.3: whether the move-sequence began stopped (after an agreed removal).
    pub(super) from_start: bool,
}

/// PROTO-3: a game under core or NAJ rules: the ruleset and the current move-sequence.
#[derive(Debug, Clone)]
pub(super) struct Grid {
    /// PROTO-3.1: the ruleset chosen (`gorules-ruleset`), with the komi of `komi`.
    pub(super) ruleset: Ruleset,
    /// PROTO-3.3: the phase the move-sequence belongs to.
    pub(super) phase: Phase,
    /// PROTO-3.4: the move-sequence from the position set up.
    pub(super) sequence: Sequence,
    /// PROTO-3.2: the prisoners taken before the position set up.
    pub(super) base_prisoners: ByColor<u64>,
    /// PROTO-3.7: whether the move-sequence has ended.
    pub(super) ended: Ended,
    /// SCORE-4.1: whether the game of the agreement area rules has stopped.
    pub(super) stop: Stop,
}

/// PROTO-3, PROTO-10.1: what a command that sets up a position sets up: the phase, the position, the colour to
/// move first and the prisoners taken before.
pub(super) struct Setup {
    pub(super) phase: Phase,
    pub(super) start: Position,
    pub(super) first: Color,
    pub(super) prisoners: ByColor<u64>,
}

impl Setup {
    /// The alternation from `start`, Black to move, no prisoners.
    pub(super) fn alternation(start: Position) -> Setup {
        Setup {
            phase: Phase::Alternation,
            start,
            first: Color::Black,
            prisoners: ByColor::from_fn(|_| 0),
        }
    }
}

/// CORE-7, KODEF-2.6: the rules a move-sequence of `phase` obeys under `ruleset`: the ruleset's own, but under
/// the default restriction rules basic-ko, fixed-ko and the 1-play rule with the ruleset's suicide rule.
fn rules_of(phase: Phase, ruleset: &Ruleset) -> SequenceRules {
    let own = ruleset.sequence_rules();
    match phase {
        Phase::DefaultRestriction => default_restriction_rules(own.suicide),
        _ => own,
    }
}

impl Grid {
    /// A move-sequence of `phase` under `ruleset` from `start`, `first` to move, no prisoners taken before.
    pub(super) fn new(phase: Phase, start: Position, first: Color, ruleset: &Ruleset) -> Grid {
        Grid {
            ruleset: *ruleset,
            phase,
            sequence: Sequence::new(start, first, rules_of(phase, ruleset)),
            base_prisoners: ByColor::from_fn(|_| 0),
            ended: None,
            stop: Stop::default(),
        }
    }

    /// The move-sequence `setup` sets up, under `ruleset`.
    pub(super) fn set_up(setup: Setup, ruleset: &Ruleset) -> Grid {
        let mut grid = Grid::new(setup.phase, setup.start, setup.first, ruleset);
        grid.base_prisoners = setup.prisoners;
        grid
    }

    /// PROTO-3: the current position.
    pub(super) fn position(&self) -> &Position {
        self.sequence.position()
    }

    /// PROTO-3.2: the prisoners, those taken before the position set up included.
    pub(super) fn prisoners(&self) -> ByColor<u64> {
        let played = self.sequence.prisoners();
        ByColor::from_fn(|c| self.base_prisoners[c] + played[c])
    }

    fn end_passes(&self, phase: Phase) -> Option<usize> {
        match phase {
            Phase::Alternation => Some(2),
            Phase::BlackAnalysis | Phase::WhiteAnalysis | Phase::Analysis => {
                Some(usize::from(self.ruleset.naj.analysis_end_passes))
            }
            Phase::Sequence | Phase::DefaultRestriction => None,
        }
    }

    /// PROTO-3.4: before the first move of a move-sequence outside the analyses, either colour may move
    /// first; the sequence is then started again with that colour to move. Afterwards the players alternate.
    fn first_mover_may_be(&self, c: Color) -> Option<Grid> {
        let free = matches!(
            self.phase,
            Phase::Alternation | Phase::Sequence | Phase::DefaultRestriction
        ) && self.sequence.moves().is_empty();
        (free && c != self.sequence.to_move()).then(|| Grid {
            sequence: Sequence::new(
                self.position().clone(),
                c,
                rules_of(self.phase, &self.ruleset),
            ),
            ..self.clone()
        })
    }

    fn legality(&self, c: Color, v: &str) -> Result<Result<(), String>, String> {
        let mv = parse_move(self.position(), v)?;
        if self.ended.is_some() {
            return Ok(Err("ended".into()));
        }
        if let Some(other) = self.first_mover_may_be(c) {
            return Ok(other
                .sequence
                .legality(mv)
                .map_err(|why: Illegal| why.to_string()));
        }
        if c != self.sequence.to_move() {
            return Ok(Err("wrong color".into()));
        }
        Ok(self
            .sequence
            .legality(mv)
            .map_err(|why: Illegal| why.to_string()))
    }

    fn play(&mut self, c: Color, v: &str) -> Reply {
        if let Some(other) = self.first_mover_may_be(c) {
            *self = other;
        }
        if let Err(why) = self.legality(c, v)? {
            return Err(format!("illegal move: {why}"));
        }
        let mv = parse_move(self.position(), v)?;
        let outcome = self
            .sequence
            .play(mv)
            .map_err(|why| format!("illegal move: {why}"))?;
        let cycles_end = self.phase == Phase::Alternation && self.ruleset.naj.no_result_on_cycle;
        if self.phase == Phase::DefaultRestriction {
            self.ended = first_end(&self.sequence, &self.ruleset.kodef).map(|(_, end)| match end {
                RestrictionEnd::ThreePasses => EndReason::Passes,
                RestrictionEnd::CycleEnd => EndReason::CycleEnd,
            });
        } else if cycles_end && outcome.recreates.is_some() {
            self.ended = Some(EndReason::NoResult);
        } else if self.stops_first() {
            // SCORE-4.1, SCORE-4.4: two successive passes stop the game; two successive passes after the stop
            // end it.
            let passes = self.sequence.consecutive_passes();
            match self.stop.at {
                None if passes >= 2 => self.stop.at = Some(self.sequence.moves().len()),
                Some(at) if passes.min(self.sequence.moves().len() - at) >= 2 => {
                    self.ended = Some(EndReason::Passes)
                }
                _ => {}
            }
        } else if self
            .end_passes(self.phase)
            .is_some_and(|n| self.sequence.consecutive_passes() >= n)
        {
            self.ended = Some(EndReason::Passes);
        }
        Ok(String::new())
    }

    /// SCORE-4.1: whether two successive passes of this move-sequence stop the game rather than end it (the
    /// alternation of the agreement area rules).
    fn stops_first(&self) -> bool {
        self.phase == Phase::Alternation
            && self
                .ruleset
                .class
                .is_some_and(|c| c.class.stops_before_end())
    }

    /// SCORE-4.1: whether the game has stopped and not ended.
    pub(super) fn stopped(&self) -> bool {
        self.stop.at.is_some() && self.ended.is_none()
    }

    /// SCORE-4.3, PROTO-12.3: the agreed removal of the strings on `points` while the game is stopped: the
    /// move-sequence starts again from the position without them, still stopped, with the same player to move.
    pub(super) fn remove_by_agreement(&mut self, points: &[crate::board::Point]) -> Reply {
        if !self.stopped() {
            return Err(
                "removals by agreement need a stopped game (agreement-area, SCORE-4.3)".into(),
            );
        }
        // SCORE-4.3: removed stones are no prisoners; their count is not kept.
        let (after, _) = crate::scoring::remove_strings(self.position(), points)
            .map_err(|p| format!("no stone to remove at {}", vertex(self.position(), p)))?;
        let to_move = self.sequence.to_move();
        self.base_prisoners = self.prisoners();
        self.sequence = Sequence::new(after, to_move, self.ruleset.sequence_rules());
        self.stop = Stop {
            at: Some(0),
            from_start: true,
        };
        Ok(String::new())
    }

    fn undo(&mut self) -> Reply {
        let moves: Vec<Move> = self.sequence.moves().iter().map(|m| m.mv).collect();
        let Some((_, keep)) = moves.split_last() else {
            return Err("cannot undo".into());
        };
        let start = self.sequence.positions()[0].clone();
        let first = self.sequence.to_move_at(0);
        let mut again = Grid {
            sequence: Sequence::new(start, first, rules_of(self.phase, &self.ruleset)),
            ended: None,
            stop: Stop {
                at: self.stop.from_start.then_some(0),
                from_start: self.stop.from_start,
            },
            ..self.clone()
        };
        std::mem::swap(self, &mut again);
        let color_of = |i: usize| {
            if i.is_multiple_of(2) {
                first
            } else {
                first.opponent()
            }
        };
        for (i, mv) in keep.iter().enumerate() {
            let v = match mv {
                Move::Pass => "pass".to_string(),
                Move::Play(p) => vertex(self.position(), *p),
            };
            if let Err(e) = self.play(color_of(i), &v) {
                *self = again;
                return Err(format!("cannot undo: {e}"));
            }
        }
        Ok(String::new())
    }
}

/// PROTO-3.1: `boardsize N` and `rectangular_boardsize W H`: an empty board of that size.
fn resize(s: &mut Session, width: usize, height: usize) -> Reply {
    if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
        return Err("unacceptable size".into());
    }
    let board = Board::rectangle(width, height).map_err(|e| e.to_string())?;
    s.game
        .set_up(Setup::alternation(Position::empty(Arc::new(board))));
    Ok(String::new())
}

/// GTP `boardsize N`.
pub(super) fn boardsize(s: &mut Session, cmd: &Command) -> Reply {
    let a = args(cmd, 1, "a board size")?;
    let n: usize = number(&a[0], "a board size")?;
    resize(s, n, n)
}

/// PROTO-3.1: `rectangular_boardsize W H`.
pub(super) fn rectangular_boardsize(s: &mut Session, cmd: &Command) -> Reply {
    let a = args(cmd, 2, "a width and a height")?;
    resize(s, number(&a[0], "a width")?, number(&a[1], "a height")?)
}

/// GTP `clear_board`: the board emptied, Black to move.
pub(super) fn clear_board(s: &mut Session, _: &Command) -> Reply {
    let b = s.game.position().shared_board().clone();
    s.game.set_up(Setup::alternation(Position::empty(b)));
    Ok(String::new())
}

/// GTP `komi N`: the komi of NAJ-7's score, or of a rule class's (SCORE-1.4).
pub(super) fn komi(g: &mut Grid, cmd: &Command) -> Reply {
    let a = args(cmd, 1, "komi")?;
    let komi = number::<Points>(&a[0], "komi")?;
    match &mut g.ruleset.class {
        Some(class) => class.komi = komi,
        None => g.ruleset.naj.komi = komi,
    }
    Ok(String::new())
}

/// PROTO-3.4: `play COLOUR VERTEX|pass`.
pub(super) fn play(g: &mut Grid, cmd: &Command) -> Reply {
    let a = args(cmd, 2, "a colour and a vertex")?;
    g.play(color(&a[0])?, &a[1])
}

/// GTP `undo`: the move-sequence without its last move.
pub(super) fn undo(g: &mut Grid, _: &Command) -> Reply {
    g.undo()
}

/// PROTO-3.5: `is_legal COLOUR VERTEX` (1 or 0) and `gorules-legal COLOUR VERTEX` (`legal` or `illegal REASON`).
pub(super) fn legal(g: &mut Grid, cmd: &Command) -> Reply {
    let a = args(cmd, 2, "a colour and a vertex")?;
    let legality = g.legality(color(&a[0])?, &a[1])?;
    Ok(match (cmd.name.as_str(), legality) {
        ("is_legal", Ok(())) => "1".into(),
        ("is_legal", Err(_)) => "0".into(),
        (_, Ok(())) => "legal".into(),
        (_, Err(why)) => format!("illegal {why}"),
    })
}

/// GTP `list_stones COLOUR`.
pub(super) fn list_stones(s: &mut Session, cmd: &Command) -> Reply {
    let a = args(cmd, 1, "a colour")?;
    let g = s.game.as_sequence();
    let p = g.position();
    Ok(vertices(p, &p.stones(color(&a[0])?)))
}

/// GTP `captures COLOUR`: the prisoners COLOUR has taken.
pub(super) fn captures(s: &mut Session, cmd: &Command) -> Reply {
    let a = args(cmd, 1, "a colour")?;
    Ok(s.game.as_sequence().prisoners()[color(&a[0])?].to_string())
}

/// GTP `set_position COLOUR VERTEX ...`: these stones on the board, the alternation with Black to move.
pub(super) fn set_position(s: &mut Session, cmd: &Command) -> Reply {
    let a = &cmd.args;
    if !a.len().is_multiple_of(2) {
        return Err(syntax("pairs of a colour and a vertex"));
    }
    let board = s.game.position().shared_board().clone();
    let mut cells: Vec<Option<Color>> = vec![None; board.len()];
    let empty = Position::empty(board.clone());
    for pair in a.chunks(2) {
        let c = color(&pair[0])?;
        match parse_move(&empty, &pair[1])? {
            Move::Play(p) => cells[p.index()] = Some(c),
            Move::Pass => return Err(syntax("a vertex, not pass")),
        }
    }
    let start = Position::from_cells(board, &cells).map_err(|e| e.to_string())?;
    s.game.set_up(Setup::alternation(start));
    Ok(String::new())
}

/// PROTO-3.3: `gorules-setup PHASE POSITION COLOUR [BLACK_PRISONERS WHITE_PRISONERS]`.
pub(super) fn setup(s: &mut Session, cmd: &Command) -> Reply {
    let (phase, pos, first, prisoners) = match cmd.args.as_slice() {
        [ph, pos, c] => (ph, pos, c, None),
        [ph, pos, c, b, w] => (ph, pos, c, Some((count(b)?, count(w)?))),
        _ => {
            return Err(syntax(
                "PHASE POSITION COLOUR [BLACK_PRISONERS WHITE_PRISONERS]",
            ))
        }
    };
    let phase: Phase = phase.parse().map_err(super::words::word_error)?;
    let first = color(first)?;
    let rules_first = match phase {
        Phase::BlackAnalysis => Some(Color::White),
        Phase::WhiteAnalysis | Phase::Analysis => Some(Color::Black),
        _ => None,
    };
    if rules_first.is_some_and(|c| c != first) {
        return Err(syntax("the colour the analysis's rules give to move first"));
    }
    if phase == Phase::DefaultRestriction && matches!(s.game, Game::J89(_)) {
        return Err("the default restriction rules need the core or NAJ ruleset".into());
    }
    let start = one_line(pos)?;
    let prisoners = match prisoners {
        Some((b, w)) => ByColor::from_fn(|c| if c == Color::Black { b } else { w }),
        None => ByColor::from_fn(|_| 0),
    };
    s.game.set_up(Setup {
        phase,
        start,
        first,
        prisoners,
    });
    Ok(String::new())
}

/// PROTO-3.6: `gorules-position`: the current position on one line.
pub(super) fn position(s: &mut Session, _: &Command) -> Reply {
    Ok(line_of(s.game.as_sequence().position()))
}

/// PROTO-3.7: `gorules-state`.
pub(super) fn state(g: &mut Grid, _: &Command) -> Reply {
    let ended = match g.ended {
        None if g.stopped() => "stopped",
        None => "no",
        Some(reason) => reason.name(),
    };
    // NAJ-3.3: the stones an analysis removes are not prisoners: inside an analysis they are `removed=`.
    let (word, p) = match g.phase {
        Phase::BlackAnalysis | Phase::WhiteAnalysis | Phase::Analysis => {
            ("removed", g.sequence.prisoners())
        }
        Phase::Alternation | Phase::Sequence | Phase::DefaultRestriction => {
            ("prisoners", g.prisoners())
        }
    };
    Ok(format!(
        "moves={} passes={} ended={ended} {word}={},{} to_move={}",
        g.sequence.moves().len(),
        g.sequence.consecutive_passes(),
        p[Color::Black],
        p[Color::White],
        g.sequence.to_move()
    ))
}

/// PROTO-3.2: `gorules-prisoners` (the counts) and `gorules-prisoners B W` (the counts set, those the
/// move-sequence took included).
pub(super) fn prisoners(g: &mut Grid, cmd: &Command) -> Reply {
    match cmd.args.as_slice() {
        [] => Ok(prisoner_counts(g)),
        [b, w] => {
            let set = [count(b)?, count(w)?];
            let played = g.sequence.prisoners();
            if played[Color::Black] > set[0] || played[Color::White] > set[1] {
                return Err("the move-sequence has already taken more prisoners".into());
            }
            g.base_prisoners = ByColor::from_fn(|c| set[c.index()] - played[c]);
            Ok(String::new())
        }
        _ => Err(syntax("no arguments, or two counts")),
    }
}

/// PROTO-3.2: the answer to `gorules-prisoners` without arguments: Black's count, then White's.
pub(super) fn prisoner_counts(g: &Grid) -> String {
    let p = g.prisoners();
    format!("{} {}", p[Color::Black], p[Color::White])
}

impl Game {
    /// PROTO-3, PROTO-10.1: sets up a position; under Japanese 1989 the game starts again from it (its options,
    /// komi and assessments stay).
    pub(super) fn set_up(&mut self, setup: Setup) {
        match self {
            Game::Grid(g) => **g = Grid::set_up(setup, &g.ruleset),
            Game::J89(j) => j.set_up(setup),
        }
    }
}

/// PROTO-12.3: `gorules-remove VERTEX...`: the players agree to remove the strings on these vertices (SCORE-4.3).
pub(super) fn remove(g: &mut Grid, cmd: &Command) -> Reply {
    if cmd.args.is_empty() {
        return Err(syntax("one vertex or more"));
    }
    let mut points = Vec::new();
    for v in &cmd.args {
        match parse_move(g.position(), v)? {
            Move::Play(p) => points.push(p),
            Move::Pass => return Err(syntax("a vertex, not pass")),
        }
    }
    g.remove_by_agreement(&points)
}

/// PROTO-12.4: `gorules-class-score`: the count of the rule class in the current position (SCORE-2.1, SCORE-3.1):
/// `black=N white=N shared=N komi=K result=R`.
pub(super) fn class_score(g: &mut Grid, cmd: &Command) -> Reply {
    args(cmd, 0, "no arguments")?;
    let class = g
        .ruleset
        .class
        .ok_or("this needs a rule class (gorules-ruleset stone|area|agreement-area)")?;
    let c = crate::scoring::count(class.class, g.position());
    Ok(format!(
        "black={} white={} shared={} komi={} result={}",
        c.score(Color::Black),
        c.score(Color::White),
        c.shared,
        class.komi,
        crate::scoring::Margin(c.margin(class.komi))
    ))
}

/// GTP `final_score` (PROTO-12.4): under a rule class, the current position scored by it, komi taken off (`B+N`,
/// `W+N`, `0`). The core and NAJ rules have no such score: NAJ's needs the analyses (PROTO-3.12).
pub(super) fn final_score(g: &mut Grid, cmd: &Command) -> Reply {
    args(cmd, 0, "no arguments")?;
    let class = g.ruleset.class.ok_or(
        "final_score needs a ruleset that scores a position: stone, area, agreement-area or japanese-1989 \
         (NAJ scores through its analyses, gorules-score; the core rules score nothing)",
    )?;
    let c = crate::scoring::count(class.class, g.position());
    Ok(crate::scoring::Margin(c.margin(class.komi)).to_string())
}
