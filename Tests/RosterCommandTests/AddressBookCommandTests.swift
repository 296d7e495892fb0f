import Foundation
import Testing

/// `roster query` as mutt, neomutt and aerc call it, and `roster show --vcard` read back by a
/// real vCard parser (Python's vobject, installed in `.venv` by scripts/bootstrap).
@Suite(.serialized) struct AddressBookCommandTests {
  /// A name and title that need every vCard escape, and a title long enough to fold.
  static var awkward: [String: Any] {
    [
      "id": "30000000-0000-4000-8000-000000000001", "displayName": "Ó'Brien; Seán, Jr. \\ the Second",
      "givenName": "Seán, Jr.", "surname": "Ó'Brien; \\", "mail": "sean.obrien@contoso.test",
      "userPrincipalName": "sean.obrien@contoso.test",
      "jobTitle": "Principal Engineer, Développement; Zürich — Ελληνικά 日本語 and a long tail to fold twice over",
      "department": "R&D; Platform", "companyName": "Contoso, Ltd.", "businessPhones": ["+41 44 555 01 00"],
      "mobilePhone": "+41 79 555 01 99", "manager": "00000000-0000-4000-8000-000000000001",
    ]
  }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let python = repository.appendingPathComponent(".venv/bin/python")
  static var hasVobject: Bool {
    guard FileManager.default.isExecutableFile(atPath: python.path) else { return false }
    let process = Process()
    process.executableURL = python
    process.arguments = ["-c", "import vobject"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  @Test func queryAnswersInMuttsFormatAndAercs() async throws {
    try await CommandTests.withSignedInRoster(people: CommandTests.people + [Self.awkward]) { roster, signedOut, _ in
      let found = try await roster.run(["query", "zed"])
      #expect(found.status == 0, "\(found.stderr)")
      #expect(MuttQueryFormat.violations(found.stdout).isEmpty, "\(MuttQueryFormat.violations(found.stdout))")
      #expect(MuttQueryFormat.entries(found.stdout) == [["zed@contoso.test", "Zed Specialist", "Analyst, Strategy"]])

      // Hostile names (controls, tabs, escapes, CJK) still give lines mutt splits as intended.
      let hostile = try await roster.run(["query", "case"])
      #expect(hostile.status == 0)
      #expect(MuttQueryFormat.violations(hostile.stdout).isEmpty, "\(MuttQueryFormat.violations(hostile.stdout))")
      #expect(MuttQueryFormat.entries(hostile.stdout).count >= 3)

      let none = try await roster.run(["query", "nobody-matches-this"])
      #expect(none.status == 1, "mutt shows the first line as an error")
      #expect(none.stdout.split(separator: "\n").count == 1)
      #expect(MuttQueryFormat.violations(none.stdout).isEmpty)

      let aerc = try await roster.run(["query", "--format", "aerc", "seán"])
      #expect(aerc.status == 0)
      #expect(aerc.stdout == "sean.obrien@contoso.test\tÓ'Brien; Seán, Jr. \\ the Second\n")
      let aercNone = try await roster.run(["query", "--format", "aerc", "nobody-matches-this"])
      #expect(aercNone.status == 0 && aercNone.stdout.isEmpty)

      let notSignedIn = try await signedOut.run(["query", "zed"])
      #expect(notSignedIn.status == 3)
      #expect(notSignedIn.stdout.split(separator: "\n").count == 1, "mutt shows why")
    }
  }

  @Test(.enabled(if: hasVobject, "needs .venv with vobject: run scripts/bootstrap"))
  func vcardIsReadBackByVobjectWithTheSameFields() async throws {
    try await CommandTests.withSignedInRoster(people: CommandTests.people + [Self.awkward]) { roster, _, _ in
      let shown = try await roster.run(["show", "sean.obrien@contoso.test", "--vcard"])
      #expect(shown.status == 0, "\(shown.stderr)")
      let lines = shown.stdout.components(separatedBy: "\r\n")
      #expect(lines.allSatisfy { $0.utf8.count <= 75 }, "folded at 75 octets")
      #expect(lines.contains { $0.hasPrefix(" ") }, "the long title was folded")
      #expect(shown.stdout.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))

      let parsed = try Self.vobject(shown.stdout)
      #expect(parsed["version"] as? String == "4.0")
      #expect(parsed["fn"] as? String == Self.awkward["displayName"] as? String)
      #expect(parsed["n"] as? [String] == ["Ó'Brien; \\", "Seán, Jr."])
      #expect(parsed["email"] as? [String] == ["sean.obrien@contoso.test"])
      #expect(parsed["tel"] as? [String] == ["+41 44 555 01 00", "+41 79 555 01 99"])
      #expect(parsed["title"] as? String == Self.awkward["jobTitle"] as? String)
      #expect(parsed["org"] as? [String] == ["Contoso, Ltd.", "R&D; Platform"])
      // The sandbox gives people-file entries a photo: the card carries it as a JPEG data URI.
      #expect(parsed["photo"] as? [String] == ["data:image/jpeg;base64:True"])
      #expect(parsed["vobject_photos"] as? Int == 1, "vobject reads the PHOTO property too")
    }
  }

  /// Parses a vCard with vobject and prints the fields as JSON.
  static func vobject(_ card: String) throws -> [String: Any] {
    let script = """
      import base64, json, sys, vobject
      raw = sys.stdin.read()
      card = vobject.readOne(raw)
      # vobject (a vCard 3 reader) cuts a 4.0 data URI at its comma: read PHOTO from the unfolded text.
      photos = [l[len("PHOTO:"):] for l in raw.replace("\\r\\n ", "").split("\\r\\n") if l.startswith("PHOTO:")]
      n = card.n.value
      print(json.dumps({
        "version": card.version.value, "fn": card.fn.value, "n": [n.family, n.given],
        "email": [e.value for e in card.contents.get("email", [])],
        "tel": [t.value for t in card.contents.get("tel", [])],
        "title": card.title.value, "org": card.org.value,
        "photo": [p.split(",", 1)[0] + ":" + str(base64.b64decode(p.split(",", 1)[1])[:3] == b"\\xff\\xd8\\xff")
                  for p in photos],
        "vobject_photos": len(card.contents.get("photo", [])),
      }))
      """
    let process = Process()
    process.executableURL = python
    process.arguments = ["-c", script]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(card.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0, let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { throw VobjectFailure(message: problem) }
    return object
  }

  struct VobjectFailure: Error { var message: String }
}

/// mutt's `query_command` reader (query.c `run_query`): the first line is a message; each later
/// line is split with `strtok(buf, "\t\n")` into address, name and an optional extra, and the
/// address goes through `rfc822_parse_adrlist`.
enum MuttQueryFormat {
  /// The fields mutt reads from each result line.
  static func entries(_ output: String) -> [[String]] {
    output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().filter { !$0.isEmpty }.map { line in
      line.split(whereSeparator: { $0 == "\t" }).map(String.init)
    }
  }

  /// Why the output would be misread, if it would.
  static func violations(_ output: String) -> [String] {
    var problems: [String] = []
    guard output.hasSuffix("\n") else { return ["output does not end in a newline"] }
    let lines = output.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
    guard let message = lines.first, !message.isEmpty else { return ["no message line"] }
    for line in lines.dropFirst() {
      let raw = line.split(separator: "\t", omittingEmptySubsequences: false)
      // strtok skips empty fields: an empty one would shift the next into its place.
      if raw.contains(where: \.isEmpty) { problems.append("empty field in \(line.debugDescription)") }
      if !(2...3).contains(raw.count) { problems.append("\(raw.count) fields in \(line.debugDescription)") }
      if line.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F || $0.value == 0x1B })
      {
        problems.append("control character in \(line.debugDescription)")
      }
      let address = raw.first.map(String.init) ?? ""
      let parts = address.split(separator: "@", omittingEmptySubsequences: false)
      let special = address.contains { " ,;:<>()[]\"\\".contains($0) }
      if parts.count != 2 || parts.contains(where: \.isEmpty) || special {
        problems.append("not a bare address: \(address.debugDescription)")
      }
    }
    return problems
  }
}
