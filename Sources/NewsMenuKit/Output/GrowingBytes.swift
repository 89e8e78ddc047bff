// The JSON writer's output buffer: appends without Array's per-call uniqueness and growth
// checks (about a hundred instructions an append, and the writer appends a few bytes at a
// time: a key, an indentation, a comma).

/// Noncopyable, so that it has one owner and no reference to count on every append (a
/// class here cost a retain and a release per access from the writer's closures).
struct GrowingBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        if capacity - count < length { grow(toHold: length) }
        let target = base + count
        if length <= 16 {
            // Keys, indentation and punctuation: a call to memcpy costs more than the copy.
            for index in 0..<length { target[index] = source[index] }
        } else {
            target.update(from: source, count: length)
        }
        count += length
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    mutating func removeAll() {
        count = 0
    }

    /// What has been appended, valid for the call only.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(UnsafeRawBufferPointer(start: base, count: count))
    }

    private mutating func grow(toHold more: Int) {
        var newCapacity = capacity * 2
        while newCapacity - count < more { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
