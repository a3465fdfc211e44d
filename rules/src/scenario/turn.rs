//! One turn of a scenario played: the tile drawn (or held, or discarded), where it goes, what
//! is deployed, and the wagon and shepherd choices that follow.

use super::names::Names;
use super::problems::{Placing, check_rotation, misfit};
use super::{FigureAt, PlayError, Turn, WagonChoice};
use crate::game::{Action, ActionError, Event, Game, Phase, Step, Takes, colour};
use crate::quote::quote;

/// What the turns played so far leave behind.
#[derive(Default)]
pub(super) struct Record {
    /// Every event.
    pub(super) events: Vec<Event>,
    /// How many events were looked through for the discards of `discarded` turns.
    pub(super) discards_from: usize,
    /// The refusals the turns expected and met.
    pub(super) refusals: Vec<String>,
}

/// Plays turn `i` of the scenario.
pub(super) fn play_turn(
    game: &mut Game,
    names: &Names<'_>,
    i: usize,
    turn: &Turn,
    record: &mut Record,
) -> Result<(), PlayError> {
    let n = i + 1;
    if let Some(player) = &turn.player
        && names.seat(player, format!("/turns/{i}/player"))? != game.current_player()
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
    let tile = names.tile(&turn.tile, format!("/turns/{i}/tile"))?;
    if turn.discarded {
        if turn.at.is_some() || turn.held || turn.illegal {
            return Err(
                format!("turn {n}: a discarded tile is only drawn: leave out `at`, `held` and `illegal`").into(),
            );
        }
        // The draw that discards it happened when the turn began, or happens now if the
        // player could have placed an abbey instead.
        if let Phase::Choose { may_draw: true, .. } = game.phase() {
            game.apply(Action::Draw, &mut record.events)
                .map_err(|e| format!("turn {n}: {e}"))?;
        }
        let found = record.events[record.discards_from..]
            .iter()
            .position(|e| matches!(e, Event::TileDiscarded { tile: t } if *t == tile));
        match found {
            Some(i) => record.discards_from += i + 1,
            None => {
                return Err(format!(
                    "turn {n}: {} should have been drawn and discarded as fitting nowhere, but it was not",
                    quote(&turn.tile)
                )
                .into());
            }
        }
        return Ok(());
    }
    let [x, y] = turn
        .at
        .ok_or_else(|| format!("turn {n}: say where {} goes with `at = [x, y]`", quote(&turn.tile)))?;
    let rotation = turn.rotation;
    check_rotation(rotation, &format!("/turns/{i}"))?;
    if turn.decline {
        // The player declines to place the held tile; if that is refused (placing is
        // forced), they place it after all.
        match game.apply(Action::Pass, &mut record.events) {
            Ok(()) => return Ok(()),
            Err(e)
                if turn
                    .refused
                    .as_deref()
                    .is_some_and(|words| e.to_string().contains(words)) =>
            {
                record.refusals.push(e.to_string());
            }
            Err(e) => return Err(format!("turn {n}: {e}").into()),
        }
    }
    let place = if turn.held {
        Action::PlaceHeld { tile, x, y, rotation }
    } else {
        if let Phase::Choose { may_draw: true, .. } = game.phase() {
            game.apply(Action::Draw, &mut record.events)
                .map_err(|e| format!("turn {n}: {e}"))?;
        }
        Action::Place { x, y, rotation }
    };
    let placed = game.apply(place, &mut record.events);
    if turn.illegal {
        match placed {
            Err(e @ ActionError::IllegalPlacement { .. }) => {
                record.refusals.push(e.to_string());
                return Ok(());
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
                game,
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
    // The tile a refused deployment's feature is on, to name it.
    let on_tile = turn.deploy.as_ref().filter(|d| d.corner.is_none()).map(|_| tile);
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
        }) => {
            let figure = names.figure(figure, format!("/turns/{i}/deploy/figure"))?;
            let on_corner = Step::taking(Takes::FigureOnCorner)
                .ok_or_else(|| format!("turn {n}: no figure in play stands on a corner"))?;
            Action::Mechanism(on_corner.with_figure(figure).on(*corner))
        }
        Some(d) => Action::Deploy {
            figure: names.figure(&d.figure, format!("/turns/{i}/deploy/figure"))?,
            feature: names.feature(tile, &d.feature, format!("/turns/{i}/deploy/feature"))?,
        },
    };
    apply_or_refused(game, action, turn, &mut record.refusals, &mut record.events)
        .map_err(|e| format!("turn {n}: {}", names.action_error(on_tile, &e)))?;
    let mut choices = turn.wagons.iter();
    let mut shepherd = turn.shepherd.iter();
    let mut wagon_offered = false;
    loop {
        if !matches!(game.phase(), Phase::Decide { .. }) {
            break;
        }
        // A decision made by name (`grow`, `guide`) is the next of the turn's `shepherd`; a
        // decision of where a figure goes (or none: pass), the next of its `wagons`.
        let legal = game.legal_actions();
        let by_name: Vec<&str> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Mechanism(step) if step.words().takes == Takes::Nothing => Some(step.words().name),
                _ => None,
            })
            .collect();
        if !by_name.is_empty() {
            let word = shepherd.next();
            let Some(step) = word
                .filter(|w| by_name.contains(&w.as_str()))
                .and_then(|w| Step::named(w))
            else {
                let options: Vec<String> = by_name.iter().map(|w| format!("[\"{w}\"]")).collect();
                return Err(format!(
                    "turn {n}: the shepherd's owner must choose: `shepherd = {}`, not {}",
                    options.join("` or `"),
                    word.map_or_else(|| "nothing".to_owned(), |w| quote(w))
                )
                .into());
            };
            game.apply(Action::Mechanism(step), &mut record.events)
                .map_err(|e| format!("turn {n}: shepherd: {e}"))?;
            continue;
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
                let feature = names.feature(tile, feature, format!("/turns/{i}/wagons/{}/feature", w - 1))?;
                let to_feature = legal
                    .iter()
                    .find_map(|a| match a {
                        Action::Mechanism(step) if step.words().takes == Takes::Feature => Some(*step),
                        _ => None,
                    })
                    .or_else(|| Step::taking(Takes::Feature))
                    .ok_or_else(|| format!("turn {n}: no figure in play moves onto a feature"))?;
                Action::Mechanism(to_feature.at(*x, *y).on(feature))
            }
            _ => Action::Pass,
        };
        apply_or_refused(game, action, turn, &mut record.refusals, &mut record.events)
            .map_err(|e| format!("turn {n}: wagon: {}", names.action_error(None, &e)))?;
    }
    // A choice written down must have been asked for: `wagons = [{}]` checks that the
    // owner could move the wagon and took it back.
    if choices.next().is_some() || shepherd.next().is_some() {
        return Err(format!("turn {n}: more wagon or shepherd choices are given than the game asked for").into());
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
    Ok(())
}

/// Applies a turn's choice; if the turn expects a refusal and the engine refuses, notes it and
/// passes instead.
fn apply_or_refused(
    game: &mut Game,
    action: Action,
    turn: &Turn,
    refusals: &mut Vec<String>,
    events: &mut Vec<Event>,
) -> Result<(), ActionError> {
    match game.apply(action, events) {
        Ok(()) => Ok(()),
        Err(e)
            if turn
                .refused
                .as_deref()
                .is_some_and(|words| e.to_string().contains(words)) =>
        {
            refusals.push(e.to_string());
            game.apply(Action::Pass, events)
        }
        Err(e) => Err(e),
    }
}
