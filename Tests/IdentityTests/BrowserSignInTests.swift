import Foundation
import RosterCore
import TestSupport
import Testing
import Transport

@testable import Identity

/// The loopback listener for real (127.0.0.1, a free port), with the token endpoint faked.
@Suite struct BrowserSignInTests {
  let oidc = OIDCConfiguration(
    issuer: nil, authorizationEndpoint: URL(string: "\(IdentityFixtures.base)/oauth2/v2.0/authorize")!,
    tokenEndpoint: URL(string: "\(IdentityFixtures.base)/oauth2/v2.0/token")!, deviceAuthorizationEndpoint: nil)

  func makeFlow(_ transport: FakeTransport) throws -> (BrowserSignIn, OneShot<Result<TokenResponse, SignInFailure>?>) {
    let result = OneShot<Result<TokenResponse, SignInFailure>?>()
    let flow = try BrowserSignIn(
      client: TokenEndpointClient(transport: transport, clientId: "client-1"), configuration: oidc,
      scopes: "openid offline_access User.Read", redirectURI: "http://localhost", isB2C: false,
      scheduler: TestScheduler(), onFinish: { result.fulfil($0) })
    return (flow, result)
  }

  /// What a browser does: GET the redirect on the loopback listener.
  /// AsyncHTTPClient keeps retrying a refused connection until the deadline, so a request
  /// expected to find nobody listening gets a short one.
  func browse(_ url: String, timeout: Duration = .seconds(10)) async throws -> HTTPResponse {
    let transport = try LiveHTTPTransport()
    return try await transport.send(HTTPRequest(url: URL(string: url)!, timeout: timeout))
  }

  @Test func oneRedirectIsAcceptedRedeemedWithTheVerifierThenTheListenerCloses() async throws {
    let transport = FakeTransport { _ in IdentityFixtures.tokens(access: "at", refresh: "rt") }
    let (flow, result) = try makeFlow(transport)
    let (authorize, redirectURI) = try await flow.start()
    let query = Dictionary(
      uniqueKeysWithValues: URLComponents(url: authorize, resolvingAgainstBaseURL: false)!.queryItems!
        .map { ($0.name, $0.value ?? "") })
    #expect(query["code_challenge_method"] == "S256")
    #expect(query["code_challenge"] == flow.pkce.challenge)
    #expect(query["redirect_uri"] == redirectURI)
    #expect(redirectURI.hasPrefix("http://localhost:"))
    let port = URLComponents(string: redirectURI)!.port!
    let favicon = try await browse("http://127.0.0.1:\(port)/favicon.ico")
    #expect(favicon.status == 404)
    let page = try await browse("http://127.0.0.1:\(port)/?code=the-code&state=\(flow.state)&session_state=s")
    #expect(page.status == 200)
    #expect(String(decoding: page.body, as: UTF8.self).contains("go back to the terminal"))
    guard case .success(let tokens)? = await result.value() else {
      Issue.record("expected tokens")
      return
    }
    #expect(tokens.accessToken == Secret("at"))
    let form = FakeTransport.form(try #require(transport.requests.first))
    #expect(form["code"] == "the-code")
    #expect(form["code_verifier"] == flow.pkce.verifier)
    #expect(form["redirect_uri"] == redirectURI)
    // A second redirect finds nobody listening.
    await flow.listenerClosed()
    await #expect(throws: TransportError.self) {
      _ = try await browse("http://127.0.0.1:\(port)/?code=again&state=\(flow.state)", timeout: .seconds(1))
    }
    #expect(transport.requests.count == 1)
  }

  @Test func wrongStateIsRefusedAndEndsTheSignIn() async throws {
    let transport = FakeTransport { _ in IdentityFixtures.tokens(access: "at", refresh: "rt") }
    let (flow, result) = try makeFlow(transport)
    let (_, redirectURI) = try await flow.start()
    let port = URLComponents(string: redirectURI)!.port!
    let page = try await browse("http://127.0.0.1:\(port)/?code=c&state=forged")
    #expect(page.status == 400)
    guard case .failure(let failure)? = await result.value() else {
      Issue.record("expected failure")
      return
    }
    #expect(failure.error == "state_mismatch")
    #expect(transport.requests.isEmpty)
  }

  @Test func cancelInTheBrowserIsExplained() async throws {
    let (flow, result) = try makeFlow(FakeTransport { _ in IdentityFixtures.tokens(access: "at", refresh: "rt") })
    let (_, redirectURI) = try await flow.start()
    let port = URLComponents(string: redirectURI)!.port!
    _ = try await browse(
      "http://127.0.0.1:\(port)/?error=access_denied&error_subcode=cancel&error_description=the+user+canceled&state=\(flow.state)"
    )
    guard case .failure(let failure)? = await result.value() else {
      Issue.record("expected failure")
      return
    }
    #expect(failure.error == "access_denied")
    #expect(failure.message.string.contains("cancel"))
  }

  @Test func aPastedRedirectCompletesAndGarbageIsRefused() async throws {
    let transport = FakeTransport { _ in IdentityFixtures.tokens(access: "at", refresh: "rt") }
    let (flow, result) = try makeFlow(transport)
    let (_, redirectURI) = try await flow.start()
    #expect(!flow.submit(pastedURL: "not a url"))
    #expect(flow.refusalReason(for: "not a url")?.contains("not a URL") == true)
    #expect(!flow.submit(pastedURL: "\(redirectURI)/?code=c&state=other"))
    #expect(flow.submit(pastedURL: "\(redirectURI)/?code=pasted&state=\(flow.state)"))
    #expect(!flow.submit(pastedURL: "\(redirectURI)/?code=pasted&state=\(flow.state)"))
    guard case .success? = await result.value() else {
      Issue.record("expected tokens")
      return
    }
    #expect(FakeTransport.form(try #require(transport.requests.first))["code"] == "pasted")
  }

  @Test func cancelClosesTheListener() async throws {
    let (flow, result) = try makeFlow(FakeTransport { _ in IdentityFixtures.tokens(access: "at", refresh: "rt") })
    let (_, redirectURI) = try await flow.start()
    flow.cancel()
    #expect(await result.value() == nil)
    await flow.listenerClosed()
    let port = URLComponents(string: redirectURI)!.port!
    await #expect(throws: TransportError.self) {
      _ = try await browse("http://127.0.0.1:\(port)/?code=c&state=\(flow.state)", timeout: .seconds(1))
    }
  }
}
