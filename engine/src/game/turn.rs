//! The flow of turns: choosing between drawing and placing a held tile, drawing (discarding
//! tiles that fit nowhere), the scoring step, and the end of the game under each abbey rule.

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
