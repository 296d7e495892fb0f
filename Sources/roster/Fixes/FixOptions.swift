import ArgumentParser
import Foundation
import RosterCore

/// What every fix shares: `--yes` for scripts, `--dry-run` to see the request, and the exit codes.
struct FixOptions: ParsableArguments {
  @Flag(help: "Go ahead without typing the user name back (scripts; USER must be an object id or user name).")
  var yes = false

  @Flag(name: .customLong("dry-run"), help: "Print the request it would send (method, URL, body) and change nothing.")
  var dryRun = false

  func validate() throws {
    if yes && dryRun { throw ValidationError("--dry-run sends nothing to confirm; leave out --yes.") }
  }
}

/// The exit codes of the fixes (docs/fixes.md): DESIGN.md §6's, and three of their own.
enum FixExit {
  static let done: Int32 = 0
  static let notFound: Int32 = 1
  static let usage: Int32 = 2
  static let notSignedIn: Int32 = 3
  static let service: Int32 = 4
  /// The sign-in lacks the write permission and it was not granted.
  static let permission: Int32 = 5
  /// Graph (or what the look-up read) refused: a role, a dynamic or synced group, a policy.
  static let refused: Int32 = 6
  /// Nobody confirmed: the typed user name did not match, or no terminal and no --yes.
  static let notConfirmed: Int32 = 7

  static let discussion = """
    Exit codes: 0 done (or, with --dry-run, printed), 1 no such person or group, 2 usage (a display \
    name where an object id or user name is needed), 3 not signed in, 4 service or network error \
    (the write may or may not have happened: see roster history --writes), 5 the write permission \
    is missing and was not granted, 6 refused (a directory role, a dynamic or on-premises group, \
    a policy), 7 not confirmed. A membership that holds already (added twice, or removed when \
    not a member) says so and exits 0.
    """
}

/// Why a fix stops: the sentence for stderr and the exit code.
struct FixStop: Error {
  var code: Int32
  var message: String
}
