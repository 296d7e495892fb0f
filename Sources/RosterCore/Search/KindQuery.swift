/// One kind's search as an effect carries it: `.searchGraph`, `.searchIndex` (and the kind in
/// `.fetchPage`) serve every kind that searches page by page, and the Store intercepts one index
/// case. Each kind builds its own query (`KindQuery.people(_:)` beside `PeopleListing`,
/// `.groups(_:)` beside `GroupListing`) and its interpreter reads it back with `value(as:)`, so a new
/// kind adds no case here.
public enum QueryRole {}
public typealias KindQuery = KindPayload<QueryRole>
