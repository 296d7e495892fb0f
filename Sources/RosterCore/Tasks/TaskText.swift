import Foundation

/// The one check on a task's text before it is sent: cleaned like every directory string (`CleanText`) (a
/// pasted escape sequence must not reach the service and come back to someone's terminal), trimmed,
/// and refused when empty or longer than the service takes.
public enum TaskText {
  /// Longest text sent; the sandbox's task API refuses longer ones too.
  public static let maxCharacters = 1_000

  /// The text to send, or `TaskError.invalidText` saying why not.
  public static func prepare(_ raw: String) -> Result<String, TaskError> {
    let clean = CleanText(raw, maxCharacters: maxCharacters + 1).string
      .trimmingCharacters(in: .whitespacesAndNewlines)
    if clean.isEmpty { return .failure(.invalidText("Type what the task is first.")) }
    if clean.count > maxCharacters {
      return .failure(.invalidText("A task is at most \(maxCharacters.formatted()) characters; this one is longer."))
    }
    return .success(clean)
  }
}
