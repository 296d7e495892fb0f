import Foundation
import Hummingbird
import SandboxDirectory

/// `/device`: where a person types the code a device shows and picks who signs in. A plain HTML
/// form, so it works from a browser or `curl -d user_code=… -d user=… URL/device`.
struct DevicePage: Sendable {
  let tenant: SandboxTenant

  func respond(to request: IncomingRequest) async -> Response {
    if request.method == "GET" { return page(message: nil, userCode: request.query["user_code"] ?? "") }
    guard request.method == "POST" else { return .text("Method Not Allowed", status: .methodNotAllowed) }
    let form = request.form
    guard let code = form.nonEmpty("user_code") else {
      return page(message: "Enter the code displayed on your device.", userCode: "", status: .badRequest)
    }
    let approve = (form["action"] ?? "approve").lowercased() != "deny"
    switch await tenant.decideDeviceCode(userCode: code, user: form["user"], approve: approve) {
    case .success(let (_, user)):
      let text =
        approve
        ? "\(user.displayName ?? user.userPrincipalName) (\(user.userPrincipalName)) signed in to \(RegisteredApp.demo.displayName) on your device. You may now close this window."
        : "You declined to sign in to \(RegisteredApp.demo.displayName) on your device. You may now close this window."
      return .text(
        Self.document(title: approve ? "Signed in" : "Declined", body: "<p id=\"result\">\(HTML.escape(text))</p>"),
        contentType: "text/html; charset=utf-8")
    case .failure(let error):
      let status: HTTPResponse.Status = if case .noPendingCode = error { .notFound } else { .badRequest }
      return page(message: error.description, userCode: code, status: status)
    }
  }

  private func page(message: String?, userCode: String, status: HTTPResponse.Status = .ok) -> Response {
    let options = tenant.directory.users.prefix(200).map { user in
      "<option value=\"\(HTML.escape(user.userPrincipalName))\">\(HTML.escape(user.displayName ?? user.userPrincipalName))</option>"
    }.joined()
    let defaultUser = HTML.escape(tenant.directory.defaultUser.userPrincipalName)
    let error = message.map { "<p id=\"error\" role=\"alert\">\(HTML.escape($0))</p>" } ?? ""
    let body = """
      <h1>Enter code</h1>\(error)
      <p>Enter the code displayed on your app or device.</p>
      <form method="POST" action="/device">
      <label>Code <input name="user_code" value="\(HTML.escape(userCode))" autocomplete="off" autofocus></label>
      <label>Sign in as <input name="user" list="people" value="\(defaultUser)"></label>
      <datalist id="people">\(options)</datalist>
      <button name="action" value="approve">Sign in</button> <button name="action" value="deny">Cancel sign-in</button>
      </form>
      """
    return .text(
      Self.document(title: "Enter code", body: body), status: status, contentType: "text/html; charset=utf-8")
  }

  private static func document(title: String, body: String) -> String {
    "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>\(title) - Roster sandbox</title></head><body>\(body)</body></html>"
  }
}
