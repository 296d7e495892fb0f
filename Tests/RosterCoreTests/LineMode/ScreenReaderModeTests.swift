import Foundation
import Testing

@testable import RosterCore

/// How the line mode is asked for (issue 44 item 3): the flag, `ACCESSIBLE` or the setting;
/// never guessed from `TERM`.
struct ScreenReaderModeTests {
  @Test func accessibleIsOnForAnythingButEmptyZeroOrFalse() {
    for value in ["1", "true", "yes", "TRUE", "orca"] { #expect(ScreenReaderMode.accessibleAsks(value), "\(value)") }
    for value in [nil, "", " ", "0", "false", "False", "FALSE"] {
      #expect(!ScreenReaderMode.accessibleAsks(value), "\(value ?? "unset")")
    }
  }

  @Test func theFlagOrTheSettingAloneChooseIt() {
    #expect(ScreenReaderMode.isRequested(flag: true, environment: [:], setting: false))
    #expect(ScreenReaderMode.isRequested(flag: false, environment: [:], setting: true))
    #expect(ScreenReaderMode.isRequested(flag: false, environment: ["ACCESSIBLE": "1"], setting: false))
    #expect(!ScreenReaderMode.isRequested(flag: false, environment: ["TERM": "linux"], setting: false))
  }

  @Test func theSettingComesFromTheFile() throws {
    let path = NSTemporaryDirectory() + "roster-screen-reader-\(UUID().uuidString).plist"
    defer { try? FileManager.default.removeItem(atPath: path) }
    FileManager.default.createFile(
      atPath: path, contents: Data("<plist><dict><key>screenReader</key><string>on</string></dict></plist>".utf8))
    #expect(try Settings.load(overrides: .init(configFile: path), environment: [:]).screenReader)
    #expect(Settings().screenReader == false)
  }
}
