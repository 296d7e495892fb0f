import AppRuntime
import Foundation
import RosterCore

/// Photos on disk under `$XDG_CACHE_HOME/roster/photos/` (directory 0700, files 0600), one file
/// per tenant, person and size, so the next session shows a face without asking Graph.
///
/// A file holds the JPEG as Graph sent it; an empty file records that the person has no photo.
/// Entries older than `maxAge` are fetched again (people change their photos). When the files
/// together pass `capacityBytes`, the least recently used go first (a hit touches the file's
/// modification time). The directory is never followed through a symlink, and nothing is
/// written outside it: a cache that cannot be made safe is simply not used.
public final class PhotoDiskCache: Sendable {
  public enum Entry: Equatable, Sendable {
    case jpeg(Data)
    case absent
  }

  public let directory: URL
  public let capacityBytes: Int
  public let maxAge: TimeInterval
  private let lock = LockedValue(())

  /// - Parameters:
  ///   - directory: usually `Settings.cacheDirectory(environment:)/photos`.
  ///   - capacityBytes: the most the cache keeps (default 8 MiB: about a thousand 48×48 photos,
  ///     or a few hundred at 240×240).
  public init(directory: URL, capacityBytes: Int = 8 << 20, maxAge: TimeInterval = 7 * 24 * 3600) {
    self.directory = directory
    self.capacityBytes = capacityBytes
    self.maxAge = maxAge
  }

  /// The cache in the XDG cache directory `environment` names.
  public static func standard(environment: [String: String]) -> PhotoDiskCache {
    PhotoDiskCache(directory: Settings.cacheDirectory(environment: environment).appendingPathComponent("photos"))
  }

  /// The file name for `request`: the size, then the tenant and person id in hex, so any id is
  /// a safe, unambiguous name (no hashing, so two people can never share a file). Nil for ids too
  /// long for a file name; those are not cached.
  static func fileName(_ request: PhotoRequest) -> String? {
    let key = Data((request.tenant + "|" + request.personID).utf8)
    guard key.count <= 110 else { return nil }
    return "\(request.side)-" + key.map { String(format: "%02x", $0) }.joined() + ".jpg"
  }

  public func read(_ request: PhotoRequest, now: Date = Date()) -> Entry? {
    guard let name = Self.fileName(request) else { return nil }
    return lock.withLock { _ -> Entry? in
      guard prepareDirectory() else { return nil }
      let path = directory.appendingPathComponent(name).path
      let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else {
        return nil
      }
      let modified = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))
      guard now.timeIntervalSince(modified) < maxAge else { return nil }
      let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
      guard let data = try? handle.readToEnd() ?? Data() else { return nil }
      // Most recently used: the eviction order is by modification time.
      _ = futimens(descriptor, nil)
      return data.isEmpty ? .absent : .jpeg(data)
    }
  }

  /// Stores `entry` (written to a temporary file, then renamed), then evicts down to the cap.
  public func store(_ entry: Entry, for request: PhotoRequest) {
    guard let name = Self.fileName(request) else { return }
    let bytes: Data
    switch entry {
    case .jpeg(let data): bytes = data
    case .absent: bytes = Data()
    }
    guard bytes.count <= capacityBytes else { return }
    lock.withLock { _ in
      guard prepareDirectory() else { return }
      let temporary = directory.appendingPathComponent(".\(name).\(getpid()).tmp").path
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { return }
      let written = bytes.withUnsafeBytes { buffer -> Bool in
        var offset = 0
        while offset < buffer.count {
          let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          if count <= 0 { return false }
          offset += count
        }
        return true
      }
      _ = fchmod(descriptor, 0o600)  // whatever the umask made of it
      close(descriptor)
      guard written, rename(temporary, directory.appendingPathComponent(name).path) == 0 else {
        unlink(temporary)
        return
      }
      evict()
    }
  }

  /// Forgets `request` (a cached file that no longer decodes).
  public func remove(_ request: PhotoRequest) {
    guard let name = Self.fileName(request) else { return }
    lock.withLock { _ in _ = unlink(directory.appendingPathComponent(name).path) }
  }

  /// The cache's files and their total size (tests, eviction).
  public func files() -> [(name: String, bytes: Int, modified: Date)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".jpg") && !$0.hasPrefix(".") }.compactMap { name in
      var info = stat()
      guard lstat(directory.appendingPathComponent(name).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        return nil
      }
      let modified = TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9
      return (name, Int(info.st_size), Date(timeIntervalSince1970: modified))
    }
  }

  /// Deletes the least recently used files until the rest fit in `capacityBytes`.
  private func evict() {
    var entries = files().sorted { $0.modified < $1.modified }
    var total = entries.reduce(0) { $0 + $1.bytes }
    while total > capacityBytes, !entries.isEmpty {
      let oldest = entries.removeFirst()
      unlink(directory.appendingPathComponent(oldest.name).path)
      total -= oldest.bytes
    }
  }

  /// Creates `roster/` and `roster/photos/` 0700 when missing and tightens them when they are
  /// ours; false (no caching) when either is a symlink, not a directory, or someone else's.
  private func prepareDirectory() -> Bool {
    for url in [directory.deletingLastPathComponent(), directory] {
      var info = stat()
      if lstat(url.path, &info) != 0 {
        guard errno == ENOENT else { return false }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard mkdir(url.path, 0o700) == 0 || errno == EEXIST, lstat(url.path, &info) == 0 else { return false }
      }
      guard (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == geteuid() else { return false }
      if info.st_mode & 0o077 != 0 {
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o700) == 0 else { return false }
      }
    }
    return true
  }
}
