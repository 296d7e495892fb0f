import Foundation

/// Parameters of `GET /users` as received (raw, still OData text), plus the headers that matter.
public struct UserListQuery: Sendable, Equatable {
  public var search: String?
  public var filter: String?
  public var orderby: String?
  public var select: String?
  public var count: String?  // "true" / "false" / other (refused)
  public var consistencyLevelEventual: Bool
  public init(
    search: String? = nil, filter: String? = nil, orderby: String? = nil, select: String? = nil,
    count: String? = nil, consistencyLevelEventual: Bool = false
  ) {
    self.search = search
    self.filter = filter
    self.orderby = orderby
    self.select = select
    self.count = count
    self.consistencyLevelEventual = consistencyLevelEventual
  }
}
