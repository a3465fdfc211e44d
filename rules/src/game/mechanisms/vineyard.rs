//! Hills & Sheep's vineyards: a monastery completed in play scores the `vineyard` value
//! (declared in the `[values]` of the file switching vineyards on) for each tile with a
//! vineyard among the eight around it, a garden the `vineyard-garden` value; never at the end.
//!
//! The rulebook names monasteries only. A garden's vineyards pay nothing unless a rule set
//! gives `vineyard-garden` (Hills & Sheep declares 0), which is how JCloisterZone plays it by
//! default, with its `vineyards-for-garden` rule as the variant.
//!
//! Hook: the points of a scored feature.

use super::Mechanism;
use crate::game::{FeatureScore, Game, GameDef, Noun};
use crate::model::{FeatureKind, Mechanism as FileMechanism, keys};

/// Vineyards keep the values they pay (`vineyard` and `vineyard-garden` in `[values]`, read
/// once); where they are is on the table.
#[derive(Debug, Clone, Default)]
pub struct Vineyards {
    per_vineyard: u32,
    per_vineyard_by_a_garden: u32,
}

impl Mechanism for Vineyards {
    const NAME: &'static str = "vineyards";

    const EXTRA: Option<Noun> = Some(Noun {
        one: "vineyard",
        many: "vineyards",
    });

    fn in_play(def: &GameDef) -> bool {
        def.mechanisms().contains(FileMechanism::Vineyards)
    }

    fn new(def: &GameDef) -> Vineyards {
        Vineyards {
            per_vineyard: def.value(keys::VINEYARD),
            per_vineyard_by_a_garden: def.value(keys::VINEYARD_GARDEN),
        }
    }

    /// Another game of the same definition: the same value.
    fn restart(&mut self, _def: &GameDef) {}

    /// A completed monastery (or garden, when its vineyards pay): the vineyards around it.
    #[inline]
    fn score_feature(game: &Game, node: u32, score: &mut FeatureScore, points: &mut u32) {
        let own = &game.mechanisms.vineyard;
        let per_vineyard = match score.kind {
            FeatureKind::Monastery => own.per_vineyard,
            FeatureKind::Garden if own.per_vineyard_by_a_garden > 0 => own.per_vineyard_by_a_garden,
            _ => return,
        };
        if !score.complete {
            return;
        }
        let placed = game.board.placed[game.features.node(node).placed as usize];
        let vineyards: u16 = game
            .board
            .around(i32::from(placed.x), i32::from(placed.y))
            .map(|placed| u16::from(game.def.tables.tiles[game.board.placed[placed].tile as usize].vineyard))
            .sum();
        score.count_extra::<Vineyards>(vineyards);
        *points = points.saturating_add(u32::from(vineyards).saturating_mul(per_vineyard));
    }
}
