import Foundation
import Hummingbird
import SandboxDirectory

/// Directory changes at run time, so a client's delta sync has something to find:
///
/// - `POST /_sandbox/users` a user object or an array (Graph property names, `manager` = id or UPN)
/// - `PATCH /_sandbox/users/{id|upn}` the properties to change
/// - `DELETE /_sandbox/users/{id|upn}[?permanent=true]` (delta reports `"deleted"`, else `"changed"`)
/// - `POST /_sandbox/churn` `{"count": N}`: N generated changes in one version (what `--churn` does)
///
/// Each call is one version of the directory: all of its changes or none.
extension ControlEndpoints {
  func addUsers(_ request: IncomingRequest) -> Response {
    let directory = tenant.directory
    let data = Data(request.body.utf8)
    var objects: [Data] = []
    if let array = try? JSONSerialization.jsonObject(with: data) as? [Any] {
      for element in array {
        guard let object = element as? [String: Any], let encoded = try? JSONSerialization.data(withJSONObject: object)
        else { return failure(.badRequest, "Each element must be a user object.") }
        objects.append(encoded)
      }
    } else {
      objects = [data]
    }
    var edits: [DirectoryEdit] = []
    do {
      for object in objects { edits.append(.add(try directory.user(fromJSON: object))) }
    } catch {
      return failure(.badRequest, error.description)
    }
    return apply(edits, status: .created)
  }

  func updateUser(_ request: IncomingRequest, key: String) -> Response {
    let directory = tenant.directory
    guard let user = directory.user(idOrUPN: key) else { return failure(.notFound, "No user \(key).") }
    do {
      return apply([.update(try directory.user(fromJSON: Data(request.body.utf8), patching: user))], status: .ok)
    } catch {
      return failure(.badRequest, error.description)
    }
  }

  func deleteUser(_ request: IncomingRequest, key: String) -> Response {
    guard let user = tenant.directory.user(idOrUPN: key) else { return failure(.notFound, "No user \(key).") }
    let permanent = request.query["permanent"]?.lowercased() == "true"
    return apply([.delete(id: user.id, permanent: permanent)], status: .ok)
  }

  func churn(_ request: IncomingRequest) -> Response {
    let body = request.body.trimmingCharacters(in: .whitespacesAndNewlines)
    var count = 1
    if !body.isEmpty {
      guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
        let requested = object["count"] as? Int, (1...100_000).contains(requested)
      else { return failure(.badRequest, "The body must be {\"count\": N} with N between 1 and 100000.") }
      count = requested
    }
    return apply(tenant.churnEdits(count: count), status: .ok)
  }

  private func apply(_ edits: [DirectoryEdit], status: HTTPResponse.Status) -> Response {
    do {
      let version = try tenant.history.apply(edits)
      let ids = edits.map { JSONValue.string($0.userId) }
      return .json(.object([("version", .int(version)), ("changed", .array(ids))]), status: status)
    } catch {
      return failure(error.isNotFound ? .notFound : .badRequest, error.description)
    }
  }
}

extension SandboxTenant {
  /// Generated changes, drawn from the seed and the directory's version so a run repeats.
  func churnEdits(count: Int) -> [DirectoryEdit] {
    let snapshot = history.current
    var random = SeededRandom(seed: configuration.seed &* 1_000_003 &+ UInt64(snapshot.version))
    return snapshot.directory.churnEdits(count: count, random: &random, serial: snapshot.version + 1)
  }

  /// `--churn RATE`: a few changes per minute, one at a time, until cancelled.
  func runChurn(perMinute rate: Double) async {
    guard rate > 0 else { return }
    let interval = Duration.milliseconds(Int(60_000 / rate))
    while !Task.isCancelled {
      do { try await Task.sleep(for: interval) } catch { return }
      _ = try? history.apply(churnEdits(count: 1))
      // Groups change at the same pace: a member joins or leaves, now and then a description.
      _ = try? history.apply(groupEdits: groupChurnEdits(count: 1))
    }
  }
}
