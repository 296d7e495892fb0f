import ArgumentParser
import Foundation
import RosterCore

/// `roster link chat|call|mail|portal PERSON [--video]`: prints the link the pane's keys copy,
/// for a script, a chat message or a terminal that opens links itself. Roster opens nothing: the
/// person is looked up as `roster show` does, and the link is only printed.
struct LinkCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "link",
    abstract: "Print a link to reach one person: a Teams chat or call, a mail, their Entra admin centre page.",
    discussion: """
      chat and call print Teams' documented deep links (teams.microsoft.com/l/chat, /l/call; \
      --video for a video call), mail a mailto: link, portal the person's page in the Microsoft \
      Entra admin centre. PERSON is an object id, a user principal name or a mail address, found \
      as roster show finds it (--offline: in the local index). Nothing is opened or sent: the \
      link is printed on standard output. Exit codes: 0 printed, 1 no such person or the person \
      lacks what the link needs (no mail address), 2 usage, 3 not signed in (or no complete \
      index with --offline), 4 service or network error.
      """)

  enum Action: String, ExpressibleByArgument, CaseIterable {
    case chat, call, mail, portal
  }

  @Argument(help: "What the link does: chat, call, mail or portal.")
  var action: Action

  @Argument(
    help: "Object id, user principal name or mail address.",
    completion: .custom(PeopleCompletion.names))
  var person: String

  @Flag(help: "With call: a video call (withVideo=true).")
  var video = false

  @Flag(help: "Find the person in the local index only, sending Graph nothing.")
  var offline = false

  @OptionGroup var demo: DemoOptions

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if let problem = ShowCommand.keyProblem(person, command: "link") { throw ValidationError(problem) }
    if video && action != .call { throw ValidationError("--video goes with call.") }
    try demo.refuse(offline: offline)
  }

  /// The pane's link for the action (`PersonLink`, shared with the keys).
  var personLink: PersonLink {
    switch action {
    case .chat: .chat
    case .call: video ? .videoCall : .call
    case .mail: .mail
    case .portal: .portal
    }
  }

  func run() async throws {
    let found = offline ? try await lookUpOffline() : try await lookUp()
    guard let link = personLink.link(for: found) else {
      let lacks = personLink == .mail ? "mail address" : "user name or mail address"
      DirectoryCommand.say("\(CleanText(found.displayName?.string ?? person)) has no \(lacks): no \(action) link.")
      throw ExitCode(1)
    }
    try DirectoryCommand.write(link.url + "\n")
  }

  /// Through Graph, as `roster show` (its exit codes too).
  private func lookUp() async throws -> Person {
    var found: Person?
    try await DirectoryCommand.run(common: common, demo: demo) { client in
      found = try await PersonLookup.find(person, in: client).detail.person
    }
    guard let found else { throw ExitCode(1) }
    return found
  }

  private func lookUpOffline() async throws -> Person {
    let (index, _) = try await IndexContext.openOffline(common, demo: demo)
    guard let detail = try index.detail(lookingUp: person) else {
      DirectoryCommand.say("No one in the local index is \(CleanText(person)).")
      throw ExitCode(1)
    }
    return detail.person
  }
}
