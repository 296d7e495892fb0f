import Foundation
import RosterCore
import Transport

/// Where the task API is, checked once from the `taskAPI` setting: an absolute https URL, or
/// http on a loopback host (the sandbox, a service under development), as for every endpoint.
public struct TaskAPIConfiguration: Sendable, Equatable {
  /// The service root; calls go to `{root}/api/tasks`.
  public var root: URL
  /// Deadline of each call.
  public var requestTimeout: Duration

  public init(settings: Settings, requestTimeout: Duration = .seconds(30)) throws(TaskError) {
    guard let text = settings.taskAPI?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
      throw .notConfigured(
        "No task API is configured: set taskAPI to the service's URL (e.g. https://api.example.com).")
    }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
      throw .notConfigured("The taskAPI setting (\(CleanText(text))) is not an absolute URL.")
    }
    guard scheme == "https" || (scheme == "http" && LoopbackHost.contains(host)) else {
      throw .notConfigured("The taskAPI setting must use https (plain http only for this machine).")
    }
    var cleaned = text
    while cleaned.hasSuffix("/") { cleaned.removeLast() }
    self.root = URL(string: cleaned)!
    self.requestTimeout = requestTimeout
  }

  /// `{root}/api/tasks`, or `{root}/api/tasks/{id}`. Ids are integers or GUIDs: only RFC 3986
  /// unreserved characters are accepted, so an id can never change the shape of the path.
  func url(id: String? = nil) throws(TaskError) -> URL {
    var text = root.absoluteString + "/api/tasks"
    if let id {
      let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
      guard !id.isEmpty, id.count <= 64, id.allSatisfy(allowed.contains), id != ".", id != ".." else {
        throw .invalidText("\(CleanText(id, maxCharacters: 64)) is not a task id.")
      }
      text += "/" + id
    }
    guard let url = URL(string: text) else { throw .notConfigured("The taskAPI setting does not make a valid URL.") }
    return url
  }
}
