//! Frame time of the editor with a 60-tile set open: a 2048-pixel tile image and 30 outlines on
//! the canvas, and every tile's thumbnail in the tile list.
//!
//! `cargo bench -p tilewright-editor --bench frame` (release build). Renders headless through
//! egui_kittest and reports, per frame, the UI pass (layout and painting) and the tessellation
//! into triangles: the CPU work of a frame. With `--gpu` it also renders each frame with wgpu
//! (on a machine without a GPU that is Mesa's software rasteriser, reported separately).

#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use egui::{Pos2, Vec2};
use egui_kittest::Harness;
use tilewright_editor::files::{RecentFiles, ScriptedDialogs};
use tilewright_editor::{EditorApp, Options};

const FRAMES: usize = 200;

fn tile_set() -> String {
    let mut text = String::from(
        "#:schema ../schemas/tileset.schema.json\nid = \"bench\"\nname = \"Benchmark\"\n\n[[tiles]]\nid = \"B1\"\ncount = 1\nimage = \"tile.png\"\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = { kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }\n",
    );
    // 30 outlines of 16 points each, in a 6 x 5 grid of rings.
    for i in 0..30 {
        let (cx, cy) = (0.1 + (i % 6) as f64 * 0.16, 0.12 + (i / 6) as f64 * 0.19);
        let points: Vec<String> = (0..16)
            .map(|k| {
                let a = k as f64 / 16.0 * std::f64::consts::TAU;
                let r = if k % 2 == 0 { 0.07 } else { 0.045 };
                format!("[{:.4}, {:.4}]", cx + r * a.cos(), cy + r * a.sin())
            })
            .collect();
        text.push_str(&format!(
            "features.g{i} = {{ kind = \"garden\", polygons = [[{}]], anchor = [{cx:.3}, {cy:.3}] }}\n",
            points.join(", ")
        ));
    }
    // 59 more tiles on the same image, so the tile list holds 60 thumbnails.
    for i in 2..=60 {
        text.push_str(&format!(
            "\n[[tiles]]\nid = \"B{i}\"\ncount = 1\nimage = \"tile.png\"\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = {{ kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }}\n"
        ));
    }
    text
}

fn main() {
    let gpu = std::env::args().any(|a| a == "--gpu");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let image = image::RgbaImage::from_fn(2048, 2048, |x, y| {
        image::Rgba([(x / 8) as u8, (y / 8) as u8, ((x ^ y) & 0xff) as u8, 255])
    });
    image.save(dir.path().join("tile.png")).expect("the image saves");
    let path = dir.path().join("bench.toml");
    std::fs::write(&path, tile_set()).expect("the tile set saves");

    let builder = Harness::builder().with_size(Vec2::new(1600.0, 1000.0));
    let builder = if gpu { builder.wgpu() } else { builder };
    let mut h: Harness<'_, EditorApp> = builder.build_eframe(move |cc| {
        EditorApp::new(
            &cc.egui_ctx,
            Options {
                path: Some(path),
                dialogs: Box::new(ScriptedDialogs::default()),
                recent: RecentFiles::default(),
            },
        )
    });
    h.run_steps(3);
    let ctx = h.ctx.clone();
    h.state_mut().images.wait(&ctx);
    h.state_mut().view.selection.feature = Some("g7".into());
    h.run_steps(3);

    let mut ui_pass = Duration::ZERO;
    let mut tessellation = Duration::ZERO;
    let mut render = Duration::ZERO;
    let mut triangles = 0;
    for frame in 0..FRAMES {
        // Move the pointer over the canvas so every frame has something to do.
        h.hover_at(Pos2::new(700.0 + (frame % 50) as f32 * 4.0, 400.0));
        let start = Instant::now();
        h.step();
        ui_pass += start.elapsed();
        let output = h.output().clone();
        let start = Instant::now();
        let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        tessellation += start.elapsed();
        triangles = primitives
            .iter()
            .map(|p| match &p.primitive {
                egui::epaint::Primitive::Mesh(m) => m.indices.len() / 3,
                _ => 0,
            })
            .sum();
        if gpu {
            let start = Instant::now();
            h.render().expect("the frame renders");
            render += start.elapsed();
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0 / FRAMES as f64;
    println!("frames: {FRAMES} at 1600x1000, 2048x2048 image, 30 outlines of 16 points, {triangles} triangles");
    println!("ui pass:      {:.3} ms/frame", ms(ui_pass));
    println!("tessellation: {:.3} ms/frame", ms(tessellation));
    println!("CPU total:    {:.3} ms/frame", ms(ui_pass + tessellation));
    if gpu {
        println!(
            "wgpu render + readback (software rasteriser here): {:.3} ms/frame",
            ms(render)
        );
    }
}
