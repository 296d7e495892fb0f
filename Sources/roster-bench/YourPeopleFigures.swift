import Foundation
import Index
import RosterCore
import SandboxDirectory

/// Issue 32's ranking target, on the large index: for signed-in people spread through the
/// organisation, whom they work with (the sandbox's `/me/people` order, `peopleWorkingWith`) is
/// kept in the index as a sync keeps it, and each of their 25 nearest is looked for as a person
/// would type them: their first name, and their first name with the surname's first letter. The
/// figure is how often that very person is the first row (of the cases where they match at all),
/// beside the same queries with no one near (today's alphabetical order), and the queries' times.
enum YourPeopleFigures {
  struct Figures {
    var users = 0
    var cases = 0
    /// The colleague asked for was the first row.
    var first = 0
    /// The same, with no one near (the lists forgotten).
    var firstWithoutLists = 0
    var millis = Sample([])
  }

  static func measure(_ index: DirectoryIndex, directory: Directory, users: Int = 20, perUser: Int = 25) throws
    -> Figures
  {
    var figures = Figures()
    var samples: [Double] = []
    let stride = max(1, directory.users.count / users)
    defer { try? index.forgetWorksWith() }
    for position in Swift.stride(from: 0, to: directory.users.count, by: stride).prefix(users) {
      let user = directory.users[position]
      let colleagues = directory.peopleWorkingWith(user, limit: 300).map(\.id)
      guard !colleagues.isEmpty else { continue }
      figures.users += 1
      var cases: [(query: String, id: String)] = []
      for id in colleagues.prefix(perUser) {
        // The name as the index holds it now (the bench churned 1 % of people before this).
        guard let name = try index.detail(id: id)?.person.displayName?.string else { continue }
        let words = name.split(separator: " ")
        guard let given = words.first else { continue }
        cases.append((given.lowercased(), id))
        if words.count > 1, let initial = words.last?.first {
          cases.append(("\(given.lowercased()) \(initial.lowercased())", id))
        }
      }
      try index.forgetWorksWith()
      let before = try cases.map { try index.search($0.query, limit: 101) }
      try index.saveWorksWith(colleagues, readAt: Date())
      for (number, entry) in cases.enumerated() {
        let start = monotonicNanos()
        let rows = try index.search(entry.query, limit: 101)
        samples.append(millis(monotonicNanos() - start))
        // Only where the person matches at all (a name the index has changed since, or past the
        // 101st row without the lists, is left out of both figures).
        guard rows.contains(where: { $0.id == entry.id }) || before[number].contains(where: { $0.id == entry.id })
        else { continue }
        figures.cases += 1
        if rows.first?.id == entry.id { figures.first += 1 }
        if before[number].first?.id == entry.id { figures.firstWithoutLists += 1 }
      }
    }
    figures.millis = Sample(samples)
    return figures
  }

  /// `--index-file`'s figure: the one- to three-letter prefixes and first names asked as the list
  /// asks (101 rows) with 300 people drawn from the file kept as the person's own, beside the same
  /// questions with none: what listing them first costs a key. The file's lists are put back.
  static func cost(_ index: DirectoryIndex) throws {
    let kept = try index.yourPeople()
    defer { try? index.saveWorksWith(kept.worksWith, readAt: kept.worksWithReadAt ?? Date()) }
    let everyone = try index.search("a", limit: 6_000) + index.search("e", limit: 6_000)
    guard everyone.count > 300 else { return }
    var state: UInt64 = 32
    let near = (0..<300).map { _ -> String in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return everyone[Int((state >> 33) % UInt64(everyone.count))].id
    }
    let names = near.prefix(60).compactMap { id in everyone.first { $0.id == id }?.givenName?.string.lowercased() }
    let queries = ["a", "e", "s", "ma", "jo", "an", "mar", "ann", "ste"] + names
    for (label, ids) in [("none kept", [String]()), ("300 kept", near)] {
      if ids.isEmpty { try index.forgetWorksWith() } else { try index.saveWorksWith(ids, readAt: Date()) }
      var samples: [Double] = []
      for _ in 0..<5 {
        for query in queries {
          let start = monotonicNanos()
          _ = try index.search(query, limit: 101)
          samples.append(millis(monotonicNanos() - start))
        }
      }
      let sample = Sample(samples)
      print(
        "your people \(label): \(queries.count) questions, p50 \(IndexFileFigures.format(sample.median ?? 0)) ms, "
          + "p99 \(IndexFileFigures.format(sample.p99 ?? 0)) ms")
    }
  }
}
