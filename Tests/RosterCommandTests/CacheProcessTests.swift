import Foundation
import RosterCore
import Sandbox
import TestSupport
import Testing
import Transport

@testable import Identity

/// Real processes sharing one token cache: the built `roster` binary, refreshing at once and
/// being killed with SIGKILL mid-write.
@Suite(.serialized) struct CacheProcessTests {
  func launch(
    _ harness: SandboxHarness, _ arguments: [String], output: FileHandle = .nullDevice, errors: FileHandle = .nullDevice
  ) throws -> Process {
    let process = Process()
    // The binary is built by `swift build --build-tests`; a test that cannot find it fails.
    process.executableURL = try #require(RosterBinary.url, "build roster first")
    process.arguments = arguments
    process.environment = harness.rosterEnvironment()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    return process
  }

  /// A sandbox with the harness's session signed in (a sign-in that does not finish fails the test).
  func signedInHarness() async throws -> SandboxHarness {
    let harness = try await SandboxHarness.start()
    do {
      try await harness.signedIn(try harness.session())
    } catch {
      await harness.stop()
      throw error
    }
    return harness
  }

  @Test func twoProcessesRefreshingAtOnceBothKeepAWorkingToken() async throws {
    let harness = try await signedInHarness()
    defer { Task { await harness.stop() } }
    let before = try await harness.tokenRequestCount()
    for _ in 0..<3 {
      let processes = try (0..<2).map { _ in try launch(harness, ["status", "--refresh"]) }
      for process in processes { process.waitUntilExit() }
      #expect(processes.map(\.terminationStatus) == [0, 0])
    }
    // Every process really refreshed (one after the other, under the cache lock).
    #expect(try await harness.tokenRequestCount() - before == 6)
    // The cache's refresh token is the newest and still works for a third party.
    let session = try harness.session()
    #expect(await session.restoreSession() != nil)
    #expect(try await harness.graphMe(try await session.accessToken(forceRefresh: true)) == 200)
  }

  @Test func sigkillMidWriteLeavesAReadableCache() async throws {
    let harness = try await signedInHarness()
    defer { Task { await harness.stop() } }
    let warnings = WarningLog()
    let store = harness.fileStore { warnings.append($0) }
    for round in 0..<12 {
      let process = try launch(harness, ["status", "--refresh"])
      // Kill at a different point of the process's life each round (real end-to-end timing).
      try await Task.sleep(for: .milliseconds(20 + round * 15))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let file = try await store.load()
      #expect(file.activeAccount != nil)
      #expect(file.accounts.values.first?.refreshToken != nil)
    }
    #expect(warnings.all.isEmpty, "\(warnings.all)")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: harness.stateDirectory.path)
      .filter { $0.contains(".corrupt-") }
    #expect(leftovers.isEmpty)
    let session = try harness.session()
    #expect(try await harness.graphMe(try await session.accessToken(forceRefresh: true)) == 200)
  }

  /// Runs roster to the end and returns (exit status, stdout, stderr).
  func run(_ harness: SandboxHarness, _ arguments: [String]) throws -> (Int32, String, String) {
    let out = harness.directory.url.appendingPathComponent("out-\(UUID().uuidString)")
    let err = harness.directory.url.appendingPathComponent("err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = try launch(
      harness, arguments, output: try FileHandle(forWritingTo: out), errors: try FileHandle(forWritingTo: err))
    process.waitUntilExit()
    return (
      process.terminationStatus, try String(contentsOf: out, encoding: .utf8),
      try String(contentsOf: err, encoding: .utf8)
    )
  }

  @Test func loginStatusAndLogoutCommandsNeverPrintAToken() async throws {
    let harness = try await SandboxHarness.start { $0.approveAfter = .seconds(1) }
    defer { Task { await harness.stop() } }
    let (loginStatus, loginOut, loginErr) = try run(harness, ["login", "--device-code"])
    #expect(loginStatus == 0, "\(loginErr)")
    #expect(loginOut.isEmpty)
    #expect(loginErr.contains("enter the code"))
    #expect(loginErr.contains("/device"))
    #expect(loginErr.contains("Signed in as"))
    let (statusCode, statusOut, statusErr) = try run(harness, ["status", "--json", "--refresh"])
    #expect(statusCode == 0, "\(statusErr)")
    let report = try JSONSerialization.jsonObject(with: Data(statusOut.utf8)) as? [String: Any]
    #expect(report?["signedIn"] as? Bool == true)
    let entry = try #require(try await harness.fileStore().load().accounts.values.first)
    let secrets = [entry.accessToken, entry.refreshToken].compactMap { $0?.exposedValue }
    #expect(secrets.count == 2)
    for text in [loginOut, loginErr, statusOut, statusErr] {
      #expect(!secrets.contains { text.contains($0) }, "a token was printed")
    }
    let (logoutStatus, _, logoutErr) = try run(harness, ["logout"])
    #expect(logoutStatus == 0)
    #expect(logoutErr.contains("Signed out"))
    #expect(try run(harness, ["status"]).0 == 3)
  }

  @Test func withoutAClientIdLoginPrintsTheChecklistAndExits3() async throws {
    let harness = try await SandboxHarness.start()
    defer { Task { await harness.stop() } }
    let (status, _, errors) = try run(harness, ["login", "--client-id", " "])
    #expect(status == 3)
    #expect(errors.contains("Allow public client flows"))
    #expect(errors.contains("User.ReadBasic.All"))
  }
}
