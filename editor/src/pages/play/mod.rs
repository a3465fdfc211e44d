//! The Play view: lay the tiles of the open file on a table and play a game with them against
//! bots, or step through a game record.
//!
//! `setup.rs` builds the game from the document as it is in memory (through the engine's
//! validation); `session.rs` holds the game and its history (undo and stepping replay from the
//! seed); `seats.rs` has who plays each seat and the bots' worker thread; `turn.rs` turns the
//! current step's choices into what the [board](crate::board) draws and reads back the
//! pointer; `side.rs` draws the scores, the prompt, the controls and the event log.

mod seats;
mod session;
mod setup;
mod side;
mod turn;

use std::path::{Path, PathBuf};

use egui::{Color32, Key, Ui};
use tilewright_engine::bots::StopFlag;
use tilewright_engine::files;
use tilewright_engine::game::{Action, Event, FigureMove, Mechanisms, Phase};
use tilewright_engine::record_file::RecordFile;

pub use seats::{BotWorker, SeatKind};
pub use session::{Finale, LogLine, Session};
pub use setup::{MAX_SEATS, Setup, prepare};

use crate::document_game::{DocRole, prepare_record, role_of};
use crate::validation::Findings;
pub use turn::BoardChoices;

use crate::actions::{Action as PanelAction, PanelCtx};
use crate::board::{BoardCamera, BoardWidget, Scene, TileArt, corner_label, spot_on_screen};
use crate::document::Document;
use crate::pages::Page;

/// How long a move stays outlined, in seconds.
const OUTLINE_SECONDS: f64 = 1.0;

/// The Play view's state.
pub struct PlayView {
    /// The setup form.
    pub setup: Setup,
    /// The document path the form was fitted to.
    fitted: Option<Option<PathBuf>>,
    /// Why the last game could not start.
    pub errors: Vec<String>,
    /// The game on the table.
    pub session: Option<Session>,
    /// Who plays each seat of the session.
    pub seats: Vec<SeatKind>,
    /// Whether the session is a record being stepped through (nobody plays).
    pub viewing_record: bool,
    art: TileArt,
    /// Where the board looks (public for tests: cells' screen positions).
    pub camera: BoardCamera,
    wheel_rest: f32,
    worker: BotWorker,
    /// The preferred rotation of the tile in hand.
    pub rotation: u8,
    /// The figure type chosen for deployment.
    pub figure: Option<u8>,
    /// A short message about the last thing tried.
    pub notice: Option<String>,
    /// The last move's cell and when it was made (for its outline).
    last_move: Option<(i16, i16, f64)>,
    /// When the last action was applied.
    last_action_at: f64,
    /// Seconds a bot waits after the previous move, so its move can be followed.
    pub bot_pause: f64,
    /// The log line clicked, whose feature is lit.
    pub selected_line: Option<usize>,
    /// The cell of the last tile placed, for the board to bring into view when next drawn.
    follow: Option<(i16, i16)>,
    /// How many log lines the events list has shown (it scrolls to newer ones).
    log_shown: usize,
    /// Whether *New game* waits for the player to say the unfinished game may go.
    pub confirm_new_game: bool,
}

impl Default for PlayView {
    fn default() -> Self {
        PlayView {
            setup: Setup::default(),
            fitted: None,
            errors: Vec::new(),
            session: None,
            seats: Vec::new(),
            viewing_record: false,
            art: TileArt::default(),
            camera: BoardCamera::default(),
            wheel_rest: 0.0,
            worker: BotWorker::default(),
            rotation: 0,
            figure: None,
            notice: None,
            last_move: None,
            last_action_at: f64::NEG_INFINITY,
            bot_pause: 0.6,
            selected_line: None,
            follow: None,
            log_shown: 0,
            confirm_new_game: false,
        }
    }
}

impl PlayView {
    /// Starts a game as the form says, with `doc` as it is in memory.
    pub fn start(&mut self, doc: &Document, findings: &Findings) {
        self.errors.clear();
        let prepared = match prepare(doc, findings, &self.setup) {
            Ok(prepared) => prepared,
            Err(errors) => {
                self.errors = errors;
                return;
            }
        };
        let players = self.setup.seats.len() as u8;
        match Session::new(prepared.def, players, self.setup.seed) {
            Ok(session) => self.begin(session, prepared.art, self.setup.seats.clone(), false),
            Err(e) => self.errors = vec![e],
        }
    }

    fn begin(&mut self, session: Session, art: TileArt, seats: Vec<SeatKind>, viewing_record: bool) {
        self.worker.cancel();
        self.session = Some(session);
        self.art = art;
        self.seats = seats;
        self.viewing_record = viewing_record;
        self.camera = BoardCamera::default();
        self.notice = None;
        self.last_move = None;
        self.selected_line = None;
        self.figure = None;
        self.follow = None;
        self.log_shown = 0;
    }

    /// Leaves the game for the setup form.
    pub fn close_game(&mut self) {
        self.worker.cancel();
        self.session = None;
        self.viewing_record = false;
        self.confirm_new_game = false;
    }

    /// Whether a game is being played and would be lost: begun, not over, not a record.
    pub fn game_unfinished(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| !self.viewing_record && !s.is_empty() && !s.game.is_over())
    }

    /// Whether a person decides the next action.
    pub fn human_to_move(&self) -> bool {
        let Some(session) = &self.session else { return false };
        !self.viewing_record
            && session
                .game
                .to_move()
                .is_some_and(|p| self.seats.get(usize::from(p)).is_some_and(|s| s.is_human()))
    }

    /// Whether a bot is thinking.
    pub fn bot_thinking(&self) -> bool {
        self.worker.is_thinking()
    }

    /// Passes for a person whose deployment step offers nothing but passing (no figure left
    /// or nowhere to stand): the step is not shown.
    fn pass_when_nothing_to_deploy(&mut self, now: f64) {
        let Some(session) = &self.session else { return };
        let game = &session.game;
        if self.human_to_move()
            && matches!(game.phase(), Phase::Deploy { .. })
            && game.legal_actions() == [Action::Pass]
        {
            self.apply(Action::Pass, now);
        }
    }

    /// Whether a game is on and not over (it plays on while other pages are shown).
    pub fn game_on(&self) -> bool {
        self.session.as_ref().is_some_and(|s| !s.game.is_over()) && !self.viewing_record
    }

    /// Asks the bot to move when it is a bot's turn, and plays its answer. The app calls it
    /// every frame, whichever page is shown, so bot games play on behind other pages.
    pub fn run_bots(&mut self, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        self.pass_when_nothing_to_deploy(now);
        if let Some(action) = self.worker.answer() {
            self.apply(action, now);
        }
        let Some(session) = &self.session else { return };
        if self.viewing_record || self.worker.is_thinking() {
            return;
        }
        let Some(p) = session.game.to_move() else { return };
        let Some(&seat) = self.seats.get(usize::from(p)).filter(|s| !s.is_human()) else {
            return;
        };
        // Seeds follow from the game's seed and the step: replays and undo play the same.
        let seed = session.seed ^ (session.cursor() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let wait = self.last_action_at + self.bot_pause - now;
        if wait > 0.0 {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
            return;
        }
        let wake = ctx.clone();
        let bot = move |stop: &StopFlag| seat.bot(seed, stop).expect("a bot's seat");
        self.worker
            .ask(bot, session.game.clone(), move || wake.request_repaint());
    }

    /// Plays `action` for the player to move.
    fn apply(&mut self, action: Action, now: f64) {
        let Some(session) = &mut self.session else { return };
        let before = session.log.len();
        match session.play(action) {
            Ok(()) => {
                self.notice = None;
                self.last_action_at = now;
                self.figure = None;
                let placed = session.log[before..].iter().find_map(|line| match line.event {
                    Event::TilePlaced { x, y, .. } => Some((x, y)),
                    _ => None,
                });
                if let Some((x, y)) = placed {
                    self.last_move = Some((x, y, now));
                    self.follow = Some((x, y));
                }
            }
            Err(e) => self.notice = Some(format!("Not allowed: {e}.")),
        }
    }

    /// Takes back the last turn of a person (and the bots' turns after it).
    pub fn undo(&mut self) {
        let seats = self.seats.clone();
        let Some(session) = &mut self.session else { return };
        self.worker.cancel();
        if session.undo_turn(|p| seats.get(usize::from(p)).is_some_and(|s| s.is_human())) {
            self.notice = Some("Took back your last turn.".into());
            self.last_move = None;
            self.selected_line = None;
        } else {
            self.notice = Some("There is no turn of yours to take back.".into());
        }
    }

    /// The game's record as JSON, to save.
    pub fn record_json(&self) -> Option<String> {
        let mut record = self.session.as_ref()?.record();
        record.seats = self.seats.iter().map(|seat| seat.spec()).collect();
        serde_json::to_string_pretty(&record).ok().map(|text| text + "\n")
    }

    /// Saves the game's record to `path` (written atomically).
    pub fn save_record(&self, path: &Path) -> Result<String, String> {
        let json = self.record_json().ok_or("There is no game to save.")?;
        files::write_atomically(path, json.as_bytes())
            .map_err(|e| format!("Could not save the game to {}: {e}", path.display()))?;
        Ok(format!("Saved the game to {}.", path.display()))
    }

    /// Loads a game record (as `tilewright simulate --record` writes) to step through, played
    /// with `doc` as it is in memory plus the bundled files.
    pub fn load_record(&mut self, path: &Path, doc: &Document, findings: &Findings) -> Result<String, String> {
        let file = RecordFile::read(path)?;
        let prepared = prepare_record(doc, findings, &file).map_err(|e| e.join("; "))?;
        let record = &file.record;
        let session = Session::with_actions(prepared.def, record.players, record.seed, &record.actions)?;
        // The seats as recorded, when the record says who sat where; else people at each.
        let recorded: Option<Vec<SeatKind>> = record.seats.iter().map(|s| SeatKind::from_spec(s)).collect();
        let seats = recorded
            .filter(|seats| seats.len() == usize::from(record.players))
            .unwrap_or_else(|| vec![SeatKind::Human; usize::from(record.players)]);
        let who: Vec<String> = seats.iter().map(|seat| seat.label()).collect();
        self.begin(session, prepared.art, seats, true);
        Ok(format!(
            "Loaded a record of {} players ({}) and {} actions.",
            record.players,
            who.join(", "),
            record.actions.len()
        ))
    }

    /// Takes the record shown up at the step shown: the seats play on from there (a move
    /// made forgets the record's later actions).
    pub fn play_on(&mut self) {
        if self.session.as_ref().is_some_and(|s| !s.game.is_over()) {
            self.viewing_record = false;
            self.notice = None;
        }
    }

    /// Steps a record: shows the game after `k` actions.
    pub fn go_to(&mut self, k: usize) {
        if let Some(session) = &mut self.session {
            session.go_to(k);
            self.selected_line = None;
            self.last_move = session.game.board().placed.last().map(|p| (p.x, p.y, f64::INFINITY));
            self.follow = self.last_move.map(|(x, y, _)| (x, y));
        }
    }

    /// The scene of the table now, with what the player to move may do.
    fn scene(&self, hovered: Option<(i16, i16)>, now: f64) -> (Scene, BoardChoices) {
        let Some(session) = &self.session else {
            return (Scene::default(), BoardChoices::default());
        };
        let game = &session.game;
        let mut scene = Scene::of_game(game);
        let mut choices = BoardChoices::default();
        if self.human_to_move() && session.finale.is_none() {
            choices = BoardChoices::of(game, self.chosen_figure(), None);
            choices.draw(&mut scene, hovered, self.rotation);
            scene.target_colour = game.to_move().map(crate::theme::seat_colour);
        }
        if let Some((x, y, at)) = self.last_move
            && (now - at < OUTLINE_SECONDS || at.is_infinite())
        {
            scene.outlined = Some((x, y));
        }
        if let Some(line) = self.selected_line.and_then(|i| session.log.get(i)) {
            lit_by(game, &line.event, &mut scene);
        }
        (scene, choices)
    }

    /// The choices the player to move makes on the board now, each with the screen point to
    /// click (deployment targets and wagon moves at their markers); for tests and tools.
    pub fn targets_on_screen(&self) -> Vec<(Action, egui::Pos2)> {
        let Some(session) = &self.session else {
            return Vec::new();
        };
        let choices = BoardChoices::of(&session.game, self.chosen_figure(), None);
        let tiles = &session.game.board().placed;
        choices
            .targets
            .iter()
            .filter_map(|(target, action)| {
                let laid = tiles.iter().find(|t| t.x == target.x && t.y == target.y)?;
                let at = spot_on_screen(self.camera, &self.art, laid.into(), target.spot)?;
                Some((*action, at))
            })
            .collect()
    }

    /// The figure type deployment targets are shown for: the one chosen, else the first
    /// that has a deployment.
    fn chosen_figure(&self) -> Option<u8> {
        let game = &self.session.as_ref()?.game;
        let types = BoardChoices::deployable(game);
        self.figure.filter(|f| types.contains(f)).or(types.first().copied())
    }

    fn board_ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let now = ui.input(|i| i.time);
        let hovered = ui
            .input(|i| i.pointer.hover_pos())
            .filter(|p| self.camera.area.is_some_and(|a| a.contains(*p)))
            .map(|p| self.camera.cell_at(p));
        let (scene, choices) = self.scene(hovered, now);
        if self.camera.area.is_some()
            && let Some((x, y)) = self.follow.take()
        {
            self.camera.follow(x, y);
        }
        let response = BoardWidget {
            camera: &mut self.camera,
            art: &self.art,
            images: ctx.images,
            wheel_rest: &mut self.wheel_rest,
        }
        .show(ui, &scene);
        if let Some((_, _, at)) = self.last_move
            && at.is_finite()
            && now - at < OUTLINE_SECONDS
        {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(OUTLINE_SECONDS - (now - at)));
        }
        if let Some(session) = &self.session {
            let text = format!("{} tiles left · seed {}", session.game.pile_len(), session.seed);
            corner_label(ui, response.response.rect, &text);
        }
        if ui.input(|i| i.key_pressed(Key::F) && !i.modifiers.any()) {
            self.camera.fit(&scene.tiles, response.response.rect);
        }
        if !self.human_to_move() {
            return;
        }
        let mut steps = response.rotate;
        if ui.input(|i| i.key_pressed(Key::R) && !i.modifiers.any()) {
            steps += 1;
        }
        if ui.input(|i| i.key_pressed(Key::R) && i.modifiers.shift) {
            steps -= 1;
        }
        if steps != 0 && choices.tile.is_some() {
            self.rotation = choices.turn(response.hovered_cell, self.rotation, steps);
        }
        if let Some(i) = response.clicked_target
            && let Some(&(_, action)) = choices.targets.get(i)
        {
            self.apply(action, now);
            return;
        }
        if let Some((x, y)) = response.clicked_cell
            && choices.tile.is_some()
        {
            let rotation = choices.shown_rotation(x, y, self.rotation);
            match choices.placement(x, y, rotation) {
                Some(action) => {
                    self.rotation = rotation;
                    self.apply(action, now);
                }
                None => self.notice = Some(refusal(&scene, &choices, x, y)),
            }
        }
    }

    fn setup_ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let role = role_of(ctx.doc);
        let mut start = false;
        let mut load = false;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading("Play a game");
            match &role {
                DocRole::Set(id) => {
                    ui.label(format!(
                        "With `{id}` as it is in the editor (unsaved changes included), and:"
                    ));
                }
                DocRole::Rules(id) => {
                    ui.label(format!("By the rule set `{id}` as it is in the editor, with:"));
                }
                DocRole::None => {
                    ui.colored_label(
                        Color32::from_rgb(235, 120, 90),
                        "This file does not read yet; only the bundled sets can be played.",
                    );
                }
            }
            side::setup_form(ui, &mut self.setup, &role);
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                start = ui.button("Start game").clicked();
                load = ui.button("Load record…").clicked();
            });
            if !self.errors.is_empty() {
                ui.add_space(6.0);
                ui.colored_label(Color32::from_rgb(235, 120, 90), "The game cannot start:");
                for error in &self.errors {
                    ui.colored_label(Color32::from_rgb(235, 120, 90), format!("• {error}"));
                }
            }
        });
        if start {
            self.start(ctx.doc, ctx.findings);
        }
        if load {
            ctx.actions.push(PanelAction::LoadRecord);
        }
    }
}

/// Why the tile in hand cannot go to `(x, y)`.
fn refusal(scene: &Scene, choices: &BoardChoices, x: i16, y: i16) -> String {
    if scene.tiles.iter().any(|t| t.x == x && t.y == y) {
        format!("({x}, {y}) is taken: place the tile on a highlighted cell.")
    } else if choices.rotations_at(x, y).is_empty() {
        format!("The tile does not fit at ({x}, {y}): place it on a highlighted cell.")
    } else {
        format!("The tile does not fit at ({x}, {y}) that way: press R to turn it.")
    }
}

/// Lights on `scene` where `event` happened: its feature, or its tile.
fn lit_by(game: &tilewright_engine::game::Game, event: &Event, scene: &mut Scene) {
    let feature_at = |x: i16, y: i16, feature: u8| {
        let placed = game.board().at(i32::from(x), i32::from(y))?;
        game.node(placed, feature)
    };
    let node = match *event {
        Event::FeatureCompleted { node, .. } | Event::Scored { node, .. } => Some(node),
        Event::FigureDeployed { x, y, feature, .. } => feature_at(x, y, feature),
        Event::TilePlaced { x, y, .. } | Event::FigureReturned { x, y, .. } => {
            scene.outlined = Some((x, y));
            None
        }
        // A mechanism's event lights what its figure moved onto, or the tile it came from.
        Event::Mechanism(h) => match h.words().figure {
            FigureMove::MovesOnto => feature_at(h.x, h.y, h.spot),
            FigureMove::ArrivesAtCorner => {
                scene.outlined = Some((h.x, h.y));
                None
            }
            FigureMove::None => None,
        },
        _ => None,
    };
    if let Some(node) = node {
        scene.lit = game.feature_places(node);
    }
}

/// The phase as a prompt for the player who decides: the core's steps here, a mechanism's
/// own phase in the mechanism's words.
pub fn prompt(phase: Phase, figure_names: &str) -> String {
    match phase {
        Phase::Place { .. } => "Place the tile: click a highlighted cell (R turns it).".into(),
        Phase::Deploy { .. } => {
            format!("Deploy a {figure_names} on a marked spot of the tile, or pass.")
        }
        Phase::Over => "The game is over.".into(),
        phase => Mechanisms::prompt(phase).unwrap_or_else(|| "Choose.".into()),
    }
}

impl Page for PlayView {
    /// The Play page.
    fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        if self.fitted.as_ref() != Some(&ctx.doc.path) {
            self.setup.adapt_to(ctx.doc);
            self.fitted = Some(ctx.doc.path.clone());
        }
        if self.session.is_none() {
            self.setup_ui(ui, ctx);
            return;
        }
        let side = egui::Panel::right("play-side")
            .resizable(true)
            .default_size(330.0)
            .min_size(260.0)
            .show(ui, |ui| self.side_ui(ui, ctx));
        // The scores and the prompt stay in view: notices lie over the board.
        crate::app::notices::keep_clear(ui.ctx(), side.response.rect);
        egui::CentralPanel::no_frame().show(ui, |ui| self.board_ui(ui, ctx));
    }
}
