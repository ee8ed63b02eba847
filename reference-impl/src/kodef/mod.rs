//! KODEF (spec/ko-definitions.md): seed 004's general definition of ko, the parts that need no search: the
//! default restriction rules ([`restriction`]), local-area ([`local_area`]), basic-ko-intersections
//! ([`basic_ko`]) and kos as connected sets of ko-intersections ([`kos`]); and by search ([`force`]), force,
//! answer-force and local- and global-ko-intersections, by df-pn (`proof`, KODEF-4.7) with the plain search of
//! [`force`] as its reference; the readings of KODEF-R that are options ([`readings`]).

pub mod basic_ko;
pub mod force;
pub mod kos;
pub mod local_area;
mod proof;
pub mod readings;
pub mod restriction;

pub use basic_ko::{basic_ko_intersections, BasicKoReading};
pub use force::{
    can_answer_force, can_force_duty, explain_answer_force, explain_force, global_ko_intersection,
    local_ko_intersection, local_ko_intersections, Allowance, Arena, Cycles, Duty, Explained,
    LineEnd, LocalWitness, OutOfReach, DEFAULT_NODES, PLAIN_FIRST,
};
pub use kos::{ko_stones, ko_strings, kos};
pub use local_area::{local_area, LocalArea};
pub use readings::{CycleEndReading, CycleReading, CycleSetReading, HistoryBansReading, Readings};
pub use restriction::{default_restriction_rules, first_end, RestrictionEnd};
