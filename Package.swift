// swift-tools-version:6.2
import PackageDescription

/// Swift 6 language mode everywhere; `ExistentialAny` as STYLE.md asks.
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
  name: "Roster",
  // macOS 15: `Synchronization.Mutex` (Sandbox, LockedValue) needs it
  // (docs/decisions/build-and-tests.md#build-and-tests--release-and-packaging).
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "roster", targets: ["roster"]),
    .executable(name: "roster-bench", targets: ["roster-bench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
    .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    // NIOHTTPTypes: the sandbox's `--clock-skew` rewrites the Date header Hummingbird sets last.
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // MARK: - Terminal
    .target(
      name: "CNCurses",
      linkerSettings: [.linkedLibrary("ncursesw")]
    ),

    // MARK: - Core (pure: state, actions, reducers, effects as data, models; Foundation only)
    // Cells and sizes, without Foundation: the core's layout and the UI's widgets share them.
    .target(name: "Geometry", swiftSettings: strict),
    // Folding, tokenising, word matching and Graph's `$search`/`startswith` semantics: one set of
    // rules for the live path, the index, the narrowing and the sandbox. Optimised even in debug
    // builds, like SandboxDirectory, which folds up to 200,000 generated people through it.
    .target(name: "SearchRules", swiftSettings: strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    .target(name: "RosterCore", dependencies: ["Geometry", "SearchRules"], swiftSettings: strict),
    // The runtime: the Store, the effect interpreters, timers, locks, and the files the core
    // only describes (settings loading and writing, vCard files).
    .target(name: "AppRuntime", dependencies: ["RosterCore"], swiftSettings: strict),
    // The library modules' loggers (quiet until `roster` turns them on) and the rules that keep
    // tokens and codes out of the log.
    .target(
      name: "Diagnostics", dependencies: [.product(name: "Logging", package: "swift-log")], swiftSettings: strict),

    // MARK: - Networking
    .target(
      name: "Transport",
      dependencies: [
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        "Diagnostics",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "Identity",
      dependencies: [
        "RosterCore", "AppRuntime", "Transport",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        "Diagnostics",
      ],
      swiftSettings: strict
    ),
    // libjpeg(-turbo) for photos; the shim turns libjpeg's exit-on-error into an error return.
    .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
    .target(
      name: "Graph",
      dependencies: ["RosterCore", "AppRuntime", "SearchRules", "Transport", "CJPEG", "Diagnostics"],
      swiftSettings: strict),

    // MARK: - Local index (SQLite FTS5 through GRDB; the system libsqlite3 has FTS5)
    .target(
      name: "Index",
      dependencies: [
        "RosterCore", "AppRuntime", "SearchRules", .product(name: "GRDB", package: "GRDB.swift"), "Diagnostics",
        // SQLite's own calls, for reading a row's text in place (`CredentialColumns`).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      swiftSettings: strict
    ),
    // The B2C task API client (issue 14): HTTP through Transport, no UI.
    .target(name: "Tasks", dependencies: ["RosterCore", "Transport"], swiftSettings: strict),

    // MARK: - UI
    .target(name: "TerminalUI", dependencies: ["Geometry", "RosterCore"], swiftSettings: strict),
    .target(
      name: "Curses", dependencies: ["CNCurses", "Geometry", "TerminalUI", "RosterCore", "AppRuntime"],
      swiftSettings: strict),

    // MARK: - Sandbox tenant
    // Optimised even in debug builds: tests and `roster sandbox` generate up to 200,000 people.
    .target(
      name: "SandboxDirectory", dependencies: ["SearchRules"],
      swiftSettings: strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    .target(
      name: "Sandbox",
      dependencies: [
        "SandboxDirectory",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
      ],
      swiftSettings: strict
    ),

    // MARK: - Executable
    .executableTarget(
      name: "roster",
      dependencies: [
        "Geometry", "RosterCore", "AppRuntime", "Transport", "Identity", "Graph", "Tasks", "TerminalUI", "Curses",
        "Sandbox", "Index", "CNCurses", "CJPEG", "Diagnostics", "SearchRules",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict,
      // Release builds carry the Swift runtime and Foundation inside the binary: no shared
      // libraries to find and relocate at every start (about half of the startup time), and one
      // file that runs on a server without a Swift toolchain
      // (docs/decisions/build-and-tests.md#build-and-tests--release-and-packaging).
      linkerSettings: [
        .unsafeFlags(
          [
            "-static-stdlib", "-Xlinker", "--start-group", "-lFoundation", "-lCoreFoundation", "-l_FoundationICU",
            "-l_FoundationCShims", "-l_FoundationCollections", "-lFoundationEssentials",
            "-lFoundationInternationalization",
            "-Xlinker", "--end-group",
          ],
          .when(configuration: .release))
      ],
      // The commit the binary is built from, for `roster --version` (BuildInfoPlugin).
      plugins: ["BuildInfoPlugin"]
    ),

    // Writes `BuildCommit.swift` (the git commit, `+dirty` when the tree has changes) before each
    // build of `roster`; rewritten only when it changes, so an unchanged tree recompiles nothing.
    .plugin(name: "BuildInfoPlugin", capability: .buildTool()),

    // MARK: - Benchmark
    .target(name: "CBenchPTY", linkerSettings: [.linkedLibrary("util")]),
    .executableTarget(
      name: "roster-bench",
      dependencies: [
        "CBenchPTY", "Index", "SandboxDirectory", "SearchRules", "RosterCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),

    // MARK: - Tests
    // One shared target for what several test targets need: the TestStore and its fakes, the
    // sandbox harness, the fake transport, temporary directories and the `roster` process runner.
    .target(
      name: "TestSupport",
      dependencies: ["RosterCore", "AppRuntime", "Transport", "Identity", "Sandbox"],
      path: "Tests/TestSupport",
      swiftSettings: strict
    ),
    .testTarget(
      name: "RosterCoreTests",
      dependencies: ["Geometry", "RosterCore", "AppRuntime", "SandboxDirectory", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "TransportTests", dependencies: ["Transport", "Identity", "TestSupport", "Diagnostics"],
      swiftSettings: strict),
    .testTarget(name: "SandboxDirectoryTests", dependencies: ["SandboxDirectory"], swiftSettings: strict),
    .testTarget(name: "SearchRulesTests", dependencies: ["SearchRules"], swiftSettings: strict),
    .testTarget(
      name: "SandboxTests",
      dependencies: [
        "Sandbox", "SandboxDirectory", "Transport", "TestSupport",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "IdentityTests",
      dependencies: ["AppRuntime", "Identity", "Transport", "Sandbox", "TestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "GraphTests",
      dependencies: [
        "Graph", "Transport", "Sandbox", "SandboxDirectory", "TestSupport", "Index",
        // To write hostile rows straight into an index file (the row decoding must clean them).
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      resources: [.copy("Fixtures")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "RosterCommandTests",
      dependencies: ["RosterCore", "Identity", "Sandbox", "Transport", "TestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TerminalUITests",
      dependencies: ["Geometry", "TerminalUI", "RosterCore", "TestSupport"],
      exclude: ["__Snapshots__"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TasksTests",
      dependencies: ["Tasks", "Transport", "Identity", "Sandbox", "RosterCore", "AppRuntime", "TestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "EndToEndTests", dependencies: ["TestSupport", "RosterCore", "AppRuntime", "SandboxDirectory"],
      swiftSettings: strict),
    .testTarget(name: "RosterBenchTests", dependencies: ["roster-bench", "TestSupport"], swiftSettings: strict),
    .testTarget(name: "CursesTests", dependencies: ["Curses", "CNCurses", "TerminalUI"], swiftSettings: strict),
  ]
)
