//! Runs that write their games a chunk at a time, into a folder of numbered data files.

use std::{
    collections::BTreeSet,
    io,
    path::{Path, PathBuf},
};

/// The extension of data files.
const EXTENSION: &str = "kdata";

/// A folder of chunks `chunk-NNNNNN.kdata`, chunk `i` holding a fixed range of a run's games.
/// A chunk is written whole or not at all, so a run that stops loses at most the chunks it
/// was playing, and a run started again with the same settings plays only the missing ones.
#[derive(Clone, Debug)]
pub struct ChunkDir {
    dir: PathBuf,
}

impl ChunkDir {
    /// The folder `dir`, made if it does not exist.
    pub fn create(dir: &Path) -> io::Result<ChunkDir> {
        std::fs::create_dir_all(dir)?;
        Ok(ChunkDir {
            dir: dir.to_path_buf(),
        })
    }

    /// The file of chunk `index`.
    pub fn chunk_path(&self, index: usize) -> PathBuf {
        self.dir.join(format!("chunk-{index:06}.{EXTENSION}"))
    }

    /// The chunks written so far.
    pub fn written(&self) -> io::Result<BTreeSet<usize>> {
        let mut done = BTreeSet::new();
        for entry in std::fs::read_dir(&self.dir)? {
            let name = entry?.file_name();
            let index = name
                .to_str()
                .and_then(|n| n.strip_prefix("chunk-"))
                .and_then(|n| n.strip_suffix(&format!(".{EXTENSION}")))
                .and_then(|n| n.parse::<usize>().ok());
            if let Some(index) = index {
                done.insert(index);
            }
        }
        Ok(done)
    }
}

/// The data files named by `paths`: a folder stands for its `.kdata` files (sorted by name),
/// anything else for itself.
pub fn data_files(paths: &[String]) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        let path = Path::new(path);
        if path.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(path)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == EXTENSION))
                .collect();
            inside.sort();
            files.extend(inside);
        } else {
            files.push(path.to_path_buf());
        }
    }
    Ok(files)
}
