//! JCZ tile definitions → Tilewright tile sets: `:1`/`:2` sets become the two editions, counts
//! are kept, JCZ's tile ids are kept, the game elements the tiles use bring the bundled
//! declarations of the same things (the inn's scoring, the shepherd...), and every feature or
//! attribute this toolkit does not play is named per tile in the report.

use std::collections::BTreeMap;

use tilewright_engine::bundled;
use tilewright_engine::edge::Side;
use tilewright_engine::model::{
    Count, DealGroup, EdgeKind, EdgeLayout, EdgeRef, Feature, FeatureKind, Marker, Mechanism, RoadEnd, Tile, TileSet,
};

use crate::defs::{Definitions, FeatureDef, Kind, TileDef};
use crate::elements;
use crate::location::Location;

/// The tile JCZ starts its base game with, taken as the start tile of a set holding it when
/// the file names none.
pub const JCZ_START: &str = "BA/RCr";

/// JCZ's spring of the River, taken as the start tile of a set holding it.
pub const JCZ_SPRING: &str = "RI/s";

/// The edge kind a `<river>` makes, declared as the bundled River declares it.
pub const RIVER: &str = "river";

/// JCZ's river groups with the deal groups they become, in the order they are dealt: the
/// spring starts, River II's fork is laid next, then the river, and the lakes close it.
pub const RIVER_GROUPS: [(&str, &str); 4] = [
    ("river-spring", "spring"),
    ("river-fork", "fork"),
    ("river", "river"),
    ("river-lake", "lake"),
];

/// The edition names of JCZ's `:1` and `:2` sets.
pub const EDITIONS: [&str; 2] = ["first-edition", "new-edition"];

/// The tile sets read, and what could not be taken over.
#[derive(Debug, Clone, Default)]
pub struct Imported {
    /// One tile set per JCZ set name (`basic:1` and `basic:2` make one set with two editions).
    pub sets: Vec<TileSet>,
    /// Tiles imported.
    pub tiles: usize,
    /// What was left out or changed, one line per tile or set, naming the line in the XML.
    pub notes: Vec<String>,
    /// For each tile imported, by id: its features' ids with their JCZ artwork keys.
    pub keys: BTreeMap<String, Vec<(String, String)>>,
    /// For each tile an export from this toolkit wrote, by JCZ id: its id in the tile set it
    /// came from, given back by [`Imported::restore_ids`] once the artwork is read.
    pub source_ids: BTreeMap<String, String>,
}

impl Imported {
    /// Gives each tile exported from this toolkit its own id back in place of JCZ's
    /// `<add-on>/<code>`, unless another tile imported has that id or the id could not have
    /// been exported; such a tile keeps JCZ's id, with a note.
    pub fn restore_ids(&mut self) {
        let source_ids = std::mem::take(&mut self.source_ids);
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for tile in self.sets.iter().flat_map(|s| &s.tiles) {
            *counts
                .entry(source_ids.get(&tile.id).unwrap_or(&tile.id).clone())
                .or_default() += 1;
        }
        let mut renamed: BTreeMap<String, String> = BTreeMap::new();
        for set in &mut self.sets {
            for tile in &mut set.tiles {
                let Some(own) = source_ids.get(&tile.id) else {
                    continue;
                };
                if own.is_empty() || own.chars().any(char::is_control) || counts[own] > 1 {
                    self.notes.push(format!(
                        "tile `{}` was exported as `{}`, an id another tile imported has too (or that no tile may have); it keeps JCZ's id",
                        tile.id,
                        own.escape_debug()
                    ));
                    continue;
                }
                renamed.insert(tile.id.clone(), own.clone());
                tile.id.clone_from(own);
            }
            let starts = set
                .start_tile
                .iter_mut()
                .chain(set.deal.iter_mut().filter_map(|d| d.start.as_mut()));
            for start in starts {
                if let Some(own) = renamed.get(start) {
                    start.clone_from(own);
                }
            }
        }
        self.keys = std::mem::take(&mut self.keys)
            .into_iter()
            .map(|(id, keys)| (renamed.get(&id).cloned().unwrap_or(id), keys))
            .collect();
    }
}

/// Imports `defs`. `file` names the XML in the notes; `prefix` goes before each set id (to keep
/// clear of the bundled ids).
pub fn import(defs: &Definitions, file: &str, prefix: &str) -> Imported {
    let mut out = Imported::default();
    let mut groups: Vec<(String, Vec<(usize, &crate::defs::TileSetDef)>)> = Vec::new();
    let mut group_of: BTreeMap<&str, usize> = BTreeMap::new();
    for set in &defs.sets {
        let (base, edition) = match set.id.rsplit_once(':') {
            Some((base, "1")) => (base, 0),
            Some((base, "2")) => (base, 1),
            _ => (set.id.as_str(), 0),
        };
        match group_of.get(base) {
            Some(&g) => groups[g].1.push((edition, set)),
            None => {
                group_of.insert(base, groups.len());
                groups.push((base.to_owned(), vec![(edition, set)]));
            }
        }
    }
    // Each tile id's definition (the first, when a file defines one twice).
    let mut def_of: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, def) in defs.tiles.iter().enumerate() {
        if let Some(&first) = def_of.get(def.id.as_str()) {
            out.notes.push(format!(
                "{file}:{}: tile `{}` is defined again (first at line {}); this definition is left out",
                def.pos.line, def.id, defs.tiles[first].pos.line
            ));
        } else {
            def_of.insert(&def.id, i);
        }
    }
    // Tiles some set counts: the others are noted as in no set.
    let mut counted: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
    let title = defs
        .expansion
        .as_ref()
        .map(|e| e.title.clone())
        .filter(|t| !t.is_empty());
    let mut taken: BTreeMap<&str, String> = BTreeMap::new();
    // The set ids given, with the JCZ set name each came from.
    let mut ids_made: BTreeMap<String, &str> = BTreeMap::new();
    let mut made: Vec<(TileSet, Vec<&str>)> = Vec::new();
    for (base, list) in &groups {
        let editions = if list.iter().any(|(e, _)| *e == 1) { 2 } else { 1 };
        let mut counts: BTreeMap<&str, [u32; 2]> = BTreeMap::new();
        for (edition, set) in list {
            for (tile, count) in &set.refs {
                counts.entry(tile.as_str()).or_default()[*edition] += count;
            }
        }
        let mut id = set_id(prefix, base);
        if let Some(other) = ids_made.get(&id) {
            let first = id.clone();
            let mut k = 2;
            while ids_made.contains_key(&id) {
                id = format!("{first}-{k}");
                k += 1;
            }
            out.notes.push(format!(
                "{file}: sets `{other}` and `{base}` would both be tile set `{first}`; `{base}` is `{id}`"
            ));
        }
        ids_made.insert(id.clone(), base.as_str());
        let mut set = TileSet {
            id: id.clone(),
            name: title.clone().unwrap_or_else(|| base.clone()),
            editions: EDITIONS[..editions].iter().map(|e| (*e).to_owned()).collect(),
            start_tile: None,
            tiles: Vec::new(),
            figures: BTreeMap::new(),
            bags: BTreeMap::new(),
            mechanisms: Vec::new(),
            marks: BTreeMap::new(),
            values: BTreeMap::new(),
            tokens: BTreeMap::new(),
            deal: Vec::new(),
            edge_kinds: BTreeMap::new(),
            replaces: Vec::new(),
        };
        let mut used: Vec<&str> = Vec::new();
        // The tiles counted, in the order the file defines them.
        let mut order: Vec<(usize, &[u32; 2])> = Vec::new();
        for (tile, count) in &counts {
            counted.insert(tile);
            match def_of.get(tile) {
                Some(&i) => order.push((i, count)),
                None => out.notes.push(format!(
                    "{file}: set `{base}` counts tile `{tile}`, which this file does not define; left out"
                )),
            }
        }
        order.sort_unstable_by_key(|(i, _)| *i);
        for (i, count) in order {
            let def = &defs.tiles[i];
            if let Some(first) = taken.get(def.id.as_str()) {
                out.notes.push(format!(
                    "{file}:{}: tile `{}` is already in set `{first}`; counted there only",
                    def.pos.line, def.id
                ));
                continue;
            }
            let count = if editions == 1 || count[0] == count[1] {
                if count[0] == 0 {
                    out.notes.push(format!(
                        "{file}:{}: set `{base}` counts tile `{}` 0 times; left out",
                        def.pos.line, def.id
                    ));
                    continue;
                }
                Count::All(count[0])
            } else {
                Count::PerEdition(
                    EDITIONS
                        .iter()
                        .zip(count)
                        .filter(|(_, n)| **n > 0)
                        .map(|(e, n)| ((*e).to_owned(), *n))
                        .collect(),
                )
            };
            match tile(def, count, file, &mut out.notes, &mut used) {
                Some((t, keys)) => {
                    out.keys.insert(t.id.clone(), keys);
                    if let Some(own) = &def.source_id {
                        out.source_ids.insert(t.id.clone(), own.clone());
                    }
                    taken.insert(&def.id, id.clone());
                    set.tiles.push(t);
                }
                None => continue,
            }
        }
        let start = defs.start.as_deref().unwrap_or(JCZ_START);
        if set.tiles.iter().any(|t| t.id == start) {
            set.start_tile = Some(start.to_owned());
            used.push("small-follower");
        }
        if let Some(replaced) = deal_the_river(&mut set) {
            out.notes.push(format!(
                "{file}: set `{base}`: the river's spring starts the game, not `{replaced}`, which is dealt with the other tiles"
            ));
        }
        if set.tiles.is_empty() {
            out.notes
                .push(format!("{file}: set `{base}` has no tile to import; no file written"));
            continue;
        }
        made.push((set, used));
    }
    // The expansion's elements that no set's tiles call for (figures, bags, the abbey) go with
    // the first set, so that the sets played together declare each once.
    if let (Some(expansion), Some((_, first))) = (&defs.expansion, made.first()) {
        let by_tiles: std::collections::BTreeSet<&str> =
            made.iter().flat_map(|(_, used)| used.iter().copied()).collect();
        let extra: std::collections::BTreeSet<&str> = expansion
            .implies
            .iter()
            .chain(&expansion.enforces)
            .map(String::as_str)
            .filter(|e| !by_tiles.contains(e))
            .collect();
        let mut first = first.clone();
        first.extend(extra);
        made[0].1 = first;
    }
    for (mut set, used) in made {
        declare(&mut set, &used, file, &mut out.notes);
        out.tiles += set.tiles.len();
        out.sets.push(set);
    }
    for (&id, &i) in &def_of {
        let def = &defs.tiles[i];
        if !counted.contains(id) {
            out.notes.push(format!(
                "{file}:{}: tile `{}` is in no tile set of this file; left out",
                def.pos.line, def.id
            ));
        }
    }
    out
}

/// Most characters of an id prefix ([`check_prefix`]): the file names made of it stay far from
/// what a file system holds.
pub const MAX_PREFIX: usize = 64;

/// Checks the prefix put before each imported set's id and file name: lowercase letters,
/// digits and `-`, not starting with `-` (a set id's shape), at most [`MAX_PREFIX`] characters.
/// Anything else would make ids that do not validate, or file names that leave the folder
/// written into (`../`, `/`).
pub fn check_prefix(prefix: &str) -> Result<(), String> {
    // Empty, or the start of an id (whatever follows it is an id too).
    if !prefix.is_empty() && !tilewright_engine::model::is_id(prefix) {
        return Err(format!(
            "the prefix `{prefix}` must be lowercase letters, digits and `-`, not starting with `-` (it begins each tile set's id and file name)"
        ));
    }
    if prefix.chars().count() > MAX_PREFIX {
        return Err(format!(
            "the prefix is {} characters long; make it at most {MAX_PREFIX}",
            prefix.chars().count()
        ));
    }
    Ok(())
}

/// A set id from a JCZ set name: lowercase letters, digits and `-`, after `prefix`.
fn set_id(prefix: &str, base: &str) -> String {
    let mut id: String = base
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    id = id.trim_matches('-').to_owned();
    if id.is_empty() {
        id = "tiles".into();
    }
    format!("{prefix}{id}")
}

/// The tile of `def`, or `None` (noted) when it cannot be played here.
fn tile(
    def: &TileDef,
    count: Count,
    file: &str,
    notes: &mut Vec<String>,
    used: &mut Vec<&str>,
) -> Option<(Tile, Vec<(String, String)>)> {
    let at = |line: u32, what: String| format!("{file}:{line}: tile `{}`: {what}", def.id);
    let mut edges = [0u8; 4]; // 0 field, 1 road, 2 city, 3 river
    let mut markers = Vec::new();
    let mut kept: Vec<&FeatureDef> = Vec::new();
    let mut rivers: Vec<&FeatureDef> = Vec::new();
    for f in &def.features {
        for attr in &f.unread {
            notes.push(at(
                f.pos.line,
                format!("<{} {attr}> is not supported; left out", f.kind.element()),
            ));
        }
        match &f.kind {
            Kind::City | Kind::Road => {
                let Some(Location::Sides(bits)) = f.location else {
                    notes.push(at(
                        f.pos.line,
                        format!("a {} must lie on whole sides; tile left out", f.kind.element()),
                    ));
                    return None;
                };
                for side in Side::ALL {
                    if bits & (1 << side as u8) != 0 {
                        edges[side as usize] = edges[side as usize].max(if f.kind == Kind::City { 2 } else { 1 });
                    }
                }
                kept.push(f);
            }
            Kind::Field | Kind::Monastery | Kind::Garden => kept.push(f),
            Kind::Hill => {
                markers.push(Marker::Hill);
                used.push("hill");
            }
            Kind::Vineyard => {
                markers.push(Marker::Vineyard);
                used.push("vineyard");
            }
            Kind::Portal => {
                markers.push(Marker::Portal);
                used.push(elements::mechanism_element(Mechanism::Portals));
            }
            Kind::Volcano | Kind::Dragon => {
                markers.push(if f.kind == Kind::Volcano {
                    Marker::Volcano
                } else {
                    Marker::Dragon
                });
                used.push(elements::mechanism_element(Mechanism::Dragon));
            }
            Kind::Other(name) if name == RIVER => rivers.push(f),
            Kind::Other(name) => notes.push(at(
                f.pos.line,
                format!("<{name}> is not supported; left out of the tile",),
            )),
        }
    }
    let mut split = [false; 4];
    for f in &kept {
        if let Some(side) = f.multi_edge {
            if edges[side as usize] != 2 {
                notes.push(at(
                    f.pos.line,
                    format!("`multi-edge` names side {side}, which holds no other city; tile left out",),
                ));
                return None;
            }
            split[side as usize] = true;
        }
    }
    let (river, group) = match river_of(def, &rivers, &edges) {
        Ok(found) => found,
        Err((line, what)) => {
            notes.push(at(line, what));
            return None;
        }
    };
    for side in Side::ALL {
        if river & (1 << side as u8) != 0 {
            edges[side as usize] = 3;
        }
    }
    let mut layouts = edges.map(|e| EdgeLayout(["field", "road", "city", RIVER][usize::from(e)].to_owned()));
    for side in Side::ALL {
        if split[side as usize] {
            layouts[side as usize] = EdgeLayout(format!("city {} city", crate::export::SPLIT));
        }
    }
    let mut ids: Vec<String> = Vec::new();
    let letter = |k: &Kind| match k {
        Kind::City => "c",
        Kind::Road => "r",
        Kind::Field => "f",
        Kind::Monastery => "m",
        _ => "g",
    };
    for f in &kept {
        let same = kept.iter().filter(|g| g.kind == f.kind).count();
        let nth = kept
            .iter()
            .take_while(|g| !std::ptr::eq(**g, *f))
            .filter(|g| g.kind == f.kind)
            .count()
            + 1;
        ids.push(if same == 1 {
            letter(&f.kind).to_owned()
        } else {
            format!("{}{nth}", letter(&f.kind))
        });
    }
    let mut features: BTreeMap<String, Feature> = BTreeMap::new();
    let ending: Vec<usize> = (0..kept.len())
        .filter(|&i| kept[i].kind == Kind::Road && kept[i].location.map(|l| l.sides().len()) == Some(1))
        .collect();
    for (i, f) in kept.iter().enumerate() {
        let kind = match f.kind {
            Kind::City => FeatureKind::City,
            Kind::Road => FeatureKind::Road,
            Kind::Field => FeatureKind::Field,
            Kind::Monastery => FeatureKind::Monastery,
            _ => FeatureKind::Garden,
        };
        let mut feature = Feature::new(kind);
        match f.location {
            Some(Location::Sides(_)) if kind != FeatureKind::Field => {
                let sides = f.location.unwrap_or(Location::Sides(0)).sides();
                for side in Side::ALL {
                    let first = sides.contains(&side);
                    if split[side as usize] && (first || f.multi_edge == Some(side)) {
                        feature
                            .on
                            .push(EdgeRef(format!("{}{}", side.letter(), if first { 1 } else { 2 })));
                    } else if first {
                        feature.on.push(EdgeRef(side.letter().to_string()));
                    }
                }
            }
            Some(Location::Halves(bits)) if kind == FeatureKind::Field => {
                for side in Side::ALL {
                    let mine = (bits >> (2 * side as u8)) & 0b11;
                    if mine == 0 {
                        continue;
                    }
                    if edges[side as usize] == 2 {
                        notes.push(at(
                            f.pos.line,
                            format!("a field on the {} half of a city side; tile left out", side.letter()),
                        ));
                        return None;
                    }
                    if mine == 0b11 {
                        feature.on.push(EdgeRef(side.letter().to_string()));
                    } else {
                        feature
                            .on
                            .push(EdgeRef(side.half_names()[usize::from(mine == 0b10)].to_owned()));
                    }
                }
            }
            None | Some(Location::Inner(_))
                if matches!(kind, FeatureKind::Field | FeatureKind::Monastery | FeatureKind::Garden) => {}
            _ => {
                notes.push(at(
                    f.pos.line,
                    format!(
                        "<{}> at `{}` is not a place this kind of feature can have; tile left out",
                        f.kind.element(),
                        f.location.map(|l| l.tokens()).unwrap_or_default()
                    ),
                ));
                return None;
            }
        }
        feature.pennants = f.pennants;
        if f.cathedral {
            feature.marks.push("cathedral".into());
            used.push("cathedral");
        }
        if f.inn {
            feature.marks.push("inn".into());
            used.push("inn");
        }
        if f.princess {
            feature.marks.push("princess".into());
            used.push("princess");
        }
        if let Some(good) = &f.resource {
            if elements::GOODS.contains(&good.as_str()) {
                feature.tokens.push(good.clone());
                used.push(elements::GOODS_ELEMENT);
            } else {
                notes.push(at(f.pos.line, format!("the good `{good}` is not supported; left out",)));
            }
        }
        for city in &f.cities {
            let found = kept
                .iter()
                .position(|g| g.kind == Kind::City && g.location.is_some_and(|l| l.contains(*city)));
            match found {
                Some(c) if feature.cities.contains(&ids[c]) => {}
                Some(c) => feature.cities.push(ids[c].clone()),
                None => {
                    notes.push(at(
                        f.pos.line,
                        format!(
                            "the field names a city at `{city}`, which the tile does not have before it; tile left out",
                        ),
                    ));
                    return None;
                }
            }
        }
        if ending.contains(&i) {
            let linked = |j: usize| j != i && kept[j].wagon.iter().any(|l| f.wagon.contains(l));
            if let Some(j) =
                (0..kept.len()).find(|&j| linked(j) && matches!(kept[j].kind, Kind::City | Kind::Monastery))
            {
                feature.end = Some(if kept[j].kind == Kind::City {
                    RoadEnd::CityGate
                } else {
                    RoadEnd::Monastery
                });
                feature.at = Some(ids[j].clone());
            } else if ending.iter().any(|&j| linked(j)) {
                feature.end = Some(RoadEnd::Crossing);
            } else {
                feature.end = Some(RoadEnd::House);
            }
        }
        features.insert(ids[i].clone(), feature);
    }
    let keys = kept
        .iter()
        .zip(&ids)
        .filter_map(|(f, id)| Some((id.clone(), f.artwork_key()?)))
        .collect();
    let tile = Tile {
        id: def.id.clone(),
        name: def.name.clone().unwrap_or_default(),
        count,
        supply: Default::default(),
        placement: Default::default(),
        group,
        edges: layouts,
        features,
        markers,
        image: None,
    };
    Some((tile, keys))
}

/// The sides the `<river>` elements `rivers` of `def` lie on (bits clockwise from north), with
/// the deal group of the tile (`None` without a river); or the line and why the tile cannot
/// be played. `edges` are the tile's sides so far (0 field, 1 road, 2 city).
fn river_of(def: &TileDef, rivers: &[&FeatureDef], edges: &[u8; 4]) -> Result<(u8, Option<String>), (u32, String)> {
    let mut sides = 0u8;
    for f in rivers {
        let Some(Location::Sides(bits)) = f.location else {
            return Err((f.pos.line, "a river must lie on whole sides; tile left out".to_owned()));
        };
        if let Some(side) = Side::ALL
            .into_iter()
            .find(|s| bits & (1 << *s as u8) != 0 && edges[*s as usize] != 0)
        {
            return Err((
                f.pos.line,
                format!("the river shares side {side} with a city or road; tile left out"),
            ));
        }
        sides |= bits;
    }
    if sides == 0 {
        return Ok((0, None));
    }
    let jcz = def.group.as_deref();
    match RIVER_GROUPS.iter().find(|(from, _)| Some(*from) == jcz) {
        Some((_, group)) => Ok((sides, Some((*group).to_owned()))),
        None => Err((
            def.pos.line,
            format!(
                "a river tile needs one of JCZ's river groups ({}), and {}; tile left out",
                RIVER_GROUPS.map(|(from, _)| format!("`{from}`")).join(", "),
                jcz.map_or_else(
                    || "this one has no `group`".to_owned(),
                    |g| format!("`group=\"{g}\"` is none of them")
                ),
            ),
        )),
    }
}

/// Deals the river tiles of `set` as the bundled River does: its deal groups in the order of
/// [`RIVER_GROUPS`] (those it holds), the spring starting the game ([`JCZ_SPRING`], else the
/// first spring), and the river declared as the bundled River (or, with a fork, River II)
/// declares it. A spring replaces
/// the set's start tile (a file holds one start; the game deals the other into the pile):
/// returns the start tile replaced.
fn deal_the_river(set: &mut TileSet) -> Option<String> {
    let holds = |group: &str| set.tiles.iter().any(|t| t.group.as_deref() == Some(group));
    let deal: Vec<DealGroup> = RIVER_GROUPS
        .iter()
        .filter(|(_, group)| holds(group))
        .map(|(_, group)| DealGroup {
            group: (*group).to_owned(),
            start: None,
        })
        .collect();
    if deal.is_empty() {
        return None;
    }
    set.deal = deal;
    // A river that forks keeps its branches apart, as River II declares it; the others are
    // declared as the River declares its river.
    let forks = holds("fork");
    let declared = || {
        bundled::catalog()
            .tilesets
            .iter()
            .filter_map(|s| s.model.edge_kinds.get(RIVER).copied())
    };
    let kind = declared()
        .find(|k| k.branches_apart == forks)
        .or_else(|| declared().next())
        .unwrap_or(EdgeKind {
            must_continue: true,
            no_u_turn: true,
            branches_apart: forks,
        });
    set.edge_kinds.insert(RIVER.to_owned(), kind);
    let (_, spring) = RIVER_GROUPS[0];
    let springs = || set.tiles.iter().filter(|t| t.group.as_deref() == Some(spring));
    let start = springs()
        .find(|t| t.id == JCZ_SPRING)
        .or_else(|| springs().next())
        .map(|t| t.id.clone());
    let first = set.deal.first_mut()?;
    first.start = Some(start?);
    set.start_tile.take()
}

/// Declares in `set` what the JCZ elements in `used` are in this toolkit, copied from the
/// bundled files that declare them; notes the elements it has nothing for.
fn declare(set: &mut TileSet, used: &[&str], file: &str, notes: &mut Vec<String>) {
    let bundled = bundled::catalog();
    let mut used: Vec<&str> = used.to_vec();
    used.sort_unstable();
    used.dedup();
    for element in used {
        let mut found = false;
        for declared in bundled.declaring().map(|f| f.model.declarations()) {
            found |= take(&mut set.figures, declared.figures, |id| {
                elements::figure_element(id).map(|e| e.unwrap_or("small-follower")) == Some(element)
            });
            found |= take(&mut set.bags, declared.bags, |id| {
                elements::bag_element(id) == Some(element)
            });
            for mechanism in declared.mechanisms {
                if elements::mechanism_element(*mechanism) == element {
                    if !set.mechanisms.contains(mechanism) {
                        set.mechanisms.push(*mechanism);
                    }
                    found = true;
                }
            }
            found |= take(&mut set.marks, declared.marks, |id| {
                elements::MARKS.iter().any(|(m, _, e)| *m == id && *e == element)
            });
            found |= take(&mut set.tokens, declared.tokens, |id| {
                element == elements::GOODS_ELEMENT && elements::GOODS.contains(&id)
            });
        }
        if !found && !matches!(element, "farmers" | "garden") {
            notes.push(format!(
                "{file}: set `{}`: the game element `{element}` is not supported; played without it",
                set.id
            ));
        }
    }
    set.mechanisms.sort();
    // The abbeys the players hold come with the mechanism, from the bundled sets bringing it.
    if set.mechanisms.contains(&Mechanism::Abbey) {
        let abbeys = bundled.tilesets.iter().map(|s| &s.model);
        let held = abbeys
            .filter(|s| s.mechanisms.contains(&Mechanism::Abbey))
            .flat_map(|s| &s.tiles)
            .filter(|t| t.supply != Default::default());
        set.tiles.extend(held.cloned());
    }
    // The values the mechanisms and figures taken read, with the bundled defaults.
    let read = set.mechanisms.iter().flat_map(|m| m.values()).chain(
        set.figures
            .values()
            .filter_map(|f| f.mechanism)
            .flat_map(|m| m.values()),
    );
    for key in read {
        let default = bundled
            .declaring()
            .find_map(|f| f.model.declarations().values.get(key.key));
        if let Some(value) = default {
            set.values.insert(key.key.to_owned(), *value);
        }
    }
}

/// Copies into `into` the declarations of `from` whose id `is` wants; whether there were any.
fn take<T: Clone>(into: &mut BTreeMap<String, T>, from: &BTreeMap<String, T>, is: impl Fn(&str) -> bool) -> bool {
    let mut took = false;
    for (id, item) in from.iter().filter(|(id, _)| is(id)) {
        into.insert(id.clone(), item.clone());
        took = true;
    }
    took
}
