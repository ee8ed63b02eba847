//! SOLVER-3.13: sums of regions: a high bound on an analysis's value from the board split at the immortal stones
//! into regions, each answered by a local strategy of the minimiser's own, at most one of them through a ko fight.

use crate::color::Color;

use super::search::{Budget, OutOfNodes};
use super::stones::{bit, points, points_of, FastMap, Geometry, Mask, Stones};

/// SOLVER-3.13: the most states one region's search without ko visits before the region counts as not held.
const REGION_NODES: u64 = 5_000;

/// SOLVER-3.13: the most states the search of the region with a ko fight visits before it gives up.
const KO_NODES: u64 = 2_000;

/// SOLVER-3.13: the most nodes all the searches of one bound may visit together.
const CALL_NODES: u64 = 10_000;

/// SOLVER-3.13: the most empty intersections a region may have to be searched at all.
const REGION_EMPTY: u32 = 14;

/// SOLVER-3.13: a region of the split and what its local game depends on besides the stones in it: the immortal
/// stones of both players (the walls: nothing in the region can capture them), the intersections of the
/// minimiser's vital regions (he never plays there, so his immortal stones stay immortal), and the points each
/// intersection is worth to the maximiser (NAJ-7.1, NAJ-7.2: 1 if empty in the final-position, 2 if it holds a
/// stone of the minimiser there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Frame {
    region: Mask,
    attacker_walls: Mask,
    defender_walls: Mask,
    forbidden: Mask,
    ones: Mask,
    twos: Mask,
}

/// SOLVER-3.13: the stones in a region: the maximiser's (the attacker's) and the minimiser's (the defender's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Local {
    attacker: Mask,
    defender: Mask,
}

impl Local {
    /// The stones of `position` in `region`, the attacker's and the defender's.
    fn in_region(position: &Stones, region: Mask, attacker: Color) -> Local {
        Local {
            attacker: position.of(attacker) & region,
            defender: position.of(attacker.opponent()) & region,
        }
    }

    /// The whole position: these stones on the rest `outside` (which has none in their region).
    fn with(&self, outside: Stones, attacker: Color) -> Stones {
        let (black, white) = match attacker {
            Color::Black => (self.attacker, self.defender),
            Color::White => (self.defender, self.attacker),
        };
        Stones {
            black: outside.black | black,
            white: outside.white | white,
        }
    }
}

/// SOLVER-3.13: what a play in a region's local game does.
enum Outcome {
    /// Not allowed (occupied, suicide, or a play the defender's strategy never makes).
    Illegal,
    /// The stones after it, and whether it captured a stone of the defender.
    Stones(Local, bool),
}

/// SOLVER-3.13: what the regions' searches remember, for the whole solve (the final-position, hence the weights,
/// is fixed): per region content and threshold, whether the defender keeps the maximiser at most at it without a
/// ko fight, and the same for the region of the ko fight from a state with no history (a canonical state).
#[derive(Default)]
pub(crate) struct SumCache {
    held: FastMap<(Frame, Local, i64), bool>,
    removable: FastMap<(Frame, Local), bool>,
    canonical: FastMap<(Frame, Local, bool, Elsewhere, i64), bool>,
    /// The searches that ran past their allowance (without ko: `None`; with a ko fight: what the attacker's plays
    /// elsewhere lead to), not tried again.
    gave_up: FastMap<(Frame, Local, i64, Option<Elsewhere>), ()>,
    /// Per region (intersections) and kind of search (without ko, with a ko fight, with a ko fight beside
    /// conceded regions): how often one was tried and how often it showed the region held; a region whose
    /// searches of a kind keep failing is no longer tried.
    record: FastMap<(Mask, Kind), (u32, u32)>,
}

/// SOLVER-3.13: the kinds of a region's search, counted apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    WithoutKo,
    KoFight,
    KoFightBesideConceded,
}

/// SOLVER-3.13: what the attacker's play elsewhere leads to in the search of the ko fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Elsewhere {
    /// Beside regions the defender holds: he answers there, and the attacker is to move again in the ko fight.
    Answered,
    /// Beside regions all conceded to the attacker: the defender ignores the play and is to move in the ko fight.
    Conceded,
}

/// SOLVER-3.13: after this many searches of a region of one kind without one that holds, that kind is no longer
/// tried on the region in this solve.
const HOPELESS: u32 = 12;

/// SOLVER-3.13: what the bound needs of the state: the board, the final-position, the maximiser, the position,
/// both players' immortal stones in it, whether an earlier play made a transition (whole positions), and the
/// positions of the move-sequence so far.
pub(crate) struct SumState<'a> {
    pub geometry: &'a Geometry,
    pub final_position: &'a Stones,
    pub maximizer: Color,
    pub position: &'a Stones,
    pub immortal: Stones,
    pub transition_used: &'a dyn Fn(&Stones, &Stones) -> bool,
    /// The positions of the move-sequence so far.
    pub line: &'a [Stones],
}

/// SOLVER-3.13: whether the sum of the regions shows the value of the state below `t` (the answer depends on the
/// whole history: the positions it went through and the transitions it made).
pub(crate) fn verdict(
    state: &SumState,
    t: i64,
    cache: &mut SumCache,
    budget: &mut Budget,
) -> Result<bool, OutOfNodes> {
    let geometry = state.geometry;
    if geometry.isolated() != 0 {
        return Ok(false);
    }
    let attacker = state.maximizer;
    let defender = attacker.opponent();
    let attacker_walls = state.immortal.of(attacker);
    let defender_walls = state.immortal.of(defender);
    let all = geometry.all();
    let open = all & !attacker_walls & !defender_walls;
    if open == all {
        return Ok(false);
    }
    let ones = all & !state.final_position.occupied();
    let twos = state.final_position.of(defender);
    let fixed = points(state.final_position, all, attacker, attacker_walls);
    let limit = t - 1 - fixed;
    if limit < 0 {
        return Ok(false);
    }
    let forbidden = vital_points(geometry, state.position, defender, defender_walls);
    let frames: Vec<(Frame, Local)> = geometry
        .strings_through(open, all)
        .map(|region| {
            (
                Frame {
                    region,
                    attacker_walls,
                    defender_walls,
                    forbidden: forbidden & region,
                    ones: ones & region,
                    twos: twos & region,
                },
                Local::in_region(state.position, region, attacker),
            )
        })
        .collect();
    // The least each region's bound can be (the stones joined to the attacker's walls are his for good): a quick
    // test that the sum cannot settle the question.
    let least: Vec<i64> = frames
        .iter()
        .map(|(frame, local)| frame.least(geometry, *local))
        .collect();
    if least.iter().sum::<i64>() > limit {
        return Ok(false);
    }
    // Tried only when some region has a ko now: without one, in whole NAJ runs, the bound decided nothing more and
    // its searches used up the nodes of other checks (SOLVER-8.13).
    if !frames
        .iter()
        .any(|(frame, local)| frame.has_ko(geometry, *local))
    {
        return Ok(false);
    }
    let mut game = RegionGames {
        geometry,
        cache,
        nodes: 0,
        call_cap: CALL_NODES,
    };
    let held = game.split(state, &frames, &least, limit).is_some();
    budget.spend(game.nodes)?;
    Ok(held)
}

/// SOLVER-3.13: the intersections of `defender`'s regions (NAJ-5.2) vital to one of his immortal strings.
fn vital_points(geometry: &Geometry, position: &Stones, defender: Color, immortal: Mask) -> Mask {
    let own = position.of(defender);
    let empty = geometry.all() & !position.occupied();
    let strings: Vec<Mask> = geometry.strings_through(immortal, immortal).collect();
    geometry
        .strings_through(geometry.all() & !own, geometry.all())
        .filter(|&region| {
            let open = region & empty;
            open != 0
                && strings
                    .iter()
                    .any(|&string| open & !(geometry.around(string) & empty) == 0)
        })
        .fold(0, |vital, region| vital | region)
}

impl Frame {
    /// The walls of the attacker (`of_attacker`) or of the defender.
    fn with_walls(&self, of_attacker: bool) -> Mask {
        if of_attacker {
            self.attacker_walls
        } else {
            self.defender_walls
        }
    }

    /// SOLVER-3.13: the stones of the attacker in the region joined to his walls: no play in the region captures
    /// them (his walls are immortal, and the defender never fills their last liberty in a region).
    fn anchored(&self, geometry: &Geometry, attacker: Mask) -> Mask {
        geometry
            .strings_through(attacker | self.attacker_walls, attacker)
            .filter(|string| string & self.attacker_walls != 0)
            .fold(0, |anchored, string| anchored | string)
            & attacker
    }

    /// The points the intersections of `controls` in the region are worth to the attacker.
    fn worth(&self, controls: Mask) -> i64 {
        i64::from((controls & self.ones).count_ones())
            + 2 * i64::from((controls & self.twos).count_ones())
    }

    /// NAJ-6.1: the intersections of the region the attacker may control if `lasting` are all his stones there
    /// that may be immortal: those stones, and the intersections whose every neighbour is one of them or one of
    /// his walls.
    fn controls(&self, geometry: &Geometry, lasting: Mask) -> Mask {
        let held = lasting | self.attacker_walls;
        let surrounded = points_of(self.region & !lasting)
            .filter(|&index| geometry.neighbours_of(index) & !held == 0)
            .fold(0, |mask, index| mask | bit(index));
        lasting | surrounded
    }

    /// The least the region's bound can be: what the stones joined to the attacker's walls control.
    fn least(&self, geometry: &Geometry, local: Local) -> i64 {
        self.worth(self.controls(geometry, self.anchored(geometry, local.attacker)))
    }

    /// CORE-5, SOLVER-3.13: a play on `index` by the attacker (`by_attacker`) or the defender in the region's
    /// local game. A string of the mover joined to his walls always has a liberty (they are immortal); any other
    /// needs one in the region after its captures. Strings of the opponent joined to his walls are never
    /// captured; the others have all their liberties in the region. The defender never plays on an intersection
    /// of his vital regions, nor on the last liberty in the region of a string of the attacker joined to the
    /// attacker's walls (so that he never captures one of them, should the attacker have filled his own eyes).
    fn play(&self, geometry: &Geometry, local: Local, by_attacker: bool, index: usize) -> Outcome {
        let point = bit(index);
        if (local.attacker | local.defender) & point != 0 || self.region & point == 0 {
            return Outcome::Illegal;
        }
        if !by_attacker && self.forbidden & point != 0 {
            return Outcome::Illegal;
        }
        let (own, theirs) = if by_attacker {
            (local.attacker, local.defender)
        } else {
            (local.defender, local.attacker)
        };
        let own_walls = self.with_walls(by_attacker);
        let their_walls = self.with_walls(!by_attacker);
        let placed = own | point;
        let mut remaining = theirs;
        let mut captured = false;
        let neighbours = geometry.neighbours_of(index);
        for string in
            geometry.strings_through(theirs | their_walls, neighbours & (theirs | their_walls))
        {
            let liberties = geometry.around(string) & self.region & !placed & !remaining;
            if string & their_walls != 0 {
                // The defender never fills the last liberty in the region of a string of the attacker's walls.
                let before = geometry.around(string) & self.region & !own & !theirs;
                if !by_attacker && liberties == 0 && before != 0 {
                    return Outcome::Illegal;
                }
                continue;
            }
            if liberties == 0 {
                remaining &= !string;
                captured = true;
            }
        }
        let string = geometry.string(placed | own_walls, index);
        if string & own_walls == 0
            && geometry.around(string) & self.region & !placed & !remaining == 0
        {
            return Outcome::Illegal;
        }
        let after = if by_attacker {
            Local {
                attacker: placed,
                defender: remaining,
            }
        } else {
            Local {
                attacker: remaining,
                defender: placed,
            }
        };
        Outcome::Stones(after, captured && by_attacker)
    }
}

/// SOLVER-3.13: the regions' local searches, their shared memory and the states they visited.
struct RegionGames<'g, 'c> {
    geometry: &'g Geometry,
    cache: &'c mut SumCache,
    nodes: u64,
    /// The most nodes all the searches of one bound may visit.
    call_cap: u64,
}

/// SOLVER-3.13: what the search of the region with a ko fight keeps: the threshold, the canonical states known
/// not held (assumed held until shown otherwise), those met, and the answers of this round.
struct KoSearch {
    frame: Frame,
    /// The region's stones in the positions of the move-sequence whose rest of the board is the current one's.
    earlier: Vec<Local>,
    k: i64,
    elsewhere: Elsewhere,
    /// Canonical states (the stones, and whether the defender is to move) known not held.
    unsafe_states: FastMap<(Local, bool), ()>,
    met: Vec<(Local, bool)>,
    seen: FastMap<(Local, bool), ()>,
    memo: FastMap<(Local, u128, Option<Local>, bool), bool>,
    limit: u64,
}

impl RegionGames<'_, '_> {
    /// SOLVER-3.13: `Some(())` if the regions `frames` (whose bounds are at least `least`) are all held within
    /// `limit` in all, one of them possibly through a ko fight; `None` if not shown.
    fn split(
        &mut self,
        state: &SumState,
        frames: &[(Frame, Local)],
        least: &[i64],
        limit: i64,
    ) -> Option<()> {
        let geometry = self.geometry;
        let attacker = state.maximizer;
        // The region of the ko fight: one whose earlier positions in the move-sequence a later one could repeat
        // (at most one may be such), else the first with a ko now. The others are searched without the ko
        // rules, each at its least first.
        let mut recurring = None;
        for (i, (frame, local)) in frames.iter().enumerate() {
            if !frame.stays_new(state.line, *local, attacker) && recurring.replace(i).is_some() {
                return None;
            }
        }
        let ko_region = recurring.or_else(|| {
            frames
                .iter()
                .position(|(frame, local)| frame.has_ko(geometry, *local))
        });
        self.held_answered(state, frames, least, limit, ko_region, recurring)
            .or_else(|| self.held_conceded(state, frames, least, limit, ko_region?))
    }

    /// SOLVER-3.13: `Some(())` if the regions are held, the one of index `ko_region` (if any) possibly through a
    /// ko fight and each other one without ko, within `limit` in all.
    fn held_answered(
        &mut self,
        state: &SumState,
        frames: &[(Frame, Local)],
        least: &[i64],
        limit: i64,
        ko_region: Option<usize>,
        recurring: Option<usize>,
    ) -> Option<()> {
        let geometry = self.geometry;
        let mut slack = limit - least.iter().sum::<i64>();
        let mut open = Vec::new();
        for (i, (frame, local)) in frames.iter().enumerate() {
            if Some(i) == ko_region {
                continue;
            }
            let h = if self.worth_trying(frame.region, Kind::WithoutKo) {
                let h = self.held_without_ko(*frame, *local, least[i]);
                self.note(frame.region, Kind::WithoutKo, h == Some(true));
                h
            } else {
                None
            };
            match h {
                Some(true) => {}
                _ => open.push(i),
            }
        }
        open.extend(ko_region);
        if open.is_empty() {
            return Some(());
        }
        // The regions not held at their least: the last (the region of the ko fight) may hold through a ko fight;
        // each other one at the least threshold the slack allows.
        let (&last, others) = open.split_last()?;
        if !self.worth_trying(frames[last].0.region, Kind::KoFight) {
            return None;
        }
        for &i in others {
            let (frame, local) = frames[i];
            let k = self.least_held(frame, local, least[i] + 1, least[i] + slack)?;
            slack -= k - least[i];
        }
        let (frame, local) = frames[last];
        let k = least[last] + slack;
        if recurring.is_none() && slack > 0 && self.held_without_ko(frame, local, k) == Some(true) {
            return Some(());
        }
        // A ko fight is searched only in a region with a ko now.
        if !frame.has_ko(geometry, local) {
            return None;
        }
        let h = self.ko_fight(state, frame, local, k, Elsewhere::Answered);
        self.note(frame.region, Kind::KoFight, h == Some(true));
        h?.then_some(())
    }

    /// SOLVER-3.13: `Some(())` if, with every region but the one of index `ko` conceded to the attacker (counted at
    /// all it is worth), the defender holds that one through a ko fight in which the attacker's plays elsewhere
    /// need no answer: the defender moves next in it.
    fn held_conceded(
        &mut self,
        state: &SumState,
        frames: &[(Frame, Local)],
        least: &[i64],
        limit: i64,
        ko: usize,
    ) -> Option<()> {
        let geometry = self.geometry;
        let attacker = state.maximizer;
        // The other regions' intersections, and all they are worth.
        let (others, conceded) = frames.iter().enumerate().filter(|(i, _)| *i != ko).fold(
            (0, 0),
            |(mask, worth), (_, (frame, _))| {
                (mask | frame.region, worth + frame.worth(frame.region))
            },
        );
        let (frame, local) = frames[ko];
        let k = limit - conceded;
        let own = state.position.of(attacker) & others;
        if others != 0
            && k >= least[ko]
            && frame.has_ko(geometry, local)
            && state
                .line
                .iter()
                .all(|past| past.of(attacker) & others & !own == 0)
            && self.worth_trying(frame.region, Kind::KoFightBesideConceded)
        {
            let h = self.ko_fight(state, frame, local, k, Elsewhere::Conceded);
            self.note(frame.region, Kind::KoFightBesideConceded, h == Some(true));
            if h == Some(true) {
                return Some(());
            }
        }
        None
    }

    /// SOLVER-3.13: whether the defender holds the region `frame` with the stones `local` at `k` through a ko fight,
    /// the attacker's plays elsewhere leading to what `elsewhere` says; `None` past the allowance.
    fn ko_fight(
        &mut self,
        state: &SumState,
        frame: Frame,
        local: Local,
        k: i64,
        elsewhere: Elsewhere,
    ) -> Option<bool> {
        let attacker = state.maximizer;
        let outside = Stones {
            black: state.position.black & !frame.region,
            white: state.position.white & !frame.region,
        };
        let first_epoch_used = |from: Local, to: Local| {
            (state.transition_used)(&from.with(outside, attacker), &to.with(outside, attacker))
        };
        let earlier: Vec<Local> = state
            .line
            .iter()
            .filter(|p| {
                p.black & !frame.region == outside.black && p.white & !frame.region == outside.white
            })
            .map(|p| Local::in_region(p, frame.region, attacker))
            .collect();
        self.unless_given_up((frame, local, k, Some(elsewhere)), |games| {
            games.ko_search(frame, local, k, elsewhere, earlier, &first_epoch_used)
        })
    }

    /// Whether searches of this kind are still tried on `region`.
    fn worth_trying(&self, region: Mask, kind: Kind) -> bool {
        let (tries, wins) = self
            .cache
            .record
            .get(&(region, kind))
            .copied()
            .unwrap_or((0, 0));
        tries < HOPELESS || wins * 8 >= tries
    }

    /// Counts a search of this kind on `region`, and whether it showed the region held.
    fn note(&mut self, region: Mask, kind: Kind, held: bool) {
        let entry = crate::allowance::remembered(&mut self.cache.record, (region, kind), || (0, 0));
        entry.0 += 1;
        entry.1 += u32::from(held);
    }

    /// SOLVER-3.13: the least threshold in `low..=high` at which the region is held without a ko fight.
    fn least_held(&mut self, frame: Frame, local: Local, low: i64, high: i64) -> Option<i64> {
        if low > high || !self.held_without_ko(frame, local, high)? {
            return None;
        }
        let (mut low, mut high) = (low, high);
        while low < high {
            let middle = low + (high - low) / 2;
            if self.held_without_ko(frame, local, middle) == Some(true) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        Some(high)
    }

    /// SOLVER-3.13, NAJ-5.1: whether the defender alone, by plays in the region, removes every stone of the
    /// attacker there not joined to his walls (then none of them is immortal); `None` past the allowance.
    fn removable(&mut self, frame: Frame, local: Local, nodes: &mut u64, cap: u64) -> Option<bool> {
        let geometry = self.geometry;
        let mortal = local.attacker & !frame.anchored(geometry, local.attacker);
        if mortal == 0 {
            return Some(true);
        }
        if let Some(&known) = self.cache.removable.get(&(frame, local)) {
            return Some(known);
        }
        *nodes += 1;
        if *nodes > cap || self.nodes + *nodes > self.call_cap {
            return None;
        }
        let empty = frame.region & !local.attacker & !local.defender;
        let liberties = geometry.around(mortal) & empty;
        let mut found = false;
        for index in points_of(liberties).chain(points_of(empty & !liberties)) {
            // The hypothetical of NAJ-5.1: any legal play, on his vital regions too.
            let unrestricted = Frame {
                forbidden: 0,
                ..frame
            };
            if let Outcome::Stones(after, _) = unrestricted.play(geometry, local, false, index) {
                if self.removable(frame, after, nodes, cap)? {
                    found = true;
                    break;
                }
            }
        }
        crate::allowance::remember(&mut self.cache.removable, (frame, local), found);
        Some(found)
    }

    /// SOLVER-3.13: the most the attacker may control in the region with these stones (NAJ-6.1): with his stones
    /// not joined to his walls if the defender cannot remove them all, else without them.
    fn bound(&mut self, frame: Frame, local: Local, nodes: &mut u64, cap: u64) -> Option<i64> {
        let geometry = self.geometry;
        let anchored = frame.anchored(geometry, local.attacker);
        let lasting = if self.removable(frame, local, nodes, cap)? {
            anchored
        } else {
            local.attacker
        };
        Some(frame.worth(frame.controls(geometry, lasting)))
    }

    /// SOLVER-3.13: whether the defender keeps the region's bound at most `k` at every state with the attacker to
    /// move, answering each play of the attacker there by a play there or a pass, with no stone of his ever
    /// captured (so no position of the region recurs, and no ko rule forbids his answers); `None` past the
    /// allowance.
    fn held_without_ko(&mut self, frame: Frame, local: Local, k: i64) -> Option<bool> {
        if frame.empty(local) > REGION_EMPTY {
            return None;
        }
        self.unless_given_up((frame, local, k, None), |games| {
            let mut nodes = 0;
            let answer = games.attacker_to_move(frame, local, k, &mut nodes);
            games.nodes += nodes;
            answer
        })
    }

    /// `search`'s answer, unless a search of the same kind (the key's last part) on the same region, stones and
    /// threshold ran past its allowance before; one that does so now is not tried again.
    fn unless_given_up(
        &mut self,
        key: (Frame, Local, i64, Option<Elsewhere>),
        search: impl FnOnce(&mut Self) -> Option<bool>,
    ) -> Option<bool> {
        if self.cache.gave_up.contains_key(&key) {
            return None;
        }
        let answer = search(self);
        if answer.is_none() {
            crate::allowance::remember(&mut self.cache.gave_up, key, ());
        }
        answer
    }

    fn attacker_to_move(
        &mut self,
        frame: Frame,
        local: Local,
        k: i64,
        nodes: &mut u64,
    ) -> Option<bool> {
        if let Some(&known) = self.cache.held.get(&(frame, local, k)) {
            return Some(known);
        }
        *nodes += 1;
        if *nodes > REGION_NODES || self.nodes + *nodes > self.call_cap {
            return None;
        }
        let geometry = self.geometry;
        let mut holds = self.bound(frame, local, nodes, REGION_NODES)? <= k;
        if holds {
            let empty = frame.region & !local.attacker & !local.defender;
            'plays: for index in points_of(empty) {
                let after = match frame.play(geometry, local, true, index) {
                    Outcome::Illegal => continue,
                    Outcome::Stones(_, true) => {
                        holds = false;
                        break;
                    }
                    Outcome::Stones(after, false) => after,
                };
                // The defender's answers: captures and plays next to the attacker's stones first, the pass last.
                let empty_after = frame.region & !after.attacker & !after.defender;
                let near = geometry.around(after.attacker) & empty_after;
                for answer in points_of(near).chain(points_of(empty_after & !near)) {
                    if let Outcome::Stones(next, _) = frame.play(geometry, after, false, answer) {
                        if self.attacker_to_move(frame, next, k, nodes)? {
                            continue 'plays;
                        }
                    }
                }
                if self.attacker_to_move(frame, after, k, nodes)? {
                    continue;
                }
                holds = false;
                break;
            }
        }
        crate::allowance::remember(&mut self.cache.held, (frame, local, k), holds);
        Some(holds)
    }

    /// SOLVER-3.13: whether the defender keeps the region's bound at most `k` at every state with the attacker to
    /// move, in the local game with the ko rules where the attacker may at any time play elsewhere (after which
    /// no earlier position of the region recurs with the rest of the board: both players' ko restrictions start
    /// afresh); in the first stretch, before the attacker plays elsewhere, the defender's plays also may not make
    /// a transition the move-sequence made (`first_epoch_used`). `None` past the allowance.
    fn ko_search(
        &mut self,
        frame: Frame,
        local: Local,
        k: i64,
        elsewhere: Elsewhere,
        earlier: Vec<Local>,
        first_epoch_used: &dyn Fn(Local, Local) -> bool,
    ) -> Option<bool> {
        let mut search = KoSearch {
            frame,
            earlier,
            k,
            elsewhere,
            unsafe_states: FastMap::default(),
            met: Vec::new(),
            seen: FastMap::default(),
            memo: FastMap::default(),
            limit: KO_NODES,
        };
        // The greatest fixed point: the canonical states are held until a round shows one is not.
        let answer = loop {
            search.memo.clear();
            search.met.clear();
            search.seen.clear();
            let mut history = Vec::new();
            let start = self.ko_attacker(
                &mut search,
                local,
                &mut history,
                None,
                true,
                first_epoch_used,
            );
            let start = start?;
            let mut changed = false;
            let mut i = 0;
            while i < search.met.len() {
                let canonical = search.met[i];
                i += 1;
                if search.unsafe_states.contains_key(&canonical) {
                    continue;
                }
                let (stones, defender_to_move) = canonical;
                let held = if defender_to_move {
                    self.ko_defender(&mut search, stones, first_epoch_used)
                } else {
                    self.ko_attacker(
                        &mut search,
                        stones,
                        &mut Vec::new(),
                        None,
                        false,
                        first_epoch_used,
                    )
                };
                match held {
                    None => return None,
                    Some(true) => {}
                    Some(false) => {
                        search.unsafe_states.insert(canonical, ());
                        changed = true;
                    }
                }
            }
            if !changed {
                break start;
            }
        };
        // Every canonical state met is now known, held or not.
        for canonical in search.met.iter() {
            let held = !search.unsafe_states.contains_key(canonical);
            let key = (frame, canonical.0, canonical.1, elsewhere, k);
            crate::allowance::remember(&mut self.cache.canonical, key, held);
        }
        for canonical in search.unsafe_states.keys() {
            let key = (frame, canonical.0, canonical.1, elsewhere, k);
            crate::allowance::remember(&mut self.cache.canonical, key, false);
        }
        Some(answer)
    }

    /// The canonical state with the defender to move in the ko search, after the attacker's play in a conceded
    /// region: a new stretch, so no ko rule restricts his answer; he captures, passes or plays next to the
    /// attacker's stones.
    fn ko_defender(
        &mut self,
        search: &mut KoSearch,
        local: Local,
        first_epoch_used: &dyn Fn(Local, Local) -> bool,
    ) -> Option<bool> {
        self.defender_answers(
            search,
            local,
            &mut Vec::new(),
            None,
            false,
            false,
            first_epoch_used,
        )
    }

    /// The state with the attacker to move in the ko search: `history` holds the transitions of this stretch
    /// (as pairs of local positions), `forbidden` the position the basic-ko rule forbids him to recreate.
    fn ko_attacker(
        &mut self,
        search: &mut KoSearch,
        local: Local,
        history: &mut Vec<(Local, Local)>,
        forbidden: Option<Local>,
        first: bool,
        first_epoch_used: &dyn Fn(Local, Local) -> bool,
    ) -> Option<bool> {
        let frame = search.frame;
        let key = (local, history_hash(history), forbidden, first);
        if let Some(&known) = search.memo.get(&key) {
            return Some(known);
        }
        self.nodes += 1;
        if search.limit == 0 || self.nodes > self.call_cap {
            return None;
        }
        search.limit -= 1;
        let mut nodes = 0;
        let bound = self.bound(frame, local, &mut nodes, REGION_NODES);
        self.nodes += nodes;
        let mut holds = bound? <= search.k;
        // From here the defender may hold the region without ko if no position of this stretch (or of the
        // move-sequence, in the first) has all his stones here: then none recurs, and no ko rule forbids his plays.
        if holds {
            let own = local.defender;
            let recurs = |e: &Local| e.defender & own == own;
            let may_recur = history.iter().any(|(from, _)| recurs(from))
                || (first && search.earlier.iter().any(recurs));
            if !may_recur && self.held_without_ko(frame, local, search.k) == Some(true) {
                search.memo.insert(key, true);
                return Some(true);
            }
        }
        // He plays elsewhere: a canonical state, held unless known not to be; after a play in a region the defender
        // holds, the attacker is to move again here, after one in a conceded region the defender is.
        let defender_next = search.elsewhere == Elsewhere::Conceded;
        if holds && !self.canonical_holds(search, local, defender_next) {
            holds = false;
        }
        // He passes: the defender answers in the region, or passes too (only the basic-ko rule's restriction goes).
        if holds && forbidden.is_some() {
            holds =
                self.defender_answers(search, local, history, None, true, first, first_epoch_used)?;
        }
        if holds {
            let geometry = self.geometry;
            let empty = frame.region & !local.attacker & !local.defender;
            for index in points_of(empty) {
                let after = match frame.play(geometry, local, true, index) {
                    Outcome::Stones(after, _) => after,
                    Outcome::Illegal => continue,
                };
                if Some(after) == forbidden || history.contains(&(local, after)) {
                    continue;
                }
                history.push((local, after));
                let answered = self.defender_answers(
                    search,
                    after,
                    history,
                    Some(local),
                    false,
                    first,
                    first_epoch_used,
                );
                history.pop();
                if !answered? {
                    holds = false;
                    break;
                }
            }
        }
        search.memo.insert(key, holds);
        Some(holds)
    }

    /// Whether the defender, to move at `local` in a stretch with the transitions `history` (`forbidden`: the
    /// position the basic-ko rule forbids him to recreate), has an answer after which he holds the region. After a
    /// play of the attacker his answers are his captures, his pass and his other plays, in that order; after a pass
    /// of the attacker (`after_pass`), his captures of two stones or more, his pass and his captures of one stone.
    /// His plays are next to the attacker's stones, and none makes a transition of the stretch again, nor in the
    /// first stretch one of the move-sequence. He has no other answers: fewer answers only make the bound weaker.
    #[allow(clippy::too_many_arguments)]
    fn defender_answers(
        &mut self,
        search: &mut KoSearch,
        local: Local,
        history: &mut Vec<(Local, Local)>,
        forbidden: Option<Local>,
        after_pass: bool,
        first: bool,
        first_epoch_used: &dyn Fn(Local, Local) -> bool,
    ) -> Option<bool> {
        let geometry = self.geometry;
        let frame = search.frame;
        let empty = frame.region & !local.attacker & !local.defender;
        let plays: Vec<(Local, u32)> = points_of(geometry.around(local.attacker) & empty)
            .filter_map(|answer| match frame.play(geometry, local, false, answer) {
                Outcome::Stones(next, _) => Some(next),
                Outcome::Illegal => None,
            })
            .filter(|next| {
                Some(*next) != forbidden
                    && !history.contains(&(local, *next))
                    && !(first && first_epoch_used(local, *next))
            })
            .map(|next| (next, (local.attacker & !next.attacker).count_ones()))
            .collect();
        let least_before_pass = if after_pass { 2 } else { 1 };
        let (before, after): (Vec<_>, Vec<_>) = plays
            .into_iter()
            .partition(|&(_, captured)| captured >= least_before_pass);
        let after = after
            .into_iter()
            .filter(|&(_, captured)| !after_pass || captured == 1);
        for (next, _) in before {
            if self.defender_plays(search, local, next, history, first, first_epoch_used)? {
                return Some(true);
            }
        }
        if self.ko_attacker(search, local, history, None, first, first_epoch_used)? {
            return Some(true);
        }
        for (next, _) in after {
            if self.defender_plays(search, local, next, history, first, first_epoch_used)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Whether the defender holds the region after his play from `local` to `next` in the stretch of `history`.
    fn defender_plays(
        &mut self,
        search: &mut KoSearch,
        local: Local,
        next: Local,
        history: &mut Vec<(Local, Local)>,
        first: bool,
        first_epoch_used: &dyn Fn(Local, Local) -> bool,
    ) -> Option<bool> {
        history.push((local, next));
        let held = self.ko_attacker(search, next, history, Some(local), first, first_epoch_used);
        history.pop();
        held
    }

    /// Whether the canonical state of `local` (no history; the attacker to move, or the defender if
    /// `defender_to_move`) is held: known from an earlier search, else assumed until a round of this one shows
    /// otherwise (and then met, to be searched).
    fn canonical_holds(
        &mut self,
        search: &mut KoSearch,
        local: Local,
        defender_to_move: bool,
    ) -> bool {
        let key = (
            search.frame,
            local,
            defender_to_move,
            search.elsewhere,
            search.k,
        );
        if let Some(&known) = self.cache.canonical.get(&key) {
            return known;
        }
        let canonical = (local, defender_to_move);
        if search.unsafe_states.contains_key(&canonical) {
            return false;
        }
        if search.seen.insert(canonical, ()).is_none() {
            search.met.push(canonical);
        }
        true
    }
}

impl Frame {
    /// SOLVER-3.13: whether no position of the move-sequence so far (`line`) could come back in the region once
    /// the defender holds it without a ko fight from `local`: under that strategy his stones there only grow, and
    /// the attacker's grow while his stay; so it holds if every earlier position had a subset of his stones
    /// there, and, with the same ones, a subset of the attacker's.
    fn stays_new(&self, line: &[Stones], local: Local, attacker: Color) -> bool {
        line.iter().all(|past| {
            let past = Local::in_region(past, self.region, attacker);
            past.defender & !local.defender == 0
                && (past.defender != local.defender || past.attacker & !local.attacker == 0)
        })
    }

    /// KO-1: whether a play of either player in the region captures a single stone and leaves the stone played
    /// alone with that intersection as its only liberty (a ko the opponent could take back).
    fn has_ko(&self, geometry: &Geometry, local: Local) -> bool {
        let empty = self.region & !local.attacker & !local.defender;
        points_of(empty).any(|index| {
            [true, false].into_iter().any(|by_attacker| {
                let Outcome::Stones(after, _) = self.play(geometry, local, by_attacker, index)
                else {
                    return false;
                };
                let (before_theirs, after_theirs, after_own) = if by_attacker {
                    (local.defender, after.defender, after.attacker)
                } else {
                    (local.attacker, after.attacker, after.defender)
                };
                let captured = before_theirs & !after_theirs;
                captured.count_ones() == 1
                    && geometry.string(after_own, index) == bit(index)
                    && geometry.neighbours_of(index)
                        & self.region
                        & !after.attacker
                        & !after.defender
                        == captured
            })
        })
    }

    /// The empty intersections of the region.
    fn empty(&self, local: Local) -> u32 {
        (self.region & !local.attacker & !local.defender).count_ones()
    }
}

/// A hash of a stretch's transitions (in any order: each is made at most once), with SOLVER-4.5's hash of a
/// transition (the attacker's stones in the place of Black's).
fn history_hash(history: &[(Local, Local)]) -> u128 {
    let stones = |local: &Local| Stones {
        black: local.attacker,
        white: local.defender,
    };
    history.iter().fold(0u128, |hash, (from, to)| {
        hash ^ super::search::transition_hash(&stones(from), &stones(to))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::allowance::Deadline;
    use crate::moves::Move;
    use crate::naj::game::Analysis;
    use crate::naj::solver::analysis::Control;
    use crate::naj::solver::search::Budget;
    use crate::naj::solver::zones::tests::{
        analysis_history, expected_value, playable, solver_agrees,
    };
    use crate::naj::solver::{analysis_value_after, Limits, Solved, Tuning};
    use crate::position::Position;
    use crate::rules::Ruleset;
    use crate::sequence::Sequence;
    use proptest::prelude::*;

    fn budget() -> Budget {
        Budget {
            used: 0,
            limit: u64::MAX,
            max_depth: usize::MAX,
            deadline: Deadline::NONE,
            tuning: Tuning::default(),
        }
    }

    /// The bound of the current state of `sequence` (an analysis of `start`) for "at least `t`": whether it
    /// disproves it.
    pub(super) fn disproves(
        start: &Position,
        analysis: Analysis,
        sequence: &Sequence,
        t: i64,
        cache: &mut SumCache,
    ) -> bool {
        let geometry = Geometry::new(start.shared_board()).expect("a small board");
        let positions: Vec<Stones> = sequence
            .positions()
            .iter()
            .map(|p| geometry.stones_of(p))
            .collect();
        let maximizer = match analysis {
            Analysis::White => Color::White,
            _ => Color::Black,
        };
        let plays: Vec<(Stones, Stones)> = sequence
            .moves()
            .iter()
            .enumerate()
            .filter(|(_, record)| !record.mv.is_pass())
            .map(|(i, _)| (positions[i], positions[i + 1]))
            .collect();
        let used = |from: &Stones, to: &Stones| plays.iter().any(|(a, b)| a == from && b == to);
        let now = positions[positions.len() - 1];
        let immortal = Control::default().immortal_stones(&geometry, &now);
        let final_position = geometry.stones_of(start);
        let state = SumState {
            geometry: &geometry,
            final_position: &final_position,
            maximizer,
            position: &now,
            immortal,
            transition_used: &used,
            line: &positions,
        };
        verdict(&state, t, cache, &mut budget()).expect("no allowance")
    }

    /// Three rows: an immortal group of one colour in the middle three columns (two eyes), and on each side two
    /// or three columns of random stones and empty intersections: two regions, with kos, captures and sekis,
    /// separated by the immortal stones (the shape SOLVER-3.13 splits).
    fn split_position() -> impl Strategy<Value = Position> {
        (any::<bool>(), 2usize..=3, 2usize..=3)
            .prop_flat_map(|(white_wall, left, right)| {
                proptest::collection::vec(0u8..10, 3 * (left + right)).prop_map(move |cells| {
                    let wall = if white_wall { 'O' } else { '#' };
                    let cell = |code: u8| match code {
                        0..=3 => '#',
                        4..=7 => 'O',
                        _ => '.',
                    };
                    let width = left + right;
                    let rows: Vec<String> = (0..3)
                        .map(|row| {
                            let side = |column: usize| cell(cells[row * width + column]);
                            let middle: [char; 3] = if row == 1 {
                                [wall; 3]
                            } else {
                                [wall, '.', wall]
                            };
                            (0..left)
                                .map(side)
                                .chain(middle)
                                .chain((left..width).map(side))
                                .collect()
                        })
                        .collect();
                    Position::from_rows(&rows).expect("a rectangle")
                })
            })
            .prop_filter("every string has a liberty", playable)
    }

    /// The position of `rows` with each `(row, column, code)` of `changes` set to a black stone, a white stone or
    /// empty (code 0, 1, 2), and the colours exchanged if `swap`.
    fn perturbed(rows: &[&str], changes: &[(usize, usize, u8)], swap: bool) -> Position {
        let mut cells: Vec<Vec<char>> = rows.iter().map(|row| row.chars().collect()).collect();
        for &(row, column, code) in changes {
            cells[row][column] = ['#', 'O', '.'][usize::from(code)];
        }
        let rows: Vec<String> = cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&c| match (c, swap) {
                        ('#', true) => 'O',
                        ('O', true) => '#',
                        (c, _) => c,
                    })
                    .collect()
            })
            .collect();
        Position::from_rows(&rows).expect("a rectangle")
    }

    /// The left side of the triple ko of seed 000's discussed examples (naj-discussed-triple-ko-score-minus-16,
    /// columns A to G): a double ko between Black's and White's groups on the left, Black's immortal group with two
    /// eyes on the right (where either player may play elsewhere than the ko); with the colours exchanged or not,
    /// and up to two intersections of the left side changed at random (single kos, kos already resolved, groups
    /// short of liberties): the shapes where the region of a ko fight is or is not held.
    fn double_ko_position() -> impl Strategy<Value = Position> {
        (
            any::<bool>(),
            proptest::collection::vec((0usize..5, 0usize..4, 0u8..3), 0..=2),
        )
            .prop_map(|(swap, changes)| {
                let rows = ["##.O#.#", "##OO###", "#.#O#.#", "##OO###", "#O.O###"];
                perturbed(&rows, &changes, swap)
            })
            .prop_filter("every string has a liberty", playable)
    }

    /// The left side of the 1000-year ko of seed 000 (naj-1000-year-ko-final-black-ko-stone, columns A to H): Black's
    /// three stones in White's corner with the ko at A4-B4, the ko stone Black's or White's, beside Black's immortal
    /// group with two eyes (whose eyes are the only regions beside the ko's: conceded, so that a play there is a
    /// tempo for the defender); with the colours exchanged or not, and up to two intersections of the left side
    /// changed at random: single kos won only with a move to spare.
    fn thousand_year_ko_position() -> impl Strategy<Value = Position> {
        (
            any::<bool>(),
            any::<bool>(),
            proptest::collection::vec((0usize..4, 0usize..5, 0u8..3), 0..=2),
        )
            .prop_map(|(swap, white_ko_stone, changes)| {
                let top = if white_ko_stone {
                    ".O#.O#.#"
                } else {
                    "#.#.O#.#"
                };
                let rows = [top, "O##.O###", "OOOOO#.#", "OOOOO###"];
                perturbed(&rows, &changes, swap)
            })
            .prop_filter("every string has a liberty", playable)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// SOLVER-6.5, SOLVER-3.13: every question the sum of regions settles, after a random history (kos taken,
        /// stones lost), is settled as plain minimax says, in the black- and white-analysis under either end rule;
        /// and the whole search with the sums gives minimax's value.
        #[test]
        fn sums_of_regions_hold_the_plain_minimax_value(
            start in prop_oneof![split_position(), double_ko_position()],
            white_analysis in any::<bool>(),
            two_passes in any::<bool>(),
            picks in proptest::collection::vec(any::<u8>(), 0..8),
        ) {
            holds_the_value(&start, white_analysis, two_passes, &picks)?;
        }

        /// SOLVER-3.13: the same on the left side of the 1000-year ko, where the defender holds the ko only with the
        /// tempo a play of the attacker in a conceded region gives him.
        #[test]
        fn sums_beside_conceded_regions_hold_the_value(
            start in thousand_year_ko_position(),
            white_analysis in any::<bool>(),
            two_passes in any::<bool>(),
            picks in proptest::collection::vec(any::<u8>(), 0..8),
        ) {
            holds_the_value(&start, white_analysis, two_passes, &picks)?;
        }
    }

    /// SOLVER-6.5, SOLVER-3.13: the property of the tests above for one start, analysis, end rule and history.
    fn holds_the_value(
        start: &Position,
        white_analysis: bool,
        two_passes: bool,
        picks: &[u8],
    ) -> Result<(), TestCaseError> {
        let analysis = if white_analysis {
            Analysis::White
        } else {
            Analysis::Black
        };
        let (ruleset, sequence, played) = analysis_history(start, analysis, two_passes, picks);
        let without = Limits {
            max_nodes: 1_500_000,
            deadline: Deadline::NONE,
            tuning: Tuning {
                region_sums: false,
                ..Tuning::default()
            },
        };
        let expected = expected_value(&ruleset, start, analysis, &played, without);
        let Some(expected) = expected else {
            return Ok(());
        };
        let mut cache = SumCache::default();
        for t in expected - 20..=expected + 20 {
            if disproves(start, analysis, &sequence, t, &mut cache) {
                prop_assert!(
                    expected < t,
                    "{:?} of {:?} after {:?}: value {}, disproved at least {}",
                    analysis,
                    start,
                    played,
                    expected,
                    t
                );
            }
        }
        let with = Limits {
            tuning: Tuning {
                region_sums: true,
                ..Tuning::default()
            },
            ..without
        };
        solver_agrees(&ruleset, start, analysis, &played, with, expected)
    }

    /// SOLVER-3.13: the triple ko of seed 000's discussed examples after White's capture at M5 and Black's pass:
    /// the left side is a double ko neither player wins, the right side White's; the sum of the regions shows
    /// Black's score at most 2 (his two eyes in the middle), which no other bound shows.
    #[test]
    fn a_double_ko_beside_a_captured_side_is_held() {
        let start = Position::from_rows(&[
            "##.O#.#O.O#.O",
            "##OO###OOO##O",
            "#.#O#.#O.O#OO",
            "##OO###OOO#O.",
            "#O.O###OOO##O",
        ])
        .expect("a rectangle");
        let ruleset = Ruleset::naj();
        let mut sequence = Sequence::new(start.clone(), Color::White, ruleset.sequence_rules());
        // M5: the twelfth intersection of the top row.
        let m5 = start.board().point(11).expect("a point");
        sequence.play(Move::Play(m5)).expect("legal");
        sequence.play(Move::Pass).expect("legal");
        let mut cache = SumCache::default();
        assert!(disproves(&start, Analysis::Black, &sequence, 3, &mut cache));
        assert!(!disproves(
            &start,
            Analysis::Black,
            &sequence,
            2,
            &mut cache
        ));
    }

    /// SOLVER-3.13: the final-position of seed 000's 1000-year ko with Black's ko stone (naj-1000-year-ko-final-black-
    /// ko-stone): in the black-analysis White holds the left side at 0 only by ignoring Black's threat in the right
    /// seki (the right side conceded to Black, 12 points) and capturing at D3; the sum of the regions shows the
    /// black-score at most 14 (the seed's value) and not at most 13. With the attacker's plays elsewhere answered
    /// elsewhere (the attacker moving again in the ko) the bound shows nothing here.
    #[test]
    fn a_ko_beside_a_conceded_side_is_held_with_the_tempo() {
        let start =
            Position::from_rows(&["#.#.O#.#O##", "O##.O###O.#", "OOOOO#.#O.#", "OOOOO###OO#"])
                .expect("a rectangle");
        let ruleset = Ruleset::naj();
        let sequence = Sequence::new(start.clone(), Color::White, ruleset.sequence_rules());
        let mut cache = SumCache::default();
        assert!(disproves(
            &start,
            Analysis::Black,
            &sequence,
            15,
            &mut cache
        ));
        assert!(!disproves(
            &start,
            Analysis::Black,
            &sequence,
            14,
            &mut cache
        ));
    }

    /// SOLVER-3.13: on the left side of the triple ko, after White's ko capture at B3, Black's pass and White's C3,
    /// Black's score is 21 (White's play at C3 leaves his group short of liberties); in the local game of the ko
    /// fight White may not take back at once what Black's next capture takes (KO-1). A version that let him (found by
    /// the property test, whose case is kept in its regressions file) claimed Black's score below 3.
    #[test]
    fn the_defender_may_not_take_a_ko_back_at_once() {
        let start = Position::from_rows(&["##.O#.#", "##OO###", "#.#O#.#", "##OO###", "#O.O###"])
            .expect("a rectangle");
        let ruleset = Ruleset::naj();
        let mut sequence = Sequence::new(start.clone(), Color::White, ruleset.sequence_rules());
        // B3 and C3: the second and third intersections of the middle row.
        for mv in [
            Move::Play(start.board().point(15).expect("a point")),
            Move::Pass,
            Move::Play(start.board().point(16).expect("a point")),
        ] {
            sequence.play(mv).expect("legal");
        }
        let played: Vec<Move> = sequence.moves().iter().map(|record| record.mv).collect();
        let without = Limits {
            max_nodes: 1_500_000,
            deadline: Deadline::NONE,
            tuning: Tuning::INFORMED_WITHOUT_SUMS,
        };
        let value = crate::big_stack::run("sums test", 0, 0, |_| {
            analysis_value_after(&ruleset, &start, Analysis::Black, &played, without)
        });
        assert!(
            matches!(value, Ok(Solved::Value { value: 21, .. })),
            "{value:?}"
        );
        let mut cache = SumCache::default();
        assert!(!disproves(
            &start,
            Analysis::Black,
            &sequence,
            21,
            &mut cache
        ));
    }
}
