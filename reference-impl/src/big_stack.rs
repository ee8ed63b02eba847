//! SOLVER-1.4, SOLVER-7.3: running a deep recursive search on a thread with a big stack, or, if no such thread
//! can be started, on the caller's with a smaller depth limit. Shared by the NAJ and the Kee solvers.

/// The stack a search thread gets: 1 GiB (only the part used is touched).
pub(crate) const BIG_STACK: usize = 1 << 30;

/// Runs `work` with the depth it may recurse to: `big_depth` on a thread named `name` with a [`BIG_STACK`],
/// or `small_depth` on the caller's thread if that thread cannot be started. A panic of the work is passed on.
pub(crate) fn run<R: Send>(
    name: &str,
    big_depth: usize,
    small_depth: usize,
    work: impl FnOnce(usize) -> R + Send,
) -> R {
    let slot = std::sync::Mutex::new(Some(work));
    let take = || {
        slot.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    };
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name(name.into())
            .stack_size(BIG_STACK)
            .spawn_scoped(scope, || take().map(|work| work(big_depth)));
        let done = match spawned {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => None,
        };
        match done {
            Some(result) => result,
            None => match take() {
                Some(work) => work(small_depth),
                None => unreachable!("the work runs once, on one thread or the other"),
            },
        }
    })
}
