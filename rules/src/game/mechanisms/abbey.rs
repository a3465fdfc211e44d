//! Abbey & Mayor's abbeys, and any tile the players hold rather than draw: on their turn a
//! player may place one instead of drawing, and once the pile is empty the `abbey-endgame`
//! switch says who may still place one.
//!
//! Hooks: the turn's start ([`Phase::Choose`] when a held tile fits, and the end game), and
//! the actions of [`Phase::Choose`] (draw, place a held tile, pass in the final round).

use super::{Flow, Mechanism};
use crate::game::{Action, ActionError, Event, Game, GameDef, Phase, Play};
use crate::limits::{MAX_HELD_TYPES, MAX_PLAYERS};
use crate::model::{AbbeyEndgame, Mechanism as FileMechanism};

/// The tiles each player holds, and the abbey end game of a game.
#[derive(Debug, Clone, Default)]
pub struct Abbey {
    /// By seat: tiles held, by index into [`GameDef::held`].
    held: [[u8; MAX_HELD_TYPES]; MAX_PLAYERS],
    /// In the final round: players still to be offered a placement.
    endgame_left: Option<u8>,
}

impl Abbey {
    /// The tiles the player in seat `seat` holds, by index into [`GameDef::held`] (none for a
    /// seat not in the game, or without abbeys in play).
    pub fn held(&self, seat: u8) -> &[u8] {
        self.held.get(usize::from(seat)).map_or(&[], |held| held.as_slice())
    }
}

impl Mechanism for Abbey {
    const NAME: &'static str = "abbey";

    fn in_play(def: &GameDef) -> bool {
        def.mechanisms().contains(FileMechanism::Abbey)
    }

    /// Every seat holds the tiles the rules give.
    fn new(def: &GameDef) -> Abbey {
        let mut held = [0u8; MAX_HELD_TYPES];
        for (i, &(_, count)) in def.held.iter().take(MAX_HELD_TYPES).enumerate() {
            held[i] = count;
        }
        Abbey {
            held: [held; MAX_PLAYERS],
            endgame_left: None,
        }
    }

    /// While there are tiles to draw, the current player may place a held tile that fits
    /// instead; once the pile is empty, the end-game rule says who may still place one.
    #[inline]
    fn turn_begins(game: &mut Play<'_, Self>, _events: &mut Vec<Event>) -> Flow {
        let waits = if game.pile.is_empty() {
            game.offer_abbey_endgame()
        } else if game.can_place_held() {
            game.set_phase(Phase::Choose {
                may_draw: true,
                may_pass: false,
            });
            true
        } else {
            false
        };
        if waits { Flow::Wait } else { Flow::Continue }
    }

    fn legal_actions(game: &Game, out: &mut Vec<Action>) {
        if let Phase::Choose { may_draw, may_pass } = game.phase {
            if may_draw {
                out.push(Action::Draw);
            }
            if may_pass {
                out.push(Action::Pass);
            }
            game.held_placements_into(out);
        }
    }

    #[inline]
    fn apply(game: &mut Play<'_, Self>, action: Action, events: &mut Vec<Event>) -> Option<Result<(), ActionError>> {
        let Phase::Choose { may_draw, may_pass } = game.phase else {
            return None;
        };
        Some(match action {
            Action::Draw if may_draw => {
                game.record(action);
                game.resume_turn(events);
                Ok(())
            }
            Action::Pass if may_pass => {
                game.record(action);
                game.next_turn(events);
                Ok(())
            }
            Action::PlaceHeld { tile, x, y, rotation } => game.place_held(tile, x, y, rotation, events).map(|()| {
                game.record(action);
            }),
            _ => Err(ActionError::WrongStep(
                "draw, place a tile you hold, or pass where allowed",
            )),
        })
    }

    fn prompt(phase: Phase) -> Option<String> {
        let Phase::Choose { may_draw, may_pass } = phase else {
            return None;
        };
        let mut text = String::from("Place your abbey in a highlighted hole");
        if may_draw {
            text += ", or draw a tile";
        }
        if may_pass {
            text += ", or pass";
        }
        Some(text + ".")
    }

    fn action_words(phase: Phase, action: Action) -> Option<&'static str> {
        match (phase, action) {
            (Phase::Choose { may_draw: true, .. }, Action::Draw) => Some("Draw a tile"),
            (Phase::Choose { may_pass: true, .. }, Action::Pass) => Some("Pass"),
            _ => None,
        }
    }
}

impl Play<'_, Abbey> {
    /// Once the pile is empty: offers the current or a later player a held tile, as the abbey
    /// end-game rule allows, and returns true; false when nobody may place one any more.
    fn offer_abbey_endgame(&mut self) -> bool {
        let players = self.players.len() as u8;
        match self.def.rules.switches.abbey_endgame {
            AbbeyEndgame::None => false,
            AbbeyEndgame::FinalRound => {
                // One chance each, from the player after the one who placed the last land tile.
                let mut left = *self.own_mut().endgame_left.get_or_insert(players);
                while left > 0 {
                    left -= 1;
                    self.own_mut().endgame_left = Some(left);
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
            self.set_phase(Phase::Choose {
                may_draw: false,
                may_pass,
            });
            return true;
        }
        self.pass_to_next_player();
        false
    }

    /// Places a tile the current player holds at `(x, y)`, turned `rotation`, and goes on to
    /// deployment.
    fn place_held(
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
        let seat = usize::from(self.current);
        if self.own().held[seat][slot] == 0 {
            return Err(ActionError::WrongStep("you hold no such tile any more"));
        }
        if !self.fits_at(tile, x, y, rotation) {
            return Err(ActionError::IllegalPlacement { x, y, rotation });
        }
        self.own_mut().held[seat][slot] -= 1;
        let placed = self.place_tile(tile, x, y, rotation);
        events.push(Event::TilePlaced {
            player: self.current,
            tile,
            x,
            y,
            rotation,
        });
        self.set_phase(Phase::Deploy { placed });
        Ok(())
    }
}

impl Game {
    /// Whether the current player holds a tile that fits somewhere now.
    #[inline]
    fn can_place_held(&self) -> bool {
        let held = &self.mechanisms.abbey.held[usize::from(self.current)];
        self.def
            .held
            .iter()
            .take(MAX_HELD_TYPES)
            .enumerate()
            .any(|(i, &(tile, _))| held[i] > 0 && self.fits_somewhere(tile))
    }

    /// Placements of the tiles the current player holds, appended to `out`.
    fn held_placements_into(&self, out: &mut Vec<Action>) {
        let held = self.mechanisms.abbey.held[usize::from(self.current)];
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
}
