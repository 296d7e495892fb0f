import Foundation
import Identity
import RosterCore
import Sandbox
import Testing
import Transport

@testable import Tasks

@Suite("Task client against the sandbox", .serialized)
struct TaskClientTests {
  @Test("list, add, complete and delete through the B2C policy's token")
  func roundTrip() async throws {
    let h = try await TaskSandbox.start()
    defer { Task { await h.stop() } }
    let start = try await h.client.list()
    #expect(
      start.map(\.text) == [
        "Add a task in the field above and press Enter", "Press Space to mark this one done",
        "Delete this one with the Delete key",
      ])
    let added = try await h.client.add("  Buy milk  ")
    #expect(added.text == "Buy milk")
    #expect(added.completed == false)
    #expect(added.dateModified != nil)
    let done = try await h.client.setCompleted(added.id, true)
    #expect(done.completed)
    #expect(try await h.client.list().first { $0.id == added.id }?.completed == true)
    try await h.client.delete(start[2].id)
    let end = try await h.client.list()
    #expect(end.map(\.id) == [start[0].id, start[1].id, added.id])
    #expect(await TaskClient.failure { try await h.client.delete(start[2].id) } == .notFound)
  }

  @Test("text is sanitised before it is sent; empty and 10,000-character texts never leave the machine")
  func textChecks() async throws {
    let h = try await TaskSandbox.start()
    defer { Task { await h.stop() } }
    _ = try await h.client.add("red \u{1B}[31malert\u{1B}[0m \u{202E}evil")
    #expect(try await h.rawTexts().last == "red alert evil")

    let before = try await h.taskAPIRequests()
    #expect(
      await TaskClient.failure { _ = try await h.client.add("  \n ") } == .invalidText("Type what the task is first."))
    let long = await TaskClient.failure { _ = try await h.client.add(String(repeating: "x", count: 10_000)) }
    guard case .invalidText(let why)? = long else {
      Issue.record("10,000 characters were not refused")
      return
    }
    #expect(why.contains("at most"))
    #expect(try await h.taskAPIRequests() == before, "no request at all")
    // Exactly the limit is fine.
    _ = try await h.client.add(String(repeating: "y", count: TaskText.maxCharacters))
  }

  @Test("an expired token is refreshed silently once; a revoked session asks for sign-in")
  func tokenRecovery() async throws {
    let h = try await TaskSandbox.start()
    defer { Task { await h.stop() } }
    _ = try await h.client.list()
    try await h.harness.addFault(["kind": "expire_access_tokens"])
    let tokenCalls = try await h.harness.tokenRequestCount()
    #expect(try await h.client.list().count == 3)
    #expect(try await h.harness.tokenRequestCount() == tokenCalls + 1)

    try await h.harness.addFault(["kind": "revoke_refresh_tokens"])
    try await h.harness.addFault(["kind": "expire_access_tokens"])
    let failure = await TaskClient.failure { _ = try await h.client.list() }
    guard case .signInRequired(let why)? = failure else {
      Issue.record("expected sign-in required, got \(String(describing: failure))")
      return
    }
    #expect(why.message.string.contains("revoked"))
  }

  @Test("a token without the write scope is explained, not refreshed in a loop")
  func missingScope() async throws {
    let h = try await TaskSandbox.start(scopes: { [$0.taskScopes[0]] })
    defer { Task { await h.stop() } }
    #expect(try await h.client.list().count == 3)
    let failure = await TaskClient.failure { _ = try await h.client.add("x") }
    guard case .missingScope(let why)? = failure else {
      Issue.record("expected missing scope, got \(String(describing: failure))")
      return
    }
    #expect(why.contains("write"))
    #expect(why.contains("/api/write"))
  }

  @Test("server errors become plain messages; a stopped service is offline")
  func serverErrors() async throws {
    let h = try await TaskSandbox.start()
    defer { Task { await h.stop() } }
    try await h.harness.addFault(["match": "/api/tasks*", "kind": "status", "status": 503, "count": 1])
    let unavailable = await TaskClient.failure { _ = try await h.client.list() }
    guard case .service(503, _)? = unavailable else {
      Issue.record("expected 503, got \(String(describing: unavailable))")
      return
    }
    #expect(unavailable?.message.string.hasPrefix("The task service answered 503") == true)
    #expect(await TaskClient.failure { _ = try await h.client.setCompleted("999", true) } == .notFound)
    #expect(
      await TaskClient.failure { _ = try await h.client.delete("../x") } == .invalidText("../x is not a task id."))
    await h.sandbox.stop()
    guard case .offline? = await TaskClient.failure({ _ = try await h.client.list() }) else {
      Issue.record("a stopped service should be offline")
      return
    }
  }

  @Test("a second customer signed in elsewhere sees only their own tasks")
  func isolation() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tasks-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try await TaskSandbox.start(configure: { $0.dataDirectory = directory })
    defer { Task { await first.stop() } }
    _ = try await first.client.add("first customer's secret")
    try await first.harness.control("browser", ["user": first.sandbox.demoCustomers[1]])
    let second = try TaskSandbox.customer(of: first.harness)
    try await second.signIn()
    let secondClient = second.client
    let theirs = try await secondClient.list()
    #expect(theirs.map(\.text) == ["Book the dentist", "Renew the passport"])
    let firstIds = try await first.client.list().map(\.id)
    for id in firstIds {
      #expect(await TaskClient.failure { try await secondClient.delete(id) } == .notFound)
    }
    #expect(try await first.client.list().map(\.id) == firstIds)
  }
}
