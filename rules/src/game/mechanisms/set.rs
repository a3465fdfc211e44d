//! Which of the files' mechanisms a game plays with, and the house rules that leave figures out.
//!
//! The tile sets and expansion files switch mechanisms on by name (`mechanisms = ["hills"]`);
//! [`MechanismSet::in_play`] keeps those the rules do not switch off, once when the game is set
//! up. House rules switch mechanisms off by rule values (`[switches]`: `hills`, `vineyards`,
//! `abbeys` for the files' mechanisms; `farmers`, `mayor`, `wagon`, `barn`, `shepherd` for
//! figures, through [`apply_switches`]). Both are decided once at setup: a switched-off
//! mechanism is simply absent, so no turn tests a switch.

use crate::game::setup::{FigureType, kind_bit};
use crate::model::{FeatureKind, FigureMechanism, Mechanism, NamedStrength, Role, Rules, Strength, Switches};

/// A set of mechanisms, one bit each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MechanismSet(u8);

/// Every mechanism, in declaration order.
const ALL: [Mechanism; 6] = [
    Mechanism::Abbey,
    Mechanism::Hills,
    Mechanism::Vineyards,
    Mechanism::Dragon,
    Mechanism::Portals,
    Mechanism::Fairy,
];

impl MechanismSet {
    /// The mechanisms a game plays with: those the tile sets and expansion files in play
    /// switch on (`switched_on`) that `rules` do not switch off. A tile of a mechanism left
    /// out is drawn and placed as plain land.
    pub fn in_play(switched_on: impl IntoIterator<Item = Mechanism>, rules: &Rules) -> MechanismSet {
        let switches = &rules.switches;
        MechanismSet::of(switched_on.into_iter().filter(|&m| match m {
            Mechanism::Abbey => switches.abbeys,
            Mechanism::Hills => switches.hills,
            Mechanism::Vineyards => switches.vineyards,
            Mechanism::Dragon | Mechanism::Portals | Mechanism::Fairy => true,
        }))
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

/// Whether the players hold the tiles the files give them (abbeys) with these mechanisms.
pub fn tiles_held(mechanisms: MechanismSet) -> bool {
    mechanisms.contains(Mechanism::Abbey)
}

/// Whether the files' bag of tokens is drawn from under these `switches` (by shepherds).
pub fn bag_drawn(switches: &Switches) -> bool {
    switches.shepherd
}

/// Applies the `switches` to `figure`: none in anyone's supply (count 0) when its mechanism is
/// switched off (the mayor is the figure whose strength is the city's pennants), and no
/// fields to stand on when farmers are (then none of a follower left with nowhere to stand).
/// Special figures keep fields: the shepherd is no farmer. A figure left out keeps its place
/// among the figure types, so figure indices are the same under every house rule.
pub fn apply_switches(figure: &mut FigureType, switches: &Switches) {
    let on = match figure.mechanism {
        Some(FigureMechanism::MovesAfterScoring) => switches.wagon,
        Some(FigureMechanism::Barn) => switches.barn,
        Some(FigureMechanism::Shepherd) => switches.shepherd,
        None => true,
    };
    let mayor = figure.strength == Strength::Named(NamedStrength::Pennants);
    if figure.role == Role::Follower && !switches.farmers && figure.stands_on != 0 {
        figure.stands_on &= !kind_bit(FeatureKind::Field);
        if figure.stands_on == 0 {
            figure.count = 0;
        }
    }
    if !on || (mayor && !switches.mayor) {
        figure.count = 0;
    }
}

/// The bit of `mechanism` (a match, so that a new mechanism cannot be left without one).
#[inline]
const fn bit(mechanism: Mechanism) -> u8 {
    match mechanism {
        Mechanism::Abbey => 1,
        Mechanism::Hills => 2,
        Mechanism::Vineyards => 4,
        Mechanism::Dragon => 8,
        Mechanism::Portals => 16,
        Mechanism::Fairy => 32,
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
