//! The README and the pages in `docs/` hold together: every relative link leads to a file (and
//! heading) that exists, the install commands are the ones `init` writes, the CI and pre-commit
//! files shown are those `init` writes, and the README's five-minute path runs as written.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use tilewright_engine::template;

mod common;
use common::{runs_clean, tilewright};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The Markdown pages whose links are checked: the README, every page in `docs/`, the
/// editor's README and the architecture notes.
fn pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = ["README.md", "ARCHITECTURE.md", "editor/README.md"]
        .iter()
        .map(|p| root().join(p))
        .collect();
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The lines of `markdown` outside fenced code blocks, with their line numbers (from 1).
fn prose(markdown: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (i, line) in markdown.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((i + 1, line));
        }
    }
    lines
}

/// `line` without its inline code spans.
fn without_code(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// The targets of the inline links and images on `line`: `[text](target)`, `![alt](target)`.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code(line);
    line.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &line[at + 2..];
            rest.find(')').map(|end| rest[..end].trim().to_owned())
        })
        .collect()
}

/// The anchor GitHub gives a heading: lowercase, spaces as `-`, punctuation but `-` and `_`
/// left out.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of the headings of `markdown`.
fn anchors(markdown: &str) -> Vec<String> {
    prose(markdown)
        .into_iter()
        .filter_map(|(_, line)| {
            let heading = line.trim_start_matches('#');
            (heading.len() < line.len() && heading.starts_with(' ')).then(|| slug(heading))
        })
        .collect()
}

/// Every relative link of the page at `page` (whose text is `markdown`) that leads nowhere:
/// `file:line: target` and why.
fn broken_links(page: &Path, markdown: &str) -> Vec<String> {
    let folder = page.parent().unwrap();
    let mut broken = Vec::new();
    for (number, line) in prose(markdown) {
        for target in link_targets(line) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let at = format!("{}:{number}: {target}", page.display());
            if file.is_empty() {
                if !anchors(markdown).iter().any(|a| a == anchor) {
                    broken.push(format!("{at}: no heading #{anchor} on this page"));
                }
                continue;
            }
            let linked = folder.join(file);
            if !linked.exists() {
                broken.push(format!("{at}: no file {}", linked.display()));
            } else if !anchor.is_empty()
                && linked.extension().is_some_and(|e| e == "md")
                && !anchors(&read(&linked)).iter().any(|a| a == anchor)
            {
                broken.push(format!("{at}: no heading #{anchor} in {}", linked.display()));
            }
        }
    }
    broken
}

#[test]
fn every_relative_link_leads_to_a_file_and_heading() {
    let mut broken = Vec::new();
    for page in pages() {
        broken.extend(broken_links(&page, &read(&page)));
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_link_check_finds_a_missing_file_or_heading() {
    let page = root().join("docs/page.md");
    let markdown = "# Top\n\n[ok](../README.md), [gone](nowhere.md), [here](#top), [not here](#bottom)\n\
        ![picture](missing.png) `[code](not-a-link.md)`\n\n```\n[fenced](not-a-link.md)\n```\n\
        [web](https://example.com/x.md) [rules](rules.md#no-such-heading)\n";
    let broken = broken_links(&page, markdown);
    let targets: Vec<&str> = broken.iter().map(|b| b.split(": ").nth(1).unwrap()).collect();
    assert_eq!(
        targets,
        ["nowhere.md", "#bottom", "missing.png", "rules.md#no-such-heading"],
        "{broken:#?}"
    );
    assert_eq!(
        slug("`export jcz` and `import jcz`: playing"),
        "export-jcz-and-import-jcz-playing"
    );
}

/// The commands of the fenced blocks of `language` in `markdown`, between the heading that
/// starts with `from` and the next heading of its level.
fn blocks<'a>(markdown: &'a str, from: &str, language: &str) -> Vec<&'a str> {
    let start = markdown.find(from).unwrap_or_else(|| panic!("no `{from}`"));
    let level = from.split(' ').next().unwrap();
    let section = &markdown[start + from.len()..];
    let section = section
        .find(&format!("\n{level} "))
        .map_or(section, |end| &section[..end]);
    section
        .split(&format!("```{language}\n"))
        .skip(1)
        .map(|block| block.split("```").next().unwrap())
        .collect()
}

#[test]
fn the_readme_installs_what_init_installs() {
    let readme = read(&root().join("README.md"));
    let shown = blocks(&readme, "## Install", "sh").concat();
    for command in template::install_commands(env!("CARGO_PKG_VERSION")) {
        assert!(shown.lines().any(|l| l == command), "`{command}` in\n{shown}");
    }
}

#[test]
fn the_ci_page_shows_the_files_init_writes() {
    let page = read(&root().join("docs/content-repositories.md"));
    let version = env!("CARGO_PKG_VERSION");
    let files = template::content_repository(version, version);
    let file = |name: &str| files.iter().find(|(path, _)| path == name).unwrap().1.as_str();
    let workflow = blocks(&page, "## Validating your own tile sets in GitHub Actions", "yaml");
    assert_eq!(workflow, [file(".github/workflows/tiles.yml")]);
    let balance = blocks(&page, "## Balance on many machines: GitHub Actions", "yaml");
    assert_eq!(balance, [file(".github/workflows/balance.yml")]);
    let hooks = blocks(&page, "## Before each commit", "yaml");
    assert_eq!(hooks, [file(".pre-commit-config.yaml")]);
}

/// The five-minute path, as the README writes it: a new repository, the tile file saved, then
/// each command (the editor aside) passes; the misspelling it mentions is found as it says.
#[test]
fn the_readme_five_minute_path_runs() {
    let readme = read(&root().join("README.md"));
    let section = "## Five minutes";
    let tile = blocks(&readme, section, "toml");
    assert_eq!(tile.len(), 1, "one tile file in the five-minute path");
    let tile_path = readme
        .split("Save this as `")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .expect("where the tile is saved");

    let tmp = tempfile::tempdir().unwrap();
    let mut here = tmp.path().to_path_buf();
    let mut ran = 0;
    for line in blocks(&readme, section, "sh").concat().lines() {
        if let Some(folder) = line.strip_prefix("cd ") {
            here = here.join(folder);
            std::fs::write(here.join(tile_path), tile[0]).unwrap();
            continue;
        }
        if !line.starts_with("tilewright ") {
            assert!(
                line.starts_with("tilewright-editor "),
                "a command the test does not know: {line}"
            );
            continue;
        };
        runs_clean(&here, line, "the README's five-minute path");
        ran += 1;
    }
    assert!(ran >= 7, "{ran} commands ran");
    for made in ["report.html", "crossroads.jca", "pictures/XR_city-crossing.svg"] {
        assert!(here.join(made).is_file(), "{made}");
    }

    let misspelt = tile[0].replace("pennants = 1", "pennant = 1");
    assert_ne!(misspelt, tile[0]);
    std::fs::write(here.join(tile_path), misspelt).unwrap();
    let out = tilewright(&here, &["validate", "."]);
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stdout) + &text(&out.stderr);
    assert!(
        said.contains("unknown key `pennant`") && said.contains("did you mean `pennants`?"),
        "{said}"
    );
}

/// The scenario the rules page shows to document the format plays as it says.
#[test]
fn the_scenario_format_example_plays() {
    let page = read(&root().join("docs/rules.md"));
    let example = blocks(&page, "### The scenario format", "toml")[0];
    assert!(example.contains("[expect]"), "{example}");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("example.toml"), example).unwrap();
    let out = tilewright(dir.path(), &["scenario", "example.toml"]);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
