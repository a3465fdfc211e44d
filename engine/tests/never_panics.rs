//! Validation never panics, whatever the bytes: arbitrary input, and bundled files with bytes
//! flipped, lines dropped and values swapped.

use std::path::Path;

use proptest::prelude::*;
use tilewright_engine::bundled;
use tilewright_engine::validate::{source_from_bytes, validate_sources};

fn check(bytes: Vec<u8>) {
    let path = Path::new("fuzz/input.toml");
    if let Ok(source) = source_from_bytes(path, bytes) {
        let report = validate_sources(vec![source], bundled::catalog());
        for d in &report.diagnostics {
            assert!(d.line >= 1 && d.column >= 1);
        }
    }
}

fn bundled_text() -> impl Strategy<Value = String> {
    proptest::sample::select(
        bundled::FILES
            .iter()
            .map(|(_, text)| text.to_string())
            .collect::<Vec<_>>(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        check(bytes);
    }

    #[test]
    fn arbitrary_text(text in "[ -~\n]{0,400}") {
        check(text.into_bytes());
    }

    #[test]
    fn bundled_files_with_bytes_changed(text in bundled_text(), edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8)) {
        let mut bytes = text.into_bytes();
        for (at, byte) in edits {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        check(bytes);
    }

    #[test]
    fn bundled_files_with_lines_dropped_or_swapped(text in bundled_text(), drop in any::<prop::sample::Index>(), swap in any::<(prop::sample::Index, prop::sample::Index)>()) {
        let mut lines: Vec<&str> = text.lines().collect();
        let (a, b) = (swap.0.index(lines.len()), swap.1.index(lines.len()));
        lines.swap(a, b);
        lines.remove(drop.index(lines.len()));
        check(lines.join("\n").into_bytes());
    }

    #[test]
    fn bundled_files_with_values_replaced(text in bundled_text(), at in any::<prop::sample::Index>(), value in prop_oneof![
        Just("0"), Just("-1"), Just("99999999999999999999"), Just("\"\""), Just("[]"), Just("{}"), Just("true"),
        Just("1979-05-27"), Just("nan"), Just("\"city 0 city\""), Just("\"N9\""), Just("[[1.5, 2]]"),
    ]) {
        let lines: Vec<&str> = text.lines().collect();
        let i = at.index(lines.len());
        let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        if let Some((key, _)) = lines[i].split_once(" = ") {
            out[i] = format!("{key} = {value}");
        }
        check(out.join("\n").into_bytes());
    }
}
