import Foundation
import SandboxDirectory

extension SandboxTenant {
  /// How many customers start with tasks.
  static let demoCustomerCount = 3

  /// The B2C demo customers: the default user, then the next enabled members in directory order
  /// (deterministic for a seed, so tests and the docs can name them).
  static func demoCustomers(in directory: Directory) -> [DirectoryUser] {
    let first = directory.defaultUser
    let others = directory.users.lazy.filter { $0.id != first.id && $0.accountEnabled && $0.userType != "Guest" }
    return [first] + others.prefix(demoCustomerCount - 1)
  }

  /// A few starter tasks per customer, so the demo opens on a list and isolation is visible.
  static func starterTasks(for customers: [DirectoryUser], now: Date) -> [TaskRecord] {
    let texts = [
      [
        "Add a task in the field above and press Enter", "Press Space to mark this one done",
        "Delete this one with the Delete key",
      ],
      ["Book the dentist", "Renew the passport"],
      ["Water the plants"],
    ]
    var records: [TaskRecord] = []
    for (customer, list) in zip(customers, texts) {
      for text in list {
        records.append(
          TaskRecord(id: records.count + 1, owner: customer.id, text: text, completed: false, dateModified: now))
      }
    }
    return records
  }
}
