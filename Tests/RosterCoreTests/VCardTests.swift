import Foundation
import RosterCore
import Testing

/// RFC 6350 details the parser test (vobject, in GraphTests) does not pin down one by one.
struct VCardTests {
  static let person = Person(
    id: "87d349ed-44d7-43e1-9a83-5f2406dee5bd", displayName: "Ó'Brien; Seán, Jr.\u{1B}[31m", givenName: "Seán",
    surname: "Ó'Brien", mail: "sean@contoso.example", userPrincipalName: "sean@contoso.example",
    jobTitle: CleanText(String(repeating: "日本語", count: 20)), department: "R&D", companyName: "Contoso, Ltd.",
    businessPhones: ["+1 555 0100"], mobilePhone: "+1 555 0199")

  @Test func textValuesAreEscapedAndDirectoryTextSanitised() {
    let card = VCard.render(Self.person)
    #expect(card.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))
    #expect(card.hasSuffix("END:VCARD\r\n"))
    #expect(card.contains("\r\nFN:Ó'Brien\\; Seán\\, Jr.\r\n"), "escape sequence dropped, ; and , escaped")
    #expect(card.contains("\r\nN:Ó'Brien;Seán;;;\r\n"))
    #expect(card.contains("\r\nORG:Contoso\\, Ltd.;R&D\r\n"))
    #expect(card.contains("\r\nTEL;TYPE=work,voice:+1 555 0100\r\n"))
    #expect(card.contains("\r\nTEL;TYPE=cell,voice:+1 555 0199\r\n"))
    #expect(card.contains("\r\nUID:urn:uuid:87d349ed-44d7-43e1-9a83-5f2406dee5bd\r\n"))
    #expect(!card.contains("\u{1B}"))
    #expect(VCard.escape("a\\b\nc") == "a\\\\b\\nc")
  }

  @Test func linesFoldAt75OctetsWithoutSplittingACharacter() {
    let card = VCard.render(Self.person)
    let lines = card.components(separatedBy: "\r\n").dropLast()
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    let title = lines.drop { !$0.hasPrefix("TITLE:") }.prefix { $0.hasPrefix("TITLE:") || $0.hasPrefix(" ") }
    #expect(title.count > 1)
    let unfolded = title.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined()
    #expect(unfolded == "TITLE:" + String(repeating: "日本語", count: 20))
  }

  @Test func aPhotoIsADataURIWhenGiven() {
    let card = VCard.render(Self.person, photoJPEG: Data([0xFF, 0xD8, 0xFF, 0xD9]))
    #expect(card.contains("\r\nPHOTO:data:image/jpeg;base64,/9j/2Q==\r\n"))
    #expect(!VCard.render(Self.person).contains("PHOTO"))
  }

  @Test func theFileIsNewOwnerOnlyAndNeverOverwritten() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vcard-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try VCardFile.write(Self.person, into: directory)
    let second = try VCardFile.write(Self.person, into: directory)
    #expect(first.hasSuffix("/sean.vcf"))
    #expect(second.hasSuffix("/sean-2.vcf"))
    let attributes = try FileManager.default.attributesOfItem(atPath: first)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try String(contentsOfFile: first, encoding: .utf8) == VCard.render(Self.person))
    var hostile = Self.person
    hostile.mail = "../../etc/passwd@x"
    #expect(try VCardFile.write(hostile, into: directory) == directory.path + "/etcpasswd.vcf")
  }
}
