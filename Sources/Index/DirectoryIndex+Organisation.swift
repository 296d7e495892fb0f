import GRDB
import RosterCore
import SearchRules

/// `manager:NAME` and `under:NAME` from the index: the same walk as Graph's path
/// (`GraphDirectory+Organisation`) over the manager links instead of `directReports` — the same
/// person chosen for the name (`OrgWalk.chosen`, over every match up to `OrgWalk.resolveLimit`), the same
/// bounds (`OrgWalk.filterDepth`, `filterLimit`, a walk past them refused), and the same checks of
/// the words (`Narrowing`) and the other filters (`Person.matchesAll`) on each person met.
///
/// Cost: one indexed read of `person_manager` per person walked, a few milliseconds for a team,
/// ~100 ms for the 2,000-person limit in a debug build.
extension DirectoryIndex {
  func withinOrganisation(
    _ filter: PersonFilter, words: String, others: [PersonFilter], limit: Int, offset: Int
  ) throws -> [Person] {
    guard let (name, depth) = OrgWalk.asked(by: filter) else { return [] }
    let root = try resolve(name, filter: filter, words: words)
    let below = try walk(from: root, depth: depth, filter: filter)
    let narrowing = Narrowing(words)
    let rest = others.filter { !$0.needsOrganisation }
    let kept = below.filter { narrowing.matches($0.searchFields) && $0.matchesAll(rest) == true }
    return Array(PeopleRanking.ranked(kept, for: words).dropFirst(offset).prefix(limit))
  }

  /// The one person `name` means: a mail or user name looked up; otherwise the rule Graph's path
  /// applies to the first page of a search for it (`OrgWalk.chosen`).
  private func resolve(_ name: String, filter: PersonFilter, words: String) throws -> Person {
    if name.contains("@") {
      // The address's own words find it through the full-text index (`detail(lookingUp:)` compares
      // user names without an index: 130 ms at 200,000 people); then the whole address must match.
      let wanted = TextFolding.caseFolded(name)
      let same = { (text: CleanText?) in text.map { TextFolding.caseFolded($0.string) == wanted } ?? false }
      guard
        let person = try ranked(name, limit: 50, offset: 0).first(where: { same($0.mail) || same($0.userPrincipalName) }
        )
      else { throw IndexRefusal(message: OrgWalk.noOne(filter)) }
      return person
    }
    // Every match up to the limit, in the ranking's order without the person's own people first
    // (Graph's path knows nothing of them): the same choice and the same refusal online and offline.
    let all = try ranked(name, limit: OrgWalk.resolveLimit + 1, offset: 0)
    let found = PeopleRanking.ranked(Array(all.prefix(OrgWalk.resolveLimit)), for: name)
    let several = { OrgWalk.several(filter, found: found, words: words) }
    if all.count > OrgWalk.resolveLimit { throw IndexRefusal(message: several()) }
    if let chosen = OrgWalk.chosen(found, for: name) { return chosen }
    throw IndexRefusal(message: found.isEmpty ? OrgWalk.noOne(filter) : several())
  }

  /// Everyone below `root`, level by level, at most `depth` levels; someone met twice is kept
  /// once. Past `OrgWalk.filterLimit` people (the root counted) it refuses, as Graph's path does.
  private func walk(from root: Person, depth: Int, filter: PersonFilter) throws -> [Person] {
    try read { db, terms in
      let generation = try Self.liveGeneration(db)
      let rowidOf = try db.cachedStatement(sql: "SELECT rowid FROM person WHERE generation = ? AND id = ?")
      guard let top = try Int64.fetchOne(rowidOf, arguments: [generation, PersonRow.key(root.id)]) else { return [] }
      let reportsOf = try db.cachedStatement(
        sql: """
          SELECT \(PersonRow.selection()) FROM person WHERE +generation = ? AND managerId IN (?, ?) ORDER BY rowid
          """)
      var seen: Set<String> = [root.id]
      var people: [Person] = []
      var frontier: [(rowid: Int64, id: String)] = [(top, root.id)]
      var level = 0
      while level < depth, !frontier.isEmpty {
        level += 1
        var next: [(rowid: Int64, id: String)] = []
        for parent in frontier {
          let reports = try Row.fetchCursor(reportsOf, arguments: [generation, parent.rowid, PersonRow.key(parent.id)])
          while let row = try reports.next() {
            let person = PersonRow.person(row, terms)
            guard seen.insert(person.id).inserted else { continue }
            guard people.count + 1 < OrgWalk.filterLimit else { throw IndexRefusal(message: OrgWalk.tooMany(filter)) }
            people.append(person)
            next.append((PersonRow.rowid(row), person.id))
          }
        }
        frontier = next
      }
      return people
    }
  }
}
