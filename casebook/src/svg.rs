//! Boards as inline SVG: a grid with GTP coordinates, or any graph laid out on a circle; stones on
//! intersections, and the overlays a check draws on them (labels, move numbers, control, territory, statuses).

use crate::html::esc;
use gorules_grammar::{Cell, Diagram, Graph, StoneColor, Vertex, PLAYER_NAMES};
use std::f64::consts::PI;
use std::fmt::Write;

/// The distance between two neighbouring intersections, in SVG units.
const UNIT: f64 = 40.0;
/// Room around the grid for the coordinates.
const PAD: f64 = 44.0;
/// A stone's radius.
const STONE: f64 = 18.8;

/// What stands on one intersection, and what is drawn over it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Point {
    /// The player whose stone stands here (0 black, 1 white, 2 red, ...).
    pub stone: Option<u8>,
    /// The stone is drawn faded (removed, or dead).
    pub ghost: bool,
    /// What is drawn over the intersection.
    pub mark: Mark,
    /// The intersection of the last move, ringed.
    pub last: bool,
}

/// An overlay on one intersection.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Mark {
    /// Nothing.
    #[default]
    None,
    /// A label or a mark letter of the source (NOT-1.2).
    Label(String),
    /// A move number.
    Number(String),
    /// Controlled or territory of a player (0 black, 1 white), or of both (`None`).
    Square(Option<u8>),
    /// An eye point of a player that is not territory (J89-8.4).
    Eye(u8),
    /// A number of points (a points map).
    Points(u8),
    /// J89 status of the stone: `A` alive, `D` dead, `S` seki.
    Status(char),
}

/// The points of a diagram's board cells: stones from `#` and `O`, labels and marks as labels, numbers as
/// move numbers.
pub fn points_of(diagram: &Diagram) -> Vec<Point> {
    diagram
        .cells()
        .map(|(_, cell)| match cell {
            Cell::Empty => Point::default(),
            Cell::Stone(c) => Point {
                stone: Some(player_of(c)),
                ..Point::default()
            },
            Cell::Label(c) | Cell::Mark(c) => Point {
                mark: Mark::Label(c.to_string()),
                ..Point::default()
            },
            Cell::Number(n) => Point {
                mark: Mark::Number(n.to_string()),
                ..Point::default()
            },
        })
        .collect()
}

/// The player index of a diagram stone.
pub fn player_of(c: StoneColor) -> u8 {
    match c {
        StoneColor::Black => 0,
        StoneColor::White => 1,
    }
}

/// A stone's class: `stone black`, `stone white`, `stone red`, ...
fn stone_class(player: u8) -> &'static str {
    PLAYER_NAMES
        .get(usize::from(player))
        .copied()
        .unwrap_or("black")
}

/// A grid board of `width` x `height` with `points` row by row from the top; `title` names it for readers.
pub fn grid(width: usize, height: usize, points: &[Point], title: &str) -> String {
    let w = PAD * 2.0 + UNIT * (width.saturating_sub(1)) as f64;
    let h = PAD * 2.0 + UNIT * (height.saturating_sub(1)) as f64;
    let mut out = open(w, h, "grid", title);
    let (x0, y0) = (PAD, PAD);
    let (x1, y1) = (x(width.saturating_sub(1)), y(height.saturating_sub(1)));
    for col in 0..width {
        let _ = write!(
            out,
            "<line class=\"grid\" x1=\"{0}\" y1=\"{y0}\" x2=\"{0}\" y2=\"{y1}\"/>",
            x(col)
        );
    }
    for row in 0..height {
        let _ = write!(
            out,
            "<line class=\"grid\" x1=\"{x0}\" y1=\"{0}\" x2=\"{x1}\" y2=\"{0}\"/>",
            y(row)
        );
    }
    for (col, row) in star_points(width, height) {
        let _ = write!(
            out,
            "<circle class=\"star\" cx=\"{}\" cy=\"{}\" r=\"3.5\"/>",
            x(col),
            y(row)
        );
    }
    for col in 0..width {
        if let Some(v) = Vertex::from_col_row(col, 0, height) {
            let letter: String = v
                .to_string()
                .chars()
                .take_while(|c| c.is_ascii_alphabetic())
                .collect();
            for cy in [PAD - 26.0, y1 + 26.0] {
                let _ = write!(
                    out,
                    "<text class=\"coord\" x=\"{}\" y=\"{cy}\">{letter}</text>",
                    x(col)
                );
            }
        }
    }
    for row in 0..height {
        let n = height - row;
        for cx in [PAD - 28.0, x1 + 28.0] {
            let _ = write!(
                out,
                "<text class=\"coord\" x=\"{cx}\" y=\"{}\">{n}</text>",
                y(row)
            );
        }
    }
    for (i, p) in points.iter().enumerate() {
        draw_point(&mut out, x(i % width.max(1)), y(i / width.max(1)), STONE, p);
    }
    out.push_str("</svg>");
    out
}

/// Any graph: intersections on a circle in the order written, neighbours joined by lines, names outside.
pub fn graph(g: &Graph, points: &[Point], title: &str) -> String {
    let n = g.nodes().len().max(1);
    let radius = (UNIT * 1.3 * n as f64 / (2.0 * PI)).max(70.0);
    let centre = radius + PAD + 10.0;
    let side = centre * 2.0;
    let at = |i: usize, r: f64| {
        let a = -PI / 2.0 + 2.0 * PI * i as f64 / n as f64;
        (centre + r * a.cos(), centre + r * a.sin())
    };
    // A stone fits between two neighbours on the circle.
    let chord = 2.0 * radius * (PI / n as f64).sin();
    let stone = if n == 1 {
        STONE
    } else {
        STONE.min(chord / 2.3)
    };
    let mut out = open(side, side, "graph", title);
    for (i, node) in g.nodes().iter().enumerate() {
        for &j in node.neighbours.iter().filter(|&&j| j > i) {
            let ((ax, ay), (bx, by)) = (at(i, radius), at(j, radius));
            let _ = write!(
                out,
                "<line class=\"edge-line\" x1=\"{ax:.1}\" y1=\"{ay:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\"/>"
            );
        }
    }
    for (i, node) in g.nodes().iter().enumerate() {
        let (cx, cy) = at(i, radius);
        let _ = write!(
            out,
            "<circle class=\"node\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"4\"/>"
        );
        let (nx, ny) = at(i, radius + stone + 16.0);
        let _ = write!(
            out,
            "<text class=\"name\" x=\"{nx:.1}\" y=\"{ny:.1}\">{}</text>",
            esc(&node.name)
        );
        if let Some(p) = points.get(i) {
            draw_point(&mut out, cx, cy, stone, p);
        }
    }
    out.push_str("</svg>");
    out
}

fn x(col: usize) -> f64 {
    PAD + UNIT * col as f64
}

fn y(row: usize) -> f64 {
    PAD + UNIT * row as f64
}

fn open(w: f64, h: f64, shape: &str, title: &str) -> String {
    // Small boards are drawn larger than their units so that a 2x1 board is not a thumbnail.
    let scale = (220.0 / w.max(h)).max(1.0);
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg class=\"board {shape}\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" \
         width=\"{:.0}\" height=\"{:.0}\" role=\"img\" aria-label=\"{t}\"><title>{t}</title>\
         <rect class=\"bg\" x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" rx=\"6\"/>",
        w * scale,
        h * scale,
        t = esc(title)
    );
    out
}

/// Star points of the usual square boards (9, 13, 19), as a reader expects them.
fn star_points(width: usize, height: usize) -> Vec<(usize, usize)> {
    let lines: &[usize] = match (width, height) {
        (9, 9) => &[2, 6],
        (13, 13) => &[3, 9],
        (19, 19) => &[3, 9, 15],
        _ => return Vec::new(),
    };
    let mut out: Vec<(usize, usize)> = lines
        .iter()
        .flat_map(|&c| lines.iter().map(move |&r| (c, r)))
        .collect();
    if width != 19 {
        out.push((width / 2, height / 2));
    }
    out
}

fn draw_point(out: &mut String, cx: f64, cy: f64, r: f64, p: &Point) {
    let dark = matches!(p.stone, Some(0 | 2 | 3 | 4));
    let ink = if dark { "on-dark" } else { "on-light" };
    if let Some(s) = p.stone {
        let ghost = if p.ghost { " ghost" } else { "" };
        let _ = write!(
            out,
            "<circle class=\"stone {}{ghost}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\"/>",
            stone_class(s)
        );
    }
    match &p.mark {
        Mark::None => {}
        Mark::Label(t) | Mark::Number(t) => {
            let kind = if matches!(p.mark, Mark::Number(_)) {
                "num"
            } else {
                "label"
            };
            if p.stone.is_none() {
                let _ = write!(
                    out,
                    "<circle class=\"label-bg\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\"/>",
                    r * 0.75
                );
            }
            let _ = write!(
                out,
                "<text class=\"{kind} {ink}\" x=\"{cx:.1}\" y=\"{cy:.1}\">{}</text>",
                esc(t)
            );
        }
        Mark::Square(owner) => {
            let class = match owner {
                Some(0) => "ctl-black",
                Some(_) => "ctl-white",
                None => "ctl-both",
            };
            square(out, class, cx, cy, r);
        }
        Mark::Eye(owner) => {
            let class = if *owner == 0 {
                "eye-black"
            } else {
                "eye-white"
            };
            square(out, class, cx, cy, r);
        }
        Mark::Points(n) => {
            if p.stone.is_none() {
                let _ = write!(
                    out,
                    "<circle class=\"label-bg\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\"/>",
                    r * 0.6
                );
            }
            let class = if p.stone.is_some() { ink } else { "" };
            let _ = write!(
                out,
                "<text class=\"points {class}\" x=\"{cx:.1}\" y=\"{cy:.1}\">{n}</text>"
            );
        }
        Mark::Status('D') => {
            let d = r * 0.55;
            let _ = write!(
                out,
                "<path class=\"dead\" d=\"M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}\"/>",
                cx - d,
                cy - d,
                cx + d,
                cy + d,
                cx - d,
                cy + d,
                cx + d,
                cy - d
            );
        }
        Mark::Status(c) => {
            let _ = write!(
                out,
                "<text class=\"status {ink}\" x=\"{cx:.1}\" y=\"{cy:.1}\">{c}</text>"
            );
        }
    }
    if p.last {
        let _ = write!(
            out,
            "<circle class=\"last\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\"/>",
            r + 2.5
        );
    }
}

/// A square mark of `class` centred on an intersection (a map's control, territory or eye point).
fn square(out: &mut String, class: &str, cx: f64, cy: f64, r: f64) {
    let s = r * 0.85;
    let _ = write!(
        out,
        "<rect class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{s:.1}\" height=\"{s:.1}\"/>",
        cx - s / 2.0,
        cy - s / 2.0
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_draws_one_circle_per_stone_and_gtp_coordinates() {
        let d = Diagram::parse("# . O\n. a .").unwrap();
        let svg = grid(3, 2, &points_of(&d), "t");
        assert_eq!(svg.matches("class=\"stone black\"").count(), 1);
        assert_eq!(svg.matches("class=\"stone white\"").count(), 1);
        assert!(svg.contains(">a</text>"));
        assert!(svg.contains(">C</text>") && svg.contains(">2</text>"));
    }

    #[test]
    fn columns_skip_i() {
        let d = Diagram::parse(". . . . . . . . . .").unwrap();
        let svg = grid(10, 1, &points_of(&d), "t");
        assert!(!svg.contains(">I</text>"));
        assert!(svg.contains(">K</text>"));
    }
}
