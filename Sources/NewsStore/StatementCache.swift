// Prepared statements kept for reuse: a fetch stores hundreds of feeds with the same few
// statements, and compiling each one again per feed cost more than running it.

/// Not for statements that may be in use while the same SQL is needed again (a query whose
/// rows are still being read): reuse resets the statement.
final class StatementCache {
    private let database: Database
    /// Searched in order rather than hashed: there are a few dozen at most, and `==` on the
    /// same literal compares two words where hashing read every character of the SQL, at
    /// each use (4 M instructions of recording 500 unchanged feeds).
    private var statements: [(sql: String, statement: Statement)] = []

    init(database: Database) {
        self.database = database
    }

    /// The statement for `sql`, reset and unbound, compiled on first use.
    func prepare(_ sql: String, _ operation: String) throws(StoreError) -> Statement {
        if let statement = statements.first(where: { $0.sql == sql })?.statement {
            statement.reset()
            statement.operation = operation
            return statement
        }
        let statement = try database.prepare(sql, operation)
        statements.append((sql, statement))
        return statement
    }
}
