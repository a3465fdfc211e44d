//! Buffers reused by placement and scoring, so that a turn allocates nothing once a game has
//! warmed up. Nothing in them outlives the step that fills them, except the tile marks, whose
//! numbering carries on so that they never need clearing.

/// The reused buffers of one game.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// By placed tile: the latest count of the tiles of a road or city that saw it.
    pub tile_marks: Vec<u32>,
    /// The number of the latest tile count.
    pub tile_mark: u32,
    /// The figures on the feature being scored, as indices into the game's figures.
    pub on_feature: Vec<u32>,
    /// Features a placement joined through an edge with `any` segments, to check for
    /// completion.
    pub touched: Vec<u32>,
    /// Completed cities around a field being scored.
    pub cities: Vec<u32>,
}

impl Clone for Scratch {
    fn clone(&self) -> Scratch {
        let mut scratch = Scratch::default();
        scratch.clone_from(self);
        scratch
    }

    /// Copies `source` into these buffers. Only the tile marks and their number matter
    /// between steps, but all are copied, so a copy behaves exactly as its source.
    fn clone_from(&mut self, source: &Scratch) {
        let Scratch {
            tile_marks,
            tile_mark,
            on_feature,
            touched,
            cities,
        } = source;
        self.tile_marks.clone_from(tile_marks);
        self.tile_mark = *tile_mark;
        self.on_feature.clone_from(on_feature);
        self.touched.clone_from(touched);
        self.cities.clone_from(cities);
    }
}

impl Scratch {
    /// Empties every buffer, keeping its memory.
    pub fn clear(&mut self) {
        let Scratch {
            tile_marks,
            tile_mark,
            on_feature,
            touched,
            cities,
        } = self;
        tile_marks.clear();
        *tile_mark = 0;
        on_feature.clear();
        touched.clear();
        cities.clear();
    }

    /// A new number for counting the tiles of a road or city over `placed` tiles: marks left
    /// by earlier counts differ from it.
    pub fn next_tile_mark(&mut self, placed: usize) -> u32 {
        self.tile_mark = self.tile_mark.wrapping_add(1);
        if self.tile_mark == 0 {
            self.tile_marks.fill(0);
            self.tile_mark = 1;
        }
        if self.tile_marks.len() < placed {
            self.tile_marks.resize(placed, 0);
        }
        self.tile_mark
    }
}
