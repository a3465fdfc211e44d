//! The plots of a run: each seat's distribution of final scores, and each seat's win rate
//! with its 95% interval beside an even share.

use egui::{Color32, Ui};
use egui_plot::{AxisHints, Bar, BarChart, HLine, Legend, Line, Plot};
use tilewright_engine::balance::{BalanceReport, SeatStats};

/// Height of a plot.
const HEIGHT: f32 = 220.0;

/// The two plots side by side.
pub fn ui(ui: &mut Ui, report: &BalanceReport) {
    ui.columns(2, |columns| {
        columns[0].strong("Final scores");
        scores(&mut columns[0], report);
        columns[1].strong("Win rate by seat (95% interval)");
        win_rates(&mut columns[1], report);
    });
}

/// Share of a seat's games in each of the first `bins` score bins, as a line over the bins'
/// middles.
fn score_line(seat: &SeatStats, games: u64, bins: usize) -> Vec<[f64; 2]> {
    let width = seat.histogram.bin_width as f64;
    let games = games.max(1) as f64;
    seat.histogram
        .counts
        .iter()
        .take(bins)
        .enumerate()
        .map(|(k, &n)| [(k as f64 + 0.5) * width, n as f64 / games * 100.0])
        .collect()
}

/// Bins up to the last one any seat reached, and one more, so the plot spans the scores seen.
fn bins_reached(report: &BalanceReport) -> usize {
    report
        .seats
        .iter()
        .filter_map(|s| s.histogram.counts.iter().rposition(|&n| n > 0))
        .max()
        .map_or(0, |last| last + 2)
}

fn scores(ui: &mut Ui, report: &BalanceReport) {
    let bins = bins_reached(report);
    Plot::new("balance-scores")
        .height(HEIGHT)
        .legend(Legend::default())
        // Scores are short numbers: a label every 30 points of width or more (60 by default
        // leaves a plot of scores up to 90 with a lone 0).
        .custom_x_axes(vec![AxisHints::new_x().label("final score").label_spacing(30.0..=45.0)])
        .y_axis_label("% of games")
        .allow_scroll(false)
        .show(ui, |plot| {
            for seat in &report.seats {
                plot.line(
                    Line::new(
                        format!("{} {}", seat.seat + 1, seat.colour),
                        score_line(seat, report.games, bins),
                    )
                    .color(crate::theme::seat_colour_on_dark(seat.seat)),
                );
            }
        });
}

fn win_rates(ui: &mut Ui, report: &BalanceReport) {
    let even = 100.0 / f64::from(report.players.max(1));
    Plot::new("balance-wins")
        .height(HEIGHT)
        .x_axis_label("seat")
        .y_axis_label("% of games won")
        .include_y(0.0)
        .allow_scroll(false)
        .x_axis_formatter(|mark, _| {
            let v = mark.value;
            if v.fract() == 0.0 && v >= 1.0 {
                format!("{v:.0}")
            } else {
                String::new()
            }
        })
        .show(ui, |plot| {
            let bars = report
                .seats
                .iter()
                .map(|seat| {
                    let rate = seat.win_rate.map_or(0.0, |e| e.mean * 100.0);
                    Bar::new(f64::from(seat.seat) + 1.0, rate)
                        .width(0.6)
                        .fill(crate::theme::seat_colour_on_dark(seat.seat).gamma_multiply(0.7))
                        .name(format!("{} {}", seat.seat + 1, seat.colour))
                })
                .collect();
            plot.bar_chart(BarChart::new("win rate", bars));
            for seat in &report.seats {
                let Some(e) = seat.win_rate else { continue };
                let x = f64::from(seat.seat) + 1.0;
                let whisker = vec![
                    [x - 0.1, e.low * 100.0],
                    [x + 0.1, e.low * 100.0],
                    [x, e.low * 100.0],
                    [x, e.high * 100.0],
                    [x - 0.1, e.high * 100.0],
                    [x + 0.1, e.high * 100.0],
                ];
                plot.line(Line::new("95% interval", whisker).color(Color32::WHITE).width(1.5));
            }
            plot.hline(HLine::new("even share", even).color(Color32::GRAY).width(1.0));
        });
}
