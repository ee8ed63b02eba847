//! COUNT (spec/scoring.md, "Counting methods"): the ways players count a final position by hand, each standing for
//! one plain score (stone, area or territory, COUNT-1.2). Every method here follows the steps its clause describes
//! (rearranging, halving, filling in) rather than the closed form of its proof, so that the property test
//! (`tests/counting.rs`) checks the proofs: each method's margin equals the plain score's.

use crate::color::{ByColor, Color};
use crate::naj::score::Points;
use crate::position::Position;
use std::fmt;

/// COUNT-4.2: an amount of points with quarter-point resolution (half counting halves a komi of 2.5 to 1.25).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Amount {
    quarters: i64,
}

impl Amount {
    /// COUNT-1.2: a whole number of points.
    pub const fn whole(points: i64) -> Amount {
        Amount {
            quarters: points.saturating_mul(4),
        }
    }

    /// COUNT-1.2: an amount of [`Points`] (half-point resolution).
    pub const fn of(points: Points) -> Amount {
        Amount {
            quarters: points.half_points().saturating_mul(2),
        }
    }

    /// COUNT-4.2: this amount in quarter points.
    pub const fn quarters(self) -> i64 {
        self.quarters
    }

    /// COUNT-4.2: half of a [`Points`] amount (half the komi, half the board).
    pub const fn half_of(points: Points) -> Amount {
        Amount {
            quarters: points.half_points(),
        }
    }
}

impl std::ops::Add for Amount {
    type Output = Amount;
    fn add(self, other: Amount) -> Amount {
        Amount {
            quarters: self.quarters + other.quarters,
        }
    }
}

impl std::ops::Sub for Amount {
    type Output = Amount;
    fn sub(self, other: Amount) -> Amount {
        Amount {
            quarters: self.quarters - other.quarters,
        }
    }
}

impl std::ops::Neg for Amount {
    type Output = Amount;
    fn neg(self) -> Amount {
        Amount {
            quarters: -self.quarters,
        }
    }
}

impl fmt::Display for Amount {
    /// `24`, `24.5`, `25.75`, `-1.75`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.quarters < 0 { "-" } else { "" };
        let q = self.quarters.abs();
        let frac = match q % 4 {
            0 => "",
            1 => ".25",
            2 => ".5",
            _ => ".75",
        };
        write!(f, "{sign}{}{frac}", q / 4)
    }
}

/// COUNT-1.2: the margin of a count: Black's points minus White's, komi included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Margin(pub Amount);

impl fmt::Display for Margin {
    /// `B+5`, `W+3.5`, `tie`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.quarters.signum() {
            0 => f.write_str("tie"),
            1 => write!(f, "B+{}", self.0),
            _ => write!(f, "W+{}", -self.0),
        }
    }
}

/// COUNT-1.1, COUNT-1.2: the facts of a final position that the counting methods count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoringFacts {
    /// COUNT-1.1: N, the grid points of the board.
    pub grid_points: u64,
    /// COUNT-1.1: s_P, each player's stones on the board.
    pub stones: ByColor<u64>,
    /// COUNT-1.1: e_P, each player's surrounded points (empty regions bordered by his stones alone).
    pub surrounded: ByColor<u64>,
    /// COUNT-1.1: S, the shared points (every other empty point).
    pub shared: u64,
    /// COUNT-1.2: t_P, each player's territory as his rules decide it.
    pub territory: ByColor<u64>,
    /// COUNT-1.2: p_P, the prisoners each player holds (opposing stones he captured or removed).
    pub prisoners: ByColor<u64>,
    /// COUNT-1.2: komi, added to White's side.
    pub komi: Points,
}

/// COUNT-1.1: the empty regions of a position with the colours bordering each (SCORE-3.1's, one definition).
pub use crate::scoring::empty_regions;

impl ScoringFacts {
    /// COUNT-1.1, COUNT-1.3: the facts read off a final position (its dead stones already removed): stones,
    /// surrounded and shared points; territory is taken to be the surrounded points (no seki), `prisoners` as
    /// held.
    pub fn of_final_position(
        position: &Position,
        prisoners: ByColor<u64>,
        komi: Points,
    ) -> ScoringFacts {
        let mut surrounded = ByColor::from_fn(|_| 0);
        let mut shared = 0;
        for (region, borders) in empty_regions(position) {
            let size = region.len() as u64;
            match (borders[Color::Black], borders[Color::White]) {
                (true, false) => surrounded[Color::Black] += size,
                (false, true) => surrounded[Color::White] += size,
                _ => shared += size,
            }
        }
        ScoringFacts {
            grid_points: position.board().len() as u64,
            stones: ByColor::from_fn(|c| position.count(c) as u64),
            surrounded,
            shared,
            territory: surrounded,
            prisoners,
            komi,
        }
    }

    /// COUNT-1.2: P's area score, a_P = s_P + e_P.
    pub fn area(&self, color: Color) -> u64 {
        self.stones[color] + self.surrounded[color]
    }

    /// COUNT-1.2: the stone score's margin, s_B - s_W - komi.
    pub fn stone_margin(&self) -> Margin {
        self.margin_of(|c| self.stones[c])
    }

    /// COUNT-1.2: the area score's margin, a_B - a_W - komi.
    pub fn area_margin(&self) -> Margin {
        self.margin_of(|c| self.area(c))
    }

    /// COUNT-1.2, J89-10.2: the territory score's margin, (t_B + p_B) - (t_W + p_W) - komi.
    pub fn territory_margin(&self) -> Margin {
        self.margin_of(|c| self.territory[c] + self.prisoners[c])
    }

    fn margin_of(&self, score: impl Fn(Color) -> u64) -> Margin {
        Margin(
            Amount::whole(signed(score(Color::Black)) - signed(score(Color::White)))
                - Amount::of(self.komi),
        )
    }
}

fn signed(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX / 8)
}

/// COUNT-1.2: the plain score a counting method stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlainScore {
    /// Stones on the board.
    Stone,
    /// Stones and surrounded points.
    Area,
    /// Territory and prisoners (J89-10.2).
    Territory,
}

/// COUNT-2 to COUNT-8: a counting method, with what it needs beyond the facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// COUNT-2: stone counting.
    Stone,
    /// COUNT-3: point-by-point counting.
    PointByPoint,
    /// COUNT-4: point-by-point half counting.
    Half,
    /// COUNT-5: Chinese half counting.
    ChineseHalf,
    /// COUNT-6: Japanese territory counting.
    Territory,
    /// COUNT-7, COUNT-8: fill-in counting, with each player's stones left off the board.
    FillIn {
        /// COUNT-7.1: o_P.
        off_board: ByColor<u64>,
    },
}

impl Method {
    /// COUNT-1.2: the plain score the method stands for.
    pub fn stands_for(self) -> PlainScore {
        match self {
            Method::Stone => PlainScore::Stone,
            Method::Territory => PlainScore::Territory,
            _ => PlainScore::Area,
        }
    }
}

/// COUNT-4.1, COUNT-4.2: the numbers of a half count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalfCount {
    /// COUNT-4.1: H = (N - S) / 2.
    pub half_board: Amount,
    /// COUNT-4.2: T = H + komi / 2.
    pub target: Amount,
    /// COUNT-4.2: D = Black's count - T.
    pub difference: Amount,
}

/// COUNT-5.1, COUNT-5.2: Black's area rearranged into tens of empty points and the stones left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tens {
    /// COUNT-5.1: Black's empty points after the rearrangement, a multiple of ten.
    pub tens: u64,
    /// COUNT-5.2: Black's stones on the board after it.
    pub stones_left: u64,
}

/// COUNT-7, COUNT-8: the numbers of a fill-in count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FillInCount {
    /// COUNT-7.1: each player's supply (equal).
    pub supply: u64,
    /// COUNT-7.2: the komi stones, |komi| / 2.
    pub komi_stones: u64,
    /// COUNT-7.2: the stones each player lifts from his own area.
    pub lifted: ByColor<u64>,
    /// COUNT-7.5: each player's losing stones (at most one player has any).
    pub losing_stones: ByColor<u64>,
    /// COUNT-7.5: the empty points left in each player's area.
    pub empty_left: ByColor<u64>,
    /// COUNT-8.1: the shared point left empty (S mod 2).
    pub shared_left: u64,
}

/// COUNT-2 to COUNT-8: what a counting method gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// What the method counts for each player (not for fill-in, which counts the margin directly).
    pub counts: Option<ByColor<Amount>>,
    /// COUNT-4: the half count's numbers.
    pub half: Option<HalfCount>,
    /// COUNT-5: the rearrangement into tens.
    pub tens: Option<Tens>,
    /// COUNT-7: the fill-in's numbers.
    pub fill_in: Option<FillInCount>,
    /// COUNT-1.2: the margin the method reads off.
    pub margin: Margin,
}

/// COUNT-7.1, COUNT-7.3: a precondition of fill-in counting that the facts do not meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    /// COUNT-7.1: the supplies s_P + o_P differ.
    UnequalSupplies(ByColor<u64>),
    /// COUNT-7.1: the komi is not an even whole number.
    KomiNotEven(Points),
    /// COUNT-7.1: the stones off the board do not fit into the surrounded points.
    TooManyStones {
        /// o_B + o_W - 2 floor(S/2).
        stones: u64,
        /// e_B + e_W.
        points: u64,
    },
    /// COUNT-7.2: a player has too few stones on the board to lift for the komi stones.
    CannotLift(Color),
    /// COUNT-7.3: a player has too few stones for his half of the shared points.
    TooFewForShared(Color),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::UnequalSupplies(s) => write!(
                f,
                "fill-in counting needs equal supplies (COUNT-7.1): Black's {} and White's {}",
                s[Color::Black],
                s[Color::White]
            ),
            CountError::KomiNotEven(k) => write!(
                f,
                "fill-in counting needs an even whole komi (COUNT-7.1), not {k}"
            ),
            CountError::TooManyStones { stones, points } => write!(
                f,
                "the {stones} stones off the board do not fit into the {points} surrounded points (COUNT-7.1)"
            ),
            CountError::CannotLift(c) => write!(
                f,
                "{} has too few stones to lift for the komi stones (COUNT-7.2)",
                c.name()
            ),
            CountError::TooFewForShared(c) => write!(
                f,
                "{} has too few stones for his half of the shared points (COUNT-7.3)",
                c.name()
            ),
        }
    }
}

impl std::error::Error for CountError {}

/// COUNT-2 to COUNT-8: counts `facts` by `method`.
pub fn count(facts: &ScoringFacts, method: Method) -> Result<Counted, CountError> {
    let komi = Amount::of(facts.komi);
    let bare = |counts: ByColor<Amount>| Counted {
        counts: Some(counts),
        half: None,
        tens: None,
        fill_in: None,
        margin: Margin(counts[Color::Black] - counts[Color::White] - komi),
    };
    Ok(match method {
        Method::Stone => stone_counting(facts),
        Method::PointByPoint => bare(ByColor::from_fn(|c| whole(facts.area(c)))),
        Method::Half => half_counting(facts, facts.area(Color::Black), None),
        Method::ChineseHalf => {
            let tens = rearranged_into_tens(facts);
            half_counting(facts, tens.tens + tens.stones_left, Some(tens))
        }
        Method::Territory => bare(ByColor::from_fn(|c| {
            whole(facts.territory[c]) - whole(facts.prisoners[c.opponent()])
        })),
        Method::FillIn { off_board } => fill_in(facts, off_board)?,
    })
}

fn whole(n: u64) -> Amount {
    Amount::whole(signed(n))
}

/// COUNT-2.1, COUNT-2.2: the stones paired off across the board; the unpaired ones are the margin.
fn stone_counting(facts: &ScoringFacts) -> Counted {
    let s = facts.stones;
    let pairs = s[Color::Black].min(s[Color::White]);
    let unpaired = ByColor::from_fn(|c| s[c] - pairs);
    Counted {
        counts: Some(ByColor::from_fn(|c| whole(s[c]))),
        half: None,
        tens: None,
        fill_in: None,
        margin: Margin(
            whole(unpaired[Color::Black]) - whole(unpaired[Color::White]) - Amount::of(facts.komi),
        ),
    }
}

/// COUNT-4.1, COUNT-4.2: Black's count against half the board plus half the komi.
fn half_counting(facts: &ScoringFacts, black: u64, tens: Option<Tens>) -> Counted {
    let scored = facts.grid_points - facts.shared;
    let half_board = Amount::half_of(Points::whole(signed(scored)));
    let target = half_board + Amount::half_of(facts.komi);
    let difference = whole(black) - target;
    Counted {
        counts: Some(ByColor::from_fn(|c| match c {
            Color::Black => whole(black),
            Color::White => whole(scored) - whole(black),
        })),
        half: Some(HalfCount {
            half_board,
            target,
            difference,
        }),
        tens,
        fill_in: None,
        margin: Margin(difference + difference),
    }
}

/// COUNT-5.1, COUNT-5.2: Black's surrounded points made the nearest multiple of ten (up at a 5, down if that
/// is beyond his area) by taking his stones off or adding some; his stones then left on the board.
fn rearranged_into_tens(facts: &ScoringFacts) -> Tens {
    let empty = facts.surrounded[Color::Black];
    let area = facts.area(Color::Black);
    let mut tens = (empty + 5) / 10 * 10;
    if tens > area {
        tens -= 10;
    }
    // Each stone taken off turns a stone into an empty point; each added fills one.
    let stones_left = facts.stones[Color::Black] + empty - tens;
    Tens { tens, stones_left }
}

/// COUNT-7, COUNT-8: fill-in counting, step by step.
fn fill_in(facts: &ScoringFacts, off_board: ByColor<u64>) -> Result<Counted, CountError> {
    let supply = ByColor::from_fn(|c| facts.stones[c] + off_board[c]);
    if supply[Color::Black] != supply[Color::White] {
        return Err(CountError::UnequalSupplies(supply));
    }
    let k = facts.komi.half_points();
    if k % 4 != 0 {
        return Err(CountError::KomiNotEven(facts.komi));
    }
    let half_shared = facts.shared / 2;
    let stones =
        (off_board[Color::Black] + off_board[Color::White]).saturating_sub(2 * half_shared);
    let points = facts.surrounded[Color::Black] + facts.surrounded[Color::White];
    if stones > points {
        return Err(CountError::TooManyStones { stones, points });
    }
    // What each player holds and the empty points of his area, as the steps go.
    let mut hand = off_board;
    let mut empty = facts.surrounded;
    let mut lifted = ByColor::from_fn(|_| 0);
    // COUNT-7.2: the komi stones.
    let komi_stones = (k.unsigned_abs()) / 4;
    if komi_stones > 0 {
        let taker = if k > 0 { Color::White } else { Color::Black };
        let payer = taker.opponent();
        let short = komi_stones.saturating_sub(hand[taker]);
        if short > facts.stones[taker] {
            return Err(CountError::CannotLift(taker));
        }
        lifted[taker] = short;
        hand[taker] += short;
        empty[taker] += short;
        hand[taker] -= komi_stones;
        let room = komi_stones.saturating_sub(empty[payer]);
        if room > facts.stones[payer] {
            return Err(CountError::CannotLift(payer));
        }
        lifted[payer] = room;
        hand[payer] += room;
        empty[payer] += room;
        empty[payer] -= komi_stones;
    }
    // COUNT-7.3: the shared points, one for one.
    for c in Color::ALL {
        if hand[c] < half_shared {
            return Err(CountError::TooFewForShared(c));
        }
        hand[c] -= half_shared;
    }
    // COUNT-7.4: each fills his own area.
    for c in Color::ALL {
        let filled = hand[c].min(empty[c]);
        hand[c] -= filled;
        empty[c] -= filled;
    }
    // COUNT-7.5: stones left over become losing stones on the opponent's empty points (COUNT-7.1 makes room).
    let losing_stones = hand;
    for c in Color::ALL {
        empty[c.opponent()] -= losing_stones[c];
    }
    // COUNT-7.6: two points for each losing stone, one for each empty point left.
    let reading = |c: Color| whole(2 * losing_stones[c.opponent()] + empty[c]);
    Ok(Counted {
        counts: None,
        half: None,
        tens: None,
        fill_in: Some(FillInCount {
            supply: supply[Color::Black],
            komi_stones,
            lifted,
            losing_stones,
            empty_left: empty,
            shared_left: facts.shared % 2,
        }),
        margin: Margin(reading(Color::Black) - reading(Color::White)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_and_margins_print_as_the_seed_writes_them() {
        assert_eq!(
            Amount::half_of(Points::from_half_points(5)).to_string(),
            "1.25"
        );
        assert_eq!((Amount::whole(24) - Amount::whole(26)).to_string(), "-2");
        assert_eq!(
            Margin(Amount::half_of(Points::whole(-7))).to_string(),
            "W+3.5"
        );
        assert_eq!(Margin(Amount::whole(5)).to_string(), "B+5");
        assert_eq!(Margin::default().to_string(), "tie");
    }
}
