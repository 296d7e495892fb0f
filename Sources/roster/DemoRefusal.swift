import ArgumentParser

/// `--demo` given to a command it means nothing to. The root command's `--demo` flag is parsed
/// after any subcommand too (argument-parser reads a parent's options), so `roster doctor --demo`
/// used to check the real set-up and `roster login --demo` to print the app-registration
/// checklist, both silently ignoring the flag. These commands work on the person's own sign-in,
/// settings and token cache, which the demo never touches: refused with a sentence, exit 2
/// (DECISIONS.md "--demo where it means nothing").
enum DemoRefusal {
  /// The sentence for `command` when `arguments` (before `--`) hold `--demo`; nil otherwise.
  static func message(for command: any ParsableCommand, arguments: [String]) -> String? {
    guard arguments.prefix(while: { $0 != "--" }).contains("--demo") else { return nil }
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
}
