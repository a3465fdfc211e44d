//! The Play view driven through egui_kittest: a whole game against a bot played by clicking
//! cells and pressing keys, a refused placement, a deployment, an abbey choice, an abbot taken back, a record
//! stepped forward and back, a game that cannot start, and a snapshot of a board mid-game.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tilewright_editor::EditorApp;
use tilewright_editor::files::ScriptedDialogs;
use tilewright_editor::pages::play::{BoardChoices, PlayView, SeatKind};
use tilewright_editor::view::Page;
use tilewright_engine::FromCatalog;
use tilewright_engine::bots::{Bot, BotSpec, RandomBot, play_to_end};
use tilewright_engine::game::{Action, Game, GameDef, Phase};

mod common;
use common::{BASE, app, click_at, editor, settle, write};

/// The base game with one copy of each tile (the followers as they are): a short game. It has an
/// id of its own: a changed copy that kept `base` would be warned of as replacing the bundled set.
fn short_base() -> String {
    let mut in_tiles = false;
    let lines: Vec<String> = BASE
        .lines()
        .map(|line| {
            in_tiles |= line.starts_with("[[tiles]]");
            if in_tiles && line.starts_with("count = ") {
                "count = 1".to_owned()
            } else {
                line.to_owned()
            }
        })
        .collect();
    lines.join("\n").replacen("id = \"base\"", "id = \"short-base\"", 1) + "\n"
}

fn play<'h>(h: &'h Harness<'_, EditorApp>) -> &'h PlayView {
    &h.state().panels.play
}

fn game<'h>(h: &'h Harness<'_, EditorApp>) -> &'h Game {
    &play(h).session.as_ref().expect("a game is on").game
}

/// The editor on `text` (saved as `set.toml` in `dir`), on the Play page, the form set to
/// `seats` and `seed`, bots moving without a pause.
fn play_page(dir: &std::path::Path, text: &str, seats: Vec<SeatKind>, seed: u64) -> Harness<'static, EditorApp> {
    let path = write(dir, "set.toml", text);
    let mut h = editor(Some(path), ScriptedDialogs::default());
    settle(&mut h);
    h.get_by_label("Play").click();
    settle(&mut h);
    assert_eq!(h.state().view.page, Page::Play);
    let view = &mut h.state_mut().panels.play;
    view.setup.seats = seats;
    view.setup.seed = seed;
    view.bot_pause = 0.0;
    h
}

fn start(h: &mut Harness<'_, EditorApp>) {
    h.get_by_label("Start game").click();
    settle(h);
    assert!(play(h).session.is_some(), "the game starts: {:?}", play(h).errors);
}

/// Steps until a person is to move or the game is over (bots think on their thread).
fn until_human(h: &mut Harness<'_, EditorApp>) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !play(h).human_to_move() && !game(h).is_over() {
        assert!(Instant::now() < deadline, "the bot answers");
        std::thread::sleep(Duration::from_millis(2));
        h.step();
    }
    h.step();
}

/// Places the tile in hand through the board: fit the table (F), point at the first legal
/// cell, press R until the tile shows a legal rotation there, click.
fn place_by_clicking(h: &mut Harness<'_, EditorApp>) -> Action {
    h.key_press(Key::F);
    h.step();
    let Some(Action::Place { x, y, rotation }) = game(h).legal_actions().into_iter().next() else {
        panic!("a placement is legal");
    };
    let at = play(h).camera.cell_centre(x, y);
    h.hover_at(at);
    h.step();
    for _ in 0..4 {
        let choices = BoardChoices::of(game(h), None, None);
        if choices.shown_rotation(x, y, play(h).rotation) == rotation {
            break;
        }
        h.key_press(Key::R);
        h.step();
    }
    let placed = game(h).board().placed.len();
    click_at(h, at);
    assert_eq!(game(h).board().placed.len(), placed + 1, "{:?}", play(h).notice);
    Action::Place { x, y, rotation }
}

#[test]
fn a_whole_game_against_a_bot_to_the_final_scores() {
    let dir = tempfile::tempdir().unwrap();
    let seats = vec![SeatKind::Human, SeatKind::Bot(BotSpec::Greedy)];
    let mut h = play_page(dir.path(), &short_base(), seats, 11);
    start(&mut h);
    let mut turns = 0;
    loop {
        until_human(&mut h);
        if game(&h).is_over() {
            break;
        }
        match game(&h).phase() {
            Phase::Place { .. } => {
                place_by_clicking(&mut h);
                turns += 1;
            }
            Phase::Deploy { .. } => {
                // Deploy on the first option every other turn, else pass.
                let targets = play(&h).targets_on_screen();
                match targets.first() {
                    Some(&(_, at)) if turns % 2 == 0 => click_at(&mut h, at),
                    _ => {
                        h.get_by_label("Pass").click();
                        settle(&mut h);
                    }
                }
            }
            phase => panic!("the base game asks nothing else: {phase:?}"),
        }
        assert!(turns < 40, "the game ends");
    }
    assert!(turns >= 5, "the person played {turns} turns");
    // The final scoring, revealed one step, then all.
    let finale = play(&h)
        .session
        .as_ref()
        .unwrap()
        .finale
        .clone()
        .expect("a final scoring");
    assert!(finale.total >= 1);
    let total: u64 = game(&h).scores().iter().sum();
    if finale.total > 1 {
        h.get_by_label("Next").click();
        settle(&mut h);
    }
    h.get_by_label("All").click();
    settle(&mut h);
    let session = play(&h).session.as_ref().unwrap();
    assert_eq!(session.shown_scores(), session.game.scores());
    assert_eq!(session.shown_scores().iter().sum::<u64>(), total);
    h.get_by_label_contains("Final scores");
    h.get_by_label_contains("wins with");
    // The event log has sentences, the first a placement.
    assert!(session.log.iter().any(|l| l.text.contains("places")));
}

#[test]
fn a_placement_at_an_illegal_spot_is_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = play_page(dir.path(), &short_base(), vec![SeatKind::Human, SeatKind::Human], 3);
    start(&mut h);
    h.key_press(Key::F);
    h.step();
    // A cell far from the start tile, and the start tile's own cell.
    for (x, y) in [(2, -2), (0, 0)] {
        let at = play(&h).camera.cell_centre(x, y);
        click_at(&mut h, at);
        assert_eq!(game(&h).board().placed.len(), 1, "nothing placed at ({x}, {y})");
        let notice = play(&h).notice.clone().expect("a message");
        assert!(notice.contains(&format!("({x}, {y})")), "{notice}");
        h.get_by_label(&notice);
    }
    assert!(play(&h).notice.as_deref().unwrap().contains("is taken"));
    // Then a legal one goes down.
    place_by_clicking(&mut h);
    assert!(play(&h).notice.is_none());
}

#[test]
fn a_follower_is_deployed_on_the_tile_just_placed_and_undone() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = play_page(dir.path(), &short_base(), vec![SeatKind::Human, SeatKind::Human], 5);
    start(&mut h);
    place_by_clicking(&mut h);
    settle(&mut h);
    assert!(matches!(game(&h).phase(), Phase::Deploy { .. }));
    let targets = play(&h).targets_on_screen();
    assert!(!targets.is_empty(), "the tile has places for a follower");
    let (action, at) = targets[targets.len() - 1];
    click_at(&mut h, at);
    assert_eq!(game(&h).figures().len(), 1, "one follower on the table");
    assert_eq!(game(&h).history().last(), Some(&action));
    let supply = game(&h).players()[0].supply[0];
    assert_eq!(supply, 6, "a follower left the supply");
    assert!(
        play(&h)
            .session
            .as_ref()
            .unwrap()
            .log
            .iter()
            .any(|l| l.text.contains("deploys"))
    );
    // Undo takes the whole turn back: placement and deployment.
    h.get_by_label("Undo turn").click();
    settle(&mut h);
    assert_eq!(game(&h).board().placed.len(), 1);
    assert!(game(&h).figures().is_empty());
    assert!(matches!(game(&h).phase(), Phase::Place { .. }));
    // Ctrl+Z on the Play page takes back a turn too, and leaves the document alone.
    let revision = h.state().workspace.doc.as_ref().unwrap().revision();
    place_by_clicking(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(game(&h).board().placed.len(), 1);
    assert_eq!(h.state().workspace.doc.as_ref().unwrap().revision(), revision);
}

/// A prefix of random play (of the first of 200 seeds that comes to it) that ends where
/// `wanted` holds of the game, found with the engine, to be played into the view.
fn prefix_to(def: std::sync::Arc<GameDef>, wanted: impl Fn(&Game) -> bool, what: &str) -> (u64, Vec<Action>) {
    for seed in 1..200 {
        let mut game = Game::new(def.clone(), 2, seed).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut events = Vec::new();
        while !game.is_over() {
            if wanted(&game) {
                return (seed, game.history().to_vec());
            }
            bot.play(&mut game, &mut events);
        }
    }
    panic!("no game of 200 came to {what}");
}

/// The Play page of `BASE` (saved in the folder returned with it) with bundled set `set`
/// beside it, for two people, in a game of the first seed that comes to where `wanted` holds,
/// played there without the pointer.
fn two_people_where(
    set: &str,
    wanted: impl Fn(&Game) -> bool,
    what: &str,
) -> (tempfile::TempDir, Harness<'static, EditorApp>) {
    let dir = tempfile::tempdir().unwrap();
    let mut h = play_page(dir.path(), BASE, vec![SeatKind::Human, SeatKind::Human], 1);
    {
        let setup = &mut h.state_mut().panels.play.setup;
        for (id, on) in &mut setup.bundled_sets {
            *on = id == set;
        }
    }
    start(&mut h);
    let def = game(&h).def().clone();
    let (seed, prefix) = prefix_to(def.clone(), wanted, what);
    {
        let view = &mut h.state_mut().panels.play;
        let mut session = tilewright_editor::pages::play::Session::new(def, 2, seed).unwrap();
        for action in prefix {
            session.play(action).unwrap();
        }
        view.session = Some(session);
    }
    settle(&mut h);
    (dir, h)
}

#[test]
fn a_player_places_their_abbey_instead_of_drawing() {
    let may_place = |game: &Game| matches!(game.phase(), Phase::Choose { may_draw: true, .. });
    let (_dir, mut h) = two_people_where("abbey-and-mayor", may_place, "an abbey choice");
    h.get_by_label_contains("Place your abbey");
    h.get_by_label("Draw a tile");
    // Click the first hole the abbey fits.
    h.key_press(Key::F);
    h.step();
    let (tile, x, y) = game(&h)
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::PlaceHeld { tile, x, y, .. } => Some((tile, x, y)),
            _ => None,
        })
        .expect("an abbey placement");
    let at = play(&h).camera.cell_centre(x, y);
    click_at(&mut h, at);
    let placed = game(&h).board().placed.last().copied().unwrap();
    assert_eq!(
        (placed.x, placed.y, placed.tile),
        (x, y, tile),
        "the abbey lies in the hole"
    );
    assert!(matches!(game(&h).phase(), Phase::Deploy { .. }));
}

/// Taking the abbot back, a choice of a mechanism's own in the deployment step: its target is
/// the abbot's feature on the table, wherever that lies, and clicking it takes it back.
#[test]
fn a_player_takes_their_abbot_back_by_clicking_where_it_stands() {
    let offered = |game: &Game| {
        let take_back = |a: &Action| matches!(a, Action::Mechanism(step) if step.words().name == "take-back");
        game.legal_actions().iter().any(take_back)
    };
    let (_dir, mut h) = two_people_where("abbot", offered, "an abbot that may be taken back");
    h.key_press(Key::F);
    h.step();
    let targets = play(&h).targets_on_screen();
    let (take_back, at) = targets
        .into_iter()
        .find(|(a, _)| matches!(a, Action::Mechanism(step) if step.words().name == "take-back"))
        .expect("the abbot's feature is a target");
    let Action::Mechanism(step) = take_back else {
        unreachable!()
    };
    let player = game(&h).current_player();
    let standing = |h: &Harness<'_, EditorApp>| {
        let game = game(h);
        let node = game.node_at(step.x, step.y, step.spot);
        game.figures()
            .iter()
            .any(|f| f.player == player && Some(f.node) == node)
    };
    assert!(standing(&h));
    click_at(&mut h, at);
    assert_eq!(game(&h).history().last(), Some(&take_back));
    assert!(!standing(&h), "the abbot is off the table");
}

#[test]
fn a_record_loads_and_steps_forward_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let text = short_base();
    let path = write(dir.path(), "set.toml", &text);
    // A record of a game played with the same file, as `simulate --record` writes one.
    let catalog = {
        let doc = tilewright_editor::document::Document::open(&path).unwrap();
        tilewright_editor::document_game::catalog(&doc, &Default::default()).unwrap()
    };
    let def = std::sync::Arc::new(GameDef::from_catalog(&catalog, &["base".into()], "first-edition").unwrap());
    let mut game = Game::new(def, 2, 9).unwrap();
    let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
    play_to_end(&mut game, &mut [&mut a, &mut b], |_, _| {});
    let record = write(
        dir.path(),
        "game.json",
        &serde_json::to_string_pretty(&game.record()).unwrap(),
    );
    let mut h = editor(Some(path), ScriptedDialogs::picking(vec![record]));
    settle(&mut h);
    h.get_by_label("Play").click();
    settle(&mut h);
    h.get_by_label("Load record…").click();
    settle(&mut h);
    assert!(play(&h).viewing_record, "{:?}", h.state().messages());
    let session = play(&h).session.as_ref().unwrap();
    assert_eq!((session.cursor(), session.len()), (0, game.history().len()));
    assert_eq!(game_tiles(&h), 1);
    h.get_by_label("Forward").click();
    settle(&mut h);
    assert_eq!(game_tiles(&h), 2);
    h.get_by_label("Forward").click();
    settle(&mut h);
    h.get_by_label("Forward").click();
    settle(&mut h);
    assert_eq!(play(&h).session.as_ref().unwrap().cursor(), 3);
    h.get_by_label("Back").click();
    settle(&mut h);
    assert_eq!(play(&h).session.as_ref().unwrap().cursor(), 2);
    h.get_by_label("Last").click();
    settle(&mut h);
    assert!(self::game(&h).is_over());
    assert_eq!(self::game(&h).scores(), game.scores());
    h.get_by_label("First").click();
    settle(&mut h);
    assert_eq!(game_tiles(&h), 1);
    // Nobody moves while a record is shown.
    assert!(!play(&h).human_to_move() && !play(&h).bot_thinking());
}

fn game_tiles(h: &Harness<'_, EditorApp>) -> usize {
    game(h).board().placed.len()
}

#[test]
fn a_game_that_does_not_validate_shows_its_errors_and_does_not_start() {
    let dir = tempfile::tempdir().unwrap();
    let broken = short_base().replace("start-tile = \"D\"", "start-tile = \"nope\"");
    let mut h = play_page(dir.path(), &broken, vec![SeatKind::Human, SeatKind::Human], 1);
    h.get_by_label("Start game").click();
    settle(&mut h);
    assert!(play(&h).session.is_none());
    let errors = play(&h).errors.clone();
    assert!(errors.iter().any(|e| e.contains("nope")), "{errors:?}");
    h.get_by_label("The game cannot start:");
}

/// A game of two people on the short base set (saved in `dir`) begun on the Play page, the
/// record's save dialog answering `saved`.
fn two_people_saving_to(dir: &std::path::Path, saved: &std::path::Path) -> Harness<'static, EditorApp> {
    let path = write(dir, "set.toml", &short_base());
    let mut dialogs = ScriptedDialogs::default();
    dialogs.saves.push(saved.to_path_buf());
    let mut h = editor(Some(path), dialogs);
    settle(&mut h);
    h.get_by_label("Play").click();
    settle(&mut h);
    h.state_mut().panels.play.setup.seats = vec![SeatKind::Human, SeatKind::Human];
    start(&mut h);
    h
}

#[test]
fn a_game_saves_its_record_and_it_replays() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("saved.json");
    let mut h = two_people_saving_to(dir.path(), &saved);
    place_by_clicking(&mut h);
    h.get_by_label("Save record…").click();
    settle(&mut h);
    let record = tilewright_engine::record_file::RecordFile::read(&saved)
        .expect("a record is written")
        .record;
    assert_eq!(record.actions, game(&h).history());
    assert_eq!(record.players, 2);
    // The notice saying so lies over the board, not over the scores beside it.
    let notice = h.get_by_label_contains("Saved the game").rect().expand(8.0);
    for score in ["red", "blue"] {
        let row = h.get_by_label(score).rect();
        assert!(
            !notice.intersects(row),
            "the notice {notice:?} covers {score}'s score {row:?}"
        );
    }
}

#[test]
fn board_snapshot_mid_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "set.toml", &short_base());
    let mut h = Harness::builder()
        .with_size(Vec2::new(1200.0, 760.0))
        .wgpu()
        .build_eframe(move |cc| app(&cc.egui_ctx, Some(path), ScriptedDialogs::default()));
    settle(&mut h);
    h.state_mut().workspace.doc.as_mut().expect("the file is open").path = Some(PathBuf::from("set.toml"));
    h.get_by_label("Play").click();
    settle(&mut h);
    h.state_mut().panels.play.setup.seats = vec![SeatKind::Human, SeatKind::Human, SeatKind::Human];
    h.state_mut().panels.play.setup.seed = 4;
    let editor = h.state_mut();
    editor
        .panels
        .play
        .start(editor.workspace.doc.as_ref().unwrap(), &editor.validator.latest);
    settle(&mut h);
    // Ten turns: each player places the first legal way and deploys on the last option.
    {
        let session = h.state_mut().panels.play.session.as_mut().unwrap();
        for _ in 0..10 {
            let place = session.game.legal_actions()[0];
            session.play(place).unwrap();
            let deploy = *session.game.legal_actions().last().unwrap();
            session.play(deploy).unwrap();
        }
    }
    settle(&mut h);
    h.key_press(Key::F);
    settle(&mut h);
    h.remove_cursor();
    settle(&mut h);
    h.snapshot("play_board_mid_game");
}

#[test]
fn a_player_with_no_follower_left_is_not_asked_to_deploy() {
    let dir = tempfile::tempdir().unwrap();
    let text = short_base().replacen("count = 7", "count = 1", 1);
    let mut h = play_page(dir.path(), &text, vec![SeatKind::Human, SeatKind::Human], 3);
    start(&mut h);
    assert_eq!(h.get_all_by_label("1 follower").count(), 2, "each player's");
    assert!(
        h.query_by_label_contains("1 followers").is_none(),
        "one follower, singular"
    );
    // Red places and deploys their only follower.
    place_by_clicking(&mut h);
    settle(&mut h);
    assert!(matches!(game(&h).phase(), Phase::Deploy { .. }));
    let &(_, at) = play(&h).targets_on_screen().last().expect("somewhere to deploy");
    click_at(&mut h, at);
    settle(&mut h);
    assert_eq!(
        game(&h).players()[0].supply.iter().sum::<u8>(),
        0,
        "{:?}",
        play(&h).notice
    );
    // Blue places and passes.
    place_by_clicking(&mut h);
    h.get_by_label("Pass").click();
    settle(&mut h);
    assert_eq!(game(&h).to_move(), Some(0));
    // Red places again: with nothing to deploy, the turn passes on at once.
    place_by_clicking(&mut h);
    settle(&mut h);
    assert_eq!(
        game(&h).players()[0].supply.iter().sum::<u8>(),
        0,
        "still no follower back"
    );
    assert!(
        matches!(game(&h).phase(), Phase::Place { .. }),
        "{:?}",
        game(&h).phase()
    );
    assert_eq!(game(&h).to_move(), Some(1));
}

#[test]
fn a_bot_game_plays_on_behind_another_page_and_the_board_and_events_follow_it() {
    let dir = tempfile::tempdir().unwrap();
    let random = || SeatKind::Bot("random".parse().unwrap());
    // The whole base game under an id of its own: enough events to fill the list.
    let long = BASE.replacen("id = \"base\"", "id = \"long-base\"", 1);
    let mut h = play_page(dir.path(), &long, vec![random(), random()], 11);
    start(&mut h);
    h.get_by_label("Source").click();
    settle(&mut h);
    assert_eq!(h.state().view.page, Page::Source);
    h.get_by_label_contains("a game plays on the Play page");
    // The bots play on while the Source page is shown.
    let deadline = Instant::now() + Duration::from_secs(60);
    while game(&h).board().placed.len() < 40 {
        assert!(Instant::now() < deadline, "the bots play on behind the Source page");
        std::thread::sleep(Duration::from_millis(2));
        h.step();
    }
    h.state_mut().panels.play.bot_pause = 1e9;
    settle(&mut h);

    // Back on the Play page, the board shows the last tile placed and the events list its
    // newest line.
    h.get_by_label("Play").click();
    settle(&mut h);
    let camera = &play(&h).camera;
    let last = *game(&h).board().placed.last().unwrap();
    let area = camera.area.expect("the board is drawn");
    assert!(
        area.contains_rect(camera.cell_rect(last.x, last.y)),
        "the last tile at ({}, {}) is in view",
        last.x,
        last.y
    );
    let newest_line = |h: &Harness<'_, EditorApp>| {
        let newest = play(h)
            .session
            .as_ref()
            .unwrap()
            .shown_log()
            .last()
            .unwrap()
            .text
            .clone();
        h.get_all_by_label(&newest).last().unwrap().rect()
    };
    let in_view = |line: egui::Rect| line.min.y >= 0.0 && line.max.y <= 900.0;
    assert!(in_view(newest_line(&h)), "{:?}", newest_line(&h));

    // Scrolled up to read, the list comes back down when the next event arrives.
    let heading = h.get_by_label("Events").rect();
    h.hover_at(heading.center() + Vec2::new(0.0, 60.0));
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: Vec2::new(0.0, 5000.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    settle(&mut h);
    assert!(
        !in_view(newest_line(&h)),
        "scrolled away from the newest line: {:?} {heading:?} {}",
        newest_line(&h),
        play(&h).session.as_ref().unwrap().shown_log().len()
    );
    let lines = play(&h).session.as_ref().unwrap().shown_log().len();
    h.state_mut().panels.play.bot_pause = 0.0;
    while play(&h).session.as_ref().unwrap().shown_log().len() == lines {
        assert!(Instant::now() < deadline, "the bots play on");
        std::thread::sleep(Duration::from_millis(2));
        h.step();
    }
    h.state_mut().panels.play.bot_pause = 1e9;
    settle(&mut h);
    assert!(in_view(newest_line(&h)), "{:?}", newest_line(&h));
}

#[test]
fn a_record_keeps_its_seats_and_is_taken_up_from_any_step() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("saved.json");
    let path = write(dir.path(), "set.toml", &short_base());
    let mut dialogs = ScriptedDialogs::picking(vec![saved.clone()]);
    dialogs.saves.push(saved.clone());
    let mut h = editor(Some(path), dialogs);
    settle(&mut h);
    h.get_by_label("Play").click();
    settle(&mut h);
    let seats = vec![SeatKind::Human, SeatKind::Bot("random".parse().unwrap())];
    h.state_mut().panels.play.setup.seats = seats.clone();
    h.state_mut().panels.play.bot_pause = 0.0;
    start(&mut h);
    until_human(&mut h);
    place_by_clicking(&mut h);
    until_human(&mut h);
    let played = game(&h).history().to_vec();
    h.get_by_label("Save record…").click();
    settle(&mut h);
    let record = tilewright_engine::record_file::RecordFile::read(&saved)
        .expect("a record is written")
        .record;
    assert_eq!(record.seats, ["human", "random"]);

    // Loaded again: the seats as they were, the record shown from its first step.
    h.get_by_label("Load record…").click();
    settle(&mut h);
    assert!(play(&h).viewing_record, "{:?}", h.state().messages());
    assert_eq!(play(&h).seats, seats);
    assert_eq!(play(&h).session.as_ref().unwrap().len(), played.len());
    // Taken up after the first action: the seats play on from there.
    h.get_by_label("Forward").click();
    settle(&mut h);
    h.get_by_label("Play on from here").click();
    settle(&mut h);
    assert!(!play(&h).viewing_record);
    until_human(&mut h);
    assert!(play(&h).human_to_move() || game(&h).is_over());
    assert_eq!(
        game(&h).history()[..1],
        played[..1],
        "the game goes on from the step taken up"
    );
}

#[test]
fn new_game_asks_before_dropping_an_unfinished_game() {
    let dir = tempfile::tempdir().unwrap();
    let seats = vec![SeatKind::Human, SeatKind::Bot(BotSpec::Greedy)];
    let mut h = play_page(dir.path(), &short_base(), seats, 11);
    start(&mut h);
    until_human(&mut h);
    place_by_clicking(&mut h);
    // Mid-game: New game asks, and Keep playing keeps the game.
    h.get_by_label("New game").click();
    settle(&mut h);
    assert!(play(&h).session.is_some(), "the game is not dropped unasked");
    h.get_by_label("Keep playing").click();
    settle(&mut h);
    assert!(play(&h).session.is_some());
    assert!(h.query_by_label("Drop it").is_none());
    // Asked again and answered: back to the setup.
    h.get_by_label("New game").click();
    settle(&mut h);
    h.get_by_label("Drop it").click();
    settle(&mut h);
    assert!(play(&h).session.is_none());
    h.get_by_label("Start game");
}

/// Puts the test mechanism in play for games set up on this thread while it lives.
struct Probe;

impl Probe {
    fn on() -> Probe {
        tilewright_rules::game::mechanisms::Probe::on_this_thread(true);
        Probe
    }
}

impl Drop for Probe {
    fn drop(&mut self) {
        tilewright_rules::game::mechanisms::Probe::on_this_thread(false);
    }
}

/// Places the tile in hand and deploys nothing.
fn place_and_pass(h: &mut Harness<'_, EditorApp>) {
    place_by_clicking(h);
    h.get_by_label("Pass").click();
    settle(h);
}

/// A decision of a mechanism the editor has no code for (the test mechanism, every third
/// turn): its prompt, its button and its targets on the table come from what the mechanism
/// declares, and the saved record keeps the answers and replays.
#[test]
fn a_mechanisms_own_decision_is_played_and_recorded_with_no_code_of_its_own() {
    let _probe = Probe::on();
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("saved.json");
    let mut h = two_people_saving_to(dir.path(), &saved);
    place_and_pass(&mut h);

    // The second turn begins with the decision: a feature of the start tile, on the table.
    assert_eq!(game(&h).phase().mechanism(), Some("probe"));
    h.get_by_label_contains("The probe asks");
    let targets = play(&h).targets_on_screen();
    let start_features = game(&h).legal_actions().len() - 1;
    assert_eq!(
        targets.len(),
        start_features,
        "one target per feature of the start tile"
    );
    let (mark, at) = targets[targets.len() - 1];
    click_at(&mut h, at);
    assert_eq!(game(&h).history().last(), Some(&mark));
    assert!(
        matches!(game(&h).phase(), Phase::Place { .. }),
        "the turn goes on to the draw"
    );

    // Three turns on, it asks again: the button answers.
    for _ in 0..3 {
        place_and_pass(&mut h);
    }
    assert_eq!(game(&h).phase().mechanism(), Some("probe"));
    h.get_by_label("Tally").click();
    settle(&mut h);
    let probe = game(&h).mechanisms().probe().clone();
    assert_eq!((probe.tallies, probe.marked.len()), (1, 1));

    h.get_by_label("Save record…").click();
    settle(&mut h);
    let text = std::fs::read_to_string(&saved).expect("a record is written");
    assert!(
        text.contains("\"probe-mark\"") && text.contains("\"probe-tally\""),
        "{text}"
    );
    let record = tilewright_engine::record_file::RecordFile::read(&saved).unwrap().record;
    assert_eq!(record.actions, game(&h).history());
    let replayed = record.replay_so_far(std::sync::Arc::clone(game(&h).def())).unwrap();
    assert_eq!(*replayed.mechanisms().probe(), probe);
}

/// The dragon, which no player owns, is drawn on its tile, and a person moves it by clicking
/// a tile beside it: the Play page knows it only from what the mechanism declares.
#[test]
fn the_dragon_stands_on_its_tile_and_a_click_on_a_tile_beside_it_moves_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = play_page(dir.path(), &short_base(), vec![SeatKind::Human, SeatKind::Human], 3);
    for (id, on) in &mut h.state_mut().panels.play.setup.bundled_sets {
        *on = id == "princess-and-dragon";
    }
    start(&mut h);
    // Played at random up to the dragon's first step.
    let mut rng = tilewright_engine::game::Rng::new(5);
    while game(&h).phase().mechanism() != Some("dragon") {
        assert!(!game(&h).is_over(), "a dragon tile comes after a volcano");
        let legal = game(&h).legal_actions();
        let action = legal[rng.below(legal.len())];
        let session = h.state_mut().panels.play.session.as_mut().unwrap();
        session.play(action).unwrap();
    }
    settle(&mut h);
    let at = game(&h).mechanisms().dragon().at().unwrap();
    let from = game(&h).board().placed[usize::from(at)];
    let scene = tilewright_editor::board::Scene::of_game(game(&h));
    let dragon = tilewright_editor::figure_art::Picture::Dragon;
    assert!(
        scene.neutral.contains(&(from.x, from.y, dragon)),
        "the dragon is drawn where it stands: {:?}",
        scene.neutral
    );

    let steps = game(&h).legal_actions();
    let targets = play(&h).targets_on_screen();
    assert_eq!(targets.len(), steps.len(), "one target per tile it may enter");
    let (step, point) = targets[0];
    click_at(&mut h, point);
    assert_eq!(game(&h).history().last(), Some(&step));
    let Action::Mechanism(step) = step else {
        panic!("a step of the dragon")
    };
    let now = game(&h).mechanisms().dragon().at().unwrap();
    let to = game(&h).board().placed[usize::from(now)];
    assert_eq!((to.x, to.y), (step.x, step.y), "the dragon entered the tile clicked");
}
