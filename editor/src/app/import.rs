//! Batch authoring: a tile sheet sliced into tiles (a dialog with the grid drawn live over the
//! image) and a folder of images, each image one tile; each import is one undo step.

use std::path::{Path, PathBuf};

use egui::{Color32, Stroke, TextureHandle, Ui};
use image::DynamicImage;
use tilewright_engine::model::Tile;

use super::EditorApp;
use super::commands::blank_tile;
use crate::actions::{Action, Actions};
use crate::document::Edit;
use crate::ids::next_tile_ids;
use crate::import::{self, Grid};
use crate::sheet_detect;
use crate::sheet_features::{self, PictureReading};

/// Most rows or columns a sheet is cut into.
const MAX_CELLS_A_SIDE: u32 = 64;

/// A tile sheet waiting in the import dialog.
pub struct SheetImport {
    /// The sheet's file.
    pub path: PathBuf,
    /// The decoded sheet.
    pub sheet: DynamicImage,
    /// How it is cut.
    pub grid: Grid,
    /// Whether the grid was read from the gaps between the tiles.
    pub detected: bool,
    /// Whether each tile's edges and features are prefilled from its picture.
    pub prefill: bool,
    /// The sheet shown in the dialog, made at the first frame.
    preview: Option<TextureHandle>,
}

/// What the import dialog's user did.
enum SheetAnswer {
    Import,
    Cancel,
}

impl SheetImport {
    /// A sheet to cut, with the grid read from the gaps between its tiles; failing that, a
    /// first guess: square cells along its longer side.
    pub fn new(path: PathBuf, sheet: DynamicImage) -> SheetImport {
        let (w, h) = (sheet.width().max(1), sheet.height().max(1));
        let detected = sheet_detect::detect_grid(&sheet.to_rgba8())
            .filter(|g| g.rows <= MAX_CELLS_A_SIDE && g.columns <= MAX_CELLS_A_SIDE);
        let grid = detected.unwrap_or(Grid {
            columns: if w % h == 0 { (w / h).min(MAX_CELLS_A_SIDE) } else { 1 },
            rows: if h % w == 0 { (h / w).min(MAX_CELLS_A_SIDE) } else { 1 },
            ..Grid::default()
        });
        SheetImport {
            path,
            sheet,
            grid,
            detected: detected.is_some(),
            prefill: true,
            preview: None,
        }
    }

    /// What each cell's picture says (none when not prefilling), row by row.
    fn readings(&self) -> Vec<Option<PictureReading>> {
        let cells = self
            .grid
            .cells([self.sheet.width(), self.sheet.height()])
            .unwrap_or_default();
        cells
            .iter()
            .map(|cell| {
                self.prefill.then(|| {
                    let tile = self.sheet.crop_imm(cell.x, cell.y, cell.width, cell.height).to_rgba8();
                    PictureReading::of(&tile)
                })
            })
            .collect()
    }
}

impl EditorApp {
    /// Opens the sheet import dialog on the image at `path`.
    pub(super) fn start_sheet_import(&mut self, path: &Path) {
        if self.images_folder().is_none() {
            return;
        }
        match import::decode(path) {
            Ok(sheet) => self.workspace.sheet = Some(SheetImport::new(path.to_owned(), sheet)),
            Err(e) => self.message(e, true),
        }
    }

    /// The tile set's folder, where imported images go; a message when the set is not saved.
    pub(super) fn images_folder(&mut self) -> Option<PathBuf> {
        if self.workspace.tileset().is_none() {
            self.message("Open or start a tile set first.", true);
            return None;
        }
        let folder = self.workspace.folder();
        if folder.is_none() {
            self.message("Save the tile set first: images are stored relative to it.", true);
        }
        folder
    }

    /// Draws the sheet import dialog, and imports or closes it as the user answers.
    pub(super) fn sheet_import_modal(&mut self, ctx: &egui::Context, actions: &mut Actions) {
        let Some(sheet) = self.workspace.sheet.as_mut() else {
            return;
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("sheet-import")).show(ctx, |ui| {
            answer = sheet_dialog(ui, sheet);
        });
        match answer {
            Some(SheetAnswer::Import) => {
                if let Some(sheet) = self.workspace.sheet.take() {
                    self.import_sheet(&sheet, actions);
                }
            }
            Some(SheetAnswer::Cancel) => self.workspace.sheet = None,
            None => {}
        }
    }

    /// Cuts the sheet into new images and adds a tile over each.
    pub fn import_sheet(&mut self, sheet: &SheetImport, actions: &mut Actions) {
        let Some(folder) = self.images_folder() else { return };
        let stem = sheet.path.file_stem().map(|s| s.to_string_lossy()).unwrap_or_default();
        match import::slice(&sheet.sheet, &sheet.grid, &folder, &stem) {
            Ok(images) => {
                let named = images
                    .into_iter()
                    .zip(sheet.readings())
                    .map(|(image, reading)| {
                        let name = Path::new(&image).file_stem().map(|s| s.to_string_lossy().into_owned());
                        (image.clone(), name.unwrap_or_default(), reading)
                    })
                    .collect();
                self.add_tiles_over(named, actions);
            }
            Err(e) => self.message(e, true),
        }
    }

    /// Adds a tile for each image of `folder` (copied into the tile set's folder when outside).
    pub(super) fn import_folder(&mut self, folder: &Path, actions: &mut Actions) {
        if self.images_folder().is_none() {
            return;
        }
        let images = match import::images_in(folder) {
            Ok(images) if images.is_empty() => {
                self.message(format!("{} has no PNG, JPEG or WebP images.", folder.display()), true);
                return;
            }
            Ok(images) => images,
            Err(e) => return self.message(e, true),
        };
        let named = images
            .iter()
            .filter_map(|path| {
                let relative = self.image_into_folder(path)?;
                let name = path.file_stem()?.to_string_lossy().into_owned();
                Some((relative, name, None))
            })
            .collect();
        self.add_tiles_over(named, actions);
    }

    /// Adds a tile over each (image, name, reading) at the end of the set, as one undo step,
    /// and selects the first: a plain tile, or the tile its picture reads as
    /// ([`sheet_features::tile_from_picture`]), what the pictures left unsettled in a notice.
    pub(super) fn add_tiles_over(
        &mut self,
        images: Vec<(String, String, Option<PictureReading>)>,
        actions: &mut Actions,
    ) {
        let Some(set) = self.workspace.tileset() else { return };
        let at = set.tiles.len();
        let ids = next_tile_ids(set, images.len());
        let mut notes = Vec::new();
        let tiles: Vec<Tile> = images
            .into_iter()
            .zip(ids)
            .map(|((image, name, reading), id)| {
                let tile = Tile {
                    id,
                    name,
                    image: Some(image),
                    ..blank_tile(set)
                };
                let Some(reading) = reading else { return tile };
                let (read, unsettled) = sheet_features::tile_from_picture(&tile, &reading);
                notes.extend(unsettled.into_iter().map(|note| format!("{}: {note}", read.id)));
                read
            })
            .collect();
        add_tiles(at, tiles, actions);
        self.view.select_tile(at);
        if !notes.is_empty() {
            self.message(unsettled_notice(&notes), false);
        }
    }
}

/// Most notes of an import listed in its notice.
const NOTES_SHOWN: usize = 6;

/// One notice for what the pictures of an import left unsettled.
fn unsettled_notice(notes: &[String]) -> String {
    let mut text = format!(
        "Check the imported tiles; the pictures left {} unsettled: {}",
        if notes.len() == 1 { "one thing" } else { "some things" },
        notes[..notes.len().min(NOTES_SHOWN)].join("; ")
    );
    if notes.len() > NOTES_SHOWN {
        text.push_str(&format!("; and {} more", notes.len() - NOTES_SHOWN));
    }
    text
}

/// Adds `tiles` from `index` on as one undo step.
pub(super) fn add_tiles(index: usize, tiles: Vec<Tile>, actions: &mut Actions) {
    actions.push(Action::EndGroup);
    for (i, tile) in tiles.into_iter().enumerate() {
        let edit = Edit::AddTile {
            index: index + i,
            tile: Box::new(tile),
        };
        actions.edit_grouped(edit, "import");
    }
    actions.push(Action::EndGroup);
}

/// The dialog's contents: the grid's numbers, what they give, the sheet with the grid over it.
fn sheet_dialog(ui: &mut Ui, sheet: &mut SheetImport) -> Option<SheetAnswer> {
    let size = [sheet.sheet.width(), sheet.sheet.height()];
    ui.heading("Import a tile sheet");
    let name = sheet.path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    ui.label(format!("{name}: {} × {} pixels", size[0], size[1]));
    ui.add_space(6.0);
    let grid = &mut sheet.grid;
    egui::Grid::new("sheet-grid")
        .num_columns(4)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            let max_side = size[0].max(size[1]);
            let number = |ui: &mut Ui, label: &str, value: &mut u32, range: std::ops::RangeInclusive<u32>| {
                let l = ui.label(label).id;
                ui.add(egui::DragValue::new(value).range(range)).labelled_by(l);
            };
            number(ui, "Rows", &mut grid.rows, 1..=MAX_CELLS_A_SIDE);
            number(ui, "Columns", &mut grid.columns, 1..=MAX_CELLS_A_SIDE);
            ui.end_row();
            number(ui, "Margin", &mut grid.margin, 0..=max_side);
            number(ui, "Spacing", &mut grid.spacing, 0..=max_side);
            ui.end_row();
        });
    ui.label(if sheet.detected {
        "Grid read from the gaps between the tiles: check it over the sheet below."
    } else {
        "No gaps between tiles found: set the grid."
    });
    ui.checkbox(&mut sheet.prefill, "Prefill edges and features from the pictures")
        .on_hover_text(
            "Green reads as field, brown or red as city, pale as road; a side the colours do not settle stays field. \
             Sides whose colour runs together are one feature, roads part the fields, a building in the middle is a monastery. \
             Check each tile after the import.",
        );
    let grid = &sheet.grid;
    let cells = grid.cells(size);
    match &cells {
        Ok(cells) => ui.label(format!(
            "{} tiles of {} × {} pixels, each saved as a PNG in images/",
            cells.len(),
            cells[0].width,
            cells[0].height
        )),
        Err(e) => ui.colored_label(Color32::from_rgb(235, 90, 80), e),
    };
    let texture = sheet.preview.get_or_insert_with(|| {
        let shown = sheet.sheet.thumbnail(1024, 1024).to_rgba8();
        let image =
            egui::ColorImage::from_rgba_unmultiplied([shown.width() as usize, shown.height() as usize], shown.as_raw());
        ui.ctx()
            .load_texture("sheet-preview", image, egui::TextureOptions::LINEAR)
    });
    let scale = (480.0 / size[0] as f32).min(360.0 / size[1] as f32);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size[0] as f32, size[1] as f32) * scale, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    painter.image(texture.id(), rect, uv, Color32::WHITE);
    for cell in cells.as_deref().unwrap_or_default() {
        let min = rect.min + egui::vec2(cell.x as f32, cell.y as f32) * scale;
        let cell_rect = egui::Rect::from_min_size(min, egui::vec2(cell.width as f32, cell.height as f32) * scale);
        painter.rect_stroke(
            cell_rect,
            0.0,
            Stroke::new(1.5, Color32::from_rgb(255, 200, 60)),
            egui::StrokeKind::Inside,
        );
    }
    ui.add_space(8.0);
    let mut answer = None;
    ui.horizontal(|ui| {
        let count = cells.as_ref().map_or(0, Vec::len);
        if ui
            .add_enabled(count > 0, egui::Button::new(format!("Import {count} tiles")))
            .clicked()
        {
            answer = Some(SheetAnswer::Import);
        }
        if ui.button("Cancel").clicked() {
            answer = Some(SheetAnswer::Cancel);
        }
    });
    answer
}
