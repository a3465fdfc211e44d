//! Rule sets: every scoring value and edition switch, with `extends` for house rules.
//!
//! Each value is declared once in [`rule_values!`], which generates both the file form (every
//! value optional, so a house rule only states what it changes) and the resolved form (every
//! value present) used by the engine. [`resolve`] and [`Resolver`] apply `extends` chains.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::values::layer_values;

/// A rule set as written in a file: an edition or a house variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(title = "Tilewright rule set")]
pub struct RuleSet {
    /// Unique id of the rule set (for example `first-edition`).
    #[schemars(regex(pattern = r"^[a-z0-9][a-z0-9-]*$"))]
    pub id: String,
    /// Human-readable name.
    pub name: String,
    /// Longer description of what the rule set is for.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Id of the rule set this one starts from; values given here replace its values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// The edition of the tile sets to play with these rules, for a tile set named without one
    /// (`base`, not `base@first-edition`). Without it (here or in the rule sets this one
    /// extends), a tile set plays the edition named like the first rule set of the `extends`
    /// chain that has the id of one of its editions (`extends = "new-edition"`: new-edition
    /// tiles), else its first edition; a tile set without the edition given here plays its
    /// first edition too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// Tile sets and expansions these rules always play with, by id, added after the ones a
    /// game names (a set named already plays once): an edition that boxes a figure with the
    /// base game names the file that brings it (`plays-with = ["abbot"]`). Without it, the
    /// nearest rule set this one extends that has one gives it; `[]` plays with none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 16), inner(regex(pattern = r"^[a-z0-9][a-z0-9-]*$")))]
    pub plays_with: Option<Vec<String>>,
    /// Points.
    #[serde(default)]
    pub scoring: ScoringValues,
    /// Switches between editions and variants, and house rules that leave a mechanism out.
    #[serde(default)]
    pub switches: SwitchValues,
    /// House rules on figures: how many of a figure type each player has, by the figure's id
    /// in the tile sets and expansions (`follower = 8`; 0 leaves the figure out). Replaces the
    /// count the files give; a rule set extending this one may change it again.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub figures: BTreeMap<String, u32>,
    /// House rules on marks, by the mark's id in the tile sets and expansions: values that
    /// replace the mark's own (`[marks.inn] incomplete = { per-tile = 1 }`), or `play = false`
    /// to leave the mark out (its features score as plain ones). A rule set extending this one
    /// may change each again.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[schemars(extend("maxProperties" = 16))]
    pub marks: BTreeMap<String, MarkRules>,
    /// House rules on the values of mechanisms, by key (`barn-final-per-city = 5`): each
    /// replaces the default that the tile set or expansion bringing the mechanism declares in
    /// its own `[values]`. A rule set extending this one may change each again.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[schemars(extend("maxProperties" = 64))]
    pub values: BTreeMap<String, u32>,
    /// House rules on printed tokens, by the token's id in the tile sets and expansions:
    /// `[tokens.spice] majority = 5` replaces what holding the most of them scores. A rule set
    /// extending this one may change it again.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[schemars(extend("maxProperties" = 8))]
    pub tokens: BTreeMap<String, TokenRules>,
}

/// A rule set's house rules on one kind of printed token; every value optional.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct TokenRules {
    /// Points at the end to each player holding the most tokens of the kind, replacing the
    /// kind's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub majority: Option<u32>,
}

/// Lays `own` token house rules over `below` (those of the rule sets below), value by value.
pub fn layer_tokens(below: &mut BTreeMap<String, TokenRules>, own: &BTreeMap<String, TokenRules>) {
    for (id, mine) in own {
        let theirs = below.get(id).copied().unwrap_or_default();
        below.insert(
            id.clone(),
            TokenRules {
                majority: mine.majority.or(theirs.majority),
            },
        );
    }
}

/// Lays `own` mark house rules over `below` (those of the rule sets below), value by value:
/// what `own` leaves out of a mark, `below` gives.
pub fn layer_marks(below: &mut BTreeMap<String, MarkRules>, own: &BTreeMap<String, MarkRules>) {
    for (id, mine) in own {
        let mut mine = mine.clone();
        if let Some(theirs) = below.get(id) {
            mine.merge_from(theirs);
        }
        below.insert(id.clone(), mine);
    }
}

/// A rule set's house rules on one mark; every value optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct MarkRules {
    /// Whether the mark plays. Off: features carrying it score as plain ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<bool>,
    /// Points per unit when the feature is completed in play, replacing the mark's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete: Option<MarkValueRules>,
    /// Points per unit when the feature is incomplete at the end, replacing the mark's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub incomplete: Option<MarkValueRules>,
}

/// Values of a mark a rule set replaces; those left out stay.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct MarkValueRules {
    /// Points per tile (per segment, for a city).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub per_tile: Option<u32>,
    /// City only: points per pennant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub per_pennant: Option<u32>,
}

impl MarkValueRules {
    /// Fills the values left out from `parent`.
    fn merge_from(&mut self, parent: &MarkValueRules) {
        self.per_tile = self.per_tile.or(parent.per_tile);
        self.per_pennant = self.per_pennant.or(parent.per_pennant);
    }
}

impl MarkRules {
    /// Fills the values left out from `parent` (a rule set further down the chain).
    pub fn merge_from(&mut self, parent: &MarkRules) {
        self.play = self.play.or(parent.play);
        for (own, theirs) in [
            (&mut self.complete, &parent.complete),
            (&mut self.incomplete, &parent.incomplete),
        ] {
            match (own.as_mut(), theirs) {
                (Some(own), Some(theirs)) => own.merge_from(theirs),
                (None, Some(theirs)) => *own = Some(*theirs),
                _ => {}
            }
        }
    }
}

/// Declares rule values once: `$file` is the file form (each value optional), `$full` the
/// resolved form; `merge_from` fills gaps from a parent and `resolve` reports what is missing.
macro_rules! rule_values {
    ($file:ident, $full:ident, $section:literal, { $($(#[doc = $doc:literal])* $name:ident : $ty:ty),* $(,)? }) => {
        #[doc = concat!("The `[", $section, "]` section of a rule-set file; every value optional.")]
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
        #[serde(rename_all = "kebab-case", deny_unknown_fields)]
        pub struct $file {
            $(
                $(#[doc = $doc])*
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub $name: Option<$ty>,
            )*
        }

        #[doc = concat!("The `[", $section, "]` values of a resolved rule set.")]
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub struct $full {
            $( $(#[doc = $doc])* pub $name: $ty, )*
        }

        impl From<&$full> for $file {
            fn from(values: &$full) -> $file {
                $file { $( $name: Some(values.$name.clone()), )* }
            }
        }

        impl $file {
            /// Fills every value this section leaves out from `parent`.
            pub fn merge_from(&mut self, parent: &$file) {
                $( if self.$name.is_none() { self.$name = parent.$name.clone(); } )*
            }

            /// The complete values, or the kebab-case keys still missing.
            pub fn resolve(&self) -> Result<$full, Vec<String>> {
                let mut missing = Vec::new();
                $( if self.$name.is_none() { missing.push(stringify!($name).replace('_', "-")); } )*
                if !missing.is_empty() {
                    return Err(missing);
                }
                Ok($full { $( $name: self.$name.clone().expect("checked above"), )* })
            }
        }
    };
}

rule_values!(ScoringValues, Scoring, "scoring", {
    /// Points per tile of a completed road.
    road_per_tile: u32,
    /// Points per tile of a road still incomplete at the end of the game.
    road_per_tile_final: u32,
    /// Points per segment of a completed city.
    city_per_segment: u32,
    /// Points per pennant of a completed city.
    city_per_pennant: u32,
    /// Points per segment of a city still incomplete at the end of the game.
    city_per_segment_final: u32,
    /// Points per pennant of a city still incomplete at the end of the game.
    city_per_pennant_final: u32,
    /// With `tiny-city` on: points per segment of a completed city of two segments.
    tiny_city_per_segment: u32,
    /// With `tiny-city` on: points per pennant of a completed city of two segments.
    tiny_city_per_pennant: u32,
    /// Points per tile of a completed monastery (the monastery's tile and its 8 neighbours).
    monastery_per_tile: u32,
    /// Points per tile (its own and each neighbour) of a monastery incomplete at the end.
    monastery_per_tile_final: u32,
    /// `per-field` farm scoring: points per completed city bordering the field.
    farm_per_city: u32,
    /// `per-city` farm scoring: points per completed city to the farmer majority around it.
    farm_per_city_majority: u32,
});

rule_values!(SwitchValues, Switches, "switches", {
    /// How fields score at the end: `per-field` (current rules, 3 per city per field) or
    /// `per-city` (original 2000 rules, each city once to the majority of its farmers).
    farm_scoring: FarmScoring,
    /// The old small-city rule: a completed city of two segments scores the tiny-city values.
    tiny_city: bool,
    /// When players may still place abbeys at the end of the game.
    abbey_endgame: AbbeyEndgame,
    /// Where a wagon may move after its feature is scored.
    wagon_move: WagonMove,
    /// Whether a barn may be placed on a field that already has a barn.
    barn_on_barn_field: bool,
    /// How followers on hills break ties for a majority.
    hill_tiebreak: HillTiebreak,
    /// House rule: whether followers may be deployed on fields as farmers. Off: no farmer, so
    /// fields score nothing at the end and barns never meet farmers (barns still score at the
    /// end).
    farmers: bool,
    /// House rule: whether the hills mechanism plays. Off: a hill tile is plain land (it takes
    /// no tile under it and breaks no tie).
    hills: bool,
    /// House rule: whether the vineyards mechanism plays. Off: vineyards add nothing.
    vineyards: bool,
    /// House rule: whether the shepherd and the bag of sheep and wolves play. Off: no player
    /// has a shepherd.
    shepherd: bool,
    /// House rule: whether the abbey mechanism plays. Off: no player is dealt an abbey.
    abbeys: bool,
    /// House rule: whether the mayor plays (a figure whose strength is the city's pennants).
    /// Off: no player has one.
    mayor: bool,
    /// House rule: whether the wagon plays (a figure that moves after scoring). Off: no player
    /// has one.
    wagon: bool,
    /// House rule: whether the barn plays. Off: no player has one.
    barn: bool,
    /// House rule: whether marks play (inns, cathedrals: features the files mark to score
    /// other values). Off: every marked feature scores as a plain one.
    marks: bool,
    /// House rule: whether printed tokens play (taken with the feature they are printed on,
    /// scored for the most of each kind at the end). Off: no token is taken or scored.
    tokens: bool,
    /// House rule: whether the rules of where tiles go that declared edge kinds carry play (a
    /// river that must continue the river laid, without turning back). Off: a tile showing
    /// such a kind goes wherever it fits (still only that kind facing it).
    edge_kind_rules: bool,
});

impl Switches {
    /// The house-rule switches that leave a mechanism out, by key, each with whether it is on
    /// (the order of the file's keys), for reports of what a game plays with.
    pub fn mechanisms(&self) -> [(&'static str, bool); 11] {
        [
            ("farmers", self.farmers),
            ("hills", self.hills),
            ("vineyards", self.vineyards),
            ("shepherd", self.shepherd),
            ("abbeys", self.abbeys),
            ("mayor", self.mayor),
            ("wagon", self.wagon),
            ("barn", self.barn),
            ("marks", self.marks),
            ("tokens", self.tokens),
            ("edge-kind-rules", self.edge_kind_rules),
        ]
    }
}

/// Field scoring methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FarmScoring {
    /// Each field's majority scores every completed city bordering it (current rules).
    PerField,
    /// Each completed city scores once, to the majority of farmers on all fields bordering it
    /// (original 2000 rules).
    PerCity,
}

/// End-of-game rules for abbeys still held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AbbeyEndgame {
    /// The game ends after the last land tile; abbeys still held are lost.
    None,
    /// After the last land tile, each player still holding an abbey may place it, in turn
    /// order from the left of the player who placed the last tile.
    FinalRound,
    /// The game ends when nobody can place a land tile or an abbey; a player with no other
    /// option must place the abbey.
    UntilNoneCan,
}

/// Where a wagon may move after scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WagonMove {
    /// Only to features connected to the scored one (through crossings, city gates, into
    /// monasteries and abbeys).
    Connected,
    /// To any feature on the same tile or the 8 tiles around it.
    Range,
}

/// Tie-breaks by followers on hill tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum HillTiebreak {
    /// A tied player with a follower on a hill tile of the feature wins; if every tied player,
    /// or none, has one, the tie stands.
    AnyOnHill,
    /// The tied player with the most followers on hill tiles of the feature wins.
    CountOnHill,
}

/// A rule set with its `extends` chain applied: every value present.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    /// Id of the rule set.
    pub id: String,
    /// Name of the rule set.
    pub name: String,
    /// The ids of the rule sets it extends, nearest first: its parent, the parent's parent, ...
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extends: Vec<String>,
    /// The edition it declares with `edition`, or the nearest rule set it extends declares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// The tile sets and expansions it plays with besides those a game names: its own
    /// `plays-with`, or the nearest rule set it extends gives.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plays_with: Vec<String>,
    /// Points.
    pub scoring: Scoring,
    /// Switches.
    pub switches: Switches,
    /// Figure counts per player that replace the files' counts, by figure id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub figures: BTreeMap<String, u32>,
    /// House rules on marks, by mark id, each merged down the chain.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub marks: BTreeMap<String, MarkRules>,
    /// Values of mechanisms that replace the files' defaults, by key, merged down the chain.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub values: BTreeMap<String, u32>,
    /// House rules on printed tokens, by token id, each merged down the chain.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tokens: BTreeMap<String, TokenRules>,
}

/// Most rule sets in an `extends` chain, counting the rule set itself and the one at the root.
pub const MAX_EXTENDS_CHAIN: usize = 64;

/// Rule-set ids shown in a message about a loop, before `…`.
const LISTED_LOOP: usize = 8;

/// Resolves `id`'s `extends` chain among `sets`: the complete rules, or a reason. When two
/// rule sets have the same id, the first counts.
pub fn resolve(id: &str, sets: &[&RuleSet]) -> Result<Rules, ResolveError> {
    Resolver::new(sets).resolve(id)
}

/// Why a rule set could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResolveError {
    /// No rule set has this id.
    Unknown(String),
    /// The `extends` chain loops: the rule sets from this one round the loop, the first one of
    /// the loop repeated at the end (long loops are shortened with `…`).
    Cycle(Vec<String>),
    /// The chain has this many rule sets, more than [`MAX_EXTENDS_CHAIN`].
    TooLong(usize),
    /// Values no rule set in the chain gives.
    Missing(Vec<String>),
}

/// A rule set's values filled in from its `extends` chain, and the chain's length.
#[derive(Debug, Clone, Default)]
struct Merged<'a> {
    scoring: ScoringValues,
    switches: SwitchValues,
    /// The `[figures]` tables down the chain, shared with the rule sets below: a table can be
    /// as large as a file allows, and copying it into every rule set that extends it would
    /// take memory and time in the product of the two counts.
    figures: Option<Arc<FigureLayer<'a>>>,
    /// The `[marks]` tables merged down the chain (a few marks: copied).
    marks: BTreeMap<String, MarkRules>,
    /// The `[values]` tables merged down the chain (a few values: copied).
    values: BTreeMap<String, u32>,
    /// The `[tokens]` tables merged down the chain.
    tokens: BTreeMap<String, TokenRules>,
    /// The nearest `edition` declared down the chain.
    edition: Option<String>,
    /// The nearest `plays-with` declared down the chain.
    plays_with: Option<Vec<String>>,
    length: usize,
}

/// One rule set's own `[figures]` table and the layer of the nearest rule set below it that
/// has one.
#[derive(Debug)]
struct FigureLayer<'a> {
    own: &'a BTreeMap<String, u32>,
    below: Option<Arc<FigureLayer<'a>>>,
}

/// The figure counts of a chain's layers, each from the nearest rule set that gives it.
fn figure_counts(top: Option<&Arc<FigureLayer<'_>>>) -> BTreeMap<String, u32> {
    let mut layers = Vec::new();
    let mut next = top;
    while let Some(layer) = next {
        layers.push(layer.own);
        next = layer.below.as_ref();
    }
    let mut counts = BTreeMap::new();
    for own in layers.into_iter().rev() {
        counts.extend(own.iter().map(|(id, &count)| (id.clone(), count)));
    }
    counts
}

/// Resolves `extends` chains among a list of rule sets, each chain once.
pub struct Resolver<'a> {
    by_id: HashMap<&'a str, &'a RuleSet>,
    /// Ids in the order given (first of each id only), for messages.
    order: Vec<&'a str>,
    done: HashMap<&'a str, Result<Merged<'a>, ResolveError>>,
}

impl<'a> Resolver<'a> {
    /// A resolver over `sets`; when two have the same id, the first counts.
    pub fn new(sets: &[&'a RuleSet]) -> Resolver<'a> {
        let mut by_id = HashMap::with_capacity(sets.len());
        let mut order = Vec::with_capacity(sets.len());
        for set in sets {
            if let Entry::Vacant(slot) = by_id.entry(set.id.as_str()) {
                slot.insert(*set);
                order.push(set.id.as_str());
            }
        }
        Resolver {
            by_id,
            order,
            done: HashMap::new(),
        }
    }

    /// The complete rules of rule set `id`, or why there are none.
    pub fn resolve(&mut self, id: &str) -> Result<Rules, ResolveError> {
        self.resolve_with(id, true)
    }

    /// The rules of rule set `id` as [`Resolver::resolve`] gives them, but with no figure
    /// counts (`figures` empty): for checking every rule set of a run, where building each
    /// one's counts would cost the size of every table below it.
    pub fn resolve_without_figures(&mut self, id: &str) -> Result<Rules, ResolveError> {
        self.resolve_with(id, false)
    }

    fn resolve_with(&mut self, id: &str, with_figures: bool) -> Result<Rules, ResolveError> {
        let set = *self.by_id.get(id).ok_or_else(|| ResolveError::Unknown(id.to_owned()))?;
        let merged = self.merged(set.id.as_str())?;
        if merged.length > MAX_EXTENDS_CHAIN {
            return Err(ResolveError::TooLong(merged.length));
        }
        match (merged.scoring.resolve(), merged.switches.resolve()) {
            (Ok(scoring), Ok(switches)) => Ok(Rules {
                id: set.id.clone(),
                name: set.name.clone(),
                extends: self.parents(set, merged.length),
                edition: merged.edition,
                plays_with: merged.plays_with.unwrap_or_default(),
                scoring,
                switches,
                marks: merged.marks,
                values: merged.values,
                tokens: merged.tokens,
                figures: if with_figures {
                    figure_counts(merged.figures.as_ref())
                } else {
                    BTreeMap::new()
                },
            }),
            (scoring, switches) => {
                let mut missing: Vec<String> = scoring
                    .err()
                    .unwrap_or_default()
                    .into_iter()
                    .map(|k| format!("scoring.{k}"))
                    .collect();
                missing.extend(
                    switches
                        .err()
                        .unwrap_or_default()
                        .into_iter()
                        .map(|k| format!("switches.{k}")),
                );
                Err(ResolveError::Missing(missing))
            }
        }
    }

    /// The ids of the `length - 1` rule sets `set` extends, nearest first (the chain is known
    /// to resolve, and to be no longer than [`MAX_EXTENDS_CHAIN`]).
    fn parents(&self, set: &RuleSet, length: usize) -> Vec<String> {
        let mut parents = Vec::new();
        let mut next = set.extends.as_deref();
        while let Some(id) = next.filter(|_| parents.len() + 1 < length) {
            parents.push(id.to_owned());
            next = self.by_id.get(id).and_then(|parent| parent.extends.as_deref());
        }
        parents
    }

    /// The ids known, in the order given.
    pub fn ids(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.order.iter().copied()
    }

    /// The values of rule set `id` merged down its chain. Walks up the chain only as far as a
    /// rule set already merged, then merges back down, remembering each rule set on the way.
    fn merged(&mut self, id: &'a str) -> Result<Merged<'a>, ResolveError> {
        let mut path: Vec<&'a RuleSet> = Vec::new();
        let mut on_path: HashMap<&'a str, usize> = HashMap::new();
        let mut next = Some(id);
        let root = loop {
            let Some(current) = next else {
                break Ok(Merged::default());
            };
            if let Some(done) = self.done.get(current) {
                break done.clone();
            }
            if let Some(&start) = on_path.get(current) {
                self.fail_loop(&path, start);
                return self
                    .done
                    .get(id)
                    .cloned()
                    .unwrap_or(Err(ResolveError::Unknown(id.to_owned())));
            }
            let Some(&set) = self.by_id.get(current) else {
                break Err(ResolveError::Unknown(current.to_owned()));
            };
            on_path.insert(&set.id, path.len());
            path.push(set);
            next = set.extends.as_deref();
        };
        let mut below = root;
        for &set in path.iter().rev() {
            below = below.map(|parent| {
                let figures = if set.figures.is_empty() {
                    parent.figures
                } else {
                    Some(Arc::new(FigureLayer {
                        own: &set.figures,
                        below: parent.figures,
                    }))
                };
                let mut marks = parent.marks;
                layer_marks(&mut marks, &set.marks);
                let mut values = parent.values;
                layer_values(&mut values, &set.values);
                let mut tokens = parent.tokens;
                layer_tokens(&mut tokens, &set.tokens);
                let mut merged = Merged {
                    tokens,
                    scoring: set.scoring.clone(),
                    switches: set.switches.clone(),
                    figures,
                    marks,
                    values,
                    edition: set.edition.clone().or(parent.edition),
                    plays_with: set.plays_with.clone().or(parent.plays_with),
                    length: parent.length + 1,
                };
                merged.scoring.merge_from(&parent.scoring);
                merged.switches.merge_from(&parent.switches);
                merged
            });
            self.done.insert(&set.id, below.clone());
        }
        below
    }

    /// Records the loop `path[start..]` (which extends `path[start]` again) as the outcome of
    /// every rule set on `path`: those on the loop and those leading into it.
    fn fail_loop(&mut self, path: &[&'a RuleSet], start: usize) {
        let ring: Vec<&str> = path[start..].iter().map(|s| s.id.as_str()).collect();
        for (i, set) in path.iter().enumerate() {
            let chain = if i >= start {
                let k = i - start;
                shown_loop(ring[k..].iter().chain(&ring[..k]).copied(), ring[k])
            } else {
                shown_loop(path[i..].iter().map(|s| s.id.as_str()), ring[0])
            };
            self.done.insert(&set.id, Err(ResolveError::Cycle(chain)));
        }
    }
}

impl std::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResolveError::Unknown(id) => write!(f, "there is no rule set `{id}`"),
            ResolveError::Cycle(chain) => write!(f, "`extends` goes round in a circle: {}", chain.join(" → ")),
            ResolveError::TooLong(length) => write!(
                f,
                "its `extends` chain is {length} rule sets long, more than {MAX_EXTENDS_CHAIN}"
            ),
            ResolveError::Missing(keys) => write!(f, "it leaves {} unset: {}", keys.len(), keys.join(", ")),
        }
    }
}

impl std::error::Error for ResolveError {}

/// A loop for a message: the ids walked (at most [`LISTED_LOOP`], then `…`) and the id that
/// closes it.
fn shown_loop<'s>(walked: impl Iterator<Item = &'s str>, closing: &str) -> Vec<String> {
    let mut shown: Vec<String> = Vec::new();
    for (n, id) in walked.enumerate() {
        if n == LISTED_LOOP {
            shown.push("…".into());
            break;
        }
        shown.push(id.to_owned());
    }
    shown.push(closing.to_owned());
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The project's bundled rule sets, read as the model (the checks are the load side's).
    fn bundled_rule_sets() -> Vec<RuleSet> {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulesets");
        let mut paths: Vec<_> = std::fs::read_dir(folder).unwrap().map(|e| e.unwrap().path()).collect();
        paths.retain(|p| p.extension().is_some_and(|e| e == "toml"));
        paths.sort();
        paths
            .iter()
            .map(|p| toml::from_str(&std::fs::read_to_string(p).unwrap()).unwrap())
            .collect()
    }

    fn set(id: &str, extends: Option<&str>) -> RuleSet {
        RuleSet {
            id: id.into(),
            name: id.into(),
            description: String::new(),
            extends: extends.map(Into::into),
            edition: None,
            plays_with: None,
            scoring: ScoringValues::default(),
            switches: SwitchValues::default(),
            figures: BTreeMap::new(),
            marks: BTreeMap::new(),
            values: BTreeMap::new(),
            tokens: BTreeMap::new(),
        }
    }

    #[test]
    fn chains_resolve_once_and_loops_are_found() {
        // A complete root, so that only the chains' shapes decide.
        let root: RuleSet = toml::from_str(include_str!("../../rulesets/new-edition.toml")).unwrap();
        let mut sets: Vec<RuleSet> = vec![set("a", Some("b")), set("b", Some("a")), set("x", Some("a"))];
        sets.push(set("c0", Some("new-edition")));
        for i in 1..200 {
            sets.push(set(&format!("c{i}"), Some(&format!("c{}", i - 1))));
        }
        let mut all: Vec<&RuleSet> = sets.iter().collect();
        all.push(&root);
        let mut resolver = Resolver::new(&all);
        let chain = |v: &[&str]| ResolveError::Cycle(v.iter().map(|s| (*s).to_owned()).collect());
        assert_eq!(resolver.resolve("x").unwrap_err(), chain(&["x", "a", "b", "a"]));
        assert_eq!(resolver.resolve("a").unwrap_err(), chain(&["a", "b", "a"]));
        assert_eq!(resolver.resolve("b").unwrap_err(), chain(&["b", "a", "b"]));
        assert!(resolver.resolve("c62").is_ok());
        assert_eq!(
            resolver.resolve("c63").unwrap_err(),
            ResolveError::TooLong(MAX_EXTENDS_CHAIN + 1)
        );
        assert_eq!(resolver.resolve("c199").unwrap_err(), ResolveError::TooLong(201));
        assert_eq!(resolver.resolve("zz").unwrap_err(), ResolveError::Unknown("zz".into()));
    }

    #[test]
    fn figure_counts_come_from_the_nearest_rule_set_that_gives_them() {
        let bundled = bundled_rule_sets();
        let mut a = set("a", Some("new-edition"));
        a.figures = BTreeMap::from([("follower".to_owned(), 5), ("mayor".to_owned(), 2)]);
        let b = set("b", Some("a"));
        let mut c = set("c", Some("b"));
        c.figures = BTreeMap::from([("follower".to_owned(), 8)]);
        let mut all: Vec<&RuleSet> = vec![&c, &b, &a];
        all.extend(&bundled);
        let mut resolver = Resolver::new(&all);
        let counts = |rules: Rules| rules.figures.into_iter().collect::<Vec<_>>();
        let (follower, mayor) = ("follower".to_owned(), "mayor".to_owned());
        assert_eq!(
            counts(resolver.resolve("c").unwrap()),
            [(follower.clone(), 8), (mayor.clone(), 2)]
        );
        assert_eq!(counts(resolver.resolve("b").unwrap()), [(follower, 5), (mayor, 2)]);
        assert!(resolver.resolve_without_figures("c").unwrap().figures.is_empty());
        assert!(resolver.resolve("new-edition").unwrap().figures.is_empty());
    }

    #[test]
    fn plays_with_comes_from_the_nearest_rule_set_that_gives_it() {
        let bundled = bundled_rule_sets();
        let mut a = set("a", Some("new-edition"));
        a.plays_with = Some(vec!["abbot".to_owned()]);
        let b = set("b", Some("a"));
        let mut c = set("c", Some("b"));
        c.plays_with = Some(Vec::new());
        let mut all: Vec<&RuleSet> = vec![&c, &b, &a];
        all.extend(&bundled);
        let mut resolver = Resolver::new(&all);
        assert_eq!(resolver.resolve("b").unwrap().plays_with, ["abbot"]);
        assert!(resolver.resolve("c").unwrap().plays_with.is_empty());
        assert!(resolver.resolve("new-edition").unwrap().plays_with.is_empty());
    }

    #[test]
    fn every_bundled_rule_set_plays_every_mechanism() {
        let bundled = bundled_rule_sets();
        let sets: Vec<&RuleSet> = bundled.iter().collect();
        assert!(sets.len() >= 3);
        for set in &sets {
            let rules = resolve(&set.id, &sets).unwrap();
            let off: Vec<_> = rules.switches.mechanisms().into_iter().filter(|(_, on)| !on).collect();
            assert!(off.is_empty(), "{}: {off:?}", set.id);
            assert!(rules.figures.is_empty(), "{}", set.id);
        }
        // Every house-rule switch is listed once, under its key in the file (a rule set that
        // extends none gives every key).
        let root = sets.iter().find(|s| s.extends.is_none()).unwrap();
        let keys = serde_json::to_value(&root.switches).unwrap();
        let listed: Vec<&str> = resolve(&root.id, &sets)
            .unwrap()
            .switches
            .mechanisms()
            .map(|(k, _)| k)
            .to_vec();
        for key in &listed {
            assert!(keys.get(*key).is_some(), "{key}");
        }
        let unique: std::collections::BTreeSet<_> = listed.iter().collect();
        assert_eq!(unique.len(), listed.len());
    }
}
