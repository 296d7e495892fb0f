import GRDB
import RosterCore

/// Changes to the live generation (delta rounds, a person Graph no longer has), each person put
/// at their place in `RowOrder` and the full-text index kept in step.
extension DirectoryIndex {
  /// Applies `changes` to the live `generation` (the only one in `person` while deltas run:
  /// `IndexSync` purges a replaced one first). Token edits are made at the end, in row-id order:
  /// FTS5 flushes its buffer whenever a row id is not larger than the last one.
  static func apply(_ db: Database, _ changes: [DeltaChange], generation: Int) throws {
    let insert = try db.cachedStatement(sql: PersonRow.insertStatement)
    let terms = PersonTerms(db)
    let before = RowOrder.span(try meta(db))
    var span = before
    var edits = TokenEdits()
    for change in changes {
      switch change {
      case .upsert(let person, let managerId, let managerKnown):
        let previous = try delete(db, from: "person", id: person.id, generation: generation, terms: terms)
        if let previous {
          edits.delete(previous.rowid, previous.person)
          try unlinkReports(db, of: previous.rowid, id: person.id, generation: generation)
        }
        // Graph sends `manager@delta` when the relationship changed; a change to other
        // properties leaves it out, and the manager the index holds still stands.
        let manager = managerKnown ? managerId : previous?.managerId
        let rowid = try place(
          db, RowOrder.key(person), generation: generation, span: &span, edits: &edits, terms: terms)
        // Linked once placed: placing may have moved the manager's row.
        let link = try link(db, toManager: manager, generation: generation)
        var arguments: StatementArguments = [rowid]
        arguments += try PersonRow.arguments(person, generation: generation, manager: link, terms: terms)
        try insert.execute(arguments: arguments)
        try linkReports(db, to: rowid, id: person.id, generation: generation)
        edits.insert(rowid, person)
      case .removed(let id):
        if let previous = try delete(db, from: "person", id: id, generation: generation, terms: terms) {
          edits.delete(previous.rowid, previous.person)
          try unlinkReports(db, of: previous.rowid, id: id, generation: generation)
        }
      }
    }
    try TokenEdit.apply(edits.sorted, db)
    if span != before { try set(db, RowOrder.spanValues(span)) }
  }

  /// A free row id for a person whose order key is `key`: between the rows before and after it
  /// (halfway, so a run of arrivals in one place halves the room rather than using it up at once),
  /// `RowOrder.gap` past the last or before the first, or, with no id left between them, after
  /// moving the next few rows (`makeRoom`).
  static func place(
    _ db: Database, _ key: [UInt8], generation: Int, span: inout ClosedRange<Int64>?, edits: inout TokenEdits,
    terms: PersonTerms
  ) throws -> Int64 {
    let gap = RowOrder.gap
    // The live generation holds nobody (yet, or any more): past every row there is.
    func alone() throws -> Int64 {
      let rowid = (try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM person") ?? 0) + gap
      span = rowid...rowid
      return rowid
    }
    guard let current = span else { return try alone() }
    let next = try RowOrder.firstRow(db, in: current) { !$0.key.lexicographicallyPrecedes(key) }?.rowid
    let previous = try Int64.fetchOne(
      db.cachedStatement(sql: "SELECT rowid FROM person WHERE rowid BETWEEN ? AND ? ORDER BY rowid DESC LIMIT 1"),
      arguments: [current.lowerBound, (next ?? current.upperBound + 1) - 1])
    switch (previous, next) {
    case (nil, nil):
      return try alone()
    case (let previous?, nil):
      let rowid = previous + gap
      span = current.lowerBound...max(current.upperBound, rowid)
      return rowid
    case (nil, let next?) where next > 1:
      let rowid = max(1, next - gap)
      span = min(current.lowerBound, rowid)...current.upperBound
      return rowid
    case (let previous?, let next?) where next - previous >= 2:
      return previous + (next - previous) / 2
    default:
      let rowid = try makeRoom(
        db, after: previous ?? 0, from: next ?? 1, generation: generation, edits: &edits, terms: terms)
      if let moved = try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM person"), moved > current.upperBound {
        span = current.lowerBound...moved
      }
      return rowid
    }
  }

  /// Spreads the rows from `first` on, and the person to come before them, over the ids after
  /// `low`: the fewest rows (8, 16, …) whose ids, with the next row's, leave at least two apart;
  /// when every row to the end is needed, `RowOrder.gap` apart. Their tokens move with them.
  /// Returns the id left for the new person.
  static func makeRoom(
    _ db: Database, after low: Int64, from first: Int64, generation: Int, edits: inout TokenEdits,
    terms: PersonTerms
  ) throws -> Int64 {
    var count = 8
    while true {
      let rowids = try Int64.fetchAll(
        db, sql: "SELECT rowid FROM person WHERE rowid >= ? ORDER BY rowid LIMIT ?", arguments: [first, count + 1])
      let moving = Array(rowids.prefix(count))
      let slots = Int64(moving.count) + 1
      let step: Int64
      if rowids.count > count {
        step = (rowids[count] - low) / (slots + 1)
        guard step >= 2 else {
          count *= 2
          continue
        }
      } else {
        step = RowOrder.gap
      }
      try move(
        db, moving.enumerated().map { ($1, low + step * Int64($0 + 2)) }, generation: generation, edits: &edits,
        terms: terms)
      return low + step
    }
  }

  /// Gives rows new ids (through negative ones, so no two collide on the way) and moves their
  /// tokens and their reports' links.
  private static func move(
    _ db: Database, _ moves: [(from: Int64, to: Int64)], generation: Int, edits: inout TokenEdits,
    terms: PersonTerms
  ) throws {
    let moves = moves.filter { $0.from != $0.to }
    guard !moves.isEmpty else { return }
    let read = try db.cachedStatement(sql: "SELECT \(PersonRow.searchedSelection) FROM person WHERE rowid = ?")
    let renumber = try db.cachedStatement(sql: "UPDATE person SET rowid = ? WHERE rowid = ?")
    var moved: [(from: Int64, to: Int64, person: Person)] = []
    for move in moves {
      guard let row = try Row.fetchOne(read, arguments: [move.from]) else { continue }
      moved.append((move.from, move.to, PersonRow.searched(row, terms)))
      try renumber.execute(arguments: [-move.from, move.from])
    }
    for move in moved { try renumber.execute(arguments: [move.to, -move.from]) }
    try moveReports(db, moved.map { ($0.from, $0.to) }, generation: generation)
    edits.move(moved)
  }
}

/// The full-text edits of one batch of changes, kept so that a row placed and then moved or
/// deleted within the batch never reaches FTS5 at its first id (a contentless table cannot
/// delete tokens it was never given).
struct TokenEdits {
  private var edits: [TokenEdit?] = []
  /// Where the insert of a row not yet in the full-text index is, by row id.
  private var pending: [Int64: Int] = [:]

  mutating func insert(_ rowid: Int64, _ person: Person) {
    pending[rowid] = edits.count
    edits.append(.insert(rowid, person))
  }

  mutating func delete(_ rowid: Int64, _ person: Person) {
    if let index = pending.removeValue(forKey: rowid) {
      edits[index] = nil
    } else {
      edits.append(.delete(rowid, person))
    }
  }

  /// Rows moved together: one row's new id may be another's old one, so every old id is let go
  /// before any new one is taken.
  mutating func move(_ moves: [(from: Int64, to: Int64, person: Person)]) {
    let waiting = moves.map { pending.removeValue(forKey: $0.from) }
    for (move, index) in zip(moves, waiting) {
      if let index, case .insert(_, let inserted)? = edits[index] {
        edits[index] = .insert(move.to, inserted)
        pending[move.to] = index
      } else {
        edits.append(.delete(move.from, move.person))
        insert(move.to, move.person)
      }
    }
  }

  var sorted: [TokenEdit] { edits.compactMap { $0 }.sorted() }
}
