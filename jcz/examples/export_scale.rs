//! What `export jcz` costs with large images: a 4096×4096 JPEG shown by N tiles (10 and 40 by
//! default, or the counts given), exported, timed; run under `/usr/bin/time -v` for the peak
//! memory. `cargo run --release -p tilewright-jcz --example export_scale [N...]`; the figures
//! are in docs/performance.md.

use std::time::Instant;

use tilewright_engine::bundled;
use tilewright_engine::validate::validate_paths;
use tilewright_jcz::addon;

fn main() {
    let counts: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let counts = if counts.is_empty() { vec![10, 40] } else { counts };
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Noise, so that the JPEG and its pictures do not compress away.
    let mut seed = 1u32;
    let big = image::RgbImage::from_fn(4096, 4096, |_, _| {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let [a, b, c, _] = seed.to_le_bytes();
        image::Rgb([a, b, c])
    });
    big.save(dir.path().join("big.jpg")).expect("a JPEG");
    drop(big);
    for n in counts {
        let mut text = format!("id = \"pics{n}\"\nname = \"Pics\"\n");
        for i in 0..n {
            text.push_str(&format!(
                "\n[[tiles]]\nid = \"T{i}\"\ncount = 1\nedges = [\"field\", \"field\", \"field\", \"field\"]\nimage = \"big.jpg\"\nfeatures.m = {{ kind = \"monastery\" }}\nfeatures.f = {{ kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }}\n"
            ));
        }
        let path = dir.path().join(format!("pics{n}.toml"));
        std::fs::write(&path, text).expect("the tile set");
        let report = validate_paths(&[path], bundled::catalog());
        let set = &report.catalog.tilesets[0];
        let start = Instant::now();
        let built = addon::build(&[set], "pics", 1).expect("exports");
        println!(
            "{n:>4} tiles sharing a 4096×4096 JPEG: {:.2} s, an add-on of {} KiB",
            start.elapsed().as_secs_f64(),
            built.bytes.len() / 1024
        );
    }
}
