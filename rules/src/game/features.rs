//! Features on the table as disjoint sets: one node per feature of each placed tile.
//!
//! Every node names its set's root directly (quick-find), so finding a feature is one load
//! with no loop: play asks it many times a turn (completion checks, occupation, majorities).
//! Joining two sets relabels the smaller one, walking it through the circular member list
//! (`next`) that scoring walks too; a node is relabelled at most log₂(n) times. Most joins
//! meet a placed tile's fresh, one-node features, so they relabel a single node. The root
//! holds the number of edge segments still open (0 means complete) and the number of
//! figures on the whole feature.
//!
//! The counts are wide enough for any game the limits allow ([`crate::limits`]): open
//! segments in 32 bits (a tile has up to 400 segments, a game up to 10,000 tiles), followers
//! in 16 bits (6 players × 8 figure types × 255 figures). A node stays 20 bytes: the member
//! count, which only decides which side of a join is relabelled, stops at `u16::MAX`.

use crate::model::FeatureKind;

/// One feature of one placed tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    /// The root of the node's set (itself for a root).
    root: u32,
    /// The next member of the set, round a circle.
    next: u32,
    /// On a root: edge segments of the whole feature with no tile facing them.
    open: u32,
    /// On a root: the number of members, up to `u16::MAX` (beyond it, joins still choose a
    /// side, only not always the smaller).
    size: u16,
    /// On a root: followers standing on the whole feature.
    figures: u16,
    /// What the feature is.
    pub kind: FeatureKind,
    /// Local feature index on its tile.
    pub local: u8,
    /// Index of the placed tile.
    pub placed: u16,
}

// Widening a count must not make the nodes, which play reads all the time, any larger.
const _: () = assert!(std::mem::size_of::<Node>() == 20);

impl Node {
    /// On a root: edge segments of the whole feature still open.
    #[inline]
    pub fn open(&self) -> u32 {
        self.open
    }
}

/// All feature nodes.
#[derive(Debug, Default)]
pub struct Features {
    nodes: Vec<Node>,
}

impl Clone for Features {
    fn clone(&self) -> Features {
        Features {
            nodes: self.nodes.clone(),
        }
    }

    /// Copies `source` into this set's buffer.
    fn clone_from(&mut self, source: &Features) {
        self.nodes.clone_from(&source.nodes);
    }
}

impl Features {
    /// An empty forest with room for `n` nodes.
    pub fn with_capacity(n: usize) -> Features {
        Features {
            nodes: Vec::with_capacity(n),
        }
    }

    /// Adds the features of a newly placed tile, in local order, each with its kind and its
    /// number of open edge segments.
    #[inline]
    pub fn add_tile(&mut self, placed: u16, features: impl IntoIterator<Item = (FeatureKind, u32)>) {
        let first = self.nodes.len() as u32;
        self.nodes
            .extend(features.into_iter().enumerate().map(|(local, (kind, open))| {
                let id = first + local as u32;
                Node {
                    root: id,
                    next: id,
                    size: 1,
                    open,
                    figures: 0,
                    kind,
                    local: local as u8,
                    placed,
                }
            }));
    }

    /// Removes every node, keeping the memory.
    pub fn clear(&mut self) {
        self.nodes.clear();
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether there are no nodes.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node itself.
    #[inline]
    pub fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    /// The root of `id`'s feature: the same node for every member of joined features.
    #[inline]
    pub fn root(&self, id: u32) -> u32 {
        self.nodes[id as usize].root
    }

    /// Joins two features; returns the new root.
    #[inline]
    pub fn union(&mut self, a: u32, b: u32) -> u32 {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            return ra;
        }
        let (big, small) = if self.nodes[ra as usize].size >= self.nodes[rb as usize].size {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.absorb(big, small);
        big
    }

    /// Moves every member of the set rooted at `small` into the set rooted at `big`.
    #[inline]
    fn absorb(&mut self, big: u32, small: u32) {
        let small_node = self.nodes[small as usize];
        let mut member = small;
        loop {
            let node = &mut self.nodes[member as usize];
            node.root = big;
            member = node.next;
            if member == small {
                break;
            }
        }
        let big_node = &mut self.nodes[big as usize];
        big_node.size = big_node.size.saturating_add(small_node.size);
        // At most every segment of every tile in play: far below 2³².
        big_node.open += small_node.open;
        big_node.figures = big_node.figures.saturating_add(small_node.figures);
        // Splice the two circular member lists.
        let big_next = big_node.next;
        big_node.next = small_node.next;
        self.nodes[small as usize].next = big_next;
    }

    /// Closes `n` open edge segments of the feature whose root is `root`.
    #[inline]
    pub fn close_root_segments(&mut self, root: u32, n: u8) {
        debug_assert_eq!(self.nodes[root as usize].root, root);
        let node = &mut self.nodes[root as usize];
        node.open = node.open.saturating_sub(u32::from(n));
    }

    /// Closes one open edge segment of `id`'s feature; returns the root.
    #[inline]
    pub fn close_segment(&mut self, id: u32) -> u32 {
        let root = self.root(id);
        self.close_root_segments(root, 1);
        root
    }

    /// Open edge segments of `id`'s feature.
    #[inline]
    pub fn open_of(&self, id: u32) -> u32 {
        self.nodes[self.root(id) as usize].open
    }

    /// Figures on `id`'s feature.
    #[inline]
    pub fn root_figures(&self, id: u32) -> u16 {
        self.nodes[self.root(id) as usize].figures
    }

    /// Adds (or with a negative `delta` removes) figures on `id`'s feature.
    pub fn add_figures(&mut self, id: u32, delta: i16) {
        let root = self.root(id);
        let node = &mut self.nodes[root as usize];
        node.figures = node.figures.saturating_add_signed(delta);
    }

    /// The number of nodes of `id`'s feature, if below `u16::MAX` (the count stops there).
    #[inline]
    pub fn size_of(&self, id: u32) -> Option<usize> {
        let size = self.nodes[self.root(id) as usize].size;
        (size < u16::MAX).then_some(usize::from(size))
    }

    /// Every feature once: its root and kind.
    pub fn roots(&self) -> impl Iterator<Item = (u32, FeatureKind)> + '_ {
        (0u32..)
            .zip(&self.nodes)
            .filter(|(id, node)| node.root == *id)
            .map(|(id, node)| (id, node.kind))
    }

    /// Every node of `id`'s feature.
    pub fn members(&self, id: u32) -> Members<'_> {
        Members {
            features: self,
            start: id,
            current: Some(id),
        }
    }
}

/// Iterator over the nodes of one feature.
pub struct Members<'a> {
    features: &'a Features,
    start: u32,
    current: Option<u32>,
}

impl Iterator for Members<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let id = self.current?;
        let next = self.features.nodes[id as usize].next;
        self.current = (next != self.start).then_some(next);
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_sum_open_segments_and_list_members() {
        let mut f = Features::default();
        f.add_tile(0, [(FeatureKind::Road, 2)]);
        f.add_tile(1, [(FeatureKind::Road, 2), (FeatureKind::Field, 1)]);
        f.add_tile(2, [(FeatureKind::Road, 1)]);
        let (a, b, c) = (0, 1, 3);
        assert_eq!((f.node(2).local, f.node(2).placed, f.node(3).local), (1, 1, 0));
        f.close_segment(a);
        f.close_segment(b);
        f.union(a, b);
        assert_eq!(f.open_of(b), 2);
        f.union(c, a);
        assert_eq!(f.open_of(a), 3);
        let mut members: Vec<u32> = f.members(b).collect();
        members.sort();
        assert_eq!(members, vec![a, b, c]);
        assert_eq!(f.union(a, c), f.root(b), "joining twice changes nothing");
        assert_eq!(f.open_of(c), 3);
    }

    #[test]
    fn every_member_names_the_root_after_joining_large_sets() {
        let mut f = Features::default();
        for placed in 0..64 {
            f.add_tile(placed, [(FeatureKind::Field, 1)]);
        }
        // Two sets of 32 built by chains, then joined: the smaller side is relabelled.
        for i in 1..32 {
            f.union(i - 1, i);
            f.union(32 + i, 31 + i);
        }
        f.add_figures(40, 1);
        let root = f.union(5, 60);
        for id in 0..64 {
            assert_eq!(f.root(id), root, "node {id}");
        }
        assert_eq!(f.members(17).count(), 64);
        assert_eq!((f.open_of(0), f.root_figures(63)), (64, 1));
    }
}
