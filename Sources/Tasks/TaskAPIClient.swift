import Foundation
import RosterCore
import Transport

/// The customer's task API over the shared transport, with the B2C token as the bearer.
///
/// A 401 gets one forced silent refresh and one more try; a second 401 means the sign-in is no
/// good for this API (`TaskError.signInRequired`), and a 401 that says `insufficient_scope` is
/// explained at once (a refresh cannot add a scope). Mutations are never retried otherwise: a
/// POST that timed out may have been stored, and the list reload shows what really happened.
public struct TaskAPIClient: Sendable {
  let configuration: TaskAPIConfiguration
  let tokens: any AccessTokenProvider
  let transport: any HTTPTransport

  public init(configuration: TaskAPIConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport) {
    self.configuration = configuration
    self.tokens = tokens
    self.transport = transport
  }

  public func list() async throws(TaskError) -> [TaskItem] {
    let response = try await send("GET", try configuration.url(), body: nil)
    return try TaskDecoding.list(response.body)
  }

  /// Adds a task; `text` is checked here too (`TaskText.prepare`), so no caller can skip it.
  public func add(_ text: String) async throws(TaskError) -> TaskItem {
    let clean = try TaskText.prepare(text).get()
    let response = try await send("POST", try configuration.url(), body: ["Text": clean])
    if let created = TaskDecoding.single(response.body) { return created }
    // The 2016 service stored the task and answered with no body: find it in the list.
    let all = try await list()
    guard let stored = all.last(where: { $0.text.string == clean }) else {
      throw .malformedResponse("The task service accepted the task but does not list it.")
    }
    return stored
  }

  public func setCompleted(_ id: String, _ completed: Bool) async throws(TaskError) -> TaskItem {
    let response = try await send("PATCH", try configuration.url(id: id), body: ["Completed": completed])
    if let updated = TaskDecoding.single(response.body) { return updated }
    guard let stored = try await list().first(where: { $0.id == id }) else { throw .notFound }
    return stored
  }

  public func delete(_ id: String) async throws(TaskError) {
    _ = try await send("DELETE", try configuration.url(id: id), body: nil)
  }

  // MARK: - One call

  private func send(_ method: String, _ url: URL, body: [String: any Sendable]?) async throws(TaskError) -> HTTPResponse
  {
    var payload: Data?
    if let body { payload = try? JSONSerialization.data(withJSONObject: body) }
    var forceRefresh = false
    while true {
      let token = try await accessToken(forceRefresh: forceRefresh)
      var headers: [(name: String, value: String)] = [
        ("Authorization", "Bearer " + token.exposedValue), ("Accept", "application/json"),
      ]
      if payload != nil { headers.append(("Content-Type", "application/json; charset=utf-8")) }
      let request = HTTPRequest(
        method: method, url: url, headers: headers, body: payload, timeout: configuration.requestTimeout)
      let response: HTTPResponse
      do { response = try await transport.send(request) } catch { throw Self.error(for: error) }
      switch response.status {
      case 200..<300: return response
      case 401:
        let challenge = response.header("WWW-Authenticate") ?? ""
        if challenge.contains("insufficient_scope") {
          let scope =
            Self.parameter("scope", in: challenge).map { " (\(CleanText($0, maxCharacters: 200)))" } ?? ""
          throw .missingScope(
            "The sign-in lacks the task API's \(method == "GET" ? "read" : "write") permission\(scope); "
              + "add the API's scopes to the scopes setting and sign in again.")
        }
        if forceRefresh {
          throw .signInRequired(
            SignInFailure(
              message: "The task service refused the sign-in even after a refresh.", error: "invalid_token"))
        }
        forceRefresh = true
      case 404: throw .notFound
      case 400, 409, 422:
        let text = TaskDecoding.message(response.body)
        throw .refused(text.isEmpty ? "The task service refused the request." : text)
      case 405: throw .service(status: 405, message: "this task service does not support \(method) on tasks")
      default: throw .service(status: response.status, message: TaskDecoding.message(response.body))
      }
    }
  }

  private func accessToken(forceRefresh: Bool) async throws(TaskError) -> Secret {
    do { return try await tokens.accessToken(forceRefresh: forceRefresh) } catch let required as SignInRequired {
      throw .signInRequired(required.failure)
    } catch let failure as SignInFailure {
      if failure.error == "network" { throw .offline(failure.message.string) }
      throw .signInRequired(failure)
    } catch {
      throw Self.error(for: error)
    }
  }

  /// A `name="value"` parameter of a `WWW-Authenticate` challenge.
  static func parameter(_ name: String, in challenge: String) -> String? {
    guard let range = challenge.range(of: "\(name)=\"") else { return nil }
    let rest = challenge[range.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  static func error(for error: any Error) -> TaskError {
    switch error {
    case let task as TaskError: return task
    case TransportError.timedOut: return .offline("The task service did not answer in time.")
    case TransportError.cancelled, is CancellationError: return .cancelled
    case TransportError.connectionFailed(let text): return .offline("Could not reach the task service: \(text)")
    case TransportError.tls(let text): return .offline("The secure connection to the task service failed: \(text)")
    case TransportError.bodyTooLarge(let limit): return .malformedResponse("The answer was larger than \(limit) bytes.")
    default: return .offline("Could not reach the task service: \(type(of: error)).")
    }
  }
}

extension TaskClient {
  /// The live client: the task API over the shared transport with the session's tokens.
  public static func live(
    configuration: TaskAPIConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport
  )
    -> TaskClient
  {
    let client = TaskAPIClient(configuration: configuration, tokens: tokens, transport: transport)
    return TaskClient(
      list: { try await client.list() }, add: { try await client.add($0) },
      setCompleted: { try await client.setCompleted($0, $1) }, delete: { try await client.delete($0) })
  }

  /// The live client for these settings, or one that explains why there is none.
  public static func live(settings: Settings, tokens: any AccessTokenProvider, transport: any HTTPTransport)
    -> TaskClient
  {
    do {
      return .live(configuration: try TaskAPIConfiguration(settings: settings), tokens: tokens, transport: transport)
    } catch {
      return .unavailable(error.message.string)
    }
  }
}
