import AppRuntime
import Foundation
import RosterCore
import Testing

/// The local audit trail: one JSON line per attempt, 0600 from its creation, a 0700 directory,
/// and no field a token or a pass could be in.
@Suite struct WriteAuditFileTests {
  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("roster-audit-\(UUID().uuidString)")
      .appendingPathComponent("roster")
    return url
  }

  @Test func eachAttemptIsOneLineInA0600File() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
    let file = WriteAuditFile(directory: directory)
    let plan = WritePlan(kind: .tap, person: WritePlanTests.ada, lifetimeMinutes: 60)
    try file.append(
      WriteRecord(
        time: Date(timeIntervalSince1970: 1_800_000_000), account: "op@contoso.com", plan: plan, requestId: "r-1",
        outcome: .ok, status: 201, code: nil))
    try file.append(
      WriteRecord(
        time: Date(timeIntervalSince1970: 1_800_000_060), account: "op@contoso.com",
        plan: WritePlan(kind: .revoke, person: WritePlanTests.ada), requestId: "r-2", outcome: .refused, status: 403,
        code: "Authorization_RequestDenied"))
    let attributes = try FileManager.default.attributesOfItem(atPath: file.url.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folder = try FileManager.default.attributesOfItem(atPath: directory.path)
    #expect((folder[.posixPermissions] as? Int) == 0o700)
    let text = try String(contentsOf: file.url, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 2 && text.hasSuffix("\n"))
    let records = try file.read()
    #expect(records.map(\.action) == [.tap, .revoke] && records.map(\.outcome) == [.ok, .refused])
    #expect(records[1].code == "Authorization_RequestDenied" && records[0].requestId == "r-1")
    #expect(records[0].targetUserPrincipalName == "ada@contoso.com" && records[0].account == "op@contoso.com")
    let keys = Set(
      try text.split(separator: "\n").flatMap {
        (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]).keys
      })
    #expect(
      keys.isSubset(of: [
        "time", "account", "action", "targetId", "targetUserPrincipalName", "targetDisplayName", "groupId",
        "groupDisplayName", "requestId", "outcome", "status", "code",
      ]))
  }

  @Test func aWidenedFileIsNarrowedAndADamagedLineSkipped() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = WriteAuditFile(directory: directory)
    FileManager.default.createFile(
      atPath: file.url.path, contents: Data("not json\n".utf8), attributes: [.posixPermissions: 0o644])
    try file.append(
      WriteRecord(
        time: Date(), account: "op@contoso.com", plan: WritePlan(kind: .enable, person: WritePlanTests.ada),
        requestId: nil, outcome: .failed, status: nil, code: nil))
    #expect((try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int) == 0o600)
    #expect(try file.read().map(\.action) == [.enable])
  }
}
