import ArgumentParser
import RosterCore
import Sandbox

/// `--demo` given to a command it means nothing to. The root command's `--demo` flag is parsed
/// after any subcommand too (argument-parser reads a parent's options), so `roster doctor --demo`
/// used to check the real set-up and `roster login --demo` to print the app-registration
/// checklist, both silently ignoring the flag. These commands work on the person's own sign-in,
/// settings and token cache, which the demo never touches: refused with a sentence, exit 2
/// (docs/decisions/architecture.md#architecture--composition-and-the-command-line).
enum DemoRefusal {
  /// The sentence for `command` when `arguments` (before `--`) hold `--demo`; nil otherwise.
  static func message(for command: any ParsableCommand, arguments: [String]) -> String? {
    let options = arguments.prefix(while: { $0 != "--" })
    // `--b2c` belongs to the full-screen demo; argument-parser also reads it after a subcommand,
    // where it used to be ignored without a word (issue 40).
    if options.contains("--b2c"), !(command is Roster) {
      return "--b2c opens the B2C task list in the full-screen demo (`roster --demo --b2c`); "
        + "from the command line, `roster tasks --demo` lists the B2C demo's tasks."
    }
    guard options.contains("--demo") else { return nil }
    let demo = "--demo signs in by itself to a new sandbox tenant on every run and keeps nothing on disk"
    switch command {
    case is DoctorCommand:
      return "roster doctor checks your own set-up (settings, sign-in, files, network); \(demo), "
        + "so there is nothing to check. Try it with `roster --demo` or `roster search --demo ada`."
    case is LoginCommand:
      return "roster login signs in your own account; \(demo), so there is no sign-in to make. "
        + "Try it with `roster --demo` or `roster search --demo ada`."
    case is LogoutCommand:
      return "roster logout signs your own account out; \(demo), so there is nothing to sign out of."
    case is AccountsCommand, is AccountsListCommand, is AccountsUseCommand:
      return "roster accounts lists and chooses the accounts `roster login` signed in; \(demo), "
        + "so it adds none."
    default:
      return nil
    }
  }

  /// A `ROSTER_DEMO_NOW` the demo cannot read, said before the demo starts on the real clock as
  /// if nothing had been asked (issue 40); nil when it is unset or readable.
  static func environmentProblem(_ environment: [String: String], arguments: [String]) -> String? {
    guard arguments.prefix(while: { $0 != "--" }).contains("--demo"), let now = environment["ROSTER_DEMO_NOW"],
      !now.isEmpty, SandboxConfiguration.instant(iso: now) == nil
    else { return nil }
    return "ROSTER_DEMO_NOW must be an ISO 8601 instant such as 2026-03-29T09:00:00Z, or a date such as "
      + "2026-03-29; “\(CleanText(now))” is neither (unset it for the real clock)."
  }
}
