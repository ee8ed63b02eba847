//! SOLVER-3.10: safe zones: regions of a position that one player (the defender) can make wholly his, under
//! alternating play and whatever the opponent (the attacker) does there, shown by a small search of the region
//! alone that gives every doubt to the attacker.

use crate::color::{ByColor, Color};

use super::search::{Budget, OutOfNodes, Phase, ZoneFacts, ZoneVerdict};
use super::stones::{bit, mix, points_of, FastMap, Geometry, Mask, Stones};

/// SOLVER-3.10: the most states one zone's search visits (with either player to move) before the zone counts as
/// not safe.
const ZONE_NODES: u64 = 50_000;

/// SOLVER-3.10: how many times a safe zone's content is searched with a tenth of [`ZONE_NODES`] before it is
/// searched with all of them.
const FIRST_SEARCHES: u32 = 4;

/// SOLVER-3.11: the most states one denial zone's search visits before the zone counts as not denied.
const DENIAL_NODES: u64 = 5_000;

/// SOLVER-3.10: a region of the defender that may be a safe zone: its intersections and the stones of his
/// strings next to it (its walls).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    pub region: Mask,
    pub walls: Mask,
    /// Whether its local search sees it by its boundary (`Tuning::zone_walls_by_boundary`).
    by_boundary: bool,
}

impl Candidate {
    /// The zone: the region and its walls.
    pub fn zone(&self) -> Mask {
        self.region | self.walls
    }

    /// The candidate of `region` with the walls `walls` (whole strings of the defender), identified by its
    /// boundary if `by_boundary` (`Tuning::zone_walls_by_boundary`), else by its whole walls.
    pub(super) fn new(region: Mask, walls: Mask, by_boundary: bool) -> Candidate {
        Candidate {
            region,
            walls,
            by_boundary,
        }
    }

    /// What its local search sees of it (worked out only for the candidates that are looked up or searched).
    fn identity(&self, geometry: &Geometry) -> ZoneIdentity {
        if self.by_boundary {
            ZoneIdentity::new(geometry, self.region, self.walls)
        } else {
            ZoneIdentity {
                region: self.region,
                boundary: self.walls,
                strings: 0,
            }
        }
    }
}

impl ZoneIdentity {
    /// SOLVER-3.10: what the local search of the zone of `region` and `walls` depends on besides the stones in
    /// the region.
    fn new(geometry: &Geometry, region: Mask, walls: Mask) -> ZoneIdentity {
        let boundary = walls & geometry.around(region);
        let mut strings = [0u64; 2];
        for string in geometry.strings_through(walls, boundary) {
            let string = string & boundary;
            for word in [string as u64, (string >> 64) as u64] {
                strings[0] = mix(strings[0] ^ mix(word)).rotate_left(23);
                strings[1] = mix(strings[1] ^ mix(word ^ 0xc2b2_ae3d_27d4_eb4f)).rotate_left(29);
            }
        }
        ZoneIdentity {
            region,
            boundary,
            strings: (u128::from(strings[0]) << 64) | u128::from(strings[1]),
        }
    }
}

/// SOLVER-3.10: a zone as its local search sees it: the region, the wall stones next to it, and (as a 128-bit hash,
/// like the transitions of SOLVER-4.5) how those stones are joined into strings of the walls. The walls' stones
/// elsewhere only join them: two zones with the same identity have the same local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct ZoneIdentity {
    region: Mask,
    boundary: Mask,
    strings: u128,
}

/// SOLVER-3.10: regions of the defender joined by the strings of walls they share, as candidate zones: the
/// whole group (if its regions have at most `max_points` intersections in all and there are several) and each
/// region alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Group {
    pub whole: Option<Candidate>,
    pub parts: Vec<Candidate>,
}

/// SOLVER-3.10: the candidate zones of `defender` in `position`: his regions of at most `max_points`
/// intersections that have walls, each of whose strings has a liberty in the region, and no intersection without
/// neighbours; grouped by the strings of walls they share.
pub(crate) fn candidates(
    geometry: &Geometry,
    position: &Stones,
    defender: Color,
    max_points: u32,
    by_boundary: bool,
) -> Vec<Group> {
    let own = position.of(defender);
    let theirs = position.of(defender.opponent());
    // The size of a region, leaving out the empty intersections whose every neighbour is his stone (eyes
    // already made, where the attacker cannot play).
    let open = theirs | geometry.around(geometry.all() & !own);
    let size = |region: Mask| (region & open).count_ones();
    let mut regions = Vec::new();
    for region in geometry.strings_through(geometry.all() & !own, geometry.all()) {
        if size(region) > max_points || region & geometry.isolated() != 0 {
            continue;
        }
        let walls = geometry
            .strings_through(own, geometry.around(region))
            .fold(0, |walls, string| walls | string);
        if walls != 0 {
            regions.push(Candidate::new(region, walls, by_boundary));
        }
    }
    // Each group with the union of its parts' walls; a region joins (and so merges) every group it shares a
    // string of walls with.
    let mut groups: Vec<(Mask, Vec<Candidate>)> = Vec::new();
    for candidate in regions {
        let mut merged = (candidate.walls, Vec::new());
        let mut i = 0;
        while i < groups.len() {
            if groups[i].0 & candidate.walls != 0 {
                let (walls, parts) = groups.remove(i);
                merged.0 |= walls;
                merged.1.extend(parts);
            } else {
                i += 1;
            }
        }
        merged.1.push(candidate);
        groups.push(merged);
    }
    let groups = groups.into_iter().map(|(_, parts)| parts);
    // Every string of the walls needs a liberty in the zone's region from the start: one without may be
    // captured from outside.
    let connected = |candidate: &Candidate| {
        geometry
            .strings_through(own, candidate.walls)
            .all(|string| geometry.around(string) & candidate.region & !theirs != 0)
    };
    groups
        .into_iter()
        .map(|parts| {
            let whole = Candidate::new(
                parts.iter().fold(0, |mask, part| mask | part.region),
                parts.iter().fold(0, |mask, part| mask | part.walls),
                by_boundary,
            );
            // A group counts every intersection of its regions, eyes included (counting it like a region
            // alone let more groups be searched, which tripled the nodes of naj-discussed-score-minus-27's
            // black-analysis and decided nothing more).
            let whole =
                (whole.region.count_ones() <= max_points && connected(&whole)).then_some(whole);
            let parts = if parts.len() == 1 {
                Vec::new()
            } else {
                parts.into_iter().filter(|part| connected(part)).collect()
            };
            Group { whole, parts }
        })
        .collect()
}

/// SOLVER-3.10, SOLVER-3.11: the two kinds of zone a local search can show: a safe zone (the defender makes the
/// region wholly his) and a denial zone (the defender keeps the attacker from getting anything there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ZoneKind {
    Safe,
    Denial,
}

impl ZoneKind {
    /// The most states one search of this kind visits before the zone counts as not one.
    fn allowance(self) -> u64 {
        match self {
            ZoneKind::Safe => ZONE_NODES,
            ZoneKind::Denial => DENIAL_NODES,
        }
    }
}

/// SOLVER-3.10, SOLVER-3.11: whether `candidate` is a zone of the defender of this kind, whose opponent's stones
/// are `attackers`, by the search of its region alone: a function of the region, the walls and the attacker's
/// stones in the region only. The nodes it visits are counted in `budget`. A search that runs past its allowance
/// answers no.
#[cfg(test)]
pub(crate) fn is_zone(
    geometry: &Geometry,
    attackers: Mask,
    candidate: Candidate,
    kind: ZoneKind,
    memo: &mut LocalMemo,
    budget: &mut Budget,
) -> Result<bool, OutOfNodes> {
    let answer = zone_within(
        geometry,
        attackers,
        candidate,
        kind,
        kind.allowance(),
        memo,
        budget,
    )?;
    Ok(answer == Some(true))
}

/// [`is_zone`] by a search of at most `allowance` states: `None` if it ran past them.
pub(super) fn zone_within(
    geometry: &Geometry,
    attackers: Mask,
    candidate: Candidate,
    kind: ZoneKind,
    allowance: u64,
    memo: &mut LocalMemo,
    budget: &mut Budget,
) -> Result<Option<bool>, OutOfNodes> {
    // SOLVER-3.10: the answers of earlier searches are used with `Tuning::zone_walls_by_boundary`; without it
    // each search starts with an empty table.
    let mut own_memo = LocalMemo::default();
    let memo = if budget.tuning.zone_walls_by_boundary {
        memo
    } else {
        &mut own_memo
    };
    let mut game = LocalGame {
        geometry,
        identity: candidate.identity(geometry),
        region: candidate.region,
        kind,
        allowance,
        memo,
        ordered: budget.tuning.zone_ordering,
        nodes: 0,
    };
    let answer = game.attacker_to_move(candidate.walls, attackers & candidate.region);
    budget.spend(game.nodes)?;
    Ok(answer)
}

/// SOLVER-3.10: a phase whose states safe zones may settle: its zones, and the bound they give.
pub(crate) trait Zoned: Phase {
    /// The board and the phase's candidate zones.
    fn zone_cache(&mut self) -> (&Geometry, &mut ZoneCache);

    /// SOLVER-3.10: the bound on the value of a state with position `position` when one player makes `zones`
    /// his: a low bound for the maximiser's zones (`proves`), else a high bound for the minimiser's.
    fn zone_bound(&mut self, position: &Stones, proves: bool, zones: Mask) -> i64;

    /// SOLVER-3.11: whether the phase uses denial zones, whose bound is the minimiser's `zone_bound`: the
    /// maximiser scores nothing on them.
    fn has_denial_zones(&self) -> bool {
        false
    }

    /// SOLVER-3.13: the board, the final-position and the cache of the sums of regions, if the phase uses them.
    fn sums(&mut self) -> Option<(&Geometry, &Stones, &mut super::sums::SumCache)> {
        None
    }

    /// SOLVER-3.14: the board, the final-position and the cache of the maximiser's ko fights beside his zones, if
    /// the phase uses them.
    fn threats(&mut self) -> Option<(&Geometry, &Stones, &mut super::threats::ThreatCache)> {
        None
    }
}

/// SOLVER-3.10: whether the safe zones of `position` settle "at least `t`" in a state with these facts: first the
/// maximiser's (a proof), then the minimiser's (a disproof). Zones are searched only when, if every candidate were
/// safe, they would settle it.
pub(crate) fn verdict(
    phase: &mut dyn Zoned,
    position: &Stones,
    facts: ZoneFacts<'_>,
    t: i64,
    thorough: bool,
    budget: &mut Budget,
) -> Result<Option<ZoneVerdict>, OutOfNodes> {
    let maximizer = phase.maximizer();
    let end_passes = phase.end_passes();
    let usable = |phase: &mut dyn Zoned,
                  player: Color,
                  kind: ZoneKind,
                  searched: bool,
                  budget: &mut Budget| {
        let how = Usable {
            facts,
            end_passes,
            searched,
            thorough: thorough && searched,
        };
        let (geometry, cache) = phase.zone_cache();
        cache.usable(geometry, position, player, kind, how, budget)
    };
    for (player, proves) in [(maximizer, true), (maximizer.opponent(), false)] {
        let settles = |value: i64| if proves { value >= t } else { value < t };
        let Some(optimistic) = usable(phase, player, ZoneKind::Safe, false, budget)? else {
            continue;
        };
        if optimistic == 0 || !settles(phase.zone_bound(position, proves, optimistic)) {
            continue;
        }
        let Some(safe) = usable(phase, player, ZoneKind::Safe, true, budget)? else {
            continue;
        };
        if safe != 0 && settles(phase.zone_bound(position, proves, safe)) {
            let after_losses = safe & facts.lost.of(player) != 0;
            return Ok(Some(zone_verdict(player, proves, safe, after_losses)));
        }
    }
    // SOLVER-3.11: the minimiser's denial zones (with his safe zones, which deny the maximiser too).
    if !budget.tuning.denial_zones || !phase.has_denial_zones() {
        return Ok(None);
    }
    let minimizer = maximizer.opponent();
    let Some(all) = usable(phase, minimizer, ZoneKind::Denial, false, budget)? else {
        return Ok(None);
    };
    if all == 0 || phase.zone_bound(position, false, all) >= t {
        return Ok(None);
    }
    let safe = usable(phase, minimizer, ZoneKind::Safe, true, budget)?.unwrap_or(0);
    if let Some(denied) = usable(phase, minimizer, ZoneKind::Denial, true, budget)? {
        let zones = safe | denied;
        if zones != 0 && phase.zone_bound(position, false, zones) < t {
            let after_losses = safe & facts.lost.of(minimizer) != 0;
            return Ok(Some(zone_verdict(minimizer, false, zones, after_losses)));
        }
    }
    Ok(None)
}

/// SOLVER-3.10: the verdict when `player`'s zones `zones` settle the question (some of them used after losses on
/// them, if `after_losses`).
fn zone_verdict(player: Color, proven: bool, zones: Mask, after_losses: bool) -> ZoneVerdict {
    let mut stones = Stones::default();
    if player == Color::Black {
        stones.black = zones;
    } else {
        stones.white = zones;
    }
    ZoneVerdict {
        proven,
        zones: stones,
        after_losses,
    }
}

/// SOLVER-3.10: how [`ZoneCache::usable`] counts zones.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Usable<'h> {
    pub facts: ZoneFacts<'h>,
    /// NAJ-2.3, NAJ-3.4: the successive passes that end the move-sequence.
    pub end_passes: usize,
    /// Only zones found safe (else every candidate).
    pub searched: bool,
    /// Search a candidate not searched yet (else answer `None`).
    pub thorough: bool,
}

/// SOLVER-3.10, SOLVER-3.11: a group of candidate zones, and whether each was found a zone of each kind (the
/// whole group, and each part), indexed by [`ZoneKind`].
#[derive(Clone, Debug)]
struct Searched {
    group: Group,
    whole: [Option<bool>; 2],
    parts: Vec<[Option<bool>; 2]>,
}

/// SOLVER-3.10: each player's candidate zones per position, with whether each is safe once searched (they depend
/// on the position alone).
#[derive(Default)]
pub(crate) struct ZoneCache {
    /// Where in `groups` each position's candidates are, per player (one look finds both players').
    zones: FastMap<Stones, ByColor<Option<usize>>>,
    groups: Vec<Vec<Searched>>,
    /// The position looked up last and where its candidates are (a state's zone questions ask about the same
    /// position several times in a row, for each player).
    last: Option<(Stones, ByColor<Option<usize>>)>,
    /// SOLVER-3.10, SOLVER-3.11: whether a zone is one of each kind (indexed by [`ZoneKind`]), by what its search
    /// looks at alone: the region, the walls and the attacker's stones in the region (the same zone recurs in many
    /// positions that differ elsewhere).
    verdicts: [FastMap<(ZoneIdentity, Mask), bool>; 2],
    /// SOLVER-3.10: the safe zones whose first, shorter search ran past its allowance, by content.
    tried: FastMap<(ZoneIdentity, Mask), u32>,
    /// SOLVER-3.10, SOLVER-3.11: the local searches' answers, shared by every search of a zone with the same
    /// identity (used only with `Tuning::zone_walls_by_boundary`).
    local: LocalMemo,
}

/// SOLVER-3.10, SOLVER-3.11: the answers of the local games' states (with the attacker to move, per
/// [`ZoneKind`]; and whether the defender alone removes the attacker's stones), keyed on the zone's identity and the
/// stones in the zone: a state's answer depends on nothing else, so every search of a zone with the same identity,
/// from any position, may use it (one search's own table when they are not shared).
#[derive(Default)]
pub(crate) struct LocalMemo {
    attacker_to_move: [FastMap<(ZoneIdentity, Mask, Mask), bool>; 2],
    removable: FastMap<(ZoneIdentity, Mask, Mask), bool>,
}

impl ZoneCache {
    /// SOLVER-3.10: the candidate zones of `player` in `position`, none searched yet.
    fn candidates_of(
        geometry: &Geometry,
        position: &Stones,
        player: Color,
        budget: &Budget,
    ) -> Vec<Searched> {
        candidates(
            geometry,
            position,
            player,
            budget.tuning.zone_points,
            budget.tuning.zone_walls_by_boundary,
        )
        .into_iter()
        .map(|group| Searched {
            parts: vec![[None; 2]; group.parts.len()],
            whole: [None; 2],
            group,
        })
        .collect()
    }

    /// SOLVER-3.10, SOLVER-3.11: the union of the zones of `kind` of `player` in `position` he can use in a state
    /// with `how.facts`: those on which no stone of his was lost, and no safe zone if the opponent can end the
    /// move-sequence now by passing (a denial zone is denied already); of each group its whole zone if it counts,
    /// else those of its regions that count; among the candidates unless `how.searched`, else among the zones of
    /// `kind`, each searched if not known yet and `how.thorough` (`None` if one is not known and not
    /// `how.thorough`).
    pub fn usable(
        &mut self,
        geometry: &Geometry,
        position: &Stones,
        player: Color,
        kind: ZoneKind,
        how: Usable<'_>,
        budget: &mut Budget,
    ) -> Result<Option<Mask>, OutOfNodes> {
        if kind == ZoneKind::Safe
            && how.facts.to_move != player
            && how.facts.passes + 1 >= how.end_passes
        {
            return Ok(Some(0));
        }
        let both = match self.last {
            Some((last, both)) if last == *position => both,
            _ => {
                if self.zones.len() >= crate::allowance::MAX_CACHED {
                    self.zones.clear();
                    self.groups.clear();
                }
                let both = self.zones.get(position).copied().unwrap_or_default();
                self.last = Some((*position, both));
                both
            }
        };
        let slot = match both[player] {
            Some(slot) => slot,
            None => {
                let slot = self.groups.len();
                self.groups
                    .push(Self::candidates_of(geometry, position, player, budget));
                self.zones.entry(*position).or_default()[player] = Some(slot);
                if let Some((_, both)) = &mut self.last {
                    both[player] = Some(slot);
                }
                slot
            }
        };
        let groups = &mut self.groups[slot];
        let lost = how.facts.lost.of(player);
        // SOLVER-3.10: a zone on which the player lost no stone; or, a safe zone only, one on which no earlier play
        // of his started from his stones there now or more ("After losses").
        let usable_after = |zone: Mask| {
            zone & lost == 0
                || (kind == ZoneKind::Safe && no_play_from_more(how.facts.line, player, zone))
        };
        let verdicts = &mut self.verdicts[kind as usize];
        let attackers = position.of(player.opponent());
        let mut union = 0;
        for searched in groups.iter_mut() {
            if let Some(whole) = searched
                .group
                .whole
                .filter(|whole| usable_after(whole.zone()))
            {
                match counts(
                    geometry,
                    attackers,
                    whole,
                    kind,
                    &mut searched.whole[kind as usize],
                    how,
                    verdicts,
                    &mut self.tried,
                    &mut self.local,
                    budget,
                )? {
                    None => return Ok(None),
                    Some(true) => {
                        union |= whole.zone();
                        continue;
                    }
                    Some(false) => {}
                }
            }
            for (part, known) in searched.group.parts.iter().zip(searched.parts.iter_mut()) {
                if !usable_after(part.zone()) {
                    continue;
                }
                match counts(
                    geometry,
                    attackers,
                    *part,
                    kind,
                    &mut known[kind as usize],
                    how,
                    verdicts,
                    &mut self.tried,
                    &mut self.local,
                    budget,
                )? {
                    None => return Ok(None),
                    Some(true) => union |= part.zone(),
                    Some(false) => {}
                }
            }
        }
        Ok(Some(union))
    }
}

/// SOLVER-3.10 ("After losses"): whether no play of `player` on `zone` in the move-sequence `line` (the current
/// position last) started from a position where his stones on `zone` included all he has there now. Then no play
/// of his strategy in the zone, which starts from such a position and adds a stone there, repeats a transition
/// (KO-2.1).
pub(super) fn no_play_from_more(line: &[Stones], player: Color, zone: Mask) -> bool {
    let Some(now) = line.last() else {
        return true;
    };
    let now = now.of(player) & zone;
    line.windows(2).all(|pair| {
        let (before, after) = (pair[0].of(player) & zone, pair[1].of(player) & zone);
        let played_there = after & !before != 0;
        !(played_there && before & now == now)
    })
}

/// SOLVER-3.10, SOLVER-3.11: whether `candidate` counts: every candidate unless `how.searched`; else whether it
/// is a zone of `kind` (`known`, or the answer found for the same zone content in another position, in
/// `verdicts`, or searched now and remembered in both if `how.thorough`; `None` if not known and not
/// `how.thorough`).
#[allow(clippy::too_many_arguments)]
fn counts(
    geometry: &Geometry,
    attackers: Mask,
    candidate: Candidate,
    kind: ZoneKind,
    known: &mut Option<bool>,
    how: Usable,
    verdicts: &mut FastMap<(ZoneIdentity, Mask), bool>,
    tried: &mut FastMap<(ZoneIdentity, Mask), u32>,
    memo: &mut LocalMemo,
    budget: &mut Budget,
) -> Result<Option<bool>, OutOfNodes> {
    if !how.searched {
        return Ok(Some(true));
    }
    if known.is_some() {
        return Ok(*known);
    }
    // What the zone's search looks at (`is_zone`): an answer for the same region, walls and attacker's stones in
    // it, found in another position, is this one's.
    let content = (candidate.identity(geometry), attackers & candidate.region);
    if let Some(&answer) = verdicts.get(&content) {
        *known = Some(answer);
    } else if how.thorough {
        // SOLVER-3.10 ("Searches in two stages"): with the local answers kept (`LocalMemo`, with
        // `Tuning::zone_walls_by_boundary`), a safe zone's content is searched with a tenth of the allowance the
        // first `FIRST_SEARCHES` times a position asks about it, then with the whole allowance. A search past its
        // allowance answers "not safe" for the position that asked; only the whole allowance's answer is kept
        // for every position.
        let asks = tried.get(&content).copied().unwrap_or(0);
        let first =
            kind == ZoneKind::Safe && budget.tuning.zone_walls_by_boundary && asks < FIRST_SEARCHES;
        let allowance = if first {
            kind.allowance() / 10
        } else {
            kind.allowance()
        };
        let answer = zone_within(
            geometry, attackers, candidate, kind, allowance, memo, budget,
        )?;
        *known = Some(answer == Some(true));
        match answer {
            None if first => crate::allowance::remember(tried, content, asks + 1),
            _ => crate::allowance::remember(verdicts, content, answer == Some(true)),
        }
    }
    Ok(*known)
}

/// SOLVER-3.10, SOLVER-3.11: what a play of the attacker in the region does in the local searches.
enum AttackerPlay {
    /// It leaves a string of the defender without a liberty in the region: that string might be captured (it
    /// may have no liberty outside either), so the attacker wins.
    Threatens,
    /// Without a capture, a play without a liberty is suicide (CORE-5); the attacker's stones in the region have
    /// all their liberties in it.
    Suicide,
    /// The attacker's stones in the region after it.
    Stones(Mask),
}

/// The liberties in `region` of the string `string`, given the defender's stones `own` and the attacker's
/// `theirs`.
fn liberties(geometry: &Geometry, region: Mask, string: Mask, own: Mask, theirs: Mask) -> Mask {
    geometry.around(string) & region & !own & !theirs
}

/// SOLVER-3.10, SOLVER-3.11: the attacker's play on `index` in `region`.
fn attacker_plays(
    geometry: &Geometry,
    region: Mask,
    own: Mask,
    theirs: Mask,
    index: usize,
) -> AttackerPlay {
    let after = theirs | bit(index);
    let threatens = geometry
        .strings_through(own, geometry.neighbours_of(index))
        .any(|string| liberties(geometry, region, string, own, after) == 0);
    if threatens {
        AttackerPlay::Threatens
    } else if liberties(geometry, region, geometry.string(after, index), own, after) == 0 {
        AttackerPlay::Suicide
    } else {
        AttackerPlay::Stones(after)
    }
}

/// SOLVER-3.10, SOLVER-3.11: whether `answer` (the defender's, to the attacker's stones after the play) holds
/// after every play the attacker may make in `region`, none of which may threaten a string of the defender;
/// `None` if `answer` ran past its allowance.
fn after_every_attacker_play(
    geometry: &Geometry,
    region: Mask,
    own: Mask,
    theirs: Mask,
    ordered: bool,
    mut answer: impl FnMut(Mask) -> Option<bool>,
) -> Option<bool> {
    let empty = region & !own & !theirs;
    // SOLVER-3.10 (`Tuning::zone_ordering`): the plays with the most empty neighbours in the region (the vital
    // points of the eye space) first, then those next to the defender's stones.
    let rank = |index: usize| {
        let neighbours = geometry.neighbours_of(index);
        let rank = 2 * (neighbours & empty).count_ones() + u32::from(neighbours & own != 0);
        u8::MAX - u8::try_from(rank).unwrap_or(u8::MAX)
    };
    for index in in_order(empty, ordered, rank) {
        match attacker_plays(geometry, region, own, theirs, index) {
            AttackerPlay::Threatens => return Some(false),
            AttackerPlay::Suicide => {}
            AttackerPlay::Stones(after) => {
                if !answer(after)? {
                    return Some(false);
                }
            }
        }
    }
    Some(true)
}

/// SOLVER-3.10: the intersections of `points`, in index order, or (if `ordered`) by `rank` first (the lower the
/// sooner), ties in index order. The order changes the work of a local search, never its answer.
fn in_order(points: Mask, ordered: bool, rank: impl Fn(usize) -> u8) -> InOrder {
    if !ordered {
        return InOrder::Plain(points);
    }
    let mut order = [(0u8, 0u8); 128];
    let mut count = 0;
    for index in points_of(points) {
        order[count] = (rank(index), index as u8);
        count += 1;
    }
    order[..count].sort_unstable();
    InOrder::Ranked(order, 0, count)
}

/// The iterator of [`in_order`]: the points left in index order, or the ranked points and the next and end
/// positions among them. It lives on the stack for one loop of a local search, so the ranked points are kept inline
/// rather than allocated on every call.
#[allow(clippy::large_enum_variant)]
enum InOrder {
    Plain(Mask),
    Ranked([(u8, u8); 128], usize, usize),
}

impl Iterator for InOrder {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        match self {
            InOrder::Plain(points) => {
                let index = points_of(*points).next()?;
                *points &= !bit(index);
                Some(index)
            }
            InOrder::Ranked(order, next, end) => {
                if next == end {
                    return None;
                }
                *next += 1;
                Some(usize::from(order[*next - 1].1))
            }
        }
    }
}

/// CORE-5, SOLVER-3.10, SOLVER-3.11: the defender's play on `index` in `region`: his stones and the attacker's
/// after it (the attacker's strings it leaves without a liberty are removed; all their liberties are in the
/// region), or `None` if his string would have no liberty in the region (a play that would live only by
/// liberties outside it is left out).
fn defender_plays(
    geometry: &Geometry,
    region: Mask,
    own: Mask,
    theirs: Mask,
    index: usize,
) -> Option<(Mask, Mask)> {
    let placed = own | bit(index);
    let mut remaining = theirs;
    for n in points_of(geometry.neighbours_of(index) & theirs) {
        if remaining & bit(n) == 0 {
            continue;
        }
        let string = geometry.string(remaining, n);
        if liberties(geometry, region, string, placed, remaining) == 0 {
            remaining &= !string;
        }
    }
    (liberties(
        geometry,
        region,
        geometry.string(placed, index),
        placed,
        remaining,
    ) != 0)
        .then_some((placed, remaining))
}

/// SOLVER-3.10, SOLVER-3.11: the local game of one region: the defender's stones in the zone (his walls and his
/// plays in the region) and the attacker's stones in the region, searched for a zone of one kind.
struct LocalGame<'g, 'm> {
    geometry: &'g Geometry,
    identity: ZoneIdentity,
    region: Mask,
    kind: ZoneKind,
    /// The most states this search visits.
    allowance: u64,
    /// The answers known (of this search and of earlier ones of the same region).
    memo: &'m mut LocalMemo,
    /// `Tuning::zone_ordering`.
    ordered: bool,
    nodes: u64,
}

impl LocalGame<'_, '_> {
    /// SOLVER-3.10: the goal of a safe zone: no attacker stone in the region, every empty intersection of it
    /// surrounded by the defender's stones, and every string of the defender in the zone next to two of those
    /// intersections (so that Benson's algorithm, NAJ-5.2, run on the zone alone keeps every string: they are
    /// immortal, and the whole zone is his, NAJ-6.1).
    fn goal(&self, own: Mask, theirs: Mask) -> bool {
        if theirs != 0 {
            return false;
        }
        let empty = self.region & !own;
        if points_of(empty).any(|index| self.geometry.neighbours_of(index) & !own != 0) {
            return false;
        }
        // Every empty intersection is a region of its own, vital to each string next to it; no string may be
        // dropped, so each needs two of them.
        let mut seen = 0;
        points_of(own).all(|index| {
            if seen & bit(index) != 0 {
                return true;
            }
            let string = self.geometry.string(own, index);
            seen |= string;
            (self.geometry.around(string) & empty).count_ones() >= 2
        })
    }

    /// SOLVER-3.11, NAJ-5.1: whether the defender removes every stone of the attacker in the region by plays
    /// there while the attacker passes (then none of them is immortal); `None` if the search ran past its
    /// allowance.
    fn removable(&mut self, own: Mask, theirs: Mask) -> Option<bool> {
        if theirs == 0 {
            return Some(true);
        }
        if let Some(&known) = self
            .memo
            .removable
            .get(&(self.identity, own & self.region, theirs))
        {
            return Some(known);
        }
        self.nodes += 1;
        if self.nodes > self.allowance {
            return None;
        }
        // The liberties of the attacker's strings first: filling them is what removes them.
        let liberties = liberties(self.geometry, self.region, theirs, own, theirs);
        let others = self.region & !own & !theirs & !liberties;
        let mut found = false;
        for index in points_of(liberties).chain(points_of(others)) {
            if let Some((placed, remaining)) =
                defender_plays(self.geometry, self.region, own, theirs, index)
            {
                if self.removable(placed, remaining)? {
                    found = true;
                    break;
                }
            }
        }
        crate::allowance::remember(
            &mut self.memo.removable,
            (self.identity, own & self.region, theirs),
            found,
        );
        Some(found)
    }

    /// Whether the zone is one of its kind with the attacker to move (`None` if the search ran past its
    /// allowance). SOLVER-3.10, a safe zone: the defender reaches the goal whatever the attacker does in the
    /// region or elsewhere (after the attacker's pass or play elsewhere, the defender plays in the region).
    /// SOLVER-3.11, a denial zone: the attacker's stones in the region are removable now, and after every play of
    /// the attacker there the defender has an answer (a play in the region or a pass) after which this holds
    /// again.
    fn attacker_to_move(&mut self, own: Mask, theirs: Mask) -> Option<bool> {
        if self.kind == ZoneKind::Safe && self.goal(own, theirs) {
            return Some(true);
        }
        let key = (self.identity, own & self.region, theirs);
        if let Some(&known) = self.memo.attacker_to_move[self.kind as usize].get(&key) {
            return Some(known);
        }
        let (geometry, region) = (self.geometry, self.region);
        // SOLVER-3.10 ("Cheap refutations first"): a play of the attacker that leaves a string of the defender
        // without a liberty in the region refutes the zone whatever else holds, so it is looked for before any
        // answer is searched.
        let empty = region & !own & !theirs;
        if geometry
            .strings_through(own, geometry.around(empty))
            .any(|string| liberties(geometry, region, string, own, theirs).count_ones() == 1)
        {
            self.nodes += 1;
            crate::allowance::remember(
                &mut self.memo.attacker_to_move[self.kind as usize],
                key,
                false,
            );
            return Some(false);
        }
        let removable = match self.kind {
            ZoneKind::Safe => None,
            ZoneKind::Denial => Some(self.removable(own, theirs)?),
        };
        self.nodes += 1;
        if self.nodes > self.allowance {
            return None;
        }
        let mut holds = match removable {
            Some(removable) => removable,
            None => self.defender_answers(own, theirs)?,
        };
        if holds {
            holds =
                after_every_attacker_play(geometry, region, own, theirs, self.ordered, |after| {
                    self.defender_answers(own, after)
                })?;
        }
        crate::allowance::remember(
            &mut self.memo.attacker_to_move[self.kind as usize],
            key,
            holds,
        );
        Some(holds)
    }

    /// Whether the defender has an answer in the region after which the zone stays one of its kind: a play that
    /// keeps a liberty in the region (a play that would live only by liberties outside it is left out), or, in a
    /// denial zone only, the pass (a safe zone's defender never passes before the goal).
    fn defender_answers(&mut self, own: Mask, theirs: Mask) -> Option<bool> {
        let (geometry, region) = (self.geometry, self.region);
        // SOLVER-3.10 (`Tuning::zone_ordering`): captures first (the last liberty in the region of a string of
        // the attacker), then plays next to the attacker's stones.
        let captures = if self.ordered {
            geometry
                .strings_through(theirs, theirs)
                .map(|string| liberties(geometry, region, string, own, theirs))
                .filter(|liberties| liberties.count_ones() == 1)
                .fold(0, |captures, liberty| captures | liberty)
        } else {
            0
        };
        let rank = |index: usize| {
            if captures & bit(index) != 0 {
                0
            } else if geometry.neighbours_of(index) & theirs != 0 {
                1
            } else {
                2
            }
        };
        for index in in_order(region & !own & !theirs, self.ordered, rank) {
            let Some((placed, remaining)) = defender_plays(geometry, region, own, theirs, index)
            else {
                continue;
            };
            self.nodes += 1;
            if self.attacker_to_move(placed, remaining)? {
                return Some(true);
            }
        }
        match self.kind {
            ZoneKind::Safe => Some(false),
            ZoneKind::Denial => self.attacker_to_move(own, theirs),
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::allowance::Deadline;
    use crate::color::ByColor;
    use crate::moves::Move;
    use crate::naj::game::Analyses;
    use crate::naj::game::Analysis;
    use crate::naj::solver::alternation::AlternationPhase;
    use crate::naj::solver::analysis::{AnalysisPhase, Control};
    use crate::naj::solver::naive;
    use crate::naj::solver::search::ZoneFacts;

    fn safe_zones(
        geometry: &Geometry,
        position: &Stones,
        defender: Color,
        max_points: u32,
        budget: &mut Budget,
    ) -> Result<Vec<Mask>, OutOfNodes> {
        let attackers = position.of(defender.opponent());
        let mut zones = Vec::new();
        let mut memo = LocalMemo::default();
        for group in candidates(geometry, position, defender, max_points, false) {
            if let Some(whole) = group.whole {
                if is_zone(
                    geometry,
                    attackers,
                    whole,
                    ZoneKind::Safe,
                    &mut memo,
                    budget,
                )? {
                    zones.push(whole.zone());
                    continue;
                }
            }
            for part in group.parts {
                if is_zone(geometry, attackers, part, ZoneKind::Safe, &mut memo, budget)? {
                    zones.push(part.zone());
                }
            }
        }
        Ok(zones)
    }
    use crate::naj::solver::{
        alternation_value_after, analysis_value_after, Limits, Solved, Tuning,
    };
    use crate::position::Position;
    use crate::rules::Ruleset;
    use crate::sequence::Sequence;
    use proptest::prelude::*;

    /// An unlimited budget under the default settings with SOLVER-3.11's denial zones on.
    fn budget() -> Budget {
        tuned(Tuning::PLAIN)
    }

    /// An unlimited budget under `tuning` with SOLVER-3.11's denial zones on.
    fn tuned(tuning: Tuning) -> Budget {
        Budget {
            used: 0,
            limit: u64::MAX,
            max_depth: 400,
            deadline: Deadline::NONE,
            tuning: Tuning {
                denial_zones: true,
                ..tuning
            },
        }
    }

    fn position(rows: &[&str]) -> Position {
        Position::from_rows(rows).expect("test diagram")
    }

    /// The safe zones of `defender`, each as the rows of the board with `Z` on the zone's intersections.
    fn zones_drawn(rows: &[&str], defender: Color) -> Vec<String> {
        let position = position(rows);
        let geometry = Geometry::new(position.shared_board()).expect("a small board");
        let stones = geometry.stones_of(&position);
        let width = rows[0].chars().count();
        safe_zones(&geometry, &stones, defender, 12, &mut budget())
            .expect("no allowance")
            .into_iter()
            .map(|zone| {
                (0..rows.len() * width)
                    .map(|index| {
                        let sep = if index % width == width - 1 { "/" } else { "" };
                        let cell = if zone & bit(index) != 0 { 'Z' } else { '.' };
                        format!("{cell}{sep}")
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn zones_keyed_on_their_boundary_ignore_the_walls_elsewhere() {
        // The one-point region B3 has the same wall stones next to it (A3, C3, B2, all one string) in both
        // positions; the string is longer in the second. By boundary the two zones are one; by walls, two.
        let region_of = |rows: &[&str], by_boundary: bool| {
            let position = position(rows);
            let geometry = Geometry::new(position.shared_board()).expect("a small board");
            let stones = geometry.stones_of(&position);
            candidates(&geometry, &stones, Color::White, 12, by_boundary)
                .into_iter()
                .flat_map(|group| group.parts.into_iter().chain(group.whole))
                .find(|candidate| candidate.region.count_ones() == 1)
                .map(|candidate| (candidate, candidate.identity(&geometry)))
                .expect("the one-point region is a candidate")
        };
        let short = ["O.O..", "OOO..", "....."];
        let long = ["O.O..", "OOOO.", "....."];
        assert_eq!(region_of(&short, true).1, region_of(&long, true).1);
        assert_ne!(region_of(&short, false).1, region_of(&long, false).1);
        assert_ne!(
            region_of(&short, true).0.walls,
            region_of(&long, true).0.walls
        );
    }

    #[test]
    fn regions_that_share_a_wall_are_searched_together() {
        // White's string has the one-point regions B3 and D3 and the row below. Each one-point region alone
        // gives it one eye, not two; the three together (one group, as they share the string) are a zone: White
        // fills the row into eyes whatever Black does there.
        assert_eq!(
            zones_drawn(&["O.O.", "OOOO", "...."], Color::White),
            vec!["ZZZZ/ZZZZ/ZZZZ/"]
        );
        let position = position(&["O.O.", "OOOO", "...."]);
        let geometry = Geometry::new(position.shared_board()).expect("a small board");
        let stones = geometry.stones_of(&position);
        let groups = candidates(&geometry, &stones, Color::White, 12, false);
        assert_eq!(groups.len(), 1);
        for part in &groups[0].parts {
            let safe = is_zone(
                &geometry,
                stones.black,
                *part,
                ZoneKind::Safe,
                &mut LocalMemo::default(),
                &mut budget(),
            )
            .expect("no allowance");
            assert_eq!(safe, part.region.count_ones() > 1, "{part:?}");
        }
        // Black's stones on C3 and C2 leave White's wall without a second eye: no zone.
        assert!(zones_drawn(&["O.#.", "OO#.", "...."], Color::White).is_empty());
    }

    #[test]
    fn a_zone_after_losses_counts_unless_a_play_there_started_from_more() {
        // SOLVER-3.10, "After losses": White's stones on a zone of bits 0 to 3 (bit 4 lies outside it).
        let zone = 0b1111;
        let white = |stones: Mask| Stones {
            black: 0,
            white: stones,
        };
        // White holds 0, plays 1, loses both, then plays 2: no earlier play of his there started from {2}
        // or more, so the zone counts.
        let line = [white(0b1), white(0b11), white(0), white(0b100)];
        assert!(no_play_from_more(&line, Color::White, zone));
        // Had he played 0 again instead, his play of 1 started from {0}, which holds all he has there now: his
        // strategy might repeat it.
        let again = [white(0b1), white(0b11), white(0), white(0b1)];
        assert!(!no_play_from_more(&again, Color::White, zone));
        // A play outside the zone, or Black's play, is not a play of White's there.
        let outside = [
            white(0b1),
            white(0b1_0001),
            white(0b1_0000),
            white(0b1_0001),
        ];
        assert!(no_play_from_more(&outside, Color::White, zone));
        let black = [
            Stones {
                black: 0b1,
                white: 0,
            },
            Stones {
                black: 0b11,
                white: 0,
            },
            Stones { black: 0, white: 0 },
            Stones {
                black: 0b1,
                white: 0,
            },
        ];
        assert!(no_play_from_more(&black, Color::White, zone));
        assert!(!no_play_from_more(&black, Color::Black, zone));
    }

    #[test]
    fn a_captured_area_is_safe_when_the_defender_can_fill_it_into_eyes() {
        // The area White has just emptied on naj-discussed-score-minus-27's board (12 intersections, White's
        // stones F1..D2 inside it): Black cannot live there, and White can fill it into single eyes.
        let rows = [".O...O#..", ".OOO..OOO", ".....OO.O", "OOOOOO.OO"];
        let position = position(&rows);
        let geometry = Geometry::new(position.shared_board()).expect("a small board");
        let stones = geometry.stones_of(&position);
        let zones =
            safe_zones(&geometry, &stones, Color::White, 12, &mut budget()).expect("no allowance");
        assert!(zones.iter().any(|zone| zone & bit(0) != 0), "{zones:?}");
        // With room for only eleven intersections the area is not searched.
        let small =
            safe_zones(&geometry, &stones, Color::White, 11, &mut budget()).expect("no allowance");
        assert!(small.iter().all(|zone| zone & bit(0) == 0));
    }

    #[test]
    fn a_wall_string_with_one_liberty_in_the_region_refutes_the_zone_at_once() {
        // Black's string B4-A3-B3-A2 has one liberty, A1, in the region of the eleven intersections right of it
        // and below (three white stones in it): White's play there would leave it without a liberty in the region,
        // so the zone is not safe, which the search answers in its first state, before it tries any of Black's
        // answers (SOLVER-3.10, "Cheap refutations first"; before, 9,276 states).
        let position = position(&[".#O.", "##O.", "#O..", "...."]);
        let geometry = Geometry::new(position.shared_board()).expect("a small board");
        let stones = geometry.stones_of(&position);
        let candidate = candidates(&geometry, &stones, Color::Black, 12, true)
            .into_iter()
            .flat_map(|group| group.parts.into_iter().chain(group.whole))
            .find(|candidate| candidate.region & bit(3) != 0)
            .expect("the region with D4 is a candidate");
        assert_eq!(candidate.region.count_ones(), 11);
        let mut budget = budget();
        let answer = zone_within(
            &geometry,
            stones.of(Color::White),
            candidate,
            ZoneKind::Safe,
            ZONE_NODES,
            &mut LocalMemo::default(),
            &mut budget,
        )
        .expect("no allowance");
        assert_eq!(answer, Some(false));
        assert_eq!(budget.used, 1);
    }

    /// SOLVER-3.11: two sekis on either side of Black's living middle group (the 1000-year ko of seed 000 with its
    /// ko connected): each alone is decided without denial zones, both together only with them, and all agree.
    #[test]
    fn denial_zones_decide_two_sekis_at_once() {
        let limits = |denial_zones: bool, max_nodes: u64| Limits {
            max_nodes,
            deadline: Deadline::NONE,
            tuning: Tuning {
                denial_zones,
                ..Tuning::PLAIN
            },
        };
        let value = |rows: &[&str], limits: Limits| {
            let start = position(rows);
            on_big_stack(|| {
                match analysis_value_after(&Ruleset::naj(), &start, Analysis::Black, &[], limits) {
                    Ok(Solved::Value { value, .. }) => Some(value),
                    _ => None,
                }
            })
        };
        let left = ["###.O#.#", "O##.O###", "OOOOO#.#", "OOOOO###"];
        let right = ["#.#O##", "###O.#", "#.#O.#", "###OO#"];
        let both = ["###.O#.#O##", "O##.O###O.#", "OOOOO#.#O.#", "OOOOO###OO#"];
        for rows in [&left[..], &right[..]] {
            assert_eq!(value(rows, limits(false, 2_000_000)), Some(2), "{rows:?}");
            assert_eq!(value(rows, limits(true, 2_000_000)), Some(2), "{rows:?}");
        }
        assert_eq!(value(&both, limits(true, 100_000)), Some(2));
    }

    /// SOLVER-3.11: a region of White's that holds a living black group (two one-point eyes) is no denial zone,
    /// however White answers: Black controls what his immortal stones hold.
    #[test]
    fn a_living_group_of_the_attacker_is_not_denied() {
        let rows = [".#.#O", "####O", "....O"];
        let start = position(&rows);
        let geometry = Geometry::new(start.shared_board()).expect("a small board");
        let stones = geometry.stones_of(&start);
        let groups = candidates(&geometry, &stones, Color::White, 12, false);
        let living = groups
            .iter()
            .flat_map(|group| group.whole.iter().chain(group.parts.iter()))
            .find(|candidate| candidate.region & stones.black != 0)
            .expect("the region around the black group is a candidate");
        assert!(!is_zone(
            &geometry,
            stones.black,
            *living,
            ZoneKind::Denial,
            &mut LocalMemo::default(),
            &mut budget()
        )
        .expect("no allowance"));
        let value = |denial_zones: bool| {
            let limits = Limits {
                max_nodes: 2_000_000,
                deadline: Deadline::NONE,
                tuning: Tuning {
                    denial_zones,
                    ..Tuning::PLAIN
                },
            };
            on_big_stack(|| {
                match analysis_value_after(&Ruleset::naj(), &start, Analysis::Black, &[], limits) {
                    Ok(Solved::Value { value, .. }) => Some(value),
                    _ => None,
                }
            })
        };
        assert_eq!(value(true), value(false));
        assert!(value(true).is_some());
    }

    /// A wall of one colour across the middle row of a 3- to 5-wide board of three rows; the row above holds
    /// random stones and one or two empty intersections, the row below mostly empty intersections and some
    /// stones of the other colour: a region the wall's owner may or may not be able to make his, small enough
    /// for the searches that check the bound.
    fn walled_position() -> impl Strategy<Value = Position> {
        (3usize..=5, any::<bool>())
            .prop_flat_map(|(width, white_wall)| {
                (
                    proptest::collection::vec(any::<bool>(), width),
                    proptest::collection::vec(0..width, 1..=2),
                    proptest::collection::vec(0u8..3, width),
                )
                    .prop_map(move |(top, holes, bottom)| {
                        let (own, theirs) = if white_wall { ('O', '#') } else { ('#', 'O') };
                        let mut upper: Vec<char> = top
                            .iter()
                            .map(|&white| if white { 'O' } else { '#' })
                            .collect();
                        for hole in holes {
                            upper[hole] = '.';
                        }
                        let lower: String = bottom
                            .iter()
                            .map(|&code| if code == 0 { theirs } else { '.' })
                            .collect();
                        let rows = [
                            upper.iter().collect::<String>(),
                            std::iter::repeat_n(own, width).collect(),
                            lower,
                        ];
                        Position::from_rows(&rows).expect("a rectangle")
                    })
            })
            .prop_filter("every string has a liberty", playable)
    }

    /// A crowded board of 3 to 5 columns and 2 or 3 rows, each intersection black, white or empty at random:
    /// sekis, kos and strings short of liberties next to each other (the shapes where a denial zone, SOLVER-3.11,
    /// is or is not one).
    fn crowded_position() -> impl Strategy<Value = Position> {
        (3usize..=5, 2usize..=3)
            .prop_flat_map(|(width, height)| {
                proptest::collection::vec(0u8..10, width * height).prop_map(move |cells| {
                    let rows: Vec<String> = cells
                        .chunks(width)
                        .map(|row| {
                            row.iter()
                                .map(|&code| match code {
                                    0..=3 => '#',
                                    4..=7 => 'O',
                                    _ => '.',
                                })
                                .collect()
                        })
                        .collect();
                    Position::from_rows(&rows).expect("a rectangle")
                })
            })
            .prop_filter("every string has a liberty", playable)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// SOLVER-6.5: the bounds of the safe zones (SOLVER-3.10) hold the value plain minimax finds, after
        /// random histories (so that stones are lost on zones and kos are taken), in each analysis and under
        /// either end rule.
        #[test]
        fn zone_bounds_hold_the_plain_minimax_value(
            start in prop_oneof![walled_position(), crowded_position()],
            analysis in prop_oneof![Just(Analysis::Black), Just(Analysis::White), Just(Analysis::Single)],
            two_passes in any::<bool>(),
            picks in proptest::collection::vec(any::<u8>(), 0..6),
        ) {
            on_big_stack(|| analysis_bounds_agree(&start, analysis, two_passes, &picks))?;
        }

        /// SOLVER-6.5: likewise in the alternation (SOLVER-3.10's bound with prisoners), with two analyses or the
        /// single one and either player first.
        #[test]
        fn zone_bounds_hold_the_alternation_value(
            start in walled_position(),
            single in any::<bool>(),
            white_first in any::<bool>(),
            picks in proptest::collection::vec(any::<u8>(), 0..4),
        ) {
            on_big_stack(|| alternation_bounds_agree(&start, single, white_first, &picks))?;
        }
    }

    /// Runs `work` on a thread with a big stack (plain minimax recurses once per move of its longest line).
    fn on_big_stack<R: Send>(work: impl FnOnce() -> R + Send) -> R {
        crate::big_stack::run("zone test", 0, 0, |_| work())
    }

    /// The solver without safe zones, for the values plain minimax cannot reach.
    fn without_zones() -> Limits {
        Limits {
            max_nodes: 300_000,
            deadline: Deadline::NONE,
            tuning: Tuning {
                zone_points: 0,
                ..Tuning::PLAIN
            },
        }
    }

    /// Whether every string of `position` has a liberty (a position the solver accepts, SOLVER-1.2).
    pub(in crate::naj::solver) fn playable(position: &Position) -> bool {
        crate::string::strings(position)
            .iter()
            .all(|string| string.has_liberty())
    }

    /// SOLVER-6.5: the value of `analysis` of `start` after `played`: plain minimax's within 3,000 states, else
    /// the solver's under `fallback` (itself checked against minimax, SOLVER-6.1); `None` if neither finishes.
    pub(in crate::naj::solver) fn expected_value(
        ruleset: &Ruleset,
        start: &Position,
        analysis: Analysis,
        played: &[Move],
        fallback: Limits,
    ) -> Option<i64> {
        crate::big_stack::run("expected value", 0, 0, |_| {
            naive::analysis_value_after(ruleset, start, analysis, played, 3_000).or_else(|| {
                match analysis_value_after(ruleset, start, analysis, played, fallback) {
                    Ok(Solved::Value { value, .. }) => Some(value),
                    _ => None,
                }
            })
        })
    }

    /// SOLVER-6.5: the solver under `limits`, where it finishes, gives `expected`.
    pub(in crate::naj::solver) fn solver_agrees(
        ruleset: &Ruleset,
        start: &Position,
        analysis: Analysis,
        played: &[Move],
        limits: Limits,
        expected: i64,
    ) -> Result<(), TestCaseError> {
        let solved = crate::big_stack::run("solver", 0, 0, |_| {
            analysis_value_after(ruleset, start, analysis, played, limits)
        });
        if let Ok(Solved::Value { value, .. }) = solved {
            prop_assert_eq!(
                value,
                expected,
                "{:?} of {:?} after {:?} under {:?}",
                analysis,
                start,
                played,
                limits.tuning
            );
        }
        Ok(())
    }

    /// The NAJ rules with the analyses ended by two passes (`two_passes`, NAJ-9.2) or three, and a random history of
    /// `analysis` from `start` chosen by `picks` (`random_history`).
    pub(in crate::naj::solver) fn analysis_history(
        start: &Position,
        analysis: Analysis,
        two_passes: bool,
        picks: &[u8],
    ) -> (Ruleset, Sequence, Vec<Move>) {
        analysis_history_after(start, analysis, two_passes, &[], picks)
    }

    /// As [`analysis_history`], the random history following the moves of `prefix` (`random_history_after`).
    pub(in crate::naj::solver) fn analysis_history_after(
        start: &Position,
        analysis: Analysis,
        two_passes: bool,
        prefix: &[Move],
        picks: &[u8],
    ) -> (Ruleset, Sequence, Vec<Move>) {
        let mut ruleset = Ruleset::naj();
        if two_passes {
            ruleset.naj.analysis_end_passes = 2;
        }
        let end_passes = usize::from(ruleset.naj.analysis_end_passes);
        let (sequence, played) = random_history_after(
            start,
            analysis.first_to_move(),
            &ruleset,
            end_passes,
            prefix,
            picks,
        );
        (ruleset, sequence, played)
    }

    /// A move-sequence from `start` with `first` to move, and the moves of a random history from `picks` that
    /// stops before a pass could end it.
    pub(in crate::naj::solver) fn random_history(
        start: &Position,
        first: Color,
        ruleset: &Ruleset,
        end_passes: usize,
        picks: &[u8],
    ) -> (Sequence, Vec<Move>) {
        random_history_after(start, first, ruleset, end_passes, &[], picks)
    }

    /// As [`random_history`], after the moves of `prefix`: the history stops at the first of them that is
    /// illegal or a pass that could end the move-sequence, and the random moves follow only a whole prefix.
    fn random_history_after(
        start: &Position,
        first: Color,
        ruleset: &Ruleset,
        end_passes: usize,
        prefix: &[Move],
        picks: &[u8],
    ) -> (Sequence, Vec<Move>) {
        let mut sequence = Sequence::new(start.clone(), first, ruleset.sequence_rules());
        let mut played = Vec::new();
        for &mv in prefix {
            let ends = mv == Move::Pass && sequence.consecutive_passes() + 1 >= end_passes;
            if ends || sequence.legality(mv).is_err() {
                return (sequence, played);
            }
            sequence.play(mv).expect("a legal move");
            played.push(mv);
        }
        for &pick in picks {
            if sequence.consecutive_passes() + 1 >= end_passes {
                break;
            }
            let moves: Vec<Move> = std::iter::once(Move::Pass)
                .chain(start.board().points().map(Move::Play))
                .filter(|&mv| sequence.legality(mv).is_ok())
                .collect();
            let mv = moves[usize::from(pick) % moves.len()];
            sequence.play(mv).expect("a legal move");
            played.push(mv);
        }
        (sequence, played)
    }

    /// Every answer the safe zones give `phase` at the end of `sequence`, for thresholds within 30 of
    /// `expected` (the value from there on), is the true one.
    fn verdicts_agree(
        phase: &mut dyn Zoned,
        geometry: &Geometry,
        sequence: &Sequence,
        expected: i64,
        what: &str,
        tuning: Tuning,
    ) -> Result<(), TestCaseError> {
        let positions: Vec<Stones> = sequence
            .positions()
            .iter()
            .map(|p| geometry.stones_of(p))
            .collect();
        let lost = positions.windows(2).fold(Stones::default(), |lost, pair| {
            lost.losing(&pair[0], &pair[1])
        });
        let facts = ZoneFacts {
            to_move: sequence.to_move(),
            passes: sequence.consecutive_passes(),
            lost,
            line: &positions,
        };
        let now = positions[positions.len() - 1];
        // Each question asked first without searching zones not known yet (answered from what earlier questions
        // found, or not at all), then searching them, then without again (answered from what was found).
        for (thorough, t) in [false, true, false]
            .into_iter()
            .flat_map(|thorough| (expected - 30..=expected + 30).map(move |t| (thorough, t)))
        {
            if let Some(answer) =
                verdict(phase, &now, facts, t, thorough, &mut tuned(tuning)).expect("no allowance")
            {
                prop_assert_eq!(
                    answer.proven,
                    expected >= t,
                    "{}: value {} from here, question at least {}, zones {:?}",
                    what,
                    expected,
                    t,
                    answer.zones
                );
            }
        }
        Ok(())
    }

    fn analysis_bounds_agree(
        start: &Position,
        analysis: Analysis,
        two_passes: bool,
        picks: &[u8],
    ) -> Result<(), TestCaseError> {
        let (ruleset, sequence, played) = analysis_history(start, analysis, two_passes, picks);
        // Plain minimax where it finishes within 3,000 states; else the solver without safe zones (SOLVER-6.1
        // checks it against plain minimax), so that the bigger regions are checked too.
        let Some(expected) = expected_value(&ruleset, start, analysis, &played, without_zones())
        else {
            return Ok(());
        };
        // The whole search under SOLVER-3.10's ordered searches and zones keyed on their boundary, and SOLVER-3.12's
        // start numbers: one zone cache for every position it visits, so that zones shared wrongly would show.
        let informed = Limits {
            tuning: Tuning {
                denial_zones: true,
                ..Tuning::INFORMED
            },
            ..without_zones()
        };
        if let Ok(Solved::Value { value, .. }) =
            analysis_value_after(&ruleset, start, analysis, &played, informed)
        {
            prop_assert_eq!(
                value,
                expected,
                "{:?} of {:?} after {:?}, informed",
                analysis,
                start,
                played
            );
        }
        let geometry = Geometry::new(start.shared_board()).expect("a small board");
        // The default settings, and those of SOLVER-3.10's ordered searches and zones keyed on their boundary.
        for tuning in [Tuning::PLAIN, Tuning::INFORMED] {
            let mut control = Control::default();
            let mut phase = AnalysisPhase::new(
                &geometry,
                geometry.stones_of(start),
                analysis,
                usize::from(ruleset.naj.analysis_end_passes),
                &mut control,
            );
            let what = format!("{analysis:?} of {start:?} after {played:?} under {tuning:?}");
            verdicts_agree(&mut phase, &geometry, &sequence, expected, &what, tuning)?;
        }
        Ok(())
    }

    fn alternation_bounds_agree(
        start: &Position,
        single: bool,
        white_first: bool,
        picks: &[u8],
    ) -> Result<(), TestCaseError> {
        let mut ruleset = Ruleset::naj();
        if single {
            ruleset.naj.analyses = Analyses::Single;
        }
        let first = if white_first {
            Color::White
        } else {
            Color::Black
        };
        let (sequence, played) = random_history(start, first, &ruleset, 2, picks);
        // Plain minimax where there is no history and it finishes within 3,000 states; else the solver without
        // safe zones.
        let naive = if played.is_empty() {
            naive::alternation_value(&ruleset, start, first, 3_000)
        } else {
            None
        };
        let value = match naive {
            Some(value) => value,
            None => match alternation_value_after(
                &ruleset,
                start,
                first,
                ByColor::default(),
                &played,
                without_zones(),
            ) {
                Ok(Solved::Value { value, .. }) => value,
                _ => return Ok(()),
            },
        };
        // The search's values count the prisoners from the current state on (SOLVER-4.4).
        let taken = sequence.prisoners();
        let expected = value - (taken[Color::Black] as i64 - taken[Color::White] as i64);
        let geometry = Geometry::new(start.shared_board()).expect("a small board");
        let mut phase = AlternationPhase::new(
            &geometry,
            ruleset.naj.analyses,
            usize::from(ruleset.naj.analysis_end_passes),
        );
        let what = format!("the alternation of {start:?} after {played:?}");
        verdicts_agree(
            &mut phase,
            &geometry,
            &sequence,
            expected,
            &what,
            Tuning::PLAIN,
        )
    }
}
