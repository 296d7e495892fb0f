import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Rewrites the `Date` header of every response to the real time plus `skewSeconds`.
///
/// Hummingbird sets `Date` itself after the responder returns, so the header cannot be set in
/// `SandboxResponder`; this handler sits after the HTTP codec and changes the head on its way out.
final class SkewedDateHandler: ChannelOutboundHandler, RemovableChannelHandler, Sendable {
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  let skewSeconds: Int

  init(skewSeconds: Int) { self.skewSeconds = skewSeconds }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    var part = unwrapOutboundIn(data)
    if case .head(var head) = part {
      head.headerFields[.date] = Self.httpDate(Date().addingTimeInterval(TimeInterval(skewSeconds)))
      part = .head(head)
    }
    context.write(wrapOutboundOut(part), promise: promise)
  }

  /// IMF-fixdate, as RFC 9110 asks: `Tue, 25 Nov 2026 10:15:02 GMT`.
  static func httpDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }
}
