//! The collector: watches games ([`Observer`]) and counts what the balance report says, in
//! integers. Each game's own figures are kept apart until the game ends ([`GameFigures`]),
//! so that two runs of the same seed can be compared game by game; then they are added to
//! the run's totals. Nothing is allocated per turn: every buffer is kept from game to game.

use std::sync::Arc;

use super::moments::Moments;
use crate::game::mechanisms::WaitingWagon;
use crate::game::{Event, Game, GameDef, Mechanisms, Phase, Players, Reason};
use crate::model::{FeatureKind, Role};
use crate::simulate::{Observer, placements_sampled};

/// A win counted in shares of this many, so that a tie of up to six players splits evenly in
/// integers (60 is divisible by 1 to 6).
pub const WIN_UNITS: u64 = 60;

/// Feature kinds, as indices.
pub const KINDS: usize = FeatureKind::ALL.len();

/// Width in points of a bin of the score histograms.
pub const BIN_WIDTH: u64 = 5;

/// Bins of the score histograms: scores from 0 up to 500 points; above, an overflow count.
pub const BINS: usize = 100;

/// A tile type's counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TileCounts {
    pub placed: u64,
    pub discarded: u64,
    pub under_hill: u64,
    pub sampled: u64,
    pub placements: u64,
    /// Fewest legal placements sampled (`u64::MAX`: none sampled).
    pub placements_min: u64,
    pub completed: u64,
    pub points: u64,
    /// Player-games in which the player placed a copy, and the win units they took.
    pub placed_by: u64,
    pub placed_by_wins: u64,
    /// Sums of per-game squares and products, for the intervals.
    pub squares: TileSquares,
}

/// A tile type's sums over games of squares and products of its per-game counts, from which
/// the intervals of its ratios are worked out at the end ([`super::moments::RatioMoments`]).
/// In `u64`, added with no branch on the common path: a run would need some 10^13 games to
/// overflow them.
/// What follows from these (the start tile's copy laid at the deal, draws as placed plus
/// discarded) is worked out at the end, not per game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TileSquares {
    /// Σ copies placed².
    pub placed: u64,
    /// Σ points².
    pub points: u64,
    /// Σ copies placed × points.
    pub placed_points: u64,
    /// Σ copies discarded², and Σ placed × discarded (0 but in the rare games with a discard).
    pub discarded: u64,
    pub placed_discarded: u64,
    /// Σ win units² of the player-games in which the player placed a copy.
    pub placed_by_wins: u64,
}

impl TileSquares {
    fn merge(&mut self, other: &TileSquares) {
        self.placed += other.placed;
        self.points += other.points;
        self.placed_points += other.placed_points;
        self.discarded += other.discarded;
        self.placed_discarded += other.placed_discarded;
        self.placed_by_wins += other.placed_by_wins;
    }
}

/// A feature kind's counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KindCounts {
    pub features: u64,
    pub completions: u64,
    pub size: u64,
    pub points_in_play: u64,
    pub points_at_end: u64,
}

/// A figure type's counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FigureCounts {
    pub deployed: u64,
    pub returned: u64,
    pub points: u64,
    pub turns_on_table: u64,
}

/// The mechanisms' counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MechanismCounts {
    pub abbeys: u64,
    pub barns: u64,
    pub barn_meetings: u64,
    pub barn_meeting_points: u64,
    pub barn_end_scorings: u64,
    pub barn_end_points: u64,
    pub wagon_moves: u64,
    pub flocks_scored: u64,
    pub flock_points: u64,
    pub wolves: u64,
    pub under_hills: u64,
    pub tie_breaks: u64,
    pub extra_turns: u64,
    pub field_bonuses: u64,
    pub field_bonus_points: u64,
}

/// A kind of printed token's counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TokenCounts {
    /// Tokens taken with completed features.
    pub taken: u64,
    /// End-of-game awards for the most of the kind (one per player scoring it).
    pub awards: u64,
    /// Points of those awards.
    pub points: u64,
}

/// One game's figures that a comparison pairs with the same seed's game of another run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameFigures {
    /// Final scores by seat.
    pub scores: Vec<u64>,
    /// Win units by seat ([`WIN_UNITS`] for a win, split in a tie).
    pub wins: Vec<u64>,
    /// Tiles placed.
    pub turns: u64,
    /// Tiles discarded.
    pub discards: u64,
    /// Points by feature kind.
    pub kind_points: [u64; KINDS],
    /// By tile type: copies placed, copies discarded, points.
    pub tile_placed: Vec<u32>,
    pub tile_discarded: Vec<u32>,
    pub tile_points: Vec<u64>,
    /// By kind of printed token: points for holding the most of it.
    pub token_points: Vec<u64>,
    /// The start tile, whose first copy is laid at the deal (no tile placed says so).
    pub start: usize,
}

/// A figure on the table as the collector follows it from the events.
#[derive(Debug, Clone, Copy)]
struct Standing {
    player: u8,
    figure: u8,
    node: u32,
    x: i16,
    y: i16,
    kind: FeatureKind,
    /// The turn it was deployed on.
    since: u64,
}

/// What the collector knows of the game definition, worked out once.
#[derive(Debug, Clone)]
struct Known {
    def: Arc<GameDef>,
    /// Figure types that are followers (bits by type).
    followers: u8,
    /// By tile: whether players hold it (abbeys).
    held: Vec<bool>,
}

/// Watches games and counts (see the module doc).
#[derive(Debug, Clone)]
pub struct Collector {
    known: Known,
    players: usize,
    /// Games played to the end.
    pub games: u64,
    pub turns: Moments,
    pub total_score: Moments,
    pub seat_scores: Vec<Moments>,
    pub seat_wins: Vec<Moments>,
    /// By seat: games per score bin, then the overflow.
    pub histograms: Vec<[u64; BINS + 1]>,
    pub tiles: Vec<TileCounts>,
    /// By tile, figure type and kind: deployments (`(tile × figures + figure) × KINDS + kind`).
    pub deployments: Vec<u64>,
    pub kinds: [KindCounts; KINDS],
    pub figures: Vec<FigureCounts>,
    pub mechanisms: MechanismCounts,
    /// By kind of printed token ([`GameDef::printed_tokens`]).
    pub tokens: Vec<TokenCounts>,
    /// By mark ([`GameDef::marks`]): points of the features carrying it (each mark of a
    /// feature counts the feature's whole points).
    pub mark_points: Vec<u64>,
    /// The game being played, then the last game played.
    pub game: GameFigures,
    /// Per game: figures on the table, roots completed by the current action, the placed tiles
    /// each seat placed (bits by tile type, `words` per seat), marks by placed tile.
    standing: Vec<Standing>,
    /// The wagon that decides the action being taken, if one does.
    waiting: Option<WaitingWagon>,
    placed_bits: Vec<u64>,
    words: usize,
    marks: Vec<u32>,
    stamp: u32,
    /// No game is being counted: the next event or step starts one.
    between_games: bool,
}

impl Collector {
    /// A collector for games of `def` with `players`.
    pub fn new(def: Arc<GameDef>, players: u8) -> Collector {
        let figures = def.figures();
        let bits = |wanted: &dyn Fn(usize) -> bool| {
            (0..figures.len().min(8))
                .filter(|&f| wanted(f))
                .fold(0u8, |m, f| m | 1 << f)
        };
        let followers = bits(&|f| figures[f].role == Role::Follower);
        let tiles = def.tables().tiles.len();
        let mut held = vec![false; tiles];
        for &(tile, _) in def.held() {
            held[usize::from(tile)] = true;
        }
        let players = usize::from(players);
        let words = tiles.div_ceil(64);
        let figure_types = figures.len();
        Collector {
            players,
            games: 0,
            turns: Moments::default(),
            total_score: Moments::default(),
            seat_scores: vec![Moments::default(); players],
            seat_wins: vec![Moments::default(); players],
            histograms: vec![[0; BINS + 1]; players],
            tiles: vec![
                TileCounts {
                    placements_min: u64::MAX,
                    ..TileCounts::default()
                };
                tiles
            ],
            deployments: vec![0; tiles * figure_types * KINDS],
            kinds: [KindCounts::default(); KINDS],
            figures: vec![FigureCounts::default(); figure_types],
            mechanisms: MechanismCounts::default(),
            tokens: vec![TokenCounts::default(); def.printed_tokens().len()],
            mark_points: vec![0; def.marks().len()],
            game: GameFigures {
                scores: vec![0; players],
                wins: vec![0; players],
                tile_placed: vec![0; tiles],
                tile_discarded: vec![0; tiles],
                tile_points: vec![0; tiles],
                token_points: vec![0; def.printed_tokens().len()],
                start: usize::from(def.start()),
                ..GameFigures::default()
            },
            standing: Vec::new(),
            waiting: None,
            placed_bits: vec![0; words * players],
            words,
            marks: Vec::new(),
            stamp: 0,
            between_games: true,
            known: Known { def, followers, held },
        }
    }

    /// The game definition watched.
    pub fn def(&self) -> &Arc<GameDef> {
        &self.known.def
    }

    /// Adds another collector's totals (of the same definition and players) to this one's.
    pub fn merge(&mut self, other: &Collector) {
        self.games += other.games;
        self.turns.merge(&other.turns);
        self.total_score.merge(&other.total_score);
        for (a, b) in self.seat_scores.iter_mut().zip(&other.seat_scores) {
            a.merge(b);
        }
        for (a, b) in self.seat_wins.iter_mut().zip(&other.seat_wins) {
            a.merge(b);
        }
        for (a, b) in self.histograms.iter_mut().zip(&other.histograms) {
            a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
        }
        for (a, b) in self.tiles.iter_mut().zip(&other.tiles) {
            a.placed += b.placed;
            a.discarded += b.discarded;
            a.under_hill += b.under_hill;
            a.sampled += b.sampled;
            a.placements += b.placements;
            a.placements_min = a.placements_min.min(b.placements_min);
            a.completed += b.completed;
            a.points += b.points;
            a.placed_by += b.placed_by;
            a.placed_by_wins += b.placed_by_wins;
            a.squares.merge(&b.squares);
        }
        self.deployments
            .iter_mut()
            .zip(&other.deployments)
            .for_each(|(a, b)| *a += b);
        for (a, b) in self.kinds.iter_mut().zip(&other.kinds) {
            a.features += b.features;
            a.completions += b.completions;
            a.size += b.size;
            a.points_in_play += b.points_in_play;
            a.points_at_end += b.points_at_end;
        }
        for (a, b) in self.figures.iter_mut().zip(&other.figures) {
            a.deployed += b.deployed;
            a.returned += b.returned;
            a.points += b.points;
            a.turns_on_table += b.turns_on_table;
        }
        let (a, b) = (&mut self.mechanisms, &other.mechanisms);
        a.abbeys += b.abbeys;
        a.barns += b.barns;
        a.barn_meetings += b.barn_meetings;
        a.barn_meeting_points += b.barn_meeting_points;
        a.barn_end_scorings += b.barn_end_scorings;
        a.barn_end_points += b.barn_end_points;
        a.wagon_moves += b.wagon_moves;
        a.flocks_scored += b.flocks_scored;
        a.flock_points += b.flock_points;
        a.wolves += b.wolves;
        a.under_hills += b.under_hills;
        a.tie_breaks += b.tie_breaks;
        a.extra_turns += b.extra_turns;
        a.field_bonuses += b.field_bonuses;
        a.field_bonus_points += b.field_bonus_points;
        for (a, b) in self.tokens.iter_mut().zip(&other.tokens) {
            a.taken += b.taken;
            a.awards += b.awards;
            a.points += b.points;
        }
        for (a, b) in self.mark_points.iter_mut().zip(&other.mark_points) {
            *a += b;
        }
    }

    /// Starts counting a new game, if the last one is over: the figures of a game stay until
    /// the next one shows its first event or step.
    #[inline]
    fn start_game(&mut self) {
        if !self.between_games {
            return;
        }
        self.between_games = false;
        let g = &mut self.game;
        (g.turns, g.discards, g.kind_points) = (0, 0, [0; KINDS]);
        g.tile_placed.fill(0);
        g.tile_discarded.fill(0);
        g.tile_points.fill(0);
        g.token_points.fill(0);
        self.standing.clear();
        self.placed_bits.fill(0);
    }

    /// A figure went onto feature node `node` (of kind `kind`, a part of the tile at `(x, y)`)
    /// from placed tile `tile`.
    #[allow(clippy::too_many_arguments)]
    fn deployed(&mut self, player: u8, figure: u8, tile: u16, node: u32, x: i16, y: i16, kind: FeatureKind) {
        let figures = self.figures.len();
        self.deployments[(usize::from(tile) * figures + usize::from(figure)) * KINDS + kind as usize] += 1;
        self.figures[usize::from(figure)].deployed += 1;
        self.standing.push(Standing {
            player,
            figure,
            node,
            x,
            y,
            kind,
            since: self.game.turns,
        });
    }

    fn scored(&mut self, game: &Game, players: Players, points: u32, reason: Reason, node: u32) {
        let award = u64::from(points) * u64::from(players.0.count_ones());
        let (kind, in_play) = match reason {
            Reason::Feature(score) => {
                let mut marks = score.marks;
                while marks != 0 {
                    let mark = marks.trailing_zeros() as usize;
                    marks &= marks - 1;
                    if let Some(points) = self.mark_points.get_mut(mark) {
                        *points += award;
                    }
                }
                (score.kind, score.complete)
            }
            // Held tokens score no feature, tile or figure.
            Reason::MostTokens { token, .. } => {
                if let Some(counts) = self.tokens.get_mut(usize::from(token)) {
                    counts.awards += u64::from(players.0.count_ones());
                    counts.points += award;
                }
                if let Some(points) = self.game.token_points.get_mut(usize::from(token)) {
                    *points += award;
                }
                return;
            }
            Reason::Farm { .. } => (FeatureKind::Field, false),
            Reason::BarnMeeting { .. } => {
                self.mechanisms.barn_meetings += 1;
                self.mechanisms.barn_meeting_points += award;
                (FeatureKind::Field, true)
            }
            Reason::Barn { .. } => {
                self.mechanisms.barn_end_scorings += 1;
                self.mechanisms.barn_end_points += award;
                (FeatureKind::Field, false)
            }
            Reason::Flocks { .. } => {
                self.mechanisms.flocks_scored += 1;
                self.mechanisms.flock_points += award;
                (FeatureKind::Field, true)
            }
            Reason::FieldBonus { at_end, .. } => {
                self.mechanisms.field_bonuses += 1;
                self.mechanisms.field_bonus_points += award;
                (FeatureKind::Field, !at_end)
            }
        };
        let counts = &mut self.kinds[kind as usize];
        if in_play {
            counts.points_in_play += award;
        } else {
            counts.points_at_end += award;
        }
        self.game.kind_points[kind as usize] += award;
        // The tiles' shares: the points split over the feature's parts, the remainder one point
        // each to the first parts (the feature's size is known: one walk).
        let parts = game.feature_size(node) as u64;
        if let (Some(share), Some(rest)) = (award.checked_div(parts), award.checked_rem(parts)) {
            for (i, part) in game.feature_parts(node).enumerate() {
                self.game.tile_points[usize::from(part.tile)] += share + u64::from((i as u64) < rest);
            }
        }
        // The figure types credited, by player: those the way of scoring pays (a mechanism's
        // own figures for its own way, such as a barn's owner or a shepherd's; followers for
        // everything else), standing on the feature scored.
        // A figure's bonus is its own type's points.
        if let Reason::FieldBonus { figure, .. } = reason {
            self.figures[usize::from(figure)].points += award;
            return;
        }
        let paid = Mechanisms::paid_figures(&self.known.def, reason).unwrap_or(self.known.followers);
        let root = game.feature_root(node);
        let mut credited = [0u8; 8];
        for s in &self.standing {
            if paid & 1 << s.figure != 0
                && s.kind == kind
                && players.contains(s.player)
                && game.feature_root(s.node) == root
            {
                credited[usize::from(s.player)] |= 1 << s.figure;
            }
        }
        for p in players.iter() {
            let mut types = credited[usize::from(p)];
            if types == 0 && matches!(reason, Reason::Farm { .. }) {
                let farmer = |s: &&Standing| {
                    s.player == p && s.kind == FeatureKind::Field && self.known.followers & 1 << s.figure != 0
                };
                types = self.standing.iter().filter(farmer).fold(0u8, |m, s| m | 1 << s.figure);
            }
            while types != 0 {
                let f = types.trailing_zeros() as usize;
                types &= types - 1;
                self.figures[f].points += u64::from(points);
            }
        }
    }

    fn completed(&mut self, game: &Game, kind: FeatureKind, tiles: u16, node: u32) {
        let counts = &mut self.kinds[kind as usize];
        counts.completions += 1;
        counts.size += u64::from(tiles);
        // Each placed copy once, however many parts of the feature it holds.
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        self.marks.resize(self.marks.len().max(game.board().placed.len()), 0);
        for part in game.feature_parts(node) {
            let mark = &mut self.marks[usize::from(part.placed)];
            if *mark != self.stamp {
                *mark = self.stamp;
                self.tiles[usize::from(part.tile)].completed += 1;
            }
        }
    }

    fn returned(&mut self, player: u8, figure: u8, x: i16, y: i16) {
        let Some(i) = self
            .standing
            .iter()
            .position(|s| (s.player, s.figure, s.x, s.y) == (player, figure, x, y))
        else {
            return;
        };
        let s = self.standing.swap_remove(i);
        let counts = &mut self.figures[usize::from(figure)];
        counts.returned += 1;
        counts.turns_on_table += self.game.turns - s.since;
    }

    fn wagon_moved(&mut self, game: &Game, player: u8, x: i16, y: i16, feature: u8) {
        self.mechanisms.wagon_moves += 1;
        // The wagon that waited: its figure type, on the feature just scored.
        let Some(waited) = self.waiting.filter(|w| w.player == player) else {
            return;
        };
        let mine = |s: &Standing| s.player == player && s.figure == waited.figure;
        let from = game.feature_root(waited.from);
        let moved = self
            .standing
            .iter()
            .position(|s| mine(s) && game.feature_root(s.node) == from)
            .or_else(|| self.standing.iter().position(mine));
        if let (Some(i), Some(node)) = (moved, game.node_at(x, y, feature)) {
            let s = &mut self.standing[i];
            (s.node, s.x, s.y) = (node, x, y);
        }
    }

    fn game_ended(&mut self, game: &Game) {
        let turns = self.game.turns;
        for s in self.standing.drain(..) {
            self.figures[usize::from(s.figure)].turns_on_table += turns - s.since;
        }
        for (_, kind) in game.features_on_table() {
            self.kinds[kind as usize].features += 1;
        }
        let hills = game.mechanisms().hills();
        self.mechanisms.under_hills += u64::from(hills.under());
        self.mechanisms.tie_breaks += u64::from(hills.tie_breaks());
        let best = game.players().iter().map(|p| p.score).max().unwrap_or(0);
        let winners = game.players().iter().filter(|p| p.score == best).count() as u64;
        let mut total = 0;
        for (seat, player) in game.players().iter().enumerate() {
            let score = player.score;
            total += score;
            let win = if score == best { WIN_UNITS / winners } else { 0 };
            self.game.scores[seat] = score;
            self.game.wins[seat] = win;
            self.seat_scores[seat].add(score as i64);
            self.seat_wins[seat].add(win as i64);
            let bin = usize::try_from(score / BIN_WIDTH).unwrap_or(BINS).min(BINS);
            self.histograms[seat][bin] += 1;
            // The tiles this seat placed.
            for (w, &word) in self.placed_bits[seat * self.words..(seat + 1) * self.words]
                .iter()
                .enumerate()
            {
                let mut bits = word;
                while bits != 0 {
                    let tile = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let counts = &mut self.tiles[tile];
                    counts.placed_by += 1;
                    counts.placed_by_wins += win;
                    counts.squares.placed_by_wins += win * win;
                }
            }
        }
        self.games += 1;
        self.turns.add(turns as i64);
        self.total_score.add(total as i64);
        for (t, counts) in self.tiles.iter_mut().enumerate() {
            let placed = u64::from(self.game.tile_placed[t]);
            let discarded = u64::from(self.game.tile_discarded[t]);
            let points = self.game.tile_points[t];
            counts.placed += placed;
            counts.discarded += discarded;
            counts.points += points;
            let sq = &mut counts.squares;
            sq.placed += placed * placed;
            sq.points += points * points;
            sq.placed_points += placed * points;
            if discarded > 0 {
                sq.discarded += discarded * discarded;
                sq.placed_discarded += placed * discarded;
            }
        }
    }
}

impl Observer for Collector {
    #[inline]
    fn before_action(&mut self, game: &Game) {
        self.start_game();
        self.waiting = game.waiting_wagon();
        if let Phase::Place { tile } = game.phase()
            && placements_sampled(game)
        {
            let n = game.placements_of_drawn_tile() as u64;
            let counts = &mut self.tiles[usize::from(tile)];
            counts.sampled += 1;
            counts.placements += n;
            counts.placements_min = counts.placements_min.min(n);
        }
    }

    /// The events of every turn are counted here; the rarer ones out of line.
    #[inline]
    fn event(&mut self, game: &Game, event: &Event) {
        self.start_game();
        match *event {
            Event::TilePlaced { player, tile, .. } => {
                self.game.turns += 1;
                self.game.tile_placed[usize::from(tile)] += 1;
                if self.known.held[usize::from(tile)] {
                    self.mechanisms.abbeys += 1;
                }
                let seat = usize::from(player);
                if seat < self.players {
                    self.placed_bits[seat * self.words + usize::from(tile) / 64] |= 1 << (tile % 64);
                }
            }
            Event::GameOver => {}
            _ => self.rarer_event(game, event),
        }
    }

    fn game_over(&mut self, game: &Game) {
        self.start_game();
        self.game_ended(game);
        self.between_games = true;
    }
}

impl Collector {
    /// Every event but a tile placed.
    #[inline(never)]
    fn rarer_event(&mut self, game: &Game, event: &Event) {
        match *event {
            Event::TilePlaced { .. } | Event::GameOver => {}
            Event::TileDiscarded { tile } => {
                self.game.tile_discarded[usize::from(tile)] += 1;
                self.game.discards += 1;
            }
            Event::TileUnderHill { tile } => self.tiles[usize::from(tile)].under_hill += 1,
            Event::FigureDeployed {
                player,
                figure,
                tile,
                x,
                y,
                feature,
            } => {
                let kind = game.def().tables().tiles[usize::from(tile)].features[usize::from(feature)].kind;
                // Figures are deployed on the tile just placed.
                let node = match game.board().placed.last() {
                    Some(last) if (last.x, last.y) == (x, y) => Some(last.node + u32::from(feature)),
                    _ => game.node_at(x, y, feature),
                };
                if let Some(node) = node {
                    self.deployed(player, figure, tile, node, x, y, kind);
                }
            }
            Event::BarnPlaced {
                player,
                figure,
                x,
                y,
                corner,
            } => {
                self.mechanisms.barns += 1;
                let tile = game
                    .board()
                    .at(i32::from(x), i32::from(y))
                    .map(|p| game.board().placed[p].tile);
                // A barn goes home from the tile of its node, one of the four around its corner.
                let node = game.corner_node(x, y, corner);
                if let (Some(tile), Some(node)) = (tile, node)
                    && let Some(part) = game.part(node)
                {
                    self.deployed(player, figure, tile, node, part.x, part.y, FeatureKind::Field);
                }
            }
            Event::WagonMoved {
                player, x, y, feature, ..
            } => self.wagon_moved(game, player, x, y, feature),
            Event::SheepDrawn { sheep: 0, .. } => self.mechanisms.wolves += 1,
            Event::ExtraTurn { .. } => self.mechanisms.extra_turns += 1,
            Event::SheepDrawn { .. } => {}
            Event::TokensTaken { token, count, .. } => {
                if let Some(counts) = self.tokens.get_mut(usize::from(token)) {
                    counts.taken += u64::from(count);
                }
            }
            Event::FeatureCompleted { kind, tiles, node } => self.completed(game, kind, tiles, node),
            Event::Scored {
                players,
                points,
                reason,
                node,
            } => self.scored(game, players, points, reason, node),
            Event::FigureReturned { player, figure, x, y } => self.returned(player, figure, x, y),
        }
    }
}
