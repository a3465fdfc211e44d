//! A tile's features as its picture joins them, for a tile cut from a sheet: the sides whose
//! city (or road) colour runs together inside the tile are one city (or road); three or more
//! sides of one road meet at a crossing; a road reaching one side ends at what its end touches
//! (a monastery, a village where other roads end too, a city's gate, a house); a building in
//! the middle that at most one road reaches is a monastery; and the field colour falls into the
//! fields the roads and cities part, each bordering the cities it touches. What the picture
//! leaves unsettled is built plainly (a side of its own) and said in a note.

use image::RgbaImage;
use tilewright_engine::edge::{Layout, SegmentKind, Side};
use tilewright_engine::model::{EdgeRef, Feature, FeatureKind, RoadEnd, Tile};

use crate::derive::references;
use crate::field_cut::{ReachedArea, reached_areas};
use crate::ids::fresh_feature_id;
use crate::picture_cells::{PictureCells, around, centre, meets};
use crate::regions::GRID;
use crate::sheet_detect::guess_edges;

/// How many cells in from the border a side looks for its colour: past a frame line, as far
/// as [`guess_edges`] reads.
const EDGE_DEPTH: usize = 8;

/// How many cells apart two areas may be and still meet: a wall or outline line drawn between
/// a road's end and what it ends at, or between a field and a city.
const TOUCH: usize = 3;

/// Fewest cells of a monastery (3% of the tile): smaller buildings are houses.
const MONASTERY_CELLS: usize = 120;

/// How far from the tile's middle, each way, a monastery's middle lies.
const MIDDLE: f64 = 0.25;

/// What a tile's picture says: each side's layout as the colours along it read
/// ([`guess_edges`]), and the kind of each cell inside.
#[derive(Debug, Clone, PartialEq)]
pub struct PictureReading {
    /// Each side's layout word, N, E, S, W; `None` where the colours do not settle it.
    pub edges: [Option<String>; 4],
    cells: PictureCells,
}

impl PictureReading {
    /// Reads `picture`, one tile's.
    pub fn of(picture: &RgbaImage) -> PictureReading {
        PictureReading {
            edges: guess_edges(picture),
            cells: PictureCells::of(picture),
        }
    }
}

/// `tile` (a new tile) with the sides `reading` settles laid out so and every feature built
/// from the picture, with notes on what the picture left unsettled. The other sides keep their
/// layout. A tile whose edges do not read comes back as it was, with a note.
pub fn tile_from_picture(tile: &Tile, reading: &PictureReading) -> (Tile, Vec<String>) {
    let mut t = tile.clone();
    for (edge, read) in t.edges.iter_mut().zip(&reading.edges) {
        if let Some(word) = read {
            edge.0.clone_from(word);
        }
    }
    let parsed: Option<Vec<Layout>> = t.edges.iter().map(|e| Layout::parse(&e.0).ok()).collect();
    let Some(Ok(layouts)) = parsed.map(<[Layout; 4]>::try_from) else {
        return (
            tile.clone(),
            vec!["its edges do not read; features left as they were".into()],
        );
    };
    t.features.clear();
    let mut builder = Builder {
        options: layouts.clone().map(Some).into(),
        layouts,
        cells: &reading.cells,
        tile: t,
        notes: Vec::new(),
    };
    let cities = builder.cities();
    let gaps = builder.roads(&cities);
    builder.fields(&cities, &gaps);
    (builder.tile, builder.notes)
}

/// A road that reaches one side, and what its end touches.
struct Loose {
    segment: (Side, usize),
    cells: Vec<usize>,
    /// The buildings it touches, by index.
    buildings: Vec<usize>,
    /// The first city it touches, by index.
    city: Option<usize>,
}

impl Loose {
    fn new(segment: (Side, usize), cells: Vec<usize>, buildings: &[Vec<usize>], cities: &[Placed]) -> Loose {
        let near = around(&cells, TOUCH);
        Loose {
            segment,
            buildings: (0..buildings.len()).filter(|&b| meets(&buildings[b], &near)).collect(),
            city: cities.iter().position(|c| meets(&c.cells, &near)),
            cells,
        }
    }
}

/// A feature built and the cells of the picture it covers (none when the picture did not
/// show it).
struct Placed {
    id: String,
    cells: Vec<usize>,
}

/// The tile while its features are built.
struct Builder<'a> {
    tile: Tile,
    layouts: [Layout; 4],
    /// The layouts as [`references`] takes them.
    options: Vec<Option<Layout>>,
    cells: &'a PictureCells,
    notes: Vec<String>,
}

impl Builder<'_> {
    /// Adds a feature of `kind` on `segments`; returns its id.
    fn add(&mut self, kind: FeatureKind, segments: &[(Side, usize)], keys: Feature) -> String {
        let id = fresh_feature_id(&self.tile, kind);
        let on = references(segments, &self.options, kind)
            .into_iter()
            .map(EdgeRef)
            .collect();
        self.tile.features.insert(id.clone(), Feature { kind, on, ..keys });
        id
    }

    /// The areas of `open` cells the segments of `feature`'s kind reach, and the segments
    /// that reach none (noted as built `alone`).
    fn reached(&mut self, open: &[bool], feature: FeatureKind, alone: &str) -> (Vec<ReachedArea>, Vec<(Side, usize)>) {
        let Some(kind) = SegmentKind::of_feature(feature) else {
            return (Vec::new(), Vec::new());
        };
        let areas = reached_areas(open, &self.layouts, kind, EDGE_DEPTH);
        let mut unreached = Vec::new();
        for side in Side::ALL {
            for (i, segment) in self.layouts[side as usize].segments.iter().enumerate() {
                if segment.kind == kind && !areas.iter().any(|a| a.segments.contains(&(side, i))) {
                    unreached.push((side, i));
                }
            }
        }
        if !unreached.is_empty() {
            let names = references(&unreached, &self.options, feature).join(", ");
            self.notes
                .push(format!("no {kind} colour inside {names}: built {alone}"));
        }
        (areas, unreached)
    }

    /// A segment as an `on` reference (`S`, `Nw`, `E2`).
    fn name(&self, segment: (Side, usize), feature: FeatureKind) -> String {
        references(&[segment], &self.options, feature).join(" ")
    }

    /// One city for each area of city colour the city sides reach.
    fn cities(&mut self) -> Vec<Placed> {
        let (areas, alone) = self.reached(&self.cells.mask(SegmentKind::City), FeatureKind::City, "a city on each");
        let plain = Feature::new(FeatureKind::City);
        let mut out = Vec::new();
        for area in areas {
            let id = self.add(FeatureKind::City, &area.segments, plain.clone());
            out.push(Placed { id, cells: area.cells });
        }
        for segment in alone {
            let id = self.add(FeatureKind::City, &[segment], plain.clone());
            out.push(Placed { id, cells: Vec::new() });
        }
        out
    }

    /// The roads, one for each area of road colour the road sides reach (a side of its own
    /// when three or more meet), their ends, and the monasteries. Returns the cells between
    /// each road's end and what it ends at, which part the fields as the road does.
    fn roads(&mut self, cities: &[Placed]) -> Vec<bool> {
        let (areas, alone) = self.reached(
            &self.cells.mask(SegmentKind::Road),
            FeatureKind::Road,
            "a road on each, ending at a house",
        );
        let buildings = self.cells.buildings();
        let loose: Vec<Loose> = areas
            .iter()
            .filter(|a| a.segments.len() == 1)
            .map(|a| (a.segments[0], a.cells.clone()))
            .chain(alone.into_iter().map(|s| (s, Vec::new())))
            .map(|(segment, cells)| Loose::new(segment, cells, &buildings, cities))
            .collect();
        let ends_at = |b: usize| loose.iter().filter(|l| l.buildings.contains(&b)).count();
        let monasteries = self.monasteries(&buildings, ends_at);
        let road = |end: Option<RoadEnd>, at: Option<String>| Feature {
            end,
            at,
            ..Feature::new(FeatureKind::Road)
        };
        for area in areas.iter().filter(|a| a.segments.len() >= 2) {
            if area.segments.len() == 2 {
                self.add(FeatureKind::Road, &area.segments, road(None, None));
            } else {
                for segment in &area.segments {
                    self.add(FeatureKind::Road, &[*segment], road(Some(RoadEnd::Crossing), None));
                }
            }
        }
        let mut gaps = vec![false; GRID * GRID];
        for end in &loose {
            let monastery = monasteries.iter().find(|(b, _)| end.buildings.contains(b));
            let village = end.buildings.iter().find(|&&b| ends_at(b) >= 2);
            let (feature, target): (Feature, &[usize]) = if let Some((b, id)) = monastery {
                (road(Some(RoadEnd::Monastery), Some(id.clone())), &buildings[*b])
            } else if let Some(&b) = village {
                (road(Some(RoadEnd::Crossing), None), &buildings[b])
            } else if let Some(c) = end.city {
                let city = &cities[c];
                (road(Some(RoadEnd::CityGate), Some(city.id.clone())), &city.cells)
            } else if let Some(&b) = end.buildings.first() {
                (road(Some(RoadEnd::House), None), &buildings[b])
            } else {
                if !end.cells.is_empty() {
                    let name = self.name(end.segment, FeatureKind::Road);
                    self.notes.push(format!(
                        "the road on {name} ends in the field: built as ending at a house"
                    ));
                }
                (road(Some(RoadEnd::House), None), &[])
            };
            self.add(FeatureKind::Road, &[end.segment], feature);
            let (from, to) = (around(&end.cells, TOUCH), around(target, TOUCH));
            for (gap, (a, b)) in gaps.iter_mut().zip(from.into_iter().zip(to)) {
                *gap |= a && b;
            }
        }
        gaps
    }

    /// A monastery for each building that is large, in the middle, and the end of at most one
    /// road (`ends_at` counts them): with the building each stands for.
    fn monasteries(&mut self, buildings: &[Vec<usize>], ends_at: impl Fn(usize) -> usize) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        for (b, cells) in buildings.iter().enumerate() {
            let middle = centre(cells).is_some_and(|[x, y]| (x - 0.5).abs() <= MIDDLE && (y - 0.5).abs() <= MIDDLE);
            if cells.len() >= MONASTERY_CELLS && middle && ends_at(b) <= 1 {
                let id = self.add(FeatureKind::Monastery, &[], Feature::new(FeatureKind::Monastery));
                out.push((b, id));
            }
        }
        out
    }

    /// One field for each area of field colour the field segments reach once the `gaps`
    /// (between roads and what they end at) are taken out, bordering the cities it touches.
    fn fields(&mut self, cities: &[Placed], gaps: &[bool]) {
        let open: Vec<bool> = self
            .cells
            .mask(SegmentKind::Field)
            .into_iter()
            .zip(gaps)
            .map(|(field, gap)| field && !gap)
            .collect();
        let (areas, alone) = self.reached(&open, FeatureKind::Field, "as one field");
        for area in &areas {
            let near = around(&area.cells, TOUCH);
            let field = Feature {
                cities: cities
                    .iter()
                    .filter(|c| meets(&c.cells, &near))
                    .map(|c| c.id.clone())
                    .collect(),
                ..Feature::new(FeatureKind::Field)
            };
            self.add(FeatureKind::Field, &area.segments, field);
        }
        if !alone.is_empty() {
            self.add(FeatureKind::Field, &alone, Feature::new(FeatureKind::Field));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    const GREEN: Rgba<u8> = Rgba([90, 150, 70, 255]);
    const PALE: Rgba<u8> = Rgba([235, 225, 200, 255]);
    const GREY: Rgba<u8> = Rgba([128, 128, 128, 255]);

    /// A 128-pixel picture, each pixel the colour `at` gives its place on the tile (0..1).
    fn picture(at: impl Fn(f64, f64) -> Rgba<u8>) -> RgbaImage {
        RgbaImage::from_fn(128, 128, |x, y| at((x as f64 + 0.5) / 128.0, (y as f64 + 0.5) / 128.0))
    }

    /// The tile a new, all-field tile becomes over `picture`, and the notes.
    fn read(picture: &RgbaImage) -> (Tile, Vec<String>) {
        let mut field = Feature::new(FeatureKind::Field);
        field.on = ["N", "E", "S", "W"].map(|s| EdgeRef(s.into())).into();
        let blank = tilewright_picture::testing::tile(["field"; 4], vec![("f", field)]);
        tile_from_picture(&blank, &PictureReading::of(picture))
    }

    /// Each feature as (id, kind, on, end).
    fn features(tile: &Tile) -> Vec<(String, &str, Vec<String>, Option<RoadEnd>)> {
        tile.features
            .iter()
            .map(|(id, f)| {
                let on = f.on.iter().map(|r| r.0.clone()).collect();
                (id.clone(), f.kind.as_str(), on, f.end)
            })
            .collect()
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn three_roads_joined_in_the_middle_meet_at_a_crossing() {
        let (tile, notes) = read(&picture(|x, y| {
            let across = (0.42..0.58).contains(&y);
            let down = (0.42..0.58).contains(&x) && y > 0.42;
            if across || down { PALE } else { GREEN }
        }));
        assert!(notes.is_empty(), "{notes:?}");
        let crossing = Some(RoadEnd::Crossing);
        assert_eq!(
            features(&tile),
            [
                ("f".into(), "field", strings(&["N", "En", "Wn"]), None),
                ("f2".into(), "field", strings(&["Es", "Se"]), None),
                ("f3".into(), "field", strings(&["Sw", "Ws"]), None),
                ("r".into(), "road", strings(&["E"]), crossing),
                ("r2".into(), "road", strings(&["S"]), crossing),
                ("r3".into(), "road", strings(&["W"]), crossing),
            ]
        );
    }

    #[test]
    fn a_road_ends_at_the_house_it_touches_and_two_roads_at_one_village_meet_at_a_crossing() {
        const HOUSE: Rgba<u8> = Rgba([70, 60, 60, 255]);
        // A small house at the end of a road from the south side.
        let (tile, notes) = read(&picture(|x, y| {
            if (0.44..0.56).contains(&x) && (0.4..0.5).contains(&y) {
                HOUSE
            } else if (0.42..0.58).contains(&x) && y > 0.5 {
                PALE
            } else {
                GREEN
            }
        }));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(
            features(&tile),
            [
                ("f".into(), "field", strings(&["N", "E", "S", "W"]), None),
                ("r".into(), "road", strings(&["S"]), Some(RoadEnd::House)),
            ]
        );
        // The roads from the west and east sides end at one village: a crossing, not a
        // monastery, however large.
        let (tile, _) = read(&picture(|x, y| {
            if (0.3..0.7).contains(&x) && (0.3..0.7).contains(&y) {
                HOUSE
            } else if (0.42..0.58).contains(&y) {
                PALE
            } else {
                GREEN
            }
        }));
        let ends: Vec<_> = features(&tile)
            .into_iter()
            .map(|(id, kind, _, end)| (id, kind, end))
            .collect();
        let crossing = Some(RoadEnd::Crossing);
        assert_eq!(
            ends,
            [
                ("f".into(), "field", None),
                ("f2".into(), "field", None),
                ("r".into(), "road", crossing),
                ("r2".into(), "road", crossing),
            ]
        );
    }

    #[test]
    fn a_road_that_ends_in_the_field_ends_at_a_house_and_is_noted() {
        let (tile, notes) = read(&crate::sheet_detect::tests::tile_picture());
        assert_eq!(tile.features["r"].end, Some(RoadEnd::House));
        assert_eq!(tile.features["f"].cities, ["c"]);
        assert_eq!(notes, ["the road on S ends in the field: built as ending at a house"]);
    }

    #[test]
    fn odd_pictures_give_notes_not_panics() {
        // No side settles: the tile stays all field, with no field colour to find.
        let (tile, notes) = read(&picture(|_, _| GREY));
        assert_eq!(tile.edges.clone().map(|e| e.0), ["field"; 4]);
        assert_eq!(
            features(&tile),
            [("f".into(), "field", strings(&["N", "E", "S", "W"]), None)]
        );
        assert_eq!(notes, ["no field colour inside N, E, S, W: built as one field"]);
        for size in [0, 1, 3] {
            let (tile, _) = read(&RgbaImage::from_pixel(size, size, GREEN));
            assert!(!tile.features.is_empty(), "{size}");
        }
    }
}
