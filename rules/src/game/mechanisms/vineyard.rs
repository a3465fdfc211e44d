//! Hills & Sheep's vineyards: a monastery (or garden) completed in play scores the `vineyard`
//! value (declared in the `[values]` of the file switching vineyards on) for each tile with a
//! vineyard among the eight around it; never at the end.
//!
//! Hook: the points of a scored feature.

use super::Mechanism;
use crate::game::{FeatureScore, Game, GameDef, Noun};
use crate::model::{FeatureKind, Mechanism as FileMechanism, keys};

/// Vineyards keep the value they pay (`vineyard` in `[values]`, read once); where they are is
/// on the table.
#[derive(Debug, Clone, Default)]
pub struct Vineyards {
    per_vineyard: u32,
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
        }
    }

    /// Another game of the same definition: the same value.
    fn restart(&mut self, _def: &GameDef) {}

    /// A completed monastery or garden: the vineyards around it.
    #[inline]
    fn score_feature(game: &Game, node: u32, score: &mut FeatureScore, points: &mut u32) {
        if !score.complete || !matches!(score.kind, FeatureKind::Monastery | FeatureKind::Garden) {
            return;
        }
        let placed = game.board.placed[game.features.node(node).placed as usize];
        let vineyards: u16 = game
            .board
            .around(i32::from(placed.x), i32::from(placed.y))
            .map(|placed| u16::from(game.def.tables.tiles[game.board.placed[placed].tile as usize].vineyard))
            .sum();
        score.count_extra::<Vineyards>(vineyards);
        *points = points.saturating_add(u32::from(vineyards).saturating_mul(game.mechanisms.vineyard.per_vineyard));
    }
}
