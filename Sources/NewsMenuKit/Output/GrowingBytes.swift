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
        if length < 8 {
            for index in 0..<length { target[index] = source[index] }
        } else if length <= 16 {
            // Keys and short values: two overlapping words; a call to memcpy costs more.
            let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else {
            target.update(from: source, count: length)
        }
        count += length
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// A line break and `width` spaces, the spaces stored eight at a time (the store may
    /// run past them into spare capacity, which later appends overwrite).
    @inline(__always)
    mutating func appendLineBreak(indentedBy width: Int) {
        if capacity - count < width + 9 { grow(toHold: width + 9) }
        GrowingBytes.storeLineBreak(at: UnsafeMutableRawPointer(base + count), indentedBy: width)
        count += width + 1
    }

    /// Stores a line break and `width` spaces at `target`, eight spaces a store: up to
    /// seven bytes past them are overwritten too (the callers make room).
    @inline(__always)
    private static func storeLineBreak(at target: UnsafeMutableRawPointer, indentedBy width: Int) {
        target.storeBytes(of: 0x0A, as: UInt8.self)
        var offset = 1
        while offset <= width {
            target.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
    }

    /// A member's opening in one capacity check: a comma (when `comma`), a line break and
    /// `width` spaces (when `width` is not nil), the quoted key, a colon and a space (when
    /// `space`). Written as a line break, a key and punctuation one append each, it cost
    /// about 135 instructions a key. `key` must need no escaping.
    @inline(__always)
    mutating func appendKey(_ key: StaticString, comma: Bool, lineBreakIndentedBy width: Int?, space: Bool) {
        let keyLength = key.utf8CodeUnitCount
        // Room for the overlapping stores below, which may run past the member's bytes into
        // spare capacity (later appends overwrite it).
        let room = 1 + (width ?? 0) + 9 + keyLength + 8 + 4
        if capacity - count < room { grow(toHold: room) }
        let target = UnsafeMutableRawPointer(base + count)
        var offset = 0
        if comma {
            target.storeBytes(of: UInt8(ascii: ","), as: UInt8.self)
            offset = 1
        }
        if let width {
            GrowingBytes.storeLineBreak(at: target + offset, indentedBy: width)
            offset += 1 + width
        }
        target.storeBytes(of: 0x22, toByteOffset: offset, as: UInt8.self)
        let source = UnsafeRawPointer(key.utf8Start)
        if keyLength >= 8 {
            // Two overlapping words (the keys are 2 to 10 bytes).
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), toByteOffset: offset + 1, as: UInt64.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: keyLength - 8, as: UInt64.self),
                toByteOffset: offset + 1 + keyLength - 8, as: UInt64.self)
        } else {
            for index in 0..<keyLength {
                target.storeBytes(of: source.load(fromByteOffset: index, as: UInt8.self), toByteOffset: offset + 1 + index, as: UInt8.self)
            }
        }
        offset += 1 + keyLength
        target.storeBytes(of: 0x22, toByteOffset: offset, as: UInt8.self)
        target.storeBytes(of: UInt8(ascii: ":"), toByteOffset: offset + 1, as: UInt8.self)
        offset += 2
        if space {
            target.storeBytes(of: 0x20, toByteOffset: offset, as: UInt8.self)
            offset += 1
        }
        count += offset
    }

    /// Lets `write` put up to `room` bytes straight after what is held and keeps the count
    /// it returns: one capacity check for a whole string or date instead of one per run.
    @inline(__always)
    mutating func appendWritten(room: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        if capacity &- count < room { grow(toHold: room) }
        count &+= write(base + count)
    }

    /// Appends `length` (1 to 32) bytes from `source` as two sixteen-byte copies: `source`
    /// must be readable for 32 bytes, and what is stored past `length` is spare capacity
    /// that later appends overwrite.
    @inline(__always)
    mutating func appendThirtyTwo(from source: UnsafeRawPointer, count length: Int) {
        if capacity &- count < 32 { grow(toHold: 32) }
        let target = UnsafeMutableRawPointer(base + count)
        target.storeBytes(of: source.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        target.storeBytes(of: source.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self), toByteOffset: 16, as: SIMD16<UInt8>.self)
        count &+= length
    }

    /// Appends `length` bytes from `source` sixteen at a time: `source` must be readable up
    /// to `length` rounded up to sixteen, and what is stored past `length` is spare capacity
    /// that later appends overwrite.
    @inline(__always)
    mutating func appendSixteens(from source: UnsafeRawPointer, count length: Int) {
        let rounded = (length &+ 15) & ~15
        if capacity &- count < rounded { grow(toHold: rounded) }
        let target = UnsafeMutableRawPointer(base + count)
        var offset = 0
        while offset < length {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset, as: SIMD16<UInt8>.self)
            offset &+= 16
        }
        count &+= length
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
