//! The casebook (issue 23): a static site that draws every case of the suite as a board, with the spec beside
//! it, for a rules committee to read. No network at view time: CSS and scripts are inline, boards are SVG.

pub mod html;
pub mod kee_pages;
pub mod markdown;
pub mod overlays;
pub mod pages;
pub mod replay;
pub mod report;
pub mod site;
pub mod steps;
pub mod svg;

pub use report::Report;
pub use site::{broken_links, build, Built};
