//! The flow of turns: the turn's start, drawing (discarding tiles that fit nowhere), the
//! scoring step, the next turn, and the end of the game.
//!
//! # Hook points
//!
//! A turn runs these steps in this order; each names where it is called and the hook of
//! [`Mechanism`] through which mechanisms act there (each mechanism in play, in registration
//! order: `mechanisms/mod.rs`). A step that waits for a player sets a [`Phase`] and resumes from
//! [`Game::apply`]; the random policy's shortcuts (`place_at_random`, `deploy_at_random`) call
//! the same functions.
//!
//! 1. **Begin** ([`Game::begin_turn`]): `turn_begins` (a mechanism may offer a choice of its own
//!    and wait: an abbey to place, the abbey end game once the pile is empty; a decision to
//!    draw after all resumes with the mechanisms after it, `resume_turn`); else
//!    [`Game::draw`], which offers each tile drawn to `drawn` (a dragon tile drawn before the
//!    dragon came is set aside) and discards tiles that fit nowhere, or with the pile empty
//!    [`Game::finish`].
//! 2. **Place** (`placement.rs`): where the tile may go is the `placement_allowed` of every
//!    mechanism that `restricts` it, as well as its edges; `place_drawn` lays it (`place_tile`
//!    joins its features and notes what it completed), then `after_placement` (a hill covers
//!    a tile).
//! 3. **Deploy** ([`Phase::Deploy`], `deploy.rs`): the common rule's options, then each
//!    mechanism's `deploy_options` for its own figures (a barn on a corner); a mechanism's own
//!    figure types go where its `deploy_own` says, the others where no follower stands and no
//!    mechanism `closes` the feature (a barn's field, to farmers). Every figure goes onto the
//!    table through `stand`; the owner of a figure type hears of its arrival
//!    (`figure_arrives`: a shepherd draws).
//! 4. **Before scoring** ([`Game::end_turn`]): `before_scoring`, which may send figures home
//!    and wait for decisions of its own (the dragon's flight, in a phase of its own); its
//!    `apply` resumes with the mechanisms after it (`resume_before_scoring`).
//! 5. **Score**: completed features (`scoring.rs`: `score_completed`),
//!    with `score_feature` (vineyards), `feature_completed` (printed tokens taken by the
//!    current player) and, for a tie, `break_tie` (hills); a figure leaving a completed
//!    feature may be held by `holds_leaving` (a wagon waits to move). A field's majority paid
//!    (`award_field`: at the end, or a barn meeting) is followed by `field_scored` (a figure's
//!    bonus per city).
//! 6. **After scoring** ([`Game::after_scoring`]): each mechanism's `after_scoring`, which may
//!    score (a barn meeting farmers) and wait for a decision of its own (a shepherd's owner, in
//!    [`Phase::Shepherd`]; each waiting wagon's, in [`Phase::MoveWagon`]); its `apply` takes the
//!    decision and resumes with the mechanisms after it (`resume_after_scoring`).
//! 7. **Next** ([`Game::next_turn`]): [`Game::pass_to_next_player`] unless a mechanism keeps
//!    the turn (`keeps_turn`: an extra turn), then `begin_turn`.
//!    With the pile empty and no mechanism waiting, [`Game::finish`] scores the end
//!    (`scoring.rs`: `score_end`, then each mechanism's `end_of_game`: barns, printed tokens).
//!
//! Actions of a mechanism's own phases are listed and applied by its `legal_actions` and
//! `apply`; the game's lifecycle (new, restart, deal, determinize, clone) reaches every
//! mechanism. A new mechanism is a module in `mechanisms/` implementing
//! [`Mechanism`] and a line in its registration; nothing here changes.
//!
//! [`Mechanism`]: super::mechanisms::Mechanism

use super::{Event, Flow, Game, Phase};

impl Game {
    /// The end of a turn after a deployment (or a pass): the mechanisms' before-scoring hooks
    /// (one may wait), then the scoring step.
    #[inline]
    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.before_scoring(0, events);
    }

    /// The before-scoring hooks of the mechanisms registered at `from` or later, then, unless
    /// one waits for a decision, the scoring step: completed features, the mechanisms'
    /// after-scoring hooks, then the next turn.
    #[inline(always)]
    pub(super) fn before_scoring(&mut self, from: usize, events: &mut Vec<Event>) {
        // This turn's tile is the last placed.
        let placed = (self.board.placed.len() - 1) as u16;
        if self.mechanisms_before_scoring(from, placed, events) == Flow::Wait {
            return;
        }
        let pending = std::mem::take(&mut self.pending);
        for &node in &pending {
            self.score_completed(node, events);
        }
        self.pending = pending;
        self.pending.clear();
        self.after_scoring(0, events);
    }

    /// The after-scoring hooks of the mechanisms registered at `from` or later, then, unless one
    /// waits for a decision, the next turn.
    #[inline(always)]
    pub(super) fn after_scoring(&mut self, from: usize, events: &mut Vec<Event>) {
        // This turn's tile is the last placed.
        let placed = (self.board.placed.len() - 1) as u16;
        if self.mechanisms_after_scoring(from, placed, events) == Flow::Continue {
            self.next_turn(events);
        }
    }

    /// Play passes to the next player, whose turn begins, unless a mechanism keeps the turn
    /// with the current player (`keeps_turn`). Inlined: it runs every turn.
    #[inline(always)]
    pub(super) fn next_turn(&mut self, events: &mut Vec<Event>) {
        if !self.mechanisms_keep_turn(events) {
            self.pass_to_next_player();
        }
        self.begin_turn(events);
    }

    /// Starts the current player's turn: a choice of a mechanism's own if one offers it, else a
    /// draw; once the pile is empty (and no mechanism offers more), the end of the game.
    pub(super) fn begin_turn(&mut self, events: &mut Vec<Event>) {
        self.begin_turn_from(0, events);
    }

    /// [`Game::begin_turn`] with the turn-start hooks of the mechanisms registered at `from` or
    /// later.
    #[inline(always)]
    pub(super) fn begin_turn_from(&mut self, from: usize, events: &mut Vec<Event>) {
        if self.mechanisms_turn_begins(from, events) == Flow::Wait {
            return;
        }
        if self.pile.is_empty() {
            self.finish(events);
        } else {
            self.draw(events);
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
            if self.mechanisms_set_aside(tile, events) {
                continue;
            }
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
