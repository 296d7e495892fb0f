import Foundation
import RosterCore
import Testing

@testable import Graph

/// The delta page decoder over bytes (`DeltaDecoding` on `JSONCursor`) gives what the decoder it
/// replaced (`JSONSerialization`, kept here as `ReferenceDeltaDecoding`) gave, on ordinary and on
/// hostile pages; and whatever is not JSON is refused whole, with a message that says so.
@Suite struct DeltaDecodingTests {
  /// The decoder before issue 22, as it was: the reference the new one must agree with.
  enum ReferenceDeltaDecoding {
    static func page(from data: Data) throws -> DeltaPage {
      let parsed = try? JSONSerialization.jsonObject(with: data)
      guard let object = parsed as? [String: Any] else { throw DirectoryError.malformedResponse("not an object") }
      guard let values = object["value"] as? [Any] else { throw DirectoryError.malformedResponse("no value") }
      var changes: [DeltaChange] = []
      for case let entry as [String: Any] in values {
        guard let id = entry["id"] as? String, !id.isEmpty else { continue }
        if entry["@removed"] != nil {
          changes.append(.removed(id: id))
          continue
        }
        guard let person = PeopleDecoding.person(from: entry) else { continue }
        if person.isHiddenFromAddressList {
          changes.append(.removed(id: id))
          continue
        }
        var managerId: String?
        let managerDelta = entry["manager@delta"] as? [Any]
        for case let manager as [String: Any] in managerDelta ?? [] where manager["@removed"] == nil {
          managerId = manager["id"] as? String
        }
        changes.append(.upsert(person, managerId: managerId, managerKnown: managerDelta != nil))
      }
      let next = (object["@odata.nextLink"] as? String).flatMap { $0.isEmpty ? nil : $0 }
      let delta = (object["@odata.deltaLink"] as? String).flatMap { $0.isEmpty ? nil : $0 }
      guard next != nil || delta != nil else { throw DirectoryError.malformedResponse("no link") }
      return DeltaPage(changes: changes, nextLink: next, deltaLink: delta)
    }
  }

  /// Both decoders on `text`: the same page, or both refuse it.
  static func expectSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectSame(Data(text.utf8), sourceLocation: sourceLocation)
  }

  static func expectSame(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) {
    let reference = Result { try ReferenceDeltaDecoding.page(from: data) }
    let decoded = Result { () throws(DirectoryError) in try DeltaDecoding.page(from: data) }
    switch (reference, decoded) {
    case (.success(let old), .success(let new)):
      #expect(old == new, "\(String(decoding: data.prefix(300), as: UTF8.self))", sourceLocation: sourceLocation)
    case (.failure, .failure(let error)):
      guard case .malformedResponse(let message) = error else {
        Issue.record("not a malformed-response error: \(error)", sourceLocation: sourceLocation)
        return
      }
      #expect(message.contains("Microsoft Graph"), sourceLocation: sourceLocation)
    default:
      Issue.record(
        "decoders disagree on \(String(decoding: data.prefix(300), as: UTF8.self)): \(reference) vs \(decoded)",
        sourceLocation: sourceLocation)
    }
  }

  static let next = #""@odata.nextLink":"https://graph.microsoft.com/v1.0/users/delta?$skiptoken=abc""#

  /// A page of `count` people as Graph writes them, with the characters names really have.
  static func realisticPage(_ count: Int) -> String {
    let given = ["Aditya", "José", "Zoë", "Mohammed", "Jürgen", "Siobhán", "Łukasz", "Chloé", "Nguyễn", "María José"]
    let family = [
      "Gupta", "Martínez", "O'Connor", "Müller", "Øster", "Núñez", "Schmidt-Weiß", "van der Berg", "李", "Σωκράτης",
    ]
    var entries: [String] = []
    for number in 0..<count {
      let first = given[number % given.count]
      let last = family[(number / 3) % family.count]
      let id = "\(number)-1111-4222-8333-444455556666"
      let mail = "user\(number)@contoso.example"
      var entry =
        #"{"businessPhones":["+1 425 555 \#(number)"],"displayName":"\#(first) \#(last)","givenName":"\#(first)","#
        + #""jobTitle":"Engineer \"Senior\"","mail":"\#(mail)","mobilePhone":null,"officeLocation":"B\#(number % 40)","#
        + #""surname":"\#(last)","userPrincipalName":"\#(mail)","id":"\#(id)","department":"R&D\/Lab","#
        + #""companyName":"Contoso","userType":"Member","accountEnabled":\#(number % 5 != 0),"#
        + #""showInAddressList":\#(number % 17 == 5 ? "false" : "null")"#
      if number % 3 == 0 {
        entry += ##","manager@delta":[{"@odata.type":"#microsoft.graph.user","id":"m-\##(number / 10)"}]"##
      }
      entries.append(entry + "}")
      if number % 11 == 0 {
        entries.append(#"{"id":"gone-\#(number)","@removed":{"reason":"deleted"}}"#)
      }
    }
    return #"{"@odata.context":"https://graph.microsoft.com/v1.0/$metadata#users","# + Self.next + #","value":["#
      + entries.joined(separator: ",") + "]}"
  }

  @Test func aRealisticPageDecodesAsBefore() throws {
    let text = Self.realisticPage(400)
    Self.expectSame(text)
    let page = try DeltaDecoding.page(from: Data(text.utf8))
    #expect(page.changes.count == 400 + 37)
    #expect(page.nextLink?.hasSuffix("$skiptoken=abc") == true && page.deltaLink == nil)
    guard case .upsert(let first, let manager, true) = page.changes[0] else {
      Issue.record("expected a person with a manager: \(page.changes[0])")
      return
    }
    #expect(first.jobTitle == #"Engineer "Senior""# && first.department == "R&D/Lab" && manager == "m-0")
    #expect(page.changes.contains(.removed(id: "gone-11")))
  }

  @Test func hostileEntriesAreReadLikeTheOldDecoderRead() {
    let pages = [
      // Wrong types, missing or empty ids, entries that are not objects.
      #"{"value":[1,"x",null,[],{"id":""},{"id":5},{"displayName":"No Id"},{"id":"a","displayName":7,"#
        + #""givenName":true,"businessPhones":"+1","accountEnabled":"yes","mail":null}],"# + Self.next + "}",
      // Phones with non-strings; a removal whose reason is null; hidden people.
      #"{"value":[{"id":"b","businessPhones":["1",2,null,"3"]},{"id":"c","@removed":null},"#
        + #"{"id":"d","showInAddressList":false,"displayName":"Hidden"},{"id":"e","showInAddressList":true}],"#
        + Self.next + "}",
      // manager@delta: removed, several, not objects, without id, not an array.
      #"{"value":[{"id":"f","manager@delta":[{"id":"m1","@removed":{"reason":"deleted"}}]},"#
        + #"{"id":"g","manager@delta":[{"id":"m1"},{"id":"m2"}]},{"id":"h","manager@delta":[1,"m3"]},"#
        + #"{"id":"i","manager@delta":[{"@odata.type":"x"}]},{"id":"j","manager@delta":{"id":"m4"}},"#
        + #"{"id":"k","manager@delta":[{"id":"m5"},{"id":7}]}],"# + Self.next + "}",
      // A key given twice counts by its last value.
      #"{"value":[{"id":"l","displayName":"First","displayName":"Second","id":"l2"}],"# + Self.next + "}",
      #"{"value":[{"id":"z"}],"value":[{"id":"y"}],"# + Self.next + "}",
      // Escapes: \u with surrogate pairs, control characters, slashes; keys written with escapes.
      #"{"value":[{"id":"m","displayName":"Jos\u00e9 \ud83d\ude00 \n\t\"q\" \\ \/","surname":"\u0000\u001b[31m"},"#
        + #"{"\u0069d":"n","display\u004eame":"Escaped Key"}],"# + Self.next + "}",
      // White space everywhere, numbers of every form in ignored places.
      " \n{ \"value\" : [ { \"id\" : \"o\" , \"extra\" : [ -0.5e+10 , 0 , 1E3 , 12.25 , -7 ] } ] , "
        + Self.next + " } \n",
      // Links: empty, both, only a delta link, not strings.
      #"{"value":[],"@odata.nextLink":"","@odata.deltaLink":"https://graph/delta?$deltatoken=x"}"#,
      #"{"value":[],"@odata.nextLink":"https://graph/n","@odata.deltaLink":"https://graph/d"}"#,
      #"{"value":[],"@odata.nextLink":5}"#,
      #"{"value":[],"@odata.deltaLink":""}"#,
      // Not a page.
      #"{"# + Self.next + "}",
      #"{"value":{},"# + Self.next + "}",
      #"[{"id":"a"}]"#,
      #""text""#,
      "",
    ]
    for page in pages { Self.expectSame(page) }
  }

  @Test func whatIsNotJSONIsRefusedWholeWithAClearMessage() throws {
    let broken = [
      #"{"value":[{"id":"a"}],"# + Self.next,  // truncated
      #"{"value":[{"id":"a"}],"# + Self.next + "} trailing",
      #"{"value":[{"id":"a"}],,"# + Self.next + "}",
      "{\"value\":[{\"id\":\"a\tb\"}]," + Self.next + "}",  // a raw tab inside a string
      #"{"value":[{"id":"a","x":\ud800}],"# + Self.next + "}",
      #"{"value":[{"id":"\ud800"}],"# + Self.next + "}",  // a lone surrogate
      #"{"value":[{"id":"\q"}],"# + Self.next + "}",
      #"{"value":[{"id":"a","n":01}],"# + Self.next + "}",
      #"{"value":[{"id":"a","n":1.}],"# + Self.next + "}",
      #"{"value":[{"id":"a","n":tru}],"# + Self.next + "}",
      #"{'value':[]}"#,
      String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
    ]
    for text in broken {
      #expect(throws: DirectoryError.self) { try DeltaDecoding.page(from: Data(text.utf8)) }
      Self.expectSame(text)
    }
    // Stricter than `JSONSerialization`, which let a trailing comma pass: RFC 8259 JSON only.
    for text in [#"{"value":[{"id":"a",}],"# + Self.next + "}", #"{"value":[{"id":"a"},],"# + Self.next + "}"] {
      #expect(throws: DirectoryError.self) { try DeltaDecoding.page(from: Data(text.utf8)) }
    }
    // Nested deeper than any Graph body: refused without recursing without bound.
    let deep =
      #"{"value":[{"id":"a","x":"# + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
      + "}]," + Self.next + "}"
    #expect(throws: DirectoryError.self) { try DeltaDecoding.page(from: Data(deep.utf8)) }
    // Invalid UTF-8 in a name.
    var bytes = Array(#"{"value":[{"id":"a","displayName":"x"}],"#.utf8) + Array(Self.next.utf8) + Array("}".utf8)
    bytes[bytes.firstIndex(of: UInt8(ascii: "x"))!] = 0xC3
    #expect(throws: DirectoryError.self) { try DeltaDecoding.page(from: Data(bytes)) }

    do {
      _ = try DeltaDecoding.page(from: Data(#"{"value":[{"id":"a"}"#.utf8))
      Issue.record("a truncated page decoded")
    } catch {
      #expect(
        error
          == .malformedResponse(
            "Microsoft Graph sent a delta page that is not valid JSON (truncated?): expected ',' or ']' in an array "
              + "at byte 20."))
    }
  }

  /// Every prefix of a page is refused (a body cut short anywhere loses nothing), and a page with
  /// any one byte changed is either refused by both decoders or read alike by both.
  @Test func cutAndDamagedPagesNeverDecodeDifferently() {
    let page = Array(Self.realisticPage(12).utf8)
    for length in stride(from: 0, to: page.count, by: 7) {
      #expect(throws: DirectoryError.self) { try DeltaDecoding.page(from: Data(page[..<length])) }
    }
    let replacements: [UInt8] = Array(#"{}[],:"\ 0a-eE.tn"#.utf8)
    var state: UInt64 = 22
    for _ in 0..<400 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var damaged = page
      let position = Int((state >> 33) % UInt64(page.count))
      damaged[position] = replacements[Int((state >> 20) % UInt64(replacements.count))]
      Self.expectSame(Data(damaged))
    }
  }
}
