import Foundation

extension DirectoryError {
  /// What went wrong, in one line a person can act on. The payloads quote server text, so the
  /// line is cleaned here, where an error becomes text for the screen or the CLI.
  public var plainMessage: CleanText {
    switch self {
    case .offline(let detail):
      return "Offline: \(detail)"
    case .throttled(let retryAfter):
      return "Microsoft Graph is throttling requests; try again in \(Int(retryAfter.timeInterval.rounded(.up))) s."
    case .permissionDenied(let detail):
      return "Permission denied: \(detail)"
    case .personalAccount:
      return "Personal Microsoft accounts have no organisation directory to search."
    case .signInRequired(let failure):
      return "Sign-in required: \(failure.message)"
    case .notFound:
      return "Not found in the directory (deleted or renamed?)."
    case .service(let status, let code, let message):
      let codeText = code.map { " \($0)" } ?? ""
      return "Microsoft Graph error \(status)\(codeText): \(message)"
    case .malformedResponse(let detail):
      return "Unexpected answer from Microsoft Graph: \(detail)"
    case .cancelled:
      return "Cancelled."
    case .unsupportedQuery(let detail):
      return "\(detail)"
    }
  }
}
