import Foundation
import RosterCore

extension AppOutput {
  /// `roster apps --expiring`: one row per secret or certificate, soonest first. The table says
  /// when in words; JSON and CSV keep Graph's names and the exact end, for scripts and mail.
  /// The report as the UTF-8 bytes stdout gets.
  static func expiring(_ rows: [DueCredential], as format: OutputFormat, offline: Bool, now: Date = Date()) throws
    -> [UInt8]
  {
    switch format {
    case .json: return Array(try PeopleOutput.json(rows.map { ExpiringJSON(row: $0, now: now) }, isoDates: true).utf8)
    case .csv:
      let csv = TextTable.csv(
        [
          "@odata.type", "displayName", "appId", "id", "credentialType", "keyId", "credentialDisplayName",
          "endDateTime", "daysLeft", "owners",
        ],
        rows.map { report in
          let row = report.row
          return [
            row.appODataType, row.appName.string, clientId(row), report.appId, row.due.kind.rawValue,
            CleanText(row.due.keyId ?? "").string, row.due.name?.string ?? "", iso(row.due.endDateTime),
            row.due.endDateTime.map { String(ExpiryWords.daysLeft($0, now: now)) } ?? "",
            owners(report.owners, offline: offline),
          ]
        })
      return Array(csv.utf8)
    case .table(let width):
      // One row's cells after another, flat; a day's date and words are made once per day (and
      // once more for today's, which may have ended or not), not once per row.
      var words = DayWords(now: now)
      let unknown = owners(nil, offline: offline)
      var cells = ReportTable.Cells(columns: 8, rows: rows.count, bytes: rows.count * 160)
      for index in rows.indices {
        let row = rows[index].row
        let due = row.due
        let (ends, left) = words.of(due.endDateTime)
        cells.append(row.appNoun)
        cells.append(row.appName.string)
        cells.append(row.appId.map { CleanText($0).string } ?? "")
        cells.append(due.kind.rawValue)
        cells.append(due.name?.string ?? "")
        cells.append(ends)
        cells.append(left)
        cells.append(rows[index].owners == nil ? unknown : owners(rows[index].owners, offline: offline))
      }
      return ReportTable.render(expiringHeaders, cells, width: width, kept: 2)
    }
  }

  /// The table's columns; a row's cells are appended in this order (here, and from the index's
  /// columns by `OfflineExpiryTable`). The app and its client id are kept when the terminal is narrow.
  static let expiringHeaders = ["Kind", "App", "App id", "Credential", "Name", "Ends", "Left", "Owners"]

  /// A credential's end as the table prints it — the day (`day`) and the words
  /// (`ExpiryWords.phrase`) — kept per what either depends on: the UTC day `day` prints, the days
  /// left the words count, and whether it has passed.
  struct DayWords {
    struct Key: Hashable {
      var day: Int
      var left: Int
      var passed: Bool
    }

    let now: Date
    var known: [Key: (String, String)] = [:]

    mutating func of(_ end: Date?) -> (String, String) {
      guard let end else { return (day(nil), ExpiryWords.phrase(nil, now: now)) }
      let seconds = Int(end.timeIntervalSince1970.rounded(.down))
      let key = Key(
        day: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400,
        left: ExpiryWords.daysLeft(end, now: now), passed: end < now)
      if let found = known[key] { return found }
      let made = (day(end), ExpiryWords.phrase(end, now: now))
      known[key] = made
      return made
    }
  }

  /// The app's client id, cleaned ("" when it has none).
  private static func clientId(_ row: AppCredentialRow) -> String { row.appId.map { CleanText($0).string } ?? "" }

  /// A report row with Graph's names: the app's `@odata.type`, `id`, `appId` and `displayName`,
  /// the credential as Graph lists it (`keyId`, `displayName`, `endDateTime`; a certificate's
  /// `type`, `usage` and `customKeyIdentifier`, a secret's `hint`: never any secret text), and
  /// `owners` (null when not known). `daysLeft` and `expired` are Roster's, for scripts.
  private struct ExpiringJSON: Encodable {
    var row: DueCredential
    var now: Date

    enum Keys: String, CodingKey {
      case odataType = "@odata.type"
      case id, appId, displayName, credential, daysLeft, expired, owners
    }
    enum CredentialKeys: String, CodingKey {
      case odataType = "@odata.type"
      case keyId, displayName, startDateTime, endDateTime, hint, type, usage, customKeyIdentifier
    }
    enum OwnerKeys: String, CodingKey { case displayName, mail, userPrincipalName }

    func encode(to encoder: any Encoder) throws {
      let (app, entry) = (row.row, row.row.entry)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(app.appODataType, forKey: .odataType)
      try container.encode(row.appId, forKey: .id)
      try container.encode(app.appId.map { CleanText($0).string }, forKey: .appId)
      try container.encode(app.appName.string, forKey: .displayName)
      try container.encode(row.due.endDateTime.map { ExpiryWords.daysLeft($0, now: now) }, forKey: .daysLeft)
      try container.encode(row.expired(at: now), forKey: .expired)
      var credential = container.nestedContainer(keyedBy: CredentialKeys.self, forKey: .credential)
      try credential.encode(row.due.keyId.map { CleanText($0).string }, forKey: .keyId)
      try credential.encode(row.due.endDateTime, forKey: .endDateTime)
      if row.due.kind == .secret {
        try credential.encode("#microsoft.graph.passwordCredential", forKey: .odataType)
        try credential.encode(entry.displayName?.string, forKey: .displayName)
        try credential.encode(entry.startDateTime, forKey: .startDateTime)
        try credential.encode(entry.hint?.string, forKey: .hint)
      } else {
        try credential.encode("#microsoft.graph.keyCredential", forKey: .odataType)
        try credential.encode(entry.displayName?.string, forKey: .displayName)
        try credential.encode(entry.startDateTime, forKey: .startDateTime)
        try credential.encode(entry.type?.string, forKey: .type)
        try credential.encode(entry.usage?.string, forKey: .usage)
        try credential.encode(entry.customKeyIdentifier, forKey: .customKeyIdentifier)
      }
      guard let owners = row.owners else { return try container.encodeNil(forKey: .owners) }
      var list = container.nestedUnkeyedContainer(forKey: .owners)
      for person in owners {
        var owner = list.nestedContainer(keyedBy: OwnerKeys.self)
        try owner.encode(person.displayName?.string, forKey: .displayName)
        try owner.encode(person.mail?.string, forKey: .mail)
        try owner.encode(person.userPrincipalName?.string, forKey: .userPrincipalName)
      }
    }
  }
}
