import Foundation
import RosterCore

extension Presence {
  /// One entry of `getPresencesByUserId`'s `value`: availability and activity, and the v1.0
  /// `outOfOfficeSettings` and `statusMessage` when Graph sends them (PROTOCOL.md, "Presence").
  /// nil without an id or an availability.
  init?(graph value: [String: Any]) {
    guard value["id"] is String, let availability = value["availability"] as? String else { return nil }
    self.init(availability: .init(graph: availability), activity: value["activity"] as? String)
    if let settings = value["outOfOfficeSettings"] as? [String: Any] {
      let message = (settings["message"] as? String).map(HTMLText.plain).flatMap(Self.note)
      outOfOffice = OutOfOffice(isOutOfOffice: settings["isOutOfOffice"] as? Bool ?? false, message: message)
    }
    if let status = value["statusMessage"] as? [String: Any], let body = status["message"] as? [String: Any],
      let content = body["content"] as? String
    {
      let html = (body["contentType"] as? String)?.lowercased() == "html"
      if let text = Self.note(html ? HTMLText.plain(content) : content) {
        statusMessage = StatusNote(text: text, expires: Self.date(status["expiryDateTime"]))
      }
    }
  }

  /// The person's text cleaned and cut to `noteLimit`; nil when nothing printable is left.
  private static func note(_ text: String) -> CleanText? {
    CleanText(text, maxCharacters: noteLimit).nonEmpty
  }

  /// A `dateTimeTimeZone` (`{"dateTime": "2026-11-27T15:00:00.0000000", "timeZone": "UTC"}`): its
  /// zone as an IANA or "UTC" name; nil when either is missing or not understood. Graph's "never
  /// expires" is a date in the year 9999, which reads as no expiry too.
  static func date(_ value: Any?) -> Date? {
    guard let object = value as? [String: Any], let text = object["dateTime"] as? String else { return nil }
    let zoneName = object["timeZone"] as? String ?? "UTC"
    guard let zone = TimeZone(identifier: zoneName) ?? (zoneName == "UTC" ? TimeZone(secondsFromGMT: 0) : nil) else {
      return nil
    }
    let trimmed = text.split(separator: ".").first.map(String.init) ?? text
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = zone
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    guard let date = formatter.date(from: trimmed), date < Date(timeIntervalSince1970: 200_000_000_000) else {
      return nil
    }
    return date
  }
}

/// Text from the HTML of an automatic reply or a status note: tags dropped (a line break for
/// `<br>`, `<p>`, `<div>`), the five named entities, `&nbsp;` and numeric references decoded,
/// runs of blanks folded. Not an HTML parser: what is left is cleaned like any directory text.
enum HTMLText {
  static func plain(_ html: String) -> String {
    var text = ""
    var tag = ""
    var inTag = false
    for character in html {
      if inTag {
        if character == ">" {
          inTag = false
          let name = tag.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/ ")).prefix(3)
          if name.hasPrefix("br") || name.hasPrefix("p") || name.hasPrefix("div") { text += " " }
          tag = ""
        } else {
          tag.append(character)
        }
      } else if character == "<" {
        inTag = true
      } else {
        text.append(character)
      }
    }
    return decodeEntities(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  private static let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]

  private static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      let after = rest[rest.index(after: amp)...]
      if let semicolon = after.prefix(10).firstIndex(of: ";") {
        let name = String(after[..<semicolon])
        if let replacement = named[name.lowercased()] ?? numeric(name) {
          result += replacement
          rest = after[after.index(after: semicolon)...]
          continue
        }
      }
      result += "&"
      rest = after
    }
    return result + rest
  }

  private static func numeric(_ name: String) -> String? {
    guard name.hasPrefix("#") else { return nil }
    let digits = name.dropFirst()
    let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
    return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
  }
}
