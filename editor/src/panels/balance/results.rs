//! A run's results: the summary, the plots, the per-tile table (sorted by a column header's
//! click; a row's click selects the tile) and the A/B differences.

use std::cmp::Ordering;

use egui::{Color32, RichText, Ui};
use tilewright_engine::balance::{BalanceReport, Difference, Estimate, TileStats};

use super::plots;
use crate::balance::Results;
use crate::panels::PanelCtx;
use crate::view::Page;

/// Colour of what a comparison flags and of warnings.
const FLAGGED: Color32 = Color32::from_rgb(230, 180, 60);

/// Most height the differences take before they scroll, so the tile table stays in reach.
const DIFFERENCES_HEIGHT: f32 = 180.0;

/// How the results are laid out.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Layout {
    /// The tile table's order: the column and whether it descends.
    pub sort: (Column, bool),
    /// Whether the differences show only the flagged ones.
    pub only_flagged: bool,
}

/// A column of the tile table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Column {
    /// `set/id`, the compiled order within a set.
    #[default]
    Tile,
    /// The tile's name.
    Name,
    /// Times placed.
    Placed,
    /// Times discarded.
    Discarded,
    /// Mean legal placements.
    Placements,
    /// Points per placement.
    Points,
    /// Completed features it was part of.
    Completed,
    /// Win rate of its placers minus the others'.
    WinEffect,
}

impl Column {
    /// Every column, in table order.
    pub const ALL: [Column; 8] = [
        Column::Tile,
        Column::Name,
        Column::Placed,
        Column::Discarded,
        Column::Placements,
        Column::Points,
        Column::Completed,
        Column::WinEffect,
    ];

    /// The header's text.
    pub fn title(self) -> &'static str {
        match self {
            Column::Tile => "Tile",
            Column::Name => "Name",
            Column::Placed => "Placed",
            Column::Discarded => "Discarded",
            Column::Placements => "Placements",
            Column::Points => "Points / placed",
            Column::Completed => "Completed",
            Column::WinEffect => "Win effect",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Column::Tile => "Tile set and tile id",
            Column::Name => "The tile's name",
            Column::Placed => "Times placed, over all games",
            Column::Discarded => "Times discarded because it fitted nowhere",
            Column::Placements => "Mean legal placements when it waited to be placed (sampled turns)",
            Column::Points => "Its share of the points of the features it was part of, per placement",
            Column::Completed => "Completed features a placed copy was part of",
            Column::WinEffect => {
                "Win rate of the players who placed it minus that of those who did not: a correlation, not a cause"
            }
        }
    }

    /// A number to sort by (`None` sorts first), for the numeric columns.
    fn number(self, t: &TileStats) -> Option<f64> {
        match self {
            Column::Tile | Column::Name => None,
            Column::Placed => Some(t.placed as f64),
            Column::Discarded => Some(t.discarded as f64),
            Column::Placements => t.placements_mean,
            Column::Points => t.points_per_placement,
            Column::Completed => Some(t.completed_features as f64),
            Column::WinEffect => t.win_effect,
        }
    }

    /// How two rows compare in this column, ascending.
    pub fn compare(self, a: &TileStats, b: &TileStats) -> Ordering {
        match self {
            Column::Tile => (&a.set, a.index).cmp(&(&b.set, b.index)),
            Column::Name => a.name.cmp(&b.name),
            _ => {
                let (x, y) = (self.number(a), self.number(b));
                x.partial_cmp(&y).unwrap_or(Ordering::Equal)
            }
        }
    }

    /// The cell's text.
    fn cell(self, t: &TileStats) -> String {
        let maybe = |v: Option<f64>, digits: usize| v.map_or_else(|| "–".to_owned(), |v| format!("{v:.digits$}"));
        match self {
            Column::Tile => tile_label(&t.set, &t.id),
            Column::Name => t.name.clone(),
            Column::Placed => t.placed.to_string(),
            Column::Discarded => t.discarded.to_string(),
            Column::Placements => maybe(t.placements_mean, 1),
            Column::Points => maybe(t.points_per_placement, 2),
            Column::Completed => t.completed_features.to_string(),
            Column::WinEffect => t
                .win_effect
                .map_or_else(|| "–".to_owned(), |v| format!("{:+.1} pp", v * 100.0)),
        }
    }
}

/// The tiles of `report` in `sort`'s order (ties in compiled order).
pub fn sorted(report: &BalanceReport, (column, descending): (Column, bool)) -> Vec<&TileStats> {
    let mut rows: Vec<&TileStats> = report.tiles.iter().collect();
    rows.sort_by(|a, b| {
        let order = column.compare(a, b);
        let order = if descending { order.reverse() } else { order };
        order.then(a.index.cmp(&b.index))
    });
    rows
}

/// `mean [low, high]` with `digits` decimals, scaled by `scale`.
fn estimate(e: Option<Estimate>, scale: f64, digits: usize) -> String {
    e.map_or_else(
        || "–".to_owned(),
        |e| {
            format!(
                "{:.digits$} [{:.digits$}, {:.digits$}]",
                e.mean * scale,
                e.low * scale,
                e.high * scale
            )
        },
    )
}

/// Everything a run gave.
pub fn ui(ui: &mut Ui, results: &Results, layout: &mut Layout, ctx: &mut PanelCtx<'_>) {
    let report = results.report();
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        summary(ui, report);
        ui.add_space(8.0);
        plots::ui(ui, report);
        ui.add_space(8.0);
        if let Some((change, differences)) = results.differences() {
            ui.heading(format!("Compared with: {change}"));
            ui.weak(format!("A: the games above; B: the same seeds, {change}."));
            differences_ui(ui, differences, &mut layout.only_flagged);
            ui.add_space(8.0);
        }
        ui.horizontal(|ui| {
            ui.heading("Tiles");
            let selected = ctx.selected_tile().map(|(_, t)| t.id.clone());
            if let Some(id) = selected
                && ui.button(format!("Show {id} in the Tiles view")).clicked()
            {
                ctx.view.page = Page::Tiles;
            }
        });
        ui.weak("Click a header to sort by it; click a row of this tile set to select its tile.");
        tiles_table(ui, report, &mut layout.sort, ctx);
    });
}

/// Games, scores and win rates by seat, the first player's advantage.
fn summary(ui: &mut Ui, report: &BalanceReport) {
    ui.heading("Summary");
    ui.label(format!(
        "{} games of {} players under `{}`, {} bots, seeds {}–{} · {:.0} games/s on {} thread{}",
        report.games,
        report.players,
        report.rules,
        report.policy,
        report.seed,
        report.seed.wrapping_add(report.games_asked.saturating_sub(1)),
        report.timing.games_per_second,
        report.timing.threads,
        if report.timing.threads == 1 { "" } else { "s" },
    ));
    ui.label(format!(
        "Turns per game {} · points per game (all players) {} · first player's advantage {} percentage points of win rate",
        estimate(report.turns, 1.0, 1),
        estimate(report.total_score, 1.0, 1),
        estimate(report.first_player_advantage, 100.0, 1),
    ));
    egui::Grid::new("balance-seats")
        .striped(true)
        .spacing([24.0, 4.0])
        .show(ui, |ui| {
            for title in ["Seat", "Mean score [95%]", "Win rate % [95%]"] {
                ui.strong(title);
            }
            ui.end_row();
            for seat in &report.seats {
                ui.colored_label(
                    plots::seat_colour(seat.seat),
                    format!("{} {}", seat.seat + 1, seat.colour),
                );
                ui.label(estimate(seat.score, 1.0, 1));
                ui.label(estimate(seat.win_rate, 100.0, 1));
                ui.end_row();
            }
        });
    // The expansions' mechanisms in play, printed tokens and marks by their names in the files.
    for line in report.mechanisms.lines() {
        ui.label(line);
    }
}

/// The per-tile table.
fn tiles_table(ui: &mut Ui, report: &BalanceReport, sort: &mut (Column, bool), ctx: &mut PanelCtx<'_>) {
    let open = ctx.tileset().map(|s| s.id.clone());
    let selected_id = ctx.selected_tile().map(|(_, t)| t.id.clone());
    egui::Grid::new("balance-tiles")
        .striped(true)
        .spacing([16.0, 2.0])
        .show(ui, |ui| {
            for column in Column::ALL {
                let header = ui
                    .add(egui::Button::new(RichText::new(column.title()).strong()).frame(false))
                    .on_hover_text(column.help());
                if sort.0 == column {
                    sort_mark(ui, header.rect, sort.1);
                }
                if header.clicked() {
                    *sort = match *sort {
                        (c, descending) if c == column => (c, !descending),
                        // Numbers are most telling largest first.
                        _ => (column, !matches!(column, Column::Tile | Column::Name)),
                    };
                }
            }
            ui.end_row();
            for tile in sorted(report, *sort) {
                let mine = open.as_deref() == Some(tile.set.as_str());
                let selected = mine && selected_id.as_deref() == Some(tile.id.as_str());
                let mut clicked = false;
                for column in Column::ALL {
                    let text = RichText::new(column.cell(tile));
                    let text = if mine { text } else { text.weak() };
                    let cell = ui.selectable_label(selected, text);
                    let cell = if mine {
                        cell
                    } else {
                        cell.on_hover_text(format!("From `{}`: open that file to edit it", tile.set))
                    };
                    clicked |= cell.clicked();
                }
                if clicked
                    && mine
                    && let Some(index) = ctx
                        .tileset()
                        .and_then(|set| set.tiles.iter().position(|t| t.id == tile.id))
                {
                    ctx.view.select_tile(index);
                }
                ui.end_row();
            }
        });
}

/// A small triangle right of a sorted column's header: pointing down when it descends.
fn sort_mark(ui: &Ui, header: egui::Rect, descending: bool) {
    let centre = egui::pos2(header.right() + 7.0, header.center().y);
    let (tip, base) = if descending { (4.0, -3.0) } else { (-4.0, 3.0) };
    let points = vec![
        centre + egui::vec2(0.0, tip),
        centre + egui::vec2(-4.0, base),
        centre + egui::vec2(4.0, base),
    ];
    let colour = ui.visuals().strong_text_color();
    ui.painter()
        .add(egui::Shape::convex_polygon(points, colour, egui::Stroke::NONE));
}

/// The differences B − A, flagged ones marked.
fn differences_ui(ui: &mut Ui, differences: &[Difference], only_flagged: &mut bool) {
    let flagged = differences.iter().filter(|d| d.flagged).count();
    ui.horizontal(|ui| {
        ui.label(format!(
            "{flagged} of {} figures differ beyond chance (their 95% interval of B − A excludes 0).",
            differences.len()
        ));
        ui.checkbox(only_flagged, "only those");
    });
    egui::ScrollArea::vertical()
        .id_salt("balance-differences")
        .max_height(DIFFERENCES_HEIGHT)
        .show(ui, |ui| differences_grid(ui, differences, *only_flagged));
}

/// The rows of the differences.
fn differences_grid(ui: &mut Ui, differences: &[Difference], only_flagged: bool) {
    egui::Grid::new("balance-differences")
        .striped(true)
        .spacing([16.0, 2.0])
        .show(ui, |ui| {
            for title in ["Figure (per game)", "A", "B", "B − A [95%]", ""] {
                ui.strong(title);
            }
            ui.end_row();
            for d in differences.iter().filter(|d| d.flagged || !only_flagged) {
                ui.label(&d.label);
                ui.label(format!("{:.3}", d.a));
                ui.label(format!("{:.3}", d.b));
                let text = d.difference.map_or_else(
                    || "–".to_owned(),
                    |e| format!("{:+.3} [{:+.3}, {:+.3}]", e.mean, e.low, e.high),
                );
                if d.flagged {
                    ui.label(RichText::new(text).color(FLAGGED).strong());
                    ui.label(RichText::new("• flagged").color(FLAGGED));
                } else {
                    ui.label(text);
                    ui.label("");
                }
                ui.end_row();
            }
        });
}

/// A tile as the table names it: `set/id`, or the id alone when it starts with its set's id
/// already (the editor names new tiles `my-tiles/2`, not to be shown `my-tiles/my-tiles/2`).
fn tile_label(set: &str, id: &str) -> String {
    match id.strip_prefix(set).and_then(|rest| rest.strip_prefix('/')) {
        Some(_) => id.to_owned(),
        None => format!("{set}/{id}"),
    }
}

#[cfg(test)]
mod tests {
    use super::tile_label;

    #[test]
    fn a_tile_id_is_prefixed_with_its_set_once() {
        assert_eq!(tile_label("base", "D"), "base/D");
        assert_eq!(tile_label("my-tiles", "my-tiles/2"), "my-tiles/2");
        assert_eq!(tile_label("my", "my-tiles/2"), "my/my-tiles/2");
    }
}
