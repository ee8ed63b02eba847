//! KEE-15: area scoring on the final board position (territory scoring as the variant), and the ranking.

use super::arrangement::Arrangement;
use super::player::Player;

/// KEE-15(b), KEE-15(c): each player's points: his stones, plus the unoccupied units bordered by his stones
/// only. An unoccupied unit bordered by stones of several players, or by none, counts for nobody.
pub fn area_points(arrangement: &Arrangement) -> Vec<u64> {
    let mut points = vec![0u64; usize::from(arrangement.players())];
    for p in arrangement.cells().iter().flatten() {
        points[p.index()] += 1;
    }
    for unit in arrangement.unoccupied_units() {
        let mut borders: Vec<Player> = Vec::new();
        for p in unit.iter() {
            for &n in arrangement.board().neighbours(p) {
                if let Some(owner) = arrangement.get(n) {
                    if !borders.contains(&owner) {
                        borders.push(owner);
                    }
                }
            }
        }
        if let [only] = borders.as_slice() {
            points[only.index()] += unit.len() as u64;
        }
    }
    points
}

/// KEE-15v: territory scoring: each player's unoccupied units bordered by his stones only, plus the opponent
/// stones his plays removed (`prisoners[i]` for player i; our reading KEE-15v.1: stones a player removes by his
/// own suicide, KEE-10 variant, count for nobody).
pub fn territory_points(arrangement: &Arrangement, prisoners: &[u64]) -> Vec<u64> {
    let mut points = area_points(arrangement);
    for p in arrangement.cells().iter().flatten() {
        points[p.index()] -= 1;
    }
    for (i, taken) in prisoners.iter().enumerate() {
        if let Some(x) = points.get_mut(i) {
            *x += taken;
        }
    }
    points
}

/// KEE-15(d): the ranking: groups of players with equal points, the highest points first.
pub fn ranking(points: &[u64]) -> Vec<Vec<Player>> {
    let mut order: Vec<(u64, Player)> = points
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, Player(i as u8)))
        .collect();
    order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut out: Vec<Vec<Player>> = Vec::new();
    let mut last = None;
    for (p, player) in order {
        if last == Some(p) {
            if let Some(g) = out.last_mut() {
                g.push(player);
            }
        } else {
            out.push(vec![player]);
            last = Some(p);
        }
    }
    out
}
