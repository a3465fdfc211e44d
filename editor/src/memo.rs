//! A value derived from something that changes rarely, kept until its key changes, so a frame
//! does not recompute it. Keyed by [`crate::document::ContentKey`], it holds what a panel
//! derives from the document (its JSON, its text) until the next edit or undo.

/// The last value made, with the key it was made for.
#[derive(Debug)]
pub struct Memo<K, T> {
    entry: Option<(K, T)>,
}

impl<K, T> Default for Memo<K, T> {
    fn default() -> Self {
        Memo { entry: None }
    }
}

impl<K: PartialEq, T> Memo<K, T> {
    /// The value for `key`: the one kept if it was made for an equal key, else `make()`.
    pub fn get(&mut self, key: K, make: impl FnOnce() -> T) -> &mut T {
        if self.entry.as_ref().is_none_or(|(kept, _)| *kept != key) {
            self.entry = Some((key, make()));
        }
        &mut self.entry.as_mut().expect("an entry was just made").1
    }

    /// Takes the value out (a form hands over what it edited), so the next `get` makes it
    /// afresh from the source.
    pub fn take(&mut self) -> Option<T> {
        self.entry.take().map(|(_, value)| value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_made_once_per_key() {
        let mut made = 0;
        let mut memo = Memo::default();
        for key in [1, 1, 2, 2, 1] {
            let value = *memo.get(key, || {
                made += 1;
                key * 10
            });
            assert_eq!(value, key * 10);
        }
        assert_eq!(made, 3);
        assert_eq!(memo.take(), Some(10));
        memo.get(1, || 11);
        assert_eq!(memo.take(), Some(11), "taken values are made again");
    }
}
