//! Tilewright tile sets → JCZ tile definitions: every feature to JCZ locations, marks and
//! tokens to the attributes of JCZ's elements, editions to `x:1`/`x:2` sets; what JCZ cannot
//! express refused per tile with a located message, or warned of when JCZ will play it its own
//! way.

use std::collections::{BTreeMap, BTreeSet};

use tilewright_engine::catalog::LoadedTileSet;
use tilewright_engine::edge::{SegmentKind, Side};
use tilewright_engine::model::{Declarations, Declares, FeatureKind, Placement, RoadEnd, Supply, Tile, TileSet};
use tilewright_engine::{Diagnostic, Severity, bundled};

use crate::defs::{Definitions, ExpansionDef, FeatureDef, Kind, TileDef, TileSetDef};
use crate::elements;
use crate::location::Location;

/// Add-on ids JCZ keeps for itself.
pub const RESERVED_IDS: [&str; 2] = ["jcz", "classic"];

/// One tile written into the definitions.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportedTile {
    /// Its JCZ id, `<addon-id>/<code>`.
    pub id: String,
    /// Index of its tile set among those exported.
    pub set: usize,
    /// Index of the tile in its set.
    pub tile: usize,
    /// Each feature the artwork must show, by the tile's feature id, with its artwork key.
    pub features: Vec<(String, String)>,
}

/// Tile sets as JCZ definitions.
#[derive(Debug, Clone)]
pub struct Export {
    /// The definitions.
    pub defs: Definitions,
    /// The tiles written, in the definitions' order.
    pub tiles: Vec<ExportedTile>,
    /// What JCZ will play differently, located.
    pub warnings: Vec<Diagnostic>,
    /// With [`Unsupported::LeaveOut`], why each tile left out was: the messages that would
    /// have refused the export, as warnings.
    pub left_out: Vec<Diagnostic>,
}

/// What an export does with a tile JCZ cannot express.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Unsupported {
    /// Refuses the whole export, naming every such tile.
    #[default]
    Refuse,
    /// Exports the other tiles and lists those left out. What JCZ cannot express about a
    /// tile set as a whole (a figure, a bag) still refuses.
    LeaveOut,
}

/// Why tile sets cannot be exported.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportError {
    /// The add-on id is not one JCZ accepts.
    Id(String),
    /// What JCZ cannot express, one located message per problem (errors), with the warnings.
    Refused(Vec<Diagnostic>),
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportError::Id(message) => f.write_str(message),
            ExportError::Refused(found) => {
                let errors = found.iter().filter(|d| d.is_error()).count();
                write!(f, "JCZ cannot express {errors} thing(s) in the tile sets")
            }
        }
    }
}

/// Most characters of an add-on id: JCZ makes a folder of it, and an import file names of it,
/// which a file system holds only so long.
pub const MAX_ID: usize = 64;

/// Checks an add-on id: `[a-z0-9-]`, not empty, at most [`MAX_ID`] characters, not one JCZ
/// keeps.
pub fn check_id(id: &str) -> Result<(), String> {
    if !tilewright_engine::model::is_id(id) {
        return Err(format!(
            "the add-on id `{id}` must be lowercase letters, digits and `-`, not starting with `-` (JCZ names the add-on's folder and saved games by it)"
        ));
    }
    if id.len() > MAX_ID {
        return Err(format!(
            "the add-on id is {} characters long; choose one of at most {MAX_ID} (JCZ names the add-on's folder by it)",
            id.len()
        ));
    }
    if RESERVED_IDS.contains(&id) {
        return Err(format!("the add-on id `{id}` is JCZ's own; choose another"));
    }
    Ok(())
}

/// The `UPPER_SNAKE` expansion id of an add-on: prefixed with `TW_`, so that it never clashes
/// with JCZ's own expansions (`BASIC`, `ABBEY_AND_MAYOR`...).
pub fn expansion_id(addon: &str) -> String {
    format!("TW_{}", addon.to_ascii_uppercase().replace('-', "_"))
}

/// The code of a tile in a JCZ id: its id with `/` written `.`, so that the JCZ id has one `/`.
pub fn tile_code(id: &str) -> String {
    id.replace('/', ".")
}

/// Where an import puts the split of a side shared by two cities (JCZ keeps no position).
pub const SPLIT: u8 = 60;

/// The position of the split of a side holding two city segments and nothing else.
fn split_city(layout: &tilewright_engine::edge::Layout) -> Option<u8> {
    match layout.segments.as_slice() {
        [a, b] if a.kind == SegmentKind::City && b.kind == SegmentKind::City => Some(a.end),
        _ => None,
    }
}

/// The tile-set ids JCloisterZone ships: a set of an add-on under one of these ids would be
/// played beside JCZ's own set instead of in its place (a bundled set exported as it is named,
/// `inns-and-cathedrals`, dealt both sets' tiles).
const JCZ_SET_IDS: [&str; 7] = [
    "basic",
    "abbey-and-mayor",
    "hills-and-sheep",
    "inns-and-cathedrals",
    "princess-and-dragon",
    "river",
    "traders-and-builders",
];

/// The JCZ tile-set id of `set` in an add-on exporting `count` sets, `tw-` before it when it
/// would be one of JCZ's own ([`JCZ_SET_IDS`]).
fn set_base(addon: &str, set: &TileSet, count: usize) -> String {
    let base = if count == 1 {
        addon.to_owned()
    } else {
        format!("{addon}.{}", set.id)
    };
    if JCZ_SET_IDS.contains(&base.as_str()) {
        format!("tw-{base}")
    } else {
        base
    }
}

/// Exports `sets` as the definitions of add-on `addon`, refusing them if JCZ cannot express
/// any of their tiles.
pub fn export(sets: &[&LoadedTileSet], addon: &str) -> Result<Export, ExportError> {
    export_with(sets, addon, Unsupported::Refuse)
}

/// Exports `sets` as the definitions of add-on `addon`, doing with each tile JCZ cannot
/// express what `unsupported` says.
pub fn export_with(sets: &[&LoadedTileSet], addon: &str, unsupported: Unsupported) -> Result<Export, ExportError> {
    check_id(addon).map_err(ExportError::Id)?;
    let mut out = Found::default();
    let mut left_out: Vec<Diagnostic> = Vec::new();
    let mut defs = Definitions::default();
    let mut tiles = Vec::new();
    let mut elements: BTreeSet<&'static str> = BTreeSet::new();
    let mut codes: BTreeMap<String, String> = BTreeMap::new();
    let mut bases = Vec::new();
    for (si, loaded) in sets.iter().enumerate() {
        let set = &loaded.model;
        let report = Reporter { loaded };
        set_elements(loaded, &report, &mut out, &mut elements);
        let base = set_base(addon, set, sets.len());
        let editions: Vec<&String> = set.editions.iter().take(2).collect();
        if set.editions.len() > 2 {
            out.push(report.at(
                Severity::Warning,
                "/editions",
                format!(
                    "JCZ has two editions; `{}` and the later ones are left out",
                    set.editions[2]
                ),
                "export the other editions from a copy that lists them first",
            ));
        }
        let mut set_defs: Vec<TileSetDef> = editions
            .iter()
            .enumerate()
            .map(|(i, _)| TileSetDef {
                id: if editions.len() == 1 {
                    base.clone()
                } else {
                    format!("{base}:{}", i + 1)
                },
                refs: Vec::new(),
            })
            .collect();
        for (ti, tile) in set.tiles.iter().enumerate() {
            let before = out.found.len();
            let exported = tiles.len();
            let elements_before = (unsupported == Unsupported::LeaveOut).then(|| elements.clone());
            'tile: {
                if is_abbey(set, tile) {
                    elements.insert(elements::mechanism_element(tilewright_engine::model::Mechanism::Abbey));
                    break 'tile;
                }
                let id = format!("{addon}/{}", tile_code(&tile.id));
                if tile.id.chars().any(char::is_control) {
                    // XML reads a tab or a line break in an attribute back as a space.
                    out.push(report.at(
                        Severity::Error,
                        &format!("/tiles/{ti}/id"),
                        format!(
                            "the tile id `{}` holds a tab, line break or other control character, which JCZ's XML reads back as a space",
                            tile.id.escape_debug()
                        ),
                        "rename the tile without it",
                    ));
                    break 'tile;
                }
                if let Some(other) = codes.insert(id.clone(), tile.id.clone()) {
                    out.push(report.at(
                        Severity::Error,
                        &format!("/tiles/{ti}/id"),
                        format!("tiles `{other}` and `{}` would both be JCZ tile `{id}`", tile.id),
                        "rename one of them",
                    ));
                    break 'tile;
                }
                let Some((def, features)) = tile_def(loaded, ti, &id, &report, &mut out, &mut elements) else {
                    break 'tile;
                };
                for (edition, set_def) in editions.iter().zip(&mut set_defs) {
                    let count = tile.count.in_edition(edition);
                    if count > 0 {
                        set_def.refs.push((id.clone(), count));
                    }
                }
                tiles.push(ExportedTile {
                    id: id.clone(),
                    set: si,
                    tile: ti,
                    features,
                });
                defs.tiles.push(def);
            }
            if let Some(kept) = elements_before
                && out.found[before..].iter().any(Diagnostic::is_error)
            {
                elements = kept;
                left_out.extend(out.found.drain(before..).map(|mut d| {
                    d.severity = Severity::Warning;
                    d.message = format!("left out: {}", d.message);
                    d
                }));
                continue;
            }
            if tiles.len() > exported && set.start_tile.as_ref() == Some(&tile.id) {
                defs.start.get_or_insert_with(|| tiles[exported].id.clone());
            }
        }
        defs.sets.extend(set_defs);
        bases.push(base);
    }
    if out.found.iter().any(Diagnostic::is_error) {
        return Err(ExportError::Refused(out.found));
    }
    if defs.tiles.is_empty() && !left_out.is_empty() {
        // Nothing left to play: every reason is an error again.
        left_out.extend(out.found);
        for d in &mut left_out {
            d.severity = Severity::Error;
        }
        return Err(ExportError::Refused(left_out));
    }
    let names: Vec<&str> = sets.iter().map(|s| s.model.name.as_str()).collect();
    let ids: Vec<&str> = sets.iter().map(|s| s.model.id.as_str()).collect();
    defs.expansion = Some(ExpansionDef {
        id: expansion_id(addon),
        title: names.join(" + "),
        description: format!(
            "Tile sets: {}. Played with the JCZ base game, which supplies the start tile.",
            ids.join(", ")
        ),
        sets: bases,
        implies: elements.iter().map(|e| (*e).to_owned()).collect(),
        enforces: Vec::new(),
    });
    Ok(Export {
        defs,
        tiles,
        warnings: out.found,
        left_out,
    })
}

/// Whether `tile` is the abbey JCZ supplies itself (its `abbey` element): held by the
/// players, placed into holes, fitting anything, a monastery only.
fn is_abbey(set: &TileSet, tile: &Tile) -> bool {
    set.mechanisms.contains(&tilewright_engine::model::Mechanism::Abbey)
        && tile.supply == Supply::Player
        && tile.placement == Placement::Hole
        && tile.edges.iter().all(|e| e.0 == "any")
        && tile.features.len() == 1
        && tile.features.values().all(|f| f.kind == FeatureKind::Monastery)
        && tile.markers.is_empty()
}

#[derive(Default)]
struct Found {
    found: Vec<Diagnostic>,
}

impl Found {
    fn push(&mut self, d: Diagnostic) {
        self.found.push(d);
    }
}

/// Locates messages in one tile set's file.
struct Reporter<'a> {
    loaded: &'a LoadedTileSet,
}

impl Reporter<'_> {
    fn at(&self, severity: Severity, pointer: &str, message: String, help: &str) -> Diagnostic {
        let span = self.loaded.map.value_span(pointer).unwrap_or(0..0);
        Diagnostic::at(severity, &self.loaded.source, span, message, help).with_pointer(pointer)
    }
}

/// The elements a set's declarations switch on, warning of what JCZ lacks or plays its own way.
fn set_elements(loaded: &LoadedTileSet, report: &Reporter, out: &mut Found, elements: &mut BTreeSet<&'static str>) {
    let set = loaded.model.declarations();
    let mut switched = Switched { report, out, elements };
    switched.table(
        set,
        ("figures", |d| d.figures),
        |id, _| format!("figure `{id}`"),
        |id| elements::figure_element(id).map(|e| e.into_iter().collect()),
    );
    switched.table(
        set,
        ("bags", |d| d.bags),
        |id, _| format!("bag `{id}`"),
        |id| elements::bag_element(id).map(|e| vec![e]),
    );
    for mechanism in set.mechanisms {
        switched.elements.insert(elements::mechanism_element(*mechanism));
    }
    // Marks and goods switch their elements on where tiles carry them.
    switched.table(
        set,
        ("marks", |d| d.marks),
        |id, _| format!("mark `{id}`"),
        |id| elements::MARKS.iter().any(|(m, _, _)| *m == id).then(Vec::new),
    );
    switched.table(
        set,
        ("tokens", |d| d.tokens),
        |id, _| format!("good `{id}`"),
        |id| elements::GOODS.contains(&id).then(Vec::new),
    );
    switched.table(
        set,
        ("values", |d| d.values),
        |key, value| format!("value `{key}` ({value} here)"),
        |_| Some(Vec::new()),
    );
    for (i, group) in loaded.model.deal.iter().enumerate() {
        out.push(report.at(
            Severity::Error,
            &format!("/deal/{i}"),
            format!("JCZ add-ons cannot deal a group of tiles first (`{}`)", group.group),
            "leave the deal group out to export the set",
        ));
    }
}

/// One of a file's tables of declarations: its key, and the table among the declarations.
type Table<T> = (&'static str, fn(Declarations<'_>) -> &BTreeMap<String, T>);

/// The elements the declarations of one set switch on, and the warnings about them.
struct Switched<'a> {
    report: &'a Reporter<'a>,
    out: &'a mut Found,
    elements: &'a mut BTreeSet<&'static str>,
}

impl Switched<'_> {
    /// Records the elements JCZ has for each declaration in `table` of `set` (`known`, by id),
    /// warning as [`Switched::jcz_own`] says; `what` names one in a warning.
    fn table<T: PartialEq>(
        &mut self,
        set: Declarations<'_>,
        (key, table): Table<T>,
        what: fn(&str, &T) -> String,
        known: fn(&str) -> Option<Vec<&'static str>>,
    ) {
        for (id, item) in table(set) {
            let same = bundled::catalog()
                .declaring()
                .any(|file| table(file.model.declarations()).get(id) == Some(item));
            self.jcz_own(&format!("/{key}/{id}"), &what(id, item), known(id), same);
        }
    }

    /// Records the elements of a declared `what` JCZ has (`known`), warning when it has none
    /// (games in JCZ go without it) or when the declaration is not the bundled one of its id
    /// (`same`: JCZ plays its own).
    fn jcz_own(&mut self, pointer: &str, what: &str, known: Option<Vec<&'static str>>, same: bool) {
        match known {
            None => self.out.push(self.report.at(
                Severity::Warning,
                pointer,
                format!("JCZ has no {what}; games in JCZ are played without it"),
                "leave it out, or play it in Tilewright only",
            )),
            Some(known) => {
                self.elements.extend(known);
                if !same {
                    self.out.push(self.report.at(
                        Severity::Warning,
                        pointer,
                        format!("JCZ plays its own {what}, not this declaration (it differs from the bundled one)"),
                        "expect JCZ's own in games there",
                    ));
                }
            }
        }
    }
}

/// One tile's definition and its features' artwork keys, or `None` (with errors) when JCZ
/// cannot express it.
fn tile_def(
    loaded: &LoadedTileSet,
    ti: usize,
    id: &str,
    report: &Reporter,
    out: &mut Found,
    elements: &mut BTreeSet<&'static str>,
) -> Option<(TileDef, Vec<(String, String)>)> {
    let tile = &loaded.model.tiles[ti];
    let edges = &loaded.parsed[ti];
    let before = out.found.len();
    let refuse = |out: &mut Found, pointer: String, message: String, help: &str| {
        out.push(report.at(
            Severity::Error,
            &pointer,
            format!("tile `{}`: {message}", tile.id),
            help,
        ));
    };
    for side in Side::ALL {
        let layout = &edges.layouts[side as usize];
        match layout.plain_word() {
            Some(SegmentKind::City | SegmentKind::Road | SegmentKind::Field) => {}
            None if split_city(layout).is_some() => {
                let at = split_city(layout).unwrap_or_default();
                if at == 50 {
                    refuse(
                        out,
                        format!("/tiles/{ti}/edges/{}", side as usize),
                        format!(
                            "JCZ joins both cities of a shared side to every city facing it, which `{layout}` does not do against its own mirror image"
                        ),
                        "split the side off the middle (`city 60 city`)",
                    );
                } else if at != SPLIT {
                    out.push(report.at(
                        Severity::Warning,
                        &format!("/tiles/{ti}/edges/{}", side as usize),
                        format!(
                            "tile `{}`: JCZ keeps no split position; `{layout}` is read back as `city {SPLIT} city`",
                            tile.id
                        ),
                        "JCZ joins both cities to any city facing the side",
                    ));
                }
            }
            Some(SegmentKind::Any) => refuse(
                out,
                format!("/tiles/{ti}/edges/{}", side as usize),
                "JCZ has no edge that fits anything (only its own abbey has one)".into(),
                "give the edge a city, road or field",
            ),
            Some(SegmentKind::Declared(kind)) => refuse(
                out,
                format!("/tiles/{ti}/edges/{}", side as usize),
                format!("JCZ add-ons cannot declare the edge kind `{kind}`"),
                "use city, road or field edges",
            ),
            None => refuse(
                out,
                format!("/tiles/{ti}/edges/{}", side as usize),
                format!(
                    "JCZ has no edge split like `{layout}`: its edges are a whole city, a road between two field halves, or two field halves"
                ),
                "use `city`, `road` or `field`",
            ),
        }
    }
    if tile.supply != Supply::Pile || tile.placement != Placement::Adjacent {
        refuse(
            out,
            format!("/tiles/{ti}"),
            "JCZ add-on tiles are drawn from the pile and placed beside others".into(),
            "only the abbey (JCZ's own) is held by the players",
        );
    }
    if let Some(group) = &tile.group {
        refuse(
            out,
            format!("/tiles/{ti}/group"),
            format!("JCZ add-ons cannot deal the group `{group}` first"),
            "leave the group out",
        );
    }
    if out.found.len() > before {
        return None;
    }
    // Locations of every feature, by id.
    let mut locations: BTreeMap<&str, Option<Location>> = BTreeMap::new();
    let mut multi_edge: BTreeMap<&str, Side> = BTreeMap::new();
    let mut inner = 0u8;
    for (fi, (fid, feature)) in tile.features.iter().enumerate() {
        let claims = &edges.claims[fi];
        let pointer = format!("/tiles/{ti}/features/{fid}");
        let location = match feature.kind {
            FeatureKind::City | FeatureKind::Road if claims.is_empty() => {
                refuse(
                    out,
                    pointer,
                    format!("JCZ has no {} inside a tile (touching no edge)", feature.kind.as_str()),
                    "let the feature reach an edge",
                );
                continue;
            }
            FeatureKind::City | FeatureKind::Road => {
                let mut bits = 0;
                for (side, index) in claims {
                    if split_city(&edges.layouts[*side as usize]).is_some() && *index == 1 {
                        if claims.iter().any(|(s, i)| s == side && *i == 0) {
                            refuse(
                                out,
                                pointer.clone(),
                                format!("the city holds both cities of side {side}"),
                                "give each its own city",
                            );
                        }
                        multi_edge.insert(fid.as_str(), *side);
                    } else {
                        bits |= 1 << *side as u8;
                    }
                }
                if bits == 0 {
                    refuse(
                        out,
                        pointer,
                        "JCZ writes the second city of a shared side with its other sides; this one has none".into(),
                        "let the city reach another side",
                    );
                    continue;
                }
                Some(Location::Sides(bits))
            }
            FeatureKind::Field if claims.is_empty() => {
                inner += 1;
                if inner > 4 {
                    refuse(
                        out,
                        pointer,
                        "JCZ has at most four inner fields".into(),
                        "join some of them",
                    );
                    continue;
                }
                Some(Location::Inner(inner))
            }
            FeatureKind::Field => claims
                .iter()
                .filter_map(|(side, index)| {
                    let halves = edges.layouts[*side as usize].halves?;
                    let half = halves.iter().position(|h| h == index)?;
                    Some(Location::half(*side, half))
                })
                .reduce(|a, b| a.union(b).unwrap_or(a)),
            FeatureKind::Monastery | FeatureKind::Garden => None,
        };
        locations.insert(fid, location);
    }
    let mut labels: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut next_label = 0usize;
    let mut new_label = || {
        let l = char::from(b'a' + (next_label % 26) as u8).to_string();
        next_label += 1;
        l
    };
    let crossing: Vec<&str> = tile
        .features
        .iter()
        .filter(|(_, f)| f.end == Some(RoadEnd::Crossing))
        .map(|(id, _)| id.as_str())
        .collect();
    // Roads meeting at a crossing share a label; a crossing with one road is a house to JCZ
    // (and to play: the crossing only joins roads for the wagon).
    if crossing.len() > 1 {
        let l = new_label();
        for id in &crossing {
            labels.entry(id).or_default().push(l.clone());
        }
    }
    for (fid, feature) in &tile.features {
        if let (Some(RoadEnd::CityGate | RoadEnd::Monastery), Some(at)) = (feature.end, &feature.at) {
            let l = new_label();
            labels.entry(fid).or_default().push(l.clone());
            labels.entry(at).or_default().push(l);
        }
    }
    let mut features = Vec::new();
    let mut keys = Vec::new();
    // Cities first: JCZ matches a field's cities among the features already read.
    let order = tile
        .features
        .iter()
        .filter(|(_, f)| f.kind == FeatureKind::City)
        .chain(tile.features.iter().filter(|(_, f)| f.kind != FeatureKind::City));
    for (fid, feature) in order {
        let Some(location) = locations.get(fid.as_str()) else {
            continue;
        };
        let pointer = format!("/tiles/{ti}/features/{fid}");
        let kind = match feature.kind {
            FeatureKind::City => Kind::City,
            FeatureKind::Road => Kind::Road,
            FeatureKind::Field => Kind::Field,
            FeatureKind::Monastery => Kind::Monastery,
            FeatureKind::Garden => Kind::Garden,
        };
        let mut def = FeatureDef::new(kind, *location);
        def.pennants = feature.pennants;
        def.multi_edge = multi_edge.get(fid.as_str()).copied();
        for mark in &feature.marks {
            match elements::mark_element(mark, feature.kind) {
                Some("inn") => def.inn = true,
                Some("cathedral") => def.cathedral = true,
                Some("princess") => def.princess = true,
                _ => {
                    refuse(
                        out,
                        format!("{pointer}/marks"),
                        format!("JCZ has no mark `{mark}` on a {}", feature.kind.as_str()),
                        "JCZ knows an inn on a road, and a cathedral or a princess in a city",
                    );
                    continue;
                }
            }
            elements.insert(elements::mark_element(mark, feature.kind).unwrap_or_default());
        }
        match feature.tokens.as_slice() {
            [] => {}
            [good] if feature.kind == FeatureKind::City && elements::GOODS.contains(&good.as_str()) => {
                def.resource = Some(good.clone());
                elements.insert(elements::GOODS_ELEMENT);
            }
            _ => refuse(
                out,
                format!("{pointer}/tokens"),
                format!(
                    "JCZ prints at most one good (cloth, grain, wine) on a city, not {:?}",
                    feature.tokens
                ),
                "keep one good per city",
            ),
        }
        def.cities = feature
            .cities
            .iter()
            .filter_map(|c| locations.get(c.as_str()).copied().flatten())
            .map(Location::first)
            .collect();
        def.wagon = labels.remove(fid.as_str()).unwrap_or_default();
        if let Some(key) = def.artwork_key() {
            keys.push((fid.clone(), key));
        }
        features.push(def);
    }
    for marker in &tile.markers {
        let element = elements::marker_element(*marker);
        elements.insert(element);
        features.push(FeatureDef::new(Kind::of_element(element), None));
    }
    if out.found.len() > before {
        return None;
    }
    Some((
        TileDef {
            id: id.to_owned(),
            source_id: Some(tile.id.clone()),
            name: Some(tile.name.clone()).filter(|n| !n.is_empty()),
            group: None,
            features,
            pos: Default::default(),
        },
        keys,
    ))
}
