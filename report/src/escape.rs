//! Text from files (ids, names, labels) made safe to place in HTML or SVG: shown on one line
//! ([`tilewright_engine::text::one_line`]: control characters shown, reordering marks
//! neutralised, long runs cut), then escaped by `maud`, as the page's markup and its plots are.

/// `text` on one line, for `maud` to escape where it is placed.
pub fn shown(text: &str) -> String {
    tilewright_engine::text::one_line(text)
}

#[cfg(test)]
mod tests {
    use maud::html;

    use super::shown;

    /// `text` shown and placed by `maud`, in an element and in an attribute.
    fn placed(text: &str) -> (String, String) {
        let in_text = html! { (shown(text)) }.into_string();
        let in_attribute = html! { text x=(shown(text)) {} }.into_string();
        let attribute = in_attribute
            .strip_prefix("<text x=\"")
            .and_then(|a| a.strip_suffix("\"></text>"))
            .unwrap()
            .to_owned();
        (in_text, attribute)
    }

    #[test]
    fn markup_is_escaped_and_controls_shown() {
        for (text, escaped) in [
            ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            ("\"&'", "&quot;&amp;'"),
            ("a\nb\u{202e}c é", "a␊b�c é"),
            ("&amp;", "&amp;amp;"),
        ] {
            let (in_text, in_attribute) = placed(text);
            assert_eq!(in_text, escaped, "escaped text is escaped again, not trusted");
            assert_eq!(in_attribute, escaped);
        }
    }
}
