//! J89-8, J89-10: statuses with seki, eye points, dame, territory, the removal of dead stones and the result.

use super::confirm::{ConfirmError, DeadInRegions, DeadOutside, J89Rules, SekiStones};
use super::search::{string_life, SearchLimits, StringLife};
use crate::board::{Point, PointSet};
use crate::color::{ByColor, Color};
use crate::position::Position;

/// J89-7.1, J89-8.3: the status of a string at the stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Alive and not in seki.
    Alive,
    /// J89-8.3: alive, in a group that possesses a dame.
    Seki,
    /// J89-7.1: its opponent can force its capture in the confirmation.
    Dead,
}

/// J89-8, J89-10: what the rules make of a stop position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assessment {
    /// Each string's stones, colour and status.
    pub strings: Vec<(PointSet, Color, Status)>,
    /// J89-R5, J89-R13: each string's confirmation, in the order of `strings`.
    pub life: Vec<StringLife>,
    /// J89-8.1: each player's eye points.
    pub eye_points: ByColor<PointSet>,
    /// J89-8.2: the dame.
    pub dame: PointSet,
    /// J89-8.4, J89-10.1: each player's territory, the points vacated by removed dead stones included.
    pub territory: ByColor<PointSet>,
    /// J89-10.1: the dead stones removed from territory that become each player's prisoners (under J89-R8 `both`,
    /// a player's own dead stones in his territory are his opponent's).
    pub removed: ByColor<PointSet>,
    /// J89-R6: dead stones that stay on the board (not in territory).
    pub dead_left: PointSet,
    /// J89-10.2: the position after the removal.
    pub after: Position,
}

impl Assessment {
    /// J89-10.2: Black's territory and prisoners minus White's, before komi, given the prisoners taken during
    /// the game.
    pub fn score(&self, prisoners: ByColor<u64>) -> i64 {
        let side = |c: Color| {
            self.territory[c].len() as i64 + self.removed[c].len() as i64 + prisoners[c] as i64
        };
        side(Color::Black) - side(Color::White)
    }
}

/// J89-8.1: the connected sets of points that are empty or hold a stone in `filled`.
fn regions(position: &Position, filled: &PointSet) -> Vec<PointSet> {
    let board = position.board();
    let mut seen = PointSet::empty(board);
    let mut out = Vec::new();
    for start in board.points() {
        let open = |p: Point| position.get(p).is_none() || filled.contains(p);
        if seen.contains(start) || !open(start) {
            continue;
        }
        let mut region = PointSet::empty(board);
        let mut stack = vec![start];
        seen.insert(start);
        while let Some(p) = stack.pop() {
            region.insert(p);
            for &n in board.neighbours(p) {
                if !seen.contains(n) && open(n) {
                    seen.insert(n);
                    stack.push(n);
                }
            }
        }
        out.push(region);
    }
    out
}

/// The stones adjacent to `region` (not in it).
fn border(position: &Position, region: &PointSet) -> Vec<Point> {
    let board = position.board();
    let mut out = PointSet::empty(board);
    for p in region.iter() {
        for &n in board.neighbours(p) {
            if !region.contains(n) && position.get(n).is_some() {
                out.insert(n);
            }
        }
    }
    out.iter().collect()
}

/// J89-7 to J89-10 with the readings J89-R1, J89-R5, J89-R6, J89-R8: statuses, eye points, dame, seki,
/// territory and removal for a stop position, each string decided by the confirmation under perfect play
/// (J89-R13, within `limits`).
pub fn assess(
    stop: &Position,
    rules: J89Rules,
    limits: SearchLimits,
) -> Result<Assessment, ConfirmError> {
    Ok(assess_given(stop, rules, string_life(stop, rules, limits)?))
}

/// J89-8, J89-10: [`assess`] with each string's fate already decided (`life`, in the order of
/// [`crate::string::strings`]): by the search, or by a confirmation as played (J89-R2).
pub fn assess_given(stop: &Position, rules: J89Rules, life: Vec<StringLife>) -> Assessment {
    let board = stop.board();
    let mut alive_at = PointSet::empty(board);
    let mut dead_of = ByColor::from_fn(|_| PointSet::empty(board));
    for l in &life {
        if l.alive {
            alive_at.union_with(&l.stones);
        } else {
            dead_of[l.color].union_with(&l.stones);
        }
    }
    // J89-8.1 (J89-R8): P-regions hold empty points and (by default) P's opponent's dead stones; their empty points are P's
    // eye points if every stone next to the region is a live stone of P.
    let mut eye_points = ByColor::from_fn(|_| PointSet::empty(board));
    let mut eye_regions: Vec<(Color, PointSet, Vec<Point>)> = Vec::new();
    for p in [Color::Black, Color::White] {
        let taken_in = match rules.dead_in_regions {
            DeadInRegions::Opponent => dead_of[p.opponent()].clone(),
            DeadInRegions::None => PointSet::empty(board),
            DeadInRegions::Both => {
                let mut both = dead_of[p].clone();
                both.union_with(&dead_of[p.opponent()]);
                both
            }
        };
        for region in regions(stop, &taken_in) {
            let around = border(stop, &region);
            let own = !around.is_empty()
                && around
                    .iter()
                    .all(|&s| stop.get(s) == Some(p) && alive_at.contains(s));
            if own {
                for q in region.iter().filter(|&q| stop.get(q).is_none()) {
                    eye_points[p].insert(q);
                }
                eye_regions.push((p, region, around));
            }
        }
    }
    // J89-8.2: dame.
    let mut dame = PointSet::empty(board);
    for q in board.points() {
        if stop.get(q).is_none()
            && !eye_points[Color::Black].contains(q)
            && !eye_points[Color::White].contains(q)
        {
            dame.insert(q);
        }
    }
    // J89-8.3 (J89-R1): groups are live strings joined through a shared eye region; a group with a string next
    // to a dame is in seki.
    let live: Vec<(usize, &PointSet)> = life
        .iter()
        .enumerate()
        .filter(|(_, l)| l.alive)
        .map(|(i, l)| (i, &l.stones))
        .collect();
    let mut group: Vec<usize> = (0..life.len()).collect();
    fn find(g: &mut [usize], i: usize) -> usize {
        let mut r = i;
        while g[r] != r {
            r = g[r];
        }
        g[i] = r;
        r
    }
    // J89-R1: under the option `seki_stones: strings` each string stands alone.
    if rules.seki_stones == SekiStones::Groups {
        for (_, _, around) in &eye_regions {
            let members: Vec<usize> = live
                .iter()
                .filter(|(_, s)| around.iter().any(|&a| s.contains(a)))
                .map(|(i, _)| *i)
                .collect();
            for w in members.windows(2) {
                let (a, b) = (find(&mut group, w[0]), find(&mut group, w[1]));
                group[a] = b;
            }
        }
    }
    let touches_dame = |s: &PointSet| {
        s.iter()
            .any(|p| board.neighbours(p).iter().any(|&n| dame.contains(n)))
    };
    let mut seki_root = std::collections::BTreeSet::new();
    for (i, s) in &live {
        if touches_dame(s) {
            seki_root.insert(find(&mut group, *i));
        }
    }
    let mut strings = Vec::new();
    let mut in_seki = PointSet::empty(board);
    for (i, l) in life.iter().enumerate() {
        let (stones, color) = (&l.stones, &l.color);
        let status = if !l.alive {
            Status::Dead
        } else if seki_root.contains(&find(&mut group, i)) {
            in_seki.union_with(stones);
            Status::Seki
        } else {
            Status::Alive
        };
        strings.push((stones.clone(), *color, status));
    }
    // J89-8.4, J89-10.1: territory: eye regions bordered only by live stones not in seki; the dead stones in
    // them are removed as they are and their points count.
    let mut territory = ByColor::from_fn(|_| PointSet::empty(board));
    let mut removed = ByColor::from_fn(|_| PointSet::empty(board));
    for (p, region, around) in &eye_regions {
        if around.iter().any(|&s| in_seki.contains(s)) {
            continue;
        }
        for q in region.iter() {
            territory[*p].insert(q);
            match stop.get(q) {
                None => {}
                // J89-R8 `dead_in_regions: both`: P's own dead stone in P's territory is removed too, as a
                // prisoner of the opponent, who could capture it (J89-7.1).
                Some(c) if c == *p => {
                    removed[p.opponent()].insert(q);
                }
                Some(_) => {
                    removed[*p].insert(q);
                }
            }
        }
    }
    // J89-R6, option `dead_outside_territory: remove`: dead stones outside territory are taken too, as the
    // opponent's prisoners, and their points stay nobody's.
    if rules.dead_outside_territory == DeadOutside::Remove {
        for c in [Color::Black, Color::White] {
            let mut outside = dead_of[c.opponent()].clone();
            outside.subtract(&removed[c]);
            removed[c].union_with(&outside);
        }
    }
    let mut after = stop.clone();
    let mut dead_left = PointSet::empty(board);
    for c in [Color::Black, Color::White] {
        for q in removed[c].iter() {
            after.set(q, None);
        }
        dead_left.union_with(&dead_of[c]);
    }
    dead_left.subtract(&removed[Color::Black]);
    dead_left.subtract(&removed[Color::White]);
    Assessment {
        strings,
        life,
        eye_points,
        dame,
        territory,
        removed,
        dead_left,
        after,
    }
}
