import Foundation

/// The words of the line-by-line browser (issue 44 items 3 and 4): every line it prints, made
/// from data only, so a test reads exactly what a screen reader or a braille display gets.
///
/// No glyph carries meaning here: presence is its word, "your person" stands for ★, "close match"
/// for the list's divider, and "and N more" for the more-marker. A line is one thought, short
/// enough to be read and skipped; the most telling part (the name) comes first.
public enum LineText {
  /// How many results are numbered; the rest are counted ("and 14 more").
  public static let shownResults = 10

  /// What the person typed was read as a search: the count and the first match, in one line, so
  /// the line that is read out first says whether to go on listening.
  public static func countLine(_ results: LineResults) -> String {
    let exact = results.exact.count + results.notShown
    let close = results.close.count
    let query = "\u{201C}\(results.query)\u{201D}"
    guard let first = (results.exact.first ?? results.close.first)?.person else {
      return "No one matches \(query)."
    }
    if exact == 0 {
      let people = close == 1 ? "1 close match" : "\(close) close matches"
      return "No exact match for \(query); \(people). First: \(name(first))."
    }
    let matches = exact == 1 ? "1 match" : "\(NumberText.grouped(exact)) matches"
    let more = results.totalKnown ? "" : " or more"
    let closeText = close == 0 ? "" : ", and \(close) close \(close == 1 ? "match" : "matches")"
    return "\(matches)\(more) for \(query)\(closeText). First: \(name(first))."
  }

  /// The numbered lines: `1. Ada Lovelace — Engineer, Platform, London — your person — available`,
  /// then "and N more" when the list was cut.
  public static func resultLines(_ results: LineResults) -> [String] {
    let rows = results.rows
    var lines = rows.enumerated().map { offset, row in
      resultLine(number: offset + 1, row)
    }
    if results.notShown > 0 {
      lines.append("and \(NumberText.grouped(results.notShown)) more: type more to narrow.")
    }
    return lines
  }

  /// One result: name, then what tells namesakes apart, then the marks in words, presence last
  /// (it changes; the rest does not).
  public static func resultLine(number: Int, _ row: LineRow) -> String {
    var parts = [name(row.person)]
    let placing = [row.person.jobTitle, row.person.department, row.person.officeLocation]
      .compactMap { $0?.string }.filter { !$0.isEmpty }
    if !placing.isEmpty { parts.append(placing.joined(separator: ", ")) }
    var marks: [String] = []
    if let found = row.person.matchedIdentifier { marks.append("found by \(found.string)") }
    if row.isYourPerson { marks.append("your person") }
    if row.isCloseMatch { marks.append("close match") }
    if !marks.isEmpty { parts.append(marks.joined(separator: ", ")) }
    if let presence = row.presence { parts.append(presence) }
    return "\(number). " + parts.joined(separator: " — ")
  }

  /// A presence in words, lower case as it reads inside a line: "busy, in a meeting".
  public static func presence(_ presence: Presence) -> String {
    var words = presence.availability.word.lowercased()
    if let activity = presence.activityWords?.lowercased(), activity != words { words += ", " + activity }
    if presence.isOutOfOffice { words += ", out of office" }
    return words
  }

  /// The name a person is called by: the display name, else given name and surname, else the
  /// user name (the same fallbacks as `roster search`'s table).
  public static func name(_ person: Person) -> String {
    if let name = person.displayName, !name.isEmpty { return name.string }
    let parts = [person.givenName, person.surname].compactMap { $0?.string }.filter { !$0.isEmpty }
    return parts.isEmpty ? (person.userPrincipalName?.string ?? person.id) : parts.joined(separator: " ")
  }

  /// "Ada Lovelace, Engineer": a person named inside another line.
  public static func nameAndTitle(_ person: Person) -> String {
    guard let title = person.jobTitle?.string, !title.isEmpty else { return name(person) }
    return "\(name(person)), \(title)"
  }
}
