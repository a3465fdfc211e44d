//! Marks: roads and cities the files mark (`marks = ["inn"]` on a tile's feature) score the
//! mark's values instead of the plain ones. One generic mechanism for every mark the files
//! declare; the engine knows none by name.
//!
//! A mark belongs to the whole feature: joined features keep the marks of every part, and a
//! mark counts once however many tiles carry it. The rule, per unit (tile or segment, pennant)
//! of a feature completed in play or incomplete at the end:
//!
//! - one mark: the feature scores exactly the mark's values (a pennant value the mark leaves
//!   out is the rule set's plain one);
//! - beside it, what the plain scoring does differently (the tiny-city rule scoring a completed
//!   city of two segments) stays: each mark adds its difference from the plain value
//!   (`city-per-segment`, `city-per-pennant`, `road-per-tile` and their `-final` forms) to what
//!   the feature scores without marks. This is the reading published implementations take for
//!   a two-segment cathedral city under the first edition's tiny-city rule (its tiny-city values
//!   plus the cathedral's extra 1 per segment and pennant);
//! - several different marks of one kind (no bundled set has two): their differences add up
//!   the same way. A feature never scores below 0.
//!
//! The marks of a feature are gathered when it scores, in the same walk over its members as
//! its size (`FeatureScore::marks`): a game whose tiles carry no mark that plays never calls
//! this.
//!
//! Hook: the points of a scored feature.

use super::Mechanism;
use crate::game::{FeatureScore, Game, GameDef};
use crate::model::FeatureKind;

/// Marks keep no state: what a feature carries is on the table.
#[derive(Debug, Clone, Default)]
pub struct Marks;

impl Mechanism for Marks {
    const NAME: &'static str = "marks";

    fn in_play(def: &GameDef) -> bool {
        def.marks_in_play != 0
    }

    fn new(_def: &GameDef) -> Marks {
        Marks
    }

    /// A road or city carrying marks that play: their values replace the plain ones.
    #[inline]
    fn score_feature(game: &Game, _node: u32, score: &mut FeatureScore, points: &mut u32) {
        // The core gathered the marks that play with the feature's size.
        let marks = score.marks;
        if marks == 0 {
            return;
        }
        let scoring = &game.def.rules.scoring;
        let (plain_tile, plain_pennant) = match (score.kind, score.complete) {
            (FeatureKind::Road, true) => (scoring.road_per_tile, 0),
            (FeatureKind::Road, false) => (scoring.road_per_tile_final, 0),
            (_, true) => (scoring.city_per_segment, scoring.city_per_pennant),
            (_, false) => (scoring.city_per_segment_final, scoring.city_per_pennant_final),
        };
        let (tiles, pennants) = (i64::from(score.tiles), i64::from(score.pennants));
        let mut total = i64::from(*points);
        let mut rest = marks;
        while rest != 0 {
            let mark = &game.def.marks[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            let values = if score.complete { mark.complete } else { mark.incomplete };
            // A mark that only acts (a princess) scores as a plain feature.
            let Some(values) = values else {
                continue;
            };
            let per_pennant = values.per_pennant.unwrap_or(plain_pennant);
            total += tiles * (i64::from(values.per_tile) - i64::from(plain_tile))
                + pennants * (i64::from(per_pennant) - i64::from(plain_pennant));
        }
        *points = total.clamp(0, i64::from(u32::MAX)) as u32;
    }
}
