import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A one-shot HTTP listener on 127.0.0.1 and a free port that receives the browser's redirect.
///
/// Each request's target goes to `respond`, which decides the page and whether the sign-in got
/// its answer; the flow closes the listener after the first real redirect.
final class LoopbackRedirectServer: @unchecked Sendable {
  // @unchecked: `channel` is set once in `start` before the server is shared, then only closed.
  typealias Responder = @Sendable (_ target: String) -> (status: HTTPResponseStatus, html: String)

  private let channel: any Channel
  let port: Int

  private init(channel: any Channel, port: Int) {
    self.channel = channel
    self.port = port
  }

  /// Binds 127.0.0.1 on `port`, or on a port the system picks when it is 0.
  static func start(port: Int = 0, respond: @escaping Responder) async throws -> LoopbackRedirectServer {
    let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.backlog, value: 16)
      .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
          try channel.pipeline.syncOperations.addHandler(RedirectHandler(respond: respond))
        }
      }
    let channel = try await bootstrap.bind(host: "127.0.0.1", port: port).get()
    guard let port = channel.localAddress?.port else {
      try? await channel.close()
      throw CancellationError()
    }
    return LoopbackRedirectServer(channel: channel, port: port)
  }

  /// Stops accepting connections; answers already being written still complete.
  func close() {
    channel.close(promise: nil)
  }

  /// Returns once the listening socket is closed.
  func waitUntilClosed() async {
    try? await channel.closeFuture.get()
  }
}

/// Answers one request per connection with the page `respond` chose, then closes it.
private final class RedirectHandler: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let respond: LoopbackRedirectServer.Responder
  private var target: String?

  init(respond: @escaping LoopbackRedirectServer.Responder) { self.respond = respond }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      target = head.method == .GET ? head.uri : nil
    case .body:
      break
    case .end:
      let (status, html) =
        target.map(respond) ?? (
          .methodNotAllowed,
          RedirectPage.page(
            title: "Not supported", text: "This address only receives the sign-in redirect.")
        )
      var headers = HTTPHeaders()
      headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
      headers.add(name: "Cache-Control", value: "no-store")
      headers.add(name: "Connection", value: "close")
      // No referrer: the address bar holds the code, and the page must not pass it on.
      headers.add(name: "Referrer-Policy", value: "no-referrer")
      let body = context.channel.allocator.buffer(string: html)
      headers.add(name: "Content-Length", value: String(body.readableBytes))
      context.write(
        wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
        promise: nil)
      context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
      let channel = context.channel
      context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
      target = nil
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }
}

/// The small pages the browser shows after the redirect: they tell the person to go back to the
/// terminal, and never echo anything from the request.
enum RedirectPage {
  static func page(title: String, text: String) -> String {
    """
    <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Roster: \(title)</title>
    <style>body{font-family:system-ui,sans-serif;margin:4em auto;max-width:36em;line-height:1.5}</style>
    </head><body><h1>\(title)</h1><p>\(text)</p></body></html>
    """
  }

  static let signedIn = page(
    title: "Signed in", text: "Roster has your sign-in. You can close this tab and go back to the terminal.")
  static let failed = page(
    title: "Sign-in did not finish", text: "Go back to the terminal: Roster says what happened and what to do next.")
  static let wrongState = page(
    title: "Not this sign-in",
    text: "This redirect does not belong to the sign-in Roster started, so it was refused. Go back to the terminal.")
  static let alreadyDone = page(
    title: "Already finished", text: "This sign-in has already finished. Go back to the terminal.")
  static let notFound = page(title: "Not found", text: "This address only receives Roster's sign-in redirect.")
}
