import Foundation
import RosterCore
import Transport

/// What a token (or devicecode) request came to.
enum TokenExchange: Sendable, Equatable {
  case tokens(TokenResponse)
  /// The server answered with an OAuth error body (`authorization_pending`, `invalid_grant`, …).
  case rejected(OAuthErrorBody)
  /// No usable answer; `transient` when trying again later may work (5xx, 429, network, a body
  /// that is not a token response). `transport` is the network error, when that was the cause;
  /// `status` and `retryAfter` are the HTTP status and `Retry-After` header, when one came.
  case failed(
    SignInFailure, transient: Bool, transport: TransportError? = nil, status: Int? = nil, retryAfter: String? = nil)
}

/// The device authorization response (RFC 8628 §3.2).
struct DeviceAuthorization: Sendable, Equatable {
  var deviceCode: Secret
  /// Server text, cleaned here where the answer is decoded.
  var userCode: CleanText
  var verificationURI: CleanText
  var message: CleanText?
  var expiresIn: Int
  var interval: Int
}

/// Talks to the token and devicecode endpoints as a public client: no secret, form bodies.
struct TokenEndpointClient: Sendable {
  let transport: any HTTPTransport
  let clientId: String

  // MARK: - Device code

  func requestDeviceCode(endpoint: URL, scopes: String) async throws(SignInFailure) -> DeviceAuthorization {
    let request = HTTPRequestBuilder.form(endpoint, [("client_id", clientId), ("scope", scopes)])
    let response: HTTPResponse
    do {
      response = try await transport.send(request)
    } catch {
      throw ResponseText.network(
        error as? TransportError ?? .connectionFailed("\(type(of: error))"), host: endpoint.host)
    }
    guard response.status == 200 else {
      throw ErrorExplainer.failure(
        from: response, fallback: "The device code request failed with HTTP \(response.status)")
    }
    guard let object = try? JSONSerialization.jsonObject(with: response.body), let json = object as? [String: Any]
    else {
      throw ResponseText.unexpected(response.body, what: "the device code request", url: endpoint)
    }
    guard let deviceCode = json["device_code"] as? String, !deviceCode.isEmpty,
      let userCode = json["user_code"] as? String, !userCode.isEmpty,
      let uri = (json["verification_uri"] as? String) ?? (json["verification_url"] as? String)
    else {
      throw SignInFailure(
        message: "The device code answer from \(endpoint.host ?? "the server") lacks a code or verification URL.",
        error: "invalid_response")
    }
    return DeviceAuthorization(
      deviceCode: Secret(deviceCode),
      userCode: CleanText(userCode),
      verificationURI: CleanText(uri),
      message: (json["message"] as? String).map { CleanText($0) },
      expiresIn: max(1, TokenResponse.flexibleInt(json["expires_in"]) ?? 900),
      interval: max(0, TokenResponse.flexibleInt(json["interval"]) ?? 5))
  }

  func pollDeviceCode(tokenEndpoint: URL, deviceCode: Secret) async -> TokenExchange {
    await exchange(
      tokenEndpoint,
      [
        ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("client_id", clientId),
        ("device_code", deviceCode.exposedValue),
      ])
  }

  // MARK: - Authorization code and refresh

  func redeemCode(tokenEndpoint: URL, code: Secret, redirectURI: String, verifier: String, scopes: String) async
    -> TokenExchange
  {
    await exchange(
      tokenEndpoint,
      [
        ("grant_type", "authorization_code"), ("client_id", clientId), ("code", code.exposedValue),
        ("redirect_uri", redirectURI), ("code_verifier", verifier), ("scope", scopes),
      ])
  }

  func refresh(tokenEndpoint: URL, refreshToken: Secret, scopes: String) async -> TokenExchange {
    await exchange(
      tokenEndpoint,
      [
        ("grant_type", "refresh_token"), ("client_id", clientId), ("refresh_token", refreshToken.exposedValue),
        ("scope", scopes),
      ])
  }

  /// Sends a token request and sorts the answer: tokens, an OAuth error, or a failure.
  func exchange(_ endpoint: URL, _ fields: [(String, String)]) async -> TokenExchange {
    let response: HTTPResponse
    do {
      response = try await transport.send(HTTPRequestBuilder.form(endpoint, fields))
    } catch {
      let transportError = error as? TransportError ?? .connectionFailed("\(type(of: error))")
      return .failed(
        ResponseText.network(transportError, host: endpoint.host), transient: transportError != .cancelled,
        transport: transportError)
    }
    if response.status == 200 {
      do {
        return .tokens(try TokenResponse.parse(response.body, from: endpoint))
      } catch {
        // A 200 that is not a token response (a proxy's page, a cut-off body): the service's
        // trouble, not the session's.
        return .failed(error, transient: true, status: 200)
      }
    }
    // A 429 or a 5xx is the service's trouble whatever its body says (`temporarily_unavailable`,
    // `server_error`, a proxy's page): transient, with its Retry-After kept.
    if let body = OAuthErrorBody.parse(response.body), response.status < 500, response.status != 429 {
      return .rejected(body)
    }
    let failure = ErrorExplainer.failure(
      from: response, fallback: "The token request failed with HTTP \(response.status)")
    return .failed(
      failure, transient: response.status >= 500 || response.status == 429, status: response.status,
      retryAfter: response.header("Retry-After"))
  }
}
