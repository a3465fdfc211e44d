//! What a mechanism makes happen and pays for, in words it declares itself: its events
//! ([`EventWords`], carried as one typed [`Happening`] in [`Event::Mechanism`]), its ways of
//! scoring ([`ReasonWords`], carried as an [`Award`] in [`Reason::Mechanism`]), what it adds to
//! a feature's score ([`Noun`], [`FeatureScore::extra`]) and what the balance lab counts of it
//! ([`Tally`]). The core writes, reads, tells and counts them from these declarations, naming
//! no mechanism.
//!
//! [`Event::Mechanism`]: super::Event::Mechanism
//! [`Reason::Mechanism`]: super::Reason::Mechanism
//! [`FeatureScore::extra`]: super::FeatureScore::extra

use std::collections::BTreeMap;

use serde::de::Error as _;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{FeatureScore, Mechanisms};
use crate::model::FeatureKind;

/// No mechanism: [`FeatureScore::extra_of`] when no mechanism counted anything.
pub const NO_MECHANISM: u8 = u8::MAX;

/// Which value of a [`Happening`] a written field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// [`Happening::player`].
    Player,
    /// [`Happening::figure`].
    Figure,
    /// [`Happening::tile`].
    Tile,
    /// [`Happening::x`].
    X,
    /// [`Happening::y`].
    Y,
    /// [`Happening::spot`].
    Spot,
    /// [`Happening::amount`].
    Amount,
}

/// What a mechanism's event does to a figure on the table, for readers that follow figures
/// (the balance lab credits points to the figures standing on what scored).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FigureMove {
    /// Nothing.
    None,
    /// The player's figure [`Happening::figure`] arrives at corner [`Happening::spot`] of the
    /// tile at ([`Happening::x`], [`Happening::y`]).
    ArrivesAtCorner,
    /// The player's figure that waited moves onto local feature [`Happening::spot`] of the tile
    /// at ([`Happening::x`], [`Happening::y`]).
    MovesOnto,
}

/// How a mechanism's event is written, told and counted.
#[derive(Debug, Clone, Copy)]
pub struct EventWords {
    /// Its name in written events (`{"event": name, …}`), unique among every event.
    pub name: &'static str,
    /// The fields it is written with after its name, in order, and the value each holds.
    pub fields: &'static [(&'static str, Slot)],
    /// Its sentence for these values: a template whose `{who}`, `{figure}`, `{tile}`,
    /// `{feature}` (local feature `spot` of `tile`), `{x}`, `{y}`, `{spot}` and `{amount}` the
    /// core fills in the words of each reader (numbers, ids, or the table's names).
    pub text: fn(&Happening) -> &'static str,
    /// What it does to a figure on the table.
    pub figure: FigureMove,
    /// The counter of the mechanism's [`Tally`] it adds one to, if any.
    pub counts: fn(&Happening) -> Option<u8>,
}

/// One of a mechanism's own events: which one (its index among every mechanism's declared
/// events, [`Mechanisms::event_words`]) and its values (a value it does not have is 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Happening {
    /// Which declared event.
    pub kind: u8,
    /// The player it happened to.
    pub player: u8,
    /// A figure type.
    pub figure: u8,
    /// A compiled tile index.
    pub tile: u16,
    /// A tile's column.
    pub x: i16,
    /// A tile's row.
    pub y: i16,
    /// A corner or local feature index.
    pub spot: u8,
    /// A number of things.
    pub amount: u32,
}

impl Happening {
    /// Declared event `kind` of `player`, with no other value yet.
    pub(crate) const fn of_kind(kind: u8, player: u8) -> Happening {
        Happening {
            kind,
            player,
            figure: 0,
            tile: 0,
            x: 0,
            y: 0,
            spot: 0,
            amount: 0,
        }
    }

    /// The event a mechanism declares under `name`, of `player`; `None` when no mechanism
    /// declares it.
    pub fn named(name: &str, player: u8) -> Option<Happening> {
        let kind = Mechanisms::all_events().position(|words| words.name == name)?;
        Some(Happening::of_kind(kind as u8, player))
    }

    /// The same event, of figure type `figure`.
    pub fn with_figure(self, figure: u8) -> Happening {
        Happening { figure, ..self }
    }

    /// The same event, on compiled tile `tile` at (`x`, `y`).
    pub fn at(self, tile: u16, x: i16, y: i16) -> Happening {
        Happening { tile, x, y, ..self }
    }

    /// The same event, on corner or local feature `spot`.
    pub fn on(self, spot: u8) -> Happening {
        Happening { spot, ..self }
    }

    /// The same event, of `amount` things.
    pub fn of(self, amount: u32) -> Happening {
        Happening { amount, ..self }
    }

    /// How it is written, told and counted.
    pub fn words(&self) -> EventWords {
        Mechanisms::event_words(self.kind).unwrap_or(EventWords {
            name: "unknown",
            fields: &[],
            text: |_| "something happens",
            figure: FigureMove::None,
            counts: |_| None,
        })
    }

    /// The value in `slot`.
    pub fn get(&self, slot: Slot) -> i64 {
        match slot {
            Slot::Player => self.player.into(),
            Slot::Figure => self.figure.into(),
            Slot::Tile => self.tile.into(),
            Slot::X => self.x.into(),
            Slot::Y => self.y.into(),
            Slot::Spot => self.spot.into(),
            Slot::Amount => self.amount.into(),
        }
    }

    /// Sets the value in `slot`, if it fits the slot's type.
    fn set(&mut self, slot: Slot, value: i64) -> Option<()> {
        match slot {
            Slot::Player => self.player = value.try_into().ok()?,
            Slot::Figure => self.figure = value.try_into().ok()?,
            Slot::Tile => self.tile = value.try_into().ok()?,
            Slot::X => self.x = value.try_into().ok()?,
            Slot::Y => self.y = value.try_into().ok()?,
            Slot::Spot => self.spot = value.try_into().ok()?,
            Slot::Amount => self.amount = value.try_into().ok()?,
        }
        Some(())
    }
}

/// A word and its plural, for counts in sentences (`1 vineyard`, `2 vineyards`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Noun {
    /// For one.
    pub one: &'static str,
    /// For any other count.
    pub many: &'static str,
}

impl Noun {
    /// `count` and the word that goes with it.
    pub fn count(self, count: u32) -> String {
        format!("{count} {}", if count == 1 { self.one } else { self.many })
    }
}

/// How a mechanism's way of scoring is written, told and counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReasonWords {
    /// Its name in written reasons (`{"for": name, …}`), unique among every reason.
    pub name: &'static str,
    /// The field its count is written in.
    pub field: &'static str,
    /// What its count counts.
    pub noun: Noun,
    /// Its words after the points: a template whose `{count}` is the count and its noun.
    pub text: &'static str,
    /// The kind of feature the points are for.
    pub feature: FeatureKind,
    /// Whether it scores at the end of the game (else during play).
    pub at_end: bool,
    /// Whether it pays the mechanism's own figures on the feature (else the followers there).
    pub pays_own: bool,
    /// Whether it pays a field's majority of farmers, as farmers at the end are paid: what
    /// pays them again (a field bonus) follows it.
    pub pays_farmers: bool,
    /// The counters of the mechanism's [`Tally`] its scorings and their points add to.
    pub counts: Option<(u8, u8)>,
}

/// Points paid in one of a mechanism's own ways: which one (its index among every mechanism's
/// declared reasons, [`Mechanisms::reason_words`]) and its count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Award {
    /// Which declared reason.
    pub kind: u8,
    /// What it counted ([`ReasonWords::noun`]).
    pub count: u32,
}

impl Award {
    /// The reason a mechanism declares under `name`, counting `count`; `None` when no
    /// mechanism declares it.
    pub fn named(name: &str, count: u32) -> Option<Award> {
        let kind = Mechanisms::all_reasons().position(|words| words.name == name)?;
        Some(Award {
            kind: kind as u8,
            count,
        })
    }

    /// How it is written, told and counted.
    pub fn words(&self) -> ReasonWords {
        Mechanisms::reason_words(self.kind).unwrap_or(ReasonWords {
            name: "unknown",
            field: "count",
            noun: Noun {
                one: "thing",
                many: "things",
            },
            text: "{count}",
            feature: FeatureKind::Field,
            at_end: false,
            pays_own: false,
            pays_farmers: false,
            counts: None,
        })
    }
}

/// What the balance lab counts of a mechanism in play: named counters, reported under `key`
/// and told in a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Its key in the report (`"wagons"`).
    pub key: &'static str,
    /// Its counters' keys in the report, in order.
    pub counters: &'static [&'static str],
    /// Its line in a report: a template whose `{counter}` are the counts.
    pub line: &'static str,
}

impl Tally {
    /// Its line for `counts` (one per counter).
    pub fn line(&self, counts: &[u64]) -> String {
        self.counters
            .iter()
            .zip(counts)
            .fold(self.line.to_owned(), |line, (counter, n)| {
                line.replace(&format!("{{{counter}}}"), &n.to_string())
            })
    }
}

/// A value of a written event: a name or a number.
#[derive(Deserialize)]
#[serde(untagged)]
enum Written {
    Number(i64),
    Name(String),
}

/// Reads `{tag: name, field: number, …}` with the fields `fields_of(name)` declares: the name
/// and the values in the declared order. Its messages are serde's own for a derived enum.
fn read_tagged<'de, D: Deserializer<'de>>(
    deserializer: D,
    tag: &'static str,
    names: &[&str],
    fields_of: impl Fn(&str) -> Option<Vec<&'static str>>,
) -> Result<(String, Vec<i64>), D::Error> {
    let mut map = BTreeMap::<String, Written>::deserialize(deserializer)?;
    let name = match map.remove(tag) {
        Some(Written::Name(name)) => name,
        Some(Written::Number(n)) => return Err(D::Error::custom(format!("`{tag}` must be a name, not {n}"))),
        None => return Err(D::Error::missing_field(tag)),
    };
    let Some(fields) = fields_of(&name) else {
        return Err(D::Error::custom(format!(
            "unknown variant `{name}`, {}",
            expected(names, "variants")
        )));
    };
    if let Some(extra) = map.keys().find(|key| !fields.contains(&key.as_str())) {
        return Err(D::Error::custom(format!(
            "unknown field `{extra}`, {}",
            expected(&fields, "fields")
        )));
    }
    let values = fields.iter().map(|field| match map.remove(*field) {
        Some(Written::Number(n)) => Ok(n),
        Some(Written::Name(_)) => Err(D::Error::custom(format!("`{field}` must be a number"))),
        None => Err(D::Error::missing_field(field)),
    });
    Ok((name, values.collect::<Result<_, _>>()?))
}

/// What was expected instead, in serde's words: `expected one of `a`, `b``.
fn expected(names: &[&str], what: &str) -> String {
    match names {
        [] => format!("there are no {what}"),
        [one] => format!("expected `{one}`"),
        many => {
            let quoted: Vec<String> = many.iter().map(|n| format!("`{n}`")).collect();
            format!("expected one of {}", quoted.join(", "))
        }
    }
}

impl Serialize for Happening {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let words = self.words();
        let mut map = serializer.serialize_map(Some(1 + words.fields.len()))?;
        map.serialize_entry("event", words.name)?;
        for &(field, slot) in words.fields {
            map.serialize_entry(field, &self.get(slot))?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Happening {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Happening, D::Error> {
        let names: Vec<&str> = Mechanisms::all_events().map(|w| w.name).collect();
        let fields_of = |name: &str| {
            let words = Mechanisms::all_events().find(|w| w.name == name)?;
            Some(words.fields.iter().map(|(field, _)| *field).collect())
        };
        let (name, values) = read_tagged(deserializer, "event", &names, fields_of)?;
        let mut happening = Happening::named(&name, 0).ok_or_else(|| D::Error::custom("no such event"))?;
        for (&(field, slot), value) in happening.words().fields.iter().zip(values) {
            happening
                .set(slot, value)
                .ok_or_else(|| D::Error::custom(format!("`{field}` is out of range: {value}")))?;
        }
        Ok(happening)
    }
}

impl Serialize for Award {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let words = self.words();
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("for", words.name)?;
        map.serialize_entry(words.field, &self.count)?;
        map.end()
    }
}

impl<'de> Deserialize<'de> for Award {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Award, D::Error> {
        let names: Vec<&str> = Mechanisms::all_reasons().map(|w| w.name).collect();
        let fields_of = |name: &str| Some(vec![Mechanisms::all_reasons().find(|w| w.name == name)?.field]);
        let (name, values) = read_tagged(deserializer, "for", &names, fields_of)?;
        let count =
            u32::try_from(values[0]).map_err(|_| D::Error::custom(format!("count out of range: {}", values[0])))?;
        Award::named(&name, count).ok_or_else(|| D::Error::custom("no such reason"))
    }
}

/// A [`FeatureScore`] as written: what a mechanism counted under the plural of its [`Noun`]
/// (`"vineyards": 2`), marks only when some counted.
#[derive(Serialize, Deserialize)]
pub(super) struct WrittenScore {
    kind: FeatureKind,
    complete: bool,
    tiles: u16,
    pennants: u16,
    #[serde(flatten)]
    extra: BTreeMap<String, u16>,
    #[serde(default, skip_serializing_if = "is_zero")]
    marks: u16,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

impl From<FeatureScore> for WrittenScore {
    fn from(score: FeatureScore) -> WrittenScore {
        let noun = Mechanisms::extra_noun(score.extra_of).filter(|_| score.extra > 0);
        WrittenScore {
            kind: score.kind,
            complete: score.complete,
            tiles: score.tiles,
            pennants: score.pennants,
            extra: noun
                .map(|noun| (noun.many.to_owned(), score.extra))
                .into_iter()
                .collect(),
            marks: score.marks,
        }
    }
}

impl TryFrom<WrittenScore> for FeatureScore {
    type Error = String;

    fn try_from(written: WrittenScore) -> Result<FeatureScore, String> {
        let mut score = FeatureScore::new(written.kind, written.complete, written.tiles, written.pennants);
        score.marks = written.marks;
        for (key, count) in written.extra {
            let Some(of) = Mechanisms::extra_named(&key) else {
                let nouns: Vec<&str> = Mechanisms::extra_nouns().map(|noun| noun.many).collect();
                return Err(format!("unknown field `{key}`, {}", expected(&nouns, "fields")));
            };
            if count > 0 {
                (score.extra, score.extra_of) = (count, of);
            }
        }
        Ok(score)
    }
}
