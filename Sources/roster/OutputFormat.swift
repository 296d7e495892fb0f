import Foundation
import RosterCore

/// How `roster search` writes people to stdout.
enum OutputFormat: Equatable {
  /// Columns fitted to `width` cells (nil: not a terminal, columns at their natural width).
  case table(width: Int?)
  /// A JSON array of objects with Graph property names.
  case json
  /// RFC 4180 CSV with a header row.
  case csv
}

/// Renders people for scripts and terminals. Every directory string passes through
/// `DirectoryText.sanitize` first, whatever the format: a name carrying an escape sequence must not
/// reach a terminal even through `--json | less -R` or a CSV opened with `cat`.
enum PeopleOutput {
  static func render(_ people: [Person], as format: OutputFormat) throws -> String {
    let clean = people.map(sanitized)
    switch format {
    case let .table(width): return table(clean, width: width)
    case .json: return try json(clean)
    case .csv: return csv(clean)
    }
  }

  static func sanitized(_ person: Person) -> Person {
    func clean(_ text: String?) -> String? { text.map { DirectoryText.sanitize($0) } }
    var copy = person
    copy.id = DirectoryText.sanitize(person.id)
    copy.displayName = clean(person.displayName)
    copy.givenName = clean(person.givenName)
    copy.surname = clean(person.surname)
    copy.mail = clean(person.mail)
    copy.userPrincipalName = clean(person.userPrincipalName)
    copy.jobTitle = clean(person.jobTitle)
    copy.department = clean(person.department)
    copy.companyName = clean(person.companyName)
    copy.officeLocation = clean(person.officeLocation)
    copy.businessPhones = person.businessPhones?.map { DirectoryText.sanitize($0) }
    copy.mobilePhone = clean(person.mobilePhone)
    copy.userType = clean(person.userType)
    return copy
  }

  // MARK: - JSON

  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }

  // MARK: - CSV

  static let csvColumns: [(header: String, value: @Sendable (Person) -> String?)] = [
    ("id", { $0.id }), ("displayName", { $0.displayName }), ("givenName", { $0.givenName }), ("surname", { $0.surname }),
    ("mail", { $0.mail }), ("userPrincipalName", { $0.userPrincipalName }), ("jobTitle", { $0.jobTitle }),
    ("department", { $0.department }),
  ]

  static func csv(_ people: [Person]) -> String {
    var lines = [csvColumns.map { csvField($0.header) }.joined(separator: ",")]
    for person in people {
      lines.append(csvColumns.map { csvField($0.value(person) ?? "") }.joined(separator: ","))
    }
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// RFC 4180: quoted when it holds a comma, quote, CR or LF (or edge spaces); quotes doubled.
  static func csvField(_ text: String) -> String {
    let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
      || text.hasPrefix(" ") || text.hasSuffix(" ")
    return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
  }

  // MARK: - Table

  static let tableHeaders = ["Name", "Mail", "Job title", "Department"]
  static let columnGap = "  "
  static let minimumColumnWidth = 6

  static func tableRow(_ person: Person) -> [String] {
    [displayName(person), person.mail ?? person.userPrincipalName ?? "", person.jobTitle ?? "", person.department ?? ""]
  }

  static func displayName(_ person: Person) -> String {
    if let name = person.displayName, !name.isEmpty { return name }
    let parts = [person.givenName, person.surname].compactMap { $0 }.filter { !$0.isEmpty }
    return parts.isEmpty ? (person.userPrincipalName ?? person.id) : parts.joined(separator: " ")
  }

  static func table(_ people: [Person], width: Int?) -> String {
    let rows = [tableHeaders] + people.map(tableRow)
    let natural = tableHeaders.indices.map { column in rows.map { TextCells.width($0[column]) }.max() ?? 0 }
    let widths = width.map { fitted(natural, into: $0) } ?? natural
    return rows.map { row in
      var line = ""
      for column in row.indices {
        let isLast = column == row.count - 1
        let cell = isLast ? TextCells.truncate(row[column], toWidth: widths[column])
          : TextCells.fit(row[column], toWidth: widths[column])
        line += (column == 0 ? "" : columnGap) + cell
      }
      return String(line.reversed().drop(while: { $0 == " " }).reversed())
    }.joined(separator: "\n") + "\n"
  }

  /// Column widths that fit `total` cells: the widest column gives up a cell at a time, down to a
  /// minimum, so short columns (department) stay readable while long ones (mail) are cut.
  static func fitted(_ natural: [Int], into total: Int) -> [Int] {
    var widths = natural
    let available = max(total - columnGap.count * (natural.count - 1), 0)
    while widths.reduce(0, +) > available {
      guard let widest = widths.indices.filter({ widths[$0] > minimumColumnWidth }).max(by: { widths[$0] < widths[$1] })
      else { break }
      widths[widest] -= 1
    }
    return widths
  }
}

/// Renders `roster show`: labelled fields for people, or JSON for scripts.
enum PersonDetailOutput {
  /// The person's Graph properties plus `manager`, `directReports` and `relationsHidden`.
  struct JSONShape: Encodable {
    var detail: PersonDetail

    enum Keys: String, CodingKey { case manager, directReports, relationsHidden }

    func encode(to encoder: any Encoder) throws {
      try detail.person.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(detail.manager, forKey: .manager)
      try container.encode(detail.directReports, forKey: .directReports)
      try container.encode(detail.relationsHidden, forKey: .relationsHidden)
    }
  }

  static func json(_ detail: PersonDetail) throws -> String {
    var clean = detail
    clean.person = PeopleOutput.sanitized(detail.person)
    clean.manager = detail.manager.map(PeopleOutput.sanitized)
    clean.directReports = detail.directReports.map(PeopleOutput.sanitized)
    return try PeopleOutput.json(JSONShape(detail: clean))
  }

  static func text(_ detail: PersonDetail) -> String {
    let person = PeopleOutput.sanitized(detail.person)
    let fields: [(String, String?)] = [
      ("Given name", person.givenName), ("Surname", person.surname), ("Mail", person.mail),
      ("User name", person.userPrincipalName), ("Job title", person.jobTitle), ("Department", person.department),
      ("Company", person.companyName), ("Office", person.officeLocation),
      ("Business phone", person.businessPhones.flatMap { $0.isEmpty ? nil : $0.joined(separator: ", ") }),
      ("Mobile", person.mobilePhone), ("User type", person.userType),
      ("Account enabled", person.accountEnabled.map { $0 ? "yes" : "no" }), ("Object id", person.id),
    ]
    let labelWidth = fields.map(\.0.count).max() ?? 0
    var lines = [PeopleOutput.displayName(person)]
    for (label, value) in fields {
      lines.append("  " + label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  " + (value ?? "-"))
    }
    let fullProfileFields = [person.jobTitle, person.department, person.officeLocation, person.mobilePhone, person.companyName]
    if fullProfileFields.allSatisfy({ $0 == nil }) {
      lines.append("  (Profile fields beyond name and mail may be hidden: reading them needs User.Read.All.)")
    }
    lines.append("")
    if detail.relationsHidden && detail.manager == nil {
      lines.append("Manager: not shown (reading managers needs User.Read.All)")
    } else {
      lines.append("Manager: " + (detail.manager.map { summary(PeopleOutput.sanitized($0)) } ?? "none"))
    }
    if detail.relationsHidden && detail.directReports.isEmpty {
      lines.append("Direct reports: not shown (reading them needs more permissions)")
    } else if detail.directReports.isEmpty {
      lines.append("Direct reports: none")
    } else {
      lines.append("Direct reports (\(detail.directReports.count)):")
      lines += detail.directReports.map { "  " + summary(PeopleOutput.sanitized($0)) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Name <mail> — Job title`
  static func summary(_ person: Person) -> String {
    var text = PeopleOutput.displayName(person)
    if let mail = person.mail ?? person.userPrincipalName { text += " <\(mail)>" }
    if let title = person.jobTitle, !title.isEmpty { text += " — \(title)" }
    return text
  }
}

/// Terminal cells text takes, for fitting table columns.
///
/// Why here and not TerminalUI's `DisplayWidth`: that target is still being built on its branch;
/// this is the same rule (wide East Asian and emoji 2 cells, combining marks and format
/// characters 0) over a smaller table, to be replaced by `DisplayWidth` once TerminalUI lands.
enum TextCells {
  static func width(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: { $0.value == 0xFE0F }) || (scalars.count > 1 && first.properties.isEmojiPresentation) {
      return 2
    }
    return width(of: first)
  }

  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(value) } ? 2 : 1
  }

  /// `text` cut to at most `cells`, ending in `…` when anything was cut; a wide character that
  /// would straddle the edge is dropped, not split.
  static func truncate(_ text: String, toWidth cells: Int) -> String {
    guard cells > 0 else { return "" }
    if width(text) <= cells { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = width(of: character)
      if used + next > cells - 1 { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  /// `text` fitted to exactly `cells`: cut, or padded with spaces.
  static func fit(_ text: String, toWidth cells: Int) -> String {
    let cut = truncate(text, toWidth: cells)
    return cut + String(repeating: " ", count: max(cells - width(cut), 0))
  }
}
