import Foundation
import RosterCore
import Transport

/// Plain-language failures for answers that are not what the protocol promises, and for
/// transport errors, so a proxy's HTML page or a reset connection reads as what it is.
enum ResponseText {
  /// A body that should have been JSON: says whether it was HTML, empty or something else.
  static func unexpected(_ data: Data, what: String, url: URL?, status: Int? = nil) -> SignInFailure {
    let host = url?.host ?? "The sign-in service"
    let statusText = status.map { " (HTTP \($0))" } ?? ""
    let kind: String
    if data.isEmpty {
      kind = "an empty answer"
    } else if looksLikeHTML(data) {
      kind = "an HTML page instead of JSON; a proxy or captive portal may be in the way, or the authority is wrong"
    } else {
      kind = "something that is not valid JSON"
    }
    return SignInFailure(message: "\(host) sent \(kind) for \(what)\(statusText).", error: "invalid_response")
  }

  static func looksLikeHTML(_ data: Data) -> Bool {
    let head = String(decoding: data.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      .lowercased()
    return head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.hasPrefix("<")
  }

  /// A transport failure as a sign-in failure; the text is the transport's safe text.
  static func network(_ error: TransportError, host: String?) -> SignInFailure {
    let place = host ?? "the sign-in service"
    let message: String
    switch error {
    case .timedOut: message = "\(place) did not answer in time; check your network and try again."
    case .cancelled: message = "Sign-in was cancelled."
    case .connectionFailed(let text): message = "Could not reach the sign-in service: \(text)."
    case .tls(let text): message = text.hasSuffix(".") ? text : text + "."
    case .bodyTooLarge(let limit): message = "\(place) sent an answer larger than \(limit) bytes; refusing it."
    }
    return SignInFailure(message: CleanText(message), error: error == .cancelled ? "cancelled" : "network")
  }
}

extension SignInFailure {
  /// One line for the terminal: the message, then the code and trace id in brackets.
  public var displayLine: String {
    var extras: [String] = []
    if let code {
      extras.append(code.string)
    } else if let error, !["network", "invalid_response"].contains(error) {
      extras.append(error)
    }
    if let traceId { extras.append("trace id \(traceId)") }
    return extras.isEmpty ? message.string : "\(message) [\(extras.joined(separator: ", "))]"
  }

  /// Whether the failure came from the network (exit code 4) rather than the sign-in itself.
  public var isNetworkFailure: Bool { error == "network" }
}
