//! Everything fixed for a whole game: compiled tiles, rules, figure types, the tiles in play.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::gathered::Gathered;
use super::mechanisms::{EdgeKinds, apply_switches, bag_drawn, tiles_held};
use super::values::values_under_rules;
use super::{MechanismSet, Mechanisms};
use crate::compile::{CompileError, TileInput, TileTables};
use crate::edge::TileEdges;
use crate::limits::FigureTypes;
use crate::limits::{
    MAX_BAG_TOKENS, MAX_BAGS, MAX_COPIES, MAX_FIGURE_TYPES, MAX_HELD_TYPES, MAX_PENNANTS_IN_PLAY, MAX_SHEEP,
    MAX_TILE_TYPES, MAX_TILES, MAX_TOKENS_ON_FEATURE, copies_in_play, pennants_on,
};
use crate::model::{
    Bag, ExpansionFile, FeatureKind, Figure, FigureEffect, FigureMechanism, Joins, Mark, MarkEffect, MarkValues, Role,
    RuleSet, Rules, Strength, Supply, Tile, TileSet, TokenKind,
};
use crate::quote::{clip, quote};

/// The files a game can be set up from ([`GameDef::from_files`]), by id.
pub trait GameFiles {
    /// The tile set with this id, with its tiles' edges when they were read already (else
    /// they are read from the tiles' text).
    fn tileset(&self, id: &str) -> Option<(&TileSet, Option<&[TileEdges]>)>;
    /// The expansion file with this id.
    fn expansion(&self, id: &str) -> Option<&ExpansionFile>;
    /// Every rule set, which rule sets may extend.
    fn rulesets(&self) -> Vec<&RuleSet>;
}

/// Files read as plain model values, for [`GameDef::from_files`]: their tiles' edges are read
/// from the tiles' text. (The load side's catalog also keeps what validation read.)
#[derive(Debug, Clone, Default)]
pub struct Files {
    /// Tile sets.
    pub tilesets: Vec<TileSet>,
    /// Expansion files.
    pub expansions: Vec<ExpansionFile>,
    /// Rule sets.
    pub rulesets: Vec<RuleSet>,
}

impl GameFiles for Files {
    fn tileset(&self, id: &str) -> Option<(&TileSet, Option<&[TileEdges]>)> {
        self.tilesets.iter().find(|s| s.id == id).map(|s| (s, None))
    }

    fn expansion(&self, id: &str) -> Option<&ExpansionFile> {
        self.expansions.iter().find(|e| e.id == id)
    }

    fn rulesets(&self) -> Vec<&RuleSet> {
        self.rulesets.iter().collect()
    }
}

/// A kind of figure as used in play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureType {
    /// Id in the data file.
    pub id: String,
    /// Follower or special figure.
    pub role: Role,
    /// How many each player has.
    pub count: u8,
    /// Weight in majorities.
    pub strength: Strength,
    /// Bit `k` set: may stand on feature kind `k` (in [`FeatureKind`] order).
    pub stands_on: u8,
    /// Extra behaviour.
    pub mechanism: Option<FigureMechanism>,
    /// Special figures: joins only beside one of its owner's followers.
    pub joins: Option<Joins>,
    /// Special figures: what it does for its owner.
    pub effect: Option<FigureEffect>,
}

impl FigureType {
    pub(super) fn from_model(id: &str, figure: &Figure) -> Result<FigureType, SetupError> {
        let stands_on = figure
            .stands_on
            .iter()
            .filter_map(|s| s.feature_kind())
            .fold(0u8, |mask, k| mask | kind_bit(k));
        Ok(FigureType {
            id: id.to_owned(),
            role: figure.role,
            count: byte("figures of one type per player", figure.count, MAX_COPIES)?,
            strength: figure.strength,
            stands_on,
            mechanism: figure.mechanism,
            joins: figure.joins,
            effect: figure.effect,
        })
    }

    /// The feature kinds a figure of this type can stand on once on the table: those it is
    /// deployed on, and those its mechanism puts it on (a barn, deployed on a corner, stands
    /// on a field).
    pub fn stands_on_kinds(&self) -> u8 {
        self.stands_on | Mechanisms::stands_on_table(self)
    }

    /// Whether the figure may stand on a feature of `kind`.
    #[inline]
    pub fn may_stand_on(&self, kind: FeatureKind) -> bool {
        self.stands_on & kind_bit(kind) != 0
    }
}

/// A mark as used in play: the points per unit of a feature carrying it, with the rule set's
/// house rules applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkType {
    /// Id in the data files.
    pub id: String,
    /// The kind of feature that carries it (road or city).
    pub kind: FeatureKind,
    /// Points per tile (segment) and per pennant of a feature completed in play; a pennant
    /// value left out is the plain one; none: the plain values.
    pub complete: Option<MarkPoints>,
    /// The same for a feature still incomplete at the end of the game.
    pub incomplete: Option<MarkPoints>,
    /// What it does besides scoring.
    pub effect: Option<MarkEffect>,
    /// Whether the mark plays under the rules (off: its features score as plain ones).
    pub play: bool,
}

/// Points per unit of a marked feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarkPoints {
    /// Per tile (per segment, for a city).
    pub per_tile: u32,
    /// Per pennant; `None`: the rule set's plain value.
    pub per_pennant: Option<u32>,
}

impl From<MarkValues> for MarkPoints {
    fn from(values: MarkValues) -> MarkPoints {
        MarkPoints {
            per_tile: values.per_tile,
            per_pennant: values.per_pennant,
        }
    }
}

impl MarkType {
    pub(super) fn from_model(id: &str, mark: &Mark) -> MarkType {
        MarkType {
            id: id.to_owned(),
            kind: mark.kind.feature_kind(),
            complete: mark.complete.map(MarkPoints::from),
            incomplete: mark.incomplete.map(MarkPoints::from),
            effect: mark.effect,
            play: true,
        }
    }
}

/// The marks of `files` under `rules`: each mark's values replaced where the rules' `[marks]`
/// say, and whether it plays (every mark off with the `marks` switch off). A rule set's house
/// rule on a mark no file in play declares changes nothing: a rule set serves games with and
/// without the expansion. Returns the marks and the mask of those that play on some tile of
/// `tables` (a mark no tile carries leaves the mechanism out of play).
fn marks_under_rules(files: &[MarkType], rules: &Rules, tables: &TileTables) -> (Vec<MarkType>, u16) {
    let mut marks = files.to_vec();
    let mut playing = 0u16;
    for (i, mark) in marks.iter_mut().enumerate() {
        if let Some(house) = rules.marks.get(&mark.id) {
            mark.play = house.play.unwrap_or(true);
            for (values, replaced) in [
                (&mut mark.complete, &house.complete),
                (&mut mark.incomplete, &house.incomplete),
            ] {
                if let (Some(values), Some(replaced)) = (values.as_mut(), replaced) {
                    values.per_tile = replaced.per_tile.unwrap_or(values.per_tile);
                    values.per_pennant = replaced.per_pennant.or(values.per_pennant);
                }
            }
        }
        mark.play &= rules.switches.marks;
        if mark.play {
            playing |= 1 << i;
        }
    }
    let carried = tables
        .tiles
        .iter()
        .flat_map(|t| &t.features)
        .fold(0, |all, f| all | f.marks);
    (marks, playing & carried)
}

/// A kind of printed token as used in play, with the rule set's house rules applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedTokenType {
    /// Id in the data files (`spice`), the word events use.
    pub id: String,
    /// The kind of feature it is printed on.
    pub kind: FeatureKind,
    /// Points at the end to each player holding the most of it.
    pub majority: u32,
}

/// Tokens printed on one feature of a compiled tile: `count` of kind `token`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokensOn {
    /// The feature's local index on its tile.
    pub local: u8,
    /// The kind (index into [`GameDef::printed_tokens`]).
    pub token: u8,
    /// How many.
    pub count: u8,
}

/// The tokens printed on each compiled tile's features (by tile, one entry per feature and
/// kind): a token no file in play declares for the feature's kind is refused.
fn tokens_on_tiles(tiles: &[&Tile], tokens: &[PrintedTokenType]) -> Result<Vec<Vec<TokensOn>>, SetupError> {
    let mut on_tiles = Vec::with_capacity(tiles.len());
    for tile in tiles {
        let mut on = Vec::new();
        // Compiled features are in the file's (sorted) order, as the model's map.
        for (local, feature) in tile.features.values().enumerate() {
            if feature.tokens.len() > MAX_TOKENS_ON_FEATURE {
                return Err(SetupError::TooMany(
                    "tokens on one feature",
                    feature.tokens.len(),
                    MAX_TOKENS_ON_FEATURE,
                ));
            }
            for id in &feature.tokens {
                let Some(t) = tokens.iter().position(|t| t.id == *id && t.kind == feature.kind) else {
                    return Err(SetupError::UnknownToken {
                        tile: clip(&tile.id),
                        token: clip(id),
                    });
                };
                // At most MAX_FEATURES features, MAX_PRINTED_TOKENS kinds and
                // MAX_TOKENS_ON_FEATURE tokens: each fits a byte.
                let (local, token) = (local as u8, t as u8);
                match on
                    .iter_mut()
                    .find(|o: &&mut TokensOn| o.local == local && o.token == token)
                {
                    Some(entry) => entry.count += 1,
                    None => on.push(TokensOn { local, token, count: 1 }),
                }
            }
        }
        on_tiles.push(on);
    }
    Ok(on_tiles)
}

/// The printed tokens of `files` under `rules`: each kind's majority points replaced where the
/// rules' `[tokens]` say; none play with the `tokens` switch off or when no tile in play
/// carries one (the mechanism is then out of play).
fn tokens_under_rules(
    files: &[PrintedTokenType],
    rules: &Rules,
    on_tiles: &[Vec<TokensOn>],
) -> (Vec<PrintedTokenType>, bool) {
    let mut tokens = files.to_vec();
    for token in &mut tokens {
        if let Some(majority) = rules.tokens.get(&token.id).and_then(|house| house.majority) {
            token.majority = majority;
        }
    }
    let carried = on_tiles.iter().any(|on| !on.is_empty());
    (tokens, rules.switches.tokens && carried)
}

/// The figure types of a game as masks (bit `f` for figure type `f`), worked out once so that
/// deployment and scoring test bits instead of reading figure definitions.
#[derive(Debug, Clone, Copy)]
pub(super) struct FigureMasks {
    /// Followers.
    pub followers: FigureTypes,
    /// By feature kind (as an index): the types that may be deployed there.
    pub deployable_on: [FigureTypes; 8],
    /// The feature kinds ([`kind_bit`]) that figures other than followers stand on (fields,
    /// for the figures of the bundled expansions). Taking figures off a feature of another kind without followers
    /// has nothing to look for.
    pub special_kinds: u8,
}

/// The types among `figures` that `wanted` accepts, bit `f` for type `f`.
fn types_where(figures: &[FigureType], wanted: impl Fn(&FigureType) -> bool) -> FigureTypes {
    figures
        .iter()
        .take(MAX_FIGURE_TYPES)
        .enumerate()
        .filter(|(_, figure)| wanted(figure))
        .fold(0, |mask, (f, _)| mask | 1 << f)
}

impl FigureMasks {
    pub(super) fn new(figures: &[FigureType]) -> FigureMasks {
        let types = |wanted: &dyn Fn(&FigureType) -> bool| types_where(figures, wanted);
        FigureMasks {
            followers: types(&|f| f.role == Role::Follower),
            deployable_on: [0, 1, 2, 3, 4, 5, 6, 7].map(|kind| types(&|f| f.stands_on & 1 << kind != 0)),
            // A type switched off (a count of 0) never stands on the table.
            special_kinds: figures
                .iter()
                .filter(|f| f.role != Role::Follower && f.count > 0)
                .fold(0, |kinds, f| kinds | f.stands_on_kinds()),
        }
    }
}

/// The bit of a feature kind in masks.
#[inline]
pub fn kind_bit(kind: FeatureKind) -> u8 {
    1 << kind as u8
}

/// A tile set or expansion file in play, identified by content so a record can tell it was
/// changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetRef {
    /// Tile-set or expansion id.
    pub id: String,
    /// Edition whose counts are used (empty for an expansion file, which has no tiles).
    pub edition: String,
    /// FNV-1a hash of the file's content (comments and layout do not count).
    pub hash: String,
}

/// How the edition a tile set plays was chosen (see [`GameDef::from_files`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditionFrom {
    /// Named with the tile set: `base@first-edition`.
    Named,
    /// Declared by the rule set's `edition` (or that of a rule set it extends).
    Declared,
    /// The id of this rule set of the `extends` chain (the rule set itself or one it extends).
    RuleSet(String),
    /// The set's first edition: nothing chose another.
    First,
    /// The set's only edition (a set without `editions` has one): played whatever edition the
    /// rules play, since nothing named or declared another and the rules' chain names none of
    /// the set's.
    Only,
    /// The set's first edition, because the rule set declares an edition the set lacks.
    Missing(String),
}

/// The edition `set` plays under `rules` when named without one (`None`: its first) and why:
/// the edition the rules declare; else the first rule set of the `extends` chain (the rule set
/// itself, its parent, ...) with the id of one of the set's editions; else its first edition.
/// A declared edition the set lacks gives its first edition too, and says so.
fn edition_for<'s>(set: &'s TileSet, rules: &Rules) -> (Option<&'s str>, EditionFrom) {
    let has = |edition: &str| set.editions.iter().find(|e| *e == edition).map(String::as_str);
    if let Some(declared) = &rules.edition {
        return match has(declared) {
            Some(edition) => (Some(edition), EditionFrom::Declared),
            None => (None, EditionFrom::Missing(declared.clone())),
        };
    }
    std::iter::once(&rules.id)
        .chain(&rules.extends)
        .find_map(|id| has(id).map(|edition| (Some(edition), EditionFrom::RuleSet(id.clone()))))
        .unwrap_or(match set.editions.len() {
            1 => (None, EditionFrom::Only),
            _ => (None, EditionFrom::First),
        })
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// No tile set with this id was loaded.
    #[error("no tile set or expansion `{0}` is loaded")]
    UnknownTileSet(String),
    /// The rule set plays with a tile set or expansion (`plays-with`) that was not loaded.
    #[error(
        "rule set `{0}` plays with `{1}`, which is not loaded: load the file that defines `{1}`, or take it out of the rule set's `plays-with`"
    )]
    RulesPlayWith(String, String),
    /// No rule set with this id was loaded, or its `extends` chain does not resolve.
    #[error("cannot use rule set `{0}`: {1}")]
    UnknownRules(String, String),
    /// The tile set has no such edition.
    #[error("tile set `{set}` has no edition `{edition}` (it has: {known})")]
    UnknownEdition {
        /// Tile set.
        set: String,
        /// Edition asked for.
        edition: String,
        /// Editions it has.
        known: String,
    },
    /// None or several start tiles.
    #[error("{0}")]
    StartTile(String),
    /// A rule set's `[figures]` names a figure type none of the files in play has.
    #[error("the rules give a count for figure `{id}`, which none of the files in play has (they have: {known})")]
    UnknownFigure {
        /// The id in the rules.
        id: String,
        /// The figure ids of the files in play.
        known: String,
    },
    /// A tile's feature carries a mark that the files in play declare for another kind of
    /// feature.
    #[error(
        "tile `{tile}` has a feature marked `{mark}`, but the files in play declare that mark for another kind of feature; mark a feature of its kind"
    )]
    UnknownMark {
        /// The tile.
        tile: String,
        /// The mark.
        mark: String,
    },
    /// A tile's feature carries a printed token no file in play declares for its kind of
    /// feature.
    #[error(
        "tile `{tile}` has a feature with a `{token}` token printed on it, but no file in play declares that token for its kind of feature; play the set with the file that declares it"
    )]
    UnknownToken {
        /// The tile.
        tile: String,
        /// The token.
        token: String,
    },
    /// Two files in play declare one printed token id with different values.
    #[error("two files in play declare the token `{0}` differently; a game plays one token of each id")]
    TokenTwice(String),
    /// Two files in play declare one mark id with different values.
    #[error("two files in play declare the mark `{0}` differently; a game plays one mark of each id")]
    MarkTwice(String),
    /// Two files in play declare one value with different defaults.
    #[error("two files in play declare the value `{0}` with different defaults; a game plays one value of each key")]
    ValueTwice(String),
    /// A mechanism in play reads a value no file in play declares.
    #[error(
        "`{by}` reads the value `{key}`, which no file in play declares; declare its default in the `[values]` of the file that brings `{by}`"
    )]
    MissingValue {
        /// The value's key.
        key: String,
        /// The figure or mechanism that reads it.
        by: String,
    },
    /// Two tile sets in play declare one edge kind, each with a rule the other lacks.
    #[error(
        "two tile sets in play declare the edge kind `{0}`, each with a rule the other lacks; a game plays one kind of each name"
    )]
    EdgeKindTwice(String),
    /// Player count out of range.
    #[error("a game has 2 to 6 players, not {0}")]
    Players(u8),
    /// A tile did not compile.
    #[error(transparent)]
    Compile(CompileError),
    /// No figure can stand anywhere.
    #[error(
        "the chosen sets give the players no figures; play them with a set that has figures (such as `base`), or give one of them a `[figures]` table"
    )]
    NoFigures,
    /// The house rules of this rule set leave every figure out.
    #[error(
        "rule set `{0}` leaves the players no figures: switch `farmers` on or give a figure a count above 0 in `[figures]`"
    )]
    NoFiguresByRules(String),
    /// A mechanism cannot play with what the files and rules give it (a figure of its own
    /// with nothing to draw from): what is missing, and what would fix it.
    #[error("{0}")]
    Mechanism(String),
    /// A tile set or expansion named twice (a tile set perhaps in two editions).
    #[error("the tile set or expansion {} is named twice; a game plays each once, in one edition", quote(.0))]
    NamedTwice(String),
    /// More of something than a game can hold (one of the [`crate::limits`]): what, how many,
    /// and the limit.
    #[error("the chosen sets have {1} {0}; a game can hold at most {2}")]
    TooMany(&'static str, usize, usize),
}

impl From<CompileError> for SetupError {
    fn from(error: CompileError) -> SetupError {
        match error {
            CompileError::TooMany(what, found, max) => SetupError::TooMany(what, found, max),
            other => SetupError::Compile(other),
        }
    }
}

/// The id a tile set or expansion is named by, without the edition: `base@first-edition` →
/// `base`.
pub fn set_id(spec: &str) -> &str {
    spec.split_once('@').map_or(spec, |(id, _)| id)
}

/// The tile sets and expansions of a list named so far, to refuse one named twice: a game
/// plays each once, in one edition. Game setup refuses such a list; a file that lists sets (a
/// scenario, a record) checks its list with this too, to say where the second one is.
#[derive(Debug, Default)]
pub struct NamedOnce(BTreeSet<String>);

impl NamedOnce {
    /// Notes the set `spec` names (`id` or `id@edition`), or says it was named already.
    pub fn add(&mut self, spec: &str) -> Result<(), SetupError> {
        let id = set_id(spec);
        if self.0.contains(id) {
            return Err(SetupError::NamedTwice(id.to_owned()));
        }
        self.0.insert(id.to_owned());
        Ok(())
    }
}

/// `count` as a byte, if it is at most `max` (a limit no greater than 255), else the error
/// naming `what`.
fn byte(what: &'static str, count: u32, max: u32) -> Result<u8, SetupError> {
    u8::try_from(count)
        .ok()
        .filter(|&n| u32::from(n) <= max)
        .ok_or(SetupError::TooMany(what, count as usize, max as usize))
}

/// Refuses a game whose tiles (`counts`: copies and supply of each of `tiles`) put more tiles
/// or pennants in play than the limits allow, before the pile is dealt.
fn check_in_play(tiles: &[&Tile], counts: &[(u32, Supply)]) -> Result<(), SetupError> {
    let (mut in_play, mut pennants) = (0u64, 0u64);
    for (tile, &(count, supply)) in tiles.iter().zip(counts) {
        let copies = copies_in_play(count, supply);
        in_play = in_play.saturating_add(copies);
        pennants = pennants.saturating_add(copies.saturating_mul(pennants_on(tile)));
    }
    let too_many =
        |what, found: u64, max: usize| SetupError::TooMany(what, usize::try_from(found).unwrap_or(usize::MAX), max);
    if in_play > MAX_TILES as u64 {
        return Err(too_many("tiles in play", in_play, MAX_TILES));
    }
    if pennants > u64::from(MAX_PENNANTS_IN_PLAY) {
        return Err(too_many("pennants in play", pennants, MAX_PENNANTS_IN_PLAY as usize));
    }
    Ok(())
}

/// The pile (the start tile's first copy left out) with the ends of its runs, and the tiles the
/// players would hold with their counts, from the copies, supply and deal group of each
/// compiled tile (at most `MAX_TILE_TYPES`, so indices fit). The pile is drawn from its end: the
/// ordinary tiles come first, then each deal group's tiles, the group dealt last first; each
/// run is shuffled on its own. With no groups the pile is one run.
fn deal_tiles(counts: &[(u32, Supply)], groups: &[Option<usize>], start: usize) -> Dealt {
    let mut runs: Vec<Vec<u16>> = vec![Vec::new(); 1 + groups.iter().flatten().max().map_or(0, |g| g + 1)];
    let mut held = Vec::new();
    for ((index, &(count, supply)), group) in (0u16..).zip(counts).zip(groups) {
        let count = if usize::from(index) == start {
            count.saturating_sub(1)
        } else {
            count
        };
        match supply {
            Supply::Pile => runs[group.map_or(0, |g| g + 1)].extend(std::iter::repeat_n(index, count as usize)),
            Supply::Player if count > 0 => held.push((index, count)),
            Supply::Player => {}
        }
    }
    let mut pile = runs.remove(0);
    let mut ends = vec![pile.len()];
    for run in runs.into_iter().rev().filter(|run| !run.is_empty()) {
        pile.extend(run);
        ends.push(pile.len());
    }
    Dealt { pile, ends, held }
}

/// The deal groups of `sets` in the order they are dealt, each name once: groups of one name
/// in several sets are one group; a name only a later set has comes right after the groups
/// that set names before it (River II's fork after the spring, before the river), or last.
fn deal_order<'s>(sets: impl IntoIterator<Item = &'s &'s TileSet>) -> Vec<&'s str> {
    let mut order: Vec<&str> = Vec::new();
    for set in sets {
        let mut after: Option<usize> = None;
        for group in &set.deal {
            let at = match order.iter().position(|name| *name == group.group) {
                Some(at) => at,
                None => {
                    let at = after.map_or(order.len(), |a| a + 1);
                    order.insert(at, &group.group);
                    at
                }
            };
            after = Some(after.map_or(at, |a| a.max(at)));
        }
    }
    order
}

/// What [`deal_tiles`] gives.
struct Dealt {
    pile: Vec<u16>,
    ends: Vec<usize>,
    held: Vec<(u16, u32)>,
}

/// What the files in play give before the rules' house rules: every figure type with the
/// files' count, every mechanism, the tiles the players would hold, the bag.
#[derive(Debug, Clone, Default)]
struct FromFiles {
    figures: Vec<FigureType>,
    mechanisms: MechanismSet,
    held: Vec<(u16, u32)>,
    bag: Vec<u8>,
    marks: Vec<MarkType>,
    /// The values the files declare, with their defaults.
    values: BTreeMap<String, u32>,
    tokens: Vec<PrintedTokenType>,
}

/// What a game plays with under its rules: figure types, mechanisms, the tiles each player
/// holds (compiled tile index, how many) and the bag.
type InPlay = (Vec<FigureType>, MechanismSet, Vec<(u16, u8)>, Vec<u8>);

/// What the rules let a game play of `files`: the figure types (counts as `[figures]` says,
/// none of those switched off), the mechanisms, the held tiles (only when a mechanism deals
/// them: else they stay out of the game, as validation warns) and the bag (only when one draws
/// from it).
fn under_rules(files: &FromFiles, rules: &Rules) -> Result<InPlay, SetupError> {
    if let Some(id) = rules
        .figures
        .keys()
        .find(|id| !files.figures.iter().any(|f| &f.id == *id))
    {
        let known: Vec<&str> = files.figures.iter().map(|f| f.id.as_str()).collect();
        return Err(SetupError::UnknownFigure {
            id: clip(id),
            known: clip(&known.join(", ")),
        });
    }
    let mut figures = files.figures.clone();
    for figure in &mut figures {
        if let Some(&count) = rules.figures.get(&figure.id) {
            figure.count = byte("figures of one type per player", count, MAX_COPIES)?;
        }
        apply_switches(figure, &rules.switches);
    }
    if figures.is_empty() {
        return Err(SetupError::NoFigures);
    }
    if figures.iter().all(|f| f.count == 0) {
        return Err(SetupError::NoFiguresByRules(rules.id.clone()));
    }
    if figures.len() > MAX_FIGURE_TYPES {
        return Err(SetupError::TooMany("figure types", figures.len(), MAX_FIGURE_TYPES));
    }
    let mechanisms = MechanismSet::in_play(files.mechanisms.iter(), rules);
    let mut held = Vec::new();
    if tiles_held(mechanisms) {
        for &(tile, count) in &files.held {
            held.push((tile, byte("copies of a tile each player holds", count, MAX_COPIES)?));
        }
    }
    if held.len() > MAX_HELD_TYPES {
        return Err(SetupError::TooMany(
            "kinds of tile held by the players",
            held.len(),
            MAX_HELD_TYPES,
        ));
    }
    let bag = if bag_drawn(&rules.switches) {
        files.bag.clone()
    } else {
        Vec::new()
    };
    if let Some(why) = Mechanisms::setup_refused(&figures, &bag) {
        return Err(SetupError::Mechanism(why));
    }
    Ok((figures, mechanisms, held, bag))
}

/// Sets each compiled feature's marks (bit `m` for `marks[m]`) from its tile's `marks`. A mark
/// no file in play declares plays as nothing: the feature is plain until the set declaring the
/// mark is played too (River II's inn on the bridge, with Inns & Cathedrals); a mark declared
/// for another kind of feature is refused.
fn mark_features(tables: &mut TileTables, tiles: &[&Tile], marks: &[MarkType]) -> Result<(), SetupError> {
    for (compiled, tile) in tables.tiles.iter_mut().zip(tiles) {
        // Compiled features are in the file's (sorted) order, as the model's map.
        for (feature, model) in compiled.features.iter_mut().zip(tile.features.values()) {
            for id in &model.marks {
                if let Some(m) = marks.iter().position(|m| m.id == *id && m.kind == model.kind) {
                    feature.marks |= 1 << m;
                } else if marks.iter().any(|m| m.id == *id) {
                    return Err(SetupError::UnknownMark {
                        tile: clip(&tile.id),
                        mark: clip(id),
                    });
                }
            }
        }
    }
    Ok(())
}

/// The tokens of a bag of sheep and wolves (sheep per token, 0 for a wolf).
fn bag_tokens(bag: &Bag) -> Result<Vec<u8>, SetupError> {
    let total: u64 = bag.tokens.iter().map(|t| u64::from(t.count)).sum();
    if total > u64::from(MAX_BAG_TOKENS) {
        let found = usize::try_from(total).unwrap_or(usize::MAX);
        return Err(SetupError::TooMany("tokens in the bag", found, MAX_BAG_TOKENS as usize));
    }
    let mut tokens = Vec::new();
    for token in &bag.tokens {
        let sheep = match token.kind {
            TokenKind::Wolf => 0,
            TokenKind::Sheep => byte("sheep on one token", token.value.unwrap_or(1), MAX_SHEEP)?,
        };
        tokens.extend(std::iter::repeat_n(sheep, token.count as usize));
    }
    Ok(tokens)
}

/// The fixed part of a game, shared by every state of it. Built once, read through its
/// accessors; [`GameDef::with_rules`] gives the same tiles and figures under other rules.
#[derive(Debug, Clone)]
pub struct GameDef {
    /// Compiled tiles.
    pub(super) tables: TileTables,
    /// Rules with every value.
    pub(super) rules: Rules,
    /// Figure types, in order of first appearance.
    pub(super) figures: Vec<FigureType>,
    /// The start tile.
    pub(super) start: u16,
    /// The tiles that make up the pile (start tile excluded), in data order: the ordinary
    /// tiles, then the deal groups' tiles, the group dealt last first (the pile is drawn from
    /// its end).
    pub(super) pile: Vec<u16>,
    /// The end of each run of `pile` that is shuffled on its own (the ordinary tiles, then each
    /// deal group); the last is `pile.len()`.
    pub(super) pile_runs: Vec<usize>,
    /// Tiles each player holds (abbeys), with how many.
    pub(super) held: Vec<(u16, u8)>,
    /// Mechanisms in play.
    pub(super) mechanisms: MechanismSet,
    /// The bag of sheep and wolves at the start (sheep per token; 0 for a wolf), if any set
    /// brings one.
    pub(super) bag: Vec<u8>,
    /// The tile sets in play.
    pub(super) sets: Vec<SetRef>,
    /// The expansion files in play (figures, bags and mechanisms without tiles).
    pub(super) expansions: Vec<SetRef>,
    /// How each tile set's edition was chosen, in the order of `sets`.
    pub(super) editions_from: Vec<EditionFrom>,
    /// By compiled tile: the index in `sets` of its tile set, and its name in the data.
    origins: Vec<(u16, String)>,
    /// What the files give before the rules' house rules, for [`GameDef::with_rules`].
    files: FromFiles,
    /// Marks declared by the files in play, in order of first declaration (a feature's bit
    /// `m` is `marks[m]`), with the rules' house rules applied.
    pub(super) marks: Vec<MarkType>,
    /// The marks that play under the rules, one bit each (0: no mark plays).
    pub(super) marks_in_play: u16,
    /// The values of mechanisms the files in play declare, by key, with the rules' house
    /// rules applied.
    pub(super) values: BTreeMap<String, u32>,
    /// Kinds of printed token declared by the files in play, file by file (each file's kinds
    /// by id), with the rules' house rules applied.
    pub(super) printed_tokens: Vec<PrintedTokenType>,
    /// By compiled tile: the tokens printed on its features.
    pub(super) tokens_on: Vec<Vec<TokensOn>>,
    /// Whether printed tokens play: the rules keep them and some tile in play carries one.
    pub(super) tokens_in_play: bool,
    /// The edge kinds the tile sets in play declare, and which edge layouts show them.
    pub(super) edge_kinds: EdgeKinds,
}

/// A tile set to play: the set, its tiles' edges if validation read them, and the edition.
type SetToPlay<'a> = (&'a TileSet, Option<&'a [TileEdges]>, Option<&'a str>);

impl GameDef {
    /// Builds a game definition from tile sets (each with the edition to use, or its first),
    /// expansion files and resolved rules.
    pub fn new(
        sets: &[(&TileSet, Option<&str>)],
        expansions: &[&ExpansionFile],
        rules: Rules,
    ) -> Result<GameDef, SetupError> {
        let sets: Vec<_> = sets.iter().map(|&(set, edition)| (set, None, edition)).collect();
        GameDef::assemble(&sets, expansions, rules)
    }

    /// [`GameDef::new`], with the edges of each tile set's tiles where validation read them
    /// (the others are read here).
    ///
    /// What the files hold is counted before anything is hashed or compiled: a set named
    /// twice, or more tile types or tiles in play than a game holds, is refused first.
    fn assemble(sets: &[SetToPlay<'_>], expansions: &[&ExpansionFile], rules: Rules) -> Result<GameDef, SetupError> {
        let mut named = NamedOnce::default();
        for id in sets
            .iter()
            .map(|(set, ..)| &set.id)
            .chain(expansions.iter().map(|e| &e.id))
        {
            named.add(id)?;
        }
        let types: usize = sets.iter().map(|(set, ..)| set.tiles.len()).sum();
        if types > MAX_TILE_TYPES {
            return Err(SetupError::TooMany("tile types", types, MAX_TILE_TYPES));
        }
        let mut refs = Vec::new();
        let mut editions_from = Vec::new();
        let mut tiles = Vec::new();
        let mut inputs = Vec::new();
        let mut counts = Vec::new();
        let mut gathered = Gathered::default();
        let mut start = Vec::new();
        let mut deal_start = Vec::new();
        let mut groups = Vec::new();
        let deal_order = deal_order(sets.iter().map(|(set, ..)| set));
        // Tiles a set in play takes out of the game (the River's spring and lake, with River II).
        let replaced: Vec<&str> = sets
            .iter()
            .flat_map(|(set, ..)| &set.replaces)
            .map(String::as_str)
            .collect();
        let mut origins = Vec::new();
        let mut edge_kinds = Vec::new();
        for &(set, edges, edition_named) in sets {
            let edition = match edition_named {
                Some(e) if set.editions.iter().any(|x| x == e) => e.to_string(),
                Some(e) => {
                    return Err(SetupError::UnknownEdition {
                        set: set.id.clone(),
                        edition: e.to_string(),
                        known: set.editions.join(", "),
                    });
                }
                None => set.editions.first().cloned().unwrap_or_default(),
            };
            for (i, tile) in set.tiles.iter().enumerate() {
                let taken_out = replaced.contains(&tile.id.as_str());
                if set.start_tile.as_deref() == Some(tile.id.as_str()) && !taken_out {
                    start.push((tiles.len(), set.id.as_str()));
                }
                let group = tile
                    .group
                    .as_ref()
                    .and_then(|g| set.deal.iter().position(|d| &d.group == g));
                if let Some(g) = group
                    && set.deal[g].start.as_deref() == Some(tile.id.as_str())
                    && !taken_out
                {
                    deal_start.push((tiles.len(), set.id.as_str()));
                }
                groups.push(group.and_then(|g| deal_order.iter().position(|name| *name == set.deal[g].group)));
                let count = if taken_out { 0 } else { tile.count.in_edition(&edition) };
                counts.push((count, tile.supply));
                // At most MAX_TILE_TYPES tiles, so the set index fits (checked below).
                origins.push((refs.len() as u16, tile.name.clone()));
                tiles.push(tile);
                let edges = edges.and_then(|edges| edges.get(i));
                inputs.push(TileInput { tile, edges });
            }
            gathered.add(set)?;
            edge_kinds.extend(&set.edge_kinds);
            // Hashed once the counts are known to fit (below).
            refs.push(SetRef {
                id: set.id.clone(),
                edition,
                hash: String::new(),
            });
            editions_from.push(if edition_named.is_some() {
                EditionFrom::Named
            } else {
                EditionFrom::First
            });
        }
        let mut expansion_refs = Vec::new();
        for expansion in expansions {
            expansion_refs.push(SetRef {
                id: expansion.id.clone(),
                edition: String::new(),
                hash: String::new(),
            });
            gathered.add(*expansion)?;
        }
        // A deal group's start tile takes the place of the base game's.
        let named = |starts: &[(usize, &str)]| starts.iter().map(|s| s.1).collect::<Vec<_>>().join(", ");
        let start = match (deal_start.as_slice(), start.as_slice()) {
            ([one], _) => one.0,
            ([_, _, ..], _) => {
                return Err(SetupError::StartTile(format!(
                    "several tile sets deal a start tile of their own ({}): use only one of them",
                    named(&deal_start)
                )));
            }
            (_, [one]) => one.0,
            (_, []) => {
                return Err(SetupError::StartTile(
                    "none of the tile sets has a start tile: include a base game".into(),
                ));
            }
            (_, _) => {
                return Err(SetupError::StartTile(format!(
                    "several tile sets name a start tile ({}): use only one base game",
                    named(&start)
                )));
            }
        };
        check_in_play(&tiles, &counts)?;
        for (set_ref, (set, ..)) in refs.iter_mut().zip(sets) {
            set_ref.hash = played_hash(*set);
        }
        for (set_ref, expansion) in expansion_refs.iter_mut().zip(expansions) {
            set_ref.hash = played_hash(*expansion);
        }
        let mut tables = TileTables::build(inputs)?;
        mark_features(&mut tables, &tiles, &gathered.marks)?;
        let tokens_on = tokens_on_tiles(&tiles, &gathered.tokens)?;
        let edge_kinds = EdgeKinds::new(edge_kinds, &tables)?;
        let Dealt {
            pile,
            ends: pile_runs,
            held,
        } = deal_tiles(&counts, &groups, start);
        // Compiled: at most MAX_TILE_TYPES tiles, so the index fits.
        let start = u16::try_from(start).map_err(|_| SetupError::TooMany("tile types", tiles.len(), MAX_TILE_TYPES))?;
        // A mechanism draws from the first bag.
        let Gathered {
            figures,
            mechanisms,
            bags,
            marks,
            values,
            tokens,
        } = gathered;
        if bags.len() > MAX_BAGS {
            return Err(SetupError::TooMany("bags of sheep and wolves", bags.len(), MAX_BAGS));
        }
        let bag = bags.first().map(|bag| bag_tokens(bag)).transpose()?.unwrap_or_default();
        let files = FromFiles {
            figures,
            mechanisms: MechanismSet::of(mechanisms),
            held,
            bag,
            marks,
            values,
            tokens,
        };
        let (figures, mechanisms, held, bag) = under_rules(&files, &rules)?;
        let (marks, marks_in_play) = marks_under_rules(&files.marks, &rules, &tables);
        let values = values_under_rules(&files.values, &rules, &figures, mechanisms)?;
        let (printed_tokens, tokens_in_play) = tokens_under_rules(&files.tokens, &rules, &tokens_on);
        Ok(GameDef {
            values,
            marks,
            marks_in_play,
            printed_tokens,
            tokens_on,
            tokens_in_play,
            edge_kinds,
            bag,
            tables,
            rules,
            figures,
            start,
            pile,
            pile_runs,
            held,
            mechanisms,
            sets: refs,
            expansions: expansion_refs,
            editions_from,
            origins,
            files,
        })
    }

    /// Builds a game definition from `files`, by tile-set and expansion-file ids (`id` or
    /// `id@edition` for tile sets) and a rule-set id (the load side's catalog is such files,
    /// and its bundled files can be added to it).
    ///
    /// A tile set named without an edition plays the edition the rule set declares with
    /// `edition` (or the nearest rule set it extends declares); else the edition named like the
    /// first rule set of its `extends` chain (itself, its parent, ...) that is one of the set's
    /// editions, so a house rule extending `new-edition` plays new-edition tiles; else the
    /// set's first edition. A declared edition the set lacks also gives its first edition;
    /// [`GameDef::editions_from`] says which way each edition was chosen. The sets the rule
    /// set plays with (`plays-with`) follow the named ones, unless named already.
    pub fn from_files(files: &impl GameFiles, tilesets: &[String], rules: &str) -> Result<GameDef, SetupError> {
        let known = files.rulesets();
        // Cut to the length of a diagnostic: the ids in the message come from files.
        let rules = crate::model::resolve(rules, &known)
            .map_err(|e| SetupError::UnknownRules(rules.to_owned(), clip(&e.to_string())))?;
        let mut sets = Vec::new();
        let mut expansions: Vec<&ExpansionFile> = Vec::new();
        let named = tilesets.iter().map(|spec| (spec.as_str(), false));
        let plays_with = rules.plays_with.clone();
        // Each once: not named by the game, nor earlier in the list.
        let brought = plays_with
            .iter()
            .enumerate()
            .filter(|&(i, id)| !tilesets.iter().any(|spec| set_id(spec) == id) && !plays_with[..i].contains(id))
            .map(|(_, id)| (id.as_str(), true));
        for (spec, by_rules) in named.chain(brought) {
            let id = set_id(spec);
            let edition = spec.split_once('@').map(|(_, edition)| edition);
            let Some((set, edges)) = files.tileset(id) else {
                match files.expansion(id) {
                    Some(expansion) => {
                        expansions.push(expansion);
                        continue;
                    }
                    None if by_rules => {
                        return Err(SetupError::RulesPlayWith(rules.id.clone(), id.to_owned()));
                    }
                    None => return Err(SetupError::UnknownTileSet(id.to_owned())),
                }
            };
            sets.push((set, edges, edition));
        }
        // Sets named without an edition take the one the rules choose.
        let (sets, editions_from): (Vec<_>, Vec<_>) = sets
            .iter()
            .map(|&(set, edges, named)| match named {
                Some(_) => ((set, edges, named), EditionFrom::Named),
                None => {
                    let (edition, from) = edition_for(set, &rules);
                    ((set, edges, edition), from)
                }
            })
            .unzip();
        let def = GameDef::assemble(&sets, &expansions, rules)?;
        Ok(GameDef { editions_from, ..def })
    }

    /// The same tiles under `rules` (a scenario's or a test's own values): the figures,
    /// mechanisms, held tiles and bag are worked out again from the files, as `rules`' house
    /// rules let them play.
    pub fn with_rules(self, rules: Rules) -> Result<GameDef, SetupError> {
        let (figures, mechanisms, held, bag) = under_rules(&self.files, &rules)?;
        let (marks, marks_in_play) = marks_under_rules(&self.files.marks, &rules, &self.tables);
        let values = values_under_rules(&self.files.values, &rules, &figures, mechanisms)?;
        let (printed_tokens, tokens_in_play) = tokens_under_rules(&self.files.tokens, &rules, &self.tokens_on);
        Ok(GameDef {
            values,
            marks,
            marks_in_play,
            printed_tokens,
            tokens_in_play,
            rules,
            figures,
            mechanisms,
            held,
            bag,
            ..self
        })
    }

    /// Compiled tiles.
    pub fn tables(&self) -> &TileTables {
        &self.tables
    }

    /// Rules with every value.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The marks declared by the files in play, with the rules' house rules applied; bit `m`
    /// of a compiled feature's `marks` is `marks()[m]`.
    pub fn marks(&self) -> &[MarkType] {
        &self.marks
    }

    /// The marks that play, one bit each (0: none).
    pub fn marks_in_play(&self) -> u16 {
        self.marks_in_play
    }

    /// The values of mechanisms the files in play declare, by key (`barn-final-per-city`),
    /// with the rules' `[values]` applied.
    pub fn values(&self) -> &BTreeMap<String, u32> {
        &self.values
    }

    /// The value of `key` in play; 0 for a value no file in play declares (setup refuses a
    /// mechanism in play whose values are not all declared, so only one out of play asks).
    pub fn value(&self, key: &str) -> u32 {
        self.values.get(key).copied().unwrap_or(0)
    }

    /// The kinds of printed token declared by the files in play, with the rules' house rules
    /// applied (events and reasons name a kind by its index here).
    pub fn printed_tokens(&self) -> &[PrintedTokenType] {
        &self.printed_tokens
    }

    /// Whether printed tokens play in this game.
    pub fn tokens_in_play(&self) -> bool {
        self.tokens_in_play
    }

    /// The tokens printed on the features of compiled tile `tile`.
    pub fn tokens_on(&self, tile: u16) -> &[TokensOn] {
        self.tokens_on.get(usize::from(tile)).map_or(&[], Vec::as_slice)
    }

    /// The edge kinds the tile sets in play declare, with their rules.
    pub fn edge_kinds(&self) -> &EdgeKinds {
        &self.edge_kinds
    }

    /// Figure types, in order of first appearance in the files.
    pub fn figures(&self) -> &[FigureType] {
        &self.figures
    }

    /// The figure types that `wanted` accepts, bit `f` for type `f`.
    pub fn figure_types(&self, wanted: impl Fn(&FigureType) -> bool) -> FigureTypes {
        types_where(&self.figures, wanted)
    }

    /// The start tile.
    pub fn start(&self) -> u16 {
        self.start
    }

    /// The tiles that make up the pile (start tile excluded), in data order.
    pub fn pile(&self) -> &[u16] {
        &self.pile
    }

    /// Where each run of [`GameDef::pile`] that is shuffled on its own ends: the ordinary
    /// tiles, then each deal group's (the group dealt last first). One run with no groups.
    pub fn pile_runs(&self) -> &[usize] {
        &self.pile_runs
    }

    /// Tiles each player holds (abbeys), with how many.
    pub fn held(&self) -> &[(u16, u8)] {
        &self.held
    }

    /// Mechanisms in play.
    pub fn mechanisms(&self) -> MechanismSet {
        self.mechanisms
    }

    /// The bag of sheep and wolves at the start (sheep per token; 0 for a wolf).
    pub fn bag(&self) -> &[u8] {
        &self.bag
    }

    /// The tile sets in play.
    pub fn sets(&self) -> &[SetRef] {
        &self.sets
    }

    /// The expansion files in play (figures, bags and mechanisms without tiles).
    pub fn expansions(&self) -> &[SetRef] {
        &self.expansions
    }

    /// How each tile set's edition was chosen, in the order of [`GameDef::sets`].
    pub fn editions_from(&self) -> &[EditionFrom] {
        &self.editions_from
    }

    /// The tile set compiled tile `tile` comes from.
    pub fn tile_set(&self, tile: u16) -> Option<&SetRef> {
        let &(set, _) = self.origins.get(usize::from(tile))?;
        self.sets.get(usize::from(set))
    }

    /// The name the data gives compiled tile `tile` (empty when it has none).
    pub fn tile_name(&self, tile: u16) -> Option<&str> {
        self.origins.get(usize::from(tile)).map(|(_, name)| name.as_str())
    }

    /// Index of the compiled tile with this id.
    pub fn tile_index(&self, id: &str) -> Option<u16> {
        self.tables.tiles.iter().position(|t| t.id == id).map(|i| i as u16)
    }

    /// Index of the figure type with this id.
    pub fn figure_index(&self, id: &str) -> Option<u8> {
        self.figures.iter().position(|f| f.id == id).map(|i| i as u8)
    }
}

/// A file whose content hash leaves out what only names things for people, and its `[values]`:
/// the values in play are hashed with the rules (a record's `rules_hash`), so a set's hash
/// names its tiles and figures whatever defaults it declares.
pub trait DisplayNames: Serialize + Clone {
    /// The file with its display names (the set's, its tiles') and its `[values]` emptied.
    fn unnamed(&self) -> Self;
}

impl DisplayNames for TileSet {
    fn unnamed(&self) -> TileSet {
        let mut set = self.clone();
        set.name.clear();
        set.values.clear();
        set.tiles.iter_mut().for_each(|tile| tile.name.clear());
        set
    }
}

impl DisplayNames for ExpansionFile {
    fn unnamed(&self) -> ExpansionFile {
        ExpansionFile {
            name: String::new(),
            values: BTreeMap::new(),
            ..self.clone()
        }
    }
}

/// The content hash of a tile set or expansion as it plays ([`content_hash`] of it
/// [`DisplayNames::unnamed`]): renaming the set or a tile keeps its records replaying, as the rules
/// hash leaves out a rule set's name and description.
pub fn played_hash(file: &impl DisplayNames) -> String {
    content_hash(&file.unnamed())
}

/// FNV-1a over a tile set's or expansion's canonical JSON: the same content gives the same
/// hash whatever the comments and formatting of the file.
pub fn content_hash(file: &impl Serialize) -> String {
    let text = serde_json::to_string(file).unwrap_or_default();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}
