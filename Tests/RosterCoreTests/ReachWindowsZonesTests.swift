import Foundation
import Testing

@testable import RosterCore

/// The committed Windows-name table is exactly what scripts/generate-windows-zones makes from
/// CLDR's windowsZones.xml (Debian's unicode-cldr-core, installed by scripts/bootstrap), and every
/// zone it names is one Foundation can compute with.
@Suite struct ReachWindowsZonesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let cldr = "/usr/share/unicode/cldr/common/supplemental/windowsZones.xml"

  @Test func theCommittedTableIsWhatTheScriptMakesFromCLDR() throws {
    guard FileManager.default.fileExists(atPath: Self.cldr) else {
      Issue.record("\(Self.cldr) is missing: run scripts/bootstrap (it installs unicode-cldr-core).")
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      Self.root.appendingPathComponent("scripts/generate-windows-zones").path, "--stdout", Self.cldr,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let committed = try Data(
      contentsOf: Self.root.appendingPathComponent("Sources/RosterCore/Reach/WindowsZones.swift"))
    #expect(
      output == committed,
      "Sources/RosterCore/Reach/WindowsZones.swift differs from CLDR's table: run scripts/generate-windows-zones.")
  }

  @Test func everyGoldenZoneIsKnownToFoundation() {
    #expect(WindowsZones.golden.count > 130)
    let unknown = WindowsZones.golden.values.filter { TimeZone(identifier: $0) == nil }
    #expect(unknown.isEmpty, "\(unknown)")
  }
}
