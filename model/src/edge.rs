//! Edges as ordered segments at positions along them.
//!
//! Every edge is a list of segments, each covering a span of positions `0..100`, counted
//! clockwise around the tile (so the north edge runs west to east, the east edge north to south).
//! Two facing edges run in opposite directions: position `p` on one meets `100 - p` on the other.
//! Facing segments that overlap over a positive length connect their features, and must be of
//! the same kind unless one of them is `any`.
//!
//! The plain words expand as follows: `city` is one city segment, `field` two field halves
//! (`0..50`, `50..100`), `road` a road in the middle with a field on each side
//! (`0..40`, `40..60`, `60..100`), and `any` one wildcard segment that joins nothing.
//! A custom layout names the segments with the boundaries between them: `city 60 city`.
//!
//! Any other lowercase word is the name of an edge kind a tile set declares (`river`,
//! [`SegmentKind::Declared`]): the grammar reads it without knowing the declarations, and
//! validation checks that the file declares it. As a whole edge it is shaped like `road` (a
//! field half on each side of a middle segment); a declared segment fits only the same kind
//! (or `any`) and belongs to no feature, so it joins nothing and parts the fields beside it.
//!
//! Layouts and references ([`SegmentRef`]) print as they are written, and read back what they
//! print, so whatever writes the grammar (the editor) goes through here too.

use std::fmt;
use std::str::FromStr;

use crate::{Feature, FeatureKind, Tile};

/// Regular expression (for the JSON Schema) of an edge layout.
pub const LAYOUT_PATTERN: &str = r"^(any|[a-z][a-z0-9-]{0,14}( [1-9][0-9]? [a-z][a-z0-9-]{0,14})*)$";
/// Regular expression (for the JSON Schema) of an edge reference.
pub const REF_PATTERN: &str = r"^([NESW][1-9]?|N[we]|E[ns]|S[ew]|W[sn])$";

/// Length of every edge in position units.
pub const EDGE_LENGTH: u8 = 100;

/// The four sides of a tile, clockwise from north.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// North.
    N = 0,
    /// East.
    E = 1,
    /// South.
    S = 2,
    /// West.
    W = 3,
}

impl Side {
    /// All sides in clockwise order from north.
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// The side at `index` (taken modulo 4).
    pub fn from_index(index: usize) -> Side {
        Side::ALL[index % 4]
    }

    /// The side facing this one on the neighbouring tile.
    pub fn opposite(self) -> Side {
        Side::from_index(self as usize + 2)
    }

    /// The letter used in files.
    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self as usize]
    }

    /// The side's name in messages: `north`, `east`, `south`, `west`.
    pub fn name(self) -> &'static str {
        ["north", "east", "south", "west"][self as usize]
    }

    /// Names of the first and second half of this side, clockwise (`Nw`, `Ne` for north).
    pub fn half_names(self) -> [&'static str; 2] {
        match self {
            Side::N => ["Nw", "Ne"],
            Side::E => ["En", "Es"],
            Side::S => ["Se", "Sw"],
            Side::W => ["Ws", "Wn"],
        }
    }

    /// Offset (dx, dy) to the neighbouring cell on this side, y growing southwards.
    pub fn offset(self) -> (i32, i32) {
        match self {
            Side::N => (0, -1),
            Side::E => (1, 0),
            Side::S => (0, 1),
            Side::W => (-1, 0),
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The name of an edge kind a tile set declares (`river`): a lowercase letter, then up to
/// [`KindName::MAX_LEN`]` - 1` lowercase letters, digits and dashes, and not a built-in word.
/// Held inline, so that a [`SegmentKind`] stays `Copy` and reads and prints without the
/// declarations.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindName {
    len: u8,
    bytes: [u8; KindName::MAX_LEN],
}

impl KindName {
    /// The longest name.
    pub const MAX_LEN: usize = 15;

    /// The name `text`, if it is one a file may declare.
    pub fn new(text: &str) -> Option<KindName> {
        let b = text.as_bytes();
        let shaped = !b.is_empty()
            && b.len() <= KindName::MAX_LEN
            && b[0].is_ascii_lowercase()
            && b.iter()
                .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-');
        if !shaped || SegmentKind::ALL.iter().any(|k| k.as_str() == text) {
            return None;
        }
        let mut bytes = [0; KindName::MAX_LEN];
        bytes[..b.len()].copy_from_slice(b);
        Some(KindName {
            len: b.len() as u8,
            bytes,
        })
    }

    /// The name as written.
    pub fn as_str(&self) -> &str {
        // Built only from ASCII by `new`.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Debug for KindName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for KindName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a segment of an edge is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SegmentKind {
    /// Part of a city.
    City,
    /// Part of a road.
    Road,
    /// Part of a field.
    Field,
    /// Fits anything and joins nothing.
    Any,
    /// An edge kind a tile set declares (`[edge-kinds.river]`): it fits only itself (and
    /// `any`), belongs to no feature and joins nothing.
    Declared(KindName),
}

impl SegmentKind {
    /// Every built-in kind, each also the plain word of an edge layout ([`Layout::word`]).
    pub const ALL: [SegmentKind; 4] = [
        SegmentKind::City,
        SegmentKind::Road,
        SegmentKind::Field,
        SegmentKind::Any,
    ];

    /// The kind of edge segment a feature of `kind` owns (monasteries and gardens own none).
    pub fn of_feature(kind: FeatureKind) -> Option<SegmentKind> {
        match kind {
            FeatureKind::City => Some(SegmentKind::City),
            FeatureKind::Road => Some(SegmentKind::Road),
            FeatureKind::Field => Some(SegmentKind::Field),
            FeatureKind::Monastery | FeatureKind::Garden => None,
        }
    }

    /// The kind written `word`: a built-in word, else a declared kind's name.
    pub fn parse(word: &str) -> Option<SegmentKind> {
        match word {
            "city" => Some(SegmentKind::City),
            "road" => Some(SegmentKind::Road),
            "field" => Some(SegmentKind::Field),
            "any" => Some(SegmentKind::Any),
            _ => KindName::new(word).map(SegmentKind::Declared),
        }
    }

    /// The word used in files.
    pub fn as_str(&self) -> &str {
        match self {
            SegmentKind::City => "city",
            SegmentKind::Road => "road",
            SegmentKind::Field => "field",
            SegmentKind::Any => "any",
            SegmentKind::Declared(name) => name.as_str(),
        }
    }

    /// Whether segments of these kinds may face each other.
    pub fn fits(self, other: SegmentKind) -> bool {
        self == other || self == SegmentKind::Any || other == SegmentKind::Any
    }

    /// Whether a segment of this kind belongs to a feature (city, road, field), so that facing
    /// segments of it connect their features.
    pub fn has_feature(self) -> bool {
        matches!(self, SegmentKind::City | SegmentKind::Road | SegmentKind::Field)
    }

    /// The declared kind's name, if this is one.
    pub fn declared(self) -> Option<KindName> {
        match self {
            SegmentKind::Declared(name) => Some(name),
            _ => None,
        }
    }
}

impl fmt::Display for SegmentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One segment of an edge: a kind over the positions `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Segment {
    /// What the segment is.
    pub kind: SegmentKind,
    /// First position covered.
    pub start: u8,
    /// First position after the segment.
    pub end: u8,
}

impl fmt::Display for Segment {
    /// The kind and the positions covered: `city 0..60`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}..{}", self.kind, self.start, self.end)
    }
}

/// An edge parsed into its segments.
///
/// Its text ([`Layout::parse`], [`FromStr`]) and its [`fmt::Display`] are each other's inverse
/// for every layout made by [`Layout::parse`], [`Layout::word`] or [`Layout::custom`]: the
/// plain word when the layout is one, else the custom form with its boundaries.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Segments in clockwise order, covering `0..100` exactly once.
    pub segments: Vec<Segment>,
    /// Indices of the two field halves named `Nw`/`Ne` and so on, for the plain `field` and
    /// `road` layouts.
    pub halves: Option<[usize; 2]>,
}

/// Why an edge layout could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayoutError {
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

fn layout_error(message: impl Into<String>) -> LayoutError {
    LayoutError {
        message: message.into(),
        help: "write `city`, `road`, `field`, `any`, or segments with rising positions between them, such as `city 60 city`".into(),
    }
}

fn not_a_kind(word: &str) -> LayoutError {
    layout_error(format!(
        "`{word}` is not a segment kind (city, road, field, or the name of a declared edge kind)"
    ))
}

impl Layout {
    /// The layout of a plain word: `city` one city segment, `field` two field halves, `road` a
    /// road between two fields, `any` one wildcard segment; a declared kind's name is shaped
    /// like `road`, its segment between two field halves.
    pub fn word(kind: SegmentKind) -> Layout {
        let seg = |kind, start, end| Segment { kind, start, end };
        match kind {
            SegmentKind::City | SegmentKind::Any => Layout {
                segments: vec![seg(kind, 0, EDGE_LENGTH)],
                halves: None,
            },
            SegmentKind::Field => Layout {
                segments: vec![seg(SegmentKind::Field, 0, 50), seg(SegmentKind::Field, 50, EDGE_LENGTH)],
                halves: Some([0, 1]),
            },
            SegmentKind::Road | SegmentKind::Declared(_) => Layout {
                segments: vec![
                    seg(SegmentKind::Field, 0, 40),
                    seg(kind, 40, 60),
                    seg(SegmentKind::Field, 60, EDGE_LENGTH),
                ],
                halves: Some([0, 2]),
            },
        }
    }

    /// The layout written `first`, then each boundary position with the kind after it
    /// (`city 60 city` is `custom(City, [(60, City)])`), exactly as [`Layout::parse`] reads
    /// that text: with no boundary, the plain word of `first`.
    pub fn custom(
        first: SegmentKind,
        rest: impl IntoIterator<Item = (u8, SegmentKind)>,
    ) -> Result<Layout, LayoutError> {
        let rest: Vec<(u8, SegmentKind)> = rest.into_iter().collect();
        if rest.is_empty() {
            return Ok(Layout::word(first));
        }
        let kinds = std::iter::once(first).chain(rest.iter().map(|&(_, kind)| kind));
        let ends = rest.iter().map(|&(pos, _)| Some(pos)).chain([None]);
        Layout::from_runs(kinds.zip(ends).map(Ok))
    }

    /// Parses an edge layout such as `road` or `city 60 city`.
    pub fn parse(text: &str) -> Result<Layout, LayoutError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [] => return Err(layout_error("the edge is empty")),
            [word] => {
                if let Some(kind) = SegmentKind::parse(word) {
                    return Ok(Layout::word(kind));
                }
            }
            _ => {}
        }
        if words.len().is_multiple_of(2) {
            return Err(layout_error(format!(
                "the edge `{text}` must alternate segments and positions, starting and ending with a segment"
            )));
        }
        // Read pair by pair, so the first problem along the edge is the one reported.
        Layout::from_runs(words.chunks(2).map(|pair| {
            let kind = SegmentKind::parse(pair[0])
                .filter(|k| *k != SegmentKind::Any)
                .ok_or_else(|| not_a_kind(pair[0]))?;
            let boundary = pair
                .get(1)
                .map(|word| {
                    plain_number(word)
                        .and_then(|n| u8::try_from(n).ok())
                        .ok_or_else(|| layout_error(format!("`{word}` is not a position between 1 and 99")))
                })
                .transpose()?;
            Ok((kind, boundary))
        }))
    }

    /// A custom layout from its segments in order, each a kind and the boundary it ends at
    /// (`None` for the last, which ends the edge).
    fn from_runs(
        runs: impl IntoIterator<Item = Result<(SegmentKind, Option<u8>), LayoutError>>,
    ) -> Result<Layout, LayoutError> {
        let mut segments = Vec::new();
        let mut start = 0u8;
        for (i, run) in runs.into_iter().enumerate() {
            let (kind, boundary) = run?;
            if kind == SegmentKind::Any {
                return Err(not_a_kind(kind.as_str()));
            }
            let end = match boundary {
                None => EDGE_LENGTH,
                Some(pos) if pos == 0 || pos >= EDGE_LENGTH => {
                    return Err(layout_error(format!("position {pos} is outside 1..99")));
                }
                Some(pos) => pos,
            };
            if end <= start {
                return Err(layout_error(format!(
                    "positions must rise along the edge, but segment {} ends at {end}, not after {start}",
                    i + 1
                )));
            }
            segments.push(Segment { kind, start, end });
            start = end;
        }
        Ok(Layout { segments, halves: None })
    }

    /// Whether a segment of the edge fits anything (`any`).
    pub fn has_any(&self) -> bool {
        self.segments.iter().any(|s| s.kind == SegmentKind::Any)
    }

    /// The kind at every position, as runs `(kind, end)` in order: the segments with the
    /// boundaries between neighbours of the same kind left out. Two edges without `any` fit
    /// exactly when one's profile is the other's [`Layout::facing_profile`], so layouts can be
    /// grouped by profile instead of testing every pair.
    pub fn profile(&self) -> Vec<(SegmentKind, u8)> {
        let mut runs: Vec<(SegmentKind, u8)> = Vec::new();
        for segment in &self.segments {
            match runs.last_mut() {
                Some((kind, end)) if *kind == segment.kind => *end = segment.end,
                _ => runs.push((segment.kind, segment.end)),
            }
        }
        runs
    }

    /// The profile of the edges that fit facing this one: this one's read the other way (a run
    /// over `start..end` faces positions `100-end..100-start`).
    pub fn facing_profile(&self) -> Vec<(SegmentKind, u8)> {
        let runs = self.profile();
        let starts = std::iter::once(0).chain(runs.iter().map(|&(_, end)| end));
        let mut facing: Vec<(SegmentKind, u8)> = runs
            .iter()
            .zip(starts)
            .map(|(&(kind, _), start)| (kind, EDGE_LENGTH.saturating_sub(start)))
            .collect();
        facing.reverse();
        facing
    }

    /// The segment pairs `(mine, theirs)` that connect when `other` faces this edge, or the
    /// first pair of overlapping segments whose kinds do not fit.
    pub fn joins(&self, other: &Layout) -> Result<Vec<(usize, usize)>, (usize, usize)> {
        let mut pairs = Vec::new();
        self.joins_into(other, &mut pairs)?;
        Ok(pairs)
    }

    /// [`Layout::joins`], appending the pairs to `pairs` (some may be appended before a pair
    /// that does not fit is found).
    pub fn joins_into(&self, other: &Layout, pairs: &mut Vec<(usize, usize)>) -> Result<(), (usize, usize)> {
        // `other` runs the opposite way: what faces `a` is the span 100-end..100-start of it,
        // covered by the run `lo..hi` of its segments. Going along this edge, that run moves
        // back along `other`, so both ends only step down: one pass over each edge.
        let theirs = &other.segments;
        let mut hi = theirs.len();
        for (i, a) in self.segments.iter().enumerate() {
            let (from, to) = (EDGE_LENGTH - a.end, EDGE_LENGTH - a.start);
            while hi > 0 && theirs[hi - 1].start >= to {
                hi -= 1;
            }
            let mut lo = hi;
            while lo > 0 && theirs[lo - 1].end > from {
                lo -= 1;
            }
            for (j, b) in theirs.iter().enumerate().take(hi).skip(lo) {
                if !a.kind.fits(b.kind) {
                    return Err((i, j));
                }
                if a.kind.has_feature() && b.kind.has_feature() {
                    pairs.push((i, j));
                }
            }
        }
        Ok(())
    }

    /// The plain word this layout is, if it is one ([`Layout::word`]).
    pub fn plain_word(&self) -> Option<SegmentKind> {
        let middle = self
            .segments
            .get(1)
            .and_then(|s| s.kind.declared())
            .map(SegmentKind::Declared);
        SegmentKind::ALL
            .into_iter()
            .chain(middle)
            .find(|&kind| *self == Layout::word(kind))
    }

    /// The declared kinds of its segments, in order (a kind once per segment).
    pub fn declared(&self) -> impl Iterator<Item = KindName> + '_ {
        self.segments.iter().filter_map(|s| s.kind.declared())
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(kind) = self.plain_word() {
            return f.write_str(kind.as_str());
        }
        for (i, segment) in self.segments.iter().enumerate() {
            if i > 0 {
                write!(f, " {} ", segment.start)?;
            }
            f.write_str(segment.kind.as_str())?;
        }
        Ok(())
    }
}

impl FromStr for Layout {
    type Err = LayoutError;

    fn from_str(text: &str) -> Result<Layout, LayoutError> {
        Layout::parse(text)
    }
}

/// Why an edge reference could not be read or resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefError {
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
}

/// A reference in a feature's `on` list to segments of one edge. Its text ([`FromStr`]) and
/// its [`fmt::Display`] are each other's inverse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SegmentRef {
    /// `N`: every segment of the feature's kind on the side.
    Side(Side),
    /// `Nw`, `Ne`: a field half of a `field` or `road` edge.
    Half {
        /// The edge.
        side: Side,
        /// The second half clockwise (`Ne`), not the first (`Nw`).
        second: bool,
    },
    /// `N2`: one segment by its number, counted from 1 clockwise. Any number reads; one the
    /// edge does not have is an error when resolved.
    Number {
        /// The edge.
        side: Side,
        /// The number as written.
        number: usize,
    },
}

impl SegmentRef {
    /// The edge the reference names segments of.
    pub fn side(self) -> Side {
        match self {
            SegmentRef::Side(side) | SegmentRef::Half { side, .. } | SegmentRef::Number { side, .. } => side,
        }
    }

    /// The indices of the segments this reference names on a tile with these edge layouts,
    /// for a feature made of `kind` segments.
    pub fn resolve(self, layouts: &[Layout; 4], kind: SegmentKind) -> Result<Vec<usize>, RefError> {
        let side = self.side();
        let layout = &layouts[side as usize];
        let indices: Vec<usize> = match self {
            SegmentRef::Side(_) => {
                let found: Vec<usize> = (0..layout.segments.len())
                    .filter(|&i| layout.segments[i].kind == kind)
                    .collect();
                if found.is_empty() {
                    return Err(RefError {
                        message: format!("edge {side} has no {kind} segment"),
                        help: format!("change edge {side} or remove `{self}` from this feature"),
                    });
                }
                found
            }
            SegmentRef::Number { number, .. } => {
                if number == 0 || number > layout.segments.len() {
                    return Err(RefError {
                        message: format!("edge {side} has {} segment(s), not {number}", layout.segments.len()),
                        help: format!("number the segments of edge {side} from 1 clockwise"),
                    });
                }
                vec![number - 1]
            }
            SegmentRef::Half { second, .. } => match layout.halves {
                Some(halves) => vec![halves[usize::from(second)]],
                None => {
                    let first = SegmentRef::Number { side, number: 1 };
                    return Err(RefError {
                        message: format!("edge {side} has no field halves to name with `{self}`"),
                        help: format!(
                            "half edges exist on `field` and `road` edges; name the segment by number (`{first}`...)"
                        ),
                    });
                }
            },
        };
        for &i in &indices {
            let found = layout.segments[i].kind;
            if found != kind {
                let help = match found {
                    SegmentKind::Declared(name) => format!(
                        "`{name}` is a declared edge kind: its segments belong to no feature; point the feature at segments of its own kind"
                    ),
                    _ => "point the feature at segments of its own kind".into(),
                };
                return Err(RefError {
                    message: format!("`{self}` is a {} segment, not a {kind} one", layout.segments[i]),
                    help,
                });
            }
        }
        Ok(indices)
    }
}

impl fmt::Display for SegmentRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SegmentRef::Side(side) => write!(f, "{side}"),
            SegmentRef::Half { side, second } => f.write_str(side.half_names()[usize::from(second)]),
            SegmentRef::Number { side, number } => write!(f, "{side}{number}"),
        }
    }
}

impl FromStr for SegmentRef {
    type Err = RefError;

    fn from_str(text: &str) -> Result<SegmentRef, RefError> {
        let mut chars = text.chars();
        let side = match chars.next() {
            Some('N') => Side::N,
            Some('E') => Side::E,
            Some('S') => Side::S,
            Some('W') => Side::W,
            _ => {
                return Err(RefError {
                    message: format!("`{text}` does not name an edge"),
                    help: "start with N, E, S or W".into(),
                });
            }
        };
        let rest = chars.as_str();
        if rest.is_empty() {
            return Ok(SegmentRef::Side(side));
        }
        if let Some(number) = plain_number(rest) {
            return Ok(SegmentRef::Number { side, number });
        }
        let [first, second] = side.half_names();
        if text == first || text == second {
            return Ok(SegmentRef::Half {
                side,
                second: text == second,
            });
        }
        Err(RefError {
            message: format!("`{text}` is not a segment of edge {side}"),
            help: format!("use {side}, {first}, {second}, or a segment number"),
        })
    }
}

/// Resolves an edge reference such as `N`, `Nw` or `N2` against a tile's edge layouts, for a
/// feature made of `kind` segments. Returns the side and the indices of the segments it names.
pub fn resolve_ref(reference: &str, layouts: &[Layout; 4], kind: SegmentKind) -> Result<(Side, Vec<usize>), RefError> {
    let reference: SegmentRef = reference.parse()?;
    Ok((reference.side(), reference.resolve(layouts, kind)?))
}

/// What each reference in `feature`'s `on` list names on a tile with these layouts, in order:
/// the side and the segment indices (nothing for a feature that owns no edge segments).
pub fn resolve_on<'a>(
    feature: &'a Feature,
    layouts: &'a [Layout; 4],
) -> impl Iterator<Item = Result<(Side, Vec<usize>), RefError>> + 'a {
    let kind = SegmentKind::of_feature(feature.kind);
    feature
        .on
        .iter()
        .filter_map(move |reference| Some(resolve_ref(&reference.0, layouts, kind?)))
}

/// A tile's edges read once: the layouts, and the segments each feature's references name.
/// Validation reads them while it checks a tile set and hands them on with it
/// (the load side's `Loaded::parsed`), so compilation does not read the text again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileEdges {
    /// The edges of the unturned tile, north, east, south, west.
    pub layouts: [Layout; 4],
    /// For each feature, in the tile's order, the segments its `on` list names as
    /// `(side, index)`, in the order named.
    pub claims: Vec<Vec<(Side, usize)>>,
}

impl TileEdges {
    /// Reads the edges of a tile that did not go through validation: the message of the first
    /// problem if they do not read.
    pub fn read(tile: &Tile) -> Result<TileEdges, String> {
        let [n, e, s, w] = tile
            .edges
            .each_ref()
            .map(|edge| Layout::parse(&edge.0).map_err(|e| e.message));
        let layouts = [n?, e?, s?, w?];
        let claims = tile
            .features
            .values()
            .map(|feature| {
                let mut claimed = Vec::new();
                for claim in resolve_on(feature, &layouts) {
                    let (side, indices) = claim.map_err(|e| e.message)?;
                    claimed.extend(indices.into_iter().map(|i| (side, i)));
                }
                Ok(claimed)
            })
            .collect::<Result<_, String>>()?;
        Ok(TileEdges { layouts, claims })
    }
}

/// A number as the grammar prints it: decimal digits, no sign, no leading zero (so that
/// `N02` or `city 060 city` is not read as another spelling of `N2` or `city 60 city`).
fn plain_number(word: &str) -> Option<usize> {
    let digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    (digits && (word == "0" || !word.starts_with('0')))
        .then(|| word.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn layout(s: &str) -> Layout {
        Layout::parse(s).unwrap()
    }

    #[test]
    fn plain_words_expand() {
        assert_eq!(layout("city").segments.len(), 1);
        assert_eq!(layout("field").segments.len(), 2);
        let road = layout("road");
        assert_eq!(
            road.segments[1],
            Segment {
                kind: SegmentKind::Road,
                start: 40,
                end: 60
            }
        );
        assert_eq!(road.halves, Some([0, 2]));
    }

    #[test]
    fn custom_layouts_need_rising_positions() {
        assert_eq!(
            layout("city 60 city").segments[1],
            Segment {
                kind: SegmentKind::City,
                start: 60,
                end: 100
            }
        );
        assert!(Layout::parse("city 60 city 40 field").is_err());
        assert!(Layout::parse("city 60").is_err());
        assert!(Layout::parse("city 0 city").is_err());
        assert!(Layout::parse("Castle").is_err());
        assert!(Layout::parse("a-name-too-long-for-a-kind").is_err());
        assert!(Layout::parse("").is_err());
    }

    #[test]
    fn road_meets_road_and_its_fields_cross_over() {
        let road = layout("road");
        // My left field (0..40) meets their right field (60..100), the roads meet.
        assert_eq!(road.joins(&road).unwrap(), vec![(0, 2), (1, 1), (2, 0)]);
        assert!(road.joins(&layout("field")).is_err());
        assert!(road.joins(&layout("city")).is_err());
    }

    #[test]
    fn split_city_edge_joins_through_one_city() {
        let split = layout("city 60 city");
        assert_eq!(split.joins(&layout("city")).unwrap(), vec![(0, 0), (1, 0)]);
    }

    #[test]
    fn two_off_centre_split_edges_facing_join_all_four() {
        let split = layout("city 60 city");
        // Mine 0..60 and 60..100; theirs, mirrored, 40..100 and 0..40.
        assert_eq!(split.joins(&split).unwrap(), vec![(0, 0), (0, 1), (1, 0)]);
    }

    #[test]
    fn wildcard_fits_everything_and_joins_nothing() {
        let any = layout("any");
        for other in ["city", "road", "field", "city 60 city"] {
            assert_eq!(any.joins(&layout(other)).unwrap(), vec![]);
            assert_eq!(layout(other).joins(&any).unwrap(), vec![]);
        }
    }

    /// Every pair of facing segments, checked one by one: what [`Layout::joins`] must find.
    fn joins_pair_by_pair(a: &Layout, b: &Layout) -> Result<Vec<(usize, usize)>, (usize, usize)> {
        let mut pairs = Vec::new();
        for (i, x) in a.segments.iter().enumerate() {
            for (j, y) in b.segments.iter().enumerate() {
                let (y_start, y_end) = (EDGE_LENGTH - y.end, EDGE_LENGTH - y.start);
                if x.start.max(y_start) < x.end.min(y_end) {
                    if !x.kind.fits(y.kind) {
                        return Err((i, j));
                    }
                    if x.kind.has_feature() && y.kind.has_feature() {
                        pairs.push((i, j));
                    }
                }
            }
        }
        Ok(pairs)
    }

    #[test]
    fn joins_and_profiles_agree_with_checking_every_segment_pair() {
        let layouts: Vec<Layout> = [
            "city",
            "road",
            "field",
            "any",
            "city 60 city",
            "city 40 city",
            "field 40 road 60 field",
            "field 30 city 70 field",
            "city 30 field",
            "field 70 city",
            "field 70 city 90 city",
            "field 10 field 70 city",
            "road 1 road 2 city 98 field 99 field",
            "field 1 field 2 city 98 road 99 road",
            "city 50 field",
            "field 50 city",
            "lava",
            "field 40 lava 60 field",
            "lava 50 lava",
            "field 30 lava 70 field",
        ]
        .iter()
        .map(|s| layout(s))
        .collect();
        for a in &layouts {
            for b in &layouts {
                let expected = joins_pair_by_pair(a, b);
                assert_eq!(a.joins(b), expected, "{a:?} facing {b:?}");
                if !a.has_any() && !b.has_any() {
                    assert_eq!(
                        a.facing_profile() == b.profile(),
                        expected.is_ok(),
                        "{a:?} facing {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn references_resolve_by_kind_half_and_number() {
        let layouts = [layout("city 60 city"), layout("road"), layout("field"), layout("city")];
        assert_eq!(
            resolve_ref("N", &layouts, SegmentKind::City).unwrap(),
            (Side::N, vec![0, 1])
        );
        assert_eq!(
            resolve_ref("N2", &layouts, SegmentKind::City).unwrap(),
            (Side::N, vec![1])
        );
        assert_eq!(
            resolve_ref("E", &layouts, SegmentKind::Road).unwrap(),
            (Side::E, vec![1])
        );
        assert_eq!(
            resolve_ref("Es", &layouts, SegmentKind::Field).unwrap(),
            (Side::E, vec![2])
        );
        assert_eq!(
            resolve_ref("Sw", &layouts, SegmentKind::Field).unwrap(),
            (Side::S, vec![1])
        );
        assert!(resolve_ref("Nw", &layouts, SegmentKind::Field).is_err());
        assert!(resolve_ref("W", &layouts, SegmentKind::Road).is_err());
        assert!(resolve_ref("E2", &layouts, SegmentKind::Field).is_err());
        assert!(resolve_ref("S3", &layouts, SegmentKind::Field).is_err());
    }

    #[test]
    fn a_declared_kind_fits_only_itself_and_joins_no_feature() {
        let lava = layout("lava");
        let SegmentKind::Declared(name) = lava.segments[1].kind else {
            panic!("a declared word: {lava:?}")
        };
        assert_eq!((name.as_str(), lava.halves), ("lava", Some([0, 2])));
        assert_eq!(lava.to_string(), "lava");
        assert_eq!(
            layout("field 40 lava 60 field"),
            Layout {
                halves: None,
                ..lava.clone()
            }
        );
        assert_eq!(layout("field 40 lava 60 field").to_string(), "field 40 lava 60 field");
        // The field halves meet across, the lava segments fit but connect nothing.
        assert_eq!(lava.joins(&lava).unwrap(), vec![(0, 2), (2, 0)]);
        for other in ["road", "field", "city", "field 40 brook 60 field"] {
            assert!(lava.joins(&layout(other)).is_err(), "{other}");
        }
        assert_eq!(lava.joins(&layout("any")).unwrap(), vec![]);
        assert_eq!(lava.declared().map(|k| k.to_string()).collect::<Vec<_>>(), ["lava"]);
        for word in ["road", "any", "Lava", "7up", ""] {
            assert!(KindName::new(word).is_none(), "{word}");
        }
    }

    #[test]
    fn plain_words_print_as_themselves() {
        for kind in SegmentKind::ALL {
            assert_eq!(Layout::word(kind).to_string(), kind.as_str());
            assert_eq!(layout(kind.as_str()), Layout::word(kind));
        }
    }

    #[test]
    fn custom_layouts_print_with_their_boundaries() {
        // The segments of `field` and `road`, written out, have no halves: they stay custom.
        for text in [
            "field 50 field",
            "field 40 road 60 field",
            "city 60 city",
            "road 1 city 99 field",
        ] {
            assert_eq!(layout(text).to_string(), text);
        }
        assert_eq!(layout("  city\t60   city ").to_string(), "city 60 city");
        let split = Layout::custom(SegmentKind::City, [(60, SegmentKind::City)]).unwrap();
        assert_eq!(split, layout("city 60 city"));
        // With no boundary, the one kind is read as its plain word, as the text would be.
        assert_eq!(
            Layout::custom(SegmentKind::Road, []).unwrap(),
            Layout::word(SegmentKind::Road)
        );
    }

    #[test]
    fn custom_layouts_are_refused_as_their_text_is() {
        use SegmentKind::{City, Field};
        let refused = [
            ("city 60 city 40 field", vec![(60, City), (40, Field)]),
            ("city 0 city", vec![(0, City)]),
            ("city 100 city", vec![(100, City)]),
            ("city 50 any", vec![(50, SegmentKind::Any)]),
        ];
        for (text, rest) in refused {
            assert_eq!(
                Layout::custom(City, rest),
                Err(Layout::parse(text).unwrap_err()),
                "{text}"
            );
        }
    }

    #[test]
    fn references_read_and_print() {
        let cases = [
            ("N", SegmentRef::Side(Side::N)),
            (
                "Nw",
                SegmentRef::Half {
                    side: Side::N,
                    second: false,
                },
            ),
            (
                "Es",
                SegmentRef::Half {
                    side: Side::E,
                    second: true,
                },
            ),
            (
                "Ws",
                SegmentRef::Half {
                    side: Side::W,
                    second: false,
                },
            ),
            (
                "S2",
                SegmentRef::Number {
                    side: Side::S,
                    number: 2,
                },
            ),
        ];
        for (text, reference) in cases {
            assert_eq!(text.parse::<SegmentRef>(), Ok(reference));
            assert_eq!(reference.to_string(), text);
        }
        assert_eq!(
            "X".parse::<SegmentRef>().unwrap_err().message,
            "`X` does not name an edge"
        );
        assert_eq!(
            "Ns".parse::<SegmentRef>().unwrap_err().message,
            "`Ns` is not a segment of edge N"
        );
    }

    fn kind() -> impl Strategy<Value = SegmentKind> {
        proptest::sample::select(SegmentKind::ALL.to_vec())
    }

    /// Every layout [`Layout::parse`] can give: a plain word, or segments of city, road and
    /// field with rising boundaries.
    fn any_layout() -> impl Strategy<Value = Layout> {
        let lava = SegmentKind::parse("lava").expect("a kind name");
        let segment = proptest::sample::select(vec![SegmentKind::City, SegmentKind::Road, SegmentKind::Field, lava]);
        let custom = (
            segment.clone(),
            proptest::collection::btree_set(1u8..EDGE_LENGTH, 1..12),
            proptest::collection::vec(segment, 12),
        )
            .prop_map(|(first, boundaries, kinds)| {
                Layout::custom(first, boundaries.into_iter().zip(kinds)).expect("rising boundaries in 1..99")
            });
        prop_oneof![kind().prop_map(Layout::word), Just(Layout::word(lava)), custom]
    }

    fn any_ref() -> impl Strategy<Value = SegmentRef> {
        let side = proptest::sample::select(Side::ALL.to_vec());
        prop_oneof![
            side.clone().prop_map(SegmentRef::Side),
            (side.clone(), any::<bool>()).prop_map(|(side, second)| SegmentRef::Half { side, second }),
            (side, any::<usize>()).prop_map(|(side, number)| SegmentRef::Number { side, number }),
        ]
    }

    #[test]
    fn numbers_are_read_only_as_they_are_printed() {
        for text in ["N02", "N+2", "E00"] {
            assert!(text.parse::<SegmentRef>().is_err(), "{text}");
        }
        for text in ["city 060 city", "city +60 city", "road 05 field"] {
            assert!(Layout::parse(text).is_err(), "{text}");
        }
        assert_eq!("N2".parse::<SegmentRef>().unwrap().to_string(), "N2");
        assert_eq!(Layout::parse("city 60 city").unwrap().to_string(), "city 60 city");
    }

    proptest! {
        #[test]
        fn layouts_read_back_what_they_print(layout in any_layout()) {
            prop_assert_eq!(layout.to_string().parse::<Layout>(), Ok(layout));
        }

        #[test]
        fn layout_text_that_reads_prints_back_the_same_layout(
            text in "(city|road|field|any|castle|Castle)( {1,2}[0-9]{1,2} {1,2}(city|road|field|any|lava)){0,5} ?"
        ) {
            if let Ok(layout) = Layout::parse(&text) {
                let printed = layout.to_string();
                prop_assert_eq!(printed.split_whitespace().collect::<Vec<_>>().join(" "), printed.clone());
                prop_assert_eq!(Layout::parse(&printed), Ok(layout));
            }
        }

        #[test]
        fn numbered_references_that_read_print_back_as_written(text in "[NESW][+0-9]{1,3}") {
            if let Ok(reference) = text.parse::<SegmentRef>() {
                prop_assert_eq!(reference.to_string(), text);
            }
        }

        #[test]
        fn references_read_back_what_they_print(reference in any_ref()) {
            prop_assert_eq!(reference.to_string().parse::<SegmentRef>(), Ok(reference));
        }

        #[test]
        fn references_the_schema_allows_read_and_print_as_written(
            text in proptest::string::string_regex(REF_PATTERN.trim_start_matches('^').trim_end_matches('$')).unwrap()
        ) {
            let reference: SegmentRef = text.parse().unwrap();
            prop_assert_eq!(reference.to_string(), text);
        }
    }
}
