//! Checks of a tile set that no schema can express: references, edge coverage, feature
//! consistency, counts, geometry and images.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::diagnostic::{quote, quoted_list};
use crate::edge::{KindName, Layout, LayoutError, SegmentKind, SegmentRef, Side, TileEdges, resolve_on};
use crate::files::ReadError;
use crate::limits::{
    MAX_COPIES, MAX_EDGE_KINDS, MAX_EDGE_LAYOUTS, MAX_EDITIONS, MAX_FEATURES, MAX_HELD_TYPES, MAX_PENNANTS,
    MAX_PENNANTS_IN_PLAY, MAX_PLAYERS, MAX_TILE_TYPES, MAX_TILES, copies_in_play,
};
use crate::model::{Count, Feature, FeatureKind, Mechanism, RoadEnd, Supply, Tile, TileSet};
use crate::report::Reporter;
use crate::source::escape_segment;
use crate::tile_image::{self, ImageError, ImageFile};
use crate::validate::did_you_mean;
use crate::validate::schema_check::misplaced_key;

/// Each edge of a tile, read.
type ReadLayouts = [Result<Layout, LayoutError>; 4];

/// Runs every semantic check of one tile set. Returns the edges of every tile, read, when they
/// all read (when they do not, an error was reported).
pub(crate) fn check(set: &TileSet, report: &mut Reporter<'_>) -> Option<Vec<TileEdges>> {
    if !check_editions(set, report) {
        return None;
    }
    check_edge_kinds(set, report);
    let misspelt = check_edge_kinds_used(set, report);
    // Every edge is read once, for the tile's checks and for the limit on distinct layouts.
    let layouts: Vec<ReadLayouts> = set
        .tiles
        .iter()
        .map(|tile| {
            tile.edges
                .each_ref()
                .map(|edge| Layout::parse(&edge.0).and_then(|layout| declared_here(set, &misspelt, layout)))
        })
        .collect();
    let mut edges = Vec::with_capacity(set.tiles.len());
    let mut ids = HashMap::new();
    for ((i, tile), layouts) in set.tiles.iter().enumerate().zip(&layouts) {
        let at = format!("/tiles/{i}");
        if let Some(first) = ids.insert(tile.id.as_str(), i) {
            report.error(
                &format!("{at}/id"),
                format!("tile id `{}` is used twice in this file", tile.id),
                format!("tiles[{first}] has the same id; give each tile type its own id"),
            );
        }
        check_count(set, tile, &at, report);
        edges.push(check_tile(tile, layouts, &at, report));
    }
    if let Some(start) = &set.start_tile {
        match set.tiles.iter().find(|t| &t.id == start) {
            None => report.error(
                "/start-tile",
                format!("start tile `{start}` is not a tile of this set"),
                "name the id of one of this file's tiles",
            ),
            Some(tile) if tile.supply != Supply::Pile => report.error(
                "/start-tile",
                format!("start tile `{start}` is held by the players"),
                "the start tile must be a tile of the pile",
            ),
            Some(_) => {}
        }
    }
    check_deal(set, report);
    check_limits(set, &layouts, report);
    // Said once the file has no error: what is wrong comes first.
    if report.out.errors_in(&report.source.path) == 0 {
        check_a_course_can_start(set, report);
    }
    edges.into_iter().collect()
}

/// The edge kinds the file declares (`[edge-kinds]`): names the edge grammar reads as a kind
/// (not a built-in word), and no more than a game holds.
fn check_edge_kinds(set: &TileSet, report: &mut Reporter<'_>) {
    for name in set.edge_kinds.keys() {
        if KindName::new(name).is_none() {
            let builtin = SegmentKind::parse(name).is_some();
            report.error_at_key(
                &format!("/edge-kinds/{}", escape_segment(name)),
                if builtin {
                    format!("edge kind {} is a built-in word of the edge grammar", quote(name))
                } else {
                    format!("edge kind {} is not a name edges can use", quote(name))
                },
                format!(
                    "name it with a lowercase letter, then up to {} lowercase letters, digits or dashes, other than city, road, field and any",
                    KindName::MAX_LEN - 1
                ),
            );
        }
    }
    if set.edge_kinds.len() > MAX_EDGE_KINDS {
        report.error_at_key(
            "/edge-kinds",
            format!("{} edge kinds is more than a game can hold", set.edge_kinds.len()),
            format!("declare at most {MAX_EDGE_KINDS} edge kinds"),
        );
    }
}

/// The edge kinds the file declares and its tiles' edges name: a kind declared that no edge
/// has is a warning at its declaration, or, when the edges name an undeclared kind close to
/// it, one error there that one of the two is misspelt (instead of one at every edge that
/// spells the kind right). Returns the kinds the edges name that such an error covers.
fn check_edge_kinds_used(set: &TileSet, report: &mut Reporter<'_>) -> HashSet<String> {
    let mut named: BTreeMap<String, usize> = BTreeMap::new();
    for tile in &set.tiles {
        for edge in &tile.edges {
            if let Ok(layout) = Layout::parse(&edge.0) {
                for name in layout.declared() {
                    *named.entry(name.as_str().to_owned()).or_default() += 1;
                }
            }
        }
    }
    let undeclared: Vec<String> = named
        .keys()
        .filter(|n| !set.edge_kinds.contains_key(n.as_str()))
        .cloned()
        .collect();
    let mut misspelt = HashSet::new();
    // A name the grammar cannot read as a kind has its error already.
    let declared = set.edge_kinds.keys().filter(|d| KindName::new(d).is_some());
    for declared in declared.filter(|d| !named.contains_key(d.as_str())) {
        let at = format!("/edge-kinds/{}", escape_segment(declared));
        match crate::rules::suggest::closest(declared, &undeclared) {
            Some(used) => {
                report.error_at_key(
                    &at,
                    format!(
                        "edge kind {} is declared here, but the tiles' edges name {} ({} edge(s)) and never {}: one of the two is misspelt",
                        quote(declared),
                        quote(used),
                        named[used],
                        quote(declared)
                    ),
                    format!("rename the declaration `[edge-kinds.{used}]`, or the edges `{declared}`"),
                );
                misspelt.insert(used.to_owned());
            }
            None => report.warning_at_key(
                &at,
                format!(
                    "edge kind {} is declared here, but no tile of this file has an edge of it",
                    quote(declared)
                ),
                "give a tile's edge this kind (a tile uses the kinds of its own file), or remove the declaration",
            ),
        }
    }
    misspelt
}

/// A kind that must continue, which edges name, but which no start tile of the file shows:
/// the first tile showing it would have to continue it, and none can, so every such tile is
/// discarded (a warning: another file's start tile could show it).
fn check_a_course_can_start(set: &TileSet, report: &mut Reporter<'_>) {
    let starts: Vec<&Tile> = set
        .start_tile
        .iter()
        .chain(set.deal.iter().filter_map(|d| d.start.as_ref()))
        .filter_map(|id| set.tiles.iter().find(|t| &t.id == id))
        .collect();
    let shows = |tile: &Tile, kind: &str| {
        tile.edges
            .iter()
            .any(|edge| Layout::parse(&edge.0).is_ok_and(|layout| layout.declared().any(|name| name.as_str() == kind)))
    };
    for (kind, rules) in &set.edge_kinds {
        let named = set.tiles.iter().any(|t| shows(t, kind));
        if rules.must_continue && named && !starts.iter().any(|t| shows(t, kind)) {
            report.warning(
                &format!("/edge-kinds/{}/must-continue", escape_segment(kind)),
                format!(
                    "edge kind {} must continue, but no start tile of this file shows it: the first tile with it could continue nothing, so every tile with it would be discarded",
                    quote(kind)
                ),
                "start the course: give a deal group a start tile showing it (`[[deal]]` with `start`), or the set's start tile an edge of it; or drop `must-continue`",
            );
        }
    }
}

/// `layout` if every declared kind it shows is one this file declares (a tile uses the kinds
/// of its own file) or one `misspelt` (a declaration's typo, said once at the declaration),
/// else why not, suggesting the nearest word.
fn declared_here(set: &TileSet, misspelt: &HashSet<String>, layout: Layout) -> Result<Layout, LayoutError> {
    let Some(name) = layout
        .declared()
        .find(|name| !set.edge_kinds.contains_key(name.as_str()) && !misspelt.contains(name.as_str()))
    else {
        return Ok(layout);
    };
    let words: Vec<String> = SegmentKind::ALL
        .iter()
        .map(|k| k.as_str().to_owned())
        .chain(set.edge_kinds.keys().cloned())
        .collect();
    let suggestion = did_you_mean(name.as_str(), &words);
    Err(LayoutError {
        message: format!("`{layout}` is not a valid edge layout: this file declares no edge kind `{name}`"),
        help: format!(
            "{suggestion}write `city`, `road`, `field`, `any`, or declare the kind in this file with `[edge-kinds.{name}]`"
        ),
    })
}

/// The deal groups (`[[deal]]`) and the tiles' `group`: each group listed once and holding a
/// tile of the pile, each tile's group listed, at most one start tile in the file, and a
/// group's start tile one of its own.
fn check_deal(set: &TileSet, report: &mut Reporter<'_>) {
    let mut listed: HashMap<&str, usize> = HashMap::new();
    let mut start_at: Option<String> = set.start_tile.as_ref().map(|_| "/start-tile".to_owned());
    for (j, deal) in set.deal.iter().enumerate() {
        let at = format!("/deal/{j}");
        if let Some(first) = listed.insert(deal.group.as_str(), j) {
            report.error(
                &format!("{at}/group"),
                format!("group `{}` is listed twice in `deal`", deal.group),
                format!("deal[{first}] lists it already; a group is dealt once, so list it once"),
            );
            continue;
        }
        let members = || {
            set.tiles
                .iter()
                .filter(|t| t.group.as_deref() == Some(deal.group.as_str()))
        };
        if members().next().is_none() {
            report.error(
                &format!("{at}/group"),
                format!("group `{}` holds no tile", deal.group),
                "name it in the `group` of the tiles it deals, or leave it out of `deal`",
            );
        }
        if let Some(start) = &deal.start {
            if let Some(first) = &start_at {
                report.error(
                    &format!("{at}/start"),
                    format!("start tile `{start}` is a second start tile in this file"),
                    format!("{first} names one already; a game starts from one tile"),
                );
            } else if !members().any(|t| &t.id == start) {
                report.error(
                    &format!("{at}/start"),
                    format!("start tile `{start}` is not a tile of group `{}`", deal.group),
                    "name a tile whose `group` is this group",
                );
            }
            start_at.get_or_insert(format!("{at}/start"));
        }
    }
    for (i, tile) in set.tiles.iter().enumerate() {
        let Some(group) = &tile.group else { continue };
        let at = format!("/tiles/{i}/group");
        if !listed.contains_key(group.as_str()) {
            report.error(
                &at,
                format!("group `{group}` is not in this file's `deal`"),
                format!("add `[[deal]]` with `group = \"{group}\"` where the group is dealt, or leave `group` out"),
            );
        } else if tile.supply != Supply::Pile {
            report.error(
                &at,
                format!("tile `{}` is held by the players, so no group deals it", tile.id),
                "leave `group` out of a tile the players hold",
            );
        }
    }
}

/// The limits of the engine ([`crate::limits`]) that a whole file can go over: each is
/// reported once, where the file first goes over it. Counts and pennants over their own
/// limits have errors of their own and count here as at those limits, so that each problem is
/// reported once.
fn check_limits(set: &TileSet, layouts: &[ReadLayouts], report: &mut Reporter<'_>) {
    if set.tiles.len() > MAX_TILE_TYPES {
        report.error(
            &format!("/tiles/{MAX_TILE_TYPES}/id"),
            format!("this file has {} tile types", set.tiles.len()),
            format!("a game holds at most {MAX_TILE_TYPES} tile types; remove the ones from here on"),
        );
    }
    check_edge_layouts(layouts, report);
    check_held_types(set, report);
    let tiles_at = |i: usize, _: &Tile, edition: &str| count_pointer(set, i, edition);
    check_in_play(set, report, ("tiles", MAX_TILES as u64), |_| 1, tiles_at);
    let pennants_at = |i: usize, tile: &Tile, edition: &str| match tile.features.iter().find(|(_, f)| f.pennants > 0) {
        Some((id, _)) => format!("/tiles/{i}/features/{}/pennants", escape_segment(id)),
        None => count_pointer(set, i, edition),
    };
    let pennants = |tile: &Tile| {
        let each = tile.features.values().map(|f| u64::from(f.pennants.min(MAX_PENNANTS)));
        each.sum()
    };
    check_in_play(
        set,
        report,
        ("pennants", u64::from(MAX_PENNANTS_IN_PLAY)),
        pennants,
        pennants_at,
    );
}

/// Reports the edge that brings the file's distinct edge layouts over [`MAX_EDGE_LAYOUTS`].
fn check_edge_layouts(layouts: &[ReadLayouts], report: &mut Reporter<'_>) {
    let mut seen = HashSet::new();
    let mut first_over = None;
    for (i, tile) in layouts.iter().enumerate() {
        for (k, edge) in tile.iter().enumerate() {
            // An edge that does not parse has an error of its own.
            let Ok(layout) = edge else { continue };
            if seen.insert(layout) && seen.len() > MAX_EDGE_LAYOUTS && first_over.is_none() {
                first_over = Some(format!("/tiles/{i}/edges/{k}"));
            }
        }
    }
    if let Some(pointer) = first_over {
        report.error(
            &pointer,
            format!(
                "this file has {} distinct edge layouts, and this edge is number {}",
                seen.len(),
                MAX_EDGE_LAYOUTS + 1
            ),
            format!(
                "a game holds at most {MAX_EDGE_LAYOUTS} distinct edge layouts; reuse layouts (most sets need `city`, `road`, `field` and a few custom ones)"
            ),
        );
    }
}

/// Reports the tile that brings the kinds of tile the players hold in an edition over
/// [`MAX_HELD_TYPES`].
fn check_held_types(set: &TileSet, report: &mut Reporter<'_>) {
    for edition in &set.editions {
        let held = set
            .tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| t.supply == Supply::Player && t.count.in_edition(edition) > 0);
        if let Some((i, _)) = held.clone().nth(MAX_HELD_TYPES) {
            report.error(
                &format!("/tiles/{i}/supply"),
                format!(
                    "edition `{edition}` has {} kinds of tile held by the players",
                    held.count()
                ),
                format!("the players hold at most {MAX_HELD_TYPES} kinds of tile; put the others in the pile"),
            );
            return;
        }
    }
}

/// Reports, for each edition that puts more of something (`what`, with its limit) in play
/// than a game holds, the tile whose copies go over it: `per_copy` says how much a copy in
/// play brings, `pointer` where to point at tile `i` in an edition. Tiles the players hold
/// count once per seat.
fn check_in_play(
    set: &TileSet,
    report: &mut Reporter<'_>,
    (what, max): (&str, u64),
    per_copy: impl Fn(&Tile) -> u64,
    pointer: impl Fn(usize, &Tile, &str) -> String,
) {
    let mut reported = HashSet::new();
    for edition in &set.editions {
        let amounts: Vec<u64> = set
            .tiles
            .iter()
            .map(|t| copies_in_play(t.count.in_edition(edition).min(MAX_COPIES), t.supply) * per_copy(t))
            .collect();
        let Some(i) = first_over(&amounts, max) else {
            continue;
        };
        let total: u64 = amounts.iter().sum();
        let at = pointer(i, &set.tiles[i], edition);
        if reported.insert(at.clone()) {
            report.error(
                &at,
                format!("edition `{edition}` puts {total} {what} in play, over the limit from this tile on"),
                format!(
                    "a game holds at most {max} {what} (tiles the players hold count once for each of {MAX_PLAYERS} seats); lower the counts"
                ),
            );
        }
    }
}

/// The index of the amount that brings the running sum of `amounts` over `max`, if it goes
/// over.
pub(super) fn first_over(amounts: &[u64], max: u64) -> Option<usize> {
    let mut sum = 0u64;
    amounts.iter().position(|&n| {
        sum = sum.saturating_add(n);
        sum > max
    })
}

/// Where tile `i`'s count for `edition` is written.
fn count_pointer(set: &TileSet, i: usize, edition: &str) -> String {
    match set.tiles.get(i).map(|t| &t.count) {
        Some(Count::PerEdition(_)) => format!("/tiles/{i}/count/{}", escape_segment(edition)),
        _ => format!("/tiles/{i}/count"),
    }
}

/// Checks the list of editions; false when there are more than the checks per edition can
/// take, so that they are not run.
fn check_editions(set: &TileSet, report: &mut Reporter<'_>) -> bool {
    if set.editions.len() > MAX_EDITIONS {
        report.error(
            &format!("/editions/{MAX_EDITIONS}"),
            format!("this tile set names {} editions", set.editions.len()),
            format!("a tile set has at most {MAX_EDITIONS} editions; remove the ones from here on"),
        );
        return false;
    }
    let mut seen = HashSet::new();
    for (i, edition) in set.editions.iter().enumerate() {
        if !seen.insert(edition) {
            report.error(
                &format!("/editions/{i}"),
                format!("edition `{edition}` is listed twice"),
                "list each edition once",
            );
        }
    }
    true
}

fn check_count(set: &TileSet, tile: &Tile, at: &str, report: &mut Reporter<'_>) {
    let largest = match &tile.count {
        Count::All(n) => *n,
        Count::PerEdition(map) => map.values().copied().max().unwrap_or(0),
    };
    if largest > MAX_COPIES {
        report.error(
            &format!("{at}/count"),
            format!("{largest} copies of tile `{}`", tile.id),
            format!("give at most {MAX_COPIES} copies"),
        );
    }
    match &tile.count {
        Count::All(0) => report.error(
            &format!("{at}/count"),
            "a tile needs at least one copy",
            "give a count of 1 or more, or remove the tile",
        ),
        Count::All(_) => {}
        Count::PerEdition(map) => {
            for (edition, n) in map {
                let pointer = format!("{at}/count/{}", escape_segment(edition));
                if !set.editions.contains(edition) {
                    report.error_at_key(
                        &pointer,
                        format!("{} is not an edition of this tile set", quote(edition)),
                        format!(
                            "use one of: {}",
                            quoted_list(set.editions.iter().map(String::as_str), 20)
                        ),
                    );
                } else if *n == 0 {
                    report.error(
                        &pointer,
                        format!("a count of 0 for {}", quote(edition)),
                        "leave the edition out of the table instead",
                    );
                }
            }
            if map.is_empty() {
                report.error(
                    &format!("{at}/count"),
                    "the count table names no edition",
                    "give the count per edition, such as `{ first-edition = 1 }`",
                );
            }
        }
    }
}

/// Checks a tile; returns its edges, read, when they all read.
fn check_tile(tile: &Tile, layouts: &ReadLayouts, at: &str, report: &mut Reporter<'_>) -> Option<TileEdges> {
    let errors_before = report.out.errors_in(&report.source.path);
    if tile.features.len() > MAX_FEATURES {
        report.error_at_key(
            &format!("{at}/features"),
            format!("tile `{}` has {} features", tile.id, tile.features.len()),
            format!("a tile may have at most {MAX_FEATURES} features"),
        );
        return None;
    }
    let mut read = Vec::with_capacity(4);
    for (k, layout) in layouts.iter().enumerate() {
        match layout {
            Ok(layout) => read.push(layout.clone()),
            Err(e) => {
                report.error(
                    &format!("{at}/edges/{k}"),
                    format!("edge {}: {}", Side::from_index(k), e.message),
                    e.help.clone(),
                );
                return None;
            }
        }
    }
    let layouts: [Layout; 4] = read.try_into().expect("four edges");
    // Which feature claims each segment, to check every segment is covered exactly once.
    let mut owners: BTreeMap<(usize, usize), Vec<&str>> = BTreeMap::new();
    let mut claims = Vec::with_capacity(tile.features.len());
    let mut all_read = true;
    for (id, feature) in &tile.features {
        let fat = format!("{at}/features/{}", escape_segment(id));
        check_feature(tile, id, feature, &fat, report);
        let mut claimed = Vec::new();
        for (r, claim) in resolve_on(feature, &layouts).enumerate() {
            match claim {
                Ok((side, indices)) => {
                    for i in indices {
                        owners.entry((side as usize, i)).or_default().push(id);
                        claimed.push((side, i));
                    }
                }
                Err(e) => {
                    all_read = false;
                    report.error(
                        &format!("{fat}/on/{r}"),
                        format!("feature `{id}`: {}", e.message),
                        e.help,
                    );
                }
            }
        }
        claims.push(claimed);
    }
    for (k, layout) in layouts.iter().enumerate() {
        let side = Side::from_index(k);
        let describe = |i: usize| {
            format!(
                "{} ({})",
                SegmentRef::Number { side, number: i + 1 },
                layout.segments[i]
            )
        };
        let mut unclaimed = Vec::new();
        let mut free = Vec::new();
        for (i, segment) in layout.segments.iter().enumerate() {
            // `any` and declared kinds belong to no feature.
            if !segment.kind.has_feature() {
                continue;
            }
            match owners.get(&(k, i)).map(Vec::as_slice) {
                None | Some([]) => {
                    unclaimed.push(describe(i));
                    free.push(i);
                }
                Some([_]) => {}
                Some(many) => {
                    let mut distinct = many.to_vec();
                    distinct.dedup();
                    let (message, help) = if let [only] = distinct.as_slice() {
                        (
                            format!(
                                "tile {}: feature {} names segment {} more than once",
                                quote(&tile.id),
                                quote(only),
                                describe(i)
                            ),
                            "name each segment once in `on` (an edge letter already names all of its segments of the feature's kind)",
                        )
                    } else {
                        (
                            format!(
                                "tile {}: segment {} is claimed by features {}",
                                quote(&tile.id),
                                describe(i),
                                distinct.iter().map(|f| quote(f)).collect::<Vec<_>>().join(" and ")
                            ),
                            "each edge segment belongs to exactly one feature; remove it from all but one",
                        )
                    };
                    report.error(&format!("{at}/edges/{k}"), message, help);
                }
            }
        }
        if !unclaimed.is_empty() {
            report.error(
                &format!("{at}/edges/{k}"),
                format!(
                    "tile `{}`: edge {side} has segments no feature reaches: {}",
                    tile.id,
                    unclaimed.join(", ")
                ),
                unclaimed_help(side, layout, &free, |i| {
                    owners.get(&(k, i)).and_then(|o| o.first().copied())
                }),
            );
        }
    }
    if !all_read {
        return None;
    }
    let edges = TileEdges { layouts, claims };
    // Geometry is only worth judging on a tile whose features and edges are sound.
    if report.out.errors_in(&report.source.path) == errors_before {
        check_fields(tile, &edges, at, report);
    }
    Some(edges)
}

/// The segments of a tile's edges in one clockwise ring around its border, each with the
/// feature that owns it (by its index in the tile's features; `None` for `any`).
struct Border {
    owners: Vec<Option<usize>>,
    /// Each feature's places on the ring, rising.
    places: Vec<Vec<usize>>,
    /// Each place's segment, as a reference and its span (`N2 (road 40..60)`).
    names: Vec<String>,
}

impl Border {
    fn new(edges: &TileEdges) -> Border {
        let mut first = [0; 4];
        let mut names = Vec::new();
        for (k, layout) in edges.layouts.iter().enumerate() {
            first[k] = names.len();
            let side = Side::from_index(k);
            for (i, segment) in layout.segments.iter().enumerate() {
                names.push(format!("{} ({segment})", SegmentRef::Number { side, number: i + 1 }));
            }
        }
        let mut owners = vec![None; names.len()];
        let mut places = vec![Vec::new(); edges.claims.len()];
        for (f, claimed) in edges.claims.iter().enumerate() {
            for &(side, i) in claimed {
                let place = first[side as usize] + i;
                owners[place] = Some(f);
                places[f].push(place);
            }
            places[f].sort_unstable();
        }
        Border { owners, places, names }
    }
}

/// Warnings about fields that pass every other check but would score farms wrongly. Each
/// message starts with a stable code.
///
/// - `field-city-twice`: a city listed twice in `cities`.
/// - `inner-field-alone`: a field with no `on` (an inner field) and no `cities`: it joins no
///   neighbour and borders no city, so a farmer on it never scores. An inner field is a pocket
///   enclosed by cities (such as between two cities crossing on a bridge), so it names them.
/// - `field-city-apart`: a field with `on` names a city with `on` that it cannot reach around
///   the border: from each of its segments, either way, a road (or `any`) comes before the
///   city. Roads split fields; cities and other fields passed on the way do not rule contact
///   out, since a city can pass over another on a bridge, and two fields side by side on the
///   border are parted by something reaching the border between them (a city wall running to
///   a corner). A road into the city's gate does not part the fields beside it from the city.
/// - `field-across-road`: a road splits the border into sides, and one field has segments on
///   two of them. A road splits it when it reaches two or more edges, when it runs from an edge
///   into a city's gate (with the city), and when it ends at a crossing with other roads (all
///   of them together); see [`Cut`]. A road that a city or another road also crosses (with
///   segments on two of its sides: a tunnel or a bridge) is left out, as only the picture tells
///   which part of it splits the fields.
fn check_fields(tile: &Tile, edges: &TileEdges, at: &str, report: &mut Reporter<'_>) {
    let features: Vec<(&String, &Feature)> = tile.features.iter().collect();
    let index = |id: &str| features.iter().position(|(f, _)| f.as_str() == id);
    let border = Border::new(edges);
    let reach = Reach::new(&border, &features);
    let pointer = |id: &str| format!("{at}/features/{}", escape_segment(id));
    for (f, &(id, feature)) in features.iter().enumerate() {
        if feature.kind != FeatureKind::Field {
            continue;
        }
        let mut named = HashSet::new();
        for (c, city) in feature.cities.iter().enumerate() {
            if !named.insert(city) {
                report.warning(
                    &format!("{}/cities/{c}", pointer(id)),
                    format!(
                        "field-city-twice: field `{id}` of tile `{}` names city `{city}` twice",
                        tile.id
                    ),
                    "list each city once",
                );
                continue;
            }
            let Some(city_index) = index(city) else { continue };
            if border.places[f].is_empty() || border.places[city_index].is_empty() {
                continue;
            }
            if !reach.reaches(&border, f, city_index) {
                report.warning(
                    &format!("{}/cities/{c}", pointer(id)),
                    format!(
                        "field-city-apart: field `{id}` of tile `{}` names city `{city}`, but none of its segments reaches that city around the border",
                        tile.id
                    ),
                    format!(
                        "remove `{city}` from `cities` if the field does not border it, or check which edges `{id}` and `{city}` are `on`"
                    ),
                );
            }
        }
        if feature.on.is_empty() && feature.cities.is_empty() {
            report.warning(
                &pointer(id),
                format!(
                    "inner-field-alone: field `{id}` of tile `{}` reaches no edge and names no city, so a farmer on it never scores",
                    tile.id
                ),
                "list the cities around it in `cities`, or the edges it reaches in `on`; remove it if the tile has no such field",
            );
        }
    }
    check_fields_across_roads(tile, &features, &border, report, &pointer);
}

/// What parts the fields of a tile at its roads: a road reaching two or more edges; a road
/// from an edge into a city's gate, with that city (which reaches the border); and the roads
/// ending at a crossing, together. A road ending at a house or a monastery parts nothing: the
/// field runs round its end.
struct Cut {
    /// The features (by index) whose places cut the ring.
    members: Vec<usize>,
    /// The member whose places alone part nothing this cut should answer for (the city a gate
    /// road leads into: fields its walls part are not parted by the road).
    city: Option<usize>,
    /// The cut in words, for the warning: ``road `r` ``.
    name: String,
}

/// The `field-across-road` warning of [`check_fields`].
fn check_fields_across_roads(
    tile: &Tile,
    features: &[(&String, &Feature)],
    border: &Border,
    report: &mut Reporter<'_>,
    pointer: &dyn Fn(&str) -> String,
) {
    let index = |id: &str| features.iter().position(|(f, _)| f.as_str() == id);
    let reaches = |f: usize| !border.places[f].is_empty();
    let mut cuts = Vec::new();
    let mut crossing = Vec::new();
    for (r, &(road, feature)) in features.iter().enumerate() {
        if feature.kind != FeatureKind::Road || !reaches(r) {
            continue;
        }
        let gate_city = feature.at.as_deref().and_then(index).filter(|&c| reaches(c));
        if border.places[r].len() >= 2 {
            cuts.push(Cut {
                members: vec![r],
                city: None,
                name: format!("road `{road}`"),
            });
        } else if let (Some(RoadEnd::CityGate), Some(c)) = (feature.end, gate_city) {
            cuts.push(Cut {
                members: vec![r, c],
                city: Some(c),
                name: format!("road `{road}` (into the gate of `{}`)", features[c].0),
            });
        } else if feature.end == Some(RoadEnd::Crossing) {
            crossing.push(r);
        }
    }
    if crossing.len() >= 2 {
        let names: Vec<String> = crossing.iter().map(|&r| format!("`{}`", features[r].0)).collect();
        cuts.push(Cut {
            members: crossing,
            city: None,
            name: format!("the roads meeting at the crossing ({})", names.join(", ")),
        });
    }
    for cut in cuts {
        let ring_cut = |members: &[usize]| {
            let mut places: Vec<usize> = members.iter().flat_map(|&m| border.places[m].iter().copied()).collect();
            places.sort_unstable();
            places
        };
        let places = ring_cut(&cut.members);
        let city_places = ring_cut(cut.city.as_slice());
        // The stretch of the ring a place lies in, between the cut's places.
        let stretch = |cutting: &[usize], place: usize| cutting.partition_point(|&p| p < place) % cutting.len().max(1);
        // Two places of feature `g` the cut parts (and the city alone does not), if any.
        let across = |g: usize, base: &[usize]| {
            let mine = &border.places[g];
            mine.iter().enumerate().find_map(|(k, &a)| {
                mine[k + 1..].iter().find_map(|&b| {
                    (stretch(&places, a) != stretch(&places, b) && stretch(base, a) == stretch(base, b))
                        .then_some((a, b))
                })
            })
        };
        let crossed = (0..features.len())
            .any(|g| !cut.members.contains(&g) && features[g].1.kind != FeatureKind::Field && across(g, &[]).is_some());
        if crossed {
            continue;
        }
        for (f, &(id, field)) in features.iter().enumerate() {
            if field.kind != FeatureKind::Field {
                continue;
            }
            if let Some((a, b)) = across(f, &city_places) {
                report.warning(
                    &format!("{}/on", pointer(id)),
                    format!(
                        "field-across-road: field `{id}` of tile `{}` lies on both sides of {}: {} and {}",
                        tile.id, cut.name, border.names[a], border.names[b]
                    ),
                    format!(
                        "give each side of {} its own field, each with the cities it borders",
                        cut.name
                    ),
                );
            }
        }
    }
}

/// The cities each field segment reaches around the border (see [`check_fields`]): roads and
/// `any` cut the ring into stretches; a stretch reaches its own cities and the cities whose
/// gate a road at either end of it leads into. Worked out once per tile, so checking every
/// `cities` entry costs a look-up per segment of the field.
struct Reach {
    /// The stretch of each place, `None` for a place that cuts the ring.
    stretch: Vec<Option<usize>>,
    /// The cities (by feature index) each stretch reaches.
    cities: Vec<HashSet<usize>>,
}

impl Reach {
    fn new(border: &Border, features: &[(&String, &Feature)]) -> Reach {
        let n = border.owners.len();
        let kind = |place: usize| border.owners[place].map(|f| features[f].1);
        let cuts = |place: usize| kind(place).is_none_or(|f| f.kind == FeatureKind::Road);
        // The city a cutting place leads into, if it is a road into a city's gate.
        let gate = |place: usize| {
            let road = kind(place).filter(|f| f.end == Some(RoadEnd::CityGate))?;
            features.iter().position(|(id, _)| Some(*id) == road.at.as_ref())
        };
        // Start after a cut, so that no stretch wraps round the start (the ring ends with that
        // cut); with no cut, the whole ring is one stretch.
        let first_cut = (0..n).find(|&p| cuts(p));
        let start = first_cut.map_or(0, |p| p + 1);
        let mut reach = Reach {
            stretch: vec![None; n],
            cities: vec![first_cut.and_then(gate).into_iter().collect()],
        };
        let mut current = 0;
        for step in 0..n {
            let place = (start + step) % n;
            if cuts(place) {
                reach.cities[current].extend(gate(place));
                reach.cities.push(gate(place).into_iter().collect());
                current += 1;
                continue;
            }
            reach.stretch[place] = Some(current);
            if let Some(f) = border.owners[place].filter(|&f| features[f].1.kind == FeatureKind::City) {
                reach.cities[current].insert(f);
            }
        }
        reach
    }

    /// Whether field `f` reaches city `city`.
    fn reaches(&self, border: &Border, f: usize, city: usize) -> bool {
        border.places[f]
            .iter()
            .any(|&p| self.stretch[p].is_some_and(|s| self.cities[s].contains(&city)))
    }
}

fn check_feature(tile: &Tile, id: &str, feature: &Feature, at: &str, report: &mut Reporter<'_>) {
    let kind = feature.kind.as_str();
    if feature.pennants > MAX_PENNANTS {
        report.error(
            &format!("{at}/pennants"),
            format!("{} pennants on one segment", feature.pennants),
            format!("give at most {MAX_PENNANTS}"),
        );
    }
    // The schema rejects these first; a model that skipped it gets the same message.
    let given = |key: &str| match key {
        "pennants" => feature.pennants > 0,
        "end" => feature.end.is_some(),
        "at" => feature.at.is_some(),
        "cities" => !feature.cities.is_empty(),
        _ => false,
    };
    for &(key, owner) in &Feature::KEYS_OF_ONE_KIND {
        if given(key) && feature.kind != owner {
            let (message, help) = misplaced_key(key, id, "kind", kind, &[owner.as_str().to_owned()]);
            report.error_at_key(&format!("{at}/{key}"), message, help);
        }
    }
    match feature.kind {
        FeatureKind::City | FeatureKind::Road if feature.on.is_empty() => {
            report.error_at_key(
                at,
                format!("{kind} `{id}` reaches no edge"),
                "list the edges it reaches in `on`, such as `on = [\"N\"]`",
            );
        }
        FeatureKind::Monastery | FeatureKind::Garden if !feature.on.is_empty() => {
            report.error_at_key(
                &format!("{at}/on"),
                format!("a {kind} sits inside the tile and reaches no edge"),
                "remove `on`",
            );
        }
        _ => {}
    }
    if feature.kind == FeatureKind::Road {
        check_road_end(tile, id, feature, at, report);
    }
    for (c, city) in feature.cities.iter().enumerate() {
        match tile.features.get(city) {
            Some(f) if f.kind == FeatureKind::City => {}
            Some(f) => report.error(
                &format!("{at}/cities/{c}"),
                format!("`{city}` is a {}, not a city", f.kind.as_str()),
                "list only city features of this tile",
            ),
            None => report.error(
                &format!("{at}/cities/{c}"),
                format!("tile `{}` has no feature `{city}`", tile.id),
                format!("use one of this tile's cities: {}", ids_of(tile, FeatureKind::City)),
            ),
        }
    }
    for (p, polygon) in feature.polygons.iter().enumerate() {
        if polygon.len() < 3 {
            report.error(
                &format!("{at}/polygons/{p}"),
                "a polygon needs at least 3 points",
                "add points or remove the polygon",
            );
        }
        for (v, point) in polygon.iter().enumerate() {
            check_point(point, &format!("{at}/polygons/{p}/{v}"), report);
        }
    }
    if let Some(anchor) = &feature.anchor {
        check_point(anchor, &format!("{at}/anchor"), report);
    }
}

/// How to claim the segments `free` of the edge `layout` on `side` that no feature reaches:
/// the whole side when that names no segment another feature owns (`owner`), else each free
/// segment by its half (`Sw`) or number (`S3`), saying why not the side.
fn unclaimed_help<'a>(side: Side, layout: &Layout, free: &[usize], owner: impl Fn(usize) -> Option<&'a str>) -> String {
    let segments = &layout.segments;
    // `S` in a feature's `on` names every segment of the feature's kind on the side.
    let taken = segments
        .iter()
        .enumerate()
        .filter(|(i, segment)| free.iter().any(|&f| segments[f].kind == segment.kind) && !free.contains(i))
        .find_map(|(i, _)| Some((i, owner(i)?)));
    let Some((taken, by)) = taken else {
        return format!(
            "add `{side}` (or a half or segment number) to the `on` list of the features these segments belong to"
        );
    };
    let names: Vec<String> = free
        .iter()
        .map(|&i| match layout.halves {
            Some([first, _]) if first == i => format!("`{}`", side.half_names()[0]),
            Some([_, second]) if second == i => format!("`{}`", side.half_names()[1]),
            _ => format!("`{}`", SegmentRef::Number { side, number: i + 1 }),
        })
        .collect();
    format!(
        "add {} to the `on` list of the features these segments belong to (`{side}` would also name {}, which `{by}` owns)",
        names.join(" and "),
        SegmentRef::Number {
            side,
            number: taken + 1
        }
    )
}

fn check_road_end(tile: &Tile, id: &str, feature: &Feature, at: &str, report: &mut Reporter<'_>) {
    let wanted = match feature.end {
        Some(RoadEnd::CityGate) => Some(FeatureKind::City),
        Some(RoadEnd::Monastery) => Some(FeatureKind::Monastery),
        _ => None,
    };
    match (wanted, &feature.at) {
        (Some(kind), None) => report.error_at_key(
            &format!("{at}/end"),
            format!("road `{id}` ends at a {} but does not say which", kind.as_str()),
            format!("add `at = \"...\"` naming one of: {}", ids_of(tile, kind)),
        ),
        (Some(kind), Some(target)) => match tile.features.get(target) {
            Some(f) if f.kind == kind => {}
            Some(f) => report.error(
                &format!("{at}/at"),
                format!(
                    "`{target}` is a {} of tile `{}`, not a {}",
                    f.kind.as_str(),
                    tile.id,
                    kind.as_str()
                ),
                match end_at(f.kind) {
                    Some(end) if tile.features.values().any(|g| g.kind == kind) => format!(
                        "for a road ending at the {} `{target}` write `end = \"{end}\"`, \
                         or name one of: {}",
                        f.kind.as_str(),
                        ids_of(tile, kind)
                    ),
                    Some(end) => format!(
                        "for a road ending at the {} `{target}` write `end = \"{end}\"` \
                         (this tile has no {})",
                        f.kind.as_str(),
                        kind.as_str()
                    ),
                    None => format!("name one of: {}", ids_of(tile, kind)),
                },
            ),
            None => report.error(
                &format!("{at}/at"),
                format!("`{target}` is not a {} of tile `{}`", kind.as_str(), tile.id),
                format!("name one of: {}", ids_of(tile, kind)),
            ),
        },
        (None, Some(_)) => report.error_at_key(
            &format!("{at}/at"),
            "`at` only goes with `end = \"city-gate\"` or `end = \"monastery\"`",
            "remove `at` or change `end`",
        ),
        (None, None) => {}
    }
    if feature.on.len() == 1 && feature.end.is_none() {
        report.error_at_key(
            at,
            format!("road `{id}` reaches one edge and ends nowhere on the tile"),
            "add `end = \"crossing\"`, `\"house\"`, `\"city-gate\"` or `\"monastery\"`, or list the other edges it reaches",
        );
    }
}

/// The `end` word of a road that ends at a feature of this kind, if a road can end at one.
fn end_at(kind: FeatureKind) -> Option<&'static str> {
    match kind {
        FeatureKind::City => Some("city-gate"),
        FeatureKind::Monastery => Some("monastery"),
        _ => None,
    }
}

fn check_point(point: &[f64; 2], pointer: &str, report: &mut Reporter<'_>) {
    if point.iter().any(|c| !(0.0..=1.0).contains(c)) {
        report.error(
            pointer,
            format!("point [{}, {}] lies outside the tile", point[0], point[1]),
            "tile coordinates run from 0 to 1",
        );
    }
}

fn ids_of(tile: &Tile, kind: FeatureKind) -> String {
    let ids: Vec<String> = tile
        .features
        .iter()
        .filter(|(_, f)| f.kind == kind)
        .map(|(id, _)| format!("`{id}`"))
        .collect();
    if ids.is_empty() {
        format!("(this tile has no {})", kind.as_str())
    } else {
        ids.join(", ")
    }
}

/// Each marker's mechanism (and a held tile's) is switched on by this set, or by another file
/// checked or bundled, with which the marker plays (River II's volcano, with The Princess & the
/// Dragon's dragon); else the marker would never play: a warning.
pub(crate) fn check_mechanisms_used(set: &TileSet, brought: &BTreeSet<Mechanism>, report: &mut Reporter<'_>) {
    use crate::model::Marker;
    let wants = [
        (
            Mechanism::Hills,
            set.tiles.iter().any(|t| t.markers.contains(&Marker::Hill)),
            "hill markers",
        ),
        (
            Mechanism::Vineyards,
            set.tiles.iter().any(|t| t.markers.contains(&Marker::Vineyard)),
            "vineyard markers",
        ),
        (
            Mechanism::Dragon,
            set.tiles
                .iter()
                .any(|t| t.markers.contains(&Marker::Volcano) || t.markers.contains(&Marker::Dragon)),
            "volcano and dragon markers",
        ),
        (
            Mechanism::Portals,
            set.tiles.iter().any(|t| t.markers.contains(&Marker::Portal)),
            "portal markers",
        ),
        (
            Mechanism::Abbey,
            set.tiles.iter().any(|t| t.supply == Supply::Player),
            "tiles held by players",
        ),
    ];
    for (mechanism, used, what) in wants {
        if used && !set.mechanisms.contains(&mechanism) && !brought.contains(&mechanism) {
            let name = serde_json::to_value(mechanism)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            report.warning(
                "/tiles",
                format!("this set has {what} but does not switch on the `{name}` mechanism"),
                format!("add `\"{name}\"` to `mechanisms`, or the rule will not apply"),
            );
        }
    }
}

/// Most pixels one validation run decodes (four images of the largest size); images past it
/// get a warning instead of being decoded.
pub const MAX_DECODED_PIXELS: u64 = 256 * 1024 * 1024;

/// What a validation run found out about image files, by canonical path, so that an image
/// shared by many tiles is read and decoded once, and the pixels decoded in all.
#[derive(Debug, Default)]
pub(crate) struct ImageChecks {
    outcomes: HashMap<PathBuf, ImageOutcome>,
    decoded_pixels: u64,
}

#[derive(Debug)]
enum ImageOutcome {
    Fine,
    Bad(ImageError),
    /// Not decoded: the run had used its pixel budget. Its size, from its header.
    NotDecoded(u32, u32),
}

/// Checks the image of every tile of the set.
pub(crate) fn check_images(set: &TileSet, images: &mut ImageChecks, report: &mut Reporter<'_>) {
    for (i, tile) in set.tiles.iter().enumerate() {
        if let Some(image) = &tile.image {
            check_image(image, &format!("/tiles/{i}/image"), images, report);
        }
    }
}

fn check_image(image: &str, pointer: &str, images: &mut ImageChecks, report: &mut Reporter<'_>) {
    let shown = quote(image);
    let path = match tile_image::resolve(report.source.folder(), image) {
        Ok(path) => path,
        Err(e @ ImageError::Read(ReadError::Missing)) => {
            let help = format!(
                "put the image at {} or fix the path",
                report.source.folder().join(image).display()
            );
            return report.error(pointer, format!("image {shown} {e}"), help);
        }
        Err(e) => return report.error(pointer, format!("image {shown} {e}"), e.help()),
    };
    let decoded_pixels = &mut images.decoded_pixels;
    let outcome = images
        .outcomes
        .entry(path)
        .or_insert_with_key(|path| decode_once(path, decoded_pixels));
    match outcome {
        ImageOutcome::Bad(e) => report.error(pointer, format!("image {shown} {e}"), e.help()),
        ImageOutcome::NotDecoded(w, h) => report.warning(
            pointer,
            format!(
                "image {shown} ({w}x{h}) was not decoded: this run already decoded its budget of {} million pixels",
                MAX_DECODED_PIXELS / 1_000_000
            ),
            "validate fewer or smaller images at a time to check that this one decodes",
        ),
        ImageOutcome::Fine => {}
    }
}

/// Reads and decodes the image at `path` if the pixel budget allows.
fn decode_once(path: &Path, decoded_pixels: &mut u64) -> ImageOutcome {
    let file = match ImageFile::read(path) {
        Ok(file) => file,
        Err(e) => return ImageOutcome::Bad(e),
    };
    if decoded_pixels.saturating_add(file.pixels()) > MAX_DECODED_PIXELS {
        return ImageOutcome::NotDecoded(file.width, file.height);
    }
    *decoded_pixels += file.pixels();
    match file.decode() {
        Ok(_) => ImageOutcome::Fine,
        Err(e) => ImageOutcome::Bad(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Diagnostic;
    use crate::report::Diagnostics;
    use crate::source::{Source, parse_toml};

    /// The semantic checks' diagnostics for a tile set written in TOML, without the schema.
    fn semantic(text: &str) -> Vec<Diagnostic> {
        let source = Source::new("t.toml", text);
        let parsed = parse_toml(text).unwrap();
        let set: TileSet = serde_json::from_value(parsed.value).unwrap();
        let mut out = Diagnostics::default();
        let mut report = Reporter {
            source: &source,
            map: &parsed.map,
            out: &mut out,
        };
        check(&set, &mut report);
        out.finish(|_| 0)
    }

    #[test]
    fn a_model_that_skipped_the_schema_hears_of_a_key_on_the_wrong_kind_as_the_schema_says_it() {
        let found = semantic(
            "id = \"x\"\nname = \"X\"\n[[tiles]]\nid = \"R\"\ncount = 1\nedges = [\"road\", \"field\", \"road\", \"field\"]\n\
             features.r = { kind = \"road\", on = [\"N\", \"S\"], pennants = 1 }\n\
             features.f1 = { kind = \"field\", on = [\"Ne\", \"E\", \"Se\"] }\n\
             features.f2 = { kind = \"field\", on = [\"Sw\", \"W\", \"Nw\"] }\n",
        );
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].message, "`pennants` belongs on a city, but `r` is a road");
        assert_eq!(found[0].help, "remove `pennants`, or change `kind` to \"city\"");
        assert_eq!((found[0].line, found[0].column), (7, 48));
    }
}
