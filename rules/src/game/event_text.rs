//! English text about game events, all of it: [`Event`]'s `Display` (numbers only), the
//! sentences of [`GameDef::describe`] (tiles, features and figures by their ids, for logs, the
//! command line and scenarios) and [`event_text`] (in the words of the table, for a player: a
//! tile by its name, a turn in degrees, a feature by its kind).

use std::fmt;

use super::{Event, FeatureScore, GameDef, Happening, Mechanisms, Reason, colour};
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
            Event::Mechanism(happening) => f.write_str(&told(&happening, Voice::Numbers)),
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
                        if let Some(extra) = extra(&score) {
                            write!(f, " + {extra}")?;
                        }
                        Ok(())
                    }
                }
            }
            Reason::Mechanism(award) => {
                let words = award.words();
                f.write_str(&words.text.replace("{count}", &words.noun.count(award.count)))
            }
            Reason::FieldBonus { figure, cities, .. } => write!(
                f,
                "field bonus of figure #{figure}: {}",
                plural(cities, "completed city", "completed cities")
            ),
            // Without the game's definition, a kind is shown by its index.
            Reason::MostTokens { token, count } => write!(f, "most tokens #{token} ({count})"),
            Reason::Farm { cities } => {
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
            Event::Mechanism(happening) => told(&happening, Voice::Ids(self)),
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
                    "{} deploys {} on {feature_id} of {} at ({x}, {y})",
                    colour(player).to_uppercase(),
                    a(figure_id),
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
                "{} deploys {} on the {} of {}",
                who(player),
                a(figure),
                feature(t, f),
                tile(t)
            )
        }
        Event::Mechanism(happening) => told(&happening, Voice::Table(def)),
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
    if score.pennants > 0 {
        text.push_str(&format!(
            " and {}",
            count(u32::from(score.pennants), "pennant", "pennants")
        ));
    }
    if let Some(extra) = extra(score) {
        text.push_str(&format!(" and {extra}"));
    }
    text
}

/// What a mechanism counted in `score` (`2 vineyards`), if anything.
fn extra(score: &FeatureScore) -> Option<String> {
    let noun = Mechanisms::extra_noun(score.extra_of).filter(|_| score.extra > 0)?;
    Some(noun.count(u32::from(score.extra)))
}

/// Whose words fill a mechanism's sentence.
#[derive(Clone, Copy)]
enum Voice<'a> {
    /// [`Event`]'s `Display`: players in capitals, the rest by number.
    Numbers,
    /// [`GameDef::describe`]: tiles, features and figures by their ids.
    Ids(&'a GameDef),
    /// [`event_text`]: the words of the table.
    Table(&'a GameDef),
}

/// A mechanism's event as its declared sentence tells it, in `voice`
/// ([`EventWords::text`](super::EventWords::text)).
fn told(happening: &Happening, voice: Voice) -> String {
    let h = happening;
    let template = (h.words().text)(h);
    let def = match voice {
        Voice::Numbers => None,
        Voice::Ids(def) | Voice::Table(def) => Some(def),
    };
    let tile = def.and_then(|def| def.tables().tiles.get(usize::from(h.tile)));
    let tile_id = tile.map_or("?", |t| t.id.as_str());
    let feature = tile.and_then(|t| t.features.get(usize::from(h.spot)));
    let figure_id = def
        .and_then(|def| def.figures().get(usize::from(h.figure)))
        .map_or("?", |f| f.id.as_str());
    let (who, figure, tile, feature) = match voice {
        Voice::Numbers => (
            colour(h.player).to_uppercase(),
            format!("figure #{}", h.figure),
            format!("tile #{}", h.tile),
            format!("feature {}", h.spot),
        ),
        Voice::Ids(_) => (
            colour(h.player).to_uppercase(),
            figure_id.to_owned(),
            tile_id.to_owned(),
            format!("{} of {tile_id}", feature.map_or("?", |f| f.id.as_str())),
        ),
        Voice::Table(def) => {
            let name = match def.tile_name(h.tile).filter(|n| !n.is_empty()) {
                Some(name) => name.to_owned(),
                None => format!("tile {tile_id}"),
            };
            let kind = feature.map_or("feature", |f| f.kind.as_str());
            (
                capitalised(colour(h.player)),
                figure_id.to_owned(),
                name.clone(),
                format!("the {kind} of {name}"),
            )
        }
    };
    [
        ("{who}", who),
        ("{figure}", figure),
        ("{tile}", tile),
        ("{feature}", feature),
        ("{x}", h.x.to_string()),
        ("{y}", h.y.to_string()),
        ("{spot}", h.spot.to_string()),
        ("{amount}", h.amount.to_string()),
    ]
    .into_iter()
    .fold(template.to_owned(), |text, (slot, value)| text.replace(slot, &value))
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

/// `noun` with its indefinite article (`a follower`, `an abbot`).
fn a(noun: &str) -> String {
    let vowel = noun.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Award, Players};

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
                extra: 0,
                extra_of: crate::game::NO_MECHANISM,
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
    fn a_mechanisms_ways_of_scoring_read_in_its_words_and_differ_from_the_cores() {
        let reason = |name, count| Reason::Mechanism(Award::named(name, count).unwrap());
        let (farm, barn) = (Reason::Farm { cities: 2 }, reason("barn", 2));
        assert_ne!(farm, barn);
        assert_eq!(farm.to_string(), "field: 2 completed cities");
        assert_eq!(barn.to_string(), farm.to_string());
        assert_eq!(reason("flocks", 1).to_string(), "flocks guided home: 1 sheep");
        assert!(barn.is_final() && !reason("barn-meeting", 1).is_final());
        assert_eq!(reason("barn-meeting", 3).farmers_paid(), Some((3, false)));
        assert_eq!(farm.farmers_paid(), Some((2, true)));
        assert_eq!(barn.farmers_paid(), None);
        // Written as the enum's own variants were, and read back.
        for (reason, json) in [
            (reason("barn-meeting", 1), r#"{"for":"barn-meeting","cities":1}"#),
            (reason("flocks", 7), r#"{"for":"flocks","sheep":7}"#),
            (farm, r#"{"for":"farm","cities":2}"#),
        ] {
            assert_eq!(serde_json::to_string(&reason).unwrap(), json);
            assert_eq!(serde_json::from_str::<Reason>(json).unwrap(), reason);
        }
        // A name neither the core nor a mechanism has is refused (in serde's words for a
        // variant read by its own fields).
        assert!(serde_json::from_str::<Reason>(r#"{"for":"flock","sheep":1}"#).is_err());
    }

    #[test]
    fn a_mechanisms_events_are_told_in_three_voices_and_written_by_their_declared_fields() {
        let def = GameDef::from_files(
            crate::testing::bundled(),
            &["base", "abbey-and-mayor", "hills-and-sheep"].map(str::to_owned),
            "new-edition",
        )
        .unwrap();
        let d = def.tile_index("D").unwrap();
        let name = def.tile_name(d).unwrap().to_owned();
        let road = def.tables().tiles[usize::from(d)]
            .features
            .iter()
            .position(|f| f.kind == FeatureKind::Road)
            .unwrap() as u8;
        let road_id = &def.tables().tiles[usize::from(d)].features[usize::from(road)].id;
        let event = |name| Happening::named(name, 1).unwrap();
        let moved = Event::Mechanism(event("wagon-moved").with_figure(3).at(d, 2, -1).on(road));
        assert_eq!(
            moved.to_string(),
            format!("BLUE's wagon moves to feature {road} at (2, -1)")
        );
        assert_eq!(
            def.describe(&moved),
            format!("BLUE's wagon moves to {road_id} of D at (2, -1)")
        );
        assert_eq!(
            event_text(&def, &moved),
            format!("Blue's wagon moves to the road of {name} at (2, -1)")
        );
        let barn = Event::Mechanism(event("barn-placed").with_figure(1).at(d, 0, 1).on(3));
        assert_eq!(barn.to_string(), "BLUE places a barn at corner 3 of (0, 1)");
        assert_eq!(event_text(&def, &barn), "Blue places a barn at corner 3 of (0, 1)");
        let (wolf, sheep) = (
            Event::Mechanism(event("sheep-drawn")),
            Event::Mechanism(event("sheep-drawn").of(3)),
        );
        assert_eq!(def.describe(&wolf), "BLUE draws a wolf");
        assert_eq!(event_text(&def, &sheep), "Blue draws 3 sheep");
        // Written with the fields each declares, as the enum's own variants were.
        for (event, json) in [
            (
                moved,
                format!(r#"{{"event":"wagon-moved","player":1,"tile":{d},"x":2,"y":-1,"feature":{road}}}"#),
            ),
            (
                barn,
                r#"{"event":"barn-placed","player":1,"figure":1,"x":0,"y":1,"corner":3}"#.to_owned(),
            ),
            (sheep, r#"{"event":"sheep-drawn","player":1,"sheep":3}"#.to_owned()),
            (
                Event::ExtraTurn { player: 2 },
                r#"{"event":"extra-turn","player":2}"#.to_owned(),
            ),
        ] {
            assert_eq!(serde_json::to_string(&event).unwrap(), json);
            // Read back, it is written the same (what an event does not write, such as the
            // figure type of a moving wagon, is not read back).
            let read: Event = serde_json::from_str(&json).unwrap();
            assert_eq!(serde_json::to_string(&read).unwrap(), json);
        }
        for (json, says) in [
            (r#"{"event":"sheep-drawn","player":1}"#, "missing field `sheep`"),
            (
                r#"{"event":"sheep-drawn","player":1,"sheep":3,"x":1}"#,
                "unknown field `x`",
            ),
            (r#"{"event":"sheep-drawn","player":300,"sheep":3}"#, "out of range"),
            (r#"{"event":"sheep-drew","player":1}"#, "unknown variant `sheep-drew`"),
        ] {
            // Read as a mechanism's event, each says what is wrong; read as any event, it is
            // refused (in serde's words for a variant read by its own fields).
            let error = serde_json::from_str::<Happening>(json).unwrap_err().to_string();
            assert!(error.contains(says), "{json}: {error}");
            assert!(serde_json::from_str::<Event>(json).is_err());
        }
    }

    #[test]
    fn what_a_mechanism_counts_in_a_score_is_told_and_written_under_its_noun() {
        let mut score = FeatureScore::new(FeatureKind::Monastery, true, 9, 0);
        let of = Mechanisms::extra_named("vineyards").unwrap();
        (score.extra, score.extra_of) = (2, of);
        let reason = Reason::Feature(score);
        assert_eq!(reason.to_string(), "completed monastery: 9 tiles + 2 vineyards");
        let json = r#"{"for":"feature","kind":"monastery","complete":true,"tiles":9,"pennants":0,"vineyards":2}"#;
        assert_eq!(serde_json::to_string(&reason).unwrap(), json);
        assert_eq!(serde_json::from_str::<Reason>(json).unwrap(), reason);
        let plain = Reason::Feature(FeatureScore::new(FeatureKind::Road, true, 3, 0));
        let json = r#"{"for":"feature","kind":"road","complete":true,"tiles":3,"pennants":0}"#;
        assert_eq!(serde_json::to_string(&plain).unwrap(), json);
        assert_eq!(serde_json::from_str::<Reason>(json).unwrap(), plain);
        let unknown = r#"{"kind":"road","complete":true,"tiles":3,"pennants":0,"vines":1}"#;
        let error = serde_json::from_str::<FeatureScore>(unknown).unwrap_err().to_string();
        assert!(error.contains("unknown field `vines`, expected `vineyards`"), "{error}");
        let in_a_reason = r#"{"for":"feature","kind":"road","complete":true,"tiles":3,"pennants":0,"vines":1}"#;
        assert!(serde_json::from_str::<Reason>(in_a_reason).is_err());
    }
}
