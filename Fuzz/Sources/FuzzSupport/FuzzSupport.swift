// What every fuzz target shares: starting libFuzzer, and the property check that traps with
// the property's name so that libFuzzer saves the input as a crash.
import CFuzzDriver
#if canImport(Glibc)
import Glibc
#endif

/// Runs libFuzzer with the command line's flags, calling `test` for every input; never returns.
/// SwiftPM links every executable with its own `main`, which replaces libFuzzer's, so the
/// target's main.swift calls this instead.
public func runLibFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

/// The fuzzer's input as a buffer (libFuzzer may pass a null pointer for zero bytes).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    guard let data, size > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: data, count: size)
}

/// Traps, naming the property and the value that broke it, when `holds` is false.
@inline(__always)
public func require(_ holds: Bool, _ property: @autoclosure () -> String) {
    if !holds { fatalError("PROPERTY VIOLATED: \(property())") }
}

/// The characters no text newsmenu stores or prints may hold: C0 controls but tab and
/// newline, DEL, C1 controls, and the bidi embedding, override and isolate controls
/// (NewsParse's TextCleaner removes exactly these).
public func isUnwantedInStoredText(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A: return false
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
}

/// The first unwanted scalar of `text` as `U+XXXX`, or nil when it is clean.
public func firstUnwanted(in text: String) -> String? {
    text.unicodeScalars.first(where: isUnwantedInStoredText).map { "U+" + String($0.value, radix: 16, uppercase: true) }
}

/// `text` quoted for a violation message, escapes visible.
public func shown(_ text: String?) -> String {
    guard let text else { return "nil" }
    return String(reflecting: text.count > 300 ? String(text.prefix(300)) + "…" : text)
}
