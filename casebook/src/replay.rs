//! The positions a move sequence goes through, for drawing it step by step. Captures and the ko rules are the
//! reference implementation's (gorules-ref); the casebook only draws what it answers.

use gorules_cases::model::{Ruleset, Suicide};
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
            ko: o.ko.iter().map(|r| KoRule::from(*r)).collect::<KoRules>(),
            suicide: match o.suicide {
                Suicide::Prohibited => SuicideRule::Prohibited,
                Suicide::Allowed => SuicideRule::Allowed,
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
    use gorules_grammar::{KeePlayText, PLAYER_NAMES};
    use gorules_ref::kee::{
        AlliedGroups, Arrangement, KeeGame, KeeOptions, KeePlay, KeeRules, KeeScoring, KoCondition,
        KoPlayerPasses, Player as KeePlayer, Suicide,
    };
    use gorules_vocabulary as v;
    let graph = &board.graph;
    let lists: Vec<Vec<usize>> = graph.nodes().iter().map(|n| n.neighbours.clone()).collect();
    let shape = gorules_ref::Board::from_neighbour_lists(&lists).map_err(|e| format!("{e:?}"))?;
    let cells = graph
        .nodes()
        .iter()
        .map(|n| n.stone.map(KeePlayer))
        .collect();
    let start = Arrangement::from_cells(std::sync::Arc::new(shape), rules.players, cells)
        .map_err(|e| format!("{e:?}"))?;
    let kee_rules = KeeRules {
        removal: KeeOptions {
            suicide: match rules.suicide {
                v::Suicide::Prohibited => Suicide::Prohibited,
                v::Suicide::Allowed => Suicide::Allowed,
            },
            allied_groups: match rules.allied_groups {
                v::KeeAllied::Union => AlliedGroups::Union,
                v::KeeAllied::SingleUnit => AlliedGroups::SingleUnit,
            },
        },
        refreshing_passes: rules.refreshing_passes,
        scoring: match rules.scoring {
            v::KeeScoring::Area => KeeScoring::Area,
            v::KeeScoring::Territory => KeeScoring::Territory,
        },
        ko_player_passes: match rules.ko_player_passes {
            v::KoPlayerPasses::Normal => KoPlayerPasses::Normal,
            v::KoPlayerPasses::All => KoPlayerPasses::All,
        },
    };
    let mut game = KeeGame::starting_with(start, kee_rules, KeePlayer(to_play));
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
        let (play, at) = match text {
            KeePlayText::Stone(n) => match graph
                .index_of(n)
                .and_then(|j| game.position().board().point(j).map(|p| (p, j)))
            {
                Some((p, j)) => (KeePlay::Stone(p), Some(j)),
                None => {
                    out.refused = Some((i + 1, format!("no intersection `{n}`")));
                    break;
                }
            },
            KeePlayText::NormalPass => (KeePlay::NormalPass, None),
            KeePlayText::RefreshingPass => (KeePlay::RefreshingPass, None),
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
                    let condition = match p.condition {
                        KoCondition::Primary => "primary",
                        KoCondition::Secondary => "secondary",
                    };
                    format!(
                        "{} is prohibited ({condition} condition)",
                        name(p.ko_player)
                    )
                }),
            }),
            Err(why) => {
                use gorules_ref::kee::{KeeIllegal, SuicidalPlay};
                let why = match why {
                    KeeIllegal::Ended => "the game has ended",
                    KeeIllegal::Stone(SuicidalPlay::Occupied) => "occupied",
                    KeeIllegal::Stone(SuicidalPlay::Suicide) => "suicide",
                    KeeIllegal::NoRefreshingPasses => "no-refreshing-passes",
                };
                out.refused = Some((i + 1, why.into()));
                break;
            }
        }
    }
    Ok(out)
}
