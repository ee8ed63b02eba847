//! KEE-5, KEE-12, KEE-13: the game: plays in a fixed order, the Kee ko rule with its ko player and refreshing
//! passes, and the end of the game.

use super::arrangement::Arrangement;
use super::player::Player;
use super::removal::{play_stone, KeeOptions, SuicidalPlay};
use super::scoring::{area_points, territory_points};
use crate::board::Point;

/// KEE-5: a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeePlay {
    /// KEE-5(a): a stone on an unoccupied intersection.
    Stone(Point),
    /// KEE-5(b): a normal pass.
    NormalPass,
    /// KEE-5(c): a refreshing pass.
    RefreshingPass,
}

/// The rules of a Kee game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeeRules {
    /// KEE-9, KEE-10: stone removal.
    pub removal: KeeOptions,
    /// KEE-5(c), KEE-12(b): whether refreshing passes exist (the variant without them omits them).
    pub refreshing_passes: bool,
    /// KEE-15: area scoring, or territory scoring as the variant.
    pub scoring: KeeScoring,
    /// KEE-12.2: which passes count when the ko player is chosen.
    pub ko_player_passes: KoPlayerPasses,
}

/// KEE-12.2: the passes counted when the ko player is chosen ("the fewest normal passes since the encounter").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KoPlayerPasses {
    /// KEE-12 as written: normal passes only.
    #[default]
    Normal,
    /// KEE-12.2 reading: every pass, refreshing passes too (what seed 001's three-player simple-ko example needs).
    All,
}

/// KEE-15: how the final board position is scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KeeScoring {
    /// KEE-15 (default): stones plus the unoccupied units bordered by one player only.
    #[default]
    Area,
    /// KEE-15v: those unoccupied units plus the opponent stones the player removed.
    Territory,
}

impl Default for KeeRules {
    fn default() -> KeeRules {
        KeeRules {
            removal: KeeOptions::default(),
            refreshing_passes: true,
            scoring: KeeScoring::Area,
            ko_player_passes: KoPlayerPasses::Normal,
        }
    }
}

/// KEE-13: how the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeeEnd {
    /// KEE-13(a): every player not prohibited made a normal pass, one after another.
    Passes,
    /// KEE-13(b): every player is prohibited.
    AllProhibited,
}

/// KEE-12: which ko condition prohibited a player, and the moment of the encounter it refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoCondition {
    /// KEE-12(a).
    Primary,
    /// KEE-12(b).
    Secondary,
}

/// KEE-12: a player prohibited by the ko rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Prohibition {
    /// The ko player.
    pub ko_player: Player,
    /// The condition that held.
    pub condition: KoCondition,
}

/// Why a play is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeeIllegal {
    /// The game has ended.
    Ended,
    /// KEE-5(a), KEE-10: the stone play is not allowed.
    Stone(SuicidalPlay),
    /// KEE-5(c): refreshing passes are not part of these rules.
    NoRefreshingPasses,
}

/// A moment of the game: the board position and the player to play (who "encounters" it, KEE-12).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Moment {
    position: Arrangement,
    to_play: Player,
}

/// SOLVER-7.4: a read-only view of a game's history since the start or the last prohibition.
pub(crate) struct History<'a> {
    /// The moments (board position, player to play).
    pub(crate) moments: Vec<(&'a Arrangement, Player)>,
    /// `plays[i]` led from `moments[i]` to `moments[i + 1]`.
    pub(crate) plays: &'a [(Player, KeePlay)],
}

/// A Kee game in progress: the state KEE-12 and KEE-13 look at. Only the plays since the start or the last
/// prohibition matter to them, so only those are kept.
#[derive(Clone, Debug)]
pub struct KeeGame {
    rules: KeeRules,
    prohibited: Vec<bool>,
    /// `moments[0]` is just after the start or the last prohibition; `plays[i]` led from `moments[i]` to
    /// `moments[i + 1]`.
    moments: Vec<Moment>,
    plays: Vec<(Player, KeePlay)>,
    /// Indices of the moments just after refreshing passes (KEE-12(a)(ii), KEE-12(b)(ii)).
    after_refresh: Vec<usize>,
    ended: Option<KeeEnd>,
    /// KEE-15v: the opponent stones each player's plays removed, over the whole game.
    prisoners: Vec<u64>,
}

impl KeeGame {
    /// KEE-3, KEE-5: a game from `start`, the first player in order to play.
    pub fn new(start: Arrangement, rules: KeeRules) -> KeeGame {
        KeeGame::starting_with(start, rules, Player(0))
    }

    /// KEE-5: a game from `start` (a position set up, not necessarily empty) with `first` to play; a player
    /// beyond the arrangement's players is read as the first player.
    pub fn starting_with(start: Arrangement, rules: KeeRules, first: Player) -> KeeGame {
        let players = usize::from(start.players());
        let first = if first.index() < players {
            first
        } else {
            Player(0)
        };
        KeeGame {
            rules,
            prohibited: vec![false; players],
            moments: vec![Moment {
                position: start,
                to_play: first,
            }],
            plays: Vec::new(),
            after_refresh: Vec::new(),
            ended: None,
            prisoners: vec![0; players],
        }
    }

    /// The current board position.
    pub fn position(&self) -> &Arrangement {
        &self.current().position
    }

    /// The player to play (`None` once the game has ended).
    pub fn to_play(&self) -> Option<Player> {
        self.ended.is_none().then(|| self.current().to_play)
    }

    /// KEE-12: whether `player` is prohibited from playing.
    pub fn is_prohibited(&self, player: Player) -> bool {
        self.prohibited.get(player.index()).copied().unwrap_or(true)
    }

    /// KEE-13: how the game ended, if it has.
    pub fn ended(&self) -> Option<KeeEnd> {
        self.ended
    }

    /// KEE-15: the points of the current board position, per player (territory scoring adds the prisoners).
    pub fn points(&self) -> Vec<u64> {
        match self.rules.scoring {
            KeeScoring::Area => area_points(self.position()),
            KeeScoring::Territory => territory_points(self.position(), &self.prisoners),
        }
    }

    /// The rules of this game.
    pub fn rules(&self) -> KeeRules {
        self.rules
    }

    /// KEE-15v: the opponent stones each player's plays have removed.
    pub fn prisoners(&self) -> &[u64] {
        &self.prisoners
    }

    /// SOLVER-7.4: the history KEE-12 and KEE-13 look at, read-only (for the solver's table).
    pub(crate) fn history(&self) -> History<'_> {
        History {
            moments: self
                .moments
                .iter()
                .map(|m| (&m.position, m.to_play))
                .collect(),
            plays: &self.plays,
        }
    }

    fn current(&self) -> &Moment {
        // `moments` is never empty: it starts with one moment and only ever grows or is reset to one.
        &self.moments[self.moments.len() - 1]
    }

    /// KEE-5: the next player in order after `p` who is not prohibited, if any.
    fn next_active(&self, p: Player) -> Option<Player> {
        let n = self.prohibited.len() as u8;
        let mut q = p;
        for _ in 0..n {
            q = q.next(n);
            if !self.is_prohibited(q) {
                return Some(q);
            }
        }
        None
    }

    /// KEE-12: the ko player for a cycle that started at `moments[from]` and ends with `plays` plus the play
    /// being made: among the players not prohibited, those with the fewest normal passes since the encounter;
    /// of them, the last to play.
    fn ko_player(&self, from: usize, mover: Player, play: KeePlay) -> Player {
        let since: Vec<(Player, KeePlay)> = self.plays[from..]
            .iter()
            .copied()
            .chain(std::iter::once((mover, play)))
            .collect();
        let active: Vec<Player> = (0..self.prohibited.len() as u8)
            .map(Player)
            .filter(|p| !self.is_prohibited(*p))
            .collect();
        let counted = |k: KeePlay| match self.rules.ko_player_passes {
            KoPlayerPasses::Normal => k == KeePlay::NormalPass,
            KoPlayerPasses::All => !matches!(k, KeePlay::Stone(_)),
        };
        let passes = |p: Player| since.iter().filter(|(q, k)| *q == p && counted(*k)).count();
        let fewest = active.iter().map(|p| passes(*p)).min().unwrap_or(0);
        since
            .iter()
            .rev()
            .map(|(p, _)| *p)
            .find(|p| active.contains(p) && passes(*p) == fewest)
            .unwrap_or(mover)
    }

    /// KEE-5, KEE-12, KEE-13: the player to play makes `play`. Returns the prohibition it caused, if any.
    pub fn play(&mut self, play: KeePlay) -> Result<Option<Prohibition>, KeeIllegal> {
        if self.ended.is_some() {
            return Err(KeeIllegal::Ended);
        }
        let mover = self.current().to_play;
        let before = self.current().position.clone();
        let after = match play {
            KeePlay::Stone(point) => {
                let made = play_stone(&before, mover, point, self.rules.removal)
                    .map_err(KeeIllegal::Stone)?;
                let taken: usize = made
                    .removed
                    .iter()
                    .filter(|(owner, _)| *owner != mover)
                    .map(|(_, stones)| stones.len())
                    .sum();
                self.prisoners[mover.index()] += taken as u64;
                made.after
            }
            KeePlay::NormalPass => before.clone(),
            KeePlay::RefreshingPass if !self.rules.refreshing_passes => {
                return Err(KeeIllegal::NoRefreshingPasses)
            }
            KeePlay::RefreshingPass => before.clone(),
        };
        let succeeding = self.next_active(mover).unwrap_or(mover);
        let encounter = match play {
            // KEE-12(a): a position the succeeding player met since the latest of the start (or last
            // prohibition) and the last refreshing pass, with a stone play since that meeting. Of several such
            // meetings, the latest one is the encounter (our reading: the shortest cycle).
            KeePlay::Stone(_) | KeePlay::NormalPass => {
                let window = self.after_refresh.last().copied().unwrap_or(0);
                (window..self.moments.len())
                    .rev()
                    .find(|&j| {
                        let m = &self.moments[j];
                        let stone_since = matches!(play, KeePlay::Stone(_))
                            || self.plays[j..]
                                .iter()
                                .any(|(_, k)| matches!(k, KeePlay::Stone(_)));
                        m.to_play == succeeding && m.position == after && stone_since
                    })
                    .map(|j| (j, KoCondition::Primary))
            }
            // KEE-12(b): the position the succeeding player met just after the start (or last prohibition),
            // or just after an earlier refreshing pass.
            KeePlay::RefreshingPass => std::iter::once(0)
                .chain(self.after_refresh.iter().copied())
                .filter(|&j| {
                    let m = &self.moments[j];
                    m.to_play == succeeding && m.position == after
                })
                .max()
                .map(|j| (j, KoCondition::Secondary)),
        };
        if let Some((from, condition)) = encounter {
            let ko_player = self.ko_player(from, mover, play);
            self.prohibited[ko_player.index()] = true;
            // KEE-12(a)(i): the windows start again just after the prohibition.
            match self
                .next_active(mover)
                .or(Some(mover).filter(|m| !self.is_prohibited(*m)))
            {
                None => {
                    self.moments = vec![Moment {
                        position: after,
                        to_play: mover,
                    }];
                    self.ended = Some(KeeEnd::AllProhibited);
                }
                Some(next) => {
                    self.moments = vec![Moment {
                        position: after,
                        to_play: next,
                    }]
                }
            }
            self.plays.clear();
            self.after_refresh.clear();
            return Ok(Some(Prohibition {
                ko_player,
                condition,
            }));
        }
        self.plays.push((mover, play));
        self.moments.push(Moment {
            position: after,
            to_play: succeeding,
        });
        if play == KeePlay::RefreshingPass {
            self.after_refresh.push(self.moments.len() - 1);
        }
        // KEE-13(a): every player not prohibited has just made a normal pass, one after another.
        let active = self.prohibited.iter().filter(|p| !**p).count();
        let tail = &self.plays[self.plays.len().saturating_sub(active)..];
        if tail.len() == active && tail.iter().all(|(_, k)| *k == KeePlay::NormalPass) {
            self.ended = Some(KeeEnd::Passes);
        }
        Ok(None)
    }
}
