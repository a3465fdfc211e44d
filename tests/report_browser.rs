//! The balance report in a real browser: headless Chromium loads the page and a probe script
//! measures it (uncaught errors, console errors, resources fetched, every SVG's drawn shapes and
//! bounding box, the tables' sorting), then writes its verdict into the page, which Chromium
//! dumps. A page without a verdict fails, so a probe that did not run cannot pass. The first
//! tests feed the check broken pages and see it fail, so a pass means something.
//!
//! Needs `chromium` (or `chromium-browser`, `google-chrome`, or the program named by the
//! `CHROMIUM` variable). Without one the tests are skipped with a note, unless `CI` is set, where
//! they fail.

#![allow(clippy::unwrap_used)]

mod common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// Collects errors before any script of the page runs: uncaught errors, resources that failed
/// to load, rejected promises, and console errors and warnings.
const PROBE_HEAD: &str = r#"<script data-probe>
window.__probe = { errors: [], console: [] };
addEventListener("error", (e) => {
  const t = e.target;
  __probe.errors.push(e.message ? String(e.message) : "failed to load " + ((t && (t.src || t.href)) || "a resource"));
}, true);
addEventListener("unhandledrejection", (e) => __probe.errors.push("unhandled rejection: " + String(e.reason)));
for (const level of ["error", "warn"]) {
  const original = console[level];
  console[level] = (...args) => { __probe.console.push(level + ": " + args.join(" ")); original.apply(console, args); };
}
</script>"#;

/// Measures the loaded page and writes the verdict as JSON (`<`, `>`, `&` as `\u` escapes, so
/// the dump's HTML serialization leaves it as it is).
const PROBE_END: &str = r#"<script data-probe>
addEventListener("load", () => {
  const out = {
    errors: __probe.errors,
    console: __probe.console,
    title: document.title,
    charset: document.characterSet,
    scripts: document.querySelectorAll("script:not([data-probe])").length,
    images: [...document.images].filter((i) => !i.src.startsWith("data:image/png;base64,")).length,
    resources: performance.getEntriesByType("resource").map((r) => r.name),
    svgs: [],
    sorting: [],
  };
  for (const svg of document.querySelectorAll("svg")) {
    const box = svg.getBBox();
    const drawn = [...svg.querySelectorAll("rect,path,line,circle,ellipse,polyline,polygon,text")]
      .filter((s) => { const b = s.getBBox(); return b.width > 0 || b.height > 0; });
    out.svgs.push({
      label: svg.getAttribute("aria-label") || "",
      width: box.width,
      height: box.height,
      shown: svg.getBoundingClientRect().width,
      shapes: drawn.filter((s) => s.tagName !== "text").length,
      texts: drawn.filter((s) => s.tagName === "text").length,
      noData: svg.querySelector(".no-data") !== null,
      tile: svg.classList.contains("tile"),
    });
  }
  for (const table of document.querySelectorAll("table.sortable")) {
    const heads = [...table.tHead.rows[0].cells];
    const rows = () => [...table.tBodies[0].rows];
    if (rows().length < 2) continue;
    const column = heads.findIndex((_, i) => rows().every((r) => r.cells[i].dataset.v !== undefined)
      && new Set(rows().map((r) => r.cells[i].dataset.v)).size > 1);
    if (column < 0) continue;
    const values = () => rows().map((r) => r.cells[column].dataset.v === "" ? -Infinity : Number(r.cells[column].dataset.v));
    heads[column].click();
    const down = values();
    heads[column].click();
    const up = values();
    out.sorting.push({
      column: heads[column].textContent,
      descending: down.every((v, i) => i === 0 || down[i - 1] >= v),
      ascending: up.every((v, i) => i === 0 || up[i - 1] <= v),
    });
  }
  const pre = document.createElement("pre");
  pre.id = "probe-verdict";
  pre.textContent = JSON.stringify(out).replace(/[<>&]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  document.body.appendChild(pre);
});
</script>"#;

/// The browser to run, or `None` (with a note) where none is installed; under CI, a missing
/// browser fails.
fn browser() -> Option<PathBuf> {
    let named = std::env::var_os("CHROMIUM").map(PathBuf::from);
    let found = named.or_else(|| {
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path)
            .flat_map(|dir| ["chromium", "chromium-browser", "google-chrome"].map(|name| dir.join(name)))
            .find(|candidate| candidate.is_file())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but no Chromium was found (install `chromium` or set CHROMIUM)"
        );
        // Straight to the stream, past the test harness's capture, so the skip is seen.
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            b"note: Chromium not found (set CHROMIUM or install `chromium`); browser test skipped\n",
        );
    }
    found
}

/// The flags a headless run needs here: no sandbox (containers), no GPU, and nothing that
/// reaches for the network, which a closed network turns into a failure.
fn headless(browser: &Path, profile: &Path) -> Command {
    let mut command = Command::new(browser);
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--hide-scrollbars",
    ]);
    command.arg(format!("--user-data-dir={}", profile.display()));
    command
}

/// Runs `command` to its end or for at most `limit`, its output gathered as it comes.
fn run(mut command: Command, limit: Duration) -> (String, String) {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the browser starts");
    let gather = |mut stream: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = stream.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let out = gather(Box::new(child.stdout.take().unwrap()));
    let err = gather(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the browser took more than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    (out.join().unwrap(), err.join().unwrap())
}

/// What the probe measured, and the console lines Chromium logged.
struct Verdict {
    probe: Value,
    console: Vec<String>,
}

/// Loads `page` (the report's HTML) with the probe in it and returns what was measured.
fn measure(browser: &Path, page: &str) -> Verdict {
    let charset = "<meta charset=\"utf-8\">";
    let at = page.find(charset).expect("the page declares its charset") + charset.len();
    let end = page.rfind("</body>").expect("the page has a body");
    let probed = format!(
        "{}{PROBE_HEAD}{}{PROBE_END}{}",
        &page[..at],
        &page[at..end],
        &page[end..]
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("page.html");
    std::fs::write(&file, probed).unwrap();
    let profile = dir.path().join("profile");
    let mut command = headless(browser, &profile);
    command.args(["--enable-logging=stderr", "--log-level=0", "--dump-dom"]);
    command.arg(format!("file://{}", file.display()));
    let (dom, log) = run(command, Duration::from_secs(90));
    let start = dom.find("<pre id=\"probe-verdict\">");
    let verdict = start.and_then(|s| {
        let text = &dom[s + "<pre id=\"probe-verdict\">".len()..];
        serde_json::from_str(&text[..text.find("</pre>")?]).ok()
    });
    let Some(probe) = verdict else {
        panic!("no verdict in the page: the probe did not run\n--- dom:\n{dom}\n--- log:\n{log}");
    };
    let console = log
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_owned)
        .collect();
    Verdict { probe, console }
}

/// Everything wrong with a measured page; empty for a page that loads cleanly, fetches nothing
/// and draws every figure.
fn problems(v: &Verdict) -> Vec<String> {
    let mut found = Vec::new();
    let list = |key: &str| v.probe[key].as_array().cloned().unwrap_or_default();
    for error in list("errors") {
        found.push(format!("page error: {error}"));
    }
    for line in list("console") {
        found.push(format!("console: {line}"));
    }
    for line in &v.console {
        found.push(format!("browser console: {line}"));
    }
    for resource in list("resources") {
        found.push(format!("fetched: {resource}"));
    }
    if v.probe["charset"] != "UTF-8" {
        found.push(format!("charset {}", v.probe["charset"]));
    }
    if v.probe["title"].as_str().is_none_or(str::is_empty) {
        found.push("no title".into());
    }
    for svg in list("svgs") {
        let number = |key: &str| svg[key].as_f64().unwrap_or(0.0);
        if number("width") <= 0.0 || number("height") <= 0.0 || number("shown") <= 0.0 {
            found.push(format!("figure {} has an empty bounding box: {svg}", svg["label"]));
        }
        // A tile's picture is a drawing; every other figure has words too.
        let words = if svg["tile"] == true { 0.0 } else { 1.0 };
        if number("shapes") < 1.0 || number("texts") < words {
            found.push(format!("figure {} draws nothing: {svg}", svg["label"]));
        }
    }
    for sort in list("sorting") {
        if sort["descending"] != true || sort["ascending"] != true {
            found.push(format!("sorting by {} does not order the rows: {sort}", sort["column"]));
        }
    }
    found
}

/// A page made like the report (charset, title, a figure) around `body`.
fn page(body: &str) -> String {
    format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>t</title></head><body>\
         <svg viewBox=\"0 0 100 50\" aria-label=\"ok\"><rect x=\"1\" y=\"1\" width=\"20\" height=\"30\"/>\
         <text x=\"30\" y=\"20\">ok</text></svg>{body}</body></html>"
    )
}

#[test]
fn the_check_passes_a_clean_page_and_fails_broken_ones() {
    let Some(browser) = browser() else { return };
    let clean = measure(&browser, &page(""));
    assert_eq!(problems(&clean), Vec::<String>::new());
    assert_eq!(clean.probe["svgs"].as_array().map(Vec::len), Some(1));
    let broken = [
        ("a script error", "<script>notDefined();</script>", "notDefined"),
        ("a console error", "<script>console.error('bad');</script>", "bad"),
        (
            "an error after load",
            "<script>addEventListener('load', () => { throw new Error('late'); });</script>",
            "late",
        ),
        (
            "an empty figure",
            "<svg viewBox=\"0 0 10 10\" aria-label=\"empty\"></svg>",
            "empty",
        ),
        (
            "an outside image",
            "<img src=\"https://example.invalid/x.png\" alt=\"\">",
            "example.invalid",
        ),
    ];
    for (what, body, mentioned) in broken {
        let found = problems(&measure(&browser, &page(body)));
        assert!(
            found.iter().any(|p| p.contains(mentioned)),
            "{what} is not caught: {found:?}"
        );
    }
}

#[test]
fn a_table_that_does_not_sort_fails_the_check() {
    let Some(browser) = browser() else { return };
    // Headings that can be clicked but change nothing: the rows stay out of order.
    let body = "<table class=\"sortable\"><thead><tr><th>n</th></tr></thead><tbody>\
                <tr><td data-v=\"2\">2</td></tr><tr><td data-v=\"1\">1</td></tr><tr><td data-v=\"3\">3</td></tr>\
                </tbody></table>";
    let found = problems(&measure(&browser, &page(body)));
    assert!(found.iter().any(|p| p.contains("does not order")), "{found:?}");
}

/// A page the browser loaded cleanly, with every figure drawn and every table sorted.
fn assert_loads_cleanly(browser: &Path, page: &str) -> Verdict {
    let verdict = measure(browser, page);
    assert_eq!(problems(&verdict), Vec::<String>::new());
    let svgs = verdict.probe["svgs"].as_array().unwrap();
    assert_eq!(svgs.len(), page.matches("<svg").count(), "every figure measured");
    assert_eq!(verdict.probe["scripts"], 1, "only the page's own script");
    assert_eq!(
        verdict.probe["images"], 0,
        "no element from a name, no image but embedded ones"
    );
    assert_ne!(verdict.probe["title"], "pwned");
    verdict
}

#[test]
fn balance_reports_load_cleanly_and_draw_every_figure() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    common::hostile_tileset(dir.path());
    let run = common::balance_html(dir.path(), &["--tilesets", "./hostile.toml", "--games", "200"]);
    let verdict = assert_loads_cleanly(&browser, &run);
    let drawn = verdict.probe["svgs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["noData"] == false && s["tile"] == false)
        .count();
    let pictures = verdict.probe["svgs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["tile"] == true && s["shapes"].as_u64().unwrap_or(0) >= 2)
        .count();
    assert_eq!(
        pictures,
        2 * 32,
        "a drawn picture per tile, in the tile table and among your tiles"
    );
    assert!(
        drawn >= 6,
        "your tiles, scores, seats and feature kinds drawn: {}",
        verdict.probe
    );
    let yours = verdict.probe["svgs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["label"].as_str().is_some_and(|l| l.starts_with("Your tiles")))
        .expect("the tiles of the set not bundled are plotted first");
    assert!(
        yours["shapes"].as_u64().unwrap() >= 24,
        "a point and a whisker per tile: {yours}"
    );
    assert!(
        verdict.probe["sorting"].as_array().unwrap().len() >= 2,
        "the feature and tile tables sort (the figure table has one row): {}",
        verdict.probe
    );
    let comparison = common::balance_html(dir.path(), &["--games", "60", "--compare-rules", "farms-2000"]);
    let verdict = assert_loads_cleanly(&browser, &comparison);
    let forests = verdict.probe["svgs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["label"].as_str().is_some_and(|l| l.ends_with("B − A")))
        .count();
    assert!(forests >= 4, "{}", verdict.probe);
}
