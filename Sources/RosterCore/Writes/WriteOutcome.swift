import Foundation

/// What one write came to, in the words the command line and the pane both say (issue 45): the
/// command prints `text` (and a pass alone on stdout), the pane's fix box shows the same.
public struct WriteOutcome: Equatable, Sendable {
  public enum Result: Equatable, Sendable {
    /// Graph did it.
    case done
    /// Graph said no: nothing changed.
    case refused
    /// Graph said no because it is so already (a member added twice, a non-member removed): what
    /// was asked for holds, so a script that ensures it succeeds (exit 0).
    case unchanged
    /// Graph no longer finds the person (deleted, or the id changed).
    case notFound
    /// No answer that says whether it happened (a network failure, a 5xx): look before retrying.
    case unknown(DirectoryError)
    /// The sign-in lacks the write permission and asking for it silently did not get it: nothing
    /// was sent.
    case needsPermission
  }

  public var result: Result
  /// What changed and how to undo it, or why nothing did; ends with Graph's request-id when there
  /// is one.
  public var text: String
  /// A Temporary Access Pass Graph created: shown once, where the person reads it, never logged.
  public var pass: Secret?
  /// The sign-in's scopes after a silent widening added the write's permission; nil: unchanged.
  public var grantedScopes: [String]?

  public init(result: Result, text: String, pass: Secret? = nil, grantedScopes: [String]? = nil) {
    self.result = result
    self.text = text
    self.pass = pass
    self.grantedScopes = grantedScopes
  }

  public var succeeded: Bool { result == .done }
  /// Whether what was asked for now holds: done, or so already.
  public var holds: Bool { result == .done || result == .unchanged }
}
