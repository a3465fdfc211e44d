//! Hills & Sheep's vineyards: a monastery (or garden) completed in play scores the `vineyard`
//! value for each tile with a vineyard among the eight around it; never at the end.
//!
//! Hook: the points of a scored feature.

use super::Mechanism;
use crate::game::{FeatureScore, Game, GameDef};
use crate::model::{FeatureKind, Mechanism as FileMechanism};

/// Vineyards keep no state: what they pay is on the table.
#[derive(Debug, Clone, Default)]
pub struct Vineyards;

impl Mechanism for Vineyards {
    const NAME: &'static str = "vineyards";

    fn in_play(def: &GameDef) -> bool {
        def.mechanisms().contains(FileMechanism::Vineyards)
    }

    fn new(_def: &GameDef) -> Vineyards {
        Vineyards
    }

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
        score.vineyards = vineyards;
        *points = points.saturating_add(u32::from(vineyards).saturating_mul(game.def.rules.scoring.vineyard));
    }
}
