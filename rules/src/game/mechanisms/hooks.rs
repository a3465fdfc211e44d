//! The hooks through which the core game lets a mechanism act, and the macro that registers
//! mechanisms (`mechanisms!`).
//!
//! A mechanism is a type holding its own state that implements [`Mechanism`]. The core (turn,
//! placement, deployment, scoring) never names one: at each step it calls a dispatcher that
//! the macro writes out as one call per registered mechanism, in registration order, each
//! behind a test of the mechanism's bit in the game's in-play set. Calls are static (no `dyn`,
//! nothing boxed) and inline: a hook a mechanism leaves at its default does nothing, so the
//! compiler drops its call and its test; a hook it implements costs, while it is out of play,
//! one well-predicted branch.

use std::fmt;

use crate::model::{FigureMechanism, Role, Spot};

use crate::game::{
    Action, ActionError, Award, BoardFigure, CornerFigure, Event, EventWords, FeatureAt, FeatureScore, FigureIndex,
    FigureType, FigureTypes, Game, GameDef, Happening, MAX_FIGURE_TYPES, NeutralFigure, Noun, Phase, Placement, Play,
    Players, Reason, ReasonWords, Rng, Seat, Step, Tally, Words,
};

/// What a figure type given a mechanism's word in the files (`mechanism = "barn"`) must be:
/// the mechanism's own figures, checked where the files are validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnFigure {
    /// The word (`mechanism = "…"`) that makes a figure type the mechanism's own.
    pub word: FigureMechanism,
    /// Its role (`role = "…"`), and why.
    pub role: (Role, &'static str),
    /// Where it must stand, if it must stand on exactly these places.
    pub stands_only_on: Option<&'static [Spot]>,
    /// A place it may not stand on, and why.
    pub never_on: Option<(Spot, &'static str)>,
    /// Places no other figure stands on.
    pub alone_on: &'static [Spot],
    /// The name of its picture, as readers draw it (`"barn"`).
    pub look: &'static str,
}

/// Whether `figure` carries mechanism `M`'s word in the files ([`Mechanism::FIGURE`]).
pub fn carries_word<M: Mechanism>(figure: &FigureType) -> bool {
    M::FIGURE.is_some_and(|own| figure.mechanism == Some(own.word))
}

/// Whether play goes on after a hook, or waits for a player's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Play goes on to the next hook and the next step.
    Continue,
    /// The mechanism set a [`Phase`] of its own: play waits for the decision, which the
    /// mechanism's [`Mechanism::apply`] takes and resumes from.
    Wait,
}

/// How a figure of a mechanism's own came onto the table ([`Mechanism::figure_arrives`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrival {
    /// Deployed in play, on the tile just placed (after its [`Event::FigureDeployed`]).
    Deployed,
    /// Put on a hand-built table ([`Game::put_figure`]).
    Laid,
}

/// A rule of an expansion that the core game plays without naming it: its state, and the hooks
/// where it acts.
///
/// The hooks, in the order of a turn (`turn.rs` lists where each is called). Unless said
/// otherwise a hook is called only while the mechanism is in play ([`Mechanism::in_play`]), in
/// registration order, and may read the whole game. A hook that may change the game gets a
/// [`Play`] of its own mechanism, which changes the mechanism's own state and the core only
/// through the core's own steps, so no hook can change another mechanism's state or reach a
/// core field directly. What each may change is said with it; none may reorder the pile or
/// draw from anything but its own random state, and only [`Mechanism::apply`] records actions
/// in the history. Every
/// default does nothing, so a mechanism implements only the hooks where it acts.
///
/// - **Lifecycle** (every registered mechanism, in play or not): [`Mechanism::new`],
///   [`Mechanism::restart`], [`Mechanism::dealt`], [`Mechanism::determinize`], and `Clone`
///   (`clone_from` keeps the target's memory: searches copy positions in a loop).
/// - **Turn begins**: [`Mechanism::turn_begins`] (may set a phase of its own and wait), then
///   [`Mechanism::drawn`] for each tile drawn (may set it aside).
/// - **Placement**: [`Mechanism::placement_allowed`] (for the tiles [`Mechanism::restricts`]),
///   [`Mechanism::after_placement`].
/// - **Deployment**: [`Mechanism::deploy_options`], [`Mechanism::deploy_own`],
///   [`Mechanism::closes`], [`Mechanism::figure_arrives`]; on a hand-built table,
///   [`Mechanism::put_carrying`].
/// - **Before scoring**: [`Mechanism::before_scoring`] (may wait).
/// - **Scoring**: [`Mechanism::score_feature`], [`Mechanism::feature_completed`],
///   [`Mechanism::break_tie`], [`Mechanism::holds_leaving`], [`Mechanism::field_scored`], then
///   [`Mechanism::after_scoring`] (may wait).
/// - **Next turn**: [`Mechanism::keeps_turn`].
/// - **End of game**: [`Mechanism::final_scoring_begins`], then the core's final scoring,
///   then [`Mechanism::end_of_game`].
/// - **Actions of its own**: [`Mechanism::legal_actions`] and [`Mechanism::apply`] (asked
///   whether in play or not: each answers only in its own phases or for its own actions),
///   [`Mechanism::figures_aside`].
/// - **Readers** (no game needed): [`Mechanism::ACTIONS`], [`Mechanism::EVENTS`],
///   [`Mechanism::REASONS`], [`Mechanism::EXTRA`], [`Mechanism::TALLY`],
///   [`Mechanism::prompt`], [`Mechanism::action_words`], [`Mechanism::figure_look`].
pub trait Mechanism: sealed::Registrable + Clone + fmt::Debug + Sized {
    /// Its name, as readers show it (`"barn"`).
    const NAME: &'static str;

    /// Its own actions, as records and scenarios write them and players make them: an
    /// [`Action::Mechanism`] whose [`Step`] is one of these (`Step::own`) is its to list and
    /// apply. A decision of its own waits in [`Phase::Decide`] (`Phase::decide`).
    const ACTIONS: &'static [Words] = &[];

    /// Its own events, as they are written and told: an [`Event::Mechanism`] whose
    /// [`Happening`] is one of these (`Happening::own`) is its.
    const EVENTS: &'static [EventWords] = &[];

    /// Its own ways of scoring: a [`Reason::Mechanism`] whose [`Award`] is one of these
    /// (`Award::own`) is its.
    const REASONS: &'static [ReasonWords] = &[];

    /// What it counts in a feature's score besides tiles and pennants, if it counts anything
    /// ([`FeatureScore::extra`], set with `FeatureScore::count_extra`).
    const EXTRA: Option<Noun> = None;

    /// What the balance lab counts of it when it is in play: its events and reasons say which
    /// counter they add to.
    const TALLY: Option<Tally> = None;

    /// Whether a game of `def` plays with it, decided once when the game is set up (from the
    /// files' mechanisms, and its figure types with a count above 0).
    fn in_play(def: &GameDef) -> bool;

    /// What the figure types carrying its word in the files (`mechanism = "…"`) must be, if
    /// it has one ([`carries_word`]).
    const FIGURE: Option<OwnFigure> = None;

    /// Whether figure type `figure` is its own: where such a figure may be deployed is its
    /// [`Mechanism::deploy_own`] (not the common rule), and it hears of the figure's arrival
    /// ([`Mechanism::figure_arrives`]).
    fn owns(_figure: &FigureType) -> bool {
        false
    }

    /// The feature kinds (bits, [`kind_bit`](crate::game::kind_bit)) its own figure type
    /// `figure` stands on once on the table besides those it is deployed on (a barn, deployed
    /// on a corner, stands on a field).
    fn stands_on_table(_figure: &FigureType) -> u8 {
        0
    }

    /// Why a game cannot be set up with these figure types (counts as the rules give them)
    /// and this bag, if it cannot: what is missing for it, and what would fix it.
    fn setup_refused(_figures: &[FigureType], _bag: &[u8]) -> Option<String> {
        None
    }

    /// Its state before a game of `def` is dealt (also for a table built by hand).
    fn new(def: &GameDef) -> Self;

    /// Back to [`Mechanism::new`] for another game of the same `def`, keeping its memory.
    fn restart(&mut self, def: &GameDef) {
        *self = Self::new(def);
    }

    /// The game was dealt with shuffle seed `seed`: seeds what the mechanism draws at random.
    fn dealt(&mut self, _seed: u64) {}

    /// Makes what no player can know unforeseeable ([`Game::determinize`]): draws anew from
    /// `rng` what it would draw at random. It must draw from `rng` whether in play or not, the
    /// same number of times, so that a search's draws do not depend on what is in play.
    fn determinize(&mut self, _rng: &mut Rng) {}

    /// At the start of every turn, before the draw, and once the pile is empty, before the
    /// end of the game (each time play passes on). It may offer the current player a choice of
    /// its own (set a [`Phase`], return [`Flow::Wait`]) and change its own state and whose turn
    /// it is; with [`Flow::Continue`] the turn draws a tile (or the game ends). When one waits,
    /// those registered after it are asked only if its decision lets the turn go on to the
    /// draw ([`Play::resume_turn`]).
    fn turn_begins(_game: &mut Play<'_, Self>, _events: &mut Vec<Event>) -> Flow {
        Flow::Continue
    }

    /// A tile was drawn from the pile, `tile` its compiled index: returns true to set it aside
    /// in its own state (the player draws again), which the mechanism then owes to the pile
    /// ([`Play::shuffle_into_pile`]). It may push events. The first mechanism in play that
    /// sets the tile aside decides.
    fn drawn(_game: &mut Play<'_, Self>, _tile: u16, _events: &mut Vec<Event>) -> bool {
        false
    }

    /// Whether the mechanism has a say in where tiles go ([`Mechanism::placement_allowed`]):
    /// placements then leave the fast paths that read fits from tables.
    const RESTRICTS_PLACEMENT: bool = false;

    /// Whether `tile` may go at `at` when it fits its neighbours: a rule of where tiles go
    /// (every placement listed, drawn at random or applied is asked). It changes nothing.
    /// Asked only of mechanisms with [`Mechanism::RESTRICTS_PLACEMENT`].
    fn placement_allowed(_game: &Game, _tile: u16, _at: Placement) -> bool {
        true
    }

    /// Whether [`Mechanism::placement_allowed`] may refuse some placement of `tile`: a tile
    /// no mechanism in play restricts keeps the fast table paths. When false,
    /// `placement_allowed` must allow every placement of the tile. Asked only of mechanisms
    /// with [`Mechanism::RESTRICTS_PLACEMENT`]; by default every tile.
    fn restricts(_game: &Game, _tile: u16) -> bool {
        true
    }

    /// After the drawn tile `tile` went onto the table (its [`Event::TilePlaced`] pushed),
    /// before deployment (a tile a mechanism places itself, such as a held abbey, is that
    /// mechanism's to follow). It may change its own state, take the next tile off the pile (a
    /// hill covers it) and push events.
    fn after_placement(_game: &mut Play<'_, Self>, _tile: u16, _events: &mut Vec<Event>) {}

    /// Deployments of its own on placed tile `placed`, for its own figure types in the current
    /// player's supply (`own`, bit `f` for figure type `f`, never empty), appended to `out` after
    /// those the common rule lists (a barn on a corner). Applied by its [`Mechanism::apply`].
    fn deploy_options(_game: &Game, _placed: u16, _own: FigureTypes, _out: &mut Vec<Action>) {}

    /// Why player `player` may not put its own figure type `figure` onto the feature of `node`
    /// (one of a kind the type may stand on, on the tile just placed or on a table built by
    /// hand), if they may not. This replaces the common rule (a feature without followers) for
    /// its figures. It changes nothing.
    fn deploy_own(_game: &Game, _player: u8, _figure: u8, _node: u32) -> Option<&'static str> {
        None
    }

    /// Why no figure may be deployed onto placed tile `placed`, nor moved onto it (the tile
    /// the dragon stands on), if none may: every figure that goes onto a feature, the common
    /// rule's and the mechanisms' own alike (a barn, at a corner, is no feature's). It changes
    /// nothing.
    fn closes_tile(_game: &Game, _placed: u16) -> Option<&'static str> {
        None
    }

    /// Why the feature of `node` is closed to the figures the common rule deploys, though no
    /// follower stands on it (a field with a barn, to farmers), if it is. It changes nothing.
    fn closes(_game: &Game, _node: u32) -> Option<&'static str> {
        None
    }

    /// A figure of its own type now stands on the table, `arrival` says how. It may change its
    /// own state and, when deployed in play, push events and draw (a shepherd's first token).
    fn figure_arrives(_game: &mut Play<'_, Self>, _figure: BoardFigure, _arrival: Arrival, _events: &mut Vec<Event>) {}

    /// Puts its own figure type `figure` of player `seat` on feature `at` of a hand-built table
    /// ([`Game::put_figure_carrying`]), carrying `amount` of the tokens the mechanism lays out
    /// with its figures (a shepherd's flock of `amount` sheep, in tokens taken from the bag, the
    /// largest first); it puts the figure with [`Play::put_figure`]. By default its figures
    /// carry nothing: refused with the game unchanged.
    fn put_carrying(
        _game: &mut Play<'_, Self>,
        _seat: Seat,
        figure: FigureIndex,
        at: FeatureAt,
        _amount: u16,
    ) -> Result<(), ActionError> {
        Err(carries_nothing(figure, at))
    }

    /// After the deployment step (a figure deployed, or none), before the completed features
    /// score, placed tile `placed` being this turn's: it may send figures home, change its own
    /// state and wait for a decision of its own ([`Flow::Wait`]). Once that is applied,
    /// [`Mechanism::apply`] goes on with [`Play::resume_before_scoring`], which calls the
    /// mechanisms registered after it, then scores.
    fn before_scoring(_game: &mut Play<'_, Self>, _placed: u16, _events: &mut Vec<Event>) -> Flow {
        Flow::Continue
    }

    /// Whether its own figure types stay on the table whatever else sends figures home in
    /// the middle of a turn (a dragon): a barn stands at a corner, between tiles; a shepherd
    /// is tied to its flock.
    const FIGURES_STAY: bool = false;

    /// A road, city, monastery or garden of `node` scores (`score.complete`: completed in play,
    /// else at the end): it may change `points` (add to them, as vineyards do, or score the
    /// feature's units at other values, as marks do) and say why in `score`. It changes nothing
    /// else.
    fn score_feature(_game: &Game, _node: u32, _score: &mut FeatureScore, _points: &mut u32) {}

    /// A road, city, monastery or garden was completed in play (its [`Event::FeatureCompleted`]
    /// pushed, `score` what it scores for), before its majority is decided; `root` is its
    /// root node. Called for every completed feature, with figures on it or none. The current
    /// player placed the tile that completed it. It may change its own state, push events and
    /// award points of its own (a fairy's bonus); it changes no figure and no other score.
    fn feature_completed(_game: &mut Play<'_, Self>, _root: u32, _score: &FeatureScore, _events: &mut Vec<Event>) {}

    /// Players `tied` (two or more) share the greatest strength on the feature being scored,
    /// whose figures are gathered: it may narrow them down (followers on hills) and count
    /// that in its own state. Returns who wins the majority.
    fn break_tie(_game: &mut Play<'_, Self>, tied: Players) -> Players {
        tied
    }

    /// `figure` leaves a feature completed and scored in play: returns true to keep it off the
    /// table in its own state instead of sending it home (a wagon waits to move). The core
    /// still takes it off the feature. The mechanism then owes the figure to its owner's
    /// supply or the table, and counts it in [`Mechanism::figures_aside`] meanwhile.
    fn holds_leaving(_game: &mut Play<'_, Self>, _figure: BoardFigure) -> bool {
        false
    }

    /// After the scoring step of a turn (completed features scored, their figures home), before
    /// the next turn, placed tile `placed` being this turn's: it may score, send figures home,
    /// change its own state, and wait for a decision of its own ([`Flow::Wait`]). Once that is
    /// applied, [`Mechanism::apply`] goes on with [`Play::resume_after_scoring`], which calls
    /// the mechanisms registered after it, then begins the next turn.
    fn after_scoring(_game: &mut Play<'_, Self>, _placed: u16, _events: &mut Vec<Event>) -> Flow {
        Flow::Continue
    }

    /// A field's majority `winners` just scored for `reason` ([`Reason::Farm`] at the end: per
    /// field, or under per-city farm scoring per city, `node` being the city; or a
    /// mechanism's way of scoring that pays farmers during play, [`Reason::farmers_paid`]), the
    /// figures of the field (or fields) counted still gathered. It may score more for what
    /// stands among them (a bonus per city) and change its own state. A mechanism's way of
    /// paying its own figures is no field's majority and is not reported here.
    fn field_scored(
        _game: &mut Play<'_, Self>,
        _winners: Players,
        _reason: Reason,
        _node: u32,
        _events: &mut Vec<Event>,
    ) {
    }

    /// Play is about to pass on after the current player's turn (the scoring step and every
    /// `after_scoring` done; also in an end game after the pile ran out, where a turn kept
    /// would only begin the end again): returns true for the current player to take another
    /// turn instead (it pushes the event that says so). It may change its own state. The
    /// first mechanism in play that keeps the turn decides; those after it are not asked.
    fn keeps_turn(_game: &mut Play<'_, Self>, _events: &mut Vec<Event>) -> bool {
        false
    }

    /// Final scoring is about to begin, every figure still on the table: it may score and
    /// change its own state (a bonus for a figure whose feature scores at the end).
    fn final_scoring_begins(_game: &mut Play<'_, Self>, _events: &mut Vec<Event>) {}

    /// Final scoring, after the core's (incomplete features, then fields): it may score and
    /// change its own state.
    fn end_of_game(_game: &mut Play<'_, Self>, _events: &mut Vec<Event>) {}

    /// The legal actions of a phase of its own, appended to `out` (nothing in another phase).
    /// Asked in every phase the core does not play (not `Place`, `Deploy` or `Over`).
    fn legal_actions(_game: &Game, _out: &mut Vec<Action>) {}

    /// In the deployment step (the tile placed), choices of its own the current player may
    /// make instead of deploying (take a figure back), appended to `out`: listed with the
    /// deployments, applied by [`Mechanism::apply`], which then ends the deployment step.
    fn instead_of_deploying(_game: &Game, _out: &mut Vec<Action>) {}

    /// Applies `action` if it is the mechanism's to apply (one of its own phases, or one of its
    /// own deployments), recording it in the history and going on with the turn; `None`
    /// otherwise. An illegal action of its own is refused with the game unchanged.
    fn apply(_game: &mut Play<'_, Self>, _action: Action, _events: &mut Vec<Event>) -> Option<Result<(), ActionError>> {
        None
    }

    /// Adds to `counts` (by figure type) the figures of `player` that it holds off the table.
    fn figures_aside(&self, _player: u8, _counts: &mut [u8; MAX_FIGURE_TYPES]) {}

    /// The figures it shows at a corner of a tile rather than on their feature (barns at the
    /// corners they were placed on).
    fn corner_figures(&self) -> &[CornerFigure] {
        &[]
    }

    /// Whether it guards placed tile `placed` from a figure moving across the table (the
    /// fairy's tile, which the dragon never enters). It changes nothing.
    fn guards(_game: &Game, _placed: u16) -> bool {
        false
    }

    /// The figures no player owns that it keeps on the table (the dragon), appended to `out`.
    fn neutral_figures(_game: &Game, _out: &mut Vec<NeutralFigure>) {}

    /// In a decision of its own about a figure it holds off the table: the figure, on the node
    /// it stood on (a waiting wagon, on the feature just scored).
    fn deciding_figure(_game: &Game) -> Option<BoardFigure> {
        None
    }

    /// The prompt for the player who decides in `phase`, if the phase is its own.
    fn prompt(_phase: Phase) -> Option<String> {
        None
    }

    /// Words for `action` in `phase` if it is one of its own chosen with a button rather than
    /// on the table (`"Grow the flock"`).
    fn action_words(_phase: Phase, _action: Action) -> Option<&'static str> {
        None
    }

    /// The name of the picture of figure type `figure` if it is one of its figures (by
    /// default, [`OwnFigure::look`] for a figure type carrying its word).
    fn figure_look(figure: &FigureType) -> Option<&'static str> {
        Self::FIGURE
            .filter(|_| carries_word::<Self>(figure))
            .map(|own| own.look)
    }
}

/// The refusal of a figure type that carries nothing onto a hand-built table
/// ([`Mechanism::put_carrying`]).
pub(in crate::game) fn carries_nothing(figure: FigureIndex, at: FeatureAt) -> ActionError {
    ActionError::IllegalDeployment {
        figure: figure.0,
        feature: at.feature,
        why: "that figure type carries no tokens",
    }
}

/// Only the mechanisms `mechanisms!` registers can be mechanisms: the hooks are called through
/// that registration, so an implementation elsewhere would never be called.
pub(super) mod sealed {
    /// Written by `mechanisms!` for each mechanism it registers.
    pub trait Registrable {}
}

/// A mechanism's place in the registration (written by `mechanisms!`).
pub trait Registered: Mechanism {
    /// Its index in registration order.
    const INDEX: usize;
    /// The kind of its first action among every mechanism's ([`Step::kind`]).
    const FIRST_ACTION: u8;
    /// The kind of its first event among every mechanism's ([`Happening::kind`]).
    const FIRST_EVENT: u8;
    /// The kind of its first reason among every mechanism's ([`Award::kind`]).
    const FIRST_REASON: u8;
    /// Its state among every mechanism's.
    fn state(all: &super::Mechanisms) -> &Self;
    /// Its state among every mechanism's, to change ([`Play::own_mut`]).
    fn state_mut(all: &mut super::Mechanisms) -> &mut Self;
}

impl Happening {
    /// Event `i` of mechanism `M`'s own ([`Mechanism::EVENTS`]), of `player`.
    pub(in crate::game) const fn own<M: Registered>(i: u8, player: u8) -> Happening {
        Happening::of_kind(M::FIRST_EVENT + i, player)
    }
}

impl Award {
    /// Reason `i` of mechanism `M`'s own ([`Mechanism::REASONS`]), counting `count`.
    pub(in crate::game) const fn own<M: Registered>(i: u8, count: u32) -> Award {
        Award {
            kind: M::FIRST_REASON + i,
            count,
        }
    }
}

impl FeatureScore {
    /// Mechanism `M` counted `extra` ([`Mechanism::EXTRA`]) in this score.
    pub(in crate::game) fn count_extra<M: Registered>(&mut self, extra: u16) {
        (self.extra, self.extra_of) = (extra, M::INDEX as u8);
    }
}

/// Where each mechanism's declared list starts among all of them; after the last, how many
/// there are (written for `mechanisms!`, whose tables are built at compile time).
pub(super) const fn starts<T, const N: usize, const N1: usize>(lists: &[&[T]; N]) -> [u8; N1] {
    assert!(N1 == N + 1);
    let (mut first, mut i) = ([0u8; N1], 0);
    while i < N {
        assert!(
            first[i] as usize + lists[i].len() <= u8::MAX as usize,
            "too many declared"
        );
        first[i + 1] = first[i] + lists[i].len() as u8;
        i += 1;
    }
    first
}

/// The mechanism that declares entry `kind` of the lists joined at `starts`, and the entry.
pub(super) fn declared<T: Copy>(lists: &[&[T]], starts: &[u8], kind: u8) -> Option<(usize, T)> {
    let m = starts[1..].iter().position(|&next| kind < next)?;
    Some((m, *lists[m].get(usize::from(kind - starts[m]))?))
}

impl Step {
    /// Action `i` of mechanism `M`'s own ([`Mechanism::ACTIONS`]), taking nothing yet.
    pub(in crate::game) const fn own<M: Registered>(i: u8) -> Step {
        Step::of_kind(M::FIRST_ACTION + i)
    }

    /// Which of mechanism `M`'s own actions this is, if it is one of them.
    pub(in crate::game) fn own_of<M: Registered>(self) -> Option<u8> {
        let i = self.kind.checked_sub(M::FIRST_ACTION)?;
        ((i as usize) < M::ACTIONS.len()).then_some(i)
    }
}

impl Phase {
    /// Mechanism `M`'s decision `decision`, which player `player` makes.
    pub(in crate::game) fn decide<M: Registered>(decision: u8, player: u8) -> Phase {
        Phase::Decide {
            mechanism: M::INDEX as u8,
            decision,
            player,
        }
    }

    /// Which of mechanism `M`'s decisions this phase is, if it is one of them.
    pub(in crate::game) fn decision_of<M: Registered>(self) -> Option<u8> {
        match self {
            Phase::Decide {
                mechanism, decision, ..
            } if usize::from(mechanism) == M::INDEX => Some(decision),
            _ => None,
        }
    }
}

impl Game {
    /// The figure types of mechanism `M` (bit `f` for type `f`), whether it is in play or not.
    #[inline]
    pub(in crate::game) fn own_figures<M: Registered>(&self) -> FigureTypes {
        self.mechanisms.own[M::INDEX]
    }
}

/// Registers mechanisms: each entry `name: Type` declares module `name` (this folder's
/// `name.rs`) holding `Type`, a [`Mechanism`]; an entry may carry attributes (`#[cfg(test)]`).
/// Writes [`Mechanisms`](super::Mechanisms), the states of all, and the dispatchers through
/// which the core calls each hook.
macro_rules! mechanisms {
    ($( $(#[$attr:meta])* $name:ident: $ty:ident, )*) => {
        $( $(#[$attr])* mod $name; )*
        $( $(#[$attr])* pub use $name::$ty; )*

        /// Registration order (the variant after the last counts them).
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy)]
        enum Index {
            $( $(#[$attr])* $name, )*
            Count,
        }

        /// Mechanisms registered.
        const COUNT: usize = Index::Count as usize;

        /// No mechanism owns the figure type.
        const NO_OWNER: u8 = u8::MAX;

        $( $(#[$attr])* impl $crate::game::mechanisms::hooks::sealed::Registrable for $name::$ty {} )*

        $( $(#[$attr])* impl $crate::game::mechanisms::hooks::Registered for $name::$ty {
            const INDEX: usize = Index::$name as usize;
            const FIRST_ACTION: u8 = FIRST_ACTIONS[Index::$name as usize];
            const FIRST_EVENT: u8 = FIRST_EVENTS[Index::$name as usize];
            const FIRST_REASON: u8 = FIRST_REASONS[Index::$name as usize];
            #[inline(always)]
            fn state(all: &Mechanisms) -> &Self {
                &all.$name
            }
            #[inline(always)]
            fn state_mut(all: &mut Mechanisms) -> &mut Self {
                &mut all.$name
            }
        } )*

        /// By mechanism, its own actions' words ([`Mechanism::ACTIONS`]).
        const ACTIONS: [&[$crate::game::Words]; COUNT] = {
            let mut actions: [&[$crate::game::Words]; COUNT] = [&[]; COUNT];
            $( $(#[$attr])* {
                actions[Index::$name as usize] = <$name::$ty as Mechanism>::ACTIONS;
            } )*
            actions
        };

        /// By mechanism, the kind of its first action; after the last, how many there are.
        const FIRST_ACTIONS: [u8; COUNT + 1] = $crate::game::mechanisms::hooks::starts(&ACTIONS);

        /// By mechanism, its own events' words ([`Mechanism::EVENTS`]).
        const EVENTS: [&[$crate::game::EventWords]; COUNT] = {
            let mut events: [&[$crate::game::EventWords]; COUNT] = [&[]; COUNT];
            $( $(#[$attr])* {
                events[Index::$name as usize] = <$name::$ty as Mechanism>::EVENTS;
            } )*
            events
        };

        /// By mechanism, the kind of its first event; after the last, how many there are.
        const FIRST_EVENTS: [u8; COUNT + 1] = $crate::game::mechanisms::hooks::starts(&EVENTS);

        /// By mechanism, its own reasons' words ([`Mechanism::REASONS`]).
        const REASONS: [&[$crate::game::ReasonWords]; COUNT] = {
            let mut reasons: [&[$crate::game::ReasonWords]; COUNT] = [&[]; COUNT];
            $( $(#[$attr])* {
                reasons[Index::$name as usize] = <$name::$ty as Mechanism>::REASONS;
            } )*
            reasons
        };

        /// By mechanism, the kind of its first reason; after the last, how many there are.
        const FIRST_REASONS: [u8; COUNT + 1] = $crate::game::mechanisms::hooks::starts(&REASONS);

        /// By mechanism, what it counts in a feature's score ([`Mechanism::EXTRA`]).
        const EXTRAS: [Option<$crate::game::Noun>; COUNT] = {
            let mut extras = [None; COUNT];
            $( $(#[$attr])* {
                extras[Index::$name as usize] = <$name::$ty as Mechanism>::EXTRA;
            } )*
            extras
        };

        /// By mechanism, what its own figure types must be ([`Mechanism::FIGURE`]).
        const FIGURES: [Option<OwnFigure>; COUNT] = {
            let mut figures = [None; COUNT];
            $( $(#[$attr])* {
                figures[Index::$name as usize] = <$name::$ty as Mechanism>::FIGURE;
            } )*
            figures
        };

        /// By mechanism, its tally ([`Mechanism::TALLY`]).
        const TALLIES: [Option<$crate::game::Tally>; COUNT] = {
            let mut tallies = [None; COUNT];
            $( $(#[$attr])* {
                tallies[Index::$name as usize] = <$name::$ty as Mechanism>::TALLY;
            } )*
            tallies
        };

        /// By mechanism, its counters' keys (none without a tally).
        const COUNTERS: [&[&str]; COUNT] = {
            let (mut counters, mut i): ([&[&str]; COUNT], usize) = ([&[]; COUNT], 0);
            while i < COUNT {
                if let Some(tally) = TALLIES[i] {
                    counters[i] = tally.counters;
                }
                i += 1;
            }
            counters
        };

        /// By mechanism, the index of its first counter; after the last, how many there are.
        const FIRST_COUNTERS: [u8; COUNT + 1] = $crate::game::mechanisms::hooks::starts(&COUNTERS);

        /// Whether any registered mechanism has a say in where tiles go.
        const ANY_RESTRICTS_PLACEMENT: bool = {
            let mut any = false;
            $( $(#[$attr])* {
                any = any || <$name::$ty as Mechanism>::RESTRICTS_PLACEMENT;
            } )*
            any
        };

        /// The names of the registered mechanisms, in registration order.
        const NAMES: [&str; COUNT] = {
            let mut names = [""; COUNT];
            $( $(#[$attr])* {
                names[Index::$name as usize] = <$name::$ty as Mechanism>::NAME;
            } )*
            names
        };

        /// The state of every registered mechanism in a game, which of them are in play, and
        /// their figure types.
        #[derive(Debug)]
        pub struct Mechanisms {
            /// Bit `i`: the mechanism registered `i`th is in play.
            in_play: u32,
            /// In play and restricting placements ([`Mechanism::RESTRICTS_PLACEMENT`]).
            restricting: u32,
            /// By mechanism: its figure types (bit `f` for type `f`), in play or not.
            pub(in crate::game) own: [$crate::game::FigureTypes; COUNT],
            /// Every mechanism's own figure types.
            pub(in crate::game) owned: $crate::game::FigureTypes,
            /// By figure type: the index of the mechanism that owns it ([`NO_OWNER`]: none).
            owner: [u8; $crate::game::MAX_FIGURE_TYPES],
            $( $(#[$attr])* pub(in crate::game) $name: $name::$ty, )*
        }

        impl Clone for Mechanisms {
            fn clone(&self) -> Mechanisms {
                Mechanisms {
                    in_play: self.in_play,
                    restricting: self.restricting,
                    own: self.own,
                    owned: self.owned,
                    owner: self.owner,
                    $( $(#[$attr])* $name: self.$name.clone(), )*
                }
            }

            fn clone_from(&mut self, source: &Mechanisms) {
                (self.in_play, self.restricting, self.own, self.owned, self.owner) =
                    (source.in_play, source.restricting, source.own, source.owned, source.owner);
                $( $(#[$attr])* self.$name.clone_from(&source.$name); )*
            }
        }

        impl Mechanisms {
            /// The mechanisms of a game of `def`, not dealt yet.
            pub(in crate::game) fn new(def: &$crate::game::GameDef) -> Mechanisms {
                let (mut in_play, mut restricting, mut own, mut owned) = (0, 0, [0; COUNT], 0);
                let mut owner = [NO_OWNER; $crate::game::MAX_FIGURE_TYPES];
                $( $(#[$attr])* {
                    type M = $name::$ty;
                    let bit = 1u32 << Index::$name as u32;
                    if <M as Mechanism>::in_play(def) {
                        in_play |= bit;
                        if <M as Mechanism>::RESTRICTS_PLACEMENT {
                            restricting |= bit;
                        }
                    }
                    own[Index::$name as usize] = def.figure_types(<M as Mechanism>::owns);
                    // A figure type has one owner: the first mechanism registered to claim it.
                    let mut mine = own[Index::$name as usize] & !owned;
                    while mine != 0 {
                        owner[mine.trailing_zeros() as usize] = Index::$name as u8;
                        mine &= mine - 1;
                    }
                    owned |= own[Index::$name as usize];
                } )*
                Mechanisms {
                    in_play,
                    restricting,
                    own,
                    owned,
                    owner,
                    $( $(#[$attr])* $name: <$name::$ty as Mechanism>::new(def), )*
                }
            }

            /// The figure types that stay on the table whatever sends figures home in the
            /// middle of a turn ([`Mechanism::FIGURES_STAY`]).
            pub fn staying_figures(&self) -> $crate::game::FigureTypes {
                let mut staying = 0;
                $( $(#[$attr])* if <$name::$ty as Mechanism>::FIGURES_STAY {
                    staying |= self.own[Index::$name as usize];
                } )*
                staying
            }

            /// Every mechanism back to its state before a deal of `def`, keeping memory.
            pub(in crate::game) fn restart(&mut self, def: &$crate::game::GameDef) {
                $( $(#[$attr])* self.$name.restart(def); )*
            }

            /// The game was dealt with `seed`.
            pub(in crate::game) fn dealt(&mut self, seed: u64) {
                $( $(#[$attr])* self.$name.dealt(seed); )*
            }

            /// What no player can know, drawn anew from `rng`.
            pub(in crate::game) fn determinize(&mut self, rng: &mut $crate::game::Rng) {
                $( $(#[$attr])* self.$name.determinize(rng); )*
            }

            /// Adds the figures of `player` that mechanisms hold off the table to `counts`.
            pub(in crate::game) fn figures_aside(&self, player: u8, counts: &mut [u8; $crate::game::MAX_FIGURE_TYPES]) {
                $( $(#[$attr])* if self.in_play & 1 << Index::$name as u32 != 0 {
                    self.$name.figures_aside(player, counts);
                } )*
            }

            /// The figures mechanisms in play show at a corner of a tile rather than on their
            /// feature ([`Mechanism::corner_figures`]).
            pub fn corner_figures(&self) -> impl Iterator<Item = &$crate::game::CornerFigure> {
                let mut all = Vec::new();
                $( $(#[$attr])* if self.in_play & 1 << Index::$name as u32 != 0 {
                    all.extend(self.$name.corner_figures());
                } )*
                all.into_iter()
            }

            /// The figures no player owns on the table, of every mechanism in play
            /// ([`Mechanism::neutral_figures`]).
            pub fn neutral_figures(game: &$crate::game::Game) -> Vec<$crate::game::NeutralFigure> {
                let mut all = Vec::new();
                $( $(#[$attr])* if game.mechanisms.in_play & 1 << Index::$name as u32 != 0 {
                    <$name::$ty as Mechanism>::neutral_figures(game, &mut all);
                } )*
                all
            }

            /// In a mechanism's decision about a figure it holds off the table: the figure, on
            /// the node it stood on ([`Mechanism::deciding_figure`]).
            pub fn deciding_figure(game: &$crate::game::Game) -> Option<$crate::game::BoardFigure> {
                $( $(#[$attr])* if let Some(figure) = <$name::$ty as Mechanism>::deciding_figure(game) {
                    return Some(figure);
                } )*
                None
            }

            /// Whether any mechanism in play restricts placements.
            #[inline(always)]
            pub(in crate::game) fn restrict_placement(&self) -> bool {
                ANY_RESTRICTS_PLACEMENT && self.restricting != 0
            }

            /// The names of the mechanisms in play, in registration order.
            pub fn in_play(&self) -> impl Iterator<Item = &'static str> + '_ {
                (0..COUNT).filter(|&i| self.in_play & 1 << i != 0).map(|i| NAMES[i])
            }

            /// Whether the mechanism named `name` is in play.
            pub fn plays(&self, name: &str) -> bool {
                self.in_play().any(|n| n == name)
            }

            $(
                $(#[$attr])*
                #[doc = concat!("The state of `", stringify!($name), "`.")]
                pub fn $name(&self) -> &$name::$ty {
                    &self.$name
                }
            )*

            /// The prompt for the player who decides in `phase`, if a mechanism owns the phase.
            pub fn prompt(phase: $crate::game::Phase) -> Option<String> {
                $( $(#[$attr])* if let Some(prompt) = <$name::$ty as Mechanism>::prompt(phase) {
                    return Some(prompt);
                } )*
                None
            }

            /// Words for an action of a mechanism chosen with a button (`"Grow the flock"`).
            pub fn action_words(phase: $crate::game::Phase, action: $crate::game::Action) -> Option<&'static str> {
                $( $(#[$attr])* if let Some(words) = <$name::$ty as Mechanism>::action_words(phase, action) {
                    return Some(words);
                } )*
                None
            }

            /// The name of the picture a mechanism gives figure type `figure` (`"barn"`).
            pub fn figure_look(figure: &$crate::game::FigureType) -> Option<&'static str> {
                $( $(#[$attr])* if let Some(look) = <$name::$ty as Mechanism>::figure_look(figure) {
                    return Some(look);
                } )*
                None
            }

            /// Whether a game of `def` plays with the mechanism named `name`.
            pub fn plays_in(def: &$crate::game::GameDef, name: &str) -> bool {
                $( $(#[$attr])* if <$name::$ty as Mechanism>::NAME == name {
                    return <$name::$ty as Mechanism>::in_play(def);
                } )*
                false
            }

            /// The figure types of `def` that points for `reason` pay, if a mechanism pays them
            /// to its own figures ([`ReasonWords::pays_own`](crate::game::ReasonWords::pays_own));
            /// `None` for points paid to followers.
            pub fn paid_figures(def: &$crate::game::GameDef, reason: $crate::game::Reason) -> Option<$crate::game::FigureTypes> {
                let $crate::game::Reason::Mechanism(award) = reason else {
                    return None;
                };
                let (m, words) = $crate::game::mechanisms::hooks::declared(&REASONS, &FIRST_REASONS, award.kind)?;
                if !words.pays_own {
                    return None;
                }
                $( $(#[$attr])* if m == Index::$name as usize {
                    return Some(def.figure_types(<$name::$ty as Mechanism>::owns));
                } )*
                None
            }

            /// How the event of kind `kind` is written and told
            /// ([`Happening::kind`](crate::game::Happening::kind)), if a mechanism declares one
            /// of that kind.
            pub fn event_words(kind: u8) -> Option<$crate::game::EventWords> {
                $crate::game::mechanisms::hooks::declared(&EVENTS, &FIRST_EVENTS, kind).map(|(_, words)| words)
            }

            /// Every mechanism's events, in order of kind.
            pub fn all_events() -> impl Iterator<Item = $crate::game::EventWords> {
                EVENTS.into_iter().flatten().copied()
            }

            /// How the reason of kind `kind` is written and told
            /// ([`Award::kind`](crate::game::Award::kind)), if a mechanism declares one of that
            /// kind.
            pub fn reason_words(kind: u8) -> Option<$crate::game::ReasonWords> {
                $crate::game::mechanisms::hooks::declared(&REASONS, &FIRST_REASONS, kind).map(|(_, words)| words)
            }

            /// Every mechanism's reasons, in order of kind.
            pub fn all_reasons() -> impl Iterator<Item = $crate::game::ReasonWords> {
                REASONS.into_iter().flatten().copied()
            }

            /// What the mechanism registered at `index` counts in a feature's score.
            pub fn extra_noun(index: u8) -> Option<$crate::game::Noun> {
                EXTRAS.get(usize::from(index)).copied().flatten()
            }

            /// The mechanism whose count in a feature's score is written under `key` (the
            /// plural of its noun).
            pub fn extra_named(key: &str) -> Option<u8> {
                EXTRAS.iter().position(|noun| noun.is_some_and(|noun| noun.many == key)).map(|m| m as u8)
            }

            /// What every mechanism counts in a feature's score, in registration order.
            pub fn extra_nouns() -> impl Iterator<Item = $crate::game::Noun> {
                EXTRAS.into_iter().flatten()
            }

            /// Counters of every mechanism's tally together.
            pub fn counters() -> usize {
                usize::from(FIRST_COUNTERS[COUNT])
            }

            /// The tally of each mechanism that has one and plays in a game of `def`, with the
            /// index of its first counter among [`Mechanisms::counters`].
            pub fn tallies(def: &$crate::game::GameDef) -> impl Iterator<Item = ($crate::game::Tally, usize)> {
                let mut tallies = Vec::new();
                $( $(#[$attr])* if let Some(tally) = <$name::$ty as Mechanism>::TALLY
                    && <$name::$ty as Mechanism>::in_play(def)
                {
                    tallies.push((tally, usize::from(FIRST_COUNTERS[Index::$name as usize])));
                } )*
                tallies.into_iter()
            }

            /// The tally a mechanism reports under `key`.
            pub fn tally_named(key: &str) -> Option<$crate::game::Tally> {
                TALLIES.into_iter().flatten().find(|tally| tally.key == key)
            }

            /// The key of every mechanism's tally, in registration order.
            pub fn tally_keys() -> impl Iterator<Item = &'static str> {
                TALLIES.into_iter().flatten().map(|tally| tally.key)
            }

            /// Where the tally reported under `key` comes among every mechanism's (after them
            /// all when no mechanism reports it).
            pub fn tally_order(key: &str) -> usize {
                TALLIES.iter().position(|tally| tally.is_some_and(|t| t.key == key)).unwrap_or(COUNT)
            }

            /// The counter (among [`Mechanisms::counters`]) that `happening` adds one to.
            pub fn event_counter(happening: &$crate::game::Happening) -> Option<usize> {
                let (m, words) = $crate::game::mechanisms::hooks::declared(&EVENTS, &FIRST_EVENTS, happening.kind)?;
                let counter = (words.counts)(happening)?;
                Self::counter_of(m, counter)
            }

            /// The counters (among [`Mechanisms::counters`]) that a scoring for `award` and its
            /// points add to.
            pub fn award_counters(award: $crate::game::Award) -> Option<(usize, usize)> {
                let (m, words) = $crate::game::mechanisms::hooks::declared(&REASONS, &FIRST_REASONS, award.kind)?;
                let (times, points) = words.counts?;
                Some((Self::counter_of(m, times)?, Self::counter_of(m, points)?))
            }

            /// Counter `counter` of mechanism `m`'s tally, among [`Mechanisms::counters`].
            fn counter_of(m: usize, counter: u8) -> Option<usize> {
                (usize::from(counter) < COUNTERS[m].len()).then(|| usize::from(FIRST_COUNTERS[m] + counter))
            }

            /// The feature kinds a mechanism puts its own figure type `figure` on besides those it
            /// is deployed on ([`Mechanism::stands_on_table`]).
            pub fn stands_on_table(figure: &$crate::game::FigureType) -> u8 {
                let mut kinds = 0;
                $( $(#[$attr])* if <$name::$ty as Mechanism>::owns(figure) {
                    kinds |= <$name::$ty as Mechanism>::stands_on_table(figure);
                } )*
                kinds
            }

            /// Why a mechanism refuses a game of these figure types and this bag, if one does
            /// ([`Mechanism::setup_refused`]).
            pub fn setup_refused(figures: &[$crate::game::FigureType], bag: &[u8]) -> Option<String> {
                $( $(#[$attr])* if let Some(why) = <$name::$ty as Mechanism>::setup_refused(figures, bag) {
                    return Some(why);
                } )*
                None
            }

            /// What each mechanism's own figure types must be in the files
            /// ([`Mechanism::FIGURE`]), in registration order.
            pub fn own_figures() -> impl Iterator<Item = OwnFigure> {
                FIGURES.into_iter().flatten()
            }

            /// The name of the mechanism registered at `index`.
            pub fn name(index: u8) -> Option<&'static str> {
                NAMES.get(usize::from(index)).copied()
            }

            /// How the action of kind `kind` is written ([`Step::kind`](crate::game::Step::kind)), if a mechanism
            /// declares one of that kind.
            pub fn words(kind: u8) -> Option<$crate::game::Words> {
                $crate::game::mechanisms::hooks::declared(&ACTIONS, &FIRST_ACTIONS, kind).map(|(_, words)| words)
            }

            /// The kind of the action a mechanism declares under `name`.
            pub fn action_named(name: &str) -> Option<u8> {
                (0..FIRST_ACTIONS[COUNT]).find(|&kind| Self::words(kind).is_some_and(|w| w.name == name))
            }

            /// Every mechanism's actions, in order of kind.
            pub fn all_words() -> impl Iterator<Item = $crate::game::Words> {
                ACTIONS.into_iter().flatten().copied()
            }
        }

        impl $crate::game::Game {
            /// [`Mechanism::turn_begins`] of each mechanism in play registered at index `from` or
            /// later, until one waits.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_turn_begins(&mut self, from: usize, events: &mut Vec<$crate::game::Event>) -> Flow {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if Index::$name as usize >= from
                    && in_play & 1 << Index::$name as u32 != 0
                    && <$name::$ty as Mechanism>::turn_begins(&mut $crate::game::Play::new(self), events) == Flow::Wait
                {
                    return Flow::Wait;
                } )*
                Flow::Continue
            }

            /// Why a mechanism in play closes placed tile `placed` to every figure
            /// ([`Mechanism::closes_tile`]), if one does.
            #[inline]
            pub(in crate::game) fn tile_closed(&self, placed: u16) -> Option<&'static str> {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0
                    && let Some(why) = <$name::$ty as Mechanism>::closes_tile(self, placed)
                {
                    return Some(why);
                } )*
                None
            }

            /// Whether a mechanism in play guards placed tile `placed` ([`Mechanism::guards`]).
            pub(in crate::game) fn tile_guarded(&self, placed: u16) -> bool {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0
                    && <$name::$ty as Mechanism>::guards(self, placed)
                {
                    return true;
                } )*
                false
            }

            /// [`Mechanism::drawn`] of each mechanism in play, until one sets `tile` aside.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_set_aside(&mut self, tile: u16, events: &mut Vec<$crate::game::Event>) -> bool {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0
                    && <$name::$ty as Mechanism>::drawn(&mut $crate::game::Play::new(self), tile, events)
                {
                    return true;
                } )*
                false
            }

            /// Whether a mechanism in play restricts where `tile` may go
            /// ([`Mechanism::restricts`]): placements of it then leave the fast table paths.
            #[inline(always)]
            pub(in crate::game) fn restricts_placement_of(&self, tile: u16) -> bool {
                if !self.mechanisms.restrict_placement() {
                    return false;
                }
                let restricting = self.mechanisms.restricting;
                $( $(#[$attr])* if <$name::$ty as Mechanism>::RESTRICTS_PLACEMENT
                    && restricting & 1 << Index::$name as u32 != 0
                    && <$name::$ty as Mechanism>::restricts(self, tile)
                {
                    return true;
                } )*
                false
            }

            /// Whether every mechanism in play that restricts placements lets `tile` go at `at`.
            #[inline]
            pub(in crate::game) fn mechanisms_allow(&self, tile: u16, at: $crate::game::Placement) -> bool {
                let restricting = self.mechanisms.restricting;
                $( $(#[$attr])* if <$name::$ty as Mechanism>::RESTRICTS_PLACEMENT
                    && restricting & 1 << Index::$name as u32 != 0
                    && !<$name::$ty as Mechanism>::placement_allowed(self, tile, at)
                {
                    return false;
                } )*
                true
            }

            /// [`Mechanism::after_placement`] of each mechanism in play.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_after_placement(&mut self, tile: u16, events: &mut Vec<$crate::game::Event>) {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0 {
                    <$name::$ty as Mechanism>::after_placement(&mut $crate::game::Play::new(self), tile, events);
                } )*
            }

            /// [`Mechanism::deploy_options`] of each mechanism in play with its own figure types
            /// in `in_supply`.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_deploy_options(&self, placed: u16, in_supply: $crate::game::FigureTypes, out: &mut Vec<$crate::game::Action>) {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* {
                    let own = in_supply & self.mechanisms.own[Index::$name as usize];
                    if in_play & 1 << Index::$name as u32 != 0 && own != 0 {
                        <$name::$ty as Mechanism>::deploy_options(self, placed, own, out);
                    }
                } )*
            }

            /// Why player `player` may not put figure type `figure`, a mechanism's own, onto the
            /// feature of `node` ([`Mechanism::deploy_own`] of its owner).
            #[inline]
            pub(in crate::game) fn own_figure_refused(&self, player: u8, figure: u8, node: u32) -> Option<&'static str> {
                let owner = self.mechanisms.owner[usize::from(figure) % $crate::game::MAX_FIGURE_TYPES];
                $( $(#[$attr])* if owner == Index::$name as u8 {
                    return <$name::$ty as Mechanism>::deploy_own(self, player, figure, node);
                } )*
                None
            }

            /// Of the mechanisms' own figure types `own`, those the current player may put onto
            /// the feature of `node`.
            #[inline(never)]
            pub(in crate::game) fn own_figures_open(&self, node: u32, mut own: $crate::game::FigureTypes) -> $crate::game::FigureTypes {
                let mut open = 0;
                while own != 0 {
                    let figure = own.trailing_zeros() as u8;
                    own &= own - 1;
                    if self.own_figure_refused(self.current, figure, node).is_none() {
                        open |= 1 << figure;
                    }
                }
                open
            }

            /// Why a mechanism in play closes the feature of `node` to the figures of the
            /// common rule ([`Mechanism::closes`]), if one does.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_close(&self, node: u32) -> Option<&'static str> {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0
                    && let Some(why) = <$name::$ty as Mechanism>::closes(self, node)
                {
                    return Some(why);
                } )*
                None
            }

            /// Tells the owner of `figure`'s type, if a mechanism owns it, that it arrived.
            #[inline]
            pub(in crate::game) fn figure_arrives(
                &mut self,
                figure: $crate::game::BoardFigure,
                arrival: Arrival,
                events: &mut Vec<$crate::game::Event>,
            ) {
                let owner = self.mechanisms.owner[usize::from(figure.figure) % $crate::game::MAX_FIGURE_TYPES];
                $( $(#[$attr])* if owner == Index::$name as u8 {
                    <$name::$ty as Mechanism>::figure_arrives(&mut $crate::game::Play::new(self), figure, arrival, events);
                    return;
                } )*
            }

            /// Puts a figure like [`Game::put_figure`](crate::game::Game::put_figure), carrying
            /// `amount` of the tokens its type's mechanism lays out with it (a shepherd's flock of
            /// `amount` sheep, in tokens taken from the bag, the largest first): the
            /// [`Mechanism::put_carrying`] of the mechanism that owns figure type `figure`. A
            /// figure type that carries nothing is refused.
            pub fn put_figure_carrying(
                &mut self,
                seat: $crate::game::Seat,
                figure: $crate::game::FigureIndex,
                at: $crate::game::FeatureAt,
                amount: u16,
            ) -> Result<(), $crate::game::ActionError> {
                let owner = if usize::from(figure.0) < self.def.figures.len().min($crate::game::MAX_FIGURE_TYPES) {
                    self.mechanisms.owner[usize::from(figure.0)]
                } else {
                    NO_OWNER
                };
                $( $(#[$attr])* if owner == Index::$name as u8 {
                    return <$name::$ty as Mechanism>::put_carrying(&mut $crate::game::Play::new(self), seat, figure, at, amount);
                } )*
                Err($crate::game::mechanisms::hooks::carries_nothing(figure, at))
            }

            /// [`Mechanism::score_feature`] of each mechanism in play.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_score_feature(
                &self,
                node: u32,
                score: &mut $crate::game::FeatureScore,
                points: &mut u32,
            ) {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0 {
                    <$name::$ty as Mechanism>::score_feature(self, node, score, points);
                } )*
            }

            /// [`Mechanism::feature_completed`] of each mechanism in play.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_feature_completed(
                &mut self,
                root: u32,
                score: &$crate::game::FeatureScore,
                events: &mut Vec<$crate::game::Event>,
            ) {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0 {
                    <$name::$ty as Mechanism>::feature_completed(&mut $crate::game::Play::new(self), root, score, events);
                } )*
            }

            /// [`Mechanism::break_tie`] of each mechanism in play.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_break_tie(&mut self, mut tied: $crate::game::Players) -> $crate::game::Players {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0 {
                    tied = <$name::$ty as Mechanism>::break_tie(&mut $crate::game::Play::new(self), tied);
                } )*
                tied
            }

            /// Whether a mechanism in play keeps `figure`, leaving a completed feature, off the
            /// table ([`Mechanism::holds_leaving`]).
            #[inline(always)]
            pub(in crate::game) fn mechanisms_hold(&mut self, figure: $crate::game::BoardFigure) -> bool {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0
                    && <$name::$ty as Mechanism>::holds_leaving(&mut $crate::game::Play::new(self), figure)
                {
                    return true;
                } )*
                false
            }

            /// [`Mechanism::before_scoring`] of each mechanism in play registered at index
            /// `from` or later, until one waits.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_before_scoring(
                &mut self,
                from: usize,
                placed: u16,
                events: &mut Vec<$crate::game::Event>,
            ) -> Flow {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if Index::$name as usize >= from
                    && in_play & 1 << Index::$name as u32 != 0
                    && <$name::$ty as Mechanism>::before_scoring(&mut $crate::game::Play::new(self), placed, events) == Flow::Wait
                {
                    return Flow::Wait;
                } )*
                Flow::Continue
            }

            /// [`Mechanism::after_scoring`] of each mechanism in play registered at index `from`
            /// or later, until one waits.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_after_scoring(
                &mut self,
                from: usize,
                placed: u16,
                events: &mut Vec<$crate::game::Event>,
            ) -> Flow {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if Index::$name as usize >= from
                    && in_play & 1 << Index::$name as u32 != 0
                    && <$name::$ty as Mechanism>::after_scoring(&mut $crate::game::Play::new(self), placed, events) == Flow::Wait
                {
                    return Flow::Wait;
                } )*
                Flow::Continue
            }

            /// [`Mechanism::field_scored`] of each mechanism in play.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_field_scored(
                &mut self,
                winners: $crate::game::Players,
                reason: $crate::game::Reason,
                node: u32,
                events: &mut Vec<$crate::game::Event>,
            ) {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0 {
                    <$name::$ty as Mechanism>::field_scored(&mut $crate::game::Play::new(self), winners, reason, node, events);
                } )*
            }

            /// Whether a mechanism in play keeps the turn with the current player
            /// ([`Mechanism::keeps_turn`]): the first that does decides.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_keep_turn(&mut self, events: &mut Vec<$crate::game::Event>) -> bool {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0
                    && <$name::$ty as Mechanism>::keeps_turn(&mut $crate::game::Play::new(self), events)
                {
                    return true;
                } )*
                false
            }

            /// [`Mechanism::final_scoring_begins`] of each mechanism in play.
            pub(in crate::game) fn mechanisms_final_scoring_begins(&mut self, events: &mut Vec<$crate::game::Event>) {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0 {
                    <$name::$ty as Mechanism>::final_scoring_begins(&mut $crate::game::Play::new(self), events);
                } )*
            }

            /// [`Mechanism::end_of_game`] of each mechanism in play.
            pub(in crate::game) fn mechanisms_end_of_game(&mut self, events: &mut Vec<$crate::game::Event>) {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0 {
                    <$name::$ty as Mechanism>::end_of_game(&mut $crate::game::Play::new(self), events);
                } )*
            }

            /// [`Mechanism::legal_actions`] of every mechanism.
            pub(in crate::game) fn mechanisms_legal_actions(&self, out: &mut Vec<$crate::game::Action>) {
                $( $(#[$attr])* <$name::$ty as Mechanism>::legal_actions(self, out); )*
            }

            /// [`Mechanism::instead_of_deploying`] of each mechanism in play.
            #[inline(always)]
            pub(in crate::game) fn mechanisms_instead_of_deploying(&self, out: &mut Vec<$crate::game::Action>) {
                let in_play = self.mechanisms.in_play;
                $( $(#[$attr])* if in_play & 1 << Index::$name as u32 != 0 {
                    <$name::$ty as Mechanism>::instead_of_deploying(self, out);
                } )*
            }

            /// [`Mechanism::apply`] of the first mechanism whose action `action` is.
            pub(in crate::game) fn mechanisms_apply(
                &mut self,
                action: $crate::game::Action,
                events: &mut Vec<$crate::game::Event>,
            ) -> Option<Result<(), $crate::game::ActionError>> {
                $( $(#[$attr])* if let Some(result) = <$name::$ty as Mechanism>::apply(&mut $crate::game::Play::new(self), action, events) {
                    return Some(result);
                } )*
                None
            }
        }
    };
}

pub(super) use mechanisms;
