import Hummingbird
import NIOCore

/// The request context the sandbox runs with: Hummingbird's core storage plus the connection's
/// channel, because two faults (connection reset, truncated body) act on the socket itself and
/// the control API needs the peer address to refuse non-loopback callers.
struct SandboxRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
    self.channel = source.channel
  }

  /// Whether the peer is on this machine (127.0.0.0/8 or ::1).
  var isLoopbackPeer: Bool { Self.isLoopback(channel.remoteAddress) }

  static func isLoopback(_ address: SocketAddress?) -> Bool {
    guard let address else { return false }
    switch address {
    case .v4: return address.ipAddress?.hasPrefix("127.") ?? false
    case .v6: return address.ipAddress == "::1" || (address.ipAddress?.hasPrefix("::ffff:127.") ?? false)
    case .unixDomainSocket: return true
    }
  }
}
