#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Whether this process runs under the thread sanitizer (`swift test --sanitize=thread`).
public enum ThreadSanitizer {
    /// True when the sanitizer's runtime is in the process: it defines `__tsan_init`, which
    /// nothing else does.
    ///
    /// Single-threaded tests that take minutes under the sanitizer are disabled with it: the
    /// sanitizer has no race to find in them, and the plain run (the README's command) runs them.
    /// Where the symbol cannot be found this way, it is `false`: those tests run, only slower.
    public static let isRunning = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil
}
