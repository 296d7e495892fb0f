import Foundation
import Logging

/// A swift-log handler writing one structured line per message to the log file:
/// `2026-11-25T10:15:02.123Z info roster.transport: HTTP response method=GET host=… status=200`.
///
/// Values are logfmt: quoted when they hold a space, a quote or `=`, control characters escaped,
/// so every entry stays on one line and `grep request_id=…` finds it.
public struct LogLineHandler: LogHandler {
  public let label: String
  public let file: LogFile

  public var logLevel: Logger.Level
  public var metadata: Logger.Metadata = [:]

  public init(label: String, file: LogFile, logLevel: Logger.Level) {
    self.label = label
    self.file = file
    self.logLevel = logLevel
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var all = metadata
    if let extra = event.metadata { all.merge(extra) { $1 } }
    let fields = all.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.value("\($0.value)"))" }
    let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date())
    let line = (["\(time) \(event.level.rawValue) \(label): \(Self.escaped("\(event.message)"))"] + fields)
      .joined(separator: " ")
    file.append(line)
  }

  /// A logfmt value: bare when plain, else quoted.
  static func value(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "\"" && $0 != "=" }
    return plain ? escaped(text) : "\"" + escaped(text).replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// Control characters as `\n`, `\u{1b}`…: a hostile name cannot add a line or move a terminal's cursor.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value):
        out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
