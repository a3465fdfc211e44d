//! One turn of a scenario played: the tile drawn (or held, or discarded), where it goes, what
//! is deployed, and the answers to the decisions the game asks after it.

use super::names::Names;
use super::problems::{Placing, check_rotation, misfit};
use super::{Decision, FigureAt, PlayError, Turn};
use crate::game::{Action, ActionError, Event, Game, Phase, Step, Takes, Words, colour};
use crate::quote::quote;
use crate::suggest::did_you_mean;

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

/// Plays turn `i` of the scenario: its move, then the decisions the game asks after it.
pub(super) fn play_turn(
    game: &mut Game,
    names: &Names<'_>,
    i: usize,
    turn: &Turn,
    record: &mut Record,
) -> Result<(), PlayError> {
    if play_move(game, names, i, turn, record)? {
        return answer_decisions(game, names, i, turn, record);
    }
    // The tile was discarded, or its placement refused: the turn is not over.
    let key = if turn.decisions.is_empty() {
        turn.asked.map(|_| "asked")
    } else {
        Some("decisions")
    };
    match key {
        None => Ok(()),
        Some(key) => Err(PlayError::at(
            format!("/turns/{i}/{key}"),
            format!(
                "turn {}: a tile discarded or refused ends no turn, so no decision follows it",
                i + 1
            ),
            "give `decisions` and `asked` with the turn entry that places the tile",
        )),
    }
}

/// Plays the move of turn `i`: the tile drawn (or held, or discarded) and placed, and what is
/// deployed. Returns whether the turn is over (decisions may follow), not when its tile was
/// discarded or its placement refused as expected.
fn play_move(
    game: &mut Game,
    names: &Names<'_>,
    i: usize,
    turn: &Turn,
    record: &mut Record,
) -> Result<bool, PlayError> {
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
        return Ok(false);
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
            Ok(()) => return Ok(true),
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
                return Ok(false);
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
    let action = if let Some(answer) = &turn.instead {
        if turn.deploy.is_some() {
            return Err(PlayError::at(
                format!("/turns/{i}/instead"),
                format!("turn {n}: a turn deploys a figure or takes an action instead, not both"),
                "remove `deploy` or `instead`",
            ));
        }
        let legal = game.legal_actions();
        let at = Answering {
            names,
            legal: &legal,
            pointer: format!("/turns/{i}/instead"),
            about: format!("turn {n}: instead of deploying"),
        };
        at.action(game, answer)?
    } else {
        deployment(names, i, turn, tile)?
    };
    apply_or_refused(game, action, turn, &mut record.refusals, &mut record.events)
        .map_err(|e| format!("turn {n}: {}", names.action_error(on_tile, &e)))?;
    Ok(true)
}

/// The deployment turn `i` gives, onto `tile` just placed (a pass when it gives none).
fn deployment(names: &Names<'_>, i: usize, turn: &Turn, tile: u16) -> Result<Action, PlayError> {
    let n = i + 1;
    Ok(match &turn.deploy {
        None => Action::Pass,
        Some(FigureAt { carries: Some(_), .. }) => {
            return Err(PlayError::at(
                format!("/turns/{i}/deploy/carries"),
                format!("turn {n}: a figure deployed in play carries only what the game gives it"),
                "leave out `carries` (it is for the layout's figures); tokens drawn from the bag \
                 are given in the top-level `sheep = [...]`",
            ));
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
    })
}

/// Answers the decisions the game asks after turn `i` (each a mechanism's [`Phase::Decide`])
/// with the turn's `decisions`, in order; a decision with no answer left passes. Then checks
/// that no answer was left over and, with `asked`, how many decisions were asked.
fn answer_decisions(
    game: &mut Game,
    names: &Names<'_>,
    i: usize,
    turn: &Turn,
    record: &mut Record,
) -> Result<(), PlayError> {
    let n = i + 1;
    let mut asked = 0;
    while let phase @ Phase::Decide { player, .. } = game.phase() {
        let about = format!(
            "decision {} ({}'s, of the {})",
            asked + 1,
            colour(player),
            phase.mechanism().unwrap_or("game")
        );
        let legal = game.legal_actions();
        let action = match turn.decisions.get(asked) {
            Some(answer) => {
                let at = Answering {
                    names,
                    legal: &legal,
                    pointer: format!("/turns/{i}/decisions/{asked}"),
                    about: format!("turn {n}: {about}"),
                };
                at.action(game, answer)?
            }
            None if legal.contains(&Action::Pass) => Action::Pass,
            None => {
                let pointer = if turn.decisions.is_empty() {
                    format!("/turns/{i}")
                } else {
                    format!("/turns/{i}/decisions")
                };
                return Err(PlayError::at(
                    pointer,
                    format!("turn {n}: {about} has no answer in `decisions`, and passing is not allowed"),
                    format!("answer it with one of: {}", choices(&legal)),
                ));
            }
        };
        asked += 1;
        apply_or_refused(game, action, turn, &mut record.refusals, &mut record.events)
            .map_err(|e| format!("turn {n}: {about}: {}", names.action_error(None, &e)))?;
    }
    // An answer written down must have been asked for: `decisions = [{}]` checks that the
    // decision was asked and passed.
    if turn.decisions.len() > asked {
        return Err(PlayError::at(
            format!("/turns/{i}/decisions/{asked}"),
            format!(
                "turn {n}: {} decisions are answered, but the game asked {}",
                turn.decisions.len(),
                decisions(asked)
            ),
            "remove the answers the game does not ask for (a decision asked after a later turn \
             is that turn's)",
        ));
    }
    if let Some(expected) = turn.asked
        && usize::try_from(expected).ok() != Some(asked)
    {
        return Err(PlayError::at(
            format!("/turns/{i}/asked"),
            format!(
                "turn {n}: expected `asked = {expected}`, but the game asked {}",
                decisions(asked)
            ),
            "`asked` counts the decisions the game asks after this turn, answered or passed",
        ));
    }
    Ok(())
}

/// `count` decisions, in words.
fn decisions(count: usize) -> String {
    match count {
        1 => "1 decision".to_owned(),
        _ => format!("{count} decisions"),
    }
}

/// How an answer taking `words` is written.
fn written(words: Words) -> String {
    let name = words.name;
    match words.takes {
        Takes::Nothing => format!("`{{ action = \"{name}\" }}`"),
        Takes::Feature => format!("`{{ action = \"{name}\", at = [x, y], feature = \"...\" }}`"),
        Takes::FigureOnCorner => format!("`{{ action = \"{name}\", figure = \"...\", corner = 0 }}`"),
        Takes::Tile => format!("`{{ action = \"{name}\", at = [x, y] }}`"),
        Takes::FigureOnFeature => {
            format!("`{{ action = \"{name}\", figure = \"...\", at = [x, y], feature = \"...\" }}`")
        }
    }
}

/// The answers a decision whose legal actions are `legal` allows, as they are written: its
/// actions, then a pass if it allows one.
fn choices(legal: &[Action]) -> String {
    let mut shown: Vec<String> = Vec::new();
    for action in legal {
        if let Action::Mechanism(step) = action {
            let choice = written(step.words());
            if !shown.contains(&choice) {
                shown.push(choice);
            }
        }
    }
    if legal.contains(&Action::Pass) {
        shown.push("`{}` (pass)".to_owned());
    }
    shown.join(", ")
}

/// A decision being answered: its legal actions, the JSON Pointer of its answer, and the words
/// its errors start with.
struct Answering<'a> {
    names: &'a Names<'a>,
    legal: &'a [Action],
    pointer: String,
    about: String,
}

impl Answering<'_> {
    /// A problem with the answer's `field` (or the whole answer: `""`).
    fn refuse(&self, field: &str, why: String, help: String) -> PlayError {
        let pointer = if field.is_empty() {
            self.pointer.clone()
        } else {
            format!("{}/{field}", self.pointer)
        };
        PlayError::at(pointer, format!("{}: {why}", self.about), help)
    }

    /// The local index of feature `feature` of the tile at (`x`, `y`) on the table.
    fn feature_on_table(&self, game: &Game, x: i16, y: i16, feature: &str) -> Result<u8, PlayError> {
        let placed = game.board().at(i32::from(x), i32::from(y)).ok_or_else(|| {
            self.refuse(
                "at",
                format!("no tile at ({x}, {y})"),
                "give the position of a tile on the table".into(),
            )
        })?;
        let tile = game.board().placed[placed].tile;
        self.names.feature(tile, feature, format!("{}/feature", self.pointer))
    }

    /// The action `answer` makes: the declared action it names (or, unnamed, the one the
    /// decision offers that takes what it gives), with what it takes; or, all left out, a pass.
    fn action(&self, game: &Game, answer: &Decision) -> Result<Action, PlayError> {
        let offered: Vec<Step> = self
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Mechanism(step) => Some(*step),
                _ => None,
            })
            .collect();
        let help = || format!("answer it with one of: {}", choices(self.legal));
        let gives_feature = answer.at.is_some() || answer.feature.is_some();
        let gives_corner = answer.figure.is_some() || answer.corner.is_some();
        let step = match &answer.action {
            Some(name) if offered.iter().any(|s| s.words().name == name.as_str()) => {
                Step::named(name).ok_or_else(|| self.refuse("action", "no such action".into(), help()))?
            }
            Some(name) => {
                let known: Vec<String> = offered.iter().map(|s| s.words().name.to_owned()).collect();
                return Err(self.refuse(
                    "action",
                    format!("no action {} is allowed here", quote(name)),
                    format!("{}{}", did_you_mean(name, &known), help()),
                ));
            }
            None if gives_feature || gives_corner => {
                let takes_tile = answer.feature.is_none() && offered.iter().any(|s| s.words().takes == Takes::Tile);
                let takes = match (gives_feature, takes_tile) {
                    _ if answer.figure.is_some() && answer.at.is_some() => Takes::FigureOnFeature,
                    (true, true) => Takes::Tile,
                    (true, false) => Takes::Feature,
                    (false, _) => Takes::FigureOnCorner,
                };
                let mut kinds: Vec<u8> = offered
                    .iter()
                    .filter(|s| s.words().takes == takes)
                    .map(|s| s.kind)
                    .collect();
                kinds.sort_unstable();
                kinds.dedup();
                match kinds[..] {
                    [kind] => Step::of_kind(kind),
                    _ => {
                        let why = if kinds.is_empty() {
                            "no action allowed here takes what it gives"
                        } else {
                            "more than one action allowed here takes what it gives"
                        };
                        return Err(self.refuse("", why.into(), format!("name it with `action`: {}", help())));
                    }
                }
            }
            None => {
                if !self.legal.contains(&Action::Pass) {
                    return Err(self.refuse("", "passing is not allowed".into(), help()));
                }
                return Ok(Action::Pass);
            }
        };
        let words = step.words();
        let (allowed, required): (&[&str], &[&str]) = match words.takes {
            Takes::Nothing => (&[], &[]),
            Takes::Feature => (&["at", "feature"], &["at", "feature"]),
            Takes::FigureOnCorner => (&["figure", "corner"], &["corner"]),
            Takes::Tile => (&["at"], &["at"]),
            Takes::FigureOnFeature => (&["figure", "at", "feature"], &["figure", "at", "feature"]),
        };
        let given = [
            ("at", answer.at.is_some()),
            ("feature", answer.feature.is_some()),
            ("figure", answer.figure.is_some()),
            ("corner", answer.corner.is_some()),
        ];
        let wrong = given.iter().find(|(field, is)| *is && !allowed.contains(field));
        let missing = given.iter().find(|(field, is)| !*is && required.contains(field));
        if let Some((field, _)) = wrong.or(missing) {
            let why = if wrong.is_some() {
                format!("{} takes no `{field}`", quote(words.name))
            } else {
                format!("{} needs `{field}`", quote(words.name))
            };
            return Err(self.refuse(
                if wrong.is_some() { field } else { "" },
                why,
                format!("write it as {}", written(words)),
            ));
        }
        Ok(Action::Mechanism(
            match (words.takes, answer.at, &answer.feature, answer.corner) {
                (Takes::Feature, Some([x, y]), Some(feature), _) => {
                    step.at(x, y).on(self.feature_on_table(game, x, y, feature)?)
                }
                (Takes::Tile, Some([x, y]), _, _) => step.at(x, y),
                (Takes::FigureOnFeature, Some([x, y]), Some(feature), _) => {
                    let feature = self.feature_on_table(game, x, y, feature)?;
                    let figure = self.names.figure(&answer.figure, format!("{}/figure", self.pointer))?;
                    step.with_figure(figure).at(x, y).on(feature)
                }
                (Takes::FigureOnCorner, _, _, Some(corner)) => {
                    let figure = self.names.figure(&answer.figure, format!("{}/figure", self.pointer))?;
                    step.with_figure(figure).on(corner)
                }
                _ => step,
            },
        ))
    }
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
