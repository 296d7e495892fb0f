import Foundation
import SandboxDirectory

/// `$expand=manager`, `manager($select=…)` and `manager($levels=n|max;$select=…)` on one user, as
/// Graph serves them (user-list-manager: `$levels` is 1…1000 or `max`, only on a single user, and
/// needs `ConsistencyLevel: eventual`; without `$levels` only the immediate manager is expanded).
///
/// The chain nests: each manager object carries its own `manager` until the top of the tree or
/// the level limit. A user without a manager gets no `manager` member at all.
struct ManagerExpansion: Sendable, Equatable {
  /// How many managers up the chain (1 without `$levels`).
  var levels: Int
  /// Whether `$levels` was given (it needs an advanced query).
  var usesLevels: Bool
  /// The `$select` inside the parentheses, nil for Graph's default properties.
  var select: String?

  static let maxLevels = 1000

  /// Reads a `$expand` value; nil when there is none. Only `manager` is expandable here.
  static func parse(_ expand: String?) throws(GraphError) -> ManagerExpansion? {
    guard let expand, !expand.allSatisfy(\.isWhitespace) else { return nil }
    let text = expand.trimmingCharacters(in: .whitespaces)
    let name: Substring
    var options: Substring = ""
    if let open = text.firstIndex(of: "(") {
      guard text.hasSuffix(")") else { throw syntax(text) }
      name = text[..<open]
      options = text[text.index(after: open)..<text.index(before: text.endIndex)]
    } else {
      name = Substring(text)
    }
    guard name.trimmingCharacters(in: .whitespaces).lowercased() == "manager" else {
      throw GraphError(
        status: 400, code: "Request_BadRequest",
        message: "The sandbox expands only 'manager' on a user; '\(name)' is not supported.")
    }
    var result = ManagerExpansion(levels: 1, usesLevels: false, select: nil)
    for option in options.split(separator: ";") where !option.allSatisfy(\.isWhitespace) {
      let parts = option.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2 else { throw syntax(text) }
      switch parts[0].lowercased() {
      case "$levels":
        result.usesLevels = true
        if parts[1].lowercased() == "max" {
          result.levels = maxLevels
        } else if let number = Int(parts[1]), (1...maxLevels).contains(number) {
          result.levels = number
        } else {
          throw GraphError(
            status: 400, code: "Request_BadRequest",
            message: "Invalid value '\(parts[1])' for $levels: use max or a number from 1 to 1000.")
        }
      case "$select": result.select = parts[1]
      default: throw syntax(text)
      }
    }
    return result
  }

  private static func syntax(_ text: String) -> GraphError {
    GraphError(status: 400, code: "BadRequest", message: "Invalid $expand expression '\(text)'.")
  }

  /// `body` (the rendered user) with the chain above `user` appended as nested `manager` members.
  /// `render` draws one manager with the expansion's properties; a loop in a people file stops
  /// the chain where it would revisit someone.
  func expand(
    _ body: JSONValue, of user: DirectoryUser, directory: Directory, render: (DirectoryUser) -> JSONValue
  ) -> JSONValue {
    var chain: [DirectoryUser] = []
    var seen: Set<String> = [user.id]
    var current = user
    while chain.count < levels, let manager = directory.manager(of: current), seen.insert(manager.id).inserted {
      chain.append(manager)
      current = manager
    }
    var nested: JSONValue?
    for manager in chain.reversed() {
      var object = render(manager)
      if case .object(var members) = object {
        members.insert(("@odata.type", .string("#microsoft.graph.user")), at: 0)
        if let inner = nested { members.append(("manager", inner)) }
        object = .object(members)
      }
      nested = object
    }
    guard let nested, case .object(var members) = body else { return body }
    members.append(("manager", nested))
    return .object(members)
  }
}
