// swift-tools-version: 6.0
// newsmenu: config → fetch (libcurl) → parse (libxml2) → store (SQLite) → render.
// One library module per stage; the C libraries come from Debian packages through
// system-library targets. No package from outside the toolchain.
import PackageDescription

/// Where the libxml2 headers CXML2 includes are found, for every Swift module importing it.
let libxml2Headers: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]

let package = Package(
    name: "newsmenu",
    targets: [
        // Headers only (libcurl4-openssl-dev): NewsFetch loads libcurl.so.4 with dlopen on
        // the first transfer, so no pkgConfig here, which would link -lcurl.
        .systemLibrary(name: "CCurl"),
        // libxml2's headers (libxml2-dev) and the loader that opens libxml2.so.2 on first use:
        // not a system library with pkgConfig, which would link it into every command's start.
        .target(name: "CXML2", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        .systemLibrary(
            name: "CSQLite3", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),

        .target(name: "NewsModel"),
        .target(name: "NewsFetch", dependencies: ["NewsModel", "CCurl"]),
        .target(name: "NewsParse", dependencies: ["NewsModel", "CXML2"], swiftSettings: libxml2Headers),
        .target(name: "NewsStore", dependencies: ["NewsModel", "CSQLite3"]),
        .target(name: "NewsRender", dependencies: ["NewsModel"]),
        .target(name: "TerminalIO"),
        .target(name: "NewsOPML", dependencies: ["CXML2"], swiftSettings: libxml2Headers),
        .target(name: "NewsMenuKit", dependencies: [
            "NewsModel", "NewsFetch", "NewsParse", "NewsStore", "NewsRender", "TerminalIO",
            "NewsOPML",
        ]),
        // The Swift runtime and Foundation linked in: resolving their symbols in a dozen shared
        // libraries was a third of every command's start (Benchmarks/store/NOTES.md).
        // libstdc++ linked in too (StaticLink holds the linker script that stands in for its
        // .so), and the 77,000 relative relocations packed (RELR, which lld writes and glibc
        // 2.36 reads): the loader's work at every start halves. Still position-independent:
        // `-no-pie` saved another millisecond of page copies but would give an attacker of a
        // C parser fixed addresses in a 77 MB executable (Benchmarks/store/NOTES.md).
        .executableTarget(
            name: "newsmenu", dependencies: ["NewsMenuKit"], exclude: ["StaticLink"],
            linkerSettings: [
                .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                              "-L", Context.packageDirectory + "/Sources/newsmenu/StaticLink"],
                             .when(configuration: .release)),
                // What the static Foundation needs and does not name itself.
                .linkedLibrary("CoreFoundation", .when(configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(configuration: .release)),
                .linkedLibrary("_FoundationICU", .when(configuration: .release)),
                .linkedLibrary("_FoundationCollections", .when(configuration: .release)),
                .linkedLibrary("swiftSynchronization", .when(configuration: .release)),
                // Again after ICU, which needs it: an archive only gives what was missing before it.
                .linkedLibrary("stdc++", .when(configuration: .release)),
            ]),
        .executableTarget(
            name: "RenderBenchmark", dependencies: ["NewsRender", "NewsModel"],
            path: "Benchmarks/render", exclude: ["NOTES.md"]),
        .executableTarget(
            name: "StoreBenchmark", dependencies: ["NewsStore", "NewsModel"],
            path: "Benchmarks/store", exclude: ["NOTES.md", "make_peers.py"]),

        .target(name: "NewsTestSupport", path: "Tests/Support"),
        .testTarget(
            name: "NewsFetchTests", dependencies: ["NewsFetch", "NewsModel", "NewsTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "NewsParseTests", dependencies: ["NewsParse", "NewsModel", "CXML2", "NewsTestSupport"],
            exclude: ["Fixtures"], swiftSettings: libxml2Headers),
        .testTarget(
            name: "NewsStoreTests", dependencies: ["NewsStore", "NewsModel", "NewsTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "NewsRenderTests", dependencies: ["NewsRender", "NewsModel", "NewsTestSupport"],
            exclude: ["Golden"]),
        .testTarget(name: "NewsOPMLTests", dependencies: ["NewsOPML"], exclude: ["Fixtures"]),
        .testTarget(name: "NewsMenuKitTests", dependencies: ["NewsMenuKit", "NewsModel"]),
        .testTarget(name: "TerminalIOTests", dependencies: ["TerminalIO"]),
        // Depends on the executable so that `swift test` builds the binary it runs.
        .testTarget(
            name: "EndToEndTests", dependencies: ["newsmenu", "NewsTestSupport", "NewsStore", "NewsRender"],
            exclude: ["Fixtures"]),
    ]
)
