import Foundation
import RosterCore

extension AppOutput {
  /// `roster apps --expiring`: one row per secret or certificate, soonest first. The table says
  /// when in words; JSON and CSV keep Graph's names and the exact end, for scripts and mail.
  static func expiring(_ rows: [DueCredential], as format: OutputFormat, offline: Bool, now: Date = Date()) throws
    -> String
  {
    switch format {
    case .json: return try PeopleOutput.json(rows.map { ExpiringJSON(row: $0, now: now) }, isoDates: true)
    case .csv:
      return TextTable.csv(
        [
          "@odata.type", "displayName", "appId", "id", "credentialType", "keyId", "credentialDisplayName",
          "endDateTime", "daysLeft", "owners",
        ],
        rows.map { row in
          [
            row.app.odataType, row.app.displayName.string, row.app.appId ?? "", row.app.id, row.due.kind.rawValue,
            CleanText(row.due.keyId ?? "").string, row.due.name?.string ?? "", iso(row.due.endDateTime),
            row.due.endDateTime.map { String(ExpiryWords.daysLeft($0, now: now)) } ?? "",
            owners(row.owners, offline: offline),
          ]
        })
    case .table(let width):
      let cells = rows.map { row in
        [
          row.app.noun, row.app.displayName.string, row.app.appId ?? "", row.due.kind.rawValue,
          row.due.name?.string ?? "", day(row.due.endDateTime), ExpiryWords.phrase(row.due.endDateTime, now: now),
          owners(row.owners, offline: offline),
        ]
      }
      return TextTable.render(
        ["Kind", "App", "App id", "Credential", "Name", "Ends", "Left", "Owners"], cells, width: width, kept: 2,
        keepEmpty: true)
    }
  }

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
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(row.app.odataType, forKey: .odataType)
      try container.encode(row.app.id, forKey: .id)
      try container.encode(row.app.appId, forKey: .appId)
      try container.encode(row.app.displayName.string, forKey: .displayName)
      try container.encode(row.due.endDateTime.map { ExpiryWords.daysLeft($0, now: now) }, forKey: .daysLeft)
      try container.encode(row.expired(at: now), forKey: .expired)
      var credential = container.nestedContainer(keyedBy: CredentialKeys.self, forKey: .credential)
      try credential.encode(row.due.keyId.map { CleanText($0).string }, forKey: .keyId)
      try credential.encode(row.due.endDateTime, forKey: .endDateTime)
      if let secret = row.secret {
        try credential.encode("#microsoft.graph.passwordCredential", forKey: .odataType)
        try credential.encode(secret.displayName?.string, forKey: .displayName)
        try credential.encode(secret.startDateTime, forKey: .startDateTime)
        try credential.encode(secret.hint?.string, forKey: .hint)
      } else {
        let certificate = row.certificate
        try credential.encode("#microsoft.graph.keyCredential", forKey: .odataType)
        try credential.encode(certificate?.displayName?.string, forKey: .displayName)
        try credential.encode(certificate?.startDateTime, forKey: .startDateTime)
        try credential.encode(certificate?.type?.string, forKey: .type)
        try credential.encode(certificate?.usage?.string, forKey: .usage)
        try credential.encode(certificate?.customKeyIdentifier, forKey: .customKeyIdentifier)
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
