//! GUI tests of the Balance page: a small run shows the set's tiles and goes stale after an
//! edit; a row's click selects its tile; a long run is cancelled; a comparison shows its
//! differences; a tile set that does not validate is not run; a rule-set file is played.

#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tilewright_editor::EditorApp;
use tilewright_editor::balance::{Results, RulesChoice, Versus};
use tilewright_editor::document::Edit;
use tilewright_editor::files::ScriptedDialogs;
use tilewright_editor::view::Page;

mod common;
use common::{BASE, base_editor, editor, settle, write};

/// The Balance page of `h`'s tile set, with `games` games on two threads.
fn balance_page(h: &mut Harness<'_, EditorApp>, games: u64) {
    h.get_by_label("Balance").click();
    settle(h);
    assert_eq!(h.state().view.page, Page::Balance);
    let settings = h
        .state_mut()
        .panels
        .balance
        .settings_mut()
        .expect("the page made settings");
    settings.plan.games = games;
    settings.plan.threads = 2;
}

/// Presses Run and steps frames until the run has ended (at most a minute).
fn run(h: &mut Harness<'_, EditorApp>) {
    let before = h.state().panels.balance.finished().map(|f| f as *const _);
    h.get_by_label("Run").click();
    h.step();
    assert!(
        h.state().panels.balance.is_running() || h.state().panels.balance.finished().map(|f| f as *const _) != before,
        "Run started a run"
    );
    until_finished(h);
}

/// Steps frames until the run has ended (at most a minute).
fn until_finished(h: &mut Harness<'_, EditorApp>) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while h.state().panels.balance.is_running() {
        assert!(Instant::now() < deadline, "the run did not end");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    settle(h);
}

/// Scrolls the results until the node labelled `label` is in view.
fn scroll_to(h: &mut Harness<'_, EditorApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    settle(h);
}

/// The results of the last run, which must have played.
fn results(h: &Harness<'_, EditorApp>) -> Results {
    let finished = h.state().panels.balance.finished().expect("a run ended");
    finished.outcome.clone().expect("the run played")
}

#[test]
fn a_small_run_shows_the_tiles_selects_a_row_and_goes_stale_after_an_edit() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    balance_page(&mut h, 200);
    run(&mut h);
    let report = results(&h).report().clone();
    assert_eq!((report.games, report.games_asked, report.stopped), (200, 200, false));
    h.get_by_label_contains("200 games of 4 players");
    let set = h.state().doc().unwrap().tileset().unwrap().clone();
    assert_eq!(report.tiles.len(), set.tiles.len());
    for tile in &set.tiles {
        h.get_by_label(&format!("base/{}", tile.id));
    }

    // A click on a row selects its tile, which the Tiles view then shows.
    let d = set.tiles.iter().position(|t| t.id == "D").unwrap();
    scroll_to(&mut h, "base/D");
    h.get_by_label("base/D").click();
    settle(&mut h);
    assert_eq!(h.state().view.selection.tile, Some(d));
    assert_eq!(h.state().view.page, Page::Balance);
    let e = set.tiles.iter().position(|t| t.id == "E").unwrap();
    scroll_to(&mut h, "base/E");
    h.get_by_label("base/E").click();
    settle(&mut h);
    assert_eq!(h.state().view.selection.tile, Some(e));
    scroll_to(&mut h, "Show E in the Tiles view");
    h.get_by_label("Show E in the Tiles view").click();
    settle(&mut h);
    assert_eq!(h.state().view.selection.tile, Some(e));
    assert_eq!(h.state().view.page, Page::Tiles);

    // An edit makes the results stale; they stay until the next run.
    h.state_mut().view.page = Page::Balance;
    let mut tile = set.tiles[e].clone();
    tile.count = tilewright_engine::model::Count::All(tile.count.in_edition("new-edition") + 1);
    let doc = h.state_mut().workspace.doc.as_mut().unwrap();
    doc.apply(Edit::ReplaceTile {
        index: e,
        tile: Box::new(tile),
    })
    .unwrap();
    settle(&mut h);
    h.get_by_label_contains("these results are stale");
    h.get_by_label("base/E");
}

#[test]
fn the_table_sorts_by_a_clicked_header() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    balance_page(&mut h, 20);
    run(&mut h);
    let column = tilewright_editor::pages::balance::TileColumn::Placed;
    // Below the open set's own tiles.
    scroll_to(&mut h, "placed");
    h.get_by_label("placed").click();
    settle(&mut h);
    assert_eq!(h.state().panels.balance.layout.sort, (column, true));
    h.get_by_label("placed").click();
    settle(&mut h);
    assert_eq!(h.state().panels.balance.layout.sort, (column, false));
    // The rows are drawn in that order: the first row's cell is above the last row's.
    let report = results(&h).report().clone();
    let order = tilewright_editor::pages::balance::sorted(&report, (column, false));
    let (first, last) = (order[0], order[order.len() - 1]);
    assert!(first.placed <= last.placed);
    let y = |id: &str| h.get_by_label(&format!("base/{id}")).rect().min.y;
    assert!(y(&first.id) < y(&last.id));
}

#[test]
fn a_long_run_is_cancelled_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    balance_page(&mut h, 1_000_000);
    h.get_by_label("Run").click();
    settle(&mut h);
    assert!(h.state().panels.balance.is_running());
    h.get_by_label_contains("/ 1000000 games");
    let deadline = Instant::now() + Duration::from_secs(60);
    while h.state().panels.balance.games_finished() < Some(3) {
        assert!(Instant::now() < deadline, "no game finished");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.get_by_label("Cancel").click();
    until_finished(&mut h);
    let finished = h.state().panels.balance.finished().unwrap();
    assert!(finished.cancelled);
    let report = results(&h).report().clone();
    assert!(report.stopped && report.games >= 3 && report.games < 1_000_000);
    h.get_by_label_contains(&format!("Cancelled: these are the {} of 1000000 games", report.games));
    h.get_by_label("base/A");
    // Run is offered again.
    h.get_by_label("Run");
}

#[test]
fn an_expansion_compared_without_itself_shows_flagged_differences() {
    let dir = tempfile::tempdir().unwrap();
    let text = tilewright_engine::bundled::FILES[1].1;
    let mut h = editor(Some(write(dir.path(), "am.toml", text)), ScriptedDialogs::default());
    settle(&mut h);
    balance_page(&mut h, 30);
    let settings = h.state_mut().panels.balance.settings_mut().unwrap();
    assert_eq!(settings.companions, ["base"], "an expansion plays on the base game");
    settings.versus = Versus::WithoutOpenSet;
    run(&mut h);
    let Results::Compared(comparison) = results(&h) else {
        panic!("a comparison")
    };
    h.get_by_label("Compared with: without abbey-and-mayor");
    // Twelve tiles fewer: every game is shorter, beyond chance.
    let turns = comparison
        .differences
        .iter()
        .find(|d| d.key == tilewright_engine::balance::FigureKey::Turns)
        .unwrap();
    assert!(turns.flagged && turns.b < turns.a, "{turns:?}");
    let flagged = comparison.differences.iter().filter(|d| d.flagged).count();
    assert_eq!(h.query_all_by_label("• flagged").count(), flagged);
    h.get_by_label(&turns.label);
    // Only those flagged, when asked.
    scroll_to(&mut h, "only those");
    h.get_by_label("only those").click();
    settle(&mut h);
    let hidden = comparison
        .differences
        .iter()
        .find(|d| !d.flagged)
        .expect("some figure is not flagged");
    assert!(h.query_by_label(&hidden.label).is_none(), "{} is hidden", hidden.label);
    h.get_by_label(&turns.label);
}

#[test]
fn a_run_stops_when_its_file_is_replaced_on_another_page() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    balance_page(&mut h, 1_000_000);
    h.get_by_label("Run").click();
    settle(&mut h);
    let progress = h.state().panels.balance.progress().expect("a run goes");
    h.state_mut().view.page = Page::Tiles;
    let other = write(dir.path(), "am.toml", tilewright_engine::bundled::FILES[1].1);
    h.state_mut().open_path(&other);
    settle(&mut h);
    assert!(!h.state().panels.balance.is_running());
    assert!(progress.stopped(), "the games were told to stop");
}

#[test]
fn another_tile_set_starts_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    balance_page(&mut h, 5);
    run(&mut h);
    assert!(h.state().panels.balance.finished().is_some());
    let other = write(dir.path(), "am.toml", tilewright_engine::bundled::FILES[1].1);
    h.state_mut().open_path(&other);
    h.state_mut().view.page = Page::Balance;
    settle(&mut h);
    assert!(
        h.state().panels.balance.finished().is_none(),
        "the base game's results are gone"
    );
    assert!(h.query_by_label("Summary").is_none());
    let settings = h.state_mut().panels.balance.settings_mut().unwrap();
    assert_eq!(settings.companions, ["base"], "the new set's own defaults");
    assert_eq!(settings.plan.games, 1000);
}

#[test]
fn a_set_that_does_not_validate_is_not_run() {
    let dir = tempfile::tempdir().unwrap();
    let bad = BASE.replacen(
        r#"edges = ["field", "field", "road", "field"]"#,
        r#"edges = ["field", "field", "road", "feld"]"#,
        1,
    );
    assert_ne!(bad, BASE);
    let mut h = editor(Some(write(dir.path(), "bad.toml", &bad)), ScriptedDialogs::default());
    settle(&mut h);
    balance_page(&mut h, 10);
    run(&mut h);
    h.get_by_label_contains("Not run: the files do not validate (");
    h.get_by_label_contains("bad.toml:");
    assert!(h.query_by_label("Summary").is_none());
}

#[test]
fn a_rule_set_file_chosen_in_a_dialog_is_played() {
    let dir = tempfile::tempdir().unwrap();
    let rules = write(
        dir.path(),
        "house.toml",
        "id = \"house\"\nname = \"House\"\nextends = \"new-edition\"\n",
    );
    let base = write(dir.path(), "base.toml", BASE);
    let mut h = editor(Some(base), ScriptedDialogs::picking(vec![rules.clone()]));
    settle(&mut h);
    balance_page(&mut h, 10);
    // The page's rules menu, right of the tile list's edition box (which starts on the same
    // rule set).
    h.get_all_by_value("new-edition")
        .max_by(|a, b| a.rect().min.x.total_cmp(&b.rect().min.x))
        .unwrap()
        .click();
    settle(&mut h);
    h.get_by_label("Rule-set file…").click();
    settle(&mut h);
    let settings = h.state_mut().panels.balance.settings_mut().unwrap();
    assert_eq!(settings.rules, RulesChoice::File(rules));
    run(&mut h);
    assert_eq!(results(&h).report().rules, "house");
}

/// Renders the page with a comparison's results into `editor/balance.png`, the README's
/// picture: `cargo test -p tilewright-editor --test balance -- --ignored`.
#[test]
#[ignore = "writes the README's picture"]
fn screenshot() {
    let dir = tempfile::tempdir().unwrap();
    let text = tilewright_engine::bundled::FILES[1].1;
    let path = write(dir.path(), "abbey-and-mayor.toml", text);
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1400.0, 1300.0))
        .build_eframe(move |cc| common::app(&cc.egui_ctx, Some(path), ScriptedDialogs::default()));
    settle(&mut h);
    balance_page(&mut h, 1000);
    let settings = h.state_mut().panels.balance.settings_mut().unwrap();
    settings.versus = Versus::WithoutOpenSet;
    settings.plan.threads = 1;
    run(&mut h);
    h.state_mut().panels.balance.layout.only_flagged = true;
    h.state_mut().view.select_tile(3);
    h.hover_at(egui::pos2(1390.0, 1290.0));
    settle(&mut h);
    let image = h.render().expect("rendered");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("balance.png");
    image::DynamicImage::ImageRgba8(image).to_rgb8().save(&path).unwrap();
}

/// Prints the time of the UI pass while a run plays on all cores but one (with the results of
/// an earlier run shown), then with its own results shown (a debug build: a release build is several times quicker):
/// `cargo test -p tilewright-editor --test balance -- --ignored --nocapture frame_time`.
#[test]
#[ignore = "a measurement, not a check"]
fn frame_time() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    balance_page(&mut h, 200);
    run(&mut h);
    let settings = h.state_mut().panels.balance.settings_mut().unwrap();
    settings.plan.games = 1_000_000;
    settings.plan.threads = tilewright_editor::balance::default_threads();
    h.get_by_label("Run").click();
    h.step();
    let measure = |h: &mut Harness<'_, EditorApp>, what: &str| {
        let mut times = Vec::new();
        for frame in 0..100 {
            h.hover_at(egui::pos2(700.0 + (frame % 50) as f32 * 4.0, 600.0));
            let start = Instant::now();
            h.step();
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        println!(
            "{what}: mean {mean:.2} ms, median {:.2} ms, slowest {:.2} ms per frame",
            times[50], times[99]
        );
    };
    measure(&mut h, "while running");
    let finished = h.state().panels.balance.games_finished().unwrap();
    h.get_by_label("Cancel").click();
    until_finished(&mut h);
    measure(&mut h, &format!("results of {finished}+ games shown"));
}

#[test]
fn a_tile_named_after_its_set_is_not_prefixed_twice() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    h.get_by_label("Tile D").click();
    settle(&mut h);
    h.state_mut()
        .run_command(tilewright_editor::commands::Command::DuplicateTile);
    settle(&mut h);
    let set = h.state().doc().unwrap().tileset().unwrap();
    assert!(set.tiles.iter().any(|t| t.id == "base/1"));
    balance_page(&mut h, 50);
    run(&mut h);
    scroll_to(&mut h, "base/1");
    assert!(h.query_by_label("base/base/1").is_none());
}

#[test]
fn your_tiles_come_first_and_export_writes_the_page_the_command_line_writes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report.html");
    let path = write(dir.path(), "base.toml", BASE);
    let mut dialogs = ScriptedDialogs::default();
    dialogs.saves.push(out.clone());
    let mut h = editor(Some(path), dialogs);
    settle(&mut h);
    balance_page(&mut h, 12);
    run(&mut h);
    // The open set's tiles, with their figures, before the summary.
    let yours = h.get_by_label("Your tiles").rect().min.y;
    assert!(yours < h.get_by_label("Summary").rect().min.y);
    h.get_by_label("Export HTML…").click();
    settle(&mut h);
    let page = std::fs::read_to_string(&out).expect("the page was written");
    let finished = h.state().panels.balance.finished().unwrap();
    let report = results(&h);
    let expected = tilewright_report::html::run_page(report.report(), None, &finished.pictures);
    assert_eq!(page, expected, "the command line's page, by the same code");
    assert!(page.contains("<h2 id=\"your-tiles\">"));
    let tiles = report.report().tiles.len();
    assert_eq!(
        page.matches("<span class=\"pictures\"><svg").count(),
        2 * tiles,
        "a picture of every tile, in the table and among the open set's"
    );
    h.get_by_label_contains("Wrote the balance report to");
}
