//! The positions a move sequence goes through, for drawing it step by step. Captures and the ko rules are the
//! reference implementation's (gorules-ref); the casebook only draws what it answers.

use gorules_cases::model::{KoRuleName, Ruleset, SuicideOption};
use gorules_cases::moves::Move;
use gorules_grammar::Player;
use gorules_ref::{Color, KoRule, KoRules, Position, Sequence, SequenceRules, SuicideRule};

/// One move played, and the board after it.
#[derive(Debug, Clone)]
pub struct Step {
    /// The move as resolved from the case.
    pub mv: Move,
    /// The stones after the move, row by row from the top (0 black, 1 white).
    pub stones: Vec<Option<u8>>,
    /// How many stones the move took off the board.
    pub removed: usize,
}

/// The positions of a replay, and where it stopped if a move was refused.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The start, row by row from the top.
    pub start: Vec<Option<u8>>,
    /// Every move that was played.
    pub steps: Vec<Step>,
    /// The 1-based number of the first refused move and the reference's reason.
    pub refused: Option<(usize, String)>,
}

/// The move-sequence rules of a ruleset (CASE-1.3, CASE-9.1), for replaying a check's moves.
pub fn rules_of(ruleset: &Ruleset) -> SequenceRules {
    match ruleset {
        Ruleset::Naj(_) => gorules_ref::Ruleset::naj().sequence_rules(),
        Ruleset::Core(o) => SequenceRules {
            ko: o.ko.iter().fold(KoRules::NONE, |k, r| {
                k.with(match r {
                    KoRuleName::BasicKo => KoRule::BasicKo,
                    KoRuleName::FixedKo => KoRule::FixedKo,
                    KoRuleName::SimpleKo => KoRule::SimpleKo,
                    KoRuleName::PositionalSuperko => KoRule::PositionalSuperko,
                    KoRuleName::SituationalSuperko => KoRule::SituationalSuperko,
                })
            }),
            suicide: match o.suicide {
                SuicideOption::Prohibited => SuicideRule::Prohibited,
                SuicideOption::Allowed => SuicideRule::Allowed,
            },
        },
        Ruleset::Japanese1989(_) => SequenceRules {
            ko: KoRules::NONE.with(KoRule::SimpleKo),
            suicide: SuicideRule::Prohibited,
        },
    }
}

/// Plays `moves` from `start` (a `width`-wide grid, row by row from the top) under `rules`.
pub fn replay(
    width: usize,
    start: &[Option<u8>],
    moves: &[Move],
    rules: SequenceRules,
) -> Result<Replay, String> {
    let rows: Vec<String> = start
        .chunks(width.max(1))
        .map(|row| {
            row.iter()
                .map(|s| match s {
                    Some(0) => '#',
                    Some(_) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect();
    let position = Position::from_rows(&rows).map_err(|e| format!("{e:?}"))?;
    let first = moves.first().map_or(Color::Black, |m| color(m.player));
    let mut seq = Sequence::new(position, first, rules);
    let mut out = Replay {
        start: stones(seq.position()),
        steps: Vec::new(),
        refused: None,
    };
    for (i, m) in moves.iter().enumerate() {
        if color(m.player) != seq.to_move() {
            out.refused = Some((i + 1, "not this player's turn".into()));
            break;
        }
        let mv = match m.at {
            None => gorules_ref::Move::Pass,
            Some((col, row)) => match seq.position().board().point_at(col, row) {
                Some(p) => gorules_ref::Move::Play(p),
                None => {
                    out.refused = Some((i + 1, "off the board".into()));
                    break;
                }
            },
        };
        match seq.play(mv) {
            Ok(outcome) => out.steps.push(Step {
                mv: *m,
                stones: stones(seq.position()),
                removed: outcome.captured.len() + outcome.suicided.len(),
            }),
            Err(why) => {
                out.refused = Some((i + 1, why.to_string()));
                break;
            }
        }
    }
    Ok(out)
}

fn color(p: Player) -> Color {
    match p {
        Player::Black => Color::Black,
        Player::White => Color::White,
    }
}

fn stones(position: &Position) -> Vec<Option<u8>> {
    position
        .board()
        .points()
        .map(|p| {
            position.get(p).map(|c| match c {
                Color::Black => 0,
                _ => 1,
            })
        })
        .collect()
}
