//! Hills & Sheep's shepherd: deployed on a field without a shepherd, it draws a token from the
//! bag at once (sheep join its flock; a wolf sends it home). When its owner's tile extends its
//! field, the owner grows the flock (a wolf scatters every flock of the field) or guides it
//! (every shepherd of the field scores the field's sheep, then goes home). A field closed on
//! every side is guided at once, whatever closes it: an abbey, which joins no field, closes the
//! neighbours' fields it faces. Shepherds score nothing at the end.

use super::{Event, Game, GameDef, Phase, Players, Reason, Rng};
use crate::compile::NO_FEATURE;
use crate::edge::Side;
use crate::model::FeatureKind;

/// The shepherds of a game: the bag, the flocks on the table, and the choices of this turn.
#[derive(Debug, Clone)]
pub(super) struct Shepherds {
    /// The tokens in the bag (sheep by count, 0 for a wolf).
    bag: Vec<u8>,
    /// The tokens beside each shepherd on the table.
    flocks: Vec<Flock>,
    /// Draws fixed in advance (token values), for hand-built positions.
    forced_draws: Vec<u8>,
    /// Random draws from the bag.
    rng: Rng,
    /// Shepherds whose owner chooses to grow or guide this turn (their field nodes).
    choices: Vec<u32>,
    /// The field node of a shepherd deployed this turn (it drew already).
    deployed: Option<u32>,
    /// Fields of the tile placed this turn, guided home after the shepherd choices if closed.
    closing_fields: Vec<u32>,
}

impl Shepherds {
    /// The bag as the rules fill it, no shepherd on the table.
    pub fn new(def: &GameDef) -> Shepherds {
        Shepherds {
            bag: def.bag.clone(),
            flocks: Vec::new(),
            forced_draws: Vec::new(),
            rng: Rng::new(0),
            choices: Vec::new(),
            deployed: None,
            closing_fields: Vec::new(),
        }
    }

    /// Back to [`Shepherds::new`], keeping the memory.
    pub fn reset(&mut self, def: &GameDef) {
        let Shepherds {
            bag,
            flocks,
            forced_draws,
            rng: _,
            choices,
            deployed,
            closing_fields,
        } = self;
        bag.clone_from(&def.bag);
        flocks.clear();
        forced_draws.clear();
        choices.clear();
        *deployed = None;
        closing_fields.clear();
    }

    /// Seeds the bag's draws for the game with shuffle seed `seed`.
    pub fn seed_bag(&mut self, seed: u64) {
        self.rng = Rng::new(seed ^ 0x0005_4EE7_BA60_0000);
    }

    /// Draws from now on are unforeseeable from this state: a new random state from `rng`.
    pub fn reseed_bag(&mut self, rng: &mut Rng) {
        self.rng = Rng::new(rng.next_u64());
    }

    /// Whether any shepherd is on the table or arrived this turn: else the scoring step has
    /// nothing to do for shepherds.
    #[inline]
    pub fn are_active(&self) -> bool {
        !self.flocks.is_empty() || self.deployed.is_some()
    }

    /// Whether a shepherd's owner must choose now.
    #[inline]
    pub fn must_choose(&self) -> bool {
        !self.choices.is_empty()
    }

    /// Whether a field of this turn's tile, closed, waits to be guided home.
    #[inline]
    pub fn have_closing_fields(&self) -> bool {
        !self.closing_fields.is_empty()
    }
}

/// The sheep beside one shepherd.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flock {
    /// Owner.
    pub player: u8,
    /// Figure type of the shepherd.
    pub figure: u8,
    /// The field node the shepherd stands on.
    pub node: u32,
    /// Sheep tokens (values).
    pub sheep: Vec<u8>,
}

impl Game {
    /// Whether the field of `node` has a shepherd.
    pub(super) fn has_shepherd(&self, node: u32) -> bool {
        let root = self.features.root(node);
        self.shepherds.flocks.iter().any(|f| self.features.root(f.node) == root)
    }

    /// Fixes the next draws from the bag (token values, 0 for a wolf), for hand-built positions.
    pub fn force_draws(&mut self, draws: Vec<u8>) {
        self.shepherds.forced_draws = draws;
    }

    /// The tokens still in the bag of sheep and wolves (sheep per token; 0 for a wolf): what
    /// every player can know, in an order that says nothing about the draws to come.
    pub fn bag(&self) -> &[u8] {
        &self.shepherds.bag
    }

    /// Tokens in the bag and in flocks (for invariant checks): always the bag's full count.
    pub fn tokens_accounted(&self) -> usize {
        self.shepherds.bag.len() + self.shepherds.flocks.iter().map(|f| f.sheep.len()).sum::<usize>()
    }

    /// Draws a token: a forced draw if one is queued (and in the bag), else at random.
    fn draw_token(&mut self) -> Option<u8> {
        if !self.shepherds.forced_draws.is_empty() {
            let wanted = self.shepherds.forced_draws.remove(0);
            if let Some(i) = self.shepherds.bag.iter().position(|&t| t == wanted) {
                return Some(self.shepherds.bag.swap_remove(i));
            }
        }
        if self.shepherds.bag.is_empty() {
            return None;
        }
        let i = self.shepherds.rng.below(self.shepherds.bag.len());
        Some(self.shepherds.bag.swap_remove(i))
    }

    /// Whether figure type `figure` is a shepherd.
    pub(super) fn is_shepherd(&self, figure: u8) -> bool {
        self.masks.shepherds & 1 << figure != 0
    }

    /// A shepherd put on a hand-built table: its flock starts empty.
    pub(super) fn lay_shepherd(&mut self, player: u8, figure: u8, node: u32) {
        self.shepherds.flocks.push(Flock {
            player,
            figure,
            node,
            sheep: Vec::new(),
        });
    }

    /// Bag tokens (indices) that make a flock of exactly `sheep` sheep, the largest first;
    /// none when the bag cannot make that many.
    pub(super) fn tokens_making(&self, sheep: u16) -> Option<Vec<usize>> {
        let mut order: Vec<usize> = (0..self.shepherds.bag.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.shepherds.bag[i]));
        let mut left = sheep;
        let mut taken = Vec::new();
        for i in order {
            let token = u16::from(self.shepherds.bag[i]);
            if token != 0 && token <= left {
                left -= token;
                taken.push(i);
            }
        }
        (left == 0).then_some(taken)
    }

    /// Moves bag tokens `tokens` (indices from [`Game::tokens_making`]) to the flock of the
    /// shepherd on `node`.
    pub(super) fn give_flock(&mut self, node: u32, mut tokens: Vec<usize>) {
        // From the highest index, so that the indices still to take stay in place.
        tokens.sort_unstable_by(|a, b| b.cmp(a));
        let Shepherds { bag, flocks, .. } = &mut self.shepherds;
        if let Some(flock) = flocks.iter_mut().find(|f| f.node == node) {
            flock.sheep.extend(tokens.into_iter().map(|i| bag.swap_remove(i)));
        }
    }

    /// A shepherd was just deployed: it draws at once.
    pub(super) fn shepherd_arrives(&mut self, player: u8, figure: u8, node: u32, events: &mut Vec<Event>) {
        self.shepherds.flocks.push(Flock {
            player,
            figure,
            node,
            sheep: Vec::new(),
        });
        self.shepherds.deployed = Some(node);
        self.grow(node, events);
    }

    /// Draws for the flock of the shepherd on `node`: sheep join it; a wolf scatters every flock
    /// of the field.
    fn grow(&mut self, node: u32, events: &mut Vec<Event>) {
        let Some(player) = self.shepherds.flocks.iter().find(|f| f.node == node).map(|f| f.player) else {
            return;
        };
        match self.draw_token() {
            None => {}
            Some(0) => {
                events.push(Event::SheepDrawn { player, sheep: 0 });
                self.shepherds.bag.push(0);
                let root = self.features.root(node);
                self.send_shepherds_home(root, events);
            }
            Some(sheep) => {
                events.push(Event::SheepDrawn { player, sheep });
                if let Some(flock) = self.shepherds.flocks.iter_mut().find(|f| f.node == node) {
                    flock.sheep.push(sheep);
                }
            }
        }
    }

    /// Every shepherd of the field scores the field's sheep, then the flocks go home.
    fn guide(&mut self, root: u32, events: &mut Vec<Event>) {
        let mut owners = Players(0);
        let mut total = 0u32;
        for flock in self
            .shepherds
            .flocks
            .iter()
            .filter(|f| self.features.root(f.node) == root)
        {
            owners.0 |= 1 << flock.player;
            total += flock.sheep.iter().map(|&s| u32::from(s)).sum::<u32>();
        }
        // A bag holds at most 255 tokens of at most 255 sheep (checked when the game is set
        // up), and flocks draw from it: the sheep of a field fit 16 bits.
        let sheep = u16::try_from(total).unwrap_or(u16::MAX);
        self.award(owners, total, Reason::Flocks { sheep }, root, events);
        self.send_shepherds_home(root, events);
    }

    /// Tokens of the field's flocks back into the bag, its shepherds back to their owners.
    fn send_shepherds_home(&mut self, root: u32, events: &mut Vec<Event>) {
        let mut i = 0;
        while i < self.shepherds.flocks.len() {
            if self.features.root(self.shepherds.flocks[i].node) != root {
                i += 1;
                continue;
            }
            let flock = self.shepherds.flocks.remove(i);
            self.shepherds.bag.extend(flock.sheep);
            if let Some(j) = self
                .figures
                .iter()
                .position(|f| f.node == flock.node && f.figure == flock.figure)
            {
                self.figures.remove(j);
            }
            self.back_to_supply(flock.player, flock.figure, flock.node, events);
        }
    }

    /// In the scoring step: the active player's shepherds whose field the tile extended (not one
    /// deployed this turn) wait for a choice; the fields of the tile it closed that have a
    /// shepherd are noted, to be guided home after the choices.
    pub(super) fn shepherds_after_placement(&mut self) {
        let deployed = self.shepherds.deployed.take();
        let Phase::Deploy { placed } = self.phase else { return };
        // The owner chooses first; a field the tile closed is guided once the choices are made
        // (grow, then the closed field is guided with the new sheep). The choices only take
        // shepherds away, so a field without a shepherd now has none then either.
        let mut closing = std::mem::take(&mut self.shepherds.closing_fields);
        closing.clear();
        // An edge that joins nothing (an abbey's) bounds the neighbour's field without joining
        // it to the tile, so the fields it may close are the neighbours', not the tile's own.
        for node in self.tile_fields(placed).chain(self.fields_facing_any(placed)) {
            let root = self.features.root(node);
            // Guided in root order: a wolf or a guide puts tokens back into the bag.
            if self.features.open_of(root) == 0
                && self.has_shepherd(root)
                && let Err(at) = closing.binary_search(&root)
            {
                closing.insert(at, root);
            }
        }
        self.shepherds.closing_fields = closing;
        self.shepherds.choices.clear();
        for i in 0..self.shepherds.flocks.len() {
            let flock = &self.shepherds.flocks[i];
            if flock.player == self.current && Some(flock.node) != deployed && self.extends_field_of(placed, flock.node)
            {
                self.shepherds.choices.push(flock.node);
            }
        }
    }

    /// The field nodes of the neighbours' edges that face an edge of placed tile `placed`
    /// fitting anything: the abbey ends those fields there (A&M first edition: the abbey
    /// forms a field's edge), so placing it can close them. Empty for an ordinary tile.
    fn fields_facing_any(&self, placed: u16) -> impl Iterator<Item = u32> + '_ {
        let tile = self.board.placed[placed as usize];
        let tables = &self.def.tables;
        let compiled = &tables.tiles[tile.tile as usize];
        Side::ALL
            .into_iter()
            .filter(move |&side| compiled.edge(side, tile.rotation).any)
            .filter_map(move |side| {
                let nb = self.board.neighbour(i32::from(tile.x), i32::from(tile.y), side)?;
                let their = self.board.placed[nb];
                let edge = tables.tiles[their.tile as usize].edge(side.opposite(), their.rotation);
                Some((their, edge))
            })
            .flat_map(move |(their, edge)| {
                let features = &tables.tiles[their.tile as usize].features;
                edge.features
                    .iter()
                    .filter(move |&&f| f != NO_FEATURE && features[f as usize].kind == FeatureKind::Field)
                    .map(move |&f| their.node + u32::from(f))
            })
    }

    /// Whether placed tile `placed` has a field in the field of `node`.
    fn extends_field_of(&self, placed: u16, node: u32) -> bool {
        let root = self.features.root(node);
        self.tile_fields(placed).any(|n| self.features.root(n) == root)
    }

    /// Guides home every field of the placed tile that it closed and that still has a shepherd.
    pub(super) fn guide_closed_fields(&mut self, events: &mut Vec<Event>) {
        let mut fields = std::mem::take(&mut self.shepherds.closing_fields);
        for &root in &fields {
            // A wolf drawn during the choices may have scattered its flocks.
            if self.has_shepherd(root) {
                self.guide(root, events);
            }
        }
        fields.clear();
        self.shepherds.closing_fields = fields;
    }

    /// Applies the owner's choice for the first waiting shepherd.
    pub(super) fn shepherd_choice(&mut self, grow: bool, events: &mut Vec<Event>) {
        if self.shepherds.choices.is_empty() {
            return;
        }
        let node = self.shepherds.choices.remove(0);
        if grow {
            self.grow(node, events);
        } else {
            let root = self.features.root(node);
            self.guide(root, events);
        }
        // A wolf or a guide may have sent other waiting shepherds home.
        let Shepherds { flocks, choices, .. } = &mut self.shepherds;
        choices.retain(|n| flocks.iter().any(|f| f.node == *n));
    }
}
