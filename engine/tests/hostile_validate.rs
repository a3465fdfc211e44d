//! Validation treats every file and path as hostile: it always finishes, with a clear answer,
//! and never passes silently. Inputs are crafted here, in temporary folders; what the command
//! line makes of some of them (formats, exit codes) is checked in the root's `tests/cli.rs`.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use tilewright_engine::Diagnostic;
use tilewright_engine::bundled;
use tilewright_engine::model::MAX_EXTENDS_CHAIN;
use tilewright_engine::validate::{
    MAX_DIAGNOSTICS_PER_FILE, MAX_VALUES_PER_RUN, read_source, source_from_bytes, validate_paths, validate_sources,
};

const TILE: &str = "edges = [\"city\", \"city\", \"city\", \"city\"]\nfeatures.c = { kind = \"city\", on = [\"N\", \"E\", \"S\", \"W\"] }\n";

/// A tile set of one tile, with `extra` lines after the tile's id.
fn tileset(id: &str, extra: &str) -> String {
    format!("id = \"{id}\"\nname = \"Set {id}\"\n\n[[tiles]]\nid = \"{id}-A\"\n{extra}{TILE}")
}

fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, text).unwrap();
    path
}

fn shown(diagnostics: &[Diagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| {
            format!(
                "{}:{}:{}: {}: {}",
                d.file.display(),
                d.line,
                d.column,
                d.severity,
                d.message
            )
        })
        .collect()
}

fn mkfifo(path: &Path) -> bool {
    Command::new("mkfifo").arg(path).status().is_ok_and(|s| s.success())
}

// 1. A file with a hundred thousand mistakes gets the first ones and a summary, in every format.
#[test]
fn diagnostics_are_capped_per_file_with_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let items = vec!["1"; 100_000].join(",");
    let path = write(
        dir.path(),
        "items.toml",
        tileset("items", "count = 1\n").replace("name = ", &format!("editions = [{items}]\nname = ")),
    );
    let report = validate_paths(std::slice::from_ref(&path), bundled::catalog());
    let found = &report.diagnostics;
    assert_eq!(found.len(), MAX_DIAGNOSTICS_PER_FILE + 1, "{:?}", &shown(found)[..3]);
    assert_eq!(report.unlisted, 100_000 - MAX_DIAGNOSTICS_PER_FILE);
    assert!(
        found[..MAX_DIAGNOSTICS_PER_FILE]
            .iter()
            .all(|d| d.line == 2 && d.message.contains("expected a string"))
    );
    // Columns are right on a line of 200 KB: item `i` is at column 13 + 2i.
    assert_eq!(found[1].column, 15);
    let summary = found.last().unwrap();
    assert!(summary.is_error());
    assert!(
        summary.message.contains("and 99800 more problems")
            && summary
                .message
                .contains("expected a string, found an integer (99800 of this kind)"),
        "{}",
        summary.message
    );
}

// 2. `extends` chains are resolved once each, and a chain has a length limit.
#[test]
fn long_extends_chains_are_refused_where_they_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let chain = dir.path().join("chain");
    for i in 0..3_000 {
        let parent = if i == 0 {
            "new-edition".to_owned()
        } else {
            format!("r{}", i - 1)
        };
        write(
            &chain,
            &format!("r{i:04}.toml"),
            format!("id = \"r{i}\"\nname = \"R{i}\"\nextends = \"{parent}\"\n"),
        );
    }
    let started = std::time::Instant::now();
    let report = validate_paths(std::slice::from_ref(&chain), bundled::catalog());
    let elapsed = started.elapsed();
    assert_eq!(report.files, 3_000);
    // `r0` extends `new-edition`: chain of 2. `r{i}`: chain of i + 2.
    let too_long: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.message.contains("rule sets long"))
        .collect();
    assert_eq!(
        too_long.len(),
        3_000 - (MAX_EXTENDS_CHAIN - 1),
        "{:?}",
        &shown(&report.diagnostics)[..2]
    );
    assert_eq!(report.diagnostics.len(), too_long.len());
    let first = too_long[0];
    assert!(first.file.ends_with(format!("r{:04}.toml", MAX_EXTENDS_CHAIN - 1)));
    assert_eq!((first.line, first.column), (3, 11));
    assert!(first.help.contains(&MAX_EXTENDS_CHAIN.to_string()));
    // Linear: a debug build takes well under this even on a busy machine (the cubic
    // resolution took minutes).
    assert!(elapsed.as_secs() < 60, "{elapsed:?}");
}

#[test]
fn a_large_figures_table_is_not_copied_into_every_rule_set_extending_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut root = "id = \"root\"\nname = \"Root\"\nextends = \"new-edition\"\n[figures]\n".to_owned();
    for i in 0..40_000 {
        root.push_str(&format!("f{i} = 1\n"));
    }
    write(dir.path(), "root.toml", root);
    for i in 0..2_000 {
        write(
            dir.path(),
            &format!("c{i:04}.toml"),
            format!("id = \"c{i}\"\nname = \"C\"\nextends = \"root\"\n"),
        );
    }
    let started = std::time::Instant::now();
    let report = validate_paths(&[dir.path().to_owned()], bundled::catalog());
    let elapsed = started.elapsed();
    assert_eq!((report.files, report.errors()), (2_001, 0));
    // The unknown figure ids are the root's own: its children say nothing of them.
    assert!(report.diagnostics.iter().all(|d| d.file.ends_with("root.toml")));
    // Copying the table into each child took minutes and gigabytes.
    assert!(elapsed.as_secs() < 60, "{elapsed:?}");
}

#[test]
fn ignore_files_that_never_end_are_reported_not_read() {
    // A FIFO would block the walk forever, a link to a device would fill memory, and a huge
    // file takes a cap's worth at most: each is said and its rules skipped, and the walk goes on.
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "set.toml", tileset("set", "count = 1\n"));
    write(&dir.path().join("huge"), "set.toml", tileset("huge", "count = 1\n"));
    write(&dir.path().join("huge"), ".gitignore", vec![b'#'; 2 << 20]);
    let mut expected = vec!["huge/.gitignore"];
    #[cfg(unix)]
    {
        let fifo = dir.path().join("fifo");
        std::fs::create_dir(&fifo).unwrap();
        write(&fifo, "set.toml", tileset("fifo", "count = 1\n"));
        if mkfifo(&fifo.join(".gitignore")) {
            expected.push("fifo/.gitignore");
        }
        let device = dir.path().join("device");
        write(&device, "set.toml", tileset("device", "count = 1\n"));
        std::os::unix::fs::symlink("/dev/zero", device.join(".gitignore")).unwrap();
        expected.push("device/.gitignore");
    }
    let report = validate_paths(&[dir.path().to_owned()], bundled::catalog());
    assert_eq!(
        (report.files, report.errors()),
        (expected.len() + 1, 0),
        "{:?}",
        shown(&report.diagnostics)
    );
    let mut warned: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| {
            assert!(d.message.contains("so none of its rules apply"), "{}", d.message);
            d.file.strip_prefix(dir.path()).unwrap().display().to_string()
        })
        .collect();
    warned.sort();
    expected.sort();
    assert_eq!(warned, expected);
}

#[test]
fn unknown_and_circular_parents_say_what_exists() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(
        dir.path(),
        "a.toml",
        "id = \"house\"\nname = \"H\"\nextends = \"new-editon\"\n",
    );
    let found = validate_paths(&[a], bundled::catalog()).diagnostics;
    assert_eq!(found.len(), 1, "{:?}", shown(&found));
    assert!(found[0].message.contains("no rule set `new-editon`"));
    assert!(
        found[0].help.contains("did you mean `new-edition`?"),
        "{}",
        found[0].help
    );
    assert!(
        found[0].help.contains("first-edition, new-edition, 2021, farms-2000"),
        "{}",
        found[0].help
    );
    assert!(
        !found[0].help.contains("house"),
        "a rule set cannot extend itself: {}",
        found[0].help
    );
    // A loop of 500 rule sets is found, and each message stays short.
    let ring = dir.path().join("ring");
    for i in 0..500 {
        write(
            &ring,
            &format!("r{i}.toml"),
            format!("id = \"r{i}\"\nname = \"R\"\nextends = \"r{}\"\n", (i + 1) % 500),
        );
    }
    let found = validate_paths(&[ring], bundled::catalog()).diagnostics;
    assert_eq!(found.len(), 500);
    assert!(
        found
            .iter()
            .all(|d| d.message.contains("goes round in a circle") && d.message.len() < 200)
    );
}

/// A PNG whose header claims `side`×`side` pixels, with damaged data.
fn png_header(side: u32) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend(side.to_be_bytes());
    ihdr.extend(side.to_be_bytes());
    ihdr.extend([8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    for chunk in [ihdr, b"IDAT\x78\x9c\xff\xff\xff\xff".to_vec(), b"IEND".to_vec()] {
        png.extend((chunk.len() as u32 - 4).to_be_bytes());
        png.extend(&chunk);
        png.extend(crc32(&chunk).to_be_bytes());
    }
    png
}

// 3. An image shared by many tiles is read once; a run decodes a bounded number of pixels.
#[test]
fn images_are_decoded_once_within_a_pixel_budget() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..6 {
        write(dir.path(), &format!("images/big{i}.png"), png_header(8192));
    }
    // 150 tiles share big0.png; then one tile each for big1..big5.
    let mut text = String::from("id = \"imgs\"\nname = \"Images\"\n");
    for i in 0..155 {
        let image = if i < 150 { 0 } else { i - 149 };
        text.push_str(&format!(
            "\n[[tiles]]\nid = \"T{i}\"\ncount = 1\nimage = \"images/big{image}.png\"\n{TILE}"
        ));
    }
    let path = write(dir.path(), "set.toml", text);
    let found = validate_paths(&[path], bundled::catalog()).diagnostics;
    let corrupt = found.iter().filter(|d| d.message.contains("is corrupt")).count();
    let skipped: Vec<&Diagnostic> = found.iter().filter(|d| d.message.contains("was not decoded")).collect();
    // Four images of 8192² fill the budget: big0 (once, for its 150 tiles), big1..big3.
    assert_eq!(corrupt, 153, "{:?}", shown(&found));
    assert_eq!(skipped.len(), 2, "{:?}", shown(&found));
    assert!(skipped.iter().all(|d| !d.is_error() && d.message.contains("budget")));
}

#[cfg(unix)]
#[test]
fn image_paths_that_are_not_image_files_say_what_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set");
    std::fs::create_dir_all(set.join("folder.png")).unwrap();
    write(dir.path(), "outside.png", png_header(4));
    std::os::unix::fs::symlink(dir.path().join("outside.png"), set.join("link.png")).unwrap();
    let fifo = mkfifo(&set.join("pipe.png"));
    let tiles: String = ["folder.png", "link.png", "/dev/zero", "../outside.png", "pipe.png"]
        .iter()
        .enumerate()
        .map(|(i, image)| format!("\n[[tiles]]\nid = \"T{i}\"\ncount = 1\nimage = \"{image}\"\n{TILE}"))
        .collect();
    let path = write(&set, "set.toml", format!("id = \"s\"\nname = \"S\"\n{tiles}"));
    let found = validate_paths(&[path], bundled::catalog()).diagnostics;
    let messages: Vec<&str> = found.iter().map(|d| d.message.as_str()).collect();
    assert!(
        messages.contains(&"image `folder.png` is a folder, not a regular file"),
        "{messages:?}"
    );
    assert!(
        messages.contains(&"image `link.png` links outside the tile set's folder"),
        "{messages:?}"
    );
    assert!(
        messages.contains(&"image `/dev/zero` is an absolute path"),
        "{messages:?}"
    );
    assert!(
        messages.contains(&"image `../outside.png` leaves the tile set's folder"),
        "{messages:?}"
    );
    if fifo {
        assert!(
            messages.contains(&"image `pipe.png` is a FIFO, not a regular file"),
            "{messages:?}"
        );
    }
}

// 4. A byte-order mark is not part of the text: detection works, spans stay outside it.
#[test]
fn a_byte_order_mark_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bom = "\u{feff}";
    // The line leads to a file, so that the missing id is all there is to say.
    write(dir.path(), "schemas/tileset.schema.json", "{}");
    write(
        dir.path(),
        "set.toml",
        format!("{bom}#:schema ./schemas/tileset.schema.json\nname = \"No id\"\n"),
    );
    let report = validate_paths(&[dir.path().to_path_buf()], bundled::catalog());
    assert_eq!(report.files, 1, "{:?}", shown(&report.diagnostics));
    assert_eq!(report.diagnostics.len(), 1, "{:?}", shown(&report.diagnostics));
    let d = &report.diagnostics[0];
    assert_eq!((d.line, d.column), (1, 1));
    assert!(d.message.contains("missing key `id`"), "{}", d.message);
    // Invalid bytes after a mark are still placed by their offset in the file.
    let mut bytes = b"\xef\xbb\xbfid = \"x\"\nname = \"caf".to_vec();
    bytes.extend(b"\xe9\"\n");
    let d = source_from_bytes(Path::new("b.toml"), bytes).unwrap_err();
    assert_eq!((d.line, d.column), (2, 12));
    assert!(d.message.contains("at byte 23"), "{}", d.message);
}

#[test]
fn utf16_text_is_named_as_such() {
    let text = "id = \"x\"\n";
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let cases = [
        ([&[0xFF, 0xFE][..], &le].concat(), "little-endian"),
        ([&[0xFE, 0xFF][..], &be].concat(), "big-endian"),
        (le, "little-endian"),
        (be, "big-endian"),
    ];
    for (bytes, order) in cases {
        let d = source_from_bytes(Path::new("wide.toml"), bytes).unwrap_err();
        assert_eq!(d.message, format!("the file is UTF-16 ({order}) text, not UTF-8"));
        assert!(d.help.contains("save the file as UTF-8"), "{}", d.help);
    }
    // A NUL byte further in is still a NUL byte.
    let d = source_from_bytes(Path::new("nul.toml"), b"id = \"x\0\"\n".to_vec()).unwrap_err();
    assert!(d.message.contains("has a NUL byte at byte 7"), "{}", d.message);
}

// 5. A folder scan reports what it cannot check, and finding nothing is an error.
#[test]
fn near_misses_in_a_folder_are_reported_not_skipped() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "tiles.toml",
        tileset("t", "count = 1\n").replace("[[tiles]]", "[[tile]]"),
    );
    write(
        dir.path(),
        "rules.toml",
        "id = \"r\"\nname = \"R\"\nextend = \"new-edition\"\n\n[scorring]\nroad-per-tile = 2\n",
    );
    write(dir.path(), "Cargo.toml", "[package]\nname = \"x\"\n");
    write(dir.path(), "other.toml", "[tool.black]\nline-length = 80\n");
    write(dir.path(), "scenario.toml", "layout = []\nturns = []\n");
    let report = validate_paths(&[dir.path().to_path_buf()], bundled::catalog());
    let found = shown(&report.diagnostics);
    assert_eq!(report.warnings(), 2, "{found:#?}");
    assert!(
        found
            .iter()
            .any(|m| m.contains("tiles.toml:4:3: warning") && m.contains("did you mean `tiles` for `tile`?")),
        "{found:#?}"
    );
    assert!(
        found.iter().any(|m| m.contains("rules.toml:3:1: warning")
            && m.contains("did you mean `extends` for `extend`, `scoring` for `scorring`?")),
        "{found:#?}"
    );
    assert_eq!(report.errors(), 1, "no data file was checked: {found:#?}");
    assert!(
        found
            .iter()
            .any(|m| m.contains("no tile sets, expansions or rule sets found"))
    );

    // No paths at all (`simulate` with bundled data) asks nothing.
    assert!(validate_paths(&[], bundled::catalog()).diagnostics.is_empty());
}

#[test]
fn scorring_alone_is_a_near_miss_too() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "rules.toml",
        "id = \"r\"\nname = \"R\"\n\n[scorring]\nroad-per-tile = 2\n",
    );
    write(dir.path(), "set.toml", tileset("s", "count = 1\n"));
    let report = validate_paths(&[dir.path().to_path_buf()], bundled::catalog());
    let found = shown(&report.diagnostics);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].contains("rules.toml:4:2: warning") && found[0].contains("`scoring` for `scorring`"),
        "{found:#?}"
    );
}

#[cfg(unix)]
#[test]
fn links_fifos_and_repeats_in_a_walk_are_handled_once_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let set = write(&data, "set.toml", tileset("s", "count = 1\n"));
    std::os::unix::fs::symlink(&data, data.join("loop")).unwrap();
    std::os::unix::fs::symlink(&set, data.join("again.toml")).unwrap();
    let fifo = mkfifo(&data.join("pipe.toml"));
    // The same file named twice, and inside a folder named too: checked once, no duplicate ids.
    let report = validate_paths(&[set.clone(), data.clone(), set.clone()], bundled::catalog());
    let found = shown(&report.diagnostics);
    assert_eq!(report.files, 1, "{found:#?}");
    assert_eq!(report.errors(), 0, "{found:#?}");
    assert!(
        found
            .iter()
            .any(|m| m.contains("loop:1:1: warning") && m.contains("link to a folder")),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .any(|m| m.contains("again.toml:1:1: warning") && m.contains("link to a file")),
        "{found:#?}"
    );
    if fifo {
        assert!(
            found
                .iter()
                .any(|m| m.contains("pipe.toml:1:1: warning") && m.contains("a FIFO")),
            "{found:#?}"
        );
    }
    assert_eq!(report.warnings(), if fifo { 3 } else { 2 }, "{found:#?}");
}

#[cfg(unix)]
#[test]
fn unreadable_folders_are_reported() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "set.toml", tileset("s", "count = 1\n"));
    let locked = dir.path().join("locked");
    write(&locked, "x.toml", tileset("x", "count = 1\n"));
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let readable_anyway = std::fs::read_dir(&locked).is_ok(); // as root
    let report = validate_paths(&[dir.path().to_path_buf()], bundled::catalog());
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    if !readable_anyway {
        let found = shown(&report.diagnostics);
        assert!(
            found
                .iter()
                .any(|m| m.contains("locked:1:1: warning") && m.contains("cannot read this folder")),
            "{found:#?}"
        );
    }
}

// 6. Reading never blocks or runs away.
#[cfg(unix)]
#[test]
fn named_fifos_devices_and_folders_are_refused_by_what_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.toml");
    if mkfifo(&fifo) {
        let d = read_source(&fifo).unwrap_err();
        assert_eq!(d.message, "this is a FIFO, not a regular file");
        let found = validate_paths(&[fifo], bundled::catalog()).diagnostics;
        assert_eq!(found.len(), 1, "{:?}", shown(&found));
    }
    assert_eq!(
        read_source(Path::new("/dev/zero")).unwrap_err().message,
        "this is a device, not a regular file"
    );
    assert_eq!(
        read_source(dir.path()).unwrap_err().message,
        "this is a folder, not a regular file"
    );
    assert_eq!(
        read_source(&dir.path().join("none.toml")).unwrap_err().message,
        "the file does not exist"
    );
}

// 7. Messages say what is wrong, where, without echoing huge content.
#[test]
fn counts_say_their_range_at_the_value() {
    for (count, message, column) in [
        ("0", "`0` must be at least 1", 9),
        ("-3", "`-3` must be at least 1", 9),
        (
            "1.0",
            "`1.0` must be a whole number, written without a decimal point",
            9,
        ),
        ("5000000000", "`5000000000` is too large: at most 4294967295", 9),
        ("{ first-edition = -1 }", "`-1` must be at least 0", 27),
    ] {
        let source = tilewright_engine::Source::new("c.toml", tileset("c", &format!("count = {count}\n")));
        let found = validate_sources(vec![source], bundled::catalog()).diagnostics;
        assert_eq!(found.len(), 1, "{count}: {:?}", shown(&found));
        assert_eq!(
            (found[0].line, found[0].column, found[0].message.as_str()),
            (6, column, message),
            "{count}"
        );
    }
}

#[test]
fn keys_nested_too_deep_are_located() {
    let deep = vec!["k"; 100].join(".");
    let source = tilewright_engine::Source::new("d.toml", format!("id = \"d\"\nname = \"D\"\n{deep} = 1\n"));
    let found = validate_sources(vec![source], bundled::catalog()).diagnostics;
    assert_eq!(found.len(), 1);
    assert!(found[0].message.contains("recursion limit"), "{}", found[0].message);
    assert_eq!((found[0].line, found[0].column), (3, 161));
}

#[test]
fn huge_keys_and_values_are_not_echoed_in_full() {
    let key = "k".repeat(7 * 1024 * 1024);
    let text = format!(
        "id = \"h\"\nname = \"H\"\n{key} = 1\n[[tiles]]\nid = \"A\"\ncount = 1\nimage = \"{}\"\n{TILE}",
        "i".repeat(100_000)
    );
    let source = tilewright_engine::Source::new("h.toml", text);
    let found = validate_sources(vec![source], bundled::catalog()).diagnostics;
    assert!(!found.is_empty());
    for d in &found {
        assert!(
            d.message.chars().count() <= 1000 && d.help.chars().count() <= 1000,
            "{}",
            d.message.len()
        );
        assert!(d.message.contains('…'), "{}", d.message);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "set.toml",
        tileset("s", &format!("count = 1\nimage = \"{}.png\"\n", "x".repeat(100_000))),
    );
    let found = validate_paths(&[path], bundled::catalog()).diagnostics;
    assert_eq!(found.len(), 1, "{:?}", shown(&found));
    assert!(
        found[0].message.len() < 300 && found[0].help.len() < 1100,
        "{}",
        found[0].message
    );
}

#[test]
fn a_run_reads_a_bounded_number_of_values_however_many_files_it_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let per_file = MAX_VALUES_PER_RUN / 5;
    // Each file is within the per-file limit; six of them are not within the run's.
    assert!(per_file <= tilewright_engine::source::MAX_VALUES);
    let points = vec!["0"; per_file - 50].join(",");
    let paths: Vec<PathBuf> = (0..6)
        .map(|i| {
            write(
                dir.path(),
                &format!("f{i}.toml"),
                tileset(&format!("s{i}"), &format!("x = [{points}]\n")),
            )
        })
        .collect();
    let report = validate_paths(&paths, bundled::catalog());
    let refused: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.message.contains("this run would hold more than"))
        .collect();
    // Five files fit the run's budget; the sixth is reported, not read.
    assert_eq!(refused.len(), 1, "{:?}", shown(&report.diagnostics));
    assert!(refused[0].is_error() && refused[0].file.ends_with("f5.toml"));
}

#[test]
fn too_many_editions_are_refused_before_the_checks_per_edition() {
    use tilewright_engine::limits::MAX_EDITIONS;
    let editions: Vec<String> = (0..=MAX_EDITIONS).map(|i| format!("\"e{i}\"")).collect();
    let text =
        tileset("eds", "count = 1\n").replace("name = ", &format!("editions = [{}]\nname = ", editions.join(", ")));
    let report = validate_sources(
        vec![tilewright_engine::Source::new("eds.toml", text)],
        bundled::catalog(),
    );
    let found: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.message.contains("editions"))
        .collect();
    assert_eq!(found.len(), 1, "{:?}", shown(&report.diagnostics));
    // At the first edition past the limit, on the `editions` line.
    assert!(
        found[0].is_error() && found[0].line == 2,
        "{:?}",
        shown(&report.diagnostics)
    );
    assert!(found[0].message.contains(&format!("{} editions", MAX_EDITIONS + 1)));
}
