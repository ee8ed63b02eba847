//! KEE-9 to KEE-11: what a stone play removes: the enclosure rule, the suicide rule and the capture rule.

use super::arrangement::{Arrangement, Unit};
use super::player::Player;
use crate::board::{Point, PointSet};

/// KEE-10: the suicide rule in force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// KEE-10 (default): a suicidal stone play is prohibited.
    #[default]
    Prohibited,
    /// KEE-10 (variant): a suicidal stone play is made, and its own stone unit is removed at once.
    Allowed,
}

/// KEE-9: what an allied group is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AlliedGroups {
    /// KEE-9 (default): the union of the opponents' stone units that are adjacent to one another, whoever
    /// owns them.
    #[default]
    Union,
    /// KEE-9 (variant, section III.1): each opponent stone unit on its own.
    SingleUnit,
}

/// The options of the Kee rules that stone removal depends on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KeeOptions {
    /// KEE-10.
    pub suicide: Suicide,
    /// KEE-9.
    pub allied_groups: AlliedGroups,
}

/// KEE-5(a), KEE-9 to KEE-11: what a legal stone play did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StonePlay {
    /// The arrangement after the play and its removals.
    pub after: Arrangement,
    /// KEE-9: whether the play was enclosing.
    pub enclosing: bool,
    /// KEE-10: whether the play was suicidal (only possible when suicide is allowed).
    pub suicidal: bool,
    /// KEE-11: the opponent stones removed, by owner (KEE-10 variant: the mover's own removed stones too).
    pub removed: Vec<(Player, PointSet)>,
}

/// Why a stone play is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SuicidalPlay {
    /// KEE-5(a): the intersection is occupied (or not on the board).
    Occupied,
    /// KEE-10: the play is suicidal and suicide is prohibited.
    Suicide,
}

/// KEE-9: the allied groups of the opponents of `mover`, as lists of stone units.
fn allied_groups(
    units: &[Unit],
    mover: Player,
    arrangement: &Arrangement,
    how: AlliedGroups,
) -> Vec<Vec<usize>> {
    let opponents: Vec<usize> = (0..units.len())
        .filter(|&i| units[i].owner != mover)
        .collect();
    if how == AlliedGroups::SingleUnit {
        return opponents.into_iter().map(|i| vec![i]).collect();
    }
    // Two opponent units are allied when a stone of one is adjacent to a stone of the other.
    let adjacent = |a: &Unit, b: &Unit| {
        a.stones.iter().any(|p| {
            arrangement
                .board()
                .neighbours(p)
                .iter()
                .any(|n| b.stones.contains(*n))
        })
    };
    let mut group_of: Vec<Option<usize>> = vec![None; units.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &start in &opponents {
        if group_of[start].is_some() {
            continue;
        }
        let g = groups.len();
        let mut members = vec![start];
        group_of[start] = Some(g);
        let mut i = 0;
        while i < members.len() {
            let u = members[i];
            for &v in &opponents {
                if group_of[v].is_none() && adjacent(&units[u], &units[v]) {
                    group_of[v] = Some(g);
                    members.push(v);
                }
            }
            i += 1;
        }
        groups.push(members);
    }
    groups
}

/// KEE-5(a), KEE-9 to KEE-11: `mover` places a stone on `point`.
///
/// KEE-9: the play is enclosing if, after the stone is placed, some allied group of the mover's opponents has
/// no stone unit with a liberty. KEE-10: a play that is not enclosing and leaves the mover's own unit without
/// liberty is suicidal. KEE-11: a play that is not suicidal removes every opponent stone unit left without
/// liberty.
pub fn play_stone(
    arrangement: &Arrangement,
    mover: Player,
    point: Point,
    options: KeeOptions,
) -> Result<StonePlay, SuicidalPlay> {
    if !arrangement.board().contains(point) || arrangement.get(point).is_some() {
        return Err(SuicidalPlay::Occupied);
    }
    let mut after = arrangement.clone();
    after.set(point, Some(mover));
    let units = after.units();
    let enclosing = allied_groups(&units, mover, &after, options.allied_groups)
        .iter()
        .any(|g| g.iter().all(|&u| units[u].liberties.is_empty()));
    let own = after.unit_at(point).ok_or(SuicidalPlay::Occupied)?;
    let suicidal = !enclosing && own.liberties.is_empty();
    let mut removed: Vec<(Player, PointSet)> = Vec::new();
    if suicidal {
        match options.suicide {
            Suicide::Prohibited => return Err(SuicidalPlay::Suicide),
            Suicide::Allowed => {
                for p in own.stones.iter() {
                    after.set(p, None);
                }
                removed.push((mover, own.stones));
            }
        }
    } else {
        for u in units
            .iter()
            .filter(|u| u.owner != mover && u.liberties.is_empty())
        {
            for p in u.stones.iter() {
                after.set(p, None);
            }
            match removed.iter_mut().find(|(o, _)| *o == u.owner) {
                Some((_, set)) => set.union_with(&u.stones),
                None => removed.push((u.owner, u.stones.clone())),
            }
        }
    }
    Ok(StonePlay {
        after,
        enclosing,
        suicidal,
        removed,
    })
}
