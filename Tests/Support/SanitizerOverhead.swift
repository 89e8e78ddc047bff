// How much more memory and CPU a sanitized build of the tests takes than a plain one, for
// the ceilings that measure them (scripts/sanitizers runs the suite that way).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum SanitizerOverhead {
    /// The sanitizer this process was built with, found by its runtime's entry point, which
    /// a sanitized binary exports; nil in an ordinary build.
    public static let sanitizer: String? = {
        if dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil { return "address" }
        if dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil { return "thread" }
        return nil
    }()

    /// What a ceiling on the process's peak memory is multiplied by: 3 under AddressSanitizer
    /// (shadow memory, redzones around every block and a 256 MB quarantine of freed blocks;
    /// LLVM puts its overhead at about 3×: the suite's runner peaked at 853 MB where the
    /// ceiling is 500), else 1 (ThreadSanitizer's runner stayed under 500 MB).
    public static let memoryFactor: Double = sanitizer == "address" ? 3 : 1

    /// What a ceiling on CPU time is multiplied by: 5 under ThreadSanitizer, the low end of
    /// the 5×-15× slowdown LLVM gives for it (the billion-laughs parse took 13 s of CPU where
    /// the ceiling is 10), else 1 (AddressSanitizer's 2× stays under the ceilings).
    public static let cpuFactor: Double = sanitizer == "thread" ? 5 : 1
}
