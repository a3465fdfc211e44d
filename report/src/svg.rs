//! Plot primitives: pure functions from numbers and labels to inline SVG, written with `maud`
//! as the rest of the page is. Every label is put on one line by `escape::shown` and escaped by
//! `maud` where it is placed, in text or in an attribute; every number written goes through
//! [`num`], so a NaN or an infinity never reaches the page (a value that is not finite is drawn
//! as missing and said so). A plot with nothing to draw is an honest "no data" figure, never an
//! empty or broken one. Figures scale to the page's width (a `viewBox`, no fixed size).
//!
//! Every element is written with its end tag (`<rect ...></rect>`): inside an HTML page, SVG
//! elements are not void, and `maud` writes no `/>`.

use std::fmt::Write as _;

use maud::{Markup, html};

use crate::escape::shown;

/// The Okabe–Ito colours, told apart with every common form of colour blindness (yellow, too
/// pale on white, left out). Seats, series and parts take them in this order.
pub const PALETTE: [&str; 6] = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00"];
/// The colour of a flagged row (Okabe–Ito vermillion), always with a shape of its own too.
pub const FLAG: &str = "#D55E00";
const INK: &str = "#222";
const MUTED: &str = "#666";
const GRID: &str = "#e3e3e3";

/// The width every figure is drawn at (scaled to the page by its `viewBox`).
const WIDTH: f64 = 760.0;
/// The mean width of a character of the 12 px labels (bold ones), to make room for them.
const CHAR_WIDTH: f64 = 7.0;
/// The most characters of a row label drawn; a longer one is cut with `…`.
const MAX_LABEL: usize = 40;

/// The `i`-th colour of [`PALETTE`], cycling.
pub fn colour(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

/// A number as SVG text: at most two decimals, `0` for anything not finite.
pub fn num(v: f64) -> String {
    let rounded = (v * 100.0).round() / 100.0;
    if !rounded.is_finite() || rounded == 0.0 {
        "0".into()
    } else {
        format!("{rounded}")
    }
}

/// How axis ticks and value labels are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// As the number is.
    Plain,
    /// A share (0.25) as a percentage (`25%`).
    Percent,
    /// A difference of shares as a signed percentage (`+2.5%`).
    SignedPercent,
}

impl Unit {
    /// `v` written with `decimals` decimals (of the percentage for [`Unit::Percent`]).
    pub fn format(self, v: f64, decimals: usize) -> String {
        match self {
            Unit::Plain => format!("{v:.decimals$}"),
            Unit::Percent => format!("{:.decimals$}%", v * 100.0),
            // Adding 0 turns a negative zero into a zero.
            Unit::SignedPercent => format!("{:+.decimals$}%", v * 100.0 + 0.0),
        }
    }

    /// The decimals that tell apart ticks `step` apart.
    fn decimals(self, step: f64) -> usize {
        let step = if self == Unit::Plain { step } else { step * 100.0 };
        if step >= 1.0 || !step.is_finite() || step <= 0.0 {
            0
        } else {
            ((-step.log10()).ceil() as usize).min(6)
        }
    }
}

/// Round axis ticks covering `lo..=hi`: about `target` intervals of 1, 2 or 5 times a power of
/// ten. An empty or non-finite range gets a unit range, so an axis is always drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Ticks {
    /// The axis' first value.
    pub lo: f64,
    /// The axis' last value.
    pub hi: f64,
    /// Between two ticks.
    pub step: f64,
    /// Every tick, from `lo` to `hi`.
    pub values: Vec<f64>,
}

impl Ticks {
    /// Ticks covering `lo..=hi` in about `target` intervals.
    pub fn new(lo: f64, hi: f64, target: usize) -> Ticks {
        let (mut lo, mut hi) = if lo.is_finite() && hi.is_finite() && (hi - lo).is_finite() {
            (lo.min(hi), lo.max(hi))
        } else {
            (0.0, 1.0)
        };
        if hi - lo < 1e-9 {
            let pad = if lo == 0.0 { 1.0 } else { lo.abs() / 10.0 };
            (lo, hi) = if lo >= 0.0 && lo - pad < 0.0 {
                (0.0, hi + pad)
            } else {
                (lo - pad, hi + pad)
            };
        }
        let raw = (hi - lo) / target.max(1) as f64;
        let magnitude = 10f64.powf(raw.log10().floor());
        let step = magnitude
            * match raw / magnitude {
                n if n <= 1.0 => 1.0,
                n if n <= 2.0 => 2.0,
                n if n <= 5.0 => 5.0,
                _ => 10.0,
            };
        let first = (lo / step).floor() * step;
        let last = (hi / step).ceil() * step;
        let count = ((last - first) / step).round().clamp(1.0, 50.0) as usize;
        let values = (0..=count).map(|i| first + i as f64 * step).collect();
        Ticks {
            lo: first,
            hi: first + count as f64 * step,
            step,
            values,
        }
    }
}

/// A linear map from data values to drawing coordinates.
#[derive(Debug, Clone, Copy)]
struct Scale {
    d0: f64,
    d1: f64,
    r0: f64,
    r1: f64,
}

impl Scale {
    fn at(&self, v: f64) -> f64 {
        self.r0 + (v - self.d0) / (self.d1 - self.d0) * (self.r1 - self.r0)
    }
}

/// What every figure has: a title and its axes' labels (plain text, escaped when drawn).
#[derive(Debug, Clone, Copy)]
pub struct Chart<'a> {
    /// Above the figure.
    pub title: &'a str,
    /// Under the horizontal axis.
    pub x_label: &'a str,
    /// Beside the vertical axis.
    pub y_label: &'a str,
}

/// One named series of a histogram: a count per bin.
#[derive(Debug, Clone)]
pub struct Series {
    /// In the legend.
    pub name: String,
    /// One per bin.
    pub counts: Vec<u64>,
}

/// A value with its interval (a 95% interval, say) and a label.
#[derive(Debug, Clone)]
pub struct Interval {
    /// Beside the interval.
    pub label: String,
    /// The estimate, drawn as a point.
    pub value: f64,
    /// The interval's low end.
    pub lo: f64,
    /// The interval's high end.
    pub hi: f64,
    /// Drawn apart (a difference whose interval leaves out zero, say).
    pub flagged: bool,
}

impl Interval {
    fn drawable(&self) -> bool {
        self.value.is_finite()
    }

    /// The interval's ends, when both are finite.
    fn ends(&self) -> Option<(f64, f64)> {
        (self.lo.is_finite() && self.hi.is_finite()).then_some((self.lo.min(self.hi), self.lo.max(self.hi)))
    }
}

/// One part of stacked bars: a name and a value per category.
#[derive(Debug, Clone)]
pub struct Part {
    /// In the legend.
    pub name: String,
    /// One per category, in the categories' order.
    pub values: Vec<f64>,
}

/// The inner area of a figure, inside its margins.
#[derive(Debug, Clone, Copy)]
struct Area {
    left: f64,
    top: f64,
    width: f64,
    height: f64,
}

impl Area {
    fn right(&self) -> f64 {
        self.left + self.width
    }
    fn bottom(&self) -> f64 {
        self.top + self.height
    }
}

/// A figure `width` by `height` around `body`: the `<svg>` element, its accessible title and
/// the drawn one. It is never shown wider than drawn, so its text keeps its size.
fn figure(chart: &Chart, width: f64, height: f64, body: Markup) -> Markup {
    let title = shown(chart.title);
    html! {
        svg class="chart" viewBox={ "0 0 " (num(width)) " " (num(height)) } style={ "max-width:" (num(width)) "px" }
            role="img" aria-label=(title) {
            title { (title) }
            text class="title" x=(num(width / 2.0)) y="20" text-anchor="middle" { (title) }
            (body)
        }
    }
}

/// A figure that says there is nothing to draw, and why.
pub fn no_data(chart: &Chart, why: &str) -> Markup {
    figure(
        chart,
        WIDTH,
        90.0,
        html! {
            rect class="frame" x="1" y="34" width=(num(WIDTH - 2.0)) height="50" fill="none" stroke=(GRID) {}
            text class="no-data" x=(num(WIDTH / 2.0)) y="64" text-anchor="middle" fill=(MUTED) {
                "no data: " (shown(why))
            }
        },
    )
}

/// A horizontal value axis along the bottom of `area`: grid lines, ticks, labels and its title.
fn x_axis(area: Area, ticks: &Ticks, scale: Scale, label: &str, unit: Unit) -> Markup {
    let decimals = unit.decimals(ticks.step);
    html! {
        @for &v in &ticks.values {
            @let x = num(scale.at(v));
            line class="grid" x1=(x) x2=(x) y1=(num(area.top)) y2=(num(area.bottom() + 4.0)) stroke=(GRID) {}
            text class="tick" x=(x) y=(num(area.bottom() + 17.0)) text-anchor="middle" { (unit.format(v, decimals)) }
        }
        line class="axis" x1=(num(area.left)) x2=(num(area.right())) y1=(num(area.bottom())) y2=(num(area.bottom()))
            stroke=(INK) {}
        text class="axis-label" x=(num(area.left + area.width / 2.0)) y=(num(area.bottom() + 36.0))
            text-anchor="middle" {
            (shown(label))
        }
    }
}

/// A vertical value axis along the left of `area`.
fn y_axis(area: Area, ticks: &Ticks, scale: Scale, label: &str, unit: Unit) -> Markup {
    let decimals = unit.decimals(ticks.step);
    let mid = num(area.top + area.height / 2.0);
    html! {
        @for &v in &ticks.values {
            @let y = num(scale.at(v));
            line class="grid" x1=(num(area.left - 4.0)) x2=(num(area.right())) y1=(y) y2=(y) stroke=(GRID) {}
            text class="tick" x=(num(area.left - 7.0)) y=(y) dy="4" text-anchor="end" { (unit.format(v, decimals)) }
        }
        line class="axis" x1=(num(area.left)) x2=(num(area.left)) y1=(num(area.top)) y2=(num(area.bottom()))
            stroke=(INK) {}
        text class="axis-label" x="14" y=(mid) text-anchor="middle" transform={ "rotate(-90 14 " (mid) ")" } {
            (shown(label))
        }
    }
}

/// A row of keys, the `i`th name in [`colour`]`(i)`, from `x` at height `y`.
fn legend<'a>(x: f64, y: f64, names: impl IntoIterator<Item = &'a str>) -> Markup {
    let mut at = x;
    let keys: Vec<(f64, &str)> = names
        .into_iter()
        .map(|name| {
            let key = (at, name);
            at += 16.0 + CHAR_WIDTH * name.chars().count().min(MAX_LABEL) as f64 + 18.0;
            key
        })
        .collect();
    html! {
        @for (i, &(at, name)) in keys.iter().enumerate() {
            rect class="key" x=(num(at)) y=(num(y - 10.0)) width="12" height="12" fill=(colour(i)) {}
            text class="legend" x=(num(at + 16.0)) y=(num(y)) { (shown(name)) }
        }
    }
}

/// A row label cut to [`MAX_LABEL`] characters in its middle, so that labels that differ only
/// at their ends (`points per placement of tile harbours/H1`, `.../H2`) stay apart.
fn short(label: &str) -> String {
    let count = label.chars().count();
    if count <= MAX_LABEL {
        return label.to_owned();
    }
    let head = (MAX_LABEL - 1) / 2;
    let tail = MAX_LABEL - 1 - head;
    let chars: Vec<char> = label.chars().collect();
    chars[..head]
        .iter()
        .chain(['…'].iter())
        .chain(&chars[count - tail..])
        .collect()
}

/// A histogram: bins of `width` from `start`, one count per bin in each series. One series is
/// drawn as bars; several as step lines over the same bins, told apart by colour and a legend.
pub fn histogram(chart: &Chart, start: f64, width: f64, series: &[Series]) -> Markup {
    // Bins past the last score seen are left out, so the scores fill the axis.
    let bins = series
        .iter()
        .filter_map(|s| s.counts.iter().rposition(|&c| c > 0))
        .max()
        .map_or(0, |last| last + 1);
    let most = series.iter().flat_map(|s| s.counts.iter().copied()).max().unwrap_or(0);
    if bins == 0 || most == 0 || !start.is_finite() || !(width.is_finite() && width > 0.0) {
        return no_data(chart, "no game was scored");
    }
    let height = 260.0;
    let area = Area {
        left: 62.0,
        top: if series.len() > 1 { 52.0 } else { 34.0 },
        width: WIDTH - 62.0 - 20.0,
        height: 0.0,
    };
    let area = Area {
        height: height - area.top - 48.0,
        ..area
    };
    let end = start + width * bins as f64;
    let xt = Ticks::new(start, end, 10);
    let yt = Ticks::new(0.0, most as f64, 5);
    let xs = Scale {
        d0: xt.lo,
        d1: xt.hi,
        r0: area.left,
        r1: area.right(),
    };
    let ys = Scale {
        d0: 0.0,
        d1: yt.hi,
        r0: area.bottom(),
        r1: area.top,
    };
    // The bin `i`'s left and right ends, as values.
    let bin = |i: usize| (start + width * i as f64, start + width * (i + 1) as f64);
    // A series as a step line: up to each bin's count, along the bin, back down after the last.
    let steps = |one: &Series| {
        let mut path = format!("M{} {}", num(xs.at(start)), num(ys.at(0.0)));
        for (i, &count) in one.counts.iter().take(bins).enumerate() {
            let _ = write!(path, " V{} H{}", num(ys.at(count as f64)), num(xs.at(bin(i).1)));
        }
        let _ = write!(path, " V{}", num(ys.at(0.0)));
        path
    };
    let body = html! {
        (y_axis(area, &yt, ys, chart.y_label, Unit::Plain))
        (x_axis(area, &xt, xs, chart.x_label, Unit::Plain))
        @if let [only] = series {
            @for (i, &count) in only.counts.iter().take(bins).enumerate() {
                @let (lo, hi) = bin(i);
                @let (x0, x1) = (xs.at(lo), xs.at(hi));
                @let top = ys.at(count as f64);
                rect class="bar" x=(num(x0 + 0.5)) y=(num(top)) width=(num((x1 - x0 - 1.0).max(0.5)))
                    height=(num(area.bottom() - top)) fill=(PALETTE[0]) {
                    title { (num(lo)) " to " (num(hi)) ": " (count) }
                }
            }
        } @else {
            @for (s, one) in series.iter().enumerate() {
                path class="series" d=(steps(one)) fill="none" stroke=(colour(s)) stroke-width="2" {
                    title { (shown(&one.name)) }
                }
            }
            (legend(area.left, 42.0, series.iter().map(|one| one.name.as_str())))
        }
    };
    figure(chart, WIDTH, height, body)
}

/// Vertical bars with interval whiskers, one per item in its own colour, each value written
/// above its whisker; `reference` (a value and its name, such as a fair share) is a dashed line.
pub fn interval_bars(chart: &Chart, items: &[Interval], unit: Unit, reference: Option<(f64, &str)>) -> Markup {
    if !items.iter().any(Interval::drawable) {
        return no_data(chart, "no value to show");
    }
    let top_value = items
        .iter()
        .filter(|i| i.drawable())
        .map(|i| i.ends().map_or(i.value, |(_, hi)| hi.max(i.value)))
        .chain(reference.map(|(v, _)| v).filter(|v| v.is_finite()))
        .fold(0.0, f64::max);
    let (width, height) = ((130.0 * items.len() as f64 + 110.0).clamp(380.0, WIDTH), 280.0);
    // A reference line is named in a key above the plot, clear of bars, whiskers and values.
    let top = if reference.is_some() { 50.0 } else { 34.0 };
    let area = Area {
        left: 62.0,
        top,
        width: width - 62.0 - 20.0,
        height: height - top - 48.0,
    };
    let yt = Ticks::new(0.0, top_value, 5);
    let ys = Scale {
        d0: 0.0,
        d1: yt.hi,
        r0: area.bottom(),
        r1: area.top,
    };
    let decimals = unit.decimals(yt.step / 10.0);
    let slot = area.width / items.len() as f64;
    let bar = (slot * 0.5).min(90.0);
    let body = html! {
        (y_axis(area, &yt, ys, chart.y_label, unit))
        @for (i, item) in items.iter().enumerate() {
            @let centre = area.left + slot * (i as f64 + 0.5);
            text class="tick" x=(num(centre)) y=(num(area.bottom() + 17.0)) text-anchor="middle" {
                (shown(&short(&item.label)))
            }
            @if !item.drawable() {
                text class="missing" x=(num(centre)) y=(num(area.bottom() - 6.0)) text-anchor="middle" fill=(MUTED) {
                    "n/a"
                }
            } @else {
                @let top = ys.at(item.value.max(0.0));
                @let value = unit.format(item.value, decimals);
                rect class="bar" x=(num(centre - bar / 2.0)) y=(num(top)) width=(num(bar))
                    height=(num(area.bottom() - top)) fill=(colour(i)) fill-opacity="0.85" {
                    title { (shown(&item.label)) ": " (value) }
                }
                @if let Some((lo, hi)) = item.ends() {
                    (whisker_vertical(centre, ys.at(lo.max(0.0)), ys.at(hi.max(0.0))))
                }
                // Beside the bar's top, clear of the whisker in its middle.
                text class="value" x=(num(centre + bar / 2.0 + 4.0)) y=(num(top)) dy="4" { (value) }
            }
        }
        @if let Some((value, name)) = reference.filter(|(v, _)| v.is_finite()) {
            @let y = num(ys.at(value));
            // The key's dashed sample ends just before its text (the name and a value of some
            // six characters, right-aligned).
            @let key = area.right() - CHAR_WIDTH * (name.chars().count().min(MAX_LABEL) + 6) as f64 * 0.9 - 6.0;
            line class="reference" x1=(num(area.left)) x2=(num(area.right())) y1=(y) y2=(y) stroke=(INK)
                stroke-dasharray="6 4" {}
            line x1=(num(key - 28.0)) x2=(num(key)) y1="37" y2="37" stroke=(INK) stroke-dasharray="6 4" {}
            text class="reference-label" x=(num(area.right())) y="41" text-anchor="end" {
                (shown(name)) " " (unit.format(value, decimals))
            }
        }
        line class="axis" x1=(num(area.left)) x2=(num(area.right())) y1=(num(area.bottom())) y2=(num(area.bottom()))
            stroke=(INK) {}
    };
    figure(chart, width, height, body)
}

/// An interval's whisker drawn upright at `x`, from `y0` to `y1`, with caps.
fn whisker_vertical(x: f64, y0: f64, y1: f64) -> Markup {
    let (x, a, b, y0, y1) = (num(x), num(x - 6.0), num(x + 6.0), num(y0), num(y1));
    html! {
        path class="whisker" d=(format!("M{x} {y0} V{y1} M{a} {y0} H{b} M{a} {y1} H{b}")) stroke=(INK)
            stroke-width="1.5" fill="none" {}
    }
}

/// The left margin that fits the longest of `labels` (cut to [`MAX_LABEL`]).
fn label_margin(labels: impl Iterator<Item = usize>) -> f64 {
    let longest = labels.map(|n| n.min(MAX_LABEL)).max().unwrap_or(0);
    (longest as f64 * CHAR_WIDTH + 16.0).clamp(60.0, 300.0)
}

/// A forest plot: one row per item, its value a point and its interval a whisker, around a line
/// at zero. Flagged rows are drawn in [`FLAG`] with a square point and a bold label, so they
/// stand out without colour too; a row whose value is not finite says `n/a`.
pub fn forest(chart: &Chart, rows: &[Interval], unit: Unit) -> Markup {
    if !rows.iter().any(Interval::drawable) {
        return no_data(chart, "no difference to show");
    }
    let row_height = 22.0;
    let left = label_margin(rows.iter().map(|r| r.label.chars().count()));
    let top = 52.0;
    let area = Area {
        left,
        top,
        width: WIDTH - left - 24.0,
        height: row_height * rows.len() as f64,
    };
    let height = area.bottom() + 48.0;
    let (lo, hi) = rows
        .iter()
        .filter(|r| r.drawable())
        .flat_map(|r| [Some((r.value, r.value)), r.ends()])
        .flatten()
        .fold((0.0f64, 0.0f64), |(lo, hi), (a, b)| (lo.min(a), hi.max(b)));
    let xt = Ticks::new(lo, hi, 8);
    let xs = Scale {
        d0: xt.lo,
        d1: xt.hi,
        r0: area.left,
        r1: area.right(),
    };
    let zero = num(xs.at(0.0));
    let decimals = unit.decimals(xt.step / 10.0);
    let body = html! {
        (x_axis(area, &xt, xs, chart.x_label, unit))
        line class="zero" x1=(zero) x2=(zero) y1=(num(area.top)) y2=(num(area.bottom())) stroke=(INK) {}
        @for (i, row) in rows.iter().enumerate() {
            @let y = area.top + row_height * (i as f64 + 0.5);
            @let (fill, weight) = if row.flagged { (FLAG, "bold") } else { (INK, "normal") };
            text class="row-label" x=(num(area.left - 8.0)) y=(num(y)) dy="4" text-anchor="end" font-weight=(weight) {
                (shown(&short(&row.label)))
            }
            @if !row.drawable() {
                text class="missing" x=(num(area.left + 6.0)) y=(num(y)) dy="4" fill=(MUTED) { "n/a" }
            } @else {
                @let ends = row.ends();
                @if let Some((a, b)) = ends {
                    @let (a, b, y0, y1) = (num(xs.at(a)), num(xs.at(b)), num(y - 5.0), num(y + 5.0));
                    path class="whisker" d=(format!("M{a} {y} H{b} M{a} {y0} V{y1} M{b} {y0} V{y1}", y = num(y)))
                        stroke=(fill) stroke-width="1.5" fill="none" {}
                }
                @let x = xs.at(row.value);
                @let tip = html! {
                    title {
                        (shown(&row.label)) ": " (unit.format(row.value, decimals))
                        @if let Some((a, b)) = ends {
                            " [" (unit.format(a, decimals)) ", " (unit.format(b, decimals)) "]"
                        }
                    }
                };
                @if row.flagged {
                    rect class="point flagged" x=(num(x - 5.0)) y=(num(y - 5.0)) width="10" height="10" fill=(FLAG) {
                        (tip)
                    }
                } @else {
                    circle class="point" cx=(num(x)) cy=(num(y)) r="4.5" fill=(fill) { (tip) }
                }
            }
        }
        circle cx=(num(area.left + 5.0)) cy="38" r="4.5" fill=(INK) {}
        text class="legend" x=(num(area.left + 14.0)) y="42" { "not flagged" }
        rect x=(num(area.left + 110.0)) y="33" width="10" height="10" fill=(FLAG) {}
        text class="legend" x=(num(area.left + 125.0)) y="42" font-weight="bold" { "flagged" }
    };
    figure(chart, WIDTH, height, body)
}

/// Horizontal stacked bars: one row per category, the parts end to end in their colours, with
/// `notes` (one per category, may be empty) written after each bar. A value that is not finite
/// or below zero counts as nothing.
pub fn stacked_bars(chart: &Chart, categories: &[String], parts: &[Part], notes: &[String], unit: Unit) -> Markup {
    let value = |p: &Part, c: usize| {
        p.values
            .get(c)
            .copied()
            .filter(|v| v.is_finite() && *v > 0.0)
            .unwrap_or(0.0)
    };
    let totals: Vec<f64> = (0..categories.len())
        .map(|c| parts.iter().map(|p| value(p, c)).sum())
        .collect();
    let most = totals.iter().copied().fold(0.0, f64::max);
    if categories.is_empty() || most <= 0.0 {
        return no_data(chart, "nothing was scored");
    }
    let row_height = 28.0;
    let left = label_margin(categories.iter().map(|c| c.chars().count()));
    let note_room = notes.iter().map(|n| n.chars().count()).max().unwrap_or(0) as f64 * CHAR_WIDTH + 12.0;
    let area = Area {
        left,
        top: 52.0,
        width: (WIDTH - left - 20.0 - note_room).max(200.0),
        height: row_height * categories.len() as f64,
    };
    let height = area.bottom() + 48.0;
    let xt = Ticks::new(0.0, most, 6);
    let xs = Scale {
        d0: 0.0,
        d1: xt.hi,
        r0: area.left,
        r1: area.right(),
    };
    let decimals = unit.decimals(xt.step / 10.0);
    // Category `c`'s parts drawn (those above zero): each part's index, where it starts and
    // its value; and where the last ends.
    let segments = |c: usize| {
        let mut at = 0.0;
        let drawn: Vec<(usize, &Part, f64, f64)> = parts
            .iter()
            .enumerate()
            .filter_map(|(p, part)| {
                let v = value(part, c);
                (v > 0.0).then(|| {
                    let segment = (p, part, at, v);
                    at += v;
                    segment
                })
            })
            .collect();
        (drawn, at)
    };
    let body = html! {
        (x_axis(area, &xt, xs, chart.x_label, unit))
        @for (c, category) in categories.iter().enumerate() {
            @let y = area.top + row_height * c as f64;
            @let (drawn, end) = segments(c);
            text class="row-label" x=(num(area.left - 8.0)) y=(num(y + row_height / 2.0)) dy="4" text-anchor="end" {
                (shown(&short(category)))
            }
            @for (p, part, at, v) in drawn {
                rect class="bar" x=(num(xs.at(at))) y=(num(y + 5.0)) width=(num(xs.at(at + v) - xs.at(at)))
                    height=(num(row_height - 10.0)) fill=(colour(p)) {
                    title { (shown(category)) ", " (shown(&part.name)) ": " (unit.format(v, decimals)) }
                }
            }
            @if let Some(note) = notes.get(c).filter(|n| !n.is_empty()) {
                text class="note" x=(num(xs.at(end) + 6.0)) y=(num(y + row_height / 2.0)) dy="4" { (shown(note)) }
            }
        }
        (legend(area.left, 42.0, parts.iter().map(|part| part.name.as_str())))
    };
    figure(chart, WIDTH, height, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_labels_that_differ_at_their_ends_stay_apart() {
        let labels: Vec<String> = (1..=3)
            .map(|i| format!("points per placement of tile harbours/H{i}"))
            .collect();
        let cut: Vec<String> = labels.iter().map(|l| short(l)).collect();
        assert!(cut.iter().all(|c| c.chars().count() == MAX_LABEL), "{cut:?}");
        assert!(cut[0] != cut[1] && cut[1] != cut[2], "{cut:?}");
        assert!(
            cut[2].ends_with("harbours/H3") && cut[2].starts_with("points per"),
            "{cut:?}"
        );
        assert_eq!(short("short"), "short");
    }

    const CHART: Chart = Chart {
        title: "Scores",
        x_label: "score",
        y_label: "games",
    };

    /// The value of attribute `name` in each element `<tag ...` of `svg` with `class="{class}"`.
    fn attributes(svg: &str, tag: &str, class: &str, name: &str) -> Vec<f64> {
        svg.split(&format!("<{tag} "))
            .skip(1)
            .filter(|e| e.starts_with(&format!("class=\"{class}\"")))
            .map(|e| {
                let key = format!(" {name}=\"");
                let start = e.find(&key).unwrap() + key.len();
                e[start..start + e[start..].find('"').unwrap()].parse().unwrap()
            })
            .collect()
    }

    fn assert_finite_numbers(svg: &str) {
        for bad in ["NaN", "inf", "Infinity"] {
            assert!(!svg.contains(bad), "{bad} in {svg}");
        }
    }

    #[test]
    fn numbers_are_short_and_always_finite() {
        assert_eq!(num(0.1 + 0.2), "0.3");
        assert_eq!(num(12.0), "12");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(f64::NAN), "0");
        assert_eq!(num(f64::INFINITY), "0");
        assert_eq!(num(f64::MAX), "0");
    }

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        let t = Ticks::new(3.0, 97.0, 10);
        assert_eq!((t.lo, t.hi, t.step), (0.0, 100.0, 10.0));
        assert_eq!(t.values.len(), 11);
        let t = Ticks::new(0.0, 0.57, 5);
        assert_eq!((t.lo, t.step), (0.0, 0.2));
        assert!(t.hi >= 0.57 && t.hi < 0.57 + 0.2 + 1e-9);
        assert_eq!(Unit::Percent.format(0.25, Unit::Percent.decimals(t.step)), "25%");
        let t = Ticks::new(-0.031, 0.012, 8);
        assert!(t.lo <= -0.031 && t.hi >= 0.012 && t.values.contains(&0.0), "{t:?}");
        for (lo, hi) in [
            (5.0, 5.0),
            (0.0, 0.0),
            (f64::NAN, 1.0),
            (0.0, f64::INFINITY),
            (-f64::MAX, f64::MAX),
        ] {
            let t = Ticks::new(lo, hi, 5);
            assert!(t.hi > t.lo && t.values.len() >= 2, "{lo}..{hi}: {t:?}");
            assert!(t.values.iter().all(|v| v.is_finite()));
        }
    }

    #[test]
    fn histogram_bars_have_the_counts_relative_heights() {
        let svg = histogram(
            &CHART,
            0.0,
            10.0,
            &[Series {
                name: "all".into(),
                counts: vec![1, 4, 0, 2, 0, 0],
            }],
        )
        .into_string();
        let heights = attributes(&svg, "rect", "bar", "height");
        assert_eq!(heights.len(), 4, "bins past the last score are left out");
        assert!(heights[1] > 0.0);
        for (h, count) in heights.iter().zip([1.0, 4.0, 0.0, 2.0]) {
            assert!((h / heights[1] - count / 4.0).abs() < 0.01, "{heights:?}");
        }
        let xs = attributes(&svg, "rect", "bar", "x");
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "bins left to right: {xs:?}");
        assert!(svg.contains("<title>Scores</title>") && svg.contains(">games</text>"));
        assert_finite_numbers(&svg);
    }

    #[test]
    fn several_series_are_step_lines_with_a_legend() {
        let series = [
            Series {
                name: "blue".into(),
                counts: vec![1, 2],
            },
            Series {
                name: "<b>".into(),
                counts: vec![2, 1],
            },
        ];
        let svg = histogram(&CHART, 0.0, 5.0, &series).into_string();
        assert_eq!(svg.matches("<path class=\"series\"").count(), 2);
        assert!(svg.contains(">blue</text>") && svg.contains(">&lt;b&gt;</text>"));
        assert!(!svg.contains("<b>"));
    }

    #[test]
    fn empty_or_broken_data_gives_a_no_data_figure() {
        for svg in [
            histogram(&CHART, 0.0, 10.0, &[]),
            histogram(
                &CHART,
                0.0,
                10.0,
                &[Series {
                    name: "x".into(),
                    counts: vec![0, 0],
                }],
            ),
            histogram(
                &CHART,
                f64::NAN,
                10.0,
                &[Series {
                    name: "x".into(),
                    counts: vec![3],
                }],
            ),
            interval_bars(&CHART, &[], Unit::Percent, None),
            forest(&CHART, &[interval("a", f64::NAN, 0.0, 1.0)], Unit::Plain),
            stacked_bars(&CHART, &["city".into()], &[], &[], Unit::Plain),
        ] {
            let svg = svg.into_string();
            assert_well_nested(&svg);
            assert!(svg.contains("class=\"no-data\""), "{svg}");
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
            assert!(svg.contains("<title>Scores</title>"));
            assert_finite_numbers(&svg);
        }
    }

    fn interval(label: &str, value: f64, lo: f64, hi: f64) -> Interval {
        Interval {
            label: label.into(),
            value,
            lo,
            hi,
            flagged: false,
        }
    }

    #[test]
    fn interval_bars_scale_with_their_values_and_show_a_reference() {
        let items = [
            interval("blue", 0.6, 0.55, 0.65),
            interval("red", 0.3, 0.25, 0.35),
            interval("n", f64::NAN, f64::NAN, f64::INFINITY),
        ];
        let svg = interval_bars(&CHART, &items, Unit::Percent, Some((0.5, "fair share"))).into_string();
        let heights = attributes(&svg, "rect", "bar", "height");
        assert_eq!(heights.len(), 2, "the value that is not finite has no bar");
        assert!((heights[0] / heights[1] - 2.0).abs() < 0.01);
        assert_eq!(svg.matches("class=\"whisker\"").count(), 2);
        assert!(svg.contains(">n/a</text>") && svg.contains("fair share 50"));
        assert!(svg.contains(">60%</text>") || svg.contains(">60.0%</text>"), "{svg}");
        assert_finite_numbers(&svg);
    }

    const HOSTILE: &str = "<script>alert(1)</script>\"&'";
    const HOSTILE_ESCAPED: &str = "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;'";

    /// Every element of `svg` closed by its own end tag, in order, and nothing else that looks
    /// like a tag: what an unescaped `<`, `>` or `"` in a label would break.
    fn assert_well_nested(svg: &str) {
        let mut open: Vec<&str> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let end = start
                + rest[start..]
                    .find('>')
                    .unwrap_or_else(|| panic!("unclosed tag in {svg}"));
            let tag = &rest[start + 1..end];
            assert!(!tag.contains('<') && !tag.ends_with('/'), "<{tag}> in {svg}");
            // Outside attribute values (every one double-quoted) there is no quote left open.
            assert_eq!(tag.matches('"').count() % 2, 0, "<{tag}> in {svg}");
            match tag.strip_prefix('/') {
                Some(name) => assert_eq!(open.pop(), Some(name), "</{name}> in {svg}"),
                None => open.push(tag.split(' ').next().unwrap()),
            }
            rest = &rest[end + 1..];
        }
        assert!(open.is_empty(), "{open:?} left open in {svg}");
    }

    /// `svg` has `HOSTILE` escaped `times` times (text and attributes alike), and never as
    /// markup.
    fn assert_hostile_escaped(svg: &str, times: usize) {
        assert_well_nested(svg);
        assert!(!svg.contains("<script>") && !svg.contains("alert(1)</script>"), "{svg}");
        assert_eq!(svg.matches(HOSTILE_ESCAPED).count(), times, "{svg}");
        assert_eq!(svg.matches("alert(1)").count(), times, "every one escaped: {svg}");
        assert!(
            svg.starts_with("<svg class=\"chart\" viewBox=\"0 0 ")
                && svg.contains(&format!(
                    "aria-label=\"{HOSTILE_ESCAPED}\"><title>{HOSTILE_ESCAPED}</title>"
                )),
            "the title, in its attribute and its element: {svg}"
        );
    }

    #[test]
    fn hostile_labels_are_escaped_in_every_plot_kind() {
        let chart = Chart {
            title: HOSTILE,
            x_label: HOSTILE,
            y_label: HOSTILE,
        };
        let series = |counts: Vec<u64>| Series {
            name: HOSTILE.into(),
            counts,
        };
        let hostile = |value: f64| interval(HOSTILE, value, value - 0.01, value + 0.01);
        let parts = [
            Part {
                name: HOSTILE.into(),
                values: vec![3.0],
            },
            Part {
                name: "other".into(),
                values: vec![1.0],
            },
        ];
        for (svg, times) in [
            // The title (aria-label, title, drawn title) and the reason.
            (no_data(&chart, HOSTILE), 4),
            // The title, both axes' labels.
            (histogram(&chart, 0.0, 10.0, &[series(vec![1, 2])]), 5),
            // And each series' tooltip and its key.
            (
                histogram(&chart, 0.0, 10.0, &[series(vec![1, 2]), series(vec![2, 1])]),
                9,
            ),
            // The title, the vertical axis' label, each item's label and its tooltip, the
            // reference's name.
            (
                interval_bars(
                    &chart,
                    &[hostile(0.2), hostile(f64::NAN)],
                    Unit::Percent,
                    Some((0.5, HOSTILE)),
                ),
                8,
            ),
            // The title, the horizontal axis' label, each row's label, and the tooltips of the
            // rows drawn (flagged or not).
            (
                forest(
                    &chart,
                    &[
                        hostile(0.2),
                        Interval {
                            flagged: true,
                            ..hostile(-0.1)
                        },
                        hostile(f64::NAN),
                    ],
                    Unit::SignedPercent,
                ),
                9,
            ),
            // The title, the horizontal axis' label, the category's label, its note, the key
            // of the hostile part, and the tooltips: the category in both, the part in its own.
            (
                stacked_bars(&chart, &[HOSTILE.into()], &parts, &[HOSTILE.into()], Unit::Plain),
                10,
            ),
        ] {
            assert_hostile_escaped(&svg.into_string(), times);
        }
    }

    #[test]
    fn forest_rows_place_points_by_value_and_mark_flagged_rows() {
        let mut rows = vec![
            interval("seat 1", -0.02, -0.04, 0.0),
            interval("<script>alert(1)</script>", 0.01, -0.01, 0.03),
        ];
        rows[0].flagged = true;
        let svg = forest(&CHART, &rows, Unit::Percent).into_string();
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        let flagged = attributes(&svg, "rect", "point flagged", "x");
        let plain = attributes(&svg, "circle", "point", "cx");
        assert_eq!((flagged.len(), plain.len()), (1, 1));
        assert!(flagged[0] + 5.0 < plain[0], "a smaller value lies further left");
        assert_finite_numbers(&svg);
    }

    #[test]
    fn stacked_bars_put_parts_end_to_end() {
        let svg = stacked_bars(
            &CHART,
            &["city".into(), "road".into()],
            &[
                Part {
                    name: "during play".into(),
                    values: vec![30.0, 10.0],
                },
                Part {
                    name: "at the end".into(),
                    values: vec![10.0, f64::NAN],
                },
            ],
            &["25% incomplete".into(), String::new()],
            Unit::Plain,
        )
        .into_string();
        let widths = attributes(&svg, "rect", "bar", "width");
        let xs = attributes(&svg, "rect", "bar", "x");
        assert_eq!(widths.len(), 3, "a value that is not finite has no bar");
        assert!((widths[0] / widths[1] - 3.0).abs() < 0.01 && (widths[0] / widths[2] - 3.0).abs() < 0.01);
        assert!(
            (xs[1] - (xs[0] + widths[0])).abs() < 0.02,
            "the second part starts where the first ends"
        );
        assert!(svg.contains(">25% incomplete</text>"));
        assert_finite_numbers(&svg);
    }
}
