//! The one converter from the case format (`gorules-cases`: boards drawn as diagrams, resolved moves, rulesets
//! and their options, Kee boards, rules and plays) to the reference semantics (`gorules-ref`: `Position`,
//! `Board`, `Move`, `Ruleset`, NAJ phases, Kee arrangements and games).
//!
//! It sits between the two so that neither knows the other: the case crate knows no rule of Go, and the
//! reference never reads a case. The runner itself does not use it: it asks every engine, the reference
//! included, over the protocol (spec/protocol.md). Its users are the ones that call the semantics directly: the
//! reference's `solver` and `j89` benches, the case tests of seed 000's facts (`tests/naj_cases.rs` here), the
//! runner's immortality agreement test and the casebook.
//!
//! Every function is pure; what the reference cannot take (an option it lacks, a move off the board) is an
//! error, never a panic.

use std::fmt;
use std::sync::Arc;

use gorules_cases::drawn::Board as DrawnBoard;
use gorules_cases::kee::{KeeAllied, KeeBoard, KeeReason, KeeRulesSpec, KoConditionName};
use gorules_cases::model::{self};
use gorules_cases::moves::{self, MovesSpec};
use gorules_cases::Case;
use gorules_grammar::{Diagram, KeePlayText, Player, StoneColor};
use gorules_ref::kee::{
    AlliedGroups, Arrangement, KeeIllegal, KeeOptions, KeePlay, KeeRules, KeeScoring, KoCondition,
    KoPlayerPasses, Player as KeePlayer, SuicidalPlay, Suicide,
};
use gorules_ref::kodef;
use gorules_ref::naj::{Analyses, Analysis, Phase, Points};
use gorules_ref::{
    Board, ByColor, Color, KoRule, KoRules, Move, Position, Ruleset, SequenceRules, SuicideRule,
};

/// Why a piece of a case has no counterpart in the reference: the reason in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unconvertible(pub String);

impl fmt::Display for Unconvertible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unconvertible {}

fn unconvertible(what: impl Into<String>) -> Unconvertible {
    Unconvertible(what.into())
}

/// CORE-2: a case's colour (CASE-1.5) as the reference's.
pub fn color(color: model::Color) -> Color {
    player(color.player())
}

/// CORE-2: a notation player (NOT-4) as the reference's colour.
pub fn player(player: Player) -> Color {
    match player {
        Player::Black => Color::Black,
        Player::White => Color::White,
    }
}

/// CORE-1, CORE-3: the position a board diagram draws (NOT-1.3): a grid of its size, `#` Black, `O` White.
/// A cell that is not a board point (a label, a number, a mark) is an error.
pub fn diagram_position(diagram: &Diagram) -> Result<Position, Unconvertible> {
    let board = Board::rectangle(diagram.width(), diagram.height())
        .map_err(|e| unconvertible(format!("the board: {e:?}")))?;
    let cells = diagram
        .cells()
        .map(|((col, row), cell)| match cell.board_point() {
            Some(Some(StoneColor::Black)) => Ok(Some(Color::Black)),
            Some(Some(StoneColor::White)) => Ok(Some(Color::White)),
            Some(None) => Ok(None),
            None => Err(unconvertible(format!(
                "`{}` at column {}, row {} is not a board point",
                cell.text(),
                col + 1,
                row + 1
            ))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Position::from_cells(Arc::new(board), &cells)
        .map_err(|e| unconvertible(format!("the position: {e:?}")))
}

/// CORE-3: the position of a case's board field (CASE-1.4, and every other board a check draws).
pub fn position(board: &DrawnBoard) -> Result<Position, Unconvertible> {
    diagram_position(board.diagram())
}

/// NAJ-7.4: a case's prisoners (CASE-1.6), none if it gives none.
pub fn prisoners(prisoners: Option<&model::Prisoners>) -> ByColor<u64> {
    let mut by_color = ByColor::default();
    if let Some(p) = prisoners {
        by_color[Color::Black] = u64::from(p.black);
        by_color[Color::White] = u64::from(p.white);
    }
    by_color
}

/// NAJ-2.1: the player to move in a case's board (CASE-1.5), Black unless it says otherwise.
pub fn to_move(case: &Case) -> Color {
    case.to_move.map_or(Color::Black, color)
}

/// KO-1 to KO-6: a case's ko rule name (CASE-1.3) as the reference's ko rule.
pub fn ko_rule(name: model::KoRule) -> KoRule {
    match name {
        model::KoRule::BasicKo => KoRule::BasicKo,
        model::KoRule::FixedKo => KoRule::FixedKo,
        model::KoRule::SimpleKo => KoRule::SimpleKo,
        model::KoRule::PositionalSuperko => KoRule::PositionalSuperko,
        model::KoRule::SituationalSuperko => KoRule::SituationalSuperko,
        model::KoRule::OnePlay => KoRule::OnePlay,
    }
}

/// CORE-7, KO: the rules every move-sequence of a case's ruleset obeys (CASE-1.3, CASE-9.1): NAJ's for every
/// NAJ variant, the chosen ko and suicide rules for the core rules, simple ko without suicide for Japanese 1989.
pub fn sequence_rules(ruleset: &model::Ruleset) -> SequenceRules {
    match ruleset {
        model::Ruleset::Naj(_) => Ruleset::naj().sequence_rules(),
        model::Ruleset::Core(options) => core_rules(&options.ko, options.suicide),
        model::Ruleset::Class(_, options) => core_rules(&options.ko, options.suicide),
        model::Ruleset::Japanese1989(_) => SequenceRules {
            ko: KoRules::NONE.with(KoRule::SimpleKo),
            suicide: SuicideRule::Prohibited,
        },
    }
}

/// CORE-8.1, SCORE-1.3: the chosen ko rules and suicide rule of the core rules and of a rule class.
fn core_rules(ko: &[model::KoRule], suicide: model::Suicide) -> SequenceRules {
    SequenceRules {
        ko: ko
            .iter()
            .fold(KoRules::NONE, |rules, &name| rules.with(ko_rule(name))),
        suicide: match suicide {
            model::Suicide::Prohibited => SuicideRule::Prohibited,
            model::Suicide::Allowed => SuicideRule::Allowed,
        },
    }
}

/// CASE-1.3a, KODEF-R: the readings of seed 004's definitions a case's ruleset chooses (the defaults for a ruleset
/// other than the core one, which has no such options).
pub fn kodef_readings(ruleset: &model::Ruleset) -> kodef::Readings {
    let model::Ruleset::Core(o) = ruleset else {
        return kodef::Readings::default();
    };
    kodef::Readings {
        cycle: o.cycle.into(),
        cycle_end: o.cycle_end.into(),
        history_bans: o.history_bans.into(),
        basic_ko: o.basic_ko.into(),
        cycle_set: o.cycle_set.into(),
    }
}

/// NAJ, NAJ-9: a case's NAJ ruleset and options (CASE-1.3) as the reference's ruleset. The Japanese 2003
/// comparison (NAJ-9.4) is not in the reference, and the other rulesets are not NAJ: both are errors.
pub fn naj_ruleset(ruleset: &model::Ruleset) -> Result<Ruleset, Unconvertible> {
    let model::Ruleset::Naj(options) = ruleset else {
        return Err(unconvertible("not a NAJ ruleset"));
    };
    if options.j2003 {
        return Err(unconvertible(
            "the Japanese 2003 comparison (NAJ-9.4) is not in the reference",
        ));
    }
    let mut naj = Ruleset::naj();
    naj.naj.analysis_end_passes = options.analysis_end_passes;
    naj.naj.analyses = match options.analyses {
        model::Analyses::Two => Analyses::Two,
        model::Analyses::Single => Analyses::Single,
    };
    naj.naj.no_result_on_cycle = options.no_result_on_cycle;
    naj.naj.komi = Points::whole(i64::from(options.komi));
    Ok(naj)
}

/// NAJ-3: the analysis a case's phase (CASE-2) names, if it names one.
pub fn analysis(phase: model::Phase) -> Option<Analysis> {
    match phase {
        model::Phase::BlackAnalysis => Some(Analysis::Black),
        model::Phase::WhiteAnalysis => Some(Analysis::White),
        model::Phase::Analysis => Some(Analysis::Single),
        model::Phase::Alternation | model::Phase::Sequence | model::Phase::DefaultRestriction => {
            None
        }
    }
}

/// NAJ-2, NAJ-3: a case's phase (CASE-2) as a NAJ phase, the alternation starting with `to_move`. A bare
/// `sequence` has no NAJ phase: it is an error.
pub fn phase(phase: model::Phase, to_move: Color) -> Result<Phase, Unconvertible> {
    match phase {
        model::Phase::Alternation => Ok(Phase::Alternation { to_move }),
        model::Phase::Sequence => Err(unconvertible("a bare move-sequence is not a NAJ phase")),
        model::Phase::DefaultRestriction => Err(unconvertible(
            "the default restriction rules' move-sequence is not a NAJ phase",
        )),
        other => Ok(Phase::Analysis(
            analysis(other).expect("every other phase is an analysis"),
        )),
    }
}

/// CORE-5: a resolved move (CASE-2) on `board` (its column and row, row 0 at the top); off the board is an error.
pub fn move_on(mv: &moves::Move, board: &Board) -> Result<Move, Unconvertible> {
    match mv.at {
        None => Ok(Move::Pass),
        Some((col, row)) => board
            .point_at(col, row)
            .map(Move::Play)
            .ok_or_else(|| unconvertible("off the board")),
    }
}

/// CORE-7: resolved moves (CASE-2) on `board`, in order.
pub fn moves_on(moves: &[moves::Move], board: &Board) -> Result<Vec<Move>, Unconvertible> {
    moves.iter().map(|mv| move_on(mv, board)).collect()
}

/// CORE-7: every alternative of a case's moves field (CASE-2, NOT-4) as moves on the case's board, resolved
/// with the case's labels.
pub fn alternatives(case: &Case, spec: &MovesSpec) -> Result<Vec<Vec<Move>>, Unconvertible> {
    let start = position(&case.board)?;
    spec.resolve(&case.board, case.labels.as_ref())
        .map_err(unconvertible)?
        .iter()
        .map(|alternative| moves_on(&alternative.moves, start.board()))
        .collect()
}

/// CORE-7: the first alternative of a case's moves field as moves on the case's board.
pub fn first_alternative(case: &Case, spec: &MovesSpec) -> Result<Vec<Move>, Unconvertible> {
    alternatives(case, spec)?
        .into_iter()
        .next()
        .ok_or_else(|| unconvertible("no alternative"))
}

/// KEE-1: a Kee case's board (CASE-8) as the reference's graph, intersection `i` the graph's node `i`.
pub fn kee_board(board: &KeeBoard) -> Result<Board, Unconvertible> {
    let lists: Vec<Vec<usize>> = board
        .graph
        .nodes()
        .iter()
        .map(|node| node.neighbours.clone())
        .collect();
    Board::from_neighbour_lists(&lists).map_err(|e| unconvertible(format!("{e:?}")))
}

/// KEE-3, KEE-6: a Kee case's board with its stones, for `players` players.
pub fn kee_arrangement(board: &KeeBoard, players: u8) -> Result<Arrangement, Unconvertible> {
    let cells = board
        .graph
        .nodes()
        .iter()
        .map(|node| node.stone.map(KeePlayer))
        .collect();
    Arrangement::from_cells(Arc::new(kee_board(board)?), players, cells)
        .map_err(|e| unconvertible(format!("{e:?}")))
}

/// KEE-9 to KEE-13, KEE-15: a Kee case's rules (CASE-8.1) as the reference's.
pub fn kee_rules(rules: &KeeRulesSpec) -> KeeRules {
    KeeRules {
        removal: KeeOptions {
            suicide: match rules.suicide {
                model::Suicide::Prohibited => Suicide::Prohibited,
                model::Suicide::Allowed => Suicide::Allowed,
            },
            allied_groups: match rules.allied_groups {
                KeeAllied::Union => AlliedGroups::Union,
                KeeAllied::SingleUnit => AlliedGroups::SingleUnit,
            },
        },
        refreshing_passes: rules.refreshing_passes,
        scoring: match rules.scoring {
            gorules_cases::kee::KeeScoring::Area => KeeScoring::Area,
            gorules_cases::kee::KeeScoring::Territory => KeeScoring::Territory,
        },
        ko_player_passes: match rules.ko_player_passes {
            gorules_cases::kee::KoPlayerPasses::Normal => KoPlayerPasses::Normal,
            gorules_cases::kee::KoPlayerPasses::All => KoPlayerPasses::All,
        },
    }
}

/// KEE-5: one play of a Kee case (NOT-7.1) on the case's board, with the index of the intersection it names.
/// A name the graph lacks is an error.
pub fn kee_play(
    text: &KeePlayText,
    board: &KeeBoard,
    on: &Board,
) -> Result<(KeePlay, Option<usize>), Unconvertible> {
    match text {
        KeePlayText::Stone(name) => board
            .graph
            .index_of(name)
            .and_then(|index| on.point(index).map(|p| (KeePlay::Stone(p), Some(index))))
            .ok_or_else(|| unconvertible(format!("no intersection `{name}`"))),
        KeePlayText::NormalPass => Ok((KeePlay::NormalPass, None)),
        KeePlayText::RefreshingPass => Ok((KeePlay::RefreshingPass, None)),
    }
}

/// KEE-12(a), KEE-12(b): the reference's ko condition as a Kee case names it (CASE-8).
pub fn kee_condition(condition: KoCondition) -> KoConditionName {
    match condition {
        KoCondition::Primary => KoConditionName::Primary,
        KoCondition::Secondary => KoConditionName::Secondary,
    }
}

/// CASE-8: the reason a Kee case gives for the reference's refusal of a play; none once the game has ended
/// (a case has no reason for that: it names the end instead).
pub fn kee_reason(why: KeeIllegal) -> Option<KeeReason> {
    match why {
        KeeIllegal::Ended => None,
        KeeIllegal::Stone(SuicidalPlay::Occupied) => Some(KeeReason::Occupied),
        KeeIllegal::Stone(SuicidalPlay::Suicide) => Some(KeeReason::Suicide),
        KeeIllegal::NoRefreshingPasses => Some(KeeReason::NoRefreshingPasses),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gorules_cases::suite::parse_case;
    use std::path::Path;

    fn case(text: &str) -> Case {
        parse_case(Path::new("test.yaml"), text.to_string())
            .unwrap_or_else(|e| panic!("{e:?}"))
            .case
    }

    const CASE: &str = r#"
id: bridge-test
title: a test
source: {constructed: "for the bridge's tests"}
clauses: [NAJ-2.1]
features: [naj-alternation]
ruleset: {name: naj, options: {analysis_end_passes: 2, analyses: single, komi: 5}}
board: |
  . # O
  # O .
labels: |
  a # O
  # O b
to_move: white
prisoners: {black: 2, white: 3}
checks:
  - replay:
      name: moves
      moves: "O[pb] | O[a]"
"#;

    #[test]
    fn a_board_becomes_the_position_it_draws() {
        let case = case(CASE);
        let position = position(&case.board).unwrap();
        assert_eq!(position.rows(), [".#O", "#O."]);
        assert_eq!(to_move(&case), Color::White);
        let p = prisoners(case.prisoners.as_ref());
        assert_eq!((p[Color::Black], p[Color::White]), (2, 3));
        assert_eq!(prisoners(None), ByColor::default());
    }

    #[test]
    fn a_diagram_with_labels_is_not_a_position() {
        let case = case(CASE);
        let labels = case.labels.as_ref().unwrap().diagram();
        assert!(diagram_position(labels).is_err());
    }

    #[test]
    fn naj_options_carry_over() {
        let case = case(CASE);
        let ruleset = naj_ruleset(&case.ruleset).unwrap();
        assert_eq!(ruleset.naj.analysis_end_passes, 2);
        assert_eq!(ruleset.naj.analyses, Analyses::Single);
        assert_eq!(ruleset.naj.komi, Points::whole(5));
        assert!(!ruleset.naj.no_result_on_cycle);
        assert_eq!(
            sequence_rules(&case.ruleset),
            Ruleset::naj().sequence_rules()
        );
        let mut j2003 = case.ruleset.clone();
        if let model::Ruleset::Naj(options) = &mut j2003 {
            options.j2003 = true;
        }
        assert!(naj_ruleset(&j2003).is_err());
        let j89 = model::Ruleset::Japanese1989(model::J89Options::default());
        assert!(naj_ruleset(&j89).is_err());
        assert_eq!(
            sequence_rules(&j89).ko,
            KoRules::NONE.with(KoRule::SimpleKo)
        );
    }

    #[test]
    fn core_options_become_sequence_rules() {
        let core = model::Ruleset::Core(model::CoreOptions {
            ko: vec![model::KoRule::PositionalSuperko, model::KoRule::BasicKo],
            suicide: model::Suicide::Allowed,
            ..model::CoreOptions::default()
        });
        let rules = sequence_rules(&core);
        assert_eq!(
            rules.ko,
            KoRules::NONE
                .with(KoRule::PositionalSuperko)
                .with(KoRule::BasicKo)
        );
        assert_eq!(rules.suicide, SuicideRule::Allowed);
    }

    #[test]
    fn kodef_readings_carry_over() {
        assert_eq!(
            kodef_readings(&model::Ruleset::Naj(model::NajOptions::default())),
            gorules_ref::kodef::Readings::default()
        );
        let core = model::Ruleset::Core(model::CoreOptions {
            cycle: model::KodefCycle::Minimal,
            cycle_end: model::KodefCycleEnd::WithPassCycles,
            history_bans: model::KodefHistoryBans::AllTransitions,
            basic_ko: model::KodefBasicKo::CapturableNow,
            cycle_set: model::KodefCycleSet::Union,
            ..model::CoreOptions::default()
        });
        assert_eq!(
            kodef_readings(&core),
            gorules_ref::kodef::Readings {
                cycle: gorules_ref::kodef::CycleReading::Minimal,
                cycle_end: gorules_ref::kodef::CycleEndReading::WithPassCycles,
                history_bans: gorules_ref::kodef::HistoryBansReading::AllTransitions,
                basic_ko: gorules_ref::kodef::BasicKoReading::CapturableNow,
                cycle_set: gorules_ref::kodef::CycleSetReading::Union,
            }
        );
    }

    #[test]
    fn phases_map_to_naj_phases() {
        assert_eq!(
            phase(model::Phase::Alternation, Color::White).unwrap(),
            Phase::Alternation {
                to_move: Color::White
            }
        );
        assert_eq!(
            phase(model::Phase::BlackAnalysis, Color::White).unwrap(),
            Phase::Analysis(Analysis::Black)
        );
        assert_eq!(analysis(model::Phase::WhiteAnalysis), Some(Analysis::White));
        assert_eq!(analysis(model::Phase::Analysis), Some(Analysis::Single));
        assert!(phase(model::Phase::Sequence, Color::Black).is_err());
    }

    #[test]
    fn moves_resolve_on_the_board() {
        let case = case(CASE);
        let Some(Check::Replay(check)) = case.checks.first() else {
            panic!("a replay check")
        };
        let start = position(&case.board).unwrap();
        let board = start.board();
        let all = alternatives(&case, &check.moves).unwrap();
        assert_eq!(
            all,
            [
                vec![Move::Pass, Move::Play(board.point_at(2, 1).unwrap())],
                vec![Move::Play(board.point_at(0, 0).unwrap())],
            ]
        );
        assert_eq!(first_alternative(&case, &check.moves).unwrap(), all[0]);
        let off = moves::Move {
            player: Player::Black,
            at: Some((3, 0)),
        };
        assert!(move_on(&off, board).is_err());
        assert_eq!(player(Player::White), Color::White);
        assert_eq!(color(model::Color::Black), Color::Black);
    }

    use gorules_cases::model::Check;

    #[test]
    fn kee_boards_rules_and_plays() {
        let kee = gorules_cases::suite::parse_kee_case(
            Path::new("kee/test.yaml"),
            r#"
id: kee-bridge-test
title: a test
source: {constructed: "for the bridge's tests"}
clauses: [KEE-1]
features: [kee]
rules: {players: 3, refreshing_passes: false, suicide: allowed, scoring: territory}
board: |
  . . .
checks: []
"#
            .to_string(),
        )
        .unwrap_or_else(|e| panic!("{e:?}"))
        .case;
        let board = kee_board(&kee.board).unwrap();
        assert_eq!(board.len(), 3);
        let start = kee_arrangement(&kee.board, kee.rules.players).unwrap();
        assert!(start.cells().iter().all(Option::is_none));
        let rules = kee_rules(&kee.rules);
        assert!(!rules.refreshing_passes);
        assert_eq!(rules.removal.suicide, Suicide::Allowed);
        assert_eq!(rules.scoring, KeeScoring::Territory);
        let (play, at) = kee_play(&KeePlayText::Stone("C1".into()), &kee.board, &board).unwrap();
        assert_eq!(
            (play, at),
            (KeePlay::Stone(board.point(2).unwrap()), Some(2))
        );
        assert!(kee_play(&KeePlayText::Stone("Z9".into()), &kee.board, &board).is_err());
        assert_eq!(
            kee_play(&KeePlayText::RefreshingPass, &kee.board, &board).unwrap(),
            (KeePlay::RefreshingPass, None)
        );
        assert_eq!(
            kee_condition(KoCondition::Primary),
            KoConditionName::Primary
        );
        assert_eq!(
            kee_condition(KoCondition::Secondary),
            KoConditionName::Secondary
        );
        assert_eq!(kee_reason(KeeIllegal::Ended), None);
        assert_eq!(
            kee_reason(KeeIllegal::Stone(SuicidalPlay::Suicide)),
            Some(KeeReason::Suicide)
        );
    }
}
