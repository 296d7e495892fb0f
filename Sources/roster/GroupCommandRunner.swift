import ArgumentParser
import Foundation
import Graph
import Index
import RosterCore

/// What the group commands share: the group client (Graph with the cached sign-in, or the local
/// index with `--offline`), the people client, and errors on stderr with the exit codes of
/// `search` and `show`.
enum GroupCommandRunner {
  struct Clients {
    var groups: GroupClient
    /// People over Graph; nil offline.
    var people: DirectoryClient?
    /// The index answered: when it was synced, for a line on stderr.
    var indexSynced: Date??

    func sayFromIndex() {
      guard let synced = indexSynced else { return }
      DirectoryCommand.say(IndexContext.fromIndex(synced))
    }
  }

  static func run(
    common: CommonOptions, demo: DemoOptions, offline: Bool, _ body: (Clients) async throws -> Void
  ) async throws {
    let clients = try await offline ? offlineClients(common, demo: demo) : liveClients(common, demo: demo)
    do {
      try await body(clients)
    } catch let error as DirectoryError {
      say(error)
      throw ExitCode(exitCode(for: error))
    }
  }

  static func liveClients(_ common: CommonOptions, demo: DemoOptions) async throws -> Clients {
    let runtime = try await common.makeRuntime(demo: demo)
    let people = try await DirectoryCommand.makeClient(runtime)
    let configuration = try await runtime.signedInGraph().configuration
    return Clients(
      groups: .live(configuration: configuration, tokens: runtime.session, transport: runtime.transport),
      people: people, indexSynced: nil)
  }

  static func offlineClients(_ common: CommonOptions, demo: DemoOptions) async throws -> Clients {
    let (index, status) = try await IndexContext.openOffline(common, demo: demo)
    return Clients(groups: .index { index }, people: nil, indexSynced: .some(status.lastSync))
  }

  /// A missing permission names it and what it would show; "not found" is about a group.
  static func say(_ error: DirectoryError) {
    if let need = GroupPermissionNeed(error) {
      DirectoryCommand.say(need.explanation.string + " " + need.wouldShow.string)
    } else if error == .notFound {
      DirectoryCommand.say("No such group in the directory.")
    } else {
      DirectoryCommand.say(DirectoryCommand.describe(error))
    }
  }

  static func exitCode(for error: DirectoryError) -> Int32 { DirectoryCommand.exitCode(for: error) }
}

/// `roster groups show`: labelled fields, or JSON.
enum GroupDetailOutput {
  struct JSONShape: Encodable {
    var detail: GroupDetail
    enum Keys: String, CodingKey { case owners, memberCount, transitiveMemberCount, membersNeed }

    func encode(to encoder: any Encoder) throws {
      try GroupOutput.GroupJSON(group: detail.group).encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(
        detail.owners.map { GroupOutput.MemberJSON(member: $0, path: nil) }, forKey: .owners)
      try container.encode(detail.group.memberCount, forKey: .memberCount)
      try container.encode(detail.transitiveMemberCount, forKey: .transitiveMemberCount)
      try container.encode(detail.membersProblem?.permission, forKey: .membersNeed)
    }
  }

  static func json(_ detail: GroupDetail) throws -> String { try PeopleOutput.json(JSONShape(detail: detail)) }

  static func text(_ detail: GroupDetail) -> String {
    let group = detail.group
    var membership = "assigned"
    if case .dynamic(let rule, let processing) = group.membership {
      membership = "dynamic" + (processing == false ? " (rule paused)" : processing == true ? " (rule on)" : "")
      if let rule { membership += ": " + rule.string }
    }
    let count: String? =
      detail.membersProblem != nil && group.memberCount == nil
      ? "not readable" : group.memberCount.map { NumberText.grouped($0) }
    let fields: [(String, String?)] = [
      ("Kind", group.kind.label.string), ("Mail", group.mail?.string), ("Nickname", group.mailNickname?.string),
      ("Description", group.description?.string), ("Visibility", group.visibility?.string),
      ("Membership", membership), ("Members", count),
      ("Transitive", detail.transitiveMemberCount.map { NumberText.grouped($0) }),
      ("Object id", CleanText(group.id).string),
    ]
    var lines = [group.name.string] + LabelledFields.lines(fields)
    if let need = detail.membersProblem {
      lines.append("  (\(need.explanation.string) \(need.wouldShow.string))")
    }
    lines.append("")
    if detail.fromIndex {
      lines.append("Owners: not kept by the local index")
    } else if detail.owners.isEmpty {
      lines.append("Owners: none")
    } else {
      lines.append("Owners (\(detail.owners.count)):")
      lines += detail.owners.map { owner in
        "  " + owner.name.string + (GroupOutput.mail(of: owner).map { " <\($0)>" } ?? "")
          + (owner.person == nil ? " (\(GroupOutput.kindLabel(owner)))" : "")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
