//! Suggestions for a misspelt name: the known one closest to it, for a help text.

/// The known key closest to a misspelt one, if any is close enough: one that differs only in
/// case first, then the fewest edits, fewer than the longer of the two has characters (so `u`
/// suggests `U`, never `A`). Words of as many hyphenated parts are close only when each part
/// is: `own-folower` suggests `own-follower`, but `any-follower` is another word, not a typo of
/// it.
pub fn closest<'a>(key: &str, known: &'a [String]) -> Option<&'a str> {
    if let Some(same) = known.iter().find(|k| k.eq_ignore_ascii_case(key)) {
        return Some(same);
    }
    let length = key.chars().count();
    known
        .iter()
        .filter_map(|k| {
            let allowed = 2.max(k.len() / 3).min(length.max(k.chars().count()).saturating_sub(1));
            // Lengths this far apart cannot be close (and a huge key costs nothing to dismiss).
            if length.abs_diff(k.chars().count()) > allowed {
                return None;
            }
            let d = edit_distance(key, k);
            (d <= allowed && parts_close(key, k)).then_some((d, k))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k.as_str())
}

/// Whether each hyphenated part of `a` is a typo at most of the same part of `b`, when they
/// have as many parts (a word swapped for another is no typo); true otherwise.
fn parts_close(a: &str, b: &str) -> bool {
    if !a.contains('-') || a.split('-').count() != b.split('-').count() {
        return true;
    }
    a.split('-').zip(b.split('-')).all(|(x, y)| {
        let longest = x.chars().count().max(y.chars().count());
        edit_distance(x, y) <= 1.max(longest / 3).min(longest.saturating_sub(1))
    })
}

/// `did you mean `word`? ` for the known word closest to `wanted`, or nothing: the start of a
/// help text.
pub fn did_you_mean(wanted: &str, known: &[String]) -> String {
    closest(wanted, known)
        .map(|word| format!("did you mean `{word}`? "))
        .unwrap_or_default()
}

/// Levenshtein distance, in characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let current = row[j + 1];
            row[j + 1] = (previous + usize::from(ca != *cb)).min(row[j] + 1).min(current + 1);
            previous = current;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_swapped_in_a_hyphenated_key_is_no_typo() {
        let known = vec!["own-follower".to_owned(), "stands-on".to_owned()];
        assert_eq!(closest("own-folower", &known), Some("own-follower"));
        assert_eq!(closest("any-follower", &known), None);
        assert_eq!(closest("stand-on", &known), Some("stands-on"));
    }

    #[test]
    fn suggestions_pick_the_closest_key() {
        let known = vec!["count".to_owned(), "edges".to_owned(), "features".to_owned()];
        assert_eq!(closest("cout", &known), Some("count"));
        assert_eq!(closest("feature", &known), Some("features"));
        assert_eq!(closest("zzzzzz", &known), None);
        let tiles = vec!["A".to_owned(), "B".to_owned(), "U".to_owned(), "EG".to_owned()];
        assert_eq!(closest("u", &tiles), Some("U"), "the same but for case first");
        assert_eq!(closest("ZZ", &tiles), None, "nothing in common is no suggestion");
        assert_eq!(closest("EF", &tiles), Some("EG"));
        assert_eq!(closest("", &tiles), None);
    }

    #[test]
    fn a_suggestion_starts_a_help_text() {
        let known = vec!["base".to_owned(), "new-edition".to_owned()];
        assert_eq!(did_you_mean("bse", &known), "did you mean `base`? ");
        assert_eq!(did_you_mean("zzzzzz", &known), "");
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
