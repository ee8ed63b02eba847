//! SOLVER-2.3: the alternation as searched: its end is worth the analyses of the final-position at best play,
//! and every capture is worth a prisoner.

use crate::color::Color;
use crate::naj::game::{Analyses, Analysis};

use super::analysis::{AnalysisPhase, Control};
use super::finals;
use super::search::{Budget, OutOfNodes, Phase, Search};
use super::stones::{points, FastMap, Geometry, Mask, Stones};
use super::zones::{ZoneCache, Zoned};

/// SOLVER-2.3: the alternation of a game under the given analysis rules.
pub(crate) struct AlternationPhase {
    geometry: Geometry,
    analyses: Analyses,
    analysis_end_passes: usize,
    control: Control,
    /// SOLVER-2.3: the value of the analyses of each final-position met so far.
    finals: FastMap<Stones, i64>,
    /// SOLVER-3.10: each player's candidate zones per position.
    zones: ZoneCache,
}

impl AlternationPhase {
    /// SOLVER-2.3: the alternation followed by `analyses`, each ended by `analysis_end_passes` passes.
    pub fn new(
        geometry: &Geometry,
        analyses: Analyses,
        analysis_end_passes: usize,
    ) -> AlternationPhase {
        AlternationPhase {
            geometry: geometry.clone(),
            analyses,
            analysis_end_passes,
            control: Control::default(),
            finals: FastMap::default(),
            zones: ZoneCache::default(),
        }
    }

    /// SOLVER-3.3, SOLVER-3.10: what `player` keeps: his score read from `position` as final-position and
    /// reference position (his immortal stones and what they surround) whatever happens while the opponent
    /// plays alone; when he also makes his safe zones `zones` his, that score outside them and a prisoner for
    /// each opponent stone in them now, which he must capture (his stones and eyes there are worth at least
    /// nothing).
    fn floor(&mut self, position: &Stones, player: Color, zones: Mask) -> i64 {
        let controls = self.control.controls(&self.geometry, position, player);
        points(position, self.geometry.all(), player, controls & !zones)
            + i64::from((position.of(player.opponent()) & zones).count_ones())
    }

    /// SOLVER-3.3, SOLVER-3.10: the most `player` can gain while he plays alone, prisoners included: 2 for each
    /// opponent stone and 1 for each empty intersection outside what the opponent's immortal stones control and
    /// outside the opponent's safe zones `zones` (nothing there).
    fn potential(&mut self, position: &Stones, player: Color, zones: Mask) -> i64 {
        let all = self.geometry.all();
        let theirs = self
            .control
            .controls(&self.geometry, position, player.opponent());
        points(
            position,
            all,
            player,
            all & !((theirs | zones) & !self.geometry.isolated()),
        )
    }

    /// SOLVER-2.2: the value of `analysis` of `final_position` at best play.
    fn analysis_value(
        &mut self,
        final_position: &Stones,
        analysis: Analysis,
        budget: &mut Budget,
    ) -> Result<i64, OutOfNodes> {
        let question = finals::Question::new(
            &self.geometry,
            *final_position,
            analysis,
            self.analysis_end_passes,
            budget,
        );
        // SOLVER-4.10: a search of this analysis made earlier in the process tells what this one would do.
        let left = budget.limit.saturating_sub(budget.used);
        match finals::recall(&question).and_then(|needs| needs.within(left)) {
            Some(finals::Within::Ends { value, nodes }) => {
                budget.used += nodes;
                return Ok(value);
            }
            Some(finals::Within::RunsOut) => {
                budget.used = budget.limit.saturating_add(1);
                return Err(OutOfNodes);
            }
            None => {}
        }
        let phase = AnalysisPhase::new(
            &self.geometry,
            *final_position,
            analysis,
            self.analysis_end_passes,
            &mut self.control,
        );
        let nested = Budget {
            used: budget.used,
            limit: budget.limit,
            max_depth: budget.max_depth,
            deadline: budget.deadline,
            tuning: budget.tuning,
        };
        let mut search = Search::new(
            &self.geometry,
            phase,
            nested,
            analysis.first_to_move(),
            vec![*final_position],
            Vec::new(),
        );
        let result = search.value();
        let nodes = search.budget.used - budget.used;
        budget.used = search.budget.used;
        // A search that the deadline stopped says nothing about nodes.
        match result {
            Ok(value) => finals::record(question, finals::Needs::Done { value, nodes }),
            Err(OutOfNodes) if !budget.deadline.passed() => {
                finals::record(question, finals::Needs::MoreThan(left))
            }
            Err(OutOfNodes) => {}
        }
        result
    }
}

impl Phase for AlternationPhase {
    fn maximizer(&self) -> Color {
        Color::Black
    }

    fn end_passes(&self) -> usize {
        2
    }

    fn end_value(&mut self, position: &Stones, budget: &mut Budget) -> Result<i64, OutOfNodes> {
        if let Some(&known) = self.finals.get(position) {
            return Ok(known);
        }
        let value = match self.analyses {
            Analyses::Two => {
                self.analysis_value(position, Analysis::Black, budget)?
                    - self.analysis_value(position, Analysis::White, budget)?
            }
            Analyses::Single => self.analysis_value(position, Analysis::Single, budget)?,
        };
        crate::allowance::remember(&mut self.finals, *position, value);
        Ok(value)
    }

    fn bounds(
        &mut self,
        position: &Stones,
        _budget: &mut Budget,
    ) -> Result<(i64, i64), OutOfNodes> {
        Ok(self.cheap_bounds(position))
    }

    /// SOLVER-3.3: the bounds of SOLVER-3.10 without zones.
    fn cheap_bounds(&mut self, position: &Stones) -> (i64, i64) {
        (
            self.zone_bound(position, true, 0),
            self.zone_bound(position, false, 0),
        )
    }

    fn capture_value(&self, mover: Color, captured: u32) -> i64 {
        match mover {
            Color::White => -i64::from(captured),
            _ => i64::from(captured),
        }
    }

    fn immortal_stones(&mut self, position: &Stones) -> Stones {
        self.control.immortal_stones(&self.geometry, position)
    }

    fn as_zoned(&mut self) -> Option<&mut dyn Zoned> {
        Some(self)
    }
}

impl Zoned for AlternationPhase {
    fn zone_cache(&mut self) -> (&Geometry, &mut ZoneCache) {
        (&self.geometry, &mut self.zones)
    }

    fn zone_bound(&mut self, position: &Stones, proves: bool, zones: Mask) -> i64 {
        if proves {
            self.floor(position, Color::Black, zones)
                - self.potential(position, Color::White, zones)
        } else {
            self.potential(position, Color::Black, zones)
                - self.floor(position, Color::White, zones)
        }
    }
}
