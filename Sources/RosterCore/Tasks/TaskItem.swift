import Foundation

/// One task on the customer's B2C-protected task API, as Roster shows it. The service's `Owner`
/// is not kept: it is always the signed-in customer.
public struct TaskItem: Sendable, Equatable, Hashable, Identifiable {
  /// The service's id as text (the ASP.NET service uses integers; others use GUIDs).
  public var id: String
  /// Clean: the client cleans it where it decodes the service's answer.
  public var text: CleanText
  public var completed: Bool
  public var dateModified: Date?

  public init(id: String, text: CleanText, completed: Bool = false, dateModified: Date? = nil) {
    self.id = id
    self.text = text
    self.completed = completed
    self.dateModified = dateModified
  }
}

/// Why a task call failed, in terms the screen and the command line can explain.
public enum TaskError: Error, Sendable, Equatable {
  /// The text was refused before sending (empty, too long); says why.
  case invalidText(String)
  /// No `taskAPI` (or an unusable one) is configured.
  case notConfigured(String)
  /// The token was refused even after one silent refresh, or no token can be had.
  case signInRequired(SignInFailure)
  /// The token lacks the API permission (`read`/`write`); signing in again with the scope helps.
  case missingScope(String)
  /// No such task for this customer (the service answers 404 for someone else's too).
  case notFound
  /// The service refused the request (400) with its reason.
  case refused(String)
  /// No answer: network down, reset, timeout.
  case offline(String)
  /// Any other status, with the service's message when it sent one.
  case service(status: Int, message: String)
  /// The answer could not be read.
  case malformedResponse(String)
  case cancelled

  /// One line a person can act on (never a token), cleaned here: the payloads quote the service.
  public var message: CleanText {
    switch self {
    case .invalidText(let text), .notConfigured(let text), .missingScope(let text), .refused(let text),
      .offline(let text), .malformedResponse(let text):
      return CleanText(text)
    case .signInRequired(let failure): return "Sign in again: \(failure.message)"
    case .notFound: return "That task no longer exists (deleted elsewhere?)."
    case .service(let status, let message):
      return message.isEmpty
        ? "The task service answered \(status)." : "The task service answered \(status): \(message)"
    case .cancelled: return "Cancelled."
    }
  }
}

/// The task API as the runtime and the command line use it: closures (TCA's client style),
/// `live` in the Tasks module, fakes in tests.
public struct TaskClient: Sendable {
  public var list: @Sendable () async throws -> [TaskItem]
  /// Adds a task with already-checked text (`TaskText.prepare`); returns it as the service stored it.
  public var add: @Sendable (_ text: String) async throws -> TaskItem
  public var setCompleted: @Sendable (_ id: String, _ completed: Bool) async throws -> TaskItem
  public var delete: @Sendable (_ id: String) async throws -> Void

  public init(
    list: @escaping @Sendable () async throws -> [TaskItem],
    add: @escaping @Sendable (String) async throws -> TaskItem,
    setCompleted: @escaping @Sendable (String, Bool) async throws -> TaskItem,
    delete: @escaping @Sendable (String) async throws -> Void
  ) {
    self.list = list
    self.add = add
    self.setCompleted = setCompleted
    self.delete = delete
  }

  /// A client for a profile without `taskAPI`: every call says so.
  public static func unavailable(_ reason: String) -> TaskClient {
    TaskClient(
      list: { throw TaskError.notConfigured(reason) }, add: { _ in throw TaskError.notConfigured(reason) },
      setCompleted: { _, _ in throw TaskError.notConfigured(reason) },
      delete: { _ in throw TaskError.notConfigured(reason) })
  }
}
