import ArgumentParser
import Foundation
import Graph
import Index
import RosterCore
import SearchRules

/// Where a kind's command reads one kind: its items matching some words and one item's detail,
/// from Graph or the local index, and the words saying which ("in the tenant").
struct ItemSource<Item: SearchableItem, Detail>: Sendable {
  /// The items matching `text`, at most `limit`, in the list's order; `more` when others match.
  var search: @Sendable (_ text: String, _ limit: Int) async throws -> (items: [Item], more: Bool)
  /// One item by object id, with what the source keeps of its relations.
  var detail: @Sendable (_ id: String) async throws -> Detail
  /// "in the tenant" / "in the local index": where a name was not found.
  var place: String
}

/// Where a run of a kind's command reads: Graph with the cached sign-in (or the demo tenant's),
/// or the local index with `--offline`. One run may read several kinds (`roster apps` reads app
/// registrations and enterprise apps) from the one origin.
enum ItemOrigin {
  case graph(SignedInGraph)
  case index(DirectoryIndex, IndexReadiness)

  /// The one source of `Indexed`'s kind: `module`'s Graph client, or the index's reader of the
  /// kind. Both are the seams the app's list and pane read through, so the CLI finds what the
  /// screen does.
  func source<Indexed: TableIndexedKind>(_ indexed: Indexed.Type, module: any KindModule.Type)
    -> ItemSource<Indexed.Item, Indexed.Detail>
  {
    switch self {
    case .graph(let graph):
      let client = module.client(
        graph.configuration, tokens: graph.runtime.session, transport: graph.runtime.transport)
      return ItemCommandRunner<Indexed>.graphSource(client)
    case .index(let index, _):
      return ItemCommandRunner<Indexed>.indexSource(Indexed.reader { index })
    }
  }
}

extension ItemOrigin {
  /// The run's Graph sign-in; nil offline.
  var graph: SignedInGraph? {
    if case .graph(let graph) = self { return graph }
    return nil
  }
}

/// What every kind's command shares ("a second thing of the same kind is a parameter"): the
/// origin online or `--offline`, the sources over `KindClient` and `KindIndexReader`, the list's
/// order, and errors on stderr with the exit codes of `search`. `Indexed` names the item, its
/// detail and its kind; a command reading several kinds asks its origin for each.
enum ItemCommandRunner<Indexed: TableIndexedKind> {
  typealias Item = Indexed.Item
  typealias Detail = Indexed.Detail

  // MARK: Sources

  static func graphSource(_ client: KindClient) -> ItemSource<Item, Detail> {
    ItemSource(
      search: { text, limit in
        let query = KindQuery(Indexed.kind, ItemQuery(text: text, pageSize: min(limit, 999)))
        var page = try page(await client.search(query, DirectoryCommand.reportRetry))
        var items = page.items
        while items.count < limit, let next = page.next {
          page = try self.page(await client.nextPage(next))
          items += page.items
        }
        let more = items.count > limit || page.next != nil
        return (Array(ordered(items, for: text).prefix(limit)), more)
      },
      detail: { id in try answer(await client.detail(id)) }, place: "in the tenant")
  }

  static func indexSource(_ reader: KindIndexReader) -> ItemSource<Item, Detail> {
    ItemSource(
      search: { text, limit in
        // One more than listed, so a full answer says "more".
        let answer = reader.search(KindQuery(Indexed.kind, ItemQuery(text: text, pageSize: limit + 1)))
        let rows = answer.value(as: IndexRows<Item>.self)?.rows ?? []
        return (Array(ordered(rows, for: text).prefix(limit)), rows.count > limit)
      },
      detail: { id in try answer(reader.detail(id)) }, place: "in the local index")
  }

  private static func page(_ answer: KindAnswer) throws(DirectoryError) -> ItemPage<Item> {
    if let error = answer.failure { throw error }
    guard let page = answer.value(as: Result<ItemPage<Item>, DirectoryError>.self).flatMap({ try? $0.get() }) else {
      throw .malformedResponse("Microsoft Graph's answer held no \(Indexed.kind.plural).")
    }
    return page
  }

  private static func answer(_ detail: PaneDetail) throws(DirectoryError) -> Detail {
    if let error = detail.failure { throw error }
    guard let found = detail.value(as: Result<Detail, DirectoryError>.self).flatMap({ try? $0.get() }) else {
      throw .malformedResponse("The answer held no \(Indexed.kind.plural).")
    }
    return found
  }

  /// The list's order, so Graph's answer and the index's print alike: names that start with the
  /// first word typed, then by name (Graph's `$search` order is not a ranking).
  static func ordered(_ items: [Item], for text: String) -> [Item] {
    let first = Narrowing.words(text).first
    func key(_ item: Item) -> (Bool, String, String) {
      let name = TextFolding.caseFolded(item.sortName)
      return (first.map { name.hasPrefix($0) } ?? false, name, item.id)
    }
    return items.sorted { left, right in
      let (l, r) = (key(left), key(right))
      if l.0 != r.0 { return l.0 }
      return (l.1, l.2) < (r.1, r.2)
    }
  }
}
