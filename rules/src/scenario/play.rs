//! Playing a scenario's table and turns on a game definition.

use std::sync::Arc;

use super::problems::{Placing, check_rotation, declared, misfit, one_of};
use super::{FigureAt, Outcome, PlayError, Scenario, Turn, WagonChoice, seat};
use crate::game::{Action, ActionError, COLOURS, Event, FeatureAt, FigureIndex, Game, GameDef, Phase, Seat, colour};
use crate::limits::MAX_PLAYERS;
use crate::model::{ScoringValues, SwitchValues, layer_marks, layer_tokens, layer_values};
use crate::quote::{quote, quoted_list};
use crate::suggest::did_you_mean;

/// Plays a scenario on the game definition its tile sets and rule set make (the scenario's
/// overrides are layered on its rules here); `Err` says where in the scenario and what went
/// wrong, its quotes clipped ([`PlayError::clipped`]).
pub fn play(scenario: &Scenario, def: GameDef) -> Result<Outcome, PlayError> {
    play_turns(scenario, def).map_err(PlayError::clipped)
}

/// [`play`], with messages not yet clipped.
fn play_turns(scenario: &Scenario, def: GameDef) -> Result<Outcome, PlayError> {
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
                format!("{}its features are: {}", did_you_mean(id, &known), features.join(", ")),
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
