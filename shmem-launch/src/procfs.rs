//! What the launcher reads of its PEs' processes from procfs.

/// Whether any thread of process `pid` is running or runnable (`R` in one of the
/// `/proc/<pid>/task/<tid>/stat` files); `false` when none is or they cannot be read.
pub(crate) fn any_thread_runnable(pid: i32) -> bool {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return false;
    };
    tasks.filter_map(|t| t.ok()).any(|t| {
        std::fs::read_to_string(t.path().join("stat"))
            .ok()
            .and_then(|stat| state_of(&stat))
            == Some('R')
    })
}

/// The state field of a `stat` file's text: it follows the last ')' (`comm` may contain
/// anything).
fn state_of(stat: &str) -> Option<char> {
    stat.rsplit_once(')')
        .and_then(|(_, rest)| rest.trim_start().chars().next())
}

/// `/proc/<pid>/stat`'s state field (`R` running or runnable, `S` sleeping, `T` stopped, `t`
/// stopped by a tracer, ...); `None` when it cannot be read.
pub(crate) fn process_state(pid: i32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    state_of(&stat)
}
