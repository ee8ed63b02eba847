//! KODEF-2: the default restriction rules: the 1-play rule (KO-6), the basic-ko rule (KO-1), the fixed-ko rule
//! (KO-2), the 3-pass rule and the cycle-end rule. The first three restrict plays and are [`KoRules`] a
//! [`Sequence`] obeys; the last two end the move-sequence and are read off its history by [`first_end`].

use crate::ko::{is_simple_ko_retake, KoRule, KoRules};
use crate::kodef::readings::{CycleEndReading, Readings};
use crate::moves::SuicideRule;
use crate::sequence::{Sequence, SequenceRules};

/// KODEF-2.4, KODEF-2.5: how a move-sequence under the default restriction rules ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RestrictionEnd {
    /// KODEF-2.4: three passes in a row.
    ThreePasses,
    /// KODEF-2.5: the start situation recurred after a play (KODEF-R2), and not by the exempt recapture (KODEF-R3).
    CycleEnd,
}

/// KODEF-2.6: the rules that restrict plays in a move-sequence under the default restriction rules, with the
/// suicide rule given (KODEF-1.1).
pub fn default_restriction_rules(suicide: SuicideRule) -> SequenceRules {
    SequenceRules {
        ko: KoRules::NONE
            .with(KoRule::BasicKo)
            .with(KoRule::FixedKo)
            .with(KoRule::OnePlay),
        suicide,
    }
}

/// KODEF-2.4, KODEF-2.5, KODEF-R2: the first move after which `sequence` ended under the default restriction
/// rules, as the number of moves made up to and including it, with the rule that ended it; `None` while it goes on.
///
/// The sequence is read from its start: its start situation is its first position with its first player to
/// move. A recurrence of the start situation ends the sequence when the move that made it recur is not the exempt
/// recapture (KODEF-R3) and, under `readings.cycle_end` (KODEF-R2): `last-recurrence`, the moves since the last
/// earlier moment the start situation held include a play (a recurrence that does not end it becomes the new
/// moment to count from); `from-start`, the moves since the start include a play; `with-pass-cycles`, always.
pub fn first_end(sequence: &Sequence, readings: &Readings) -> Option<(usize, RestrictionEnd)> {
    let positions = sequence.positions();
    let moves = sequence.moves();
    let first = sequence.to_move_at(0);
    let mut since = 0;
    let mut passes = 0;
    for made in 1..=moves.len() {
        let last = &moves[made - 1];
        passes = if last.mv.is_pass() { passes + 1 } else { 0 };
        if passes >= 3 {
            return Some((made, RestrictionEnd::ThreePasses));
        }
        let recurs = positions[made] == positions[0] && sequence.to_move_at(made) == first;
        if !recurs {
            continue;
        }
        let played = match readings.cycle_end {
            CycleEndReading::LastRecurrence | CycleEndReading::FromStart => {
                moves[since..made].iter().any(|m| !m.mv.is_pass())
            }
            CycleEndReading::WithPassCycles => true,
        };
        if played && !is_exempt_recapture(sequence, made) {
            return Some((made, RestrictionEnd::CycleEnd));
        }
        if readings.cycle_end == CycleEndReading::LastRecurrence {
            since = made;
        }
    }
    None
}

/// KODEF-R3: move number `made` (1-based) is a play on x that captured exactly one stone, on y, and it follows two
/// passes after a play on y that captured exactly one stone, on x.
fn is_exempt_recapture(sequence: &Sequence, made: usize) -> bool {
    let moves = sequence.moves();
    if made < 4 {
        return false;
    }
    let (earlier, pass_1, pass_2, last) = (
        &moves[made - 4],
        &moves[made - 3],
        &moves[made - 2],
        &moves[made - 1],
    );
    let crate::moves::Move::Play(point) = last.mv else {
        return false;
    };
    pass_1.mv.is_pass()
        && pass_2.mv.is_pass()
        && is_simple_ko_retake(earlier.mv, &earlier.captured, point, &last.captured)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::illegal::Illegal;
    use crate::moves::Move;
    use crate::position::Position;

    fn at(position: &Position, col: usize, row: usize) -> Move {
        Move::Play(position.board().point_at(col, row).expect("on the board"))
    }

    /// Constructed: a basic ko in the middle of a 6x5 board. Black captures the white stone on c3 by playing d3;
    /// White takes back on c3.
    fn ko() -> Position {
        Position::from_rows(&["......", "..#O..", ".#O.O.", "..#O..", "......"])
            .expect("a valid position")
    }

    fn from(start: &Position, first: Color, suicide: SuicideRule) -> Sequence {
        Sequence::new(start.clone(), first, default_restriction_rules(suicide))
    }

    #[test]
    fn the_fixed_ko_illustration_runs_without_end_and_forbids_the_seventh_move() {
        // Seed 004, "Reasons for the Non-obvious Conditions: Fixed-ko-rule": 1 captures in a basic ko, 2 and 3
        // pass, 4 takes back, 5 and 6 pass; nothing has ended (KODEF-R2, KODEF-R3), and 7 at 1 is forbidden by the
        // fixed-ko rule.
        let start = ko();
        let mut s = from(&start, Color::Black, SuicideRule::Prohibited);
        let capture = at(&start, 3, 2);
        assert_eq!(s.play(capture).expect("1 captures").captured.len(), 1);
        s.play(Move::Pass).expect("2");
        s.play(Move::Pass).expect("3");
        assert_eq!(s.play(at(&start, 2, 2)).expect("4").captured.len(), 1);
        assert_eq!(s.position(), &start);
        assert_eq!(
            s.to_move(),
            Color::Black,
            "4 makes the start situation recur"
        );
        assert_eq!(
            first_end(&s, &Readings::default()),
            None,
            "4 is the exempt recapture"
        );
        s.play(Move::Pass).expect("5");
        s.play(Move::Pass).expect("6");
        assert_eq!(
            first_end(&s, &Readings::default()),
            None,
            "only passes since 4"
        );
        assert_eq!(s.legality(capture), Err(Illegal::FixedKo));
    }

    /// The fixed-ko illustration's moves 1 to 6 (seed 004, "Reasons: Fixed-ko-rule") on [`ko`], Black first.
    fn fixed_ko_illustration() -> Sequence {
        let start = ko();
        let mut s = from(&start, Color::Black, SuicideRule::Prohibited);
        for mv in [
            at(&start, 3, 2),
            Move::Pass,
            Move::Pass,
            at(&start, 2, 2),
            Move::Pass,
            Move::Pass,
        ] {
            s.play(mv)
                .expect("legal under the default restriction rules");
        }
        s
    }

    fn reading(cycle_end: CycleEndReading) -> Readings {
        Readings {
            cycle_end,
            ..Readings::default()
        }
    }

    #[test]
    fn the_fixed_ko_illustration_under_each_reading_of_the_cycle_end_rule() {
        // KODEF-R2: counting from the exempt recurrence after 4, the passes 5 and 6 alone make no cycle and the
        // move-sequence goes on, as the seed's illustration needs ("the moves 1 to 6 could recur for ever").
        let s = fixed_ko_illustration();
        assert_eq!(
            first_end(&s, &reading(CycleEndReading::LastRecurrence)),
            None
        );
        // `from-start`: the plays 1 and 4 lie since the start, so 6 ends the move-sequence and the illustration's
        // claim fails.
        assert_eq!(
            first_end(&s, &reading(CycleEndReading::FromStart)),
            Some((6, RestrictionEnd::CycleEnd))
        );
        // `with-pass-cycles`: the return by 5 and 6 counts although it holds passes alone.
        assert_eq!(
            first_end(&s, &reading(CycleEndReading::WithPassCycles)),
            Some((6, RestrictionEnd::CycleEnd))
        );
    }

    #[test]
    fn with_pass_cycles_two_passes_at_the_start_end_the_move_sequence() {
        // KODEF-R2: the alternative the 3-pass rule's purpose argues against; the other readings go on.
        let start = ko();
        let mut s = from(&start, Color::Black, SuicideRule::Prohibited);
        s.play(Move::Pass).expect("1");
        s.play(Move::Pass).expect("2");
        assert_eq!(
            first_end(&s, &reading(CycleEndReading::WithPassCycles)),
            Some((2, RestrictionEnd::CycleEnd))
        );
        assert_eq!(first_end(&s, &reading(CycleEndReading::FromStart)), None);
        assert_eq!(
            first_end(&s, &reading(CycleEndReading::LastRecurrence)),
            None
        );
    }

    #[test]
    fn the_basic_ko_rule_forbids_only_the_immediate_recapture() {
        let start = ko();
        let mut s = from(&start, Color::Black, SuicideRule::Prohibited);
        s.play(at(&start, 3, 2)).expect("1 captures");
        assert_eq!(s.legality(at(&start, 2, 2)), Err(Illegal::BasicKo));
        s.play(Move::Pass).expect("2");
        s.play(Move::Pass).expect("3");
        assert_eq!(s.legality(at(&start, 2, 2)), Ok(()));
    }

    #[test]
    fn three_passes_end_and_two_do_not() {
        let start = ko();
        let mut s = from(&start, Color::Black, SuicideRule::Prohibited);
        s.play(at(&start, 3, 2)).expect("1");
        s.play(Move::Pass).expect("2");
        s.play(Move::Pass).expect("3");
        assert_eq!(first_end(&s, &Readings::default()), None);
        s.play(Move::Pass).expect("4");
        assert_eq!(
            first_end(&s, &Readings::default()),
            Some((4, RestrictionEnd::ThreePasses))
        );
    }

    #[test]
    fn passes_alone_never_make_a_cycle() {
        let start = ko();
        let mut s = from(&start, Color::Black, SuicideRule::Prohibited);
        s.play(Move::Pass).expect("1");
        s.play(Move::Pass).expect("2");
        assert_eq!(
            first_end(&s, &Readings::default()),
            None,
            "the start situation recurs after passes alone"
        );
    }

    #[test]
    fn a_pass_completes_a_situational_cycle_and_ends_the_sequence() {
        // White first: 1 W pass, 2 B captures, 3 W pass, 4 B pass, 5 W takes back (the start board, Black to move:
        // not the start situation), 6 B pass (the start situation, after plays since the start): ended.
        let start = ko();
        let mut s = from(&start, Color::White, SuicideRule::Prohibited);
        s.play(Move::Pass).expect("1");
        s.play(at(&start, 3, 2)).expect("2");
        s.play(Move::Pass).expect("3");
        s.play(Move::Pass).expect("4");
        s.play(at(&start, 2, 2)).expect("5");
        assert_eq!(
            first_end(&s, &Readings::default()),
            None,
            "the start board with the other player to move"
        );
        s.play(Move::Pass).expect("6");
        assert_eq!(
            first_end(&s, &Readings::default()),
            Some((6, RestrictionEnd::CycleEnd))
        );
    }

    #[test]
    fn the_one_play_rule_forbids_a_one_stone_suicide_and_nothing_else() {
        // Constructed: a black wall with an empty point inside; White's stone there would be captured at once.
        let start = Position::from_rows(&[".#.", "#.#", ".#."]).expect("a valid position");
        let inside = at(&start, 2, 2);
        let s = from(&start, Color::White, SuicideRule::Allowed);
        assert_eq!(s.legality(inside), Err(Illegal::OnePlay));
        let s = from(&start, Color::White, SuicideRule::Prohibited);
        assert_eq!(s.legality(inside), Err(Illegal::Suicide));
        let plain = Sequence::new(
            start.clone(),
            Color::White,
            SequenceRules {
                ko: KoRules::naj(),
                suicide: SuicideRule::Allowed,
            },
        );
        assert_eq!(
            plain.legality(inside),
            Ok(()),
            "without KO-6 the suicide is legal"
        );
    }
}
