import Foundation
import GRDB
import RosterCore

/// Group answers from the index: search in the key's own frame, and the group pane, members,
/// "member of" and nesting paths offline. Members are read by id from `group_member` and named
/// from the person and group rows: a person the index does not hold (hidden from the address
/// list) is counted, not listed; a device or a service principal is an undescribed row.
extension DirectoryIndex {
  /// Whether the index holds groups (a groups round has finished), and if not, why not.
  public func groupStatus() throws -> (groups: Int?, problem: GroupPermissionNeed?) {
    try pool.read { db in try Self.groupStatus(db, meta: try Self.meta(db)) }
  }

  static func groupStatus(_ db: Database, meta: [String: String]) throws -> (
    groups: Int?, problem: GroupPermissionNeed?
  ) {
    let problem = meta["groups_problem"].flatMap(GroupPermissionNeed.init(rawValue:))
    guard let generation = Int(meta["groups_generation"] ?? ""), meta["groups_delta_link"] != nil else {
      return (nil, problem)
    }
    let count = try Int.fetchOne(
      db, sql: "SELECT count(*) FROM directory_group WHERE generation = ?", arguments: [generation])
    return (count ?? 0, problem)
  }

  /// Groups matching `text` as Graph's `$search` on groups would, in the list's order
  /// (`GroupOrder`): names that start with the first word, then names that hold every word, then
  /// groups found only by their description; by name within each. Sorted before the page is cut,
  /// so a description-only match never takes a first page's place from a name.
  public func searchGroups(_ text: String, limit: Int, offset: Int = 0) throws -> [Group] {
    let query = GroupIndexQuery(text)
    guard let match = query.match, let nameMatch = query.nameMatch else { return [] }
    return try pool.read { db in
      let generation = try Self.liveGroupGeneration(db)
      let cursor = try Row.fetchCursor(
        db.cachedStatement(
          sql: """
            SELECT \(GroupRow.selection(from: "g")) FROM group_fts CROSS JOIN directory_group g
            ON g.rowid = group_fts.rowid WHERE group_fts MATCH ? AND g.generation = ?
            ORDER BY g.displayName NOT LIKE ? ESCAPE '\\',
            g.rowid NOT IN (SELECT rowid FROM group_fts WHERE group_fts MATCH ?), g.displayName COLLATE NOCASE, g.id
            """), arguments: [match, generation, query.startsWith, nameMatch])
      var groups: [Group] = []
      var skipped = 0
      while let row = try cursor.next(), groups.count < limit {
        let group = GroupRow.group(row)
        guard query.localRules.allSatisfy({ $0.matches(group.searchFields) }) else { continue }
        if skipped < offset {
          skipped += 1
          continue
        }
        groups.append(group)
      }
      return groups
    }
  }

  /// The group by id, mail, mail nickname or exact display name (case-insensitive).
  public func group(lookingUp key: String) throws -> Group? {
    try pool.read { db in
      let generation = try Self.liveGroupGeneration(db)
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT \(GroupRow.selection()) FROM directory_group WHERE generation = ? AND (id = ? COLLATE NOCASE
          OR mail = ? COLLATE NOCASE OR mailNickname = ? COLLATE NOCASE OR displayName = ? COLLATE NOCASE)
          ORDER BY id = ? COLLATE NOCASE DESC, mail = ? COLLATE NOCASE DESC LIMIT 1
          """, arguments: [generation, key, key, key, key, key, key])
      guard let row else { return nil }
      var group = GroupRow.group(row)
      group.memberCount = try Int.fetchOne(
        db,
        sql: """
          SELECT count(*) FROM group_member WHERE generation = ?
          AND groupKey = (SELECT key FROM object_key WHERE id = ?)
          """, arguments: [generation, group.id])
      return group
    }
  }

  /// One page of a group's members from the index: direct ones in id order, or transitive ones
  /// (every member of a nested group once; cycles end). `offset` pages on; `total` counts all.
  public func members(
    of groupID: String, transitive: Bool, limit: Int, offset: Int
  ) throws -> (members: [DirectoryObject], total: Int, hidden: Int) {
    try read { db, terms in
      let generation = try Self.liveGroupGeneration(db)
      let references =
        try transitive
        ? Self.transitiveMembers(db, of: groupID, generation: generation)
        : Self.directMembers(db, of: groupID, generation: generation)
      let window = references.dropFirst(offset).prefix(limit)
      var listed: [DirectoryObject] = []
      var hidden = 0
      for (id, type) in window {
        if let object = try Self.object(db, id: id, type: type, generation: generation, terms: terms) {
          listed.append(object)
        } else {
          hidden += 1
        }
      }
      return (listed, references.count, hidden)
    }
  }

  /// The groups `memberID` is in, direct or transitive (each once), by display name.
  public func memberOf(_ memberID: String, transitive: Bool) throws -> [Group] {
    try pool.read { db in
      let generation = try Self.liveGroupGeneration(db)
      var seen: Set<String> = []
      var order: [String] = []
      var frontier = [memberID]
      while !frontier.isEmpty {
        var next: [String] = []
        for id in frontier {
          for parent in try Self.parents(db, of: id, generation: generation) where seen.insert(parent).inserted {
            order.append(parent)
            next.append(parent)
          }
        }
        frontier = transitive ? next : []
      }
      return try order.compactMap { try Self.groupRow(db, id: $0, generation: generation) }
        .sorted { $0.name.string.localizedCaseInsensitiveCompare($1.name.string) == .orderedAscending }
    }
  }

  /// The shortest chain of groups by which `memberID` is in `groupID` (breadth first over direct
  /// memberships, each group visited once, so a cycle ends); nil when it is not a member.
  public func membershipPath(memberID: String, groupID: String) throws -> MembershipPath? {
    try read { db, terms in
      let generation = try Self.liveGroupGeneration(db)
      let target = groupID.lowercased()
      var parent: [String: String] = [:]
      var frontier = [memberID]
      var seen: Set<String> = [memberID.lowercased()]
      var found: String?
      search: while !frontier.isEmpty {
        var next: [String] = []
        for id in frontier {
          for group in try Self.parents(db, of: id, generation: generation)
          where seen.insert(group.lowercased()).inserted {
            parent[group] = id
            if group.lowercased() == target {
              found = group
              break search
            }
            next.append(group)
          }
        }
        frontier = next
      }
      guard let found else { return nil }
      var chain: [Group] = []
      var current = found
      while current.lowercased() != memberID.lowercased() {
        guard let group = try Self.groupRow(db, id: current, generation: generation), let up = parent[current] else {
          return nil
        }
        chain.append(group)
        current = up
      }
      let code = try Int.fetchOne(
        db,
        sql: """
          SELECT memberType FROM group_member WHERE generation = ?
          AND memberKey = (SELECT key FROM object_key WHERE id = ?) LIMIT 1
          """, arguments: [generation, memberID])
      let type = Self.kind(code: code ?? Self.code(.user)).rawValue
      guard let member = try Self.object(db, id: memberID, type: type, generation: generation, terms: terms) else {
        return nil
      }
      return MembershipPath(member: member, groups: chain.reversed())
    }
  }

  // MARK: - Rows

  private static func directMembers(_ db: Database, of groupID: String, generation: Int) throws -> [(String, String)] {
    try Row.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT k.id, m.memberType FROM group_member m JOIN object_key k ON k.key = m.memberKey
          WHERE m.generation = ? AND m.groupKey = (SELECT key FROM object_key WHERE id = ?) ORDER BY k.id
          """),
      arguments: [generation, groupID]
    ).map { ($0[0], kind(code: $0[1]).rawValue) }
  }

  private static func transitiveMembers(_ db: Database, of groupID: String, generation: Int) throws -> [(
    String, String
  )] {
    var seenGroups: Set<String> = [groupID.lowercased()]
    var seen: Set<String> = []
    var result: [(String, String)] = []
    var frontier = [groupID]
    while !frontier.isEmpty {
      var next: [String] = []
      for group in frontier {
        for (id, type) in try directMembers(db, of: group, generation: generation) {
          if seen.insert(id.lowercased()).inserted { result.append((id, type)) }
          if type == DirectoryObjectKind.group.rawValue, seenGroups.insert(id.lowercased()).inserted { next.append(id) }
        }
      }
      frontier = next
    }
    return result
  }

  private static func parents(_ db: Database, of memberID: String, generation: Int) throws -> [String] {
    try String.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT k.id FROM group_member m JOIN object_key k ON k.key = m.groupKey
          WHERE m.generation = ? AND m.memberKey = (SELECT key FROM object_key WHERE id = ?) ORDER BY k.id
          """),
      arguments: [generation, memberID])
  }

  static func groupRow(_ db: Database, id: String, generation: Int) throws -> Group? {
    try Row.fetchOne(
      db.cachedStatement(sql: "SELECT \(GroupRow.selection()) FROM directory_group WHERE generation = ? AND id = ?"),
      arguments: [generation, id]
    ).map(GroupRow.group)
  }

  /// A member row: the person (nil when the index does not hold them: hidden from the address
  /// list), the group, or an undescribed object of its type.
  private static func object(
    _ db: Database, id: String, type: String, generation: Int, terms: PersonTerms
  ) throws -> DirectoryObject? {
    switch DirectoryObjectKind(rawValue: type) ?? .unknown {
    case .user:
      let people = try PersonRow.people(
        db, sql: "SELECT \(PersonRow.selection()) FROM person WHERE generation = ? AND id = ?",
        arguments: [try liveGeneration(db), PersonRow.key(id)], terms: terms)
      return people.first.map(DirectoryObject.person)
    case .group:
      if let group = try groupRow(db, id: id, generation: generation) { return .group(group) }
      return .undescribed(UndescribedObject(id: id, odataType: CleanText(DirectoryObjectKind.group.odataType)))
    case let kind:
      return .undescribed(UndescribedObject(id: id, odataType: CleanText(kind.odataType)))
    }
  }
}

extension DirectoryIndex {
  /// Every group's display name in the live generation (the bench gives them to fzf).
  public func groupNames() throws -> [String] {
    try pool.read { db in
      try String.fetchAll(
        db, sql: "SELECT displayName FROM directory_group WHERE generation = ? AND displayName IS NOT NULL",
        arguments: [try Self.liveGroupGeneration(db)])
    }
  }
}
