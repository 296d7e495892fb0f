import Foundation
import RosterCore
import Testing

@testable import Identity

@Suite struct AuthorityTests {
  @Test(arguments: [
    ("https://login.microsoftonline.com/organizations", "organizations"),
    ("https://login.microsoftonline.com/common/", "common"),
    ("https://login.microsoftonline.com/consumers", "consumers"),
    ("https://login.microsoftonline.com/8eaef023-2b34-4da1-9baa-8bc8c9d6a490", "8eaef023-2b34-4da1-9baa-8bc8c9d6a490"),
    ("https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/authorize", "contoso.onmicrosoft.com"),
    ("https://login.microsoftonline.us/contoso.onmicrosoft.us", "contoso.onmicrosoft.us"),
    ("https://login.partner.microsoftonline.cn/organizations", "organizations"),
    ("http://127.0.0.1:8443/tenant-1", "tenant-1"),
    ("http://localhost:9000/tenant-2", "tenant-2"),
  ])
  func entraAuthorities(text: String, tenant: String) throws {
    let authority = try Authority(parsing: text)
    #expect(authority.kind == .entra)
    #expect(authority.tenant == tenant)
    #expect(authority.discoveryURL.absoluteString.hasSuffix("/\(tenant)/v2.0/.well-known/openid-configuration"))
  }

  @Test(arguments: [
    "https://contosob2c.b2clogin.com/contosob2c.onmicrosoft.com/B2C_1_signupsignin",
    "https://contosob2c.b2clogin.com/contosob2c.onmicrosoft.com/oauth2/v2.0/authorize?p=B2C_1_signupsignin",
    "https://contosob2c.b2clogin.com/contosob2c.onmicrosoft.com?p=B2C_1_signupsignin",
    "https://contosob2c.b2clogin.com/tfp/contosob2c.onmicrosoft.com/B2C_1_signupsignin",
  ])
  func b2cAuthorities(text: String) throws {
    let authority = try Authority(parsing: text)
    #expect(authority.isB2C)
    #expect(authority.tenant == "contosob2c.onmicrosoft.com")
    #expect(authority.policy == "B2C_1_signupsignin")
    #expect(
      authority.discoveryURL.absoluteString
        == "https://contosob2c.b2clogin.com/contosob2c.onmicrosoft.com/B2C_1_signupsignin/v2.0/.well-known/openid-configuration"
    )
  }

  @Test func b2cIsDetectedByPolicyOnAnyHostAndByTheSetting() throws {
    let loopback = try Authority(parsing: "http://127.0.0.1:9000/sandbox.onmicrosoft.com/B2C_1_susi")
    #expect(loopback.isB2C)
    let fromSetting = try Authority(
      parsing: "https://contoso.b2clogin.cn/contoso.onmicrosoft.com", b2cPolicy: "B2C_1_x")
    #expect(fromSetting.policy == "B2C_1_x")
  }

  @Test(arguments: [
    "http://login.microsoftonline.com/organizations",
    "ftp://login.microsoftonline.com/organizations",
    "https://login.microsoftonline.com/",
    "not a url",
    "https://contoso.b2clogin.com/contoso.onmicrosoft.com",
  ])
  func refusals(text: String) {
    #expect(throws: SignInFailure.self) { try Authority(parsing: text) }
  }

  @Test func plainHTTPIsRefusedWithAMessageThatSaysWhy() {
    do {
      _ = try Authority(parsing: "http://login.example.com/organizations")
      Issue.record("expected refusal")
    } catch {
      #expect(error.message.string.contains("only https://"))
    }
  }

  @Test func deviceCodeIsRefusedForB2CAndAutoPicksByEnvironment() throws {
    let b2c = try Authority(parsing: "https://c.b2clogin.com/c.onmicrosoft.com/B2C_1_a")
    let entra = try Authority(parsing: "https://login.microsoftonline.com/organizations")
    let desktop = ["DISPLAY": ":0"]
    #expect(
      SignInMethodChooser.choose(setting: .deviceCode, authority: b2c, environment: desktop, hasOpener: true)
        == .failure(SignInMethodChooser.b2cHasNoDeviceCode))
    #expect(
      SignInMethodChooser.choose(setting: .auto, authority: b2c, environment: [:], hasOpener: false)
        == .success(.browser))
    #expect(
      SignInMethodChooser.choose(
        setting: .auto, authority: entra, environment: ["SSH_CONNECTION": "1 2 3 4"], hasOpener: true)
        == .success(.deviceCode))
    #expect(
      SignInMethodChooser.choose(setting: .auto, authority: entra, environment: [:], hasOpener: false)
        == .success(.deviceCode))
    #expect(
      SignInMethodChooser.choose(setting: .auto, authority: entra, environment: desktop, hasOpener: false)
        == .success(.deviceCode))
    #if os(Linux)
      #expect(
        SignInMethodChooser.choose(setting: .auto, authority: entra, environment: desktop, hasOpener: true)
          == .success(.browser))
    #endif
  }

  @Test func scopesAlwaysAskForARefreshTokenAndB2CAsksForTheClientId() {
    #expect(
      IdentityConfiguration.effectiveScopes("User.Read", clientId: "c", isB2C: false)
        == "offline_access profile openid User.Read")
    #expect(
      IdentityConfiguration.effectiveScopes(Settings.defaultScopes, clientId: "app-id", isB2C: true)
        == "openid offline_access app-id")
    #expect(
      IdentityConfiguration.effectiveScopes("https://c.onmicrosoft.com/api/read", clientId: "app", isB2C: true)
        == "https://c.onmicrosoft.com/api/read openid offline_access app")
  }
}
