import Diagnostics
import Foundation
import Testing

/// The log file's rules (issue 23 item 5): 0600, one line per entry whatever the text holds,
/// rotated at its size cap; and the redaction rules that keep tokens and codes out of it.
struct DiagnosticLogTests {
  static func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("roster-log-\(UUID().uuidString)/roster.log").path
  }

  @Test func theFileIsPrivateAndRotatesAtItsCap() throws {
    let path = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let file = LogFile(path: path, sizeCap: 1000)
    #expect(!FileManager.default.fileExists(atPath: path), "nothing is created before the first line")
    for number in 0..<30 { file.append("line \(number) " + String(repeating: "x", count: 60)) }
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect((attributes[.size] as? Int ?? 0) <= 1000)
    let rotated = try String(contentsOfFile: path + ".1", encoding: .utf8)
    let current = try String(contentsOfFile: path, encoding: .utf8)
    #expect(current.hasSuffix("line 29 " + String(repeating: "x", count: 60) + "\n"))
    #expect(rotated.split(separator: "\n").count + current.split(separator: "\n").count < 30, "older lines dropped")
    let directory = try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)
    #expect((directory[.posixPermissions] as? Int) == 0o700)
  }

  @Test func oneEntryIsOneLineWhateverItsText() throws {
    let path = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let handler = LogLineHandler(label: "roster.test", file: LogFile(path: path), logLevel: .debug)
    var logger = Logger(label: "roster.test", factory: { _ in handler })
    logger.logLevel = .debug
    logger.info("two\nlines", metadata: ["name": "\u{1B}[31mred\u{1B}[0m\nnext", "plain": "value"])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 1)
    #expect(!text.contains("\u{1B}"))
    #expect(text.contains(" info roster.test: two\\nlines ") && text.contains("plain=value"))
  }

  @Test func secretsAreRedactedInFormsJSONQueriesAndText() {
    let form = LogRedaction.form(
      "grant_type=refresh_token&refresh_token=0.AAA-secret&code_verifier=verifier123&client_id=abc&code=xyz")
    #expect(
      form == "grant_type=refresh_token&refresh_token=[redacted]&code_verifier=[redacted]&client_id=abc&code=[redacted]"
    )
    let json = Data(
      #"{"access_token":"eyJhbGciOi.eyJzdWIi.sig","device_code":"DEV123456","user_code":"ABCD-EFGH","message":"enter the code ABCD-EFGH","token_endpoint":"https://x/token","nested":{"id_token":"t0k3n"}}"#
        .utf8)
    let body = LogRedaction.body(json, contentType: "application/json; charset=utf-8") ?? ""
    for secret in ["eyJhbGciOi", "DEV123456", "ABCD-EFGH", "t0k3n"] { #expect(!body.contains(secret), "\(body)") }
    #expect(body.contains("https://x/token"), "a field that names an endpoint is kept: \(body)")
    #expect(LogRedaction.form("$skiptoken=abc&$top=5") == "$skiptoken=[redacted]&$top=5")
    #expect(LogRedaction.scrubJWTs("Bearer eyJ0eXAi.eyJhdWQi.c2ln here") == "Bearer [redacted] here")
    #expect(LogRedaction.body(Data([0xFF, 0xD8, 0xFF]), contentType: "image/jpeg") == "[3 bytes]")
  }
}
