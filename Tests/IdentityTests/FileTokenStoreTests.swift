import Foundation
import RosterCore
import TestSupport
import Testing

@testable import Identity

@Suite struct FileTokenStoreTests {
  static func entry(_ name: String, refresh: String = "rt") -> CachedAccount {
    CachedAccount(
      account: Account(homeAccountId: "\(name).t", username: "\(name)@x", tenantId: "t", authority: "https://a/t"),
      clientId: "c", refreshToken: Secret(refresh), accessToken: nil, accessTokenIssuedAt: nil,
      requestedScopes: "openid",
      updatedAt: Date(timeIntervalSince1970: 0))
  }

  @Test func createsThePrivateDirectoryAndFileAndRoundTrips() async throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let directory = temp.url.appendingPathComponent("state/roster")
    let store = FileTokenStore(directory: directory) { _ in }
    try await store.update { file in
      file.accounts["k"] = Self.entry("a")
      file.activeAccount = "k"
    }
    #expect(TemporaryDirectory.mode(directory.path) == 0o700)
    #expect(TemporaryDirectory.mode(store.fileURL.path) == 0o600)
    let loaded = try await store.load()
    #expect(loaded.activeAccount == "k")
    #expect(loaded.accounts["k"]?.refreshToken == Secret("rt"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty)
  }

  @Test func widePermissionsAreRepairedWithAWarning() async throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let warnings = WarningLog()
    let store = FileTokenStore(directory: temp.url) { warnings.append($0) }
    try await store.update { $0.accounts["k"] = Self.entry("a") }
    chmod(store.fileURL.path, 0o644)
    chmod(temp.url.path, 0o755)
    _ = try await store.load()
    #expect(TemporaryDirectory.mode(store.fileURL.path) == 0o600)
    #expect(TemporaryDirectory.mode(temp.url.path) == 0o700)
    #expect(warnings.all.count == 2)
    #expect(warnings.all.allSatisfy { !$0.contains("rt") || $0.contains("roster") })
  }

  @Test(arguments: ["truncated", "notJSON", "empty", "directory", "wrongShape"])
  func corruptCachesAreMovedAsideNotFatal(kind: String) async throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let warnings = WarningLog()
    let store = FileTokenStore(directory: temp.url) { warnings.append($0) }
    try await store.update { $0.accounts["k"] = Self.entry("a") }
    let path = store.fileURL.path
    let full = try Data(contentsOf: store.fileURL)
    try FileManager.default.removeItem(atPath: path)
    switch kind {
    case "truncated":
      _ = FileManager.default.createFile(
        atPath: path, contents: full.prefix(full.count / 2), attributes: [.posixPermissions: 0o600])
    case "notJSON":
      _ = FileManager.default.createFile(
        atPath: path, contents: Data("hello\u{0}".utf8), attributes: [.posixPermissions: 0o600])
    case "empty":
      _ = FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o600])
    case "wrongShape":
      _ = FileManager.default.createFile(
        atPath: path, contents: Data("[1,2]".utf8), attributes: [.posixPermissions: 0o600])
    default: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    let loaded = try await store.load()
    #expect(loaded.accounts.isEmpty)
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("moved it to") == true)
    let aside = try FileManager.default.contentsOfDirectory(atPath: temp.url.path).filter { $0.contains(".corrupt-") }
    #expect(aside.count == 1)
    // And the store works again afterwards.
    try await store.update { $0.accounts["k2"] = Self.entry("b") }
    #expect(try await store.load().accounts.keys.sorted() == ["k2"])
  }

  /// Two independent stores on one file, updated from separate tasks at once: every increment
  /// survives because each update re-reads under the lock.
  @Test func concurrentStoresNeverLoseAnUpdate() async throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let first = FileTokenStore(directory: temp.url) { _ in }
    let second = FileTokenStore(directory: temp.url) { _ in }
    let rounds = 40
    await withTaskGroup(of: Void.self) { group in
      for (index, store) in [first, second].enumerated() {
        group.addTask {
          for round in 0..<rounds {
            try? await store.update { file in
              file.accounts["\(index)-\(round)"] = Self.entry("u\(index)", refresh: "rt-\(index)-\(round)")
            }
          }
        }
      }
    }
    #expect(try await first.load().accounts.count == rounds * 2)
  }
}

extension FileTokenStoreTests {
  @Test(.enabled(if: getuid() == 0, "only root can give a file to another user (CI runs as root)"))
  func aCacheOwnedBySomeoneElseIsRefused() async throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let store = FileTokenStore(directory: temp.url) { _ in }
    try await store.update { $0.accounts["k"] = Self.entry("a") }
    chown(store.fileURL.path, 65534, 65534)
    do {
      _ = try await store.load()
      Issue.record("expected refusal")
    } catch let failure as SignInFailure {
      #expect(failure.message.string.contains("belongs to another user"))
    }
  }
}
