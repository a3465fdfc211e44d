//! Events in the words of the table, for the Play page's log: a tile by its name (its id when
//! it has none), a turn in degrees, a feature by its kind, a city's size in tiles. The
//! engine's own sentences ([`GameDef::describe`]) name things by their ids, for logs and the
//! command line; this one is for a player.

use tilewright_engine::game::{Event, FeatureScore, GameDef, Reason, colour};

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
    use tilewright_engine::FromCatalog;
    use tilewright_engine::game::{Players, Reason};

    fn base() -> GameDef {
        GameDef::from_catalog(
            tilewright_engine::bundled::catalog(),
            &["base".to_owned()],
            "new-edition",
        )
        .unwrap()
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
            .position(|f| f.kind == tilewright_engine::model::FeatureKind::City)
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
        let scored = Event::Scored {
            players: Players(1),
            points: 8,
            reason: Reason::Feature(FeatureScore {
                kind: tilewright_engine::model::FeatureKind::City,
                complete: true,
                tiles: 3,
                pennants: 1,
                vineyards: 0,
                marks: 0,
            }),
            node: 0,
        };
        assert_eq!(
            event_text(&def, &scored),
            "Red scores 8 points for a completed city of 3 tiles and 1 pennant"
        );
    }
}
