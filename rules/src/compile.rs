//! Compiles validated tiles into flat tables for play.
//!
//! Every distinct edge layout gets a small code; whether two codes may face each other, and
//! which of their segments connect, is computed once into `codes × codes` tables. A placement
//! test is then a table lookup per neighbour, whatever the tiles look like.

use std::collections::HashMap;

use crate::edge::{Layout, SegmentKind, Side, TileEdges};
use crate::limits::{MAX_EDGE_LAYOUTS, MAX_FEATURES, MAX_PENNANTS, MAX_TILE_TYPES};
use crate::model::{FeatureKind, Marker, Placement, RoadEnd, Supply, Tile};

/// Marks a segment that belongs to no feature (`any` edges).
pub const NO_FEATURE: u8 = u8::MAX;

/// A feature of a compiled tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompiledFeature {
    /// Id in the tile-set file.
    pub id: String,
    /// Kind.
    pub kind: FeatureKind,
    /// Pennants (cities).
    pub pennants: u8,
    /// What the road ends at on this tile (roads).
    pub end: Option<RoadEnd>,
    /// Local index of the city or monastery a road ends at.
    pub end_at: Option<u8>,
    /// Local indices of the cities bordering this field.
    pub cities: Vec<u8>,
    /// Number of edge segments the feature has on this tile (up to 4 edges × 100).
    pub segments: u16,
    /// The marks the feature carries, one bit per mark of the game (its index in
    /// `GameDef::marks`); 0 until a game definition sets them.
    pub marks: u16,
}

/// One edge of a compiled tile: its layout code and the feature of each segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompiledEdge {
    /// Index into [`TileTables::layouts`].
    pub code: u16,
    /// Local feature index of each segment, in clockwise order ([`NO_FEATURE`] for `any` and
    /// for a declared edge kind's segments).
    pub features: Vec<u8>,
    /// Whether a segment fits anything (an abbey's edge): it closes what it faces without
    /// joining it.
    pub any: bool,
}

/// A tile type ready for play.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledTile {
    /// Id in the tile-set file.
    pub id: String,
    /// Features, in the file's (sorted) order.
    pub features: Vec<CompiledFeature>,
    /// Edges of the unrotated tile, north, east, south, west.
    pub edges: [CompiledEdge; 4],
    /// Where copies come from.
    pub supply: Supply,
    /// Where it may be placed.
    pub placement: Placement,
    /// Whether the tile has a hill.
    pub hill: bool,
    /// Whether the tile has a vineyard.
    pub vineyard: bool,
    /// Whether the tile has a volcano (the dragon flies to it).
    pub volcano: bool,
    /// Whether the tile has a dragon (it sends the dragon moving).
    pub dragon: bool,
    /// Whether the tile has a magic portal.
    pub portal: bool,
    /// Edge layout codes by rotation, then side.
    pub codes: [[u16; 4]; 4],
    /// The rotations that give distinct tiles are `0..1 << rotation_bits` (1, 2 or 4 of them:
    /// a tile looks the same after a quarter turn, after a half turn, or after neither).
    pub rotation_bits: u8,
    /// Whether the tile has a monastery (or abbey): a feature the tiles around it complete.
    pub has_monastery: bool,
    /// Whether the tile has a garden, completed as a monastery is.
    pub has_garden: bool,
    /// Bit `f` set when local feature `f` is a road or a city: what a placement can complete
    /// by closing edges.
    pub closable: u64,
    /// Bit `f` set when local feature `f` is a field: what barns and shepherds look at on a
    /// placed tile.
    pub fields: u64,
    /// For each corner of the unturned tile, clockwise from the north-west: the local field
    /// whose segments lie on both sides of it (where a barn may stand), or [`NO_FEATURE`].
    pub corner_fields: [u8; 4],
}

impl CompiledTile {
    /// Bit `r` set for each rotation `r` that gives a distinct tile.
    #[inline]
    pub fn rotation_mask(&self) -> u8 {
        (1 << (1 << self.rotation_bits)) - 1
    }

    /// The local field at corner `corner` (clockwise from the north-west) when the tile is
    /// turned `rotation` quarter turns clockwise, if that corner is field.
    #[inline]
    pub fn corner_field(&self, corner: usize, rotation: u8) -> Option<u8> {
        let field = self.corner_fields[(corner + 4 - rotation as usize % 4) % 4];
        (field != NO_FEATURE).then_some(field)
    }

    /// The edge at `side` when the tile is turned `rotation` quarter turns clockwise.
    pub fn edge(&self, side: Side, rotation: u8) -> &CompiledEdge {
        &self.edges[(side as usize + 4 - rotation as usize % 4) % 4]
    }

    /// Local index of the feature with this id.
    pub fn feature_index(&self, id: &str) -> Option<u8> {
        self.features.iter().position(|f| f.id == id).map(|i| i as u8)
    }
}

/// Compiled tiles and the edge tables they share.
#[derive(Debug, Clone, Default)]
pub struct TileTables {
    /// Every distinct edge layout.
    pub layouts: Vec<Layout>,
    /// `fits[a * n + b]`: layout `b` may face layout `a`.
    fits: Vec<bool>,
    /// `join_ranges[a * n + b]`: the range of `join_pairs` holding the segment pairs
    /// of `a` and `b` that connect.
    join_ranges: Vec<(u32, u32)>,
    join_pairs: Vec<Join>,
    /// The tiles.
    pub tiles: Vec<CompiledTile>,
    /// `side_fits[(tile * 4 + side) * codes + code]`: bit `r` set when the tile turned `r`
    /// has an edge on `side` that fits a neighbour edge of layout `code` facing it.
    side_fits: Vec<u8>,
    /// `by_signature[tile * base⁴ + signature]`: the rotations of `tile` that fit an open cell
    /// whose neighbours show `signature` (see [`TileTables::signature_base`]), as a
    /// [`fit_entry`]; empty when the table would be too large, and [`TileTables::side_fits`] is
    /// used instead.
    by_signature: Vec<u8>,
    /// Signatures per tile in `by_signature`: `base⁴` (1 when there is no table, so that every
    /// tile's row is out of range).
    signatures: usize,
}

/// Two facing segments that connect, one of each edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Join {
    /// Segment index on the first edge.
    pub mine: u8,
    /// Segment index on the other edge.
    pub theirs: u8,
    /// Segments this pair closes that no earlier pair of the same two edges closed (0, 1 or
    /// 2): once the two features are joined, their open count drops by this much. Facing edges
    /// that fit without `any` connect every segment, so the pairs close them all.
    pub closes: u8,
}

/// A set of fitting rotations (bit `r` for `r` quarter turns) with its size in the high four
/// bits, so that counting placements over many open cells is a shift and an add.
#[inline]
pub fn fit_entry(rotations: u8) -> u8 {
    let rotations = rotations & 15;
    rotations | (rotations.count_ones() as u8) << 4
}

/// The rotations of a [`fit_entry`].
#[inline(always)]
pub fn fit_rotations(entry: u8) -> u8 {
    entry & 15
}

/// The number of rotations of a [`fit_entry`].
#[inline(always)]
pub fn fit_count(entry: u8) -> u32 {
    u32::from(entry >> 4)
}

/// Appends to `joins` the [`Join`]s of the connecting segment pairs `(mine, theirs)` of two
/// facing edges, each segment's closing counted on the first pair it is in.
fn push_joins(pairs: &[(usize, usize)], joins: &mut Vec<Join>) {
    // An edge has at most 100 segments (positions run 1..100).
    let (mut closed_mine, mut closed_theirs) = (0u128, 0u128);
    for &(i, j) in pairs {
        let closes = u8::from(closed_mine & 1 << i == 0) + u8::from(closed_theirs & 1 << j == 0);
        (closed_mine, closed_theirs) = (closed_mine | 1 << i, closed_theirs | 1 << j);
        joins.push(Join {
            mine: i as u8,
            theirs: j as u8,
            closes,
        });
    }
}

/// Why tiles could not be compiled: a tile that did not pass validation, or tiles that are
/// each valid but together go over a limit of the engine ([`crate::limits`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// A tile is not valid.
    #[error("tile `{tile}`: {message}")]
    Tile {
        /// The tile.
        tile: String,
        /// What is wrong.
        message: String,
    },
    /// More of something (named) than the engine holds: how many, and the limit.
    #[error("the tiles have {1} {0}; the engine holds at most {2}")]
    TooMany(&'static str, usize, usize),
}

/// Most entries of the signature table ([`TileTables::signature_row`]); a game whose tiles
/// and edge layouts need more checks open cells side by side instead.
const MAX_SIGNATURE_ENTRIES: usize = 1 << 22;

/// For each layout, the layouts that may face it, in code order (a superset that
/// [`Layout::joins`] settles): those whose profile is its facing profile, and those with `any`
/// segments; every layout for one with `any` segments. Grouping layouts by profile finds
/// them without testing every pair, which for many layouts would take long.
fn fit_candidates(layouts: &[Layout]) -> Vec<Vec<u16>> {
    let mut by_profile: HashMap<Vec<(SegmentKind, u8)>, Vec<u16>> = HashMap::new();
    let mut wild = Vec::new();
    for (code, layout) in (0u16..).zip(layouts) {
        if layout.has_any() {
            wild.push(code);
        } else {
            by_profile.entry(layout.profile()).or_default().push(code);
        }
    }
    let every: Vec<u16> = (0u16..).zip(layouts).map(|(code, _)| code).collect();
    layouts
        .iter()
        .map(|layout| {
            if layout.has_any() {
                return every.clone();
            }
            let mut candidates = by_profile.get(&layout.facing_profile()).cloned().unwrap_or_default();
            candidates.extend(&wild);
            candidates.sort_unstable();
            candidates
        })
        .collect()
}

/// A tile to compile, with its edges as validation read them ([`TileEdges`]); without them,
/// compilation reads them from the tile's text.
#[derive(Debug, Clone, Copy)]
pub struct TileInput<'a> {
    /// The tile.
    pub tile: &'a Tile,
    /// Its edges, if they were read already.
    pub edges: Option<&'a TileEdges>,
}

impl<'a> From<&'a Tile> for TileInput<'a> {
    fn from(tile: &'a Tile) -> TileInput<'a> {
        TileInput { tile, edges: None }
    }
}

impl<'a> From<(&'a Tile, &'a TileEdges)> for TileInput<'a> {
    fn from((tile, edges): (&'a Tile, &'a TileEdges)) -> TileInput<'a> {
        TileInput {
            tile,
            edges: Some(edges),
        }
    }
}

impl TileTables {
    /// Compiles validated tiles: at most [`MAX_TILE_TYPES`] of them, with at most
    /// [`MAX_EDGE_LAYOUTS`] distinct edge layouts. Each is a [`Tile`], whose edges are read
    /// here, or a tile with its [`TileEdges`].
    pub fn build<'a, T: Into<TileInput<'a>>>(tiles: impl IntoIterator<Item = T>) -> Result<TileTables, CompileError> {
        let tiles: Vec<TileInput<'a>> = tiles.into_iter().map(Into::into).collect();
        if tiles.len() > MAX_TILE_TYPES {
            return Err(CompileError::TooMany("tile types", tiles.len(), MAX_TILE_TYPES));
        }
        let mut tables = TileTables::default();
        let mut codes: HashMap<Layout, u16> = HashMap::new();
        for tile in tiles {
            let compiled = compile_tile(tile, &mut tables.layouts, &mut codes)?;
            tables.tiles.push(compiled);
        }
        let n = tables.layouts.len();
        if n > MAX_EDGE_LAYOUTS {
            return Err(CompileError::TooMany("distinct edge layouts", n, MAX_EDGE_LAYOUTS));
        }
        tables.fits = vec![false; n * n];
        tables.join_ranges = vec![(0, 0); n * n];
        let mut pairs = Vec::new();
        for (a, candidates) in fit_candidates(&tables.layouts).into_iter().enumerate() {
            for b in candidates.into_iter().map(usize::from) {
                pairs.clear();
                if tables.layouts[a].joins_into(&tables.layouts[b], &mut pairs).is_ok() {
                    tables.fits[a * n + b] = true;
                    // At most MAX_EDGE_LAYOUTS² × 100 pairs: the indices fit 32 bits.
                    let start = tables.join_pairs.len() as u32;
                    push_joins(&pairs, &mut tables.join_pairs);
                    tables.join_ranges[a * n + b] = (start, tables.join_pairs.len() as u32);
                }
            }
        }
        for tile in &mut tables.tiles {
            tile.rotation_bits = rotation_period(tile).trailing_zeros() as u8;
            tile.codes = [0u8, 1, 2, 3].map(|r| Side::ALL.map(|side| tile.edge(side, r).code));
            tile.corner_fields = [0, 1, 2, 3].map(|corner| corner_field(tile, corner, &tables.layouts));
        }
        tables.side_fits = vec![0; tables.tiles.len() * 4 * n];
        let base = n + 1;
        for (t, tile) in tables.tiles.iter().enumerate() {
            for side in 0..4 {
                for code in 0..n {
                    let mask = (0..4)
                        .filter(|&r| tables.fits[tile.codes[r][side] as usize * n + code])
                        .fold(0u8, |m, r| m | (1 << r));
                    tables.side_fits[(t * 4 + side) * n + code] = mask;
                }
            }
        }
        let signatures = base.checked_pow(4).filter(|s| {
            s.checked_mul(tables.tiles.len())
                .is_some_and(|entries| entries <= MAX_SIGNATURE_ENTRIES)
        });
        tables.signatures = 1;
        if let Some(signatures) = signatures {
            tables.signatures = signatures;
            let mut by_signature = vec![0u8; signatures * tables.tiles.len()];
            for (t, tile) in tables.tiles.iter().enumerate() {
                for signature in 0..signatures {
                    let mut mask = tile.rotation_mask();
                    let mut neighbours = 0;
                    for side in 0..4 {
                        let digit = signature / base.pow(side as u32) % base;
                        if digit > 0 {
                            neighbours += 1;
                            mask &= tables.side_fits[(t * 4 + side) * n + digit - 1];
                        }
                    }
                    let enough = match tile.placement {
                        Placement::Adjacent => neighbours > 0,
                        Placement::Hole => neighbours == 4,
                    };
                    by_signature[t * signatures + signature] = fit_entry(if enough { mask } else { 0 });
                }
            }
            tables.by_signature = by_signature;
        }
        Ok(tables)
    }

    /// Whether an edge of layout `b` may face an edge of layout `a`.
    #[inline]
    pub fn fits(&self, a: u16, b: u16) -> bool {
        self.fits[a as usize * self.layouts.len() + b as usize]
    }

    /// The rotations (bit `r` for quarter turns `r`) of `tile` whose edge on `side` fits a
    /// neighbour edge of layout `code`.
    #[inline]
    pub fn side_fits(&self, tile: u16, side: usize, code: u16) -> u8 {
        self.side_fits[(tile as usize * 4 + side) * self.layouts.len() + code as usize]
    }

    /// The base of open-cell signatures: a cell's signature is the sum over its sides `s` of
    /// `(facing code + 1) × base^s`, 0 for a side with no neighbour. It is 0 when there is no
    /// signature table (too many tiles and layouts): the signatures are not used then, and
    /// stay 0 rather than grow past 32 bits.
    #[inline]
    pub fn signature_base(&self) -> u32 {
        if self.by_signature.is_empty() {
            return 0;
        }
        u32::try_from(self.layouts.len() + 1).unwrap_or(0)
    }

    /// The whole signature table of `tile` ([`fit_entry`] by open-cell signature), if it was
    /// built.
    #[inline]
    pub fn signature_row(&self, tile: u16) -> Option<&[u8]> {
        let signatures = self.signatures;
        self.by_signature
            .get(tile as usize * signatures..(tile as usize + 1) * signatures)
    }

    /// Segment pairs that connect when layout `b` faces layout `a`.
    #[inline]
    pub fn joins(&self, a: u16, b: u16) -> &[Join] {
        let (start, end) = self.join_ranges[a as usize * self.layouts.len() + b as usize];
        &self.join_pairs[start as usize..end as usize]
    }

    /// The feature pairs `(of a, of b)` that connect when tile `b` (turned `rb`) lies on `side`
    /// of tile `a` (turned `ra`), or `None` if the edges do not fit.
    pub fn connections(&self, a: usize, ra: u8, side: Side, b: usize, rb: u8) -> Option<Vec<(u8, u8)>> {
        let ea = self.tiles[a].edge(side, ra);
        let eb = self.tiles[b].edge(side.opposite(), rb);
        if !self.fits(ea.code, eb.code) {
            return None;
        }
        Some(
            self.joins(ea.code, eb.code)
                .iter()
                .map(|join| (ea.features[join.mine as usize], eb.features[join.theirs as usize]))
                .collect(),
        )
    }
}

fn compile_tile(
    input: TileInput<'_>,
    layouts: &mut Vec<Layout>,
    codes: &mut HashMap<Layout, u16>,
) -> Result<CompiledTile, CompileError> {
    let tile = input.tile;
    let fail = |message: String| CompileError::Tile {
        tile: tile.id.clone(),
        message,
    };
    if tile.features.len() > MAX_FEATURES {
        return Err(fail(format!("more than {MAX_FEATURES} features")));
    }
    let read;
    let edges = match input.edges {
        Some(edges) => edges,
        None => {
            read = TileEdges::read(tile).map_err(fail)?;
            &read
        }
    };
    if edges.claims.len() != tile.features.len() {
        return Err(fail("the edges read are not this tile's".into()));
    }
    let ids: Vec<&String> = tile.features.keys().collect();
    let index_of = |id: &str| ids.iter().position(|i| *i == id).map(|i| i as u8);
    let mut segment_owner: [Vec<u8>; 4] = edges.layouts.each_ref().map(|l| vec![NO_FEATURE; l.segments.len()]);
    let mut features = Vec::with_capacity(ids.len());
    for (local, ((id, feature), claimed)) in tile.features.iter().zip(&edges.claims).enumerate() {
        for &(side, i) in claimed {
            segment_owner[side as usize][i] = local as u8;
        }
        // Counted from the owners, so a segment named twice still counts once.
        let segments = segment_owner.iter().flatten().filter(|&&o| o == local as u8).count() as u16;
        let cities = feature
            .cities
            .iter()
            .map(|c| index_of(c).ok_or_else(|| fail(format!("no city `{c}`"))))
            .collect::<Result<_, _>>()?;
        let pennants = u8::try_from(feature.pennants)
            .ok()
            .filter(|&n| u32::from(n) <= MAX_PENNANTS)
            .ok_or_else(|| fail(format!("more than {MAX_PENNANTS} pennants on `{id}`")))?;
        features.push(CompiledFeature {
            id: id.clone(),
            kind: feature.kind,
            pennants,
            end: feature.end,
            end_at: feature.at.as_deref().and_then(index_of),
            cities,
            segments,
            marks: 0,
        });
    }
    let mut compiled = Vec::with_capacity(4);
    for (layout, owners) in edges.layouts.iter().zip(segment_owner) {
        if layout
            .segments
            .iter()
            .zip(&owners)
            .any(|(s, o)| s.kind.has_feature() && *o == NO_FEATURE)
        {
            return Err(fail("an edge segment belongs to no feature".into()));
        }
        // At most MAX_TILE_TYPES × 4 layouts, so codes fit 16 bits.
        let next = u16::try_from(layouts.len()).map_err(|_| fail("too many edge layouts".into()))?;
        let code = *codes.entry(layout.clone()).or_insert_with(|| {
            layouts.push(layout.clone());
            next
        });
        let any = layout.has_any();
        compiled.push(CompiledEdge {
            code,
            features: owners,
            any,
        });
    }
    // A tile has at most 64 features (checked above), one bit each.
    let mask = |wanted: fn(FeatureKind) -> bool| {
        (0u32..)
            .zip(&features)
            .filter(|(_, f)| wanted(f.kind))
            .fold(0, |bits, (i, _)| bits | 1u64 << i)
    };
    let closable = mask(|kind| matches!(kind, FeatureKind::Road | FeatureKind::City));
    let fields = mask(|kind| kind == FeatureKind::Field);
    Ok(CompiledTile {
        id: tile.id.clone(),
        features,
        edges: compiled.try_into().map_err(|_| fail("a tile has four edges".into()))?,
        supply: tile.supply,
        placement: tile.placement,
        hill: tile.markers.contains(&Marker::Hill),
        vineyard: tile.markers.contains(&Marker::Vineyard),
        volcano: tile.markers.contains(&Marker::Volcano),
        dragon: tile.markers.contains(&Marker::Dragon),
        portal: tile.markers.contains(&Marker::Portal),
        codes: [[0; 4]; 4],
        rotation_bits: 0,
        has_monastery: tile.features.values().any(|f| f.kind == FeatureKind::Monastery),
        has_garden: tile.features.values().any(|f| f.kind == FeatureKind::Garden),
        closable,
        fields,
        corner_fields: [NO_FEATURE; 4],
    })
}

/// The local field at corner `corner` of the unturned tile (clockwise from the north-west),
/// or [`NO_FEATURE`]: the corner lies between the start of edge `corner` and the end of the
/// edge before it, and is field when one field owns both of those segments.
fn corner_field(tile: &CompiledTile, corner: usize, layouts: &[Layout]) -> u8 {
    let (starts, ends) = (&tile.edges[corner], &tile.edges[(corner + 3) % 4]);
    let first = layouts[starts.code as usize].segments.first().map(|s| s.kind);
    let last = layouts[ends.code as usize].segments.last().map(|s| s.kind);
    match (starts.features.first(), ends.features.last()) {
        (Some(&a), Some(&b)) if first == Some(SegmentKind::Field) && last == Some(SegmentKind::Field) && a == b => a,
        _ => NO_FEATURE,
    }
}

/// The number of rotations that produce different tiles: 1, 2 or 4, the smallest number of
/// quarter turns that gives the same tile back. Two rotations are the same placement when their
/// edges match segment for segment and the features they reach are alike once renamed in
/// order of appearance (the straight road turned half round is the same tile).
fn rotation_period(tile: &CompiledTile) -> u8 {
    let signature = |r: u8| {
        let mut label = vec![NO_FEATURE; tile.features.len()];
        let mut next = 0u8;
        let mut edges = Vec::with_capacity(4);
        for side in Side::ALL {
            let edge = tile.edge(side, r);
            let mut owners = Vec::with_capacity(edge.features.len());
            for &f in &edge.features {
                if f != NO_FEATURE && label[f as usize] == NO_FEATURE {
                    label[f as usize] = next;
                    next += 1;
                }
                owners.push(if f == NO_FEATURE { NO_FEATURE } else { label[f as usize] });
            }
            edges.push((edge.code, owners));
        }
        for l in label.iter_mut().filter(|l| **l == NO_FEATURE) {
            *l = next;
            next += 1;
        }
        let mut features: Vec<_> = tile
            .features
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let mut cities: Vec<u8> = f.cities.iter().map(|&c| label[c as usize]).collect();
                cities.sort_unstable();
                (label[i], f.kind, f.pennants, f.end, cities)
            })
            .collect();
        features.sort();
        (edges, features)
    };
    // The turns that give the tile back form a group: with three quarter turns, one does too.
    let unturned = signature(0);
    [1, 2].into_iter().find(|&r| signature(r) == unturned).unwrap_or(4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joined_pairs_close_each_segment_once() {
        let layout = |s: &str| Layout::parse(s).unwrap();
        // A field split at 30 and 70 faces a field split in halves: the middle segment meets
        // both halves.
        let join_list = |pairs: &[(usize, usize)]| {
            let mut joins = Vec::new();
            push_joins(pairs, &mut joins);
            joins
        };
        let pairs = layout("field 30 field 70 field").joins(&layout("field")).unwrap();
        let joins = join_list(&pairs);
        assert_eq!(joins.len(), 4);
        let closes: Vec<u8> = joins.iter().map(|j| j.closes).collect();
        assert_eq!(closes, vec![2, 2, 0, 1], "{joins:?}");
        assert_eq!(closes.iter().map(|&c| u32::from(c)).sum::<u32>(), 3 + 2);
        let road = join_list(&layout("road").joins(&layout("road")).unwrap());
        assert!(road.iter().all(|j| j.closes == 2));
    }

    #[test]
    fn a_segment_named_twice_counts_once() {
        let tile: Tile = toml::from_str(
            "id = \"A\"\ncount = 1\nedges = [\"city\", \"field\", \"field\", \"field\"]\n\
             features.c = { kind = \"city\", on = [\"N\", \"N1\"] }\n\
             features.f = { kind = \"field\", on = [\"E\", \"S\", \"W\"] }\n",
        )
        .unwrap();
        let tables = TileTables::build([&tile]).unwrap();
        let city = &tables.tiles[0].features[0];
        assert_eq!((city.id.as_str(), city.segments), ("c", 1));
    }

    #[test]
    fn symmetric_tiles_have_fewer_distinct_rotations() {
        let set = crate::testing::set("base");
        let tables = TileTables::build(&set.tiles).unwrap();
        let rotations = |id: &str| {
            let tile = tables.tiles.iter().find(|t| t.id == id).unwrap();
            (1u8 << tile.rotation_bits, tile.rotation_mask())
        };
        // The city with pennant on every side, the straight road, the curve.
        assert_eq!(rotations("C"), (1, 0b1));
        assert_eq!(rotations("U"), (2, 0b11));
        assert_eq!(rotations("V"), (4, 0b1111));
    }
}
