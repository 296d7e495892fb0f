import Foundation

/// What a person said about being reachable, carried on the presence Graph already returns
/// (`outOfOfficeSettings` and `statusMessage`, both v1.0 properties of `presence`): no request of
/// its own. Text is the person's own: cleaned like every directory string, cut to a sane length.
extension Presence {
  /// Graph's `outOfOfficeSettings`.
  public struct OutOfOffice: Sendable, Equatable, Hashable, Codable {
    /// Inside the out-of-office window set in Outlook or Teams, or a "show as out of office" event now.
    public var isOutOfOffice: Bool
    /// The automatic-reply message, as text (HTML tags dropped); nil or empty when none.
    public var message: CleanText?

    public init(isOutOfOffice: Bool, message: CleanText? = nil) {
      self.isOutOfOffice = isOutOfOffice
      self.message = message
    }
  }

  /// Graph's `statusMessage` (`presenceStatusMessage`): the note a person set in Teams.
  public struct StatusNote: Sendable, Equatable, Hashable, Codable {
    public var text: CleanText
    /// When Teams stops showing it (`expiryDateTime`); nil when it does not expire.
    public var expires: Date?

    public init(text: CleanText, expires: Date? = nil) {
      self.text = text
      self.expires = expires
    }
  }

  /// The note still in force at `now` (an expired one is not shown).
  public func statusNote(at now: Date) -> StatusNote? {
    guard let note = statusMessage, !note.text.isEmpty else { return nil }
    if let expires = note.expires, expires <= now { return nil }
    return note
  }

  /// Whether the person is out of office now, by either signal Graph gives.
  public var isOutOfOffice: Bool {
    outOfOffice?.isOutOfOffice == true || activity == "OutOfOffice"
  }

  /// The longest note or message kept: a pasted 2,000-character message is cut, never drawn whole.
  public static let noteLimit = 500
}

extension Presence {
  /// The list's glyph: out of office wins over availability (Teams marks it so too), a left
  /// arrow as an automatic reply reads; otherwise the availability's.
  public var glyph: String { isOutOfOffice ? "↩" : availability.glyph }

  /// The list's word: "Out of office" when the person is, else the availability's.
  public var word: String { isOutOfOffice ? "Out of office" : availability.word }
}

extension Presence {
  /// "15:00" today, "Mon 09:00" another day, in `zone` (the reader's: `AppState.timeZone`).
  public static func clockText(_ date: Date, now: Date, zone: TimeZone) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_GB")
    formatter.timeZone = zone
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    formatter.dateFormat = calendar.isDate(date, inSameDayAs: now) ? "HH:mm" : "EEE HH:mm"
    return formatter.string(from: date)
  }
}
