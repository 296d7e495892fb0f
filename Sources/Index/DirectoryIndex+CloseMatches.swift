import Foundation
import GRDB
import RosterCore
import SearchRules

/// The vocabulary close matches use, and which state of the index it was read from.
struct VocabularyCache: Sendable {
  var words: NameVocabulary?
  var stamp: String?
  var loading = false
}

/// Close matches (issue 22): people a misspelt query would have found, from the index only.
///
/// The distinct display-name words are read once from the full-text table (`fts5vocab`) into a
/// `NameVocabulary`; each typed word's close words (and two-word splits) become alternatives of
/// an FTS query, tried nearest first (one edit, then two), and the candidates are ranked by
/// `CloseQuery`. The exact matches are never among them.
extension DirectoryIndex {
  /// Close matches for `text`, best first, at most `limit`, and the words the divider names;
  /// nil when nothing is forgiven. `wait` reads the vocabulary now when it is missing or stale
  /// (the CLI); without it (the UI, on the key's own frame) a stale vocabulary answers while a
  /// fresh one is read in the background, and a missing one answers nothing.
  ///
  /// People found by the words of their mail or user name (`IndexTokens.mailNames`: 杨伟 by
  /// `yang`) come first; `byMailName` holds their ids. nil when nothing is forgiven and no one is
  /// found that way.
  public func closeMatches(_ text: String, limit: Int, wait: Bool) throws -> (
    people: [Person], forgiven: String, byMailName: Set<String>
  )? {
    guard limit > 0 else { return nil }
    let byMail = try mailNameMatches(text, limit: limit)
    let ids = Set(byMail.map(\.id))
    guard let words = try nameVocabulary(wait: wait), let close = CloseQuery(text, vocabulary: words) else {
      return byMail.isEmpty ? nil : (byMail, "", ids)
    }
    let forgiving = try forgivingMatches(close, limit: limit).filter { !ids.contains($0.id) }
    return (Array((byMail + forgiving).prefix(limit)), close.forgivenText, ids)
  }

  /// People `text` finds only by their mail-name words, in the ranking's order (row ids are).
  func mailNameMatches(_ text: String, limit: Int) throws -> [Person] {
    guard let match = Self.mailNameMatch(text) else { return [] }
    return try read { db, terms in
      let cursor = try Row.fetchCursor(
        db.cachedStatement(
          sql: """
            SELECT \(PersonRow.selection(from: "p")) FROM person_fts CROSS JOIN person p ON p.rowid = person_fts.rowid
            WHERE person_fts MATCH ? AND p.generation = ? LIMIT ?
            """),
        arguments: [match, try Self.liveGeneration(db), limit])
      var people: [Person] = []
      while let row = try cursor.next() { people.append(PersonRow.person(row, terms)) }
      return people
    }
  }

  /// Every word's exact alternatives OR a mail-name word it starts, and NOT the exact match: nil
  /// when no word can be a mail-name word.
  static func mailNameMatch(_ text: String) -> String? {
    guard let exact = IndexQuery(text).match, exact != "*" else { return nil }
    var groups: [String] = []
    for word in QueryWords(text, style: .search).server {
      guard let alone = IndexQuery(word).match, alone != "*", let mail = IndexTokens.mailNameAlternative(word) else {
        continue
      }
      groups.append("(" + alone + " OR " + mail + ")")
    }
    return groups.isEmpty ? nil : "(" + groups.joined(separator: " AND ") + ") NOT (" + exact + ")"
  }

  /// The forgiving half of `closeMatches`: misspelt words' close words and splits.
  private func forgivingMatches(_ close: CloseQuery, limit: Int) throws -> [Person] {
    let people = try read { db, terms -> [Person] in
      let generation = try Self.liveGeneration(db)
      var ranked: [Int64] = []
      for reach in 1...2 {
        guard let match = Self.match(close, reach: reach) else { continue }
        // Scored from the searched fields alone; only the people listed are decoded whole.
        let cursor = try Row.fetchCursor(
          db.cachedStatement(
            sql: """
              SELECT \(PersonRow.selection(from: "p")) FROM person_fts CROSS JOIN person p ON p.rowid = person_fts.rowid
              WHERE person_fts MATCH ? AND p.generation = ? LIMIT 2000
              """),
          arguments: [match, generation])
        var candidates: [(rowid: Int64, fields: SearchFields, id: String)] = []
        while let row = try cursor.next() {
          candidates.append((PersonRow.rowid(row), PersonRow.searchFields(row, terms), PersonRow.id(row)))
        }
        ranked = close.ranked(candidates, fields: \.fields, id: \.id).map(\.rowid)
        if ranked.count >= limit { break }
      }
      let find = try db.cachedStatement(sql: "SELECT \(PersonRow.selection()) FROM person WHERE rowid = ?")
      return try ranked.prefix(limit).compactMap {
        try Row.fetchOne(find, arguments: [$0]).map { PersonRow.person($0, terms) }
      }
    }
    return Array(people.prefix(limit))
  }

  /// Every word's exact alternatives (as `IndexQuery` makes them) OR its close words within
  /// `reach` edits OR its splits; nil when no word has a reading within `reach`.
  static func match(_ close: CloseQuery, reach: Int) -> String? {
    var groups: [String] = []
    var forgiving = false
    for word in close.words {
      guard let exact = IndexQuery(word.typed).match, exact != "*" else { continue }
      var alternatives = [exact]
      let near = word.close.filter { $0.distance <= reach }.map { "\"\(IndexTokens.raw($0.word))\"" }
      if !near.isEmpty { alternatives.append("name : (" + near.joined(separator: " OR ") + ")") }
      for (left, right) in word.splits {
        alternatives.append("name : (\"\(IndexTokens.raw(left))\" AND \"\(IndexTokens.raw(right))\")")
      }
      forgiving = forgiving || alternatives.count > 1
      groups.append("(" + alternatives.joined(separator: " OR ") + ")")
    }
    return forgiving ? groups.joined(separator: " AND ") : nil
  }

  /// The vocabulary of the live index (see `closeMatches`).
  func nameVocabulary(wait: Bool) throws -> NameVocabulary? {
    let stamp = try pool.read { db in
      let meta = try Self.meta(db)
      return "\(meta["generation"] ?? "0")/\(meta["last_sync"] ?? "")"
    }
    let cached = vocabulary.current
    if cached.stamp == stamp, let words = cached.words { return words }
    if wait {
      let words = try readVocabulary()
      vocabulary.withLock { $0 = VocabularyCache(words: words, stamp: stamp) }
      return words
    }
    let start = vocabulary.withLock { cache -> Bool in
      if cache.loading { return false }
      cache.loading = true
      return true
    }
    if start {
      Thread.detachNewThread { [self] in
        let words = try? readVocabulary()
        vocabulary.withLock { $0 = VocabularyCache(words: words ?? $0.words, stamp: words == nil ? $0.stamp : stamp) }
      }
    }
    return cached.words
  }

  /// Reads the vocabulary in the background (after attaching, after a sync), so a misspelt query
  /// in the UI finds it ready. After `delay` seconds: at start-up the read (all of the full-text
  /// index's terms) would compete with the first screen for the processor; a close-match query
  /// asked before then starts it at once.
  public func prepareCloseMatches(after delay: TimeInterval = 0) {
    guard delay > 0 else {
      _ = try? nameVocabulary(wait: false)
      return
    }
    Thread.detachNewThread { [self] in
      Thread.sleep(forTimeInterval: delay)
      _ = try? nameVocabulary(wait: false)
    }
  }

  private func readVocabulary() throws -> NameVocabulary {
    try pool.read { db in
      let terms = try String.fetchCursor(db, sql: "SELECT term FROM person_vocab WHERE col = 'name'")
      var words: [String] = []
      while let term = try terms.next() {
        if let word = IndexTokens.unraw(term) { words.append(word) }
      }
      return NameVocabulary(words)
    }
  }
}
