//! Hills & Sheep's shepherd: deployed on a field without a shepherd, it draws a token from the
//! bag at once (sheep join its flock; a wolf sends it home). When its owner's tile extends its
//! field, the owner grows the flock (a wolf scatters every flock of the field) or guides it
//! (every shepherd of the field scores the field's sheep, then goes home). A field closed on
//! every side is guided at once, whatever closes it: an abbey, which joins no field, closes the
//! neighbours' fields it faces. Shepherds score nothing at the end.
//!
//! With a house rule giving a player several shepherds, two of them can come to share a field
//! (their fields joined by a tile). The reading here: a player tends one flock per field, so
//! their tile that extends it asks them once (one draw, or one guiding), and guiding pays each
//! player on the field the field's sheep once, however many shepherds they have there.
//!
//! Hooks: its own figures' deployment (a field without a shepherd) and arrival (the first
//! draw), after the scoring step (the owner's decision, `grow` or `guide`, then closed
//! fields guided home), and the bag's draws at the deal and in a determinization.

use super::{Arrival, Flow, Mechanism, OwnFigure, carries_word};
use crate::compile::NO_FEATURE;
use crate::edge::Side;
use crate::game::{
    Action, ActionError, Award, BoardFigure, Event, EventWords, FeatureAt, FigureIndex, FigureMove, FigureType, Game,
    GameDef, Happening, Noun, Phase, Play, Players, Reason, ReasonWords, Rng, Seat, Slot, Step, Takes, Tally, Words,
};
use crate::model::{FeatureKind, FigureMechanism, Role, Spot};

/// The owner's decision: draw another token for the flock.
const GROW: Step = Step::own::<Shepherds>(0);
/// The owner's decision: bring the field's flocks home to score.
const GUIDE: Step = Step::own::<Shepherds>(1);

/// Its one event: a token drawn from the bag (its sheep; a wolf has none).
const DRAWN: u8 = 0;
/// Its one way of scoring: the flocks of a field guided home.
const GUIDED: u8 = 0;

/// The shepherds of a game: the bag, the flocks on the table, and the choices of this turn.
#[derive(Debug, Clone)]
pub struct Shepherds {
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
    /// The tokens still in the bag of sheep and wolves (sheep per token; 0 for a wolf): what
    /// every player can know, in an order that says nothing about the draws to come.
    pub fn bag(&self) -> &[u8] {
        &self.bag
    }

    /// The flocks beside the shepherds on the table, in the order the shepherds came.
    pub fn flocks(&self) -> &[Flock] {
        &self.flocks
    }

    /// Tokens in the bag and in flocks (for invariant checks): always the bag's full count.
    pub fn tokens(&self) -> usize {
        self.bag.len() + self.flocks.iter().map(|f| f.sheep.len()).sum::<usize>()
    }

    /// Whether any shepherd is on the table or arrived this turn: else the scoring step has
    /// nothing to do for shepherds.
    #[inline]
    fn are_active(&self) -> bool {
        !self.flocks.is_empty() || self.deployed.is_some()
    }
}

impl Mechanism for Shepherds {
    const NAME: &'static str = "shepherd";

    fn in_play(def: &GameDef) -> bool {
        def.figures().iter().any(|f| Shepherds::owns(f) && f.count > 0)
    }

    const FIGURES_STAY: bool = true;

    const FIGURE: Option<OwnFigure> = Some(OwnFigure {
        word: FigureMechanism::Shepherd,
        role: (Role::Special, "a shepherd never counts in a majority"),
        stands_only_on: Some(&[Spot::Field]),
        never_on: None,
        alone_on: &[],
        look: "shepherd",
    });

    fn owns(figure: &FigureType) -> bool {
        carries_word::<Shepherds>(figure)
    }

    /// A shepherd in play needs a bag of sheep and wolves to draw from.
    fn setup_refused(figures: &[FigureType], bag: &[u8]) -> Option<String> {
        let shepherd = figures.iter().find(|f| f.count > 0 && Shepherds::owns(f))?;
        bag.is_empty().then(|| {
            format!(
                "figure `{}` is a shepherd, but no file in play has a bag of sheep and wolves for it to draw from; \
                 play it with a file that has a `[bags]` table (such as `hills-and-sheep`), or give the shepherd a \
                 count of 0 in the rules' `[figures]`",
                crate::quote::clip(&shepherd.id)
            )
        })
    }

    /// The bag as the rules fill it, no shepherd on the table.
    fn new(def: &GameDef) -> Shepherds {
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

    /// Back to [`Mechanism::new`], keeping the memory.
    fn restart(&mut self, def: &GameDef) {
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
    fn dealt(&mut self, seed: u64) {
        self.rng = Rng::new(seed ^ 0x0005_4EE7_BA60_0000);
    }

    /// Draws from now on are unforeseeable from this state: a new random state from `rng`.
    fn determinize(&mut self, rng: &mut Rng) {
        self.rng = Rng::new(rng.next_u64());
    }

    /// A shepherd goes onto a field without a shepherd (farmers do not close it).
    #[inline]
    fn deploy_own(game: &Game, _player: u8, _figure: u8, node: u32) -> Option<&'static str> {
        game.has_shepherd(node).then_some("that field already has a shepherd")
    }

    /// Its flock starts empty; deployed in play, it draws at once.
    fn figure_arrives(game: &mut Play<'_, Self>, figure: BoardFigure, arrival: Arrival, events: &mut Vec<Event>) {
        let shepherds = game.own_mut();
        shepherds.flocks.push(Flock {
            player: figure.player,
            figure: figure.figure,
            node: figure.node,
            sheep: Vec::new(),
        });
        if arrival == Arrival::Deployed {
            shepherds.deployed = Some(figure.node);
            game.grow(figure.node, events);
        }
    }

    /// The active player's shepherds whose field the tile extended wait for a choice; then the
    /// fields the tile closed are guided home.
    #[inline(always)]
    fn after_scoring(game: &mut Play<'_, Self>, placed: u16, events: &mut Vec<Event>) -> Flow {
        if game.own().are_active() {
            game.shepherds_after_placement(placed);
        }
        game.settle_shepherds(events)
    }

    const ACTIONS: &'static [Words] = &[
        Words {
            name: "grow",
            takes: Takes::Nothing,
        },
        Words {
            name: "guide",
            takes: Takes::Nothing,
        },
    ];

    const EVENTS: &'static [EventWords] = &[EventWords {
        name: "sheep-drawn",
        fields: &[("player", Slot::Player), ("sheep", Slot::Amount)],
        text: |drawn| match drawn.amount {
            0 => "{who} draws a wolf",
            _ => "{who} draws {amount} sheep",
        },
        figure: FigureMove::None,
        // A wolf ends the flocks of its field unscored.
        counts: |drawn| (drawn.amount == 0).then_some(2),
    }];

    const REASONS: &'static [ReasonWords] = &[ReasonWords {
        name: "flocks",
        field: "sheep",
        noun: Noun {
            one: "sheep",
            many: "sheep",
        },
        text: "flocks guided home: {count}",
        feature: FeatureKind::Field,
        at_end: false,
        pays_own: true,
        pays_farmers: false,
        counts: Some((0, 1)),
    }];

    const TALLY: Option<Tally> = Some(Tally {
        key: "shepherds",
        counters: &["flocks_scored", "flock_points", "flocks_lost"],
        line: "flocks scored: {flocks_scored} ({flock_points} points); flocks lost to wolves: {flocks_lost}",
    });

    fn legal_actions(game: &Game, out: &mut Vec<Action>) {
        if game.phase.decision_of::<Shepherds>().is_some() {
            out.extend([Action::Mechanism(GROW), Action::Mechanism(GUIDE)]);
        }
    }

    #[inline]
    fn apply(game: &mut Play<'_, Self>, action: Action, events: &mut Vec<Event>) -> Option<Result<(), ActionError>> {
        game.phase.decision_of::<Shepherds>()?;
        let Action::Mechanism(step @ (GROW | GUIDE)) = action else {
            return Some(Err(ActionError::WrongStep("grow the flock or guide it home")));
        };
        game.shepherd_choice(step == GROW, events);
        game.record(action);
        if game.settle_shepherds(events) == Flow::Continue {
            game.resume_after_scoring(events);
        }
        Some(Ok(()))
    }

    fn prompt(phase: Phase) -> Option<String> {
        phase
            .decision_of::<Shepherds>()
            .map(|_| "Your tile grew your shepherd's field: grow the flock, or guide it home.".into())
    }

    fn action_words(phase: Phase, action: Action) -> Option<&'static str> {
        phase.decision_of::<Shepherds>()?;
        match action {
            Action::Mechanism(GROW) => Some("Grow the flock"),
            Action::Mechanism(GUIDE) => Some("Guide it home"),
            _ => None,
        }
    }

    /// A shepherd of a hand-built table carries its flock: `amount` sheep, in tokens taken
    /// from the bag, the largest first.
    fn put_carrying(
        game: &mut Play<'_, Self>,
        seat: Seat,
        figure: FigureIndex,
        at: FeatureAt,
        amount: u16,
    ) -> Result<(), ActionError> {
        game.put_shepherd(seat, figure, at, amount)
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

impl Play<'_, Shepherds> {
    /// Puts a shepherd like [`Game::put_figure`], with a flock of `sheep` sheep beside it: the
    /// tokens are taken from the bag, the largest first.
    fn put_shepherd(&mut self, seat: Seat, figure: FigureIndex, at: FeatureAt, sheep: u16) -> Result<(), ActionError> {
        let refuse = |why| ActionError::IllegalDeployment {
            figure: figure.0,
            feature: at.feature,
            why,
        };
        let tokens = self
            .tokens_making(sheep)
            .ok_or(refuse("the bag has no tokens that make that many sheep"))?;
        self.put_figure(seat, figure, at)?;
        let placed = self.board.at(i32::from(at.x), i32::from(at.y)).unwrap_or_default();
        let node = self.node_of(placed, at.feature);
        self.give_flock(node, tokens);
        Ok(())
    }

    /// Draws a token: a forced draw if one is queued (and in the bag), else at random.
    fn draw_token(&mut self) -> Option<u8> {
        if !self.own().forced_draws.is_empty() {
            let wanted = self.own_mut().forced_draws.remove(0);
            if let Some(i) = self.own().bag.iter().position(|&t| t == wanted) {
                return Some(self.own_mut().bag.swap_remove(i));
            }
        }
        if self.own().bag.is_empty() {
            return None;
        }
        let len = self.own().bag.len();
        let i = self.own_mut().rng.below(len);
        Some(self.own_mut().bag.swap_remove(i))
    }

    /// Moves bag tokens `tokens` (indices from [`Game::tokens_making`]) to the flock of the
    /// shepherd on `node`.
    fn give_flock(&mut self, node: u32, mut tokens: Vec<usize>) {
        // From the highest index, so that the indices still to take stay in place.
        tokens.sort_unstable_by(|a, b| b.cmp(a));
        let Shepherds { bag, flocks, .. } = self.own_mut();
        if let Some(flock) = flocks.iter_mut().find(|f| f.node == node) {
            flock.sheep.extend(tokens.into_iter().map(|i| bag.swap_remove(i)));
        }
    }

    /// Draws for the flock of the shepherd on `node`: sheep join it; a wolf scatters every flock
    /// of the field.
    fn grow(&mut self, node: u32, events: &mut Vec<Event>) {
        let Some(player) = self.own().flocks.iter().find(|f| f.node == node).map(|f| f.player) else {
            return;
        };
        match self.draw_token() {
            None => {}
            Some(0) => {
                events.push(Event::Mechanism(Happening::own::<Shepherds>(DRAWN, player)));
                self.own_mut().bag.push(0);
                let root = self.features.root(node);
                self.send_shepherds_home(root, events);
            }
            Some(sheep) => {
                let drawn = Happening::own::<Shepherds>(DRAWN, player).of(sheep.into());
                events.push(Event::Mechanism(drawn));
                if let Some(flock) = self.own_mut().flocks.iter_mut().find(|f| f.node == node) {
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
            .mechanisms
            .shepherd
            .flocks
            .iter()
            .filter(|f| self.features.root(f.node) == root)
        {
            owners.0 |= 1 << flock.player;
            total += flock.sheep.iter().map(|&s| u32::from(s)).sum::<u32>();
        }
        // A bag holds at most 255 tokens of at most 255 sheep (checked when the game is set
        // up), and flocks draw from it: the sheep of a field fit 16 bits.
        let sheep = total.min(u32::from(u16::MAX));
        let reason = Reason::Mechanism(Award::own::<Shepherds>(GUIDED, sheep));
        self.award(owners, total, reason, root, events);
        self.send_shepherds_home(root, events);
    }

    /// Tokens of the field's flocks back into the bag, its shepherds back to their owners.
    fn send_shepherds_home(&mut self, root: u32, events: &mut Vec<Event>) {
        let mut i = 0;
        while i < self.own().flocks.len() {
            if self.features.root(self.own().flocks[i].node) != root {
                i += 1;
                continue;
            }
            let flock = self.own_mut().flocks.remove(i);
            self.own_mut().bag.extend(flock.sheep);
            if let Some(j) = self
                .figures
                .iter()
                .position(|f| f.node == flock.node && f.figure == flock.figure)
            {
                self.lift_figure(j);
            }
            self.back_to_supply(flock.player, flock.figure, flock.node, events);
        }
    }

    /// In the scoring step: the active player's shepherds whose field the tile extended (not one
    /// deployed this turn) wait for a choice; the fields of the tile it closed that have a
    /// shepherd are noted, to be guided home after the choices.
    fn shepherds_after_placement(&mut self, placed: u16) {
        let deployed = self.own_mut().deployed.take();
        // The owner chooses first; a field the tile closed is guided once the choices are made
        // (grow, then the closed field is guided with the new sheep). The choices only take
        // shepherds away, so a field without a shepherd now has none then either.
        let mut closing = std::mem::take(&mut self.own_mut().closing_fields);
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
        self.own_mut().closing_fields = closing;
        self.own_mut().choices.clear();
        for i in 0..self.own().flocks.len() {
            let (player, node) = (self.own().flocks[i].player, self.own().flocks[i].node);
            if player == self.current
                && Some(node) != deployed
                && self.extends_field_of(placed, node)
                && !self.choice_on_field_of(node)
            {
                self.own_mut().choices.push(node);
            }
        }
    }

    /// Once no choice is left this turn: every field of the placed tile that it closed and
    /// that still has a shepherd is guided home; while a choice is left, its owner decides
    /// (its decision).
    #[inline(always)]
    fn settle_shepherds(&mut self, events: &mut Vec<Event>) -> Flow {
        if !self.own().choices.is_empty() {
            let current = self.current;
            self.set_phase(Phase::decide::<Shepherds>(0, current));
            return Flow::Wait;
        }
        if !self.own().closing_fields.is_empty() {
            self.guide_closed_fields(events);
        }
        Flow::Continue
    }

    /// Guides home every field of the placed tile that it closed and that still has a shepherd.
    fn guide_closed_fields(&mut self, events: &mut Vec<Event>) {
        let mut fields = std::mem::take(&mut self.own_mut().closing_fields);
        for &root in &fields {
            // A wolf drawn during the choices may have scattered its flocks.
            if self.has_shepherd(root) {
                self.guide(root, events);
            }
        }
        fields.clear();
        self.own_mut().closing_fields = fields;
    }

    /// Applies the owner's choice for the first waiting shepherd.
    fn shepherd_choice(&mut self, grow: bool, events: &mut Vec<Event>) {
        if self.own().choices.is_empty() {
            return;
        }
        let node = self.own_mut().choices.remove(0);
        if grow {
            self.grow(node, events);
        } else {
            let root = self.features.root(node);
            self.guide(root, events);
        }
        // A wolf or a guide may have sent other waiting shepherds home.
        let Shepherds { flocks, choices, .. } = self.own_mut();
        choices.retain(|n| flocks.iter().any(|f| f.node == *n));
    }
}

impl Game {
    /// Whether the field of `node` has a shepherd.
    fn has_shepherd(&self, node: u32) -> bool {
        let root = self.features.root(node);
        self.mechanisms
            .shepherd
            .flocks
            .iter()
            .any(|f| self.features.root(f.node) == root)
    }

    /// Fixes the next draws from the bag (token values, 0 for a wolf), for hand-built positions.
    pub fn force_draws(&mut self, draws: Vec<u8>) {
        Play::<Shepherds>::new(self).own_mut().forced_draws = draws;
    }

    /// Bag tokens (indices) that make a flock of exactly `sheep` sheep, the largest first;
    /// none when the bag cannot make that many.
    fn tokens_making(&self, sheep: u16) -> Option<Vec<usize>> {
        let mut order: Vec<usize> = (0..self.mechanisms.shepherd.bag.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.mechanisms.shepherd.bag[i]));
        let mut left = sheep;
        let mut taken = Vec::new();
        for i in order {
            let token = u16::from(self.mechanisms.shepherd.bag[i]);
            if token != 0 && token <= left {
                left -= token;
                taken.push(i);
            }
        }
        (left == 0).then_some(taken)
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

    /// Whether a shepherd choice this turn is already for the field of `node`: a player with
    /// several shepherds on one field (figure counts above one, once their fields are joined)
    /// tends one flock per field, so the field is grown (one draw) or guided once, not once per
    /// shepherd. The draw joins the flock of the first of them; guiding scores the whole field.
    fn choice_on_field_of(&self, node: u32) -> bool {
        let root = self.features.root(node);
        self.mechanisms
            .shepherd
            .choices
            .iter()
            .any(|&n| self.features.root(n) == root)
    }

    /// Whether placed tile `placed` has a field in the field of `node`.
    fn extends_field_of(&self, placed: u16, node: u32) -> bool {
        let root = self.features.root(node);
        self.tile_fields(placed).any(|n| self.features.root(n) == root)
    }
}
