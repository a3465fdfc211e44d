//! The memory every search tree in the process may hold together.
//!
//! Each tree is freed after its choice, but many searches can run at once (a tournament's
//! games on every thread, each search on threads of its own), and a long one grows its tree to
//! [`super::tree::MAX_NODES`]. They all take their nodes from one count, so together they hold
//! at most [`MAX_TREE_BYTES`]; a tree that gets no more stops growing and its search goes on
//! with playouts from its leaves, as at its own limit. (Only then does a search depend on what
//! else is searching: a playout budget gives the same choice for the same seed as long as the
//! budget is not used up.)

use std::sync::atomic::{AtomicUsize, Ordering};

use super::tree::Node;

/// The most bytes of tree nodes all searches in the process hold together (besides one root
/// node each).
pub const MAX_TREE_BYTES: usize = 512 << 20;

/// Nodes still to be had, shared by every search that takes from it.
#[derive(Debug)]
pub struct NodeBudget {
    free: AtomicUsize,
}

/// The budget of every search tree in the process.
pub(super) static TREES: NodeBudget = NodeBudget::new(MAX_TREE_BYTES / size_of::<Node>());

impl NodeBudget {
    /// A budget of `nodes` nodes.
    pub const fn new(nodes: usize) -> NodeBudget {
        NodeBudget {
            free: AtomicUsize::new(nodes),
        }
    }

    /// Takes up to `wanted` nodes; returns how many it got (none when none are left).
    pub fn take(&self, wanted: usize) -> usize {
        let mut got = 0;
        // The closure always returns a value, so the update cannot fail.
        let _ = self.free.fetch_update(Ordering::AcqRel, Ordering::Acquire, |free| {
            got = free.min(wanted);
            Some(free - got)
        });
        got
    }

    /// Gives back `nodes` nodes taken before.
    pub fn give(&self, nodes: usize) {
        self.free.fetch_add(nodes, Ordering::AcqRel);
    }

    /// Nodes still to be had.
    #[cfg(test)]
    pub fn free(&self) -> usize {
        self.free.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_are_capped_by_what_is_left_and_gifts_come_back() {
        let budget = NodeBudget::new(100);
        assert_eq!((budget.take(60), budget.take(60), budget.take(1)), (60, 40, 0));
        budget.give(50);
        assert_eq!((budget.free(), budget.take(10)), (50, 10));
    }
}
