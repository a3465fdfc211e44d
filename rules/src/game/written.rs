//! How actions are written in records: `{"action": name, field: value, …}`, the core's actions
//! under their own names and each mechanism's under the words it declares ([`Words`]), so a
//! record names every mechanism's actions without this module naming one.
//!
//! [`Words`]: super::Words

use std::sync::OnceLock;

use serde::de::Error as _;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Action, Mechanisms, Step, Takes};

/// The core's actions: name and fields, in the order written.
const CORE: [(&str, &[&str]); 5] = [
    ("place", &["x", "y", "rotation"]),
    ("draw", &[]),
    ("place-held", &["tile", "x", "y", "rotation"]),
    ("deploy", &["figure", "feature"]),
    ("pass", &[]),
];

impl Action {
    /// Its name, its fields and their values, in the order written.
    fn written(self) -> (&'static str, &'static [&'static str], Vec<i64>) {
        let core = |i: usize, values: Vec<i64>| (CORE[i].0, CORE[i].1, values);
        match self {
            Action::Place { x, y, rotation } => core(0, vec![x.into(), y.into(), rotation.into()]),
            Action::Draw => core(1, vec![]),
            Action::PlaceHeld { tile, x, y, rotation } => {
                core(2, vec![tile.into(), x.into(), y.into(), rotation.into()])
            }
            Action::Deploy { figure, feature } => core(3, vec![figure.into(), feature.into()]),
            Action::Pass => core(4, vec![]),
            Action::Mechanism(step) => {
                let words = step.words();
                (words.name, words.takes.fields(), step.values())
            }
        }
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (name, fields, values) = self.written();
        let mut map = serializer.serialize_map(Some(1 + fields.len()))?;
        map.serialize_entry("action", name)?;
        for (field, value) in fields.iter().zip(values) {
            map.serialize_entry(field, &value)?;
        }
        map.end()
    }
}

/// Every field any action is written with, each in its own type's range.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fields {
    action: String,
    x: Option<i16>,
    y: Option<i16>,
    rotation: Option<u8>,
    tile: Option<u16>,
    figure: Option<u8>,
    feature: Option<u8>,
    corner: Option<u8>,
}

impl Fields {
    /// The fields given besides `action`, by name.
    fn given(&self) -> impl Iterator<Item = &'static str> {
        [
            ("x", self.x.is_some()),
            ("y", self.y.is_some()),
            ("rotation", self.rotation.is_some()),
            ("tile", self.tile.is_some()),
            ("figure", self.figure.is_some()),
            ("feature", self.feature.is_some()),
            ("corner", self.corner.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, given)| given.then_some(name))
    }
}

/// The name of every action, the core's then the mechanisms' (for the message naming an
/// unknown one).
fn names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let core = CORE.iter().map(|(name, _)| *name);
        core.chain(Mechanisms::all_words().map(|words| words.name)).collect()
    })
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Action, D::Error> {
        let f = Fields::deserialize(deserializer)?;
        let step = Step::named(&f.action);
        let expected = match (CORE.iter().find(|(name, _)| *name == f.action), step) {
            (Some((_, fields)), _) => *fields,
            (None, Some(step)) => step.words().takes.fields(),
            (None, None) => return Err(D::Error::unknown_variant(&f.action, names())),
        };
        if let Some(extra) = f.given().find(|field| !expected.contains(field)) {
            return Err(D::Error::unknown_field(extra, expected));
        }
        if let Some(missing) = expected.iter().find(|field| !f.given().any(|g| g == **field)) {
            return Err(D::Error::missing_field(missing));
        }
        // Every field the action takes is given, and no other: the defaults below are unused.
        let (x, y, rotation) = (f.x.unwrap_or(0), f.y.unwrap_or(0), f.rotation.unwrap_or(0));
        let (figure, feature) = (f.figure.unwrap_or(0), f.feature.unwrap_or(0));
        Ok(match f.action.as_str() {
            "place" => Action::Place { x, y, rotation },
            "draw" => Action::Draw,
            "place-held" => Action::PlaceHeld {
                tile: f.tile.unwrap_or(0),
                x,
                y,
                rotation,
            },
            "deploy" => Action::Deploy { figure, feature },
            "pass" => Action::Pass,
            _ => {
                let step = step.unwrap_or(Step::of_kind(0)).with_figure(figure).at(x, y);
                Action::Mechanism(match step.words().takes {
                    Takes::FigureOnCorner => step.on(f.corner.unwrap_or(0)),
                    Takes::Nothing | Takes::Feature | Takes::Tile | Takes::FigureOnFeature => step.on(feature),
                })
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Action, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn actions_read_back_what_they_write() {
        let barn = Step::named("deploy-barn").unwrap().with_figure(1).on(2);
        let wagon = Step::named("move-wagon").unwrap().at(-3, 4).on(1);
        for (action, text) in [
            (
                Action::Place {
                    x: 1,
                    y: -2,
                    rotation: 3,
                },
                r#"{"action":"place","x":1,"y":-2,"rotation":3}"#,
            ),
            (Action::Draw, r#"{"action":"draw"}"#),
            (
                Action::PlaceHeld {
                    tile: 7,
                    x: 0,
                    y: 1,
                    rotation: 0,
                },
                r#"{"action":"place-held","tile":7,"x":0,"y":1,"rotation":0}"#,
            ),
            (
                Action::Deploy { figure: 0, feature: 2 },
                r#"{"action":"deploy","figure":0,"feature":2}"#,
            ),
            (
                Action::Mechanism(barn),
                r#"{"action":"deploy-barn","figure":1,"corner":2}"#,
            ),
            (Action::Mechanism(Step::named("grow").unwrap()), r#"{"action":"grow"}"#),
            (
                Action::Mechanism(wagon),
                r#"{"action":"move-wagon","x":-3,"y":4,"feature":1}"#,
            ),
            (Action::Pass, r#"{"action":"pass"}"#),
        ] {
            assert_eq!(serde_json::to_string(&action).unwrap(), text);
            assert_eq!(read(text), Ok(action));
        }
    }

    #[test]
    fn a_wrong_action_is_refused_saying_what_is_expected() {
        let unknown = read(r#"{"action":"fly"}"#).unwrap_err();
        assert!(
            unknown.starts_with("unknown variant `fly`, expected one of `place`"),
            "{unknown}"
        );
        assert!(unknown.contains("`move-wagon`"), "{unknown}");
        let extra = read(r#"{"action":"deploy","figure":0,"feature":1,"corner":2}"#).unwrap_err();
        assert!(
            extra.starts_with("unknown field `corner`, expected `figure` or `feature`"),
            "{extra}"
        );
        let missing = read(r#"{"action":"move-wagon","x":0,"feature":1}"#).unwrap_err();
        assert!(missing.starts_with("missing field `y`"), "{missing}");
        let other = read(r#"{"action":"pass","turn":1}"#).unwrap_err();
        assert!(other.starts_with("unknown field `turn`"), "{other}");
        let range = read(r#"{"action":"place","x":40000,"y":0,"rotation":0}"#).unwrap_err();
        assert!(range.contains("40000"), "{range}");
    }
}
