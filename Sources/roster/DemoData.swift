import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `roster --demo` keeps its local index: the demo leaves no trace of itself.
///
/// Without `ROSTER_DEMO_DATA` the index lives in a private temporary directory
/// (`$TMPDIR/roster-demo-<pid>-XXXXXX`, 0700) that is removed when the process exits — by `q`,
/// Ctrl-C, SIGTERM or SIGHUP, all of which end in `exit`. A demo killed outright (SIGKILL, a
/// crash) leaves its directory behind; the next demo removes any whose process is gone. With
/// `ROSTER_DEMO_DATA=DIR` the index is kept in `DIR` across runs, as the B2C demo keeps its tasks.
enum DemoData {
  /// The directory the demo's index goes in.
  static func directory(environment: [String: String]) throws -> URL {
    if let kept = environment["ROSTER_DEMO_DATA"], !kept.isEmpty {
      let directory = URL(fileURLWithPath: kept, isDirectory: true)
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      return directory
    }
    let parent = FileManager.default.temporaryDirectory
    removeAbandoned(in: parent)
    var template = Array(parent.appendingPathComponent("\(prefix)\(getpid())-XXXXXX").path.utf8CString)
    guard let made = mkdtemp(&template) else {
      throw DemoDataError(
        message: "could not make a temporary directory in \(parent.path): \(String(cString: strerror(errno)))")
    }
    let path = String(cString: made)
    temporaryPath = path
    atexit { DemoData.removeTemporary() }
    return URL(fileURLWithPath: path, isDirectory: true)
  }

  private static let prefix = "roster-demo-"

  /// Set once, before the UI starts and before any other thread could read it; read at exit.
  nonisolated(unsafe) private static var temporaryPath: String?

  private static func removeTemporary() {
    guard let path = temporaryPath else { return }
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Removes demo directories whose process has ended without removing them (killed outright).
  private static func removeAbandoned(in parent: URL) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
    for name in names where name.hasPrefix(prefix) {
      let pidText = name.dropFirst(prefix.count).split(separator: "-").first.map(String.init) ?? ""
      guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      let path = parent.appendingPathComponent(name).path
      var info = stat()
      // Only our own directories, never through a link.
      guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() else { continue }
      try? FileManager.default.removeItem(atPath: path)
    }
  }
}

struct DemoDataError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
