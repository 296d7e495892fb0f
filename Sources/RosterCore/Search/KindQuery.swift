/// One kind's search as an effect carries it. The kind travels in the value, so one Graph search
/// effect, one page effect and one index effect serve every kind that searches page by page (each
/// kind had its own triple: `searchPeople`/`searchGroups`, `fetchNextPage`/`fetchNextGroups`,
/// `searchIndex`/`searchGroupsIndex`), and the Store intercepts one index case.
public enum KindQuery: Equatable, Sendable {
  case people(PeopleQuery)
  case groups(GroupQuery)
}
