import Foundation

/// Where the built `roster` binary is, for the tests that run it as a person or a script would:
/// next to the test bundle (both live in the build's bin directory), else `.build/debug`.
public enum RosterBinary {
  /// The executable, or nil when it has not been built.
  public static var url: URL? {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug"))
    return candidates.map { $0.appendingPathComponent("roster") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Whether it is there: tests that run it are `.enabled(if: RosterBinary.isBuilt)`.
  public static var isBuilt: Bool { url != nil }
}
