//! How `import jcz`'s reading grows with a file's size: JCZ tile XML of N tiles that belong to
//! no set, and of N sets of one tile each, read and imported, timed. Run with
//! `cargo run --release -p tilewright-jcz --example import_scale`; the figures are in
//! docs/performance.md.

use std::time::Instant;

use tilewright_jcz::{import, xml};

fn tile(id: &str) -> String {
    format!("<tile id=\"{id}\"><monastery/><field>NL NR EL ER SL SR WL WR</field></tile>\n")
}

fn time(what: &str, n: usize, text: &str) {
    let start = Instant::now();
    let (defs, _) = xml::read(text, "scale").expect("reads");
    let out = import::import(&defs, "scale.xml", "jcz-");
    println!(
        "{what:>28} {n:>6}: {:>8.1} ms ({} KiB, {} notes)",
        start.elapsed().as_secs_f64() * 1000.0,
        text.len() / 1024,
        out.notes.len()
    );
}

fn main() {
    for n in [2_500, 5_000, 10_000] {
        let tiles: String = (0..n).map(|i| tile(&format!("Z/{i}"))).collect();
        let text = format!(
            "<defs><tiles>\n{tiles}</tiles><sets><tile-set id=\"z\"><ref tile=\"Z/0\"/></tile-set></sets></defs>\n"
        );
        time("tiles in no set", n, &text);
        // All on one line: columns are counted once, not from the line's start each time.
        time("tiles in no set, one line", n, &text.replace('\n', " "));
    }
    for n in [250, 500, 1_000] {
        let tiles: String = (0..n).map(|i| tile(&format!("S/{i}"))).collect();
        let sets: String = (0..n)
            .map(|i| format!("<tile-set id=\"s{i}\"><ref tile=\"S/{i}\"/></tile-set>\n"))
            .collect();
        let text = format!("<defs><tiles>\n{tiles}</tiles><sets>\n{sets}</sets></defs>\n");
        time("sets of one tile", n, &text);
    }
}
