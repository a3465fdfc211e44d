//! The collector: watches games ([`Observer`]) and counts what the balance report says, in
//! integers. Each game's own figures are kept apart until the game ends ([`GameFigures`]),
//! so that two runs of the same seed can be compared game by game; then they are added to
//! the run's totals. Nothing is allocated per turn: every buffer is kept from game to game.

use std::sync::Arc;

use super::totals::{BIN_WIDTH, BINS, KINDS, Totals, WIN_UNITS};
use crate::game::{
    BoardFigure, Event, FigureMove, FigureTypes, Game, GameDef, Happening, MAX_FIGURE_TYPES, Mechanisms, Phase,
    Players, Reason,
};
use crate::model::{FeatureKind, Role};
use crate::simulate::{Observer, placements_sampled};

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

/// Printed tokens a player took from a tile, in one game.
#[derive(Debug, Clone, Copy)]
struct TokensFrom {
    player: u8,
    token: u8,
    tile: u16,
    count: u64,
}

/// What the collector knows of the game definition, worked out once.
#[derive(Debug, Clone)]
struct Known {
    def: Arc<GameDef>,
    /// Figure types that are followers (bits by type).
    followers: FigureTypes,
    /// By tile: whether players hold it (abbeys).
    held: Vec<bool>,
}

/// Watches games and counts (see the module doc).
#[derive(Debug, Clone)]
pub struct Collector {
    known: Known,
    players: usize,
    /// What the games watched add up to.
    pub totals: Totals,
    /// The game being played, then the last game played.
    pub game: GameFigures,
    /// Per game: figures on the table, roots completed by the current action, the placed tiles
    /// each seat placed (bits by tile type, `words` per seat), marks by placed tile.
    standing: Vec<Standing>,
    /// The figure held off the table that the action being taken decides about, if any (a
    /// waiting wagon), on the node it stood on.
    deciding: Option<BoardFigure>,
    placed_bits: Vec<u64>,
    words: usize,
    marks: Vec<u32>,
    /// Per game: the printed tokens taken, as (player, kind, tile they were printed on, count),
    /// in the order taken, to credit the points of the most of a kind to the tiles that gave them.
    tokens_from: Vec<TokensFrom>,
    stamp: u32,
    /// No game is being counted: the next event or step starts one.
    between_games: bool,
}

impl Collector {
    /// A collector for games of `def` with `players`.
    pub fn new(def: Arc<GameDef>, players: u8) -> Collector {
        let figures = def.figures();
        let bits = |wanted: &dyn Fn(usize) -> bool| {
            (0..figures.len().min(MAX_FIGURE_TYPES))
                .filter(|&f| wanted(f))
                .fold(0, |m: FigureTypes, f| m | 1 << f)
        };
        let followers = bits(&|f| figures[f].role == Role::Follower);
        let tiles = def.tables().tiles.len();
        let mut held = vec![false; tiles];
        for &(tile, _) in def.held() {
            held[usize::from(tile)] = true;
        }
        let players = usize::from(players);
        let words = tiles.div_ceil(64);
        Collector {
            players,
            totals: Totals::new(&def, players as u8),
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
            deciding: None,
            placed_bits: vec![0; words * players],
            words,
            marks: Vec::new(),
            tokens_from: Vec::new(),
            stamp: 0,
            between_games: true,
            known: Known { def, followers, held },
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
        self.tokens_from.clear();
        self.placed_bits.fill(0);
    }

    /// A figure went onto feature node `node` (of kind `kind`, a part of the tile at `(x, y)`)
    /// from placed tile `tile`.
    #[allow(clippy::too_many_arguments)]
    fn deployed(&mut self, player: u8, figure: u8, tile: u16, node: u32, x: i16, y: i16, kind: FeatureKind) {
        let figures = self.totals.figures.len();
        self.totals.deployments[(usize::from(tile) * figures + usize::from(figure)) * KINDS + kind as usize] += 1;
        self.totals.figures[usize::from(figure)].deployed += 1;
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
                    if let Some(points) = self.totals.mark_points.get_mut(mark) {
                        *points += award;
                    }
                }
                (score.kind, score.complete)
            }
            // Held tokens score no feature kind or figure; each winner's points go to the tiles
            // whose printed tokens of the kind they took.
            Reason::MostTokens { token, .. } => {
                if let Some(counts) = self.totals.tokens.get_mut(usize::from(token)) {
                    counts.awards += u64::from(players.0.count_ones());
                    counts.points += award;
                }
                if let Some(points) = self.game.token_points.get_mut(usize::from(token)) {
                    *points += award;
                }
                for player in players.iter() {
                    self.credit_tokens(player, token, u64::from(points));
                }
                return;
            }
            Reason::Farm { .. } => (FeatureKind::Field, false),
            Reason::Mechanism(way) => {
                if let Some((times, points)) = Mechanisms::award_counters(way) {
                    self.totals.mechanisms.counters[times] += 1;
                    self.totals.mechanisms.counters[points] += award;
                }
                // The kind of the feature scored (a fairy's bonus is for any kind).
                let words = way.words();
                (game.kind_at(node).unwrap_or(words.feature), !words.at_end)
            }
            Reason::FieldBonus { at_end, .. } => {
                self.totals.mechanisms.field_bonuses += 1;
                self.totals.mechanisms.field_bonus_points += award;
                (FeatureKind::Field, !at_end)
            }
        };
        let counts = &mut self.totals.kinds[kind as usize];
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
            self.totals.figures[usize::from(figure)].points += award;
            return;
        }
        let paid = Mechanisms::paid_figures(&self.known.def, reason).unwrap_or(self.known.followers);
        let root = game.feature_root(node);
        let mut credited: [FigureTypes; 8] = [0; 8];
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
                types = self
                    .standing
                    .iter()
                    .filter(farmer)
                    .fold(0, |m: FigureTypes, s| m | 1 << s.figure);
            }
            while types != 0 {
                let f = types.trailing_zeros() as usize;
                types &= types - 1;
                self.totals.figures[f].points += u64::from(points);
            }
        }
    }

    /// `player` took the tokens of kind `token` printed on the feature of `node`: which tiles
    /// they came from, and how many from each.
    fn tokens_taken(&mut self, game: &Game, player: u8, token: u8, node: u32) {
        for part in game.feature_parts(node) {
            let printed = game.def().tokens_on(part.tile).iter();
            for on in printed.filter(|on| on.local == part.local && on.token == token) {
                self.tokens_from.push(TokensFrom {
                    player,
                    token,
                    tile: part.tile,
                    count: u64::from(on.count),
                });
            }
        }
    }

    /// `points` of `player`'s for the most tokens of kind `token`, credited to the tiles they
    /// took them from in proportion to the tokens each gave, the remainder of the integer
    /// division one point each to the first taken.
    fn credit_tokens(&mut self, player: u8, token: u8, points: u64) {
        let mine = |t: &&TokensFrom| t.player == player && t.token == token;
        let held: u64 = self.tokens_from.iter().filter(mine).map(|t| t.count).sum();
        if held == 0 {
            return;
        }
        let mut rest = points
            - self
                .tokens_from
                .iter()
                .filter(mine)
                .map(|t| points * t.count / held)
                .sum::<u64>();
        for from in self.tokens_from.iter().filter(mine) {
            let extra = u64::from(rest > 0);
            rest -= extra;
            self.game.tile_points[usize::from(from.tile)] += points * from.count / held + extra;
        }
    }

    fn completed(&mut self, game: &Game, kind: FeatureKind, tiles: u16, node: u32) {
        let counts = &mut self.totals.kinds[kind as usize];
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
                self.totals.tiles[usize::from(part.tile)].completed += 1;
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
        let counts = &mut self.totals.figures[usize::from(figure)];
        counts.returned += 1;
        counts.turns_on_table += self.game.turns - s.since;
    }

    /// A mechanism's event: its counter, and a figure it brought onto the table or moved.
    fn happened(&mut self, game: &Game, h: &Happening) {
        if let Some(counter) = Mechanisms::event_counter(h) {
            self.totals.mechanisms.counters[counter] += 1;
        }
        match h.words().figure {
            FigureMove::None => {}
            FigureMove::ArrivesAtCorner => {
                let tile = game
                    .board()
                    .at(i32::from(h.x), i32::from(h.y))
                    .map(|p| game.board().placed[p].tile);
                // The figure stands on the node of one of the four tiles around its corner.
                let node = game.corner_node(h.x, h.y, h.spot);
                if let (Some(tile), Some(node)) = (tile, node)
                    && let Some(part) = game.part(node)
                {
                    let kind = game.def().tables().tiles[usize::from(part.tile)].features[usize::from(part.local)].kind;
                    self.deployed(h.player, h.figure, tile, node, part.x, part.y, kind);
                }
            }
            FigureMove::MovesOnto => self.moved(game, h),
        }
    }

    /// The figure held off the table moved onto the feature `h` says.
    fn moved(&mut self, game: &Game, h: &Happening) {
        // The figure that waited: its type, on the node it stood on.
        let Some(waited) = self.deciding.filter(|w| w.player == h.player) else {
            return;
        };
        let mine = |s: &Standing| s.player == h.player && s.figure == waited.figure;
        let from = game.feature_root(waited.node);
        let moved = self
            .standing
            .iter()
            .position(|s| mine(s) && game.feature_root(s.node) == from)
            .or_else(|| self.standing.iter().position(mine));
        if let (Some(i), Some(node)) = (moved, game.node_at(h.x, h.y, h.spot)) {
            let s = &mut self.standing[i];
            (s.node, s.x, s.y) = (node, h.x, h.y);
        }
    }

    fn game_ended(&mut self, game: &Game) {
        let turns = self.game.turns;
        for s in self.standing.drain(..) {
            self.totals.figures[usize::from(s.figure)].turns_on_table += turns - s.since;
        }
        for (_, kind) in game.features_on_table() {
            self.totals.kinds[kind as usize].features += 1;
        }
        let hills = game.mechanisms().hills();
        self.totals.mechanisms.under_hills += u64::from(hills.under());
        self.totals.mechanisms.tie_breaks += u64::from(hills.tie_breaks());
        let best = game.players().iter().map(|p| p.score).max().unwrap_or(0);
        let winners = game.players().iter().filter(|p| p.score == best).count() as u64;
        let mut total = 0;
        for (seat, player) in game.players().iter().enumerate() {
            let score = player.score;
            total += score;
            let win = if score == best { WIN_UNITS / winners } else { 0 };
            self.game.scores[seat] = score;
            self.game.wins[seat] = win;
            self.totals.seat_scores[seat].add(score as i64);
            self.totals.seat_wins[seat].add(win as i64);
            let bin = usize::try_from(score / BIN_WIDTH).unwrap_or(BINS).min(BINS);
            self.totals.histograms[seat][bin] += 1;
            // The tiles this seat placed.
            for (w, &word) in self.placed_bits[seat * self.words..(seat + 1) * self.words]
                .iter()
                .enumerate()
            {
                let mut bits = word;
                while bits != 0 {
                    let tile = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let counts = &mut self.totals.tiles[tile];
                    counts.placed_by += 1;
                    counts.placed_by_wins += win;
                    counts.squares.placed_by_wins += win * win;
                }
            }
        }
        self.totals.games += 1;
        self.totals.turns.add(turns as i64);
        self.totals.total_score.add(total as i64);
        for (t, counts) in self.totals.tiles.iter_mut().enumerate() {
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
        self.deciding = Mechanisms::deciding_figure(game);
        if let Phase::Place { tile } = game.phase()
            && placements_sampled(game)
        {
            let n = game.placements_of_drawn_tile() as u64;
            let counts = &mut self.totals.tiles[usize::from(tile)];
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
                    self.totals.mechanisms.abbeys += 1;
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
            Event::TileUnderHill { tile } => self.totals.tiles[usize::from(tile)].under_hill += 1,
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
            Event::Mechanism(happening) => self.happened(game, &happening),
            Event::ExtraTurn { .. } => self.totals.mechanisms.extra_turns += 1,
            Event::TokensTaken {
                player,
                token,
                count,
                node,
            } => {
                if let Some(counts) = self.totals.tokens.get_mut(usize::from(token)) {
                    counts.taken += u64::from(count);
                }
                self.tokens_taken(game, player, token, node);
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
