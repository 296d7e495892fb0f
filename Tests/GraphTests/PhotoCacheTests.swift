import Foundation
import RosterCore
import Testing

@testable import Graph

/// The disk cache under `$XDG_CACHE_HOME/roster/photos/`: permissions, the cap, eviction, refusal
/// to follow symlinks.
@Suite(.serialized) struct PhotoCacheTests {
  /// A fresh XDG cache home in the temporary directory, removed afterwards.
  static func withCacheHome<T>(_ body: (URL) throws -> T) throws -> T {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("roster-photo-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    return try body(home)
  }

  static func mode(_ path: String) -> mode_t {
    var info = stat()
    lstat(path, &info)
    return info.st_mode & 0o777
  }

  static func request(_ person: String, side: Int = 48) -> PhotoRequest {
    PhotoRequest(tenant: "5b1c5f4e-9d2a-4c6b-8e3f-0a7d2c9b1e44", personID: person, side: side)
  }

  @Test("directories 0700 and files 0600 even under a permissive umask; nothing outside the XDG dir")
  func permissions() throws {
    try Self.withCacheHome { home in
      let cache = PhotoDiskCache.standard(environment: ["XDG_CACHE_HOME": home.path, "HOME": "/nonexistent"])
      #expect(cache.directory.path == home.path + "/roster/photos")
      let previous = umask(0)
      defer { umask(previous) }
      cache.store(.jpeg(Data([0xFF, 0xD8, 1, 2, 3])), for: Self.request("a"))
      cache.store(.absent, for: Self.request("b"))
      #expect(Self.mode(home.path + "/roster") == 0o700)
      #expect(Self.mode(cache.directory.path) == 0o700)
      let files = cache.files()
      #expect(files.count == 2)
      for file in files { #expect(Self.mode(cache.directory.appendingPathComponent(file.name).path) == 0o600) }
      let listing = try FileManager.default.contentsOfDirectory(atPath: home.path)
      #expect(listing == ["roster"])
      #expect(cache.read(Self.request("a")) == .jpeg(Data([0xFF, 0xD8, 1, 2, 3])))
      #expect(cache.read(Self.request("b")) == .absent)
      #expect(cache.read(Self.request("a", side: 240)) == nil, "another size is another entry")
      #expect(cache.read(PhotoRequest(tenant: "other", personID: "a", side: 48)) == nil, "another tenant too")
    }
  }

  @Test("a directory someone loosened is tightened back to 0700")
  func tightens() throws {
    try Self.withCacheHome { home in
      let cache = PhotoDiskCache(directory: home.appendingPathComponent("roster/photos"))
      try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
      chmod(cache.directory.path, 0o777)
      cache.store(.absent, for: Self.request("a"))
      #expect(Self.mode(cache.directory.path) == 0o700)
    }
  }

  @Test("a photos directory that is a symlink is not used, and its target is left alone")
  func symlink() throws {
    try Self.withCacheHome { home in
      let elsewhere = home.appendingPathComponent("shared")
      try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
      chmod(elsewhere.path, 0o755)
      let roster = home.appendingPathComponent("roster")
      try FileManager.default.createDirectory(at: roster, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        at: home.appendingPathComponent("roster/photos"), withDestinationURL: elsewhere)
      let cache = PhotoDiskCache(directory: home.appendingPathComponent("roster/photos"))
      cache.store(.jpeg(Data([1, 2, 3])), for: Self.request("a"))
      #expect(cache.read(Self.request("a")) == nil)
      let listing = try FileManager.default.contentsOfDirectory(atPath: elsewhere.path)
      #expect(listing.isEmpty)
      #expect(Self.mode(elsewhere.path) == 0o755)
    }
  }

  @Test("past the cap the least recently used photos go; a read counts as a use")
  func eviction() throws {
    try Self.withCacheHome { home in
      let cache = PhotoDiskCache(directory: home.appendingPathComponent("roster/photos"), capacityBytes: 3_500)
      let kilobyte = Data(repeating: 0xAB, count: 1_000)
      for name in ["a", "b", "c"] {
        cache.store(.jpeg(kilobyte), for: Self.request(name))
        usleep(20_000)  // distinct modification times
      }
      #expect(cache.read(Self.request("a")) != nil)  // a is now the most recent
      usleep(20_000)
      cache.store(.jpeg(kilobyte), for: Self.request("d"))
      #expect(cache.files().reduce(0) { $0 + $1.bytes } <= 3_500)
      #expect(cache.read(Self.request("b")) == nil, "the least recently used went first")
      #expect(cache.read(Self.request("a")) != nil)
      #expect(cache.read(Self.request("c")) != nil)
      #expect(cache.read(Self.request("d")) != nil)
      cache.store(.jpeg(Data(repeating: 0, count: 4_000)), for: Self.request("huge"))
      #expect(cache.read(Self.request("huge")) == nil, "an entry larger than the whole cache is not kept")
    }
  }

  @Test("an entry older than maxAge is fetched again")
  func expiry() throws {
    try Self.withCacheHome { home in
      let cache = PhotoDiskCache(directory: home.appendingPathComponent("roster/photos"), maxAge: 60)
      cache.store(.absent, for: Self.request("a"))
      #expect(cache.read(Self.request("a")) == .absent)
      #expect(cache.read(Self.request("a"), now: Date().addingTimeInterval(120)) == nil)
    }
  }
}
