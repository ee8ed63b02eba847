//! KODEF-4, KODEF-6: the ko-intersection classifier on random small positions: its answers do not change when the
//! colours are swapped (with the komi's sign and the player to move) or the board is turned or mirrored, and
//! answer-force is the two forcing questions of KODEF-4.5; the explaining line of a forcing question (KODEF-4.6)
//! replays under the default restriction rules to an end that shows what the answer claims; and the df-pn search
//! (KODEF-4.7) gives the plain exhaustive search's answers and lines.

use gorules_ref::allowance::Deadline;
use gorules_ref::kodef::readings::{CycleEndReading, CycleReading, CycleSetReading};
use gorules_ref::kodef::{
    can_answer_force, can_force_duty, default_restriction_rules, explain_answer_force,
    explain_force, first_end, global_ko_intersection, local_area, local_ko_intersection,
    local_ko_intersections, Allowance, Arena, Cycles, Duty, Explained, LineEnd, Readings,
    PLAIN_FIRST,
};
use gorules_ref::naj::score::Points;
use gorules_ref::symmetry::{GridMap, Symmetry};
use gorules_ref::{Color, Move, Point, PointSet, Position, Sequence, SuicideRule};
use proptest::prelude::*;

const ALLOWANCE: Allowance = Allowance {
    nodes: 200_000,
    deadline: Deadline::NONE,
    plain_first: PLAIN_FIRST,
};

/// The same allowance for df-pn alone (KODEF-4.7: no plain search first).
const PROOF_NUMBERS_ONLY: Allowance = Allowance {
    plain_first: 0,
    ..ALLOWANCE
};

/// The same allowance for plain minimax alone (KODEF-4.7: df-pn never takes over).
const PLAIN_ONLY: Allowance = Allowance {
    plain_first: u64::MAX,
    ..ALLOWANCE
};

fn legal(position: &Position) -> bool {
    gorules_ref::string::strings(position)
        .iter()
        .all(|string| string.has_liberty())
}

/// Rows of `width` cells: 0 a black stone, 1 a white one, anything else empty.
fn rows_of(cells: &[u8], width: usize) -> Vec<String> {
    cells
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|&c| match c {
                    0 => '#',
                    1 => 'O',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

/// A small board with random stones, and a region of two or three of its intersections (KODEF-R15).
fn shape() -> impl Strategy<Value = (Position, Vec<usize>)> {
    (3usize..=4, 2usize..=3)
        .prop_flat_map(|(width, height)| {
            let count = width * height;
            (
                proptest::collection::vec(0u8..4, count),
                proptest::collection::btree_set(0..count, 2..=3),
            )
                .prop_map(move |(cells, region)| {
                    let rows = rows_of(&cells, width);
                    let position = Position::from_rows(&rows).expect("a grid position");
                    (position, region.into_iter().collect::<Vec<_>>())
                })
        })
        .prop_filter("every string has a liberty", |(p, _)| legal(p))
}

/// Sending two, returning one in a corner (White sends; its three points are local-ko-intersections when nothing
/// else interferes) under three rows of random stones, the region its three points: a shape with verdicts that
/// are not all "no".
fn corner_cycle() -> impl Strategy<Value = (Position, Vec<usize>)> {
    proptest::collection::vec(0u8..5, 15)
        .prop_map(|cells| {
            let mut rows = rows_of(&cells, 5);
            rows.push("O##..".into());
            rows.push(".O.#.".into());
            let position = Position::from_rows(&rows).expect("a grid position");
            (position, vec![20, 21, 22])
        })
        .prop_filter("every string has a liberty", |(p, _)| legal(p))
}

/// The hard shapes for the forcing searches: kos whose captures and recaptures are bound by the fixed-ko rule.
/// Either the double ko of `cases/kodef/kodef-double-ko-global.yaml` (4x4, constructed), with three to five of
/// its four ko points and two shared liberties as the region; or a lone basic ko on a 5x4 board whose other
/// intersections are random, with the two ko points and one or two random intersections as the region.
fn ko_shape() -> impl Strategy<Value = (Position, Vec<usize>)> {
    let double =
        proptest::sample::subsequence(vec![2usize, 3, 7, 8, 9, 11], 3..=5).prop_map(|region| {
            let position =
                Position::from_rows(&["OO.O", "OOO#", "..#.", "####"]).expect("a grid position");
            (position, region)
        });
    let lone = (
        proptest::collection::vec(0u8..5, 20),
        proptest::collection::btree_set(0usize..20, 1..=2),
    )
        .prop_map(|(mut cells, extra)| {
            // The ko (index = row * 5 + column, row 0 at the top): Black on 1, 5 and 11, White on 2, 6, 8 and 12,
            // 7 empty: Black takes White's 6 by playing 7, and White can take back on 6.
            for (i, c) in [
                (1usize, 0u8),
                (5, 0),
                (11, 0),
                (2, 1),
                (6, 1),
                (8, 1),
                (12, 1),
                (7, 2),
            ] {
                cells[i] = c;
            }
            let rows = rows_of(&cells, 5);
            let position = Position::from_rows(&rows).expect("a grid position");
            let mut region: Vec<usize> = vec![6, 7];
            region.extend(extra.into_iter().filter(|i| ![6, 7].contains(i)));
            region.sort_unstable();
            (position, region)
        })
        .prop_filter("every string has a liberty", |(p, _)| legal(p));
    prop_oneof![double, lone]
}

fn any_shape() -> impl Strategy<Value = (Position, Vec<usize>)> {
    prop_oneof![shape(), corner_cycle()]
}

fn region_of(position: &Position, indices: &[usize]) -> PointSet {
    let mut set = PointSet::empty(position.board());
    for &i in indices {
        set.insert(position.board().point(i).expect("on the board"));
    }
    set
}

/// The local verdict of every point of the region, or `None` if a search was out of reach.
fn local(
    position: &Position,
    region: &PointSet,
    suicide: SuicideRule,
) -> Option<Vec<(Point, bool)>> {
    let arena = Arena::new(suicide, region.clone());
    region
        .iter()
        .map(|p| {
            local_ko_intersection(&arena, position, p, ALLOWANCE)
                .ok()
                .map(|w| (p, w.is_some()))
        })
        .collect()
}

/// What the end of a line shows, found by replaying it from `start` under the default restriction rules apart from
/// the search: whether every move is legal and the move-sequence ends with its last move and not before, whether
/// the duty is kept at the end, and whether a wanted cycle (back to `start` after plays exactly on `zone`, one of
/// them recreating `start`, the current-position) occurred.
fn replayed(
    start: &Position,
    first: Color,
    suicide: SuicideRule,
    duty: &Duty,
    zone: &PointSet,
    line: &[Move],
) -> Result<(bool, bool), String> {
    let mut s = Sequence::new(start.clone(), first, default_restriction_rules(suicide));
    for (i, &mv) in line.iter().enumerate() {
        if first_end(&s, &Readings::default()).is_some() {
            return Err(format!("the move-sequence ended before move {}", i + 1));
        }
        s.play(mv)
            .map_err(|e| format!("move {} is illegal: {e:?}", i + 1))?;
    }
    if first_end(&s, &Readings::default()).is_none() {
        return Err("the line stops before the move-sequence ends".into());
    }
    let end = s.position();
    let kept = match duty {
        Duty::NoLocalAreaImprovement { zone } => {
            local_area(end, zone).for_player(first) <= local_area(start, zone).for_player(first)
        }
        Duty::NoWin { komi } => {
            let all = PointSet::full(end.board());
            let black_minus_white =
                2 * local_area(end, &all).black_minus_white() - komi.half_points();
            let for_first = if first == Color::Black {
                black_minus_white
            } else {
                -black_minus_white
            };
            for_first <= 0
        }
    };
    let positions = s.positions();
    let mut played = PointSet::empty(start.board());
    let mut created = false;
    let mut cycle = false;
    for (i, &mv) in line.iter().enumerate() {
        if let Move::Play(p) = mv {
            played.insert(p);
            created |= positions[i + 1] == *start;
        }
        cycle |= positions[i + 1] == *start && created && played == *zone;
    }
    Ok((kept, cycle))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// KODEF-6.2: swapping the colours changes no local verdict.
    #[test]
    fn local_verdicts_survive_a_colour_swap((position, indices) in any_shape(), allowed in any::<bool>()) {
        let suicide = if allowed { SuicideRule::Allowed } else { SuicideRule::Prohibited };
        let region = region_of(&position, &indices);
        let swapped = position.colors_swapped();
        if let (Some(a), Some(b)) = (local(&position, &region, suicide), local(&swapped, &region, suicide)) {
            prop_assert_eq!(a, b, "{:?}", position.rows());
        }
    }

    /// KODEF-R8: every local-ko-intersection under `common` is one under `union` and under `intersection` (a
    /// witness set of cycles with one cycle-set is a witness of both); and each reading's verdicts survive a colour
    /// swap.
    #[test]
    fn every_cycle_set_reading_keeps_the_common_verdicts((position, indices) in any_shape(), reading in 1usize..3) {
        let region = region_of(&position, &indices);
        let points: Vec<Point> = region.iter().collect();
        let verdicts = |position: &Position, cycle_set: CycleSetReading| {
            let mut arena = Arena::new(SuicideRule::Prohibited, region.clone());
            arena.readings.cycle_set = cycle_set;
            local_ko_intersections(&arena, position, &points, ALLOWANCE)
                .ok()
                .map(|found| found.into_iter().map(|(p, w)| (p, w.is_some())).collect::<Vec<_>>())
        };
        let other = [CycleSetReading::Common, CycleSetReading::Union, CycleSetReading::Intersection][reading];
        if let (Some(common), Some(wider)) = (verdicts(&position, CycleSetReading::Common), verdicts(&position, other)) {
            for ((p, yes), (_, wider_yes)) in common.iter().zip(&wider) {
                prop_assert!(!yes || *wider_yes, "{:?}: {:?} is local under common, not under {:?}", position.rows(), p, other);
            }
            if let Some(swapped) = verdicts(&position.colors_swapped(), other) {
                prop_assert_eq!(swapped, wider, "{:?} under {:?}", position.rows(), other);
            }
        }
    }

    /// KODEF-6.2: asking about every point of the region at once (one search per start-position, first mover and
    /// zone, shared by the zone's points) gives each point the verdict it gets alone.
    #[test]
    fn asking_points_together_changes_no_verdict((position, indices) in any_shape(), allowed in any::<bool>()) {
        let suicide = if allowed { SuicideRule::Allowed } else { SuicideRule::Prohibited };
        let region = region_of(&position, &indices);
        let arena = Arena::new(suicide, region.clone());
        let points: Vec<Point> = region.iter().collect();
        if let (Some(alone), Ok(together)) = (
            local(&position, &region, suicide),
            local_ko_intersections(&arena, &position, &points, ALLOWANCE),
        ) {
            let together: Vec<(Point, bool)> = together.into_iter().map(|(p, w)| (p, w.is_some())).collect();
            prop_assert_eq!(alone, together, "{:?}", position.rows());
        }
    }

    /// KODEF-6.2: turning or mirroring the board moves the verdicts with the points.
    #[test]
    fn local_verdicts_follow_the_board_symmetries((position, indices) in any_shape(), pick in 0usize..8) {
        let region = region_of(&position, &indices);
        let map = GridMap::new(Symmetry::ALL[pick], position.shared_board()).expect("a grid");
        let image = map.position(&position);
        let image_region = map.set(&region);
        if let (Some(a), Some(b)) = (
            local(&position, &region, SuicideRule::Prohibited),
            local(&image, &image_region, SuicideRule::Prohibited),
        ) {
            let moved: std::collections::BTreeMap<Point, bool> = a
                .into_iter()
                .map(|(p, v)| (map.point(p).expect("on the board"), v))
                .collect();
            let got: std::collections::BTreeMap<Point, bool> = b.into_iter().collect();
            prop_assert_eq!(moved, got, "{:?} under {:?}", position.rows(), Symmetry::ALL[pick]);
        }
    }

    /// KODEF-6.3: swapping the colours, the komi's sign and the player to move changes no global verdict.
    #[test]
    fn global_verdicts_survive_a_colour_swap((position, indices) in any_shape(), half_komi in -3i64..=3, black in any::<bool>()) {
        let region = region_of(&position, &indices);
        let arena = Arena::new(SuicideRule::Prohibited, region.clone());
        let to_move = if black { Color::Black } else { Color::White };
        let swapped = position.colors_swapped();
        for p in region.iter() {
            let a = global_ko_intersection(&arena, &position, to_move, Points::from_half_points(half_komi), p, ALLOWANCE);
            let b = global_ko_intersection(&arena, &swapped, to_move.opponent(), Points::from_half_points(-half_komi), p, ALLOWANCE);
            if let (Ok(a), Ok(b)) = (a, b) {
                prop_assert_eq!(a, b, "{:?} at {:?}", position.rows(), p);
            }
        }
    }

    /// KODEF-4.4, KODEF-4.5: answer-force needs a duty the opponent can keep; and a cycle wanted nowhere (the
    /// empty cycle-set, which no cycle has) can never be answer-forced.
    #[test]
    fn answer_force_is_the_two_forcing_questions((position, indices) in any_shape(), black in any::<bool>()) {
        let region = region_of(&position, &indices);
        let arena = Arena::new(SuicideRule::Prohibited, region.clone());
        let first = if black { Color::Black } else { Color::White };
        let duty = Duty::NoLocalAreaImprovement { zone: region.clone() };
        let cycles = Cycles { current: position.clone(), zone: Some(region.clone()), point: None };
        let kept = can_force_duty(&arena, &position, first, &duty, ALLOWANCE);
        let forced = can_answer_force(&arena, &position, first, &duty, &cycles, ALLOWANCE);
        if let (Ok(kept), Ok(forced)) = (kept, forced) {
            prop_assert!(kept || !forced, "answer-forced against a duty that cannot be kept");
        }
        let nowhere = Cycles { current: position.clone(), zone: Some(PointSet::empty(position.board())), point: None };
        if let Ok(forced) = can_answer_force(&arena, &position, first, &duty, &nowhere, ALLOWANCE) {
            prop_assert!(!forced, "no cycle has an empty cycle-set");
        }
    }

    /// KODEF-4.6: the explaining line of `force` and `answer-force`, local or global duty, replays legally to the end
    /// of a move-sequence, and that end shows what the answer says: the duty kept or broken, with or without a
    /// wanted cycle; the answers are those of the plain forcing questions.
    #[test]
    fn explaining_lines_replay_to_what_the_answer_claims(
        (position, indices) in any_shape(),
        black in any::<bool>(),
        global in any::<bool>(),
        half_komi in -3i64..=3,
        allowed in any::<bool>(),
    ) {
        let suicide = if allowed { SuicideRule::Allowed } else { SuicideRule::Prohibited };
        let region = region_of(&position, &indices);
        let arena = Arena::new(suicide, region.clone());
        let first = if black { Color::Black } else { Color::White };
        let duty = if global {
            Duty::NoWin { komi: Points::from_half_points(half_komi) }
        } else {
            Duty::NoLocalAreaImprovement { zone: region.clone() }
        };
        let cycles = Cycles { current: position.clone(), zone: Some(region.clone()), point: None };
        let rows = position.rows();
        if let Ok(Explained { yes, shows, line }) = explain_force(&arena, &position, first, &duty, ALLOWANCE) {
            prop_assert_eq!(Ok(yes), can_force_duty(&arena, &position, first, &duty, ALLOWANCE));
            prop_assert_eq!(shows, if yes { LineEnd::DutyKept } else { LineEnd::DutyBroken });
            let (kept, _) = replayed(&position, first, suicide, &duty, &region, &line)
                .map_err(|e| TestCaseError::fail(format!("{rows:?}: {e}")))?;
            prop_assert_eq!(kept, yes, "{:?}: {:?}", rows, line);
        }
        if let Ok(Explained { yes, shows, line }) = explain_answer_force(&arena, &position, first, &duty, &cycles, ALLOWANCE) {
            prop_assert_eq!(Ok(yes), can_answer_force(&arena, &position, first, &duty, &cycles, ALLOWANCE));
            let (kept, cycle) = replayed(&position, first, suicide, &duty, &region, &line)
                .map_err(|e| TestCaseError::fail(format!("{rows:?}: {e}")))?;
            let expected = match shows {
                LineEnd::CycleWithDutyKept => (true, true),
                LineEnd::DutyKeptWithoutCycle => (true, false),
                LineEnd::DutyBroken => (false, cycle),
                LineEnd::DutyKept => return Err(TestCaseError::fail("answer-force never shows the duty kept alone")),
            };
            prop_assert_eq!(yes, shows == LineEnd::CycleWithDutyKept);
            prop_assert_eq!((kept, cycle), expected, "{:?} {:?}: {:?}", rows, shows, line);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// KODEF-4.7, KODEF-4.8: df-pn with its table over exact states answers every forcing question as the plain
    /// exhaustive search (plain minimax over the same tree) does, local or global duty, either suicide rule, with
    /// or without a wanted cycle, under every reading of KODEF-R1 and KODEF-R2, and explains it by the same line.
    #[test]
    fn proof_numbers_agree_with_the_plain_search(
        (position, indices) in prop_oneof![1 => any_shape(), 2 => ko_shape()],
        black in any::<bool>(),
        global in any::<bool>(),
        half_komi in -3i64..=3,
        allowed in any::<bool>(),
        point_at in 0usize..3,
        minimal in any::<bool>(),
        cycle_end in 0usize..3,
    ) {
        let suicide = if allowed { SuicideRule::Allowed } else { SuicideRule::Prohibited };
        let region = region_of(&position, &indices);
        let mut arena = Arena::new(suicide, region.clone());
        arena.readings.cycle = if minimal { CycleReading::Minimal } else { CycleReading::Any };
        arena.readings.cycle_end = [
            CycleEndReading::LastRecurrence,
            CycleEndReading::FromStart,
            CycleEndReading::WithPassCycles,
        ][cycle_end];
        let first = if black { Color::Black } else { Color::White };
        let duty = if global {
            Duty::NoWin { komi: Points::from_half_points(half_komi) }
        } else {
            Duty::NoLocalAreaImprovement { zone: region.clone() }
        };
        let point = region.iter().nth(point_at % indices.len());
        let cycles = if global {
            Cycles { current: position.clone(), zone: None, point }
        } else {
            Cycles { current: position.clone(), zone: Some(region.clone()), point: None }
        };
        let rows = position.rows();
        if let Ok(expected) = can_force_duty(&arena, &position, first, &duty, PLAIN_ONLY) {
            prop_assert_eq!(can_force_duty(&arena, &position, first, &duty, PROOF_NUMBERS_ONLY), Ok(expected), "{:?}", rows);
        }
        if let Ok(expected) = can_answer_force(&arena, &position, first, &duty, &cycles, PLAIN_ONLY) {
            prop_assert_eq!(can_answer_force(&arena, &position, first, &duty, &cycles, PROOF_NUMBERS_ONLY), Ok(expected), "{:?}", rows);
        }
        if let Ok(expected) = explain_force(&arena, &position, first, &duty, PLAIN_ONLY) {
            prop_assert_eq!(explain_force(&arena, &position, first, &duty, PROOF_NUMBERS_ONLY), Ok(expected), "{:?}", rows);
        }
        if let Ok(expected) = explain_answer_force(&arena, &position, first, &duty, &cycles, PLAIN_ONLY) {
            prop_assert_eq!(explain_answer_force(&arena, &position, first, &duty, &cycles, PROOF_NUMBERS_ONLY), Ok(expected), "{:?}", rows);
        }
    }
}
