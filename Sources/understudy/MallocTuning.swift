import CAllocatorTuning

/// Keeps freed heap memory for reuse instead of returning it to the system
/// after every large response.
///
/// By default glibc trims a thread's heap whenever more than 128 KiB at its top
/// is free, so each large dynamic response (a 20-character Marvel page is about
/// 95 KB, copied twice on its way out) is freed, handed back with `madvise`,
/// and faulted in again, zeroed, for the next request. A 32 MiB threshold
/// roughly halves the server CPU per request on that route (`scripts/bench`).
/// Only the `understudy` process is tuned; a test process that embeds a
/// `StubServer` keeps its own allocator settings.
func keepFreedMemoryForReuse() {
    _ = c_allocator_keep_freed_memory(32 << 20)
}
