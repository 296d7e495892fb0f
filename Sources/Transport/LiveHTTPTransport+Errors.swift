import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

extension LiveHTTPTransport {
  /// Maps whatever AsyncHTTPClient, NIO or BoringSSL threw to `TransportError` with text that is
  /// safe to show: the host and a short reason, never a URL query, header or body.
  static func map(_ error: any Error, host: String, limit: Int) -> TransportError {
    if let error = error as? TransportError { return error }
    if error is CancellationError || Task.isCancelled { return .cancelled }
    if error is NIOTooManyBytesError { return .bodyTooLarge(limit: limit) }
    if let error = error as? HTTPClientError {
      switch error {
      case .cancelled, .requestStreamCancelled: return .cancelled
      case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout,
        .getConnectionFromPoolTimeout, .httpProxyHandshakeTimeout, .socksHandshakeTimeout:
        return .timedOut
      case .remoteConnectionClosed:
        return .connectionFailed("\(host) closed the connection before answering")
      case .proxyAuthenticationRequired, .invalidProxyResponse:
        return .connectionFailed("the proxy refused the connection to \(host) (check HTTPS_PROXY)")
      case .invalidURL, .emptyHost, .emptyScheme:
        return .connectionFailed("the address for \(host.isEmpty ? "the server" : host) is not a valid URL")
      default:
        return .connectionFailed("the request to \(host) failed (\(error.shortCode))")
      }
    }
    if let error = error as? NIOSSLError {
      return .tls("TLS with \(host) failed: \(Self.describe(tls: error))")
    }
    if let error = error as? BoringSSLError {
      return .tls("TLS with \(host) failed: \(Self.describe(tls: error))")
    }
    // NIOPosix's NIOConnectionError (not imported here) wraps the IOError of each attempt.
    if String(describing: type(of: error)) == "NIOConnectionError" {
      let reason = findIOError(in: error).map { Self.describe(io: $0) } ?? "address not resolved or unreachable"
      return .connectionFailed("could not connect to \(host) (\(reason))")
    }
    if let error = error as? IOError {
      return .connectionFailed("connection to \(host) failed (\(Self.describe(io: error)))")
    }
    if let error = error as? ChannelError {
      switch error {
      case .connectTimeout: return .timedOut
      case .ioOnClosedChannel, .eof, .alreadyClosed, .outputClosed, .inputClosed:
        return .connectionFailed("\(host) closed the connection")
      default: return .connectionFailed("connection to \(host) failed")
      }
    }
    if let error = error as? NIOSSLExtraError {
      return .tls("TLS with \(host) failed: \(error)")
    }
    return .connectionFailed("the request to \(host) failed (\(type(of: error)))")
  }

  /// The first `IOError` inside an error's stored properties, a few levels deep.
  private static func findIOError(in value: Any, depth: Int = 0) -> IOError? {
    if let io = value as? IOError { return io }
    guard depth < 4 else { return nil }
    for child in Mirror(reflecting: value).children {
      if let found = findIOError(in: child.value, depth: depth + 1) { return found }
    }
    return nil
  }

  private static func describe(io error: any Error) -> String {
    guard let io = error as? IOError else { return "\(type(of: error))" }
    switch io.errnoCode {
    case ECONNREFUSED: return "connection refused"
    case ECONNRESET: return "connection reset"
    case ETIMEDOUT: return "timed out"
    case EHOSTUNREACH, ENETUNREACH: return "network unreachable"
    default: return String(cString: strerror(io.errnoCode))
    }
  }

  private static func describe(tls error: any Error) -> String {
    let text = String(describing: error)
    if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate verify failed") {
      return "the server's certificate is not trusted; add its CA with the caFile setting or ROSTER_CA_FILE"
    }
    if text.contains("hostname") || text.contains("unableToValidateCertificate") {
      return "the certificate does not match the host name"
    }
    // BoringSSL texts name library routines and reasons only; they never carry request data.
    return String(text.prefix(200))
  }
}

extension HTTPClientError {
  /// The error's short name (`remoteConnectionClosed`), safe to show.
  var shortCode: String {
    let text = String(describing: self)
    return String(text.prefix(80))
  }
}
