//! The flow of turns: choosing between drawing and placing a held tile, drawing (discarding
//! tiles that fit nowhere), the scoring step, and the end of the game under each abbey rule.
//!
//! # Hook points
//!
//! A turn runs these steps in this order; each names where it is called and which mechanism
//! acts there. A step that waits for a player sets a [`Phase`] and resumes from
//! [`Game::apply`]; the random policy's shortcuts (`place_at_random`, `deploy_at_random`) call
//! the same functions.
//!
//! 1. **Choose** ([`Game::begin_turn`]): abbeys (`abbey.rs`: `can_place_held`, then
//!    `place_held` from [`Phase::Choose`]), else [`Game::draw`], which discards tiles that fit
//!    nowhere.
//! 2. **Place** (`placement.rs`: `place_drawn`): the tile goes down (`place_tile` joins its
//!    features and notes what it completed), then hills (`hills.rs`: `bury_under_hill`).
//! 3. **Deploy** ([`Phase::Deploy`], `deploy.rs`): options and checks per figure type; every
//!    figure goes onto the table through `stand` (barns note their field); barns deploy on a
//!    corner (`barn.rs`: `barn_options_into`, `deploy_barn`); a shepherd draws at once
//!    (`shepherd.rs`: `shepherd_arrives`).
//! 4. **Score** ([`Game::end_turn`]): completed features (`scoring.rs`: `score_completed`;
//!    vineyards and the hill tie-break act inside it); wagons there wait instead of going home.
//! 5. **Barns** (`end_turn`): `barn.rs`: `score_barn_meetings`.
//! 6. **Shepherds** (`end_turn`, then [`Game::after_shepherds`]): `shepherd.rs`:
//!    `shepherds_after_placement`, the owner's choice in [`Phase::Shepherd`]
//!    (`shepherd_choice`), then `guide_closed_fields`.
//! 7. **Wagons** (`after_shepherds`): `wagon.rs`: `order_wagons`, then `next_wagon_or_end`, each
//!    waiting wagon in [`Phase::MoveWagon`] (`move_wagon`).
//! 8. **Next** (`next_wagon_or_end`): [`Game::pass_to_next_player`], then `begin_turn`. With
//!    the pile empty, `begin_turn` asks the abbey end game (`abbey.rs`: `offer_abbey_endgame`),
//!    then [`Game::finish`] scores the end (`scoring.rs`: `score_end`, barns last).
//!
//! A new mechanism (say, the River) is a module with its state and functions, a bit in
//! [`MechanismSet`](super::MechanismSet) that its calls test, and a call at one of these
//! steps; a step that waits for a player also needs a [`Phase`], its actions in
//! [`Game::legal_actions_into`] and its arm in [`Game::apply`].

use super::{Event, Game, Phase};

impl Game {
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
        if self.shepherds.are_active() {
            self.shepherds_after_placement();
        }
        self.after_shepherds(events);
    }

    /// The rest of the scoring step once shepherds are settled: wagons, then the next turn.
    #[inline(always)]
    pub(super) fn after_shepherds(&mut self, events: &mut Vec<Event>) {
        if self.shepherds.must_choose() {
            self.phase = Phase::Shepherd;
            return;
        }
        if self.shepherds.have_closing_fields() {
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
        if !self.offer_abbey_endgame() {
            self.finish(events);
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

    /// Play passes to the next seat (counting up rather than dividing: this runs every turn).
    pub(super) fn pass_to_next_player(&mut self) {
        self.current += 1;
        if usize::from(self.current) >= self.players.len() {
            self.current = 0;
        }
    }
}
