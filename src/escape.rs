//! Making text from files and paths safe to print. A data file, a record or a file name can
//! hold anything: a newline followed by `::error` or `::add-mask::` (which GitHub Actions runs
//! as a workflow command when it starts a line), terminal escape sequences, or megabytes of one
//! key. Everything the command line prints that did not come from the program itself goes
//! through this module, and nothing else decides what is shown in its place.
//!
//! The GitHub runner reads a job's output line by line. It takes a line for a workflow command
//! when, leading whitespace trimmed, it starts with `::`, and it honours the legacy form
//! `##[command]` anywhere in a line. So no text shown here starts a line with `::` (after
//! whitespace) or holds `##[`: see [`defuse`].

use std::fmt::Write as _;

pub use tilewright_engine::text::stand_in;

/// What replaces the first colon of a `::` that starts a line: `∶` (U+2236 RATIO), a colon to
/// the eye that the runner does not read as one.
pub const COLON: char = '\u{2236}';

/// What replaces the second `#` of `##[`: `♯` (U+266F MUSIC SHARP SIGN).
pub const HASH: char = '\u{266f}';

/// Text that GitHub Actions cannot take for a workflow command, one character for one (so
/// columns still line up): where a line starts with `::` after any whitespace, the first colon
/// becomes [`COLON`]; in every `##[`, the second `#` becomes [`HASH`]. Text that is already
/// defused comes back unchanged, so whatever is assembled from defused pieces can be defused
/// again on its way out.
pub fn defuse(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    // Whether only whitespace has come since the start of the line.
    let mut line_start = true;
    let mut previous = '\n';
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let shown = match c {
            ':' if line_start && next == Some(':') => COLON,
            '#' if previous == '#' && next == Some('[') => HASH,
            _ => c,
        };
        line_start = matches!(c, '\n' | '\r') || (line_start && c.is_whitespace());
        previous = shown;
        out.push(shown);
    }
    out
}

/// Untrusted text as it may appear on one output line ([`tilewright_engine::text::one_line`]:
/// control characters shown, long runs and the whole cut), [`defuse`]d.
pub fn line(text: &str) -> String {
    defuse(&tilewright_engine::text::one_line(text))
}

/// A path as it may appear on one output line (see [`line()`]).
pub fn path(path: &std::path::Path) -> String {
    line(&path.to_string_lossy())
}

/// `text` as one word a POSIX shell reads back as `text`: as it is when every character is
/// one no shell treats specially, else in single quotes (a quote inside written `'\''`).
pub fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./,:@%+".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        return text.to_owned();
    }
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// A file's text for a snippet: line breaks and tabs stay (the snippet renderer lays them
/// out), every other control character is replaced by its [`stand_in`], and each line is
/// [`defuse`]d. Nothing is cut: the renderer shortens long lines around the caret itself.
pub fn source(text: &str) -> String {
    replace(text, |c| matches!(c, '\n' | '\r' | '\t'))
}

/// Untrusted text that locates something (a file for an annotation) and so must not be cut:
/// every control character is replaced by its [`stand_in`], and the text [`defuse`]d.
pub fn exact(text: &str) -> String {
    replace(text, |_| false)
}

/// `text` with every control character that `keep` does not keep replaced by its stand-in,
/// then [`defuse`]d.
fn replace(text: &str, keep: fn(char) -> bool) -> String {
    let replaced: String = text
        .chars()
        .map(|c| if keep(c) { c } else { stand_in(c).unwrap_or(c) })
        .collect();
    defuse(&replaced)
}

/// JSON text made safe for a terminal without changing what it means: serde escapes C0
/// controls already; DEL, C1 controls and bidirectional overrides (which can only occur inside
/// strings) become `\uXXXX` escapes too, and so does the `[` of every `##[` (a `#` is never
/// JSON's own, so that too is inside a string), so a reader of the JSON gets the exact text
/// back. No line of JSON starts with `:`, so `::` needs nothing.
pub fn json(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        // C0 controls left in serde's output are its own layout (newlines), not text.
        if (c >= '\u{7f}' && stand_in(c).is_some()) || (c == '[' && out.ends_with("##")) {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// Escapes a GitHub Actions workflow-command message or, with `property`, a property value
/// (`file=...`): `%`, CR and LF always, `:` and `,` in properties. Apply it to text already
/// made safe by [`line()`] or [`exact`].
pub fn workflow(text: &str, property: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            ':' if property => out.push_str("%3A"),
            ',' if property => out.push_str("%2C"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_engine::text::{MAX_LINE, MAX_WORD};

    #[test]
    fn controls_become_visible_and_stay_on_one_line() {
        assert_eq!(
            line("D\n::error ::x\r\u{1b}[31m\u{7}\u{7f}\u{9b}\u{202e}\t"),
            "D␊::error ::x␍␛[31m␇␡��␉"
        );
        assert_eq!(line("plain `text`, é ✓"), "plain `text`, é ✓");
        assert_eq!(line("a\u{200b}b\u{200f}c\u{61c}d\u{feff}"), "a�b�c�d�");
    }

    #[test]
    fn nothing_shown_can_pass_for_a_workflow_command() {
        assert_eq!(line("::error::x"), "∶:error::x");
        assert_eq!(line("  \u{a0}\u{3000}::add-mask::x"), "  \u{a0}\u{3000}∶:add-mask::x");
        assert_eq!(line("a ::error::x"), "a ::error::x", "not at the start of a line");
        assert_eq!(line("##[error]x ###[group]"), "#♯[error]x ##♯[group]");
        assert_eq!(line("## [ #[ ##"), "## [ #[ ##");
        assert_eq!(
            source("a\n  ::warning::x\r\n::x\tb##[y"),
            "a\n  ∶:warning::x\r\n∶:x\tb#♯[y"
        );
        assert_eq!(exact("dir/##[error]x.toml"), "dir/#♯[error]x.toml");
        for text in ["::x", " ::x", "##[x", "###[[x", "a\n::b##[c"] {
            let once = defuse(text);
            assert_eq!(defuse(&once), once, "defusing twice changes nothing");
            assert_eq!(once.chars().count(), text.chars().count());
            assert!(!once.contains("##["));
            assert!(once.lines().all(|l| !l.trim_start().starts_with("::")), "{once}");
        }
    }

    #[test]
    fn long_runs_and_long_lines_are_cut() {
        let key = "k".repeat(7_000_000);
        let shown = line(&format!("key `{key}` is unknown"));
        assert_eq!(shown, format!("key `{}… is unknown", "k".repeat(MAX_WORD - 1)));
        let words = "ab ".repeat(10_000);
        assert_eq!(line(&words).chars().count(), MAX_LINE + 1);
        assert!(line(&words).ends_with('…'));
    }

    #[test]
    fn shell_words_are_quoted_only_when_needed() {
        assert_eq!(shell_word("my-tiles/v1.2"), "my-tiles/v1.2");
        assert_eq!(shell_word("my tiles"), "'my tiles'");
        assert_eq!(shell_word("it's $HOME"), "'it'\\''s $HOME'");
        assert_eq!(shell_word("~x"), "'~x'");
        assert_eq!(shell_word("é"), "'é'");
        assert_eq!(shell_word(""), "''");
    }

    #[test]
    fn source_keeps_its_lines() {
        assert_eq!(source("a\r\n\tb\u{1b}\u{85}\n"), "a\r\n\tb␛�\n");
    }

    #[test]
    fn json_escapes_keep_the_text() {
        let raw = serde_json::to_string_pretty(&["a\u{1b}\u{9b}\u{7f}\u{202e}b"]).unwrap();
        let safe = json(&raw);
        assert_eq!(safe, "[\n  \"a\\u001b\\u009b\\u007f\\u202eb\"\n]");
        assert_eq!(
            serde_json::from_str::<Vec<String>>(&safe).unwrap(),
            ["a\u{1b}\u{9b}\u{7f}\u{202e}b"]
        );
    }

    #[test]
    fn json_keeps_a_legacy_command_exact_but_unbroken() {
        let raw = serde_json::to_string(&["##[error]x", "###[y"]).unwrap();
        let safe = json(&raw);
        assert_eq!(safe, r####"["##\u005berror]x","###\u005by"]"####);
        assert_eq!(
            serde_json::from_str::<Vec<String>>(&safe).unwrap(),
            ["##[error]x", "###[y"]
        );
    }

    #[test]
    fn workflow_commands_escape_their_separators() {
        assert_eq!(workflow("50%\r\n::x", false), "50%25%0D%0A::x");
        assert_eq!(workflow("a,line=1::b", true), "a%2Cline=1%3A%3Ab");
    }
}
