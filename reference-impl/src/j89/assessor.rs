//! J89-7 to J89-10, J89-R2, J89-R13: the assessment of stop positions under one reading of the rules, kept for
//! the last position assessed (the status search is costly, and a game asks about the same position again), with
//! the confirmations the players played, which decide under the reading `confirmation=as-played`.

use super::as_played::{resolve_line, string_life_as_played, AsPlayedError, PlayedMove};
use super::confirm::{ConfirmError, ConfirmMove, Confirmation, J89Rules};
use super::confirm::{ConfirmationFirst, NewStone};
use super::search::SearchLimits;
use super::search::{string_life_knowing, Known, StringLife};
use super::territory::{assess_given, Assessment};
use crate::color::{ByColor, Color};
use crate::position::Position;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

/// J89-7 to J89-10: why a stop position could not be assessed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssessError {
    /// J89-R5, J89-R13: the confirmation under perfect play was not decided within its allowance.
    Confirm(ConfirmError),
    /// J89-R2: the played confirmations cannot decide.
    AsPlayed(AsPlayedError),
}

impl fmt::Display for AssessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssessError::Confirm(e) => e.fmt(f),
            AssessError::AsPlayed(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AssessError {}

/// J89-7 to J89-10 under the readings `rules` (J89-R): the assessment of stop positions, the last one kept with
/// the position it is of, and the confirmation played with each colour attacking (J89-R2), with the stop position
/// it was played from.
#[derive(Clone, Debug)]
pub struct Assessor {
    /// J89-R: the readings of the stop position.
    rules: J89Rules,
    /// The last assessment made, with the position it is of.
    last: Option<(Position, Arc<Assessment>)>,
    /// J89-R2: the confirmation played with each colour attacking, with the stop position it was played from.
    lines: ByColor<Option<(Position, Vec<ConfirmMove>)>>,
    /// J89-R13: the last few confirmations decided under perfect play, each with its stop position and the
    /// readings that decide it ([`J89Rules::confirmation_part`]), the newest last: they outlive a change of the
    /// readings that only score (J89-R1, J89-R6, J89-R8), which then need no new search.
    lives: Vec<(Position, J89Rules, Arc<Vec<StringLife>>)>,
    /// J89-R13: the last confirmation that could not be decided: its stop position, the readings that decide it,
    /// the error and the allowance it had (nodes, and the time left when it started, if it had a deadline). The
    /// same question within no more allowance is answered with the same error without a new search.
    failed: Option<(
        Position,
        J89Rules,
        ConfirmError,
        usize,
        Option<std::time::Duration>,
    )>,
    /// J89-R13: decided confirmations shared with other assessors (PROTO-10.2: the reference engine shares one
    /// store among all its sessions), consulted after `lives`.
    shared: Option<Arc<SharedLives>>,
}

/// J89-R13: decided confirmations shared by several assessors, by stop position and the readings that decide them
/// ([`J89Rules::confirmation_part`]). A search answers exactly or not at all, so a decided confirmation is the
/// answer to the same question under any limits, whoever asked it first; undecided ones are not kept. At most
/// [`SHARED_LIVES`] entries: a full store is emptied first (only knowledge lost).
#[derive(Debug, Default)]
pub struct SharedLives {
    lives: Mutex<LivesByQuestion>,
}

/// Decided confirmations by stop position and the readings that decide them.
type LivesByQuestion = HashMap<(Position, J89Rules), Arc<Vec<StringLife>>>;

/// How many decided confirmations a [`SharedLives`] keeps.
pub const SHARED_LIVES: usize = 1024;

impl SharedLives {
    /// An empty store.
    pub fn new() -> SharedLives {
        SharedLives::default()
    }

    fn get(&self, stop: &Position, key: J89Rules) -> Option<Arc<Vec<StringLife>>> {
        self.lock().get(&(stop.clone(), key)).cloned()
    }

    fn keep(&self, stop: &Position, key: J89Rules, life: Arc<Vec<StringLife>>) {
        let mut lives = self.lock();
        if lives.len() >= SHARED_LIVES {
            lives.clear();
        }
        lives.insert((stop.clone(), key), life);
    }

    /// The decided confirmations kept.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether none is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LivesByQuestion> {
        // A panic elsewhere while the lock was held cannot leave a half-written entry: insert and clear are whole.
        self.lives
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// How many decided confirmations an assessor keeps.
const LIVES_KEPT: usize = 16;

impl Assessor {
    /// J89-R: an assessor under `rules`, with nothing assessed and no confirmation played.
    pub fn new(rules: J89Rules) -> Assessor {
        Assessor {
            rules,
            last: None,
            lines: ByColor::from_fn(|_| None),
            lives: Vec::new(),
            failed: None,
            shared: None,
        }
    }

    /// J89-R: [`Assessor::new`], also reading and keeping decided confirmations in `shared`, so that assessors of
    /// other games (the engine's other sessions) need not search them again.
    pub fn sharing(rules: J89Rules, shared: Arc<SharedLives>) -> Assessor {
        Assessor {
            shared: Some(shared),
            ..Assessor::new(rules)
        }
    }

    /// J89-R: the readings it assesses under.
    pub fn rules(&self) -> J89Rules {
        self.rules
    }

    /// J89-R: this assessor under the readings `rules`: the last assessment stays only if they are the same (it is
    /// valid while the stop position is read the same way); the played confirmations stay (J89-R2: they are the
    /// players' moves, whatever the reading).
    pub fn under(self, rules: J89Rules) -> Assessor {
        Assessor {
            rules,
            last: if rules == self.rules { self.last } else { None },
            lines: self.lines,
            lives: self.lives,
            failed: self.failed,
            shared: self.shared,
        }
    }

    /// J89-7 to J89-10: the assessment of `stop` as a stop position, made once per position: by the confirmation
    /// under perfect play (J89-R5, J89-R13, within `limits`), or under `confirmation=as-played` by the lines played
    /// from this very position (J89-R2).
    pub fn assess(
        &mut self,
        stop: &Position,
        limits: SearchLimits,
    ) -> Result<Arc<Assessment>, AssessError> {
        if let Some((at, a)) = &self.last {
            if at == stop {
                return Ok(a.clone());
            }
        }
        let a = Arc::new(match self.rules.confirmation {
            Confirmation::PerfectPlay => {
                let life = self.life(stop, limits).map_err(AssessError::Confirm)?;
                assess_given(stop, self.rules, life.as_ref().clone())
            }
            // J89-R2: the lines played from this very position decide.
            Confirmation::AsPlayed => {
                let lines = ByColor::from_fn(|c| {
                    self.lines[c]
                        .as_ref()
                        .filter(|(at, _)| at == stop)
                        .map(|(_, line)| line.clone())
                });
                let life = string_life_as_played(stop, self.rules, &lines)
                    .map_err(AssessError::AsPlayed)?;
                assess_given(stop, self.rules, life)
            }
        });
        self.last = Some((stop.clone(), a.clone()));
        Ok(a)
    }

    /// J89-R5, J89-R13: every string's fate in the confirmation of `stop` under perfect play, decided once per
    /// position and [`J89Rules::confirmation_part`] of the readings (a search answers exactly or not at all, so
    /// a kept answer is the answer under any limits).
    fn life(
        &mut self,
        stop: &Position,
        limits: SearchLimits,
    ) -> Result<Arc<Vec<StringLife>>, ConfirmError> {
        let key = self.rules.confirmation_part();
        if let Some((_, _, life)) = self.lives.iter().find(|(at, k, _)| *k == key && at == stop) {
            return Ok(life.clone());
        }
        if let Some(life) = self.shared.as_ref().and_then(|s| s.get(stop, key)) {
            self.remember(stop, key, life.clone());
            return Ok(life);
        }
        // What the answers kept for this position under neighbouring readings already settle.
        let kept: Vec<(J89Rules, Arc<Vec<StringLife>>)> = self
            .lives
            .iter()
            .filter(|(at, _, _)| at == stop)
            .map(|(_, k, l)| (*k, l.clone()))
            .collect();
        let known = |i: usize| {
            kept.iter()
                .find_map(|(k, l)| l.get(i).and_then(|l| implied(key, *k, l)))
        };
        if let Some((at, k, e, nodes, time)) = &self.failed {
            let within = |left: Option<std::time::Duration>| match (e, left, time) {
                (ConfirmError::TimeUp, Some(left), Some(had)) => left <= *had,
                (ConfirmError::TooManyNodes { .. }, _, _) => limits.nodes <= *nodes,
                _ => false,
            };
            if *k == key && at == stop && within(limits.deadline.remaining()) {
                return Err(*e);
            }
        }
        let time = limits.deadline.remaining();
        let life = match string_life_knowing(stop, self.rules, limits, &known) {
            Ok(life) => Arc::new(life),
            Err(e) => {
                self.failed = Some((stop.clone(), key, e, limits.nodes, time));
                return Err(e);
            }
        };
        if let Some(shared) = &self.shared {
            shared.keep(stop, key, life.clone());
        }
        self.remember(stop, key, life.clone());
        Ok(life)
    }

    /// Keeps a decided confirmation among the last [`LIVES_KEPT`].
    fn remember(&mut self, stop: &Position, key: J89Rules, life: Arc<Vec<StringLife>>) {
        if self.lives.len() == LIVES_KEPT {
            self.lives.remove(0);
        }
        self.lives.push((stop.clone(), key, life));
    }

    /// J89-13.1: the assessment of `stop` made by perfect play, if it is the one kept (the reading J89-13 judges
    /// effective moves by); under `confirmation=as-played` the kept one is not.
    pub fn perfect_play_assessment(&self, stop: &Position) -> Option<Arc<Assessment>> {
        let (at, a) = self.last.as_ref()?;
        (self.rules.confirmation == Confirmation::PerfectPlay && at == stop).then(|| a.clone())
    }

    /// J89-R2: records the confirmation the players played from `stop` with `attacker` attacking (moving first,
    /// unless `confirmation_first=defender`), each move checked as [`resolve_line`] checks it. It replaces the
    /// line played before with that attacker; under `confirmation=as-played` the kept assessment is dropped.
    pub fn record_confirmation(
        &mut self,
        stop: &Position,
        attacker: Color,
        moves: &[PlayedMove],
    ) -> Result<(), AsPlayedError> {
        let first = self.rules.confirmation_first.mover(attacker.opponent());
        let line = resolve_line(stop, first, moves, self.rules.ko_pass)?;
        self.lines[attacker] = Some((stop.clone(), line));
        if self.rules.confirmation == Confirmation::AsPlayed {
            self.last = None;
        }
        Ok(())
    }
}

/// A string's fate under the readings `target`, as it follows from its fate `life` under the readings `from` of
/// the same stop position, where the two differ in one reading of J89-R5 only (`None`: it does not follow):
/// - `new_stone`: the homes nest (`on-captured-points` within `adjacent` within `anywhere`), and the attacker wins
///   when no stone of the owner stands on the home at the end, on the same game; so a string alive under a
///   narrower reading is alive under a wider one, and one dead under a wider reading is dead under a narrower one,
///   by the same forcing line;
/// - `confirmation_first`: with the owner moving first he may pass and leave the attacker the position the
///   attacker would have moved first in, with a plain pass made, which only helps the owner; so a string alive
///   with the attacker first is alive with the owner first, and one dead with the owner first is dead with the
///   attacker first.
fn implied(target: J89Rules, from: J89Rules, life: &StringLife) -> Known {
    if target == from {
        return Some((life.alive, life.line.clone()));
    }
    let only_new_stone = J89Rules {
        new_stone: target.new_stone,
        ..from
    } == target;
    if only_new_stone {
        let narrower = |a: NewStone, b: NewStone| a.within(b) && a != b;
        if life.alive && narrower(from.new_stone, target.new_stone) {
            return Some((true, Vec::new()));
        }
        if !life.alive && narrower(target.new_stone, from.new_stone) {
            return Some((false, life.line.clone()));
        }
    }
    let only_first = J89Rules {
        confirmation_first: target.confirmation_first,
        ..from
    } == target;
    if only_first {
        use ConfirmationFirst::{Attacker, Defender};
        match (from.confirmation_first, target.confirmation_first) {
            (Attacker, Defender) if life.alive => return Some((true, Vec::new())),
            (Defender, Attacker) if !life.alive => return Some((false, Vec::new())),
            _ => {}
        }
    }
    None
}
