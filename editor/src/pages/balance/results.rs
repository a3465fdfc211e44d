//! A run's results: the open set's own tiles first (pictures, figures with intervals and
//! ranks), the summary, the plots, the per-tile table (sorted by a column header's click; a
//! row's click selects the tile) and the A/B differences; Export HTML writes them as the page
//! `tilewright balance --html` writes. Columns, titles and explanations are the report's
//! ([`tilewright_report::presentation`]).

use std::cmp::Ordering;

use egui::{Color32, RichText, Ui};
use tilewright_engine::balance::{BalanceReport, Difference, Estimate, Focus, Standout, TileStats};
use tilewright_report::presentation::{FocusFigure, TileColumn, rank_text};

use super::plots;
use crate::actions::{Action, PanelCtx};
use crate::balance::Results;
use crate::render::{Overlay, TileView, paint_tile};
use crate::view::Page;

/// Colour of what a comparison flags and of warnings.
const FLAGGED: Color32 = Color32::from_rgb(230, 180, 60);

/// Most height the differences take before they scroll, so the tile table stays in reach.
const DIFFERENCES_HEIGHT: f32 = 180.0;

/// How the results are laid out.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Layout {
    /// The tile table's order: the column and whether it descends.
    pub sort: (TileColumn, bool),
    /// Whether the differences show only the flagged ones.
    pub only_flagged: bool,
}

/// The tile table's columns on this page, a narrower choice of the report's
/// ([`TileColumn`]: the same titles, explanations and values everywhere).
pub const COLUMNS: [TileColumn; 8] = [
    TileColumn::Tile,
    TileColumn::Name,
    TileColumn::Placed,
    TileColumn::Discarded,
    TileColumn::Placements,
    TileColumn::PointsPerPlacement,
    TileColumn::Completed,
    TileColumn::WinEffect,
];

/// How two rows compare in `column`, ascending.
pub fn compare(column: TileColumn, a: &TileStats, b: &TileStats) -> Ordering {
    match column {
        TileColumn::Tile => (&a.set, a.index).cmp(&(&b.set, b.index)),
        TileColumn::Name => a.name.cmp(&b.name),
        _ => {
            let (x, y) = (column.number(a), column.number(b));
            x.partial_cmp(&y).unwrap_or(Ordering::Equal)
        }
    }
}

/// The tiles of `report` in `sort`'s order (ties in compiled order).
pub fn sorted(report: &BalanceReport, (column, descending): (TileColumn, bool)) -> Vec<&TileStats> {
    let mut rows: Vec<&TileStats> = report.tiles.iter().collect();
    rows.sort_by(|a, b| {
        let order = compare(column, a, b);
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
        if ui
            .button("Export HTML…")
            .on_hover_text("Write these results as the page `tilewright balance --html` writes")
            .clicked()
        {
            ctx.actions.push(Action::ExportBalanceHtml);
        }
        if let Some(focus) = &report.focus {
            your_tiles(ui, focus, ctx);
            ui.add_space(8.0);
        }
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

/// Side of a tile's picture in the "your tiles" table.
const PICTURE: f32 = 40.0;

/// The open set's tiles first: each with its picture, its figures with their intervals and
/// their ranks among every tile in play, the strongest and the weakest marked.
fn your_tiles(ui: &mut Ui, focus: &Focus, ctx: &mut PanelCtx<'_>) {
    ui.heading("Your tiles");
    ui.weak(format!(
        "Strongest first; each figure with its 95% interval and its rank among the {} tile types in play (#1: the highest).",
        focus.tiles_in_play
    ));
    let models = ctx.tileset();
    egui::Grid::new("balance-your-tiles")
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            ui.label("");
            ui.strong(TileColumn::Tile.title())
                .on_hover_text(TileColumn::Tile.help());
            for figure in FocusFigure::ALL {
                ui.strong(figure.title()).on_hover_text(figure.help());
                ui.strong("rank");
            }
            ui.end_row();
            for t in &focus.tiles {
                let model = models.and_then(|set| set.tiles.iter().find(|m| m.id == t.id));
                let (rect, _) = ui.allocate_exact_size(egui::vec2(PICTURE, PICTURE), egui::Sense::hover());
                if let Some(tile) = model {
                    let (texture, _) = ctx.texture(tile, true);
                    paint_tile(ui.painter(), TileView::new(rect), tile, texture, &Overlay::default());
                }
                // The id and name together: every tile here is of the open set.
                let label = if t.name.is_empty() {
                    format!("{}:", t.id)
                } else {
                    format!("{}: {}", t.id, t.name)
                };
                match t.standout {
                    Some(Standout::Strongest) => ui.label(RichText::new(format!("{label} · strongest")).strong()),
                    Some(Standout::Weakest) => ui.label(RichText::new(format!("{label} · weakest")).strong()),
                    None => ui.label(label),
                };
                for figure in FocusFigure::ALL {
                    ui.label(figure.text(t));
                    ui.label(rank_text(figure.of(t)));
                }
                ui.end_row();
            }
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
                    crate::theme::seat_colour_on_dark(seat.seat),
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
fn tiles_table(ui: &mut Ui, report: &BalanceReport, sort: &mut (TileColumn, bool), ctx: &mut PanelCtx<'_>) {
    let open = ctx.tileset().map(|s| s.id.clone());
    let selected_id = ctx.selected_tile().map(|(_, t)| t.id.clone());
    egui::Grid::new("balance-tiles")
        .striped(true)
        .spacing([16.0, 2.0])
        .show(ui, |ui| {
            for column in COLUMNS {
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
                        _ => (column, !matches!(column, TileColumn::Tile | TileColumn::Name)),
                    };
                }
            }
            ui.end_row();
            for tile in sorted(report, *sort) {
                let mine = open.as_deref() == Some(tile.set.as_str());
                let selected = mine && selected_id.as_deref() == Some(tile.id.as_str());
                let mut clicked = false;
                for column in COLUMNS {
                    let text = RichText::new(column.text(tile));
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
            "{flagged} of {} figures differ beyond chance over all of them (5% false discovery rate) by at least {}% of A.",
            differences.len(),
            tilewright_engine::balance::flag::DEFAULT_MIN_CHANGE * 100.0
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
