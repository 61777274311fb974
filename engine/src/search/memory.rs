//! How much memory the machine can give a transposition table, where the system says.

/// Megabytes of memory the system can still give without swapping, if it says (Linux:
/// `MemAvailable` in `/proc/meminfo`); `None` where it is not known.
pub(crate) fn available_mb() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb / 1024)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn linux_says_how_much_memory_is_free() {
        let mb = available_mb().expect("MemAvailable in /proc/meminfo");
        assert!(mb > 0);
    }
}
