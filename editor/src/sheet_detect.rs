//! What a tile sheet's pixels say before the designer does: the grid (rows, columns, margin,
//! spacing) from the bands of background between the tiles, and each tile's edges from the
//! colours along its sides (green field, brown city, pale road). Both are guesses offered in
//! the import dialog, for the designer to confirm or change; the features inside are read by
//! [`crate::sheet_features`].

use image::{Rgba, RgbaImage};
use tilewright_engine::edge::{SegmentKind, Side};

use crate::import::Grid;

/// How far (per channel) a pixel may be from the background and still be background.
const BACKGROUND_TOLERANCE: u8 = 16;
/// The share of a line's pixels that must be background for the line to be a gutter.
const GUTTER_SHARE: f64 = 0.97;

/// The grid of a sheet whose tiles are set apart by bands of one background colour: the
/// tiles are the runs of lines that are not background. The background is the colour of the
/// top-left pixel (a sheet with a margin) or of a line of one colour (the spacing of a sheet
/// without one), whichever gives a regular grid of the most tiles. `None` when there is no
/// such band (tiles that touch, or a sheet of one picture), or when the runs are not a regular
/// grid (equal cells, equal gaps, within a pixel or two).
pub fn detect_grid(sheet: &RgbaImage) -> Option<Grid> {
    let (w, h) = sheet.dimensions();
    if w == 0 || h == 0 {
        return None;
    }
    let column = |x: u32| (0..h).map(move |y| sheet.get_pixel(x, y));
    let row = |y: u32| (0..w).map(move |x| sheet.get_pixel(x, y));
    let mut candidates: Vec<Rgba<u8>> = vec![*sheet.get_pixel(0, 0)];
    let plain = (0..w)
        .filter(|&x| gutter(column(x), h, sheet.get_pixel(x, 0)))
        .map(|x| *sheet.get_pixel(x, 0))
        .chain(
            (0..h)
                .filter(|&y| gutter(row(y), w, sheet.get_pixel(0, y)))
                .map(|y| *sheet.get_pixel(0, y)),
        );
    for colour in plain {
        if candidates.len() >= MAX_BACKGROUNDS {
            break;
        }
        if !candidates.iter().any(|c| near(c, &colour)) {
            candidates.push(colour);
        }
    }
    candidates
        .iter()
        .filter_map(|background| {
            let across = Runs::of(&(0..w).map(|x| gutter(column(x), h, background)).collect::<Vec<_>>())?;
            let down = Runs::of(&(0..h).map(|y| gutter(row(y), w, background)).collect::<Vec<_>>())?;
            if across.margin == 0 && down.margin == 0 && across.cells == 1 && down.cells == 1 {
                return None;
            }
            let grid = Grid {
                rows: down.cells,
                columns: across.cells,
                margin: across.margin.min(down.margin),
                spacing: if across.cells > 1 { across.spacing } else { down.spacing },
            };
            grid.cells([w, h]).ok().map(|_| grid)
        })
        .max_by_key(|grid| (grid.rows * grid.columns, std::cmp::Reverse(grid.margin)))
}

/// Most background colours tried.
const MAX_BACKGROUNDS: usize = 8;

/// Whether a line of `count` pixels is (nearly all) `background`.
fn gutter<'a>(pixels: impl Iterator<Item = &'a Rgba<u8>>, count: u32, background: &Rgba<u8>) -> bool {
    let matching = pixels.filter(|p| near(p, background)).count();
    matching as f64 >= GUTTER_SHARE * count as f64
}

/// The tiles along one direction of a sheet: how many, the leading gutter, the gap between.
struct Runs {
    cells: u32,
    margin: u32,
    spacing: u32,
}

impl Runs {
    /// From which lines are gutters; `None` unless the tiles are equal and the gaps too (a
    /// pixel or two apart, for sheets cut by hand).
    fn of(gutters: &[bool]) -> Option<Runs> {
        let mut runs: Vec<(bool, u32)> = Vec::new();
        for &g in gutters {
            match runs.last_mut() {
                Some((kind, n)) if *kind == g => *n += 1,
                _ => runs.push((g, 1)),
            }
        }
        let margin = match runs.first() {
            Some((true, n)) => *n,
            _ => 0,
        };
        let cells: Vec<u32> = runs.iter().filter(|(g, _)| !g).map(|(_, n)| *n).collect();
        let inner = if runs.len() > 2 {
            &runs[1..runs.len() - 1]
        } else {
            &[][..]
        };
        let gaps: Vec<u32> = inner.iter().filter(|(g, _)| *g).map(|(_, n)| *n).collect();
        let even = |v: &[u32]| v.iter().max().zip(v.iter().min()).is_none_or(|(a, b)| a - b <= 2);
        if cells.is_empty() || !even(&cells) || !even(&gaps) {
            return None;
        }
        Some(Runs {
            cells: cells.len() as u32,
            margin,
            spacing: gaps.iter().copied().min().unwrap_or(0),
        })
    }
}

fn near(a: &Rgba<u8>, b: &Rgba<u8>) -> bool {
    a.0.iter()
        .zip(b.0.iter())
        .all(|(x, y)| x.abs_diff(*y) <= BACKGROUND_TOLERANCE)
}

/// What a pixel's colour looks like on a tile: green field, pale road, brown or red city.
pub(crate) fn kind_of(p: &Rgba<u8>) -> Option<SegmentKind> {
    let [r, g, b, a] = p.0.map(i32::from);
    if a < 128 {
        return None;
    }
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    if min >= 170 && max - min <= 60 {
        Some(SegmentKind::Road)
    } else if g > r + 10 && g > b + 10 {
        Some(SegmentKind::Field)
    } else if r > g + 20 && r > b + 40 {
        Some(SegmentKind::City)
    } else {
        None
    }
}

/// Each side's layout as the colours along it read, as a plain word (`city`, `road`,
/// `field`), in the order N, E, S, W; `None` for a side the colours do not settle (mixed, or
/// colours of none of the three). A side is read along a band a little inside the border (so
/// that a frame line drawn around the tile is not read): `city` when city colour covers most
/// of it, `road` when road colour holds its middle with field on both sides, `field` when
/// field covers most of it.
pub fn guess_edges(tile: &RgbaImage) -> [Option<String>; 4] {
    if tile.width() == 0 || tile.height() == 0 {
        return [None, None, None, None];
    }
    Side::ALL.map(|side| {
        let kinds = side_kinds(tile, side);
        let share = |kind: SegmentKind, range: std::ops::Range<usize>| {
            let len = range.len().max(1);
            kinds[range].iter().filter(|k| **k == Some(kind)).count() as f64 / len as f64
        };
        let word = if share(SegmentKind::City, 0..100) >= 0.6 {
            SegmentKind::City
        } else if share(SegmentKind::Road, 42..58) >= 0.6
            && share(SegmentKind::Field, 0..35) >= 0.6
            && share(SegmentKind::Field, 65..100) >= 0.6
        {
            SegmentKind::Road
        } else if share(SegmentKind::Field, 0..100) >= 0.8 {
            SegmentKind::Field
        } else {
            return None;
        };
        Some(tilewright_engine::edge::Layout::word(word).to_string())
    })
}

/// The kind read at each of the 100 positions of `side`, clockwise, each the majority of a few
/// pixels across the band 4%–9% inside the border.
fn side_kinds(tile: &RgbaImage, side: Side) -> Vec<Option<SegmentKind>> {
    let (w, h) = (tile.width().max(1) as f64, tile.height().max(1) as f64);
    (0..100)
        .map(|pos| {
            let along = (pos as f64 + 0.5) / 100.0;
            let mut votes = [0u32; 3];
            for depth in [0.04, 0.06, 0.09] {
                // Clockwise along each side, as the edge grammar counts positions.
                let (x, y) = match side {
                    Side::N => (along, depth),
                    Side::E => (1.0 - depth, along),
                    Side::S => (1.0 - along, 1.0 - depth),
                    Side::W => (depth, 1.0 - along),
                };
                let px = ((x * w) as u32).min(tile.width().saturating_sub(1));
                let py = ((y * h) as u32).min(tile.height().saturating_sub(1));
                match kind_of(tile.get_pixel(px, py)) {
                    Some(SegmentKind::City) => votes[0] += 1,
                    Some(SegmentKind::Road) => votes[1] += 1,
                    Some(SegmentKind::Field) => votes[2] += 1,
                    _ => {}
                }
            }
            let best = (0..3).max_by_key(|&i| votes[i])?;
            (votes[best] >= 2).then_some([SegmentKind::City, SegmentKind::Road, SegmentKind::Field][best])
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    const GREEN: Rgba<u8> = Rgba([90, 150, 70, 255]);
    const BROWN: Rgba<u8> = Rgba([190, 120, 70, 255]);
    const PALE: Rgba<u8> = Rgba([235, 225, 200, 255]);
    const WHITE: Rgba<u8> = Rgba([255, 255, 255, 255]);

    /// A 60-pixel tile: a city cap over the north side (its wall running down to the corners), a
    /// road from the south side to the middle.
    pub(crate) fn tile_picture() -> RgbaImage {
        RgbaImage::from_fn(60, 60, |x, y| {
            let cap = 18 - ((x as i32 - 30).abs() - 16).max(0) * 2;
            if (y as i32) < cap {
                BROWN
            } else if (26..34).contains(&x) && y >= 30 {
                PALE
            } else {
                GREEN
            }
        })
    }

    /// `rows` × `columns` copies of [`tile_picture`] on white, with `margin` and `spacing`.
    pub(crate) fn sheet(rows: u32, columns: u32, margin: u32, spacing: u32) -> RgbaImage {
        let tile = tile_picture();
        let side = |n: u32| 2 * margin + n * 60 + n.saturating_sub(1) * spacing;
        let mut sheet = RgbaImage::from_pixel(side(columns), side(rows), WHITE);
        for r in 0..rows {
            for c in 0..columns {
                let (x, y) = (margin + c * (60 + spacing), margin + r * (60 + spacing));
                image::imageops::replace(&mut sheet, &tile, x.into(), y.into());
            }
        }
        sheet
    }

    #[test]
    fn the_grid_is_read_from_the_bands_between_tiles() {
        let grid = detect_grid(&sheet(2, 3, 5, 4)).unwrap();
        assert_eq!(
            grid,
            Grid {
                rows: 2,
                columns: 3,
                margin: 5,
                spacing: 4
            }
        );
        let cells = grid.cells([2 * 5 + 3 * 60 + 2 * 4, 2 * 5 + 2 * 60 + 4]).unwrap();
        assert_eq!((cells[5].x, cells[5].y, cells[5].width), (5 + 2 * 64, 5 + 64, 60));
        // Tiles set apart by spacing alone, no margin.
        assert_eq!(
            detect_grid(&sheet(1, 4, 0, 2)).map(|g| (g.rows, g.columns, g.margin, g.spacing)),
            Some((1, 4, 0, 2))
        );
    }

    #[test]
    fn no_grid_is_guessed_where_no_band_sets_tiles_apart() {
        assert_eq!(detect_grid(&tile_picture()), None, "one picture");
        assert_eq!(detect_grid(&sheet(2, 2, 0, 0)), None, "tiles that touch");
        // Uneven cells are no grid.
        let mut uneven = sheet(1, 2, 4, 4);
        for y in 0..uneven.height() {
            for x in 64..84 {
                uneven.put_pixel(x, y, WHITE);
            }
        }
        assert_eq!(detect_grid(&uneven), None);
    }

    #[test]
    fn edges_are_read_from_the_colours_along_each_side() {
        let edges = guess_edges(&tile_picture());
        assert_eq!(
            edges,
            [
                Some("city".into()),
                Some("field".into()),
                Some("road".into()),
                Some("field".into())
            ]
        );
        // A side of colours of none of the three is left to the designer.
        let grey = RgbaImage::from_pixel(40, 40, Rgba([128, 128, 128, 255]));
        assert_eq!(guess_edges(&grey), [None, None, None, None]);
    }
}
