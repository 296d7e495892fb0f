import Foundation
import Testing

@testable import SandboxDirectory

@Suite struct JSONValueTests {
  @Test func serialisationEscapesAndKeepsOrder() {
    let value = JSONValue.object([
      ("z", .string("quote \" backslash \\ newline \n tab \t bell \u{07} é 王")), ("a", .null),
      ("n", .number(42)), ("f", .number(1.5)), ("b", .bool(true)), ("list", .array([.number(-3), .bool(false)])),
    ])
    #expect(
      value.jsonText
        == #"{"z":"quote \" backslash \\ newline \n tab \t bell \u0007 é 王","a":null,"n":42,"f":1.5,"b":true,"#
        + #""list":[-3,false]}"#)
  }

  @Test func parserReadsWhatSerialisationWrites() throws {
    let value = JSONValue.object([
      ("b", .array([.string("x\u{1F600}\"\\/"), .number(-1.25e3), .null])), ("a", .object([])), ("t", .bool(true)),
    ])
    #expect(try JSONParser.parse(Data(value.jsonText.utf8)) == value)
    #expect(try JSONParser.parse(Data(#"{"s":"\ud83d\ude00 \u00e9"}"#.utf8)) == .object([("s", .string("😀 é"))]))
  }

  @Test(arguments: ["", "[1,]", "{\"a\" 1}", "[1] 2", "tru", "\"abc", "{'a':1}", "01x", "[\"\\x\"]"])
  func parserRefusesMalformedText(_ text: String) {
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Data(text.utf8)) }
  }

  @Test func parserReportsLineAndColumn() {
    do {
      _ = try JSONParser.parse(Data("[\n  {\"a\": tru}\n]".utf8))
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 2)
      #expect(error.column == 9)
    }
  }

  @Test func codableRoundTrip() throws {
    let value = JSONValue.object([("name", .string("Zoë")), ("n", .number(3)), ("ok", .bool(false)), ("x", .null)])
    let data = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
    guard case .object(let members) = decoded else {
      Issue.record("not an object")
      return
    }
    #expect(
      Dictionary(uniqueKeysWithValues: members.map { ($0.0, $0.1) }) == [
        "name": .string("Zoë"), "n": .number(3), "ok": .bool(false), "x": .null,
      ])
  }
}
