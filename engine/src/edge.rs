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

use std::fmt;

use crate::model::FeatureKind;

/// Regular expression (for the JSON Schema) of an edge layout.
pub const LAYOUT_PATTERN: &str = r"^(any|(city|road|field)( [1-9][0-9]? (city|road|field))*)$";
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
}

impl SegmentKind {
    /// The kind of edge segment a feature of `kind` owns (monasteries and gardens own none).
    pub fn of_feature(kind: FeatureKind) -> Option<SegmentKind> {
        match kind {
            FeatureKind::City => Some(SegmentKind::City),
            FeatureKind::Road => Some(SegmentKind::Road),
            FeatureKind::Field => Some(SegmentKind::Field),
            FeatureKind::Monastery | FeatureKind::Garden => None,
        }
    }

    fn parse(word: &str) -> Option<SegmentKind> {
        match word {
            "city" => Some(SegmentKind::City),
            "road" => Some(SegmentKind::Road),
            "field" => Some(SegmentKind::Field),
            "any" => Some(SegmentKind::Any),
            _ => None,
        }
    }

    /// The word used in files.
    pub fn as_str(self) -> &'static str {
        match self {
            SegmentKind::City => "city",
            SegmentKind::Road => "road",
            SegmentKind::Field => "field",
            SegmentKind::Any => "any",
        }
    }

    /// Whether segments of these kinds may face each other.
    pub fn fits(self, other: SegmentKind) -> bool {
        self == other || self == SegmentKind::Any || other == SegmentKind::Any
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

/// An edge parsed into its segments.
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

impl Layout {
    /// Parses an edge layout such as `road` or `city 60 city`.
    pub fn parse(text: &str) -> Result<Layout, LayoutError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let seg = |kind, start, end| Segment { kind, start, end };
        match words.as_slice() {
            [] => return Err(layout_error("the edge is empty")),
            ["city"] => {
                return Ok(Layout {
                    segments: vec![seg(SegmentKind::City, 0, 100)],
                    halves: None,
                });
            }
            ["any"] => {
                return Ok(Layout {
                    segments: vec![seg(SegmentKind::Any, 0, 100)],
                    halves: None,
                });
            }
            ["field"] => {
                return Ok(Layout {
                    segments: vec![seg(SegmentKind::Field, 0, 50), seg(SegmentKind::Field, 50, 100)],
                    halves: Some([0, 1]),
                });
            }
            ["road"] => {
                return Ok(Layout {
                    segments: vec![
                        seg(SegmentKind::Field, 0, 40),
                        seg(SegmentKind::Road, 40, 60),
                        seg(SegmentKind::Field, 60, 100),
                    ],
                    halves: Some([0, 2]),
                });
            }
            _ => {}
        }
        if words.len().is_multiple_of(2) {
            return Err(layout_error(format!(
                "the edge `{text}` must alternate segments and positions, starting and ending with a segment"
            )));
        }
        let mut segments = Vec::new();
        let mut start = 0u8;
        for (i, pair) in words.chunks(2).enumerate() {
            let kind = SegmentKind::parse(pair[0])
                .filter(|k| *k != SegmentKind::Any)
                .ok_or_else(|| layout_error(format!("`{}` is not a segment kind (city, road or field)", pair[0])))?;
            let end = match pair.get(1) {
                None => EDGE_LENGTH,
                Some(word) => {
                    let pos: u8 = word
                        .parse()
                        .map_err(|_| layout_error(format!("`{word}` is not a position between 1 and 99")))?;
                    if pos == 0 || pos >= EDGE_LENGTH {
                        return Err(layout_error(format!("position {pos} is outside 1..99")));
                    }
                    pos
                }
            };
            if end <= start {
                return Err(layout_error(format!(
                    "positions must rise along the edge, but segment {} ends at {end}, not after {start}",
                    i + 1
                )));
            }
            segments.push(seg(kind, start, end));
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
                if a.kind != SegmentKind::Any && b.kind != SegmentKind::Any {
                    pairs.push((i, j));
                }
            }
        }
        Ok(())
    }
}

/// Why an edge reference could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefError {
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
}

/// Resolves an edge reference such as `N`, `Nw` or `N2` against a tile's edge layouts, for a
/// feature made of `kind` segments. Returns the side and the indices of the segments it names.
pub fn resolve_ref(reference: &str, layouts: &[Layout; 4], kind: SegmentKind) -> Result<(Side, Vec<usize>), RefError> {
    let mut chars = reference.chars();
    let side = match chars.next() {
        Some('N') => Side::N,
        Some('E') => Side::E,
        Some('S') => Side::S,
        Some('W') => Side::W,
        _ => {
            return Err(RefError {
                message: format!("`{reference}` does not name an edge"),
                help: "start with N, E, S or W".into(),
            });
        }
    };
    let rest: String = chars.collect();
    let layout = &layouts[side as usize];
    let describe = |i: usize| {
        let s = layout.segments[i];
        format!("{} {}..{}", s.kind.as_str(), s.start, s.end)
    };
    let indices: Vec<usize> = if rest.is_empty() {
        let found: Vec<usize> = (0..layout.segments.len())
            .filter(|&i| layout.segments[i].kind == kind)
            .collect();
        if found.is_empty() {
            return Err(RefError {
                message: format!("edge {} has no {} segment", side.letter(), kind.as_str()),
                help: format!(
                    "change edge {} or remove `{reference}` from this feature",
                    side.letter()
                ),
            });
        }
        found
    } else if let Ok(n) = rest.parse::<usize>() {
        if n == 0 || n > layout.segments.len() {
            return Err(RefError {
                message: format!(
                    "edge {} has {} segment(s), not {n}",
                    side.letter(),
                    layout.segments.len()
                ),
                help: format!("number the segments of edge {} from 1 clockwise", side.letter()),
            });
        }
        vec![n - 1]
    } else {
        let half = side.half_names().iter().position(|h| *h == reference);
        match (half, layout.halves) {
            (Some(h), Some(halves)) => vec![halves[h]],
            (Some(_), None) => {
                return Err(RefError {
                    message: format!("edge {} has no field halves to name with `{reference}`", side.letter()),
                    help: format!(
                        "half edges exist on `field` and `road` edges; name the segment by number (`{}1`...)",
                        side.letter()
                    ),
                });
            }
            (None, _) => {
                let [a, b] = side.half_names();
                return Err(RefError {
                    message: format!("`{reference}` is not a segment of edge {}", side.letter()),
                    help: format!("use {}, {a}, {b}, or a segment number", side.letter()),
                });
            }
        }
    };
    for &i in &indices {
        if layout.segments[i].kind != kind {
            return Err(RefError {
                message: format!(
                    "`{reference}` is a {} segment, not a {} one",
                    describe(i),
                    kind.as_str()
                ),
                help: "point the feature at segments of its own kind".into(),
            });
        }
    }
    Ok((side, indices))
}

#[cfg(test)]
mod tests {
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
        assert!(Layout::parse("castle").is_err());
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
                    if x.kind != SegmentKind::Any && y.kind != SegmentKind::Any {
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
}
