import Foundation
import HTTPTypes
import Hummingbird
import SandboxDirectory

/// `/api/tasks` on the B2C side: the ASP.NET TaskService the B2C sample called, with the update
/// its later versions added. Every call is scoped to the caller's owner claim, so another
/// customer's id is 404 (never 403: that would confirm the id exists).
///
/// - `GET /api/tasks` → the caller's tasks; `GET /api/tasks/{id}` → one
/// - `POST /api/tasks` with JSON `{"Text": …}` or the form field `Text` → 201 and the task
/// - `PATCH /api/tasks/{id}` `{"Completed": true}` (and/or `Text`), `PUT` the same → 200 and the task
/// - `DELETE /api/tasks/{id}` → 204
struct TaskEndpoints: Sendable {
  let tenant: SandboxTenant

  func respond(to request: IncomingRequest) async -> Response {
    let rest = Array(request.components.dropFirst(2))
    let method = request.method.uppercased()
    guard rest.count <= 1 else { return message(.notFound, "No HTTP resource was found that matches the request URI.") }
    let allowed = rest.isEmpty ? "GET, POST" : "GET, PATCH, PUT, DELETE"
    guard allowed.contains(method) else {
      var response = message(.methodNotAllowed, "The requested resource does not support http method '\(method)'.")
      response.headers[.allow] = allowed
      return response
    }
    let caller: TaskAPICaller
    switch await tenant.authenticateTaskCaller(request, needs: method == "GET" ? "read" : "write") {
    case .success(let found): caller = found
    case .failure(let rejection):
      var response = message(.unauthorized, rejection.description)
      response.headers[.wwwAuthenticate] = rejection.challenge
      return response
    }
    do {
      guard let idText = rest.first else {
        return method == "GET" ? await list(caller) : try await add(request, caller: caller)
      }
      guard let id = Int(idText) else { return notFound(idText) }
      switch method {
      case "GET": return await tenant.tasks.task(id, of: caller.owner).map { .json($0.json) } ?? notFound(idText)
      case "DELETE":
        return try await tenant.tasks.delete(id, of: caller.owner) ? Response(status: .noContent) : notFound(idText)
      default: return try await update(id, request: request, caller: caller)
      }
    } catch let refusal as BodyRefusal {
      return message(.badRequest, refusal.text)
    } catch {
      return message(.internalServerError, "The task could not be saved: \(error.localizedDescription)")
    }
  }

  private func list(_ caller: TaskAPICaller) async -> Response {
    .json(.array(await tenant.tasks.tasks(of: caller.owner).map(\.json)))
  }

  private func add(_ request: IncomingRequest, caller: TaskAPICaller) async throws -> Response {
    let fields = try Fields(request)
    guard let text = fields.text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
      throw BodyRefusal(text: "Please provide a task description")
    }
    try Self.check(text)
    let record = try await tenant.tasks.add(text: text, owner: caller.owner, now: tenant.now)
    var response = Response.json(record.json, status: .created)
    response.headers[.location] = "\(request.base)/api/tasks/\(record.id)"
    return response
  }

  private func update(_ id: Int, request: IncomingRequest, caller: TaskAPICaller) async throws -> Response {
    let fields = try Fields(request)
    let text = fields.text?.trimmingCharacters(in: .whitespacesAndNewlines)
    if let text {
      guard !text.isEmpty else { throw BodyRefusal(text: "Please provide a task description") }
      try Self.check(text)
    }
    if request.method.uppercased() == "PUT" && (text == nil || fields.completed == nil) {
      throw BodyRefusal(text: "PUT replaces the task: send both Text and Completed (or use PATCH).")
    }
    guard text != nil || fields.completed != nil else { throw BodyRefusal(text: "Send Completed and/or Text.") }
    let updated = try await tenant.tasks.update(
      id, of: caller.owner, text: text, completed: fields.completed, now: tenant.now)
    return updated.map { .json($0.json) } ?? notFound(String(id))
  }

  private static func check(_ text: String) throws {
    if text.count > TaskStore.maxTextCharacters {
      throw BodyRefusal(text: "The task description is longer than \(TaskStore.maxTextCharacters) characters.")
    }
  }

  private func notFound(_ id: String) -> Response { message(.notFound, "No task \(id).") }

  /// ASP.NET Web API's error body: `{"Message": "…"}`.
  private func message(_ status: HTTPResponse.Status, _ text: String) -> Response {
    .json(.object([("Message", .string(text))]), status: status)
  }

  /// A body the service cannot use; 400 with the reason.
  struct BodyRefusal: Error { var text: String }

  /// `Text` and `Completed` from a JSON object or a form body (the iOS sample posted the form field
  /// `Text`); property names case-insensitive, as ASP.NET's model binding reads them.
  struct Fields {
    var text: String?
    var completed: Bool?

    init(_ request: IncomingRequest) throws {
      let type = (request.header("Content-Type") ?? "").lowercased()
      if type.hasPrefix("application/x-www-form-urlencoded") {
        let form = request.form
        text = form.pairs.first { $0.0.lowercased() == "text" }?.1
        if let flag = form.pairs.first(where: { $0.0.lowercased() == "completed" })?.1 {
          guard let value = Bool(flag.lowercased()) else { throw BodyRefusal(text: "Completed must be true or false.") }
          completed = value
        }
        return
      }
      guard let data = request.body.data(using: .utf8), !data.isEmpty,
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
      else {
        throw BodyRefusal(text: "The body must be a JSON object such as {\"Text\": \"…\"} or the form field Text.")
      }
      for (key, value) in object {
        switch key.lowercased() {
        case "text":
          guard let string = value as? String else { throw BodyRefusal(text: "Text must be a string.") }
          text = string
        case "completed":
          guard let flag = value as? Bool else { throw BodyRefusal(text: "Completed must be true or false.") }
          completed = flag
        default: continue
        }
      }
    }
  }
}
