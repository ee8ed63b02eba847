//! The positions a move sequence goes through, for drawing it step by step. Captures and the ko rules are the
//! reference implementation's (gorules-ref); the casebook only draws what it answers.

use gorules_bridge as bridge;
use gorules_cases::moves::Move;
use gorules_ref::{Color, Position, Sequence, SequenceRules};

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

/// Plays `moves` from `start` (a `width`-wide grid, row by row from the top) under `rules`.
pub fn replay(
    width: usize,
    start: &[Option<u8>],
    moves: &[Move],
    rules: SequenceRules,
) -> Result<Replay, String> {
    let position = position_of(width, start)?;
    let first = moves
        .first()
        .map_or(Color::Black, |m| bridge::player(m.player));
    let mut seq = Sequence::new(position, first, rules);
    let mut out = Replay {
        start: stones(seq.position()),
        steps: Vec::new(),
        refused: None,
    };
    for (i, m) in moves.iter().enumerate() {
        if bridge::player(m.player) != seq.to_move() {
            out.refused = Some((i + 1, "not this player's turn".into()));
            break;
        }
        let mv = match bridge::move_on(m, seq.position().board()) {
            Ok(mv) => mv,
            Err(why) => {
                out.refused = Some((i + 1, why.to_string()));
                break;
            }
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

/// One play of a Kee game, and the board after it.
#[derive(Debug, Clone)]
pub struct KeeStep {
    /// The player who made it (0 black, 1 white, 2 red, ...).
    pub player: u8,
    /// The intersection played, `None` for a pass.
    pub at: Option<usize>,
    /// The play as written (a name, `pass`, `refresh`).
    pub text: String,
    /// The stones after the play, one per intersection in the graph's order.
    pub stones: Vec<Option<u8>>,
    /// KEE-12: the prohibition the play caused, in words.
    pub prohibition: Option<String>,
}

/// The plays of a Kee game from a case's board, and where it stopped if a play was refused.
#[derive(Debug, Clone)]
pub struct KeeReplay {
    /// Every play made.
    pub steps: Vec<KeeStep>,
    /// The 1-based number of the first refused play and why.
    pub refused: Option<(usize, String)>,
}

/// Plays `plays` from `board` under the case's Kee rules, `to_play` first (KEE-5, KEE-9 to KEE-13).
pub fn kee(
    board: &gorules_cases::kee::KeeBoard,
    rules: &gorules_cases::kee::KeeRulesSpec,
    to_play: u8,
    plays: &gorules_grammar::KeePlays,
) -> Result<KeeReplay, String> {
    use gorules_grammar::PLAYER_NAMES;
    use gorules_ref::kee::{KeeGame, Player as KeePlayer};
    let start = bridge::kee_arrangement(board, rules.players).map_err(|e| e.to_string())?;
    let mut game = KeeGame::starting_with(start, bridge::kee_rules(rules), KeePlayer(to_play));
    let name = |p: KeePlayer| PLAYER_NAMES.get(p.index()).copied().unwrap_or("?");
    let mut out = KeeReplay {
        steps: Vec::new(),
        refused: None,
    };
    for (i, text) in plays.plays.iter().enumerate() {
        let Some(mover) = game.to_play() else {
            out.refused = Some((i + 1, "the game has ended".into()));
            break;
        };
        let (play, at) = match bridge::kee_play(text, board, game.position().board()) {
            Ok(play) => play,
            Err(why) => {
                out.refused = Some((i + 1, why.to_string()));
                break;
            }
        };
        match game.play(play) {
            Ok(prohibition) => out.steps.push(KeeStep {
                player: mover.0,
                at,
                text: text.to_string(),
                stones: game
                    .position()
                    .cells()
                    .iter()
                    .map(|c| c.map(|p| p.0))
                    .collect(),
                prohibition: prohibition.map(|p| {
                    format!(
                        "{} is prohibited ({} condition)",
                        name(p.ko_player),
                        bridge::kee_condition(p.condition).name()
                    )
                }),
            }),
            Err(why) => {
                let why = bridge::kee_reason(why).map_or("the game has ended", |r| r.name());
                out.refused = Some((i + 1, why.into()));
                break;
            }
        }
    }
    Ok(out)
}

/// SCORE-4.3: `cells` (one cell per point, rows of `width`) without the strings on `points` (column, row): the
/// agreed removals of the agreement area rules, asked of the reference. An empty point or one off the board is
/// an error.
pub fn remove_strings(
    width: usize,
    cells: &[Option<u8>],
    points: &[(usize, usize)],
) -> Result<Vec<Option<u8>>, String> {
    let position = position_of(width, cells)?;
    let mut at = Vec::new();
    for &(c, r) in points {
        at.push(
            position
                .board()
                .point_at(c, r)
                .ok_or_else(|| format!("({c}, {r}) is off the board"))?,
        );
    }
    let (after, _) = gorules_ref::scoring::remove_strings(&position, &at)
        .map_err(|_| "an agreed removal names an empty point".to_string())?;
    Ok(stones(&after))
}

/// The position of `cells` (one cell per point, rows of `width` from the top; `Some(0)` Black, another colour
/// White).
fn position_of(width: usize, cells: &[Option<u8>]) -> Result<Position, String> {
    let rows: Vec<String> = cells
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
    Position::from_rows(&rows).map_err(|e| format!("{e:?}"))
}
