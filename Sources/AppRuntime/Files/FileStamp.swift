#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one `stat` says of a file: which file it is (device and inode) and whether it changed
/// (size and modification time). Cheap enough for every key or every request: the index checks
/// that its file is still the one it opened, and a session re-reads the token cache only when
/// another process wrote it.
public struct FileStamp: Equatable, Sendable {
  public var device: UInt64
  public var inode: UInt64
  public var size: Int64
  public var modifiedSeconds: Int
  public var modifiedNanoseconds: Int

  /// The file at `path` now; nil when there is none.
  public static func of(_ path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Glibc)
      let modified = info.st_mtim
    #else
      let modified = info.st_mtimespec
    #endif
    return FileStamp(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modifiedSeconds: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec))
  }

  /// Whether `other` is the same file (whatever was written to it since).
  public func isSameFile(as other: FileStamp) -> Bool {
    device == other.device && inode == other.inode
  }
}
