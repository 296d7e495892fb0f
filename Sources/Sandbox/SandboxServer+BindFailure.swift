import Foundation
import NIOCore

extension SandboxServer {
  /// Why listening failed, as a sentence: NIO's `IOError` reads `bind(descriptor:ptr:bytes:):
  /// Address already in use) (errno: 98)`, which names a function, not the person's mistake.
  static func bindFailure(_ error: any Error, configuration: SandboxConfiguration) -> String {
    let place = "\(configuration.host) port \(configuration.port)"
    guard let io = error as? IOError else { return String(describing: error) }
    switch io.errnoCode {
    case EADDRINUSE:
      return "\(place) is already in use (another program, or another roster sandbox, is listening there); "
        + "choose another --port, or 0 for a free one"
    case EACCES:
      return "\(place) needs privileges this user does not have; choose a port above 1023, or 0 for a free one"
    case EADDRNOTAVAIL:
      return "\(configuration.host) is not an address of this machine"
    default:
      return "cannot listen on \(place): \(String(cString: strerror(io.errnoCode)))"
    }
  }
}
