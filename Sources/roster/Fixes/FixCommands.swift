import ArgumentParser
import Foundation
import RosterCore

/// `roster revoke USER`: ends every session of the person (revokeSignInSessions).
struct RevokeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "revoke",
    abstract: "Revoke a person's sign-in sessions: they sign in again on every device and app.",
    discussion: """
      Sends POST /users/{id}/revokeSignInSessions (User.RevokeSessions.All, asked for the first time \
      it is needed). It cannot be undone. USER is an object id or a user name (UPN or mail); a \
      display name is refused. At a terminal you type the user name back; scripts add --yes. \
      Every attempt is recorded in $XDG_STATE_HOME/roster/writes.jsonl (roster history --writes). 
      """ + FixExit.discussion)

  @Argument(help: "The person: object id or user name (UPN or mail).") var user: String
  @OptionGroup var fix: FixOptions
  @OptionGroup var demo: DemoOptions
  @OptionGroup var common: CommonOptions

  func run() async throws {
    try await FixRunner.run(.revoke, user: user, fix: fix, demo: demo, common: common)
  }
}

/// `roster disable USER`: blocks sign-in (`accountEnabled` false).
struct DisableCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "disable",
    abstract: "Disable a person's account: they can no longer sign in (undo with roster enable).",
    discussion: """
      Sends PATCH /users/{id} {"accountEnabled": false} (User.EnableDisableAccount.All with \
      User.Read.All, asked for the first time it is needed). An account synced from on-premises \
      Active Directory is changed there. Confirmation, --yes, --dry-run and the audit file as for \
      roster revoke. 
      """ + FixExit.discussion)

  @Argument(help: "The person: object id or user name (UPN or mail).") var user: String
  @OptionGroup var fix: FixOptions
  @OptionGroup var demo: DemoOptions
  @OptionGroup var common: CommonOptions

  func run() async throws {
    try await FixRunner.run(.disable, user: user, fix: fix, demo: demo, common: common)
  }
}

/// `roster enable USER`: allows sign-in again (`accountEnabled` true).
struct EnableCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "enable",
    abstract: "Enable a person's account again (undo with roster disable).",
    discussion: """
      Sends PATCH /users/{id} {"accountEnabled": true} (User.EnableDisableAccount.All with \
      User.Read.All). Confirmation, --yes, --dry-run and the audit file as for roster revoke. 
      """ + FixExit.discussion)

  @Argument(help: "The person: object id or user name (UPN or mail).") var user: String
  @OptionGroup var fix: FixOptions
  @OptionGroup var demo: DemoOptions
  @OptionGroup var common: CommonOptions

  func run() async throws {
    try await FixRunner.run(.enable, user: user, fix: fix, demo: demo, common: common)
  }
}

/// `roster tap USER [--lifetime 60m] [--once]`: a Temporary Access Pass, shown once.
struct TapCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tap",
    abstract: "Create a Temporary Access Pass for a person; it is printed once and kept nowhere.",
    discussion: """
      Sends POST /users/{id}/authentication/temporaryAccessPassMethods \
      (UserAuthenticationMethod.ReadWrite.All; the tenant's Temporary Access Pass policy must be on). \
      The pass alone is printed on stdout, once: not in the log, the audit file or any message. A \
      new pass replaces one the person has. Confirmation, --yes, --dry-run and the audit file as \
      for roster revoke. 
      """ + FixExit.discussion)

  @Argument(help: "The person: object id or user name (UPN or mail).") var user: String
  @Option(help: "How long the pass is valid: minutes, or with m, h or d (10m to 30d; default: the tenant policy's).")
  var lifetime: String?
  @Flag(help: "The pass works for one sign-in only.") var once = false
  @OptionGroup var fix: FixOptions
  @OptionGroup var demo: DemoOptions
  @OptionGroup var common: CommonOptions

  func validate() throws {
    if let lifetime {
      guard let minutes = WritePlan.parseLifetime(lifetime), WritePlan.lifetimeRange.contains(minutes) else {
        throw ValidationError("--lifetime must be 10 minutes to 30 days, e.g. 60m, 8h or 1d.")
      }
    }
  }

  func run() async throws {
    try await FixRunner.run(
      .tap, user: user, fix: fix, demo: demo, common: common,
      lifetimeMinutes: lifetime.flatMap(WritePlan.parseLifetime), usableOnce: once)
  }
}

/// `roster reinvite USER`: sends a pending guest's invitation again.
struct ReinviteCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reinvite",
    abstract: "Send a guest's invitation email again, while they have not accepted it.",
    discussion: """
      Sends POST /invitations with the guest's address and sendInvitationMessage (User.Invite.All). \
      A member, or a guest who accepted already, is refused before anything is sent. Confirmation, \
      --yes, --dry-run and the audit file as for roster revoke. 
      """ + FixExit.discussion)

  @Argument(help: "The guest: object id or user name (UPN or mail).") var user: String
  @OptionGroup var fix: FixOptions
  @OptionGroup var demo: DemoOptions
  @OptionGroup var common: CommonOptions

  func run() async throws {
    try await FixRunner.run(.reinvite, user: user, fix: fix, demo: demo, common: common)
  }
}

/// `roster groups add GROUP USER`.
struct GroupAddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a person to a group (undo with roster groups remove).",
    discussion: """
      Sends POST /groups/{id}/members/$ref (GroupMember.ReadWrite.All). A dynamic group's members \
      are by rule, and an on-premises group's are changed in Active Directory: Graph refuses both. \
      GROUP is an object id, mail address or exact display name; USER an object id or user name. 
      """ + FixExit.discussion)

  @Argument(help: "The group: object id, mail address or exact display name.") var group: String
  @Argument(help: "The person: object id or user name (UPN or mail).") var user: String
  @OptionGroup var fix: FixOptions
  @OptionGroup var demo: DemoOptions
  @OptionGroup var common: CommonOptions

  func run() async throws {
    try await FixRunner.run(.groupAdd, user: user, group: group, fix: fix, demo: demo, common: common)
  }
}

/// `roster groups remove GROUP USER`.
struct GroupRemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Remove a person from a group (undo with roster groups add).",
    discussion: """
      Sends DELETE /groups/{id}/members/{id}/$ref (GroupMember.ReadWrite.All), with the refusals of \
      roster groups add. 
      """ + FixExit.discussion)

  @Argument(help: "The group: object id, mail address or exact display name.") var group: String
  @Argument(help: "The person: object id or user name (UPN or mail).") var user: String
  @OptionGroup var fix: FixOptions
  @OptionGroup var demo: DemoOptions
  @OptionGroup var common: CommonOptions

  func run() async throws {
    try await FixRunner.run(.groupRemove, user: user, group: group, fix: fix, demo: demo, common: common)
  }
}
