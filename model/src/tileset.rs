//! Tile sets: the land tiles of a game or an expansion, as written in TOML.

use std::collections::BTreeMap;

use schemars::{JsonSchema, Schema, json_schema};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::expansion::{Bag, Figure, Mark, Mechanism, PrintedToken};
use crate::edge::{SegmentKind, Side};

/// A tile set: the land tiles of a base game or an expansion, optionally with the figures,
/// token bags and mechanisms that come with it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(title = "Tilewright tile set")]
pub struct TileSet {
    /// Unique id of the tile set, used to pick it for a game (for example `base`).
    #[schemars(regex(pattern = r"^[a-z0-9][a-z0-9-]*$"))]
    pub id: String,
    /// Human-readable name of the tile set.
    pub name: String,
    /// Editions this tile set exists in (for example `first-edition`, `new-edition`). A tile's
    /// count may differ per edition; the first edition listed is the default.
    #[serde(default = "default_editions")]
    #[schemars(length(min = 1))]
    pub editions: Vec<String>,
    /// Id of the tile type whose one copy starts the game on the table. Only a base game
    /// has one; expansions leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_tile: Option<String>,
    /// The tile types of the set.
    #[serde(default)]
    pub tiles: Vec<Tile>,
    /// Figures each player receives with this set (followers and special figures), by id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub figures: BTreeMap<String, Figure>,
    /// Bags of tokens drawn at random during play (for example the sheep bag), by id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bags: BTreeMap<String, Bag>,
    /// Rule mechanisms this set switches on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mechanisms: Vec<Mechanism>,
    /// Marks this set declares, by id (`[marks.inn]`): what a road or city carrying one
    /// scores. Features name the marks they carry in `marks`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub marks: BTreeMap<String, Mark>,
    /// Rule values of the mechanisms this set brings, with their defaults, by key
    /// (`[values]`, `barn-final-per-city = 4`): every value a mechanism of the set reads (a
    /// figure's `mechanism`, a word of `mechanisms`) is declared here. A rule set's or a
    /// scenario's `[values]` may replace them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[schemars(extend("maxProperties" = 64))]
    pub values: BTreeMap<String, u32>,
    /// Kinds of token printed on features that this set declares, by id (`[tokens.spice]`):
    /// the kind of feature they are printed on and what holding the most of them scores at
    /// the end. Features name the tokens printed on them in `tokens`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tokens: BTreeMap<String, PrintedToken>,
    /// Groups of tiles dealt before the ordinary pile, in this order (`[[deal]]`): the tiles of
    /// each group (those naming it in their `group`) are shuffled among themselves and drawn
    /// before those of the next group; the ordinary pile comes after the last group. Sets
    /// played together deal groups of one name as one group, in an order that keeps each set's
    /// (a group only one set has comes after the groups named before it in that set).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deal: Vec<DealGroup>,
    /// Edge kinds this set declares, by name (`[edge-kinds.river]`): a kind of edge segment of
    /// its own, which this set's tiles write in their edges like `road` (`river`, or
    /// `field 40 river 60 field`). It fits only itself, belongs to no feature (nobody claims or
    /// scores it) and parts the fields on either side. Its rules say where tiles showing it
    /// may go.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub edge_kinds: BTreeMap<String, EdgeKind>,
    /// Tiles of other sets that this set takes out of a game played with them, by id: when
    /// two rivers are played together, one spring and one lake are set aside (River II takes
    /// out the River's). A tile taken out is not dealt, and a start tile taken out starts
    /// nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replaces: Vec<String>,
}

/// A kind of edge segment a tile set declares, and where tiles showing it may go. Every tile
/// showing the kind counts its segments on all its edges as one course (the river of a tile
/// runs from each of its river edges to the others).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct EdgeKind {
    /// A tile showing this kind must continue it: one of its edges of this kind must face an
    /// edge of this kind already on the table (the first continues the start tile's).
    #[serde(default, skip_serializing_if = "is_default")]
    #[schemars(extend("default" = false))]
    pub must_continue: bool,
    /// The course may not turn back on itself: in front of each edge of this kind that a new
    /// tile leaves open, the squares a further tile would need stay empty (the two beside the
    /// next square, the square two ahead and the two beside that).
    #[serde(default, skip_serializing_if = "is_default")]
    #[schemars(extend("default" = false))]
    pub no_u_turn: bool,
    /// A course that forks keeps its branches apart: an edge of this kind that a new tile
    /// leaves open may not head for a tile already laid in its line (the three squares wide
    /// strip ahead, as far as the table reaches), nor leave two open ends heading the same way
    /// one square apart across it (JCloisterZone's reading for the forked river).
    #[serde(default, skip_serializing_if = "is_default")]
    #[schemars(extend("default" = false))]
    pub branches_apart: bool,
}

impl EdgeKind {
    /// Whether these rules include every rule `other` sets: a file may declare a kind another
    /// file declares with more rules (River II adds `branches-apart` to the River's river),
    /// and a game playing both plays the fuller declaration.
    pub fn covers(&self, other: &EdgeKind) -> bool {
        let rules = |kind: &EdgeKind| [kind.must_continue, kind.no_u_turn, kind.branches_apart];
        rules(self)
            .into_iter()
            .zip(rules(other))
            .all(|(mine, theirs)| mine || !theirs)
    }
}

/// One group of tiles dealt before the ordinary pile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DealGroup {
    /// The group's id, as tiles name it in their `group`.
    #[schemars(regex(pattern = r"^[a-z0-9][a-z0-9-]*$"))]
    pub group: String,
    /// A tile of the group whose first copy starts the game on the table, in place of the
    /// base game's start tile (which is then dealt into the pile with its other copies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

fn default_editions() -> Vec<String> {
    vec!["first-edition".to_owned()]
}

/// One tile type: its edges, features and markers, and how many copies exist.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Tile {
    /// Id of the tile type, unique across every loaded tile set (for example `D` or `AM/CRcr+`).
    #[schemars(length(min = 1))]
    pub id: String,
    /// Optional descriptive name shown in the editor.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Number of copies: one number, or a table giving the count per edition
    /// (`{ first-edition = 5, new-edition = 4 }`; an edition left out has none). For tiles
    /// held by the players (`supply = "player"`) it is the number each player holds.
    #[schemars(example = 1, example = serde_json::json!({"first-edition": 5, "new-edition": 4}))]
    pub count: Count,
    /// Where the copies come from: the shuffled pile, or each player's own supply (abbeys).
    #[serde(default, skip_serializing_if = "is_default")]
    #[schemars(extend("default" = "pile"))]
    pub supply: Supply,
    /// Where the tile may be placed: beside any placed tile, or only into a hole whose four
    /// neighbours are all placed (abbeys).
    #[serde(default, skip_serializing_if = "is_default")]
    #[schemars(extend("default" = "adjacent"))]
    pub placement: Placement,
    /// The deal group the tile belongs to (one of the set's `[[deal]]` groups): its copies are
    /// drawn with that group, before the ordinary pile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// The four edges in the order north, east, south, west. Each is `city`, `road`, `field`,
    /// `any` (fits every neighbour and joins nothing), or a custom layout of segments with the
    /// positions between them, counted in percent clockwise along the edge: `city 60 city` is two
    /// city segments split 60% of the way along.
    #[schemars(example = serde_json::json!(["city", "road", "field", "road"]))]
    pub edges: [EdgeLayout; 4],
    /// The features on the tile, by id (ids are local to the tile: `c`, `r1`, `f2`...).
    #[serde(default)]
    pub features: BTreeMap<String, Feature>,
    /// Markers printed on the tile that rules refer to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("default" = []))]
    pub markers: Vec<Marker>,
    /// Image of the tile, as a path relative to the tile-set file; it must stay inside the
    /// tile set's folder. Tiles without an image are drawn from their definition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// How many copies of a tile exist.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Count {
    /// The same number of copies in every edition.
    All(#[schemars(range(min = 1))] u32),
    /// The number of copies per edition; an edition not listed has none.
    PerEdition(BTreeMap<String, u32>),
}

impl Count {
    /// Copies of the tile in `edition`.
    pub fn in_edition(&self, edition: &str) -> u32 {
        match self {
            Count::All(n) => *n,
            Count::PerEdition(map) => map.get(edition).copied().unwrap_or(0),
        }
    }
}

/// Where copies of a tile come from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Supply {
    /// Shuffled into the face-down pile and drawn in turn.
    #[default]
    Pile,
    /// Held by each player, who may place it instead of drawing (the abbey).
    Player,
}

/// Where a tile may be placed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Placement {
    /// Edge to edge with at least one placed tile, every touching edge matching.
    #[default]
    Adjacent,
    /// Only into a hole whose four orthogonal neighbours are all placed.
    Hole,
}

/// One edge of a tile: `city`, `road`, `field`, `any`, a declared edge kind's name, or a
/// custom segment layout.
///
/// The layout grammar and its segment positions live in [`crate::edge`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EdgeLayout(pub String);

impl JsonSchema for EdgeLayout {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "EdgeLayout".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let words = SegmentKind::ALL.map(|kind| match kind {
            SegmentKind::City => ("city", "One city segment along the whole edge."),
            SegmentKind::Road => (
                "road",
                "A road in the middle (`40..60`) with a field on each side: the halves `Nw`/`Ne`, `En`/`Es`, `Se`/`Sw`, `Ws`/`Wn`.",
            ),
            SegmentKind::Field => (
                "field",
                "Two field halves (`0..50`, `50..100`): `Nw`/`Ne`, `En`/`Es`, `Se`/`Sw`, `Ws`/`Wn`.",
            ),
            SegmentKind::Any => ("any", "Fits every neighbouring edge and joins nothing (the abbey)."),
            SegmentKind::Declared(_) => ("", ""),
        });
        words_or_pattern(
            "An edge: `city`, `road`, `field`, `any`, the name of an edge kind the file declares (shaped like `road`), or segments with the positions (percent, clockwise) between them, such as `city 60 city`.",
            &words,
            "Segments of `city`, `road`, `field` or a declared edge kind with the positions between them, in percent clockwise along the edge (`city 60 city`, `field 30 road 70 field`, `field 40 river 60 field`); or one word: `city`, `road`, `field`, `any`, or a declared edge kind's name (a segment of that kind between two field halves, like `road`).",
            crate::edge::LAYOUT_PATTERN,
            &["city", "road", "field", "city 60 city"],
        )
    }
}

/// A feature of a tile: a city, road, field, monastery or garden segment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(transform = keys_of_one_kind)]
pub struct Feature {
    /// What kind of feature this is.
    pub kind: FeatureKind,
    /// The edge segments the feature reaches: `N`, `E`, `S`, `W` (every segment of that edge
    /// with this feature's kind), a half edge for fields (`Nw Ne En Es Se Sw Ws Wn`), or a
    /// segment by number (`N1`, `N2`... clockwise). Fields touching no edge, monasteries and
    /// gardens leave it empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("default" = []), example = serde_json::json!(["N"]), example = serde_json::json!(["Wn", "En"]))]
    pub on: Vec<EdgeRef>,
    /// City only: number of pennants (coats of arms) in this segment.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(extend("default" = 0), example = 1)]
    pub pennants: u32,
    /// Road only: what the road ends at on this tile, if it ends here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<RoadEnd>,
    /// Road only, with `end = "city-gate"` or `end = "monastery"`: id of the city or monastery
    /// on this tile the road leads into.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// Field only: ids of the cities on this tile that border this field. This decides farm
    /// scoring, so it is stated, never guessed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("default" = []), example = serde_json::json!(["c"]))]
    pub cities: Vec<String>,
    /// Road or city only: the marks the feature carries, by id, each declared by a tile set or
    /// expansion (`[marks.inn]`) for this kind of feature. The joined feature keeps them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("default" = []), example = serde_json::json!(["inn"]))]
    pub marks: Vec<String>,
    /// The tokens printed on the feature, by id, each declared by a tile set or expansion
    /// (`[tokens.spice]`) for this kind of feature; an id repeated is that many tokens. Joined
    /// features add their tokens up; the player who completes the feature takes them all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("default" = []), length(max = 16), example = serde_json::json!(["spice"]))]
    pub tokens: Vec<String>,
    /// Optional outline for display and editing: one or more polygons in tile coordinates
    /// (0..1, origin at the north-west corner, x east, y south).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub polygons: Vec<Vec<[f64; 2]>>,
    /// Optional point where a follower on this feature is drawn, in tile coordinates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor: Option<[f64; 2]>,
}

impl Feature {
    /// Keys of a feature that belong to one kind of feature only, with that kind: the schema
    /// forbids them on the other kinds, and the semantic checks say so of a model too.
    pub const KEYS_OF_ONE_KIND: [(&str, FeatureKind); 4] = [
        ("pennants", FeatureKind::City),
        ("end", FeatureKind::Road),
        ("at", FeatureKind::Road),
        ("cities", FeatureKind::Field),
    ];

    /// A feature of `kind` with nothing else set (no edges, no geometry).
    pub fn new(kind: FeatureKind) -> Feature {
        Feature {
            kind,
            on: Vec::new(),
            pennants: 0,
            end: None,
            at: None,
            cities: Vec::new(),
            marks: Vec::new(),
            tokens: Vec::new(),
            polygons: Vec::new(),
            anchor: None,
        }
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Kinds of feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FeatureKind {
    /// A city segment, closed by walls.
    City,
    /// A road segment.
    Road,
    /// A field segment; fields are bounded by roads, cities and the board edge.
    Field,
    /// A monastery (cloister or abbey) in the tile's centre.
    Monastery,
    /// A garden; it lies in a field and does not split it.
    Garden,
}

impl FeatureKind {
    /// Every kind.
    pub const ALL: [FeatureKind; 5] = [
        FeatureKind::City,
        FeatureKind::Road,
        FeatureKind::Field,
        FeatureKind::Monastery,
        FeatureKind::Garden,
    ];

    /// The word used in files and messages.
    pub fn as_str(self) -> &'static str {
        match self {
            FeatureKind::City => "city",
            FeatureKind::Road => "road",
            FeatureKind::Field => "field",
            FeatureKind::Monastery => "monastery",
            FeatureKind::Garden => "garden",
        }
    }
}

/// A reference from a feature to edge segments, such as `N`, `Nw` or `N2`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EdgeRef(pub String);

impl JsonSchema for EdgeRef {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "EdgeRef".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let sides = Side::ALL.map(|side| {
            let whole = side.name();
            // The halves clockwise: the side before this one's, then the side after's.
            let halves = [side as usize + 3, side as usize + 1].map(|i| Side::from_index(i).name());
            let names = side.half_names();
            [
                (
                    side.letter().to_string(),
                    format!("Every segment of the feature's kind on the {whole} edge."),
                ),
                (
                    names[0].to_owned(),
                    format!(
                        "The {} half of the {whole} edge (a field beside a road, or half a field edge).",
                        halves[0]
                    ),
                ),
                (
                    names[1].to_owned(),
                    format!(
                        "The {} half of the {whole} edge (a field beside a road, or half a field edge).",
                        halves[1]
                    ),
                ),
            ]
        });
        let words: Vec<(&str, &str)> = sides.iter().flatten().map(|(w, d)| (w.as_str(), d.as_str())).collect();
        words_or_pattern(
            "Edge segments: `N`, `E`, `S`, `W`, a half edge (`Nw Ne En Es Se Sw Ws Wn`), or a segment number (`N1`, `E2`...).",
            &words,
            "A segment by its number on the edge, counted from 1 clockwise (`N1`, `E2`...); or an edge letter or a half edge.",
            crate::edge::REF_PATTERN,
            &["N", "Nw", "N2"],
        )
    }
}

/// What a road ends at on its tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RoadEnd {
    /// A crossing, junction or village: every road reaching it ends there.
    Crossing,
    /// A house (or other building) standing in the field.
    House,
    /// The gate of a city on this tile (named by `at`).
    CityGate,
    /// A monastery on this tile (named by `at`).
    Monastery,
}

/// Markers printed on a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Marker {
    /// A hill: the tile is placed on top of another tile, and followers on it break ties.
    Hill,
    /// A vineyard: completed neighbouring monasteries score extra.
    Vineyard,
    /// A volcano: the dragon flies to the tile when it is placed, and no figure is deployed on
    /// the tile the dragon stands on (the `dragon` mechanism).
    Volcano,
    /// A dragon: once the tile is placed and its figure deployed, the players move the dragon
    /// (the `dragon` mechanism). Drawn while no dragon is on the table, the tile is set aside
    /// and shuffled back into the pile when a volcano brings the dragon.
    Dragon,
    /// A magic portal: the player who places the tile may deploy a figure on any unfinished
    /// feature of the table instead of on the tile (the `portals` mechanism).
    Portal,
}

/// The schema of a string that is one of a few common `words` (each with its description) or
/// any text matching `pattern` (`custom` describes that form): the words as `const` branches
/// with no `type`, so editors offer them with their descriptions, and the pattern as the one
/// branch of type string, which the schema check explains when a value matches nothing.
fn words_or_pattern(
    description: &str,
    words: &[(&str, &str)],
    custom: &str,
    pattern: &str,
    examples: &[&str],
) -> Schema {
    let mut branches: Vec<Value> = words
        .iter()
        .map(|(word, about)| json!({ "const": word, "description": about }))
        .collect();
    branches.push(json!({ "type": "string", "description": custom, "pattern": pattern }));
    json_schema!({
        "type": "string",
        "description": description,
        "anyOf": branches,
        "examples": examples,
    })
}

/// Ties [`Feature::KEYS_OF_ONE_KIND`] to the feature's `kind`: for each kind, an `if`/`then`
/// that forbids the keys of the other kinds, so that an editor that follows conditions neither
/// offers nor accepts them, and the validator rejects them with one message at the key. A kind
/// that is not a known word matches no `if`, leaving its one error to the `kind` value.
fn keys_of_one_kind(schema: &mut Schema) {
    let conditions: Vec<Value> = FeatureKind::ALL
        .iter()
        .map(|&kind| {
            let forbidden: Map<String, Value> = Feature::KEYS_OF_ONE_KIND
                .iter()
                .filter(|(_, owner)| *owner != kind)
                .map(|(key, _)| ((*key).to_owned(), Value::Bool(false)))
                .collect();
            json!({
                "if": { "properties": { "kind": { "const": kind.as_str() } }, "required": ["kind"] },
                "then": { "properties": forbidden },
            })
        })
        .collect();
    schema.insert("allOf".into(), Value::Array(conditions));
}
