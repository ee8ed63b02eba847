//! J89-R5, J89-R13: deciding one string's fate in the confirmation by a depth-first search of the attacker's
//! forced wins, instead of building the whole game graph ([`super::ConfirmGame`], kept as the exact oracle the
//! tests compare this search with).

use super::confirm::{
    candidates, successor, successors, ConfirmError, ConfirmGame, ConfirmMove, ConfirmState, KoPass,
};
use crate::allowance::Deadline;
use crate::board::PointSet;
use crate::color::ByColor;
use crate::color::Color;
use crate::fast_hash::{FastMap, FastSet};
use crate::position::Position;
use std::collections::HashSet;
use std::rc::Rc;

/// J89-R13: how much work one status search may do before it answers with an error instead of a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// States of the whole confirmation graph ([`super::ConfirmGame`]), tried first: beyond them the depth-first
    /// search takes over.
    pub states: usize,
    /// States the depth-first search expands, in total.
    pub nodes: usize,
    /// Moves on one line of play.
    pub depth: usize,
    /// PROTO-3.15: the moment the search gives up (none by default), shared by every string of a command.
    pub deadline: Deadline,
}

/// The default limits: enough for the constructed cases, a few seconds at most.
pub const DEFAULT_LIMITS: SearchLimits = SearchLimits {
    states: 20_000,
    nodes: 5_000_000,
    depth: 100_000,
    deadline: Deadline::NONE,
};

/// The search's answer for one string, with its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// J89-R5: whether the attacker can force an end of the confirmation with none of the string's points holding
    /// its owner's stone.
    pub captured: bool,
    /// States expanded.
    pub nodes: usize,
    /// J89-R13: for a captured string, the attacker's forcing line when the defender always passes (a plain
    /// pass, or a pass for a ko where he has one) as long as he can; empty otherwise.
    pub line: Vec<(Color, ConfirmMove)>,
}

/// A result found under the current line of play. `relies_on` lists the visits (see [`Search::line`]) of the
/// states on the line that the result treated as repeated (a loss for the attacker); empty when it used none and
/// holds on any line. A won result never relies on any.
#[derive(Clone)]
struct Found {
    captured: bool,
    relies_on: Vec<u64>,
}

impl Found {
    fn won() -> Found {
        Found {
            captured: true,
            relies_on: Vec::new(),
        }
    }
    fn held() -> Found {
        Found {
            captured: false,
            relies_on: Vec::new(),
        }
    }
}

/// What the search found at a state.
enum Settled {
    /// The attacker wins from it, with the winning move where the attacker is to move.
    Won(Option<ConfirmMove>),
    /// The defender holds it, whatever line led there.
    Held,
    /// The defender holds it as long as the visits listed are all on the line.
    HeldWhile(Vec<u64>),
}

/// Why a search stopped without an answer: a limit of [`SearchLimits`], or the budget of a probe.
enum Stop {
    Limit(ConfirmError),
    Budget,
}

/// J89-R13: the node budgets of the probes at a state: the first, the factor from one round to the next, and the
/// last before the full search.
const PROBE_START: usize = 64;
const PROBE_GROWTH: usize = 8;
const PROBE_LAST: usize = 1 << 16;

struct Search<'a> {
    /// J89-R5: the points where a stone of the defender at the end keeps the string alive.
    home: &'a PointSet,
    defender: Color,
    off_limits: &'a PointSet,
    ko_pass: KoPass,
    limits: SearchLimits,
    nodes: usize,
    /// The states searched, with what the search found (one table, so that a state is looked up once).
    settled: FastMap<Rc<ConfirmState>, Settled>,
    /// The states on the current line, each with its visit: a number given to each entry onto the line.
    line: FastMap<Rc<ConfirmState>, u64>,
    /// The visits on the current line.
    visits: FastSet<u64>,
    next_visit: u64,
    /// The node count at which the probe under way gives up.
    budget: Option<usize>,
}

impl Search<'_> {
    fn captured_in(&self, position: &Position) -> bool {
        self.home
            .iter()
            .all(|p| position.get(p) != Some(self.defender))
    }

    /// J89-R5, J89-R13: whether the attacker can force, from `state` (reached at `depth`), an end at which the
    /// string is captured; a state repeated on the line counts as the defender's (play that never ends).
    ///
    /// A held result that relies on repeated states R is reused wherever every state of R is again on the line
    /// by the same visit: a fresh search there would meet R as repetitions too, and more states on the line can
    /// only help the defender.
    fn solve(&mut self, state: &Rc<ConfirmState>, depth: usize) -> Result<Found, Stop> {
        let held_while = match self.settled.get(state) {
            Some(Settled::Won(_)) => return Ok(Found::won()),
            Some(Settled::Held) => return Ok(Found::held()),
            Some(Settled::HeldWhile(r)) => Some(r),
            None => None,
        };
        if let Some(&visit) = self.line.get(state) {
            return Ok(Found {
                captured: false,
                relies_on: vec![visit],
            });
        }
        if let Some(r) = held_while {
            if r.iter().all(|v| self.visits.contains(v)) {
                return Ok(Found {
                    captured: false,
                    relies_on: r.clone(),
                });
            }
        }
        let captured_now = self.captured_in(&state.position);
        let attacker_moves = state.to_move != self.defender;
        // A plain pass after a plain pass ends the confirmation: the player to move takes that end if it suits
        // him.
        if state.passed && captured_now == attacker_moves {
            return Ok(if captured_now {
                self.settled
                    .insert(Rc::clone(state), Settled::Won(Some(ConfirmMove::Pass)));
                Found::won()
            } else {
                self.settled.insert(Rc::clone(state), Settled::Held);
                Found::held()
            });
        }
        self.nodes += 1;
        if self.nodes > self.limits.nodes {
            return Err(Stop::Limit(ConfirmError::TooManyNodes {
                limit: self.limits.nodes,
            }));
        }
        if self.limits.deadline.passed_at(self.nodes as u64) {
            return Err(Stop::Limit(ConfirmError::TimeUp));
        }
        if depth >= self.limits.depth {
            return Err(Stop::Limit(ConfirmError::TooDeep {
                limit: self.limits.depth,
            }));
        }
        if self.budget.is_some_and(|b| self.nodes > b) {
            return Err(Stop::Budget);
        }
        let visit = self.next_visit;
        self.next_visit += 1;
        self.line.insert(Rc::clone(state), visit);
        self.visits.insert(visit);
        // The moves that may be legal, ordered; each child's state is made only when the search first visits it.
        let mut moves = candidates(state, self.off_limits, self.ko_pass);
        order(&mut moves, self.home, &state.position);
        let mut made: Vec<Option<Option<Rc<ConfirmState>>>> = vec![None; moves.len()];
        let mut relies_on: Vec<u64> = Vec::new();
        let mut result = None;
        // Each child's result once known; the mover's good outcome ends the loop. An illegal move counts as the
        // mover's bad outcome relying on nothing, which changes nothing: it is no child.
        let mut known: Vec<Option<Found>> = vec![None; moves.len()];
        // Probes with growing budgets first find the children that decide quickly (a cheap win for the
        // attacker, a cheap hold for the defender); then every child not yet known is searched in full.
        let mut budget = PROBE_START;
        let mut full = false;
        'widen: loop {
            for (i, &mv) in moves.iter().enumerate() {
                if known[i].is_some() {
                    continue;
                }
                let ends = state.passed && matches!(mv, ConfirmMove::Pass);
                let outcome = if ends {
                    Ok(if captured_now {
                        Found::won()
                    } else {
                        Found::held()
                    })
                } else {
                    let Some(child) =
                        made[i].get_or_insert_with(|| successor(state, mv).map(Rc::new))
                    else {
                        known[i] = Some(Found {
                            captured: !attacker_moves,
                            relies_on: Vec::new(),
                        });
                        continue;
                    };
                    if full {
                        self.solve(child, depth + 1)
                    } else {
                        let outer = self.budget;
                        self.budget = Some(outer.unwrap_or(usize::MAX).min(self.nodes + budget));
                        let r = self.solve(child, depth + 1);
                        self.budget = outer;
                        r
                    }
                };
                match outcome {
                    Ok(found) => {
                        if found.captured == attacker_moves {
                            // The mover reaches the outcome he wants.
                            result = Some((mv, found));
                            break 'widen;
                        }
                        known[i] = Some(found);
                    }
                    Err(Stop::Budget) if !full && self.budget.is_none_or(|b| self.nodes <= b) => {}
                    Err(stop) => {
                        self.line.remove(state);
                        self.visits.remove(&visit);
                        return Err(stop);
                    }
                }
            }
            if full || known.iter().all(Option::is_some) {
                break;
            }
            budget *= PROBE_GROWTH;
            if budget > PROBE_LAST || self.budget.is_some_and(|b| self.nodes + budget > b) {
                full = true;
            }
        }
        for found in known.into_iter().flatten() {
            for v in found.relies_on {
                if !relies_on.contains(&v) {
                    relies_on.push(v);
                }
            }
        }
        self.line.remove(state);
        self.visits.remove(&visit);
        let mut found = match result {
            Some((mv, found)) => {
                if found.captured {
                    self.settled
                        .insert(Rc::clone(state), Settled::Won(Some(mv)));
                }
                found
            }
            // Every move leads to the other side's outcome.
            None if attacker_moves => Found {
                captured: false,
                relies_on,
            },
            None => {
                self.settled.insert(Rc::clone(state), Settled::Won(None));
                Found::won()
            }
        };
        if !found.captured {
            // A repetition of this very state is settled now that its search is over.
            found.relies_on.retain(|&v| v != visit);
            let settled = if found.relies_on.is_empty() {
                Settled::Held
            } else {
                Settled::HeldWhile(found.relies_on.clone())
            };
            self.settled.insert(Rc::clone(state), settled);
        }
        Ok(found)
    }

    /// J89-R13: the attacker's line against a passing defender, from the wins the search stored.
    fn forcing_line(&self, start: &ConfirmState) -> Vec<(Color, ConfirmMove)> {
        let mut out = Vec::new();
        let mut state = start.clone();
        let mut seen = HashSet::new();
        while seen.insert(state.clone()) {
            let mover = state.to_move;
            let children = successors(&state, self.off_limits, self.ko_pass);
            let mv = if mover == self.defender {
                // The defender passes, for a ko if he can (a plain pass could end the confirmation).
                children
                    .iter()
                    .map(|(m, _)| *m)
                    .find(|m| matches!(m, ConfirmMove::PassFor(_) | ConfirmMove::PassForAnyKo))
                    .unwrap_or(ConfirmMove::Pass)
            } else {
                match self.settled.get(&state) {
                    Some(Settled::Won(Some(mv))) => *mv,
                    _ => break,
                }
            };
            let ends = state.passed && mv == ConfirmMove::Pass;
            out.push((mover, mv));
            if ends {
                break;
            }
            let Some((_, next)) = children.into_iter().find(|(m, _)| *m == mv) else {
                break;
            };
            state = next;
        }
        out
    }
}

/// Search order: plays next to the string first (they attack or defend it), then other plays, then passes for a
/// ko, then the plain pass; each group in the order of [`candidates`] (a stable partition, each key worked out once).
fn order(moves: &mut Vec<ConfirmMove>, string: &PointSet, position: &Position) {
    let board = position.board();
    let rank = |mv: &ConfirmMove| match mv {
        ConfirmMove::Play(p) => {
            if board.neighbours(*p).iter().any(|n| string.contains(*n)) {
                0
            } else {
                1
            }
        }
        ConfirmMove::PassFor(_) | ConfirmMove::PassForAnyKo => 2,
        ConfirmMove::Pass => 3,
    };
    let ranks: Vec<u8> = moves.iter().map(rank).collect();
    let mut ordered = Vec::with_capacity(moves.len());
    for r in 0..4 {
        ordered.extend(
            moves
                .iter()
                .zip(&ranks)
                .filter(|&(_, &k)| k == r)
                .map(|(mv, _)| *mv),
        );
    }
    *moves = ordered;
}

/// J89-R5, J89-R13: whether the opponent of a string's owner, moving first from `stop`, can force an end of the
/// confirmation with no stone of the owner on the string's `home` ([`super::NewStone::home`]), playing nowhere on
/// `off_limits` (J89-R12), passes paying for kos as `ko_pass` says (J89-R7).
pub fn decide(
    stop: &Position,
    home: &PointSet,
    owner: Color,
    off_limits: &PointSet,
    ko_pass: KoPass,
    limits: SearchLimits,
) -> Result<Verdict, ConfirmError> {
    decide_first(
        stop,
        home,
        owner,
        owner.opponent(),
        off_limits,
        ko_pass,
        limits,
    )
}

/// J89-R5, J89-R13: [`decide`] with `first` moving first (the string's owner or his opponent).
pub fn decide_first(
    stop: &Position,
    home: &PointSet,
    owner: Color,
    first: Color,
    off_limits: &PointSet,
    ko_pass: KoPass,
    limits: SearchLimits,
) -> Result<Verdict, ConfirmError> {
    crate::big_stack::run("j89-confirmation", limits.depth, 2_000, |depth| {
        let start = Rc::new(ConfirmState::start(stop, first));
        let mut search = Search {
            home,
            defender: owner,
            off_limits,
            ko_pass,
            limits: SearchLimits { depth, ..limits },
            nodes: 0,
            settled: FastMap::default(),
            line: FastMap::default(),
            visits: FastSet::default(),
            next_visit: 0,
            budget: None,
        };
        let found = match search.solve(&start, 0) {
            Ok(found) => found,
            Err(Stop::Limit(e)) => return Err(e),
            Err(Stop::Budget) => unreachable!("only probes have a budget, and they catch it"),
        };
        let line = if found.captured {
            search.forcing_line(&start)
        } else {
            Vec::new()
        };
        Ok(Verdict {
            captured: found.captured,
            nodes: search.nodes,
            line,
        })
    })
}

/// J89-7.1, J89-R5: one string of the stop position and its fate in the confirmation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StringLife {
    /// The string's stones.
    pub stones: PointSet,
    /// Its owner.
    pub color: Color,
    /// Whether the opponent cannot force its capture.
    pub alive: bool,
    /// J89-R13: pass-alive at the stop (Benson, NAJ-5.2), so alive without a search.
    pub pass_alive: bool,
    /// States the search expanded, or the states of the whole graph where that decided it (0 for a pass-alive
    /// string).
    pub nodes: usize,
    /// J89-R13: for a dead string decided by the depth-first search, the attacker's forcing line against a
    /// passing defender.
    pub line: Vec<(Color, ConfirmMove)>,
}

/// J89-7.1, J89-R5, J89-R12, J89-R13, J89-R14: every string of the stop position with its fate. A pass-alive
/// string is alive (its owner, as defender, passes and the attacker can never capture it). Every other string is
/// decided on the whole confirmation graph of its attacker if that has at most `limits.states` states, else by
/// [`decide_first`] within the string's region where pass-alive walls cut the board (J89-R14); all are exact,
/// and each answers with an error beyond its allowance.
pub fn string_life(
    stop: &Position,
    rules: super::J89Rules,
    limits: SearchLimits,
) -> Result<Vec<StringLife>, ConfirmError> {
    string_life_knowing(stop, rules, limits, &|_| None)
}

/// A string's fate known without a search: alive, or dead with the attacker's forcing line (possibly empty).
pub type Known = Option<(bool, Vec<(Color, ConfirmMove)>)>;

/// J89-R5, J89-R13: [`string_life`], where `known(i)` may give the fate of the `i`-th string (in the order of
/// [`crate::string::strings`]) as it follows from answers already found (see `Assessor`): such a string is not
/// searched.
pub fn string_life_knowing(
    stop: &Position,
    rules: super::J89Rules,
    limits: SearchLimits,
    known: &dyn Fn(usize) -> Known,
) -> Result<Vec<StringLife>, ConfirmError> {
    let safe = ByColor::from_fn(|c| crate::naj::benson::pass_alive(stop, c));
    let off_limits = rules.confirmation_board.off_limits_given(stop, &safe);
    // Each attacker's whole confirmation graph, built at its first string (`None` inside: too big).
    let mut graphs: ByColor<Option<Option<ConfirmGame>>> = ByColor::from_fn(|_| None);
    let mut out = Vec::new();
    for (i, s) in crate::string::strings(stop).into_iter().enumerate() {
        let pass_alive = s.stones.is_subset(&safe[s.color]);
        let life = if let (false, Some((alive, line))) = (pass_alive, known(i)) {
            StringLife {
                stones: s.stones,
                color: s.color,
                alive,
                pass_alive,
                nodes: 0,
                line,
            }
        } else if pass_alive {
            StringLife {
                stones: s.stones,
                color: s.color,
                alive: true,
                pass_alive,
                nodes: 0,
                line: Vec::new(),
            }
        } else if let Some(game) = graphs[s.color.opponent()].get_or_insert_with(|| {
            ConfirmGame::build(
                stop,
                s.color.opponent(),
                rules.confirmation_first.mover(s.color),
                &off_limits,
                rules.ko_pass,
                limits.states,
            )
            .ok()
        }) {
            StringLife {
                alive: !game.can_capture(&rules.new_stone.home(stop, &s.stones)),
                stones: s.stones,
                color: s.color,
                pass_alive,
                nodes: game.len(),
                line: Vec::new(),
            }
        } else {
            let home = rules.new_stone.home(stop, &s.stones);
            let first = rules.confirmation_first.mover(s.color);
            // J89-R14: where pass-alive walls cut the board, the string's own region decides it.
            // Not under `new_stone: anywhere`, where a stone outside the region may keep the string alive.
            let region_off = if rules.new_stone.local() {
                super::regions::outside_region(stop, &off_limits, &safe, &s.stones)
            } else {
                None
            };
            let v = decide_first(
                stop,
                &home,
                s.color,
                first,
                region_off.as_ref().unwrap_or(&off_limits),
                rules.ko_pass,
                limits,
            )?;
            StringLife {
                stones: s.stones,
                color: s.color,
                alive: !v.captured,
                pass_alive,
                nodes: v.nodes,
                line: v.line,
            }
        };
        out.push(life);
    }
    Ok(out)
}
