//! The balance lab: what tiles, features, figures and mechanisms do to the game over many
//! games. A collector watches games as they are played ([`crate::simulate::Observer`]),
//! counting in integers so that a run's figures do not depend on the thread count; the
//! figures come out as a [`BalanceReport`]. [`Comparison`] sets two runs of the same seeds
//! side by side.

mod report;

pub use report::{
    AbbeyStats, BalanceReport, BarnStats, Comparison, Deployments, Difference, Estimate, FeatureKindStats,
    FigureStats, HillStats, Histogram, MechanismStats, SeatStats, ShepherdStats, TileStats, Timing, WagonStats,
};
