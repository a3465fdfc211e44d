//! The balance report as one self-contained HTML page: inline CSS, inline SVG figures (from
//! [`super::svg`]), no outside resource. A short inline script makes the tables sortable; the
//! page reads the same without it (tables in compiled order). The page is written with `maud`,
//! which escapes every text it is given; what came from a file (set, tile, rule-set and figure
//! ids, names, what a comparison changed) is first put on one line by `escape::shown`. The
//! plots are `maud` markup too, their labels escaped the same way.

use tilewright_engine::balance::{
    BalanceReport, Comparison, Difference, Estimate, FigureKey, FocusTile, Histogram, Ranked, Standout, TileStats,
};

use super::svg::{self, Chart, Interval, Part, Series, Unit};
use maud::{DOCTYPE, Markup, PreEscaped, html};

use crate::escape;
use crate::pictures::TilePictures;
use crate::presentation::{FocusFigure, Group, TileColumn, bounds, estimate, points_moved, rank_text};

const STYLE: &str = r#"
:root{color-scheme:light;--ink:#222;--muted:#666;--line:#ddd;--bar:#7fb2dc;--flag:#D55E00}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:#fff}
main{max-width:1100px;margin:0 auto;padding:8px 16px 48px}
h1{font-size:1.6em;margin:.6em 0 .2em}
h2{font-size:1.25em;margin:1.6em 0 .4em;border-bottom:1px solid var(--line);padding-bottom:.2em}
p.lead,p.note,figcaption{color:var(--muted)}
dl.summary{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1.2em;margin:.6em 0}
dl.summary dt{font-weight:600}
dl.summary dd{margin:0;overflow-wrap:anywhere}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
figure{margin:.8em 0}
svg.chart{display:block;width:100%;height:auto}
.pair{display:flex;flex-wrap:wrap;gap:0 32px}
.pair>figure{flex:1 1 340px;max-width:560px}
svg.chart text{font-size:12px;font-family:inherit}
svg.chart text.title{font-size:15px;font-weight:600}
svg.chart text.tick{font-size:11px}
.table-wrap{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-size:13px;margin:.4em 0}
th,td{padding:3px 8px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{background:#f6f6f6;position:sticky;top:0}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;min-width:4.5em;
 background-image:linear-gradient(var(--bar),var(--bar));background-repeat:no-repeat;
 background-position:left 0 top calc(3px + 1.35em);background-size:var(--w,0%) 4px}
th[aria-sort]{cursor:pointer}
th[aria-sort="ascending"]::after{content:" ▲"}
th[aria-sort="descending"]::after{content:" ▼"}
tr.flagged td{font-weight:600}
.pictures{display:inline-flex;gap:4px;vertical-align:middle;margin-right:6px}
.pictures>svg,.pictures>img{display:block;border-radius:3px}
tr.flagged td:first-child{border-left:4px solid var(--flag)}
.standout{color:var(--flag)}
.muted{color:var(--muted)}
@media (max-width:600px){body{font-size:14px}}
"#;

/// Sorts a `table.sortable` by a heading's column when it is clicked (or Enter/Space): numbers
/// by their `data-v`, text by its letters; a second click reverses.
const SORT_SCRIPT: &str = r#"
for (const table of document.querySelectorAll("table.sortable")) {
  const heads = [...table.tHead.rows[0].cells];
  heads.forEach((th, column) => {
    th.tabIndex = 0;
    th.setAttribute("aria-sort", "none");
    const sort = () => {
      const down = th.getAttribute("aria-sort") !== "descending";
      const key = (row) => {
        const cell = row.cells[column];
        if (cell.dataset.v === undefined) return cell.textContent;
        return cell.dataset.v === "" ? -Infinity : Number(cell.dataset.v);
      };
      const rows = [...table.tBodies[0].rows];
      rows.sort((a, b) => {
        const x = key(a), y = key(b);
        const order = typeof x === "number" ? (x === y ? 0 : x < y ? -1 : 1) : String(x).localeCompare(String(y));
        return down ? -order : order;
      });
      heads.forEach((h) => h.setAttribute("aria-sort", "none"));
      th.setAttribute("aria-sort", down ? "descending" : "ascending");
      table.tBodies[0].append(...rows);
    };
    th.addEventListener("click", sort);
    th.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); } });
  });
}
for (const hint of document.querySelectorAll(".sort-hint")) hint.hidden = false;
"#;

/// The page of one run; `changed` says the rule values that differ from the rule set
/// extended.
pub fn run_page(report: &BalanceReport, changed: Option<&str>, pictures: &TilePictures) -> String {
    page(
        "Balance report",
        html! {
            h1 { "Balance report" }
            (summary(report, None, [changed, None]))
            (focus(report, pictures))
            (run_sections(report, pictures))
        },
    )
}

/// The page of two runs of the same seeds: run A in full, what B changes, and every figure's
/// difference B − A.
pub fn comparison_page(comparison: &Comparison, changed: [Option<&str>; 2], pictures: &TilePictures) -> String {
    page(
        "Balance report: A/B comparison",
        html! {
            h1 { "Balance report: A/B comparison" }
            (summary(&comparison.a, Some(comparison), changed))
            (focus(&comparison.a, pictures))
            (focus_differences(comparison))
            (differences(comparison))
            h2 id="run-a" { "Run A in detail" }
            (run_sections(&comparison.a, pictures))
        },
    )
}

/// The document around `body`.
fn page(title: &str, body: Markup) -> String {
    let page = html! {
        (DOCTYPE) "\n"
        html lang="en" {
            "\n" head {
                "\n" meta charset="utf-8";
                "\n" meta name="viewport" content="width=device-width, initial-scale=1";
                "\n" title { (title) }
                "\n" style { (PreEscaped(STYLE)) }
                "\n"
            }
            "\n" body {
                "\n" main { "\n" (body) "\n" }
                "\n" script { (PreEscaped(SORT_SCRIPT)) }
                "\n"
            }
            "\n"
        }
        "\n"
    };
    page.into_string()
}

/// The sections every run has: scores, win rates, feature kinds, tiles, figures, mechanisms.
fn run_sections(report: &BalanceReport, pictures: &TilePictures) -> Markup {
    html! {
        (scores(report))
        (seats(report))
        (feature_kinds(report))
        (tiles(report, pictures))
        (figures(report))
        (mechanisms(report))
    }
}

/// An optional estimate, or a dash said to be missing.
fn maybe_estimate(e: Option<&Estimate>, unit: Unit, decimals: usize) -> Markup {
    html! {
        @match e {
            Some(e) => (estimate(e, unit, decimals)),
            None => span.muted { "none: no game played" },
        }
    }
}

/// What was played: the summary at the top of the page.
fn summary(report: &BalanceReport, comparison: Option<&Comparison>, changed: [Option<&str>; 2]) -> Markup {
    let shown = escape::shown;
    let mut rows: Vec<(&str, Markup)> = Vec::new();
    rows.push((
        "tile sets",
        html! {
            @for (i, s) in report.tilesets.iter().enumerate() {
                @if i > 0 { br; }
                code { (shown(&s.id)) "@" (shown(&s.edition)) } " " span.muted { "content " (shown(&s.hash)) }
            }
        },
    ));
    if !report.expansions.is_empty() {
        rows.push((
            "expansions",
            html! {
                @for (i, s) in report.expansions.iter().enumerate() {
                    @if i > 0 { br; }
                    code { (shown(&s.id)) } " " span.muted { "content " (shown(&s.hash)) }
                }
            },
        ));
    }
    rows.push(("rules", html! { code { (shown(&report.rules)) } }));
    if let Some(changed) = changed[0] {
        rows.push(("rule values changed", html! { (shown(changed)) }));
    }
    if let Some(comparison) = comparison {
        rows.push((
            "run B",
            html! { (shown(&comparison.change)) ", the same seeds (rules " code { (shown(&comparison.b.rules)) } ")" },
        ));
        if let Some(changed) = changed[1] {
            rows.push(("B: rule values changed", html! { (shown(changed)) }));
        }
    }
    let seats: Vec<String> = report
        .seats
        .iter()
        .map(|s| format!("{} {}", seat_name(s.seat), shown(&s.colour)))
        .collect();
    rows.push((
        "players",
        html! {
            (report.players) " "
            span.muted { "(in the game's colours: " (seats.join(", ")) "; seat 1 plays first)" }
        },
    ));
    rows.push(("policy", html! { (shown(&report.policy.to_string())) }));
    rows.push((
        "games",
        html! {
            (report.games)
            @if report.stopped { " of " (report.games_asked) " asked (stopped early)" }
        },
    ));
    rows.push((
        "seed",
        html! { (report.seed) " (game " var { "i" } " plays seed " (report.seed) " + " var { "i" } ")" },
    ));
    rows.push(("turns per game", maybe_estimate(report.turns.as_ref(), Unit::Plain, 1)));
    rows.push((
        "total score per game",
        maybe_estimate(report.total_score.as_ref(), Unit::Plain, 1),
    ));
    rows.push((
        "first-player advantage",
        html! {
            (maybe_estimate(report.first_player_advantage.as_ref(), Unit::Percent, 1))
            " " span.muted { "(the first seat's win rate minus an even share)" }
        },
    ));
    rows.push((
        "time",
        html! {
            (format!(
                "{:.2} s on {} thread(s), {:.0} games/s",
                report.timing.seconds, report.timing.threads, report.timing.games_per_second
            ))
        },
    ));
    html! {
        p.lead {
            "Intervals are 95% intervals of the mean (normal approximation). Wins are shared evenly between players tied for first."
        }
        dl.summary {
            @for (term, value) in rows {
                dt { (term) } dd { (value) }
            }
        }
    }
}

/// A seat's name in the figures: its number from 1. Its colour in the game is said in the
/// summary only, since the figures draw seats in colours of their own.
fn seat_name(seat: u8) -> String {
    format!("seat {}", u16::from(seat) + 1)
}

/// Score histograms: every seat's as a line over shared bins, and all seats together as bars.
fn scores(report: &BalanceReport) -> Markup {
    let widths: Vec<u64> = report.seats.iter().map(|s| s.histogram.bin_width).collect();
    let chart = Chart {
        title: "Final scores, all seats",
        x_label: "final score (points)",
        y_label: "player-games",
    };
    let seat_chart = Chart {
        title: "Final scores by seat",
        x_label: "final score (points)",
        y_label: "games",
    };
    let overflow: u64 = report.seats.iter().map(|s| s.histogram.overflow).sum();
    let figures = match widths.first() {
        Some(&width) if widths.iter().all(|&w| w == width) => {
            let bins = report.seats.iter().map(|s| s.histogram.counts.len()).max().unwrap_or(0);
            let all: Vec<u64> = (0..bins)
                .map(|b| report.seats.iter().map(|s| count(&s.histogram, b)).sum())
                .collect();
            let all = [Series {
                name: "all seats".into(),
                counts: all,
            }];
            let by_seat: Vec<Series> = report
                .seats
                .iter()
                .map(|s| Series {
                    name: seat_name(s.seat),
                    counts: s.histogram.counts.clone(),
                })
                .collect();
            html! {
                figure { (svg::histogram(&chart, 0.0, width as f64, &all)) }
                figure { (svg::histogram(&seat_chart, 0.0, width as f64, &by_seat)) }
                @if overflow > 0 {
                    p.note {
                        (overflow) " score(s) past the last bin (" (width * bins as u64)
                        " points or more) are not drawn."
                    }
                }
            }
        }
        Some(_) => svg::no_data(&chart, "the seats' histograms have different bins"),
        None => svg::no_data(&chart, "no seat"),
    };
    html! { h2 id="scores" { "Scores" } (figures) }
}

/// Bin `b` of a histogram, 0 past its end.
fn count(histogram: &Histogram, b: usize) -> u64 {
    histogram.counts.get(b).copied().unwrap_or(0)
}

/// An estimate as a plotted interval; a missing one is drawn as missing.
fn interval(label: String, e: Option<&Estimate>, flagged: bool) -> Interval {
    let (value, lo, hi) = e.map_or((f64::NAN, f64::NAN, f64::NAN), |e| (e.mean, e.low, e.high));
    Interval {
        label,
        value,
        lo,
        hi,
        flagged,
    }
}

/// Win rates per seat against an even share, so a first-player advantage shows, beside the
/// seats' mean scores.
fn seats(report: &BalanceReport) -> Markup {
    let means: Vec<Interval> = report
        .seats
        .iter()
        .map(|s| interval(seat_name(s.seat), s.score.as_ref(), false))
        .collect();
    let mean_chart = Chart {
        title: "Mean final score by seat",
        x_label: "",
        y_label: "points",
    };
    let rates: Vec<Interval> = report
        .seats
        .iter()
        .map(|s| interval(seat_name(s.seat), s.win_rate.as_ref(), false))
        .collect();
    let chart = Chart {
        title: "Win rate by seat",
        x_label: "",
        y_label: "share of games won",
    };
    let even = (report.players > 0).then(|| 1.0 / f64::from(report.players));
    html! {
        h2 id="seats" { "Seats" }
        div.pair {
            figure { (svg::interval_bars(&chart, &rates, Unit::Percent, even.map(|v| (v, "even share")))) }
            figure { (svg::interval_bars(&mean_chart, &means, Unit::Plain, None)) }
        }
        p.note {
            "Whiskers are 95% intervals. The dashed line is an even share (1 / players): a seat whose interval lies above it wins more often than chance."
        }
    }
}

/// Points by feature kind, in play and at the end, with the share left incomplete.
fn feature_kinds(report: &BalanceReport) -> Markup {
    let names: Vec<String> = report.features.iter().map(|f| f.kind.as_str().to_owned()).collect();
    let games = report.games.max(1) as f64;
    let parts = [
        Part {
            name: "scored during play".into(),
            values: report
                .features
                .iter()
                .map(|f| f.points_in_play as f64 / games)
                .collect(),
        },
        Part {
            name: "scored at the end".into(),
            values: report.features.iter().map(|f| f.points_at_end as f64 / games).collect(),
        },
    ];
    let notes: Vec<String> = report
        .features
        .iter()
        .map(|f| {
            f.incomplete_share
                .map(|s| format!("{} left incomplete", Unit::Percent.format(s, 0)))
                .unwrap_or_default()
        })
        .collect();
    let chart = Chart {
        title: "Points per game by feature kind",
        x_label: "points per game (all players)",
        y_label: "",
    };
    let figure = if report.games == 0 {
        svg::no_data(&chart, "no game was played")
    } else {
        svg::stacked_bars(&chart, &names, &parts, &notes, Unit::Plain)
    };
    let columns = [
        "kind",
        "features",
        "completed",
        "mean size",
        "points in play",
        "points at the end",
        "left incomplete",
    ];
    let rows: Vec<Vec<Cell>> = report
        .features
        .iter()
        .map(|f| {
            vec![
                Cell::text(f.kind.as_str()),
                Cell::count(f.features),
                Cell::count(f.completions),
                Cell::number(f.mean_size, 1),
                Cell::count(f.points_in_play),
                Cell::count(f.points_at_end),
                Cell::optional(f.incomplete_share, |v| Unit::Percent.format(v, 1)),
            ]
        })
        .collect();
    html! {
        h2 id="features" { "Feature kinds" }
        figure { (figure) }
        (table(&headings(&columns), rows, &[], &[]))
    }
}

/// The tiles under study first: each figure with its interval and its rank among all tiles in
/// play, the strongest and the weakest marked; a plot of their points per placement.
fn focus(report: &BalanceReport, pictures: &TilePictures) -> Markup {
    let Some(focus) = &report.focus else {
        return html! {};
    };
    let shown = escape::shown;
    let name = |t: &FocusTile| format!("{}/{}", t.set, t.id);
    let best_other = report
        .tiles
        .iter()
        .filter(|t| !focus.sets.contains(&t.set))
        .filter_map(|t| t.points_per_placement.map(|p| (p, t)))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let standing = |t: &FocusTile| {
        let p = &t.points_per_placement;
        html! {
            code { (shown(&name(t))) }
            " (" (p.value.map_or_else(String::new, |e| format!("{:.2}", e.mean)))
            " points per placement, above " (format!("{:.0}", p.percentile.unwrap_or(0.0))) "% of the other tiles)"
        }
    };
    let rows: Vec<Interval> = focus
        .tiles
        .iter()
        .map(|t| interval(name(t), t.points_per_placement.value.as_ref(), t.standout.is_some()))
        .collect();
    let chart = Chart {
        title: "Your tiles: points per placement (95%)",
        x_label: "points per copy on the table",
        y_label: "",
    };
    let mut columns = vec![("tile", TileColumn::Tile.help()), ("name", TileColumn::Name.help())];
    for figure in FocusFigure::ALL {
        columns.push((figure.title(), figure.help()));
        columns.push(("rank", "Its rank among every tile type in play (#1: the highest)"));
    }
    let rank = |r: &Ranked| match r.rank {
        Some(rank) => Cell::plain(rank_text(r), -(rank as f64)),
        None => Cell::optional(None, |_| String::new()),
    };
    let flags: Vec<bool> = focus.tiles.iter().map(|t| t.standout.is_some()).collect();
    let table_rows: Vec<Vec<Cell>> = focus
        .tiles
        .iter()
        .map(|t| {
            let id = html! {
                (pictures.cell(&t.set, &t.id)) code { (shown(&name(t))) }
                @match t.standout {
                    Some(Standout::Strongest) => { " " strong.standout { "strongest" } }
                    Some(Standout::Weakest) => { " " strong.standout { "weakest" } }
                    None => {}
                }
            };
            let mut row = vec![Cell::markup(id), Cell::text(&t.name)];
            for figure in FocusFigure::ALL {
                let (unit, decimals) = figure.unit();
                row.push(Cell::estimate(figure.of(t).value, unit, decimals));
                row.push(rank(figure.of(t)));
            }
            row
        })
        .collect();
    html! {
        h2 id="your-tiles" { "Your tiles" }
        p.lead {
            "The " (focus.tiles.len()) " tile type(s) of "
            @for (i, set) in focus.sets.iter().enumerate() {
                @if i > 0 { ", " }
                code { (shown(set)) }
            }
            ", strongest first, each figure with its 95% interval and its rank among the "
            (focus.tiles_in_play)
            " tile types in play (#1: the highest; the percentile is the share of the other tiles below it)."
        }
        @if let Some(((strongest, weakest), (points, best))) = focus.ends().zip(best_other) {
            p {
                "Strongest: " (standing(strongest)) ". Weakest: " (standing(weakest))
                ". The best other tile, " code { (shown(&best.set)) "/" (shown(&best.id)) } ", makes "
                (format!("{points:.2}")) "."
            }
        }
        figure {
            (svg::forest(&chart, &rows, Unit::Plain))
            figcaption { "The strongest and the weakest are drawn square, in vermillion." }
        }
        (table(&columns, table_rows, &[], &flags))
        @if !focus.not_dealt.is_empty() {
            p {
                "Not dealt under these rules (no copy in this edition): "
                @for (i, id) in focus.not_dealt.iter().enumerate() {
                    @if i > 0 { ", " }
                    code { (shown(id)) }
                }
                "."
            }
        }
    }
}

/// The tile table: how often each tile came, fitted, scored and went with winning.
fn tiles(report: &BalanceReport, pictures: &TilePictures) -> Markup {
    let columns: Vec<(&str, &str)> = TileColumn::ALL.iter().map(|c| (c.title(), c.help())).collect();
    let rows: Vec<Vec<Cell>> = report
        .tiles
        .iter()
        .map(|t| TileColumn::ALL.iter().map(|&c| tile_cell(c, t, pictures)).collect())
        .collect();
    let under_hill = TileColumn::ALL.iter().position(|&c| c == TileColumn::UnderHill);
    let hidden: Vec<usize> = under_hill
        .filter(|_| report.tiles.iter().all(|t| t.under_hill == 0))
        .into_iter()
        .collect();
    html! {
        h2 id="tiles" { "Tiles" }
        p.note {
            "Drawn = placed + discarded (a tile that fits nowhere is discarded). Legal placements are counted on one turn in "
            (report.placements_sample_every)
            ". Points are each tile's share of the points of the features it was part of. The last column is a correlation, not a cause. Bars compare a row with the column's largest value."
            span.sort-hint hidden { " Select a column heading to sort by it." }
        }
        (table(&columns, rows, &hidden, &[]))
    }
}

/// A cell of the tile table.
fn tile_cell(column: TileColumn, t: &TileStats, pictures: &TilePictures) -> Cell {
    let (unit, decimals) = column.unit();
    match column {
        TileColumn::Tile => Cell::markup(html! {
            (pictures.cell(&t.set, &t.id)) code { (escape::shown(&t.set)) "/" (escape::shown(&t.id)) }
            @if t.start { " " span.muted { "start" } }
        }),
        TileColumn::Name => Cell::text(&t.name),
        _ if column.is_count() => Cell::count(column.number(t).unwrap_or(0.0) as u64),
        TileColumn::PointsPerPlacement | TileColumn::WinEffect => Cell::estimate(column.interval(t), unit, decimals),
        _ => Cell::optional(column.number(t), |v| unit.format(v, decimals)),
    }
}

/// The figure table.
fn figures(report: &BalanceReport) -> Markup {
    let columns = ["figure", "deployed", "returned", "points", "turns on the table (mean)"];
    let rows: Vec<Vec<Cell>> = report
        .figures
        .iter()
        .map(|f| {
            vec![
                Cell::markup(html! { code { (escape::shown(&f.id)) } }),
                Cell::count(f.deployed),
                Cell::count(f.returned),
                Cell::count(f.points),
                Cell::number(f.mean_turns_on_table, 1),
            ]
        })
        .collect();
    html! {
        h2 id="figures" { "Figures" }
        (table(&headings(&columns), rows, &[], &[]))
    }
}

/// The expansion mechanisms in play, as counts, in the balance report's words.
fn mechanisms(report: &BalanceReport) -> Markup {
    let items = report.mechanisms.lines();
    html! {
        @if !items.is_empty() {
            h2 id="mechanisms" { "Expansion mechanisms" }
            ul { @for item in &items { li { (escape::shown(item)) } } }
        }
    }
}

/// Most rows of one forest plot: past it (thousands of tiles) a plot is too tall to read, and
/// the table below lists every difference anyway.
const MAX_FOREST_ROWS: usize = 40;

/// At most `max` of `rows`, in their order: flagged rows before others, larger differences
/// before smaller; and how many were left out.
fn largest_differences(rows: Vec<Interval>, max: usize) -> (Vec<Interval>, usize) {
    if rows.len() <= max {
        return (rows, 0);
    }
    let size = |row: &Interval| if row.value.is_finite() { row.value.abs() } else { -1.0 };
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| {
        (rows[b].flagged, size(&rows[b]))
            .partial_cmp(&(rows[a].flagged, size(&rows[a])))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut kept = vec![false; rows.len()];
    for &i in &order[..max] {
        kept[i] = true;
    }
    let left_out = rows.len() - max;
    let rows = rows.into_iter().zip(kept).filter(|&(_, k)| k).map(|(r, _)| r).collect();
    (rows, left_out)
}

/// A group's forest plot, or nothing when B changes none of its figures.
fn group_plot(comparison: &Comparison, group: Group) -> Markup {
    let in_group: Vec<&Difference> = comparison
        .differences
        .iter()
        .filter(|d| Group::of(&d.key) == group)
        .collect();
    // A plot of nothing but zeros (a figure B does not change) says nothing: left out.
    let zero = |d: &Difference| d.difference.is_none_or(|e| (e.low, e.mean, e.high) == (0.0, 0.0, 0.0));
    if in_group.iter().all(|d| zero(d)) {
        return html! {};
    }
    let rows: Vec<Interval> = in_group
        .iter()
        .map(|d| interval(plot_label(d), d.difference.as_ref(), d.flagged))
        .collect();
    let (rows, left_out) = largest_differences(rows, MAX_FOREST_ROWS);
    let chart = Chart {
        title: group.title(),
        x_label: "B − A per game",
        y_label: "",
    };
    html! {
        figure {
            (svg::forest(&chart, &rows, group.unit().0))
            @if left_out > 0 {
                figcaption {
                    "The " (rows.len()) " largest differences, flagged first; " (left_out) " more are in the table below."
                }
            }
        }
    }
}

/// Of an A/B: each figure of the tiles under study in run A and in run B, and B − A, so that
/// "did B fix it?" is read in one table.
fn focus_differences(comparison: &Comparison) -> Markup {
    let Some(focus) = &comparison.a.focus else {
        return html! {};
    };
    let studied: Vec<&Difference> = comparison
        .differences
        .iter()
        .filter(|d| d.key.tile_set().is_some_and(|set| focus.sets.iter().any(|s| s == set)))
        .collect();
    if studied.is_empty() {
        return html! {};
    }
    let columns = ["figure", "key", "A", "B", "B − A", "95% interval", "flagged"];
    let rows: Vec<Vec<Cell>> = studied.iter().map(|d| difference_row(d)).collect();
    let flags: Vec<bool> = studied.iter().map(|d| d.flagged).collect();
    html! {
        h2 id="your-tiles-a-b" { "Your tiles, A and B" }
        p.lead {
            "Each figure of your tiles in run A and in run B (" (comparison.change) "), and B − A with its 95% interval; flagged as the differences below are."
        }
        (table(&headings(&columns), rows, &[], &flags))
    }
}

/// A difference's row in its group's plot: a tile's `set/id` (the plot's title says which
/// figure), any other figure's label.
fn plot_label(d: &Difference) -> String {
    match &d.key {
        FigureKey::Tile { set, id, .. } => format!("{set}/{id}"),
        _ => d.label.clone(),
    }
}

/// The A/B section: a forest plot per group of figures, then every difference in a table.
fn differences(comparison: &Comparison) -> Markup {
    let flagged = comparison.differences.iter().filter(|d| d.flagged).count();
    let columns = ["figure", "key", "A", "B", "B − A", "95% interval", "flagged"];
    let rows: Vec<Vec<Cell>> = comparison.differences.iter().map(difference_row).collect();
    let flags: Vec<bool> = comparison.differences.iter().map(|d| d.flagged).collect();
    html! {
        h2 id="differences" { "Differences B − A" }
        p.note {
            "Each figure of the whole game is a mean per game; a tile's are per copy (points per placement, the same against the average tile, discards per draw), so that more tiles in a game, each with a smaller share of the points, do not show as a change in every tile. Differences pair the games of the same seeds, with their 95% interval; plots where B changes nothing are left out. Flagged figures (square, bold, in vermillion) are significant at a false discovery rate of 5% over all the figures compared (the Benjamini–Hochberg correction: among a hundred figures that did not move, about five intervals leave out zero by chance) and change by at least "
            (format!("{}", comparison.min_change * 100.0)) "% of A."
        }
        p { (flagged) " of " (comparison.differences.len()) " figures flagged." }
        @if let Some(moved) = points_moved(comparison) {
            p.lead { "Where the points went: " (moved) "." }
        }
        @for group in Group::ALL { (group_plot(comparison, group)) }
        (table(&headings(&columns), rows, &[], &flags))
    }
}

fn difference_row(d: &Difference) -> Vec<Cell> {
    let (unit, decimals) = Group::of(&d.key).unit();
    let interval = d
        .difference
        .map_or_else(|| "none: fewer than two games".into(), |e| bounds(&e, unit, decimals));
    vec![
        Cell::text(&d.label),
        Cell::markup(html! { code { (escape::shown(&d.key.to_string())) } }),
        Cell::plain(unit.format(d.a, decimals), d.a),
        Cell::plain(unit.format(d.b, decimals), d.b),
        d.difference.map_or_else(
            || Cell::text("–"),
            |e| Cell::plain(unit.format(e.mean, decimals), e.mean),
        ),
        Cell::text(&interval),
        Cell::text(if d.flagged { "yes" } else { "no" }),
    ]
}

/// A table cell: its markup, the number it sorts by (if a number column), and a bar value.
struct Cell {
    html: Markup,
    sort: Option<f64>,
    /// Whether the number is drawn as a bar against the column's largest.
    bar: bool,
}

impl Cell {
    /// Untrusted or plain text, escaped.
    fn text(text: &str) -> Cell {
        Cell {
            html: html! { (escape::shown(text)) },
            sort: None,
            bar: false,
        }
    }
    /// Markup, made safe where it was written.
    fn markup(html: Markup) -> Cell {
        Cell {
            html,
            sort: None,
            bar: false,
        }
    }
    /// A number written as the program wrote it, sorted but without a bar.
    fn plain(text: String, v: f64) -> Cell {
        Cell {
            sort: Some(v),
            ..Cell::text(&text)
        }
    }
    fn count(n: u64) -> Cell {
        Cell {
            html: html! { (n) },
            sort: Some(n as f64),
            bar: true,
        }
    }
    fn number(v: Option<f64>, decimals: usize) -> Cell {
        Cell::optional(v, |v| format!("{v:.decimals$}"))
    }
    /// A mean with its interval, sorted by the mean, without a bar.
    fn estimate(e: Option<Estimate>, unit: Unit, decimals: usize) -> Cell {
        let Some(e) = e else {
            return Cell::optional(None, |_| String::new());
        };
        Cell {
            html: html! { (unit.format(e.mean, decimals)) " " span.muted { (bounds(&e, unit, decimals)) } },
            sort: Some(e.mean).filter(|v| v.is_finite()).or(Some(f64::NEG_INFINITY)),
            bar: false,
        }
    }
    fn optional(v: Option<f64>, show: impl Fn(f64) -> String) -> Cell {
        match v.filter(|v| v.is_finite()) {
            Some(v) => Cell {
                html: html! { (show(v)) },
                sort: Some(v),
                bar: true,
            },
            None => Cell {
                html: html! { span.muted { "–" } },
                sort: Some(f64::NEG_INFINITY),
                bar: false,
            },
        }
    }
}

/// Headings without a tooltip.
fn headings<'a>(titles: &[&'a str]) -> Vec<(&'a str, &'static str)> {
    titles.iter().map(|t| (*t, "")).collect()
}

/// A sortable table, each heading with its explanation as a tooltip; columns listed in
/// `hidden` are left out, rows whose `flagged` is set are marked.
fn table(columns: &[(&str, &str)], rows: Vec<Vec<Cell>>, hidden: &[usize], flagged: &[bool]) -> Markup {
    let shown = |c: usize| !hidden.contains(&c);
    let largest: Vec<f64> = (0..columns.len())
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c).filter(|cell| cell.bar).and_then(|cell| cell.sort))
                .fold(0.0, f64::max)
        })
        .collect();
    let width = |c: usize, cell: &Cell| match (cell.bar, cell.sort, largest[c]) {
        (true, Some(v), most) if most > 0.0 && v > 0.0 => Some(format!("--w:{}%", svg::num(v / most * 100.0))),
        _ => None,
    };
    let key = |v: f64| if v.is_finite() { v.to_string() } else { String::new() };
    html! {
        div.table-wrap { table.sortable {
            thead { tr {
                @for (c, (title, help)) in columns.iter().enumerate() {
                    @if shown(c) {
                        th scope="col" title=[(!help.is_empty()).then_some(help)] { (title) }
                    }
                }
            } }
            tbody {
                @for (r, row) in rows.iter().enumerate() {
                    tr class=[(flagged.get(r) == Some(&true)).then_some("flagged")] {
                        @for (c, cell) in row.iter().enumerate() {
                            @if shown(c) {
                                @match cell.sort {
                                    Some(v) => { td.num data-v=(key(v)) style=[width(c, cell)] { (cell.html) } }
                                    None => { td { (cell.html) } }
                                }
                            }
                        }
                    }
                }
            }
        } }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use tilewright_engine::balance::{
        Deployments, FeatureKindStats, FigureStats, MarkStats, MechanismStats, SeatStats, TileStats, Timing, TokenStats,
    };
    use tilewright_engine::bots::Policy;
    use tilewright_engine::game::SetRef;
    use tilewright_engine::model::FeatureKind;

    use super::*;

    const HOSTILE: &str = "<script>alert(1)</script>\"&'";

    fn estimate(mean: f64, half: f64) -> Option<Estimate> {
        Some(Estimate {
            mean,
            low: mean - half,
            high: mean + half,
        })
    }

    pub(crate) fn tile(id: &str, name: &str, drawn: u64, discarded: u64) -> TileStats {
        TileStats {
            index: 0,
            set: "base".into(),
            id: id.into(),
            name: name.into(),
            start: false,
            drawn,
            placed: drawn - discarded,
            discarded,
            discard_rate_interval: estimate(discarded as f64 / drawn as f64, 0.01),
            under_hill: 0,
            placements_sampled: 10,
            placements_mean: Some(7.5),
            placements_min: Some(1),
            deployments: vec![Deployments {
                figure: "follower".into(),
                kind: FeatureKind::City,
                count: 3,
            }],
            completed_features: 4,
            points: 40,
            points_per_placement: Some(2.0),
            points_per_placement_interval: estimate(2.0, 0.25),
            placed_by: 5,
            win_rate_placed: Some(0.55),
            win_rate_not_placed: Some(0.45),
            win_effect: Some(0.1),
            win_effect_interval: estimate(0.1, 0.04),
        }
    }

    /// A report of two seats with a tile, a tile set and a figure named by a hostile file.
    pub(super) fn sample() -> BalanceReport {
        let seat = |seat: u8, colour: &str, win: f64| SeatStats {
            seat,
            colour: colour.into(),
            score: estimate(60.0 + f64::from(seat), 2.0),
            wins: win * 100.0,
            win_rate: estimate(win, 0.05),
            histogram: Histogram {
                bin_width: 10,
                counts: vec![0, 1, 5, 20, 40, 25, 8, 1],
                overflow: 1,
            },
        };
        BalanceReport {
            tilesets: vec![SetRef {
                id: HOSTILE.into(),
                edition: "first".into(),
                hash: "0123abcd".into(),
            }],
            expansions: Vec::new(),
            rules: "new-edition".into(),
            players: 2,
            policy: Policy::Random,
            seed: 7,
            games_asked: 100,
            games: 100,
            stopped: false,
            turns: estimate(71.0, 0.1),
            total_score: estimate(121.0, 3.0),
            seats: vec![seat(0, "blue", 0.56), seat(1, "red", 0.44)],
            first_player_advantage: estimate(0.06, 0.05),
            placements_sample_every: 4,
            tiles: vec![tile("D", "road and city", 300, 0), tile("x", HOSTILE, 120, 30)],
            focus: None,
            features: vec![
                FeatureKindStats {
                    kind: FeatureKind::City,
                    features: 900,
                    completions: 600,
                    mean_size: Some(4.2),
                    points_in_play: 3000,
                    points_at_end: 800,
                    incomplete_share: Some(0.33),
                },
                FeatureKindStats {
                    kind: FeatureKind::Field,
                    features: 700,
                    completions: 0,
                    mean_size: None,
                    points_in_play: 0,
                    points_at_end: 2500,
                    incomplete_share: None,
                },
            ],
            figures: vec![FigureStats {
                id: HOSTILE.into(),
                deployed: 500,
                returned: 450,
                points: 4000,
                turns_on_table: 5000,
                mean_turns_on_table: Some(10.0),
            }],
            mechanisms: MechanismStats::default(),
            timing: Timing {
                threads: 1,
                seconds: 0.5,
                games_per_second: 200.0,
            },
        }
    }

    /// Markup a hostile name would add, had it not been escaped.
    fn assert_escaped(page: &str) {
        assert_eq!(page.matches("<script>").count(), 1, "only the page's own script");
        assert!(!page.contains("alert(1)</script>"));
        assert!(
            page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;'"),
            "an apostrophe needs no escape: every attribute is double-quoted"
        );
    }

    #[test]
    fn the_tile_table_has_the_shared_columns_with_their_explanations() {
        let page = run_page(&sample(), None, &TilePictures::none());
        // No tile went under a hill: that column is left out.
        for c in TileColumn::ALL {
            let heading = format!("<th scope=\"col\" title=\"{}\">{}</th>", c.help(), c.title());
            assert_eq!(page.contains(&heading), c != TileColumn::UnderHill, "{heading}");
        }
    }

    #[test]
    fn printed_tokens_and_marks_are_listed_by_their_escaped_names() {
        let mut report = sample();
        report.mechanisms.tokens = vec![TokenStats {
            id: HOSTILE.into(),
            taken: 120,
            awards: 30,
            points: 300,
        }];
        report.mechanisms.marks = vec![MarkStats {
            id: "inn".into(),
            points: 640,
        }];
        let page = run_page(&report, None, &TilePictures::none());
        assert!(page.contains("<h2 id=\"mechanisms\">"));
        assert!(page.contains(": 120 tokens taken; most "), "{page}");
        assert!(page.contains("at the end: 30 awards, 300 points</li>"), "{page}");
        assert!(page.contains("<li>features marked inn: 640 points</li>"), "{page}");
        assert_escaped(&page);
    }

    #[test]
    fn the_tiles_under_study_open_the_page_ranked_with_their_ends_marked() {
        let mut report = sample();
        report.tiles[1].set = "mine".into();
        let mut third = tile("y", "weak one", 100, 0);
        (third.index, third.set) = (2, "mine".into());
        third.points_per_placement = Some(0.5);
        third.points_per_placement_interval = estimate(0.5, 0.1);
        report.tiles.push(third);
        report.tiles[1].points_per_placement_interval = estimate(3.0, 0.2);
        report.focus_on(&["mine".into()]);
        let page = run_page(&report, None, &TilePictures::none());
        let (yours, scores) = (
            page.find("id=\"your-tiles\"").unwrap(),
            page.find("id=\"scores\"").unwrap(),
        );
        assert!(yours < scores, "your tiles first");
        let section = &page[yours..scores];
        assert!(section.contains("The 2 tile type(s) of <code>mine</code>"), "{section}");
        assert!(section.contains("among the 3 tile types in play"), "{section}");
        // The hostile-named tile is the strongest (#1 of 3), the other the weakest (#3).
        let strongest = section.find("strongest</strong>").unwrap();
        let weakest = section.find("weakest</strong>").unwrap();
        assert!(strongest < weakest, "strongest first");
        assert!(
            section.contains("#1 of 3 (100th pct)") && section.contains("#3 of 3 (0th pct)"),
            "{section}"
        );
        assert!(
            section.contains("3.00 <span class=\"muted\">[2.80, 3.20]</span>"),
            "{section}"
        );
        assert!(
            section.contains("best other tile, <code>base/D</code>, makes 2.00"),
            "{section}"
        );
        assert!(section.contains("Your tiles: points per placement"), "a plot");
        assert_escaped(&page);
        assert!(
            !run_page(&sample(), None, &TilePictures::none()).contains("your-tiles"),
            "nothing under study, no section"
        );
    }

    #[test]
    fn a_run_page_is_whole_self_contained_and_escaped() {
        let page = run_page(&sample(), None, &TilePictures::none());
        assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
        assert!(page.contains("<meta charset=\"utf-8\">") && page.contains("<title>Balance report</title>"));
        for outside in ["http://", "https://", "src=", "<link", "@import", "url("] {
            assert!(!page.contains(outside), "{outside} in the page");
        }
        assert_escaped(&page);
        for section in ["scores", "seats", "features", "tiles", "figures"] {
            assert!(page.contains(&format!("<h2 id=\"{section}\">")), "{section}");
        }
        assert!(!page.contains("id=\"differences\""), "no comparison, no differences");
        assert!(!page.contains("under a hill"), "a column no tile has is left out");
        // Discarded share: 30 of 120, drawn as a quarter of the column's largest bar.
        assert!(page.contains("data-v=\"0.25\" style=\"--w:100%\">25.0%</td>"), "{page}");
        assert!(page.contains("33% left incomplete"));
        // Each tile's points per placement and win effect with their intervals, sorted by the mean.
        assert!(
            page.contains("data-v=\"2\">2.00 <span class=\"muted\">[1.75, 2.25]</span>"),
            "{page}"
        );
        assert!(
            page.contains(">+10.0% <span class=\"muted\">[+6.0%, +14.0%]</span>"),
            "{page}"
        );
        assert!(
            page.contains("2 score(s) past the last bin (80 points or more)"),
            "one per seat"
        );
    }

    #[test]
    fn a_run_without_games_says_so_instead_of_drawing() {
        let mut report = sample();
        report.games = 0;
        report.turns = None;
        report.total_score = None;
        for seat in &mut report.seats {
            seat.score = None;
            seat.win_rate = None;
            seat.histogram.counts = vec![0; 8];
            seat.histogram.overflow = 0;
        }
        let page = run_page(&report, None, &TilePictures::none());
        assert!(page.matches("class=\"no-data\"").count() >= 4, "{page}");
        assert!(page.contains("none: no game played"));
        for bad in ["NaN", "inf"] {
            assert!(!page.contains(bad), "{bad}");
        }
    }

    fn difference(key: &str, label: &str, mean: f64, flagged: bool) -> Difference {
        Difference {
            key: key.parse().unwrap(),
            label: label.into(),
            a: 1.0,
            b: 1.0 + mean,
            difference: estimate(mean, 0.5),
            p_value: None,
            flagged,
        }
    }

    #[test]
    fn a_comparison_of_thousands_of_tiles_keeps_its_plot_readable() {
        let differences = (0..2000)
            .map(|i| {
                let flagged = i % 700 == 0;
                let key = format!("tile.base/T{i}.points_per_placement");
                difference(&key, &format!("T{i}"), f64::from(i) / 100.0, flagged)
            })
            .collect();
        let comparison = Comparison {
            a: sample(),
            b: sample(),
            change: "without mine".into(),
            differences,
            min_change: 0.02,
        };
        let page = comparison_page(&comparison, [None, None], &TilePictures::none());
        let title = page.find("<title>Points per placement by tile, B − A</title>").unwrap();
        let plot = &page[title..title + page[title..].find("</svg>").unwrap()];
        let points = plot.matches("class=\"point flagged\"").count() + plot.matches("<circle class=\"point\"").count();
        assert_eq!(points, MAX_FOREST_ROWS, "one plot of at most {MAX_FOREST_ROWS} rows");
        assert_eq!(
            plot.matches("class=\"point flagged\"").count(),
            3,
            "flagged rows come first"
        );
        assert!(
            plot.contains(">base/T1999<"),
            "the largest difference is drawn, named by its tile"
        );
        assert!(!plot.contains(">base/T1000<"), "a middling one is left to the table");
        assert!(page.contains("1960 more are in the table below"));
        assert!(page.contains(">T1000<"), "the table has every difference");
    }

    #[test]
    fn a_comparison_page_plots_each_difference_and_marks_flagged_ones() {
        let comparison = Comparison {
            a: sample(),
            b: sample(),
            change: format!("rules {HOSTILE}"),
            differences: vec![
                difference("seat.0.win_rate", "win rate of seat 1", 0.03, false),
                difference("seat.0.score", "score of seat 1", 2.0, true),
                difference("points.city", "city points", -3.0, true),
                difference(
                    &format!("tile.base/{HOSTILE}.points_per_placement"),
                    HOSTILE,
                    0.1,
                    false,
                ),
                // B changes no tile's discards: exactly zero, a plot of nothing left out.
                Difference {
                    difference: estimate(0.0, 0.0),
                    ..difference("tile.base/D.discard_rate", "discard rate of D", 0.0, false)
                },
            ],
            min_change: 0.02,
        };
        let page = comparison_page(&comparison, [None, None], &TilePictures::none());
        assert_escaped(&page);
        assert!(page.contains("2 of 5 figures flagged"));
        assert_eq!(page.matches("class=\"point flagged\"").count(), 2);
        assert_eq!(page.matches("<circle class=\"point\"").count(), 2);
        assert_eq!(page.matches("<tr class=\"flagged\">").count(), 2);
        for title in [
            "Win rates, B − A",
            "Scores and game length, B − A",
            "Points by feature kind, B − A",
            "Points per placement by tile, B − A",
        ] {
            assert!(page.contains(&format!("<title>{title}</title>")), "{title}");
        }
        assert!(
            !page.contains("<title>Share of draws discarded by tile"),
            "all zero: no plot"
        );
        assert!(page.contains("discard rate of D"), "but a row in the table");
        assert!(
            page.contains(">+3.0%<") || page.contains(">3.0%<"),
            "win rates in percent"
        );
    }
}
