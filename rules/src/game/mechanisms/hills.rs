//! Hills & Sheep's hills: a hill tile is laid on top of the next tile of the pile, which
//! leaves the game unseen, and followers on hill tiles break ties for a road, city or field.
//!
//! Hooks: after placement (the tile under the hill) and the majority's tie-break.

use super::Mechanism;
use crate::game::{Event, GameDef, Play, Players};
use crate::model::{FeatureKind, HillTiebreak, Mechanism as FileMechanism};

/// The hills of a game.
#[derive(Debug, Clone, Default)]
pub struct Hills {
    /// Tiles that went under hill tiles, out of the game.
    under: u32,
    /// Ties that followers on hills broke.
    tie_breaks: u32,
}

impl Hills {
    /// Tiles that went under hill tiles.
    pub fn under(&self) -> u32 {
        self.under
    }

    /// Majorities so far whose tie followers on hills broke (leaving fewer players scoring).
    pub fn tie_breaks(&self) -> u32 {
        self.tie_breaks
    }
}

impl Mechanism for Hills {
    const NAME: &'static str = "hills";

    fn in_play(def: &GameDef) -> bool {
        def.mechanisms().contains(FileMechanism::Hills)
    }

    fn new(_def: &GameDef) -> Hills {
        Hills::default()
    }

    #[inline]
    fn after_placement(game: &mut Play<'_, Self>, tile: u16, events: &mut Vec<Event>) {
        game.bury_under_hill(tile, events);
    }

    #[inline]
    fn break_tie(game: &mut Play<'_, Self>, tied: Players) -> Players {
        game.break_tie_on_hills(tied)
    }
}

impl Play<'_, Hills> {
    /// Hills & Sheep: a hill tile is placed on top of the next tile of the pile, which leaves
    /// the game unseen (nothing when the hill tile was the last).
    fn bury_under_hill(&mut self, tile: u16, events: &mut Vec<Event>) {
        if self.def.tables.tiles[tile as usize].hill
            && let Some(buried) = self.take_next_tile()
        {
            self.own_mut().under += 1;
            events.push(Event::TileUnderHill { tile: buried });
        }
    }

    /// Hills & Sheep: among players tied for a road, city or field, their gathered followers on
    /// hill tiles decide, as the `hill-tiebreak` switch says.
    ///
    /// Ruling: only a follower that counts in the majority (strength above 0) can break a tie.
    /// A mayor in a city without pennants counts as if no figure stood there (A&M new edition,
    /// the publisher's answer on a mayor without pennants), so on a hill tile it breaks no tie,
    /// under either `hill-tiebreak`, and adds nothing to `count-on-hill`'s count.
    fn break_tie_on_hills(&mut self, tied: Players) -> Players {
        let mut on_hills = [0u32; 8];
        for k in 0..self.scratch.on_feature.len() {
            let figure = self.figures[self.scratch.on_feature[k] as usize];
            let node = self.features.node(figure.node);
            if node.kind == FeatureKind::Monastery || !self.is_follower(figure.figure) || !tied.contains(figure.player)
            {
                continue;
            }
            let on_hill = self.def.tables.tiles[self.board.placed[node.placed as usize].tile as usize].hill;
            if on_hill && self.strength_of(figure.figure, figure.node) > 0 {
                on_hills[figure.player as usize] += 1;
            }
        }
        let most = match self.def.rules.switches.hill_tiebreak {
            // Any follower on a hill counts the same: the tie stands when all or none have one.
            HillTiebreak::AnyOnHill => on_hills.map(|n| n.min(1)),
            HillTiebreak::CountOnHill => on_hills,
        };
        let best = tied.iter().map(|p| most[p as usize]).max().unwrap_or(0);
        if best == 0 {
            return tied;
        }
        let broken = Players(
            tied.iter()
                .filter(|&p| most[p as usize] == best)
                .fold(0, |mask, p| mask | (1 << p)),
        );
        if broken != tied {
            self.own_mut().tie_breaks += 1;
        }
        broken
    }
}
