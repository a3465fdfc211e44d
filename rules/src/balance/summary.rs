//! The report of a run, worked out from its collectors' counts.

use super::Plan;
use super::moments::{Moments, RatioMoments};
use super::report::{
    AbbeyStats, BalanceReport, Deployments, ExtraTurnStats, FeatureKindStats, FieldBonusStats, FigureStats, HillStats,
    Histogram, MarkStats, MechanismStats, SeatStats, Tallied, Tallies, TileStats, Timing, TokenStats,
};
use super::totals::{BIN_WIDTH, BINS, KINDS, Totals, WIN_UNITS};
use crate::game::{GameDef, Mechanisms, colour};
use crate::model::FeatureKind;
use crate::simulate::PLACEMENTS_SAMPLE_EVERY;

/// `a / b`, `None` when `b` is 0.
fn ratio(a: u64, b: u64) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

/// The report of the games of `def` that add up to `counts`, `asked` for by `plan`.
pub fn report(def: &GameDef, counts: &Totals, asked: &Plan, timing: Timing) -> BalanceReport {
    let win_scale = WIN_UNITS as f64;
    let seats: Vec<SeatStats> = (0..usize::from(asked.players))
        .map(|seat| {
            let bins = &counts.histograms[seat];
            SeatStats {
                seat: seat as u8,
                colour: colour(seat as u8).to_owned(),
                score: counts.seat_scores[seat].estimate(1.0),
                wins: counts.seat_wins[seat].sum as f64 / win_scale,
                win_rate: counts.seat_wins[seat].estimate(win_scale).map(|e| e.within(0.0, 1.0)),
                histogram: Histogram {
                    bin_width: BIN_WIDTH,
                    counts: bins[..BINS].to_vec(),
                    overflow: bins[BINS],
                },
            }
        })
        .collect();
    let even = 1.0 / f64::from(asked.players.max(1));
    let first_player_advantage = seats.first().and_then(|s| s.win_rate).map(|e| super::report::Estimate {
        mean: e.mean - even,
        low: e.low - even,
        high: e.high - even,
    });
    // Win units of every player-game, to tell the win rate of those who did not place a tile.
    let mut all_wins = Moments::default();
    counts.seat_wins.iter().for_each(|m| all_wins.merge(m));
    let tiles = def
        .tables()
        .tiles
        .iter()
        .enumerate()
        .map(|(t, tile)| tile_stats(def, counts, t, &tile.id, &all_wins))
        .collect();
    let features = FeatureKind::ALL
        .iter()
        .map(|&kind| {
            let k = &counts.kinds[kind as usize];
            FeatureKindStats {
                kind,
                features: k.features,
                completions: k.completions,
                mean_size: ratio(k.size, k.completions),
                points_in_play: k.points_in_play,
                points_at_end: k.points_at_end,
                incomplete_share: (kind != FeatureKind::Field)
                    .then(|| ratio(k.features.saturating_sub(k.completions), k.features))
                    .flatten(),
            }
        })
        .collect();
    let figures = def
        .figures()
        .iter()
        .zip(&counts.figures)
        .map(|(figure, c)| FigureStats {
            id: figure.id.clone(),
            deployed: c.deployed,
            returned: c.returned,
            points: c.points,
            turns_on_table: c.turns_on_table,
            mean_turns_on_table: ratio(c.turns_on_table, c.deployed),
        })
        .collect();
    BalanceReport {
        tilesets: def.sets().to_vec(),
        expansions: def.expansions().to_vec(),
        rules: def.rules().id.clone(),
        players: asked.players,
        policy: asked.policy,
        seed: asked.seed,
        games_asked: asked.games,
        games: counts.games,
        stopped: counts.games < asked.games,
        turns: counts.turns.estimate(1.0),
        total_score: counts.total_score.estimate(1.0),
        seats,
        first_player_advantage,
        placements_sample_every: PLACEMENTS_SAMPLE_EVERY,
        tiles,
        features,
        figures,
        focus: None,
        mechanisms: mechanisms(def, counts),
        timing,
    }
}

fn tile_stats(def: &GameDef, counts: &Totals, t: usize, id: &str, all_wins: &Moments) -> TileStats {
    let c = &counts.tiles[t];
    let figure_types = def.figures().len();
    let mut deployments = Vec::new();
    for (f, figure) in def.figures().iter().enumerate() {
        for kind in FeatureKind::ALL {
            let count = counts.deployments[(t * figure_types + f) * KINDS + kind as usize];
            if count > 0 {
                deployments.push(Deployments {
                    figure: figure.id.clone(),
                    kind,
                    count,
                });
            }
        }
    }
    let scale = WIN_UNITS as f64;
    let placed_by = Moments {
        n: c.placed_by,
        sum: i128::from(c.placed_by_wins),
        squares: u128::from(c.squares.placed_by_wins),
    };
    let not_placed_by = placed_by.rest_of(all_wins);
    let win_rate_placed = placed_by.mean(scale);
    let win_rate_not_placed = not_placed_by.mean(scale);
    let win_effect_interval = placed_by.minus(&not_placed_by, scale);
    let index = t as u16;
    let (games, sq) = (counts.games, &c.squares);
    // The start tile has one more copy on the table each game, laid at the deal:
    // Σ(p + 1)² = Σp² + 2Σp + n and Σ(p + 1)·y = Σp·y + Σy.
    let (on_table, on_table_sq, on_table_points) = if def.start() == index {
        (
            c.placed + games,
            sq.placed + 2 * c.placed + games,
            sq.placed_points + c.points,
        )
    } else {
        (c.placed, sq.placed, sq.placed_points)
    };
    let per_placement = RatioMoments::of(games, (on_table, c.points), (on_table_sq, sq.points, on_table_points));
    // Drawn = placed + discarded: Σd² = Σp² + 2Σp·x + Σx², Σd·x = Σp·x + Σx².
    let drawn_sq = sq.placed + 2 * sq.placed_discarded + sq.discarded;
    let per_draw = RatioMoments::of(
        games,
        (c.placed + c.discarded, c.discarded),
        (drawn_sq, sq.discarded, sq.placed_discarded + sq.discarded),
    );
    TileStats {
        index,
        set: def.tile_set(index).map(|s| s.id.clone()).unwrap_or_default(),
        id: id.to_owned(),
        name: def.tile_name(index).unwrap_or_default().to_owned(),
        start: def.start() == index,
        drawn: c.placed + c.discarded,
        placed: c.placed,
        discarded: c.discarded,
        discard_rate_interval: per_draw.estimate(),
        under_hill: c.under_hill,
        placements_sampled: c.sampled,
        placements_mean: ratio(c.placements, c.sampled),
        placements_min: (c.sampled > 0).then_some(c.placements_min),
        deployments,
        completed_features: c.completed,
        points: c.points,
        points_per_placement: ratio(c.points, on_table),
        points_per_placement_interval: per_placement.estimate(),
        placed_by: c.placed_by,
        win_rate_placed,
        win_rate_not_placed,
        win_effect: win_rate_placed.zip(win_rate_not_placed).map(|(a, b)| a - b),
        win_effect_interval,
    }
}

/// The mechanisms' figures, each where it is in play (as the mechanism says).
fn mechanisms(def: &GameDef, counts: &Totals) -> MechanismStats {
    let m = &counts.mechanisms;
    let plays = |name| Mechanisms::plays_in(def, name);
    MechanismStats {
        abbeys: plays("abbey").then_some(AbbeyStats { placed: m.abbeys }),
        tallies: Tallies(
            Mechanisms::tallies(def)
                .map(|(tally, first)| Tallied {
                    key: tally.key.to_owned(),
                    counts: (tally.counters.iter().zip(&m.counters[first..]))
                        .map(|(key, &n)| ((*key).to_owned(), n))
                        .collect(),
                })
                .collect(),
        ),
        hills: plays("hills").then_some(HillStats {
            tiles_under: m.under_hills,
            tie_breaks: m.tie_breaks,
        }),
        extra_turns: plays("extra-turn").then_some(ExtraTurnStats { taken: m.extra_turns }),
        field_bonuses: plays("field-bonus").then_some(FieldBonusStats {
            paid: m.field_bonuses,
            points: m.field_bonus_points,
        }),
        tokens: if plays("tokens") {
            def.printed_tokens()
                .iter()
                .zip(&counts.tokens)
                .map(|(token, c)| TokenStats {
                    id: token.id.clone(),
                    taken: c.taken,
                    awards: c.awards,
                    points: c.points,
                })
                .collect()
        } else {
            Vec::new()
        },
        marks: (0..)
            .zip(def.marks())
            .zip(&counts.mark_points)
            .filter(|((i, _), _)| def.marks_in_play() & 1 << i != 0)
            .map(|((_, mark), &points)| MarkStats {
                id: mark.id.clone(),
                points,
            })
            .collect(),
    }
}
