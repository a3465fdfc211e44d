//! Abbey & Mayor's barn: placed where four field corners meet, it scores the farmers it meets
//! and, at the end, every completed city around its field.
//!
//! Corners are numbered clockwise from the north-west (0) of a tile as it lies on the table.
//! A corner is field when the edge segments on both sides of it belong to one field.
//!
//! A field scores for barns once per player: with a house rule giving a player several barns,
//! two of theirs can come to share a field (fields joined by a tile, or `barn-on-barn-field`),
//! and the field then pays them once at the end. A meeting with farmers scores the field once
//! whatever barns stand on it, since the farmers go home.
//!
//! Hooks: its own deployment (on a corner, `deploy-barn`), fields closed to farmers,
//! farmers met after the scoring step, and barns scored at the end of the game.

use super::{Arrival, Flow, Mechanism, OwnFigure, carries_word};
use crate::game::{
    Action, ActionError, Award, BoardFigure, CornerFigure, Event, EventWords, FigureMove, FigureType, FigureTypes,
    Game, GameDef, Happening, MAX_FIGURE_TYPES, Noun, Phase, Play, Players, Reason, ReasonWords, Slot, Step, Takes,
    Tally, Words, kind_bit,
};
use crate::model::{FeatureKind, FigureMechanism, Role, Spot, keys};

/// Its one action: a barn deployed on a corner of the tile just placed.
const DEPLOY: Step = Step::own::<Barns>(0);

/// Its one event: a barn placed.
const PLACED: u8 = 0;

/// Its ways of scoring: farmers met by a barn in play, and a barn's owner at the end.
const MEETING: u8 = 0;
const AT_END: u8 = 1;

/// Its counters ([`Mechanism::TALLY`]), in order.
const COUNTED: [&str; 5] = ["placed", "meetings", "meeting_points", "end_scorings", "end_points"];

/// The cities a field supplies, as farmers' and barns' points count them.
const CITIES: Noun = Noun {
    one: "completed city",
    many: "completed cities",
};

/// For corner `k` of a cell: the offset of the point it touches, as the north-west corner of
/// the cell `(x + dx, y + dy)`.
const CORNER_POINT: [(i32, i32); 4] = [(0, 0), (1, 0), (1, 1), (0, 1)];
/// The corner of each of the four cells around a point ([`Board::around_point`] order) that
/// touches it.
///
/// [`Board::around_point`]: crate::game::Board::around_point
const AROUND_POINT: [usize; 4] = [2, 3, 1, 0];

/// The barns of a game.
#[derive(Debug, Clone, Default)]
pub struct Barns {
    /// The field nodes barns stand on (a barn stays until the end), so that looking for a
    /// barn on a field need not go through every figure.
    fields: Vec<u32>,
    /// The corners of the barns deployed in play, in the order they were placed.
    corners: Vec<CornerFigure>,
    /// The field node of a barn placed this turn, scored in the scoring step.
    placed: Option<u32>,
    /// The values in play (`[values]`), read once: points per completed city when a barn is
    /// placed on farmers, when a tile joins them, and at the end.
    per_city: PerCity,
}

/// Points per completed city, by occasion.
#[derive(Debug, Clone, Copy, Default)]
struct PerCity {
    placed: u32,
    joined: u32,
    at_end: u32,
}

impl PerCity {
    fn of(def: &GameDef) -> PerCity {
        PerCity {
            placed: def.value(keys::BARN_PLACED_PER_CITY),
            joined: def.value(keys::BARN_JOINED_PER_CITY),
            at_end: def.value(keys::BARN_FINAL_PER_CITY),
        }
    }
}

impl Mechanism for Barns {
    const NAME: &'static str = "barn";

    fn in_play(def: &GameDef) -> bool {
        def.figures().iter().any(|f| Barns::owns(f) && f.count > 0)
    }

    const FIGURES_STAY: bool = true;

    const FIGURE: Option<OwnFigure> = Some(OwnFigure {
        word: FigureMechanism::Barn,
        role: (Role::Special, "a barn never counts in a majority"),
        stands_only_on: Some(&[Spot::FieldCorner]),
        never_on: None,
        alone_on: &[Spot::FieldCorner],
        look: "barn",
    });

    fn owns(figure: &FigureType) -> bool {
        carries_word::<Barns>(figure)
    }

    fn new(def: &GameDef) -> Barns {
        Barns {
            per_city: PerCity::of(def),
            ..Barns::default()
        }
    }

    /// Another game of the same definition: the same values.
    fn restart(&mut self, _def: &GameDef) {
        self.fields.clear();
        self.corners.clear();
        self.placed = None;
    }

    const ACTIONS: &'static [Words] = &[Words {
        name: "deploy-barn",
        takes: Takes::FigureOnCorner,
    }];

    const EVENTS: &'static [EventWords] = &[EventWords {
        name: "barn-placed",
        fields: &[
            ("player", Slot::Player),
            ("figure", Slot::Figure),
            ("x", Slot::X),
            ("y", Slot::Y),
            ("corner", Slot::Spot),
        ],
        text: |_| "{who} places a barn at corner {spot} of ({x}, {y})",
        figure: FigureMove::ArrivesAtCorner,
        counts: |_| Some(0),
    }];

    /// Both pay for the completed cities around the field: farmers met in play (the farmers'
    /// majority, as at the end), and a barn's owner at the end.
    const REASONS: &'static [ReasonWords] = &[
        ReasonWords {
            name: "barn-meeting",
            field: "cities",
            noun: CITIES,
            text: "field: {count}",
            feature: FeatureKind::Field,
            at_end: false,
            pays_own: false,
            pays_farmers: true,
            counts: Some((1, 2)),
        },
        ReasonWords {
            name: "barn",
            field: "cities",
            noun: CITIES,
            text: "field: {count}",
            feature: FeatureKind::Field,
            at_end: true,
            pays_own: true,
            pays_farmers: false,
            counts: Some((3, 4)),
        },
    ];

    const TALLY: Option<Tally> = Some(Tally {
        key: "barns",
        counters: &COUNTED,
        line: "barns placed: {placed}; farmers met by a barn: {meetings} scorings, {meeting_points} points; \
               barns scored at the end: {end_scorings} scorings, {end_points} points",
    });

    /// Deployed on a corner, a barn stands on the field there.
    fn stands_on_table(_figure: &FigureType) -> u8 {
        kind_bit(FeatureKind::Field)
    }

    fn deploy_options(game: &Game, placed: u16, own: FigureTypes, out: &mut Vec<Action>) {
        game.barn_options_into(placed, own, out);
    }

    /// Farmers never go onto a field with a barn.
    #[inline]
    fn closes(game: &Game, node: u32) -> Option<&'static str> {
        (game.features.node(node).kind == FeatureKind::Field && game.has_barn(node))
            .then_some("farmers never go onto a field with a barn")
    }

    /// A barn laid on a table built by hand stands on its field.
    fn figure_arrives(game: &mut Play<'_, Self>, figure: BoardFigure, _arrival: Arrival, _events: &mut Vec<Event>) {
        game.own_mut().fields.push(figure.node);
    }

    #[inline]
    fn after_scoring(game: &mut Play<'_, Self>, placed: u16, events: &mut Vec<Event>) -> Flow {
        game.score_barn_meetings(placed, events);
        Flow::Continue
    }

    fn end_of_game(game: &mut Play<'_, Self>, events: &mut Vec<Event>) {
        game.score_barns_at_end(events);
    }

    #[inline]
    fn apply(game: &mut Play<'_, Self>, action: Action, events: &mut Vec<Event>) -> Option<Result<(), ActionError>> {
        let (Phase::Deploy { placed }, Action::Mechanism(step)) = (game.phase, action) else {
            return None;
        };
        step.own_of::<Barns>()?;
        Some(game.deploy_barn(placed, step.figure, step.spot, events).map(|()| {
            game.record(action);
            game.end_turn(events);
        }))
    }

    fn corner_figures(&self) -> &[CornerFigure] {
        &self.corners
    }
}

impl Play<'_, Barns> {
    /// Places a barn at a corner of the tile just placed.
    fn deploy_barn(&mut self, placed: u16, figure: u8, corner: u8, events: &mut Vec<Event>) -> Result<(), ActionError> {
        let refuse = |why| {
            Err(ActionError::IllegalDeployment {
                figure,
                feature: corner,
                why,
            })
        };
        if (figure as usize) >= self.def.figures.len().min(MAX_FIGURE_TYPES) || !self.is_barn(figure) {
            return refuse("only a barn stands on a corner");
        }
        if corner > 3 {
            return refuse("a tile has corners 0 to 3");
        }
        if let Some(why) = self.none_in_supply(figure) {
            return refuse(why);
        }
        let Some(field) = self.barn_spot(placed as usize, corner) else {
            return refuse("the four tiles around that corner must all be placed and all be field there");
        };
        if !self.def.rules.switches.barn_on_barn_field && self.has_barn(field) {
            return refuse("that field already has a barn");
        }
        self.take_from_supply(figure);
        let barn = BoardFigure {
            player: self.current,
            figure,
            node: field,
        };
        self.stand(barn);
        let tile = self.board.placed[placed as usize];
        let placed = Happening::own::<Barns>(PLACED, self.current).with_figure(figure);
        events.push(Event::Mechanism(placed.at(tile.tile, tile.x, tile.y).on(corner)));
        let barns = self.own_mut();
        barns.fields.push(field);
        barns.corners.push(CornerFigure {
            figure: barn,
            x: tile.x,
            y: tile.y,
            corner,
        });
        barns.placed = Some(field);
        Ok(())
    }

    /// In the scoring step: a field where a barn now meets farmers (the barn was just placed on
    /// it, or the tile joined it to the farmers' field) scores for the farmers' majority, who
    /// then go home. A barn placed this turn pays `barn-placed-per-city`, a join
    /// `barn-joined-per-city`.
    fn score_barn_meetings(&mut self, placed: u16, events: &mut Vec<Event>) {
        // A barn stays once placed (one placed this turn included): with none yet, nothing meets.
        if self.own().fields.is_empty() {
            return;
        }
        let PerCity {
            placed: placed_per_city,
            joined: joined_per_city,
            ..
        } = self.own().per_city;
        let barn_root = self.own_mut().placed.take().map(|node| self.features.root(node));
        if let Some(root) = barn_root {
            self.score_barn_meeting(root, placed_per_city, events);
        }
        // A field met twice (the barn's, or one with two nodes on the tile) has no farmers left
        // the second time, so it scores once.
        for node in self.tile_fields(placed) {
            let root = self.features.root(node);
            self.score_barn_meeting(root, joined_per_city, events);
        }
    }

    /// Scores the field of `root` for its farmers' majority and sends them home, if it has
    /// farmers and a barn.
    #[inline]
    fn score_barn_meeting(&mut self, root: u32, per_city: u32, events: &mut Vec<Event>) {
        // Only followers are counted on a feature: on a field, they are its farmers.
        if self.features.root_figures(root) > 0 && self.has_barn(root) {
            self.score_farmers_for_barn(root, per_city, events);
        }
    }

    /// Scores the field of `root`, with farmers and a barn, for its farmers' majority and sends
    /// them home. Kept out of line: most fields a tile touches have no barn.
    #[inline(never)]
    fn score_farmers_for_barn(&mut self, root: u32, per_city: u32, events: &mut Vec<Event>) {
        let cities = self.completed_cities(root);
        self.gather_figures(|r| r == root);
        let winners = self.majority();
        let points = cities.saturating_mul(per_city);
        self.award_field(
            winners,
            points,
            Reason::Mechanism(Award::own::<Barns>(MEETING, cities)),
            root,
            events,
        );
        self.send_gathered_home(true, events);
    }

    /// At the end: each barn's owner scores every completed city around its field, once per
    /// field: a player whose barns (figure counts above one) came to share a field scores it
    /// once, as a player scores a field once however many farmers they have there.
    fn score_barns_at_end(&mut self, events: &mut Vec<Event>) {
        let per_city = self.own().per_city.at_end;
        let mut scored: Vec<(u8, u32)> = Vec::new();
        for i in 0..self.figures.len() {
            let barn = self.figures[i];
            if !self.is_barn(barn.figure) {
                continue;
            }
            let field = (barn.player, self.features.root(barn.node));
            if scored.contains(&field) {
                continue;
            }
            scored.push(field);
            let cities = self.completed_cities(barn.node);
            let points = cities.saturating_mul(per_city);
            self.award(
                Players(1 << barn.player),
                points,
                Reason::Mechanism(Award::own::<Barns>(AT_END, cities)),
                barn.node,
                events,
            );
        }
    }
}

impl Game {
    /// The field node at corner `corner` of placed tile `placed`, if the corner is field.
    fn corner_field(&self, placed: usize, corner: usize) -> Option<u32> {
        let tile = self.board.placed[placed];
        let field = self.def.tables.tiles[tile.tile as usize].corner_field(corner, tile.rotation)?;
        Some(tile.node + u32::from(field))
    }

    /// The field node a barn at corner `corner` of the tile at `(x, y)` stands on (or would),
    /// if there is such a tile and the four tiles around the corner meet in a field there.
    pub fn corner_node(&self, x: i16, y: i16, corner: u8) -> Option<u32> {
        let placed = self.board.at(i32::from(x), i32::from(y))?;
        (corner < 4).then(|| self.barn_spot(placed, corner)).flatten()
    }

    /// The field a barn would stand on at corner `corner` of placed tile `placed`: the four
    /// tiles around that point must be placed and field at that point.
    fn barn_spot(&self, placed: usize, corner: u8) -> Option<u32> {
        let tile = self.board.placed[placed];
        let (dx, dy) = CORNER_POINT[usize::from(corner)];
        // Looking the tiles up is cheaper than reading their corners: all four first.
        let around = self
            .board
            .around_point(i32::from(tile.x) + dx, i32::from(tile.y) + dy)?;
        let mut field = None;
        for (placed, k) in around.into_iter().zip(AROUND_POINT) {
            field = Some(self.corner_field(placed, k)?);
        }
        field
    }

    /// Whether the field of `node` has a barn on it.
    #[inline]
    fn has_barn(&self, node: u32) -> bool {
        !self.mechanisms.barn.fields.is_empty() && self.barn_among_fields(node)
    }

    /// [`Game::has_barn`] once there are barns: out of line, so that the usual case of none
    /// costs its callers one test.
    #[inline(never)]
    fn barn_among_fields(&self, node: u32) -> bool {
        let root = self.features.root(node);
        self.mechanisms
            .barn
            .fields
            .iter()
            .any(|&field| self.features.root(field) == root)
    }

    /// Whether figure type `figure` is a barn.
    fn is_barn(&self, figure: u8) -> bool {
        self.own_figures::<Barns>() & 1 << figure != 0
    }

    /// Barn placements open on the tile just placed for the barn types in `barns` (bit `f` for
    /// figure type `f`, each in the current player's supply), appended to `out`.
    fn barn_options_into(&self, placed: u16, mut barns: FigureTypes, out: &mut Vec<Action>) {
        let spots = self.barn_spots(placed);
        while barns != 0 {
            let figure = barns.trailing_zeros() as u8;
            barns &= barns - 1;
            for (corner, _) in spots.iter().enumerate().filter(|(_, spot)| spot.is_some()) {
                out.push(Action::Mechanism(DEPLOY.with_figure(figure).on(corner as u8)));
            }
        }
    }

    /// For each corner of placed tile `placed`, the field a barn may go onto there.
    fn barn_spots(&self, placed: u16) -> [Option<u32>; 4] {
        let may_share = self.def.rules.switches.barn_on_barn_field;
        let tile = self.board.placed[placed as usize];
        let has_neighbour = self.board.neighbour_sides(i32::from(tile.x), i32::from(tile.y));
        let mut spots = [None; 4];
        for (corner, spot) in spots.iter_mut().enumerate() {
            // Corner `k` lies between sides `k` and `k + 3` (north-west: north and west): without
            // both neighbours, no need to look further.
            if has_neighbour[corner] && has_neighbour[(corner + 3) % 4] {
                *spot = self
                    .barn_spot(placed as usize, corner as u8)
                    .filter(|&field| may_share || !self.has_barn(field));
            }
        }
        spots
    }
}
