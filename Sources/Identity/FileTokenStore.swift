import Foundation
import RosterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The token cache file: `$XDG_STATE_HOME/roster/tokens-<profile>.json`, directory 0700, file 0600.
///
/// Writes are atomic (temp file, fsync, rename, fsync of the directory) and happen under an
/// advisory `flock` on a sibling `.lock` file, after re-reading the file, so a process killed
/// mid-write leaves the old or the new file, never half of one, and two processes never drop
/// each other's tokens. A corrupt file is moved aside with a message, never a crash.
public final class FileTokenStore: TokenStore, @unchecked Sendable {
  // @unchecked: immutable after init; file access is serialised by `processLock` + flock.
  public let directory: URL
  public let fileURL: URL
  private let lockPath: String
  private let processLock = AsyncLock()
  /// Where warnings go (repaired permissions, a corrupt file moved aside): stderr or the log.
  private let warn: @Sendable (String) -> Void
  /// How long to wait for another process holding the lock.
  var lockWait: Duration = .seconds(30)

  public init(directory: URL, profile: String = "default", warn: @escaping @Sendable (String) -> Void) {
    self.directory = directory
    let safeProfile = profile.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    self.fileURL = directory.appendingPathComponent("tokens-\(safeProfile.isEmpty ? "default" : safeProfile).json")
    self.lockPath = fileURL.path + ".lock"
    self.warn = warn
  }

  public var location: String? { fileURL.path }

  public func load() async throws -> TokenCacheFile {
    try snapshot()
  }

  /// The current content without waiting (no lock: for reading only), for choosing an account
  /// before anything asynchronous starts.
  public func snapshot() throws -> TokenCacheFile {
    try prepareDirectory()
    return try readFile()
  }

  public func update<Result: Sendable>(_ body: (inout TokenCacheFile) async throws -> Result) async throws -> Result {
    await processLock.lock()
    do {
      let result = try await updateHoldingProcessLock(body)
      await processLock.unlock()
      return result
    } catch {
      await processLock.unlock()
      throw error
    }
  }

  private func updateHoldingProcessLock<Result: Sendable>(
    _ body: (inout TokenCacheFile) async throws -> Result
  ) async throws -> Result {
    try prepareDirectory()
    let descriptor = try await acquireFileLock()
    defer { releaseFileLock(descriptor) }
    removeStaleTemporaryFiles()
    let current = try readFile()
    var changed = current
    let result = try await body(&changed)
    if changed != current { try writeFile(changed) }
    return result
  }

  // MARK: - Directory and permissions

  /// Creates the directory 0700, or repairs a wider mode with a warning; refuses one owned by
  /// someone else.
  ///
  /// Permissions are repaired only through a descriptor opened with `O_NOFOLLOW` (`fchmod`), so a
  /// symlink never redirects the repair to a shared directory. A state directory that is a
  /// symlink is used only when the link and the directory it names are both ours and the
  /// directory is already private; otherwise it is refused with a message (never chmod-ed).
  func prepareDirectory() throws {
    let path = directory.path
    var link = stat()
    if lstat(path, &link) != 0 {
      do {
        try FileManager.default.createDirectory(
          at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw Self.failure("Could not create the token cache directory \(path): \(error.localizedDescription)")
      }
      return
    }
    if (link.st_mode & S_IFMT) == S_IFLNK {
      try checkSymlinkedDirectory(path, link: link)
      return
    }
    guard (link.st_mode & S_IFMT) == S_IFDIR else {
      throw Self.failure("The token cache directory \(path) exists but is not a directory.")
    }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Self.failure("Could not open the token cache directory \(path): \(String(cString: strerror(errno))).")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
      throw Self.failure("The token cache directory \(path) changed while it was checked; try again.")
    }
    guard info.st_uid == getuid() else {
      throw Self.failure("The token cache directory \(path) belongs to another user; refusing to use it.")
    }
    if info.st_mode & 0o077 != 0 {
      fchmod(descriptor, 0o700)
      // What happened first, the path last: on the UI's status line a long path is what gets cut.
      warn("roster: the token cache directory was readable by others; set it to 0700: \(path)")
    }
  }

  /// A state directory that is a symlink: fine when it is ours and private, refused otherwise.
  private func checkSymlinkedDirectory(_ path: String, link: stat) throws {
    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
      throw Self.failure(
        "The token cache directory \(path) is a symbolic link to \(target), which is not a directory; "
          + "remove the link or point XDG_STATE_HOME elsewhere.")
    }
    guard link.st_uid == getuid(), info.st_uid == getuid() else {
      throw Self.failure(
        "The token cache directory \(path) is a symbolic link to \(target), which you do not own; "
          + "refusing to use it. Remove the link or point XDG_STATE_HOME elsewhere.")
    }
    guard info.st_mode & 0o077 == 0 else {
      throw Self.failure(
        "The token cache directory \(path) is a symbolic link to \(target), which others can read; "
          + "Roster does not change permissions through a link. Run chmod 700 on it yourself, or remove the link.")
    }
  }

  // MARK: - Reading

  /// Reads the cache; missing means empty; corrupt or not a file is moved aside (with a
  /// message) and read as empty; another owner is refused.
  func readFile() throws -> TokenCacheFile {
    var path = fileURL.path
    var link = stat()
    if lstat(path, &link) != 0 {
      if errno == ENOENT { return TokenCacheFile() }
      throw Self.failure("Could not read the token cache \(path): \(String(cString: strerror(errno))).")
    }
    if (link.st_mode & S_IFMT) == S_IFLNK {
      guard let target = try linkedFile(link: link) else {
        moveAside(reason: "is a symbolic link to nothing")
        return TokenCacheFile()
      }
      path = target
    } else {
      guard (link.st_mode & S_IFMT) == S_IFREG else {
        moveAside(reason: "is not a regular file")
        return TokenCacheFile()
      }
    }
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Self.failure("Could not read the token cache \(path): \(String(cString: strerror(errno))).")
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      throw Self.failure("The token cache \(path) changed while it was read; try again.")
    }
    guard info.st_uid == getuid() else {
      throw Self.failure("The token cache \(path) belongs to another user; refusing to read it.")
    }
    if info.st_mode & 0o077 != 0 {
      // Only a file reached without a link gets here (`linkedFile` refuses a readable target).
      fchmod(descriptor, 0o600)
      warn("roster: the token cache was readable by others; set it to 0600: \(path)")
    }
    guard let data = try? handle.readToEnd() ?? Data() else {
      throw Self.failure("Could not read the token cache \(path).")
    }
    if data.isEmpty {
      moveAside(reason: "was empty (truncated)")
      return TokenCacheFile()
    }
    let file: TokenCacheFile
    do {
      file = try TokenCacheFile.decoder().decode(TokenCacheFile.self, from: data)
    } catch {
      let looksJSON = (try? JSONSerialization.jsonObject(with: data)) != nil
      moveAside(reason: looksJSON ? "is not in the expected format" : "is not valid JSON (truncated or damaged)")
      return TokenCacheFile()
    }
    guard file.version <= TokenCacheFile.currentVersion else {
      throw Self.failure(
        "The token cache \(path) was written by a newer Roster (format \(file.version)); "
          + "use that version or sign in with --no-persist.")
    }
    // Caches written before several accounts are re-keyed here; the next write stores it so.
    return file.normalized()
  }

  /// The file a token cache link names, when it may be used as it is: a dotfile manager's link of
  /// ours to a private regular file of ours. Nil when the link names nothing (moved aside, as
  /// before). Refused with a message, never repaired or followed for writing: a link or target
  /// owned by someone else, a target that is not a regular file, one others can read (Roster does
  /// not change permissions through a link).
  private func linkedFile(link: stat) throws -> String? {
    let path = fileURL.path
    let shown = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
    var target = stat()
    let named = stat(path, &target) == 0
    guard link.st_uid == getuid(), !named || target.st_uid == getuid() else {
      throw Self.failure(
        "The token cache \(path) is a symbolic link you do not own (or to a file you do not own); "
          + "refusing to use it. Remove it, or sign in with --no-persist.")
    }
    guard named, let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    guard (target.st_mode & S_IFMT) == S_IFREG else {
      throw Self.failure(
        "The token cache \(path) is a symbolic link to \(shown), which is not a regular file; "
          + "refusing to use it. Remove the link, or sign in with --no-persist.")
    }
    guard target.st_mode & 0o077 == 0 else {
      throw Self.failure(
        "The token cache \(path) is a symbolic link to \(shown), which others can read; Roster does not "
          + "change permissions through a link. Run chmod 600 on it yourself, or remove the link.")
    }
    return String(cString: resolved)
  }

  /// Where a write goes: through a usable link (`linkedFile`) to the file it names, so the
  /// dotfile manager's link stays; otherwise the cache path itself.
  private func writablePath() throws -> String {
    var link = stat()
    guard lstat(fileURL.path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK else { return fileURL.path }
    return try linkedFile(link: link) ?? fileURL.path
  }

  /// Renames a bad cache to `<name>.corrupt-<time>` so nothing is lost, and says so. The time has
  /// milliseconds and a counter follows when that name is taken: a moved-aside cache may hold other
  /// accounts' refresh tokens, so one never replaces another (four corruptions in a second keep four).
  private func moveAside(reason: String) {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let stamp = formatter.string(from: Date()).replacingOccurrences(of: ":", with: "")
    for attempt in 1...100 {
      let target = fileURL.path + ".corrupt-\(stamp)" + (attempt == 1 ? "" : "-\(attempt)")
      let outcome = Self.renameWithoutReplacing(fileURL.path, to: target)
      if outcome == .taken { continue }
      if outcome == .moved {
        warn("roster: the token cache \(fileURL.path) \(reason); moved it to \(target). Sign in again.")
        return
      }
      break
    }
    warn("roster: the token cache \(fileURL.path) \(reason) and could not be moved aside; ignoring it.")
  }

  private enum AsideOutcome { case moved, taken, failed }

  /// `rename` that never replaces: `link` fails with EEXIST when the name is taken, atomically.
  /// What cannot be hard-linked (a directory) is renamed when nothing has the name.
  private static func renameWithoutReplacing(_ source: String, to target: String) -> AsideOutcome {
    if link(source, target) == 0 {
      unlink(source)
      return .moved
    }
    if errno == EEXIST { return .taken }
    var existing = stat()
    if lstat(target, &existing) == 0 { return .taken }
    return rename(source, target) == 0 ? .moved : .failed
  }

  // MARK: - Writing

  /// Temp file (0600, O_EXCL) in the same directory, fsync, rename over the cache, fsync the
  /// directory. A usable link's target is replaced in its own directory, and the link stays.
  func writeFile(_ file: TokenCacheFile) throws {
    let data = try TokenCacheFile.encoder().encode(file)
    let destination = try writablePath()
    let folder = (destination as NSString).deletingLastPathComponent
    let temporary = destination + ".tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Self.failure("Could not write the token cache in \(folder): \(String(cString: strerror(errno))).")
    }
    var ok = data.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
    ok = ok && fsync(descriptor) == 0
    close(descriptor)
    guard ok, rename(temporary, destination) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw Self.failure("Could not write the token cache \(destination): \(reason).")
    }
    let directoryDescriptor = open(folder, O_RDONLY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  /// Deletes temp files left by a writer that was killed mid-write (its process is gone).
  private func removeStaleTemporaryFiles() {
    let prefix = fileURL.lastPathComponent + ".tmp-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where name.hasPrefix(prefix) {
      let pidText = name.dropFirst(prefix.count).split(separator: "-").first.map(String.init) ?? ""
      guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      unlink(directory.appendingPathComponent(name).path)
    }
  }

  // MARK: - Locking

  /// Takes the exclusive advisory lock, polling without blocking a thread, up to `lockWait`.
  private func acquireFileLock() async throws -> Int32 {
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Self.failure("Could not open the token cache lock \(lockPath): \(String(cString: strerror(errno))).")
    }
    let clock = ContinuousClock()
    let deadline = clock.now + lockWait
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline, !Task.isCancelled else {
        close(descriptor)
        throw Self.failure("The token cache \(fileURL.path) is locked by another roster; try again.")
      }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return descriptor
  }

  private func releaseFileLock(_ descriptor: Int32) {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  static func failure(_ message: String) -> SignInFailure {
    SignInFailure(message: CleanText(message), error: "token_cache", canRetry: false)
  }
}
