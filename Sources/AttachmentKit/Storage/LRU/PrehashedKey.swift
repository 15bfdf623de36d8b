/// A key that carries its hash value, computed once before a lock is taken, so that the
/// dictionary lookup inside the lock hashes one integer instead of the key's strings.
struct PrehashedKey<Base: Hashable>: Hashable {
    let base: Base
    private let hash: Int

    /// The hash computed at creation.
    var indexHash: Int { hash }

    init(_ base: Base) {
        self.base = base
        self.hash = base.hashValue
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && lhs.base == rhs.base
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
