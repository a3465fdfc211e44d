//! Scenarios: a table laid out by hand, turns to play on it, and the expected outcome. They are
//! the rules tests (one per worked example of the rulebooks) and the format for bug reports.
//!
//! ```toml
//! description = "A completed road of four tiles: RED scores 4 points"
//! rules = "new-edition"          # default new-edition
//! players = 2                    # default 2; seats are red, blue, green, yellow, black, grey
//!
//! [[layout]]                     # the table before the turns; tiles need not touch
//! tile = "W"
//! at = [0, 0]                    # column (east +), row (south +)
//! rotation = 0                   # quarter turns clockwise
//! figures = [{ player = "red", feature = "r1" }]   # figure defaults to the first follower type
//! # figures = [{ player = "red", figure = "shepherd", feature = "f2", sheep = 5 }]
//! #   a shepherd with a flock of 5 sheep, in tokens taken from the bag, the largest first
//!
//! [[turns]]                      # each turn: the tile drawn, where it goes, what is deployed
//! player = "red"                 # optional check of whose turn it is (an extra turn is an
//!                                #   entry of its own, of the same player)
//! tile = "W"
//! at = [3, 0]
//! deploy = { feature = "r3" }    # optional; `figure = "..."` picks another figure type
//! buries = "U"                   # with Hills & Sheep: the tile a hill tile takes under it
//! # deploy = { figure = "barn", corner = 0 }   a barn on a corner (0 north-west, clockwise)
//! held = true                    # the tile is one the player holds (an abbey), not drawn
//! illegal = true                 # placing at `at` must be refused; the next turn places it
//! wagons = [{ at = [1, 0], feature = "r" }]   # where waiting wagons go ({} or none: back to supply)
//! shepherd = ["guide"]           # the shepherd's owner's choices: "grow" or "guide"
//! refused = "already has a barn" # this turn's choice must be refused (then it passes)
//! wagon-offered = true           # whether a waiting wagon's owner was asked where it goes
//!                                #   (false: every wagon went home with no move to offer)
//! # discarded = true             the tile is drawn, fits nowhere and is discarded (no `at`);
//! #                              the next turn draws the tile after it
//! # top level: figures = { follower = 8 }   figure counts per player, as a rule set's `[figures]`
//! # top level: [tokens.spice] majority = 5   house rules on a printed token, as a rule set's
//! # top level: [marks.inn] incomplete = { per-tile = 1 }   house rules on a mark, as a rule set's
//! # top level: values = { barn-final-per-city = 5 }   values of mechanisms, as a rule set's
//! #   `[values]` (only values the scenario's tile sets declare)
//! # top level: sheep = [4, 0]    tokens drawn from the bag in order (0 is a wolf)
//!
//! [expect]
//! scores = { red = 4, blue = 0 }
//! events = ["RED scores 4 points: completed road: 4 tiles"]   # in this order, among others
//! absent-events = ["RED scores 4 points: flocks guided home: 4 sheep"]   # none of these happens
//! supply = { red = { follower = 6, mayor = 1 }, blue = 7 }   # figures in supply by type;
//!                                                             # a number: the first type
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use serde::Deserialize;

use crate::FromCatalog;
use crate::catalog::Catalog;
use crate::diagnostic::{Diagnostic, clip, quote, quoted_list};
use crate::game::NamedOnce;
use crate::game::{Action, ActionError, COLOURS, Event, FeatureAt, FigureIndex, Game, GameDef, Phase, Seat, colour};
use crate::limits::MAX_PLAYERS;
use crate::model::{MarkRules, ScoringValues, SwitchValues, TokenRules, layer_marks, layer_tokens, layer_values};
use crate::report::{Diagnostics, Reporter};
use crate::source::{Source, SourceMap};
use crate::validate;

mod problems;

pub use problems::PlayError;
use problems::{Placing, check_named, check_rotation, declared, misfit, one_of};

/// A scenario file.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Scenario {
    /// What the scenario shows.
    pub description: String,
    /// Tile sets in play (`id` or `id@edition`).
    #[serde(default = "default_tilesets")]
    pub tilesets: Vec<String>,
    /// Rule set id.
    #[serde(default = "default_rules")]
    pub rules: String,
    /// Rule values changed for this scenario only.
    #[serde(default)]
    pub scoring: ScoringValues,
    /// Switches changed for this scenario only.
    #[serde(default)]
    pub switches: SwitchValues,
    /// Figure counts per player changed for this scenario only, by figure id.
    #[serde(default)]
    pub figures: BTreeMap<String, u32>,
    /// House rules on marks for this scenario only, by mark id, as a rule set's `[marks]`.
    #[serde(default)]
    pub marks: BTreeMap<String, MarkRules>,
    /// Values of mechanisms for this scenario only, by key, as a rule set's `[values]`.
    #[serde(default)]
    pub values: BTreeMap<String, u32>,
    /// House rules on printed tokens for this scenario only, by token id, as a rule set's
    /// `[tokens]`.
    #[serde(default)]
    pub tokens: BTreeMap<String, TokenRules>,
    /// Number of players.
    #[serde(default = "default_players")]
    pub players: u8,
    /// Who plays the first turn.
    #[serde(default = "default_first")]
    pub first_player: String,
    /// Whether the end of the game is scored after the last turn.
    #[serde(default)]
    pub final_scoring: bool,
    /// The table before the turns.
    #[serde(default)]
    pub layout: Vec<LaidTile>,
    /// Tokens drawn from the bag, in order (sheep per token, 0 for a wolf); later draws are random.
    #[serde(default)]
    pub sheep: Vec<u8>,
    /// Turns to play.
    #[serde(default)]
    pub turns: Vec<Turn>,
    /// Expected outcome.
    pub expect: Expect,
}

fn default_tilesets() -> Vec<String> {
    vec!["base".into()]
}
fn default_rules() -> String {
    "new-edition".into()
}
fn default_players() -> u8 {
    2
}
fn default_first() -> String {
    "red".into()
}

/// A tile of the layout.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct LaidTile {
    /// Tile id.
    pub tile: String,
    /// Column and row.
    pub at: [i16; 2],
    /// Quarter turns clockwise.
    #[serde(default)]
    pub rotation: u8,
    /// Figures standing on it.
    #[serde(default)]
    pub figures: Vec<FigureAt>,
}

/// A figure on a feature of a tile.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct FigureAt {
    /// Owner's colour (layout only; deployments belong to the player whose turn it is).
    #[serde(default)]
    pub player: Option<String>,
    /// Figure type id (default: the first figure type).
    #[serde(default)]
    pub figure: Option<String>,
    /// Feature id on the tile (not for a barn, which stands on a corner).
    #[serde(default)]
    pub feature: String,
    /// For a barn deployed in a turn: the corner of the tile, clockwise from north-west (0).
    #[serde(default)]
    pub corner: Option<u8>,
    /// For a shepherd of the layout: the sheep of its flock, in tokens taken from the bag
    /// (the largest first).
    #[serde(default)]
    pub sheep: Option<u16>,
}

/// One turn.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Turn {
    /// Whose turn it should be.
    #[serde(default)]
    pub player: Option<String>,
    /// The tile drawn.
    pub tile: String,
    /// Where it goes (not for a `discarded` tile).
    #[serde(default)]
    pub at: Option<[i16; 2]>,
    /// Quarter turns clockwise.
    #[serde(default)]
    pub rotation: u8,
    /// What is deployed (nothing if absent).
    #[serde(default)]
    pub deploy: Option<FigureAt>,
    /// A refusal this turn's deployment or wagon move must meet (words of the message); the
    /// refused choice is then replaced by passing. For scenario pairs that differ in a switch.
    #[serde(default)]
    pub refused: Option<String>,
    /// What the shepherd's owner chooses after this turn, in order: `grow` or `guide`.
    #[serde(default)]
    pub shepherd: Vec<String>,
    /// Where the wagons waiting after this turn's scoring go, in the order they decide; a wagon
    /// with no entry (or `at` left out) goes back to its owner.
    #[serde(default)]
    pub wagons: Vec<WagonChoice>,
    /// Whether `tile` is one the player holds (an abbey), placed instead of drawing.
    #[serde(default)]
    pub held: bool,
    /// With `held`: the player declines to place it (allowed in the abbey final round); if the
    /// engine refuses (`refused` says how), the tile is placed at `at` instead.
    #[serde(default)]
    pub decline: bool,
    /// With Hills & Sheep, the tile a hill tile placed this turn takes under it (the next tile
    /// of the pile).
    #[serde(default)]
    pub buries: Option<String>,
    /// The placement at `at` must be refused as illegal (`refused` may name words of the
    /// message); the tile stays in the player's hand, and the next turn entry places it.
    #[serde(default)]
    pub illegal: bool,
    /// The tile is drawn, fits nowhere and is discarded (the engine says so with an event);
    /// the player draws again, and the next turn entry is that draw.
    #[serde(default)]
    pub discarded: bool,
    /// Whether the owner of a waiting wagon was asked where it goes this turn (`false`: every
    /// wagon went home because it had nowhere to go, or none waited).
    #[serde(default)]
    pub wagon_offered: Option<bool>,
}

/// Where a waiting wagon goes.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct WagonChoice {
    /// Column and row of the tile it moves to (absent: it goes back to its owner).
    #[serde(default)]
    pub at: Option<[i16; 2]>,
    /// Feature id on that tile.
    #[serde(default)]
    pub feature: String,
}

/// Expected outcome.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Expect {
    /// Scores by colour (colours left out must have 0).
    #[serde(default)]
    pub scores: BTreeMap<String, u64>,
    /// Event sentences that must appear, in this order.
    #[serde(default)]
    pub events: Vec<String>,
    /// Event sentences that must not appear.
    #[serde(default)]
    pub absent_events: Vec<String>,
    /// Figures in supply by colour: by figure type id, or a number for the first figure type.
    #[serde(default)]
    pub supply: BTreeMap<String, SupplyExpect>,
}

/// The figures a player should have in supply.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum SupplyExpect {
    /// Of the first figure type (the base game's follower).
    First(u8),
    /// By figure type id; types left out are not checked.
    ByFigure(BTreeMap<String, u8>),
}

/// What a scenario run produced.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Final scores by seat.
    pub scores: Vec<u64>,
    /// Every event, as sentences.
    pub events: Vec<String>,
    /// Figure type ids, in the game's order.
    pub figures: Vec<String>,
    /// Figures in supply by seat, then by figure type (in the order of `figures`).
    pub supply: Vec<Vec<u8>>,
}

fn seat(name: &str) -> Option<u8> {
    COLOURS.iter().position(|c| *c == name).map(|p| p as u8)
}

/// What a value that does not fit the scenario format is to be compared with.
const FORMAT_HELP: &str = "compare it with the scenario format (the documentation of `tilewright_engine::scenario`)";

/// Reads a scenario file as a data file is read (TOML syntax, the limits of a data file, the
/// format), then checks what needs no game: no tile set or expansion named twice, and the
/// scoring and figure overrides within a rule set's ranges. The first problem is a located
/// diagnostic, quoting at most [`MAX_QUOTED_CHARS`](crate::diagnostic::MAX_QUOTED_CHARS)
/// characters of the file.
pub fn read(source: &Source) -> Result<Scenario, Box<Diagnostic>> {
    read_located(source).map(|(scenario, _)| scenario)
}

/// [`read`], with where each value of the file is.
fn read_located(source: &Source) -> Result<(Scenario, SourceMap), Box<Diagnostic>> {
    let (scenario, map) = validate::read_toml::<Scenario>(source, FORMAT_HELP)?;
    let mut out = Diagnostics::default();
    let mut report = Reporter {
        source,
        map: &map,
        out: &mut out,
    };
    let mut named = NamedOnce::default();
    let twice = scenario
        .tilesets
        .iter()
        .enumerate()
        .find_map(|(i, spec)| named.add(spec).err().map(|e| (i, e)));
    if let Some((i, error)) = twice {
        report.error(&format!("/tilesets/{i}"), error.to_string(), "list each one once");
    }
    validate::check_overrides(
        &scenario.scoring,
        &scenario.figures,
        (&scenario.marks, &scenario.tokens),
        &scenario.values,
        &mut report,
    );
    match out.finish(|_| 0).into_iter().next() {
        Some(first) => Err(Box::new(first)),
        None => Ok((scenario, map)),
    }
}

/// Reads ([`read`]) and plays ([`play`]) a scenario file against loaded tile sets; `Err` is
/// the first problem, located in the file.
pub fn run(source: &Source, catalog: &Catalog) -> Result<(Scenario, Outcome), Box<Diagnostic>> {
    let (scenario, map) = read_located(source)?;
    match play(&scenario, catalog) {
        Ok(outcome) => Ok((scenario, outcome)),
        Err(problem) => {
            let mut out = Diagnostics::default();
            let mut report = Reporter {
                source,
                map: &map,
                out: &mut out,
            };
            if problem.key {
                report.error_at_key(&problem.pointer, problem.message, problem.help);
            } else {
                report.error(&problem.pointer, problem.message, problem.help);
            }
            let first = out.finish(|_| 0).into_iter().next();
            Err(Box::new(first.unwrap_or_else(|| {
                Diagnostic::file(&source.path, "cannot play", FORMAT_HELP)
            })))
        }
    }
}

/// [`run`] on a scenario's text (named `scenario.toml`); `Err` is the problem as one line.
pub fn run_text(text: &str, catalog: &Catalog) -> Result<(Scenario, Outcome), String> {
    run(&Source::new("scenario.toml", text), catalog).map_err(|d| d.to_string())
}

/// Plays a scenario; `Err` says where and what went wrong.
pub fn play(scenario: &Scenario, catalog: &Catalog) -> Result<Outcome, PlayError> {
    play_turns(scenario, catalog).map_err(|e| PlayError {
        message: clip(&e.message),
        help: clip(&e.help),
        ..e
    })
}

/// [`play`], with messages not yet clipped.
fn play_turns(scenario: &Scenario, catalog: &Catalog) -> Result<Outcome, PlayError> {
    check_named(scenario, catalog)?;
    let def = GameDef::from_catalog(catalog, &scenario.tilesets, &scenario.rules).map_err(|e| {
        PlayError::at(
            "/tilesets",
            e.to_string(),
            "name tile sets, editions and a rule set that go together",
        )
    })?;
    let mut scoring = scenario.scoring.clone();
    let mut switches = scenario.switches.clone();
    scoring.merge_from(&ScoringValues::from(&def.rules().scoring));
    switches.merge_from(&SwitchValues::from(&def.rules().switches));
    let mut rules = def.rules().clone();
    rules.scoring = scoring.resolve().map_err(|m| format!("missing {m:?}"))?;
    rules.switches = switches.resolve().map_err(|m| format!("missing {m:?}"))?;
    rules.figures.extend(scenario.figures.clone());
    let marks: Vec<String> = def.marks().iter().map(|m| m.id.clone()).collect();
    declared(
        "marks",
        scenario.marks.keys(),
        &marks,
        "mark",
        "the scenario's tile sets declare the marks",
    )?;
    layer_marks(&mut rules.marks, &scenario.marks);
    let values: Vec<String> = def.values().keys().cloned().collect();
    declared("values", scenario.values.keys(), &values, "value", "they declare")?;
    layer_values(&mut rules.values, &scenario.values);
    let tokens: Vec<String> = def.printed_tokens().iter().map(|t| t.id.clone()).collect();
    declared(
        "tokens",
        scenario.tokens.keys(),
        &tokens,
        "token",
        "the scenario's tile sets declare the tokens",
    )?;
    layer_tokens(&mut rules.tokens, &scenario.tokens);
    let def = Arc::new(def.with_rules(rules).map_err(|e| e.to_string())?);
    if !(2..=MAX_PLAYERS).contains(&usize::from(scenario.players)) {
        return Err(PlayError::at(
            "/players",
            format!("a game has 2 to {MAX_PLAYERS} players, not {}", scenario.players),
            format!("give 2 to {MAX_PLAYERS} players"),
        ));
    }
    let mut game = Game::empty(Arc::clone(&def), scenario.players).map_err(|e| e.to_string())?;
    let tile_index = |id: &str, pointer: String| {
        def.tile_index(id).ok_or_else(|| {
            let known: Vec<String> = def.tables().tiles.iter().map(|t| t.id.clone()).collect();
            PlayError::at(
                pointer,
                format!("no tile {} in the tile sets", quote(id)),
                one_of(id, &known, "the tiles of the scenario's tile sets are"),
            )
        })
    };
    let figure_index = |id: &Option<String>, pointer: String| match id {
        None => Ok(0),
        Some(id) => def.figure_index(id).ok_or_else(|| {
            let known: Vec<String> = def.figures().iter().map(|f| f.id.clone()).collect();
            PlayError::at(
                pointer,
                format!("no figure {}", quote(id)),
                one_of(id, &known, "the figure types in play are"),
            )
        }),
    };
    let feature_index = |tile: u16, id: &str, pointer: String| {
        let compiled = &def.tables().tiles[tile as usize];
        compiled.feature_index(id).ok_or_else(|| {
            let known: Vec<String> = compiled.features.iter().map(|f| f.id.clone()).collect();
            let features: Vec<String> = compiled
                .features
                .iter()
                .map(|f| format!("`{}` ({})", f.id, f.kind.as_str()))
                .collect();
            PlayError::at(
                pointer,
                format!("tile {} has no feature {}", quote(&compiled.id), quote(id)),
                format!(
                    "{}its features are: {}",
                    validate::did_you_mean(id, &known),
                    features.join(", ")
                ),
            )
        })
    };
    // The seats of this game, by colour.
    let seats: Vec<String> = COLOURS
        .iter()
        .take(usize::from(scenario.players))
        .map(|c| (*c).to_owned())
        .collect();
    let player_seat = |name: &str, pointer: String| {
        let at = seat(name).filter(|&s| usize::from(s) < seats.len());
        at.ok_or_else(|| {
            let list = quoted_list(seats.iter().map(String::as_str), MAX_PLAYERS);
            match seat(name) {
                Some(_) => PlayError::at(
                    pointer,
                    format!("{} is not a seat of this {}-player game", quote(name), seats.len()),
                    format!("the seats are: {list}; seat more with `players`"),
                ),
                None => PlayError::at(
                    pointer,
                    format!("{} is not a colour", quote(name)),
                    one_of(name, &seats, "the seats are"),
                ),
            }
        })
    };
    for (l, laid) in scenario.layout.iter().enumerate() {
        let tile = tile_index(&laid.tile, format!("/layout/{l}/tile"))?;
        let [x, y] = laid.at;
        check_rotation(laid.rotation, &format!("/layout/{l}"))?;
        game.lay(tile, x, y, laid.rotation).map_err(|e| match e {
            ActionError::IllegalPlacement { .. } => misfit(
                &game,
                tile,
                &Placing {
                    what: "layout tile ".into(),
                    id: &laid.tile,
                    at: laid.at,
                    rotation: laid.rotation,
                    entry: format!("/layout/{l}"),
                    turn: false,
                },
            ),
            e => PlayError::at(
                format!("/layout/{l}/at"),
                format!("layout tile {} at ({x}, {y}): {e}", quote(&laid.tile)),
                "lay each tile of the layout within reach of (0, 0)",
            ),
        })?;
        for (f, figure) in laid.figures.iter().enumerate() {
            let at_figure = format!("/layout/{l}/figures/{f}");
            let player = Seat(player_seat(
                figure.player.as_deref().unwrap_or("red"),
                format!("{at_figure}/player"),
            )?);
            let feature = feature_index(tile, &figure.feature, format!("{at_figure}/feature"))?;
            let kind = FigureIndex(figure_index(&figure.figure, format!("{at_figure}/figure"))?);
            let at = FeatureAt { x, y, feature };
            match figure.sheep {
                Some(sheep) => game.put_shepherd(player, kind, at, sheep),
                None => game.put_figure(player, kind, at),
            }
            .map_err(|e| {
                PlayError::at(
                    at_figure,
                    format!("layout figure on {}: {e}", quote(&laid.tile)),
                    "stand it on a feature the figure type may take",
                )
            })?;
        }
    }
    let mut pile = Vec::new();
    for (i, turn) in scenario.turns.iter().enumerate() {
        if !turn.held && !turn.illegal {
            pile.push(tile_index(&turn.tile, format!("/turns/{i}/tile"))?);
        }
        if let Some(buried) = &turn.buries {
            pile.push(tile_index(buried, format!("/turns/{i}/buries"))?);
        }
    }

    let mut events: Vec<Event> = Vec::new();
    // Discard events already matched to a `discarded` turn.
    let mut discards_from = 0;
    let mut refusals: Vec<String> = Vec::new();
    game.force_draws(scenario.sheep.clone());
    game.start(
        pile,
        Seat(player_seat(&scenario.first_player, "/first-player".into())?),
        scenario.final_scoring,
        &mut events,
    )
    .map_err(|e| e.to_string())?;
    // A problem with no place of its own is shown at the turn it arose in.
    let mut turn_at: Option<usize> = None;
    let mut turns = || -> Result<(), PlayError> {
        for (i, turn) in scenario.turns.iter().enumerate() {
            turn_at = Some(i);
            let n = i + 1;
            if let Some(player) = &turn.player
                && player_seat(player, format!("/turns/{i}/player"))? != game.current_player()
            {
                return Err(PlayError::at(
                    format!("/turns/{i}/player"),
                    format!(
                        "turn {n}: it is {}'s turn, not {player}'s",
                        colour(game.current_player())
                    ),
                    "check the turns before it: an extra turn is an entry of its own",
                ));
            }
            let tile = tile_index(&turn.tile, format!("/turns/{i}/tile"))?;
            if turn.discarded {
                if turn.at.is_some() || turn.held || turn.illegal {
                    return Err(format!(
                        "turn {n}: a discarded tile is only drawn: leave out `at`, `held` and `illegal`"
                    )
                    .into());
                }
                // The draw that discards it happened when the turn began, or happens now if the
                // player could have placed an abbey instead.
                if let Phase::Choose { may_draw: true, .. } = game.phase() {
                    game.apply(Action::Draw, &mut events)
                        .map_err(|e| format!("turn {n}: {e}"))?;
                }
                let found = events[discards_from..]
                    .iter()
                    .position(|e| matches!(e, Event::TileDiscarded { tile: t } if *t == tile));
                match found {
                    Some(i) => discards_from += i + 1,
                    None => {
                        return Err(format!(
                            "turn {n}: {} should have been drawn and discarded as fitting nowhere, but it was not",
                            quote(&turn.tile)
                        )
                        .into());
                    }
                }
                continue;
            }
            let [x, y] = turn
                .at
                .ok_or_else(|| format!("turn {n}: say where {} goes with `at = [x, y]`", quote(&turn.tile)))?;
            let rotation = turn.rotation;
            check_rotation(rotation, &format!("/turns/{i}"))?;
            if turn.decline {
                // The player declines to place the held tile; if that is refused (placing is
                // forced), they place it after all.
                match game.apply(Action::Pass, &mut events) {
                    Ok(()) => continue,
                    Err(e)
                        if turn
                            .refused
                            .as_deref()
                            .is_some_and(|words| e.to_string().contains(words)) =>
                    {
                        refusals.push(e.to_string());
                    }
                    Err(e) => return Err(format!("turn {n}: {e}").into()),
                }
            }
            let place = if turn.held {
                Action::PlaceHeld { tile, x, y, rotation }
            } else {
                if let Phase::Choose { may_draw: true, .. } = game.phase() {
                    game.apply(Action::Draw, &mut events)
                        .map_err(|e| format!("turn {n}: {e}"))?;
                }
                Action::Place { x, y, rotation }
            };
            let placed = game.apply(place, &mut events);
            if turn.illegal {
                match placed {
                    Err(e @ ActionError::IllegalPlacement { .. }) => {
                        refusals.push(e.to_string());
                        continue;
                    }
                    _ => {
                        return Err(PlayError::at(
                            format!("/turns/{i}/illegal"),
                            format!("turn {n}: the placement at ({x}, {y}) should have been refused"),
                            "remove `illegal = true` if the placement is legal",
                        ));
                    }
                }
            }
            if let Err(e) = placed {
                return Err(match e {
                    ActionError::IllegalPlacement { .. } => misfit(
                        &game,
                        tile,
                        &Placing {
                            what: format!("turn {n}: "),
                            id: &turn.tile,
                            at: [x, y],
                            rotation,
                            entry: format!("/turns/{i}"),
                            turn: true,
                        },
                    ),
                    e => format!("turn {n}: {e}").into(),
                });
            }
            let action = match &turn.deploy {
                None => Action::Pass,
                Some(FigureAt { sheep: Some(_), .. }) => {
                    return Err(format!(
                        "turn {n}: a deployed shepherd draws its sheep: give them in the top-level `sheep = [...]`"
                    )
                    .into());
                }
                Some(FigureAt {
                    corner: Some(corner),
                    figure,
                    ..
                }) => Action::DeployBarn {
                    figure: figure_index(figure, format!("/turns/{i}/deploy/figure"))?,
                    corner: *corner,
                },
                Some(d) => Action::Deploy {
                    figure: figure_index(&d.figure, format!("/turns/{i}/deploy/figure"))?,
                    feature: feature_index(tile, &d.feature, format!("/turns/{i}/deploy/feature"))?,
                },
            };
            apply_or_refused(&mut game, action, turn, &mut refusals, &mut events)
                .map_err(|e| format!("turn {n}: {e}"))?;
            let mut choices = turn.wagons.iter();
            let mut shepherd = turn.shepherd.iter();
            let mut wagon_offered = false;
            loop {
                if game.phase() == Phase::Shepherd {
                    let action = match shepherd.next().map(String::as_str) {
                        Some("grow") => Action::Grow,
                        Some("guide") => Action::Guide,
                        other => {
                            return Err(format!(
                                "turn {n}: the shepherd's owner must choose: `shepherd = [\"grow\"]` or `[\"guide\"]`, not {}",
                                other.map_or_else(|| "nothing".to_owned(), quote)
                            )
                            .into());
                        }
                    };
                    game.apply(action, &mut events)
                        .map_err(|e| format!("turn {n}: shepherd: {e}"))?;
                    continue;
                }
                if !matches!(game.phase(), Phase::MoveWagon { .. }) {
                    break;
                }
                wagon_offered = true;
                let choice = choices.next();
                let w = turn.wagons.len() - choices.len();
                let action = match choice {
                    Some(WagonChoice {
                        at: Some([x, y]),
                        feature,
                    }) => {
                        let placed = game
                            .board()
                            .at(i32::from(*x), i32::from(*y))
                            .ok_or_else(|| format!("turn {n}: no tile at ({x}, {y})"))?;
                        let tile = game.board().placed[placed].tile;
                        Action::MoveWagon {
                            x: *x,
                            y: *y,
                            feature: feature_index(tile, feature, format!("/turns/{i}/wagons/{}/feature", w - 1))?,
                        }
                    }
                    _ => Action::Pass,
                };
                apply_or_refused(&mut game, action, turn, &mut refusals, &mut events)
                    .map_err(|e| format!("turn {n}: wagon: {e}"))?;
            }
            // A choice written down must have been asked for: `wagons = [{}]` checks that the
            // owner could move the wagon and took it back.
            if choices.next().is_some() || shepherd.next().is_some() {
                return Err(
                    format!("turn {n}: more wagon or shepherd choices are given than the game asked for").into(),
                );
            }
            if let Some(expected) = turn.wagon_offered
                && expected != wagon_offered
            {
                let what = if wagon_offered {
                    "a wagon move was offered"
                } else {
                    "no wagon move was offered"
                };
                return Err(format!("turn {n}: expected `wagon-offered = {expected}`, but {what}").into());
            }
        }
        Ok(())
    };
    turns().map_err(|e| match turn_at {
        Some(i) if e.pointer.is_empty() => PlayError {
            pointer: format!("/turns/{i}"),
            ..e
        },
        _ => e,
    })?;
    if scenario.final_scoring && !game.is_over() {
        return Err(String::from("the pile should be empty after the last turn").into());
    }
    for (n, turn) in scenario.turns.iter().enumerate() {
        if let Some(expected) = &turn.refused
            && !refusals.iter().any(|r| r.contains(expected.as_str()))
        {
            return Err(format!(
                "turn {}: expected a refusal saying {}, got {}",
                n + 1,
                quote(expected),
                if refusals.is_empty() {
                    "none".to_owned()
                } else {
                    quoted_list(refusals.iter().map(String::as_str), 8)
                }
            )
            .into());
        }
    }
    Ok(Outcome {
        scores: game.scores(),
        events: events.iter().map(|e| def.describe(e)).collect(),
        figures: def.figures().iter().map(|f| f.id.clone()).collect(),
        supply: game
            .players()
            .iter()
            .map(|p| p.supply[..def.figures().len()].to_vec())
            .collect(),
    })
}

/// Applies a turn's choice; if the turn expects a refusal and the engine refuses, notes it and
/// passes instead.
fn apply_or_refused(
    game: &mut Game,
    action: Action,
    turn: &Turn,
    refusals: &mut Vec<String>,
    events: &mut Vec<Event>,
) -> Result<(), String> {
    match game.apply(action, events) {
        Ok(()) => Ok(()),
        Err(e)
            if turn
                .refused
                .as_deref()
                .is_some_and(|words| e.to_string().contains(words)) =>
        {
            refusals.push(e.to_string());
            game.apply(Action::Pass, events).map_err(|e| e.to_string())
        }
        Err(e) => Err(e.to_string()),
    }
}

/// Compares an outcome with the scenario's expectations; `Err` is a readable report.
pub fn check(scenario: &Scenario, outcome: &Outcome) -> Result<(), String> {
    let mut report = String::new();
    for (p, &score) in outcome.scores.iter().enumerate() {
        let name = colour(p as u8);
        let expected = scenario.expect.scores.get(name).copied().unwrap_or(0);
        if expected != score {
            let _ = writeln!(report, "  score of {name}: expected {expected}, got {score}");
        }
    }
    for name in scenario.expect.scores.keys() {
        if seat(name).is_none_or(|s| s as usize >= outcome.scores.len()) {
            let _ = writeln!(
                report,
                "  {} is not a seat of this {}-player game",
                quote(name),
                outcome.scores.len()
            );
        }
    }
    for (name, expected) in &scenario.expect.supply {
        let Some(supply) = seat(name).and_then(|s| outcome.supply.get(s as usize)) else {
            let _ = writeln!(report, "  supply of {}: it is not a seat of this game", quote(name));
            continue;
        };
        let wanted: Vec<(&str, u8)> = match expected {
            SupplyExpect::First(n) => vec![(outcome.figures.first().map_or("?", String::as_str), *n)],
            SupplyExpect::ByFigure(by) => by.iter().map(|(id, n)| (id.as_str(), *n)).collect(),
        };
        for (figure, expected) in wanted {
            match outcome.figures.iter().position(|f| f == figure) {
                Some(i) if supply[i] == expected => {}
                Some(i) => {
                    let got = supply[i];
                    let _ = writeln!(report, "  supply of {name}: expected {expected} {figure}, got {got}");
                }
                None => {
                    let known = outcome.figures.join(", ");
                    let _ = writeln!(
                        report,
                        "  supply of {name}: no figure type {} (the game has {known})",
                        quote(figure)
                    );
                }
            }
        }
    }
    for unwanted in &scenario.expect.absent_events {
        if outcome.events.contains(unwanted) {
            let _ = writeln!(report, "  event that should not happen: {unwanted}");
        }
    }
    let mut from = 0;
    for wanted in &scenario.expect.events {
        match outcome.events[from..].iter().position(|e| e == wanted) {
            Some(i) => from += i + 1,
            None => {
                let _ = writeln!(report, "  missing event (in order): {wanted}");
            }
        }
    }
    if report.is_empty() {
        return Ok(());
    }
    let _ = writeln!(report, "  events were:");
    for event in &outcome.events {
        let _ = writeln!(report, "    {event}");
    }
    Err(report)
}

#[cfg(test)]
mod tests {
    use super::{check, run_text};
    use crate::bundled;

    /// Plays a scenario of the top-level `scenarios/` with `from` replaced by `to` (which must occur),
    /// and returns what the runner says: an error from playing it or the report of `check`.
    fn verdict(text: &str, from: &str, to: &str) -> Result<(), String> {
        assert!(text.contains(from), "the scenario no longer says {from:?}");
        let text = text.replacen(from, to, 1);
        let (scenario, outcome) = run_text(&text, bundled::catalog())?;
        check(&scenario, &outcome)
    }

    const DISCARDED: &str = include_str!("../../../scenarios/a-tile-that-fits-nowhere-is-discarded.toml");
    const NOWHERE: &str = include_str!("../../../scenarios/wagon-with-nowhere-to-go-goes-home-unasked.toml");
    const OFFERED: &str = include_str!("../../../scenarios/wagon-offered-and-declined.toml");
    const FLOCK: &str = include_str!("../../../scenarios/abbey-closes-a-shepherds-field.toml");

    #[test]
    fn the_scenarios_pass_as_written() {
        for text in [DISCARDED, NOWHERE, OFFERED, FLOCK] {
            assert_eq!(verdict(text, "", ""), Ok(()));
        }
    }

    /// Asserts that the scenario with `from` replaced by `to` fails, saying `words`.
    fn fails_saying(text: &str, from: &str, to: &str, words: &str) {
        let err = verdict(text, from, to).expect_err("the changed scenario should fail");
        assert!(err.contains(words), "expected {words:?} in: {err}");
    }

    #[test]
    fn a_discarded_tile_that_fits_fails_the_scenario() {
        // A city cap fits under the city on every side, so it is not discarded.
        let fits = "turn 1: `E` should have been drawn and discarded";
        fails_saying(DISCARDED, "tile = \"B\"  ", "tile = \"E\"  ", fits);
        fails_saying(
            DISCARDED,
            "discarded = true",
            "discarded = true\nat = [0, 1]",
            "leave out `at`",
        );
    }

    #[test]
    fn an_event_that_happens_fails_absent_events() {
        let (from, to) = ("B at (0, 1) turned 0\"]", "E at (0, 1) turned 0\"]");
        let words = "event that should not happen: RED places E at (0, 1) turned 0";
        fails_saying(DISCARDED, from, to, words);
    }

    #[test]
    fn a_wrong_supply_of_any_figure_type_fails() {
        fails_saying(
            NOWHERE,
            "wagon = 1",
            "wagon = 0",
            "supply of red: expected 0 wagon, got 1",
        );
        fails_saying(
            NOWHERE,
            "blue = 7",
            "blue = 6",
            "supply of blue: expected 6 follower, got 7",
        );
        fails_saying(NOWHERE, "barn = 1", "shepherd = 1", "no figure type `shepherd`");
    }

    #[test]
    fn a_wrong_wagon_offer_fails() {
        let (no, yes) = ("wagon-offered = false", "wagon-offered = true");
        fails_saying(
            NOWHERE,
            no,
            yes,
            "expected `wagon-offered = true`, but no wagon move was offered",
        );
        fails_saying(
            OFFERED,
            yes,
            no,
            "expected `wagon-offered = false`, but a wagon move was offered",
        );
    }

    /// What reading or playing the scenario `text` says is wrong.
    fn refused(text: &str) -> String {
        run_text(text, bundled::catalog()).map(|_| ()).unwrap_err()
    }

    #[test]
    fn a_set_named_twice_is_refused_where_it_is_named_again() {
        let text =
            "description = \"d\"\ntilesets = [\"base\", \"abbey-and-mayor\",\n  \"base@first-edition\"]\n[expect]\n";
        assert_eq!(
            refused(text),
            "scenario.toml:3:3: error: the tile set or expansion `base` is named twice; a game plays each once, in one edition (help: list each one once)"
        );
        // Each was hashed and compiled before: minutes and gigabytes.
        let many = vec!["\"base\""; 100_000].join(", ");
        let started = std::time::Instant::now();
        let said = refused(&format!("description = \"d\"\ntilesets = [{many}]\n[expect]\n"));
        assert!(said.starts_with("scenario.toml:2:21: error: the tile set"), "{said}");
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    }

    #[test]
    fn overrides_get_the_range_checks_of_a_rule_set() {
        let with = |table: &str| format!("description = \"d\"\n{table}\n[expect]\n");
        assert_eq!(
            refused(&with("[scoring]\nroad-per-tile = 4000000000")),
            "scenario.toml:3:17: error: 4000000000 points is out of range (help: give a value from 0 to 1000)"
        );
        assert_eq!(
            refused(&with("[figures]\nfollower = 300")),
            "scenario.toml:3:12: error: 300 figures of one type per player is more than a game can hold (help: give a count from 0 to 255)"
        );
        assert!(run_text(&with("[scoring]\nroad-per-tile = 1000"), bundled::catalog()).is_ok());
        assert_eq!(
            refused(&with("[marks.inn]\ncomplete = { per-tile = 4000000000 }")),
            "scenario.toml:3:25: error: 4000000000 points is out of range (help: give a value from 0 to 1000)"
        );
        // A mark the scenario's tile sets do not declare (a typo) is refused, not ignored.
        let misspelt = format!(
            "tilesets = [\"base\", \"inns-and-cathedrals\"]\n{}",
            with("[marks.inns]\nplay = false")
        );
        let error = run_text(&misspelt, bundled::catalog()).unwrap_err();
        assert_eq!(
            error,
            "scenario.toml:3:8: error: no file of the scenario's tile sets declares a mark `inns` (help: did you mean `inn`? the scenario's tile sets declare the marks: `cathedral`, `inn`)"
        );
    }

    #[test]
    fn value_overrides_are_checked_like_a_rule_sets() {
        let with = |table: &str| format!("description = \"d\"\n{table}\n[expect]\n");
        assert_eq!(
            refused(&with("[values]\nvineyard = 4000")),
            "scenario.toml:3:12: error: 4000 points is out of range (help: give a value from 0 to 1000)"
        );
        // A value the scenario's tile sets do not declare (a typo, or one of a set not in play)
        // is refused, not ignored, naming those they do declare.
        let sheep = |table: &str| format!("tilesets = [\"base\", \"hills-and-sheep\"]\n{}", with(table));
        assert_eq!(
            run_text(&sheep("[values]\nvineyards = 1"), bundled::catalog()).unwrap_err(),
            "scenario.toml:4:1: error: no file of the scenario's tile sets declares a value `vineyards` (help: did you mean `vineyard`? they declare: `vineyard`)"
        );
        assert!(run_text(&sheep("[values]\nvineyard = 1"), bundled::catalog()).is_ok());
        // A value written where it was before values moved out of `[scoring]` says where it goes.
        let said = refused(&sheep("[scoring]\nvineyard = 1"));
        assert!(
            said.starts_with("scenario.toml:4:1: error: `vineyard` is no longer a `[scoring]` value"),
            "{said}"
        );
        assert!(said.contains("move this line into a `[values]` table"), "{said}");
        assert!(run_text(&with("[values]\nvineyard = 1"), bundled::catalog()).is_err());
    }

    #[test]
    fn unknown_names_are_located_with_the_closest_known_one() {
        let said = refused("description = \"d\"\ntilesets = [\"bse\"]\n[expect]\n");
        assert!(
            said.starts_with("scenario.toml:2:13: error: there is no tile set or expansion `bse` (help: did you mean `base`? the tile sets and expansions known are: `base`,"),
            "{said}"
        );
        assert!(said.ends_with("with `--data PATH`)"), "{said}");
        let said = refused("description = \"d\"\nrules = \"new-editon\"\n[expect]\n");
        assert!(
            said.starts_with(
                "scenario.toml:2:9: error: there is no rule set `new-editon` (help: did you mean `new-edition`?"
            ),
            "{said}"
        );
        let layout = |figure: &str| {
            format!(
                "description = \"d\"\n[[layout]]\ntile = \"U\"\nat = [0, 0]\nfigures = [{{ {figure} }}]\n[expect]\n"
            )
        };
        assert_eq!(
            refused(&layout("feature = \"road\"")),
            "scenario.toml:5:24: error: tile `U` has no feature `road` (help: its features are: `f1` (field), `f2` (field), `r` (road))"
        );
        assert_eq!(
            refused(&layout("player = \"rde\", feature = \"r\"")),
            "scenario.toml:5:23: error: `rde` is not a colour (help: did you mean `red`? the seats are: `red`, `blue`)"
        );
        assert_eq!(
            refused(&layout("figure = \"folower\", feature = \"r\"")),
            "scenario.toml:5:23: error: no figure `folower` (help: did you mean `follower`? the figure types in play are: `follower`)"
        );
        let said = refused("description = \"d\"\n[[turns]]\ntile = \"Uu\"\nat = [1, 0]\n[expect]\n");
        assert!(
            said.starts_with("scenario.toml:3:8: error: no tile `Uu` in the tile sets (help: did you mean `U`?"),
            "{said}"
        );
    }

    #[test]
    fn a_tile_that_does_not_fit_names_the_edges_that_clash() {
        let turn = |rest: &str| {
            format!(
                "description = \"d\"\n[[layout]]\ntile = \"U\"\nat = [0, 0]\n[[turns]]\ntile = \"E\"\n{rest}[expect]\n"
            )
        };
        assert_eq!(
            refused(&turn("at = [1, 0]\nrotation = 1\n")),
            "scenario.toml:8:12: error: turn 1: `E` does not fit at (1, 0) turned 1: its west edge `field` meets the east edge `road` of `U` at (0, 0) (help: turn it (`rotation`, quarter turns clockwise) or place it elsewhere (`at`); add `illegal = true` if the scenario means it to be refused)"
        );
        // Turned 0, the fault is shown at `at`.
        let said = refused(&turn("at = [0, 1]\n"));
        assert!(
            said.starts_with("scenario.toml:7:6: error: turn 1: `E` does not fit at (0, 1) turned 0: its north edge `city` meets the south edge `field` of `U` at (0, 0)"),
            "{said}"
        );
        let said = refused(&turn("at = [0, 0]\n"));
        assert!(said.contains("(0, 0) turned 0: a tile is there already"), "{said}");
        let said = refused(&turn("at = [5, 5]\n"));
        assert!(said.contains("(5, 5) turned 0: no tile is next to it"), "{said}");
    }

    #[test]
    fn numbers_out_of_range_are_refused_where_they_stand() {
        let with = |lines: &str| format!("description = \"d\"\n{lines}\n[expect]\n");
        assert_eq!(
            refused(&with("players = 200")),
            "scenario.toml:2:11: error: a game has 2 to 6 players, not 200 (help: give 2 to 6 players)"
        );
        assert_eq!(
            refused(&with("first-player = \"grey\"")),
            "scenario.toml:2:16: error: `grey` is not a seat of this 2-player game (help: the seats are: `red`, `blue`; seat more with `players`)"
        );
        let laid = "[[layout]]\ntile = \"U\"\nat = [0, 0]\n";
        assert_eq!(
            refused(&with(&format!("{laid}rotation = 255"))),
            "scenario.toml:5:12: error: `rotation = 255` is not a number of quarter turns (help: give 0 to 3 quarter turns clockwise)"
        );
        let turn = "[[turns]]\ntile = \"U\"\nat = [1, 0]\n";
        assert_eq!(
            refused(&with(&format!("{laid}{turn}rotation = 4"))),
            "scenario.toml:8:12: error: `rotation = 4` is not a number of quarter turns (help: give 0 to 3 quarter turns clockwise)"
        );
        // A layout tile that does not fit names the edges that clash, as a turn's does.
        let said = refused(&with(&format!("{laid}[[layout]]\ntile = \"E\"\nat = [0, 1]")));
        assert!(
            said.starts_with("scenario.toml:7:6: error: layout tile `E` does not fit at (0, 1) turned 0: its north edge `city` meets the south edge `field` of `U` at (0, 0) (help: turn it"),
            "{said}"
        );
        assert!(!said.contains("illegal"), "{said}");
        // What a turn gets wrong with no place of its own is shown at the turn.
        let said = refused(&with(&format!(
            "{laid}[[turns]]\ntile = \"U\"\nat = [1, 0]\nheld = true"
        )));
        assert!(said.starts_with("scenario.toml:5:1: error: turn 1: "), "{said}");
    }

    #[test]
    fn what_a_scenario_error_quotes_is_short() {
        let long = "k".repeat(5_000);
        for text in [
            format!("description = \"d\"\n{long} = 1\n[expect]\n"),
            format!("description = \"d\"\nplayers = \"{long}\"\n[expect]\n"),
            format!("description = \"d\"\n[[layout]]\ntile = \"{long}\"\nat = [0, 0]\n[expect]\n"),
            OFFERED.replacen(
                "wagon-offered = true",
                &format!("wagon-offered = true\nrefused = \"{long}\""),
                1,
            ),
        ] {
            let said = refused(&text);
            assert!(said.contains("kkk"), "{said}");
            assert!(!said.contains(&"k".repeat(81)), "{said}");
        }
    }

    #[test]
    fn a_flock_of_the_layout_scores_its_sheep() {
        fails_saying(FLOCK, "sheep = 5", "sheep = 4", "score of red: expected 5, got 4");
        fails_saying(FLOCK, "sheep = 5", "sheep = 500", "no tokens that make that many sheep");
        fails_saying(FLOCK, "figure = \"shepherd\", ", "", "not a shepherd");
    }
}
