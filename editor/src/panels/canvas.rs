//! The canvas: one tile, zoomed and panned, with its outlines drawn and edited.
//!
//! Select tool: click a feature to select it; drag a vertex or the follower anchor of the
//! selected feature; double-click an outline side to insert a vertex; click an edge segment's
//! bar to give the segment to the selected feature or take it back (with nothing selected, to
//! select the feature that owns it). Draw tool: click points,
//! click the first point (or press Enter) to close. Anchor tool: click to place the anchor.
//! Wheel zooms about the cursor; middle or right drag (or Space + drag) pans. Points snap to
//! vertices, segment boundaries and the border; holding Shift or Alt inverts snapping.

use egui::{Color32, CursorIcon, Key, PointerButton, Pos2, Rect, Sense, Shape, Stroke, Ui, vec2};
use tilewright_engine::edge::{Layout, Segment, SegmentKind, SegmentRef, Side};
use tilewright_engine::model::{Feature, FeatureKind, Tile};

use crate::actions::{Actions, PanelCtx};
use crate::document::Edit;
use crate::geometry::{self, Point, SnapTarget, SnapTargets};
use crate::ids::fresh_feature_id;
use crate::regions::field_regions;
use crate::render::{Overlay, TileView, paint_tile};
use crate::schematic::{inward, schematic};
use crate::segments;
use crate::theme::kind_colour;
use crate::view::{Tool, ViewState};

/// Snaps a screen position to a tile point, skipping one vertex, recording the snap.
type SnapFn<'a> = dyn Fn(Pos2, Option<(&str, usize, usize)>, &mut Option<(Point, SnapTarget)>) -> Point + 'a;

/// Pixels within which a click hits a vertex or snaps.
const HIT: f32 = 9.0;

#[derive(Debug, Clone)]
enum Drag {
    Vertex {
        feature: String,
        polygon: usize,
        vertex: usize,
        group: String,
    },
    Anchor {
        feature: String,
        group: String,
    },
    Pan,
}

/// The canvas and its in-progress interactions.
#[derive(Debug, Default)]
pub struct Canvas {
    /// Points of the outline being drawn.
    pub draft: Vec<Point>,
    drag: Option<Drag>,
    drags: usize,
    /// The tile point under the pointer, for the status bar.
    pub hover: Option<Point>,
    /// The last snap, for the indicator.
    snapped: Option<(Point, SnapTarget)>,
    /// Screen rectangle of the tile last frame (for tests and fit).
    pub tile_rect: Option<Rect>,
    /// Whether the canvas had keyboard focus when it was last drawn: single-key shortcuts
    /// act only then. Taken (reset) by the frame that reads it.
    pub focused: bool,
    /// Keep the focus this frame although egui let go of it (Escape, read as a shortcut).
    pub keep_focus: bool,
}

fn segment_colour(kind: SegmentKind) -> Color32 {
    match kind {
        SegmentKind::City => kind_colour(FeatureKind::City),
        SegmentKind::Road => Color32::from_rgb(235, 235, 235),
        SegmentKind::Field => kind_colour(FeatureKind::Field),
        SegmentKind::Any => Color32::GRAY,
        SegmentKind::Declared(_) => crate::theme::palette::COURSE,
    }
}

impl Canvas {
    /// Drops the outline being drawn.
    pub fn cancel(&mut self) -> bool {
        let had = !self.draft.is_empty();
        self.draft.clear();
        had
    }

    /// The tile's square for the current camera in `area`.
    pub fn tile_view(area: Rect, view: &ViewState) -> TileView {
        let side = (area.width().min(area.height()) * 0.78).max(16.0) * view.camera.zoom;
        let centre = area.center() + view.camera.pan;
        TileView {
            rect: Rect::from_center_size(centre, vec2(side, side)),
            turns: view.camera.turns,
        }
    }

    /// Draws the canvas for the selected tile.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let Some((index, tile)) = ctx.selected_tile() else {
            return;
        };
        let (image, _) = ctx.texture(tile, false);
        let faulty = ctx.findings.faulty_features(index);
        let area = ui.available_rect_before_wrap();
        let response = ui.interact(area, ui.scope_id().with("canvas"), Sense::click_and_drag());
        // A press on the canvas gives it the keyboard, for its single-key shortcuts.
        if response.is_pointer_button_down_on() || response.clicked() || std::mem::take(&mut self.keep_focus) {
            response.request_focus();
        }
        self.focused = response.has_focus();
        let painter = ui.painter_at(area);
        painter.rect_filled(area, 0.0, ui.visuals().extreme_bg_color);
        // Zoom about the pointer.
        if let Some(pointer) = response.hover_pos() {
            let (scroll, zoom_delta) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom_delta * (scroll * 0.0025).exp();
            if (factor - 1.0).abs() > 1e-4 {
                self.zoom_about(ctx.view, area, pointer, factor);
            }
        }
        let tv = Self::tile_view(area, ctx.view);
        self.tile_rect = Some(tv.rect);
        let pointer = response.hover_pos().or_else(|| response.interact_pointer_pos());
        let inverted = ui.input(|i| crate::view::snapping_inverted(i.modifiers));
        let snapping = ctx.view.snapping != inverted;
        self.hover = pointer.map(|p| tv.to_tile(p));

        // Tile and overlays (a dragged vertex is already in the document: edits apply at once).
        paint_tile(
            &painter,
            tv,
            tile,
            image,
            &Overlay {
                regions: true,
                anchors: true,
                selected: ctx.view.selection.feature.as_deref(),
                faulty: &faulty,
            },
        );
        self.paint_edges(&painter, tv, tile);

        // Interaction.
        let space = ui.input(|i| i.key_down(Key::Space));
        let panning = response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
            || (space && response.dragged_by(PointerButton::Primary));
        if panning {
            ctx.view.camera.pan += response.drag_delta();
            self.drag = Some(Drag::Pan);
            ui.ctx().set_cursor_icon(CursorIcon::Grabbing);
        }
        let snap = |p: Pos2, skip: Option<(&str, usize, usize)>, snapped: &mut Option<(Point, SnapTarget)>| {
            let raw = tv.to_tile(p);
            if !snapping {
                *snapped = None;
                return geometry::round([raw[0].clamp(0.0, 1.0), raw[1].clamp(0.0, 1.0)]);
            }
            let targets = SnapTargets::for_tile(tile, skip);
            let (q, target) = targets.snap(raw, (HIT / tv.scale()) as f64);
            *snapped = target.map(|t| (q, t));
            geometry::round(q)
        };

        match ctx.view.tool {
            Tool::Select if !panning => {
                self.select_tool(&response, ctx, (index, tile), tv, &snap);
            }
            Tool::Draw if !panning => self.draw_tool(ui, &response, ctx, (index, tile), tv, &snap),
            Tool::Anchor if !panning => anchor_tool(ui, &response, ctx, index, tv),
            _ => {}
        }
        if response.drag_stopped() {
            match self.drag.take() {
                // The outline reshaped, the edges follow it as when it was closed, in the
                // drag's undo step.
                Some(Drag::Vertex {
                    feature,
                    polygon,
                    group,
                    ..
                }) => {
                    let followed = crate::drawn::follow_outline(tile.clone(), &feature, polygon);
                    if followed != *tile {
                        ctx.actions.edit_grouped(
                            Edit::ReplaceTile {
                                index,
                                tile: Box::new(followed),
                            },
                            group,
                        );
                    }
                    ctx.actions.push(crate::actions::Action::EndGroup);
                }
                Some(Drag::Anchor { .. }) => ctx.actions.push(crate::actions::Action::EndGroup),
                Some(Drag::Pan) | None => {}
            }
        }
        if response.hovered() && ctx.view.tool != Tool::Anchor {
            self.paint_snapped(&painter, tv);
        }
        paint_vertices(&painter, tv, ctx.view, tile);
        self.paint_hint(ui, &painter, area, ctx.view, tile);
    }

    /// Drawing an outline: click to add points, click the first point (or Enter) to close it,
    /// Backspace to take the last one back.
    fn draw_tool(
        &mut self,
        ui: &mut Ui,
        response: &egui::Response,
        ctx: &mut PanelCtx<'_>,
        (index, tile): (usize, &Tile),
        tv: TileView,
        snap: &SnapFn<'_>,
    ) {
        let area = response.rect;
        let painter = ui.painter_at(area);
        let pointer = response.hover_pos().or_else(|| response.interact_pointer_pos());
        if let Some(p) = pointer
            && area.contains(p)
        {
            let q = snap(p, None, &mut self.snapped);
            self.paint_draft(&painter, tv, Some(q));
            // A press of the pointer only: `clicked` is also Enter or Space on the focused
            // canvas, which close the outline and pan here.
            if response.clicked_by(PointerButton::Primary) {
                let closes = self.draft.len() >= 3 && tv.to_screen(self.draft[0]).distance(p) < HIT;
                if closes {
                    self.finish(ctx, (index, tile));
                } else if self.draft.last() != Some(&q) {
                    self.draft.push(q);
                }
            }
            ui.ctx().set_cursor_icon(CursorIcon::Crosshair);
        } else {
            self.paint_draft(&painter, tv, None);
        }
        if ui.input(|i| i.key_pressed(Key::Enter)) && self.draft.len() >= 3 {
            self.finish(ctx, (index, tile));
        }
        if ui.input(|i| i.key_pressed(Key::Backspace)) {
            self.draft.pop();
        }
    }

    /// The snap target under the pointer, ringed in its kind's colour.
    fn paint_snapped(&self, painter: &egui::Painter, tv: TileView) {
        let Some((q, target)) = self.snapped else { return };
        let c = tv.to_screen(q);
        let colour = match target {
            SnapTarget::Vertex => Color32::from_rgb(255, 220, 60),
            SnapTarget::SegmentBoundary => Color32::from_rgb(255, 120, 220),
            SnapTarget::Border => Color32::from_rgb(120, 220, 255),
        };
        painter.circle_stroke(c, 6.0, Stroke::new(2.0, colour));
    }

    fn zoom_about(&mut self, view: &mut ViewState, area: Rect, pointer: Pos2, factor: f32) {
        let old = view.camera.zoom;
        let new = (old * factor).clamp(0.2, 20.0);
        let factor = new / old;
        let centre = area.center() + view.camera.pan;
        let new_centre = pointer - (pointer - centre) * factor;
        view.camera.pan = new_centre - area.center();
        view.camera.zoom = new;
    }

    /// Selecting features and vertices, dragging vertices and the anchor, inserting vertices.
    fn select_tool(
        &mut self,
        response: &egui::Response,
        ctx: &mut PanelCtx<'_>,
        (index, tile): (usize, &Tile),
        tv: TileView,
        snap: &SnapFn<'_>,
    ) {
        let (view, actions) = (&mut *ctx.view, &mut *ctx.actions);
        let selected = view.selection.feature.clone();
        let selected_feature = selected
            .as_deref()
            .and_then(|id| tile.features.get(id).map(|f| (id, f)));
        if response.drag_started_by(PointerButton::Primary)
            && let Some(start) = response.interact_pointer_pos()
            && let Some(selected) = selected_feature
        {
            self.start_drag(view, selected, tv, start);
        }
        if response.dragged_by(PointerButton::Primary)
            && let Some(p) = response.interact_pointer_pos()
        {
            self.drag_to(actions, (index, tile), tv, snap, p);
        }
        if response.double_clicked()
            && let (Some(p), Some(selected)) = (response.interact_pointer_pos(), selected_feature)
            && let Some(at) = insert_vertex(actions, index, selected, tv, p)
        {
            view.selection.vertex = Some(at);
            return;
        }
        if response.clicked_by(PointerButton::Primary)
            && let Some(p) = response.interact_pointer_pos()
        {
            // A vertex of the selected feature, else the topmost feature under the pointer.
            if let Some(hit) = selected_feature.and_then(|(_, feature)| vertex_at(feature, tv, p)) {
                view.selection.vertex = Some(hit);
                return;
            }
            // An edge bar: the segment given to the selected feature or taken from it; with
            // no feature selected, its owner selected.
            if let Some((side, segment)) = edge_bar_at(tv, tile, p) {
                match selected_feature {
                    Some((id, _)) => match segments::toggle(tile, id, side, segment) {
                        segments::Pick::Changed(changed) => actions.edit(Edit::ReplaceTile { index, tile: changed }),
                        segments::Pick::Refused(why) => actions.push(crate::actions::Action::Message(why)),
                    },
                    None => view.selection.feature = segments::owner(tile, side, segment),
                }
                view.selection.vertex = None;
                return;
            }
            let point = tv.to_tile(p);
            view.selection.feature = feature_at(tile, point);
            view.selection.vertex = None;
        }
    }

    /// A drag from `start` on the selected feature: of the vertex there, else of its anchor.
    fn start_drag(&mut self, view: &mut ViewState, (id, feature): (&str, &Feature), tv: TileView, start: Pos2) {
        self.drags += 1;
        if let Some((p, v)) = vertex_at(feature, tv, start) {
            view.selection.vertex = Some((p, v));
            self.drag = Some(Drag::Vertex {
                feature: id.to_owned(),
                polygon: p,
                vertex: v,
                group: format!("drag-{}", self.drags),
            });
        } else if feature
            .anchor
            .is_some_and(|a| tv.to_screen(a).distance(start) < HIT * 1.5)
        {
            self.drag = Some(Drag::Anchor {
                feature: id.to_owned(),
                group: format!("drag-{}", self.drags),
            });
        }
    }

    /// The vertex or anchor being dragged moved to `p` (a vertex snapped), one undo step per drag.
    fn drag_to(
        &mut self,
        actions: &mut Actions,
        (index, tile): (usize, &Tile),
        tv: TileView,
        snap: &SnapFn<'_>,
        p: Pos2,
    ) {
        match &self.drag {
            Some(Drag::Vertex {
                feature,
                polygon,
                vertex,
                group,
            }) => {
                let q = snap(p, Some((feature, *polygon, *vertex)), &mut self.snapped);
                let current = tile
                    .features
                    .get(feature)
                    .and_then(|f| f.polygons.get(*polygon)?.get(*vertex).copied());
                if current != Some(q) {
                    actions.edit_grouped(
                        Edit::MoveVertex {
                            tile: index,
                            feature: feature.clone(),
                            polygon: *polygon,
                            vertex: *vertex,
                            to: q,
                        },
                        group.clone(),
                    );
                }
            }
            Some(Drag::Anchor { feature, group }) => {
                let q = geometry::round(tv.to_tile(p));
                actions.edit_grouped(
                    Edit::SetAnchor {
                        tile: index,
                        feature: feature.clone(),
                        anchor: Some(q),
                    },
                    group.clone(),
                );
            }
            _ => {}
        }
    }

    /// Closes the outline being drawn: another polygon of the selected feature, or a new
    /// feature of the chosen kind.
    fn finish(&mut self, ctx: &mut PanelCtx<'_>, (index, tile): (usize, &Tile)) {
        let (view, actions) = (&mut *ctx.view, &mut *ctx.actions);
        let points = std::mem::take(&mut self.draft);
        if points.len() < 3 {
            return;
        }
        let (id, new) = match view
            .selection
            .feature
            .clone()
            .filter(|id| tile.features.contains_key(id))
        {
            Some(id) => (id, false),
            None => (fresh_feature_id(tile, view.draw_kind), true),
        };
        // The outline, with the `on` lists (and edges, when the outlines describe them all)
        // that it implies: one undo step.
        let drawn = crate::drawn::close_outline(tile, &id, view.draw_kind, points);
        actions.edit(Edit::ReplaceTile {
            index,
            tile: Box::new(drawn),
        });
        if new {
            view.selection.feature = Some(id);
            view.selection.vertex = None;
        }
    }

    fn paint_draft(&self, painter: &egui::Painter, tv: TileView, cursor: Option<Point>) {
        if self.draft.is_empty() {
            if let Some(c) = cursor {
                painter.circle_filled(tv.to_screen(c), 3.0, Color32::WHITE);
            }
            return;
        }
        let mut points: Vec<Pos2> = self.draft.iter().map(|p| tv.to_screen(*p)).collect();
        if let Some(c) = cursor {
            points.push(tv.to_screen(c));
        }
        painter.add(Shape::line(points.clone(), Stroke::new(2.0, Color32::WHITE)));
        painter.add(Shape::dashed_line(
            &[points[points.len() - 1], points[0]],
            Stroke::new(1.0, Color32::from_white_alpha(140)),
            4.0,
            4.0,
        ));
        for (i, p) in points.iter().take(self.draft.len()).enumerate() {
            let r = if i == 0 { 6.0 } else { 3.5 };
            painter.circle(*p, r, Color32::from_rgb(255, 210, 40), Stroke::new(1.0, Color32::BLACK));
        }
    }

    /// The edge segments as coloured bars just outside the tile, with side letters.
    fn paint_edges(&self, painter: &egui::Painter, tv: TileView, tile: &Tile) {
        for (k, edge) in tile.edges.iter().enumerate() {
            let side = Side::from_index(k);
            let Ok(layout) = Layout::parse(&edge.0) else {
                let mid = tv.to_screen(geometry::border_point(side, 50.0));
                painter.circle_filled(mid, 5.0, Color32::RED);
                continue;
            };
            let outward = |pos: f64, d: f32| outward(tv, side, pos, d);
            for (i, segment) in layout.segments.iter().enumerate() {
                let (s, e) = (segment.start as f64 + 0.8, segment.end as f64 - 0.8);
                let points = bar(tv, side, segment).to_vec();
                painter.add(Shape::line(
                    points,
                    Stroke::new(BAR_WIDTH, segment_colour(segment.kind)),
                ));
                if tv.scale() > 240.0 {
                    let label = outward((s + e) / 2.0 + if (s + e) / 2.0 < 50.0 { -4.0 } else { 4.0 }, 18.0);
                    painter.text(
                        label,
                        egui::Align2::CENTER_CENTER,
                        SegmentRef::Number { side, number: i + 1 }.to_string(),
                        egui::FontId::proportional(10.0),
                        Color32::from_gray(150),
                    );
                }
            }
            let letter = outward(50.0, if tv.scale() > 240.0 { 34.0 } else { 20.0 });
            painter.text(
                letter,
                egui::Align2::CENTER_CENTER,
                SegmentRef::Side(side).to_string(),
                egui::FontId::proportional(14.0),
                Color32::from_gray(190),
            );
        }
    }

    fn paint_hint(&self, ui: &Ui, painter: &egui::Painter, area: Rect, view: &ViewState, tile: &Tile) {
        let hint = match view.tool {
            Tool::Select => match &view.selection.feature {
                Some(_) => {
                    "Drag vertices · double-click a side to add a vertex · Delete removes\nClick an edge bar to give its segment to the feature or take it back"
                }
                None => "Click a feature or an edge bar to select it · P draws · right-drag pans",
            },
            Tool::Draw if self.draft.is_empty() => match &view.selection.feature {
                Some(_) => "Click to start an outline for the selected feature (Shift or Alt: no snapping)",
                None => "Click to start an outline; a new feature of the chosen kind is made",
            },
            Tool::Draw => "Click to add points · click the first point or Enter to close · Backspace, Esc",
            Tool::Anchor if view.selection.feature.is_none() => "Select a feature to place its follower anchor",
            Tool::Anchor => "Click where a follower on this feature stands",
        };
        painter.text(
            area.left_bottom() + vec2(10.0, -10.0),
            egui::Align2::LEFT_BOTTOM,
            hint,
            egui::FontId::proportional(12.0),
            ui.visuals().weak_text_color(),
        );
        if tile.features.values().all(|f| f.polygons.is_empty()) && tile.image.is_none() {
            painter.text(
                area.left_top() + vec2(10.0, 10.0),
                egui::Align2::LEFT_TOP,
                "Schematic from the definition (no image, no outlines)",
                egui::FontId::proportional(12.0),
                ui.visuals().weak_text_color(),
            );
        }
    }
}

/// Width in pixels of an edge segment's bar.
const BAR_WIDTH: f32 = 6.0;

/// The screen point `d` pixels outside the border at position `pos` of edge `side`.
fn outward(tv: TileView, side: Side, pos: f64, d: f32) -> Pos2 {
    let on = geometry::border_point(side, pos);
    let n = inward(side);
    let a = tv.to_screen(on);
    let b = tv.to_screen([on[0] + n[0] * 0.1, on[1] + n[1] * 0.1]);
    a + (a - b).normalized() * d
}

/// The ends of the bar drawn for a segment of edge `side`, just outside the tile.
fn bar(tv: TileView, side: Side, segment: &Segment) -> [Pos2; 2] {
    let (s, e) = (segment.start as f64 + 0.8, segment.end as f64 - 0.8);
    [outward(tv, side, s, 7.0), outward(tv, side, e, 7.0)]
}

/// The edge segment whose bar is under a screen position: its side and index.
pub fn edge_bar_at(tv: TileView, tile: &Tile, pos: Pos2) -> Option<(Side, usize)> {
    let reach = BAR_WIDTH / 2.0 + 3.0;
    tile.edges.iter().enumerate().find_map(|(k, edge)| {
        let side = Side::from_index(k);
        let layout = Layout::parse(&edge.0).ok()?;
        layout
            .segments
            .iter()
            .position(|segment| {
                let [a, b] = bar(tv, side, segment);
                let ab = b - a;
                let t = ((pos - a).dot(ab) / ab.length_sq().max(1e-6)).clamp(0.0, 1.0);
                (a + ab * t).distance(pos) <= reach
            })
            .map(|i| (side, i))
    })
}

/// The feature under a tile point: outlines first (topmost kind first), else the schematic.
pub fn feature_at(tile: &Tile, point: Point) -> Option<String> {
    let rank = |k: FeatureKind| match k {
        FeatureKind::Monastery => 0,
        FeatureKind::Road => 1,
        FeatureKind::City => 2,
        FeatureKind::Garden => 3,
        FeatureKind::Field => 4,
    };
    let mut hits: Vec<(u8, &String)> = tile
        .features
        .iter()
        .filter(|(_, f)| f.polygons.iter().any(|p| geometry::point_in_polygon(point, p)))
        .map(|(id, f)| (rank(f.kind), id))
        .collect();
    hits.sort();
    if let Some((_, id)) = hits.first() {
        return Some((*id).clone());
    }
    let drawing = schematic(tile);
    for (id, at) in drawing
        .monasteries
        .iter()
        .chain(&drawing.abbeys)
        .chain(&drawing.gardens)
    {
        if geometry::distance(*at, point) < 0.12 {
            return Some(id.clone());
        }
    }
    for road in &drawing.roads {
        for path in &road.paths {
            let near = path
                .windows(2)
                .any(|w| geometry::closest_on_segment(point, w[0], w[1]).0 < road.width / 2.0 + 0.01);
            if near {
                return Some(road.id.clone());
            }
        }
    }
    for city in &drawing.cities {
        if geometry::point_in_polygon(point, &city.outline) {
            return Some(city.id.clone());
        }
    }
    // A field: the one whose area is under the point, else the one whose anchor is nearest.
    if let Some(id) = field_regions(tile, &drawing).field_at(point) {
        return Some(id.to_owned());
    }
    tile.features
        .iter()
        .filter(|(_, f)| f.kind == FeatureKind::Field)
        .filter_map(|(id, _)| drawing.anchors.get(id).map(|a| (geometry::distance(*a, point), id)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, id)| id.clone())
}

/// Placing the selected feature's anchor where the canvas is clicked.
fn anchor_tool(ui: &Ui, response: &egui::Response, ctx: &mut PanelCtx<'_>, index: usize, tv: TileView) {
    let pointer = response.hover_pos().or_else(|| response.interact_pointer_pos());
    if let (Some(p), Some(feature)) = (pointer, ctx.view.selection.feature.clone()) {
        ui.ctx().set_cursor_icon(CursorIcon::Crosshair);
        if response.clicked_by(PointerButton::Primary) {
            let q = geometry::round(tv.to_tile(p));
            ctx.actions.edit(Edit::SetAnchor {
                tile: index,
                feature,
                anchor: Some(q),
            });
        }
    }
}

/// The selected feature's vertices, the selected one larger and yellow.
fn paint_vertices(painter: &egui::Painter, tv: TileView, view: &ViewState, tile: &Tile) {
    if let Some(feature) = view.selection.feature.as_deref().and_then(|id| tile.features.get(id)) {
        for (p, polygon) in feature.polygons.iter().enumerate() {
            for (v, point) in polygon.iter().enumerate() {
                let c = tv.to_screen(*point);
                let selected = view.selection.vertex == Some((p, v));
                let r = if selected { 5.5 } else { 4.0 };
                painter.rect_filled(
                    Rect::from_center_size(c, vec2(r * 2.0, r * 2.0)),
                    1.0,
                    if selected {
                        Color32::from_rgb(255, 210, 40)
                    } else {
                        Color32::WHITE
                    },
                );
                painter.rect_stroke(
                    Rect::from_center_size(c, vec2(r * 2.0, r * 2.0)),
                    1.0,
                    Stroke::new(1.0, Color32::BLACK),
                    egui::StrokeKind::Outside,
                );
            }
        }
    }
}

/// The vertex of `feature`'s outlines under screen point `p`, as (outline, vertex).
fn vertex_at(feature: &Feature, tv: TileView, p: Pos2) -> Option<(usize, usize)> {
    feature.polygons.iter().enumerate().find_map(|(pi, polygon)| {
        polygon
            .iter()
            .position(|pt| tv.to_screen(*pt).distance(p) < HIT)
            .map(|v| (pi, v))
    })
}

/// A vertex inserted on the side of the selected feature's outlines nearest screen point `p`,
/// if one is near enough; returns where it went (outline, vertex).
fn insert_vertex(
    actions: &mut Actions,
    index: usize,
    (id, feature): (&str, &Feature),
    tv: TileView,
    p: Pos2,
) -> Option<(usize, usize)> {
    let point = tv.to_tile(p);
    let mut best: Option<(f64, usize, usize, Point)> = None;
    for (pi, polygon) in feature.polygons.iter().enumerate() {
        let n = polygon.len();
        for i in 0..n {
            let (d, q) = geometry::closest_on_segment(point, polygon[i], polygon[(i + 1) % n]);
            if best.is_none_or(|b| d < b.0) {
                best = Some((d, pi, i + 1, q));
            }
        }
    }
    let (d, pi, at, q) = best?;
    if d * (tv.scale() as f64) >= HIT as f64 {
        return None;
    }
    actions.edit(Edit::InsertVertex {
        tile: index,
        feature: id.to_owned(),
        polygon: pi,
        at,
        point: geometry::round(q),
    });
    Some((pi, at))
}
