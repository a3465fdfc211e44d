//! File content quoted in a message, shortened: a message about a file must not grow with it.
//! Setup errors and every diagnostic go through these.

/// Most characters of file content a message quotes between backticks.
pub const MAX_QUOTED_CHARS: usize = 80;
/// Most characters of a message or a help text.
pub const MAX_TEXT_CHARS: usize = 1000;

/// `text` cut to at most `max` characters, ending in `…` when cut.
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_owned(),
        Some(_) => {
            let keep = text.char_indices().nth(max.saturating_sub(1)).map_or(0, |(i, _)| i);
            format!("{}…", &text[..keep])
        }
    }
}

/// At most `max` names from a file, quoted and joined with commas, then how many more: a
/// help text that lists what a file declares must not grow with the file.
pub fn quoted_list<'a>(names: impl IntoIterator<Item = &'a str>, max: usize) -> String {
    let mut shown = Vec::new();
    let mut more = 0usize;
    for name in names {
        if shown.len() < max {
            shown.push(quote(name));
        } else {
            more += 1;
        }
    }
    if more > 0 {
        shown.push(format!("and {more} more"));
    }
    shown.join(", ")
}

/// File content quoted for a message: between backticks, shortened.
pub fn quote(text: &str) -> String {
    format!("`{}`", shorten(text, MAX_QUOTED_CHARS))
}

/// A message or help text with every quoted part (between backticks) shortened to
/// [`MAX_QUOTED_CHARS`] and the whole to [`MAX_TEXT_CHARS`], so that a huge key, value or id
/// in a file is never echoed in full. Every diagnostic goes through this.
pub fn clip(text: &str) -> String {
    if text.len() <= MAX_QUOTED_CHARS {
        return text.to_owned();
    }
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(&shorten(part, MAX_QUOTED_CHARS));
        } else {
            out.push_str(&shorten(part, MAX_TEXT_CHARS + 1));
        }
        if out.len() > 4 * MAX_TEXT_CHARS {
            break;
        }
    }
    shorten(&out, MAX_TEXT_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_are_shortened() {
        let key = "k".repeat(10_000);
        let message = clip(&format!("unknown key `{key}` here"));
        assert_eq!(
            message,
            format!("unknown key `{}…` here", "k".repeat(MAX_QUOTED_CHARS - 1))
        );
        assert_eq!(clip("short `one`"), "short `one`");
        let ticks = "`a".repeat(100_000);
        assert!(clip(&ticks).chars().count() <= MAX_TEXT_CHARS);
        assert_eq!(shorten("abc", 2), "a…");
        assert_eq!(shorten("ab", 2), "ab");
    }

    #[test]
    fn listed_names_stop_at_the_limit() {
        assert_eq!(quoted_list(["a", "b"], 3), "`a`, `b`");
        assert_eq!(quoted_list(["a", "b", "c", "d"], 2), "`a`, `b`, and 2 more");
    }
}
