// swift-tools-version: 6.0
// newsmenu's libFuzzer targets, kept out of the root package so that its build and test
// suite never see fuzzer instrumentation. SwiftPM will not take a target whose path is
// outside the package, and the root package declares no library products to depend on,
// so the product modules are the root's own sources through the symlinks in Sources/,
// declared here with the root's settings. Built by Fuzz/run with
// `-sanitize=fuzzer,address -enable-testing` (see README.md).
import PackageDescription

let libxml2Headers: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]

/// One executable per fuzz target, each a libFuzzer binary (FuzzSupport starts the driver).
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies)
}

let package = Package(
    name: "newsmenu-fuzz",
    targets: [
        // The root package's modules, as its Package.swift declares them.
        .systemLibrary(name: "CCurl"),
        .target(name: "CXML2", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        .systemLibrary(name: "CSQLite3", pkgConfig: "sqlite3"),
        .target(name: "NewsModel"),
        .target(name: "NewsFetch", dependencies: ["NewsModel", "CCurl"]),
        .target(name: "NewsParse", dependencies: ["NewsModel", "CXML2"], swiftSettings: libxml2Headers),
        .target(name: "NewsStore", dependencies: ["NewsModel", "CSQLite3"]),
        .target(name: "NewsRender", dependencies: ["NewsModel"]),
        .target(name: "TerminalIO"),
        .target(name: "NewsOPML", dependencies: ["CXML2"], swiftSettings: libxml2Headers),
        .target(name: "NewsMenuKit", dependencies: [
            "NewsModel", "NewsFetch", "NewsParse", "NewsStore", "NewsRender", "TerminalIO", "NewsOPML",
        ]),

        // libFuzzer's LLVMFuzzerRunDriver, and the property check every target traps with.
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"]),

        fuzzTarget("FuzzFeedParser", ["NewsParse", "NewsModel", "NewsMenuKit"]),
        fuzzTarget("FuzzFeedDate", ["NewsParse", "NewsMenuKit"]),
        fuzzTarget("FuzzConfig", ["NewsMenuKit", "NewsModel"]),
        fuzzTarget("FuzzOPML", ["NewsOPML"]),
        fuzzTarget("FuzzTerminalText", ["NewsRender"]),
    ]
)
