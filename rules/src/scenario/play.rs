//! Playing a scenario on a game definition: its overrides layered on the rules, the table laid
//! out, the turns played, and the outcome.

use std::sync::Arc;

use super::names::Names;
use super::overrides::layered;
use super::problems::{Placing, check_rotation, misfit};
use super::turn::{Record, play_turn};
use super::{Outcome, PlayError, Scenario};
use crate::game::{ActionError, FeatureAt, FigureIndex, Game, GameDef, Seat};
use crate::limits::MAX_PLAYERS;
use crate::quote::{quote, quoted_list};

/// Plays a scenario on the game definition its tile sets and rule set make (the scenario's
/// overrides are layered on its rules here); `Err` says where in the scenario and what went
/// wrong, its quotes clipped ([`PlayError::clipped`]).
pub fn play(scenario: &Scenario, def: GameDef) -> Result<Outcome, PlayError> {
    play_unclipped(scenario, def).map_err(PlayError::clipped)
}

/// [`play`], with messages not yet clipped.
fn play_unclipped(scenario: &Scenario, def: GameDef) -> Result<Outcome, PlayError> {
    let def = Arc::new(layered(scenario, def)?);
    let players = u8::try_from(scenario.players)
        .ok()
        .filter(|&p| (2..=MAX_PLAYERS).contains(&usize::from(p)))
        .ok_or_else(|| {
            PlayError::at(
                "/players",
                format!("a game has 2 to {MAX_PLAYERS} players, not {}", scenario.players),
                format!("give 2 to {MAX_PLAYERS} players"),
            )
        })?;
    let mut game = Game::empty(Arc::clone(&def), players).map_err(|e| e.to_string())?;
    let names = Names::new(&def, players);
    lay_out(&mut game, scenario, &names)?;
    let mut pile = Vec::new();
    for (i, turn) in scenario.turns.iter().enumerate() {
        if !turn.held && !turn.illegal {
            pile.push(names.tile(&turn.tile, format!("/turns/{i}/tile"))?);
        }
        if let Some(buried) = &turn.buries {
            pile.push(names.tile(buried, format!("/turns/{i}/buries"))?);
        }
    }

    let mut record = Record::default();
    game.force_draws(scenario.sheep.clone());
    game.start(
        pile,
        Seat(names.seat(&scenario.first_player, "/first-player".into())?),
        scenario.final_scoring,
        &mut record.events,
    )
    .map_err(|e| e.to_string())?;
    for (i, turn) in scenario.turns.iter().enumerate() {
        // A problem with no place of its own is shown at the turn it arose in.
        play_turn(&mut game, &names, i, turn, &mut record).map_err(|e| {
            if e.pointer.is_empty() {
                PlayError {
                    pointer: format!("/turns/{i}"),
                    ..e
                }
            } else {
                e
            }
        })?;
    }
    if scenario.final_scoring && !game.is_over() {
        return Err(String::from("the pile should be empty after the last turn").into());
    }
    for (n, turn) in scenario.turns.iter().enumerate() {
        if let Some(expected) = &turn.refused
            && !record.refusals.iter().any(|r| r.contains(expected.as_str()))
        {
            return Err(format!(
                "turn {}: expected a refusal saying {}, got {}",
                n + 1,
                quote(expected),
                if record.refusals.is_empty() {
                    "none".to_owned()
                } else {
                    quoted_list(record.refusals.iter().map(String::as_str), 8)
                }
            )
            .into());
        }
    }
    Ok(Outcome {
        scores: game.scores(),
        events: record.events.iter().map(|e| def.describe(e)).collect(),
        figures: def.figures().iter().map(|f| f.id.clone()).collect(),
        supply: game
            .players()
            .iter()
            .map(|p| p.supply[..def.figures().len()].to_vec())
            .collect(),
    })
}

/// Lays out the scenario's table: its tiles, and the figures standing on them.
fn lay_out(game: &mut Game, scenario: &Scenario, names: &Names<'_>) -> Result<(), PlayError> {
    for (l, laid) in scenario.layout.iter().enumerate() {
        let tile = names.tile(&laid.tile, format!("/layout/{l}/tile"))?;
        let [x, y] = laid.at;
        check_rotation(laid.rotation, &format!("/layout/{l}"))?;
        game.lay(tile, x, y, laid.rotation).map_err(|e| match e {
            ActionError::IllegalPlacement { .. } => misfit(
                game,
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
            let player = Seat(names.seat(figure.player.as_deref().unwrap_or("red"), format!("{at_figure}/player"))?);
            let feature = names.feature(tile, &figure.feature, format!("{at_figure}/feature"))?;
            let kind = FigureIndex(names.figure(&figure.figure, format!("{at_figure}/figure"))?);
            let at = FeatureAt { x, y, feature };
            match figure.carries {
                Some(amount) => game.put_figure_carrying(player, kind, at, amount),
                None => game.put_figure(player, kind, at),
            }
            .map_err(|e| {
                PlayError::at(
                    at_figure,
                    format!("layout: {}", names.action_error(Some(tile), &e)),
                    "stand it on a feature the figure type may take",
                )
            })?;
        }
    }
    Ok(())
}
