import Foundation
import TestSupport
import Testing

/// Issue 40 item 25: `roster doctor`'s long lines wrap at the width (COLUMNS, as `--help` reads
/// it, else the terminal's, else 80) with each continuation indented under the text it continues,
/// so the marks stay a column of their own.
@Suite struct DoctorWrapCommandTests {
  /// The mark column of the words form (NO_COLOR, or not a terminal): `✓ ok     ` and a space.
  static let indent = String(repeating: " ", count: 10)

  /// Doctor's text lines with each continuation joined back onto its check's line, for tests
  /// that look for what a check says rather than where it breaks.
  static func checks(_ stdout: String) -> [String] {
    var joined: [String] = []
    for line in stdout.split(separator: "\n") {
      if line.hasPrefix(indent), !joined.isEmpty {
        joined[joined.count - 1] += " " + line.drop { $0 == " " }
      } else {
        joined.append(String(line))
      }
    }
    return joined
  }

  /// Every line fits `width`, unless it is one word too long to break; each starts with a mark
  /// or with the indent and then text; at least one check continues.
  static func expectWrapped(_ stdout: String, width: Int) {
    let lines = stdout.split(separator: "\n")
    #expect(!lines.isEmpty)
    var continued = false
    for line in lines {
      let marked = ["✓ ok ", "✗ PROBLEM ", "· note "].contains { line.hasPrefix($0) }
      if !marked {
        continued = true
        #expect(line.hasPrefix(indent) && line.dropFirst(indent.count).first != " ", "\(line)\n\(stdout)")
      }
      let words = line.split(separator: " ").count
      #expect(line.count <= width || (!marked && words == 1), "\(line.count) > \(width): \(line)")
    }
    #expect(continued, "some check is longer than \(width) columns:\n\(stdout)")
  }

  @Test func longLinesWrapUnderTheirTextAtColumnsOrEighty() async throws {
    try await SandboxHarness.with { harness in
      // Not signed in: the sign-in and scope checks are problems with a fix, long lines.
      let narrow = try await harness.roster(extra: ["COLUMNS": "60"]).run(["doctor"])
      #expect(narrow.status == 1, "\(narrow.stderr)")
      Self.expectWrapped(narrow.stdout, width: 60)

      let piped = try await harness.roster().run(["doctor"])
      Self.expectWrapped(piped.stdout, width: 80)
      // The same checks whatever the width, each one line once joined.
      #expect(Self.checks(narrow.stdout).count == Self.checks(piped.stdout).count)
      let account = Self.checks(narrow.stdout).first { $0.contains("Account:") } ?? ""
      #expect(account == "✗ PROBLEM Account: not signed in → run roster login", "\(narrow.stdout)")
    }
  }
}
