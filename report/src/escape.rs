//! Text from files (ids, names, labels) made safe to place in HTML or SVG: shown on one line
//! ([`tilewright_engine::text::one_line`]: control characters shown, reordering marks
//! neutralised, long runs cut), then escaped by `maud`, as the page's markup is.

use std::fmt::Write as _;

/// `text` on one line, for `maud` to escape where it is placed.
pub fn shown(text: &str) -> String {
    tilewright_engine::text::one_line(text)
}

/// `text` on one line, with `&`, `<`, `>` and `"` escaped, for the plots written as text.
pub fn html(text: &str) -> String {
    let text = shown(text);
    let mut out = String::with_capacity(text.len());
    let _ = maud::Escaper::new(&mut out).write_str(&text);
    out
}

#[cfg(test)]
mod tests {
    use super::html;

    #[test]
    fn markup_is_escaped_and_controls_shown() {
        assert_eq!(
            html("<script>alert(1)</script>"),
            "&lt;script&gt;alert(1)&lt;/script&gt;"
        );
        assert_eq!(html("\"&'"), "&quot;&amp;'");
        assert_eq!(html("a\nb\u{202e}c é"), "a␊b�c é");
        assert_eq!(html("&amp;"), "&amp;amp;", "escaped text is escaped again, not trusted");
    }
}
