//! JSON Pointers (RFC 6901) naming a value of a file: how an error says which value is at
//! fault, for the load side to locate it.

/// Escapes one JSON Pointer segment (borrowed when there is nothing to escape, as for
/// nearly every key).
pub fn escape_segment(segment: &str) -> std::borrow::Cow<'_, str> {
    if segment.contains(['~', '/']) {
        segment.replace('~', "~0").replace('/', "~1").into()
    } else {
        segment.into()
    }
}

#[cfg(test)]
mod tests {
    use super::escape_segment;

    #[test]
    fn only_tilde_and_slash_are_escaped() {
        assert_eq!(escape_segment("inn"), "inn");
        assert_eq!(escape_segment("a/b~c"), "a~1b~0c");
        assert!(matches!(escape_segment("inn"), std::borrow::Cow::Borrowed(_)));
    }
}
