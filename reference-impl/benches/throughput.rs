//! Throughput of the reference implementation (not a test: it only measures).
//!
//! `cargo bench -p gorules-ref` plays random legal games on the 19x19 grid under the NAJ move-sequence rules
//! (basic-ko and fixed-ko, no suicide) and reports plays per second; then it runs Benson's algorithm (NAJ-5.2) and
//! NAJ control on the final positions of those games and reports calls per second.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gorules_ref::naj::control_from_immortal;
use gorules_ref::{benson, Board, Color, Move, Position, Ruleset, Sequence};

/// A small deterministic pseudo-random generator (xorshift64*), so runs are comparable.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One random legal game: each player tries random empty points that do not fill one of his own one-point eyes
/// (an illegal try changes nothing), plays the first legal one, and passes when none is left; two passes (or 1000
/// moves) end the game. Returns the final position and the number of plays made.
fn random_game(board: &Arc<Board>, rng: &mut Rng) -> (Position, usize) {
    let mut sequence = Sequence::new(
        Position::empty(Arc::clone(board)),
        Color::Black,
        Ruleset::naj().sequence_rules(),
    );
    let mut plays = 0;
    while sequence.consecutive_passes() < 2 && sequence.moves().len() < 1000 {
        let mover = sequence.to_move();
        let position = sequence.position();
        let mut candidates: Vec<_> = position
            .empty_points()
            .iter()
            .filter(|&point| {
                !board
                    .neighbours(point)
                    .iter()
                    .all(|&n| position.get(n) == Some(mover))
            })
            .collect();
        let mut played = false;
        while !candidates.is_empty() && !played {
            let point = candidates.swap_remove(rng.below(candidates.len()));
            played = sequence.play(Move::Play(point)).is_ok();
        }
        if played {
            plays += 1;
        } else {
            let _ = sequence.play(Move::Pass);
        }
    }
    (sequence.position().clone(), plays)
}

fn main() {
    let board = Arc::new(Board::rectangle(19, 19).expect("19x19"));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);

    let mut finals = Vec::new();
    let mut plays = 0;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(5) {
        let (final_position, game_plays) = random_game(&board, &mut rng);
        plays += game_plays;
        finals.push(final_position);
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "random 19x19 games (basic-ko, fixed-ko): {} games, {} plays in {:.2} s = {:.0} plays/s ({:.1} plays/game)",
        finals.len(),
        plays,
        elapsed,
        plays as f64 / elapsed,
        plays as f64 / finals.len() as f64
    );

    let mut calls = 0;
    let mut alive_stones = 0;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(3) {
        for position in &finals {
            for color in Color::ALL {
                alive_stones += black_box(benson::pass_alive(position, color)).len();
                calls += 1;
            }
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "benson::pass_alive on those 19x19 final positions: {calls} calls in {elapsed:.2} s = {:.0} calls/s \
         ({:.1} us/call, {:.1} pass-alive stones/call)",
        calls as f64 / elapsed,
        elapsed * 1e6 / calls as f64,
        alive_stones as f64 / calls as f64
    );

    // Positions half-way through a game have many more empty intersections and unsettled strings.
    let mut middles = Vec::new();
    for _ in 0..20 {
        let mut sequence = Sequence::new(
            Position::empty(Arc::clone(&board)),
            Color::Black,
            Ruleset::naj().sequence_rules(),
        );
        for _ in 0..150 {
            let empty: Vec<_> = sequence.position().empty_points().iter().collect();
            let point = empty[rng.below(empty.len())];
            if sequence.play(Move::Play(point)).is_err() {
                let _ = sequence.play(Move::Pass);
            }
        }
        middles.push(sequence.position().clone());
    }
    let mut calls = 0;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(2) {
        for position in &middles {
            for color in Color::ALL {
                let immortal = benson::pass_alive(position, color);
                black_box(control_from_immortal(position, &immortal));
                calls += 1;
            }
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "benson + control on 19x19 positions after 150 random moves: {calls} calls in {elapsed:.2} s = {:.0} calls/s \
         ({:.1} us/call)",
        calls as f64 / elapsed,
        elapsed * 1e6 / calls as f64
    );
}
