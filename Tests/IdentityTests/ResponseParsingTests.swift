import Foundation
import RosterCore
import TestSupport
import Testing
import Transport

@testable import Identity

@Suite struct ResponseParsingTests {
  let url = URL(string: "https://login.example.test/t/oauth2/v2.0/token")!

  @Test func b2cStringNumbersAndExtraFieldsDecode() throws {
    let body = """
      {"not_before":"1442340812","token_type":"Bearer","access_token":"at","scope":"app offline_access",
       "expires_in":"3600","refresh_token":"rt","profile_info":"e30","refresh_token_expires_in":1209600}
      """
    let tokens = try TokenResponse.parse(Data(body.utf8), from: url)
    #expect(tokens.expiresIn == 3600)
    #expect(tokens.refreshToken == Secret("rt"))
    #expect(tokens.scope == "app offline_access")
  }

  /// Issue 28 (12): JSON's 0 and 1 are numbers, not booleans (`1 is Bool` holds for Foundation's
  /// numbers): a device code's `"interval": 1` is one second, not the 5 s fallback.
  @Test func smallNumbersAreNumbersAndOnlyBooleansAreBooleans() throws {
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(#"{"one":1,"zero":0,"yes":true,"no":false,"text":"7"}"#.utf8))
        as? [String: Any])
    #expect(TokenResponse.flexibleInt(json["one"]) == 1)
    #expect(TokenResponse.flexibleInt(json["zero"]) == 0)
    #expect(TokenResponse.flexibleInt(json["yes"]) == nil && TokenResponse.flexibleInt(json["no"]) == nil)
    #expect(TokenResponse.flexibleInt(json["text"]) == 7)
  }

  @Test func aTokenResponseWithoutAnAccessTokenIsAClearError() {
    do {
      _ = try TokenResponse.parse(Data(#"{"token_type":"Bearer","expires_in":3600}"#.utf8), from: url)
      Issue.record("expected failure")
    } catch {
      #expect(error.message.string.contains("without an access token"))
    }
  }

  @Test func htmlWhereJSONWasExpectedIsNamed() {
    do {
      _ = try TokenResponse.parse(Data("<!DOCTYPE html><html><body>Sign in to Wi-Fi</body></html>".utf8), from: url)
      Issue.record("expected failure")
    } catch {
      #expect(error.message.string.contains("HTML page instead of JSON"))
    }
  }

  @Test func malformedDiscoveryDocumentsSayWhatIsWrong() {
    let discovery = URL(string: "https://login.example.test/t/v2.0/.well-known/openid-configuration")!
    #expect(throws: SignInFailure.self) { try OIDCConfiguration.parse(Data("{".utf8), from: discovery) }
    do {
      _ = try OIDCConfiguration.parse(Data(#"{"authorization_endpoint":"https://x/a"}"#.utf8), from: discovery)
      Issue.record("expected failure")
    } catch {
      #expect(error.message.string.contains("token_endpoint"))
    }
    do {
      _ = try OIDCConfiguration.parse(
        Data(#"{"authorization_endpoint":"https://x/a","token_endpoint":"http://evil.example/t"}"#.utf8),
        from: discovery)
      Issue.record("expected failure")
    } catch {
      #expect(error.message.string.contains("http://"))
    }
  }

  @Test(arguments: [
    (50076, "multi-factor"), (65001, "consent"), (53003, "Conditional Access"), (50199, "confirm"),
    (700016, "not found in this tenant"), (90002, "tenant"), (7_000_218, "public client flows"),
    (700082, "expired"), (50173, "revoked"), (70020, "expired"),
  ])
  func aadstsCodesGetPlainLanguage(code: Int, phrase: String) throws {
    let response = IdentityFixtures.oauthError("invalid_grant", code: code)
    let failure = ErrorExplainer.failure(from: response, fallback: "x")
    #expect(failure.message.string.localizedCaseInsensitiveContains(phrase))
    #expect(failure.code == "AADSTS\(code)")
    #expect(failure.traceId == "0000aaaa-11bb")
    #expect(failure.displayLine.contains("AADSTS\(code)"))
    #expect(failure.displayLine.contains("trace id 0000aaaa-11bb"))
  }

  @Test func configurationErrorsCannotBeRetried() {
    #expect(
      !ErrorExplainer.failure(from: IdentityFixtures.oauthError("unauthorized_client", code: 700016), fallback: "")
        .canRetry)
    #expect(
      ErrorExplainer.failure(from: IdentityFixtures.oauthError("invalid_grant", code: 700082), fallback: "").canRetry)
  }

  @Test func b2cCodesComeFromTheDescription() {
    let body = IdentityFixtures.json(
      400, ["error": "invalid_grant", "error_description": "AADB2C90080: The provided grant has expired."])
    let failure = ErrorExplainer.failure(from: body, fallback: "")
    #expect(failure.code == "AADB2C90080")
    #expect(failure.message.string.contains("expired"))
  }

  @Test func subErrorsExplainWhyInteractionIsNeeded() {
    let failure = ErrorExplainer.failure(
      for: OAuthErrorBody.parse(
        IdentityFixtures.oauthError("interaction_required", suberror: "consent_required").body)!)
    #expect(failure.message.string.contains("consent"))
  }

  @Test func serverErrorsAndHTMLBodies() {
    let html = HTTPResponse(status: 502, body: Data("<html>Bad gateway</html>".utf8))
    #expect(ErrorExplainer.failure(from: html, fallback: "").message.string.contains("HTTP 502"))
    let proxyPage = HTTPResponse(status: 403, body: Data("<html>blocked</html>".utf8))
    #expect(ErrorExplainer.failure(from: proxyPage, fallback: "").message.string.contains("HTML page"))
  }

  @Test func pkceChallengeIsS256OfTheVerifier() {
    // Expected value computed independently: base64url(hashlib.sha256(verifier)) without padding.
    let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r7wW1gFWFOEjXk")
    #expect(pkce.challenge == "bwWFMyPfdG9qreDhH2lmftFx_dFeLDalzcT1gb_j68g")
    let fresh = PKCE.generate()
    #expect(fresh.verifier.count == 43)
    #expect(fresh.verifier != PKCE.generate().verifier)
  }

  @Test func formEncodingKeepsValuesFromChangingTheShape() {
    #expect(PercentEncoding.form([("scope", "a b+c&d=e/f:g")]) == "scope=a%20b%2Bc%26d%3De%2Ff%3Ag")
  }

  @Test func idTokenClaimsNameTheAccount() {
    let claims = IDTokenClaims.decode(Secret(IdentityFixtures.idToken(oid: "o", tid: "t", username: "u@x")))
    #expect(claims?.objectId == "o")
    #expect(claims?.tenantId == "t")
    #expect(claims?.preferredUsername == "u@x")
    #expect(IDTokenClaims.decode(Secret("opaque")) == nil)
  }

  /// Claims are server text that the status bar and `roster status` show: they are cleaned where
  /// the token is read, and an account read back from the cache file is cleaned again.
  @Test func idTokenClaimsAreCleanedWhereTheTokenIsRead() throws {
    let token = IdentityFixtures.idToken(
      oid: "o", tid: "t\u{1B}[2J", username: "\u{1B}]52;c;ZXZpbA==\u{07}u@x\u{202E}")
    let claims = try #require(IDTokenClaims.decode(Secret(token)))
    #expect(claims.preferredUsername == "u@x")
    let tokens = TokenResponse(
      accessToken: Secret("a"), tokenType: "Bearer", expiresIn: 3600, scope: "openid", refreshToken: nil,
      idToken: Secret(token))
    let account = IdentitySession.account(
      from: tokens, configuration: try IdentityConfiguration(settings: IdentitySessionRefreshTests.settings),
      issuedAt: Date())
    #expect(account.username == "u@x" && account.tenantId == "t" && account.displayName == "Adele")
    let cached =
      #"{"homeAccountId": "o.t", "username": "\u001b[1mEve\u001b[0m", "displayName": "\u202eEve", "#
      + #""tenantId": "t\u0007", "authority": "https://login.example/t", "grantedScopes": []}"#
    let decoded = try JSONDecoder().decode(Account.self, from: Data(cached.utf8))
    #expect(decoded.username == "Eve" && decoded.displayName == "Eve" && decoded.tenantId == "t")
  }

  /// The device code answer is shown on the login screen: escape sequences, controls and bidi
  /// overrides from the server go through the same sanitiser as directory text.
  @Test func deviceCodeTextIsCleanedOfTerminalControls() async throws {
    let transport = FakeTransport { _ in
      IdentityFixtures.json(
        200,
        [
          "device_code": "dc", "user_code": "AB\u{1B}[2JCD", "verification_uri": "https://x/device\u{202E}",
          "message": "Go to \u{1B}[31mhttps://x\u{07} now", "expires_in": 900, "interval": 5,
        ])
    }
    let client = TokenEndpointClient(transport: transport, clientId: "client")
    let device = try await client.requestDeviceCode(endpoint: URL(string: "https://x/devicecode")!, scopes: "openid")
    #expect(device.userCode == "ABCD")
    #expect(device.verificationURI == "https://x/device")
    #expect(device.message == "Go to https://x now")
  }
}
