//! Tile images: the one way to find, read and decode the image a tile names, shared by the
//! validator and the editor so that both accept and refuse exactly the same files.
//!
//! A tile's `image` is a path relative to its tile-set file. [`resolve`] keeps it inside the
//! tile set's folder (no absolute paths, no `..` out of it, no link leading out of it);
//! [`ImageFile::read`] reads a regular file only, capped at [`MAX_IMAGE_BYTES`], and looks at
//! its header (format, sides at most [`MAX_IMAGE_SIDE`]) before anything is decoded;
//! [`ImageFile::decode`] decodes from memory under the `image` crate's limits.

use std::fmt;
use std::io::Cursor;
use std::path::{Component, Path, PathBuf};

use image::{DynamicImage, ImageFormat, ImageReader, Limits};

use crate::files::{ReadError, human_size, read_capped};

/// Largest image file accepted, in bytes.
pub const MAX_IMAGE_BYTES: u64 = 32 * 1024 * 1024;
/// Largest image side accepted, in pixels.
pub const MAX_IMAGE_SIDE: u32 = 8192;
/// Most memory one decode may allocate: an image of the largest size at 16 bits per channel.
const MAX_DECODE_BYTES: u64 = 512 * 1024 * 1024;

/// Why a tile's image cannot be used.
#[derive(Debug)]
pub enum ImageError {
    /// The path is absolute.
    Absolute,
    /// `..` takes the path out of the tile set's folder.
    Escapes,
    /// A symbolic link takes the path out of the tile set's folder.
    LinksOutside,
    /// The file cannot be read: missing, not a regular file, too large, or refused.
    Read(ReadError),
    /// Not a format the toolkit reads.
    UnknownFormat,
    /// A side is 0 or longer than [`MAX_IMAGE_SIDE`].
    BadSize {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// The data is damaged, or decoding it would take more than its limits.
    Corrupt(String),
}

impl fmt::Display for ImageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImageError::Absolute => write!(f, "is an absolute path"),
            ImageError::Escapes => write!(f, "leaves the tile set's folder"),
            ImageError::LinksOutside => write!(f, "links outside the tile set's folder"),
            ImageError::Read(e) => write!(f, "{e}"),
            ImageError::UnknownFormat => write!(f, "is not a PNG, JPEG or WebP image"),
            ImageError::BadSize { width, height } => {
                write!(f, "is {width}x{height} pixels; sides must be 1 to {MAX_IMAGE_SIDE}")
            }
            ImageError::Corrupt(e) => write!(f, "is corrupt: {e}"),
        }
    }
}

impl std::error::Error for ImageError {}

impl ImageError {
    /// How to fix it.
    pub fn help(&self) -> String {
        match self {
            ImageError::Absolute => "give the path relative to the tile-set file, inside its folder".into(),
            ImageError::Escapes => "keep images in the tile set's folder or below it".into(),
            ImageError::LinksOutside => "copy the image into the tile set's folder".into(),
            ImageError::Read(ReadError::Missing) => "put the image there or fix the path".into(),
            ImageError::Read(ReadError::NotRegular(_)) => "name an image file".into(),
            ImageError::Read(ReadError::TooLarge(limit)) => {
                format!("use an image file of at most {}", human_size(*limit))
            }
            ImageError::Read(ReadError::Io(_)) => "check the file and its permissions".into(),
            ImageError::BadSize { .. } => format!("scale it to at most {MAX_IMAGE_SIDE} pixels a side"),
            ImageError::UnknownFormat | ImageError::Corrupt(_) => "save it again as PNG, JPEG or WebP".into(),
        }
    }
}

/// The file a tile's `image` (as written in the tile set) names, found from the tile set's
/// folder: the path must be relative and stay inside the folder, both as written and once
/// symbolic links are followed. Returns the canonical path, which is the same for every tile
/// that names the same file.
pub fn resolve(folder: &Path, image: &str) -> Result<PathBuf, ImageError> {
    let relative = Path::new(image);
    if relative.has_root() || relative.components().any(|c| matches!(c, Component::Prefix(_))) {
        return Err(ImageError::Absolute);
    }
    let mut depth = 0usize;
    for component in relative.components() {
        match component {
            Component::ParentDir => depth = depth.checked_sub(1).ok_or(ImageError::Escapes)?,
            Component::Normal(_) => depth += 1,
            _ => {}
        }
    }
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let io = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => ImageError::Read(ReadError::Missing),
        _ => ImageError::Read(ReadError::Io(e)),
    };
    let real = folder.join(relative).canonicalize().map_err(io)?;
    let real_folder = folder.canonicalize().map_err(io)?;
    if !real.starts_with(&real_folder) {
        return Err(ImageError::LinksOutside);
    }
    Ok(real)
}

/// Resolves, reads and decodes a tile's image: see [`resolve`] and [`ImageFile`].
pub fn open(folder: &Path, image: &str) -> Result<DynamicImage, ImageError> {
    ImageFile::read(&resolve(folder, image)?)?.decode()
}

/// An image file read into memory, its format known and its sides checked, not yet decoded.
#[derive(Debug)]
pub struct ImageFile {
    bytes: Vec<u8>,
    format: ImageFormat,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl ImageFile {
    /// Reads the regular file at `path` (at most [`MAX_IMAGE_BYTES`]) and its header.
    pub fn read(path: &Path) -> Result<ImageFile, ImageError> {
        let bytes = read_capped(path, MAX_IMAGE_BYTES).map_err(ImageError::Read)?;
        let guessed = ImageReader::new(Cursor::new(bytes.as_slice()))
            .with_guessed_format()
            .map_err(|e| ImageError::Corrupt(e.to_string()))?
            .format();
        // Content that no format recognises is a damaged file of the format its name says.
        let format = guessed
            .or_else(|| ImageFormat::from_path(path).ok())
            .ok_or(ImageError::UnknownFormat)?;
        let (width, height) = ImageReader::with_format(Cursor::new(bytes.as_slice()), format)
            .into_dimensions()
            .map_err(|e| ImageError::Corrupt(e.to_string()))?;
        if width == 0 || height == 0 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE {
            return Err(ImageError::BadSize { width, height });
        }
        Ok(ImageFile {
            bytes,
            format,
            width,
            height,
        })
    }

    /// Number of pixels.
    pub fn pixels(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// Decodes the image, within the side and memory limits whatever the header claimed.
    pub fn decode(self) -> Result<DynamicImage, ImageError> {
        let mut reader = ImageReader::with_format(Cursor::new(self.bytes.as_slice()), self.format);
        let mut limits = Limits::default();
        limits.max_image_width = Some(MAX_IMAGE_SIDE);
        limits.max_image_height = Some(MAX_IMAGE_SIDE);
        limits.max_alloc = Some(MAX_DECODE_BYTES);
        reader.limits(limits);
        reader.decode().map_err(|e| ImageError::Corrupt(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(path: &Path, side: u32) {
        image::RgbImage::new(side, side).save(path).unwrap();
    }

    #[test]
    fn paths_stay_inside_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        let set = dir.path().join("set");
        std::fs::create_dir_all(set.join("images")).unwrap();
        png(&set.join("images/a.png"), 4);
        png(&dir.path().join("outside.png"), 4);
        assert!(open(&set, "images/a.png").is_ok());
        assert!(open(&set, "images/../images/a.png").is_ok());
        assert!(matches!(resolve(&set, "/etc/passwd"), Err(ImageError::Absolute)));
        assert!(matches!(resolve(&set, "../outside.png"), Err(ImageError::Escapes)));
        assert!(matches!(
            resolve(&set, "images/none.png"),
            Err(ImageError::Read(ReadError::Missing))
        ));
        let err = open(&set, "images").unwrap_err();
        assert_eq!(err.to_string(), "is a folder, not a regular file");
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("outside.png"), set.join("link.png")).unwrap();
            assert!(matches!(resolve(&set, "link.png"), Err(ImageError::LinksOutside)));
        }
    }

    #[test]
    fn headers_are_checked_before_decoding() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.png");
        png(&path, 3);
        let file = ImageFile::read(&path).unwrap();
        assert_eq!((file.width, file.height, file.pixels()), (3, 3, 9));
        assert!(file.decode().is_ok());
        std::fs::write(&path, b"not an image").unwrap();
        assert!(matches!(ImageFile::read(&path), Err(ImageError::Corrupt(_))));
        let other = dir.path().join("a.dat");
        std::fs::write(&other, b"not an image").unwrap();
        assert!(matches!(ImageFile::read(&other), Err(ImageError::UnknownFormat)));
    }
}
