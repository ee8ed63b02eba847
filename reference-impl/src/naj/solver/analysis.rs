//! SOLVER-2.2, SOLVER-3.3: the analyses as searched: their value at the end (the player's score read from the
//! reference position) and the bounds given by one player moving alone.

use crate::color::Color;
use crate::naj::game::Analysis;

use super::search::{Budget, OutOfNodes, Phase};
use super::stones::{points, points_of, recent_slot, FastMap, Geometry, Mask, Stones, RECENT};
use super::zones::{ZoneCache, Zoned};

/// NAJ-5.2, NAJ-6.1: immortal stones and control of positions, computed by the reference implementation's
/// Benson's algorithm and remembered (they depend on the position only).
#[derive(Default)]
pub(crate) struct Control {
    /// The immortal stones (NAJ-5.2) per position, indexed by owner, each once asked ([`NOT_ASKED`] before), so
    /// that one look finds both; control (NAJ-6.1) follows from them with a few operations on masks.
    immortal: FastMap<Stones, [Mask; 2]>,
    /// The positions looked up lately with both players' immortal stones and control, one per slot chosen by the
    /// position's bits: a small table that stays in the processor's cache, looked at before `immortal` (a bound
    /// search meets the same positions again soon).
    recent: Vec<(Stones, [(Mask, Mask); 2])>,
}

/// An owner's immortal stones not worked out yet: no set of immortal stones fills every intersection of the
/// largest board (a string needs regions).
const NOT_ASKED: Mask = Mask::MAX;

impl Control {
    /// NAJ-5.2: the immortal stones of both players in `position` (indexed by [`Color::index`]), those of
    /// `owners` worked out if not known yet (a full cache is emptied first, SOLVER-4.6).
    fn immortal(&mut self, geometry: &Geometry, position: &Stones, owners: &[Color]) -> [Mask; 2] {
        let entry = crate::allowance::remembered(&mut self.immortal, *position, || [NOT_ASKED; 2]);
        for &owner in owners {
            let known = &mut entry[owner.index()];
            if *known == NOT_ASKED {
                *known = geometry.pass_alive(position, owner);
            }
        }
        *entry
    }

    /// NAJ-5.2, NAJ-6.1: the immortal stones of `owner` in `position` and what he controls with them.
    fn known(&mut self, geometry: &Geometry, position: &Stones, owner: Color) -> (Mask, Mask) {
        let alive = self.immortal(geometry, position, &[owner])[owner.index()];
        (alive, control_from_immortal(geometry, alive))
    }

    /// NAJ-5.2, NAJ-6.1: what [`Control::known`] gives for Black and for White, with one look.
    fn both(&mut self, geometry: &Geometry, position: &Stones) -> [(Mask, Mask); 2] {
        if self.recent.is_empty() {
            // No position has both players' stones on one intersection: an empty slot matches none.
            self.recent = vec![(Stones { black: 1, white: 1 }, [(0, 0); 2]); RECENT];
        }
        let slot = recent_slot(position);
        if self.recent[slot].0 == *position {
            return self.recent[slot].1;
        }
        let both = self
            .immortal(geometry, position, &[Color::Black, Color::White])
            .map(|alive| (alive, control_from_immortal(geometry, alive)));
        self.recent[slot] = (*position, both);
        both
    }

    /// NAJ-5.2, SOLVER-4.9: the immortal stones of both players in `position`.
    pub fn immortal_stones(&mut self, geometry: &Geometry, position: &Stones) -> Stones {
        let [black, white] = self.both(geometry, position);
        Stones {
            black: black.0,
            white: white.0,
        }
    }

    /// NAJ-6.1: the intersections `player` controls when `position` is his reference position.
    pub fn controls(&mut self, geometry: &Geometry, position: &Stones, player: Color) -> Mask {
        self.known(geometry, position, player).1
    }

    /// NAJ-6.1: what Black and White control with `position` as their reference position.
    pub fn controls_both(&mut self, geometry: &Geometry, position: &Stones) -> (Mask, Mask) {
        let [black, white] = self.both(geometry, position);
        (black.1, white.1)
    }
}

/// NAJ-6.1: the intersections holding one of the `immortal` stones or whose every neighbour holds one.
pub(crate) fn control_from_immortal(geometry: &Geometry, immortal: Mask) -> Mask {
    immortal | (geometry.all() & !geometry.around(geometry.all() & !immortal))
}

/// SOLVER-3.3: what a bound search looks for: the best value `mover` reaches playing alone, highest if
/// `maximise`, else lowest, and the value at which it can stop (no position can do better).
#[derive(Clone, Copy)]
struct Alone {
    mover: Color,
    maximise: bool,
    limit: i64,
}

/// SOLVER-2.2: an analysis of a fixed final-position.
pub(crate) struct AnalysisPhase<'c> {
    geometry: Geometry,
    final_position: Stones,
    analysis: Analysis,
    end_passes: usize,
    control: &'c mut Control,
    bounds: FastMap<Stones, (i64, i64)>,
    /// SOLVER-3.10: each player's candidate zones per position, with whether each is safe once searched.
    zones: ZoneCache,
    /// SOLVER-3.3: the positions a bound search has met and those it has still to visit, kept between searches
    /// so that each does not allocate its own.
    reach: (FastMap<Stones, ()>, Vec<Stones>),
    /// SOLVER-3.13: what the searches of regions have shown.
    sums: super::sums::SumCache,
    /// SOLVER-3.14: what the proofs of the maximiser's ko fights beside his zones have shown.
    threats: super::threats::ThreatCache,
}

impl<'c> AnalysisPhase<'c> {
    /// SOLVER-2.2: the analysis `analysis` of `final_position`, ended by `end_passes` successive passes.
    pub fn new(
        geometry: &Geometry,
        final_position: Stones,
        analysis: Analysis,
        end_passes: usize,
        control: &'c mut Control,
    ) -> AnalysisPhase<'c> {
        AnalysisPhase {
            geometry: geometry.clone(),
            final_position,
            analysis,
            end_passes,
            control,
            bounds: FastMap::default(),
            zones: ZoneCache::default(),
            reach: Default::default(),
            sums: Default::default(),
            threats: Default::default(),
        }
    }

    fn score(&mut self, reference: &Stones, player: Color) -> i64 {
        let controls = self.control.controls(&self.geometry, reference, player);
        points(&self.final_position, self.geometry.all(), player, controls)
    }

    /// SOLVER-2.2: the value of the analysis ended in `reference`.
    pub fn value_at(&mut self, reference: &Stones) -> i64 {
        match self.analysis {
            Analysis::Black => self.score(reference, Color::Black),
            Analysis::White => self.score(reference, Color::White),
            Analysis::Single => {
                self.score(reference, Color::Black) - self.score(reference, Color::White)
            }
        }
    }

    /// NAJ-6.1: what Black and White control with `position` as their reference position.
    fn controls_now(&mut self, position: &Stones) -> (Mask, Mask) {
        self.control.controls_both(&self.geometry, position)
    }

    /// SOLVER-3.3, SOLVER-3.10: the low bound when the maximiser makes `zones` his: what he controls now and
    /// `zones` count for him, and (in the single analysis) White scores nothing there.
    fn low_with_zones(&mut self, position: &Stones, zones: Mask) -> i64 {
        let controls = self.controls_now(position);
        self.low_from(controls, zones)
    }

    /// [`AnalysisPhase::low_with_zones`] with what Black and White control now.
    fn low_from(&self, (black, white): (Mask, Mask), zones: Mask) -> i64 {
        match self.analysis {
            Analysis::Black => self.points_of(Color::Black, black | zones),
            Analysis::White => self.points_of(Color::White, white | zones),
            Analysis::Single => {
                self.points_of(Color::Black, black | zones)
                    - self.points_of(Color::White, self.outside(black | zones))
            }
        }
    }

    /// SOLVER-3.3, SOLVER-3.10: the high bound when the minimiser makes `zones` his: the maximiser scores nothing
    /// on what the minimiser controls now or on `zones`, and (in the single analysis) White scores them.
    fn high_with_zones(&mut self, position: &Stones, zones: Mask) -> i64 {
        let controls = self.controls_now(position);
        self.high_from(controls, zones)
    }

    /// [`AnalysisPhase::high_with_zones`] with what Black and White control now.
    fn high_from(&self, (black, white): (Mask, Mask), zones: Mask) -> i64 {
        match self.analysis {
            Analysis::Black => self.points_of(Color::Black, self.outside(white | zones)),
            Analysis::White => self.points_of(Color::White, self.outside(black | zones)),
            Analysis::Single => {
                self.points_of(Color::Black, self.outside(white | zones))
                    - self.points_of(Color::White, white | zones)
            }
        }
    }

    /// NAJ-7.1, NAJ-7.2: `player`'s points for the intersections in `controls`.
    fn points_of(&self, player: Color, controls: Mask) -> i64 {
        points(&self.final_position, self.geometry.all(), player, controls)
    }

    /// The intersections the other player may still control when one player holds `held` (those without
    /// neighbours are controlled by both).
    fn outside(&self, held: Mask) -> Mask {
        self.geometry.all() & !(held & !self.geometry.isolated())
    }

    /// SOLVER-3.3: `(low, high)`: `high` bounds the value at every position the maximiser reaches from
    /// `position` playing alone, `low` at every position the minimiser reaches playing alone: the bounds of
    /// SOLVER-3.10 without zones (the immortal stones of each player stay, and so does what they control).
    fn quick_bounds(&mut self, position: &Stones) -> (i64, i64) {
        let controls = self.controls_now(position);
        (self.low_from(controls, 0), self.high_from(controls, 0))
    }

    /// SOLVER-3.3: the best value `goal.mover` reaches by playing alone from `position` (the opponent always
    /// passing, no ko rule restricting him), highest if `goal.maximise`, else lowest; `None` if the search visits
    /// more positions than its allowance.
    fn alone(
        &mut self,
        position: &Stones,
        goal: Alone,
        budget: &mut Budget,
    ) -> Result<Option<i64>, OutOfNodes> {
        // The sets the search keeps, reused from one search to the next.
        let (mut seen, mut to_visit) = std::mem::take(&mut self.reach);
        seen.clear();
        to_visit.clear();
        let found = self.alone_with(position, goal, budget, (&mut seen, &mut to_visit));
        self.reach = (seen, to_visit);
        found
    }

    /// [`AnalysisPhase::alone`] with the sets it keeps, empty.
    fn alone_with(
        &mut self,
        position: &Stones,
        Alone {
            mover,
            maximise,
            limit,
        }: Alone,
        budget: &mut Budget,
        (seen, to_visit): (&mut FastMap<Stones, ()>, &mut Vec<Stones>),
    ) -> Result<Option<i64>, OutOfNodes> {
        let mut best = self.value_at(position);
        seen.insert(*position, ());
        to_visit.push(*position);
        while let Some(current) = to_visit.pop() {
            if best == limit {
                break;
            }
            let empty = self.geometry.all() & !current.occupied();
            for index in points_of(empty) {
                let Some(played) = self.geometry.play(&current, mover, index) else {
                    continue;
                };
                if seen.contains_key(&played.after) {
                    continue;
                }
                if seen.len() >= budget.tuning.reach_allowance {
                    return Ok(None);
                }
                budget.spend(1)?;
                seen.insert(played.after, ());
                let value = self.value_at(&played.after);
                best = if maximise {
                    best.max(value)
                } else {
                    best.min(value)
                };
                to_visit.push(played.after);
            }
        }
        Ok(Some(best))
    }
}

impl Phase for AnalysisPhase<'_> {
    fn maximizer(&self) -> Color {
        match self.analysis {
            Analysis::White => Color::White,
            Analysis::Black | Analysis::Single => Color::Black,
        }
    }

    fn end_passes(&self) -> usize {
        self.end_passes
    }

    fn end_value(&mut self, position: &Stones, _budget: &mut Budget) -> Result<i64, OutOfNodes> {
        Ok(self.value_at(position))
    }

    fn bounds(&mut self, position: &Stones, budget: &mut Budget) -> Result<(i64, i64), OutOfNodes> {
        if let Some(&known) = self.bounds.get(position) {
            return Ok(known);
        }
        let maximizer = self.maximizer();
        let minimizer = maximizer.opponent();
        let (quick_low, quick_high) = self.quick_bounds(position);
        let high = self
            .alone(
                position,
                Alone {
                    mover: maximizer,
                    maximise: true,
                    limit: quick_high,
                },
                budget,
            )?
            .unwrap_or(quick_high);
        let low = self
            .alone(
                position,
                Alone {
                    mover: minimizer,
                    maximise: false,
                    limit: quick_low,
                },
                budget,
            )?
            .unwrap_or(quick_low);
        crate::allowance::remember(&mut self.bounds, *position, (low, high));
        Ok((low, high))
    }

    fn pass_value(&mut self, position: &Stones) -> Option<i64> {
        Some(self.value_at(position))
    }

    fn cheap_bounds(&mut self, position: &Stones) -> (i64, i64) {
        match self.bounds.get(position) {
            Some(&known) => known,
            None => self.quick_bounds(position),
        }
    }

    fn capture_value(&self, _mover: Color, _captured: u32) -> i64 {
        0
    }

    fn immortal_stones(&mut self, position: &Stones) -> Stones {
        self.control.immortal_stones(&self.geometry, position)
    }

    fn as_zoned(&mut self) -> Option<&mut dyn Zoned> {
        Some(self)
    }
}

impl Zoned for AnalysisPhase<'_> {
    fn zone_cache(&mut self) -> (&Geometry, &mut ZoneCache) {
        (&self.geometry, &mut self.zones)
    }

    fn zone_bound(&mut self, position: &Stones, proves: bool, zones: Mask) -> i64 {
        if proves {
            self.low_with_zones(position, zones)
        } else {
            self.high_with_zones(position, zones)
        }
    }

    fn sums(&mut self) -> Option<(&Geometry, &Stones, &mut super::sums::SumCache)> {
        // SOLVER-3.13: the bound counts the maximiser's score alone, which the single analysis does not.
        (self.analysis != Analysis::Single).then_some((
            &self.geometry,
            &self.final_position,
            &mut self.sums,
        ))
    }

    fn threats(&mut self) -> Option<(&Geometry, &Stones, &mut super::threats::ThreatCache)> {
        // SOLVER-3.14: the goal counts the maximiser's score alone, which the single analysis does not.
        (self.analysis != Analysis::Single).then_some((
            &self.geometry,
            &self.final_position,
            &mut self.threats,
        ))
    }

    fn has_denial_zones(&self) -> bool {
        // In the single analysis the high bound counts the minimiser's zones for White, which a denial zone does
        // not give him.
        self.analysis != Analysis::Single
    }
}
