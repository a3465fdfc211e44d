//! Untrusted text (an id, a name, a path from a file) made safe to show on one line, wherever
//! it is shown: a terminal, an HTML page, the editor. A data file can hold anything: a
//! newline, terminal escape sequences, bidirectional overrides that reorder what is around
//! them, or megabytes of one key.

/// The most characters of one unbroken run of untrusted text (an id, a key, a path) shown;
/// the rest is cut and shown as `…`.
pub const MAX_WORD: usize = 200;

/// The most characters of one message shown (it may quote several pieces of a file).
pub const MAX_LINE: usize = 1000;

/// The visible stand-in for a character a terminal acts on instead of showing, or `None` for a
/// character that is safe to show. C0 controls (newline, CR, ESC, BEL...) become their Unicode
/// control pictures (`␊`, `␍`, `␛`, `␇`), DEL `␡`; C1 controls (which some terminals obey as
/// escape sequences), the bidirectional overrides, isolates and marks (which reorder what is
/// shown) and the zero-width characters (which hide a difference between two names) become
/// `�`. Always one character for one, so columns still line up in a snippet.
pub fn stand_in(c: char) -> Option<char> {
    match c {
        '\0'..='\u{1f}' => char::from_u32(0x2400 + c as u32),
        '\u{7f}' => Some('\u{2421}'),
        '\u{80}'..='\u{9f}'
        | '\u{061c}'
        | '\u{200b}'..='\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2060}'
        | '\u{2066}'..='\u{2069}'
        | '\u{feff}' => Some('\u{fffd}'),
        _ => None,
    }
}

/// Untrusted text as it may appear on one line: every control character replaced by its
/// [`stand_in`] (newlines included, so nothing can start a line of its own), every run of more
/// than [`MAX_WORD`] characters without a space cut, the whole cut after [`MAX_LINE`]
/// characters.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4 * MAX_LINE));
    let (mut shown, mut word) = (0, 0);
    for c in text.chars() {
        if shown == MAX_LINE {
            out.push('…');
            break;
        }
        word = if c == ' ' { 0 } else { word + 1 };
        if word > MAX_WORD {
            if word == MAX_WORD + 1 {
                out.push('…');
                shown += 1;
            }
            continue;
        }
        out.push(stand_in(c).unwrap_or(c));
        shown += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_reordering_become_visible_and_long_text_is_cut() {
        assert_eq!(one_line("a\nb\u{202e}c é\u{1b}"), "a␊b�c é␛");
        let long = "k".repeat(MAX_WORD + 50);
        assert_eq!(one_line(&long), format!("{}…", "k".repeat(MAX_WORD)));
        let words = "word ".repeat(MAX_LINE);
        assert_eq!(one_line(&words).chars().count(), MAX_LINE + 1);
    }
}
