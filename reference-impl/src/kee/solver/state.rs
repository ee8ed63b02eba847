//! SOLVER-7.2, SOLVER-7.4: a two-player Kee game as the search keeps it: stones as bit sets, the history since
//! the last prohibition with everything KEE-12 and KEE-13 ask of it, plays made and taken back in place, and the
//! table key of the current state.
//!
//! This is the rules of `kee::game` and `kee::removal` once more, specialised to two players and boards of at
//! most 64 intersections for speed. `kee_naive_value` plays by `KeeGame` itself, and the tests check that both
//! give the same values (SOLVER-7.7).

use crate::fast_hash::FastMap;

use super::super::arrangement::Arrangement;
use super::super::game::{KeeGame, KeePlay, KeeRules, KeeScoring, KoPlayerPasses};
use super::super::player::Player;
use super::super::removal::Suicide;
use crate::board::Board;
use crate::symmetry::Symmetry;

/// SOLVER-7.2: the largest board the search handles (one bit per intersection in a `u64`).
pub(super) const MAX_POINTS: usize = 64;

/// SOLVER-7.2: a play as the search writes it: an intersection's index, or one of the two passes.
pub(super) type Code = u8;

/// The board graph as bit sets: the neighbours of each intersection.
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    n: usize,
    neighbours: Vec<u64>,
    all: u64,
    /// SOLVER-7.9: automorphisms of the board graph, the identity first, each as the bit of the image of every
    /// intersection.
    maps: Vec<Vec<u64>>,
    /// SOLVER-7.10: on a grid, the half turn: the index of the image of each intersection.
    half_turn: Option<Vec<Code>>,
    /// SOLVER-7.9: the maps by bytes, so that a set's image is a few lookups: entry `(k * bytes + b) * 256 + v`
    /// is the image under map `k` of the intersections `8 * b + i` for the bits `i` of `v`.
    by_byte: Vec<u64>,
}

/// SOLVER-7.9: [`Geometry::by_byte`] for `maps` on `n` intersections.
fn maps_by_byte(maps: &[Vec<u64>], n: usize) -> Vec<u64> {
    let bytes = n.div_ceil(8);
    let mut table = Vec::with_capacity(maps.len() * bytes * 256);
    for map in maps {
        for b in 0..bytes {
            for v in 0..256usize {
                let image = (0..8)
                    .filter(|i| v & (1 << i) != 0)
                    .filter_map(|i| map.get(8 * b + i))
                    .fold(0, |set, bit| set | bit);
                table.push(image);
            }
        }
    }
    table
}

/// SOLVER-7.9: at most this many automorphisms are used (all of a grid's eight, when it has them).
const MAX_MAPS: usize = 8;
/// SOLVER-7.9: the automorphism search gives up after this many assignments (keeping what it found).
const MAP_SEARCH_STEPS: usize = 100_000;

/// SOLVER-7.9: up to [`MAX_MAPS`] automorphisms of the graph given by `neighbours` (bit sets), the identity
/// first: permutations of the intersections that keep adjacency and non-adjacency. Found by backtracking,
/// intersection by intersection, within [`MAP_SEARCH_STEPS`] assignments; any subset of the automorphisms is
/// sound to use (SOLVER-7.9), so a search cut short loses merges, never correctness.
fn automorphisms(neighbours: &[u64]) -> Vec<Vec<u64>> {
    fn extend(
        neighbours: &[u64],
        image: &mut Vec<usize>,
        used: u64,
        steps: &mut usize,
        found: &mut Vec<Vec<u64>>,
    ) {
        let n = neighbours.len();
        let v = image.len();
        if v == n {
            found.push(image.iter().map(|&w| 1u64 << w).collect());
            return;
        }
        for w in 0..n {
            if found.len() >= MAX_MAPS || *steps >= MAP_SEARCH_STEPS {
                return;
            }
            if used & (1u64 << w) != 0 || neighbours[w].count_ones() != neighbours[v].count_ones() {
                continue;
            }
            *steps += 1;
            let fits = (0..v).all(|u| {
                (neighbours[v] & (1u64 << u) != 0) == (neighbours[w] & (1u64 << image[u]) != 0)
            });
            if fits {
                image.push(w);
                extend(neighbours, image, used | (1u64 << w), steps, found);
                image.pop();
            }
        }
    }
    let mut found = Vec::new();
    let mut steps = 0;
    extend(neighbours, &mut Vec::new(), 0, &mut steps, &mut found);
    // The identity is the first permutation the search meets (each intersection tries itself first among those
    // that fit), but put it first whatever happens.
    let identity: Vec<u64> = (0..neighbours.len()).map(|i| 1u64 << i).collect();
    found.retain(|m| *m != identity);
    found.insert(0, identity);
    found.truncate(MAX_MAPS);
    found
}

/// SOLVER-7.10: the half turn of a grid board (CORE-3.2), as the index of each intersection's image; `None` for a
/// board that is not a grid.
fn half_turn(board: &Board) -> Option<Vec<Code>> {
    let grid = board.grid()?;
    board
        .points()
        .map(|p| {
            let at = Symmetry::RotateHalf.map_coords(grid, board.coords(p)?);
            let image = board.point_at(at.col, at.row)?;
            Code::try_from(image.index()).ok()
        })
        .collect()
}

impl Geometry {
    /// The geometry of `board`, if it has at most [`MAX_POINTS`] intersections.
    pub(super) fn of(board: &Board) -> Option<Geometry> {
        let n = board.len();
        if n > MAX_POINTS {
            return None;
        }
        let neighbours: Vec<u64> = board
            .points()
            .map(|p| {
                board
                    .neighbours(p)
                    .iter()
                    .fold(0u64, |set, q| set | (1u64 << q.index()))
            })
            .collect();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let maps = automorphisms(&neighbours);
        let by_byte = maps_by_byte(&maps, n);
        Some(Geometry {
            n,
            neighbours,
            all,
            maps,
            half_turn: half_turn(board),
            by_byte,
        })
    }

    /// Keeps only the identity among the automorphisms (the search without SOLVER-7.9, for the tests).
    #[cfg(test)]
    fn without_symmetries(mut self) -> Geometry {
        self.maps.truncate(1);
        self.by_byte = maps_by_byte(&self.maps, self.n);
        self
    }

    /// SOLVER-7.9: the number of automorphisms in use.
    fn symmetries(&self) -> usize {
        self.maps.len()
    }

    /// SOLVER-7.9: the image of `moment` under automorphism `k`.
    fn image(&self, k: usize, moment: Moment) -> Moment {
        let bytes = self.n.div_ceil(8);
        let table = &self.by_byte[k * bytes * 256..(k + 1) * bytes * 256];
        let set = |stones: u64| {
            table
                .chunks_exact(256)
                .enumerate()
                .fold(0, |out, (b, row)| {
                    out | row[(stones >> (8 * b)) as usize & 0xff]
                })
        };
        Moment {
            stones: [set(moment.stones[0]), set(moment.stones[1])],
            to_play: moment.to_play,
        }
    }

    /// The normal pass's code.
    pub(super) fn normal_pass(&self) -> Code {
        self.n as Code
    }

    /// The refreshing pass's code.
    pub(super) fn refreshing_pass(&self) -> Code {
        self.n as Code + 1
    }

    /// The play a code stands for.
    pub(super) fn play_of(&self, code: Code, board: &Board) -> KeePlay {
        let i = usize::from(code);
        if i == self.n {
            KeePlay::NormalPass
        } else if i == self.n + 1 {
            KeePlay::RefreshingPass
        } else {
            board.point(i).map_or(KeePlay::NormalPass, KeePlay::Stone)
        }
    }

    /// The code of a play.
    pub(super) fn code_of(&self, play: KeePlay) -> Code {
        match play {
            KeePlay::Stone(p) => p.index() as Code,
            KeePlay::NormalPass => self.normal_pass(),
            KeePlay::RefreshingPass => self.refreshing_pass(),
        }
    }

    /// KEE-7: the intersections adjacent to some intersection of `set`.
    fn around(&self, set: u64) -> u64 {
        let mut out = 0;
        let mut rest = set;
        while rest != 0 {
            out |= self.neighbours[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        out
    }

    /// KEE-8: the unit of `within` that holds `seed` (connected through adjacency inside `within`).
    fn unit(&self, within: u64, seed: u64) -> u64 {
        let mut unit = seed;
        loop {
            let grown = (unit | self.around(unit)) & within;
            if grown == unit {
                return unit;
            }
            unit = grown;
        }
    }

    /// KEE-15: area points of player 0 and player 1 (stones, and unoccupied units bordered by one player only).
    fn area(&self, stones: [u64; 2]) -> [i32; 2] {
        let mut points = [stones[0].count_ones() as i32, stones[1].count_ones() as i32];
        let empty = self.all & !(stones[0] | stones[1]);
        let mut rest = empty;
        while rest != 0 {
            let region = self.unit(empty, rest & rest.wrapping_neg());
            rest &= !region;
            let border = self.around(region);
            match (border & stones[0] != 0, border & stones[1] != 0) {
                (true, false) => points[0] += region.count_ones() as i32,
                (false, true) => points[1] += region.count_ones() as i32,
                _ => {}
            }
        }
        points
    }
}

/// KEE-12.1: a moment: the stones of player 0 and player 1 and the player to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Moment {
    stones: [u64; 2],
    to_play: u8,
}

impl std::hash::Hash for Moment {
    // Word by word: the derived hash would feed the two bit sets to the hasher as bytes.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.stones[0]);
        state.write_u64(self.stones[1]);
        state.write_u8(self.to_play);
    }
}

/// SOLVER-7.4: a 128-bit hash of an item of the key (a tag, a moment, a pass count): two 64-bit halves, each
/// from two multiply-and-fold steps (wyhash's "mum") with seeds of its own.
fn item(tag: u64, moment: Moment, passes: i64) -> u128 {
    fn mum(a: u64, b: u64) -> u64 {
        let product = u128::from(a) * u128::from(b);
        (product as u64) ^ ((product >> 64) as u64)
    }
    let word = (passes as u64).wrapping_shl(16) ^ (u64::from(moment.to_play) << 8) ^ tag;
    let [black, white] = moment.stones;
    let half = |seeds: [u64; 4]| {
        mum(
            mum(black ^ seeds[0], white ^ seeds[1]) ^ seeds[2],
            word ^ seeds[3],
        )
    };
    let high = half([
        0xa076_1d64_78bd_642f,
        0xe703_7ed1_a0b4_28db,
        0x8ebc_6af0_9c88_c6e3,
        0x5899_65cc_7537_4cc3,
    ]);
    let low = half([
        0x1d8e_4e27_c47d_124f,
        0x9e37_79b9_7f4a_7c15,
        0xc2b2_ae3d_27d4_eb4f,
        0x1656_67b1_9e37_79f9,
    ]);
    (u128::from(high) << 64) | u128::from(low)
}

/// Tags of the key's items.
const TAG_WINDOW: u64 = 1;
const TAG_FRESH: u64 = 2;
const TAG_NO_STONE_SINCE: u64 = 3;
const TAG_CURRENT: u64 = 4;

/// The history since the start or the last prohibition (what KEE-12 and KEE-13 look at). Index `i` of each
/// vector but `plays` is about `moments[i]`; `plays[i]` led from `moments[i]` to `moments[i + 1]`.
#[derive(Clone, Debug)]
pub(super) struct History {
    moments: Vec<Moment>,
    /// The mover and the code of each play.
    plays: Vec<(u8, Code)>,
    /// Passes counted for the ko player (KEE-12.2) by player 0 minus player 1, before `moments[i]`.
    passes: Vec<i64>,
    /// 1 + the index in `plays` of the last stone play before `moments[i]` (0 if none).
    last_stone: Vec<usize>,
    /// The index of the first moment of the KEE-12(a) window of `moments[i]` (just after the start, the last
    /// prohibition or the last refreshing pass).
    window_start: Vec<usize>,
    /// SOLVER-7.4, SOLVER-7.9: the key's sets as seen through each automorphism: index `i * k + j` is about
    /// `moments[i]` and map `j` (one record per map, so that a play adds `k` records).
    maps: Vec<Mapped>,
    /// KEE-12(b): the moments just after the start and after refreshing passes, with their indices (all
    /// different: a refreshing pass onto one of them is a prohibition).
    fresh: FastMap<Moment, usize>,
}

/// SOLVER-7.4, SOLVER-7.9: a moment of the history and the key's sets up to it, seen through one automorphism.
#[derive(Clone, Copy, Debug)]
struct Mapped {
    /// The image of the moment, so that the key need not map it again.
    image: Moment,
    /// SOLVER-7.4: the window's moments with their pass counts, hashed as a set (of their images).
    window: u128,
    /// SOLVER-7.4: the moments just after the start and after refreshing passes with their pass counts, as a set.
    fresh: u128,
    /// SOLVER-7.4: the moments of the window with no stone play since this one's, hashed as a set.
    quiet: u128,
}

impl History {
    fn new(start: Moment, geometry: &Geometry) -> History {
        let mut fresh = FastMap::default();
        fresh.insert(start, 0);
        // SOLVER-7.4, SOLVER-7.9: the hash of each key item of the start under each automorphism in turn.
        let maps = (0..geometry.symmetries())
            .map(|k| {
                let image = geometry.image(k, start);
                Mapped {
                    image,
                    window: item(TAG_WINDOW, image, 0),
                    fresh: item(TAG_FRESH, image, 0),
                    quiet: item(TAG_NO_STONE_SINCE, image, 0),
                }
            })
            .collect();
        History {
            moments: vec![start],
            plays: Vec::new(),
            passes: vec![0],
            last_stone: vec![0],
            window_start: vec![0],
            maps,
            fresh,
        }
    }

    fn top(&self) -> usize {
        self.moments.len() - 1
    }
}

/// How the game stands after a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Status {
    /// The game goes on.
    Playing,
    /// KEE-13: the game has ended.
    Ended,
}

/// What a play changed, to take it back.
#[derive(Debug)]
pub(super) enum Made {
    /// The play was added to the history.
    Pushed { prisoners: i32 },
    /// The play prohibited somebody (KEE-12): the history before it, and whom.
    Prohibited {
        before: Box<History>,
        ko_player: u8,
        prisoners: i32,
    },
}

/// SOLVER-7.2: a two-player Kee game during the search.
#[derive(Debug)]
pub(super) struct State {
    geometry: Geometry,
    rules: KeeRules,
    prohibited: [bool; 2],
    history: History,
    status: Status,
    /// KEE-15v: prisoners of player 0 minus those of player 1 (territory scoring only).
    prisoners: i32,
}

impl State {
    /// SOLVER-7.2: the search's copy of `game` (two players, at most [`MAX_POINTS`] intersections): its
    /// history since the last prohibition is replayed by this module's rules, which must arrive at the same
    /// moments (`None` if they do not, or if the game is not of that kind).
    pub(super) fn of(game: &KeeGame) -> Option<State> {
        let position = game.position();
        if position.players() != 2 {
            return None;
        }
        let geometry = Geometry::of(position.board())?;
        let seen = game.history();
        let &(first, first_to_play) = seen.moments.first()?;
        let start = moment_of(first, first_to_play);
        let prohibited = [game.is_prohibited(Player(0)), game.is_prohibited(Player(1))];
        let history = History::new(start, &geometry);
        let mut state = State {
            geometry,
            rules: game.rules(),
            prohibited,
            history,
            status: Status::Playing,
            prisoners: 0,
        };
        for (i, &(mover, play)) in seen.plays.iter().enumerate() {
            if mover.0 != state.to_play() || state.status == Status::Ended {
                return None;
            }
            let code = state.geometry.code_of(play);
            match state.make(code)? {
                Made::Pushed { .. } => {}
                Made::Prohibited { .. } => return None,
            }
            let &(position, to_play) = seen.moments.get(i + 1)?;
            if state.current() != moment_of(position, to_play) {
                return None;
            }
        }
        if game.ended().is_some() != (state.status == Status::Ended) {
            return None;
        }
        let taken = game.prisoners();
        state.prisoners =
            taken.first().copied().unwrap_or(0) as i32 - taken.get(1).copied().unwrap_or(0) as i32;
        Some(state)
    }

    pub(super) fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    pub(super) fn status(&self) -> Status {
        self.status
    }

    /// The player to play (0 or 1).
    pub(super) fn to_play(&self) -> u8 {
        self.current().to_play
    }

    fn current(&self) -> Moment {
        self.history.moments[self.history.top()]
    }

    /// KEE-13(a): whether the last play was a normal pass (since the last prohibition).
    pub(super) fn after_normal_pass(&self) -> bool {
        self.history
            .plays
            .last()
            .is_some_and(|&(_, code)| code == self.geometry.normal_pass())
    }

    /// SOLVER-7.10: the play tried first: the last play's image (a stone's under the half turn of a grid board,
    /// a pass of the same kind), if there was a play since the last prohibition and the image is an intersection
    /// or a pass.
    pub(super) fn mirror_answer(&self) -> Option<Code> {
        let &(_, last) = self.history.plays.last()?;
        let g = &self.geometry;
        if usize::from(last) < g.n {
            g.half_turn.as_ref()?.get(usize::from(last)).copied()
        } else {
            Some(last)
        }
    }

    /// KEE-15, KEE-15v: points of player 0 minus points of player 1 on the current board position.
    pub(super) fn score(&self) -> i32 {
        let stones = self.current().stones;
        let points = self.geometry.area(stones);
        match self.rules.scoring {
            KeeScoring::Area => points[0] - points[1],
            KeeScoring::Territory => {
                let own = stones[0].count_ones() as i32 - stones[1].count_ones() as i32;
                points[0] - points[1] - own + self.prisoners
            }
        }
    }

    /// SOLVER-7.4: the part of the value already fixed: the prisoner difference under territory scoring.
    pub(super) fn offset(&self) -> i32 {
        match self.rules.scoring {
            KeeScoring::Area => 0,
            KeeScoring::Territory => self.prisoners,
        }
    }

    /// SOLVER-7.2: the codes of the plays to try: every intersection, the normal pass, the refreshing pass (if
    /// the rules have it). Some may be refused by [`State::make`].
    pub(super) fn codes(&self) -> impl Iterator<Item = Code> {
        let last = if self.rules.refreshing_passes {
            self.geometry.refreshing_pass()
        } else {
            self.geometry.normal_pass()
        };
        0..=last
    }

    /// KEE-5(a), KEE-9 to KEE-11 for two players: the stones after `mover` plays on intersection `i`, and the
    /// opponent stones removed; `None` if the play is not allowed.
    fn stone_play(&self, mover: usize, i: usize) -> Option<([u64; 2], u32)> {
        let g = &self.geometry;
        let stones = self.current().stones;
        let x = 1u64 << i;
        if (stones[0] | stones[1]) & x != 0 {
            return None;
        }
        let own = stones[mover] | x;
        let theirs = stones[1 - mover];
        let empty = g.all & !(own | theirs);
        // KEE-9: with one opponent, the allied groups are his units; the play is enclosing if one of them has no
        // liberty (anywhere on the board, as `play_stone` reads it).
        let mut dead = 0;
        let mut rest = theirs;
        while rest != 0 {
            let unit = g.unit(theirs, rest & rest.wrapping_neg());
            rest &= !unit;
            if g.around(unit) & empty == 0 {
                dead |= unit;
            }
        }
        let mut after = [0u64; 2];
        after[1 - mover] = theirs;
        after[mover] = own;
        if dead == 0 {
            let unit = g.unit(own, x);
            if g.around(unit) & empty == 0 {
                // KEE-10: suicidal.
                match self.rules.removal.suicide {
                    Suicide::Prohibited => return None,
                    Suicide::Allowed => {
                        after[mover] = own & !unit;
                        return Some((after, 0));
                    }
                }
            }
            return Some((after, 0));
        }
        // KEE-11: every opponent unit without a liberty is removed.
        after[1 - mover] = theirs & !dead;
        Some((after, dead.count_ones()))
    }

    /// KEE-5: the player after `p` who is not prohibited (`p` himself if the other is).
    fn succeeding(&self, p: u8) -> u8 {
        let q = 1 - p;
        if self.prohibited[usize::from(q)] {
            p
        } else {
            q
        }
    }

    /// KEE-12.2: whether a play counts when the ko player is chosen.
    fn counted(&self, code: Code) -> bool {
        match self.rules.ko_player_passes {
            KoPlayerPasses::Normal => code == self.geometry.normal_pass(),
            KoPlayerPasses::All => usize::from(code) >= self.geometry.n,
        }
    }

    /// KEE-12: the ko player of a cycle from `moments[from]` closed by `mover`'s play `code`: of the players not
    /// prohibited, the one with fewer counted passes since; with as many, the mover (the last to play).
    fn ko_player(&self, from: usize, mover: u8, code: Code) -> u8 {
        if self.prohibited[usize::from(1 - mover)] {
            return mover;
        }
        let h = &self.history;
        let mut diff = h.passes[h.top()] - h.passes[from];
        if self.counted(code) {
            diff += if mover == 0 { 1 } else { -1 };
        }
        match diff.cmp(&0) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Equal => mover,
        }
    }

    /// KEE-5, KEE-12, KEE-13: the player to play makes the play `code` (as `KeeGame::play`); `None` if the rules
    /// refuse it or the game has ended. [`State::unmake`] takes it back.
    pub(super) fn make(&mut self, code: Code) -> Option<Made> {
        if self.status == Status::Ended {
            return None;
        }
        let g = &self.geometry;
        let mover = self.to_play();
        let i = usize::from(code);
        let (stones, taken) = if i < g.n {
            self.stone_play(usize::from(mover), i)?
        } else if i == g.n || (i == g.n + 1 && self.rules.refreshing_passes) {
            (self.current().stones, 0)
        } else {
            return None;
        };
        let prisoners = match (taken, mover) {
            (0, _) => 0,
            (t, 0) => t as i32,
            (t, _) => -(t as i32),
        };
        let refresh = i == g.n + 1;
        let succeeding = self.succeeding(mover);
        let after = Moment {
            stones,
            to_play: succeeding,
        };
        let h = &self.history;
        let top = h.top();
        let encounter = if refresh {
            // KEE-12(b): met just after the start (or last prohibition) or an earlier refreshing pass.
            h.fresh.get(&after).copied()
        } else {
            // KEE-12(a): met in the window (its latest meeting), with a stone play since.
            (h.window_start[top]..=top)
                .rev()
                .find(|&j| h.moments[j] == after)
                .filter(|&j| i < g.n || h.last_stone[top] > j)
        };
        if let Some(from) = encounter {
            let ko_player = self.ko_player(from, mover, code);
            self.prohibited[usize::from(ko_player)] = true;
            let next = if !self.prohibited[usize::from(1 - mover)] {
                Some(1 - mover)
            } else if !self.prohibited[usize::from(mover)] {
                Some(mover)
            } else {
                None
            };
            let start = Moment {
                stones,
                to_play: next.unwrap_or(mover),
            };
            let fresh = History::new(start, &self.geometry);
            let before = std::mem::replace(&mut self.history, fresh);
            self.status = if next.is_none() {
                Status::Ended
            } else {
                Status::Playing
            };
            self.prisoners += prisoners;
            return Some(Made::Prohibited {
                before: Box::new(before),
                ko_player,
                prisoners,
            });
        }
        let counted = self.counted(code);
        let g = &self.geometry;
        let k = g.symmetries();
        let h = &mut self.history;
        let passes = h.passes[top]
            + match (counted, mover) {
                (false, _) => 0,
                (true, 0) => 1,
                (true, _) => -1,
            };
        let index = top + 1;
        let last_stone = if i < g.n { index } else { h.last_stone[top] };
        let window_start = if refresh { index } else { h.window_start[top] };
        // The moments with no stone play since start anew after a stone play or a refreshing pass (which starts
        // a new window).
        let quiet_anew = i < g.n || refresh;
        for j in 0..k {
            let image = g.image(j, after);
            let before = h.maps[top * k + j];
            let quiet = if quiet_anew { 0 } else { before.quiet };
            let window = if refresh { 0 } else { before.window };
            h.maps.push(Mapped {
                image,
                quiet: quiet ^ item(TAG_NO_STONE_SINCE, image, 0),
                window: window ^ item(TAG_WINDOW, image, passes),
                fresh: if refresh {
                    before.fresh ^ item(TAG_FRESH, image, passes)
                } else {
                    before.fresh
                },
            });
        }
        h.moments.push(after);
        h.plays.push((mover, code));
        h.passes.push(passes);
        h.last_stone.push(last_stone);
        h.window_start.push(window_start);
        if refresh {
            h.fresh.insert(after, index);
        }
        self.prisoners += prisoners;
        // KEE-13(a): every player not prohibited made a normal pass, one after another.
        let active = self.prohibited.iter().filter(|p| !**p).count();
        let h = &self.history;
        let normal = self.geometry.normal_pass();
        if h.plays.len() >= active
            && h.plays[h.plays.len() - active..]
                .iter()
                .all(|&(_, c)| c == normal)
        {
            self.status = Status::Ended;
        }
        Some(Made::Pushed { prisoners })
    }

    /// Takes back the play [`State::make`] made.
    pub(super) fn unmake(&mut self, made: Made) {
        self.status = Status::Playing;
        match made {
            Made::Pushed { prisoners } => {
                self.prisoners -= prisoners;
                let h = &mut self.history;
                let top = h.top();
                let moment = h.moments[top];
                let refresh = h
                    .plays
                    .last()
                    .is_some_and(|&(_, c)| c == self.geometry.refreshing_pass());
                if refresh {
                    h.fresh.remove(&moment);
                }
                h.moments.pop();
                h.plays.pop();
                h.passes.pop();
                h.last_stone.pop();
                h.window_start.pop();
                let k = self.geometry.symmetries();
                h.maps.truncate(top * k);
            }
            Made::Prohibited {
                before,
                ko_player,
                prisoners,
            } => {
                self.prisoners -= prisoners;
                self.prohibited[usize::from(ko_player)] = false;
                self.history = *before;
            }
        }
    }

    /// SOLVER-7.4: the table key: the current moment, who is prohibited, whether the last play was a normal
    /// pass, the pass count, the window's moments with their pass counts, those of them with no stone play
    /// since, and the moments just after the start and after refreshing passes with their pass counts.
    /// SOLVER-7.9: the smallest of the keys of the state's images under those automorphisms that take the
    /// current moment to its least image (a state and its image under an automorphism choose corresponding
    /// maps, so they still share the key).
    pub(super) fn key(&self) -> u128 {
        let g = &self.geometry;
        let k = g.symmetries();
        let h = &self.history;
        let top = h.top();
        let flags = u64::from(self.prohibited[0])
            | u64::from(self.prohibited[1]) << 1
            | u64::from(self.after_normal_pass()) << 2;
        let mut least = ([u64::MAX; 2], u128::MAX);
        for j in 0..k {
            let at = top * k + j;
            let mapped = &h.maps[at];
            let image = mapped.image;
            if image.stones > least.0 {
                continue;
            }
            let key = item(TAG_CURRENT | flags << 4, image, h.passes[top])
                ^ mapped.window
                ^ mapped.fresh
                ^ mapped.quiet;
            least = if image.stones < least.0 {
                (image.stones, key)
            } else {
                (least.0, least.1.min(key))
            };
        }
        least.1
    }
}

/// A moment of `position` with `to_play` (two players).
fn moment_of(position: &Arrangement, to_play: Player) -> Moment {
    let mut stones = [0u64; 2];
    for (i, cell) in position.cells().iter().enumerate() {
        match cell {
            Some(Player(0)) => stones[0] |= 1 << i,
            Some(_) => stones[1] |= 1 << i,
            None => {}
        }
    }
    Moment {
        stones,
        to_play: to_play.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kee::arrangement::Arrangement;
    use std::sync::Arc;

    fn grid(width: usize, height: usize) -> Geometry {
        Geometry::of(&Board::rectangle(width, height).expect("a board")).expect("small")
    }

    /// SOLVER-7.9: each map found keeps adjacency, no two are equal, and the identity comes first.
    fn assert_automorphisms(g: &Geometry) {
        let identity: Vec<u64> = (0..g.n).map(|i| 1u64 << i).collect();
        assert_eq!(g.maps[0], identity);
        for (a, map) in g.maps.iter().enumerate() {
            assert!(g.maps[..a].iter().all(|other| other != map));
            for i in 0..g.n {
                let image = map[i].trailing_zeros() as usize;
                let mut expected = 0;
                let mut rest = g.neighbours[i];
                while rest != 0 {
                    expected |= map[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                assert_eq!(g.neighbours[image], expected, "map {a}, intersection {i}");
            }
        }
    }

    #[test]
    fn grids_have_their_symmetries_and_other_graphs_theirs() {
        for (width, height, count) in [
            (1, 1, 1),
            (2, 1, 2),
            (2, 2, 8),
            (3, 2, 4),
            (3, 3, 8),
            (4, 4, 8),
        ] {
            let g = grid(width, height);
            assert_eq!(g.symmetries(), count, "{width}x{height}");
            assert_automorphisms(&g);
        }
        // A triangle with a tail (0-1, 1-2, 2-0, 2-3): only 0 and 1 can swap.
        let board = Board::from_neighbour_lists(&[vec![1, 2], vec![0, 2], vec![0, 1, 3], vec![2]])
            .expect("a graph");
        let g = Geometry::of(&board).expect("small");
        assert_eq!(g.symmetries(), 2);
        assert_automorphisms(&g);
    }

    /// SOLVER-7.10: the half turn takes each intersection of a grid to the opposite one, and the play tried first
    /// is the image of the last play.
    #[test]
    fn the_first_answer_is_the_last_play_turned_half_round() {
        assert_eq!(grid(2, 2).half_turn, Some(vec![3, 2, 1, 0]));
        assert_eq!(grid(2, 3).half_turn, Some(vec![5, 4, 3, 2, 1, 0]));
        assert_eq!(grid(3, 3).half_turn.map(|turn| turn[4]), Some(4));
        // A triangle is no grid.
        let triangle =
            Board::from_neighbour_lists(&[vec![1, 2], vec![0, 2], vec![0, 1]]).expect("a graph");
        assert_eq!(Geometry::of(&triangle).expect("small").half_turn, None);

        let board = Arc::new(Board::rectangle(2, 3).expect("a board"));
        let game = KeeGame::new(
            Arrangement::empty(board, 2).expect("empty"),
            KeeRules::default(),
        );
        let mut state = State::of(&game).expect("two players");
        assert_eq!(state.mirror_answer(), None, "no play yet");
        state.make(0).expect("a stone on the first intersection");
        assert_eq!(state.mirror_answer(), Some(5));
        let normal = state.geometry.normal_pass();
        state.make(normal).expect("a normal pass");
        assert_eq!(state.mirror_answer(), Some(normal));
        let refresh = state.geometry.refreshing_pass();
        state.make(refresh).expect("a refreshing pass");
        assert_eq!(state.mirror_answer(), Some(refresh));
    }

    #[test]
    fn symmetric_histories_share_a_key_and_others_do_not() {
        let board = Arc::new(Board::rectangle(2, 2).expect("a board"));
        let game = KeeGame::new(
            Arrangement::empty(board, 2).expect("empty"),
            KeeRules::default(),
        );
        let key_after = |plays: &[Code], symmetric: bool| {
            let mut state = State::of(&game).expect("two players");
            if !symmetric {
                state.geometry = state.geometry.clone().without_symmetries();
                state.history = History::new(state.current(), &state.geometry);
            }
            for &code in plays {
                state.make(code).expect("legal");
            }
            state.key()
        };
        let refresh = 5;
        // A first stone in each corner, then White in the opposite corner and a refreshing pass.
        let lines: [[Code; 3]; 4] = [
            [0, 3, refresh],
            [1, 2, refresh],
            [2, 1, refresh],
            [3, 0, refresh],
        ];
        for line in &lines[1..] {
            assert_eq!(key_after(line, true), key_after(&lines[0], true));
            assert_ne!(key_after(line, false), key_after(&lines[0], false));
        }
        // Different boards are not merged: two stones side by side, not opposite.
        assert_ne!(key_after(&[0, 1], true), key_after(&[0, 3], true));
    }
}
