//! Move sequences step by step: one board per move with the numbers of the moves whose stones still stand and
//! the last move ringed, under a slider (without script, every step is shown).

use crate::html::esc;
use crate::svg::{Mark, Point};
use std::fmt::Write;

/// One move of a sequence as drawn.
#[derive(Debug, Clone)]
pub struct Step {
    /// The stones after the move, one per intersection (0 black, 1 white, 2 red, ...).
    pub stones: Vec<Option<u8>>,
    /// The intersection played, `None` for a pass.
    pub at: Option<usize>,
    /// What the move was, in words.
    pub caption: String,
}

/// The figures of `steps` under a slider; `draw` makes one board from its points and a title.
pub fn figures(steps: &[Step], draw: &dyn Fn(&[Point], &str) -> String) -> String {
    let n = steps.len();
    if n == 0 {
        return String::new();
    }
    let mut b = String::new();
    let _ = write!(
        b,
        "<div class=\"steps one\" data-steps=\"{n}\"><div class=\"stepper\">\
         <button type=\"button\" data-step=\"-1\" aria-label=\"previous move\">◀</button>\
         <input type=\"range\" min=\"1\" max=\"{n}\" value=\"{n}\" aria-label=\"move\">\
         <button type=\"button\" data-step=\"1\" aria-label=\"next move\">▶</button><output>{n} / {n}</output></div>"
    );
    let mut numbers: Vec<Option<usize>> = Vec::new();
    for (k, step) in steps.iter().enumerate() {
        numbers.resize(step.stones.len(), None);
        if let Some(slot) = step.at.and_then(|i| numbers.get_mut(i)) {
            *slot = Some(k + 1);
        }
        let points: Vec<Point> = step
            .stones
            .iter()
            .zip(&numbers)
            .enumerate()
            .map(|(i, (s, number))| Point {
                stone: *s,
                mark: match (s, number) {
                    (Some(_), Some(m)) => Mark::Number(m.to_string()),
                    _ => Mark::None,
                },
                last: Some(i) == step.at,
                ..Point::default()
            })
            .collect();
        // A number goes with its stone: once the stone is removed, a later stone there gets its own.
        for (number, s) in numbers.iter_mut().zip(&step.stones) {
            if s.is_none() {
                *number = None;
            }
        }
        let shown = if k + 1 == n { " shown" } else { "" };
        let _ = write!(
            b,
            "<figure class=\"board step{shown}\">{}<figcaption>{}</figcaption></figure>",
            draw(&points, &format!("after move {}", k + 1)),
            esc(&step.caption)
        );
    }
    b.push_str("</div>");
    b
}
