//! Figures that add to their owner's field (`effect = { field-bonus-per-city = n }`): a player
//! who scores a field as its majority, with a figure of such a type among the field's figures,
//! scores `n` more per completed city counted. Several such figures of one type and one player
//! in the field add it once; each type adds its own.
//!
//! Readings: the bonus follows the field's points however they are paid. Per field at the end
//! (3 per city become 3 + n); under per-city farm scoring each city pays its majority of all
//! the fields around it once, and the bonus goes to a winner with such a figure in any of those
//! fields (one city: `n`); when a barn meets farmers, a winner with such a figure there scores
//! the bonus on the barn meeting's cities. A barn's own scoring at the end pays its owner, not a
//! field's majority, and gets no bonus.
//!
//! Hook: `field_scored`, after each award to a field's majority.

use super::Mechanism;
use crate::game::{Event, FigureType, FigureTypes, GameDef, MAX_FIGURE_TYPES, Play, Players, Reason};
use crate::model::FigureEffect;

/// The bonus per city of each figure type (0: none).
#[derive(Debug, Clone, Default)]
pub struct FieldBonuses {
    per_city: [u32; MAX_FIGURE_TYPES],
    /// The types with a bonus (bit `f` for type `f`).
    types: FigureTypes,
}

/// The bonus per city that figure type `figure` gives, if any.
fn bonus_of(figure: &FigureType) -> Option<u32> {
    match figure.effect {
        Some(FigureEffect::FieldBonusPerCity(points)) => Some(points),
        _ => None,
    }
}

impl Mechanism for FieldBonuses {
    const NAME: &'static str = "field-bonus";

    fn in_play(def: &GameDef) -> bool {
        def.figures().iter().any(|f| bonus_of(f).is_some() && f.count > 0)
    }

    fn new(def: &GameDef) -> FieldBonuses {
        let mut bonuses = FieldBonuses::default();
        for (f, figure) in def.figures().iter().take(MAX_FIGURE_TYPES).enumerate() {
            if let Some(points) = bonus_of(figure) {
                bonuses.per_city[f] = points;
                bonuses.types |= 1 << f;
            }
        }
        bonuses
    }

    /// Nothing changes between games of one definition.
    fn restart(&mut self, _def: &GameDef) {}

    fn field_scored(game: &mut Play<'_, Self>, winners: Players, reason: Reason, node: u32, events: &mut Vec<Event>) {
        let Some((cities, at_end)) = reason.farmers_paid() else {
            return;
        };
        if cities == 0 {
            return;
        }
        // By figure type: the winners with one of its figures among the field's.
        let types = game.own().types;
        let mut holders = [0u8; MAX_FIGURE_TYPES];
        for &i in &game.scratch.on_feature {
            let figure = game.figures[i as usize];
            if types & 1 << figure.figure != 0 && winners.contains(figure.player) {
                holders[usize::from(figure.figure)] |= 1 << figure.player;
            }
        }
        for (figure, players) in holders.into_iter().enumerate().filter(|(_, p)| *p != 0) {
            let points = cities.saturating_mul(game.own().per_city[figure]);
            let reason = Reason::FieldBonus {
                figure: figure as u8,
                cities,
                at_end,
            };
            game.award(Players(players), points, reason, node, events);
        }
    }
}
