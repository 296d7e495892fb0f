import Foundation
import RosterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The local audit trail of writes: `$XDG_STATE_HOME/roster/writes.jsonl`, one `WriteRecord` a
/// line. The file is created 0600 by `open(2)` itself (never widened, then narrowed), in a 0700
/// directory, and each line is one `write(2)` to an `O_APPEND` descriptor, so two copies of
/// Roster writing at once never interleave a line.
public struct WriteAuditFile: Sendable {
  public let url: URL

  public init(directory: URL) { url = directory.appendingPathComponent("writes.jsonl") }

  /// The file in the state directory of `environment` (`Settings.stateDirectory`).
  public init(environment: [String: String]) { self.init(directory: Settings.stateDirectory(environment: environment)) }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Appends `record` as one line.
  public func append(_ record: WriteRecord) throws {
    let data = try record.line()
    let directory = url.deletingLastPathComponent()
    if !FileManager.default.fileExists(atPath: directory.path) {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw Failure(description: "The audit file \(url.path) could not be opened: \(String(cString: strerror(errno))).")
    }
    defer { close(fd) }
    // A file someone widened is narrowed again: the trail names people and what was done to them.
    var info = stat()
    if fstat(fd, &info) == 0, info.st_mode & 0o077 != 0 { fchmod(fd, 0o600) }
    let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard written == data.count else {
      throw Failure(
        description: "The audit file \(url.path) could not be written: \(String(cString: strerror(errno))).")
    }
  }

  /// Every record, oldest first; none when there is no file yet.
  public func read() throws -> [WriteRecord] {
    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
    return WriteRecord.lines(try Data(contentsOf: url))
  }
}
