// Makes glibc's malloc grow its heaps in large steps for `parse`, whose large feeds fill
// tens of megabytes of small allocations on two threads, and for `fetch`, whose threads do.
import Glibc

enum HeapGrowth {
    /// How far a heap grows past what an allocation needs (glibc's M_TOP_PAD, 128 KB by
    /// default). With the default a thread's own heap grows a few pages at a time, each step
    /// one mprotect: the 50 MB benchmark feed's articles took 6,400 of them on the second
    /// thread, a quarter of the run's system time. Only address space is reserved:
    /// untouched pages cost nothing.
    private static let step: Int32 = 64 << 20
    /// glibc's M_TOP_PAD option.
    private static let topPadOption: Int32 = -2

    /// Sets the step, before the threads start. mallopt is looked up at run time: glibc's
    /// <malloc.h> is not part of the Glibc module. Where it is missing nothing changes.
    static func reserveAhead() {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(topPadOption, step)
    }
}
