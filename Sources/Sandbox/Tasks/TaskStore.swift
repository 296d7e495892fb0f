import Foundation

/// The task API's storage: every customer's tasks in memory, and with `--data DIR` in
/// `DIR/tasks.json`, rewritten atomically (temporary file, then rename) after every change so a
/// crash leaves the old list or the new one, never half of one.
actor TaskStore {
  /// What the file holds: the tasks and the next id, so ids are never reused after a delete.
  private struct Snapshot: Codable {
    var nextId: Int
    var tasks: [TaskRecord]
  }

  /// Why the data file cannot be used; the sandbox refuses to start rather than lose it.
  struct LoadError: Error, CustomStringConvertible {
    var description: String
  }

  static let fileName = "tasks.json"
  /// Longest `Text` the sandbox accepts (the client refuses longer text before sending).
  static let maxTextCharacters = 1_000

  private var tasks: [TaskRecord]
  private var nextId: Int
  private let file: URL?

  /// Loads `directory/tasks.json` when it exists; otherwise starts with `starters` (and writes
  /// them at the first change). A file that does not parse is an error, never silently replaced.
  init(directory: URL?, starters: [TaskRecord]) throws(LoadError) {
    file = directory?.appendingPathComponent(Self.fileName)
    if let file, FileManager.default.fileExists(atPath: file.path) {
      do {
        let snapshot = try JSONDecoder.tasks.decode(Snapshot.self, from: Data(contentsOf: file))
        tasks = snapshot.tasks
        nextId = max(snapshot.nextId, (snapshot.tasks.map(\.id).max() ?? 0) + 1)
      } catch {
        throw LoadError(description: "\(file.path) is not a task file this sandbox wrote (\(error)); move it aside")
      }
    } else {
      if let directory {
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
          throw LoadError(description: "cannot create \(directory.path): \(error.localizedDescription)")
        }
      }
      tasks = starters
      nextId = (starters.map(\.id).max() ?? 0) + 1
    }
  }

  /// The owner's tasks, oldest first.
  func tasks(of owner: String) -> [TaskRecord] { tasks.filter { $0.owner == owner } }

  func task(_ id: Int, of owner: String) -> TaskRecord? { tasks.first { $0.id == id && $0.owner == owner } }

  func add(text: String, owner: String, now: Date) throws -> TaskRecord {
    let record = TaskRecord(id: nextId, owner: owner, text: text, completed: false, dateModified: now)
    tasks.append(record)
    nextId += 1
    try save()
    return record
  }

  /// Changes the owner's task; nil when the owner has no task with that id.
  func update(_ id: Int, of owner: String, text: String?, completed: Bool?, now: Date) throws -> TaskRecord? {
    guard let index = tasks.firstIndex(where: { $0.id == id && $0.owner == owner }) else { return nil }
    if let text { tasks[index].text = text }
    if let completed { tasks[index].completed = completed }
    tasks[index].dateModified = now
    try save()
    return tasks[index]
  }

  /// Deletes the owner's task; false when the owner has no task with that id.
  func delete(_ id: Int, of owner: String) throws -> Bool {
    guard let index = tasks.firstIndex(where: { $0.id == id && $0.owner == owner }) else { return false }
    tasks.remove(at: index)
    try save()
    return true
  }

  private func save() throws {
    guard let file else { return }
    let data = try JSONEncoder.tasks.encode(Snapshot(nextId: nextId, tasks: tasks))
    try data.write(to: file, options: [.atomic])
    try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
  }
}

extension JSONEncoder {
  /// The task file's encoding: stable key order, ISO 8601 dates.
  static var tasks: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }
}

extension JSONDecoder {
  static var tasks: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
