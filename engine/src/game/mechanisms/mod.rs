//! The expansions' mechanisms: each a module with its state and rules, registered below, and
//! played by the core game through the hooks of [`Mechanism`] (`hooks.rs`).
//!
//! The core (turn, placement, deployment, scoring: `turn.rs` lists where each hook is called)
//! names no mechanism. A mechanism keeps its state in its own type, which [`Mechanisms`] holds
//! beside the others in every game, and acts only through its hooks; what it shows readers
//! (its state, its prompts, its figures' pictures, its actions' keys) it answers itself, through
//! [`Mechanisms`]. A new mechanism is a module here implementing [`Mechanism`] and one line in
//! the list below; a player choice of its own is a [`Phase`](super::Phase) and
//! [`Action`](super::Action)s that its hooks list and apply.
//!
//! Which mechanisms a game plays with is decided once, when it is set up
//! ([`Mechanism::in_play`]: the files' mechanisms as [`MechanismSet`] keeps them under the
//! rules, and figure types with a count above 0), so no turn tests a switch: a mechanism out
//! of play costs each hook it implements one well-predicted branch.

mod hooks;
mod set;

use hooks::mechanisms;
pub use hooks::{Arrival, Flow, Mechanism, Registered};
pub use set::{MechanismSet, apply_switches};

mechanisms! {
    abbey: Abbey,
    barn: Barns,
    hills: Hills,
    shepherd: Shepherds,
    vineyard: Vineyards,
    wagon: Wagons,
    #[cfg(test)]
    probe: Probe,
}

pub use shepherd::Flock;
pub use wagon::WaitingWagon;
