//! Abbey & Mayor's abbeys, and any tile the players hold rather than draw: on their turn a
//! player may place one instead of drawing, and once the pile is empty the `abbey-endgame`
//! switch says who may still place one.

use super::{Action, ActionError, Event, Game, MAX_HELD_TYPES, Phase};
use crate::model::AbbeyEndgame;

/// The abbey end game of a game.
#[derive(Debug, Clone, Default)]
pub(super) struct AbbeyState {
    /// In the final round: players still to be offered a placement.
    endgame_left: Option<u8>,
}

impl Game {
    /// Once the pile is empty: offers the current or a later player a held tile, as the abbey
    /// end-game rule allows, and returns true; false when nobody may place one any more.
    pub(super) fn offer_abbey_endgame(&mut self) -> bool {
        let players = self.players.len() as u8;
        match self.def.rules.switches.abbey_endgame {
            AbbeyEndgame::None => false,
            AbbeyEndgame::FinalRound => {
                // One chance each, from the player after the one who placed the last land tile.
                let mut left = *self.abbey.endgame_left.get_or_insert(players);
                while left > 0 {
                    left -= 1;
                    self.abbey.endgame_left = Some(left);
                    if self.offer_held_or_move_on(true) {
                        return true;
                    }
                }
                false
            }
            // Play goes on while anyone can place; a player who can must.
            AbbeyEndgame::UntilNoneCan => (0..players).any(|_| self.offer_held_or_move_on(false)),
        }
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

    /// Places a tile the current player holds at `(x, y)`, turned `rotation`, and goes on to
    /// deployment.
    pub(super) fn place_held(
        &mut self,
        tile: u16,
        x: i16,
        y: i16,
        rotation: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        let Some(slot) = self
            .def
            .held
            .iter()
            .position(|&(t, _)| t == tile)
            .filter(|&i| i < MAX_HELD_TYPES)
        else {
            return Err(ActionError::WrongStep("that tile is not one the players hold"));
        };
        if self.players[self.current as usize].held[slot] == 0 {
            return Err(ActionError::WrongStep("you hold no such tile any more"));
        }
        if !self.fits_at(tile, x, y, rotation) {
            return Err(ActionError::IllegalPlacement { x, y, rotation });
        }
        self.players[self.current as usize].held[slot] -= 1;
        let placed = self.place_tile(tile, x, y, rotation);
        events.push(Event::TilePlaced {
            player: self.current,
            tile,
            x,
            y,
            rotation,
        });
        self.phase = Phase::Deploy { placed };
        Ok(())
    }
}
