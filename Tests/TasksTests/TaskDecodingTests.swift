import Foundation
import RosterCore
import Testing
import Transport

@testable import Tasks

@Suite("Task JSON and the 2016 service's answers")
struct TaskDecodingTests {
  @Test("PascalCase and camelCase, numeric and GUID ids, dates with and without a zone")
  func shapes() throws {
    let json = """
      [{"Id": 7, "Owner": "o", "Text": "Pascal", "Completed": true, "DateModified": "2016-08-30T12:00:00.123"},
       {"id": "3f2c-aa", "text": "camel\\u001b[2J", "completed": false, "dateModified": "2024-01-02T03:04:05Z"}]
      """
    let tasks = try TaskDecoding.list(Data(json.utf8))
    #expect(tasks.map(\.id) == ["7", "3f2c-aa"])
    #expect(tasks.map(\.text) == ["Pascal", "camel"])
    #expect(tasks[0].completed)
    #expect(abs((tasks[0].dateModified?.timeIntervalSince1970 ?? 0) - 1_472_558_400.123) < 0.0005)
    #expect(tasks[1].dateModified == Date(timeIntervalSince1970: 1_704_164_645))
    #expect(throws: TaskError.self) { try TaskDecoding.list(Data(#"{"value": []}"#.utf8)) }
    #expect(throws: TaskError.self) { try TaskDecoding.list(Data(#"[{"Text": "no id"}]"#.utf8)) }
  }

  @Test("a task title is cleaned where the answer is decoded: OSC 52, DCS, bidi, C1 gone")
  func hostileTitles() throws {
    let json = #"[{"Id": 1, "Text": "\u001b]52;c;ZXZpbA==\u0007Pay \u202einvoice\u009b2J\u001bPq\u001b\\ now"}]"#
    let task = try #require(try TaskDecoding.list(Data(json.utf8)).first)
    #expect(task.text == "Pay invoice now")
    #expect(task.text.string == "Pay invoice now")
  }

  @Test("service messages: ASP.NET's Message, OAuth and Graph shapes, HTML dropped")
  func messages() {
    #expect(
      TaskDecoding.message(Data(#"{"Message": "Please provide a task description"}"#.utf8))
        == "Please provide a task description")
    #expect(TaskDecoding.message(Data(#"{"error": {"code": "x", "message": "nope"}}"#.utf8)) == "nope")
    #expect(TaskDecoding.message(Data("<html><body>IIS</body></html>".utf8)) == "")
  }

  @Test("a POST answered with no body (the 2016 service) finds the new task in the list")
  func emptyPostAnswer() async throws {
    let transport = OldService()
    var settings = Settings()
    settings.taskAPI = "https://tasks.example.com/"
    let client = TaskAPIClient(
      configuration: try TaskAPIConfiguration(settings: settings), tokens: StaticToken(), transport: transport)
    let added = try await client.add("walk the dog")
    #expect(added == TaskItem(id: "1", text: "walk the dog"))
    #expect(
      transport.sent.withLock { $0 } == [
        "POST https://tasks.example.com/api/tasks", "GET https://tasks.example.com/api/tasks",
      ])
  }

  @Test("taskAPI must be https, or http on this machine")
  func configuration() {
    var settings = Settings()
    #expect(throws: TaskError.self) { try TaskAPIConfiguration(settings: settings) }
    settings.taskAPI = "http://tasks.example.com"
    #expect(throws: TaskError.self) { try TaskAPIConfiguration(settings: settings) }
    settings.taskAPI = "http://localhost:3000"
    #expect((try? TaskAPIConfiguration(settings: settings))?.root.absoluteString == "http://localhost:3000")
  }
}

/// The 2016 TaskService: POST stores and answers 204 with no body; GET lists.
private final class OldService: HTTPTransport, @unchecked Sendable {
  let sent = LockedValue<[String]>([])
  let stored = LockedValue<[String]>([])

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    sent.withLock { $0.append("\(request.method) \(request.url.absoluteString)") }
    if request.method == "POST" {
      let body = try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any]
      stored.withLock { $0.append(body?["Text"] as? String ?? "") }
      return HTTPResponse(status: 204)
    }
    let list = stored.withLock { $0 }.enumerated().map {
      ["Id": $0.offset + 1, "Owner": "o", "Text": $0.element] as [String: Any]
    }
    return HTTPResponse(status: 200, body: try JSONSerialization.data(withJSONObject: list))
  }
}

private struct StaticToken: AccessTokenProvider {
  func accessToken(forceRefresh: Bool) async throws -> Secret { Secret("t") }
}
