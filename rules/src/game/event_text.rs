//! English text about game events, all of it: [`Event`]'s `Display` (numbers only), the
//! sentences of [`GameDef::describe`] (tiles, features and figures by their ids, for logs, the
//! command line and scenarios) and [`event_text`] (in the words of the table, for a player: a
//! tile by its name, a turn in degrees, a feature by its kind).

use std::fmt;

use super::{Event, FeatureScore, GameDef, Reason, colour};
use crate::model::FeatureKind;

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::TileDiscarded { tile } => write!(f, "tile #{tile} fits nowhere and is discarded"),
            Event::TileUnderHill { tile } => write!(f, "tile #{tile} goes under the hill"),
            Event::TilePlaced {
                player,
                tile,
                x,
                y,
                rotation,
            } => {
                write!(
                    f,
                    "{} places tile #{tile} at ({x}, {y}) turned {rotation}",
                    colour(player).to_uppercase()
                )
            }
            Event::FigureDeployed {
                player,
                figure,
                x,
                y,
                feature,
                ..
            } => {
                write!(
                    f,
                    "{} deploys figure #{figure} on feature {feature} at ({x}, {y})",
                    colour(player).to_uppercase()
                )
            }
            Event::FeatureCompleted { kind, tiles, .. } => {
                write!(f, "a {} of {tiles} is completed", kind.as_str())
            }
            Event::Scored {
                players,
                points,
                reason,
                ..
            } => {
                let names: Vec<String> = players.iter().map(|p| colour(p).to_uppercase()).collect();
                let verb = if names.len() == 1 { "scores" } else { "score" };
                let unit = if points == 1 { "point" } else { "points" };
                write!(f, "{} {verb} {points} {unit}: {reason}", names.join(" and "))
            }
            Event::FigureReturned { player, x, y, .. } => {
                write!(f, "{}'s figure at ({x}, {y}) returns", colour(player).to_uppercase())
            }
            Event::SheepDrawn { player, sheep: 0 } => write!(f, "{} draws a wolf", colour(player).to_uppercase()),
            Event::SheepDrawn { player, sheep } => {
                write!(f, "{} draws {sheep} sheep", colour(player).to_uppercase())
            }
            Event::WagonMoved {
                player, x, y, feature, ..
            } => {
                write!(
                    f,
                    "{}'s wagon moves to feature {feature} at ({x}, {y})",
                    colour(player).to_uppercase()
                )
            }
            Event::BarnPlaced {
                player, x, y, corner, ..
            } => {
                write!(
                    f,
                    "{} places a barn at corner {corner} of ({x}, {y})",
                    colour(player).to_uppercase()
                )
            }
            Event::ExtraTurn { player } => write!(f, "{} takes another turn", colour(player).to_uppercase()),
            Event::TokensTaken {
                player, token, count, ..
            } => write!(f, "{} takes {count} tokens #{token}", colour(player).to_uppercase()),
            Event::GameOver => f.write_str("the game is over"),
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        match *self {
            Reason::Feature(score) => {
                let state = if score.complete { "completed" } else { "incomplete" };
                let tiles = u32::from(score.tiles);
                match score.kind {
                    FeatureKind::City => {
                        write!(f, "{state} city: {}", plural(tiles, "segment", "segments"))?;
                        if score.pennants > 0 {
                            write!(f, " + {}", plural(u32::from(score.pennants), "pennant", "pennants"))?;
                        }
                        Ok(())
                    }
                    FeatureKind::Road => write!(f, "{state} road: {}", plural(tiles, "tile", "tiles")),
                    kind => {
                        write!(f, "{state} {}: {}", kind.as_str(), plural(tiles, "tile", "tiles"))?;
                        if score.vineyards > 0 {
                            write!(f, " + {}", plural(u32::from(score.vineyards), "vineyard", "vineyards"))?;
                        }
                        Ok(())
                    }
                }
            }
            Reason::Flocks { sheep } => write!(f, "flocks guided home: {}", plural(u32::from(sheep), "sheep", "sheep")),
            Reason::FieldBonus { figure, cities, .. } => write!(
                f,
                "field bonus of figure #{figure}: {}",
                plural(cities, "completed city", "completed cities")
            ),
            // Without the game's definition, a kind is shown by its index.
            Reason::MostTokens { token, count } => write!(f, "most tokens #{token} ({count})"),
            // Farmers and barns are both paid for the cities a field supplies.
            Reason::Farm { cities } | Reason::BarnMeeting { cities } | Reason::Barn { cities } => {
                write!(f, "field: {}", plural(cities, "completed city", "completed cities"))
            }
        }
    }
}

impl GameDef {
    /// An event as a sentence that names tiles, features and figures by their ids.
    pub fn describe(&self, event: &Event) -> String {
        let tile_id = |t: u16| self.tables().tiles.get(t as usize).map_or("?", |t| t.id.as_str());
        let feature_id = |t: u16, f: u8| {
            self.tables()
                .tiles
                .get(t as usize)
                .and_then(|t| t.features.get(f as usize))
                .map_or("?", |f| f.id.as_str())
        };
        match *event {
            Event::TileDiscarded { tile } => format!("tile {} fits nowhere and is discarded", tile_id(tile)),
            Event::TileUnderHill { tile } => format!("{} goes under the hill", tile_id(tile)),
            Event::WagonMoved {
                player,
                tile,
                x,
                y,
                feature,
            } => {
                let feature_id = feature_id(tile, feature);
                format!(
                    "{}'s wagon moves to {feature_id} of {} at ({x}, {y})",
                    colour(player).to_uppercase(),
                    tile_id(tile)
                )
            }
            Event::TilePlaced {
                player,
                tile,
                x,
                y,
                rotation,
            } => {
                format!(
                    "{} places {} at ({x}, {y}) turned {rotation}",
                    colour(player).to_uppercase(),
                    tile_id(tile)
                )
            }
            Event::FigureDeployed {
                player,
                figure,
                tile,
                x,
                y,
                feature,
            } => {
                let feature_id = feature_id(tile, feature);
                let figure_id = self.figures().get(figure as usize).map_or("?", |f| f.id.as_str());
                format!(
                    "{} deploys a {figure_id} on {feature_id} of {} at ({x}, {y})",
                    colour(player).to_uppercase(),
                    tile_id(tile)
                )
            }
            Event::FigureReturned { player, figure, x, y } => {
                let figure_id = self.figures().get(figure as usize).map_or("?", |f| f.id.as_str());
                format!("{}'s {figure_id} at ({x}, {y}) returns", colour(player).to_uppercase())
            }
            Event::Scored {
                reason: super::Reason::FieldBonus { figure, .. },
                ..
            } => {
                let figure_id = self.figures().get(figure as usize).map_or("?", |f| f.id.as_str());
                let numbered = format!("figure #{figure}");
                event.to_string().replacen(&numbered, &format!("the {figure_id}"), 1)
            }
            Event::TokensTaken {
                player, token, count, ..
            } => format!(
                "{} takes {count} {}",
                colour(player).to_uppercase(),
                self.token_id(token)
            ),
            Event::Scored {
                players,
                points,
                reason: Reason::MostTokens { token, count },
                ..
            } => {
                let names: Vec<String> = players.iter().map(|p| colour(p).to_uppercase()).collect();
                let verb = if names.len() == 1 { "scores" } else { "score" };
                let unit = if points == 1 { "point" } else { "points" };
                format!(
                    "{} {verb} {points} {unit}: most {} ({count})",
                    names.join(" and "),
                    self.token_id(token)
                )
            }
            other => other.to_string(),
        }
    }

    /// The id of printed token kind `token` (`?` for none).
    fn token_id(&self, token: u8) -> &str {
        self.printed_tokens()
            .get(usize::from(token))
            .map_or("?", |t| t.id.as_str())
    }
}

/// `event` as a player reads it.
pub fn event_text(def: &GameDef, event: &Event) -> String {
    let who = |p: u8| capitalised(colour(p));
    let tile = |t: u16| {
        let id = def.tables().tiles.get(usize::from(t)).map_or("?", |t| t.id.as_str());
        match def.tile_name(t).filter(|n| !n.is_empty()) {
            Some(name) => name.to_owned(),
            None => format!("tile {id}"),
        }
    };
    let feature = |t: u16, f: u8| {
        def.tables()
            .tiles
            .get(usize::from(t))
            .and_then(|t| t.features.get(usize::from(f)))
            .map_or("a feature", |f| f.kind.as_str())
    };
    match *event {
        Event::TilePlaced {
            player,
            tile: t,
            x,
            y,
            rotation,
        } => {
            let turned = match rotation % 4 {
                0 => String::new(),
                r => format!(", turned {}°", u32::from(r) * 90),
            };
            format!("{} places {} at ({x}, {y}){turned}", who(player), tile(t))
        }
        Event::FigureDeployed {
            player,
            figure,
            tile: t,
            feature: f,
            ..
        } => {
            let figure = def
                .figures()
                .get(usize::from(figure))
                .map_or("figure", |f| f.id.as_str());
            format!(
                "{} deploys a {figure} on the {} of {}",
                who(player),
                feature(t, f),
                tile(t)
            )
        }
        Event::WagonMoved {
            player,
            tile: t,
            x,
            y,
            feature: f,
        } => format!(
            "{}'s wagon moves to the {} of {} at ({x}, {y})",
            who(player),
            feature(t, f),
            tile(t)
        ),
        Event::TileDiscarded { tile: t } => format!("{} fits nowhere and is discarded", capitalised(&tile(t))),
        Event::TileUnderHill { tile: t } => format!("{} goes under the hill", capitalised(&tile(t))),
        Event::FeatureCompleted { kind, tiles, .. } => {
            format!(
                "A {} of {} is completed",
                kind.as_str(),
                count(u32::from(tiles), "tile", "tiles")
            )
        }
        Event::Scored {
            players,
            points,
            reason: Reason::Feature(score),
            ..
        } => {
            let names: Vec<String> = players.iter().map(who).collect();
            let verb = if names.len() == 1 { "scores" } else { "score" };
            format!(
                "{} {verb} {} for {}",
                names.join(" and "),
                count(points, "point", "points"),
                feature_score(&score)
            )
        }
        _ => {
            // The engine's sentence, its colours as names.
            let text = def.describe(event);
            (0..8u8).fold(text, |text, p| text.replace(&colour(p).to_uppercase(), &who(p)))
        }
    }
}

/// What a feature scored for: `a completed city of 3 tiles and 1 pennant`.
fn feature_score(score: &FeatureScore) -> String {
    let state = if score.complete { "completed" } else { "unfinished" };
    let mut text = format!(
        "a {state} {} of {}",
        score.kind.as_str(),
        count(u32::from(score.tiles), "tile", "tiles")
    );
    for (n, one, many) in [
        (score.pennants, "pennant", "pennants"),
        (score.vineyards, "vineyard", "vineyards"),
    ] {
        if n > 0 {
            text.push_str(&format!(" and {}", count(u32::from(n), one, many)));
        }
    }
    text
}

fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Players;

    fn base() -> GameDef {
        GameDef::from_files(crate::testing::bundled(), &["base".to_owned()], "new-edition").unwrap()
    }

    /// `players` (a mask) score `points` for a completed city of `tiles` and `pennants`.
    fn city_scored(players: u8, points: u32, tiles: u16, pennants: u16) -> Event {
        Event::Scored {
            players: Players(players),
            points,
            reason: Reason::Feature(FeatureScore {
                kind: FeatureKind::City,
                complete: true,
                tiles,
                pennants,
                vineyards: 0,
                marks: 0,
            }),
            node: 0,
        }
    }

    #[test]
    fn events_read_in_the_words_of_the_table() {
        let def = base();
        let d = def.tile_index("D").unwrap();
        let name = def.tile_name(d).unwrap().to_owned();
        let placed = Event::TilePlaced {
            player: 0,
            tile: d,
            x: 1,
            y: 0,
            rotation: 2,
        };
        assert_eq!(
            event_text(&def, &placed),
            format!("Red places {name} at (1, 0), turned 180°")
        );
        let straight = Event::TilePlaced {
            player: 0,
            tile: d,
            x: 1,
            y: 0,
            rotation: 0,
        };
        assert!(!event_text(&def, &straight).contains("turned"));
        let city = def.tables().tiles[usize::from(d)]
            .features
            .iter()
            .position(|f| f.kind == crate::model::FeatureKind::City)
            .unwrap() as u8;
        let deployed = Event::FigureDeployed {
            player: 1,
            figure: 0,
            tile: d,
            x: 1,
            y: 0,
            feature: city,
        };
        let text = event_text(&def, &deployed);
        assert!(
            text.starts_with("Blue deploys a ") && text.ends_with(&format!(" on the city of {name}")),
            "{text}"
        );
        let scored = city_scored(1, 8, 3, 1);
        assert_eq!(
            event_text(&def, &scored),
            "Red scores 8 points for a completed city of 3 tiles and 1 pennant"
        );
    }

    #[test]
    fn scoring_events_read_as_sentences() {
        let event = city_scored(0b1, 8, 3, 1);
        assert_eq!(
            event.to_string(),
            "RED scores 8 points: completed city: 3 segments + 1 pennant"
        );
        let tie = city_scored(0b11, 10, 5, 0);
        assert_eq!(
            tie.to_string(),
            "RED and BLUE score 10 points: completed city: 5 segments"
        );
    }

    #[test]
    fn barns_and_farmers_read_alike_but_differ() {
        let (farm, barn) = (Reason::Farm { cities: 2 }, Reason::Barn { cities: 2 });
        assert_ne!(farm, barn);
        assert_eq!(farm.to_string(), "field: 2 completed cities");
        assert_eq!(barn.to_string(), farm.to_string());
        assert_eq!(Reason::Flocks { sheep: 1 }.to_string(), "flocks guided home: 1 sheep");
        let json = serde_json::to_string(&Reason::BarnMeeting { cities: 1 }).unwrap();
        assert_eq!(json, r#"{"for":"barn-meeting","cities":1}"#);
    }
}
