//! The flow of turns: choosing between drawing and placing a held tile, drawing (discarding
//! tiles that fit nowhere), the scoring step, and the end of the game under each abbey rule.

use super::{Action, Event, Game, MAX_HELD_TYPES, Phase};
use crate::model::{AbbeyEndgame, Mechanism};

impl Game {
    /// Hills & Sheep: a hill tile is placed on top of the next tile of the pile, which leaves
    /// the game unseen (nothing when the hill tile was the last).
    pub(super) fn bury_under_hill(&mut self, tile: u16, events: &mut Vec<Event>) {
        if self.def.tables.tiles[tile as usize].hill
            && self.def.mechanisms.contains(&Mechanism::Hills)
            && let Some(buried) = self.pile.pop()
        {
            self.under_hills += 1;
            events.push(Event::TileUnderHill { tile: buried });
        }
    }

    /// Tiles that went under hill tiles.
    pub fn under_hills(&self) -> u32 {
        self.under_hills
    }

    /// The scoring step after a deployment (or a pass): completed features, barns meeting
    /// farmers, shepherds, wagons, then the next turn.
    #[inline]
    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        let pending = std::mem::take(&mut self.pending);
        for &node in &pending {
            self.score_completed(node, events);
        }
        self.pending = pending;
        self.pending.clear();
        if let Phase::Deploy { placed } = self.phase
            && self.has_barns()
        {
            self.score_barn_meetings(placed, events);
        }
        if !self.flocks.is_empty() || self.shepherd_deployed.is_some() {
            self.shepherds_after_placement();
        }
        self.after_shepherds(events);
    }

    /// The rest of the scoring step once shepherds are settled: wagons, then the next turn.
    #[inline(always)]
    pub(super) fn after_shepherds(&mut self, events: &mut Vec<Event>) {
        if !self.shepherd_choices.is_empty() {
            self.phase = Phase::Shepherd;
            return;
        }
        if !self.closing_fields.is_empty() {
            self.guide_closed_fields(events);
        }
        self.order_wagons();
        self.next_wagon_or_end(events);
    }

    /// Starts the current player's turn: a choice when they may place a tile they hold, else a
    /// draw; once the pile is empty, the abbey end-game rule decides who may still play.
    pub(super) fn begin_turn(&mut self, events: &mut Vec<Event>) {
        if !self.pile.is_empty() {
            if self.can_place_held() {
                self.phase = Phase::Choose {
                    may_draw: true,
                    may_pass: false,
                };
            } else {
                self.draw(events);
            }
            return;
        }
        let players = self.players.len() as u8;
        match self.def.rules.switches.abbey_endgame {
            AbbeyEndgame::None => {}
            AbbeyEndgame::FinalRound => {
                // One chance each, from the player after the one who placed the last land tile.
                let mut left = *self.endgame_left.get_or_insert(players);
                while left > 0 {
                    left -= 1;
                    self.endgame_left = Some(left);
                    if self.offer_held_or_move_on(true) {
                        return;
                    }
                }
            }
            AbbeyEndgame::UntilNoneCan => {
                // Play goes on while anyone can place; a player who can must.
                for _ in 0..players {
                    if self.offer_held_or_move_on(false) {
                        return;
                    }
                }
            }
        }
        self.finish(events);
    }

    /// After the last land tile: if the current player can place a held tile, offers it
    /// (`may_pass`: placing it is optional) and returns true; else play passes to the next.
    fn offer_held_or_move_on(&mut self, may_pass: bool) -> bool {
        if self.can_place_held() {
            self.phase = Phase::Choose {
                may_draw: false,
                may_pass,
            };
            return true;
        }
        self.pass_to_next_player();
        false
    }

    /// Whether the current player holds a tile that fits somewhere now.
    #[inline]
    pub(super) fn can_place_held(&self) -> bool {
        let held = &self.players[self.current as usize].held;
        self.def
            .held
            .iter()
            .take(MAX_HELD_TYPES)
            .enumerate()
            .any(|(i, &(tile, _))| held[i] > 0 && self.fits_somewhere(tile))
    }

    /// Placements of the tiles the current player holds, appended to `out`.
    pub(super) fn held_placements_into(&self, out: &mut Vec<Action>) {
        let held = self.players[self.current as usize].held;
        for (i, &(tile, _)) in self.def.held.iter().take(MAX_HELD_TYPES).enumerate() {
            if held[i] > 0 {
                self.each_placement(tile, |p| {
                    out.push(Action::PlaceHeld {
                        tile,
                        x: p.x,
                        y: p.y,
                        rotation: p.rotation,
                    })
                });
            }
        }
    }

    /// Final scoring (unless switched off for a hand-built position), then the game is over.
    pub(super) fn finish(&mut self, events: &mut Vec<Event>) {
        if self.final_scoring {
            self.score_end(events);
        }
        self.phase = Phase::Over;
        events.push(Event::GameOver);
    }

    /// Draws until a tile fits somewhere; at the end of the pile, goes on to the end game.
    pub(super) fn draw(&mut self, events: &mut Vec<Event>) {
        while let Some(tile) = self.pile.pop() {
            if self.fits_somewhere(tile) {
                self.phase = Phase::Place { tile };
                return;
            }
            self.discarded += 1;
            events.push(Event::TileDiscarded { tile });
        }
        self.begin_turn(events);
    }
}
