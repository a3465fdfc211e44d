//! A tile's picture laid on the cell grid of [`regions`](crate::regions): each cell the kind
//! its pixels show (city, road or field, by `sheet_detect::kind_of`), or none (a wall line, a
//! building, a frame), so that the areas a colour covers are found with the same flood fill
//! as the schematic's fields.

use image::RgbaImage;
use tilewright_engine::edge::SegmentKind;

use crate::regions::{GRID, label_areas};
use crate::sheet_detect::kind_of;

/// Share of a cell's pixels of no kind that makes the whole cell one of no kind: a thin line
/// drawn between two cities, or a wall between a city and a field, keeps them apart.
const LINE_SHARE: f64 = 0.25;

/// Most pixels read across one cell, each way: a large picture is sampled, not read whole.
const SAMPLES_ACROSS: u32 = 8;

/// Cells from the border within which an area counts as touching it.
const BORDER_RING: usize = 3;

/// Fewest cells of a building: smaller specks (a flower, a sheep) are not buildings.
const MIN_BUILDING: usize = 12;

/// The kind of each cell of a tile's picture, `y * GRID + x`.
#[derive(Debug, Clone, PartialEq)]
pub struct PictureCells {
    kinds: Vec<Option<SegmentKind>>,
}

impl PictureCells {
    /// The cells of `picture`, each the kind most of its pixels show; of no kind when at least
    /// `LINE_SHARE` of them show none. An empty picture has cells of no kind.
    pub fn of(picture: &RgbaImage) -> PictureCells {
        let (w, h) = picture.dimensions();
        if w == 0 || h == 0 {
            return PictureCells {
                kinds: vec![None; GRID * GRID],
            };
        }
        // The pixels `lo..hi` of cell `i` along a side of `n` pixels (at least one).
        let span = |i: usize, n: u32| {
            let lo = (i as u64 * u64::from(n) / GRID as u64) as u32;
            let hi = ((i as u64 + 1) * u64::from(n) / GRID as u64) as u32;
            (lo.min(n - 1), hi.max(lo + 1).min(n))
        };
        let kinds = (0..GRID * GRID)
            .map(|cell| {
                let ((x0, x1), (y0, y1)) = (span(cell % GRID, w), span(cell / GRID, h));
                let step = |lo: u32, hi: u32| ((hi - lo) / SAMPLES_ACROSS).max(1) as usize;
                let mut counts = [0usize; 4];
                for y in (y0..y1).step_by(step(y0, y1)) {
                    for x in (x0..x1).step_by(step(x0, x1)) {
                        counts[slot(kind_of(picture.get_pixel(x, y)))] += 1;
                    }
                }
                let total: usize = counts.iter().sum();
                if counts[3] as f64 >= LINE_SHARE * total as f64 {
                    return None;
                }
                (0..3).max_by_key(|&i| (counts[i], 3 - i)).map(|i| KINDS[i])
            })
            .collect();
        PictureCells { kinds }
    }

    /// Which cells show `kind`.
    pub fn mask(&self, kind: SegmentKind) -> Vec<bool> {
        self.kinds.iter().map(|k| *k == Some(kind)).collect()
    }

    /// The buildings of the picture: areas of cells that show neither field nor road (a
    /// monastery, a village at a crossing, a house, whatever their colours), clear of the
    /// border, of at least `MIN_BUILDING` cells; each its cells in rising order.
    pub fn buildings(&self) -> Vec<Vec<usize>> {
        let solid: Vec<bool> = self
            .kinds
            .iter()
            .map(|k| !matches!(k, Some(SegmentKind::Field | SegmentKind::Road)))
            .collect();
        let (area, areas) = label_areas(&solid);
        let mut cells: Vec<Vec<usize>> = vec![Vec::new(); areas];
        for (cell, &a) in area.iter().enumerate() {
            if a != usize::MAX {
                cells[a].push(cell);
            }
        }
        cells
            .into_iter()
            .filter(|c| c.len() >= MIN_BUILDING && !c.iter().any(|&cell| by_border(cell)))
            .collect()
    }
}

/// The kinds a cell can show, in the order of [`slot`].
const KINDS: [SegmentKind; 3] = [SegmentKind::City, SegmentKind::Road, SegmentKind::Field];

/// Where a pixel's kind is counted: city, road, field, or none.
fn slot(kind: Option<SegmentKind>) -> usize {
    match kind {
        Some(SegmentKind::City) => 0,
        Some(SegmentKind::Road) => 1,
        Some(SegmentKind::Field) => 2,
        _ => 3,
    }
}

/// Whether a cell lies within [`BORDER_RING`] cells of the tile's border.
fn by_border(cell: usize) -> bool {
    let (x, y) = (cell % GRID, cell / GRID);
    x.min(y) < BORDER_RING || x.max(y) >= GRID - BORDER_RING
}

/// The cells within `reach` cells (across or diagonally) of any of `cells`.
pub fn around(cells: &[usize], reach: usize) -> Vec<bool> {
    let mut near = vec![false; GRID * GRID];
    for &cell in cells {
        let (x, y) = (cell % GRID, cell / GRID);
        for ny in y.saturating_sub(reach)..(y + reach + 1).min(GRID) {
            for nx in x.saturating_sub(reach)..(x + reach + 1).min(GRID) {
                near[ny * GRID + nx] = true;
            }
        }
    }
    near
}

/// Whether any of `cells` is marked in `mask`.
pub fn meets(cells: &[usize], mask: &[bool]) -> bool {
    cells.iter().any(|&c| mask.get(c).copied().unwrap_or(false))
}

/// The middle of `cells` in tile coordinates (0..1), `None` for no cells.
pub fn centre(cells: &[usize]) -> Option<[f64; 2]> {
    let n = cells.len() as f64;
    (!cells.is_empty()).then(|| {
        let sum = cells.iter().fold([0.0, 0.0], |[x, y], &c| {
            let p = crate::regions::cell_centre(c);
            [x + p[0], y + p[1]]
        });
        [sum[0] / n, sum[1] / n]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    const GREEN: Rgba<u8> = Rgba([90, 150, 70, 255]);
    const PALE: Rgba<u8> = Rgba([235, 225, 200, 255]);
    const DARK: Rgba<u8> = Rgba([60, 50, 50, 255]);

    #[test]
    fn cells_take_the_kind_most_of_their_pixels_show() {
        // A 32-pixel picture (half a pixel a cell) and a 200-pixel one read alike.
        for size in [32, 200] {
            let picture = RgbaImage::from_fn(size, size, |x, _| if x < size / 2 { PALE } else { GREEN });
            let cells = PictureCells::of(&picture);
            assert_eq!(cells.kinds[0], Some(SegmentKind::Road), "{size}");
            assert_eq!(cells.kinds[GRID - 1], Some(SegmentKind::Field), "{size}");
        }
        let empty = PictureCells::of(&RgbaImage::new(0, 0));
        assert!(empty.kinds.iter().all(Option::is_none));
    }

    #[test]
    fn a_building_is_a_block_of_other_colours_clear_of_the_border() {
        // A dark square in the middle, a dark frame around the tile, a dark speck.
        let picture = RgbaImage::from_fn(128, 128, |x, y| {
            let middle = (50..78).contains(&x) && (50..78).contains(&y);
            let frame = x.min(y) < 2 || x.max(y) >= 126;
            let speck = (20..22).contains(&x) && (20..22).contains(&y);
            if middle || frame || speck { DARK } else { GREEN }
        });
        let buildings = PictureCells::of(&picture).buildings();
        assert_eq!(buildings.len(), 1);
        assert_eq!(buildings[0].len(), 14 * 14);
        let [x, y] = centre(&buildings[0]).unwrap();
        assert!((x - 0.5).abs() < 0.02 && (y - 0.5).abs() < 0.02, "{x} {y}");
    }
}
