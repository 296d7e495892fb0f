import Foundation

/// A vCard 4.0 (RFC 6350) for one person: what a mail client's address book imports.
///
/// Properties: FN, N, EMAIL, TEL (business phones as work/voice, mobile as cell), TITLE, ORG
/// (company; department as the organisational unit), UID (the directory object id as a URN), and
/// PHOTO when JPEG bytes are given (a `data:` URI, RFC 6350 §6.2.4). Every directory string goes
/// is `CleanText` already (the id is cleaned here), then text-value escaping (§3.4: backslash, comma,
/// semicolon, newline); lines end in CRLF and fold at 75 octets without splitting a UTF-8
/// character (§3.2).
public enum VCard {
  /// The longest line in octets before folding, CRLF not counted (RFC 6350 §3.2).
  public static let lineLimit = 75

  /// The vCard text for `person`; `photoJPEG` adds a PHOTO property.
  public static func render(_ person: Person, photoJPEG: Data? = nil) -> String {
    func clean(_ text: CleanText?) -> String? { text?.nonEmpty?.string }
    var lines = ["BEGIN:VCARD", "VERSION:4.0"]
    let fullName =
      clean(person.displayName)
      ?? [clean(person.givenName), clean(person.surname)].compactMap { $0 }.joined(separator: " ")
    lines.append("FN:" + escape(fullName.isEmpty ? (clean(person.mail) ?? person.id) : fullName))
    let family = clean(person.surname)
    let given = clean(person.givenName)
    if family != nil || given != nil {
      lines.append("N:" + [family, given, nil, nil, nil].map { escape($0 ?? "") }.joined(separator: ";"))
    }
    if let mail = clean(person.mail) { lines.append("EMAIL;TYPE=work:" + escape(mail)) }
    for phone in (person.businessPhones ?? []).compactMap(clean) {
      lines.append("TEL;TYPE=work,voice:" + escape(phone))
    }
    if let mobile = clean(person.mobilePhone) { lines.append("TEL;TYPE=cell,voice:" + escape(mobile)) }
    if let title = clean(person.jobTitle) { lines.append("TITLE:" + escape(title)) }
    let company = clean(person.companyName)
    let department = clean(person.department)
    if company != nil || department != nil {
      lines.append("ORG:" + [company ?? "", department].compactMap { $0.map(escape) }.joined(separator: ";"))
    }
    if let photoJPEG, !photoJPEG.isEmpty {
      lines.append("PHOTO:data:image/jpeg;base64," + photoJPEG.base64EncodedString())
    }
    lines.append("UID:urn:uuid:" + escape(CleanText(person.id).string))
    lines.append("END:VCARD")
    return lines.map(fold).joined(separator: "\r\n") + "\r\n"
  }

  /// Text-value escaping (RFC 6350 §3.4): `\` `,` `;` and newlines.
  public static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case ",": out += "\\,"
      case ";": out += "\\;"
      case "\n", "\r": out += "\\n"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Splits a content line into 75-octet pieces joined by CRLF and one space (§3.2), never inside
  /// a UTF-8 sequence. Continuation lines carry the space, so they hold 74 octets of content.
  public static func fold(_ line: String) -> String {
    var pieces: [String] = []
    var current = ""
    var octets = 0
    for character in line {
      let size = String(character).utf8.count
      let limit = pieces.isEmpty ? lineLimit : lineLimit - 1
      if octets + size > limit, !current.isEmpty {
        pieces.append(current)
        current = ""
        octets = 0
      }
      current.append(character)
      octets += size
    }
    pieces.append(current)
    return pieces.joined(separator: "\r\n ")
  }
}
