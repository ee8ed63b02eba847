//! The gorules case format (spec/cases.md): reading case files, resolving their moves, and the lint that
//! keeps the suite sound (CASE-7). This crate reads files; it knows no rules of Go.

pub mod classes;
pub mod count;
pub mod drawn;
pub mod errata;
pub mod j89;
pub mod kee;
pub mod lint;
pub mod model;
pub mod moves;
pub mod readings;
pub mod resolve;
pub mod suite;
mod yaml;

pub use kee::KeeCase;
pub use model::Case;
pub use suite::{
    parse_case, parse_kee_case, CaseError, CheckLines, LoadedCase, LoadedKeeCase, Suite,
};
pub use yaml::{MAX_FILE_BYTES, MAX_NESTING};
