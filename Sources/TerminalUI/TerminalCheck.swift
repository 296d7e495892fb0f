import Foundation

/// Decides, before touching the terminal, whether a full-screen UI can run here.
///
/// `TERM=dumb`, an unset `TERM` or a stdin/stdout that is not a terminal (a pipe, cron, CI) get a
/// clear message pointing at the scriptable commands instead of a garbled screen.
public enum TerminalCheck {
  /// nil when the TUI can run; otherwise what to tell the person (exit 1).
  public static func problem(environment: [String: String], stdinIsTTY: Bool, stdoutIsTTY: Bool) -> String? {
    let term = environment["TERM"] ?? ""
    if !stdinIsTTY || !stdoutIsTTY {
      return "roster: the interactive UI needs a terminal (stdin and stdout are not both a tty).\n"
        + "Use `roster search QUERY` or `roster show ID` in scripts and pipes."
    }
    if term.isEmpty || term == "dumb" || term == "unknown" {
      return "roster: this terminal (TERM=\(term.isEmpty ? "unset" : term)) cannot show the full-screen UI.\n"
        + "Use `roster search QUERY` or `roster show ID` instead, or set TERM (e.g. xterm-256color)."
    }
    return nil
  }

  /// `problem` for the current process.
  public static func currentProblem() -> String? {
    problem(
      environment: ProcessInfo.processInfo.environment,
      stdinIsTTY: isatty(STDIN_FILENO) == 1,
      stdoutIsTTY: isatty(STDOUT_FILENO) == 1
    )
  }
}
