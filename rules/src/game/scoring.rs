//! Scoring: completed features during play, incomplete features and fields at the end.
//!
//! Every value comes from the rule set; the majority rule is the same for every feature: the
//! players with the greatest total follower strength score the full points, ties all score.
//!
//! The limits ([`crate::limits`]) keep every count and every award exact: at most 10,000
//! tiles and 65,535 pennants in play, rule values up to 1,000 points, strengths up to 1,000,
//! so an award fits 32 bits; a player's score adds up in 64. The arithmetic saturates only
//! for tables built by hand or rules that skipped validation, so that those never panic.

use super::{Event, FeatureScore, Game, Players, Reason, kind_bit};
use crate::model::{FarmScoring, FeatureKind, NamedStrength, Strength};

/// Size of a road or city: distinct tiles (at most the tiles in play) and pennants (at most
/// the pennants in play).
struct Size {
    tiles: u16,
    pennants: u16,
    /// The marks its parts carry (bit `m` for mark `m`).
    marks: u16,
}

/// `count × per`, the points for `count` things worth `per` each.
#[inline]
fn times(count: u16, per: u32) -> u32 {
    u32::from(count).saturating_mul(per)
}

impl Game {
    /// Scores the feature of `node`, completed during play, then returns its figures.
    pub(super) fn score_completed(&mut self, node: u32, events: &mut Vec<Event>) {
        let root = self.features.root(node);
        let Some((points, score)) = self.feature_points(node, root, true) else {
            return;
        };
        events.push(Event::FeatureCompleted {
            kind: score.kind,
            tiles: score.tiles,
            node: root,
        });
        self.mechanisms_feature_completed(root, &score, events);
        // Only followers are counted on a feature: with none there, only special figures need
        // looking for, and only on the kinds they stand on.
        if self.features.root_figures(root) == 0 && self.masks.special_kinds & kind_bit(score.kind) == 0 {
            return;
        }
        self.gather_figures(|r| r == root);
        let winners = self.majority();
        self.award(winners, points, Reason::Feature(score), root, events);
        // Mechanisms may hold figures leaving a completed feature (wagons wait to move).
        self.take_off(false, true, events);
    }

    /// The points of the road, city or monastery of `node` (whose root is `root`), complete or
    /// at the end, and what for, with what mechanisms add ([`Mechanism::score_feature`]); none
    /// for a field.
    ///
    /// [`Mechanism::score_feature`]: super::mechanisms::Mechanism::score_feature
    pub(super) fn feature_points(&mut self, node: u32, root: u32, complete: bool) -> Option<(u32, FeatureScore)> {
        let kind = self.features.node(node).kind;
        let (tiles, pennants, marks) = match kind {
            FeatureKind::City => {
                let size = self.size(root);
                (size.tiles, size.pennants, size.marks)
            }
            FeatureKind::Road => {
                let size = self.size(root);
                (size.tiles, 0, size.marks)
            }
            FeatureKind::Monastery | FeatureKind::Garden => {
                let placed = self.board.placed[self.features.node(node).placed as usize];
                (
                    1 + self.surrounding_tiles(i32::from(placed.x), i32::from(placed.y)),
                    0,
                    0,
                )
            }
            FeatureKind::Field => return None,
        };
        let scoring = &self.def.rules.scoring;
        let mut points = match kind {
            FeatureKind::City => {
                let tiny = complete && self.def.rules.switches.tiny_city && tiles == 2;
                let (per_segment, per_pennant) = match (complete, tiny) {
                    (true, true) => (scoring.tiny_city_per_segment, scoring.tiny_city_per_pennant),
                    (true, false) => (scoring.city_per_segment, scoring.city_per_pennant),
                    (false, _) => (scoring.city_per_segment_final, scoring.city_per_pennant_final),
                };
                times(tiles, per_segment).saturating_add(times(pennants, per_pennant))
            }
            FeatureKind::Road if complete => times(tiles, scoring.road_per_tile),
            FeatureKind::Road => times(tiles, scoring.road_per_tile_final),
            _ => {
                let per_tile = if complete {
                    scoring.monastery_per_tile
                } else {
                    scoring.monastery_per_tile_final
                };
                times(tiles, per_tile)
            }
        };
        let mut score = FeatureScore::new(kind, complete, tiles, pennants);
        score.marks = marks & self.def.marks_in_play;
        self.mechanisms_score_feature(node, &mut score, &mut points);
        Some((points, score))
    }

    /// Whether figure type `figure` is a follower.
    pub(super) fn is_follower(&self, figure: u8) -> bool {
        self.masks.followers & 1 << figure != 0
    }

    /// The feature nodes of the fields of placed tile `placed`.
    pub(super) fn tile_fields(&self, placed: u16) -> impl Iterator<Item = u32> + use<> {
        let tile = self.board.placed[placed as usize];
        let mut fields = self.def.tables.tiles[tile.tile as usize].fields;
        std::iter::from_fn(move || {
            let local = (fields != 0).then(|| fields.trailing_zeros())?;
            fields &= fields - 1;
            Some(tile.node + local)
        })
    }

    /// Adds points to every winner and reports it, naming feature node `node` (nothing to
    /// report for no points).
    pub(super) fn award(&mut self, winners: Players, points: u32, reason: Reason, node: u32, events: &mut Vec<Event>) {
        if winners.0 == 0 || points == 0 {
            return;
        }
        for p in winners.iter() {
            self.players[p as usize].score += u64::from(points);
        }
        events.push(Event::Scored {
            players: winners,
            points,
            reason,
            node,
        });
    }

    /// Awards a field's `points` for `reason` (its completed cities) to its majority
    /// `winners`, the field's figures being gathered, then lets the mechanisms add to it
    /// ([`Mechanism::field_scored`]: a figure's bonus per city).
    ///
    /// [`Mechanism::field_scored`]: super::mechanisms::Mechanism::field_scored
    #[inline]
    pub(super) fn award_field(
        &mut self,
        winners: Players,
        points: u32,
        reason: Reason,
        node: u32,
        events: &mut Vec<Event>,
    ) {
        self.award(winners, points, reason, node, events);
        if winners.0 != 0 {
            self.mechanisms_field_scored(winners, reason, node, events);
        }
    }

    /// Distinct tiles and pennants of a road or city: two segments of one city on one tile
    /// count as one segment, and every pennant counts.
    fn size(&mut self, root: u32) -> Size {
        // Each count marks the tiles it has seen with a number of its own, so no mark needs
        // clearing in between.
        let this_count = self.scratch.next_tile_mark(self.board.placed.len());
        let (mut tiles, mut pennants, mut marks) = (0u16, 0u16, 0u16);
        for member in self.features.members(root) {
            let node = self.features.node(member);
            let placed = self.board.placed[node.placed as usize];
            let part = &self.def.tables.tiles[placed.tile as usize].features[node.local as usize];
            pennants = pennants.saturating_add(u16::from(part.pennants));
            marks |= part.marks;
            let mark = &mut self.scratch.tile_marks[node.placed as usize];
            if *mark != this_count {
                *mark = this_count;
                tiles += 1;
            }
        }
        Size { tiles, pennants, marks }
    }

    /// Notes in `on_feature` the figures (indices into `figures`, in table order) standing on
    /// a feature whose root `wanted` accepts: one pass over the table serves both the majority
    /// and taking the figures off.
    pub(super) fn gather_figures(&mut self, wanted: impl Fn(u32) -> bool) {
        self.scratch.on_feature.clear();
        for i in 0..self.figures.len() {
            if wanted(self.features.root(self.figures[i].node)) {
                self.scratch.on_feature.push(i as u32);
            }
        }
    }

    /// The players with the greatest follower strength among the gathered figures.
    pub(super) fn majority(&mut self) -> Players {
        let mut strength = [0u32; 8];
        for k in 0..self.scratch.on_feature.len() {
            let figure = self.figures[self.scratch.on_feature[k] as usize];
            if self.is_follower(figure.figure) {
                let total = &mut strength[figure.player as usize];
                *total = total.saturating_add(self.strength_of(figure.figure, figure.node));
            }
        }
        let best = strength.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return Players(0);
        }
        let tied = Players(
            strength
                .iter()
                .enumerate()
                .filter(|(_, s)| **s == best)
                .fold(0, |mask, (p, _)| mask | (1 << p)),
        );
        if tied.0.count_ones() > 1 {
            return self.mechanisms_break_tie(tied);
        }
        tied
    }

    /// A figure's weight in a majority on the feature of its node (0: it counts as no figure).
    pub(super) fn strength_of(&mut self, figure: u8, node: u32) -> u32 {
        match self.def.figures[figure as usize].strength {
            Strength::Fixed(n) => n,
            Strength::Named(NamedStrength::Pennants) => {
                let root = self.features.root(node);
                u32::from(self.size(root).pennants)
            }
        }
    }

    /// Takes the gathered figures (or with `followers_only`, the followers: special figures
    /// stay) off the table: each goes home, or with `completed` (a feature completed in play),
    /// a mechanism may hold it ([`Mechanism::holds_leaving`]).
    ///
    /// [`Mechanism::holds_leaving`]: super::mechanisms::Mechanism::holds_leaving
    pub(super) fn take_off(&mut self, followers_only: bool, completed: bool, events: &mut Vec<Event>) {
        if followers_only {
            let (figures, followers) = (&self.figures, self.masks.followers);
            self.scratch
                .on_feature
                .retain(|&i| followers & 1 << figures[i as usize].figure != 0);
        }
        self.send_home(completed, events);
        // From the back, so that the indices still to remove stay in place.
        for k in (0..self.scratch.on_feature.len()).rev() {
            self.figures.remove(self.scratch.on_feature[k] as usize);
        }
    }

    /// Sends the gathered figures back to their owners in table order (they stay in `figures`
    /// for the caller to remove), or with `completed`, to a mechanism that holds them.
    fn send_home(&mut self, completed: bool, events: &mut Vec<Event>) {
        for k in 0..self.scratch.on_feature.len() {
            let figure = self.figures[self.scratch.on_feature[k] as usize];
            let follower = self.is_follower(figure.figure);
            if follower {
                self.features.add_figures(figure.node, -1);
            }
            if completed && self.mechanisms_hold(figure) {
                continue;
            }
            self.back_to_supply(figure.player, figure.figure, figure.node, events);
        }
    }

    /// Puts a figure that stood on `node` back in its owner's supply, and says so.
    pub(super) fn back_to_supply(&mut self, player: u8, figure: u8, node: u32, events: &mut Vec<Event>) {
        self.players[player as usize].supply[figure as usize] += 1;
        let placed = self.board.placed[self.features.node(node).placed as usize];
        events.push(Event::FigureReturned {
            player,
            figure,
            x: placed.x,
            y: placed.y,
        });
    }

    /// Final scoring: incomplete roads, cities and monasteries, then fields, then what the
    /// mechanisms score at the end.
    pub(super) fn score_end(&mut self, events: &mut Vec<Event>) {
        self.mechanisms_final_scoring_begins(events);
        self.score_incomplete_features(events);
        match self.def.rules.switches.farm_scoring {
            FarmScoring::PerField => self.score_fields_per_field(events),
            FarmScoring::PerCity => self.score_fields_per_city(events),
        }
        self.mechanisms_end_of_game(events);
    }

    /// At the end: every feature with figures other than a field scores, in the table order of
    /// its first figure, and its figures go home; the figures on fields stay.
    fn score_incomplete_features(&mut self, events: &mut Vec<Event>) {
        let mut i = 0;
        while i < self.figures.len() {
            let (node, root) = (self.figures[i].node, self.figure_root(i));
            let Some((points, score)) = self.feature_points(node, root, false) else {
                i += 1;
                continue;
            };
            // The figures before this one stand on fields: all of this feature's are after it.
            self.gather_figures(|r| r == root);
            let winners = self.majority();
            self.award(winners, points, Reason::Feature(score), root, events);
            // This figure goes home with the rest, so the next one takes its place.
            self.take_off(false, false, events);
        }
    }

    /// The root of the feature figure `i` stands on.
    fn figure_root(&self, i: usize) -> u32 {
        self.features.root(self.figures[i].node)
    }

    /// At the end, once only figures on fields are left: the root of figure `i`'s field if it
    /// is the first follower there in table order, so that each occupied field is met once.
    fn first_farmer_on(&self, i: usize) -> Option<u32> {
        let farmer = |j: usize| self.is_follower(self.figures[j].figure);
        let root = self.figure_root(i);
        (farmer(i) && !(0..i).any(|j| farmer(j) && self.figure_root(j) == root)).then_some(root)
    }

    /// The completed cities bordering the field of `root`, each counted once.
    pub(super) fn completed_cities(&mut self, root: u32) -> u32 {
        let mut cities = std::mem::take(&mut self.scratch.cities);
        self.completed_cities_into(root, &mut cities);
        // At most the city nodes of the table: 64 per tile.
        let count = cities.len() as u32;
        self.scratch.cities = cities;
        count
    }

    /// Roots of the completed cities bordering the field of `root`, each once, into `cities`
    /// (cleared first).
    fn completed_cities_into(&self, root: u32, cities: &mut Vec<u32>) {
        cities.clear();
        for member in self.features.members(self.features.root(root)) {
            let node = self.features.node(member);
            let placed = &self.board.placed[node.placed as usize];
            for &city in &self.def.tables.tiles[placed.tile as usize].features[node.local as usize].cities {
                let city_root = self.features.root(placed.node + u32::from(city));
                if self.features.node(city_root).open() == 0 && !cities.contains(&city_root) {
                    cities.push(city_root);
                }
            }
        }
    }

    /// Current rules: each field's majority scores every completed city bordering it.
    fn score_fields_per_field(&mut self, events: &mut Vec<Event>) {
        let per_city = self.def.rules.scoring.farm_per_city;
        for i in 0..self.figures.len() {
            let Some(field) = self.first_farmer_on(i) else {
                continue;
            };
            let cities = self.completed_cities(field);
            self.gather_figures(|r| r == field);
            let winners = self.majority();
            let points = cities.saturating_mul(per_city);
            self.award_field(winners, points, Reason::Farm { cities }, field, events);
        }
    }

    /// Original 2000 rules: each completed city scores once, to the majority of the farmers on
    /// all the fields bordering it.
    fn score_fields_per_city(&mut self, events: &mut Vec<Event>) {
        let per_city = self.def.rules.scoring.farm_per_city_majority;
        let mut suppliers: Vec<(u32, Vec<u32>)> = Vec::new();
        let mut cities = std::mem::take(&mut self.scratch.cities);
        for i in 0..self.figures.len() {
            let Some(field) = self.first_farmer_on(i) else {
                continue;
            };
            self.completed_cities_into(field, &mut cities);
            for &city in &cities {
                match suppliers.iter_mut().find(|(c, _)| *c == city) {
                    Some((_, fields)) => fields.push(field),
                    None => suppliers.push((city, vec![field])),
                }
            }
        }
        self.scratch.cities = cities;
        for (city, fields) in suppliers {
            self.gather_figures(|r| fields.contains(&r));
            let winners = self.majority();
            self.award_field(winners, per_city, Reason::Farm { cities: 1 }, city, events);
        }
    }
}
