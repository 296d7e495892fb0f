import Foundation
import GRDB
import RosterCore

/// An `IndexedKind` whose part of the index is one `ItemTable`: its migration, count, conformance
/// to the sign-in and reader are written here once, so a kind says only its table and how a row
/// read from the index becomes its pane's detail. Its search answer is `IndexRows` of its items
/// and its detail a `Result<Detail, DirectoryError>`, both under its kind (`KindPayload`), which
/// is what its `ListedKind` reads back.
public protocol TableIndexedKind: IndexedKind {
  associatedtype Item: SearchableItem & Codable
  associatedtype Detail: Equatable & Sendable
  static var table: ItemTable<Item> { get }
  /// The pane's detail of an item as the index kept it (which keeps no relations: say "not known").
  static func detail(fromIndex item: Item) -> Detail
}

extension TableIndexedKind {
  public static var kind: ObjectKind { Item.objectKind }

  public static func registerMigrations(_ migrator: inout DatabaseMigrator) {
    table.registerMigration(&migrator)
  }

  public static func count(_ db: Database) throws -> KindIndexCount {
    try DirectoryIndex.count(in: table, db)
  }

  public static func readiness(_ meta: [String: String]) -> KindReadiness {
    DirectoryIndex.readiness(of: table, meta)
  }

  /// A sign-in holding none of `table.readScopes` keeps none of the kind (once: a refusal already
  /// recorded is left as it is).
  public static func conform(_ index: DirectoryIndex, to account: Account) throws {
    let permitted = account.grantedScopes.contains { table.readScopes.contains(Account.permission(of: $0)) }
    guard !permitted, try index.pool.read({ try DirectoryIndex.meta($0)[table.key.problem] }) == nil else { return }
    try index.forget(table, missing: table.permission)
  }

  /// A read that fails notes the damage (`noteFailure`), so the caller asks Graph instead and the
  /// index is opened again, as people's and groups' reads do.
  public static func reader(_ index: @escaping @Sendable () -> DirectoryIndex?) -> KindIndexReader {
    KindIndexReader(
      search: { query in
        let asked = query.value(as: ItemQuery.self)?.pageSize ?? 0
        guard let text = query.value(as: ItemQuery.self)?.text, let index = index() else {
          return answer([], asked: asked)
        }
        do {
          return answer(try index.search(text, in: table, limit: asked), asked: asked)
        } catch {
          index.noteFailure(error)
          return answer([], asked: asked)
        }
      },
      detail: { id in
        guard let index = index() else { return paneDetail(.failure(.offline("No local index is attached."))) }
        do {
          guard let item = try index.item(id: id, in: table) else { return paneDetail(.failure(.notFound)) }
          return paneDetail(.success(detail(fromIndex: item)))
        } catch {
          index.noteFailure(error)
          return paneDetail(.failure(.offline(index.damage() ?? "The local index could not be read: \(error)")))
        }
      })
  }

  /// The kind's round in a sync over `feed` (`/devices/delta`, `/applications/delta`, …).
  public static func syncRound(feed: ChangeFeed<ItemChange<Item>>) -> ItemSyncRound<Item> {
    ItemSyncRound(table: table, feed: feed)
  }

  private static func answer(_ items: [Item], asked: Int) -> IndexAnswer {
    IndexAnswer(kind, IndexRows(items, asked: asked))
  }

  private static func paneDetail(_ result: Result<Detail, DirectoryError>) -> PaneDetail {
    PaneDetail(kind, result)
  }
}
