//! Which of the expansions' mechanisms a game plays with.
//!
//! Each mechanism's rules live in a module of their own (abbeys in `abbey.rs`, hills in
//! `hills.rs`, vineyards in scoring); the game asks this set, built once when the game is set
//! up ([`MechanismSet::in_play`]: from the files in play and the rules), whether to apply them.
//! A new mechanism is a variant of [`Mechanism`], a bit here, a module with its state and
//! rules, and a call from the hook of the turn it acts in (the list is in `turn.rs`).

use crate::model::{Mechanism, Rules};

/// A set of mechanisms, one bit each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MechanismSet(u8);

/// Every mechanism, in declaration order.
const ALL: [Mechanism; 3] = [Mechanism::Abbey, Mechanism::Hills, Mechanism::Vineyards];

impl MechanismSet {
    /// The mechanisms a game plays with: those the tile sets and expansion files in play
    /// switch on (`switched_on`), as `rules` allow. This is where a rule value switching a
    /// mechanism off will be read; no rule value does yet, so every one switched on plays.
    pub fn in_play(switched_on: impl IntoIterator<Item = Mechanism>, rules: &Rules) -> MechanismSet {
        let _: &Rules = rules;
        MechanismSet::of(switched_on)
    }

    /// The set of exactly these mechanisms.
    pub fn of(switched_on: impl IntoIterator<Item = Mechanism>) -> MechanismSet {
        MechanismSet(switched_on.into_iter().fold(0, |bits, m| bits | bit(m)))
    }

    /// Whether `mechanism` is in the set.
    #[inline]
    pub fn contains(self, mechanism: Mechanism) -> bool {
        self.0 & bit(mechanism) != 0
    }

    /// The mechanisms in the set, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = Mechanism> {
        ALL.into_iter().filter(move |&m| self.contains(m))
    }
}

/// The bit of `mechanism` (a match, so that a new mechanism cannot be left without one).
#[inline]
const fn bit(mechanism: Mechanism) -> u8 {
    match mechanism {
        Mechanism::Abbey => 1,
        Mechanism::Hills => 2,
        Mechanism::Vineyards => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_it_was_built_of() {
        let set = MechanismSet::of([Mechanism::Vineyards, Mechanism::Abbey, Mechanism::Abbey]);
        assert!(set.contains(Mechanism::Abbey) && set.contains(Mechanism::Vineyards));
        assert!(!set.contains(Mechanism::Hills));
        assert_eq!(set.iter().collect::<Vec<_>>(), [Mechanism::Abbey, Mechanism::Vineyards]);
        assert_eq!(MechanismSet::of([]).iter().count(), 0);
    }

    #[test]
    fn every_mechanism_has_a_bit_of_its_own() {
        let all = MechanismSet::of(ALL);
        assert_eq!(all.0.count_ones() as usize, ALL.len());
        assert_eq!(all.iter().collect::<Vec<_>>(), ALL);
    }
}
