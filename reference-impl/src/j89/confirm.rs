//! J89-7, J89-R5, J89-R7: the confirmation of life and death: a hypothetical game from the stop position under
//! the pass-for-ko rule, solved exactly as a reachability game on its finite graph of states.

use super::settled::settled_eye_spaces;
use crate::board::{Point, PointSet};
use crate::color::{ByColor, Color};
use crate::moves::{apply_play, SuicideRule};
use crate::naj::benson::pass_alive;
use crate::position::Position;
use std::collections::{BTreeSet, HashMap};

/// J89-7.3: a ko capture not yet paid for: `victim` may not retake on `x` the stone on `y` until he has passed
/// for it (J89-R7: one designated pass per capture).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KoBan {
    /// The player who suffered the ko capture.
    pub victim: Color,
    /// The point of the captured stone, where the recapture would be played.
    pub x: Point,
    /// The point of the capturing stone, which the recapture would take.
    pub y: Point,
}

/// J89-7.3, J89-7.4: a move of the confirmation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConfirmMove {
    /// A play.
    Play(Point),
    /// A pass designated for no ko: two of them in succession end the confirmation (J89-R5).
    Pass,
    /// J89-R7: a pass designated for one ko capture against the passer; it lifts that capture's ban.
    PassFor(KoBan),
    /// J89-R7, `ko_pass: pooled`: a pass for a ko, designated for none; a later recapture of any capture made
    /// against the passer before it may use it.
    PassForAnyKo,
}

/// J89-R7: how a pass pays for a ko recapture in the confirmation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KoPass {
    /// Each pass names the one capture it pays for (the reference's reading).
    #[default]
    Designated,
    /// A pass for a ko names none; a recapture is legal while its player has an unused such pass made after the
    /// capture.
    Pooled,
}

/// J89-R5: a state of the confirmation: the position, the player to move, the bans in force, and whether the
/// last move was a pass designated for no ko.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConfirmState {
    /// The position.
    pub position: Position,
    /// The player to move.
    pub to_move: Color,
    /// J89-7.3: ko captures not yet paid for.
    pub bans: BTreeSet<KoBan>,
    /// Whether the previous move was a plain pass (one more ends the confirmation).
    pub passed: bool,
    /// J89-R7, `ko_pass: pooled`: the unused passes for a ko, each as the captures still in force that it may pay
    /// for (those made against its passer before it); sorted, with none empty. Always empty under `designated`.
    pub credits: Vec<BTreeSet<KoBan>>,
}

impl ConfirmState {
    /// J89-R5: the start of the confirmation: the stop position, `first` to move, no ban, no pass.
    pub fn start(stop: &Position, first: Color) -> ConfirmState {
        ConfirmState {
            position: stop.clone(),
            to_move: first,
            bans: BTreeSet::new(),
            passed: false,
            credits: Vec::new(),
        }
    }
}

/// Why the confirmation could not be decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfirmError {
    /// The game graph has more states than the allowance (J89-R5 is exact, so no answer is guessed).
    TooManyStates {
        /// The allowance.
        limit: usize,
    },
    /// J89-R13: the status search expanded more states than allowed.
    TooManyNodes {
        /// The allowance.
        limit: usize,
    },
    /// J89-R13: a line of play of the status search grew longer than allowed.
    TooDeep {
        /// The allowance.
        limit: usize,
    },
    /// PROTO-3.15: the command's time allowance ran out before the status search ended.
    TimeUp,
}

impl std::fmt::Display for ConfirmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfirmError::TooManyStates { limit } => {
                write!(f, "the confirmation has more than {limit} states")
            }
            ConfirmError::TooManyNodes { limit } => {
                write!(f, "the status search needs more than {limit} nodes")
            }
            ConfirmError::TooDeep { limit } => {
                write!(f, "the status search needs lines longer than {limit} moves")
            }
            ConfirmError::TimeUp => write!(
                f,
                "the status search needs more time than the command's allowance (gorules-time-limit)"
            ),
        }
    }
}

/// J89-7.3: whether playing `point` for `color` is a ko capture; if so, the ban it creates for the opponent.
fn ko_capture(
    before: &Position,
    after: &Position,
    captured: &PointSet,
    color: Color,
    point: Point,
) -> Option<KoBan> {
    if captured.len() != 1 {
        return None;
    }
    let x = captured.iter().next()?;
    let board = before.board();
    // The new stone is a string of one whose only liberty is x.
    let alone = board
        .neighbours(point)
        .iter()
        .all(|&n| after.get(n) != Some(color));
    let liberties: Vec<Point> = board
        .neighbours(point)
        .iter()
        .copied()
        .filter(|&n| after.get(n).is_none())
        .collect();
    (alone && liberties == [x]).then_some(KoBan {
        victim: color.opponent(),
        x,
        y: point,
    })
}

/// J89-R5: which stones of a captured string's owner, standing at the end of the confirmation, make the string
/// alive (the "new stone that the opponent cannot capture" of J89-7.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NewStone {
    /// A stone on one of the string's points or next to one (the reference's reading: seed 002's Example 10).
    #[default]
    Adjacent,
    /// A stone on one of the string's points.
    OnCapturedPoints,
    /// A stone anywhere the owner had none at the stop: on the string's points or on any point that was empty or
    /// held an opposing stone (a dame filled elsewhere counts too).
    Anywhere,
}

impl NewStone {
    /// J89-R5: the points where a stone of the string's owner at the end keeps the string alive. Under
    /// `anywhere`, every point but those of the owner's other stones at the stop (a stone there at the end may be
    /// the stop's own stone, which is no new stone).
    pub fn home(self, stop: &Position, string: &PointSet) -> PointSet {
        let mut home = string.clone();
        match self {
            NewStone::OnCapturedPoints => {}
            NewStone::Adjacent => {
                for p in string.iter() {
                    home.extend(stop.board().neighbours(p).iter().copied());
                }
            }
            NewStone::Anywhere => {
                let owner = string.iter().next().and_then(|p| stop.get(p));
                home.extend(
                    stop.board()
                        .points()
                        .filter(|&p| owner.is_none() || stop.get(p) != owner),
                );
            }
        }
        home
    }

    /// J89-R5: whether this reading's home lies within `other`'s for every string (`on-captured-points` within
    /// `adjacent` within `anywhere`).
    pub fn within(self, other: NewStone) -> bool {
        let width = |n: NewStone| match n {
            NewStone::OnCapturedPoints => 0,
            NewStone::Adjacent => 1,
            NewStone::Anywhere => 2,
        };
        width(self) <= width(other)
    }

    /// J89-R14: whether the string's fate is read from its own region (its points and their neighbours), so that
    /// the search may play within the region; not under `anywhere`, where a stone outside may keep it alive.
    pub fn local(self) -> bool {
        self != NewStone::Anywhere
    }
}

/// J89-R1: which live stones a dame puts in seki.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SekiStones {
    /// The whole group (strings joined through their shared eye regions) of a string next to a dame.
    #[default]
    Groups,
    /// Only the strings next to a dame.
    Strings,
}

/// J89-R6: what becomes of dead stones outside territory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DeadOutside {
    /// They stay on the board and are nobody's prisoners.
    #[default]
    Stay,
    /// They are removed as the opponent's prisoners; their points stay nobody's.
    Remove,
}

/// J89-R: the readings a committee may choose (options of the `japanese-1989` ruleset).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct J89Rules {
    /// J89-R12: where the confirmation plays.
    pub confirmation_board: ConfirmationBoard,
    /// J89-R5: which new stones keep a captured string alive.
    pub new_stone: NewStone,
    /// J89-R1: which stones a dame puts in seki.
    pub seki_stones: SekiStones,
    /// J89-R6: dead stones outside territory.
    pub dead_outside_territory: DeadOutside,
    /// J89-R8: which dead stones belong to a player's regions.
    pub dead_in_regions: DeadInRegions,
    /// J89-R7: how a pass pays for a ko recapture.
    pub ko_pass: KoPass,
    /// J89-R2: whose confirmation decides the statuses.
    pub confirmation: Confirmation,
    /// J89-R5: who moves first in a string's confirmation.
    pub confirmation_first: ConfirmationFirst,
}

impl J89Rules {
    /// J89-R5, J89-R7, J89-R12: the part of the readings that decides each string's fate in the confirmation
    /// ([`super::string_life`] reads no other): these readings with the ones that only score (J89-R1 `seki_stones`,
    /// J89-R6 `dead_outside_territory`, J89-R8 `dead_in_regions`) at their defaults.
    pub fn confirmation_part(self) -> J89Rules {
        J89Rules {
            seki_stones: SekiStones::default(),
            dead_outside_territory: DeadOutside::default(),
            dead_in_regions: DeadInRegions::default(),
            ..self
        }
    }
}

/// J89-R5: who moves first in the confirmation of a string.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ConfirmationFirst {
    /// The string owner's opponent, who tries to capture it (the reference's reading).
    #[default]
    Attacker,
    /// The string's owner.
    Defender,
}

impl ConfirmationFirst {
    /// Who moves first in the confirmation of a string of `owner`.
    pub fn mover(self, owner: Color) -> Color {
        match self {
            ConfirmationFirst::Attacker => owner.opponent(),
            ConfirmationFirst::Defender => owner,
        }
    }
}

/// J89-R2: whose confirmation decides the statuses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Confirmation {
    /// The confirmation under perfect play by both sides, whoever carries it out (the reference's reading).
    #[default]
    PerfectPlay,
    /// The confirmation the players actually played, one line for each attacker ([`super::string_life_as_played`]).
    AsPlayed,
}

/// J89-R8: which dead stones a player's regions (J89-8.1) take in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DeadInRegions {
    /// The opponent's dead stones (the reference's reading).
    #[default]
    Opponent,
    /// None: read literally, a point next to a dead stone is not surrounded by live stones alone.
    None,
    /// Dead stones of both colours: P's own dead stones inside P's region are part of it too.
    Both,
}

/// J89-R12: on which points the confirmation plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ConfirmationBoard {
    /// Every point but the settled eye spaces of the stop position (the reference's reading).
    #[default]
    Contested,
    /// Every point of the board.
    Whole,
}

impl ConfirmationBoard {
    /// J89-R12: the points of `stop` on which the confirmation makes no play.
    pub fn off_limits(self, stop: &Position) -> PointSet {
        self.off_limits_given(stop, &ByColor::from_fn(|c| pass_alive(stop, c)))
    }

    /// J89-R12: [`ConfirmationBoard::off_limits`], given each colour's pass-alive stones of `stop`.
    pub fn off_limits_given(self, stop: &Position, pass_alive: &ByColor<PointSet>) -> PointSet {
        match self {
            ConfirmationBoard::Contested => settled_eye_spaces(stop, pass_alive),
            ConfirmationBoard::Whole => PointSet::empty(stop.board()),
        }
    }
}

/// J89-R7, `ko_pass: pooled`: how many of `victim`'s captures in force his unused passes can pay for at once. The
/// credits are nested (a later pass may pay for every capture an earlier one may, as long as both are in force), so
/// matching them smallest first is optimal.
fn payable(credits: &[BTreeSet<KoBan>], victim: Color) -> usize {
    let mut mine: Vec<&BTreeSet<KoBan>> = credits
        .iter()
        .filter(|c| c.iter().next().is_some_and(|b| b.victim == victim))
        .collect();
    mine.sort_by_key(|c| c.len());
    let mut used: BTreeSet<KoBan> = BTreeSet::new();
    for c in mine {
        if let Some(b) = c.iter().find(|b| !used.contains(b)) {
            used.insert(*b);
        }
    }
    used.len()
}

/// J89-R5, J89-7.3, J89-7.4, J89-R7: the moves from a state and the states they lead to, with no play on
/// `off_limits` (J89-R12) and passes paying for kos as `ko_pass` says: [`candidates`] made by [`successor`], in
/// their order. A terminal state (two plain passes) has none.
pub fn successors(
    state: &ConfirmState,
    off_limits: &PointSet,
    ko_pass: KoPass,
) -> Vec<(ConfirmMove, ConfirmState)> {
    candidates(state, off_limits, ko_pass)
        .into_iter()
        .filter_map(|mv| successor(state, mv).map(|next| (mv, next)))
        .collect()
}

/// J89-R5, J89-7.3, J89-R7: the moves that may be legal from `state`, in order: a play on every empty point not
/// on `off_limits` (J89-R12), by index (whether it is legal, [`successor`] says), then the plain pass, then the
/// passes for a ko (each legal). A search can order them and make only those it visits.
pub fn candidates(
    state: &ConfirmState,
    off_limits: &PointSet,
    ko_pass: KoPass,
) -> Vec<ConfirmMove> {
    let me = state.to_move;
    let p = &state.position;
    let mut out: Vec<ConfirmMove> = p
        .board()
        .points()
        .filter(|&point| p.get(point).is_none() && !off_limits.contains(point))
        .map(ConfirmMove::Play)
        .collect();
    out.push(ConfirmMove::Pass);
    let against_me = state.bans.iter().filter(|b| b.victim == me);
    match ko_pass {
        KoPass::Designated => out.extend(against_me.map(|b| ConfirmMove::PassFor(*b))),
        // A pass for a ko is allowed while some capture against me is not yet paid for by my unused passes.
        KoPass::Pooled if payable(&state.credits, me) < against_me.count() => {
            out.push(ConfirmMove::PassForAnyKo)
        }
        KoPass::Pooled => {}
    }
    out
}

/// J89-R5, J89-7.3, J89-7.4, J89-R7: the state `mv` leads to from `state` (one of its [`candidates`]), or `None`
/// if the play is illegal: suicide, or the recapture of a ko capture not yet paid for.
pub fn successor(state: &ConfirmState, mv: ConfirmMove) -> Option<ConfirmState> {
    let me = state.to_move;
    let p = &state.position;
    let pass_to = |bans: BTreeSet<KoBan>, passed: bool, credits: Vec<BTreeSet<KoBan>>| {
        Some(ConfirmState {
            position: p.clone(),
            to_move: me.opponent(),
            bans,
            passed,
            credits,
        })
    };
    match mv {
        ConfirmMove::Play(point) => {
            let effect = apply_play(p, me, point, SuicideRule::Prohibited).ok()?;
            // J89-7.3: the recapture of an unpaid ko capture against me is banned.
            let retaken = state.bans.iter().find(|b| {
                b.victim == me
                    && b.x == point
                    && effect.captured.len() == 1
                    && effect.captured.contains(b.y)
            });
            let mut credits = state.credits.clone();
            if let Some(ban) = retaken {
                // J89-R7: under `pooled`, the recapture uses up the smallest unused pass that may pay for it.
                let i = (0..credits.len())
                    .filter(|&i| credits[i].contains(ban))
                    .min_by_key(|&i| credits[i].len())?;
                credits.remove(i);
            }
            // A ban lapses when its capturing stone is gone: that capture can never be retaken.
            let in_force = |b: &KoBan| effect.position.get(b.y) == Some(b.victim.opponent());
            let mut bans: BTreeSet<KoBan> = state.bans.iter().copied().filter(in_force).collect();
            for c in &mut credits {
                c.retain(in_force);
            }
            credits.retain(|c| !c.is_empty());
            credits.sort();
            if let Some(ban) = ko_capture(p, &effect.position, &effect.captured, me, point) {
                bans.insert(ban);
            }
            Some(ConfirmState {
                position: effect.position,
                to_move: me.opponent(),
                bans,
                passed: false,
                credits,
            })
        }
        ConfirmMove::Pass => pass_to(state.bans.clone(), true, state.credits.clone()),
        ConfirmMove::PassFor(b) => {
            let mut bans = state.bans.clone();
            bans.remove(&b);
            pass_to(bans, false, state.credits.clone())
        }
        ConfirmMove::PassForAnyKo => {
            let against_me: BTreeSet<KoBan> = state
                .bans
                .iter()
                .copied()
                .filter(|b| b.victim == me)
                .collect();
            let mut credits = state.credits.clone();
            credits.push(against_me);
            credits.sort();
            pass_to(state.bans.clone(), false, credits)
        }
    }
}

/// J89-R5: the confirmation game from a stop position with `attacker` moving first, as an explicit graph.
pub struct ConfirmGame {
    states: Vec<ConfirmState>,
    /// Successor indices of each state; empty for terminal states.
    edges: Vec<Vec<usize>>,
    terminal: Vec<bool>,
    attacker: Color,
}

/// The default allowance of states for [`ConfirmGame::build`].
pub const DEFAULT_STATE_LIMIT: usize = 2_000_000;

impl ConfirmGame {
    /// J89-R5: builds every state reachable from `stop` with `first` to move, no play on `off_limits`
    /// (J89-R12) and kos paid for as `ko_pass` says (J89-R7), up to `limit` states; `attacker` tries to capture.
    pub fn build(
        stop: &Position,
        attacker: Color,
        first: Color,
        off_limits: &PointSet,
        ko_pass: KoPass,
        limit: usize,
    ) -> Result<ConfirmGame, ConfirmError> {
        // A state is keyed with whether the move into it ended the confirmation (a plain pass after a plain
        // pass): such a state is terminal (J89-R5).
        let start = ConfirmState::start(stop, first);
        let mut index: HashMap<(ConfirmState, bool), usize> = HashMap::new();
        let mut states = vec![start.clone()];
        let mut terminal = vec![false];
        let mut edges: Vec<Vec<usize>> = vec![Vec::new()];
        index.insert((start, false), 0);
        let mut next = 0;
        while next < states.len() {
            let from = states[next].clone();
            if terminal[next] {
                next += 1;
                continue;
            }
            let mut out = Vec::new();
            for (mv, to) in successors(&from, off_limits, ko_pass) {
                let ends = matches!(mv, ConfirmMove::Pass) && from.passed;
                let key = (to.clone(), ends);
                let id = match index.get(&key) {
                    Some(&i) => i,
                    None => {
                        if states.len() >= limit {
                            return Err(ConfirmError::TooManyStates { limit });
                        }
                        states.push(to.clone());
                        terminal.push(ends);
                        edges.push(Vec::new());
                        index.insert(key, states.len() - 1);
                        states.len() - 1
                    }
                };
                out.push(id);
            }
            edges[next] = out;
            next += 1;
        }
        Ok(ConfirmGame {
            states,
            edges,
            terminal,
            attacker,
        })
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether the graph is empty (it never is: it holds the start).
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// J89-R5: whether the attacker can force an end of the confirmation at which no point of `home` (the
    /// string's points, or those and their neighbours: [`NewStone::home`]) holds a stone of its owner (the string
    /// is dead); play that never ends counts for the owner. Computed as the attacker's attractor of the winning
    /// terminal states.
    pub fn can_capture(&self, home: &PointSet) -> bool {
        let defender = self.attacker.opponent();
        let n = self.states.len();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, out) in self.edges.iter().enumerate() {
            for &j in out {
                preds[j].push(i);
            }
        }
        let mut win = vec![false; n];
        let mut left: Vec<usize> = self.edges.iter().map(Vec::len).collect();
        let mut queue = Vec::new();
        for (i, state) in self.states.iter().enumerate() {
            if self.terminal[i] && home.iter().all(|p| state.position.get(p) != Some(defender)) {
                win[i] = true;
                queue.push(i);
            }
        }
        while let Some(j) = queue.pop() {
            for &i in &preds[j] {
                if win[i] || self.terminal[i] {
                    continue;
                }
                let attacker_moves = self.states[i].to_move == self.attacker;
                left[i] = left[i].saturating_sub(1);
                if attacker_moves || left[i] == 0 {
                    win[i] = true;
                    queue.push(i);
                }
            }
        }
        win[0]
    }
}
