import Foundation

extension DirectoryError {
  /// What went wrong, in one line a person can act on (server text sanitised).
  public var plainMessage: String {
    switch self {
    case .offline(let detail):
      return "Offline: \(DirectoryText.sanitize(detail))"
    case .throttled(let retryAfter):
      return "Microsoft Graph is throttling requests; try again in \(Int(retryAfter.timeInterval.rounded(.up))) s."
    case .permissionDenied(let detail):
      return "Permission denied: \(DirectoryText.sanitize(detail))"
    case .personalAccount:
      return "Personal Microsoft accounts have no organisation directory to search."
    case .signInRequired(let failure):
      return "Sign-in required: \(DirectoryText.sanitize(failure.message))"
    case .notFound:
      return "Not found in the directory (deleted or renamed?)."
    case .service(let status, let code, let message):
      let codeText = code.map { " \(DirectoryText.sanitize($0))" } ?? ""
      return "Microsoft Graph error \(status)\(codeText): \(DirectoryText.sanitize(message))"
    case .malformedResponse(let detail):
      return "Unexpected answer from Microsoft Graph: \(DirectoryText.sanitize(detail))"
    case .cancelled:
      return "Cancelled."
    }
  }
}
