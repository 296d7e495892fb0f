/// One row of an org export: a person, their manager when known, and how far below the root of
/// the walk they are (0 for the root, and for search results).
public struct PersonRecord: Sendable, Equatable {
  public var person: Person
  public var manager: Person?
  public var level: Int

  public init(person: Person, manager: Person? = nil, level: Int = 0) {
    self.person = person
    self.manager = manager
    self.level = level
  }
}

/// Walks a reporting tree down from one person, breadth first: each person's record and direct
/// reports come from one detail read (`DirectoryClient.personDetail`, one `$batch`).
///
/// Bounded twice, because directory data is not always a tree: `depth` levels below the root, and
/// `limit` people in all (a tenant's CEO with `--depth 99` is the whole directory). A person met
/// again (a manager loop, or someone listed under two managers by a stale replica) is listed once,
/// where first met, and not walked again, so a cycle ends the branch instead of the program.
public struct OrgWalk: Sendable {
  /// What stopped the walk early; nil when the whole subtree was read.
  public enum Cut: Equatable, Sendable { case limit(Int) }

  public var depth: Int
  public var limit: Int

  public init(depth: Int, limit: Int) {
    self.depth = depth
    self.limit = limit
  }

  /// The rows in walk order (root first, level by level), and whether the limit cut it short.
  public func walk(
    from root: String, detail: (String) async throws -> PersonDetail
  ) async throws -> (records: [PersonRecord], cut: Cut?) {
    let top = try await detail(root)
    var records = [PersonRecord(person: top.person, manager: top.manager, level: 0)]
    var seen: Set<String> = [top.person.id]
    var frontier: [(manager: Person, reports: [Person])] = [(top.person, top.directReports)]
    var level = 0
    while level < depth, !frontier.isEmpty {
      level += 1
      var next: [(manager: Person, reports: [Person])] = []
      for parent in frontier {
        for report in parent.reports where seen.insert(report.id).inserted {
          guard records.count < limit else { return (records, .limit(limit)) }
          // The report's own read gives every column's field, and their reports for the next level.
          let read = try await detail(report.id)
          records.append(PersonRecord(person: read.person, manager: parent.manager, level: level))
          next.append((read.person, read.directReports))
        }
      }
      frontier = next
    }
    return (records, nil)
  }
}
