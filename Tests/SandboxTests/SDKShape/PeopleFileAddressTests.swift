import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// A people file's own `proxyAddresses` are what the sandbox serves; only people the file gives
/// none are generated some, and malformed addresses refuse the file with a sentence.
@Suite("People file proxyAddresses")
struct PeopleFileAddressTests {
  static let people = #"""
    [
      {"displayName": "Ann Lee", "userPrincipalName": "ann@contoso.com", "mail": "ann@contoso.com",
       "proxyAddresses": ["SMTP:ann@contoso.com", "smtp:a.lee@fabrikam.example", "SIP:ann@contoso.com"]},
      {"displayName": "Bo Chen", "userPrincipalName": "bo@contoso.com", "mail": "bo@contoso.com"},
      {"displayName": "Cy Dunn", "userPrincipalName": "cy@contoso.com", "mail": "cy@contoso.com",
       "proxyAddresses": []}
    ]
    """#

  @Test("served as the file gives them, filtered by them; generated only where the file has none")
  func served() async throws {
    let directory = try Directory.load(peopleJSON: Data(Self.people.utf8))
    try await SandboxHarness.withManualClock({ $0.directory = directory }) { h in
      let token = try await h.signIn(scope: "openid profile offline_access User.Read User.Read.All").accessToken
      let ann = try await h.graph("/v1.0/users/ann@contoso.com?$select=proxyAddresses", token: token)
      #expect(ann.status == 200, "\(ann.text)")
      #expect(
        ann.json["proxyAddresses"] as? [String]
          == ["SMTP:ann@contoso.com", "smtp:a.lee@fabrikam.example", "SIP:ann@contoso.com"])
      let bo = try await h.graph("/v1.0/users/bo@contoso.com?$select=proxyAddresses", token: token)
      #expect((bo.json["proxyAddresses"] as? [String])?.first == "SMTP:bo@contoso.com")
      let cy = try await h.graph("/v1.0/users/cy@contoso.com?$select=proxyAddresses", token: token)
      #expect(cy.json["proxyAddresses"] as? [String] == [])
      let filter = SandboxHarness.q("proxyAddresses/any(p:p eq 'smtp:a.lee@fabrikam.example')")
      let found = try await h.graph("/v1.0/users?$filter=\(filter)&$select=id,userPrincipalName", token: token)
      #expect(found.status == 200, "\(found.text)")
      #expect(
        (found.json["value"] as? [[String: Any]])?.compactMap { $0["userPrincipalName"] as? String } == [
          "ann@contoso.com"
        ])
    }
  }

  @Test("malformed addresses refuse the file, naming the entry and the address")
  func refused() {
    let cases: [(String, String)] = [
      (#""ann@contoso.com""#, "type prefix"),
      (#""SMTP:not-an-address""#, "e-mail address"),
      (#""Smtp:ann@contoso.com""#, "'SMTP:'"),
      (#""SMTP:ann@contoso.com", "SMTP:lee@contoso.com""#, "more than one primary"),
      ("42", "strings"),
    ]
    for (addresses, words) in cases {
      let text = #"[{"userPrincipalName": "ann@contoso.com", "proxyAddresses": ["# + addresses + "]}]"
      #expect {
        _ = try Directory.load(peopleJSON: Data(text.utf8))
      } throws: { error in
        let message = (error as? PeopleFileError)?.description ?? ""
        return message.contains("entry at index 0") && message.contains("proxyAddresses") && message.contains(words)
      }
    }
    let notArray = #"[{"userPrincipalName": "ann@contoso.com", "proxyAddresses": "SMTP:ann@contoso.com"}]"#
    #expect(throws: PeopleFileError.self) { _ = try Directory.load(peopleJSON: Data(notArray.utf8)) }
  }
}
